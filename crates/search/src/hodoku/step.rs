//! One step of HoDoKu's solver: its type, the digits and cells it is about, and what it
//! concludes, in the order HoDoKu records it (the order in which it is applied, which the
//! singles queues remember).

use super::grid::{cell_name, Grid};
use super::table::Kind;

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
}

impl Step {
    pub fn new(kind: Kind) -> Step {
        Step {
            kind,
            values: Vec::new(),
            indices: Vec::new(),
            deletions: Vec::new(),
            placements: Vec::new(),
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
