//! The proofs of SE's uniqueness hints, as our uniqueness patterns (which state their
//! assumption of a unique solution). A rectangle's types 1, 2, naked 3 and 4 and a BUG
//! type 1 on a trivalue cell have one; loops of six cells or more, hidden type 3 and BUG
//! types 2–4 have none yet (the rating then stops with an error naming the step).

use super::{BugKind, LoopKind};
use crate::grid::{Candidate, Cell, Digit};
use crate::proof::uniqueness::{UniquenessKind, UniquenessPattern};
use crate::proof::{Pattern, Proof};
use crate::search::ser::SeGrid;

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

/// The rectangle's cells row by row, as our patterns list them.
fn rectangle(loop_cells: &[usize]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = loop_cells.iter().map(|&c| Cell::new(c)).collect();
    cells.sort();
    cells
}

pub(super) fn loop_proof(
    _grid: &SeGrid,
    loop_cells: &[usize],
    v1: u8,
    v2: u8,
    kind: &LoopKind,
    eliminations: &[Candidate],
) -> Option<Proof> {
    if loop_cells.len() != 4 {
        return None;
    }
    let mut p = UniquenessPattern {
        kind: UniquenessKind::Ur1,
        digits: [digit(v1), digit(v2)],
        cells: rectangle(loop_cells),
        locked: None,
        house: None,
        subset: Vec::new(),
    };
    match kind {
        LoopKind::Type1 { .. } => {}
        LoopKind::Type2 { cells, .. } => {
            let (a, b) = (cells[0], cells[cells.len() - 1]);
            let one_line = cells.len() == 2 && (a / 9 == b / 9 || a % 9 == b % 9);
            p.kind = if one_line {
                UniquenessKind::Ur2
            } else {
                UniquenessKind::Ur5
            };
        }
        LoopKind::Type3Naked { region, cells, .. } => {
            p.kind = UniquenessKind::Ur3;
            p.house = Some(region.house());
            p.subset = cells.iter().map(|&c| Cell::new(c)).collect();
        }
        LoopKind::Type3Hidden { .. } => return None,
        LoopKind::Type4 { region, locked, .. } => {
            p.kind = UniquenessKind::Ur4;
            p.house = Some(region.house());
            p.locked = Some(digit(*locked));
        }
    }
    Some(uniqueness(p, eliminations))
}

pub(super) fn bug_proof(
    grid: &SeGrid,
    cells: &[usize],
    extras: &[u16],
    kind: &BugKind,
    eliminations: &[Candidate],
) -> Option<Proof> {
    match (kind, cells, extras) {
        (BugKind::Type1, [cell], [extra]) if extra.count_ones() == 1 && grid.count(*cell) == 3 => {
            let d = digit(extra.trailing_zeros() as u8);
            let p = UniquenessPattern {
                kind: UniquenessKind::BugPlus1,
                digits: [d, d],
                cells: vec![Cell::new(*cell)],
                locked: None,
                house: None,
                subset: Vec::new(),
            };
            Some(uniqueness(p, eliminations))
        }
        _ => None,
    }
}
