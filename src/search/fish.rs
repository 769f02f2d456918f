//! HoDoKu's generalised fish search, one routine for every shape: base and cover houses
//! are data (which of the 27 houses each side may take: rows against columns for basic
//! fish, rows and blocks against columns and blocks for Franken fish, anything for mutant
//! fish), fins and endo fins found, cannibalistic places eliminated, and Siamese fish (two
//! finned fish on one base with different eliminations) joined into one step.
//!
//! **Search**: per digit, base sets are chosen house by house (at most [`MAX_ENDO_FINS`]
//! places in two base houses); for each base set the covers are found by taking the lowest
//! base place not yet covered and either covering it with one of its (at most three)
//! houses or making it a fin (at most [`MAX_FINS`], and only while the fins keep a
//! common peer holding the digit), each (covers, fins) reached once.
//!
//! **Complexity and bound**: the base sets of size n are C(h, n) for h open houses of the
//! digit (h ≤ 18 for Franken, ≤ 27 for mutant fish), each with at most 4^(n + fins) cover
//! branches. Sizes 2 to 4 are at most 20,826 base sets a digit and shape, never cut;
//! sizes 5 to 7 stop after [`MAX_BASE_SETS`] base sets a digit and shape
//! ([`FishSearch::cut`] says which digits), so they may miss a fish. Measured on top1465's
//! basic-stuck states: Franken fish of size 2 to 4 take about 35 ms a state, mutant fish
//! about 160 ms, which is why the registry asks them by name only.

use crate::graph::als::{mask_cells, seeing_all};
use crate::graph::LinkIndex;
use crate::grid::{Candidate, Digit, House};
use crate::proof::fish::{FishBody, FishPattern, FishShape};
use crate::proof::{Pattern, Proof};
use std::collections::HashSet;
use std::ops::RangeInclusive;

/// The largest fish (leviathan).
pub const MAX_SIZE: usize = 7;
/// HoDoKu's default bound on fins (exo and endo together).
pub const MAX_FINS: u32 = 5;
/// HoDoKu's default bound on endo fins.
pub const MAX_ENDO_FINS: u32 = 2;
/// Base sets tried per digit and shape in one state.
pub const MAX_BASE_SETS: usize = 40_000;

/// What a search of one shape found, and whether its bound cut it.
pub struct FishSearch {
    pub proofs: Vec<Proof>,
    /// The digits whose base sets ran past [`MAX_BASE_SETS`].
    pub cut: Vec<Digit>,
}

fn house_mask(h: House) -> u128 {
    h.cells().iter().fold(0u128, |m, c| m | 1 << c.index())
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

struct Digitwise<'a> {
    digit: Digit,
    open: u128,
    masks: &'a [u128; 27],
    shape: FishShape,
    n: usize,
    base_ids: Vec<usize>,
    cover_pool: &'a [usize],
    found: &'a mut Vec<(FishPattern, u128)>,
    /// The cells of the eligible covers of the current base set.
    reach: u128,
    /// Collect kraken candidates: finned fish with the places their fins keep.
    kraken: bool,
}

impl Digitwise<'_> {
    /// Every (covers, fins) for the base `base_ids` with places `base` and endo fins `endo`.
    fn covers(&mut self, base: u128, endo: u128) {
        let eligible: Vec<usize> = self
            .cover_pool
            .iter()
            .copied()
            .filter(|i| !self.base_ids.contains(i) && self.masks[*i] & base != 0)
            .collect();
        if eligible.len() < self.n {
            return;
        }
        // eliminations lie in covers: a fin set must keep a common peer there
        self.reach = eligible.iter().fold(0u128, |m, &i| m | self.masks[i]);
        let mut chosen = Vec::with_capacity(self.n);
        // endo fins are fins whether covered or not: only the other places need a cover
        self.extend(base, base & !endo, &eligible, &mut chosen, 0, endo, 0);
    }

    /// `uncovered`: base places neither covered nor fins yet; `forbidden`: covers that may
    /// no longer be chosen (they hold a place made a fin, or one already covered by a
    /// later cover in canonical order).
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &mut self,
        base: u128,
        uncovered: u128,
        eligible: &[usize],
        chosen: &mut Vec<usize>,
        forbidden: u32,
        fins: u128,
        covered: u128,
    ) {
        let uncovered = uncovered & !covered;
        if chosen.len() == self.n {
            self.conclude(base, chosen, fins | uncovered);
            return;
        }
        if uncovered == 0 {
            return; // fewer covers than bases hold every place: not a fish of size n
        }
        let x = uncovered.trailing_zeros() as usize;
        let xbit = 1u128 << x;
        // cover x with one of its houses (at most three), the lowest-numbered of the set
        // that holds it
        let mut holders = [0usize; 3];
        let mut count = 0;
        for (k, &i) in eligible.iter().enumerate() {
            if forbidden >> k & 1 == 0 && self.masks[i] & xbit != 0 && count < 3 {
                holders[count] = k;
                count += 1;
            }
        }
        let holders = &holders[..count];
        for (j, &k) in holders.iter().enumerate() {
            let i = eligible[k];
            // the covers of x listed before this one may not join later
            let also = holders[..j].iter().fold(0u32, |m, &h| m | 1 << h);
            chosen.push(i);
            self.extend(
                base,
                uncovered,
                eligible,
                chosen,
                forbidden | also | 1 << k,
                fins,
                covered | (self.masks[i] & self.open),
            );
            chosen.pop();
        }
        // or make x a fin: no cover of the set may hold it
        let fins_x = fins | xbit;
        let clustered = self.kraken || seeing_all(fins_x) & self.open & self.reach != 0;
        if fins_x.count_ones() <= MAX_FINS && clustered {
            let off = holders.iter().fold(0u32, |m, &h| m | 1 << h);
            self.extend(
                base,
                uncovered & !xbit,
                eligible,
                chosen,
                forbidden | off,
                fins_x,
                covered,
            );
        }
    }

    fn conclude(&mut self, base: u128, chosen: &[usize], fins: u128) {
        if fins.count_ones() > MAX_FINS {
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
        // what it eliminates, or (kraken) what it would without the fins that a fin
        // does not see
        let elims = if self.kraken {
            if fins == 0 {
                return;
            }
            unfinned & !seeing_all(fins)
        } else if fins != 0 {
            unfinned & seeing_all(fins)
        } else {
            unfinned
        };
        if elims == 0 {
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
fn bases(
    w: &mut Digitwise,
    pool: &[usize],
    from: usize,
    base: u128,
    endo: u128,
    tried: &mut usize,
) -> bool {
    if w.base_ids.len() == w.n {
        *tried += 1;
        if *tried > MAX_BASE_SETS {
            return false;
        }
        w.covers(base, endo);
        return true;
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
        let go_on = bases(w, pool, k + 1, base | m, endo2, tried);
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
    let (per_digit, cut) = fishes(links, shape, sizes, false);
    let mut proofs: Vec<Proof> = Vec::new();
    for found in per_digit {
        proofs.extend(if siamese {
            siamese_pairs(&found)
        } else {
            unique(found)
        });
    }
    proofs.sort_by_key(|p| p.length);
    FishSearch { proofs, cut }
}

/// Per digit, every fish of `shape` with a size in `sizes` and the places it eliminates
/// (`kraken`: every finned fish and the places it would eliminate without fins that its
/// fins do not see); the digits whose search was cut.
fn fishes(
    links: &LinkIndex,
    shape: FishShape,
    sizes: RangeInclusive<usize>,
    kraken: bool,
) -> (Vec<Vec<(FishPattern, u128)>>, Vec<Digit>) {
    let mut open = [0u128; 9];
    for c in links.open().iter() {
        open[c.digit().index()] |= 1 << c.cell().index();
    }
    let mut masks = [0u128; 27];
    for (i, m) in masks.iter_mut().enumerate() {
        *m = house_mask(House::from_index(i));
    }
    let mut per_digit = Vec::new();
    let mut cut = Vec::new();
    for (d, &digit_open) in open.iter().enumerate() {
        if digit_open == 0 {
            continue;
        }
        let digit = Digit::from_index(d);
        let mut found: Vec<(FishPattern, u128)> = Vec::new();
        let mut tried = 0usize;
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
                    cover_pool: &cover_side,
                    found: &mut found,
                    reach: 0,
                    kraken,
                };
                if !bases(&mut w, &pool, 0, 0, 0, &mut tried) {
                    cut.push(digit);
                    break 'sizes;
                }
            }
        }
        per_digit.push(found);
    }
    (per_digit, cut)
}

/// HoDoKu's kraken fish, type 1, on basic finned fish of size 2 to 4: for each place a
/// finned fish would eliminate but for fins it does not see, each fin is assumed true and
/// propagated (the net engine, ALS level, chain form: one propagation per fin, shared by
/// every fish); if every fin forces the place false, it goes. One proof per place, from
/// the first (smallest) fish found for it.
pub fn kraken(links: &LinkIndex) -> Vec<Proof> {
    use crate::proof::kraken::KrakenPattern;
    use crate::proof::net::{LinkLevel, NetForm};
    use crate::search::net::{NetGraph, Propagation};
    use std::collections::HashMap;
    let (per_digit, _) = fishes(links, FishShape::Basic, 2..=4, true);
    let (level, form) = (LinkLevel::Als, NetForm::Chain);
    let graph = NetGraph::new(links, level, form);
    let mut runs: HashMap<Candidate, Propagation> = HashMap::new();
    let mut done: HashSet<Candidate> = HashSet::new();
    let mut proofs = Vec::new();
    for (fish, targets) in per_digit.into_iter().flatten() {
        let body = &fish.bodies[0];
        let fins: Vec<Candidate> = body
            .fins
            .iter()
            .chain(&body.endo_fins)
            .map(|&c| Candidate::new(c, fish.digit))
            .collect();
        for &f in &fins {
            runs.entry(f).or_insert_with(|| {
                let mut p = Propagation::new(&graph);
                p.run(&graph, f, false);
                p
            });
        }
        for target in candidates(fish.digit, targets) {
            if done.contains(&target)
                || !fins
                    .iter()
                    .all(|f| runs[f].candidate_value(target) == Some(false))
            {
                continue;
            }
            let branches = fins
                .iter()
                .map(|f| {
                    let p = &runs[f];
                    let end = p.derivation(target, false).expect("derived false");
                    p.branch(&graph, *f, &[end])
                })
                .collect();
            done.insert(target);
            let pattern = KrakenPattern {
                fish: fish.clone(),
                target,
                level,
                form,
                branches,
            };
            proofs.push(Proof::new(
                Pattern::KrakenFish(Box::new(pattern)),
                vec![target],
                vec![],
            ));
        }
    }
    proofs.sort_by_key(|p| p.length);
    proofs
}

fn candidates(digit: Digit, mask: u128) -> Vec<Candidate> {
    mask_cells(mask).map(|c| Candidate::new(c, digit)).collect()
}

/// One proof per elimination set (the first, smallest fish found for it).
fn unique(found: Vec<(FishPattern, u128)>) -> Vec<Proof> {
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
