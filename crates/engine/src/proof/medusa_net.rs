//! 3D Medusa conclusions as nets of inferences (ARCHITECTURE.md, `search`'s `net`): each
//! candidate a [`MedusaPattern`] eliminates, assumed true, is refuted by a hypothesis net —
//! plain links in the chain form, the form of Hanson's hypothesis and disproof — that uses
//! the pattern's own links only:
//!
//! - a true node makes false every chain node it is strongly linked to (a strong link is
//!   also an nrc-link) and every node a declared weak link joins it to; a true target makes
//!   false every chain node it sees;
//! - a false node makes its strong-link partners true (the other candidate of the bivalue
//!   cell, the other place of the bilocal digit);
//!
//! and ends in the pattern's contradiction: the second of two linked nodes forced true
//! derived false, a node of a chain forced both ways, or every open candidate of the emptied
//! cell or house-digit derived false (those outside the chains by a weak link from a true
//! node). Only the inferences the contradiction needs are kept.
//!
//! The Medusa checker replays every such net with [`super::net::check`], so Medusa shares
//! the net engine's checker, and the text export prints them in GNPX's notation.

use super::facts::CheckError;
use super::medusa::{MedusaContradiction, MedusaPattern};
use super::net::{
    ForceMode, LinkLevel, NetBranch, NetChoice, NetConclusion, NetForm, NetLink, NetLiteral,
    NetPattern, NetStep,
};
use super::{Pattern, Proof};
use crate::grid::{Candidate, CspVariable, House, State};
use std::collections::{HashMap, VecDeque};

/// Check a 3D Medusa proof on `state`: the colouring and its replay, then each
/// elimination's refutation as a net of inferences through the net checker.
pub fn check(state: &State, proof: &Proof, p: &MedusaPattern) -> Result<(), CheckError> {
    super::medusa::check_colouring(state, proof, p)?;
    for &t in &proof.eliminations {
        let refutation =
            refutation_net(state, p, t).map_err(|why| super::facts::conclusion(t, &why))?;
        if let super::Pattern::Net(net) = &refutation.pattern {
            super::net::check(state, &refutation, net)?;
        }
    }
    Ok(())
}

/// A literal of the search: a candidate and its value.
type Lit = (Candidate, bool);

/// The literals derived from one assumption, each with the step that first derived it.
struct Derivation {
    steps: Vec<NetStep>,
    /// Literal → index of its step (`None`: the assumption).
    by: HashMap<Lit, Option<usize>>,
    queue: VecDeque<Lit>,
}

fn literal((c, v): Lit) -> NetLiteral {
    NetLiteral::candidate(c, v)
}

impl Derivation {
    fn from(assumption: Candidate) -> Derivation {
        Derivation {
            steps: Vec::new(),
            by: HashMap::from([((assumption, true), None)]),
            queue: VecDeque::from([(assumption, true)]),
        }
    }

    fn knows(&self, l: Lit) -> bool {
        self.by.contains_key(&l)
    }

    /// Derive `to` from `from` by `link`, unless it is known.
    fn derive(&mut self, from: Lit, to: Lit, link: NetLink) {
        if self.knows(to) {
            return;
        }
        self.by.insert(to, Some(self.steps.len()));
        self.steps.push(NetStep {
            premises: vec![literal(from)],
            conclusion: literal(to),
            link,
        });
        self.queue.push_back(to);
    }

    /// The steps `ends` rest on, in derivation order.
    fn traced(&self, ends: &[Lit]) -> Vec<NetStep> {
        let mut keep = vec![false; self.steps.len()];
        let mut todo: Vec<Lit> = ends.to_vec();
        while let Some(l) = todo.pop() {
            if let Some(Some(i)) = self.by.get(&l) {
                if !keep[*i] {
                    keep[*i] = true;
                    let p = &self.steps[*i].premises[0];
                    let c = p.node.candidates()[0];
                    todo.push((c, p.value));
                }
            }
        }
        self.steps
            .iter()
            .zip(keep)
            .filter(|(_, k)| *k)
            .map(|(s, _)| s.clone())
            .collect()
    }
}

/// The strong link between two nodes of a chain, as the net writes it: within a cell, or
/// in a house where they are the digit's only two places.
fn strong_link(state: &State, a: Candidate, b: Candidate) -> Option<NetLink> {
    if a.cell() == b.cell() {
        return Some(NetLink::Strong { house: None });
    }
    House::all()
        .find(|h| {
            h.contains(a.cell())
                && h.contains(b.cell())
                && h.cells()
                    .into_iter()
                    .filter(|&c| state.has(Candidate::new(c, a.digit())))
                    .count()
                    == 2
        })
        .map(|h| NetLink::Strong { house: Some(h) })
}

/// The hypothesis net refuting `target` (an eliminated candidate of the pattern), or why the
/// pattern's links do not reach its contradiction from it.
pub fn refutation_net(
    state: &State,
    p: &MedusaPattern,
    target: Candidate,
) -> Result<Proof, String> {
    let chain_links: Vec<[Candidate; 2]> = p.chains.iter().flat_map(|c| c.links.clone()).collect();
    let is_node = |c: Candidate| p.colour_of(c).is_some();
    let mut d = Derivation::from(target);
    if !is_node(target) {
        // a target sees chain nodes: each is false
        for n in p.chains.iter().flat_map(|c| c.nodes()) {
            if n != target && n.is_linked(target) {
                d.derive((target, true), (n, false), NetLink::Weak);
            }
        }
    }
    while let Some((x, value)) = d.queue.pop_front() {
        if !is_node(x) {
            continue;
        }
        for &[a, b] in &chain_links {
            let other = match x {
                _ if x == a => b,
                _ if x == b => a,
                _ => continue,
            };
            if value {
                d.derive((x, true), (other, false), NetLink::Weak);
            } else {
                let link = strong_link(state, x, other)
                    .ok_or_else(|| format!("{x} = {other} is not a strong link"))?;
                d.derive((x, false), (other, true), link);
            }
        }
        if value {
            for &[a, b] in &p.weak_links {
                let other = match x {
                    _ if x == a => b,
                    _ if x == b => a,
                    _ => continue,
                };
                d.derive((x, true), (other, false), NetLink::Weak);
            }
        }
    }
    let (conclusion, ends) = contradiction(state, p, &mut d)?;
    let net = NetPattern {
        mode: ForceMode::Hypothesis,
        level: LinkLevel::Links,
        form: NetForm::Chain,
        choice: NetChoice::Assumption,
        branches: vec![NetBranch {
            assumption: NetLiteral::candidate(target, true),
            steps: d.traced(&ends),
            refuted: None,
        }],
        conclusion,
    };
    let (rule, family, length) = net.rule_name();
    Ok(Proof {
        rule,
        family,
        length,
        pattern: Pattern::Net(net),
        eliminations: vec![target],
        assertions: vec![],
        technique: None,
    })
}

/// The pattern's contradiction among the derived literals (adding the weak links it needs
/// last), and the literals it rests on.
fn contradiction(
    state: &State,
    p: &MedusaPattern,
    d: &mut Derivation,
) -> Result<(NetConclusion, Vec<Lit>), String> {
    let both = |n: Candidate| {
        (
            NetConclusion::Both {
                node: crate::proof::net::NetNode::Candidate(n),
            },
            vec![(n, true), (n, false)],
        )
    };
    match p.contradiction {
        MedusaContradiction::Linked([a, b]) => {
            if !d.knows((a, true)) || !d.knows((b, true)) {
                return Err(format!("{a} and {b} are not both forced true"));
            }
            if !a.is_linked(b) {
                return Err(format!("{a} and {b} do not see each other"));
            }
            d.derive((a, true), (b, false), NetLink::Weak);
            Ok(both(b))
        }
        MedusaContradiction::BothColours(k) => {
            let chain = p.chains.get(k).ok_or("no such chain")?;
            chain
                .nodes()
                .find(|&n| d.knows((n, true)) && d.knows((n, false)))
                .map(both)
                .ok_or_else(|| format!("chain {} is not forced both ways", k + 1))
        }
        MedusaContradiction::Emptied(v) => {
            let open: Vec<Candidate> = v
                .candidates()
                .into_iter()
                .filter(|&c| state.has(c))
                .collect();
            let truths: Vec<Candidate> =
                d.by.keys()
                    .filter(|(_, value)| *value)
                    .map(|(c, _)| *c)
                    .collect();
            for &c in &open {
                if d.knows((c, false)) {
                    continue;
                }
                let mut seers: Vec<Candidate> = truths
                    .iter()
                    .copied()
                    .filter(|&t| t != c && t.is_linked(c))
                    .collect();
                seers.sort();
                let t = seers
                    .first()
                    .ok_or_else(|| format!("{c} of {v} is not forced false"))?;
                d.derive((*t, true), (c, false), NetLink::Weak);
            }
            let (house, cell, digit) = match v {
                CspVariable::Rc(cell) => (None, Some(cell), None),
                CspVariable::Rn(r, n) => (Some(House::Row(r)), None, Some(n)),
                CspVariable::Cn(c, n) => (Some(House::Column(c)), None, Some(n)),
                CspVariable::Bn(b, n) => (Some(House::Block(b)), None, Some(n)),
            };
            let ends = open.iter().map(|&c| (c, false)).collect();
            Ok((NetConclusion::Empty { house, cell, digit }, ends))
        }
    }
}

impl crate::proof::PatternKind for MedusaPattern {
    fn rule_name(&self) -> (String, String, usize) {
        MedusaPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        for chain in &self.chains {
            out.named(chain.nodes());
        }
    }
}
