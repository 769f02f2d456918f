//! HoDoKu's kraken fish, types 1 and 2, on the net engine (ALS level, chain form).
//!
//! A finned fish says: either a fin is true, or the fish holds without its fins — then each
//! cover takes the digit in exactly one of its base places that is no cannibal (n true
//! places in n covers, none in two).
//! - **Type 1**: a place the fish would eliminate without its fins (a cover place outside
//!   the base, or a cannibal) that does not see every fin goes when every fin, assumed
//!   true, forces it false through a chain.
//! - **Type 2** (as HoDoKu: on a fish that eliminates nothing itself): for one cover
//!   holding a candidate of the digit outside the base (else the choice is a house's, a
//!   forcing chain), its non-cannibal base places and the fins are a choice: a candidate of
//!   any digit, in none of their cells, that each of them forces false goes.
//!
//! ```text
//! kraken-fish-type-2: sashimi-x-wing: n4 base c7 c9, cover r2 r6, fins r3c7; cover r2;
//!   target n1r2c6; base n4r2c9: ✿[W r2c9/+4 -> r3c7/-4] => [W (ALS:r13489c7) r3c7/-4 ->
//!   r2c8/-5] => [W (ALS:r2c1358) r2c8/-5 -> r2c6/-1]; fin n4r3c7: ✿[W r3c7/+4 -> r2c9/-4]
//!   => [S r2c9/-4 -> r2c6/+4] => [W r2c6/+4 -> r2c6/-1] ==> r2c6 <> 1
//! Kraken Fish Type 2: Sashimi X-Wing: 4 c79 r26 fr3c7 => r2c6<>1
//! ```
//!
//! **Search**: every open candidate is assumed true and propagated once, [`SWEEP_WIDTH`]
//! at a time in a [`ChainSweep`] (a branch that meets a contradiction is propagated again
//! whole, as the proofs' chains are). The fish are the basic finned fish of size 2 to 4
//! (rows against columns, at most [`MAX_FINS`](super::MAX_FINS) fins for type 1, HoDoKu's
//! [`MAX_KRAKEN_FINS`](super::MAX_KRAKEN_FINS) for type 2) of the fish search,
//! which prunes, as it makes fins, what the fins cannot all force false (type 1: a place
//! the fish would eliminate without its fins; type 2: any candidate). A proof's chains are
//! traced from one [`Propagation`] per assumption it uses. Type 1 keeps the first fish
//! found for each target, type 2 the shortest proof (fish size plus its chains'
//! inferences).
//!
//! **Complexity**: one propagation per open candidate (at most 729), each linear in the
//! graph's links; the fish search's (far below its bound at size 4); per fish and cover one
//! intersection of 729-bit sets per member of the choice.
//!
//! Measured on the 1,142 basic-stuck states of top1465: medians 1.89 ms (type 1) and 1.59 ms
//! (type 2), where type 1 took 10.6 ms (first 200 states) before the fish search pruned, as
//! it makes fins, what the fins cannot all force false.

use super::{candidates, fishes, Kraken};
use crate::limits::Meter;
use crate::net::{ChainSweep, NetGraph, Propagation, SWEEP_WIDTH};
use std::collections::{HashMap, HashSet};
use sudolink_engine::graph::als::mask_cells;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, House};
use sudolink_engine::proof::fish::{FishPattern, FishShape};
use sudolink_engine::proof::kraken::KrakenPattern;
use sudolink_engine::proof::net::{LinkLevel, NetForm};
use sudolink_engine::proof::{Pattern, Proof};

const LEVEL: LinkLevel = LinkLevel::Als;
const FORM: NetForm = NetForm::Chain;

/// What each open candidate, assumed true, forces false.
struct Forced<'g, 'l> {
    graph: &'g NetGraph<'l>,
    /// Per candidate (by index): the candidates its assumption derives false (the whole
    /// propagation, past any contradiction, as [`Propagation::run`] without stopping
    /// derives them); empty for a candidate not open.
    falses: Vec<CandidateSet>,
    /// With depths: per open candidate (`slot`) and candidate, the inferences deriving it.
    slot: Vec<u32>,
    depth: Vec<u16>,
    /// Per assumed candidate whose chains a proof needs: its propagation.
    runs: HashMap<Candidate, Propagation>,
}

impl<'g, 'l> Forced<'g, 'l> {
    /// Propagate every open candidate, [`SWEEP_WIDTH`] at a time (and keep how many
    /// inferences each false needs, `with_depths`).
    fn all(graph: &'g NetGraph<'l>, links: &LinkIndex, with_depths: bool) -> Self {
        let open: Vec<Candidate> = links.open().iter().collect();
        let mut forced = Forced {
            graph,
            falses: vec![CandidateSet::EMPTY; 729],
            slot: vec![u32::MAX; 729],
            depth: if with_depths {
                vec![0; open.len() * 729]
            } else {
                Vec::new()
            },
            runs: HashMap::new(),
        };
        let mut sweep: Option<ChainSweep> = None;
        for (n, chunk) in open.chunks(SWEEP_WIDTH).enumerate() {
            let s = match sweep.as_mut() {
                Some(s) => {
                    s.start(graph, chunk);
                    s
                }
                None => sweep.insert(ChainSweep::new(graph, chunk)),
            };
            s.advance(graph, None, usize::MAX, &mut Meter::unlimited())
                .expect("an unlimited meter never stops");
            for (i, &c) in chunk.iter().enumerate() {
                let slot = n * SWEEP_WIDTH + i;
                forced.slot[c.index()] = slot as u32;
                if s.refuted_len(i).is_some() {
                    // a contradiction stops the sweep's branch: derive the rest whole
                    let run = forced.run(c);
                    let falses = *run.candidate_sets().1;
                    let depths: Vec<(usize, u16)> = falses
                        .iter()
                        .map(|x| (x.index(), run.candidate_depth(x) as u16))
                        .collect();
                    forced.falses[c.index()] = falses;
                    if with_depths {
                        for (x, d) in depths {
                            forced.depth[slot * 729 + x] = d;
                        }
                    }
                } else {
                    let falses = *s.candidate_sets(i).1;
                    if with_depths {
                        for x in falses.iter() {
                            forced.depth[slot * 729 + x.index()] = s.candidate_depth(i, x) as u16;
                        }
                    }
                    forced.falses[c.index()] = falses;
                }
            }
        }
        forced
    }

    fn forces_false(&self, assumed: Candidate, target: Candidate) -> bool {
        self.falses[assumed.index()].contains(target)
    }

    /// The inferences from `assumed` to `target` false (which it forces; with depths).
    fn chain_length(&self, assumed: Candidate, target: Candidate) -> usize {
        self.depth[self.slot[assumed.index()] as usize * 729 + target.index()] as usize
    }

    /// The propagation of `assumed` (kept for its chains).
    fn run(&mut self, assumed: Candidate) -> &Propagation {
        let graph = self.graph;
        self.runs.entry(assumed).or_insert_with(|| {
            let mut p = Propagation::new(graph);
            p.run(graph, assumed, false);
            p
        })
    }

    /// The chains from each of `assumed` to `target` false.
    fn branches(
        &mut self,
        assumed: &[Candidate],
        target: Candidate,
    ) -> Vec<sudolink_engine::proof::net::NetBranch> {
        let graph = self.graph;
        assumed
            .iter()
            .map(|&a| {
                let p = self.run(a);
                let end = p.derivation(target, false).expect("derived false");
                p.branch(graph, a, &[end])
            })
            .collect()
    }
}

/// A fish's fins (exo, then endo) as candidates.
fn fins_of(fish: &FishPattern) -> Vec<Candidate> {
    let body = &fish.bodies[0];
    body.fins
        .iter()
        .chain(&body.endo_fins)
        .map(|&c| Candidate::new(c, fish.digit))
        .collect()
}

/// The finned basic fish of size 2 to 4 of kraken type 1 (with the places each would
/// eliminate without fins, that its fins do not all see and each forces false) or of type 2
/// (whose fins all force some candidate false, with what they would eliminate without
/// fins).
fn kraken_fish(links: &LinkIndex, forced: &Forced, type_2: bool) -> super::Found {
    let mut places = vec![[0u128; 81]; 9];
    let mut any = vec![[CandidateSet::EMPTY; 81]; 9];
    for c in links.open().iter() {
        let falses = &forced.falses[c.index()];
        let (d, i) = (c.digit().index(), c.cell().index());
        if type_2 {
            any[d][i] = *falses;
        } else {
            places[d][i] = falses
                .iter()
                .filter(|x| x.digit() == c.digit())
                .fold(0u128, |m, x| m | 1 << x.cell().index());
        }
    }
    let aim = if type_2 {
        Kraken::Type2(&any)
    } else {
        Kraken::Type1(&places)
    };
    let (per_digit, ..) = fishes(links, FishShape::Basic, 2..=4, Some(aim));
    per_digit.into_iter().flatten().collect()
}

fn proof(
    fish: &FishPattern,
    cover: Option<House>,
    target: Candidate,
    branches: Vec<sudolink_engine::proof::net::NetBranch>,
) -> Proof {
    let pattern = KrakenPattern {
        fish: fish.clone(),
        cover,
        target,
        level: LEVEL,
        form: FORM,
        branches,
    };
    Proof::new(Pattern::KrakenFish(Box::new(pattern)), vec![target], vec![])
}

/// Type 1: one proof per target, from the first (smallest) fish found for it.
pub fn type_1(links: &LinkIndex) -> Vec<Proof> {
    let graph = NetGraph::new(links, LEVEL, FORM);
    let mut forced = Forced::all(&graph, links, false);
    let found = kraken_fish(links, &forced, false);
    let mut done: HashSet<Candidate> = HashSet::new();
    let mut proofs = Vec::new();
    for (fish, targets) in &found {
        let fins = fins_of(fish);
        for target in candidates(fish.digit, *targets) {
            if done.contains(&target) || !fins.iter().all(|&f| forced.forces_false(f, target)) {
                continue;
            }
            done.insert(target);
            let branches = forced.branches(&fins, target);
            proofs.push(proof(fish, None, target, branches));
        }
    }
    proofs.sort_by_key(|p| p.length);
    proofs
}

/// Type 2: per cover of each fish, the candidates every member of the cover's choice
/// forces false; one proof per target, the shortest.
pub fn type_2(links: &LinkIndex) -> Vec<Proof> {
    let graph = NetGraph::new(links, LEVEL, FORM);
    let mut forced = Forced::all(&graph, links, true);
    let found = kraken_fish(links, &forced, true);
    // per fish and cover: the choice (non-cannibal base places in the cover, and the fins)
    let mut choices: Vec<(usize, House, Vec<Candidate>)> = Vec::new();
    for (k, (fish, _)) in found.iter().enumerate() {
        let open = open_places(links, fish);
        let base = fish.base.iter().fold(0u128, |m, &h| {
            m | sudolink_engine::grid::tables::house_mask(h) & open
        });
        let body = &fish.bodies[0];
        let mut covered = 0u128;
        let mut cannibals = 0u128;
        for &h in &body.cover {
            let m = sudolink_engine::grid::tables::house_mask(h) & open;
            cannibals |= covered & m & base;
            covered |= m;
        }
        let fins = fins_of(fish);
        for &h in &body.cover {
            let here = sudolink_engine::grid::tables::house_mask(h) & open;
            let members = here & base & !cannibals;
            if members == here {
                continue; // the cover's own places: a house's forcing chain
            }
            let mut choice: Vec<Candidate> = mask_cells(members & !fins_mask(&fins))
                .map(|c| Candidate::new(c, fish.digit))
                .collect();
            choice.extend(&fins);
            choices.push((k, h, choice));
        }
    }
    // per target (by index): (length, fish, cover, choice)
    let mut best: Vec<Option<(usize, usize, House, usize)>> = vec![None; 729];
    let mut order: Vec<Candidate> = Vec::new();
    for (j, (k, h, choice)) in choices.iter().enumerate() {
        let mut common = forced.falses[choice[0].index()];
        for c in &choice[1..] {
            common = common.intersection(&forced.falses[c.index()]);
        }
        let cells = choice.iter().fold(0u128, |m, c| m | 1 << c.cell().index());
        for target in common.iter() {
            if cells >> target.cell().index() & 1 == 1 {
                continue;
            }
            let length = found[*k].0.base.len()
                + choice
                    .iter()
                    .map(|&c| forced.chain_length(c, target))
                    .sum::<usize>();
            let entry = &mut best[target.index()];
            match entry {
                Some((l, ..)) if *l <= length => {}
                Some(_) => *entry = Some((length, *k, *h, j)),
                None => {
                    *entry = Some((length, *k, *h, j));
                    order.push(target);
                }
            }
        }
    }
    let mut proofs = Vec::new();
    for target in order {
        let (_, k, h, j) = best[target.index()].expect("recorded");
        let branches = forced.branches(&choices[j].2, target);
        proofs.push(proof(&found[k].0, Some(h), target, branches));
    }
    proofs.sort_by_key(|p| p.length);
    proofs
}

fn open_places(links: &LinkIndex, fish: &FishPattern) -> u128 {
    links
        .open()
        .iter()
        .filter(|c| c.digit() == fish.digit)
        .fold(0u128, |m, c| m | 1 << c.cell().index())
}

fn fins_mask(fins: &[Candidate]) -> u128 {
    fins.iter().fold(0u128, |m, c| m | 1 << c.cell().index())
}
