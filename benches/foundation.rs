//! Foundation benchmarks over top1465 (data/top1465.txt): materialising the full typed graph
//! of a start state, counting solutions up to 2, and solving with the basic rules.

use criterion::{criterion_group, criterion_main, Criterion};
use sudolink_engine::graph::CandidateGraph;
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::grid::State;
use sudolink_engine::solver::count_solutions;
use sudolink_search::basic_rules;
use sudolink_study::resolution::solve;

mod common;

fn top1465() -> Vec<State> {
    let text = common::top1465();
    parse_collection(&text)
        .map(|(_, p)| p.unwrap().start_state().unwrap())
        .collect()
}

fn foundation(c: &mut Criterion) {
    let states = top1465();
    let mut i = 0;
    c.bench_function("graph/one top1465 start state", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            CandidateGraph::build(&states[i])
        })
    });
    let mut g = c.benchmark_group("whole top1465");
    g.sample_size(10);
    g.bench_function("count solutions up to 2", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| count_solutions(s, 2).count)
                .sum::<usize>()
        })
    });
    let rules = basic_rules();
    g.bench_function("basic-rule solve", |b| {
        b.iter(|| {
            states
                .iter()
                .filter(|s| solve(s, &rules, None).unwrap().solved)
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, foundation);
criterion_main!(benches);
