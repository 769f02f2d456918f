//! From a proof to a [`Diagram`]: which candidates to colour and which links to draw.

use super::svg::{Arrow, Diagram, Mark, Role};
use crate::grid::{Candidate, Cell, Digit, House, State};
use crate::notation::nrc;
use crate::proof::aic::{AicConclusion, AicPattern};
use crate::proof::chain::ChainPattern;
use crate::proof::medusa::MedusaPattern;
use crate::proof::net::NetPattern;
use crate::proof::whip::WhipPattern;
use crate::proof::{Pattern, Proof};

fn open_in_cells(state: &State, cells: &[Cell], digits: Option<&[Digit]>) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|&cell| Digit::all().map(move |d| Candidate::new(cell, d)))
        .filter(|c| state.has(*c))
        .filter(|c| digits.is_none_or(|ds| ds.contains(&c.digit())))
        .collect()
}

fn digit_in_houses(state: &State, houses: &[House], d: Digit) -> Vec<Candidate> {
    houses
        .iter()
        .flat_map(|h| h.cells())
        .map(|c| Candidate::new(c, d))
        .filter(|c| state.has(*c))
        .collect()
}

/// The candidates a basic pattern is made of.
fn pattern_candidates(state: &State, pattern: &Pattern) -> Vec<Candidate> {
    match pattern {
        Pattern::NakedSingle { .. } | Pattern::HiddenSingle { .. } => vec![],
        Pattern::Interaction { digit, house, .. } => digit_in_houses(state, &[*house], *digit),
        Pattern::NakedSubset { cells, .. } => open_in_cells(state, cells, None),
        Pattern::HiddenSubset { cells, digits, .. } => open_in_cells(state, cells, Some(digits)),
        Pattern::Fish { digit, base, .. } => digit_in_houses(state, base, *digit),
        Pattern::XyWing { pivot, pincers, .. } | Pattern::XyzWing { pivot, pincers, .. } => {
            open_in_cells(state, &[*pivot, pincers[0], pincers[1]], None)
        }
        Pattern::GridLock(g) => pattern_candidates(state, &g.form),
        Pattern::BentSubset(b) => open_in_cells(state, &b.cells, None),
        Pattern::GridAls(g) => digit_in_houses(state, &g.base, g.digit),
        Pattern::AlmostLockedRange(r) => r.chain.clone(),
        Pattern::Aic(a) => a
            .nodes
            .iter()
            .flat_map(|n| n.cells.iter().map(|&c| Candidate::new(c, n.digit)))
            .collect(),
        Pattern::SueDeCoq(s) => open_in_cells(state, &s.cells(), None),
        Pattern::Als(a) => {
            let cells: Vec<Cell> = a.sets.iter().flat_map(|s| s.cells.clone()).collect();
            let mut marks = open_in_cells(state, &cells, None);
            if let Some(stem) = a.stem {
                marks.extend(open_in_cells(state, &[stem], None));
            }
            marks
        }
        Pattern::Medusa(m) => m.chains.iter().flat_map(|c| c.nodes()).collect(),
        Pattern::Chain(_) | Pattern::Whip(_) | Pattern::Net(_) => vec![],
    }
}

fn mark(candidate: Candidate, role: Role) -> Mark {
    Mark { candidate, role }
}

/// Roles and links of a chain: L green, R blue, t/z candidates orange; L→R strong,
/// R→next L weak.
fn chain_parts(c: &ChainPattern) -> (Vec<Mark>, Vec<Arrow>) {
    let mut marks = Vec::new();
    let mut arrows = Vec::new();
    for (k, cell) in c.cells.iter().enumerate() {
        marks.push(mark(cell.left_linking, Role::Left));
        marks.push(mark(cell.right_linking, Role::Right));
        marks.extend(
            cell.t_candidates
                .iter()
                .map(|t| mark(t.candidate, Role::Extra)),
        );
        marks.extend(cell.z_candidates.iter().map(|&z| mark(z, Role::Extra)));
        arrows.push(Arrow {
            from: cell.left_linking,
            to: cell.right_linking,
            strong: true,
        });
        if let Some(next) = c.cells.get(k + 1) {
            arrows.push(Arrow {
                from: cell.right_linking,
                to: next.left_linking,
                strong: false,
            });
        }
    }
    (marks, arrows)
}

/// Roles and links of a whip: the first candidate of each L and R stands for it; the other
/// candidates of each CSP variable are the ones linked to the target or an earlier R.
fn whip_parts(state: &State, w: &WhipPattern) -> (Vec<Mark>, Vec<Arrow>) {
    let mut marks = Vec::new();
    let mut arrows = Vec::new();
    let mut previous_right: Option<Candidate> = None;
    for cell in &w.cells {
        let rights: &[Candidate] = cell.right_linking.as_deref().unwrap_or(&[]);
        marks.extend(cell.left_linking.iter().map(|&c| mark(c, Role::Left)));
        marks.extend(rights.iter().map(|&c| mark(c, Role::Right)));
        let others = cell
            .variable
            .candidates()
            .into_iter()
            .filter(|c| state.has(*c) && !cell.left_linking.contains(c) && !rights.contains(c));
        marks.extend(others.map(|c| mark(c, Role::Extra)));
        let left = cell.left_linking[0];
        if let Some(r) = previous_right {
            arrows.push(Arrow {
                from: r,
                to: left,
                strong: false,
            });
        }
        if let Some(&r) = rights.first() {
            arrows.push(Arrow {
                from: left,
                to: r,
                strong: true,
            });
        }
        previous_right = rights.first().copied();
    }
    (marks, arrows)
}

/// Roles and links of a force chain or net: assumptions as pattern candidates, literals
/// derived true blue (R), false green (L); an arrow per inference from its first premise,
/// strong when it concludes a true literal.
fn net_parts(n: &NetPattern) -> (Vec<Mark>, Vec<Arrow>) {
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
                Role::Right
            } else {
                Role::Left
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
    (marks, arrows)
}

/// Roles and links of an alternating inference chain or loop: nodes reached false green
/// (L), true blue (R), every candidate of a group node marked; an arrow per link between
/// the nodes' first candidates, strong or weak as the chain alternates, and the closing
/// weak link of a loop.
fn aic_parts(a: &AicPattern) -> (Vec<Mark>, Vec<Arrow>) {
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
    (marks, arrows)
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
    let (mut marks, arrows) = match &proof.pattern {
        Pattern::Chain(c) => chain_parts(c),
        Pattern::Whip(w) => whip_parts(state, w),
        Pattern::Net(n) => net_parts(n),
        Pattern::Aic(a) => aic_parts(a),
        Pattern::Medusa(m) => medusa_parts(m),
        other => (
            pattern_candidates(state, other)
                .into_iter()
                .map(|c| mark(c, Role::Pattern))
                .collect(),
            vec![],
        ),
    };
    marks.extend(proof.eliminations.iter().map(|&candidate| Mark {
        candidate,
        role: Role::Target,
    }));
    marks.extend(proof.assertions.iter().map(|&candidate| Mark {
        candidate,
        role: Role::Assertion,
    }));
    Diagram {
        state: state.clone(),
        marks,
        arrows,
        caption: vec![nrc::nrc_text(state, proof)],
    }
}

/// The tagged grid of a level-1 tagging (seed 004): every tagged candidate coloured by its
/// layer, dark for the upper-case tag, light for the lower-case one.
pub fn tagging_diagram(state: &State, t: &crate::search::tagging::Tagging) -> Diagram {
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
        caption: vec![format!(
            "{} layers of strong links, {} tags (full tagging, level 1)",
            t.layers,
            t.layers * 2
        )],
    }
}
