//! HoDoKu's simple chains ([hobiwan HoDoKu]'s `ChainSolver`): X-chains (one digit, at most 20
//! links), XY-chains (bivalue cells, at most 20 links), remote pairs (bivalue cells of the
//! same two digits, at least four cells) and turbot fish (X-chains of three links).
//!
//! Every chain is found by a depth-first walk from each open cell and digit in order,
//! over the links in HoDoKu's order (a bivalue cell's other digit first, then the cells of
//! the row, column and block in order); a chain ending in a strong link on its first digit
//! removes that digit from the cells seeing both ends. Of the chains removing the same
//! candidates only a shorter one is kept; the step is the first of all in HoDoKu's order
//! ([`super::step::compare`]).

use super::grid::{sees, Grid, BUDDIES, CONSTRAINTS, UNITS};
use super::step::{compare, first_by, Step};
use super::table::Kind;
use std::collections::HashMap;

/// Which chains the walk looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainType {
    XChain,
    XyChain,
    RemotePair,
    TurbotFish,
}

/// HoDoKu's longest X- and XY-chain (`restrictChainLength`).
const MAX_CHAIN: usize = 20;

/// A chain entry: a cell, a digit, and whether the link into it is strong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    cell: u8,
    digit: u8,
    strong: bool,
}

/// The links of every (cell, digit), in HoDoKu's order.
struct Links {
    from: HashMap<(u8, u8), Vec<Entry>>,
}

impl Links {
    fn new(g: &Grid, t: ChainType) -> Links {
        let xy = matches!(t, ChainType::XyChain | ChainType::RemotePair);
        let x = matches!(t, ChainType::XChain | ChainType::TurbotFish);
        let mut from = HashMap::new();
        for cell in 0..81u8 {
            let mask = g.cells[cell as usize];
            if mask == 0 || (xy && mask.count_ones() != 2) {
                continue;
            }
            for digit in super::grid::digits(mask) {
                let mut out = Vec::new();
                if mask.count_ones() == 2 && !x {
                    let other = super::grid::digits(mask)
                        .find(|&d| d != digit)
                        .expect("two");
                    out.push(Entry {
                        cell,
                        digit: other,
                        strong: true,
                    });
                }
                for (k, &house) in CONSTRAINTS[cell as usize].iter().enumerate() {
                    let strong = x && g.free[house as usize][digit as usize] == 2;
                    for other in UNITS[house as usize] {
                        if other == cell || !g.has(other, digit) {
                            continue;
                        }
                        let m2 = g.cells[other as usize];
                        if t == ChainType::RemotePair && m2 != mask {
                            continue;
                        }
                        if t == ChainType::XyChain && m2.count_ones() != 2 {
                            continue;
                        }
                        if k == 2 && (other / 9 == cell / 9 || other % 9 == cell % 9) {
                            continue;
                        }
                        out.push(Entry {
                            cell: other,
                            digit,
                            strong,
                        });
                    }
                }
                from.insert((cell, digit), out);
            }
        }
        Links { from }
    }

    fn of(&self, cell: u8, digit: u8) -> &[Entry] {
        self.from.get(&(cell, digit)).map_or(&[], Vec::as_slice)
    }
}

/// The walk's state for one start.
struct Walk<'a> {
    g: &'a Grid,
    t: ChainType,
    links: &'a Links,
    max: usize,
    start: u8,
    digit: u8,
    /// Remote pairs: the start's other digit and its mask.
    digit2: u8,
    pair: u16,
    chain: Vec<Entry>,
    /// HoDoKu's set of chain cells (added when the walk leaves a cell).
    cells: u128,
    /// Shortest chain length so far for each set of removals.
    shortest: HashMap<Vec<(u8, u8)>, usize>,
    steps: Vec<Step>,
}

/// The first chain of type `t` in HoDoKu's order.
pub fn chain(g: &Grid, t: ChainType) -> Option<Step> {
    let links = Links::new(g, t);
    let max = if t == ChainType::TurbotFish {
        3
    } else {
        MAX_CHAIN
    };
    let mut walk = Walk {
        g,
        t,
        links: &links,
        max,
        start: 0,
        digit: 0,
        digit2: 0,
        pair: 0,
        chain: Vec::new(),
        cells: 0,
        shortest: HashMap::new(),
        steps: Vec::new(),
    };
    for start in 0..81u8 {
        if g.values[start as usize] != 0 {
            continue;
        }
        for digit in super::grid::digits(g.cells[start as usize]) {
            for &first in links.of(start, digit) {
                if !first.strong {
                    continue;
                }
                let x = matches!(t, ChainType::XChain | ChainType::TurbotFish);
                if x && first.digit != digit {
                    continue;
                }
                if !x && (g.count(first.cell) != 2 || first.cell != start) {
                    continue;
                }
                walk.start = start;
                walk.digit = digit;
                walk.pair = g.cells[start as usize];
                walk.digit2 = super::grid::digits(walk.pair)
                    .find(|&d| d != digit)
                    .unwrap_or(0);
                walk.chain = vec![
                    Entry {
                        cell: start,
                        digit,
                        strong: false,
                    },
                    first,
                ];
                walk.cells = 1u128 << start;
                walk.extend(first, false);
            }
        }
    }
    first_by(walk.steps, compare)
}

impl Walk<'_> {
    /// Continues the chain from its last entry `at` (reached by a strong link unless
    /// `strong_only`: then the next link must be strong).
    fn extend(&mut self, at: Entry, strong_only_prev: bool) {
        let strong_only = !strong_only_prev;
        let _ = strong_only;
        self.walk_from(at, !at.strong);
    }

    /// HoDoKu's `getChain` from entry `at`, whose next link must be strong when
    /// `strong_only`.
    fn walk_from(&mut self, at: Entry, strong_only: bool) {
        for &next in self.links.of(at.cell, at.digit) {
            if strong_only && !next.strong {
                continue;
            }
            if next.cell == at.cell && next.digit == at.digit {
                continue;
            }
            match self.t {
                ChainType::RemotePair if self.g.cells[next.cell as usize] != self.pair => continue,
                ChainType::XChain | ChainType::TurbotFish if next.digit != self.digit => continue,
                _ => {}
            }
            let xy = matches!(self.t, ChainType::XyChain | ChainType::RemotePair);
            if xy && (self.g.count(next.cell) != 2 || (strong_only && next.cell != at.cell)) {
                continue;
            }
            let mut is_loop = false;
            if self.cells & 1u128 << next.cell != 0 {
                if self.start != next.cell {
                    continue;
                }
                is_loop = true;
            }
            self.cells |= 1u128 << at.cell;
            let link = Entry {
                strong: strong_only && next.strong,
                ..next
            };
            self.chain.push(link);
            let level = self.chain.len() - 1;
            if level > 1 && link.strong && link.digit == self.digit {
                self.check(link.cell, level);
            }
            if level < self.max && !is_loop {
                self.walk_from(link, !strong_only);
            }
            self.chain.pop();
            // HoDoKu forgets the cell it leaves when the walk comes back to it
            self.cells &= !(1u128 << at.cell);
        }
    }

    /// The start's digit seen by the start and by `end`.
    fn seen_by_both(&self, digit: u8, end: u8) -> Vec<u8> {
        (0..81u8)
            .filter(|&c| {
                self.g.has(c, digit) && sees(c, self.start) && sees(c, end) && c != self.start
            })
            .collect()
    }

    fn check(&mut self, end: u8, level: usize) {
        let (kind, deletions) = match self.t {
            ChainType::XChain | ChainType::TurbotFish | ChainType::XyChain => {
                if self.t == ChainType::TurbotFish && level != 3 {
                    return;
                }
                let kind = match self.t {
                    ChainType::XChain => Kind::XChain,
                    ChainType::TurbotFish => Kind::TurbotFish,
                    _ => Kind::XyChain,
                };
                let dels = self.seen_by_both(self.digit, end);
                if dels.is_empty() {
                    return;
                }
                (kind, dels.into_iter().map(|c| (c, self.digit)).collect())
            }
            ChainType::RemotePair => {
                if level < 7 || self.seen_by_both(self.digit, end).is_empty() {
                    return;
                }
                (Kind::RemotePair, self.remote_pair_removals(end, level))
            }
        };
        let mut step = Step::new(kind);
        step.values.push(self.digit);
        if kind == Kind::RemotePair {
            step.values.push(self.digit2);
        }
        step.deletions = deletions;
        // HoDoKu's record of removals sorts them (digit, then cell) in the step itself
        step.deletions.sort_by_key(|&(c, d)| (d, c));
        step.deletions.dedup();
        step.chain_len = level + 1;
        if kind != Kind::TurbotFish {
            let mut key = step.deletions.clone();
            key.sort_unstable();
            if self.shortest.get(&key).is_some_and(|&l| l <= level) {
                return;
            }
            self.shortest.insert(key, level);
        }
        self.steps.push(step);
    }

    /// A remote pair's removals: of a chain of four cells, both digits seen by both ends;
    /// of a longer one, both digits seen by any two cells an odd number of cells apart.
    fn remote_pair_removals(&self, end: u8, level: usize) -> Vec<(u8, u8)> {
        let (mut one, mut two) = (0u128, 0u128);
        if level > 7 {
            for i in (0..=level).step_by(2) {
                for j in (i + 6..=level).step_by(4) {
                    let (a, b) = (self.chain[i].cell, self.chain[j].cell);
                    for &c in &BUDDIES[a as usize] {
                        if sees(c, b) {
                            if self.g.has(c, self.digit) {
                                one |= 1u128 << c;
                            }
                            if self.g.has(c, self.digit2) {
                                two |= 1u128 << c;
                            }
                        }
                    }
                }
            }
        } else {
            for c in self.seen_by_both(self.digit, end) {
                one |= 1u128 << c;
            }
            for c in self.seen_by_both(self.digit2, end) {
                two |= 1u128 << c;
            }
        }
        let cells = |s: u128| (0..81u8).filter(move |&c| s & 1u128 << c != 0);
        cells(one)
            .map(|c| (c, self.digit))
            .chain(cells(two).map(|c| (c, self.digit2)))
            .collect()
    }
}
