//! SE's basic producers, each in SE's enumeration order: hidden and naked singles, direct
//! pointing and claiming, direct hidden pairs and triplets, pointing and claiming, naked
//! and hidden sets, X-wing, swordfish and jellyfish, XY- and XYZ-wings. Each returns the
//! first hint it meets, carried by our basic patterns (a direct hint is an elimination
//! proof followed by the hidden single it leaves).

use super::grid::{
    candidate, house_cells, kind_index, Region, RegionType, SeGrid, BLOCK_COLUMN_ROW, REGION_CELLS,
    REGION_INDEX,
};
use super::SeStep;
use sudolink_engine::grid::bits::{bits, ones};
use sudolink_engine::grid::{Candidate, Cell, Digit};
use sudolink_engine::proof::{Pattern, Proof};

/// k-subsets of {0..n} as bitmasks in SE's order (increasing integers: colex order);
/// `n` at most 31.
pub fn combinations(n: usize, k: usize) -> impl Iterator<Item = u32> {
    assert!(n < 32, "combinations of at most 31 items");
    let limit = 1u32 << n;
    let first = if k == 0 || k > n {
        limit
    } else {
        (1u32 << k) - 1
    };
    std::iter::successors(Some(first), move |&v| {
        let low = v & v.wrapping_neg();
        let ripple = v + low;
        let next = (((ripple ^ v) >> 2) / low) | ripple;
        Some(next)
    })
    .take_while(move |&v| v < limit)
}

/// Every subset of {0..9} as a mask, by size then in SE's order (increasing integers, as
/// [`combinations`] gives them), with where each size starts.
const fn subsets_of_nine() -> ([u16; 512], [usize; 11]) {
    let mut masks = [0u16; 512];
    let mut starts = [0usize; 11];
    let mut at = 0;
    let mut size = 0;
    while size <= 9 {
        starts[size] = at;
        let mut m = 0;
        while m < 512 {
            if (m as u32).count_ones() as usize == size {
                masks[at] = m as u16;
                at += 1;
            }
            m += 1;
        }
        size += 1;
    }
    starts[10] = at;
    (masks, starts)
}

const SUBSETS_OF_NINE: ([u16; 512], [usize; 11]) = subsets_of_nine();

/// The `k`-subsets of {0..9} inside `within`, in [`combinations`]'s order: the tuples of
/// a set search whose members may all belong to one (each has two to `k` elements).
fn tuples_within(within: u16, k: usize) -> impl Iterator<Item = u32> {
    let (masks, starts) = &SUBSETS_OF_NINE;
    let tuples: &'static [u16] = if (within.count_ones() as usize) < k || k > 9 {
        &[]
    } else {
        &masks[starts[k]..starts[k + 1]]
    };
    tuples
        .iter()
        .filter(move |&&t| t & !within == 0)
        .map(|&t| t as u32)
}

/// The members (bit `i` for `member(i)`, `i` in 0..9) with two to `degree` elements: the
/// only ones a set of that degree can hold ([`common_of`]).
fn members_fit(degree: usize, member: impl Fn(usize) -> u16) -> u16 {
    (0..9).fold(0, |m, i| {
        let n = ones(member(i)) as usize;
        if (2..=degree).contains(&n) {
            m | 1 << i
        } else {
            m
        }
    })
}

fn digit(value: u8) -> Digit {
    Digit::new(value).expect("a value 1..=9")
}

fn step(name: impl Into<String>, difficulty: f64, proofs: Vec<Proof>) -> SeStep {
    let eliminations = proofs.iter().flat_map(|p| p.eliminations.clone()).collect();
    let placement = proofs.iter().flat_map(|p| p.assertions.clone()).next();
    SeStep {
        name: name.into(),
        difficulty,
        eliminations,
        placement,
        proofs,
        complexity: None,
    }
}

/// A direct hint: SE applies only its placement (its eliminations are shown, not applied);
/// the proofs still carry the eliminations the placement rests on.
fn direct_step(name: impl Into<String>, difficulty: f64, proofs: Vec<Proof>) -> SeStep {
    SeStep {
        eliminations: Vec::new(),
        ..step(name, difficulty, proofs)
    }
}

fn hidden_single_proof(region: Region, cell: usize, value: u8) -> Proof {
    Proof::new(
        Pattern::HiddenSingle {
            house: region.house(),
            digit: digit(value),
            cell: Cell::new(cell),
        },
        vec![],
        vec![candidate(cell, value)],
    )
}

/// Hidden singles: first in regions with one empty cell (1.0), then blocks (1.2), columns
/// and rows (1.5); region types block, column, row.
pub fn hidden_single(grid: &SeGrid) -> Option<SeStep> {
    for alone_only in [true, false] {
        for kind in BLOCK_COLUMN_ROW {
            for index in 0..9 {
                let region = Region::new(kind, index);
                for value in 1..=9u8 {
                    let positions = grid.positions(region, value);
                    if ones(positions) != 1 {
                        continue;
                    }
                    let alone = grid.empty_cells(region) == 1;
                    if alone != alone_only {
                        continue;
                    }
                    let cell = region.cell(positions.trailing_zeros() as usize);
                    let difficulty = match (alone, kind) {
                        (true, _) => 1.0,
                        (false, RegionType::Block) => 1.2,
                        (false, _) => 1.5,
                    };
                    let proof = hidden_single_proof(region, cell, value);
                    return Some(step("Hidden Single", difficulty, vec![proof]));
                }
            }
        }
    }
    None
}

/// Naked singles, cells in reading order (2.3).
pub fn naked_single(grid: &SeGrid) -> Option<SeStep> {
    (0..81).find(|&c| grid.count(c) == 1).map(|cell| {
        let value = grid.cands[cell].trailing_zeros() as u8;
        let proof = Proof::new(
            Pattern::NakedSingle {
                cell: Cell::new(cell),
                digit: digit(value),
            },
            vec![],
            vec![candidate(cell, value)],
        );
        step("Naked Single", 2.3, vec![proof])
    })
}

fn crosses(a: Region, b: Region) -> bool {
    let block_line = |block: usize, line: Region| match line.kind {
        RegionType::Row => line.index / 3 == block / 3,
        RegionType::Column => line.index / 3 == block % 3,
        RegionType::Block => line.index == block,
    };
    match (a.kind, b.kind) {
        (RegionType::Block, _) => block_line(a.index, b),
        (_, RegionType::Block) => block_line(b.index, a),
        _ => a.cells().iter().any(|&c| b.contains(c)),
    }
}

/// SE's common tuple over masks, without allocating: every member has at least two
/// elements and their union has exactly `degree` elements.
fn common_of(members: impl Iterator<Item = u16>, degree: usize) -> Option<u16> {
    let mut union = 0;
    for m in members {
        if ones(m) <= 1 {
            return None;
        }
        union |= m;
    }
    (ones(union) as usize == degree).then_some(union)
}

/// The value's candidates in `into` outside `from`.
fn removable_in(grid: &SeGrid, into: Region, from: Region, value: u8) -> Vec<usize> {
    into.cells()
        .into_iter()
        .filter(|&c| !from.contains(c) && grid.has(c, value))
        .collect()
}

/// A locked set as SE's rules find it (the rules inside chains read every one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockedSet {
    /// The value's places (two or more) in `region1` all lie in `region2`: pointing when
    /// `region1` is a block, claiming when it is a line.
    Locking {
        region1: Region,
        region2: Region,
        value: u8,
    },
    /// The cells at `positions` of `region` hold only `values` (as many).
    Naked {
        region: Region,
        positions: u16,
        values: u16,
    },
    /// `values` have no places in `region` but `positions` (as many).
    Hidden {
        region: Region,
        values: u16,
        positions: u16,
    },
    /// `value`'s places in the `base` lines (bit i: line i of `base_type`) lie in the
    /// `cover` lines.
    Fish {
        base_type: RegionType,
        cover_type: RegionType,
        base: u16,
        cover: u16,
        value: u8,
    },
}

impl LockedSet {
    /// What the set removes, in reading order.
    pub fn removable(&self, grid: &SeGrid) -> Vec<Candidate> {
        let mut out: Vec<Candidate> = match *self {
            LockedSet::Locking {
                region1,
                region2,
                value,
            } => removable_in(grid, region2, region1, value)
                .into_iter()
                .map(|c| candidate(c, value))
                .collect(),
            LockedSet::Naked {
                region,
                positions,
                values,
            } => (0..9)
                .filter(|&p| positions & (1 << p) == 0)
                .flat_map(|p| {
                    let c = region.cell(p);
                    bits(values as u32)
                        .filter(move |&v| grid.has(c, v as u8))
                        .map(move |v| candidate(c, v as u8))
                })
                .collect(),
            LockedSet::Hidden {
                region,
                values,
                positions,
            } => bits(positions as u32)
                .flat_map(|p| {
                    let c = region.cell(p);
                    (1..=9u8)
                        .filter(move |&v| values & (1 << v) == 0 && grid.has(c, v))
                        .map(move |v| candidate(c, v))
                })
                .collect(),
            LockedSet::Fish {
                cover_type,
                base,
                cover,
                value,
                ..
            } => bits(cover as u32)
                .flat_map(|i| {
                    let line = Region::new(cover_type, i);
                    (0..9)
                        .filter(move |&p| base & (1 << p) == 0)
                        .map(move |p| line.cell(p))
                })
                .filter(|&c| grid.has(c, value))
                .map(|c| candidate(c, value))
                .collect(),
        };
        out.sort();
        out
    }
}

/// The region type pairs of [`each_locking`], in SE's order.
const LOCKING_TYPES: [(RegionType, RegionType); 4] = [
    (RegionType::Block, RegionType::Column),
    (RegionType::Block, RegionType::Row),
    (RegionType::Column, RegionType::Block),
    (RegionType::Row, RegionType::Block),
];

/// `[pair][i1][i2]`: the positions of region `i1` of the pair's first type inside region
/// `i2` of its second (0 when they do not cross; crossing regions share three cells).
const fn locking_shared() -> [[[u16; 9]; 9]; 4] {
    let mut t = [[[0u16; 9]; 9]; 4];
    let mut pair = 0;
    while pair < 4 {
        let (k1, k2) = (
            kind_index(LOCKING_TYPES[pair].0),
            kind_index(LOCKING_TYPES[pair].1),
        );
        let mut i1 = 0;
        while i1 < 9 {
            let mut p = 0;
            while p < 9 {
                // the cell at position p of region1 is in one region2 of the second type
                let cell = REGION_CELLS[k1][i1][p] as usize;
                t[pair][i1][REGION_INDEX[k2][cell] as usize] |= 1 << p;
                p += 1;
            }
            i1 += 1;
        }
        pair += 1;
    }
    t
}

const LOCKING_SHARED: [[[u16; 9]; 9]; 4] = locking_shared();

/// Every intersection in SE's order: region pairs (block, column), (block, row), (column,
/// block), (row, block), indices ascending, values ascending; `f` stops the walk with a
/// result.
pub fn each_locking<R>(grid: &SeGrid, f: impl FnMut(LockedSet) -> Option<R>) -> Option<R> {
    each_locking_in(grid, |_, _| true, f)
}

/// [`each_locking`] for the (first region, value) pairs `visit` accepts.
pub fn each_locking_in<R>(
    grid: &SeGrid,
    visit: impl Fn(Region, u8) -> bool,
    mut f: impl FnMut(LockedSet) -> Option<R>,
) -> Option<R> {
    for (pair, (type1, type2)) in LOCKING_TYPES.into_iter().enumerate() {
        for (i1, row) in LOCKING_SHARED[pair].iter().enumerate() {
            let region1 = Region::new(type1, i1);
            // the values visited with two places or more in region1, and those places
            let mut positions = [0u16; 10];
            let mut several = 0u16;
            for value in 1..=9u8 {
                let p = grid.positions(region1, value);
                if ones(p) >= 2 && visit(region1, value) {
                    positions[value as usize] = p;
                    several |= 1 << value;
                }
            }
            if several == 0 {
                continue;
            }
            for (i2, &shared) in row.iter().enumerate() {
                // region1's positions inside region2 (none: they do not cross)
                if shared == 0 {
                    continue;
                }
                let region2 = Region::new(type2, i2);
                for value in bits(several as u32).map(|v| v as u8) {
                    if positions[value as usize] & !shared != 0 {
                        continue;
                    }
                    let set = LockedSet::Locking {
                        region1,
                        region2,
                        value,
                    };
                    if let Some(r) = f(set) {
                        return Some(r);
                    }
                }
            }
        }
    }
    None
}

/// Pointing and claiming (2.6, 2.8), or in direct mode the pointing or claiming that
/// leaves a hidden single in another region of the first region's type (1.7, 1.9).
pub fn locking(grid: &SeGrid, direct: bool) -> Option<SeStep> {
    locking_in(grid, direct, |_| true)
}

/// [`locking`] for the values `visit` accepts (a value's locking hints depend on its
/// candidates only).
pub fn locking_in(grid: &SeGrid, direct: bool, visit: impl Fn(u8) -> bool) -> Option<SeStep> {
    each_locking_in(
        grid,
        |_, value| visit(value),
        |set| match set {
            LockedSet::Locking {
                region1,
                region2,
                value,
            } => locking_hint(grid, direct, region1, region2, value),
            _ => None,
        },
    )
}

fn locking_hint(
    grid: &SeGrid,
    direct: bool,
    region1: Region,
    region2: Region,
    value: u8,
) -> Option<SeStep> {
    let removable = removable_in(grid, region2, region1, value);
    if removable.is_empty() {
        return None;
    }
    let interaction = || {
        Proof::new(
            Pattern::Interaction {
                digit: digit(value),
                house: region1.house(),
                into: region2.house(),
            },
            removable.iter().map(|&c| candidate(c, value)).collect(),
            vec![],
        )
    };
    let pointing = region1.kind == RegionType::Block;
    if !direct {
        let (name, difficulty) = if pointing {
            ("Pointing", 2.6)
        } else {
            ("Claiming", 2.8)
        };
        return Some(step(name, difficulty, vec![interaction()]));
    }
    for i3 in (0..9).filter(|&i| i != region1.index) {
        let region3 = Region::new(region1.kind, i3);
        if !crosses(region3, region2) {
            continue;
        }
        let positions = grid.positions(region3, value);
        if ones(positions) < 2 {
            continue;
        }
        let mut outside = bits(positions as u32)
            .map(|p| region3.cell(p))
            .filter(|&c| !region2.contains(c));
        if let (Some(cell), None) = (outside.next(), outside.next()) {
            let (name, difficulty) = if pointing {
                ("Direct Pointing", 1.7)
            } else {
                ("Direct Claiming", 1.9)
            };
            let single = hidden_single_proof(region3, cell, value);
            return Some(direct_step(name, difficulty, vec![interaction(), single]));
        }
    }
    None
}

const SET_NAMES: [&str; 3] = ["Pair", "Triplet", "Quad"];

/// Every naked set of `degree` cells in SE's order: region types block, column, row, only
/// regions with at least twice the degree of empty cells, position tuples in SE's order.
pub fn each_naked<R>(
    grid: &SeGrid,
    degree: usize,
    f: impl FnMut(LockedSet) -> Option<R>,
) -> Option<R> {
    each_naked_in(grid, degree, |_| true, f)
}

/// [`each_naked`] in the regions `visit` accepts.
pub fn each_naked_in<R>(
    grid: &SeGrid,
    degree: usize,
    visit: impl Fn(Region) -> bool,
    mut f: impl FnMut(LockedSet) -> Option<R>,
) -> Option<R> {
    for kind in BLOCK_COLUMN_ROW {
        for index in 0..9 {
            let region = Region::new(kind, index);
            if !visit(region) || grid.empty_cells(region) < degree * 2 {
                continue;
            }
            let fit = members_fit(degree, |p| grid.cands[region.cell(p)]);
            for tuple in tuples_within(fit, degree) {
                let members = bits(tuple).map(|p| grid.cands[region.cell(p)]);
                if let Some(values) = common_of(members, degree) {
                    let set = LockedSet::Naked {
                        region,
                        positions: tuple as u16,
                        values,
                    };
                    if let Some(r) = f(set) {
                        return Some(r);
                    }
                }
            }
        }
    }
    None
}

/// Naked pairs, triplets and quads (3.0, 3.6, 5.0).
pub fn naked_set(grid: &SeGrid, degree: usize) -> Option<SeStep> {
    naked_set_in(grid, degree, |_| true)
}

/// [`naked_set`] in the regions `visit` accepts (a region's naked sets and what they
/// remove depend on its cells only).
pub fn naked_set_in(
    grid: &SeGrid,
    degree: usize,
    visit: impl Fn(Region) -> bool,
) -> Option<SeStep> {
    each_naked_in(grid, degree, visit, |set| {
        let LockedSet::Naked {
            region,
            positions,
            values,
        } = set
        else {
            return None;
        };
        let eliminations = set.removable(grid);
        if eliminations.is_empty() {
            return None;
        }
        let proof = Proof::new(
            Pattern::NakedSubset {
                house: region.house(),
                cells: bits(positions as u32)
                    .map(|p| Cell::new(region.cell(p)))
                    .collect(),
                digits: bits(values as u32).map(|v| digit(v as u8)).collect(),
            },
            eliminations,
            vec![],
        );
        let difficulty = [3.0, 3.6, 5.0][degree - 2];
        let name = format!("Naked {}", SET_NAMES[degree - 2]);
        Some(step(name, difficulty, vec![proof]))
    })
}

/// Every hidden set of `degree` values in SE's order: region types block, column, row,
/// regions with more than twice the degree of empty cells (in direct mode more than the
/// degree), value tuples in SE's order.
pub fn each_hidden<R>(
    grid: &SeGrid,
    degree: usize,
    direct: bool,
    f: impl FnMut(LockedSet) -> Option<R>,
) -> Option<R> {
    each_hidden_in(grid, degree, direct, |_| true, f)
}

/// [`each_hidden`] in the regions `visit` accepts.
pub fn each_hidden_in<R>(
    grid: &SeGrid,
    degree: usize,
    direct: bool,
    visit: impl Fn(Region) -> bool,
    mut f: impl FnMut(LockedSet) -> Option<R>,
) -> Option<R> {
    for kind in BLOCK_COLUMN_ROW {
        for index in 0..9 {
            let region = Region::new(kind, index);
            if !visit(region) {
                continue;
            }
            let empty = grid.empty_cells(region);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            let fit = members_fit(degree, |v| grid.positions(region, v as u8 + 1));
            for tuple in tuples_within(fit, degree) {
                let places = bits(tuple).map(|v| grid.positions(region, v as u8 + 1));
                if let Some(positions) = common_of(places, degree) {
                    let set = LockedSet::Hidden {
                        region,
                        values: (tuple as u16) << 1,
                        positions,
                    };
                    if let Some(r) = f(set) {
                        return Some(r);
                    }
                }
            }
        }
    }
    None
}

/// Hidden pairs, triplets and quads (3.4, 4.0, 5.4), or in direct mode the hidden pair or
/// triplet that leaves a hidden single in its region (2.0, 2.5).
pub fn hidden_set(grid: &SeGrid, degree: usize, direct: bool) -> Option<SeStep> {
    hidden_set_in(grid, degree, direct, |_| true)
}

/// [`hidden_set`] in the regions `visit` accepts (a region's hidden sets, what they remove
/// and the hidden single they leave there depend on its cells only).
pub fn hidden_set_in(
    grid: &SeGrid,
    degree: usize,
    direct: bool,
    visit: impl Fn(Region) -> bool,
) -> Option<SeStep> {
    each_hidden_in(grid, degree, direct, visit, |set| {
        let LockedSet::Hidden {
            region,
            values,
            positions,
        } = set
        else {
            return None;
        };
        let values: Vec<u8> = bits(values as u32).map(|v| v as u8).collect();
        hidden_set_hint(grid, region, &values, positions, direct)
    })
}

fn hidden_set_hint(
    grid: &SeGrid,
    region: Region,
    values: &[u8],
    common: u16,
    direct: bool,
) -> Option<SeStep> {
    let degree = values.len();
    let cells: Vec<usize> = bits(common as u32).map(|p| region.cell(p)).collect();
    let eliminations: Vec<_> = cells
        .iter()
        .flat_map(|&c| {
            (1..=9u8)
                .filter(move |v| !values.contains(v) && grid.has(c, *v))
                .map(move |v| candidate(c, v))
        })
        .collect();
    let subset = || {
        Proof::new(
            Pattern::HiddenSubset {
                house: region.house(),
                digits: values.iter().map(|&v| digit(v)).collect(),
                cells: cells.iter().map(|&c| Cell::new(c)).collect(),
            },
            eliminations.clone(),
            vec![],
        )
    };
    if !direct {
        if eliminations.is_empty() {
            return None;
        }
        let difficulty = [3.4, 4.0, 5.4][degree - 2];
        let name = format!("Hidden {}", SET_NAMES[degree - 2]);
        return Some(step(name, difficulty, vec![subset()]));
    }
    for value in (1..=9u8).filter(|v| !values.contains(v)) {
        let positions = grid.positions(region, value);
        if ones(positions) > 1 && ones(positions & !common) == 1 {
            let cell = region.cell((positions & !common).trailing_zeros() as usize);
            let single = hidden_single_proof(region, cell, value);
            let difficulty = [2.0, 2.5, 4.3][degree - 2];
            let name = format!("Direct Hidden {}", SET_NAMES[degree - 2]);
            return Some(direct_step(name, difficulty, vec![subset(), single]));
        }
    }
    None
}

/// Every fish of `degree` lines in SE's order: base columns (cover rows) first, then base
/// rows; base tuples in SE's order, values ascending, a value only while fewer than
/// 9 − 2·degree copies are placed.
pub fn each_fish<R>(
    grid: &SeGrid,
    degree: usize,
    f: impl FnMut(LockedSet) -> Option<R>,
) -> Option<R> {
    each_fish_in(grid, degree, |_| true, f)
}

/// [`each_fish`] for the values `visit` accepts.
pub fn each_fish_in<R>(
    grid: &SeGrid,
    degree: usize,
    visit: impl Fn(u8) -> bool,
    mut f: impl FnMut(LockedSet) -> Option<R>,
) -> Option<R> {
    let mut placed = [0usize; 10];
    for &v in &grid.values {
        placed[v as usize] += 1;
    }
    for (base_type, cover_type) in [
        (RegionType::Column, RegionType::Row),
        (RegionType::Row, RegionType::Column),
    ] {
        // per value, the base lines that may belong to a fish
        let fit: [u16; 10] = std::array::from_fn(|value| {
            if value == 0 {
                return 0;
            }
            members_fit(degree, |i| {
                grid.positions(Region::new(base_type, i), value as u8)
            })
        });
        let any_fit = fit.iter().fold(0, |m, &f| m | f);
        for tuple in tuples_within(any_fit, degree) {
            for value in 1..=9u8 {
                if tuple as u16 & !fit[value as usize] != 0 {
                    continue;
                }
                if !visit(value) || placed[value as usize] + degree * 2 > 9 {
                    continue;
                }
                let places = bits(tuple).map(|i| grid.positions(Region::new(base_type, i), value));
                if let Some(cover) = common_of(places, degree) {
                    let set = LockedSet::Fish {
                        base_type,
                        cover_type,
                        base: tuple as u16,
                        cover,
                        value,
                    };
                    if let Some(r) = f(set) {
                        return Some(r);
                    }
                }
            }
        }
    }
    None
}

/// X-wing, swordfish, jellyfish (3.2, 3.8, 5.2).
pub fn fish(grid: &SeGrid, degree: usize) -> Option<SeStep> {
    fish_in(grid, degree, |_| true)
}

/// [`fish`] for the values `visit` accepts (a value's fish depend on its candidates only:
/// its count of placed copies changes only with them).
pub fn fish_in(grid: &SeGrid, degree: usize, visit: impl Fn(u8) -> bool) -> Option<SeStep> {
    each_fish_in(grid, degree, visit, |set| {
        let LockedSet::Fish {
            base_type,
            cover_type,
            base,
            cover,
            value,
        } = set
        else {
            return None;
        };
        let eliminations = set.removable(grid);
        if eliminations.is_empty() {
            return None;
        }
        let proof = Proof::new(
            Pattern::Fish {
                digit: digit(value),
                base: bits(base as u32)
                    .map(|i| Region::new(base_type, i).house())
                    .collect(),
                cover: bits(cover as u32)
                    .map(|i| Region::new(cover_type, i).house())
                    .collect(),
            },
            eliminations,
            vec![],
        );
        let (name, difficulty) =
            [("X-Wing", 3.2), ("Swordfish", 3.8), ("Jellyfish", 5.2)][degree - 2];
        Some(step(name, difficulty, vec![proof]))
    })
}

/// XY-wing (4.2) or XYZ-wing (4.4): pivots in reading order, pincers among the pivot's
/// peers in SE's house order.
pub fn xy_wing(grid: &SeGrid, xyz: bool) -> Option<SeStep> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let xy = grid.cands[pivot];
        if ones(xy) != pivot_size {
            continue;
        }
        let peers = house_cells(pivot);
        for &xz_cell in &peers {
            let xz = grid.cands[xz_cell];
            if ones(xz) != 2 || ones(xy & !xz) != 1 {
                continue;
            }
            for &yz_cell in &peers {
                let yz = grid.cands[yz_cell];
                if ones(yz) != 2 {
                    continue;
                }
                let union = ones(xy | xz | yz);
                let inter = ones(xy & xz & yz);
                if union != 3 || inter != if xyz { 1 } else { 0 } {
                    continue;
                }
                if let Some(s) = wing_hint(grid, xyz, pivot, xz_cell, yz_cell) {
                    return Some(s);
                }
            }
        }
    }
    None
}

fn wing_hint(grid: &SeGrid, xyz: bool, pivot: usize, xz: usize, yz: usize) -> Option<SeStep> {
    let z = (grid.cands[xz] & grid.cands[yz]).trailing_zeros() as u8;
    let yz_peers = house_cells(yz);
    let pivot_peers = house_cells(pivot);
    let eliminations: Vec<_> = house_cells(xz)
        .into_iter()
        .filter(|c| yz_peers.contains(c) && (!xyz || pivot_peers.contains(c)))
        .filter(|&c| c != pivot && c != xz && c != yz && grid.has(c, z))
        .map(|c| candidate(c, z))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let (pivot, pincers) = (Cell::new(pivot), [Cell::new(xz), Cell::new(yz)]);
    let z = digit(z);
    let pattern = if xyz {
        Pattern::XyzWing { pivot, pincers, z }
    } else {
        Pattern::XyWing { pivot, pincers, z }
    };
    let (name, difficulty) = if xyz {
        ("XYZ-Wing", 4.4)
    } else {
        ("XY-Wing", 4.2)
    };
    Some(step(
        name,
        difficulty,
        vec![Proof::new(pattern, eliminations, vec![])],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locking_tables_are_the_regions_crossings() {
        for (pair, (type1, type2)) in LOCKING_TYPES.into_iter().enumerate() {
            for (i1, row) in LOCKING_SHARED[pair].iter().enumerate() {
                for (i2, &table) in row.iter().enumerate() {
                    let (region1, region2) = (Region::new(type1, i1), Region::new(type2, i2));
                    let shared = (0..9)
                        .filter(|&p| region2.contains(region1.cell(p)))
                        .fold(0u16, |m, p| m | 1 << p);
                    assert_eq!(table, shared);
                    assert_eq!(shared != 0, crosses(region1, region2));
                }
            }
        }
    }

    #[test]
    fn combinations_come_in_colex_order() {
        let pairs: Vec<u32> = combinations(4, 2).collect();
        assert_eq!(pairs, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(combinations(9, 3).count(), 84);
        assert_eq!(combinations(9, 0).count(), 0);
    }

    #[test]
    fn tuples_within_a_mask_are_the_combinations_inside_it() {
        for within in [0u16, 0b1, 0b1_0110_1001, 0b1_1111_1111, 0b0_1000_0110] {
            for k in 1..=5 {
                let expected: Vec<u32> = combinations(9, k)
                    .filter(|&t| t as u16 & !within == 0)
                    .collect();
                assert_eq!(tuples_within(within, k).collect::<Vec<_>>(), expected);
            }
        }
        // a pair's members have two elements each; a triplet's two or three
        assert_eq!(
            members_fit(2, |i| [0b11, 0b111, 0b1, 0b101][i % 4]),
            0b1_1001_1001
        );
    }
}
