//! Puzzles that need a technique (`generate --needs TECHNIQUE`): a candidate puzzle needs
//! technique T for a rule set R when the simplest-first path with R plus T's rules takes at
//! least one step of T. T is only ever taken where no simpler rule applies, so at that
//! step R without T would need something harder, or get stuck.
//!
//! The candidates come from the random minimal generator ([`super::generate`]) or from a
//! seed collection (exotic patterns are rare among random puzzles): seed puzzle `k mod n`
//! under the `k / n`-th random symmetry of the grid ([`transform`]; the 0-th is the puzzle
//! itself). Each candidate is checked on its own: unique solution, then the path, every
//! step verified by `proof::check` and against the solution, stopped at the first step of
//! T unless the path must solve the puzzle too.
//!
//! **Bounds**: each candidate's path runs within the caller's [`Limits`]; the number of
//! candidates is the caller's.

use super::generate;
use super::resolution::{apply, verify, ResolutionError};
use rand::seq::SliceRandom;
use rand_pcg::Pcg64;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::State;
use sudolink_engine::solver::count_solutions_of_values;
use sudolink_notation::nrc;
use sudolink_search::limits::Limits;
use sudolink_search::registry::{Rule, Searcher, TechniqueId};

/// What a candidate's path says of the technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The path takes a step of the technique (at step `step`, 1-based); `solved` when
    /// the path was followed to the end and solves the puzzle.
    Needs { step: usize, solved: bool },
    /// The path takes no step of it (it solves the puzzle without it or gets stuck first).
    Unused,
    /// The path takes a step of it but does not solve the puzzle, and solving was asked.
    Unsolved,
    /// The candidate has no unique solution (a seed that is not a puzzle).
    NotUnique,
    /// A bound cut the path before it took a step of the technique.
    Cut,
}

/// The rules `rules` plus `technique`'s rules (up to `max_len`: its one rule, or one per
/// length), each inserted before the first rule of `rules` that stands after it on the
/// scale: the simplest-first order stays simplest first. Rules already in the list are not
/// repeated.
pub fn with_technique(rules: &[Rule], technique: TechniqueId, max_len: usize) -> Vec<Rule> {
    let added = technique.rules_up_to(max_len, None);
    let mut out = rules.to_vec();
    for rule in added {
        if out.contains(&rule) {
            continue;
        }
        let at = out
            .iter()
            .position(|r| r.place() > rule.place())
            .unwrap_or(out.len());
        out.insert(at, rule);
    }
    out
}

/// Whether the path of `givens` with `rules` (which hold `technique`'s) takes a step of
/// `technique`, within `limits`; with `solved`, the path must also solve the puzzle.
pub fn check(
    givens: &[u8; 81],
    rules: &[Rule],
    technique: TechniqueId,
    solved: bool,
    limits: Limits,
) -> Result<Verdict, ResolutionError> {
    let count = count_solutions_of_values(givens, 2);
    let (1, Some(solution)) = (count.count, count.solution) else {
        return Ok(Verdict::NotUnique);
    };
    let Ok(mut state) = State::from_givens(givens) else {
        return Ok(Verdict::NotUnique);
    };
    let mut searcher = Searcher::within(limits);
    let mut first = None;
    let mut steps = 0;
    while !state.is_solved() {
        let links = LinkIndex::new(&state);
        let Some(proof) = searcher.first_step(rules, &links) else {
            break;
        };
        steps += 1;
        let text = nrc::nrc_text(&state, &proof);
        verify(&state, &proof, Some(&solution), steps, &text)?;
        if first.is_none() && TechniqueId::of_proof(&proof) == technique {
            first = Some(steps);
            if !solved {
                return Ok(Verdict::Needs {
                    step: steps,
                    solved: false,
                });
            }
        }
        apply(&mut state, &proof).map_err(|source| ResolutionError::Contradiction {
            step: steps,
            text,
            source,
        })?;
    }
    let cut = searcher.stopped().is_some() || searcher.passed_over().is_some();
    Ok(match first {
        Some(step) if state.is_solved() => Verdict::Needs { step, solved: true },
        Some(_) => Verdict::Unsolved,
        None if cut && !state.is_solved() => Verdict::Cut,
        None => Verdict::Unused,
    })
}

/// Where the candidates come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// Random minimal puzzles ([`generate::puzzle`]) of this seed.
    Random { seed: u64 },
    /// The puzzles of a collection under random symmetries drawn from this seed.
    Seeds { puzzles: Vec<[u8; 81]>, seed: u64 },
}

impl Source {
    /// Candidate `k`: random puzzle `k`, or seed puzzle `k mod n` under symmetry `k / n`
    /// (symmetry 0 is the identity, so every seed is tried as it is first).
    pub fn candidate(&self, k: u64) -> [u8; 81] {
        match self {
            Source::Random { seed } => generate::puzzle(*seed, k),
            Source::Seeds { puzzles, seed } => {
                let n = puzzles.len() as u64;
                let p = &puzzles[(k % n) as usize];
                let variant = k / n;
                if variant == 0 {
                    *p
                } else {
                    transform(p, &mut generate::stream(*seed, k))
                }
            }
        }
    }
}

/// `grid` under a random symmetry of Sudoku: the bands and the rows within each band
/// permuted, the stacks and the columns within each stack permuted, the grid transposed
/// or not, and the digits relabelled. Each maps a valid grid onto a valid grid and a
/// puzzle onto a puzzle with as many solutions, whose logic is the same up to the map.
pub fn transform(grid: &[u8; 81], rng: &mut Pcg64) -> [u8; 81] {
    let rows = line_order(rng);
    let cols = line_order(rng);
    let transpose = rng_bool(rng);
    let mut digits: Vec<u8> = (1..=9).collect();
    digits.shuffle(rng);
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (rows[r], cols[c]);
            let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
            let v = grid[sr * 9 + sc];
            out[r * 9 + c] = if v == 0 { 0 } else { digits[v as usize - 1] };
        }
    }
    out
}

/// A random order of the nine rows (or columns) that keeps the bands whole.
fn line_order(rng: &mut Pcg64) -> [usize; 9] {
    let mut bands = [0usize, 1, 2];
    bands.shuffle(rng);
    let mut order = [0usize; 9];
    for (i, band) in bands.iter().enumerate() {
        let mut within = [0usize, 1, 2];
        within.shuffle(rng);
        for (j, w) in within.iter().enumerate() {
            order[i * 3 + j] = band * 3 + w;
        }
    }
    order
}

fn rng_bool(rng: &mut Pcg64) -> bool {
    let mut two = [false, true];
    two.shuffle(rng);
    two[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_search::registry::basic_rules;

    #[test]
    fn symmetries_keep_a_puzzle_unique() {
        let p = generate::puzzle(5, 0);
        for k in 0..20 {
            let t = transform(&p, &mut generate::stream(9, k));
            assert_eq!(count_solutions_of_values(&t, 2).count, 1);
            let clues = |g: &[u8; 81]| g.iter().filter(|&&v| v != 0).count();
            assert_eq!(clues(&t), clues(&p));
        }
    }

    #[test]
    fn the_technique_is_inserted_simplest_first() {
        // x-wing is one of the basic rules: not repeated
        let x_wing = TechniqueId::from_name("x-wing").unwrap();
        assert_eq!(with_technique(&basic_rules(), x_wing, 10), basic_rules());
        let exocet = TechniqueId::from_name("skyscraper").unwrap();
        let rules = with_technique(&basic_rules(), exocet, 10);
        assert_eq!(rules.len(), basic_rules().len() + 1);
        let at = rules.iter().position(|r| r.technique == exocet).unwrap();
        assert!(rules[..at].iter().all(|r| r.place() <= rules[at].place()));
        assert!(rules[at + 1..]
            .iter()
            .all(|r| r.place() > rules[at].place()));
        assert_eq!(with_technique(&rules, exocet, 10), rules);
    }
}
