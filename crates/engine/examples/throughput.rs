//! Whole-process timing of the uniqueness check and of minlex: `cargo run --release -p
//! sudolink-engine --example throughput -- FILE [ROUNDS] [values|state|minlex]` runs
//! one of them on every puzzle of FILE ROUNDS times and prints puzzles per second: `values`
//! the uniqueness check on bare givens, `state` the same from a built state, `minlex`
//! the canonical form.
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::solver::{count_solutions, unique_solution_of_values};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a puzzle file");
    let rounds: usize = args.get(2).map_or(10, |r| r.parse().expect("a number"));
    let mode = args.get(3).map_or("values", String::as_str);
    let puzzles: Vec<[u8; 81]> = parse_collection(&text)
        .filter_map(|(_, p)| p.ok().map(|p| p.givens))
        .collect();
    let start = std::time::Instant::now();
    let mut unique = 0;
    for _ in 0..rounds {
        for p in &puzzles {
            let n = match mode {
                "minlex" => usize::from(sudolink_engine::grid::canon::minlex(p)[0] == 0),
                "state" => {
                    count_solutions(&sudolink_engine::grid::State::from_givens(p).unwrap(), 2).count
                }
                _ => unique_solution_of_values(p).0,
            };
            unique += usize::from(n == 1);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = puzzles.len() * rounds;
    println!(
        "{mode}: {n} checks, {unique} unique, {:.0} puzzles/s",
        n as f64 / secs
    );
}
