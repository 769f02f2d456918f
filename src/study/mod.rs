//! Studies built on the searches: the resolution strategy (simplest first), and later
//! ratings, classification and subsumption.

pub mod path;
pub mod rating;
pub mod resolution;
