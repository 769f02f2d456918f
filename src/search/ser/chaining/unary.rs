//! SE's "Forcing Chains & Cycles" (static, `Chaining(false, false, false, 0)`): from every
//! candidate assumed on, bidirectional cycles and forcing chains over the grid's own links.
//!
//! Three passes, in SE's order: X links only (a value's bilocal regions: X-cycles, forcing
//! X-chains, turbot fish), Y links only (bivalue cells, starting from bivalue cells:
//! Y-cycles), then both (cycles and forcing chains). In each pass, cells in reading order,
//! values ascending, each start is searched breadth first, *on* layer then *off* layer, as
//! SE searches it (`doCycles`, `doForcingChains`): the first derivation of a potential is
//! kept, so the paths are SE's. A cycle's complexity is its number of potentials, a forcing
//! chain's its potentials from the start to the target.
//!
//! Complexity: per start, a breadth-first search over at most 1,458 potentials with their
//! ≤ 28 links; a start's search stops at the depth past which no hint could sort before the
//! best found so far (SE sorts by difficulty, which grows with the length), which keeps
//! most searches to a few layers. Forcing chains are searched only from the starts that
//! reach their conjugate over the pass's links ([`super::reach`], computed once a pass);
//! cycle searches that found nothing are kept for the next rating step
//! ([`super::kept`]).

use super::closure;
use super::kept::{ClosureStore, Fruitless};
use super::potential::{Cause, Pot, StaticLinks, POTS};
use super::propagate::ReadSet;
use super::reach::Reach;
use super::{proofs, Rank};
use crate::grid::Candidate;
use crate::search::ser::grid::{candidate, ones, PEERS};

use crate::search::ser::{ChainingMode, SeGrid, SeStep};
use std::collections::VecDeque;

/// Which links a pass uses: `x` a value's two places in a region, `y` the cell rule (a
/// bivalue cell's other value, a cell's other values off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    pub y: bool,
    pub x: bool,
}

/// The X pass's links as a level-0 closure takes them: static, without the cell rule.
/// Over symmetric links (p → q when ¬q → ¬p) a start reaches its conjugate exactly when
/// its closure meets a contradiction: p → q and p → ¬q give p → ¬q → ¬p.
const X_LINKS: ChainingMode = ChainingMode {
    multiple: true,
    dynamic: false,
    nishio: true,
    level: 0,
};

const PASSES: [Pass; 3] = [
    Pass { y: false, x: true },
    Pass { y: true, x: false },
    Pass { y: true, x: true },
];

impl Pass {
    fn sort_key(self) -> u8 {
        match (self.x, self.y) {
            (true, true) => 4,
            (false, true) => 3,
            _ => 2,
        }
    }
    fn cycle_base(self) -> f64 {
        if self.x && self.y {
            7.0
        } else {
            6.5
        }
    }
    fn chain_base(self) -> f64 {
        if self.y {
            7.0
        } else {
            6.6
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Inst {
    pot: Pot,
    cause: Cause,
    parent: u32,
    depth: u32,
    /// The potentials from the start to here, hashed one bit each ([`path_bit`]): a
    /// potential whose bit is clear is not on the path.
    path: u64,
}

#[inline]
fn path_bit(p: Pot) -> u64 {
    1 << (p.index() % 64)
}

const ROOT: u32 = u32::MAX;

/// A hint of the producer.
#[derive(Clone, Debug)]
pub struct Found {
    pub rank: Rank,
    pub pass: Pass,
    pub cycle: bool,
    /// The potentials from the start to the end (a cycle's end is its start again), with
    /// the cause of each.
    pub path: Vec<(Pot, Cause)>,
    /// A cycle's eliminations; a forcing chain's target when off.
    pub eliminations: Vec<Candidate>,
}

struct Search<'a> {
    cands: &'a [u16; 81],
    links: &'a StaticLinks,
    insts: Vec<Inst>,
    seen: Vec<u32>,
    stamp: u32,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    best: Option<Found>,
    /// Every hint in generation order, when asked for all (no search is cut then).
    all: Option<Vec<Found>>,
    /// The largest complexity worth finding, for each (base, sort key) asked, against the
    /// best so far.
    limits: Vec<((u64, u8), usize)>,
    /// The candidates the current start's cycle search read (see [`super::kept`]).
    read: ReadSet,
}

/// The producer's first hint: the best by SE's sort, the earliest among equals.
pub fn first_hint(grid: &SeGrid) -> Option<SeStep> {
    first_hint_reaching(grid, &mut fruitless_store(), &mut ClosureStore::default()).0
}

/// A store for [`first_hint_reaching`]: a key per candidate and pass.
pub fn fruitless_store() -> Fruitless {
    Fruitless::new(729 * PASSES.len())
}

/// [`first_hint`], skipping the starts whose searches `fruitless` knows find nothing on
/// `grid` (from the producer's earlier runs) and adding this run's, asking the X pass's
/// closures of `x_closures` (kept the same way); with the reach over the static links with
/// the cell rule that it computed (the static closures of the multiple forcing chains on
/// the same grid).
pub fn first_hint_reaching(
    grid: &SeGrid,
    fruitless: &mut Fruitless,
    x_closures: &mut ClosureStore,
) -> (Option<SeStep>, Option<Reach>) {
    fruitless.rebase(&grid.cands);
    x_closures.rebase(&grid.cands, false);
    let found = search(&grid.cands, false, Some(fruitless), x_closures);
    (
        found.best.map(|best| step(&grid.cands, best)),
        found.static_reach,
    )
}

/// Every hint of the producer on `grid`, in SE's generation order.
pub fn all_hints(grid: &[u16; 81]) -> Vec<Found> {
    search(grid, true, None, &mut ClosureStore::default())
        .all
        .unwrap_or_default()
}

/// The three passes over every start. A start whose cycle search `fruitless` holds is not
/// searched for cycles: that search found nothing uncut on a grid where what it read was
/// the same, so it finds nothing now, cut or not (a search cut by the best so far is a
/// prefix of the uncut one); a cycle search made uncut that finds nothing is added. The
/// forcing chains are searched only from the starts that reach their conjugate
/// ([`Reach`]).
fn search(
    grid: &[u16; 81],
    all: bool,
    mut fruitless: Option<&mut Fruitless>,
    x_closures: &mut ClosureStore,
) -> SearchResult {
    let links = StaticLinks::new(grid);
    let mut s = Search {
        cands: grid,
        links: &links,
        insts: Vec::with_capacity(512),
        seen: vec![0; POTS],
        stamp: 0,
        pending_on: VecDeque::new(),
        pending_off: VecDeque::new(),
        best: None,
        all: all.then(Vec::new),
        limits: Vec::new(),
        read: ReadSet::default(),
    };
    // the forcing chains' links (x, and y but in the first pass)
    // the X pass asks the closures over its links (X links reach little: most are kept
    // from the step before), the last pass the reach over all the static links
    let closure_grid = closure::Grid::new(grid);
    let mut scratch = [0u16; 81];
    let reach = Reach::new(grid, &links, true, true);
    for (pass_at, pass) in PASSES.into_iter().enumerate() {
        for (cell, &cands) in grid.iter().enumerate() {
            let count = ones(cands);
            if count < 2 || (count > 2 && !pass.x) {
                continue;
            }
            for value in 1..=9u8 {
                if cands & (1 << value) == 0 {
                    continue;
                }
                let root = Pot::new(cell, value, true);
                let key = (cell * 9 + value as usize - 1) * PASSES.len() + pass_at;
                if !fruitless.as_ref().is_some_and(|f| f.holds(key)) {
                    let uncut = s.best.is_none() && s.all.is_none();
                    s.read = ReadSet::default();
                    s.cycles(root, pass);
                    if let Some(f) = fruitless.as_mut().filter(|_| uncut && s.best.is_none()) {
                        f.insert(key, s.read);
                    }
                }
                if pass == PASSES[0] {
                    s.forcing_chains_from(root, pass, |start| {
                        x_closures.contradiction(&closure_grid, start, X_LINKS, &mut scratch)
                    });
                } else if pass == PASSES[2] {
                    s.forcing_chains_from(root, pass, |start| {
                        reach.reaches(start, start.negated())
                    });
                }
            }
        }
    }
    SearchResult {
        best: s.best,
        all: s.all,
        static_reach: Some(reach),
    }
}

struct SearchResult {
    best: Option<Found>,
    all: Option<Vec<Found>>,
    /// The reach of the last pass (both links).
    static_reach: Option<Reach>,
}

impl Search<'_> {
    fn reset(&mut self, root: Pot) {
        self.stamp += 1;
        self.insts.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.insts.push(Inst {
            pot: root,
            cause: Cause::Start,
            parent: ROOT,
            depth: 0,
            path: path_bit(root),
        });
        self.seen[root.index()] = self.stamp;
    }

    fn push(&mut self, pot: Pot, cause: Cause, parent: u32) -> u32 {
        let above = &self.insts[parent as usize];
        let (depth, path) = (above.depth + 1, above.path | path_bit(pot));
        self.insts.push(Inst {
            pot,
            cause,
            parent,
            depth,
            path,
        });
        (self.insts.len() - 1) as u32
    }

    fn seen(&self, p: Pot) -> bool {
        self.seen[p.index()] == self.stamp
    }

    /// Is `p` on the first-parent chain above `child` (SE's `isParent`)?
    fn is_parent(&self, child: u32, p: Pot) -> bool {
        if self.insts[child as usize].path & path_bit(p) == 0 {
            return false;
        }
        let mut t = self.insts[child as usize].parent;
        while t != ROOT {
            let inst = &self.insts[t as usize];
            if inst.pot == p {
                return true;
            }
            t = inst.parent;
        }
        false
    }

    fn path(&self, end: u32) -> Vec<(Pot, Cause)> {
        let mut out = Vec::new();
        let mut t = end;
        while t != ROOT {
            let inst = &self.insts[t as usize];
            out.push((inst.pot, inst.cause));
            t = inst.parent;
        }
        out.reverse();
        out
    }

    /// The rank a new hint must beat (none when every hint is wanted).
    fn best_rank(&self) -> Option<&Rank> {
        match self.all {
            Some(_) => None,
            None => self.best.as_ref().map(|b| &b.rank),
        }
    }

    /// [`Rank::max_complexity`] against the best so far, kept until the best changes.
    fn max_complexity(&mut self, base: f64, sort_key: u8) -> usize {
        let key = (base.to_bits(), sort_key);
        if let Some(&(_, limit)) = self.limits.iter().find(|(k, _)| *k == key) {
            return limit;
        }
        let limit = Rank::max_complexity(base, sort_key, self.best_rank());
        self.limits.push((key, limit));
        limit
    }

    fn found(&mut self, found: Found) {
        self.limits.clear();
        match &mut self.all {
            Some(all) => all.push(found),
            None => self.best = Some(found),
        }
    }

    /// The forcing chains of SE's `doUnaryChaining` from `root` (with x links, after the
    /// cycles): from `root` on, then from `root` off. A search whose target (the start's
    /// conjugate) is out of the start's reach (`reaches_conjugate`) finds nothing, and is
    /// skipped.
    fn forcing_chains_from(
        &mut self,
        root: Pot,
        pass: Pass,
        mut reaches_conjugate: impl FnMut(Pot) -> bool,
    ) {
        let mut targets = Vec::new();
        for start in [root, root.negated()] {
            if reaches_conjugate(start) {
                self.forcing_chains(start, pass, &mut targets);
            }
        }
    }

    /// SE's `doCycles`: layers of *on* then *off* potentials; offs are not merged (each
    /// path keeps its own), ons are; an *off* turning the start on again at length ≥ 4
    /// closes a cycle.
    fn cycles(&mut self, root: Pot, pass: Pass) {
        // a cycle closes through an off turning the start on: the start's conjugate turns
        // that off's candidate on (the links are symmetric)
        self.read.read_links(root.negated(), pass.y);
        if self
            .links
            .off_to_on(root.negated(), pass.y, pass.x)
            .is_empty()
        {
            return;
        }
        let limit = self.max_complexity(pass.cycle_base(), pass.sort_key());
        if limit < 4 {
            return;
        }
        self.reset(root);
        self.pending_on.push_back(0);
        let mut length = 0usize;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            let limit = self.max_complexity(pass.cycle_base(), pass.sort_key());
            if length + 2 > limit {
                return;
            }
            length += 1;
            let links = self.links;
            while let Some(q) = self.pending_on.pop_front() {
                let qp = self.insts[q as usize].pot;
                self.read.read_links(qp, pass.y);
                for &(o, cause) in links.on_to_off(qp, pass.y) {
                    // an off that turns nothing on ends its path: it closes no cycle
                    self.read.read_links(o, pass.y);
                    if links.off_to_on(o, pass.y, pass.x).is_empty() {
                        continue;
                    }
                    if !self.is_parent(q, o) {
                        let idx = self.push(o, cause, q);
                        self.pending_off.push_back(idx);
                    }
                }
            }
            length += 1;
            while let Some(q) = self.pending_off.pop_front() {
                let qp = self.insts[q as usize].pot;
                self.read.read_links(qp, pass.y);
                for &(n, cause) in links.off_to_on(qp, pass.y, pass.x) {
                    if length >= 4 && n == root {
                        let idx = self.push(n, cause, q);
                        self.cycle_found(idx, pass);
                    }
                    if !self.seen(n) {
                        self.seen[n.index()] = self.stamp;
                        let idx = self.push(n, cause, q);
                        self.pending_on.push_back(idx);
                    }
                }
            }
        }
    }

    /// A cycle through `end` (the start again): its eliminations are the candidates seeing
    /// both an *on* and an *off* potential of the cycle, with their value, off the cycle.
    /// (These reads are not in the search's read set: a cycle without eliminations has none
    /// on a grid with fewer candidates, the only grids a kept fruitless search is asked
    /// on.)
    fn cycle_found(&mut self, end: u32, pass: Pass) {
        let complexity = self.insts[end as usize].depth as usize;
        let rank = Rank::new(pass.cycle_base(), complexity, pass.sort_key());
        if !self.best_rank().is_none_or(|b| rank.before(b)) {
            return;
        }
        let path = self.path(end);
        let cells = path[1..].iter().fold(0u128, |m, (p, _)| m | 1 << p.cell());
        // per value, the cells seeing an on (forward) and an off (backward) of the cycle
        let mut forward = [0u128; 10];
        let mut backward = [0u128; 10];
        for &(p, _) in &path[1..] {
            let side = if p.on() { &mut forward } else { &mut backward };
            side[p.value() as usize] |= PEERS[p.cell()];
        }
        let mut eliminations: Vec<Candidate> = Vec::new();
        for v in 1..=9u8 {
            let mut both = forward[v as usize] & backward[v as usize] & !cells;
            while both != 0 {
                let h = both.trailing_zeros() as usize;
                both &= both - 1;
                if self.cands[h] & (1 << v) != 0 {
                    eliminations.push(candidate(h, v));
                }
            }
        }
        if eliminations.is_empty() {
            return;
        }
        eliminations.sort();
        self.found(Found {
            rank,
            pass,
            cycle: true,
            path,
            eliminations,
        });
    }

    /// SE's `doForcingChains` from `start` (on or off): a potential whose conjugate is the
    /// start is a target (start on ⇒ start off: the start is false; start off ⇒ start on:
    /// it is true); `targets` are recorded once for both searches of a start.
    fn forcing_chains(&mut self, start: Pot, pass: Pass, targets: &mut Vec<Pot>) {
        let base = pass.chain_base();
        let key = pass.sort_key();
        if self.max_complexity(base, key) < 2 {
            return;
        }
        self.reset(start);
        if start.on() {
            self.pending_on.push_back(0);
        } else {
            self.pending_off.push_back(0);
        }
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            if let Some(&q) = self.pending_on.front() {
                let depth = self.insts[q as usize].depth as usize;
                if depth + 2 > self.max_complexity(base, key) {
                    return;
                }
            }
            let links = self.links;
            while let Some(q) = self.pending_on.pop_front() {
                for &(o, cause) in links.on_to_off(self.insts[q as usize].pot, pass.y) {
                    if o.negated() == start && !targets.contains(&o) {
                        targets.push(o);
                        let idx = self.push(o, cause, q);
                        self.chain_found(idx, pass);
                    }
                    // every ancestor is seen: SE's ancestor test adds nothing here; an off
                    // that turns nothing on is a dead end (its target test is above)
                    if !self.seen(o) && !links.off_to_on(o, pass.y, true).is_empty() {
                        self.seen[o.index()] = self.stamp;
                        let idx = self.push(o, cause, q);
                        self.pending_off.push_back(idx);
                    }
                }
            }
            if let Some(&q) = self.pending_off.front() {
                let depth = self.insts[q as usize].depth as usize;
                if depth + 2 > self.max_complexity(base, key) {
                    return;
                }
            }
            while let Some(q) = self.pending_off.pop_front() {
                for &(n, cause) in links.off_to_on(self.insts[q as usize].pot, pass.y, true) {
                    if n.negated() == start && !targets.contains(&n) {
                        targets.push(n);
                        let idx = self.push(n, cause, q);
                        self.chain_found(idx, pass);
                    }
                    if !self.seen(n) {
                        self.seen[n.index()] = self.stamp;
                        let idx = self.push(n, cause, q);
                        self.pending_on.push_back(idx);
                    }
                }
            }
        }
    }

    fn chain_found(&mut self, target: u32, pass: Pass) {
        let complexity = self.insts[target as usize].depth as usize + 1;
        let rank = Rank::new(pass.chain_base(), complexity, pass.sort_key());
        if !self.best_rank().is_none_or(|b| rank.before(b)) {
            return;
        }
        let target_pot = self.insts[target as usize].pot;
        let eliminations = if target_pot.on() {
            Vec::new()
        } else {
            vec![target_pot.candidate()]
        };
        let path = self.path(target);
        self.found(Found {
            rank,
            pass,
            cycle: false,
            path,
            eliminations,
        });
    }
}

/// SE's name of a hint of this producer.
pub fn hint_name(found: &Found) -> &'static str {
    let Found {
        rank,
        pass,
        cycle,
        path,
        ..
    } = found;
    if *cycle {
        let cells: std::collections::BTreeSet<usize> =
            path[1..].iter().map(|(p, _)| p.cell()).collect();
        match (pass.x, pass.y) {
            (true, true) => "Bidirectional Cycle",
            (false, true) => "Bidirectional Y-Cycle",
            _ if cells.len() == 4 => "Generalized X-Wing",
            _ => "Bidirectional X-Cycle",
        }
    } else if pass.y {
        "Forcing Chain"
    } else if rank.complexity == 6 {
        "Turbot Fish"
    } else {
        "Forcing X-Chain"
    }
}

/// A hint's proofs on the grid it was found on (a cycle: one per elimination) and its
/// placement.
pub fn proofs_of(grid: &[u16; 81], found: &Found) -> (Vec<crate::proof::Proof>, Option<Candidate>) {
    let target = found.path.last().expect("a path").0;
    if found.cycle {
        let proofs = found
            .eliminations
            .iter()
            .map(|&x| proofs::cycle_elimination(&found.path, x))
            .collect();
        (proofs, None)
    } else if target.on() {
        let proof = proofs::placement_by_path(grid, &found.path);
        (vec![proof], Some(target.candidate()))
    } else {
        (vec![proofs::contradiction_by_path(&found.path)], None)
    }
}

fn step(grid: &[u16; 81], found: Found) -> SeStep {
    let (proofs, placement) = proofs_of(grid, &found);
    SeStep {
        name: hint_name(&found).into(),
        difficulty: found.rank.difficulty,
        eliminations: found.eliminations,
        placement,
        proofs,
        complexity: Some(found.rank.complexity),
    }
}
