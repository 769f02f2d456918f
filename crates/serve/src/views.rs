//! The API's answers as their views ([`sudolink_notation::view`]): a state, a proof drawn,
//! a path, an explanation with its simplest proof drawn. Each proof's view is built once
//! per request (its texts printed once) and drawn from that view.

use super::api::{unprocessable, ApiError};
use super::words::for_the_page;
use serde::Deserialize;
use sudolink_engine::grid::format::to_hodoku;
use sudolink_engine::grid::{Candidate, Cell, Digit, State};
use sudolink_engine::proof::Proof;
use sudolink_export::diagram::Shown;
use sudolink_export::json::{drawn_proof, drawn_proof_shown};
use sudolink_notation::view::api::{
    CellView, DrawnProof, PathCut, PathEscalation, PathStep, PathView, StateView,
};
use sudolink_notation::view::explain::ExplainView;
use sudolink_notation::view::{ProofView, VERSION};
use sudolink_study::escalation::Escalation;
use sudolink_study::input::Loaded;
use sudolink_study::resolution::{self, Resolution};

/// A proof a client sends back: a view it was given (`/api/explain`'s rows: an object with
/// a `version`), or the proof object itself (a drawn proof's `proof`).
pub enum SentProof {
    View(Box<ProofView>),
    Object(Box<Proof>),
}

impl<'de> Deserialize<'de> for SentProof {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SentProof, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        let read = if v.get("version").is_some() {
            serde_json::from_value(v).map(|x| SentProof::View(Box::new(x)))
        } else {
            serde_json::from_value(v).map(|p| SentProof::Object(Box::new(p)))
        };
        read.map_err(serde::de::Error::custom)
    }
}

impl SentProof {
    /// The proof object.
    pub fn proof(&self) -> &Proof {
        match self {
            SentProof::View(v) => &v.proof,
            SentProof::Object(p) => p,
        }
    }
}

/// `p` on `state` drawn, whole or part `part` only (from 1).
pub fn drawn(state: &State, p: &Proof, part: Option<usize>) -> Result<DrawnProof, ApiError> {
    drawn_proof(state, ProofView::of(state, p), part).map_err(unprocessable)
}

/// `p` on `state` drawn as `shown` says: whole or one part, every link or the first ones.
pub fn drawn_shown(state: &State, p: &Proof, shown: Shown) -> Result<DrawnProof, ApiError> {
    drawn_proof_shown(state, ProofView::of(state, p), shown).map_err(unprocessable)
}

/// The state as the page draws it: the SVG of the exports, each cell's value and
/// candidates, and the text to send back with later requests.
pub fn state_view(loaded: &Loaded, state: &State) -> StateView {
    let cells = Cell::all()
        .map(|c| CellView {
            cell: c.to_string(),
            value: state.value(c).map(|d| d.get()),
            given: state.is_given(c),
            candidates: Digit::all()
                .filter(|d| state.has(Candidate::new(c, *d)))
                .map(|d| d.get())
                .collect(),
        })
        .collect();
    StateView {
        version: VERSION,
        line: loaded.line.clone(),
        name: loaded.name.clone(),
        state: to_hodoku(state),
        solved: state.is_solved(),
        unique: loaded.solution.is_some(),
        cells,
        svg: sudolink_export::svg::Diagram::grid(state).to_svg(),
    }
}

/// A path from `start`, each step drawn on the state it is found in (replayed).
pub fn path_view(
    start: &State,
    r: &Resolution,
    escalations: &[Escalation],
) -> Result<PathView, ApiError> {
    let mut state = start.clone();
    let mut steps = Vec::new();
    for (i, s) in r.steps.iter().enumerate() {
        let drawn = drawn(&state, &s.proof, None)?;
        let state_before = to_hodoku(&state);
        resolution::apply(&mut state, &s.proof).map_err(unprocessable)?;
        steps.push(PathStep {
            step: i + 1,
            state_before,
            state_after: to_hodoku(&state),
            drawn,
        });
    }
    Ok(PathView {
        version: VERSION,
        steps,
        solved: r.solved,
        cut: r.stopped.as_ref().map(|s| PathCut {
            bound: s.stop.bound().to_string(),
            why: s.stop.to_string(),
            searching: s.rule.to_string(),
        }),
        final_state: to_hodoku(&r.final_state),
        escalations: escalations
            .iter()
            .map(|e| PathEscalation {
                after_step: e.after_step,
                from: e.from.rules.to_string(),
                to: e.to.rules.to_string(),
                text: e.to_string(),
            })
            .collect(),
    })
}

/// `explain --json`'s view for the page: its notes in the page's words
/// ([`for_the_page`]), and beside the simplest row's proof (and a placement's composite)
/// its picture, drawn from the view the row already holds (another row's picture is
/// asked of `/api/view` when it is clicked: drawing every row made an answer of ~100 rows
/// 1.6 MB and twice as slow).
pub fn for_the_explorer(state: &State, mut v: ExplainView) -> Result<ExplainView, ApiError> {
    v.reword_notes(for_the_page);
    let simplest = v.simplest.as_ref().map(|s| s.family.clone());
    for row in &mut v.families {
        if let (Some(proof), true) = (&row.answer.proof, Some(&row.family) == simplest.as_ref()) {
            row.answer.view = Some(draw_view(state, proof.clone())?);
        }
    }
    if let Some(c) = &mut v.composite {
        if let Some(proof) = &c.proof {
            c.view = Some(draw_view(state, proof.clone())?);
        }
    }
    Ok(v)
}

fn draw_view(state: &State, view: ProofView) -> Result<DrawnProof, ApiError> {
    drawn_proof(state, view, None).map_err(unprocessable)
}
