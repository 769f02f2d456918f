//! Exports: DOT (through graphviz-rust) and, later, SVG/PNG pictures. Only `export`
//! spawns graphviz.

pub mod diagram;
pub mod dot;
pub mod files;
pub mod svg;
