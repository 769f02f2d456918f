//! The tridagon and the anti-tridagon OR-k relations ([`sudolink_engine::proof::tridagon`], whose doc
//! states the pattern and what it concludes), found as CSP-Rules 2.1 finds them
//! (`SudoRules-V20.1/EXOTIC/Tridagons/`).
//!
//! The patterns and their guardians are the OR relations of the typed graph
//! ([`sudolink_engine::graph::or_relations`], which enumerates them: complete and degenerate-cyclic
//! here, each cell holding two of the digits at least); then
//! - [`Wanted::Tridagon`]: every cell holds the three digits and the guardians are in one
//!   cell, the target: it loses the three digits (SudoRules' `tridagon[12]`, printed with
//!   the target's block as b11 and the target first);
//! - [`Wanted::OrK`]: any other complete, degenerate-cyclic or reduced pattern (each cell
//!   holding one of the digits at least: [`relations_reduced`]) with k ≥ 1 guardians: the
//!   candidates linked to every guardian go (SudoRules' `ORk-anti-tridagon[12]` or
//!   `ORk-degen-cyclic-anti-tridagon[12]` with `ORk-whip[1]`, applied to the relations it
//!   keeps as their cells lose digits; with one guardian left, SudoRules asserts it: "Trid-ORk-relation
//!   with only one candidate", whose eliminations here are its cell's other candidates and
//!   what sees it), when there are any.
//!
//! A pattern without guardians would mean the state has no solution; it yields no proof.
//! The search is bounded by the enumeration: at most 9 × 84 × 648 arrangements a state,
//! about a millisecond.

use sudolink_engine::graph::or_relations::{tridagons, OrRelation, RelationForm};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell};
use sudolink_engine::proof::tridagon::{TridagonForm, TridagonPattern};
use sudolink_engine::proof::{Pattern, Proof};

/// Which conclusions of the pattern a search returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// SudoRules' `tridagon[12]`: complete, the guardians in one target cell.
    Tridagon,
    /// The OR-k relations' eliminations (complete with guardians in several cells, or
    /// degenerate-cyclic).
    OrK,
}

/// Every tridagon proof of the kind wanted in the state.
pub fn find(links: &LinkIndex, wanted: Wanted) -> Vec<Proof> {
    let found = match wanted {
        Wanted::Tridagon => relations(links),
        // SudoRules keeps a relation once found and applies ORk-whip[1] to what remains of
        // it, down to one guardian ("Trid-ORk-relation with only one candidate => r4c7=5"):
        // re-derived from the state, the reduced patterns too
        Wanted::OrK => relations_reduced(links, usize::MAX),
    };
    found
        .into_iter()
        .filter_map(|p| proof_of(links, p, wanted))
        .collect()
}

/// The pattern of a relation of the graph ([`sudolink_engine::graph::or_relations`]).
pub fn pattern(r: OrRelation) -> TridagonPattern {
    TridagonPattern {
        digits: r.digits,
        blocks: r.blocks,
        guardians: r.guardians,
        form: match r.form {
            RelationForm::Complete => TridagonForm::Complete,
            RelationForm::DegenerateCyclic => TridagonForm::DegenerateCyclic,
            RelationForm::Reduced => TridagonForm::Reduced,
        },
        split: Vec::new(),
    }
}

/// Every tridagon of the state, complete or degenerate-cyclic, with its guardians (one or
/// more): SudoRules' OR-k relations, whether or not anything sees all their guardians.
/// Each once, b11 the first block by index and its cells by row.
pub fn relations(links: &LinkIndex) -> Vec<TridagonPattern> {
    tridagons(links, 2, usize::MAX)
        .into_iter()
        .map(pattern)
        .collect()
}

/// Every tridagon of the state whose twelve cells each hold at least one of its digits
/// (complete, degenerate-cyclic or [`TridagonForm::Reduced`]) with 1 to `max_k`
/// guardians: the OR-k relations the chains of [`super::ork`] start from, SudoRules'
/// relations kept along a path re-derived from the state. Each once, as [`relations`].
pub fn relations_reduced(links: &LinkIndex, max_k: usize) -> Vec<TridagonPattern> {
    tridagons(links, 1, max_k)
        .into_iter()
        .map(pattern)
        .collect()
}

/// The proof a pattern gives, of the kind wanted.
fn proof_of(links: &LinkIndex, mut p: TridagonPattern, wanted: Wanted) -> Option<Proof> {
    let tridagon = p.form == TridagonForm::Complete && p.target_cell().is_some();
    let eliminations = match (wanted, tridagon) {
        (Wanted::Tridagon, true) => {
            let target = p.target_cell()?;
            p.blocks = target_first(p.blocks, target);
            p.digits.map(|d| Candidate::new(target, d)).to_vec()
        }
        (Wanted::OrK, false) => {
            let mut seen = *links.open();
            for &g in &p.guardians {
                seen.intersect_with(links.linked(g));
            }
            seen.iter().collect()
        }
        _ => return None,
    };
    if eliminations.is_empty() {
        return None;
    }
    Some(Proof::new(
        Pattern::Tridagon(Box::new(p)),
        eliminations,
        vec![],
    ))
}

/// The pattern rearranged as SudoRules prints a `tridagon[12]`: the target's block as b11,
/// the target its first cell, the other two by row; the other blocks aligned on it.
fn target_first(blocks: [[Cell; 3]; 4], target: Cell) -> [[Cell; 3]; 4] {
    // blocks by (band, stack) bit: b11 = 0, b12 = 1, b21 = 2, b22 = 3
    let k = blocks
        .iter()
        .position(|b| b.contains(&target))
        .expect("the target is a pattern cell");
    let roles = [k, k ^ 1, k ^ 2, k ^ 3].map(|i| blocks[i]);
    let mut b11 = roles[0];
    b11.sort_by_key(|&c| (c != target, c.row()));
    let find = |block: [Cell; 3], same: &dyn Fn(Cell) -> bool| {
        *block
            .iter()
            .find(|&&c| same(c))
            .expect("the blocks are aligned")
    };
    let b12 = b11.map(|a| find(roles[1], &|c| c.row() == a.row()));
    let b21 = b11.map(|a| find(roles[2], &|c| c.col() == a.col()));
    let b22 = b21.map(|a| find(roles[3], &|c| c.row() == a.row()));
    [b11, b12, b21, b22]
}
