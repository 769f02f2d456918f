//! From a proof to a [`Diagram`]: which candidates to colour, which links to draw (in the
//! order the proof reads), what the legend says each colour means, and — for the proof
//! graph — which CSP variable each candidate belongs to and why each t/z candidate and the
//! target hang on the chain ([`Support`]).

use super::svg::{Arrow, Diagram, Key, LegendEntry, Mark, Role, Support, SupportKind, Variable};
use crate::grid::{Candidate, State};
use crate::notation::nrc;
use crate::proof::aic::{AicConclusion, AicPattern};
use crate::proof::candidates::pattern_candidates;
use crate::proof::chain::{ChainPattern, LassoKind};
use crate::proof::medusa::MedusaPattern;
use crate::proof::net::NetPattern;
use crate::proof::whip::WhipPattern;
use crate::proof::{Pattern, Proof};

/// The candidates a pattern drawn as marks only is made of ([`pattern_candidates`]); a
/// single and a composite placement draw none (their placement is drawn as asserted, and
/// each part of a composite has its own picture).
fn pattern_marks(state: &State, pattern: &Pattern) -> Vec<Candidate> {
    let drawn_otherwise = matches!(
        pattern,
        Pattern::NakedSingle { .. } | Pattern::HiddenSingle { .. } | Pattern::Composite(_)
    );
    if drawn_otherwise {
        return vec![];
    }
    pattern_candidates(pattern, state.candidates())
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
        parts.arrows.push(Arrow {
            from: cell.left_linking,
            to: cell.right_linking,
            strong: true,
        });
        if let Some(next) = c.cells.get(k + 1) {
            parts.arrows.push(Arrow {
                from: cell.right_linking,
                to: next.left_linking,
                strong: false,
            });
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
            parts.arrows.push(Arrow {
                from: last.right_linking,
                to: earlier.right_linking,
                strong: false,
            });
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

/// Roles and links of a whip or braid: every candidate of each L and R is marked, the
/// first stands for it in the links; the other candidates of each CSP variable are the
/// ones linked to the target (z) or to an earlier R (t). A whip's L_k hangs on R_{k-1}; a
/// braid's on the latest earlier R it is linked to, or on the target.
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
                    from: r,
                    to: other,
                    kind: SupportKind::T,
                })
            };
            parts.supports.extend(support);
        }
        let left = cell.left_linking[0];
        let source = if k == 0 {
            None
        } else if w.kind.is_braid() {
            latest_linked(&rights, &cell.left_linking).or(Some(w.target))
        } else {
            rights.last().and_then(|r| r.first().copied())
        };
        if k == 0 {
            parts.supports.push(Support {
                from: w.target,
                to: left,
                kind: SupportKind::Start,
            });
        }
        if let Some(from) = source {
            parts.arrows.push(Arrow {
                from,
                to: left,
                strong: false,
            });
        }
        if let Some(&r) = right.first() {
            parts.arrows.push(Arrow {
                from: left,
                to: r,
                strong: true,
            });
        }
        rights.push(right);
    }
    parts
}

/// The first candidate of the latest R in `rights` linked to all of `candidates`.
fn latest_linked(rights: &[&[Candidate]], candidates: &[Candidate]) -> Option<Candidate> {
    rights
        .iter()
        .rev()
        .find(|r| !r.is_empty() && all_linked(r, candidates))
        .map(|r| r[0])
}

/// Roles and links of a force chain or net: assumptions as pattern candidates, literals
/// derived true blue (R), false green (L); an arrow per inference from its first premise,
/// strong when it concludes a true literal.
fn net_parts(n: &NetPattern) -> Parts {
    let mut marks = Vec::new();
    let mut arrows = Vec::new();
    for b in &n.branches {
        marks.extend(
            b.assumption
                .node
                .candidates()
                .iter()
                .map(|&c| mark(c, Role::Pattern)),
        );
        for s in &b.steps {
            let role = if s.conclusion.value {
                Role::DerivedTrue
            } else {
                Role::DerivedFalse
            };
            marks.extend(
                s.conclusion
                    .node
                    .candidates()
                    .iter()
                    .map(|&c| mark(c, role)),
            );
            if let Some(p) = s.premises.first() {
                arrows.push(Arrow {
                    from: p.node.candidates()[0],
                    to: s.conclusion.node.candidates()[0],
                    strong: s.conclusion.value,
                });
            }
        }
    }
    Parts {
        marks,
        arrows,
        ..Parts::default()
    }
}

/// Roles and links of an alternating inference chain or loop: nodes reached false green
/// (L), true blue (R), every candidate of a group node marked; an arrow per link between
/// the nodes' first candidates, strong or weak as the chain alternates, and the closing
/// weak link of a loop.
fn aic_parts(a: &AicPattern) -> Parts {
    // Ends and continuous loops start from a node assumed false; a discontinuous loop
    // from one assumed true
    let first_true = a.conclusion == AicConclusion::Loop;
    let mut marks = Vec::new();
    for (k, node) in a.nodes.iter().enumerate() {
        let role = if k.is_multiple_of(2) == first_true {
            Role::Right
        } else {
            Role::Left
        };
        marks.extend(
            node.cells
                .iter()
                .map(|&c| mark(Candidate::new(c, node.digit), role)),
        );
    }
    let head = |k: usize| Candidate::new(a.nodes[k].cells[0], a.nodes[k].digit);
    let mut arrows: Vec<Arrow> = (0..a.nodes.len().saturating_sub(1))
        .map(|k| Arrow {
            from: head(k),
            to: head(k + 1),
            strong: k.is_multiple_of(2) != first_true,
        })
        .collect();
    if a.conclusion != AicConclusion::Ends && a.nodes.len() > 1 {
        arrows.push(Arrow {
            from: head(a.nodes.len() - 1),
            to: head(0),
            strong: false,
        });
    }
    Parts {
        marks,
        arrows,
        ..Parts::default()
    }
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

/// The legend of `d`: one entry per role its marks show (a candidate with two roles shows
/// the first of target, asserted, L, R, t/z, pattern), then the line styles its links use
/// and their numbering.
fn legend(d: &Diagram, meanings: &Meanings) -> Vec<LegendEntry> {
    let shown: Vec<Role> = d
        .marks
        .iter()
        .filter_map(|m| d.role_of(m.candidate))
        .collect();
    let entry = |key: Key, text: &str| LegendEntry {
        key,
        text: text.to_string(),
    };
    let mut entries: Vec<LegendEntry> = [
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
    .map(|(role, text)| entry(Key::Mark(role), text))
    .collect();
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
    match &proof.pattern {
        Pattern::Whip(w) => format!("{}[{}]", w.kind.name(), w.cells.len()),
        Pattern::Aic(_) | Pattern::Net(_) | Pattern::AlmostLockedRange(_) | Pattern::Tagging(_) => {
            format!("{}[{}]", proof.rule, proof.length)
        }
        Pattern::NakedSingle { .. }
        | Pattern::HiddenSingle { .. }
        | Pattern::Interaction { .. }
        | Pattern::NakedSubset { .. }
        | Pattern::HiddenSubset { .. }
        | Pattern::Fish { .. }
        | Pattern::XyWing { .. }
        | Pattern::XyzWing { .. }
        | Pattern::Chain(_)
        | Pattern::GridLock(_)
        | Pattern::BentSubset(_)
        | Pattern::Als(_)
        | Pattern::GridAls(_)
        | Pattern::SueDeCoq(_)
        | Pattern::Medusa(_)
        | Pattern::Composite(_)
        | Pattern::EmptyRectangle(_)
        | Pattern::Template(_)
        | Pattern::Uniqueness(_)
        | Pattern::GeneralFish(_)
        | Pattern::KrakenFish(_)
        | Pattern::AlignedExclusion(_) => proof.rule.clone(),
    }
}

/// Roles and links of a 3D Medusa pattern: each chain a layer colour, dark for its
/// upper-case colour and light for the lower-case one; strong links solid, weak links
/// between chains dashed.
fn medusa_parts(m: &MedusaPattern) -> (Vec<Mark>, Vec<Arrow>) {
    let mut marks = Vec::new();
    for (k, chain) in m.chains.iter().enumerate() {
        for (slot, nodes) in chain.colours.iter().enumerate() {
            let role = Role::Layer {
                layer: (k % 256) as u8,
                upper: slot == 0,
            };
            marks.extend(nodes.iter().map(|&c| mark(c, role)));
        }
    }
    let strong = m
        .chains
        .iter()
        .flat_map(|c| &c.links)
        .map(|&[from, to]| Arrow {
            from,
            to,
            strong: true,
        });
    let weak = m.weak_links.iter().map(|&[from, to]| Arrow {
        from,
        to,
        strong: false,
    });
    (marks, strong.chain(weak).collect())
}

/// The diagram of `proof` on the state it applies to, captioned with its nrc notation.
pub fn from_proof(state: &State, proof: &Proof) -> Diagram {
    let (parts, meanings) = match &proof.pattern {
        Pattern::Chain(c) => (chain_parts(c), &CHAIN_MEANINGS),
        Pattern::Whip(w) => (whip_parts(state, w), &CHAIN_MEANINGS),
        Pattern::Net(n) => (net_parts(n), &NET_MEANINGS),
        Pattern::Aic(a) => (aic_parts(a), &AIC_MEANINGS),
        Pattern::Medusa(m) => {
            let (marks, arrows) = medusa_parts(m);
            let parts = Parts {
                marks,
                arrows,
                ..Parts::default()
            };
            (parts, &PATTERN_MEANINGS)
        }
        other @ (Pattern::NakedSingle { .. }
        | Pattern::HiddenSingle { .. }
        | Pattern::Interaction { .. }
        | Pattern::NakedSubset { .. }
        | Pattern::HiddenSubset { .. }
        | Pattern::Fish { .. }
        | Pattern::XyWing { .. }
        | Pattern::XyzWing { .. }
        | Pattern::GridLock(_)
        | Pattern::BentSubset(_)
        | Pattern::Als(_)
        | Pattern::GridAls(_)
        | Pattern::AlmostLockedRange(_)
        | Pattern::SueDeCoq(_)
        | Pattern::Tagging(_)
        | Pattern::Composite(_)
        | Pattern::EmptyRectangle(_)
        | Pattern::Template(_)
        | Pattern::Uniqueness(_)
        | Pattern::GeneralFish(_)
        | Pattern::KrakenFish(_)
        | Pattern::AlignedExclusion(_)) => (
            Parts {
                marks: pattern_marks(state, other)
                    .into_iter()
                    .map(|c| mark(c, Role::Pattern))
                    .collect(),
                ..Parts::default()
            },
            &PATTERN_MEANINGS,
        ),
    };
    let Parts {
        mut marks,
        arrows,
        variables,
        supports,
    } = parts;
    marks.extend(proof.eliminations.iter().map(|&candidate| Mark {
        candidate,
        role: Role::Target,
    }));
    marks.extend(proof.assertions.iter().map(|&candidate| Mark {
        candidate,
        role: Role::Assertion,
    }));
    let mut d = Diagram {
        state: state.clone(),
        marks,
        arrows,
        legend: Vec::new(),
        caption: vec![nrc::nrc_text(state, proof)],
        title: rule_label(proof),
        variables,
        supports,
    };
    d.legend = legend(&d, meanings);
    d
}

/// The tagged grid of a level-1 tagging (seed 004): every tagged candidate coloured by its
/// layer, dark for the upper-case tag, light for the lower-case one.
pub fn tagging_diagram(state: &State, t: &crate::proof::tagging::TagLayers) -> Diagram {
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
        caption: vec![format!(
            "{} layers of strong links, {} tags (full tagging, level 1)",
            t.layers,
            t.layers * 2
        )],
    }
}
