//! Our printed form of Hanson's 3D Medusa ([Hanson SA]): each strong chain's two colours
//! `A{…} a{…}`, the weak links between chains, the premise and its contradiction; and, as
//! further texts, each elimination's refutation as a net of inferences in GNPX's notation.
//! Neither Berthier's works nor the forums print it in nrc notation, so there is no reader.

use crate::common::braced;
use crate::shown::Shown;
use crate::{gnpx, NamedText};
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::medusa::{
    Colour, MedusaContradiction, MedusaPattern, MedusaPremise, StrongChain,
};
use sudolink_engine::proof::{medusa_net, Pattern, Proof};

/// A chain's colouring: `A{n5r1c2 n7r3c4} a{n5r2c2 n9r3c4}`.
fn chain_colours(k: usize, chain: &StrongChain) -> String {
    let side = |upper: bool| {
        let letter = Colour { chain: k, upper }.letter();
        let nodes = &chain.colours[usize::from(!upper)];
        format!("{letter}{}", braced(nodes))
    };
    format!("{} {}", side(true), side(false))
}

/// A node with its colour's letter: `n7r3c4(A)`.
fn coloured_node(p: &MedusaPattern, c: Candidate) -> String {
    match p.colour_of(c) {
        Some(k) => format!("{c}({})", k.letter()),
        None => c.to_string(),
    }
}

/// `medusa-strong-hinge-in-a-block: A{n5r1c2 n3r4c4} a{n3r1c2 n5r4c4}; A ⇒ nothing left
/// for b3n5`, with `weak n7r3c4(A) - n7r3c8(b)` before the premise when weak links carry
/// the colours from chain to chain.
pub fn medusa_text(proof: &Proof, p: &MedusaPattern) -> String {
    let chains: Vec<String> = p
        .chains
        .iter()
        .enumerate()
        .map(|(k, c)| chain_colours(k, c))
        .collect();
    let mut text = format!("{}: {}", proof.rule, chains.join(", "));
    if !p.weak_links.is_empty() {
        let weak: Vec<String> = p
            .weak_links
            .iter()
            .map(|&[a, b]| format!("{} - {}", coloured_node(p, a), coloured_node(p, b)))
            .collect();
        text.push_str(&format!("; weak {}", weak.join(", ")));
    }
    let premise = match p.premise {
        MedusaPremise::Colour(k) => k.letter(),
        MedusaPremise::Targets => "target".to_string(),
    };
    let contradiction = match p.contradiction {
        MedusaContradiction::Linked([a, b]) => format!(
            "{} and {} both true",
            coloured_node(p, a),
            coloured_node(p, b)
        ),
        MedusaContradiction::Emptied(v) => format!("nothing left for {v}"),
        MedusaContradiction::BothColours(k) => {
            let upper = Colour {
                chain: k,
                upper: true,
            };
            format!(
                "{} and {} both true",
                upper.letter(),
                upper.other().letter()
            )
        }
    };
    text.push_str(&format!("; {premise} ⇒ {contradiction}"));
    text
}

impl Shown for MedusaPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        medusa_text(proof, self)
    }
    fn dialect(&self) -> &'static str {
        "Hanson"
    }
    fn more_texts(&self, state: &State, proof: &Proof) -> Vec<NamedText> {
        // each elimination's refutation as a net of inferences, in GNPX's notation
        let nets: Vec<String> = proof
            .eliminations
            .iter()
            .filter_map(|&t| medusa_net::refutation_net(state, self, t).ok())
            .filter_map(|p| match &p.pattern {
                Pattern::Net(net) => Some(gnpx::gnpx_text(net, &p)),
                _ => None,
            })
            .collect();
        if nets.is_empty() {
            return Vec::new();
        }
        vec![NamedText {
            name: "GNPX",
            heading: "As nets of inferences (GNPX notation), one per elimination:".into(),
            text: nets.join("\n"),
        }]
    }
}
