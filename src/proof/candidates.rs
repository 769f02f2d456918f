//! The candidates a pattern is made of, each once in order of appearance: what the store
//! keeps as a proof's `pattern` items and what a diagram marks for a pattern it draws as
//! marks only. One arm per [`Pattern`] variant, so a new pattern is asked about here.
//!
//! A pattern given by cells or houses (a subset, a fish, an ALS, a rectangle) is made of the
//! open candidates it spans in the state; a chain, a whip, a net or a colouring is made of
//! the candidates it names. A proof's conclusions are its own items (assertions and
//! eliminations), not the pattern's, unless the pattern names them as links.

use super::net::{NetBranch, NetConclusion, NetLiteral};
use super::Pattern;
use crate::grid::{Candidate, CandidateSet, Cell, Digit, House};

/// The candidates of `pattern` on a state whose open candidates are `open`.
pub fn pattern_candidates(pattern: &Pattern, open: &CandidateSet) -> Vec<Candidate> {
    let mut out = Collected::new(open);
    collect(pattern, &mut out);
    out.list
}

/// Candidates gathered once each, in order.
struct Collected<'a> {
    open: &'a CandidateSet,
    seen: CandidateSet,
    list: Vec<Candidate>,
}

impl<'a> Collected<'a> {
    fn new(open: &'a CandidateSet) -> Collected<'a> {
        Collected {
            open,
            seen: CandidateSet::EMPTY,
            list: Vec::new(),
        }
    }

    /// Named candidates (kept whether open or not: a chain names what it uses).
    fn named(&mut self, candidates: impl IntoIterator<Item = Candidate>) {
        for c in candidates {
            if self.seen.insert(c) {
                self.list.push(c);
            }
        }
    }

    /// The open candidates of `digits` (every digit when `None`) in `cells`, cell by cell.
    fn spanned(&mut self, cells: &[Cell], digits: Option<&[Digit]>) {
        let all: Vec<Digit> = Digit::all().collect();
        let digits = digits.unwrap_or(&all);
        for &cell in cells {
            for &d in digits {
                let c = Candidate::new(cell, d);
                if self.open.contains(c) && self.seen.insert(c) {
                    self.list.push(c);
                }
            }
        }
    }

    /// The open candidates of `digit` in `houses`.
    fn digit_in(&mut self, houses: &[House], digit: Digit) {
        for h in houses {
            self.spanned(&h.cells(), Some(&[digit]));
        }
    }

    fn literal(&mut self, l: &NetLiteral) {
        self.named(l.node.candidates().iter().copied());
    }

    fn branches(&mut self, branches: &[NetBranch]) {
        for b in branches {
            self.literal(&b.assumption);
            for s in &b.steps {
                s.premises.iter().for_each(|p| self.literal(p));
                self.literal(&s.conclusion);
            }
        }
    }
}

fn collect(pattern: &Pattern, out: &mut Collected) {
    match pattern {
        Pattern::NakedSingle { cell, digit } | Pattern::HiddenSingle { cell, digit, .. } => {
            out.named([Candidate::new(*cell, *digit)])
        }
        Pattern::Interaction { digit, house, .. } => out.digit_in(&[*house], *digit),
        Pattern::NakedSubset { cells, digits, .. }
        | Pattern::HiddenSubset { cells, digits, .. } => out.spanned(cells, Some(digits)),
        Pattern::Fish { digit, base, .. } => out.digit_in(base, *digit),
        Pattern::XyWing { pivot, pincers, .. } | Pattern::XyzWing { pivot, pincers, .. } => {
            out.spanned(&[*pivot, pincers[0], pincers[1]], None)
        }
        Pattern::Chain(c) => {
            for cell in &c.cells {
                out.named([cell.left_linking, cell.right_linking]);
                out.named(cell.t_candidates.iter().map(|t| t.candidate));
                out.named(cell.z_candidates.iter().copied());
            }
        }
        Pattern::Whip(w) => {
            for cell in &w.cells {
                out.named(cell.left_linking.iter().copied());
                out.named(cell.right_linking.iter().flatten().copied());
            }
        }
        Pattern::Net(n) => {
            out.branches(&n.branches);
            match &n.conclusion {
                NetConclusion::Verity { literal } => out.literal(literal),
                NetConclusion::Both { node } => out.named(node.candidates().iter().copied()),
                NetConclusion::Empty { .. } => {}
            }
        }
        Pattern::GridLock(g) => collect(&g.form.pattern(), out),
        Pattern::BentSubset(b) => out.spanned(&b.cells, Some(&b.digits)),
        Pattern::Als(a) => {
            for set in &a.sets {
                out.spanned(&set.cells, Some(&set.digits));
            }
            if let Some(stem) = a.stem {
                out.spanned(&[stem], None);
            }
        }
        Pattern::GridAls(g) => out.digit_in(&g.base, g.digit),
        Pattern::AlmostLockedRange(r) => out.named(r.chain.iter().copied()),
        Pattern::SueDeCoq(s) => out.spanned(&s.cells(), None),
        Pattern::Aic(a) => {
            for n in &a.nodes {
                out.named(n.cells.iter().map(|&c| Candidate::new(c, n.digit)));
            }
        }
        Pattern::Medusa(m) => {
            for chain in &m.chains {
                out.named(chain.nodes());
            }
        }
        Pattern::Tagging(t) => {
            for n in &t.nodes {
                out.named(n.candidates());
            }
        }
        Pattern::Composite(c) => {
            for part in &c.parts {
                collect(&part.pattern, out);
            }
        }
        Pattern::EmptyRectangle(e) => {
            out.digit_in(&[e.house()], e.digit);
            for l in &e.links {
                out.named([Candidate::new(l.a, e.digit), Candidate::new(l.b, e.digit)]);
            }
        }
        Pattern::Template(t) => {
            let digit: Vec<Candidate> = out.open.iter().filter(|c| c.digit() == t.digit).collect();
            out.named(digit);
        }
        Pattern::Uniqueness(u) => {
            out.spanned(&u.cells, None);
            out.spanned(&u.subset, None);
        }
        Pattern::GeneralFish(f) => out.digit_in(&f.base, f.digit),
        Pattern::KrakenFish(k) => {
            out.digit_in(&k.fish.base, k.fish.digit);
            out.branches(&k.branches);
        }
        Pattern::AlignedExclusion(a) => {
            let cells: Vec<Cell> = a.cells.iter().chain(&a.excluders).copied().collect();
            out.spanned(&cells, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::LinkIndex;
    use crate::grid::format::parse_line;
    use crate::search::{Rule, WhipKind};

    const OCEAN_1: &str =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

    #[test]
    fn a_whip_is_made_of_its_linking_candidates_not_of_its_target() {
        let state = parse_line(OCEAN_1, 1).unwrap().start_state().unwrap();
        let links = LinkIndex::new(&state);
        let mut seen = 0;
        for n in 1..=5 {
            for proof in Rule::whip(WhipKind::Whip, n).find(&links) {
                let Pattern::Whip(w) = &proof.pattern else {
                    unreachable!()
                };
                let got = pattern_candidates(&proof.pattern, state.candidates());
                assert!(!got.contains(&w.target), "{}", proof.rule);
                for cell in &w.cells {
                    assert!(cell.left_linking.iter().all(|c| got.contains(c)));
                }
                let mut unique = got.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), got.len(), "each candidate once");
                seen += 1;
            }
        }
        assert!(seen > 0);
    }

    #[test]
    fn a_naked_pair_is_its_open_candidates_cell_by_cell() {
        let state = parse_line(OCEAN_1, 1).unwrap().start_state().unwrap();
        let r1c1 = Cell::at(0, 0);
        let r1c2 = Cell::at(0, 1);
        let digits: Vec<Digit> = Digit::all()
            .filter(|&d| state.has(Candidate::new(r1c1, d)))
            .take(2)
            .collect();
        let pattern = Pattern::NakedSubset {
            house: House::Row(0),
            cells: vec![r1c1, r1c2],
            digits: digits.clone(),
        };
        let expected: Vec<Candidate> = [r1c1, r1c2]
            .iter()
            .flat_map(|&c| digits.iter().map(move |&d| Candidate::new(c, d)))
            .filter(|&c| state.has(c))
            .collect();
        assert_eq!(pattern_candidates(&pattern, state.candidates()), expected);
    }
}
