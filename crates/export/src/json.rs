//! A proof as JSON with its picture: what `explain --next --json` prints and what the
//! explorer draws (marks by role, links, the SVG, the text in the forums' notations).

use crate::diagram;
use crate::files::proof_text;
use serde_json::{json, Value};
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;
use sudolink_notation::nrc;

/// The proof's rule, family, length, nrc text, conclusions, marks, links, SVG, the parts
/// it can be drawn by one at a time ([`diagram::parts`]) and the proof itself.
pub fn proof_json(state: &State, p: &Proof) -> Value {
    proof_json_of(state, p, &diagram::from_proof(state, p))
}

/// [`proof_json`] with the picture of part `part` only (from 1; see
/// [`diagram::from_proof_part`]).
pub fn proof_json_part(
    state: &State,
    p: &Proof,
    part: Option<usize>,
) -> Result<Value, diagram::PartError> {
    let d = diagram::from_proof_part(state, p, part)?;
    let mut v = proof_json_of(state, p, &d);
    v["part"] = json!(part);
    Ok(v)
}

fn proof_json_of(state: &State, p: &Proof, d: &crate::svg::Diagram) -> Value {
    json!({
        "rule": p.rule, "family": p.family, "length": p.length, "text": nrc::nrc_text(state, p),
        "eliminations": p.elimination_texts(), "assertions": p.assertion_texts(),
        "highlights": d.marks.iter().map(|m| json!({"candidate": m.candidate.to_string(), "role": format!("{:?}", m.role).to_lowercase()})).collect::<Vec<_>>(),
        "links": d.arrows.iter().map(|a| json!({"from": a.from.to_string(), "to": a.to.to_string(), "strong": a.strong})).collect::<Vec<_>>(),
        "svg": d.to_svg(), "parts": diagram::parts(p), "proof": p,
    })
}

/// [`proof_json_part`] with the text export (every notation and a forum block) beside it.
pub fn proof_json_with_text(
    state: &State,
    p: &Proof,
    part: Option<usize>,
) -> Result<Value, diagram::PartError> {
    let mut v = proof_json_part(state, p, part)?;
    v["notations"] = Value::String(proof_text(state, p));
    Ok(v)
}
