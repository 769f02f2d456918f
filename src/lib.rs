//! sudolink: Sudoku logic as a typed candidate graph.
pub mod export;
pub mod graph;
pub mod grid;
pub mod notation;
pub mod proof;
pub mod search;
pub mod serve;
pub mod solver;
pub mod store;
pub mod study;
