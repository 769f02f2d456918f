//! CSP-Rules' impossible patterns: the tridagon (trivalue oddagon), its anti-tridagon OR-k
//! relations and the oddagon `O[n]`, on the states SudoRules' published examples print
//! (denis-berthier/CSP-Rules-Examples), with the eliminations and lines SudoRules prints;
//! every conclusion checked by `proof::check` and against the puzzle's solution; the checker
//! refusing tampered proofs; and a run over stuck T&E(3) states.

use crate::common;

use common::assert_sound_against_solution;
use std::time::Instant;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, State};
use sudolink_engine::proof::tridagon::{TridagonForm, TridagonPattern};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_engine::solver::count_solutions;
use sudolink_notation::impossible::tridagon_relation_text;
use sudolink_notation::sudorules::sudorules_text;
use sudolink_search::registry::{parse_list, rules_with_basic};
use sudolink_search::{basic_rules, oddagon, tridagon, TechniqueId};
use sudolink_study::resolution::solve;

/// A fixture's state (its `#` lines are comments) and the solution.
fn fixture(name: &str) -> (State, [u8; 81]) {
    let text = std::fs::read_to_string(common::fixture_path(&format!("tridagon/{name}")))
        .expect("fixture");
    let state = common::pencil_mark_state(&text);
    let r = count_solutions(&state, 2);
    assert_eq!(r.count, 1, "{name} has one solution");
    (state, r.solution.unwrap())
}

fn cand(text: &str) -> Candidate {
    text.parse().expect("a candidate")
}

fn cell(text: &str) -> Cell {
    text.parse().expect("a cell")
}

/// The proofs of a registry technique, as its searcher returns them.
fn proofs(name: &str, state: &State) -> Vec<Proof> {
    TechniqueId::from_name(name)
        .unwrap()
        .rule(0)
        .find(&LinkIndex::new(state))
}

fn tridagon_of(p: &Proof) -> &TridagonPattern {
    match &p.pattern {
        Pattern::Tridagon(t) => t,
        other => panic!("not a tridagon: {other:?}"),
    }
}

/// The blocks of a pattern as sets of cells, by block.
fn block_sets(p: &TridagonPattern) -> Vec<(usize, Vec<Cell>)> {
    let mut out: Vec<(usize, Vec<Cell>)> = p
        .blocks
        .iter()
        .map(|b| {
            let mut cells = b.to_vec();
            cells.sort();
            (b[0].block(), cells)
        })
        .collect();
    out.sort();
    out
}

const LOKI: &str =
    "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";

#[test]
fn loki_the_tridagon_sudorules_finds_after_the_hidden_pairs() {
    let (state, solution) = fixture("loki_after_hidden_pairs.txt");
    let found = proofs("tridagon", &state);
    assert_eq!(found.len(), 1, "one tridagon");
    let p = &found[0];
    assert_sound_against_solution(&state, &solution, p);
    // SudoRules: tridagon for digits 3, 5 and 7 in b9 (r8c8 target, r9c9, r7c7), b8 (r8c5,
    // r9c6, r7c4), b6 (r5c8, r6c9, r4c7), b5 (r5c5, r6c4, r4c6) ==> r8c8≠3,5,7
    let t = tridagon_of(p);
    assert_eq!(t.digits.map(|d| d.get()), [3, 5, 7]);
    assert_eq!(t.form, TridagonForm::Complete);
    assert_eq!(t.guardians, [cand("n1r8c8")]);
    assert_eq!(t.blocks[0][0], cell("r8c8"), "the target cell first");
    let published = [
        (8, "r8c8 r9c9 r7c7"),
        (7, "r8c5 r9c6 r7c4"),
        (5, "r5c8 r6c9 r4c7"),
        (4, "r5c5 r6c4 r4c6"),
    ];
    let mut want: Vec<(usize, Vec<Cell>)> = published
        .iter()
        .map(|(b, cells)| {
            let mut v: Vec<Cell> = cells.split(' ').map(cell).collect();
            v.sort();
            (*b, v)
        })
        .collect();
    want.sort();
    assert_eq!(block_sets(t), want);
    assert_eq!(
        p.eliminations,
        ["n3r8c8", "n5r8c8", "n7r8c8"].map(cand).to_vec()
    );
    assert_eq!(p.rule, "tridagon");
    // SudoRules' lines (the b11 cells after the target by row: SudoRules' order is its
    // fact matching's)
    assert_eq!(
        sudorules_text(&state, p),
        "tridagon for digits 3, 5 and 7 in blocks:\n\
         \x20       b9, with cells (marked #): r8c8 (target cell, marked @), r7c7, r9c9\n\
         \x20       b8, with cells (marked #): r8c5, r7c4, r9c6\n\
         \x20       b6, with cells (marked #): r5c8, r4c7, r6c9\n\
         \x20       b5, with cells (marked #): r5c5, r4c6, r6c4\n\
         \x20==> r8c8≠3,5,7"
    );
    // no other OR-k relation of this state eliminates anything
    assert!(proofs("trid-ork", &state).is_empty());
}

#[test]
fn loki_solves_with_the_basic_rules_and_the_tridagon_as_sudorules_does() {
    let puzzle = parse_line(LOKI, 1).unwrap();
    let (start, solution) = common::start_and_solution(&puzzle);
    let rules = rules_with_basic(&parse_list("tridagon").unwrap(), 3);
    let r = solve(&start, &rules, Some(&solution)).expect("a sound path");
    let trid: Vec<&Proof> = r
        .steps
        .iter()
        .map(|s| &s.proof)
        .filter(|p| p.rule == "tridagon")
        .collect();
    assert_eq!(trid.len(), 1);
    assert_eq!(
        trid[0].eliminations,
        ["n3r8c8", "n5r8c8", "n7r8c8"].map(cand).to_vec()
    );
    // the basic rules alone are stuck before it
    let basic = solve(&start, &basic_rules(), Some(&solution)).unwrap();
    assert!(!basic.solved);
}

/// After the tridagon, whips of length 3 at most finish Loki: the basic rules, one
/// tridagon elimination and short whips solve the first T&E(3) puzzle, every step checked
/// against the solution.
#[test]
fn loki_is_solved_by_the_tridagon_and_whips_of_length_3() {
    let puzzle = parse_line(LOKI, 1).unwrap();
    let (start, solution) = common::start_and_solution(&puzzle);
    let rules = rules_with_basic(&parse_list("tridagon,whip").unwrap(), 3);
    let r = solve(&start, &rules, Some(&solution)).expect("a sound path");
    assert!(r.solved);
    let whips = r.steps.iter().filter(|s| s.proof.family == "whip").count();
    assert!(whips > 0, "whips follow the tridagon");
    // without the tridagon, whips of length 3 are stuck
    let no_trid = rules_with_basic(&parse_list("whip").unwrap(), 3);
    assert!(!solve(&start, &no_trid, Some(&solution)).unwrap().solved);
}

#[test]
fn the_published_or6_relation_of_34498() {
    let (state, _) = fixture("34498_or6.txt");
    let relations = tridagon::relations(&LinkIndex::new(&state));
    let guardians = ["n7r4c2", "n9r5c1", "n6r6c3", "n7r6c3", "n7r7c3", "n7r9c1"]
        .map(cand)
        .to_vec();
    let r = relations
        .iter()
        .find(|r| r.guardians == guardians)
        .expect("SudoRules' OR6 relation");
    assert_eq!(r.digits.map(|d| d.get()), [1, 3, 8]);
    // SudoRules 2022 printed "OR6-anti-tridagon[12] for digits 1, 3 and 8 in blocks:" and
    // its cells without the "(marked #)" its later versions add
    let text = tridagon_relation_text(r);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Trid-OR6-relation for digits 1, 3 and 8 in blocks:"
    );
    assert_eq!(
        lines[1..5].join("\n").replace(" (marked #)", ""),
        "        b4, with cells: r4c2, r5c1, r6c3\n\
         \x20       b6, with cells: r4c9, r5c7, r6c8\n\
         \x20       b7, with cells: r8c2, r9c1, r7c3\n\
         \x20       b9, with cells: r8c8, r9c7, r7c9"
    );
    assert_eq!(
        lines[5],
        "with 6 guardians (in cells marked @): n7r4c2 n9r5c1 n6r6c3 n7r6c3 n7r7c3 n7r9c1"
    );
    // nothing sees all six guardians: no elimination yet (SudoRules too goes on with whips)
    assert!(!proofs("trid-ork", &state)
        .iter()
        .any(|p| tridagon_of(p).guardians == guardians));
}

#[test]
fn the_or3_whip_1_of_34498() {
    let (state, solution) = fixture("34498_or3.txt");
    let found = proofs("trid-ork", &state);
    let guardians = ["n7r4c2", "n7r7c3", "n7r9c1"].map(cand).to_vec();
    let p = found
        .iter()
        .find(|p| tridagon_of(p).guardians == guardians)
        .expect("the Trid-OR3 relation");
    assert_eq!(p.eliminations, [cand("n7r7c2")]);
    let text = sudorules_text(&state, p);
    assert!(
        text.ends_with("Trid-OR3-whip[1]: OR3{{n7r4c2 n7r7c3 n7r9c1 | .}} ==> r7c2≠7"),
        "{text}"
    );
    for p in &found {
        assert_sound_against_solution(&state, &solution, p);
    }
}

#[test]
fn a_relation_down_to_one_guardian_places_it_as_sudorules_does() {
    // #141159: the tridagon's cells but r4c7 hold only 1, 2, 8; r4c7 holds 2 and 5 (one digit
    // of the pattern: a reduced relation). Its one guardian n5r4c7 is true: SudoRules asserts
    // r4c7=5, `trid-ork` removes what sees it, r4c7's 2 first.
    let (state, solution) = fixture("141159_or1.txt");
    let found = proofs("trid-ork", &state);
    let p = found
        .iter()
        .find(|p| tridagon_of(p).guardians == [cand("n5r4c7")])
        .expect("the reduced relation with one guardian");
    assert_eq!(tridagon_of(p).form, TridagonForm::Reduced);
    assert!(
        p.eliminations.contains(&cand("n2r4c7")),
        "{:?}",
        p.eliminations
    );
    for p in &found {
        assert_sound_against_solution(&state, &solution, p);
    }
    // the one-guardian `tridagon` rule asks for complete cells: not this one
    assert!(proofs("tridagon", &state).is_empty());
    // tampered: a guardian added, or the pattern claimed complete, is refused
    let mut wrong = p.clone();
    if let Pattern::Tridagon(t) = &mut wrong.pattern {
        t.guardians.push(cand("n2r4c7"));
    }
    assert!(check(&state, &wrong).is_err());
    let mut wrong = p.clone();
    if let Pattern::Tridagon(t) = &mut wrong.pattern {
        t.form = TridagonForm::Complete;
    }
    assert!(check(&state, &wrong).is_err());
}

#[test]
fn the_published_or3_relation_of_1418() {
    let (state, solution) = fixture("1418_or3.txt");
    let relations = tridagon::relations(&LinkIndex::new(&state));
    let texts: Vec<String> = relations.iter().map(tridagon_relation_text).collect();
    let published = "Trid-OR3-relation for digits 1, 3 and 4 in blocks:\n\
        \x20       b5, with cells (marked #): r4c6, r5c4, r6c5\n\
        \x20       b6, with cells (marked #): r4c9, r5c8, r6c7\n\
        \x20       b8, with cells (marked #): r9c6, r7c4, r8c5\n\
        \x20       b9, with cells (marked #): r9c7, r7c8, r8c9\n\
        with 3 guardians (in cells marked @): n9r5c8 n5r9c6 n7r9c7";
    assert!(
        texts.iter().any(|t| t == published),
        "{}",
        texts.join("\n\n")
    );
    for p in proofs("trid-ork", &state) {
        assert_sound_against_solution(&state, &solution, &p);
    }
}

#[test]
fn the_oddagons_of_obiwahn_tarek_38() {
    let (state, solution) = fixture("obiwahn_tarek_38_oddagons.txt");
    let found = proofs("oddagon", &state);
    for p in &found {
        assert_sound_against_solution(&state, &solution, p);
    }
    let by_target = |t: &str| {
        found
            .iter()
            .find(|p| p.eliminations.contains(&cand(t)))
            .unwrap_or_else(|| panic!("no oddagon eliminates {t}"))
    };
    let o5 = by_target("n3r8c4");
    assert_eq!(o5.length, 5);
    assert_eq!(
        sudorules_text(&state, o5),
        "oddagon[5]: r2n3{c2 c6},c6n3{r2 r4},r4n3{c6 c1},c1n3{r4 r3},b1n3{r3c1 r2c2} ==> r8c4≠3"
    );
    let Pattern::Oddagon(o) = &o5.pattern else {
        panic!("an oddagon")
    };
    // SudoRules: with z-candidates = n3r2c4 n3r9c6 n3r4c4
    assert_eq!(
        o.guardians,
        ["n3r2c4", "n3r4c4", "n3r9c6"].map(cand).to_vec()
    );
    // the two oddagons[9] SudoRules prints next, the first with its target on the loop
    assert_eq!(
        sudorules_text(&state, by_target("n1r7c6")),
        "oddagon[9]: r5c2{n1 n2},r5n2{c2 c6},r5c6{n2 n8},c6n8{r5 r7},r7c6{n8 n1},r7n1{c6 c8},\
         c8n1{r7 r6},b6n1{r6c8 r5c9},r5n1{c9 c2} ==> r7c6≠1"
    );
    assert_eq!(
        sudorules_text(&state, by_target("n6r7c8")),
        "oddagon[9]: r5c2{n1 n2},c2n2{r5 r8},r8c2{n2 n6},r8n6{c2 c8},c8n6{r8 r7},r7c8{n6 n1},\
         c8n1{r7 r6},b6n1{r6c8 r5c9},r5n1{c9 c2} ==> r7c8≠6"
    );
    assert_eq!(found.len(), 3, "SudoRules' three oddagons, no other");
}

#[test]
fn the_checker_refuses_tampered_tridagons() {
    let (state, _) = fixture("loki_after_hidden_pairs.txt");
    let good = proofs("tridagon", &state).remove(0);
    assert!(check(&state, &good).is_ok());
    let with = |f: &dyn Fn(&mut TridagonPattern)| {
        let mut bad = good.clone();
        let Pattern::Tridagon(t) = &mut bad.pattern else {
            unreachable!()
        };
        f(t);
        bad
    };
    // a cell moved (b22's first cell to another cell of its block)
    let moved = with(&|t| {
        t.blocks[3][0] = Cell::at(t.blocks[3][0].row(), 3 + (t.blocks[3][0].col() + 1) % 3)
    });
    assert!(check(&state, &moved).is_err());
    // an even orientation: two of b22's cells swap columns
    let even = with(&|t| {
        let [a, b] = [t.blocks[3][0], t.blocks[3][1]];
        t.blocks[3][0] = Cell::at(a.row(), b.col());
        t.blocks[3][1] = Cell::at(b.row(), a.col());
    });
    let err = check(&state, &even).unwrap_err().to_string();
    assert!(err.contains("orientation"), "{err}");
    // a guardian dropped
    let dropped = with(&|t| t.guardians.clear());
    assert!(check(&state, &dropped).is_err());
    // another digit
    let digits = with(&|t| t.digits[2] = Digit::new(1).unwrap());
    assert!(check(&state, &digits).is_err());
    // an elimination that does not see the guardian
    let mut far = good.clone();
    far.eliminations.push(cand("n3r1c6"));
    let err = check(&state, &far).unwrap_err().to_string();
    assert!(err.contains("not linked"), "{err}");
    // the guardian itself, or an assertion
    let mut own = good.clone();
    own.eliminations.push(cand("n1r8c8"));
    assert!(check(&state, &own).is_err());
    let mut asserted = good.clone();
    asserted.assertions.push(cand("n1r8c8"));
    assert!(check(&state, &asserted).is_err());
    // a complete form claimed where a cell lacks a digit: drop n3 from r7c7 first
    let mut thinner = state.clone();
    thinner.eliminate(cand("n3r7c7")).unwrap();
    assert!(check(&thinner, &good).is_err());
    let degenerate = with(&|t| t.form = TridagonForm::DegenerateCyclic);
    assert!(
        check(&thinner, &degenerate).is_ok(),
        "the degenerate form holds"
    );
}

#[test]
fn the_checker_refuses_tampered_oddagons() {
    let (state, _) = fixture("obiwahn_tarek_38_oddagons.txt");
    let found = proofs("oddagon", &state);
    let good = found
        .iter()
        .find(|p| p.eliminations.contains(&cand("n3r8c4")))
        .unwrap()
        .clone();
    assert!(check(&state, &good).is_ok());
    let with = |f: &dyn Fn(&mut sudolink_engine::proof::oddagon::OddagonPattern)| {
        let mut bad = good.clone();
        let Pattern::Oddagon(o) = &mut bad.pattern else {
            unreachable!()
        };
        f(o);
        bad
    };
    // an even loop: one candidate and its variable fewer
    let even = with(&|o| {
        o.candidates.pop();
        o.variables.pop();
    });
    assert!(check(&state, &even).is_err());
    // a guardian dropped
    let dropped = with(&|o| {
        o.guardians.pop();
    });
    assert!(check(&state, &dropped).is_err());
    // a variable that does not hold its pair
    let wrong = with(&|o| o.variables[0] = CspVariable::Cn(0, Digit::new(3).unwrap()));
    assert!(check(&state, &wrong).is_err());
    // an elimination not linked to every guardian
    let mut far = good.clone();
    far.eliminations.push(cand("n3r1c2").max(cand("n5r9c1")));
    assert!(check(&state, &far).is_err());
}

/// The first `n` puzzles of the Monhard T&E(3) sample: the state where the basic rules stop.
fn te3_stuck_states() -> Vec<(String, State, [u8; 81])> {
    let text = include_str!("fixtures/te/monhard_te3_sample.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let grid = l.split('\t').next().unwrap();
            let p = parse_line(grid, 1).unwrap();
            let (start, solution) = common::start_and_solution(&p);
            let r = solve(&start, &basic_rules(), Some(&solution)).unwrap();
            (grid.to_string(), r.final_state, solution)
        })
        .collect()
}

#[test]
fn over_the_te3_sample_every_conclusion_is_sound() {
    let states = te3_stuck_states();
    assert_eq!(states.len(), 30);
    let mut report = Vec::new();
    for name in ["tridagon", "trid-ork", "oddagon"] {
        let (mut fired, mut proofs_found, mut eliminations) = (0, 0, 0);
        let start = Instant::now();
        for (_, state, solution) in &states {
            let found = proofs(name, state);
            if !found.is_empty() {
                fired += 1;
            }
            proofs_found += found.len();
            for p in &found {
                eliminations += p.eliminations.len();
                assert_sound_against_solution(state, solution, p);
            }
        }
        let per_state = start.elapsed() / states.len() as u32;
        report.push(format!(
            "{name}: fires on {fired} of {} stuck states, {proofs_found} proofs, {eliminations} eliminations, {per_state:?} a state",
            states.len()
        ));
    }
    let relations: usize = states
        .iter()
        .map(|(_, s, _)| tridagon::relations(&LinkIndex::new(s)).len())
        .sum();
    report.push(format!(
        "anti-tridagon relations (with guardians): {relations}"
    ));
    let oddagon_work = oddagon::MAX_WORK;
    report.push(format!("oddagon work budget {oddagon_work} steps a state"));
    eprintln!("{}", report.join("\n"));
}

#[test]
fn obiwahn_tarek_160_with_singles_and_oddagons_only() {
    // SudoRules, config O (CSP-Rules-Examples, Sudoku-a/Oddagons/ObiWahn+Tarek#160-W5.clp):
    // oddagon[5]: r1n6{c2 c9},c9n6{r1 r8},r8n6{c9 c1},c1n6{r8 r3},b1n6{r3c1 r1c2} ==> r5c8 ≠ 6
    // oddagon[11]: r3n1{c6 c7},r3c7{n1 n6},c7n6{r3 r6},b6n6{r6c7 r6c9},c9n6{r6 r8},r8c9{n6 n1},
    //   r8n1{c9 c3},c3n1{r8 r5},r5n1{c3 c5},b5n1{r5c5 r4c6},c6n1{r4 r3} ==> r8c9 ≠ 6
    // oddagon[5]: c8n6{r1 r8},r8n6{c8 c1},c1n6{r8 r3},r3n6{c1 c7},b3n6{r3c7 r1c8} ==> r1c8 ≠ 6
    let puzzle = parse_line(
        "1.....9.....6.4.8..4..3...2..6.8.....3...57..9..2...1...7..6....2....5..8..1....3",
        1,
    )
    .unwrap();
    let (start, solution) = common::start_and_solution(&puzzle);
    let rules: Vec<_> = ["naked-single", "hidden-single", "oddagon"]
        .iter()
        .flat_map(|n| TechniqueId::from_name(n).unwrap().rules_up_to(11, None))
        .collect();
    let r = solve(&start, &rules, Some(&solution)).expect("a sound path");
    let oddagons: Vec<(usize, Vec<Candidate>)> = r
        .steps
        .iter()
        .filter(|s| s.proof.family == "oddagon")
        .map(|s| (s.proof.length, s.proof.eliminations.clone()))
        .collect();
    for (length, target) in [(5, "n6r5c8"), (11, "n6r8c9"), (5, "n6r1c8")] {
        assert!(
            oddagons
                .iter()
                .any(|(n, e)| *n <= length && e.contains(&cand(target))),
            "{target}: {oddagons:?}"
        );
    }
    assert!(!r.solved, "SudoRules: not solved with oddagons only");
}

#[test]
fn along_the_te3_sample_paths_every_conclusion_is_sound() {
    // every state of the paths of the basic rules with the impossible patterns
    let rules = rules_with_basic(&parse_list("impossible-patterns").unwrap(), 15);
    let (mut states, mut fired, mut solved) = (0, [0usize; 3], 0);
    let names = ["tridagon", "trid-ork", "oddagon"];
    for (grid, _, solution) in te3_stuck_states() {
        let p = parse_line(&grid, 1).unwrap();
        let (start, _) = common::start_and_solution(&p);
        let r = solve(&start, &rules, Some(&solution)).expect("a sound path");
        solved += r.solved as usize;
        let mut state = start.clone();
        for step in &r.steps {
            if !basic_rules()
                .iter()
                .any(|b| b.technique.name() == step.proof.technique.as_deref().unwrap_or(""))
            {
                states += 1;
            }
            sudolink_study::resolution::apply(&mut state, &step.proof).unwrap();
            if state.is_solved() {
                break;
            }
            for (k, name) in names.iter().enumerate() {
                let found = proofs(name, &state);
                fired[k] += !found.is_empty() as usize;
                for proof in &found {
                    assert_sound_against_solution(&state, &solution, proof);
                }
            }
        }
    }
    eprintln!(
        "{states} steps of impossible patterns on the 30 paths, {solved} solved; states where each fires: {}",
        names
            .iter()
            .zip(fired)
            .map(|(n, f)| format!("{n} {f}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
}

/// Issue 53's whole-collection check, by hand (ignored: it reads `../shared/data`, set
/// `SUDOLINK_DATA`): on the stuck state after the basic rules of the first
/// `IMPOSSIBLE_N` puzzles (default 300) of `IMPOSSIBLE_FILE` (default
/// `monhard_te3_9009.txt`), the oddagon (length ≤ 15), tridagon, Trid-OR-k and Imp630
/// (Select2) searches: every proof passes the checker and none contradicts the solution;
/// prints the states where each fires and its median and largest time a state.
#[test]
#[ignore]
fn impossible_patterns_on_stuck_states() {
    use rayon::prelude::*;
    let file = std::env::var("IMPOSSIBLE_FILE").unwrap_or_else(|_| "monhard_te3_9009.txt".into());
    let n: usize = std::env::var("IMPOSSIBLE_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    type Finder = fn(&LinkIndex) -> Vec<Proof>;
    let searches: [(&str, Finder); 4] = [
        ("oddagon", oddagon::find),
        ("tridagon", |l| {
            tridagon::find(l, tridagon::Wanted::Tridagon)
        }),
        ("trid-ork", |l| tridagon::find(l, tridagon::Wanted::OrK)),
        ("imp630-sel2-ork", |l| sudolink_search::imp630::find(l, 2)),
    ];
    let puzzles = common::collection(&file, n);
    // per stuck state: per search, (ms, proofs, eliminations)
    let rows: Vec<Vec<(f64, usize, usize)>> = puzzles
        .par_iter()
        .filter_map(|p| {
            let (start, solution) = common::start_and_solution(p);
            let r = solve(&start, &basic_rules(), Some(&solution)).expect("sound");
            (!r.solved).then(|| {
                let links = LinkIndex::new(&r.final_state);
                searches
                    .iter()
                    .map(|(_, find)| {
                        let t = Instant::now();
                        let proofs = find(&links);
                        let ms = t.elapsed().as_secs_f64() * 1e3;
                        for proof in &proofs {
                            check(&r.final_state, proof).expect("the checker accepts it");
                            assert_sound_against_solution(&r.final_state, &solution, proof);
                        }
                        let elims = proofs.iter().map(|p| p.eliminations.len()).sum();
                        (ms, proofs.len(), elims)
                    })
                    .collect()
            })
        })
        .collect();
    println!(
        "{file}: {} puzzles, {} stuck states",
        puzzles.len(),
        rows.len()
    );
    for (k, (name, _)) in searches.iter().enumerate() {
        let mut times: Vec<f64> = rows.iter().map(|r| r[k].0).collect();
        times.sort_by(f64::total_cmp);
        let fires = rows.iter().filter(|r| r[k].1 > 0).count();
        let elims: usize = rows.iter().map(|r| r[k].2).sum();
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let max = times.last().copied().unwrap_or(0.0);
        println!("{name}: fires in {fires} states, {elims} eliminations, median {median:.3} ms, max {max:.1} ms");
    }
}
