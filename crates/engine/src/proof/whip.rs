//! Whips and braids (and their g- versions over groups): the pattern data ([`WhipPattern`]),
//! and its checker ([`check`]); `notation::sudorules` prints and reads it.
//!
//! A whip on target Z is a sequence of CSP variables V_1..V_n, each with a left-linking
//! candidate L_k and (except the last) a right-linking candidate R_k, printed in SudoRules'
//! modern notation as each variable followed by `{L R}`, the last `R` being a dot:
//!
//! ```text
//! whip[4]: r7c8{n2 n3} - c5n3{r7 r2} - r2n6{c5 c7} - b3n1{r2c7 .} ==> r7c5≠2
//! ```
//!
//! The conditions, exactly as SudoRules builds them (`linked` is the nrc-link):
//! - L_1 is linked to Z; for a whip each L_k (k ≥ 2) is linked to R_{k-1}; for a braid L_k
//!   is linked to Z or to some earlier R_i;
//! - L_k and R_k are candidates of V_k, different from each other and from Z; V_k is none
//!   of V_1..V_{k-1} (in a g-whip, once an earlier R is a group, SudoRules only asks that
//!   V_k differs from V_{k-1});
//! - loopless (whips): L_k and R_k are none of the earlier L's and R's; braids only ask that
//!   L_k is not an earlier R and R_k none of the earlier L's and R's;
//! - every other candidate of V_k is linked to Z or to some earlier R_i;
//! - the last variable V_n has no R: all its candidates but L_n are linked to Z or to an
//!   earlier R. Z is then eliminated.
//!
//! In g-whips and g-braids an L or R may be a *g-candidate*: the open candidates of one digit
//! in a block ∩ row or block ∩ column segment (at least two). A candidate is linked to a
//! g-candidate when it is linked to all of its candidates (and not one of them). L's and R's
//! are stored as candidate lists, of length 1 for plain candidates.
//!
//! The checker re-verifies all of this from the [`State`] alone; it shares no code with
//! `search::whips`.

use super::{CheckError, Proof};
use crate::grid::{Candidate, CspVariable, State};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which generalisation of chains: plain whips and braids, or their g- versions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WhipKind {
    Whip,
    Braid,
    GWhip,
    GBraid,
}

impl WhipKind {
    /// `whip`, `braid`, `g-whip` or `g-braid`, as SudoRules prints them.
    pub const fn name(self) -> &'static str {
        match self {
            WhipKind::Whip => "whip",
            WhipKind::Braid => "braid",
            WhipKind::GWhip => "g-whip",
            WhipKind::GBraid => "g-braid",
        }
    }
    /// True for braids and g-braids (L_k may hang on Z or on any earlier R).
    pub fn is_braid(self) -> bool {
        matches!(self, WhipKind::Braid | WhipKind::GBraid)
    }
    /// True for the g- versions (groups allowed as L and R).
    pub fn uses_groups(self) -> bool {
        matches!(self, WhipKind::GWhip | WhipKind::GBraid)
    }
}

impl fmt::Display for WhipKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One cell of a whip: its CSP variable, its left-linking candidate(s) and, except for the
/// last cell, its right-linking candidate(s). A list of length 1 is a plain candidate; a
/// longer one is a g-candidate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WhipCell {
    pub variable: CspVariable,
    pub left_linking: Vec<Candidate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right_linking: Option<Vec<Candidate>>,
}

/// A whip, braid, g-whip or g-braid on one target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WhipPattern {
    pub kind: WhipKind,
    pub target: Candidate,
    pub cells: Vec<WhipCell>,
}

impl WhipPattern {
    /// (rule name as printed, family, length): `("whip", "whip", 4)`.
    pub fn rule_name(&self) -> (String, String, usize) {
        let name = self.kind.name().to_string();
        (name.clone(), name, self.cells.len())
    }
}

// ---------------------------------------------------------------------------------------
// Checker
// ---------------------------------------------------------------------------------------

fn fail<T>(msg: impl Into<String>) -> Result<T, CheckError> {
    Err(CheckError::Pattern(msg.into()))
}

/// Text of a candidate or g-candidate for messages: `n2r7c8` or `{n1r2c7 n1r2c8}`.
fn items_text(items: &[Candidate]) -> String {
    if items.len() == 1 {
        items[0].to_string()
    } else {
        let parts: Vec<String> = items.iter().map(|c| c.to_string()).collect();
        format!("{{{}}}", parts.join(" "))
    }
}

/// Two candidates or g-candidates are linked when they share no candidate and every
/// candidate of one is nrc-linked to every candidate of the other.
fn items_linked(a: &[Candidate], b: &[Candidate]) -> bool {
    a.iter()
        .all(|x| b.iter().all(|y| x != y && x.is_linked(*y)))
}

fn same_items(a: &[Candidate], b: &[Candidate]) -> bool {
    let mut x = a.to_vec();
    let mut y = b.to_vec();
    x.sort();
    y.sort();
    x == y
}

/// A list is a candidate (length 1) or, when groups are allowed, a g-candidate: at least two
/// distinct candidates of one digit inside one block ∩ row or block ∩ column segment.
fn check_item(
    state: &State,
    items: &[Candidate],
    groups: bool,
    what: &str,
) -> Result<(), CheckError> {
    if items.is_empty() {
        return fail(format!("{what} is empty"));
    }
    for &c in items {
        if !state.has(c) {
            return Err(CheckError::NotOpen(c));
        }
    }
    if items.len() == 1 {
        return Ok(());
    }
    if !groups {
        return fail(format!(
            "{what} {} is a group, which only g-whips and g-braids allow",
            items_text(items)
        ));
    }
    let first = items[0];
    let (d, b) = (first.digit(), first.cell().block());
    let same_row = items.iter().all(|c| c.cell().row() == first.cell().row());
    let same_col = items.iter().all(|c| c.cell().col() == first.cell().col());
    let mut sorted = items.to_vec();
    sorted.sort();
    sorted.dedup();
    let ok = sorted.len() == items.len()
        && items.len() <= 3
        && items
            .iter()
            .all(|c| c.digit() == d && c.cell().block() == b)
        && (same_row || same_col);
    if !ok {
        return fail(format!(
            "{what} {} is not a g-candidate (one digit in one block-line segment)",
            items_text(items)
        ));
    }
    Ok(())
}

/// The open candidates of a variable, from the state alone.
fn open_of(state: &State, v: CspVariable) -> Vec<Candidate> {
    v.candidates()
        .into_iter()
        .filter(|&c| state.has(c))
        .collect()
}

/// Verify a whip proof on `state`: the pattern holds cell by cell as SudoRules defines it,
/// and the proof concludes exactly the elimination of the target.
pub fn check(state: &State, proof: &Proof, w: &WhipPattern) -> Result<(), CheckError> {
    concludes_its_target(state, proof, w)?;
    let n = w.cells.len();
    let mut earlier = Earlier {
        z: w.target,
        groups: w.kind.uses_groups(),
        braid: w.kind.is_braid(),
        lefts: Vec::with_capacity(n),
        rights: Vec::with_capacity(n),
        vars: Vec::with_capacity(n),
    };
    for (k, cell) in w.cells.iter().enumerate() {
        let pos = k + 1;
        let v = cell.variable;
        let l = cell.left_linking.as_slice();
        let r = earlier.linking_items(state, cell, pos, n)?;
        earlier.variable_is_new(v, pos)?;
        let members = earlier.l_and_r_of_the_variable(state, v, l, r, pos)?;
        earlier.l_hangs_on(l, pos)?;
        earlier.loopless(l, r, pos)?;
        earlier.others_linked(&members, v, l, r, pos)?;
        earlier.lefts.push(l);
        if let Some(r) = r {
            earlier.rights.push(r);
        }
        earlier.vars.push(v);
    }
    Ok(())
}

/// The target is open, the proof concludes exactly its elimination, and its length is the
/// whip's number of cells (at least one).
fn concludes_its_target(state: &State, proof: &Proof, w: &WhipPattern) -> Result<(), CheckError> {
    let z = w.target;
    if !state.has(z) {
        return Err(CheckError::NotOpen(z));
    }
    if proof.eliminations != vec![z] || !proof.assertions.is_empty() {
        return Err(CheckError::Conclusion {
            target: z.elimination(),
            why: "a whip concludes exactly the elimination of its target".into(),
        });
    }
    let n = w.cells.len();
    if n == 0 {
        return fail("a whip needs at least one cell");
    }
    if proof.length != n {
        return fail(format!(
            "the proof says length {} but the whip has {n} cells",
            proof.length
        ));
    }
    Ok(())
}

/// What the cells before the one checked set up: the target, the family's rules, and the
/// earlier L's and R's (as item lists) and variables.
struct Earlier<'w> {
    z: Candidate,
    groups: bool,
    braid: bool,
    lefts: Vec<&'w [Candidate]>,
    rights: Vec<&'w [Candidate]>,
    vars: Vec<CspVariable>,
}

impl<'w> Earlier<'w> {
    /// Cell `pos`'s L and R are candidates (or, in the g- families, g-candidates); every
    /// cell but the last (of `n`) has an R, the last none. Returns the R.
    fn linking_items(
        &self,
        state: &State,
        cell: &'w WhipCell,
        pos: usize,
        n: usize,
    ) -> Result<Option<&'w [Candidate]>, CheckError> {
        check_item(
            state,
            cell.left_linking.as_slice(),
            self.groups,
            &format!("L{pos}"),
        )?;
        let last = pos == n;
        match (&cell.right_linking, last) {
            (Some(r), false) => {
                check_item(state, r, self.groups, &format!("R{pos}"))?;
                Ok(Some(r.as_slice()))
            }
            (None, true) => Ok(None),
            (Some(_), true) => fail("the last cell of a whip has no right-linking candidate"),
            (None, false) => fail(format!("cell {pos} has no right-linking candidate")),
        }
    }

    /// V_k is new; in a g-whip whose earlier R's include a group, SudoRules only asks that
    /// V_k differs from V_{k-1}.
    fn variable_is_new(&self, v: CspVariable, pos: usize) -> Result<(), CheckError> {
        let group_before = self.groups && !self.braid && self.rights.iter().any(|r| r.len() > 1);
        let repeated = if group_before {
            self.vars.last() == Some(&v)
        } else {
            self.vars.contains(&v)
        };
        if repeated {
            return fail(format!(
                "cell {pos}: {v} is already used by an earlier cell"
            ));
        }
        Ok(())
    }

    /// L and R are open candidates of V_k, neither is the target, and they differ. Returns
    /// V_k's open candidates.
    fn l_and_r_of_the_variable(
        &self,
        state: &State,
        v: CspVariable,
        l: &[Candidate],
        r: Option<&[Candidate]>,
        pos: usize,
    ) -> Result<Vec<Candidate>, CheckError> {
        let z = self.z;
        let members = open_of(state, v);
        if members.is_empty() {
            return fail(format!("cell {pos}: {v} has no open candidate"));
        }
        let in_v = |items: &[Candidate]| items.iter().all(|c| members.contains(c));
        if !in_v(l) || !r.is_none_or(in_v) {
            return fail(format!("cell {pos}: L and R must be candidates of {v}"));
        }
        if l.contains(&z) || r.is_some_and(|r| r.contains(&z)) {
            return fail(format!("cell {pos}: the target {z} cannot be an L or an R"));
        }
        if let Some(r) = r {
            if r.iter().any(|c| l.contains(c)) {
                return fail(format!("cell {pos}: L and R must be different"));
            }
        }
        Ok(members)
    }

    /// L_1 is linked to Z; for a whip L_k to R_{k-1}, for a braid to Z or an earlier R.
    fn l_hangs_on(&self, l: &[Candidate], pos: usize) -> Result<(), CheckError> {
        let (k, zt) = (pos - 1, [self.z]);
        let rights = &self.rights;
        let hangs = if pos == 1 {
            items_linked(l, &zt)
        } else if self.braid {
            items_linked(l, &zt) || rights.iter().any(|ri| items_linked(l, ri))
        } else {
            items_linked(l, rights[k - 1])
        };
        if !hangs {
            let to = if pos == 1 {
                "the target".to_string()
            } else if self.braid {
                "the target or an earlier R".to_string()
            } else {
                format!("R{k} {}", items_text(rights[k - 1]))
            };
            return fail(format!(
                "cell {pos}: L{pos} {} is not linked to {to}",
                items_text(l)
            ));
        }
        Ok(())
    }

    /// Loopless: L_k is no earlier R (for a whip no earlier L either), R_k none of the
    /// earlier L's and R's.
    fn loopless(
        &self,
        l: &[Candidate],
        r: Option<&[Candidate]>,
        pos: usize,
    ) -> Result<(), CheckError> {
        let earlier_l = |x: &[Candidate]| self.lefts.iter().any(|e| same_items(e, x));
        let earlier_r = |x: &[Candidate]| self.rights.iter().any(|e| same_items(e, x));
        if earlier_r(l) || (!self.braid && earlier_l(l)) {
            return fail(format!(
                "cell {pos}: L{pos} {} repeats an earlier candidate of the whip",
                items_text(l)
            ));
        }
        if let Some(r) = r {
            if earlier_r(r) || earlier_l(r) {
                return fail(format!(
                    "cell {pos}: R{pos} {} repeats an earlier candidate of the whip",
                    items_text(r)
                ));
            }
        }
        Ok(())
    }

    /// Every other candidate of V_k (`members` but L and R) is linked to Z or to an
    /// earlier R.
    fn others_linked(
        &self,
        members: &[Candidate],
        v: CspVariable,
        l: &[Candidate],
        r: Option<&[Candidate]>,
        pos: usize,
    ) -> Result<(), CheckError> {
        for &x in members {
            if l.contains(&x) || r.is_some_and(|r| r.contains(&x)) {
                continue;
            }
            let xt = [x];
            let covered = x.is_linked(self.z) || self.rights.iter().any(|ri| items_linked(&xt, ri));
            if !covered {
                return fail(format!(
                    "cell {pos}: {x} of {v} is linked neither to the target nor to an earlier R"
                ));
            }
        }
        Ok(())
    }
}

impl crate::proof::PatternKind for WhipPattern {
    fn rule_name(&self) -> (String, String, usize) {
        WhipPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        for cell in &self.cells {
            out.named(cell.left_linking.iter().copied());
            out.named(cell.right_linking.iter().flatten().copied());
        }
    }
}
