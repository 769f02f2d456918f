//! Coverage against HoDoKu: HoDoKu's own regression library (reglib 1.3, whole) gives, for
//! each of its techniques, pencil-mark states where it applies and the eliminations or
//! placements it makes (its *targets*). Every HoDoKu code is mapped to the sudolink
//! technique that names it; that technique must prove at least 99% of the code's targets
//! (a placement: asserted, or every other candidate of its cell eliminated), and all codes
//! together every one of the 3,568 (measured 2026-11-25: each code proves all its targets);
//! every proof passes `proof::check` and agrees with the solution; the fail cases (`-x`)
//! find nothing. Fixture: tests/fixtures/hodoku_reglib.txt (its header says where it comes
//! from). `--nocapture` prints the table (per code: cases, targets, proved by the named
//! technique) and the missed cases.

use crate::common;

use std::collections::BTreeMap;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, Digit, State};
use sudolink_engine::proof::check;
use sudolink_engine::solver::count_solutions;
use sudolink_notation::hodoku;
use sudolink_search::registry::parse_list;
use sudolink_search::Searcher;

/// HoDoKu's code (a variant where it matters) → (its name, our technique).
fn ours(code: &str) -> Option<(&'static str, &'static str)> {
    Some(match code {
        "0000" => ("Full House", "hidden-single"),
        "0002" => ("Hidden Single", "hidden-single"),
        "0003" => ("Naked Single", "naked-single"),
        "0100" => ("Locked Candidates Type 1", "interaction"),
        "0101" => ("Locked Candidates Type 2", "interaction"),
        "0110" => ("Locked Pair", "locked-pair"),
        "0111" => ("Locked Triple", "locked-triple"),
        "0200" => ("Naked Pair", "naked-pairs"),
        "0201" => ("Naked Triple", "naked-triplets"),
        "0202" => ("Naked Quadruple", "naked-quads"),
        "0210" => ("Hidden Pair", "hidden-pairs"),
        "0211" => ("Hidden Triple", "hidden-triplets"),
        "0212" => ("Hidden Quadruple", "hidden-quads"),
        "0300" => ("X-Wing", "x-wing"),
        "0301" => ("Swordfish", "swordfish"),
        "0302" => ("Jellyfish", "jellyfish"),
        "0310" | "0311" | "0312" => ("Finned Fish", "hodoku-finned-fish"),
        "0320" | "0321" | "0322" => ("Sashimi Fish", "hodoku-finned-fish"),
        "03111" | "03121" | "03211" | "03221" | "03411" | "03421" | "03621" => {
            ("Siamese Fish", "siamese-fish")
        }
        "0330" | "0331" | "0332" => ("Franken Fish", "franken-fish"),
        "0333" | "0334" | "0335" => ("Franken Fish", "large-franken-fish"),
        "0340" | "0341" | "0342" => ("Finned Franken Fish", "franken-fish"),
        "0343" | "0344" | "0345" => ("Finned Franken Fish", "large-franken-fish"),
        "0350" | "0351" | "0352" => ("Mutant Fish", "mutant-fish"),
        "0353" | "0354" | "0355" => ("Mutant Fish", "large-mutant-fish"),
        "0360" | "0361" | "0362" => ("Finned Mutant Fish", "mutant-fish"),
        "0363" | "0364" | "0365" => ("Finned Mutant Fish", "large-mutant-fish"),
        "0371" => ("Kraken Fish Type 1", "kraken-fish"),
        "0372" => ("Kraken Fish Type 2", "kraken-fish-type-2"),
        "0400" => ("Skyscraper", "skyscraper"),
        "0401" => ("2-String Kite", "two-string-kite"),
        "0402" => ("Empty Rectangle", "empty-rectangle"),
        "0403" => ("Turbot Fish", "turbot-fish"),
        "0404" => ("Dual 2-String Kite", "tag1"),
        "0405" => ("Dual Empty Rectangle", "dual-empty-rectangle"),
        "0500" => ("Simple Colors Trap", "medusa"),
        "0501" => ("Simple Colors Wrap", "medusa"),
        "0502" => ("Multi Colors 1", "medusa"),
        "0503" => ("Multi Colors 2", "medusa"),
        "0600" => ("Uniqueness Test 1", "unique-rectangle-1"),
        "0601" => ("Uniqueness Test 2", "unique-rectangle-2"),
        "0602" => ("Uniqueness Test 3", "unique-rectangle-3"),
        "0603" => ("Uniqueness Test 4", "unique-rectangle-4"),
        "0604" => ("Uniqueness Test 5", "unique-rectangle-5"),
        "0605" => ("Uniqueness Test 6", "unique-rectangle-6"),
        "0606" => ("Hidden Rectangle", "hidden-rectangle"),
        "0607" => ("Avoidable Rectangle 1", "avoidable-rectangle-1"),
        "0608" => ("Avoidable Rectangle 2", "avoidable-rectangle-2"),
        "0610" => ("BUG+1", "bug+1"),
        "0620" => ("BUG Lite", "bug-lite"),
        "0701" => ("X-Chain", "aic"),
        "0702" => ("XY-Chain", "aic"),
        "0703" => ("Remote Pair", "aic"),
        "0706" => ("Continuous Nice Loop", "nice-loop"),
        "0707" => ("Discontinuous Nice Loop", "aic"),
        "0708" => ("AIC", "aic"),
        // HoDoKu's variants 2 (0709), 3 and 4 (0710, 0711) allow ALS nodes in its tabling
        // chains: our chains with HoDoKu's ALS nodes (any size, forcing a cell)
        "0709-2" => ("Grouped Continuous Nice Loop", "nice-loop-als-nodes"),
        "0709" => ("Grouped Continuous Nice Loop", "nice-loop"),
        "0710-3" | "0710-4" => ("Grouped Discontinuous Nice Loop", "aic-als-nodes"),
        "0710" => ("Grouped Discontinuous Nice Loop", "aic"),
        "0711-3" | "0711-4" => ("Grouped AIC", "aic-als-nodes"),
        "0711" => ("Grouped AIC", "aic"),
        "0800" => ("XY-Wing", "xy-wing"),
        "0801" => ("XYZ-Wing", "xyz-wing"),
        "0802" => ("WXYZ-Wing", "bent-naked-subsets"),
        "0803" => ("W-Wing", "w-wing"),
        "0901-2" => ("ALS-XZ", "als-doubly-linked"),
        "0901" => ("ALS-XZ", "als-xz"),
        // HoDoKu's variant 2 of ALS-XY-wing and death blossom lets the ALS overlap (its
        // "allow overlap" option, off by default): our overlap techniques
        "0902-2" => ("ALS-XY-Wing", "als-xy-wing-overlap"),
        "0902" => ("ALS-XY-Wing", "als-xy-wing"),
        "0903" => ("ALS Chain", "aic-als-nodes"),
        "0904-2" => ("Death Blossom", "death-blossom-overlap"),
        "0904" => ("Death Blossom", "death-blossom"),
        "1101" => ("Sue de Coq", "sue-de-coq"),
        "1201" => ("Template Set", "template-set"),
        "1202" => ("Template Delete", "template-delete"),
        _ => return None,
    })
}

/// The code's entry: its variant's, or the code's.
fn named(variant: &str) -> Option<(&'static str, &'static str)> {
    ours(variant).or_else(|| ours(variant.split('-').next().unwrap()))
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

/// One case's targets proved: the technique's proofs on the case, each checked on the
/// state and against the solution.
fn proved(line: &str) -> (usize, usize) {
    let f: Vec<&str> = line.split(':').collect();
    let (_, technique) = named(f[1]).expect("a mapped code");
    let expected: Vec<Candidate> = f[5].split_whitespace().map(candidate).collect();
    let placements: Vec<Candidate> = f[6].split_whitespace().map(candidate).collect();
    let Some(state) = state_of(f[3], f[4]) else {
        panic!("case does not build: {line}");
    };
    let grid: String = f[3].chars().filter(|&c| c != '+').collect();
    let start = parse_line(&grid, 1).unwrap().start_state().unwrap();
    let solution = count_solutions(&start, 2).solution;
    let links = LinkIndex::new(&state);
    let mut searcher = Searcher::new();
    let mut found = CandidateSet::EMPTY;
    let mut placed = CandidateSet::EMPTY;
    for t in parse_list(technique).unwrap() {
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
            for &c in &proof.eliminations {
                found.insert(c);
            }
            for &c in &proof.assertions {
                placed.insert(c);
            }
        }
    }
    // a placement: asserted, or the cell's every other candidate eliminated
    let placement_proved = |p: &Candidate| {
        placed.contains(*p)
            || Digit::all()
                .map(|d| Candidate::new(p.cell(), d))
                .filter(|&c| c != *p && state.has(c))
                .all(|c| found.contains(c))
    };
    let proved = expected.iter().filter(|c| found.contains(**c)).count()
        + placements.iter().filter(|p| placement_proved(p)).count();
    (expected.len() + placements.len(), proved)
}

#[test]
fn our_techniques_prove_hodokus_targets_on_its_whole_regression_library() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hodoku_reglib.txt"
    ))
    .unwrap();
    // code → (cases, targets, proved)
    let mut tally: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut misses: Vec<String> = Vec::new();
    let mut unmapped: Vec<String> = Vec::new();
    for line in text.lines().filter(|l| l.starts_with(':')) {
        let f: Vec<&str> = line.split(':').collect();
        if f[1].ends_with("-x") {
            continue; // a fail case: see `hodokus_fail_cases_find_nothing`
        }
        let code = f[1].split('-').next().unwrap();
        if named(f[1]).is_none() {
            unmapped.push(line.to_string());
            continue;
        }
        let (targets, proved) = proved(line);
        let key = if ours(f[1]).is_some() && f[1] != code {
            f[1].to_string()
        } else {
            code.to_string()
        };
        let entry = tally.entry(key).or_default();
        entry.0 += 1;
        entry.1 += targets;
        entry.2 += proved;
        if proved < targets {
            misses.push(format!(
                "{}/{targets} {}",
                proved,
                &line[..line.len().min(140)]
            ));
        }
    }
    assert!(
        unmapped.is_empty(),
        "codes with no technique:\n{}",
        unmapped.join("\n")
    );
    let mut report = String::from(
        "| HoDoKu code | name | cases | targets | proved | by |\n|---|---|---|---|---|---|\n",
    );
    let (mut all, mut all_proved) = (0, 0);
    for (code, (cases, targets, proved)) in &tally {
        let (name, technique) = named(code).unwrap();
        report.push_str(&format!(
            "| {code} | {name} | {cases} | {targets} | {proved} | {technique} |\n"
        ));
        all += targets;
        all_proved += proved;
    }
    report.push_str(&format!(
        "| all | | {} | {all} | {all_proved} ({:.1}%) | |\n",
        tally.values().map(|t| t.0).sum::<usize>(),
        100.0 * all_proved as f64 / all as f64
    ));
    eprintln!("{report}");
    eprintln!("missed:\n{}", misses.join("\n"));
    for (code, (_, targets, proved)) in &tally {
        // every code at 99% or more
        let floor = (0.99 * *targets as f64).ceil() as usize;
        assert!(
            *proved >= floor,
            "{code}: {proved} of {targets} targets proved (at least {floor} expected)\n{report}\nmissed:\n{}",
            misses.join("\n")
        );
    }
    assert_eq!(all_proved, all, "every target proved\n{report}");
    assert_eq!(all, 3568, "HoDoKu's library has 3,568 targets");
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
        let Some((name, techniques)) = named(code) else {
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
    use sudolink_engine::proof::Pattern;
    use sudolink_notation::nrc::nrc_text;
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
    let tampered = sudolink_engine::proof::Proof::new(
        Pattern::EmptyRectangle(Box::new(moved)),
        vec![Candidate::new(Cell::at(6, 0), Digit::new(5).unwrap())],
        vec![],
    );
    assert!(check(&state, &tampered).is_err());
    let mut shifted = (**e).clone();
    shifted.links[0].row = (shifted.links[0].row + 1) % 9;
    let tampered = sudolink_engine::proof::Proof::new(
        Pattern::EmptyRectangle(Box::new(shifted)),
        p.eliminations.clone(),
        vec![],
    );
    assert!(check(&state, &tampered).is_err());
}

/// Every proof of the HoDoKu catalogue's techniques (empty rectangles, dual ones,
/// template set and delete, ALS with overlap, chains with ALS nodes) on the first 200
/// basic-stuck states of top1465 passes the checker and agrees with the solution; some ALS
/// chains use ALS that share cells (HoDoKu's ALS chains with overlap: each link is checked
/// on its own, and a weak link between two ALS needs the digit's places apart); each
/// search's time per state, median and max, is printed (`--nocapture`).
#[test]
fn hodoku_catalogue_on_top1465_is_sound() {
    catalogue_is_sound(
        "empty-rectangle,dual-empty-rectangle,template-set,template-delete,als-xz-overlap,als-xy-wing-overlap,death-blossom-overlap,aic-als-nodes,nice-loop-als-nodes",
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
                if let sudolink_engine::proof::Pattern::Aic(a) = &p.pattern {
                    // a chain whose ALS share cells: HoDoKu's ALS chains with overlap
                    let sets: Vec<&Vec<Cell>> = a.als_links.iter().flatten().collect();
                    let shared = sets.iter().enumerate().any(|(i, x)| {
                        sets[i + 1..]
                            .iter()
                            .any(|y| x != y && x.iter().any(|c| y.contains(c)))
                    });
                    overlapping[k] += usize::from(shared);
                }
                if p.rule.ends_with("-overlap") {
                    overlapping[k] += 1;
                    // told as disjoint sets, the checker refuses it
                    let mut disjoint = p.clone();
                    if let sudolink_engine::proof::Pattern::Als(a) = &mut disjoint.pattern {
                        a.overlap = false;
                    }
                    assert!(check(&state, &disjoint).is_err(), "{}", p.rule);
                }
                if let sudolink_engine::proof::Pattern::GeneralFish(f) = &p.pattern {
                    // a fin left out, or one more elimination: refused
                    if !f.bodies[0].fins.is_empty() {
                        let mut finless = p.clone();
                        if let sudolink_engine::proof::Pattern::GeneralFish(g) =
                            &mut finless.pattern
                        {
                            g.bodies[0].fins.pop();
                        }
                        assert!(check(&state, &finless).is_err(), "{}", p.rule);
                    }
                    common::assert_sound_against_solution(&state, &solution, &p);
                }
                if let sudolink_engine::proof::Pattern::KrakenFish(k) = &p.pattern {
                    // a fin's chain left out: refused
                    let mut short = p.clone();
                    if let sudolink_engine::proof::Pattern::KrakenFish(k2) = &mut short.pattern {
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
        if t.name().ends_with("-overlap") || t.name() == "aic-als-nodes" {
            assert!(overlapping[k] > 0, "{t}: no proof with overlapping sets");
        }
    }
}

/// Kraken fish type 2 on top1465's first basic-stuck state that has one: HoDoKu's line,
/// ours with a chain per member of the cover's choice, and the checker refusing a chain
/// left out, another cover, or a target in a member's cell.
#[test]
fn a_kraken_fish_of_type_2_printed_and_checked() {
    use sudolink_engine::proof::{Pattern, Proof};
    use sudolink_notation::nrc::nrc_text;
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
    let tampered = |edit: &dyn Fn(&mut sudolink_engine::proof::kraken::KrakenPattern), elims| {
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
        sudolink_engine::proof::net::NetNode::Candidate(c) => *c,
        other => panic!("{other:?}"),
    };
    let inside = Digit::all()
        .map(|d| Candidate::new(member.cell(), d))
        .find(|&c| c != member && state.has(c))
        .unwrap();
    let wrong = tampered(&|k| k.target = inside, vec![inside]);
    assert!(check(&state, &wrong).is_err());
}

/// HoDoKu's grouped continuous nice loop with an ALS node left by a strong link (reglib
/// 0709-2, `r9c1<>2, r1c4<>3, r4c9<>6`): the ALS forces a cell outside it (every other
/// candidate of the cell is one of its digits whose places all see the cell). Our loop
/// makes the same three eliminations, prints the forcing ALS in Eureka as `(x=*)cells`,
/// reads back to the same loop, and the checker refuses the forced cell moved or the
/// ALS cut short.
#[test]
fn a_nice_loop_through_an_als_that_forces_a_cell() {
    use sudolink_engine::proof::{Pattern, Proof};
    use sudolink_notation::eureka::{aic_eureka_text, proof_from_eureka};
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hodoku_reglib.txt"
    ))
    .unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with(":0709-2:236:"))
        .unwrap();
    let f: Vec<&str> = line.split(':').collect();
    let state = state_of(f[3], f[4]).unwrap();
    let links = LinkIndex::new(&state);
    let technique = parse_list("nice-loop-als-nodes").unwrap()[0];
    let proofs = Searcher::new().find(technique.rule(0), &links, usize::MAX);
    let expected: Vec<Candidate> = ["291", "314", "649"].map(candidate).to_vec();
    let p = proofs
        .iter()
        .find(|p| expected.iter().all(|c| p.eliminations.contains(c)))
        .expect("HoDoKu's three eliminations in one loop");
    check(&state, p).unwrap();
    let Pattern::Aic(a) = &p.pattern else {
        panic!("not a chain")
    };
    let eureka = aic_eureka_text(p, a);
    assert!(eureka.starts_with("nice-loop-als-nodes "), "{eureka}");
    assert!(eureka.contains("=*)") || eureka.contains("(*="), "{eureka}");
    let chain = eureka.split_once(' ').unwrap().1;
    let back = proof_from_eureka(&state, chain).unwrap_or_else(|e| panic!("{chain}: {e}"));
    let Pattern::Aic(b) = &back.pattern else {
        panic!("read back as another pattern: {chain}")
    };
    assert_eq!(
        (&b.nodes, &b.als_links),
        (&a.nodes, &a.als_links),
        "{chain}"
    );
    assert_eq!(back.eliminations, p.eliminations);
    // the forced cell: a node outside the ALS of its link
    let k = a
        .als_links
        .iter()
        .enumerate()
        .position(|(k, cells)| {
            cells.as_ref().is_some_and(|cells| {
                [&a.nodes[k], &a.nodes[k + 1]]
                    .iter()
                    .any(|n| n.cells.iter().any(|c| !cells.contains(c)))
            })
        })
        .expect("an ALS forcing a cell");
    let cells = a.als_links[k].clone().unwrap();
    let forced = if cells.contains(&a.nodes[k].cells[0]) {
        k + 1
    } else {
        k
    };
    let tampered = |edit: &dyn Fn(&mut sudolink_engine::proof::aic::AicPattern)| {
        let mut t = (**a).clone();
        edit(&mut t);
        Proof::new(Pattern::Aic(Box::new(t)), p.eliminations.clone(), vec![])
    };
    // the forced candidate moved to another of its cell's digits
    let cell = a.nodes[forced].cells[0];
    let other = Digit::all()
        .find(|&d| d != a.nodes[forced].digit && state.has(Candidate::new(cell, d)))
        .unwrap();
    let moved = tampered(&|t| t.nodes[forced].digit = other);
    assert!(check(&state, &moved).is_err());
    // the ALS without one of its cells is no ALS
    let short = tampered(&|t| {
        t.als_links[k].as_mut().unwrap().pop();
    });
    assert!(check(&state, &short).is_err());
    common::assert_sound_against_solution(
        &state,
        &count_solutions(
            &parse_line(&f[3].replace('+', ""), 1)
                .unwrap()
                .start_state()
                .unwrap(),
            2,
        )
        .solution
        .unwrap(),
        p,
    );
}

/// A HoDoKu step line's name and conclusions, its compressed cells expanded
/// (`r7c589,r89c2<>6` is five eliminations): (`Locked Triple`, {"r7c5<>6", …}).
fn hodoku_step(line: &str) -> (String, std::collections::BTreeSet<String>) {
    let (name, rest) = line.split_once(": ").expect("a step line");
    let conclusions = rest.rsplit_once("=> ").map_or(rest, |(_, c)| c);
    let mut out = std::collections::BTreeSet::new();
    for part in conclusions.split(", ") {
        let (cells, op, digit) = match part.split_once("<>") {
            Some((cells, d)) => (cells, "<>", d),
            None => {
                let (cells, d) = part.split_once('=').expect("a conclusion");
                (cells, "=", d)
            }
        };
        for group in cells.split(',') {
            let (rows, cols) = group[1..].split_once('c').expect("rNcN");
            for r in rows.chars() {
                for c in cols.chars() {
                    out.insert(format!("r{r}c{c}{op}{digit}"));
                }
            }
        }
    }
    (name.to_string(), out)
}

#[test]
fn hodokus_order_takes_hodokus_own_first_steps_on_top1465_1() {
    // HoDoKu's path of top1465 #1 (its own output, default steps): singles, locked triples
    // before locked candidates, subsets, a skyscraper; `solve --rules basic,hodoku` takes
    // the same 16 steps, each with the same name and conclusions
    let fixture = std::fs::read_to_string("tests/fixtures/hodoku_path_top1465_1.txt").unwrap();
    let mut lines = fixture.lines().filter(|l| !l.starts_with('#'));
    let theirs: Vec<_> = lines.by_ref().map(hodoku_step).collect();
    let puzzle = fixture.lines().nth(1).unwrap().trim_start_matches("# ");
    let ours: Vec<_> = our_hodoku_path(puzzle)
        .iter()
        .take(theirs.len())
        .map(|l| hodoku_step(l))
        .collect();
    assert_eq!(ours, theirs);
}

#[test]
fn a_locked_pair_clears_its_line_and_its_block() {
    // HoDoKu's locked triple of top1465 #1 after r9c3=7 is found, printed as HoDoKu prints
    // it and checked; the same cells with the block's eliminations dropped are only a
    // naked triple of the row, and the checker refuses the name
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let mut state = parse_line(puzzle, 1).unwrap().start_state().unwrap();
    state.place(candidate("793")).unwrap();
    let links = LinkIndex::new(&state);
    let triple = parse_list("locked-triple").unwrap()[0];
    let proofs = Searcher::new().find(triple.rule(0), &links, usize::MAX);
    let first = proofs.first().expect("a locked triple in b7");
    assert_eq!(
        hodoku::hodoku_text(&state, first).unwrap(),
        "Locked Triple: 4,6,8 in r7c1,r7c2,r7c3 => r7c5<>4, r7c5<>6, r7c5<>8, r7c8<>6, \
         r7c8<>8, r7c9<>6, r7c9<>8, r8c2<>6, r9c2<>4, r9c2<>6"
    );
    check(&state, first).unwrap();
    let mut row_only = first.clone();
    row_only.eliminations.retain(|c| c.cell().row() == 6);
    assert!(check(&state, &row_only).is_err());
}

/// Our path of `puzzle` in HoDoKu's order as HoDoKu's step lines (`--notation hodoku`).
fn our_hodoku_path(puzzle: &str) -> Vec<String> {
    let text = common::ok(&[
        "solve",
        puzzle,
        "--rules",
        "basic,hodoku",
        "--max-len",
        "20",
        "--notation",
        "hodoku",
    ]);
    common::step_texts(&text)
        .into_iter()
        .map(str::to_string)
        .collect()
}

#[test]
fn hodokus_order_takes_hodokus_whole_paths_of_three_puzzles() {
    // HoDoKu's own whole paths of top1465 #44, #93 and #94 (locked pairs and triples,
    // hidden pairs, a skyscraper, W-wings, an empty rectangle): every step but the
    // singles is ours too, in the same order, with the same name and conclusions (both
    // take every single before any other step, so the states before those steps are the
    // same; which single comes first is HoDoKu's queue order)
    let fixture = std::fs::read_to_string("tests/fixtures/hodoku_paths_top1465.txt").unwrap();
    let mut paths: Vec<(String, Vec<String>)> = Vec::new();
    for line in fixture.lines().filter(|l| !l.starts_with('#')) {
        match line.strip_prefix("puzzle ") {
            Some(p) => paths.push((p.to_string(), Vec::new())),
            None => paths.last_mut().unwrap().1.push(line.to_string()),
        }
    }
    assert_eq!(paths.len(), 3);
    let not_single = |(name, _): &(String, _)| {
        !["Full House", "Naked Single", "Hidden Single"].contains(&name.as_str())
    };
    for (puzzle, theirs) in paths {
        let theirs: Vec<_> = theirs
            .iter()
            .map(|l| hodoku_step(l))
            .filter(not_single)
            .collect();
        let ours: Vec<_> = our_hodoku_path(&puzzle)
            .iter()
            .map(|l| hodoku_step(l))
            .filter(not_single)
            .collect();
        assert!(theirs.len() >= 12, "{puzzle}");
        assert_eq!(ours, theirs, "{puzzle}");
    }
}
