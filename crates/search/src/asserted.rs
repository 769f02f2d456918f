//! The OR-k relations of eleven's impossible patterns a resolution path has asserted, kept
//! along the path as SudoRules keeps them (Denis Berthier, CSP-Rules 2.1,
//! `SudoRules-V20.1/EXOTIC/Imp630/`, 2022–2024).
//!
//! **SudoRules' rule**: an Imp630 rule (`3-digit-pattern-rule-EL<n>c<i>`) matches only when
//! every cell of its pattern holds the three digits, and fires at its salience, right after
//! the tridagon rules at level 3 (`define-selected-Imp630-saliences-at-L3`): in a state
//! where no rule of a lower level applies. It then asserts an `ORk-relation` fact if it has
//! at most `?*max-guardians*` guardians; the fact stays while the path goes on and the
//! cells lose digits, and the ORk-whips start from it. A relation whose cells never all
//! held the three digits in a state the path reached level 3 in is never asserted, even if
//! the state now holds its reduced form.
//!
//! **Here**: a [`crate::registry::Searcher`] keeps an [`AssertedRelations`] for its
//! path. The Imp630 technique and the OR-k chains of length ≥ 3 on Imp630 relations assert
//! the complete relations of their state first ([`AssertedRelations::assert_in`]); every
//! chain then starts from the asserted relations the state still holds, each cell with one
//! of the digits at least ([`AssertedRelations::relations`], re-derived from the state:
//! each proof is still checked on its state alone by `proof::check`, which verifies that
//! the cells cannot be filled). Without a path (`explain`'s targets), the searches take every
//! relation of the state instead ([`super::ork::Imp630From::Matched`]).
//!
//! **Cost**: one match of the list's complete patterns (three digits in each cell: quick)
//! per state the path reaches level 3 in, and one match of the kept forms per state a
//! search asks for them, whatever the number of chain techniques and lengths tried there.

use super::imp630::{self, MAX_GUARDIANS, MIN_DIGITS};
use std::collections::{HashMap, HashSet};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{CandidateSet, Cell, Digit};
use sudolink_engine::proof::imp630::{patterns, Imp630Pattern};
use sudolink_engine::proof::Proof;

/// The level SudoRules' Imp630 rules fire at (right after the tridagon rules): a chain of
/// this length or more on a path is searched after them, in its state.
pub const ASSERTING_LEVEL: usize = 3;

/// A relation's identity along a path: its cells (ascending) and its three digits.
type Key = (Vec<Cell>, [Digit; 3]);

fn key_of(p: &Imp630Pattern) -> Key {
    let mut cells = p.cells.clone();
    cells.sort();
    (cells, p.digits)
}

/// The relations asserted so far on a path, per Select list, and those the last state
/// still holds.
#[derive(Default)]
pub struct AssertedRelations {
    asserted: HashMap<u8, HashSet<Key>>,
    /// Per list: the last state's open candidates and its asserted relations.
    current: HashMap<u8, (CandidateSet, Vec<Imp630Pattern>)>,
}

impl AssertedRelations {
    /// SudoRules' rules of list Select`select` firing in the state, in the order of their
    /// saliences (the list's): each relation whose cells each hold the three digits, with 1
    /// to [`MAX_GUARDIANS`] guardians, is asserted (once), until one has eliminations of its
    /// own. Then SudoRules' `ORk-whip[1]` on it fires first (its salience is higher) and
    /// changes the state: the next rules are tried on the next state, if their patterns are
    /// still there.
    pub fn assert_in(&mut self, links: &LinkIndex, select: u8) {
        let mut found = imp630::relations(links, select, 3, MAX_GUARDIANS);
        found.sort_by_key(|p| salience_rank(&p.name));
        let set = self.asserted.entry(select).or_default();
        for p in &found {
            if set.insert(key_of(p)) {
                self.current.remove(&select);
                if imp630::own_proof(links, p.clone()).is_some() {
                    break;
                }
            }
        }
    }

    /// The relations of Select`select` asserted on the path that the state still holds
    /// (each cell holding one of the digits at least, or decided to one; 1 to
    /// [`MAX_GUARDIANS`] guardians), in the matcher's order; derived once a state.
    pub fn relations(&mut self, links: &LinkIndex, select: u8) -> &[Imp630Pattern] {
        let open = *links.open();
        if self.current.get(&select).is_none_or(|(at, _)| *at != open) {
            let held = match self.asserted.get(&select) {
                Some(set) if !set.is_empty() => {
                    imp630::relations(links, select, MIN_DIGITS, MAX_GUARDIANS)
                        .into_iter()
                        .filter(|p| set.contains(&key_of(p)))
                        .collect()
                }
                _ => Vec::new(),
            };
            self.current.insert(select, (open, held));
        }
        &self.current[&select].1
    }

    /// The asserted relations' own eliminations in the state (SudoRules' `ORk-whip[1]` on
    /// them).
    pub fn eliminations(&mut self, links: &LinkIndex, select: u8) -> Vec<Proof> {
        self.relations(links, select)
            .iter()
            .filter_map(|p| imp630::own_proof(links, p.clone()))
            .collect()
    }
}

/// A relation's rule's place in SudoRules' saliences: its pattern's in the table (the
/// Select lists' order, `define-selected-Imp630-saliences-at-L3`); a pattern and its
/// transpose share a rule file and a salience.
fn salience_rank(name: &str) -> usize {
    let base = name.strip_suffix('s').unwrap_or(name);
    patterns()
        .iter()
        .position(|q| q.name == base)
        .unwrap_or(usize::MAX)
}
