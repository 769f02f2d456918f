//! Running techniques on a state: a [`Rule`] (a technique at one length), the caching
//! [`Searcher`] that dispatches each [`Search`] to its search module, one target's answer
//! ([`TargetAnswer`]), and the rule lists the resolution strategy applies. Every proof
//! leaving this module records the technique that made it ([`Proof::made_by`]).

use super::*;
use crate::asserted::{AssertedRelations, ASSERTING_LEVEL};
use crate::ork::Sources;

impl HodokuRule {
    /// The first instance of [`HodokuRule::find`]'s: the AIC searches find it alone with
    /// less work.
    fn first(self, state: &StateView) -> Option<Proof> {
        match self {
            HodokuRule::GroupedChains { loops: false } => {
                aic::first_chain_of(state.aic_grouped(), state.links)
            }
            HodokuRule::AlsNodeChains { loops: false } => {
                aic::first_chain_of(state.aic_als_nodes(), state.links)
            }
            _ => self.find(state).into_iter().next(),
        }
    }

    /// Every instance in the state.
    fn find(self, state: &StateView) -> Vec<Proof> {
        let links = state.links;
        match self {
            HodokuRule::SingleDigit(kind) => crate::single_digit::find_in(state.masks(), kind),
            HodokuRule::WWing => crate::w_wing::find_in(state.masks()),
            HodokuRule::LockedSubset { size } => {
                crate::basic::locked_subsets_in(state.masks(), size as usize)
            }
            HodokuRule::EmptyRectangle { dual } => crate::empty_rectangle::find(links, dual),
            HodokuRule::Template { set } => crate::templates::find(links, set),
            HodokuRule::Uniqueness(kind) => crate::uniqueness::find(links, kind),
            HodokuRule::AlsOverlap(kind) => {
                let overlap = crate::als::Overlap::Allowed;
                match kind {
                    AlsKind::Xz => crate::als::xz(links, overlap),
                    AlsKind::XyWing => crate::als::xy_wing(links, overlap),
                    AlsKind::DeathBlossom => crate::als::death_blossom(links, overlap),
                    AlsKind::DoublyLinked => Vec::new(),
                }
            }
            HodokuRule::Fish {
                shape,
                min_size,
                max_size,
            } => {
                let sizes = min_size as usize..=max_size as usize;
                crate::fish::search(links, shape, false, sizes).proofs
            }
            HodokuRule::GroupedChains { loops: false } => {
                aic::chains_of(state.aic_grouped(), links)
            }
            HodokuRule::GroupedChains { loops: true } => aic::loops_of(state.aic_grouped(), links),
            HodokuRule::AlsNodeChains { loops: false } => {
                aic::chains_of(state.aic_als_nodes(), links)
            }
            HodokuRule::AlsNodeChains { loops: true } => {
                aic::loops_of(state.aic_als_nodes(), links)
            }
            HodokuRule::KrakenFish { type_2: false } => crate::fish::kraken::type_1(links),
            HodokuRule::KrakenFish { type_2: true } => crate::fish::kraken::type_2(links),
            HodokuRule::SiameseFish => {
                let mut all: Vec<Proof> = [FishShape::Basic, FishShape::Franken, FishShape::Mutant]
                    .into_iter()
                    .flat_map(|shape| crate::fish::search(links, shape, true, 2..=4).proofs)
                    .collect();
                all.sort_by_key(|p| p.length);
                all
            }
        }
    }
}

impl TechniqueId {
    /// The shortest proof of this technique (length ≤ `max_len`) eliminating `target`.
    /// Chain families are searched exactly here (every partial chain kept, see
    /// [`chains::Options::same_rights`]), so a `None` means none exists up to `max_len`
    /// unless the node budget stopped the search ([`TechniqueId::search_target`] says so).
    pub fn shortest_for_target(
        self,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
    ) -> Option<Proof> {
        self.search_target(links, target, max_len, &mut Meter::unlimited())
            .proof
    }

    /// [`TechniqueId::shortest_for_target`] under a meter's limits, saying whether a limit
    /// stopped it (each search asked for this target alone, nothing kept).
    pub fn search_target(
        self,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        Searcher::for_one_target()
            .target_unrecorded(self, links, target, max_len, meter)
            .made_by(self)
    }
}

/// The shortest trial of `kind` (length ≤ `max_len`, lengths tried from 1 up) that
/// eliminates `target`.
fn trial_target(
    links: &LinkIndex,
    kind: TrialKind,
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> TargetAnswer {
    let targets = CandidateSet::from_candidates([target]);
    for n in 1..=max_len {
        match te::find::find(links, kind, n, Some(&targets), 1, meter) {
            Err(stop) => return TargetAnswer::stopped(stop, n - 1),
            Ok(proofs) if !proofs.is_empty() => {
                return TargetAnswer::complete(proofs.into_iter().next())
            }
            Ok(_) => {}
        }
    }
    TargetAnswer {
        proof: None,
        stopped: None,
        searched_to: max_len,
        dead: false,
        proven_none: true,
    }
}

/// What one target's search gave.
#[derive(Clone, Debug)]
pub struct TargetAnswer {
    pub proof: Option<Proof>,
    /// The limit that stopped the search before it finished, if any.
    pub stopped: Option<Stop>,
    /// With `stopped`: the length up to which the answer is complete.
    pub searched_to: usize,
    /// Known to have no proof at any length (its partial chains or whips died out).
    pub dead: bool,
    /// No proof up to the length searched exists: an exhaustive search found none (set by
    /// the whip searches' exact search; false whenever that is not known, e.g. for a search
    /// that merges or caps its partial chains).
    pub proven_none: bool,
}

impl TargetAnswer {
    /// The answer, its proof recording that `technique` made it.
    fn made_by(mut self, technique: TechniqueId) -> TargetAnswer {
        self.proof = self.proof.map(|p| p.made_by(technique.name()));
        self
    }
    fn complete(proof: Option<Proof>) -> TargetAnswer {
        TargetAnswer {
            proof,
            stopped: None,
            searched_to: usize::MAX,
            dead: false,
            proven_none: false,
        }
    }
    fn stopped(stop: Stop, searched_to: usize) -> TargetAnswer {
        TargetAnswer {
            proof: None,
            stopped: Some(stop),
            searched_to,
            dead: false,
            proven_none: false,
        }
    }
}

/// A technique at one length: what the resolution strategy applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    pub technique: TechniqueId,
    pub length: usize,
}

impl Rule {
    /// A basic rule.
    pub fn basic(rule: BasicRule) -> Rule {
        TechniqueId::of(Search::Basic(rule)).rule(0)
    }
    /// A chain family at length `n`.
    pub fn chain(family: ChainFamily, n: usize) -> Rule {
        TechniqueId::of(Search::Chain(family)).rule(n)
    }
    /// A whip kind at length `n`.
    pub fn whip(kind: WhipKind, n: usize) -> Rule {
        TechniqueId::of(Search::Whip(kind)).rule(n)
    }

    /// This rule's place on the scale.
    pub fn place(self) -> Place {
        Place::of_rule(self.technique, self.length)
    }

    /// Every instance of this rule in the state (no cache kept: see [`Searcher`]).
    pub fn find(self, links: &LinkIndex) -> Vec<Proof> {
        Searcher::new().find(self, links, usize::MAX)
    }

    /// The first instance of this rule in the state, if any.
    pub fn first(self, links: &LinkIndex) -> Option<Proof> {
        Searcher::new().find(self, links, 1).into_iter().next()
    }
}

impl fmt::Display for Rule {
    /// `whip[4]`, `medusa[5]` (a level of a technique found whole), `x-wing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.technique;
        if t.is_fixed_size() && !(t.has_levels() && self.length > 0) {
            f.write_str(t.name())
        } else {
            write!(f, "{}[{}]", t.name(), self.length)
        }
    }
}

/// What of a [`Searcher`] a technique's searches fill and another technique's reuse on the
/// same state: the chain families share the chain memo and tables, every force chain and
/// net the state's net graphs and analyses (three modes on one analysis), tagging levels 2
/// and 3 level 2's clearings ([`TaggingCache`]); any other
/// technique keeps nothing another one reads. A caller that splits a state's techniques
/// among several searchers (explain's lanes) keeps techniques with one key on one searcher;
/// the answers are the same either way, only the work repeated differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearcherShare {
    Chains,
    Force,
    Tagging,
    Own(TechniqueId),
}

impl TechniqueId {
    /// What of a searcher this technique's searches share ([`SearcherShare`]).
    pub fn searcher_share(self) -> SearcherShare {
        match self.get().search {
            Search::Chain(_) => SearcherShare::Chains,
            Search::Force(_) => SearcherShare::Force,
            Search::Tagging(_) => SearcherShare::Tagging,
            Search::Basic(_)
            | Search::Subsets
            | Search::Whip(_)
            | Search::TypedWhip
            | Search::Hypothesis(_)
            | Search::Assistant(_)
            | Search::Hodoku(_)
            | Search::Trial(_)
            | Search::Ork(..)
            | Search::Imp630(_)
            | Search::Ser(_) => SearcherShare::Own(self),
        }
    }
}

/// Runs rules on states and owns what the searches remember between calls (the chain
/// searches' per-state results). The caller keeps one per job (a resolution path, a rated
/// puzzle) and drops it after: a `Searcher` holds no per-thread state (the chain search
/// keeps reusable buffers per thread, which hold no results).
#[derive(Default)]
pub struct Searcher {
    /// What the fixed-size techniques tried on a state share (the ALS list, the AIC
    /// graphs), kept while the state is the same.
    shared: Shared,
    chains: chains::ChainCache,
    force: ForceCache,
    hypotheses: HypothesisCache,
    tagging: TaggingCache,
    trials: TrialCache,
    /// Each technique found whole by level ([`Level::Found`]): its proofs on the last state.
    found: std::collections::HashMap<TechniqueId, FoundEntry>,
    /// The OR-k relations of eleven's patterns the job's path has asserted, as SudoRules
    /// keeps them (the Select schemes' relations).
    asserted: AssertedRelations,
    /// Whether it answers questions about one target of a state only ([`Searcher::for_one_target`]).
    one_target: bool,
    /// The job's limits ([`Searcher::within`]; none by default), checked before each rule
    /// and inside the searches that grow fastest (whips and braids, force nets,
    /// hypotheses and the depth modes).
    meter: Meter,
    /// The limit that stopped a search, and the rule it stopped: from then on every rule
    /// answers nothing.
    stopped: Option<Stopped>,
    /// The first rule of the last [`Searcher::first_step`] whose search its own work bound
    /// cut before it found anything (the large fish: [`crate::fish::search`]'s
    /// bound): that rule may hold a step in the state, so a step of a later rule is not
    /// surely the simplest, and no step at all is a cut, not a stuck state.
    passed_over: Option<Stopped>,
}

/// A limit that stopped a [`Searcher`], and the rule it was about to search or searching
/// (every rule before it in the list was searched to the end on that state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    pub stop: Stop,
    pub rule: Rule,
}

/// The proofs of a technique found whole on one state, each with its level, and the digits
/// whose search its work bound cut.
struct FoundEntry {
    key: CandidateSet,
    proofs: Vec<(usize, Proof)>,
    cut: Vec<sudolink_engine::grid::Digit>,
}

/// Level 2's clearings of the last state. Level 3 starts with level 2's search and stops
/// there when it has clearings ([`tagging3::level3_with_stats`]), so tag3 reads them here
/// instead of searching level 2 again.
#[derive(Default)]
struct TaggingCache {
    level2: Option<(sudolink_engine::grid::CandidateSet, Vec<Proof>)>,
}

impl TaggingCache {
    /// The clearings of full tagging at `level` (1, 2 or 3), those of [`tagging_find`];
    /// level 3's extension passes within `meter`.
    fn find(
        &mut self,
        level: u8,
        links: &LinkIndex,
        meter: &mut Meter,
    ) -> Result<Vec<Proof>, Stop> {
        if level == 1 {
            return Ok(tagging::level1(links));
        }
        let key = *links.open();
        if self.level2.as_ref().is_none_or(|(k, _)| *k != key) {
            self.level2 = Some((key, tagging2::level2(links)));
        }
        let two = &self.level2.as_ref().expect("just set").1;
        if level == 2 || !two.is_empty() {
            return Ok(two.clone());
        }
        tagging3::level3_within(links, meter).map(|(proofs, _)| proofs)
    }
}

/// The candidates each trial rule refuted in the state of its last full pass. T&E is
/// monotone (a candidate refuted in a state is refuted in every smaller one), so while a
/// resolution path moves to smaller states the rule builds proofs for those candidates
/// (each trial run again, on the new state, and checked there) before it makes another
/// full pass.
#[derive(Default)]
struct TrialCache {
    entries: std::collections::HashMap<(TrialKind, usize), (CandidateSet, CandidateSet)>,
}

impl TrialCache {
    /// Up to `limit` proofs of `kind` at `length` in the state.
    fn find(
        &mut self,
        links: &LinkIndex,
        kind: TrialKind,
        length: usize,
        limit: usize,
        meter: &mut Meter,
    ) -> Result<Vec<Proof>, Stop> {
        let open = *links.open();
        if let Some((at, refuted)) = self.entries.get(&(kind, length)) {
            let still = refuted.intersection(&open);
            if open.is_subset(at) && !still.is_empty() {
                let proofs = te::find::find(links, kind, length, Some(&still), limit, meter)?;
                if !proofs.is_empty() {
                    return Ok(proofs);
                }
            }
        }
        let refuted = te::find::refuted_in(links, kind, length, meter)?;
        self.entries.insert((kind, length), (open, refuted));
        if refuted.is_empty() {
            return Ok(Vec::new());
        }
        te::find::find(links, kind, length, Some(&refuted), limit, meter)
    }
}

/// Each hypothesis technique's proofs of the last state (shortest first), computed once:
/// the resolution strategy asks for them length by length, explain target by target.
#[derive(Default)]
struct HypothesisCache {
    entries:
        std::collections::HashMap<ForceMode, (sudolink_engine::grid::CandidateSet, Vec<Proof>)>,
}

impl HypothesisCache {
    /// The state's proofs of `mode`, computed once under `meter` (not kept when a limit
    /// stopped it).
    fn proofs(
        &mut self,
        mode: ForceMode,
        links: &LinkIndex,
        meter: &mut Meter,
    ) -> Result<&[Proof], Stop> {
        let key = *links.open();
        if self.entries.get(&mode).is_none_or(|(k, _)| *k != key) {
            let answer = hypothesis::find(mode, links, None, meter);
            if let Some(stop) = answer.stopped {
                return Err(stop);
            }
            self.entries.insert(mode, (key, answer.proofs));
        }
        Ok(&self.entries.get(&mode).expect("just inserted").1)
    }
}

/// The force analysis of the last state at each level and form (shared by the three
/// modes), with the proofs built from it so far: the resolution strategy asks for them
/// length by length, so the analysis derives only what each length needs
/// ([`force::ForceAnalysis::up_to`]); explain asks target by target, for every length.
#[derive(Default)]
struct ForceCache {
    entries: std::collections::HashMap<(LinkLevel, NetForm), ForceEntry>,
    /// The last state's graph parts (and links), and its assumptions and choices, shared
    /// by its analyses.
    graphs: Option<(crate::net::StateGraphs, force::StateChoices)>,
    /// Propagations of earlier states' analyses, reused by the next ones (their memory
    /// only: each is reset when it starts). Not kept beyond the searcher: propagations
    /// kept from puzzle to puzzle on a thread made a collection's solve slower (the
    /// memory of the largest runs stays in use) and doubled its peak memory.
    pool: crate::net::PropagationPool,
}

struct ForceEntry {
    key: sudolink_engine::grid::CandidateSet,
    analysis: force::ForceAnalysis,
    /// Per mode: the proofs built, by conclusion index.
    built: [std::collections::HashMap<usize, Proof>; 3],
}

impl ForceCache {
    /// The state's analysis for `spec`'s level and form, started lazily, and whether it is
    /// new.
    fn entry(&mut self, spec: ForceSpec, links: &LinkIndex) -> (&mut ForceEntry, bool) {
        let key = *links.open();
        let slot = (spec.level, spec.form);
        let fresh = self.entries.get(&slot).is_none_or(|e| e.key != key);
        if fresh {
            if let Some(old) = self.entries.remove(&slot) {
                old.analysis.recycle(&mut self.pool);
            }
            if self
                .graphs
                .as_ref()
                .is_none_or(|(g, _)| g.links().open() != links.open())
            {
                let shared = std::sync::Arc::new(links.clone());
                self.graphs = Some((
                    crate::net::StateGraphs::new(shared),
                    force::StateChoices::new(links),
                ));
            }
            let (graphs, choices) = self.graphs.as_mut().expect("just set");
            let graph = graphs.graph(spec.level, spec.form);
            self.entries.insert(
                slot,
                ForceEntry {
                    key,
                    analysis: force::ForceAnalysis::lazy_shared(graph, choices, &mut self.pool),
                    built: Default::default(),
                },
            );
        }
        (self.entries.get_mut(&slot).expect("just inserted"), fresh)
    }

    /// Up to `limit` proofs of `spec` of exactly `length`, in the analysis' order; the
    /// analysis is carried to `length` under `meter` (a stopped one is not kept).
    fn of_length(
        &mut self,
        spec: ForceSpec,
        links: &LinkIndex,
        length: usize,
        limit: usize,
        meter: &mut Meter,
    ) -> Result<Vec<Proof>, Stop> {
        let (entry, _) = self.entry(spec, links);
        if let Err(stop) = entry.analysis.up_to_within(length, meter) {
            self.entries.remove(&(spec.level, spec.form));
            return Err(stop);
        }
        let picks: Vec<usize> = entry
            .analysis
            .lengths(spec.mode)
            .enumerate()
            .filter(|(_, (_, _, l))| *l == length)
            .map(|(i, _)| i)
            .take(limit)
            .collect();
        Ok(picks
            .into_iter()
            .filter_map(|i| entry.proof(spec.mode, i))
            .collect())
    }

    /// The shortest proof of `spec` concluding `target` false (`value` false: an
    /// elimination) or true (a placement, from a cell or house verity), of length at most
    /// `max_len`. A
    /// new state's analysis is finished under `meter` (and not kept when a limit stops it);
    /// one the resolution already started is finished without charging it.
    fn search_target(
        &mut self,
        spec: ForceSpec,
        links: &LinkIndex,
        (target, value): (Candidate, bool),
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        let (entry, fresh) = self.entry(spec, links);
        let finished = if fresh {
            entry.analysis.finish(meter)
        } else {
            entry.analysis.finish(&mut Meter::unlimited())
        };
        if let Err(stop) = finished {
            self.entries.remove(&(spec.level, spec.form));
            return TargetAnswer::stopped(stop, 0);
        }
        entry.analysis.up_to(max_len);
        let pick = entry
            .analysis
            .lengths(spec.mode)
            .position(|(c, v, l)| c == target && v == value && l <= max_len);
        TargetAnswer::complete(pick.and_then(|i| entry.proof(spec.mode, i)))
    }
}

impl ForceEntry {
    fn proof(&mut self, mode: ForceMode, i: usize) -> Option<Proof> {
        let m = mode.index();
        if !self.built[m].contains_key(&i) {
            let proof = self.analysis.proof(mode, i)?;
            self.built[m].insert(i, proof);
        }
        self.built[m].get(&i).cloned()
    }
}

impl Searcher {
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// A searcher whose chain searches never take one of `known_true` as a target: the
    /// candidates of the puzzle's solution, which no sound proof eliminates (a caller that
    /// knows the solution checks every proof against it too). Every other target's answer
    /// is the same as [`Searcher::new`]'s, so a `find` gives the same proofs unless one of
    /// them would have eliminated a true candidate.
    pub fn sparing(known_true: CandidateSet) -> Searcher {
        Searcher {
            chains: chains::ChainCache::sparing(known_true),
            ..Searcher::default()
        }
    }

    /// A searcher for one target's question on a state (explain's rows): its disproof
    /// searches (hypothesis, depth, depth2) assume the target alone instead of every
    /// candidate of the state (which a searcher keeps for the state's other targets). Each
    /// assumption's disproof is a proof of its own, so the answers are the same.
    pub fn for_one_target() -> Searcher {
        Searcher {
            one_target: true,
            ..Searcher::default()
        }
    }

    /// A searcher whose rules run within `limits`: once one of them is reached (before a
    /// rule, or inside a search that checks it) the searcher answers nothing more and
    /// [`Searcher::stopped`] says which limit it was, so a resolution that ends there is
    /// cut, not stuck.
    pub fn within(limits: Limits) -> Searcher {
        Searcher {
            meter: Meter::new(limits),
            ..Searcher::default()
        }
    }

    /// This searcher with `meter` instead of its own: a job that makes a searcher per state
    /// carries one meter through all of them ([`Searcher::meter`]), so a work budget counts
    /// the whole job.
    pub fn with_meter(mut self, meter: Meter) -> Searcher {
        self.meter = meter;
        self
    }

    /// The meter of this searcher's limits, with what its searches spent.
    pub fn meter(&self) -> &Meter {
        &self.meter
    }

    /// The limit that stopped this searcher's rules, if one did.
    pub fn stopped(&self) -> Option<Stopped> {
        self.stopped
    }

    /// [`Searcher::find`] under `limits` for this search alone (the searcher's own meter
    /// and stop are left as they were): `Err` with the limit that stopped it.
    pub fn find_within(
        &mut self,
        rule: Rule,
        links: &LinkIndex,
        limit: usize,
        limits: Limits,
    ) -> Result<Vec<Proof>, Stop> {
        let meter = std::mem::replace(&mut self.meter, Meter::new(limits));
        let stopped = self.stopped.take();
        let proofs = self.find(rule, links, limit);
        let stop = std::mem::replace(&mut self.stopped, stopped);
        self.meter = meter;
        match stop {
            Some(s) => Err(s.stop),
            None => Ok(proofs),
        }
    }

    /// Up to `limit` instances of `rule` in the state, each recording its technique.
    pub fn find(&mut self, rule: Rule, links: &LinkIndex, limit: usize) -> Vec<Proof> {
        let name = rule.technique.name();
        if self.stopped.is_some() {
            return Vec::new();
        }
        if let Some(stop) = self.meter.check() {
            self.stopped = Some(Stopped { stop, rule });
            return Vec::new();
        }
        let proofs = match self.find_unrecorded(rule, links, limit) {
            Ok(proofs) => proofs,
            Err(stop) => {
                self.stopped = Some(Stopped { stop, rule });
                Vec::new()
            }
        };
        proofs.into_iter().map(|p| p.made_by(name)).collect()
    }

    fn find_unrecorded(
        &mut self,
        rule: Rule,
        links: &LinkIndex,
        limit: usize,
    ) -> Result<Vec<Proof>, Stop> {
        if rule.technique.has_levels() && rule.length > 0 {
            return self.found_at(rule, links, limit);
        }
        Ok(match rule.technique.get().search {
            Search::Basic(b) => basic::find_in(b, self.shared.view(links).masks()),
            Search::Subsets => sudorules_subsets(links, rule.length)
                .into_iter()
                .take(limit)
                .collect(),
            Search::Assistant(a) if limit == 1 => {
                a.first(&self.shared.view(links)).into_iter().collect()
            }
            Search::Assistant(a) => a.find(&self.shared.view(links)),
            Search::Tagging(level) => self.tagging.find(level, links, &mut self.meter)?,
            Search::Hodoku(HodokuRule::Fish {
                shape,
                min_size,
                max_size,
            }) => {
                let sizes = min_size as usize..=max_size as usize;
                let s = crate::fish::search(links, shape, false, sizes);
                if s.proofs.is_empty() && !s.cut.is_empty() {
                    self.passed_over.get_or_insert(Stopped {
                        stop: Stop::SearchBudget,
                        rule,
                    });
                }
                s.proofs.into_iter().take(limit).collect()
            }
            Search::Hodoku(rule) if limit == 1 => {
                rule.first(&self.shared.view(links)).into_iter().collect()
            }
            Search::Hodoku(rule) => rule.find(&self.shared.view(links)),
            Search::Chain(f) => {
                self.chains
                    .find(links, f, rule.length, limit, chains::Options::default())
            }
            Search::Whip(k) => whips::find_within(links, k, rule.length, limit, &mut self.meter)?,
            Search::TypedWhip => {
                whips::find_typed_within(links, rule.length, limit, &mut self.meter)?
            }
            Search::Force(spec) => {
                self.force
                    .of_length(spec, links, rule.length, limit, &mut self.meter)?
            }
            // on a path, the Imp630 relations it asserted (at level 3 and above, as SudoRules'
            // rules fire, in the state first)
            Search::Ork(kind, max_k, Sources::WithImp630(j)) => {
                if rule.length >= ASSERTING_LEVEL {
                    self.asserted.assert_in(links, j);
                }
                let held = self.asserted.relations(links, j);
                ork::find_within_from(
                    links,
                    (kind, max_k),
                    ork::Imp630From::Given(held),
                    rule.length,
                    limit,
                    &mut self.meter,
                )?
            }
            Search::Ork(kind, max_k, sources) => ork::find_within_k(
                links,
                (kind, max_k, sources),
                rule.length,
                limit,
                &mut self.meter,
            )?,
            Search::Imp630(j) => {
                self.asserted.assert_in(links, j);
                self.asserted.eliminations(links, j)
            }
            Search::Trial(kind) => {
                self.trials
                    .find(links, kind, rule.length, limit, &mut self.meter)?
            }
            Search::Ser(producer) => explainer_hint(producer, links, &self.meter)?
                .into_iter()
                .collect(),
            Search::Hypothesis(mode) => self
                .hypotheses
                .proofs(mode, links, &mut self.meter)?
                .iter()
                .filter(|p| p.length == rule.length)
                .take(limit)
                .cloned()
                .collect(),
        })
    }

    /// Up to `limit` proofs of a technique found whole at the rule's level; a level with
    /// none where the search's work bound cut a digit is passed over
    /// ([`Searcher::passed_over`]).
    fn found_at(
        &mut self,
        rule: Rule,
        links: &LinkIndex,
        limit: usize,
    ) -> Result<Vec<Proof>, Stop> {
        let mut meter = std::mem::take(&mut self.meter);
        let found = self.found_all(rule.technique, links, &mut meter).map(|e| {
            let at: Vec<Proof> = e
                .proofs
                .iter()
                .filter(|(level, _)| *level == rule.length)
                .take(limit)
                .map(|(_, p)| p.clone())
                .collect();
            (at, !e.cut.is_empty())
        });
        self.meter = meter;
        let (at, cut) = found?;
        if at.is_empty() && cut {
            self.passed_over.get_or_insert(Stopped {
                stop: Stop::SearchBudget,
                rule,
            });
        }
        Ok(at)
    }

    /// The first step of the first rule (in the given order) that has one.
    /// [`Searcher::passed_over`] then says whether a rule before it was cut by its own work
    /// bound with nothing found.
    pub fn first_step(&mut self, rules: &[Rule], links: &LinkIndex) -> Option<Proof> {
        self.passed_over = None;
        rules
            .iter()
            .find_map(|&r| self.find(r, links, 1).into_iter().next())
    }

    /// The first rule of the last [`Searcher::first_step`] that its own work bound cut
    /// with nothing found (then a step of a later rule may not be the simplest).
    pub fn passed_over(&self) -> Option<Stopped> {
        self.passed_over
    }

    /// [`TechniqueId::search_target`], with this searcher's chain cache.
    pub fn search_target(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        self.search_target_unrecorded(technique, links, target, max_len, meter)
            .made_by(technique)
    }

    fn search_target_unrecorded(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        if let Search::Force(spec) = technique.get().search {
            // every conclusion of the state at once, kept for the state's other targets
            return self
                .force
                .search_target(spec, links, (target, false), max_len, meter);
        }
        if let Search::Hypothesis(mode) = technique.get().search {
            let disproof = mode == ForceMode::Hypothesis || mode.is_depth();
            if self.one_target && disproof {
                return self.target_unrecorded(technique, links, target, max_len, meter);
            }
            // every conclusion of the state at once, kept for the state's other targets
            return self.hypothesis_answer(mode, links, meter, |p| {
                p.eliminations.contains(&target) && p.length <= max_len
            });
        }
        self.target_unrecorded(technique, links, target, max_len, meter)
    }

    /// The shortest proof of `technique` placing `target` (length ≤ `max_len`, a
    /// fixed-size technique's first proof asserting it), for the techniques that can assert
    /// a value ([`TechniqueId::may_place`]); an empty answer for the others.
    pub fn search_placement(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        self.search_placement_unrecorded(technique, links, target, max_len, meter)
            .made_by(technique)
    }

    /// The first of the state's hypothesis proofs (computed once a state) that `wanted`
    /// accepts.
    fn hypothesis_answer(
        &mut self,
        mode: ForceMode,
        links: &LinkIndex,
        meter: &mut Meter,
        wanted: impl Fn(&Proof) -> bool,
    ) -> TargetAnswer {
        match self.hypotheses.proofs(mode, links, meter) {
            Ok(proofs) => TargetAnswer::complete(proofs.iter().find(|p| wanted(p)).cloned()),
            Err(stop) => TargetAnswer::stopped(stop, 0),
        }
    }

    fn search_placement_unrecorded(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        if let Some(stop) = meter.check() {
            return TargetAnswer::stopped(stop, 0);
        }
        match technique.get().search {
            Search::Force(spec) if spec.mode != ForceMode::Contradiction => self
                .force
                .search_target(spec, links, (target, true), max_len, meter),
            Search::Hypothesis(mode) => self.hypothesis_answer(mode, links, meter, |p| {
                p.assertions.contains(&target) && p.length <= max_len
            }),
            Search::Ork(kind, max_k, sources) if kind.is_forcing() => {
                match ork::search_placement_k(links, (kind, max_k, sources), target, max_len, meter)
                {
                    Ok(proof) => TargetAnswer {
                        proof,
                        stopped: None,
                        searched_to: max_len,
                        dead: false,
                        proven_none: false,
                    },
                    Err(stop) => TargetAnswer::stopped(stop, 0),
                }
            }
            _ if technique.is_fixed_size() => TargetAnswer::complete(
                self.find(technique.rule(0), links, usize::MAX)
                    .into_iter()
                    .find(|p| p.assertions.contains(&target)),
            ),
            _ => TargetAnswer::complete(None),
        }
    }
}

impl Searcher {
    /// One target's search in `technique`: the one dispatch of a target's question on
    /// [`Search`] ([`Searcher::find_unrecorded`] is the rule's).
    fn target_unrecorded(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        if let Some(stop) = meter.check() {
            return TargetAnswer::stopped(stop, 0);
        }
        let concludes = |p: &Proof| p.eliminations.contains(&target);
        if technique.has_levels() {
            return self.found_target(technique, links, (target, max_len), meter, concludes);
        }
        match technique.get().search {
            Search::Subsets => TargetAnswer::complete(
                (2..=max_len.min(4))
                    .flat_map(|n| sudorules_subsets(links, n))
                    .find(concludes),
            ),
            Search::Basic(b) => TargetAnswer::complete(
                basic::find(b, links)
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            Search::Assistant(a) => TargetAnswer::complete(
                a.find(&Shared::new().view(links))
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            // a target's question on one state: every relation of the state
            Search::Imp630(j) => TargetAnswer::complete(
                crate::imp630::find(links, j)
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            Search::Tagging(level) => TargetAnswer::complete(
                tagging_find(level, links)
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            // SE's hint in the state: a target it does not touch has no SE step here
            Search::Ser(producer) => match explainer_hint(producer, links, meter) {
                Ok(hint) => {
                    TargetAnswer::complete(hint.filter(|p| p.eliminations.contains(&target)))
                }
                Err(stop) => TargetAnswer::stopped(stop, 0),
            },
            Search::Hodoku(HodokuRule::Fish {
                shape,
                min_size,
                max_size,
            }) => {
                // the large sizes' search has a work bound: a digit it cut has no "none"
                let sizes = min_size as usize..=max_size as usize;
                let s = crate::fish::search(links, shape, false, sizes);
                let proof = s
                    .proofs
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target));
                if proof.is_none() && s.cut.contains(&target.digit()) {
                    TargetAnswer::stopped(Stop::SearchBudget, 0)
                } else {
                    TargetAnswer::complete(proof)
                }
            }
            Search::Hodoku(rule) => TargetAnswer::complete(
                rule.find(&Shared::new().view(links))
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            Search::Chain(f) => {
                // a question about one target is answered exactly: every partial chain is
                // kept (no `same_rights` cap, which can miss the shortest chain), within
                // the node budget; the resolution strategy's `find` keeps the cap
                let options = chains::Options {
                    max_nodes: meter.per_search_nodes(chains::DEFAULT_MAX_NODES),
                    same_rights: 0,
                    ..chains::Options::default()
                };
                let s = self
                    .chains
                    .search_target(links, f, target, max_len, options);
                meter.spend(s.nodes);
                if s.complete {
                    TargetAnswer::complete(s.proof)
                } else {
                    TargetAnswer {
                        proof: s.proof,
                        stopped: Some(meter.check().unwrap_or(Stop::SearchBudget)),
                        searched_to: s.depth,
                        dead: false,
                        proven_none: false,
                    }
                }
            }
            Search::Hypothesis(mode) => {
                let targets = sudolink_engine::grid::CandidateSet::from_candidates([target]);
                let a = hypothesis::find(mode, links, Some(&targets), meter);
                TargetAnswer {
                    proof: a
                        .proofs
                        .into_iter()
                        .find(|p| p.eliminations.contains(&target) && p.length <= max_len),
                    searched_to: if a.stopped.is_some() { 0 } else { usize::MAX },
                    stopped: a.stopped,
                    dead: false,
                    proven_none: false,
                }
            }
            Search::Force(spec) => {
                let a = force::search_target(links, spec, target, max_len, meter);
                TargetAnswer {
                    proof: a.proofs.into_iter().next(),
                    searched_to: if a.stopped.is_some() { 0 } else { usize::MAX },
                    stopped: a.stopped,
                    dead: false,
                    proven_none: false,
                }
            }
            Search::Trial(kind) => trial_target(links, kind, target, max_len, meter),
            Search::Ork(kind, max_k, sources) => {
                match ork::search_target_k(links, (kind, max_k, sources), target, max_len, meter) {
                    Ok(proof) => TargetAnswer {
                        proof,
                        stopped: None,
                        searched_to: max_len,
                        dead: false,
                        proven_none: false,
                    },
                    Err(stop) => TargetAnswer::stopped(stop, 0),
                }
            }
            Search::TypedWhip | Search::Whip(_) => {
                whip_target(technique.get().search, links, target, max_len, meter)
            }
        }
    }
    /// Every proof of a technique found whole ([`Level::Found`]) on the state, each at its
    /// level, computed once a state; with the digits whose search its work bound cut (the
    /// large fish: [`crate::fish::search`]).
    fn found_all(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        meter: &mut Meter,
    ) -> Result<&FoundEntry, Stop> {
        let key = *links.open();
        let fresh = self.found.get(&technique).is_none_or(|e| e.key != key);
        if fresh {
            let mut cut = Vec::new();
            let proofs = match technique.get().search {
                Search::Hodoku(HodokuRule::Fish {
                    shape,
                    min_size,
                    max_size,
                }) => {
                    let sizes = min_size as usize..=max_size as usize;
                    let s = crate::fish::search(links, shape, false, sizes);
                    cut = s.cut;
                    s.proofs
                }
                Search::Tagging(level) => self.tagging.find(level, links, meter)?,
                Search::Assistant(a) => a.find(&self.shared.view(links)),
                Search::Hodoku(rule) => rule.find(&self.shared.view(links)),
                other => unreachable!("{other:?} is not found whole by level"),
            };
            let proofs = proofs
                .into_iter()
                .map(|p| (level_of(technique, &p), p))
                .collect();
            self.found
                .insert(technique, FoundEntry { key, proofs, cut });
        }
        Ok(self.found.get(&technique).expect("just filled"))
    }

    /// The shortest proof of a technique found whole that `concludes` what is asked, of
    /// level ≤ `max_len`.
    fn found_target(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        (target, max_len): (Candidate, usize),
        meter: &mut Meter,
        concludes: impl Fn(&Proof) -> bool,
    ) -> TargetAnswer {
        let entry = match self.found_all(technique, links, meter) {
            Ok(entry) => entry,
            Err(stop) => return TargetAnswer::stopped(stop, 0),
        };
        let proof = entry
            .proofs
            .iter()
            .filter(|(level, p)| *level <= max_len && concludes(p))
            .min_by_key(|(level, _)| *level)
            .map(|(_, p)| p.clone());
        if proof.is_none() && entry.cut.contains(&target.digit()) {
            return TargetAnswer::stopped(Stop::SearchBudget, 0);
        }
        TargetAnswer {
            proof,
            stopped: None,
            searched_to: max_len,
            dead: false,
            proven_none: false,
        }
    }
}

/// The clearings of full tagging at a level (1, 2 or 3).
/// The hint Sudoku Explainer's `producer` shows in the state (its first), as one proof: the
/// first of its step's proofs (a direct hint's interaction or subset, before the single it
/// leaves), each of which `proof::check` verifies on the state alone. Searched within the
/// meter's time and memory limits (the nested chaining producers take a minute on the
/// hardest grids): `Err` with the limit that stopped it.
fn explainer_hint(
    producer: Producer,
    links: &LinkIndex,
    meter: &Meter,
) -> Result<Option<Proof>, Stop> {
    let Some(state) = links.state() else {
        return Ok(None);
    };
    let interrupt = std::rc::Rc::new(se::Interrupt::new(*meter.limits()));
    let step = producer.first_hint_within(&se::SeGrid::from_state(&state), &interrupt);
    if let Some(stop) = interrupt.stopped() {
        return Err(stop);
    }
    Ok(step.and_then(|s| s.proofs.into_iter().next()))
}

fn tagging_find(level: u8, links: &LinkIndex) -> Vec<Proof> {
    match level {
        1 => tagging::level1(links),
        2 => tagging2::level2(links),
        _ => tagging3::level3(links),
    }
}

/// SudoRules' Subsets of size `n` (2 to 4; none otherwise) in its order: naked, hidden, then
/// super-hidden (the fish of rows against columns).
fn sudorules_subsets(links: &LinkIndex, n: usize) -> Vec<Proof> {
    if !(2..=4).contains(&n) {
        return Vec::new();
    }
    [
        BasicRule::NakedSubset(n),
        BasicRule::HiddenSubset(n),
        BasicRule::Fish(n),
    ]
    .into_iter()
    .flat_map(|b| basic::find(b, links))
    .collect()
}

/// Sudoku Explainer's producers in SE's order: the `sudoku-explainer` techniques in the
/// registry's order (SER's rating loop asks them so).
pub fn explainer_order() -> Vec<Producer> {
    TechniqueId::all()
        .filter_map(|t| match t.get().search {
            Search::Ser(p) => Some(p),
            _ => None,
        })
        .collect()
}

/// The basic rules (Berthier's L4_0 level) in their order.
pub fn basic_rules() -> Vec<Rule> {
    TechniqueId::all()
        .filter(|t| t.is_basic())
        .map(|t| t.rule(0))
        .collect()
}

/// The rules of `techniques` with lengths up to `max_len` (each technique's cap within it),
/// in the scale's order ([`Place`]): the one simplest-first order every rule list has.
pub fn rules_in_order(techniques: &[TechniqueId], max_len: usize) -> Vec<Rule> {
    let mut rules: Vec<Rule> = techniques
        .iter()
        .flat_map(|t| t.rules_up_to(max_len, None))
        .collect();
    rules.sort_by_key(|r| r.place());
    rules.dedup();
    rules
}

/// The rules of a list of techniques, simplest first: the basic rules and the list's, in
/// the scale's order ([`rules_in_order`]), whatever the list's order.
pub fn rules_with_basic(techniques: &[TechniqueId], max_len: usize) -> Vec<Rule> {
    let basic = TechniqueId::all().filter(|t| t.is_basic());
    let all: Vec<TechniqueId> = basic.chain(techniques.iter().copied()).collect();
    rules_in_order(&all, max_len)
}

/// The rules of tiers of techniques (see [`parse_tiers`]): the basic rules, then each tier
/// in turn, whole — its techniques found whole (each whole, at any length), then the ones
/// searched by length, length by length 1..=`max_len`, in the registry's order within the
/// tier. A later tier is tried only where no rule of an earlier one applies, at any
/// length: HoDoKu's order, where forcing chains of every length come before forcing nets.
/// Not the scale's order: the user's. One tier of techniques searched by length gives
/// [`rules_with_basic`]'s list.
pub fn rules_in_tiers(tiers: &[Vec<TechniqueId>], max_len: usize) -> Vec<Rule> {
    let mut rules = basic_rules();
    for tier in tiers {
        rules.extend(tier_rules_with(tier, max_len, false));
    }
    rules
}

/// The rules of tiers that place the basic rules themselves (HoDoKu's order, see
/// [`parse_tiers`]): each tier in turn, whole, its basic techniques included where it puts
/// them; only the basic rules no tier names come first.
pub fn rules_in_tiers_placing_basic(tiers: &[Vec<TechniqueId>], max_len: usize) -> Vec<Rule> {
    let placed = |t: &TechniqueId| tiers.iter().any(|tier| tier.contains(t));
    let mut rules: Vec<Rule> = basic_rules()
        .into_iter()
        .filter(|r| !placed(&r.technique))
        .collect();
    for tier in tiers {
        rules.extend(tier_rules_with(tier, max_len, true));
    }
    rules
}

/// One tier's rules: techniques found whole, each whole (the basic ones only when
/// `with_basic`), then those searched by length, length by length, in the registry's
/// order within the tier.
fn tier_rules_with(techniques: &[TechniqueId], max_len: usize, with_basic: bool) -> Vec<Rule> {
    let mut sorted = techniques.to_vec();
    sorted.sort();
    let mut rules: Vec<Rule> = sorted
        .iter()
        .filter(|t| t.is_fixed_size() && (with_basic || !t.is_basic()))
        .map(|t| t.whole())
        .collect();
    let graded: Vec<TechniqueId> = sorted.into_iter().filter(|t| !t.is_fixed_size()).collect();
    for n in 1..=max_len {
        rules.extend(graded.iter().map(|t| t.rule(n)));
    }
    rules
}

/// The first step of the first rule (in the given order) that has one (a fresh
/// [`Searcher`]: keep one instead when stepping through a path).
pub fn first_step(rules: &[Rule], links: &LinkIndex) -> Option<Proof> {
    Searcher::new().first_step(rules, links)
}

/// A whip kind's or typed whips' answer for one target (`whips::search_target_metered`,
/// `whips::search_typed_target_metered`).
fn whip_target(
    search: Search,
    links: &LinkIndex,
    target: Candidate,
    max_len: usize,
    meter: &mut Meter,
) -> TargetAnswer {
    let s = match search {
        Search::Whip(k) => whips::search_target_metered(links, k, target, max_len, meter),
        _ => whips::search_typed_target_metered(links, target, max_len, meter),
    };
    TargetAnswer {
        searched_to: if s.stopped.is_some() {
            s.depth
        } else {
            max_len
        },
        proof: s.proof,
        stopped: s.stopped,
        dead: s.dead,
        proven_none: s.proven_none,
    }
}
