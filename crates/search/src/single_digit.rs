//! HoDoKu's single-digit chains of two conjugate pairs: the skyscraper, the 2-string kite
//! and the turbot fish, each an X-chain of four candidates `A = B - C = D` (two conjugate
//! pairs of one digit, B and C in one house): one of A and D holds the digit, so every
//! other candidate of it seeing both is eliminated. They are named by their houses, as
//! HoDoKu's solver tries them (skyscraper, then 2-string kite, then turbot fish):
//!
//! - **skyscraper**: both pairs in rows (or both in columns), B and C in one column (row),
//!   A and D not (that would be an x-wing);
//! - **2-string kite**: one pair in a row, the other in a column, B and C in one block that
//!   holds neither A nor D;
//! - **turbot fish**: any other such chain (a pair in a block, or the weak link along a
//!   line).
//!
//! ```text
//! skyscraper (4)r5c4=(4)r3c4-(4)r3c7=(4)r6c7 ==> r5c9 <> 4, r6c6 <> 4
//! HoDoKu: Skyscraper: 4 in r5c4,r6c7 (connected by r3c47) => r5c9,r6c6<>4
//! ```
//!
//! Each is an [`AicPattern`] (four candidate nodes, strong-weak-strong) whose technique is
//! its name, checked by the chains' checker.
//!
//! **Complexity**: per digit, the conjugate pairs of its 27 houses (at most 27), each pair
//! of pairs in both orientations: under 3,000 candidate chains a digit, each an O(81)
//! elimination scan.

use super::grid_analysis::MaskView;
use sudolink_engine::graph::als::mask_cells;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::peer_mask;
use sudolink_engine::grid::{Candidate, Cell, Digit, House};
use sudolink_engine::proof::aic::{AicConclusion, AicNode, AicPattern};
use sudolink_engine::proof::{Pattern, Proof};

/// Which of HoDoKu's names a chain of two conjugate pairs takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SingleDigitKind {
    Skyscraper,
    TwoStringKite,
    TurbotFish,
}

impl SingleDigitKind {
    /// The technique's registry name (and the proof's rule).
    pub fn name(self) -> &'static str {
        match self {
            SingleDigitKind::Skyscraper => "skyscraper",
            SingleDigitKind::TwoStringKite => "two-string-kite",
            SingleDigitKind::TurbotFish => "turbot-fish",
        }
    }
}

/// A conjugate pair: two cells that are the digit's only places in each of its houses (a
/// line, a block, or both: two cells share at most two houses).
#[derive(Clone, Debug)]
struct Pair {
    held: [House; 2],
    count: usize,
    cells: [Cell; 2],
}

impl Pair {
    /// Its two cells as a cell mask.
    fn mask(&self) -> u128 {
        1 << self.cells[0].index() | 1 << self.cells[1].index()
    }

    /// The houses it is a conjugate pair of, in finding order.
    fn houses(&self) -> &[House] {
        &self.held[..self.count]
    }
}

/// Every chain of `kind` in the state, one per set of four candidates, digits in order.
pub fn find(links: &LinkIndex, kind: SingleDigitKind) -> Vec<Proof> {
    find_in(&MaskView::new(links), kind)
}

/// [`find`] on the state's mask view.
pub fn find_in(v: &MaskView, kind: SingleDigitKind) -> Vec<Proof> {
    let mut out = Vec::new();
    for d in 0..9 {
        let digit = Digit::from_index(d);
        let open = digit_cells(v, d);
        let pairs = conjugate_pairs(v, d);
        let mut seen: Vec<[Cell; 4]> = Vec::new();
        for (i, p) in pairs.iter().enumerate() {
            for q in &pairs[i + 1..] {
                // the four cells must be distinct, whichever way the pairs are read
                let cells = p.mask() | q.mask();
                if p.mask() & q.mask() != 0 {
                    continue;
                }
                for [a, b] in [p.cells, [p.cells[1], p.cells[0]]] {
                    for [c, e] in [q.cells, [q.cells[1], q.cells[0]]] {
                        let chain = [a, b, c, e];
                        // the weak link B - C, and something to eliminate, before naming
                        let kills = open & !cells & peer_mask(a) & peer_mask(e);
                        if !b.sees(c) || kills == 0 || classify(p, q, chain) != kind {
                            continue;
                        }
                        let mut key = chain;
                        if key[0] > key[3] {
                            key.reverse();
                        }
                        if seen.contains(&key) {
                            continue;
                        }
                        seen.push(key);
                        out.push(proof(digit, chain, candidates(kills, d), kind));
                    }
                }
            }
        }
    }
    out
}

/// The digit's conjugate pairs, by their first house in order (rows, columns, blocks),
/// each with every house it is a conjugate pair of (a line and its block).
fn conjugate_pairs(v: &MaskView, d: usize) -> Vec<Pair> {
    let mut pairs: Vec<Pair> = Vec::new();
    for house in House::all().filter(|h| v.places[h.index()][d].count_ones() == 2) {
        let mut at = bits(v.places[house.index()][d]).map(|i| house.cells()[i]);
        let cells = [at.next().expect("two"), at.next().expect("two")];
        match pairs.iter_mut().find(|p| p.cells == cells) {
            Some(p) => {
                p.held[p.count] = house;
                p.count += 1;
            }
            None => pairs.push(Pair {
                held: [house; 2],
                count: 1,
                cells,
            }),
        }
    }
    pairs
}

/// HoDoKu's name for the chain `A = B - C = D` of the pairs `p` (A, B) and `q` (C, D):
/// a skyscraper or a kite when some reading of the pairs' houses makes it one, otherwise a
/// turbot fish.
fn classify(p: &Pair, q: &Pair, chain: [Cell; 4]) -> SingleDigitKind {
    let readings = || {
        p.houses()
            .iter()
            .flat_map(|&hp| q.houses().iter().map(move |&hq| (hp, hq)))
    };
    if readings().any(|(hp, hq)| is_skyscraper(hp, hq, chain)) {
        return SingleDigitKind::Skyscraper;
    }
    if readings().any(|(hp, hq)| is_kite(hp, hq, chain)) {
        return SingleDigitKind::TwoStringKite;
    }
    SingleDigitKind::TurbotFish
}

/// Both pairs in rows with B, C in one column and A, D not (or the same across).
fn is_skyscraper(hp: House, hq: House, [a, b, c, d]: [Cell; 4]) -> bool {
    match (hp, hq) {
        (House::Row(_), House::Row(_)) => b.col() == c.col() && a.col() != d.col(),
        (House::Column(_), House::Column(_)) => b.row() == c.row() && a.row() != d.row(),
        _ => false,
    }
}

/// One pair in a row, the other in a column, B and C in a block holding neither A nor D.
fn is_kite(hp: House, hq: House, [a, b, c, d]: [Cell; 4]) -> bool {
    let crossing = matches!(
        (hp, hq),
        (House::Row(_), House::Column(_)) | (House::Column(_), House::Row(_))
    );
    crossing && b.block() == c.block() && a.block() != b.block() && d.block() != b.block()
}

/// The cells where digit `d` is open, as a cell mask (row by row from the rows' places).
fn digit_cells(v: &MaskView, d: usize) -> u128 {
    (0..9).fold(0, |m, r| m | (v.places[r][d] as u128) << (9 * r))
}

/// The candidates of digit `d` in the cells of `mask`, in cell order.
fn candidates(mask: u128, d: usize) -> Vec<Candidate> {
    mask_cells(mask)
        .map(|x| Candidate::new(x, Digit::from_index(d)))
        .collect()
}

fn proof(digit: Digit, chain: [Cell; 4], kills: Vec<Candidate>, kind: SingleDigitKind) -> Proof {
    let nodes = chain
        .iter()
        .map(|&cell| AicNode::candidate(Candidate::new(cell, digit)))
        .collect();
    Proof::new(
        Pattern::Aic(Box::new(AicPattern {
            nodes,
            conclusion: AicConclusion::Ends,
            technique: kind.name().to_string(),
            tags: None,
            als_links: Vec::new(),
        })),
        kills,
        vec![],
    )
}
