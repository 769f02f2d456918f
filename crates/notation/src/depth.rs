//! Hanson's +depth and ++depth ([Hanson SA], "Depth") as a proof tree: the hypothesis, then
//! every inference numbered in derivation order, each citing its premises by number, and
//! indented by its **nesting** — how many inferences needing several premises at once
//! ("if X and Y then Z": a single after several falses, a locked set) lie on its deepest
//! path back to the hypothesis. Nesting 0 is plain hypothesis-and-disproof marking; each
//! `|` is one restart of the analysis on the hypothetical state. Printer only.
//!
//! ```text
//! depth2[23]: r1c1=5 is false (nesting 2)
//!  *  r1c1=5    hypothesis
//!  1  r1c2<>5   sees r1c1=5 (*)
//!  |  7  r4c5<>3  locked candidates: 3 of b5 only in r5: r4c4<>3 (2), r6c6<>3 (5)
//!  |  |  9  r5c5=3  naked single of r5c5: r5c5<>1 (3), r5c5<>8 (7)
//! contradiction: r5c5=3 (9) and r5c5<>3 (8)
//! ```

use super::hypothesis::{contradiction_text, literal_text, reason};
use std::collections::BTreeMap;
use sudolink_engine::graph::cell_list;
use sudolink_engine::grid::State;
use sudolink_engine::proof::net::{NetLink, NetLiteral, NetPattern, NetStep};
use sudolink_engine::proof::Proof;

/// Why a step holds, premises cited by their labels.
fn step_reason(step: &NetStep, labels: &BTreeMap<NetLiteral, String>) -> String {
    let cited = || {
        step.premises
            .iter()
            .map(|p| {
                let l = labels.get(p).map(String::as_str).unwrap_or("?");
                format!("{} ({l})", literal_text(p))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &step.link {
        NetLink::Strong { house: None } if step.premises.len() > 1 => format!(
            "naked single of {}: {}",
            cell_list(&step.conclusion.node.cells()),
            cited()
        ),
        NetLink::Strong { house: Some(h) } if step.premises.len() > 1 => format!(
            "hidden single: {} of {h}: {}",
            step.conclusion.node.digit(),
            cited()
        ),
        _ => reason(step, labels),
    }
}

/// An inference that needs several premises at once (a restart of the analysis).
fn nests(step: &NetStep) -> bool {
    step.premises.len() > 1 || matches!(step.link, NetLink::Locked { .. })
}

/// The proof tree of a +depth or ++depth disproof.
pub fn depth_text(state: &State, _proof: &Proof, net: &NetPattern) -> String {
    let Some(branch) = net.branches.first() else {
        return format!("{}: no branch", net.technique_name());
    };
    let mut labels = BTreeMap::from([(branch.assumption.clone(), "*".to_string())]);
    let mut nesting: BTreeMap<&NetLiteral, usize> = BTreeMap::from([(&branch.assumption, 0)]);
    let mut lines = Vec::new();
    let mut deepest = 0;
    for (i, step) in branch.steps.iter().enumerate() {
        let level = step
            .premises
            .iter()
            .map(|p| nesting.get(p).copied().unwrap_or(0))
            .max()
            .unwrap_or(0)
            + usize::from(nests(step));
        deepest = deepest.max(level);
        let text = format!(
            "{}{:>3}  {}  {}",
            " |".repeat(level),
            i + 1,
            literal_text(&step.conclusion),
            step_reason(step, &labels)
        );
        nesting.entry(&step.conclusion).or_insert(level);
        labels
            .entry(step.conclusion.clone())
            .or_insert_with(|| (i + 1).to_string());
        lines.push(text);
    }
    let head = format!(
        "{}[{}]: {} is false (nesting {deepest})",
        net.technique_name(),
        net.length(),
        literal_text(&branch.assumption)
    );
    let mut out = vec![
        head,
        format!("  *  {}  hypothesis", literal_text(&branch.assumption)),
    ];
    out.extend(lines);
    out.push(contradiction_text(state, &net.conclusion, &labels));
    out.join("\n")
}
