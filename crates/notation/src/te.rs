//! T&E proofs ([`sudolink_engine::proof::te`]) as text, printers only: our tree, and SudoRules'
//! context trace as CSP-Rules prints it with `?*print-hypothesis*` on
//! (`denis-berthier/CSP-Rules-V2.1`, `CSP-Rules-Generic/T&E+DFS/T&E1.clp`: "CREATING CONTEXT
//! … FOR HYPOTHESIS …", the rules applied in the context, "NO POSSIBLE VALUE for
//! csp-variable … IN CONTEXT …. RETRACTING CANDIDATE … FROM CONTEXT …").
//!
//! The tree:
//!
//! ```text
//! T&E(2): n5r1c2 ⇒ contradiction
//! ├─ r3c4=7 (naked single)
//! ├─ n1r9c9 refuted:
//! │  ├─ r2c8=3 (hidden single in r2)
//! │  └─ ✗ r9n4: no place
//! └─ ✗ r1c2: no candidate
//! ```

use super::common::whip_pattern_text;
use super::shown::Shown;
use sudolink_engine::grid::{CspVariable, House, State};
use sudolink_engine::proof::te::{Dead, Refutation, TrialPattern, TrialStep};
use sudolink_engine::proof::{Pattern, Proof};

/// The CSP variable a contradiction leaves without value, in SudoRules' names
/// (`r1c2`, `r1n4`, `c2n4`, `b1n4`).
pub fn dead_variable(d: &Dead) -> CspVariable {
    match *d {
        Dead::Cell(c) => CspVariable::Rc(c),
        Dead::Place { house, digit } => match house {
            House::Row(r) => CspVariable::Rn(r, digit),
            House::Column(c) => CspVariable::Cn(c, digit),
            House::Block(b) => CspVariable::Bn(b, digit),
        },
    }
}

fn step_line(state: &State, step: &TrialStep) -> String {
    match step {
        TrialStep::NakedSingle(c) => format!("{} (naked single)", c.assertion()),
        TrialStep::HiddenSingle { candidate, house } => {
            format!("{} (hidden single in {house})", candidate.assertion())
        }
        TrialStep::Refuted(r) => format!("{} refuted:", r.assumption),
        TrialStep::Braid(w) => {
            let proof = Proof::new(Pattern::Whip((**w).clone()), vec![w.target], vec![]);
            format!(
                "{} ==> {}",
                whip_pattern_text(state, &proof, w),
                w.target.elimination()
            )
        }
    }
}

fn dead_line(d: &Dead) -> String {
    match d {
        Dead::Cell(c) => format!("✗ {c}: no candidate"),
        Dead::Place { .. } => format!("✗ {}: no place", dead_variable(d)),
    }
}

/// Our tree form of a T&E proof.
pub fn tree_text(state: &State, t: &TrialPattern) -> String {
    let mut out = format!("{}: {} ⇒ contradiction", t.name(), t.refutation.assumption);
    tree_lines(state, &t.refutation, "", &mut out);
    out
}

fn tree_lines(state: &State, r: &Refutation, indent: &str, out: &mut String) {
    for step in &r.steps {
        out.push('\n');
        out.push_str(indent);
        out.push_str("├─ ");
        out.push_str(&step_line(state, step));
        if let TrialStep::Refuted(sub) = step {
            tree_lines(state, sub, &format!("{indent}│  "), out);
        }
    }
    out.push('\n');
    out.push_str(indent);
    out.push_str("└─ ");
    out.push_str(&dead_line(&r.contradiction));
}

/// SudoRules' trace of the contexts: one line per rule applied, contexts numbered in the
/// order they are created (0 is the real state).
pub fn sudorules_trace(state: &State, t: &TrialPattern) -> String {
    let mut lines = Vec::new();
    let mut counter = 0;
    trace(state, &t.refutation, 0, 0, &mut counter, &mut lines);
    lines.join("\n")
}

fn trace(
    state: &State,
    r: &Refutation,
    parent: usize,
    depth: usize,
    counter: &mut usize,
    lines: &mut Vec<String>,
) {
    *counter += 1;
    let me = *counter;
    let pad = "  ".repeat(depth);
    lines.push(format!(
        "{pad}CREATING CONTEXT {me} AT DEPTH {}, SON OF CONTEXT {parent}, FOR HYPOTHESIS {}.",
        depth + 1,
        r.assumption
    ));
    for step in &r.steps {
        match step {
            TrialStep::NakedSingle(c) => lines.push(format!(
                "{pad}naked-single ==> {} = {}",
                c.cell(),
                c.digit()
            )),
            TrialStep::HiddenSingle { candidate, house } => lines.push(format!(
                "{pad}hidden-single-{} ==> {} = {}",
                sudolink_engine::proof::in_a_house(*house),
                candidate.cell(),
                candidate.digit()
            )),
            TrialStep::Refuted(sub) => trace(state, sub, me, depth + 1, counter, lines),
            TrialStep::Braid(_) => lines.push(format!("{pad}{}", step_line(state, step))),
        }
    }
    lines.push(format!(
        "{pad}NO POSSIBLE VALUE for csp-variable {} IN CONTEXT {me}. RETRACTING CANDIDATE {} FROM CONTEXT {parent}.",
        dead_variable(&r.contradiction),
        r.assumption
    ));
}

impl Shown for TrialPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = proof;
        tree_text(state, self)
    }
    fn dialect(&self) -> &'static str {
        "ours (a tree; SudoRules' contexts below)"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = proof;
        Some(sudorules_trace(state, self))
    }
}
