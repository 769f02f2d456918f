//! Patterns of Hanson's Sudoku Assistant ([Hanson SA]) and their checkers (their printers are
//! in `notation::nrc::hanson` and `notation::hodoku`):
//!
//! - [`GridLock`]: grid analysis, a naked subset, hidden subset or fish (n lines whose
//!   places lie in n cross lines) together with its complementary form, which concludes the
//!   same eliminations from the other side of the grid;
//! - [`BentSubset`]: a bent naked subset, N cells over two houses holding N digits.
//!
//! The checkers read only the state; they share no code with `search::grid_analysis` or
//! `search::bent`.

use super::basic;
use super::facts::{cell_digits, conclusion, distinct, fail, no_assertions, sees, CheckError};
use super::{fish_name, subset_name, Pattern, Proof};
use crate::grid::{Cell, Digit, House, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Grid analysis: a locked set seen from one side (`form`: a naked subset, hidden subset
/// or fish) and, when it is one of size 2 to 8, the same lock seen from the other side
/// (`complement`: the open lines outside against the cross lines outside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct GridLock {
    pub form: Box<GridForm>,
    pub complement: Option<Box<GridForm>>,
}

/// One side of a grid lock: a naked subset, a hidden subset or a fish of rows against
/// columns (serialised as the basic pattern it is).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pattern", rename_all = "kebab-case")]
pub enum GridForm {
    NakedSubset {
        house: House,
        cells: Vec<Cell>,
        digits: Vec<Digit>,
    },
    HiddenSubset {
        house: House,
        digits: Vec<Digit>,
        cells: Vec<Cell>,
    },
    Fish {
        digit: Digit,
        base: Vec<House>,
        cover: Vec<House>,
    },
}

impl GridForm {
    /// The basic pattern this side is.
    pub fn pattern(&self) -> Pattern {
        match self.clone() {
            GridForm::NakedSubset {
                house,
                cells,
                digits,
            } => Pattern::NakedSubset {
                house,
                cells,
                digits,
            },
            GridForm::HiddenSubset {
                house,
                digits,
                cells,
            } => Pattern::HiddenSubset {
                house,
                digits,
                cells,
            },
            GridForm::Fish { digit, base, cover } => Pattern::Fish { digit, base, cover },
        }
    }

    /// Lines on each side of the grid.
    pub fn size(&self) -> usize {
        match self {
            GridForm::NakedSubset { cells, .. } | GridForm::HiddenSubset { cells, .. } => {
                cells.len()
            }
            GridForm::Fish { base, .. } => base.len(),
        }
    }

    /// The form's name, as users say it (for listings): `naked-triplet`, `swordfish`.
    pub fn name(&self) -> String {
        match self {
            GridForm::NakedSubset { cells, .. } => format!("naked-{}", subset_name(cells.len())),
            GridForm::HiddenSubset { cells, .. } => format!("hidden-{}", subset_name(cells.len())),
            GridForm::Fish { base, .. } => fish_name(base.len()).to_string(),
        }
    }

    /// This side as the proof it stands for, to check or print it on its own.
    pub fn proof(&self, proof: &Proof) -> Proof {
        Proof::new(self.pattern(), proof.eliminations.clone(), vec![])
    }

    /// Check this side on its own (its conclusions are the lock's).
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        let p = self.proof(proof);
        match self {
            GridForm::NakedSubset {
                house,
                cells,
                digits,
            } => basic::naked_subset(state, &p, house, cells, digits),
            GridForm::HiddenSubset {
                house,
                digits,
                cells,
            } => basic::hidden_subset(state, &p, house, digits, cells),
            GridForm::Fish { digit, base, cover } => basic::fish(state, &p, digit, base, cover),
        }
    }
}

impl GridLock {
    /// The form's rule name (`swordfish-in-rows`, `naked-triplets-in-a-block`), the family
    /// `grid-analysis`, the form's size.
    pub fn rule_name(&self) -> (String, String, usize) {
        let p = Proof::new(self.form.pattern(), vec![], vec![]);
        (p.rule, "grid-analysis".to_string(), p.length)
    }
}

/// The two sides of one grid: naked and hidden subsets of one house, or fish of one digit
/// in rows and in columns.
fn are_sides_of_one_grid(a: &GridForm, b: &GridForm) -> bool {
    match (a, b) {
        (GridForm::NakedSubset { house: h, .. }, GridForm::HiddenSubset { house: k, .. })
        | (GridForm::HiddenSubset { house: h, .. }, GridForm::NakedSubset { house: k, .. }) => {
            h == k
        }
        (
            GridForm::Fish {
                digit: d, base: b1, ..
            },
            GridForm::Fish {
                digit: e, base: b2, ..
            },
        ) => d == e && std::mem::discriminant(&b1[0]) != std::mem::discriminant(&b2[0]),
        _ => false,
    }
}

/// Check a grid lock: its form is a subset or fish concluding the proof's eliminations, and
/// so is its complement, seen from the other side of the same grid.
pub fn check_grid(state: &State, proof: &Proof, lock: &GridLock) -> Result<(), CheckError> {
    lock.form.check(state, proof)?;
    if let Some(c) = &lock.complement {
        if !are_sides_of_one_grid(&lock.form, c) {
            return fail("the complement is not the other side of the same grid");
        }
        c.check(state, proof)
            .map_err(|e| CheckError::Pattern(format!("the complement does not hold: {e}")))?;
    }
    Ok(())
}

/// A bent naked subset ([Hanson SA]): `cells`, each in one of the two `domains` (a row and a
/// column, a line and a block, two rows or two columns) and not all in one house, whose
/// candidates are exactly `digits`, as many as cells. `common` is the one digit present in
/// both parts outside the domains' intersection (rule 1), or none (rule 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct BentSubset {
    pub domains: [House; 2],
    pub cells: Vec<Cell>,
    pub digits: Vec<Digit>,
    pub common: Option<Digit>,
    /// The name the forums give this shape (`xy-wing`, `xyz-wing`, `wxyz-wing`), if any.
    pub wing: Option<String>,
}

/// Whether two houses may carry a bent subset: a row and a column, a line and a block, two
/// rows or two columns ([Hanson SA]).
pub fn bent_domains(a: House, b: House) -> bool {
    a != b && !matches!((a, b), (House::Block(_), House::Block(_)))
}

/// The forums' name of a bent naked subset with the given cell sizes (candidates per cell)
/// and rule: three bivalue cells with one common digit make an XY-wing; a trivalue cell
/// holding every digit beside two bivalue cells, an XYZ-wing; four cells with one common
/// digit, a WXYZ-wing.
pub fn wing_name(sizes: &[usize], common: Option<Digit>) -> Option<&'static str> {
    common?;
    let mut s = sizes.to_vec();
    s.sort();
    match s.as_slice() {
        [2, 2, 2] => Some("xy-wing"),
        [2, 2, 3] => Some("xyz-wing"),
        [_, _, _, _] => Some("wxyz-wing"),
        _ => None,
    }
}

/// The digits present in both parts of the subset outside the domains' intersection.
pub fn common_digits(state: &State, domains: [House; 2], cells: &[Cell]) -> BTreeSet<Digit> {
    let part = |inside: House, outside: House| -> BTreeSet<Digit> {
        cells
            .iter()
            .filter(|&&c| inside.contains(c) && !outside.contains(c))
            .flat_map(|&c| cell_digits(state, c))
            .collect()
    };
    let a = part(domains[0], domains[1]);
    let b = part(domains[1], domains[0]);
    a.intersection(&b).copied().collect()
}

impl BentSubset {
    /// `bent-naked-triplets`, family `bent-naked-subsets`, the number of cells.
    pub fn rule_name(&self) -> (String, String, usize) {
        (
            format!("bent-naked-{}", subset_name(self.cells.len())),
            "bent-naked-subsets".to_string(),
            self.cells.len(),
        )
    }
}

/// Check a bent naked subset and its eliminations: each eliminated candidate has the
/// common digit (rule 1) or a subset digit (rule 2) and sees every subset cell holding it.
pub fn check_bent(state: &State, proof: &Proof, b: &BentSubset) -> Result<(), CheckError> {
    let n = b.cells.len();
    let [a, c] = b.domains;
    if !bent_domains(a, c) {
        return fail(
            "a bent subset lies over a row and a column, a line and a block, or two lines",
        );
    }
    if !(3..=9).contains(&n) || b.digits.len() != n || !distinct(&b.cells) || !distinct(&b.digits) {
        return fail("a bent naked subset needs as many distinct cells (three or more) as digits");
    }
    let allowed: BTreeSet<Digit> = b.digits.iter().copied().collect();
    let mut union = BTreeSet::new();
    for &cell in &b.cells {
        let ds = cell_digits(state, cell);
        if ds.is_empty() || !(a.contains(cell) || c.contains(cell)) {
            return fail(format!("{cell} is not an unsolved cell of {a} or {c}"));
        }
        union.extend(ds);
    }
    if union != allowed {
        return fail("the cells' candidates are not exactly the subset's digits");
    }
    let in_one_house = House::all().any(|h| b.cells.iter().all(|&x| h.contains(x)));
    if in_one_house {
        return fail("the cells lie in one house: a plain naked subset, not a bent one");
    }
    let common = common_digits(state, b.domains, &b.cells);
    match b.common {
        Some(k) if common != BTreeSet::from([k]) => {
            return fail(format!(
                "{k} is not the only digit common to both parts outside the intersection"
            ))
        }
        None if !common.is_empty() => {
            return fail("the two parts outside the intersection share a digit")
        }
        _ => {}
    }
    let sizes: Vec<usize> = b
        .cells
        .iter()
        .map(|&x| cell_digits(state, x).len())
        .collect();
    if b.wing.as_deref() != wing_name(&sizes, b.common) {
        return fail("the wing name does not match the cells");
    }
    no_assertions(proof)?;
    for &t in &proof.eliminations {
        let d = t.digit();
        let allowed_digit = match b.common {
            Some(k) => d == k,
            None => allowed.contains(&d),
        };
        let holders: Vec<Cell> = b
            .cells
            .iter()
            .copied()
            .filter(|&x| cell_digits(state, x).contains(&d))
            .collect();
        let sees_all = !b.cells.contains(&t.cell()) && holders.iter().all(|&h| sees(h, t.cell()));
        if !allowed_digit || !sees_all {
            return Err(conclusion(
                t,
                "not a subset digit (the common one under rule 1) seeing all its subset cells",
            ));
        }
    }
    Ok(())
}

/// Whether a grid-based ALS is finned or sashimi (HoDoKu's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinKind {
    /// Without the fins, every base line keeps two or more places: a finned fish.
    Finned,
    /// Without the fins, some base line keeps one place: a sashimi fish.
    Sashimi,
    /// Two lines whose non-fin places share one cross line: HoDoKu's skyscraper (or
    /// two-string kite), which the grid ALS finds too.
    Skyscraper,
}

/// The kind of a grid ALS with these fins: `places` are the digit's places in the base.
pub fn fin_kind(base: &[House], cover: &[House], places: &[Cell], fins: &[Cell]) -> FinKind {
    let fish_covers = cover
        .iter()
        .filter(|h| places.iter().any(|&p| h.contains(p) && !fins.contains(&p)))
        .count();
    if base.len() == 2 && fish_covers < 2 {
        return FinKind::Skyscraper;
    }
    let sashimi = base.iter().any(|&b| {
        places
            .iter()
            .filter(|&&p| b.contains(p) && !fins.contains(&p))
            .count()
            < 2
    });
    if sashimi {
        FinKind::Sashimi
    } else {
        FinKind::Finned
    }
}

/// A grid-based almost-locked set ([Hanson SA]): the places of `digit` in n `base` lines lie
/// in n + 1 `cover` lines. A candidate outside the base lines that would knock two cover
/// lines out of it (its own cover line, and through its block the `fins`) leaves n lines
/// fewer than n cross lines: it is eliminated. HoDoKu sees a finned or sashimi fish; the
/// `complement` (the open cross lines outside the cover against the open lines outside the
/// base) concludes the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct GridAls {
    pub digit: Digit,
    pub base: Vec<House>,
    pub cover: Vec<House>,
    pub fins: Vec<Cell>,
    pub kind: FinKind,
    /// (base, cover) of the complementary grid ALS, when it concludes the same.
    pub complement: Option<(Vec<House>, Vec<House>)>,
}

impl GridAls {
    /// (`sashimi-swordfish-in-rows`, family `grid-als`, base lines).
    pub fn rule_name(&self) -> (String, String, usize) {
        let lines = if matches!(self.base[0], House::Row(_)) {
            "rows"
        } else {
            "columns"
        };
        let name = match self.kind {
            FinKind::Finned => format!("finned-{}", fish_name(self.base.len())),
            FinKind::Sashimi => format!("sashimi-{}", fish_name(self.base.len())),
            FinKind::Skyscraper => "skyscraper".to_string(),
        };
        (
            format!("{name}-in-{lines}"),
            "grid-als".to_string(),
            self.base.len(),
        )
    }
}

fn is_line(h: House) -> bool {
    !matches!(h, House::Block(_))
}

/// The digit's places in `base` lines, in the state.
pub fn places_in(state: &State, digit: Digit, base: &[House]) -> Vec<Cell> {
    base.iter()
        .flat_map(|h| h.cells())
        .filter(|&c| state.has(crate::grid::Candidate::new(c, digit)))
        .collect()
}

/// Check one grid ALS side: n distinct base lines of one kind, not holding the digit
/// placed, whose places lie in distinct cover lines of the other kind (n + 1 of them for
/// the ALS itself, any number for the complement's finned fish); each target lies outside
/// the base lines, and the places it does not see leave some of the base lines fewer cover
/// lines than lines.
fn check_grid_als_side(
    state: &State,
    proof: &Proof,
    digit: Digit,
    (base, cover): (&[House], &[House]),
    exact_als: bool,
) -> Result<(), CheckError> {
    let n = base.len();
    let rows = |hs: &[House]| hs.iter().all(|h| matches!(h, House::Row(_)));
    let cols = |hs: &[House]| hs.iter().all(|h| matches!(h, House::Column(_)));
    let shape = (rows(base) && cols(cover)) || (cols(base) && rows(cover));
    let sizes_ok = if exact_als {
        cover.len() == n + 1
    } else {
        cover.len() >= n
    };
    if n == 0 || !sizes_ok || !shape || !distinct(base) || !distinct(cover) {
        return fail("a grid ALS needs n base lines and n + 1 cover lines of the other kind");
    }
    for &b in base {
        let placed = b.cells().iter().any(|&c| state.value(c) == Some(digit));
        if placed {
            return fail(format!("{digit} is placed in {b}"));
        }
    }
    let places = places_in(state, digit, base);
    if !places.iter().all(|&c| cover.iter().any(|h| h.contains(c))) {
        return fail(format!(
            "{digit} in the base lines is not within the cover lines"
        ));
    }
    for &t in &proof.eliminations {
        if t.digit() != digit || base.iter().any(|h| h.contains(t.cell())) {
            return Err(conclusion(t, "not the digit outside the base lines"));
        }
        // the cover lines each base line keeps, and Hall's condition on every subset
        let kept: Vec<BTreeSet<House>> = base
            .iter()
            .map(|&b| {
                places
                    .iter()
                    .filter(|&&p| b.contains(p) && p != t.cell() && !sees(p, t.cell()))
                    .flat_map(|&p| cover.iter().copied().filter(move |h| h.contains(p)))
                    .collect()
            })
            .collect();
        let deficient = (1u32..1 << n).any(|subset| {
            let lines: Vec<&BTreeSet<House>> = (0..n)
                .filter(|i| subset >> i & 1 == 1)
                .map(|i| &kept[i])
                .collect();
            let union: BTreeSet<&House> = lines.iter().flat_map(|s| s.iter()).collect();
            union.len() < lines.len()
        });
        if !deficient {
            return Err(conclusion(
                t,
                "the base lines keep distinct cover lines for the digit",
            ));
        }
    }
    Ok(())
}

/// Check a grid ALS, its fins and name, and its complement.
pub fn check_grid_als(state: &State, proof: &Proof, g: &GridAls) -> Result<(), CheckError> {
    no_assertions(proof)?;
    if !g.base.iter().chain(&g.cover).all(|&h| is_line(h)) {
        return fail("a grid ALS lies on rows and columns");
    }
    check_grid_als_side(state, proof, g.digit, (&g.base, &g.cover), true)?;
    // the fins: the places seen by every target through its block, outside its cover line
    let places = places_in(state, g.digit, &g.base);
    for &t in &proof.eliminations {
        let mut through_block: Vec<Cell> = places
            .iter()
            .copied()
            .filter(|&p| {
                p.block() == t.cell().block()
                    && !g
                        .cover
                        .iter()
                        .any(|h| h.contains(p) && h.contains(t.cell()))
            })
            .collect();
        through_block.sort();
        if through_block != g.fins {
            return fail("the fins are not the places the targets see through their block");
        }
    }
    let kind = fin_kind(&g.base, &g.cover, &places, &g.fins);
    if kind != g.kind {
        return fail("finned or sashimi does not match the places left without the fins");
    }
    if let Some((base, cover)) = &g.complement {
        check_grid_als_side(state, proof, g.digit, (base, cover), false).map_err(|e| {
            CheckError::Pattern(format!("the complementary grid ALS does not hold: {e}"))
        })?;
    }
    Ok(())
}

impl crate::proof::PatternKind for GridLock {
    fn rule_name(&self) -> (String, String, usize) {
        GridLock::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check_grid(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        super::on_pattern!(&self.form.pattern(), x => x.collect_candidates(out))
    }
}

impl crate::proof::PatternKind for BentSubset {
    fn rule_name(&self) -> (String, String, usize) {
        BentSubset::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check_bent(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.spanned(&self.cells, Some(&self.digits))
    }
}

impl crate::proof::PatternKind for GridAls {
    fn rule_name(&self) -> (String, String, usize) {
        GridAls::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check_grid_als(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.digit_in(&self.base, self.digit)
    }
}
