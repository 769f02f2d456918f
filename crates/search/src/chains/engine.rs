//! The breadth-first engine behind every chain family: partial chains built on one target,
//! level by level (level k holds the partial chains of k cells), deduplicated by what
//! decides their future (last right-linking candidate, the sets of left- and right-linking
//! candidates, and for 2D chains the set of cells used), with at most
//! `Options::same_rights` kept per last R and set of R's.
//!
//! Everything is read from per-state tables built once from [`LinkIndex`]: the family's
//! links of every open candidate (a 729-bit set), the usable CSP variables of every
//! candidate and the open candidates of every variable. The inner loop is bit tests on
//! those sets; a partial chain is 48 bytes (parent, L, R, variable, two 128-bit keys).

use std::ops::ControlFlow;
use std::sync::OnceLock;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::tables::VARIABLES_OF;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable};

use super::Options;

pub(super) use sudolink_engine::proof::chain::LinkSpace as Space;

/// A family as the engine sees it: its shared definition.
pub(super) type Spec = sudolink_engine::proof::chain::ChainDefinition;

fn kind_of(v: CspVariable) -> usize {
    match v {
        CspVariable::Rc(_) => 0,
        CspVariable::Rn(..) => 1,
        CspVariable::Cn(..) => 2,
        CspVariable::Bn(..) => 3,
    }
}

/// Static masks: candidates of each digit, each row, each column.
struct Masks {
    digit: [CandidateSet; 9],
    row: [CandidateSet; 9],
    col: [CandidateSet; 9],
}

fn masks() -> &'static Masks {
    static M: OnceLock<Masks> = OnceLock::new();
    M.get_or_init(|| {
        let mut m = Masks {
            digit: [CandidateSet::EMPTY; 9],
            row: [CandidateSet::EMPTY; 9],
            col: [CandidateSet::EMPTY; 9],
        };
        for c in Candidate::all() {
            m.digit[c.digit().index()].insert(c);
            m.row[c.cell().row()].insert(c);
            m.col[c.cell().col()].insert(c);
        }
        m
    })
}

/// Zobrist keys (128 bits, as two words) for the dedupe of partial chains.
struct Keys {
    left: Vec<[u64; 2]>,
    right: Vec<[u64; 2]>,
    last: Vec<[u64; 2]>,
    var: Vec<[u64; 2]>,
}

fn keys() -> &'static Keys {
    static K: OnceLock<Keys> = OnceLock::new();
    K.get_or_init(|| {
        let mut next = crate::keys::splitmix64();
        let mut gen = |n: usize| -> Vec<[u64; 2]> { (0..n).map(|_| [next(), next()]).collect() };
        Keys {
            left: gen(729),
            right: gen(729),
            last: gen(729),
            var: gen(324),
        }
    })
}

/// The per-state tables of one family: its definition, and the tables it reads, which
/// depend only on its link space and variable kinds (shared by the families that agree on
/// those: nrc, nrct, nrcz, nrczt and the lassos read the same).
pub(super) struct Tables {
    pub spec: Spec,
    shared: std::rc::Rc<SpaceTables>,
}

impl std::ops::Deref for Tables {
    type Target = SpaceTables;
    fn deref(&self) -> &SpaceTables {
        &self.shared
    }
}

/// What [`Tables`] reads of a state for one link space and set of variable kinds.
pub(super) struct SpaceTables {
    /// The family's links of each open candidate (open candidates only).
    pub links: Vec<CandidateSet>,
    /// Usable variables of each candidate: allowed kind, undecided, two or more open.
    vars: Vec<[u16; 4]>,
    nvars: Vec<u8>,
    /// Open candidates of each variable.
    members: Vec<[u16; 9]>,
    nmembers: Vec<u8>,
    pub open: CandidateSet,
}

impl Tables {
    /// The tables of `spec` on the state of `index`, from `shared` when it was built for
    /// the same state, link space and kinds.
    pub fn new(index: &LinkIndex, spec: Spec, shared: Option<std::rc::Rc<SpaceTables>>) -> Tables {
        let shared = shared.unwrap_or_else(|| std::rc::Rc::new(SpaceTables::new(index, spec)));
        Tables { spec, shared }
    }

    /// The shared part, to build another family's tables from.
    pub fn shared(&self) -> std::rc::Rc<SpaceTables> {
        self.shared.clone()
    }
}

impl SpaceTables {
    fn new(index: &LinkIndex, spec: Spec) -> SpaceTables {
        let m = masks();
        let open = *index.open();
        // the open candidates of each variable, ascending (one pass over the candidates)
        let mut members = vec![[0u16; 9]; 324];
        let mut nmembers = vec![0u8; 324];
        for c in open.iter() {
            for v in VARIABLES_OF[c.index()] {
                let v = v as usize;
                members[v][nmembers[v] as usize] = c.index() as u16;
                nmembers[v] += 1;
            }
        }
        // usable variables: of an allowed kind, undecided, two or more open candidates
        let usable: Vec<bool> = CspVariable::all()
            .map(|v| spec.kinds[kind_of(v)] && !index.is_decided(v) && nmembers[v.index()] >= 2)
            .collect();
        let mut links = vec![CandidateSet::EMPTY; 729];
        let mut vars = vec![[0u16; 4]; 729];
        let mut nvars = vec![0u8; 729];
        for c in open.iter() {
            let mut s = *index.linked(c);
            match spec.space {
                Space::Nrc => {}
                Space::Rc => s.intersect_with(&m.digit[c.digit().index()]),
                Space::Rn => s.intersect_with(&m.col[c.cell().col()]),
                Space::Cn => s.intersect_with(&m.row[c.cell().row()]),
            }
            let i = c.index();
            links[i] = s;
            for v in VARIABLES_OF[i] {
                if usable[v as usize] {
                    vars[i][nvars[i] as usize] = v;
                    nvars[i] += 1;
                }
            }
        }
        SpaceTables {
            links,
            vars,
            nvars,
            members,
            nmembers,
            open,
        }
    }

    #[inline]
    fn vars_of(&self, c: usize) -> &[u16] {
        &self.vars[c][..self.nvars[c] as usize]
    }
    #[inline]
    pub fn members_of(&self, v: usize) -> &[u16] {
        &self.members[v][..self.nmembers[v] as usize]
    }
}

/// A partial chain: its last cell and a link to the partial chain it extends.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    l: u16,
    r: u16,
    v: u16,
    /// Zobrist key of the sets of left- and right-linking candidates (and of the cells,
    /// for 2D chains).
    key: [u64; 2],
    /// The same without the left-linking candidates.
    rkey: [u64; 2],
}

/// How a search on one target ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// The shortest closing: cells (variable, L, R) and the lasso closing, if any.
    Found {
        cells: Vec<(u16, u16, u16)>,
        lasso: Option<(sudolink_engine::proof::chain::LassoKind, usize)>,
    },
    /// Nothing up to `depth` cells; `exhausted` when no partial chain of `depth` cells
    /// could be extended (so nothing at any length); `budget` when the node budget stopped
    /// the search at `depth + 1`.
    None {
        depth: usize,
        exhausted: bool,
        budget: bool,
    },
}

impl Outcome {
    /// Stands for the outcome of a search that was not asked for.
    const NOTHING: Outcome = Outcome::None {
        depth: 0,
        exhausted: true,
        budget: false,
    };
}

/// The sets a partial chain carries, rebuilt from its ancestry.
#[derive(Clone, Copy)]
struct Acc {
    /// Union of the links of every right-linking candidate (the t-set).
    t: CandidateSet,
    /// Every left- and right-linking candidate.
    used: CandidateSet,
    rights: CandidateSet,
    /// The CSP variables of its cells.
    vars: VarSet,
}

/// A set of CSP variables (by index, 324 bits).
#[derive(Clone, Copy)]
struct VarSet([u64; 6]);

impl VarSet {
    const EMPTY: VarSet = VarSet([0; 6]);

    #[inline]
    fn contains(&self, v: u16) -> bool {
        self.0[v as usize / 64] >> (v % 64) & 1 != 0
    }

    #[inline]
    fn insert(&mut self, v: u16) {
        self.0[v as usize / 64] |= 1 << (v % 64);
    }

    #[inline]
    fn union_with(&mut self, other: &VarSet) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
}

/// The four CSP variables of each candidate as a set.
static VAR_SETS: [VarSet; 729] = {
    let mut t = [VarSet::EMPTY; 729];
    let mut c = 0;
    while c < 729 {
        let mut k = 0;
        while k < 4 {
            let v = VARIABLES_OF[c][k] as usize;
            t[c].0[v / 64] |= 1 << (v % 64);
            k += 1;
        }
        c += 1;
    }
    t
};

impl Acc {
    const EMPTY: Acc = Acc {
        t: CandidateSet::EMPTY,
        used: CandidateSet::EMPTY,
        rights: CandidateSet::EMPTY,
        vars: VarSet::EMPTY,
    };
}

type KeyMap = crate::keys::StampedKeyMap;

/// What a search allocates, kept from search to search on the thread (each buffer keeps
/// its capacity): the dedupe tables, and the partial chains of every level in one vector
/// (`starts[k]`: where level k begins).
#[derive(Default)]
struct Scratch {
    seen: KeyMap,
    coarse: KeyMap,
    nodes: Vec<Node>,
    starts: Vec<u32>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Search the shortest chain (or lasso, for the lasso families) of at most `max_len` cells
/// eliminating `z`, keeping at most `opts.max_nodes` partial chains in all.
pub(super) fn search(
    tables: &Tables,
    z: Candidate,
    max_len: usize,
    opts: &Options,
    resume: &mut Option<Frontier>,
    nodes: &mut usize,
) -> Outcome {
    let wanted = if tables.spec.lasso {
        Wanted::Lasso
    } else {
        Wanted::Chain
    };
    let [chain, lasso] = search_wanted(tables, z, max_len, opts, resume, nodes, wanted);
    if tables.spec.lasso {
        lasso
    } else {
        chain
    }
}

/// [`search`] for a chain family (`tables.spec`, not a lasso one) and its lasso family
/// (the same definition as a lasso: nrct and nrct-lasso, nrczt and nrczt-lasso) at once:
/// the outcome of each, as two separate searches would give them. Their searches build the
/// same partial chains, in the same order, until one of them closes (the extension rules
/// are the same; only what closes or stops a partial chain differs, see `search_with`), and
/// from there the other goes on alone; `resume`, when left, is the frontier of both when
/// neither closed.
pub(super) fn search_pair(
    tables: &Tables,
    z: Candidate,
    max_len: usize,
    opts: &Options,
    resume: &mut Option<Frontier>,
    nodes: &mut usize,
) -> [Outcome; 2] {
    debug_assert!(!tables.spec.lasso);
    search_wanted(tables, z, max_len, opts, resume, nodes, Wanted::Both)
}

/// Which patterns a search looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Chain,
    Lasso,
    Both,
}

fn search_wanted(
    tables: &Tables,
    z: Candidate,
    max_len: usize,
    opts: &Options,
    resume: &mut Option<Frontier>,
    nodes: &mut usize,
    wanted: Wanted,
) -> [Outcome; 2] {
    SCRATCH.with(|cell| {
        let scratch = &mut *cell.borrow_mut();
        let out = search_with(tables, z, max_len, opts, resume, scratch, nodes, wanted);
        // emptied in O(1) (stamps); a table grown very large by one search is dropped
        for table in [&mut scratch.seen, &mut scratch.coarse] {
            if table.capacity() > SCRATCH_KEEP {
                *table = KeyMap::default();
            } else {
                table.clear();
            }
        }
        if scratch.nodes.capacity() > NODES_KEEP {
            scratch.nodes = Vec::new();
        }
        out
    })
}

/// Slots of a dedupe table kept between searches.
const SCRATCH_KEEP: usize = 1 << 16;
/// Partial chains the level vector keeps room for between searches.
const NODES_KEEP: usize = 1 << 17;

/// The outcomes of the chain and the lasso searches (the one not `wanted` is meaningless).
/// A chain closes when its last R is linked to Z; a lasso when its last R equals an earlier
/// L (rl) or is linked to an earlier R and not to Z (lr). A partial chain whose last R is
/// an earlier L or R never continues; one whose last R is linked to Z is a chain, and a
/// z-lasso does not continue it. Every other partial chain continues in both searches, so
/// the two agree until one closes.
#[allow(clippy::too_many_arguments)]
fn search_with(
    tables: &Tables,
    z: Candidate,
    max_len: usize,
    opts: &Options,
    resume: &mut Option<Frontier>,
    scratch: &mut Scratch,
    nodes: &mut usize,
    wanted: Wanted,
) -> [Outcome; 2] {
    let start = resume.take();
    let target = Target::new(tables, z, opts);
    if !tables.open.contains(z) || target.zl.is_empty() || max_len == 0 {
        return [Outcome::NOTHING, Outcome::NOTHING];
    }
    let Scratch {
        seen,
        coarse,
        nodes: chains,
        starts,
    } = scratch;
    // Keys of different levels never meet (their sets differ in size), so the tables are
    // emptied once per search ([`search_wanted`] empties them after each)
    chains.clear();
    starts.clear();
    let resumed = match start {
        Some(f) => {
            chains.extend_from_slice(&f.nodes);
            level_starts(chains, starts);
            f.total
        }
        None => 0usize,
    };
    // `nodes` counts the partial chains of the frontier resumed from too
    *nodes = resumed;
    let mut levels = Levels {
        chains,
        starts,
        seen,
        coarse,
        total: nodes,
    };
    let mut finds = Finds {
        chain_on: wanted != Wanted::Lasso,
        lasso_on: wanted != Wanted::Chain,
        found: [None, None],
    };
    match extend_to(&target, &mut levels, &mut finds, max_len) {
        ControlFlow::Break(rest) => finds.done(rest),
        ControlFlow::Continue(()) => {
            let none = levels.stop_at_limit(resume);
            finds.done(none)
        }
    }
}

/// What a search reads of its target Z throughout: the family's tables and options, Z's
/// links, and what Z lets a cell leave out of its choice of R.
struct Target<'a> {
    tables: &'a Tables,
    spec: Spec,
    opts: &'a Options,
    z: Candidate,
    zi: usize,
    /// Z's links: a right-linking candidate among them closes a chain.
    zl: &'a CandidateSet,
    /// The z-candidates a cell may leave out (none for a family without them).
    zset: CandidateSet,
    /// The same for the first cell (none unless z-candidates are allowed there).
    zfirst: CandidateSet,
    /// The variables of Z (see `blocked` in [`Target::excused_and_blocked`]).
    z_vars: VarSet,
    /// Families without t- and z-candidates excuse nothing.
    none_excused: bool,
    /// The keys of right-linking candidates (without t-candidates only the set of used
    /// candidates matters, not their roles: the left ones).
    right_keys: &'a [[u64; 2]],
    keys: &'static Keys,
    /// Berthier: partial chains with the same right-linking candidates are the same for
    /// all later purposes (but for the no-loop condition on left-linking candidates); at
    /// most `opts.same_rights` of them are kept (0: all).
    cap: u32,
}

impl<'a> Target<'a> {
    /// The target `z` of a search of `tables`' family under `opts`.
    fn new(tables: &'a Tables, z: Candidate, opts: &'a Options) -> Target<'a> {
        let spec = tables.spec;
        let keys = keys();
        let zi = z.index();
        let zl = &tables.links[zi];
        // the candidates a z-candidate may be linked to the target through
        let mut zc = *zl;
        if !opts.z_by_cell {
            for d in 0..9 {
                zc.remove(Candidate::from_index(z.cell().index() * 9 + d));
            }
        }
        let zset = if spec.z { zc } else { CandidateSet::EMPTY };
        let zfirst = if spec.z && opts.z_in_first_cell {
            zc
        } else {
            CandidateSet::EMPTY
        };
        Target {
            tables,
            spec,
            opts,
            z,
            zi,
            zl,
            zset,
            zfirst,
            z_vars: VAR_SETS[zi],
            none_excused: !spec.t && zset.is_empty(),
            right_keys: if spec.t { &keys.right } else { &keys.left },
            keys,
            cap: opts.same_rights as u32,
        }
    }

    /// The candidates a new cell after `node` (whose chain's sets are `parent`'s and its
    /// own) may leave out of its choice of R, and the variables it may not be: z- and
    /// t-candidates, and earlier chain candidates only when they may be extras; a variable
    /// holding R or Z where that one is not excused offers it as the only possible
    /// right-linking candidate (or none): R is used (it closes nothing: it is no earlier
    /// L), Z is never an R; such variables are skipped.
    #[inline(always)]
    fn excused_and_blocked(&self, node: &Node, parent: &Acc) -> (CandidateSet, VarSet) {
        let (lk, rk) = (node.l as usize, node.r as usize);
        let mut excused = self.zset;
        if self.spec.t {
            excused.union_with(&parent.t);
            excused.union_with(&self.tables.links[rk]);
        }
        if !self.opts.chain_candidates_as_extras {
            excused.subtract(&parent.used);
            excused.remove(Candidate::from_index(lk));
            excused.remove(Candidate::from_index(rk));
        }
        let mut blocked = if excused.contains(self.z) {
            VarSet::EMPTY
        } else {
            self.z_vars
        };
        if !excused.contains(Candidate::from_index(rk)) {
            blocked.union_with(&VAR_SETS[rk]);
        }
        (excused, blocked)
    }
}

/// The levels of partial chains a search builds (in its [`Scratch`]), and how many it has
/// built.
struct Levels<'s> {
    chains: &'s mut Vec<Node>,
    starts: &'s mut Vec<u32>,
    seen: &'s mut KeyMap,
    coarse: &'s mut KeyMap,
    /// The partial chains built, those of the frontier resumed from included.
    total: &'s mut usize,
}

impl Levels<'_> {
    /// Keep the partial chain `node` unless the level has the same one or enough like it.
    #[inline(always)]
    fn admit(&mut self, t: &Target, node: Node) -> bool {
        let kept = admit(
            self.seen,
            self.coarse,
            t.cap,
            node.key,
            node.rkey,
            t.keys.last[node.r as usize],
        );
        if kept {
            self.chains.push(node);
        }
        kept
    }

    /// The outcome of a search that reached its length limit: nothing up to the last
    /// level, exhausted when that level is empty; its levels left in `resume` when it may
    /// go on and is small enough to keep.
    fn stop_at_limit(&self, resume: &mut Option<Frontier>) -> Outcome {
        let last = *self.starts.last().expect("level 1") as usize;
        let exhausted = last == self.chains.len();
        let depth = self.starts.len();
        if !exhausted && *self.total <= RESUME_CAP {
            *resume = Some(Frontier {
                nodes: self.chains.as_slice().into(),
                total: *self.total,
            });
        }
        Outcome::None {
            depth,
            exhausted,
            budget: false,
        }
    }
}

/// What the chain and the lasso searches have found so far, and which still go on.
struct Finds {
    chain_on: bool,
    lasso_on: bool,
    found: [Option<Outcome>; 2],
}

impl Finds {
    /// The chain search closes on `cells`; the search stops unless the lasso one goes on.
    fn close_chain(&mut self, cells: Vec<(u16, u16, u16)>) -> ControlFlow<Outcome> {
        self.chain_on = false;
        self.found[0] = Some(Outcome::Found { cells, lasso: None });
        if !self.lasso_on {
            return ControlFlow::Break(Outcome::NOTHING);
        }
        ControlFlow::Continue(())
    }

    /// The lasso search closes on `cells`, on its cell `j` (from 0) by `kind`; the search
    /// stops unless the chain one goes on.
    fn close_lasso(
        &mut self,
        cells: Vec<(u16, u16, u16)>,
        kind: sudolink_engine::proof::chain::LassoKind,
        j: usize,
    ) -> ControlFlow<Outcome> {
        self.lasso_on = false;
        self.found[1] = Some(Outcome::Found {
            cells,
            lasso: Some((kind, j + 1)),
        });
        if !self.chain_on {
            return ControlFlow::Break(Outcome::NOTHING);
        }
        ControlFlow::Continue(())
    }

    /// The two outcomes: what each found, else `rest`.
    fn done(&mut self, rest: Outcome) -> [Outcome; 2] {
        let [c, l] = std::mem::take(&mut self.found);
        [c.unwrap_or_else(|| rest.clone()), l.unwrap_or(rest)]
    }
}

/// Build the levels up to `max_len` cells (level 1 unless resumed); `Break` with the
/// outcome of the searches not closed when both stopped before the limit (both closed, an
/// empty level, the node budget).
fn extend_to(
    t: &Target,
    levels: &mut Levels,
    finds: &mut Finds,
    max_len: usize,
) -> ControlFlow<Outcome> {
    if levels.starts.is_empty() {
        first_level(t, levels, finds)?;
    }
    for depth in levels.starts.len()..max_len {
        next_level(t, levels, finds, depth)?;
    }
    ControlFlow::Continue(())
}

/// Level 1: the cells whose L is linked to Z; one whose R is linked to Z too is a chain of
/// one cell (and, with z-candidates, continues no further).
fn first_level(t: &Target, levels: &mut Levels, finds: &mut Finds) -> ControlFlow<Outcome> {
    levels.starts.push(0);
    let blocked = if t.zfirst.contains(t.z) {
        VarSet::EMPTY
    } else {
        t.z_vars
    };
    for l in t.zl.iter() {
        let li = l.index();
        for &v in t.tables.vars_of(li) {
            if blocked.contains(v) {
                continue;
            }
            let mut one = [0u16; 1];
            let Some(choices) =
                right_choices(t.tables, v, li, &mut one, &t.zfirst, t.zfirst.is_empty())
            else {
                continue;
            };
            for &r in choices {
                let ri = r as usize;
                if ri == li || ri == t.zi {
                    continue;
                }
                if t.zl.contains(Candidate::from_index(ri)) {
                    if finds.chain_on {
                        finds.close_chain(vec![(v, li as u16, r)])?;
                    }
                    if t.spec.z {
                        continue; // a chain, and R is not conjugate modulo {Z}
                    }
                }
                let (key, rkey) = child_keys(t.spec, t.right_keys, None, li, ri, v);
                levels.admit(
                    t,
                    Node {
                        parent: NO_PARENT,
                        l: li as u16,
                        r,
                        v,
                        key,
                        rkey,
                    },
                );
            }
        }
    }
    *levels.total += levels.chains.len();
    ControlFlow::Continue(())
}

/// Level `depth + 1`: every extension of each partial chain of level `depth` by one cell;
/// `Break` when level `depth` is empty (nothing at any length).
fn next_level(
    t: &Target,
    levels: &mut Levels,
    finds: &mut Finds,
    depth: usize,
) -> ControlFlow<Outcome> {
    let (from, to) = (
        *levels.starts.last().expect("level 1") as usize,
        levels.chains.len(),
    );
    if from == to {
        return ControlFlow::Break(Outcome::None {
            depth: depth - 1,
            exhausted: true,
            budget: false,
        });
    }
    levels.starts.push(to as u32);
    let mut parent_acc = Acc::EMPTY;
    let mut current_parent = NO_PARENT - 1;
    for ni in from..to {
        let node = levels.chains[ni];
        if node.parent != current_parent {
            current_parent = node.parent;
            rebuild(t.tables, levels.chains, node.parent, &mut parent_acc);
        }
        extend(t, levels, finds, ni, &node, &parent_acc, depth)?;
    }
    ControlFlow::Continue(())
}

/// Every cell that can follow the partial chain `chains[ni]` (`node`; its earlier cells'
/// sets are `parent`): each left-linking candidate linked to its last R and unused, each
/// usable variable of it, each right-linking candidate that variable leaves.
#[inline(always)]
fn extend(
    t: &Target,
    levels: &mut Levels,
    finds: &mut Finds,
    ni: usize,
    node: &Node,
    parent: &Acc,
    depth: usize,
) -> ControlFlow<Outcome> {
    // the sets of this partial chain are its parent's and its last cell's (read without
    // copying them)
    let (excused, blocked) = t.excused_and_blocked(node, parent);
    let mut lefts = t.tables.links[node.r as usize];
    lefts.subtract(&parent.used);
    lefts.remove(Candidate::from_index(node.l as usize));
    for l in lefts.iter() {
        let li = l.index();
        if li == t.zi {
            continue;
        }
        for &v in t.tables.vars_of(li) {
            if blocked.contains(v)
                || (t.spec.distinct_variables && (parent.vars.contains(v) || v == node.v))
            {
                continue;
            }
            let mut one = [0u16; 1];
            let Some(choices) = right_choices(t.tables, v, li, &mut one, &excused, t.none_excused)
            else {
                continue;
            };
            for &r in choices {
                let ri = r as usize;
                if ri == li || ri == t.zi {
                    continue;
                }
                add_cell_after(t, levels, finds, ni, node, parent, (v, li as u16, r), depth)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The partial chain `chains[ni]` (`node`, its earlier cells' sets `parent`) followed by
/// `cell` (variable, L, R): an rl-lasso when R is an earlier L, a chain when R is linked to
/// Z, an lr-lasso when R is linked to an earlier R and not to Z; else (and for a chain
/// without z-candidates) a partial chain of the next level, within the node budget.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn add_cell_after(
    t: &Target,
    levels: &mut Levels,
    finds: &mut Finds,
    ni: usize,
    node: &Node,
    parent: &Acc,
    cell: (u16, u16, u16),
    depth: usize,
) -> ControlFlow<Outcome> {
    let (v, l, r) = cell;
    let (ri, rk) = (r as usize, node.r as usize);
    let rc = Candidate::from_index(ri);
    let is_used = parent.used.contains(rc) || ri == node.l as usize || ri == rk;
    if is_used {
        if finds.lasso_on && !parent.rights.contains(rc) && ri != rk {
            // rl-lasso: R equals an earlier L
            let cells = chain_of(levels.chains, ni, cell);
            let j = cells.iter().position(|c| c.1 as usize == ri).unwrap_or(0);
            finds.close_lasso(cells, sudolink_engine::proof::chain::LassoKind::Rl, j)?;
        }
        return ControlFlow::Continue(());
    }
    let r_links = &t.tables.links[rk];
    let in_z = t.zl.contains(rc);
    let in_t = t.spec.t && (parent.t.contains(rc) || r_links.contains(rc));
    if in_z && finds.chain_on {
        finds.close_chain(chain_of(levels.chains, ni, cell))?;
    }
    if in_t && !in_z && finds.lasso_on {
        // lr-lasso: R linked to an earlier R
        let cells = chain_of(levels.chains, ni, cell);
        let j = cells
            .iter()
            .position(|c| t.tables.links[c.2 as usize].contains(rc))
            .unwrap_or(0);
        finds.close_lasso(cells, sudolink_engine::proof::chain::LassoKind::Lr, j)?;
    }
    // a lasso built on Z never continues through an R linked to Z (that partial chain is
    // already a chain for Z; a chain search closed on it above)
    if in_z && t.spec.z {
        return ControlFlow::Continue(());
    }
    let (key, rkey) = child_keys(t.spec, t.right_keys, Some(node), l as usize, ri, v);
    let child = Node {
        parent: ni as u32,
        l,
        r,
        v,
        key,
        rkey,
    };
    if levels.admit(t, child) {
        *levels.total += 1;
        if *levels.total > t.opts.max_nodes {
            return ControlFlow::Break(Outcome::None {
                depth,
                exhausted: false,
                budget: true,
            });
        }
    }
    ControlFlow::Continue(())
}

/// The parent of a partial chain of one cell.
const NO_PARENT: u32 = u32::MAX;

/// Partial chains kept between calls so that a longer search resumes where a shorter one
/// stopped (only for searches of at most this many partial chains).
const RESUME_CAP: usize = 20_000;

/// The levels of a search that stopped at its length limit, to resume from: every partial
/// chain, level after level (where each begins follows from their parents: see
/// [`level_starts`]), in one allocation shared by the memos of a chain family and its
/// lasso family when one search answered both.
#[derive(Clone)]
pub(super) struct Frontier {
    nodes: std::rc::Rc<[Node]>,
    total: usize,
}

impl Frontier {
    /// Tells frontiers apart (the same for the clones of one).
    pub fn id(&self) -> usize {
        self.nodes.as_ptr() as usize
    }
}

/// Where each level of `nodes` begins (`starts[k]`: the first partial chain of k + 1
/// cells), for levels stored one after the other, each non-empty: a partial chain begins
/// a new level exactly when its parent is in the level before it, the last one begun.
fn level_starts(nodes: &[Node], starts: &mut Vec<u32>) {
    starts.clear();
    starts.push(0);
    for (i, n) in nodes.iter().enumerate() {
        let last = *starts.last().expect("level 1");
        if n.parent != NO_PARENT && n.parent >= last {
            starts.push(i as u32);
        }
    }
}

/// The candidates of variable `v` that can be its right-linking candidate when `l` is its
/// left-linking one: the only other candidate not `excused` (accounted for as a t- or
/// z-candidate), or every other candidate when all are excused; `None` when two or more
/// are not excused.
/// `none_excused` says that `excused` is empty (families without t and z): then the
/// choice is the other candidate of a bivalue variable.
#[inline(always)]
fn right_choices<'a>(
    tables: &'a Tables,
    v: u16,
    l: usize,
    one: &'a mut [u16; 1],
    excused: &CandidateSet,
    none_excused: bool,
) -> Option<&'a [u16]> {
    let members = tables.members_of(v as usize);
    if none_excused {
        // `l` is one of the two (a usable variable of `l` has two or more)
        return match *members {
            [a, b] => {
                one[0] = if a as usize == l { b } else { a };
                Some(&one[..])
            }
            _ => None,
        };
    }
    let mut found = false;
    for &x in members {
        if x as usize == l || excused.contains(Candidate::from_index(x as usize)) {
            continue;
        }
        if found {
            return None;
        }
        one[0] = x;
        found = true;
    }
    Some(if found { &one[..] } else { members })
}

/// The keys of a partial chain extending `parent` (or starting) with the cell (v, l, r):
/// with and without its left-linking candidates.
#[inline]
fn child_keys(
    spec: Spec,
    right_keys: &[[u64; 2]],
    parent: Option<&Node>,
    l: usize,
    r: usize,
    v: u16,
) -> ([u64; 2], [u64; 2]) {
    let keys = keys();
    let (pkey, prkey) = parent.map_or(([0, 0], [0, 0]), |p| (p.key, p.rkey));
    let mut rkey = xor(prkey, right_keys[r]);
    if spec.distinct_variables {
        rkey = xor(rkey, keys.var[v as usize]);
    }
    let key = xor(xor(pkey, xor(rkey, prkey)), keys.left[l]);
    (key, rkey)
}

/// Admit a new partial chain unless the same one (same last R, same L's and R's) is
/// already in the level, or `cap` others with its last R and R's are.
#[inline]
fn admit(
    seen: &mut KeyMap,
    coarse: &mut KeyMap,
    cap: u32,
    key: [u64; 2],
    rkey: [u64; 2],
    last: [u64; 2],
) -> bool {
    if cap == 0 {
        return seen.insert(xor(key, last));
    }
    let (count, _) = coarse.entry(xor(rkey, last));
    if *count >= cap || !seen.insert(xor(key, last)) {
        return false;
    }
    *count += 1;
    true
}

#[inline]
fn xor(a: [u64; 2], b: [u64; 2]) -> [u64; 2] {
    [a[0] ^ b[0], a[1] ^ b[1]]
}

#[inline]
fn add_cell(tables: &Tables, acc: &mut Acc, l: u16, r: u16, v: u16) {
    let rc = Candidate::from_index(r as usize);
    acc.t.union_with(&tables.links[r as usize]);
    acc.used.insert(Candidate::from_index(l as usize));
    acc.used.insert(rc);
    acc.rights.insert(rc);
    acc.vars.insert(v);
}

/// The sets of the partial chain `chains[idx]` (inclusive; empty for [`NO_PARENT`]) into
/// `acc`.
fn rebuild(tables: &Tables, chains: &[Node], idx: u32, acc: &mut Acc) {
    acc.t = CandidateSet::EMPTY;
    acc.used = CandidateSet::EMPTY;
    acc.rights = CandidateSet::EMPTY;
    acc.vars = VarSet::EMPTY;
    let mut i = idx;
    while i != NO_PARENT {
        let n = chains[i as usize];
        add_cell(tables, acc, n.l, n.r, n.v);
        i = n.parent;
    }
}

/// The cells of `chains[idx]` followed by `last`, in chain order.
fn chain_of(chains: &[Node], idx: usize, last: (u16, u16, u16)) -> Vec<(u16, u16, u16)> {
    let mut out = vec![last];
    let mut i = idx;
    loop {
        let n = chains[i];
        out.push((n.v, n.l, n.r));
        if n.parent == NO_PARENT {
            break;
        }
        i = n.parent as usize;
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_of_each_candidate_are_its_csp_variables() {
        for c in Candidate::all() {
            let expected: Vec<u16> = c.variables().iter().map(|v| v.index() as u16).collect();
            assert_eq!(VARIABLES_OF[c.index()].to_vec(), expected, "{c:?}");
            let set = VAR_SETS[c.index()];
            for v in 0..324u16 {
                assert_eq!(set.contains(v), expected.contains(&v));
            }
        }
    }
}
