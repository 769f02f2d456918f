//! Searches: each family reads the state's links through [`crate::graph::LinkIndex`] and
//! returns [`crate::proof::Proof`]s. Searches do no I/O and never touch SQLite.

pub mod basic;
