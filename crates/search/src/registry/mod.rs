//! The technique registry: one entry per technique, the only table of techniques there is.
//!
//! A [`Technique`] says what users call it (its name, its aliases and the sets that name it
//! collectively, such as `basic` or `lasso`), where its proofs stand on the one
//! simplest-first scale ([`Level`]: a technique at a length, Berthier's CSP variables), how
//! its own length is measured, whether its length grades a puzzle (chains and whips do; the
//! basic rules do not), whether it can place a value or is asked by name only, and which
//! search finds it ([`Search`]). Everything else — `solve --rules`, `rate --scheme`,
//! `explain --techniques`, `subsume --techniques`, the study tables, the store and the
//! exports — reads this table; none keeps a list of its own.
//!
//! A [`Rule`] is a technique at one length: what the resolution strategy applies. Rules and
//! proofs are ordered by their [`Place`] on the scale, and by nothing else.
//!
//! # Adding a technique
//!
//! Write its search (a module under `search/`, returning [`Proof`]s), its pattern and
//! checker (in the engine's `proof`, sharing no code with the search), give [`Search`] a
//! variant if it is a new kind of search, and add one line to [`REGISTRY`]: its system's
//! constructor and named setters, at its place among the techniques of its level.
//!
//! Example: `squirmbag` (fish of size 5) is the line
//! `basic("squirmbag", B::Fish(5), 5).at(5).class(Extra).aka(&["fish-5"]).sets(&["fish"])...`.
//!
//! # Where things are
//! - [`technique`]: what a technique is ([`Technique`], [`Search`], [`TechniqueId`]) and the
//!   scale ([`Level`], [`Place`]);
//! - `systems`: the entry each system's techniques start from;
//! - [`table`]: the catalogue itself, [`REGISTRY`];
//! - [`scale`]: a proof's place and length on the scale, the level line's name of a step,
//!   the table `sudolink techniques` prints;
//! - [`names`]: the names, aliases and sets users write, and HoDoKu's order;
//! - [`searcher`]: running a technique on a state ([`Searcher`], [`Rule`]), the rule lists
//!   in the scale's order, and the one dispatch on [`Search`]. Every proof it returns
//!   records the technique that made it ([`Proof::technique`]), so a proof's technique is
//!   never guessed from its pattern afterwards.

mod names;
mod scale;
mod searcher;
mod systems;
mod table;
mod technique;
#[cfg(test)]
mod tests;

pub use names::*;
pub use scale::*;
pub use searcher::*;
pub use table::REGISTRY;
pub use technique::*;

use super::als::Overlap;
use super::force::{self, ForceSpec};
use super::hypothesis;
use super::limits::{Limits, Meter, Stop};
use super::ork;
use super::ser::{self as se, Producer};
pub use super::single_digit::SingleDigitKind;
use super::state_view::{Shared, StateView};
use super::te::{self, TrialKind};
use super::{aic, als, bent, grid_analysis, medusa, ranges};
use super::{basic, chains, tagging, tagging2, tagging3, whips, BasicRule, ChainFamily, WhipKind};
use std::fmt;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet};
use sudolink_engine::proof::als::AlsKind;
use sudolink_engine::proof::assistant::FinKind;
use sudolink_engine::proof::fish::FishShape;
use sudolink_engine::proof::net::{ForceMode, LinkLevel, NetForm};
pub use sudolink_engine::proof::ork::OrkKind;
use sudolink_engine::proof::uniqueness::UniquenessKind;
use sudolink_engine::proof::Proof;
use thiserror::Error;
