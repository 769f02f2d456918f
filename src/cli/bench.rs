//! `sudolink bench`: timings over a puzzle collection, as medians and totals per task
//! (materialising the typed graph of each start state, counting solutions up to 2, solving
//! with the basic rules, one technique — 3D Medusa unless told — where the basic rules are
//! stuck). Criterion benches in `benches/` measure the same operations.

use super::input::{read_list, ListInput};
use anyhow::{bail, Context, Result};
use std::time::{Duration, Instant};
use sudolink_engine::graph::{CandidateGraph, LinkIndex};
use sudolink_engine::grid::State;
use sudolink_engine::solver::count_solutions;
use sudolink_search::registry::{self, basic_rules, Searcher, TechniqueId};
use sudolink_study::resolution::solve;

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// A list of puzzles (a file, `-` for standard input, FILE:K), as rate reads it
    pub file: String,
    /// Only the first N puzzles (at least 1)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// The technique timed where the basic rules are stuck (a registry name)
    #[arg(long, default_value = registry::BENCH_TECHNIQUE)]
    pub technique: String,
    /// The length timed for a graded technique (chains, whips, T&E depth…); fixed-size
    /// techniques keep their size
    #[arg(long, default_value_t = 3, value_parser = super::numbers::max_len)]
    pub length: usize,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

struct Timing {
    samples: Vec<Duration>,
}

impl Timing {
    /// One line of statistics; nothing when there are no samples.
    fn report(&mut self, what: &str) {
        if self.samples.is_empty() {
            return;
        }
        self.samples.sort();
        let n = self.samples.len();
        let total: Duration = self.samples.iter().sum();
        let at = |q: f64| self.samples[(((n - 1) as f64 * q) as usize).min(n - 1)];
        println!(
            "{what:<34} n={n:<6} total={:>9.3} s  median={:>9.1} µs  p90={:>9.1} µs  max={:>9.1} µs",
            total.as_secs_f64(),
            at(0.5).as_secs_f64() * 1e6,
            at(0.9).as_secs_f64() * 1e6,
            at(1.0).as_secs_f64() * 1e6
        );
    }
}

fn time_each<T>(states: &[State], mut f: impl FnMut(&State) -> T) -> Timing {
    let samples = states
        .iter()
        .map(|s| {
            let t = Instant::now();
            std::hint::black_box(f(s));
            t.elapsed()
        })
        .collect();
    Timing { samples }
}

pub fn run(args: &BenchArgs) -> Result<()> {
    let technique = TechniqueId::from_name(&args.technique)
        .with_context(|| format!("--technique {}: no such technique", args.technique))?;
    let rule = technique.rule(if technique.is_fixed_size() {
        0
    } else {
        args.length
    });
    let limit = args
        .limit
        .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let ListInput { origin, items, .. } = read_list(&args.file)?;
    let mut states = Vec::new();
    for (_, read) in items.into_iter().take(limit) {
        // the parse error names the line itself
        let item = read.with_context(|| origin.clone())?;
        let s = item
            .grid
            .start_state()
            .with_context(|| format!("{origin}: line {}", item.line))?;
        states.push(s);
    }
    if states.is_empty() {
        bail!("{origin}: holds no puzzle");
    }
    println!("{} puzzles from {}", states.len(), args.file);
    time_each(&states, CandidateGraph::build).report("graph: full typed graph per state");
    time_each(&states, |s| count_solutions(s, 2).count).report("solver: count solutions up to 2");
    let rules = basic_rules();
    time_each(&states, |s| solve(s, &rules, None).map(|r| r.solved).ok())
        .report("solve: basic rules, checked steps");
    // the asked technique where the basic rules are stuck (the state's link index built
    // beforehand, as searches share it)
    let stuck: Vec<LinkIndex> = states
        .iter()
        .filter_map(|s| solve(s, &rules, None).ok())
        .filter(|r| !r.solved)
        .map(|r| LinkIndex::new(&r.final_state))
        .collect();

    // each state's search within the bounds of one puzzle; a cut one is timed and counted
    let mut samples = Vec::with_capacity(stuck.len());
    let mut cut = 0;
    let bounds = args.bounds.bounds(1);
    for links in &stuck {
        let t = Instant::now();
        let mut searcher = Searcher::within(bounds.start());
        std::hint::black_box(searcher.find(rule, links, usize::MAX));
        samples.push(t.elapsed());
        cut += usize::from(searcher.stopped().is_some());
    }
    Timing { samples }.report(&format!("{rule}: all instances, basic-stuck state"));
    if cut > 0 {
        println!(
            "{cut} of {} searches cut by a bound ({} per state)",
            stuck.len(),
            bounds.describe()
        );
    }
    Ok(())
}
