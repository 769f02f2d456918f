//! Exports: DOT (through graphviz-rust), SVG/PNG pictures, proof text and proof JSON. Only `export`
//! spawns graphviz. `diagram` decides what a proof's picture shows, `route` where its links
//! run (on `geometry`'s coordinates) and `labels` where their numbers and the sets' names
//! sit, `svg` draws it, `dot` makes graphs, `files` writes them.

pub mod diagram;
pub mod dot;
pub mod files;
pub mod geometry;
pub mod json;
pub mod labels;
pub mod route;
pub mod svg;
