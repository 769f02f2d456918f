//! Hanson's lettered form of a hypothesis ([Hanson SA], "Hypothesis and (Dis)Proof"): the
//! pencil-mark grid with each node of the net marked by its letter, in a forum `[code]`
//! block, then the inferences in order. Printer only: the letters are read off the net's
//! derivation, so the text adds nothing a reader could check beyond the net itself.
//!
//! ```text
//! hypothesis[6]: r1c1=3 is false
//! [code]
//! +------------------+------------------+------------------+
//! | 1   2     3*4    | 5   6   7        | 8   9   1        |
//! …
//! [/code]
//! *  r1c1=3   hypothesis
//! a  r1c5<>3  sees r1c1=3 (*)
//! A  r1c5=7   the other candidate of r1c5 (a)
//! B  r2c4<>7  sees r1c5=7 (A)
//! …
//! contradiction: r2c4 has no candidate left: r2c4<>4 (B), r2c4<>7 (B), r2c4<>9 (D)
//! ```
//!
//! **Letters**: the hypothesis is `*`; a node derived at depth k (k inferences from the
//! hypothesis) gets letter number ⌈k/2⌉ — a, b, c, … (then a2, b2, … past z) — lower case
//! for false and upper case for true on odd letters (a false, A true), the other way on
//! even ones (B false, b true): Hanson's "a = false, A = true, B = false by association",
//! alternating through the chains reached. A node derived both ways shows both letters
//! (`A/c`). Gail Nelson's two-way hypothesis prints one grid per branch: the circle
//! (first candidate) and the square (second).

use std::collections::BTreeMap;
use sudolink_engine::graph::cell_list;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House, State};
use sudolink_engine::proof::net::{
    ForceMode, NetBranch, NetChoice, NetConclusion, NetLink, NetLiteral, NetPattern, NetStep,
};
use sudolink_engine::proof::{fish_name, Proof};

/// The letter of a node derived at `depth` with `value` (depth ≥ 1).
pub fn letter(depth: usize, value: bool) -> String {
    let i = depth.saturating_sub(1) / 2;
    let mut c = (b'a' + (i % 26) as u8) as char;
    if i.is_multiple_of(2) == value {
        c = c.to_ascii_uppercase();
    }
    match i / 26 {
        0 => c.to_string(),
        n => format!("{c}{}", n + 1),
    }
}

/// Each literal of a branch with its letter (`*` for the assumption), from the depth of
/// its derivation in the branch.
pub fn letters(branch: &NetBranch) -> BTreeMap<NetLiteral, String> {
    let mut depth: BTreeMap<&NetLiteral, usize> = BTreeMap::from([(&branch.assumption, 0)]);
    let mut out = BTreeMap::from([(branch.assumption.clone(), "*".to_string())]);
    for step in &branch.steps {
        let d = 1 + step
            .premises
            .iter()
            .map(|p| depth.get(p).copied().unwrap_or(0))
            .max()
            .unwrap_or(0);
        depth.entry(&step.conclusion).or_insert(d);
        out.entry(step.conclusion.clone())
            .or_insert_with(|| letter(d, step.conclusion.value));
    }
    out
}

/// `r1c3<>5` or `r1c3=7` (a group: `r1c123<>5`).
pub(super) fn literal_text(l: &NetLiteral) -> String {
    let cells = sudolink_engine::graph::cell_list(&l.node.cells());
    let op = if l.value { "=" } else { "<>" };
    format!("{cells}{op}{}", l.node.digit())
}

/// The marks of one candidate: its letters, `/` between a true and a false one.
fn marks_of(c: Candidate, letters: &BTreeMap<NetLiteral, String>) -> String {
    let get = |value| letters.get(&NetLiteral::candidate(c, value)).cloned();
    match (get(true), get(false)) {
        (Some(t), Some(f)) => format!("{t}/{f}"),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => String::new(),
    }
}

/// The pencil-mark grid with each candidate's letters after its digit, in a `[code]`
/// block; columns padded to their widest cell, as the pencil-mark grids of SudoRules and
/// HoDoKu.
pub fn lettered_grid(state: &State, letters: &BTreeMap<NetLiteral, String>) -> String {
    let texts: Vec<String> = Cell::all()
        .map(|cell| match state.value(cell) {
            Some(d) => d.to_string(),
            None => Digit::all()
                .map(|d| Candidate::new(cell, d))
                .filter(|&c| state.has(c))
                .map(|c| format!("{}{}", c.digit(), marks_of(c, letters)))
                .collect(),
        })
        .collect();
    format!(
        "[code]\n{}[/code]",
        sudolink_engine::grid::format::bordered_grid(&texts)
    )
}

/// Why an inference holds, in words, with its premises' letters.
pub(super) fn reason(step: &NetStep, letters: &BTreeMap<NetLiteral, String>) -> String {
    let premises = |sep: &str| {
        step.premises
            .iter()
            .map(|p| {
                let l = letters.get(p).map(String::as_str).unwrap_or("?");
                format!("{} ({l})", literal_text(p))
            })
            .collect::<Vec<_>>()
            .join(sep)
    };
    match &step.link {
        NetLink::Weak => format!("sees {}", premises(", ")),
        NetLink::Strong { house: None } => {
            let cells = sudolink_engine::graph::cell_list(&step.conclusion.node.cells());
            format!("the other candidate of {cells}: {}", premises(", "))
        }
        NetLink::Strong { house: Some(h) } => format!(
            "the other place of {} in {h}: {}",
            step.conclusion.node.digit(),
            premises(", ")
        ),
        NetLink::Subset => format!("within {}", premises(", ")),
        NetLink::Als { .. } => format!("an ALS: {}", premises(", ")),
        NetLink::Locked { base, cover } => {
            format!("{}: {}", locked_set_text(base, cover), premises(", "))
        }
        NetLink::Nested { proof } => format!("nested {}: {}", proof.rule, premises(", ")),
    }
}

/// The contradiction a branch reaches, in words.
pub(super) fn contradiction_text(
    state: &State,
    c: &NetConclusion,
    letters: &BTreeMap<NetLiteral, String>,
) -> String {
    let lettered = |l: NetLiteral| {
        let mark = letters.get(&l).map(String::as_str).unwrap_or("?");
        format!("{} ({mark})", literal_text(&l))
    };
    match c {
        NetConclusion::Both { node } => {
            let t = NetLiteral {
                node: node.clone(),
                value: true,
            };
            format!(
                "contradiction: {} and {}",
                lettered(t.clone()),
                lettered(t.negated())
            )
        }
        NetConclusion::Empty { house, cell, digit } => {
            let (what, members): (String, Vec<Candidate>) = match (house, cell, digit) {
                (Some(h), _, Some(d)) => (
                    format!("{d} has no place left in {h}"),
                    h.cells()
                        .into_iter()
                        .map(|x| Candidate::new(x, *d))
                        .filter(|&x| state.has(x))
                        .collect(),
                ),
                (_, Some(cell), _) => (
                    format!("{cell} has no candidate left"),
                    Digit::all()
                        .map(|d| Candidate::new(*cell, d))
                        .filter(|&x| state.has(x))
                        .collect(),
                ),
                _ => ("a variable is empty".into(), vec![]),
            };
            let list: Vec<String> = members
                .into_iter()
                .map(|m| lettered(NetLiteral::candidate(m, false)))
                .collect();
            format!("contradiction: {what}: {}", list.join(", "))
        }
        NetConclusion::Verity { literal } => format!("derived {}", lettered(literal.clone())),
    }
}

/// One branch: its lettered grid, its inferences in order with their letters, and the
/// contradiction it meets or the literal it derives.
fn branch_text(state: &State, branch: &NetBranch, end: &NetConclusion) -> String {
    let letters = letters(branch);
    let mut lines = vec![lettered_grid(state, &letters)];
    let width = letters.values().map(String::len).max().unwrap_or(1);
    lines.push(format!(
        "{:<width$}  {}  hypothesis",
        "*",
        literal_text(&branch.assumption)
    ));
    for step in &branch.steps {
        let mark = letters.get(&step.conclusion).map_or("?", String::as_str);
        lines.push(format!(
            "{mark:<width$}  {}  {}",
            literal_text(&step.conclusion),
            reason(step, &letters)
        ));
    }
    lines.push(contradiction_text(state, end, &letters));
    lines.join("\n")
}

/// Hanson's lettered form of a hypothesis proof (any net: the two-way hypothesis prints
/// one lettered grid per branch).
pub fn hypothesis_text(state: &State, proof: &Proof, net: &NetPattern) -> String {
    let conclusion = super::common::conclusions(proof);
    let mut out = match (&net.choice, net.mode) {
        (NetChoice::Cell { cell }, ForceMode::Bivalue) => {
            let digits: Vec<String> = net
                .branches
                .iter()
                .map(|b| b.assumption.node.digit().to_string())
                .collect();
            format!(
                "{}[{}]: {{{}}}{cell}: {conclusion} in both branches",
                net.technique_name(),
                net.length(),
                digits.join(" "),
            )
        }
        _ => format!(
            "{}[{}]: {} is false",
            net.technique_name(),
            net.length(),
            net.branches
                .first()
                .map(|b| literal_text(&b.assumption))
                .unwrap_or_default()
        ),
    };
    let names = ["circle", "square"];
    let two = net.branches.len() == 2;
    for (i, b) in net.branches.iter().enumerate() {
        if two {
            out.push_str(&format!(
                "\n{} ({}):",
                names[i],
                literal_text(&b.assumption)
            ));
        }
        let end = b.refuted.as_ref().unwrap_or(&net.conclusion);
        out.push('\n');
        out.push_str(&branch_text(state, b, end));
    }
    out
}

/// The house of a house-digit variable, and its digit.
fn house_of(v: CspVariable) -> Option<(House, sudolink_engine::grid::Digit)> {
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
    let houses = |vs: &[CspVariable]| -> Option<Vec<(House, sudolink_engine::grid::Digit)>> {
        vs.iter().map(|&v| house_of(v)).collect()
    };
    let tuple = ["single", "pair", "triple", "quad"]
        .get(n.saturating_sub(1))
        .copied()
        .unwrap_or("subset");
    let digits = |hs: &[(House, sudolink_engine::grid::Digit)]| {
        let d: Vec<String> = hs.iter().map(|(_, d)| d.to_string()).collect();
        format!("{{{}}}", d.join(" "))
    };
    let lines = |hs: &[(House, sudolink_engine::grid::Digit)]| {
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
