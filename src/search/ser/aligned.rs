//! SE's aligned pair exclusion (6.2) and aligned triplet exclusion (7.5): base cells whose
//! every combination of values holding a candidate is forbidden — two equal values in
//! cells that see each other, or a common excluder cell left without a value — lose that
//! candidate. SE's base cells need not see each other; a triplet's third cell is an
//! excluder of one of the first two with at most three candidates.

use super::basic::bits;
use super::grid::{candidate, house_cells, sees, SeGrid};
use super::SeStep;
use crate::grid::{Candidate, Cell};
use crate::proof::aligned::AlignedExclusionPattern;
use crate::proof::{Pattern, Proof};

/// The candidates of each base cell (two or three) that no allowed combination uses.
fn excluded(grid: &SeGrid, cells: &[usize], excluders: &[usize]) -> Vec<Candidate> {
    let mut allowed = [0u16; 3];
    let values = |i: usize| bits(grid.cands[cells[i]] as u32).map(|v| v as u8);
    let third: Vec<Option<u8>> = if cells.len() == 3 {
        values(2).map(Some).collect()
    } else {
        vec![None]
    };
    for v0 in values(0) {
        for v1 in values(1) {
            for &v2 in &third {
                let combo = [Some(v0), Some(v1), v2];
                if is_allowed(grid, cells, excluders, &combo) {
                    for (i, v) in combo.iter().enumerate() {
                        if let Some(v) = v {
                            allowed[i] |= 1 << v;
                        }
                    }
                }
            }
        }
    }
    cells
        .iter()
        .enumerate()
        .flat_map(|(i, &c)| {
            let removable = grid.cands[c] & !allowed[i];
            bits(removable as u32).map(move |v| candidate(c, v as u8))
        })
        .collect()
}

fn is_allowed(
    grid: &SeGrid,
    cells: &[usize],
    excluders: &[usize],
    combo: &[Option<u8>; 3],
) -> bool {
    for i in 0..cells.len() {
        for j in i + 1..cells.len() {
            if combo[i] == combo[j] && sees(cells[i], cells[j]) {
                return false;
            }
        }
    }
    let used: u16 = combo.iter().flatten().fold(0, |m, &v| m | 1 << v);
    !excluders.iter().any(|&e| grid.cands[e] & !used == 0)
}

/// SE's base cells (reading order): at least two candidates, no peer with one, and at
/// least one excluder (a peer with 2..=degree candidates), with their excluders.
fn base_cells(grid: &SeGrid, degree: usize) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for cell in 0..81 {
        if grid.count(cell) < 2 {
            continue;
        }
        let peers = house_cells(cell);
        if peers.iter().any(|&p| grid.count(p) == 1) {
            continue;
        }
        let excluders: Vec<usize> = peers
            .into_iter()
            .filter(|&p| (2..=degree as u32).contains(&grid.count(p)))
            .collect();
        if !excluders.is_empty() {
            out.push((cell, excluders));
        }
    }
    out
}

/// Aligned pair (degree 2) or triplet (degree 3) exclusion: the first base set, in SE's
/// order, that excludes a candidate.
pub fn aligned_exclusion(grid: &SeGrid, degree: usize) -> Option<SeStep> {
    let base = base_cells(grid, degree);
    if base.len() < degree {
        return None;
    }
    let mask = |cells: &[usize]| cells.iter().fold(0u128, |m, &c| m | 1 << c);
    let masks: Vec<u128> = base.iter().map(|(_, ex)| mask(ex)).collect();
    let base_mask = base.iter().fold(0u128, |m, (c, _)| m | 1 << c);
    let index_of = |c: usize| base.iter().position(|(b, _)| *b == c).expect("a base cell");
    // pairs in SE's (colex) order: {0,1}, {0,2}, {1,2}, {0,3}…
    let pairs = (1..base.len()).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)));
    for (i0, i1) in pairs {
        let (c0, c1) = (base[i0].0, base[i1].0);
        let pair_common = masks[i0] & masks[i1];
        let tails: Vec<Option<usize>> = if degree == 2 {
            if pair_common.count_ones() < 2 {
                continue;
            }
            vec![None]
        } else {
            let mut twin: Vec<usize> = Vec::new();
            for &e in base[i0].1.iter().chain(&base[i1].1) {
                if !twin.contains(&e) && base_mask & (1 << e) != 0 && e != c0 && e != c1 {
                    twin.push(e);
                }
            }
            twin.into_iter().map(Some).collect()
        };
        for tail in tails {
            let common_mask = match tail {
                Some(t) => pair_common & masks[index_of(t)],
                None => pair_common,
            };
            if common_mask.count_ones() < 2 {
                continue;
            }
            let cells: Vec<usize> = [Some(c0), Some(c1), tail].into_iter().flatten().collect();
            // SE's order of the common excluders: the first cell's
            let common: Vec<usize> = base[i0]
                .1
                .iter()
                .copied()
                .filter(|&e| common_mask & (1 << e) != 0)
                .collect();
            let eliminations = excluded(grid, &cells, &common);
            if eliminations.is_empty() {
                continue;
            }
            let pattern = AlignedExclusionPattern {
                cells: cells.iter().map(|&c| Cell::new(c)).collect(),
                excluders: common.iter().map(|&c| Cell::new(c)).collect(),
            };
            let proof = Proof::new(
                Pattern::AlignedExclusion(Box::new(pattern)),
                eliminations.clone(),
                vec![],
            );
            let (name, difficulty) = if degree == 2 {
                ("Aligned Pair Exclusion", 6.2)
            } else {
                ("Aligned Triplet Exclusion", 7.5)
            };
            return Some(SeStep {
                name: name.into(),
                difficulty,
                eliminations,
                placement: None,
                proofs: vec![proof],
                complexity: None,
            });
        }
    }
    None
}
