//! Hanson's hypothesis and disproof, and Gail Nelson's two-way hypothesis from a bivalue
//! cell ([Hanson SA], "Hypothesis and (Dis)Proof"), as nets of the net engine ([`super::net`])
//! with particular choices of assumption and of inferences.
//!
//! Both use exactly the inferences of Hanson's letter marking: plain links in the chain
//! form — a true candidate makes every candidate it sees (same cell, or same digit in a
//! house) false, and a false member of a bivalue cell or of a bilocal digit in a house
//! makes the other member true. Groups, ALS and several-premise inferences are not used.
//!
//! - **hypothesis** (disproof): assume a candidate true and mark what follows with letters
//!   (`a` false, `A` true, `B` false by association, …: the letter is the derivation depth,
//!   see `notation::hypothesis`). When two candidates of a cell or of a house's digit are
//!   both true (a node derived true and false), or every candidate of a cell or of a
//!   house's digit is false, the hypothesis is disproved: the candidate is eliminated.
//!   The seed's XYZ-wing: `*` in r1c1 is Z; the pincers' Z are false, so their X and Y are
//!   true, so the pivot's X and Y are false too: the pivot has no candidate left.
//! - **bivalue-hypothesis** (circles and squares): follow both candidates of a bivalue
//!   cell. A literal both branches derive holds: converging on one value in a cell sets it;
//!   converging on two different values in one cell (or one digit in two cells of a house)
//!   makes every other candidate there false in both branches, so they are eliminated.
//!   Any candidate false in both branches is eliminated the same way. A branch that meets
//!   a contradiction is refuted and left out, as GNPX's ForceChain_Cell does.
//!
//! - **depth** and **depth2** (Hanson's +depth and ++depth, [Hanson SA] "Depth"): a hypothesis
//!   that reaches a dead end is restarted on the hypothetical state with singles and locked
//!   candidates (+depth), and also naked/hidden subsets and fish up to size 4 (++depth):
//!   the net form at the links level (a single from several falses is one inference) and
//!   [`Propagation::run_deep`] with [`super::locked_sets`]; a contradiction eliminates the
//!   assumption.
//!
//! Every conclusion is a [`sudolink_engine::proof::net::NetPattern`] (mode `hypothesis`, choice one
//! assumption; or mode `bivalue`, choice the cell; or mode `depth`/`depth2`, one
//! assumption, net form) that `proof::check` replays.
//!
//! **Complexity**: one propagation per open candidate of an unsolved cell (hypothesis) or
//! per candidate of a bivalue cell (two-way), each deriving every literal at most once
//! (1,458 literals), so O(candidates × links). Each search takes a [`Meter`]: it stops
//! between propagations when the meter's budget or deadline is spent, and says so. Proofs
//! are the shortest (fewest inferences) per conclusion: the engine is breadth-first.

use super::force::proof_of;
use super::limits::{Meter, Stop};
use super::net::{NetGraph, Propagation};
use std::collections::BTreeMap;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, CspVariable};
use sudolink_engine::proof::net::{
    ForceMode, LinkLevel, NetBranch, NetChoice, NetConclusion, NetForm, NetLiteral, NetPattern,
};
use sudolink_engine::proof::Proof;

/// The proofs of a hypothesis technique in one state, shortest first, with the limit
/// that stopped the search, if any (the proofs are then those found before).
pub struct HypothesisAnswer {
    pub proofs: Vec<Proof>,
    pub stopped: Option<Stop>,
}

/// The net graph Hanson's marking uses: plain links, chain form, emptied cells and
/// houses reported.
pub fn graph(links: &LinkIndex) -> NetGraph<'_> {
    NetGraph::new(links, LinkLevel::Links, NetForm::Chain).with_empty_variables()
}

/// The refuted branch of a finished propagation of `c`, with its contradiction.
fn refuted_branch(graph: &NetGraph, p: &Propagation, c: Candidate) -> Option<NetBranch> {
    let contradiction = super::force::contradiction_data(graph, p.contradiction?);
    let mut branch = p.branch(graph, c, &p.contradiction_ends(graph));
    branch.refuted = Some(contradiction);
    Some(branch)
}

/// The disproof of `c` from a finished propagation of it, if it met a contradiction.
pub fn disproof(graph: &NetGraph, p: &Propagation, c: Candidate) -> Option<Proof> {
    disproof_in(ForceMode::Hypothesis, graph, p, c)
}

/// The disproof of `c` in `mode` (hypothesis, +depth or ++depth: the graph's form) from a
/// finished propagation of it, if it met a contradiction.
fn disproof_in(mode: ForceMode, graph: &NetGraph, p: &Propagation, c: Candidate) -> Option<Proof> {
    let mut branch = refuted_branch(graph, p, c)?;
    let conclusion = branch.refuted.take()?;
    let net = NetPattern {
        mode,
        level: LinkLevel::Links,
        form: graph.form,
        choice: NetChoice::Assumption,
        branches: vec![branch],
        conclusion,
    };
    Some(proof_of(net, c, false))
}

/// The candidates a hypothesis may assume: the open candidates of unsolved cells (on
/// `targets` only, when given).
fn assumable(links: &LinkIndex, targets: Option<&CandidateSet>) -> Vec<Candidate> {
    links
        .open()
        .iter()
        .filter(|c| !links.is_decided(CspVariable::Rc(c.cell())))
        .filter(|c| targets.is_none_or(|t| t.contains(*c)))
        .collect()
}

/// Hanson's hypothesis and disproof: every assumable candidate (on `targets` when given)
/// whose hypothesis meets a contradiction, with its proof, shortest first.
pub fn hypotheses(
    links: &LinkIndex,
    targets: Option<&CandidateSet>,
    meter: &mut Meter,
) -> HypothesisAnswer {
    let graph = graph(links);
    disproofs(
        ForceMode::Hypothesis,
        &graph,
        links,
        targets,
        meter,
        |p, c| {
            p.run(&graph, c, true);
            p.derived
        },
    )
}

/// Every assumable candidate (on `targets` when given) propagated on `graph` by `run`,
/// which returns the work to charge, and its disproof in `mode` when it meets a
/// contradiction, shortest first. The meter is checked between assumptions.
fn disproofs(
    mode: ForceMode,
    graph: &NetGraph,
    links: &LinkIndex,
    targets: Option<&CandidateSet>,
    meter: &mut Meter,
    run: impl Fn(&mut Propagation, Candidate) -> usize,
) -> HypothesisAnswer {
    let mut p = Propagation::new(graph);
    let mut proofs = Vec::new();
    let mut stopped = None;
    for c in assumable(links, targets) {
        if let Some(stop) = meter.check() {
            stopped = Some(stop);
            break;
        }
        meter.spend(run(&mut p, c));
        proofs.extend(disproof_in(mode, graph, &p, c));
    }
    proofs.sort_by_key(|p| p.length);
    HypothesisAnswer { proofs, stopped }
}

/// The bivalue cells of a state (two open candidates, unsolved).
pub fn bivalue_cells(links: &LinkIndex) -> Vec<Cell> {
    Cell::all()
        .filter(|&cell| {
            let v = CspVariable::Rc(cell);
            !links.is_decided(v) && links.variable(v).len() == 2
        })
        .collect()
}

/// The two-way hypothesis from one bivalue cell: one proof per literal both branches
/// derive (a refuted branch left out), on `targets` only when given.
pub fn two_way(
    graph: &NetGraph,
    links: &LinkIndex,
    cell: Cell,
    targets: Option<&CandidateSet>,
    meter: &mut Meter,
) -> Vec<Proof> {
    let members: Vec<Candidate> = links.variable(CspVariable::Rc(cell)).iter().collect();
    let [a, b] = members[..] else {
        return Vec::new();
    };
    let mut runs = [Propagation::new(graph), Propagation::new(graph)];
    for (p, m) in runs.iter_mut().zip([a, b]) {
        p.run(graph, m, true);
        meter.spend(p.derived);
    }
    let refuted: Vec<Option<NetBranch>> = runs
        .iter()
        .zip([a, b])
        .map(|(p, m)| refuted_branch(graph, p, m))
        .collect();
    let (trues, falses) = match (&refuted[0], &refuted[1]) {
        (Some(_), Some(_)) => return Vec::new(),
        (None, None) => {
            let (t0, f0) = runs[0].candidate_sets();
            let (t1, f1) = runs[1].candidate_sets();
            (t0.intersection(t1), f0.intersection(f1))
        }
        (None, Some(_)) | (Some(_), None) => {
            let kept = if refuted[0].is_none() {
                &runs[0]
            } else {
                &runs[1]
            };
            let (t, f) = kept.candidate_sets();
            (*t, *f)
        }
    };
    let open = links.open();
    let wanted = |c: Candidate| open.contains(c) && targets.is_none_or(|t| t.contains(c));
    let conclusions = trues
        .iter()
        .filter(|c| !links.is_decided(CspVariable::Rc(c.cell())))
        .map(|c| (c, true))
        .chain(falses.iter().map(|c| (c, false)))
        .filter(|&(c, _)| wanted(c) && c.cell() != cell);
    let mut out = Vec::new();
    for (target, value) in conclusions {
        let branches: Option<Vec<NetBranch>> = runs
            .iter()
            .zip([a, b])
            .zip(&refuted)
            .map(|((p, m), r)| match r {
                Some(r) => Some(r.clone()),
                None => Some(p.branch(graph, m, &[p.derivation(target, value)?])),
            })
            .collect();
        let Some(branches) = branches else { continue };
        let net = NetPattern {
            mode: ForceMode::Bivalue,
            level: LinkLevel::Links,
            form: NetForm::Chain,
            choice: NetChoice::Cell { cell },
            branches,
            conclusion: NetConclusion::Verity {
                literal: NetLiteral::candidate(target, value),
            },
        };
        out.push(proof_of(net, target, value));
    }
    out
}

/// Gail Nelson's two-way hypothesis over every bivalue cell: the shortest proof of each
/// literal some cell's two branches both derive (on `targets` when given), shortest first.
pub fn bivalue_hypotheses(
    links: &LinkIndex,
    targets: Option<&CandidateSet>,
    meter: &mut Meter,
) -> HypothesisAnswer {
    let graph = graph(links);
    let mut best: BTreeMap<(Candidate, bool), Proof> = BTreeMap::new();
    let mut stopped = None;
    for cell in bivalue_cells(links) {
        if let Some(stop) = meter.check() {
            stopped = Some(stop);
            break;
        }
        for proof in two_way(&graph, links, cell, targets, meter) {
            let key = match (proof.assertions.first(), proof.eliminations.first()) {
                (Some(&c), _) => (c, true),
                (None, Some(&c)) => (c, false),
                (None, None) => continue,
            };
            if best.get(&key).is_none_or(|b| proof.length < b.length) {
                best.insert(key, proof);
            }
        }
    }
    let mut proofs: Vec<Proof> = best.into_values().collect();
    proofs.sort_by_key(|p| p.length);
    HypothesisAnswer { proofs, stopped }
}

/// The net graph of +depth and ++depth: plain links in the net form (a cell's or a house
/// digit's last candidate after several falses is true: the singles), emptied cells and
/// houses reported.
pub fn depth_graph(links: &LinkIndex) -> NetGraph<'_> {
    NetGraph::new(links, LinkLevel::Links, NetForm::Net)
}

/// Hanson's +depth ([`ForceMode::Depth`]) or ++depth ([`ForceMode::Depth2`]): every
/// assumable candidate (on `targets` when given) whose hypothesis, propagated through
/// links and singles and restarted at each dead end with the mode's locked sets
/// ([`Propagation::run_deep`]), meets a contradiction, with its proof, shortest first.
///
/// **Complexity**: one deep propagation per open candidate of an unsolved cell; each
/// derives every literal at most once, and each dead end tries the locked sets (locked
/// candidates; ++depth also subsets and fish up to size 4, a few thousand mask tests).
/// The meter is charged the literals derived and 100 per restart, and checked between
/// propagations.
pub fn depth_disproofs(
    mode: ForceMode,
    links: &LinkIndex,
    targets: Option<&CandidateSet>,
    meter: &mut Meter,
) -> HypothesisAnswer {
    let graph = depth_graph(links);
    disproofs(mode, &graph, links, targets, meter, |p, c| {
        p.run_deep(&graph, c, mode.max_locked());
        p.derived + 100 * p.rounds
    })
}

/// The proofs of a hypothesis technique (`mode` is [`ForceMode::Hypothesis`],
/// [`ForceMode::Bivalue`], [`ForceMode::Depth`] or [`ForceMode::Depth2`]) in the state,
/// shortest first.
pub fn find(
    mode: ForceMode,
    links: &LinkIndex,
    targets: Option<&CandidateSet>,
    meter: &mut Meter,
) -> HypothesisAnswer {
    match mode {
        ForceMode::Bivalue => bivalue_hypotheses(links, targets, meter),
        ForceMode::Depth | ForceMode::Depth2 => depth_disproofs(mode, links, targets, meter),
        _ => hypotheses(links, targets, meter),
    }
}
