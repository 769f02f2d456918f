//! [`GroupIndex`]: the compact view of a state's groups (g-candidates) that the g-whip and
//! g-braid searches read. A group is the set of open candidates of one digit in a block ∩
//! row or block ∩ column segment, when there are at least two of them — the same groups as
//! the [`super::Node::Group`] nodes of the candidate graph (see [`GroupIndex::group`]).
//!
//! For each group the index keeps its candidates, its two CSP variables (the line-digit
//! variable `rn`/`cn` and the block-digit variable `bn`) and its **g-linked** candidates:
//! the open candidates nrc-linked to every candidate of the group — the same digit in the
//! rest of the line outside the block, and in the rest of the block outside the line.
//! Example: with n1 open in r1c7 and r1c9 only among r1c789, the group `n1r1c79` is g-linked
//! to n1r1c2 (same row, other block) and to n1r3c8 (same block, other row).
//!
//! The index is built from a [`LinkIndex`], so groups and links agree by construction.

use super::{Group, LinkIndex};
use crate::grid::{tables, Candidate, CandidateSet, CspVariable, Digit, House};

/// One group of the index.
#[derive(Clone, Debug)]
pub struct GroupEntry {
    pub digit: Digit,
    /// The row or column of the segment.
    pub line: House,
    /// The block of the segment.
    pub block: House,
    /// Its open candidates (two or three).
    pub candidates: CandidateSet,
    /// The same candidates in increasing order.
    pub members: Vec<Candidate>,
    /// Open candidates linked to every member.
    pub glinked: CandidateSet,
    /// The line-digit variable (`rn` or `cn`) and the block-digit variable (`bn`).
    pub variables: [CspVariable; 2],
}

/// The groups of one state, with a lookup by segment.
#[derive(Clone, Debug)]
pub struct GroupIndex {
    groups: Vec<GroupEntry>,
    /// Segment (digit, block, line-in-block) → group id, or `u16::MAX`.
    by_segment: Vec<u16>,
}

const NONE: u16 = u16::MAX;

/// Segment number 0..486: digit × 54 + block × 6 + k, with k 0..3 the block's rows and
/// 3..6 its columns (as `tables::SEGMENTS_OF` numbers each candidate's two segments).
fn segment_number(d: Digit, block: usize, k: usize) -> usize {
    d.index() * 54 + block * 6 + k
}

impl GroupIndex {
    /// Build the index of the state behind `links`.
    ///
    /// **Complexity**: 486 segments, each a few 12-word set operations.
    pub fn new(links: &LinkIndex) -> GroupIndex {
        let mut groups = Vec::new();
        let mut by_segment = vec![NONE; 486];
        for d in Digit::all() {
            for b in 0..9u8 {
                let in_block = links.variable(CspVariable::Bn(b, d));
                if in_block.len() < 2 {
                    continue;
                }
                for (k, line) in tables::crossing_lines(b as usize).into_iter().enumerate() {
                    let line_var = match line {
                        House::Row(r) => CspVariable::Rn(r, d),
                        House::Column(c) => CspVariable::Cn(c, d),
                        House::Block(_) => unreachable!("a block's crossing lines are lines"),
                    };
                    let candidates = in_block.intersection(links.variable(line_var));
                    if candidates.len() < 2 {
                        continue;
                    }
                    let members: Vec<Candidate> = candidates.iter().collect();
                    let mut glinked = *links.linked(members[0]);
                    for m in &members[1..] {
                        glinked.intersect_with(links.linked(*m));
                    }
                    by_segment[segment_number(d, b as usize, k)] = groups.len() as u16;
                    groups.push(GroupEntry {
                        digit: d,
                        line,
                        block: House::Block(b),
                        candidates,
                        members,
                        glinked,
                        variables: [line_var, CspVariable::Bn(b, d)],
                    });
                }
            }
        }
        GroupIndex { groups, by_segment }
    }

    /// Number of groups.
    pub fn len(&self) -> usize {
        self.groups.len()
    }
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }
    /// The group with id `id` (0..len()).
    #[inline]
    pub fn entry(&self, id: usize) -> &GroupEntry {
        &self.groups[id]
    }
    /// All groups, by id.
    pub fn entries(&self) -> &[GroupEntry] {
        &self.groups
    }
    /// The open candidates linked to every candidate of group `id`.
    #[inline]
    pub fn glinked(&self, id: usize) -> &CandidateSet {
        &self.groups[id].glinked
    }
    /// The group containing every candidate of `cands` (same digit, one block, one line), if
    /// they lie in one segment that holds a group. `cands` must not be empty.
    pub fn group_containing(&self, cands: &[Candidate]) -> Option<usize> {
        let first = cands.first()?;
        let (d, cell) = (first.digit(), first.cell());
        let block = cell.block();
        if cands
            .iter()
            .any(|c| c.digit() != d || c.cell().block() != block)
        {
            return None;
        }
        let same_row = cands.iter().all(|c| c.cell().row() == cell.row());
        let same_col = cands.iter().all(|c| c.cell().col() == cell.col());
        let k = if same_row {
            cell.row() % 3
        } else if same_col {
            3 + cell.col() % 3
        } else {
            return None;
        };
        let id = self.by_segment[segment_number(d, block, k)];
        (id != NONE).then_some(id as usize)
    }
    /// The group in segment `segment` (`tables::SEGMENTS_OF`), if it holds one.
    #[inline]
    pub fn in_segment(&self, segment: usize) -> Option<usize> {
        let id = self.by_segment[segment];
        (id != NONE).then_some(id as usize)
    }
    /// The group as a node of the candidate graph.
    pub fn group(&self, id: usize) -> Group {
        let g = &self.groups[id];
        Group {
            digit: g.digit,
            line: g.line,
            block: g.block,
            cells: g
                .members
                .iter()
                .fold(0u128, |m, c| m | 1u128 << c.cell().index()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::tables::SEGMENTS_OF;
    use crate::grid::{Cell, State};

    #[test]
    fn empty_grid_has_486_groups_linked_to_12() {
        let links = LinkIndex::new(&State::empty());
        let g = GroupIndex::new(&links);
        assert_eq!(g.len(), 486);
        for e in g.entries() {
            // 6 in the rest of the line, 6 in the rest of the block
            assert_eq!(e.glinked.len(), 12);
            assert!(!e.glinked.intersects(&e.candidates));
        }
        let d = Digit::new(1).unwrap();
        let a = Candidate::new(Cell::at(0, 6), d);
        let b = Candidate::new(Cell::at(0, 8), d);
        let id = g.group_containing(&[a, b]).unwrap();
        assert_eq!(g.group(id).to_string(), "n1r1c789");
        assert!(g.glinked(id).contains(Candidate::new(Cell::at(0, 1), d)));
        assert!(g.glinked(id).contains(Candidate::new(Cell::at(2, 7), d)));
        assert!(!g.glinked(id).contains(Candidate::new(Cell::at(3, 7), d)));
    }

    #[test]
    fn segments_table_is_each_candidates_two_segments() {
        let g = GroupIndex::new(&LinkIndex::new(&State::empty()));
        for c in Candidate::all() {
            let [row, col] = SEGMENTS_OF[c.index()].map(usize::from);
            let cell = c.cell();
            let k = (cell.row() % 3, 3 + cell.col() % 3);
            assert_eq!(row, segment_number(c.digit(), cell.block(), k.0));
            assert_eq!(col, segment_number(c.digit(), cell.block(), k.1));
            let row_group = g.entry(g.in_segment(row).unwrap());
            assert_eq!(row_group.line, House::Row(cell.row() as u8));
            assert!(row_group.candidates.contains(c));
            let col_group = g.entry(g.in_segment(col).unwrap());
            assert_eq!(col_group.line, House::Column(cell.col() as u8));
            assert!(col_group.candidates.contains(c));
        }
    }
}
