//! Searches: each family reads the state's links through [`crate::graph::LinkIndex`] and
//! returns [`crate::proof::Proof`]s. Searches do no I/O and never touch SQLite.

pub mod basic;

use crate::graph::LinkIndex;
use crate::proof::Proof;
pub use basic::{BasicRule, BASIC_ORDER};

/// A rule the resolution strategy can apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Basic(BasicRule),
}

impl Rule {
    /// Every instance of this rule in the state.
    pub fn find(self, links: &LinkIndex) -> Vec<Proof> {
        match self {
            Rule::Basic(b) => basic::find(b, links),
        }
    }
}

/// The basic rules (the seeds' L4_0 level) in their order.
pub fn basic_rules() -> Vec<Rule> {
    BASIC_ORDER.iter().map(|&b| Rule::Basic(b)).collect()
}

/// The first step of the first rule (in the given order) that has one.
pub fn first_step(rules: &[Rule], links: &LinkIndex) -> Option<Proof> {
    rules.iter().find_map(|r| r.find(links).into_iter().next())
}
