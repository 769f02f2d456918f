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
use super::net::{Contradiction, NetGraph, Propagation};
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

/// Propagate each of `assumptions` once, under the meter.
fn propagate_each(
    graph: &NetGraph,
    assumptions: impl IntoIterator<Item = Candidate>,
    meter: &mut Meter,
) -> Result<Forced, Stop> {
    let mut p = Propagation::new(graph);
    let mut forced = Forced {
        trues: vec![CandidateSet::EMPTY; 729],
        falses: vec![CandidateSet::EMPTY; 729],
        contradictory: CandidateSet::EMPTY,
    };
    for c in assumptions {
        if let Some(stop) = meter.check() {
            return Err(stop);
        }
        p.run(graph, c, false);
        meter.spend(p.derived);
        (forced.trues[c.index()], forced.falses[c.index()]) = p.candidate_sets();
        if p.contradiction.is_some() {
            forced.contradictory.insert(c);
        }
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

/// The choices of a mode: (choice, its members).
fn choices(links: &LinkIndex, mode: ForceMode) -> Vec<(NetChoice, Vec<Candidate>)> {
    match mode {
        ForceMode::Contradiction => Vec::new(),
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

fn proof_of(net: NetPattern, target: Candidate, value: bool) -> Proof {
    let (eliminations, assertions) = if value {
        (vec![], vec![target])
    } else {
        (vec![target], vec![])
    };
    Proof::new(Pattern::Net(net), eliminations, assertions)
}

/// A propagation's contradiction as proof data.
fn contradiction_data(graph: &NetGraph, contradiction: Contradiction) -> NetConclusion {
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
/// branches once.
fn verity_proofs(
    graph: &NetGraph,
    spec: ForceSpec,
    choice: &NetChoice,
    members: &[Candidate],
    conclusions: &[(Candidate, bool)],
) -> Vec<Proof> {
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
        return Vec::new();
    }
    conclusions
        .iter()
        .filter_map(|&(target, value)| {
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

/// Every proof of a force technique in the state, shortest per conclusion, sorted by
/// length; only conclusions on `targets` when given.
pub fn find(
    links: &LinkIndex,
    spec: ForceSpec,
    targets: Option<&CandidateSet>,
    meter: &mut Meter,
) -> ForceAnswer {
    let graph = NetGraph::new(links, spec.level, spec.form);
    let mut best: BTreeMap<(Candidate, bool), Proof> = BTreeMap::new();
    let mut keep = |proof: Proof, key: (Candidate, bool)| {
        if best.get(&key).is_none_or(|b| proof.length < b.length) {
            best.insert(key, proof);
        }
    };
    let wanted = |c: Candidate| targets.is_none_or(|t| t.contains(c));
    if spec.mode == ForceMode::Contradiction {
        let mut p = Propagation::new(&graph);
        for c in assumable(links).into_iter().filter(|&c| wanted(c)) {
            if let Some(stop) = meter.check() {
                return answer(best, Some(stop));
            }
            p.run(&graph, c, true);
            meter.spend(p.derived);
            if let Some(proof) = contradiction_proof(&graph, &p, spec, c) {
                keep(proof, (c, false));
            }
        }
        return answer(best, None);
    }
    let forced = match propagate_each(&graph, assumable(links), meter) {
        Ok(f) => f,
        Err(stop) => return answer(best, Some(stop)),
    };
    for (choice, members) in choices(links, spec.mode) {
        let Some((trues, falses)) = common_to_branches(&forced, &members) else {
            continue;
        };
        let conclusions: Vec<(Candidate, bool)> = trues
            .iter()
            .map(|c| (c, true))
            .chain(falses.iter().map(|c| (c, false)))
            .filter(|&(c, _)| links.open().contains(c) && wanted(c))
            .filter(|&(c, v)| !(v && links.is_decided(CspVariable::Rc(c.cell()))))
            .collect();
        if conclusions.is_empty() {
            continue;
        }
        if let Some(stop) = meter.check() {
            return answer(best, Some(stop));
        }
        for proof in verity_proofs(&graph, spec, &choice, &members, &conclusions) {
            let key = match (proof.assertions.first(), proof.eliminations.first()) {
                (Some(&c), _) => (c, true),
                (None, Some(&c)) => (c, false),
                _ => continue,
            };
            keep(proof, key);
        }
    }
    answer(best, None)
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
}

fn answer(best: BTreeMap<(Candidate, bool), Proof>, stopped: Option<Stop>) -> ForceAnswer {
    let mut proofs: Vec<Proof> = best.into_values().collect();
    proofs.sort_by_key(|p| p.length);
    ForceAnswer { proofs, stopped }
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
