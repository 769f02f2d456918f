//! `sudolink check-path`: verify a resolution path step by step from the puzzle's start
//! (see `sudolink_study::path`): `solve`'s output as it prints it in every notation (its
//! header, grids and step numbers skipped), Berthier's notation ([Berthier 3D]'s 2007 forms
//! included), chains pasted in Eureka/AIC notation, SudoRules' `whip[n]:` lines and
//! HoDoKu's step lines. Exit 0 only when every step holds; a step that fails is named by
//! its number and its own line. The replay takes the bounds of every command (`--timeout`,
//! `--memory`, and `--budget` counted in steps checked) and, when one is reached, says
//! before which step it stopped.

use super::bounds::BoundArgs;
use super::input::load;
use anyhow::{Context, Result};
use sudolink_engine::grid::format::to_pencil_mark_grid;
use sudolink_search::limits::Meter;
use sudolink_study::path::replay_within;

#[derive(clap::Args, Debug)]
pub struct CheckPathArgs {
    /// The puzzle the path starts from (as solve takes it: 81 characters, a file,
    /// FILE:K, `-` or a named puzzle)
    pub puzzle: String,
    /// The path: `solve`'s output as it prints it (any notation), or one step per line (a
    /// step may run over several lines) in Berthier's notations, as chains in Eureka (AIC)
    /// notation, as SudoRules' `whip[n]`:, `braid[n]`:, `biv-chain[n]`: lines or as HoDoKu's step
    /// lines (each conclusion proved by the technique the line names); `#` starts a comment
    pub path: std::path::PathBuf,
    /// Analyse a puzzle with several solutions (one with none is still refused)
    #[arg(long)]
    pub allow_nonunique: bool,
    /// The replay's bounds (`--budget` counts the steps checked)
    #[command(flatten)]
    pub bounds: BoundArgs,
}

pub fn run(args: &CheckPathArgs) -> Result<()> {
    let loaded = load(Some(&args.puzzle), args.allow_nonunique)?;
    let text = std::fs::read_to_string(&args.path)
        .with_context(|| format!("cannot read path file {}", args.path.display()))?;
    let mut steps = Vec::new();
    let mut meter = Meter::new(args.bounds.bounds(1).start());
    let outcome = replay_within(
        &loaded.state,
        &text,
        loaded.solution.as_ref(),
        &mut steps,
        &mut meter,
    );
    for (k, s) in steps.iter().enumerate() {
        println!("ok   step {} (line {}): {}", k + 1, s.line, s.text);
    }
    let final_state = outcome?;
    let verdict = if final_state.is_solved() {
        "solved"
    } else {
        "not solved"
    };
    println!(
        "all {} steps hold; the puzzle is {verdict} after them",
        steps.len()
    );
    if !final_state.is_solved() {
        print!("{}", to_pencil_mark_grid(&final_state));
    }
    Ok(())
}
