//! The chains of [Berthier NRC], [Berthier 3D]: 3D nrc-, nrct-, nrcz- and nrczt-chains, their 2D
//! special cases (xy, xyt, xyz, xyzt in rc-space; the hidden hxy-rn and hxy-cn chains and
//! their t/z variants; c-chains), and nrct/nrczt rl- and lr-lassos — as proof data
//! ([`ChainPattern`]) with their checker ([`check()`]). Their text forms live in
//! `sudolink_notation`: Berthier's nrc notation (`notation::nrc::chain`, reader and printer,
//! and `chain_from_pairs`, which completes written cells on a state), SudoRules'
//! modern notation (`notation::sudorules`) and Eureka (`notation::eureka`).
//!
//! # The pattern
//!
//! A chain of length n is a sequence of n cells k = 1..n. Each cell is a CSP variable V_k
//! (an rc-cell, or a row-, column- or block-digit: `rc`, `rn`, `cn`, `bn`) holding two of its
//! candidates: the **left-linking** L_k and the **right-linking** R_k. R_k is nrc-linked to
//! L_{k+1}. All 2n candidates are different (Berthier's "standard" chains: no inner loop) and
//! the targets never belong to the chain. What may sit in V_k beside L_k and R_k depends on
//! the family:
//!
//! | family | other candidates of V_k | targets |
//! |---|---|---|
//! | nrc | none (V_k is bivalue / bilocal) | any candidate linked to L_1 and R_n |
//! | nrct | **t-candidates**: each linked to some earlier R_i (i < k); none in V_1 | as nrc |
//! | nrcz | **z-candidates**: each linked to the target, in V_1 too | linked to L_1, R_n and every z-candidate |
//! | nrczt | t- or z-candidates | as nrcz |
//!
//! The 2D families are the same definitions inside one of Berthier's 2D spaces: every cell
//! is an rc-variable (xy, xyt, xyz, xyzt), an rn-variable (hxy-rn, ...) or a cn-variable
//! (hxy-cn, ...), the cells are all different, and every link the chain uses (R_k to
//! L_{k+1}, t- and z-candidates to what justifies them, targets to the ends) is a link of
//! that space: in rc-space the same digit in two cells sharing a unit; in rn-space the same
//! column (two digits of one cell, or one digit twice in a column); in cn-space the same
//! row. A c-chain is an nrc-chain on one digit whose cells are rn-, cn- or bn-variables.
//!
//! A **lasso** (nrct or nrczt only) is a partial chain closed by a contradiction instead of
//! a target: an **rl-lasso** when the last R_n equals an earlier L_j, an **lr-lasso** when
//! the last R_n is linked to an earlier R_j. Its targets are linked to L_1 (and, for nrczt,
//! to every z-candidate); they need not be linked to R_n.
//!
//! Why it holds: if a target were true, L_1 would be false, every extra candidate of V_1
//! false (linked to the target), hence R_1 true; then L_2 false (linked to R_1), every t- or
//! z-candidate of V_2 false, R_2 true; ... R_n true — which contradicts the target (chains),
//! an earlier true R_j (lr-lasso) or an earlier false L_j (rl-lasso).
//!
//! Lengths: a 2D chain's length is its number of cells; a 3D chain's is its number of
//! (L, R) pairs — the same count.
//!
//! # Checking
//!
//! [`check()`] verifies exactly the definition above from the state's open candidates,
//! with its own link test (it shares no code with `search::chains` or the link index):
//! variables of the family's kinds holding their L and R, all L and R different (an
//! rl-lasso's last R is its earlier L), each R_k linked to L_{k+1}, every other open
//! candidate of every cell listed once as a t-candidate (with an earlier R it is linked to)
//! or a z-candidate (linked to every target) as the family allows, the closing (targets
//! linked to both ends, or the lasso's last R equal to / linked to the earlier cell it
//! names), and the proof's rule name, length and eliminations. It takes the definition
//! literally: a right-linking candidate that happens to be linked to an earlier one is
//! allowed ([Berthier NRC]'s Sudogen0 #707 path has one), and so is an earlier chain candidate
//! accounted for as an extra candidate of a later cell.
//!
//! # Example
//!
//! EasterMonster with r4c8=7 ([Berthier NRC]), after its hidden single, in the seed's notation:
//!
//! ```text
//! nrczt4-chain n2{r7c8 r8c7} - n2{r4c7 r4c1} - n2{r6c2 r6c6} - n2{r2c6 r2c5} ==> r7c5 <> 2
//! ```
//!
//! The full notation (`notation::nrc::chain::pattern_text_full`) also shows each t-candidate with the earlier R
//! that justifies it (`#`) and each z-candidate (`*`):
//! `{n2 n6 n3#n3r4c6}r4c8`, `n4{r4 r5 r1*}c6`.

mod check;

pub use check::check;
pub use check::{kind_index, linked};

use crate::grid::{Candidate, CspVariable};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A chain family of [Berthier NRC], [Berthier 3D]. Also re-exported as
/// `search::chains::ChainFamily`.
///
/// Command-line names ([`ChainFamily::name`]): `xy`, `xyt`, `xyz`, `xyzt`, `hxy-rn`,
/// `hxyt-rn`, `hxyz-rn`, `hxyzt-rn`, `hxy-cn`, `hxyt-cn`, `hxyz-cn`, `hxyzt-cn`, `c`, `nrc`,
/// `nrct`, `nrcz`, `nrczt`, `nrct-lasso`, `nrczt-lasso` (`lasso` is read as `nrczt-lasso`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainFamily {
    Xy,
    Xyt,
    Xyz,
    Xyzt,
    HxyRn,
    HxytRn,
    HxyzRn,
    HxyztRn,
    HxyCn,
    HxytCn,
    HxyzCn,
    HxyztCn,
    C,
    Nrc,
    Nrct,
    Nrcz,
    Nrczt,
    NrctLasso,
    NrcztLasso,
}

/// The links a chain family may use: any nrc-link, or one 2D space's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum LinkSpace {
    /// Any nrc-link.
    Nrc,
    /// rc-space: one digit in two cells sharing a unit.
    Rc,
    /// rn-space: same column.
    Rn,
    /// cn-space: same row.
    Cn,
}

/// What a chain family is, as data: the one definition the search
/// (`search::chains`) and the checker ([`check`]) both read. Each applies it in its own
/// code; the checker never calls the search.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct ChainDefinition {
    /// The links the chain may use.
    pub space: LinkSpace,
    /// Allowed CSP variable kinds: rc, rn, cn, bn.
    pub kinds: [bool; 4],
    /// t-candidates allowed (excused by an earlier right-linking candidate).
    pub t: bool,
    /// z-candidates allowed (excused by the target).
    pub z: bool,
    /// The pattern is a lasso, not a chain.
    pub lasso: bool,
    /// Every cell a different CSP variable (the 2D chains).
    pub distinct_variables: bool,
    /// One digit throughout (c-chains).
    pub one_digit: bool,
}

impl ChainFamily {
    /// The family's definition ([Berthier NRC], [Berthier 3D]), written once.
    pub fn definition(self) -> ChainDefinition {
        use ChainFamily::*;
        const RC: [bool; 4] = [true, false, false, false];
        const RN: [bool; 4] = [false, true, false, false];
        const CN: [bool; 4] = [false, false, true, false];
        const ALL: [bool; 4] = [true; 4];
        let (space, kinds, t, z) = match self {
            Xy => (LinkSpace::Rc, RC, false, false),
            Xyt => (LinkSpace::Rc, RC, true, false),
            Xyz => (LinkSpace::Rc, RC, false, true),
            Xyzt => (LinkSpace::Rc, RC, true, true),
            HxyRn => (LinkSpace::Rn, RN, false, false),
            HxytRn => (LinkSpace::Rn, RN, true, false),
            HxyzRn => (LinkSpace::Rn, RN, false, true),
            HxyztRn => (LinkSpace::Rn, RN, true, true),
            HxyCn => (LinkSpace::Cn, CN, false, false),
            HxytCn => (LinkSpace::Cn, CN, true, false),
            HxyzCn => (LinkSpace::Cn, CN, false, true),
            HxyztCn => (LinkSpace::Cn, CN, true, true),
            C => (LinkSpace::Rc, [false, true, true, true], false, false),
            Nrc => (LinkSpace::Nrc, ALL, false, false),
            Nrct | NrctLasso => (LinkSpace::Nrc, ALL, true, false),
            Nrcz => (LinkSpace::Nrc, ALL, false, true),
            Nrczt | NrcztLasso => (LinkSpace::Nrc, ALL, true, true),
        };
        ChainDefinition {
            space,
            kinds,
            t,
            z,
            lasso: self.is_lasso(),
            distinct_variables: self.is_2d(),
            one_digit: self == C,
        }
    }
}

impl ChainFamily {
    /// Every family, in declaration order.
    pub const ALL: [ChainFamily; 19] = [
        ChainFamily::Xy,
        ChainFamily::Xyt,
        ChainFamily::Xyz,
        ChainFamily::Xyzt,
        ChainFamily::HxyRn,
        ChainFamily::HxytRn,
        ChainFamily::HxyzRn,
        ChainFamily::HxyztRn,
        ChainFamily::HxyCn,
        ChainFamily::HxytCn,
        ChainFamily::HxyzCn,
        ChainFamily::HxyztCn,
        ChainFamily::C,
        ChainFamily::Nrc,
        ChainFamily::Nrct,
        ChainFamily::Nrcz,
        ChainFamily::Nrczt,
        ChainFamily::NrctLasso,
        ChainFamily::NrcztLasso,
    ];

    /// The lower-case command-line name (`hxyt-cn`, `nrczt-lasso`).
    pub const fn name(self) -> &'static str {
        use ChainFamily::*;
        match self {
            Xy => "xy",
            Xyt => "xyt",
            Xyz => "xyz",
            Xyzt => "xyzt",
            HxyRn => "hxy-rn",
            HxytRn => "hxyt-rn",
            HxyzRn => "hxyz-rn",
            HxyztRn => "hxyzt-rn",
            HxyCn => "hxy-cn",
            HxytCn => "hxyt-cn",
            HxyzCn => "hxyz-cn",
            HxyztCn => "hxyzt-cn",
            C => "c",
            Nrc => "nrc",
            Nrct => "nrct",
            Nrcz => "nrcz",
            Nrczt => "nrczt",
            NrctLasso => "nrct-lasso",
            NrcztLasso => "nrczt-lasso",
        }
    }

    /// True for the two lasso families.
    pub fn is_lasso(self) -> bool {
        matches!(self, ChainFamily::NrctLasso | ChainFamily::NrcztLasso)
    }

    /// True for the 2D families (xy..., hxy-rn..., hxy-cn..., c).
    pub fn is_2d(self) -> bool {
        !matches!(
            self,
            ChainFamily::Nrc
                | ChainFamily::Nrct
                | ChainFamily::Nrcz
                | ChainFamily::Nrczt
                | ChainFamily::NrctLasso
                | ChainFamily::NrcztLasso
        )
    }
}

impl fmt::Display for ChainFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown chain family name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown chain family {0:?}")]
pub struct UnknownFamily(pub String);

impl FromStr for ChainFamily {
    type Err = UnknownFamily;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let low = s.trim().to_ascii_lowercase();
        if low == "lasso" {
            return Ok(ChainFamily::NrcztLasso);
        }
        ChainFamily::ALL
            .into_iter()
            .find(|f| f.name() == low)
            .ok_or(UnknownFamily(s.to_string()))
    }
}

impl Serialize for ChainFamily {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for ChainFamily {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// A t-candidate: an extra candidate of a cell, accounted for by its link to an earlier
/// right-linking candidate (printed `n3#n3r4c6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TCandidate {
    pub candidate: Candidate,
    /// The earlier right-linking candidate R_i (i < k) it is linked to.
    pub linked_to: Candidate,
}

/// One cell of a chain: a CSP variable with its left- and right-linking candidates and the
/// extra candidates the family allows, each with its justification.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainCell {
    pub variable: CspVariable,
    pub left_linking: Candidate,
    pub right_linking: Candidate,
    /// Extra candidates linked to an earlier right-linking candidate.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub t_candidates: Vec<TCandidate>,
    /// Extra candidates linked to the target (to every target when there are several).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub z_candidates: Vec<Candidate>,
}

impl ChainCell {
    /// A cell with no extra candidate.
    pub fn new(variable: CspVariable, left: Candidate, right: Candidate) -> ChainCell {
        ChainCell {
            variable,
            left_linking: left,
            right_linking: right,
            t_candidates: Vec::new(),
            z_candidates: Vec::new(),
        }
    }
}

/// How a lasso closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LassoKind {
    /// The last right-linking candidate equals an earlier left-linking one.
    Rl,
    /// The last right-linking candidate is linked to an earlier right-linking one.
    Lr,
}

/// The closing of a lasso: its kind and the earlier cell (1-based) whose L equals (rl) or
/// whose R is linked to (lr) the last R.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasso {
    pub kind: LassoKind,
    pub cell: usize,
}

/// A chain or lasso with its targets.
///
/// `targets` are the candidates the pattern eliminates (the proof's eliminations): for nrc
/// and nrct chains every candidate linked to both ends; for z-families a chain is built on
/// one target and may also serve others linked to both ends and to every z-candidate; for
/// lassos the targets are linked to L_1 (and to every z-candidate).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainPattern {
    #[serde(rename = "chain_family")]
    pub family: ChainFamily,
    pub cells: Vec<ChainCell>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lasso: Option<Lasso>,
    pub targets: Vec<Candidate>,
}

impl ChainPattern {
    /// (rule name as printed, family, length): `("nrczt4-chain", "nrczt", 4)`,
    /// `("xy3-chain", "xy", 3)`, `("hxyt-cn4-chain", "hxyt-cn", 4)`,
    /// `("nrczt6-lr-lasso", "lasso", 6)`.
    pub fn rule_name(&self) -> (String, String, usize) {
        let n = self.cells.len();
        rule_name_of(self.family, n, self.lasso.map(|l| l.kind))
    }

    /// The left- and right-linking candidates in chain order (L_1, R_1, L_2, ...).
    pub fn chain_candidates(&self) -> Vec<Candidate> {
        self.cells
            .iter()
            .flat_map(|c| [c.left_linking, c.right_linking])
            .collect()
    }

    /// True when some cell has a t- or z-candidate.
    pub fn has_extras(&self) -> bool {
        self.cells
            .iter()
            .any(|c| !c.t_candidates.is_empty() || !c.z_candidates.is_empty())
    }
}

/// The rule name, family name and length for a family, length and lasso kind.
pub fn rule_name_of(
    family: ChainFamily,
    n: usize,
    lasso: Option<LassoKind>,
) -> (String, String, usize) {
    use ChainFamily::*;
    let rule = match family {
        HxyRn | HxytRn | HxyzRn | HxyztRn | HxyCn | HxytCn | HxyzCn | HxyztCn => {
            // hxyt-cn4-chain: the space comes before the length
            format!("{}{n}-chain", family.name())
        }
        NrctLasso | NrcztLasso => {
            let base = if family == NrctLasso { "nrct" } else { "nrczt" };
            let kind = match lasso {
                Some(LassoKind::Rl) => "rl",
                _ => "lr",
            };
            format!("{base}{n}-{kind}-lasso")
        }
        _ => format!("{}{n}-chain", family.name()),
    };
    let fam = if family.is_lasso() {
        "lasso".to_string()
    } else {
        family.name().to_string()
    };
    (rule, fam, n)
}

impl crate::proof::PatternKind for ChainPattern {
    fn rule_name(&self) -> (String, String, usize) {
        ChainPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check::check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        for cell in &self.cells {
            out.named([cell.left_linking, cell.right_linking]);
            out.named(cell.t_candidates.iter().map(|t| t.candidate));
            out.named(cell.z_candidates.iter().copied());
        }
    }
}
