//! `explain` with every technique (the default), as a user asks it, one thread:
//!
//! 1. one target at a time on the first basic-stuck states of top1465: eliminations and
//!    placements (the default limits: 1.5 s shared among the families, 280 MB), median,
//!    p99 and max per target, and the process's peak resident memory;
//! 2. `explain --all` with every technique (its default limits: 4 s, 4,000,000 partial
//!    chains/whips, 280 MB) on Ocean #1 and top1465 #1–#20's first basic-stuck states.
//!
//! `cargo bench --bench explain`. `SUDOLINK_BENCH_N` states (default 50),
//! `SUDOLINK_BENCH_TARGETS` targets per state (default 12: two thirds eliminations, a third
//! placements, spread over the state's candidates; 0 for every one).

use std::time::{Duration, Instant};
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::grid::{Candidate, Conclusion, State};
use sudolink_engine::solver::count_solutions;
use sudolink_search::registry::basic_rules;
use sudolink_search::Limits;
use sudolink_study::explain::{
    default_techniques, explain_all, explain_target, Options, ALL_BUDGET, ALL_TIMEOUT_S, MEMORY_MB,
    TARGET_TIMEOUT_S,
};
use sudolink_study::resolution::{apply, solve};

mod common;
use common::percentile;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The process's peak resident memory (VmHWM) in MB.
fn peak_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1024)
}

/// The first basic-stuck state of each puzzle (the puzzles the basic rules solve have
/// none), with its solution.
fn stuck_states(n: usize) -> Vec<(usize, State, [u8; 81])> {
    let text = common::top1465();
    let basic = basic_rules();
    let mut out = Vec::new();
    for (i, (_, p)) in parse_collection(&text).enumerate() {
        if out.len() == n {
            break;
        }
        let Ok(p) = p else { continue };
        let mut state = p.start_state().expect("consistent");
        let solution = count_solutions(&state, 2).solution.expect("unique");
        let r = solve(&state, &basic, Some(&solution)).expect("basic rules");
        for step in &r.steps {
            apply(&mut state, &step.proof).expect("a checked step");
        }
        if !state.is_solved() {
            out.push((i + 1, state, solution));
        }
    }
    out
}

/// Up to `k` targets of a state spread over its candidates: two thirds eliminations (false
/// candidates), a third placements (true ones); all of them when `k` is 0.
fn targets(state: &State, solution: &[u8; 81], k: usize) -> Vec<Conclusion> {
    let (mut falses, mut trues): (Vec<Candidate>, Vec<Candidate>) = state
        .candidates()
        .iter()
        .partition(|c| solution[c.cell().index()] != c.digit().get());
    if k > 0 {
        let pick = |v: &mut Vec<Candidate>, m: usize| {
            let step = (v.len() / m.max(1)).max(1);
            *v = v.iter().step_by(step).take(m).copied().collect();
        };
        pick(&mut falses, k - k / 3);
        pick(&mut trues, k / 3);
    }
    let elim = falses.into_iter().map(|candidate| Conclusion {
        candidate,
        placement: false,
    });
    let place = trues.into_iter().map(|candidate| Conclusion {
        candidate,
        placement: true,
    });
    elim.chain(place).collect()
}

fn main() {
    let n = env("SUDOLINK_BENCH_N", 50);
    let k = env("SUDOLINK_BENCH_TARGETS", 12);
    let states = stuck_states(n.max(20));
    let mut per_kind: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut proved = [0usize; 2];
    let mut cut_rows = 0usize;
    for (_, state, solution) in states.iter().take(n) {
        for conclusion in targets(state, solution, k) {
            let options = Options {
                techniques: default_techniques(),
                max_len: 20,
                g_max_len: None,
                limits: Limits::new(
                    None,
                    Some(Duration::from_secs_f64(TARGET_TIMEOUT_S)),
                    Some(MEMORY_MB * 1_000_000),
                ),
                // one thread: the figures are one target's work, comparable over time
                threads: 1,
            };
            let t = Instant::now();
            let report =
                explain_target(state, conclusion, Some(solution), &options).expect("explained");
            let kind = usize::from(conclusion.placement);
            per_kind[kind].push(t.elapsed());
            proved[kind] += usize::from(report.simplest.is_some());
            cut_rows += report
                .rows
                .iter()
                .filter(|r| r.none.status() == "not_searched")
                .count();
        }
    }
    let mut all: Vec<Duration> = per_kind.iter().flatten().copied().collect();
    all.sort();
    let [mut eliminations, mut placements] = per_kind;
    for (name, times, found) in [
        ("eliminations", &mut eliminations, proved[0]),
        ("placements", &mut placements, proved[1]),
    ] {
        times.sort();
        if times.is_empty() {
            continue;
        }
        println!(
            "explain one target, every technique, {name}: {} targets on {} basic-stuck states of top1465: median {:?}, p99 {:?}, max {:?}; {found} with a proof",
            times.len(),
            n.min(states.len()),
            percentile(times, 0.5),
            percentile(times, 0.99),
            times.last().unwrap()
        );
    }
    println!(
        "explain one target, all {} targets: median {:?}, p99 {:?}, max {:?}; {cut_rows} family rows cut by their share of the limits; peak RSS {} MB",
        all.len(),
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all.last().unwrap(),
        peak_mb()
    );

    // explain --all, every technique, default limits
    let ocean = parse_collection(
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
    )
    .next()
    .unwrap()
    .1
    .unwrap();
    let ocean_state = ocean.start_state().unwrap();
    let ocean_solution = count_solutions(&ocean_state, 2).solution.unwrap();
    let mut runs: Vec<(String, State, [u8; 81])> =
        vec![("Ocean #1".to_string(), ocean_state, ocean_solution)];
    runs.extend(
        states
            .iter()
            .filter(|(i, _, _)| *i <= 20)
            .map(|(i, s, sol)| (format!("top1465 #{i}"), s.clone(), *sol)),
    );
    let mut times = Vec::new();
    for (name, state, solution) in &runs {
        let options = Options {
            techniques: default_techniques(),
            max_len: 20,
            g_max_len: None,
            limits: Limits::new(
                Some(ALL_BUDGET),
                Some(Duration::from_secs_f64(ALL_TIMEOUT_S)),
                Some(MEMORY_MB * 1_000_000),
            ),
            threads: 1,
        };
        let t = Instant::now();
        let r = explain_all(state, Some(solution), &options, &mut |_| {}).expect("explained");
        let took = t.elapsed();
        times.push(took);
        println!(
            "explain --all, every technique, {name}: {took:?}, {} eliminations, complete to length {}{}",
            r.eliminations.len(),
            r.complete_to,
            r.stopped
                .map(|(s, n, t)| format!(", stopped at {t}[{n}]: {s}"))
                .unwrap_or_default()
        );
    }
    times.sort();
    println!(
        "explain --all over {} states: median {:?}, max {:?}; peak RSS {} MB",
        times.len(),
        percentile(&times, 0.5),
        times.last().unwrap(),
        peak_mb()
    );
}
