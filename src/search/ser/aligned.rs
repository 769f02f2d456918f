//! SE's aligned pair exclusion (6.2) and aligned triplet exclusion (7.5): base cells whose
//! every combination of values holding a candidate is forbidden — two equal values in
//! cells that see each other, or a common excluder cell left without a value — lose that
//! candidate. SE's base cells need not see each other; a triplet's third cell is an
//! excluder of one of the first two with at most three candidates.
//!
//! From one rating step to the next ([`Fruitless`]): after a call that found nothing, a
//! set whose cells were base cells then, and whose cells and common excluders are the
//! same now, excludes nothing now either (its excluders now are some of those it had
//! then, and fewer excluders forbid fewer combinations), so it is not tried again.

use super::basic::bits;
use super::grid::{candidate, house_cells, sees, SeGrid};
use super::SeStep;
use crate::grid::{Candidate, Cell};
use crate::proof::aligned::AlignedExclusionPattern;
use crate::proof::{Pattern, Proof};

/// For each base cell (two or three), the values some allowed combination gives it: no
/// two equal values in cells that see each other, no excluder (its candidate mask in
/// `excluders`) left without a value. The last cell's values are taken as a mask for each
/// choice of the others: a combination is forbidden by an excluder whose candidates it
/// covers, so with the first values fixed an excluder forbids every last value (it is
/// covered already) or the one it still lacks.
fn allowed_values(grid: &SeGrid, cells: &[usize], excluders: &[u16]) -> [u16; 3] {
    let mut allowed = [0u16; 3];
    let last = cells.len() - 1;
    let last_mask = grid.cands[cells[last]];
    // the excluders of two values as each value's partners; those of three (one or two
    // values chosen before the last: never covered yet) as they are
    let mut partners = [0u16; 10];
    let mut triples: [u16; 20] = [0; 20];
    let mut n_triples = 0;
    for &e in excluders {
        let (a, rest) = (e.trailing_zeros(), e & (e - 1));
        if rest & (rest - 1) == 0 {
            let b = rest.trailing_zeros();
            partners[a as usize] |= 1 << b;
            partners[b as usize] |= 1 << a;
        } else {
            triples[n_triples] = e;
            n_triples += 1;
        }
    }
    let triples = &triples[..n_triples];
    // the last cell's values left by the values `used` before it (one or two, bits `b0`
    // and `b1`): none when an excluder is covered already; else without the equal values
    // of the cells it sees (`seen`) and without those an excluder still lacks
    let free_last = |v0: usize, v1: usize, seen: u16| {
        let used = 1u16 << v0 | 1 << v1;
        if partners[v0] & used != 0 {
            return 0;
        }
        let mut mask = last_mask & !seen & !partners[v0] & !partners[v1];
        if v0 != v1 {
            for &t in triples {
                if t & used == used {
                    mask &= !(t & !used);
                }
            }
        }
        mask
    };
    // every value allowed: nothing to exclude, stop looking
    let full = |allowed: &[u16; 3]| {
        cells
            .iter()
            .enumerate()
            .all(|(i, &c)| grid.cands[c] & !allowed[i] == 0)
    };
    let see_last = [
        sees(cells[0], cells[last]),
        last == 2 && sees(cells[1], cells[last]),
    ];
    // a choice adding nothing to `allowed` is skipped (the union is all that is kept)
    for v0 in bits(grid.cands[cells[0]] as u32) {
        let b0 = 1u16 << v0;
        let seen0 = if see_last[0] { b0 } else { 0 };
        if last == 1 {
            if allowed[0] & b0 != 0 && allowed[1] == last_mask {
                continue;
            }
            let mask = free_last(v0, v0, seen0);
            if mask != 0 {
                allowed[0] |= b0;
                allowed[1] |= mask;
                if full(&allowed) {
                    return allowed;
                }
            }
            continue;
        }
        let see01 = sees(cells[0], cells[1]);
        for v1 in bits(grid.cands[cells[1]] as u32) {
            if v0 == v1 && see01 {
                continue;
            }
            let b1 = 1u16 << v1;
            if allowed[0] & b0 != 0 && allowed[1] & b1 != 0 && allowed[2] == last_mask {
                continue;
            }
            let seen = seen0 | if see_last[1] { b1 } else { 0 };
            let mask = free_last(v0, v1, seen);
            if mask != 0 {
                allowed[0] |= b0;
                allowed[1] |= b1;
                allowed[2] |= mask;
                if full(&allowed) {
                    return allowed;
                }
            }
        }
    }
    allowed
}

/// SE's base cells (reading order): at least two candidates, no peer with one, and at
/// least one excluder (a peer with 2..=degree candidates), with their excluders.
fn base_cells(counts: &[u32; 81], degree: usize) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for cell in 0..81 {
        if counts[cell] < 2 {
            continue;
        }
        let peers = house_cells(cell);
        if peers.iter().any(|&p| counts[p] == 1) {
            continue;
        }
        let excluders: Vec<usize> = peers
            .into_iter()
            .filter(|&p| (2..=degree as u32).contains(&counts[p]))
            .collect();
        if !excluders.is_empty() {
            out.push((cell, excluders));
        }
    }
    out
}

/// A call of one degree's aligned exclusion that found nothing: its grid and its base
/// cells (bit `c` for cell `c`).
#[derive(Clone, Debug)]
pub struct Fruitless {
    grid: SeGrid,
    base: u128,
}

/// Aligned pair (degree 2) or triplet (degree 3) exclusion: the first base set, in SE's
/// order, that excludes a candidate.
pub fn aligned_exclusion(grid: &SeGrid, degree: usize) -> Option<SeStep> {
    aligned_exclusion_keeping(grid, degree, &mut None)
}

/// [`aligned_exclusion`], not trying the sets that `last` (the previous call, when it
/// found nothing) shows exclude nothing; `last` then holds this call if it finds nothing.
pub fn aligned_exclusion_keeping(
    grid: &SeGrid,
    degree: usize,
    last: &mut Option<Fruitless>,
) -> Option<SeStep> {
    let known = last.take().map(|l| (grid.changed_since(&l.grid), l.base));
    let found = search(grid, degree, known);
    if let Err(base) = found {
        *last = Some(Fruitless {
            grid: grid.clone(),
            base,
        });
    }
    found.ok()
}

/// The first set that excludes a candidate, or the base cells when none does; `known`:
/// the cells changed since a call that found nothing, and its base cells.
fn search(grid: &SeGrid, degree: usize, known: Option<(u128, u128)>) -> Result<SeStep, u128> {
    // each cell's count once (`count_ones` is no single instruction on baseline x86-64)
    let counts: [u32; 81] = std::array::from_fn(|c| grid.count(c));
    let base = base_cells(&counts, degree);
    let base_set = base.iter().fold(0u128, |m, (c, _)| m | 1 << c);
    if base.len() < degree {
        return Err(base_set);
    }
    let mask = |cells: &[usize]| cells.iter().fold(0u128, |m, &c| m | 1 << c);
    let masks: Vec<u128> = base.iter().map(|(_, ex)| mask(ex)).collect();
    let mut index_of = [usize::MAX; 81];
    for (i, (c, _)) in base.iter().enumerate() {
        index_of[*c] = i;
    }
    // the values the set allows when it excludes a candidate
    let mut excluders: Vec<u16> = Vec::with_capacity(20);
    let mut excludes = |cells: &[usize], common_mask: u128| {
        if let Some((changed, known_base)) = known {
            let set = mask(cells);
            if set & !known_base == 0 && (set | common_mask) & changed == 0 {
                return None;
            }
        }
        // an excluder with a value no base cell has is never left without one
        let values = cells.iter().fold(0u16, |m, &c| m | grid.cands[c]);
        excluders.clear();
        let mut rest = common_mask;
        while rest != 0 {
            let e = grid.cands[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            if e & !values == 0 {
                excluders.push(e);
            }
        }
        let allowed = allowed_values(grid, cells, &excluders);
        let full = cells
            .iter()
            .enumerate()
            .all(|(i, &c)| grid.cands[c] & !allowed[i] == 0);
        (!full).then_some(allowed)
    };
    // pairs in SE's (colex) order: {0,1}, {0,2}, {1,2}, {0,3}…
    for i1 in 1..base.len() {
        for i0 in 0..i1 {
            let (c0, c1) = (base[i0].0, base[i1].0);
            let pair_common = masks[i0] & masks[i1];
            // a triplet's common excluders are among the pair's (fewer than two: none)
            if pair_common & pair_common.wrapping_sub(1) == 0 {
                continue;
            }
            if degree == 2 {
                if let Some(allowed) = excludes(&[c0, c1], pair_common) {
                    return Ok(step(grid, &[c0, c1], &base[i0].1, pair_common, &allowed));
                }
                continue;
            }
            // the third cells: the pair's excluders that are base cells; the set's common
            // excluders, unless it was met before or has fewer than two
            let thirds = (masks[i0] | masks[i1]) & base_set & !(1 << c0 | 1 << c1);
            let common_with = |t: usize| {
                if met_before(&counts, degree, [i0, i1, index_of[t]], [c0, c1, t]) {
                    return None;
                }
                let common = pair_common & masks[index_of[t]];
                (common & common.wrapping_sub(1) != 0).then_some(common)
            };
            // after a call that found nothing, with the pair and its common excluders the
            // same, only a third changed or not a base cell then can exclude something
            let mut rest = match known {
                Some((changed, known_base))
                    if (1 << c0 | 1 << c1) & !known_base == 0
                        && (1 << c0 | 1 << c1 | pair_common) & changed == 0 =>
                {
                    thirds & (changed | !known_base)
                }
                _ => thirds,
            };
            // SE takes the third cells in c0's, then c1's excluders' order: that order
            // matters only for the set reported, so they are tried in cell order first
            let mut any = false;
            while rest != 0 && !any {
                let t = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                any = common_with(t).is_some_and(|common| excludes(&[c0, c1, t], common).is_some());
            }
            if !any {
                continue;
            }
            let mut seen = 0u128;
            for &t in base[i0].1.iter().chain(&base[i1].1) {
                if thirds & (1 << t) == 0 || seen & (1 << t) != 0 {
                    continue;
                }
                seen |= 1 << t;
                if let Some(common) = common_with(t) {
                    if let Some(allowed) = excludes(&[c0, c1, t], common) {
                        return Ok(step(grid, &[c0, c1, t], &base[i0].1, common, &allowed));
                    }
                }
            }
        }
    }
    Err(base_set)
}

/// Was this set of three base cells (the pair at base indices `at[0] < at[1]`, the third
/// at `at[2]`) met before as another pair and its third? Pairs come in colex order, and
/// the third cell of a pair is an excluder of one of the pair. A set met before excluded
/// nothing then and excludes nothing now: its common excluders and the values it allows
/// do not depend on which of its cells is the third.
fn met_before(counts: &[u32; 81], degree: usize, at: [usize; 3], cells: [usize; 3]) -> bool {
    let [i0, i1, it] = at;
    let [c0, c1, t] = cells;
    // `a` is among `b`'s excluders
    let excluder = |a: usize, b: usize| (2..=degree as u32).contains(&counts[a]) && sees(a, b);
    if it > i1 {
        false
    } else if it > i0 {
        // met as the pair (c0, t) with c1
        excluder(c1, c0) || excluder(c1, t)
    } else {
        // met as the pair (t, c0) with c1, or as (t, c1) with c0
        excluder(c1, t) || excluder(c1, c0) || excluder(c0, t) || excluder(c0, c1)
    }
}

/// The hint: each base cell loses its candidates outside `allowed`; the common excluders
/// listed in the first cell's (SE's) order.
fn step(
    grid: &SeGrid,
    cells: &[usize],
    first_excluders: &[usize],
    common_mask: u128,
    allowed: &[u16; 3],
) -> SeStep {
    let eliminations: Vec<Candidate> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, &c)| {
            let removable = grid.cands[c] & !allowed[i];
            bits(removable as u32).map(move |v| candidate(c, v as u8))
        })
        .collect();
    let common: Vec<usize> = first_excluders
        .iter()
        .copied()
        .filter(|&e| common_mask & (1 << e) != 0)
        .collect();
    let pattern = AlignedExclusionPattern {
        cells: cells.iter().map(|&c| Cell::new(c)).collect(),
        excluders: common.iter().map(|&c| Cell::new(c)).collect(),
    };
    let proof = Proof::new(
        Pattern::AlignedExclusion(Box::new(pattern)),
        eliminations.clone(),
        vec![],
    );
    let (name, difficulty) = if cells.len() == 2 {
        ("Aligned Pair Exclusion", 6.2)
    } else {
        ("Aligned Triplet Exclusion", 7.5)
    };
    SeStep {
        name: name.into(),
        difficulty,
        eliminations,
        placement: None,
        proofs: vec![proof],
        complexity: None,
    }
}
