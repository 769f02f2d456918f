//! HoDoKu's generalised fish: a digit's places in `n` base houses (rows, columns or blocks)
//! covered by `n` cover houses. Basic fish take rows against columns; Franken fish add
//! blocks (base in rows and blocks, cover in columns and blocks, or the transpose); mutant
//! fish mix anything. Fins: base places outside every cover (exo fins) and places in two
//! base houses (endo fins). Siamese: two finned fish on the same base, one step.
//!
//! Why it holds: if no fin is true, each base house takes its digit in a place of exactly
//! one base house that a cover holds; n distinct places in n covers, each cover holding the
//! digit once, so every cover's digit is a base place (a cover place outside the base is
//! false) and no base place lies in two covers (a "cannibalistic" place is false). If a
//! fin is true, a candidate seeing every fin is false. So a cover place outside the base,
//! or a base place in two covers, that sees every fin is eliminated.
//!
//! The checker derives base places, covers, fins and cannibals from the state alone.

use super::facts::{fail, no_assertions, sees, CheckError};
use super::{fish_name, Proof};
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The kinds of houses a fish takes (HoDoKu's classification).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FishShape {
    /// Rows against columns.
    Basic,
    /// Rows and blocks against columns and blocks (or the transpose), a block among them.
    Franken,
    /// Any other mix (rows and columns on one side).
    Mutant,
}

impl FishShape {
    /// The shape of a fish with these base and cover houses.
    pub fn of(base: &[House], cover: &[House]) -> FishShape {
        let bits = |hs: &[House]| {
            hs.iter().fold(0u8, |m, h| {
                m | match h {
                    House::Row(_) => 1,
                    House::Column(_) => 2,
                    House::Block(_) => 4,
                }
            })
        };
        let (b, c) = (bits(base), bits(cover));
        if (b == 1 && c == 2) || (b == 2 && c == 1) {
            FishShape::Basic
        } else if (b & !5 == 0 && c & !6 == 0) || (b & !6 == 0 && c & !5 == 0) {
            FishShape::Franken
        } else {
            FishShape::Mutant
        }
    }

    /// `franken`, `mutant`, or nothing for a basic fish.
    pub fn word(self) -> &'static str {
        match self {
            FishShape::Basic => "",
            FishShape::Franken => "franken",
            FishShape::Mutant => "mutant",
        }
    }
}

/// One fish on the pattern's base: its covers and fins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct FishBody {
    pub cover: Vec<House>,
    /// Base places outside every cover.
    pub fins: Vec<Cell>,
    /// Places in two base houses.
    pub endo_fins: Vec<Cell>,
}

/// A generalised fish (or two Siamese fish on one base).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct FishPattern {
    pub digit: Digit,
    pub shape: FishShape,
    pub base: Vec<House>,
    /// One fish, or two (Siamese) with different eliminations.
    pub bodies: Vec<FishBody>,
    /// A basic finned fish with a base house whose places outside the fins are at most one.
    pub sashimi: bool,
}

impl FishPattern {
    /// Whether the (first) fish has fins.
    pub fn finned(&self) -> bool {
        self.bodies
            .iter()
            .any(|b| !b.fins.is_empty() || !b.endo_fins.is_empty())
    }

    /// (`finned-franken-swordfish`, `siamese-sashimi-x-wing`, …; family `fish`; size).
    pub fn rule_name(&self) -> (String, String, usize) {
        let mut words: Vec<&str> = Vec::new();
        if self.bodies.len() > 1 {
            words.push("siamese");
        }
        if self.sashimi {
            words.push("sashimi");
        } else if self.finned() {
            words.push("finned");
        }
        if self.shape != FishShape::Basic {
            words.push(self.shape.word());
        }
        words.push(fish_name(self.base.len()));
        (words.join("-"), "fish".to_string(), self.base.len())
    }
}

pub(super) fn places(state: &State, d: Digit, h: House) -> BTreeSet<Cell> {
    h.cells()
        .into_iter()
        .filter(|&c| state.has(Candidate::new(c, d)))
        .collect()
}

fn distinct(hs: &[House]) -> bool {
    hs.iter().collect::<BTreeSet<_>>().len() == hs.len()
}

/// Base places, the base places lying in two base houses (endo fins).
pub(super) fn base_places(
    state: &State,
    p: &FishPattern,
) -> Result<(BTreeSet<Cell>, BTreeSet<Cell>), CheckError> {
    let mut all = BTreeSet::new();
    let mut endo = BTreeSet::new();
    for &h in &p.base {
        let here = places(state, p.digit, h);
        let placed = h.cells().iter().any(|&c| state.value(c) == Some(p.digit));
        if here.is_empty() || placed {
            return fail(format!(
                "{} has no open place of {} in {h}",
                p.digit, p.digit
            ));
        }
        for c in here {
            if !all.insert(c) {
                endo.insert(c);
            }
        }
    }
    Ok((all, endo))
}

/// What one body concludes: the candidates of the digit it eliminates.
fn body_eliminations(
    state: &State,
    p: &FishPattern,
    body: &FishBody,
    base: &BTreeSet<Cell>,
    endo: &BTreeSet<Cell>,
) -> Result<BTreeSet<Cell>, CheckError> {
    let (fins, unfinned) = body_parts(state, p, body, base, endo)?;
    Ok(unfinned
        .into_iter()
        .filter(|c| fins.iter().all(|&f| sees(f, *c)))
        .collect())
}

/// One body checked on the state: its fins (exo and endo) and the places it would
/// eliminate if it had none (cover places outside the base and cannibalistic base
/// places, fins excluded).
pub(super) fn body_parts(
    state: &State,
    p: &FishPattern,
    body: &FishBody,
    base: &BTreeSet<Cell>,
    endo: &BTreeSet<Cell>,
) -> Result<(Vec<Cell>, BTreeSet<Cell>), CheckError> {
    let n = p.base.len();
    if body.cover.len() != n || !distinct(&body.cover) {
        return fail(format!(
            "a fish of {n} base houses needs {n} distinct covers"
        ));
    }
    if body.cover.iter().any(|c| p.base.contains(c)) {
        return fail("a house cannot be both base and cover");
    }
    if FishShape::of(&p.base, &body.cover) != p.shape {
        return fail("the houses do not make the fish's shape");
    }
    let mut covered: BTreeSet<Cell> = BTreeSet::new();
    let mut cannibals: BTreeSet<Cell> = BTreeSet::new();
    for &h in &body.cover {
        for c in places(state, p.digit, h) {
            if !covered.insert(c) && base.contains(&c) {
                cannibals.insert(c);
            }
        }
    }
    let exo: BTreeSet<Cell> = base
        .difference(&covered)
        .filter(|c| !endo.contains(c))
        .copied()
        .collect();
    let declared: BTreeSet<Cell> = body.fins.iter().copied().collect();
    let declared_endo: BTreeSet<Cell> = body.endo_fins.iter().copied().collect();
    if declared != exo || declared_endo != *endo {
        return fail("the fins are not the base places outside the covers and in two bases");
    }
    let fins: Vec<Cell> = exo.union(endo).copied().collect();
    let unfinned = covered
        .iter()
        .copied()
        .filter(|c| !base.contains(c) || cannibals.contains(c))
        .filter(|c| !fins.contains(c))
        .collect();
    Ok((fins, unfinned))
}

/// Whether a basic fish is sashimi: some base house has at most one place that is no fin.
pub fn is_sashimi(state: &State, p: &FishPattern, body: &FishBody) -> bool {
    p.shape == FishShape::Basic
        && !body.fins.is_empty()
        && p.base.iter().any(|&h| {
            places(state, p.digit, h)
                .iter()
                .filter(|c| !body.fins.contains(c))
                .count()
                <= 1
        })
}

/// Check a fish on the state.
pub fn check(state: &State, proof: &Proof, p: &FishPattern) -> Result<(), CheckError> {
    no_assertions(proof)?;
    let n = p.base.len();
    if !(2..=7).contains(&n) || !distinct(&p.base) {
        return fail("a fish has 2 to 7 distinct base houses");
    }
    if p.bodies.is_empty() || p.bodies.len() > 2 {
        return fail("a fish has one body, or two when Siamese");
    }
    let (base, endo) = base_places(state, p)?;
    let mut allowed = BTreeSet::new();
    for body in &p.bodies {
        allowed.extend(body_eliminations(state, p, body, &base, &endo)?);
    }
    if p.bodies.len() == 2 {
        let one = body_eliminations(state, p, &p.bodies[0], &base, &endo)?;
        let two = body_eliminations(state, p, &p.bodies[1], &base, &endo)?;
        if one == two
            || p.bodies
                .iter()
                .any(|b| b.fins.is_empty() && b.endo_fins.is_empty())
        {
            return fail("Siamese fish are two finned fish with different eliminations");
        }
    }
    if p.sashimi != is_sashimi(state, p, &p.bodies[0]) {
        return fail(
            "sashimi: a basic finned fish with a base house of at most one place that is no fin",
        );
    }
    for &t in &proof.eliminations {
        if t.digit() != p.digit || !allowed.contains(&t.cell()) {
            return Err(super::facts::conclusion(
                t,
                "not a cover place outside the base (or a base place in two covers) seeing every fin",
            ));
        }
    }
    if proof.eliminations.is_empty() {
        return fail("the fish eliminates nothing");
    }
    Ok(())
}

impl crate::proof::PatternKind for FishPattern {
    fn rule_name(&self) -> (String, String, usize) {
        FishPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.digit_in(&self.base, self.digit)
    }
}
