//! Whip benchmarks (issue 3): W, B and gB ratings of named puzzles, the shortest-whip search on
//! one state, and the W rating of the first 20 puzzles of top1465 (data/top1465.txt) with
//! whips up to length 20. The 200-puzzle figure (total, median, slowest) is printed by the
//! ignored test `w_rating_speed_on_top1465` in tests/whips.rs.

use criterion::{criterion_group, criterion_main, Criterion};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::grid::State;
use sudolink_search::whips::{shortest_batch, WhipKind};
use sudolink_study::rating::{rate_with, RateOptions, Scheme};

mod common;

fn collection(name: &str, n: usize) -> Vec<State> {
    let text = common::data(name);
    parse_collection(&text)
        .take(n)
        .map(|(_, p)| p.expect("puzzle").start_state().expect("consistent"))
        .collect()
}

fn whips(c: &mut Criterion) {
    let cbg = collection("cbg000.txt", 16845);
    let top = collection("top1465.txt", 20);
    let fast = RateOptions {
        verify: false,
        keep_steps: false,
        ..RateOptions::default()
    };
    let mut g = c.benchmark_group("rating");
    g.sample_size(10);
    for (name, state, scheme) in [
        ("W of cbg-000 #2 (W5)", &cbg[1], Scheme::W),
        ("W of cbg-000 #16845 (W12)", &cbg[16844], Scheme::W),
        ("B of cbg-000 #2 (B5)", &cbg[1], Scheme::B),
        ("gB of cbg-000 #2 (gB5)", &cbg[1], Scheme::GB),
        ("W of top1465 #1 (W10)", &top[0], Scheme::W),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| rate_with(state, scheme, 20, None, &fast).expect("rating"))
        });
    }
    g.bench_function("W of top1465 #1-#20, whips up to 20", |b| {
        b.iter(|| {
            for s in &top {
                rate_with(s, Scheme::W, 20, None, &fast).expect("rating");
            }
        })
    });
    g.finish();
    let links = LinkIndex::new(&top[0]);
    c.bench_function("shortest whips of a top1465 start state", |b| {
        b.iter(|| shortest_batch(&links, WhipKind::Whip, 20))
    });
}

criterion_group!(benches, whips);
criterion_main!(benches);
