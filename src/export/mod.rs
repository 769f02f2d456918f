//! Exports: DOT (through graphviz-rust), SVG/PNG pictures, proof text and proof JSON. Only `export`
//! spawns graphviz.

pub mod diagram;
pub mod dot;
pub mod files;
pub mod json;
pub mod svg;
