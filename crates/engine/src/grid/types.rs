//! Small `Copy` newtypes for the Sudoku vocabulary: [`Digit`], [`Cell`], [`Candidate`],
//! [`House`], [`CspVariable`] (Berthier's rc/rn/cn/bn "2D cells") and [`Conclusion`] (a
//! placement or an elimination). Their text forms are read by `grid::lexer` (`FromStr`).

use std::fmt;

/// A digit 1..=9.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Digit(u8);

impl Digit {
    /// `n` must be in 1..=9.
    pub fn new(n: u8) -> Option<Digit> {
        (1..=9).contains(&n).then_some(Digit(n))
    }
    /// Digit from a 0-based index 0..9.
    pub fn from_index(i: usize) -> Digit {
        debug_assert!(i < 9);
        Digit(i as u8 + 1)
    }
    pub fn get(self) -> u8 {
        self.0
    }
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=9).map(Digit)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A cell 0..81, row-major. Displays as `r1c1`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    pub const fn new(index: usize) -> Cell {
        debug_assert!(index < 81);
        Cell(index as u8)
    }
    /// 0-based row and column.
    pub fn at(row: usize, col: usize) -> Cell {
        debug_assert!(row < 9 && col < 9);
        Cell((row * 9 + col) as u8)
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn row(self) -> usize {
        self.0 as usize / 9
    }
    pub fn col(self) -> usize {
        self.0 as usize % 9
    }
    pub fn block(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell)
    }
    /// The three houses of the cell: row, column, block.
    pub fn houses(self) -> [House; 3] {
        [
            House::Row(self.row() as u8),
            House::Column(self.col() as u8),
            House::Block(self.block() as u8),
        ]
    }
    /// True when the two cells are different and share a house.
    pub fn sees(self, other: Cell) -> bool {
        self != other
            && (self.row() == other.row()
                || self.col() == other.col()
                || self.block() == other.block())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A candidate: a digit in a cell. Index `cell*9 + digit-1` (0..729). Displays as `n8r4c1`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Candidate(u16);

impl Candidate {
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate((cell.index() * 9 + digit.index()) as u16)
    }
    pub fn from_index(index: usize) -> Candidate {
        debug_assert!(index < 729);
        Candidate(index as u16)
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn cell(self) -> Cell {
        Cell::new(self.0 as usize / 9)
    }
    pub fn digit(self) -> Digit {
        Digit::from_index(self.0 as usize % 9)
    }
    /// The four CSP variables this candidate belongs to: rc, rn, cn, bn.
    pub fn variables(self) -> [CspVariable; 4] {
        let (cell, d) = (self.cell(), self.digit());
        [
            CspVariable::Rc(cell),
            CspVariable::Rn(cell.row() as u8, d),
            CspVariable::Cn(cell.col() as u8, d),
            CspVariable::Bn(cell.block() as u8, d),
        ]
    }
    /// The nrc-link: different candidates in one cell, or one digit in two cells sharing a house.
    pub fn is_linked(self, other: Candidate) -> bool {
        if self == other {
            return false;
        }
        let (a, b) = (self.cell(), other.cell());
        if a == b {
            return true;
        }
        self.digit() == other.digit() && a.sees(b)
    }
    /// `r4c1=8` form.
    pub fn assertion(self) -> String {
        format!("{}={}", self.cell(), self.digit())
    }
    /// `r4c1<>8` form.
    pub fn elimination(self) -> String {
        format!("{}<>{}", self.cell(), self.digit())
    }
    pub fn all() -> impl Iterator<Item = Candidate> {
        (0..729u16).map(Candidate)
    }
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n{}{}", self.digit(), self.cell())
    }
}

/// A house (unit): row, column or block, each 0-based.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum House {
    Row(u8),
    Column(u8),
    Block(u8),
}

impl House {
    /// Index 0..27: rows 0..9, columns 9..18, blocks 18..27.
    pub fn index(self) -> usize {
        match self {
            House::Row(i) => i as usize,
            House::Column(i) => 9 + i as usize,
            House::Block(i) => 18 + i as usize,
        }
    }
    pub fn from_index(i: usize) -> House {
        match i {
            0..=8 => House::Row(i as u8),
            9..=17 => House::Column((i - 9) as u8),
            _ => House::Block((i - 18) as u8),
        }
    }
    pub fn all() -> impl Iterator<Item = House> {
        (0..27).map(House::from_index)
    }
    /// The 9 cells of the house in reading order.
    pub fn cells(self) -> [Cell; 9] {
        let mut out = [Cell(0); 9];
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = match self {
                House::Row(r) => Cell::at(r as usize, k),
                House::Column(c) => Cell::at(k, c as usize),
                House::Block(b) => {
                    let (b, k) = (b as usize, k);
                    Cell::at((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3)
                }
            };
        }
        out
    }
    pub fn contains(self, cell: Cell) -> bool {
        match self {
            House::Row(r) => cell.row() == r as usize,
            House::Column(c) => cell.col() == c as usize,
            House::Block(b) => cell.block() == b as usize,
        }
    }
    /// `row`, `column`, `block`.
    pub fn kind_name(self) -> &'static str {
        match self {
            House::Row(_) => "row",
            House::Column(_) => "column",
            House::Block(_) => "block",
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "r{}", i + 1),
            House::Column(i) => write!(f, "c{}", i + 1),
            House::Block(i) => write!(f, "b{}", i + 1),
        }
    }
}

/// One of Berthier's 324 CSP variables ("2D cells"): each must take exactly one of its
/// candidates. `Rc` is a cell (which digit), `Rn` a row-digit (which column), `Cn` a
/// column-digit (which row), `Bn` a block-digit (which square).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum CspVariable {
    Rc(Cell),
    Rn(u8, Digit),
    Cn(u8, Digit),
    Bn(u8, Digit),
}

impl CspVariable {
    /// Index 0..324: rc 0..81, rn 81..162, cn 162..243, bn 243..324.
    pub fn index(self) -> usize {
        match self {
            CspVariable::Rc(c) => c.index(),
            CspVariable::Rn(r, d) => 81 + r as usize * 9 + d.index(),
            CspVariable::Cn(c, d) => 162 + c as usize * 9 + d.index(),
            CspVariable::Bn(b, d) => 243 + b as usize * 9 + d.index(),
        }
    }
    pub fn from_index(i: usize) -> CspVariable {
        let (kind, rest) = (i / 81, i % 81);
        let (unit, d) = ((rest / 9) as u8, Digit::from_index(rest % 9));
        match kind {
            0 => CspVariable::Rc(Cell::new(rest)),
            1 => CspVariable::Rn(unit, d),
            2 => CspVariable::Cn(unit, d),
            _ => CspVariable::Bn(unit, d),
        }
    }
    pub fn all() -> impl Iterator<Item = CspVariable> {
        (0..324).map(CspVariable::from_index)
    }
    /// The 9 candidates of the variable (present or not in a given state).
    pub fn candidates(self) -> [Candidate; 9] {
        let mut out = [Candidate(0); 9];
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = match self {
                CspVariable::Rc(c) => Candidate::new(c, Digit::from_index(k)),
                CspVariable::Rn(r, d) => Candidate::new(Cell::at(r as usize, k), d),
                CspVariable::Cn(c, d) => Candidate::new(Cell::at(k, c as usize), d),
                CspVariable::Bn(b, d) => Candidate::new(House::Block(b).cells()[k], d),
            };
        }
        out
    }
    /// `rc`, `rn`, `cn` or `bn`.
    pub fn space(self) -> &'static str {
        match self {
            CspVariable::Rc(_) => "rc",
            CspVariable::Rn(..) => "rn",
            CspVariable::Cn(..) => "cn",
            CspVariable::Bn(..) => "bn",
        }
    }
}

impl fmt::Display for CspVariable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CspVariable::Rc(c) => write!(f, "{c}"),
            CspVariable::Rn(r, d) => write!(f, "r{}n{}", r + 1, d),
            CspVariable::Cn(c, d) => write!(f, "c{}n{}", c + 1, d),
            CspVariable::Bn(b, d) => write!(f, "b{}n{}", b + 1, d),
        }
    }
}

/// A conclusion about one candidate: `r3c9<>8` (an elimination) or `r3c9=8` (a placement).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Conclusion {
    pub candidate: Candidate,
    pub placement: bool,
}

impl Conclusion {
    pub fn elimination(candidate: Candidate) -> Conclusion {
        Conclusion {
            candidate,
            placement: false,
        }
    }
    pub fn placement(candidate: Candidate) -> Conclusion {
        Conclusion {
            candidate,
            placement: true,
        }
    }
}

impl fmt::Display for Conclusion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.placement {
            f.write_str(&self.candidate.assertion())
        } else {
            f.write_str(&self.candidate.elimination())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip() {
        for v in CspVariable::all() {
            assert_eq!(CspVariable::from_index(v.index()), v);
            for c in v.candidates() {
                assert!(c.variables().contains(&v), "{c} not in {v}");
            }
        }
        for h in House::all() {
            assert_eq!(House::from_index(h.index()), h);
            for c in h.cells() {
                assert!(h.contains(c));
            }
        }
    }

    #[test]
    fn display_forms() {
        let c = Candidate::new(Cell::at(3, 0), Digit::new(8).unwrap());
        assert_eq!(c.to_string(), "n8r4c1");
        assert_eq!(c.elimination(), "r4c1<>8");
        assert_eq!(
            CspVariable::Bn(2, Digit::new(5).unwrap()).to_string(),
            "b3n5"
        );
    }
}
