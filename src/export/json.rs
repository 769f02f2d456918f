//! A proof as JSON with its picture: what `explain --next --json` prints and what the
//! explorer draws (marks by role, links, the SVG, the text in the forums' notations).

use crate::export::diagram;
use crate::export::files::proof_text;
use crate::grid::State;
use crate::notation::nrc;
use crate::proof::Proof;
use serde_json::{json, Value};

/// The proof's rule, family, length, nrc text, conclusions, marks, links, SVG and the
/// proof itself.
pub fn proof_json(state: &State, p: &Proof) -> Value {
    let d = diagram::from_proof(state, p);
    json!({
        "rule": p.rule, "family": p.family, "length": p.length, "text": nrc::nrc_text(state, p),
        "eliminations": p.elimination_texts(), "assertions": p.assertion_texts(),
        "highlights": d.marks.iter().map(|m| json!({"candidate": m.candidate.to_string(), "role": format!("{:?}", m.role).to_lowercase()})).collect::<Vec<_>>(),
        "links": d.arrows.iter().map(|a| json!({"from": a.from.to_string(), "to": a.to.to_string(), "strong": a.strong})).collect::<Vec<_>>(),
        "svg": d.to_svg(), "proof": p,
    })
}

/// [`proof_json`] with the text export (every notation and a forum block) beside it.
pub fn proof_json_with_text(state: &State, p: &Proof) -> Value {
    let mut v = proof_json(state, p);
    v["notations"] = Value::String(proof_text(state, p));
    v
}
