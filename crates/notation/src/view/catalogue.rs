//! The explorer's answers that describe what it offers and what a query returned: the
//! example puzzles (`/api/examples`), the registry (`/api/techniques`, and each row of
//! `techniques --json`), the named queries (`/api/queries`), a query's table
//! (`/api/query`), the stored states (`/api/db/states`) and an error (`{"error": …}`).
//! Plain data; the crates that know the registry and the store fill them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An example puzzle of the page's picker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExampleView {
    /// `easter-monster`.
    pub name: String,
    /// What it shows, one line.
    pub title: String,
    /// Its 81-character line.
    pub puzzle: String,
}

/// One technique of the registry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TechniqueView {
    /// Its registry name: `x-wing`, `whip`.
    pub name: String,
    /// Other names it is asked by.
    pub aliases: Vec<String>,
    /// The rule sets that hold it.
    pub sets: Vec<String>,
    /// Where `explain` lists it: `basic`, `chains`, `whips`, `tagging`, `force`, `trial`,
    /// `hodoku`, …
    pub system: String,
    /// Its place on the one scale (`length 4`, `size 2`).
    pub place: String,
    /// Whether it has lengths (searched length by length).
    pub graded: bool,
    /// Whether its proofs may place a digit.
    pub may_place: bool,
    /// Whether it assumes the puzzle has one solution.
    pub assumes_uniqueness: bool,
    /// Whether it is searched only when asked by name.
    pub by_name_only: bool,
    /// HoDoKu's score of one step, where HoDoKu has the technique.
    pub hodoku_score: Option<u32>,
    /// What it is, one line.
    pub summary: String,
}

/// `/api/techniques`: the rule sets, the techniques, and explain's defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TechniquesView {
    /// [`super::VERSION`].
    pub version: u32,
    pub sets: Vec<TechniqueSetView>,
    pub techniques: Vec<TechniqueView>,
    pub defaults: ExplainDefaults,
}

/// A rule set and its techniques' names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TechniqueSetView {
    pub name: String,
    pub techniques: Vec<String>,
}

/// explain's defaults, for the page's fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExplainDefaults {
    /// The longest chain searched.
    pub max_len: usize,
    /// The time limit of one target, in seconds.
    pub timeout_s: f64,
}

/// A named query and its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueryView {
    /// Its file name without `.sql`: `x-chain`.
    pub name: String,
    /// What it returns, one line.
    pub summary: String,
    pub params: Vec<QueryParamView>,
}

/// A parameter of a named query.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueryParamView {
    /// Without the colon: `max_len`.
    pub name: String,
    pub description: String,
    /// The value used when none is given.
    pub default: Option<String>,
}

/// `/api/query`: a query's columns and rows (SQLite's NULL, integers, reals and text as
/// JSON values; blobs as lowercase hex text).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    /// [`super::VERSION`].
    pub version: u32,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
    /// Whether the rows stop at the row limit.
    pub truncated: bool,
}

/// A state kept in the server's `--db` store, to pick one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredStateView {
    /// The state's row id.
    pub id: Value,
    /// The run that stored it.
    pub run: Value,
    /// Its step in that run's path.
    pub step: Value,
    /// The puzzle's name, or its givens when it has none.
    pub puzzle: Value,
    /// HoDoKu's pencil-mark line.
    pub state: Value,
}

/// Every refusal of the API: 4xx (or 503 on a time limit) with this body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorView {
    /// What was wrong, and where.
    pub error: String,
}
