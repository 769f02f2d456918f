//! The documented, versioned JSON documents sudolink ships at its edges: a proof
//! ([`ProofView`], what the store keeps in `proof.json` and every proof the JSON API and
//! `explain --json` answer with), an explanation ([`explain::ExplainView`], `explain
//! --json` and `/api/explain`), the explorer's answers that carry proofs or states
//! ([`api`]), describe a state's graph ([`graph`]) or list what the explorer offers and
//! what a query returned ([`catalogue`]).
//!
//! A view is plain data, built once per request from the engine's objects by the crate
//! that knows them (a proof's texts here, an explanation's rows in `sudolink-study`, a
//! picture in `sudolink-export`), and every top-level document carries `"version":`
//! [`VERSION`]. The fields are the contract, described field by field in
//! `docs/views.md`; the one exception is [`ProofView::proof`], the proof object in the
//! engine's own serde form, which is there to be sent back (`/api/view`, `/api/export`)
//! or re-checked, and whose shape follows the engine rather than [`VERSION`].

pub mod api;
pub mod catalogue;
pub mod explain;
pub mod graph;

use crate::NamedText;
use serde::{Deserialize, Serialize};
use sudolink_engine::grid::State;
use sudolink_engine::proof::candidates::pattern_candidates;
use sudolink_engine::proof::Proof;

/// The version of every view's format, written as `"version"` into each top-level
/// document. Version 2 is the first of these views; version 1 was what came before them
/// (`explain --json`'s `sudolink-explain/1`, and the engine's serde form of a proof in the
/// store and the API).
pub const VERSION: u32 = 2;

/// A proof as sudolink ships it: what it concludes, from which pattern, found by which
/// technique, and its text in every notation it has.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ProofView {
    /// [`VERSION`].
    pub version: u32,
    /// The registry name of the technique whose search found the proof (`x-wing`,
    /// `whip`); null for a proof made outside the registry (a composite placement names
    /// its hardest part's technique).
    pub technique: Option<String>,
    /// The rule's name as Berthier prints it (`naked-pairs-in-a-row`, `whip[5]`).
    pub rule: String,
    /// The family (`subsets`, `fish`, `whips`).
    pub family: String,
    /// Size or length in the family's own measure.
    pub length: usize,
    /// The candidates it eliminates (`r7c9<>3`), in the proof's order.
    pub eliminations: Vec<String>,
    /// The placements it asserts (`r1c1=6`), in the proof's order.
    pub assertions: Vec<String>,
    /// The open candidates its pattern is made of (`n3r7c9`), in the pattern's order: for
    /// a chain, its candidates from the target's side; for a subset or fish, its cells'
    /// digits; what the store's `proof_item` rows of role `pattern` hold.
    pub pattern: Vec<String>,
    /// The proof in our notation (Berthier's nrc where he defines one): `notations[0]`.
    pub text: String,
    /// Its text in every notation it has, ours first, each text once.
    pub notations: Vec<Notation>,
    /// The proof object in the engine's serde form (`sudolink_engine::proof::Proof`):
    /// what `/api/view` and `/api/export` take back and `check` re-verifies. Not covered
    /// by [`VERSION`]: read the fields above instead.
    pub proof: Proof,
}

/// One notation's text of a proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notation {
    /// The notation's name as the explorer shows it: `ours (nrc)`, `SudoRules`, `HoDoKu`,
    /// `Eureka`, `GNPX`, `tags`, ...
    pub name: String,
    /// The proof's text in it.
    pub text: String,
}

impl ProofView {
    /// The view of `proof`, found on `state`.
    pub fn of(state: &State, proof: &Proof) -> ProofView {
        ProofView::with_texts(state, proof, crate::texts(state, proof))
    }

    /// The view of `proof` on `state` whose texts ([`crate::texts`]) are already printed.
    pub fn with_texts(state: &State, proof: &Proof, texts: Vec<NamedText>) -> ProofView {
        let text = texts.first().map(|t| t.text.clone()).unwrap_or_default();
        ProofView {
            version: VERSION,
            technique: proof.technique.as_ref().map(|t| t.to_string()),
            rule: proof.rule.clone(),
            family: proof.family.clone(),
            length: proof.length,
            eliminations: proof.elimination_texts(),
            assertions: proof.assertion_texts(),
            pattern: pattern_candidates(&proof.pattern, state.candidates())
                .iter()
                .map(|c| c.to_string())
                .collect(),
            text,
            notations: notations_once(texts),
            proof: proof.clone(),
        }
    }
}

/// The texts as named notations, each text once: a printer without a form of its own for
/// a pattern falls back to another's text (SudoRules prints a force chain's GNPX line),
/// which is kept once, under the name of the notation it comes first in.
pub fn notations_once(texts: Vec<NamedText>) -> Vec<Notation> {
    let mut seen: Vec<String> = Vec::new();
    texts
        .into_iter()
        .filter(|t| {
            let fresh = !t.text.trim().is_empty() && !seen.contains(&t.text);
            seen.push(t.text.clone());
            fresh
        })
        .map(|t| Notation {
            name: t.name.to_string(),
            text: t.text,
        })
        .collect()
}
