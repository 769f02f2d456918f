//! `sudolink rate`: the least n whose rule set solves each puzzle (W, B, gW, gB, L, M, N,
//! BC), or Sudoku Explainer's ER/EP/ED (SER), over a file in parallel (rayon), each result printed as soon as the puzzles before
//! it are done (input order). Puzzles that cannot be rated (malformed, no or several
//! solutions) are reported on stderr and make the exit status non-zero unless
//! `--keep-going`.

use super::input::read_argument;
use super::progress::Status;
use super::solve::Order;
use anyhow::{bail, Result};
use serde_json::json;
use std::io::Write;
use std::str::FromStr;
use std::time::Instant;
use sudolink::grid::format::{parse_collection, ParseError, Puzzle};
use sudolink::search::{registry, Rule};
use sudolink::solver::count_solutions;
use sudolink::study::parallel::{each_as_done, InOrder};
use sudolink::study::rating::{rate, rate_rules, RatingScheme};
use sudolink::study::rules::{list_rules, order_applies};

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// A file of puzzles (one per line) or one 81-character puzzle
    pub input: String,
    /// Rating scheme: L, M, N, W, B, gW, gB or BC; SER (Sudoku Explainer 1.2.1's ER/EP/ED,
    /// printed as `ER/EP/ED`); or a family or comma list of techniques
    /// (e.g. depth2, hypothesis,depth2: the basic rules then the list, as --rules), rated by
    /// the longest step it needs
    #[arg(long, default_value = "W")]
    pub scheme: String,
    /// Rate by a comma list of techniques instead of a scheme (the basic rules, then the
    /// listed techniques simplest first, as `solve --rules`): the rating is the longest
    /// graded step used (chains, whips, force chains), 0 when the list solves the puzzle
    /// with fixed-size techniques only (the Assistant's, tagging)
    #[arg(long, value_name = "LIST", conflicts_with = "scheme")]
    pub rules: Option<String>,
    /// How a list of techniques is tried: `length` (simplest first) or `listed` (each name
    /// at every length before the next: HoDoKu's order), as `solve --order`
    #[arg(long, value_enum, default_value = "length")]
    pub order: Order,
    /// Longest chain or whip to try
    #[arg(long, default_value_t = 20, value_parser = super::numbers::max_len)]
    pub max_len: usize,
    /// One JSON object per line: {"puzzle": "...", "rating": n or null, ...}
    #[arg(long)]
    pub json: bool,
    /// Exit 0 even when some puzzles could not be rated (they are still reported on
    /// stderr, with a count)
    #[arg(long)]
    pub keep_going: bool,
}

/// What a puzzle is rated by: a scheme (SER included), or a list of techniques (with its
/// label).
enum By {
    Scheme(RatingScheme),
    Rules(Vec<Rule>, String),
}

/// One puzzle's result line.
fn rate_one(p: &Puzzle, by: &By, max_len: usize) -> serde_json::Value {
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
    let scheme = match by {
        By::Scheme(RatingScheme::Level(s)) => *s,
        // Sudoku Explainer 1.2.1's rating: `ER/EP/ED` as the level, ER as the rating
        By::Scheme(RatingScheme::Ser) => {
            return super::ser::rate_json(p.line(), &start, solutions.solution.as_ref())
        }
        By::Rules(rules, label) => {
            return match rate_rules(&start, rules, solutions.solution.as_ref()) {
                Ok(r) => json!({
                    "puzzle": p.line(),
                    "rating": r.rating,
                    "rules": label,
                    "level": match r.rating {
                        Some(n) => format!("{label}:{n}"),
                        None if rules.iter().any(|r| r.technique.get().graded) => {
                            format!("{label}>{max_len}")
                        }
                        None => format!("{label}: not solved"),
                    },
                    "hardest": r.hardest,
                    "seconds": t.elapsed().as_secs_f64(),
                }),
                Err(e) => json!({"puzzle": p.line(), "rating": null, "error": e.to_string()}),
            };
        }
    };
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

/// Rate by the basic rules then `list`'s techniques in `order`, labelled by `list`.
fn by_rules(list: &str, max_len: usize, order: Order) -> Result<By, registry::UnknownTechnique> {
    let rules = list_rules(list, max_len, order.into())?;
    Ok(By::Rules(rules, list.to_string()))
}

pub fn run(args: &RateArgs) -> Result<()> {
    let by = match &args.rules {
        Some(list) => {
            by_rules(list, args.max_len, args.order).map_err(|e| anyhow::anyhow!("--rules: {e}"))?
        }
        None => match RatingScheme::from_str(&args.scheme) {
            Ok(scheme) => {
                order_applies(&args.scheme, args.order.into())?;
                By::Scheme(scheme)
            }
            // not one of the fixed schemes: a family or a list of techniques, as --rules
            Err(e) => by_rules(&args.scheme, args.max_len, args.order).map_err(|_| {
                anyhow::anyhow!("--scheme: {e}, or a technique or list of techniques")
            })?,
        },
    };
    let (text, origin) = read_argument(&args.input)?;
    // every line that is not blank or a comment: a puzzle, or a line that fails to parse
    let items: Vec<(usize, Result<Puzzle, ParseError>)> = parse_collection(&text).collect();
    if items.is_empty() {
        bail!("{origin}: holds no puzzle (only blank or comment lines)");
    }
    let status = Status::new("rate", "puzzles");
    let total = items.len() as u64;
    let mut order = InOrder::new();
    let mut done = 0u64;
    let mut failed = 0usize;
    let mut out = std::io::stdout().lock();
    each_as_done(
        &items,
        |(line, parsed)| match parsed {
            Ok(p) => (*line, rate_one(p, &by, args.max_len)),
            Err(e) => (*line, json!({"rating": null, "error": e.to_string()})),
        },
        |i, result| {
            done += 1;
            status.update(done, total, &format!("{failed} failed"));
            order.push(i, result, |(line, v)| {
                if let Some(error) = v["error"].as_str() {
                    failed += 1;
                    let puzzle = v["puzzle"]
                        .as_str()
                        .map_or(String::new(), |p| format!(" {p}"));
                    // a parse error already names its line
                    let at = if v["puzzle"].is_null() {
                        String::new()
                    } else {
                        format!("line {line}: ")
                    };
                    eprintln!("error: {origin}: {at}{error}{puzzle}");
                    return Ok(());
                }
                if args.json {
                    writeln!(out, "{v}")?;
                } else {
                    let level = v["level"].as_str().unwrap_or("not rated");
                    writeln!(out, "{} {level}", v["puzzle"].as_str().unwrap_or(""))?;
                }
                out.flush()?;
                Ok::<(), anyhow::Error>(())
            })
        },
    )?;
    status.finish();
    if failed > 0 {
        let summary = format!(
            "{failed} of {} puzzle(s) could not be rated (see the errors above)",
            items.len()
        );
        if !args.keep_going {
            bail!("{summary}; pass --keep-going to exit 0 anyway");
        }
        eprintln!("note: {summary}");
    }
    Ok(())
}
