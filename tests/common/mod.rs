//! Shared test helpers: reading puzzles from the repository's `data/` (or, for the opt-in
//! whole-collection runs, from `$SUDOLINK_DATA`) and the solution of a state.
#![allow(dead_code)]

#[cfg(feature = "server")]
pub mod serve;

use std::io::Write;
use std::path::PathBuf;
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::grid::{Puzzle, State};
use sudolink_engine::solver::count_solutions;

/// A collection file: `data/NAME` in the repository when it is there (everything the default
/// tests read is), else `$SUDOLINK_DATA/NAME` (the whole public collections the `#[ignore]`d
/// runs read, e.g. `cb_controlled_bias.txt`; data/README.md says where to get them).
pub fn data_path(name: &str) -> PathBuf {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name);
    match std::env::var_os("SUDOLINK_DATA") {
        Some(dir) if !repo.exists() => PathBuf::from(dir).join(name),
        _ => repo,
    }
}

/// The text of a collection file ([`data_path`]), or a panic that says where to find it.
pub fn data_text(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (not in the repository's data/: set SUDOLINK_DATA to a folder \
             holding {name}, see data/README.md)",
            path.display()
        )
    })
}

/// A fixture file under tests/fixtures.
pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A pencil-mark grid written with `#` comment lines (the state fixtures' form), read.
pub fn pencil_mark_state(text: &str) -> State {
    let grid: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    sudolink_engine::grid::format::parse_pencil_mark_grid(&grid, 1).expect("a pencil-mark grid")
}

/// The first `n` puzzles of a collection file ([`data_path`]).
pub fn collection(name: &str, n: usize) -> Vec<Puzzle> {
    let text = data_text(name);
    parse_collection(&text)
        .take(n)
        .map(|(line, p)| p.unwrap_or_else(|e| panic!("{name} line {line}: {e}")))
        .collect()
}

/// A puzzle of data/named_puzzles.txt by name.
pub fn seed_puzzle(name: &str) -> Puzzle {
    let text = data_text("named_puzzles.txt");
    let found = parse_collection(&text)
        .map(|(_, p)| p.expect("named puzzle parses"))
        .find(|p| p.name.as_deref() == Some(name));
    found.unwrap_or_else(|| panic!("no named puzzle {name}"))
}

/// Start state and unique solution.
pub fn start_and_solution(p: &Puzzle) -> (State, [u8; 81]) {
    let s = p.start_state().expect("consistent givens");
    let r = count_solutions(&s, 2);
    assert_eq!(r.count, 1, "puzzle {} is not unique", p.line());
    (s, r.solution.unwrap())
}

/// The steps of a path `solve` printed, without their numbers: its lines `N. text`, the
/// numbers checked to run 1, 2, … (every other line, the header, grids, escalations and
/// the end line, is left out).
pub fn step_texts(out: &str) -> Vec<&str> {
    let steps: Vec<(usize, &str)> = out
        .lines()
        .filter_map(|l| {
            let (n, text) = l.split_once(". ")?;
            Some((n.parse().ok()?, text))
        })
        .collect();
    for (k, (n, _)) in steps.iter().enumerate() {
        assert_eq!(*n, k + 1, "step lines are numbered 1, 2, …:\n{out}");
    }
    steps.into_iter().map(|(_, text)| text).collect()
}

/// The exit status of `solve` whose path does not solve its puzzle (`solve --help`).
pub const NOT_SOLVED: i32 = 2;

/// The output of a `solve` run that printed its whole path, whether it solves the puzzle
/// (status 0) or not ([`NOT_SOLVED`]); an error fails the test.
pub fn path_output(args: &[&str]) -> String {
    let (code, stdout, stderr) = sudolink(args);
    assert!(
        code == 0 || code == NOT_SOLVED,
        "{args:?} failed ({code}): {stderr}"
    );
    stdout
}

/// Run the sudolink binary: (exit code, stdout, stderr).
pub fn sudolink(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(args)
        .output()
        .expect("run sudolink");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Run the binary, expecting success; its stdout.
pub fn ok(args: &[&str]) -> String {
    let (code, stdout, stderr) = sudolink(args);
    assert_eq!(code, 0, "{args:?} failed: {stderr}");
    stdout
}

/// `proof` passes `proof::check` on `state`, eliminates no candidate of the solution and
/// asserts only solution candidates, and the checker refuses it with one more elimination
/// (a solution candidate still open that it does not assert).
pub fn assert_sound_against_solution(
    state: &State,
    solution: &[u8; 81],
    proof: &sudolink_engine::proof::Proof,
) {
    use sudolink_engine::grid::{Candidate, Cell, Digit};
    use sudolink_engine::proof::check;
    use sudolink_study::resolution::is_solution;
    let text = sudolink_notation::nrc::nrc_text(state, proof);
    check(state, proof).unwrap_or_else(|e| panic!("{text}: {e}"));
    for &c in &proof.eliminations {
        assert!(
            !is_solution(solution, c),
            "{text} eliminates the solution {c}"
        );
    }
    for &c in &proof.assertions {
        assert!(
            is_solution(solution, c),
            "{text} asserts a non-solution {c}"
        );
    }
    if let Some(victim) = Cell::all()
        .filter(|c| state.value(*c).is_none())
        .map(|c| Candidate::new(c, Digit::new(solution[c.index()]).unwrap()))
        .find(|c| state.has(*c) && !proof.assertions.contains(c))
    {
        let mut bad = proof.clone();
        bad.eliminations.push(victim);
        assert!(
            check(state, &bad).is_err(),
            "accepted {victim} added to {text}"
        );
    }
}

/// The states of the simplest-first path (the basic rules and the techniques `set` names,
/// up to `max_len`) of the first `n` top1465 puzzles where a step of `family` applied, and
/// each path's last state, with the solution.
pub fn path_states_where(
    set: &str,
    max_len: usize,
    family: &str,
    n: usize,
) -> Vec<(State, [u8; 81])> {
    use sudolink_search::registry::{parse_list, rules_with_basic};
    use sudolink_study::resolution::{apply, solve};
    let rules = rules_with_basic(&parse_list(set).expect("a known set"), max_len);
    let mut out = Vec::new();
    for p in collection("top1465.txt", n) {
        let (start, solution) = start_and_solution(&p);
        let r = solve(&start, &rules, Some(&solution)).expect("the path is sound");
        let mut state = start.clone();
        for step in &r.steps {
            if step.proof.family == family {
                out.push((state.clone(), solution));
            }
            apply(&mut state, &step.proof).expect("a step applies");
        }
        out.push((state, solution));
    }
    out
}

/// The first `n` top1465 puzzles the basic rules do not solve: the state where they stop,
/// with the solution.
pub fn basic_stuck_states(n: usize) -> Vec<(State, [u8; 81])> {
    use sudolink_search::basic_rules;
    use sudolink_study::resolution::solve;
    collection("top1465.txt", 3 * n)
        .iter()
        .filter_map(|p| {
            let (start, solution) = start_and_solution(p);
            let r = solve(&start, &basic_rules(), Some(&solution)).expect("the path is sound");
            (!r.solved).then_some((r.final_state, solution))
        })
        .take(n)
        .collect()
}

/// Every proof of the fixed-size technique `name` in the state, as the registry's searcher
/// returns them (each recording its technique).
#[allow(dead_code)]
pub fn technique_proofs(
    name: &str,
    links: &sudolink_engine::graph::LinkIndex,
) -> Vec<sudolink_engine::proof::Proof> {
    sudolink_search::registry::TechniqueId::from_name(name)
        .unwrap_or_else(|| panic!("no technique {name}"))
        .rule(0)
        .find(links)
}

/// That each OR relation of `graph` has an `or_member` edge (with its k) to each of its
/// guardians and to nothing else.
pub fn assert_or_members_are_guardians(graph: &sudolink_engine::graph::CandidateGraph) {
    use petgraph::visit::EdgeRef;
    use sudolink_engine::graph::{Edge, Node};
    for idx in graph.graph.node_indices() {
        let Node::OrRelation(r) = &graph.graph[idx] else {
            continue;
        };
        let mut members: Vec<sudolink_engine::grid::Candidate> = graph
            .graph
            .edges(idx)
            .map(|e| {
                assert_eq!(*e.weight(), Edge::OrMember { k: r.k() as u8 });
                let other = if e.source() == idx {
                    e.target()
                } else {
                    e.source()
                };
                match graph.graph[other] {
                    Node::Candidate(c) => c,
                    ref n => panic!("an OR member that is not a candidate: {n:?}"),
                }
            })
            .collect();
        members.sort();
        assert_eq!(members, r.guardians(), "{r}");
    }
}

/// Run the binary with `input` on its standard input: (exit code, stdout, stderr).
pub fn with_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run sudolink");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
