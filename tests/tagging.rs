//! gpenet's full tagging ([gpenet tagging]), level 1: layers of strong links with tag pairs,
//! alternate chains `[] AB bC` across layers, and their clearings — every one an
//! alternating inference chain over groups that `proof::check` verifies and the solution
//! agrees with.

use crate::common;

use common::{collection, start_and_solution};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, Digit, State};
use sudolink_engine::proof::aic::{AicConclusion, AicPattern};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_notation::nrc;
use sudolink_notation::tags::tag_name;
use sudolink_search::basic_rules;
use sudolink_search::registry::parse_list;
use sudolink_search::tagging::{level1, Tagging};
use sudolink_study::resolution::{apply, is_solution, solve};

fn stuck_states(n: usize) -> Vec<(State, [u8; 81])> {
    common::basic_stuck_states(n)
}

fn aic_of(p: &Proof) -> &AicPattern {
    match &p.pattern {
        Pattern::Aic(a) => a,
        other => panic!("not a chain: {other:?}"),
    }
}

#[test]
fn the_seeds_tag_names() {
    // "each layer receives a letter upper and lower case … finally one letter with a
    // prefix £ $ & …"
    assert_eq!(tag_name(0, 0), "A");
    assert_eq!(tag_name(0, 1), "a");
    assert_eq!(tag_name(25, 1), "z");
    assert_eq!(tag_name(26, 0), "£A");
    assert_eq!(tag_name(52, 1), "$a");
}

#[test]
fn layers_are_consistent_and_counted_as_the_seed_says() {
    // the seed: "in basic tagging, the number of tags is in the range of 30 to 80 (15 to
    // 40 layers)"; parity is always consistent inside a layer of a valid puzzle
    let mut layers = Vec::new();
    for (state, _) in stuck_states(30) {
        let t = Tagging::new(&LinkIndex::new(&state));
        assert_eq!(t.conflicts, 0, "a layer's colouring conflicts");
        layers.push(t.layers);
    }
    layers.sort();
    let median = layers[layers.len() / 2];
    assert!(
        (5..=120).contains(&median),
        "median layers {median}: {layers:?}"
    );
}

#[test]
fn every_level1_clearing_is_a_checked_chain_that_keeps_the_solution() {
    let (mut ends, mut loops, mut groups) = (0, 0, 0);
    for (state, solution) in stuck_states(40) {
        let links = LinkIndex::new(&state);
        for proof in level1(&links) {
            let text = nrc::nrc_text(&state, &proof);
            check(&state, &proof).unwrap_or_else(|e| panic!("{text}: {e}"));
            for &c in &proof.eliminations {
                assert!(
                    !is_solution(&solution, c),
                    "{text} eliminates the solution {c}"
                );
            }
            let a = aic_of(&proof);
            assert!(
                a.tags.as_deref().is_some_and(|t| t.starts_with("[] ")),
                "{text}"
            );
            match a.conclusion {
                AicConclusion::Ends => ends += 1,
                AicConclusion::Loop => loops += 1,
                AicConclusion::Continuous => {
                    panic!("tagging level 1 reports no continuous loop: {text}")
                }
            }
            groups += usize::from(a.nodes.iter().any(|n| n.cells.len() > 1));
            // tampered: a node dropped breaks the alternation or a link
            let mut bad = proof.clone();
            if let Pattern::Aic(t) = &mut bad.pattern {
                t.nodes.remove(t.nodes.len() / 2);
            }
            assert!(
                check(&state, &bad).is_err(),
                "accepted {text} without a node"
            );
        }
    }
    assert!(ends > 50, "chains between two ends: {ends}");
    assert!(groups > 5, "chains through groups: {groups}");
    eprintln!("ends {ends}, loops {loops}, with groups {groups}");
}

#[test]
fn tagging_takes_a_resolution_further_than_the_basic_rules() {
    let rules = sudolink_search::registry::rules_with_basic(&parse_list("tag1").unwrap(), 20);
    let (mut basic, mut tagged) = (0, 0);
    for p in collection("top1465.txt", 60) {
        let (start, solution) = start_and_solution(&p);
        basic += usize::from(
            solve(&start, &basic_rules(), Some(&solution))
                .unwrap()
                .solved,
        );
        // every step is verified against the solution by the strategy itself
        tagged += usize::from(solve(&start, &rules, Some(&solution)).unwrap().solved);
    }
    assert!(tagged > basic, "basic {basic}, with tagging {tagged}");
}

#[test]
fn a_chain_prints_in_eureka_with_group_nodes() {
    for (state, _) in stuck_states(20) {
        for proof in level1(&LinkIndex::new(&state)) {
            let a = aic_of(&proof);
            if let Some(g) = a.nodes.iter().find(|n| n.cells.len() > 1) {
                let text = sudolink_notation::eureka::aic_eureka_text(&proof, a);
                assert!(text.contains(&g.eureka()), "{text}");
                assert!(g.eureka().starts_with(&format!("({})r", g.digit)));
                return;
            }
        }
    }
    panic!("no chain through a group on the sample");
}

#[test]
fn a_conflicting_loop_clears_a_whole_tag() {
    // a state with a Loop conclusion somewhere on the sample: every candidate of the
    // first node is eliminated, and the chain closes on it by a weak link
    for (state, _) in stuck_states(40) {
        for proof in level1(&LinkIndex::new(&state)) {
            let a = aic_of(&proof);
            if a.conclusion == AicConclusion::Loop {
                let first = &a.nodes[0];
                let target = proof.eliminations[0];
                assert_eq!(target.digit(), first.digit);
                assert!(first.cells.contains(&target.cell()));
                check(&state, &proof).unwrap();
                return;
            }
        }
    }
    panic!("no conflicting loop on the sample");
}

#[test]
fn level1_on_a_state_after_one_step() {
    // the clearing applies: the next state drops the target
    let (state, solution) = stuck_states(1).remove(0);
    let proofs = level1(&LinkIndex::new(&state));
    let p = proofs.first().expect("a clearing on the first stuck state");
    let mut next = state.clone();
    apply(&mut next, p).unwrap();
    assert!(!next.has(p.eliminations[0]));
    let c: Candidate = p.eliminations[0];
    assert!(!is_solution(&solution, c));
    let _ = (Cell::at(0, 0), Digit::new(1));
}

#[test]
fn the_tag_command_prints_the_tagged_grid_and_the_clearings() {
    let p = &collection("top1465.txt", 1)[0];
    let out = common::ok(&["tag", &p.line()]);
    let rows: Vec<&str> = out.lines().take(9).collect();
    for (r, row) in rows.iter().enumerate() {
        // the seed's `[code]` rows: `1||23a8b _____ 24t8B_ |3A46j …`
        assert!(row.starts_with(&format!("{}||", r + 1)), "{row}");
        assert_eq!(row.matches(" |").count(), 2, "{row}");
    }
    assert!(out.contains("layers: "), "{out}");
    assert!(out
        .lines()
        .any(|l| l.starts_with("tag1 (") && l.contains(" => r") && l.contains("[] ")));
    let json = common::ok(&["tag", &p.line(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["layers"].as_u64().unwrap() > 0);
    assert!(!v["clearings"].as_array().unwrap().is_empty());
    // level 4 is refused, not faked (levels 2 and 3: tests/tagging2.rs, tests/tagging3.rs)
    let (code, _, err) = common::sudolink(&["tag", &p.line(), "--level", "4"]);
    assert_ne!(code, 0);
    assert!(err.contains("level"), "{err}");
}

#[test]
fn kites_skyscrapers_and_turbots_are_named() {
    use std::collections::BTreeMap;
    let mut shapes: BTreeMap<&str, usize> = BTreeMap::new();
    for (state, _) in stuck_states(40) {
        for proof in level1(&LinkIndex::new(&state)) {
            if let Some(s) = sudolink_engine::proof::aic::shape_name(&state, aic_of(&proof)) {
                *shapes.entry(s).or_default() += 1;
                let text = nrc::nrc_text(&state, &proof);
                assert!(text.contains(&format!("({s})")), "{text}");
            }
        }
    }
    for s in ["skyscraper", "2-string-kite", "empty-rectangle"] {
        assert!(shapes.get(s).is_some_and(|&n| n > 0), "no {s}: {shapes:?}");
    }
}

#[test]
fn tag_exports_the_layers_as_dot_with_one_colour_per_layer() {
    let p = &collection("top1465.txt", 1)[0];
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let (code, _, err) =
        common::sudolink(&["tag", &p.line(), "--export", out_dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let dot = std::fs::read_to_string(out_dir.join("layers.dot")).unwrap();
    assert!(dot.starts_with("graph layers"), "{dot}");
    let colours: std::collections::BTreeSet<&str> = dot
        .match_indices("color=\"#")
        .map(|(i, _)| &dot[i + 7..i + 15])
        .collect();
    assert!(colours.len() > 3, "{colours:?}");
    assert!(out_dir.join("tag-1.txt").exists());
    // the grid coloured by layer: several layer fills, and a PNG that decodes
    let svg = std::fs::read_to_string(out_dir.join("layers-grid.svg")).unwrap();
    let fills: std::collections::BTreeSet<&str> = svg
        .match_indices("fill=\"#")
        .map(|(i, _)| &svg[i + 6..i + 13])
        .collect();
    assert!(fills.len() > 4, "{fills:?}");
    assert!(svg.contains("layers of strong links"), "caption missing");
    let png = std::fs::read(out_dir.join("layers-grid.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
    assert!(err.contains("layers-grid.png"), "{err}");
}
