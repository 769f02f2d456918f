//! Bird's Junior Exocet (`proof::exocet`, `search::exocet`) on the basic rules' stuck states
//! of the forum's hardest puzzles (data/forum_hardest_1106.txt): every pattern found passes
//! the checker and eliminates no digit of the solution; the checker refuses tampered
//! patterns.

mod common;

use common::{assert_sound_against_solution, collection, start_and_solution};
use sudolink::graph::LinkIndex;
use sudolink::grid::{Candidate, Cell, Digit, House, State};
use sudolink::notation::texts;
use sudolink::proof::exocet::{rule_for, ExocetPattern};
use sudolink::proof::{check, Pattern, Proof};
use sudolink::search::{basic_rules, exocet};
use sudolink::study::resolution::solve;

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
        for p in proofs {
            assert_sound_against_solution(state, solution, p);
            let e = exocet_of(p);
            // the targets' true digits are the base cells' (the pattern's theorem)
            let mut base: Vec<u8> = e.base.iter().map(|c| solution[c.index()]).collect();
            let mut targets: Vec<u8> = e.targets.iter().map(|c| solution[c.index()]).collect();
            base.sort();
            targets.sort();
            assert_eq!(
                base,
                targets,
                "{}",
                sudolink::notation::nrc::nrc_text(state, p)
            );
            for &x in &p.eliminations {
                assert!(rule_for(state, e, x).is_some());
            }
        }
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
