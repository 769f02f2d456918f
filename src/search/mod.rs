//! Searches: each family reads the state's links through [`crate::graph::LinkIndex`] and
//! returns [`crate::proof::Proof`]s. Searches do no I/O and never touch SQLite.
//!
//! - [`basic`]: singles, interactions, subsets, fish, XY- and XYZ-wings (L4_0);
//! - [`chains`]: 2D chains, nrc/nrct/nrcz/nrczt chains and lassos;
//! - [`whips`]: whips, braids and their g- versions;
//! - [`family`]: one name for a chain family or a whip kind.

pub mod basic;
pub mod chains;
pub mod family;
pub mod whips;

use crate::graph::LinkIndex;
use crate::proof::Proof;
pub use basic::{BasicRule, BASIC_ORDER};
pub use chains::ChainFamily;
pub use family::Family;
pub use whips::WhipKind;

/// A rule the resolution strategy can apply: a basic rule, or a chain family or whip kind at
/// one length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Basic(BasicRule),
    Chain(ChainFamily, usize),
    Whip(WhipKind, usize),
}

impl Rule {
    /// Every instance of this rule in the state.
    pub fn find(self, links: &LinkIndex) -> Vec<Proof> {
        self.find_up_to(links, usize::MAX)
    }

    /// The first instance of this rule in the state, if any.
    pub fn first(self, links: &LinkIndex) -> Option<Proof> {
        self.find_up_to(links, 1).into_iter().next()
    }

    fn find_up_to(self, links: &LinkIndex, limit: usize) -> Vec<Proof> {
        match self {
            Rule::Basic(b) => basic::find(b, links),
            Rule::Chain(f, n) => chains::find(links, f, n, limit),
            Rule::Whip(k, n) => whips::find(links, k, n, limit),
        }
    }
}

/// The basic rules (the seeds' L4_0 level) in their order.
pub fn basic_rules() -> Vec<Rule> {
    BASIC_ORDER.iter().map(|&b| Rule::Basic(b)).collect()
}

/// The first step of the first rule (in the given order) that has one.
pub fn first_step(rules: &[Rule], links: &LinkIndex) -> Option<Proof> {
    rules.iter().find_map(|r| r.first(links))
}
