//! GNPX's force chains (seed 003) and their net forms, on the net engine ([`super::net`]):
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

use super::limits::{Meter, Stop};
use super::net::{Contradiction, Derivations, NetGraph, Propagation, TraceCounter};
use crate::graph::LinkIndex;
use crate::grid::{Candidate, CandidateSet, CspVariable, Digit, House};
use crate::proof::net::{
    ForceMode, LinkLevel, NetBranch, NetChoice, NetConclusion, NetForm, NetLiteral, NetNode,
    NetPattern,
};
use crate::proof::{Pattern, Proof};
use std::collections::BTreeMap;

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

/// What every assumption of a state derives (candidates only), computed once.
struct Forced {
    trues: Vec<CandidateSet>,
    falses: Vec<CandidateSet>,
    contradictory: CandidateSet,
    /// Per refuted assumption: the inferences its contradiction needs.
    refuted_len: Vec<usize>,
    /// Chain form, per assumption: each candidate's derivation depth, which is the number
    /// of inferences its branch needs (empty in the net form).
    depth: Vec<Vec<u16>>,
    /// Net form, per unrefuted assumption: what it derived, to measure its branches'
    /// traces without propagating it again (empty in the chain form).
    derivations: Vec<Option<Derivations>>,
}

impl Forced {
    fn new(form: NetForm) -> Forced {
        Forced {
            trues: vec![CandidateSet::EMPTY; 729],
            falses: vec![CandidateSet::EMPTY; 729],
            contradictory: CandidateSet::EMPTY,
            refuted_len: vec![0; 729],
            depth: if form == NetForm::Chain {
                vec![Vec::new(); 729]
            } else {
                Vec::new()
            },
            derivations: if form == NetForm::Net {
                (0..729).map(|_| None).collect()
            } else {
                Vec::new()
            },
        }
    }

    /// Keep what a finished propagation of `c` derived.
    fn record(&mut self, graph: &NetGraph, p: &mut Propagation, c: Candidate) {
        (self.trues[c.index()], self.falses[c.index()]) = p.candidate_sets();
        if p.contradiction.is_some() {
            self.contradictory.insert(c);
            let ends = p.contradiction_ends(graph);
            self.refuted_len[c.index()] = p.trace_len(&ends);
        }
        if graph.form == NetForm::Chain {
            let (t, f) = p.candidate_sets();
            let mut depth = vec![0u16; 729];
            for x in t.union(&f).iter() {
                depth[x.index()] = p.candidate_depth(x) as u16;
            }
            self.depth[c.index()] = depth;
        } else if p.contradiction.is_none() {
            self.derivations[c.index()] = Some(p.derivations());
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

/// Propagate each of `assumptions` once, under the meter. A refuted assumption stops at
/// the end of the level of its first contradiction: nothing derived after it is read (Cell
/// and House leave refuted branches out; Contradiction reads the first contradiction).
fn propagate_each(
    graph: &NetGraph,
    assumptions: impl IntoIterator<Item = Candidate>,
    meter: &mut Meter,
) -> Result<Forced, Stop> {
    let mut p = Propagation::new(graph);
    let mut forced = Forced::new(graph.form);
    for c in assumptions {
        if let Some(stop) = meter.check() {
            return Err(stop);
        }
        p.run(graph, c, true);
        meter.spend(p.derived);
        forced.record(graph, &mut p, c);
    }
    Ok(forced)
}

/// What every branch of a choice derives, its refuted branches left out (None when every
/// branch is refuted).
fn common_to_branches(
    forced: &Forced,
    members: &[Candidate],
) -> Option<(CandidateSet, CandidateSet)> {
    let mut used = members
        .iter()
        .filter(|m| !forced.contradictory.contains(**m));
    let first = used.next()?;
    let (mut trues, mut falses) = (forced.trues[first.index()], forced.falses[first.index()]);
    for m in used {
        trues.intersect_with(&forced.trues[m.index()]);
        falses.intersect_with(&forced.falses[m.index()]);
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
        ForceMode::Cell => crate::grid::Cell::all()
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
/// **Complexity**: one propagation per open candidate of an unsolved cell (each at most
/// one derivation per literal of the graph; a refuted one stops after the level of its
/// first contradiction); lengths are read from what that propagation kept, never from a
/// second one. Memory: in the chain form 729 depths per assumption; in the net form each
/// unrefuted assumption's derivations (one inference per literal it derived).
pub struct ForceAnalysis {
    pub level: LinkLevel,
    pub form: NetForm,
    choices: Vec<(NetChoice, Vec<Candidate>)>,
    /// Per mode (cell, house, contradiction): conclusions, shortest first.
    conclusions: [Vec<Conclusion>; 3],
    /// The limit that stopped the analysis (its conclusions are then those found before).
    pub stopped: Option<Stop>,
}

impl ForceAnalysis {
    /// Analyse a state for `modes` (the verity modes need every assumption; the
    /// contradiction mode alone only the targets'), keeping conclusions on `targets` only
    /// when given.
    pub fn new(
        links: &LinkIndex,
        level: LinkLevel,
        form: NetForm,
        modes: &[ForceMode],
        targets: Option<&CandidateSet>,
        meter: &mut Meter,
    ) -> ForceAnalysis {
        let graph = NetGraph::new(links, level, form);
        let wanted = |c: Candidate| targets.is_none_or(|t| t.contains(c));
        let mut analysis = ForceAnalysis {
            level,
            form,
            choices: Vec::new(),
            conclusions: Default::default(),
            stopped: None,
        };
        let verities = modes.iter().any(|&m| m != ForceMode::Contradiction);
        let assumptions: Vec<Candidate> = assumable(links)
            .into_iter()
            .filter(|&c| verities || wanted(c))
            .collect();
        let forced = match propagate_each(&graph, assumptions.iter().copied(), meter) {
            Ok(f) => f,
            Err(stop) => {
                analysis.stopped = Some(stop);
                return analysis;
            }
        };
        if modes.contains(&ForceMode::Contradiction) {
            let refuted = assumptions
                .iter()
                .filter(|&&c| forced.contradictory.contains(c) && wanted(c))
                .map(|&c| Conclusion {
                    target: c,
                    value: false,
                    length: forced.refuted_len[c.index()],
                    choice: None,
                })
                .collect();
            analysis.conclusions[2] = shortest_first(refuted);
        }
        for mode in [ForceMode::Cell, ForceMode::House] {
            if !modes.contains(&mode) {
                continue;
            }
            let first = analysis.choices.len();
            let mut found = Vec::new();
            for (choice, members) in choices(links, mode) {
                let Some((trues, falses)) = common_to_branches(&forced, &members) else {
                    continue;
                };
                let index = analysis.choices.len();
                found.extend(
                    trues
                        .iter()
                        .map(|c| (c, true))
                        .chain(falses.iter().map(|c| (c, false)))
                        .filter(|&(c, _)| links.open().contains(c) && wanted(c))
                        .filter(|&(c, v)| !(v && links.is_decided(CspVariable::Rc(c.cell()))))
                        .map(|(target, value)| Conclusion {
                            target,
                            value,
                            length: 0,
                            choice: Some(index),
                        }),
                );
                analysis.choices.push((choice, members));
            }
            measure_verities(form, &forced, &analysis.choices[first..], first, &mut found);
            analysis.conclusions[mode.index()] = shortest_first(found);
        }
        analysis
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
    pub fn proof(&self, links: &LinkIndex, mode: ForceMode, i: usize) -> Option<Proof> {
        let graph = NetGraph::new(links, self.level, self.form);
        self.build(&graph, mode, i)
    }

    /// The proofs of `mode` selected by `pick` (indices into its conclusions), in that
    /// order, built with one graph and one propagation per branch of each choice.
    pub fn proofs(
        &self,
        links: &LinkIndex,
        mode: ForceMode,
        pick: impl Iterator<Item = usize>,
    ) -> Vec<Proof> {
        let graph = NetGraph::new(links, self.level, self.form);
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
            let proofs = verity_proofs(&graph, spec, choice, members, &targets);
            for (&i, proof) in picked.iter().zip(proofs) {
                built.extend(proof.map(|p| (i, p)));
            }
        }
        picks
            .into_iter()
            .filter_map(|i| match built.remove(&i) {
                Some(p) => Some(p),
                None => self.build(&graph, mode, i),
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

/// Set each verity's length: the inferences of every branch of its choice (a refuted
/// branch counts its contradiction). The chain form reads the depths the first sweep
/// kept; the net form counts the traces of what each member's propagation kept.
fn measure_verities(
    form: NetForm,
    forced: &Forced,
    choices: &[(NetChoice, Vec<Candidate>)],
    first: usize,
    found: &mut [Conclusion],
) {
    let refuted_sum = |members: &[Candidate]| -> usize {
        members
            .iter()
            .filter(|m| forced.contradictory.contains(**m))
            .map(|m| forced.refuted_len[m.index()])
            .sum()
    };
    if form == NetForm::Chain {
        for c in found.iter_mut() {
            let members = &choices[c.choice.expect("a verity") - first].1;
            c.length = refuted_sum(members)
                + members
                    .iter()
                    .filter(|m| !forced.contradictory.contains(**m))
                    .map(|m| forced.depth[m.index()][c.target.index()] as usize)
                    .sum::<usize>();
        }
        return;
    }
    // net form: each unrefuted member's trace, from what its propagation kept
    let mut counter = TraceCounter::default();
    for c in found.iter_mut() {
        let members = &choices[c.choice.expect("a verity") - first].1;
        c.length = refuted_sum(members);
        for m in members
            .iter()
            .filter(|m| !forced.contradictory.contains(**m))
        {
            let kept = forced.derivations[m.index()]
                .as_ref()
                .expect("every unrefuted assumption is kept");
            let end = kept
                .derivation(c.target, c.value)
                .expect("a verity is derived in every unrefuted branch");
            c.length += kept.trace_len(&mut counter, &[end]);
        }
    }
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
        proofs: analysis.proofs(links, spec.mode, 0..analysis.len(spec.mode)),
        stopped: analysis.stopped,
    }
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
    let Ok(forced) = propagate_each(&graph, members.iter().copied(), &mut Meter::unlimited())
    else {
        return Vec::new();
    };
    let Some((trues, falses)) = common_to_branches(&forced, &members) else {
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
