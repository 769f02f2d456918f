//! Hanson's almost-locked ranges with strong chains ([Hanson SA]): the ranges of each block
//! and digit (15 shapes, at least three places in the block), the strong chains (connected
//! components of conjugate links, two-coloured), and every candidate that through weak
//! links and at least one range would make both colours of one chain false — or its own
//! colour false.
//!
//! **Complexity**: per candidate, its 28 nrc-linked candidates and the exits of the ranges
//! whose lines it lies on; one breadth-first search for the chain of each elimination.

use std::collections::VecDeque;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::crossing_lines;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House};
use sudolink_engine::proof::range::{AlmostLockedRange, RangeLink, RangeStep};
use sudolink_engine::proof::{Pattern, Proof};

/// The colouring of the strong chains: for each candidate, its chain and colour.
struct Chains {
    /// chain id and colour (0/1) per candidate index; None outside every chain.
    colour: Vec<Option<(u32, u8)>>,
    /// conjugate neighbours per candidate index.
    conjugates: Vec<Vec<Candidate>>,
    /// chains whose colouring has an odd cycle (left to Medusa's colour rules).
    broken: Vec<bool>,
}

fn open_in(links: &LinkIndex, v: CspVariable) -> Vec<Candidate> {
    links.variable(v).iter().collect()
}

impl Chains {
    fn new(links: &LinkIndex) -> Chains {
        let mut conjugates = vec![Vec::new(); 729];
        for v in CspVariable::all() {
            if links.is_decided(v) {
                continue;
            }
            if let [a, b] = open_in(links, v)[..] {
                if !conjugates[a.index()].contains(&b) {
                    conjugates[a.index()].push(b);
                    conjugates[b.index()].push(a);
                }
            }
        }
        let mut colour = vec![None; 729];
        let mut broken = Vec::new();
        for start in links.open().iter() {
            if colour[start.index()].is_some() || conjugates[start.index()].is_empty() {
                continue;
            }
            let id = broken.len() as u32;
            broken.push(false);
            colour[start.index()] = Some((id, 0));
            let mut queue = VecDeque::from([start]);
            while let Some(c) = queue.pop_front() {
                let (_, k) = colour[c.index()].expect("coloured");
                for &n in &conjugates[c.index()] {
                    match colour[n.index()] {
                        None => {
                            colour[n.index()] = Some((id, 1 - k));
                            queue.push_back(n);
                        }
                        Some((_, m)) if m == k => broken[id as usize] = true,
                        _ => {}
                    }
                }
            }
        }
        Chains {
            colour,
            conjugates,
            broken,
        }
    }

    /// A shortest conjugate path from `a` to `b` (same chain).
    fn path(&self, a: Candidate, b: Candidate) -> Vec<Candidate> {
        let mut parent: Vec<Option<Candidate>> = vec![None; 729];
        let mut queue = VecDeque::from([a]);
        parent[a.index()] = Some(a);
        while let Some(c) = queue.pop_front() {
            if c == b {
                break;
            }
            for &n in &self.conjugates[c.index()] {
                if parent[n.index()].is_none() {
                    parent[n.index()] = Some(c);
                    queue.push_back(n);
                }
            }
        }
        let mut path = vec![b];
        let mut c = b;
        while c != a {
            c = parent[c.index()].expect("connected");
            path.push(c);
        }
        path.reverse();
        path
    }
}

/// Every almost-locked range of the state: blocks, digits with three or more places, the
/// nine crossing pairs of a row and a column and the six pairs of parallel lines.
fn ranges(links: &LinkIndex) -> Vec<RangeLink> {
    let mut out = Vec::new();
    for b in 0..9u8 {
        let block = House::Block(b);
        let lines = crossing_lines(b as usize);
        let (rows, cols) = (lines[..3].to_vec(), lines[3..].to_vec());
        let mut pairs: Vec<(House, House)> = Vec::new();
        for &r in &rows {
            for &c in &cols {
                pairs.push((r, c));
            }
        }
        for lines in [&rows, &cols] {
            for i in 0..3 {
                for j in i + 1..3 {
                    pairs.push((lines[i], lines[j]));
                }
            }
        }
        for d in Digit::all() {
            let places: Vec<Cell> = open_in(links, CspVariable::Bn(b, d))
                .iter()
                .map(|c| c.cell())
                .collect();
            if places.len() < 3 {
                continue;
            }
            for &(entry, exit) in &pairs {
                let on = |l: House, off: House| {
                    places.iter().any(|&c| l.contains(c) && !off.contains(c))
                };
                if places
                    .iter()
                    .all(|&c| entry.contains(c) || exit.contains(c))
                    && on(entry, exit)
                    && on(exit, entry)
                {
                    out.push(RangeLink {
                        block,
                        digit: d,
                        entry,
                        exit,
                    });
                }
            }
        }
    }
    out
}

/// The candidates `x` makes false through `r` (none when `x` is not on one of its lines
/// outside the block).
fn range_exits(links: &LinkIndex, r: &RangeLink, x: Candidate) -> Vec<Candidate> {
    if x.digit() != r.digit || r.block.contains(x.cell()) {
        return vec![];
    }
    let other = if r.entry.contains(x.cell()) {
        r.exit
    } else if r.exit.contains(x.cell()) {
        r.entry
    } else {
        return vec![];
    };
    if other.contains(x.cell()) {
        return vec![];
    }
    other
        .cells()
        .into_iter()
        .filter(|&c| !r.block.contains(c))
        .map(|c| Candidate::new(c, r.digit))
        .filter(|&c| links.open().contains(c))
        .collect()
}

/// One way the target makes a candidate false.
#[derive(Clone, Copy)]
struct Hit {
    end: Candidate,
    step: RangeStep,
}

/// Every elimination by an almost-locked range and a strong chain, one proof per target
/// (the shortest chain found).
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    let chains = Chains::new(links);
    let all_ranges = ranges(links);
    let mut out = Vec::new();
    for x in links.open().iter() {
        let mut hits: Vec<Hit> = links
            .linked(x)
            .iter()
            .filter(|&c| links.open().contains(c))
            .map(|end| Hit {
                end,
                step: RangeStep::Sees,
            })
            .collect();
        for r in all_ranges.iter().filter(|r| r.digit == x.digit()) {
            hits.extend(range_exits(links, r, x).into_iter().map(|end| Hit {
                end,
                step: RangeStep::Range(*r),
            }));
        }
        if let Some(p) = best_contradiction(&chains, x, &hits) {
            out.push(Proof::new(
                Pattern::AlmostLockedRange(Box::new(p)),
                vec![x],
                vec![],
            ));
        }
    }
    out.sort_by_key(|p| p.length);
    out
}

/// The shortest chain through which the hits (one through a range at least) force both
/// colours of one chain, or the target's own colour, false.
fn best_contradiction(chains: &Chains, x: Candidate, hits: &[Hit]) -> Option<AlmostLockedRange> {
    let colour_of =
        |c: Candidate| chains.colour[c.index()].filter(|&(id, _)| !chains.broken[id as usize]);
    let mut best: Option<AlmostLockedRange> = None;
    let mut consider = |first: RangeStep, a: Candidate, last: RangeStep, b: Candidate| {
        let chain = chains.path(a, b);
        let shape = shape_name(x, &chain, first, last);
        let candidate = AlmostLockedRange {
            first,
            chain,
            last,
            shape,
        };
        if best
            .as_ref()
            .is_none_or(|b| b.chain.len() > candidate.chain.len())
        {
            best = Some(candidate);
        }
    };
    // the target's own colour made false through a range
    if let Some((id, k)) = colour_of(x) {
        for h in hits
            .iter()
            .filter(|h| matches!(h.step, RangeStep::Range(_)))
        {
            if colour_of(h.end) == Some((id, k)) {
                consider(RangeStep::Itself, x, h.step, h.end);
            }
        }
    }
    // both colours of one chain made false, one of them through a range
    for (i, a) in hits.iter().enumerate() {
        let Some((id, k)) = colour_of(a.end) else {
            continue;
        };
        for b in &hits[i + 1..] {
            let ranged =
                matches!(a.step, RangeStep::Range(_)) || matches!(b.step, RangeStep::Range(_));
            if ranged && colour_of(b.end) == Some((id, 1 - k)) && a.end != b.end {
                consider(a.step, a.end, b.step, b.end);
            }
        }
    }
    best
}

/// `empty-rectangle` (one range turning, one conjugate pair, one digit) or
/// `franken-swordfish` (two ranges and one conjugate pair of the digit, as the seed reads
/// the Franken swordfish).
fn shape_name(
    x: Candidate,
    chain: &[Candidate],
    first: RangeStep,
    last: RangeStep,
) -> Option<String> {
    let one_digit = chain.iter().all(|c| c.digit() == x.digit());
    if !one_digit || chain.len() != 2 {
        return None;
    }
    match (first, last) {
        (RangeStep::Range(_), RangeStep::Range(_)) => Some("franken-swordfish".into()),
        (RangeStep::Range(r), RangeStep::Sees) | (RangeStep::Sees, RangeStep::Range(r))
            if r.turns() =>
        {
            Some("empty-rectangle".into())
        }
        _ => None,
    }
}

/// The largest ALS the Assistant's step 4 looks at.
pub const MAX_STEP4_ALS: usize = 4;

/// The Assistant's step 4 ([Hanson SA], "The Sudoku Assistant and Almost-Locked Sets"): a
/// strong chain connected to an almost-locked set "in an impossible way" — two nodes of
/// one colour that each see all of the ALS's places of a different digit would, if that
/// colour were true, take two digits from the ALS: the colour is false, and every candidate
/// of it is eliminated. Each elimination is an alternating inference chain that loops back
/// to the candidate through the ALS (`proof::aic`).
pub fn als_strong_chains(links: &LinkIndex) -> Vec<Proof> {
    use sudolink_engine::graph::als::{enumerate, mask_cells};
    use sudolink_engine::proof::aic::{AicConclusion, AicNode, AicPattern};
    let chains = Chains::new(links);
    let mut out: Vec<Proof> = Vec::new();
    let mut done = sudolink_engine::grid::CandidateSet::EMPTY;
    // the colour classes: (chain, colour) → members
    let mut classes: std::collections::HashMap<(u32, u8), Vec<Candidate>> = Default::default();
    for c in links.open().iter() {
        if let Some((id, k)) = chains.colour[c.index()] {
            if !chains.broken[id as usize] {
                classes.entry((id, k)).or_default().push(c);
            }
        }
    }
    let mut keys: Vec<(u32, u8)> = classes.keys().copied().collect();
    keys.sort();
    for als in enumerate(links, MAX_STEP4_ALS) {
        let places: Vec<(usize, Vec<Cell>)> = bits(als.digits)
            .map(|d| (d, mask_cells(als.places[d]).collect()))
            .collect();
        for key in &keys {
            let members = &classes[key];
            // for each ALS digit, a member of the colour outside the ALS seeing all its places
            let seers: Vec<(usize, Candidate)> = places
                .iter()
                .filter_map(|(d, cells)| {
                    members
                        .iter()
                        .find(|m| {
                            m.digit().index() == *d
                                && !cells.contains(&m.cell())
                                && cells.iter().all(|&p| p.sees(m.cell()))
                                && sudolink_engine::proof::aic::weak(
                                    &AicNode::candidate(**m),
                                    &AicNode {
                                        digit: m.digit(),
                                        cells: cells.clone(),
                                    },
                                )
                        })
                        .map(|&m| (*d, m))
                })
                .collect();
            let [(d1, y1), (d2, y2), ..] = seers[..] else {
                continue;
            };
            let node = |d: usize| AicNode {
                digit: Digit::from_index(d),
                cells: places
                    .iter()
                    .find(|(x, _)| *x == d)
                    .expect("ALS digit")
                    .1
                    .clone(),
            };
            for &x in members {
                if done.contains(x) || als.mask >> x.cell().index() & 1 == 1 {
                    continue;
                }
                // x - … = y1 - (d1 places) = (d2 places) - y2 = … - x
                let mut nodes: Vec<Candidate> = chains.path(x, y1);
                let tail = chains.path(y2, x);
                let mut aic: Vec<AicNode> = nodes.drain(..).map(AicNode::candidate).collect();
                let mut als_links: Vec<Option<Vec<Cell>>> = vec![None; aic.len().saturating_sub(1)];
                aic.push(node(d1));
                als_links.push(None);
                aic.push(node(d2));
                als_links.push(Some(als.cells.clone()));
                let tail_nodes: Vec<AicNode> = tail[..tail.len() - 1]
                    .iter()
                    .map(|&c| AicNode::candidate(c))
                    .collect();
                for n in tail_nodes {
                    als_links.push(None);
                    aic.push(n);
                }
                let pattern = AicPattern {
                    nodes: aic,
                    conclusion: AicConclusion::Loop,
                    technique: "als-strong-chains".to_string(),
                    tags: None,
                    als_links,
                };
                done.insert(x);
                out.push(Proof::new(Pattern::Aic(Box::new(pattern)), vec![x], vec![]));
            }
        }
    }
    out.sort_by_key(|p| p.length);
    out
}
