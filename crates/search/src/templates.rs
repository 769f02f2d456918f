//! HoDoKu's templates: template set and template delete.
//!
//! A template of a digit is one placement of nine copies of it, one per row, column and
//! block (46,656 in all). A template fits the state when it covers the digit's placed cells
//! and touches only cells where the digit is placed or a candidate. As HoDoKu does, the
//! fitting templates of a digit are then refined: a template of digit j that covers a cell
//! every fitting template of another digit k covers (a cell k must take) is dropped, and the
//! refinement is repeated until nothing is dropped. Then a cell in every template of d,
//! where d is not placed yet, takes d (**template set**), and a candidate of d in no template
//! is eliminated (**template delete**); one step per digit, as HoDoKu reports them.
//!
//! ```text
//! template-set: 9 in every one of 12 templates (1 refinement) ==> r1c4 = 9
//! HoDoKu: Template Set: r1c4=9
//! ```
//!
//! Complexity: the fitting templates are enumerated row by row, each row's column chosen
//! among the digit's allowed cells with the columns and blocks used so far: at most 46,656
//! leaves per digit (none but the fitting ones are reached), a few hundred on a
//! basic-stuck state; the refinement is O(passes × templates × 9).

use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, Digit};
use sudolink_engine::proof::template::TemplatePattern;
use sudolink_engine::proof::{Pattern, Proof};

/// An 81-bit cell set.
type Cells = u128;

const ALL: Cells = (1 << 81) - 1;

fn bit(cell: Cell) -> Cells {
    1 << cell.index()
}

/// The templates of every digit after refinement, with how many passes removed any.
pub struct Templates {
    /// Per digit (index 0 for 1): the fitting templates left.
    pub lists: Vec<Vec<Cells>>,
    /// Per digit: the cells it is placed in.
    pub placed: [Cells; 9],
    /// Refinement passes that dropped a template.
    pub passes: usize,
}

impl Templates {
    /// The cells every template of `d` covers.
    pub fn mandatory(&self, d: Digit) -> Cells {
        self.lists[d.get() as usize - 1]
            .iter()
            .fold(ALL, |acc, t| acc & t)
    }
    /// The cells some template of `d` covers.
    pub fn possible(&self, d: Digit) -> Cells {
        self.lists[d.get() as usize - 1]
            .iter()
            .fold(0, |acc, t| acc | t)
    }
}

/// Per digit (index 0 for 1): the cells where it is placed, and those where it is placed
/// or a candidate.
fn placed_and_allowed(links: &LinkIndex) -> ([Cells; 9], [Cells; 9]) {
    let mut placed = [0 as Cells; 9];
    let mut allowed = [0 as Cells; 9];
    for cell in Cell::all() {
        if let Some(d) = links.value(cell) {
            placed[d.get() as usize - 1] |= bit(cell);
            allowed[d.get() as usize - 1] |= bit(cell);
        }
    }
    for c in links.open().iter() {
        allowed[c.digit().get() as usize - 1] |= bit(c.cell());
    }
    (placed, allowed)
}

/// The fitting templates of every digit, refined as HoDoKu refines them.
pub fn templates(links: &LinkIndex) -> Templates {
    let (placed, allowed) = placed_and_allowed(links);
    let mut lists: Vec<Vec<Cells>> = (0..9)
        .map(|k| {
            let mut out = Vec::new();
            fit(0, 0, 0, 0, allowed[k], placed[k], &mut |t| out.push(t));
            out
        })
        .collect();
    let mut passes = 0;
    loop {
        let mandatory: Vec<Cells> = lists
            .iter()
            .map(|l| l.iter().fold(ALL, |acc, t| acc & t))
            .collect();
        let mut dropped = false;
        for j in 0..9 {
            let others = (0..9)
                .filter(|&k| k != j && !lists[k].is_empty())
                .fold(0, |acc, k| acc | mandatory[k]);
            let before = lists[j].len();
            lists[j].retain(|t| t & others == 0);
            dropped |= lists[j].len() != before;
        }
        if !dropped {
            break;
        }
        passes += 1;
    }
    Templates {
        lists,
        placed,
        passes,
    }
}

/// Per digit (index 0 for 1), the cells some fitting template covers, unrefined: what the
/// digit's own places leave possible. Logic on one digit alone (a fish of any shape) can
/// eliminate only a candidate outside them, so the fish search asks nothing else.
pub fn single_digit_possible(links: &LinkIndex) -> [Cells; 9] {
    let (placed, allowed) = placed_and_allowed(links);
    let mut possible = [0 as Cells; 9];
    for k in 0..9 {
        let union = &mut possible[k];
        fit(0, 0, 0, 0, allowed[k], placed[k], &mut |t| *union |= t);
    }
    possible
}

/// Every fitting template from `row` on, given to `take`: one allowed cell per row, in a
/// column and block not yet used, covering every placed cell.
fn fit(
    row: usize,
    cols: u16,
    blocks: u16,
    acc: Cells,
    allowed: Cells,
    placed: Cells,
    take: &mut dyn FnMut(Cells),
) {
    if row == 9 {
        if acc & placed == placed {
            take(acc);
        }
        return;
    }
    // a row where the digit is placed takes that cell
    let row_cells: Cells = 0x1ff << (9 * row);
    let here = if placed & row_cells != 0 {
        placed & row_cells
    } else {
        allowed & row_cells
    };
    for col in 0..9 {
        let cell = Cell::at(row, col);
        let block = cell.block();
        if cols >> col & 1 == 1 || blocks >> block & 1 == 1 || here & bit(cell) == 0 {
            continue;
        }
        fit(
            row + 1,
            cols | 1 << col,
            blocks | 1 << block,
            acc | bit(cell),
            allowed,
            placed,
            take,
        );
    }
}

/// Template set (`set`) or template delete: one proof per digit with a conclusion.
pub fn find(links: &LinkIndex, set: bool) -> Vec<Proof> {
    let t = templates(links);
    let mut out = Vec::new();
    for d in Digit::all() {
        let k = d.get() as usize - 1;
        if t.lists[k].is_empty() {
            continue;
        }
        let cells: Vec<Cell> = if set {
            let m = t.mandatory(d) & !t.placed[k];
            Cell::all().filter(|&c| m & bit(c) != 0).collect()
        } else {
            let m = !t.possible(d);
            Cell::all()
                .filter(|&c| m & bit(c) != 0 && links.open().contains(Candidate::new(c, d)))
                .collect()
        };
        if cells.is_empty() {
            continue;
        }
        let conclusions: Vec<Candidate> = cells.iter().map(|&c| Candidate::new(c, d)).collect();
        let pattern = Pattern::Template(Box::new(TemplatePattern {
            digit: d,
            set,
            templates: t.lists[k].len(),
            passes: t.passes,
        }));
        out.push(if set {
            Proof::new(pattern, vec![], conclusions)
        } else {
            Proof::new(pattern, conclusions, vec![])
        });
    }
    out
}
