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
//! for the region hints of the cells before it), then intersections of their results.

use super::advanced::Rules;
use super::potential::{positions, region_of, Pot};
use super::propagate::{propagate, Chain};
use super::{base_difficulty, nested_suffix, proofs, Rank};
use crate::grid::{Cell, Digit};
use crate::proof::net::{NetBranch, NetChoice, NetConclusion, NetNode};
use crate::proof::Proof;
use crate::search::ser::grid::{Region, SeGrid, BLOCK_ROW_COLUMN};
use crate::search::ser::{ChainingMode, SeStep};

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
    pub branches: Vec<(usize, u32)>,
    pub rank: Rank,
}

/// One run of a producer on a grid: its propagations and hints.
pub struct Run<'a> {
    pub grid: &'a [u16; 81],
    pub mode: ChainingMode,
    pub chains: Vec<Chain>,
    on_chains: Vec<Option<usize>>,
    pub rules: Rules,
}

impl<'a> Run<'a> {
    pub fn new(grid: &'a [u16; 81], mode: ChainingMode) -> Run<'a> {
        Run {
            grid,
            mode,
            chains: Vec::new(),
            on_chains: vec![None; 729],
            rules: Rules::default(),
        }
    }

    fn chain(&mut self, start: Pot) -> usize {
        let key = start.index() / 2;
        if start.on() {
            if let Some(i) = self.on_chains[key] {
                return i;
            }
        }
        let chain = propagate(self.grid, start, self.mode, &mut self.rules);
        self.chains.push(chain);
        let i = self.chains.len() - 1;
        if start.on() {
            self.on_chains[key] = Some(i);
        }
        i
    }

    fn base(&self) -> f64 {
        base_difficulty(self.mode)
    }

    fn hint(&self, kind: Kind, start: Pot, result: Pot, branches: Vec<(usize, u32)>) -> Hint {
        let complexity: usize = branches
            .iter()
            .map(|&(c, n)| self.chains[c].ancestor_count(n))
            .sum::<usize>()
            + self.nested_complexity(&branches);
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

    fn nested_complexity(&self, branches: &[(usize, u32)]) -> usize {
        super::advanced::nested_complexity(&self.chains, branches)
    }

    /// Every hint in SE's generation order.
    pub fn hints(&mut self, mut emit: impl FnMut(&Run, Hint)) {
        let mode = self.mode;
        for cell in 0..81 {
            let count = self.grid[cell].count_ones();
            if count < 2 || !(count > 2 || mode.dynamic) {
                continue;
            }
            let mut value_chains: Vec<usize> = Vec::new();
            for value in 1..=9u8 {
                if self.grid[cell] & (1 << value) == 0 {
                    continue;
                }
                let on = Pot::new(cell, value, true);
                let on_chain = self.chain(on);
                // the off propagation serves contradictions and double forcing only
                let off_chain = if mode.dynamic || mode.nishio {
                    self.chain(on.negated())
                } else {
                    usize::MAX
                };
                // contradictions
                if mode.dynamic || mode.nishio {
                    if let Some((a, b)) = self.chains[on_chain].contradiction {
                        let h = self.hint(
                            Kind::Contradiction,
                            on,
                            on.negated(),
                            vec![(on_chain, a), (on_chain, b)],
                        );
                        emit(self, h);
                    }
                    if let Some((a, b)) = self.chains[off_chain].contradiction {
                        let h = self.hint(
                            Kind::Contradiction,
                            on.negated(),
                            on,
                            vec![(off_chain, a), (off_chain, b)],
                        );
                        emit(self, h);
                    }
                }
                // double forcing
                if count >= 3 && !mode.nishio && mode.dynamic {
                    for polarity in [true, false] {
                        let from_on: Vec<u32> = self.chains[on_chain].nodes_of(polarity).collect();
                        for a in from_on {
                            let p = self.chains[on_chain].nodes[a as usize].pot;
                            if let Some(b) = self.chains[off_chain].get(p) {
                                let h = self.hint(
                                    Kind::Double,
                                    on,
                                    p,
                                    vec![(on_chain, a), (off_chain, b)],
                                );
                                emit(self, h);
                            }
                        }
                    }
                }
                if !mode.nishio {
                    self.region_hints(cell, value, on_chain, &mut emit);
                }
                value_chains.push(on_chain);
            }
            if !mode.nishio && (count == 2 || (mode.multiple && count > 2)) {
                let first_value = (self.grid[cell] & !1).trailing_zeros() as u8;
                let start = Pot::new(cell, first_value, true);
                for polarity in [true, false] {
                    for target in self.common(&value_chains, polarity) {
                        let branches = self.branches_of(&value_chains, target);
                        let h = self.hint(Kind::Cell, start, target, branches);
                        emit(self, h);
                    }
                }
            }
        }
    }

    /// The potentials of `polarity` in every chain, in the first chain's order.
    fn common(&self, chains: &[usize], polarity: bool) -> Vec<Pot> {
        let first = &self.chains[chains[0]];
        first
            .nodes_of(polarity)
            .map(|n| first.nodes[n as usize].pot)
            .filter(|&p| chains[1..].iter().all(|&c| self.chains[c].get(p).is_some()))
            .collect()
    }

    fn branches_of(&self, chains: &[usize], target: Pot) -> Vec<(usize, u32)> {
        chains
            .iter()
            .map(|&c| (c, self.chains[c].get(target).expect("a common potential")))
            .collect()
    }

    /// SE's `doRegionChainings` from (cell, value): in each region where the cell is the
    /// value's first place (of two or more), the potentials every place gives.
    fn region_hints(
        &mut self,
        cell: usize,
        value: u8,
        on_chain: usize,
        emit: &mut impl FnMut(&Run, Hint),
    ) {
        for kind in BLOCK_ROW_COLUMN {
            let cells = region_of(kind, cell);
            let places = positions(self.grid, cells, value);
            if places.count_ones() < 2 || cells[places.trailing_zeros() as usize] as usize != cell {
                continue;
            }
            let mut chains = Vec::new();
            for (p, &other) in cells.iter().enumerate() {
                if places & (1 << p) == 0 {
                    continue;
                }
                let other = other as usize;
                chains.push(if other == cell {
                    on_chain
                } else {
                    self.chain(Pot::new(other, value, true))
                });
            }
            let region = Region::of(kind, cell);
            let start = Pot::new(cell, value, true);
            for polarity in [true, false] {
                for target in self.common(&chains, polarity) {
                    let branches = self.branches_of(&chains, target);
                    let h = self.hint(Kind::Region(region), start, target, branches);
                    emit(self, h);
                }
            }
        }
    }
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

/// The producer's first hint.
pub fn first_hint(grid: &SeGrid, mode: ChainingMode) -> Option<SeStep> {
    let mut run = Run::new(&grid.cands, mode);
    let mut best: Option<Hint> = None;
    run.hints(|_, h| {
        if best.as_ref().is_none_or(|b| h.rank.before(&b.rank)) {
            best = Some(h);
        }
    });
    let best = best?;
    Some(step(grid, &run, &best))
}

fn step(grid: &SeGrid, run: &Run, hint: &Hint) -> SeStep {
    let proof = proof(grid, run, hint);
    let result = hint.result;
    let (eliminations, placement) = if result.on() {
        (Vec::new(), Some(result.candidate()))
    } else {
        (vec![result.candidate()], None)
    };
    SeStep {
        name: hint_name(run.mode, hint.kind),
        difficulty: hint.rank.difficulty,
        eliminations,
        placement,
        proofs: vec![proof],
        complexity: Some(hint.rank.complexity),
    }
}

/// The hint's net: a contradiction, or a choice whose every branch gives the result.
pub fn proof(grid: &SeGrid, run: &Run, hint: &Hint) -> Proof {
    let steps = |(c, n): (usize, u32)| proofs::chain_steps(run, c, &[n]);
    match hint.kind {
        Kind::Contradiction => {
            let (chain, a) = hint.branches[0];
            let (_, b) = hint.branches[1];
            let node = run.chains[chain].nodes[a as usize].pot.candidate();
            let all = proofs::chain_steps(run, chain, &[a, b]);
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
            let on_steps = steps(hint.branches[0]);
            let off_steps = steps(hint.branches[1]);
            let branches = proofs::cell_branches(grid, hint.start, on_steps, &off_steps, None);
            let cell = Cell::new(hint.start.cell());
            proofs::verity(NetChoice::Cell { cell }, branches, hint.result)
        }
        Kind::Cell | Kind::Region(_) => {
            let branches: Vec<NetBranch> = hint
                .branches
                .iter()
                .map(|&(c, n)| {
                    let root = run.chains[c].nodes[0].pot;
                    NetBranch {
                        assumption: proofs::literal(root),
                        steps: steps((c, n)),
                        refuted: None,
                    }
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
