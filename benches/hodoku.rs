//! HoDoKu's catalogue (issue 36): per-state time of each of its techniques on top1465's
//! states where the basic rules are stuck (median, 90th percentile, max; target: median
//! under 2 ms, none over 100 ms). Times are the search thread's CPU time, so that other
//! processes on the machine do not count.
//!
//! `cargo bench --bench hodoku` (the first 200 stuck states; `SUDOLINK_BENCH_N=1142` for
//! all of them; `SUDOLINK_BENCH_ONLY=franken-fish,mutant-fish` for those techniques;
//! `SUDOLINK_BENCH_DUMP=FILE` writes every proof found, one JSON line per state and
//! technique with the proofs sorted, so two builds' outputs can be compared with `diff`;
//! `SUDOLINK_BENCH_SLOW=MS` lists the states a technique took MS milliseconds or more on).

use std::io::Write;
use std::time::Duration;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::proof::fish::FishShape;
use sudolink_search::registry::parse_list;
use sudolink_search::{basic_rules, fish, Searcher};
use sudolink_study::resolution::solve;

mod common;
use common::percentile;

const TECHNIQUES: &str = "locked-pair,locked-triple,skyscraper,two-string-kite,turbot-fish,w-wing,\
    empty-rectangle,dual-empty-rectangle,template-set,template-delete,\
    uniqueness,als-xz-overlap,als-xy-wing-overlap,death-blossom-overlap,hodoku-finned-fish,\
    franken-fish,mutant-fish,siamese-fish,large-franken-fish,large-mutant-fish,kraken-fish,kraken-fish-type-2,\
    small-franken-fish,grouped-aic,grouped-nice-loop,aic-als-nodes,nice-loop-als-nodes";

/// This thread's CPU time so far.
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn main() {
    let n = common::bench_count(200);
    let text = common::top1465();
    let states: Vec<_> = parse_collection(&text)
        .filter_map(|(_, p)| p.ok())
        .map(|p| {
            let start = p.start_state().expect("consistent");
            solve(&start, &basic_rules(), None)
                .expect("no contradiction")
                .final_state
        })
        .filter(|s| !s.is_solved())
        .take(n)
        .collect();
    let only = std::env::var("SUDOLINK_BENCH_ONLY").ok();
    let techniques = parse_list(only.as_deref().unwrap_or(TECHNIQUES)).unwrap();
    let mut dump = std::env::var("SUDOLINK_BENCH_DUMP")
        .ok()
        .map(|f| std::io::BufWriter::new(std::fs::File::create(f).expect("dump file")));
    for t in &techniques {
        let mut times = Vec::new();
        let mut found = 0;
        for (i, state) in states.iter().enumerate() {
            let links = LinkIndex::new(state);
            let start = thread_cpu();
            let proofs = Searcher::new().find(t.rule(0), &links, usize::MAX);
            times.push(thread_cpu() - start);
            found += proofs.len();
            if let Some(out) = dump.as_mut() {
                let mut lines: Vec<String> = proofs
                    .iter()
                    .map(|p| serde_json::to_string(p).unwrap())
                    .collect();
                lines.sort();
                writeln!(out, "{i} {t} {}", lines.join(" ")).unwrap();
            }
        }
        if let Some(slow) = std::env::var("SUDOLINK_BENCH_SLOW")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
        {
            for (i, t) in times.iter().enumerate() {
                if t.as_millis() as u64 >= slow {
                    println!("  state {i}: {t:?}");
                }
            }
        }
        times.sort();
        println!(
            "{:<22} {} stuck states: median {:?}, p90 {:?}, max {:?}; {found} proofs",
            t.name(),
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            times.last().unwrap()
        );
    }
    // the large fish's bound: digits whose base sets ran past it
    for (name, shape) in [
        ("large-franken-fish", FishShape::Franken),
        ("large-mutant-fish", FishShape::Mutant),
    ] {
        if !techniques.iter().any(|t| t.name() == name) {
            continue;
        }
        let (mut cut, mut work) = (0, Vec::new());
        for s in &states {
            let search = fish::search(&LinkIndex::new(s), shape, false, 5..=7);
            cut += search.cut.len();
            work.push(search.work);
        }
        work.sort();
        println!(
            "{name}: {cut} digits cut at {} work units in {} states; work a state: median {}, max {}",
            fish::MAX_WORK,
            states.len(),
            work[work.len() / 2],
            work.last().unwrap()
        );
    }
}
