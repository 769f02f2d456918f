//! Whips, braids, g-whips and g-braids.
//!
//! - Ratings equal SudoRules' on Berthier's controlled-bias collection, sub-collection 000
//!   (`cbg-000`, data/cbg000.txt, whose third column is SudoRules' W rating). B, gW and gB
//!   come from CSP-Rules-Examples' comparison lists, transcribed in
//!   tests/fixtures/whip_cbg000_rating_differences.tsv: puzzle by puzzle, exact equality.
//!   Sub-collection 001 (never used to tune the search) is the held-out check: its W, B, gW
//!   and gB ratings are in tests/fixtures/cbg001_* and whip_cbg001_*, the puzzles the default
//!   tests rate in tests/fixtures/slices/cbg001_sample.tsv; the whole of it is read from
//!   `$SUDOLINK_DATA/cb_controlled_bias.txt` (data/README.md) by the ignored run.
//! - Every elimination found is re-checked by `proof::check` and against the unique solution.
//! - Subsumption: braids find everything whips find, at each length; g-whips too; B ≤ W.
//! - The breadth-first search agrees with a literal depth-first reference search.
//! - The checker rejects mutated whips; the SudoRules notation.
//!
//! The larger runs are `#[ignore]`d: `cargo test --release --test whips -- --ignored`.

use crate::common;

use common::{collection, data_text, fixture_path, start_and_solution};
use std::collections::HashMap;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, Cell, Digit, Puzzle, State};
use sudolink_engine::proof::whip::{WhipCell, WhipPattern};
use sudolink_engine::proof::{self, Pattern, Proof};
use sudolink_notation::sudorules::whip_text as sudorules_text;
use sudolink_search::whips::{self, WhipKind};
use sudolink_study::rating::{rate, rules_for, Scheme};
use sudolink_study::resolution::{apply, is_solution};

// ---------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------

/// The puzzles of cbg-000 with SudoRules' W rating, numbered from 1 as in CSP-Rules-Examples.
fn cbg000() -> Vec<(usize, Puzzle, usize)> {
    let text = data_text("cbg000.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .take(21_375)
        .enumerate()
        .map(|(i, line)| {
            let cols: Vec<&str> = line.split('\t').collect();
            let p = parse_line(cols[0], i + 2).expect("puzzle");
            let w: usize = cols[2].trim().parse().expect("W rating");
            (i + 1, p, w)
        })
        .collect()
}

/// The first `n` puzzles of cbg-000 whose W rating is at least `min_w`.
fn cbg000_with_w_at_least(min_w: usize, n: usize) -> Vec<(usize, Puzzle, usize)> {
    cbg000()
        .into_iter()
        .filter(|(_, _, w)| *w >= min_w)
        .take(n)
        .collect()
}

/// The puzzles of cbg-001 the default tests rate (its first 3,000 and the later ones they
/// name, tests/fixtures/slices/cbg001_sample.tsv), by number from 1, with SudoRules' W
/// rating from tests/fixtures/cbg001_w_ratings.txt.
fn cbg001() -> Vec<(usize, Puzzle, usize)> {
    let w = fixture_lines("cbg001_w_ratings.txt");
    let puzzles: Vec<_> = fixture_lines("slices/cbg001_sample.tsv")
        .iter()
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let n: usize = cols[0].parse().expect("a number");
            let p = parse_line(cols[1], n).expect("puzzle");
            (n, p, w[n - 1].parse().expect("W rating"))
        })
        .collect();
    assert!(puzzles.windows(2).all(|p| p[0].0 < p[1].0));
    assert_eq!(puzzles[2999].0, 3000, "the first 3,000 are all there");
    puzzles
}

/// The whole of cbg-001 (the 21,695 lines after cbg-000 in
/// `$SUDOLINK_DATA/cb_controlled_bias.txt`, data/README.md) with SudoRules' W rating from
/// tests/fixtures/cbg001_w_ratings.txt, numbered from 1.
fn cbg001_all() -> Vec<(usize, Puzzle, usize)> {
    let text = data_text("cb_controlled_bias.txt");
    let w = fixture_lines("cbg001_w_ratings.txt");
    let puzzles: Vec<_> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(21_375)
        .take(21_695)
        .enumerate()
        .map(|(i, line)| {
            let p = parse_line(line.split('\t').next().unwrap(), i + 21_377).expect("puzzle");
            let w: usize = w[i].parse().expect("W rating");
            (i + 1, p, w)
        })
        .collect();
    assert_eq!((puzzles.len(), w.len()), (21_695, 21_695));
    puzzles
}

/// The lines of a fixture file, without its `#` comments and empty lines.
fn fixture_lines(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(fixture_path(name)).expect("fixture");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// SudoRules' rating of puzzle `n` of cbg-000 in `scheme` (W, B, gW or gB).
struct Expected {
    w: HashMap<usize, usize>,
    differences: HashMap<usize, [usize; 4]>,
}

impl Expected {
    /// cbg-000's ratings.
    fn load(puzzles: &[(usize, Puzzle, usize)]) -> Expected {
        Expected::load_from(puzzles, "whip_cbg000_rating_differences.tsv")
    }
    fn load_from(puzzles: &[(usize, Puzzle, usize)], differences: &str) -> Expected {
        let differences = fixture_lines(differences)
            .iter()
            .map(|l| {
                let c: Vec<usize> = l.split('\t').map(|x| x.parse().expect("number")).collect();
                (c[0], [c[1], c[2], c[3], c[4]])
            })
            .collect();
        let w = puzzles.iter().map(|(n, _, w)| (*n, *w)).collect();
        Expected { w, differences }
    }
    fn rating(&self, n: usize, scheme: Scheme) -> usize {
        let col = match scheme {
            Scheme::W => 0,
            Scheme::B => 1,
            Scheme::GW => 2,
            Scheme::GB => 3,
            _ => panic!("no SudoRules data for {scheme}"),
        };
        match self.differences.get(&n) {
            Some(r) => r[col],
            None => self.w[&n],
        }
    }
}

/// Puzzle number `n` of a list sorted by number (a whole sub-collection or a sample).
fn numbered(puzzles: &[(usize, Puzzle, usize)], n: usize) -> &Puzzle {
    let i = puzzles
        .binary_search_by_key(&n, |(k, _, _)| *k)
        .unwrap_or_else(|_| panic!("puzzle #{n} is not in the sample"));
    &puzzles[i].1
}

/// Rate the listed puzzles; return the disagreements (number, ours, SudoRules').
fn disagreements(
    puzzles: &[(usize, Puzzle, usize)],
    numbers: &[usize],
    scheme: Scheme,
    expected: &Expected,
) -> Vec<(usize, Option<usize>, usize)> {
    let mut bad = Vec::new();
    for &n in numbers {
        let p = numbered(puzzles, n);
        let (start, sol) = start_and_solution(p);
        let r =
            rate(&start, scheme, 20, Some(&sol)).unwrap_or_else(|e| panic!("#{n} {scheme}: {e}"));
        let want = expected.rating(n, scheme);
        if r.rating != Some(want) {
            bad.push((n, r.rating, want));
        }
    }
    bad
}

/// A stratified sample of the first 2000 puzzles: the first 100, and up to 12 puzzles of
/// every W value present (0..=7 and 9), plus the two cases that decide how partial whips
/// with the same R's are merged (#8422, W7) and the hardest of cbg-000 (#16845, W12).
fn w_sample(puzzles: &[(usize, Puzzle, usize)]) -> Vec<usize> {
    let mut numbers = stratified(puzzles, 2000);
    numbers.extend([8422, 16845]);
    numbers
}

/// The first 100 puzzles and up to 12 of every W value among the first `n` (all present).
fn stratified(puzzles: &[(usize, Puzzle, usize)], n: usize) -> Vec<usize> {
    assert_eq!(puzzles[n - 1].0, n, "the first {n} puzzles are all there");
    let mut numbers: Vec<usize> = (1..=100).collect();
    let mut per_value: HashMap<usize, usize> = HashMap::new();
    for (n, _, w) in &puzzles[100..n] {
        let k = per_value.entry(*w).or_default();
        if *k < 12 {
            *k += 1;
            numbers.push(*n);
        }
    }
    numbers
}

// ---------------------------------------------------------------------------------------
// Ratings equal SudoRules'
// ---------------------------------------------------------------------------------------

#[test]
fn w_ratings_equal_sudorules_on_a_stratified_sample() {
    let puzzles = cbg000();
    let expected = Expected::load(&puzzles);
    let numbers = w_sample(&puzzles);
    let values: std::collections::BTreeSet<usize> = numbers
        .iter()
        .map(|&n| expected.rating(n, Scheme::W))
        .collect();
    assert_eq!(
        values.into_iter().collect::<Vec<_>>(),
        vec![0, 1, 2, 3, 4, 5, 6, 7, 9, 12]
    );
    let bad = disagreements(&puzzles, &numbers, Scheme::W, &expected);
    assert!(bad.is_empty(), "(puzzle, ours, SudoRules'): {bad:?}");
}

#[test]
fn b_ratings_equal_sudorules_where_they_differ_from_w() {
    let puzzles = cbg000();
    let expected = Expected::load(&puzzles);
    // B < W on all of these but #451, #1249, #2812, #5233, #8981, #9812, #14800, #18495
    let numbers = [
        9, 119, 451, 990, 1249, 2412, 2812, 3526, 3988, 5005, 5233, 7957, 8981, 9812, 14800, 18495,
    ];
    let bad = disagreements(&puzzles, &numbers, Scheme::B, &expected);
    assert!(bad.is_empty(), "(puzzle, ours, SudoRules'): {bad:?}");
}

/// The one known disagreement on the 95 puzzles of cbg-000 whose W, B, gW, gB are not all
/// equal: #109, where SudoRules says gW9 and we find g-whips up to 8 suffice (every step is
/// a valid g-whip, checked below). Traced in SudoRules on the state of our step 11
/// (docs/ratings.md, "Known differences"): of three partial whips with the same
/// right-linking candidates, SudoRules keeps the one asserted first, which cannot be
/// continued, and needs `whip[9]`; ours keeps the last found, which gives `whip[8]`.
const KNOWN_GW_DISAGREEMENTS: [(usize, usize, usize); 1] = [(109, 8, 9)];

#[test]
fn gw_and_gb_ratings_equal_sudorules_where_they_differ_from_w() {
    let puzzles = cbg000();
    let expected = Expected::load(&puzzles);
    let gw = [
        41, 109, 119, 451, 1249, 2412, 2812, 2862, 5233, 8981, 9812, 16496, 17942,
    ];
    let bad = disagreements(&puzzles, &gw, Scheme::GW, &expected);
    let known: Vec<(usize, Option<usize>, usize)> = KNOWN_GW_DISAGREEMENTS
        .iter()
        .map(|&(n, ours, theirs)| (n, Some(ours), theirs))
        .collect();
    assert_eq!(bad, known, "(puzzle, ours, SudoRules')");
    let gb = [
        41, 1249, 2412, 2812, 2862, 5233, 8981, 9812, 16496, 17942, 18495, 19868,
    ];
    let bad = disagreements(&puzzles, &gb, Scheme::GB, &expected);
    assert!(bad.is_empty(), "(puzzle, ours, SudoRules'): {bad:?}");
}

/// cbg-001 (held out: the search was tuned on cbg-000 only): where our ratings differ from
/// SudoRules' — (scheme, puzzle, ours, SudoRules'). #3753: our W path uses a `whip[8]`
/// (`r3c9≠2`, checked and true) where SudoRules needed a `whip[9]` somewhere; SudoRules keeps
/// its partial whips from state to state, so which of several with the same R's it holds
/// depends on the path's history, which a search per state does not reproduce.
const KNOWN_CBG001_DISAGREEMENTS: [(Scheme, usize, usize, usize); 2] =
    [(Scheme::W, 3753, 8, 9), (Scheme::GW, 3753, 8, 9)];

fn known_cbg001(scheme: Scheme) -> Vec<(usize, Option<usize>, usize)> {
    KNOWN_CBG001_DISAGREEMENTS
        .iter()
        .filter(|k| k.0 == scheme)
        .map(|&(_, n, ours, theirs)| (n, Some(ours), theirs))
        .collect()
}

#[test]
fn w_ratings_equal_sudorules_on_a_cbg001_sample() {
    let puzzles = cbg001();
    let expected = Expected::load_from(&puzzles, "whip_cbg001_rating_differences.tsv");
    let mut numbers = stratified(&puzzles, 3000);
    // the first W8, the hardest of cbg-001 (W10) and the known disagreement
    numbers.extend([4082, 12301, 3753]);
    let values: std::collections::BTreeSet<usize> = numbers
        .iter()
        .map(|&n| expected.rating(n, Scheme::W))
        .collect();
    assert_eq!(
        values.into_iter().collect::<Vec<_>>(),
        vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    );
    let bad = disagreements(&puzzles, &numbers, Scheme::W, &expected);
    assert_eq!(bad, known_cbg001(Scheme::W), "(puzzle, ours, SudoRules')");
}

#[test]
fn b_ratings_equal_sudorules_on_cbg001_where_they_differ_from_w() {
    let puzzles = cbg001();
    let expected = Expected::load_from(&puzzles, "whip_cbg001_rating_differences.tsv");
    let mut numbers: Vec<usize> = expected
        .differences
        .iter()
        .filter(|(_, r)| r[1] != r[0])
        .map(|(&n, _)| n)
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers.len(), 45);
    let bad = disagreements(&puzzles, &numbers, Scheme::B, &expected);
    assert!(bad.is_empty(), "(puzzle, ours, SudoRules'): {bad:?}");
}

#[test]
#[ignore]
fn ratings_equal_sudorules_on_all_of_cbg001() {
    use rayon::prelude::*;
    let puzzles = cbg001_all();
    let expected = Expected::load_from(&puzzles, "whip_cbg001_rating_differences.tsv");
    let all: Vec<usize> = (1..=puzzles.len()).collect();
    let mut differing: Vec<usize> = expected.differences.keys().copied().collect();
    differing.sort_unstable();
    // W on every puzzle; B, gW and gB where the four ratings are not all equal
    for (scheme, numbers) in [
        (Scheme::W, &all),
        (Scheme::B, &differing),
        (Scheme::GW, &differing),
        (Scheme::GB, &differing),
    ] {
        let t = std::time::Instant::now();
        let mut bad: Vec<_> = numbers
            .par_chunks(16)
            .flat_map(|chunk| disagreements(&puzzles, chunk, scheme, &expected))
            .collect();
        bad.sort_unstable();
        eprintln!(
            "cbg-001 {scheme}: {} puzzles compared, {} disagreements {bad:?}, {:?}",
            numbers.len(),
            bad.len(),
            t.elapsed()
        );
        assert_eq!(
            bad,
            known_cbg001(scheme),
            "{scheme}: (puzzle, ours, SudoRules')"
        );
    }
}

#[test]
#[ignore]
fn w_ratings_equal_sudorules_on_all_of_cbg000() {
    use rayon::prelude::*;
    let puzzles = cbg000();
    let expected = Expected::load(&puzzles);
    let n: usize = std::env::var("WHIP_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(21_375);
    let t = std::time::Instant::now();
    let numbers: Vec<usize> = (1..=n).collect();
    let bad: Vec<_> = numbers
        .par_chunks(64)
        .flat_map(|chunk| disagreements(&puzzles, chunk, Scheme::W, &expected))
        .collect();
    eprintln!(
        "W: {n} puzzles compared, {} disagreements {bad:?}, {:?}",
        bad.len(),
        t.elapsed()
    );
    assert!(bad.is_empty(), "(puzzle, ours, SudoRules'): {bad:?}");
}

#[test]
#[ignore]
fn b_gw_gb_ratings_equal_sudorules_on_cbg000() {
    use rayon::prelude::*;
    let puzzles = cbg000();
    let expected = Expected::load(&puzzles);
    let n: usize = std::env::var("WHIP_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    // the first n puzzles and every puzzle whose four ratings are not all equal
    let mut numbers: Vec<usize> = (1..=n).collect();
    numbers.extend(expected.differences.keys().filter(|&&k| k > n));
    for scheme in [Scheme::B, Scheme::GW, Scheme::GB] {
        let t = std::time::Instant::now();
        let bad: Vec<_> = numbers
            .par_chunks(16)
            .flat_map(|chunk| disagreements(&puzzles, chunk, scheme, &expected))
            .collect();
        eprintln!(
            "{scheme}: {} puzzles compared, {} disagreements {bad:?}, {:?}",
            numbers.len(),
            bad.len(),
            t.elapsed()
        );
        if scheme == Scheme::GW {
            let known: Vec<usize> = KNOWN_GW_DISAGREEMENTS.iter().map(|k| k.0).collect();
            assert!(bad.iter().all(|b| known.contains(&b.0)), "{bad:?}");
        } else {
            assert!(bad.is_empty(), "{scheme}: {bad:?}");
        }
    }
}

/// Above the path's reach (`rating::GB_PATH_MAX`), `rate --scheme gB` is gB_p's closures'
/// alone: on every puzzle of cbg-000 SudoRules rates above it (gB8 to gB10) it gives
/// SudoRules' published gB.
#[test]
fn gb_above_the_path_equals_sudorules_on_cbg000() {
    let puzzles = cbg000();
    let expected = Expected::load(&puzzles);
    let text = data_text("cbg000.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().expect("puzzle"))
        .collect();
    let above: Vec<(usize, usize)> = puzzles
        .iter()
        .map(|&(n, _, _)| (n, expected.rating(n, Scheme::GB)))
        .filter(|&(_, gb)| gb > sudolink_study::rating::GB_PATH_MAX)
        .collect();
    assert!(above.len() >= 8, "{above:?}");
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("above.txt");
    let text: String = above
        .iter()
        .map(|&(n, _)| format!("{}\n", lines[n - 1]))
        .collect();
    std::fs::write(&file, text).expect("written");
    let out = common::ok(&["rate", file.to_str().unwrap(), "--scheme", "gB", "--json"]);
    let levels: Vec<String> = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            v["level"].as_str().expect("level").to_string()
        })
        .collect();
    let want: Vec<String> = above.iter().map(|&(_, gb)| format!("gB{gb}")).collect();
    assert_eq!(levels, want, "{above:?}");
}

// ---------------------------------------------------------------------------------------
// Soundness: every step checked and true
// ---------------------------------------------------------------------------------------

/// Replay a rating's steps: each whip step passes the checker on a state it was found in
/// (whips found together in one state are applied one after the other, so that is the
/// current state or one of the states since the last single) and eliminates a false
/// candidate. Returns the number of whip steps.
fn replay(start: &State, sol: &[u8; 81], steps: &[Proof]) -> usize {
    let mut s = start.clone();
    let mut since_single: Vec<State> = Vec::new();
    let mut whip_steps = 0;
    for step in steps {
        if let Pattern::Whip(_) = step.pattern {
            whip_steps += 1;
            since_single.push(s.clone());
            let holds = since_single.iter().any(|at| proof::check(at, step).is_ok());
            assert!(holds, "{} fails its check", step.rule);
            for &c in &step.eliminations {
                assert!(!is_solution(sol, c), "{c} is the solution");
            }
        } else {
            since_single.clear();
        }
        apply(&mut s, step).expect("consistent");
    }
    whip_steps
}

#[test]
fn every_whip_braid_g_whip_and_g_braid_step_is_checked_and_true() {
    let puzzles = cbg000();
    let mut whip_steps = 0;
    // puzzles with W ≥ 3 among the first 400
    for (_, p, _) in puzzles[..400].iter().filter(|(_, _, w)| *w >= 3).take(40) {
        let (start, sol) = start_and_solution(p);
        for scheme in [Scheme::W, Scheme::B, Scheme::GW, Scheme::GB] {
            let r = rate(&start, scheme, 20, Some(&sol)).expect("sound");
            assert!(r.rating.is_some(), "{} not solved in {scheme}", p.line());
            whip_steps += replay(&start, &sol, &r.steps);
        }
    }
    assert!(whip_steps > 1000, "only {whip_steps} whip steps");
}

#[test]
fn every_proof_of_find_is_checked_and_true() {
    let puzzles = cbg000();
    let mut count = 0;
    for (_, p, _) in puzzles[..300].iter().filter(|(_, _, w)| *w >= 4).take(12) {
        let (start, sol) = start_and_solution(p);
        let r = rate(&start, Scheme::W, 20, Some(&sol)).expect("sound");
        // the state before the first whip of length ≥ 3
        let mut s = start.clone();
        for step in &r.steps {
            if matches!(step.pattern, Pattern::Whip(_)) && step.length >= 3 {
                break;
            }
            apply(&mut s, step).expect("consistent");
        }
        let links = LinkIndex::new(&s);
        for kind in [
            WhipKind::Whip,
            WhipKind::Braid,
            WhipKind::GWhip,
            WhipKind::GBraid,
        ] {
            for len in 1..=5 {
                for proof in whips::find(&links, kind, len, 1000) {
                    assert_eq!(proof.length, len);
                    proof::check(&s, &proof).unwrap_or_else(|e| panic!("{}: {e}", proof.rule));
                    assert!(proof.eliminations.iter().all(|&c| !is_solution(&sol, c)));
                    count += 1;
                }
            }
        }
    }
    assert!(count > 500, "only {count} proofs");
}

// ---------------------------------------------------------------------------------------
// Subsumption
// ---------------------------------------------------------------------------------------

/// States to compare on: each puzzle's state before its first few whip steps.
fn sample_states(puzzles: &[(usize, Puzzle, usize)], per_puzzle: usize) -> Vec<State> {
    let mut out = Vec::new();
    for (_, p, _) in puzzles {
        let (start, sol) = start_and_solution(p);
        let r = rate(&start, Scheme::W, 20, Some(&sol)).expect("sound");
        let mut s = start.clone();
        let mut taken = 0;
        for step in &r.steps {
            if matches!(step.pattern, Pattern::Whip(_)) && taken < per_puzzle {
                out.push(s.clone());
                taken += 1;
            }
            apply(&mut s, step).expect("apply");
        }
    }
    out
}

#[test]
fn braids_and_g_whips_find_everything_whips_find_at_each_length() {
    let puzzles = cbg000_with_w_at_least(2, 100);
    let max = 6;
    let mut whip_targets = 0;
    for s in sample_states(&puzzles, 1) {
        let links = LinkIndex::new(&s);
        for z in s.candidates().iter() {
            let len = |k| whips::shortest_for_target(&links, k, z, max).map(|p| p.length);
            let Some(w) = len(WhipKind::Whip) else {
                continue;
            };
            whip_targets += 1;
            let b = len(WhipKind::Braid).expect("a braid where a whip is");
            let gw = len(WhipKind::GWhip).expect("a g-whip where a whip is");
            let gb = len(WhipKind::GBraid).expect("a g-braid where a whip is");
            assert!(
                b <= w && gw <= w && gb <= b.min(gw),
                "{z}: W{w} B{b} gW{gw} gB{gb}"
            );
        }
    }
    assert!(
        whip_targets > 1000,
        "only {whip_targets} targets with whips"
    );
}

#[test]
fn b_and_gw_are_at_most_w_and_gb_at_most_both() {
    let puzzles = cbg000();
    for (n, p, w) in puzzles[..600].iter().filter(|(_, _, w)| *w >= 2).take(50) {
        let (start, sol) = start_and_solution(p);
        let r = |k| rate(&start, k, 20, Some(&sol)).expect("sound").rating;
        let (b, gw, gb) = (r(Scheme::B), r(Scheme::GW), r(Scheme::GB));
        assert!(
            b <= Some(*w) && gw <= Some(*w),
            "#{n}: W{w} B{b:?} gW{gw:?}"
        );
        assert!(gb <= b && gb <= gw, "#{n}: B{b:?} gW{gw:?} gB{gb:?}");
    }
}

// ---------------------------------------------------------------------------------------
// The search against a literal reference
// ---------------------------------------------------------------------------------------

/// A literal reference search: depth-first, no merging of partial whips, the definitions of
/// `proof::whip` word for word (braids of length 2 are whips, as in SudoRules).
mod reference {
    use sudolink_engine::grid::{Candidate, CspVariable, State};

    struct Cell {
        l: Candidate,
        v: CspVariable,
        r: Candidate,
    }

    /// Shortest whip (or braid) length ≤ max on target z, by exhaustive search.
    pub fn shortest(state: &State, z: Candidate, max: usize, braid: bool) -> Option<usize> {
        (1..=max).find(|&n| exists(state, z, n, braid, &mut Vec::new()))
    }

    fn exists(state: &State, z: Candidate, n: usize, braid: bool, cells: &mut Vec<Cell>) -> bool {
        let k = cells.len() + 1;
        // braids hang on Z or any R, except that a braid[2] is a whip[2]
        let braid_here = braid && !(k == 2 && n == 2);
        let hangs = |l: Candidate| {
            if k == 1 {
                l.is_linked(z)
            } else if braid_here {
                l.is_linked(z) || cells.iter().any(|c| l.is_linked(c.r))
            } else {
                l.is_linked(cells[k - 2].r)
            }
        };
        let ls: Vec<Candidate> = Candidate::all()
            .filter(|&l| state.has(l) && l != z && hangs(l))
            .collect();
        for l in ls {
            let looped =
                cells.iter().any(|c| c.r == l) || (!braid_here && cells.iter().any(|c| c.l == l));
            if looped {
                continue;
            }
            for v in l.variables() {
                if cells.iter().any(|c| c.v == v) {
                    continue;
                }
                let rest: Vec<Candidate> = v
                    .candidates()
                    .into_iter()
                    .filter(|&x| state.has(x) && x != l)
                    .filter(|&x| !x.is_linked(z) && !cells.iter().any(|c| x.is_linked(c.r)))
                    .collect();
                if k == n {
                    if rest.is_empty() {
                        return true;
                    }
                } else if rest.len() == 1 {
                    let r = rest[0];
                    if r == z || cells.iter().any(|c| c.l == r || c.r == r) {
                        continue;
                    }
                    cells.push(Cell { l, v, r });
                    let found = exists(state, z, n, braid, cells);
                    cells.pop();
                    if found {
                        return true;
                    }
                }
            }
        }
        false
    }
}

fn compare_with_reference(n_puzzles: usize, max: usize) -> (usize, Vec<String>) {
    let puzzles = cbg000_with_w_at_least(3, n_puzzles);
    let mut compared = 0;
    let mut bad = Vec::new();
    for s in sample_states(&puzzles, 2) {
        let links = LinkIndex::new(&s);
        for z in s.candidates().iter() {
            for (kind, braid) in [(WhipKind::Whip, false), (WhipKind::Braid, true)] {
                let ours = whips::shortest_for_target(&links, kind, z, max).map(|p| p.length);
                let theirs = reference::shortest(&s, z, max, braid);
                compared += 1;
                if ours != theirs {
                    bad.push(format!("{z} {kind}: ours {ours:?}, reference {theirs:?}"));
                }
            }
        }
    }
    (compared, bad)
}

#[test]
fn search_agrees_with_a_literal_reference_up_to_length_3() {
    let (compared, bad) = compare_with_reference(8, 3);
    assert!(compared > 1000);
    assert!(bad.is_empty(), "{bad:?}");
}

#[test]
#[ignore]
fn search_agrees_with_a_literal_reference_up_to_length_5() {
    let (compared, bad) = compare_with_reference(30, 5);
    eprintln!("{compared} comparisons, {} differences", bad.len());
    assert!(bad.is_empty(), "{bad:?}");
}

// ---------------------------------------------------------------------------------------
// The checker rejects what is not a whip
// ---------------------------------------------------------------------------------------

/// A state of cbg-000 #2 (W5) and a `whip[4]` or longer that holds on it.
fn a_long_whip() -> (State, Proof, WhipPattern) {
    let puzzles = cbg000();
    let (start, sol) = start_and_solution(&puzzles[1].1);
    let r = rate(&start, Scheme::W, 20, Some(&sol)).expect("sound");
    let mut s = start.clone();
    for step in r.steps {
        if let Pattern::Whip(w) = &step.pattern {
            if w.cells.len() >= 4 && proof::check(&s, &step).is_ok() {
                return (s, step.clone(), w.clone());
            }
        }
        apply(&mut s, &step).expect("apply");
    }
    panic!("no whip[4] on cbg-000 #2");
}

fn with(w: &WhipPattern, eliminations: Vec<Candidate>) -> Proof {
    Proof::new(Pattern::Whip(w.clone()), eliminations, vec![])
}

#[test]
fn checker_rejects_mutated_whips() {
    let (s, good, w) = a_long_whip();
    proof::check(&s, &good).expect("the original holds");
    let z = w.target;

    // drop a middle cell
    let mut m = w.clone();
    m.cells.remove(1);
    assert!(
        proof::check(&s, &with(&m, vec![z])).is_err(),
        "dropped cell"
    );

    // drop the last cell: the new last cell has an R and the one before no longer closes
    let mut m = w.clone();
    m.cells.pop();
    assert!(
        proof::check(&s, &with(&m, vec![z])).is_err(),
        "dropped last cell"
    );

    // swap an R for another candidate of its variable
    let mut m = w.clone();
    let cell = &m.cells[1];
    let r = cell.right_linking.clone().expect("R");
    let other = cell
        .variable
        .candidates()
        .into_iter()
        .find(|&c| s.has(c) && !r.contains(&c) && !cell.left_linking.contains(&c))
        .expect("another candidate");
    m.cells[1].right_linking = Some(vec![other]);
    assert!(proof::check(&s, &with(&m, vec![z])).is_err(), "swapped R");

    // swap two R's
    let mut m = w.clone();
    let (a, b) = (
        m.cells[0].right_linking.clone(),
        m.cells[1].right_linking.clone(),
    );
    m.cells[0].right_linking = b;
    m.cells[1].right_linking = a;
    assert!(
        proof::check(&s, &with(&m, vec![z])).is_err(),
        "exchanged R's"
    );

    // change the target: to L1 itself, and to a candidate L1 is not linked to
    let l1 = w.cells[0].left_linking[0];
    for t in [
        l1,
        s.candidates()
            .iter()
            .find(|&t| t != z && !t.is_linked(l1) && t != l1)
            .expect("a candidate not linked to L1"),
    ] {
        let mut m = w.clone();
        m.target = t;
        assert!(proof::check(&s, &with(&m, vec![t])).is_err(), "target {t}");
    }

    // the conclusion must be exactly the target
    let other = s.candidates().iter().find(|&c| c != z).expect("other");
    assert!(
        proof::check(&s, &with(&w, vec![other])).is_err(),
        "wrong conclusion"
    );
    assert!(
        proof::check(&s, &with(&w, vec![z, other])).is_err(),
        "extra conclusion"
    );

    // two candidates as one R in a plain whip
    let mut m = w.clone();
    let v = m.cells[0].variable;
    let extra = v
        .candidates()
        .into_iter()
        .find(|&c| s.has(c) && !m.cells[0].left_linking.contains(&c))
        .expect("R1");
    let mut r = m.cells[0].right_linking.clone().expect("R1");
    if !r.contains(&extra) {
        r.push(extra);
    } else {
        r.push(m.cells[0].left_linking[0]);
    }
    m.cells[0].right_linking = Some(r);
    assert!(
        proof::check(&s, &with(&m, vec![z])).is_err(),
        "group in a whip"
    );

    // a last cell with an R, an inner cell without one
    let mut m = w.clone();
    let last = m.cells.len() - 1;
    m.cells[last].right_linking = m.cells[0].right_linking.clone();
    assert!(
        proof::check(&s, &with(&m, vec![z])).is_err(),
        "R on the last cell"
    );
    let mut m = w.clone();
    m.cells[0].right_linking = None;
    assert!(
        proof::check(&s, &with(&m, vec![z])).is_err(),
        "no R on cell 1"
    );
}

#[test]
fn checker_rejects_a_braid_called_a_whip() {
    // find a braid step that is not a whip: relabelled as a whip it must fail
    let puzzles = cbg000();
    for n in [9usize, 119, 990, 2412] {
        let (start, sol) = start_and_solution(&puzzles[n - 1].1);
        let r = rate(&start, Scheme::B, 20, Some(&sol)).expect("sound");
        let mut s = start.clone();
        for step in &r.steps {
            if let Pattern::Whip(w) = &step.pattern {
                if w.kind == WhipKind::Braid && proof::check(&s, step).is_ok() {
                    let mut m = w.clone();
                    m.kind = WhipKind::Whip;
                    let relabelled = with(&m, step.eliminations.clone());
                    assert!(proof::check(&s, &relabelled).is_err());
                    return;
                }
            }
            apply(&mut s, step).expect("apply");
        }
    }
    panic!("no braid that is not a whip on #9, #119, #990, #2412");
}

#[test]
fn checker_rejects_repeated_candidates_and_variables() {
    let (s, _, w) = a_long_whip();
    let z = w.target;
    // a variable used twice
    let mut m = w.clone();
    m.cells[2].variable = m.cells[0].variable;
    assert!(proof::check(&s, &with(&m, vec![z])).is_err());
    // L equal to an earlier R (and so not linked to itself)
    let mut m = w.clone();
    m.cells[2].left_linking = m.cells[0].right_linking.clone().expect("R");
    assert!(proof::check(&s, &with(&m, vec![z])).is_err());
}

// ---------------------------------------------------------------------------------------
// Data forms and notation
// ---------------------------------------------------------------------------------------

#[test]
fn whip_proofs_round_trip_through_json() {
    let (_, proof, _) = a_long_whip();
    let json = serde_json::to_string(&proof).expect("serialise");
    assert!(json.contains("\"pattern\":\"whip\""), "{json}");
    assert!(json.contains("\"left_linking\":[\"n"), "{json}");
    let back: Proof = serde_json::from_str(&json).expect("deserialise");
    assert_eq!(back, proof);
}

#[test]
fn sudorules_notation() {
    // the example of the issue and of SudoRules' documentation
    let d = |n| Digit::new(n).expect("digit");
    let c = |r: usize, col: usize, n: u8| Candidate::new(Cell::at(r - 1, col - 1), d(n));
    let w = WhipPattern {
        kind: WhipKind::Whip,
        target: c(7, 5, 2),
        cells: vec![
            WhipCell {
                variable: sudolink_engine::grid::CspVariable::Rc(Cell::at(6, 7)),
                left_linking: vec![c(7, 8, 2)],
                right_linking: Some(vec![c(7, 8, 3)]),
            },
            WhipCell {
                variable: sudolink_engine::grid::CspVariable::Cn(4, d(3)),
                left_linking: vec![c(7, 5, 3)],
                right_linking: Some(vec![c(2, 5, 3)]),
            },
            WhipCell {
                variable: sudolink_engine::grid::CspVariable::Rn(1, d(6)),
                left_linking: vec![c(2, 5, 6)],
                right_linking: Some(vec![c(2, 7, 6)]),
            },
            WhipCell {
                variable: sudolink_engine::grid::CspVariable::Bn(2, d(1)),
                left_linking: vec![c(2, 7, 1)],
                right_linking: None,
            },
        ],
    };
    let p = with(&w, vec![w.target]);
    assert_eq!(p.rule, "whip");
    assert_eq!(p.length, 4);
    assert_eq!(
        sudorules_text(&State::empty(), &p, &w),
        "whip[4]: r7c8{n2 n3} - c5n3{r7 r2} - r2n6{c5 c7} - b3n1{r2c7 .} ==> r7c5≠2"
    );
    // g-candidates print as their physical segment
    let mut g = w.clone();
    g.kind = WhipKind::GWhip;
    g.cells[2].right_linking = Some(vec![c(2, 7, 6), c(2, 8, 6)]);
    let gp = with(&g, vec![g.target]);
    assert!(sudorules_text(&State::empty(), &gp, &g).contains("r2n6{c5 c789}"));
    assert_eq!(gp.rule, "g-whip");
}

#[test]
fn rules_of_the_w_scheme_are_singles_and_whips_only() {
    let rules = rules_for(Scheme::W, 3);
    let text: Vec<String> = rules.iter().map(|r| r.to_string()).collect();
    assert_eq!(
        text,
        [
            "naked-single",
            "hidden-single",
            "whip[1]",
            "whip[2]",
            "whip[3]"
        ]
    );
    for (s, name) in [
        (Scheme::L, "L"),
        (Scheme::GW, "gW"),
        (Scheme::GB, "gB"),
        (Scheme::BC, "BC"),
    ] {
        assert_eq!(s.to_string(), name);
        assert_eq!(name.parse::<Scheme>(), Ok(s));
    }
    assert!("X".parse::<Scheme>().is_err());
}

#[test]
fn w0_is_singles_and_the_rating_of_an_easy_puzzle() {
    let puzzles = cbg000();
    let (start, sol) = start_and_solution(&puzzles[0].1);
    let r = rate(&start, Scheme::W, 20, Some(&sol)).expect("sound");
    assert_eq!(r.rating, Some(0));
    assert_eq!(r.hardest.as_deref(), Some("singles"));
    assert!(r.final_state.is_solved());
    let (start, sol) = start_and_solution(&puzzles[1].1);
    let r = rate(&start, Scheme::W, 20, Some(&sol)).expect("sound");
    assert_eq!(r.rating, Some(5));
    assert_eq!(r.hardest.as_deref(), Some("whip[5]"));
    assert_eq!(r.level_text(20), "W5");
    // not solved with whips up to 4
    let r = rate(&start, Scheme::W, 4, Some(&sol)).expect("sound");
    assert_eq!(r.rating, None);
    assert_eq!(r.level_text(4), "W>4");
}

// ---------------------------------------------------------------------------------------
// Speed (issue 3): W rating of the first 200 puzzles of top1465, whips up to length 20
// ---------------------------------------------------------------------------------------

#[test]
#[ignore]
fn w_rating_speed_on_top1465() {
    let n: usize = std::env::var("WHIP_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let mut times = Vec::new();
    let mut unsolved = 0;
    for (i, p) in collection("top1465.txt", n).iter().enumerate() {
        let (start, sol) = start_and_solution(p);
        let t = std::time::Instant::now();
        let r = rate(&start, Scheme::W, 20, Some(&sol)).expect("sound");
        let dt = t.elapsed().as_secs_f64();
        if r.rating.is_none() {
            unsolved += 1;
        }
        times.push((dt, i + 1, r.rating));
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = times.iter().map(|t| t.0).sum();
    let median = times[times.len() / 2].0;
    let slowest = times.last().expect("puzzles");
    eprintln!(
        "top1465 1..{n}: total {total:.2} s, median {median:.4} s, slowest #{} {:.2} s \
         (W {:?}), {unsolved} not solved with whips up to 20",
        slowest.1, slowest.0, slowest.2
    );
    assert!(median < 1.0);
}

// ---------------------------------------------------------------------------------------
// SudoRules' merging of partial whips against the exact search
// ---------------------------------------------------------------------------------------

/// cbg-000 #13, in the state before step 37 of its W resolution path: SudoRules' merging
/// (one partial whip per R set and last R) finds r9c3 <> 2 only by a `whip[7]`; the exact search
/// behind `shortest_for_target` (what `explain` and `subsume` use) finds the `whip[6]` the
/// literal reference finds, and it holds.
#[test]
fn exact_search_finds_the_whip_merging_loses() {
    let puzzles = cbg000();
    let (_, p, _) = &puzzles[12];
    let (start, sol) = start_and_solution(p);
    let r = rate(&start, Scheme::W, 20, Some(&sol)).expect("sound");
    let mut s = start.clone();
    for step in &r.steps[..36] {
        apply(&mut s, step).expect("consistent");
    }
    let links = LinkIndex::new(&s);
    let z = Candidate::new(Cell::at(8, 2), Digit::new(2).unwrap());
    let merged =
        whips::shortest_for_target_with(&links, WhipKind::Whip, z, 7, whips::Merge::SudoRules)
            .expect("a whip[7]");
    assert_eq!(merged.length, 7, "{}", merged.rule);
    let exact = whips::shortest_for_target(&links, WhipKind::Whip, z, 7).expect("a whip");
    assert_eq!(exact.length, 6, "{}", exact.rule);
    assert_eq!(reference::shortest(&s, z, 7, false), Some(6));
    proof::check(&s, &exact).unwrap();
    assert!(!is_solution(&sol, z));
    // the exact search alone, without the merged one's bound, agrees
    let alone = whips::shortest_for_target_with(&links, WhipKind::Whip, z, 7, whips::Merge::Exact);
    assert_eq!(alone.map(|p| p.length), Some(6));
}

/// On sampled states, the exact whip search is never longer than SudoRules' merging, finds
/// what the literal reference finds up to length 4, and every whip it finds holds.
#[test]
fn exact_whips_are_never_longer_and_always_true() {
    let puzzles = cbg000_with_w_at_least(3, 12);
    let mut shorter = 0;
    let mut compared = 0;
    for (_, p, _) in &puzzles {
        let (start, sol) = start_and_solution(p);
        let r = rate(&start, Scheme::W, 20, Some(&sol)).expect("sound");
        let mut s = start.clone();
        for (k, step) in r.steps.iter().enumerate() {
            if matches!(step.pattern, Pattern::Whip(_)) && k % 4 == 0 {
                let links = LinkIndex::new(&s);
                for z in s.candidates().iter() {
                    let merged = whips::shortest_for_target_with(
                        &links,
                        WhipKind::Whip,
                        z,
                        6,
                        whips::Merge::SudoRules,
                    );
                    let exact = whips::shortest_for_target(&links, WhipKind::Whip, z, 6);
                    compared += 1;
                    if let Some(e) = &exact {
                        proof::check(&s, e).unwrap_or_else(|err| panic!("{}: {err}", e.rule));
                        assert!(!is_solution(&sol, z), "{}", e.rule);
                    }
                    let (m, e) = (merged.map(|p| p.length), exact.map(|p| p.length));
                    assert!(e.is_some() || m.is_none(), "{z}: merged {m:?}, exact none");
                    if let (Some(m), Some(e)) = (m, e) {
                        assert!(e <= m, "{z}: merged {m}, exact {e}");
                    }
                    shorter += usize::from(e < m || (e.is_some() && m.is_none()));
                    if e.is_none_or(|e| e <= 4) {
                        assert_eq!(e, reference::shortest(&s, z, 4, false), "{z}");
                    }
                }
            }
            apply(&mut s, step).expect("consistent");
        }
    }
    assert!(compared > 1000, "{compared}");
    eprintln!("{compared} targets, exact shorter on {shorter}");
}

// ---------------------------------------------------------------------------------------
// Every whip is a g-whip, every braid a g-braid
// ---------------------------------------------------------------------------------------

/// A puzzle's first state where the basic rules (singles, locked candidates, subsets, fish)
/// are stuck: the state `subsume --stuck` studies.
fn first_stuck_state(p: &Puzzle) -> (State, [u8; 81]) {
    use sudolink_search::{basic_rules, first_step};
    let (mut s, sol) = start_and_solution(p);
    let basic = basic_rules();
    while let Some(step) = first_step(&basic, &LinkIndex::new(&s)) {
        apply(&mut s, &step).expect("consistent");
    }
    (s, sol)
}

/// top1465 #1226 (line 1227), first stuck state: r1c2<>7 has a `whip[9]`
/// (`c1n7{r1 r7} - b8n7{r7c5 r9c4} - …`). The exact g-whip search alone gives up there (it
/// needs about 75,000 partial whips, over its budget) and SudoRules' merging finds only a
/// `g-whip[11]`; the g-whip search still answers with a proof of length ≤ 9, since every whip
/// is a g-whip.
#[test]
fn the_g_whip_search_finds_a_whip_the_exact_g_search_gives_up_on() {
    let p = &collection("top1465.txt", 1226)[1225];
    let (s, sol) = first_stuck_state(p);
    let links = LinkIndex::new(&s);
    let z = Candidate::new(Cell::at(0, 1), Digit::new(7).unwrap());
    let whip = whips::shortest_for_target(&links, WhipKind::Whip, z, 12).expect("a whip");
    assert_eq!(whip.length, 9, "{}", whip.rule);
    let merged =
        whips::shortest_for_target_with(&links, WhipKind::GWhip, z, 12, whips::Merge::SudoRules)
            .expect("a g-whip");
    assert!(merged.length > 9, "{}", merged.rule);
    let g = whips::shortest_for_target(&links, WhipKind::GWhip, z, 12).expect("a g-whip");
    assert!(g.length <= 9, "{}", g.rule);
    common::assert_sound_against_solution(&s, &sol, &g);
    assert!(!is_solution(&sol, z));
}

/// On the first stuck states of a sample of top1465, for every target: the shortest g-whip
/// is no longer than the shortest whip, the shortest g-braid no longer than the shortest
/// braid (lengths ≤ 5), and every g-proof holds.
#[test]
fn g_whips_and_g_braids_are_never_longer_than_whips_and_braids() {
    let max = 5;
    let (mut whip_targets, mut braid_targets) = (0, 0);
    for p in collection("top1465.txt", 1465).iter().step_by(60) {
        let (s, sol) = first_stuck_state(p);
        if s.is_solved() {
            continue;
        }
        let links = LinkIndex::new(&s);
        for z in s.candidates().iter() {
            for (plain, g) in [
                (WhipKind::Whip, WhipKind::GWhip),
                (WhipKind::Braid, WhipKind::GBraid),
            ] {
                let Some(p) = whips::shortest_for_target(&links, plain, z, max) else {
                    continue;
                };
                let gp = whips::shortest_for_target(&links, g, z, max)
                    .unwrap_or_else(|| panic!("{z}: {} but no {g}", p.rule));
                assert!(gp.length <= p.length, "{z}: {} {}", p.rule, gp.rule);
                proof::check(&s, &gp).unwrap_or_else(|e| panic!("{}: {e}", gp.rule));
                assert!(!is_solution(&sol, z), "{}", gp.rule);
                match plain {
                    WhipKind::Whip => whip_targets += 1,
                    _ => braid_targets += 1,
                }
            }
        }
    }
    assert!(
        whip_targets > 100 && braid_targets > whip_targets,
        "only {whip_targets} whip and {braid_targets} braid targets"
    );
}

/// The candidates a whip is made of (`proof::candidates`, what the pictures and the store
/// show): its left- and right-linking candidates, each once, never its target.
#[test]
fn a_whip_is_made_of_its_linking_candidates_not_of_its_target() {
    let state = parse_line(
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
        1,
    )
    .unwrap()
    .start_state()
    .unwrap();
    let links = LinkIndex::new(&state);
    let mut seen = 0;
    for n in 1..=5 {
        for proof in sudolink_search::Rule::whip(WhipKind::Whip, n).find(&links) {
            let Pattern::Whip(w) = &proof.pattern else {
                unreachable!()
            };
            let got = proof::candidates::pattern_candidates(&proof.pattern, state.candidates());
            assert!(!got.contains(&w.target), "{}", proof.rule);
            for cell in &w.cells {
                assert!(cell.left_linking.iter().all(|c| got.contains(c)));
            }
            let mut unique = got.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), got.len(), "each candidate once");
            seen += 1;
        }
    }
    assert!(seen > 0);
}
