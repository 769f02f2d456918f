//! HoDoKu's kraken fish. A finned fish says: a fin is true, or the fish holds without its
//! fins, and then each cover takes the digit in one of its base places that is no cannibal
//! (n true places in n covers, none in two).
//! - **Type 1**: the fish would eliminate a candidate of its digit (a cover place outside
//!   the base, or a cannibalistic base place) that does not see every fin; if each fin,
//!   assumed true, forces that candidate false through a chain, it goes anyway — either no
//!   fin is true and the fish eliminates it, or a true fin's chain does.
//! - **Type 2** (HoDoKu: on a fish that eliminates nothing itself): one cover holding a
//!   place of the digit outside its non-cannibal base places: those base places and the
//!   fins hold a true one, so a candidate (any digit, in none of their cells) that each of
//!   them forces false goes.
//!
//! The checker re-derives the fish from the state (`fish::body_parts`), and the cover's
//! places and cannibals for type 2, requires one branch per fin (type 1) or per member of
//! the cover's choice (type 2), each assuming its candidate true, and replays every
//! branch's inferences with the net checker's replay: each must derive the target false.

use super::facts::{conclusion, fail, no_assertions, CheckError};
use super::fish::{base_places, body_parts, places, FishPattern};
use super::net::{replay, LinkLevel, NetBranch, NetForm, NetLiteral, NetNode};
use super::Proof;
use crate::grid::{Candidate, Cell, House, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A kraken fish: the finned fish, its target and one chain per fin (type 1), or the
/// cover whose choice it takes and one chain per member (type 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct KrakenPattern {
    pub fish: FishPattern,
    /// Type 2: the cover whose non-cannibal base places and the fins are the branches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<House>,
    pub target: Candidate,
    /// The links the chains take (the net engine's level and form).
    pub level: LinkLevel,
    pub form: NetForm,
    /// One per fin (type 1) or per member of the cover's choice (type 2): the candidate
    /// assumed true, the inferences to the target false.
    pub branches: Vec<NetBranch>,
}

impl KrakenPattern {
    /// HoDoKu's type: 1, or 2 when the branches are a cover's.
    pub fn kind(&self) -> u8 {
        if self.cover.is_some() {
            2
        } else {
            1
        }
    }

    /// (`kraken-fish` or `kraken-fish-type-2`, family `fish`, the fish's size plus every
    /// chain's inferences).
    pub fn rule_name(&self) -> (String, String, usize) {
        let steps: usize = self.branches.iter().map(|b| b.steps.len()).sum();
        let name = match self.cover {
            None => "kraken-fish",
            Some(_) => "kraken-fish-type-2",
        };
        (
            name.to_string(),
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
    if fish.bodies.len() != 1 {
        return fail("a kraken fish is one finned fish");
    }
    if k.cover.is_none() && fish.digit != k.target.digit() {
        return fail("a kraken fish of type 1 eliminates a candidate of its digit");
    }
    let (base, endo) = base_places(state, fish)?;
    let (fins, unfinned) = body_parts(state, fish, &fish.bodies[0], &base, &endo)?;
    if fins.is_empty() {
        return fail("a kraken fish has fins");
    }
    let mut want: BTreeSet<Candidate> = fins
        .iter()
        .map(|&f| Candidate::new(f, fish.digit))
        .collect();
    match k.cover {
        None => {
            if !unfinned.contains(&k.target.cell()) {
                return Err(conclusion(
                    k.target,
                    "not a place the fish would eliminate without its fins",
                ));
            }
        }
        Some(h) => {
            if !fish.bodies[0].cover.contains(&h) {
                return fail(format!("{h} is not a cover of the fish"));
            }
            // base places in two covers are cannibals, false when the fish holds
            let mut seen: BTreeSet<Cell> = BTreeSet::new();
            let mut cannibals: BTreeSet<Cell> = BTreeSet::new();
            for &c in &fish.bodies[0].cover {
                for p in places(state, fish.digit, c) {
                    if !seen.insert(p) && base.contains(&p) {
                        cannibals.insert(p);
                    }
                }
            }
            let here = places(state, fish.digit, h);
            let members: BTreeSet<Cell> = here
                .iter()
                .filter(|p| base.contains(p) && !cannibals.contains(p))
                .copied()
                .collect();
            if members == here {
                return fail(format!(
                    "{h} holds only base places of the fish: a house's forcing chain, no kraken fish"
                ));
            }
            want.extend(members.iter().map(|&p| Candidate::new(p, fish.digit)));
            if want.iter().any(|c| c.cell() == k.target.cell()) {
                return Err(conclusion(
                    k.target,
                    "a kraken fish of type 2 eliminates outside its branches' cells",
                ));
            }
        }
    }
    let assumed: BTreeSet<Candidate> = k
        .branches
        .iter()
        .map(|b| match (&b.assumption.node, b.assumption.value) {
            (NetNode::Candidate(c), true) if b.refuted.is_none() => Ok(*c),
            _ => fail("each branch assumes a candidate true"),
        })
        .collect::<Result<_, _>>()?;
    if assumed != want || k.branches.len() != want.len() {
        return fail(match k.cover {
            None => "the branches are not one per fin",
            Some(_) => "the branches are not one per fin and non-cannibal base place of the cover",
        });
    }
    let end = k.end();
    for b in &k.branches {
        let derived = replay(state, b, k.form, k.level, 0)?;
        if !derived.contains(&end) {
            return fail(format!(
                "{} does not force {} false",
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
