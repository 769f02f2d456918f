//! SE's aligned pair exclusion (6.2) and aligned triplet exclusion (7.5): base cells whose
//! every combination of values holding a candidate is forbidden — two equal values in
//! cells that see each other, or a common excluder cell left without a value — lose that
//! candidate. SE's base cells need not see each other; a triplet's third cell is an
//! excluder of one of the first two with at most three candidates.
//!
//! Cells are sets of bits (bit `c` for cell `c`): a pair's partners with two common
//! excluders come from the excluders' peers, a set's forbidden combinations from its
//! excluders as bit boards of value combinations ([`allowed_values`]), so a set costs a few
//! dozen word operations and a call about (pairs with two common excluders) × (their third
//! cells) of them.
//!
//! From one rating step to the next ([`Fruitless`]): after a call that found nothing, a
//! set whose cells were base cells then, and whose cells and common excluders are the
//! same now, excludes nothing now either (its excluders now are some of those it had
//! then, and fewer excluders forbid fewer combinations), so it is not tried again; nor is
//! one whose changed common excluders now have a value outside the set's, with two
//! unchanged ([`Since::fruitless`]).

use super::grid::{candidate, house_cells, sees, SeGrid};
use super::SeStep;
use sudolink_engine::grid::bits::{bits, Tally};
use sudolink_engine::grid::tables::PEER_MASKS;
use sudolink_engine::grid::{Candidate, Cell};
use sudolink_engine::proof::aligned::AlignedExclusionPattern;
use sudolink_engine::proof::{Pattern, Proof};

// The combinations of two cells' values as a bit board: bit `10 * a + b` for value `a` in
// the first cell and `b` in the second (values 1..=9), so row `a` is bits `10 * a..`.

const ROW: u128 = 0x3ff;

const fn row_table() -> [u128; 512] {
    let mut table = [0u128; 512];
    let mut values = 0;
    while values < 512 {
        let mut a = 1;
        while a <= 9 {
            if values >> (a - 1) & 1 != 0 {
                table[values] |= ROW << (10 * a);
            }
            a += 1;
        }
        values += 1;
    }
    table
}

/// The combinations whose first value is in the mask (bit `v` for value `v`), by the
/// mask without its bit 0.
const ROWS: [u128; 512] = row_table();

const fn both_ways_table() -> [u128; 100] {
    let mut table = [0u128; 100];
    let mut a = 1;
    while a <= 9 {
        let mut b = 1;
        while b <= 9 {
            table[10 * a + b] = 1 << (10 * a + b) | 1 << (10 * b + a);
            b += 1;
        }
        a += 1;
    }
    table
}

/// At `10 * a + b`: the combination of `a` in the first cell and `b` in the second, and
/// the reverse.
const BOTH_WAYS: [u128; 100] = both_ways_table();

/// Bit `10 * a` for every row `a`: times a value mask, the combinations whose second value
/// is in it.
const COLUMN_REPEAT: u128 = {
    let mut repeat = 0u128;
    let mut a = 0;
    while a < 10 {
        repeat |= 1 << (10 * a);
        a += 1;
    }
    repeat
};

/// The combinations of two equal values.
const DIAGONAL: u128 = {
    let mut diagonal = 0u128;
    let mut a = 1;
    while a <= 9 {
        diagonal |= 1 << (11 * a);
        a += 1;
    }
    diagonal
};

/// The combinations whose first value is in `values`.
fn rows(values: u16) -> u128 {
    ROWS[(values >> 1) as usize]
}

/// The combinations whose second value is in `values`.
fn columns(values: u16) -> u128 {
    values as u128 * COLUMN_REPEAT
}

/// The combinations of the two values of a mask, both ways.
fn both_ways(pair: u16) -> u128 {
    let (a, b) = (pair.trailing_zeros(), 15 - pair.leading_zeros());
    BOTH_WAYS[(10 * a + b) as usize]
}

/// The values among `values` of the first cell in a board's combinations.
fn firsts(board: u128, values: u16) -> u16 {
    bits(values as u32)
        .filter(|&a| board & rows(1 << a) != 0)
        .fold(0, |m, a| m | 1 << a)
}

/// The values of the second cell in a board's combinations: its ten rows folded onto
/// row 0 (rows i, i + 5; then i + 2 and i + 7; then those of rows 0, 1 and 4).
fn seconds(board: u128) -> u16 {
    let folded = board | board >> 50;
    let folded = folded | folded >> 20;
    (folded | folded >> 10 | folded >> 40) as u16 & ROW as u16
}

/// What a set's common excluders forbid: one of two values, every combination holding
/// both; one of three (triplets), every combination holding all three.
struct Forbidden {
    /// Each value's partners in the excluders of two values.
    partners: [u16; 10],
    /// The combinations of two cells holding an excluder of two values.
    pairs: u128,
    /// The excluders of three values.
    triples: [u16; 20],
    n_triples: usize,
    /// The values of these excluders.
    values: u16,
}

impl Forbidden {
    /// What the excluders of `common` forbid in combinations of the values `values` (an
    /// excluder with another value is never left without one).
    fn of(grid: &SeGrid, common: u128, values: u16) -> Forbidden {
        let mut forbidden = Forbidden {
            partners: [0; 10],
            pairs: 0,
            triples: [0; 20],
            n_triples: 0,
            values: 0,
        };
        for excluder in bits(common) {
            let own = grid.cands[excluder];
            if own & !values != 0 {
                continue;
            }
            forbidden.values |= own;
            let rest = own & (own - 1);
            if rest & (rest - 1) == 0 {
                let (a, b) = (own.trailing_zeros(), rest.trailing_zeros());
                forbidden.partners[a as usize] |= 1 << b;
                forbidden.partners[b as usize] |= 1 << a;
                forbidden.pairs |= both_ways(own);
            } else {
                forbidden.triples[forbidden.n_triples] = own;
                forbidden.n_triples += 1;
            }
        }
        forbidden
    }

    /// The combinations of a triplet's other two cells that complete an excluder of three
    /// values with `value` in its first cell.
    fn completing(&self, value: usize) -> u128 {
        self.triples[..self.n_triples]
            .iter()
            .filter(|&&t| t >> value & 1 != 0)
            .fold(0, |m, &t| m | both_ways(t & !(1 << value)))
    }
}

/// For each base cell (two or three), the values some allowed combination gives it: no
/// two equal values in cells that see each other, no excluder of `common` left without a
/// value. A pair's combinations are one board; a triplet's, one board of the last two
/// cells' for each value of the first.
fn allowed_values(grid: &SeGrid, cells: &[usize], forbidden: &Forbidden) -> [u16; 3] {
    let n = cells.len();
    // the last two cells' combinations, whatever the first cell's value
    let (c1, c2) = (cells[n - 2], cells[n - 1]);
    let (cands1, cands2) = (grid.cands[c1], grid.cands[c2]);
    let mut board = rows(cands1) & columns(cands2) & !forbidden.pairs;
    if sees(c1, c2) {
        board &= !DIAGONAL;
    }
    if n == 2 {
        return [firsts(board, cands1), seconds(board), 0];
    }
    let c0 = cells[0];
    let (sees1, sees2) = (sees(c0, c1), sees(c0, c2));
    let (mut first, mut rest) = (0u16, 0u128);
    for v0 in bits(grid.cands[c0] as u32) {
        let b0 = 1u16 << v0;
        let partners = forbidden.partners[v0];
        let in_second = partners | if sees1 { b0 } else { 0 };
        let in_third = partners | if sees2 { b0 } else { 0 };
        let mut with_v0 = board & !rows(in_second) & !columns(in_third);
        if forbidden.n_triples != 0 {
            with_v0 &= !forbidden.completing(v0);
        }
        if with_v0 != 0 {
            first |= b0;
            rest |= with_v0;
        }
    }
    [first, firsts(rest, cands1), seconds(rest)]
}

/// The values each cell of the set keeps, when it excludes a candidate.
fn exclusion(grid: &SeGrid, cells: &[usize], common: u128) -> Option<[u16; 3]> {
    let values = cells.iter().fold(0, |m, &c| m | grid.cands[c]);
    let forbidden = Forbidden::of(grid, common, values);
    if allows_every_value(grid, cells, forbidden.values) {
        return None;
    }
    let allowed = allowed_values(grid, cells, &forbidden);
    let full = cells
        .iter()
        .enumerate()
        .all(|(i, &c)| grid.cands[c] & !allowed[i] == 0);
    (!full).then_some(allowed)
}

/// A sufficient sign that the set excludes nothing, from the cells' free values (in no
/// excluder, `excluded` being the excluders' values): a combination of any value of one
/// cell with free values of the others other than it and than each other holds no
/// excluder's two or three values. A pair's cells need two free values each; a triplet's,
/// two each and no two cells the same two.
fn allows_every_value(grid: &SeGrid, cells: &[usize], excluded: u16) -> bool {
    let free = |i: usize| grid.cands[cells[i]] & !excluded;
    let two_or_more = |values: u16| values & values.wrapping_sub(1) != 0;
    let (f0, f1) = (free(0), free(1));
    if !two_or_more(f0) || !two_or_more(f1) {
        return false;
    }
    if cells.len() == 2 {
        return true;
    }
    let f2 = free(2);
    // two cells with the same two free values
    let only_two = |values: u16| !two_or_more(values & (values - 1));
    two_or_more(f2)
        && !(f0 == f1 && only_two(f0))
        && !(f0 == f2 && only_two(f0))
        && !(f1 == f2 && only_two(f1))
}

/// SE's base cells and their excluders.
struct Bases {
    /// The base cells: at least two candidates, no peer with one, and at least one
    /// excluder.
    cells: u128,
    /// Each base cell's excluders: its peers with 2..=degree candidates (other cells:
    /// none).
    excluders: [u128; 81],
    /// The cells with 2..=degree candidates.
    excluding: u128,
}

impl Bases {
    fn of(grid: &SeGrid, degree: usize) -> Bases {
        let (mut singles, mut open, mut excluding) = (0u128, 0u128, 0u128);
        for cell in 0..81 {
            let count = grid.count(cell) as usize;
            if count == 1 {
                singles |= 1 << cell;
            } else if count >= 2 {
                open |= 1 << cell;
                if count <= degree {
                    excluding |= 1 << cell;
                }
            }
        }
        let mut bases = Bases {
            cells: 0,
            excluders: [0; 81],
            excluding,
        };
        for cell in bits(open) {
            let excluders = PEER_MASKS[cell] & excluding;
            if PEER_MASKS[cell] & singles == 0 && excluders != 0 {
                bases.cells |= 1 << cell;
                bases.excluders[cell] = excluders;
            }
        }
        bases
    }

    /// The base cells before `c1` with at least two excluders in common with it.
    fn partners_before(&self, c1: usize) -> u128 {
        seeing_two_of(self.excluders[c1]) & self.cells & below(c1)
    }

    /// A cell's excluders among `set`, in SE's order (its house cells').
    fn in_se_order(&self, cell: usize, set: u128) -> impl Iterator<Item = usize> {
        let set = set & self.excluders[cell];
        house_cells(cell)
            .into_iter()
            .filter(move |&p| set >> p & 1 != 0)
    }

    /// The base cells `t` that make with the pair `c0 < c1` a set met before as another
    /// pair and its third. Pairs come in colex order, and the third cell of a pair is an
    /// excluder of one of the pair: a `t` between them was met as the pair (c0, t) with c1,
    /// one before them as (t, c0) with c1 or as (t, c1) with c0. A set met before
    /// excluded nothing then and excludes nothing now: its common excluders and the values
    /// it allows do not depend on which of its cells is the third.
    fn met_before(&self, c0: usize, c1: usize) -> u128 {
        // `a` is among `b`'s excluders; the cells having `a` among theirs
        let excluder = |a: usize, b: usize| self.excluders[b] >> a & 1 != 0;
        let excluder_of = |a: usize| {
            if self.excluding >> a & 1 != 0 {
                PEER_MASKS[a]
            } else {
                0
            }
        };
        let between = below(c1) & !below(c0 + 1);
        let met_between = if excluder(c1, c0) {
            between
        } else {
            between & excluder_of(c1)
        };
        let met_below = if excluder(c1, c0) || excluder(c0, c1) {
            below(c0)
        } else {
            below(c0) & (excluder_of(c0) | excluder_of(c1))
        };
        met_between | met_below
    }
}

/// The cells before `cell`.
fn below(cell: usize) -> u128 {
    (1 << cell) - 1
}

/// The cells seeing at least two of `cells`.
fn seeing_two_of(cells: u128) -> u128 {
    let mut seen = Tally::default();
    for cell in bits(cells) {
        seen.add(PEER_MASKS[cell]);
    }
    seen.twice()
}

/// A call of one degree's aligned exclusion that found nothing: its grid and its base
/// cells (bit `c` for cell `c`).
#[derive(Clone, Debug)]
pub struct Fruitless {
    grid: SeGrid,
    base: u128,
}

/// What a call that found nothing tells now: the cells changed since, and its base cells.
#[derive(Clone, Copy)]
struct Since {
    changed: u128,
    base: u128,
}

impl Since {
    /// No such call: every set may exclude something.
    const NOTHING: Since = Since {
        changed: !0,
        base: 0,
    };

    /// A set (its cells) that was base cells then, with its cells unchanged, and its
    /// `common` excluders unchanged, or at least two unchanged and the others changed to
    /// have a value outside the set's (never left without one): it had at least two common
    /// excluders then (so it was tried) and they forbade at least what they forbid now,
    /// and it excluded nothing then, so it excludes nothing now.
    fn fruitless(self, grid: &SeGrid, set: u128, common: u128) -> bool {
        if set & !self.base != 0 || set & self.changed != 0 {
            return false;
        }
        let changed = common & self.changed;
        if changed == 0 {
            return true;
        }
        let unchanged = common & !self.changed;
        let values = bits(set).fold(0, |m, c| m | grid.cands[c]);
        unchanged & unchanged.wrapping_sub(1) != 0
            && bits(changed).all(|e| grid.cands[e] & !values != 0)
    }

    /// The third cells that may make a set not [`Since::fruitless`] with this pair and its
    /// common excluders (some of them): with the pair base cells then and unchanged, a
    /// third changed or not a base cell then, or seeing a changed common excluder (the
    /// set's common excluders are the third's among the pair's); otherwise any.
    fn thirds_to_try(self, pair: u128, pair_common: u128) -> u128 {
        if pair & !self.base != 0 || pair & self.changed != 0 {
            return !0;
        }
        bits(pair_common & self.changed).fold(self.changed | !self.base, |m, e| m | PEER_MASKS[e])
    }
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
    let since = last.take().map_or(Since::NOTHING, |l| Since {
        changed: grid.changed_since(&l.grid),
        base: l.base,
    });
    let found = search(grid, degree, since);
    if let Err(base) = found {
        *last = Some(Fruitless {
            grid: grid.clone(),
            base,
        });
    }
    found.ok()
}

/// The first set that excludes a candidate, or the base cells when none does.
fn search(grid: &SeGrid, degree: usize, since: Since) -> Result<SeStep, u128> {
    let bases = Bases::of(grid, degree);
    // pairs in SE's (colex) order: {0,1}, {0,2}, {1,2}, {0,3}… of the base cells; a set
    // with fewer than two common excluders excludes nothing (a triplet's are among its
    // pair's)
    for c1 in bits(bases.cells) {
        for c0 in bits(bases.partners_before(c1)) {
            let found = if degree == 2 {
                pair_step(grid, &bases, since, [c0, c1])
            } else {
                triplet_step(grid, &bases, since, [c0, c1])
            };
            if let Some(step) = found {
                return Ok(step);
            }
        }
    }
    Err(bases.cells)
}

/// The pair's hint, if it excludes a candidate.
fn pair_step(grid: &SeGrid, bases: &Bases, since: Since, [c0, c1]: [usize; 2]) -> Option<SeStep> {
    let common = bases.excluders[c0] & bases.excluders[c1];
    if since.fruitless(grid, 1 << c0 | 1 << c1, common) {
        return None;
    }
    let allowed = exclusion(grid, &[c0, c1], common)?;
    Some(step(grid, bases, &[c0, c1], common, &allowed))
}

/// The hint of the first triplet of the pair and a third cell (the pair's excluders that
/// are base cells, in SE's order) that excludes a candidate.
fn triplet_step(
    grid: &SeGrid,
    bases: &Bases,
    since: Since,
    [c0, c1]: [usize; 2],
) -> Option<SeStep> {
    let pair = 1 << c0 | 1 << c1;
    let pair_common = bases.excluders[c0] & bases.excluders[c1];
    // the third cells: the pair's excluders that are base cells, with at least two of the
    // pair's common excluders, the set not met before (those that may exclude something
    // since the last call first)
    let excluders = (bases.excluders[c0] | bases.excluders[c1]) & bases.cells & !pair;
    let to_try = excluders & since.thirds_to_try(pair, pair_common);
    if to_try == 0 {
        return None;
    }
    let thirds = excluders & seeing_two_of(pair_common) & !bases.met_before(c0, c1);
    let excludes = |t: usize| {
        let common = pair_common & bases.excluders[t];
        if since.fruitless(grid, pair | 1 << t, common) {
            return None;
        }
        exclusion(grid, &[c0, c1, t], common).map(|allowed| (common, allowed))
    };
    // SE takes the third cells in c0's, then c1's excluders' order: that order matters
    // only for the set reported, so they are tried in cell order first
    if !bits(to_try & thirds).any(|t| excludes(t).is_some()) {
        return None;
    }
    let mut seen = 0u128;
    for t in bases
        .in_se_order(c0, thirds)
        .chain(bases.in_se_order(c1, thirds))
    {
        if seen >> t & 1 != 0 {
            continue;
        }
        seen |= 1 << t;
        if let Some((common, allowed)) = excludes(t) {
            return Some(step(grid, bases, &[c0, c1, t], common, &allowed));
        }
    }
    None
}

/// The hint: each base cell loses its candidates outside `allowed`; the common excluders
/// listed in the first cell's (SE's) order.
fn step(
    grid: &SeGrid,
    bases: &Bases,
    cells: &[usize],
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
    let common: Vec<usize> = bases.in_se_order(cells[0], common_mask).collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (64-bit LCG).
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
        /// A mask of `count` distinct values 1..=9.
        fn values(&mut self, count: usize) -> u16 {
            let mut mask = 0u16;
            while mask.count_ones() < count as u32 {
                mask |= 1 << (1 + self.below(9));
            }
            mask
        }
        /// Empty cells of 1..=max_count candidates each, singles rarer.
        fn grid(&mut self, max_count: usize) -> SeGrid {
            let cands = std::array::from_fn(|_| {
                let count = if self.below(12) == 0 {
                    1
                } else {
                    2 + self.below(max_count - 1)
                };
                self.values(count)
            });
            SeGrid::from_parts([0; 81], cands)
        }
    }

    /// The values each cell takes in some combination of its candidates with no two equal
    /// values in cells that see each other and no cell of `common` with every candidate
    /// among the combination's values.
    fn plain_allowed(grid: &SeGrid, cells: &[usize], common: u128) -> [u16; 3] {
        let mut allowed = [0u16; 3];
        let n = cells.len();
        let mut choice = vec![0usize; n];
        let options: Vec<Vec<usize>> = cells
            .iter()
            .map(|&c| bits(grid.cands[c] as u32).collect())
            .collect();
        'combinations: loop {
            let values: Vec<usize> = (0..n).map(|i| options[i][choice[i]]).collect();
            let seen = values.iter().fold(0u16, |m, &v| m | 1 << v);
            let clash =
                (0..n).any(|i| (0..i).any(|j| values[i] == values[j] && sees(cells[i], cells[j])));
            let covered = bits(common).any(|e| grid.cands[e] & !seen == 0);
            if !clash && !covered {
                for i in 0..n {
                    allowed[i] |= 1 << values[i];
                }
            }
            for i in 0..n {
                choice[i] += 1;
                if choice[i] < options[i].len() {
                    continue 'combinations;
                }
                choice[i] = 0;
            }
            return allowed;
        }
    }

    #[test]
    fn boards_allow_the_values_of_the_plain_enumeration() {
        let mut random = Lcg(7);
        for round in 0..4000 {
            let degree = 2 + round % 2;
            let grid = random.grid(4);
            let mut cells = Vec::new();
            while cells.len() < degree {
                let c = random.below(81);
                if !cells.contains(&c) && grid.count(c) >= 2 {
                    cells.push(c);
                }
            }
            // common excluders: peers of every cell with 2..=degree candidates (or, to
            // test the boards alone, any such cells)
            let seeing_all = cells.iter().fold(!0u128, |m, &c| m & PEER_MASKS[c]);
            let pool = if round % 3 == 0 { !0 } else { seeing_all };
            let common = (0..81)
                .filter(|&e| pool >> e & 1 != 0 && !cells.contains(&e))
                .filter(|&e| (2..=degree).contains(&(grid.count(e) as usize)))
                .filter(|_| random.below(3) == 0)
                .fold(0u128, |m, e| m | 1 << e);
            let values = cells.iter().fold(0, |m, &c| m | grid.cands[c]);
            let forbidden = Forbidden::of(&grid, common, values);
            let plain = plain_allowed(&grid, &cells, common);
            assert_eq!(allowed_values(&grid, &cells, &forbidden), plain);
            let full = cells
                .iter()
                .enumerate()
                .all(|(i, &c)| grid.cands[c] & !plain[i] == 0);
            assert_eq!(exclusion(&grid, &cells, common), (!full).then_some(plain));
        }
    }

    #[test]
    fn masks_give_the_pairs_and_sets_of_the_plain_rules() {
        let mut random = Lcg(11);
        for round in 0..200 {
            let degree = 2 + round % 2;
            let bases = Bases::of(&random.grid(4), degree);
            for c1 in bits(bases.cells) {
                let plain_partners = bits(bases.cells & below(c1))
                    .filter(|&c0| (bases.excluders[c0] & bases.excluders[c1]).count_ones() >= 2)
                    .fold(0u128, |m, c0| m | 1 << c0);
                assert_eq!(bases.partners_before(c1), plain_partners);
                for c0 in bits(bases.cells & below(c1)) {
                    let met = bases.met_before(c0, c1);
                    for t in bits(bases.cells & !(1 << c0 | 1 << c1)) {
                        // `a` is among `b`'s excluders
                        let excluder = |a: usize, b: usize| bases.excluders[b] >> a & 1 != 0;
                        let plain = if t > c1 {
                            false
                        } else if t > c0 {
                            excluder(c1, c0) || excluder(c1, t)
                        } else {
                            excluder(c1, t)
                                || excluder(c1, c0)
                                || excluder(c0, t)
                                || excluder(c0, c1)
                        };
                        assert_eq!(met >> t & 1 != 0, plain);
                    }
                }
            }
        }
    }

    fn summary(step: Option<SeStep>) -> Option<String> {
        step.map(|s| format!("{} {:?} {:?}", s.name, s.eliminations, s.proofs))
    }

    #[test]
    fn keeping_finds_what_a_fresh_search_finds() {
        let mut random = Lcg(3);
        let mut found = 0;
        for degree in [2, 3] {
            for _ in 0..30 {
                let mut grid = random.grid(3 + degree / 3);
                let mut last = None;
                for _ in 0..40 {
                    let kept = aligned_exclusion_keeping(&grid, degree, &mut last);
                    let fresh = aligned_exclusion(&grid, degree);
                    found += kept.is_some() as usize;
                    assert_eq!(summary(kept), summary(fresh));
                    // a few candidates go (never a cell's last)
                    for _ in 0..1 + random.below(4) {
                        let cell = random.below(81);
                        let value = 1 + random.below(9) as u8;
                        if grid.count(cell) >= 2 {
                            grid.remove(cell, value);
                        }
                    }
                }
            }
        }
        assert!(found > 0);
    }
}
