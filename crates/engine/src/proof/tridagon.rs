//! The tridagon (trivalue oddagon) and its anti-tridagon OR-k relations, as CSP-Rules 2.1
//! defines them ([CSP-Rules], `SudoRules-V20.1/EXOTIC/Tridagons/`: `Tridagon[12].clp`,
//! `ORk-anti-Tridagon[12].clp`, `ORk-degen-cyclic-anti-Tridagon[12].clp`), and its checker.
//!
//! **The impossible pattern.** Four blocks on two bands and two stacks (b11 and b12 in one
//! band, b21 and b22 in the other, b11 and b21 in one stack), three cells in each, in three
//! rows and three columns of the block, the cells of a row of the pattern in the two blocks
//! of its band and those of a column in the two blocks of its stack; three digits. Number
//! b11's cells 1–3: b12's cell i shares cell i's row, b21's cell i its column, and b22's
//! cell i b21's cell i's row. b22's cell i then lies in the column of one b12 cell σ(i):
//! the pattern is a tridagon when σ is **odd** (a transposition — CSP-Rules' three
//! configurations, "cells 357", "249" and "168"). Filling the twelve cells with the three
//! digits alone, each block's three distinct, each row's and column's two distinct, is then
//! impossible (mith, March 2022; [Berthier PBCS] 3rd ed. and the forum threads). So *the
//! candidates of the twelve cells other than the three digits — the guardians — are not all
//! false*: an OR-k relation between the k guardians.
//!
//! What it concludes here, as SudoRules does:
//! - **tridagon** (`tridagon[12]`): every cell holds the three digits, and the guardians are
//!   in one cell, the target cell: it is none of the three digits;
//! - **Trid-OR-k** (`ORk-anti-tridagon[12]` and its `ORk-whip[1]`): the guardians are
//!   spread over several cells; a candidate nrc-linked to every guardian is false (if true,
//!   every guardian would be false);
//! - **Degen-Cycl-Trid-OR-k** (`ORk-degen-cyclic-anti-tridagon[12]`): the same with cells
//!   that hold only two of the three digits, as long as each cell holds at least two and in
//!   each block each digit is in at least two cells (CSP-Rules' cyclicity condition: the
//!   three cells hold {x y}, {y z}, {z x} at least).
//!
//! SudoRules' `ORk-anti-tridagon` also asks that two of the digits be placed only in the
//! block of the third band and stack (the "o" block of its diagrams); that is a filter on
//! which relations it records, not a condition of the logic, and we do not apply it.
//!
//! **The checker** re-derives everything from the state: the geometry (blocks, rows,
//! columns, the odd orientation), the form (every cell's digits), the guardians (exactly the
//! open candidates of the twelve cells outside the three digits), and — independently of
//! the orientation argument — that no filling of the twelve cells from their open
//! candidates among the three digits respects the houses (a backtracking count); then that
//! each elimination is linked to every guardian.
//!
//! **Split relations** (CSP-Rules 2.1, `CSP-Rules-Generic/CHAIN-RULES-EXOTIC/SPLIT-ORk/`:
//! `split-ORk-ch[2]` … `ch[10]`, loaded with the OR2-contrad-whips, `?*allow-ORk-splitting*`
//! on by default): when two guardians g1 and g2 have the same valence through a chain of
//! bivalue links of even length (g1 = c0, c1, …, c2m = g2, each pair the only two open
//! candidates of a CSP variable, consecutive variables different), g1 true makes c1 false,
//! c2 true, …, g2 true; so the relation without g1 still holds (and the one without g2).
//! A pattern records each such step ([`Split`]: the guardian dropped, the one kept, the
//! chain between them); the checker re-derives the guardians, verifies each step on the
//! state and drops the guardian.

use super::facts::{conclusion, distinct, fail, no_assertions, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, State};
use serde::{Deserialize, Serialize};

/// The cells' contents the pattern asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TridagonForm {
    /// Every one of the twelve cells holds the three digits.
    Complete,
    /// Every cell holds at least two of them and, in each block, each digit is in at least
    /// two cells (CSP-Rules' degenerate-cyclic anti-tridagon).
    DegenerateCyclic,
    /// Every cell holds at least one of them, or was decided to one of them: what a
    /// complete or degenerate-cyclic pattern becomes as its cells lose digits along a path.
    /// SudoRules keeps an OR-k relation once found ("There remains a Trid-OR2-relation…")
    /// while its cells lose digits; re-derived from the state alone, the relation holds as
    /// long as the cells cannot be filled, which the checker verifies. The OR-k chains
    /// ([`super::ork`]) and the relation's own eliminations (`trid-ork`) start from this
    /// form; the one-guardian `tridagon` rule does not.
    Reduced,
}

/// A tridagon: three digits, four blocks of three cells in SudoRules' roles, the guardians.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TridagonPattern {
    /// The three digits, ascending.
    pub digits: [Digit; 3],
    /// The blocks b11, b12 (b11's band), b21 (b11's stack) and b22, each's cells aligned:
    /// b12's cell i in b11's cell i's row, b21's cell i in its column, b22's cell i in b21's
    /// cell i's row.
    pub blocks: [[Cell; 3]; 4],
    /// The open candidates of the twelve cells other than the three digits, ascending.
    pub guardians: Vec<Candidate>,
    pub form: TridagonForm,
    /// The guardians dropped by SudoRules' ORk-splitting, in order (none: the pattern's
    /// own relation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub split: Vec<Split>,
}

/// One split of an OR-k relation: `dropped` true makes `kept` true through `chain`, the
/// candidates strictly between them, each consecutive pair (from `dropped` to `kept`) the
/// only two open candidates of a CSP variable, an even number of such links.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Split {
    pub dropped: Candidate,
    pub kept: Candidate,
    pub chain: Vec<Candidate>,
}

/// The CSP variable of which `a` and `b` are the only two open candidates, if any.
fn bivalue_variable(state: &State, a: Candidate, b: Candidate) -> Option<crate::grid::CspVariable> {
    a.variables().into_iter().find(|v| {
        let open: Vec<Candidate> = v
            .candidates()
            .into_iter()
            .filter(|&c| state.has(c))
            .collect();
        open.len() == 2 && open.contains(&a) && open.contains(&b) && a != b
    })
}

/// Verify one split step on `state` against the `current` guardians.
pub(super) fn check_split(
    state: &State,
    current: &[Candidate],
    s: &Split,
) -> Result<(), CheckError> {
    if s.dropped == s.kept || !current.contains(&s.dropped) || !current.contains(&s.kept) {
        return fail("a split drops one guardian for another of the relation");
    }
    let path: Vec<Candidate> = std::iter::once(s.dropped)
        .chain(s.chain.iter().copied())
        .chain(std::iter::once(s.kept))
        .collect();
    let links = path.len() - 1;
    if !links.is_multiple_of(2) {
        return fail("a split's chain has an even number of bivalue links");
    }
    let mut seen = path.clone();
    seen.sort();
    seen.dedup();
    if seen.len() != path.len() {
        return fail("a split's chain repeats a candidate");
    }
    let mut prev = None;
    for w in path.windows(2) {
        let Some(v) = bivalue_variable(state, w[0], w[1]) else {
            return fail(format!(
                "{} and {} are not the only two candidates of a CSP variable",
                w[0], w[1]
            ));
        };
        if prev == Some(v) {
            return fail("a split's chain uses one CSP variable twice in a row");
        }
        prev = Some(v);
    }
    Ok(())
}

impl TridagonPattern {
    /// The twelve cells, block by block.
    pub fn cells(&self) -> Vec<Cell> {
        self.blocks.iter().flatten().copied().collect()
    }

    /// The one cell holding every guardian, if they are in one cell.
    pub fn target_cell(&self) -> Option<Cell> {
        let first = self.guardians.first()?.cell();
        self.guardians
            .iter()
            .all(|g| g.cell() == first)
            .then_some(first)
    }

    /// SudoRules' rule: `tridagon` (complete, guardians in one cell), `Trid-OR` or
    /// `Degen-Cycl-Trid-OR` (its OR-k relation).
    pub fn sudorules_name(&self) -> &'static str {
        match self.form {
            TridagonForm::Complete if self.target_cell().is_some() => "tridagon",
            TridagonForm::Complete => "Trid",
            TridagonForm::DegenerateCyclic => "Degen-Cycl-Trid",
            TridagonForm::Reduced => "Trid",
        }
    }

    /// `tridagon`, `trid-ork` or `degen-cycl-trid-ork`, family `tridagon`, length 12
    /// (CSP-Rules' complexity of the pattern: its cells).
    pub fn rule_name(&self) -> (String, String, usize) {
        let name = match self.sudorules_name() {
            "tridagon" => "tridagon",
            "Trid" => "trid-ork",
            _ => "degen-cycl-trid-ork",
        };
        (name.to_string(), "tridagon".to_string(), 12)
    }
}

/// The permutation σ of a pattern whose geometry holds: b22's cell i lies in b12's cell
/// σ(i)'s column.
fn orientation(blocks: &[[Cell; 3]; 4]) -> Option<[usize; 3]> {
    let mut sigma = [0; 3];
    for (i, s) in sigma.iter_mut().enumerate() {
        *s = (0..3).find(|&j| blocks[1][j].col() == blocks[3][i].col())?;
    }
    Some(sigma)
}

/// Whether a permutation of three is odd (a transposition).
pub fn is_odd(sigma: [usize; 3]) -> bool {
    let inversions = (0..3)
        .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
        .filter(|&(i, j)| sigma[i] > sigma[j])
        .count();
    inversions % 2 == 1
}

fn band(c: Cell) -> usize {
    c.row() / 3
}

fn stack(c: Cell) -> usize {
    c.col() / 3
}

/// The geometry of the pattern: blocks in their roles, three cells each in distinct rows
/// and columns, rows and columns aligned, the odd orientation.
fn check_geometry(blocks: &[[Cell; 3]; 4]) -> Result<(), CheckError> {
    for (k, b) in blocks.iter().enumerate() {
        if b.iter().any(|c| c.block() != b[0].block()) {
            return fail(format!(
                "the cells of the pattern's block {} are not in one block",
                k + 1
            ));
        }
        let rows: Vec<usize> = b.iter().map(|c| c.row()).collect();
        let cols: Vec<usize> = b.iter().map(|c| c.col()).collect();
        if !distinct(&rows) || !distinct(&cols) {
            return fail(format!(
                "the cells of b{} are not in three rows and three columns",
                b[0].block() + 1
            ));
        }
    }
    // each block by its first cell
    let [f11, f12, f21, f22] = blocks.map(|b| b[0]);
    if band(f11) != band(f12) || stack(f11) == stack(f12) {
        return fail("b12 is not another block of b11's band");
    }
    if stack(f11) != stack(f21) || band(f11) == band(f21) {
        return fail("b21 is not another block of b11's stack");
    }
    if band(f22) != band(f21) || stack(f22) != stack(f12) {
        return fail("b22 is not in b21's band and b12's stack");
    }
    let [b11, b12, b21, b22] = blocks;
    for (((a, b), c), d) in b11.iter().zip(b12).zip(b21).zip(b22) {
        if b.row() != a.row() || c.col() != a.col() || d.row() != c.row() {
            return fail("the blocks' cells are not aligned on the pattern's rows and columns");
        }
    }
    match orientation(blocks) {
        Some(sigma) if is_odd(sigma) => Ok(()),
        Some(_) => fail("the orientation is even: the pattern can be filled"),
        None => fail("b22's cells are not in b12's columns"),
    }
}

/// The digits among `digits` that `cell` holds open, or the one it was decided to.
fn pattern_digits(state: &State, cell: Cell, digits: &[Digit; 3]) -> Vec<Digit> {
    digits
        .iter()
        .copied()
        .filter(|&d| state.has(Candidate::new(cell, d)) || state.value(cell) == Some(d))
        .collect()
}

/// Whether the cells hold what `form` asks.
fn check_form(state: &State, p: &TridagonPattern) -> Result<(), CheckError> {
    for block in &p.blocks {
        for &c in block {
            let n = pattern_digits(state, c, &p.digits).len();
            let enough = match p.form {
                TridagonForm::Complete => 3,
                TridagonForm::DegenerateCyclic => 2,
                TridagonForm::Reduced => 1,
            };
            if n < enough {
                return fail(format!(
                    "{c} holds {n} of the pattern's digits, not {enough}"
                ));
            }
        }
        if p.form == TridagonForm::DegenerateCyclic {
            for &d in &p.digits {
                let places = block
                    .iter()
                    .filter(|&&c| state.has(Candidate::new(c, d)))
                    .count();
                if places < 2 {
                    return fail(format!(
                        "{d} is in {places} of b{}'s cells: the block is not cyclic",
                        block[0].block() + 1
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Whether the cells, each given one of its open candidates among `digits`, can be filled
/// with no two cells that see each other alike. Backtracking over at most 3^12 choices.
pub fn can_be_filled(state: &State, cells: &[Cell], digits: &[Digit; 3]) -> bool {
    let choices: Vec<Vec<Digit>> = cells
        .iter()
        .map(|&c| pattern_digits(state, c, digits))
        .collect();
    fn walk(cells: &[Cell], choices: &[Vec<Digit>], chosen: &mut Vec<Digit>) -> bool {
        let i = chosen.len();
        if i == cells.len() {
            return true;
        }
        for &d in &choices[i] {
            let clash = (0..i).any(|j| chosen[j] == d && cells[j].sees(cells[i]));
            if !clash {
                chosen.push(d);
                let found = walk(cells, choices, chosen);
                chosen.pop();
                if found {
                    return true;
                }
            }
        }
        false
    }
    walk(cells, &choices, &mut Vec::with_capacity(cells.len()))
}

/// The open candidates of `cells` whose digit is not one of `digits`, ascending.
pub(super) fn outside(state: &State, cells: &[Cell], digits: &[Digit]) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = cells
        .iter()
        .flat_map(|&c| Digit::all().map(move |d| Candidate::new(c, d)))
        .filter(|c| state.has(*c) && !digits.contains(&c.digit()))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Each elimination is open, no guardian, and nrc-linked to every guardian: if it were
/// true, every guardian would be false.
pub(super) fn check_linked_to_all(
    proof: &Proof,
    guardians: &[Candidate],
) -> Result<(), CheckError> {
    no_assertions(proof)?;
    if proof.eliminations.is_empty() {
        return fail("an OR relation's proof eliminates something");
    }
    if !distinct(&proof.eliminations) {
        return fail("an elimination is listed twice");
    }
    for &t in &proof.eliminations {
        if guardians.contains(&t) {
            return Err(conclusion(t, "it is a guardian"));
        }
        if let Some(g) = guardians.iter().find(|&&g| !t.is_linked(g)) {
            return Err(conclusion(
                t,
                &format!("it is not linked to the guardian {g}"),
            ));
        }
    }
    Ok(())
}

/// Verify a tridagon or anti-tridagon OR-k relation and its eliminations on `state`.
pub(super) fn check(state: &State, proof: &Proof, p: &TridagonPattern) -> Result<(), CheckError> {
    check_relation(state, p)?;
    check_linked_to_all(proof, &p.guardians)
}

/// Verify that the pattern holds on `state` and that its guardians are exactly the listed
/// ones, so that at least one of them is true (the OR-k relation the chains of
/// [`super::ork`] start from).
pub(super) fn check_relation(state: &State, p: &TridagonPattern) -> Result<(), CheckError> {
    if !distinct(&p.digits) {
        return fail("a tridagon has three different digits");
    }
    check_geometry(&p.blocks)?;
    let cells = p.cells();
    // a decided cell stays in a reduced pattern when decided to one of the digits (the
    // relation SudoRules keeps once asserted); a cell decided to another digit would be a
    // true guardian
    for &c in &cells {
        match state.value(c) {
            None => {}
            Some(d) if p.form == TridagonForm::Reduced && p.digits.contains(&d) => {}
            Some(_) => return fail(format!("{c} is not an open cell")),
        }
    }
    check_form(state, p)?;
    let mut guardians = outside(state, &cells, &p.digits);
    for s in &p.split {
        check_split(state, &guardians, s)?;
        guardians.retain(|&g| g != s.dropped);
    }
    if guardians != p.guardians {
        return fail(format!(
            "the guardians are the open candidates of the cells outside the digits: {}",
            guardians
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    if guardians.is_empty() {
        return fail("a tridagon without guardians: the state is contradictory");
    }
    if can_be_filled(state, &cells, &p.digits) {
        return fail("the twelve cells can be filled with the three digits");
    }
    Ok(())
}

impl crate::proof::PatternKind for TridagonPattern {
    fn rule_name(&self) -> (String, String, usize) {
        TridagonPattern::rule_name(self)
    }

    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.spanned(&self.cells(), Some(&self.digits));
        out.named(self.guardians.iter().copied());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_permutations() -> Vec<[usize; 3]> {
        let mut out = Vec::new();
        for a in 0..3 {
            for b in 0..3 {
                for c in 0..3 {
                    if a != b && b != c && a != c {
                        out.push([a, b, c]);
                    }
                }
            }
        }
        out
    }

    /// Blocks 1, 2, 4, 5 on their diagonals, b22 in b12's columns by `sigma`.
    fn pattern_cells(sigma: [usize; 3]) -> [[Cell; 3]; 4] {
        let b11 = [0, 1, 2].map(|i| Cell::at(i, i));
        let b12 = [0, 1, 2].map(|i| Cell::at(i, 3 + i));
        let b21 = [0, 1, 2].map(|i| Cell::at(3 + i, i));
        let b22 = [0, 1, 2].map(|i| Cell::at(3 + i, 3 + sigma[i]));
        [b11, b12, b21, b22]
    }

    #[test]
    fn the_odd_orientations_alone_cannot_be_filled() {
        let state = State::empty();
        let digits = [1, 2, 3].map(|d| Digit::new(d).unwrap());
        for sigma in all_permutations() {
            let blocks = pattern_cells(sigma);
            let cells: Vec<Cell> = blocks.iter().flatten().copied().collect();
            assert_eq!(
                can_be_filled(&state, &cells, &digits),
                !is_odd(sigma),
                "{sigma:?}"
            );
            assert_eq!(check_geometry(&blocks).is_ok(), is_odd(sigma));
        }
        // CSP-Rules' three configurations are the three transpositions
        let odd: Vec<[usize; 3]> = all_permutations()
            .into_iter()
            .filter(|&s| is_odd(s))
            .collect();
        assert_eq!(odd, [[0, 2, 1], [1, 0, 2], [2, 1, 0]]);
    }
}
