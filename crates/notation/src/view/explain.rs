//! The explanation of one target (`explain --json --target T`, `/api/explain`): the
//! answer first (the simplest proof, the other proofs grouped where identical, the rows
//! that found nothing by why), a placement's composite proof, then every row in full.
//! Built by `sudolink_study::explain::target_json`; its JSON Schema is
//! `crates/study/src/explain.schema.json`.

use super::api::DrawnProof;
use super::ProofView;
use serde::{Deserialize, Serialize};

/// The `schema` of an explanation: its JSON Schema's `$id`.
pub const SCHEMA: &str = "sudolink-explain/2";

/// Why a conclusion holds, the answer first (fields in reading order).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ExplainView {
    /// [`super::VERSION`].
    pub version: u32,
    /// [`SCHEMA`].
    pub schema: String,
    /// The conclusion explained: `r7c9<>3` or `r1c1=6`.
    pub target: String,
    /// `elimination` or `placement`.
    pub kind: String,
    /// The simplest proof on the one simplest-first scale `solve` orders its rules by;
    /// null when none was found.
    pub simplest: Option<SimplestView>,
    /// The other proofs, simplest first; techniques whose proofs are the same step share
    /// one entry.
    pub others: Vec<GroupView>,
    /// The rows (and a placement's composite) without a proof, by why.
    pub nothing_found: NothingFoundView,
    /// Null for an elimination; for a placement its composite proof or why there is none.
    pub composite: Option<CompositeView>,
    /// Every technique asked, in the systems' order.
    pub families: Vec<RowView>,
    /// For an elimination, the simplest theory (`BRT`, then `W1`) of which the target is an
    /// anti-backdoor of the state: once it is gone, that theory solves the puzzle; null
    /// when it is neither, and for a placement.
    #[serde(default)]
    pub anti_backdoor: Option<String>,
    /// The puzzle's 81-character line.
    pub puzzle: String,
    /// The state explained: 729 characters, digit d at 9 × cell + d − 1 when open.
    pub state: String,
}

/// The simplest proof and every technique that found the same step.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SimplestView {
    /// A row's family (a technique's name, `basic`), or `composite`.
    pub family: String,
    /// `family` first, then every other technique whose proof is the same step.
    pub families: Vec<String>,
    /// The proof in our notation.
    pub text: String,
    /// Its length on the scale (CSP variables, or the equivalent length of nets and
    /// tagging).
    pub length: usize,
}

/// Proofs that are one step, found by several techniques.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GroupView {
    /// The rows' families (or `composite`), simplest first.
    pub families: Vec<String>,
    /// The first family's proof length on the scale.
    pub length: usize,
    /// The first family's proof in our notation.
    pub text: String,
}

/// The rows without a proof, by why.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct NothingFoundView {
    /// Fixed-size techniques with no instance.
    pub none: Vec<String>,
    /// Searched completely: no proof up to a length.
    pub none_up_to: Vec<UpToView>,
    /// A placement: the techniques that only eliminate (the composite stands for them).
    pub only_eliminates: Vec<String>,
    /// Cut by a limit before their bound.
    pub cut: Vec<CutView>,
}

/// Techniques with no proof up to one length.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UpToView {
    /// The length searched completely.
    pub length: usize,
    /// The techniques.
    pub families: Vec<String>,
}

/// A technique a limit cut.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CutView {
    /// The technique (or `composite`).
    pub family: String,
    /// Exact up to this length (0: not searched).
    pub searched_to: usize,
    /// The length it should have been searched to.
    pub bound: usize,
    /// The limit that cut it (its share of the time, work or memory).
    pub stopped: String,
}

/// A technique's (or a placement's composite) proof, or why there is none: what a row
/// and the composite share.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct AnswerView {
    /// `proof`, `none`, `only_eliminates` or `not_searched`.
    pub status: String,
    /// The proof's length on the scale (with a proof).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// The proof in our notation (with a proof).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// No proof up to this length (searched completely up to it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub none_up_to: Option<usize>,
    /// The limit that cut the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_searched: Option<String>,
    /// The proof; null without one.
    pub proof: Option<ProofView>,
    /// Its picture and notations (the explorer's answer only: the simplest row's and the
    /// composite's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<DrawnProof>,
}

/// A placement's composite proof, or why there is none.
pub type CompositeView = AnswerView;

/// One technique's answer (`basic`: the basic rules together).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RowView {
    /// `basic` or the technique's registry name.
    pub family: String,
    /// Its system (`basic`, `chains`, `whips`, ...).
    pub system: String,
    /// Its proof or why there is none (fields inline).
    #[serde(flatten)]
    pub answer: AnswerView,
    /// The length it should have been searched to (cut by a limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<usize>,
    /// The limit that cut it (as `not_searched`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl ExplainView {
    /// Rewrite every note on a limit (`stopped`, `not_searched`) with `words`: the
    /// explorer names its own controls where the command line names its flags.
    pub fn reword_notes(&mut self, words: impl Fn(&str) -> String) {
        let mut notes: Vec<&mut String> = Vec::new();
        for r in &mut self.families {
            notes.extend(r.stopped.as_mut());
            notes.extend(r.answer.not_searched.as_mut());
        }
        if let Some(c) = &mut self.composite {
            notes.extend(c.not_searched.as_mut());
        }
        notes.extend(self.nothing_found.cut.iter_mut().map(|c| &mut c.stopped));
        for note in notes {
            *note = words(note);
        }
    }
}

/// `explain --all --json`: every elimination of a state with its simplest technique,
/// length and text, how far the search went and what it cut.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AllView {
    /// [`super::VERSION`].
    pub version: u32,
    /// In the order found: simplest family first, then length.
    pub eliminations: Vec<AllEliminationView>,
    /// Every elimination up to this length on the one scale is listed.
    pub complete_to: usize,
    /// Why and where the search stopped early (`time limit at whip[9]`); null when it ran
    /// to its bounds.
    pub stopped: Option<String>,
    /// The techniques whose targets were not searched to the bound, and why.
    pub capped: Vec<CappedView>,
    /// Partial chains explored in all.
    pub partial_chains_explored: u64,
}

/// One elimination of [`AllView`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AllEliminationView {
    /// `r7c9<>3`.
    pub elimination: String,
    /// The technique's registry name (`basic` for the basic set).
    pub family: String,
    /// Its length on the one scale.
    pub length: usize,
    /// Its proof in our notation.
    pub text: String,
}

/// A technique of [`AllView`] whose targets were not searched to the bound.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CappedView {
    pub family: String,
    /// How many targets.
    pub targets: usize,
    /// The length they were searched to.
    pub searched_to: usize,
    /// The bound asked.
    pub bound: usize,
    /// What stopped them (`budget`, `time limit`).
    pub stopped: String,
}
