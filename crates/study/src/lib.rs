//! sudolink's use cases, shared by the command line and the explorer: the resolution
//! path simplest first, every step checked ([`resolution`]), escalating from rule set to
//! rule set until the puzzle is solved when none is named ([`escalation`]); why a conclusion holds in
//! every technique ([`explain`]); replaying written paths ([`path`]); ratings (W, B, gW,
//! gB, L, M, N, Trid-OR5W, …: [`rating`]; Sudoku Explainer's: [`ser`]; HoDoKu's:
//! [`hodoku`]; T&E depth, BxB
//! and BxBB: [`te`]); classifications of collections and subsumption of families over the
//! store ([`classify`], [`subsume`], [`run`]); random minimal puzzles ([`generate`]); the
//! hunter's workbench: expansions, minimals and vicinities of a puzzle ([`workbench`]).
//!
//! The studies over the store (`classify`, `subsume`, `run`) need the default feature
//! `store` (SQLite, through `sudolink-store`); without it (the Python package's build) the
//! use cases are the same functions of their inputs, with nothing written.
//!
//! # Example
//!
//! Why does r8c8 not hold a 6 in Ocean's puzzle #1, once the basic rules are stuck? The
//! shortest nrc chain that says so, checked, in the nrc notation:
//!
//! ```
//! use sudolink_engine::graph::LinkIndex;
//! use sudolink_engine::grid::{format::parse_line, Candidate};
//! use sudolink_notation::nrc::nrc_text;
//! use sudolink_search::{basic_rules, TechniqueId};
//! use sudolink_study::resolution::solve;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle = parse_line(
//!     "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
//!     1,
//! )?;
//! let start = puzzle.start_state()?;
//! // singles, locked candidates, subsets and fish until none applies (here three swordfish)
//! let state = solve(&start, &basic_rules(), None)?.final_state;
//!
//! // the shortest nrc chain of length at most 6 whose target is n6r8c8
//! let target: Candidate = "n6r8c8".parse()?;
//! let nrc = TechniqueId::from_name("nrc").expect("a registered technique");
//! let proof = nrc
//!     .shortest_for_target(&LinkIndex::new(&state), target, 6)
//!     .expect("an nrc chain");
//! assert_eq!(proof.eliminations, vec![target]);
//!
//! // the checker re-derives it from the state alone, sharing no code with the search
//! sudolink_engine::proof::check(&state, &proof)?;
//! let text = nrc_text(&state, &proof);
//! println!("{text}");
//! assert_eq!(
//!     text,
//!     "nrc3-chain {n6 n3}r8c3 - n3{r7c2 r7c7} - n2{r7c7 r8c8} ==> r8c8 <> 6"
//! );
//! # Ok(())
//! # }
//! ```

pub mod backdoors;
#[cfg(feature = "store")]
pub mod classify;
pub mod compare;
pub mod escalation;
pub mod examples;
pub mod explain;
pub mod force;
pub mod generate;
pub mod hodoku;
#[cfg(feature = "store")]
pub mod hunt;
pub mod input;
pub mod needs;
pub mod parallel;
pub mod path;
pub mod published;
pub mod rating;
pub mod resolution;
pub mod rules;
#[cfg(feature = "store")]
pub mod run;
pub mod ser;
pub mod shortening;
#[cfg(feature = "store")]
pub mod subsume;
pub mod tagging;
pub mod te;
pub mod workbench;
