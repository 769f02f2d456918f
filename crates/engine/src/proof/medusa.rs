//! 3D Medusa ([Hanson SA], Hanson's "3D Medusa Analysis"): strong chains — connected sets of
//! strong links (a bivalue cell's two candidates, a digit's only two places in a house),
//! across digits — each two-coloured so that exactly one colour is true; weak links (an
//! nrc-link between nodes of two chains: "if A then not b") that carry a colour's truth
//! from one chain to another in one direction; and the contradictions that refute a
//! premise:
//!
//! - a **colour** assumed true forces two linked candidates true (two of one colour in a
//!   cell, or in a house for one digit: Medusa rules 1 and 2), empties a cell (rule 6) or a
//!   house for a digit (Hanson's strong hinge), or forces both colours of some chain — then
//!   that colour is false and the other colour of its chain true;
//! - a **target** outside the colours, assumed true, makes every colour it sees false: when
//!   it sees both colours of a chain (rules 3 to 5), or, through weak links, forces both
//!   colours of a chain (a weak corner: the XY-wing's `*`), or together with the colours it
//!   forces empties a cell or a house (a weak hinge), it is eliminated.
//!
//! This module holds the pattern and its checker, which shares no code with the search: it
//! re-verifies every strong link on the state, that each chain's links connect its nodes
//! and alternate its colours, that every weak link is an nrc-link between declared nodes,
//! replays the premise's consequences over the declared links only, and checks the stated
//! contradiction.

use super::facts::{conjugate, fail, CheckError};
use super::Proof;
use crate::grid::{Candidate, CspVariable, Digit, House, State};
use serde::{Deserialize, Serialize};

/// One strong chain: a connected set of strong links, two-coloured.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct StrongChain {
    /// The upper-case colour's candidates (`A`) and the lower-case colour's (`a`).
    pub colours: [Vec<Candidate>; 2],
    /// Strong links connecting every node, each between the two colours.
    pub links: Vec<[Candidate; 2]>,
}

impl StrongChain {
    /// Every node, upper colour first.
    pub fn nodes(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.colours.iter().flatten().copied()
    }
}

/// A colour of one of the pattern's chains: `upper` is the chain's `A`, else its `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Colour {
    pub chain: usize,
    pub upper: bool,
}

impl Colour {
    /// The other colour of the same chain.
    pub fn other(self) -> Colour {
        Colour {
            chain: self.chain,
            upper: !self.upper,
        }
    }
    fn slot(self) -> usize {
        usize::from(!self.upper)
    }
    /// `A`, `a`, `B`, `b`, … (chains past the 26th wrap round with a number: `A27`).
    pub fn letter(self) -> String {
        let base = if self.upper { b'A' } else { b'a' };
        let letter = char::from(base + (self.chain % 26) as u8);
        match self.chain / 26 {
            0 => letter.to_string(),
            k => format!("{letter}{}", k + 1),
        }
    }
}

/// What is assumed true and refuted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MedusaPremise {
    /// A colour: it is false (its candidates are eliminated), the other colour true.
    Colour(Colour),
    /// Each eliminated candidate in turn.
    Targets,
}

/// The contradiction the premise leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MedusaContradiction {
    /// Two candidates forced true see each other (one cell, or one digit in a house).
    Linked([Candidate; 2]),
    /// Every candidate of a cell, or of a digit in a house, forced false.
    Emptied(CspVariable),
    /// Both colours of a chain forced true.
    BothColours(usize),
}

/// A 3D Medusa conclusion: the chains with their colours, the weak links used between
/// them, the premise and the contradiction it reaches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct MedusaPattern {
    pub chains: Vec<StrongChain>,
    /// Weak links between nodes of the chains (either way: not both true).
    pub weak_links: Vec<[Candidate; 2]>,
    pub premise: MedusaPremise,
    pub contradiction: MedusaContradiction,
}

fn house_word(v: CspVariable) -> &'static str {
    match v {
        CspVariable::Rc(_) => "cell",
        CspVariable::Rn(..) => "row",
        CspVariable::Cn(..) => "column",
        CspVariable::Bn(..) => "block",
    }
}

/// The house two linked candidates of one digit share, preferring row, column, block.
fn shared_house_word(a: Candidate, b: Candidate) -> &'static str {
    if a.cell() == b.cell() {
        "cell"
    } else if a.cell().row() == b.cell().row() {
        "row"
    } else if a.cell().col() == b.cell().col() {
        "column"
    } else {
        "block"
    }
}

impl MedusaPattern {
    /// The rule's name, family `medusa`, and its size: the nodes of its chains.
    pub fn rule_name(&self) -> (String, String, usize) {
        let weak = !self.weak_links.is_empty();
        let name = match (self.premise, self.contradiction) {
            (MedusaPremise::Colour(_), MedusaContradiction::Linked([a, b])) => {
                format!("medusa-colour-twice-in-a-{}", shared_house_word(a, b))
            }
            (MedusaPremise::Colour(_), MedusaContradiction::Emptied(v @ CspVariable::Rc(_))) => {
                format!("medusa-colour-empties-a-{}", house_word(v))
            }
            (MedusaPremise::Colour(_), MedusaContradiction::Emptied(v)) => {
                format!("medusa-strong-hinge-in-a-{}", house_word(v))
            }
            (MedusaPremise::Colour(_), MedusaContradiction::BothColours(_)) => {
                "medusa-colour-contradiction".to_string()
            }
            (MedusaPremise::Targets, MedusaContradiction::Emptied(v)) => {
                format!("medusa-weak-hinge-in-a-{}", house_word(v))
            }
            (MedusaPremise::Targets, _) if weak => "medusa-weak-corner".to_string(),
            (MedusaPremise::Targets, _) => "medusa-sees-both-colours".to_string(),
        };
        let name = match (self.premise, weak) {
            (MedusaPremise::Colour(_), true) => format!("{name}-through-weak-links"),
            _ => name,
        };
        let size = self.chains.iter().map(|c| c.nodes().count()).sum();
        (name, "medusa".to_string(), size)
    }

    /// The chain and colour of a node, if it is one.
    pub fn colour_of(&self, c: Candidate) -> Option<Colour> {
        self.chains.iter().enumerate().find_map(|(k, chain)| {
            (0..2)
                .find(|&s| chain.colours[s].contains(&c))
                .map(|s| Colour {
                    chain: k,
                    upper: s == 0,
                })
        })
    }

    /// A colour's candidates.
    pub fn nodes_of(&self, colour: Colour) -> &[Candidate] {
        &self.chains[colour.chain].colours[colour.slot()]
    }
}

/// The digit's open places in a house, and whether it is placed there.
fn house_places(state: &State, h: House, d: Digit) -> (Vec<Candidate>, bool) {
    let mut open = Vec::new();
    let mut placed = false;
    for cell in h.cells() {
        let c = Candidate::new(cell, d);
        placed |= state.value(cell) == Some(d);
        if state.has(c) {
            open.push(c);
        }
    }
    (open, placed)
}

/// The open candidates of a variable, and whether it already has its value.
fn variable_open(state: &State, v: CspVariable) -> (Vec<Candidate>, bool) {
    let open = v
        .candidates()
        .into_iter()
        .filter(|&c| state.has(c))
        .collect();
    let decided = match v {
        CspVariable::Rc(cell) => state.value(cell).is_some(),
        CspVariable::Rn(r, d) => house_places(state, House::Row(r), d).1,
        CspVariable::Cn(c, d) => house_places(state, House::Column(c), d).1,
        CspVariable::Bn(b, d) => house_places(state, House::Block(b), d).1,
    };
    (open, decided)
}

/// Each chain's nodes are open, distinct (across chains too), and its links are strong
/// links of the state between its two colours that connect all its nodes.
fn check_chains(state: &State, p: &MedusaPattern) -> Result<(), CheckError> {
    let mut seen = std::collections::HashSet::new();
    for (k, chain) in p.chains.iter().enumerate() {
        if chain.colours.iter().any(|c| c.is_empty()) {
            return fail(format!("chain {} has an empty colour", k + 1));
        }
        for c in chain.nodes() {
            if !state.has(c) {
                return fail(format!("{c} is not a candidate of the state"));
            }
            if !seen.insert(c) {
                return fail(format!("{c} is coloured twice"));
            }
        }
        let nodes: Vec<Candidate> = chain.nodes().collect();
        let mut root: Vec<usize> = (0..nodes.len()).collect();
        fn find(root: &mut [usize], mut i: usize) -> usize {
            while root[i] != i {
                root[i] = root[root[i]];
                i = root[i];
            }
            i
        }
        for &[a, b] in &chain.links {
            let opposite = (chain.colours[0].contains(&a) && chain.colours[1].contains(&b))
                || (chain.colours[1].contains(&a) && chain.colours[0].contains(&b));
            if !opposite {
                return fail(format!(
                    "{a} and {b} are not of the two colours of chain {}",
                    k + 1
                ));
            }
            if !conjugate(state, a, b) {
                return fail(format!("{a} = {b} is not a strong link"));
            }
            let ia = nodes.iter().position(|&n| n == a).expect("a node");
            let ib = nodes.iter().position(|&n| n == b).expect("a node");
            let (ra, rb) = (find(&mut root, ia), find(&mut root, ib));
            root[ra] = rb;
        }
        let r0 = find(&mut root, 0);
        if (1..nodes.len()).any(|i| find(&mut root, i) != r0) {
            return fail(format!("the links of chain {} do not connect it", k + 1));
        }
    }
    for &[a, b] in &p.weak_links {
        if p.colour_of(a).is_none() || p.colour_of(b).is_none() || !a.is_linked(b) {
            return fail(format!("{a} - {b} is not a weak link between chain nodes"));
        }
    }
    Ok(())
}

/// What the premise forces: the colours true, and the candidates true (the target, if
/// any, and the true colours' nodes).
struct Forced {
    colours: Vec<[bool; 2]>,
    target: Option<Candidate>,
}

impl Forced {
    fn is_true(&self, c: Candidate, p: &MedusaPattern) -> bool {
        self.target == Some(c)
            || p.colour_of(c)
                .is_some_and(|k| self.colours[k.chain][k.slot()])
    }
}

/// Replay the premise over the declared chains and weak links to a fixpoint: a target
/// makes every colour holding a node it sees false; a true node makes the colour of a
/// node weakly linked to it false; a false colour makes the other colour true.
fn replay(p: &MedusaPattern, colour: Option<Colour>, target: Option<Candidate>) -> Forced {
    let mut forced = Forced {
        colours: vec![[false; 2]; p.chains.len()],
        target,
    };
    let make_false = |f: &mut Forced, k: Colour| {
        let o = k.other();
        let was = f.colours[o.chain][o.slot()];
        f.colours[o.chain][o.slot()] = true;
        !was
    };
    if let Some(k) = colour {
        forced.colours[k.chain][k.slot()] = true;
    }
    if let Some(t) = target {
        for (k, chain) in p.chains.iter().enumerate() {
            for s in 0..2 {
                if chain.colours[s].iter().any(|&n| n != t && n.is_linked(t)) {
                    make_false(
                        &mut forced,
                        Colour {
                            chain: k,
                            upper: s == 0,
                        },
                    );
                }
            }
        }
    }
    loop {
        let mut changed = false;
        for &[a, b] in &p.weak_links {
            for (x, y) in [(a, b), (b, a)] {
                if forced.is_true(x, p) {
                    let k = p.colour_of(y).expect("checked node");
                    changed |= make_false(&mut forced, k);
                }
            }
        }
        if !changed {
            return forced;
        }
    }
}

/// The stated contradiction holds under what the premise forces.
fn contradiction_holds(state: &State, p: &MedusaPattern, f: &Forced) -> Result<(), String> {
    match p.contradiction {
        MedusaContradiction::Linked([a, b]) => {
            if a == b || !a.is_linked(b) {
                return Err(format!("{a} and {b} do not see each other"));
            }
            if !f.is_true(a, p) || !f.is_true(b, p) {
                return Err(format!("{a} and {b} are not both forced true"));
            }
            Ok(())
        }
        MedusaContradiction::BothColours(k) => {
            if k >= p.chains.len() || f.colours[k] != [true, true] {
                return Err(format!("chain {} is not forced both ways", k + 1));
            }
            Ok(())
        }
        MedusaContradiction::Emptied(v) => {
            let (open, decided) = variable_open(state, v);
            if decided {
                return Err(format!("{v} already has its value"));
            }
            let truths: Vec<Candidate> = f
                .target
                .into_iter()
                .chain(p.chains.iter().enumerate().flat_map(|(k, chain)| {
                    (0..2)
                        .filter(move |&s| f.colours[k][s])
                        .flat_map(move |s| chain.colours[s].iter().copied())
                }))
                .collect();
            for c in open {
                if truths.contains(&c) || !truths.iter().any(|&t| t.is_linked(c)) {
                    return Err(format!("{c} of {v} is not forced false"));
                }
            }
            Ok(())
        }
    }
}

/// The colouring: chains, weak links, the premise's replay and its contradiction.
pub(super) fn check_colouring(
    state: &State,
    proof: &Proof,
    p: &MedusaPattern,
) -> Result<(), CheckError> {
    if p.chains.is_empty() {
        return fail("a medusa pattern needs a strong chain");
    }
    check_chains(state, p)?;
    match p.premise {
        MedusaPremise::Colour(k) => {
            if k.chain >= p.chains.len() {
                return fail("the premise names no chain of the pattern");
            }
            let forced = replay(p, Some(k), None);
            contradiction_holds(state, p, &forced)
                .map_err(|why| CheckError::Pattern(format!("colour {}: {why}", k.letter())))?;
            let false_nodes = p.nodes_of(k);
            let true_nodes = p.nodes_of(k.other());
            if let Some(c) = proof.eliminations.iter().find(|c| !false_nodes.contains(c)) {
                return Err(super::facts::conclusion(
                    *c,
                    "not a node of the false colour",
                ));
            }
            if let Some(c) = proof.assertions.iter().find(|c| !true_nodes.contains(c)) {
                return Err(CheckError::Conclusion {
                    target: c.assertion(),
                    why: "not a node of the true colour".into(),
                });
            }
            Ok(())
        }
        MedusaPremise::Targets => {
            super::facts::no_assertions(proof)?;
            for &t in &proof.eliminations {
                let forced = replay(p, None, Some(t));
                contradiction_holds(state, p, &forced)
                    .map_err(|why| super::facts::conclusion(t, &why))?;
            }
            Ok(())
        }
    }
}
