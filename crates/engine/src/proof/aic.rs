//! Alternating inference chains over candidates and groups (a digit's candidates in one
//! house, as the tagging [gpenet tagging] and Eureka's `(4)r45c6` use them), and their checker;
//! `notation::eureka` prints and reads them.
//!
//! A strong link says at least one of two nodes is true (a bivalue cell; a digit's places
//! in a house covered by the two groups); a weak link that they are not both true (two
//! digits of one cell; disjoint groups of one digit in one house). Two conclusions:
//! - [`AicConclusion::Ends`]: the chain starts and ends with a strong link, so one of its
//!   end nodes is true; a candidate that would make both false is eliminated;
//! - [`AicConclusion::Loop`]: the first node, assumed true, forces through alternating weak
//!   and strong links a node weakly linked back to it: the first node is false (every
//!   candidate of it is eliminated) — a discontinuous nice loop;
//! - [`AicConclusion::Continuous`]: strong and weak links alternate all around a closed
//!   loop (strong first, a weak link back to the first node): either every odd node or
//!   every even node is true, so of any two neighbours on the loop one is true, and a
//!   candidate that would make two neighbours both false is eliminated — a continuous nice
//!   loop (HoDoKu's "all weak links become strong"); an ALS link's two digits are then one
//!   true and one absent, so the ALS's other digits are locked in it and every candidate of
//!   theirs that sees all their places in the ALS is eliminated too.

use super::facts::{conclusion, fail, no_assertions, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};

/// A node: a digit's candidates in `cells` (one cell for a plain candidate), all in one
/// house.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AicNode {
    pub digit: Digit,
    pub cells: Vec<Cell>,
}

impl AicNode {
    pub fn candidate(c: Candidate) -> AicNode {
        AicNode {
            digit: c.digit(),
            cells: vec![c.cell()],
        }
    }

    pub fn is_candidate(&self) -> bool {
        self.cells.len() == 1
    }

    /// Eureka's form: `(4)r45c6`, `(4)r4c6`, `(4)r4c6,r5c5`.
    pub fn eureka(&self) -> String {
        format!("({}){}", self.digit, cells_compact(&self.cells))
    }
}

/// `r5c12`, `r12c3`, or `r1c1,r2c3`: cells as Eureka and HoDoKu write them.
pub fn cells_compact(cells: &[Cell]) -> String {
    if cells.iter().all(|c| c.row() == cells[0].row()) {
        let cols: String = cells.iter().map(|c| (c.col() + 1).to_string()).collect();
        return format!("r{}c{cols}", cells[0].row() + 1);
    }
    if cells.iter().all(|c| c.col() == cells[0].col()) {
        let rows: String = cells.iter().map(|c| (c.row() + 1).to_string()).collect();
        return format!("r{rows}c{}", cells[0].col() + 1);
    }
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// What the chain concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AicConclusion {
    /// Strong first and last links: one of the two end nodes is true.
    Ends,
    /// Weak, strong, … weak back to the first node: the first node is false.
    Loop,
    /// Strong, weak, … strong, then weak back to the first node: one of any two
    /// neighbours on the loop is true.
    Continuous,
}

/// An alternating inference chain: `nodes[0] = nodes[1] - nodes[2] = …` for
/// [`AicConclusion::Ends`], `nodes[0] - nodes[1] = nodes[2] - … - nodes[0]` for
/// [`AicConclusion::Loop`], `nodes[0] = nodes[1] - … = nodes[n-1] - nodes[0]` for
/// [`AicConclusion::Continuous`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AicPattern {
    pub nodes: Vec<AicNode>,
    pub conclusion: AicConclusion,
    /// The technique that found it (`tag1`), for the rule name.
    pub technique: String,
    /// The chain in the finder's own notation (the tagging seed's `[] AB bC`), if any.
    pub tags: Option<String>,
    /// For each link (between nodes k and k + 1), the cells of the almost-locked set it
    /// passes through when it is an ALS link: the two nodes are two digits' places in the
    /// ALS, and with one digit absent the others are locked in (Eureka's `(2=59)r4c3,r5c3`).
    /// Empty when no link is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub als_links: Vec<Option<Vec<Cell>>>,
}

impl AicPattern {
    /// (technique, family `aic`, links).
    pub fn rule_name(&self) -> (String, String, usize) {
        let links = match self.conclusion {
            AicConclusion::Ends => self.nodes.len() - 1,
            AicConclusion::Loop | AicConclusion::Continuous => self.nodes.len(),
        };
        (self.technique.clone(), "aic".to_string(), links)
    }
}

fn has(state: &State, d: Digit, c: Cell) -> bool {
    state.has(Candidate::new(c, d))
}

/// The houses holding every cell of `cells`.
fn common_houses(cells: &[Cell]) -> Vec<House> {
    House::all()
        .filter(|h| cells.iter().all(|&c| h.contains(c)))
        .collect()
}

fn node_ok(state: &State, n: &AicNode) -> bool {
    !n.cells.is_empty()
        && n.cells.iter().all(|&c| has(state, n.digit, c))
        && !common_houses(&n.cells).is_empty()
        && n.cells.windows(2).all(|w| w[0] < w[1])
}

fn disjoint(a: &AicNode, b: &AicNode) -> bool {
    a.cells.iter().all(|c| !b.cells.contains(c))
}

/// Not both true.
pub fn weak(a: &AicNode, b: &AicNode) -> bool {
    if a.is_candidate() && b.is_candidate() && a.cells == b.cells {
        return a.digit != b.digit;
    }
    let mut all = a.cells.clone();
    all.extend(&b.cells);
    a.digit == b.digit && disjoint(a, b) && !common_houses(&all).is_empty()
}

/// At least one true.
pub fn strong(state: &State, a: &AicNode, b: &AicNode) -> bool {
    if a.is_candidate() && b.is_candidate() && a.cells == b.cells {
        let cell = a.cells[0];
        let open = Digit::all().filter(|&d| has(state, d, cell)).count();
        return a.digit != b.digit && open == 2;
    }
    let mut all = a.cells.clone();
    all.extend(&b.cells);
    a.digit == b.digit
        && disjoint(a, b)
        && common_houses(&all).into_iter().any(|h| {
            h.cells()
                .into_iter()
                .filter(|&c| has(state, a.digit, c))
                .all(|c| all.contains(&c))
        })
}

/// The digits of an almost-locked set: `cells` distinct, unsolved, in one house, holding
/// one digit more than cells; None when they are not one.
fn als_digits(state: &State, cells: &[Cell]) -> Option<Vec<Digit>> {
    let mut sorted = cells.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != cells.len() || cells.is_empty() || common_houses(cells).is_empty() {
        return None;
    }
    if !cells
        .iter()
        .all(|&c| Digit::all().any(|d| has(state, d, c)))
    {
        return None;
    }
    let digits: Vec<Digit> = Digit::all()
        .filter(|&d| cells.iter().any(|&c| has(state, d, c)))
        .collect();
    (digits.len() == cells.len() + 1).then_some(digits)
}

/// The cells of `cells` holding digit `d`, sorted.
fn places_in(state: &State, cells: &[Cell], d: Digit) -> Vec<Cell> {
    let mut v: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| has(state, d, c))
        .collect();
    v.sort();
    v
}

/// An ALS strong link: `cells` are an almost-locked set (unsolved, in one house, holding
/// one digit more than cells) and the two nodes are two of its digits' places in it
/// (with one digit absent the others are locked in), or one digit's places and a cell
/// the set forces ([`als_forces`]), in either order.
pub fn als_link(state: &State, cells: &[Cell], a: &AicNode, b: &AicNode) -> bool {
    let Some(digits) = als_digits(state, cells) else {
        return false;
    };
    let places_node =
        |n: &AicNode| digits.contains(&n.digit) && places_in(state, cells, n.digit) == n.cells;
    if places_node(a) && places_node(b) {
        return a.digit != b.digit;
    }
    als_forces(state, cells, a, b) || als_forces(state, cells, b, a)
}

/// An ALS that forces a cell (HoDoKu's ALS node left by a strong link): `places` is digit
/// x's places in the ALS `cells`, `forced` a candidate d of a cell c outside it, and every
/// other candidate of c is another digit of the ALS whose places there all see c. With x
/// absent the ALS's other digits are locked in, each clears c, and c is d: at least one
/// of the two nodes is true.
pub fn als_forces(state: &State, cells: &[Cell], places: &AicNode, forced: &AicNode) -> bool {
    let Some(digits) = als_digits(state, cells) else {
        return false;
    };
    let [c] = forced.cells[..] else {
        return false;
    };
    let x = places.digit;
    let others: Vec<Digit> = Digit::all()
        .filter(|&z| z != forced.digit && has(state, z, c))
        .collect();
    digits.contains(&x)
        && places_in(state, cells, x) == places.cells
        && !cells.contains(&c)
        && has(state, forced.digit, c)
        && !others.is_empty()
        && others.iter().all(|&z| {
            let zs = places_in(state, cells, z);
            z != x && digits.contains(&z) && !zs.is_empty() && zs.iter().all(|p| p.sees(c))
        })
}

/// Whether `t` true would make node `n` false.
fn kills(t: Candidate, n: &AicNode) -> bool {
    if n.digit != t.digit() {
        return n.cells == [t.cell()];
    }
    n.cells.iter().all(|&c| c != t.cell() && c.sees(t.cell()))
}

/// Check an alternating inference chain and its eliminations.
pub fn check(state: &State, proof: &Proof, p: &AicPattern) -> Result<(), CheckError> {
    no_assertions(proof)?;
    let n = p.nodes.len();
    if n < 2 {
        return fail("a chain needs two or more nodes");
    }
    if let Some(x) = p.nodes.iter().find(|x| !node_ok(state, x)) {
        return fail(format!(
            "{} is not a node: a digit's open candidates in one house",
            x.eureka()
        ));
    }
    // link k joins nodes k and k+1; Ends, Continuous: strong at even k; Loop: weak at even k
    let strong_at = |k: usize| k.is_multiple_of(2) == (p.conclusion != AicConclusion::Loop);
    for k in 0..n - 1 {
        let (a, b) = (&p.nodes[k], &p.nodes[k + 1]);
        let als = p.als_links.get(k).and_then(|x| x.as_ref());
        let ok = match als {
            Some(cells) => strong_at(k) && als_link(state, cells, a, b),
            None if strong_at(k) => strong(state, a, b),
            None => weak(a, b),
        };
        if !ok {
            let kind = if strong_at(k) { "strong" } else { "weak" };
            return fail(format!(
                "{} and {} are not {kind}ly linked",
                a.eureka(),
                b.eureka()
            ));
        }
    }
    match p.conclusion {
        AicConclusion::Ends => {
            if !n.is_multiple_of(2) {
                return fail("a chain between two ends needs a strong first and last link");
            }
            let (first, last) = (&p.nodes[0], &p.nodes[n - 1]);
            for &t in &proof.eliminations {
                let in_chain = p
                    .nodes
                    .iter()
                    .any(|x| x.digit == t.digit() && x.cells.contains(&t.cell()));
                let both = kills(t, first) && kills(t, last);
                if in_chain || !both {
                    return Err(conclusion(t, "it does not see both ends of the chain"));
                }
            }
            Ok(())
        }
        AicConclusion::Loop => {
            if n.is_multiple_of(2) || !weak(&p.nodes[n - 1], &p.nodes[0]) {
                return fail("the loop must come back to its first node by a weak link");
            }
            let first = &p.nodes[0];
            for &t in &proof.eliminations {
                if t.digit() != first.digit || !first.cells.contains(&t.cell()) {
                    return Err(conclusion(t, "not a candidate of the loop's first node"));
                }
            }
            Ok(())
        }
        AicConclusion::Continuous => {
            if n < 4 || !n.is_multiple_of(2) || !weak(&p.nodes[n - 1], &p.nodes[0]) {
                return fail(
                    "a continuous loop needs an even number of nodes (four or more) and a weak link back to its first node",
                );
            }
            for &t in &proof.eliminations {
                let in_loop = p
                    .nodes
                    .iter()
                    .any(|x| x.digit == t.digit() && x.cells.contains(&t.cell()));
                let neighbours_kill = (0..n).any(|k| {
                    let (a, b) = (&p.nodes[k], &p.nodes[(k + 1) % n]);
                    kills(t, a) && kills(t, b)
                });
                let locked_kill = p.als_links.iter().enumerate().any(|(k, als)| {
                    als.as_ref().is_some_and(|cells| {
                        locked_in_als(state, cells, &p.nodes[k], &p.nodes[(k + 1) % n], t)
                    })
                });
                if !locked_kill && (in_loop || !neighbours_kill) {
                    return Err(conclusion(
                        t,
                        "it does not see two neighbouring nodes of the loop, nor all of a digit's places in one of its ALS",
                    ));
                }
            }
            Ok(())
        }
    }
}

/// In a continuous loop an ALS link's two nodes are one true, one false. For two digits'
/// places, one of them is absent, so the ALS's other digits are locked in its cells: `t`,
/// a candidate of such a digit outside the ALS that sees all its places there, is false
/// (HoDoKu's "ALS candidates that are not entry or exit candidates"). For a forced cell c
/// (x's places and d in c, [`als_forces`]), either x is absent or c holds one of its other
/// digits (the exits), which is then absent from the ALS: the digits other than x, d and
/// the exits are locked in as before, and for an exit z, z is in c or in the ALS, so a
/// candidate of z outside both that sees c and all of z's places in the ALS is false.
fn locked_in_als(state: &State, cells: &[Cell], a: &AicNode, b: &AicNode, t: Candidate) -> bool {
    let z = t.digit();
    let places = places_in(state, cells, z);
    if places.is_empty() || cells.contains(&t.cell()) || !places.iter().all(|&c| c.sees(t.cell())) {
        return false;
    }
    let forced = if als_forces(state, cells, a, b) {
        Some((a.digit, b))
    } else if als_forces(state, cells, b, a) {
        Some((b.digit, a))
    } else {
        None
    };
    match forced {
        None => z != a.digit && z != b.digit,
        Some((x, cell_node)) => {
            let c = cell_node.cells[0];
            let exit = z != cell_node.digit && has(state, z, c);
            if exit {
                t.cell() != c && t.cell().sees(c)
            } else {
                z != x && z != cell_node.digit
            }
        }
    }
}

/// The house of a link between two nodes: for a strong link, one where the two nodes hold
/// all the digit's places; for a weak link, any holding both.
fn link_house(state: &State, a: &AicNode, b: &AicNode, strong_link: bool) -> Option<House> {
    let mut all = a.cells.clone();
    all.extend(&b.cells);
    common_houses(&all).into_iter().find(|h| {
        !strong_link
            || h.cells()
                .into_iter()
                .filter(|&c| has(state, a.digit, c))
                .all(|c| all.contains(&c))
    })
}

/// The name single-digit chains of two strong links have on the forums (HoDoKu's):
/// `skyscraper` (two parallel lines joined in a line), `2-string-kite` (a row and a column
/// joined in a box), `empty-rectangle` (a strong link between a box's groups),
/// `turbot-fish` (any other); none for longer or multi-digit chains.
pub fn shape_name(state: &State, p: &AicPattern) -> Option<&'static str> {
    if p.conclusion != AicConclusion::Ends || p.nodes.len() != 4 {
        return None;
    }
    let d = p.nodes[0].digit;
    if p.nodes.iter().any(|n| n.digit != d) {
        return None;
    }
    let n = &p.nodes;
    let h1 = link_house(state, &n[0], &n[1], true)?;
    let h2 = link_house(state, &n[1], &n[2], false)?;
    let h3 = link_house(state, &n[2], &n[3], true)?;
    let line = |h: House| !matches!(h, House::Block(_));
    let box_groups = |x: &AicNode, y: &AicNode, h: House| {
        matches!(h, House::Block(_)) && (x.cells.len() > 1 || y.cells.len() > 1)
    };
    if box_groups(&n[0], &n[1], h1) || box_groups(&n[2], &n[3], h3) {
        return Some("empty-rectangle");
    }
    let same_kind = std::mem::discriminant(&h1) == std::mem::discriminant(&h3);
    Some(match (line(h1), line(h3)) {
        (true, true) if same_kind && line(h2) => "skyscraper",
        (true, true) if !same_kind && !line(h2) => "2-string-kite",
        _ => "turbot-fish",
    })
}

impl crate::proof::PatternKind for AicPattern {
    fn rule_name(&self) -> (String, String, usize) {
        AicPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        for n in &self.nodes {
            out.named(n.cells.iter().map(|&c| Candidate::new(c, n.digit)));
        }
    }
}
