//! A proof drawn, as JSON: its view ([`ProofView`]) with the marks, links and picture
//! ([`DrawnProof`]): what `explain --next --json` prints and what the explorer draws.

use crate::diagram;
use crate::svg::{Diagram, Role};
use serde_json::Value;
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;
use sudolink_notation::view::api::{DrawnProof, Highlight, LinkView};
use sudolink_notation::view::ProofView;

/// [`DrawnProof`] of `p` on `state`, whole, as a JSON value.
pub fn proof_json(state: &State, p: &Proof) -> Value {
    let view = ProofView::of(state, p);
    let drawn = drawn(view, p, &diagram::from_proof(state, p), None);
    serde_json::to_value(drawn).expect("a drawn proof serialises")
}

/// The proof `view` (of `view.proof` on `state`) drawn, whole or part `part` only (from 1;
/// see [`diagram::from_proof_part`]).
pub fn drawn_proof(
    state: &State,
    view: ProofView,
    part: Option<usize>,
) -> Result<DrawnProof, diagram::PartError> {
    drawn_proof_shown(
        state,
        view,
        diagram::Shown {
            part,
            first_links: None,
        },
    )
}

/// The proof `view` drawn as `shown` says ([`diagram::from_proof_shown`]): its `links` and
/// `highlights` are those of the picture.
pub fn drawn_proof_shown(
    state: &State,
    view: ProofView,
    shown: diagram::Shown,
) -> Result<DrawnProof, diagram::PartError> {
    let d = diagram::from_proof_shown(state, &view.proof, shown)?;
    let p = view.proof.clone();
    Ok(drawn(view, &p, &d, shown.part))
}

fn drawn(view: ProofView, p: &Proof, d: &Diagram, part: Option<usize>) -> DrawnProof {
    DrawnProof {
        highlights: d
            .marks
            .iter()
            .map(|m| Highlight {
                candidate: m.candidate.to_string(),
                role: role_name(m.role),
            })
            .collect(),
        links: d
            .arrows
            .iter()
            .map(|a| LinkView {
                from: a.from.to_string(),
                to: a.to.to_string(),
                strong: a.strong,
            })
            .collect(),
        svg: d.to_svg(),
        parts: diagram::parts(p),
        part,
        view,
    }
}

/// A mark's role as [`Highlight::role`] names it.
fn role_name(role: Role) -> String {
    match role {
        Role::Left => "left".into(),
        Role::Right => "right".into(),
        Role::Extra => "extra".into(),
        Role::Pattern => "pattern".into(),
        Role::Target => "target".into(),
        Role::Assertion => "assertion".into(),
        Role::DerivedTrue => "derived_true".into(),
        Role::DerivedFalse => "derived_false".into(),
        Role::Layer { layer, upper: true } => format!("layer-{layer}-upper"),
        Role::Layer { layer, .. } => format!("layer-{layer}"),
    }
}
