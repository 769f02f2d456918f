//! The chain form's propagations of up to 256 assumptions at once, bit-parallel.
//!
//! In the chain form every inference has one premise ([`NetGraph::single_premise`]), so a
//! propagation is a breadth-first search of a fixed implication graph between literals, and
//! what it derives (each literal and the level it is first derived at, and the level of the
//! first contradiction) does not depend on the order it derives them in. A sweep keeps, per
//! literal, one bit per assumption: which branches derived it, and which derived it at their
//! last level (their frontier). A step expands each literal once for all the branches whose
//! frontier holds it, where [`Propagation`] expands it once per branch.
//!
//! What does depend on the order is which contradiction a branch meets first, and so the
//! length of its proof: a branch that meets one is run again by [`Propagation`] up to that
//! level, which measures it exactly as before (a small share of the branches: about 2 % of
//! them on top1465's resolution paths).
//!
//! **Memory**: three sets of [`SWEEP_WIDTH`] bits per literal (at most 2,430 literals), a
//! derivation depth per branch and candidate, and each branch's true and false candidates.

use super::{NetGraph, Propagation};
use crate::limits::{Meter, Stop};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};
use sudolink_engine::grid::bits::word_bits;
use sudolink_engine::grid::{Candidate, CandidateSet};
use sudolink_engine::proof::net::NetForm;

/// How many branches a sweep holds (a state has rarely more assumptions).
pub const SWEEP_WIDTH: usize = 256;

/// One bit per branch of a sweep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Lanes([u64; 4]);

impl Lanes {
    const EMPTY: Lanes = Lanes([0; 4]);

    /// Branches 0 to n - 1.
    fn first(n: usize) -> Lanes {
        let mut lanes = Lanes::EMPTY;
        for (w, word) in lanes.0.iter_mut().enumerate() {
            let bits = n.saturating_sub(w * 64).min(64);
            *word = if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            };
        }
        lanes
    }

    fn one(i: usize) -> Lanes {
        let mut lanes = Lanes::EMPTY;
        lanes.0[i / 64] = 1 << (i % 64);
        lanes
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    #[inline]
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The branches it holds, lowest first.
    fn iter(self) -> impl Iterator<Item = usize> {
        word_bits(&self.0)
    }
}

impl BitOr for Lanes {
    type Output = Lanes;
    #[inline]
    fn bitor(mut self, other: Lanes) -> Lanes {
        self |= other;
        self
    }
}

impl BitOrAssign for Lanes {
    #[inline]
    fn bitor_assign(&mut self, other: Lanes) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

impl BitAnd for Lanes {
    type Output = Lanes;
    #[inline]
    fn bitand(mut self, other: Lanes) -> Lanes {
        self &= other;
        self
    }
}

impl BitAndAssign for Lanes {
    #[inline]
    fn bitand_assign(&mut self, other: Lanes) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
    }
}

impl Not for Lanes {
    type Output = Lanes;
    #[inline]
    fn not(self) -> Lanes {
        Lanes(self.0.map(|w| !w))
    }
}

/// The propagations of up to [`SWEEP_WIDTH`] assumptions (branch `i` is `assumptions[i]`),
/// each derived level by level as far as it is advanced.
pub struct ChainSweep {
    assumptions: Vec<Candidate>,
    /// Per literal: the branches that derived it.
    known: Vec<Lanes>,
    /// Per literal: the branches whose last level derived it (their next level expands it).
    frontier: Vec<Lanes>,
    /// Per literal: the branches the current step derives it in.
    next: Vec<Lanes>,
    /// The literals some branch's frontier holds, each once.
    active: Vec<u32>,
    /// The literals the current step derived something in.
    touched: Vec<u32>,
    /// Per branch: the levels derived so far.
    levels: Vec<u16>,
    /// The branches at their fixpoint or their first contradiction.
    finished: Lanes,
    /// Per branch: the inferences its first contradiction needs, once one is met.
    refuted_len: Vec<Option<u32>>,
    /// Per branch and candidate (`branch × 729 + candidate`): the level it was first
    /// derived at (meaningful only where the branch derived it).
    depth: Vec<u16>,
    /// Per branch: the candidates it derived true and false.
    trues: Vec<CandidateSet>,
    falses: Vec<CandidateSet>,
    /// Literals derived in all branches so far (the work done, charged to budgets).
    work: usize,
    /// The propagation that measures a refuted branch's contradiction.
    exact: Option<Box<Propagation>>,
}

impl ChainSweep {
    /// Start the propagations of `assumptions` (at most [`SWEEP_WIDTH`], each a candidate
    /// assumed true) on a chain-form graph: nothing derived from them yet.
    pub fn new(graph: &NetGraph, assumptions: &[Candidate]) -> ChainSweep {
        let mut sweep = ChainSweep {
            assumptions: Vec::new(),
            known: Vec::new(),
            frontier: Vec::new(),
            next: Vec::new(),
            active: Vec::new(),
            touched: Vec::new(),
            levels: Vec::new(),
            finished: Lanes::EMPTY,
            refuted_len: Vec::new(),
            depth: Vec::new(),
            trues: Vec::new(),
            falses: Vec::new(),
            work: 0,
            exact: None,
        };
        sweep.start(graph, assumptions);
        sweep
    }

    /// [`ChainSweep::new`] in this sweep's memory (of any earlier graph): only what the
    /// last sweep set is cleared (a depth is read only where its branch derived the
    /// candidate, so depths are not).
    pub fn start(&mut self, graph: &NetGraph, assumptions: &[Candidate]) {
        assert!(
            assumptions.len() <= SWEEP_WIDTH,
            "a sweep holds at most {SWEEP_WIDTH} branches"
        );
        debug_assert!(graph.form == NetForm::Chain && !graph.empty_variables);
        let literals = graph.node_count() * 2;
        let n = assumptions.len();
        for &x in &self.active {
            self.frontier[x as usize] = Lanes::EMPTY;
        }
        self.active.clear();
        self.known.clear();
        self.known.resize(literals, Lanes::EMPTY);
        self.frontier.resize(literals, Lanes::EMPTY);
        self.next.resize(literals, Lanes::EMPTY);
        if self.depth.len() < n * 729 {
            self.depth.resize(n * 729, 0);
        }
        self.trues.clear();
        self.trues.resize(n, CandidateSet::EMPTY);
        self.falses.clear();
        self.falses.resize(n, CandidateSet::EMPTY);
        self.assumptions.clear();
        self.assumptions.extend_from_slice(assumptions);
        self.levels.clear();
        self.levels.resize(n, 0);
        self.refuted_len.clear();
        self.refuted_len.resize(n, None);
        self.finished = Lanes::EMPTY;
        self.work = n;
        for (i, c) in assumptions.iter().enumerate() {
            let l = super::lit(c.index(), true) as usize;
            if self.frontier[l].is_empty() {
                self.active.push(l as u32);
            }
            self.known[l] |= Lanes::one(i);
            self.frontier[l] |= Lanes::one(i);
            self.trues[i].insert(*c);
            self.depth[i * 729 + c.index()] = 0;
        }
    }

    /// How many branches it holds.
    pub fn len(&self) -> usize {
        self.assumptions.len()
    }

    /// Whether it holds no branch.
    pub fn is_empty(&self) -> bool {
        self.assumptions.is_empty()
    }

    /// Derive the next levels of the branches `which` (all when None) until each has
    /// `levels` levels in all, its fixpoint, or the level of its first contradiction,
    /// checking `meter` before each step and charging it what the step derives.
    pub fn advance(
        &mut self,
        graph: &NetGraph,
        which: Option<&[usize]>,
        levels: usize,
        meter: &mut Meter,
    ) -> Result<(), Stop> {
        let mask = match which {
            None => Lanes::first(self.len()),
            Some(which) => which.iter().fold(Lanes::EMPTY, |m, &i| m | Lanes::one(i)),
        };
        loop {
            let mut pending = Lanes::EMPTY;
            let mut lowest = usize::MAX;
            for i in (mask & !self.finished).iter() {
                let level = self.levels[i] as usize;
                if level < levels {
                    pending |= Lanes::one(i);
                    lowest = lowest.min(level);
                }
            }
            if pending.is_empty() {
                return Ok(());
            }
            if let Some(stop) = meter.check() {
                return Err(stop);
            }
            let at_lowest = pending
                .iter()
                .filter(|&i| self.levels[i] as usize == lowest)
                .fold(Lanes::EMPTY, |m, i| m | Lanes::one(i));
            let before = self.work;
            self.step(graph, at_lowest, lowest);
            meter.spend(self.work - before);
        }
    }

    /// Expand the frontier of the branches in `mask` (all at `level` levels): one level more.
    fn step(&mut self, graph: &NetGraph, mask: Lanes, level: usize) {
        let (frontier, next, touched) = (&mut self.frontier, &mut self.next, &mut self.touched);
        touched.clear();
        for &x in &self.active {
            let from = frontier[x as usize] & mask;
            if from.is_empty() {
                continue;
            }
            frontier[x as usize] &= !mask;
            graph.single_premise(x, |y, _| {
                let slot = &mut next[y as usize];
                if slot.is_empty() {
                    touched.push(y);
                }
                *slot |= from;
            });
        }
        self.active.retain(|&x| !frontier[x as usize].is_empty());
        let (mut derived_in, mut refuted) = (Lanes::EMPTY, Lanes::EMPTY);
        for &y in &self.touched {
            let y = y as usize;
            let new = std::mem::take(&mut self.next[y]) & !self.known[y];
            if new.is_empty() {
                continue;
            }
            self.known[y] |= new;
            // the opposite literal derived before, or earlier in this step
            refuted |= new & self.known[y ^ 1];
            derived_in |= new;
            if self.frontier[y].is_empty() {
                self.active.push(y as u32);
            }
            self.frontier[y] |= new;
            self.work += new.count();
            let node = y / 2;
            if node < 729 {
                let c = Candidate::from_index(node);
                for i in new.iter() {
                    self.depth[i * 729 + node] = level as u16 + 1;
                    if y & 1 == 1 {
                        self.trues[i].insert(c);
                    } else {
                        self.falses[i].insert(c);
                    }
                }
            }
        }
        for i in mask.iter() {
            self.levels[i] += 1;
        }
        // a branch whose step derived nothing is at its fixpoint
        self.finished |= mask & !derived_in;
        if !refuted.is_empty() {
            self.refute(graph, refuted, level + 1);
        }
    }

    /// Stop the branches in `refuted` (each met its first contradiction at `level`), and
    /// measure each contradiction by running the branch again (its first contradiction
    /// depends on the order of derivation, which [`Propagation`] defines).
    fn refute(&mut self, graph: &NetGraph, refuted: Lanes, level: usize) {
        self.finished |= refuted;
        for &x in &self.active {
            self.frontier[x as usize] &= !refuted;
        }
        let frontier = &self.frontier;
        self.active.retain(|&x| !frontier[x as usize].is_empty());
        let exact = self
            .exact
            .get_or_insert_with(|| Box::new(Propagation::new(graph)));
        for i in refuted.iter() {
            exact.start(graph, self.assumptions[i]);
            exact.advance(graph, level, true);
            debug_assert!(
                exact.contradiction.is_some() && exact.levels == level,
                "a sweep and a propagation meet the first contradiction at the same level"
            );
            let ends = exact.contradiction_ends(graph);
            self.refuted_len[i] = Some(exact.trace_len(&ends) as u32);
        }
    }

    /// Whether branch `i` is at its fixpoint or its first contradiction.
    pub fn is_finished(&self, i: usize) -> bool {
        self.finished.contains(i)
    }

    /// The inferences branch `i`'s first contradiction needs, once it has met one.
    pub fn refuted_len(&self, i: usize) -> Option<usize> {
        self.refuted_len[i].map(|l| l as usize)
    }

    /// The candidates branch `i` derived true and false.
    pub fn candidate_sets(&self, i: usize) -> (&CandidateSet, &CandidateSet) {
        (&self.trues[i], &self.falses[i])
    }

    /// Whether branch `i` derived `c` with `value`.
    pub fn derived(&self, i: usize, c: Candidate, value: bool) -> bool {
        let set = if value {
            &self.trues[i]
        } else {
            &self.falses[i]
        };
        set.contains(c)
    }

    /// The level branch `i` first derived `c` at (0: its assumption; meaningless when it
    /// did not derive it): in the chain form, the inferences its proof needs.
    pub fn candidate_depth(&self, i: usize, c: Candidate) -> usize {
        self.depth[i * 729 + c.index()] as usize
    }

    /// [`ChainSweep::candidate_depth`] of every candidate in branch `i`, by candidate index.
    pub fn candidate_depths(&self, i: usize) -> &[u16] {
        &self.depth[i * 729..(i + 1) * 729]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::graph::LinkIndex;
    use sudolink_engine::grid::CspVariable;
    use sudolink_engine::proof::net::LinkLevel;

    /// Every assumption of three states at every level, swept whole and in chunks of 100
    /// (in one sweep's memory, reused) and advanced unevenly (two levels, one branch to
    /// its end, then all), derives what a [`Propagation`] of it derives: the same values
    /// and depths, the same fixpoint or first contradiction, and the same contradiction
    /// length.
    #[test]
    fn a_sweep_derives_what_each_propagation_does() {
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "1526.7.893...5...4...9.3..75.8...2.6.6.....9.9.3...4.14..5.6...6...3...573.4.1962",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ];
        let (mut compared, mut refuted) = (0, 0);
        // one sweep's memory reused for every chunk after the first, across levels and states
        let mut reused: Option<ChainSweep> = None;
        for line in lines {
            let puzzle = sudolink_engine::grid::format::parse_line(line, 1).expect("puzzle");
            let links = LinkIndex::new(&puzzle.start_state().expect("consistent"));
            let assumptions: Vec<Candidate> = links
                .open()
                .iter()
                .filter(|c| !links.is_decided(CspVariable::Rc(c.cell())))
                .collect();
            let levels = [LinkLevel::Links, LinkLevel::Groups, LinkLevel::Als];
            for (level, width) in levels
                .into_iter()
                .flat_map(|l| [(l, SWEEP_WIDTH), (l, 100)])
            {
                let graph = NetGraph::new(&links, level, NetForm::Chain);
                for chunk in assumptions.chunks(width) {
                    let mut sweep = match reused.take() {
                        Some(mut sweep) => {
                            sweep.start(&graph, chunk);
                            sweep
                        }
                        None => ChainSweep::new(&graph, chunk),
                    };
                    let meter = &mut Meter::unlimited();
                    sweep.advance(&graph, None, 2, meter).expect("unlimited");
                    let one = [chunk.len() / 2];
                    (sweep.advance(&graph, Some(&one), usize::MAX, meter)).expect("unlimited");
                    (sweep.advance(&graph, None, usize::MAX, meter)).expect("unlimited");
                    for (i, &c) in chunk.iter().enumerate() {
                        let mut p = Propagation::new(&graph);
                        p.run(&graph, c, true);
                        assert!(sweep.is_finished(i));
                        let ends = p.contradiction_ends(&graph);
                        let exact_len = p.contradiction.map(|_| p.trace_len(&ends));
                        assert_eq!(sweep.refuted_len(i), exact_len, "{line}: {c:?} {level:?}");
                        if exact_len.is_some() {
                            refuted += 1;
                            continue;
                        }
                        let (trues, falses) = p.candidate_sets();
                        assert_eq!(sweep.candidate_sets(i), (trues, falses), "{c:?}");
                        for x in trues.union(falses).iter() {
                            assert_eq!(sweep.candidate_depth(i, x), p.candidate_depth(x));
                        }
                        compared += 1;
                    }
                    reused = Some(sweep);
                }
            }
        }
        assert!(
            compared > 800 && refuted > 200,
            "{compared} compared, {refuted} refuted"
        );
    }
}
