//! Hanson's 3D Medusa ([Hanson SA], "3D Medusa Analysis", "Weakly Linked Chains", "3D Medusa
//! Hinge"): coloured strong chains, weak links between chains, weak corners and hinges.
//! Every conclusion on the states of real resolution paths passes `proof::check` and
//! agrees with the solution; hand-made pencil-mark states show each rule with its exact
//! conclusion; tampered proofs (a colour flipped, a node dropped, a weak link dropped, an
//! elimination added) are refused.

use crate::common;

use std::collections::BTreeMap;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, State};
use sudolink_engine::proof::medusa::{MedusaContradiction, MedusaPattern, MedusaPremise};
use sudolink_engine::proof::medusa_net::refutation_net;
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_export::diagram;
use sudolink_export::svg::Role;
use sudolink_notation::gnpx::gnpx_text;
use sudolink_notation::nrc;
use sudolink_search::medusa;
use sudolink_search::registry::parse_list;

fn cand(text: &str) -> Candidate {
    text.parse().unwrap()
}

fn medusa_of(p: &Proof) -> &MedusaPattern {
    match &p.pattern {
        Pattern::Medusa(m) => m,
        other => panic!("not a medusa pattern: {other:?}"),
    }
}

/// A state from pencil marks: every cell open with all nine digits, except the digits
/// removed from the cells given (`(cell, digits to remove)`), or cells restricted to the
/// digits given (`(cell, digits kept)`).
fn marks(remove: &[(&str, &str)], keep: &[(&str, &str)]) -> State {
    let mut cells = vec![vec![String::from("123456789"); 9]; 9];
    for &(cell, digits) in remove {
        let c: Cell = cell.parse().unwrap();
        cells[c.row()][c.col()].retain(|d| !digits.contains(d));
    }
    for &(cell, digits) in keep {
        let c: Cell = cell.parse().unwrap();
        cells[c.row()][c.col()] = digits.to_string();
    }
    let text: String = cells.iter().map(|r| r.join(" ") + "\n").collect();
    sudolink_engine::grid::format::parse_pencil_mark_grid(&text, 1).unwrap()
}

/// Every cell of a row (`r`) or column (`c`) but the `except` ones, as `(cell, digit)`.
fn line_without(line: &str, except: &[usize], digit: &'static str) -> Vec<(String, &'static str)> {
    let k: usize = line[1..].parse().unwrap();
    (1..=9)
        .filter(|i| !except.contains(i))
        .map(|i| {
            let cell = if line.starts_with('r') {
                format!("r{k}c{i}")
            } else {
                format!("r{i}c{k}")
            };
            (cell, digit)
        })
        .collect()
}

fn state_with(removals: Vec<(String, &'static str)>, keep: &[(&str, &str)]) -> State {
    let remove: Vec<(&str, &str)> = removals.iter().map(|(c, d)| (c.as_str(), *d)).collect();
    marks(&remove, keep)
}

fn find_rule<'a>(proofs: &'a [Proof], rule: &str, concludes: Candidate) -> &'a Proof {
    proofs
        .iter()
        .find(|p| p.rule == rule && p.eliminations.contains(&concludes))
        .unwrap_or_else(|| {
            let rules: Vec<String> = proofs
                .iter()
                .map(|p| format!("{} {:?}", p.rule, p.elimination_texts()))
                .collect();
            panic!("no {rule} eliminating {concludes}: {rules:#?}")
        })
}

#[test]
fn rule_2_a_colour_twice_in_a_block_is_false() {
    // 5s: row 1 holds 5 only in c1 and c3, column 3 only in r1 and r2. The chain
    // n5r1c1 = n5r1c3 = n5r2c3 colours r1c1 and r2c3 alike: both in block 1, so that
    // colour is false and r1c3 = 5.
    let mut removals = line_without("r1", &[1, 3], "5");
    removals.extend(line_without("c3", &[1, 2], "5"));
    let state = state_with(removals, &[]);
    let proofs = medusa::find(&LinkIndex::new(&state));
    let p = find_rule(&proofs, "medusa-colour-twice-in-a-block", cand("n5r1c1"));
    assert_eq!(p.elimination_texts(), ["r1c1<>5", "r2c3<>5"]);
    assert_eq!(p.assertion_texts(), ["r1c3=5"]);
    check(&state, p).unwrap();
    let m = medusa_of(p);
    assert!(matches!(m.premise, MedusaPremise::Colour(_)));
    assert_eq!(
        m.contradiction,
        MedusaContradiction::Linked([cand("n5r1c1"), cand("n5r2c3")])
    );
    assert_eq!(
        nrc::nrc_text(&state, p),
        "medusa-colour-twice-in-a-block: A{n5r1c1 n5r2c3} a{n5r1c3}; \
         A ⇒ n5r1c1(A) and n5r2c3(A) both true ==> r1c3 = 5, r1c1 <> 5, r2c3 <> 5"
    );
}

/// 1s in row 1 at c1 and c5; r1c5 = {12}; 2s in column 5 at r1 and r5; r5c5 = {23}; 3s
/// in row 5 at c1 and c5, in column 1 at r1 and r5. The chain n1r1c1 = n1r1c5 = n2r1c5 =
/// n2r5c5 = n3r5c5 = n3r5c1 = n3r1c1 colours n1r1c1 and n3r1c1 alike.
fn cell_twice_state() -> State {
    let mut removals = line_without("r1", &[1, 5], "1");
    removals.extend(line_without("c5", &[1, 5], "2"));
    removals.extend(line_without("r5", &[1, 5], "3"));
    removals.extend(line_without("c1", &[1, 5], "3"));
    state_with(removals, &[("r1c5", "12"), ("r5c5", "23")])
}

#[test]
fn rule_1_a_colour_twice_in_a_cell_is_false() {
    let state = cell_twice_state();
    let proofs = medusa::find(&LinkIndex::new(&state));
    let p = find_rule(&proofs, "medusa-colour-twice-in-a-cell", cand("n1r1c1"));
    assert_eq!(
        p.elimination_texts(),
        ["r1c1<>1", "r1c1<>3", "r1c5<>2", "r5c5<>3"]
    );
    assert_eq!(p.assertion_texts(), ["r1c5=1", "r5c1=3", "r5c5=2"]);
    check(&state, p).unwrap();
    assert_eq!(
        medusa_of(p).contradiction,
        MedusaContradiction::Linked([cand("n1r1c1"), cand("n3r1c1")])
    );
}

#[test]
fn rules_4_and_5_a_candidate_seeing_both_colours_is_false() {
    // An X-chain of 7s: row 2 holds 7 only at c2 and c8, column 8 only at r2 and r8, row 8
    // only at c3 and c8: n7r2c2 (A) = n7r2c8 (a) = n7r8c8 (A) = n7r8c3 (a). A 7 seeing
    // n7r2c2 (column 2 or block 1) and n7r8c3 (column 3 or block 7) is false.
    let mut removals = line_without("r2", &[2, 8], "7");
    removals.extend(line_without("c8", &[2, 8], "7"));
    removals.extend(line_without("r8", &[3, 8], "7"));
    let state = state_with(removals, &[]);
    let proofs = medusa::find(&LinkIndex::new(&state));
    let p = find_rule(&proofs, "medusa-sees-both-colours", cand("n7r9c2"));
    assert_eq!(
        p.elimination_texts(),
        ["r1c3<>7", "r3c3<>7", "r7c2<>7", "r9c2<>7"]
    );
    check(&state, p).unwrap();
    assert_eq!(medusa_of(p).premise, MedusaPremise::Targets);
}

#[test]
fn rule_3_two_colours_in_a_cell_clear_the_cell() {
    // 1s and 2s of row 1 only at c1 and c5, r1c5 = {12}: n1r1c1 (A) = n1r1c5 (a) = n2r1c5 (A) =
    // n2r1c1 (a). r1c1 holds both colours (n1 A, n2 a): its other digits go.
    let mut removals = line_without("r1", &[1, 5], "1");
    removals.extend(line_without("r1", &[1, 5], "2"));
    let state = state_with(removals, &[("r1c5", "12")]);
    let proofs = medusa::find(&LinkIndex::new(&state));
    let p = find_rule(&proofs, "medusa-sees-both-colours", cand("n9r1c1"));
    assert_eq!(
        p.elimination_texts(),
        ["r1c1<>3", "r1c1<>4", "r1c1<>5", "r1c1<>6", "r1c1<>7", "r1c1<>8", "r1c1<>9"]
    );
    check(&state, p).unwrap();
}

#[test]
fn the_seeds_xy_wing_is_a_weak_corner() {
    // [Hanson SA], "Weakly Linked Chains": XZ at r5c1, XY at r1c1, YZ at r1c5 (X = 1, Y = 2,
    // Z = 3); three bivalue cells, three chains, joined by the weak links X (column 1)
    // and Y (row 1). "NOT Z" in one end is transmitted to the other: * = n3r5c5 sees
    // both Zs and goes.
    let state = marks(&[], &[("r1c1", "12"), ("r1c5", "23"), ("r5c1", "13")]);
    let proofs = medusa::find(&LinkIndex::new(&state));
    let p = find_rule(&proofs, "medusa-weak-corner", cand("n3r5c5"));
    assert_eq!(p.elimination_texts(), ["r5c5<>3"]);
    check(&state, p).unwrap();
    let m = medusa_of(p);
    assert_eq!(m.chains.len(), 3);
    assert_eq!(m.weak_links.len(), 2);
    let text = nrc::nrc_text(&state, p);
    assert!(
        text.starts_with("medusa-weak-corner: ") && text.contains("; weak "),
        "{text}"
    );
    // the picture: each chain a layer, two shades; strong links solid, weak dashed
    let d = diagram::from_proof(&state, p);
    let layers: std::collections::BTreeSet<(u8, bool)> = d
        .marks
        .iter()
        .filter_map(|m| match m.role {
            Role::Layer { layer, upper } => Some((layer, upper)),
            _ => None,
        })
        .collect();
    assert_eq!(layers.len(), 6);
    assert_eq!(d.arrows.iter().filter(|a| a.strong).count(), 3);
    assert_eq!(d.arrows.iter().filter(|a| !a.strong).count(), 2);
    assert!(d.to_svg().contains("medusa-weak-corner"));
}

#[test]
fn a_strong_hinge_in_a_block_is_false() {
    // [Hanson SA]'s strong block hinge: two Xs of one colour that together see every X of a
    // block. 4s: row 2 only at c1 and c4, column 4 only at r2 and r5: n4r2c1 (A) =
    // n4r2c4 (a) = n4r5c4 (A). Block 4's 4s only at r4c1 (seen by n4r2c1, column 1) and
    // r5c2 (seen by n4r5c4, row 5; row 5 keeps 4 at c2, c4 and c9): if A were true, block
    // 4 would have no 4. So A is false and r2c4 = 4.
    let mut removals = line_without("r2", &[1, 4], "4");
    removals.extend(line_without("c4", &[2, 5], "4"));
    removals.extend(line_without("r5", &[2, 4, 9], "4"));
    for cell in ["r4c2", "r4c3", "r5c1", "r5c3", "r6c1", "r6c2", "r6c3"] {
        removals.push((cell.to_string(), "4"));
    }
    let state = state_with(removals, &[]);
    let proofs = medusa::find(&LinkIndex::new(&state));
    let p = find_rule(&proofs, "medusa-strong-hinge-in-a-block", cand("n4r2c1"));
    check(&state, p).unwrap();
    assert_eq!(
        medusa_of(p).contradiction,
        MedusaContradiction::Emptied("b4n4".parse().unwrap())
    );
    assert!(
        p.assertions.contains(&cand("n4r2c4")),
        "{:?}",
        p.assertion_texts()
    );
}

#[test]
fn a_weak_hinge_eliminates_its_weak_node() {
    // [Hanson SA]'s weak hinge: XA in a chain, XC a weak node linked to XB of the chain's
    // other colour; if XC were X, XB would not be, XA would be, and XA with XC would empty
    // a row of X. 6s: column 1 only at r1 and r7 (n6r1c1 = n6r7c1: XA = r1c1, XB =
    // r7c1); row 2's 6s only at r2c2, r2c3 (seen by XA, block 1) and r2c8; XC = n6r7c8
    // sees XB (row 7) and r2c8 (column 8): XC true ⇒ XB false ⇒ XA true ⇒ row 2 has no 6.
    let mut removals = line_without("c1", &[1, 7], "6");
    removals.extend(line_without("r2", &[2, 3, 8], "6"));
    let state = state_with(removals, &[]);
    let proofs = medusa::find(&LinkIndex::new(&state));
    let p = find_rule(&proofs, "medusa-weak-hinge-in-a-row", cand("n6r7c8"));
    assert_eq!(p.elimination_texts(), ["r7c8<>6"]);
    check(&state, p).unwrap();
    assert_eq!(
        medusa_of(p).contradiction,
        MedusaContradiction::Emptied("r2n6".parse().unwrap())
    );
}

#[test]
fn a_pending_single_is_not_a_weak_hinge() {
    // found by `explain --all --techniques medusa` on top1465 #1, whose states keep their
    // singles pending: r1c2 holds only 4, so n4r1c1 (in a cell with a chain node, n6r1c1)
    // empties r1c2 by itself. That is not a Medusa conclusion (the search once returned it
    // with no chain, which the checker refused).
    let state = state_with(line_without("c1", &[1, 7], "6"), &[("r1c2", "4")]);
    let proofs = medusa::find(&LinkIndex::new(&state));
    for p in &proofs {
        check(&state, p).unwrap_or_else(|e| panic!("{}: {e}", nrc::nrc_text(&state, p)));
        assert!(!medusa_of(p).chains.is_empty());
    }
}

/// The states of the simplest-first path with the basic rules and medusa of the first `n`
/// top1465 puzzles (every state where a rule beyond the basic ones applied, and the
/// last), with the solution.
fn path_states(n: usize) -> Vec<(State, [u8; 81])> {
    common::path_states_where("medusa", 99, "medusa", n)
}

fn assert_sound(state: &State, solution: &[u8; 81], proof: &Proof) {
    common::assert_sound_against_solution(state, solution, proof);
}

/// The picture's legend has a swatch for each chain colour the grid shows, in the chain's
/// own hue: a layer-k mark (chain k+1) drawn in its colour has its line, `chain 2: colour b`.
fn legend_names_each_chain_in_its_own_hue(state: &State, proof: &Proof) {
    use sudolink_export::svg::Key;
    let d = diagram::from_proof(state, proof);
    let mut shown = 0;
    for m in &d.marks {
        let Role::Layer { layer, upper } = m.role else {
            continue;
        };
        if d.role_of(m.candidate) != Some(m.role) {
            continue; // drawn as eliminated or asserted
        }
        let letter = (b'A' + layer) as char;
        let letter = if upper {
            letter
        } else {
            letter.to_ascii_lowercase()
        };
        let want = format!("chain {}: colour {letter}", layer + 1);
        let entry = d.legend.iter().find(|e| e.text == want);
        let entry = entry.unwrap_or_else(|| panic!("no {want:?} in {:?}", d.legend));
        assert_eq!(entry.key, Key::Mark(m.role));
        shown += 1;
    }
    assert!(shown > 0, "a colouring shows some chain");
}

#[test]
fn every_medusa_conclusion_on_top1465_paths_is_sound() {
    let mut by_rule: BTreeMap<String, usize> = BTreeMap::new();
    for (state, solution) in path_states(30) {
        for proof in medusa::find(&LinkIndex::new(&state)) {
            assert_sound(&state, &solution, &proof);
            legend_names_each_chain_in_its_own_hue(&state, &proof);
            let base = proof
                .rule
                .trim_end_matches("-through-weak-links")
                .to_string();
            *by_rule.entry(base).or_default() += 1;
        }
    }
    eprintln!("medusa conclusions by rule: {by_rule:?}");
    // rules 1 and 2 (a colour twice) do not occur on these paths: the hand-made states
    // above show them
    for rule in [
        "medusa-sees-both-colours",
        "medusa-weak-corner",
        "medusa-colour-contradiction",
        "medusa-strong-hinge-in-a-row",
        "medusa-weak-hinge-in-a-row",
    ] {
        assert!(by_rule.contains_key(rule), "no {rule}: {by_rule:?}");
    }
}

#[test]
fn tampered_medusa_proofs_are_rejected() {
    let (mut flipped, mut dropped, mut unlinked) = (0, 0, 0);
    for (state, _) in path_states(12) {
        for proof in medusa::find(&LinkIndex::new(&state)).into_iter().take(6) {
            let m = medusa_of(&proof).clone();
            // a colour flipped: a node moved to the other colour
            let mut bad = proof.clone();
            let mut f = m.clone();
            let node = f.chains[0].colours[0].remove(0);
            f.chains[0].colours[1].push(node);
            bad.pattern = Pattern::Medusa(Box::new(f));
            assert!(check(&state, &bad).is_err(), "accepted a flipped colour");
            flipped += 1;
            // a node dropped from its chain
            let mut bad = proof.clone();
            let mut f = m.clone();
            let k = f.chains.len() - 1;
            f.chains[k].colours[1].pop();
            bad.pattern = Pattern::Medusa(Box::new(f));
            assert!(check(&state, &bad).is_err(), "accepted a dropped node");
            dropped += 1;
            // the weak links dropped from a proof that needs them
            if !m.weak_links.is_empty() {
                let mut bad = proof.clone();
                let mut f = m.clone();
                f.weak_links.clear();
                bad.pattern = Pattern::Medusa(Box::new(f));
                assert!(check(&state, &bad).is_err(), "accepted no weak links");
                unlinked += 1;
            }
        }
    }
    assert!(
        flipped > 10 && dropped > 10 && unlinked > 0,
        "{flipped} {dropped} {unlinked}"
    );
}

#[test]
fn medusa_is_a_registry_entry_under_its_forum_names() {
    let medusa = parse_list("medusa").unwrap();
    assert_eq!(medusa.len(), 1);
    assert_eq!(parse_list("3D-Medusa").unwrap(), medusa);
    assert!(parse_list("assistant").unwrap().contains(&medusa[0]));
    // simpler than the alternating inference chains, after the almost-locked ranges
    let aic = parse_list("aic").unwrap()[0];
    let alr = parse_list("alr").unwrap()[0];
    assert!(alr < medusa[0] && medusa[0] < aic);
}

/// The whole collection (`cargo test --release --test medusa -- --ignored`): every
/// conclusion on every state where medusa applies along top1465's paths, and each path's
/// last state.
#[test]
#[ignore]
fn every_medusa_conclusion_on_all_top1465_paths_is_sound() {
    let (mut states, mut proofs) = (0, 0);
    for (state, solution) in path_states(1465) {
        states += 1;
        for proof in medusa::find(&LinkIndex::new(&state)) {
            assert_sound(&state, &solution, &proof);
            proofs += 1;
        }
    }
    eprintln!("{proofs} medusa conclusions on {states} states, all sound");
}

#[test]
fn the_seeds_xy_wing_corner_is_a_hypothesis_net() {
    // the weak corner n3r5c5 assumed true: it sees the Zs of both ends, r1c5 and r5c1,
    // which become Y and X (GNPX leaves a bivalue cell's strong link implicit between two
    // brackets); Y at r1c5 removes Y from r1c1 (row 1), which becomes X; X at r5c1 removes
    // X from r1c1 (column 1): r1c1's 1 is both true and false
    let state = marks(&[], &[("r1c1", "12"), ("r1c5", "23"), ("r5c1", "13")]);
    let proofs = medusa::find(&LinkIndex::new(&state));
    let p = find_rule(&proofs, "medusa-weak-corner", cand("n3r5c5"));
    let net = refutation_net(&state, medusa_of(p), cand("n3r5c5")).unwrap();
    check(&state, &net).unwrap();
    let Pattern::Net(n) = &net.pattern else {
        panic!("not a net")
    };
    assert_eq!(net.rule, "hypothesis");
    assert_eq!(
        gnpx_text(n, &net),
        "ForceChain_Hypothesis r5c5#3 is false\n\
         ✿[W r5c5/+3 -> r1c5/-3] => [W r1c5/+2 -> r1c1/-2] => [S r1c1/-2 -> r1c1/+1]\n\
         ✿[W r5c5/+3 -> r5c1/-3] => [W r5c1/+1 -> r1c1/-1]"
    );
    // the text export prints the nets after the colouring
    let text = sudolink_export::files::proof_text(&state, p);
    assert!(
        text.contains("ForceChain_Hypothesis r5c5#3 is false"),
        "{text}"
    );
}

#[test]
fn every_medusa_elimination_on_top1465_paths_is_a_checked_net() {
    let mut nets = 0;
    for (state, _) in path_states(12) {
        for proof in medusa::find(&LinkIndex::new(&state)) {
            for &t in &proof.eliminations {
                let net = refutation_net(&state, medusa_of(&proof), t)
                    .unwrap_or_else(|e| panic!("{}: {t}: {e}", proof.rule));
                check(&state, &net).unwrap_or_else(|e| panic!("{}: {t}: {e}", proof.rule));
                assert!(net.length >= 1);
                // the net refutes exactly the eliminated candidate, nothing else
                let mut wrong = net.clone();
                wrong.eliminations = vec![proof.assertions.first().copied().unwrap_or(t)];
                if wrong.eliminations != [t] {
                    assert!(check(&state, &wrong).is_err());
                }
                nets += 1;
            }
        }
    }
    assert!(nets > 50, "{nets}");
}
