//! sudolink: Sudoku logic as a typed candidate graph.
pub mod grid;
pub mod solver;
pub mod graph;
pub mod proof;
pub mod search;
