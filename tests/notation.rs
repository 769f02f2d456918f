//! The notation module's dialects: every printed proof reads back as the same proof (over
//! the proofs of resolution paths of top1465 puzzles), GNPX's own lines of [GNPX Force] read
//! back into force chains that the checker accepts, and no reader panics on any input.

use crate::common;

use common::{collection, start_and_solution};
use sudolink_engine::grid::format::{parse_line, parse_pencil_mark_grid};
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::net::NetPattern;
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_notation::eureka::{aic_eureka_text, eureka_text, proof_from_eureka};
use sudolink_notation::forum2007::forum2007_text;
use sudolink_notation::gnpx::{gnpx_text, read_gnpx, split_listing};
use sudolink_notation::nrc::basic::read_basic_steps;
use sudolink_notation::nrc::chain::{pattern_text_full, proof_from_text};
use sudolink_notation::nrc::{conclusions, nrc_text};
use sudolink_notation::read_step;
use sudolink_notation::sudorules::{read_sudorules, sudorules_text};
use sudolink_notation::tags::{read_tag_chain, tag_chain_text};
use sudolink_search::registry::{parse_list, rules_with_basic};
use sudolink_study::resolution::{apply, is_solution, solve};

/// Every step (with the state it applies to) of the resolution paths of the first `n`
/// top1465 puzzles with the techniques `list` (and the basic rules) up to `max_len`.
fn proofs_along(n: usize, list: &str, max_len: usize) -> Vec<(State, Proof)> {
    let rules = rules_with_basic(&parse_list(list).unwrap(), max_len);
    let mut out = Vec::new();
    for p in collection("top1465.txt", n) {
        let (start, solution) = start_and_solution(&p);
        let path = solve(&start, &rules, Some(&solution)).unwrap();
        let mut state = start;
        for step in path.steps {
            out.push((state.clone(), step.proof.clone()));
            apply(&mut state, &step.proof).unwrap();
        }
    }
    out
}

/// At least one proof of the kind the test is about.
fn some_of(proofs: &[(State, Proof)], kind: fn(&Pattern) -> bool) -> Vec<&(State, Proof)> {
    let found: Vec<_> = proofs.iter().filter(|(_, p)| kind(&p.pattern)).collect();
    assert!(!found.is_empty(), "no proof of this kind on the paths");
    found
}

#[test]
fn nrc_and_2007_texts_read_back_as_the_same_basic_proofs() {
    let proofs = proofs_along(20, "basic", 0);
    let mut read = 0;
    for (state, proof) in &proofs {
        let nrc = nrc_text(state, proof);
        let back = read_basic_steps(&nrc).unwrap_or_else(|e| panic!("{nrc}: {e}"));
        assert_eq!(back, std::slice::from_ref(proof), "{nrc}");
        let old = forum2007_text(state, proof).expect("every basic rule has a 2007 form");
        let back = read_step(state, &old).unwrap_or_else(|e| panic!("{old}: {e}"));
        assert_eq!(back, std::slice::from_ref(proof), "{old}");
        read += 1;
    }
    assert!(read > 100, "{read} basic steps");
}

#[test]
fn chains_read_back_from_the_nrc_2007_and_eureka_texts() {
    let proofs = proofs_along(4, "nrc,nrct,nrcz,nrczt,lasso", 8);
    for (state, proof) in some_of(&proofs, |p| matches!(p, Pattern::Chain(_))) {
        let Pattern::Chain(c) = &proof.pattern else {
            unreachable!()
        };
        // the full notation names every extra candidate and its justification
        let full = format!("{} ==> {}", pattern_text_full(c), conclusions(proof));
        let back = proof_from_text(state, &full).unwrap_or_else(|e| panic!("{full}: {e}"));
        check(state, &back).unwrap();
        assert_eq!(&back, proof, "{full}");
        // the short notation and the 2007 form leave the extras to the reader
        for text in [
            nrc_text(state, proof),
            forum2007_text(state, proof).unwrap(),
        ] {
            let back = read_step(state, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.len(), 1);
            check(state, &back[0]).unwrap();
            assert_eq!(back[0].eliminations, proof.eliminations, "{text}");
            let Pattern::Chain(b) = &back[0].pattern else {
                panic!("{text} is not read as a chain")
            };
            assert_eq!(b.chain_candidates(), c.chain_candidates(), "{text}");
        }
        // Eureka: chains without t- or z-candidates, read as the least family that checks
        if let Some(e) = eureka_text(c) {
            let back = proof_from_eureka(state, &e).unwrap_or_else(|x| panic!("{e}: {x}"));
            let Pattern::Chain(b) = &back.pattern else {
                panic!("{e} is not read as a chain")
            };
            assert_eq!(b.chain_candidates(), c.chain_candidates(), "{e}");
            assert_eq!(back.eliminations, proof.eliminations, "{e}");
        }
    }
}

#[test]
fn whips_braids_and_biv_chains_read_back_from_sudorules_notation() {
    let mut proofs = proofs_along(4, "whip,braid", 10);
    proofs.extend(proofs_along(2, "g-whip", 8));
    proofs.extend(proofs_along(3, "nrc", 10));
    let mut kinds = std::collections::BTreeSet::new();
    for (state, proof) in &proofs {
        let readable = match &proof.pattern {
            Pattern::Whip(w) => Some(w.kind.name()),
            Pattern::Chain(c) if c.family.name() == "nrc" => Some("biv-chain"),
            _ => None,
        };
        let Some(kind) = readable else { continue };
        let text = sudorules_text(state, proof);
        let back = read_sudorules(state, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        check(state, &back).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&back, proof, "{text}");
        // check-path reads the same line
        assert_eq!(read_step(state, &text).unwrap(), [back], "{text}");
        kinds.insert(kind);
    }
    for kind in ["whip", "braid", "g-whip", "biv-chain"] {
        assert!(kinds.contains(kind), "no {kind} on the paths: {kinds:?}");
    }
}

#[test]
fn grouped_chains_read_back_from_eureka() {
    let mut proofs = proofs_along(6, "aic", 10);
    proofs.extend(proofs_along(6, "tag1", 1000));
    for (state, proof) in some_of(&proofs, |p| matches!(p, Pattern::Aic(_))) {
        let Pattern::Aic(a) = &proof.pattern else {
            unreachable!()
        };
        let text = aic_eureka_text(proof, a);
        // the text after the technique name, without the tag form
        let chain = text.split_once(' ').unwrap().1;
        let chain = chain.split("  ").next().unwrap();
        let back = proof_from_eureka(state, chain).unwrap_or_else(|e| panic!("{chain}: {e}"));
        check(state, &back).unwrap();
        assert_eq!(back.eliminations, proof.eliminations, "{chain}");
        match &back.pattern {
            Pattern::Aic(b) => {
                assert_eq!(b.nodes, a.nodes, "{chain}");
                assert_eq!(b.conclusion, a.conclusion, "{chain}");
                assert_eq!(b.als_links, a.als_links, "{chain}");
            }
            // a chain of single candidates reads as the nrc-chain it is
            Pattern::Chain(c) => {
                let cands: Vec<Candidate> = a
                    .nodes
                    .iter()
                    .map(|n| Candidate::new(n.cells[0], n.digit))
                    .collect();
                assert_eq!(c.chain_candidates(), cands, "{chain}");
            }
            other => panic!("{chain} read as {other:?}"),
        }
        // the tag form reads back as the tag pairs it was printed from
        if let Some(tags) = &a.tags {
            let pairs = read_tag_chain(tags).unwrap_or_else(|e| panic!("{tags}: {e}"));
            let reprinted = tag_chain_text(pairs[0].0, &pairs);
            // `[] Aa` (a layer's own OR) prints from its start alone
            if !(pairs.len() == 1 && pairs[0].0 ^ 1 == pairs[0].1) {
                assert_eq!(&reprinted, tags);
            }
        }
    }
}

/// A net with each branch's inferences as a set: the order the lines show is all GNPX's
/// text keeps of the order of derivation.
fn normalised(net: &NetPattern) -> NetPattern {
    let mut n = net.clone();
    for b in &mut n.branches {
        b.steps.sort_by_key(|s| format!("{s:?}"));
    }
    n
}

#[test]
fn force_chains_and_nets_read_back_from_gnpx_text() {
    let mut proofs = proofs_along(3, "force-chains", 1000);
    proofs.extend(proofs_along(2, "force-nets", 1000));
    let nets = some_of(&proofs, |p| matches!(p, Pattern::Net(_)));
    for (state, proof) in nets {
        let Pattern::Net(net) = &proof.pattern else {
            unreachable!()
        };
        let text = gnpx_text(net, proof);
        let back =
            read_gnpx(state, &text, Some(net.level)).unwrap_or_else(|e| panic!("{text}\n{e}"));
        check(state, &back).unwrap_or_else(|e| panic!("{text}\n{e}"));
        let Pattern::Net(b) = &back.pattern else {
            panic!("not a net")
        };
        assert_eq!(normalised(b), normalised(net), "{text}");
        assert_eq!(
            (&back.rule, &back.eliminations, &back.assertions),
            (&proof.rule, &proof.eliminations, &proof.assertions)
        );
    }
}

#[test]
fn gnpx_seed_003_lines_read_back_and_hold_on_the_seeds_state() {
    // [GNPX Force]: the puzzle, its state when GNPX ran, and GNPX's printed results
    let puzzle =
        "1526.7.893...5...4...9.3..75.8...2.6.6.....9.9.3...4.14..5.6...6...3...573.4.1962";
    let (_, solution) = start_and_solution(&parse_line(puzzle, 1).unwrap());
    let state = parse_pencil_mark_grid(include_str!("fixtures/gnpx_force_state.txt"), 1).unwrap();
    let listing = split_listing(include_str!("fixtures/gnpx_seed_003_results.txt"));
    assert_eq!(listing.len(), 26, "6 verities and the 20 contradictions");
    let mut derived_twice = 0;
    for text in &listing {
        let proof = read_gnpx(&state, text, None).unwrap_or_else(|e| panic!("{text}\n{e}"));
        check(&state, &proof).unwrap_or_else(|e| panic!("{text}\n{e}"));
        for c in &proof.eliminations {
            assert!(!is_solution(&solution, *c), "{text}");
        }
        for c in &proof.assertions {
            assert!(is_solution(&solution, *c), "{text}");
        }
        // printed again, the proof is the seed's text, unless GNPX's lines derive one
        // literal two ways (we print the first derivation); either way it reads back
        let Pattern::Net(net) = &proof.pattern else {
            panic!("not a net")
        };
        let again = gnpx_text(net, &proof);
        let twice = net.branches.iter().any(|b| {
            let ends: std::collections::BTreeSet<_> =
                b.steps.iter().map(|s| &s.conclusion).collect();
            ends.len() < b.steps.len()
        });
        if twice {
            derived_twice += 1;
            let back = read_gnpx(&state, &again, None).unwrap();
            check(&state, &back).unwrap();
            let Pattern::Net(b) = &back.pattern else {
                panic!("not a net")
            };
            assert_eq!(gnpx_text(b, &back), again);
        } else {
            assert_eq!(&again, text);
        }
    }
    assert!(
        derived_twice <= 3,
        "{derived_twice} of GNPX's texts derive a literal twice"
    );
}

#[test]
fn a_tampered_gnpx_line_is_refused() {
    let state = parse_pencil_mark_grid(include_str!("fixtures/gnpx_force_state.txt"), 1).unwrap();
    let good = "ForceChain_Contradiction r5c4#1 is false\n\
        ✿[W r5c4/+1 -> r5c5/-1] => [W r5c5/+7 -> r5c7/-7] => [S r5c7/-7 -> r8c7/+7] => [W r8c7/+7 -> r8c4/-7] => [S (ALS:r268c4) r8c4/-7 -> r2c4/+1]\n\
        ✿[W r5c4/+1 -> r2c4/-1]";
    let proof = read_gnpx(&state, good, None).unwrap();
    check(&state, &proof).unwrap();
    // a strong link where only a weak one holds; an ALS that is not one; a line that
    // jumps between cells; the wrong assumption in the heading
    for (from, to) in [
        ("[S r5c7/-7 -> r8c7/+7]", "[S r5c7/-7 -> r5c9/+7]"),
        ("(ALS:r268c4)", "(ALS:r28c4)"),
        ("[W r5c5/+7 -> r5c7/-7]", "[W r4c4/+7 -> r5c7/-7]"),
        ("r5c4#1 is false", "r5c5#7 is false"),
    ] {
        let bad = good.replace(from, to);
        let refused = match read_gnpx(&state, &bad, None) {
            Err(_) => true,
            Ok(p) => check(&state, &p).is_err(),
        };
        assert!(refused, "{bad}");
    }
}

/// Ocean #1 ([Berthier NRC]) at its start.
fn ocean1_start() -> State {
    parse_line(
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
        1,
    )
    .unwrap()
    .start_state()
    .unwrap()
}

proptest::proptest! {
    #[test]
    fn no_reader_panics_on_random_text(s in "\\PC{0,120}") {
        let state = ocean1_start();
        let _ = read_step(&state, &s);
        let _ = read_sudorules(&state, &s);
        let _ = read_gnpx(&state, &s, None);
        let _ = read_tag_chain(&s);
        let _ = proof_from_eureka(&state, &s);
        let _ = proof_from_text(&state, &s);
        let _ = read_basic_steps(&s);
    }

    #[test]
    fn no_reader_panics_on_notation_like_text(
        s in "(whip\\[[0-9]\\]: |biv-chain\\[[0-9]\\]: |nrc[0-9]-chain |number [0-9] : |\\(|✿\\[W |ForceChain_Cell )?((r[0-9]c[0-9]|[rcbn][0-9]|\\{|\\}|[0-9]|/[+-]|#|\\*|\\.| - |=|-|<>|≠|, | ==> | => |\\)| -> |\\] => \\[)){0,30}"
    ) {
        let state = ocean1_start();
        let _ = read_step(&state, &s);
        let _ = read_sudorules(&state, &s);
        let _ = read_gnpx(&state, &s, None);
        let _ = proof_from_eureka(&state, &s);
    }
}

#[test]
fn check_path_replays_a_path_printed_in_sudorules_notation() {
    // Ocean #1 ([Berthier NRC]) solved with whips, printed as SudoRules prints it, read back
    let ocean1 =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";
    let printed = common::ok(&["solve", ocean1, "--rules", "W", "--notation", "sudorules"]);
    let path: String = common::step_texts(&printed)
        .into_iter()
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(path.contains("whip[3]: b4n5{r6c1 r4c3} - c4n5{r4 r9} - c8n5{r9 .} ==> r1c1≠5"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ocean1-w.path");
    std::fs::write(&file, &path).unwrap();
    let out = common::ok(&["check-path", ocean1, file.to_str().unwrap()]);
    assert!(
        out.contains(
            "ok   step 1 (line 1): whip[3]: b4n5{r6c1 r4c3} - c4n5{r4 r9} - c8n5{r9 .} ==> r1c1 <> 5"
        ),
        "{out}"
    );
    assert!(out.contains("the puzzle is solved after them"), "{out}");
}
