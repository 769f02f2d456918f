//! One step of HoDoKu's solver: its type, the digits and cells it is about, and what it
//! concludes, in the order HoDoKu records it (the order in which it is applied, which the
//! singles queues remember).

use super::grid::{cell_name, Grid};
use super::table::Kind;
use std::cmp::Ordering;

/// A step as HoDoKu's finders build it (its `SolutionStep`, the parts the solver reads).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub kind: Kind,
    /// The digits of the pattern (a subset's, a single's, a fish's).
    pub values: Vec<u8>,
    /// The cells of the pattern (a single's cell, a subset's cells).
    pub indices: Vec<u8>,
    /// The candidates removed, as (cell, digit), in HoDoKu's order.
    pub deletions: Vec<(u8, u8)>,
    /// The digits placed, as (cell, digit): a single's, a forcing chain's, brute force's.
    pub placements: Vec<(u8, u8)>,
    /// The length HoDoKu sorts chains by (its `getChainLength`: the chains' entries, ALS
    /// counted heavier); 0 for steps without chains.
    pub chain_len: usize,
}

impl Step {
    pub fn new(kind: Kind) -> Step {
        Step {
            kind,
            values: Vec::new(),
            indices: Vec::new(),
            deletions: Vec::new(),
            placements: Vec::new(),
            chain_len: 0,
        }
    }

    /// A single (or brute force) placing `digit` in `cell`.
    pub fn placing(kind: Kind, cell: u8, digit: u8) -> Step {
        let mut s = Step::new(kind);
        s.values.push(digit);
        s.indices.push(cell);
        s.placements.push((cell, digit));
        s
    }

    /// Applies the step as HoDoKu's `doStep` does: placements first, then the removals in
    /// order. False when the grid becomes invalid.
    pub fn apply(&self, grid: &mut Grid) -> bool {
        let mut valid = true;
        for &(c, d) in &self.placements {
            valid &= grid.place(c, d);
        }
        for &(c, d) in &self.deletions {
            valid &= grid.remove(c, d);
        }
        valid
    }

    /// `Naked Pair => r1c2<>3, r4c5<>6` or `Hidden Single: r1c2=3`: the type and what the
    /// step concludes, one candidate at a time.
    pub fn text(&self) -> String {
        let mut parts: Vec<String> = self
            .placements
            .iter()
            .map(|&(c, d)| format!("{}={d}", cell_name(c)))
            .collect();
        parts.extend(
            self.deletions
                .iter()
                .map(|&(c, d)| format!("{}<>{d}", cell_name(c))),
        );
        format!("{}: => {}", self.kind.name(), parts.join(", "))
    }
}

/// HoDoKu's order of steps of one search (its `SolutionStep.compareTo`), for steps that
/// are not fish: more removals first; of steps removing different candidates, the lower
/// weighted sum of the removals (each removal's cell times 1, 81, 161... in order, plus its
/// digit); then the shorter chains, the lower sum of digits, fewer cells, the lower... A
/// result of `Equal` keeps the first found.
pub fn compare(a: &Step, b: &Step) -> Ordering {
    let by_count = b.deletions.len().cmp(&a.deletions.len());
    if by_count != Ordering::Equal {
        return by_count;
    }
    if !equivalent(a, b) {
        return index_sum(&a.deletions).cmp(&index_sum(&b.deletions));
    }
    let by_chain = a.chain_len.cmp(&b.chain_len);
    if by_chain != Ordering::Equal {
        return by_chain;
    }
    if !same_members(&a.values, &b.values) {
        let sum = |v: &[u8]| v.iter().map(|&x| x as i32).sum::<i32>();
        return sum(&a.values).cmp(&sum(&b.values));
    }
    if !same_members(&a.indices, &b.indices) {
        if a.indices.len() != b.indices.len() {
            return a.indices.len().cmp(&b.indices.len());
        }
        let sum = |v: &[u8]| v.iter().map(|&x| x as i32).sum::<i32>();
        return sum(&b.indices).cmp(&sum(&a.indices));
    }
    Ordering::Equal
}

/// HoDoKu's `isEquivalent` for steps that are not fish: the same type removing the same
/// candidates (or, removing none, on the same cells).
fn equivalent(a: &Step, b: &Step) -> bool {
    if a.kind != b.kind {
        return false;
    }
    if !a.deletions.is_empty() {
        return a.deletions.len() == b.deletions.len()
            && a.deletions.iter().all(|x| b.deletions.contains(x));
    }
    same_members(&a.indices, &b.indices)
}

/// HoDoKu's `isEqualInteger`: same length, every member of `a` in `b`.
fn same_members(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// HoDoKu's weighted sum of removals (its `getIndexSumme`).
pub fn index_sum(dels: &[(u8, u8)]) -> i64 {
    let mut offset = 1i64;
    let mut sum = 0i64;
    for &(c, d) in dels {
        sum += c as i64 * offset + d as i64;
        offset += 80;
    }
    sum
}

/// The step a stable sort by `cmp` puts first: the earliest of those no other precedes.
pub fn first_by(steps: Vec<Step>, cmp: impl Fn(&Step, &Step) -> Ordering) -> Option<Step> {
    let mut it = steps.into_iter();
    let mut best = it.next()?;
    for s in it {
        if cmp(&s, &best) == Ordering::Less {
            best = s;
        }
    }
    Some(best)
}
