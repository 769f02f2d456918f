//! Every integration test of the `sudolink` binary and of the crates under it, one module
//! per subject, built as one test binary (one link instead of one per file).

mod common;

mod architecture;
mod assistant;
mod b_ratings;
mod backdoors;
mod basic_rules;
mod bounds;
mod chains;
mod check_path;
mod cli_errors;
mod cli_explain;
mod cli_outputs;
mod compare;
mod depth;
mod docs;
mod escalation;
mod exocet;
mod explain_every_technique;
mod export_svg;
mod fish_cut;
mod force;
mod forum_lists;
mod gallery;
mod generate_needs;
mod hodoku;
mod hodoku_reglib;
mod hunt;
mod hypothesis;
mod imp630;
mod medusa;
mod notation;
mod notebooks;
mod ork;
mod parsers;
mod rank;
mod registry;
mod robust_errors;
mod robust_no_panic;
mod robust_resume;
mod robust_sql;
mod scale;
mod schemes;
mod seed_paths;
mod ser;
mod ser_registry;
#[cfg(feature = "server")]
mod serve_api;
#[cfg(feature = "server")]
mod serve_bounds;
#[cfg(feature = "server")]
mod serve_browser;
#[cfg(feature = "server")]
mod serve_cancel;
#[cfg(feature = "server")]
mod serve_disconnect;
#[cfg(feature = "server")]
mod serve_load;
mod sharded;
mod store_queries;
mod studies;
mod tagging;
mod tagging2;
mod tagging3;
mod tagging_seed;
mod te;
mod te_rate;
mod te_rules;
mod trid_or5w;
mod tridagon;
mod uniqueness;
mod whips;
mod workbench;
