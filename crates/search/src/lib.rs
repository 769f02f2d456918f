//! Searches: each registry technique reads the state's links through
//! [`sudolink_engine::graph::LinkIndex`] and returns [`sudolink_engine::proof::Proof`]s
//! (`te`, `ser` and `hodoku` run on grids of their own, each for a reason its module doc
//! states). Searches do no I/O but the meter's reading of the process's memory, and never
//! touch SQLite.
//!
//! - [`registry`]: the technique registry — every technique's names, order, length
//!   measure, grading and search; [`Rule`] (a technique at a length) and [`Searcher`]
//!   (runs rules, owns the searches' caches);
//! - [`keys`]: Zobrist keys and their hasher, shared by the chain and whip searches;
//! - [`limits`]: budgets, deadlines and memory ceilings, and which one stopped a search;
//! - [`basic`]: singles, interactions, subsets, fish, XY- and XYZ-wings (L4_0);
//! - [`grid_analysis`]: Hanson's one routine for subsets and fish (the basic rules' subsets
//!   and fish use it) and the `grid-analysis` technique with complements;
//! - [`bent`]: Hanson's bent naked subsets; [`als`]: ALS-XZ, doubly linked pairs,
//!   ALS-XY-wings, death blossoms; [`ranges`]: almost-locked ranges with strong chains;
//!   [`medusa`]: 3D Medusa colouring with weak links, weak corners and hinges;
//! - [`aic`]: alternating inference chains with group and ALS nodes (Eureka);
//!   [`single_digit`]: HoDoKu's skyscraper, 2-string kite and turbot fish (X-chains of
//!   two conjugate pairs); [`w_wing`]: HoDoKu's W-wing;
//! - [`tagging`]: gpenet's full tagging ([gpenet tagging]), level 1: layers, tags, alternate
//!   chains;
//! - [`chains`]: 2D chains, nrc/nrct/nrcz/nrczt chains and lassos;
//! - [`whips`]: whips, braids and their g- versions;
//! - [`net`]: the net-of-inferences engine (assume, propagate, trace back);
//! - [`force`]: GNPX's force chains and forcing nets on that engine;
//! - [`hypothesis`]: Hanson's hypothesis and disproof, the two-way bivalue hypothesis, and
//!   +depth/++depth, on that engine; [`locked_sets`]: the locked candidates, subsets and
//!   fish depth restarts with on a hypothetical state;
//! - [`oddagon`], [`tridagon`]: CSP-Rules' impossible patterns — oddagons `O[n]`, the
//!   tridagon and its anti-tridagon OR-k relations;
//! - [`rank`]: Barker's truths and links of rank 0 — multi-sector locked sets and SK-loops;
//!   [`exocet`]: Bird's Junior and Senior Exocets.

pub mod aic;
pub mod als;
pub mod asserted;
pub mod basic;
pub mod bent;
pub mod chains;
pub mod empty_rectangle;
pub mod exocet;
pub mod fish;
pub mod force;
pub mod grid_analysis;
pub mod hodoku;
pub mod hypothesis;
pub mod imp630;
mod isa;
pub mod keys;
pub mod limits;
pub mod locked_sets;
pub mod medusa;
pub mod net;
pub mod oddagon;
pub mod ork;
pub mod ranges;
pub mod rank;
pub mod registry;
pub mod ser;
pub mod single_digit;
pub mod state_view;
pub mod tagging;
pub mod tagging2;
pub mod tagging3;
pub mod te;
pub mod templates;
pub mod tridagon;
pub mod uniqueness;
pub mod w_wing;
pub mod whips;

pub use basic::BasicRule;
pub use chains::ChainFamily;
pub use limits::{Limits, Meter, Stop};
pub use registry::{basic_rules, first_step, Rule, Searcher, Technique, TechniqueId, REGISTRY};
pub use whips::WhipKind;
