//! The command line: clap parses flags here and nowhere else; each subcommand turns its
//! arguments into library calls and prints the result. anyhow lives only at this edge.

mod backdoors;
mod bench;
mod bounds;
mod check_path;
mod classify;
mod compare;
mod expand;
mod explain;
mod force;
mod gallery;
mod generate;
mod graph;
mod hunt;
mod input;
mod minimals;
mod minlex;
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
mod vicinity;
mod workbench;

use anyhow::Result;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

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
    /// Verify a resolution path written in Berthier's notation, step by step
    CheckPath(check_path::CheckPathArgs),
    /// Regenerate the gallery of exported proofs for the worked examples of Berthier's chain pages ([Berthier NRC])
    Gallery(gallery::GalleryArgs),
    #[command(about = rate::about())]
    Rate(rate::RateArgs),
    /// What cracks a puzzle: its backdoors, anti-backdoors, anti-backdoor pairs, one- and two-step solutions (Berthier's, for BRT, W1, S2-S4)
    Backdoors(backdoors::BackdoorsArgs),
    /// Print a puzzle or state in one of the grid formats
    Show(show::ShowArgs),
    /// Classify a collection: puzzles solved at level <= n per scheme (Berthier's L, M, N table beside it with --berthier-table)
    Classify(classify::ClassifyArgs),
    /// Compare rating schemes over a collection: where they differ, in Berthier's layout (ours or published ratings)
    Compare(compare::CompareArgs),
    /// Which family's eliminations include which: a matrix over the states of a collection
    Subsume(subsume::SubsumeArgs),
    /// Random minimal puzzles, reproducible from a seed
    Generate(generate::GenerateArgs),
    /// The explorer: a local web page and JSON API over the graph, proofs and queries
    #[cfg(feature = "server")]
    Serve(serve::ServeArgs),
    /// Time the foundation operations over a puzzle collection (medians and totals)
    Bench(bench::BenchArgs),
    /// Every technique with its system, sets and place on the one simplest-first scale
    Techniques(techniques::TechniquesArgs),
    /// The BRT expansion of each puzzle, or its BRT+k expansions (Berthier's)
    Expand(expand::ExpandArgs),
    /// Every minimal puzzle within each puzzle, each once
    Minimals(minimals::MinimalsArgs),
    /// The {-p +q} neighbours of each puzzle: p clues removed, q added, kept when unique
    Vicinity(vicinity::VicinityArgs),
    /// The minlex form of each puzzle or grid; a collection up to isomorphism; two compared
    Minlex(minlex::MinlexArgs),
    /// The hunter's pipeline in one command: stages (expand, minimals, vicinity, minlex, rate, keep) over a collection, stored and resumed with --db
    Hunt(hunt::HuntArgs),
}

/// `sudolink --help`'s commands, grouped by what they are for; a command missing here is
/// listed under "Other" (the test `every_command_has_a_group` keeps this list whole).
const GROUPS: &[(&str, &[&str])] = &[
    (
        "Explaining",
        &[
            "explain",
            "solve",
            "force",
            "tag",
            "check-path",
            "techniques",
        ],
    ),
    (
        "Studying",
        &[
            "rate",
            "backdoors",
            "classify",
            "compare",
            "subsume",
            "generate",
        ],
    ),
    ("Exporting", &["show", "graph", "query", "gallery"]),
    (
        "Hunting",
        &["expand", "minimals", "vicinity", "minlex", "hunt"],
    ),
    ("Serving", &["serve"]),
    ("Developer tools", &["bench"]),
];

/// The commands of `sudolink --help` under their groups' headings, each with its one-line
/// help, as clap would list them.
fn grouped_commands(cmd: &clap::Command) -> String {
    let subs: Vec<&clap::Command> = cmd.get_subcommands().filter(|c| !c.is_hide_set()).collect();
    let width = subs.iter().map(|c| c.get_name().len()).max().unwrap_or(0);
    let line = |c: &clap::Command| {
        let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
        format!("  {:<width$}  {about}\n", c.get_name())
    };
    let mut out = String::new();
    let mut listed: Vec<&str> = Vec::new();
    for (heading, names) in GROUPS {
        let members: Vec<&&clap::Command> = subs
            .iter()
            .filter(|c| names.contains(&c.get_name()))
            .collect();
        if members.is_empty() {
            continue;
        }
        out.push_str(&format!("{heading}:\n"));
        for name in *names {
            if let Some(c) = members.iter().find(|c| c.get_name() == *name) {
                out.push_str(&line(c));
                listed.push(c.get_name());
            }
        }
        out.push('\n');
    }
    let rest: Vec<&&clap::Command> = subs
        .iter()
        .filter(|c| !listed.contains(&c.get_name()))
        .collect();
    if !rest.is_empty() {
        out.push_str("Other:\n");
        for c in rest {
            out.push_str(&line(c));
        }
        out.push('\n');
    }
    out
}

/// The command line with `--help`'s commands grouped ([`GROUPS`]).
pub fn command() -> clap::Command {
    let cmd = Cli::command();
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n{}Options:\n{{options}}\n`sudolink COMMAND --help` (or `sudolink help COMMAND`) prints a command's options.\n{{after-help}}",
        grouped_commands(&cmd)
    );
    cmd.help_template(template)
}

/// The exit status of a command whose answer is "not solved" (`solve` whose path ends
/// without solving the puzzle: stuck, or cut by a bound), apart from 1, an error.
pub const NOT_SOLVED_EXIT: u8 = 2;

/// A command ran to its end and printed its answer, and that answer is "not solved": the
/// binary exits with [`NOT_SOLVED_EXIT`] and prints nothing more.
#[derive(Debug)]
pub struct NotSolved;

impl std::fmt::Display for NotSolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not solved")
    }
}

impl std::error::Error for NotSolved {}

pub fn run() -> Result<()> {
    let cli = Cli::from_arg_matches(&command().get_matches()).unwrap_or_else(|e| e.exit());
    match &cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Graph(a) => graph::run(a),
        Command::Query(a) => query::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Show(a) => show::run(a),
        Command::Rate(a) => rate::run(a),
        Command::Backdoors(a) => backdoors::run(a),
        Command::Gallery(a) => gallery::run(a),
        Command::CheckPath(a) => check_path::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Force(a) => force::run(a),
        Command::Tag(a) => tag::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Classify(a) => classify::run(a),
        Command::Compare(a) => compare::run(a),
        Command::Subsume(a) => subsume::run(a),
        #[cfg(feature = "server")]
        Command::Serve(a) => serve::run(a),
        Command::Techniques(a) => techniques::run(a),
        Command::Expand(a) => expand::run(a),
        Command::Minimals(a) => minimals::run(a),
        Command::Vicinity(a) => vicinity::run(a),
        Command::Minlex(a) => minlex::run(a),
        Command::Hunt(a) => hunt::run(a),
    }
}
