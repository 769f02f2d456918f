//! `sudolink generate`: random minimal puzzles, reproducible from a seed, on both cores;
//! with `--needs TECHNIQUE`, only the puzzles whose path needs that technique
//! ([`sudolink_study::needs`]), from random puzzles or a seed collection (`--from`).

use super::bounds::BoundArgs;
use super::output::{progress_bar, Sink};
use anyhow::{anyhow, bail, Context, Result};
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudolink_engine::grid::format::{parse_collection, values_line};
use sudolink_search::registry::TechniqueId;
use sudolink_study::generate;
use sudolink_study::needs::{self, Source, Verdict};
use sudolink_study::rules;

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles
    #[arg(long, default_value_t = 10)]
    pub count: u64,
    /// Random seed: the same seed gives the same puzzles
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Index of the first puzzle (puzzle i of a seed depends only on the seed and i, so
    /// `--first 1000 --count 1000` is the second thousand of a longer run); with `--needs`,
    /// of the first candidate
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Write the puzzles to this file (atomically) instead of stdout
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Keep only puzzles whose simplest-first path, with `--rules` plus this technique
    /// (any name of `sudolink techniques`), takes at least one step of it
    #[arg(long, value_name = "TECHNIQUE")]
    pub needs: Option<String>,
    /// With `--needs`: the rule set the technique is added to (as `solve --rules`)
    #[arg(long, default_value = "N", requires = "needs")]
    pub rules: String,
    /// With `--needs`: longest proof to use, its length on the scale; 10 by default (not
    /// solve's 20): every candidate puzzle's path is walked, and a longer bound multiplies
    /// the time spent on the candidates that do not need the technique
    #[arg(long, default_value_t = 10, value_parser = super::numbers::max_len, requires = "needs")]
    pub max_len: usize,
    /// With `--needs`: take the candidates from this collection (one puzzle a line), each
    /// as it is, then under random symmetries of the grid (bands, rows, stacks, columns,
    /// transposition, digits), instead of random minimal puzzles
    #[arg(long, value_name = "FILE", requires = "needs")]
    pub from: Option<PathBuf>,
    /// With `--needs`: the path must also solve the puzzle
    #[arg(long, requires = "needs")]
    pub solved: bool,
    /// With `--needs`: most candidates to try
    #[arg(long, default_value_t = 10_000, requires = "needs")]
    pub attempts: u64,
    /// With `--needs`: wall-clock time for the whole run in seconds (0: none); the bounds
    /// below are per candidate
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0,
          value_parser = super::numbers::seconds_or_none, requires = "needs")]
    pub within: f64,
    #[command(flatten)]
    pub bounds: BoundArgs,
}

/// Puzzles are made in blocks (in parallel) and written in order.
const BLOCK: u64 = 256;

pub fn run(args: &GenerateArgs) -> Result<()> {
    if args.count == 0 {
        bail!("--count must be at least 1");
    }
    if args.needs.is_some() {
        return run_needs(args);
    }
    let mut sink = Sink::open(args.out.as_deref())?;
    let bar = progress_bar(args.count, "puzzles");
    let last = args
        .first
        .checked_add(args.count)
        .ok_or_else(|| anyhow!("--first + --count overflows"))?;
    let mut start = args.first;
    while start < last {
        let end = (start + BLOCK).min(last);
        let block: Vec<String> = (start..end)
            .into_par_iter()
            .map(|i| {
                let line = values_line(&generate::puzzle(args.seed, i));
                bar.inc(1);
                line
            })
            .collect();
        for line in &block {
            sink.line(line)?;
        }
        start = end;
    }
    bar.finish_and_clear();
    sink.finish()
}

/// Tallies of a `--needs` run.
#[derive(Default)]
struct Tally {
    tried: u64,
    unused: u64,
    unsolved: u64,
    not_unique: u64,
    cut: u64,
}

/// `generate --needs TECHNIQUE`: candidates in blocks on both cores, kept in candidate
/// order, until `--count` are found or the attempts or time run out.
fn run_needs(args: &GenerateArgs) -> Result<()> {
    let name = args.needs.as_deref().expect("--needs given");
    let technique = TechniqueId::from_name(name).ok_or_else(|| {
        anyhow!("--needs: unknown technique {name:?} (`sudolink techniques` lists them)")
    })?;
    let spec = rules::parse(&args.rules, args.max_len)?;
    rules::refuse_uniqueness(spec.rules.iter().map(|r| r.technique), false)?;
    let rule_list = needs::with_technique(&spec.rules, technique, args.max_len);
    let source = match &args.from {
        None => Source::Random { seed: args.seed },
        Some(path) => Source::Seeds {
            puzzles: read_seeds(path)?,
            seed: args.seed,
        },
    };
    let deadline =
        (args.within > 0.0).then(|| Instant::now() + Duration::from_secs_f64(args.within));
    let block = rayon::current_num_threads().max(1) as u64 * 4;
    let bounds = args.bounds.batch_bounds(block as usize);
    let mut sink = Sink::open(args.out.as_deref())?;
    let bar = progress_bar(args.attempts, "candidates");
    let mut tally = Tally::default();
    let mut found = 0u64;
    let mut next = args.first;
    let last = args.first.saturating_add(args.attempts);
    let mut out_of_time = false;
    while found < args.count && next < last {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            out_of_time = true;
            break;
        }
        let end = (next + block).min(last);
        let verdicts: Vec<([u8; 81], Verdict)> = (next..end)
            .into_par_iter()
            .map(|k| {
                let givens = source.candidate(k);
                let v = needs::check(&givens, &rule_list, technique, args.solved, bounds.start());
                bar.inc(1);
                v.map(|v| (givens, v))
            })
            .collect::<Result<_, _>>()
            .with_context(|| format!("candidates {next}..{end}"))?;
        for (givens, v) in verdicts {
            tally.tried += 1;
            match v {
                Verdict::Needs { .. } if found < args.count => {
                    found += 1;
                    sink.line(&values_line(&givens))?;
                }
                Verdict::Needs { .. } => {}
                Verdict::Unused => tally.unused += 1,
                Verdict::Unsolved => tally.unsolved += 1,
                Verdict::NotUnique => tally.not_unique += 1,
                Verdict::Cut => tally.cut += 1,
            }
        }
        bar.set_message(format!("{found} found"));
        next = end;
    }
    bar.finish_and_clear();
    sink.finish()?;
    eprintln!(
        "{found} of {} puzzle(s) needing {} found in {} candidate(s) ({} without it, {} not \
         solved, {} not unique, {} cut by a bound)",
        args.count,
        technique.name(),
        tally.tried,
        tally.unused,
        tally.unsolved,
        tally.not_unique,
        tally.cut
    );
    if found < args.count {
        let why = if out_of_time {
            format!("the run's time ({} s, --within) ran out", args.within)
        } else {
            format!("the attempts ({}, --attempts) ran out", args.attempts)
        };
        eprintln!("FEWER THAN ASKED: {found} of {} found; {why}", args.count);
    }
    Ok(())
}

/// The puzzles of a seed collection.
fn read_seeds(path: &std::path::Path) -> Result<Vec<[u8; 81]>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("--from {}", path.display()))?;
    let mut puzzles = Vec::new();
    for (line, p) in parse_collection(&text) {
        let p = p.with_context(|| format!("--from {} line {line}", path.display()))?;
        puzzles.push(p.givens);
    }
    if puzzles.is_empty() {
        bail!("--from {}: no puzzle in it", path.display());
    }
    Ok(puzzles)
}
