//! Chains on an OR-k relation ([`sudolink_engine::proof::ork`]) as text, printers only: our line (the
//! relation, then the chain), and SudoRules' lines as CSP-Rules 2.1 prints them
//! (`CSP-Rules-Generic/GENERAL/generic-output.clp`: `print-ORk-whip`,
//! `print-ORk-contrad-whip`, `print-ORk-forcing-whip-elim-candidate`), on SudoRules'
//! published paths of #4986, #20958 and #26529 of mith's T&E(3) list
//! (denis-berthier/CSP-Rules-Examples, `Sudoku-a/Tridagons/`), and an ORk-g-whip of #1418
//! (`print-ORk-gwhip`; a g-candidate R printed as its segment, `r7n5{c1 c456}`):
//!
//! ```text
//! Trid-OR3-whip[2]: OR3{{n6r5c3 n1r5c3 | n6r4c4}} - b4n6{r4c2 .} ==> r5c3≠8
//! Trid-OR2-ctr-whip[3]: r9n9{c2 c8} - r2n9{c8 c6} - OR2{{n4r2c6 n2r9c8 | .}} ==> r8c1≠9
//! Trid-OR3-gwhip[6]: c9n6{r1 r3} - c9n9{r3 r6} - c1n9{r6 r7} - r7n5{c1 c456} - OR3{{n5r9c6 n9r5c8 | n7r9c7}} - r1n7{c7 .} ==> r1c9≠2
//! Trid-OR3-forcing-whip-elim[3]:
//!    || n2r2c7 -
//!    || n4r3c9 - partial-whip[1]: c7n4{r3 r6} -
//!    || n8r1c8 - partial-whip[1]: r6c8{n8 n2} -
//!  ==> r6c7≠2
//! ```
//!
//! A forcing whip on a bivalue CSP variable (SudoRules' `print-forcing-whip-elim-candidate`):
//!
//! ```text
//! forcing-whip-elim[4] based on bivalue candidates n1r1c1 and  n2r1c1:
//!    || n1r1c1 - partial-whip[1]: …
//!    || n2r1c1 - partial-whip[2]: …
//!  ==> r5c5≠3
//! ```
//!
//! A forcing whip whose branches all end on the target asserts it: the same lines under
//! `…-forcing-whip-assert[n]:`, ending `==> r6c7=2`.
//!
//! SudoRules lists an OR cell's left-linking guardians in the order its relation holds them
//! after its updates; we list them in the relation's (ascending) order.

use super::common::value_text;
use super::impossible::{imp630_text, tridagon_text};
use super::shown::Shown;
use super::sudorules::modern_conclusions;
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::ork::{OrkCell, OrkChain, OrkKind, Relation};
use sudolink_engine::proof::whip::WhipCell;
use sudolink_engine::proof::Proof;

fn labels(cands: &[Candidate]) -> String {
    cands
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `r5n6{c5 c3}`, `b4n6{r4c2 .}` for a last cell, `b4n6{r4c2 r5c123}` for a g-candidate R
/// (SudoRules names a g-candidate by its segment).
fn whip_cell(c: &WhipCell) -> String {
    let v = c.variable;
    let value = |items: &[Candidate]| value_text(v, items);
    let right = c.right_linking.as_deref().map_or(".".to_string(), value);
    format!("{v}{{{} {right}}}", value(&c.left_linking))
}

/// `OR3{{n6r5c3 n1r5c3 | n6r4c4}}` or, with no R, `OR3{{… | .}}`.
fn or_cell(k: usize, left: &[Candidate], right: Option<Candidate>) -> String {
    let right = right.map_or(".".to_string(), |r| r.to_string());
    format!("OR{k}{{{{{} | {right}}}}}", labels(left))
}

/// The chain's cells joined by ` - `.
fn cells_text(c: &OrkChain) -> String {
    let k = c.k();
    c.cells
        .iter()
        .map(|cell| match cell {
            OrkCell::Variable(w) => whip_cell(w),
            OrkCell::Or {
                left_linking,
                right_linking,
            } => or_cell(k, left_linking, *right_linking),
        })
        .collect::<Vec<_>>()
        .join(" - ")
}

/// SudoRules' name of the relation: `Trid`, `Degen-Cycl-Trid`, or an Imp630 pattern's
/// rule (`EL14c13s`).
fn relation_name(c: &OrkChain) -> &str {
    c.relation.sudorules_name()
}

/// Our text of the relation.
fn relation_text(r: &Relation) -> String {
    match r {
        Relation::Tridagon(p) => tridagon_text(p),
        Relation::Imp630(p) => imp630_text(p),
        Relation::Variable(r) => {
            let values: Vec<String> = r
                .guardians
                .iter()
                .map(|&g| value_text(r.variable, &[g]))
                .collect();
            format!("{}{{{}}}", r.variable, values.join(" "))
        }
    }
}

/// SudoRules' lines of the step.
pub fn ork_sudorules(c: &OrkChain, proof: &Proof) -> String {
    let (k, n, name) = (c.k(), c.length(), relation_name(c));
    let concl = modern_conclusions(proof);
    match c.kind {
        OrkKind::Whip => format!("{name}-OR{k}-whip[{n}]: {} ==> {concl}", cells_text(c)),
        OrkKind::ContradWhip => {
            format!("{name}-OR{k}-ctr-whip[{n}]: {} ==> {concl}", cells_text(c))
        }
        OrkKind::GWhip => format!("{name}-OR{k}-gwhip[{n}]: {} ==> {concl}", cells_text(c)),
        OrkKind::ContradGWhip => {
            format!("{name}-OR{k}-ctr-gwhip[{n}]: {} ==> {concl}", cells_text(c))
        }
        OrkKind::ForcingWhip | OrkKind::ForcingGWhip => {
            // SudoRules prints a forcing g-whip without its relation's name
            // (`OR2-forcing-gwhip-elim[2]:`, CSP-Rules' generic-output.clp)
            // `-assert` when every branch ends on the target (`print-ORk-forcing-whip-assert-value`)
            let form = if c.asserts { "assert" } else { "elim" };
            // SudoRules lists the branches by length, then by candidate (row, column, digit)
            let mut branches: Vec<&(Candidate, Vec<WhipCell>)> = c.branches.iter().collect();
            branches.sort_by_key(|(g, b)| (b.len(), *g));
            let mut out = if let (Relation::Variable(_), [(z1, _), (z2, _)]) =
                (&c.relation, branches.as_slice())
            {
                // `print-forcing-whip-elim-candidate` (Z1 the shorter branch's guardian: its
                // rules take p1 ≤ p2), with its two spaces before Z2
                let g = if c.kind.uses_groups() { "g" } else { "" };
                format!("forcing-{g}whip-{form}[{n}] based on bivalue candidates {z1} and  {z2}:")
            } else if c.kind.uses_groups() {
                format!("OR{k}-forcing-gwhip-{form}[{n}]:")
            } else {
                format!("{name}-OR{k}-forcing-whip-{form}[{n}]:")
            };

            for (g, branch) in branches {
                out.push_str(&format!("\n   || {g} -"));
                if !branch.is_empty() {
                    let cells: Vec<String> = branch.iter().map(whip_cell).collect();
                    // SudoRules names each branch by its type: a g-candidate R makes it a
                    // partial g-whip
                    let grouped = branch
                        .iter()
                        .any(|w| w.right_linking.as_ref().is_some_and(|r| r.len() > 1));
                    out.push_str(&format!(
                        " partial-{}whip[{}]: {} -",
                        if grouped { "g" } else { "" },
                        branch.len(),
                        cells.join(" - ")
                    ));
                }
            }
            out.push_str(&format!("\n ==> {concl}"));
            out
        }
    }
}

/// Our line: the relation, then the chain (`OR3-whip[2] on Trid-OR3 {248}: …; guardians …:
/// OR3{{…}} - b4n6{r4c2 .}`); a forcing whip's branches as `n4r3c9: c7n4{r3 r6}`, `|`
/// between them.
pub fn ork_text(c: &OrkChain) -> String {
    let (name, _, n) = c.rule_name();
    let chain = match c.kind {
        OrkKind::ForcingWhip | OrkKind::ForcingGWhip => c
            .branches
            .iter()
            .map(|(g, b)| {
                let cells: Vec<String> = b.iter().map(whip_cell).collect();
                if cells.is_empty() {
                    g.to_string()
                } else {
                    format!("{g}: {}", cells.join(" - "))
                }
            })
            .collect::<Vec<_>>()
            .join(" | "),
        _ => cells_text(c),
    };
    format!(
        "{name}[{n}] on {}{}: {chain}",
        relation_text(&c.relation),
        split_text(c)
    )
}

/// The relation's splits (SudoRules' `split-ORk-ch[i]`): `; split: n2r3c3 dropped, same
/// valence as n2r9c2 by c-chain[2] n2r3c3 n2r8c3 n2r9c2`.
fn split_text(c: &OrkChain) -> String {
    c.relation
        .split()
        .iter()
        .map(|s| {
            let path: Vec<Candidate> = std::iter::once(s.dropped)
                .chain(s.chain.iter().copied())
                .chain(std::iter::once(s.kept))
                .collect();
            format!(
                "; split: {} dropped, same valence as {} by c-chain[{}] {}",
                s.dropped,
                s.kept,
                path.len() - 1,
                labels(&path)
            )
        })
        .collect()
}

impl Shown for OrkChain {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        ork_text(self)
    }
    fn dialect(&self) -> &'static str {
        "ours (SudoRules' below)"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(ork_sudorules(self, proof))
    }
}
