//! SudoRules' Subsets on the trial grid ([`Grid`]), and the closure of Berthier's theories
//! S_p = BRT + `whips[1]` + Subsets[≤ p] (p = 2, 3, 4; S = S4), which the backdoor studies
//! (`study::backdoors`) apply to every candidate of a state.
//!
//! # Definition
//!
//! [CSP-Rules]' `Subsets[p]` (SudoRules' `?*Subsets[p]*`; `?*Subsets*` is `Subsets[4]`) are, for
//! each size k ≤ p, the three kinds of Subsets of size k on Sudoku's CSP variables:
//! - **naked**: k undecided cells of a house whose digits number k: those digits leave the
//!   house's other cells (naked pairs, triplets, quads);
//! - **hidden**: k digits of a house whose places number k: those cells keep only those
//!   digits (hidden pairs, triplets, quads);
//! - **super-hidden**: k rows in which a digit's places lie within k columns: the digit
//!   leaves those columns' other rows, and the same with rows and columns swapped (x-wing,
//!   swordfish, jellyfish).
//!
//! SudoRules always activates `whips[1]` before Subsets (its config file, section 3b), so
//! S_p holds W1 ([`Grid::b1_closure`]). Each rule is monotone and sound, so the closure
//! does not depend on the order the rules fire in (Berthier's confluence property,
//! [CRT] ch. 5): this one runs every house and digit in turn, then BRT and W1 again.
//!
//! k sets whose union has fewer than k members (k cells holding fewer than k digits) is a
//! contradiction here; under S_p it is one too (a smaller Subset among them empties one
//! of the others), so the closure solves exactly what S_p solves.
//!
//! Example: in mith's Tatooine moisture farm (`...........98....7.6..5..4..5..3..6...79....8.....4..............82....9.42.6..5.`),
//! after `whips[1]`, SudoRules' first Subset is the hidden pair `b5{n5 n6}{r5c6 r6c4}`, which
//! takes 7 and 1 from r6c4, 2 and 1 from r5c6 ([CSP-Rules]' Examples,
//! `Sudoku-a/Mith-puzzles/Tatooine-moisture-farm.clp`).
//!
//! # Complexity
//!
//! A pass tries, per house and per digit's rows and columns, the sets of at most p of its
//! (at most 9) members whose union stays within p, a depth-first search cut as soon as a
//! union passes p: a few thousand unions per pass on an open grid, a few passes.
//!
//! [CSP-Rules]: Berthier, CSP-Rules-V2.1 (`SudoRules-V20.1-config.clp`, section 3b) and
//! CSP-Rules-Examples (docs/references.md).
//! [CRT]: Berthier, *Constraint Resolution Theories*, 2011.

use super::grid::Grid;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::{houses_of, HOUSE_CELLS};

/// The largest Subsets SudoRules has (`?*Subsets*` is `?*Subsets[4]*`).
pub const LARGEST_SUBSET: usize = 4;

/// A set of members (bit i: member i) and their union.
#[derive(Clone, Copy)]
struct Locked {
    members: u16,
    union: u16,
}

/// A set of 2 to `p` of `items` whose union has at most as many bits as the set has
/// members, and for which `useful` holds (it has something to eliminate, or is a
/// contradiction), found depth first with every union kept within `p` bits.
fn locked_set(items: &[u16], p: usize, useful: &dyn Fn(Locked) -> bool) -> Option<Locked> {
    fn extend(
        items: &[u16],
        from: usize,
        set: Locked,
        size: usize,
        p: usize,
        useful: &dyn Fn(Locked) -> bool,
    ) -> Option<Locked> {
        for (i, &item) in items.iter().enumerate().skip(from) {
            let next = Locked {
                members: set.members | 1 << i,
                union: set.union | item,
            };
            let (k, n) = (size + 1, next.union.count_ones() as usize);
            if n > p {
                continue;
            }
            if k >= 2 && n <= k && useful(next) {
                return Some(next);
            }
            if k < p {
                if let Some(found) = extend(items, i + 1, next, k, p, useful) {
                    return Some(found);
                }
            }
        }
        None
    }
    let empty = Locked {
        members: 0,
        union: 0,
    };
    extend(items, 0, empty, 0, p, useful)
}

/// Whether a set found by [`locked_set`] is a contradiction: fewer in its union than in it.
fn short(set: Locked) -> bool {
    set.union.count_ones() < set.members.count_ones()
}

impl Grid {
    /// S_p to its fixpoint on a BRT-closed grid: `whips[1]` ([`Grid::b1_closure`]) and
    /// Subsets of size 2 to `p` (the module doc), then BRT and `whips[1]` again, until
    /// nothing changes. `p` < 2 is W1. False on contradiction (the grid is then left
    /// part-way).
    pub fn subsets_closure(&mut self, p: usize) -> bool {
        if !self.b1_closure() {
            return false;
        }
        if p < 2 {
            return true;
        }
        let p = p.min(LARGEST_SUBSET);
        loop {
            let mut eliminated = 0u128;
            let whole = (0..27).all(|h| {
                self.naked(h, p, &mut eliminated).is_some()
                    && self.hidden(h, p, &mut eliminated).is_some()
            }) && (0..9).all(|d| {
                self.fish(d, false, p, &mut eliminated).is_some()
                    && self.fish(d, true, p, &mut eliminated).is_some()
            });
            if !whole {
                return false;
            }
            if eliminated == 0 {
                return true;
            }
            if !self.brt_from(eliminated & self.decided(), houses_of(eliminated))
                || !self.b1_closure()
            {
                return false;
            }
        }
    }

    /// The undecided cells of house `h` (their positions in the house) and their digits.
    fn open_cells(&self, h: usize) -> ([u16; 9], [usize; 9], usize) {
        let (mut masks, mut at, mut n) = ([0u16; 9], [0usize; 9], 0);
        for (pos, &c) in HOUSE_CELLS[h].iter().enumerate() {
            let m = self.cells[c as usize];
            if m.count_ones() > 1 {
                (masks[n], at[n], n) = (m, pos, n + 1);
            }
        }
        (masks, at, n)
    }

    /// Naked Subsets of house `h`, applied until none is left. `None`: a contradiction.
    fn naked(&mut self, h: usize, p: usize, eliminated: &mut u128) -> Option<()> {
        loop {
            let (masks, at, n) = self.open_cells(h);
            let items = &masks[..n];
            let useful = |s: Locked| {
                short(s) || bits(!s.members & ((1 << n) - 1)).any(|i| items[i] & s.union != 0)
            };
            let Some(set) = locked_set(items, p, &useful) else {
                return Some(());
            };
            if short(set) {
                return None;
            }
            for i in bits(!set.members & ((1 << n) - 1)) {
                let cell = HOUSE_CELLS[h][at[i]] as usize;
                self.remove(cell, set.union, eliminated)?;
            }
        }
    }

    /// Hidden Subsets of house `h`, applied until none is left. `None`: a contradiction.
    fn hidden(&mut self, h: usize, p: usize, eliminated: &mut u128) -> Option<()> {
        loop {
            // each digit's places in the house (bit: position), decided cells included: a
            // cell that lost digits in this pass may be decided before ECP has run
            let mut places = [0u16; 9];
            for (pos, &c) in HOUSE_CELLS[h].iter().enumerate() {
                for d in bits(self.cells[c as usize]) {
                    places[d] |= 1 << pos;
                }
            }
            let digits: Vec<usize> = (0..9).filter(|&d| places[d] != 0).collect();
            let items: Vec<u16> = digits.iter().map(|&d| places[d]).collect();
            let cells = &self.cells;
            let kept = |s: Locked| bits(s.members).fold(0u16, |m, i| m | 1 << digits[i]);
            let useful = |s: Locked| {
                short(s)
                    || bits(s.union).any(|pos| cells[HOUSE_CELLS[h][pos] as usize] & !kept(s) != 0)
            };
            let Some(set) = locked_set(&items, p, &useful) else {
                return Some(());
            };
            if short(set) {
                return None;
            }
            let others = !kept(set) & 0x1ff;
            for pos in bits(set.union) {
                self.remove(HOUSE_CELLS[h][pos] as usize, others, eliminated)?;
            }
        }
    }

    /// Super-hidden Subsets (fish) of digit `d`: its places in rows within as many columns
    /// (`by_columns`: in columns within as many rows), applied until none is left. `None`:
    /// a contradiction.
    fn fish(&mut self, d: usize, by_columns: bool, p: usize, eliminated: &mut u128) -> Option<()> {
        let bit = 1u16 << d;
        let cell = |line: usize, cross: usize| {
            if by_columns {
                cross * 9 + line
            } else {
                line * 9 + cross
            }
        };
        loop {
            // each line's places of d (bit: cross line), decided cells included (as in
            // `hidden`)
            let mut lines = Vec::with_capacity(9);
            let mut items = Vec::with_capacity(9);
            for line in 0..9 {
                let places = (0..9).fold(0u16, |m, x| {
                    m | (((self.cells[cell(line, x)] & bit != 0) as u16) << x)
                });
                if places != 0 {
                    lines.push(line);
                    items.push(places);
                }
            }
            let cells = &self.cells;
            let outside = |s: Locked, line: usize, x: usize| {
                cells[cell(line, x)] & bit != 0 && !in_set(s, &lines, line)
            };
            let useful =
                |s: Locked| short(s) || (0..9).any(|l| bits(s.union).any(|x| outside(s, l, x)));
            let Some(set) = locked_set(&items, p, &useful) else {
                return Some(());
            };
            if short(set) {
                return None;
            }
            for line in (0..9).filter(|&l| !in_set(set, &lines, l)) {
                for x in bits(set.union) {
                    self.remove(cell(line, x), bit, eliminated)?;
                }
            }
        }
    }
}

/// Whether `line` is one of the set's members (`lines[i]` is member i's line).
fn in_set(set: Locked, lines: &[usize], line: usize) -> bool {
    bits(set.members).any(|i| lines[i] == line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::basic::BasicRule;
    use crate::registry::{Rule, Searcher, TechniqueId};
    use sudolink_engine::graph::LinkIndex;
    use sudolink_engine::grid::State;

    /// S_p by the registry's basic rules on the engine's [`State`]: singles, interactions
    /// (`whips[1]`), naked and hidden subsets and fish of size 2 to p, one step at a time,
    /// to the fixpoint; `None` on contradiction.
    fn by_rules(state: &State, p: usize) -> Option<Grid> {
        let mut kinds = vec![
            BasicRule::NakedSingle,
            BasicRule::HiddenSingle,
            BasicRule::Interaction,
        ];
        for k in 2..=p {
            kinds.extend([
                BasicRule::NakedSubset(k),
                BasicRule::HiddenSubset(k),
                BasicRule::Fish(k),
            ]);
        }
        let rules: Vec<Rule> = kinds
            .into_iter()
            .map(|b| {
                TechniqueId::all()
                    .find(|t| t.get().search == crate::registry::Search::Basic(b))
                    .expect("a basic rule of the registry")
                    .rule(1)
            })
            .collect();
        let mut state = state.clone();
        let mut searcher = Searcher::new();
        loop {
            let links = LinkIndex::new(&state);
            let step = rules
                .iter()
                .find_map(|&r| searcher.find(r, &links, 1).into_iter().next());
            let Some(proof) = step else {
                let mut g = Grid::from_state(&state);
                return (g.brt(g.decided()) && !g.has_contradiction()).then_some(g);
            };
            for &c in &proof.eliminations {
                state.eliminate(c).ok()?;
            }
            for &c in &proof.assertions {
                state.place(c).ok()?;
            }
        }
    }

    /// The closure of S2, S3 and S4 on the grid is the registry's basic rules' fixpoint, on
    /// 30 puzzles of top1465 and on a context of each (one of its candidates
    /// eliminated), in W1's closure first.
    #[test]
    fn subsets_closure_is_the_basic_rules_fixpoint() {
        let list = include_str!("../../../../data/top1465.txt");
        let (mut compared, mut changed) = (0, 0);
        for line in list
            .lines()
            .filter(|l| !l.starts_with('#'))
            .step_by(37)
            .take(30)
        {
            let puzzle = sudolink_engine::grid::format::parse_line(&line[..81], 1).unwrap();
            let mut w1 = Grid::from_state(&State::from_givens(&puzzle.givens).unwrap());
            assert!(w1.brt(w1.decided()) && w1.b1_closure());
            let mut starts = vec![w1];
            for z in w1.trial_candidates().step_by(41) {
                let mut g = w1;
                if g.eliminate(z) && g.b1_closure() {
                    starts.push(g);
                }
            }
            for g in starts {
                let state = g.to_state().unwrap();
                for p in 2..=4 {
                    let mut fast = g;
                    let fast = fast.subsets_closure(p).then_some(fast);
                    let slow = by_rules(&state, p);
                    assert_eq!(fast.map(|g| g.cells), slow.map(|g| g.cells), "S{p}: {line}");
                    changed += usize::from(fast.is_some_and(|f| f != g));
                    compared += 1;
                }
            }
        }
        assert!(
            compared > 200 && changed > 50,
            "{compared} compared, {changed} changed"
        );
    }

    /// A naked triple of three cells holding two digits is a contradiction.
    #[test]
    fn three_cells_with_two_digits_are_a_contradiction() {
        assert!(locked_set(&[0b11, 0b11, 0b11], 3, &short).is_some());
        assert!(locked_set(&[0b11, 0b110, 0b101], 3, &short).is_none());
    }
}
