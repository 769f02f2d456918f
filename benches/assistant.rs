//! Hanson's Assistant, part 1 ([Hanson SA]): per-state time of each technique on top1465's
//! start states after the basic rules (median, 90th percentile, max; target: median under
//! 5 ms each; tag1: under 1 ms; tag2: under 20 ms), and `solve --rules` with the basic
//! rules + the Assistant's techniques, + tagging (levels 1 and 2), + both, over top1465
//! (share solved without chains, time per puzzle).
//!
//! `cargo bench --bench assistant` (all 1465 puzzles; `SUDOLINK_BENCH_N=200` for fewer;
//! `SUDOLINK_BENCH_ONLY=bent-naked-subsets,aic` for those techniques' times alone;
//! `SUDOLINK_BENCH_ONLY=tag1,tag2` for the tagging levels' per-state times).

use std::time::Instant;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_collection;
use sudolink_search::registry::{parse_list, rules_with_basic};
use sudolink_search::{basic_rules, Searcher};
use sudolink_study::resolution::solve;

mod common;
use common::percentile;

fn main() {
    let n = common::bench_count(1465);
    let text = common::top1465();
    let puzzles: Vec<_> = parse_collection(&text)
        .take(n)
        .filter_map(|(_, p)| p.ok())
        .collect();
    // the states where the basic rules are stuck
    let states: Vec<_> = puzzles
        .iter()
        .map(|p| {
            let start = p.start_state().expect("consistent");
            solve(&start, &basic_rules(), None)
                .expect("no contradiction")
                .final_state
        })
        .filter(|s| !s.is_solved())
        .collect();
    let only = std::env::var("SUDOLINK_BENCH_ONLY").ok();
    let techniques = parse_list(only.as_deref().unwrap_or("assistant,tagging")).unwrap();
    for t in &techniques {
        let mut times = Vec::new();
        let mut found = 0;
        for state in &states {
            let links = LinkIndex::new(state);
            let start = Instant::now();
            found += Searcher::new().find(t.rule(0), &links, usize::MAX).len();
            times.push(start.elapsed());
        }
        times.sort();
        println!(
            "{:<20} {} stuck states: median {:?}, p90 {:?}, max {:?}; {found} instances",
            t.name(),
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            times.last().unwrap()
        );
    }
    if only.is_some() {
        return;
    }
    for list in ["basic", "assistant", "tagging", "assistant,tagging"] {
        let rules = if list == "basic" {
            basic_rules()
        } else {
            rules_with_basic(&parse_list(list).unwrap(), 0)
        };
        let start = Instant::now();
        let solved = puzzles
            .iter()
            .filter(|p| {
                let s = p.start_state().expect("consistent");
                solve(&s, &rules, None).map(|r| r.solved).unwrap_or(false)
            })
            .count();
        let per = start.elapsed() / puzzles.len() as u32;
        println!(
            "solve --rules {list}: {solved}/{} solved without chains, {per:?} per puzzle",
            puzzles.len()
        );
    }
}
