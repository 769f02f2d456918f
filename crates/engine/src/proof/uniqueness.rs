//! The uniqueness patterns (HoDoKu's uniqueness tests 1–6, hidden rectangle, avoidable
//! rectangles 1–2, BUG+1) and their checker. Every one of them **assumes the puzzle has a
//! unique solution**; each proof says so in every notation.
//!
//! **Deadly pattern.** Four cells on two rows, two columns and two blocks, none a given:
//! if the solution put only the digits a and b there (necessarily as a/b, b/a), swapping
//! a and b in the four cells would give a second solution agreeing with every given. So,
//! for a puzzle with one solution, *at least one of the four cells takes a digit other than
//! a and b*. A placed cell (not a given) holding a or b counts as taking it: that is the
//! avoidable rectangle. The cells with a candidate other than a or b — the *roof* — must
//! hold that escape; the others — the *floor* — have no candidate but a or b.
//!
//! From that one principle, re-derived here from the state, each kind concludes:
//! - **type 1** (one roof cell): the roof cell is neither a nor b;
//! - **types 2 and 5** (every roof cell's extra digits are one digit x): a roof cell is x,
//!   so x leaves every cell that sees all the roof cells; the avoidable rectangle type 2 is
//!   the same with placed cells in the rectangle;
//! - **type 3** (the roof's extra digits E, and k more cells of a house holding the roof,
//!   whose candidates with E make k + 1 digits U): one roof cell takes a digit of E, the k
//!   cells k more of U, so U is placed in those cells and leaves the rest of the house (and
//!   of any other house holding them all);
//! - **type 4** (a roof of two cells in a house where the digit u has no other place): u
//!   is in the roof, so the other digit v is not (the roof would be u/v, the floor too);
//! - **type 6** (a diagonal roof; in the rectangle's rows and columns, u only in the
//!   rectangle): u is an x-wing there; on the roof's diagonal it would leave the floor v,
//!   so u is on the floor's and leaves the roof;
//! - **hidden rectangle** (a floor corner C; in the row and column of the opposite corner
//!   D, u only in the rectangle): D = v would put u in D's row and column partners, v in
//!   C, a deadly pattern; so D is not v.
//!
//! **BUG+1** rests on the bivalue universal grave instead: when every open cell but one has
//! two candidates and every digit has two places in every house, except the digit d with
//! three places in each house of the trivalue cell T, removing d from T would leave a grave
//! whose solutions come in pairs (every cell switched to its other candidate is one too);
//! one solution means T = d, so T's other candidates go.
//!
//! **Sudoku Explainer's loops and graves.** A *deadly loop* generalises the rectangle: an
//! even number of open cells, every house holding none or two of them. If the solution
//! put only a and b there, the two cells of each such house would be a/b, and swapping a
//! and b throughout would give a second solution; so a loop cell takes another digit, and
//! the unique loops' types 1–4 conclude as the rectangle's. The hidden type 3 counts the
//! two roof cells of a house as one place (one of them escapes a and b): a, b and k − 2
//! digits that are not roof candidates, confined in the house to the roof and k − 1 more
//! cells, fill those cells, whose other candidates go. A *grave* with extras: removing
//! the extra candidates of the BUG cells leaves every open cell bivalue and every digit
//! with 0 or 2 places in every house; such a grid's solutions come in pairs (each cell
//! switched to its other candidate), so one extra candidate is true. Type 1: the one BUG
//! cell takes one of its extras; type 2: all extras are one digit x, which leaves the cells
//! seeing every BUG cell; type 3: the BUG cells of one house act as one cell of a naked
//! subset; type 4: two BUG cells hold the only places of a digit u in a house, so each
//! holds u or one of its extras.
//!
//! **BUG lite** is the deadly pattern of any size: open cells, each given a pair of its
//! digits, such that in every house holding some of them each digit is in the pairs of
//! none or two. If the solution took only pair digits there, each house's pattern cells
//! would hold its pattern digits once each, so every cell switched to the other digit of
//! its pair would be a second solution. One solution: some cell takes a digit outside its
//! pair. With every cell but the *roof* bivalue (its pair), the roof takes another digit:
//! its pair's digits go (`bug-lite: {12}r1c1 {23}r1c5 … roof r1c1`). A rectangle of four
//! cells is unique rectangle type 1, so a BUG lite has six cells or more.

use super::facts::{conclusion, fail, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};

/// Which uniqueness rule a proof uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UniquenessKind {
    /// Unique rectangle type 1: one roof cell.
    Ur1,
    /// Type 2: the roof's one extra digit, the roof on one line.
    Ur2,
    /// Type 3: the roof as a virtual cell of a naked subset.
    Ur3,
    /// Type 4: a roof digit with no other place in the roof's house.
    Ur4,
    /// Type 5: the roof's one extra digit, the roof diagonal or three cells.
    Ur5,
    /// Type 6: a digit an x-wing on the rectangle, the roof diagonal.
    Ur6,
    /// Hidden rectangle.
    HiddenRectangle,
    /// Avoidable rectangle type 1: one open cell among placed ones.
    Ar1,
    /// Avoidable rectangle type 2: two open cells with one extra digit.
    Ar2,
    /// Bivalue universal grave + 1.
    BugPlus1,
    /// Unique loop type 1 (Sudoku Explainer): a deadly loop of any even length, one roof
    /// cell.
    Ul1,
    /// Unique loop type 2: the roof's one extra digit.
    Ul2,
    /// Unique loop type 3: the roof as a virtual cell of a naked subset.
    Ul3,
    /// Unique loop type 4: a loop digit with no other place in the roof's house.
    Ul4,
    /// Unique loop (or rectangle) type 3, hidden form: a and b with more digits hidden in a
    /// house, the two roof cells counting as one place.
    Ul3Hidden,
    /// BUG type 1 (Sudoku Explainer): one BUG cell, which takes one of its extra digits.
    Bug1,
    /// BUG type 2: every extra candidate the same digit, which leaves the cells seeing all
    /// the BUG cells.
    Bug2,
    /// BUG type 3: the BUG cells as one virtual cell of a naked subset.
    Bug3,
    /// BUG type 4: two BUG cells holding a digit's only places in a house.
    Bug4,
    /// BUG lite: a deadly pattern of bivalue cells and one roof cell.
    BugLite,
}

impl UniquenessKind {
    /// HoDoKu's kinds, in HoDoKu's order (BUG+1 first, as HoDoKu tries it), then BUG lite
    /// (in HoDoKu's library, not its solver); the unique loops and the BUG types 1–4 are
    /// Sudoku Explainer's (`search::ser`).
    pub const ALL: [UniquenessKind; 11] = [
        UniquenessKind::BugPlus1,
        UniquenessKind::Ur1,
        UniquenessKind::Ur2,
        UniquenessKind::Ur3,
        UniquenessKind::Ur4,
        UniquenessKind::Ur5,
        UniquenessKind::Ur6,
        UniquenessKind::HiddenRectangle,
        UniquenessKind::Ar1,
        UniquenessKind::Ar2,
        UniquenessKind::BugLite,
    ];

    /// Our rule name.
    pub fn rule(self) -> &'static str {
        match self {
            UniquenessKind::Ur1 => "unique-rectangle-1",
            UniquenessKind::Ur2 => "unique-rectangle-2",
            UniquenessKind::Ur3 => "unique-rectangle-3",
            UniquenessKind::Ur4 => "unique-rectangle-4",
            UniquenessKind::Ur5 => "unique-rectangle-5",
            UniquenessKind::Ur6 => "unique-rectangle-6",
            UniquenessKind::HiddenRectangle => "hidden-rectangle",
            UniquenessKind::Ar1 => "avoidable-rectangle-1",
            UniquenessKind::Ar2 => "avoidable-rectangle-2",
            UniquenessKind::BugPlus1 => "bug+1",
            UniquenessKind::Ul1 => "unique-loop-1",
            UniquenessKind::Ul2 => "unique-loop-2",
            UniquenessKind::Ul3 => "unique-loop-3",
            UniquenessKind::Ul4 => "unique-loop-4",
            UniquenessKind::Ul3Hidden => "unique-loop-3-hidden",
            UniquenessKind::Bug1 => "bug-1",
            UniquenessKind::Bug2 => "bug-2",
            UniquenessKind::Bug3 => "bug-3",
            UniquenessKind::Bug4 => "bug-4",
            UniquenessKind::BugLite => "bug-lite",
        }
    }

    /// HoDoKu's name of the step.
    pub fn hodoku_name(self) -> &'static str {
        match self {
            UniquenessKind::Ur1 => "Uniqueness Test 1",
            UniquenessKind::Ur2 => "Uniqueness Test 2",
            UniquenessKind::Ur3 => "Uniqueness Test 3",
            UniquenessKind::Ur4 => "Uniqueness Test 4",
            UniquenessKind::Ur5 => "Uniqueness Test 5",
            UniquenessKind::Ur6 => "Uniqueness Test 6",
            UniquenessKind::HiddenRectangle => "Hidden Rectangle",
            UniquenessKind::Ar1 => "Avoidable Rectangle Type 1",
            UniquenessKind::Ar2 => "Avoidable Rectangle Type 2",
            UniquenessKind::BugPlus1 => "Bivalue Universal Grave + 1",
            UniquenessKind::Ul1 => "Unique Loop Type 1",
            UniquenessKind::Ul2 => "Unique Loop Type 2",
            UniquenessKind::Ul3 => "Unique Loop Type 3",
            UniquenessKind::Ul4 => "Unique Loop Type 4",
            UniquenessKind::Ul3Hidden => "Unique Loop Type 3 (hidden)",
            UniquenessKind::Bug1 => "BUG Type 1",
            UniquenessKind::Bug2 => "BUG Type 2",
            UniquenessKind::Bug3 => "BUG Type 3",
            UniquenessKind::Bug4 => "BUG Type 4",
            UniquenessKind::BugLite => "BUG Lite",
        }
    }
}

/// What every uniqueness proof's text says of its assumption.
pub const ASSUMPTION: &str = "assumes a unique solution";

/// A uniqueness step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UniquenessPattern {
    pub kind: UniquenessKind,
    /// The deadly pattern's digits a and b (BUG+1: the trivalue cell's digit d twice; BUG
    /// lite: the roof's pair).
    pub digits: [Digit; 2],
    /// The rectangle's four cells, row by row (BUG+1: the trivalue cell; BUG lite: the
    /// roof, then the bivalue cells in order).
    pub cells: Vec<Cell>,
    /// Type 4, type 6 and the hidden rectangle: the digit u confined to the rectangle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locked: Option<Digit>,
    /// Type 3: the house of the naked subset; type 4: the house where u is confined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house: Option<House>,
    /// Type 3: the subset's other cells.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subset: Vec<Cell>,
    /// The hidden type 3: the hidden set's digits besides a and b.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden: Vec<Digit>,
    /// BUG types 1–4: the BUG cells' extra candidates, whose removal leaves a grave.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extras: Vec<Candidate>,
}

impl UniquenessKind {
    /// Sudoku Explainer's bivalue universal grave types, which rest on a grave rather than
    /// on a deadly loop.
    pub fn is_grave(self) -> bool {
        matches!(
            self,
            UniquenessKind::BugPlus1
                | UniquenessKind::Bug1
                | UniquenessKind::Bug2
                | UniquenessKind::Bug3
                | UniquenessKind::Bug4
        )
    }
    /// The kinds whose deadly pattern is a loop of any even length.
    pub fn is_loop(self) -> bool {
        matches!(
            self,
            UniquenessKind::Ul1
                | UniquenessKind::Ul2
                | UniquenessKind::Ul3
                | UniquenessKind::Ul4
                | UniquenessKind::Ul3Hidden
        )
    }
}

impl UniquenessPattern {
    /// `(rule, family, length)`: the family is `uniqueness`; a type 3's length is its
    /// subset's size (the roof and its cells), the others 1.
    pub fn rule_name(&self) -> (String, String, usize) {
        let length = if matches!(self.kind, UniquenessKind::Ur3 | UniquenessKind::Ul3) {
            self.subset.len() + 1
        } else {
            1
        };
        (
            self.kind.rule().to_string(),
            "uniqueness".to_string(),
            length,
        )
    }

    /// The roof on `state`: the rectangle's open cells with a candidate other than a or b.
    pub fn roof(&self, state: &State) -> Vec<Cell> {
        self.cells
            .iter()
            .copied()
            .filter(|&c| state.value(c).is_none() && extras(state, c, self.digits) != 0)
            .collect()
    }
}

/// The candidates of `cell` other than a and b, as a mask (bit d-1 for digit d).
fn extras(state: &State, cell: Cell, [a, b]: [Digit; 2]) -> u16 {
    let mut m = 0u16;
    for d in Digit::all() {
        if d != a && d != b && state.has(Candidate::new(cell, d)) {
            m |= 1 << d.index();
        }
    }
    m
}

fn cell_mask(state: &State, cell: Cell) -> u16 {
    state.cell_mask(cell)
}

fn placed_in(state: &State, h: House, d: Digit) -> bool {
    h.cells().iter().any(|&c| state.value(c) == Some(d))
}

/// What a pattern's eliminations may be: the candidates its rule reaches.
type Implied<'a> = Box<dyn Fn(Candidate) -> bool + 'a>;

/// Verify a uniqueness proof on `state` (see the module doc).
pub(super) fn check(state: &State, proof: &Proof, p: &UniquenessPattern) -> Result<(), CheckError> {
    if p.kind == UniquenessKind::BugPlus1 {
        return check_bug(state, proof, p);
    }
    if p.kind.is_grave() {
        return check_grave(state, proof, p);
    }
    if p.kind == UniquenessKind::BugLite {
        return check_bug_lite(state, proof, p);
    }
    let [a, b] = p.digits;
    if a == b {
        return fail("a deadly pattern has two digits");
    }
    if p.kind.is_loop() {
        check_loop(state, p)?;
    } else {
        check_rectangle(state, p)?;
    }
    let roof = p.roof(state);
    let implied = match p.kind {
        UniquenessKind::Ur1 | UniquenessKind::Ar1 | UniquenessKind::Ul1 => type1_implied(p, roof)?,
        UniquenessKind::Ur2 | UniquenessKind::Ur5 | UniquenessKind::Ar2 | UniquenessKind::Ul2 => {
            type2_implied(state, p, roof)?
        }
        UniquenessKind::Ur3 | UniquenessKind::Ul3 => type3_implied(state, p, roof)?,
        UniquenessKind::Ur4 | UniquenessKind::Ul4 => type4_implied(state, p, roof)?,
        UniquenessKind::Ur6 => type6_implied(state, p, roof)?,
        UniquenessKind::HiddenRectangle => hidden_rectangle_implied(state, p, &roof)?,
        UniquenessKind::Ul3Hidden => {
            let cells = hidden_set_cells(state, p, &roof)?;
            let digits: u16 = p.hidden.iter().chain(&p.digits).fold(0, |m, &d| m | bit(d));
            Box::new(move |c: Candidate| cells.contains(&c.cell()) && digits & bit(c.digit()) == 0)
        }
        UniquenessKind::BugPlus1
        | UniquenessKind::Bug1
        | UniquenessKind::Bug2
        | UniquenessKind::Bug3
        | UniquenessKind::Bug4
        | UniquenessKind::BugLite => unreachable!("checked above"),
    };
    eliminations_implied(
        state,
        proof,
        p,
        &implied,
        "a uniqueness rule eliminates, and eliminates something",
    )
}

/// The proof eliminates something (`empty` says what when it does not), asserts nothing,
/// and each elimination is an open candidate `implied` holds for.
fn eliminations_implied(
    state: &State,
    proof: &Proof,
    p: &UniquenessPattern,
    implied: &dyn Fn(Candidate) -> bool,
    empty: &str,
) -> Result<(), CheckError> {
    if proof.eliminations.is_empty() || !proof.assertions.is_empty() {
        return fail(empty);
    }
    for &c in &proof.eliminations {
        if !state.has(c) {
            return Err(CheckError::NotOpen(c));
        }
        if !implied(c) {
            return Err(conclusion(
                c,
                &format!("{} does not reach it", p.kind.rule()),
            ));
        }
    }
    Ok(())
}

/// Type 1 (and avoidable type 1, loop type 1): one roof cell, which is neither a nor b.
fn type1_implied<'a>(p: &UniquenessPattern, roof: Vec<Cell>) -> Result<Implied<'a>, CheckError> {
    let [a, b] = p.digits;
    if roof.len() != 1 {
        return fail(format!(
            "{} needs one cell of the rectangle with another digit, not {}",
            p.kind.rule(),
            roof.len()
        ));
    }
    let r = roof[0];
    Ok(Box::new(move |c: Candidate| {
        c.cell() == r && (c.digit() == a || c.digit() == b)
    }))
}

/// Types 2 and 5 (and avoidable type 2, loop type 2): the roof cells' extra digits are one
/// digit x, which leaves the cells off the rectangle seeing every roof cell.
fn type2_implied<'a>(
    state: &State,
    p: &'a UniquenessPattern,
    roof: Vec<Cell>,
) -> Result<Implied<'a>, CheckError> {
    let all: u16 = roof.iter().fold(0, |m, &c| m | extras(state, c, p.digits));
    if roof.is_empty() || all.count_ones() != 1 {
        return fail("the roof's cells do not share one extra digit");
    }
    let x = Digit::from_index(all.trailing_zeros() as usize);
    Ok(Box::new(move |c: Candidate| {
        c.digit() == x && !p.cells.contains(&c.cell()) && roof.iter().all(|&r| r.sees(c.cell()))
    }))
}

/// Type 3 (and loop type 3): the roof in the named house, the subset open cells of it off
/// the rectangle; the roof's extra digits and the subset's hold one digit more than the
/// subset has cells, and leave the cells off them (and off the rectangle) of every house
/// holding them all.
fn type3_implied<'a>(
    state: &State,
    p: &'a UniquenessPattern,
    roof: Vec<Cell>,
) -> Result<Implied<'a>, CheckError> {
    let in_rectangle = |c: Cell| p.cells.contains(&c);
    let Some(house) = p.house else {
        return fail("a type 3 names its house");
    };
    if roof.is_empty() || !roof.iter().all(|&r| house.contains(r)) {
        return fail(format!("the roof is not in {house}"));
    }
    if p.subset.is_empty()
        || p.subset
            .iter()
            .any(|&c| !house.contains(c) || in_rectangle(c) || state.value(c).is_some())
        || !super::facts::distinct(&p.subset)
    {
        return fail(format!(
            "the subset's cells are not open cells of {house} off the rectangle"
        ));
    }
    let mut digits: u16 = roof.iter().fold(0, |m, &c| m | extras(state, c, p.digits));
    for &c in &p.subset {
        digits |= cell_mask(state, c);
    }
    if digits.count_ones() as usize != p.subset.len() + 1 {
        return fail(format!(
            "the roof's extra digits and the subset's {} cells hold {} digits, not {}",
            p.subset.len(),
            digits.count_ones(),
            p.subset.len() + 1
        ));
    }
    let holders: Vec<Cell> = roof.iter().chain(&p.subset).copied().collect();
    Ok(Box::new(move |c: Candidate| {
        digits >> c.digit().index() & 1 == 1
            && !holders.contains(&c.cell())
            && !in_rectangle(c.cell())
            && House::all().any(|h| h.contains(c.cell()) && holders.iter().all(|&x| h.contains(x)))
    }))
}

/// Type 4 (and loop type 4): a roof of two cells in the named house, where the digit u (a
/// or b) has no other place; the other digit v leaves the roof.
fn type4_implied<'a>(
    state: &State,
    p: &UniquenessPattern,
    roof: Vec<Cell>,
) -> Result<Implied<'a>, CheckError> {
    let [a, b] = p.digits;
    let (Some(u), Some(house)) = (p.locked, p.house) else {
        return fail("a type 4 names its digit and house");
    };
    if u != a && u != b {
        return fail(format!("{u} is not a digit of the rectangle"));
    }
    if roof.len() != 2 || !roof.iter().all(|&r| house.contains(r)) {
        return fail(format!("the roof is not two cells of {house}"));
    }
    if placed_in(state, house, u)
        || house
            .cells()
            .iter()
            .any(|&c| !roof.contains(&c) && state.has(Candidate::new(c, u)))
    {
        return fail(format!("{u} has places in {house} off the roof"));
    }
    let v = if u == a { b } else { a };
    Ok(Box::new(move |c: Candidate| {
        c.digit() == v && roof.contains(&c.cell())
    }))
}

/// Type 6: a diagonal roof, the digit u (a or b) confined to the rectangle in its rows and
/// columns; u leaves the roof.
fn type6_implied<'a>(
    state: &State,
    p: &UniquenessPattern,
    roof: Vec<Cell>,
) -> Result<Implied<'a>, CheckError> {
    let [a, b] = p.digits;
    let Some(u) = p.locked else {
        return fail("a type 6 names its digit");
    };
    if u != a && u != b {
        return fail(format!("{u} is not a digit of the rectangle"));
    }
    if roof.len() != 2 || roof[0].row() == roof[1].row() || roof[0].col() == roof[1].col() {
        return fail("a type 6's roof is two diagonal cells");
    }
    confined_to_rectangle(state, p, u, &rectangle_lines(p))?;
    Ok(Box::new(move |c: Candidate| {
        c.digit() == u && roof.contains(&c.cell())
    }))
}

/// Hidden rectangle: the digit u (a or b) confined to the rectangle in the row and column
/// of the corner opposite an open floor corner; v leaves that opposite corner.
fn hidden_rectangle_implied<'a>(
    state: &State,
    p: &UniquenessPattern,
    roof: &[Cell],
) -> Result<Implied<'a>, CheckError> {
    let [a, b] = p.digits;
    let Some(u) = p.locked else {
        return fail("a hidden rectangle names its digit");
    };
    if u != a && u != b {
        return fail(format!("{u} is not a digit of the rectangle"));
    }
    let v = if u == a { b } else { a };
    let floor: Vec<Cell> = p
        .cells
        .iter()
        .copied()
        .filter(|c| !roof.contains(c))
        .collect();
    // the opposite corner of a floor corner, with u confined in its row and column
    let targets: Vec<Cell> = floor
        .iter()
        .filter(|&&f| state.value(f).is_none())
        .filter_map(|&f| {
            let d = *p
                .cells
                .iter()
                .find(|&&c| c.row() != f.row() && c.col() != f.col())?;
            confined_to_rectangle(
                state,
                p,
                u,
                &[House::Row(d.row() as u8), House::Column(d.col() as u8)],
            )
            .ok()
            .map(|_| d)
        })
        .collect();
    Ok(Box::new(move |c: Candidate| {
        c.digit() == v && targets.contains(&c.cell())
    }))
}

fn bit(d: Digit) -> u16 {
    1 << d.index()
}

/// A deadly loop: an even number (at least four) of distinct open cells, none a given,
/// every house holding none or two of them.
fn check_loop(state: &State, p: &UniquenessPattern) -> Result<(), CheckError> {
    let c = &p.cells;
    if c.len() < 4 || !c.len().is_multiple_of(2) || !super::facts::distinct(c) {
        return fail("a deadly loop has an even number of cells, at least four");
    }
    for &cell in c {
        if state.is_given(cell) || state.value(cell).is_some() {
            return fail(format!("{cell} is not an open cell"));
        }
    }
    for h in House::all() {
        let n = c.iter().filter(|&&x| h.contains(x)).count();
        if n != 0 && n != 2 {
            return fail(format!("{h} holds {n} cells of the loop, not 0 or 2"));
        }
    }
    Ok(())
}

/// The hidden type 3: the roof is two cells of `house`; a, b and the `hidden` digits (none
/// a candidate of the roof) have no place in the house outside the roof and the subset,
/// which has one cell fewer than there are digits. Returns the subset.
fn hidden_set_cells(
    state: &State,
    p: &UniquenessPattern,
    roof: &[Cell],
) -> Result<Vec<Cell>, CheckError> {
    let Some(house) = p.house else {
        return fail("a hidden type 3 names its house");
    };
    if roof.len() != 2 || !roof.iter().all(|&r| house.contains(r)) {
        return fail(format!("the roof is not two cells of {house}"));
    }
    let on_loop = |c: Cell| p.cells.contains(&c);
    if p.subset.is_empty()
        || !super::facts::distinct(&p.subset)
        || p.subset
            .iter()
            .any(|&c| !house.contains(c) || on_loop(c) || state.value(c).is_some())
    {
        return fail(format!(
            "the subset's cells are not open cells of {house} off the loop"
        ));
    }
    let digits: Vec<Digit> = p.digits.iter().chain(&p.hidden).copied().collect();
    if !super::facts::distinct(&digits) || digits.len() != p.subset.len() + 1 {
        return fail(format!(
            "{} digits hidden in {} cells and the roof",
            digits.len(),
            p.subset.len()
        ));
    }
    for &d in &p.hidden {
        if roof.iter().any(|&r| state.has(Candidate::new(r, d))) {
            return fail(format!("{d} is a candidate of the roof"));
        }
    }
    for &d in &digits {
        let outside = house.cells().into_iter().find(|&c| {
            state.has(Candidate::new(c, d)) && !roof.contains(&c) && !p.subset.contains(&c)
        });
        if placed_in(state, house, d) || outside.is_some() {
            return fail(format!(
                "{d} has places in {house} off the roof and the subset"
            ));
        }
    }
    Ok(p.subset.clone())
}

/// The rectangle: four distinct cells on two rows, two columns and two blocks, none a
/// given, each open or placed with a or b (only an avoidable rectangle has placed cells).
fn check_rectangle(state: &State, p: &UniquenessPattern) -> Result<(), CheckError> {
    let c = &p.cells;
    if c.len() != 4 || !super::facts::distinct(c) {
        return fail("a deadly pattern has four cells");
    }
    let mut rows: Vec<usize> = c.iter().map(|c| c.row()).collect();
    let mut cols: Vec<usize> = c.iter().map(|c| c.col()).collect();
    let mut blocks: Vec<usize> = c.iter().map(|c| c.block()).collect();
    for v in [&mut rows, &mut cols, &mut blocks] {
        v.sort();
        v.dedup();
    }
    if rows.len() != 2 || cols.len() != 2 || blocks.len() != 2 {
        return fail(format!(
            "{} are not a rectangle on two rows, two columns and two blocks",
            crate::graph::cell_list(c)
        ));
    }
    let avoidable = matches!(p.kind, UniquenessKind::Ar1 | UniquenessKind::Ar2);
    let mut open = 0;
    for &cell in c {
        if state.is_given(cell) {
            return fail(format!(
                "{cell} is a given: swapping it makes no second solution"
            ));
        }
        match state.value(cell) {
            None => open += 1,
            Some(d) if avoidable && p.digits.contains(&d) => {}
            Some(d) => return fail(format!("{cell} holds {d}, outside the deadly pattern")),
        }
    }
    if avoidable && open == 4 {
        return fail("an avoidable rectangle has placed cells");
    }
    Ok(())
}

/// The rectangle's two rows and two columns.
fn rectangle_lines(p: &UniquenessPattern) -> Vec<House> {
    let mut hs: Vec<House> = p
        .cells
        .iter()
        .flat_map(|c| [House::Row(c.row() as u8), House::Column(c.col() as u8)])
        .collect();
    hs.sort_by_key(|h| h.index());
    hs.dedup();
    hs
}

/// In each of `lines`, `u` is not placed and has candidates only in the rectangle.
fn confined_to_rectangle(
    state: &State,
    p: &UniquenessPattern,
    u: Digit,
    lines: &[House],
) -> Result<(), CheckError> {
    for &h in lines {
        if placed_in(state, h, u)
            || h.cells()
                .iter()
                .any(|&c| !p.cells.contains(&c) && state.has(Candidate::new(c, u)))
        {
            return fail(format!("{u} has places in {h} off the rectangle"));
        }
    }
    Ok(())
}

/// BUG+1: every open cell bivalue but the trivalue cell T; every digit with 0 or 2 places
/// in every house, except d in T's three houses, with 3; the eliminations are T's other
/// candidates.
fn check_bug(state: &State, proof: &Proof, p: &UniquenessPattern) -> Result<(), CheckError> {
    let ([t], d) = (p.cells.as_slice(), p.digits[0]) else {
        return fail("a BUG+1 names its trivalue cell");
    };
    for cell in Cell::all() {
        if state.value(cell).is_some() {
            continue;
        }
        let n = cell_mask(state, cell).count_ones();
        let want = if cell == *t { 3 } else { 2 };
        if n != want {
            return fail(format!("{cell} has {n} candidates, not {want}"));
        }
    }
    if !state.has(Candidate::new(*t, d)) {
        return Err(CheckError::NotOpen(Candidate::new(*t, d)));
    }
    for h in House::all() {
        for digit in Digit::all() {
            let places = h
                .cells()
                .iter()
                .filter(|&&c| state.has(Candidate::new(c, digit)))
                .count();
            let want = if digit == d && h.contains(*t) { 3 } else { 2 };
            if places != 0 && places != want {
                return fail(format!("{digit} has {places} places in {h}, not {want}"));
            }
            if digit == d && h.contains(*t) && places != 3 {
                return fail(format!("{d} has {places} places in {h}, not 3"));
            }
        }
    }
    if proof.eliminations.is_empty() || !proof.assertions.is_empty() {
        return fail("a BUG+1 eliminates the trivalue cell's other candidates");
    }
    for &c in &proof.eliminations {
        if !state.has(c) {
            return Err(CheckError::NotOpen(c));
        }
        if c.cell() != *t || c.digit() == d {
            return Err(conclusion(c, "not another candidate of the trivalue cell"));
        }
    }
    Ok(())
}

/// Sudoku Explainer's BUG types 1–4: the extra candidates lie in the BUG cells (each has
/// one); without them every open cell is bivalue and every digit has 0 or 2 places in every
/// house, so one extra candidate is true; each type concludes from that.
fn check_grave(state: &State, proof: &Proof, p: &UniquenessPattern) -> Result<(), CheckError> {
    extras_in_the_bug_cells(state, p)?;
    without_extras_a_grave(state, p)?;
    let implied = match p.kind {
        UniquenessKind::Bug1 => {
            if p.cells.len() != 1 {
                return fail("a BUG type 1 has one BUG cell");
            }
            Box::new(|c: Candidate| !p.extras.contains(&c))
        }
        UniquenessKind::Bug2 => bug2_implied(p)?,
        UniquenessKind::Bug3 => bug3_implied(state, p)?,
        UniquenessKind::Bug4 => bug4_implied(state, p)?,
        _ => unreachable!("only the grave kinds come here"),
    };
    eliminations_implied(
        state,
        proof,
        p,
        &implied,
        "a BUG rule eliminates, and eliminates something",
    )
}

/// The BUG cells are distinct, each with an extra candidate; the extras are open
/// candidates of the BUG cells.
fn extras_in_the_bug_cells(state: &State, p: &UniquenessPattern) -> Result<(), CheckError> {
    let bug_cells = &p.cells;
    if bug_cells.is_empty() || !super::facts::distinct(bug_cells) {
        return fail("a BUG names its cells");
    }
    for &e in &p.extras {
        if !state.has(e) {
            return Err(CheckError::NotOpen(e));
        }
        if !bug_cells.contains(&e.cell()) {
            return fail(format!("{e} is not in a BUG cell"));
        }
    }
    if let Some(c) = bug_cells
        .iter()
        .find(|&&c| !p.extras.iter().any(|e| e.cell() == c))
    {
        return fail(format!("BUG cell {c} has no extra candidate"));
    }
    Ok(())
}

/// Without the extra candidates, every open cell is bivalue and every digit has 0 or 2
/// places in every house.
fn without_extras_a_grave(state: &State, p: &UniquenessPattern) -> Result<(), CheckError> {
    let open = |c: Candidate| state.has(c) && !p.extras.contains(&c);
    for cell in Cell::all() {
        let n = Digit::all()
            .filter(|&d| open(Candidate::new(cell, d)))
            .count();
        if state.value(cell).is_none() && n != 2 {
            return fail(format!(
                "without the extra candidates {cell} has {n} candidates, not 2"
            ));
        }
    }
    for h in House::all() {
        for d in Digit::all() {
            let n = h
                .cells()
                .iter()
                .filter(|&&c| open(Candidate::new(c, d)))
                .count();
            if n != 0 && n != 2 {
                return fail(format!(
                    "without the extra candidates {d} has {n} places in {h}, not 0 or 2"
                ));
            }
        }
    }
    Ok(())
}

/// The extra candidates' digits, as a mask.
fn extra_digits(p: &UniquenessPattern) -> u16 {
    p.extras.iter().fold(0, |m, e| m | bit(e.digit()))
}

/// BUG type 2: the extras are one digit x, which leaves the cells seeing every BUG cell.
fn bug2_implied(p: &UniquenessPattern) -> Result<Implied<'_>, CheckError> {
    let extra_digits = extra_digits(p);
    if extra_digits.count_ones() != 1 {
        return fail("the extra candidates are not one digit");
    }
    let cells = &p.cells;
    let sees_all = move |c: Cell| !cells.contains(&c) && cells.iter().all(|&b| b.sees(c));
    Ok(Box::new(move |c: Candidate| {
        bit(c.digit()) == extra_digits && sees_all(c.cell())
    }))
}

/// BUG type 3: the BUG cells in the named house act as one cell of a naked subset with the
/// subset's open cells of it: the extra digits and the subset's hold one digit more than
/// the subset has cells, and leave the other cells of every house holding them all.
fn bug3_implied<'a>(state: &State, p: &'a UniquenessPattern) -> Result<Implied<'a>, CheckError> {
    let bug_cells = &p.cells;
    let Some(house) = p.house else {
        return fail("a BUG type 3 names its house");
    };
    if !bug_cells.iter().all(|&c| house.contains(c)) {
        return fail(format!("the BUG cells are not in {house}"));
    }
    if p.subset.is_empty()
        || !super::facts::distinct(&p.subset)
        || p.subset
            .iter()
            .any(|&c| !house.contains(c) || bug_cells.contains(&c) || state.value(c).is_some())
    {
        return fail(format!(
            "the subset's cells are not open cells of {house} off the BUG cells"
        ));
    }
    let digits = p
        .subset
        .iter()
        .fold(extra_digits(p), |m, &c| m | cell_mask(state, c));
    if digits.count_ones() as usize != p.subset.len() + 1 {
        return fail(format!(
            "the extra digits and the subset's {} cells hold {} digits, not {}",
            p.subset.len(),
            digits.count_ones(),
            p.subset.len() + 1
        ));
    }
    let holders: Vec<Cell> = bug_cells.iter().chain(&p.subset).copied().collect();
    Ok(Box::new(move |c: Candidate| {
        digits & bit(c.digit()) != 0
            && !holders.contains(&c.cell())
            && House::all().any(|h| h.contains(c.cell()) && holders.iter().all(|&x| h.contains(x)))
    }))
}

/// BUG type 4: two BUG cells hold the only places of the digit u (no extra) in the named
/// house, so each holds u or one of its extras: their other candidates go.
fn bug4_implied<'a>(state: &State, p: &'a UniquenessPattern) -> Result<Implied<'a>, CheckError> {
    let bug_cells = &p.cells;
    let (Some(u), Some(house)) = (p.locked, p.house) else {
        return fail("a BUG type 4 names its digit and house");
    };
    if bug_cells.len() != 2 || !bug_cells.iter().all(|&c| house.contains(c)) {
        return fail(format!("a BUG type 4 has two BUG cells in {house}"));
    }
    if p.extras.iter().any(|e| e.digit() == u) {
        return fail(format!("{u} is an extra candidate"));
    }
    let places: Vec<Cell> = house
        .cells()
        .into_iter()
        .filter(|&c| state.has(Candidate::new(c, u)))
        .collect();
    if placed_in(state, house, u)
        || places.len() != 2
        || !places.iter().all(|c| bug_cells.contains(c))
    {
        return fail(format!(
            "{u} has other places in {house} than the BUG cells"
        ));
    }
    Ok(Box::new(move |c: Candidate| {
        bug_cells.contains(&c.cell()) && c.digit() != u && !p.extras.contains(&c)
    }))
}

/// BUG lite: the roof (first cell) open with both pair digits and another; every other
/// cell open and bivalue; in every house holding pattern cells, each digit in the pairs of
/// none or two of them; the eliminations are the roof's pair digits.
fn check_bug_lite(state: &State, proof: &Proof, p: &UniquenessPattern) -> Result<(), CheckError> {
    let [a, b] = p.digits;
    let Some((&roof, rest)) = p.cells.split_first() else {
        return fail("a BUG lite names its cells");
    };
    if a == b || p.cells.len() < 6 || !super::facts::distinct(&p.cells) {
        return fail("a BUG lite has six distinct cells or more and a pair of two digits");
    }
    let pair = |d: Digit| 1u16 << d.index();
    let roof_mask = cell_mask(state, roof);
    if state.value(roof).is_some() || roof_mask & (pair(a) | pair(b)) != pair(a) | pair(b) {
        return fail(format!("{roof} is not open with {a} and {b}"));
    }
    if roof_mask.count_ones() < 3 {
        return fail(format!("{roof} holds no digit outside its pair"));
    }
    let mut pairs: Vec<(Cell, u16)> = vec![(roof, pair(a) | pair(b))];
    for &c in rest {
        let m = cell_mask(state, c);
        if state.value(c).is_some() || m.count_ones() != 2 {
            return fail(format!("{c} is not an open bivalue cell"));
        }
        pairs.push((c, m));
    }
    for h in House::all() {
        for d in Digit::all() {
            let n = pairs
                .iter()
                .filter(|(c, m)| h.contains(*c) && m & pair(d) != 0)
                .count();
            if n != 0 && n != 2 {
                return fail(format!(
                    "{d} is in the pairs of {n} pattern cells of {h}: not a deadly pattern"
                ));
            }
        }
    }
    if proof.eliminations.is_empty() || !proof.assertions.is_empty() {
        return fail("a BUG lite eliminates the roof's pair");
    }
    for &c in &proof.eliminations {
        if !state.has(c) {
            return Err(CheckError::NotOpen(c));
        }
        if c.cell() != roof || (c.digit() != a && c.digit() != b) {
            return Err(conclusion(c, "not a digit of the roof's pair in the roof"));
        }
    }
    Ok(())
}

impl crate::proof::PatternKind for UniquenessPattern {
    fn rule_name(&self) -> (String, String, usize) {
        UniquenessPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.spanned(&self.cells, None);
        out.spanned(&self.subset, None);
    }
}
