//! One name for every searchable family of eliminations with a length: a chain family
//! ([`ChainFamily`]) or a whip kind ([`WhipKind`]). Studies and the command line name
//! families by [`Family::name`] (`xy`, `hxyt-cn`, `nrczt`, `nrczt-lasso`, `whip`,
//! `g-braid`); `lasso` stands for both lasso families.

use super::{chains, whips, ChainFamily, Rule, WhipKind};
use crate::graph::LinkIndex;
use crate::grid::Candidate;
use crate::proof::Proof;
use std::fmt;
use thiserror::Error;

/// A chain family or a whip kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    Chain(ChainFamily),
    Whip(WhipKind),
}

/// The four whip kinds, simplest first.
pub const WHIP_KINDS: [WhipKind; 4] = [
    WhipKind::Whip,
    WhipKind::Braid,
    WhipKind::GWhip,
    WhipKind::GBraid,
];

/// A family name that is none of [`Family::all`]'s.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown family {name:?}; known: lasso, {known}")]
pub struct UnknownFamily {
    pub name: String,
    pub known: String,
}

impl Family {
    /// Every family: the chain families in [`ChainFamily::ALL`]'s order, then the whip kinds.
    pub fn all() -> Vec<Family> {
        let mut out: Vec<Family> = ChainFamily::ALL.map(Family::Chain).to_vec();
        out.extend(WHIP_KINDS.map(Family::Whip));
        out
    }

    /// The lower-case name (`nrczt`, `nrct-lasso`, `g-whip`).
    pub fn name(self) -> &'static str {
        match self {
            Family::Chain(f) => f.name(),
            Family::Whip(k) => k.name(),
        }
    }

    /// The family called `name` (`lasso` is ambiguous: see [`Family::parse_list`]).
    pub fn from_name(name: &str) -> Option<Family> {
        Family::all().into_iter().find(|f| f.name() == name)
    }

    /// A comma list of names, case-insensitive; `lasso` names both lasso families.
    /// Duplicates are dropped; the order of the list is kept.
    pub fn parse_list(text: &str) -> Result<Vec<Family>, UnknownFamily> {
        let mut out = Vec::new();
        for name in text
            .split(',')
            .map(|n| n.trim().to_ascii_lowercase())
            .filter(|n| !n.is_empty())
        {
            let found = match name.as_str() {
                "lasso" => vec![
                    Family::Chain(ChainFamily::NrctLasso),
                    Family::Chain(ChainFamily::NrcztLasso),
                ],
                _ => Family::from_name(&name).into_iter().collect(),
            };
            if found.is_empty() {
                let known: Vec<&str> = Family::all().iter().map(|f| f.name()).collect();
                return Err(UnknownFamily {
                    name,
                    known: known.join(", "),
                });
            }
            for f in found {
                if !out.contains(&f) {
                    out.push(f);
                }
            }
        }
        Ok(out)
    }

    /// The rule of this family at length `n`.
    pub fn rule(self, n: usize) -> Rule {
        match self {
            Family::Chain(f) => Rule::Chain(f, n),
            Family::Whip(k) => Rule::Whip(k, n),
        }
    }

    /// The shortest proof of this family (length ≤ `max_len`) eliminating `target`.
    pub fn shortest_for_target(
        self,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
    ) -> Option<Proof> {
        match self {
            Family::Chain(f) => chains::shortest_for_target(links, f, target, max_len),
            Family::Whip(k) => whips::shortest_for_target(links, k, target, max_len),
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_lasso_expands() {
        for f in Family::all() {
            assert_eq!(Family::from_name(f.name()), Some(f));
        }
        let list = Family::parse_list("NRCZT, lasso,whip,nrczt").unwrap();
        assert_eq!(
            list,
            vec![
                Family::Chain(ChainFamily::Nrczt),
                Family::Chain(ChainFamily::NrctLasso),
                Family::Chain(ChainFamily::NrcztLasso),
                Family::Whip(WhipKind::Whip),
            ]
        );
        let err = Family::parse_list("nrc,zebra").unwrap_err();
        assert_eq!(err.name, "zebra");
        assert!(err.to_string().contains("g-braid"));
    }
}
