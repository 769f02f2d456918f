//! SE's chaining hints as our nets of inferences (`proof::net`), which `proof::check`
//! replays inference by inference:
//! - an *on* turning a potential off is a weak link; an *off* turning one on is a strong
//!   link over the cell or the region of SE's cause, its premises the parent and the
//!   candidates the chain removed before (SE's hidden parents);
//! - a forcing chain from a start on to the start off, and a contradiction, are one
//!   assumption refuted; a placement from the start off is the start's cell, each other
//!   candidate turning the start off;
//! - a cycle's elimination x: x true turns off an *on* potential of the cycle; walking the
//!   cycle backwards each *off* potential becomes true, up to one that x sees: x false.

use super::potential::{Cause, Pot};
use super::propagate::Chain;
use crate::ser::grid::Region;
use sudolink_engine::grid::{Candidate, Cell};
use sudolink_engine::proof::net::{
    ForceMode, LinkLevel, NetBranch, NetChoice, NetConclusion, NetForm, NetLink, NetLiteral,
    NetNode, NetPattern, NetStep,
};
use sudolink_engine::proof::{Pattern, Proof};

pub fn literal(p: Pot) -> NetLiteral {
    NetLiteral::candidate(p.candidate(), p.on())
}

/// The inference deriving `conclusion` from `premises` by SE's rule `cause` (a weak link to
/// an *off*, a strong link to an *on*).
pub fn inference(premises: &[Pot], conclusion: Pot, cause: Cause) -> NetStep {
    let link = if !conclusion.on() {
        NetLink::Weak
    } else {
        match cause {
            Cause::Region(kind) => NetLink::Strong {
                house: Some(Region::of(kind, conclusion.cell()).house()),
            },
            _ => NetLink::Strong { house: None },
        }
    };
    NetStep {
        premises: premises.iter().map(|&p| literal(p)).collect(),
        conclusion: literal(conclusion),
        link,
    }
}

/// The inferences of a path (start first), each from the one before.
fn path_steps(path: &[(Pot, Cause)]) -> Vec<NetStep> {
    path.windows(2)
        .map(|w| inference(&[w[0].0], w[1].0, w[1].1))
        .collect()
}

/// Chain form when every inference has one premise and is a plain link, else net form.
pub fn form_of(branches: &[NetBranch]) -> NetForm {
    let plain = branches
        .iter()
        .flat_map(|b| &b.steps)
        .all(|s| s.premises.len() == 1 && matches!(s.link, NetLink::Weak | NetLink::Strong { .. }));
    if plain {
        NetForm::Chain
    } else {
        NetForm::Net
    }
}

/// The link level: SE's rules inside the chain need [`LinkLevel::Rules`].
pub fn level_of(branches: &[NetBranch]) -> LinkLevel {
    let rules = branches
        .iter()
        .flat_map(|b| &b.steps)
        .any(|s| matches!(s.link, NetLink::Locked { .. } | NetLink::Nested { .. }));
    if rules {
        LinkLevel::Rules
    } else {
        LinkLevel::Links
    }
}

/// One assumption whose branch derives `node` both true and false: the assumption is
/// false.
pub fn contradiction(assumption: Pot, steps: Vec<NetStep>, node: Candidate) -> Proof {
    let branches = vec![NetBranch {
        assumption: literal(assumption),
        steps,
        refuted: None,
    }];
    let net = NetPattern {
        mode: ForceMode::Contradiction,
        level: level_of(&branches),
        form: form_of(&branches),
        choice: NetChoice::Assumption,
        branches,
        conclusion: NetConclusion::Both {
            node: NetNode::Candidate(node),
        },
    };
    Proof::new(Pattern::Net(net), vec![assumption.candidate()], vec![])
}

/// Every branch of a choice (a cell's candidates, a house's places) derives `target` (or
/// is refuted): the target holds.
pub fn verity(choice: NetChoice, branches: Vec<NetBranch>, target: Pot) -> Proof {
    let mode = match choice {
        NetChoice::House { .. } => ForceMode::House,
        _ => ForceMode::Cell,
    };
    let net = NetPattern {
        mode,
        level: level_of(&branches),
        form: form_of(&branches),
        choice,
        branches,
        conclusion: NetConclusion::Verity {
            literal: literal(target),
        },
    };
    let c = target.candidate();
    let (eliminations, assertions) = if target.on() {
        (vec![], vec![c])
    } else {
        (vec![c], vec![])
    };
    Proof::new(Pattern::Net(net), eliminations, assertions)
}

/// The branches of `cell` when its candidate `start` is assumed off: `start`'s own branch
/// derives what `on_steps` derive, every other candidate turns `start` off (a weak link)
/// and derives what `off_steps` derive, refuted by `refuted` if given.
pub fn cell_branches(
    grid: &[u16; 81],
    start: Pot,
    on_steps: Vec<NetStep>,
    off_steps: &[NetStep],
    refuted: Option<NetConclusion>,
) -> Vec<NetBranch> {
    let cell = start.cell();
    (1..=9u8)
        .filter(|&v| grid[cell] & (1 << v) != 0)
        .map(|v| {
            let here = Pot::new(cell, v, true);
            if v == start.value() {
                NetBranch {
                    assumption: literal(here),
                    steps: on_steps.clone(),
                    refuted: None,
                }
            } else {
                let mut steps = vec![inference(
                    &[here],
                    Pot::new(cell, start.value(), false),
                    Cause::Cell,
                )];
                steps.extend(off_steps.iter().cloned());
                NetBranch {
                    assumption: literal(here),
                    steps,
                    refuted: refuted.clone(),
                }
            }
        })
        .collect()
}

/// A forcing chain from its start on to the start off: the start is false.
pub fn contradiction_by_path(path: &[(Pot, Cause)]) -> Proof {
    let start = path[0].0;
    contradiction(start, path_steps(path), start.candidate())
}

/// A forcing chain from its start off to the start on: every candidate of the start's cell
/// gives the start (the others through the start off).
pub fn placement_by_path(grid: &[u16; 81], path: &[(Pot, Cause)]) -> Proof {
    let start = path[0].0;
    let on = start.negated();
    let branches = cell_branches(grid, on, vec![], &path_steps(path), None);
    verity(
        NetChoice::Cell {
            cell: Cell::new(on.cell()),
        },
        branches,
        on,
    )
}

/// The elimination of `x` by a cycle `path` (start first, the start again last).
pub fn cycle_elimination(path: &[(Pot, Cause)], x: Candidate) -> Proof {
    // the cycle's positions 0..n: node i is path[i]; the link into node i is path[i]'s
    // cause, and into node 0 the closing link (path[n]'s cause)
    let n = path.len() - 1;
    let node = |i: usize| path[i % n].0;
    let cause_into = |i: usize| {
        if i.is_multiple_of(n) {
            path[n].1
        } else {
            path[i % n].1
        }
    };
    let sees =
        |p: Pot| p.value() == x.digit().get() && crate::ser::grid::sees(p.cell(), x.cell().index());
    let a = (0..n)
        .find(|&i| node(i).on() && sees(node(i)))
        .expect("an on potential of the cycle sees the elimination");
    let x_on = Pot::new(x.cell().index(), x.digit().get(), true);
    let mut steps = vec![inference(&[x_on], node(a).negated(), Cause::Cell)];
    // walk backwards: an on node false makes its predecessor true (the strong link into
    // it); an off node true makes its predecessor false (the weak link into it)
    let mut j = a;
    loop {
        let here = node(j);
        let prev_index = (j + n - 1) % n;
        // `here` holds the other polarity than in the cycle; so does its predecessor
        let cause = if here.on() {
            cause_into(j)
        } else {
            Cause::Cell
        };
        steps.push(inference(
            &[here.negated()],
            node(prev_index).negated(),
            cause,
        ));
        j = prev_index;
        if !node(j).on() && sees(node(j)) {
            break;
        }
    }
    steps.push(inference(&[node(j).negated()], x_on.negated(), Cause::Cell));
    contradiction(x_on, steps, x)
}

/// The inferences deriving `ends` in `chain` (propagated on `source`): every potential
/// they rest on, in derivation order (the assumption itself excluded). A rule's potential
/// rests on SE's rule parents; a nested hint's on every candidate the chain had removed
/// when it was found (the nested proof is checked on exactly that grid).
pub fn chain_steps(chain: &Chain, ends: &[u32], source: &[u16; 81]) -> Vec<NetStep> {
    let premises = |n: u32| -> Vec<u32> {
        match chain.nodes[n as usize].cause {
            Cause::Advanced(i) => {
                super::advanced::proof_premises(chain, &chain.advanced[i as usize], n, source)
            }
            _ => chain.parents(n).to_vec(),
        }
    };
    // the closure over the proof's premises, in derivation order
    let mut seen = vec![false; chain.nodes.len()];
    let mut stack: Vec<u32> = ends.to_vec();
    let mut order = Vec::new();
    while let Some(n) = stack.pop() {
        if std::mem::replace(&mut seen[n as usize], true) {
            continue;
        }
        order.push(n);
        stack.extend(premises(n));
    }
    order.sort_unstable();
    order
        .into_iter()
        .filter_map(|n| {
            let node = &chain.nodes[n as usize];
            let parents: Vec<Pot> = premises(n)
                .iter()
                .map(|&p| chain.nodes[p as usize].pot)
                .collect();
            match node.cause {
                Cause::Start => None,
                Cause::Advanced(i) => Some(super::advanced::proof_step(
                    &chain.advanced[i as usize],
                    &parents,
                    node.pot,
                )),
                cause => Some(inference(&parents, node.pot, cause)),
            }
        })
        .collect()
}
