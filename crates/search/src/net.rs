//! The net-of-inferences engine (ARCHITECTURE.md, `search`'s `net`): assume a literal, follow
//! what it forces breadth-first to a fixpoint, keep for each literal its first (shortest)
//! derivation, and trace back the sub-net a conclusion needs.
//!
//! [`NetGraph`] is the state's inference graph at one [`LinkLevel`] and [`NetForm`], read
//! from [`LinkIndex`] and [`GroupIndex`] only:
//! - weak: a true candidate or group makes false every candidate and group nrc-linked to all
//!   of it;
//! - strong: a CSP variable split into two parts (candidates or groups): one false makes the
//!   other true; in the net form also the last open part of a variable whose other
//!   candidates are all false, several premises at once;
//! - subset: a false group makes its candidates false (net form: all members false make the
//!   group false);
//! - ALS: an almost-locked set (N cells of one house, N+1 digits, up to [`MAX_ALS_CELLS`]
//!   cells) whose candidates of one digit are all false is locked on the rest (chain form:
//!   the digit has one place in it, the one premise).
//!
//! [`Propagation`] runs one assumption and keeps, per node, its value and the inference that
//! first set it; a contradiction is a node derived both true and false (or, in the net form,
//! a variable with every candidate false). Nothing here knows a technique's name: the force
//! techniques ([`super::force`]) choose assumptions and read the results.
//!
//! **Memory**: one propagation holds a value and an inference index per node (at most 1,215
//! nodes) and its inference arena (at most one inference per literal plus one conflicting
//! one); it is reused across assumptions, never cloned per literal.

use std::sync::Arc;
use sudolink_engine::graph::als::{mask_cells, seeing_all};
use sudolink_engine::graph::groups::GroupIndex;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::VARIABLES_OF;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable, Digit, House};
use sudolink_engine::proof::net::{
    LinkLevel, NetBranch, NetForm, NetLink, NetLiteral, NetNode, NetStep,
};

mod sweep;
pub use sweep::{ChainSweep, SWEEP_WIDTH};

/// The largest ALS (cells) the ALS level uses.
pub const MAX_ALS_CELLS: usize = 5;

const UNKNOWN: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// The count of an ALS-digit slot of [`Propagation`] that has fired (a digit has at most
/// [`MAX_ALS_CELLS`] places in a set).
const ALS_FIRED: u32 = 0xFF;

/// What a strong link rests on: a cell (bivalue) or a house (a digit's places).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Support {
    #[default]
    Cell,
    House(House),
}

fn support_of(v: CspVariable) -> Support {
    match v {
        CspVariable::Rc(_) => Support::Cell,
        CspVariable::Rn(r, _) => Support::House(House::Row(r)),
        CspVariable::Cn(c, _) => Support::House(House::Column(c)),
        CspVariable::Bn(b, _) => Support::House(House::Block(b)),
    }
}

/// An almost-locked set: its house, cells and digits, and per digit where its places and
/// the candidates outside seeing them all are in [`AlsParts::cands`] (usually a few
/// candidates, cheaper to walk than a 729-bit set).
struct AlsEntry {
    house: House,
    /// Its cells as a mask (bit = cell index).
    mask: u128,
    digits: u16,
    /// Digit d's places are `cands[places_at[d]..outside_at[d]]`, the candidates outside
    /// seeing them all `cands[outside_at[d]..places_at[d + 1]]`.
    places_at: [u32; 10],
    outside_at: [u32; 9],
}

/// The state's links a graph reads: borrowed, or shared by the graphs a per-state cache
/// keeps (one copy for all its levels and forms).
enum Links<'a> {
    Borrowed(&'a LinkIndex),
    Shared(Arc<LinkIndex>),
}

impl std::ops::Deref for Links<'_> {
    type Target = LinkIndex;
    fn deref(&self) -> &LinkIndex {
        match self {
            Links::Borrowed(l) => l,
            Links::Shared(l) => l,
        }
    }
}

/// The parts of a state's inference graph that do not depend on the form: the plain links'
/// (and, from the groups level on, the groups'). Built once per state and level by
/// [`StateGraphs`] and shared by the chain and net forms, and by the groups and ALS levels.
struct LevelParts {
    /// Per candidate: the open candidates nrc-linked to it, in candidate order (a list is
    /// quicker to walk than a 729-bit set).
    linked: Arc<Adjacency<u16>>,
    groups: Option<GroupIndex>,
    /// Per candidate: the groups whose every candidate is nrc-linked to it.
    cand_weak_groups: Adjacency<u16>,
    /// Per candidate: the groups it belongs to.
    cand_in_groups: Adjacency<u16>,
    /// Per group: the groups of its digit, disjoint from it, linked to all of it.
    group_weak_groups: Adjacency<u16>,
    /// Per candidate: the groups whose first member it is.
    groups_by_first: Adjacency<u16>,
    /// Per node: the other part of a two-part variable, and the variable's support.
    strong: Adjacency<(u16, Support)>,
    variable_open: Vec<u8>,
    /// Per variable: its open candidates, in candidate order (the net form's last-part
    /// rule walks these few instead of a 729-bit set).
    variable_cands: Adjacency<u16>,
}

/// The ALS level's almost-locked sets, shared by both forms, in flat lists (a state has
/// hundreds of sets: no list of its own for each).
struct AlsParts {
    als: Vec<AlsEntry>,
    /// The sets' places and outside candidates, digit by digit ([`AlsEntry`]).
    cands: Vec<Candidate>,
    /// Per candidate: the sets it is inside (the net form fires them), in set order.
    cand_als: Adjacency<u32>,
    /// Per candidate: the sets where it is its digit's one place (the chain form fires an
    /// ALS only from such a place), in set order.
    cand_als_single: Adjacency<u32>,
}

/// Per candidate (or node), a list of items, all in one array: the lists of a state's
/// graph are built once and only read.
struct Adjacency<T = u32> {
    /// List `i` is `items[at[i]..at[i + 1]]`.
    at: Vec<u32>,
    items: Vec<T>,
}

/// No keys: what a level without groups has for its group lists, until they are built.
impl<T> Default for Adjacency<T> {
    fn default() -> Adjacency<T> {
        Adjacency {
            at: vec![0],
            items: Vec::new(),
        }
    }
}

impl<T: Copy + Default> Adjacency<T> {
    /// The lists of `n` keys from (key, item) pairs, each list in the pairs' order.
    fn from_pairs(n: usize, pairs: &[(u32, T)]) -> Adjacency<T> {
        let mut at = vec![0u32; n + 1];
        for &(key, _) in pairs {
            at[key as usize + 1] += 1;
        }
        for i in 0..n {
            at[i + 1] += at[i];
        }
        let mut next = at.clone();
        let mut items = vec![T::default(); pairs.len()];
        for &(key, item) in pairs {
            items[next[key as usize] as usize] = item;
            next[key as usize] += 1;
        }
        Adjacency { at, items }
    }

    #[inline]
    fn of(&self, key: usize) -> &[T] {
        &self.items[self.at[key] as usize..self.at[key + 1] as usize]
    }

    /// How many keys it has lists for.
    fn keys(&self) -> usize {
        self.at.len() - 1
    }
}

/// A state's graph parts, built on first use and shared by the graphs of every level and
/// form asked of it (the force techniques' per-state cache asks for all six).
pub struct StateGraphs {
    links: Arc<LinkIndex>,
    plain: Option<Arc<LevelParts>>,
    grouped: Option<Arc<LevelParts>>,
    als: Option<Arc<AlsParts>>,
}

impl StateGraphs {
    pub fn new(links: Arc<LinkIndex>) -> StateGraphs {
        StateGraphs {
            links,
            plain: None,
            grouped: None,
            als: None,
        }
    }

    /// The state's links.
    pub fn links(&self) -> &Arc<LinkIndex> {
        &self.links
    }

    /// The graph at `level` and `form`, on parts built once for the state.
    pub fn graph(&mut self, level: LinkLevel, form: NetForm) -> NetGraph<'static> {
        let links = &self.links;
        // the linked lists are the same at both levels: built once
        let with_groups = level >= LinkLevel::Groups;
        let (slot, other) = if with_groups {
            (&mut self.grouped, &self.plain)
        } else {
            (&mut self.plain, &self.grouped)
        };
        let linked = other.as_ref().map(|p| p.linked.clone());
        let parts = slot
            .get_or_insert_with(|| Arc::new(LevelParts::new(links, with_groups, linked)))
            .clone();
        let als = (level == LinkLevel::Als).then(|| {
            self.als
                .get_or_insert_with(|| Arc::new(AlsParts::new(links)))
                .clone()
        });
        NetGraph::from_parts(Links::Shared(self.links.clone()), level, form, parts, als)
    }
}

/// The inference graph of one state at one level and form.
pub struct NetGraph<'a> {
    links: Links<'a>,
    pub level: LinkLevel,
    pub form: NetForm,
    parts: Arc<LevelParts>,
    /// The ALS level's sets (None below it).
    als: Option<Arc<AlsParts>>,
    /// Whether a variable with every candidate false is a contradiction in the chain form
    /// too (it always is in the net form): Hanson's hypotheses check it.
    empty_variables: bool,
}

impl<'a> NetGraph<'a> {
    /// Build the graph. **Complexity**: the groups' links (486 segments), the strong parts
    /// of the 324 variables, and at the ALS level every subset of up to [`MAX_ALS_CELLS`]
    /// open cells of each house.
    pub fn new(links: &'a LinkIndex, level: LinkLevel, form: NetForm) -> NetGraph<'a> {
        let parts = Arc::new(LevelParts::new(links, level >= LinkLevel::Groups, None));
        let als = (level == LinkLevel::Als).then(|| Arc::new(AlsParts::new(links)));
        NetGraph::from_parts(Links::Borrowed(links), level, form, parts, als)
    }

    /// The graph on a shared copy of the state's links, to be kept beyond the caller's
    /// borrow ([`StateGraphs`] shares the parts of several levels and forms).
    pub fn shared(links: Arc<LinkIndex>, level: LinkLevel, form: NetForm) -> NetGraph<'static> {
        StateGraphs::new(links).graph(level, form)
    }

    fn from_parts(
        links: Links<'a>,
        level: LinkLevel,
        form: NetForm,
        parts: Arc<LevelParts>,
        als: Option<Arc<AlsParts>>,
    ) -> NetGraph<'a> {
        NetGraph {
            links,
            level,
            form,
            parts,
            als,
            empty_variables: form == NetForm::Net,
        }
    }

    /// Also report a variable with every candidate false as a contradiction in the chain
    /// form (no inference is added: the chain form still derives a true candidate from one
    /// false premise only).
    pub fn with_empty_variables(mut self) -> NetGraph<'a> {
        self.empty_variables = true;
        self
    }

    /// The state's links the graph reads.
    pub fn links(&self) -> &LinkIndex {
        &self.links
    }

    /// Nodes: the 729 candidates, then the groups.
    pub fn node_count(&self) -> usize {
        self.parts.strong.keys()
    }

    /// The candidates of a group node.
    fn group_members(&self, node: usize) -> &[Candidate] {
        self.parts.group_members(node)
    }

    fn als(&self) -> &AlsParts {
        self.als.as_deref().expect("the ALS level's sets")
    }

    /// Whether a propagation counts each set's places per digit down (the net form at the
    /// ALS level fires a set when the count reaches zero).
    #[inline]
    fn counts_als_places(&self) -> bool {
        self.form == NetForm::Net && self.als.is_some()
    }

    /// The node as proof data.
    pub fn net_node(&self, node: usize) -> NetNode {
        if node < 729 {
            NetNode::Candidate(Candidate::from_index(node))
        } else {
            NetNode::Group(self.group_members(node).to_vec())
        }
    }

    fn literal(&self, lit: u32) -> NetLiteral {
        NetLiteral {
            node: self.net_node((lit / 2) as usize),
            value: lit & 1 == 1,
        }
    }

    /// Hand `f` each inference of one premise from literal `l` (its conclusion and why), in
    /// the order a propagation derives them: a true candidate's or group's weak links (to
    /// open candidates, in candidate order), a false one's strong parts (a false group's
    /// members first), and at the chain form's ALS level the sets where a false candidate
    /// is its digit's one place. The chain form has no other
    /// inferences; the net form adds those of several premises ([`Propagation`]).
    #[inline]
    fn single_premise(&self, l: u32, mut f: impl FnMut(u32, Why)) {
        let node = (l / 2) as usize;
        match (node < 729, l & 1 == 1) {
            (true, true) => {
                for &x in self.parts.linked.of(node) {
                    f(lit(x as usize, false), Why::Weak);
                }
                for &g in self.parts.cand_weak_groups.of(node) {
                    f(lit(729 + g as usize, false), Why::Weak);
                }
            }
            (true, false) => {
                self.strong_parts(node, &mut f);
                if self.form == NetForm::Chain && self.level == LinkLevel::Als {
                    let d = node % 9;
                    let als = self.als();
                    for &a in als.cand_als_single.of(node) {
                        let e = &als.als[a as usize];
                        if als.places(e, d).len() == 1 {
                            als.locked_on_the_rest(e, d, |y| f(y, Why::Als(a)));
                        }
                    }
                }
            }
            (false, true) => {
                let groups = self.parts.groups.as_ref().expect("groups");
                for x in groups.glinked(node - 729).iter() {
                    f(lit(x.index(), false), Why::Weak);
                }
                for &g in self.parts.group_weak_groups.of(node - 729) {
                    f(lit(729 + g as usize, false), Why::Weak);
                }
            }
            (false, false) => {
                for &m in self.group_members(node) {
                    f(lit(m.index(), false), Why::Subset);
                }
                self.strong_parts(node, &mut f);
            }
        }
    }

    /// A false node's strong links: the other part of each two-part variable it is in.
    #[inline(always)]
    fn strong_parts(&self, node: usize, f: &mut impl FnMut(u32, Why)) {
        for &(other, support) in self.parts.strong.of(node) {
            f(lit(other as usize, true), Why::Strong(support));
        }
    }
}

/// Per candidate, the open candidates nrc-linked to it, in candidate order.
fn linked_lists(links: &LinkIndex) -> Adjacency<u16> {
    let mut at = Vec::with_capacity(730);
    let mut items = Vec::new();
    for i in 0..729 {
        at.push(items.len() as u32);
        // empty for a candidate that is not open
        let linked = links.linked(Candidate::from_index(i));
        items.extend(linked.iter().map(|x| x.index() as u16));
    }
    at.push(items.len() as u32);
    Adjacency { at, items }
}

/// Per CSP variable, its open candidates in candidate order.
fn variable_candidate_lists(links: &LinkIndex) -> Adjacency<u16> {
    let mut at = Vec::with_capacity(325);
    let mut items = Vec::new();
    for v in CspVariable::all() {
        at.push(items.len() as u32);
        items.extend(links.variable(v).iter().map(|c| c.index() as u16));
    }
    at.push(items.len() as u32);
    Adjacency { at, items }
}

impl LevelParts {
    /// The parts of a level (with the groups' or not), on the state's linked lists when
    /// another level built them.
    fn new(
        links: &LinkIndex,
        with_groups: bool,
        linked: Option<Arc<Adjacency<u16>>>,
    ) -> LevelParts {
        let groups = with_groups.then(|| GroupIndex::new(links));
        let n_groups = groups.as_ref().map_or(0, |g| g.len());
        let variable_open = CspVariable::all()
            .map(|v| {
                if links.is_decided(v) {
                    0
                } else {
                    links.variable(v).len() as u8
                }
            })
            .collect();
        let variable_cands = variable_candidate_lists(links);
        let mut parts = LevelParts {
            linked: linked.unwrap_or_else(|| Arc::new(linked_lists(links))),
            groups,
            cand_weak_groups: Adjacency::default(),
            cand_in_groups: Adjacency::default(),
            group_weak_groups: Adjacency::default(),
            groups_by_first: Adjacency::default(),
            strong: Adjacency::default(),
            variable_open,
            variable_cands,
        };
        parts.index_groups(n_groups);
        parts.index_strong_parts(links, n_groups);
        parts
    }

    fn index_groups(&mut self, n_groups: usize) {
        let (mut weak, mut inside, mut group_weak, mut first) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        if let Some(groups) = &self.groups {
            // per group, its cells and the cells of its digit linked to all of it (a group's
            // candidates are of one digit, so are those linked to all of its two or three)
            let cells =
                |set: &CandidateSet| set.iter().fold(0u128, |m, c| m | 1 << c.cell().index());
            let masks: Vec<(u128, u128)> = groups
                .entries()
                .iter()
                .map(|e| (cells(&e.candidates), cells(&e.glinked)))
                .collect();
            let mut by_digit: [Vec<usize>; 9] = Default::default();
            for (id, e) in groups.entries().iter().enumerate() {
                by_digit[e.digit.index()].push(id);
            }
            for (id, e) in groups.entries().iter().enumerate() {
                first.push((e.members[0].index() as u32, id as u16));
                for c in e.glinked.iter() {
                    weak.push((c.index() as u32, id as u16));
                }
                for m in &e.members {
                    inside.push((m.index() as u32, id as u16));
                }
                let (ours, linked) = masks[id];
                for &other in &by_digit[e.digit.index()] {
                    let (theirs, _) = masks[other];
                    if theirs & ours == 0 && theirs & !linked == 0 {
                        group_weak.push((id as u32, other as u16));
                    }
                }
            }
        }
        self.groups_by_first = Adjacency::from_pairs(729, &first);
        self.cand_weak_groups = Adjacency::from_pairs(729, &weak);
        self.cand_in_groups = Adjacency::from_pairs(729, &inside);
        self.group_weak_groups = Adjacency::from_pairs(n_groups, &group_weak);
    }

    /// The node standing for these candidates (in increasing order): a candidate or a group.
    fn node_of_members(&self, members: &[Candidate]) -> Option<usize> {
        match members {
            [c] => Some(c.index()),
            [first, _] | [first, _, _] => {
                let groups = self.groups.as_ref()?;
                self.groups_by_first
                    .of(first.index())
                    .iter()
                    .map(|&id| id as usize)
                    .find(|&id| groups.entry(id).members == members)
                    .map(|id| 729 + id)
            }
            _ => None,
        }
    }

    /// Per variable, each part (each candidate, then each group inside the variable's
    /// house, in the group index's order) strongly linked to the rest when the rest is one
    /// node.
    fn index_strong_parts(&mut self, links: &LinkIndex, n_groups: usize) {
        let mut rest: Vec<Candidate> = Vec::with_capacity(9);
        let mut members: Vec<Candidate> = Vec::with_capacity(9);
        let mut inside: Vec<u16> = Vec::new();
        let mut strong: Vec<(u32, (u16, Support))> = Vec::new();
        for v in CspVariable::all() {
            if links.is_decided(v) {
                continue;
            }
            let open = *links.variable(v);
            members.clear();
            members.extend(open.iter());
            if members.len() < 2 {
                continue;
            }
            let support = support_of(v);
            // each candidate against the others (one node only when at most three are left)
            if members.len() <= 4 {
                for &a in &members {
                    rest.clear();
                    rest.extend(members.iter().copied().filter(|&m| m != a));
                    if let Some(nb) = self.node_of_members(&rest) {
                        strong.push((a.index() as u32, (nb as u16, support)));
                    }
                }
            }
            let (Some(groups), Support::House(_)) = (&self.groups, support) else {
                continue;
            };
            // the groups inside (their first member is open), in the index's order
            inside.clear();
            inside.extend(
                members
                    .iter()
                    .flat_map(|c| self.groups_by_first.of(c.index()).iter().copied()),
            );
            inside.sort_unstable();
            for &id in &inside {
                let g = groups.entry(id as usize);
                if !g.candidates.is_subset(&open) || g.members.len() == members.len() {
                    continue;
                }
                rest.clear();
                rest.extend(
                    members
                        .iter()
                        .copied()
                        .filter(|m| !g.candidates.contains(*m)),
                );
                if let Some(nb) = self.node_of_members(&rest) {
                    strong.push((729 + id as u32, (nb as u16, support)));
                }
            }
        }
        self.strong = Adjacency::from_pairs(729 + n_groups, &strong);
    }

    /// The candidates of a group node.
    fn group_members(&self, node: usize) -> &[Candidate] {
        &self
            .groups
            .as_ref()
            .expect("groups")
            .entry(node - 729)
            .members
    }
}

impl AlsParts {
    fn new(links: &LinkIndex) -> AlsParts {
        let mut als = Vec::new();
        let mut cands = Vec::new();
        // (candidate, set) for every place, and for the places that are their digit's one
        let (mut inside, mut single) = (Vec::new(), Vec::new());
        // per digit, the cells where it is open
        let mut digit_cells = [0u128; 9];
        for c in links.open().iter() {
            digit_cells[c.digit().index()] |= 1 << c.cell().index();
        }
        sudolink_engine::graph::als::for_each(links, MAX_ALS_CELLS, |a| {
            if a.mask.count_ones() < 2 {
                return;
            }
            let id = als.len() as u32;
            let mut places_at = [0u32; 10];
            let mut outside_at = [0u32; 9];
            for d in 0..9 {
                places_at[d] = cands.len() as u32;
                let digit = Digit::from_index(d);
                cands.extend(mask_cells(a.places[d]).map(|c| Candidate::new(c, digit)));
                outside_at[d] = cands.len() as u32;
                if a.places[d] != 0 {
                    // the open candidates of the digit linked to all its places: in the cells
                    // seeing them all (those of a place's cell are inside the set)
                    let seeing = seeing_all(a.places[d]) & !a.mask;
                    cands.extend(
                        mask_cells(seeing & digit_cells[d]).map(|c| Candidate::new(c, digit)),
                    );
                }
            }
            places_at[9] = cands.len() as u32;
            for d in 0..9 {
                let places = &cands[places_at[d] as usize..outside_at[d] as usize];
                for c in places {
                    inside.push((c.index() as u32, id));
                    if places.len() == 1 {
                        single.push((c.index() as u32, id));
                    }
                }
            }
            als.push(AlsEntry {
                house: a.house,
                mask: a.mask,
                digits: a.digits,
                places_at,
                outside_at,
            });
        });
        // each candidate's sets in set order (the pairs are in set order, then digit order)
        AlsParts {
            als,
            cands,
            cand_als: Adjacency::from_pairs(729, &inside),
            cand_als_single: Adjacency::from_pairs(729, &single),
        }
    }

    /// Set `e`'s places of digit `d` (index 0-8).
    #[inline]
    fn places(&self, e: &AlsEntry, d: usize) -> &[Candidate] {
        &self.cands[e.places_at[d] as usize..e.outside_at[d] as usize]
    }

    /// The candidates outside set `e` that see all its places of digit `d`.
    #[inline]
    fn outside(&self, e: &AlsEntry, d: usize) -> &[Candidate] {
        &self.cands[e.outside_at[d] as usize..e.places_at[d + 1] as usize]
    }

    /// What set `e` locked on its digits but `d` (its candidates of `d` all false) makes
    /// hold: each digit's one place true, and the candidates outside seeing all its places
    /// false.
    #[inline]
    fn locked_on_the_rest(&self, e: &AlsEntry, d: usize, mut f: impl FnMut(u32)) {
        for b in bits(e.digits & !(1 << d)) {
            if let [only] = self.places(e, b) {
                f(lit(only.index(), true));
            }
            for y in self.outside(e, b) {
                f(lit(y.index(), false));
            }
        }
    }
}

/// A literal: node × 2 + 1 when true.
fn lit(node: usize, value: bool) -> u32 {
    node as u32 * 2 + value as u32
}

#[derive(Clone, Copy, Debug)]
enum Why {
    Assumption,
    Weak,
    Strong(Support),
    Subset,
    Als(u32),
    /// A locked set found on the hypothetical state (an index into the propagation's
    /// locked sets).
    Locked(u32),
}

#[derive(Clone, Copy, Debug)]
struct Inference {
    conclusion: u32,
    why: Why,
    premises_start: u32,
    premises_len: u32,
}

/// A contradiction met by a propagation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// A node derived true and false: the inference that set it and the one that opposed it.
    Both {
        node: usize,
        kept: u32,
        opposed: u32,
    },
    /// Every open candidate of a variable derived false (net form).
    Empty(CspVariable),
}

/// Propagations and sweeps kept for reuse (their memory only: each is reset when it
/// starts). Propagations are boxed: handing one on moves a pointer, not its few hundred
/// bytes of vectors and sets.
#[derive(Default)]
pub struct PropagationPool {
    #[allow(clippy::vec_box)]
    pub propagations: Vec<Box<Propagation>>,
    pub sweeps: Vec<ChainSweep>,
}

/// One propagation's working memory, reused from assumption to assumption.
pub struct Propagation {
    value: Vec<u8>,
    set_by: Vec<u32>,
    /// Per node: the derivation depth of its value (0 for the assumption); in the chain
    /// form this is also the number of inferences its trace holds.
    depth: Vec<u16>,
    trues: CandidateSet,
    falses: CandidateSet,
    counter: TraceCounter,
    arena: Vec<Inference>,
    premises: Vec<u32>,
    open_left: Vec<u8>,
    /// Net form, per variable: the `open_left` its last-part rule last looked at (a look
    /// at the same count would find the same part again and derive nothing new).
    last_part_seen: Vec<u8>,
    /// Net form at the ALS level, per set and digit (`set × 9 + digit`): this run's stamp
    /// (bits 8 and up; an older stamp reads as no place false) and how many of the digit's
    /// places in the set are derived false, or [`ALS_FIRED`] once the set has fired for
    /// that digit (a second firing would derive nothing new). Stamped, so a start clears
    /// nothing.
    als_falses: Vec<u32>,
    als_stamp: u32,
    frontier: Vec<u32>,
    next: Vec<u32>,
    /// The levels derived so far.
    levels: usize,
    /// The locked sets (base, cover) the last run used, for [`Why::Locked`].
    locked: Vec<(Vec<CspVariable>, Vec<CspVariable>)>,
    /// The first contradiction met, if any.
    pub contradiction: Option<Contradiction>,
    /// Literals derived (the work done, for budgets).
    pub derived: usize,
    /// Dead ends a deep run restarted from with the locked-set rules.
    pub rounds: usize,
}

impl Propagation {
    pub fn new(graph: &NetGraph) -> Propagation {
        let n = graph.node_count();
        Propagation {
            value: vec![UNKNOWN; n],
            set_by: vec![u32::MAX; n],
            depth: vec![0; n],
            trues: CandidateSet::EMPTY,
            falses: CandidateSet::EMPTY,
            counter: TraceCounter::default(),
            arena: Vec::new(),
            premises: Vec::new(),
            open_left: graph.parts.variable_open.clone(),
            last_part_seen: graph.parts.variable_open.clone(),
            als_falses: Vec::new(),
            als_stamp: 0,
            frontier: Vec::new(),
            next: Vec::new(),
            levels: 0,
            locked: Vec::new(),
            contradiction: None,
            derived: 0,
            rounds: 0,
        }
    }

    /// Propagate `assumption` (a candidate assumed true) breadth-first to a fixpoint, or to
    /// the end of the level of the first contradiction when `stop_at_contradiction`.
    pub fn run(&mut self, graph: &NetGraph, assumption: Candidate, stop_at_contradiction: bool) {
        self.start(graph, assumption);
        self.advance(graph, usize::MAX, stop_at_contradiction);
    }

    /// Hanson's depth: propagate `assumption` as [`Propagation::run`] does (stopping at a
    /// contradiction), and at each dead end restart from the hypothetical state with the
    /// locked sets of up to `max_locked` base variables (locked candidates first, then
    /// larger sets, the smallest size that derives something), until a contradiction or a
    /// dead end no locked set opens. Never loops: every round derives a new literal, and
    /// there are at most 1,458. The graph is meant to be the net form (singles from several
    /// falses) at the links level.
    pub fn run_deep(&mut self, graph: &NetGraph, assumption: Candidate, max_locked: usize) {
        self.start(graph, assumption);
        self.advance(graph, usize::MAX, true);
        while self.contradiction.is_none() && self.locked_round(graph, max_locked) {
            self.rounds += 1;
            std::mem::swap(&mut self.frontier, &mut self.next);
            self.advance(graph, usize::MAX, true);
        }
    }

    /// One restart at a dead end: the smallest locked sets that make something false on the
    /// hypothetical state, derived (into the next frontier). False when there is none.
    fn locked_round(&mut self, graph: &NetGraph, max_locked: usize) -> bool {
        let open = *graph.links.open();
        for size in 1..=max_locked {
            let finds = if size == 1 {
                super::locked_sets::locked_candidates(&open, &self.falses)
            } else {
                // every larger size at once: the plane masks are computed once
                super::locked_sets::smallest_locked_sets(&open, &self.falses, max_locked)
            };
            for f in finds {
                let id = self.locked.len() as u32;
                self.locked.push((f.base, f.cover));
                let premises: Vec<u32> = f.premises.iter().map(|p| lit(p.index(), false)).collect();
                for c in f.conclusions {
                    if self.value[c.index()] != FALSE {
                        self.derive(graph, lit(c.index(), false), Why::Locked(id), &premises);
                    }
                }
            }
            if !self.next.is_empty() || self.contradiction.is_some() {
                return true;
            }
            if size >= 2 {
                break;
            }
        }
        false
    }

    /// Start a propagation of `assumption` (a candidate assumed true): nothing derived from
    /// it yet; [`Propagation::advance`] derives it level by level. Levels derived in several
    /// calls are those one [`Propagation::run`] derives: each literal's first derivation
    /// is the same whether the propagation stops at a level or runs on.
    pub fn start(&mut self, graph: &NetGraph, assumption: Candidate) {
        // only the nodes the last propagation set are reset (each has an inference)
        for inf in &self.arena {
            let node = (inf.conclusion / 2) as usize;
            self.value[node] = UNKNOWN;
            self.set_by[node] = u32::MAX;
        }
        // a propagation recycled from another state's graph: every entry is clean now
        let n = graph.node_count();
        if self.value.len() != n {
            self.value.resize(n, UNKNOWN);
            self.set_by.resize(n, u32::MAX);
            self.depth.resize(n, 0);
        }
        self.trues = CandidateSet::EMPTY;
        self.falses = CandidateSet::EMPTY;
        self.arena.clear();
        self.premises.clear();
        self.open_left.copy_from_slice(&graph.parts.variable_open);
        if graph.form == NetForm::Net {
            // only the net form's last-part rule reads it
            self.last_part_seen
                .copy_from_slice(&graph.parts.variable_open);
        }
        if graph.counts_als_places() {
            self.als_stamp += 1;
            if self.als_stamp >= 1 << 24 {
                self.als_falses.fill(0);
                self.als_stamp = 1;
            }
            let slots = graph.als().als.len() * 9;
            if self.als_falses.len() < slots {
                self.als_falses.resize(slots, 0);
            }
        }
        self.contradiction = None;
        self.derived = 0;
        self.levels = 0;
        self.rounds = 0;
        self.locked.clear();
        self.frontier.clear();
        self.next.clear();
        self.derive(graph, lit(assumption.index(), true), Why::Assumption, &[]);
        std::mem::swap(&mut self.frontier, &mut self.next);
    }

    /// Derive the next levels breadth-first until `levels` levels are derived in all (a
    /// literal of level k is derived from one of level k - 1), the fixpoint is reached, or
    /// the level of the first contradiction is done when `stop_at_contradiction`.
    pub fn advance(&mut self, graph: &NetGraph, levels: usize, stop_at_contradiction: bool) {
        while self.levels < levels
            && !self.frontier.is_empty()
            && !(stop_at_contradiction && self.contradiction.is_some())
        {
            let frontier = std::mem::take(&mut self.frontier);
            for &l in &frontier {
                self.expand(graph, l);
            }
            self.frontier = frontier;
            self.frontier.clear();
            std::mem::swap(&mut self.frontier, &mut self.next);
            self.levels += 1;
        }
    }

    /// Whether nothing more can be derived: the fixpoint, or a contradiction (a propagation
    /// stopping at its first contradiction derives nothing after that level).
    pub fn is_finished(&self) -> bool {
        self.frontier.is_empty() || self.contradiction.is_some()
    }

    /// The value derived for a candidate: Some(true/false) or None.
    pub fn candidate_value(&self, c: Candidate) -> Option<bool> {
        match self.value[c.index()] {
            TRUE => Some(true),
            FALSE => Some(false),
            _ => None,
        }
    }

    /// Candidates derived true and false.
    pub fn candidate_sets(&self) -> (&CandidateSet, &CandidateSet) {
        (&self.trues, &self.falses)
    }

    /// The derivation depth of a candidate's value (0: the assumption; meaningless when
    /// it has none). In the chain form every inference has one premise, so this is the
    /// number of inferences a proof of it needs ([`Propagation::trace_len`]).
    pub fn candidate_depth(&self, c: Candidate) -> usize {
        self.depth[c.index()] as usize
    }

    /// [`Propagation::candidate_depth`] of every candidate, by candidate index.
    pub fn candidate_depths(&self) -> &[u16] {
        &self.depth[..729]
    }

    /// Derive literal `l` by `why` from `premises`: nothing when it already holds (checked
    /// here, inlined at every call: most calls end there), a contradiction when its
    /// opposite does, else its first derivation.
    #[inline]
    fn derive(&mut self, graph: &NetGraph, l: u32, why: Why, premises: &[u32]) {
        let want = if l & 1 == 1 { TRUE } else { FALSE };
        if self.value[(l / 2) as usize] != want {
            self.derive_new(graph, l, why, premises);
        }
    }

    #[inline(never)]
    fn derive_new(&mut self, graph: &NetGraph, l: u32, why: Why, premises: &[u32]) {
        let node = (l / 2) as usize;
        let want = if l & 1 == 1 { TRUE } else { FALSE };
        let have = self.value[node];
        let index = self.arena.len() as u32;
        self.arena.push(Inference {
            conclusion: l,
            why,
            premises_start: self.premises.len() as u32,
            premises_len: premises.len() as u32,
        });
        match premises {
            [one] => self.premises.push(*one),
            _ => self.premises.extend_from_slice(premises),
        }
        if have != UNKNOWN {
            if self.contradiction.is_none() {
                self.contradiction = Some(Contradiction::Both {
                    node,
                    kept: self.set_by[node],
                    opposed: index,
                });
            }
            return;
        }
        self.value[node] = want;
        self.set_by[node] = index;
        self.depth[node] = premises
            .iter()
            .map(|&p| self.depth[(p / 2) as usize] + 1)
            .max()
            .unwrap_or(0);
        if node < 729 {
            let c = Candidate::from_index(node);
            if want == TRUE {
                self.trues.insert(c);
            } else {
                self.falses.insert(c);
            }
        }
        self.derived += 1;
        self.next.push(l);
        if want == FALSE && node < 729 && graph.counts_als_places() {
            let d = node % 9;
            let stamp = self.als_stamp << 8;
            for &a in graph.als().cand_als.of(node) {
                // a place is derived false once, so a fired slot (all false) is never met
                let slot = &mut self.als_falses[a as usize * 9 + d];
                if *slot & !ALS_FIRED != stamp {
                    *slot = stamp;
                }
                *slot += 1;
            }
        }
        if want == FALSE && node < 729 && graph.empty_variables {
            for &v in &VARIABLES_OF[node] {
                let left = &mut self.open_left[v as usize];
                *left = left.saturating_sub(1);
                if *left == 0 && self.contradiction.is_none() {
                    let v = CspVariable::from_index(v as usize);
                    if !graph.links.is_decided(v) {
                        self.contradiction = Some(Contradiction::Empty(v));
                    }
                }
            }
        }
    }

    fn expand(&mut self, graph: &NetGraph, l: u32) {
        // a literal that already holds derives nothing: `derive` checks it first
        graph.single_premise(l, |y, why| self.derive(graph, y, why, &[l]));
        if graph.form == NetForm::Net && l & 1 == 0 && l / 2 < 729 {
            let c = Candidate::from_index((l / 2) as usize);
            self.last_parts(graph, c);
            if graph.level == LinkLevel::Als {
                self.als_links(graph, c);
            }
        }
    }

    /// Net form: a variable whose candidates are all false but one candidate or one group
    /// makes that true; a group whose members are all false is false.
    fn last_parts(&mut self, graph: &NetGraph, c: Candidate) {
        let decided = graph.links.decided_flags();
        for &vi in &VARIABLES_OF[c.index()] {
            let vi = vi as usize;
            // what is left must be one candidate or one group (at most three candidates),
            // after at least two falses (one premise: the chain form's strong link did it)
            let left = self.open_left[vi];
            if decided[vi] || left == 0 || left > 3 || graph.parts.variable_open[vi] < left + 2 {
                continue;
            }
            // the same count as the last look: the same part, already derived (or opposed)
            if std::mem::replace(&mut self.last_part_seen[vi], left) == left {
                continue;
            }
            let support = support_of(CspVariable::from_index(vi));
            // the variable's open candidates split into those derived false (the premises,
            // in candidate order) and the rest
            let (mut rest, mut n_rest) = ([Candidate::from_index(0); 9], 0);
            let (mut falses, mut k) = ([0u32; 9], 0);
            for &x in graph.parts.variable_cands.of(vi) {
                if self.value[x as usize] == FALSE {
                    falses[k] = lit(x as usize, false);
                    k += 1;
                } else {
                    rest[n_rest] = Candidate::from_index(x as usize);
                    n_rest += 1;
                }
            }
            if n_rest > 1 && support == Support::Cell {
                continue;
            }
            let Some(n) = graph.parts.node_of_members(&rest[..n_rest]) else {
                continue;
            };
            if self.value[n] == TRUE {
                continue;
            }
            self.derive(graph, lit(n, true), Why::Strong(support), &falses[..k]);
        }
        for &g in graph.parts.cand_in_groups.of(c.index()) {
            let members = graph.group_members(729 + g as usize);
            if members.iter().all(|m| self.value[m.index()] == FALSE) {
                // a group holds at most three candidates
                let mut premises = [0u32; 3];
                for (slot, m) in premises.iter_mut().zip(members) {
                    *slot = lit(m.index(), false);
                }
                let premises = &premises[..members.len()];
                self.derive(graph, lit(729 + g as usize, false), Why::Subset, premises);
            }
        }
    }

    /// Net form: ALS super links fired by `c` false, the set's candidates of c's digit all
    /// false (the chain form's, from a digit's one place, are [`NetGraph::single_premise`]'s).
    fn als_links(&mut self, graph: &NetGraph, c: Candidate) {
        let d = c.digit().index();
        let als = graph.als();
        for &a in als.cand_als.of(c.index()) {
            let e = &als.als[a as usize];
            let places = als.places(e, d);
            // every place false, and not fired yet
            let stamp = self.als_stamp << 8;
            let slot = &mut self.als_falses[a as usize * 9 + d];
            if *slot != stamp | places.len() as u32 {
                continue;
            }
            *slot = stamp | ALS_FIRED;
            let mut premises = [0u32; MAX_ALS_CELLS];
            for (slot, p) in premises.iter_mut().zip(places) {
                *slot = lit(p.index(), false);
            }
            let premises = &premises[..places.len()];
            als.locked_on_the_rest(e, d, |y| self.derive(graph, y, Why::Als(a), premises));
        }
    }

    /// The inference that set a candidate's current value.
    fn inference_of_node(&self, node: usize) -> Option<u32> {
        (self.set_by[node] != u32::MAX).then_some(self.set_by[node])
    }

    /// The inferences `ends` need, traced back, in derivation order (the assumption's own
    /// entry left out).
    fn trace(&self, ends: &[u32]) -> Vec<u32> {
        let mut needed = vec![false; self.arena.len()];
        let mut stack: Vec<u32> = ends.to_vec();
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut needed[i as usize], true) {
                continue;
            }
            let inf = self.arena[i as usize];
            let start = inf.premises_start as usize;
            for &p in &self.premises[start..start + inf.premises_len as usize] {
                if let Some(j) = self.inference_of_node((p / 2) as usize) {
                    stack.push(j);
                }
            }
        }
        (0..self.arena.len() as u32)
            .filter(|&i| {
                needed[i as usize] && !matches!(self.arena[i as usize].why, Why::Assumption)
            })
            .collect()
    }

    /// How many inferences `ends` need, traced back (the assumption not counted): the
    /// length of the branch [`Propagation::branch`] would build, without building it.
    pub fn trace_len(&mut self, ends: &[u32]) -> usize {
        self.counter
            .count(&self.arena, &self.premises, &self.set_by, ends)
    }

    /// The inference deriving `candidate` with `value`, if this propagation derived it.
    pub fn derivation(&self, c: Candidate, value: bool) -> Option<u32> {
        let want = if value { TRUE } else { FALSE };
        (self.value[c.index()] == want).then(|| self.set_by[c.index()])
    }

    /// The inferences that end a contradiction (both derivations, or each emptied
    /// candidate's).
    pub fn contradiction_ends(&self, graph: &NetGraph) -> Vec<u32> {
        match self.contradiction {
            Some(Contradiction::Both { kept, opposed, .. }) => vec![kept, opposed],
            Some(Contradiction::Empty(v)) => graph
                .links
                .variable(v)
                .iter()
                .filter_map(|c| self.derivation(c, false))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The branch a conclusion needs: its assumption and the inferences traced back from
    /// `ends`, as proof data.
    pub fn branch(&self, graph: &NetGraph, assumption: Candidate, ends: &[u32]) -> NetBranch {
        let steps = self
            .trace(ends)
            .into_iter()
            .map(|i| self.step(graph, i))
            .collect();
        NetBranch {
            assumption: NetLiteral::candidate(assumption, true),
            steps,
            refuted: None,
        }
    }

    fn step(&self, graph: &NetGraph, i: u32) -> NetStep {
        let inf = self.arena[i as usize];
        let start = inf.premises_start as usize;
        let premises = self.premises[start..start + inf.premises_len as usize]
            .iter()
            .map(|&p| graph.literal(p))
            .collect();
        let link = match inf.why {
            Why::Weak => NetLink::Weak,
            Why::Strong(Support::Cell) => NetLink::Strong { house: None },
            Why::Strong(Support::House(h)) => NetLink::Strong { house: Some(h) },
            Why::Subset => NetLink::Subset,
            Why::Als(a) => {
                let e = &graph.als().als[a as usize];
                NetLink::Als {
                    house: e.house,
                    cells: mask_cells(e.mask).collect(),
                }
            }
            Why::Locked(i) => {
                let (base, cover) = &self.locked[i as usize];
                NetLink::Locked {
                    base: base.clone(),
                    cover: cover.clone(),
                }
            }
            Why::Assumption => unreachable!("assumptions are not traced as steps"),
        };
        NetStep {
            premises,
            conclusion: graph.literal(inf.conclusion),
            link,
        }
    }
}

/// Counts the inferences a trace needs, marking each once per count (a generation per
/// count, so the marks are never cleared).
#[derive(Default)]
struct TraceCounter {
    /// Per inference: the generation of the last count that met it.
    seen: Vec<u32>,
    generation: u32,
    /// The inferences still to visit (kept between counts to reuse its memory).
    stack: Vec<u32>,
}

impl TraceCounter {
    /// How many inferences of `arena` the inferences `ends` need, traced back through
    /// `set_by` (the inference that set each node), the assumption not counted.
    fn count(
        &mut self,
        arena: &[Inference],
        premises: &[u32],
        set_by: &[u32],
        ends: &[u32],
    ) -> usize {
        if self.seen.len() < arena.len() {
            self.seen.resize(arena.len(), 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.generation = 1;
        }
        self.stack.clear();
        self.stack.extend_from_slice(ends);
        let mut count = 0;
        while let Some(i) = self.stack.pop() {
            if std::mem::replace(&mut self.seen[i as usize], self.generation) == self.generation {
                continue;
            }
            let inf = arena[i as usize];
            if matches!(inf.why, Why::Assumption) {
                continue;
            }
            count += 1;
            let start = inf.premises_start as usize;
            for &p in &premises[start..start + inf.premises_len as usize] {
                let j = set_by[(p / 2) as usize];
                if j != u32::MAX {
                    self.stack.push(j);
                }
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything a run leaves that the force techniques read: values, depths, the
    /// contradiction, and the length of its trace.
    fn outcome(graph: &NetGraph, p: &mut Propagation) -> (Vec<u8>, Vec<u16>, Option<usize>) {
        let n = graph.node_count();
        let depths = (0..n)
            .map(|i| if p.value[i] == UNKNOWN { 0 } else { p.depth[i] })
            .collect();
        let refuted = p.contradiction.map(|_| {
            let ends = p.contradiction_ends(graph);
            p.trace_len(&ends)
        });
        (p.value[..n].to_vec(), depths, refuted)
    }

    /// One propagation reused for every assumption of two states, at every level and form
    /// in turn (so its stamps, counts and arrays carry over from other graphs), derives
    /// exactly what a fresh propagation derives for each.
    #[test]
    fn a_recycled_propagation_derives_what_a_fresh_one_does() {
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "1526.7.893...5...4...9.3..75.8...2.6.6.....9.9.3...4.14..5.6...6...3...573.4.1962",
        ];
        let mut recycled: Option<Propagation> = None;
        let mut runs = 0;
        for line in lines {
            let puzzle = sudolink_engine::grid::format::parse_line(line, 1).expect("puzzle");
            let links = LinkIndex::new(&puzzle.start_state().expect("consistent"));
            for level in [LinkLevel::Links, LinkLevel::Groups, LinkLevel::Als] {
                for form in [NetForm::Chain, NetForm::Net] {
                    let graph = NetGraph::new(&links, level, form);
                    let mut p = recycled.take().unwrap_or_else(|| Propagation::new(&graph));
                    for c in links.open().iter() {
                        if links.is_decided(CspVariable::Rc(c.cell())) {
                            continue;
                        }
                        let mut fresh = Propagation::new(&graph);
                        fresh.run(&graph, c, true);
                        p.run(&graph, c, true);
                        assert_eq!(
                            outcome(&graph, &mut p),
                            outcome(&graph, &mut fresh),
                            "{line}: {c:?} at {level:?}, {form:?}"
                        );
                        runs += 1;
                    }
                    recycled = Some(p);
                }
            }
        }
        assert!(runs > 600, "{runs} runs");
    }
}
