//! SE's Nishio, multiple and dynamic forcing chains (`getMultipleChainsHintList`): for
//! every cell in reading order (more than two candidates; two suffice in the dynamic
//! modes), every value ascending, SE propagates the candidate on and off
//! ([`super::propagate`]) and reads its hints in this order:
//! - contradictions (Nishio, dynamic): the candidate on gives a potential both on and off
//!   (the candidate goes), or off does (it is placed);
//! - double forcing (dynamic, cells of three candidates or more): a potential given both by
//!   the candidate on and by it off;
//! - region forcing (not Nishio), at the first place of the value in each block, row and
//!   column: a potential given by every place of the value there;
//! - then, after the cell's values, cell forcing (not Nishio): a potential given by every
//!   value of the cell.
//!
//! A hint's complexity is the sum of its branches' ancestor counts (plus its nested hints'
//! at levels ≥ 2); SE reports the hint that sorts first by difficulty, complexity and sort
//! key, the earliest among equals.
//!
//! Complexity: two propagations per candidate (each candidate's *on* propagation is kept
//! for the region hints of the cells before it), then intersections of their results. At
//! level 0 the propagations still exact from the producer's previous run are reused
//! ([`super::kept`]).

use super::advanced::Rules;
use super::closure::{self, Reached};
use super::kept::ChainStore;
use super::potential::{positions, region_of, Pot, Work};
use super::propagate::{common_present, propagate, Buffers, Chain, Scratch};
use super::reach::Reach;
use super::{base_difficulty, nested_suffix, proofs, Interrupt, Rank};
use crate::ser::grid::{Region, SeGrid, BLOCK_ROW_COLUMN};
use crate::ser::{ChainingMode, SeStep};
use std::rc::Rc;
use sudolink_engine::grid::bits::{bits, ones};
use sudolink_engine::grid::{Cell, Digit};
use sudolink_engine::proof::net::{NetBranch, NetChoice, NetConclusion, NetNode};
use sudolink_engine::proof::Proof;

/// What a hint concludes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The start on (or off) gives a contradiction.
    Contradiction,
    /// The start on and the start off give the same potential.
    Double,
    /// Every value of a cell gives the same potential.
    Cell,
    /// Every place of a value in a region gives the same potential.
    Region(Region),
}

/// One hint: its kind, its start (the candidate assumed on or off; a cell forcing's cell
/// with its first value; a region forcing's first place), the potential it concludes, and
/// each branch's chain and node for that potential.
#[derive(Clone, Debug)]
pub struct Hint {
    pub kind: Kind,
    pub start: Pot,
    pub result: Pot,
    pub branches: Vec<(Rc<Chain>, u32)>,
    pub rank: Rank,
}

/// One run of a producer on a grid: its propagations and hints.
pub struct Run<'a> {
    /// The candidates the producer runs on, and the grid's placed values (SE's rules inside
    /// the chains count empty cells).
    pub grid: &'a [u16; 81],
    pub values: &'a [u8; 81],
    pub mode: ChainingMode,
    work: Work,
    /// The grid as closures read it (built at the first closure).
    closure_grid: Option<closure::Grid>,
    closure_cands: [u16; 81],
    /// The reach over the grid's static links, when known (the static mode's closures).
    static_reach: Option<Rc<Reach>>,
    /// The propagations made, by start: this run's, and at level 0 those kept from the
    /// producer's earlier runs that are exact on this grid.
    chains: ChainStore,
    pub rules: Rules,
    scratch: std::cell::RefCell<Scratch>,
    buffers: Buffers,
    /// The largest complexity a hint may have and still be wanted (a caller keeping only
    /// its best hint lowers it: no hint of a larger complexity sorts before that one).
    pub bound: std::cell::Cell<usize>,
}

impl<'a> Run<'a> {
    pub fn new(grid: &'a [u16; 81], values: &'a [u8; 81], mode: ChainingMode) -> Run<'a> {
        Run::with_chains(grid, values, mode, ChainStore::default())
    }

    /// A run starting from chains kept from the producer's earlier runs (a level-0 mode's:
    /// see [`super::kept`]), rebased on `grid`.
    pub fn with_chains(
        grid: &'a [u16; 81],
        values: &'a [u8; 81],
        mode: ChainingMode,
        mut chains: ChainStore,
    ) -> Run<'a> {
        if mode.level == 0 {
            chains.rebase(grid, !mode.nishio);
        } else {
            chains = ChainStore::default();
        }
        Run {
            grid,
            values,
            mode,
            work: Work::new(grid),
            closure_grid: None,
            closure_cands: [0; 81],
            static_reach: None,
            chains,
            rules: Rules::default(),
            scratch: Default::default(),
            buffers: Buffers::reused(),
            bound: std::cell::Cell::new(usize::MAX),
        }
    }

    /// The chains of the run, to keep for the producer's next run.
    pub fn into_chains(mut self) -> ChainStore {
        std::mem::take(&mut self.chains)
    }

    fn chain(&mut self, start: Pot) -> Rc<Chain> {
        if let Some(c) = self.chains.get(start) {
            return c.clone();
        }
        let chain = Rc::new(propagate(
            &self.work,
            self.values,
            start,
            self.mode,
            &mut self.rules,
            &mut self.buffers,
        ));
        self.chains.insert(start, chain.clone());
        self.chains
            .set_contradicted(start, chain.contradiction.is_some());
        chain
    }

    /// What the propagation from `start` reaches. At level 0 a [`closure`] tells, and the
    /// chain is built only when the closure meets a contradiction (where it stops depends
    /// on its order) — or without the closure when the start's last propagation met one:
    /// a chain without a contradiction registers what its closure reaches; at other levels
    /// the chain is built.
    fn reached(&mut self, start: Pot) -> Rc<Reached> {
        if let Some(r) = self.chains.reached(start) {
            return r.clone();
        }
        let reached = if self.mode.level == 0 {
            if let Some(reach) = &self.static_reach {
                // the static closure, read from the grid's reach
                match reach.reached(start) {
                    Some(reached) => reached,
                    None => Reached::of_chain(&self.chain(start)),
                }
            } else if self.chains.was_contradicted(start) {
                // likely again: the chain is built anyway then
                Reached::of_chain(&self.chain(start))
            } else {
                let grid = self
                    .closure_grid
                    .get_or_insert_with(|| closure::Grid::new(self.grid));
                let found = closure::closure(grid, start, self.mode, &mut self.closure_cands);
                if found.contradiction {
                    Reached::of_chain(&self.chain(start))
                } else {
                    found.reached
                }
            }
        } else {
            Reached::of_chain(&self.chain(start))
        };
        let reached = Rc::new(reached);
        self.chains.insert_reached(start, reached.clone());
        reached
    }

    /// Does the propagation from `start` meet a contradiction?
    fn contradicted(&mut self, start: Pot) -> bool {
        if self.mode.level > 0 {
            return self.chain(start).contradiction.is_some();
        }
        self.reached(start);
        self.chains
            .get(start)
            .is_some_and(|c| c.contradiction.is_some())
    }

    /// The chains from `starts`, unless no hint resting on all of them could be wanted. At
    /// level 0 their reached sets must share a potential (no chain is built otherwise), and
    /// under a bound the chains are built one at a time, those kept first, until none of
    /// the shared potentials can be wanted any more (the ancestor bounds of the chains
    /// built already sum past the bound for each).
    fn shared_chains(&mut self, starts: &[Pot]) -> Option<Vec<Rc<Chain>>> {
        if self.mode.level > 0 {
            return Some(starts.iter().map(|&s| self.chain(s)).collect());
        }
        let first = self.reached(starts[0]);
        let (mut on, mut off) = (first.on, first.off);
        for &start in &starts[1..] {
            let r = self.reached(start);
            let mut any = 0;
            for v in 0..9 {
                on[v] &= r.on[v];
                off[v] &= r.off[v];
                any |= on[v] | off[v];
            }
            // the other starts' reached sets are not asked for
            if any == 0 {
                return None;
            }
        }
        let bound = self.bound.get();
        if bound == usize::MAX {
            return Some(starts.iter().map(|&s| self.chain(s)).collect());
        }
        let targets = shared_potentials(&on, &off);
        let mut sums = vec![0usize; targets.len()];
        let mut order: Vec<usize> = (0..starts.len()).collect();
        order.sort_by_key(|&i| self.chains.get(starts[i]).is_none());
        let mut chains: Vec<Option<Rc<Chain>>> = vec![None; starts.len()];
        for i in order {
            let chain = self.chain(starts[i]);
            for (sum, &t) in sums.iter_mut().zip(&targets) {
                *sum += chain.ancestor_bound(chain.get(t).expect("a reached potential"));
            }
            chains[i] = Some(chain);
            if sums.iter().all(|&s| s > bound) {
                return None;
            }
        }
        Some(
            chains
                .into_iter()
                .map(|c| c.expect("a built chain"))
                .collect(),
        )
    }

    fn base(&self) -> f64 {
        base_difficulty(self.mode)
    }

    /// Could a hint on these branches be wanted? Its complexity is at least the sum of the
    /// branches' ancestor bounds.
    fn wanted<'c>(&self, branches: impl Iterator<Item = (&'c Chain, u32)>) -> bool {
        let bound = self.bound.get();
        bound == usize::MAX || branches.map(|(c, n)| c.ancestor_bound(n)).sum::<usize>() <= bound
    }

    fn hint(&self, kind: Kind, start: Pot, result: Pot, branches: Vec<(Rc<Chain>, u32)>) -> Hint {
        let mut scratch = self.scratch.borrow_mut();
        let complexity: usize = branches
            .iter()
            .map(|(c, n)| c.ancestor_count(*n, &mut scratch))
            .sum::<usize>()
            + super::advanced::nested_complexity(&branches);
        let sort_key = match kind {
            Kind::Double => 1,
            Kind::Cell => 5,
            Kind::Region(_) => 6,
            Kind::Contradiction => 7,
        };
        Hint {
            kind,
            start,
            result,
            branches,
            rank: Rank::new(self.base(), complexity, sort_key),
        }
    }

    /// Every hint in SE's generation order.
    pub fn hints(&mut self, mut emit: impl FnMut(&Run, Hint)) {
        let mode = self.mode;
        for cell in 0..81 {
            let count = ones(self.grid[cell]);
            if count < 2 || !(count > 2 || mode.dynamic) {
                continue;
            }
            let mut value_starts: Vec<Pot> = Vec::with_capacity(9);
            for value in 1..=9u8 {
                if self.grid[cell] & (1 << value) == 0 {
                    continue;
                }
                if self.rules.interrupted() {
                    return;
                }
                let on = Pot::new(cell, value, true);
                // contradictions and double forcing read the off propagation
                if mode.dynamic || mode.nishio {
                    for start in [on, on.negated()] {
                        if !self.contradicted(start) {
                            continue;
                        }
                        let chain = self.chain(start);
                        if let Some((a, b)) = chain
                            .contradiction
                            .filter(|&(a, b)| self.wanted([(&*chain, a), (&*chain, b)].into_iter()))
                        {
                            let branches = vec![(chain.clone(), a), (chain.clone(), b)];
                            let h =
                                self.hint(Kind::Contradiction, start, start.negated(), branches);
                            emit(self, h);
                        }
                    }
                    let shared = if count >= 3 && !mode.nishio {
                        self.shared_chains(&[on, on.negated()])
                    } else {
                        None
                    };
                    if let Some([on_chain, off_chain]) = shared.as_deref() {
                        let (on_chain, off_chain) = (on_chain.clone(), off_chain.clone());
                        for polarity in [true, false] {
                            let both = common_present([&*on_chain, &*off_chain], polarity);
                            for a in on_chain.nodes_in(&both) {
                                let p = on_chain.nodes[a as usize].pot;
                                let b = off_chain.get(p).expect("a common potential");
                                if !self.wanted([(&*on_chain, a), (&*off_chain, b)].into_iter()) {
                                    continue;
                                }
                                let branches = vec![(on_chain.clone(), a), (off_chain.clone(), b)];
                                let h = self.hint(Kind::Double, on, p, branches);
                                emit(self, h);
                            }
                        }
                    }
                }
                if !mode.nishio {
                    self.region_hints(cell, value, &mut emit);
                }
                value_starts.push(on);
            }
            let cell_forcing = !mode.nishio && (count == 2 || (mode.multiple && count > 2));
            if let Some(value_chains) = cell_forcing
                .then(|| self.shared_chains(&value_starts))
                .flatten()
            {
                let first_value = (self.grid[cell] & !1).trailing_zeros() as u8;
                let start = Pot::new(cell, first_value, true);
                for polarity in [true, false] {
                    for target in common(&value_chains, polarity) {
                        if !self.wanted_target(&value_chains, target) {
                            continue;
                        }
                        let branches = branches_of(&value_chains, target);
                        let h = self.hint(Kind::Cell, start, target, branches);
                        emit(self, h);
                    }
                }
            }
        }
    }

    /// Could a hint on these chains' nodes of `target` be wanted?
    fn wanted_target(&self, chains: &[Rc<Chain>], target: Pot) -> bool {
        self.wanted(
            chains
                .iter()
                .map(|c| (&**c, c.get(target).expect("a common potential"))),
        )
    }

    /// SE's `doRegionChainings` from (cell, value): in each region where the cell is the
    /// value's first place (of two or more), the potentials every place gives.
    fn region_hints(&mut self, cell: usize, value: u8, emit: &mut impl FnMut(&Run, Hint)) {
        for kind in BLOCK_ROW_COLUMN {
            let cells = region_of(kind, cell);
            let places = positions(self.grid, cells, value);
            if ones(places) < 2 || cells[places.trailing_zeros() as usize] as usize != cell {
                continue;
            }
            // the places' starts, on the stack (most regions give no hint)
            let mut starts = [Pot::new(cell, value, true); 9];
            let mut count = 0;
            for (p, &other) in cells.iter().enumerate() {
                if places & (1 << p) != 0 {
                    starts[count] = Pot::new(other as usize, value, true);
                    count += 1;
                }
            }
            let Some(chains) = self.shared_chains(&starts[..count]) else {
                continue;
            };
            let region = Region::of(kind, cell);
            let start = Pot::new(cell, value, true);
            for polarity in [true, false] {
                for target in common(&chains, polarity) {
                    if !self.wanted_target(&chains, target) {
                        continue;
                    }
                    let branches = branches_of(&chains, target);
                    let h = self.hint(Kind::Region(region), start, target, branches);
                    emit(self, h);
                }
            }
        }
    }
}

impl Drop for Run<'_> {
    fn drop(&mut self) {
        std::mem::take(&mut self.buffers).give_back();
    }
}

/// The potentials of `on` and `off` (per value index, bit `c` for cell `c`).
fn shared_potentials(on: &[u128; 9], off: &[u128; 9]) -> Vec<Pot> {
    let mut out = Vec::new();
    for (polarity, sets) in [(true, on), (false, off)] {
        for (v, &set) in sets.iter().enumerate() {
            for cell in bits(set) {
                out.push(Pot::new(cell, v as u8 + 1, polarity));
            }
        }
    }
    out
}

/// The potentials of `polarity` in every chain, in the first chain's order.
fn common(chains: &[Rc<Chain>], polarity: bool) -> Vec<Pot> {
    let first = &chains[0];
    let both = common_present(chains.iter().map(|c| &**c), polarity);
    if both.iter().all(|&w| w == 0) {
        return Vec::new();
    }
    first
        .nodes_in(&both)
        .into_iter()
        .map(|n| first.nodes[n as usize].pot)
        .collect()
}

fn branches_of(chains: &[Rc<Chain>], target: Pot) -> Vec<(Rc<Chain>, u32)> {
    chains
        .iter()
        .map(|c| (c.clone(), c.get(target).expect("a common potential")))
        .collect()
}

/// SE's name of a hint of this producer.
pub fn hint_name(mode: ChainingMode, kind: Kind) -> String {
    let prefix = if mode.level > 0 || (mode.dynamic && !mode.nishio) {
        "Dynamic "
    } else if mode.nishio {
        "Nishio "
    } else {
        ""
    };
    let body = match kind {
        Kind::Contradiction if mode.nishio => "Forcing",
        Kind::Contradiction => "Contradiction Forcing",
        Kind::Double => "Double Forcing",
        Kind::Cell => "Cell Forcing",
        Kind::Region(_) => "Region Forcing",
    };
    format!("{prefix}{body} Chains{}", nested_suffix(mode.level))
}

/// The producer's first hint, reusing the chains `kept` from its earlier runs that are
/// exact on `grid` (level 0) and leaving this run's there.
pub fn first_hint_keeping(
    grid: &SeGrid,
    mode: ChainingMode,
    kept: &mut ChainStore,
) -> Option<SeStep> {
    first_hint_reaching(grid, mode, kept, None, None)
}

/// [`first_hint_keeping`], reading the static mode's closures from `static_reach` (the
/// reach over the static links of `grid`, from the forcing chains and cycles) when given,
/// and stopping at the first start after `interrupt` is hit (no hint then: the caller reads
/// [`Interrupt::stopped`]).
pub fn first_hint_reaching(
    grid: &SeGrid,
    mode: ChainingMode,
    kept: &mut ChainStore,
    static_reach: Option<Rc<Reach>>,
    interrupt: Option<Rc<Interrupt>>,
) -> Option<SeStep> {
    let mut run = Run::with_chains(&grid.cands, &grid.values, mode, std::mem::take(kept));
    run.static_reach = static_reach.filter(|_| !mode.dynamic && !mode.nishio);
    run.rules.interrupt = interrupt.clone();
    let mut best: Option<Hint> = None;
    run.hints(|run, h| {
        if best.as_ref().is_none_or(|b| h.rank.before(&b.rank)) {
            run.bound.set(h.rank.complexity);
            best = Some(h);
        }
    });
    *kept = run.into_chains();
    if interrupt.is_some_and(|i| i.stopped().is_some()) {
        return None;
    }
    let best = best?;
    Some(step(&grid.cands, mode, &best))
}

fn step(grid: &[u16; 81], mode: ChainingMode, hint: &Hint) -> SeStep {
    let proof = proof(grid, hint);
    let result = hint.result;
    let (eliminations, placement) = if result.on() {
        (Vec::new(), Some(result.candidate()))
    } else {
        (vec![result.candidate()], None)
    };
    SeStep {
        name: hint_name(mode, hint.kind),
        difficulty: hint.rank.difficulty,
        eliminations,
        placement,
        proofs: vec![proof],
        complexity: Some(hint.rank.complexity),
    }
}

/// The hint's net on the grid it was found on: a contradiction, or a choice whose every
/// branch gives the result.
pub fn proof(grid: &[u16; 81], hint: &Hint) -> Proof {
    let steps = |(c, n): &(Rc<Chain>, u32)| proofs::chain_steps(c, &[*n], grid);
    match hint.kind {
        Kind::Contradiction => {
            let (chain, a) = &hint.branches[0];
            let (_, b) = &hint.branches[1];
            let node = chain.nodes[*a as usize].pot.candidate();
            let all = proofs::chain_steps(chain, &[*a, *b], grid);
            if hint.start.on() {
                proofs::contradiction(hint.start, all, node)
            } else {
                let refuted = NetConclusion::Both {
                    node: NetNode::Candidate(node),
                };
                let on = hint.start.negated();
                let branches = proofs::cell_branches(grid, on, vec![], &all, Some(refuted));
                proofs::verity(
                    NetChoice::Cell {
                        cell: Cell::new(on.cell()),
                    },
                    branches,
                    on,
                )
            }
        }
        Kind::Double => {
            let on_steps = steps(&hint.branches[0]);
            let off_steps = steps(&hint.branches[1]);
            let branches = proofs::cell_branches(grid, hint.start, on_steps, &off_steps, None);
            let cell = Cell::new(hint.start.cell());
            proofs::verity(NetChoice::Cell { cell }, branches, hint.result)
        }
        Kind::Cell | Kind::Region(_) => {
            let branches: Vec<NetBranch> = hint
                .branches
                .iter()
                .map(|b| NetBranch {
                    assumption: proofs::literal(b.0.nodes[0].pot),
                    steps: steps(b),
                    refuted: None,
                })
                .collect();
            let choice = match hint.kind {
                Kind::Region(region) => NetChoice::House {
                    house: region.house(),
                    digit: Digit::new(hint.start.value()).expect("a value"),
                },
                _ => NetChoice::Cell {
                    cell: Cell::new(hint.start.cell()),
                },
            };
            proofs::verity(choice, branches, hint.result)
        }
    }
}
