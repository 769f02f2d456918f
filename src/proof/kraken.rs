//! HoDoKu's kraken fish, type 1: a finned fish would eliminate a candidate of its digit
//! (a cover place outside the base, or a cannibalistic base place) that does not see every
//! fin; if each fin, assumed true, forces that candidate false through a chain, it goes
//! anyway — either no fin is true and the fish eliminates it, or a true fin's chain does.
//!
//! The checker re-derives the fish from the state (`fish::body_parts`), requires one
//! branch per fin (exo and endo), each assuming its fin true, and replays every branch's
//! inferences with the net checker's replay: each must derive the target false.

use super::facts::{conclusion, fail, no_assertions, CheckError};
use super::fish::{base_places, body_parts, FishPattern};
use super::net::{replay, LinkLevel, NetBranch, NetForm, NetLiteral, NetNode};
use super::Proof;
use crate::grid::{Candidate, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A kraken fish: the finned fish, its target and one chain per fin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct KrakenPattern {
    pub fish: FishPattern,
    pub target: Candidate,
    /// The links the chains take (the net engine's level and form).
    pub level: LinkLevel,
    pub form: NetForm,
    /// One per fin, in fin order: the fin assumed true, the inferences to the target false.
    pub branches: Vec<NetBranch>,
}

impl KrakenPattern {
    /// (`kraken-fish`, family `fish`, the fish's size plus every chain's inferences).
    pub fn rule_name(&self) -> (String, String, usize) {
        let steps: usize = self.branches.iter().map(|b| b.steps.len()).sum();
        (
            "kraken-fish".to_string(),
            "fish".to_string(),
            self.fish.base.len() + steps,
        )
    }

    /// The literal every branch derives: the target false.
    pub fn end(&self) -> NetLiteral {
        NetLiteral::candidate(self.target, false)
    }
}

/// Check a kraken fish on the state.
pub fn check(state: &State, proof: &Proof, k: &KrakenPattern) -> Result<(), CheckError> {
    no_assertions(proof)?;
    if proof.eliminations != [k.target] {
        return Err(conclusion(
            k.target,
            "a kraken fish eliminates its target only",
        ));
    }
    let fish = &k.fish;
    if fish.bodies.len() != 1 || fish.digit != k.target.digit() {
        return fail("a kraken fish is one finned fish of the target's digit");
    }
    let (base, endo) = base_places(state, fish)?;
    let (fins, unfinned) = body_parts(state, fish, &fish.bodies[0], &base, &endo)?;
    if fins.is_empty() {
        return fail("a kraken fish has fins");
    }
    if !unfinned.contains(&k.target.cell()) {
        return Err(conclusion(
            k.target,
            "not a place the fish would eliminate without its fins",
        ));
    }
    let assumed: BTreeSet<Candidate> = k
        .branches
        .iter()
        .map(|b| match (&b.assumption.node, b.assumption.value) {
            (NetNode::Candidate(c), true) if b.refuted.is_none() => Ok(*c),
            _ => fail("each branch assumes a fin true"),
        })
        .collect::<Result<_, _>>()?;
    let want: BTreeSet<Candidate> = fins
        .iter()
        .map(|&f| Candidate::new(f, fish.digit))
        .collect();
    if assumed != want || k.branches.len() != fins.len() {
        return fail("the branches are not one per fin");
    }
    let end = k.end();
    for b in &k.branches {
        let derived = replay(state, b, k.form, k.level, 0)?;
        if !derived.contains(&end) {
            return fail(format!(
                "the fin {} does not force {} false",
                b.assumption, k.target
            ));
        }
    }
    Ok(())
}

impl crate::proof::PatternKind for KrakenPattern {
    fn rule_name(&self) -> (String, String, usize) {
        KrakenPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.digit_in(&self.fish.base, self.fish.digit);
        super::net::collect_branches(out, &self.branches);
    }
}
