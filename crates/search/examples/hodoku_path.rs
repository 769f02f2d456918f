//! Prints HoDoKu's emulated path of each puzzle of a file (one 81-character grid a line),
//! as HoDoKu's batch solver prints it with `/vp`: `GRID #n Level (score)`, then one line a
//! step. Used to compare the emulation with HoDoKu's own output.
use std::io::BufRead;
use sudolink_engine::grid::State;
use sudolink_search::hodoku;
use sudolink_search::limits::Limits;

fn main() {
    let path = std::env::args().nth(1).expect("a file of puzzles");
    let file = std::fs::File::open(path).expect("readable");
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.expect("text");
        let grid: String = line.chars().take(81).collect();
        let mut values = [0u8; 81];
        for (i, ch) in grid.chars().enumerate() {
            values[i] = ch.to_digit(10).unwrap_or(0) as u8;
        }
        let state = State::from_givens(&values).expect("valid");
        let sol = sudolink_engine::solver::count_solutions(&state, 2);
        let solution = sol.solution.expect("solvable");
        let p = hodoku::solve(&state, &solution, &Limits::unlimited());
        let halt = match p.halt {
            Some(h) => format!(" HALT {h:?}"),
            None => String::new(),
        };
        println!("{grid} #{} {} ({}){halt}", n + 1, p.level.name(), p.score);
        for (_, s) in &p.steps {
            println!("   {}", s.text());
        }
    }
}
