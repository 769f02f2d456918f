//! How a 3D Medusa step is drawn: each strong chain a layer colour (dark for its
//! upper-case colour, light for its lower-case one), strong links solid, weak links between
//! chains dashed; one chain at a time with the weak links that touch it.

use super::{mark, Drawn, Meanings, Parts, PATTERN_MEANINGS};
use crate::svg::{Arrow, Role};
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::medusa::{Colour, MedusaPattern};
use sudolink_engine::proof::Proof;

/// Roles and links of a 3D Medusa pattern (of its chain `only`, 0-based, when given, with
/// the weak links that touch it and the nodes at their other ends): each chain a layer
/// colour, dark for its upper-case colour and light for the lower-case one; strong links
/// solid, weak links between chains dashed.
fn medusa_parts(m: &MedusaPattern, only: Option<usize>) -> Parts {
    let mut parts = Parts::default();
    let shown = |k: usize| only.is_none_or(|o| o == k);
    let chain_of = |c: Candidate| m.chains.iter().position(|ch| ch.nodes().any(|n| n == c));
    let weak: Vec<[Candidate; 2]> = m
        .weak_links
        .iter()
        .copied()
        .filter(|ends| ends.iter().any(|&c| chain_of(c).is_some_and(shown)))
        .collect();
    for (k, chain) in m.chains.iter().enumerate() {
        for (slot, nodes) in chain.colours.iter().enumerate() {
            let role = Role::Layer {
                layer: (k % 256) as u8,
                upper: slot == 0,
            };
            let drawn = |c: &&Candidate| shown(k) || weak.iter().any(|w| w.contains(c));
            parts
                .marks
                .extend(nodes.iter().filter(drawn).map(|&c| mark(c, role)));
        }
    }
    let strong = m
        .chains
        .iter()
        .enumerate()
        .filter(|(k, _)| shown(*k))
        .flat_map(|(_, c)| &c.links)
        .map(|&[from, to]| Arrow::new(from, to, true));
    let weak = weak.iter().map(|&[from, to]| Arrow::new(from, to, false));
    parts.arrows = strong.chain(weak).collect();
    parts
}

/// The chains of a 3D Medusa pattern: `chain 2 of 6: colours B/b`.
fn medusa_part_names(m: &MedusaPattern) -> Vec<String> {
    let count = m.chains.len();
    (0..count)
        .map(|k| {
            let colour = |upper| Colour { chain: k, upper }.letter();
            format!(
                "chain {} of {count}: colours {}/{}",
                k + 1,
                colour(true),
                colour(false)
            )
        })
        .collect()
}

impl Drawn for MedusaPattern {
    fn part_names(&self) -> Vec<String> {
        medusa_part_names(self)
    }
    fn picture(&self, _: &State, _: &Proof, only: Option<usize>) -> (Parts, &'static Meanings) {
        (medusa_parts(self, only), &PATTERN_MEANINGS)
    }
}
