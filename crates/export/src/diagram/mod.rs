//! From a proof to a [`Diagram`]: which candidates to colour, which sets of candidates to
//! outline as one node (groups, ALS), which links to draw (in the order the proof reads),
//! what the legend says each colour means, and — for the proof graph — which CSP variable
//! each candidate belongs to and why each t/z candidate and the target hang on the chain
//! ([`Support`]).
//!
//! A proof made of several branches or chains (a force chain or net's branches, a level-2
//! or 3 tagging's lemmas and refutation, a 3D Medusa's strong chains) can be drawn one part
//! at a time ([`parts`], [`from_proof_part`]): the part's marks, sets and links, the
//! conclusions, and a legend line saying which part is shown. A long proof can be drawn
//! link by link ([`Shown::first_links`]): its first links, with the marks and sets they
//! reach, and its caption cut short.

mod exocet;
mod impossible;
mod medusa;
mod rank;

use super::dot;
use super::svg::{
    Arrow, Diagram, Key, LegendEntry, Mark, Role, SetKind, SetOutline, Support, SupportKind,
    Variable,
};
use graphviz_rust::dot_structures::Graph;
use sudolink_engine::grid::{Candidate, Cell, Digit, State};
use sudolink_engine::proof::aic::{cells_compact, AicConclusion, AicPattern};
use sudolink_engine::proof::aligned::AlignedExclusionPattern;
use sudolink_engine::proof::als::AlsPattern;
use sudolink_engine::proof::als::SueDeCoq;
use sudolink_engine::proof::assistant::{BentSubset, GridAls, GridLock};
use sudolink_engine::proof::basic;
use sudolink_engine::proof::candidates::pattern_candidates;
use sudolink_engine::proof::chain::{ChainPattern, LassoKind};
use sudolink_engine::proof::composite::CompositePattern;
use sudolink_engine::proof::empty_rectangle::EmptyRectanglePattern;
use sudolink_engine::proof::fish::FishPattern;
use sudolink_engine::proof::kraken::KrakenPattern;
use sudolink_engine::proof::net::{NetLink, NetPattern};
use sudolink_engine::proof::range::AlmostLockedRange;
use sudolink_engine::proof::tagging::{TagLink, TagPattern};
use sudolink_engine::proof::template::TemplatePattern;
use sudolink_engine::proof::uniqueness::UniquenessPattern;
use sudolink_engine::proof::whip::WhipPattern;
use sudolink_engine::proof::{on_pattern, Pattern, Proof};
use sudolink_notation::nrc;
use thiserror::Error;

/// A part asked of a proof that does not have it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PartError {
    #[error("this proof is drawn whole: it has no branches or chains to show one at a time")]
    Whole,
    #[error("there is no part {asked}: this proof has {count} (1 to {count})")]
    OutOfRange { asked: usize, count: usize },
    #[error("no links to draw: the first links drawn count from 1")]
    NoLinks,
}

/// What of a proof a picture shows: the whole proof or one of its [`parts`], and all of
/// its links or only the first ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The part drawn alone (from 1, as [`parts`] lists them); `None`: the whole proof.
    pub part: Option<usize>,
    /// Only the first links drawn, in the order the proof reads them (from 1); `None`, or
    /// as many as the picture has or more: every link.
    pub first_links: Option<usize>,
}

/// The candidates a pattern drawn as marks only is made of ([`pattern_candidates`]).
fn pattern_marks(state: &State, pattern: &Pattern) -> Vec<Candidate> {
    pattern_candidates(pattern, state.candidates())
}

/// A pattern drawn as marks on the candidates it is made of.
fn marks_parts(state: &State, pattern: &Pattern) -> Parts {
    Parts {
        marks: pattern_marks(state, pattern)
            .into_iter()
            .map(|c| mark(c, Role::Pattern))
            .collect(),
        ..Parts::default()
    }
}

fn mark(candidate: Candidate, role: Role) -> Mark {
    Mark { candidate, role }
}

/// Everything [`from_proof`] takes from a pattern.
#[derive(Default)]
struct Parts {
    marks: Vec<Mark>,
    arrows: Vec<Arrow>,
    variables: Vec<Variable>,
    supports: Vec<Support>,
    sets: Vec<SetOutline>,
    /// The legend's line for each named set, by set.
    set_texts: Vec<Option<String>>,
}

impl Parts {
    /// The set of `candidates` of `kind` (the same one when it is already there).
    fn set(&mut self, kind: SetKind, candidates: Vec<Candidate>) -> usize {
        if let Some(i) = self
            .sets
            .iter()
            .position(|s| s.kind == kind && s.candidates == candidates)
        {
            return i;
        }
        self.sets.push(SetOutline {
            kind,
            candidates,
            name: None,
            hue: 0,
        });
        self.set_texts.push(None);
        self.sets.len() - 1
    }

    /// The outlined group of a node of several candidates; `None` for one candidate.
    fn group(&mut self, candidates: &[Candidate]) -> Option<usize> {
        (candidates.len() > 1).then(|| self.set(SetKind::Group, candidates.to_vec()))
    }

    /// The ALS of `cells` (its open candidates), named with the next letter (`A`, `B`, …)
    /// when new; the legend says `ALS A:` and `what` (its cells by default).
    fn als(&mut self, state: &State, cells: &[Cell], what: Option<String>) -> usize {
        let candidates: Vec<Candidate> = cells
            .iter()
            .flat_map(|&cell| Digit::all().map(move |d| Candidate::new(cell, d)))
            .filter(|&c| state.has(c))
            .collect();
        let before = self.sets.len();
        let i = self.set(SetKind::Als, candidates);
        if i == before {
            let named = self.sets.iter().filter(|s| s.name.is_some()).count();
            let name = set_letter(named);
            let what = what.unwrap_or_else(|| cells_compact(cells));
            self.set_texts[i] = Some(format!("ALS {name}: {what}"));
            self.sets[i].name = Some(name);
            self.sets[i].hue = named;
        }
        i
    }

    /// Only the first `k` links (of `n`, returned): the marks and sets the later links
    /// alone reach are dropped (the conclusions stay), the others keep their names and
    /// colours, so that the first links look as they do in the whole picture.
    fn first_links(&mut self, k: usize) -> usize {
        let n = self.arrows.len();
        if k >= n {
            return n;
        }
        let reach = |a: &Arrow| {
            let mut c = vec![a.from, a.to];
            for set in [a.from_set, a.to_set].into_iter().flatten() {
                c.extend(self.sets[set].candidates.iter().copied());
            }
            c
        };
        let early: Vec<Candidate> = self.arrows[..k].iter().flat_map(reach).collect();
        let late: Vec<Candidate> = self.arrows[k..]
            .iter()
            .flat_map(reach)
            .filter(|c| !early.contains(c))
            .collect();
        let set_of = |a: &Arrow| [a.from_set, a.to_set].into_iter().flatten();
        let kept: Vec<usize> = self.arrows[..k].iter().flat_map(set_of).collect();
        let later: Vec<usize> = self.arrows[k..].iter().flat_map(set_of).collect();
        let keep = |i: usize, set: &SetOutline| {
            kept.contains(&i)
                || (!later.contains(&i) && !set.candidates.iter().all(|c| late.contains(c)))
        };
        let mut index = vec![None; self.sets.len()];
        let mut sets = Vec::new();
        let mut texts = Vec::new();
        for (i, (set, text)) in self
            .sets
            .drain(..)
            .zip(self.set_texts.drain(..))
            .enumerate()
        {
            if keep(i, &set) {
                index[i] = Some(sets.len());
                sets.push(set);
                texts.push(text);
            }
        }
        self.sets = sets;
        self.set_texts = texts;
        self.arrows.truncate(k);
        for a in &mut self.arrows {
            a.from_set = a.from_set.and_then(|i| index[i]);
            a.to_set = a.to_set.and_then(|i| index[i]);
        }
        self.marks.retain(|m| !late.contains(&m.candidate));
        n
    }

    /// A link between two nodes: each a candidate, or the set it stands for.
    fn link(
        &mut self,
        from: (&[Candidate], Option<usize>),
        to: (&[Candidate], Option<usize>),
        strong: bool,
    ) {
        self.arrows.push(Arrow {
            from: from.0[0],
            to: to.0[0],
            strong,
            from_set: from.1,
            to_set: to.1,
        });
    }
}

/// `A`, `B`, … `Z`, `A2`, … (as 3D Medusa names its colours).
fn set_letter(k: usize) -> String {
    let letter = char::from(b'A' + (k % 26) as u8);
    match k / 26 {
        0 => letter.to_string(),
        round => format!("{letter}{}", round + 1),
    }
}

/// Roles and links of a chain: L green, R blue, t/z candidates orange; L→R strong,
/// R→next L weak, and the closing weak link of an lr-lasso. Each chain cell is a variable;
/// the targets hang on L_1 and the last R, z-candidates on the targets, t-candidates on
/// their R.
fn chain_parts(c: &ChainPattern) -> Parts {
    let mut parts = Parts::default();
    for (k, cell) in c.cells.iter().enumerate() {
        parts.marks.push(mark(cell.left_linking, Role::Left));
        parts.marks.push(mark(cell.right_linking, Role::Right));
        parts.marks.extend(
            cell.t_candidates
                .iter()
                .map(|t| mark(t.candidate, Role::Extra)),
        );
        parts
            .marks
            .extend(cell.z_candidates.iter().map(|&z| mark(z, Role::Extra)));
        parts
            .arrows
            .push(Arrow::new(cell.left_linking, cell.right_linking, true));
        if let Some(next) = c.cells.get(k + 1) {
            parts
                .arrows
                .push(Arrow::new(cell.right_linking, next.left_linking, false));
        }
        let mut candidates = vec![cell.left_linking, cell.right_linking];
        candidates.extend(cell.t_candidates.iter().map(|t| t.candidate));
        candidates.extend(cell.z_candidates.iter().copied());
        parts.variables.push(Variable {
            name: cell.variable.to_string(),
            candidates,
        });
        parts
            .supports
            .extend(cell.t_candidates.iter().map(|t| Support {
                from: t.linked_to,
                to: t.candidate,
                kind: SupportKind::T,
            }));
        for &target in &c.targets {
            parts
                .supports
                .extend(cell.z_candidates.iter().map(|&z| Support {
                    from: target,
                    to: z,
                    kind: SupportKind::Z,
                }));
        }
    }
    if let (Some(lasso), Some(last)) = (c.lasso, c.cells.last()) {
        if let (LassoKind::Lr, Some(earlier)) = (lasso.kind, c.cells.get(lasso.cell - 1)) {
            parts
                .arrows
                .push(Arrow::new(last.right_linking, earlier.right_linking, false));
        }
    }
    if let (Some(first), Some(last)) = (c.cells.first(), c.cells.last()) {
        for &target in &c.targets {
            parts.supports.push(Support {
                from: target,
                to: first.left_linking,
                kind: SupportKind::Start,
            });
            if c.lasso.is_none() && target.is_linked(last.right_linking) {
                parts.supports.push(Support {
                    from: last.right_linking,
                    to: target,
                    kind: SupportKind::End,
                });
            }
        }
    }
    parts
}

/// Whether every candidate of `a` is linked to every candidate of `b` (g-candidates are
/// lists).
fn all_linked(a: &[Candidate], b: &[Candidate]) -> bool {
    a.iter().all(|x| b.iter().all(|y| x.is_linked(*y)))
}

/// Roles and links of a whip or braid: every candidate of each L and R is marked, a
/// g-candidate (several) outlined as one group, on which its links end; the other
/// candidates of each CSP variable are the ones linked to the target (z) or to an earlier R
/// (t). A whip's L_k hangs on R_{k-1}; a braid's on the latest earlier R it is linked to,
/// or on the target.
fn whip_parts(state: &State, w: &WhipPattern) -> Parts {
    let mut parts = Parts::default();
    let mut rights: Vec<&[Candidate]> = Vec::new();
    for (k, cell) in w.cells.iter().enumerate() {
        let right: &[Candidate] = cell.right_linking.as_deref().unwrap_or(&[]);
        parts
            .marks
            .extend(cell.left_linking.iter().map(|&c| mark(c, Role::Left)));
        parts
            .marks
            .extend(right.iter().map(|&c| mark(c, Role::Right)));
        let others: Vec<Candidate> = cell
            .variable
            .candidates()
            .into_iter()
            .filter(|c| state.has(*c) && !cell.left_linking.contains(c) && !right.contains(c))
            .collect();
        parts
            .marks
            .extend(others.iter().map(|&c| mark(c, Role::Extra)));
        let mut candidates = cell.left_linking.clone();
        candidates.extend_from_slice(right);
        candidates.extend(others.iter().copied());
        parts.variables.push(Variable {
            name: cell.variable.to_string(),
            candidates,
        });
        for &other in &others {
            let support = if other.is_linked(w.target) {
                Some(Support {
                    from: w.target,
                    to: other,
                    kind: SupportKind::Z,
                })
            } else {
                latest_linked(&rights, &[other]).map(|r| Support {
                    from: r[0],
                    to: other,
                    kind: SupportKind::T,
                })
            };
            parts.supports.extend(support);
        }
        let left = cell.left_linking[0];
        let left_set = parts.group(&cell.left_linking);
        let source: Option<&[Candidate]> = if k == 0 {
            None
        } else if w.kind.is_braid() {
            latest_linked(&rights, &cell.left_linking).or(Some(std::slice::from_ref(&w.target)))
        } else {
            rights.last().copied().filter(|r| !r.is_empty())
        };
        if k == 0 {
            parts.supports.push(Support {
                from: w.target,
                to: left,
                kind: SupportKind::Start,
            });
        }
        if let Some(from) = source {
            let from_set = parts.group(from);
            parts.link((from, from_set), (&cell.left_linking, left_set), false);
        }
        if !right.is_empty() {
            let right_set = parts.group(right);
            parts.link((&cell.left_linking, left_set), (right, right_set), true);
        }
        rights.push(right);
    }
    parts
}

/// The latest R in `rights` linked to all of `candidates`.
fn latest_linked<'a>(
    rights: &[&'a [Candidate]],
    candidates: &[Candidate],
) -> Option<&'a [Candidate]> {
    rights
        .iter()
        .rev()
        .find(|r| !r.is_empty() && all_linked(r, candidates))
        .copied()
}

/// One inference of a branch as a picture draws it: the candidates of its first premise's
/// node and of its conclusion's, the conclusion's value, and the cells of the ALS it passes
/// through, if it does.
struct Inference<'a> {
    from: Option<Vec<Candidate>>,
    to: Vec<Candidate>,
    value: bool,
    als: Option<&'a [Cell]>,
}

/// Roles and links of branches of inferences (a force chain or net, a tagging), each given
/// by its assumption's candidates and its inferences: the assumptions as pattern
/// candidates, what is derived true and false in their own colours, a node of several
/// candidates outlined as a group, an ALS an inference passes through outlined and named;
/// an arrow per inference from its first premise (from the ALS, for an ALS inference) to
/// its conclusion, strong when it concludes a true literal.
fn inference_parts<'a>(
    state: &State,
    branches: impl Iterator<Item = (Vec<Candidate>, Vec<Inference<'a>>)>,
) -> Parts {
    let mut parts = Parts::default();
    for (assumed, steps) in branches {
        parts.group(&assumed);
        parts
            .marks
            .extend(assumed.iter().map(|&c| mark(c, Role::Pattern)));
        for s in steps {
            let role = if s.value {
                Role::DerivedTrue
            } else {
                Role::DerivedFalse
            };
            parts.marks.extend(s.to.iter().map(|&c| mark(c, role)));
            let to_set = parts.group(&s.to);
            let Some(from) = s.from else {
                continue;
            };
            let from_set = match s.als {
                Some(cells) => Some(parts.als(state, cells, None)),
                None => parts.group(&from),
            };
            parts.link((&from, from_set), (&s.to, to_set), s.value);
        }
    }
    parts
}

/// Roles and links of a force chain or net (of its branch `only`, 0-based, when given):
/// its branches' inferences ([`inference_parts`]).
fn net_parts(state: &State, n: &NetPattern, only: Option<usize>) -> Parts {
    let branches = n
        .branches
        .iter()
        .enumerate()
        .filter(|(k, _)| only.is_none_or(|o| o == *k))
        .map(|(_, b)| {
            let steps = b
                .steps
                .iter()
                .map(|s| Inference {
                    from: s.premises.first().map(|p| p.node.candidates().to_vec()),
                    to: s.conclusion.node.candidates().to_vec(),
                    value: s.conclusion.value,
                    als: match &s.link {
                        NetLink::Als { cells, .. } => Some(&cells[..]),
                        _ => None,
                    },
                })
                .collect();
            (b.assumption.node.candidates().to_vec(), steps)
        });
    inference_parts(state, branches)
}

/// The branches of a force chain or net: `branch 2 of 3: r1c7/+4`.
fn net_part_names(n: &NetPattern) -> Vec<String> {
    let count = n.branches.len();
    n.branches
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let refuted = if b.refuted.is_some() {
                " (refuted)"
            } else {
                ""
            };
            format!("branch {} of {count}: {}{refuted}", k + 1, b.assumption)
        })
        .collect()
}

/// Roles and links of a level-2 or 3 tagging (of its branch `only`, 0-based, when given):
/// its branches' inferences ([`inference_parts`]), an ALS lock or fullness drawn from its
/// ALS.
fn tag_parts(state: &State, t: &TagPattern, only: Option<usize>) -> Parts {
    let node = |i: usize| -> Vec<Candidate> { t.nodes[i].candidates().collect() };
    let branches = t
        .branches
        .iter()
        .enumerate()
        .filter(|(k, _)| only.is_none_or(|o| o == *k))
        .map(|(_, b)| {
            let steps = b
                .steps
                .iter()
                .map(|s| Inference {
                    from: s.premises.first().map(|p| node(p.node)),
                    to: node(s.conclusion.node),
                    value: s.conclusion.value,
                    als: match &s.link {
                        TagLink::AlsLock { cells, .. } | TagLink::AlsFull { cells, .. } => {
                            Some(&cells[..])
                        }
                        _ => None,
                    },
                })
                .collect();
            (node(b.assumption.node), steps)
        });
    inference_parts(state, branches)
}

/// The branches of a tagging: its lemmas, then the target's refutation.
fn tag_part_names(t: &TagPattern) -> Vec<String> {
    let count = t.branches.len();
    t.branches
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let what = if k + 1 == count {
                "the target refuted"
            } else {
                "a lemma"
            };
            let sign = if b.assumption.value { '+' } else { '-' };
            format!(
                "branch {} of {count} ({what}): {}{sign}",
                k + 1,
                t.nodes[b.assumption.node]
            )
        })
        .collect()
}

/// Roles and links of an alternating inference chain or loop: nodes reached false green
/// (L), true blue (R), every candidate of a group node marked and the node outlined; an
/// ALS a link passes through outlined and named; an arrow per link between the nodes
/// (ending on a group's outline), strong or weak as the chain alternates, and the closing
/// weak link of a loop.
fn aic_parts(state: &State, a: &AicPattern) -> Parts {
    // Ends and continuous loops start from a node assumed false; a discontinuous loop
    // from one assumed true
    let first_true = a.conclusion == AicConclusion::Loop;
    let mut parts = Parts::default();
    for (k, node) in a.nodes.iter().enumerate() {
        let role = if k.is_multiple_of(2) == first_true {
            Role::Right
        } else {
            Role::Left
        };
        parts.marks.extend(
            node.cells
                .iter()
                .map(|&c| mark(Candidate::new(c, node.digit), role)),
        );
    }
    for cells in a.als_links.iter().flatten() {
        parts.als(state, cells, None);
    }
    let nodes: Vec<Vec<Candidate>> = a
        .nodes
        .iter()
        .map(|n| {
            n.cells
                .iter()
                .map(|&c| Candidate::new(c, n.digit))
                .collect()
        })
        .collect();
    let sets: Vec<Option<usize>> = nodes.iter().map(|n| parts.group(n)).collect();
    let end = |k: usize| (&nodes[k][..], sets[k]);
    for k in 0..a.nodes.len().saturating_sub(1) {
        parts.link(end(k), end(k + 1), k.is_multiple_of(2) != first_true);
    }
    if a.conclusion != AicConclusion::Ends && a.nodes.len() > 1 {
        parts.link(end(a.nodes.len() - 1), end(0), false);
    }
    parts
}

/// Marks and sets of an ALS rule: its cells' candidates as pattern candidates, each set
/// outlined and named (`ALS A: {2 5 9} r4c3,r5c3`).
fn als_rule_parts(state: &State, pattern: &Pattern, a: &AlsPattern) -> Parts {
    let mut parts = marks_parts(state, pattern);
    for set in &a.sets {
        let digits: Vec<String> = set.digits.iter().map(|d| d.to_string()).collect();
        let what = format!("{{{}}} {}", digits.join(" "), cells_compact(&set.cells));
        parts.als(state, &set.cells, Some(what));
    }
    parts
}

/// What each colour means in a picture of one kind of proof (the legend's words).
struct Meanings {
    left: &'static str,
    right: &'static str,
    extra: &'static str,
    pattern: &'static str,
}

/// Chains, lassos, whips and braids: the left- and right-linking candidates of each CSP
/// variable, and the t/z candidates the family lets it skip.
const CHAIN_MEANINGS: Meanings = Meanings {
    left: "L: left-linking",
    right: "R: right-linking",
    extra: "t/z candidate",
    pattern: "pattern",
};

/// Alternating inference chains and loops: nodes reached off (false) and on (true).
const AIC_MEANINGS: Meanings = Meanings {
    left: "off (false)",
    right: "on (true)",
    ..CHAIN_MEANINGS
};

/// Force chains and nets: the assumptions (what each branch derives has its own roles,
/// [`Role::DerivedTrue`] and [`Role::DerivedFalse`], in colours no chain uses).
const NET_MEANINGS: Meanings = Meanings {
    pattern: "assumption",
    ..CHAIN_MEANINGS
};

/// The basic patterns and the Assistant's: their cells' candidates ("pattern").
const PATTERN_MEANINGS: Meanings = CHAIN_MEANINGS;

/// The legend of `d`: the part shown (`note`), when one is; one entry per role its marks
/// show (a candidate with two roles shows the first of target, asserted, L, R, t/z,
/// pattern); the groups and each named ALS (`set_texts`, by set); then the line styles its
/// links use and their numbering.
fn legend(
    d: &Diagram,
    meanings: &Meanings,
    set_texts: &[Option<String>],
    note: Option<String>,
) -> Vec<LegendEntry> {
    let shown: Vec<Role> = d
        .marks
        .iter()
        .filter_map(|m| d.role_of(m.candidate))
        .collect();
    let entry = |key: Key, text: &str| LegendEntry {
        key,
        text: text.to_string(),
    };
    let mut entries: Vec<LegendEntry> = note
        .map(|text| LegendEntry {
            key: Key::Note,
            text,
        })
        .into_iter()
        .collect();
    entries.extend(
        [
            (Role::Target, "eliminated"),
            (Role::Assertion, "asserted"),
            (Role::Left, meanings.left),
            (Role::Right, meanings.right),
            (Role::DerivedTrue, "derived true"),
            (Role::DerivedFalse, "derived false"),
            (Role::Extra, meanings.extra),
            (Role::Pattern, meanings.pattern),
        ]
        .into_iter()
        .filter(|(role, _)| shown.contains(role))
        .map(|(role, text)| entry(Key::Mark(role), text)),
    );
    // colourings (3D Medusa): each chain in its own hue, dark for its upper-case colour and
    // light for its lower-case one, each swatch the one drawn
    let mut chains: Vec<u8> = shown
        .iter()
        .filter_map(|r| match r {
            Role::Layer { layer, .. } => Some(*layer),
            _ => None,
        })
        .collect();
    chains.sort_unstable();
    chains.dedup();
    for layer in chains {
        let name = |upper: bool| {
            let letter = (b'A' + layer % 26) as char;
            if upper {
                letter
            } else {
                letter.to_ascii_lowercase()
            }
        };
        for upper in [true, false] {
            let text = format!("chain {}: colour {}", layer + 1, name(upper));
            entries.push(entry(Key::Mark(Role::Layer { layer, upper }), &text));
        }
    }
    if d.sets.iter().any(|s| s.kind == SetKind::Group) {
        let key = Key::Set {
            kind: SetKind::Group,
            hue: 0,
        };
        entries.push(entry(key, "group: a digit's candidates taken as one"));
    }
    for (set, text) in d.sets.iter().zip(set_texts) {
        if let Some(text) = text {
            let key = Key::Set {
                kind: set.kind,
                hue: set.hue,
            };
            entries.push(entry(key, text));
        }
    }
    if d.arrows.iter().any(|a| a.strong) {
        entries.push(entry(Key::StrongLink, "strong link"));
    }
    if d.arrows.iter().any(|a| !a.strong) {
        entries.push(entry(Key::WeakLink, "weak link"));
    }
    if !d.arrows.is_empty() {
        entries.push(entry(Key::LinkNumber, "link order"));
    }
    entries
}

/// The rule with its length as the forums print it: `whip[5]`, `braid[5]`,
/// `nrczt7-chain` (a chain's name already holds its length), `x-chain[6]`,
/// `force-cell[9]`, `swordfish`.
pub fn rule_label(proof: &Proof) -> String {
    on_pattern!(&proof.pattern, x => x.label(proof))
}

/// The rule with the proof's length: `x-chain[6]`, `force-cell[9]`.
fn rule_and_length(proof: &Proof) -> String {
    format!("{}[{}]", proof.rule, proof.length)
}

/// The parts of `proof` that can be drawn one at a time, by name, in order (numbered from
/// 1 in [`from_proof_part`]): a force chain or net's branches, a level-2 or 3 tagging's
/// branches, a 3D Medusa's chains. Empty for a proof drawn whole only (and for one of a
/// single part).
pub fn parts(proof: &Proof) -> Vec<String> {
    let names = on_pattern!(&proof.pattern, x => x.part_names());
    if names.len() > 1 {
        names
    } else {
        Vec::new()
    }
}

/// The diagram of `proof` on the state it applies to, captioned with its nrc notation.
pub fn from_proof(state: &State, proof: &Proof) -> Diagram {
    from_proof_part(state, proof, None).expect("the whole proof is always drawn")
}

/// The diagram of `proof`, or of its part `part` only (from 1, as [`parts`] lists them):
/// that branch's or chain's marks, sets and links, the proof's conclusions, and a legend
/// line saying which part is shown.
pub fn from_proof_part(
    state: &State,
    proof: &Proof,
    part: Option<usize>,
) -> Result<Diagram, PartError> {
    from_proof_shown(
        state,
        proof,
        Shown {
            part,
            first_links: None,
        },
    )
}

/// The diagram of what `shown` says of `proof`: the whole proof or one part
/// ([`from_proof_part`]), with every link or only the first ones ([`Shown::first_links`]:
/// then the legend says which, and the caption is cut to [`CUT_CAPTION`] characters).
pub fn from_proof_shown(state: &State, proof: &Proof, shown: Shown) -> Result<Diagram, PartError> {
    let names = parts(proof);
    if shown.first_links == Some(0) {
        return Err(PartError::NoLinks);
    }
    let only = match shown.part {
        None => None,
        Some(_) if names.is_empty() => return Err(PartError::Whole),
        Some(k) if k == 0 || k > names.len() => {
            return Err(PartError::OutOfRange {
                asked: k,
                count: names.len(),
            })
        }
        Some(k) => Some(k - 1),
    };
    let (mut parts, meanings) = on_pattern!(&proof.pattern, x => x.picture(state, proof, only));
    let first = shown
        .first_links
        .map(|k| (k, parts.first_links(k)))
        .filter(|(k, n)| k < n);
    let Parts {
        mut marks,
        arrows,
        variables,
        supports,
        sets,
        set_texts,
    } = parts;
    marks.extend(proof.eliminations.iter().map(|&candidate| Mark {
        candidate,
        role: Role::Target,
    }));
    marks.extend(proof.assertions.iter().map(|&candidate| Mark {
        candidate,
        role: Role::Assertion,
    }));
    let text = nrc::nrc_text(state, proof);
    let mut d = Diagram {
        state: state.clone(),
        marks,
        arrows,
        legend: Vec::new(),
        caption: vec![match first {
            Some(_) => cut_caption(&text),
            None => text,
        }],
        title: rule_label(proof),
        variables,
        supports,
        sets,
    };
    let links = first.map(|(k, n)| format!("links 1 to {k} of {n}"));
    let note = match (only.map(|k| &names[k]), links) {
        (Some(part), Some(links)) => Some(format!("shown: {part}; {links}")),
        (Some(part), None) => Some(format!("shown: {part}")),
        (None, Some(links)) => Some(format!("shown: {links}")),
        (None, None) => None,
    };
    d.legend = legend(&d, meanings, &set_texts, note);
    Ok(d)
}

/// How much of its caption a picture of a proof's first links keeps (about two lines):
/// the whole text does not describe a picture of part of it.
pub const CUT_CAPTION: usize = 130;

/// `text` cut after [`CUT_CAPTION`] characters, at a space when there is one, with ` …`.
fn cut_caption(text: &str) -> String {
    if text.chars().count() <= CUT_CAPTION {
        return text.to_string();
    }
    let head: String = text.chars().take(CUT_CAPTION).collect();
    let at = head
        .rfind(' ')
        .filter(|&i| i > CUT_CAPTION / 2)
        .unwrap_or(head.len());
    format!("{} …", head[..at].trim_end())
}

/// The tagged grid of a level-1 tagging ([gpenet tagging]): every tagged candidate coloured by its
/// layer, dark for the upper-case tag, light for the lower-case one.
pub fn tagging_diagram(state: &State, t: &sudolink_engine::proof::tagging::TagLayers) -> Diagram {
    let marks = state
        .candidates()
        .iter()
        .filter_map(|c| {
            t.candidate_layer(c).map(|(layer, upper)| Mark {
                candidate: c,
                role: Role::Layer {
                    layer: (layer % 256) as u8,
                    upper,
                },
            })
        })
        .collect();
    Diagram {
        state: state.clone(),
        marks,
        arrows: vec![],
        legend: vec![
            LegendEntry {
                key: Key::Mark(Role::Layer {
                    layer: 0,
                    upper: true,
                }),
                text: "upper-case tag of a layer".to_string(),
            },
            LegendEntry {
                key: Key::Mark(Role::Layer {
                    layer: 0,
                    upper: false,
                }),
                text: "lower-case tag (one colour per layer)".to_string(),
            },
        ],
        title: "tagging".to_string(),
        variables: Vec::new(),
        supports: Vec::new(),
        sets: Vec::new(),
        caption: vec![format!(
            "{} layers of strong links, {} tags (full tagging, level 1)",
            t.layers,
            t.layers * 2
        )],
    }
}

/// How each kind of pattern is drawn, said once per kind: implemented for every kind
/// [`on_pattern`] names, so a new kind of pattern does not compile until it says how it is
/// drawn. The defaults draw the pattern as marks on the candidates it is made of, label it
/// with its rule, draw it whole and graph it as its diagram's chain.
trait Drawn {
    /// The rule with its length as the forums print it ([`rule_label`]).
    fn label(&self, proof: &Proof) -> String {
        proof.rule.clone()
    }
    /// The parts that can be drawn one at a time, by name ([`parts`]).
    fn part_names(&self) -> Vec<String> {
        Vec::new()
    }
    /// The picture's marks, links and sets (of its part `only`, 0-based, when given) and
    /// what its colours mean.
    fn picture(
        &self,
        state: &State,
        proof: &Proof,
        only: Option<usize>,
    ) -> (Parts, &'static Meanings) {
        let _ = only;
        (marks_parts(state, &proof.pattern), &PATTERN_MEANINGS)
    }
    /// The DOT graph of the proof drawn as `d` ([`graph_of`]).
    fn graph(&self, d: &Diagram) -> Graph {
        dot::proof_graph(d)
    }
}

/// The graph of a proof drawn as `d`: a force chain or net as its inference graph
/// ([`dot::net_graph`]), every other proof as its diagram's chain ([`dot::proof_graph`]).
pub fn graph_of(proof: &Proof, d: &Diagram) -> Graph {
    on_pattern!(&proof.pattern, x => x.graph(d))
}

/// A single's placement is drawn as asserted: no marks.
impl Drawn for basic::NakedSingle {
    fn picture(&self, _: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        (Parts::default(), &PATTERN_MEANINGS)
    }
}

impl Drawn for basic::HiddenSingle {
    fn picture(&self, _: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        (Parts::default(), &PATTERN_MEANINGS)
    }
}

/// Each part of a composite has its own picture; the whole draws its conclusions only.
impl Drawn for CompositePattern {
    fn picture(&self, _: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        (Parts::default(), &PATTERN_MEANINGS)
    }
}

impl Drawn for ChainPattern {
    fn picture(&self, _: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        (chain_parts(self), &CHAIN_MEANINGS)
    }
}

/// `whip[5]`, `braid[5]`.
impl Drawn for WhipPattern {
    fn label(&self, _: &Proof) -> String {
        format!("{}[{}]", self.kind.name(), self.cells.len())
    }
    fn picture(&self, state: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        (whip_parts(state, self), &CHAIN_MEANINGS)
    }
}

impl Drawn for NetPattern {
    fn label(&self, proof: &Proof) -> String {
        rule_and_length(proof)
    }
    fn part_names(&self) -> Vec<String> {
        net_part_names(self)
    }
    fn picture(&self, state: &State, _: &Proof, only: Option<usize>) -> (Parts, &'static Meanings) {
        (net_parts(state, self, only), &NET_MEANINGS)
    }
    fn graph(&self, d: &Diagram) -> Graph {
        dot::net_graph(self, &d.title)
    }
}

impl Drawn for TagPattern {
    fn label(&self, proof: &Proof) -> String {
        rule_and_length(proof)
    }
    fn part_names(&self) -> Vec<String> {
        tag_part_names(self)
    }
    fn picture(&self, state: &State, _: &Proof, only: Option<usize>) -> (Parts, &'static Meanings) {
        (tag_parts(state, self, only), &NET_MEANINGS)
    }
}

impl Drawn for AicPattern {
    fn label(&self, proof: &Proof) -> String {
        rule_and_length(proof)
    }
    fn picture(&self, state: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        (aic_parts(state, self), &AIC_MEANINGS)
    }
}

impl Drawn for AlmostLockedRange {
    fn label(&self, proof: &Proof) -> String {
        rule_and_length(proof)
    }
}

impl Drawn for AlsPattern {
    fn picture(
        &self,
        state: &State,
        proof: &Proof,
        _: Option<usize>,
    ) -> (Parts, &'static Meanings) {
        (
            als_rule_parts(state, &proof.pattern, self),
            &PATTERN_MEANINGS,
        )
    }
}

/// Drawn as marks on their candidates, labelled with their rule.
impl Drawn for basic::Interaction {}
impl Drawn for basic::NakedSubset<'_> {}
impl Drawn for basic::LockedSubset {}
impl Drawn for basic::HiddenSubset<'_> {}
impl Drawn for basic::LineFish<'_> {}
impl Drawn for basic::XyWing {}
impl Drawn for basic::XyzWing {}
impl Drawn for GridLock {}
impl Drawn for BentSubset {}
impl Drawn for GridAls {}
impl Drawn for SueDeCoq {}
impl Drawn for EmptyRectanglePattern {}
impl Drawn for TemplatePattern {}
impl Drawn for UniquenessPattern {}
impl Drawn for FishPattern {}
impl Drawn for KrakenPattern {}
impl Drawn for AlignedExclusionPattern {}
impl Drawn for sudolink_engine::proof::te::TrialPattern {}
