//! Trial and error (Berthier's T&E(T, n)): the proof of one elimination ([`TrialPattern`])
//! and its checker. The search is `search::te`; the printers (SudoRules' contexts and a
//! tree) are in `notation::te`.
//!
//! A T&E(n) elimination of Z is a **refutation**: Z assumed (decided) in a copy of the
//! state, then a sequence of steps, each one of
//! - a naked single (the cell's last candidate) or a hidden single (the digit's last
//!   place in a house), decided with ECP (every candidate nrc-linked to it is removed);
//! - for n ≥ 2, a candidate eliminated by a nested refutation of depth n − 1 made in the
//!   current context (T&E(T, n) = T&E(T&E(T, n − 1), 1));
//! - under B_p (BxB, BxBB), a braid of length ≤ p eliminating its target in the current
//!   context, checked by the whip checker on that context;
//!
//! ending in a **contradiction**: a cell with no candidate, or a digit with no place in a
//! house. Only the steps the contradiction needs are kept. Example (T&E(1), SudoRules'
//! printing):
//!
//! ```text
//! CREATING CONTEXT 1 AT DEPTH 1, SON OF CONTEXT 0, FOR HYPOTHESIS n5r1c2.
//! naked-single ==> r3c4 = 7
//! hidden-single-in-a-row ==> r2c8 = 3
//! NO POSSIBLE VALUE for csp-variable r1n4 IN CONTEXT 1. RETRACTING CANDIDATE n5r1c2 FROM CONTEXT 0.
//! ```
//!
//! [`check`] replays every step from the state alone with its own small propagation (a
//! digit mask per cell and the decided cells): each single must hold when it is made, each
//! nested refutation is replayed on a copy of the context at that point, each braid is
//! handed to the whip checker on that context as a `State`; it shares no code with
//! `search::te`.

use super::whip::WhipPattern;
use super::{CheckError, Pattern, Proof};
use crate::grid::{tables, Candidate, CandidateSet, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};

/// One T&E elimination: the refutation of its target under T&E(B_braids, depth).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrialPattern {
    /// n in T&E(T, n): nested refutations go down to depth 1.
    pub depth: usize,
    /// p in B_p: the longest braid allowed in a context (0: BRT, no braid).
    #[serde(default)]
    pub braids: usize,
    pub refutation: Refutation,
}

/// An assumption and the steps that lead it to a contradiction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refutation {
    pub assumption: Candidate,
    pub steps: Vec<TrialStep>,
    pub contradiction: Dead,
}

/// One step inside a context.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrialStep {
    /// The cell's last candidate is decided.
    NakedSingle(Candidate),
    /// The digit's last place in the house is decided.
    HiddenSingle { candidate: Candidate, house: House },
    /// A candidate refuted by a nested trial (one depth less), then eliminated.
    Refuted(Box<Refutation>),
    /// A braid (or whip) of the context eliminating its target.
    Braid(Box<WhipPattern>),
}

impl TrialStep {
    /// The candidate the step decides or eliminates.
    pub fn candidate(&self) -> Candidate {
        match self {
            TrialStep::NakedSingle(c) | TrialStep::HiddenSingle { candidate: c, .. } => *c,
            TrialStep::Refuted(r) => r.assumption,
            TrialStep::Braid(w) => w.target,
        }
    }
}

/// The contradiction a refutation ends in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dead {
    /// An undecided cell with no candidate.
    Cell(Cell),
    /// A digit with no place (no candidate, not decided) in a house.
    Place { house: House, digit: Digit },
}

impl TrialPattern {
    /// `T&E(2)`, `T&E(B3,1)`: family `t&e` and length the depth under BRT; under B_p the
    /// family of the class its theory defines (`bxb` at depth 1, `bxbb` at depth 2) and
    /// length p, the registry's measure of those techniques.
    pub fn rule_name(&self) -> (String, String, usize) {
        match (self.braids, self.depth) {
            (0, d) => (self.name(), "t&e".to_string(), d),
            (p, 1) => (self.name(), "bxb".to_string(), p),
            (p, 2) => (self.name(), "bxbb".to_string(), p),
            (p, _) => (self.name(), "t&e-b".to_string(), p),
        }
    }

    /// `T&E(2)` or `T&E(B3,1)`.
    pub fn name(&self) -> String {
        if self.braids == 0 {
            format!("T&E({})", self.depth)
        } else {
            format!("T&E(B{},{})", self.braids, self.depth)
        }
    }

    /// The proof eliminating the assumption.
    pub fn into_proof(self) -> Proof {
        let target = self.refutation.assumption;
        Proof::new(Pattern::Trial(Box::new(self)), vec![target], vec![])
    }

    /// Steps in all, nested ones included.
    pub fn size(&self) -> usize {
        fn size(r: &Refutation) -> usize {
            r.steps
                .iter()
                .map(|s| match s {
                    TrialStep::Refuted(sub) => 1 + size(sub),
                    _ => 1,
                })
                .sum()
        }
        size(&self.refutation)
    }
}

// ---------------------------------------------------------------------------------------
// Checker
// ---------------------------------------------------------------------------------------

fn fail<T>(msg: impl Into<String>) -> Result<T, CheckError> {
    Err(CheckError::Pattern(msg.into()))
}

/// The checker's own context: a digit mask per cell and the decided cells.
#[derive(Clone)]
struct Context {
    masks: [u16; 81],
    decided: u128,
}

impl Context {
    fn of(state: &State) -> Context {
        let mut c = Context {
            masks: [0; 81],
            decided: 0,
        };
        for cell in Cell::all() {
            let i = cell.index();
            match state.value(cell) {
                Some(d) => {
                    c.masks[i] = 1 << d.index();
                    c.decided |= 1 << i;
                }
                None => c.masks[i] = state.cell_mask(cell),
            }
        }
        c
    }

    fn has(&self, c: Candidate) -> bool {
        self.masks[c.cell().index()] >> c.digit().index() & 1 == 1
    }

    fn is_decided(&self, cell: Cell) -> bool {
        self.decided >> cell.index() & 1 == 1
    }

    fn remove(&mut self, c: Candidate) {
        self.masks[c.cell().index()] &= !(1 << c.digit().index());
    }

    /// Decide `c`: its cell keeps it alone; ECP removes its digit from the undecided peers.
    fn decide(&mut self, c: Candidate) {
        let cell = c.cell();
        let bit = 1u16 << c.digit().index();
        self.masks[cell.index()] = bit;
        self.decided |= 1 << cell.index();
        for &p in tables::peers(cell) {
            if !self.is_decided(p) {
                self.masks[p.index()] &= !bit;
            }
        }
    }

    fn places(&self, house: House, d: Digit) -> Vec<Cell> {
        house
            .cells()
            .into_iter()
            .filter(|&c| self.has(Candidate::new(c, d)))
            .collect()
    }

    /// The context as a [`State`] (decided cells placed), for the whip checker.
    fn to_state(&self) -> Result<State, CheckError> {
        let mut values = [0u8; 81];
        let mut open = CandidateSet::EMPTY;
        for cell in Cell::all() {
            let m = self.masks[cell.index()];
            if self.is_decided(cell) {
                values[cell.index()] = m.trailing_zeros() as u8 + 1;
            } else {
                for d in Digit::all().filter(|d| m >> d.index() & 1 == 1) {
                    open.insert(Candidate::new(cell, d));
                }
            }
        }
        State::from_parts(&values, 0, &open)
            .map_err(|e| CheckError::Pattern(format!("a braid's context is contradictory: {e}")))
    }
}

/// Verify a T&E proof on `state`: it eliminates exactly its assumption, and the refutation
/// replays.
pub fn check(state: &State, proof: &Proof, t: &TrialPattern) -> Result<(), CheckError> {
    if t.depth == 0 {
        return fail("T&E depth 0 refutes nothing");
    }
    let z = t.refutation.assumption;
    if proof.eliminations != [z] || !proof.assertions.is_empty() {
        return Err(CheckError::Conclusion {
            target: proof.elimination_texts().join(", "),
            why: format!("a T&E proof eliminates its assumption {z} and nothing else"),
        });
    }
    replay(&Context::of(state), &t.refutation, t.depth, t.braids)
}

/// Replay `r` on a copy of `ctx`, nested refutations allowed down to depth 1.
fn replay(ctx: &Context, r: &Refutation, depth: usize, braids: usize) -> Result<(), CheckError> {
    let z = r.assumption;
    let mut ctx = ctx.clone();
    if !ctx.has(z) || ctx.is_decided(z.cell()) {
        return fail(format!(
            "the assumption {z} is not an open candidate of its context"
        ));
    }
    ctx.decide(z);
    for step in &r.steps {
        let c = step.candidate();
        match step {
            TrialStep::NakedSingle(_) => {
                if ctx.is_decided(c.cell()) || ctx.masks[c.cell().index()] != 1 << c.digit().index()
                {
                    return fail(format!("{c} is not a naked single in the context of {z}"));
                }
                ctx.decide(c);
            }
            TrialStep::HiddenSingle { house, .. } => {
                let places = ctx.places(*house, c.digit());
                let decided_in = house
                    .cells()
                    .iter()
                    .any(|&p| ctx.is_decided(p) && ctx.masks[p.index()] == 1 << c.digit().index());
                if !house.contains(c.cell())
                    || ctx.is_decided(c.cell())
                    || decided_in
                    || places != [c.cell()]
                {
                    return fail(format!(
                        "{c} is not a hidden single of {house} in the context of {z}"
                    ));
                }
                ctx.decide(c);
            }
            TrialStep::Refuted(sub) => {
                if depth < 2 {
                    return fail(format!(
                        "a nested refutation of {c} inside a T&E(1) context of {z}"
                    ));
                }
                replay(&ctx, sub, depth - 1, braids)?;
                ctx.remove(c);
            }
            TrialStep::Braid(w) => {
                if w.kind.uses_groups() || w.cells.len() > braids {
                    return fail(format!(
                        "{}[{}] is not allowed in B{braids}",
                        w.kind,
                        w.cells.len()
                    ));
                }
                if !ctx.has(c) || ctx.is_decided(c.cell()) {
                    return fail(format!("the braid's target {c} is not open in its context"));
                }
                let state = ctx.to_state()?;
                let proof = Proof::new(Pattern::Whip((**w).clone()), vec![c], vec![]);
                super::check(&state, &proof)?;
                ctx.remove(c);
            }
        }
    }
    match r.contradiction {
        Dead::Cell(cell) => {
            if ctx.is_decided(cell) || ctx.masks[cell.index()] != 0 {
                return fail(format!(
                    "{cell} still has a candidate in the context of {z}"
                ));
            }
        }
        Dead::Place { house, digit } => {
            let any = house
                .cells()
                .iter()
                .any(|&p| ctx.masks[p.index()] >> digit.index() & 1 == 1);
            if any {
                return fail(format!(
                    "{digit} still has a place in {house} in the context of {z}"
                ));
            }
        }
    }
    Ok(())
}

impl super::PatternKind for TrialPattern {
    fn rule_name(&self) -> (String, String, usize) {
        TrialPattern::rule_name(self)
    }

    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut super::candidates::Collected) {
        out.named([self.refutation.assumption]);
        out.named(self.refutation.steps.iter().map(TrialStep::candidate));
    }
}
