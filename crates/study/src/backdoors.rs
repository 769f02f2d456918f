//! What cracks a puzzle: Berthier's backdoors, anti-backdoors and anti-backdoor pairs of a
//! resolution theory T, the backdoor size, and the one-, two- and fewer-step solutions
//! built on them ([`steps`]).
//!
//! # Definitions
//!
//! As [CSP-Rules] computes them (`CSP-Rules-Generic/T&E+DFS/backdoors.clp`,
//! `anti-backdoors.clp`, `anti-backdoor-pairs.clp`; `SudoRules-V20.1/ADVANCED/
//! one-step-solutions.clp`, `two-step-solutions.clp`, `fewer-step-solutions.clp`), for a
//! theory T with the confluence property, on the state T leaves (its closure: T is applied
//! to the puzzle first, and only the candidates it leaves in undecided cells are tried):
//! - a **T-backdoor** is a candidate whose assertion lets T solve the puzzle; the
//!   **backdoor size** is the least number of candidates whose assertion does (0 when T
//!   solves the puzzle alone) [Berthier HLS];
//! - a **T-anti-backdoor** is a candidate whose elimination lets T solve it
//!   [Berthier anti-backdoors];
//! - a **T-anti-backdoor pair** is two candidates, not the two candidates of a bivalue CSP
//!   variable, whose elimination does; the **restricted** pairs are those with a candidate
//!   in a given list (SudoRules' `find-anti-backdoor-pairs-with-one-cand-in-list`: the
//!   candidates a rule set can erase in one step).
//!
//! The theories ([`Theory`]) are SudoRules' ([CSP-Rules], config file, section 3e): BRT
//! (ECP and the singles), W1 = BRT + `whips[1]` (the locked candidates) and S_p = W1 +
//! Subsets[≤ p] for p = 2, 3, 4 (naked, hidden and super-hidden Subsets: the fish of
//! rows against columns); S is S4 (`?*Subsets*`).
//!
//! Example [Berthier anti-backdoors]: `..9......8....97...7..6..5..5..4..6.9....38....2.......6..5.17.2....84......1....`
//! has 13 W1-anti-backdoors (n8r1c8 n8r3c4 n8r4c3 n9r4c4 n8r6c5 n9r6c8 n8r7c9 n9r7c9
//! n1r8c2 n9r8c2 n9r8c5 n3r8c8 n8r9c2) and one BRT-anti-backdoor (n1r8c2).
//!
//! # How it is fast
//!
//! Every trial is a copy of the trial grid of `search::te` (81 digit masks), one change and
//! T's closure on it (`Grid::b1_closure`, `Grid::subsets_closure`): a few microseconds for
//! W1. T's closure is monotone and idempotent (confluence), which gives:
//! - a candidate of the puzzle's solution is never an anti-backdoor nor in a pair (without
//!   it there is no solution), and a false one is never a backdoor: only the candidates
//!   that can answer are tried (all of them under `--allow-nonunique`, with no solution
//!   known);
//! - a pair (a, b) is tried from T's closure without a, computed once per a;
//! - the backdoor size tries each set of k true candidates (one per undecided cell) from
//!   the closure of its first k − 1, computed once per prefix.
//!
//! # Complexity
//!
//! n open candidates: n closures for the anti-backdoors and backdoors, n²/2 for the pairs,
//! about C(cells, k) for a backdoor size k (cells: the undecided cells of T's closure).
//! Every trial counts against the [`Meter`]'s deadline, memory ceiling and cancel flag,
//! checked every [`CHECK_EVERY`] trials; a cut list says how far it got.
//!
//! [CSP-Rules]: Berthier, CSP-Rules-V2.1 (docs/references.md).

pub mod path;
pub mod report;
pub mod steps;

use crate::te::unique_solution;
use std::fmt;
use std::str::FromStr;
use sudolink_engine::grid::tables::{cell_houses, HOUSE_CELLS};
use sudolink_engine::grid::{Candidate, Conclusion, State};
use sudolink_search::limits::{Meter, Stop};
use sudolink_search::te::subsets::LARGEST_SUBSET;
use sudolink_search::te::Grid;
use thiserror::Error;

/// Trials between two checks of the meter's deadline, memory ceiling and cancel flag.
pub const CHECK_EVERY: usize = 256;

/// The largest backdoor size searched unless told: larger sets are a cut stated as `>3`.
pub const DEFAULT_MAX_SIZE: usize = 3;

/// A resolution theory of SudoRules' backdoor studies (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theory {
    /// ECP, naked and hidden singles.
    Brt,
    /// BRT and `whips[1]`.
    W1,
    /// W1 and Subsets of size 2 to p (S_p; S is S4).
    S(usize),
}

impl Theory {
    /// Every theory, simplest first.
    pub const ALL: [Theory; 5] = [
        Theory::Brt,
        Theory::W1,
        Theory::S(2),
        Theory::S(3),
        Theory::S(LARGEST_SUBSET),
    ];

    /// The names `--theory` takes.
    pub const NAMES: &'static str = "BRT, W1, S2, S3, S4 or S (= S4)";

    /// T to its fixpoint on a BRT-closed grid; false on contradiction.
    pub fn close(self, grid: &mut Grid) -> bool {
        match self {
            Theory::Brt => true,
            Theory::W1 => grid.b1_closure(),
            Theory::S(p) => grid.subsets_closure(p),
        }
    }
}

impl fmt::Display for Theory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Theory::Brt => f.write_str("BRT"),
            Theory::W1 => f.write_str("W1"),
            Theory::S(p) => write!(f, "S{p}"),
        }
    }
}

/// A name that is none of [`Theory::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown theory {0:?}: expected {names}", names = Theory::NAMES)]
pub struct UnknownTheory(pub String);

impl FromStr for Theory {
    type Err = UnknownTheory;

    fn from_str(s: &str) -> Result<Theory, UnknownTheory> {
        match s.trim().to_ascii_uppercase().as_str() {
            "BRT" => Ok(Theory::Brt),
            "W1" => Ok(Theory::W1),
            "S" => Ok(Theory::S(LARGEST_SUBSET)),
            name => name
                .strip_prefix('S')
                .and_then(|p| p.parse().ok())
                .filter(|p| (2..=LARGEST_SUBSET).contains(p))
                .map(Theory::S)
                .ok_or_else(|| UnknownTheory(s.to_string())),
        }
    }
}

/// Why a state cannot be studied.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BackdoorError {
    #[error("the puzzle has no solution")]
    NoSolution,
    #[error("the puzzle has several solutions (--allow-nonunique studies it without one)")]
    SeveralSolutions,
}

/// A list a bound may have cut: what was found among the trials made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<T> {
    pub items: Vec<T>,
    /// Trials made, and planned.
    pub tried: usize,
    pub planned: usize,
    /// The limit that stopped the trials before the last.
    pub stop: Option<Stop>,
}

impl<T> Found<T> {
    /// `cut (time limit reached) after 1,200 of 19,503 trials`, when a limit cut it.
    pub fn cut_text(&self) -> Option<String> {
        self.stop.map(|stop| {
            format!(
                "cut ({stop}) after {} of {} trials",
                sudolink_search::limits::thousands(self.tried as u64),
                sudolink_search::limits::thousands(self.planned as u64)
            )
        })
    }
}

/// A backdoor size as far as the bounds let it be known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// The least size (0: T solves the puzzle).
    Exactly(usize),
    /// More than the largest size searched.
    Above(usize),
    /// A limit stopped the search: the size is more than `above`.
    Cut { stop: Stop, above: usize },
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Size::Exactly(k) => write!(f, "{k}"),
            Size::Above(k) => write!(f, ">{k}"),
            Size::Cut { stop, above } => write!(f, ">{above} ({} bound)", stop.bound()),
        }
    }
}

/// The backdoor size and, when known, a set of that size whose assertion lets T solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackdoorSize {
    pub size: Size,
    pub witness: Vec<Candidate>,
}

/// Counts the trials and checks the meter every [`CHECK_EVERY`].
struct Trials<'m> {
    meter: &'m mut Meter,
    made: usize,
}

impl Trials<'_> {
    /// Count one trial; the limit reached, if any.
    fn tick(&mut self) -> Option<Stop> {
        self.made += 1;
        if self.made.is_multiple_of(CHECK_EVERY) {
            self.meter.check()
        } else {
            None
        }
    }
}

/// A state in T's closure, with the puzzle's solution when it is known: where every study
/// of this module starts.
#[derive(Clone, Debug)]
pub struct Closed {
    theory: Theory,
    grid: Grid,
    solution: Option<[u8; 81]>,
}

impl Closed {
    /// T's closure of `state`. `solution`: the puzzle's unique solution (`None` studies a
    /// puzzle with several, trying every candidate). A closure with a contradiction is
    /// [`BackdoorError::NoSolution`].
    pub fn new(
        state: &State,
        theory: Theory,
        solution: Option<&[u8; 81]>,
    ) -> Result<Closed, BackdoorError> {
        let mut grid = Grid::from_state(state);
        if !grid.brt(grid.decided()) || !theory.close(&mut grid) || grid.has_contradiction() {
            return Err(BackdoorError::NoSolution);
        }
        Ok(Closed {
            theory,
            grid,
            solution: solution.copied(),
        })
    }

    /// [`Closed::new`] with the solution counted: refused unless there is exactly one.
    pub fn of_puzzle(state: &State, theory: Theory) -> Result<Closed, BackdoorError> {
        let solution = unique_solution(state).map_err(|e| match e {
            crate::te::TeError::NoSolution => BackdoorError::NoSolution,
            crate::te::TeError::SeveralSolutions => BackdoorError::SeveralSolutions,
        })?;
        Closed::new(state, theory, Some(&solution))
    }

    pub fn theory(&self) -> Theory {
        self.theory
    }

    /// T's closure as a state (its one-digit cells placed).
    pub fn state(&self) -> State {
        self.grid
            .to_state()
            .expect("a closure without contradiction is a state")
    }

    /// Whether T solves the state alone.
    pub fn is_solved(&self) -> bool {
        self.grid.is_solved()
    }

    /// The open candidates of the undecided cells, in index order.
    pub fn open(&self) -> Vec<Candidate> {
        self.grid.trial_candidates().collect()
    }

    /// The puzzle's unique solution, when known.
    pub fn solution(&self) -> Option<&[u8; 81]> {
        self.solution.as_ref()
    }

    /// Whether `c` is in the solution (`None`: no solution known).
    pub fn is_true(&self, c: Candidate) -> Option<bool> {
        self.solution
            .map(|s| s[c.cell().index()] == c.digit().get())
    }

    /// Whether T solves the state once `eliminated` are gone and `asserted` hold.
    pub fn solves(&self, eliminated: &[Candidate], asserted: &[Candidate]) -> bool {
        let mut g = self.grid;
        eliminated.iter().all(|&z| g.eliminate(z))
            && asserted.iter().all(|&z| g.assume(z))
            && self.theory.close(&mut g)
            && g.is_solved()
    }

    /// The candidates a trial may answer yes for: not the solution's (`want_true` false)
    /// or only the solution's (true), every open one when no solution is known.
    fn tried(&self, want_true: bool) -> Vec<Candidate> {
        let open = self.grid.trial_candidates();
        open.filter(|&c| self.is_true(c).is_none_or(|t| t == want_true))
            .collect()
    }

    /// The T-backdoors: the candidates whose assertion lets T solve (module doc).
    pub fn backdoors(&self, meter: &mut Meter) -> Found<Candidate> {
        let tried = self.tried(true);
        self.each(&tried, meter, |z| self.solves(&[], &[z]))
    }

    /// The T-anti-backdoors: the candidates whose elimination lets T solve (module doc).
    pub fn anti_backdoors(&self, meter: &mut Meter) -> Found<Candidate> {
        let tried = self.tried(false);
        self.each(&tried, meter, |z| self.solves(&[z], &[]))
    }

    /// The candidates of `tried` for which `yes` holds, within the meter's limits.
    fn each(
        &self,
        tried: &[Candidate],
        meter: &mut Meter,
        yes: impl Fn(Candidate) -> bool,
    ) -> Found<Candidate> {
        let mut trials = Trials { meter, made: 0 };
        let mut found = Found {
            items: Vec::new(),
            tried: 0,
            planned: tried.len(),
            stop: None,
        };
        for &z in tried {
            if let Some(stop) = trials.tick() {
                found.stop = Some(stop);
                break;
            }
            found.tried += 1;
            if yes(z) {
                found.items.push(z);
            }
        }
        found
    }

    /// The T-anti-backdoor pairs `(a, b)`, a before b in index order; with `restricted`,
    /// only those with a candidate in it (module doc). A pair of the two candidates of a
    /// bivalue CSP variable is not tried (it holds the solution's candidate of that
    /// variable, so T never solves without both).
    pub fn anti_backdoor_pairs(
        &self,
        restricted: Option<&[Candidate]>,
        meter: &mut Meter,
    ) -> Found<(Candidate, Candidate)> {
        let tried = self.tried(false);
        let wanted = |a: Candidate, b: Candidate| {
            restricted.is_none_or(|r| r.contains(&a) || r.contains(&b)) && !self.bivalue(a, b)
        };
        let planned = tried
            .iter()
            .enumerate()
            .map(|(i, &a)| tried[i + 1..].iter().filter(|&&b| wanted(a, b)).count())
            .sum();
        let mut trials = Trials { meter, made: 0 };
        let mut found = Found {
            items: Vec::new(),
            tried: 0,
            planned,
            stop: None,
        };
        for (i, &a) in tried.iter().enumerate() {
            let mut without_a = self.grid;
            let open = without_a.eliminate(a) && self.theory.close(&mut without_a);
            for &b in tried[i + 1..].iter().filter(|&&b| wanted(a, b)) {
                if let Some(stop) = trials.tick() {
                    found.stop = Some(stop);
                    return found;
                }
                found.tried += 1;
                let mut g = without_a;
                if open && g.eliminate(b) && self.theory.close(&mut g) && g.is_solved() {
                    found.items.push((a, b));
                }
            }
        }
        found
    }

    /// Whether `a` and `b` are the two candidates of a CSP variable of the state: the two
    /// digits of a cell, or the two places of a digit in a house.
    fn bivalue(&self, a: Candidate, b: Candidate) -> bool {
        let (ca, cb) = (a.cell().index(), b.cell().index());
        if ca == cb {
            return self.grid.digits(ca).count_ones() == 2;
        }
        if a.digit() != b.digit() {
            return false;
        }
        let bit = 1u16 << a.digit().index();
        let (ha, hb) = (cell_houses(ca), cell_houses(cb));
        ha.iter().filter(|h| hb.contains(h)).any(|&h| {
            HOUSE_CELLS[h]
                .iter()
                .filter(|&&c| self.grid.digits(c as usize) & bit != 0)
                .count()
                == 2
        })
    }

    /// The backdoor size, searched up to `max_size` (module doc): the least k such that
    /// asserting k candidates (one per undecided cell, the solution's when it is known) lets
    /// T solve, with the first such set in index order.
    pub fn backdoor_size(&self, max_size: usize, meter: &mut Meter) -> BackdoorSize {
        if self.grid.is_solved() {
            return BackdoorSize {
                size: Size::Exactly(0),
                witness: Vec::new(),
            };
        }
        let tried = self.tried(true);
        let mut trials = Trials { meter, made: 0 };
        for k in 1..=max_size {
            let mut chosen = Vec::with_capacity(k);
            match self.sets_of(&tried, 0, self.grid, k, &mut chosen, &mut trials) {
                Err(stop) => {
                    return BackdoorSize {
                        size: Size::Cut { stop, above: k - 1 },
                        witness: Vec::new(),
                    }
                }
                Ok(true) => {
                    return BackdoorSize {
                        size: Size::Exactly(k),
                        witness: chosen,
                    }
                }
                Ok(false) => {}
            }
        }
        BackdoorSize {
            size: Size::Above(max_size),
            witness: Vec::new(),
        }
    }

    /// Whether asserting `left` more candidates of `tried[from..]`, in cells still undecided
    /// in `grid` (T's closure of what `chosen` holds), lets T solve; `chosen` is then the
    /// set. `Err`: a limit stopped the search.
    fn sets_of(
        &self,
        tried: &[Candidate],
        from: usize,
        grid: Grid,
        left: usize,
        chosen: &mut Vec<Candidate>,
        trials: &mut Trials<'_>,
    ) -> Result<bool, Stop> {
        for (i, &z) in tried.iter().enumerate().skip(from) {
            if grid.digits(z.cell().index()).count_ones() < 2 || !grid.has(z) {
                continue;
            }
            if let Some(stop) = trials.tick() {
                return Err(stop);
            }
            let mut g = grid;
            if !(g.assume(z) && self.theory.close(&mut g)) {
                continue;
            }
            chosen.push(z);
            if g.is_solved()
                || left > 1 && self.sets_of(tried, i + 1, g, left - 1, chosen, trials)?
            {
                return Ok(true);
            }
            chosen.pop();
        }
        Ok(false)
    }

    /// The state once `eliminated` are gone and `asserted` hold, in T's closure; `None` on
    /// contradiction.
    pub fn after(&self, eliminated: &[Candidate], asserted: &[Candidate]) -> Option<Closed> {
        let mut g = self.grid;
        let ok = eliminated.iter().all(|&z| g.eliminate(z))
            && asserted.iter().all(|&z| g.assume(z))
            && self.theory.close(&mut g)
            && !g.has_contradiction();
        ok.then_some(Closed { grid: g, ..*self })
    }

    /// The number of open candidates of the undecided cells.
    pub fn open_count(&self) -> usize {
        self.grid.open_count()
    }
}

/// Whether eliminating `target` from `state` lets `theory` solve it: `target` is a
/// `theory`-anti-backdoor of the state (false when `theory` solves the state alone, or
/// leaves no such candidate, or the state has no solution).
pub fn is_anti_backdoor(
    state: &State,
    solution: Option<&[u8; 81]>,
    theory: Theory,
    target: Candidate,
) -> bool {
    Closed::new(state, theory, solution)
        .is_ok_and(|closed| closed.open().contains(&target) && closed.solves(&[target], &[]))
}

/// The simplest theory, BRT or W1, of which `target` is an anti-backdoor of the state
/// (every BRT-anti-backdoor is a W1 one); `None` when it is neither.
pub fn anti_backdoor_theory(
    state: &State,
    solution: Option<&[u8; 81]>,
    target: Candidate,
) -> Option<Theory> {
    [Theory::Brt, Theory::W1]
        .into_iter()
        .find(|&t| is_anti_backdoor(state, solution, t, target))
}

/// `explain --json`'s `anti_backdoor`: [`anti_backdoor_theory`] of an elimination, null for
/// a placement.
pub fn anti_backdoor_of(
    state: &State,
    solution: Option<&[u8; 81]>,
    conclusion: &Conclusion,
) -> Option<String> {
    if conclusion.placement {
        return None;
    }
    anti_backdoor_theory(state, solution, conclusion.candidate).map(|t| t.to_string())
}

/// `explain`'s line on an elimination that is a W1-anti-backdoor of the state, or a
/// BRT one; `None` when it is neither.
pub fn anti_backdoor_line(
    state: &State,
    solution: Option<&[u8; 81]>,
    target: Candidate,
) -> Option<String> {
    let then = match anti_backdoor_theory(state, solution, target)? {
        Theory::Brt => "a BRT-anti-backdoor: once it is gone, singles solve the puzzle",
        _ => "a W1-anti-backdoor: once it is gone, singles and whips[1] solve the puzzle",
    };
    Some(format!("{target} is {then} (sudolink backdoors --anti)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::format::parse_line;
    use sudolink_search::limits::Limits;

    fn closed(puzzle: &str, theory: Theory) -> Closed {
        let state = parse_line(puzzle, 1).unwrap().start_state().unwrap();
        Closed::of_puzzle(&state, theory).unwrap()
    }

    #[test]
    fn theories_read_as_sudorules_names_them() {
        for t in Theory::ALL {
            assert_eq!(t.to_string().parse::<Theory>(), Ok(t));
        }
        assert_eq!("s".parse(), Ok(Theory::S(4)));
        assert_eq!("w1".parse(), Ok(Theory::W1));
        assert!("S5".parse::<Theory>().is_err());
        assert!("W2".parse::<Theory>().is_err());
    }

    /// Backdoor #1 (m_b_metcalf, 2023): 2 BRT-backdoors, 3 W1-backdoors, published in
    /// [Berthier backdoor #1]; its size 1 for both.
    #[test]
    fn backdoor_1_of_m_b_metcalf() {
        let p = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8";
        let names = |f: Found<Candidate>| -> Vec<String> {
            f.items.iter().map(|c| c.to_string()).collect()
        };
        let mut meter = Meter::new(Limits::unlimited());
        let brt = closed(p, Theory::Brt);
        assert_eq!(names(brt.backdoors(&mut meter)), ["n8r1c2", "n9r1c5"]);
        let w1 = closed(p, Theory::W1);
        assert_eq!(
            names(w1.backdoors(&mut meter)),
            ["n8r1c2", "n9r1c5", "n8r8c3"]
        );
        assert_eq!(w1.backdoor_size(3, &mut meter).size, Size::Exactly(1));
    }
}
