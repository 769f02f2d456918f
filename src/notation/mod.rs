//! Every text form of the grid types and of proofs: one [`lexer`] for cells, candidates,
//! houses, CSP variables, digit sets and conclusions (winnow parsers, and `FromStr` on the
//! grid types), the serde forms built on it, and one file per dialect with its reader and
//! its printer side by side.
//!
//! `notation` owns how things are written; the proof patterns stay data in `proof` with
//! their checkers. A reader turns text into a [`crate::proof::Proof`] that
//! [`crate::proof::check`] still has to accept (nothing here vouches for a proof); a printer
//! turns a proof into the text a forum would print.

pub mod lexer;
mod serde_forms;
