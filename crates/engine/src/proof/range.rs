//! Almost-locked ranges ([Hanson SA]): a digit's places in a block lie in two of its lines'
//! segments (a row and a column: the nine shapes that turn a weak link by 90°; two rows or
//! two columns: the six that carry it along a parallel line), with at least one place off
//! each line's crossing. A candidate of the digit on one line outside the block, if true,
//! empties that segment and so locks the digit into the other: every candidate of the digit
//! on the other line outside the block is false. Coupled with a strong chain (conjugate
//! links: bivalue cells, a digit's two places in a house), a target that would force both
//! polarities of the chain is eliminated.
//!
//! The checker replays the inferences from the state: each range's shape, the target's
//! link into the chain, each conjugate link, and the link out of it.

use super::facts::{conclusion, conjugate, fail, no_assertions, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};

/// An almost-locked range: in `block`, every place of `digit` lies on `entry` or `exit`
/// (two lines crossing the block), with at least one place on each off the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct RangeLink {
    pub block: House,
    pub digit: Digit,
    pub entry: House,
    pub exit: House,
}

impl RangeLink {
    /// Turning (a row and a column) or parallel (two rows, two columns).
    pub fn turns(&self) -> bool {
        std::mem::discriminant(&self.entry) != std::mem::discriminant(&self.exit)
    }
}

/// How the target, if true, makes a chain end false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RangeStep {
    /// The end is the target itself (true): the chain's own polarity.
    Itself,
    /// The target sees the end (an nrc-link).
    Sees,
    /// Through an almost-locked range (the target on its entry line, the end on its exit).
    Range(RangeLink),
}

/// A target eliminated because, through weak links and almost-locked ranges, it would
/// force both polarities of a strong chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AlmostLockedRange {
    /// How the target makes `chain[0]` false (or is it).
    pub first: RangeStep,
    /// A strong chain: consecutive candidates are conjugate (a bivalue cell, or a digit's
    /// only two places in a house); the values alternate, and the last is true.
    pub chain: Vec<Candidate>,
    /// How the target makes the chain's last candidate false.
    pub last: RangeStep,
    /// The name HoDoKu or the forums give the shape, if any (`empty-rectangle`,
    /// `franken-swordfish`).
    pub shape: Option<String>,
}

impl AlmostLockedRange {
    /// (`almost-locked-range`, family `almost-locked-ranges`, conjugate links + ranges).
    pub fn rule_name(&self) -> (String, String, usize) {
        let ranges = [self.first, self.last]
            .iter()
            .filter(|s| matches!(s, RangeStep::Range(_)))
            .count();
        (
            "almost-locked-range".to_string(),
            "almost-locked-ranges".to_string(),
            self.chain.len().saturating_sub(1) + ranges,
        )
    }
}

fn places(state: &State, house: House, d: Digit) -> Vec<Cell> {
    house
        .cells()
        .into_iter()
        .filter(|&c| state.has(Candidate::new(c, d)))
        .collect()
}

fn crosses(line: House, block: House) -> bool {
    !matches!(line, House::Block(_)) && block.cells().iter().any(|&c| line.contains(c))
}

/// The range holds on the state: the lines cross the block, the digit's places in the
/// block lie on them, with one at least on each line off the other.
pub fn range_holds(state: &State, r: &RangeLink) -> bool {
    let House::Block(_) = r.block else {
        return false;
    };
    if r.entry == r.exit || !crosses(r.entry, r.block) || !crosses(r.exit, r.block) {
        return false;
    }
    let ps = places(state, r.block, r.digit);
    let on = |l: House, off: House| ps.iter().any(|&c| l.contains(c) && !off.contains(c));
    ps.iter()
        .all(|&c| r.entry.contains(c) || r.exit.contains(c))
        && on(r.entry, r.exit)
        && on(r.exit, r.entry)
}

/// `x` true makes `y` false through the range (either way round).
fn through_range(state: &State, r: &RangeLink, x: Candidate, y: Candidate) -> bool {
    let outside = |c: Candidate| !r.block.contains(c.cell());
    let fits =
        |a: House, b: House| a.contains(x.cell()) && b.contains(y.cell()) && !b.contains(x.cell());
    range_holds(state, r)
        && x.digit() == r.digit
        && y.digit() == r.digit
        && x != y
        && outside(x)
        && outside(y)
        && (fits(r.entry, r.exit) || fits(r.exit, r.entry))
}

/// Check an almost-locked-range elimination.
pub fn check(state: &State, proof: &Proof, p: &AlmostLockedRange) -> Result<(), CheckError> {
    no_assertions(proof)?;
    let [target] = proof.eliminations[..] else {
        return fail("an almost-locked range eliminates one target");
    };
    let uses_range = [p.first, p.last]
        .iter()
        .any(|s| matches!(s, RangeStep::Range(_)));
    if p.chain.is_empty() || !uses_range {
        return fail("an almost-locked range needs a chain and a range");
    }
    for w in p.chain.windows(2) {
        if !conjugate(state, w[0], w[1]) {
            return fail(format!("{} and {} are not conjugate", w[0], w[1]));
        }
    }
    // values along the chain: the first end false (true when it is the target), alternating
    let first_true = p.first == RangeStep::Itself;
    let last_true = first_true == (p.chain.len() % 2 == 1);
    if !last_true {
        return fail("the chain's last candidate is not forced true");
    }
    let forced_false = |step: RangeStep, end: Candidate| match step {
        RangeStep::Itself => false,
        RangeStep::Sees => target != end && target.is_linked(end),
        RangeStep::Range(r) => through_range(state, &r, target, end),
    };
    match p.first {
        RangeStep::Itself if p.chain[0] != target => {
            return fail("the chain does not start at the target")
        }
        RangeStep::Itself => {}
        step if !forced_false(step, p.chain[0]) => {
            return Err(conclusion(
                target,
                "it does not make the chain's first end false",
            ))
        }
        _ => {}
    }
    if !forced_false(p.last, *p.chain.last().expect("non-empty")) {
        return Err(conclusion(
            target,
            "it does not make the chain's last end false",
        ));
    }
    Ok(())
}

impl crate::proof::PatternKind for AlmostLockedRange {
    fn rule_name(&self) -> (String, String, usize) {
        AlmostLockedRange::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.named(self.chain.iter().copied())
    }
}
