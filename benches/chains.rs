//! Chain searches: EasterMonster with r4c8=7 ([Berthier NRC]'s nrczt25 chain), the M4 resolution
//! of Ocean #6, and nrczt chains up to length 6 on states of top1465. Every iteration starts
//! from an empty result cache (a new `search::chains::ChainCache`).
//!
//! Needs `[[bench]] name = "chains" harness = false` in Cargo.toml.

use criterion::{criterion_group, criterion_main, Criterion};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::grid::{Candidate, Cell, Digit, State};
use sudolink_notation::nrc::chain::proof_from_text;
use sudolink_search::chains::{search_target, ChainCache, ChainFamily as F, Options};
use sudolink_search::{basic_rules, first_step, Rule};
use sudolink_study::resolution::{apply, solve};

mod common;
use common::data;

fn puzzle(name: &str) -> State {
    let text = data("named_puzzles.txt");
    let found = parse_collection(&text)
        .map(|(_, p)| p.unwrap())
        .find(|p| p.name.as_deref() == Some(name));
    found.unwrap().start_state().unwrap()
}

fn basic_fixpoint(state: &mut State) {
    let rules = basic_rules();
    while let Some(p) = first_step(&rules, &LinkIndex::new(state)) {
        apply(state, &p).unwrap();
    }
}

fn eastermonster() -> State {
    let mut s = puzzle("eastermonster-r4c8-7");
    basic_fixpoint(&mut s);
    let step = "nrczt4-chain n2{r7c8 r8c7} - n2{r4c7 r4c1} - n2{r6c2 r6c6} - n2{r2c6 r2c5} \
                ==> r7c5 <> 2";
    let p = proof_from_text(&s, step).unwrap();
    apply(&mut s, &p).unwrap();
    basic_fixpoint(&mut s);
    s
}

fn chains(c: &mut Criterion) {
    let em = eastermonster();
    let links = LinkIndex::new(&em);
    let r3c9 = Candidate::new(Cell::at(2, 8), Digit::new(8).unwrap());
    let mut g = c.benchmark_group("eastermonster r4c8=7");
    g.sample_size(10);
    g.bench_function("shortest nrczt for r3c9<>8 (25, narrow z)", |b| {
        b.iter(|| search_target(&links, F::Nrczt, r3c9, 30, Options::narrow_z()))
    });
    g.bench_function("every target, nrczt 1..=24 (narrow z)", |b| {
        b.iter(|| {
            let mut cache = ChainCache::new();
            (1..=24)
                .map(|n| {
                    cache
                        .find(&links, F::Nrczt, n, usize::MAX, Options::narrow_z())
                        .len()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("every target, nrczt 1..=24 (full definition)", |b| {
        b.iter(|| {
            let mut cache = ChainCache::new();
            (1..=24)
                .map(|n| {
                    cache
                        .find(&links, F::Nrczt, n, usize::MAX, Options::default())
                        .len()
                })
                .sum::<usize>()
        })
    });
    g.finish();

    let ocean6 = puzzle("ocean-6");
    let mut rules = basic_rules();
    for n in 1..=4 {
        for f in [F::Nrc, F::Nrcz, F::Nrct, F::Nrczt] {
            rules.push(Rule::chain(f, n));
        }
    }
    let mut g = c.benchmark_group("resolution");
    g.sample_size(10);
    g.bench_function("Ocean #6, basic + nrc/nrcz/nrct/nrczt up to 4", |b| {
        b.iter(|| solve(&ocean6, &rules, None).unwrap())
    });
    g.finish();

    let text = data("top1465.txt");
    let states: Vec<State> = parse_collection(&text)
        .take(20)
        .map(|(_, p)| {
            let mut s = p.unwrap().start_state().unwrap();
            basic_fixpoint(&mut s);
            s
        })
        .collect();
    let mut g = c.benchmark_group("top1465");
    g.sample_size(10);
    for (name, f) in [
        ("nrczt", F::Nrczt),
        ("nrczt-lasso", F::NrcztLasso),
        ("nrct", F::Nrct),
    ] {
        g.bench_function(
            format!("20 states after the basic rules, every {name} 1..=6"),
            |b| {
                b.iter(|| {
                    let mut cache = ChainCache::new();
                    states
                        .iter()
                        .map(|s| {
                            let l = LinkIndex::new(s);
                            (1..=6)
                                .map(|n| cache.find(&l, f, n, usize::MAX, Options::default()).len())
                                .sum::<usize>()
                        })
                        .sum::<usize>()
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, chains);
criterion_main!(benches);
