//! B_p inside a T&E context: whether a candidate has a braid of length ≤ p, answered on a
//! compact index of the context built once per round, first by a certificate read off one
//! traced BRT propagation, then, only when the certificate is too long, by an exact
//! breadth-first search.
//!
//! **Braids and BRT** (Berthier, *Pattern-Based Constraint Satisfaction and Logic Puzzles*,
//! 2012, §5.7: braids are T&E(1)'s eliminations): a braid on Z is a sequence of CSP
//! variables V_1 … V_n and right-linking candidates R_1 … R_{n-1} where each V_k holds no
//! earlier R and every candidate of V_k but R_k is linked to Z or to an earlier R, and every
//! candidate of V_n is. Read as a propagation, assuming Z asserts R_1, R_2, … by naked or
//! hidden singles that use only the eliminations of Z and of the values asserted before,
//! and V_n is emptied: a braid of length n is a BRT contradiction from Z that needs n − 1
//! asserted values. Hence:
//! - **the certificate**: propagate from Z in waves, each value keeping the set of values
//!   (Z included) its single needed, each elimination the set of the value that made it;
//!   the first emptied variable gives a braid whose length is the size of its set
//!   ([`Context::certificate`]); when that is ≤ p the target goes without any search,
//!   and the propagation stops at wave p − 1 (no braid ≤ p can show after it);
//! - **the exact search** ([`Context::shortest`]) is over the sets of right-linking
//!   candidates, level by level, as `braids` does, with a one-step look-ahead (a partial
//!   braid one of whose extensions empties a variable gives length k + 1 without building
//!   level k + 1, the largest one);
//! - **the waves** ([`Context::contradicted_by_wave`]): the certificate's lower bound alone,
//!   for every candidate at once (a bit each in a set per candidate and per variable), so
//!   that B_p neither runs a BRT trial of each candidate nor certifies those whose waves
//!   meet no contradiction within p waves (most of them: they have no braid ≤ p);
//! - **the existence search** ([`Context::braid_within`], what B_p uses) visits the same
//!   sets depth first, each once (sleep sets: no record of them), each variable's count of free candidates kept up to date as R's
//!   are added and removed (the cost of a partial braid is that of the candidates it
//!   newly links, not a scan of every variable) — used only for the targets whose
//!   certificate is longer than p, to find a braid ≤ p or to prove there is none. Its
//!   last level only counts, per variable, what each candidate would link
//!   ([`Dfs::completes_with_one`]), and a partial braid's waves are not run again while
//!   an ancestor's (or the certificate's) contradiction shows in time: BRT's waves are
//!   monotone, so adding a value never delays a contradiction.
//!
//! Both work on the context's open candidates numbered 0…n-1 (n ≤ 256: four words a set);
//! a larger context (never seen in T&E contexts, which follow an assumption) returns `None`
//! from [`Context::new`] and the caller uses `braids`.
//!
//! Answers never differ from `braids::shortest_braid`'s (a unit test compares them on many
//! contexts): the certificate is a braid, the exact search is the same search, and the
//! existence search agrees with it on every length (it keeps a subset of the same partial
//! braids: those from which waves of singles can still empty a variable in time).
//!
//! **Two copies of the hot functions.** The build targets the baseline x86-64, which runs on
//! every such CPU; on a CPU with AVX2 (a four-word set is one register), BMI1, BMI2, LZCNT
//! (bit scans and masks) and POPCNT, chosen once at run time ([`sudolink_engine::isa::avx2`]), the index's
//! rebuild, the waves, the certificates and the existence search run copies compiled for
//! them ([`crate::isa`]): each entry point's body is inlined into a `#[target_feature]`
//! twin, and the existence search's recursion stays in
//! the copy it started in ([`Isa`]). Both copies are the same source, so their answers
//! are the same.
//!
//! Did not pay (BxB, same outputs): the last round's certificates kept for the candidates
//! whose propagation read no variable changed since (1.08× the CPU: 0.5% of the lookups could
//! use one); a certificate first propagated without its needs (1.02×: the counter updates are
//! the cost, not the needs); the waves scanning only the variables that lost a candidate
//! (1.04–1.05×: nearly every variable is touched after the first wave), or updating open sets
//! per variable instead of along the fresh candidates' links (1.39× the instructions); after a
//! braid is found, the round's other hard targets searched on the same index (1.04×).

use super::braids::{BraidAnswer, Quota};
use super::grid::Grid;
use rustc_hash::FxHashSet;
use std::cell::RefCell;
use std::marker::PhantomData;
use sudolink_engine::grid::bits::{bits, word_bits, WordBits};
use sudolink_engine::grid::tables::{cell_houses, HOUSE_CELLS};
use sudolink_engine::grid::{Candidate, Cell, Digit};

/// A set of local candidates.
pub(super) type Set = [u64; 4];

pub(super) const EMPTY: Set = [0; 4];
const NO_VAR: u16 = u16::MAX;
/// The most CSP variables a context has: 81 cells and 243 house-digits.
pub(super) const MAX_VARIABLES: usize = 324;
/// The most open candidates a context has (its index's limit).
pub(super) const MAX_CANDIDATES: usize = 256;

use crate::isa::on_avx2;

/// The copy of the existence search ([`Dfs`]) its recursion stays in.
trait Isa {
    fn search(dfs: &mut Dfs<'_, '_, Self>, len: usize, bound: usize, asleep: Set) -> Searched
    where
        Self: Sized;
}

/// What [`Dfs::search`] answers: `Err` with the answer to stop with when the quota is spent.
type Searched = Result<Option<usize>, BraidAnswer>;

/// The baseline x86-64 (or any other architecture).
struct Plain;

impl Isa for Plain {
    #[inline(always)]
    fn search(dfs: &mut Dfs<'_, '_, Plain>, len: usize, bound: usize, asleep: Set) -> Searched {
        dfs.search_in(len, bound, asleep)
    }
}

/// AVX2, BMI1, BMI2, LZCNT and POPCNT: used only once [`avx2`] has said the CPU has them.
#[cfg(target_arch = "x86_64")]
struct Avx2;

#[cfg(target_arch = "x86_64")]
impl Isa for Avx2 {
    #[inline(always)]
    fn search(dfs: &mut Dfs<'_, '_, Avx2>, len: usize, bound: usize, asleep: Set) -> Searched {
        // SAFETY: an `Avx2` search starts only in `braid_within_avx2`, after `avx2()`.
        unsafe { search_avx2(dfs, len, bound, asleep) }
    }
}

/// [`Dfs::search`] compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn search_avx2(dfs: &mut Dfs<'_, '_, Avx2>, len: usize, bound: usize, asleep: Set) -> Searched {
    dfs.search_in(len, bound, asleep)
}

/// The set of `i` alone, computed word by word: no word is stored by index, so a set
/// built by [`insert`]s stays in registers, and is never read whole right after a store
/// to one of its words (which stalls store-to-load forwarding: a fifth of the index's
/// rebuild and of its sets of links went there).
#[inline]
pub(super) fn singleton(i: usize) -> Set {
    let (word, bit) = (i >> 6, 1u64 << (i & 63));
    std::array::from_fn(|k| if k == word { bit } else { 0 })
}

#[inline]
pub(super) fn insert(s: &mut Set, i: usize) {
    *s = or(s, &singleton(i));
}

#[inline]
pub(super) fn has(s: &Set, i: usize) -> bool {
    s[i >> 6] >> (i & 63) & 1 == 1
}

#[inline]
pub(super) fn or(a: &Set, b: &Set) -> Set {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

#[inline]
pub(super) fn or_with(a: &mut Set, b: &Set) {
    for (x, y) in a.iter_mut().zip(b) {
        *x |= y;
    }
}

#[inline]
pub(super) fn and(a: &Set, b: &Set) -> Set {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

#[inline]
pub(super) fn minus(a: &Set, b: &Set) -> Set {
    [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
}

#[inline]
pub(super) fn meets(a: &Set, b: &Set) -> bool {
    (a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3]) != 0
}

/// Written out word by word (no iterator adapter: its closure would be compiled for the
/// baseline in an AVX2 copy, and count without POPCNT).
#[inline(always)]
pub(super) fn count(a: &Set) -> u32 {
    a[0].count_ones() + a[1].count_ones() + a[2].count_ones() + a[3].count_ones()
}

#[inline]
pub(super) fn first(a: &Set) -> usize {
    for (k, w) in a.iter().enumerate() {
        if *w != 0 {
            return k * 64 + w.trailing_zeros() as usize;
        }
    }
    usize::MAX
}

#[inline]
pub(super) fn members(a: &Set) -> WordBits<4> {
    word_bits(a)
}

/// Runs `$body` on each member `$c` of the set `$a`, in order: [`members`] for the hot
/// loops (the waves, the certificates, the existence search), where the iterator's adapters
/// cost about a tenth of BxB's instructions. The loop is written out in place, not a
/// closure: a closure is compiled with the target features of the function that defines
/// it, so the AVX2 copies ([`avx2`]) would run their loops' bodies in baseline code. In
/// `$body`, `continue` goes on to the next member.
macro_rules! each_member {
    ($a:expr, |$c:ident| $body:block) => {
        for (k, &w) in $a.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let $c = k * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                $body
            }
        }
    };
}

/// [`Bounds::at_most`] when the certificate stopped before its braid (no braid of the
/// length asked).
pub const UNKNOWN: u32 = u32::MAX;

/// Bounds on a shortest braid's length ([`Context::certificate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub at_least: u32,
    /// A braid of this length exists ([`UNKNOWN`]: not known).
    pub at_most: u32,
}

/// A context's open candidates (of its undecided cells), numbered, with their links and
/// the context's undecided CSP variables.
#[derive(Default)]
pub struct Context {
    candidates: Vec<Candidate>,
    /// Global candidate index → local number (`NO_VAR` when not open).
    local: Vec<u16>,
    /// Per local candidate: the candidates linked to it (itself excluded).
    pub(super) linked: Vec<Set>,
    /// The undecided variables' open candidates.
    pub(super) variables: Vec<Set>,
    /// Per variable: how many open candidates it has (the lengths of its list in
    /// `members`, kept as one array: the certificates and the exact search start by
    /// copying it).
    pub(super) sizes: Vec<u8>,
    /// Per local candidate: its four undecided variables (a candidate of a BRT-closed
    /// context has four: its cell, and its digit in each of its three houses).
    pub(super) variables_of: Vec<[u16; 4]>,
    /// The variables' candidates as lists: variable v's are
    /// `members[offsets[v]..offsets[v + 1]]` ([`Context::waves`]' scan).
    members: Vec<u8>,
    offsets: Vec<u16>,
    /// The certificates' and existence searches' buffers, kept so that they allocate once
    /// per index.
    scratch: RefCell<Scratch>,
    /// [`Context::waves`]' sets, of two words and of four (allocated at the first use: an
    /// empty index is made for every B_p closure); apart from `scratch`, since the waves'
    /// visitor certifies targets while the waves are under way.
    lanes: RefCell<LaneBuffers>,
}

/// [`Context::waves`]' buffers: two words a lane set, and four.
#[derive(Default)]
struct LaneBuffers {
    two: Option<Box<Lanes<2>>>,
    four: Option<Box<Lanes<4>>>,
}

/// [`Context`]'s reusable buffers.
#[derive(Default)]
struct Scratch {
    /// [`Context::certificate`]: the needs of each value asserted, in order.
    deps: Vec<Set>,
    /// [`Context::certificate`]: a wave's values with their needs and the needs' sizes.
    wave: Vec<Single>,
    next: Vec<Single>,
    /// [`Context::certificate`]: the variables left with one candidate or none.
    triggered: Vec<u16>,
}

/// [`Context::waves`]' buffers for lane sets of `W` words: per candidate, the targets in
/// which it is open, asserted, asserted in this wave (only the context's first n are used,
/// and cleared). `W` words a set, not four, so that a small context's lanes take half the
/// cache.
struct Lanes<const W: usize> {
    open: [[u64; W]; MAX_CANDIDATES],
    asserted: [[u64; W]; MAX_CANDIDATES],
    fresh: [[u64; W]; MAX_CANDIDATES],
}

impl<const W: usize> Default for Lanes<W> {
    fn default() -> Lanes<W> {
        Lanes {
            open: [[0; W]; MAX_CANDIDATES],
            asserted: [[0; W]; MAX_CANDIDATES],
            fresh: [[0; W]; MAX_CANDIDATES],
        }
    }
}

/// A value a certificate's wave asserts: the candidate, the values its single needs, and
/// how many they are.
type Single = (usize, Set, u32);

/// [`Context::certificate`]'s count of a variable holding an asserted value: the at most
/// nine candidates it loses never bring it down to [`MAX_LEFT`] or below.
const DECIDED: u8 = u8::MAX;
/// The most candidates a variable has.
const MAX_LEFT: u8 = 9;

impl Context {
    /// The index of a BRT-closed, non-contradictory context; `None` when it has more than
    /// 256 open candidates (or is not ECP-closed).
    pub fn new(a: &Grid) -> Option<Context> {
        let mut index = Context::default();
        index.rebuild(a).then_some(index)
    }

    /// [`Context::new`] in place: this index becomes that of `a`, reusing its buffers (a
    /// T&E run builds an index per round of every context); false (and an index to
    /// rebuild before any use) when `a` has more than 256 open candidates or is not
    /// ECP-closed.
    pub fn rebuild(&mut self, a: &Grid) -> bool {
        on_avx2!(self.rebuild_avx2(a));
        self.rebuild_in(a)
    }

    /// [`Context::rebuild`] compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn rebuild_avx2(&mut self, a: &Grid) -> bool {
        self.rebuild_in(a)
    }

    #[inline(always)]
    fn rebuild_in(&mut self, a: &Grid) -> bool {
        if self.local.is_empty() {
            self.local = vec![NO_VAR; 729];
        }
        for c in &self.candidates {
            self.local[c.index()] = NO_VAR;
        }
        self.candidates.clear();
        self.variables.clear();
        self.variables_of.clear();
        self.members.clear();
        self.offsets.clear();
        // the digits decided in each house: a context that still has one open in the house
        // is not ECP-closed
        let mut decided = [0u16; 27];
        for (i, &m) in a.cells.iter().enumerate() {
            if m.is_power_of_two() {
                for h in cell_houses(i) {
                    decided[h] |= m;
                }
            }
        }
        // cells: an undecided cell's candidates are numbered in a row, its variable first
        for (i, &m) in a.cells.iter().enumerate() {
            if m.count_ones() > 1 {
                if self.candidates.len() + m.count_ones() as usize > MAX_CANDIDATES {
                    return false;
                }
                if cell_houses(i).iter().any(|&h| decided[h] & m != 0) {
                    return false;
                }
                let v = self.variables.len() as u16;
                self.offsets.push(self.members.len() as u16);
                let mut set = EMPTY;
                for d in bits(m) {
                    let k = self.candidates.len();
                    self.local[i * 9 + d] = k as u16;
                    self.candidates
                        .push(Candidate::new(Cell::new(i), Digit::from_index(d)));
                    self.variables_of.push([v, NO_VAR, NO_VAR, NO_VAR]);
                    self.members.push(k as u8);
                    insert(&mut set, k);
                }
                self.variables.push(set);
            }
        }
        let n = self.candidates.len();
        // house-digits with an open candidate, house by house (rows, columns, blocks: a
        // candidate's variables 1, 2 and 3), digit by digit: the house's cells in order
        // give each digit's list of candidates, in the order numbered
        // (the lists are written in place: every open candidate is in four variables)
        let mut filled = self.members.len();
        self.members.resize(4 * n, 0);
        let (members, variables_of, local) =
            (&mut self.members, &mut self.variables_of, &self.local);
        for (h, cells) in HOUSE_CELLS.iter().enumerate() {
            let slot = 1 + h / 9;
            let mut lists = [[0u8; 9]; 9];
            let mut lens = [0usize; 9];
            for &c in cells {
                let m = a.cells[c as usize];
                if m.count_ones() > 1 {
                    for d in bits(m) {
                        lists[d][lens[d]] = local[c as usize * 9 + d] as u8;
                        lens[d] += 1;
                    }
                }
            }
            for (list, &len) in lists.iter().zip(&lens) {
                if len == 0 {
                    continue;
                }
                let v = self.variables.len() as u16;
                self.offsets.push(filled as u16);
                let mut set = EMPTY;
                for &k in &list[..len] {
                    variables_of[k as usize][slot] = v;
                    members[filled] = k;
                    filled += 1;
                    insert(&mut set, k as usize);
                }
                self.variables.push(set);
            }
        }
        self.offsets.push(filled as u16);
        debug_assert_eq!(filled, 4 * n);
        // loops, not `extend` with a closure, which the AVX2 copy would run in baseline code
        self.linked.clear();
        for i in 0..n {
            let mut l = EMPTY;
            for &v in &self.variables_of[i] {
                or_with(&mut l, &self.variables[v as usize]);
            }
            self.linked.push(minus(&l, &singleton(i)));
        }
        self.sizes.clear();
        for w in self.offsets.windows(2) {
            self.sizes.push((w[1] - w[0]) as u8);
        }
        true
    }

    /// The open candidates, in the order numbered.
    pub fn candidates(&self) -> &[Candidate] {
        &self.candidates
    }

    /// Variable v's open candidates (local numbers).
    #[inline]
    fn variable(&self, v: usize) -> &[u8] {
        &self.members[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    pub(super) fn local_of(&self, z: Candidate) -> Option<usize> {
        match self.local[z.index()] {
            NO_VAR => None,
            i => Some(i as usize),
        }
    }

    /// Bounds on the length of the shortest braid on `z`, read off a BRT propagation from
    /// `z` in waves; `None` when BRT from `z` finds no contradiction (then no braid exists
    /// on `z`).
    ///
    /// - **At most** the size of the set of values the first contradiction needs (each
    ///   value asserted with the smallest set of earlier values its single needs): those
    ///   values in the order asserted are a braid.
    /// - **At least** W + 1 when the first contradiction shows after the W-th wave (z's own
    ///   is wave 0): the k-th right-linking candidate of any braid is asserted by wave k at
    ///   the latest, or a contradiction has shown by then (asserted values are never
    ///   linked), so a braid of length L empties its last variable by wave L − 1.
    ///
    /// With `max_len`, the propagation stops as soon as no braid ≤ `max_len` can show:
    /// then `at_least` > `max_len` and `at_most` is [`UNKNOWN`] (B_p asks for no more).
    ///
    /// **Complexity**: one propagation, O(candidates × 4 + variables × waves).
    pub fn certificate(&self, z: Candidate, max_len: usize) -> Option<Bounds> {
        on_avx2!(self.certificate_avx2(z, max_len));
        self.certificate_in(z, max_len)
    }

    /// [`Context::certificate`] compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn certificate_avx2(&self, z: Candidate, max_len: usize) -> Option<Bounds> {
        self.certificate_in(z, max_len)
    }

    #[inline(always)]
    fn certificate_in(&self, z: Candidate, max_len: usize) -> Option<Bounds> {
        let z = self.local_of(z)?;
        let mut scratch = self.scratch.borrow_mut();
        let Scratch {
            deps,
            wave,
            next,
            triggered,
            ..
        } = &mut *scratch;
        deps.clear();
        wave.clear();
        let mut eliminated = EMPTY;
        // per eliminated candidate: the assertion that eliminated it
        let mut cause = [0u16; MAX_CANDIDATES];
        // per variable: its candidates not eliminated, or from DECIDED down once it holds an
        // asserted value
        let mut remaining = [0u8; MAX_VARIABLES];
        remaining[..self.sizes.len()].copy_from_slice(&self.sizes);
        let mut singleton = EMPTY;
        insert(&mut singleton, z);
        wave.push((z, singleton, 1));
        let mut seen = [false; MAX_VARIABLES];
        let mut waves = 0u32;
        loop {
            // assert the wave's values, smallest needs first
            wave.sort_by_key(|&(_, _, size)| size);
            triggered.clear();
            for &(r, need, _) in wave.iter() {
                if has(&eliminated, r) {
                    continue; // its variable is now empty: found at the next scan
                }
                let index = deps.len() as u16;
                deps.push(need);
                for &v in &self.variables_of[r] {
                    remaining[v as usize] = DECIDED;
                }
                insert(&mut eliminated, r);
                cause[r] = index;
                each_member!(minus(&self.linked[r], &eliminated), |c| {
                    insert(&mut eliminated, c);
                    cause[c] = index;
                    for &v in &self.variables_of[c] {
                        let k = &mut remaining[v as usize];
                        *k -= 1;
                        if *k <= 1 && !seen[v as usize] {
                            seen[v as usize] = true;
                            triggered.push(v);
                        }
                    }
                });
            }
            // the variables left with one candidate or none
            let mut best: Option<u32> = None;
            next.clear();
            for &v in triggered.iter() {
                seen[v as usize] = false;
                let left_count = remaining[v as usize];
                if left_count > MAX_LEFT {
                    continue; // decided
                }
                let all = &self.variables[v as usize];
                let left = minus(all, &eliminated);
                let mut need = EMPTY;
                each_member!(minus(all, &left), |c| {
                    or_with(&mut need, &deps[cause[c] as usize]);
                });
                if left_count == 0 {
                    let len = count(&need);
                    best = Some(best.map_or(len, |b| b.min(len)));
                } else {
                    let r = first(&left);
                    insert(&mut need, r);
                    let size = count(&need);
                    match next.iter_mut().find(|(x, _, _)| *x == r) {
                        Some((_, d, n)) if *n > size => (*d, *n) = (need, size),
                        Some(_) => {}
                        None => next.push((r, need, size)),
                    }
                }
            }
            if let Some(at_most) = best {
                return Some(Bounds {
                    at_least: waves + 1,
                    at_most,
                });
            }
            if next.is_empty() {
                return None;
            }
            // no contradiction through this wave: any braid is longer than waves + 1
            if waves as usize + 1 >= max_len {
                return Some(Bounds {
                    at_least: waves + 2,
                    at_most: UNKNOWN,
                });
            }
            waves += 1;
            std::mem::swap(wave, next);
        }
    }

    /// The open candidates that have a contradiction within the waves a braid of length
    /// ≤ `max_len` can use, wave by wave as each wave is run ([`Context::waves`]): `visit`
    /// gets the least length the wave allows (its targets' [`Context::certificate`]'s
    /// `at_least`: the wave plus one) and the wave's targets in the order numbered, and
    /// stops the waves by returning true (B_p's round ends at the first wave whose targets
    /// eliminated something: the later waves would be thrown away).
    pub fn contradicted_by_wave(
        &self,
        max_len: usize,
        visit: impl FnMut(u32, &[Candidate]) -> bool,
    ) {
        on_avx2!(self.contradicted_by_wave_avx2(max_len, visit));
        self.contradicted_by_wave_in(max_len, visit)
    }

    /// [`Context::contradicted_by_wave`] compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn contradicted_by_wave_avx2(
        &self,
        max_len: usize,
        visit: impl FnMut(u32, &[Candidate]) -> bool,
    ) {
        self.contradicted_by_wave_in(max_len, visit)
    }

    #[inline(always)]
    fn contradicted_by_wave_in(
        &self,
        max_len: usize,
        mut visit: impl FnMut(u32, &[Candidate]) -> bool,
    ) {
        let mut targets = Vec::new();
        self.waves(max_len, |wave, set| {
            targets.clear();
            each_member!(set, |k| {
                targets.push(self.candidates[k]);
            });
            visit(wave as u32 + 1, &targets)
        });
    }

    /// The open candidates (as sets of local numbers, one per wave: those whose first
    /// contradiction shows in it, handed to `visit` as each wave is run, until it returns
    /// true) that have a contradiction within the waves a braid of length ≤ `max_len` can
    /// use: those whose [`Context::certificate`] for `max_len` finds one (is not cut with
    /// `at_least` = `max_len` + 1, nor `None`), in the wave the certificate finds it in.
    /// The others have no braid ≤ `max_len`.
    ///
    /// The certificate's waves without its sets of needed values, for every candidate at
    /// once, each a bit of a [`Set`] (its target's lane): per candidate, the targets in
    /// whose propagation it is still open (and those in which it is asserted), and per
    /// variable the targets in which it has no open candidate (a contradiction) or one (a
    /// single, asserted in the next wave). A value the certificate skips because an
    /// earlier value of its wave eliminated it is asserted here too; that empties its
    /// variable in both, in the same wave.
    ///
    /// **Complexity**: per wave, O(candidates × links + variables × their candidates)
    /// operations on sets of four words (two in a context of at most 128 candidates), for
    /// all the targets together.
    #[inline(always)]
    fn waves(&self, max_len: usize, visit: impl FnMut(usize, &Set) -> bool) {
        // a context of n ≤ 64·W candidates has no lane beyond the first W words
        let mut lanes = self.lanes.borrow_mut();
        match self.candidates.len().div_ceil(64) {
            0..=2 => self.waves_in(max_len, lanes.two.get_or_insert_with(Box::default), visit),
            // three words run as four: with AVX2 a four-word set is one register
            _ => self.waves_in(max_len, lanes.four.get_or_insert_with(Box::default), visit),
        }
    }

    /// [`Context::waves`] on lane sets of `W` words (the context has at most 64·W
    /// candidates), in `lanes`.
    #[inline(always)]
    fn waves_in<const W: usize>(
        &self,
        max_len: usize,
        lanes: &mut Lanes<W>,
        mut visit: impl FnMut(usize, &Set) -> bool,
    ) {
        let n = self.candidates.len();
        let mut all = [0u64; W];
        for (k, w) in all.iter_mut().enumerate() {
            let bits = n.saturating_sub(k * 64).min(64);
            *w = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
        }
        // per candidate: the targets in which it is open, asserted, asserted in this wave;
        // wave 0 asserts each target in its own lane, so its links leave it there
        let Lanes {
            open,
            asserted,
            fresh,
        } = lanes;
        fresh[..n].fill([0; W]);
        for y in 0..n {
            let linked = &self.linked[y];
            open[y] = std::array::from_fn(|k| all[k] & !linked[k]);
            let own = singleton(y);
            asserted[y] = std::array::from_fn(|k| own[k]);
        }
        let mut live = all;
        for wave in 0..max_len {
            if wave > 0 {
                let mut any = false;
                for x in 0..n {
                    let f = fresh[x];
                    if f.iter().all(|&w| w == 0) {
                        continue;
                    }
                    any = true;
                    fresh[x] = [0; W];
                    for k in 0..W {
                        asserted[x][k] |= f[k];
                    }
                    each_member!(self.linked[x], |y| {
                        // y < n ≤ 256: the mask changes nothing, and spares the bounds check
                        let o = &mut open[y & (MAX_CANDIDATES - 1)];
                        for k in 0..W {
                            o[k] &= !f[k];
                        }
                    });
                }
                if !any {
                    break; // BRT's fixpoint in every target
                }
            }
            // the targets with an open candidate in every variable; the last wave needs no
            // singles
            let mut kept = live;
            if wave + 1 == max_len {
                for v in 0..self.variables.len() {
                    let mut ones = [0u64; W];
                    for &x in self.variable(v) {
                        let o = &open[x as usize];
                        for k in 0..W {
                            ones[k] |= o[k];
                        }
                    }
                    for k in 0..W {
                        kept[k] &= ones[k];
                    }
                }
            } else {
                for v in 0..self.variables.len() {
                    let list = self.variable(v);
                    let (mut ones, mut twos) = ([0u64; W], [0u64; W]);
                    for &x in list {
                        let o = &open[x as usize];
                        for k in 0..W {
                            twos[k] |= ones[k] & o[k];
                            ones[k] |= o[k];
                        }
                    }
                    let mut single = [0u64; W];
                    for k in 0..W {
                        kept[k] &= ones[k];
                        single[k] = ones[k] & !twos[k] & live[k];
                    }
                    // a target emptied in this wave may still get values: they are never
                    // looked at, its lane being out of `live` from the next wave on
                    if single.iter().any(|&w| w != 0) {
                        for &x in list {
                            let x = x as usize;
                            for k in 0..W {
                                fresh[x][k] |= single[k] & open[x][k] & !asserted[x][k];
                            }
                        }
                    }
                }
            }
            let mut emptied = EMPTY;
            for k in 0..W {
                emptied[k] = live[k] & !kept[k];
            }
            if visit(wave, &emptied) {
                break;
            }
            live = kept;
            if live.iter().all(|&w| w == 0) {
                break;
            }
        }
    }

    /// Whether `z` has a braid of length ≤ `max_len`, within `quota` (`spent` is
    /// increased by the partial braids explored): `Length(l)` for a braid of length l ≤
    /// `max_len`, not necessarily the shortest. B_p needs no more than that.
    ///
    /// The same partial braids as [`Context::shortest`] (sets of right-linking candidates,
    /// each visited once by sleep sets, with no record of them: [`Dfs`]; none of length
    /// `max_len` built), explored depth first, and each
    /// variable's count of free candidates kept up to date as a partial braid grows and
    /// shrinks: adding a right-linking candidate R touches only the variables of the
    /// candidates it newly links, where `shortest` scans every variable for every partial
    /// braid. A partial braid from which the waves of singles empty no variable in time is
    /// not extended ([`Dfs::reachable`]), so when there is no braid ≤ `max_len` (most
    /// calls) it keeps a subset of the partial braids `shortest` keeps, and `spent` is at
    /// most the same.
    ///
    /// `known`: z's [`Context::certificate`], when the caller has it. Its waves meet a
    /// contradiction in wave `at_least` − 1, which bounds that of every partial braid
    /// (BRT's waves are monotone), so the search does not run them again at its root
    /// while that is in time. The answer and `spent` are the same without it.
    ///
    /// **Complexity**: O(partial braids × candidates newly linked × 4), the partial braids
    /// being at most `quota.nodes`; the clock is read every [`super::braids::CLOCK_EVERY`]
    /// of them.
    pub fn braid_within(
        &self,
        z: Candidate,
        max_len: usize,
        known: Option<Bounds>,
        quota: Quota,
        spent: &mut u64,
    ) -> BraidAnswer {
        on_avx2!(self.braid_within_avx2(z, max_len, known, quota, spent));
        self.braid_within_in::<Plain>(z, max_len, known, quota, spent)
    }

    /// [`Context::braid_within`] compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn braid_within_avx2(
        &self,
        z: Candidate,
        max_len: usize,
        known: Option<Bounds>,
        quota: Quota,
        spent: &mut u64,
    ) -> BraidAnswer {
        self.braid_within_in::<Avx2>(z, max_len, known, quota, spent)
    }

    #[inline(always)]
    fn braid_within_in<I: Isa>(
        &self,
        z: Candidate,
        max_len: usize,
        known: Option<Bounds>,
        quota: Quota,
        spent: &mut u64,
    ) -> BraidAnswer {
        let Some(z) = self.local_of(z) else {
            return BraidAnswer::NoneUpTo;
        };
        if max_len == 0 {
            return BraidAnswer::NoneUpTo;
        }
        let mut dfs = Dfs::<I> {
            isa: PhantomData,
            ctx: self,
            free: [0; MAX_VARIABLES],
            dead: [0; MAX_VARIABLES],
            linked: EMPTY,
            singles: [0; VARIABLE_WORDS],
            max_len,
            quota,
            spent,
        };
        dfs.free[..self.sizes.len()].copy_from_slice(&self.sizes);
        for (v, &n) in self.sizes.iter().enumerate() {
            if n == 0 {
                return BraidAnswer::Length(1); // not in a BRT-closed context
            }
            if n == 1 {
                dfs.singles[v >> 6] |= 1 << (v & 63);
            }
        }
        let delta = dfs.delta(z);
        if dfs.add(z, &delta) {
            return BraidAnswer::Length(1);
        }
        let bound = known.map_or(usize::MAX, |b| (b.at_least as usize).saturating_sub(1));
        match I::search(&mut dfs, 1, bound, EMPTY) {
            Ok(Some(len)) => BraidAnswer::Length(len),
            Ok(None) => BraidAnswer::NoneUpTo,
            Err(stop) => stop,
        }
    }

    /// The shortest braid on `z` of length ≤ `max_len`, within `quota` (`spent` is
    /// increased by the partial braids kept).
    pub fn shortest(
        &self,
        z: Candidate,
        max_len: usize,
        quota: Quota,
        spent: &mut u64,
    ) -> BraidAnswer {
        let Some(z) = self.local_of(z) else {
            return BraidAnswer::NoneUpTo;
        };
        let mut start = (self.linked[z], EMPTY);
        insert(&mut start.0, z);
        insert(&mut start.1, z);
        let mut level: Vec<(Set, Set)> = vec![start];
        let mut seen: FxHashSet<Set> = FxHashSet::default();
        let mut small: Vec<Set> = Vec::with_capacity(64);
        let mut singles: Vec<usize> = Vec::with_capacity(64);
        for len in 1..=max_len {
            let mut next = Vec::new();
            let mut next_completes = false;
            for (linked, rights) in &level {
                small.clear();
                singles.clear();
                for open in &self.variables {
                    if meets(open, rights) {
                        continue;
                    }
                    let free = minus(open, linked);
                    match count(&free) {
                        0 => return BraidAnswer::Length(len),
                        1 => {
                            singles.push(first(&free));
                            small.push(free);
                        }
                        2 | 3 => small.push(free),
                        _ => {}
                    }
                }
                if len == max_len || next_completes {
                    continue;
                }
                singles.sort_unstable();
                singles.dedup();
                // look-ahead: an extension that empties a variable completes at len + 1
                'singles: for &r in &singles {
                    for free in &small {
                        if !has(free, r) && minus(free, &self.linked[r]) == EMPTY {
                            next_completes = true;
                            break 'singles;
                        }
                    }
                }
                if next_completes || len + 1 == max_len {
                    continue;
                }
                for &r in &singles {
                    let mut q = (or(linked, &self.linked[r]), *rights);
                    insert(&mut q.0, r);
                    insert(&mut q.1, r);
                    if seen.insert(q.1) {
                        if let Some(stop) = quota.charge(spent) {
                            return stop;
                        }
                        next.push(q);
                    }
                }
            }
            if next_completes {
                return BraidAnswer::Length(len + 1);
            }
            if next.is_empty() {
                return BraidAnswer::NoneUpTo;
            }
            level = next;
        }
        BraidAnswer::NoneUpTo
    }
}

/// Words of a set of variables.
pub(super) const VARIABLE_WORDS: usize = MAX_VARIABLES.div_ceil(64);

/// A partial braid's per-variable counts after `r` is asserted and `delta` newly linked:
/// `r`'s variables hold one more right-linking candidate (`dead`), those of `delta`'s
/// candidates one free candidate fewer (`free`), and `singles` follows the live variables
/// left with one. True when a live variable is left with none (a braid).
#[inline(always)]
fn count_in(
    ctx: &Context,
    free: &mut [u8; MAX_VARIABLES],
    dead: &mut [u8; MAX_VARIABLES],
    singles: &mut [u64; VARIABLE_WORDS],
    r: usize,
    delta: &Set,
) -> bool {
    for &v in &ctx.variables_of[r] {
        dead[v as usize] += 1;
    }
    let mut complete = false;
    each_member!(delta, |c| {
        for &v in &ctx.variables_of[c] {
            let v = v as usize;
            free[v] -= 1;
            let bit = 1u64 << (v & 63);
            if dead[v] == 0 && free[v] == 1 {
                singles[v >> 6] |= bit;
            } else {
                singles[v >> 6] &= !bit;
                complete |= dead[v] == 0 && free[v] == 0;
            }
        }
    });
    complete
}

/// Whether asserting `values` at once, in a partial braid's waves with counts `free` and
/// `dead` and links `linked`, empties a live variable or asserts a value linked to another:
/// [`Dfs::reachable`]'s last wave, which needs no singles for a next one. A value's own
/// variables never empty (it stays free in them unless linked, and then two values are
/// linked), so only the counts of the candidates newly linked go down (`free` is the
/// waves' own copy).
#[inline(always)]
fn last_wave(
    ctx: &Context,
    free: &mut [u8; MAX_VARIABLES],
    dead: &[u8; MAX_VARIABLES],
    mut linked: Set,
    values: &Set,
) -> bool {
    let mut contradiction = false;
    each_member!(values, |r| {
        if contradiction {
            continue;
        }
        if has(&linked, r) {
            contradiction = true;
            continue;
        }
        let delta = minus(&ctx.linked[r], &linked);
        or_with(&mut linked, &delta);
        contradiction = empties(ctx, free, dead, &delta);
    });
    contradiction
}

/// Takes the candidates of `delta` (newly linked) off the free counts `free`: true when a
/// live variable (no right-linking candidate: `dead` is 0) is left with none.
#[inline(always)]
fn empties(
    ctx: &Context,
    free: &mut [u8; MAX_VARIABLES],
    dead: &[u8; MAX_VARIABLES],
    delta: &Set,
) -> bool {
    let mut empty = false;
    each_member!(delta, |c| {
        for &v in &ctx.variables_of[c] {
            let v = v as usize;
            free[v] -= 1;
            empty |= (free[v] | dead[v]) == 0;
        }
    });
    empty
}

/// [`Context::braid_within`]'s depth-first search: the current partial braid, with each
/// variable's count of free candidates (not linked to Z or a right-linking candidate) and
/// of right-linking candidates (a variable holding one is no longer a constraint).
///
/// **Sleep sets** (Godefroid, *Partial-Order Methods for the Verification of Concurrent
/// Systems*, 1996, ch. 5): a partial braid is a set, reached in any order of its values,
/// and each of its sets is visited once, with no record of them. Once the extensions of
/// partial braid P by an offer r (the free candidate of a single) are explored, r sleeps
/// in those of P's later offers: a set holding P, r and a later offer s is reached from
/// P and r too, since an offer stays one until it is linked (then no braid holds both) or
/// its variable empties (a braid) — a value of another variable than r's never kills r's:
/// two candidates of a variable are linked. So every set holding P is explored under its
/// first offer in P's order, and under no other.
struct Dfs<'c, 's, I> {
    /// The copy the search runs in.
    isa: PhantomData<I>,
    ctx: &'c Context,
    free: [u8; MAX_VARIABLES],
    dead: [u8; MAX_VARIABLES],
    /// Z, the right-linking candidates and the candidates linked to them.
    linked: Set,
    /// The live variables with one free candidate.
    singles: [u64; VARIABLE_WORDS],
    max_len: usize,
    quota: Quota,
    spent: &'s mut u64,
}

impl<I: Isa> Dfs<'_, '_, I> {
    /// The candidates `r` links newly (itself included).
    #[inline(always)]
    fn delta(&self, r: usize) -> Set {
        let mut d = self.ctx.linked[r];
        insert(&mut d, r);
        minus(&d, &self.linked)
    }

    /// Adds the right-linking candidate `r` (free), whose new links are `delta`; true when
    /// a live variable is left with no free candidate (a braid).
    #[inline(always)]
    fn add(&mut self, r: usize, delta: &Set) -> bool {
        let (free, dead, singles) = (&mut self.free, &mut self.dead, &mut self.singles);
        let complete = count_in(self.ctx, free, dead, singles, r, delta);
        or_with(&mut self.linked, delta);
        complete
    }

    /// Undoes [`Dfs::add`] of `r` (with the sets saved before it).
    #[inline(always)]
    fn remove(&mut self, r: usize, delta: &Set, linked: Set, singles: [u64; VARIABLE_WORDS]) {
        let ctx = self.ctx;
        for &v in &ctx.variables_of[r] {
            self.dead[v as usize] -= 1;
        }
        let free = &mut self.free;
        each_member!(delta, |c| {
            for &v in &ctx.variables_of[c] {
                free[v as usize] += 1;
            }
        });
        self.linked = linked;
        self.singles = singles;
    }

    /// Whether `waves` waves of BRT from the current partial braid, each asserting at once
    /// the free candidate of every live variable with one, empty a live variable or assert
    /// two linked values. False proves that no extension by at most `waves` right-linking
    /// candidates is a braid: by induction, the k-th candidate R of such an extension is
    /// asserted by wave k, or a contradiction has shown by then (the candidates its variable
    /// loses are linked to Z or to earlier R's, all asserted, and the waves eliminate at
    /// least those; a variable holding another asserted value holds a value linked to an
    /// asserted one), so the extension's last variable is emptied by wave `waves` at the
    /// latest. The certificate's lower bound ([`Context::certificate`]), from a partial
    /// braid instead of from Z alone: most of the existence search's partial braids that
    /// cannot be completed in time are cut here, a wave propagation instead of a subtree.
    ///
    /// `Some(w)`: the first contradiction shows in wave w (≤ `waves`). Adding a right-linking
    /// candidate never delays it (BRT's waves are monotone: a state with more values
    /// asserted and candidates linked reaches each wave's state no later), so w bounds it
    /// for every extension of this partial braid ([`Dfs::search`]).
    #[inline(always)]
    fn reachable(&self, waves: usize) -> Option<usize> {
        let ctx = self.ctx;
        let mut free = self.free;
        let mut dead = self.dead;
        let mut linked = self.linked;
        let mut singles = self.singles;
        for wave in 1..=waves {
            let mut values = EMPTY;
            each_member!(singles, |v| {
                insert(&mut values, first(&minus(&ctx.variables[v], &linked)));
            });
            if values == EMPTY {
                return None; // BRT's fixpoint: no contradiction at all
            }
            let contradiction = if wave == waves {
                last_wave(ctx, &mut free, &dead, linked, &values)
            } else {
                let mut contradiction = false;
                each_member!(values, |r| {
                    if contradiction {
                        continue;
                    }
                    if has(&linked, r) {
                        contradiction = true; // linked to a value of this wave
                        continue;
                    }
                    let mut delta = ctx.linked[r];
                    insert(&mut delta, r);
                    let delta = minus(&delta, &linked);
                    contradiction = count_in(ctx, &mut free, &mut dead, &mut singles, r, &delta);
                    or_with(&mut linked, &delta);
                });
                contradiction
            };
            if contradiction {
                return Some(wave);
            }
        }
        None
    }

    /// Whether adding one of the right-linking candidates `next` leaves a live variable with
    /// no free candidate (a braid one longer than the current partial braid): the answer
    /// of [`Dfs::add`] of each in turn, on a copy of the free counts per candidate instead
    /// of updating (and restoring) the partial braid's own. The last level of the search,
    /// where most partial braids end.
    #[inline(always)]
    fn completes_with_one(&self, next: &Set) -> bool {
        let ctx = self.ctx;
        let mut complete = false;
        each_member!(next, |r| {
            if complete {
                continue;
            }
            // R's own variables never empty: R is free in them and not linked to itself
            let mut free = self.free;
            let delta = minus(&ctx.linked[r], &self.linked);
            complete = empties(ctx, &mut free, &self.dead, &delta);
        });
        complete
    }

    /// Below the current partial braid of `len` values (none of its live variables
    /// empty): the length of a braid found, if any. `bound`: a wave by which BRT's waves
    /// from this partial braid are known to meet a contradiction (that of an ancestor's,
    /// [`Dfs::reachable`]), or `usize::MAX`. `asleep`: offers not to add here, every
    /// extension by one of them having been explored already ([`Dfs`]'s sleep sets).
    ///
    /// Its body, inlined into the copy of [`Isa::search`] it runs in.
    #[inline(always)]
    fn search_in(&mut self, len: usize, mut bound: usize, mut asleep: Set) -> Searched {
        if len >= self.max_len {
            return Ok(None);
        }
        // at most max_len - len more right-linking candidates: none of this partial braid's
        // extensions is a braid when so many waves of every single at once empty nothing
        // (one wave is the loop below itself); not looked at again while an ancestor's
        // contradiction shows in time
        let more = self.max_len - len;
        if more >= 2 && bound > more {
            match self.reachable(more) {
                Some(wave) => bound = wave,
                None => return Ok(None),
            }
        }
        let mut next = EMPTY;
        each_member!(self.singles, |v| {
            insert(
                &mut next,
                first(&minus(&self.ctx.variables[v], &self.linked)),
            );
        });
        let next = minus(&next, &asleep);
        if more == 1 {
            return Ok(self.completes_with_one(&next).then_some(len + 1));
        }
        for r in members(&next) {
            let (linked, singles) = (self.linked, self.singles);
            let delta = self.delta(r);
            if self.add(r, &delta) {
                self.remove(r, &delta, linked, singles);
                return Ok(Some(len + 1));
            }
            if let Some(stop) = self.quota.charge(self.spent) {
                return Err(stop);
            }
            let found = I::search(self, len + 1, bound, asleep);
            if !matches!(found, Ok(None)) {
                return found;
            }
            self.remove(r, &delta, linked, singles);
            // every extension holding r has been explored: r sleeps in its siblings' subtrees
            insert(&mut asleep, r);
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::super::braids::shortest_braid;
    use super::*;
    use sudolink_engine::graph::LinkIndex;
    use sudolink_engine::grid::State;

    /// eleven's #1 and #2 (2011), T&E(2) puzzles.
    const ELEVEN_1_2: [&str; 2] = [
        "..3....8..5.1....66....74....8.9..4.7....5....1.6..8.....9...2.....2...8..2...3.4",
        ".2.4...8.....8...68....71..2..5...9..95.......4..3.........1..7..28...4.....6.3..",
    ];

    /// The contexts of eleven's #1 and #2: every `step`-th candidate of the BRT-closed
    /// puzzle assumed, then BRT; the non-contradictory ones, with their assumption.
    fn contexts(step: usize) -> Vec<(Candidate, Grid)> {
        let mut contexts = Vec::new();
        for p in ELEVEN_1_2 {
            let puzzle = sudolink_engine::grid::format::parse_line(p, 1).unwrap();
            let state = State::from_givens(&puzzle.givens).unwrap();
            let mut real = Grid::from_state(&state);
            assert!(real.brt(real.decided()));
            for y in real.trial_candidates().step_by(step).collect::<Vec<_>>() {
                let mut a = real;
                if a.assume(y) {
                    contexts.push((y, a));
                }
            }
        }
        contexts
    }

    /// Contexts of two T&E(2) puzzles (eleven's #1 and #2, 2011): each candidate assumed,
    /// then BRT; in each non-contradictory context, every candidate's answers compared.
    #[test]
    fn certificates_are_braids_and_the_search_agrees_with_braids() {
        let (mut compared, mut cut) = (0, 0);
        for (y, a) in contexts(7) {
            let ctx = Context::new(&a).expect("a context after an assumption is small");
            let links = LinkIndex::new(&a.to_state().unwrap());
            for &z in ctx.candidates().iter().step_by(3) {
                let mut g = a;
                let refuted = !g.assume(z);
                let cert = ctx.certificate(z, usize::MAX);
                for max_len in 1..=6 {
                    let cut = ctx.certificate(z, max_len);
                    match (cert, cut) {
                        (Some(b), Some(c)) if c.at_most == UNKNOWN => {
                            assert!(b.at_least as usize > max_len && c.at_least as usize > max_len);
                            assert!(c.at_least <= b.at_least);
                        }
                        // stopped before BRT saw that z is not refuted: no braid at all
                        (None, Some(c)) if c.at_most == UNKNOWN => {
                            assert!(c.at_least as usize > max_len);
                        }
                        (b, c) => assert_eq!(b, c, "{z:?} in context {y:?}"),
                    }
                }
                assert_eq!(cert.is_some(), refuted, "{z:?} in context {y:?}");
                let (mut s1, mut s2) = (0, 0);
                let old = shortest_braid(&links, z, 5, Quota::nodes(u64::MAX), &mut s1);
                let new = ctx.shortest(z, 5, Quota::nodes(u64::MAX), &mut s2);
                assert_eq!(old, new, "{z:?} in context {y:?}");
                for max_len in 1..=5 {
                    let (mut s3, mut s4) = (0, 0);
                    let exact = ctx.shortest(z, max_len, Quota::nodes(u64::MAX), &mut s3);
                    let within =
                        ctx.braid_within(z, max_len, None, Quota::nodes(u64::MAX), &mut s4);
                    let mut s5 = 0;
                    let known = ctx.certificate(z, max_len);
                    let told = ctx.braid_within(z, max_len, known, Quota::nodes(u64::MAX), &mut s5);
                    assert_eq!((within, s4), (told, s5), "{z:?} in context {y:?}");
                    match (exact, within) {
                        (BraidAnswer::NoneUpTo, BraidAnswer::NoneUpTo) => {
                            assert!(
                                s4 <= s3,
                                "{z:?} in context {y:?}: no partial braid that the exact search does not keep"
                            );
                            cut += usize::from(s4 < s3);
                        }
                        (BraidAnswer::Length(l), BraidAnswer::Length(m)) => {
                            assert!(l <= m && m <= max_len, "{z:?} in context {y:?}");
                        }
                        _ => panic!("{z:?} in context {y:?}: {exact:?} vs {within:?}"),
                    }
                }
                if let (Some(b), BraidAnswer::Length(l)) = (cert, new) {
                    assert!(
                        b.at_most as usize >= l,
                        "a certificate shorter than the shortest"
                    );
                    assert!(b.at_least as usize <= l, "a lower bound above the shortest");
                }
                if let (Some(b), BraidAnswer::NoneUpTo) = (cert, new) {
                    assert!(b.at_most > 5);
                }
                compared += 1;
            }
        }
        assert!(compared > 200, "{compared}");
        assert!(cut > 0, "the waves of singles never cut a partial braid");
    }

    /// [`Context::waves`] flags exactly the candidates whose certificate for the same
    /// length finds a contradiction, each in the wave the certificate finds it in, in the
    /// contexts of eleven's #1 and #2, for every length from 2 to 7.
    /// The existence search visits each set of right-linking candidates once (sleep sets,
    /// no record of the sets): on longer braids than the test above, it answers as the
    /// breadth-first search, which keeps every set it reached.
    #[test]
    fn the_sleep_sets_keep_the_search_exact() {
        let (mut found, mut none) = (0, 0);
        for (y, a) in contexts(7) {
            let ctx = Context::new(&a).expect("a context after an assumption is small");
            for &z in ctx.candidates() {
                let (mut s1, mut s2) = (0, 0);
                let quota = Quota::nodes(u64::MAX);
                let shortest = ctx.shortest(z, 9, quota, &mut s1);
                let within = ctx.braid_within(z, 9, None, quota, &mut s2);
                match (shortest, within) {
                    (BraidAnswer::Length(l), BraidAnswer::Length(m)) => {
                        assert!(l <= m && m <= 9, "{z:?} in context {y:?}");
                        let again = ctx.braid_within(z, l, None, quota, &mut s2);
                        assert_eq!(again, BraidAnswer::Length(l), "{z:?} in context {y:?}");
                        found += usize::from(l > 5);
                    }
                    (BraidAnswer::NoneUpTo, BraidAnswer::NoneUpTo) => none += 1,
                    other => panic!("{z:?} in context {y:?}: {other:?}"),
                }
            }
        }
        assert!(found > 10 && none > 10, "{found} {none}");
    }

    #[test]
    fn the_waves_agree_with_certificates() {
        let (mut compared, mut flagged) = (0, 0);
        // the words the contexts' lane sets need (two, three or four: three run as four)
        let mut widths = std::collections::BTreeSet::new();
        // the contexts of one assumption, and of a second one in them (fewer candidates)
        let mut all = contexts(9);
        for (y, a) in contexts(27) {
            for z in a.trial_candidates().step_by(40).collect::<Vec<_>>() {
                let mut b = a;
                if b.assume(z) {
                    all.push((y, b));
                }
            }
        }
        for (y, a) in all {
            let ctx = Context::new(&a).expect("a context after an assumption is small");
            widths.insert(ctx.candidates().len().div_ceil(64).max(2));
            let n = ctx.candidates().len();
            for max_len in 2..=7 {
                let mut by_wave = Vec::new();
                ctx.waves(max_len, |_, set| {
                    by_wave.push(*set);
                    false
                });
                // stopped at the first wave with a target, the waves handed over are the
                // same up to it, and none after it is run
                let mut stopped = Vec::new();
                ctx.contradicted_by_wave(max_len, |at_least, targets| {
                    stopped.push((at_least, targets.to_vec()));
                    !targets.is_empty()
                });
                let last = by_wave.iter().position(|set| *set != EMPTY);
                assert_eq!(stopped.len(), last.map_or(by_wave.len(), |w| w + 1));
                for (w, (at_least, targets)) in stopped.iter().enumerate() {
                    assert_eq!(*at_least as usize, w + 1);
                    let expected: Vec<Candidate> =
                        members(&by_wave[w]).map(|k| ctx.candidates()[k]).collect();
                    assert_eq!(*targets, expected);
                }
                for (k, &z) in ctx.candidates().iter().enumerate() {
                    // the wave of the first contradiction, when within max_len
                    let expected = match ctx.certificate(z, max_len) {
                        Some(b) if b.at_most != UNKNOWN => Some(b.at_least as usize - 1),
                        _ => None,
                    };
                    let found = by_wave.iter().position(|set| has(set, k));
                    assert_eq!(found, expected, "{z:?} in context {y:?}, length {max_len}");
                    assert!(
                        by_wave.iter().filter(|set| has(set, k)).count() <= 1,
                        "{z:?} found in one wave"
                    );
                    compared += 1;
                    flagged += usize::from(expected.is_some());
                }
                assert!(
                    by_wave.iter().all(|set| members(set).all(|k| k < n)),
                    "no bit beyond the candidates"
                );
            }
        }
        assert!(
            compared > 10_000 && flagged > 1_000 && flagged < compared,
            "{compared} compared, {flagged} flagged"
        );
        assert_eq!(widths.into_iter().collect::<Vec<_>>(), [2, 3, 4]);
    }

    /// The baseline copies answer as the dispatched ones (the AVX2 copies on a CPU that
    /// has AVX2: this test then compares the two), in the contexts of eleven's #1 and #2:
    /// the same index, waves, certificates and braids within each length.
    #[test]
    fn the_baseline_copies_answer_as_the_dispatched_ones() {
        let mut compared = 0;
        for (_, a) in contexts(11) {
            let fast = Context::new(&a).expect("a small context");
            let mut plain = Context::default();
            assert!(plain.rebuild_in(&a));
            assert_eq!(plain.candidates, fast.candidates);
            assert_eq!(plain.linked, fast.linked);
            assert_eq!(plain.variables, fast.variables);
            assert_eq!(
                (&plain.members, &plain.offsets),
                (&fast.members, &fast.offsets)
            );
            for max_len in [2, 4, 6] {
                let (mut by_fast, mut by_plain) = (Vec::new(), Vec::new());
                fast.contradicted_by_wave(max_len, |w, t| {
                    by_fast.push((w, t.to_vec()));
                    false
                });
                plain.contradicted_by_wave_in(max_len, |w, t| {
                    by_plain.push((w, t.to_vec()));
                    false
                });
                assert_eq!(by_fast, by_plain);
                for &z in fast.candidates().iter().step_by(5) {
                    let known = fast.certificate(z, max_len);
                    assert_eq!(known, plain.certificate_in(z, max_len));
                    let (mut s1, mut s2) = (0, 0);
                    assert_eq!(
                        fast.braid_within(z, max_len, known, Quota::nodes(u64::MAX), &mut s1),
                        plain.braid_within_in::<Plain>(
                            z,
                            max_len,
                            known,
                            Quota::nodes(u64::MAX),
                            &mut s2
                        )
                    );
                    assert_eq!(s1, s2);
                    compared += 1;
                }
            }
        }
        assert!(compared > 500, "{compared}");
    }

    /// B_1 by locked candidates ([`Grid::b1_closure`]) is B_1 by braids of length one on
    /// the global index, to the fixpoint, in the contexts of eleven's #1 and #2 and of
    /// their contexts (two assumptions): the same grid, or a contradiction in both.
    #[test]
    fn b1_closure_is_braids_of_length_one() {
        let (mut compared, mut reduced, mut contradictions) = (0, 0, 0);
        let mut nested = Vec::new();
        for (_, a) in contexts(5) {
            nested.push(a);
            for z in a.trial_candidates().step_by(37).collect::<Vec<_>>() {
                let mut b = a;
                if b.assume(z) {
                    nested.push(b);
                }
            }
        }
        for a in nested {
            let mut fast = a;
            let fast_ok = fast.b1_closure();
            // the reference: braids of length one, one at a time, each followed by BRT
            let mut slow = a;
            let slow_ok = 'fixpoint: loop {
                let Some(state) = slow.to_state() else {
                    break false;
                };
                let links = LinkIndex::new(&state);
                for z in slow.trial_candidates().collect::<Vec<_>>() {
                    let mut spent = 0;
                    if let BraidAnswer::Length(_) =
                        shortest_braid(&links, z, 1, Quota::nodes(u64::MAX), &mut spent)
                    {
                        if !slow.eliminate(z) {
                            break 'fixpoint false;
                        }
                        continue 'fixpoint;
                    }
                }
                break true;
            };
            assert_eq!(fast_ok, slow_ok, "{:?}", a.cells);
            if fast_ok {
                assert_eq!(fast, slow);
                reduced += usize::from(fast != a);
            } else {
                contradictions += 1;
            }
            compared += 1;
        }
        assert!(
            compared > 500 && reduced > 200 && contradictions > 5,
            "{compared} contexts, {reduced} reduced, {contradictions} contradictions"
        );
    }
}
