//! Almost-locked-set patterns ([Hanson SA], "Almost-Locked Sets"; HoDoKu's names): ALS-XZ
//! (two ALS singly linked by a restricted common digit X, with another common digit Z),
//! the doubly linked pair (two restricted commons), ALS-XY-wing (A and B each linked to C,
//! Z common to A and B) and the death blossom (a stem cell, one ALS per candidate).
//!
//! The checker rebuilds every set and link from the state alone.

use super::facts::{cell_digits, conclusion, distinct, fail, no_assertions, sees, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Which ALS rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AlsKind {
    /// Two ALS, one restricted common X, eliminations of another common digit Z.
    Xz,
    /// Two ALS, two restricted commons: each set is locked but for one of them.
    DoublyLinked,
    /// A–C linked by X, B–C by Y, Z common to A and B.
    XyWing,
    /// A stem cell whose every candidate is the restricted common of one petal ALS.
    DeathBlossom,
}

impl AlsKind {
    /// The technique name (`als-xz`, `als-doubly-linked`, `als-xy-wing`, `death-blossom`).
    pub fn name(self) -> &'static str {
        match self {
            AlsKind::Xz => "als-xz",
            AlsKind::DoublyLinked => "als-doubly-linked",
            AlsKind::XyWing => "als-xy-wing",
            AlsKind::DeathBlossom => "death-blossom",
        }
    }
}

/// One almost-locked set: `cells` of `house` holding exactly `digits`, one more than cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AlsSet {
    pub house: House,
    pub cells: Vec<Cell>,
    pub digits: Vec<Digit>,
}

/// A restricted common digit between two sets (indices into the pattern's sets), or
/// between the stem and a petal (`sets[0]` is the petal, `sets[1]` unused for blossoms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Rcc {
    pub sets: [usize; 2],
    pub digit: Digit,
}

/// An ALS rule instance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AlsPattern {
    pub kind: AlsKind,
    /// A, B (and C for the wing), or the petals of a death blossom in stem-digit order.
    pub sets: Vec<AlsSet>,
    /// X (xz), X1 and X2 (doubly linked), A–C and B–C (wing); the stem digit of each petal
    /// (blossom, `sets: [petal, petal]`).
    pub rccs: Vec<Rcc>,
    /// The stem cell of a death blossom.
    pub stem: Option<Cell>,
    /// The digits whose eliminations it concludes (Z), none for the doubly linked pair.
    pub z: Vec<Digit>,
    /// Some sets share cells (HoDoKu's "allow overlap"): allowed when no restricted common
    /// digit lies in a shared cell. Rule names get `-overlap`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub overlap: bool,
}

impl AlsPattern {
    /// (`als-xz`, or `als-xz-overlap` when sets share cells; family `als`; cells in all
    /// sets).
    pub fn rule_name(&self) -> (String, String, usize) {
        let cells = self.sets.iter().map(|s| s.cells.len()).sum();
        let name = if self.overlap {
            format!("{}-overlap", self.kind.name())
        } else {
            self.kind.name().to_string()
        };
        (name, "als".to_string(), cells)
    }
}

/// The cells of `set` holding `d` in the state.
fn holders(state: &State, set: &AlsSet, d: Digit) -> Vec<Cell> {
    set.cells
        .iter()
        .copied()
        .filter(|&c| state.has(Candidate::new(c, d)))
        .collect()
}

fn check_set(state: &State, set: &AlsSet) -> Result<(), CheckError> {
    let n = set.cells.len();
    if n == 0 || !distinct(&set.cells) || !distinct(&set.digits) || set.digits.len() != n + 1 {
        return fail("an ALS needs N distinct cells and N + 1 distinct digits");
    }
    let mut union = BTreeSet::new();
    for &c in &set.cells {
        let ds = cell_digits(state, c);
        if !set.house.contains(c) || ds.is_empty() {
            return fail(format!("{c} is not an unsolved cell of {}", set.house));
        }
        union.extend(ds);
    }
    if union != set.digits.iter().copied().collect() {
        return fail(format!(
            "the cells of the ALS in {} do not hold exactly its digits",
            set.house
        ));
    }
    Ok(())
}

/// Every cell of `a` holding `d` sees every cell of `b` holding `d`, and both hold it.
fn restricted(state: &State, a: &AlsSet, b: &AlsSet, d: Digit) -> bool {
    let (ha, hb) = (holders(state, a, d), holders(state, b, d));
    !ha.is_empty() && !hb.is_empty() && ha.iter().all(|&x| hb.iter().all(|&y| sees(x, y)))
}

fn disjoint(a: &AlsSet, b: &AlsSet) -> bool {
    a.cells.iter().all(|c| !b.cells.contains(c))
}

/// Two sets of one pattern: disjoint, or, when the pattern allows overlap, different sets
/// (a shared cell never carries a restricted common: [`restricted`] asks every place of
/// the digit to see every other, and a cell does not see itself).
fn may_pair(p: &AlsPattern, a: &AlsSet, b: &AlsSet) -> bool {
    if p.overlap {
        let (mut x, mut y) = (a.cells.clone(), b.cells.clone());
        x.sort();
        y.sort();
        x != y
    } else {
        disjoint(a, b)
    }
}

/// Whether some two of the pattern's sets share a cell.
fn any_overlap(p: &AlsPattern) -> bool {
    p.sets
        .iter()
        .enumerate()
        .any(|(i, a)| p.sets[i + 1..].iter().any(|b| !disjoint(a, b)))
}

/// Each target has one of `digits` and sees every cell of `sets` holding its digit.
fn targets_see_all(
    state: &State,
    proof: &Proof,
    sets: &[&AlsSet],
    allowed: &dyn Fn(Digit) -> bool,
) -> Result<(), CheckError> {
    for &t in &proof.eliminations {
        let d = t.digit();
        let all: Vec<Cell> = sets.iter().flat_map(|s| holders(state, s, d)).collect();
        if !allowed(d) || all.is_empty() || !all.iter().all(|&h| sees(h, t.cell())) {
            return Err(conclusion(
                t,
                "not a Z digit seeing every cell of the sets holding it",
            ));
        }
    }
    Ok(())
}

/// Check an ALS pattern on the state.
pub fn check(state: &State, proof: &Proof, p: &AlsPattern) -> Result<(), CheckError> {
    no_assertions(proof)?;
    for s in &p.sets {
        check_set(state, s)?;
    }
    if p.overlap != any_overlap(p) {
        return fail("the pattern's overlap flag does not match its sets");
    }
    if p.overlap && p.kind == AlsKind::DoublyLinked {
        return fail("a doubly linked pair needs disjoint sets");
    }
    match p.kind {
        AlsKind::Xz | AlsKind::DoublyLinked => check_pair(state, proof, p),
        AlsKind::XyWing => check_xy_wing(state, proof, p),
        AlsKind::DeathBlossom => check_death_blossom(state, proof, p),
    }
}

/// The set number `i` of the pattern.
fn set(p: &AlsPattern, i: usize) -> Result<&AlsSet, CheckError> {
    p.sets
        .get(i)
        .ok_or_else(|| CheckError::Pattern(format!("no ALS number {i}")))
}

/// The Z digits, as a set.
fn z_digits(p: &AlsPattern) -> BTreeSet<Digit> {
    p.z.iter().copied().collect()
}

/// ALS-XZ and the doubly linked pair: two ALS, one or two restricted common digits between
/// them (different); then the Z digits' targets (XZ) or the doubly linked pair's.
fn check_pair(state: &State, proof: &Proof, p: &AlsPattern) -> Result<(), CheckError> {
    let want = if p.kind == AlsKind::Xz { 1 } else { 2 };
    if p.sets.len() != 2 || p.rccs.len() != want || !may_pair(p, &p.sets[0], &p.sets[1]) {
        return fail(format!(
            "{} needs two disjoint (or, with overlap, different) ALS and {want} restricted common digit(s)",
            p.kind.name()
        ));
    }
    let (a, b) = (&p.sets[0], &p.sets[1]);
    for r in &p.rccs {
        if r.sets != [0, 1] || !restricted(state, a, b, r.digit) {
            return fail(format!("{} is not a restricted common digit", r.digit));
        }
    }
    let x: Vec<Digit> = p.rccs.iter().map(|r| r.digit).collect();
    if !distinct(&x) {
        return fail("the two restricted common digits must differ");
    }
    if p.kind == AlsKind::Xz {
        let zs = z_digits(p);
        let ok =
            p.z.iter()
                .all(|z| !x.contains(z) && a.digits.contains(z) && b.digits.contains(z));
        if !ok {
            return fail("each Z must be another digit common to both ALS");
        }
        return targets_see_all(state, proof, &[a, b], &|d| zs.contains(&d));
    }
    doubly_linked_targets(state, proof, [a, b], &x)
}

/// The doubly linked pair's targets: a restricted common (of `x`) seeing its places in
/// both sets, or another digit, locked in its set, seeing its places there.
fn doubly_linked_targets(
    state: &State,
    proof: &Proof,
    [a, b]: [&AlsSet; 2],
    x: &[Digit],
) -> Result<(), CheckError> {
    for &t in &proof.eliminations {
        let d = t.digit();
        let sees_in = |sets: &[&AlsSet]| {
            let all: Vec<Cell> = sets.iter().flat_map(|s| holders(state, s, d)).collect();
            !all.is_empty() && all.iter().all(|&h| sees(h, t.cell()))
        };
        let ok = if x.contains(&d) {
            sees_in(&[a, b])
        } else {
            (a.digits.contains(&d) && sees_in(&[a])) || (b.digits.contains(&d) && sees_in(&[b]))
        };
        if !ok {
            return Err(conclusion(
                t,
                "neither a restricted common seeing both sets' places nor a locked digit seeing its set's places",
            ));
        }
    }
    Ok(())
}

/// ALS-XY-wing: A–C linked by X, B–C by Y (X ≠ Y), the Z digits common to A and B, other
/// than X and Y; each target a Z seeing its places in A and B.
fn check_xy_wing(state: &State, proof: &Proof, p: &AlsPattern) -> Result<(), CheckError> {
    if p.sets.len() != 3 || p.rccs.len() != 2 {
        return fail("an ALS-XY-wing needs three ALS and two restricted commons");
    }
    let (a, b, c) = (set(p, 0)?, set(p, 1)?, set(p, 2)?);
    if !(may_pair(p, a, b) && may_pair(p, a, c) && may_pair(p, b, c)) {
        return fail("the three ALS must be disjoint (or, with overlap, different)");
    }
    let (x, y) = (p.rccs[0], p.rccs[1]);
    if x.sets != [0, 2] || y.sets != [1, 2] || x.digit == y.digit {
        return fail("the wing needs X between A and C, Y between B and C, X ≠ Y");
    }
    if !restricted(state, a, c, x.digit) || !restricted(state, b, c, y.digit) {
        return fail("X or Y is not a restricted common digit");
    }
    let ok = !p.z.is_empty()
        && p.z.iter().all(|z| {
            *z != x.digit && *z != y.digit && a.digits.contains(z) && b.digits.contains(z)
        });
    if !ok {
        return fail("each Z must be common to A and B, other than X and Y");
    }
    let zs = z_digits(p);
    targets_see_all(state, proof, &[a, b], &|d| zs.contains(&d))
}

/// Death blossom: one petal per candidate of the stem cell, each holding its stem digit
/// only in cells seeing the stem; the Z digits in every petal and not stem candidates; each
/// target a Z seeing its places in every petal.
fn check_death_blossom(state: &State, proof: &Proof, p: &AlsPattern) -> Result<(), CheckError> {
    let Some(stem) = p.stem else {
        return fail("a death blossom needs a stem cell");
    };
    let stem_digits = cell_digits(state, stem);
    let petal_digits: Vec<Digit> = p.rccs.iter().map(|r| r.digit).collect();
    if p.rccs.len() != p.sets.len()
        || petal_digits.iter().copied().collect::<BTreeSet<_>>() != stem_digits
        || !distinct(&petal_digits)
    {
        return fail("a death blossom has one petal for each candidate of its stem");
    }
    // petals may share cells, or be one set for two stem digits, when overlap is
    // allowed: each petal is locked on its own once its stem digit is true
    let petals_disjoint = p
        .sets
        .iter()
        .enumerate()
        .all(|(i, a)| p.sets[i + 1..].iter().all(|b| disjoint(a, b)));
    if !p.overlap && !petals_disjoint {
        return fail("the petals must be disjoint");
    }
    for (i, r) in p.rccs.iter().enumerate() {
        let petal = set(p, i)?;
        let places = holders(state, petal, r.digit);
        if r.sets != [i, i]
            || petal.cells.contains(&stem)
            || places.is_empty()
            || !places.iter().all(|&h| sees(h, stem))
        {
            return fail(format!(
                "petal {} does not hold {} only in cells seeing the stem {stem}",
                i + 1,
                r.digit
            ));
        }
    }
    let ok = !p.z.is_empty()
        && p.z
            .iter()
            .all(|z| !stem_digits.contains(z) && p.sets.iter().all(|s| s.digits.contains(z)));
    if !ok {
        return fail("each Z must be in every petal and not a stem candidate");
    }
    let zs = z_digits(p);
    let petals: Vec<&AlsSet> = p.sets.iter().collect();
    targets_see_all(state, proof, &petals, &|d| zs.contains(&d))
}

/// Sue de Coq (HoDoKu's name; [Hanson SA] sees two ALS on a box-line intersection): `core`,
/// two or three cells of `line` ∩ `block` holding at least two digits more than cells;
/// `line_cells` in the line outside the block and `box_cells` in the block outside the line,
/// their digits disjoint, together as many cells as digits. Every digit is then placed once
/// in these cells: the line cells' digits and the core's not in the box cells leave the rest
/// of the line, the box cells' digits and the core's not in the line cells the rest of the
/// block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct SueDeCoq {
    pub line: House,
    pub block: House,
    pub core: Vec<Cell>,
    pub line_cells: Vec<Cell>,
    pub box_cells: Vec<Cell>,
}

impl SueDeCoq {
    /// Its cells: the core, then the line cells, then the box cells.
    pub fn cells(&self) -> Vec<Cell> {
        self.core
            .iter()
            .chain(&self.line_cells)
            .chain(&self.box_cells)
            .copied()
            .collect()
    }

    /// (`sue-de-coq`, family `als`, all cells).
    pub fn rule_name(&self) -> (String, String, usize) {
        (
            "sue-de-coq".to_string(),
            "als".to_string(),
            self.core.len() + self.line_cells.len() + self.box_cells.len(),
        )
    }
}

pub fn digits_of_cells(state: &State, cells: &[Cell]) -> BTreeSet<Digit> {
    cells.iter().flat_map(|&c| cell_digits(state, c)).collect()
}

/// Check a Sue de Coq and its eliminations.
pub fn check_sue_de_coq(state: &State, proof: &Proof, s: &SueDeCoq) -> Result<(), CheckError> {
    no_assertions(proof)?;
    let (line, block) = (s.line, s.block);
    let shape = matches!(block, House::Block(_)) && !matches!(line, House::Block(_));
    let all = s.cells();
    if !shape
        || !(2..=3).contains(&s.core.len())
        || s.line_cells.is_empty()
        || s.box_cells.is_empty()
        || !distinct(&all)
    {
        return fail("a Sue de Coq needs 2–3 core cells, line cells and box cells, all distinct");
    }
    let unsolved = |c: &Cell| !cell_digits(state, *c).is_empty();
    let ok = all.iter().all(unsolved)
        && s.core
            .iter()
            .all(|&c| line.contains(c) && block.contains(c))
        && s.line_cells
            .iter()
            .all(|&c| line.contains(c) && !block.contains(c))
        && s.box_cells
            .iter()
            .all(|&c| block.contains(c) && !line.contains(c));
    if !ok {
        return fail("the core is not in the line and the block, or a side cell is misplaced");
    }
    let (vc, vl, vb) = (
        digits_of_cells(state, &s.core),
        digits_of_cells(state, &s.line_cells),
        digits_of_cells(state, &s.box_cells),
    );
    if vc.len() < s.core.len() + 2 || !vl.is_disjoint(&vb) {
        return fail("the core needs two digits more than cells, and the sides disjoint digits");
    }
    let union: BTreeSet<Digit> = vc.iter().chain(&vl).chain(&vb).copied().collect();
    if union.len() != all.len() {
        return fail("the cells do not hold as many digits as cells");
    }
    for &t in &proof.eliminations {
        let d = t.digit();
        let in_line = line.contains(t.cell())
            && !all.contains(&t.cell())
            && (vl.contains(&d) || (vc.contains(&d) && !vb.contains(&d)));
        let in_box = block.contains(t.cell())
            && !all.contains(&t.cell())
            && (vb.contains(&d) || (vc.contains(&d) && !vl.contains(&d)));
        if !in_line && !in_box {
            return Err(conclusion(
                t,
                "not a digit locked into the line or the block side",
            ));
        }
    }
    Ok(())
}

impl crate::proof::PatternKind for AlsPattern {
    fn rule_name(&self) -> (String, String, usize) {
        AlsPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        for set in &self.sets {
            out.spanned(&set.cells, Some(&set.digits));
        }
        if let Some(stem) = self.stem {
            out.spanned(&[stem], None);
        }
    }
}

impl crate::proof::PatternKind for SueDeCoq {
    fn rule_name(&self) -> (String, String, usize) {
        SueDeCoq::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check_sue_de_coq(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.spanned(&self.cells(), None)
    }
}
