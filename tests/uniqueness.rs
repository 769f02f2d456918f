//! The uniqueness rules (unique and hidden rectangles, avoidable rectangles, BUG+1, BUG
//! lite): each
//! proof states its assumption in every notation, the checker re-derives the deadly pattern,
//! the rules are sound on puzzles with one solution, are wrong on a puzzle with two, and are
//! therefore asked only by name and refused when several solutions are allowed.

use crate::common;

use common::{assert_sound_against_solution, basic_stuck_states, ok, sudolink};
use std::time::{Duration, Instant};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::{parse_hodoku, parse_line};
use sudolink_engine::grid::{Candidate, Cell, Digit, State};
use sudolink_engine::proof::uniqueness::UniquenessKind;
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_engine::solver::count_solutions;
use sudolink_notation::hodoku::hodoku_text;
use sudolink_notation::nrc::nrc_text;
use sudolink_notation::sudorules::sudorules_text;
use sudolink_search::registry::{parse_list, sets_help};
use sudolink_search::uniqueness::find;
use sudolink_study::rating::{rules_for, Scheme};

/// HoDoKu's regression library, Uniqueness Test 1 (0600-1): the rectangle r29c79 on 2/3,
/// every corner bivalue but r2c7 (the roof), whose 2 and 3 go.
const UR1_CASE: &str = ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::";

/// A puzzle with exactly two solutions: the first top1465 puzzle's solution with the
/// rectangle r12c58 (3 and 2, swappable) emptied, and the 1s of r1c6 and r5c5 too, so that
/// r1c5 holds 1, 2 and 3 while the three other corners hold only 2 and 3. Found by a
/// deterministic search over that solution's rectangles.
const TWO_SOLUTIONS: &str =
    "4689..5.77516.48.93925784611347562982894.3675675289314846192753513867942927345186";

fn c(text: &str) -> Candidate {
    let b = text.as_bytes();
    Candidate::new(
        Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize),
        Digit::new(b[5] - b'0').unwrap(),
    )
}

fn ur1_case() -> (State, Proof) {
    let state = parse_hodoku(UR1_CASE, 1).unwrap();
    let proofs = find(&LinkIndex::new(&state), UniquenessKind::Ur1);
    assert_eq!(proofs.len(), 1, "{proofs:?}");
    (state, proofs.into_iter().next().unwrap())
}

#[test]
fn a_unique_rectangle_states_its_assumption_in_every_notation() {
    let (state, proof) = ur1_case();
    assert_eq!(proof.eliminations, vec![c("r2c7#2"), c("r2c7#3")]);
    check(&state, &proof).unwrap();
    let nrc = nrc_text(&state, &proof);
    assert_eq!(
        nrc,
        "unique-rectangle-1: 2/3 in r29c79, roof r2c7 (assumes a unique solution) ==> r2c7 <> 2, r2c7 <> 3"
    );
    let hodoku = hodoku_text(&state, &proof).unwrap();
    assert_eq!(
        hodoku,
        "Uniqueness Test 1: 2/3 in r2c79,r9c79 => r2c7<>2, r2c7<>3 (assumes a unique solution)"
    );
    assert!(sudorules_text(&state, &proof).contains("(assumes a unique solution)"));
    // and on the command line
    let out = ok(&["solve", UR1_CASE, "--rules", "unique-rectangle-1"]);
    assert!(
        out.contains("unique-rectangle-1: 2/3 in r29c79, roof r2c7 (assumes a unique solution)"),
        "{out}"
    );
    let out = ok(&["solve", UR1_CASE, "--rules", "ur1", "--notation", "hodoku"]);
    assert!(
        out.contains(
            "Uniqueness Test 1: 2/3 in r2c79,r9c79 => r2c7<>2, r2c7<>3 (assumes a unique solution)"
        ),
        "{out}"
    );
}

#[test]
fn the_checker_rederives_the_deadly_pattern() {
    let (state, proof) = ur1_case();
    let Pattern::Uniqueness(u) = &proof.pattern else {
        panic!("not a uniqueness pattern")
    };
    // a corner moved off the rectangle (r9c9 to r9c8): no longer a rectangle
    let mut moved = proof.clone();
    let Pattern::Uniqueness(m) = &mut moved.pattern else {
        unreachable!()
    };
    m.cells[3] = Cell::at(8, 7);
    assert!(check(&state, &moved).is_err(), "accepted a moved corner");
    // another digit pair: r29c79 does not hold 2/6 in every corner
    let mut digits = proof.clone();
    if let Pattern::Uniqueness(d) = &mut digits.pattern {
        d.digits = [Digit::new(2).unwrap(), Digit::new(6).unwrap()];
    }
    assert!(
        check(&state, &digits).is_err(),
        "accepted a digit pair not in the corners"
    );
    // a conclusion the pattern does not give: 6 of the roof
    let mut claim = proof.clone();
    claim.eliminations.push(c("r2c7#6"));
    assert!(check(&state, &claim).is_err(), "accepted r2c7 <> 6");
    // a placement claimed for the roof
    let mut placed = proof.clone();
    placed.assertions.push(c("r2c7#6"));
    assert!(check(&state, &placed).is_err(), "accepted r2c7 = 6");
    // told as another kind of rectangle
    let mut kind = proof.clone();
    if let Pattern::Uniqueness(k) = &mut kind.pattern {
        k.kind = UniquenessKind::Ur4;
    }
    assert!(
        check(&state, &kind).is_err(),
        "accepted a type 1 told as type 4"
    );
    assert_eq!(
        u.cells,
        [
            Cell::at(1, 6),
            Cell::at(1, 8),
            Cell::at(8, 6),
            Cell::at(8, 8)
        ]
    );
}

/// HoDoKu's Avoidable Rectangle Type 1 (0607-1): a rectangle of placed digits and one
/// open corner; its 9 goes. Placed digits, not givens: `+` marks them.
const AR1_CASE: &str = ":0607-1:19:+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126+9.+1+3.+4+8:714 717 919 525 945 749 757 957 958 559 759 959:951::";

/// `line` with the `+` before the digits of `cells` dropped: those placed digits become givens.
fn as_givens(line: &str, cells: &[Cell]) -> String {
    let mut out = String::new();
    let mut cell = 0;
    let mut field = 0;
    for ch in line.chars() {
        if ch == ':' {
            field += 1;
        } else if field == 3 && ch == '+' {
            if cells.iter().any(|c| c.index() == cell) {
                continue;
            }
        } else if field == 3 {
            cell += 1;
        }
        out.push(ch);
    }
    out
}

#[test]
fn an_avoidable_rectangle_needs_placed_digits_that_are_not_givens() {
    let state = parse_hodoku(AR1_CASE, 1).unwrap();
    let proofs = find(&LinkIndex::new(&state), UniquenessKind::Ar1);
    let proof = proofs
        .iter()
        .find(|p| p.eliminations.contains(&c("r5c1#9")))
        .expect("HoDoKu's avoidable rectangle");
    check(&state, proof).unwrap();
    let Pattern::Uniqueness(u) = &proof.pattern else {
        panic!("not a uniqueness pattern")
    };
    let placed: Vec<Cell> = u
        .cells
        .iter()
        .copied()
        .filter(|&c| state.value(c).is_some())
        .collect();
    assert_eq!(placed.len(), 3, "{u:?}");
    // one placed corner told as a given: the rectangle can no longer be swapped
    let line = as_givens(AR1_CASE, &placed[..1]);
    let with_given = parse_hodoku(&line, 1).unwrap();
    assert!(with_given.is_given(placed[0]));
    assert!(
        check(&with_given, proof).is_err(),
        "accepted an avoidable rectangle with a given corner"
    );
    let found = find(&LinkIndex::new(&with_given), UniquenessKind::Ar1);
    assert!(
        found.iter().all(|p| !p.eliminations.contains(&c("r5c1#9"))),
        "{found:?}"
    );
}

#[test]
fn every_uniqueness_rule_is_sound_on_puzzles_with_one_solution() {
    let states = basic_stuck_states(200);
    let mut per_state: Vec<Duration> = Vec::new();
    let mut tally = vec![0usize; UniquenessKind::ALL.len()];
    for (state, solution) in &states {
        let links = LinkIndex::new(state);
        let start = Instant::now();
        let found: Vec<Vec<Proof>> = UniquenessKind::ALL
            .iter()
            .map(|&k| find(&links, k))
            .collect();
        per_state.push(start.elapsed());
        for (k, proofs) in found.iter().enumerate() {
            tally[k] += proofs.len();
            for proof in proofs {
                assert_sound_against_solution(state, solution, proof);
            }
        }
    }
    per_state.sort();
    let kinds: Vec<String> = UniquenessKind::ALL
        .iter()
        .zip(&tally)
        .map(|(k, n)| format!("{} {n}", k.rule()))
        .collect();
    eprintln!(
        "{} states: {}; all eleven searches per state: median {:?}, max {:?}",
        states.len(),
        kinds.join(", "),
        per_state[per_state.len() / 2],
        per_state.last().unwrap()
    );
    assert!(
        tally.iter().sum::<usize>() > 0,
        "no uniqueness proof at all"
    );
}

#[test]
fn on_a_puzzle_with_two_solutions_a_unique_rectangle_is_wrong() {
    let puzzle = parse_line(TWO_SOLUTIONS, 1).unwrap();
    let state = puzzle.start_state().unwrap();
    assert_eq!(count_solutions(&state, 3).count, 2);
    let proofs = find(&LinkIndex::new(&state), UniquenessKind::Ur1);
    let proof = proofs
        .iter()
        .find(|p| p.eliminations.contains(&c("r1c5#3")))
        .expect("the rectangle r12c58 on 2/3 with roof r1c5");
    // the pattern is there (the checker accepts it) ...
    check(&state, &proof.clone()).unwrap();
    assert_eq!(proof.eliminations, vec![c("r1c5#2"), c("r1c5#3")]);
    // ... but each elimination is the value of r1c5 in one of the two solutions
    for &e in &proof.eliminations {
        let mut with = state.clone();
        with.place(e).unwrap();
        assert_eq!(count_solutions(&with, 2).count, 1, "{e} is in a solution");
    }
    // the command line refuses the rule when several solutions are allowed ...
    let (code, _, err) = sudolink(&[
        "solve",
        TWO_SOLUTIONS,
        "--rules",
        "unique-rectangle-1",
        "--allow-nonunique",
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("unique-rectangle-1 assumes the puzzle has one solution: it is refused when several solutions are allowed"),
        "{err}"
    );
    let (code, _, err) = sudolink(&[
        "explain",
        TWO_SOLUTIONS,
        "--target",
        "r1c5<>3",
        "--uniqueness",
        "--allow-nonunique",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("assume the puzzle has one solution"), "{err}");
    // ... and the puzzle itself without it
    let (code, _, err) = sudolink(&["solve", TWO_SOLUTIONS, "--rules", "unique-rectangle-1"]);
    assert_ne!(code, 0);
    assert!(err.contains("several solutions"), "{err}");
}

#[test]
fn uniqueness_is_asked_only_by_name() {
    let hodoku = ok(&["solve", UR1_CASE, "--rules", "basic,hodoku"]);
    assert!(!hodoku.contains("unique"), "{hodoku}");
    let with = ok(&["solve", UR1_CASE, "--rules", "basic,hodoku,uniqueness"]);
    assert!(with.contains("unique-rectangle-1:"), "{with}");
    let explained = ok(&["explain", UR1_CASE, "--target", "r2c7<>3"]);
    assert!(!explained.contains("unique-rectangle"), "{explained}");
    let explained = ok(&[
        "explain",
        UR1_CASE,
        "--target",
        "r2c7<>3",
        "--uniqueness",
        "--verbose",
    ]);
    assert!(
        explained.contains("unique-rectangle-1: 2/3 in r29c79"),
        "{explained}"
    );
    // no rating scheme and no other set holds them
    for scheme in Scheme::ALL {
        assert!(
            rules_for(scheme, 20)
                .iter()
                .all(|r| !r.technique.assumes_uniqueness()),
            "{}",
            scheme.name()
        );
    }
    for set in sets_help().split("; ") {
        let (name, members) = set.split_once(" = ").unwrap();
        // Sudoku Explainer's list holds its own unique loops and BUG, as SE applies them
        // (refused like every uniqueness rule for a puzzle with several solutions)
        if name != "uniqueness" && name != "sudoku-explainer" {
            let techniques = parse_list(name).unwrap();
            assert!(
                techniques.iter().all(|t| !t.assumes_uniqueness()),
                "{name} = {members}"
            );
        }
    }
}

/// BUG lite on top1465's 34th basic-stuck state: six cells around the roof r8c9 with its
/// pair 3/7, each digit twice in each of their houses, so r8c9 takes another digit.
#[test]
fn a_bug_lite_is_found_told_and_checked() {
    let (state, solution) = basic_stuck_states(34).pop().unwrap();
    let proofs = find(&LinkIndex::new(&state), UniquenessKind::BugLite);
    let proof = proofs
        .iter()
        .find(|p| p.eliminations == [c("r8c9#3"), c("r8c9#7")])
        .expect("the BUG lite with roof r8c9");
    assert_sound_against_solution(&state, &solution, proof);
    let Pattern::Uniqueness(u) = &proof.pattern else {
        panic!("not a uniqueness pattern")
    };
    assert_eq!(u.cells.len(), 6);
    let text = nrc_text(&state, proof);
    assert!(
        text.starts_with("bug-lite: {37}r8c9 ") && text.contains("(assumes a unique solution)"),
        "{text}"
    );
    // HoDoKu names BUG lite in its library (0620) but has no such step
    assert_eq!(hodoku_text(&state, proof), None);
    // a cell left out, or the roof's pair changed: no deadly pattern
    let mut fewer = (**u).clone();
    fewer.cells.pop();
    let fewer = Proof::new(
        Pattern::Uniqueness(Box::new(fewer)),
        proof.eliminations.clone(),
        vec![],
    );
    assert!(check(&state, &fewer).is_err());
    let roof_digits: Vec<Digit> = Digit::all()
        .filter(|&d| state.has(Candidate::new(u.cells[0], d)) && !u.digits.contains(&d))
        .collect();
    let mut other = (**u).clone();
    other.digits[1] = roof_digits[0];
    let other = Proof::new(
        Pattern::Uniqueness(Box::new(other)),
        vec![Candidate::new(u.cells[0], u.digits[0])],
        vec![],
    );
    assert!(check(&state, &other).is_err());
}
