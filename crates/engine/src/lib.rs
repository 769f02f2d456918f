//! sudolink's engine: the grid kit, a state's typed candidate graph, the proof objects and
//! their checker, and the exact solver. The searches (`sudolink-search`), the notations
//! (`sudolink-notation`) and the use cases (`sudolink-study`) are built on it; it depends
//! on none of them, so [`proof::check()`] shares no code with any search.
//!
//! - [`grid`]: cells, digits, candidates (`n8r4c1`), houses, Berthier's CSP variables,
//!   729-bit candidate sets, the structure tables, [`grid::State`] (placed digits and open
//!   candidates) and every text format of a puzzle or a state ([`grid::format`]; errors
//!   carry the line and column), with the one lexer of cells, candidates and conclusions
//!   ([`grid::lexer`]).
//! - [`graph`]: a state's links. [`graph::LinkIndex`] is the compact view every search
//!   reads (each open candidate's nrc-linked candidates, each CSP variable's candidates);
//!   [`graph::CandidateGraph`] is the same as a petgraph graph (candidates, groups, ALS;
//!   typed edges) for export and the store.
//! - [`proof`]: the typed patterns of every technique and [`proof::check()`], which
//!   re-derives a proof's validity from the state alone.
//! - [`solver`]: an exact solver counting solutions up to a limit (the uniqueness check).
//! - [`isa`]: the run-time choice between a hot function's baseline and AVX2 copies.
//!
//! # Example
//!
//! Ocean's puzzle #1: one solution, and r1c1 cannot be 1 (r1c5 holds it):
//!
//! ```
//! use sudolink_engine::grid::format::parse_line;
//! use sudolink_engine::solver::count_solutions;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle = parse_line(
//!     "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
//!     1,
//! )?;
//! let state = puzzle.start_state()?;
//! assert_eq!(count_solutions(&state, 2).count, 1);
//! assert!(!state.has("n1r1c1".parse()?));
//! # Ok(())
//! # }
//! ```
pub mod graph;
pub mod grid;
pub mod isa;
pub mod proof;
pub mod solver;
