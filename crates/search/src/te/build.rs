//! The proof of one T&E elimination ([`sudolink_engine::proof::te::TrialPattern`]), built only for
//! the eliminations reported: the trial is replayed step by step, recording each single
//! (with the event that removed each candidate), each braid and each nested refutation
//! (built the same way, one depth less), until the contradiction; then only the steps
//! the contradiction needs are kept, traced back from the candidates whose absence it
//! reads.
//!
//! A nested refutation or a braid reads its context: what it needs absent there (its own
//! trace's needs not met inside it; every absent candidate of a braid's variables) is
//! traced in the parent like any other need, so the checker, which replays only the kept
//! steps, sees every such candidate gone.
//!
//! **Complexity**: one recorded propagation per context (≤ 81 decisions, each O(81 + 27 × 9)
//! for the next single: `grid::singles::first_single`), plus the engine's trials to find each nested elimination (the
//! first one found is taken, lowest depth first).

use super::{braid_proof, Engine, Grid};
use crate::limits::Stop;
use sudolink_engine::grid::singles::{first_single, Single};
use sudolink_engine::grid::tables::PEERS;
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, CspVariable, Digit, House, State};
use sudolink_engine::proof::te::{Dead, Refutation, TrialPattern, TrialStep};
use sudolink_engine::proof::Pattern;

const NOT_REMOVED: u16 = u16::MAX;

enum Event {
    Assumption,
    Naked(Candidate),
    Hidden(Candidate, House),
    Refuted(Refutation, CandidateSet),
    Braid(Box<sudolink_engine::proof::whip::WhipPattern>, CandidateSet),
}

struct Recorder {
    g: Grid,
    decided: u128,
    events: Vec<Event>,
    removed_by: Vec<u16>,
}

impl Recorder {
    fn new(g: Grid, decided: u128) -> Recorder {
        Recorder {
            g,
            decided,
            events: Vec::new(),
            removed_by: vec![NOT_REMOVED; 729],
        }
    }

    fn is_decided(&self, cell: usize) -> bool {
        self.decided >> cell & 1 == 1
    }

    fn remove(&mut self, c: Candidate, event: usize) {
        if self.g.has(c) {
            self.g.cells[c.cell().index()] &= !(1 << c.digit().index());
            self.removed_by[c.index()] = event as u16;
        }
    }

    fn decide(&mut self, c: Candidate, event: Event) {
        let e = self.events.len();
        self.events.push(event);
        let cell = c.cell();
        for d in Digit::all().filter(|&d| d != c.digit()) {
            self.remove(Candidate::new(cell, d), e);
        }
        self.decided |= 1 << cell.index();
        for &p in &PEERS[cell.index()] {
            let p = p as usize;
            if !self.is_decided(p) {
                self.remove(Candidate::new(Cell::new(p), c.digit()), e);
            }
        }
    }

    fn contradiction(&self) -> Option<Dead> {
        for (i, &m) in self.g.cells.iter().enumerate() {
            if m == 0 && !self.is_decided(i) {
                return Some(Dead::Cell(Cell::new(i)));
            }
        }
        for h in House::all() {
            let any = h
                .cells()
                .iter()
                .fold(0u16, |m, c| m | self.g.cells[c.index()]);
            if any != 0x1ff {
                let digit = Digit::from_index((!any & 0x1ff).trailing_zeros() as usize);
                return Some(Dead::Place { house: h, digit });
            }
        }
        None
    }

    /// BRT, recorded, to a fixpoint or a contradiction.
    fn brt(&mut self) -> Option<Dead> {
        loop {
            if let Some(d) = self.contradiction() {
                return Some(d);
            }
            match first_single(&self.g.cells, self.decided) {
                Some(Single::Naked { cell, digit }) => {
                    let c = Candidate::new(cell, digit);
                    self.decide(c, Event::Naked(c));
                }
                Some(Single::Hidden { house, digit, cell }) => {
                    let c = Candidate::new(cell, digit);
                    self.decide(c, Event::Hidden(c, house));
                }
                None => return None,
            }
        }
    }

    /// Keep the events the contradiction needs; returns the steps and what the refutation
    /// needs absent in its starting context.
    fn trace(self, z: Candidate, dead: Dead) -> (Refutation, CandidateSet) {
        let mut needs = CandidateSet::EMPTY;
        let cands: Vec<Candidate> = match dead {
            Dead::Cell(cell) => Digit::all().map(|d| Candidate::new(cell, d)).collect(),
            Dead::Place { house, digit } => house
                .cells()
                .iter()
                .map(|&c| Candidate::new(c, digit))
                .collect(),
        };
        needs.union_with(&cands.into_iter().collect());
        let mut kept = vec![false; self.events.len()];
        for e in (0..self.events.len()).rev() {
            let hit = needs.iter().any(|x| self.removed_by[x.index()] == e as u16);
            if !hit && !matches!(self.events[e], Event::Assumption) {
                continue;
            }
            kept[e] = true;
            match &self.events[e] {
                Event::Assumption => {}
                Event::Naked(c) => {
                    for d in Digit::all().filter(|&d| d != c.digit()) {
                        needs.insert(Candidate::new(c.cell(), d));
                    }
                }
                Event::Hidden(c, h) => {
                    for p in h.cells().into_iter().filter(|&p| p != c.cell()) {
                        needs.insert(Candidate::new(p, c.digit()));
                    }
                }
                Event::Refuted(_, sub) | Event::Braid(_, sub) => needs.union_with(sub),
            }
        }
        let mut external = CandidateSet::EMPTY;
        for x in needs.iter() {
            if self.removed_by[x.index()] == NOT_REMOVED {
                external.insert(x);
            }
        }
        let mut steps = Vec::new();
        for (event, keep) in self.events.into_iter().zip(kept) {
            if !keep {
                continue;
            }
            match event {
                Event::Assumption => {}
                Event::Naked(c) => steps.push(TrialStep::NakedSingle(c)),
                Event::Hidden(candidate, house) => {
                    steps.push(TrialStep::HiddenSingle { candidate, house })
                }
                Event::Refuted(r, _) => steps.push(TrialStep::Refuted(Box::new(r))),
                Event::Braid(w, _) => steps.push(TrialStep::Braid(w)),
            }
        }
        (
            Refutation {
                assumption: z,
                steps,
                contradiction: dead,
            },
            external,
        )
    }
}

/// What a braid reads of its context: every absent candidate of its variables.
fn braid_needs(g: &Grid, w: &sudolink_engine::proof::whip::WhipPattern) -> CandidateSet {
    let mut needs = CandidateSet::EMPTY;
    for cell in &w.cells {
        let v: CspVariable = cell.variable;
        for c in v.candidates() {
            if !g.has(c) {
                needs.insert(c);
            }
        }
    }
    needs
}

/// The refutation of `z` under T&E(B_braids, depth) from context `g` (cells of `decided`
/// decided), built with `engine`, whose real state must contain every context met (an
/// engine on the state the proof is for, before it applies anything).
fn refute(
    engine: &mut Engine<'_>,
    g: Grid,
    decided: u128,
    z: Candidate,
    depth: usize,
    braids: usize,
) -> Result<Option<(Refutation, CandidateSet)>, Stop> {
    let mut rec = Recorder::new(g, decided);
    if !rec.g.has(z) || rec.is_decided(z.cell().index()) {
        return Ok(None);
    }
    rec.decide(z, Event::Assumption);
    'outer: loop {
        if let Some(dead) = rec.brt() {
            return Ok(Some(rec.trace(z, dead)));
        }
        let candidates: Vec<Candidate> = rec.g.trial_candidates().collect();
        if braids > 0 {
            for &y in &candidates {
                let mut t = rec.g;
                if t.assume(y) {
                    continue;
                }
                let traced = braid_by_trace(&rec.g, y).filter(|w| w.cells.len() <= braids);
                let found = match traced {
                    Some(w) => Some(w),
                    None => braid_proof(&rec.g, y, braids, engine.meter)?.and_then(|p| {
                        match p.pattern {
                            Pattern::Whip(w) => Some(w),
                            _ => None,
                        }
                    }),
                };
                if let Some(w) = found {
                    {
                        let needs = braid_needs(&rec.g, &w);
                        let e = rec.events.len();
                        rec.events.push(Event::Braid(Box::new(w), needs));
                        rec.remove(y, e);
                        continue 'outer;
                    }
                }
            }
        }
        for d in 1..depth {
            for &y in &candidates {
                if engine.refutes_in(&rec.g, y, d, braids)? {
                    let Some((sub, needs)) = refute(engine, rec.g, rec.decided, y, d, braids)?
                    else {
                        continue;
                    };
                    let e = rec.events.len();
                    rec.events.push(Event::Refuted(sub, needs));
                    rec.remove(y, e);
                    continue 'outer;
                }
            }
        }
        return Ok(None);
    }
}

/// The proof that T&E(B_braids, depth) eliminates `z` from `state`, or `None` when its
/// trial does not end in a contradiction. `engine` must be a fresh engine on `state`
/// (nothing applied yet).
pub fn trial_proof(
    engine: &mut Engine<'_>,
    state: &State,
    z: Candidate,
    depth: usize,
    braids: usize,
) -> Result<Option<TrialPattern>, Stop> {
    let g = Grid::from_state(state);
    let decided = Cell::all()
        .filter(|&c| state.value(c).is_some())
        .fold(0u128, |m, c| m | 1 << c.index());
    Ok(
        refute(engine, g, decided, z, depth.max(1), braids)?.map(|(refutation, _)| TrialPattern {
            depth: depth.max(1),
            braids,
            refutation,
        }),
    )
}

fn house_variable(h: House, d: Digit) -> CspVariable {
    match h {
        House::Row(r) => CspVariable::Rn(r, d),
        House::Column(c) => CspVariable::Cn(c, d),
        House::Block(b) => CspVariable::Bn(b, d),
    }
}

/// The braid a BRT refutation of `y` in context `a` (BRT-closed) is: each single the
/// contradiction needs is a cell of the braid (its variable, a left-linking candidate gone
/// by ECP, the single as right-linking candidate), the variable left empty is the last.
/// `None` when BRT does not refute `y`. Its length bounds the shortest braid's from above
/// (Berthier: a candidate is eliminated by braids iff T&E(BRT, 1) eliminates it).
pub(crate) fn braid_by_trace(
    a: &Grid,
    y: Candidate,
) -> Option<sudolink_engine::proof::whip::WhipPattern> {
    use sudolink_engine::proof::whip::{WhipCell, WhipKind, WhipPattern};
    let mut rec = Recorder::new(*a, a.decided());
    if !rec.g.has(y) || rec.is_decided(y.cell().index()) {
        return None;
    }
    rec.decide(y, Event::Assumption);
    let dead = rec.brt()?;
    let removed_by = rec.removed_by.clone();
    let (r, _) = rec.trace(y, dead);
    // each kept single's variable, its right-linking candidate, a left-linking one gone
    // by an earlier decision (preferably the last one: whip-like)
    let mut cells: Vec<WhipCell> = Vec::new();
    let mut rights: Vec<Candidate> = vec![y];
    let pick_left = |v: CspVariable, not: Option<Candidate>, rights: &[Candidate]| {
        let gone: Vec<Candidate> = v
            .candidates()
            .into_iter()
            .filter(|&c| Some(c) != not && a.has(c) && removed_by[c.index()] != NOT_REMOVED)
            .collect();
        rights
            .iter()
            .rev()
            .find_map(|&r| gone.iter().copied().find(|&c| c.is_linked(r)))
    };
    for step in &r.steps {
        let (c, v) = match step {
            TrialStep::NakedSingle(c) => (*c, CspVariable::Rc(c.cell())),
            TrialStep::HiddenSingle { candidate, house } => {
                (*candidate, house_variable(*house, candidate.digit()))
            }
            _ => return None,
        };
        let left = pick_left(v, Some(c), &rights)?;
        cells.push(WhipCell {
            variable: v,
            left_linking: vec![left],
            right_linking: Some(vec![c]),
        });
        rights.push(c);
    }
    let last = match dead {
        Dead::Cell(c) => CspVariable::Rc(c),
        Dead::Place { house, digit } => house_variable(house, digit),
    };
    let left = pick_left(last, None, &rights)?;
    cells.push(WhipCell {
        variable: last,
        left_linking: vec![left],
        right_linking: None,
    });
    Some(WhipPattern {
        kind: WhipKind::Braid,
        target: y,
        cells,
    })
}
