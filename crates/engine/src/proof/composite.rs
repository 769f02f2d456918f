//! A placement proved by eliminations — the answer users reason with: `r1c4=9` because
//! each other candidate of r1c4 is eliminated (the cell's form), or because each other place
//! of 9 in a house is (the house's form), one proof per eliminated candidate. Its length is
//! its longest part's, its difficulty its hardest part's.
//!
//! ```text
//! r1c4=9 because each other candidate of r1c4 is eliminated:
//!   r1c4<>3  hidden-pairs-in-a-row: ...
//!   r1c4<>7  whip[3]: ...
//! ```
//!
//! The checker verifies it part by part: every part is a proof [`super::check`] accepts on
//! the same state, no part eliminates the placement, and together the parts eliminate
//! every other open candidate of the cell (or every other open place of the digit in the
//! house), so the placement is the only one left.

use super::facts::{fail, CheckError};
use super::Proof;
use crate::grid::{Candidate, Digit, House, State};
use serde::{Deserialize, Serialize};

/// A placement and the eliminations that leave it alone in its cell or house.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompositePattern {
    /// The candidate placed.
    pub placement: Candidate,
    /// The house whose other places of the digit the parts eliminate; `None`: the cell's
    /// other candidates.
    pub house: Option<House>,
    /// One proof per eliminated candidate (a part may eliminate several of them).
    pub parts: Vec<Proof>,
}

impl CompositePattern {
    /// `(rule, family, length)`: the longest part's length.
    pub fn rule_name(&self) -> (String, String, usize) {
        let length = self.parts.iter().map(|p| p.length).max().unwrap_or(0);
        let rule = match self.house {
            None => "placement-by-cell-eliminations".to_string(),
            Some(h) => format!("placement-by-eliminations-{}", super::in_a_house(h)),
        };
        (rule, "composite".to_string(), length)
    }

    /// The other candidates the parts must eliminate, on `state`: the cell's other open
    /// candidates, or the digit's other open places in the house.
    pub fn others(&self, state: &State) -> Vec<Candidate> {
        let (cell, digit) = (self.placement.cell(), self.placement.digit());
        match self.house {
            None => Digit::all()
                .filter(|&d| d != digit)
                .map(|d| Candidate::new(cell, d))
                .filter(|&c| state.has(c))
                .collect(),
            Some(h) => h
                .cells()
                .into_iter()
                .filter(|&c| c != cell)
                .map(|c| Candidate::new(c, digit))
                .filter(|&c| state.has(c))
                .collect(),
        }
    }

    /// The words of the composite's reason: `each other candidate of r1c4` or `each other
    /// place of 9 in row 1`.
    pub fn reason(&self) -> String {
        match self.house {
            None => format!("each other candidate of {}", self.placement.cell()),
            Some(h) => format!("each other place of {} in {h}", self.placement.digit()),
        }
    }
}

/// Verify a composite placement on `state` part by part (see the module doc).
pub(super) fn check(
    state: &State,
    proof: &Proof,
    pattern: &CompositePattern,
    check_part: impl Fn(&State, &Proof) -> Result<(), CheckError>,
) -> Result<(), CheckError> {
    let z = pattern.placement;
    if proof.assertions != [z] || !proof.eliminations.is_empty() {
        return fail(format!(
            "a composite placement concludes {} and nothing else",
            z.assertion()
        ));
    }
    if let Some(h) = pattern.house {
        if !h.contains(z.cell()) {
            return fail(format!("{} is not in {h}", z.cell()));
        }
    }
    if pattern.parts.is_empty() {
        return fail("a composite placement has no part");
    }
    for (i, part) in pattern.parts.iter().enumerate() {
        if matches!(part.pattern, super::Pattern::Composite(_)) {
            return fail(format!("part {} is itself a composite", i + 1));
        }
        if part.eliminations.contains(&z) {
            return fail(format!("part {} eliminates the placement {z}", i + 1));
        }
        check_part(state, part).map_err(|e| {
            CheckError::Pattern(format!("part {} ({}) does not hold: {e}", i + 1, part.rule))
        })?;
    }
    for other in pattern.others(state) {
        if !pattern
            .parts
            .iter()
            .any(|p| p.eliminations.contains(&other))
        {
            return Err(super::facts::conclusion(
                z,
                &format!("no part eliminates {}", other.elimination()),
            ));
        }
    }
    Ok(())
}

impl crate::proof::PatternKind for CompositePattern {
    fn rule_name(&self) -> (String, String, usize) {
        CompositePattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self, super::check)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        for part in &self.parts {
            super::on_pattern!(&part.pattern, x => x.collect_candidates(out));
        }
    }
}
