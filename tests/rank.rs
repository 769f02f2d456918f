//! Barker's truths and links of rank 0 (`proof::rank`, `search::rank`): Easter Monster's
//! SK-loop, multi-sector locked sets of the "Using Multi-Sector Locked Sets" thread, the
//! rank engine agreeing with Sue de Coq and fish, and the checker refusing tampered sets.

use crate::common;

use common::{assert_sound_against_solution, start_and_solution};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House, State};
use sudolink_engine::proof::rank::{RankForm, RankPattern};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_notation::texts;
use sudolink_search::basic_rules;
use sudolink_search::rank::{find_belts, find_for_truths, find_msls, find_sk_loops};
use sudolink_study::resolution::solve;

/// Easter Monster (JPF, 2007), the puzzle Kurzhals' loop was found on.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn start(line: &str) -> (State, [u8; 81]) {
    let p = parse_line(line, 1).expect("a puzzle");
    start_and_solution(&p)
}

fn after_basics(line: &str) -> (State, [u8; 81]) {
    let (s, sol) = start(line);
    let r = solve(&s, &basic_rules(), Some(&sol)).expect("sound");
    (r.final_state, sol)
}

/// XSudo's sets, e.g. `38r2` or `13N2`, as CSP variables (the test's own reading).
fn xsudo(sets: &str) -> Vec<CspVariable> {
    let mut out = Vec::new();
    for item in sets.split_whitespace() {
        let k = item
            .find(|c: char| c.is_ascii_alphabetic())
            .expect("a kind letter");
        let (before, after) = (&item[..k], &item[k + 1..]);
        let num = |ch: char| ch.to_digit(10).expect("a digit") as u8;
        for a in before.chars().map(num) {
            for b in after.chars().map(num) {
                let d = Digit::new(a).expect("1-9");
                out.push(match item.as_bytes()[k].to_ascii_lowercase() {
                    b'n' => CspVariable::Rc(Cell::at(a as usize - 1, b as usize - 1)),
                    b'r' => CspVariable::Rn(b - 1, d),
                    b'c' => CspVariable::Cn(b - 1, d),
                    _ => CspVariable::Bn(b - 1, d),
                });
            }
        }
    }
    out.sort();
    out
}

fn rank_of(p: &Proof) -> &RankPattern {
    match &p.pattern {
        Pattern::Rank(r) => r,
        other => panic!("not truths and links: {other:?}"),
    }
}

fn sorted(mut v: Vec<CspVariable>) -> Vec<CspVariable> {
    v.sort();
    v
}

/// What `links` hold on `state` outside the candidates of `truths`: computed here from
/// the state, not by the search.
fn outside(state: &State, truths: &[CspVariable], links: &[CspVariable]) -> Vec<Candidate> {
    let inside: Vec<Candidate> = truths
        .iter()
        .flat_map(|t| t.candidates())
        .filter(|&c| state.has(c))
        .collect();
    let mut out: Vec<Candidate> = links
        .iter()
        .flat_map(|l| l.candidates())
        .filter(|&c| state.has(c) && !inside.contains(&c))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Easter Monster's SK-loop as SudokuWiki's "SK Loops" page writes it (after Phil Bingham's
/// write-up): `(27=38)B13-(38=16)B79-(16=39)AC8-(39=27)GJ8-(27=45)H79-(45=16)H13-(16=48)GJ2-
/// (48=27)AC2`: the mini-line pairs around the givens r2c2, r2c8, r8c2, r8c8, each sharing
/// its digits with the next pair in a row, column or block. In XSudo's terms: 16 cell
/// truths and the 16 links below. The search finds exactly that loop; its eliminations are
/// what those links hold outside the loop, none a digit of the solution.
#[test]
fn easter_monster_sk_loop_is_the_published_loop() {
    let published = xsudo("38r2 16b3 39c8 27b9 45r8 16b7 48c2 27b1");
    let cells = xsudo("13N2 13N8 79N2 79N8 2N13 2N79 8N13 8N79");
    for (what, (state, sol)) in [
        ("start", start(EASTER_MONSTER)),
        ("after the basic rules", after_basics(EASTER_MONSTER)),
    ] {
        let proofs = find_sk_loops(&LinkIndex::new(&state));
        assert_eq!(proofs.len(), 1, "{what}: one SK-loop");
        let p = &proofs[0];
        let r = rank_of(p);
        assert_eq!(r.form, RankForm::SkLoop);
        assert_eq!(sorted(r.truths.clone()), cells, "{what}");
        assert_eq!(sorted(r.links.clone()), published, "{what}");
        assert_eq!(
            p.eliminations,
            outside(&state, &cells, &published),
            "{what}"
        );
        assert!(
            p.eliminations.len() >= 13,
            "{what}: {}",
            p.eliminations.len()
        );
        assert_sound_against_solution(&state, &sol, p);
        let xs = texts(&state, p)
            .into_iter()
            .find(|t| t.name == "XSudo")
            .expect("an XSudo text");
        assert!(
            xs.text.starts_with("16 Truths = {") && xs.text.contains("\n16 Links = {"),
            "{}",
            xs.text
        );
        assert_eq!(
            xsudo(
                xs.text
                    .lines()
                    .nth(1)
                    .unwrap()
                    .trim_start_matches("16 Links = {")
                    .trim_end_matches('}')
            ),
            published
        );
    }
}

/// Berthier calls the SK-loop a belt of four crosses ("`belt[4]` (= sk-loop)", SudoRules'
/// Belt4-of-crosses.clp): on Easter Monster the Belt4 search finds Kurzhals' loop, with the
/// published truths, links and eliminations.
#[test]
fn easter_monster_belt4_is_its_sk_loop() {
    let published = xsudo("38r2 16b3 39c8 27b9 45r8 16b7 48c2 27b1");
    let cells = xsudo("13N2 13N8 79N2 79N8 2N13 2N79 8N13 8N79");
    for (state, sol) in [start(EASTER_MONSTER), after_basics(EASTER_MONSTER)] {
        let links = LinkIndex::new(&state);
        let belts = find_belts(&links, 4);
        assert_eq!(belts.len(), 1);
        let p = &belts[0];
        let r = rank_of(p);
        assert_eq!(r.form, RankForm::Belt4);
        assert_eq!(sorted(r.truths.clone()), cells);
        assert_eq!(sorted(r.links.clone()), published);
        assert_eq!(p.eliminations, find_sk_loops(&links)[0].eliminations);
        assert_sound_against_solution(&state, &sol, p);
        assert!(find_belts(&links, 6).is_empty());
    }
}

/// A Belt6 built by hand on a pencil-mark state (no puzzle of our collections has one
/// after the basic rules; Berthier's own rule file says "not tested"): crosses centred on
/// r1c1, r1c4, r4c4, r4c7, r7c7, r7c1 (rows 1, 4, 7 and columns 1, 4, 7 pair them), outer
/// digits 12 / 34 / 56 along the rows and 78 along the columns, inner digits 34, 56, 12.
/// Every other cell keeps all nine digits. The search finds the ring, the checker accepts
/// it, and what it removes is exactly its links' digits outside the 24 end cells; taking
/// one end digit away (so that cross has three digits) breaks it.
#[test]
fn a_belt_of_six_crosses_is_found_and_checked() {
    let mut state = State::empty();
    let (rows, cols) = ([0usize, 3, 6], [0usize, 3, 6]);
    let h = |r: usize| [[1u8, 2], [3, 4], [5, 6]][r / 3];
    let inner = |r: usize| [[3u8, 4], [5, 6], [1, 2]][r / 3];
    let centres = [(0, 0), (0, 3), (3, 3), (3, 6), (6, 6), (6, 0)];
    let keep = |cell: Cell, digits: Vec<u8>, state: &mut State| {
        for d in 1..=9u8 {
            if !digits.contains(&d) {
                let c = Candidate::new(cell, Digit::new(d).unwrap());
                state.eliminate(c).unwrap();
            }
        }
    };
    let mut truths = Vec::new();
    for &(r, c) in &centres {
        let i = inner(r);
        for x in 1..3 {
            let mut d = h(r).to_vec();
            d.extend(i);
            keep(Cell::at(r, c + x), d, &mut state);
            truths.push(CspVariable::Rc(Cell::at(r, c + x)));
            let mut d = vec![7u8, 8];
            d.extend(i);
            keep(Cell::at(r + x, c), d, &mut state);
            truths.push(CspVariable::Rc(Cell::at(r + x, c)));
        }
    }
    let links = LinkIndex::new(&state);
    let belts = find_belts(&links, 6);
    assert_eq!(belts.len(), 1, "one ring");
    let p = &belts[0];
    assert_eq!(rank_of(p).form, RankForm::Belt6);
    check(&state, p).expect("a rank-0 set");
    let mut expected_links = Vec::new();
    for &(r, c) in &centres {
        let b = Cell::at(r, c).block() as u8;
        expected_links.extend(inner(r).map(|d| CspVariable::Bn(b, Digit::new(d).unwrap())));
    }
    for &r in &rows {
        expected_links.extend(h(r).map(|d| CspVariable::Rn(r as u8, Digit::new(d).unwrap())));
    }
    for &c in &cols {
        expected_links.extend([7u8, 8].map(|d| CspVariable::Cn(c as u8, Digit::new(d).unwrap())));
    }
    assert_eq!(sorted(rank_of(p).truths.clone()), sorted(truths.clone()));
    assert_eq!(
        sorted(rank_of(p).links.clone()),
        sorted(expected_links.clone())
    );
    assert_eq!(p.eliminations, outside(&state, &truths, &expected_links));
    // without 4 in r1c2 and r1c3 the cross at r1c1 has three digits in its row ends
    let mut broken = state.clone();
    for cell in [Cell::at(0, 1), Cell::at(0, 2)] {
        broken
            .eliminate(Candidate::new(cell, Digit::new(4).unwrap()))
            .unwrap();
    }
    assert!(find_belts(&LinkIndex::new(&broken), 6).is_empty());
}

/// Leren's puzzle in the "Using Multi-Sector Locked Sets" thread (forum.enjoysudoku.com,
/// 2013), posted to show pjb how a balanced MSLS is built. After the basic rules the search
/// finds a 16-cell set, rank 0, every elimination sound.
#[test]
fn leren_msls() {
    let (state, sol) = after_basics(
        "9876.....65....8............4..9..3...65..9.......2..1..59..7......3..49.....1..2",
    );
    let proofs = find_msls(&LinkIndex::new(&state));
    assert!(!proofs.is_empty(), "an MSLS");
    for p in &proofs {
        let r = rank_of(p);
        assert_eq!(r.form, RankForm::Msls);
        assert_eq!(r.truths.len(), r.links.len());
        assert!(r.truths.iter().all(|t| matches!(t, CspVariable::Rc(_))));
        assert!(r
            .links
            .iter()
            .all(|l| matches!(l, CspVariable::Rn(..) | CspVariable::Cn(..))));
        assert_eq!(p.eliminations, outside(&state, &r.truths, &r.links));
        assert_sound_against_solution(&state, &sol, p);
    }
}

/// Easter Monster also holds multi-sector locked sets (rows 2, 4, 6, 8 by columns 1, 3, 7,
/// 9, with or without column 5), every elimination sound.
#[test]
fn easter_monster_msls() {
    let (state, sol) = after_basics(EASTER_MONSTER);
    let proofs = find_msls(&LinkIndex::new(&state));
    assert!(!proofs.is_empty());
    for p in &proofs {
        assert_sound_against_solution(&state, &sol, p);
    }
}

/// Tampered sets are refused: a link dropped, a link moved, a truth added, an elimination
/// inside a truth or outside every link, truths and links swapped.
#[test]
fn the_checker_refuses_tampered_truths_and_links() {
    let (state, _) = after_basics(EASTER_MONSTER);
    let p = find_sk_loops(&LinkIndex::new(&state)).remove(0);
    check(&state, &p).expect("the loop holds");
    let with = |f: &dyn Fn(&mut RankPattern, &mut Vec<Candidate>)| {
        let mut q = p.clone();
        let Pattern::Rank(r) = &mut q.pattern else {
            unreachable!()
        };
        f(r, &mut q.eliminations);
        check(&state, &q)
    };
    // a link dropped: 16 truths, 15 links
    assert!(with(&|r, _| {
        r.links.pop();
    })
    .is_err());
    // a link replaced by another of the same size: its truth candidates are uncovered
    assert!(with(&|r, _| {
        let i = r
            .links
            .iter()
            .position(|&l| l == CspVariable::Rn(1, Digit::new(3).unwrap()))
            .unwrap();
        r.links[i] = CspVariable::Rn(1, Digit::new(1).unwrap());
    })
    .is_err());
    // a truth added (and a link, to keep the count): r5c1's candidates but its 4 are in no
    // link
    assert!(with(&|r, _| {
        r.truths.push(CspVariable::Rc(Cell::at(4, 0)));
        r.links.push(CspVariable::Rn(4, Digit::new(4).unwrap()));
    })
    .is_err());
    // a candidate of a truth eliminated
    assert!(with(&|_, e| e.push(Candidate::new(Cell::at(1, 0), Digit::new(2).unwrap()))).is_err());
    // an elimination in no link
    assert!(with(&|_, e| e.push(Candidate::new(Cell::at(4, 4), Digit::new(1).unwrap()))).is_err());
    // the truths made a link and the links truths: rank 0 still, but the eliminations lie
    // in truths now
    assert!(with(&|r, _| std::mem::swap(&mut r.truths, &mut r.links)).is_err());
}

/// The states before each step of rule `rule` on the simplest-first paths (basic rules and
/// `set`) of the first `n` top1465 puzzles, with the step's proof and the solution.
fn steps_of(set: &str, rule: &str, n: usize) -> Vec<(State, Proof, [u8; 81])> {
    use sudolink_search::registry::{parse_list, rules_with_basic};
    use sudolink_study::resolution::apply;
    let rules = if set.is_empty() {
        basic_rules()
    } else {
        rules_with_basic(&parse_list(set).expect("a set"), 20)
    };
    let mut out = Vec::new();
    for p in common::collection("top1465.txt", n) {
        let (start, solution) = start_and_solution(&p);
        let r = solve(&start, &rules, Some(&solution)).expect("sound");
        let mut state = start.clone();
        for step in &r.steps {
            if step.proof.rule == rule {
                out.push((state.clone(), step.proof.clone(), solution));
            }
            apply(&mut state, &step.proof).expect("applies");
        }
    }
    out
}

#[test]
fn sue_de_coq_is_rank_0_with_the_same_eliminations() {
    let found = steps_of("sue-de-coq", "sue-de-coq", 200);
    assert!(
        found.len() >= 3,
        "Sue de Coq steps on top1465: {}",
        found.len()
    );
    for (state, proof, sol) in &found {
        let Pattern::SueDeCoq(sdc) = &proof.pattern else {
            panic!("not a Sue de Coq")
        };
        let truths: Vec<CspVariable> = sdc.cells().into_iter().map(CspVariable::Rc).collect();
        let not_cells = |v: CspVariable| !matches!(v, CspVariable::Rc(_));
        let rank = find_for_truths(&LinkIndex::new(state), &truths, &not_cells)
            .expect("a Sue de Coq is a rank-0 set of its cells");
        assert_sound_against_solution(state, sol, &rank);
        let mut ours = rank.eliminations.clone();
        let mut theirs = proof.eliminations.clone();
        ours.sort();
        theirs.sort();
        assert_eq!(
            ours,
            theirs,
            "{}",
            sudolink_notation::nrc::nrc_text(state, proof)
        );
    }
}

#[test]
fn fish_are_rank_0_with_the_same_eliminations() {
    let mut n = 0;
    for rule in [
        "x-wing-in-rows",
        "x-wing-in-columns",
        "swordfish-in-rows",
        "swordfish-in-columns",
    ] {
        for (state, proof, sol) in steps_of("", rule, 400) {
            let Pattern::Fish { digit, base, .. } = &proof.pattern else {
                panic!("not a fish: {}", proof.rule)
            };
            let truths: Vec<CspVariable> = base
                .iter()
                .map(|&h| match h {
                    House::Row(r) => CspVariable::Rn(r, *digit),
                    House::Column(c) => CspVariable::Cn(c, *digit),
                    House::Block(b) => CspVariable::Bn(b, *digit),
                })
                .collect();
            let rows = matches!(base[0], House::Row(_));
            let crossing = |v: CspVariable| match v {
                CspVariable::Cn(..) => rows,
                CspVariable::Rn(..) => !rows,
                _ => false,
            };
            let rank = find_for_truths(&LinkIndex::new(&state), &truths, &crossing)
                .expect("a fish is a rank-0 set of its base lines");
            assert_sound_against_solution(&state, &sol, &rank);
            let mut ours = rank.eliminations.clone();
            let mut theirs = proof.eliminations.clone();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{}", proof.rule);
            n += 1;
        }
    }
    assert!(n >= 4, "fish steps on top1465: {n}");
}

/// Fire counts, soundness and time of the exotic searches on the basic rules' stuck states
/// of a collection: `SUDOLINK_DATA=… EXOTIC_FILE=forum_hardest_1905_11plus.txt EXOTIC_N=300
/// cargo test --release --test rank -- --ignored --nocapture` (the first puzzles where the
/// Senior Exocet and the belts fire are printed, for fixtures). `EXOTIC_ONLY=junior-exocet,…`
/// runs only the searches named. Every proof passes the checker; the Exocets' eliminations
/// are counted by the rule that makes each.
#[test]
#[ignore]
fn exotic_searches_on_stuck_states() {
    use std::time::Instant;
    use sudolink_search::exocet;
    let file = std::env::var("EXOTIC_FILE").unwrap_or_else(|_| "forum_hardest_1106.txt".into());
    let n: usize = std::env::var("EXOTIC_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    type Finder = fn(&LinkIndex) -> Vec<Proof>;
    let searches: [(&str, Finder); 6] = [
        ("msls", find_msls),
        ("sk-loop", find_sk_loops),
        ("junior-exocet", exocet::find),
        ("senior-exocet", exocet::find_senior),
        ("belt4", |l| find_belts(l, 4)),
        ("belt6", |l| find_belts(l, 6)),
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); searches.len()];
    let mut fires = [0usize; 6];
    let mut elims = [0usize; 6];
    let mut shown = [0usize; 6];
    let only = std::env::var("EXOTIC_ONLY").ok();
    let runs = |name: &str| {
        only.as_deref()
            .is_none_or(|o| o.split(',').any(|x| x == name))
    };
    let mut by_rule: std::collections::BTreeMap<(&str, &str), (usize, usize)> = Default::default();
    let mut states = 0;
    for p in common::collection(&file, n) {
        let (start, solution) = start_and_solution(&p);
        let r = solve(&start, &basic_rules(), Some(&solution)).expect("sound");
        if r.solved {
            continue;
        }
        states += 1;
        let links = LinkIndex::new(&r.final_state);
        for (k, (name, find)) in searches.iter().enumerate() {
            if !runs(name) {
                continue;
            }
            let t = Instant::now();
            let proofs = find(&links);
            times[k].push(t.elapsed().as_secs_f64() * 1e3);
            if !proofs.is_empty() {
                fires[k] += 1;
                if k >= 3 && shown[k] < 12 {
                    shown[k] += 1;
                    println!("{} fires: {}", searches[k].0, p.line());
                }
            }
            let mut rules_here = std::collections::BTreeSet::new();
            for proof in &proofs {
                elims[k] += proof.eliminations.len();
                assert_sound_against_solution(&r.final_state, &solution, proof);
                check(&r.final_state, proof).expect("the checker accepts it");
                if let Pattern::Exocet(e) = &proof.pattern {
                    for &x in &proof.eliminations {
                        let rule = sudolink_engine::proof::exocet::rule_for(&r.final_state, e, x)
                            .expect("a named rule");
                        by_rule.entry((name, rule)).or_default().1 += 1;
                        rules_here.insert(rule);
                    }
                }
            }
            for rule in rules_here {
                by_rule.entry((name, rule)).or_default().0 += 1;
            }
        }
    }
    for ((name, rule), (fired, n)) in &by_rule {
        println!("{name}, {rule}: fires in {fired} stuck states, {n} eliminations");
    }
    for (k, (name, _)) in searches.iter().enumerate() {
        if !runs(name) {
            continue;
        }
        let t = &mut times[k];
        t.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{name}: {states} stuck states of {file}, fires in {}, {} eliminations, median {:.2} ms, max {:.2} ms",
            fires[k],
            elims[k],
            t[t.len() / 2],
            t[t.len() - 1]
        );
    }
}
