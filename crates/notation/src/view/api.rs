//! The explorer's answers that carry proofs or states: a proof drawn ([`DrawnProof`]:
//! `/api/view`, and each step of `/api/next` and `/api/path`), a path ([`PathView`]) and
//! a state ([`StateView`]: `/api/load`, `/api/edit`). The pictures are drawn by
//! `sudolink-export`; these are the documents' shapes.

use super::ProofView;
use serde::{Deserialize, Serialize};

/// A proof with its picture: the proof's view, the marks and links the picture shows, and
/// the picture itself.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DrawnProof {
    /// The proof (its fields inline: `version`, `rule`, `text`, `notations`, `proof`...).
    #[serde(flatten)]
    pub view: ProofView,
    /// The candidates marked, with their role in the picture.
    pub highlights: Vec<Highlight>,
    /// The links drawn, in the order the proof reads them.
    pub links: Vec<LinkView>,
    /// The picture (SVG), of the whole proof or of `part` only.
    pub svg: String,
    /// The names of the parts it can be drawn by one at a time (a force chain's branches,
    /// a net's chains); empty when it is drawn whole only.
    pub parts: Vec<String>,
    /// The part drawn (from 1); null for the whole proof.
    pub part: Option<usize>,
}

/// A candidate marked in a proof's picture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Highlight {
    /// `n3r7c9`.
    pub candidate: String,
    /// Its role in the picture: `left` or `right` (a chain's or whip's left- and
    /// right-linking candidates), `extra` (a t- or z-candidate), `pattern`, `target` (an
    /// elimination), `assertion`, `derived_true` and `derived_false` (a force chain's or
    /// net's branches), `layer-N` and `layer-N-upper` (a tagging layer's lower- and
    /// upper-case tags).
    pub role: String,
}

/// A link drawn between two candidates (or from or to a set, then through one of its
/// candidates).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkView {
    /// `n3r7c9`.
    pub from: String,
    /// `n3r7c8`.
    pub to: String,
    /// Strong (a conjugate or bivalue link) or weak.
    pub strong: bool,
}

/// `/api/next`: the next step drawn, and the state after it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NextView {
    /// The step (its `version` inline).
    #[serde(flatten)]
    pub drawn: DrawnProof,
    /// The state after the step, in HoDoKu's pencil-mark line.
    pub state_after: String,
}

/// One step of a path.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PathStep {
    /// Its number, from 1.
    pub step: usize,
    /// The state it is found in, in HoDoKu's pencil-mark line.
    pub state_before: String,
    /// The state after it.
    pub state_after: String,
    /// The step drawn on `state_before` (its fields inline).
    #[serde(flatten)]
    pub drawn: DrawnProof,
}

/// `/api/path`: a resolution path, each step drawn.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PathView {
    /// [`super::VERSION`].
    pub version: u32,
    /// The steps in order.
    pub steps: Vec<PathStep>,
    /// Whether the path solves the puzzle.
    pub solved: bool,
    /// The limit that cut the path; null when it was not cut.
    pub cut: Option<PathCut>,
    /// The state the path ends in.
    pub final_state: String,
    /// Where the path went from one rule set to the next, in order: a path asked with no
    /// rule set escalates (`solve`'s ladder); empty otherwise.
    #[serde(default)]
    pub escalations: Vec<PathEscalation>,
}

/// One escalation of a path: the rule set `from` stopped after step `after_step` (0: at the
/// start) and `to` took over.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PathEscalation {
    pub after_step: usize,
    /// The rule set that stopped (`N`).
    pub from: String,
    /// The rule set that took over (`W`).
    pub to: String,
    /// The line `solve` prints for it, without its `-- `: `N (lengths up to 20) stops after
    /// step 41; escalating to W`.
    pub text: String,
}

/// `/api/backdoors`: a state's anti-backdoors for a theory T and its one-step solutions,
/// candidates in the forum's notation (`n8r9c2`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BackdoorsView {
    /// [`super::VERSION`].
    pub version: u32,
    /// The theory T (`W1`).
    pub theory: String,
    /// The T-anti-backdoors: the candidates whose elimination lets T solve the puzzle.
    pub anti_backdoors: Vec<String>,
    /// The anti-backdoors one step of the rule set eliminates, simplest first.
    pub one_steps: Vec<OneStepView>,
    /// What cut the study, in words; null when nothing did.
    pub cut: Option<String>,
    /// The one-step solution asked by `path_of`, as a path: T's steps, the step, T's steps
    /// (then the lists above are left empty: only that candidate's step is searched).
    pub path: Option<PathView>,
}

/// One one-step solution.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OneStepView {
    /// The anti-backdoor it eliminates (`n8r9c2`).
    pub candidate: String,
    /// The step's technique and length (`whip[5]`).
    pub technique: String,
    /// The step in our nrc notation, on the state it is found in.
    pub text: String,
}

/// Why a path stopped early.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PathCut {
    /// `time`, `memory`, `budget` or `cancel`.
    pub bound: String,
    /// The limit, in words.
    pub why: String,
    /// The rule being searched when it stopped.
    pub searching: String,
}

/// `/api/load` and `/api/edit`: a state as the page draws it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StateView {
    /// [`super::VERSION`].
    pub version: u32,
    /// The puzzle's 81-character line (its givens).
    pub line: String,
    /// The puzzle's name, if the text gave one.
    pub name: Option<String>,
    /// The state in HoDoKu's pencil-mark line: the text to send back with later requests.
    pub state: String,
    /// Whether every cell is placed.
    pub solved: bool,
    /// Whether the puzzle has exactly one solution (known).
    pub unique: bool,
    /// The 81 cells, row by row.
    pub cells: Vec<CellView>,
    /// The grid's picture (SVG).
    pub svg: String,
}

/// One cell of a state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    /// `r1c1`.
    pub cell: String,
    /// Its digit when placed.
    pub value: Option<u8>,
    /// Whether that digit is a given.
    pub given: bool,
    /// Its open candidates.
    pub candidates: Vec<u8>,
}
