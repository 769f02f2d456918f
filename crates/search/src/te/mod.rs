//! Trial and error at bounded depth (Berthier's T&E(T, n)), over BRT or over B_p, and the
//! proofs of the eliminations it makes.
//!
//! # Definitions
//!
//! Berthier, *The Hidden Logic of Sudoku* (2007), *Constraint Resolution Theories* (2011)
//! and *Pattern-Based Constraint Satisfaction and Logic Puzzles* (2012, 2015), as CSP-Rules
//! implements them (`denis-berthier/CSP-Rules-V2.1`, `CSP-Rules-Generic/T&E+DFS/T&E1.clp`):
//! - **BRT**: ECP (a decided value removes every candidate nrc-linked to it), naked and
//!   hidden singles, to a fixpoint;
//! - **T&E(T, 1)**: for each candidate Z of the state, assume Z in a copy and apply T to a
//!   fixpoint; a contradiction (a cell, or a house-digit, with no candidate left) removes Z
//!   from the real state, where T applies too; repeat until nothing changes.
//!   **T&E(T, n+1) = T&E(T&E(T, n), 1)**;
//! - **B_p** = BRT + braids of length ≤ p; T&E(B_p, 1) gives the **BxB** class of a T&E(2)
//!   puzzle, T&E(B_p, 2) the **BxBB** class of a T&E(3) puzzle (see `study::te`).
//!
//! Example: Loki (mith, 2022), `57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..`,
//! is solved neither by T&E(BRT, 2) nor by anything below it; T&E(BRT, 3) solves it.
//!
//! # How the engine is fast
//!
//! A state is a [`Grid`]: 81 `u16` digit masks; a trial is a copy, a propagation and a
//! test. The closures used are all monotone, contracting and idempotent (T&E's confluence,
//! [CRT] ch. 5), and that gives these shortcuts, none of which changes an answer:
//! - **Reuse**: a trial's result R = closure(S ∧ Z) computed on a state S stays a valid start
//!   on every smaller state S' (closure(S' ∧ Z) = closure(S' ∩ R)), and when R ⊆ S' it *is*
//!   the answer (a verdict's result, below, gives the same verdict): the trial is not run
//!   again until something it kept is gone. Every trial's
//!   result on the real state is kept per level ([`Engine`]'s caches) and used inside every
//!   context below it, where a trial is then an AND and a short propagation.
//! - **Eagerness**: an elimination is applied at once, with the levels below it, so the
//!   later trials of the pass run on the smaller state.
//! - **The solution**: a candidate of the puzzle's unique solution never leads to a
//!   contradiction, so in the real state it is never tried (callers know the solution;
//!   in a context nothing is skipped).
//! - **Survivors**: a value decided in the result of a trial that found no contradiction
//!   cannot find one either (its closure contains that result), so in the same pass, on
//!   the same state, it is not tried (`Survivors`).
//! - B_p: a braid's target is refuted by one BRT propagation, which bounds the shortest
//!   braid's length from both sides ([`bp`]): most targets go, or are known to have no
//!   braid ≤ p, without a search; in the real state braids are not searched at all
//!   (their eliminations are the T&E(B_p, 1) trials' too). A context's B_p fixpoint is
//!   kept, so a later closure that reaches the same grid stops there.
//! - B_1 is BRT and the locked candidates ([`Grid::b1_closure`]): a braid of length one on Z
//!   is a CSP variable all of whose candidates Z sees, which in a BRT-closed grid is a
//!   house-digit whose places lie in one box-line intersection (pointing, claiming). No
//!   index and no trial: the level p = 1 of BxB costs about 1% of what it did.
//! - **Verdicts**: a trial of T&E(B_p, 1) is asked only whether it ends in a
//!   contradiction. Before its closure would search braids (from p = 7 on:
//!   `VERDICT_FROM`, where searches cost more than the check), the same context is closed
//!   with every candidate whose waves meet a contradiction within p waves eliminated, braid
//!   or not (`Engine::survives_every_target`); that state lies inside the closure (a braid
//!   stays one in a smaller state), so when it has no contradiction the trial has none,
//!   and no braid is searched. At a level that does not solve the puzzle, most contexts
//!   end so: the SHC's B10B examples' BxB takes 0.43 of the CPU it took. A result kept
//!   from such a trial lies between the closure and the trial's start, which every use
//!   above allows (a valid start, a verdict, survivors).
//! - B_p's targets in a context are found by waves ([`bp::Context::contradicted_by_wave`]):
//!   a braid of length ≤ p on Z is a contradiction of BRT from Z within p waves of singles,
//!   and those waves run for every candidate at once, one bit each, with no BRT trial of
//!   each candidate; only the few whose waves meet a contradiction in time are certified,
//!   wave by wave, and the waves stop at the first wave whose targets eliminated
//!   something (the round starts again in the smaller context).
//!
//! # Complexity
//!
//! A BRT propagation is O(81 × 20 + 27 × 9) per round, a few rounds. A T&E(n) pass is at
//! most (open candidates)^n propagations — about 10^2, 10^4, 10^6 for n = 1, 2, 3 — and
//! the reuse above makes the typical cost far lower (PERFORMANCE.md). Every trial counts
//! against the [`Meter`], whose limits are checked every [`CHECK_EVERY`] trials; a braid
//! search counts its partial braids against its [`braids::Quota`] and reads the job's clock
//! every [`braids::CLOCK_EVERY`] of them, and B_p's closure reads it before each search, so
//! a search that would run to its node budget stops within moments of the deadline.
//!
//! Did not pay: a T&E(1) trial before each B_p trial, to skip it (1.56× the CPU: a T&E(1)
//! closure costs about what a B_p one does); the real state's trials run ahead under B_{p+1}
//! (1.07×; and a B_{p+1} result is no valid start under B_p: a first version gave two of
//! eleven's first 100 a class too low). Open: the order of the trials at the level that solves
//! the puzzle is worth up to a third (an oracle order took the 58 B5B puzzles of eleven's first
//! 100 from 1.97 to 1.13 s, 0.57×); `Engine::likely_first` is the cheap predictor so far.
//!
//! [CRT]: Berthier, *Constraint Resolution Theories*, 2011.

pub mod bp;
pub mod braids;
pub mod build;
pub mod find;
pub mod gbp;
pub mod grid;
pub mod subsets;

pub use find::{Eliminations, TrialKind};
pub use grid::Grid;
use grid::Meet;

use super::limits::{Meter, Stop};
use super::whips::{self, WhipKind};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, State};

/// Trials between two checks of the meter's deadline and memory ceiling.
pub const CHECK_EVERY: u64 = 256;

/// Partial braids one braid search may keep (the SHC's default buffer for B and BxB).
pub const BRAID_BUDGET: u64 = 1_000_000;

/// Partial g-braids a g-braid search may explore in a round's first pass
/// ([`Engine::g_braid_targets`]).
pub const G_FIRST_BUDGET: u64 = 20_000;

/// Partial g-braids a g-braid search may explore when the first pass eliminated nothing,
/// unless the job's limits set a work budget (`--budget`): about thirty seconds, inside
/// `rate`'s default minute; its memory does not grow with it ([`gbp`]'s sleep sets).
pub const G_BRAID_BUDGET: u64 = 24_000_000;

/// A resolution theory of the T&E family: T&E(B_braids, depth), B_0 being BRT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Theory {
    /// n in T&E(T, n); 0 is T itself.
    pub depth: usize,
    /// p in B_p; 0 is BRT.
    pub braids: usize,
}

impl Theory {
    /// T&E(BRT, n).
    pub const fn te(depth: usize) -> Theory {
        Theory { depth, braids: 0 }
    }
}

/// A trial's result kept for reuse: closure(S ∧ Z) at some level, under B_p (for a trial
/// of T&E(B_p, 1), possibly a state between it and S ∧ Z with no contradiction: see
/// **Verdicts** above).
#[derive(Clone, Copy)]
struct Kept {
    grid: Grid,
    /// The braid length of the theory it was computed under; `None`: no result kept.
    braids: Option<usize>,
    /// Inner contexts: the context it belongs to (see [`Engine::memo_gen`]).
    gen: u64,
}

const NONE_KEPT: Kept = Kept {
    grid: Grid { cells: [0; 81] },
    braids: None,
    gen: 0,
};

/// The T&E engine on one real state. Levels are numbered by the depth of the closure that
/// makes the trial: slot n holds results of closure_{n-1}(S ∧ Z), the trials of T&E(n).
pub struct Engine<'m> {
    grid: Grid,
    /// The solution's digit per cell (bit), when known: its candidates are never tried in
    /// the real state.
    truth: Option<[u16; 81]>,
    /// Per level: the trials' results on the real state (valid starts in any context).
    caches: Vec<Vec<Kept>>,
    /// Per level: the trials' results in the current context of that level.
    memos: Vec<Vec<Kept>>,
    memo_gen: Vec<u64>,
    next_gen: u64,
    meter: &'m mut Meter,
    /// Trials run (propagations from an assumption).
    pub trials: u64,
    /// Braid searches run (one target each).
    pub braid_searches: u64,
    /// The B_p fixpoints of contexts reached so far, each with the largest p it is known to
    /// be the B_p fixpoint of (it is then the fixpoint of every smaller p too: B_q ⊆ B_p).
    bp_memo: rustc_hash::FxHashMap<Grid, usize>,
    /// B_p on the global index only (the `WIDE` environment variable, read once).
    wide: bool,
    /// B_p's index of a context ([`bp::Context`]), rebuilt in place for each round.
    index: bp::Context,
    /// [`Engine::survives_every_target`]'s index, apart from the one of the closure it
    /// serves.
    verdict_index: bp::Context,
}

/// What a B_p closure is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    /// The closure itself: a context other trials run in, or the real state.
    Fixpoint,
    /// Only whether it is a contradiction (the last step of a trial of T&E(B_p, 1)): when
    /// no contradiction is proven without braid searches
    /// ([`Engine::survives_every_target`]), the state returned lies between the closure
    /// and the start.
    Verdict,
}

/// The least p at which a trial of T&E(B_p, 1) checks its verdict before braid searches
/// ([`Want::Verdict`]). The check costs about a round of the closure whether it answers or
/// not, and the searches it saves cost more with p: from 7 on it pays (BxB of the SHC's 43
/// examples from B8B up: 0.63 of the CPU; from p = 5: 0.59, but eleven's first 100 then
/// take 1.09 times as long, their searches below p = 7 being cheap; from 7 on, as before).
const VERDICT_FROM: usize = 7;

/// Context fixpoints [`Engine`] keeps for B_p before it starts afresh (about 200 bytes each).
const BP_MEMO_MAX: usize = 100_000;

/// The candidates of a state S that no trial of the current level can refute, known from
/// the trials that found no contradiction: a value Y' decided in R = closure(S ∧ Y) is one.
/// R ⊆ S ∧ Y', so R = closure(R) ⊆ closure(S ∧ Y') (the closure is monotone and
/// idempotent), and a superset of a state with no empty cell or house-digit has none either.
/// Valid only while S is unchanged: an elimination empties it.
struct Survivors([u16; 81]);

impl Default for Survivors {
    fn default() -> Survivors {
        Survivors([0; 81])
    }
}

impl Survivors {
    #[inline]
    fn has(&self, c: Candidate) -> bool {
        self.0[c.cell().index()] >> c.digit().index() & 1 == 1
    }

    /// Adds the decided values of a trial's result (no contradiction).
    fn add(&mut self, result: &Grid) {
        for (known, &m) in self.0.iter_mut().zip(&result.cells) {
            if m.is_power_of_two() {
                *known |= m;
            }
        }
    }
}

/// Why the engine could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("BRT finds a contradiction in the state: it has no solution")]
    Contradictory,
}

/// What an [`Engine`] knows, without its meter: its real state and every trial result kept
/// on it ([`Engine::checkpoint`], [`Engine::resume`]). A classification that must test a
/// deeper theory before going on from the current state saves it here instead of
/// computing the current state again.
pub struct Checkpoint {
    grid: Grid,
    truth: Option<[u16; 81]>,
    caches: Vec<Vec<Kept>>,
    memos: Vec<Vec<Kept>>,
    memo_gen: Vec<u64>,
    next_gen: u64,
    trials: u64,
    braid_searches: u64,
    bp_memo: rustc_hash::FxHashMap<Grid, usize>,
    wide: bool,
}

impl<'m> Engine<'m> {
    /// An engine on `state` after BRT. `solution` (81 digits), when given, must be the
    /// state's unique solution: its candidates are then never tried in the real state.
    pub fn new(
        state: &State,
        solution: Option<&[u8; 81]>,
        meter: &'m mut Meter,
    ) -> Result<Engine<'m>, EngineError> {
        let mut grid = Grid::from_state(state);
        if grid.has_contradiction() || !grid.brt(grid.decided()) {
            return Err(EngineError::Contradictory);
        }
        let truth = solution.map(|s| {
            let mut t = [0u16; 81];
            for (i, &v) in s.iter().enumerate() {
                t[i] = if (1..=9).contains(&v) {
                    1 << (v - 1)
                } else {
                    0
                };
            }
            t
        });
        Ok(Engine {
            grid,
            truth,
            caches: Vec::new(),
            memos: Vec::new(),
            memo_gen: Vec::new(),
            next_gen: 0,
            meter,
            trials: 0,
            braid_searches: 0,
            bp_memo: Default::default(),
            wide: std::env::var_os("WIDE").is_some(),
            index: bp::Context::default(),
            verdict_index: bp::Context::default(),
        })
    }

    /// The engine's knowledge as it is now (its real state and kept trial results), to
    /// [`Engine::resume`] from later: the results an engine keeps are valid for its real
    /// state and the states inside it, so a checkpoint must be resumed as it was taken.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            grid: self.grid,
            truth: self.truth,
            caches: self.caches.clone(),
            memos: self.memos.clone(),
            memo_gen: self.memo_gen.clone(),
            next_gen: self.next_gen,
            trials: self.trials,
            braid_searches: self.braid_searches,
            bp_memo: self.bp_memo.clone(),
            wide: self.wide,
        }
    }

    /// An engine where `checkpoint` was taken, counting its work on `meter`.
    pub fn resume(checkpoint: Checkpoint, meter: &'m mut Meter) -> Engine<'m> {
        let Checkpoint {
            grid,
            truth,
            caches,
            memos,
            memo_gen,
            next_gen,
            trials,
            braid_searches,
            bp_memo,
            wide,
        } = checkpoint;
        Engine {
            grid,
            truth,
            caches,
            memos,
            memo_gen,
            next_gen,
            meter,
            trials,
            braid_searches,
            bp_memo,
            wide,
            index: bp::Context::default(),
            verdict_index: bp::Context::default(),
        }
    }

    /// The real state's grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The real state is solved.
    pub fn is_solved(&self) -> bool {
        self.grid.is_solved()
    }

    /// Apply `theory` to the real state, to its fixpoint (or until it is solved).
    /// `Ok(false)`: a contradiction in the real state (the state has no solution; with a
    /// correct `solution` this cannot happen).
    pub fn apply(&mut self, theory: Theory) -> Result<bool, Stop> {
        let mut g = self.grid;
        let ok = self.closure(&mut g, theory.depth, theory.braids, true)?;
        self.grid = g;
        Ok(ok)
    }

    /// Apply B_p itself (no trial: T&E(B_p, 0)) to the real state, to its fixpoint or until
    /// it is solved, as inside a context ([`Engine::braid_closure`]): B_p has the confluence
    /// property (braids stay braids in a smaller state), so the fixpoint is the one any
    /// order of its eliminations reaches, and B_p's fixpoint is a valid start for
    /// B_{p+1}'s. `Ok(false)`: a contradiction in the real state.
    pub fn apply_braids(&mut self, p: usize) -> Result<bool, Stop> {
        let mut g = self.grid;
        let ok = self.braid_closure(&mut g, p, Want::Fixpoint)?;
        self.grid = g;
        Ok(ok)
    }

    /// Apply gB_p (BRT and g-braids of length ≤ p) to the real state, to its fixpoint or
    /// until it is solved. Like B_p, gB_p has the confluence property (Berthier, 2012), so
    /// gB_p's fixpoint is a valid start for gB_{p+1}'s, and the least p whose fixpoint is
    /// solved is the gB rating. Every braid is a g-braid: B_p's closure
    /// ([`Engine::apply_braids`]), far cheaper, runs first in each round, and the g-braid
    /// searches ([`gbp`]) only look at what it leaves. `Ok(false)`: a contradiction.
    pub fn apply_g_braids(&mut self, p: usize) -> Result<bool, Stop> {
        loop {
            if !self.apply_braids(p)? {
                return Ok(false);
            }
            if self.grid.is_solved() {
                return Ok(true);
            }
            let mut a = self.grid;
            let round = self.g_braid_round(&mut a, p);
            self.grid = a;
            match round? {
                None => return Ok(false),
                Some(false) => return Ok(true),
                Some(true) => {}
            }
        }
    }

    /// One round of gB_p in the real state `a` (B_p-closed): each target (not a candidate
    /// of the solution) with a g-braid of length ≤ p on the round's index is eliminated (a
    /// g-braid of a larger state stays one in a smaller). `Some(changed)`, or `None` for a
    /// contradiction.
    fn g_braid_round(&mut self, a: &mut Grid, p: usize) -> Result<Option<bool>, Stop> {
        let targets: Vec<Candidate> = a.trial_candidates().filter(|&z| !self.is_true(z)).collect();
        let mut ctx = std::mem::take(&mut self.index);
        let answer = if self.index(&mut ctx, a) {
            self.g_braid_targets(a, p, &ctx, &targets)
        } else {
            self.g_braid_targets_wide(a, p, &targets)
        };
        self.index = ctx;
        answer
    }

    /// [`Engine::g_braid_round`] on B_p's index of `a`. The targets are searched first
    /// within [`G_FIRST_BUDGET`] partial g-braids each; those it cuts are searched again
    /// with the full quota only when no other target was eliminated (an elimination starts
    /// a new round, in which they may be cheaper, or gone).
    fn g_braid_targets(
        &mut self,
        a: &mut Grid,
        p: usize,
        ctx: &bp::Context,
        targets: &[Candidate],
    ) -> Result<Option<bool>, Stop> {
        let index = gbp::GIndex::new(ctx);
        let mut changed = false;
        let mut deferred = Vec::new();
        let first = braids::Quota {
            nodes: G_FIRST_BUDGET,
            ..self.quota()
        };
        for &z in targets {
            self.tick()?;
            if !a.has(z) || !index.may_have(z, p) {
                continue;
            }
            match self.g_braid_answer(a, z, &index, p, first) {
                Err(Stop::SearchBudget) => deferred.push(z),
                Err(stop) => return Err(stop),
                Ok(Some(false)) => return Ok(None),
                Ok(Some(true)) if a.is_solved() => return Ok(Some(true)),
                Ok(Some(true)) => changed = true,
                Ok(None) => {}
            }
        }
        if changed {
            return Ok(Some(true));
        }
        // the caller's work budget, when it set one, instead of the default
        let full = braids::Quota {
            nodes: self.meter.limits().budget.unwrap_or(G_BRAID_BUDGET),
            ..self.quota()
        };
        for z in deferred {
            match self.g_braid_answer(a, z, &index, p, full)? {
                Some(false) => return Ok(None),
                Some(true) => return Ok(Some(true)),
                None => {}
            }
        }
        Ok(Some(false))
    }

    /// One g-braid search on `z`, counted and metered ([`Engine::braid_answer`]).
    fn g_braid_answer(
        &mut self,
        a: &mut Grid,
        z: Candidate,
        index: &gbp::GIndex<'_>,
        p: usize,
        quota: braids::Quota,
    ) -> Result<Option<bool>, Stop> {
        if self.meter.limits().past_deadline() {
            return Err(self.interrupted());
        }
        let mut spent = 0;
        let (answer, _) = index.g_braid_path(z, p, quota, &mut spent);
        self.braid_answer(a, z, answer, spent)
    }

    /// [`Engine::g_braid_round`] on a state too large for B_p's index (more than 256 open
    /// candidates: only in the first levels of a puzzle with few clues): the whip module's
    /// exact g-braid search on each target, on one link index; the round ends at the first
    /// elimination, as [`Engine::braid_closure_wide`]'s.
    fn g_braid_targets_wide(
        &mut self,
        a: &mut Grid,
        p: usize,
        targets: &[Candidate],
    ) -> Result<Option<bool>, Stop> {
        let Some(state) = a.to_state() else {
            return Ok(None);
        };
        let links = LinkIndex::new(&state);
        for &z in targets {
            self.tick()?;
            let found = whips::shortest_for_target_with(
                &links,
                WhipKind::GBraid,
                z,
                p,
                whips::Merge::Exact,
            );
            if found.is_some() {
                return Ok(a.eliminate(z).then_some(true));
            }
        }
        Ok(Some(false))
    }

    /// Whether the trial of `z` at `theory` (closure under T&E(B_p, depth - 1) of the real
    /// state with z assumed) ends in a contradiction: T&E(B_p, depth) eliminates z.
    pub fn refutes(&mut self, z: Candidate, theory: Theory) -> Result<bool, Stop> {
        let a = self.grid;
        self.refutes_in(&a, z, theory.depth.max(1), theory.braids)
    }

    /// [`Engine::refutes`] in context `a` (a BRT-closed subset of the real state).
    pub(crate) fn refutes_in(
        &mut self,
        a: &Grid,
        z: Candidate,
        depth: usize,
        braids: usize,
    ) -> Result<bool, Stop> {
        if !a.has(z) {
            return Ok(false);
        }
        self.fresh_context(depth);
        Ok(self.trial(a, z, depth, braids, false)?.is_none())
    }

    /// A new context at level n: the memo of its trials starts empty.
    fn fresh_context(&mut self, n: usize) {
        self.next_gen += 1;
        while self.memo_gen.len() <= n {
            self.memo_gen.push(0);
        }
        self.memo_gen[n] = self.next_gen;
    }

    fn slot(v: &mut Vec<Vec<Kept>>, level: usize) -> &mut Vec<Kept> {
        while v.len() <= level {
            v.push(vec![NONE_KEPT; 729]);
        }
        &mut v[level]
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.trials += 1;
        if self.trials.is_multiple_of(CHECK_EVERY) {
            self.meter.spend(CHECK_EVERY as usize);
            if let Some(stop) = self.meter.check() {
                return Err(stop);
            }
        }
        Ok(())
    }

    fn is_true(&self, c: Candidate) -> bool {
        self.truth
            .is_some_and(|t| t[c.cell().index()] >> c.digit().index() & 1 == 1)
    }

    /// closure under T&E(B_p, n) of `a` (BRT-closed), in place. False: contradiction.
    fn closure(&mut self, a: &mut Grid, n: usize, p: usize, top: bool) -> Result<bool, Stop> {
        if n == 0 {
            return if p > 0 && !top {
                self.braid_closure(a, p, Want::Fixpoint)
            } else {
                Ok(true)
            };
        }
        if !top {
            self.fresh_context(n);
        }
        let mut targets = Vec::with_capacity(256);
        loop {
            if !self.closure(a, n - 1, p, top)? {
                return Ok(false);
            }
            if a.is_solved() {
                return Ok(true);
            }
            let mut changed = false;
            targets.clear();
            targets.extend(a.trial_candidates());
            if top {
                self.likely_first(&mut targets, n);
            }
            // the candidates decided in a trial's result that found no contradiction, in `a`
            // as it is: none of their trials can find one (see [`Survivors`])
            let mut survivors = Survivors::default();
            for &y in &targets {
                let cell = a.cells[y.cell().index()];
                if !a.has(y)
                    || cell.count_ones() == 1
                    || (top && self.is_true(y))
                    || survivors.has(y)
                {
                    continue;
                }
                match self.trial(a, y, n, p, top)? {
                    Some(result) => survivors.add(&result),
                    None => {
                        if !a.eliminate(y) {
                            return Ok(false);
                        }
                        changed = true;
                        survivors = Survivors::default();
                        if n >= 2 && !self.closure(a, n - 1, p, top)? {
                            return Ok(false);
                        }
                        if a.is_solved() {
                            return Ok(true);
                        }
                    }
                }
            }
            if !changed {
                return Ok(true);
            }
        }
    }

    /// Orders the real state's trials of level `n` most promising first: by the open
    /// candidates of their last result (a trial whose closure kept fewer candidates is the
    /// nearer to a contradiction), those never tried first. The fixpoint is the same in any
    /// order (T&E's confluence); eliminations found early shrink the state every later
    /// trial runs in, and the last pass of a level that solves the puzzle tries fewer
    /// candidates in vain (about 15% less CPU for BxB on eleven's hardest).
    fn likely_first(&self, targets: &mut [Candidate], n: usize) {
        if let Some(cache) = self.caches.get(n) {
            targets.sort_by_cached_key(|y| {
                let kept = &cache[y.index()];
                kept.braids.map_or(0, |_| kept.grid.open_count())
            });
        }
    }

    /// The trial of `y` in context `a` for level `n` (T&E(B_p, n)): closure_{n-1}(a ∧ y)
    /// under B_p, `None` when it is a contradiction (y is eliminated).
    fn trial(
        &mut self,
        a: &Grid,
        y: Candidate,
        n: usize,
        p: usize,
        top: bool,
    ) -> Result<Option<Grid>, Stop> {
        let yi = y.index();
        // the best start known: this context's own result, else the real state's, at this
        // level, else at a lower one
        let mut start: Option<(Kept, bool)> = None;
        if !top {
            if let (Some(&gen), Some(memo)) = (self.memo_gen.get(n), self.memos.get(n)) {
                let k = memo[yi];
                if k.gen == gen && k.braids.is_some() {
                    start = Some((k, true));
                }
            }
        }
        if start.is_none() {
            for level in (1..=n).rev() {
                if let Some(k) = self.caches.get(level).map(|c| c[yi]) {
                    if k.braids.is_some() {
                        start = Some((k, level == n));
                        break;
                    }
                }
            }
        }
        let mut g = *a;
        match start {
            Some((k, same_level)) => match Grid::brt_meet(a, &k.grid) {
                Meet::Within => {
                    if same_level && k.braids.is_some_and(|b| b >= p) {
                        return Ok(Some(k.grid));
                    }
                    self.tick()?;
                    g = k.grid;
                }
                Meet::Contradiction => {
                    self.tick()?;
                    return Ok(None);
                }
                Meet::Met(m) => {
                    self.tick()?;
                    g = m;
                }
            },
            None => {
                self.tick()?;
                if !g.assume(y) {
                    return Ok(None);
                }
            }
        }
        // a trial of T&E(B_p, 1) is asked only whether it ends in a contradiction
        let consistent = if n == 1 {
            p == 0 || self.braid_closure(&mut g, p, Want::Verdict)?
        } else {
            self.closure(&mut g, n - 1, p, false)?
        };
        if !consistent {
            return Ok(None);
        }
        let kept = Kept {
            grid: g,
            braids: Some(p),
            gen: 0,
        };
        if top {
            Self::slot(&mut self.caches, n)[yi] = kept;
        } else {
            let gen = self.memo_gen.get(n).copied().unwrap_or(0);
            Self::slot(&mut self.memos, n)[yi] = Kept { gen, ..kept };
        }
        Ok(Some(g))
    }

    /// B_p in a context: braids of length ≤ p and BRT, to a fixpoint (the fixpoint is the
    /// same in any order). Each round indexes the context once ([`bp::Context`]) and runs
    /// the waves of every open candidate ([`bp::Context::contradicted_by_wave`]); a
    /// candidate whose waves meet a contradiction in time and whose certificate is a braid
    /// of length ≤ p goes at once (a braid stays one in a smaller state, so the round's
    /// index serves the whole round); only when no certificate is short enough are the
    /// remaining targets searched exactly, shortest certificate first, and the first braid
    /// found is applied.
    fn braid_closure(&mut self, a: &mut Grid, p: usize, want: Want) -> Result<bool, Stop> {
        if p == 1 && !self.wide {
            return Ok(a.b1_closure());
        }
        let mut index = std::mem::take(&mut self.index);
        let answer = self.braid_fixpoint(a, p, &mut index, want);
        self.index = index;
        answer
    }

    /// [`Engine::braid_closure`]'s fixpoint, on the index `ctx`.
    fn braid_fixpoint(
        &mut self,
        a: &mut Grid,
        p: usize,
        ctx: &mut bp::Context,
        want: Want,
    ) -> Result<bool, Stop> {
        // the verdict's check fails at most once: in a smaller state it fails too
        let mut verdict = want == Want::Verdict && p >= VERDICT_FROM;
        'round: loop {
            if self.bp_memo.get(a).is_some_and(|&fixed| fixed >= p) {
                return Ok(true); // an earlier closure ended on this very grid
            }
            if !self.index(ctx, a) {
                return self.braid_closure_wide(a, p);
            }
            // the targets: the candidates whose waves meet a contradiction within p waves
            // (no other has a braid ≤ p), wave by wave as the waves are run, each certified;
            // once a wave's targets have eliminated something, the round ends there, and the
            // later waves are not run: the round starts again, so their targets'
            // certificates would be thrown away (those too long for p, most of the later
            // ones) or done again in the smaller state
            let mut hard: Vec<(bp::Bounds, Candidate)> = Vec::new();
            let (mut changed, mut contradiction) = (false, false);
            self.tick()?;
            ctx.contradicted_by_wave(p, |_, targets| {
                for &y in targets {
                    if !a.has(y) {
                        continue; // gone with an earlier elimination of this round
                    }
                    match ctx.certificate(y, p) {
                        Some(b) if b.at_most as usize <= p => {
                            if !a.eliminate(y) {
                                contradiction = true;
                                return true;
                            }
                            changed = true;
                        }
                        Some(b) if b.at_least as usize <= p => hard.push((b, y)),
                        _ => {}
                    }
                }
                changed
            });
            if contradiction {
                return Ok(false);
            }
            if changed {
                continue 'round;
            }
            if verdict && !hard.is_empty() {
                verdict = false;
                if self.survives_every_target(a, p)? {
                    // no contradiction; `a` lies between the closure and the trial's start
                    return Ok(true);
                }
            }
            hard.sort_unstable_by_key(|&(b, y)| (b.at_most, y.index()));
            for &(known, y) in &hard {
                // a search reads the clock only every CLOCK_EVERY partial braids: many
                // short ones in a row would not
                if self.meter.limits().past_deadline() {
                    return Err(self.interrupted());
                }
                let mut spent = 0;
                let answer = ctx.braid_within(y, p, Some(known), self.quota(), &mut spent);
                match self.braid_answer(a, y, answer, spent)? {
                    Some(false) => return Ok(false),
                    Some(true) => continue 'round,
                    None => {}
                }
            }
            if self.bp_memo.len() >= BP_MEMO_MAX {
                self.bp_memo.clear();
            }
            let fixed = self.bp_memo.entry(*a).or_insert(p);
            *fixed = (*fixed).max(p);
            return Ok(true);
        }
    }

    /// Whether context `a` stays free of contradiction when every candidate whose waves
    /// meet a contradiction within p waves is eliminated, braid or not, round after round
    /// (on a copy, with an index of its own). That fixpoint lies inside B_p's closure of
    /// `a`: a candidate B_p eliminates has a braid ≤ p in a state containing the fixpoint,
    /// the braid stays one, no longer, in the fixpoint (a braid outlives eliminations, or
    /// becomes shorter), and its waves meet a contradiction in time, so the fixpoint has
    /// eliminated it too. True thus proves that B_p's closure of `a` has no contradiction,
    /// without a braid search.
    fn survives_every_target(&mut self, a: &Grid, p: usize) -> Result<bool, Stop> {
        let mut ctx = std::mem::take(&mut self.verdict_index);
        let mut targets = Vec::new();
        let mut g = *a;
        let answer = loop {
            if let Err(stop) = self.tick() {
                break Err(stop);
            }
            if !self.index(&mut ctx, &g) {
                break Ok(false); // too large for the index: the exact closure decides
            }
            // every wave's targets at once (the waves are monotone: a target stays one in
            // the smaller state), then the next round
            targets.clear();
            ctx.contradicted_by_wave(p, |_, wave| {
                targets.extend_from_slice(wave);
                false
            });
            if targets.is_empty() {
                break Ok(true);
            }
            if !targets.iter().all(|&y| !g.has(y) || g.eliminate(y)) {
                break Ok(false);
            }
        };
        self.verdict_index = ctx;
        answer
    }

    /// The limit that stopped a braid search at the clock: the deadline, or the cancel flag.
    fn interrupted(&mut self) -> Stop {
        self.meter.check().unwrap_or(Stop::Deadline)
    }

    /// One braid search's quota: [`BRAID_BUDGET`] partial braids, and the job's clock.
    fn quota(&self) -> braids::Quota {
        braids::Quota {
            nodes: BRAID_BUDGET,
            clock: *self.meter.limits(),
        }
    }

    /// Rebuilds `ctx` as the index of context `a` for B_p ([`bp::Context::rebuild`]); false
    /// when `a` is too large (or the `WIDE` environment variable asks for the global index,
    /// a debugging aid).
    fn index(&self, ctx: &mut bp::Context, a: &Grid) -> bool {
        !self.wide && ctx.rebuild(a)
    }

    /// One braid search's answer on `y` in context `a`, counted and metered: `Some(true)`
    /// when a braid eliminated y (the round starts again), `Some(false)` when that left the
    /// context contradictory, `None` when there is no braid up to the length asked.
    fn braid_answer(
        &mut self,
        a: &mut Grid,
        y: Candidate,
        answer: braids::BraidAnswer,
        spent: u64,
    ) -> Result<Option<bool>, Stop> {
        self.braid_searches += 1;
        self.meter.spend(spent as usize);
        match answer {
            braids::BraidAnswer::Length(_) => {
                if !a.eliminate(y) {
                    return Ok(Some(false));
                }
                match self.meter.check() {
                    Some(stop) => Err(stop),
                    None => Ok(Some(true)),
                }
            }
            braids::BraidAnswer::NoneUpTo => Ok(None),
            braids::BraidAnswer::OverBudget => Err(Stop::SearchBudget),
            braids::BraidAnswer::Interrupted => Err(self.interrupted()),
        }
    }

    /// [`Engine::braid_closure`] for a context of more than 256 open candidates (on the
    /// global index). Only candidates refuted by one BRT propagation can be braid targets;
    /// they are searched by iterative deepening (all of them at length 1, then 2, …) and
    /// the first braid found is applied at once.
    fn braid_closure_wide(&mut self, a: &mut Grid, p: usize) -> Result<bool, Stop> {
        'round: loop {
            let mut targets = Vec::new();
            for y in a.trial_candidates() {
                self.tick()?;
                let mut g = *a;
                if !g.assume(y) {
                    targets.push(y);
                }
            }
            if targets.is_empty() {
                return Ok(true);
            }
            let Some(state) = a.to_state() else {
                return Ok(false);
            };
            let links = LinkIndex::new(&state);
            // iterative deepening over the targets: the first braid found is applied at
            // once (the context may collapse before any long search)
            let mut live = targets;
            for len in 1..=p {
                let mut next = Vec::with_capacity(live.len());
                for &y in &live {
                    let mut spent = 0;
                    let answer = braids::shortest_braid(&links, y, len, self.quota(), &mut spent);
                    match self.braid_answer(a, y, answer, spent)? {
                        Some(false) => return Ok(false),
                        Some(true) => continue 'round,
                        None => next.push(y),
                    }
                }
                live = next;
            }
            return Ok(true);
        }
    }
}

/// The braid proofs of length ≤ p that B_p finds in `a` (for the proof builder).
pub(crate) fn braid_proof(
    a: &Grid,
    y: Candidate,
    p: usize,
    meter: &mut Meter,
) -> Result<Option<sudolink_engine::proof::Proof>, Stop> {
    let Some(state) = a.to_state() else {
        return Ok(None);
    };
    if !state.has(y) {
        return Ok(None);
    }
    let links = LinkIndex::new(&state);
    let answer = whips::search_target_metered(&links, WhipKind::Braid, y, p, meter);
    if let Some(stop) = answer.stopped {
        return Err(stop);
    }
    Ok(answer.proof)
}
