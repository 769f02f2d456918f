//! The chain form's propagations of up to 64 assumptions at once, bit-parallel.
//!
//! In the chain form every inference has one premise ([`NetGraph::single_premise`]), so a
//! propagation is a breadth-first search of a fixed implication graph between literals, and
//! what it derives (each literal and the level it is first derived at, and the level of the
//! first contradiction) does not depend on the order it derives them in. A sweep keeps, per
//! literal, one bit per assumption: which branches derived it, and which derived it at their
//! last level (their frontier). A step expands each literal once for every branch whose
//! frontier holds it, where [`Propagation`] expands it once per branch.
//!
//! What does depend on the order is which contradiction a branch meets first, and so the
//! length of its proof: a branch that meets one is run again by [`Propagation`] up to that
//! level, which measures it exactly as before (a small share of the branches: about 2 % of
//! them on top1465's resolution paths).
//!
//! **Memory**: three words per literal (at most 2,430 literals), a derivation depth per
//! branch and candidate, and each branch's true and false candidates.

use super::{NetGraph, Propagation};
use crate::grid::{Candidate, CandidateSet};
use crate::proof::net::NetForm;
use crate::search::limits::{Meter, Stop};

/// The propagations of up to 64 assumptions (branch `i` is `assumptions[i]`, bit `i` of
/// every mask), each derived level by level as far as it is advanced.
pub struct ChainSweep {
    assumptions: Vec<Candidate>,
    /// Per literal: the branches that derived it.
    known: Vec<u64>,
    /// Per literal: the branches whose last level derived it (their next level expands it).
    frontier: Vec<u64>,
    /// Per literal: the branches the current step derives it in.
    next: Vec<u64>,
    /// The literals some branch's frontier holds, each once.
    active: Vec<u32>,
    /// The literals the current step derived something in.
    touched: Vec<u32>,
    /// Per branch: the levels derived so far.
    levels: [u16; 64],
    /// The branches at their fixpoint or their first contradiction.
    finished: u64,
    /// Per branch: the inferences its first contradiction needs, once one is met.
    refuted_len: [Option<u32>; 64],
    /// Per branch and candidate (`branch × 729 + candidate`): the level it was first
    /// derived at (meaningful only where the branch derived it).
    depth: Vec<u16>,
    /// Per branch: the candidates it derived true and false.
    trues: Vec<CandidateSet>,
    falses: Vec<CandidateSet>,
    /// Literals derived in all branches so far (the work done, for budgets).
    pub derived: usize,
    /// The propagation that measures a refuted branch's contradiction.
    exact: Option<Box<Propagation>>,
}

impl ChainSweep {
    /// Start the propagations of `assumptions` (at most 64, each a candidate assumed true)
    /// on a chain-form graph: nothing derived from them yet.
    pub fn new(graph: &NetGraph, assumptions: &[Candidate]) -> ChainSweep {
        let mut sweep = ChainSweep {
            assumptions: Vec::with_capacity(64),
            known: Vec::new(),
            frontier: Vec::new(),
            next: Vec::new(),
            active: Vec::new(),
            touched: Vec::new(),
            levels: [0; 64],
            finished: 0,
            refuted_len: [None; 64],
            depth: Vec::new(),
            trues: Vec::new(),
            falses: Vec::new(),
            derived: 0,
            exact: None,
        };
        sweep.start(graph, assumptions);
        sweep
    }

    /// [`ChainSweep::new`] in this sweep's memory (of any earlier graph): only what the
    /// last sweep set is cleared (a depth is read only where its branch derived the
    /// candidate, so depths are not).
    pub fn start(&mut self, graph: &NetGraph, assumptions: &[Candidate]) {
        assert!(assumptions.len() <= 64, "a sweep holds at most 64 branches");
        debug_assert!(graph.form == NetForm::Chain && !graph.empty_variables);
        let literals = graph.node_count() * 2;
        let n = assumptions.len();
        for &x in &self.active {
            self.frontier[x as usize] = 0;
        }
        self.active.clear();
        self.known.clear();
        self.known.resize(literals, 0);
        self.frontier.resize(literals, 0);
        self.next.resize(literals, 0);
        if self.depth.len() < n * 729 {
            self.depth.resize(n * 729, 0);
        }
        self.trues.clear();
        self.trues.resize(n, CandidateSet::EMPTY);
        self.falses.clear();
        self.falses.resize(n, CandidateSet::EMPTY);
        self.assumptions.clear();
        self.assumptions.extend_from_slice(assumptions);
        self.levels = [0; 64];
        self.finished = 0;
        self.refuted_len = [None; 64];
        self.derived = n;
        for (i, c) in assumptions.iter().enumerate() {
            let l = super::lit(c.index(), true) as usize;
            if self.frontier[l] == 0 {
                self.active.push(l as u32);
            }
            self.known[l] |= 1 << i;
            self.frontier[l] |= 1 << i;
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

    /// Derive the next levels of the branches in `mask` until each has `levels` levels in
    /// all, its fixpoint, or the level of its first contradiction, checking `meter` before
    /// each step and charging it what the step derives.
    pub fn advance(
        &mut self,
        graph: &NetGraph,
        mask: u64,
        levels: usize,
        meter: &mut Meter,
    ) -> Result<(), Stop> {
        loop {
            let mut pending = 0u64;
            let mut lowest = usize::MAX;
            for i in bits(mask & !self.finished) {
                let level = self.levels[i] as usize;
                if level < levels {
                    pending |= 1 << i;
                    lowest = lowest.min(level);
                }
            }
            if pending == 0 {
                return Ok(());
            }
            if let Some(stop) = meter.check() {
                return Err(stop);
            }
            let at_lowest = bits(pending)
                .filter(|&i| self.levels[i] as usize == lowest)
                .fold(0u64, |m, i| m | 1 << i);
            let before = self.derived;
            self.step(graph, at_lowest, lowest);
            meter.spend(self.derived - before);
        }
    }

    /// Expand the frontier of the branches in `mask` (all at `level` levels): one level more.
    fn step(&mut self, graph: &NetGraph, mask: u64, level: usize) {
        let (frontier, next, touched) = (&mut self.frontier, &mut self.next, &mut self.touched);
        touched.clear();
        for &x in &self.active {
            let from = frontier[x as usize] & mask;
            if from == 0 {
                continue;
            }
            frontier[x as usize] &= !mask;
            graph.single_premise(x, &CandidateSet::EMPTY, |y, _| {
                let slot = &mut next[y as usize];
                if *slot == 0 {
                    touched.push(y);
                }
                *slot |= from;
            });
        }
        self.active.retain(|&x| frontier[x as usize] != 0);
        let (mut derived_in, mut refuted) = (0u64, 0u64);
        for &y in &self.touched {
            let y = y as usize;
            let new = std::mem::take(&mut self.next[y]) & !self.known[y];
            if new == 0 {
                continue;
            }
            self.known[y] |= new;
            // the opposite literal derived before, or earlier in this step
            refuted |= new & self.known[y ^ 1];
            derived_in |= new;
            if self.frontier[y] == 0 {
                self.active.push(y as u32);
            }
            self.frontier[y] |= new;
            self.derived += new.count_ones() as usize;
            let node = y / 2;
            if node < 729 {
                let c = Candidate::from_index(node);
                for i in bits(new) {
                    self.depth[i * 729 + node] = level as u16 + 1;
                    if y & 1 == 1 {
                        self.trues[i].insert(c);
                    } else {
                        self.falses[i].insert(c);
                    }
                }
            }
        }
        for i in bits(mask) {
            self.levels[i] += 1;
        }
        // a branch whose step derived nothing is at its fixpoint
        self.finished |= mask & !derived_in;
        if refuted != 0 {
            self.refute(graph, refuted, level + 1);
        }
    }

    /// Stop the branches in `refuted` (each met its first contradiction at `level`), and
    /// measure each contradiction by running the branch again (its first contradiction
    /// depends on the order of derivation, which [`Propagation`] defines).
    fn refute(&mut self, graph: &NetGraph, refuted: u64, level: usize) {
        self.finished |= refuted;
        for &x in &self.active {
            self.frontier[x as usize] &= !refuted;
        }
        let frontier = &self.frontier;
        self.active.retain(|&x| frontier[x as usize] != 0);
        let exact = self
            .exact
            .get_or_insert_with(|| Box::new(Propagation::new(graph)));
        for i in bits(refuted) {
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
        self.finished >> i & 1 == 1
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
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::LinkIndex;
    use crate::grid::CspVariable;
    use crate::proof::net::LinkLevel;

    /// Every assumption of three states at every level, swept in chunks of 64 (in one
    /// sweep's memory, reused) and advanced unevenly (a few levels, one branch to its end,
    /// then all), derives what a [`Propagation`] of it derives: the same values and depths, the same fixpoint or
    /// first contradiction, and the same contradiction length.
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
            let puzzle = crate::grid::format::parse_line(line, 1).expect("puzzle");
            let links = LinkIndex::new(&puzzle.start_state().expect("consistent"));
            let assumptions: Vec<Candidate> = links
                .open()
                .iter()
                .filter(|c| !links.is_decided(CspVariable::Rc(c.cell())))
                .collect();
            for level in [LinkLevel::Links, LinkLevel::Groups, LinkLevel::Als] {
                let graph = NetGraph::new(&links, level, NetForm::Chain);
                for chunk in assumptions.chunks(64) {
                    let mut sweep = match reused.take() {
                        Some(mut sweep) => {
                            sweep.start(&graph, chunk);
                            sweep
                        }
                        None => ChainSweep::new(&graph, chunk),
                    };
                    let meter = &mut Meter::unlimited();
                    let all = u64::MAX >> (64 - chunk.len());
                    sweep.advance(&graph, all, 2, meter).expect("unlimited");
                    sweep
                        .advance(&graph, 1, usize::MAX, meter)
                        .expect("unlimited");
                    sweep
                        .advance(&graph, all, usize::MAX, meter)
                        .expect("unlimited");
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
            compared > 400 && refuted > 100,
            "{compared} compared, {refuted} refuted"
        );
    }
}
