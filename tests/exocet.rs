//! Bird's Junior and Senior Exocets (`proof::exocet`, `search::exocet`): the published
//! examples with their eliminations; on the basic rules' stuck states of the forum's hardest
//! puzzles (data/forum_hardest_1106.txt, and tests/fixtures/senior_exocet_hardest.txt for the
//! Senior) every pattern found passes the checker and eliminates no digit of the solution;
//! the checker refuses tampered patterns.

use crate::common;

use common::{assert_sound_against_solution, collection, fixture_path, start_and_solution};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, Cell, Digit, House, State};
use sudolink_engine::proof::exocet::{rule_for, ExocetKind, ExocetPattern};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_notation::texts;
use sudolink_search::{basic_rules, exocet};
use sudolink_study::resolution::solve;

/// The stuck states of the first `n` puzzles of the collection where a Junior Exocet fires,
/// with its proofs and the solution.
fn fired(n: usize) -> Vec<(State, [u8; 81], Vec<Proof>)> {
    collection("forum_hardest_1106.txt", n)
        .iter()
        .filter_map(|p| {
            let (start, solution) = start_and_solution(p);
            let r = solve(&start, &basic_rules(), Some(&solution)).expect("sound");
            let proofs = exocet::find(&LinkIndex::new(&r.final_state));
            (!proofs.is_empty()).then_some((r.final_state, solution, proofs))
        })
        .collect()
}

fn exocet_of(p: &Proof) -> &ExocetPattern {
    match &p.pattern {
        Pattern::Exocet(e) => e,
        other => panic!("not an Exocet: {other:?}"),
    }
}

#[test]
fn junior_exocets_of_the_hardest_puzzles_are_sound() {
    let found = fired(150);
    assert!(
        found.len() >= 3,
        "Junior Exocets in 150 stuck states: {}",
        found.len()
    );
    let (state, _, proofs) = &found[0];
    for t in texts(state, &proofs[0]) {
        println!("{}\n{}", t.heading, t.text);
    }
    for (state, solution, proofs) in &found {
        assert_exocets_sound(state, solution, proofs);
    }
}

#[test]
fn the_checker_refuses_tampered_exocets() {
    let found = fired(150);
    let (state, _, proofs) = &found[0];
    let p = &proofs[0];
    check(state, p).expect("the pattern holds");
    let with = |f: &dyn Fn(&mut ExocetPattern, &mut Vec<Candidate>)| {
        let mut q = p.clone();
        let Pattern::Exocet(e) = &mut q.pattern else {
            unreachable!()
        };
        f(e, &mut q.eliminations);
        check(state, &q)
    };
    // a base digit's cover lines dropped: its S cells are uncovered (or its rule changes)
    let some_s = |e: &ExocetPattern| e.covers.iter().position(|(_, l)| !l.is_empty());
    if some_s(exocet_of(p)).is_some() {
        assert!(
            with(&|e, _| {
                let i = some_s(e).unwrap();
                e.covers[i].1.clear();
                e.covers[i].1.push(House::Row(9 - 1));
                e.covers[i].1.push(House::Column(9 - 1));
            })
            .is_err()
                || with(&|e, _| {
                    let i = some_s(e).unwrap();
                    e.covers[i].1 = vec![House::Block(0)];
                })
                .is_err()
        );
    }
    // three cover lines
    assert!(
        with(&|e, _| e.covers[0].1 = vec![House::Row(0), House::Row(1), House::Row(2)]).is_err()
    );
    // a Junior called Senior: both targets in the band is not a Senior's shape
    assert!(with(&|e, _| e.kind = ExocetKind::Senior).is_err());
    // a base digit dropped from the covers
    assert!(with(&|e, _| {
        e.covers.pop();
    })
    .is_err());
    // a target moved to the base's box
    assert!(with(&|e, _| e.targets[0] = Cell::at(e.base[0].row(), e.base[0].col())).is_err());
    // a base digit of a target eliminated: no rule makes it
    let e = exocet_of(p);
    if let Some(x) = e
        .targets
        .iter()
        .flat_map(|&t| e.digits().into_iter().map(move |d| Candidate::new(t, d)))
        .find(|&x| state.has(x))
    {
        assert!(with(&|_, el| el.push(x)).is_err());
    }
    // a candidate outside the pattern eliminated
    let outside = (0..81)
        .map(Cell::new)
        .filter(|c| !e.base.contains(c) && !e.targets.contains(c))
        .flat_map(|c| Digit::all().map(move |d| Candidate::new(c, d)))
        .find(|&x| state.has(x))
        .unwrap();
    assert!(with(&|_, el| el.push(outside)).is_err());
}

/// The basic rules' stuck state of a puzzle line, its solution, its Junior and Senior
/// Exocets.
fn stuck(line: &str) -> (State, [u8; 81], Vec<Proof>, Vec<Proof>) {
    let p = parse_line(line, 1).expect("a puzzle line");
    let (start, solution) = start_and_solution(&p);
    let r = solve(&start, &basic_rules(), Some(&solution)).expect("sound");
    let links = LinkIndex::new(&r.final_state);
    let (je, se) = (exocet::find(&links), exocet::find_senior(&links));
    (r.final_state, solution, je, se)
}

/// `r4c5`-style cells.
fn cells(names: &[&str]) -> Vec<Cell> {
    names
        .iter()
        .map(|n| {
            let b = n.as_bytes();
            Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize)
        })
        .collect()
}

/// `(cell, digit)` eliminations, sorted.
fn elims(list: &[(&str, u8)]) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = list
        .iter()
        .map(|&(c, d)| Candidate::new(cells(&[c])[0], Digit::new(d).unwrap()))
        .collect();
    v.sort();
    v
}

/// Every proof sound against the solution, passing the checker, its targets holding the
/// base cells' digits (the pattern's theorem), each elimination named by a rule.
fn assert_exocets_sound(state: &State, solution: &[u8; 81], proofs: &[Proof]) {
    for p in proofs {
        assert_sound_against_solution(state, solution, p);
        check(state, p).expect("the checker accepts it");
        let e = exocet_of(p);
        let mut base: Vec<u8> = e.base.iter().map(|c| solution[c.index()]).collect();
        let mut targets: Vec<u8> = e.targets.iter().map(|c| solution[c.index()]).collect();
        base.sort();
        targets.sort();
        assert_eq!(
            base,
            targets,
            "{}",
            sudolink_notation::nrc::nrc_text(state, p)
        );
        for &x in &p.eliminations {
            assert!(rule_for(state, e, x).is_some());
        }
    }
}

/// David P Bird's example in the "JExocet Pattern Definition" thread (forum.enjoysudoku.com,
/// 2013; restated in SudoRules' J-Exocet notes), on a puzzle champagne posted: JExocet
/// (124) r46c5, r2c6, r8c4 after the basic rules. His eliminations of the pattern itself:
/// r46c5<>2 (digit 2's S cells in column 1 only), r2c6<>28, r8c4<>29 (non-base digits, and 2
/// once it leaves the bases), and with {14} the base digits left, "r1c5 <> 1, r289c5 <> 14,
/// r5c46 <> 14, r6c6 <> 1 (seen by the base cells)" and "r1c4 <> 1, r3c4 <> 4, r7c6 <> 4,
/// r9c6 <> 14 (seen by both target cells)": all 23 are ours, and no more. His fin cells'
/// eliminations are not a rule of ours.
#[test]
fn birds_published_junior_exocet_has_his_eliminations() {
    let (state, solution, je, se) =
        stuck("4..........57..6...1..5..2..8.6.9.....3.7.9.....3...4..2..8..1...7..35..........2");
    // the state he printed: r4c5 124, r6c5 12, r2c6 1248, r8c4 1249
    for (c, ds) in [
        ("r4c5", "124"),
        ("r6c5", "12"),
        ("r2c6", "1248"),
        ("r8c4", "1249"),
    ] {
        let got: String = Digit::all()
            .filter(|&d| state.has(Candidate::new(cells(&[c])[0], d)))
            .map(|d| d.to_string())
            .collect();
        assert_eq!(got, ds, "{c}");
    }
    let found: Vec<&Proof> = je
        .iter()
        .filter(|p| {
            let e = exocet_of(p);
            e.base.to_vec() == cells(&["r4c5", "r6c5"])
                && e.targets.to_vec() == cells(&["r2c6", "r8c4"])
        })
        .collect();
    assert_eq!(found.len(), 1, "Bird's JE is found once");
    let p = found[0];
    assert_eq!(exocet_of(p).kind, ExocetKind::Junior);
    assert_eq!(
        p.eliminations,
        elims(&[
            ("r4c5", 2),
            ("r6c5", 2),
            ("r2c6", 2),
            ("r2c6", 8),
            ("r8c4", 2),
            ("r8c4", 9),
            // seen by the base cells
            ("r1c5", 1),
            ("r2c5", 1),
            ("r2c5", 4),
            ("r8c5", 1),
            ("r8c5", 4),
            ("r9c5", 1),
            ("r9c5", 4),
            ("r5c4", 1),
            ("r5c4", 4),
            ("r5c6", 1),
            ("r5c6", 4),
            ("r6c6", 1),
            // seen by both targets
            ("r1c4", 1),
            ("r3c4", 4),
            ("r7c6", 4),
            ("r9c6", 1),
            ("r9c6", 4),
        ])
    );
    let e = exocet_of(p);
    let rules: Vec<&str> = p
        .eliminations
        .iter()
        .map(|&x| rule_for(&state, e, x).unwrap())
        .collect();
    for rule in [
        "cover-line rule",
        "cover-line rule on a target",
        "two-digit rule, seen by the base cells",
        "two-digit rule, seen by both targets",
    ] {
        assert!(rules.contains(&rule), "{rule}");
    }
    assert_exocets_sound(&state, &solution, &je);
    assert_exocets_sound(&state, &solution, &se);
}

/// Fata Morgana (Allan Barker), where the compendium says the Exocet was first found: the
/// Junior Exocet (136) r5c46, r4c2, r6c8 takes 2 and 4 from r4c2 — two of the eliminations
/// sultan vinegar publishes for it in the "JExocet Compendium" thread.
#[test]
fn fata_morganas_junior_exocet() {
    let (state, solution, je, se) =
        stuck("000000003001005600090040070000009050700050008050402000080020090003500100600000000");
    assert_eq!(je.len(), 1);
    let e = exocet_of(&je[0]);
    assert_eq!(e.base.to_vec(), cells(&["r5c4", "r5c6"]));
    assert_eq!(e.targets.to_vec(), cells(&["r4c2", "r6c8"]));
    assert_eq!(je[0].eliminations, elims(&[("r4c2", 2), ("r4c2", 4)]));
    assert_exocets_sound(&state, &solution, &je);
    assert_exocets_sound(&state, &solution, &se);
}

/// Blue's example of targets outside the base band ("JExocet Pattern Definition" thread,
/// forum.enjoysudoku.com, 2013; #9004 of champagne's potential hardest list): the base
/// r1c56 {1234} he marks is a Senior Exocet's, its targets r6c3 and r3c7 (the part of his
/// post giving his targets and eliminations was not at hand: ours are checked against the
/// solution).
#[test]
fn blues_published_senior_exocet() {
    let (state, solution, _, se) =
        stuck("98.7.......7.6.9....6.5....4......3..9...2..1...6..5..1.......4.3.....2...98..7..");
    let found: Vec<&Proof> = se
        .iter()
        .filter(|p| exocet_of(p).base.to_vec() == cells(&["r1c5", "r1c6"]))
        .collect();
    assert_eq!(found.len(), 1);
    let e = exocet_of(found[0]);
    assert_eq!(e.kind, ExocetKind::Senior);
    assert_eq!(
        e.digits(),
        (1..=4).map(|d| Digit::new(d).unwrap()).collect::<Vec<_>>()
    );
    assert_eq!(e.targets.to_vec(), cells(&["r6c3", "r3c7"]));
    assert_eq!(found[0].eliminations, elims(&[("r3c7", 8), ("r6c3", 8)]));
    let text = sudolink_notation::nrc::nrc_text(&state, found[0]);
    assert!(text.starts_with("SE: base r1c5 r1c6 {1234}"), "{text}");
    assert_exocets_sound(&state, &solution, &se);
}

/// The Senior Exocets of stuck states of the forum's hardest list where the search fires
/// (tests/fixtures/senior_exocet_hardest.txt): sound, checked, and the checker refuses them
/// tampered.
#[test]
fn senior_exocets_of_hard_puzzles_are_sound_and_checked() {
    let text = std::fs::read_to_string(fixture_path("senior_exocet_hardest.txt")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), 10);
    for line in lines {
        let (state, solution, _, se) = stuck(line.split_whitespace().next().unwrap());
        assert!(!se.is_empty(), "{line}");
        assert_exocets_sound(&state, &solution, &se);
        let p = &se[0];
        let with = |f: &dyn Fn(&mut ExocetPattern, &mut Vec<Candidate>)| {
            let mut q = p.clone();
            let Pattern::Exocet(e) = &mut q.pattern else {
                unreachable!()
            };
            f(e, &mut q.eliminations);
            check(&state, &q)
        };
        // called Junior, both targets are not in the base band's other boxes
        assert!(with(&|e, _| e.kind = ExocetKind::Junior).is_err());
        // a target moved onto the base line
        assert!(with(&|e, _| {
            let b = e.base[0];
            let t = e.targets[0];
            e.targets[0] = if b.row() == e.base[1].row() {
                Cell::at(b.row(), t.col())
            } else {
                Cell::at(t.row(), b.col())
            };
        })
        .is_err());
        // three cover lines
        assert!(
            with(&|e, _| e.covers[0].1 = vec![House::Row(0), House::Row(1), House::Row(2)])
                .is_err()
        );
        // a base digit's covers emptied while it has S cells
        if let Some(i) = exocet_of(p).covers.iter().position(|(_, l)| !l.is_empty()) {
            assert!(with(&|e, _| e.covers[i].1.clear()).is_err());
        }
        // a base digit of a target eliminated without a rule
        let e = exocet_of(p);
        if let Some(x) = e
            .targets
            .iter()
            .flat_map(|&t| e.digits().into_iter().map(move |d| Candidate::new(t, d)))
            .find(|&x| state.has(x) && rule_for(&state, e, x).is_none())
        {
            assert!(with(&|_, el| el.push(x)).is_err());
        }
    }
}

/// Bird's "JExocet Compendium" Example 2, "Having a Cross-Line as a Cover House", as
/// DougCube quotes it in "Exocet Example 2 from JExocet Compendium" (forum.enjoysudoku.com,
/// 2018; tests/fixtures/exocet_compendium_example2.txt): (1359)JE2:r1c12.r2c4,r3c7, 9's
/// cover lines r5 and c4; r2c4<>2 (target rule), r2c4<>5 ("base digit missing from mirror
/// node", the mirror r3c89), r2c4<>9 (the target's cross-line c4 a cover line), r3c9<>39
/// (r3c8 holds no base digit: r3c9 holds r2c4's digit, 1). Ours are exactly these.
#[test]
fn compendium_example_2_mirror_and_cross_line_rules() {
    let text = std::fs::read_to_string(fixture_path("exocet_compendium_example2.txt")).unwrap();
    let state = common::pencil_mark_state(&text);
    let line = "002080067670000800000670000006000780020016054005000612061000405008050106457361298";
    let (_, solution) = start_and_solution(&parse_line(line, 1).expect("a puzzle line"));
    let links = LinkIndex::new(&state);
    let je = exocet::find(&links);
    let found: Vec<&Proof> = je
        .iter()
        .filter(|p| {
            let e = exocet_of(p);
            e.base.to_vec() == cells(&["r1c1", "r1c2"])
                && e.targets.to_vec() == cells(&["r2c4", "r3c7"])
        })
        .collect();
    assert_eq!(found.len(), 1);
    let p = found[0];
    let e = exocet_of(p);
    let nine = e.covers.iter().find(|(d, _)| d.get() == 9).unwrap();
    assert_eq!(nine.1, vec![House::Row(4), House::Column(3)]);
    assert_eq!(
        p.eliminations,
        elims(&[
            ("r2c4", 2),
            ("r2c4", 5),
            ("r2c4", 9),
            ("r3c9", 3),
            ("r3c9", 9)
        ])
    );
    let rules: Vec<&str> = p
        .eliminations
        .iter()
        .map(|&x| rule_for(&state, e, x).unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "target rule",
            "mirror rule",
            "cross-line cover rule",
            "mirror cell rule",
            "mirror cell rule"
        ]
    );
    assert_exocets_sound(&state, &solution, &je);
    // tampered: the other mirror cell, or a base digit the mirror holds, is no rule's
    for x in [("r3c8", 2), ("r2c4", 1), ("r3c9", 1)] {
        let mut q = p.clone();
        q.eliminations.push(elims(&[x])[0]);
        assert!(check(&state, &q).is_err(), "{x:?}");
    }
    // the mirror cell rule needs r3c8 free of base digits: given a 3 there, no rule makes
    // r3c9<>3 and the checker refuses the proof
    let row3 = " 13589 1389 349  | 6    7    239  | 359  24   139";
    let s = common::pencil_mark_state(&text.replace(row3, &row3.replace(" 24 ", "234 ")));
    assert!(s.has(Candidate::new(cells(&["r3c8"])[0], Digit::new(3).unwrap())));
    assert!(check(&s, p).is_err());
}
