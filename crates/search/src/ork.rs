//! ORk-whips, ORk-contrad-whips and ORk-forcing-whips, and the g-forms ORk-g-whips,
//! ORk-contrad-g-whips and ORk-forcing-g-whips ([`sudolink_engine::proof::ork`], whose doc states the rules as CSP-Rules 2.1
//! defines them), found on the OR-k relations of the state's tridagons
//! ([`relations_split`]: complete, degenerate-cyclic or reduced, and split, 2 ≤ k ≤
//! [`MAX_K`], or [`MAX_FORCING_K`] for forcing whips: [`largest_k`]).
//!
//! Example (SudoRules' notation; #4986 of mith's T&E(3) list, Berthier's
//! CSP-Rules-Examples):
//!
//! ```text
//! Trid-OR3-whip[2]: OR3{{n6r5c3 n1r5c3 | n6r4c4}} - b4n6{r4c2 .} ==> r5c3≠8
//! ```
//!
//! # How the search works
//!
//! A breadth-first search over partial chains from one start candidate, level k holding the
//! partial chains of k cells, as [`super::whips`] does for whips (this module keeps its own
//! simpler arena: an OR-k chain needs a relation to exist at all, which few states have):
//! - **ORk-whips** on a target Z: a partial chain is extended by a CSP variable (its L
//!   linked to the last R, or to Z first; one candidate left outside the candidates linked
//!   to Z or to an R: the new R; none: the whip ends, if the relation is in it) or, once,
//!   by the relation (every guardian but one, R_or, linked to Z or to an R, one of them to
//!   the last R).
//! - **ORk-contrad-whips** on Z: plain partial whips on Z; one whose R's see every guardian
//!   of a relation ends a contrad-whip one cell longer.
//! - **ORk-forcing-whips**: plain partial whips from each guardian (as a target); each
//!   candidate gets, per guardian, the shortest branch ending on an R linked to it (or 0
//!   when it is linked to the guardian); the sum plus one is its length. Each candidate
//!   also gets, per guardian, the shortest branch whose last R it is: with one from every
//!   guardian it is asserted (`-assert`). Both come out by length, each length's
//!   assertions first, as SudoRules' saliences order its `-value` and `-candidate` rules.
//!
//! - **g-forms** (ORk-g-whips, ORk-contrad-g-whips, ORk-forcing-g-whips): the same searches where a variable with two or three candidates left,
//!   all in one block-line segment whose group ([`GroupIndex`]) holds neither the start nor
//!   the L nor an earlier L or R, takes that group as its R; a candidate then hangs on (or
//!   is covered by) the group when it is linked to every member of it (its g-links).
//!
//! - **forcing whips on CSP variables** ([`Sources::Variables`], [`variable_relations`]):
//!   SudoRules' `forcing-whip[n]`, Forcing3-whips and `forcing-g-whip[n]` are the same forcing
//!   search on the relation of each variable with two (three) candidates left, from length
//!   [`VARIABLE_MIN_LENGTH`]; a guardian's partial whips serve every relation it is in, and
//!   its merged partial whips keep the last one found, as [`keep_merged`] does (the
//!   tridagons' forcing whips keep the first); a forcing g-whip's branches have a cell or
//!   more each (a forcing whip's may be its guardian alone).
//!
//! - **split relations** ([`relations_split`]): SudoRules' ORk-splitting, on by default, drops
//!   one of two guardians of the same valence (an even chain of bivalue links between them);
//!   a search for chains of length n also starts from the relations so split by chains of at
//!   most n links (SudoRules loads `split-ORk-ch[i]` at level i).
//!
//! As SudoRules does, each level keeps one partial chain per sequence of R's while no
//! relation or group is in it, else per set of R's and last R (with the relation's R, for
//! ORk-whips): the last one found for the plain kinds, the first for the g-kinds
//! ([`keep_merged`]).
//!
//! # Complexity
//!
//! The relations cost one tridagon enumeration (about a millisecond). Per start candidate,
//! level k holds at most one partial chain per R set, bounded by b^k for a branching factor
//! b (a few); extending one visits ≤ 28 L's × 4 variables, each a 729-bit difference. The
//! length bounds the depth; [`DEFAULT_NODES`] partial chains per search (or the meter's
//! share) bound the work: past it the search stops and says so ([`Stop`]). Every search
//! returns each target's shortest chain within the length asked for.
//!
//! A targeted forcing search deepens level by level (`forcing_target`): building every
//! guardian's partial whips up to the length asked before looking at the target was cut by the
//! 280 MB memory ceiling with nothing found (`explain --target r1c3<>2 --rules
//! ork-forcing-whip` on `tests/fixtures/ork/assert_state.txt`, now 0.65 s). The ORk-splitting
//! gives shorter chains, so fewer long searches: Trid-OR5W of mith's Sample1000 took 669 s of
//! CPU before it, 76 + 91 s for two halves after (0.25×).

use super::limits::{Meter, Stop};
use super::tridagon::relations_reduced;
use crate::isa::on_avx2;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::hash_map::Entry;
use sudolink_engine::graph::groups::{GroupEntry, GroupIndex};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable};
use sudolink_engine::proof::imp630::Imp630Pattern;
use sudolink_engine::proof::ork::{OrkCell, OrkChain, OrkKind, Relation, VariableRelation};
use sudolink_engine::proof::tridagon::Split;
use sudolink_engine::proof::whip::WhipCell;
use sudolink_engine::proof::{Pattern, Proof};

/// The largest relation an ORk-whip or contrad-whip starts from (SudoRules' OR6).
pub const MAX_K: usize = 6;
/// The largest relation an ORk-forcing-whip starts from (SudoRules' OR8).
pub const MAX_FORCING_K: usize = 8;
/// The longest chain searched unless asked for more.
pub const MAX_LENGTH: usize = 12;
/// Partial chains one search may create unless the meter allows fewer.
pub const DEFAULT_NODES: usize = 2_000_000;

/// The largest relation `kind` starts from unless asked for fewer: [`MAX_FORCING_K`] for
/// forcing whips, [`MAX_K`] for the others.
pub const fn largest_k(kind: OrkKind) -> usize {
    match kind {
        OrkKind::ForcingWhip | OrkKind::ForcingGWhip => MAX_FORCING_K,
        _ => MAX_K,
    }
}

/// Which impossible patterns the OR-k relations come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sources {
    /// The tridagons (the Trid-OR5W level).
    Tridagons,
    /// The tridagons, then eleven's patterns of Berthier's list Select`j`
    /// ([`super::imp630`]; the Select1-OR5W and Select2-OR5W levels).
    WithImp630(u8),
    /// The CSP variables with 2 ≤ k candidates left ([`variable_relations`]): SudoRules'
    /// forcing whips (k = 2) and Forcing3-whips (k ≤ 3), from length 3.
    Variables,
}

/// The shortest forcing whip SudoRules has on a CSP variable's relation: its
/// `Forcing-Whips[n]`, `OR2-` and `OR3-Forcing-Whips[n]` files start at n = 3 (a shorter
/// one is a whip of its length).
pub const VARIABLE_MIN_LENGTH: usize = 3;

/// The relations of the CSP variables with 2 ≤ k ≤ `max` candidates left (SudoRules'
/// `bivalue` facts for k = 2, its `2-value` and `3-value` OR relations), in the order of
/// the variables (rc, rn, cn, bn).
pub fn variable_relations(links: &LinkIndex, max: usize) -> Vec<Relation> {
    CspVariable::all()
        .filter_map(|v| {
            let open = links.variable(v);
            (2..=max)
                .contains(&open.len())
                .then(|| Relation::Variable(VariableRelation::new(v, open.iter().collect())))
        })
        .collect()
}

/// The relations `sources` names with at most `max_k` guardians, split by chains of at most
/// `chain_len` links (a variable's relation is never split).
fn relations_of(
    links: &LinkIndex,
    max_k: usize,
    chain_len: usize,
    sources: Sources,
) -> Vec<Relation> {
    match sources {
        Sources::Variables => variable_relations(links, max_k),
        _ => relations_split(links, max_k, chain_len, sources),
    }
}

/// The OR-k relations with 2 ≤ k ≤ `max` guardians: the guardians of the tridagons,
/// complete, degenerate-cyclic or reduced ([`relations_reduced`]), each guardian set once
/// (the first pattern that gives it). A kind starts from those up to its [`largest_k`];
/// SudoRules' `?*OR5-Whips*` and the Trid-OR5W level from those with k ≤ 5.
pub fn relations_up_to(links: &LinkIndex, max: usize) -> Vec<Relation> {
    relations_split(links, max, 0, Sources::Tridagons)
}

/// The longest bivalue chain of SudoRules' ORk-splitting rules (`split-ORk-ch[10]`).
pub const MAX_SPLIT_CHAIN: usize = 10;
/// How many guardians above `max` a relation may have and still be split down to `max`.
const SPLIT_SLACK: usize = 3;
/// The most relations one state's splitting produces.
const MAX_SPLIT_RELATIONS: usize = 256;

/// [`relations_up_to`], with SudoRules' ORk-splitting (see [`sudolink_engine::proof::tridagon`]'s
/// doc): a relation two of whose guardians have the same valence through a chain of at most
/// `chain_len` bivalue links (even, ≤ [`MAX_SPLIT_CHAIN`]) also gives the two relations
/// without one of them, and so on down; SudoRules loads `split-ORk-ch[i]` at level i, so an
/// OR-k chain of length n uses the splits by chains of at most n links.
///
/// With [`Sources::WithImp630`], the Imp630 relations (SudoRules asserts them with at most
/// [`super::imp630::MAX_GUARDIANS`] guardians) follow the tridagons', each guardian set
/// still once.
pub fn relations_split(
    links: &LinkIndex,
    max: usize,
    chain_len: usize,
    sources: Sources,
) -> Vec<Relation> {
    relations_split_from(links, max, chain_len, sources.into())
}

impl From<Sources> for Imp630From<'_> {
    /// The relations `sources` names, each state's own.
    fn from(sources: Sources) -> Self {
        match sources {
            Sources::Tridagons => Imp630From::None,
            Sources::WithImp630(j) => Imp630From::Matched(j),
            Sources::Variables => Imp630From::None,
        }
    }
}

/// Where the Imp630 relations of a search come from, besides the tridagons'.
#[derive(Clone, Copy, Debug)]
pub enum Imp630From<'a> {
    /// None: the tridagons' relations alone ([`Sources::Tridagons`]).
    None,
    /// Every relation of Berthier's list Select`j` in the state, re-derived from it
    /// ([`super::imp630::relations`]).
    Matched(u8),
    /// The caller's: those a resolution path has asserted and that still hold
    /// ([`super::asserted`]), each with at most [`super::imp630::MAX_GUARDIANS`].
    Given(&'a [Imp630Pattern]),
}

/// [`relations_split`] with the Imp630 relations from `imp630`.
fn relations_split_from(
    links: &LinkIndex,
    max: usize,
    chain_len: usize,
    imp630: Imp630From,
) -> Vec<Relation> {
    let chain_len = chain_len.min(MAX_SPLIT_CHAIN);
    let splitting = chain_len >= 2;
    let bound = if splitting { max + SPLIT_SLACK } else { max };
    let mut base: Vec<Relation> = relations_reduced(links, bound)
        .into_iter()
        .map(Relation::Tridagon)
        .collect();
    let bound = bound.min(super::imp630::MAX_GUARDIANS);
    match imp630 {
        Imp630From::None => {}
        Imp630From::Matched(j) => base.extend(
            super::imp630::relations(links, j, super::imp630::MIN_DIGITS, bound)
                .into_iter()
                .map(Relation::Imp630),
        ),
        Imp630From::Given(given) => base.extend(
            given
                .iter()
                .filter(|p| p.guardians.len() <= bound)
                .cloned()
                .map(Relation::Imp630),
        ),
    }
    let mut seen: FxHashSet<Vec<Candidate>> = FxHashSet::default();
    let mut out: Vec<Relation> = Vec::new();
    let mut queue: Vec<Relation> = Vec::new();
    for p in base {
        if p.guardians().len() >= 2 && seen.insert(p.guardians().to_vec()) {
            queue.push(p);
        }
    }
    let mut i = 0;
    while i < queue.len() {
        let p = queue[i].clone();
        i += 1;
        if splitting && p.guardians().len() >= 3 && queue.len() < MAX_SPLIT_RELATIONS {
            for child in splits_of(links, &p, chain_len) {
                if seen.insert(child.guardians().to_vec()) {
                    queue.push(child);
                }
            }
        }
        if p.guardians().len() <= max {
            out.push(p);
        }
    }
    out
}

/// The relations one split of `p` gives: for each pair of guardians with the same valence
/// through at most `chain_len` bivalue links, `p` without either.
fn splits_of(links: &LinkIndex, p: &Relation, chain_len: usize) -> Vec<Relation> {
    let mut out = Vec::new();
    for (a, &g1) in p.guardians().iter().enumerate() {
        for &g2 in &p.guardians()[a + 1..] {
            let Some(chain) = same_valence(links, g1, g2, chain_len) else {
                continue;
            };
            let mut back = chain.clone();
            back.reverse();
            for (dropped, kept, chain) in [(g1, g2, chain), (g2, g1, back)] {
                let mut child = p.clone();
                child.guardians_mut().retain(|&g| g != dropped);
                child.split_mut().push(Split {
                    dropped,
                    kept,
                    chain,
                });
                out.push(child);
            }
        }
    }
    out
}

/// The bivalue partners of `c`: for each of its CSP variables with two open candidates,
/// the other one.
fn bivalue_partners(links: &LinkIndex, c: Candidate) -> Vec<Candidate> {
    c.variables()
        .into_iter()
        .filter_map(|v| {
            let set = links.variable(v);
            (set.len() == 2 && set.contains(c))
                .then(|| set.iter().find(|&x| x != c))
                .flatten()
        })
        .collect()
}

/// The candidates strictly between `from` and `to` on a shortest chain of an even number
/// (≤ `max_links`) of bivalue links, no candidate twice, if there is one.
fn same_valence(
    links: &LinkIndex,
    from: Candidate,
    to: Candidate,
    max_links: usize,
) -> Option<Vec<Candidate>> {
    // breadth first over (candidate, parity); parents to rebuild the path
    let mut parent: FxHashMap<(Candidate, bool), (Candidate, bool)> = FxHashMap::default();
    let mut level = vec![(from, false)];
    let mut visited: FxHashSet<(Candidate, bool)> = FxHashSet::from_iter([(from, false)]);
    for depth in 1..=max_links {
        let mut next = Vec::new();
        for &(c, odd) in &level {
            for x in bivalue_partners(links, c) {
                let state = (x, !odd);
                if visited.insert(state) {
                    parent.insert(state, (c, odd));
                    next.push(state);
                }
            }
        }
        if depth.is_multiple_of(2) && visited.contains(&(to, false)) {
            let mut path = vec![to];
            let mut at = (to, false);
            while let Some(&prev) = parent.get(&at) {
                path.push(prev.0);
                at = prev;
            }
            path.reverse();
            let mut distinct = path.clone();
            distinct.sort();
            distinct.dedup();
            if distinct.len() != path.len() {
                return None;
            }
            return Some(path[1..path.len() - 1].to_vec());
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    None
}

/// A right-linking item of a partial chain: a candidate, or (g-kinds) a group of the
/// state's [`GroupIndex`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Right {
    Cand(Candidate),
    Group(u16),
}

/// What a search reads: the links, and the groups when its kind allows g-candidates.
struct Ctx<'a> {
    links: &'a LinkIndex,
    groups: Option<GroupIndex>,
}

impl<'a> Ctx<'a> {
    fn new(links: &'a LinkIndex, kind: OrkKind) -> Ctx<'a> {
        Ctx {
            links,
            groups: kind.uses_groups().then(|| GroupIndex::new(links)),
        }
    }

    fn group(&self, g: u16) -> &GroupEntry {
        self.groups
            .as_ref()
            .expect("group R's only with groups")
            .entry(g as usize)
    }

    /// The candidates linked to an R (to every member of a group).
    fn linked(&self, r: Right) -> &CandidateSet {
        match r {
            Right::Cand(c) => self.links.linked(c),
            Right::Group(g) => &self.group(g).glinked,
        }
    }

    /// An R as a candidate list (a group's members).
    fn members(&self, r: Right) -> Vec<Candidate> {
        match r {
            Right::Cand(c) => vec![c],
            Right::Group(g) => self.group(g).members.clone(),
        }
    }

    /// The group that may be the R of variable `v` whose candidates left are `rest` (two or
    /// three, in one block-line segment), for a partial chain from `start` with L `l`: it
    /// holds neither `start`, nor `l`, nor an L or R of `p` (SudoRules' g-whips: no Z, no
    /// earlier R in a group R).
    fn group_right(
        &self,
        v: CspVariable,
        rest: &CandidateSet,
        (start, l): (Candidate, Candidate),
        p: &Partial,
    ) -> Option<u16> {
        let groups = self.groups.as_ref()?;
        if matches!(v, CspVariable::Rc(_)) || !(2..=3).contains(&rest.len()) {
            return None;
        }
        let cands: Vec<Candidate> = rest.iter().collect();
        let g = groups.group_containing(&cands)?;
        let e = groups.entry(g);
        let clear = !e.candidates.contains(start)
            && !e.candidates.contains(l)
            && !e.candidates.intersects(&p.used)
            && !e.candidates.intersects(&p.r_cands);
        clear.then_some(g as u16)
    }
}

/// One cell of a partial chain.
#[derive(Clone, Copy)]
enum Step {
    Var {
        v: CspVariable,
        l: Candidate,
        r: Option<Right>,
    },
    /// The relation (its index), with its R.
    Or { relation: usize, r: Candidate },
}

/// A partial chain from a start candidate.
#[derive(Clone)]
struct Partial {
    steps: Vec<Step>,
    rights: Vec<Right>,
    /// The L's and candidate R's.
    used: CandidateSet,
    /// The candidate R's and the members of group R's.
    r_cands: CandidateSet,
    /// Linked to the start or to an R.
    covered: CandidateSet,
    /// Linked to an R.
    r_linked: CandidateSet,
    vars: Vec<CspVariable>,
    relation: Option<usize>,
}

impl Partial {
    fn start(links: &LinkIndex, start: Candidate) -> Partial {
        Partial {
            steps: Vec::new(),
            rights: Vec::new(),
            used: CandidateSet::default(),
            r_cands: CandidateSet::default(),
            covered: *links.linked(start),
            r_linked: CandidateSet::default(),
            vars: Vec::new(),
            relation: None,
        }
    }

    #[inline(always)]
    fn with_right(&self, ctx: &Ctx, step: Step, r: Right) -> Partial {
        let mut p = self.clone();
        p.steps.push(step);
        p.rights.push(r);
        match r {
            Right::Cand(c) => {
                p.used.insert(c);
                p.r_cands.insert(c);
            }
            Right::Group(g) => p.r_cands.union_with(&ctx.group(g).candidates),
        }
        p.covered.union_with(ctx.linked(r));
        p.r_linked.union_with(ctx.linked(r));
        p
    }

    /// This chain extended by the CSP variable `v` with its L and R.
    #[inline(always)]
    fn extended(&self, ctx: &Ctx, v: CspVariable, l: Candidate, r: Right) -> Partial {
        let mut child = self.with_right(ctx, Step::Var { v, l, r: Some(r) }, r);
        child.used.insert(l);
        child.vars.push(v);
        child
    }

    /// The key SudoRules merges partial chains by: a plain partial whip (no relation yet,
    /// no group R's: `plain`) by its sequence of R's (CSP-Rules' partial-whip rules: "do not
    /// assert different partial whips with the same sequences of rlc's"); a partial g-whip
    /// or partial ORk-whip by the set of its R's, its last R and the relation's R.
    fn key(&self, plain: bool) -> Vec<u16> {
        let code = |r: &Right| match r {
            Right::Cand(c) => c.index() as u16,
            Right::Group(g) => 729 + g,
        };
        let mut k: Vec<u16> = self.rights.iter().map(code).collect();
        if !(plain && self.relation.is_none()) {
            k.sort_unstable();
        }
        k.push(self.rights.last().map_or(u16::MAX, code));
        for s in &self.steps {
            if let Step::Or { relation, r } = s {
                k.push(2000 + *relation as u16);
                k.push(r.index() as u16);
            }
        }
        k
    }
}

/// What extending a partial chain by a CSP variable gives.
enum Extension {
    /// The variable has nothing left: the chain ends (its last cell, no R).
    End(CspVariable, Candidate),
    /// One candidate (or, g-kinds, one group) left: the new R.
    Right(CspVariable, Candidate, Right),
}

/// Every extension of `p` (from `start`) by a CSP variable.
#[inline(always)]
fn extensions(ctx: &Ctx, start: Candidate, p: &Partial) -> Vec<Extension> {
    let links = ctx.links;
    let hang = match p.rights.last() {
        None => links.linked(start),
        Some(&r) => ctx.linked(r),
    };
    let mut out = Vec::new();
    for l in hang.iter() {
        if l == start || p.used.contains(l) || p.r_cands.contains(l) {
            continue;
        }
        for v in l.variables() {
            if p.vars.contains(&v) {
                continue;
            }
            let mut rest = links.variable(v).difference(&p.covered);
            rest.remove(l);
            match rest.len() {
                0 => out.push(Extension::End(v, l)),
                1 => {
                    let r = rest.first().expect("one candidate");
                    if r != start && !p.used.contains(r) && !p.r_cands.contains(r) {
                        out.push(Extension::Right(v, l, Right::Cand(r)));
                    }
                }
                _ => {
                    if let Some(g) = ctx.group_right(v, &rest, (start, l), p) {
                        out.push(Extension::Right(v, l, Right::Group(g)));
                    }
                }
            }
        }
    }
    out
}

/// A search's node count against its cap.
struct Budget {
    nodes: usize,
    /// Nodes of earlier shares ([`Budget::next_share`]).
    before: usize,
    cap: usize,
    stop: Stop,
}

impl Budget {
    fn new(meter: &Meter) -> Budget {
        let (cap, stop) = meter.search_cap(DEFAULT_NODES, 400);
        Budget {
            nodes: 0,
            before: 0,
            cap,
            stop,
        }
    }
    /// A new cap's worth for the next search of a batch (each guardian's partial whips of
    /// a forcing whip on the CSP variables, which are many).
    fn next_share(&mut self) {
        self.before += self.nodes;
        self.nodes = 0;
    }
    /// Every node created.
    fn spent(&self) -> usize {
        self.before + self.nodes
    }
    fn spend(&mut self, n: usize) -> Result<(), Stop> {
        self.nodes += n;
        if self.nodes > self.cap {
            Err(self.stop)
        } else {
            Ok(())
        }
    }
}

/// The whip cells of plain steps (a group R as its members).
fn whip_cells(ctx: &Ctx, steps: &[Step]) -> Vec<WhipCell> {
    steps
        .iter()
        .map(|s| match *s {
            Step::Var { v, l, r } => WhipCell {
                variable: v,
                left_linking: vec![l],
                right_linking: r.map(|r| ctx.members(r)),
            },
            Step::Or { .. } => unreachable!("a plain partial whip has no OR cell"),
        })
        .collect()
}

/// The OR-k chain cells of `steps`, the relation's left-linking guardians all but its R.
fn ork_cells(ctx: &Ctx, steps: &[Step], rels: &[Relation]) -> Vec<OrkCell> {
    steps
        .iter()
        .map(|s| match *s {
            Step::Var { .. } => OrkCell::Variable(whip_cells(ctx, &[*s]).remove(0)),
            Step::Or { relation, r } => OrkCell::Or {
                left_linking: rels[relation]
                    .guardians()
                    .iter()
                    .copied()
                    .filter(|&g| g != r)
                    .collect(),
                right_linking: Some(r),
            },
        })
        .collect()
}

fn proof_of(chain: OrkChain) -> Proof {
    let target = vec![chain.target];
    if chain.asserts {
        Proof::new(Pattern::OrkChain(Box::new(chain)), vec![], target)
    } else {
        Proof::new(Pattern::OrkChain(Box::new(chain)), target, vec![])
    }
}

/// Add `child` to the level `next` unless one with its key ([`Partial::key`]) is there: then
/// the plain kinds keep the last one found, as SudoRules' whips do (CLIPS fires the newest
/// activation first; see [`super::whips`]), which gives #46463 of mith's list its published
/// Trid-OR5W level 8 (an `OR2-whip[8]` the first one found misses); the g-kinds keep the first,
/// which gives #1418's published `Trid-OR3-gwhip[6]` word for word. Either way a chain found
/// is a valid one; the choice decides which of two partial chains with the same R's lives on.
fn keep_merged(
    keys: &mut FxHashMap<Vec<u16>, usize>,
    next: &mut Vec<Partial>,
    child: Partial,
    ctx: &Ctx,
) {
    let plain = ctx.groups.is_none();
    match keys.entry(child.key(plain)) {
        std::collections::hash_map::Entry::Occupied(e) => {
            if plain {
                next[*e.get()] = child;
            }
        }
        std::collections::hash_map::Entry::Vacant(e) => {
            e.insert(next.len());
            next.push(child);
        }
    }
}

/// The shortest ORk-whip or contrad-whip (g- forms with `ctx`'s groups) on `z` of length
/// ≤ `max_len`, on `rels`, level by level: run in its AVX2 copy where the CPU has it ([`crate::isa`]: the 729-bit sets of the
/// partial chains take half the instructions).
fn shortest_on(
    ctx: &Ctx,
    kind: OrkKind,
    rels: &[Relation],
    z: Candidate,
    max_len: usize,
    budget: &mut Budget,
) -> Result<Option<Proof>, Stop> {
    on_avx2!(shortest_on_avx2(ctx, kind, rels, z, max_len, budget));
    shortest_on_in(ctx, kind, rels, z, max_len, budget)
}

/// [`shortest_on`] compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn shortest_on_avx2(
    ctx: &Ctx,
    kind: OrkKind,
    rels: &[Relation],
    z: Candidate,
    max_len: usize,
    budget: &mut Budget,
) -> Result<Option<Proof>, Stop> {
    shortest_on_in(ctx, kind, rels, z, max_len, budget)
}

#[inline(always)]
fn shortest_on_in(
    ctx: &Ctx,
    kind: OrkKind,
    rels: &[Relation],
    z: Candidate,
    max_len: usize,
    budget: &mut Budget,
) -> Result<Option<Proof>, Stop> {
    let guardian_sets: Vec<CandidateSet> = rels
        .iter()
        .map(|p| CandidateSet::from_candidates(p.guardians().iter().copied()))
        .collect();
    let links = ctx.links;
    let mut level = vec![Partial::start(links, z)];
    // level holds partial chains of `len` cells; a chain ending on the next cell has len + 1
    for len in 0..max_len {
        let mut next: Vec<Partial> = Vec::new();
        let mut keys: FxHashMap<Vec<u16>, usize> = FxHashMap::default();
        for p in &level {
            if kind.is_contrad() && len >= 1 {
                if let Some(i) = guardian_sets.iter().position(|g| g.is_subset(&p.r_linked)) {
                    let mut cells: Vec<OrkCell> = whip_cells(ctx, &p.steps)
                        .into_iter()
                        .map(OrkCell::Variable)
                        .collect();
                    cells.push(OrkCell::Or {
                        left_linking: rels[i].guardians().to_vec(),
                        right_linking: None,
                    });
                    return Ok(Some(proof_of(OrkChain {
                        kind,
                        relation: rels[i].clone(),
                        target: z,
                        cells,
                        branches: Vec::new(),
                        asserts: false,
                    })));
                }
            }
            for e in extensions(ctx, z, p) {
                match e {
                    Extension::End(v, l) => {
                        if !kind.is_whip() {
                            continue;
                        }
                        if let Some(i) = p.relation {
                            let mut steps = p.steps.clone();
                            steps.push(Step::Var { v, l, r: None });
                            return Ok(Some(proof_of(OrkChain {
                                kind,
                                relation: rels[i].clone(),
                                target: z,
                                cells: ork_cells(ctx, &steps, rels),
                                branches: Vec::new(),
                                asserts: false,
                            })));
                        }
                    }
                    Extension::Right(v, l, r) => {
                        let child = p.extended(ctx, v, l, r);
                        keep_merged(&mut keys, &mut next, child, ctx);
                    }
                }
            }
            if kind.is_whip() && p.relation.is_none() {
                for (i, rel) in rels.iter().enumerate() {
                    for &r in rel.guardians() {
                        if r == z || p.r_cands.contains(r) {
                            continue;
                        }
                        let left = rel.guardians().iter().filter(|&&g| g != r);
                        let ok = match p.rights.last() {
                            None => left.clone().all(|&g| links.is_linked(g, z)),
                            Some(&prev) => {
                                left.clone().any(|&g| ctx.linked(prev).contains(g))
                                    && left.clone().all(|&g| p.covered.contains(g))
                            }
                        };
                        if ok {
                            let step = Step::Or { relation: i, r };
                            let mut child = p.with_right(ctx, step, Right::Cand(r));
                            child.relation = Some(i);
                            keep_merged(&mut keys, &mut next, child, ctx);
                        }
                    }
                }
            }
        }
        budget.spend(next.len())?;
        if next.is_empty() {
            break;
        }
        level = next;
    }
    Ok(None)
}

/// The partial whips from one guardian a forcing whip may take as its branch, each the
/// shortest found (a candidate's steps; empty at length 0).
/// A partial whip's steps are kept once, for every candidate it reaches.
struct Branches {
    /// The partial whips recorded, the first the guardian itself (no steps).
    paths: Vec<Vec<Step>>,
    /// For each candidate of `linked_set`, a partial whip (its place in `paths`) whose last
    /// R it is linked to (to every member of a group R), or the guardian itself.
    linked: Vec<u32>,
    /// For each candidate of `ending_set`, a partial whip (at least one cell) whose last R
    /// it is.
    ending: Vec<u32>,
    /// The candidates `linked` has a partial whip for.
    linked_set: CandidateSet,
    /// The candidates `ending` has a partial whip for.
    ending_set: CandidateSet,
}

impl Branches {
    /// The partial whip whose last R is `z` (`ends`) or is linked to it.
    fn to(&self, z: Candidate, ends: bool) -> Option<&[Step]> {
        let table = if ends { &self.ending } else { &self.linked };
        self.reached(ends)
            .contains(z)
            .then(|| self.paths[table[z.index()] as usize].as_slice())
    }

    /// The candidates with a partial whip ending on them (`ends`) or linked to their last R.
    fn reached(&self, ends: bool) -> &CandidateSet {
        if ends {
            &self.ending_set
        } else {
            &self.linked_set
        }
    }
}

/// Partial whips from `g` up to `max_len` cells ([`Branches`]).
/// Merged partial whips keep the first one found (`merge` [`BranchMerge::First`]): each
/// candidate's branch is recorded when it is first reached, so a later one with the same
/// key adds nothing; or, as the ORk-whips' partial chains do ([`keep_merged`], `merge`
/// [`BranchMerge::Chains`]), the last one found for plain partial whips, recorded once its
/// level is complete.
fn branches_from(
    ctx: &Ctx,
    g: Candidate,
    (max_len, merge): (usize, BranchMerge),
    budget: &mut Budget,
) -> Result<Branches, Stop> {
    let links = ctx.links;
    let mut found = Branches {
        paths: vec![Vec::new()],
        linked: vec![0; 729],
        ending: vec![0; 729],
        linked_set: *links.linked(g),
        ending_set: CandidateSet::EMPTY,
    };
    let mut level = vec![Partial::start(links, g)];
    for _ in 0..max_len {
        let mut next: Vec<Partial> = Vec::new();
        let mut keys: FxHashMap<Vec<u16>, usize> = Default::default();
        for p in &level {
            for e in extensions(ctx, g, p) {
                if let Extension::Right(v, l, r) = e {
                    let child = p.extended(ctx, v, l, r);
                    match merge {
                        BranchMerge::Chains => keep_merged(&mut keys, &mut next, child, ctx),
                        BranchMerge::First => {
                            let key = child.key(ctx.groups.is_none());
                            if let Entry::Vacant(e) = keys.entry(key) {
                                e.insert(next.len());
                                found.record(ctx, &child);
                                next.push(child);
                            }
                        }
                    }
                }
            }
        }
        if merge == BranchMerge::Chains {
            for child in &next {
                found.record(ctx, child);
            }
        }
        budget.spend(next.len())?;
        if next.is_empty() {
            break;
        }
        level = next;
    }
    Ok(found)
}

/// Which of the partial whips merged by [`Partial::key`] a forcing whip's branches keep.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BranchMerge {
    /// The first found (the forcing whips on the tridagons' relations).
    First,
    /// As [`keep_merged`] (the forcing whips on CSP variables: SudoRules' plain
    /// partial whips, shared with its whips, whose merging our whips' search follows).
    Chains,
}

impl Branches {
    /// Record `child` for the candidates linked to its last R and, a candidate R, for that
    /// one, where none is recorded yet.
    fn record(&mut self, ctx: &Ctx, child: &Partial) {
        let Some(&r) = child.rights.last() else {
            return;
        };
        let path = self.paths.len() as u32;
        let mut used = false;
        for c in ctx.linked(r).iter() {
            if self.linked_set.insert(c) {
                self.linked[c.index()] = path;
                used = true;
            }
        }
        if let Right::Cand(c) = r {
            if self.ending_set.insert(c) {
                self.ending[c.index()] = path;
                used = true;
            }
        }
        if used {
            self.paths.push(child.steps.clone());
        }
    }
}

/// Every ORk-forcing-whip of length ≤ `max_len` on `rels`: for each candidate, its
/// shortest assertion over the relations (every branch ending on it) and its shortest
/// elimination, by length, each length's assertions first (SudoRules' saliences).
fn forcing_on(
    ctx: &Ctx,
    kind: OrkKind,
    rels: &[Relation],
    max_len: usize,
    budget: &mut Budget,
) -> Result<Vec<Proof>, Stop> {
    // per target and conclusion (asserted, eliminated), the shortest chain's length and proof
    let mut best: FxHashMap<(bool, Candidate), (usize, Proof)> = Default::default();
    // a guardian's partial whips serve every relation it is in (a candidate is in four
    // CSP variables)
    let mut known: FxHashMap<Candidate, Branches> = Default::default();
    for rel in rels {
        let on_variable = matches!(rel, Relation::Variable(_));
        for &g in rel.guardians() {
            if let Entry::Vacant(e) = known.entry(g) {
                if on_variable {
                    budget.next_share();
                }
                let merge = if on_variable {
                    BranchMerge::Chains
                } else {
                    BranchMerge::First
                };
                e.insert(branches_from(
                    ctx,
                    g,
                    (max_len.saturating_sub(1), merge),
                    budget,
                )?);
            }
        }
        let per_guardian: Vec<&Branches> = rel.guardians().iter().map(|g| &known[g]).collect();
        let shortest = if on_variable { VARIABLE_MIN_LENGTH } else { 2 };
        // SudoRules' forcing g-whips join two partial whips or g-whips (its
        // Forcing-gWhips[n].clp has no rule with a branch of no cell, as its forcing whips do)
        let every_branch_a_cell = on_variable && ctx.groups.is_some();
        for asserts in [true, false] {
            // only the targets every guardian reaches
            let mut targets = *ctx.links.open();
            for found in &per_guardian {
                targets.intersect_with(found.reached(asserts));
            }
            for z in targets.iter() {
                // the length first: most targets have no shorter chain
                let mut total = 1;
                for found in &per_guardian {
                    match found.to(z, asserts) {
                        Some(steps) if !(every_branch_a_cell && steps.is_empty()) => {
                            total += steps.len()
                        }
                        _ => {
                            total = usize::MAX;
                            break;
                        }
                    }
                }
                if total < shortest || total > max_len {
                    continue;
                }
                if best.get(&(asserts, z)).is_some_and(|(n, _)| *n <= total) {
                    continue;
                }
                let branches = rel
                    .guardians()
                    .iter()
                    .zip(&per_guardian)
                    .map(|(&g, found)| {
                        (
                            g,
                            whip_cells(ctx, found.to(z, asserts).expect("measured above")),
                        )
                    })
                    .collect();
                let proof = proof_of(OrkChain {
                    kind,
                    relation: rel.clone(),
                    target: z,
                    cells: Vec::new(),
                    branches,
                    asserts,
                });
                best.insert((asserts, z), (total, proof));
            }
        }
    }
    // SudoRules' order: by length (a chain on a split relation may be shorter than its
    // level), each length's `-value` rule before its `-candidate` rules
    let mut found: Vec<((bool, Candidate), (usize, Proof))> = best.into_iter().collect();
    found.sort_by_key(|&((asserts, z), (n, _))| (n, !asserts, z.index()));
    Ok(found.into_iter().map(|(_, (_, p))| p).collect())
}

/// The shortest chain of `kind` eliminating `target`, of length ≤ `max_len` (None if there
/// is none), or the limit that stopped the search.
pub fn search_target(
    links: &LinkIndex,
    kind: OrkKind,
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> Result<Option<Proof>, Stop> {
    search_target_k(
        links,
        (kind, largest_k(kind), Sources::Tridagons),
        target,
        max_len,
        meter,
    )
}

/// [`search_target`] on the relations of at most `max_k` guardians from `sources`.
pub fn search_target_k(
    links: &LinkIndex,
    (kind, max_k, sources): (OrkKind, usize, Sources),
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> Result<Option<Proof>, Stop> {
    if kind.is_forcing() {
        return forcing_target(links, (kind, max_k, sources), max_len, meter, |p| {
            p.eliminations == [target]
        });
    }
    let rels = relations_of(links, max_k, max_len, sources);
    if rels.is_empty() || !links.open().contains(target) {
        return Ok(None);
    }
    let mut budget = Budget::new(meter);
    let ctx = Ctx::new(links, kind);
    let found = shortest_on(&ctx, kind, &rels, target, max_len, &mut budget);
    meter.spend(budget.spent());
    found
}

/// The shortest ORk-forcing-whip (of `kind`, a forcing kind) asserting `target`, on the
/// relations of at most `max_k` guardians from `sources`, of length ≤ `max_len` (None if there is none),
/// or the limit that stopped the search.
pub fn search_placement_k(
    links: &LinkIndex,
    (kind, max_k, sources): (OrkKind, usize, Sources),
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> Result<Option<Proof>, Stop> {
    if !kind.is_forcing() {
        return Ok(None);
    }
    forcing_target(links, (kind, max_k, sources), max_len, meter, |p| {
        p.assertions == [target]
    })
}

/// The first forcing whip `wanted` accepts, at the lowest level ≤ `max_len`: level by
/// level (each on the relations split by chains up to it), since the branches' partial
/// whips grow about geometrically with the length and a target's answer is often short.
fn forcing_target(
    links: &LinkIndex,
    (kind, max_k, sources): (OrkKind, usize, Sources),
    max_len: usize,
    meter: &mut Meter,
    wanted: impl Fn(&Proof) -> bool,
) -> Result<Option<Proof>, Stop> {
    let ctx = Ctx::new(links, kind);
    let first = match sources {
        Sources::Variables => VARIABLE_MIN_LENGTH,
        _ => 2,
    };
    for n in first..=max_len {
        let rels = relations_of(links, max_k, n, sources);
        if rels.is_empty() {
            // the unsplit relations are there at every level: none at all
            return Ok(None);
        }
        let mut budget = Budget::new(meter);
        let found = forcing_on(&ctx, kind, &rels, n, &mut budget);
        meter.spend(budget.spent());
        if let Some(p) = found?.into_iter().find(|p| wanted(p)) {
            return Ok(Some(p));
        }
    }
    Ok(None)
}

/// A chain's level: its length, or the length of the bivalue chain that split its relation
/// ([`OrkChain::level`]).
fn level_of(p: &Proof) -> usize {
    match &p.pattern {
        Pattern::OrkChain(c) => c.level(),
        _ => p.length,
    }
}

/// Up to `limit` chains of `kind` of exactly `length` (each target's shortest, kept when it
/// has that length: a shorter one is found at its own length), or the limit that stopped
/// the search.
pub fn find_within(
    links: &LinkIndex,
    kind: OrkKind,
    length: usize,
    limit: usize,
    meter: &mut Meter,
) -> Result<Vec<Proof>, Stop> {
    find_within_k(
        links,
        (kind, largest_k(kind), Sources::Tridagons),
        length,
        limit,
        meter,
    )
}

/// [`find_within`] on the relations of at most `max_k` guardians from `sources`.
pub fn find_within_k(
    links: &LinkIndex,
    (kind, max_k, sources): (OrkKind, usize, Sources),
    length: usize,
    limit: usize,
    meter: &mut Meter,
) -> Result<Vec<Proof>, Stop> {
    if sources == Sources::Variables {
        if length < VARIABLE_MIN_LENGTH {
            return Ok(Vec::new());
        }
        let rels = variable_relations(links, max_k);
        return find_on(links, kind, &rels, (length, limit), meter);
    }
    find_within_from(links, (kind, max_k), sources.into(), length, limit, meter)
}

/// [`find_within_k`] with the Imp630 relations from `imp630` (a resolution path's asserted
/// ones: [`Imp630From::Given`]) instead of those `sources` names.
pub fn find_within_from(
    links: &LinkIndex,
    (kind, max_k): (OrkKind, usize),
    imp630: Imp630From,
    length: usize,
    limit: usize,
    meter: &mut Meter,
) -> Result<Vec<Proof>, Stop> {
    let rels = relations_split_from(links, max_k, length, imp630);
    find_on(links, kind, &rels, (length, limit), meter)
}

/// Up to `limit` chains of `kind` of exactly `length` on the relations `rels`.
fn find_on(
    links: &LinkIndex,
    kind: OrkKind,
    rels: &[Relation],
    (length, limit): (usize, usize),
    meter: &mut Meter,
) -> Result<Vec<Proof>, Stop> {
    if rels.is_empty() || length < 2 {
        return Ok(Vec::new());
    }
    let mut budget = Budget::new(meter);
    let ctx = Ctx::new(links, kind);
    let mut out = Vec::new();
    let result = (|| {
        if kind.is_forcing() {
            out = forcing_on(&ctx, kind, rels, length, &mut budget)?
                .into_iter()
                .filter(|p| level_of(p) == length)
                .take(limit)
                .collect();
            return Ok(());
        }
        for z in links.open().iter() {
            if out.len() >= limit {
                break;
            }
            if let Some(p) = shortest_on(&ctx, kind, rels, z, length, &mut budget)? {
                if level_of(&p) == length {
                    out.push(p);
                }
            }
        }
        Ok(())
    })();
    meter.spend(budget.spent());
    result.map(|()| out)
}

/// Every chain of `kind` of exactly `length` in the state, unbounded but for
/// [`DEFAULT_NODES`] partial chains per search (a cut search returns none).
pub fn find(links: &LinkIndex, kind: OrkKind, length: usize) -> Vec<Proof> {
    find_within(links, kind, length, usize::MAX, &mut Meter::unlimited()).unwrap_or_default()
}
