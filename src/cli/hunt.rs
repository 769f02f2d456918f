//! `sudolink hunt`: the hunter's pipeline in one command ([`sudolink_study::hunt`]): the
//! stages run one after the other over a collection, each on both cores with progress on
//! stderr; with `--db` every stage is stored as it goes and a run killed at any moment goes
//! on where it stopped when run again. The last stage's puzzles are printed (with their
//! ratings after a rating stage); each stage's count on stderr.

use super::output::Sink;
use super::progress::Status;
use super::study_run::read_study_input;
use anyhow::{anyhow, bail, Result};
use std::path::PathBuf;
use sudolink_engine::grid::format::values_line;
use sudolink_study::hunt::{hunt, rating_text, stages, HuntBounds, StageOutcome};
use sudolink_study::run::{RunOptions, StudyInput};
use sudolink_study::workbench::solution;

#[derive(clap::Args, Debug)]
pub struct HuntArgs {
    /// The puzzles: a file (one a line), `-` for standard input, or a grid
    pub input: String,
    /// The stages, comma separated, run in order, each on the puzzles the one before made
    /// (each once): expand (the BRT expansion), expand:brt+K, minimals, minimals:non-brt,
    /// vicinity:-P+Q, vicinity:-P+Q:minimal, minlex, rate:SCHEME (rated, all passed on),
    /// keep:FILTER (rated in the filter's scheme, passed on when it passes: keep:te>=2,
    /// keep:BxB>=3, keep:B>12, keep:SER>=9)
    #[arg(long, value_name = "LIST")]
    pub stages: String,
    /// Store every stage in this SQLite file (created if missing): which puzzle came from
    /// which by which stage, and the ratings; running the same command again goes on where
    /// an interrupted run stopped, or reads a finished one back
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Write into an existing SQLite file that is not a sudolink store (adds our tables)
    #[arg(long, requires = "db")]
    pub force: bool,
    /// A rating stage's longest chain (default: the scheme's, 20 for the level schemes)
    #[arg(long, value_parser = super::numbers::max_len)]
    pub max_len: Option<usize>,
    /// Each workbench step's budget per puzzle (default: the step's: expand 1,000,000
    /// expansions, minimals 2,000,000 sub-puzzles, vicinity 5,000,000 candidates)
    #[arg(long, value_name = "N")]
    pub step_budget: Option<u64>,
    /// Go on to the next stage when some puzzles of a stage were cut by a bound or could
    /// not be studied (they make nothing); exit 0 unless a stage failed otherwise
    #[arg(long)]
    pub keep_going: bool,
    /// Write the last stage's puzzles to this file (atomically) instead of stdout
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

pub fn run(args: &HuntArgs) -> Result<()> {
    let stages = stages(&args.stages).map_err(|e| anyhow!("--stages: {e}"))?;
    let input = read_study_input(&args.input)?;
    refuse_bad_input(&input)?;
    let bounds = HuntBounds {
        rating: args.bounds.batch_bounds(usize::MAX),
        max_len: args.max_len,
        step_budget: args.step_budget,
    };
    let options = RunOptions {
        db: args.db.as_deref(),
        force: args.force,
        stop_after: None,
    };
    let mut status: Option<(usize, Status)> = None;
    let outcomes = hunt(
        &input,
        &stages,
        &bounds,
        &options,
        args.keep_going,
        &mut |index, _, done, total, cut| {
            if status.as_ref().is_none_or(|(i, _)| *i != index) {
                if let Some((_, s)) = status.take() {
                    s.finish();
                }
                status = Some((index, Status::new("hunt", "puzzles")));
            }
            if let Some((_, s)) = &status {
                let stage = &stages[index].text;
                s.update(
                    done,
                    total,
                    &format!("stage {} {stage}, {cut} cut", index + 1),
                );
            }
        },
    )?;
    if let Some((_, s)) = status {
        s.finish();
    }
    report(&outcomes, stages.len());
    let last = outcomes.last().expect("a stage ran");
    let mut sink = Sink::open(args.out.as_deref())?;
    for (grid, ratings) in &last.made {
        let line = std::iter::once(grid.clone())
            .chain(ratings.iter().map(rating_text))
            .collect::<Vec<_>>()
            .join(" ");
        sink.line(&line)?;
    }
    sink.finish()?;
    judge(&outcomes, stages.len(), args.keep_going)
}

/// Refuse the whole input, before anything is written, at its first unreadable item or
/// puzzle without a unique solution, in one line naming it.
fn refuse_bad_input(input: &StudyInput) -> Result<()> {
    if let Some(u) = input.unread.first() {
        bail!("{}: line {}: {}", input.origin, u.line, u.why);
    }
    for p in &input.puzzles {
        solution(&p.puzzle.givens).map_err(|e| {
            anyhow!(
                "{}: line {}: {e}: {}",
                input.origin,
                p.line,
                values_line(&p.puzzle.givens)
            )
        })?;
    }
    Ok(())
}

/// Each stage's counts on stderr: `stage 2 minimals:non-brt: 350 puzzles -> 91`.
fn report(outcomes: &[StageOutcome], stages: usize) {
    for (i, o) in outcomes.iter().enumerate() {
        let run = o.run.map(|r| format!(" (run {r})")).unwrap_or_default();
        let failed = if o.failures.is_empty() {
            String::new()
        } else {
            format!(", {} not studied", o.failures.len())
        };
        eprintln!(
            "stage {}/{stages} {}: {} puzzles -> {}{failed}{run}",
            i + 1,
            o.text,
            o.inputs,
            o.made.len()
        );
    }
}

/// Name each input a stage could not study or a bound cut, then fail unless every stage
/// ran and `--keep-going` was given.
fn judge(outcomes: &[StageOutcome], stages: usize, keep_going: bool) -> Result<()> {
    let mut failed = 0;
    for (i, o) in outcomes.iter().enumerate() {
        for f in &o.failures {
            let what = if f.cut { "cut" } else { "error" };
            eprintln!(
                "{what}: stage {} {}: puzzle {}: {}",
                i + 1,
                o.text,
                f.line,
                f.why
            );
            failed += 1;
        }
    }
    if failed > 0 && !keep_going {
        bail!(
            "{failed} puzzle(s) not studied; stopped after stage {} of {stages} (run again \
             with larger bounds: with --db, only they are studied again; or --keep-going)",
            outcomes.len()
        );
    }
    Ok(())
}
