//! The grid: cells, digits, candidates, houses and CSP variables ([`types`]), 729-bit
//! candidate sets ([`CandidateSet`]), the precomputed structure tables ([`tables`]), grid
//! states ([`State`]) and the text formats ([`format`]).
//!
//! `grid` depends on nothing else in the crate.

pub mod candidate_set;
pub mod format;
pub mod lexer;
mod serde_forms;
pub mod state;
pub mod tables;
pub mod types;

pub use candidate_set::CandidateSet;
pub use format::{ParseError, ParseErrorKind, ParsedGrid, Puzzle};
pub use state::{Contradiction, State};
pub use types::{Candidate, Cell, Conclusion, CspVariable, Digit, House};
