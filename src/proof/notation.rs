//! Printing proofs in the seeds' nrc notation: `hidden-single-in-a-block ==> r1c1 = 7`,
//! `naked-pairs-in-a-row {n5 n6}r6{c1 c5} ==> r6c6 <> 6`,
//! `swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> r7c9 <> 3, r6c9 <> 3`.

use super::{Pattern, Proof};
use crate::grid::{Candidate, Cell, Digit, House, State};

/// `{n1 n7}`.
pub fn digit_braces(digits: &[Digit]) -> String {
    let inner: Vec<String> = digits.iter().map(|d| format!("n{d}")).collect();
    format!("{{{}}}", inner.join(" "))
}

/// Cells of one house in the seeds' compact form: `r6{c2 c9}`, `{r1 r6}c2`, `{r9c4 r9c6}`.
pub fn cells_in_house(house: House, cells: &[Cell]) -> String {
    match house {
        House::Row(r) => {
            let cols: Vec<String> = cells.iter().map(|c| format!("c{}", c.col() + 1)).collect();
            format!("r{}{{{}}}", r + 1, cols.join(" "))
        }
        House::Column(c) => {
            let rows: Vec<String> = cells.iter().map(|x| format!("r{}", x.row() + 1)).collect();
            format!("{{{}}}c{}", rows.join(" "), c + 1)
        }
        House::Block(_) => {
            let all: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
            format!("{{{}}}", all.join(" "))
        }
    }
}

/// `{n4 n2}r6c9`: a cell with its digits in the given order.
pub fn cell_with_digits(digits: &[Digit], cell: Cell) -> String {
    format!("{}{cell}", digit_braces(digits))
}

/// The conclusion part: `r7c9 <> 3, r6c9 <> 3` or `r1c1 = 7`.
pub fn conclusions(proof: &Proof) -> String {
    let mut parts: Vec<String> = proof
        .assertions
        .iter()
        .map(|c| format!("{} = {}", c.cell(), c.digit()))
        .collect();
    parts.extend(
        proof
            .eliminations
            .iter()
            .map(|c| format!("{} <> {}", c.cell(), c.digit())),
    );
    parts.join(", ")
}

fn lines(hs: &[House]) -> String {
    let items: Vec<String> = hs.iter().map(|h| h.to_string()).collect();
    format!("{{{}}}", items.join(" "))
}

fn other_digits(state: &State, cell: Cell, first: Digit) -> Vec<Digit> {
    let mut ds = vec![first];
    ds.extend(Digit::all().filter(|&d| d != first && state.has(Candidate::new(cell, d))));
    ds
}

/// The pattern part of a proof, without the conclusion. Wings need the state to show the
/// cells' digits in chain order.
pub fn pattern_text(state: &State, proof: &Proof) -> String {
    match &proof.pattern {
        Pattern::Chain(c) => super::chain::pattern_text(state, proof, c),
        Pattern::Whip(w) => super::whip::pattern_text(state, proof, w),
        Pattern::Net(n) => super::net::gnpx_text(n, proof),
        Pattern::GridLock(g) => super::assistant::grid_text(state, proof, g),
        Pattern::BentSubset(b) => super::assistant::bent_text(state, proof, b),
        Pattern::Als(a) => super::als::pattern_text(proof, a),
        Pattern::GridAls(g) => super::assistant::grid_als_text(proof, g),
        Pattern::AlmostLockedRange(r) => super::range::text(proof, r),
        Pattern::Aic(a) => super::aic::chain_text(state, proof, a),
        Pattern::SueDeCoq(s) => {
            let h = super::als::sue_de_coq_hodoku(state, proof, s);
            let body = h.split_once(": ").map(|(_, b)| b).unwrap_or(&h);
            let body = body.split_once(" => ").map(|(b, _)| b).unwrap_or(body);
            format!("{} {body}", proof.rule)
        }
        Pattern::NakedSingle { .. } | Pattern::HiddenSingle { .. } => proof.rule.clone(),
        Pattern::Interaction { house, into, .. } => {
            format!(
                "{} {house} interaction-with-{} {into}",
                house.kind_name(),
                into.kind_name()
            )
        }
        Pattern::NakedSubset {
            house,
            cells,
            digits,
        } => {
            format!(
                "{} {}{}",
                proof.rule,
                digit_braces(digits),
                cells_in_house(*house, cells)
            )
        }
        Pattern::HiddenSubset {
            house,
            digits,
            cells,
        } => {
            format!(
                "{} {}{}",
                proof.rule,
                digit_braces(digits),
                cells_in_house(*house, cells)
            )
        }
        Pattern::Fish { digit, base, cover } => {
            let (rows, cols) = if matches!(base[0], House::Row(_)) {
                (base, cover)
            } else {
                (cover, base)
            };
            format!("{} n{digit}{}{}", proof.rule, lines(rows), lines(cols))
        }
        Pattern::XyWing { pivot, pincers, z } | Pattern::XyzWing { pivot, pincers, z } => {
            // pincer1 {z x} - pivot {x y (z)} - pincer2 {y z}
            let a = other_digits(state, pincers[0], *z);
            let x = a[1];
            let mut p = other_digits(state, *pivot, x);
            if p.len() == 3 {
                p.retain(|d| d != z);
                p.push(*z);
            }
            let y = p[1];
            format!(
                "{} {} - {} - {}",
                proof.rule,
                cell_with_digits(&a, pincers[0]),
                cell_with_digits(&p, *pivot),
                cell_with_digits(&[y, *z], pincers[1]),
            )
        }
    }
}

/// The whole step in nrc notation.
pub fn nrc_text(state: &State, proof: &Proof) -> String {
    format!("{} ==> {}", pattern_text(state, proof), conclusions(proof))
}

/// Conclusions as SudoRules' modern notation prints them: `r7c9≠3, r6c9≠3` or `r1c1=7`.
pub fn modern_conclusions(proof: &Proof) -> String {
    let mut parts: Vec<String> = proof.assertions.iter().map(|c| c.assertion()).collect();
    parts.extend(
        proof
            .eliminations
            .iter()
            .map(|c| format!("{}≠{}", c.cell(), c.digit())),
    );
    parts.join(", ")
}

fn modern_cells(house: House, cells: &[Cell]) -> String {
    match house {
        House::Row(r) => {
            let cols: Vec<String> = cells.iter().map(|c| format!("c{}", c.col() + 1)).collect();
            format!("r{}{{{}}}", r + 1, cols.join(" "))
        }
        House::Column(c) => {
            let rows: Vec<String> = cells.iter().map(|x| format!("r{}", x.row() + 1)).collect();
            format!("c{}{{{}}}", c + 1, rows.join(" "))
        }
        House::Block(b) => {
            let all: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
            format!("b{}{{{}}}", b + 1, all.join(" "))
        }
    }
}

/// The whole step in SudoRules' modern notation (CSP-Rules 2): `whip[4]: ... ==> r7c5≠2`,
/// `biv-chain[3]: ...`, `naked-pairs-in-a-row: r6{c2 c9}{n1 n7} ==> r6c8≠7`.
pub fn sudorules_text(state: &State, proof: &Proof) -> String {
    let pattern = match &proof.pattern {
        Pattern::Chain(c) => return super::chain::sudorules_text(c),
        Pattern::Whip(w) => return super::whip::sudorules_text(state, proof, w),
        Pattern::Net(n) => return super::net::gnpx_text(n, proof),
        Pattern::GridLock(_)
        | Pattern::BentSubset(_)
        | Pattern::Als(_)
        | Pattern::GridAls(_)
        | Pattern::AlmostLockedRange(_)
        | Pattern::SueDeCoq(_)
        | Pattern::Aic(_) => pattern_text(state, proof),
        Pattern::NakedSingle { .. } | Pattern::HiddenSingle { .. } => proof.rule.clone(),
        Pattern::Interaction { .. } => pattern_text(state, proof),
        Pattern::NakedSubset {
            house,
            cells,
            digits,
        } => {
            format!(
                "{}: {}{}",
                proof.rule,
                modern_cells(*house, cells),
                digit_braces(digits)
            )
        }
        Pattern::HiddenSubset {
            house,
            digits,
            cells,
        } => {
            let h = house.to_string();
            let inside = modern_cells(*house, cells);
            format!(
                "{}: {h}{}{}",
                proof.rule,
                digit_braces(digits),
                &inside[h.len()..]
            )
        }
        Pattern::Fish { digit, base, cover } => {
            format!("{}: n{digit}{}{}", proof.rule, lines(base), lines(cover))
        }
        Pattern::XyWing { .. } | Pattern::XyzWing { .. } => {
            // pincer - pivot - pincer, each cell with its digits in chain order
            let text = pattern_text(state, proof);
            let body = text.split_once(' ').map(|(_, b)| b).unwrap_or("");
            let cells: Vec<String> = body
                .split(" - ")
                .map(|part| match part.split_once('}') {
                    Some((digits, cell)) => {
                        let ds = digits.trim_start_matches('{').replace('n', "");
                        format!(
                            "{cell}{{{}}}",
                            ds.split(' ')
                                .map(|d| format!("n{d}"))
                                .collect::<Vec<_>>()
                                .join(" ")
                        )
                    }
                    None => part.to_string(),
                })
                .collect();
            format!("{}: {}", proof.rule, cells.join(" - "))
        }
    };
    format!("{pattern} ==> {}", modern_conclusions(proof))
}
