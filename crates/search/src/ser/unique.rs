//! SE's uniqueness producers: unique rectangles and loops (types 1–4, SE's loop search with
//! its quirks) and the bivalue universal grave (types 1–4). Both assume the puzzle has one
//! solution, as every SE rating does.

use super::basic::combinations;
use super::grid::{candidate, house_cells, Region, SeGrid, BLOCK_ROW_COLUMN};
use super::SeStep;
use sudolink_engine::grid::bits::{bits, ones};
use sudolink_engine::grid::tables::PEER_MASKS;
use sudolink_engine::grid::Candidate;

mod proofs;

/// A unique loop hint before sorting.
struct LoopHint {
    loop_cells: Vec<usize>,
    v1: u8,
    v2: u8,
    kind: LoopKind,
    eliminations: Vec<Candidate>,
    difficulty: f64,
}

/// What a unique loop hint concludes from.
#[derive(Clone, Debug, PartialEq)]
pub enum LoopKind {
    /// One cell with extra values: it is neither v1 nor v2.
    Type1 { cell: usize },
    /// The extra cells' one extra value leaves their common peers.
    Type2 { cells: Vec<usize>, value: u8 },
    /// The two extra cells as one virtual cell of a naked set with `cells` in `region`.
    Type3Naked {
        extra: [usize; 2],
        region: Region,
        cells: Vec<usize>,
        values: u16,
    },
    /// v1, v2 and other values hidden in `region` on the extra cells and `cells`.
    Type3Hidden {
        extra: [usize; 2],
        region: Region,
        cells: Vec<usize>,
        values: u16,
    },
    /// `locked` has no other place than the two extra cells in `region`: the other loop
    /// value leaves them.
    Type4 {
        extra: [usize; 2],
        region: Region,
        locked: u8,
    },
}

impl LoopKind {
    fn type_number(&self) -> u8 {
        match self {
            LoopKind::Type1 { .. } => 1,
            LoopKind::Type2 { .. } => 2,
            LoopKind::Type3Naked { .. } | LoopKind::Type3Hidden { .. } => 3,
            LoopKind::Type4 { .. } => 4,
        }
    }
}

/// SE's difficulty of a loop of `n` cells: 4.5, +0.3 from 10 cells, +0.2 from 8 (else +0.1
/// from 6).
fn loop_difficulty(n: usize) -> f64 {
    let mut d = 4.5;
    if n >= 10 {
        d += 0.3;
    }
    if n >= 8 {
        d += 0.2;
    } else if n >= 6 {
        d += 0.1;
    }
    d
}

fn loop_name(n: usize, type_number: u8) -> String {
    let shape = if n == 4 { "Rectangle" } else { "Loop" };
    if n > 6 {
        format!("Unique {shape} {n} type {type_number}")
    } else {
        format!("Unique {shape} type {type_number}")
    }
}

/// A call of the unique loops that found nothing: its grid, and for each start cell the
/// cells its search and hints read (bit `c` for cell `c`; none: not a start then).
#[derive(Clone, Debug)]
pub struct LoopsFruitless {
    grid: SeGrid,
    reads: [u128; 81],
}

/// Unique rectangles and loops: every hint, sorted by difficulty then type (stable), the
/// first one.
pub fn unique_loops(grid: &SeGrid) -> Option<SeStep> {
    unique_loops_keeping(grid, &mut None)
}

/// [`unique_loops`], not searching again from the starts that `last` (the previous call,
/// when it found nothing) shows give nothing: a start's loops and their hints depend only
/// on the cells its search and hints read (the cells of the regions of the loop cells
/// examined), so with those unchanged it gives nothing again. `last` then holds this call
/// if it finds nothing.
pub fn unique_loops_keeping(grid: &SeGrid, last: &mut Option<LoopsFruitless>) -> Option<SeStep> {
    let known = last
        .take()
        .map(|old| (grid.changed_since(&old.grid), old.reads));
    let mut reads = [0u128; 81];
    let mut hints: Vec<LoopHint> = Vec::new();
    let mut path = Vec::new();
    for start in 0..81 {
        if grid.count(start) != 2 {
            continue;
        }
        if let Some((changed, old_reads)) = &known {
            if old_reads[start] != 0 && old_reads[start] & changed == 0 {
                reads[start] = old_reads[start];
                continue;
            }
        }
        let v1 = grid.cands[start].trailing_zeros() as u8;
        let v2 = 15 - grid.cands[start].leading_zeros() as u8;
        let mut found = LoopsFound::default();
        search_loops(grid, start, v1, v2, &mut path, 2, 0, None, &mut found);
        reads[start] = found.read;
        for loop_cells in found.loops {
            for hint in loop_hints(grid, loop_cells, v1, v2) {
                let duplicate = hints.iter().any(|h| same_hint(h, &hint));
                if !duplicate && !hint.eliminations.is_empty() {
                    hints.push(hint);
                }
            }
        }
    }
    if hints.is_empty() {
        *last = Some(LoopsFruitless {
            grid: grid.clone(),
            reads,
        });
        return None;
    }
    // stable: equal difficulty and type keep their discovery order
    hints.sort_by(|a, b| {
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.kind.type_number().cmp(&b.kind.type_number()))
    });
    let hint = hints.into_iter().next()?;
    let name = loop_name(hint.loop_cells.len(), hint.kind.type_number());
    let proof = proofs::loop_proof(
        &hint.loop_cells,
        hint.v1,
        hint.v2,
        &hint.kind,
        &hint.eliminations,
    );
    Some(SeStep {
        name,
        difficulty: hint.difficulty,
        eliminations: hint.eliminations,
        placement: None,
        proofs: vec![proof],
        complexity: None,
    })
}

/// SE's hint equality: same kind and the same loop cells (type 3 also the same region,
/// values and cells).
fn same_hint(a: &LoopHint, b: &LoopHint) -> bool {
    let same_loop = a.loop_cells.len() == b.loop_cells.len()
        && b.loop_cells.iter().all(|c| a.loop_cells.contains(c));
    let same_kind = match (&a.kind, &b.kind) {
        (LoopKind::Type1 { .. }, LoopKind::Type1 { .. })
        | (LoopKind::Type2 { .. }, LoopKind::Type2 { .. })
        | (LoopKind::Type4 { .. }, LoopKind::Type4 { .. }) => true,
        (
            LoopKind::Type3Naked {
                region: r1,
                cells: c1,
                values: v1,
                ..
            },
            LoopKind::Type3Naked {
                region: r2,
                cells: c2,
                values: v2,
                ..
            },
        )
        | (
            LoopKind::Type3Hidden {
                region: r1,
                cells: c1,
                values: v1,
                ..
            },
            LoopKind::Type3Hidden {
                region: r2,
                cells: c2,
                values: v2,
                ..
            },
        ) => r1 == r2 && c1 == c2 && v1 == v2,
        _ => false,
    };
    same_loop && same_kind
}

/// What a loop search found: the loops valid by SE's rule (their cells in order), and the
/// cells it read.
#[derive(Default)]
struct LoopsFound {
    loops: Vec<Vec<usize>>,
    read: u128,
}

/// SE's depth-first loop search from `cell`: neighbours through every region type but the
/// one that led here, in region order; `extras` accumulates the extra values of every
/// neighbour examined from this cell (SE's quirk), `allowed` counts the cells with extra
/// values still allowed. `found` gets the valid loops, and the cells read (each loop cell's
/// regions: all the loop's hints read too).
#[allow(clippy::too_many_arguments)]
fn search_loops(
    grid: &SeGrid,
    cell: usize,
    v1: u8,
    v2: u8,
    path: &mut Vec<usize>,
    allowed: i32,
    extras: u16,
    last: Option<super::grid::RegionType>,
    found: &mut LoopsFound,
) {
    found.read |= PEER_MASKS[cell] | 1 << cell;
    path.push(cell);
    let mut extras = extras;
    let pair = (1u16 << v1) | (1 << v2);
    for kind in BLOCK_ROW_COLUMN {
        if Some(kind) == last {
            continue;
        }
        for next in Region::of(kind, cell).cells() {
            if next == path[0] && path.len() >= 4 {
                // only SE's valid loops give hints
                if is_valid_loop(path) {
                    found.loops.push(path.clone());
                }
            } else if !path.contains(&next) {
                let cands = grid.cands[next];
                if cands & pair != pair {
                    continue;
                }
                extras |= cands & !pair;
                let count = ones(cands);
                if count == 2 || ones(extras) == 1 || allowed > 0 {
                    let allowed = if count > 2 { allowed - 1 } else { allowed };
                    search_loops(grid, next, v1, v2, path, allowed, extras, Some(kind), found);
                }
            }
        }
    }
    path.pop();
}

/// SE's validity: alternating the loop's cells even and odd, no region holds two even or
/// two odd cells, and the even cells' regions are the odd cells'.
/// (The regions of each side as masks, bit [`Region::slot`].)
fn is_valid_loop(loop_cells: &[usize]) -> bool {
    let (mut even, mut odd) = (0u32, 0u32);
    for (i, &cell) in loop_cells.iter().enumerate() {
        let side = if i % 2 == 0 { &mut even } else { &mut odd };
        for kind in BLOCK_ROW_COLUMN {
            let region = 1 << Region::of(kind, cell).slot();
            if *side & region != 0 {
                return false;
            }
            *side |= region;
        }
    }
    even == odd
}

fn loop_hints(grid: &SeGrid, loop_cells: Vec<usize>, v1: u8, v2: u8) -> Vec<LoopHint> {
    let pair = (1u16 << v1) | (1 << v2);
    let extra_cells: Vec<usize> = loop_cells
        .iter()
        .copied()
        .filter(|&c| grid.count(c) > 2)
        .collect();
    let base = loop_difficulty(loop_cells.len());
    let hint = |kind: LoopKind, eliminations: Vec<Candidate>, difficulty: f64| LoopHint {
        loop_cells: loop_cells.clone(),
        v1,
        v2,
        kind,
        eliminations,
        difficulty,
    };
    let mut out = Vec::new();
    match extra_cells[..] {
        [] => {}
        [cell] => {
            let elims = [v1, v2].iter().map(|&v| candidate(cell, v)).collect();
            out.push(hint(LoopKind::Type1 { cell }, elims, base));
        }
        [c1, c2] => {
            let extras = (grid.cands[c1] | grid.cands[c2]) & !pair;
            if ones(extras) == 1 {
                let (kind, elims) = type2(grid, &extra_cells, pair);
                out.push(hint(kind, elims, base));
            } else if ones(extras) >= 2 {
                for (kind, elims, added) in type3(grid, c1, c2, v1, v2) {
                    out.push(hint(kind, elims, base + added));
                }
            }
            if let Some((kind, elims)) = type4(grid, c1, c2, v1, v2) {
                out.push(hint(kind, elims, base));
            }
        }
        _ => {
            let (kind, elims) = type2(grid, &extra_cells, pair);
            out.push(hint(kind, elims, base));
        }
    }
    out
}

/// Cells seeing every one of `cells` (SE's house order of the first), outside them.
fn common_peers(cells: &[usize]) -> Vec<usize> {
    let mut common = house_cells(cells[0]).to_vec();
    for &c in &cells[1..] {
        let peers = house_cells(c);
        common.retain(|x| peers.contains(x));
    }
    common.retain(|x| !cells.contains(x));
    common
}

fn type2(grid: &SeGrid, extra_cells: &[usize], pair: u16) -> (LoopKind, Vec<Candidate>) {
    let value = (grid.cands[extra_cells[0]] & !pair).trailing_zeros() as u8;
    let elims = common_peers(extra_cells)
        .into_iter()
        .filter(|&c| grid.has(c, value))
        .map(|c| candidate(c, value))
        .collect();
    let kind = LoopKind::Type2 {
        cells: extra_cells.to_vec(),
        value,
    };
    (kind, elims)
}

/// SE's common tuple that lets a member have one element (`searchCommonTupleLight`).
fn common_tuple_light(members: impl Iterator<Item = u16>, degree: usize) -> Option<u16> {
    let mut union = 0;
    for m in members {
        union |= m;
        if m == 0 {
            return None;
        }
    }
    (ones(union) as usize == degree).then_some(union)
}

fn common_tuple(members: impl Iterator<Item = u16>, degree: usize) -> Option<u16> {
    let mut union = 0;
    for m in members {
        if ones(m) <= 1 {
            return None;
        }
        union |= m;
    }
    (ones(union) as usize == degree).then_some(union)
}

/// Type 3, naked then hidden, degree from the number of extra values up to 7, region
/// types block, row, column shared by the two extra cells.
fn type3(
    grid: &SeGrid,
    c1: usize,
    c2: usize,
    v1: u8,
    v2: u8,
) -> Vec<(LoopKind, Vec<Candidate>, f64)> {
    let pair = (1u16 << v1) | (1 << v2);
    let extra = (grid.cands[c1] | grid.cands[c2]) & !pair;
    let mut out = Vec::new();
    for degree in ones(extra) as usize..=7 {
        for kind in BLOCK_ROW_COLUMN {
            let region = Region::of(kind, c1);
            if !region.contains(c2) {
                continue;
            }
            let empty = grid.empty_cells(region);
            let (i1, i2) = (region.position_of(c1), region.position_of(c2));
            if degree * 2 <= empty {
                for tuple in combinations(9, degree) {
                    if tuple & (1 << i1) == 0 || tuple & (1 << i2) != 0 {
                        continue;
                    }
                    // the members: the extra values at c1's position, the cells' masks
                    // at the others
                    let members = bits(tuple).map(|p| {
                        if p == i1 {
                            extra
                        } else {
                            grid.cands[region.cell(p)]
                        }
                    });
                    let naked = members.clone().fold(extra & grid.cands[c2], |a, m| a | m);
                    if ones(naked) as usize != degree {
                        continue;
                    }
                    let Some(values) = common_tuple(members, degree) else {
                        continue;
                    };
                    let others: Vec<usize> = bits(tuple)
                        .filter(|&p| p != i1)
                        .map(|p| region.cell(p))
                        .collect();
                    let elims: Vec<Candidate> = region
                        .cells()
                        .into_iter()
                        .filter(|c| !others.contains(c) && *c != c1 && *c != c2)
                        .flat_map(|c| {
                            bits(values as u32)
                                .filter(move |&v| grid.has(c, v as u8))
                                .map(move |v| candidate(c, v as u8))
                        })
                        .collect();
                    let added = (ones(values) as f64 - 1.0) * 0.1;
                    let kind = LoopKind::Type3Naked {
                        extra: [c1, c2],
                        region,
                        cells: others,
                        values,
                    };
                    out.push((kind, elims, added));
                }
            }
            if degree * 2 < empty {
                let rest: Vec<u8> = (1..=9u8)
                    .filter(|&v| v != v1 && v != v2 && extra & (1 << v) == 0)
                    .collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                for chosen in combinations(rest.len(), degree - 2).chain(
                    // SE's Permutations(0, n) yields one empty tuple
                    (degree == 2).then_some(0),
                ) {
                    let values = bits(chosen).map(|i| rest[i]).chain([v1, v2]);
                    let positions = values
                        .clone()
                        .map(|v| grid.positions(region, v) & !(1 << i2));
                    let Some(common) = common_tuple_light(positions, degree) else {
                        continue;
                    };
                    let hidden: u16 = values.fold(0, |a, v| a | (1 << v));
                    let set = common & !(1 << i1) & !(1 << i2);
                    let cells: Vec<usize> = bits(set as u32).map(|p| region.cell(p)).collect();
                    let elims: Vec<Candidate> = cells
                        .iter()
                        .flat_map(|&c| {
                            (1..=9u8)
                                .filter(move |&v| hidden & (1 << v) == 0 && grid.has(c, v))
                                .map(move |v| candidate(c, v))
                        })
                        .collect();
                    let added = (cells.len() as f64 - 1.0) * 0.1;
                    let kind = LoopKind::Type3Hidden {
                        extra: [c1, c2],
                        region,
                        cells,
                        values: hidden,
                    };
                    out.push((kind, elims, added));
                }
            }
        }
    }
    out
}

fn type4(
    grid: &SeGrid,
    c1: usize,
    c2: usize,
    v1: u8,
    v2: u8,
) -> Option<(LoopKind, Vec<Candidate>)> {
    let (mut r1, mut r2) = (None, None);
    for kind in BLOCK_ROW_COLUMN {
        let region = Region::of(kind, c1);
        if !region.contains(c2) {
            continue;
        }
        let others = region.cells().into_iter().filter(|&c| c != c1 && c != c2);
        let (mut has1, mut has2) = (false, false);
        for c in others {
            has1 |= grid.has(c, v1);
            has2 |= grid.has(c, v2);
        }
        if !has1 {
            r1 = Some(region);
        }
        if !has2 {
            r2 = Some(region);
        }
    }
    let (region, locked, removed) = match (r1, r2) {
        (Some(r), _) => (r, v1, v2),
        (None, Some(r)) => (r, v2, v1),
        (None, None) => return None,
    };
    let elims = [c1, c2]
        .into_iter()
        .filter(|&c| grid.has(c, removed))
        .map(|c| candidate(c, removed))
        .collect();
    Some((
        LoopKind::Type4 {
            extra: [c1, c2],
            region,
            locked,
        },
        elims,
    ))
}

/// What a BUG hint concludes from.
#[derive(Clone, Debug, PartialEq)]
pub enum BugKind {
    /// One BUG cell: it takes its extra value.
    Type1,
    /// One extra value over every BUG cell: it leaves their common peers.
    Type2 { value: u8 },
    /// The BUG cells as one virtual cell of a naked set with `cells` in `region`.
    Type3 {
        region: Region,
        cells: Vec<usize>,
        values: u16,
    },
    /// Two BUG cells in `region` sharing the one non-extra value `value`.
    Type4 { region: Region, value: u8 },
}

/// The BUG cells found: the cells, each cell's extra values, all extra values, and the
/// cells seeing every BUG cell.
struct Grave {
    cells: Vec<usize>,
    extras: Vec<u16>,
    all_extras: u16,
    common: Option<Vec<usize>>,
}

/// SE's scan for BUG cells; `None` when the grid is no BUG + n.
fn find_grave(grid: &SeGrid) -> Option<Grave> {
    let mut temp = grid.clone();
    let mut g = Grave {
        cells: Vec::new(),
        extras: Vec::new(),
        all_extras: 0,
        common: None,
    };
    for kind in BLOCK_ROW_COLUMN {
        for index in 0..9 {
            let region = Region::new(kind, index);
            for value in 1..=9u8 {
                let positions = grid.positions(region, value);
                let n = ones(positions);
                if n == 0 || n == 2 {
                    continue;
                }
                let bug_cells: Vec<usize> = bits(positions as u32)
                    .map(|p| region.cell(p))
                    .filter(|&c| grid.count(c) >= 3)
                    .collect();
                match bug_cells[..] {
                    [] => return None,
                    [cell] => {
                        let slot = match g.cells.iter().position(|&c| c == cell) {
                            Some(i) => i,
                            None => {
                                g.cells.push(cell);
                                g.extras.push(0);
                                g.cells.len() - 1
                            }
                        };
                        g.extras[slot] |= 1 << value;
                        g.all_extras |= 1 << value;
                        temp.remove(cell, value);
                        let peers = house_cells(cell);
                        let mut common = match g.common.take() {
                            None => peers.to_vec(),
                            Some(mut c) => {
                                c.retain(|x| peers.contains(x));
                                c
                            }
                        };
                        common.retain(|x| !g.cells.contains(x));
                        let stop = g.cells.len() > 1 && ones(g.all_extras) > 1 && common.is_empty();
                        g.common = Some(common);
                        if stop {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    if (0..81).any(|c| temp.values[c] == 0 && temp.count(c) != 2) {
        return None;
    }
    for kind in BLOCK_ROW_COLUMN {
        for index in 0..9 {
            let region = Region::new(kind, index);
            if (1..=9u8).any(|v| !matches!(ones(temp.positions(region, v)), 0 | 2)) {
                return None;
            }
        }
    }
    Some(g)
}

/// The BUG hints in SE's order, the first that removes something.
pub fn bug(grid: &SeGrid) -> Option<SeStep> {
    let g = find_grave(grid)?;
    let mut hints: Vec<(BugKind, Vec<Candidate>, f64)> = Vec::new();
    let common = g.common.clone().unwrap_or_default();
    if g.cells.len() == 1 {
        let cell = g.cells[0];
        let elims = bits((grid.cands[cell] & !g.all_extras) as u32)
            .map(|v| candidate(cell, v as u8))
            .collect();
        hints.push((BugKind::Type1, elims, 5.6));
    } else if ones(g.all_extras) == 1 {
        let value = g.all_extras.trailing_zeros() as u8;
        let elims: Vec<Candidate> = common
            .iter()
            .filter(|&&c| grid.has(c, value))
            .map(|&c| candidate(c, value))
            .collect();
        if !elims.is_empty() {
            hints.push((BugKind::Type2 { value }, elims, 5.7));
        }
        if g.cells.len() == 2 {
            hints.extend(bug4(grid, &g));
        }
    } else if !common.is_empty() {
        if g.cells.len() == 2 {
            hints.extend(bug4(grid, &g));
        }
        hints.extend(bug3(grid, &g, &common));
    }
    let (kind, eliminations, difficulty) = hints.into_iter().find(|h| !h.1.is_empty())?;
    let name = match kind {
        BugKind::Type1 => "BUG type 1",
        BugKind::Type2 { .. } => "BUG type 2",
        BugKind::Type3 { .. } => "BUG type 3",
        BugKind::Type4 { .. } => "BUG type 4",
    };
    let proof = proofs::bug_proof(&g.cells, &g.extras, &kind, &eliminations);
    Some(SeStep {
        name: name.into(),
        difficulty,
        eliminations,
        placement: None,
        proofs: vec![proof],
        complexity: None,
    })
}

/// The region of `kind` holding every cell, if one does.
fn shared_region(kind: super::grid::RegionType, cells: &[usize]) -> Option<Region> {
    let region = Region::of(kind, cells[0]);
    cells.iter().all(|&c| region.contains(c)).then_some(region)
}

fn bug4(grid: &SeGrid, g: &Grave) -> Vec<(BugKind, Vec<Candidate>, f64)> {
    let (c1, c2) = (g.cells[0], g.cells[1]);
    let common = grid.cands[c1] & grid.cands[c2] & !g.all_extras;
    if ones(common) != 1 {
        return Vec::new();
    }
    let value = common.trailing_zeros() as u8;
    let mut out = Vec::new();
    for kind in BLOCK_ROW_COLUMN {
        let Some(region) = shared_region(kind, &g.cells) else {
            continue;
        };
        let mut elims = Vec::new();
        for (i, &c) in [c1, c2].iter().enumerate() {
            let removable = grid.cands[c] & !g.extras[i] & !(1 << value);
            elims.extend(bits(removable as u32).map(|v| candidate(c, v as u8)));
        }
        out.push((BugKind::Type4 { region, value }, elims, 5.7));
    }
    out
}

fn bug3(grid: &SeGrid, g: &Grave, common: &[usize]) -> Vec<(BugKind, Vec<Candidate>, f64)> {
    let mut out = Vec::new();
    for kind in BLOCK_ROW_COLUMN {
        let Some(region) = shared_region(kind, &g.cells) else {
            continue;
        };
        let region_cells: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| region.contains(c))
            .collect();
        for degree in 2..=6usize {
            if region_cells.len() < degree {
                continue;
            }
            for tuple in combinations(region_cells.len(), degree - 1) {
                let naked_cells: Vec<usize> = bits(tuple).map(|i| region_cells[i]).collect();
                let mut members: Vec<u16> = naked_cells.iter().map(|&c| grid.cands[c]).collect();
                let other_union = members.iter().fold(0, |a, m| a | m);
                members.push(g.all_extras);
                if ones(other_union) as usize != degree {
                    continue;
                }
                let Some(values) = common_tuple(members.iter().copied(), degree) else {
                    continue;
                };
                let elims: Vec<Candidate> = region_cells
                    .iter()
                    .filter(|c| !naked_cells.contains(c) && !g.cells.contains(c))
                    .flat_map(|&c| {
                        bits((grid.cands[c] & values) as u32).map(move |v| candidate(c, v as u8))
                    })
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let added = (ones(values) as f64 - 1.0) * 0.1;
                let kind = BugKind::Type3 {
                    region,
                    cells: naked_cells,
                    values,
                };
                out.push((kind, elims, 5.7 + added));
            }
        }
    }
    out
}
