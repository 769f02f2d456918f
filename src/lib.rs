//! sudolink: Sudoku logic as a typed candidate graph, searched for proofs that an
//! independent checker re-verifies.
//!
//! A grid state becomes a graph of its open candidates and their links; the searches walk
//! those links and return every conclusion as a [`proof::Proof`], plain data that
//! [`proof::check()`] re-derives from the state alone, prints in the forums' notations and
//! stores in SQLite. Data flows one way:
//!
//! - [`grid`]: cells, digits, candidates (`n8r4c1`), houses, Berthier's CSP variables and
//!   [`grid::State`] (placed digits and open candidates), with every text format of a
//!   puzzle or a state ([`grid::format`]; errors carry the line and column). Nothing else of
//!   the crate is used here.
//! - [`graph`]: a state's links. [`graph::LinkIndex`] is the compact view every search
//!   reads (each open candidate's nrc-linked candidates, each CSP variable's candidates);
//!   [`graph::CandidateGraph`] is the same as a petgraph graph (candidates, groups, ALS;
//!   typed edges) for export and the store.
//! - [`search`]: one module per family of techniques (singles and subsets, fish, chains,
//!   whips and braids, nets and force chains, ALS, uniqueness, tagging, Sudoku Explainer's
//!   producers, …), all reading a `LinkIndex` and returning `Proof`s, none doing I/O. The
//!   registry ([`search::REGISTRY`], [`search::TechniqueId`]) is the one table of techniques:
//!   a name, a search, a length cap and a difficulty each; [`search::Searcher`] runs them.
//!   Every search takes explicit limits ([`search::Limits`]) and says whether its proof is
//!   the shortest.
//! - [`proof`]: the typed patterns and [`proof::check()`], which shares no code with the
//!   searches, so a search bug cannot hide behind the checker.
//! - [`notation`]: printers and readers of proofs in each dialect: ours and Berthier's nrc
//!   notation ([`notation::nrc`]), SudoRules', Eureka's, HoDoKu's, GNPX's, gpenet's tags.
//!   A proof read from text is checked like any other.
//! - [`export`] draws proofs (SVG, PNG, DOT); [`store`] writes states, graphs, proofs and
//!   study runs to SQLite and runs the named queries.
//! - [`study`]: the use cases over all of it — a resolution path simplest rule first
//!   ([`study::resolution::solve`], every step checked), why a conclusion holds in every
//!   technique ([`study::explain`]), ratings (W, B, SER, …: [`study::rating`],
//!   [`study::ser`]), classifications and subsumption studies over collections, random
//!   minimal puzzles.
//! - [`solver`]: an exact solver counting solutions up to a limit (the uniqueness check).
//! - `serve` (feature `server`, on by default): the explorer's web page and JSON API over
//!   the library, on axum and tokio. With `default-features = false` the crate is the
//!   engine alone and builds without axum, tokio or hyper.
//!
//! The `sudolink` binary is a thin command line over these modules; ARCHITECTURE.md maps
//! them in more detail and docs/references.md names the works the techniques come from.
//!
//! # Example
//!
//! Why does r8c8 not hold a 6 in Ocean's puzzle #1, once the basic rules are stuck? The
//! shortest nrc chain that says so, checked, in the nrc notation:
//!
//! ```
//! use sudolink::graph::LinkIndex;
//! use sudolink::grid::{format::parse_line, Candidate};
//! use sudolink::notation::nrc::nrc_text;
//! use sudolink::search::{basic_rules, TechniqueId};
//! use sudolink::study::resolution::solve;
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
//! sudolink::proof::check(&state, &proof)?;
//! let text = nrc_text(&state, &proof);
//! println!("{text}");
//! assert_eq!(
//!     text,
//!     "nrc3-chain {n6 n3}r8c3 - n3{r7c2 r7c7} - n2{r7c7 r8c8} ==> r8c8 <> 6"
//! );
//! # Ok(())
//! # }
//! ```
pub mod export;
pub mod graph;
pub mod grid;
pub mod notation;
pub mod proof;
pub mod search;
#[cfg(feature = "server")]
pub mod serve;
pub mod solver;
pub mod store;
pub mod study;
