//! `sudolink solve`: the resolution path, simplest rule first.

use super::input::{load, Loaded};
use anyhow::Result;
use serde_json::json;
use sudolink::grid::format::{to_line, to_pencil_mark_grid, to_pencil_mark_string};
use sudolink::search::basic_rules;
use sudolink::study::resolution::{solve, Resolution};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// An 81-character puzzle, or a file with one grid in any supported format
    /// (default: Ocean #1 from seed 000)
    pub puzzle: Option<String>,
    /// Print one JSON object instead of the text path
    #[arg(long)]
    pub json: bool,
    /// Analyse a puzzle with no or several solutions (no solution check)
    #[arg(long)]
    pub allow_nonunique: bool,
}

pub fn run(args: &SolveArgs) -> Result<()> {
    let loaded = load(args.puzzle.as_deref(), args.allow_nonunique)?;
    let resolution = solve(&loaded.state, &basic_rules(), loaded.solution.as_ref())?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json_report(&loaded, &resolution))?
        );
    } else {
        print!("{}", text_report(&loaded, &resolution));
    }
    Ok(())
}

/// The path as text: the puzzle, one line per step, then the final grid and the verdict.
pub fn text_report(loaded: &Loaded, r: &Resolution) -> String {
    let mut out = String::new();
    let name = loaded
        .name
        .as_deref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    out.push_str(&format!("Puzzle{name}: {}\n", loaded.line));
    out.push_str(&to_pencil_mark_grid(&loaded.state));
    for step in &r.steps {
        out.push_str(&step.text);
        out.push('\n');
    }
    if r.solved {
        out.push_str(&to_pencil_mark_grid(&r.final_state));
        out.push_str("SOLVED\n");
    } else {
        out.push_str("NOT SOLVED\n");
        out.push_str(&to_pencil_mark_grid(&r.final_state));
    }
    out
}

pub fn json_report(loaded: &Loaded, r: &Resolution) -> serde_json::Value {
    let steps: Vec<serde_json::Value> = r
        .steps
        .iter()
        .map(|s| {
            json!({
                "rule": s.proof.rule,
                "family": s.proof.family,
                "length": s.proof.length,
                "eliminations": s.proof.elimination_texts(),
                "assertions": s.proof.assertion_texts(),
                "text": s.text,
                "proof": s.proof,
            })
        })
        .collect();
    json!({
        "puzzle": loaded.line,
        "name": loaded.name,
        "solved": r.solved,
        "steps": steps,
        "final_state": {
            "grid": to_line(&r.final_state),
            "pencil_marks": to_pencil_mark_string(&r.final_state),
        },
    })
}
