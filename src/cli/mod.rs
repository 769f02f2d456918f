//! The command line: clap parses flags here and nowhere else; each subcommand turns its
//! arguments into library calls and prints the result. anyhow lives only at this edge.

mod bench;
mod bounds;
mod check_path;
mod classify;
mod explain;
mod force;
mod gallery;
mod generate;
mod graph;
mod input;
mod numbers;
mod output;
mod progress;
mod query;
mod rate;
mod ser;
#[cfg(feature = "server")]
mod serve;
mod show;
mod solve;
mod store_cmd;
mod study_run;
mod subsume;
mod tag;
mod techniques;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "sudolink",
    version,
    about = "Explains Sudoku logic: typed candidate graphs, chains with checked proofs"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve with the rules simplest first and print the resolution path
    Solve(solve::SolveArgs),
    /// Materialise the typed candidate graph of a state
    Graph(graph::GraphArgs),
    /// Run a named SQL query over the SQLite materialisation of a state
    Query(query::QueryArgs),
    /// Explain an elimination or a placement: the shortest proof in every family, with exports
    Explain(explain::ExplainArgs),
    /// GNPX's force chains (cell, house, contradiction) and forcing nets on a state
    Force(force::ForceArgs),
    /// gpenet's full tagging: the tagged grid, layers, and the alternate chains' clearings
    Tag(tag::TagArgs),
    /// Verify a resolution path written in the seeds' notation, step by step
    CheckPath(check_path::CheckPathArgs),
    /// Regenerate the gallery of exported proofs for the seeds' worked examples
    Gallery(gallery::GalleryArgs),
    /// Rate puzzles: the least n whose rule set (W, B, gW, gB, L, M, N, BC) solves each
    Rate(rate::RateArgs),
    /// Print a puzzle or state in one of the grid formats
    Show(show::ShowArgs),
    /// Classify a collection: puzzles solved at level <= n per scheme (the seed's table)
    Classify(classify::ClassifyArgs),
    /// Which family's eliminations include which: a matrix over the states of a collection
    Subsume(subsume::SubsumeArgs),
    /// Random minimal puzzles, reproducible from a seed
    Generate(generate::GenerateArgs),
    /// The explorer: a local web page and JSON API over the graph, proofs and queries
    #[cfg(feature = "server")]
    Serve(serve::ServeArgs),
    /// Time the foundation operations over a puzzle collection (medians and totals)
    Bench(bench::BenchArgs),
    /// Every technique with its system, sets and difficulty (the one difficulty scale)
    Techniques(techniques::TechniquesArgs),
}

pub fn run() -> Result<()> {
    let cli = Cli::parse();
    match &cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Graph(a) => graph::run(a),
        Command::Query(a) => query::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Show(a) => show::run(a),
        Command::Rate(a) => rate::run(a),
        Command::Gallery(a) => gallery::run(a),
        Command::CheckPath(a) => check_path::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Force(a) => force::run(a),
        Command::Tag(a) => tag::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Classify(a) => classify::run(a),
        Command::Subsume(a) => subsume::run(a),
        #[cfg(feature = "server")]
        Command::Serve(a) => serve::run(a),
        Command::Techniques(a) => techniques::run(a),
    }
}
