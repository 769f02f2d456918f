//! Backdoors, anti-backdoors, anti-backdoor pairs, one- and two-step solutions
//! (`study::backdoors`) against their published values: the "Anti-backdoors" thread
//! [Berthier anti-backdoors], the "Backdoor #1" thread [Berthier backdoor #1], and the
//! worked examples of [CSP-Rules]' Examples (Urhegyi's SER 8.5 puzzle, lightning #241,
//! cbg-000 #36, mith's Tatooine puzzles), each test naming its source; every step is
//! checked against the state and the solution.
//!
//! The `#[ignore]` test at the end times the forum's hardest list and the controlled-bias
//! collection (`SUDOLINK_DATA`, data/README.md) and prints the figures: `cargo test
//! --release --test tests backdoors -- --ignored --nocapture`.

use crate::common::{assert_sound_against_solution, data_path, fixture_path};
use serde_json::json;
use std::collections::BTreeSet;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, State};
use sudolink_search::limits::{Limits, Meter};
use sudolink_search::TechniqueId;
use sudolink_study::backdoors::steps::{one_steps, one_steps_among, two_steps, StepRules, TwoStep};
use sudolink_study::backdoors::{Closed, Size, Theory};

fn start(puzzle: &str) -> State {
    parse_line(puzzle, 1)
        .expect("a puzzle line")
        .start_state()
        .expect("consistent givens")
}

fn closed(puzzle: &str, theory: Theory) -> Closed {
    Closed::of_puzzle(&start(puzzle), theory).expect("a puzzle with one solution")
}

fn names(cs: &[Candidate]) -> Vec<String> {
    cs.iter().map(|c| c.to_string()).collect()
}

/// Candidates written `n8r9c2 n3r8c8 ...`, in index order.
fn sorted(text: &str) -> Vec<String> {
    let mut cs: Vec<Candidate> = text
        .split_whitespace()
        .map(|c| c.parse().expect("a candidate"))
        .collect();
    cs.sort();
    names(&cs)
}

/// SudoRules' internal labels (`892` is n8r9c2) as candidates in index order.
fn from_labels(text: &str) -> Vec<String> {
    let written: Vec<String> = text
        .split_whitespace()
        .map(|l| {
            let d: Vec<char> = l.chars().collect();
            format!("n{}r{}c{}", d[0], d[1], d[2])
        })
        .collect();
    sorted(&written.join(" "))
}

fn unlimited() -> Meter {
    Meter::new(Limits::unlimited())
}

fn whips_up_to(max_len: usize) -> StepRules {
    StepRules {
        techniques: vec![TechniqueId::from_name("whip").expect("whips")],
        max_len,
        limits: Limits::unlimited(),
    }
}

/// A fixture of pairs, one a line (`n5r9c8 n7r9c5`), each pair in index order.
fn pairs_fixture(name: &str) -> BTreeSet<(Candidate, Candidate)> {
    let text = std::fs::read_to_string(fixture_path(name)).expect("a fixture");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut cs: Vec<Candidate> = l.split_whitespace().map(|c| c.parse().unwrap()).collect();
            cs.sort();
            (cs[0], cs[1])
        })
        .collect()
}

/// The pairs of two-step solutions, each written in index order.
fn pairs_of(solutions: &[TwoStep]) -> BTreeSet<Vec<String>> {
    solutions
        .iter()
        .map(|s| names(&[s.pair.0, s.pair.1]))
        .collect()
}

const THREAD: &str =
    "..9......8....97...7..6..5..5..4..6.9....38....2.......6..5.17.2....84......1....";
const URHEGYI: &str =
    "1..5....2.2.7...3...3.6.1..........8.4..5..9.6.2........6...4...5...3.7.8....4..9";
const LIGHTNING_241: &str =
    "...1...8...3...9...62..3....1..2....2..87...3....4..1....9..84...6...1...4...5...";
const CBG_000_36: &str =
    "1....8...258.....13....75...7....6.8....76..4.......2.71..9......6..5..39...2..1.";

/// The thread's example: 13 W1-anti-backdoors, published as SudoRules' labels
/// [Berthier anti-backdoors] (first post, 5 February 2021), and one BRT-anti-backdoor,
/// n1r8c2 (Leren's reply: his solver's single-digit eliminations that lead to a singles
/// finish, "only 1 is listed: 1 r8c2").
#[test]
fn the_anti_backdoors_thread_example() {
    let w1 = closed(THREAD, Theory::W1).anti_backdoors(&mut unlimited());
    assert_eq!(
        names(&w1.items),
        from_labels("892 388 985 982 182 979 879 968 865 944 843 834 818")
    );
    let brt = closed(THREAD, Theory::Brt).anti_backdoors(&mut unlimited());
    assert_eq!(names(&brt.items), ["n1r8c2"]);
    assert!(w1.stop.is_none() && brt.stop.is_none());
}

/// m_b_metcalf's Backdoor #1 (2023): Berthier's answer [Berthier backdoor #1] lists 2 BRT,
/// 3 W1 and 37 S4 backdoors.
#[test]
fn backdoor_1_of_m_b_metcalf() {
    let p = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8";
    let of = |t| names(&closed(p, t).backdoors(&mut unlimited()).items);
    assert_eq!(of(Theory::Brt), sorted("n9r1c5 n8r1c2"));
    assert_eq!(of(Theory::W1), sorted("n8r8c3 n9r1c5 n8r1c2"));
    let s4 = "n5r9c8 n1r9c7 n4r9c6 n3r9c3 n3r8c9 n1r8c4 n8r8c3 n6r8c1 n6r7c9 n8r7c5 n1r7c2 \
              n4r7c1 n1r6c5 n5r6c2 n3r6c1 n5r5c9 n3r5c8 n9r5c6 n4r5c4 n1r5c3 n6r5c2 n8r5c1 \
              n9r4c9 n3r4c5 n1r3c9 n4r3c5 n7r3c1 n7r2c9 n9r2c7 n1r2c6 n8r2c4 n5r2c1 n5r1c7 \
              n9r1c5 n3r1c4 n4r1c3 n8r1c2";
    assert_eq!(of(Theory::S(4)), sorted(s4));
    assert_eq!("S".parse::<Theory>(), Ok(Theory::S(4)));
    let w1 = closed(p, Theory::W1).backdoor_size(3, &mut unlimited());
    assert_eq!(w1.size, Size::Exactly(1));
    assert!(closed(p, Theory::W1).solves(&[], &w1.witness));
}

/// Urhegyi's SER 8.5 puzzle ([CSP-Rules]' Examples, `Sudoku-a/Urhegyi-8.5/`): 6
/// W1-anti-backdoors; whips up to 8 eliminate two in one step (`whip[7]` ==> r2c7≠6,
/// `whip[8]` ==> r3c9≠7), up to 9 a third (`whip[9]` ==> r1c7≠9); its 971 W1-anti-backdoor
/// pairs (SudoRules prints 1942, the candidates of its list); the 34 candidates whips up
/// to 8 erase, and the 475 pairs with one of them.
#[test]
fn urhegyi_anti_backdoors_pairs_and_one_steps() {
    let w1 = closed(URHEGYI, Theory::W1);
    let anti = w1.anti_backdoors(&mut unlimited());
    assert_eq!(
        names(&anti.items),
        sorted("n1r9c3 n7r3c9 n6r2c7 n9r1c7 n8r1c6 n7r1c3")
    );
    for (max_len, expected) in [
        (8, vec!["n6r2c7 7", "n7r3c9 8"]),
        (9, vec!["n9r1c7 9", "n6r2c7 7", "n7r3c9 8"]),
    ] {
        let one = one_steps(&w1, &whips_up_to(max_len), &mut unlimited()).unwrap();
        let mut found: Vec<String> = one
            .solutions
            .iter()
            .map(|e| format!("{} {}", e.candidate, e.length))
            .collect();
        found.sort();
        let mut expected: Vec<String> = expected.into_iter().map(String::from).collect();
        expected.sort();
        assert_eq!(found, expected, "whips up to {max_len}");
        let state = w1.state();
        let solution = w1.solution().unwrap();
        for e in &one.solutions {
            assert_sound_against_solution(&state, solution, &e.proof);
        }
    }
    let all = w1.anti_backdoor_pairs(None, &mut unlimited());
    let found: BTreeSet<_> = all.items.iter().copied().collect();
    assert_eq!(
        found,
        pairs_fixture("backdoors/urhegyi_w1_anti_backdoor_pairs.txt")
    );
    let two = two_steps(&w1, &whips_up_to(8), &mut unlimited()).unwrap();
    assert_eq!(
        names(&two.erasable),
        from_labels(
            "413 817 818 921 923 527 627 827 429 529 439 739 248 448 753 159 659 362 464 \
             465 767 169 369 769 878 183 884 885 287 687 689 192 297 198"
        )
    );
    let restricted: BTreeSet<_> = two.pairs.items.iter().copied().collect();
    assert_eq!(
        restricted,
        pairs_fixture("backdoors/urhegyi_w1_anti_backdoor_pairs_w8.txt")
    );
}

/// The same puzzle's two-step solutions (`Urhegy-8.5.clp`, "Using the AUTOMATIC function"):
/// with chains up to 6, 20 erasable candidates, 146 pairs, 5 two-step solutions; up to 5,
/// 15, 107 and 1 (n8r7c8 then n7r1c3). Each step is checked, and T solves after the two.
#[test]
fn urhegyi_two_steps() {
    let w1 = closed(URHEGYI, Theory::W1);
    for (max_len, erasable, pairs, solutions) in [
        (
            6,
            20,
            146,
            "n8r2c7 n9r1c7, n7r5c3 n6r2c7, n8r7c8 n7r1c3, n8r7c8 n9r1c7, n8r7c8 n7r3c9",
        ),
        (5, 15, 107, "n8r7c8 n7r1c3"),
    ] {
        let two = two_steps(&w1, &whips_up_to(max_len), &mut unlimited()).unwrap();
        assert_eq!(two.erasable.len(), erasable, "whips up to {max_len}");
        assert_eq!(two.pairs.items.len(), pairs, "whips up to {max_len}");
        let expected: BTreeSet<Vec<String>> = solutions.split(", ").map(sorted).collect();
        assert_eq!(pairs_of(&two.solutions), expected, "whips up to {max_len}");
        for s in &two.solutions {
            let mut now = w1.clone();
            for step in &s.steps {
                assert_sound_against_solution(&now.state(), w1.solution().unwrap(), &step.proof);
                now = now
                    .after(&step.proof.eliminations, &step.proof.assertions)
                    .unwrap();
            }
            assert!(now.is_solved());
        }
    }
}

/// lightning #241 ([CSP-Rules]' Examples, `Sudoku-a/z-chains/lightning1#241-8.2-Z4.clp`): 4
/// W1-anti-backdoors, no one-step solution with whips up to 12; whips up to 8 erase 44
/// candidates, 179 pairs have one of them (the published list), none is a two-step
/// solution.
#[test]
fn lightning_241_has_no_one_or_two_step_solution() {
    let w1 = closed(LIGHTNING_241, Theory::W1);
    let one = one_steps(&w1, &whips_up_to(12), &mut unlimited()).unwrap();
    assert_eq!(
        names(&one.anti_backdoors.items),
        sorted("n8r2c6 n8r3c1 n9r3c5 n4r8c6")
    );
    assert!(one.solutions.is_empty() && one.searched.stopped.is_none());
    let two = two_steps(&w1, &whips_up_to(8), &mut unlimited()).unwrap();
    assert_eq!(two.erasable.len(), 44);
    let found: BTreeSet<_> = two.pairs.items.iter().copied().collect();
    assert_eq!(
        found,
        pairs_fixture("backdoors/lightning241_w1_anti_backdoor_pairs_w8.txt")
    );
    assert!(two.solutions.is_empty());
}

/// cbg-000 #36 ([CSP-Rules]' Examples, `Sudoku-a/z-chains/cbg-000#36-Z6-W6.clp`): 5
/// W1-anti-backdoors, no one-step solution in W8; 33 erasable candidates, 208 pairs and
/// the 22 published two-step solutions.
#[test]
fn cbg_000_36_two_steps() {
    let w1 = closed(CBG_000_36, Theory::W1);
    let one = one_steps(&w1, &whips_up_to(8), &mut unlimited()).unwrap();
    assert_eq!(
        names(&one.anti_backdoors.items),
        sorted("n5r4c1 n8r5c1 n7r6c9 n4r8c1 n8r9c2")
    );
    assert!(one.solutions.is_empty());
    let two = two_steps(&w1, &whips_up_to(8), &mut unlimited()).unwrap();
    assert_eq!((two.erasable.len(), two.pairs.items.len()), (33, 208));
    let published = "135 988 548 794 554 794 184 988 885 988 794 541 794 444 794 944 794 851 \
                     794 952 794 362 794 463 794 564 794 769 794 573 794 478 794 481 794 887 \
                     794 988 794 892 794 797 794 599";
    let labels: Vec<&str> = published.split_whitespace().collect();
    let expected: BTreeSet<Vec<String>> = labels
        .chunks(2)
        .map(|p| from_labels(&p.join(" ")))
        .collect();
    assert_eq!(pairs_of(&two.solutions), expected);
}

/// mith's Tatooine moisture farm ([CSP-Rules]' Examples,
/// `Sudoku-a/Mith-puzzles/Tatooine-moisture-farm.clp`): the puzzle's 18 W1-anti-backdoors;
/// in the state Subsets and finned fish leave, each is a one-step solution with the
/// published chain lengths (bivalue-chains, z-chains and whips are whips).
#[test]
fn tatooine_moisture_farm_one_steps_among_its_anti_backdoors() {
    let p = "...........98....7.6..5..4..5..3..6...79....8.....4..............82....9.42.6..5.";
    let anti = closed(p, Theory::W1).anti_backdoors(&mut unlimited());
    let published = "n6r8c7 5, n4r8c5 4, n5r8c1 5, n4r7c9 5, n5r7c4 5, n6r7c3 6, n5r6c9 6, \
                     n6r6c4 5, n4r5c7 5, n5r5c6 5, n6r5c1 5, n4r4c3 6, n5r2c7 5, n6r2c6 4, \
                     n4r2c1 5, n6r1c9 5, n4r1c4 5, n5r1c3 6";
    let mut expected: Vec<String> = published.split(", ").map(String::from).collect();
    expected.sort();
    let listed: Vec<String> = expected.iter().map(|e| e[..6].to_string()).collect();
    assert_eq!(names(&anti.items), sorted(&listed.join(" ")));
    // the resolution state after Subsets and finned fish (SFin), as published
    let rs = "1237 78 45 46 29 127 123 89 56\n45 123 9 8 124 36 56 123 7\n\
              278 6 13 137 5 279 89 4 123\n89 5 14 17 3 278 279 6 124\n\
              46 123 7 9 12 56 45 123 8\n12 89 36 56 278 4 127 279 35\n\
              13 79 56 45 89 17 1237 278 46\n56 13 8 2 147 35 46 137 9\n\
              79 4 2 13 6 89 78 5 13\n";
    let loaded = sudolink_study::input::load_text(rs, "published state", false).unwrap();
    let sfin = Closed::new(&loaded.state, Theory::W1, loaded.solution.as_ref()).unwrap();
    let (steps, _) = one_steps_among(&sfin, &anti.items, &whips_up_to(6)).unwrap();
    let mut found: Vec<String> = steps
        .iter()
        .map(|e| format!("{} {}", e.candidate, e.length))
        .collect();
    found.sort();
    assert_eq!(found, expected);
}

/// mith's Tatooine Tosche Station ([CSP-Rules]' Examples,
/// `Sudoku-a/Fewer-steps/Tatooine-Tosche-Station.clp`): 15 W1-anti-backdoors, of which 14
/// are one-step solutions with whips up to 16 (none up to 12).
#[test]
fn tatooine_tosche_station_one_steps_need_long_whips() {
    let p = "...........12....3.4..5..6..5..6..7...38....2.....7..............23...98.6..7..5.";
    let w1 = closed(p, Theory::W1);
    let none = one_steps(&w1, &whips_up_to(12), &mut unlimited()).unwrap();
    assert_eq!(
        names(&none.anti_backdoors.items),
        sorted(
            "n6r1c3 n5r1c9 n5r2c1 n6r2c6 n7r2c7 n6r5c1 n7r5c2 n5r5c7 n5r6c4 n6r6c9 n5r7c3 \
             n6r7c4 n7r7c9 n5r8c6 n6r8c7"
        )
    );
    assert!(none.solutions.is_empty());
    let one = one_steps(&w1, &whips_up_to(16), &mut unlimited()).unwrap();
    let found: Vec<Candidate> = {
        let mut f: Vec<Candidate> = one.solutions.iter().map(|e| e.candidate).collect();
        f.sort();
        f
    };
    assert_eq!(
        names(&found),
        from_labels("613 519 521 626 727 651 557 564 669 573 674 779 586 687")
    );
}

/// The command on the thread's puzzle: the anti-backdoors line as the forum writes
/// candidates, the BRT one, the backdoor size by default, 12 one-step solutions with whips
/// and g-whips ("12 of the 13 anti-backdoors give rise to a single-step solution").
#[test]
fn the_command_on_the_thread_example() {
    use crate::common::ok;
    let anti = ok(&["backdoors", THREAD, "--anti"]);
    insta::assert_snapshot!("thread_w1_anti_backdoors", anti);
    let brt = ok(&["backdoors", THREAD, "--anti", "--theory", "BRT"]);
    assert!(brt.ends_with("  1 BRT-anti-backdoor: n1r8c2\n"), "{brt}");
    let size = ok(&["backdoors", THREAD]);
    assert!(
        size.contains("  backdoor size 1 (n8r1c5); 21 W1-backdoors: "),
        "{size}"
    );
    let json = ok(&[
        "backdoors",
        THREAD,
        "--one-step",
        "--rules",
        "whip,g-whip",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let one = &v["one_step"];
    assert_eq!(one["anti_backdoors"].as_array().unwrap().len(), 13);
    assert_eq!(one["solutions"].as_array().unwrap().len(), 12);
    let step = &one["solutions"][0]["steps"][0];
    assert_eq!(step["proof"]["version"], sudolink_notation::view::VERSION);
    assert!(step["candidate"].as_str().unwrap().starts_with('n'));
}

/// A file: one line per puzzle in input order, its own text kept; a state (pencil marks)
/// studied from its candidates; `--db` stores each puzzle's study and what it found.
#[test]
fn a_file_a_state_and_the_store() {
    use crate::common::ok;
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, format!("{URHEGYI} urhegyi\n{THREAD} thread\n")).unwrap();
    let list = list.to_str().unwrap();
    let out = ok(&["backdoors", list, "--anti", "--index"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with(&format!("#1 {URHEGYI}  6 W1-anti-backdoors: ")));
    assert!(lines[0].ends_with("  urhegyi") && lines[1].ends_with("  thread"));
    let state = dir.path().join("moisture.txt");
    std::fs::write(
        &state,
        "1237 78 45 46 29 127 123 89 56\n45 123 9 8 124 36 56 123 7\n\
         278 6 13 137 5 279 89 4 123\n89 5 14 17 3 278 279 6 124\n\
         46 123 7 9 12 56 45 123 8\n12 89 36 56 278 4 127 279 35\n\
         13 79 56 45 89 17 1237 278 46\n56 13 8 2 147 35 46 137 9\n\
         79 4 2 13 6 89 78 5 13\n",
    )
    .unwrap();
    let json = ok(&["backdoors", state.to_str().unwrap(), "--anti", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["open"], 146);
    assert_eq!(v["anti_backdoors"]["items"].as_array().unwrap().len(), 48);
    let db = dir.path().join("store.db");
    ok(&[
        "backdoors",
        list,
        "--two-step",
        "--max-len",
        "5",
        "--db",
        db.to_str().unwrap(),
    ]);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    assert_eq!(
        count("SELECT count(*) FROM backdoor_study WHERE theory = 'W1'"),
        2
    );
    // Urhegyi's one two-step solution (whips up to 5), its two steps with their views
    assert_eq!(
        count(
            "SELECT count(*) FROM backdoor WHERE kind = 'two_step' AND position = 0 \
             AND label = 'n7r1c3 n8r7c8' AND json_extract(proof, '$.version') = 2"
        ),
        2
    );
    assert_eq!(
        count("SELECT count(*) FROM run WHERE kind = 'backdoors' AND finished IS NOT NULL"),
        1
    );
}

/// Bad input: several solutions refused with one line and exit 1 (studied with
/// --allow-nonunique), an unknown theory named, a bad --max-size refused by clap.
#[test]
fn bad_input_is_refused_with_one_line() {
    use crate::common::sudolink;
    let several =
        "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9........";
    let (code, out, err) = sudolink(&["backdoors", several, "--anti"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("line 1: several solutions"), "{err}");
    let (code, out, _) = sudolink(&["backdoors", several, "--anti", "--allow-nonunique"]);
    assert_eq!(code, 0);
    assert!(out.contains("W1-anti-backdoor"), "{out}");
    let (code, _, err) = sudolink(&["backdoors", THREAD, "--theory", "W2"]);
    assert_eq!(code, 1);
    assert!(err.contains("--theory: unknown theory \"W2\""), "{err}");
    let (code, _, err) = sudolink(&["backdoors", THREAD, "--max-size", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--max-size"), "{err}");
}

/// `explain` says when its target is a W1-anti-backdoor (the thread's n9r4c4) or a BRT one
/// (n1r8c2), and `rate --scheme BD` gives the W1-backdoor size.
#[test]
fn explain_and_rate_know_backdoors() {
    use crate::common::ok;
    let why = ok(&["explain", THREAD, "--target", "r8c2<>1", "--rules", "whip"]);
    assert!(
        why.lines()
            .nth(2)
            .is_some_and(|l| l.starts_with("n1r8c2 is a BRT-anti-backdoor: once it is gone")),
        "{why}"
    );
    let w1 = ok(&["explain", THREAD, "--target", "r4c4<>9", "--rules", "whip"]);
    assert!(w1.contains("\nn9r4c4 is a W1-anti-backdoor: "), "{w1}");
    let not = ok(&["explain", THREAD, "--target", "r1c1<>1", "--rules", "whip"]);
    assert!(!not.contains("anti-backdoor"), "{not}");
    // and --json says it in its `anti_backdoor` key: the simplest theory, or null
    for (target, theory) in [
        ("r8c2<>1", json!("BRT")),
        ("r4c4<>9", json!("W1")),
        ("r1c1<>1", json!(null)),
        ("r4c4=8", json!(null)),
    ] {
        let args = [
            "explain", THREAD, "--target", target, "--rules", "whip", "--json",
        ];
        let v: serde_json::Value = serde_json::from_str(&ok(&args)).unwrap();
        assert_eq!(v["anti_backdoor"], theory, "{target}");
    }
    let rated = ok(&["rate", THREAD, "--scheme", "BD"]);
    assert_eq!(rated, format!("{THREAD} BD1\n"));
}

/// Whole-collection figures (opt-in): W1 anti-backdoors on the forum's hardest list, and the
/// W1 backdoor size over the controlled-bias collection (`SUDOLINK_DATA`).
#[test]
#[ignore = "a timing: cargo test --release --test tests backdoors -- --ignored --nocapture"]
fn figures_over_collections() {
    use rayon::prelude::*;
    use std::time::Instant;
    let hardest = crate::common::collection("forum_hardest_1106.txt", usize::MAX);
    let mut times: Vec<f64> = hardest
        .iter()
        .map(|p| {
            let t = Instant::now();
            let c = Closed::of_puzzle(&p.start_state().unwrap(), Theory::W1).unwrap();
            std::hint::black_box(c.anti_backdoors(&mut unlimited()));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "W1 anti-backdoors, {} puzzles of forum_hardest_1106: median {:.3} ms, max {:.3} ms",
        times.len(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
    let path = data_path("cb_controlled_bias.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {}", path.display());
        return;
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let t = Instant::now();
    let sizes: Vec<String> = lines
        .par_iter()
        .map(|l| {
            let c = closed(&l[..81], Theory::W1);
            c.backdoor_size(3, &mut unlimited()).size.to_string()
        })
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    for s in sizes {
        *counts.entry(s).or_insert(0usize) += 1;
    }
    println!(
        "W1 backdoor size of {} controlled-bias puzzles in {:.1} s: {counts:?}",
        lines.len(),
        t.elapsed().as_secs_f64()
    );
}
