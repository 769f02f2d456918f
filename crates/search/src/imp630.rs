//! eleven's impossible patterns of Berthier's Select lists ([`sudolink_engine::proof::imp630`],
//! whose doc states the patterns, how SudoRules matches them and what they conclude), found
//! as CSP-Rules 2.1's generated rules find them (`SudoRules-V20.1/EXOTIC/Imp630/`).
//!
//! Example (#4982 of mith's T&E(3) list, after the basic rules; SudoRules' notation):
//!
//! ```text
//! EL14c1-OR3-relation for digits: 2, 4 and 8
//! ```
//!
//! - [`relations`]: every match of the list's patterns (each with its transpose) whose
//!   cells each hold at least `min_digits` of three digits (3: SudoRules' rule; 1: the
//!   relation kept as the cells lose digits, [`ImpForm::Reduced`]) with 1 to `max_k`
//!   guardians, each cell set and digits once (the first pattern of the list that gives
//!   it);
//! - [`find`]: the relations' own eliminations (SudoRules' `ORk-whip[1]` on the relation;
//!   with one guardian, its cell's other candidates and what sees it), on the relations of
//!   at most [`MAX_GUARDIANS`] guardians (SudoRules' `?*max-guardians*`).
//!
//! The table and the matcher are the graph's ([`sudolink_engine::graph::imp630`], whose doc says how
//! it matches and what that costs); this module turns its relations into proofs'
//! patterns.

use sudolink_engine::graph::imp630::{self as table, ImpPattern, ImpRelation};
use sudolink_engine::graph::or_relations::RelationForm;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::Candidate;
use sudolink_engine::proof::imp630::{Imp630Pattern, ImpForm};
use sudolink_engine::proof::{Pattern, Proof};

/// The most guardians of a relation SudoRules asserts (`?*max-guardians*`, not applied to
/// tridagons).
pub use sudolink_engine::graph::imp630::MAX_GUARDIANS;

/// How many of the three digits each cell must hold for the relations the rating and the
/// chains use: 1, the relations SudoRules keeps once asserted, re-derived from the state as
/// for the tridagons (a relation SudoRules never asserted on its path may be among them:
/// with 3, SudoRules' rule alone, the levels on mith's Sample1000 are far above Berthier's,
/// 6 of 20 equal against 15 of 20 with 1; with 2, 11 of 20).
pub const MIN_DIGITS: u32 = 1;

/// The pattern of a relation of the graph ([`sudolink_engine::graph::imp630`]).
pub fn pattern(r: ImpRelation) -> Imp630Pattern {
    Imp630Pattern {
        name: r.name,
        digits: r.digits,
        cells: r.cells,
        guardians: r.guardians,
        form: match r.form {
            RelationForm::Complete => ImpForm::Complete,
            _ => ImpForm::Reduced,
        },
        split: Vec::new(),
    }
}

/// Every relation of the patterns of `list` in the state whose cells each hold at least
/// `min_digits` (3 or 1) of the digits, with 1 to `max_k` guardians; each cell set and
/// digits once ([`table::relations_of`]).
pub fn relations_of(
    links: &LinkIndex,
    list: &[&ImpPattern],
    min_digits: u32,
    max_k: usize,
) -> Vec<Imp630Pattern> {
    table::relations_of(links, list, min_digits, max_k)
        .into_iter()
        .map(pattern)
        .collect()
}

/// [`relations_of`] on Berthier's list Select`select`.
pub fn relations(
    links: &LinkIndex,
    select: u8,
    min_digits: u32,
    max_k: usize,
) -> Vec<Imp630Pattern> {
    table::relations(links, select, min_digits, max_k)
        .into_iter()
        .map(pattern)
        .collect()
}

/// The own eliminations of the relations of Select`select` (kept ones too: each cell
/// holding [`MIN_DIGITS`] of the digits at least) with at most [`MAX_GUARDIANS`]
/// guardians: what is linked to every guardian.
pub fn find(links: &LinkIndex, select: u8) -> Vec<Proof> {
    relations(links, select, MIN_DIGITS, MAX_GUARDIANS)
        .into_iter()
        .filter_map(|p| own_proof(links, p))
        .collect()
}

/// A relation's own elimination (SudoRules' `ORk-whip[1]` on it): what is linked to every
/// guardian, as a proof; None when nothing is.
pub fn own_proof(links: &LinkIndex, p: Imp630Pattern) -> Option<Proof> {
    let mut seen = *links.open();
    for &g in &p.guardians {
        seen.intersect_with(links.linked(g));
    }
    let eliminations: Vec<Candidate> = seen.iter().collect();
    (!eliminations.is_empty())
        .then(|| Proof::new(Pattern::Imp630(Box::new(p)), eliminations, vec![]))
}
