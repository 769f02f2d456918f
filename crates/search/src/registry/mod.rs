//! The technique registry: one entry per technique, the only table of techniques there is.
//!
//! A [`Technique`] says what users call it (its name, its aliases and the sets that name it
//! collectively, such as `basic` or `lasso`), where it stands in the simplest-first order
//! (its position in [`REGISTRY`]), how its length is measured, whether its length grades a
//! puzzle (chains and whips do; the basic rules do not), which rating class it belongs to,
//! and which search finds it ([`Search`]). Everything else — `solve --rules`,
//! `rate --scheme`, `explain --techniques`, `subsume --techniques`, the study tables, the store
//! and the exports — reads this table; none keeps a list of its own.
//!
//! A [`Rule`] is a technique at one length: what the resolution strategy applies.
//!
//! # Adding a technique
//!
//! Write its search (a module under `search/`, returning [`Proof`]s), its pattern and
//! checker (under `proof/`, sharing no code with the search), give [`Search`] a variant if it
//! is a new kind of search, and add one line to [`REGISTRY`] at its place in the
//! simplest-first order.
//!
//! Example: `squirmbag` (fish of size 5) is the line
//! `Technique::basic("squirmbag", &["fish-5"], &["fish"], BasicRule::Fish(5), Class::Extra, ...)`.
//!
//! # Where things are
//! - [`technique`]: what a technique is ([`Technique`], [`Search`], [`TechniqueId`]) and the
//!   one difficulty scale every ranking of proofs reads;
//! - [`table`]: the catalogue itself, [`REGISTRY`];
//! - [`names`]: the names, aliases and sets users write, and HoDoKu's order;
//! - [`searcher`]: running a technique on a state ([`Searcher`], [`Rule`]). Every proof it
//!   returns records the technique that made it ([`Proof::technique`]), so a proof's
//!   technique is never guessed from its pattern afterwards.

mod names;
mod searcher;
mod table;
mod technique;
#[cfg(test)]
mod tests;

pub use names::*;
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
