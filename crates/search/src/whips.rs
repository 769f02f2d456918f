//! Whips and braids (Berthier), and g-whips / g-braids over groups: breadth-first searches
//! over partial whips, one target at a time, reading links from [`LinkIndex`] (and groups
//! from [`GroupIndex`], built from it).
//!
//! Example (SudoRules' notation, see [`sudolink_engine::proof::whip`] for the definitions):
//!
//! ```text
//! whip[4]: r7c8{n2 n3} - c5n3{r7 r2} - r2n6{c5 c7} - b3n1{r2c7 .} ==> r7c5≠2
//! ```
//!
//! # How the search works
//!
//! For a target Z, a *partial whip* of length k is the sequence of its first k cells
//! (V_i, L_i, R_i). Along it the search keeps, as one 729-bit set, the candidates linked to Z
//! or to some R_i (the z- and t-candidates; for a group R, the candidates linked to all of
//! it). Extending by a cell costs a handful of bit tests:
//! - whips: L runs over the candidates linked to the last R; braids: L runs over every
//!   candidate linked to Z or to some R (so for braids the search runs over the variables);
//! - for each CSP variable V of L, the candidates of V outside that set are counted. None:
//!   a whip is complete and Z is eliminated. One (not Z, not an earlier L or R): it is the new
//!   R. For g-versions, two or three that fill one block-line segment of V (L outside it):
//!   the new R is that group.
//!
//! As SudoRules does, each level keeps one partial whip per sequence of R's (CSP-Rules'
//! partial-whip rules: "do not assert different partial whips with the same sequences of
//! rlc's"; for braids one per set of R's, for g-whips one per set of R's and last R, see
//! `WhipSearch::merge_key`), under a 128-bit key: the last one found, as
//! SudoRules' CLIPS engine does (see `WhipSearch::push`). That is [`Merge::SudoRules`], what
//! ratings use; it can lose a whip whose prefix lost the merge (a longer whip, or none, is
//! found for that target), because partial whips with the same R's but different L's can
//! differ later through the loopless conditions. [`Merge::Exact`] merges only partial whips
//! that are the same for every later purpose (the same set of R's, last R, L's and
//! variables): what [`shortest_for_target`] uses for whips, so `explain` and subsumption
//! studies get every target's shortest whip.
//!
//! Over all targets, [`shortest_batch`] deepens one length at a time (every target to depth
//! 1, then 2, ...), so that a state whose shortest whip is short never pays for the long
//! searches of targets that are true (those never end in a contradiction). The partial whips
//! of lengths below d do not depend on the depth asked for, so a target's search that ends at
//! depth d without a whip is suspended (its arena and its last level, within
//! `SUSPENDED_BYTES` per batch) and resumed one level deeper at depth d + 1.
//!
//! For g-whips the search follows SudoRules' g-whip rules too: a group R is not used when a
//! partial whip with the same earlier R's has a candidate R inside that group, and once a
//! partial g-whip holds a group its next variable need only differ from the last one.
//!
//! Lengths 1 and 2 of braids are whips (SudoRules has no `braid[1]` or `braid[2]` rule: a
//! `braid[2]` whose second L hangs on Z only is not one SudoRules finds), so the last cell of a
//! braid of length 2 hangs on R_1.
//!
//! # Complexity
//!
//! Per target, level k holds at most as many partial whips as there are distinct R sequences (R
//! sets, for braids and g-whips) of size k, bounded by b^k for a branching factor b (the number
//! of forcing (L, V) pairs of a partial whip, usually a few); expanding a partial whip visits ≤
//! 28 × 4 (L, V) pairs for whips and, for braids, the variables that may extend it (kept with
//! each partial braid and recounted only for the candidates linked to its last R), each ≤ 9
//! bit tests, plus one walk of the chain (k steps). The length limit bounds the depth. Memory
//! is one target's arena at a time (one per thread in [`shortest_batch`]), plus the suspended
//! searches of a batch (≤ 48 MB): 12 bytes per partial whip, plus its keys while its level is
//! built, and its t/z set, keys and (braids) variables (208 bytes) while it is on the
//! frontier; the deepest level is never built. Measured: 135 MB resident at the peak of
//! the slowest of the first 200 puzzles of top1465 (#146, whips up to 20, about 5 s; with a
//! merge per R set instead of per R sequence, 46 MB and 2.5 s).
//!
//! [`shortest_for_target`], [`first_up_to`] and [`shortest_batch`] return the shortest proof
//! of each target they report; [`find`] returns proofs of exactly the length asked for.
//!
//! The frontier is one vector of structs (`FrontierEntry`): 5% less CPU than five parallel
//! vectors on `rate --scheme W` of top1465 #1–200, the same ratings. [`shortest_batch_within`]
//! reads the clock and the memory ceiling per target only from depth 3: read at every depth
//! they cost 5–7% more CPU on easy W ratings, and below depth 3 the check before each depth
//! suffices.

use super::limits::{Limits, Meter, Stop};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use sudolink_engine::graph::groups::GroupIndex;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::{bits, word_bits};
use sudolink_engine::grid::tables::{SEGMENTS_OF, VARIABLES_OF};
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable};
use sudolink_engine::proof::whip::{WhipCell, WhipPattern};
use sudolink_engine::proof::{Pattern, Proof};

pub use sudolink_engine::proof::whip::WhipKind;

const NO_PARENT: u32 = u32::MAX;
/// No candidate (candidate indices are < 729).
const NO_CANDIDATE: u16 = u16::MAX;
/// R codes ≥ GROUP_BASE are groups (code − GROUP_BASE is the group id).
const GROUP_BASE: u16 = 729;
const MAX_CODES: usize = 729 + 486;

/// One partial whip: its last cell and a link to the partial whip it extends (12 bytes;
/// the t/z set and the key of its R's are kept only while it is on the frontier).
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    l: u16,
    v: u16,
    r: u16,
}

/// The partial whips of one level: the arena index of the first, and for each its t/z set
/// and keys (entry i is arena node `first + i`).
#[derive(Default)]
struct Level {
    first: usize,
    entries: Vec<FrontierEntry>,
}

/// What a partial whip on the frontier carries besides its arena node.
#[derive(Clone, Copy)]
struct FrontierEntry {
    /// The t/z set: the target, the L's and every candidate linked to an R.
    tz: CandidateSet,
    keys: Keys,
    /// Braids: the variables that may extend its parent (see [`WhipSearch::open_vars`]); its
    /// own are these with the variables of the candidates linked to its last R refreshed.
    parent_vars: [u64; 6],
}

impl Level {
    fn clear(&mut self, first: usize) {
        self.first = first;
        self.entries.clear();
    }
}

/// The keys of a partial whip: of its R set and R sequence, and (exact searches) of its L's
/// and variables.
#[derive(Clone, Copy, Default)]
struct Keys {
    r_set: u128,
    r_seq: u128,
    l_set: u128,
    v_set: u128,
}

/// How the search merges partial whips that reach the same R's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    /// As SudoRules: one partial whip per R sequence (per R set for braids and g-whips), the
    /// last one found.
    /// W and B ratings then equal SudoRules', but a whip whose prefix lost the merge can be
    /// missed (a longer one is found instead, or none).
    SudoRules,
    /// Only partial whips that are the same for every later purpose: every target gets its
    /// shortest whip (what `explain` and subsumption studies need).
    Exact,
}

/// What a bounded search on one target met.
enum Outcome {
    /// A whip of the length asked for.
    Found(Found),
    /// None up to the bound, but partial whips still reach it.
    NotYet,
    /// The partial whips died out: no whip of any length.
    Dead,
    /// More partial whips than the search's budget, or past its deadline: stopped; nothing
    /// known beyond the length given (the last level searched completely).
    OverBudget(usize),
}

/// A complete whip: the partial whip it ends (or none for length 1) and its last cell.
#[derive(Clone, Copy)]
struct Found {
    parent: u32,
    l: u16,
    v: u16,
    len: usize,
}

/// What is left of a variable outside the z/t set.
enum Rest {
    /// Nothing: the cell ends a whip.
    Empty,
    /// One candidate: the new R.
    One(u16),
    /// A group (id): the new R of a g-whip.
    Group(u16),
    /// Too much.
    Open,
}

/// Search statistics (for benchmarks and memory reports).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Targets searched.
    pub targets: u64,
    /// Partial whips created.
    pub partial_whips: u64,
    /// The largest arena of one target (partial whips alive at once).
    pub peak_partial_whips: u64,
}

impl SearchStats {
    pub fn merge(&mut self, other: &SearchStats) {
        self.targets += other.targets;
        self.partial_whips += other.partial_whips;
        self.peak_partial_whips = self.peak_partial_whips.max(other.peak_partial_whips);
    }
}

/// Zobrist keys: row 0 an R in the R set, row 1 the last R, row 2 an L (exact searches),
/// row 3 a variable (index v) or the last variable (index 324 + v) (exact searches).
fn zobrist() -> &'static [[u128; MAX_CODES]; 4] {
    static TABLE: OnceLock<Box<[[u128; MAX_CODES]; 4]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // splitmix64, fixed seed: keys are reproducible run to run
        let mut next = super::keys::splitmix64();
        let mut t = Box::new([[0u128; MAX_CODES]; 4]);
        for row in t.iter_mut() {
            for k in row.iter_mut() {
                *k = (next() as u128) << 64 | next() as u128;
            }
        }
        t
    })
}

/// The key of an R sequence extended by R code `r` (order matters, unlike the set keys).
fn seq_key(prefix: u128, r: u16) -> u128 {
    const ODD: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835;
    prefix.wrapping_mul(ODD).rotate_left(29) ^ zobrist()[0][r as usize]
}

/// Merge key → position in the level being built: open addressing with linear probing
/// over 24-byte slots, emptied in O(1) by a generation count (a search clears it once per
/// level), and a slot's memory can be fetched ahead of its lookup ([`LevelMap::prefetch`]).
/// Keys are random (Zobrist), so their folded words index the slots directly.
#[derive(Default)]
struct LevelMap {
    slots: Vec<Slot>,
    /// The generation of the live slots (a slot of another generation is empty); never 0.
    generation: u32,
    len: usize,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: [u64; 2],
    value: u32,
    generation: u32,
}

impl LevelMap {
    const MIN_SLOTS: usize = 1 << 10;

    #[inline(always)]
    fn home(&self, key: u128) -> usize {
        ((key as u64) ^ ((key >> 64) as u64)) as usize & (self.slots.len() - 1)
    }

    fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.iter_mut().for_each(|s| s.generation = 0);
            self.generation = 1;
        }
    }

    /// Ask the processor for the slot where a lookup of `key` starts.
    #[inline(always)]
    fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        if !self.slots.is_empty() {
            let slot: *const Slot = &self.slots[self.home(key)];
            // SAFETY: a prefetch of a valid address has no effect on the program's state.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    slot as *const i8,
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline(always)]
    fn find(&self, key: u128) -> (usize, bool) {
        let words = [key as u64, (key >> 64) as u64];
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = &self.slots[i];
            if s.generation != self.generation {
                return (i, false);
            }
            if s.key == words {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    fn contains(&self, key: u128) -> bool {
        !self.slots.is_empty() && self.find(key).1
    }

    /// The value of `key` if present; else `value` is stored for it and `None` returned.
    #[inline]
    fn get_or_insert(&mut self, key: u128, value: u32) -> Option<u32> {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let (i, found) = self.find(key);
        if found {
            return Some(self.slots[i].value);
        }
        self.slots[i] = Slot {
            key: [key as u64, (key >> 64) as u64],
            value,
            generation: self.generation,
        };
        self.len += 1;
        None
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(Self::MIN_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        let live = self.generation.max(1);
        self.generation = 1;
        for s in old.into_iter().filter(|s| s.generation == live) {
            let key = s.key[0] as u128 | (s.key[1] as u128) << 64;
            let (i, _) = self.find(key);
            self.slots[i] = Slot { generation: 1, ..s };
        }
    }
}

/// What a chain of partial whips uses, gathered once before expanding its last node.
struct ChainUse {
    lefts: CandidateSet,
    rights: CandidateSet,
    /// The group R's, by group id (at most 486 groups).
    group_rights: [u64; 8],
    has_group_right: bool,
    vars: [u64; 6],
}

impl ChainUse {
    #[inline]
    fn has_var(&self, v: usize) -> bool {
        self.vars[v >> 6] >> (v & 63) & 1 == 1
    }
    #[inline]
    fn has_group_right(&self, g: u16) -> bool {
        self.group_rights[g as usize >> 6] >> (g & 63) & 1 == 1
    }
}

/// Where a variable's open candidates lie in a [`CandidateSet`]'s words: the searches count
/// how many of them lie outside a t/z set with one AND per word.
struct VarWords {
    /// (word index, mask of the variable's open candidates in that word), per variable in
    /// `spans` ranges.
    words: Vec<(u8, u64)>,
    /// Per variable: the start of its run in `words` and its length.
    spans: Vec<(u16, u8)>,
}

impl VarWords {
    fn new(var_open: &[([u16; 9], u8)]) -> VarWords {
        let mut words: Vec<(u8, u64)> = Vec::new();
        let mut spans = Vec::with_capacity(var_open.len());
        for (list, n) in var_open {
            let start = words.len();
            for &c in &list[..*n as usize] {
                let (w, bit) = ((c >> 6) as u8, 1u64 << (c & 63));
                let last = words.len().checked_sub(1).filter(|&k| k >= start);
                match last {
                    Some(k) if words[k].0 == w => words[k].1 |= bit,
                    _ => words.push((w, bit)),
                }
            }
            spans.push((start as u16, (words.len() - start) as u8));
        }
        VarWords { words, spans }
    }

    /// The (word index, mask) pairs of variable `v`'s open candidates.
    #[inline(always)]
    fn of(&self, v: usize) -> &[(u8, u64)] {
        let (start, len) = self.spans[v];
        &self.words[start as usize..start as usize + len as usize]
    }

    /// How many open candidates of variable `v` lie outside `tz`, when at most `max` do
    /// and at least one lies inside; else `None`. (Counted bit by bit: `count_ones` is not
    /// one instruction on every x86-64.)
    #[inline]
    fn outside_if_few(&self, v: usize, tz: &CandidateSet, max: usize) -> Option<usize> {
        let (start, len) = self.spans[v];
        let tw = tz.words();
        let mut outside = 0;
        let mut inside = false;
        for &(w, m) in &self.words[start as usize..start as usize + len as usize] {
            let t = tw[w as usize];
            inside |= t & m != 0;
            for _ in bits(m & !t) {
                outside += 1;
                if outside > max {
                    return None;
                }
            }
        }
        inside.then_some(outside)
    }
}

/// A search of one target stopped after some depth, to be resumed one level deeper
/// ([`WhipSearch::suspend`]).
struct Suspended {
    nodes: Vec<Node>,
    /// The partial whips of length `depth - 1`.
    frontier: Level,
    depth: usize,
}

/// The memory [`shortest_batch`] may keep in suspended searches between depths; a target's
/// search that does not fit is run again from length 1 at the next depth (same answer).
const SUSPENDED_BYTES: usize = 48 << 20;

/// What the searches of one grid state and one kind read and never change: built once per
/// state, shared by the searchers of every target (and every thread: [`shortest_batch`]).
struct Tables<'a> {
    links: &'a LinkIndex,
    braid: bool,
    /// Merge partial whips only when they are the same for every later purpose (same R's,
    /// last R, L's and variables), instead of by R's as SudoRules does: slower, and it
    /// finds the shortest whip of every target.
    exact: bool,
    groups: Option<GroupIndex>,
    /// Open candidates of each variable (indices), and how many.
    var_open: Vec<([u16; 9], u8)>,
    /// The same, as word masks.
    var_words: VarWords,
    /// The variables of each candidate.
    var_of: &'static [[u16; 4]; 729],
    /// Braids: per R code, the variables holding a candidate linked to it (those whose
    /// count outside a t/z set changes when the R is added).
    near: Vec<[u64; 6]>,
}

impl<'a> Tables<'a> {
    fn new(links: &'a LinkIndex, kind: WhipKind, merge: Merge) -> Tables<'a> {
        let var_open: Vec<([u16; 9], u8)> = CspVariable::all()
            .map(|v| {
                let mut list = [0u16; 9];
                let mut n = 0u8;
                for c in links.variable(v).iter() {
                    list[n as usize] = c.index() as u16;
                    n += 1;
                }
                (list, n)
            })
            .collect();
        let var_words = VarWords::new(&var_open);
        let groups = kind.uses_groups().then(|| GroupIndex::new(links));
        let near = if kind.is_braid() {
            near_variables(links, groups.as_ref())
        } else {
            Vec::new()
        };
        Tables {
            links,
            braid: kind.is_braid(),
            exact: merge == Merge::Exact,
            groups,
            var_open,
            var_words,
            var_of: &VARIABLES_OF,
            near,
        }
    }
}

/// A partial whip made by [`WhipSearch::push`], waiting for [`WhipSearch::flush`] to merge it
/// into the level being built (the pushes of one expansion are gathered so that the memory
/// of their merge keys is fetched at once).
#[derive(Clone, Copy)]
struct Staged {
    key: u128,
    node: Node,
    keys: Keys,
}

/// One breadth-first whip (braid, g-whip, g-braid) search: its tables, the partial whips
/// level by level, and its budget, for one grid state and one kind (not the registry's
/// [`crate::registry::Searcher`], which dispatches to it).
struct WhipSearch<'a> {
    t: Arc<Tables<'a>>,
    /// Stop when the arena holds more partial whips than this.
    budget: usize,
    /// Stop at this time (checked every few thousand partial whips), or when this flag is
    /// raised.
    deadline: Option<std::time::Instant>,
    cancel: Option<crate::limits::Cancel>,
    nodes: Vec<Node>,
    /// The level being expanded and the level being built.
    cur: Level,
    next: Level,
    seen: LevelMap,
    /// The pushes of the expansion under way, in order.
    staged: Vec<Staged>,
    stats: SearchStats,
    /// Braids: the open variables of the partial braid being extended (see
    /// [`WhipSearch::open_vars`]), recorded per partial braid of the level expanded in
    /// `cur_vars`.
    parent_vars: [u64; 6],
    /// Braids: the open variables of each partial braid of `cur` (entry i), as expanded:
    /// what the partial braids of `next` made from it start from.
    cur_vars: Vec<[u64; 6]>,
    /// The keys of the partial whips of the level being built (entry i is arena node
    /// `next.first + i`): a partial whip is recorded by its node and keys only, and its t/z
    /// set and variables are made from its parent's once the level is complete
    /// ([`WhipSearch::complete_level`]), so a merge costs no copy of them.
    pending: Vec<Keys>,
    /// The t/z set and open variables of the empty partial whip (the target's links): the
    /// parent of the first level.
    root_tz: CandidateSet,
    root_vars: [u64; 6],
    /// Every target searched was searched for complete whips at every shorter length
    /// (iterative deepening): see [`WhipSearch::expand_braid`]'s last level.
    shorter_searched: bool,
    /// Typed whips: the one CSP variable type (slot of [`VARIABLES_OF`]: rc, rn, cn, bn)
    /// every cell's variable must have; `None` for every other kind.
    space: Option<u8>,
}

#[inline]
fn cand(i: u16) -> Candidate {
    Candidate::from_index(i as usize)
}

/// Per R code (candidate or group), the variables holding a candidate linked to it.
fn near_variables(links: &LinkIndex, groups: Option<&GroupIndex>) -> Vec<[u64; 6]> {
    let var_of = &VARIABLES_OF;
    let vars_of_set = |set: &CandidateSet| {
        let mut vars = [0u64; 6];
        for c in set.iter() {
            for &v in &var_of[c.index()] {
                vars[v as usize >> 6] |= 1 << (v & 63);
            }
        }
        vars
    };
    let mut near = vec![[0u64; 6]; MAX_CODES];
    for c in links.open().iter() {
        near[c.index()] = vars_of_set(links.linked(c));
    }
    if let Some(g) = groups {
        for id in 0..g.len() {
            near[GROUP_BASE as usize + id] = vars_of_set(g.glinked(id));
        }
    }
    near
}

impl<'a> WhipSearch<'a> {
    fn new(links: &'a LinkIndex, kind: WhipKind, merge: Merge) -> WhipSearch<'a> {
        WhipSearch::with_tables(Arc::new(Tables::new(links, kind, merge)))
    }

    /// A searcher with empty buffers over `t`.
    fn with_tables(t: Arc<Tables<'a>>) -> WhipSearch<'a> {
        WhipSearch {
            t,
            budget: usize::MAX,
            deadline: None,
            cancel: None,
            nodes: Vec::new(),
            cur: Level::default(),
            next: Level::default(),
            seen: LevelMap::default(),
            staged: Vec::new(),
            stats: SearchStats::default(),
            parent_vars: [0; 6],
            cur_vars: Vec::new(),
            pending: Vec::new(),
            root_tz: CandidateSet::EMPTY,
            root_vars: [0; 6],
            shorter_searched: false,
            space: None,
        }
    }

    /// Whether a variable in slot `slot` of a candidate's [`VARIABLES_OF`] row (its type:
    /// rc, rn, cn, bn) may be a cell of this search's whips.
    #[inline]
    fn in_space(&self, slot: usize) -> bool {
        self.space.is_none_or(|s| s as usize == slot)
    }

    /// The variables holding a candidate linked to R code `r` (braids).
    #[inline]
    fn vars_near(&self, r: u16) -> [u64; 6] {
        self.t.near[r as usize]
    }

    /// The candidates linked to an R (candidate or group).
    #[inline]
    fn linkset(&self, r: u16) -> &CandidateSet {
        if r < GROUP_BASE {
            self.t.links.linked(cand(r))
        } else {
            self.t
                .groups
                .as_ref()
                .expect("group codes only with groups")
                .glinked((r - GROUP_BASE) as usize)
        }
    }

    /// The candidates of variable `v` outside `tz`, classified. `l` is the cell's L (in tz
    /// for every extension, so never part of the rest).
    #[inline(always)]
    fn classify(&self, v: usize, tz: &CandidateSet, l: u16) -> Rest {
        if self.t.groups.is_none() {
            // whips and braids: at most one candidate outside, read a word at a time
            debug_assert!(tz.contains(cand(l)));
            let tw = tz.words();
            let mut one = NO_CANDIDATE;
            for &(w, m) in self.t.var_words.of(v) {
                let rest = m & !tw[w as usize];
                if rest != 0 {
                    if one != NO_CANDIDATE || rest & (rest - 1) != 0 {
                        return Rest::Open;
                    }
                    one = w as u16 * 64 + rest.trailing_zeros() as u16;
                }
            }
            return if one == NO_CANDIDATE {
                Rest::Empty
            } else {
                Rest::One(one)
            };
        }
        self.classify_with_groups(v, tz, l)
    }

    /// Every open candidate of variable `v` lies in `tz` (the cell ends a whip): what
    /// [`WhipSearch::classify`] calls [`Rest::Empty`] for an L in `tz`, with no count.
    #[inline(always)]
    fn all_inside(&self, v: usize, tz: &CandidateSet) -> bool {
        let tw = tz.words();
        self.t
            .var_words
            .of(v)
            .iter()
            .all(|&(w, m)| m & !tw[w as usize] == 0)
    }

    /// The variables (rc, rn, cn, bn) of candidate R, or none for a group. R lies outside
    /// the t/z set of the partial whips it ends (it is not linked to itself) and is one of
    /// their R's, so a variable holding it never extends them: counted outside, it is
    /// [`Rest::One`] R (an earlier R), or a group holding R (not allowed), never
    /// [`Rest::Empty`].
    #[inline]
    fn vars_holding(&self, r: u16) -> [u16; 4] {
        if r < GROUP_BASE {
            self.t.var_of[r as usize]
        } else {
            [u16::MAX; 4]
        }
    }

    /// [`WhipSearch::classify`] for g-searches: up to three candidates outside, in one group
    /// (the block-line segment of the first holds them all; its group must not hold L).
    fn classify_with_groups(&self, v: usize, tz: &CandidateSet, l: u16) -> Rest {
        let tw = tz.words();
        let mut out = [0u16; 3];
        let mut count = 0usize;
        for &(w, m) in self.t.var_words.of(v) {
            let mut rest = m & !tw[w as usize];
            if w as u16 == l >> 6 {
                rest &= !(1u64 << (l & 63));
            }
            for b in bits(rest) {
                if count == 3 {
                    return Rest::Open;
                }
                out[count] = w as u16 * 64 + b as u16;
                count += 1;
            }
        }
        match count {
            0 => Rest::Empty,
            1 => Rest::One(out[0]),
            _ if v < 81 => Rest::Open,
            _ => {
                let segs = &SEGMENTS_OF;
                let rest = &out[..count];
                let [row, col] = segs[rest[0] as usize];
                let seg = if rest.iter().all(|&c| segs[c as usize][0] == row) {
                    row
                } else if rest.iter().all(|&c| segs[c as usize][1] == col) {
                    col
                } else {
                    return Rest::Open;
                };
                let groups = self.t.groups.as_ref().expect("groups");
                match groups.in_segment(seg as usize) {
                    None => Rest::Open,
                    Some(g) if groups.entry(g).candidates.contains(cand(l)) => Rest::Open,
                    Some(g) => Rest::Group(g as u16),
                }
            }
        }
    }

    fn chain_use(&self, mut p: u32) -> ChainUse {
        let mut u = ChainUse {
            lefts: CandidateSet::EMPTY,
            rights: CandidateSet::EMPTY,
            group_rights: [0; 8],
            has_group_right: false,
            vars: [0; 6],
        };
        while p != NO_PARENT {
            let n = self.nodes[p as usize];
            u.lefts.insert(cand(n.l));
            if n.r < GROUP_BASE {
                u.rights.insert(cand(n.r));
            } else {
                let g = n.r - GROUP_BASE;
                u.group_rights[g as usize >> 6] |= 1 << (g & 63);
                u.has_group_right = true;
            }
            u.vars[n.v as usize >> 6] |= 1 << (n.v & 63);
            p = n.parent;
        }
        u
    }

    /// The key under which a partial whip whose last R is `r` is merged (before the exact
    /// search's extra terms). As SudoRules: for whips its sequence of R's (CSP-Rules'
    /// partial-whip rules "do not assert different partial whips with the same sequences of
    /// rlc's"); for braids and g-braids its set of R's. g-whips merge by set of R's and last
    /// R: per sequence gives the same gW ratings on every puzzle compared (2,168 of cbg-000
    /// and cbg-001) at about five times the cost. Exact searches start from the set of R's
    /// and the last R, all a whip's future depends on among its R's.
    fn merge_key(&self, r_set: u128, r_seq: u128, r: u16) -> u128 {
        if self.merges_by_sequence() {
            r_seq
        } else if self.t.braid {
            r_set
        } else {
            r_set ^ zobrist()[1][r as usize]
        }
    }

    /// Plain whips under SudoRules' merge: the only search that keys on R sequences.
    fn merges_by_sequence(&self) -> bool {
        !self.t.braid && !self.t.exact && self.t.groups.is_none()
    }

    /// May group `g` be a new R? Not containing Z nor an earlier candidate R, and not an
    /// earlier group R (SudoRules' `glabel-contains-none-of`).
    fn group_allowed(&self, g: u16, z: Candidate, u: &ChainUse) -> bool {
        let e = self.t.groups.as_ref().expect("groups").entry(g as usize);
        !e.candidates.contains(z) && !e.candidates.intersects(&u.rights) && !u.has_group_right(g)
    }

    /// Add a partial whip to the level being built. When one with the same R's (sequence,
    /// or set for braids and g-whips: [`WhipSearch::merge_key`]) is there already, the new one replaces
    /// it: the level keeps the last one found, as SudoRules (CLIPS fires the newest
    /// activation first, and the partial whip it asserts blocks the others). The choice
    /// matters only through the loopless and new-variable conditions; this one agrees with
    /// SudoRules' W ratings on all 21,375 puzzles of cbg-000 and on 21,694 of the 21,695 of
    /// cbg-001 (keeping the first one found disagrees on one of cbg-000, two of cbg-001).
    /// In exact searches the key holds all a partial whip's future depends on, so only
    /// interchangeable partial whips are merged.
    /// `parent` keys are the parent's (zero for none).
    #[allow(clippy::too_many_arguments)]
    fn push(&mut self, parent: u32, keys: Keys, l: u16, v: u16, r: u16) {
        let z = zobrist();
        let zob = keys.r_set ^ z[0][r as usize];
        // only the keys this search merges by (the others stay zero)
        let r_seq = if self.merges_by_sequence() {
            seq_key(keys.r_seq, r)
        } else {
            0
        };
        let (l_set, v_set) = if self.t.exact {
            (keys.l_set ^ z[2][l as usize], keys.v_set ^ z[3][v as usize])
        } else {
            (0, 0)
        };
        let mut key = self.merge_key(zob, r_seq, r);
        if self.t.exact {
            // What the future of a partial whip depends on: its R's (and, for whips, the last
            // R), its variables (and the last one, for g-whips' variable rule), and for
            // whips its L's. A later R lies outside the t/z set and every L inside it, so a
            // later R is never an earlier L: braids use their L's and last R only for a
            // braid[2], which must be a whip[2] (L_2 is not L_1 and hangs on R_1), so their
            // key holds those at the first level only.
            key ^= v_set;
            if self.t.groups.is_some() {
                key ^= z[3][324 + v as usize];
            }
            if self.t.braid {
                if parent == NO_PARENT {
                    key ^= l_set ^ z[1][r as usize];
                }
            } else {
                key ^= l_set;
            }
        }
        let node = Node { parent, l, v, r };
        let keys = Keys {
            r_set: zob,
            r_seq,
            l_set,
            v_set,
        };
        self.seen.prefetch(key);
        self.staged.push(Staged { key, node, keys });
    }

    /// Merge the staged pushes into the level being built, in the order they were made (so
    /// the result is that of merging each as it was made).
    fn flush(&mut self) {
        for k in 0..self.staged.len() {
            let Staged { key, node, keys } = self.staged[k];
            let fresh = self.pending.len() as u32;
            match self.seen.get_or_insert(key, fresh) {
                Some(i) => {
                    let i = i as usize;
                    self.nodes[self.next.first + i] = node;
                    self.pending[i] = keys;
                }
                None => {
                    self.nodes.push(node);
                    self.pending.push(keys);
                }
            }
        }
        self.staged.clear();
    }

    /// The level being built is complete (merged and pruned): give each of its partial
    /// whips its t/z set (its parent's with the candidates linked to its last R) and the
    /// open variables of its parent, from the level it was expanded from (`cur`, or the
    /// root for the first level).
    fn complete_level(&mut self) {
        let first = self.next.first;
        let mut entries = std::mem::take(&mut self.next.entries);
        entries.clear();
        entries.extend(self.pending.iter().enumerate().map(|(i, &keys)| {
            let node = self.nodes[first + i];
            let (parent_tz, parent_vars) = if node.parent == NO_PARENT {
                (&self.root_tz, self.root_vars)
            } else {
                let j = node.parent as usize - self.cur.first;
                let vars = self.cur_vars.get(j).copied().unwrap_or([0; 6]);
                (&self.cur.entries[j].tz, vars)
            };
            let mut tz = *parent_tz;
            tz.union_with(self.linkset(node.r));
            FrontierEntry {
                tz,
                keys,
                parent_vars,
            }
        }));
        self.next.entries = entries;
        self.pending.clear();
    }

    /// Drop from the level being built every partial whip whose last R is a group containing
    /// the candidate R of another partial whip of the level with the same earlier R's: the
    /// candidate one says more (SudoRules does not assert such a partial g-whip).
    /// Exact searches keep them all.
    fn prune_dominated_groups(&mut self) {
        if self.t.groups.is_none() || self.t.exact {
            return;
        }
        let z = zobrist();
        let first = self.next.first;
        let mut keep = 0usize;
        for i in 0..self.pending.len() {
            let node = self.nodes[first + i];
            let dominated = node.r >= GROUP_BASE && {
                let prefix = self.pending[i].r_set ^ z[0][node.r as usize];
                let g = self.t.groups.as_ref().expect("groups");
                g.entry((node.r - GROUP_BASE) as usize)
                    .members
                    .iter()
                    .any(|x| {
                        let xi = x.index() as u16;
                        // g-searches merge by R set (never by sequence)
                        let key = self.merge_key(prefix ^ z[0][xi as usize], 0, xi);
                        self.seen.contains(key)
                    })
            };
            if !dominated {
                self.nodes[first + keep] = node;
                self.pending[keep] = self.pending[i];
                keep += 1;
            }
        }
        self.nodes.truncate(first + keep);
        self.pending.truncate(keep);
    }

    /// The shortest whip on `z` with min_len ≤ length ≤ max_len (breadth-first). Partial
    /// whips of length max_len are never built: the last level only looks for complete ones.
    fn search_target(&mut self, z: Candidate, min_len: usize, max_len: usize) -> Outcome {
        self.nodes.clear();
        self.next.clear(0);
        self.pending.clear();
        self.staged.clear();
        self.seen.clear();
        self.stats.targets += 1;
        if max_len == 0 || !self.t.links.open().contains(z) {
            return Outcome::Dead;
        }
        let zi = z.index() as u16;
        let tz0 = *self.t.links.linked(z);
        let grow = max_len > 1;
        if self.t.braid && grow {
            // only a variable holding a candidate of tz0 may be open
            let mut near = [0u64; 6];
            for c in tz0.iter() {
                for &v in &self.t.var_of[c.index()] {
                    near[v as usize >> 6] |= 1 << (v & 63);
                }
            }
            self.parent_vars = self.open_vars(&tz0, [0; 6], &near);
        }
        self.root_tz = tz0;
        self.root_vars = self.parent_vars;
        // level 1
        // a variable holding Z has Z outside tz0: never a cell of a whip on Z
        let z_vars = self.t.var_of[zi as usize];
        for l in tz0.iter() {
            let li = l.index() as u16;
            for (slot, (&vi, &zv)) in self.t.var_of[li as usize].iter().zip(&z_vars).enumerate() {
                if vi == zv || !self.in_space(slot) {
                    continue;
                }
                match self.classify(vi as usize, &tz0, li) {
                    Rest::Empty if min_len <= 1 => {
                        return Outcome::Found(Found {
                            parent: NO_PARENT,
                            l: li,
                            v: vi,
                            len: 1,
                        });
                    }
                    Rest::One(r) if grow && r != zi => {
                        self.push(NO_PARENT, Keys::default(), li, vi, r)
                    }
                    Rest::Group(g) if grow => {
                        let e = self.t.groups.as_ref().expect("groups").entry(g as usize);
                        if !e.candidates.contains(z) {
                            self.push(NO_PARENT, Keys::default(), li, vi, GROUP_BASE + g)
                        }
                    }
                    _ => {}
                }
            }
        }
        self.flush();
        self.prune_dominated_groups();
        self.complete_level();
        self.deepen(z, 2, min_len, max_len)
    }

    /// Levels `from..=max_len` of [`WhipSearch::search_target`], from the partial whips of
    /// length `from - 1` in the level being built (`self.next`). When the answer is
    /// [`Outcome::NotYet`] and `max_len ≥ 2`, `self.cur` holds the partial whips of length
    /// `max_len - 1`, as every search of `z` to a greater depth builds them: see
    /// [`WhipSearch::suspend`].
    fn deepen(&mut self, z: Candidate, from: usize, min_len: usize, max_len: usize) -> Outcome {
        for len in from..=max_len {
            std::mem::swap(&mut self.cur, &mut self.next);
            let first = self.nodes.len();
            self.next.clear(first);
            if self.cur.entries.is_empty() {
                self.note_peak();
                return Outcome::Dead;
            }
            self.seen.clear();
            self.pending.clear();
            self.cur_vars.clear();
            let grow = len < max_len;
            for i in 0..self.cur.entries.len() {
                let p = (self.cur.first + i) as u32;
                let FrontierEntry {
                    tz,
                    keys,
                    parent_vars,
                } = self.cur.entries[i];
                let found = if self.t.braid {
                    let f = self.expand_braid(p, &tz, keys, parent_vars, z, len, min_len, grow);
                    if grow {
                        self.cur_vars.push(self.parent_vars);
                    }
                    f
                } else {
                    self.expand_whip(p, &tz, keys, z, len, min_len, grow)
                };
                self.flush();
                if let Some(f) = found {
                    self.note_peak();
                    return Outcome::Found(f);
                }
                if self.nodes.len() > self.budget || (i % 4096 == 4095 && self.past_deadline()) {
                    self.note_peak();
                    return Outcome::OverBudget(len - 1);
                }
            }
            self.prune_dominated_groups();
            self.complete_level();
        }
        self.note_peak();
        Outcome::NotYet
    }

    /// After a search of `z` to depth `depth` ≥ 2 answered [`Outcome::NotYet`]: its arena
    /// and its partial whips of length `depth - 1`, from which [`WhipSearch::resume`] searches
    /// to depth `depth + 1` without building the shorter levels again.
    /// (Copies, so that the searcher keeps its grown buffers: see
    /// [`WhipSearch::suspended_bytes`].)
    fn suspend(&self, depth: usize) -> Suspended {
        Suspended {
            nodes: self.nodes.clone(),
            frontier: Level {
                first: self.cur.first,
                entries: self.cur.entries.clone(),
            },
            depth,
        }
    }

    /// What [`WhipSearch::suspend`] would keep, in bytes.
    fn suspended_bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.cur.entries.len() * std::mem::size_of::<FrontierEntry>()
    }

    /// [`WhipSearch::search_target`] of `z` with `max_len = saved.depth + 1` from a suspended
    /// search of the same target in the same state: the levels below `saved.depth` are those
    /// the full search would build again (they do not depend on the depth asked for), so the
    /// answer is the full search's.
    fn resume(&mut self, z: Candidate, saved: Suspended, min_len: usize) -> Outcome {
        self.stats.targets += 1;
        self.seen.clear();
        self.nodes.clear();
        self.nodes.extend_from_slice(&saved.nodes);
        self.pending.clear();
        self.next.first = saved.frontier.first;
        self.next.entries.clear();
        self.next.entries.extend_from_slice(&saved.frontier.entries);
        self.deepen(z, saved.depth, min_len, saved.depth + 1)
    }

    /// Braids: the variables V with an open candidate in `tz` and at most one (three with
    /// groups) outside it — the only ones that may extend a partial braid whose t/z set is
    /// `tz`. `known` holds the answer for every variable outside `recount`.
    fn open_vars(&self, tz: &CandidateSet, known: [u64; 6], recount: &[u64; 6]) -> [u64; 6] {
        let max = if self.t.groups.is_some() { 3 } else { 1 };
        let words = &self.t.var_words;
        let mut vars = known;
        for v in word_bits(recount).take_while(|&v| v < 324) {
            let open = self.t.var_open[v].1 > 0 && words.outside_if_few(v, tz, max).is_some();
            if open {
                vars[v >> 6] |= 1 << (v & 63);
            } else {
                vars[v >> 6] &= !(1 << (v & 63));
            }
        }
        vars
    }

    fn past_deadline(&self) -> bool {
        self.cancel.is_some_and(|c| c.is_raised())
            || self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
    }

    fn note_peak(&mut self) {
        let n = self.nodes.len() as u64;
        self.stats.partial_whips += n;
        self.stats.peak_partial_whips = self.stats.peak_partial_whips.max(n);
    }

    /// Extend partial whip `p` by one cell hanging on its last R.
    #[allow(clippy::too_many_arguments)]
    fn expand_whip(
        &mut self,
        p: u32,
        tz: &CandidateSet,
        keys: Keys,
        z: Candidate,
        len: usize,
        min_len: usize,
        grow: bool,
    ) -> Option<Found> {
        if !grow {
            return (len >= min_len).then(|| self.complete_whip(p, tz, z, len))?;
        }
        let node = self.nodes[p as usize];
        let u = self.chain_use(p);
        let zi = z.index() as u16;
        let ls = *self.linkset(node.r);
        let r_vars = self.vars_holding(node.r);
        for l in ls.iter() {
            let li = l.index() as u16;
            if li == zi || u.lefts.contains(l) || u.rights.contains(l) {
                continue;
            }
            for (slot, (&vi, &rv)) in self.t.var_of[li as usize].iter().zip(&r_vars).enumerate() {
                if vi == rv || !self.in_space(slot) {
                    continue;
                }
                let vi = vi as usize;
                // SudoRules: once a partial g-whip holds a group, its next variable need only
                // differ from the last one; before that, from all earlier ones.
                let repeated = if !u.has_group_right {
                    u.has_var(vi)
                } else {
                    vi == node.v as usize
                };
                if repeated {
                    continue;
                }
                match self.classify(vi, tz, li) {
                    Rest::Empty if len >= min_len => {
                        return Some(Found {
                            parent: p,
                            l: li,
                            v: vi as u16,
                            len,
                        });
                    }
                    Rest::One(r) if grow => {
                        let rc = cand(r);
                        if r != zi && !u.lefts.contains(rc) && !u.rights.contains(rc) {
                            self.push(p, keys, li, vi as u16, r);
                        }
                    }
                    Rest::Group(g) if grow && self.group_allowed(g, z, &u) => {
                        self.push(p, keys, li, vi as u16, GROUP_BASE + g);
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// The last level of a whip search: the first cell hanging on the last R of partial whip
    /// `p` that ends it (in [`WhipSearch::expand_whip`]'s order: L's in candidate order, then
    /// their variables), when every open candidate of its variable lies in `tz`. The
    /// chain's conditions (L not Z nor an earlier L or R, a new variable) are read only for
    /// such a cell, which is rare, so the chain is walked only then.
    fn complete_whip(&self, p: u32, tz: &CandidateSet, z: Candidate, len: usize) -> Option<Found> {
        let node = self.nodes[p as usize];
        let zi = z.index() as u16;
        let r_vars = self.vars_holding(node.r);
        let mut used: Option<ChainUse> = None;
        for l in self.linkset(node.r).iter() {
            let li = l.index() as u16;
            if li == zi {
                continue;
            }
            for (slot, (&vi, &rv)) in self.t.var_of[li as usize].iter().zip(&r_vars).enumerate() {
                let vi = vi as usize;
                if vi == rv as usize || !self.in_space(slot) || !self.all_inside(vi, tz) {
                    continue;
                }
                let u = used.get_or_insert_with(|| self.chain_use(p));
                if u.lefts.contains(l) || u.rights.contains(l) {
                    break;
                }
                // as in expand_whip: after a group R, only the last variable is excluded
                let repeated = if !u.has_group_right {
                    u.has_var(vi)
                } else {
                    vi == node.v as usize
                };
                if !repeated {
                    return Some(Found {
                        parent: p,
                        l: li,
                        v: vi as u16,
                        len,
                    });
                }
            }
        }
        None
    }

    /// Extend partial braid `p` by one cell whose L hangs on Z or on any of its R's.
    #[allow(clippy::too_many_arguments)]
    fn expand_braid(
        &mut self,
        p: u32,
        tz: &CandidateSet,
        keys: Keys,
        parent_vars: [u64; 6],
        z: Candidate,
        len: usize,
        min_len: usize,
        grow: bool,
    ) -> Option<Found> {
        let u = self.chain_use(p);
        let zi = z.index() as u16;
        let last = self.nodes[p as usize].r;
        // A braid[2] must be a whip[2]: its last L hangs on R_1 and is not L_1.
        let whip_final = len == 2;
        // the open variables: the parent's, with those of the candidates linked to the last
        // R (the only ones whose candidates tz gained) counted again
        let dirty = self.vars_near(last);
        let vars = if grow {
            let vars = self.open_vars(tz, parent_vars, &dirty);
            self.parent_vars = vars;
            vars
        } else {
            // the last level: only a variable with every open candidate in tz ends a braid;
            // it is among the parent's open variables or the recounted ones (no need to
            // recount them all: the loop tests each for completeness). When the shorter
            // lengths were searched for complete braids, a variable that ends this one
            // holds a candidate linked to the last R: one that does not would end the parent
            // with the same L (tz gained only the candidates linked to R), and the parent
            // has none. (Not at length 3: a braid[2] must be a whip[2].)
            if len < min_len {
                return None;
            }
            if len > 3 && (len > min_len || self.shorter_searched) {
                dirty
            } else {
                std::array::from_fn(|k| parent_vars[k] | dirty[k])
            }
        };
        let outside: [u64; 6] = std::array::from_fn(|k| vars[k] & !u.vars[k]);
        for vi in word_bits(&outside) {
            // candidates of V outside tz: at most one (three with groups), not all of them
            // (the grown level's variables are those: open_vars); none at the last level
            if !grow && self.t.var_words.outside_if_few(vi, tz, 0) != Some(0) {
                continue;
            }
            let (list, n) = self.t.var_open[vi];
            // an L: in V and tz, not Z, not an earlier candidate R
            let pick = |whip_style: bool| {
                list[..n as usize].iter().copied().find(|&c| {
                    let x = cand(c);
                    c != zi
                        && tz.contains(x)
                        && !u.rights.contains(x)
                        && (!whip_style || (self.linkset(last).contains(x) && !u.lefts.contains(x)))
                })
            };
            // pick(false), a word at a time: the first candidate of V in tz, not Z, not an
            // earlier candidate R (V's words are in candidate order)
            let first_l = {
                let (tw, rw) = (tz.words(), u.rights.words());
                let mut first = None;
                for &(w, m) in self.t.var_words.of(vi) {
                    let mut c = m & tw[w as usize] & !rw[w as usize];
                    if w as u16 == zi >> 6 {
                        c &= !(1u64 << (zi & 63));
                    }
                    if c != 0 {
                        first = Some(w as u16 * 64 + c.trailing_zeros() as u16);
                        break;
                    }
                }
                first
            };
            debug_assert_eq!(first_l, pick(false));
            let Some(l) = first_l else { continue };
            match self.classify(vi, tz, l) {
                Rest::Empty => {
                    if len >= min_len {
                        let l = if whip_final { pick(true) } else { Some(l) };
                        if let Some(l) = l {
                            return Some(Found {
                                parent: p,
                                l,
                                v: vi as u16,
                                len,
                            });
                        }
                    }
                }
                Rest::One(r) => {
                    let rc = cand(r);
                    if r != zi && !u.lefts.contains(rc) && !u.rights.contains(rc) {
                        self.push(p, keys, l, vi as u16, r);
                    }
                }
                Rest::Group(g) => {
                    // L must lie outside the group: pick again if needed
                    let e = self.t.groups.as_ref().expect("groups").entry(g as usize);
                    let l = if e.candidates.contains(cand(l)) {
                        list[..n as usize].iter().copied().find(|&c| {
                            let x = cand(c);
                            c != zi
                                && tz.contains(x)
                                && !u.rights.contains(x)
                                && !e.candidates.contains(x)
                        })
                    } else {
                        Some(l)
                    };
                    if let Some(l) = l {
                        if self.group_allowed(g, z, &u) {
                            self.push(p, keys, l, vi as u16, GROUP_BASE + g);
                        }
                    }
                }
                Rest::Open => {}
            }
        }
        None
    }

    fn items(&self, r: u16) -> Vec<Candidate> {
        if r < GROUP_BASE {
            vec![cand(r)]
        } else {
            self.t
                .groups
                .as_ref()
                .expect("groups")
                .entry((r - GROUP_BASE) as usize)
                .members
                .clone()
        }
    }

    /// The proof of a complete whip.
    fn proof(&self, z: Candidate, kind: WhipKind, f: Found) -> Proof {
        let mut chain = Vec::with_capacity(f.len);
        let mut p = f.parent;
        while p != NO_PARENT {
            chain.push(self.nodes[p as usize]);
            p = self.nodes[p as usize].parent;
        }
        chain.reverse();
        let mut cells: Vec<WhipCell> = chain
            .iter()
            .map(|n| WhipCell {
                variable: CspVariable::from_index(n.v as usize),
                left_linking: vec![cand(n.l)],
                right_linking: Some(self.items(n.r)),
            })
            .collect();
        cells.push(WhipCell {
            variable: CspVariable::from_index(f.v as usize),
            left_linking: vec![cand(f.l)],
            right_linking: None,
        });
        let has_group = chain.iter().any(|n| n.r >= GROUP_BASE);
        // a braid whose every L hangs on the previous R (loopless) is a whip
        let whip_like = !kind.is_braid() || {
            let ls: Vec<u16> = chain.iter().map(|n| n.l).chain([f.l]).collect();
            (1..ls.len()).all(|k| {
                self.linkset(chain[k - 1].r).contains(cand(ls[k])) && !ls[..k].contains(&ls[k])
            })
        };
        let kind = match (whip_like, has_group) {
            (true, false) => WhipKind::Whip,
            (true, true) => WhipKind::GWhip,
            (false, false) => WhipKind::Braid,
            (false, true) => WhipKind::GBraid,
        };
        Proof::new(
            Pattern::Whip(WhipPattern {
                kind,
                target: z,
                cells,
            }),
            vec![z],
            vec![],
        )
    }

    fn targets(&self) -> Vec<Candidate> {
        self.t.links.open().iter().collect()
    }
}

/// Up to `limit` proofs of `kind` with exactly `length` cells, at most one per target (the
/// first one the breadth-first search meets), targets in candidate order.
///
/// **Arguments**: the state's links, the kind, the exact length, the number of proofs wanted.
/// **Returns**: proofs of length `length`; a target whose shortest whip is shorter may still
/// have one of this length and be reported.
/// **Complexity**: one breadth-first search of depth `length` per open candidate (see the
/// module documentation).
pub fn find(links: &LinkIndex, kind: WhipKind, length: usize, limit: usize) -> Vec<Proof> {
    find_within(links, kind, length, limit, &mut Meter::unlimited())
        .expect("an unlimited meter never stops")
}

/// [`find`] under `meter`: each target's search holds at most the partial whips the meter
/// allows ([`Meter::search_cap`]) and is charged to it; the meter is checked before each
/// target. A target cut by its cap or a limit stops the whole call: the proofs of the
/// targets before it are not enough to say which is the first, so none is returned.
pub fn find_within(
    links: &LinkIndex,
    kind: WhipKind,
    length: usize,
    limit: usize,
    meter: &mut Meter,
) -> Result<Vec<Proof>, Stop> {
    find_in_spaces(links, kind, length, limit, meter, &[None])
}

/// SudoRules' typed whips of exactly `length` ([`typed_batch_within`]), up to `limit`
/// targets, under `meter`: each target searched in each space (rc, rn, cn, bn), the first
/// space with a typed whip giving its proof; as [`find_within`], a search cut by the meter
/// stops the call.
pub fn find_typed_within(
    links: &LinkIndex,
    length: usize,
    limit: usize,
    meter: &mut Meter,
) -> Result<Vec<Proof>, Stop> {
    find_in_spaces(links, WhipKind::Whip, length, limit, meter, &SPACES)
}

/// [`find_within`] over (target, space) pairs: `spaces` is `[None]` for the untyped kinds,
/// [`SPACES`] for typed whips (a target's first space with a whip gives its proof).
fn find_in_spaces(
    links: &LinkIndex,
    kind: WhipKind,
    length: usize,
    limit: usize,
    meter: &mut Meter,
    spaces: &[Option<u8>],
) -> Result<Vec<Proof>, Stop> {
    let mut s = WhipSearch::new(links, kind, Merge::SudoRules);
    let mut out = Vec::new();
    if length == 0 || limit == 0 {
        return Ok(out);
    }
    let (cap, cap_stop) = meter.search_cap(usize::MAX, WHIP_BYTES_PER_NODE);
    s.budget = cap;
    s.deadline = meter.deadline();
    s.cancel = meter.cancel();
    for z in s.targets() {
        for &space in spaces {
            if let Some(stop) = meter.check() {
                return Err(stop);
            }
            s.space = space;
            s.stats = SearchStats::default();
            let outcome = s.search_target(z, length, length);
            meter.spend(s.stats.partial_whips as usize);
            match outcome {
                Outcome::Found(f) => {
                    out.push(s.proof(z, kind, f));
                    break;
                }
                Outcome::OverBudget(_) => return Err(meter.check().unwrap_or(cap_stop)),
                Outcome::NotYet | Outcome::Dead => {}
            }
        }
        if out.len() >= limit {
            break;
        }
    }
    Ok(out)
}

/// The shortest typed whip (length ≤ `max_len`) on `target` in any of the four spaces, with
/// SudoRules' merging, under `meter` (what `explain` asks of the `typed-whip` technique).
pub fn search_typed_target_metered(
    links: &LinkIndex,
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> MeteredAnswer {
    let mut best: Option<Proof> = None;
    let mut dead = true;
    for space in SPACES {
        let bound = best.as_ref().map_or(max_len, |p| p.length - 1);
        let mut s = WhipSearch::new(links, WhipKind::Whip, Merge::SudoRules);
        let (cap, cap_stop) = meter.search_cap(usize::MAX, WHIP_BYTES_PER_NODE);
        s.budget = cap;
        s.deadline = meter.deadline();
        s.cancel = meter.cancel();
        s.space = space;
        let outcome = s.search_target(target, 1, bound);
        meter.spend(s.stats.partial_whips as usize);
        match outcome {
            Outcome::Found(f) => {
                dead = false;
                best = Some(s.proof(target, WhipKind::Whip, f));
            }
            Outcome::OverBudget(depth) => return MeteredAnswer::cut(meter, cap_stop, depth),
            Outcome::NotYet => dead = false,
            Outcome::Dead => {}
        }
    }
    MeteredAnswer {
        proof: best,
        stopped: None,
        depth: max_len,
        dead,
        proven_none: false,
    }
}

/// Partial whips an exact search may hold before it gives up (about 7 MB, a twentieth of
/// a second).
pub const EXACT_BUDGET: usize = 50_000;

/// The kind without groups that a g-kind contains: every whip is a g-whip, every braid a
/// g-braid.
fn without_groups(kind: WhipKind) -> Option<WhipKind> {
    match kind {
        WhipKind::GWhip => Some(WhipKind::Whip),
        WhipKind::GBraid => Some(WhipKind::Braid),
        WhipKind::Whip | WhipKind::Braid => None,
    }
}

/// The shortest whip of `kind` (length ≤ `max_len`) eliminating `target`, if any.
///
/// Whips and g-whips: first the search with SudoRules' merging (fast; may miss a whip whose
/// prefix lost a merge), then an exact search ([`Merge::Exact`]) for a shorter one, within
/// [`EXACT_BUDGET`] partial whips. So the answer is the shortest whip there is unless the
/// exact search ran out of budget (long whips on the hardest puzzles), and never worse than
/// SudoRules' search. Braids and g-braids merge by R set as SudoRules does (an exact braid
/// search keeps every set of variables too and costs far more); they find every whip's
/// target at the whip's length or less on the samples tested (tests/whips.rs,
/// tests/studies.rs).
///
/// g-whips and g-braids: first the search of the same kind without groups (its whips and
/// braids are g-whips and g-braids), then the g-search up to that length. An exact g-search
/// holds many more partial whips than an exact whip search and may give up where the whip
/// search does not (top1465 #1226's first stuck state: r1c2<>7 has a `whip[9]`, the exact
/// g-search needs 75,000 partial whips for it), so this is what makes a g-kind's answer
/// never longer than its plain kind's.
///
/// **Complexity**: one breadth-first search of depth ≤ `max_len`, then for whips one more
/// bounded by the budget; twice that for the g-kinds (the g-search bounded by the plain
/// kind's answer).
pub fn shortest_for_target(
    links: &LinkIndex,
    kind: WhipKind,
    target: Candidate,
    max_len: usize,
) -> Option<Proof> {
    let Some(plain) = without_groups(kind) else {
        return shortest_of_kind(links, kind, target, max_len);
    };
    let base = shortest_of_kind(links, plain, target, max_len);
    let bound = base.as_ref().map_or(max_len, |p| p.length);
    shortest_of_kind(links, kind, target, bound).or(base)
}

/// [`shortest_for_target`] of `kind`'s own search alone.
fn shortest_of_kind(
    links: &LinkIndex,
    kind: WhipKind,
    target: Candidate,
    max_len: usize,
) -> Option<Proof> {
    let merged = shortest_for_target_with(links, kind, target, max_len, Merge::SudoRules);
    if kind.is_braid() {
        return merged;
    }
    let shorter = merged.as_ref().map_or(max_len, |p| p.length - 1);
    shortest_for_target_with(links, kind, target, shorter, Merge::Exact).or(merged)
}

/// The shortest whip of `kind` (length ≤ `max_len`) on `target` that a search with the given
/// merging finds; exact searches give up (None) beyond [`EXACT_BUDGET`] partial whips.
pub fn shortest_for_target_with(
    links: &LinkIndex,
    kind: WhipKind,
    target: Candidate,
    max_len: usize,
    merge: Merge,
) -> Option<Proof> {
    let mut s = WhipSearch::new(links, kind, merge);
    if merge == Merge::Exact {
        s.budget = EXACT_BUDGET;
    }
    match s.search_target(target, 1, max_len) {
        Outcome::Found(f) => Some(s.proof(target, kind, f)),
        _ => None,
    }
}

/// What a metered search of one target gave.
#[derive(Clone, Debug)]
pub struct MeteredAnswer {
    pub proof: Option<Proof>,
    /// The limit that stopped the search, if any.
    pub stopped: Option<Stop>,
    /// With `stopped`: the length up to which the answer is complete.
    pub depth: usize,
    /// No whip of any length: the partial whips died out.
    pub dead: bool,
    /// No whip of this kind up to `max_len` exists: an exact search (every distinct partial
    /// whip kept, no merging) ran to the end within its budget and found none. False when
    /// only the merged search answered (braids; a merged search may lose a whip).
    pub proven_none: bool,
}

impl MeteredAnswer {
    /// No proof: a search cut at `depth` by its node cap, or by the meter's own limit when
    /// one is reached (the one the user set is named first).
    fn cut(meter: &mut Meter, cap_stop: Stop, depth: usize) -> MeteredAnswer {
        MeteredAnswer {
            proof: None,
            stopped: Some(meter.check().unwrap_or(cap_stop)),
            depth,
            dead: false,
            proven_none: false,
        }
    }
}

/// [`shortest_for_target`] under a [`Meter`]: each search's partial whips are capped by
/// what the meter allows and charged to it, and the deadline is checked as the search
/// goes. A stopped search says which limit stopped it and how far it got. As there, the
/// g-kinds search their kind without groups first, then the g-search up to its answer.
pub fn search_target_metered(
    links: &LinkIndex,
    kind: WhipKind,
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> MeteredAnswer {
    let Some(plain) = without_groups(kind) else {
        return metered_of_kind(links, kind, target, max_len, meter);
    };
    let base = metered_of_kind(links, plain, target, max_len, meter);
    let Some(found) = base.proof else {
        // none up to max_len (or stopped): the g-search alone answers
        return metered_of_kind(links, kind, target, max_len, meter);
    };
    let own = metered_of_kind(links, kind, target, found.length, meter);
    MeteredAnswer {
        proof: own.proof.or(Some(found)),
        stopped: own.stopped,
        depth: if own.stopped.is_some() {
            own.depth
        } else {
            max_len
        },
        dead: false,
        proven_none: false,
    }
}

/// [`shortest_of_kind`] under a [`Meter`] (what [`search_target_metered`] runs for one
/// kind).
fn metered_of_kind(
    links: &LinkIndex,
    kind: WhipKind,
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> MeteredAnswer {
    let run = |merge: Merge, max_len: usize, cap: usize, meter: &mut Meter| {
        let mut s = WhipSearch::new(links, kind, merge);
        let (cap, cap_stop) = meter.search_cap(cap, WHIP_BYTES_PER_NODE);
        s.budget = cap;
        s.deadline = meter.deadline();
        s.cancel = meter.cancel();
        let outcome = s.search_target(target, 1, max_len);
        meter.spend(s.stats.partial_whips as usize);
        match outcome {
            Outcome::Found(f) => (Some(s.proof(target, kind, f)), None, false),
            Outcome::OverBudget(depth) => (None, Some((depth, cap_stop)), false),
            Outcome::NotYet => (None, None, false),
            Outcome::Dead => (None, None, true),
        }
    };
    let (merged, stopped_at, dead) = run(Merge::SudoRules, max_len, usize::MAX, meter);
    if let Some((depth, cap_stop)) = stopped_at {
        return MeteredAnswer::cut(meter, cap_stop, depth);
    }
    if kind.is_braid() || dead {
        return MeteredAnswer {
            proof: merged,
            stopped: None,
            depth: max_len,
            dead,
            proven_none: false,
        };
    }
    let shorter = merged.as_ref().map_or(max_len, |p| p.length - 1);
    let (exact, exact_stopped, _) = run(Merge::Exact, shorter, EXACT_BUDGET, meter);
    MeteredAnswer {
        proven_none: merged.is_none() && exact.is_none() && exact_stopped.is_none(),
        proof: exact.or(merged),
        stopped: None,
        depth: max_len,
        dead: false,
    }
}

/// A shortest whip of `kind` over all targets, of length ≤ `max_len`, found by iterative
/// deepening: every target is searched to depth 1, then 2, ... until one has a whip.
///
/// **Returns**: a proof of the least length any target has, or `None`.
/// **Complexity**: Σ over depths d ≤ the answer of one depth-d search per live target; a
/// target whose partial whips die out is dropped.
pub fn first_up_to(links: &LinkIndex, kind: WhipKind, max_len: usize) -> Option<Proof> {
    shortest_batch(links, kind, max_len).0.into_iter().next()
}

/// Every target's whip at the least length any target has (≤ `max_len`): the step of a
/// W/B-style rating loop. All of them are valid in this state; applying them together is
/// what simplest-first reaches by confluence.
///
/// **Returns**: the proofs (all of one length, one per target, targets in candidate order)
/// and the search statistics; no proof when no target has a whip up to `max_len`.
/// **Complexity**: iterative deepening — for each depth d up to the answer, one depth-d
/// breadth-first search per live target (targets whose partial whips die out are dropped).
/// The deepest level is never materialised, so memory is the largest single-target arena
/// below the answer's depth (per thread: from depth [`PARALLEL_FROM_DEPTH`] the targets are
/// searched on every thread of the rayon pool; the answer does not depend on it).
pub fn shortest_batch(
    links: &LinkIndex,
    kind: WhipKind,
    max_len: usize,
) -> (Vec<Proof>, SearchStats) {
    let batch = shortest_batch_within(links, kind, max_len, &Limits::unlimited());
    debug_assert!(batch.cut.is_none(), "no limit, no cut");
    (batch.proofs, batch.stats)
}

/// What [`shortest_batch_within`] found.
#[derive(Debug, Default)]
pub struct Batch {
    /// Every target's whip at the least length any target has (empty when none, or cut).
    pub proofs: Vec<Proof>,
    pub stats: SearchStats,
    /// The limit that stopped the batch before it found a whip or proved there is none up
    /// to the maximal length.
    pub cut: Option<BatchCut>,
}

impl Batch {
    /// A batch `stop` cut while searching `depth`: every shorter depth was searched to its end.
    fn cut_at(stats: SearchStats, stop: Stop, depth: usize) -> Batch {
        Batch {
            proofs: Vec::new(),
            stats,
            cut: Some(BatchCut {
                stop,
                complete_to: depth - 1,
            }),
        }
    }
}

/// A batch stopped by a limit: no target has a whip of length ≤ `complete_to` in the state
/// (every depth up to it was searched to the end), nothing is known beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchCut {
    pub stop: Stop,
    pub complete_to: usize,
}

/// Bytes a partial whip costs at most in a search of one target: its arena node (12), its
/// frontier entry (t/z set, keys and braid variables: 208), its merge slot (24, half full)
/// and the growth of those vectors.
pub const WHIP_BYTES_PER_NODE: u64 = 400;

/// [`shortest_batch`] within `limits`: each target's search holds at most the partial whips
/// its memory share (and the work budget) allows ([`Limits::search_cap`]), the deadline
/// and the process's ceiling are checked before each target's search (and the deadline
/// inside it), the budget (partial whips made by the batch) before each depth. A target cut at
/// depth d leaves the depth open: the whips other targets have at d are still the batch's
/// answer (no target has a shorter one), but when none has one the batch stops there
/// ([`Batch::cut`]). With the same limits the answer is the same on every run, except where
/// the deadline or the process's ceiling stops it.
pub fn shortest_batch_within(
    links: &LinkIndex,
    kind: WhipKind,
    max_len: usize,
    limits: &Limits,
) -> Batch {
    batch_in_spaces(links, kind, max_len, limits, &[None])
}

/// The four CSP variable types a typed whip may keep to (slots of [`VARIABLES_OF`]): rc,
/// rn, cn, bn.
const SPACES: [Option<u8>; 4] = [Some(0), Some(1), Some(2), Some(3)];

/// [`shortest_batch_within`] for SudoRules' typed whips ([`WhipKind::Whip`] whose every
/// cell's CSP variable has one type: rc, rn, cn or bn): every target searched in each of the
/// four spaces, at each depth; a target with typed whips of the least length in several
/// spaces gets the first (rc, rn, cn, bn). Each space's search merges its partial whips by
/// R sequence as SudoRules' typed partial whips do (per `csp-type`).
pub fn typed_batch_within(links: &LinkIndex, max_len: usize, limits: &Limits) -> Batch {
    batch_in_spaces(links, WhipKind::Whip, max_len, limits, &SPACES)
}

/// [`shortest_batch_within`] over (target, space) pairs: `spaces` is `[None]` for the
/// untyped kinds, [`SPACES`] for typed whips.
fn batch_in_spaces(
    links: &LinkIndex,
    kind: WhipKind,
    max_len: usize,
    limits: &Limits,
    spaces: &[Option<u8>],
) -> Batch {
    let (mut cap, mut cap_stop) = limits.search_cap(usize::MAX, WHIP_BYTES_PER_NODE);
    if let Some(budget) = limits.budget {
        if budget < cap as u64 {
            (cap, cap_stop) = (budget.max(1) as usize, Stop::Budget { budget });
        }
    }
    let mut s = WhipSearch::new(links, kind, Merge::SudoRules);
    // every depth d is searched after depth d - 1 found no whip on any live target
    s.shorter_searched = true;
    s.budget = cap;
    s.deadline = limits.deadline;
    s.cancel = limits.cancel;
    let mut stats = SearchStats::default();
    // live targets, each with its search suspended at the last depth if it fitted in memory
    let mut live: Vec<(Candidate, Option<u8>, Option<Suspended>)> = s
        .targets()
        .into_iter()
        .flat_map(|z| spaces.iter().map(move |&space| (z, space, None)))
        .collect();
    // searchers (their grown buffers) for the threads, reused target after target
    let t = Arc::clone(&s.t);
    let fresh = || {
        let mut w = WhipSearch::with_tables(Arc::clone(&t));
        w.shorter_searched = true;
        w.budget = cap;
        w.deadline = limits.deadline;
        w.cancel = limits.cancel;
        w
    };
    let mut pool: Mutex<Vec<WhipSearch<'_>>> = Mutex::new(vec![s]);
    for depth in 1..=max_len {
        let over_budget = limits
            .budget
            .filter(|&b| stats.partial_whips >= b)
            .map(|budget| Stop::Budget { budget });
        if let Some(stop) = over_budget.or_else(|| limits.reached()) {
            return Batch::cut_at(stats, stop, depth);
        }
        let budget = SuspendBudget {
            found: AtomicBool::new(false),
            kept: AtomicUsize::new(0),
        };
        let one =
            |s: &mut WhipSearch<'_>,
             (z, space, saved): (Candidate, Option<u8>, Option<Suspended>)| {
                // below PARALLEL_FROM_DEPTH a depth's searches are short: the check before the
                // depth is enough (asking the clock and the ceiling per target cost 5% of a W
                // rating of easy puzzles)
                if depth >= PARALLEL_FROM_DEPTH {
                    if let Some(stop) = limits.reached() {
                        return (space, AtDepth::Cut(stop), SearchStats::default());
                    }
                }
                s.space = space;
                match search_at_depth(s, kind, z, saved, depth, &budget) {
                    // the search's own cap, or the deadline inside it
                    (AtDepth::Cut(_), st) => (
                        space,
                        AtDepth::Cut(limits.reached().unwrap_or(cap_stop)),
                        st,
                    ),
                    (r, st) => (space, r, st),
                }
            };
        // the targets' searches are independent: deep ones on every thread (a hard
        // puzzle's last states are most of a rating run's time), in candidate order
        let results: Vec<(Option<u8>, AtDepth, SearchStats)> = if depth >= PARALLEL_FROM_DEPTH {
            let take = || {
                let w = pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
                w.unwrap_or_else(fresh)
            };
            live.into_par_iter()
                .with_max_len(1)
                .map(|item| {
                    let mut w = take();
                    let r = one(&mut w, item);
                    pool.lock().unwrap_or_else(|e| e.into_inner()).push(w);
                    r
                })
                .collect()
        } else {
            let searchers = pool.get_mut().unwrap_or_else(|e| e.into_inner());
            if searchers.is_empty() {
                searchers.push(fresh());
            }
            let w = &mut searchers[0];
            live.into_iter().map(|item| one(w, item)).collect()
        };
        let mut found: Vec<Proof> = Vec::new();
        let mut next = Vec::with_capacity(results.len());
        let mut cut = None;
        for (space, r, st) in results {
            stats.merge(&st);
            match r {
                // a typed target's first space with a whip at this depth
                AtDepth::Found(p) => {
                    if found
                        .last()
                        .is_none_or(|q| q.eliminations != p.eliminations)
                    {
                        found.push(p);
                    }
                }
                AtDepth::Live(z, saved) => next.push((z, space, saved)),
                AtDepth::Gone => {}
                // the first cut (in candidate order) names the limit
                AtDepth::Cut(stop) => {
                    cut.get_or_insert(stop);
                }
            }
        }
        if !found.is_empty() {
            return Batch {
                proofs: found,
                stats,
                cut: None,
            };
        }
        if let Some(stop) = cut {
            return Batch::cut_at(stats, stop, depth);
        }
        live = next;
        if live.is_empty() {
            break;
        }
    }
    Batch {
        proofs: Vec::new(),
        stats,
        cut: None,
    }
}

/// From this depth on, [`shortest_batch`] searches its targets on every thread (below it a
/// target's search is too short to be worth handing over).
const PARALLEL_FROM_DEPTH: usize = 3;

/// What one depth of [`shortest_batch`] shares among its targets' searches: whether one
/// found a whip (then no search is suspended: there is no next depth), and the memory the
/// suspended searches hold. (Which searches are suspended only changes the time taken.)
struct SuspendBudget {
    found: AtomicBool,
    kept: AtomicUsize,
}

/// A target's search at one depth of [`shortest_batch`].
enum AtDepth {
    Found(Proof),
    /// No whip at this depth, partial whips alive: searched again one deeper, resumed when
    /// suspended.
    Live(Candidate, Option<Suspended>),
    /// No whip at any depth.
    Gone,
    /// Stopped at this depth by a limit (its search's cap, the deadline, the ceiling).
    Cut(Stop),
}

/// Search `z` at exactly `depth` (resuming its suspended search if any) with searcher `s`;
/// the statistics are this search's.
fn search_at_depth(
    s: &mut WhipSearch<'_>,
    kind: WhipKind,
    z: Candidate,
    saved: Option<Suspended>,
    depth: usize,
    budget: &SuspendBudget,
) -> (AtDepth, SearchStats) {
    s.stats = SearchStats::default();
    let outcome = match saved {
        Some(saved) => s.resume(z, saved, depth),
        None => s.search_target(z, depth, depth),
    };
    let r = match outcome {
        Outcome::Found(f) => {
            budget.found.store(true, Ordering::Relaxed);
            AtDepth::Found(s.proof(z, kind, f))
        }
        Outcome::NotYet => {
            // once a target has a whip at this depth there is no next depth
            let mut saved = None;
            if depth >= 2 && !budget.found.load(Ordering::Relaxed) {
                let bytes = s.suspended_bytes();
                let fits = budget
                    .kept
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |k| {
                        (k + bytes <= SUSPENDED_BYTES).then_some(k + bytes)
                    })
                    .is_ok();
                if fits {
                    saved = Some(s.suspend(depth));
                }
            }
            AtDepth::Live(z, saved)
        }
        Outcome::Dead => AtDepth::Gone,
        Outcome::OverBudget(_) => AtDepth::Cut(Stop::SearchBudget),
    };
    (r, s.stats)
}
