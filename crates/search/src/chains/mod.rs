//! The chain families of [Berthier NRC], [Berthier 3D] as searches: 2D chains (xy, xyt, xyz, xyzt
//! in rc-space, their hidden counterparts hxy-rn and hxy-cn, c-chains), 3D chains (nrc, nrct,
//! nrcz, nrczt) and nrct/nrczt rl- and lr-lassos. The pattern each family looks for is
//! defined in [`sudolink_engine::proof::chain`]; for example, on EasterMonster with r4c8=7:
//!
//! ```text
//! nrczt4-chain n2{r7c8 r8c7} - n2{r4c7 r4c1} - n2{r6c2 r6c6} - n2{r2c6 r2c5} ==> r7c5 <> 2
//! ```
//!
//! # How it searches
//!
//! Every family is searched target by target: for a candidate Z, partial chains are grown
//! breadth-first from a first left-linking candidate L_1 linked to Z, one cell per level.
//! A cell is added when its left-linking candidate is linked to the last right-linking one
//! and every other candidate of its CSP variable except one (the new right-linking
//! candidate) is excused by the family — linked to Z (z-families) or to an earlier
//! right-linking candidate (t-families); the t-test is one bit test against the union of
//! the links of the right-linking candidates so far. The first level at which a partial
//! chain closes — its last R linked to Z (chains), equal to an earlier L or linked to an
//! earlier R (lassos) — gives Z's shortest proof. Partial chains that agree on their last
//! right-linking candidate and on their sets of left- and right-linking candidates (and
//! cells, for 2D chains) have the same future and are kept once; of those that agree on
//! all but their left-linking candidates, at most [`Options::same_rights`] are kept (see
//! there: Berthier's "same right-linking candidates, same partial chain"). Links come from
//! the state's [`LinkIndex`] only, restricted to the family's 2D space where it has one.
//!
//! A chain family and its lasso family (nrct and nrct-lasso, nrczt and nrczt-lasso) grow
//! the same partial chains in the same order until one of them closes, so [`ChainCache`]
//! searches a target for both at once when their memos for it stand at the same point
//! (`engine::search_pair`): the chain family's `find` also answers its lassos, as separate
//! searches would.
//!
//! The search follows Berthier's definitions as written ([`Options::default`]): z-candidates
//! in the first cell, z-candidates linked to the target by any nrc-link, right-linking
//! candidates that happen to be linked to an earlier one ([Berthier NRC]'s Sudogen0 #707 path
//! has one). [`Options::narrow_z`] narrows the z-extension (under it, [Berthier NRC]'s claims
//! about EasterMonster hold).
//!
//! For the non-z families (nrc, nrct, the 2D chains without z, c-chains, nrct-lassos) the
//! same search with no z-candidate allowed finds the shortest chain whose targets include
//! Z; the proof then lists every target of that chain.
//!
//! # Arguments, returns
//!
//! [`find`]`(links, family, length, limit)` returns up to `limit` proofs of exactly
//! `length` cells: for each open candidate Z (in index order) whose **shortest** proof in
//! the family has exactly `length` cells, that proof, with every other candidate the same
//! chain eliminates; a candidate already eliminated by an earlier proof of the same call is
//! skipped. So `find(n)` is empty exactly when no candidate's shortest proof has length n,
//! and running `find(1)`, `find(2)`, ... finds each elimination at its shortest length.
//! The lasso families report lassos only (a target's shortest lasso, even when a chain of
//! the same target exists); nrct-lassos eliminate every candidate linked to their L_1.
//!
//! [`shortest_for_target`]`(links, family, target, max_len)` returns the shortest proof of
//! at most `max_len` cells eliminating `target` (with the chain's other targets), or `None`.
//! [`search_target`] also says whether the answer is complete; [`find_with`] takes
//! explicit [`Options`].
//!
//! **Shortest**: yes — per target, the first proof found is of the least length (up to the
//! cap on partial chains with the same right-linking candidates and the node budget).
//!
//! # Complexity
//!
//! Per target, the search visits each distinct partial chain of at most `length` cells
//! once; each visit costs O(28 · 4 · 9) bit tests (links of the last R × CSP variables of
//! the new L × their candidates) plus O(k) set unions to rebuild the t-set of a k-cell
//! chain. The length limit bounds the depth; the number of partial chains is exponential
//! in it in the worst case, so every search is also bounded by a node budget
//! ([`Options::max_nodes`], default [`DEFAULT_MAX_NODES`] per target); a search stopped by
//! it reports nothing beyond the last complete level ([`TargetSearch::complete`] is false).
//! A partial chain takes 48 bytes, so memory is bounded by the budget. Results per target
//! are kept for the most recent grid states in a [`ChainCache`] the caller owns, so the
//! resolution strategy's `find(1)`, `find(2)`, ... on one state search each target once
//! per length at most, and a target whose partial chains all die out is never searched
//! again on that state.
//!
//! Measured (release, one core): every nrczt chain up to length 24 for every target of
//! EasterMonster with r4c8=7, and its nrczt25 chain, in well under a second (see
//! `benches/chains.rs`).
//!
//! The registry's per-target searches (`explain`, `subsume`) keep every partial chain
//! (`same_rights` 0): on the 10,000-puzzle subsume run of docs/ratings.md that costs about 5%
//! more CPU at max-len 6, where the capped search had missed the shortest nrczt-chain for 4
//! eliminations in the first ~6,000 states.

mod engine;

pub use sudolink_engine::proof::chain::ChainFamily;

use engine::{Outcome, Tables};
use std::collections::HashMap;
use std::rc::Rc;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable};
use sudolink_engine::proof::chain::{ChainCell, ChainPattern, Lasso, TCandidate};
use sudolink_engine::proof::{Pattern, Proof};

/// Default node budget per target: a million partial chains (about 50 MB at the peak).
pub const DEFAULT_MAX_NODES: usize = 1_000_000;

/// Default number of partial chains kept per last right-linking candidate and set of
/// right-linking candidates ([`Options::same_rights`]).
pub const DEFAULT_SAME_RIGHTS: usize = 4;

/// Explicit limits and variants of a chain search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Partial chains kept per target before the search gives up.
    pub max_nodes: usize,
    /// Allow z-candidates in the first cell ([Berthier 3D], edit of 07/24/08: "In the current
    /// version of SudoRules (version 13), this is allowed"). Default true.
    pub z_in_first_cell: bool,
    /// Allow a z-candidate linked to the target only by sharing its cell (any nrc-link
    /// counts in Berthier's definition). Default true.
    pub z_by_cell: bool,
    /// How many partial chains with the same last right-linking candidate and the same set
    /// of right-linking candidates (but different left-linking ones) a level keeps; 0 keeps
    /// them all (exact). Berthier notes that such partial chains are the same for all later
    /// purposes — except for the no-loop condition on left-linking candidates, which is why
    /// a few are kept. Capping them is what makes long searches (length 25 and more) fast;
    /// a capped search can miss a chain only when every kept partial chain already uses,
    /// as a left-linking candidate, a candidate the chain needs later. The resolution
    /// strategy's searches keep the default; the registry's per-target searches (`explain`,
    /// `subsume`) use 0.
    pub same_rights: usize,
    /// Allow an earlier left- or right-linking candidate of the chain to be accounted for
    /// as a t- or z-candidate of a later cell (Berthier's definitions do not forbid it).
    /// Default true.
    pub chain_candidates_as_extras: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_nodes: DEFAULT_MAX_NODES,
            z_in_first_cell: true,
            z_by_cell: true,
            same_rights: DEFAULT_SAME_RIGHTS,
            chain_candidates_as_extras: true,
        }
    }
}

impl Options {
    /// A narrower z-extension: no z-candidate in the first cell, z-candidates linked to the
    /// target through its digit only (not by sharing its cell), and no earlier chain
    /// candidate accounted for as an extra one. Under it, [Berthier NRC]'s claims about
    /// EasterMonster with r4c8=7 hold exactly (no nrczt chain shorter than 25, an nrczt25
    /// for r3c9 <> 8, nothing after it up to 30). Under the full definition they do not:
    /// nrczt7 chains eliminate r7c5 <> 1 and r9c5 <> 6, and r3c9 <> 8 has an nrczt23 chain.
    /// The seed's own top1465 #3 lasso (nrczt28) needs all three freedoms (a first-cell
    /// z-candidate, z-candidates sharing the target's cell, an earlier L reused as an
    /// extra), so no single reading of the definition reproduces both examples; SudoRules'
    /// search of the time may simply have missed the shorter EasterMonster chains.
    pub fn narrow_z() -> Options {
        Options {
            z_in_first_cell: false,
            z_by_cell: false,
            chain_candidates_as_extras: false,
            ..Options::default()
        }
    }
}

/// The result of one target's search.
#[derive(Clone, Debug)]
pub struct TargetSearch {
    /// The shortest proof found, if any.
    pub proof: Option<Proof>,
    /// True when the answer is exact up to the asked length: no budget stop.
    pub complete: bool,
    /// Partial chains this call built (the engine's work).
    pub nodes: usize,
    /// Up to which length the answer is exact (the asked length when complete).
    pub depth: usize,
}

/// Up to `limit` proofs of `family` with exactly `length` cells: one per candidate whose
/// shortest proof in the family has that length (see the module doc). A fresh
/// [`ChainCache`] each call: callers that search one state at several lengths keep one.
pub fn find(links: &LinkIndex, family: ChainFamily, length: usize, limit: usize) -> Vec<Proof> {
    find_with(links, family, length, limit, Options::default())
}

/// [`find`] with explicit limits.
pub fn find_with(
    links: &LinkIndex,
    family: ChainFamily,
    length: usize,
    limit: usize,
    options: Options,
) -> Vec<Proof> {
    ChainCache::new().find(links, family, length, limit, options)
}

/// The shortest proof of `family` with at most `max_len` cells that eliminates `target`.
pub fn shortest_for_target(
    links: &LinkIndex,
    family: ChainFamily,
    target: Candidate,
    max_len: usize,
) -> Option<Proof> {
    search_target(links, family, target, max_len, Options::default()).proof
}

/// [`shortest_for_target`] with explicit limits, saying whether the answer is complete.
pub fn search_target(
    links: &LinkIndex,
    family: ChainFamily,
    target: Candidate,
    max_len: usize,
    options: Options,
) -> TargetSearch {
    ChainCache::new().search_target(links, family, target, max_len, options)
}

/// What the chain searches know of the most recent grid states: per family and target,
/// the shortest proof found or how far the search went (and its frontier, to resume). The
/// caller owns it (through [`crate::Searcher`]); dropping it frees everything.
/// So the resolution strategy's `find(1)`, `find(2)`, ... on one state search each target
/// once per length at most, and a target whose partial chains all die out is never
/// searched again on that state.
#[derive(Default)]
pub struct ChainCache {
    states: Vec<StateCache>,
    /// Targets [`ChainCache::find`] never searches (true candidates, see
    /// [`ChainCache::sparing`]).
    spared: CandidateSet,
}

impl ChainCache {
    pub fn new() -> ChainCache {
        ChainCache::default()
    }

    /// A cache whose `find` never searches a target in `known_true` (the candidates of the
    /// puzzle's solution: no sound chain eliminates one, so their searches, the longest of
    /// a state since they never close, can only answer nothing).
    pub fn sparing(known_true: CandidateSet) -> ChainCache {
        ChainCache {
            spared: known_true,
            ..ChainCache::default()
        }
    }

    /// [`find_with`], remembering what it learns.
    pub fn find(
        &mut self,
        links: &LinkIndex,
        family: ChainFamily,
        length: usize,
        limit: usize,
        options: Options,
    ) -> Vec<Proof> {
        let mut out = Vec::new();
        if length == 0 || limit == 0 {
            return out;
        }
        let spared = self.spared;
        self.with_state(links, |state| {
            // the lasso family whose searches go along with this chain family's
            let mut partner = lasso_of(family).map(|l| state.take_family(links, l, options));
            let fc = state.family(links, family, options);
            let mut targets = fc.tables.open;
            targets.subtract(&spared);
            let mut covered = CandidateSet::EMPTY;
            for z in targets.iter() {
                if covered.contains(z) {
                    continue;
                }
                // a target whose shortest proof is shorter was reported at its own length
                if let Some((_, proof)) =
                    fc.shortest_of(z, length, length, &mut 0, partner.as_mut())
                {
                    covered.union_with(&proof.eliminations.iter().copied().collect());
                    out.push(proof);
                    if out.len() >= limit {
                        break;
                    }
                }
            }
            if let Some(p) = partner {
                state.put_family(p);
            }
        });
        out
    }

    /// [`search_target`], remembering what it learns.
    pub fn search_target(
        &mut self,
        links: &LinkIndex,
        family: ChainFamily,
        target: Candidate,
        max_len: usize,
        options: Options,
    ) -> TargetSearch {
        if max_len == 0 || !links.open().contains(target) {
            return TargetSearch {
                proof: None,
                complete: true,
                nodes: 0,
                depth: max_len,
            };
        }
        self.with_family(links, family, options, |fc| {
            let mut nodes = 0;
            let proof = fc.shortest(target, max_len, &mut nodes).map(|(_, p)| p);
            let (complete, depth) = match fc.memo.get(target.index()) {
                Memo::None {
                    budget: true,
                    depth,
                    ..
                } if proof.is_none() => (false, *depth),
                _ => (true, max_len),
            };
            TargetSearch {
                proof,
                complete,
                nodes,
                depth,
            }
        })
    }

    fn with_family<R>(
        &mut self,
        links: &LinkIndex,
        family: ChainFamily,
        options: Options,
        f: impl FnOnce(&mut FamilyCache) -> R,
    ) -> R {
        self.with_state(links, |state| f(state.family(links, family, options)))
    }

    /// Run `f` on the cache of the state of `links` (made the most recent one).
    fn with_state<R>(&mut self, links: &LinkIndex, f: impl FnOnce(&mut StateCache) -> R) -> R {
        let open = *links.open();
        let decided = decided_bits(links);
        let states = &mut self.states;
        let pos = states
            .iter()
            .position(|s| s.open == open && s.decided == decided);
        let mut state = match pos {
            Some(i) => states.remove(i),
            None => StateCache {
                open,
                decided,
                families: HashMap::new(),
            },
        };
        let result = f(&mut state);
        states.insert(0, state);
        states.truncate(CACHED_STATES);
        result
    }
}

/// The lasso family searched along with a chain family ([`engine::search_pair`]).
fn lasso_of(family: ChainFamily) -> Option<ChainFamily> {
    match family {
        ChainFamily::Nrct => Some(ChainFamily::NrctLasso),
        ChainFamily::Nrczt => Some(ChainFamily::NrcztLasso),
        _ => None,
    }
}

/// The key of a family's cache: the node cap is not part of it (a caller under a budget
/// asks with a different cap each time, and must still find the family's tables and memo).
fn cache_key(family: ChainFamily, options: Options) -> (ChainFamily, Options) {
    (
        family,
        Options {
            max_nodes: 0,
            ..options
        },
    )
}

impl StateCache {
    /// The cache of `family` searched with `options` on this state.
    fn family(
        &mut self,
        links: &LinkIndex,
        family: ChainFamily,
        options: Options,
    ) -> &mut FamilyCache {
        let key = cache_key(family, options);
        if !self.families.contains_key(&key) {
            let spec = family.definition();
            let space = (spec.space, spec.kinds);
            let shared = self
                .families
                .values()
                .find(|fc| (fc.tables.spec.space, fc.tables.spec.kinds) == space)
                .map(|fc| fc.tables.shared());
            self.families.insert(
                key,
                FamilyCache {
                    family,
                    tables: Rc::new(Tables::new(links, spec, shared)),
                    options,
                    memo: Memos::default(),
                },
            );
        }
        let fc = self.families.get_mut(&key).expect("just inserted");
        fc.options.max_nodes = options.max_nodes;
        fc
    }

    /// [`StateCache::family`], taken out of the state until [`StateCache::put_family`].
    fn take_family(
        &mut self,
        links: &LinkIndex,
        family: ChainFamily,
        options: Options,
    ) -> FamilyCache {
        self.family(links, family, options);
        self.families
            .remove(&cache_key(family, options))
            .expect("just made")
    }

    fn put_family(&mut self, fc: FamilyCache) {
        self.families.insert(cache_key(fc.family, fc.options), fc);
    }
}

/// What is known of one target.
#[derive(Clone)]
enum Memo {
    Unknown,
    Found(usize, Box<Proof>),
    None {
        depth: usize,
        exhausted: bool,
        budget: bool,
        /// The partial chains to resume from, when small.
        frontier: Option<engine::Frontier>,
    },
}

/// The memos of the targets a family searched on one state (most targets are never
/// searched: a slot per candidate, an entry per target searched).
#[derive(Default)]
struct Memos {
    /// 1 + the entry of each candidate, 0 when never searched (all-zero: cheap to make).
    slot: Vec<u16>,
    entries: Vec<Memo>,
}

impl Memos {
    fn get(&self, i: usize) -> &Memo {
        match self.slot.get(i) {
            Some(&s) if s > 0 => &self.entries[s as usize - 1],
            _ => &Memo::Unknown,
        }
    }

    fn set(&mut self, i: usize, memo: Memo) {
        if self.slot.is_empty() {
            self.slot = vec![0; 729];
        }
        match self.slot[i] {
            0 => {
                self.entries.push(memo);
                self.slot[i] = self.entries.len() as u16;
            }
            s => self.entries[s as usize - 1] = memo,
        }
    }
}

struct FamilyCache {
    family: ChainFamily,
    tables: Rc<Tables>,
    options: Options,
    memo: Memos,
}

impl FamilyCache {
    /// The shortest proof for `z` of at most `n` cells, from the memo or a new search.
    fn shortest(&mut self, z: Candidate, n: usize, nodes: &mut usize) -> Option<(usize, Proof)> {
        self.shortest_of(z, 1, n, nodes, None)
    }

    /// [`FamilyCache::shortest`] when its length is at least `least` (the proof is cloned
    /// only then). `lasso`, the cache of this chain family's lasso family on the same
    /// state, learns its own answer for `z` from the same search when both stand at the
    /// same point for `z` ([`engine::search_pair`]).
    fn shortest_of(
        &mut self,
        z: Candidate,
        least: usize,
        n: usize,
        nodes: &mut usize,
        lasso: Option<&mut FamilyCache>,
    ) -> Option<(usize, Proof)> {
        let zi = z.index();
        let mut resume = None;
        match self.memo.get(zi) {
            Memo::Found(m, p) => return (least..=n).contains(m).then(|| (*m, p.as_ref().clone())),
            Memo::None {
                depth,
                exhausted,
                budget,
                frontier,
            } => {
                if *exhausted || *budget || *depth >= n {
                    return None;
                }
                resume = frontier.clone();
            }
            Memo::Unknown => {}
        }
        let lasso = lasso.filter(|l| in_step(self.memo.get(zi), l.memo.get(zi)));
        let (outcome, frontier) = match lasso {
            Some(l) => {
                let [chain, lasso_outcome] =
                    engine::search_pair(&self.tables, z, n, &self.options, &mut resume, nodes);
                l.record(z, lasso_outcome, resume.clone());
                (chain, resume)
            }
            None => {
                let outcome = engine::search(&self.tables, z, n, &self.options, &mut resume, nodes);
                (outcome, resume)
            }
        };
        self.record(z, outcome, frontier)
            .filter(|(m, _)| *m >= least)
    }

    /// Remember the outcome of a search for `z` (and the frontier to resume it from), and
    /// give its proof, if any.
    fn record(
        &mut self,
        z: Candidate,
        outcome: Outcome,
        frontier: Option<engine::Frontier>,
    ) -> Option<(usize, Proof)> {
        match outcome {
            Outcome::Found { cells, lasso } => {
                let proof = build_proof(&self.tables, self.family, z, &cells, lasso);
                let m = cells.len();
                self.memo
                    .set(z.index(), Memo::Found(m, Box::new(proof.clone())));
                Some((m, proof))
            }
            Outcome::None {
                depth,
                exhausted,
                budget,
            } => {
                self.memo.set(
                    z.index(),
                    Memo::None {
                        depth,
                        exhausted,
                        budget,
                        frontier,
                    },
                );
                None
            }
        }
    }
}

/// True when a chain family's search for a target and its lasso family's stand at the same
/// point (neither searched yet, or both stopped at the same length with the same frontier
/// to resume from), so that one search can go on for both.
fn in_step(chain: &Memo, lasso: &Memo) -> bool {
    let open = |m: &Memo| match m {
        Memo::None {
            depth,
            exhausted: false,
            budget: false,
            frontier,
        } => Some((*depth, frontier.as_ref().map(engine::Frontier::id))),
        _ => None,
    };
    match (chain, lasso) {
        (Memo::Unknown, Memo::Unknown) => true,
        _ => open(chain).is_some() && open(chain) == open(lasso),
    }
}

struct StateCache {
    open: CandidateSet,
    decided: [u64; 6],
    families: HashMap<(ChainFamily, Options), FamilyCache>,
}

/// States a [`ChainCache`] keeps.
const CACHED_STATES: usize = 4;

fn decided_bits(links: &LinkIndex) -> [u64; 6] {
    let mut bits = [0u64; 6];
    for (i, &decided) in links.decided_flags().iter().enumerate() {
        bits[i / 64] |= (decided as u64) << (i % 64);
    }
    bits
}

/// Turn the engine's cells into a proof: extra candidates with their justifications, and
/// every target the chain eliminates.
fn build_proof(
    tables: &Tables,
    family: ChainFamily,
    z: Candidate,
    cells: &[(u16, u16, u16)],
    lasso: Option<(sudolink_engine::proof::chain::LassoKind, usize)>,
) -> Proof {
    let spec = tables.spec;
    let cand = |i: u16| Candidate::from_index(i as usize);
    let mut out: Vec<ChainCell> = Vec::with_capacity(cells.len());
    let mut used = CandidateSet::EMPTY;
    let mut z_links = CandidateSet::full();
    for (k, &(v, l, r)) in cells.iter().enumerate() {
        let mut cell = ChainCell::new(CspVariable::from_index(v as usize), cand(l), cand(r));
        for &x in tables.members_of(v as usize) {
            if x == l || x == r {
                continue;
            }
            let xc = cand(x);
            let by = cells[..k]
                .iter()
                .map(|c| cand(c.2))
                .find(|rj| spec.t && tables.links[rj.index()].contains(xc));
            match by {
                Some(rj) => cell.t_candidates.push(TCandidate {
                    candidate: xc,
                    linked_to: rj,
                }),
                None => {
                    cell.z_candidates.push(xc);
                    z_links.intersect_with(&tables.links[x as usize]);
                }
            }
        }
        used.insert(cand(l));
        used.insert(cand(r));
        out.push(cell);
    }
    let first = cells[0].1 as usize;
    let last = cells[cells.len() - 1].2 as usize;
    let mut targets = tables.links[first];
    if lasso.is_none() {
        targets.intersect_with(&tables.links[last]);
    }
    targets.intersect_with(&z_links);
    targets.subtract(&used);

    targets.insert(z);
    let targets: Vec<Candidate> = targets.iter().collect();
    let pattern = ChainPattern {
        family,
        cells: out,
        lasso: lasso.map(|(kind, cell)| Lasso { kind, cell }),
        targets: targets.clone(),
    };
    Proof::new(Pattern::Chain(pattern), targets, vec![])
}
