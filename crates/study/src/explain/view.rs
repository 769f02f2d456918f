//! One target's explanation as its view ([`ExplainView`], `explain --json` and
//! `/api/explain`): the report's rows, composite and answer turned into the documented
//! types of [`sudolink_notation::view::explain`], each proof's view built once.

use super::{Group, NoProof, Options, Row, TargetReport};
use sudolink_engine::grid::format::to_pencil_mark_string;
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;
use sudolink_notation::view::explain::{
    AnswerView, CompositeView, CutView, ExplainView, GroupView, NothingFoundView, RowView,
    SimplestView, UpToView, SCHEMA,
};
use sudolink_notation::view::{ProofView, VERSION};
use sudolink_search::registry;

/// The view of `report` (on `state`, of the puzzle `line`): the answer first
/// ([`TargetReport::answer`]), then the composite for a placement, then every row in full.
pub fn target_json(
    state: &State,
    line: &str,
    report: &TargetReport,
    options: &Options,
) -> ExplainView {
    let families: Vec<RowView> = report.rows.iter().map(|r| row(state, r, options)).collect();
    let answer = report.answer(state);
    let simplest = report.simplest_proof();
    let nothing = &answer.nothing;
    ExplainView {
        version: VERSION,
        schema: SCHEMA.to_string(),
        target: report.conclusion.to_string(),
        kind: if report.conclusion.placement {
            "placement"
        } else {
            "elimination"
        }
        .to_string(),
        simplest: match (simplest, &answer.simplest) {
            (Some((label, p)), Some(g)) => Some(SimplestView {
                family: label.to_string(),
                families: strings(&g.labels),
                text: text_of(state, p, &families, report),
                length: g.length,
            }),
            _ => None,
        },
        others: answer
            .others
            .iter()
            .map(|g| group(state, g, &families, report))
            .collect(),
        nothing_found: NothingFoundView {
            none: strings(&nothing.none),
            none_up_to: (nothing.up_to.iter())
                .map(|(n, labels)| UpToView {
                    length: *n,
                    families: strings(labels),
                })
                .collect(),
            only_eliminates: strings(&nothing.only_eliminates),
            cut: (nothing.cut.iter())
                .map(|c| CutView {
                    family: c.label.to_string(),
                    searched_to: c.searched_to,
                    bound: c.bound,
                    stopped: c.stop.to_string(),
                })
                .collect(),
        },
        composite: report.composite.as_ref().map(|c| composite(state, c)),
        families,
        // the caller knows the solution ([`crate::backdoors::anti_backdoor_theory`])
        anti_backdoor: None,
        puzzle: line.to_string(),
        state: to_pencil_mark_string(state),
    }
}

fn strings(labels: &[&str]) -> Vec<String> {
    labels.iter().map(|l| l.to_string()).collect()
}

/// A proof's text in our notation, read off the row's view whose proof it is (printed
/// for the composite's).
fn text_of(state: &State, p: &Proof, rows: &[RowView], report: &TargetReport) -> String {
    let made = report
        .rows
        .iter()
        .zip(rows)
        .find(|(r, _)| r.proof.as_ref().is_some_and(|q| std::ptr::eq(q, p)));
    match made.and_then(|(_, v)| v.answer.text.clone()) {
        Some(text) => text,
        None => sudolink_notation::nrc::nrc_text(state, p),
    }
}

fn group(state: &State, g: &Group, rows: &[RowView], report: &TargetReport) -> GroupView {
    GroupView {
        families: strings(&g.labels),
        length: g.length,
        text: text_of(state, g.proof, rows, report),
    }
}

/// A row with its proof's view, or how far it searched and why it stopped.
fn row(state: &State, r: &Row, options: &Options) -> RowView {
    let mut v = RowView {
        family: r.label.to_string(),
        system: r.system.key().to_string(),
        answer: AnswerView {
            status: r.none.status().to_string(),
            ..AnswerView::default()
        },
        bound: None,
        stopped: None,
    };
    if let Some(p) = &r.proof {
        v.answer = found(state, p);
        return v;
    }
    match &r.none {
        NoProof::Stopped {
            stop,
            searched_to,
            bound,
        } => {
            v.answer.none_up_to = Some(*searched_to);
            v.bound = Some(*bound);
            v.stopped = Some(stop.to_string());
            v.answer.not_searched = Some(stop.to_string());
        }
        NoProof::UpTo(n) => v.answer.none_up_to = Some(*n),
        NoProof::OnlyEliminates => {}
        NoProof::None | NoProof::Found => {
            v.answer.none_up_to = Some(options.bound(r.techniques[0]));
        }
    }
    v
}

/// A proof's answer: its view, with its length on the scale and its text beside it.
fn found(state: &State, p: &Proof) -> AnswerView {
    let proof = ProofView::of(state, p);
    AnswerView {
        status: "proof".to_string(),
        length: Some(registry::length_on_scale(p)),
        text: Some(proof.text.clone()),
        proof: Some(proof),
        ..AnswerView::default()
    }
}

/// A placement's composite proof with its view, or why there is none.
fn composite(state: &State, c: &Result<Proof, NoProof>) -> CompositeView {
    let none = match c {
        Ok(p) => return found(state, p),
        Err(none) => none,
    };
    let mut v = AnswerView {
        status: none.status().to_string(),
        ..AnswerView::default()
    };
    match none {
        NoProof::Stopped { stop, .. } => v.not_searched = Some(stop.to_string()),
        NoProof::UpTo(n) => v.none_up_to = Some(*n),
        _ => {}
    }
    v
}
