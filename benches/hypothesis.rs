//! Hanson's hypotheses ([Hanson SA]) per state: the two-way hypothesis over every bivalue
//! cell (the target: under 50 ms a state) and the disproof of every candidate,
//! each with every proof built, on the states where the basic rules stall along top1465
//! (median, 90th percentile, max).
//!
//! `cargo bench --bench hypothesis` (all 1465 puzzles; `SUDOLINK_BENCH_N=200` for fewer).

use std::time::Instant;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_collection;
use sudolink_search::hypothesis::{bivalue_cells, bivalue_hypotheses, hypotheses};
use sudolink_search::registry::basic_rules;
use sudolink_search::Meter;
use sudolink_study::resolution::{apply, solve};

mod common;
use common::percentile;

fn main() {
    let n = common::bench_count(1465);
    let text = common::top1465();
    let basic = basic_rules();
    let (mut two_way, mut disproof) = (Vec::new(), Vec::new());
    let (mut cells, mut found2, mut found1) = (0, 0, 0);
    for (_, p) in parse_collection(&text).take(n) {
        let Ok(p) = p else { continue };
        let mut state = p.start_state().expect("consistent");
        let r = solve(&state, &basic, None).expect("basic rules");
        for step in &r.steps {
            apply(&mut state, &step.proof).expect("a checked step");
        }
        let links = LinkIndex::new(&state);
        cells += bivalue_cells(&links).len();
        let t = Instant::now();
        let a = bivalue_hypotheses(&links, None, &mut Meter::unlimited());
        two_way.push(t.elapsed());
        found2 += a.proofs.len();
        let t = Instant::now();
        let a = hypotheses(&links, None, &mut Meter::unlimited());
        disproof.push(t.elapsed());
        found1 += a.proofs.len();
    }
    let states = two_way.len();
    for (what, mut times, found) in [
        (
            "bivalue-hypothesis over every bivalue cell",
            two_way,
            found2,
        ),
        ("hypothesis of every candidate", disproof, found1),
    ] {
        times.sort();
        println!(
            "{what}, every proof built, per state where the basic rules stall ({states} states): median {:?}, p90 {:?}, max {:?}; {found} conclusions",
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            times.last().unwrap()
        );
    }
    println!("{cells} bivalue cells in all");
}
