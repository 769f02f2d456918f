//! `sudolink rate`: the least n whose rule set solves each puzzle (W, B, gW, gB, L, M, N,
//! BC), over a file in parallel (rayon) with a progress bar, output in input order.

use super::input::read_argument;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::str::FromStr;
use std::time::Instant;
use sudolink::grid::format::{parse_collection, Puzzle};
use sudolink::solver::count_solutions;
use sudolink::study::rating::{rate, Scheme};

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// A file of puzzles (one per line) or one 81-character puzzle
    pub input: String,
    /// Rating scheme: L, M, N, W, B, gW, gB or BC
    #[arg(long, default_value = "W")]
    pub scheme: String,
    /// Longest chain or whip to try
    #[arg(long, default_value_t = 20)]
    pub max_len: usize,
    /// One JSON object per line: {"puzzle": "...", "rating": n or null, ...}
    #[arg(long)]
    pub json: bool,
}

/// One puzzle's result line.
fn rate_one(p: &Puzzle, scheme: Scheme, max_len: usize) -> serde_json::Value {
    let start = match p.start_state() {
        Ok(s) => s,
        Err(e) => return json!({"puzzle": p.line(), "rating": null, "error": e.to_string()}),
    };
    let solutions = count_solutions(&start, 2);
    if solutions.count != 1 {
        let why = if solutions.count == 0 {
            "no solution"
        } else {
            "several solutions"
        };
        return json!({"puzzle": p.line(), "rating": null, "error": why});
    }
    let t = Instant::now();
    match rate(&start, scheme, max_len, solutions.solution.as_ref()) {
        Ok(r) => json!({
            "puzzle": p.line(),
            "rating": r.rating,
            "scheme": scheme.to_string(),
            "level": r.level_text(max_len),
            "hardest": r.hardest,
            "seconds": t.elapsed().as_secs_f64(),
        }),
        Err(e) => json!({"puzzle": p.line(), "rating": null, "error": e.to_string()}),
    }
}

pub fn run(args: &RateArgs) -> Result<()> {
    let scheme = Scheme::from_str(&args.scheme).map_err(|e| anyhow::anyhow!("{e}"))?;
    let (text, origin) = read_argument(&args.input)?;
    let mut puzzles = Vec::new();
    for (line, p) in parse_collection(&text) {
        puzzles.push(p.with_context(|| format!("{origin}: line {line}"))?);
    }
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(puzzles.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} (eta {eta})")
            .expect("progress template"),
    );
    let out = std::io::stdout();
    // rate in chunks so output streams in input order while both cores work
    for chunk in puzzles.chunks(64) {
        let results: Vec<serde_json::Value> = chunk
            .par_iter()
            .map(|p| {
                let v = rate_one(p, scheme, args.max_len);
                bar.inc(1);
                v
            })
            .collect();
        let mut lock = out.lock();
        for v in results {
            if args.json {
                writeln!(lock, "{v}")?;
            } else {
                let level = v["level"].as_str().map(str::to_string).unwrap_or_else(|| {
                    format!("error: {}", v["error"].as_str().unwrap_or("not rated"))
                });
                writeln!(lock, "{} {level}", v["puzzle"].as_str().unwrap_or(""))?;
            }
        }
    }
    bar.finish_and_clear();
    Ok(())
}
