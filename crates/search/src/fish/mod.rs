//! HoDoKu's generalised fish search, one routine for every shape: base and cover houses
//! are data (which of the 27 houses each side may take: rows against columns for basic
//! fish, rows and blocks against columns and blocks for Franken fish, anything for mutant
//! fish), fins and endo fins found, cannibalistic places eliminated, and Siamese fish (two
//! finned fish on one base with different eliminations) joined into one step.
//!
//! **Search** (HoDoKu's fish finder, with its template check made exact): a fish is logic
//! on one digit, so it can only eliminate a candidate in none of the digit's templates
//! ([`crate::templates::single_digit_possible`]); a digit with no such *target*
//! is skipped. Per digit, base sets are chosen house by house (at most [`MAX_ENDO_FINS`]
//! places in two base houses), a partial base set dropped when no target could be
//! eliminated by any base set holding it ([`Digitwise::may_fish`]: the target must see the
//! endo fins, and the places that do not see it — never fins — must fit in n covers, a
//! lower bound being a set of places no two of which one house off the base holds). For
//! each base set the covers are found by taking the lowest base place not yet covered and
//! either covering it with one of its (at most three) eligible houses or making it a fin
//! (at most [`MAX_FINS`]), each (covers, fins) reached once, with 81-bit masks per house
//! and per base place. At every node the targets still possible are kept (a fin must be
//! seen by them; a cover that could hold them must be chosen or still allowed; their
//! non-peer places must fit in the covers left) and the branch ends when none is; places
//! no remaining cover holds are fins already, counted and seen. These bounds only cut
//! branches that eliminate nothing, so the fish found, and their order, are those of the
//! plain enumeration.
//!
//! **Complexity and bound**: the base sets of size n are C(h, n) for h open houses of the
//! digit (h ≤ 18 for Franken, ≤ 27 for mutant fish), each with at most 4^(n + fins) cover
//! branches; the bounds leave a few thousand nodes a state ([`FishSearch::work`]). Sizes
//! 2 to 4 are at most 20,826 base sets a digit and shape, never cut; a search of sizes 5
//! to 7 stops after [`MAX_WORK`] units of work (base sets and cover-search nodes, all
//! digits together, in order: [`FishSearch::cut`] says which digits were not finished),
//! so it may miss a fish. On top1465's 1,142 basic-stuck states (PERFORMANCE.md) the
//! median mutant search of size 5 to 7 does about 27,000 units (2 ms), the largest 2.4
//! million; the bound cuts a few states and keeps every search under 100 ms.

use std::collections::HashSet;
use std::ops::RangeInclusive;
use sudolink_engine::graph::als::{mask_cells, seeing_all};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::{house_mask, peer_mask, HOUSE_MASKS};
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, Digit, House};
use sudolink_engine::proof::fish::{FishBody, FishPattern, FishShape};
use sudolink_engine::proof::{Pattern, Proof};

pub mod kraken;

/// The largest fish (leviathan).
pub const MAX_SIZE: usize = 7;
/// HoDoKu's default bound on fins (exo and endo together).
pub const MAX_FINS: u32 = 5;
/// HoDoKu's default bound on a kraken fish's fins (kraken type 2).
pub const MAX_KRAKEN_FINS: u32 = 2;
/// HoDoKu's default bound on endo fins.
pub const MAX_ENDO_FINS: u32 = 2;
/// The work (base sets and cover-search nodes) a search of sizes 5 to 7 may do in one
/// state (all digits together, in order).
pub const MAX_WORK: usize = 600_000;
/// Every cell.
const ALL_CELLS: u128 = (1 << 81) - 1;

/// What a search of one shape found, and whether its bound cut it.
pub struct FishSearch {
    pub proofs: Vec<Proof>,
    /// The digits whose search ran past [`MAX_WORK`].
    pub cut: Vec<Digit>,
    /// The work done, all digits together (base sets and cover-search nodes).
    pub work: usize,
}

/// Which houses each side may take, for a shape: (base, cover) by house index.
fn sides(shape: FishShape) -> Vec<(Vec<usize>, Vec<usize>)> {
    let rows: Vec<usize> = (0..9).collect();
    let cols: Vec<usize> = (9..18).collect();
    let blocks: Vec<usize> = (18..27).collect();
    let with_blocks = |v: &[usize]| [v, &blocks[..]].concat();
    match shape {
        FishShape::Basic => vec![(rows.clone(), cols.clone()), (cols, rows)],
        FishShape::Franken => vec![
            (with_blocks(&rows), with_blocks(&cols)),
            (with_blocks(&cols), with_blocks(&rows)),
        ],
        FishShape::Mutant => vec![((0..27).collect(), (0..27).collect())],
    }
}

/// Fish found for one digit, each with the places (of the digit) it is kept for.
pub(super) type Found = Vec<(FishPattern, u128)>;

/// No eligible cover for a house.
const NONE: u8 = u8::MAX;

struct Digitwise<'a> {
    digit: Digit,
    open: u128,
    masks: &'a [u128; 27],
    shape: FishShape,
    n: usize,
    base_ids: Vec<usize>,
    /// The base houses as a mask (bit = house index).
    base_set: u32,
    cover_pool: &'a [usize],
    /// The cover side's houses as a mask.
    cover_ok: u32,
    found: &'a mut Found,
    /// The work done so far (base sets and cover-search nodes), and its bound.
    work: &'a mut usize,
    budget: usize,
    /// What the fish are for.
    aim: Aim<'a>,
    /// The most fins (exo and endo) a fish may have.
    max_fins: u32,
    /// Kraken type 2, by number of fins: the candidates every fin so far forces false.
    fin_common: [CandidateSet; MAX_FINS as usize + 2],
    /// The eligible covers of the current base set (covers by their slot `k`): house
    /// index, and the base places each holds.
    eligible: [usize; 27],
    cover_places: [u128; 27],
    eligible_len: usize,
    /// Per house: its slot among the eligible covers, or [`NONE`].
    slot: [u8; 27],
    /// Per base place: the slots of the eligible covers holding it, and their places
    /// (its own included).
    place_slots: [u32; 81],
    place_reach: [u128; 81],
    /// Per target place of the current base set: the eligible covers that could make it an
    /// elimination (any one of them, or both for a base place: a cannibal).
    need: [u32; 81],
    need_both: u128,
}

impl Digitwise<'_> {
    /// Every (covers, fins) for the base `base_ids` with places `base` and endo fins `endo`.
    fn covers(&mut self, base: u128, endo: u128) {
        let mut len = 0;
        for &i in self.cover_pool {
            let places = self.masks[i] & base;
            if self.base_set >> i & 1 == 0 && places != 0 {
                self.eligible[len] = i;
                self.cover_places[len] = places;
                len += 1;
            }
        }
        if len < self.n {
            return;
        }
        self.eligible_len = len;
        for cell in mask_cells(base) {
            self.place_slots[cell.index()] = 0;
        }
        for k in 0..len {
            for cell in mask_cells(self.cover_places[k]) {
                self.place_slots[cell.index()] |= 1 << k;
            }
        }
        for cell in mask_cells(base) {
            let mut reach = 1u128 << cell.index();
            for k in bits(self.place_slots[cell.index()]) {
                reach |= self.cover_places[k];
            }
            self.place_reach[cell.index()] = reach;
        }
        let mut alive = match self.aim {
            Aim::Eliminations(targets) => self.targets_of(targets, base),
            // fins are base places: a target is forced false by one of them at least
            Aim::Kraken1(forces) => {
                let reach = mask_cells(base).fold(0, |m, x| m | forces[x.index()]);
                self.targets_of(reach, base)
            }
            Aim::Kraken2(_) => {
                self.fin_common[0] = CandidateSet::full();
                ALL_CELLS
            }
        };
        for c in mask_cells(endo) {
            alive = self.fin_filter(alive, c.index());
            if let Aim::Kraken2(forces) = self.aim {
                let k = (endo & ((1u128 << c.index()) - 1)).count_ones() as usize;
                self.fin_common[k + 1] = self.fin_common[k].intersection(&forces[c.index()]);
                if self.fin_common[k + 1].is_empty() {
                    return;
                }
            }
        }
        if alive == 0 {
            return;
        }
        let mut chosen = [0usize; MAX_SIZE];
        // endo fins are fins whether covered or not: only the other places need a cover
        let nfins = endo.count_ones();
        self.extend(
            base,
            base & !endo,
            &mut chosen,
            0,
            0,
            0,
            endo,
            nfins,
            0,
            alive,
        );
    }

    /// What a fin at `x` leaves of the targets `alive`: those it sees (they must see every
    /// fin), or (kraken type 1) those its assumption forces false.
    fn fin_filter(&self, alive: u128, x: usize) -> u128 {
        match self.aim {
            Aim::Eliminations(_) => alive & peer_mask(Cell::new(x)),
            Aim::Kraken1(forces) => alive & forces[x],
            Aim::Kraken2(_) => alive,
        }
    }

    /// The targets a fish on this base set could make eliminations, each with the covers
    /// that would make it one (`need`, `need_both`): a place outside the base in an
    /// eligible cover, or a base place in one base house whose other two houses are both
    /// eligible covers (a cannibal).
    fn targets_of(&mut self, targets: u128, base: u128) -> u128 {
        self.slot = [NONE; 27];
        for k in 0..self.eligible_len {
            self.slot[self.eligible[k]] = k as u8;
        }
        let mut alive = 0u128;
        for cell in mask_cells(targets & self.open) {
            let houses = [cell.row(), 9 + cell.col(), 18 + cell.block()];
            let bit = 1u128 << cell.index();
            let mut need = 0u32;
            if base & bit != 0 {
                // one base house (two would make it an endo fin): both others cover it
                let mut both = true;
                for h in houses {
                    if self.base_set >> h & 1 == 1 {
                        continue;
                    }
                    match self.slot[h] {
                        NONE => both = false,
                        k => need |= 1 << k,
                    }
                }
                if !both {
                    continue;
                }
                self.need_both |= bit;
            } else {
                for h in houses {
                    if self.slot[h] != NONE {
                        need |= 1 << self.slot[h];
                    }
                }
                if need == 0 {
                    continue;
                }
                self.need_both &= !bit;
            }
            self.need[cell.index()] = need;
            alive |= bit;
        }
        alive
    }

    /// The targets of `alive` that the covers chosen or still allowed (`allowed`) can make
    /// eliminations.
    fn still_alive(&self, alive: u128, allowed: u32) -> u128 {
        let mut out = alive;
        for cell in mask_cells(alive) {
            let need = self.need[cell.index()];
            let ok = if self.need_both >> cell.index() & 1 == 1 {
                need & !allowed == 0
            } else {
                need & allowed != 0
            };
            if !ok {
                out &= !(1u128 << cell.index());
            }
        }
        out
    }

    /// Whether a base set holding the current one (places `base`, endo fins `endo`) may
    /// eliminate a target: one that sees the endo fins and whose non-peer places (never
    /// fins) the `n` covers can hold — places no two of which one house off the base (of
    /// the cover side) holds need a cover each. Later base houses only add places and take
    /// covers away, so a base set that fails has no completion that passes.
    fn may_fish(&self, base: u128, endo: u128) -> bool {
        let Aim::Eliminations(targets) = self.aim else {
            return true;
        };
        let mut t = targets & self.open;
        if endo != 0 {
            t &= seeing_all(endo);
        }
        let covers = self.cover_ok & !self.base_set;
        for target in mask_cells(t) {
            // the target too needs a cover (twice, in the base)
            let mut must = (base & !peer_mask(target)) | 1u128 << target.index();
            let mut needed = 0;
            while must != 0 && needed <= self.n {
                let x = Cell::new(must.trailing_zeros() as usize);
                let mut held = false;
                for h in [x.row(), 9 + x.col(), 18 + x.block()] {
                    if covers >> h & 1 == 1 {
                        must &= !self.masks[h];
                        held = true;
                    }
                }
                if !held {
                    needed = self.n + 1; // neither a cover nor a fin can take it
                    break;
                }
                must &= !(1u128 << x.index());
                needed += 1;
            }
            if needed <= self.n {
                return true;
            }
        }
        false
    }

    /// The targets of `alive` for which the places that cannot be fins (those that do not
    /// see it, and itself) can still be covered by `left` of the covers `free` (the others
    /// not yet chosen): places no two of which one free cover holds need a cover each, and
    /// so does a target outside the base no chosen cover holds.
    fn within_covers(
        &self,
        alive: u128,
        uncovered: u128,
        chosen: u32,
        free: u32,
        left: usize,
    ) -> u128 {
        let mut out = alive;
        for t in mask_cells(alive) {
            let mut must = uncovered & !peer_mask(t);
            let mut needed = 0;
            let outside = self.need_both >> t.index() & 1 == 0;
            if outside && self.need[t.index()] & chosen == 0 {
                for k in bits(self.need[t.index()] & free) {
                    must &= !self.cover_places[k];
                }
                needed = 1;
            }
            while must != 0 && needed <= left {
                let x = must.trailing_zeros() as usize;
                if self.place_slots[x] & free == 0 {
                    needed = left + 1; // neither a cover nor a fin can take it
                    break;
                }
                // (the places sharing any eligible cover with x: fewer places counted,
                // still none two of which a free cover holds)
                must &= !self.place_reach[x];
                needed += 1;
            }
            if needed > left {
                out &= !(1u128 << t.index());
            }
        }
        out
    }

    /// `uncovered`: base places neither covered nor fins yet; `forbidden`: covers that may
    /// no longer be chosen (they hold a place made a fin, or one already covered by a
    /// later cover in canonical order); `alive`: the targets still reachable.
    ///
    /// Pruned (no fish with an elimination below): a target no cover left can make an
    /// elimination, or whose non-peer places need more covers than are left
    /// ([`Digitwise::within_covers`]); places no cover left holds (fins to be) more than
    /// the fins allowed or not all seen by a target.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &mut self,
        base: u128,
        uncovered: u128,
        chosen: &mut [usize; MAX_SIZE],
        count: usize,
        chosen_slots: u32,
        forbidden: u32,
        fins: u128,
        nfins: u32,
        covered: u128,
        alive: u128,
    ) {
        *self.work += 1;
        if *self.work > self.budget {
            return;
        }
        let uncovered = uncovered & !covered;
        if count == self.n {
            self.conclude(base, &chosen[..count], fins | uncovered);
            return;
        }
        if uncovered == 0 {
            return; // fewer covers than bases hold every place: not a fish of size n
        }
        let free = ((1u32 << self.eligible_len) - 1) & !forbidden;
        let mut alive = alive;
        if !matches!(self.aim, Aim::Kraken2(_)) {
            alive = self.still_alive(alive, chosen_slots | free);
            if let Aim::Eliminations(_) = self.aim {
                alive = self.within_covers(alive, uncovered, chosen_slots, free, self.n - count);
            }
            if alive == 0 {
                return;
            }
        }
        // what the covers left can take: the places no one holds are fins
        let mut reach = 0u128;
        for k in bits(free) {
            reach |= self.cover_places[k];
        }
        let forced = uncovered & !reach;
        if forced != 0 {
            if nfins + forced.count_ones() > self.max_fins {
                return;
            }
            for c in mask_cells(forced) {
                alive = self.fin_filter(alive, c.index());
            }
            if alive == 0 {
                return;
            }
            if let Aim::Kraken2(forces) = self.aim {
                let mut common = self.fin_common[nfins as usize];
                for c in mask_cells(forced) {
                    common = common.intersection(&forces[c.index()]);
                }
                if common.is_empty() {
                    return;
                }
            }
        }
        let x = uncovered.trailing_zeros() as usize;
        let xbit = 1u128 << x;
        // cover x with one of its houses (at most three), the lowest-numbered of the set
        // that holds it
        let holders = self.place_slots[x] & free;
        let mut earlier = 0u32;
        for k in bits(holders) {
            let i = self.eligible[k];
            chosen[count] = i;
            // the covers of x listed before this one may not join later
            self.extend(
                base,
                uncovered,
                chosen,
                count + 1,
                chosen_slots | 1 << k,
                forbidden | earlier | 1 << k,
                fins,
                nfins,
                covered | (self.masks[i] & self.open),
                alive,
            );
            earlier |= 1 << k;
        }
        // or make x a fin: no cover of the set may hold it, every target sees it
        if nfins + 1 > self.max_fins {
            return;
        }
        let alive_x = self.fin_filter(alive, x);
        if let Aim::Kraken2(forces) = self.aim {
            let f = nfins as usize;
            self.fin_common[f + 1] = self.fin_common[f].intersection(&forces[x]);
            if self.fin_common[f + 1].is_empty() {
                return;
            }
        }
        if alive_x != 0 {
            self.extend(
                base,
                uncovered & !xbit,
                chosen,
                count,
                chosen_slots,
                forbidden | holders,
                fins | xbit,
                nfins + 1,
                covered,
                alive_x,
            );
        }
    }

    fn conclude(&mut self, base: u128, chosen: &[usize], fins: u128) {
        if fins.count_ones() > self.max_fins {
            return;
        }
        let mut covered = 0u128;
        let mut cannibals = 0u128;
        for &i in chosen {
            let m = self.masks[i] & self.open;
            cannibals |= covered & m & base;
            covered |= m;
        }
        let unfinned = ((covered & !base) | cannibals) & !fins;
        let elims = match self.aim {
            Aim::Eliminations(_) if fins == 0 => unfinned,
            Aim::Eliminations(_) => unfinned & seeing_all(fins),
            _ if fins == 0 => return,
            // kraken type 1: what it would eliminate without the fins, not seen by every
            // fin, that every fin forces false
            Aim::Kraken1(forces) => {
                mask_cells(fins).fold(unfinned & !seeing_all(fins), |m, f| m & forces[f.index()])
            }
            // kraken type 2 (as HoDoKu's, on a fish with no elimination of its own):
            // finned fish whose fins all force a candidate false
            Aim::Kraken2(_) if unfinned & seeing_all(fins) != 0 => return,
            Aim::Kraken2(forces) => {
                let common = mask_cells(fins).fold(CandidateSet::full(), |m, f| {
                    m.intersection(&forces[f.index()])
                });
                if common.is_empty() {
                    return;
                }
                unfinned
            }
        };
        if elims == 0 && !matches!(self.aim, Aim::Kraken2(_)) {
            return;
        }
        let base_h: Vec<House> = self
            .base_ids
            .iter()
            .map(|&i| House::from_index(i))
            .collect();
        let cover_h: Vec<House> = chosen.iter().map(|&i| House::from_index(i)).collect();
        if FishShape::of(&base_h, &cover_h) != self.shape {
            return;
        }
        let endo = self.endo_of(base);
        let exo = fins & !endo;
        let mut cover_sorted = cover_h;
        cover_sorted.sort();
        let body = FishBody {
            cover: cover_sorted,
            fins: mask_cells(exo).collect(),
            endo_fins: mask_cells(endo).collect(),
        };
        let mut pattern = FishPattern {
            digit: self.digit,
            shape: self.shape,
            base: base_h,
            bodies: vec![body],
            sashimi: false,
        };
        pattern.sashimi = sashimi_of(&pattern, self.open);
        self.found.push((pattern, elims));
    }

    fn endo_of(&self, base: u128) -> u128 {
        let mut seen = 0u128;
        let mut endo = 0u128;
        for &i in &self.base_ids {
            let m = self.masks[i] & self.open;
            endo |= seen & m;
            seen |= m;
        }
        endo & base
    }
}

/// HoDoKu's sashimi test on masks (the checker's `proof::fish::is_sashimi` reads the
/// state).
fn sashimi_of(p: &FishPattern, open: u128) -> bool {
    let body = &p.bodies[0];
    if p.shape != FishShape::Basic || body.fins.is_empty() {
        return false;
    }
    let fins = body.fins.iter().fold(0u128, |m, c| m | 1 << c.index());
    p.base
        .iter()
        .any(|&h| (house_mask(h) & open & !fins).count_ones() <= 1)
}

/// Choose base sets of size `n` from `pool` (by house index), recursively.
#[allow(clippy::too_many_arguments)]
fn bases(w: &mut Digitwise, pool: &[usize], from: usize, base: u128, endo: u128) -> bool {
    if w.base_ids.len() == w.n {
        *w.work += 1;
        w.covers(base, endo);
        return *w.work <= w.budget;
    }
    for k in from..pool.len() {
        if pool.len() - k < w.n - w.base_ids.len() {
            break;
        }
        let m = w.masks[pool[k]] & w.open;
        let endo2 = endo | (base & m);
        if endo2.count_ones() > MAX_ENDO_FINS {
            continue;
        }
        w.base_ids.push(pool[k]);
        w.base_set |= 1 << pool[k];
        let go_on = !w.may_fish(base | m, endo2) || bases(w, pool, k + 1, base | m, endo2);
        w.base_set &= !(1 << pool[k]);
        w.base_ids.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// Every fish of `shape` with a size in `sizes` (within 2 to [`MAX_SIZE`]), basic and
/// finned, in the state, each elimination set once, smallest first; with `siamese`, only
/// the Siamese pairs.
pub fn search(
    links: &LinkIndex,
    shape: FishShape,
    siamese: bool,
    sizes: RangeInclusive<usize>,
) -> FishSearch {
    let (per_digit, cut, work) = fishes(links, shape, sizes, None);
    let mut proofs: Vec<Proof> = Vec::new();
    for found in per_digit {
        proofs.extend(if siamese {
            siamese_pairs(&found)
        } else {
            unique(found)
        });
    }
    proofs.sort_by_key(|p| p.length);
    FishSearch { proofs, cut, work }
}

/// What a fish search is for.
#[derive(Clone, Copy)]
enum Aim<'a> {
    /// Fish eliminating some of these places of the digit.
    Eliminations(u128),
    /// Kraken type 1: finned fish and the places they would eliminate without their fins
    /// that the fins do not all see and each fin forces false (per place of the digit, the
    /// places of the digit its assumption forces false).
    Kraken1(&'a [u128; 81]),
    /// Kraken type 2: finned fish whose fins all force some candidate false (per place of
    /// the digit, the candidates its assumption forces false), with what they would
    /// eliminate without fins.
    Kraken2(&'a [CandidateSet; 81]),
}

/// What each digit's fish search is for, when it is not the fish's own eliminations.
#[derive(Clone, Copy)]
enum Kraken<'a> {
    Type1(&'a [[u128; 81]]),
    Type2(&'a [[CandidateSet; 81]]),
}

/// Per digit, every fish of `shape` with a size in `sizes` and the places it eliminates
/// (or, for `kraken`, the finned fish its [`Aim`] asks for); the digits whose search was
/// cut.
fn fishes(
    links: &LinkIndex,
    shape: FishShape,
    sizes: RangeInclusive<usize>,
    kraken: Option<Kraken>,
) -> (Vec<Found>, Vec<Digit>, usize) {
    let mut open = [0u128; 9];
    for c in links.open().iter() {
        open[c.digit().index()] |= 1 << c.cell().index();
    }
    let masks = HOUSE_MASKS;
    // a fish is logic on one digit: it can only eliminate a candidate in none of the
    // digit's templates (for kraken fish, whose chains use every digit, no such bound)
    let possible = kraken
        .is_none()
        .then(|| crate::templates::single_digit_possible(links));
    let mut per_digit = Vec::new();
    let mut cut = Vec::new();
    // one bound for the whole search (large sizes): digits after it ran out are cut
    let mut work = 0usize;
    let budget = if *sizes.end() > 4 {
        MAX_WORK
    } else {
        usize::MAX
    };
    for (d, &digit_open) in open.iter().enumerate() {
        if digit_open == 0 {
            continue;
        }
        let aim = match (kraken, possible) {
            (Some(Kraken::Type1(f)), _) => Aim::Kraken1(&f[d]),
            (Some(Kraken::Type2(f)), _) => Aim::Kraken2(&f[d]),
            (None, Some(p)) => Aim::Eliminations(digit_open & !p[d]),
            (None, None) => unreachable!("templates computed without kraken"),
        };
        if let Aim::Eliminations(0) = aim {
            per_digit.push(Vec::new());
            continue;
        }
        let digit = Digit::from_index(d);
        let mut found: Found = Vec::new();
        if work > budget {
            cut.push(digit);
            per_digit.push(found);
            continue;
        }
        'sizes: for n in (*sizes.start()).max(2)..=(*sizes.end()).min(MAX_SIZE) {
            for (base_side, cover_side) in sides(shape) {
                let pool: Vec<usize> = base_side
                    .iter()
                    .copied()
                    .filter(|&i| masks[i] & digit_open != 0)
                    .collect();
                let mut w = Digitwise {
                    digit,
                    open: digit_open,
                    masks: &masks,
                    shape,
                    n,
                    base_ids: Vec::new(),
                    base_set: 0,
                    cover_pool: &cover_side,
                    cover_ok: cover_side.iter().fold(0, |m, &h| m | 1 << h),
                    found: &mut found,
                    work: &mut work,
                    budget,
                    aim,
                    max_fins: match aim {
                        Aim::Kraken2(_) => MAX_KRAKEN_FINS,
                        _ => MAX_FINS,
                    },
                    fin_common: [CandidateSet::EMPTY; MAX_FINS as usize + 2],
                    eligible: [0; 27],
                    cover_places: [0; 27],
                    eligible_len: 0,
                    slot: [NONE; 27],
                    place_slots: [0; 81],
                    place_reach: [0; 81],
                    need: [0; 81],
                    need_both: 0,
                };
                if !bases(&mut w, &pool, 0, 0, 0) {
                    cut.push(digit);
                    break 'sizes;
                }
            }
        }
        per_digit.push(found);
    }
    (per_digit, cut, work)
}

fn candidates(digit: Digit, mask: u128) -> Vec<Candidate> {
    mask_cells(mask).map(|c| Candidate::new(c, digit)).collect()
}

/// One proof per elimination set (the first, smallest fish found for it).
fn unique(found: Found) -> Vec<Proof> {
    let mut seen: HashSet<u128> = HashSet::new();
    found
        .into_iter()
        .filter(|(_, e)| seen.insert(*e))
        .map(|(p, e)| {
            let elims = candidates(p.digit, e);
            Proof::new(Pattern::GeneralFish(Box::new(p)), elims, vec![])
        })
        .collect()
}

/// Two finned fish on one base with different eliminations, as one step (HoDoKu's
/// Siamese fish), each union of eliminations once.
fn siamese_pairs(found: &[(FishPattern, u128)]) -> Vec<Proof> {
    let mut seen: HashSet<u128> = HashSet::new();
    let mut out = Vec::new();
    for (i, (a, ea)) in found.iter().enumerate() {
        if !a.finned() {
            continue;
        }
        for (b, eb) in &found[i + 1..] {
            if !b.finned() || a.base != b.base || ea == eb || !seen.insert(ea | eb) {
                continue;
            }
            let mut p = a.clone();
            p.bodies.push(b.bodies[0].clone());
            let elims = candidates(p.digit, ea | eb);
            out.push(Proof::new(Pattern::GeneralFish(Box::new(p)), elims, vec![]));
        }
    }
    out
}
