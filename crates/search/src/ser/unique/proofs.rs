//! The proofs of SE's uniqueness hints, as our uniqueness patterns (which state their
//! assumption of a unique solution): rectangles as unique rectangles, longer loops as
//! unique loops (the same deadly-pattern argument on any even loop), the hidden type 3 as
//! its own kind, and the four BUG types as graves with their extra candidates.

use super::{BugKind, LoopKind};
use crate::ser::grid::candidate;
use sudolink_engine::grid::{Candidate, Cell, Digit};
use sudolink_engine::proof::uniqueness::{UniquenessKind as K, UniquenessPattern};
use sudolink_engine::proof::{Pattern, Proof};

fn digit(v: u8) -> Digit {
    Digit::new(v).expect("a value 1..=9")
}

fn uniqueness(p: UniquenessPattern, eliminations: &[Candidate]) -> Proof {
    Proof::new(
        Pattern::Uniqueness(Box::new(p)),
        eliminations.to_vec(),
        vec![],
    )
}

fn to_cells(cells: &[usize]) -> Vec<Cell> {
    cells.iter().map(|&c| Cell::new(c)).collect()
}

fn pattern(kind: K, digits: [Digit; 2], cells: Vec<Cell>) -> UniquenessPattern {
    UniquenessPattern {
        kind,
        digits,
        cells,
        locked: None,
        house: None,
        subset: Vec::new(),
        hidden: Vec::new(),
        extras: Vec::new(),
    }
}

/// A unique rectangle (four cells, row by row) or loop (its cells in loop order).
pub(super) fn loop_proof(
    loop_cells: &[usize],
    v1: u8,
    v2: u8,
    kind: &LoopKind,
    eliminations: &[Candidate],
) -> Proof {
    let rectangle = loop_cells.len() == 4;
    let mut cells = to_cells(loop_cells);
    if rectangle {
        cells.sort();
    }
    let pick = |ur: K, ul: K| if rectangle { ur } else { ul };
    let mut p = pattern(K::Ul1, [digit(v1), digit(v2)], cells);
    match kind {
        LoopKind::Type1 { .. } => p.kind = pick(K::Ur1, K::Ul1),
        LoopKind::Type2 { cells, .. } => {
            let (a, b) = (cells[0], cells[cells.len() - 1]);
            let one_line = cells.len() == 2 && (a / 9 == b / 9 || a % 9 == b % 9);
            p.kind = match (rectangle, one_line) {
                (true, true) => K::Ur2,
                (true, false) => K::Ur5,
                (false, _) => K::Ul2,
            };
        }
        LoopKind::Type3Naked { region, cells, .. } => {
            p.kind = pick(K::Ur3, K::Ul3);
            p.house = Some(region.house());
            p.subset = to_cells(cells);
        }
        LoopKind::Type3Hidden {
            region,
            cells,
            values,
            ..
        } => {
            p.kind = K::Ul3Hidden;
            p.house = Some(region.house());
            p.subset = to_cells(cells);
            p.hidden = (1..=9u8)
                .filter(|&v| values & (1 << v) != 0 && v != v1 && v != v2)
                .map(digit)
                .collect();
        }
        LoopKind::Type4 { region, locked, .. } => {
            p.kind = pick(K::Ur4, K::Ul4);
            p.house = Some(region.house());
            p.locked = Some(digit(*locked));
        }
    }
    uniqueness(p, eliminations)
}

/// A BUG: its cells and their extra candidates (`extras[i]`: the values of `cells[i]`).
pub(super) fn bug_proof(
    cells: &[usize],
    extras: &[u16],
    kind: &BugKind,
    eliminations: &[Candidate],
) -> Proof {
    let extra_candidates: Vec<Candidate> = cells
        .iter()
        .zip(extras)
        .flat_map(|(&c, &m)| {
            (1..=9u8)
                .filter(move |&v| m & (1 << v) != 0)
                .map(move |v| candidate(c, v))
        })
        .collect();
    let first = extra_candidates
        .first()
        .map(|c| c.digit())
        .unwrap_or(Digit::new(1).expect("1 is a digit"));
    let mut p = pattern(K::Bug1, [first, first], to_cells(cells));
    p.extras = extra_candidates;
    match kind {
        BugKind::Type1 => {}
        BugKind::Type2 { .. } => p.kind = K::Bug2,
        BugKind::Type3 { region, cells, .. } => {
            p.kind = K::Bug3;
            p.house = Some(region.house());
            p.subset = to_cells(cells);
        }
        BugKind::Type4 { region, value } => {
            p.kind = K::Bug4;
            p.house = Some(region.house());
            p.locked = Some(digit(*value));
        }
    }
    uniqueness(p, eliminations)
}
