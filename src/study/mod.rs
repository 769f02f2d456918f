//! Studies built on the searches: the resolution strategy (simplest first), and later
//! ratings, classification and subsumption.

pub mod rating;
pub mod path;
pub mod resolution;
