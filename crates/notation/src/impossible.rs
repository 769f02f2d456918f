//! The impossible patterns ([`sudolink_engine::proof::tridagon`], [`sudolink_engine::proof::oddagon`]) as text,
//! printers only: our one line, and SudoRules' own lines as CSP-Rules 2.1 prints them
//! (`SudoRules-V20.1/EXOTIC/Tridagons/Tridagon[12].clp`, `ORk-anti-Tridagon[12].clp`,
//! `ORk-degen-cyclic-anti-Tridagon[12].clp`; `CSP-Rules-Generic/GENERAL/generic-output.clp`:
//! `print-oddagon`, `print-ORk-whip[1]`):
//!
//! ```text
//! tridagon for digits 3, 5 and 7 in blocks:
//!         b9, with cells (marked #): r8c8 (target cell, marked @), r7c7, r9c9
//!         b8, with cells (marked #): r8c5, r7c4, r9c6
//!         b6, with cells (marked #): r5c8, r4c7, r6c9
//!         b5, with cells (marked #): r5c5, r4c6, r6c4
//!  ==> r8c8≠3,5,7
//!
//! Trid-OR3-relation for digits 1, 3 and 4 in blocks:
//!         b5, with cells (marked #): r4c6, r5c4, r6c5
//!         …
//! with 3 guardians (in cells marked @): n9r5c8 n5r9c6 n7r9c7
//! Trid-OR3-whip[1]: OR3{{n9r5c8 n5r9c6 n7r9c7 | .}} ==> r5c6≠7
//!
//! oddagon[5]: r1n5{c2 c3},c3n5{r1 r4},r4n5{c3 c7},c7n5{r4 r2},b1n5{r2c1 r1c2} ==> r2c2≠5
//! ```
//!
//! The "marked" cells refer to the grid SudoRules prints beside the pattern (our picture
//! marks them the same way). SudoRules' `ORk-whip[1]` lists the guardians in the order its
//! relation holds them after updates; we list them in the relation's order.

use super::shown::Shown;
use super::sudorules::modern_conclusions;
use sudolink_engine::grid::{Candidate, CspVariable, Digit, State};
use sudolink_engine::proof::imp630::Imp630Pattern;
use sudolink_engine::proof::oddagon::OddagonPattern;
use sudolink_engine::proof::tridagon::TridagonPattern;
use sudolink_engine::proof::Proof;

fn labels(cands: &[Candidate]) -> String {
    cands
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn digits_text(digits: &[Digit; 3]) -> String {
    format!("{}, {} and {}", digits[0], digits[1], digits[2])
}

/// Our line: `tridagon {357}: b9 r8c8 r7c7 r9c9, b8 …; guardians n1r8c8`.
pub fn tridagon_text(p: &TridagonPattern) -> String {
    let name = match p.sudorules_name() {
        "tridagon" => "tridagon[12]".to_string(),
        n => format!("{n}-OR{}", p.guardians.len()),
    };
    let blocks: Vec<String> = p
        .blocks
        .iter()
        .map(|b| {
            format!(
                "b{} {}",
                b[0].block() + 1,
                b.map(|c| c.to_string()).join(" ")
            )
        })
        .collect();
    let digits: String = p.digits.iter().map(|d| d.to_string()).collect();
    format!(
        "{name} {{{digits}}}: {}; guardians {}",
        blocks.join(", "),
        labels(&p.guardians)
    )
}

/// SudoRules' lines of a tridagon's pattern: the `tridagon[12]` pattern with its target
/// cell, or the OR-k relation (`Trid-OR3-relation for digits …`, its blocks and guardians).
pub fn tridagon_relation_text(p: &TridagonPattern) -> String {
    let name = p.sudorules_name();
    let k = p.guardians.len();
    let target = if name == "tridagon" {
        p.target_cell()
    } else {
        None
    };
    let mut out = if target.is_some() {
        format!("tridagon for digits {} in blocks:", digits_text(&p.digits))
    } else {
        format!(
            "{name}-OR{k}-relation for digits {} in blocks:",
            digits_text(&p.digits)
        )
    };
    for block in &p.blocks {
        let cells: Vec<String> = block
            .iter()
            .map(|&c| {
                if Some(c) == target {
                    format!("{c} (target cell, marked @)")
                } else {
                    c.to_string()
                }
            })
            .collect();
        out.push_str(&format!(
            "\n        b{}, with cells (marked #): {}",
            block[0].block() + 1,
            cells.join(", ")
        ));
    }
    if target.is_none() {
        out.push_str(&format!(
            "\nwith {k} guardians (in cells marked @): {}",
            labels(&p.guardians)
        ));
    }
    out
}

/// SudoRules' lines for a tridagon step: the pattern and its elimination (`tridagon[12]`),
/// or the OR-k relation and the `ORk-whip[1]` eliminating what sees every guardian.
pub fn tridagon_sudorules(p: &TridagonPattern, proof: &Proof) -> String {
    let relation = tridagon_relation_text(p);
    let k = p.guardians.len();
    match p.target_cell().filter(|_| p.sudorules_name() == "tridagon") {
        Some(cell) if proof.eliminations.iter().all(|c| c.cell() == cell) => {
            let digits: Vec<String> = proof
                .eliminations
                .iter()
                .map(|c| c.digit().to_string())
                .collect();
            format!("{relation}\n ==> {cell}≠{}", digits.join(","))
        }
        Some(_) => format!("{relation}\n ==> {}", modern_conclusions(proof)),
        None => format!(
            "{relation}\n{}-OR{k}-whip[1]: OR{k}{{{{{} | .}}}} ==> {}",
            p.sudorules_name(),
            labels(&p.guardians),
            modern_conclusions(proof)
        ),
    }
}

/// Our line of an Imp630 relation: `EL14c1-OR3 {248}: r1c9 r2c6 …; guardians n1r5c3 …`.
pub fn imp630_text(p: &Imp630Pattern) -> String {
    let digits: String = p.digits.iter().map(|d| d.to_string()).collect();
    let cells: Vec<String> = p.cells.iter().map(|c| c.to_string()).collect();
    format!(
        "{}-OR{} {{{digits}}}: {}; guardians {}",
        p.name,
        p.guardians.len(),
        cells.join(" "),
        labels(&p.guardians)
    )
}

/// SudoRules' lines of an Imp630 relation as its generated rule prints them
/// (`EL14c1-OR3-relation for digits: 2, 4 and 8`, its cells and its guardians).
pub fn imp630_relation_text(p: &Imp630Pattern) -> String {
    let k = p.guardians.len();
    let cells: Vec<String> = p.cells.iter().map(|c| c.to_string()).collect();
    format!(
        "{}-OR{k}-relation for digits: {}\n   in cells (marked #): ({})\n   with {k} guardians (in cells marked @) : {}",
        p.name,
        digits_text(&p.digits),
        cells.join(" "),
        labels(&p.guardians)
    )
}

/// SudoRules' lines for an Imp630 step: the relation, then the `ORk-whip[1]` eliminating
/// what sees every guardian.
pub fn imp630_sudorules(p: &Imp630Pattern, proof: &Proof) -> String {
    let k = p.guardians.len();
    format!(
        "{}\n{}-OR{k}-whip[1]: OR{k}{{{{{} | .}}}} ==> {}",
        imp630_relation_text(p),
        p.name,
        labels(&p.guardians),
        modern_conclusions(proof)
    )
}

impl Shown for Imp630Pattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        imp630_text(self)
    }
    fn dialect(&self) -> &'static str {
        "ours (SudoRules' below)"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(imp630_sudorules(self, proof))
    }
}

/// A variable with two of its candidates as SudoRules prints a bivalue cell:
/// `r1c2{n1 n5}`, `r1n5{c2 c3}`, `c3n5{r1 r4}`, `b4n5{r4c3 r5c1}`.
fn bivalue_cell(v: CspVariable, a: Candidate, b: Candidate) -> String {
    let value = |c: Candidate| match v {
        CspVariable::Rc(_) => format!("n{}", c.digit()),
        CspVariable::Rn(..) => format!("c{}", c.cell().col() + 1),
        CspVariable::Cn(..) => format!("r{}", c.cell().row() + 1),
        CspVariable::Bn(..) => c.cell().to_string(),
    };
    format!("{v}{{{} {}}}", value(a), value(b))
}

/// The loop's links as SudoRules prints them, `,` between them.
fn oddagon_links(p: &OddagonPattern) -> String {
    (0..p.candidates.len())
        .map(|i| {
            let (a, b) = p.pair(i);
            bivalue_cell(p.variables[i], a, b)
        })
        .collect::<Vec<_>>()
        .join(",")
}

impl Shown for TridagonPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        tridagon_text(self)
    }
    fn dialect(&self) -> &'static str {
        "ours (SudoRules' below)"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(tridagon_sudorules(self, proof))
    }
}

impl Shown for OddagonPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        let links: Vec<String> = (0..self.candidates.len())
            .map(|i| {
                let (a, b) = self.pair(i);
                bivalue_cell(self.variables[i], a, b)
            })
            .collect();
        format!(
            "oddagon[{}]: {}; guardians {}",
            self.candidates.len(),
            links.join(" - "),
            labels(&self.guardians)
        )
    }
    fn dialect(&self) -> &'static str {
        "ours (SudoRules' below)"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(format!(
            "oddagon[{}]: {} ==> {}",
            self.candidates.len(),
            oddagon_links(self),
            modern_conclusions(proof)
        ))
    }
}
