//! Hanson's +depth and ++depth (seed 002, "Depth") as a proof tree: the hypothesis, then
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
use crate::graph::cell_list;
use crate::grid::State;
use crate::grid::{CspVariable, House};
use crate::proof::net::{NetLink, NetLiteral, NetPattern, NetStep};
use crate::proof::{fish_name, Proof};
use std::collections::BTreeMap;

/// The house of a house-digit variable, and its digit.
fn house_of(v: CspVariable) -> Option<(House, crate::grid::Digit)> {
    match v {
        CspVariable::Rn(r, d) => Some((House::Row(r), d)),
        CspVariable::Cn(c, d) => Some((House::Column(c), d)),
        CspVariable::Bn(b, d) => Some((House::Block(b), d)),
        CspVariable::Rc(_) => None,
    }
}

/// A locked set in the forums' words: `locked candidates: 3 of b5 only in r5`,
/// `naked pair {1 2} in r1c12`, `hidden triple {1 4 7} of c3 in r189c3`,
/// `x-wing 5 in r14 and c27`; other shapes as `locked set b1n5 r2n5 within …`.
pub fn locked_set_text(base: &[CspVariable], cover: &[CspVariable]) -> String {
    let n = base.len();
    let cells = |vs: &[CspVariable]| {
        let cells: Vec<_> = vs
            .iter()
            .filter_map(|v| match v {
                CspVariable::Rc(c) => Some(*c),
                _ => None,
            })
            .collect();
        (cells.len() == vs.len()).then(|| cell_list(&cells))
    };
    let houses = |vs: &[CspVariable]| -> Option<Vec<(House, crate::grid::Digit)>> {
        vs.iter().map(|&v| house_of(v)).collect()
    };
    let tuple = ["single", "pair", "triple", "quad"]
        .get(n.saturating_sub(1))
        .copied()
        .unwrap_or("subset");
    let digits = |hs: &[(House, crate::grid::Digit)]| {
        let d: Vec<String> = hs.iter().map(|(_, d)| d.to_string()).collect();
        format!("{{{}}}", d.join(" "))
    };
    let lines = |hs: &[(House, crate::grid::Digit)]| {
        let names: Vec<String> = hs.iter().map(|(h, _)| h.to_string()).collect();
        names.join("")
    };
    match (cells(base), houses(base), cells(cover), houses(cover)) {
        (_, Some(b), _, Some(c)) if n == 1 => format!(
            "locked candidates: {} of {} only in {}",
            b[0].1, b[0].0, c[0].0
        ),
        (Some(bc), _, _, Some(c)) => format!("naked {tuple} {} in {bc}", digits(&c)),
        (_, Some(b), Some(cc), _) => {
            format!("hidden {tuple} {} of {} in {cc}", digits(&b), b[0].0)
        }
        (_, Some(b), _, Some(c)) => format!(
            "{} {} in {} and {}",
            fish_name(n),
            b[0].1,
            lines(&b),
            lines(&c)
        ),
        _ => {
            let list = |vs: &[CspVariable]| {
                vs.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            format!("locked set {} within {}", list(base), list(cover))
        }
    }
}

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
