//! Study benchmarks (issue 5): making random minimal puzzles (per puzzle and per 100 on both
//! cores), and classifying generated puzzles in M and N up to length 7 (per 20 puzzles).
//! Whole-collection figures (10,000 puzzles) come from the commands themselves:
//! `sudolink generate --count 10000` and `sudolink classify FILE --scheme M,N --max-len 7`.

use criterion::{criterion_group, criterion_main, Criterion};
use rayon::prelude::*;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::format::values_line;
use sudolink_search::limits::Bounds;
use sudolink_study::classify::rate_puzzle;
use sudolink_study::generate;
use sudolink_study::rating::{RatingScheme, Scheme};

fn studies(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.sample_size(20);
    let mut i = 0u64;
    g.bench_function("one random minimal puzzle", |b| {
        b.iter(|| {
            i += 1;
            generate::puzzle(2026, i)
        })
    });
    g.bench_function("100 random minimal puzzles, both cores", |b| {
        b.iter(|| {
            (0..100u64)
                .into_par_iter()
                .map(|k| generate::puzzle(7, k))
                .collect::<Vec<_>>()
        })
    });
    g.finish();

    let puzzles: Vec<_> = (0..20u64)
        .map(|k| parse_line(&values_line(&generate::puzzle(2026, k)), 1).expect("puzzle"))
        .collect();
    let mut g = c.benchmark_group("classify");
    g.sample_size(10);
    g.bench_function("20 generated puzzles in M and N up to 7, both cores", |b| {
        b.iter(|| {
            puzzles
                .par_iter()
                .map(|p| {
                    rate_puzzle(
                        p,
                        &[Scheme::M, Scheme::N].map(RatingScheme::Level),
                        (7, None),
                        &Bounds::none(),
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

criterion_group!(benches, studies);
criterion_main!(benches);
