//! SE's chaining producers: forcing chains and cycles (static, [`unary`]), Nishio, multiple
//! and dynamic forcing chains ([`multiple`] over the propagation of [`propagate`]), and the
//! levels that apply SE's rules inside the chains ([`advanced`]: dynamic + and the nested
//! levels 2–5).
//!
//! Each producer finds all its hints, sorts them by SE's difficulty (an f64: base plus the
//! length increment of [`length_increment`]), then the chain's complexity, then SE's sort
//! key, keeping the generation order between equals, and reports the first. We keep only
//! the best hint found so far in generation order: a later hint replaces it only when it is
//! strictly smaller, which is the first of SE's stable sort.
//!
//! Every hint is carried by our nets of inferences (`proof::net`), built by [`proofs`]:
//! a contradiction (one assumption), a cell's candidates or a house's places of a value
//! (the branches), each inference naming its link — weak, strong (with the candidates the
//! chain removed before, SE's hidden parents, as premises), a locked set (SE's rules at
//! levels ≥ 1) or a nested net checked on the state the premises leave (levels ≥ 2).
//!
//! The level-0 propagations of one run can be kept for the producer's next run, on the
//! grid the next rating step leaves ([`kept`]).
//!
//! A run of the multiple and dynamic modes can be interrupted ([`Interrupt`]): the nested
//! levels take minutes on the hardest grids, so a caller under a time or memory limit
//! hands one down, and every run (the nested ones too) reads it before each start.
//!
//! Measured on SER of top1465's first 100: the level-0 reaches without parents ([`closure`]),
//! with chains built only where a hint rests on them and the static closures read off the
//! reach, took the rating from 6.03 to 5.05 G instructions (0.84×). The limits are read every
//! 16th start: read at every start, the clock cost 2% of SER's CPU. Did not pay: sharing
//! propagations between the chaining modes (dynamic plus could reuse at most 70 M of its
//! 347 M instructions; plain dynamic's *on* chains equal the static ones in a third of cases
//! only), so each mode keeps its own [`ChainStore`].

pub mod advanced;
pub mod closure;
pub mod kept;
pub mod multiple;
pub mod potential;
pub mod proofs;
pub mod propagate;
pub mod reach;
pub mod unary;

use super::{ChainingMode, SeGrid, SeStep};
use crate::limits::{Limits, Stop};
use kept::ChainStore;
use std::cell::Cell;
use std::cmp::Ordering;

/// The limits a chaining run reads before each start's propagations (the nested runs share
/// it), and the one that stopped it: once stopped, every run of the producer returns at its
/// next start, and what it found is not the producer's answer.
#[derive(Debug)]
pub struct Interrupt {
    limits: Limits,
    stopped: Cell<Option<Stop>>,
    /// Calls of [`Interrupt::hit`] since the limits were last read.
    calls: Cell<u32>,
}

/// How many starts a run takes between two readings of the clock and the memory (a start
/// is one or two propagations: microseconds at level 0, more at the nested levels).
const STARTS_PER_CHECK: u32 = 16;

impl Interrupt {
    pub fn new(limits: Limits) -> Interrupt {
        Interrupt {
            limits,
            stopped: Cell::new(None),
            calls: Cell::new(0),
        }
    }

    /// Whether a limit is reached (read every [`STARTS_PER_CHECK`] calls; once reached,
    /// it stays).
    pub fn hit(&self) -> bool {
        if self.stopped.get().is_none() {
            let calls = self.calls.get() + 1;
            if calls >= STARTS_PER_CHECK {
                self.calls.set(0);
                self.stopped.set(self.limits.reached());
            } else {
                self.calls.set(calls);
            }
        }
        self.stopped.get().is_some()
    }

    /// The limit that stopped the run, if one did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped.get()
    }
}

/// The producer's easiest hint (SE sorts a chaining producer's hints).
pub fn first_hint(grid: &SeGrid, mode: ChainingMode) -> Option<SeStep> {
    first_hint_keeping(grid, mode, &mut ChainStore::default())
}

/// [`first_hint`], reusing the propagations `kept` from the producer's earlier runs that
/// are still exact (see [`kept`]) and keeping this run's.
pub fn first_hint_keeping(
    grid: &SeGrid,
    mode: ChainingMode,
    kept: &mut ChainStore,
) -> Option<SeStep> {
    if !mode.multiple && !mode.dynamic {
        unary::first_hint(grid)
    } else {
        multiple::first_hint_keeping(grid, mode, kept)
    }
}

/// SE's length increment of a chain of `complexity` potentials (`getLengthDifficulty`):
/// 0.1 for each threshold 4, 6, 8, 12, 16, 24, … that `complexity − 2` exceeds, summed in
/// f64 as SE sums it (ties between hints depend on the exact sums).
pub fn length_increment(complexity: usize) -> f64 {
    let length = complexity as i64 - 2;
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Where a chaining hint sorts: SE's difficulty, then complexity, then sort key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rank {
    pub difficulty: f64,
    pub complexity: usize,
    pub sort_key: u8,
}

impl Rank {
    pub fn new(base: f64, complexity: usize, sort_key: u8) -> Rank {
        Rank {
            difficulty: base + length_increment(complexity),
            complexity,
            sort_key,
        }
    }

    fn order(&self, other: &Rank) -> Ordering {
        self.difficulty
            .partial_cmp(&other.difficulty)
            .unwrap_or(Ordering::Equal)
            .then(self.complexity.cmp(&other.complexity))
            .then(self.sort_key.cmp(&other.sort_key))
    }

    /// Sorts strictly before `other` (a later hint must, to be reported first).
    pub fn before(&self, other: &Rank) -> bool {
        self.order(other) == Ordering::Less
    }

    /// Could a hint of this base and sort key with `complexity` sort before `best`?
    pub fn could_beat(base: f64, complexity: usize, sort_key: u8, best: Option<&Rank>) -> bool {
        best.is_none_or(|b| Rank::new(base, complexity, sort_key).before(b))
    }

    /// The largest complexity a hint of this base and sort key may have and still sort
    /// before `best` (`usize::MAX` without a best).
    pub fn max_complexity(base: f64, sort_key: u8, best: Option<&Rank>) -> usize {
        let Some(b) = best else {
            return usize::MAX;
        };
        let mut c = 0;
        while Rank::new(base, c + 1, sort_key).before(b) {
            c += 1;
            if c > 100_000 {
                return usize::MAX;
            }
        }
        if Rank::new(base, c, sort_key).before(b) {
            c
        } else {
            0
        }
    }
}

/// The SE name suffix of a chaining level (`getNestedSuffix`).
pub fn nested_suffix(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        l => format!(" (+ Dynamic Forcing Chains{})", nested_suffix(l - 3)),
    }
}

/// The base difficulty of a producer other than forcing chains and cycles
/// (`Chaining.getDifficulty`).
pub fn base_difficulty(mode: ChainingMode) -> f64 {
    if mode.level >= 2 {
        9.5 + 0.5 * (mode.level - 2) as f64
    } else if mode.level > 0 {
        8.5 + 0.5 * mode.level as f64
    } else if mode.nishio {
        7.5
    } else if mode.dynamic {
        8.5
    } else {
        8.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_ses_thresholds() {
        let table = [
            (6, 0.0),
            (7, 0.1),
            (8, 0.1),
            (9, 0.2),
            (10, 0.2),
            (11, 0.3),
            (14, 0.3),
            (15, 0.4),
            (19, 0.5),
            (27, 0.6),
            (35, 0.7),
            (51, 0.8),
            (67, 0.9),
            (99, 1.0),
            (131, 1.1),
            (195, 1.2),
            (259, 1.3),
        ];
        for (complexity, added) in table {
            let got = length_increment(complexity);
            assert!((got - added).abs() < 1e-9, "{complexity}: {got}");
            if complexity > 7 {
                assert!(length_increment(complexity - 1) <= got);
            }
        }
        // f64 sums decide ties: a 6.7 X-chain sorts before a 6.7 X-cycle
        assert!(Rank::new(6.6, 7, 2).before(&Rank::new(6.5, 9, 2)));
        assert_eq!(
            nested_suffix(5),
            " (+ Dynamic Forcing Chains (+ Forcing Chains))"
        );
    }
}
