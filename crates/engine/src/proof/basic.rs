//! The basic rules' patterns ([Berthier NRC]'s L4_0 rules): singles, interactions, naked and
//! hidden subsets, fish of rows against columns, XY- and XYZ-wings — a view of each
//! variant's fields (what [`crate::proof::on_pattern`] binds) and one checker each, reading
//! only the state; and HoDoKu's locked pair and triple ([`LockedSubset`]), a naked subset
//! of two houses at once.

use super::candidates::Collected;
use super::facts::{
    cell_digits, conclusion, digit_placed_in, distinct, fail, no_assertions, open_in_house, sees,
    CheckError,
};
use super::{fish_name, in_a_house, subset_name, PatternKind, Proof};
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A naked single's fields, as [`crate::proof::on_pattern`] shows the variant.
pub struct NakedSingle {
    pub cell: Cell,
    pub digit: Digit,
}

/// A hidden single's fields.
pub struct HiddenSingle {
    pub house: House,
    pub digit: Digit,
    pub cell: Cell,
}

/// An interaction's fields.
pub struct Interaction {
    pub digit: Digit,
    pub house: House,
    pub into: House,
}

/// A naked subset's fields.
pub struct NakedSubset<'a> {
    pub house: House,
    pub cells: &'a [Cell],
    pub digits: &'a [Digit],
}

/// HoDoKu's locked pair or triple: two or three cells where `block` and `line` cross
/// holding only as many `digits`, which therefore leave the rest of both houses. HoDoKu
/// names the step so only when it clears both: a candidate of the line outside the block
/// and one of the block outside the cells (otherwise it is a naked pair or triple).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockedSubset {
    pub block: House,
    pub line: House,
    pub cells: Vec<Cell>,
    pub digits: Vec<Digit>,
}

/// A hidden subset's fields.
pub struct HiddenSubset<'a> {
    pub house: House,
    pub digits: &'a [Digit],
    pub cells: &'a [Cell],
}

/// A fish of rows against columns: its fields.
pub struct LineFish<'a> {
    pub digit: Digit,
    pub base: &'a [House],
    pub cover: &'a [House],
}

/// An XY-wing's fields.
pub struct XyWing {
    pub pivot: Cell,
    pub pincers: [Cell; 2],
    pub z: Digit,
}

/// An XYZ-wing's fields.
pub struct XyzWing {
    pub pivot: Cell,
    pub pincers: [Cell; 2],
    pub z: Digit,
}

impl PatternKind for NakedSingle {
    fn rule_name(&self) -> (String, String, usize) {
        ("naked-single".into(), "singles".into(), 1)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        naked_single(state, proof, &self.cell, &self.digit)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.named([Candidate::new(self.cell, self.digit)])
    }
}

impl PatternKind for HiddenSingle {
    fn rule_name(&self) -> (String, String, usize) {
        let name = format!("hidden-single-{}", in_a_house(self.house));
        (name, "singles".into(), 1)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        hidden_single(state, proof, &self.house, &self.digit, &self.cell)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.named([Candidate::new(self.cell, self.digit)])
    }
}

impl PatternKind for Interaction {
    fn rule_name(&self) -> (String, String, usize) {
        ("interaction".into(), "interactions".into(), 1)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        interaction(state, proof, &self.digit, &self.house, &self.into)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.digit_in(&[self.house], self.digit)
    }
}

impl PatternKind for NakedSubset<'_> {
    fn rule_name(&self) -> (String, String, usize) {
        let n = self.cells.len();
        let name = format!("naked-{}-{}", subset_name(n), in_a_house(self.house));
        (name, "subsets".into(), n)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        naked_subset(state, proof, &self.house, self.cells, self.digits)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.spanned(self.cells, Some(self.digits))
    }
}

impl PatternKind for LockedSubset {
    fn rule_name(&self) -> (String, String, usize) {
        let n = self.cells.len();
        let name = if n == 2 {
            "locked-pair"
        } else {
            "locked-triple"
        };
        (name.into(), "subsets".into(), n)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        locked_subset(state, proof, self)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.spanned(&self.cells, Some(&self.digits))
    }
}

impl PatternKind for HiddenSubset<'_> {
    fn rule_name(&self) -> (String, String, usize) {
        let n = self.cells.len();
        let name = format!("hidden-{}-{}", subset_name(n), in_a_house(self.house));
        (name, "subsets".into(), n)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        hidden_subset(state, proof, &self.house, self.digits, self.cells)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.spanned(self.cells, Some(self.digits))
    }
}

impl PatternKind for LineFish<'_> {
    fn rule_name(&self) -> (String, String, usize) {
        let lines = if matches!(self.base[0], House::Row(_)) {
            "rows"
        } else {
            "columns"
        };
        let n = self.base.len();
        (format!("{}-in-{lines}", fish_name(n)), "fish".into(), n)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        fish(state, proof, &self.digit, self.base, self.cover)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.digit_in(self.base, self.digit)
    }
}

impl PatternKind for XyWing {
    fn rule_name(&self) -> (String, String, usize) {
        ("xy-wing".into(), "xy-wing".into(), 3)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        xy_wing(state, proof, &self.pivot, &self.pincers, &self.z)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.spanned(&[self.pivot, self.pincers[0], self.pincers[1]], None)
    }
}

impl PatternKind for XyzWing {
    fn rule_name(&self) -> (String, String, usize) {
        ("xyz-wing".into(), "xyz-wing".into(), 3)
    }
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        xyz_wing(state, proof, &self.pivot, &self.pincers, &self.z)
    }
    fn collect_candidates(&self, out: &mut Collected) {
        out.spanned(&[self.pivot, self.pincers[0], self.pincers[1]], None)
    }
}

/// A naked single: the cell has one candidate left, and the proof places it.
pub(super) fn naked_single(
    state: &State,
    proof: &Proof,
    cell: &Cell,
    digit: &Digit,
) -> Result<(), CheckError> {
    if cell_digits(state, *cell) != BTreeSet::from([*digit]) {
        return fail(format!("{cell} is not a naked single {digit}"));
    }
    expect_assertion(proof, Candidate::new(*cell, *digit))
}

/// A hidden single: the digit has one place left in the house, and the proof places it.
pub(super) fn hidden_single(
    state: &State,
    proof: &Proof,
    house: &House,
    digit: &Digit,
    cell: &Cell,
) -> Result<(), CheckError> {
    if !house.contains(*cell) || open_in_house(state, *house, *digit) != vec![*cell] {
        return fail(format!(
            "{digit} has not exactly one place {cell} in {house}"
        ));
    }
    expect_assertion(proof, Candidate::new(*cell, *digit))
}

/// An interaction: every place of the digit in `house` lies in `into`, a crossing house; the digit
/// goes from the rest of `into`.
pub(super) fn interaction(
    state: &State,
    proof: &Proof,
    digit: &Digit,
    house: &House,
    into: &House,
) -> Result<(), CheckError> {
    let crossing = matches!(
        (house, into),
        (House::Block(_), House::Row(_) | House::Column(_))
            | (House::Row(_) | House::Column(_), House::Block(_))
    );
    let places = open_in_house(state, *house, *digit);
    if !crossing || places.is_empty() || !places.iter().all(|c| into.contains(*c)) {
        return fail(format!("{digit} in {house} is not confined to {into}"));
    }
    no_assertions(proof)?;
    for &t in &proof.eliminations {
        let ok = t.digit() == *digit && into.contains(t.cell()) && !house.contains(t.cell());
        if !ok {
            return Err(conclusion(
                t,
                "not the digit in the rest of the crossing house",
            ));
        }
    }
    Ok(())
}

/// A naked subset: `cells` of `house` hold only `digits`, as many; those digits go from the
/// house's other cells.
pub(super) fn naked_subset(
    state: &State,
    proof: &Proof,
    house: &House,
    cells: &[Cell],
    digits: &[Digit],
) -> Result<(), CheckError> {
    let n = cells.len();
    if !(1..=8).contains(&n) || digits.len() != n || !distinct(cells) || !distinct(digits) {
        return fail("a naked subset needs as many distinct cells as digits");
    }
    let allowed: BTreeSet<Digit> = digits.iter().copied().collect();
    for &c in cells {
        let ds = cell_digits(state, c);
        if !house.contains(c) || ds.is_empty() || !ds.is_subset(&allowed) {
            return fail(format!(
                "{c} is not a cell of {house} holding only those digits"
            ));
        }
    }
    no_assertions(proof)?;
    for &t in &proof.eliminations {
        let ok =
            allowed.contains(&t.digit()) && house.contains(t.cell()) && !cells.contains(&t.cell());
        if !ok {
            return Err(conclusion(t, "not a subset digit elsewhere in the house"));
        }
    }
    Ok(())
}

/// A locked pair or triple: the cells lie in the block and the line, hold only the
/// digits, and every conclusion is one of the digits elsewhere in either house, with
/// some in the line outside the block and some in the block.
fn locked_subset(state: &State, proof: &Proof, p: &LockedSubset) -> Result<(), CheckError> {
    let (block, line) = (&p.block, &p.line);
    if !matches!(block, House::Block(_)) || matches!(line, House::Block(_)) {
        return fail("a locked subset needs a block and a line");
    }
    let n = p.cells.len();
    if !(2..=3).contains(&n) || p.digits.len() != n || !distinct(&p.cells) || !distinct(&p.digits) {
        return fail("a locked subset is two or three distinct cells holding as many digits");
    }
    let allowed: BTreeSet<Digit> = p.digits.iter().copied().collect();
    for &c in &p.cells {
        let ds = cell_digits(state, c);
        if !block.contains(c) || !line.contains(c) || ds.is_empty() || !ds.is_subset(&allowed) {
            return fail(format!(
                "{c} is not a cell of {block} and {line} holding only those digits"
            ));
        }
    }
    no_assertions(proof)?;
    let (mut in_line, mut in_block) = (false, false);
    for &t in &proof.eliminations {
        let c = t.cell();
        let ok = allowed.contains(&t.digit())
            && !p.cells.contains(&c)
            && (block.contains(c) || line.contains(c));
        if !ok {
            return Err(conclusion(
                t,
                "not a subset digit elsewhere in the block or the line",
            ));
        }
        in_block |= block.contains(c);
        in_line |= !block.contains(c);
    }
    if !(in_line && in_block) {
        return fail("a locked subset clears both its line (outside the block) and its block");
    }
    Ok(())
}

/// A hidden subset: `digits` have their places in `house` only in `cells`, as many; the cells'
/// other digits go.
pub(super) fn hidden_subset(
    state: &State,
    proof: &Proof,
    house: &House,
    digits: &[Digit],
    cells: &[Cell],
) -> Result<(), CheckError> {
    let n = cells.len();
    if !(1..=8).contains(&n) || digits.len() != n || !distinct(cells) || !distinct(digits) {
        return fail("a hidden subset needs as many distinct digits as cells");
    }
    for &d in digits {
        let places = open_in_house(state, *house, d);
        if digit_placed_in(state, *house, d)
            || places.is_empty()
            || !places.iter().all(|c| cells.contains(c))
        {
            return fail(format!(
                "{d} is not confined to the subset cells in {house}"
            ));
        }
    }
    no_assertions(proof)?;
    for &t in &proof.eliminations {
        if !cells.contains(&t.cell()) || digits.contains(&t.digit()) {
            return Err(conclusion(t, "not another digit in a subset cell"));
        }
    }
    Ok(())
}

/// A fish: every place of the digit in the `base` lines lies in the `cover` lines (rows against
/// columns), as many; the digit goes from the covers outside the base.
pub(super) fn fish(
    state: &State,
    proof: &Proof,
    digit: &Digit,
    base: &[House],
    cover: &[House],
) -> Result<(), CheckError> {
    let n = base.len();
    let rows = |hs: &[House]| hs.iter().all(|h| matches!(h, House::Row(_)));
    let cols = |hs: &[House]| hs.iter().all(|h| matches!(h, House::Column(_)));
    let shape = (rows(base) && cols(cover)) || (cols(base) && rows(cover));
    if !(2..=8).contains(&n) || cover.len() != n || !shape || !distinct(base) || !distinct(cover) {
        return fail("a fish needs n distinct base lines and n cover lines of the other kind");
    }
    for &b in base {
        let places = open_in_house(state, b, *digit);
        if digit_placed_in(state, b, *digit)
            || places.is_empty()
            || !places.iter().all(|&c| cover.iter().any(|h| h.contains(c)))
        {
            return fail(format!("{digit} in {b} is not covered by the cover lines"));
        }
    }
    no_assertions(proof)?;
    for &t in &proof.eliminations {
        let ok = t.digit() == *digit
            && cover.iter().any(|h| h.contains(t.cell()))
            && !base.iter().any(|h| h.contains(t.cell()));
        if !ok {
            return Err(conclusion(
                t,
                "not the fish digit in a cover line outside the base",
            ));
        }
    }
    Ok(())
}

/// An XY-wing: pivot {x y}, pincers {x z} and {y z} seeing it; z goes from cells seeing both
/// pincers.
pub(super) fn xy_wing(
    state: &State,
    proof: &Proof,
    pivot: &Cell,
    pincers: &[Cell; 2],
    z: &Digit,
) -> Result<(), CheckError> {
    let p = cell_digits(state, *pivot);
    let a = cell_digits(state, pincers[0]);
    let b = cell_digits(state, pincers[1]);
    let shape = p.len() == 2
        && a.len() == 2
        && b.len() == 2
        && !p.contains(z)
        && a.contains(z)
        && b.contains(z)
        && a.union(&b).copied().collect::<BTreeSet<_>>() == p.iter().copied().chain([*z]).collect()
        && a != b
        && sees(*pivot, pincers[0])
        && sees(*pivot, pincers[1]);
    if !shape {
        return fail("not an xy-wing: pivot {x y}, pincers {x z} {y z} seeing the pivot");
    }
    wing_targets(proof, *z, &[pincers[0], pincers[1]])
}

/// An XYZ-wing: pivot {x y z}, pincers {x z} and {y z} seeing it; z goes from cells seeing all
/// three.
pub(super) fn xyz_wing(
    state: &State,
    proof: &Proof,
    pivot: &Cell,
    pincers: &[Cell; 2],
    z: &Digit,
) -> Result<(), CheckError> {
    let p = cell_digits(state, *pivot);
    let a = cell_digits(state, pincers[0]);
    let b = cell_digits(state, pincers[1]);
    let shape = p.len() == 3
        && a.len() == 2
        && b.len() == 2
        && a.contains(z)
        && b.contains(z)
        && a != b
        && a.is_subset(&p)
        && b.is_subset(&p)
        && sees(*pivot, pincers[0])
        && sees(*pivot, pincers[1]);
    if !shape {
        return fail("not an xyz-wing: pivot {x y z}, pincers {x z} {y z} seeing the pivot");
    }
    wing_targets(proof, *z, &[*pivot, pincers[0], pincers[1]])
}

fn wing_targets(proof: &Proof, z: Digit, seen: &[Cell]) -> Result<(), CheckError> {
    no_assertions(proof)?;
    for &t in &proof.eliminations {
        if t.digit() != z || !seen.iter().all(|&c| sees(c, t.cell())) {
            return Err(conclusion(
                t,
                "not the digit z in a cell seeing every wing cell",
            ));
        }
    }
    Ok(())
}

fn expect_assertion(proof: &Proof, c: Candidate) -> Result<(), CheckError> {
    if proof.assertions != vec![c] || !proof.eliminations.is_empty() {
        return fail(format!("a single asserts exactly {}", c.assertion()));
    }
    Ok(())
}
