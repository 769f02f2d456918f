//! The Junior Exocet (JE) as David P Bird's "JExocet Compendium" (forum.enjoysudoku.com,
//! 2012–2014) defines it, with SudokuWiki's "Exocet" page (Andrew Stuart, after the
//! compendium) for its pattern and elimination rules; the Senior Exocet (SE) in the form
//! Blue proposed in the "JExocet Pattern Definition" thread (forum.enjoysudoku.com, 2013),
//! which Denis Berthier restates in SudoRules' J-Exocet notes as "Blue's extension"; and
//! their checker.
//!
//! **The Junior pattern** (base in a mini-row; a mini-column is the same turned a quarter):
//! - two *base* cells B1, B2, empty, in one mini-row of a box b0 in row r; their candidates
//!   together are the *base digits* (3 or 4 of them);
//! - two *target* cells T1, T2, empty, one in each of the other two boxes b1, b2 of the
//!   band, neither in row r;
//! - the three *cross-lines*: the columns of T1 and T2 and the column of b0's mini-row that
//!   holds no base cell;
//! - the *companions*: the cross-lines' cells in the band outside row r, outside b0 and not
//!   targets; no base digit is a candidate or a placed digit there;
//! - the *S cells*: the cross-lines' 18 cells outside the band. For each base digit, its
//!   candidates and placements in the S cells lie in at most two *cover lines* (rows or
//!   columns).
//!
//! **Why the targets hold the base digits.** The base cells' true digits a ≠ b are base
//! digits. Digit a is once in each cross-line. In the band it is not in row r (it is in a
//! base cell), not in b0, not in a companion: so in each cross-line it is a target or an S
//! cell. If it were in neither target, it would be in three S cells of three columns, which
//! two cover lines (each holding a at most once) cannot hold. So a is in a target, b in the
//! other: the targets' digits are the base cells' digits.
//!
//! **The Senior pattern.** Bird: "In a Junior Exocet the target cells always occupy the
//! same band of boxes as the base cells, whereas for a Senior Exocet they don't" (quoted by
//! Leren in the "JExocet Compendium" thread). Built here in Blue's form: the same
//! base; the targets on two columns outside b0's stack (the cross-lines with b0's free
//! column), off row r, at least one outside the band; no companions: the S cells are the
//! free column's cells outside the band and the two target columns' cells off row r, not
//! the targets. Each base digit's candidates and placements there lie in at most two cover
//! lines. The proof is the Junior's: a true in a base is in each cross-line off row r and
//! outside b0, so in an S cell or a target; three of them in three columns, two lines hold
//! at most two, so a is in a target, b in the other.
//!
//! **The rules built here**, each named and checked on its own. For both kinds:
//! - *target rule* (SudokuWiki's elimination rule 1): a target's candidate that is not a base
//!   digit is false;
//! - *cover-line rule* (rule 3): a base digit whose S cells one cover line holds is false in
//!   the base cells (true in a base, it would be in one target and in two S cells of two
//!   cross-lines, which one line cannot hold);
//! - *cover-line rule on a target* (Bird's example below): such a digit is false in the
//!   targets too, which hold only the base cells' digits;
//! - *cross-line cover rule* (the compendium's Example 2, "Having a Cross-Line as a Cover
//!   House": "target cell is a non-'S' cell"): a base digit one of whose two cover lines is
//!   a target's cross-line is false in that target. True there, it is a base cell's digit
//!   (the targets hold nothing else), so it is in the other two cross-lines' S cells: the
//!   target's cross-line holds neither of those two, and the other cover line cannot hold
//!   both (a row holds a digit once; a column does not meet two other columns);
//! - *base rule* (rule 2, with the target rules): a base digit that no target may hold (a
//!   candidate no rule above or below takes) is false in the base cells.
//!
//! For a Junior, with each target's *mirror node*: the two cells of the other target's box
//! on the band's line that is neither the base line nor this target's, off the other
//! target's cross-line (for T1 in r2 and T2 in r3 of a base in r1: T2's mini-row, T2
//! excepted). If T1 holds a, a is a base cell's digit, so not on the base line; it is not on
//! T1's line; in the other target's box it is then on the third line, where the cell on T2's
//! cross-line is T2 (holding the other base digit) or a companion (free of base digits): a
//! is in T1's mirror node. Hence:
//! - *mirror rule* (Example 2: "base digit missing from mirror node"): a base digit neither
//!   mirror cell holds is false in the target;
//! - *mirror cell rule* (Example 2: "base digits missing in the mirrored target cell"): if
//!   one mirror cell holds no base digit, the other holds the target's digit, so loses every
//!   digit the target may not hold.
//!
//! For both kinds, once only two base digits may be true in the base cells (the base rule
//! and cover-line rule leave two), they are the base cells' digits and the targets':
//! - *two-digit rule, seen by the base cells* and *two-digit rule, seen by both targets*
//!   (Bird's example below: "seen by the base cells", "seen by both target cells"): a cell
//!   that sees both base cells, or both targets, holds neither digit.
//!
//! Sources: the rules' statements are from the compendium's examples as quoted on the forum
//! (Bird's in the "JExocet Pattern Definition" thread, 2013, as SudoRules' J-Exocet notes
//! restate it; Example 2 as DougCube quotes it in "Exocet Example 2 from JExocet Compendium",
//! forum.enjoysudoku.com, 2018); the proofs are ours. Each holds on the basic theorem alone
//! (the targets hold the base cells' two digits), so it is sound in every instance; the
//! compendium's fuller statements were not at hand, so these are the narrow forms.
//!
//! **Published examples** (tests/exocet.rs): Bird's example in the "JExocet Pattern
//! Definition" thread: base r46c5 {124}, targets r2c6 and r8c4; his eliminations r46c5<>2
//! ("the partial fish cells can hold only one instance in column 1"), r2c6<>28, r8c4<>29,
//! and with {14} left the cells "seen by the base cells" and "seen by both target cells":
//! all 23 are ours, and no more; his fin cells' eliminations are not built. Example 2 of
//! the compendium: (1359) r1c12, targets r2c4 and r3c7, 9's cover lines r5 and c4:
//! r2c4<>2 (target rule), r2c4<>5 (mirror rule), r2c4<>9 (cross-line cover rule), r3c9<>39
//! (mirror cell rule), exactly ours. Blue's Senior example (#9004 of champagne's potential
//! hardest list, same thread): the base r1c56 {1234} he marks, found with targets r6c3 and
//! r3c7.
//!
//! **The checker** re-derives from the state: the base cells (one mini-line, empty, their
//! digits), the targets (empty, where the kind puts them, off the base line), the
//! cross-lines, the companions' want of base digits (Junior), every base digit's S cells
//! inside its cover lines (at most two rows or columns), and for each elimination the rule
//! that makes it, with the mirror nodes and what the targets may hold computed again from
//! the state.

use super::facts::{fail, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};

/// Which Exocet: Bird's Junior (targets in the base band, companions free of base digits) or
/// the Senior form (a target outside the band).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExocetKind {
    /// Both targets in the base band, one in each of its other boxes.
    #[default]
    Junior,
    /// At least one target outside the base band.
    Senior,
}

/// A Junior or Senior Exocet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExocetPattern {
    /// B1, B2: one mini-row or mini-column.
    pub base: [Cell; 2],
    /// T1, T2.
    pub targets: [Cell; 2],
    /// Each base digit with the lines (at most two) holding it in the S cells.
    pub covers: Vec<(Digit, Vec<House>)>,
    /// Junior or Senior (stored proofs without it are Junior).
    #[serde(default)]
    pub kind: ExocetKind,
}

/// The shape a base makes: whether its line is a row, the line, its box, the band.
pub struct Geometry {
    /// The base cells share a row (else a column).
    pub rows: bool,
    /// The base line's index (row or column).
    pub line: usize,
    /// The three cross-lines (columns when the base is in a row), the base box's free one
    /// first, then T1's, then T2's.
    pub cross: [usize; 3],
    /// The companion cells.
    pub companions: Vec<Cell>,
    /// The S cells, by cross-line.
    pub s_cells: Vec<Cell>,
}

/// A cell by (line, position) in orientation `rows` (line a row) or not (line a column).
fn at(rows: bool, line: usize, pos: usize) -> Cell {
    if rows {
        Cell::at(line, pos)
    } else {
        Cell::at(pos, line)
    }
}

/// (line, position) of a cell in orientation `rows`.
fn coords(rows: bool, c: Cell) -> (usize, usize) {
    if rows {
        (c.row(), c.col())
    } else {
        (c.col(), c.row())
    }
}

/// The geometry of a base and its targets for an Exocet of `kind`, `None` when they do not
/// make its shape.
pub fn geometry(base: [Cell; 2], targets: [Cell; 2], kind: ExocetKind) -> Option<Geometry> {
    let [b1, b2] = base;
    if b1 == b2 || b1.block() != b2.block() || targets[0] == targets[1] {
        return None;
    }
    let rows = if b1.row() == b2.row() {
        true
    } else if b1.col() == b2.col() {
        false
    } else {
        return None;
    };
    let (line, p1) = coords(rows, b1);
    let (_, p2) = coords(rows, b2);
    let band = line / 3;
    let stack0 = p1 / 3;
    let free = (stack0 * 3..stack0 * 3 + 3).find(|&p| p != p1 && p != p2)?;
    let (tl1, tp1) = coords(rows, targets[0]);
    let (tl2, tp2) = coords(rows, targets[1]);
    // the targets: off the base line, on two cross-lines outside the base box's stack
    if tl1 == line || tl2 == line || tp1 == tp2 || tp1 / 3 == stack0 || tp2 / 3 == stack0 {
        return None;
    }
    let in_band = [tl1 / 3 == band, tl2 / 3 == band];
    match kind {
        // Junior: both in the band, one in each of its other boxes
        ExocetKind::Junior if in_band != [true, true] || tp1 / 3 == tp2 / 3 => return None,
        // Senior: one at least outside the band
        ExocetKind::Senior if in_band == [true, true] => return None,
        _ => {}
    }
    let cross = [free, tp1, tp2];
    let mut companions = Vec::new();
    let mut s_cells = Vec::new();
    for (k, &x) in cross.iter().enumerate() {
        for l in 0..9 {
            let c = at(rows, l, x);
            if l == line || targets.contains(&c) || (k == 0 && l / 3 == band) {
                continue;
            }
            if kind == ExocetKind::Junior && l / 3 == band {
                companions.push(c);
            } else {
                s_cells.push(c);
            }
        }
    }
    Some(Geometry {
        rows,
        line,
        cross,
        companions,
        s_cells,
    })
}

/// The digits a cell holds on `state`: its candidates, or its placed digit.
fn holds(state: &State, cell: Cell, d: Digit) -> bool {
    state.value(cell) == Some(d) || state.has(Candidate::new(cell, d))
}

impl ExocetPattern {
    /// `junior-exocet` or `senior-exocet`, family `exocet`, 4 (its base and target cells).
    pub fn rule_name(&self) -> (String, String, usize) {
        let name = match self.kind {
            ExocetKind::Junior => "junior-exocet",
            ExocetKind::Senior => "senior-exocet",
        };
        (name.into(), "exocet".into(), 4)
    }

    /// The base digits, ascending.
    pub fn digits(&self) -> Vec<Digit> {
        self.covers.iter().map(|(d, _)| *d).collect()
    }
}

/// The mirror node of target `i` of a Junior Exocet: the two cells of the other target's
/// box on the band's line that is neither the base line nor target `i`'s, off the other
/// target's cross-line; `None` for a Senior or a shape that is not an Exocet's.
pub fn mirror_node(p: &ExocetPattern, i: usize) -> Option<[Cell; 2]> {
    if p.kind != ExocetKind::Junior {
        return None;
    }
    let g = geometry(p.base, p.targets, p.kind)?;
    let (ti, _) = coords(g.rows, p.targets[i]);
    let (_, op) = coords(g.rows, p.targets[1 - i]);
    let band = g.line / 3;
    let third = (band * 3..band * 3 + 3).find(|&l| l != g.line && l != ti)?;
    let stack = op / 3;
    let mut cells = (stack * 3..stack * 3 + 3)
        .filter(|&q| q != op)
        .map(|q| at(g.rows, third, q));
    Some([cells.next()?, cells.next()?])
}

/// The rule that takes base digit or other digit `d` from target `i`, if any: the target
/// rule, the cover-line rule on a target, the cross-line cover rule, the mirror rule.
fn target_rule(state: &State, p: &ExocetPattern, i: usize, d: Digit) -> Option<&'static str> {
    let Some((_, lines)) = p.covers.iter().find(|(x, _)| *x == d) else {
        return Some("target rule");
    };
    if lines.len() <= 1 {
        return Some("cover-line rule on a target");
    }
    let t = p.targets[i];
    let rows = p.base[0].row() == p.base[1].row();
    let cross = if rows {
        House::Column(t.col() as u8)
    } else {
        House::Row(t.row() as u8)
    };
    if lines.contains(&cross) {
        return Some("cross-line cover rule");
    }
    if let Some(m) = mirror_node(p, i) {
        if !m.iter().any(|&c| holds(state, c, d)) {
            return Some("mirror rule");
        }
    }
    None
}

/// Whether target `i` may hold `d`: a candidate no rule of the pattern takes.
fn target_may(state: &State, p: &ExocetPattern, i: usize, d: Digit) -> bool {
    state.has(Candidate::new(p.targets[i], d)) && target_rule(state, p, i, d).is_none()
}

/// Whether base digit `d` may be true in a base cell: it has two cover lines and a target
/// may hold it.
fn base_may(state: &State, p: &ExocetPattern, d: Digit) -> bool {
    p.covers.iter().any(|(x, l)| *x == d && l.len() == 2)
        && (0..2).any(|i| target_may(state, p, i, d))
}

/// Why a candidate goes: the rule of the pattern that eliminates it on `state`, if any.
pub fn rule_for(state: &State, p: &ExocetPattern, e: Candidate) -> Option<&'static str> {
    let digits = p.digits();
    let d = e.digit();
    if let Some(i) = p.targets.iter().position(|&t| t == e.cell()) {
        return target_rule(state, p, i, d);
    }
    if p.base.contains(&e.cell()) {
        if !digits.contains(&d) {
            return None;
        }
        if p.covers.iter().any(|(x, l)| *x == d && l.len() <= 1) {
            return Some("cover-line rule");
        }
        if !base_may(state, p, d) {
            return Some("base rule");
        }
        return None;
    }
    // the mirror cell rule: a mirror node cell holding no base digit leaves the target's
    // digit to the other cell
    for i in 0..2 {
        let Some(m) = mirror_node(p, i) else { break };
        for k in 0..2 {
            let empty = !digits.iter().any(|&x| holds(state, m[k], x));
            if empty && m[1 - k] == e.cell() && !target_may(state, p, i, d) {
                return Some("mirror cell rule");
            }
        }
    }
    // two base digits left: the base cells' and the targets' digits
    let left: Vec<Digit> = digits
        .iter()
        .copied()
        .filter(|&x| base_may(state, p, x))
        .collect();
    if left.len() == 2 && left.contains(&d) {
        let c = e.cell();
        if p.base.iter().all(|&b| c.sees(b)) {
            return Some("two-digit rule, seen by the base cells");
        }
        if p.targets.iter().all(|&t| c.sees(t)) {
            return Some("two-digit rule, seen by both targets");
        }
    }
    None
}

/// Verify a Junior or Senior Exocet and its eliminations on `state`.
pub(super) fn check(state: &State, proof: &Proof, p: &ExocetPattern) -> Result<(), CheckError> {
    let Some(g) = geometry(p.base, p.targets, p.kind) else {
        return fail(format!(
            "the base cells and targets do not make a {:?} Exocet's shape",
            p.kind
        ));
    };
    for &c in p.base.iter().chain(&p.targets) {
        if state.value(c).is_some() {
            return fail(format!("{c} is not empty"));
        }
    }
    let mut digits: Vec<Digit> = Digit::all()
        .filter(|&d| p.base.iter().any(|&b| state.has(Candidate::new(b, d))))
        .collect();
    digits.sort();
    if !(3..=4).contains(&digits.len()) {
        return fail("the base cells hold 3 or 4 digits");
    }
    if p.digits() != digits {
        return fail("the covers name each base digit once, ascending");
    }
    if !p
        .targets
        .iter()
        .all(|&t| digits.iter().any(|&d| state.has(Candidate::new(t, d))))
    {
        return fail("each target holds a base digit");
    }
    for &c in &g.companions {
        if let Some(&d) = digits.iter().find(|&&d| holds(state, c, d)) {
            return fail(format!("the companion {c} holds the base digit {d}"));
        }
    }
    for (d, lines) in &p.covers {
        if lines.len() > 2 {
            return fail(format!("{d} has more than two cover lines"));
        }
        if lines.iter().any(|h| matches!(h, House::Block(_))) {
            return fail("cover lines are rows or columns");
        }
        if let Some(c) = g
            .s_cells
            .iter()
            .find(|&&c| holds(state, c, *d) && !lines.iter().any(|h| h.contains(c)))
        {
            return fail(format!("{d} in the S cell {c} is in no cover line"));
        }
    }
    if !proof.assertions.is_empty() {
        return fail("an Exocet's rules built here eliminate only");
    }
    for &e in &proof.eliminations {
        if rule_for(state, p, e).is_none() {
            return fail(format!("no rule of the pattern eliminates {e}"));
        }
    }
    Ok(())
}

impl crate::proof::PatternKind for ExocetPattern {
    fn rule_name(&self) -> (String, String, usize) {
        ExocetPattern::rule_name(self)
    }

    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        let open = *out.open();
        let digits = self.digits();
        let cands: Vec<Candidate> = self
            .base
            .iter()
            .chain(&self.targets)
            .flat_map(|&c| digits.iter().map(move |&d| Candidate::new(c, d)))
            .filter(|&c| open.contains(c))
            .collect();
        out.named(cands);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kinds_shapes() {
        let base = [Cell::at(0, 0), Cell::at(0, 1)];
        let (j, s) = (ExocetKind::Junior, ExocetKind::Senior);
        // one target in each other box of the band: a Junior, not a Senior
        let g = geometry(base, [Cell::at(1, 3), Cell::at(2, 7)], j).unwrap();
        assert_eq!(g.cross, [2, 3, 7]);
        assert_eq!(g.companions.len(), 2);
        assert_eq!(g.s_cells.len(), 18);
        assert!(geometry(base, [Cell::at(1, 3), Cell::at(2, 7)], s).is_none());
        // one target outside the band: a Senior; S cells the free column outside the band
        // and the target columns off the base row, targets apart
        let g = geometry(base, [Cell::at(1, 3), Cell::at(5, 7)], s).unwrap();
        assert!(g.companions.is_empty());
        assert_eq!(g.s_cells.len(), 6 + 7 + 7);
        assert!(geometry(base, [Cell::at(1, 3), Cell::at(5, 7)], j).is_none());
        // two target columns of one stack, both outside the band: a Senior only
        assert!(geometry(base, [Cell::at(4, 3), Cell::at(7, 4)], s).is_some());
        // a target on the base row, in the base stack or on the other's column: neither
        for t in [
            [Cell::at(0, 3), Cell::at(5, 7)],
            [Cell::at(4, 2), Cell::at(5, 7)],
            [Cell::at(4, 7), Cell::at(5, 7)],
        ] {
            assert!(geometry(base, t, s).is_none() && geometry(base, t, j).is_none());
        }
        // a base in a mini-column: the cross-lines are rows
        let g = geometry(
            [Cell::at(3, 4), Cell::at(5, 4)],
            [Cell::at(1, 0), Cell::at(7, 3)],
            s,
        );
        let g = g.unwrap();
        assert!(!g.rows);
        assert_eq!(g.cross, [4, 1, 7]);
    }
}
