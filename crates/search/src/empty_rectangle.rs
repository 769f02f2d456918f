//! HoDoKu's empty rectangle and dual empty rectangle (single-digit patterns).
//!
//! An **empty rectangle** of digit d is a block whose candidates of d all lie in one row R
//! and one column C of the block (the four other cells of the block hold no d), with at
//! least one candidate in R off C and one in C off R, and two to five candidates in all
//! (HoDoKu's bounds): whichever cell holds the block's d, it is in R or in C — the block's
//! group R ∪ C. With a conjugate pair of d in a column, A = B, A in R outside the block:
//! the cell T of C in B's row, outside the block, cannot hold d (if T held d, B would not,
//! A would, and the block's d would be neither in R, which A holds, nor in C, which T
//! holds). The same with rows and columns swapped.
//!
//! ```text
//! empty-rectangle: 9 in b5{r4 c5}, 9r4c8 = 9r6c8 ==> r6c5 <> 9
//! HoDoKu: Empty Rectangle: 9 in b5 (r4c8/r6c8) => r6c5<>9
//! ```
//!
//! A **dual empty rectangle** is two of them on the same block with the same candidates and
//! different eliminations, reported as one step (HoDoKu's `Dual Empty Rectangle`).
//!
//! Complexity: 9 digits × 9 blocks × 9 choices of (R, C) × the ≤ 6 cells of R and C outside
//! the block, each looked up in O(1) tables of `LinkIndex`: a few thousand steps a state.

use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House};
use sudolink_engine::proof::empty_rectangle::{EmptyRectanglePattern, ErLink};
use sudolink_engine::proof::{Pattern, Proof};

/// Every empty rectangle of the state (one proof each, eliminations distinct), or with
/// `dual` every dual empty rectangle.
pub fn find(links: &LinkIndex, dual: bool) -> Vec<Proof> {
    let singles = singles(links);
    if !dual {
        return singles
            .into_iter()
            .map(|p| proof(clone_with(&p, vec![p.links[0]])))
            .collect();
    }
    let mut out = Vec::new();
    for (i, a) in singles.iter().enumerate() {
        for b in &singles[i + 1..] {
            if a.digit == b.digit && a.block == b.block && a.links[0].target != b.links[0].target {
                out.push(proof(clone_with(a, vec![a.links[0], b.links[0]])));
            }
        }
    }
    out
}

/// `p` with `links` in place of its own.
fn clone_with(p: &EmptyRectanglePattern, links: Vec<ErLink>) -> EmptyRectanglePattern {
    EmptyRectanglePattern { links, ..p.clone() }
}

fn proof(p: EmptyRectanglePattern) -> Proof {
    let eliminations = p
        .links
        .iter()
        .map(|l| Candidate::new(l.target, p.digit))
        .collect();
    Proof::new(Pattern::EmptyRectangle(Box::new(p)), eliminations, vec![])
}

/// Every (block, R, C, conjugate pair) giving an elimination, each elimination once, in
/// HoDoKu's order: digits, blocks, the nine (R, C) choices, R's cells then C's.
fn singles(links: &LinkIndex) -> Vec<EmptyRectanglePattern> {
    let mut out: Vec<EmptyRectanglePattern> = Vec::new();
    let mut seen: Vec<(Digit, Cell)> = Vec::new();
    for digit in Digit::all() {
        for b in 0..9u8 {
            let block = House::Block(b);
            // the block's places of the digit, in order (in place: 81 blocks and digits)
            let (mut held, mut len) = ([Cell::new(0); 9], 0);
            for c in block.cells() {
                if links.open().contains(Candidate::new(c, digit)) {
                    held[len] = c;
                    len += 1;
                }
            }
            let places = &held[..len];
            if places.len() < 2 || places.len() > 5 {
                continue;
            }
            let (r0, c0) = (3 * (b as usize / 3), 3 * (b as usize % 3));
            for row in r0..r0 + 3 {
                for col in c0..c0 + 3 {
                    let on_cross = |c: &Cell| c.row() == row || c.col() == col;
                    let arm_row = places.iter().any(|c| c.row() == row && c.col() != col);
                    let arm_col = places.iter().any(|c| c.col() == col && c.row() != row);
                    if !places.iter().all(on_cross) || !arm_row || !arm_col {
                        continue;
                    }
                    let er = EmptyRectanglePattern {
                        digit,
                        block: b,
                        links: vec![],
                    };
                    // A in R outside the block, its column conjugate B, T in C and B's row;
                    // then A in C outside the block, its row conjugate B, T in R and B's
                    // column
                    for along_row in [true, false] {
                        let cross = (row as u8, col as u8);
                        if let Some(link) = link_from(links, &er, cross, along_row, &mut seen) {
                            out.push(clone_with(&er, vec![link]));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The first conjugate pair from the ER's row (`along_row`) or column giving an
/// elimination not yet made, if any.
fn link_from(
    links: &LinkIndex,
    er: &EmptyRectanglePattern,
    (row, col): (u8, u8),
    along_row: bool,
    seen: &mut Vec<(Digit, Cell)>,
) -> Option<ErLink> {
    let d = er.digit;
    let line = if along_row {
        House::Row(row)
    } else {
        House::Column(col)
    };
    for a in line.cells() {
        if a.block() == er.block as usize || !links.open().contains(Candidate::new(a, d)) {
            continue;
        }
        // the conjugate pair runs across the ER's line
        let cross = if along_row {
            CspVariable::Cn(a.col() as u8, d)
        } else {
            CspVariable::Rn(a.row() as u8, d)
        };
        let Some(b) = links.conjugate_in(Candidate::new(a, d), cross) else {
            continue;
        };
        let b = b.cell();
        let target = if along_row {
            Cell::at(b.row(), col as usize)
        } else {
            Cell::at(row as usize, b.col())
        };
        if target.block() == er.block as usize
            || target == b
            || !links.open().contains(Candidate::new(target, d))
            || seen.contains(&(d, target))
        {
            continue;
        }
        seen.push((d, target));
        return Some(ErLink {
            row,
            col,
            a,
            b,
            target,
        });
    }
    None
}
