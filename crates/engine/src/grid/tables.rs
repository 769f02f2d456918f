//! Precomputed structure tables, built once: each candidate's nrc-linked candidates as a
//! [`CandidateSet`], each CSP variable's candidates as a set, each cell's 20 peers (as a list and as an 81-bit mask),
//! each candidate's four CSP variable indices (a const table).
//! They depend only on the grid's geometry, never on a state.

use super::candidate_set::CandidateSet;
use super::types::{Candidate, Cell, CspVariable, House};
use std::sync::OnceLock;

/// Per candidate index: the indices of its four CSP variables (rc, rn, cn, bn), as
/// [`Candidate::variables`] and [`CspVariable::index`] give them; a const table for the
/// searches' inner loops.
pub const VARIABLES_OF: [[u16; 4]; 729] = {
    let mut table = [[0u16; 4]; 729];
    let mut i = 0;
    while i < 729 {
        let (cell, d) = (i / 9, i % 9);
        let (r, c) = (cell / 9, cell % 9);
        let b = (r / 3) * 3 + c / 3;
        table[i] = [
            cell as u16,
            (81 + r * 9 + d) as u16,
            (162 + c * 9 + d) as u16,
            (243 + b * 9 + d) as u16,
        ];
        i += 1;
    }
    table
};

struct Tables {
    nrc_linked: Vec<CandidateSet>,
    variable_set: Vec<CandidateSet>,
    house_cells: Vec<u128>,
    peers: Vec<Vec<Cell>>,
    peer_masks: Vec<u128>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let nrc_linked = Candidate::all()
            .map(|a| Candidate::all().filter(|&b| a.is_linked(b)).collect())
            .collect();
        let variable_set = CspVariable::all()
            .map(|v| v.candidates().into_iter().collect())
            .collect();
        let house_cells = House::all()
            .map(|h| h.cells().iter().fold(0u128, |m, c| m | 1 << c.index()))
            .collect();
        let peers = Cell::all()
            .map(|a| Cell::all().filter(|&b| a.sees(b)).collect())
            .collect();
        let peer_masks = Cell::all()
            .map(|a| {
                Cell::all()
                    .filter(|&b| a.sees(b))
                    .fold(0u128, |m, b| m | 1 << b.index())
            })
            .collect();
        Tables {
            nrc_linked,
            variable_set,
            house_cells,
            peers,
            peer_masks,
        }
    })
}

/// All candidates nrc-linked to `c` (structure only; intersect with a state's candidates).
#[inline]
pub fn nrc_linked(c: Candidate) -> &'static CandidateSet {
    &tables().nrc_linked[c.index()]
}

/// The 9 candidates of a CSP variable as a set.
#[inline]
pub fn variable_set(v: CspVariable) -> &'static CandidateSet {
    &tables().variable_set[v.index()]
}

/// The 20 cells that see `cell`.
pub fn peers(cell: Cell) -> &'static [Cell] {
    &tables().peers[cell.index()]
}

/// The 20 cells that see `cell`, as an 81-bit mask.
pub fn peer_mask(cell: Cell) -> u128 {
    tables().peer_masks[cell.index()]
}

/// The house's cells as an 81-bit mask.
pub fn house_mask(h: House) -> u128 {
    tables().house_cells[h.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_candidate_has_28_links() {
        // 8 in its cell + 20 peers with the same digit
        for c in Candidate::all() {
            assert_eq!(nrc_linked(c).len(), 28);
        }
        assert_eq!(peers(Cell::new(40)).len(), 20);
    }

    #[test]
    fn variables_table_matches_candidate_variables() {
        for (i, indices) in VARIABLES_OF.iter().enumerate() {
            let expected = Candidate::from_index(i)
                .variables()
                .map(|v| v.index() as u16);
            assert_eq!(*indices, expected, "candidate {i}");
        }
    }
}
