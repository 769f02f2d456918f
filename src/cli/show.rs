//! `sudolink show`: print a puzzle or state in any of the supported formats.

use super::input::load;
use anyhow::Result;
use sudolink_engine::grid::format::{
    to_hodoku, to_line, to_pencil_mark_grid, to_pencil_mark_string,
};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowFormat {
    /// The pencil-mark grid as SudoRules and HoDoKu print it
    Pm,
    /// The 81-character line of placed digits
    Line,
    /// The 729-character pencil-mark string
    Pm729,
    /// HoDoKu's library line
    Hodoku,
}

#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// An 81-character puzzle, a file with one grid, FILE:K (puzzle K of a list), `-`
    /// (standard input) or a named puzzle such as loki (default: Ocean #1)
    pub puzzle: Option<String>,
    #[arg(long, value_enum, default_value = "pm")]
    pub format: ShowFormat,
    /// Analyse a puzzle with several solutions (one with none is still refused)
    #[arg(long)]
    pub allow_nonunique: bool,
}

pub fn run(args: &ShowArgs) -> Result<()> {
    let loaded = load(args.puzzle.as_deref(), args.allow_nonunique)?;
    let s = &loaded.state;
    match args.format {
        ShowFormat::Pm => print!("{}", to_pencil_mark_grid(s)),
        ShowFormat::Line => println!("{}", to_line(s)),
        ShowFormat::Pm729 => println!("{}", to_pencil_mark_string(s)),
        ShowFormat::Hodoku => println!("{}", to_hodoku(s)),
    }
    Ok(())
}
