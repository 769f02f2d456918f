//! gpenet's full tagging, level 3 ([gpenet tagging]): the loop that **extends weak links through
//! choices**. For a choice `{abcd}` (exactly one member true: a cell's candidates, a
//! digit's places in a house, an almost cell's digits) where `a` and `b` force `e` and `c`
//! and `d` force `f` (each through level 2's propagation, merges and earlier extensions),
//! `e` or `f` holds: a new weak link `E–F` (the seed prints it `#[] 1r5c4/8r4c7` followed
//! by its chains, `|*r4c3 r5c3` when the choice is an almost cell). When every member
//! forces the same `e`, `e` is a forced tag (`E` false).
//!
//! The process, as the seed runs it: level 2 up to its merges (the same function as level
//! 2's: clearings, else merges and clearings); when there are none, one **pass** finds
//! every new weak link the choices give (the ends `E`, `F` are the tags, one group per tag,
//! and the candidates in no layer), adds them as lemmas, **merges again** the tags they
//! prove equal (the seed loops back to its basic analysis) and looks for clearings again; it
//! **fails when a pass extends
//! nothing** (or after [`MAX_PASSES`]). The solver loops back to the basic rules after each
//! clearing (`solve --rules basic,tag3`).
//!
//! A clearing's proof ([`sudolink_engine::proof::tagging`]) holds each extended weak link it uses as
//! a lemma whose one inference is the choice with each member's propagation (rebuilt with
//! the lemmas in force when the link was found), so `proof::check` re-checks the choice
//! and every member's chain from the state.
//!
//! **Complexity**: per pass, one propagation per choice member (cached per node) and per
//! end; the pairs of ends are found per choice by bucketing the ends by the set of members
//! that force them; at most [`MAX_EXTENSIONS_PER_PASS`] new links per pass.

use super::limits::{Meter, Stop};
use super::tagging2::{
    add_lemma_edges, merge_tags, refute_all, up_to_merges, Lemma, LemmaBody, LemmaEdges, Level2,
    Run, UpToMerges,
};
use std::collections::{BTreeMap, HashSet};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CspVariable, House};
use sudolink_engine::proof::tagging::TagChoice;
use sudolink_engine::proof::Proof;

/// Passes of extension before level 3 gives up.
pub const MAX_PASSES: usize = 6;

/// New weak links kept per pass (forced tags first, then in choice order).
pub const MAX_EXTENSIONS_PER_PASS: usize = 4000;

/// What the level-3 search reports besides its clearings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Level3Stats {
    pub layers: usize,
    pub als: usize,
    pub merges: usize,
    /// Extension passes run (0 when level 2 clears).
    pub passes: usize,
    /// Weak links (and forced tags) added by the passes.
    pub extensions: usize,
    /// Merges made after a pass (tags proven equal through its weak links).
    pub later_merges: usize,
}

/// A choice: its proof form and its members (nodes, one at least true).
struct Choice {
    choice: TagChoice,
    members: Vec<usize>,
}

/// Every choice of the state with two members or more.
fn choices(l: &Level2, links: &LinkIndex) -> Vec<Choice> {
    let mut out = Vec::new();
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut push = |choice: TagChoice, mut members: Vec<usize>| {
        members.sort();
        members.dedup();
        if members.len() >= 2 && seen.insert(members.clone()) {
            out.push(Choice { choice, members });
        }
    };
    let nodes_of = |v: CspVariable| -> Vec<usize> {
        links
            .variable(v)
            .iter()
            .map(|c: Candidate| l.cand_node[c.index()])
            .collect()
    };
    for v in CspVariable::all() {
        if links.is_decided(v) {
            continue;
        }
        let choice = match v {
            CspVariable::Rc(cell) => TagChoice::Cell { cell },
            CspVariable::Rn(r, digit) => TagChoice::House {
                house: House::Row(r),
                digit,
            },
            CspVariable::Cn(c, digit) => TagChoice::House {
                house: House::Column(c),
                digit,
            },
            CspVariable::Bn(b, digit) => TagChoice::House {
                house: House::Block(b),
                digit,
            },
        };
        push(choice, nodes_of(v));
    }
    for e in &l.als {
        push(
            TagChoice::AlmostCell {
                house: e.house,
                cells: e.cells.clone(),
            },
            e.ac.iter().flatten().copied().collect(),
        );
    }
    out
}

/// The ends of extended weak links: one group per tag, and each candidate in no layer.
fn ends(l: &Level2) -> Vec<usize> {
    let mut rep = vec![usize::MAX; l.layers * 2];
    let mut out = Vec::new();
    for (i, t) in l.tag.iter().enumerate() {
        match t {
            Some((layer, p)) => {
                let k = layer * 2 + *p as usize;
                if rep[k] == usize::MAX {
                    rep[k] = i;
                }
            }
            None if l.nodes[i].cells.len() == 1 => out.push(i),
            None => {}
        }
    }
    out.extend(rep.into_iter().filter(|&r| r != usize::MAX));
    out.sort();
    out
}

/// One pass: the new weak links `(u, v)` (`u` true makes `v` false; `u == v`: `u` is
/// false), each with the choice that gives it.
fn extend(
    l: &Level2,
    links: &LinkIndex,
    lemmas: &[Lemma],
    edges: &LemmaEdges,
    choices: &[Choice],
    ends: &[usize],
) -> Vec<Lemma> {
    let before = lemmas.len();
    // per node, once propagated: the values its truth reaches (None: a contradiction)
    let mut reach: Vec<Option<Option<Vec<u8>>>> = vec![None; l.nodes.len()];
    let mut run = Run::new(l, links, edges);
    let mut propagate = |reach: &mut Vec<Option<Option<Vec<u8>>>>, n: usize| {
        if reach[n].is_none() {
            run.reset();
            run.run((n, true));
            reach[n] = Some(run.end.is_none().then(|| run.value.clone()));
        }
    };
    let layer_of = |n: usize| l.tag[n].map(|(layer, _)| layer);
    let mut found: HashSet<(usize, usize)> = HashSet::new();
    let mut units = Vec::new();
    let mut pairs = Vec::new();
    for (ci, ch) in choices.iter().enumerate() {
        for &m in &ch.members {
            propagate(&mut reach, m);
        }
        let Some(members): Option<Vec<&Vec<u8>>> = ch
            .members
            .iter()
            .map(|&m| reach[m].as_ref().expect("propagated").as_ref())
            .collect()
        else {
            continue;
        };
        let full: u16 = (1 << members.len()) - 1;
        // ordered by mask, so that the pairs (and the lemmas' order) are the same each run
        let mut by_mask: BTreeMap<u16, Vec<usize>> = BTreeMap::new();
        for &e in ends {
            let mask = members
                .iter()
                .enumerate()
                .filter(|(_, r)| r[e] == 2)
                .fold(0u16, |m, (j, _)| m | 1 << j);
            if mask != 0 {
                by_mask.entry(mask).or_default().push(e);
            }
        }
        if let Some(forced) = by_mask.get(&full) {
            for &u in forced {
                if found.insert((u, u)) {
                    units.push((ci, u, u));
                }
            }
        }
        let masks: Vec<u16> = by_mask.keys().copied().filter(|&m| m != full).collect();
        for &ma in &masks {
            for &mb in &masks {
                if ma >= mb || ma | mb != full {
                    continue;
                }
                for &u in &by_mask[&ma] {
                    for &v in &by_mask[&mb] {
                        let (u, v) = (u.min(v), u.max(v));
                        let same_layer = layer_of(u).is_some() && layer_of(u) == layer_of(v);
                        if u != v && !same_layer && found.insert((u, v)) {
                            pairs.push((ci, u, v));
                        }
                    }
                }
            }
        }
    }
    // keep the new ones: u true does not already make v false
    let mut out = Vec::new();
    for (ci, u, v) in units.into_iter().chain(pairs) {
        if out.len() >= MAX_EXTENSIONS_PER_PASS {
            break;
        }
        propagate(&mut reach, u);
        let known = match reach[u].as_ref().expect("propagated") {
            None => true,
            Some(r) => u != v && r[v] == 2,
        };
        if known {
            continue;
        }
        let ch = &choices[ci];
        out.push(Lemma {
            from: (u, true),
            body: LemmaBody::Choice {
                choice: ch.choice.clone(),
                members: ch.members.clone(),
                to: (v, false),
                before,
            },
        });
    }
    out
}

/// Every level-3 clearing of the state (one proof per cleared candidate): level 2's when
/// it has some, else those of the first extension pass that gives any. After each pass the
/// merges are made again with the new weak links in force (the seed loops back to its basic
/// analysis), so a pass can also merge tags.
pub fn level3_with_stats(links: &LinkIndex) -> (Vec<Proof>, Level3Stats) {
    level3_within(links, &mut Meter::unlimited()).expect("no limit to reach")
}

/// [`level3_with_stats`] within `meter`'s limits, checked after level 2's merges and
/// before each extension pass (a pass is bounded by [`MAX_PASSES`] and the merges by
/// `tagging2::MAX_MERGES`, so a check between them stops it within one pass).
pub fn level3_within(
    links: &LinkIndex,
    meter: &mut Meter,
) -> Result<(Vec<Proof>, Level3Stats), Stop> {
    let l = Level2::new(links);
    let UpToMerges {
        proofs,
        mut lemmas,
        mut edges,
        mut merged,
    } = up_to_merges(&l, links);
    let mut stats = Level3Stats {
        layers: l.layers,
        als: l.als_count,
        merges: merged.len(),
        ..Level3Stats::default()
    };
    if l.conflicts > 0 || !proofs.is_empty() {
        return Ok((proofs, stats));
    }
    let choices = choices(&l, links);
    let ends = ends(&l);
    for _ in 0..MAX_PASSES {
        if let Some(stop) = meter.check() {
            return Err(stop);
        }
        stats.passes += 1;
        let new = extend(&l, links, &lemmas, &edges, &choices, &ends);
        if new.is_empty() {
            break;
        }
        stats.extensions += new.len();
        for lemma in new {
            let LemmaBody::Choice { to, .. } = lemma.body else {
                unreachable!("an extension is a choice lemma")
            };
            add_lemma_edges(&mut edges, lemma.from, to, lemmas.len());
            lemmas.push(lemma);
        }
        stats.later_merges += merge_tags(&l, links, &mut lemmas, &mut edges, &mut merged);
        let out = refute_all(&l, links, &edges, &lemmas);
        if !out.is_empty() {
            return Ok((out, stats));
        }
    }
    Ok((vec![], stats))
}

/// Every level-3 clearing of the state.
pub fn level3(links: &LinkIndex) -> Vec<Proof> {
    level3_with_stats(links).0
}
