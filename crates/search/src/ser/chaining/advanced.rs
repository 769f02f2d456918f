//! SE's rules inside the chains at levels ≥ 1 (`getAdvancedPotentials`): when a
//! propagation has nothing pending, SE runs rules on its working grid — pointing and
//! claiming, hidden pairs, naked pairs, X-wings (level 1 on), then forcing chains and
//! cycles (level 2), also multiple forcing chains (level 3), dynamic forcing chains (level
//! 4), also dynamic forcing chains (+ forcing chains) (level 5) — stopping at the first
//! rule that gives something. Every hint of that rule whose pattern rests on a candidate
//! the chain removed (its *rule parents*) turns what it removes off, with those parents.
//!
//! SE removes a hint's candidates in the order of a hash map keyed by cell objects (an
//! order no puzzle fixes); we take reading order.
//!
//! Our proofs: a locked set is [`NetLink::Locked`] with the rule parents as premises (the
//! base's candidates outside the cover); a nested hint is [`NetLink::Nested`], the nested
//! net built on the working grid and checked on the state without every candidate the
//! chain had removed.

use super::multiple::{self, Hint, Run};
use super::potential::{region_of, Cause, Pot, Work};
use super::propagate::Chain;
use super::unary::{self, Found};
use super::{proofs, Interrupt, Rank};
use crate::ser::basic::{each_fish_in, each_hidden_in, each_locking_in, each_naked_in, LockedSet};
use crate::ser::grid::{Region, RegionType, SeGrid};
use crate::ser::ChainingMode;
use std::rc::Rc;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::{Candidate, CspVariable, Digit};
use sudolink_engine::proof::net::{NetLink, NetStep};
use sudolink_engine::proof::Proof;

/// A rule's hint applied inside a chain.
#[derive(Clone, Debug)]
pub enum AdvancedHint {
    /// Pointing, claiming, a hidden or naked pair, an X-wing.
    Locked(LockedSet),
    /// A forcing chain or cycle found on the working grid (levels ≥ 2).
    Chaining(Rc<NestedHint>),
}

/// A chaining hint found on a chain's working grid.
#[derive(Debug)]
pub struct NestedHint {
    /// The producer that found it.
    pub mode: ChainingMode,
    pub inner: Inner,
    /// The working grid it was found on.
    pub grid: [u16; 81],
    pub removable: Vec<Candidate>,
    /// Its chains' targets (SE's `getChainsTargets`): each chain and node.
    pub targets: Vec<(Rc<Chain>, u32)>,
    /// SE's `FullChain` identity: each target's chain, breadth first.
    key: Vec<Vec<Pot>>,
}

/// The hint of a static or of a multiple/dynamic producer.
#[derive(Debug)]
pub enum Inner {
    Unary(Found),
    Multiple(Hint),
}

impl NestedHint {
    pub fn rank(&self) -> Rank {
        match &self.inner {
            Inner::Unary(f) => f.rank,
            Inner::Multiple(h) => h.rank,
        }
    }

    /// Our proof of it, on the grid it was found on.
    pub fn proof(&self) -> Proof {
        match &self.inner {
            Inner::Unary(f) => {
                let (proofs, _) = unary::proofs_of(&self.grid, f);
                proofs.into_iter().next().expect("a proof")
            }
            Inner::Multiple(h) => multiple::proof(&self.grid, h),
        }
    }

    /// The proof concluding `target` (a cycle has one per elimination).
    fn proof_of(&self, target: Candidate) -> Proof {
        match &self.inner {
            Inner::Unary(f) if f.cycle => proofs::cycle_elimination(&f.path, target),
            _ => self.proof(),
        }
    }
}

/// What the rules carry between calls: the run's interrupt, read by the nested runs (SE's
/// producers cache nothing else but their last grid's hints).
#[derive(Default)]
pub struct Rules {
    pub interrupt: Option<Rc<Interrupt>>,
}

impl Rules {
    /// Whether the run's interrupt has stopped it (see [`Interrupt::hit`]).
    pub fn interrupted(&self) -> bool {
        self.interrupt.as_ref().is_some_and(|i| i.hit())
    }
}

/// The rules' producers at a level, after the four locked-set rules.
fn chaining_rules(level: u8) -> Vec<ChainingMode> {
    let mode = |multiple, dynamic, level| ChainingMode {
        multiple,
        dynamic,
        nishio: false,
        level,
    };
    match level {
        0 | 1 => vec![],
        2 => vec![mode(false, false, 0)],
        3 => vec![mode(false, false, 0), mode(true, false, 0)],
        4 => vec![mode(true, true, 0)],
        _ => vec![mode(true, true, 0), mode(true, true, level - 3)],
    }
}

/// The candidates a chain removed from its start grid, by region and value (their
/// positions): every rule parent is one of them.
struct Gone {
    places: [[u16; 10]; 27],
    /// The values with a removed candidate (bit `v`).
    values: u16,
}

impl Gone {
    fn new(source: &Work, work: &Work) -> Gone {
        let mut places = [[0u16; 10]; 27];
        let mut values = 0;
        for (slot, (s, w)) in places
            .iter_mut()
            .zip(source.all_places().iter().zip(work.all_places()))
        {
            for v in 1..10 {
                slot[v] = s[v] & !w[v];
                if slot[v] != 0 {
                    values |= 1 << v;
                }
            }
        }
        Gone { places, values }
    }

    /// Did the chain remove `value` from the region?
    fn in_region(&self, region: Region, value: u8) -> bool {
        self.places[region.slot()][value as usize] != 0
    }

    /// Did the chain remove a candidate of the region?
    fn anywhere_in(&self, region: Region) -> bool {
        self.places[region.slot()].iter().any(|&p| p != 0)
    }

    /// Did the chain remove a candidate of `value`?
    fn of_value(&self, value: u8) -> bool {
        self.values & (1 << value) != 0
    }
}

/// The *off* potentials SE's rules give on the working grid `work` (the chain started on
/// `source`), each with its hint and its parents (nodes of the chain, through `node_of`).
pub fn potentials(
    work: &Work,
    values: &[u8; 81],
    source: &Work,
    node_of: &dyn Fn(Pot) -> Option<u32>,
    mode: ChainingMode,
    rules: &mut Rules,
) -> Vec<(Pot, AdvancedHint, Vec<u32>)> {
    let grid = SeGrid::with_places(*values, work.cands, work.all_places());
    let (source_work, work_grid) = (source, work);
    let (work, source) = (&work.cands, &source.cands);
    let mut out = Vec::new();
    let node_of = |p: Pot| node_of(p).expect("a rule parent is an off of the chain");
    let locked = |set: LockedSet, out: &mut Vec<(Pot, AdvancedHint, Vec<u32>)>| {
        let removable = set.removable(&grid);
        if removable.is_empty() {
            return;
        }
        let parents: Vec<u32> = locked_parents(&set, source, work)
            .into_iter()
            .map(node_of)
            .collect();
        if parents.is_empty() {
            return;
        }
        for c in removable {
            let off = Pot::new(c.cell().index(), c.digit().get(), false);
            out.push((off, AdvancedHint::Locked(set), parents.clone()));
        }
    };
    // a set none of whose rule parents the chain removed gives nothing: only the regions
    // and values with a removed candidate are searched (the sets found, in SE's order, are
    // the same)
    let gone = Gone::new(source_work, work_grid);
    each_locking_in(
        &grid,
        |region, value| gone.in_region(region, value),
        |set| {
            locked(set, &mut out);
            None::<()>
        },
    );
    if out.is_empty() {
        each_hidden_in(
            &grid,
            2,
            false,
            |region| gone.anywhere_in(region),
            |set| {
                locked(set, &mut out);
                None::<()>
            },
        );
    }
    if out.is_empty() {
        each_naked_in(
            &grid,
            2,
            |region| gone.anywhere_in(region),
            |set| {
                locked(set, &mut out);
                None::<()>
            },
        );
    }
    if out.is_empty() {
        each_fish_in(
            &grid,
            2,
            |value| gone.of_value(value),
            |set| {
                locked(set, &mut out);
                None::<()>
            },
        );
    }
    for inner in chaining_rules(mode.level) {
        if !out.is_empty() {
            break;
        }
        for hint in all_hints(work, values, inner, rules.interrupt.clone()) {
            let parents: Vec<u32> = rule_parents(&hint, source, work)
                .into_iter()
                .map(node_of)
                .collect();
            if parents.is_empty() {
                continue;
            }
            for &c in &hint.removable {
                let off = Pot::new(c.cell().index(), c.digit().get(), false);
                out.push((off, AdvancedHint::Chaining(hint.clone()), parents.clone()));
            }
        }
    }
    out
}

/// Every hint of a chaining producer on `grid`, sorted as SE sorts them, without those
/// removing the same candidates as an earlier one.
fn all_hints(
    grid: &[u16; 81],
    values: &[u8; 81],
    mode: ChainingMode,
    interrupt: Option<Rc<Interrupt>>,
) -> Vec<Rc<NestedHint>> {
    let mut hints: Vec<NestedHint> = Vec::new();
    if !mode.multiple && !mode.dynamic {
        for found in unary::all_hints(grid) {
            hints.push(nested_unary(grid, mode, found));
        }
    } else {
        let mut run = Run::new(grid, values, mode);
        run.rules.interrupt = interrupt;
        run.hints(|_, h| {
            let result = h.result;
            let removable = if result.on() {
                (1..=9u8)
                    .filter(|&v| v != result.value() && grid[result.cell()] & (1 << v) != 0)
                    .map(|v| Pot::new(result.cell(), v, false).candidate())
                    .collect()
            } else {
                vec![result.candidate()]
            };
            let targets = h.branches.clone();
            hints.push(nested(mode, Inner::Multiple(h), grid, removable, targets));
        });
    }
    // SE's stable sort, then its set of hints (equal: the same candidates removed)
    hints.sort_by(|a, b| {
        let (ra, rb) = (a.rank(), b.rank());
        if ra.before(&rb) {
            std::cmp::Ordering::Less
        } else if rb.before(&ra) {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    });
    let mut out: Vec<Rc<NestedHint>> = Vec::new();
    for h in hints {
        if !out.iter().any(|o| o.removable == h.removable) {
            out.push(Rc::new(h));
        }
    }
    out
}

fn nested(
    mode: ChainingMode,
    inner: Inner,
    grid: &[u16; 81],
    mut removable: Vec<Candidate>,
    targets: Vec<(Rc<Chain>, u32)>,
) -> NestedHint {
    removable.sort();
    let key = targets.iter().map(|(c, n)| breadth_first(c, *n)).collect();
    NestedHint {
        mode,
        inner,
        grid: *grid,
        removable,
        targets,
        key,
    }
}

/// A static hint's chains as SE holds them: a forcing chain from its start to its target;
/// a cycle both ways (SE's `getReversedCycle`: the same potentials with the other polarity,
/// each with the cause it had, linked from the end back to the start).
fn nested_unary(grid: &[u16; 81], mode: ChainingMode, found: Found) -> NestedHint {
    let forward = Rc::new(Chain::from_path(&found.path));
    let end = (found.path.len() - 1) as u32;
    let mut targets = vec![(forward, end)];
    if found.cycle {
        let reversed: Vec<(Pot, Cause)> = found
            .path
            .iter()
            .rev()
            .map(|&(p, cause)| (p.negated(), cause))
            .collect();
        let backward = Rc::new(Chain::from_path(&reversed));
        targets.push((backward, end));
    }
    let target = found.path.last().expect("a path").0;
    let removable = if found.cycle {
        found.eliminations.clone()
    } else if target.on() {
        (1..=9u8)
            .filter(|&v| v != target.value() && grid[target.cell()] & (1 << v) != 0)
            .map(|v| Pot::new(target.cell(), v, false).candidate())
            .collect()
    } else {
        vec![target.candidate()]
    };
    nested(mode, Inner::Unary(found), grid, removable, targets)
}

/// SE's `getChain`: the potentials a node rests on, breadth first, each once.
fn breadth_first(chain: &Chain, node: u32) -> Vec<Pot> {
    let mut done: Vec<Pot> = Vec::new();
    let mut todo = vec![node];
    let mut out = Vec::new();
    while !todo.is_empty() {
        let mut next = Vec::new();
        for n in todo {
            let pot = chain.nodes[n as usize].pot;
            if !done.contains(&pot) {
                done.push(pot);
                out.push(n);
                next.extend_from_slice(chain.parents(n));
            }
        }
        todo = next;
    }
    out.into_iter()
        .map(|n| chain.nodes[n as usize].pot)
        .collect()
}

/// The same, as nodes.
fn breadth_first_nodes(chain: &Chain, node: u32) -> Vec<u32> {
    let mut done: Vec<Pot> = Vec::new();
    let mut todo = vec![node];
    let mut out = Vec::new();
    while !todo.is_empty() {
        let mut next = Vec::new();
        for n in todo {
            let pot = chain.nodes[n as usize].pot;
            if !done.contains(&pot) {
                done.push(pot);
                out.push(n);
                next.extend_from_slice(chain.parents(n));
            }
        }
        todo = next;
    }
    out
}

fn has(grid: &[u16; 81], cell: usize, value: u8) -> bool {
    grid[cell] & (1 << value) != 0
}

/// SE's rule parents of a locked set: the candidates of its base, outside its cover, that
/// the chain removed (for a pair's set: every such candidate of the start grid).
fn locked_parents(set: &LockedSet, source: &[u16; 81], work: &[u16; 81]) -> Vec<Pot> {
    let gone = |cell: usize, value: u8| has(source, cell, value) && !has(work, cell, value);
    let mut out = Vec::new();
    match *set {
        LockedSet::Locking {
            region1,
            region2,
            value,
        } => {
            for cell in region1.cells() {
                if gone(cell, value) && !region2.contains(cell) {
                    out.push(Pot::new(cell, value, false));
                }
            }
        }
        LockedSet::Hidden {
            region,
            values,
            positions,
        } => {
            for p in (0..9).filter(|&p| positions & (1 << p) == 0) {
                let cell = region.cell(p);
                for v in bits(values as u32) {
                    if has(source, cell, v as u8) {
                        out.push(Pot::new(cell, v as u8, false));
                    }
                }
            }
        }
        LockedSet::Naked {
            region,
            positions,
            values,
        } => {
            for p in bits(positions as u32) {
                let cell = region.cell(p);
                for v in 1..=9u8 {
                    if has(source, cell, v) && values & (1 << v) == 0 {
                        out.push(Pot::new(cell, v, false));
                    }
                }
            }
        }
        LockedSet::Fish {
            base_type,
            base,
            cover,
            value,
            ..
        } => {
            for i in bits(base as u32) {
                let line = Region::new(base_type, i);
                for p in (0..9).filter(|&p| cover & (1 << p) == 0) {
                    let cell = line.cell(p);
                    if gone(cell, value) {
                        out.push(Pot::new(cell, value, false));
                    }
                }
            }
        }
    }
    out
}

/// SE's `collectRuleParents` over a chaining hint's targets: for every *on* potential its
/// chains derive by the cell rule, the cell's candidates the outer chain removed; by a
/// region rule, the value's places there it removed (a cell forcing's assumptions count as
/// cell rules, a region forcing's as its region's rule); each once, in SE's order.
fn rule_parents(hint: &NestedHint, source: &[u16; 81], work: &[u16; 81]) -> Vec<Pot> {
    let gone = |cell: usize, value: u8| has(source, cell, value) && !has(work, cell, value);
    let start_cause = match &hint.inner {
        Inner::Multiple(h) => match h.kind {
            multiple::Kind::Cell => Some(Cause::Cell),
            multiple::Kind::Region(region) => Some(Cause::Region(region.kind)),
            _ => None,
        },
        Inner::Unary(_) => None,
    };
    let mut out: Vec<Pot> = Vec::new();
    for (chain, target) in &hint.targets {
        for n in breadth_first_nodes(chain, *target) {
            let node = &chain.nodes[n as usize];
            let cause = match node.cause {
                Cause::Start => start_cause,
                c => Some(c),
            };
            if !node.pot.on() {
                continue;
            }
            let (cell, value) = (node.pot.cell(), node.pot.value());
            match cause {
                Some(Cause::Cell) => {
                    for v in 1..=9u8 {
                        let p = Pot::new(cell, v, false);
                        if gone(cell, v) && !out.contains(&p) {
                            out.push(p);
                        }
                    }
                }
                Some(Cause::Region(kind)) => {
                    for &other in region_of(kind, cell) {
                        let p = Pot::new(other as usize, value, false);
                        if gone(other as usize, value) && !out.contains(&p) {
                            out.push(p);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// SE's nested complexity of a hint's branches: the complexity of every distinct chaining
/// hint (SE's `FullChain`) its chains rest on.
pub fn nested_complexity(branches: &[(Rc<Chain>, u32)]) -> usize {
    let mut seen: Vec<&Vec<Vec<Pot>>> = Vec::new();
    let mut total = 0;
    for (chain, node) in branches {
        if chain.advanced.is_empty() {
            continue;
        }
        for n in breadth_first_nodes(chain, *node) {
            if let Cause::Advanced(i) = chain.nodes[n as usize].cause {
                if let AdvancedHint::Chaining(h) = &chain.advanced[i as usize] {
                    if !seen.contains(&&h.key) {
                        seen.push(&h.key);
                        total += h.rank().complexity;
                    }
                }
            }
        }
    }
    total
}

/// The premises of a rule's potential in our proof: a locked set's rule parents; a nested
/// hint's every candidate the chain had removed from `source` when it was found.
pub fn proof_premises(
    chain: &Chain,
    hint: &AdvancedHint,
    node: u32,
    source: &[u16; 81],
) -> Vec<u32> {
    match hint {
        AdvancedHint::Locked(_) => chain.parents(node).to_vec(),
        AdvancedHint::Chaining(h) => {
            let mut out = Vec::new();
            for cell in 0..81 {
                for v in 1..=9u8 {
                    if has(source, cell, v) && !has(&h.grid, cell, v) {
                        out.push(
                            chain
                                .get(Pot::new(cell, v, false))
                                .expect("a removed candidate is an off"),
                        );
                    }
                }
            }
            out
        }
    }
}

/// The CSP variable of a value in a region.
fn variable(region: Region, value: u8) -> CspVariable {
    let d = Digit::new(value).expect("a value");
    let i = region.index as u8;
    match region.kind {
        RegionType::Block => CspVariable::Bn(i, d),
        RegionType::Row => CspVariable::Rn(i, d),
        RegionType::Column => CspVariable::Cn(i, d),
    }
}

/// A locked set's base and cover variables.
fn base_cover(set: &LockedSet) -> (Vec<CspVariable>, Vec<CspVariable>) {
    let cell = |c: usize| CspVariable::Rc(sudolink_engine::grid::Cell::new(c));
    match *set {
        LockedSet::Locking {
            region1,
            region2,
            value,
        } => (
            vec![variable(region1, value)],
            vec![variable(region2, value)],
        ),
        LockedSet::Hidden {
            region,
            values,
            positions,
        } => (
            bits(values as u32)
                .map(|v| variable(region, v as u8))
                .collect(),
            bits(positions as u32)
                .map(|p| cell(region.cell(p)))
                .collect(),
        ),
        LockedSet::Naked {
            region,
            positions,
            values,
        } => (
            bits(positions as u32)
                .map(|p| cell(region.cell(p)))
                .collect(),
            bits(values as u32)
                .map(|v| variable(region, v as u8))
                .collect(),
        ),
        LockedSet::Fish {
            base_type,
            cover_type,
            base,
            cover,
            value,
        } => (
            bits(base as u32)
                .map(|i| variable(Region::new(base_type, i), value))
                .collect(),
            bits(cover as u32)
                .map(|i| variable(Region::new(cover_type, i), value))
                .collect(),
        ),
    }
}

/// The inference of a potential a rule gave, from its premises.
pub fn proof_step(hint: &AdvancedHint, premises: &[Pot], pot: Pot) -> NetStep {
    let link = match hint {
        AdvancedHint::Locked(set) => {
            let (base, cover) = base_cover(set);
            NetLink::Locked { base, cover }
        }
        AdvancedHint::Chaining(h) => NetLink::Nested {
            proof: Box::new(h.proof_of(pot.candidate())),
        },
    };
    NetStep {
        premises: premises.iter().map(|&p| proofs::literal(p)).collect(),
        conclusion: proofs::literal(pot),
        link,
    }
}
