//! GNPX's force chains ([GNPX Force]) and their net forms, on the net engine ([`super::net`]):
//! - **Cell**: every candidate of an unsolved cell, assumed true, forces the same literal;
//! - **House**: every place of a digit in a house, likewise;
//! - **Contradiction**: an assumption that forces a contradiction is false.
//!
//! As the seed says, a contradiction met inside a branch is not used by Cell and House (the
//! Contradiction technique reports it): a branch contributes only what it derives, each
//! literal by its first derivation, and a verity is a candidate literal derived in every
//! branch. Each conclusion is one proof; the shortest (fewest inferences) kept when several
//! choices give it. Every assumption's propagation is computed once per state and shared by
//! the three techniques' choices; proofs re-run the few branches they print.
//!
//! Where the time went (top1465 #1–100, basic rules then force chains and nets in HoDoKu's
//! order, one thread, 18.3 ms a puzzle, before the sweeps were 256 wide): the chain analyses'
//! sweeps 8.6 ms, the choices' conclusions up to each bound 3.7 ms, graphs and set-up 3.5 ms.
//! A choice is skipped below the least bound its common literals may reach (`within`). Did
//! not pay: one analysis' level split across threads (about 200 small propagations are too
//! little work to hand over: slower); propagations kept per thread from puzzle to puzzle
//! (slower, and twice the peak memory: they are kept along one path only).

use super::limits::{Meter, Stop};
use super::net::{ChainSweep, Contradiction, NetGraph, Propagation, PropagationPool, SWEEP_WIDTH};
use std::collections::BTreeMap;
use std::sync::Arc;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable, Digit, House};
use sudolink_engine::proof::net::{
    ForceMode, LinkLevel, NetBranch, NetChoice, NetConclusion, NetForm, NetLiteral, NetNode,
    NetPattern,
};
use sudolink_engine::proof::{Pattern, Proof};

/// One force technique: mode, level and form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ForceSpec {
    pub mode: ForceMode,
    pub level: LinkLevel,
    pub form: NetForm,
}

impl ForceSpec {
    pub const fn new(mode: ForceMode, level: LinkLevel, form: NetForm) -> ForceSpec {
        ForceSpec { mode, level, form }
    }
}

/// One assumption's propagation, derived level by level as far as the analysis needs.
struct Branch {
    /// Boxed: analyses hand their propagations on to the next state's, by pointer.
    p: Box<Propagation>,
    /// The inferences its contradiction needs, once one is met.
    refuted_len: Option<usize>,
}

impl Branch {
    /// Start `c`'s propagation in `p` (a new one, or one recycled from an earlier state).
    fn start(graph: &NetGraph, c: Candidate, mut p: Box<Propagation>) -> Branch {
        p.start(graph, c);
        Branch {
            p,
            refuted_len: None,
        }
    }

    /// Derive up to `levels` levels (stopping at the level of its first contradiction).
    fn advance(&mut self, graph: &NetGraph, levels: usize) {
        if self.p.is_finished() {
            return;
        }
        self.p.advance(graph, levels, true);
        if self.p.contradiction.is_some() {
            let ends = self.p.contradiction_ends(graph);
            self.refuted_len = Some(self.p.trace_len(&ends));
        }
    }

    /// The inferences its branch needs to derive `target` with `value` (None if it does
    /// not): the net form's trace (the chain form's branches are swept).
    fn length_of(&mut self, target: Candidate, value: bool) -> Option<usize> {
        let end = self.p.derivation(target, value)?;
        Some(self.p.trace_len(&[end]))
    }
}

/// The assumptions' propagations, by branch index (the order of the assumptions): one
/// [`Propagation`] each in the net form; swept [`SWEEP_WIDTH`] at a time in the chain form
/// ([`ChainSweep`], which derives the same values, depths and contradictions).
enum Branches {
    Each(Vec<Branch>),
    Swept(Vec<ChainSweep>),
}

impl Branches {
    /// Start every assumption's propagation (the net form's memory taken from `pool`).
    fn start(graph: &NetGraph, assumptions: &[Candidate], pool: &mut PropagationPool) -> Branches {
        match graph.form {
            NetForm::Chain => Branches::Swept(
                assumptions
                    .chunks(SWEEP_WIDTH)
                    .map(|chunk| match pool.sweeps.pop() {
                        Some(mut sweep) => {
                            sweep.start(graph, chunk);
                            sweep
                        }
                        None => ChainSweep::new(graph, chunk),
                    })
                    .collect(),
            ),
            NetForm::Net => Branches::Each(
                assumptions
                    .iter()
                    .map(|&c| {
                        let p = pool
                            .propagations
                            .pop()
                            .unwrap_or_else(|| Box::new(Propagation::new(graph)));
                        Branch::start(graph, c, p)
                    })
                    .collect(),
            ),
        }
    }

    /// Derive up to `levels` levels of the branches `which` (all when None), each stopping
    /// at its fixpoint or first contradiction; `meter` checked as the work goes and charged
    /// what it derives.
    fn advance(
        &mut self,
        graph: &NetGraph,
        which: Option<&[usize]>,
        levels: usize,
        meter: &mut Meter,
    ) -> Result<(), Stop> {
        match self {
            Branches::Each(branches) => {
                let mut one = |b: &mut Branch| {
                    if let Some(stop) = meter.check() {
                        return Err(stop);
                    }
                    let before = b.p.derived;
                    b.advance(graph, levels);
                    meter.spend(b.p.derived - before);
                    Ok(())
                };
                match which {
                    None => branches.iter_mut().try_for_each(one),
                    Some(which) => which.iter().try_for_each(|&i| one(&mut branches[i])),
                }
            }
            Branches::Swept(sweeps) => {
                for (s, sweep) in sweeps.iter_mut().enumerate() {
                    let local: Option<Vec<usize>> = which.map(|which| {
                        (which.iter())
                            .filter(|&&i| i / SWEEP_WIDTH == s)
                            .map(|&i| i % SWEEP_WIDTH)
                            .collect()
                    });
                    if local.as_ref().is_none_or(|l| !l.is_empty()) {
                        sweep.advance(graph, local.as_deref(), levels, meter)?;
                    }
                }
                Ok(())
            }
        }
    }

    fn is_finished(&self, i: usize) -> bool {
        match self {
            Branches::Each(b) => b[i].p.is_finished(),
            Branches::Swept(s) => s[i / SWEEP_WIDTH].is_finished(i % SWEEP_WIDTH),
        }
    }

    /// The inferences branch `i`'s contradiction needs, once it has met one.
    fn refuted_len(&self, i: usize) -> Option<usize> {
        match self {
            Branches::Each(b) => b[i].refuted_len,
            Branches::Swept(s) => s[i / SWEEP_WIDTH].refuted_len(i % SWEEP_WIDTH),
        }
    }

    /// The candidates branch `i` derived true and false, None once it is refuted.
    fn candidate_sets(&self, i: usize) -> Option<(&CandidateSet, &CandidateSet)> {
        match self {
            Branches::Each(b) => (b[i].p.contradiction.is_none()).then(|| b[i].p.candidate_sets()),
            Branches::Swept(s) => (s[i / SWEEP_WIDTH].refuted_len(i % SWEEP_WIDTH).is_none())
                .then(|| s[i / SWEEP_WIDTH].candidate_sets(i % SWEEP_WIDTH)),
        }
    }

    /// The derivation depth of each candidate's value in branch `i`, by candidate index
    /// (meaningless where the branch derived none).
    fn candidate_depths(&self, i: usize) -> &[u16] {
        match self {
            Branches::Each(b) => b[i].p.candidate_depths(),
            Branches::Swept(s) => s[i / SWEEP_WIDTH].candidate_depths(i % SWEEP_WIDTH),
        }
    }

    /// The inferences branch `i` needs to derive `target` with `value` (None if it does
    /// not): the derivation depth in the chain form, the trace in the net form.
    fn length_of(&mut self, i: usize, target: Candidate, value: bool) -> Option<usize> {
        match self {
            Branches::Each(b) => b[i].length_of(target, value),
            Branches::Swept(s) => s[i / SWEEP_WIDTH]
                .derived(i % SWEEP_WIDTH, target, value)
                .then(|| s[i / SWEEP_WIDTH].candidate_depth(i % SWEEP_WIDTH, target)),
        }
    }

    /// Give the propagations to `pool`, for the next state's analyses.
    fn recycle(self, pool: &mut PropagationPool) {
        match self {
            Branches::Each(branches) => pool.propagations.extend(branches.into_iter().map(|b| b.p)),
            Branches::Swept(sweeps) => pool.sweeps.extend(sweeps),
        }
    }
}

/// The force proofs of a state, with the limit that stopped the search, if any.
pub struct ForceAnswer {
    pub proofs: Vec<Proof>,
    pub stopped: Option<Stop>,
}

fn assumable(links: &LinkIndex) -> Vec<Candidate> {
    links
        .open()
        .iter()
        .filter(|c| !links.is_decided(CspVariable::Rc(c.cell())))
        .collect()
}

/// What every unrefuted branch of a choice derives (None when every branch is refuted).
/// Each branch gives its (trues, falses), None when refuted.
fn common_to_branches<'b>(
    branches: impl Iterator<Item = Option<(&'b CandidateSet, &'b CandidateSet)>>,
) -> Option<(CandidateSet, CandidateSet)> {
    let mut used = branches.flatten();
    let (t, f) = used.next()?;
    let (mut trues, mut falses) = (*t, *f);
    for (t, f) in used {
        trues.intersect_with(t);
        falses.intersect_with(f);
    }
    Some((trues, falses))
}

/// The choices of a mode: (choice, its members). Hanson's hypotheses are not force
/// techniques: `search::hypothesis` chooses their assumptions.
fn choices(links: &LinkIndex, mode: ForceMode) -> Vec<(NetChoice, Vec<Candidate>)> {
    match mode {
        ForceMode::Contradiction
        | ForceMode::Hypothesis
        | ForceMode::Bivalue
        | ForceMode::Depth
        | ForceMode::Depth2 => Vec::new(),
        ForceMode::Cell => sudolink_engine::grid::Cell::all()
            .map(|cell| (cell, links.variable(CspVariable::Rc(cell))))
            .filter(|(cell, set)| set.len() >= 2 && !links.is_decided(CspVariable::Rc(*cell)))
            .map(|(cell, set)| (NetChoice::Cell { cell }, set.iter().collect()))
            .collect(),
        ForceMode::House => House::all()
            .flat_map(|house| Digit::all().map(move |digit| (house, digit)))
            .filter_map(|(house, digit)| {
                let v = house_variable(house, digit);
                let set = links.variable(v);
                (set.len() >= 2 && !links.is_decided(v))
                    .then(|| (NetChoice::House { house, digit }, set.iter().collect()))
            })
            .collect(),
    }
}

fn house_variable(house: House, digit: Digit) -> CspVariable {
    match house {
        House::Row(r) => CspVariable::Rn(r, digit),
        House::Column(c) => CspVariable::Cn(c, digit),
        House::Block(b) => CspVariable::Bn(b, digit),
    }
}

/// The proof of a net concluding `target` true (an assertion) or false (an elimination).
pub(crate) fn proof_of(net: NetPattern, target: Candidate, value: bool) -> Proof {
    let (eliminations, assertions) = if value {
        (vec![], vec![target])
    } else {
        (vec![target], vec![])
    };
    Proof::new(Pattern::Net(net), eliminations, assertions)
}

/// A propagation's contradiction as proof data.
pub(crate) fn contradiction_data(graph: &NetGraph, contradiction: Contradiction) -> NetConclusion {
    match contradiction {
        Contradiction::Both { node, .. } => NetConclusion::Both {
            node: graph.net_node(node),
        },
        Contradiction::Empty(v) => {
            let (house, cell, digit) = match v {
                CspVariable::Rc(cell) => (None, Some(cell), None),
                CspVariable::Rn(r, d) => (Some(House::Row(r)), None, Some(d)),
                CspVariable::Cn(k, d) => (Some(House::Column(k)), None, Some(d)),
                CspVariable::Bn(b, d) => (Some(House::Block(b)), None, Some(d)),
            };
            NetConclusion::Empty { house, cell, digit }
        }
    }
}

/// The contradiction proof of `c` (assumed true) from a finished propagation.
fn contradiction_proof(
    graph: &NetGraph,
    p: &Propagation,
    spec: ForceSpec,
    c: Candidate,
) -> Option<Proof> {
    let conclusion = contradiction_data(graph, p.contradiction?);
    let branch = p.branch(graph, c, &p.contradiction_ends(graph));
    let net = NetPattern {
        mode: ForceMode::Contradiction,
        level: spec.level,
        form: spec.form,
        choice: NetChoice::Assumption,
        branches: vec![branch],
        conclusion,
    };
    Some(proof_of(net, c, false))
}

/// Verity proofs of one choice for the given conclusions (candidate, value), re-running its
/// branches once: one per conclusion, None where a branch does not derive it.
fn verity_proofs(
    graph: &NetGraph,
    spec: ForceSpec,
    choice: &NetChoice,
    members: &[Candidate],
    conclusions: &[(Candidate, bool)],
) -> Vec<Option<Proof>> {
    // a branch whose assumption forces a contradiction is refuted, not used for the verity
    let mut runs: Vec<(Propagation, Option<NetBranch>)> = Vec::new();
    for &m in members {
        let mut p = Propagation::new(graph);
        p.run(graph, m, true);
        let refuted = p.contradiction.map(|c| NetBranch {
            refuted: Some(contradiction_data(graph, c)),
            ..p.branch(graph, m, &p.contradiction_ends(graph))
        });
        runs.push((p, refuted));
    }
    if runs.iter().all(|(_, r)| r.is_some()) {
        return vec![None; conclusions.len()];
    }
    conclusions
        .iter()
        .map(|&(target, value)| {
            let branches = members
                .iter()
                .zip(&runs)
                .map(|(&m, (p, refuted))| match refuted {
                    Some(b) => Some(b.clone()),
                    None => Some(p.branch(graph, m, &[p.derivation(target, value)?])),
                })
                .collect::<Option<Vec<_>>>()?;
            let net = NetPattern {
                mode: spec.mode,
                level: spec.level,
                form: spec.form,
                choice: choice.clone(),
                branches,
                conclusion: NetConclusion::Verity {
                    literal: NetLiteral {
                        node: NetNode::Candidate(target),
                        value,
                    },
                },
            };
            Some(proof_of(net, target, value))
        })
        .collect()
}

const ALL_MODES: [ForceMode; 3] = [ForceMode::Cell, ForceMode::House, ForceMode::Contradiction];

/// A state's assumptions (the open candidates of its unsolved cells) and its choices (the
/// cells', then the houses'), built once and shared by the state's analyses.
pub struct StateChoices {
    assumptions: Vec<Candidate>,
    choices: Arc<Vec<(NetChoice, Vec<Candidate>)>>,
    /// Per verity mode (cell, house): its range of `choices`.
    ranges: [std::ops::Range<usize>; 2],
}

impl StateChoices {
    /// Every assumption and choice of the state, for all three modes.
    pub fn new(links: &LinkIndex) -> StateChoices {
        StateChoices::of_modes(links, &ALL_MODES, None)
    }

    /// Those `modes` need (the verity modes every assumption; the contradiction mode alone
    /// only the targets', when given).
    fn of_modes(
        links: &LinkIndex,
        modes: &[ForceMode],
        targets: Option<&CandidateSet>,
    ) -> StateChoices {
        let wanted = |c: Candidate| targets.is_none_or(|t| t.contains(c));
        let verities = modes.iter().any(|&m| m != ForceMode::Contradiction);
        let assumptions: Vec<Candidate> = assumable(links)
            .into_iter()
            .filter(|&c| verities || wanted(c))
            .collect();
        let mut choices = Vec::new();
        let mut ranges: [std::ops::Range<usize>; 2] = [0..0, 0..0];
        for (slot, mode) in [ForceMode::Cell, ForceMode::House].into_iter().enumerate() {
            let first = choices.len();
            if modes.contains(&mode) {
                choices.extend(self::choices(links, mode));
            }
            ranges[slot] = first..choices.len();
        }
        StateChoices {
            assumptions,
            choices: Arc::new(choices),
            ranges,
        }
    }
}

/// One conclusion of a force technique: its literal, its proof's length, and where the
/// proof comes from (built only when asked for).
#[derive(Clone, Debug)]
struct Conclusion {
    target: Candidate,
    value: bool,
    length: usize,
    /// An index into the analysis' choices, or None for a refuted assumption.
    choice: Option<usize>,
}

/// Everything the assumptions of one state derive at one level and form, read by the three
/// modes at once: for each mode every conclusion with the length of its shortest proof,
/// shortest first. Proofs are built on demand ([`ForceAnalysis::proof`]), re-running only
/// the branches they print.
///
/// **Lazy, by length**: a conclusion of length L needs only literals of propagation level
/// ≤ L (a literal's level is at most its derivation depth, which is at most its trace), and
/// a literal's first derivation is the same whether the propagation stops at level L or
/// runs on. So [`ForceAnalysis::lazy`] starts every assumption and
/// [`ForceAnalysis::up_to`] derives only the levels a bound needs; the conclusions up to a
/// bound are exactly the full analysis' conclusions of those lengths, in the same order
/// (its prefix). A choice whose branch has met no contradiction yet but might later (which
/// would leave the branch out and change the choice's conclusions) has those branches run
/// to their end before a conclusion of it within the bound is listed.
///
/// **Complexity**: at most one propagation per open candidate of an unsolved cell (each at
/// most one derivation per literal of the graph; a refuted one stops after the level of its
/// first contradiction); lengths are read from what that propagation kept, never from a
/// second one. Memory: each assumption's propagation (one inference per literal it
/// derived; in the chain form a few words per literal and 256 branches), kept while the
/// analysis is.
pub struct ForceAnalysis {
    pub level: LinkLevel,
    pub form: NetForm,
    graph: NetGraph<'static>,
    /// The assumptions' branches, in the order of `assumptions`.
    branches: Branches,
    /// Per candidate: its branch's index in `branches` (`u16::MAX` for none).
    branch_of: Vec<u16>,
    assumptions: Vec<Candidate>,
    modes: Vec<ForceMode>,
    targets: Option<CandidateSet>,
    /// The candidates a verity may conclude false and true: the open ones (on the targets
    /// when given), those of decided cells left out of the trues.
    concludable: [CandidateSet; 2],
    /// The cell choices, then the house choices (of the modes asked; those of a state's
    /// analyses are shared).
    choices: Arc<Vec<(NetChoice, Vec<Candidate>)>>,
    /// Per verity mode (cell, house): its range of `choices`.
    ranges: [std::ops::Range<usize>; 2],
    /// Per choice: all its conclusions with their lengths, once every branch is finished
    /// (or known never to be needed).
    settled: Vec<Option<Vec<Conclusion>>>,
    /// Per choice: (how many of its branches were refuted, a bound) when
    /// [`ForceAnalysis::within`] last looked: below that bound it has no conclusion short
    /// enough while as many are refuted.
    quiet_until: Vec<(usize, usize)>,
    /// The length up to which `conclusions` are complete.
    bound: usize,
    /// Per mode (cell, house, contradiction): conclusions up to `bound`, shortest first.
    conclusions: [Vec<Conclusion>; 3],
    /// The limit that stopped the analysis (its conclusions are then those found before).
    pub stopped: Option<Stop>,
}

impl ForceAnalysis {
    /// Analyse a state for `modes` (the verity modes need every assumption; the
    /// contradiction mode alone only the targets'), keeping conclusions on `targets` only
    /// when given: every assumption propagated to its end under `meter`.
    pub fn new(
        links: &LinkIndex,
        level: LinkLevel,
        form: NetForm,
        modes: &[ForceMode],
        targets: Option<&CandidateSet>,
        meter: &mut Meter,
    ) -> ForceAnalysis {
        let graph = NetGraph::shared(Arc::new(links.clone()), level, form);
        let state = StateChoices::of_modes(links, modes, targets);
        let mut analysis = ForceAnalysis::lazy_for(
            graph,
            modes,
            targets,
            &state,
            &mut PropagationPool::default(),
        );
        if let Err(stop) = analysis.finish(meter) {
            analysis.stopped = Some(stop);
            return analysis;
        }
        analysis.up_to(usize::MAX);
        analysis
    }

    /// The three modes' analysis with nothing derived yet: [`ForceAnalysis::up_to`] derives
    /// what a bound on the length needs.
    pub fn lazy(links: &LinkIndex, level: LinkLevel, form: NetForm) -> ForceAnalysis {
        let graph = NetGraph::shared(Arc::new(links.clone()), level, form);
        ForceAnalysis::lazy_shared(
            graph,
            &StateChoices::new(links),
            &mut PropagationPool::default(),
        )
    }

    /// [`ForceAnalysis::lazy`] on a graph whose parts are shared with the state's other
    /// analyses ([`super::net::StateGraphs`]), as are its assumptions and choices (`state`,
    /// of the graph's state), its propagations' memory taken from `pool` (filled by
    /// [`ForceAnalysis::recycle`]) before any is allocated. The same analysis whatever the
    /// pool holds: a propagation is reset when it starts.
    pub fn lazy_shared(
        graph: NetGraph<'static>,
        state: &StateChoices,
        pool: &mut PropagationPool,
    ) -> ForceAnalysis {
        ForceAnalysis::lazy_for(graph, &ALL_MODES, None, state, pool)
    }

    /// Give this analysis' propagations to `pool`, for the next state's analyses.
    pub fn recycle(self, pool: &mut PropagationPool) {
        self.branches.recycle(pool);
    }

    fn lazy_for(
        graph: NetGraph<'static>,
        modes: &[ForceMode],
        targets: Option<&CandidateSet>,
        state: &StateChoices,
        pool: &mut PropagationPool,
    ) -> ForceAnalysis {
        let (level, form) = (graph.level, graph.form);
        let assumptions = state.assumptions.clone();
        let mut branch_of = vec![u16::MAX; 729];
        for (i, c) in assumptions.iter().enumerate() {
            branch_of[c.index()] = i as u16;
        }
        let branches = Branches::start(&graph, &assumptions, pool);
        let links = graph.links();
        let mut falses = *links.open();
        if let Some(t) = targets {
            falses.intersect_with(t);
        }
        let mut trues = falses;
        for c in falses.iter() {
            if links.is_decided(CspVariable::Rc(c.cell())) {
                trues.remove(c);
            }
        }
        ForceAnalysis {
            level,
            form,
            graph,
            branches,
            branch_of,
            assumptions,
            modes: modes.to_vec(),
            targets: targets.copied(),
            concludable: [falses, trues],
            settled: vec![None; state.choices.len()],
            quiet_until: vec![(usize::MAX, 0); state.choices.len()],
            choices: Arc::clone(&state.choices),
            ranges: state.ranges.clone(),
            bound: 0,
            conclusions: Default::default(),
            stopped: None,
        }
    }

    /// Propagate every assumption to its end under `meter` (each charged what its whole
    /// propagation derives, as when it runs at once).
    pub fn finish(&mut self, meter: &mut Meter) -> Result<(), Stop> {
        self.branches.advance(&self.graph, None, usize::MAX, meter)
    }

    /// Whether every assumption is propagated to its end.
    pub fn is_finished(&self) -> bool {
        (0..self.assumptions.len()).all(|i| self.branches.is_finished(i))
    }

    /// The index of `c`'s branch.
    fn branch(&self, c: Candidate) -> usize {
        self.branch_of[c.index()] as usize
    }

    fn wanted(&self, c: Candidate) -> bool {
        self.targets.is_none_or(|t| t.contains(c))
    }

    /// Make the conclusions of every length up to `bound` known (deriving the levels they
    /// need); those longer stay unlisted until a later call raises the bound.
    pub fn up_to(&mut self, bound: usize) {
        self.up_to_within(bound, &mut Meter::unlimited())
            .expect("an unlimited meter never stops")
    }

    /// [`ForceAnalysis::up_to`] under `meter`: its branches are advanced one at a time, the
    /// meter checked before each and charged with what each derives. A stopped analysis has
    /// advanced some branches only: its conclusions stay unlisted (the caller drops it).
    pub fn up_to_within(&mut self, bound: usize, meter: &mut Meter) -> Result<(), Stop> {
        if bound <= self.bound {
            return Ok(());
        }
        self.branches.advance(&self.graph, None, bound, meter)?;
        if self.modes.contains(&ForceMode::Contradiction) {
            let refuted = self
                .assumptions
                .iter()
                .filter(|&&c| self.wanted(c))
                .filter_map(|&c| {
                    let length = self.branches.refuted_len(self.branch(c))?;
                    (length <= bound).then_some(Conclusion {
                        target: c,
                        value: false,
                        length,
                        choice: None,
                    })
                })
                .collect();
            self.conclusions[2] = shortest_first(refuted);
        }
        for (slot, mode) in [ForceMode::Cell, ForceMode::House].into_iter().enumerate() {
            if !self.modes.contains(&mode) {
                continue;
            }
            let mut found = Vec::new();
            for k in self.ranges[slot].clone() {
                if self.settled[k].is_none() && self.within(k, bound) {
                    self.settle(k);
                }
                if let Some(settled) = &self.settled[k] {
                    found.extend(settled.iter().filter(|c| c.length <= bound).cloned());
                }
            }
            self.conclusions[mode.index()] = shortest_first(found);
        }
        self.bound = bound;
        Ok(())
    }

    /// The literals a choice's branches all derive (so far), as conclusions, refuted
    /// branches left out (None when every branch is refuted): open candidates derived true
    /// (outside decided cells), then those derived false, each in candidate order; on the
    /// targets only when given.
    fn common(&self, k: usize) -> Option<(CandidateSet, CandidateSet)> {
        let members = &self.choices[k].1;
        self.concludable_in(
            members
                .iter()
                .map(|m| self.branches.candidate_sets(self.branch(*m))),
        )
    }

    /// What the given branches (their true and false candidates, None when refuted) all
    /// derive, kept to the concludable candidates.
    fn concludable_in<'b>(
        &'b self,
        branches: impl Iterator<Item = Option<(&'b CandidateSet, &'b CandidateSet)>>,
    ) -> Option<(CandidateSet, CandidateSet)> {
        let (mut trues, mut falses) = common_to_branches(branches)?;
        trues.intersect_with(&self.concludable[1]);
        falses.intersect_with(&self.concludable[0]);
        Some((trues, falses))
    }

    /// [`ForceAnalysis::common`] as a list of (candidate, value).
    fn candidates(&self, k: usize) -> Option<Vec<(Candidate, bool)>> {
        let (trues, falses) = self.common(k)?;
        Some(
            trues
                .iter()
                .map(|c| (c, true))
                .chain(falses.iter().map(|c| (c, false)))
                .collect(),
        )
    }

    /// A literal's length in choice `k`: every branch's inferences (a refuted branch counts
    /// its contradiction).
    fn length_in(&mut self, k: usize, target: Candidate, value: bool) -> usize {
        let choices = Arc::clone(&self.choices);
        let mut length = 0;
        for &m in &choices[k].1 {
            let i = self.branch(m);
            length += match self.branches.refuted_len(i) {
                Some(l) => l,
                None => self
                    .branches
                    .length_of(i, target, value)
                    .expect("a conclusion is derived in every unrefuted branch"),
            };
        }
        length
    }

    /// Whether choice `k` may have a conclusion of length ≤ `bound`: not when its refuted
    /// branches' contradictions and one inference for each unrefuted branch but one are
    /// already longer (the exception is a branch whose assumption is the literal itself);
    /// else true once every branch is finished; else if its unfinished branches derive
    /// nothing longer, none of them can be refuted within the bound (a refutation costs
    /// more than its level) and what they derive later is longer than the bound.
    ///
    /// A false answer leaves in `quiet_until` the least bound at which the choice may have
    /// one while its refuted branches stay the same ([`quiet_bound`]): below it the answer
    /// is false without looking.
    fn within(&mut self, k: usize, bound: usize) -> bool {
        let members = &self.choices[k].1;
        if members.len() - 1 > bound {
            return false;
        }
        // the unrefuted branches and their assumptions (a choice has at most nine members)
        let mut unrefuted = [0usize; 9];
        let mut assumed = [members[0]; 9];
        let (mut n, mut refuted_len, mut finished) = (0, 0, true);
        for &m in members {
            let i = self.branch(m);
            match self.branches.refuted_len(i) {
                Some(l) => refuted_len += l,
                None => {
                    unrefuted[n] = i;
                    assumed[n] = m;
                    n += 1;
                }
            }
            finished &= self.branches.is_finished(i);
        }
        if refuted_len + n.saturating_sub(1) > bound {
            return false;
        }
        if finished {
            return true;
        }
        let refuted = members.len() - n;
        if self.quiet_until[k].0 == refuted && bound < self.quiet_until[k].1 {
            return false;
        }
        let (unrefuted, assumed) = (&unrefuted[..n], &assumed[..n]);
        let Some((trues, falses)) =
            self.concludable_in(unrefuted.iter().map(|&i| self.branches.candidate_sets(i)))
        else {
            return true;
        };
        // a lower bound of a literal's length (in the chain form the length): the refuted
        // branches' contradictions and the literal's depth in each unrefuted branch
        let mut depths: [&[u16]; 9] = [&[]; 9];
        for (slot, &i) in depths.iter_mut().zip(unrefuted) {
            *slot = self.branches.candidate_depths(i);
        }
        let depths = &depths[..n];
        let mut next = usize::MAX;
        let mut short_enough = Vec::new();
        let literals = (trues.iter().map(|c| (c, true))).chain(falses.iter().map(|c| (c, false)));
        for (target, value) in literals {
            let at_least = refuted_len
                + depths
                    .iter()
                    .map(|d| d[target.index()] as usize)
                    .sum::<usize>();
            if at_least > bound {
                next = next.min(at_least);
            } else if self.form == NetForm::Chain {
                return true;
            } else {
                short_enough.push((target, value));
            }
        }
        for (target, value) in short_enough {
            let length = self.length_in(k, target, value);
            if length <= bound {
                return true;
            }
            next = next.min(length);
        }
        let guarded = assumptions_opposed(&self.branches, unrefuted, assumed);
        let later = quiet_bound(bound, refuted_len, n, guarded);
        self.quiet_until[k] = (refuted, next.min(later));
        false
    }

    /// Finish choice `k`'s branches and keep all its conclusions with their lengths.
    fn settle(&mut self, k: usize) {
        let members: Vec<usize> = self.choices[k].1.iter().map(|&m| self.branch(m)).collect();
        self.branches
            .advance(
                &self.graph,
                Some(&members),
                usize::MAX,
                &mut Meter::unlimited(),
            )
            .expect("an unlimited meter never stops");
        let conclusions = self
            .candidates(k)
            .unwrap_or_default()
            .into_iter()
            .map(|(target, value)| Conclusion {
                target,
                value,
                length: self.length_in(k, target, value),
                choice: Some(k),
            })
            .collect();
        self.settled[k] = Some(conclusions);
    }

    /// The conclusions of `mode` with their proof lengths, shortest first.
    pub fn lengths(&self, mode: ForceMode) -> impl Iterator<Item = (Candidate, bool, usize)> + '_ {
        self.conclusions[mode.index()]
            .iter()
            .map(|c| (c.target, c.value, c.length))
    }

    /// How many conclusions `mode` has.
    pub fn len(&self, mode: ForceMode) -> usize {
        self.conclusions[mode.index()].len()
    }

    /// Whether no mode concluded anything.
    pub fn is_empty(&self) -> bool {
        self.conclusions.iter().all(Vec::is_empty)
    }

    /// The proof of the `i`-th conclusion of `mode` (shortest first), built from the state.
    pub fn proof(&self, mode: ForceMode, i: usize) -> Option<Proof> {
        self.build(&self.graph, mode, i)
    }

    /// The proofs of `mode` selected by `pick` (indices into its conclusions), in that
    /// order, built with one graph and one propagation per branch of each choice.
    pub fn proofs(&self, mode: ForceMode, pick: impl Iterator<Item = usize>) -> Vec<Proof> {
        let graph = &self.graph;
        let spec = ForceSpec::new(mode, self.level, self.form);
        let all = &self.conclusions[mode.index()];
        let picks: Vec<usize> = pick.filter(|&i| i < all.len()).collect();
        // verities grouped by choice, so each choice's branches run once
        let mut by_choice: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &i in &picks {
            if let Some(k) = all[i].choice {
                by_choice.entry(k).or_default().push(i);
            }
        }
        let mut built: BTreeMap<usize, Proof> = BTreeMap::new();
        for (k, picked) in by_choice {
            let (choice, members) = &self.choices[k];
            let targets: Vec<(Candidate, bool)> = picked
                .iter()
                .map(|&i| (all[i].target, all[i].value))
                .collect();
            let proofs = verity_proofs(graph, spec, choice, members, &targets);
            for (&i, proof) in picked.iter().zip(proofs) {
                built.extend(proof.map(|p| (i, p)));
            }
        }
        picks
            .into_iter()
            .filter_map(|i| match built.remove(&i) {
                Some(p) => Some(p),
                None => self.build(graph, mode, i),
            })
            .collect()
    }

    fn build(&self, graph: &NetGraph, mode: ForceMode, i: usize) -> Option<Proof> {
        let c = self.conclusions[mode.index()].get(i)?;
        let spec = ForceSpec::new(mode, self.level, self.form);
        let proof = match c.choice {
            None => {
                let mut p = Propagation::new(graph);
                p.run(graph, c.target, true);
                contradiction_proof(graph, &p, spec, c.target)?
            }
            Some(k) => {
                let (choice, members) = &self.choices[k];
                verity_proofs(graph, spec, choice, members, &[(c.target, c.value)]).pop()??
            }
        };
        debug_assert_eq!(proof.length, c.length, "a force proof's measured length");
        Some(proof)
    }
}

/// Whether each of these unrefuted branches' assumptions is derived false by another of
/// them (so a literal common to them all is none of their assumptions, and has a depth of
/// one or more in each).
fn assumptions_opposed(branches: &Branches, unrefuted: &[usize], assumed: &[Candidate]) -> bool {
    assumed.iter().enumerate().all(|(j, &m)| {
        unrefuted.iter().enumerate().any(|(i, &b)| {
            i != j
                && branches
                    .candidate_sets(b)
                    .is_some_and(|(_, falses)| falses.contains(m))
        })
    })
}

/// The least bound at which a literal that becomes common to a choice's branches after
/// `bound` (its `unrefuted` branches derived to level `bound` or their end, the same ones
/// refuted with `refuted_len` inferences) may be short enough: one of them derives it
/// later, at a depth over `bound` (each inference of a level has a premise of the level
/// before), and each other has it at depth one or more when `guarded` (none of them holds
/// it as its assumption, [`assumptions_opposed`]), else all but one of them.
fn quiet_bound(bound: usize, refuted_len: usize, unrefuted: usize, guarded: bool) -> usize {
    let others = if guarded {
        unrefuted.saturating_sub(1)
    } else {
        unrefuted.saturating_sub(2)
    };
    refuted_len + bound + 1 + others
}

/// Best (shortest, then first found) per literal, in literal order, then stably by length:
/// the order [`find`] returns proofs in.
fn shortest_first(found: Vec<Conclusion>) -> Vec<Conclusion> {
    let mut best: BTreeMap<(Candidate, bool), Conclusion> = BTreeMap::new();
    for c in found {
        let key = (c.target, c.value);
        if best.get(&key).is_none_or(|b| c.length < b.length) {
            best.insert(key, c);
        }
    }
    let mut out: Vec<Conclusion> = best.into_values().collect();
    out.sort_by_key(|c| c.length);
    out
}

/// Every proof of a force technique in the state, shortest per conclusion, sorted by
/// length; only conclusions on `targets` when given.
pub fn find(
    links: &LinkIndex,
    spec: ForceSpec,
    targets: Option<&CandidateSet>,
    meter: &mut Meter,
) -> ForceAnswer {
    let analysis = ForceAnalysis::new(links, spec.level, spec.form, &[spec.mode], targets, meter);
    ForceAnswer {
        proofs: analysis.proofs(spec.mode, 0..analysis.len(spec.mode)),
        stopped: analysis.stopped,
    }
}

/// Every choice of a verity mode on the state, in GNPX's order (cells by position; houses
/// rows, columns, blocks, each digit in turn): the cells with two candidates or more, the
/// house digits with two places or more. Empty for the other modes.
pub fn every_choice(links: &LinkIndex, mode: ForceMode) -> Vec<NetChoice> {
    choices(links, mode).into_iter().map(|(c, _)| c).collect()
}

/// Why a choice has no branches to force anything with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    #[error("{choice} is not a choice of ForceChain_{mode}: a cell (r2c8) is one of the cell mode, a house and digit (row2#1) of the house mode")]
    WrongMode { choice: String, mode: &'static str },
    #[error("{choice} has {members} place(s) or candidate(s) left: a choice needs two or more")]
    TooFew { choice: String, members: usize },
    #[error("{choice} is already placed: it is no choice")]
    Placed { choice: String },
}

/// The members of `choice` on the state (its branches' assumptions), checked against the
/// mode: a cell's open candidates in the cell mode, a digit's open places in a house in the
/// house mode, at least two.
pub fn choice_members(
    links: &LinkIndex,
    mode: ForceMode,
    choice: &NetChoice,
) -> Result<Vec<Candidate>, ChoiceError> {
    let text = match choice {
        NetChoice::Cell { cell } => cell.to_string(),
        NetChoice::House { house, digit } => format!("{house}#{digit}"),
        NetChoice::Assumption => "an assumption".to_string(),
    };
    let variable = match (choice, mode) {
        (NetChoice::Cell { cell }, ForceMode::Cell) => CspVariable::Rc(*cell),
        (NetChoice::House { house, digit }, ForceMode::House) => house_variable(*house, *digit),
        _ => {
            return Err(ChoiceError::WrongMode {
                choice: text,
                mode: if mode == ForceMode::House {
                    "House"
                } else {
                    "Cell"
                },
            })
        }
    };
    let members: Vec<Candidate> = links.variable(variable).iter().collect();
    if links.is_decided(variable) {
        return Err(ChoiceError::Placed { choice: text });
    }
    if members.len() < 2 {
        return Err(ChoiceError::TooFew {
            choice: text,
            members: members.len(),
        });
    }
    Ok(members)
}

/// The verities of one choice (a cell, or a digit's places in a house): one proof per
/// literal derived in every branch, as GNPX lists them for that choice.
pub fn prove_choice(links: &LinkIndex, spec: ForceSpec, choice: &NetChoice) -> Vec<Proof> {
    let graph = NetGraph::new(links, spec.level, spec.form);
    let members: Vec<Candidate> = match choice {
        NetChoice::Cell { cell } => links.variable(CspVariable::Rc(*cell)).iter().collect(),
        NetChoice::House { house, digit } => links
            .variable(house_variable(*house, *digit))
            .iter()
            .collect(),
        NetChoice::Assumption => return Vec::new(),
    };
    if members.len() < 2 {
        return Vec::new();
    }
    let runs: Vec<Propagation> = members
        .iter()
        .map(|&m| {
            let mut p = Propagation::new(&graph);
            p.run(&graph, m, true);
            p
        })
        .collect();
    let Some((trues, falses)) = common_to_branches(
        runs.iter()
            .map(|p| p.contradiction.is_none().then(|| p.candidate_sets())),
    ) else {
        return Vec::new();
    };
    let conclusions: Vec<(Candidate, bool)> = trues
        .iter()
        .map(|c| (c, true))
        .chain(falses.iter().map(|c| (c, false)))
        .filter(|&(c, _)| links.open().contains(c))
        .collect();
    verity_proofs(&graph, spec, choice, &members, &conclusions)
        .into_iter()
        .flatten()
        .collect()
}

/// The shortest proof of a force technique eliminating `target` (length ≤ `max_len`).
pub fn search_target(
    links: &LinkIndex,
    spec: ForceSpec,
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> ForceAnswer {
    let targets = CandidateSet::from_candidates([target]);
    let mut a = find(links, spec, Some(&targets), meter);
    a.proofs
        .retain(|p| p.eliminations.contains(&target) && p.length <= max_len);
    a.proofs.truncate(1);
    a
}
