//! The resolution strategy: apply rules simplest first, starting again from the simplest
//! after every step, until the puzzle is solved or nothing applies. Every step is re-verified
//! with [`sudolink_engine::proof::check`] before it is applied and, when the solution is known, checked
//! against it: a wrong elimination stops the run with [`ResolutionError::Unsound`].
//!
//! [`solve_shared`] runs several rule lists in one pass ([Berthier NRC]'s L, M and N at once): while
//! their paths agree they share the states, and each rule is searched at most once per state.

use std::time::{Duration, Instant};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, Contradiction, State};
use sudolink_engine::proof::{self, Proof};
use sudolink_notation::nrc;
use sudolink_search::registry::Stopped;
use sudolink_search::{Limits, Meter, Rule, Searcher};
use thiserror::Error;

/// One applied step: the proof and its text in Berthier's nrc notation.
#[derive(Clone, Debug)]
pub struct Step {
    pub proof: Proof,
    pub text: String,
}

/// The result of a resolution run.
#[derive(Clone, Debug)]
pub struct Resolution {
    pub steps: Vec<Step>,
    pub final_state: State,
    pub solved: bool,
    /// The limit that stopped the run (a search it cut), when one did: the path ends there
    /// cut, not stuck — a rule of the list may still apply to the final state.
    pub stopped: Option<Stopped>,
    /// The steps (1-based) taken after a search of a rule before theirs was cut by its own
    /// work bound with nothing found ([`Searcher::passed_over`]: the large fish), with that
    /// rule: the path is not surely simplest-first at those steps, so a rating read from
    /// it is an upper bound there.
    pub passed_over: Vec<(usize, Stopped)>,
}

#[derive(Clone, Debug, Error)]
pub enum ResolutionError {
    #[error("step {step} ({text}) fails its proof check: {why}")]
    Unsound {
        step: usize,
        text: String,
        why: String,
    },
    #[error("step {step} ({text}) contradicts the solution at {candidate}")]
    AgainstSolution {
        step: usize,
        text: String,
        candidate: String,
    },
    #[error("step {step} ({text}) leads to a contradiction: {source}")]
    Contradiction {
        step: usize,
        text: String,
        source: Contradiction,
    },
}

/// Apply a proof's conclusions to a state (assertions placed, eliminations removed).
pub fn apply(state: &mut State, proof: &Proof) -> Result<(), Contradiction> {
    for &c in &proof.assertions {
        if state.value(c.cell()).is_none() {
            state.place(c)?;
        }
    }
    for &c in &proof.eliminations {
        if state.has(c) {
            state.eliminate(c)?;
        }
    }
    Ok(())
}

/// True when `c` is the solution's digit in its cell.
pub fn is_solution(solution: &[u8; 81], c: Candidate) -> bool {
    solution[c.cell().index()] == c.digit().get()
}

/// The candidates of `open` that are the solution's values.
pub fn true_candidates(solution: &[u8; 81], open: &CandidateSet) -> CandidateSet {
    open.iter().filter(|&c| is_solution(solution, c)).collect()
}

/// Verify a step on `state`: the proof checker, then (if known) the solution.
pub fn verify(
    state: &State,
    proof: &Proof,
    solution: Option<&[u8; 81]>,
    step: usize,
    text: &str,
) -> Result<(), ResolutionError> {
    proof::check(state, proof).map_err(|e| ResolutionError::Unsound {
        step,
        text: text.to_string(),
        why: e.to_string(),
    })?;
    if let Some(sol) = solution {
        let wrong = proof
            .eliminations
            .iter()
            .find(|&&c| is_solution(sol, c))
            .or_else(|| proof.assertions.iter().find(|&&c| !is_solution(sol, c)));
        if let Some(c) = wrong {
            return Err(ResolutionError::AgainstSolution {
                step,
                text: text.to_string(),
                candidate: c.to_string(),
            });
        }
    }
    Ok(())
}

/// The working state of the commands that study one state (`force`, `tag`, `graph`,
/// `query`): `start` after the basic rules when `basic`, else `start` itself; and how many
/// basic steps led there.
pub fn working_state(
    start: &State,
    solution: Option<&[u8; 81]>,
    basic: bool,
) -> Result<(State, usize), ResolutionError> {
    if !basic {
        return Ok((start.clone(), 0));
    }
    let r = solve(start, &sudolink_search::basic_rules(), solution)?;
    Ok((r.final_state, r.steps.len()))
}

/// Solve `start` with `rules` (tried in the given order, simplest first), restarting from
/// the first rule after each step. `solution`, when given, is checked at every step.
pub fn solve(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
) -> Result<Resolution, ResolutionError> {
    solve_steps(start, rules, solution, usize::MAX)
}

/// [`solve`], stopping after at most `max_steps` steps: with `max_steps = n - 1`, the final
/// state is the one step n of the path is found in (`explain --at-step n`).
pub fn solve_steps(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
    max_steps: usize,
) -> Result<Resolution, ResolutionError> {
    solve_steps_within(start, rules, solution, max_steps, Limits::unlimited())
}

/// [`solve`] within `limits` (a deadline, a memory ceiling and share, a work budget): a
/// search they stop ends the path, and [`Resolution::stopped`] says which limit it was.
pub fn solve_within(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
    limits: Limits,
) -> Result<Resolution, ResolutionError> {
    solve_steps_within(start, rules, solution, usize::MAX, limits)
}

/// [`solve_steps`] within `limits` (see [`solve_within`]).
pub fn solve_steps_within(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
    max_steps: usize,
    limits: Limits,
) -> Result<Resolution, ResolutionError> {
    let mut walk = Walk::new(start);
    // what the searches learn of a state serves the next rules on it; dropped at the end
    let mut searcher = Searcher::within(limits);
    let cut_at_end = walk.extend(rules, solution, max_steps, &mut searcher)?;
    Ok(walk.finish(searcher.stopped().or(cut_at_end)))
}

/// A resolution path under way: the state it reached, its steps (numbered from 1 in the
/// order taken) and the steps taken after a simpler rule was passed over. One rule list
/// extends it ([`Walk::extend`]); the escalation ([`crate::escalation`]) extends the same
/// walk with several lists in turn, so its steps are numbered along the whole path.
#[derive(Clone, Debug)]
pub struct Walk {
    pub state: State,
    pub steps: Vec<Step>,
    /// As [`Resolution::passed_over`].
    pub passed_over: Vec<(usize, Stopped)>,
}

impl Walk {
    /// A path at `start`, with no step yet.
    pub fn new(start: &State) -> Walk {
        Walk {
            state: start.clone(),
            steps: Vec::new(),
            passed_over: Vec::new(),
        }
    }

    /// Take steps with `rules` (tried in the given order, simplest first, restarting from
    /// the first rule after each step) until the puzzle is solved, the path has `max_steps`
    /// steps in all, or no rule applies; `searcher` carries the job's limits. Returns the
    /// rule its own work bound cut with nothing found in the state the walk stopped in
    /// ([`Searcher::passed_over`]): then the walk is cut there, not stuck.
    pub fn extend(
        &mut self,
        rules: &[Rule],
        solution: Option<&[u8; 81]>,
        max_steps: usize,
        searcher: &mut Searcher,
    ) -> Result<Option<Stopped>, ResolutionError> {
        while !self.state.is_solved() && self.steps.len() < max_steps {
            let links = LinkIndex::new(&self.state);
            let Some(proof) = searcher.first_step(rules, &links) else {
                return Ok(searcher.passed_over());
            };
            if let Some(rule) = searcher.passed_over() {
                self.passed_over.push((self.steps.len() + 1, rule));
            }
            let at = self.state.clone();
            take_step(&at, &mut self.state, proof, solution, &mut self.steps)?;
        }
        Ok(None)
    }

    /// [`Walk::extend`] in rounds ([`solve_all_at_once`]): in each state every instance of
    /// the first rule that applies (and of the graded rules of its length after it), all
    /// applied before the next state is searched.
    pub fn extend_all_at_once(
        &mut self,
        rules: &[Rule],
        solution: Option<&[u8; 81]>,
        searcher: &mut Searcher,
    ) -> Result<(), ResolutionError> {
        while !self.state.is_solved() {
            let links = LinkIndex::new(&self.state);
            let Some(proofs) = round(rules, &links, searcher) else {
                break;
            };
            let found_in = self.state.clone();
            for proof in proofs {
                // one that an earlier proof of the round already did is left out
                let new = proof.eliminations.iter().any(|&c| self.state.has(c))
                    || proof
                        .assertions
                        .iter()
                        .any(|&c| self.state.value(c.cell()).is_none());
                if new {
                    take_step(&found_in, &mut self.state, proof, solution, &mut self.steps)?;
                }
            }
        }
        Ok(())
    }

    /// Take `proof`, found in the walk's state, as its next step (verified as
    /// [`take_step`] does).
    pub fn take(
        &mut self,
        proof: Proof,
        solution: Option<&[u8; 81]>,
    ) -> Result<(), ResolutionError> {
        let at = self.state.clone();
        take_step(&at, &mut self.state, proof, solution, &mut self.steps)
    }

    /// The resolution this walk makes, `stopped` being the limit that cut it, if one did
    /// (dropped when the puzzle is solved).
    pub fn finish(self, stopped: Option<Stopped>) -> Resolution {
        let solved = self.state.is_solved();
        Resolution {
            steps: self.steps,
            final_state: self.state,
            solved,
            stopped: stopped.filter(|_| !solved),
            passed_over: self.passed_over,
        }
    }
}

/// Verify `proof` on `at` (the state it was found in: [`verify`]), apply it to `state` and
/// record it as the next step, with its text on `at`.
fn take_step(
    at: &State,
    state: &mut State,
    proof: Proof,
    solution: Option<&[u8; 81]>,
    steps: &mut Vec<Step>,
) -> Result<(), ResolutionError> {
    let text = nrc::nrc_text(at, &proof);
    let n = steps.len() + 1;
    verify(at, &proof, solution, n, &text)?;
    apply(state, &proof).map_err(|source| ResolutionError::Contradiction {
        step: n,
        text: text.clone(),
        source,
    })?;
    steps.push(Step { proof, text });
    Ok(())
}

/// **Not the default resolution**: [`solve`] in rounds rather than steps. In each state the
/// first rule (in the given order) that applies gives every instance it finds there, and
/// when its length grades (chains, whips, force techniques at length n: the least length
/// in the state) every other graded rule of that length that follows it in the list (in
/// the same tier of a listed order) gives its instances too; all are
/// applied at once (those an earlier one of the round already did left out) before the
/// next state is searched. Each is
/// still verified ([`verify`]: `proof::check` on the state it was found in, and the
/// solution when known) before any is applied, and recorded as one step with its text on
/// that state. The path is shorter in states than [`solve`]'s, and its steps differ from
/// the second step of a round on; a puzzle it solves is solved without guessing, as with
/// [`solve`]. `solve --all-at-once` and the force bench report it beside the default.
pub fn solve_all_at_once(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
) -> Result<Resolution, ResolutionError> {
    let mut walk = Walk::new(start);
    walk.extend_all_at_once(rules, solution, &mut Searcher::new())?;
    Ok(walk.finish(None))
}

/// One round of [`solve_all_at_once`] on a state: every instance of the first rule that
/// applies and, when its length grades (chains, whips, force techniques at length n: the
/// least length in the state), of every other graded rule of that length that follows it in
/// the list (in the same tier of a listed order); `None` when no rule applies.
fn round(rules: &[Rule], links: &LinkIndex, searcher: &mut Searcher) -> Option<Vec<Proof>> {
    let (first, mut proofs) = rules.iter().enumerate().find_map(|(i, &r)| {
        let found = searcher.find(r, links, usize::MAX);
        (!found.is_empty()).then_some((i, found))
    })?;
    // a graded rule: the other techniques of the same length too (those that follow it
    // at that length: a later tier of a listed order starts again at length 1)
    let length = rules[first].length;
    if rules[first].technique.get().graded {
        for &r in rules[first + 1..]
            .iter()
            .take_while(|r| r.length >= length)
            .filter(|r| r.length == length && r.technique.get().graded)
        {
            proofs.extend(searcher.find(r, links, usize::MAX));
        }
    }
    Some(proofs)
}

/// One rule list's path in [`solve_shared`].
#[derive(Clone, Debug)]
pub struct SharedPath {
    /// The applied proofs, in order.
    pub steps: Vec<Proof>,
    pub final_state: State,
    pub solved: bool,
    /// From the start of the shared run until this list's path ended.
    pub elapsed: Duration,
    /// The limit that stopped this list's path, when one did (as [`Resolution::stopped`]).
    pub stopped: Option<Stopped>,
}

/// [`solve`] for several rule lists at once, with the same results as one [`solve`] per
/// list. The lists whose rules all appear in one common simplest-first order (a rule's
/// fixed size before lengths, then length, then the registry's order: [Berthier NRC]'s L ⊂ M ⊂ N
/// lists do) run together: in each state their rules are tried once each in that order, a
/// rule only while some list that has it has no step yet, and each list takes the first
/// step of its own rules, as [`solve`] would (one [`Searcher`] per state, so the chain
/// searches' memo serves all of them). Lists that took the same step go on together on the
/// next state; lists that took different steps go on apart. Other lists run alone.
///
/// Each list's sequence of searches on a state is a prefix of the shared one, family by
/// family, so every search answers as it would in that list's own run.
pub fn solve_shared(
    start: &State,
    lists: &[Vec<Rule>],
    solution: Option<&[u8; 81]>,
) -> Vec<Result<SharedPath, ResolutionError>> {
    solve_shared_within(start, lists, solution, Limits::unlimited())
}

/// [`solve_shared`] within `limits` (one meter for the whole run): a list whose path a
/// limit stops ends there with [`SharedPath::stopped`].
pub fn solve_shared_within(
    start: &State,
    lists: &[Vec<Rule>],
    solution: Option<&[u8; 81]>,
    limits: Limits,
) -> Vec<Result<SharedPath, ResolutionError>> {
    let t0 = Instant::now();
    let mut meter = Meter::new(limits);
    let key = |r: &Rule| {
        (
            !r.technique.is_fixed_size(),
            if r.technique.is_fixed_size() {
                0
            } else {
                r.length
            },
            r.technique,
        )
    };
    let mut order: Vec<Rule> = lists.iter().flatten().copied().collect();
    order.sort_by_key(key);
    order.dedup();
    // membership of each list's rules in `order`, when the list follows it
    let member = |list: &[Rule]| -> Option<Vec<bool>> {
        let mut m = vec![false; order.len()];
        let mut from = 0;
        for r in list {
            let i = from + order[from..].iter().position(|o| o == r)?;
            m[i] = true;
            from = i + 1;
        }
        Some(m)
    };
    let mut out: Vec<Option<Result<SharedPath, ResolutionError>>> = vec![None; lists.len()];
    let mut together = Vec::new();
    let mut memberships = Vec::new();
    for (k, list) in lists.iter().enumerate() {
        match member(list) {
            Some(m) => {
                together.push(k);
                memberships.push(m);
            }
            None => {
                let alone = run_lanes(
                    start,
                    list,
                    (&[k], &[vec![true; list.len()]]),
                    solution,
                    (t0, &mut meter),
                );
                for (k, r) in alone {
                    out[k] = Some(r);
                }
            }
        }
    }
    for (k, r) in run_lanes(
        start,
        &order,
        (&together, &memberships),
        solution,
        (t0, &mut meter),
    ) {
        out[k] = Some(r);
    }
    out.into_iter()
        .map(|r| r.expect("every list is solved"))
        .collect()
}

/// Lists (positions `i` in `ids`; `members[i][j]`: list `ids[i]` has rule `order[j]`) on the
/// same path so far.
struct Lane {
    lists: Vec<usize>,
    state: State,
    steps: Vec<Proof>,
}

fn run_lanes(
    start: &State,
    order: &[Rule],
    (ids, members): (&[usize], &[Vec<bool>]),
    solution: Option<&[u8; 81]>,
    (t0, meter): (Instant, &mut Meter),
) -> Vec<(usize, Result<SharedPath, ResolutionError>)> {
    let mut done = Vec::new();
    if ids.is_empty() {
        return done;
    }
    let mut lanes = vec![Lane {
        lists: (0..ids.len()).collect(),
        state: start.clone(),
        steps: Vec::new(),
    }];
    while let Some(lane) = lanes.pop() {
        let finish = |lane: &Lane, lists: &[usize], stopped: Option<Stopped>, done: &mut Vec<_>| {
            for &i in lists {
                done.push((
                    ids[i],
                    Ok(SharedPath {
                        steps: lane.steps.clone(),
                        final_state: lane.state.clone(),
                        solved: lane.state.is_solved(),
                        elapsed: t0.elapsed(),
                        stopped,
                    }),
                ));
            }
        };
        if lane.state.is_solved() {
            finish(&lane, &lane.lists, None, &mut done);
            continue;
        }
        let links = LinkIndex::new(&lane.state);
        // what the searches learn serves this state only: a path never comes back to a state;
        // with the solution known, the chain searches spare its candidates (no sound proof
        // eliminates one, and every proof is checked against the solution below)
        let mut searcher = match solution {
            Some(sol) => Searcher::sparing(true_candidates(sol, links.open())),
            None => Searcher::new(),
        }
        .with_meter(meter.clone());
        // each list's first step: the index in `order` of the rule that gave it
        let mut first: Vec<Option<usize>> = vec![None; lane.lists.len()];
        let mut proofs: Vec<(usize, Proof)> = Vec::new();
        let mut waiting = lane.lists.len();
        for (j, &rule) in order.iter().enumerate() {
            let wanted = |first: &[Option<usize>]| {
                lane.lists
                    .iter()
                    .zip(first)
                    .any(|(&i, f)| f.is_none() && members[i][j])
            };
            if !wanted(&first) {
                continue;
            }
            if let Some(p) = searcher.find(rule, &links, 1).into_iter().next() {
                for (f, &i) in first.iter_mut().zip(&lane.lists) {
                    if f.is_none() && members[i][j] {
                        *f = Some(j);
                        waiting -= 1;
                    }
                }
                proofs.push((j, p));
                if waiting == 0 {
                    break;
                }
            }
        }
        let stuck: Vec<usize> = lane
            .lists
            .iter()
            .zip(&first)
            .filter(|(_, f)| f.is_none())
            .map(|(&i, _)| i)
            .collect();
        *meter = searcher.meter().clone();
        finish(&lane, &stuck, searcher.stopped(), &mut done);
        // one lane per step taken; the last takes the lane's steps (the others copy them)
        let Lane {
            lists: lane_lists,
            state: lane_state,
            steps: mut lane_steps,
        } = lane;
        let last = proofs.len().saturating_sub(1);
        for (k, (j, proof)) in proofs.into_iter().enumerate() {
            let lists: Vec<usize> = lane_lists
                .iter()
                .zip(&first)
                .filter(|(_, f)| **f == Some(j))
                .map(|(&i, _)| i)
                .collect();
            let mut state = lane_state.clone();
            let text = nrc::nrc_text(&state, &proof);
            let n = lane_steps.len() + 1;
            let applied = verify(&state, &proof, solution, n, &text).and_then(|()| {
                apply(&mut state, &proof).map_err(|source| ResolutionError::Contradiction {
                    step: n,
                    text: text.clone(),
                    source,
                })
            });
            if let Err(e) = applied {
                done.extend(lists.iter().map(|&i| (ids[i], Err(e.clone()))));
                continue;
            }
            let mut steps = if k == last {
                std::mem::take(&mut lane_steps)
            } else {
                lane_steps.clone()
            };
            steps.push(proof);
            lanes.push(Lane {
                lists,
                state,
                steps,
            });
        }
    }
    done
}
