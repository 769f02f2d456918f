//! Chains on an OR-k relation: SudoRules' ORk-whips, ORk-forcing-whips and
//! ORk-contrad-whips ([CSP-Rules] 2.1, Denis Berthier, 2022:
//! `CSP-Rules-Generic/CHAIN-RULES-EXOTIC/`: `OR3-WHIPS/`, `OR3-FORCING-WHIPS/`,
//! `OR3-CONTRAD-WHIPS/`, `PARTIAL-OR3-WHIPS/` and their k = 2…6 (8) siblings; [Berthier
//! tridagon], "The tridagon rule", New Sudoku Players' Forum thread, from March 2022), and
//! their checker.
//!
//! An **OR-k relation** is k candidates of which at least one is true: here the guardians of
//! a tridagon or of its anti-tridagon and degenerate-cyclic forms ([`super::tridagon`]),
//! re-derived by the checker from the state. SudoRules treats it as one more "cell" of a
//! whip, whose candidates are the guardians: on the assumption that the target Z is true,
//! every guardian but one (the OR's right-linking candidate) is false, so that one is true.
//!
//! - **`ORk-whip[n]`** on Z: a whip (see [`super::whip`]) one of whose n cells is the OR
//!   relation, not the last. The OR cell's left-linking candidates are every guardian but
//!   its right-linking one R_or; each is linked to Z or to an earlier R, and, unless the OR
//!   cell is the first, one of them to the previous R; R_or is not Z and no earlier R. The
//!   next cell's L is linked to R_or, and the later cells' other candidates may hang on
//!   R_or like on any R. Z is eliminated. (`ORk-whip[1]`, every guardian linked to Z, is
//!   the relation's own elimination, `trid-ork`.)
//!   `Trid-OR3-whip[2]: OR3{{n6r5c3 n1r5c3 | n6r4c4}} - b4n6{r4c2 .} ==> r5c3≠8`
//! - **`ORk-contrad-whip[n]`** on Z: a partial whip of length p = n − 1 ≥ 1 on Z (every cell
//!   with its R) such that every guardian is linked to one of its R's: Z true would make
//!   every guardian false. SudoRules prints it `ORk-ctr-whip[n]`, the relation as a last
//!   cell with no R (#20958 of mith's T&E(3) list, CSP-Rules-Examples):
//!   `Trid-OR2-ctr-whip[3]: r9n9{c2 c8} - r2n9{c8 c6} - OR2{{n4r2c6 n2r9c8 | .}} ==> r8c1≠9`.
//! - **`ORk-forcing-whip[n]`**: for each guardian g_i a partial whip of length p_i ≥ 0 on
//!   g_i (as if g_i were a target: g_i true makes each of its R's true); a candidate
//!   linked to g_i when p_i = 0, else to the last R of g_i's partial whip, for every i, is
//!   false whichever guardian is true; n = 1 + Σ p_i. SudoRules prints one line per
//!   guardian (`Trid-OR3-forcing-whip-elim[3]:` then `   || n4r3c9 - partial-whip[1]:
//!   c7n4{r3 r6} -` …).
//! - **`ORk-forcing-whip-assert[n]`** (the `-value` rules of the same files): for each
//!   guardian g_i a partial whip of length p_i ≥ 1 on g_i whose last R is one candidate Z,
//!   the same for every i: whichever guardian is true, its branch makes Z true, so Z is
//!   asserted; n = 1 + Σ p_i, as for the eliminations, which SudoRules tries after the
//!   assertions at each length. Printed `Trid-OR2-forcing-whip-assert[n]:` … `==> r1c2=3`
//!   (`print-ORk-forcing-whip-assert-value`). The g-form asks the same of partial g-whips,
//!   the common last R a plain candidate (`OR2-forcing-gwhip-assert[n]`).
//!
//! - **`ORk-g-whip[n]`** and **`ORk-contrad-g-whip[n]`** (`OR-G-WHIPS/`, `OR-CONTRAD-G-WHIPS/`,
//!   `PARTIAL-OR-G-WHIPS/`): the same chains whose right-linking candidates may be
//!   g-candidates, as in g-whips ([`super::whip`]): the open candidates of one digit in a
//!   block ∩ row or block ∩ column segment (two or three), of which one at least is true
//!   once the cell's other candidates are false. L's and the relation's guardians stay plain
//!   candidates; a candidate is linked to a g-candidate when it is linked to every member
//!   of it (and is none of them). SudoRules prints them `Trid-OR3-gwhip[n]` and
//!   `Trid-OR3-ctr-gwhip[n]`, a g-candidate as its segment (`r7n5{c1 c456}`).
//! - **`ORk-forcing-g-whip[n]`** (`OR-FORCING-G-WHIPS/`): an ORk-forcing-whip whose branches
//!   are partial g-whips (SudoRules asks one of them at least to be one; a forcing g-whip
//!   with none is a forcing whip, found first); the target is linked to each branch's last
//!   R, to every member of a g-candidate. Sound as the forcing whip: whichever guardian is
//!   true, its branch's last R holds a true candidate, linked to the target. SudoRules
//!   prints it `Trid-OR3-forcing-gwhip-elim[n]`, each branch a `partial-gwhip[p]`.
//!
//! - **`forcing-whip[n]`** and **`forcing-g-whip[n]`** (`CHAIN-RULES-COMMON/FORCING-WHIPS/`,
//!   `FORCING-G-WHIPS/`), and the OR2- and OR3-forcing-whips of SudoRules' Forcing3-whips
//!   (`?*Forcing3-Whips*`): the same forcing whips on a CSP variable's relation
//!   ([`VariableRelation`]: a variable with two, or three, candidates left, one of which is
//!   true), n = 1 + p1 + p2 (+ p3). SudoRules prints the bivalue form
//!   `forcing-whip-elim[4] based on bivalue candidates n1r1c1 and  n2r1c1:` then a line per
//!   branch, and has them from length 3 (shorter ones are whips).
//!
//! The checker re-derives the relation (the pattern, its guardians, that it cannot be
//! filled; a variable's open candidates) with [`super::tridagon`]'s checker, then every cell exactly as the rule files
//! state them; it shares no code with `search::ork`. Plain kinds take plain candidates
//! only; the g-kinds also take a g-candidate as a cell's R (never as an L).
//!
//! Why an ORk-g-whip is sound: suppose Z true. Each R (candidate or g-candidate) then holds
//! a true candidate, by induction: the cell's L is linked to the previous R (to every
//! member of a group R, so to its true one) and each other candidate to Z or to an earlier
//! R, so all are false, and the variable's true value lies in its R; the OR cell's
//! guardians but R_or are false the same way, and the relation makes R_or true. The last
//! cell then has no candidate left: Z is false. No loopless condition is needed for this;
//! the checker asks SudoRules' all the same (every variable new, no L or R repeated, a
//! group R holding neither Z nor an earlier L or R).

use super::facts::{fail, CheckError};
use super::imp630::Imp630Pattern;
use super::tridagon::{check_relation, Split, TridagonPattern};
use super::whip::WhipCell;
use super::Proof;
use crate::grid::{Candidate, Cell, CspVariable, Digit, State};
use serde::{Deserialize, Serialize};

/// Which chain on the OR relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrkKind {
    /// A whip one of whose cells (not the last) is the relation.
    Whip,
    /// A partial whip on the target whose R's see every guardian.
    ContradWhip,
    /// A partial whip from each guardian, all ending on candidates linked to the target.
    ForcingWhip,
    /// An ORk-whip whose R's may be g-candidates.
    GWhip,
    /// An ORk-contrad-whip whose R's may be g-candidates.
    ContradGWhip,
    /// An ORk-forcing-whip whose branches' R's may be g-candidates.
    ForcingGWhip,
}

impl OrkKind {
    /// Our rule family: `ork-whip`, `ork-contrad-whip`, `ork-forcing-whip`, `ork-g-whip`,
    /// `ork-contrad-g-whip`, `ork-forcing-g-whip`.
    pub const fn family(self) -> &'static str {
        match self {
            OrkKind::Whip => "ork-whip",
            OrkKind::ContradWhip => "ork-contrad-whip",
            OrkKind::ForcingWhip => "ork-forcing-whip",
            OrkKind::GWhip => "ork-g-whip",
            OrkKind::ContradGWhip => "ork-contrad-g-whip",
            OrkKind::ForcingGWhip => "ork-forcing-g-whip",
        }
    }

    /// The g-kinds: a cell's R may be a g-candidate.
    pub const fn uses_groups(self) -> bool {
        matches!(
            self,
            OrkKind::GWhip | OrkKind::ContradGWhip | OrkKind::ForcingGWhip
        )
    }

    /// ORk-forcing-whips and ORk-forcing-g-whips: one partial whip per guardian.
    pub const fn is_forcing(self) -> bool {
        matches!(self, OrkKind::ForcingWhip | OrkKind::ForcingGWhip)
    }

    /// ORk-whips and ORk-g-whips: the relation is a cell inside the chain.
    pub const fn is_whip(self) -> bool {
        matches!(self, OrkKind::Whip | OrkKind::GWhip)
    }

    /// ORk-contrad-whips and ORk-contrad-g-whips: the relation ends the chain.
    pub const fn is_contrad(self) -> bool {
        matches!(self, OrkKind::ContradWhip | OrkKind::ContradGWhip)
    }
}

/// One cell of an ORk-whip or ORk-contrad-whip: a CSP variable as in a whip, or the OR
/// relation with its left-linking guardians and (except as a contrad-whip's last cell) its
/// right-linking one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrkCell {
    Variable(WhipCell),
    Or {
        left_linking: Vec<Candidate>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        right_linking: Option<Candidate>,
    },
}

/// What an OR-k relation comes from: a tridagon (or its anti-tridagon forms), one of
/// eleven's Imp630 patterns ([`super::imp630`]), or a CSP variable with k candidates left
/// ([`VariableRelation`]: SudoRules' forcing whips). Serialised as the pattern itself (a
/// tridagon has `blocks`, an Imp630 pattern `name` and `cells`, a variable `variable`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Relation {
    Tridagon(TridagonPattern),
    Imp630(Imp630Pattern),
    Variable(VariableRelation),
}

/// A CSP variable with k ≥ 2 candidates left, its guardians: exactly one is true. SudoRules'
/// forcing whips start from its `bivalue` variables (`FORCING-WHIPS/`, k = 2), its
/// Forcing3-whips from its `2-value` and `3-value` OR relations (`GENERAL/2-value.clp`,
/// `3-value.clp`: OR2- and OR3-forcing-whips on them). Never split.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariableRelation {
    pub variable: CspVariable,
    /// The variable's open candidates, ascending.
    pub guardians: Vec<Candidate>,
    /// Always empty (a variable's relation is not split); kept so that every relation
    /// answers [`Relation::split`] alike.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub split: Vec<Split>,
}

/// SudoRules' names of the OR relations of a CSP variable with k values (its `OR-name`).
const VALUE_NAMES: [&str; 10] = [
    "0-value", "1-value", "2-value", "3-value", "4-value", "5-value", "6-value", "7-value",
    "8-value", "9-value",
];

impl VariableRelation {
    /// The relation of `variable`, whose open candidates are `guardians` (ascending).
    pub fn new(variable: CspVariable, guardians: Vec<Candidate>) -> VariableRelation {
        VariableRelation {
            variable,
            guardians,
            split: Vec::new(),
        }
    }

    /// Verify on `state`: the guardians are exactly the variable's open candidates, two
    /// or more, and nothing was split.
    fn check(&self, state: &State) -> Result<(), CheckError> {
        if !self.split.is_empty() {
            return fail("a CSP variable's relation is never split");
        }
        let mut open: Vec<Candidate> = self
            .variable
            .candidates()
            .into_iter()
            .filter(|&c| state.has(c))
            .collect();
        open.sort();
        if open != self.guardians {
            return fail(format!(
                "the guardians are not the open candidates of {} (ascending)",
                self.variable
            ));
        }
        if open.len() < 2 {
            return fail(format!("{} has fewer than two candidates", self.variable));
        }
        Ok(())
    }
}

impl Relation {
    /// The guardians, of which one at least is true.
    pub fn guardians(&self) -> &[Candidate] {
        match self {
            Relation::Tridagon(p) => &p.guardians,
            Relation::Imp630(p) => &p.guardians,
            Relation::Variable(r) => &r.guardians,
        }
    }

    /// The guardians, to drop one (a split) or tamper with them.
    pub fn guardians_mut(&mut self) -> &mut Vec<Candidate> {
        match self {
            Relation::Tridagon(p) => &mut p.guardians,
            Relation::Imp630(p) => &mut p.guardians,
            Relation::Variable(r) => &mut r.guardians,
        }
    }

    /// The pattern's three digits (none for a CSP variable's relation).
    pub fn digits(&self) -> Option<[Digit; 3]> {
        match self {
            Relation::Tridagon(p) => Some(p.digits),
            Relation::Imp630(p) => Some(p.digits),
            Relation::Variable(_) => None,
        }
    }

    /// The pattern's three digits, to tamper with them.
    pub fn digits_mut(&mut self) -> Option<&mut [Digit; 3]> {
        match self {
            Relation::Tridagon(p) => Some(&mut p.digits),
            Relation::Imp630(p) => Some(&mut p.digits),
            Relation::Variable(_) => None,
        }
    }

    /// The pattern's cells (a CSP variable's: those of its guardians).
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Relation::Tridagon(p) => p.cells(),
            Relation::Imp630(p) => p.cells.clone(),
            Relation::Variable(r) => {
                let mut cells: Vec<Cell> = r.guardians.iter().map(|g| g.cell()).collect();
                cells.sort();
                cells.dedup();
                cells
            }
        }
    }

    /// The splits that dropped guardians (SudoRules' ORk-splitting).
    pub fn split(&self) -> &[Split] {
        match self {
            Relation::Tridagon(p) => &p.split,
            Relation::Imp630(p) => &p.split,
            Relation::Variable(r) => &r.split,
        }
    }

    /// The splits, to add one or tamper with them.
    pub fn split_mut(&mut self) -> &mut Vec<Split> {
        match self {
            Relation::Tridagon(p) => &mut p.split,
            Relation::Imp630(p) => &mut p.split,
            Relation::Variable(r) => &mut r.split,
        }
    }

    /// SudoRules' name of the relation in a chain's heading: `Trid`, `Degen-Cycl-Trid`,
    /// `EL14c13s`, `2-value`, `3-value`.
    pub fn sudorules_name(&self) -> &str {
        match self {
            Relation::Tridagon(p) => match p.sudorules_name() {
                "tridagon" => "Trid",
                other => other,
            },
            Relation::Imp630(p) => &p.name,
            Relation::Variable(r) => VALUE_NAMES[r.guardians.len().min(9)],
        }
    }

    /// Verify the relation on `state`, each kind with its own checker.
    fn check(&self, state: &State) -> Result<(), CheckError> {
        match self {
            Relation::Tridagon(p) => check_relation(state, p),
            Relation::Imp630(p) => super::imp630::check_relation(state, p),
            Relation::Variable(r) => r.check(state),
        }
    }
}

/// A chain on an OR-k relation, concluding that `target` is false (or, for a forcing whip
/// that [`OrkChain::asserts`], true).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrkChain {
    pub kind: OrkKind,
    /// The pattern whose guardians form the OR-k relation.
    pub relation: Relation,
    pub target: Candidate,
    /// Whips and contrad-whips: the cells from the target on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<OrkCell>,
    /// Forcing whips: each guardian, in the relation's order, with its partial whip (every
    /// cell with an R; empty when the target is linked to the guardian itself).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub branches: Vec<(Candidate, Vec<WhipCell>)>,
    /// Forcing whips only: every branch ends on the target as its last R, which is then
    /// true (SudoRules' `ORk-forcing-whip-assert`) instead of false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub asserts: bool,
}

impl OrkChain {
    /// k, the relation's size.
    pub fn k(&self) -> usize {
        self.relation.guardians().len()
    }

    /// The longest bivalue chain of the relation's splits (0 when not split): SudoRules'
    /// `split-ORk-ch[i]` is a rule of level i, so a chain on a relation split by a chain of
    /// i links is at level i at least.
    pub fn split_links(&self) -> usize {
        self.relation
            .split()
            .iter()
            .map(|s| s.chain.len() + 1)
            .max()
            .unwrap_or(0)
    }

    /// The level the step is at: its length, or its relation's [`OrkChain::split_links`].
    pub fn level(&self) -> usize {
        self.length().max(self.split_links())
    }

    /// SudoRules' length: the cells, the OR cell counting one; for a forcing whip one plus
    /// the branches' cells.
    pub fn length(&self) -> usize {
        if self.kind.is_forcing() {
            1 + self.branches.iter().map(|(_, b)| b.len()).sum::<usize>()
        } else {
            self.cells.len()
        }
    }

    /// (`OR3-whip`, `ork-whip`, n); on a CSP variable's relation SudoRules' names
    /// (`forcing-whip`, `forcing-gwhip` on a bivalue variable, `OR3-forcing-whip` on a
    /// trivalue one) and the families `forcing-whip`, `forcing-g-whip`.
    pub fn rule_name(&self) -> (String, String, usize) {
        let k = self.k();
        if let Relation::Variable(_) = self.relation {
            let (g, family) = if self.kind.uses_groups() {
                ("g", "forcing-g-whip")
            } else {
                ("", "forcing-whip")
            };
            let name = match k {
                2 => format!("forcing-{g}whip"),
                _ => format!("OR{k}-forcing-{g}whip"),
            };
            return (name, family.to_string(), self.length());
        }
        let name = match self.kind {
            OrkKind::Whip => format!("OR{k}-whip"),
            OrkKind::ContradWhip => format!("OR{k}-contrad-whip"),
            OrkKind::ForcingWhip => format!("OR{k}-forcing-whip"),
            OrkKind::GWhip => format!("OR{k}-gwhip"),
            OrkKind::ContradGWhip => format!("OR{k}-contrad-gwhip"),
            OrkKind::ForcingGWhip => format!("OR{k}-forcing-gwhip"),
        };
        (name, self.kind.family().to_string(), self.length())
    }
}

/// One plain candidate, open, of `v`.
fn single(
    state: &State,
    items: &[Candidate],
    v: CspVariable,
    what: &str,
) -> Result<Candidate, CheckError> {
    let [c] = items else {
        return fail(format!(
            "{what} must be one candidate (a g-candidate only as a g-kind's R)"
        ));
    };
    if !state.has(*c) {
        return Err(CheckError::NotOpen(*c));
    }
    if !v.candidates().contains(c) {
        return fail(format!("{what} {c} is not a candidate of {v}"));
    }
    Ok(*c)
}

/// A cell's R of `v`: one open candidate, or, when `groups`, a g-candidate (two or three
/// distinct open candidates of `v`, of one digit, in one block and one row or column).
fn right_item(
    state: &State,
    items: &[Candidate],
    v: CspVariable,
    groups: bool,
    what: &str,
) -> Result<Vec<Candidate>, CheckError> {
    if items.len() == 1 || !groups {
        return single(state, items, v, what).map(|c| vec![c]);
    }
    let mut sorted = items.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != items.len() || !(2..=3).contains(&items.len()) {
        return fail(format!(
            "{what} is not a g-candidate of two or three candidates"
        ));
    }
    for &c in items {
        if !state.has(c) {
            return Err(CheckError::NotOpen(c));
        }
        if !v.candidates().contains(&c) {
            return fail(format!("{what}: {c} is not a candidate of {v}"));
        }
    }
    let first = items[0].cell();
    let one_segment = items.iter().all(|c| {
        c.digit() == items[0].digit()
            && c.cell().block() == first.block()
            && (items.iter().all(|x| x.cell().row() == first.row())
                || items.iter().all(|x| x.cell().col() == first.col()))
    });
    if !one_segment {
        return fail(format!(
            "{what} is not a g-candidate (one digit in one block-line segment)"
        ));
    }
    Ok(items.to_vec())
}

/// `x` is linked to the candidate or g-candidate `item`: to every member, and none of them.
fn linked_to(x: Candidate, item: &[Candidate]) -> bool {
    item.iter().all(|&m| m != x && x.is_linked(m))
}

/// `n1r2c3` or `{n1r2c3 n1r2c4}`.
fn item_text(item: &[Candidate]) -> String {
    match item {
        [one] => one.to_string(),
        many => format!(
            "{{{}}}",
            many.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// What a chain walked so far has: its L's and R's (R's in order, each a candidate or a
/// g-candidate) and its variables.
#[derive(Default)]
struct Walked {
    lefts: Vec<Candidate>,
    rights: Vec<Vec<Candidate>>,
    vars: Vec<CspVariable>,
    or_cells: usize,
}

impl Walked {
    /// Linked to the start (the target, or a forcing branch's guardian) or to an earlier R.
    fn covered(&self, start: Candidate, x: Candidate) -> bool {
        x.is_linked(start) || self.rights.iter().any(|r| linked_to(x, r))
    }

    /// A member of an earlier R.
    fn in_rights(&self, x: Candidate) -> bool {
        self.rights.iter().any(|r| r.contains(&x))
    }
}

/// One CSP-variable cell at position `pos` (1-based) of a chain from `start`; `last` when it
/// has no R; `groups` when its R may be a g-candidate.
fn variable_cell(
    state: &State,
    start: Candidate,
    cell: &WhipCell,
    (pos, last, groups): (usize, bool, bool),
    w: &mut Walked,
) -> Result<(), CheckError> {
    let v = cell.variable;
    let l = single(state, &cell.left_linking, v, &format!("cell {pos}'s L"))?;
    let hangs = match w.rights.last() {
        None => l.is_linked(start),
        Some(r) => linked_to(l, r),
    };
    if !hangs {
        return fail(format!(
            "cell {pos}: L {l} is not linked to {}",
            w.rights
                .last()
                .map_or(format!("the start {start}"), |r| format!(
                    "the previous R {}",
                    item_text(r)
                ))
        ));
    }
    if l == start || w.lefts.contains(&l) || w.in_rights(l) {
        return fail(format!(
            "cell {pos}: L {l} repeats a candidate of the chain"
        ));
    }
    if w.vars.contains(&v) {
        return fail(format!(
            "cell {pos}: {v} is already used by an earlier cell"
        ));
    }
    let r = match (&cell.right_linking, last) {
        (None, true) => None,
        (Some(r), false) => {
            let r = right_item(state, r, v, groups, &format!("cell {pos}'s R"))?;
            if r.iter()
                .any(|&x| x == l || x == start || w.lefts.contains(&x) || w.in_rights(x))
            {
                return fail(format!(
                    "cell {pos}: R {} repeats a candidate of the chain",
                    item_text(&r)
                ));
            }
            Some(r)
        }
        (Some(_), true) => return fail(format!("cell {pos} is the last: it has no R")),
        (None, false) => return fail(format!("cell {pos} has no R")),
    };
    for x in v.candidates() {
        if !state.has(x) || x == l || r.as_ref().is_some_and(|r| r.contains(&x)) {
            continue;
        }
        if !w.covered(start, x) {
            return fail(format!(
                "cell {pos}: {x} of {v} is linked neither to {start} nor to an earlier R"
            ));
        }
    }
    w.lefts.push(l);
    w.rights.extend(r);
    w.vars.push(v);
    Ok(())
}

/// The OR cell at position `pos` of an ORk-whip or contrad-whip on `z`.
fn or_cell(
    z: Candidate,
    guardians: &[Candidate],
    left: &[Candidate],
    right: Option<Candidate>,
    pos: usize,
    last: bool,
    w: &mut Walked,
) -> Result<(), CheckError> {
    w.or_cells += 1;
    if w.or_cells > 1 {
        return fail("the chain uses the OR relation twice");
    }
    let mut all: Vec<Candidate> = left.iter().copied().chain(right).collect();
    all.sort();
    let n = all.len();
    all.dedup();
    if all != guardians || n != guardians.len() {
        return fail(format!(
            "cell {pos}: the OR cell's candidates are not the relation's guardians"
        ));
    }
    match (right, last) {
        // the contrad-whip's end: every guardian is linked to an R of the chain
        (None, true) => {
            if w.rights.is_empty() {
                return fail("a contrad-whip has at least one cell before the relation");
            }
            if let Some(g) = guardians
                .iter()
                .find(|&&g| !w.rights.iter().any(|r| linked_to(g, r)))
            {
                return fail(format!("the guardian {g} is linked to no R of the chain"));
            }
            Ok(())
        }
        (Some(r_or), false) => {
            if r_or == z || w.in_rights(r_or) {
                return fail(format!(
                    "cell {pos}: the OR's R {r_or} is the target or an earlier R"
                ));
            }
            match w.rights.last() {
                None => {
                    if let Some(g) = left.iter().find(|&&g| !g.is_linked(z)) {
                        return fail(format!(
                            "the first cell's guardian {g} is not linked to {z}"
                        ));
                    }
                }
                Some(prev) => {
                    if !left.iter().any(|&g| linked_to(g, prev)) {
                        return fail(format!(
                            "cell {pos}: no guardian of the OR cell is linked to the previous R {}",
                            item_text(prev)
                        ));
                    }
                    if let Some(g) = left.iter().find(|&&g| !w.covered(z, g)) {
                        return fail(format!(
                            "cell {pos}: the guardian {g} is linked neither to {z} nor to an earlier R"
                        ));
                    }
                }
            }
            w.rights.push(vec![r_or]);
            Ok(())
        }
        (None, false) => fail(format!("cell {pos}: the OR cell has no R")),
        (Some(_), true) => fail("an ORk-whip ends with a CSP variable, not the relation"),
    }
}

/// Verify an OR-k chain on `state`: the relation, every cell, and that the proof concludes
/// exactly the elimination of its target.
pub fn check(state: &State, proof: &Proof, c: &OrkChain) -> Result<(), CheckError> {
    let z = c.target;
    if !state.has(z) {
        return Err(CheckError::NotOpen(z));
    }
    let (eliminated, asserted) = if c.asserts {
        (vec![], vec![z])
    } else {
        (vec![z], vec![])
    };
    if proof.eliminations != eliminated || proof.assertions != asserted {
        return Err(CheckError::Conclusion {
            target: if c.asserts {
                z.assertion()
            } else {
                z.elimination()
            },
            why: "an OR-k chain concludes exactly its target's elimination (or, a forcing whip \
                  ending every branch on it, its assertion)"
                .into(),
        });
    }
    if c.asserts && !c.kind.is_forcing() {
        return fail("only a forcing whip asserts its target");
    }
    c.relation.check(state)?;
    if matches!(c.relation, Relation::Variable(_)) && !c.kind.is_forcing() {
        return fail(
            "on a CSP variable's relation only forcing whips (an ORk-whip there is a whip)",
        );
    }
    let guardians = c.relation.guardians();
    if guardians.len() < 2 {
        return fail("an OR relation of one candidate is a placement, not a chain's start");
    }
    if proof.length != c.length() {
        return fail(format!(
            "the proof says length {} but the chain has length {}",
            proof.length,
            c.length()
        ));
    }
    match c.kind {
        OrkKind::Whip | OrkKind::ContradWhip | OrkKind::GWhip | OrkKind::ContradGWhip => {
            if !c.branches.is_empty() {
                return fail("only a forcing whip has branches");
            }
            let n = c.cells.len();
            let or_last = matches!(c.cells.last(), Some(OrkCell::Or { .. }));
            if c.kind.is_contrad() != or_last {
                return fail("a contrad-whip, and only it, ends with the relation");
            }
            if n < 2 {
                return fail("an OR-k chain of length 1 is the relation's own elimination");
            }
            let mut w = Walked::default();
            for (i, cell) in c.cells.iter().enumerate() {
                let (pos, last) = (i + 1, i + 1 == n);
                match cell {
                    OrkCell::Variable(v) => {
                        variable_cell(state, z, v, (pos, last, c.kind.uses_groups()), &mut w)?
                    }
                    OrkCell::Or {
                        left_linking,
                        right_linking,
                    } => or_cell(
                        z,
                        guardians,
                        left_linking,
                        *right_linking,
                        pos,
                        last,
                        &mut w,
                    )?,
                }
            }
            if w.or_cells != 1 {
                return fail("the chain does not use the OR relation");
            }
            Ok(())
        }
        OrkKind::ForcingWhip | OrkKind::ForcingGWhip => {
            if !c.cells.is_empty() {
                return fail("a forcing whip has branches, not cells");
            }
            let listed: Vec<Candidate> = c.branches.iter().map(|(g, _)| *g).collect();
            if listed != guardians {
                return fail("a forcing whip has one branch per guardian, in the relation's order");
            }
            if c.branches.iter().all(|(_, b)| b.is_empty()) {
                return fail("an OR-k forcing whip of length 1 is the relation's own elimination");
            }
            for (g, branch) in &c.branches {
                let mut w = Walked::default();
                for (i, cell) in branch.iter().enumerate() {
                    let groups = c.kind.uses_groups();
                    variable_cell(state, *g, cell, (i + 1, false, groups), &mut w)?;
                }
                let end = w.rights.last().cloned().unwrap_or_else(|| vec![*g]);
                if c.asserts {
                    // SudoRules' `-value` rules take partial whips (p ≥ 1) ending on Z itself
                    if branch.is_empty() || end != [z] {
                        return fail(format!(
                            "the branch of {g} ends on {}, not on {z}: {z} is not forced",
                            item_text(&end)
                        ));
                    }
                } else if !linked_to(z, &end) {
                    return fail(format!(
                        "{z} is not linked to {}, where the branch of {g} ends",
                        item_text(&end)
                    ));
                }
            }
            Ok(())
        }
    }
}

impl crate::proof::PatternKind for OrkChain {
    fn rule_name(&self) -> (String, String, usize) {
        OrkChain::rule_name(self)
    }

    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.named(self.relation.guardians().iter().copied());
        let whip_cell = |out: &mut crate::proof::candidates::Collected, w: &WhipCell| {
            out.named(w.left_linking.iter().copied());
            out.named(w.right_linking.iter().flatten().copied());
        };
        for cell in &self.cells {
            if let OrkCell::Variable(w) = cell {
                whip_cell(out, w);
            }
        }
        for (_, branch) in &self.branches {
            for w in branch {
                whip_cell(out, w);
            }
        }
    }
}
