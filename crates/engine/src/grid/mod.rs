//! The grid: cells, digits, candidates, houses and CSP variables ([`types`]), 729-bit
//! candidate sets ([`CandidateSet`]), grid states ([`State`]), the text formats
//! ([`format`]), and the grid kit every search builds on: the geometry's tables
//! ([`tables`]), bit iteration and counting ([`bits`]) and the singles ([`singles`]);
//! canonical (minlex) forms ([`canon`]).
//!
//! `grid` depends on nothing else in the crate.

pub mod bits;
pub mod candidate_set;
pub mod canon;
pub mod format;
pub mod lexer;
mod serde_forms;
pub mod singles;
pub mod state;
pub mod tables;
pub mod types;

pub use candidate_set::CandidateSet;
pub use format::{ParseError, ParseErrorKind, ParsedGrid, Puzzle};
pub use state::{Contradiction, State};
pub use types::{Candidate, Cell, Conclusion, CspVariable, Digit, House};
