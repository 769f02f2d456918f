//! `sudolink rate`: the least n whose rule set solves each puzzle (W, B, gW, gB, L, M, N,
//! BC), Sudoku Explainer's ER/EP/ED (SER) or HoDoKu's level and score (hodoku), over a file
//! in parallel (rayon), each result printed as soon as the puzzles before it are done
//! (input order). Puzzles that cannot be rated (malformed, no or several
//! solutions) are reported on stderr and make the exit status non-zero unless
//! `--keep-going`.

use super::input::read_argument;
use super::progress::Status;
use super::solve::Order;
use anyhow::{bail, Result};
use std::io::Write;
use std::str::FromStr;
use sudolink_engine::grid::format::{parse_collection, ParseError, Puzzle};
use sudolink_search::registry;
use sudolink_study::parallel::{each_as_done, InOrder};
use sudolink_study::rating::{rate_puzzle, RateBy, RateLine, RatingScheme};
use sudolink_study::rules::{list_rules, order_applies};

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// A file of puzzles (one per line) or one 81-character puzzle
    pub input: String,
    /// Rating scheme (docs/ratings.md describes each), or a family or comma list of
    /// techniques (e.g. depth2, hypothesis,depth2: the basic rules then the list, as --rules),
    /// rated by the longest step it needs
    #[arg(long, default_value = "W", long_help = scheme_help())]
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
    /// Longest proof to try, its length on the scale (chains and whips: CSP variables; nets:
    /// inferences); 20 by default, the one solve, rate and explain share; for BxB and BxBB the
    /// longest braids (default 14 and 5: the SHC's bounds, past which the class is written
    /// `BxB>14`)
    #[arg(long, value_parser = super::numbers::max_len)]
    pub max_len: Option<usize>,
    /// One JSON object per line: {"puzzle": "...", "rating": n or null, ...}
    #[arg(long)]
    pub json: bool,
    /// Exit 0 even when some puzzles could not be rated (they are still reported on
    /// stderr, with a count)
    #[arg(long)]
    pub keep_going: bool,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

/// What `rate` does, every scheme named ([`RatingScheme::names`]).
pub fn about() -> String {
    format!(
        "Rate puzzles: the least n whose rule set solves each, or SER's ER/EP/ED, the T&E depth, \
         BxB, BxBB, HoDoKu's level and score; schemes: {}",
        RatingScheme::names()
    )
}

/// The long help of `--scheme`: every scheme ([`RatingScheme::names`]).
fn scheme_help() -> String {
    format!(
        "Rating scheme: one of {} (docs/ratings.md describes each; SER prints ER/EP/ED, TE the \
         T&E depth 0-3, BxB and BxBB Berthier's classes of T&E(2) and T&E(3) puzzles with braids \
         up to --max-len, hodoku HoDoKu 2.2's level and score with its default configuration, \
         printed as `hodoku:Extreme/2468`), or a family or comma list of techniques (e.g. \
         depth2, hypothesis,depth2: the basic rules then the list, as --rules), rated by the \
         longest step it needs",
        RatingScheme::names()
    )
}

/// The longest chain or whip `rate` tries when `--max-len` is not given: the one default.
const MAX_LEN: usize = sudolink_study::rules::DEFAULT_MAX_LEN;

/// Rate by the basic rules then `list`'s techniques in `order`, labelled by `list`.
fn by_rules(
    list: &str,
    max_len: usize,
    order: Order,
) -> Result<RateBy, registry::UnknownTechnique> {
    let rules = list_rules(list, max_len, order.into())?;
    Ok(RateBy::Rules(rules, list.to_string()))
}

pub fn run(args: &RateArgs) -> Result<()> {
    let list_len = args.max_len.unwrap_or(MAX_LEN);
    let by = match &args.rules {
        Some(list) => {
            by_rules(list, list_len, args.order).map_err(|e| anyhow::anyhow!("--rules: {e}"))?
        }
        None => match RatingScheme::from_str(&args.scheme) {
            Ok(RatingScheme::Hodoku) if args.order == Order::Listed => bail!(
                "--order listed orders a comma list of techniques; the scheme hodoku follows \
                 HoDoKu's own order (for the technique list in HoDoKu's order: --rules hodoku)"
            ),
            Ok(scheme) => {
                order_applies(&args.scheme, args.order.into())?;
                RateBy::Scheme(scheme)
            }
            // not one of the fixed schemes: a family or a list of techniques, as --rules
            Err(e) => by_rules(&args.scheme, list_len, args.order).map_err(|_| {
                anyhow::anyhow!("--scheme: {e}, or a technique or list of techniques")
            })?,
        },
    };
    let max_len = match &by {
        RateBy::Scheme(scheme) => scheme.max_len(args.max_len, MAX_LEN),
        RateBy::Rules(..) => list_len,
    };
    let (text, origin) = read_argument(&args.input)?;
    // every line that is not blank or a comment: a puzzle, or a line that fails to parse
    let items: Vec<(usize, Result<Puzzle, ParseError>)> = parse_collection(&text).collect();
    if items.is_empty() {
        bail!("{origin}: holds no puzzle (only blank or comment lines)");
    }
    let status = Status::new("rate", "puzzles");
    let total = items.len() as u64;
    let bounds = args.bounds.batch_bounds(items.len());
    let mut order = InOrder::new();
    let mut done = 0u64;
    let mut failed = 0usize;
    // the lines whose rating a bound cut, in input order
    let mut cut_lines: Vec<usize> = Vec::new();
    let mut cut_now = 0usize;
    let mut out = std::io::stdout().lock();
    each_as_done(
        &items,
        |(line, parsed)| match parsed {
            Ok(p) => (*line, rate_puzzle(p, &by, max_len, &bounds)),
            Err(e) => (*line, RateLine::failed(None, e.to_string())),
        },
        |i, result| {
            done += 1;
            cut_now += usize::from(result.1.is_cut());
            status.update(done, total, &format!("{failed} failed, {cut_now} cut"));
            order.push(i, result, |(line, rated)| {
                if rated.is_cut() {
                    cut_lines.push(line);
                }
                let level = match rated.outcome() {
                    Ok(level) => level,
                    Err(error) => {
                        failed += 1;
                        // a parse error already names its line
                        let (at, puzzle) = match rated.puzzle() {
                            Some(p) => (format!("line {line}: "), format!(" {p}")),
                            None => (String::new(), String::new()),
                        };
                        eprintln!("error: {origin}: {at}{error}{puzzle}");
                        return Ok(());
                    }
                };
                if args.json {
                    // as a JSON value: its keys in order, as every JSON line prints them
                    writeln!(out, "{}", serde_json::to_value(&rated)?)?;
                } else {
                    writeln!(out, "{} {level}", rated.puzzle().unwrap_or(""))?;
                }
                out.flush()?;
                Ok::<(), anyhow::Error>(())
            })
        },
    )?;
    status.finish();
    if !cut_lines.is_empty() {
        let lines: Vec<String> = cut_lines.iter().map(|l| l.to_string()).collect();
        eprintln!(
            "note: {} of {} puzzle(s) cut by a bound ({}), not rated: line(s) {}; raise \
             --timeout, --memory or --budget to go further",
            cut_lines.len(),
            items.len(),
            bounds.describe(),
            lines.join(", ")
        );
    }
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
