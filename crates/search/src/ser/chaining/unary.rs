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
//! reach their conjugate over the static links ([`super::reach`], computed once a call
//! over every static link: a superset of each pass's); a search drops the nodes that do
//! not reach its goal (a forcing chain's target, a cycle's start), which can lead to
//! nothing it looks for. Cycle searches that found nothing are kept for the next rating
//! step ([`super::kept`]); those are not pruned, so that what they read is all they
//! depend on.

use super::closure;
use super::kept::{ClosureStore, Fruitless};
use super::potential::{Cause, Pot, StaticLinks, POTS};
use super::propagate::ReadSet;
use super::reach::Reach;
use super::{proofs, Rank};
use crate::ser::grid::candidate;
use sudolink_engine::grid::bits::{bits, ones};
use sudolink_engine::grid::tables::PEER_MASKS;
use sudolink_engine::grid::Candidate;

use crate::ser::{ChainingMode, SeGrid, SeStep};

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
    /// The reach over all the static links (a superset of each pass's links).
    reach: &'a Reach,
    /// Whether searches drop the nodes out of their goal's reach (always but in tests).
    prune: bool,
    /// The potential every expanded node of the current search must reach (none: every
    /// node is expanded). A node that does not reach it leads only to nodes that do not
    /// either, so dropping it changes nothing among the others.
    goal: Option<Pot>,
    /// Per value, the cells holding it (bit `c` for cell `c`).
    value_cells: [u128; 10],
    insts: Vec<Inst>,
    seen: Vec<u32>,
    stamp: u32,
    /// The layer being expanded and the next, one polarity each: an *on* layer adds only
    /// *offs*, an *off* layer only *ons*.
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    best: Option<Found>,
    /// Every hint in generation order, when asked for all (no search is cut then).
    all: Option<Vec<Found>>,
    /// The largest complexity worth finding, for each (base, sort key) asked, against the
    /// best so far.
    limits: Vec<((u64, u8), usize)>,
    /// The candidates the current start's cycle search read (see [`super::kept`]).
    read: Reads,
}

/// What a search read, as [`ReadSet`] records it: the whole masks of `cells`, and per
/// value (index `value - 1`) its places near the cells of `linked`.
#[derive(Clone, Copy, Default)]
struct Reads {
    cells: u128,
    linked: [u128; 9],
}

impl Reads {
    /// [`ReadSet::read_links`]: what the links of `pot` read.
    fn links(&mut self, pot: Pot, y: bool) {
        let bit = 1u128 << pot.cell();
        if y {
            self.cells |= bit;
        }
        self.linked[pot.value() as usize - 1] |= bit;
    }

    /// What the links of `on` and of every *off* it turns off read (`value_cells`: per
    /// value, the cells holding it): its value's places near its cell and its peers
    /// holding the value; with the cell rule (`y`), those cells' masks and every value's
    /// places near its cell. The same as [`Reads::links`] of each.
    fn on_and_offs(&mut self, on: Pot, y: bool, cands: &[u16; 81], value_cells: &[u128; 10]) {
        let (cell, value) = (on.cell(), on.value());
        let bit = 1u128 << cell;
        let cells = PEER_MASKS[cell] & value_cells[value as usize] | bit;
        self.linked[value as usize - 1] |= cells;
        if y {
            self.cells |= cells;
            for v in bits(cands[cell]) {
                self.linked[v - 1] |= bit;
            }
        }
    }

    fn set(&self) -> ReadSet {
        ReadSet::from_parts(self.cells, self.linked)
    }
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
    let found = search(&grid.cands, false, Some(fruitless), x_closures, true);
    (
        found.best.map(|best| step(&grid.cands, best)),
        found.static_reach,
    )
}

/// Every hint of the producer on `grid`, in SE's generation order.
pub fn all_hints(grid: &[u16; 81]) -> Vec<Found> {
    search(grid, true, None, &mut ClosureStore::default(), true)
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
    prune: bool,
) -> SearchResult {
    let links = StaticLinks::new(grid);
    let reach = Reach::new(grid, &links, true, true);
    let mut s = Search {
        cands: grid,
        links: &links,
        reach: &reach,
        prune,
        goal: None,
        value_cells: value_cells(grid),
        insts: Vec::with_capacity(512),
        seen: vec![0; POTS],
        stamp: 0,
        pending_on: Vec::new(),
        pending_off: Vec::new(),
        best: None,
        all: all.then(Vec::new),
        limits: Vec::new(),
        read: Reads::default(),
    };
    // the forcing chains' links (x, and y but in the first pass)
    // the X pass asks the closures over its links (X links reach little: most are kept
    // from the step before), the last pass the reach over all the static links
    let closure_grid = closure::Grid::new(grid);
    let mut scratch = [0u16; 81];
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
                    s.read = Reads::default();
                    s.cycles(root, pass, !uncut);
                    if let Some(f) = fruitless.as_mut().filter(|_| uncut && s.best.is_none()) {
                        f.insert(key, s.read.set());
                    }
                }
                if pass == PASSES[0] {
                    // the X links are among the static links: a start out of reach there
                    // is out of reach here
                    s.forcing_chains_from(root, pass, |start| {
                        (!prune || reach.reaches(start, start.negated()))
                            && x_closures.contradiction(&closure_grid, start, X_LINKS, &mut scratch)
                    });
                } else if pass == PASSES[2] {
                    s.forcing_chains_from(root, pass, |start| {
                        reach.reaches(start, start.negated())
                    });
                }
            }
        }
    }
    let (best, all) = (s.best, s.all);
    SearchResult {
        best,
        all,
        static_reach: Some(reach),
    }
}

/// Per value, the cells of `grid` holding it (bit `c` for cell `c`).
fn value_cells(grid: &[u16; 81]) -> [u128; 10] {
    let mut out = [0u128; 10];
    for (cell, &cands) in grid.iter().enumerate() {
        for v in bits(cands) {
            out[v] |= 1 << cell;
        }
    }
    out
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

    /// Does `p` reach the goal (see [`Search::goal`])?
    #[inline]
    fn leads_to_goal(&self, p: Pot) -> bool {
        self.goal.is_none_or(|goal| self.reach.reaches(p, goal))
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
    /// closes a cycle. With `prune`, the nodes that do not reach the start are dropped
    /// (not for a search kept if fruitless: that one reads what it depends on).
    fn cycles(&mut self, root: Pot, pass: Pass, prune: bool) {
        // a cycle closes through an off turning the start on: the start's conjugate turns
        // that off's candidate on (the links are symmetric)
        self.read.links(root.negated(), pass.y);
        if !self.links.turns_on(root.negated(), pass.y, pass.x) {
            return;
        }
        let limit = self.max_complexity(pass.cycle_base(), pass.sort_key());
        if limit < 4 {
            return;
        }
        self.reset(root);
        self.goal = (prune && self.prune).then_some(root);
        self.pending_on.push(0);
        let mut length = 0usize;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            let limit = self.max_complexity(pass.cycle_base(), pass.sort_key());
            if length + 2 > limit {
                return;
            }
            length += 1;
            let links = self.links;
            for at in 0..self.pending_on.len() {
                let q = self.pending_on[at];
                let qp = self.insts[q as usize].pot;
                // what the links of the on and of its offs read (an off's links are read
                // here, where it is tested, and not again when it is expanded)
                self.read
                    .on_and_offs(qp, pass.y, self.cands, &self.value_cells);
                for &(o, cause) in links.on_to_off(qp, pass.y) {
                    // an off that turns nothing on ends its path: it closes no cycle
                    if !links.turns_on(o, pass.y, pass.x) {
                        continue;
                    }
                    if !self.is_parent(q, o) && self.leads_to_goal(o) {
                        let idx = self.push(o, cause, q);
                        self.pending_off.push(idx);
                    }
                }
            }
            self.pending_on.clear();
            length += 1;
            for at in 0..self.pending_off.len() {
                let q = self.pending_off[at];
                let qp = self.insts[q as usize].pot;
                for &(n, cause) in links.off_to_on(qp, pass.y, pass.x) {
                    if length >= 4 && n == root {
                        let idx = self.push(n, cause, q);
                        self.cycle_found(idx, pass);
                    }
                    if !self.seen(n) && self.leads_to_goal(n) {
                        self.seen[n.index()] = self.stamp;
                        let idx = self.push(n, cause, q);
                        self.pending_on.push(idx);
                    }
                }
            }
            self.pending_off.clear();
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
            side[p.value() as usize] |= PEER_MASKS[p.cell()];
        }
        let mut eliminations: Vec<Candidate> = Vec::new();
        for v in 1..=9u8 {
            for h in bits(forward[v as usize] & backward[v as usize] & !cells) {
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
    /// it is true); `targets` are recorded once for both searches of a start. The nodes
    /// that do not reach the target are dropped.
    fn forcing_chains(&mut self, start: Pot, pass: Pass, targets: &mut Vec<Pot>) {
        let base = pass.chain_base();
        let key = pass.sort_key();
        if self.max_complexity(base, key) < 2 {
            return;
        }
        self.reset(start);
        self.goal = self.prune.then_some(start.negated());
        if start.on() {
            self.pending_on.push(0);
        } else {
            self.pending_off.push(0);
        }
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            if let Some(&q) = self.pending_on.first() {
                let depth = self.insts[q as usize].depth as usize;
                if depth + 2 > self.max_complexity(base, key) {
                    return;
                }
            }
            let links = self.links;
            for at in 0..self.pending_on.len() {
                let q = self.pending_on[at];
                for &(o, cause) in links.on_to_off(self.insts[q as usize].pot, pass.y) {
                    if o.negated() == start && !targets.contains(&o) {
                        targets.push(o);
                        let idx = self.push(o, cause, q);
                        self.chain_found(idx, pass);
                    }
                    // every ancestor is seen: SE's ancestor test adds nothing here; an off
                    // that turns nothing on is a dead end (its target test is above)
                    if !self.seen(o) && links.turns_on(o, pass.y, true) && self.leads_to_goal(o) {
                        self.seen[o.index()] = self.stamp;
                        let idx = self.push(o, cause, q);
                        self.pending_off.push(idx);
                    }
                }
            }
            self.pending_on.clear();
            if let Some(&q) = self.pending_off.first() {
                let depth = self.insts[q as usize].depth as usize;
                if depth + 2 > self.max_complexity(base, key) {
                    return;
                }
            }
            for at in 0..self.pending_off.len() {
                let q = self.pending_off[at];
                for &(n, cause) in links.off_to_on(self.insts[q as usize].pot, pass.y, true) {
                    if n.negated() == start && !targets.contains(&n) {
                        targets.push(n);
                        let idx = self.push(n, cause, q);
                        self.chain_found(idx, pass);
                    }
                    if !self.seen(n) && self.leads_to_goal(n) {
                        self.seen[n.index()] = self.stamp;
                        let idx = self.push(n, cause, q);
                        self.pending_on.push(idx);
                    }
                }
            }
            self.pending_off.clear();
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
pub fn proofs_of(
    grid: &[u16; 81],
    found: &Found,
) -> (Vec<sudolink_engine::proof::Proof>, Option<Candidate>) {
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

#[cfg(test)]
mod tests {
    use super::super::reach::candidates_of;
    use super::*;

    const PUZZLES: [&str; 4] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
        ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
    ];

    /// A hint as text: its rank, kind, path and eliminations.
    fn text(found: &Found) -> String {
        format!(
            "{:?} {:?} {} {:?} {:?}",
            found.rank, found.pass, found.cycle, found.path, found.eliminations
        )
    }

    #[test]
    fn pruning_by_reach_keeps_every_hint() {
        for puzzle in PUZZLES {
            let grid = candidates_of(puzzle);
            let hints = |all, prune| {
                let found = search(&grid, all, None, &mut ClosureStore::default(), prune);
                let mut out: Vec<String> = found.all.unwrap_or_default().iter().map(text).collect();
                out.extend(found.best.as_ref().map(text));
                out
            };
            let every = hints(true, false);
            assert!(!every.is_empty(), "{puzzle}");
            assert_eq!(hints(true, true), every, "{puzzle}");
            assert_eq!(hints(false, true), hints(false, false), "{puzzle}");
        }
    }

    #[test]
    fn an_on_reads_what_the_links_of_its_offs_read() {
        for puzzle in PUZZLES {
            let grid = candidates_of(puzzle);
            let links = StaticLinks::new(&grid);
            let value_cells = value_cells(&grid);
            for p in (0..POTS).map(Pot::from_index) {
                if !p.on() || grid[p.cell()] & (1 << p.value()) == 0 {
                    continue;
                }
                for y in [false, true] {
                    let mut batch = Reads::default();
                    batch.on_and_offs(p, y, &grid, &value_cells);
                    let mut each = Reads::default();
                    each.links(p, y);
                    for &(o, _) in links.on_to_off(p, y) {
                        each.links(o, y);
                    }
                    assert_eq!(batch.set(), each.set(), "{p:?}");
                    for x in [false, true] {
                        let off = p.negated();
                        let turns_on = !links.off_to_on(off, y, x).is_empty();
                        assert_eq!(links.turns_on(off, y, x), turns_on, "{off:?}");
                    }
                }
            }
        }
    }
}
