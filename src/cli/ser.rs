//! The Sudoku Explainer rating on the command line: `solve --rules ser` prints SE's path
//! (each step's SE name and difficulty beside our proofs), `rate --scheme ser` one
//! `ER/EP/ED` per puzzle.

use super::input::load;
use super::solve::{Notation, SolveArgs};
use anyhow::{anyhow, bail, Result};
use serde_json::json;
use sudolink_engine::grid::format::to_pencil_mark_grid;
use sudolink_engine::grid::State;
use sudolink_study::ser::{difficulty_text, tenths};
use sudolink_study::ser::{rate, SerRating};

/// Is this rule set or scheme name Sudoku Explainer's?
pub fn is_ser(name: &str) -> bool {
    name.eq_ignore_ascii_case("ser")
}

/// Each step's proofs as text, on the state each applies to.
fn step_texts(start: &State, rating: &SerRating, notation: Notation) -> Vec<Vec<String>> {
    let mut state = start.clone();
    rating
        .steps
        .iter()
        .map(|step| {
            let mut scratch = state.clone();
            let texts = step
                .proofs
                .iter()
                .map(|p| {
                    let text = notation.proof_text(&scratch, p);
                    for &c in &p.eliminations {
                        let _ = scratch.eliminate(c);
                    }
                    for &c in &p.assertions {
                        let _ = scratch.place(c);
                    }
                    text
                })
                .collect();
            for &c in &step.eliminations {
                let _ = state.eliminate(c);
            }
            if let Some(c) = step.placement {
                let _ = state.place(c);
            }
            texts
        })
        .collect()
}

/// The summary line: `SER = 7.1/1.2/1.2 (ER/EP/ED), HARDEST STEP = Forcing Chain (7.1)`.
fn summary_line(rating: &SerRating) -> String {
    let hardest = rating
        .steps
        .iter()
        .filter(|s| s.difficulty == rating.er)
        .map(|s| format!("{} ({})", s.name, difficulty_text(s.difficulty)))
        .next()
        .unwrap_or_else(|| "NONE".into());
    if rating.stuck {
        format!(
            "SER = {} (ER/EP/ED): Sudoku Explainer's rules do not solve it",
            rating.text()
        )
    } else {
        format!(
            "SER = {} (ER/EP/ED), HARDEST STEP = {hardest}",
            rating.text()
        )
    }
}

/// `solve --rules ser`.
pub fn solve(args: &SolveArgs) -> Result<()> {
    if args.allow_nonunique {
        bail!(
            "--rules ser: Sudoku Explainer's rules include uniqueness rules, which need a \
             puzzle with one solution; drop --allow-nonunique"
        );
    }
    let loaded = load(args.puzzle.as_deref(), false)?;
    let rating = rate(&loaded.state, loaded.solution.as_ref()).map_err(|e| anyhow!("{e}"))?;
    let texts = step_texts(&loaded.state, &rating, args.notation);
    if args.json {
        let steps: Vec<serde_json::Value> = rating
            .steps
            .iter()
            .zip(&texts)
            .enumerate()
            .map(|(i, (s, t))| {
                json!({
                    "step": i + 1,
                    "name": s.name,
                    "difficulty": tenths(s.difficulty) as f64 / 10.0,
                    "complexity": s.complexity,
                    "eliminations": s.eliminations.iter().map(|c| c.elimination()).collect::<Vec<_>>(),
                    "placement": s.placement.map(|c| c.assertion()),
                    "texts": t,
                    "proofs": s.proofs,
                })
            })
            .collect();
        let summary = rating.summary();
        let v = json!({
            "puzzle": loaded.line,
            "name": loaded.name,
            "ser": rating.text(),
            "er": summary.er,
            "ep": summary.ep,
            "ed": summary.ed,
            "solved": !rating.stuck,
            "steps": steps,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return solved(&rating);
    }
    let name = loaded
        .name
        .as_deref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    println!("Puzzle{name}: {}", loaded.line);
    print!("{}", to_pencil_mark_grid(&loaded.state));
    for (i, (s, t)) in rating.steps.iter().zip(&texts).enumerate() {
        println!(
            "{}. [{}] {}: {}",
            i + 1,
            difficulty_text(s.difficulty),
            s.name,
            t.join("; ")
        );
    }
    println!("{}", summary_line(&rating));
    solved(&rating)
}

/// A path SE's rules do not finish ends with the status [`super::NOT_SOLVED_EXIT`].
fn solved(rating: &SerRating) -> Result<()> {
    if rating.stuck {
        Err(super::NotSolved.into())
    } else {
        Ok(())
    }
}
