//! Force chains and nets ([GNPX Force]): per-state times of all three modes at every level and
//! form on top1465's start states (median, 90th percentile, max), and the basic + force
//! chains and nets resolution over top1465 (share solved, time per puzzle, peak RSS), in
//! the simplest-first order and in HoDoKu's (`--order listed`: force chains of any length
//! before force nets), one step per state and `--all-at-once`.
//!
//! `cargo bench --bench force` (all 1465 puzzles; `SUDOLINK_BENCH_N=200` for fewer,
//! `SUDOLINK_BENCH_SOLVE=0` for the per-state times only, `SUDOLINK_BENCH_SOLVE=listed` for
//! the listed order's solves only).

use std::time::{Duration, Instant};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::{parse_collection, Puzzle};
use sudolink_engine::proof::net::{ForceMode, LinkLevel, NetForm};

const MODES: [ForceMode; 3] = [ForceMode::Cell, ForceMode::House, ForceMode::Contradiction];
use sudolink_engine::solver::count_solutions;
use sudolink_search::force::ForceAnalysis;
use sudolink_search::Meter;
use sudolink_study::resolution::{solve, solve_all_at_once};
use sudolink_study::rules::{list_rules, RuleOrder};

mod common;
use common::percentile;

/// One line of per-start-state times: median, 90th percentile and max.
fn print_times(label: &str, what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{label} per start state over {} puzzles, {what}: median {:?}, p90 {:?}, max {:?}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        times.last().unwrap()
    );
}

fn main() {
    let n = common::bench_count(1465);
    let text = common::top1465();
    let puzzles: Vec<_> = parse_collection(&text)
        .take(n)
        .filter_map(|(_, p)| p.ok())
        .collect();
    let only = std::env::var("SUDOLINK_BENCH_SOLVE").unwrap_or_default();
    if only != "listed" {
        per_state_times(&puzzles);
    }
    if only == "0" {
        return;
    }
    // every step is checked against the solution, found before the clock starts
    let solutions: Vec<_> = puzzles
        .iter()
        .map(|p| count_solutions(&p.start_state().expect("consistent"), 2).solution)
        .collect();
    let orders = [
        (RuleOrder::Length, "simplest first"),
        (RuleOrder::Listed, "HoDoKu's order, chains before nets"),
    ];
    for (order, order_name) in orders {
        if only == "listed" && order != RuleOrder::Listed {
            continue;
        }
        let rules = list_rules("force-chains,force-nets", 60, order).expect("known techniques");
        // the default resolution (one step per state), then `solve --all-at-once` (every
        // instance of the first rule that applies in a state, at once)
        for (what, all_at_once) in [("", false), (" --all-at-once", true)] {
            let t = Instant::now();
            let solved = puzzles
                .iter()
                .zip(&solutions)
                .filter(|(p, solution)| {
                    let state = p.start_state().expect("consistent");
                    let run = if all_at_once {
                        solve_all_at_once(&state, &rules, solution.as_ref())
                    } else {
                        solve(&state, &rules, solution.as_ref())
                    };
                    run.expect("every step is sound").solved
                })
                .count();
            let elapsed = t.elapsed();
            println!(
                "solve{what} basic + force chains and nets (length <= 60, {order_name}): {solved} of {} solved, {:?} per puzzle, peak RSS {}",
                puzzles.len(),
                elapsed / puzzles.len() as u32,
                peak_rss()
            );
        }
    }
}

/// Per start state, each form's and both forms' times (conclusions and lengths; every
/// proof built).
fn per_state_times(puzzles: &[Puzzle]) {
    let mut both = vec![(Duration::ZERO, Duration::ZERO); puzzles.len()];
    for form in [NetForm::Chain, NetForm::Net] {
        // the three modes share one analysis per level, as the searcher runs them
        let (mut analysed, mut proved) = (Vec::new(), Vec::new());
        let mut conclusions = 0;
        for p in puzzles {
            let state = p.start_state().expect("consistent");
            let links = LinkIndex::new(&state);
            let t = Instant::now();
            let analyses: Vec<ForceAnalysis> =
                [LinkLevel::Links, LinkLevel::Groups, LinkLevel::Als]
                    .into_iter()
                    .map(|level| {
                        ForceAnalysis::new(
                            &links,
                            level,
                            form,
                            &MODES,
                            None,
                            &mut Meter::unlimited(),
                        )
                    })
                    .collect();
            analysed.push(t.elapsed());
            both[analysed.len() - 1].0 += t.elapsed();
            for a in &analyses {
                for mode in MODES {
                    let proofs = a.proofs(mode, 0..a.len(mode));
                    conclusions += proofs.len();
                    std::hint::black_box(proofs);
                }
            }
            proved.push(t.elapsed());
            both[proved.len() - 1].1 += t.elapsed();
        }
        let label = format!("{form:?}: 3 modes x 3 levels");
        print_times(&label, "conclusions and lengths", analysed);
        print_times(&label, "and every proof built", proved);
        println!("{form:?}: {conclusions} conclusions in all");
    }
    let label = "Chain + Net: 3 modes x 3 levels x 2 forms";
    print_times(
        label,
        "conclusions and lengths",
        both.iter().map(|b| b.0).collect(),
    );
    print_times(
        label,
        "and every proof built",
        both.iter().map(|b| b.1).collect(),
    );
}

/// VmHWM from /proc/self/status.
fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l[6..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}
