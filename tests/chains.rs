//! The chain families of [Berthier NRC], [Berthier 3D] on the seeds' own puzzles: the levels the
//! seed gives
//! for the Ocean puzzles, every chain step of the seeds' resolution paths (checked as written
//! and found again by the search; the seed's few errors are listed where they occur),
//! EasterMonster's nrczt25 chain (the seed's claims hold under `Options::narrow_z`, not
//! under the full definition), top1465 #3's nrczt28 lasso, the printers against the seed's
//! text, tampered proofs, and every elimination of every family on 70 puzzles checked by
//! `proof::check` and against the solution.

use crate::common;

use common::{collection, seed_puzzle, start_and_solution};
use std::time::Instant;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, State};
use sudolink_engine::proof::chain::{ChainCell, ChainPattern, LassoKind, TCandidate};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_notation::eureka::eureka_text;
use sudolink_notation::nrc::chain::{parse_step, pattern_text_full, proof_from_text};
use sudolink_notation::nrc::{self, conclusions};
use sudolink_notation::sudorules::chain_text as sudorules_text;
use sudolink_search::chains::{
    find_with, search_target, shortest_for_target, ChainCache, ChainFamily, ChainFamily as F,
    Options,
};
use sudolink_search::{basic_rules, first_step, Rule};
use sudolink_study::resolution::{apply, is_solution, solve, true_candidates, verify};

fn cand(s: &str) -> Candidate {
    let b = s.as_bytes();
    let n = |i: usize| (b[i] - b'0') as usize;
    Candidate::new(
        Cell::at(n(3) - 1, n(5) - 1),
        Digit::new(n(1) as u8).unwrap(),
    )
}

/// Apply the basic rules (the seed's L4_0) until none applies, checking every step.
fn basic_fixpoint(state: &mut State, solution: &[u8; 81]) {
    let rules = basic_rules();
    loop {
        let links = LinkIndex::new(state);
        let Some(p) = first_step(&rules, &links) else {
            break;
        };
        verify(state, &p, Some(solution), 0, "").unwrap();
        apply(state, &p).unwrap();
    }
}

fn chain_of(p: &Proof) -> &ChainPattern {
    match &p.pattern {
        Pattern::Chain(c) => c,
        _ => panic!("not a chain: {}", p.rule),
    }
}

/// What happened to one target of one seed step.
#[derive(Debug)]
enum Outcome {
    /// The seed's chain holds as written; our search of the family finds the target at
    /// this length (same or shorter).
    Holds { found: usize },
    /// The seed's chain does not hold as written (the checker's reason); our search finds
    /// the target at this length, if at all.
    SeedInvalid { why: String, found: Option<usize> },
    /// The basic rules (or an earlier step) already removed the target.
    AlreadyGone,
}

struct StepReport {
    line: usize,
    text: String,
    length: usize,
    target: Candidate,
    outcome: Outcome,
}

/// Replay a fixture path: before each chain step, the basic rules to a fixpoint; then each
/// target of the step: the seed's chain built on the state and checked, and the shortest
/// proof of the step's family (for a lasso, of its chain or lasso family) searched. Targets
/// the seed's chain or our search proves are eliminated. Stops before the step whose line
/// contains `stop` (if any), returning the state there.
fn replay(puzzle: &str, fixture: &str, stop: Option<&str>) -> (Vec<StepReport>, State) {
    let p = seed_puzzle(puzzle);
    let (mut state, solution) = start_and_solution(&p);
    let path = format!("{}/tests/fixtures/{fixture}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        basic_fixpoint(&mut state, &solution);
        if stop.is_some_and(|s| line.contains(s)) {
            break;
        }
        let step = parse_step(line).unwrap_or_else(|e| panic!("{fixture}:{}: {e}", i + 1));
        let links = LinkIndex::new(&state);
        let families = match step.family {
            F::NrcztLasso => vec![F::Nrczt, F::NrcztLasso],
            F::NrctLasso => vec![F::Nrct, F::NrctLasso],
            f => vec![f],
        };
        let mut proved = Vec::new();
        for &t in &step.targets {
            let report = |outcome| StepReport {
                line: i + 1,
                text: line.to_string(),
                length: step.length,
                target: t,
                outcome,
            };
            if !state.has(t) {
                out.push(report(Outcome::AlreadyGone));
                continue;
            }
            let mut one = step.clone();
            one.targets = vec![t];
            let seed = one
                .to_proof(&state)
                .map_err(|e| e.to_string())
                .and_then(|p| check(&state, &p).map_err(|e| e.to_string()));
            let mut found: Option<usize> = None;
            for &f in &families {
                if let Some(pr) = shortest_for_target(&links, f, t, step.length) {
                    check(&state, &pr).unwrap_or_else(|e| panic!("{}: {e}", pr.rule));
                    for &e in &pr.eliminations {
                        assert!(!is_solution(&solution, e), "{} eliminates {e}", pr.rule);
                    }
                    found = Some(found.map_or(pr.length, |b| b.min(pr.length)));
                }
            }
            if seed.is_ok() || found.is_some() {
                proved.push(t);
            }
            out.push(report(match seed {
                Ok(()) => Outcome::Holds {
                    found: found.unwrap_or_else(|| {
                        panic!("{fixture}:{}: search misses {}: {line}", i + 1, t)
                    }),
                },
                Err(why) => Outcome::SeedInvalid { why, found },
            }));
        }
        for t in proved {
            state.eliminate(t).unwrap();
        }
    }
    (out, state)
}

/// Replay a path and assert: every target holds as written (and is found again, at the same
/// or a shorter length) or was already gone, except the `known` seed errors, given as
/// (line, target, part of the checker's reason); for those our search must still find the
/// target at most at the written length.
fn assert_path(puzzle: &str, fixture: &str, known: &[(usize, &str, &str)]) {
    let t0 = Instant::now();
    let (steps, _) = replay(puzzle, fixture, None);
    let mut held = 0;
    for s in &steps {
        let known_error = known
            .iter()
            .find(|k| k.0 == s.line && cand(k.1) == s.target);
        match (&s.outcome, known_error) {
            (Outcome::Holds { found }, None) => {
                assert!(*found <= s.length, "{}", s.text);
                held += 1;
            }
            (Outcome::AlreadyGone, None) => {}
            (Outcome::SeedInvalid { why, found }, Some(k)) => {
                assert!(why.contains(k.2), "{fixture}:{}: {why}", s.line);
                assert!(
                    found.is_some_and(|f| f <= s.length),
                    "{fixture}:{}: our search should prove {} anyway",
                    s.line,
                    s.target
                );
            }
            (o, k) => panic!(
                "{fixture}:{}: {} {o:?} (expected seed error: {k:?}): {}",
                s.line, s.target, s.text
            ),
        }
    }
    assert!(held > 0);
    eprintln!(
        "{puzzle}: {held} seed chain targets hold, {:?}",
        t0.elapsed()
    );
}

fn m_rules(max: usize, families: &[ChainFamily]) -> Vec<Rule> {
    let mut rules = basic_rules();
    for n in 1..=max {
        for &f in families {
            rules.push(Rule::chain(f, n));
        }
    }
    rules
}

#[test]
fn ocean_1_is_solved_by_nrc_chains_up_to_4() {
    let p = seed_puzzle("ocean-1");
    let (start, solution) = start_and_solution(&p);
    let r = solve(&start, &m_rules(4, &[F::Nrc]), Some(&solution)).unwrap();
    assert!(r.solved);
    let longest = r.steps.iter().filter(|s| s.proof.family == "nrc");
    assert!(longest.clone().count() >= 10);
    assert!(longest.map(|s| s.proof.length).max() == Some(4));
}

#[test]
fn ocean_3_needs_nrct_and_ocean_6_nrczt_chains_up_to_4() {
    // [Berthier NRC] §A4: "Puzzle #3 uses nrct chains (still of length no more than 4)",
    // "Puzzle #6 uses nrczt chains (still of length no more than 4)"
    let two_d = [
        F::Xy,
        F::HxyRn,
        F::HxyCn,
        F::C,
        F::Xyt,
        F::HxytRn,
        F::HxytCn,
    ];
    let solved = |name: &str, fams: &[ChainFamily]| {
        let p = seed_puzzle(name);
        let (start, solution) = start_and_solution(&p);
        solve(&start, &m_rules(4, fams), Some(&solution))
            .unwrap()
            .solved
    };
    assert!(!solved("ocean-3", &[F::Nrc]));
    let with_t: Vec<_> = two_d.iter().copied().chain([F::Nrc, F::Nrct]).collect();
    assert!(solved("ocean-3", &with_t));
    assert!(!solved("ocean-6", &with_t));
    assert!(solved("ocean-6", &[F::Nrc, F::Nrcz, F::Nrct, F::Nrczt]));
}

#[test]
fn seed_000_ocean_paths() {
    assert_path("ocean-1", "chain_path_ocean_1.txt", &[]);
    assert_path("ocean-3", "chain_path_ocean_3.txt", &[]);
    assert_path("ocean-6", "chain_path_ocean_6.txt", &[]);
}

#[test]
fn seed_000_sudogen0_707_path() {
    // the first step factors three targets, but its z-candidate n7r2c5 (cell 2, r2n7) is
    // not linked to n7r9c4: for that target the chain as written does not hold
    assert_path(
        "sudogen0-707",
        "chain_path_sudogen0_707.txt",
        &[(5, "n7r9c4", "n7r2c5 in r2n7 is not accounted for")],
    );
}

#[test]
fn seed_000_hard_paths() {
    assert_path(
        "eastermonster-r4c8-7",
        "chain_path_eastermonster_r4c8_7.txt",
        &[],
    );
    // the nrczt11 chain uses n7r9c2 twice (an inner loop): a typo in the seed
    assert_path(
        "top1465-3",
        "chain_path_top1465_3.txt",
        &[(8, "n6r7c3", "not all different")],
    );
    // the first lr-lasso writes cell 5 as n5{r5c4 r6c4 r5c6#n4r5c6}: b5n5 also holds
    // n5r6c5 (the lasso's last R), which the written extras leave out
    assert_path(
        "sudocue-top10000-25",
        "chain_path_caravail.txt",
        &[(8, "n6r9c4", "extra candidates written")],
    );
    assert_path(
        "papyg-extra252hard",
        "chain_path_extra252hard_restricted.txt",
        &[],
    );
    assert_path("ruud-diagonal-7", "chain_path_ruud_diagonal_7.txt", &[]);
}

#[test]
fn seed_001_hagglund_path() {
    // nrc2-chain N8R1{C2 C9} - N8{R8 R7}C9: r7c9 holds the given 3, so n8r7c9 is no
    // candidate (the seed's typo; our search proves r7c2 <> 8 anyway)
    assert_path(
        "hagglund-hinge",
        "chain_path_hagglund_hinge.txt",
        &[(9, "n8r7c2", "n8r7c9 is not a candidate: r7c9 is a given 3")],
    );
}

/// The state of EasterMonster with r4c8=7 after the seed's hidden single and nrczt4 chain.
fn eastermonster_after_nrczt4() -> (State, [u8; 81]) {
    let p = seed_puzzle("eastermonster-r4c8-7");
    let (mut state, solution) = start_and_solution(&p);
    basic_fixpoint(&mut state, &solution);
    let step = "nrczt4-chain n2{r7c8 r8c7} - n2{r4c7 r4c1} - n2{r6c2 r6c6} - n2{r2c6 r2c5} \
                ==> r7c5 <> 2";
    let proof = proof_from_text(&state, step).unwrap();
    check(&state, &proof).unwrap();
    assert_eq!(nrc::nrc_text(&state, &proof), step.replace("  ", ""));
    apply(&mut state, &proof).unwrap();
    basic_fixpoint(&mut state, &solution);
    (state, solution)
}

#[test]
fn eastermonster_nrczt25_chain_under_the_narrow_z_extension() {
    // [Berthier NRC] §A7: "an nrczt25-chain appears immediately after an nrczt4, with nothing of
    // moderate complexity in between; after this, nothing else applies". These claims
    // hold exactly when z-candidates stay out of the first cell, are linked to the target
    // through its digit, and no chain candidate is reused as an extra one
    // (Options::narrow_z); see the next test for the full definition.
    let (state, solution) = eastermonster_after_nrczt4();
    let links = LinkIndex::new(&state);
    let opts = Options::narrow_z();
    let t = Instant::now();
    let mut cache = ChainCache::new();
    for n in 1..=24 {
        let found = cache.find(&links, F::Nrczt, n, usize::MAX, opts);
        assert!(found.is_empty(), "an nrczt{n} chain: {}", found[0].rule);
    }
    let r3c9 = cand("n8r3c9");
    let s = cache.search_target(&links, F::Nrczt, r3c9, 30, opts);
    assert!(s.complete);
    let proof = s.proof.unwrap();
    assert_eq!(proof.length, 25);
    check(&state, &proof).unwrap();
    assert!(!is_solution(&solution, r3c9));
    let mut after = state.clone();
    apply(&mut after, &proof).unwrap();
    let links = LinkIndex::new(&after);
    for n in 1..=30 {
        assert!(cache.find(&links, F::Nrczt, n, usize::MAX, opts).is_empty());
    }
    eprintln!("EasterMonster, narrow z, lengths 1..=30: {:?}", t.elapsed());
    // the seed's own chain holds
    let seed = "nrczt25chain {n8 n6}r4c9  n6{r5c8 r1c8}  {n6 n3}r2c9  {n3 n9}r6c9  \
        {n9 n5}r5c9  {n5 n4}r7c9  n4{r3c9 r1c7}  n9{r1c7 r1c5}  n9{r3c5 r3c8}  n9{r7c8 r7c3}  \
        n9{r9c1 r9c7}  n5{r9c7 r8c7}  n5{r8c3 r1c3}  n3{r1c3 r1c4}  n3{r3c5 r3c1}  \
        n4{r3c1 r3c2}  n2{r3c2 r2c1}  {n2 n6}r6c1  {n6 n4}r8c1  {n4 n1}r8c3  {n1 n8}r7c2  \
        n8{r1c2 r2c3}  {n8 n4}r4c3  n4{r4c5 r9c5}  n8{r9c5 r3c5} ==> r3c9 <> 8";
    check(&state, &proof_from_text(&state, seed).unwrap()).unwrap();
}

#[test]
fn eastermonster_under_the_full_nrczt_definition() {
    // With z-candidates in the first cell ([Berthier 3D]) and linked to the target by any
    // nrc-link, shorter chains exist: two nrczt7 chains and an nrczt23 for r3c9 <> 8.
    let (state, solution) = eastermonster_after_nrczt4();
    let links = LinkIndex::new(&state);
    let mut cache = ChainCache::new();
    let full = Options::default();
    for n in 1..=6 {
        assert!(cache.find(&links, F::Nrczt, n, usize::MAX, full).is_empty());
    }
    let seven = cache.find(&links, F::Nrczt, 7, usize::MAX, full);
    let targets: Vec<Candidate> = seven.iter().flat_map(|p| p.eliminations.clone()).collect();
    assert_eq!(targets, vec![cand("n1r7c5"), cand("n6r9c5")]);
    for p in &seven {
        check(&state, p).unwrap();
        assert!(p.eliminations.iter().all(|&c| !is_solution(&solution, c)));
        // the first cell holds a z-candidate
        assert!(!chain_of(p).cells[0].z_candidates.is_empty());
    }
    let p = shortest_for_target(&links, F::Nrczt, cand("n8r3c9"), 30).unwrap();
    assert!(p.length <= 23, "{}", p.rule);
    check(&state, &p).unwrap();
}

#[test]
fn top1465_3_nrczt28_lr_lasso_is_found() {
    let (_, state) = replay("top1465-3", "chain_path_top1465_3.txt", Some("nrczt28"));
    let p = seed_puzzle("top1465-3");
    let (_, solution) = start_and_solution(&p);
    let links = LinkIndex::new(&state);
    let target = cand("n5r6c6");
    let t = Instant::now();
    let s = search_target(&links, F::NrcztLasso, target, 28, Options::default());
    let proof = s
        .proof
        .expect("the seed's nrczt28 lr-lasso or a shorter one");
    eprintln!("top1465 #3: {} in {:?}", proof.rule, t.elapsed());
    assert!(proof.length <= 28);
    check(&state, &proof).unwrap();
    assert!(!is_solution(&solution, target));
    // the seed's lasso needs the freedoms Options::narrow_z removes: nothing is found there
    let narrow = search_target(&links, F::NrcztLasso, target, 28, Options::narrow_z());
    assert!(narrow.complete && narrow.proof.is_none());
    // the seed's lasso, as printed (with its two run-together cells separated)
    let seed = std::fs::read_to_string(format!(
        "{}/tests/fixtures/chain_path_top1465_3.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let line = seed.lines().find(|l| l.starts_with("nrczt28")).unwrap();
    let lasso = proof_from_text(&state, line).unwrap();
    check(&state, &lasso).unwrap();
    let cells = &chain_of(&lasso).cells;
    // a z-candidate in the first cell, and one sharing the target's cell (r6c6)
    assert_eq!(cells[0].z_candidates, vec![cand("n5r6c2")]);
    assert_eq!(cells[4].z_candidates, vec![cand("n2r6c6")]);
    assert_eq!(lasso.rule, "nrczt28-lr-lasso");
    assert_eq!(chain_of(&lasso).lasso.unwrap().kind, LassoKind::Lr);
}

/// The state of Ocean #1 before its first chain step (after the three swordfish).
fn ocean_1_before_chains() -> State {
    let p = seed_puzzle("ocean-1");
    let (mut state, solution) = start_and_solution(&p);
    basic_fixpoint(&mut state, &solution);
    state
}

#[test]
fn ocean_1_first_chain_built_by_hand() {
    // nrc3chain n5{r9c8 r1c8} {n5 n8}r2c7 {n8 n1}r9c7 ==> r9c8 <> 1
    let state = ocean_1_before_chains();
    let pattern = ChainPattern {
        family: F::Nrc,
        cells: vec![
            ChainCell::new(
                CspVariable::Cn(7, Digit::new(5).unwrap()),
                cand("n5r9c8"),
                cand("n5r1c8"),
            ),
            ChainCell::new(
                CspVariable::Rc(Cell::at(1, 6)),
                cand("n5r2c7"),
                cand("n8r2c7"),
            ),
            ChainCell::new(
                CspVariable::Rc(Cell::at(8, 6)),
                cand("n8r9c7"),
                cand("n1r9c7"),
            ),
        ],
        lasso: None,
        targets: vec![cand("n1r9c8")],
    };
    let proof = Proof::new(
        Pattern::Chain(pattern.clone()),
        vec![cand("n1r9c8")],
        vec![],
    );
    check(&state, &proof).unwrap();
    assert_eq!(
        (proof.rule.as_str(), proof.family.as_str(), proof.length),
        ("nrc3-chain", "nrc", 3)
    );
    assert_eq!(
        nrc::nrc_text(&state, &proof),
        "nrc3-chain n5{r9c8 r1c8} - {n5 n8}r2c7 - {n8 n1}r9c7 ==> r9c8 <> 1"
    );
    assert_eq!(
        eureka_text(&pattern).unwrap(),
        "(5)r9c8=(5)r1c8-(5=8)r2c7-(8=1)r9c7 => r9c8<>1"
    );
    assert_eq!(
        sudorules_text(&pattern),
        "biv-chain[3]: c8n5{r9 r1} - r2c7{n5 n8} - r9c7{n8 n1} ==> r9c8 ≠ 1"
    );
    // the search finds it (or another nrc3 chain for the same target)
    let links = LinkIndex::new(&state);
    let found = shortest_for_target(&links, F::Nrc, cand("n1r9c8"), 4).unwrap();
    assert_eq!(found.length, 3);
    // serde round trip
    let json = serde_json::to_string(&proof).unwrap();
    let back: Proof = serde_json::from_str(&json).unwrap();
    assert_eq!(back, proof);
    assert!(json.contains("\"chain_family\":\"nrc\""), "{json}");
    assert!(json.contains("\"variable\":\"c8n5\""), "{json}");
}

/// Tampered versions of a chain proof that the checker must reject.
fn tamperings(p: &Proof, state: &State, solution: &[u8; 81]) -> Vec<(&'static str, Proof)> {
    let c = chain_of(p);
    let mut out = Vec::new();
    let with = |f: &dyn Fn(&mut ChainPattern, &mut Proof)| {
        let mut q = p.clone();
        let mut pat = c.clone();
        f(&mut pat, &mut q);
        q.pattern = Pattern::Chain(pat);
        q
    };
    // a solution candidate added as a target
    if let Some(victim) = state
        .candidates()
        .iter()
        .find(|&x| is_solution(solution, x) && !c.targets.contains(&x))
    {
        out.push((
            "solution as target",
            with(&|pat, q| {
                pat.targets.push(victim);
                q.eliminations.push(victim);
            }),
        ));
    }
    // a chain candidate as target
    let l1 = c.cells[0].left_linking;
    out.push((
        "target in the chain",
        with(&|pat, q| {
            pat.targets = vec![l1];
            q.eliminations = vec![l1];
        }),
    ));
    // an extra candidate dropped, or its justification moved to a later cell
    if let Some(k) = c
        .cells
        .iter()
        .position(|x| !x.t_candidates.is_empty() || !x.z_candidates.is_empty())
    {
        out.push((
            "extra dropped",
            with(&|pat, _| {
                let cell = &mut pat.cells[k];
                if cell.t_candidates.pop().is_none() {
                    cell.z_candidates.pop();
                }
            }),
        ));
        if !c.cells[k].t_candidates.is_empty() {
            let last_r = c.cells.last().unwrap().right_linking;
            out.push((
                "t-candidate justified by a later R",
                with(&|pat, _| pat.cells[k].t_candidates[0].linked_to = last_r),
            ));
        }
    }
    // relabelled as a longer chain
    out.push(("wrong length", with(&|_, q| q.length += 1)));
    out
}

/// Check every instance of every family up to `max_len` on `state`.
fn check_every_family(state: &State, solution: &[u8; 81], max_len: usize) -> usize {
    let links = LinkIndex::new(state);
    let mut cache = ChainCache::new();
    let mut n = 0;
    for family in F::ALL {
        for len in 1..=max_len {
            for p in cache.find(&links, family, len, usize::MAX, Options::default()) {
                let text = nrc::nrc_text(state, &p);
                assert_eq!(p.length, len, "{text}");
                check(state, &p).unwrap_or_else(|e| panic!("{text}: {e}"));
                for &e in &p.eliminations {
                    assert!(!is_solution(solution, e), "{text} eliminates {e}");
                }
                for (what, bad) in tamperings(&p, state, solution) {
                    assert!(check(state, &bad).is_err(), "{what} accepted: {text}");
                }
                if let Some(e) = eureka_text(chain_of(&p)) {
                    assert!(e.contains("=>"), "{e}");
                }
                assert!(sudorules_text(chain_of(&p)).contains(&format!("[{len}]")));
                n += 1;
            }
        }
    }
    n
}

#[test]
fn every_chain_of_every_family_on_a_sample_is_sound() {
    // 30 hard puzzles (top1465) and 40 random minimal ones (Berthier's controlled-bias
    // collection), where the 2D chains are more frequent
    let t = Instant::now();
    let mut instances = 0;
    let mut per_family = std::collections::BTreeMap::new();
    let sample = collection("top1465.txt", 30)
        .into_iter()
        .chain(collection("cbg000.txt", 40));
    for p in sample {
        let (start, solution) = start_and_solution(&p);
        let mut state = start;
        // four states per puzzle: after the basic rules, then after each of three chains
        for _ in 0..4 {
            basic_fixpoint(&mut state, &solution);
            if state.is_solved() {
                break;
            }
            instances += check_every_family(&state, &solution, 6);
            let links = LinkIndex::new(&state);
            let mut cache = ChainCache::new();
            for f in F::ALL {
                *per_family.entry(f.name()).or_insert(0) += (1..=6)
                    .map(|n| {
                        cache
                            .find(&links, f, n, usize::MAX, Options::default())
                            .len()
                    })
                    .sum::<usize>();
            }
            let next =
                (1..=8).find_map(|n| cache.find(&links, F::Nrczt, n, 1, Options::default()).pop());
            match next {
                Some(proof) => apply(&mut state, &proof).unwrap(),
                None => break,
            }
        }
    }
    eprintln!(
        "{instances} chain instances checked in {:?}: {per_family:?}",
        t.elapsed()
    );
    assert!(instances > 1000, "{instances}");
    for f in [
        "xy",
        "hxy-rn",
        "hxy-cn",
        "c",
        "nrc",
        "nrct",
        "nrcz",
        "nrczt",
        "nrczt-lasso",
    ] {
        assert!(per_family[f] > 0, "no {f} instance in the sample");
    }
}

#[test]
fn capped_and_exact_dedupe_agree_on_a_sample() {
    // the cap on partial chains with the same right-linking candidates never changes the
    // shortest length here (it can only miss, never invent)
    let exact = Options {
        same_rights: 0,
        ..Options::default()
    };
    let mut compared = 0;
    for p in collection("top1465.txt", 12) {
        let (mut state, solution) = start_and_solution(&p);
        basic_fixpoint(&mut state, &solution);
        let links = LinkIndex::new(&state);
        for f in [F::Nrct, F::Nrczt, F::NrcztLasso] {
            for t in state.candidates().iter() {
                let a = search_target(&links, f, t, 7, Options::default()).proof;
                let b = search_target(&links, f, t, 7, exact).proof;
                assert_eq!(a.map(|p| p.length), b.map(|p| p.length), "{f} {t}");
                compared += 1;
            }
        }
    }
    assert!(compared > 1000);
}

#[test]
fn sparing_the_solutions_candidates_finds_the_same_proofs() {
    // the rating's searches skip the targets that are the solution's values (no sound chain
    // eliminates one); every family at every length must then find what a full search finds
    let mut proofs = 0;
    for p in collection("top1465.txt", 6) {
        let (mut state, solution) = start_and_solution(&p);
        basic_fixpoint(&mut state, &solution);
        let links = LinkIndex::new(&state);
        if state.is_solved() {
            continue;
        }
        let known_true = true_candidates(&solution, state.candidates());
        assert!(!known_true.is_empty());
        let mut full = ChainCache::new();
        let mut sparing = ChainCache::sparing(known_true);
        for n in 1..=6 {
            for f in ChainFamily::ALL {
                let all = full.find(&links, f, n, usize::MAX, Options::default());
                let spared = sparing.find(&links, f, n, usize::MAX, Options::default());
                assert_eq!(all, spared, "{f} at length {n}");
                proofs += all.len();
            }
        }
    }
    assert!(proofs > 20, "{proofs}");
}

#[test]
fn lassos_searched_along_with_their_chains_are_those_searched_alone() {
    // one cache answers nrct, nrczt and then their lassos, in the resolution's order (the
    // lasso searches go on from the chain searches); each lasso family alone, in a fresh
    // cache, must give the same proofs
    let mut lassos = 0;
    for p in collection("top1465.txt", 12) {
        let (mut state, solution) = start_and_solution(&p);
        basic_fixpoint(&mut state, &solution);
        let links = LinkIndex::new(&state);
        let mut cache = ChainCache::new();
        for n in 1..=7 {
            for f in [F::Nrct, F::Nrczt, F::NrctLasso, F::NrcztLasso] {
                let shared = cache.find(&links, f, n, usize::MAX, Options::default());
                if f.is_lasso() {
                    let alone = find_with(&links, f, n, usize::MAX, Options::default());
                    assert_eq!(shared, alone, "{f} at length {n}");
                    lassos += shared.len();
                }
            }
        }
    }
    assert!(lassos > 10, "{lassos}");
}

#[test]
fn seed_printers_reproduce_the_seed_text() {
    // Caravail: the factored rl-lasso in the seed's full notation
    let (_, state) = replay(
        "sudocue-top10000-25",
        "chain_path_caravail.txt",
        Some("nrczt7rllasso n3{r1 r4}c6"),
    );
    let written = "nrczt7-rl-lasso n3{r1 r4}c6 - n4{r4 r5 r1*}c6 - {n4 n2}r5c9 - \
        {n2 n6 n3#n3r4c6}r4c8 - n6r6{c9 c2 c7#n6r4c8} - n2{r6c2 r4c1 r5c1#n2r5c9} - \
        n4r4{c1 c6 c5#n4r5c6} ==> r1c6 <> 9, r1c6 <> 7, r1c6 <> 1";
    let proof = proof_from_text(&state, written).unwrap();
    check(&state, &proof).unwrap();
    let c = chain_of(&proof);
    assert_eq!(c.lasso.unwrap().kind, LassoKind::Rl);
    assert_eq!(
        format!("{} ==> {}", pattern_text_full(c), conclusions(&proof)),
        written
    );
    assert_eq!(
        c.cells[3].t_candidates,
        vec![TCandidate {
            candidate: cand("n3r4c8"),
            linked_to: cand("n3r4c6"),
        }]
    );
    assert_eq!(
        nrc::nrc_text(&state, &proof),
        "nrczt7-rl-lasso n3{r1c6 r4c6} - n4{r4c6 r5c6} - {n4 n2}r5c9 - {n2 n6}r4c8 - \
         n6{r6c9 r6c2} - n2{r6c2 r4c1} - n4{r4c1 r4c6} ==> r1c6 <> 9, r1c6 <> 7, r1c6 <> 1"
    );
    assert_eq!(eureka_text(c), None);
    assert!(sudorules_text(c).starts_with("whip[7]: c6n3{r1 r4} - "));
    assert!(sudorules_text(c).contains(" - r4n4{c1 .} ==> "));

    // Ocean #3's hidden chain and Ocean #6's xy chain print as the seed prints them
    let (_, state) = replay("ocean-3", "chain_path_ocean_3.txt", Some("hxytcn4chain"));
    let text = "hxyt-cn4-chain {r1 r8}c8n4 - {r8 r5}c3n4 - {r5 r4}c3n2 - {r4 r1}c3n5 \
        ==> r1c8 <> 5";
    let proof = proof_from_text(&state, text).unwrap();
    check(&state, &proof).unwrap();
    assert_eq!(nrc::nrc_text(&state, &proof), text);
    assert!(sudorules_text(chain_of(&proof)).starts_with("t-whip-cn[4]: c8n4{r1 r8} - "));
}

#[test]
fn tampered_chains_are_rejected() {
    let state = ocean_1_before_chains();
    let good = proof_from_text(
        &state,
        "nrc3chain n5{r9c8 r1c8}  {n5 n8}r2c7  {n8 n1}r9c7 ==> r9c8 <> 1",
    )
    .unwrap();
    check(&state, &good).unwrap();
    let c = chain_of(&good).clone();
    let rejected = |why: &str, f: &dyn Fn(&mut ChainPattern)| {
        let mut p = c.clone();
        f(&mut p);
        let targets = p.targets.clone();
        let proof = Proof::new(Pattern::Chain(p), targets, vec![]);
        let r = check(&state, &proof);
        assert!(r.is_err(), "{why} accepted");
    };
    rejected("an xy chain with a column cell", &|p| p.family = F::Xy);
    rejected("a c-chain over two digits", &|p| p.family = F::C);
    rejected("an extra candidate in an nrc chain", &|p| {
        p.cells[1].t_candidates.push(TCandidate {
            candidate: cand("n5r3c9"),
            linked_to: cand("n5r1c8"),
        })
    });
    rejected("a z-candidate in an nrct chain", &|p| {
        p.family = F::Nrct;
        p.cells[0].z_candidates.push(cand("n5r3c9"));
    });
    rejected("cells out of order", &|p| p.cells.swap(1, 2));
    rejected("a target linked to one end only", &|p| {
        p.targets.push(cand("n5r7c8"));
    });
    rejected("a lasso closing on a chain", &|p| {
        p.family = F::NrcztLasso;
        p.lasso = Some(sudolink_engine::proof::chain::Lasso {
            kind: LassoKind::Lr,
            cell: 1,
        });
    });
    rejected("a lasso closing on a later cell", &|p| {
        p.family = F::NrcztLasso;
        p.lasso = Some(sudolink_engine::proof::chain::Lasso {
            kind: LassoKind::Rl,
            cell: 3,
        });
    });
    rejected("a candidate outside its variable", &|p| {
        p.cells[0].variable = CspVariable::Rn(8, Digit::new(5).unwrap())
    });
    rejected("a repeated candidate", &|p| {
        p.cells[2].right_linking = p.cells[0].left_linking;
    });
    // a mislabelled proof and an assertion
    let mut q = good.clone();
    q.rule = "nrc2-chain".into();
    assert!(check(&state, &q).is_err());
    let mut q = good.clone();
    q.assertions.push(cand("n5r9c8"));
    assert!(check(&state, &q).is_err());
    // bad JSON is an error, not a panic
    let json = serde_json::to_string(&good)
        .unwrap()
        .replace("\"c8n5\"", "\"c8n0\"");
    assert!(serde_json::from_str::<Proof>(&json).is_err());
}

#[test]
fn xy_and_hidden_chain_printers() {
    let cell = |v: CspVariable, l: &str, r: &str| ChainCell::new(v, cand(l), cand(r));
    let rc = |r: usize, c: usize| CspVariable::Rc(Cell::at(r - 1, c - 1));
    let xy = ChainPattern {
        family: F::Xy,
        cells: vec![
            cell(rc(6, 5), "n6r6c5", "n5r6c5"),
            cell(rc(4, 4), "n5r4c4", "n1r4c4"),
            cell(rc(4, 8), "n1r4c8", "n6r4c8"),
        ],
        lasso: None,
        targets: vec![cand("n6r6c8"), cand("n6r4c5")],
    };
    let proof = Proof::new(Pattern::Chain(xy.clone()), xy.targets.clone(), vec![]);
    assert_eq!(
        nrc::nrc_text(&State::empty(), &proof),
        "xy3-chain {n6 n5}r6c5 - {n5 n1}r4c4 - {n1 n6}r4c8 ==> r6c8 <> 6, r4c5 <> 6"
    );
    assert_eq!(
        sudorules_text(&xy),
        "biv-chain-rc[3]: r6c5{n6 n5} - r4c4{n5 n1} - r4c8{n1 n6} ==> r6c8 ≠ 6, r4c5 ≠ 6"
    );
    assert_eq!(
        eureka_text(&xy).unwrap(),
        "(6=5)r6c5-(5=1)r4c4-(1=6)r4c8 => r6c8<>6, r4c5<>6"
    );
    let d = |n: u8| Digit::new(n).unwrap();
    let hxy = ChainPattern {
        family: F::HxyRn,
        cells: vec![
            cell(CspVariable::Rn(0, d(3)), "n3r1c2", "n3r1c6"),
            cell(CspVariable::Rn(0, d(4)), "n4r1c6", "n4r1c8"),
            cell(CspVariable::Rn(4, d(4)), "n4r5c8", "n4r5c3"),
            cell(CspVariable::Rn(4, d(7)), "n7r5c3", "n7r5c2"),
        ],
        lasso: None,
        targets: vec![cand("n7r1c2")],
    };
    let proof = Proof::new(Pattern::Chain(hxy.clone()), hxy.targets.clone(), vec![]);
    assert_eq!(proof.rule, "hxy-rn4-chain");
    assert_eq!(
        nrc::nrc_text(&State::empty(), &proof),
        "hxy-rn4-chain {c2 c6}r1n3 - {c6 c8}r1n4 - {c8 c3}r5n4 - {c3 c2}r5n7 ==> r1c2 <> 7"
    );
    assert!(sudorules_text(&hxy).starts_with("biv-chain-rn[4]: r1n3{c2 c6} - "));
    // an nrczt lasso's name
    let lasso = ChainPattern {
        family: F::NrcztLasso,
        lasso: Some(sudolink_engine::proof::chain::Lasso {
            kind: LassoKind::Lr,
            cell: 1,
        }),
        ..hxy
    };
    assert_eq!(
        lasso.rule_name(),
        ("nrczt4-lr-lasso".to_string(), "lasso".to_string(), 4)
    );
}

proptest::proptest! {
    #[test]
    fn reading_chain_text_never_panics(s in "\\PC{0,80}") {
        let _ = parse_step(&s);
    }

    #[test]
    fn reading_notation_like_text_never_panics(
        s in "(nrczt|hxyt|xy|c)[0-9]{0,2}(-?chain|lrlasso)? ([nrc0-9{} #*-]|==>|<>){0,60}"
    ) {
        if let Ok(step) = parse_step(&s) {
            let _ = step.to_proof(&State::empty());
        }
    }
}
