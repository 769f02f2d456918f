//! Studies built on the searches: the resolution strategy (simplest first), explaining
//! conclusions ([`explain`]), replaying paths, ratings, classification of collections, subsumption of families, and the random
//! minimal puzzle generator.

pub mod classify;
pub mod examples;
pub mod explain;
pub mod force;
pub mod generate;
pub mod input;
pub mod needs;
pub mod parallel;
pub mod path;
pub mod rating;
pub mod resolution;
pub mod rules;
pub mod run;
pub mod ser;
pub mod subsume;
pub mod tagging;
pub mod te;
