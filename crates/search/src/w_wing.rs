//! HoDoKu's W-wing: two bivalue cells holding the same two digits x and y, which do not
//! see each other, joined by a conjugate pair of y whose one place sees the first cell and
//! the other the second. If neither cell held x, both would hold y, and the conjugate pair
//! would have no y: so one of them holds x, and x leaves every cell seeing both.
//!
//! ```text
//! w-wing (7=5)r5c7-(5)r5c2=(5)r9c2-(5=7)r9c3 ==> r9c7 <> 7
//! HoDoKu: W-Wing: 7/5 in r5c7,r9c3 connected by 5 in r59c2 => r9c7<>7
//! ```
//!
//! Each is an [`AicPattern`] of six candidates (strong in the first cell, weak to the
//! pair, the pair, weak to the second cell, strong in it) checked by the chains' checker.
//!
//! **Complexity**: pairs of bivalue cells with equal digits (at most C(81, 2)), each
//! tested against the 27 houses' conjugate pairs of the joining digit.

use super::grid_analysis::MaskView;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, Digit, House};
use sudolink_engine::proof::aic::{AicConclusion, AicNode, AicPattern};
use sudolink_engine::proof::{Pattern, Proof};

/// Every W-wing of the state: bivalue cells in order, then the eliminated digit (the
/// lower first), then the joining pair's house.
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    find_in(&MaskView::new(links))
}

/// [`find`] on the state's mask view.
pub fn find_in(v: &MaskView) -> Vec<Proof> {
    let bivalue: Vec<Cell> = Cell::all()
        .filter(|c| v.cell[c.index()].count_ones() == 2)
        .collect();
    let mut out = Vec::new();
    for (k, &first) in bivalue.iter().enumerate() {
        for &second in &bivalue[k + 1..] {
            let mask = v.cell[first.index()];
            if v.cell[second.index()] != mask || first.sees(second) {
                continue;
            }
            // the two digits, lower first
            let (low, high) = (
                mask.trailing_zeros() as usize,
                15 - mask.leading_zeros() as usize,
            );
            for (x, y) in [(low, high), (high, low)] {
                let kills = eliminations(v, x, first, second);
                if kills.is_empty() {
                    continue;
                }
                if let Some((w1, w2)) = joining_pair(v, y, first, second) {
                    out.push(proof([first, w1, w2, second], x, y, kills));
                }
            }
        }
    }
    out
}

/// The digit `x`'s candidates seeing both cells.
fn eliminations(v: &MaskView, x: usize, first: Cell, second: Cell) -> Vec<Candidate> {
    Cell::all()
        .filter(|&c| v.cell[c.index()] >> x & 1 == 1 && c.sees(first) && c.sees(second))
        .map(|c| Candidate::new(c, Digit::from_index(x)))
        .collect()
}

/// The first house (rows, columns, blocks) whose two places of `y`, neither cell itself,
/// see one the first cell and the other the second (a place seeing both does not count
/// for the second, as in HoDoKu).
fn joining_pair(v: &MaskView, y: usize, first: Cell, second: Cell) -> Option<(Cell, Cell)> {
    House::all().find_map(|house| {
        let places = v.places[house.index()][y];
        if places.count_ones() != 2 {
            return None;
        }
        let cells = house.cells();
        let (a, b) = (
            cells[places.trailing_zeros() as usize],
            cells[15 - places.leading_zeros() as usize],
        );
        if [a, b].contains(&first) || [a, b].contains(&second) {
            return None;
        }
        if a.sees(first) && !b.sees(first) && b.sees(second) {
            Some((a, b))
        } else if b.sees(first) && !a.sees(first) && a.sees(second) {
            Some((b, a))
        } else {
            None
        }
    })
}

fn proof(cells: [Cell; 4], x: usize, y: usize, kills: Vec<Candidate>) -> Proof {
    let node = |c: Cell, d: usize| AicNode::candidate(Candidate::new(c, Digit::from_index(d)));
    let [first, w1, w2, second] = cells;
    let nodes = vec![
        node(first, x),
        node(first, y),
        node(w1, y),
        node(w2, y),
        node(second, y),
        node(second, x),
    ];
    Proof::new(
        Pattern::Aic(Box::new(AicPattern {
            nodes,
            conclusion: AicConclusion::Ends,
            technique: "w-wing".to_string(),
            tags: None,
            als_links: Vec::new(),
        })),
        kills,
        vec![],
    )
}
