//! OR-k relations of a state: k candidates of which at least one is true, found where an
//! impossible pattern leaves them — the tridagon's guardians (mith, New Sudoku Players'
//! Forum, "Loki" thread, March 2022; Denis Berthier, CSP-Rules 2.1,
//! `SudoRules-V20.1/EXOTIC/Tridagons/`, 2022), here, and eleven's Imp630 patterns'
//! ([`super::imp630`]). The typed graph holds each relation as an
//! [`super::Node::OrRelation`] ([`Relation`]: the relation with the pattern that produced
//! it) with an [`super::Edge::OrMember`] to each guardian; the tridagon and OR-k chain
//! searches read the relations from here.
//!
//! **The pattern** (stated in full, with its proof of impossibility, in
//! `proof::tridagon`): four blocks on two bands and two stacks, three cells in each in
//! three rows and three columns, aligned so that b12's cell i shares b11's cell i's row,
//! b21's cell i its column and b22's cell i b21's cell i's row, b22's cells lying in b12's
//! columns in an **odd** order; three digits. The twelve cells cannot be filled with the
//! three digits alone, so their other candidates, the guardians, are not all false.
//!
//! **Forms** ([`RelationForm`]): complete (every cell holds the three digits: SudoRules'
//! `tridagon` and `ORk-anti-tridagon`), degenerate-cyclic (every cell holds two of them and
//! each digit is in two cells of each block: `ORk-degen-cyclic-anti-tridagon`), and reduced
//! (every cell holds one: what the first two become as their cells lose digits along a path;
//! SudoRules keeps such relations once found, we re-derive them).
//!
//! **Enumeration**: for each rectangle of four blocks (9) and each three digits (84): b11's
//! cells take its band's rows in order and its stack's columns in one of 6 orders, b12 and
//! b21 one of 6 each, b22 one of the 3 odd orders; a cell joins only if it holds enough of
//! the digits, and the guardians so far stay within the bound asked for, so most of the
//! 9 × 84 × 648 arrangements stop at their first block; each pattern is met once (b11's cells
//! by row). About a millisecond a state.

use super::imp630::ImpRelation;
use super::LinkIndex;
use crate::grid::bits::bits;
use crate::grid::tables::ORDERS_OF_THREE as PERMUTATIONS;
use crate::grid::{Candidate, Cell, Digit};
use std::fmt;

/// The cells' contents: how much of the pattern is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RelationForm {
    /// Every cell holds the three digits.
    Complete,
    /// Every cell holds two of them, each digit in two cells of each block.
    DegenerateCyclic,
    /// Every cell holds one of them.
    Reduced,
}

impl RelationForm {
    /// `complete`, `degenerate-cyclic`, `reduced`.
    pub fn name(self) -> &'static str {
        match self {
            RelationForm::Complete => "complete",
            RelationForm::DegenerateCyclic => "degenerate-cyclic",
            RelationForm::Reduced => "reduced",
        }
    }
}

/// A tridagon's OR relation: its digits, its four blocks' cells (b11, b12, b21, b22,
/// aligned), its form and its guardians (ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrRelation {
    pub digits: [Digit; 3],
    pub blocks: [[Cell; 3]; 4],
    pub form: RelationForm,
    pub guardians: Vec<Candidate>,
}

impl OrRelation {
    /// k, the number of guardians.
    pub fn k(&self) -> usize {
        self.guardians.len()
    }
}

impl fmt::Display for OrRelation {
    /// `Trid-OR3{n1r5c3 n6r4c4 n6r5c3}{n2 n4 n8}b1245`: the guardians, the pattern's digits
    /// and blocks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_relation(f, "Trid", &self.guardians, &self.digits)?;
        let mut blocks: Vec<usize> = self.blocks.iter().map(|b| b[0].block() + 1).collect();
        blocks.sort_unstable();
        let blocks: String = blocks.iter().map(|b| b.to_string()).collect();
        write!(f, "b{blocks}")
    }
}

/// `{pattern}-OR{k}{guardians}{digits}`: `Trid-OR3{n1r5c3 n6r4c4 n6r5c3}{n2 n4 n8}`.
pub(super) fn write_relation(
    f: &mut fmt::Formatter<'_>,
    pattern: &str,
    guardians: &[Candidate],
    digits: &[Digit; 3],
) -> fmt::Result {
    let guardians: Vec<String> = guardians.iter().map(|g| g.to_string()).collect();
    let digits: Vec<String> = digits.iter().map(|d| format!("n{d}")).collect();
    write!(
        f,
        "{pattern}-OR{}{{{}}}{{{}}}",
        guardians.len(),
        guardians.join(" "),
        digits.join(" ")
    )
}

/// The open candidates of `cells` (by their digit masks `masks`) outside the digits `tm`,
/// ascending: a pattern's guardians.
pub(super) fn guardians_of<'a>(
    masks: &[u16; 81],
    cells: impl IntoIterator<Item = &'a Cell>,
    tm: u16,
) -> Vec<Candidate> {
    let mut guardians: Vec<Candidate> = cells
        .into_iter()
        .flat_map(|&c| {
            let extra = masks[c.index()] & !tm;
            bits(extra).map(move |d| Candidate::new(c, Digit::from_index(d)))
        })
        .collect();
    guardians.sort();
    guardians
}

/// An OR relation of the graph, with the pattern that produced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relation {
    /// A tridagon's ([`tridagons`]).
    Tridagon(OrRelation),
    /// One of eleven's Imp630 patterns' ([`super::imp630::relations`]).
    Imp630(ImpRelation),
}

impl Relation {
    /// The guardians, ascending.
    pub fn guardians(&self) -> &[Candidate] {
        match self {
            Relation::Tridagon(r) => &r.guardians,
            Relation::Imp630(r) => &r.guardians,
        }
    }

    /// k, the number of guardians.
    pub fn k(&self) -> usize {
        self.guardians().len()
    }

    /// The pattern's three digits, ascending.
    pub fn digits(&self) -> [Digit; 3] {
        match self {
            Relation::Tridagon(r) => r.digits,
            Relation::Imp630(r) => r.digits,
        }
    }

    /// The pattern's cells: a tridagon's by block (b11, b12, b21, b22), an Imp630
    /// pattern's in the pattern's order.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Relation::Tridagon(r) => r.blocks.iter().flatten().copied().collect(),
            Relation::Imp630(r) => r.cells.clone(),
        }
    }

    pub fn form(&self) -> RelationForm {
        match self {
            Relation::Tridagon(r) => r.form,
            Relation::Imp630(r) => r.form,
        }
    }

    /// The pattern as SudoRules names it: `Trid`, or the Imp630 rule (`EL14c30s`).
    pub fn pattern(&self) -> &str {
        match self {
            Relation::Tridagon(_) => "Trid",
            Relation::Imp630(r) => &r.name,
        }
    }
}

impl fmt::Display for Relation {
    /// The relation's own form: `Trid-OR3{n1r5c3 n6r4c4 n6r5c3}{n2 n4 n8}b1245`,
    /// `EL14c30s-OR1{n3r5c1}{n2 n4 n8}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::Tridagon(r) => r.fmt(f),
            Relation::Imp630(r) => r.fmt(f),
        }
    }
}

/// The odd permutations of three: b22's orientations that make the pattern impossible.
const ODD: [[usize; 3]; 3] = [[0, 2, 1], [1, 0, 2], [2, 1, 0]];

/// The pattern's digit placed in each cell during the resolution (bit d-1; 0 for an open
/// cell or a given). A reduced pattern may hold such cells: SudoRules keeps a relation once
/// asserted while its cells are decided, and a cell decided to one of the three digits
/// leaves the pattern as impossible as before.
pub(super) fn placed_masks(links: &LinkIndex) -> [u16; 81] {
    let mut placed = [0u16; 81];
    for cell in Cell::all() {
        if let Some(d) = links.value(cell) {
            if !links.is_given(cell) {
                placed[cell.index()] = 1 << d.index();
            }
        }
    }
    placed
}

/// The tridagons of the state whose cells each hold at least `min_digits` (1 or 2) of the
/// pattern's digits, in the forms that allows (complete and degenerate-cyclic for 2; the
/// reduced form too for 1, whose cells may also be decided during the resolution to one of
/// the digits), with 1 to `max_k` guardians. Each once, b11 the first block by index and
/// its cells by row.
///
/// **Complexity**: at most 9 × 84 × 648 arrangements, most cut at their first block; about
/// a millisecond a state.
pub fn tridagons(links: &LinkIndex, min_digits: u32, max_k: usize) -> Vec<OrRelation> {
    let masks = links.cell_masks();
    let placed = if min_digits <= 1 {
        placed_masks(links)
    } else {
        [0; 81]
    };
    let mut out = Vec::new();
    for (band1, band2) in [(0, 1), (0, 2), (1, 2)] {
        for (stack1, stack2) in [(0, 1), (0, 2), (1, 2)] {
            for triple in triples() {
                let bound = Bound {
                    tm: triple.0,
                    min_digits,
                    max_k,
                };
                let cells = (&masks, &placed);
                for blocks in arrangements(cells, [band1, band2], [stack1, stack2], bound) {
                    let form = match form_of(&masks, &blocks, triple.0) {
                        Some(form) => form,
                        None if min_digits <= 1 => RelationForm::Reduced,
                        None => continue,
                    };
                    out.extend(relation_of(&masks, blocks, triple, form));
                }
            }
        }
    }
    out
}

/// The 84 sets of three digits, as masks with their digits.
pub(super) fn triples() -> impl Iterator<Item = (u16, [Digit; 3])> {
    (0..9).flat_map(|a| {
        (a + 1..9).flat_map(move |b| {
            (b + 1..9).map(move |c| {
                (
                    (1 << a) | (1 << b) | (1 << c),
                    [a, b, c].map(Digit::from_index),
                )
            })
        })
    })
}

/// What a cell must hold to join, and the guardians allowed.
#[derive(Clone, Copy)]
struct Bound {
    tm: u16,
    min_digits: u32,
    max_k: usize,
}

/// Every arrangement of twelve cells in the odd orientation on the blocks of `bands` ×
/// `stacks` whose cells each hold at least `min_digits` of the digits (or, for 1, were
/// decided to one of them: `placed`), with at most `max_k` guardians.
fn arrangements(
    (masks, placed): (&[u16; 81], &[u16; 81]),
    bands: [usize; 2],
    stacks: [usize; 2],
    b: Bound,
) -> Vec<[[Cell; 3]; 4]> {
    let ok = |cells: &[Cell; 3]| {
        cells.iter().all(|c| {
            (masks[c.index()] & b.tm).count_ones() >= b.min_digits
                || (b.min_digits <= 1 && masks[c.index()] == 0 && placed[c.index()] & b.tm != 0)
        })
    };
    let extra = |cells: &[Cell; 3]| -> usize {
        cells
            .iter()
            .map(|c| (masks[c.index()] & !b.tm).count_ones() as usize)
            .sum()
    };
    let rows1 = [0, 1, 2].map(|i| bands[0] * 3 + i);
    let rows2 = [0, 1, 2].map(|i| bands[1] * 3 + i);
    let cols1 = [0, 1, 2].map(|i| stacks[0] * 3 + i);
    let cols2 = [0, 1, 2].map(|i| stacks[1] * 3 + i);
    let mut out = Vec::new();
    for p11 in PERMUTATIONS {
        let b11 = [0, 1, 2].map(|i| Cell::at(rows1[i], cols1[p11[i]]));
        let g11 = extra(&b11);
        if !ok(&b11) || g11 > b.max_k {
            continue;
        }
        for p12 in PERMUTATIONS {
            let b12 = [0, 1, 2].map(|i| Cell::at(rows1[i], cols2[p12[i]]));
            let g12 = g11 + extra(&b12);
            if !ok(&b12) || g12 > b.max_k {
                continue;
            }
            for p21 in PERMUTATIONS {
                let b21 = [0, 1, 2].map(|i| Cell::at(rows2[p21[i]], cols1[p11[i]]));
                let g21 = g12 + extra(&b21);
                if !ok(&b21) || g21 > b.max_k {
                    continue;
                }
                for sigma in ODD {
                    let b22 = [0, 1, 2].map(|i| Cell::at(b21[i].row(), b12[sigma[i]].col()));
                    if ok(&b22) && g21 + extra(&b22) <= b.max_k {
                        out.push([b11, b12, b21, b22]);
                    }
                }
            }
        }
    }
    out
}

/// The form of twelve cells each holding two of the digits at least: complete,
/// degenerate-cyclic, or neither.
fn form_of(masks: &[u16; 81], blocks: &[[Cell; 3]; 4], tm: u16) -> Option<RelationForm> {
    if blocks.iter().flatten().all(|c| masks[c.index()] & tm == tm) {
        return Some(RelationForm::Complete);
    }
    let two = |c: &Cell| (masks[c.index()] & tm).count_ones() >= 2;
    let cyclic = blocks.iter().flatten().all(two)
        && blocks.iter().all(|b| {
            bits(tm).all(|d| b.iter().filter(|c| masks[c.index()] >> d & 1 == 1).count() >= 2)
        });
    cyclic.then_some(RelationForm::DegenerateCyclic)
}

/// The relation on twelve arranged cells, when it has guardians (a pattern without any
/// would mean the state has no solution: not a relation).
fn relation_of(
    masks: &[u16; 81],
    blocks: [[Cell; 3]; 4],
    (tm, digits): (u16, [Digit; 3]),
    form: RelationForm,
) -> Option<OrRelation> {
    let guardians = guardians_of(masks, blocks.iter().flatten(), tm);
    (!guardians.is_empty()).then_some(OrRelation {
        digits,
        blocks,
        form,
        guardians,
    })
}
