//! The seeds' nrc notation (seeds 000/001, Berthier): reading and printing steps such as
//! `hidden-single-in-a-block ==> r1c1 = 7`, `naked-pairs-in-a-row {n5 n6}r6{c1 c5} ==>
//! r6c6 <> 6`, `swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> r7c9 <> 3, r6c9 <> 3` and
//! `nrczt4-chain n2{r7c8 r8c7} - n2{r4c7 r4c1} - ... ==> r7c5 <> 2`.
//!
//! - [`basic`]: singles, interactions, subsets, fish, XY/XYZ-wings — reader and printer;
//! - [`chain`]: 2D/3D chains and lassos, short and full (t/z `#` justifications) —
//!   reader (lost dashes, run-together words, candidate lists) and printer;
//! - [`hanson`]: our printed form of the Sudoku Assistant's patterns (grid locks, bent
//!   subsets, grid ALS, ALS rules, ranges, Sue de Coq, 3D Medusa); the seeds never print these, so
//!   there is no reader.
//!
//! [`nrc_text`] prints any proof: patterns of other families print in their own dialect
//! (whips in SudoRules' modern notation, force chains as GNPX lines, alternating inference
//! chains in Eureka).

pub mod basic;
pub mod chain;
pub mod hanson;

use crate::grid::{Cell, Digit, House, State};
use crate::proof::{Pattern, Proof};

/// `{n1 n7}`.
pub fn digit_braces(digits: &[Digit]) -> String {
    let inner: Vec<String> = digits.iter().map(|d| format!("n{d}")).collect();
    format!("{{{}}}", inner.join(" "))
}

/// `{a b c}`: items in braces, separated by spaces.
pub fn braced<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    format!("{{{}}}", items.join(" "))
}

/// `{c2 c9}`, `{r1 r6}`, `{r9c4 r9c6}`: the cells of one house by what varies in it.
pub fn cells_by_house(house: House, cells: &[Cell]) -> String {
    match house {
        House::Row(_) => braced(cells.iter().map(|c| format!("c{}", c.col() + 1))),
        House::Column(_) => braced(cells.iter().map(|c| format!("r{}", c.row() + 1))),
        House::Block(_) => braced(cells),
    }
}

/// Cells of one house in the seeds' compact form: `r6{c2 c9}`, `{r1 r6}c2`, `{r9c4 r9c6}`.
pub fn cells_in_house(house: House, cells: &[Cell]) -> String {
    let inside = cells_by_house(house, cells);
    match house {
        House::Row(_) => format!("{house}{inside}"),
        House::Column(_) => format!("{inside}{house}"),
        House::Block(_) => inside,
    }
}

/// `{n4 n2}r6c9`: a cell with its digits in the given order.
pub fn cell_with_digits(digits: &[Digit], cell: Cell) -> String {
    format!("{}{cell}", digit_braces(digits))
}

/// `{r1 r6}`, `{c2 c6 c7}`: houses in braces.
pub fn houses_in_braces(hs: &[House]) -> String {
    braced(hs)
}

/// The conclusion part: `r7c9 <> 3, r6c9 <> 3` or `r1c1 = 7`.
pub fn conclusions(proof: &Proof) -> String {
    let mut parts: Vec<String> = proof
        .assertions
        .iter()
        .map(|c| format!("{} = {}", c.cell(), c.digit()))
        .collect();
    parts.extend(
        proof
            .eliminations
            .iter()
            .map(|c| format!("{} <> {}", c.cell(), c.digit())),
    );
    parts.join(", ")
}

/// The pattern part of a proof, without the conclusion. Wings need the state to show the
/// cells' digits in chain order.
pub fn pattern_text(state: &State, proof: &Proof) -> String {
    match &proof.pattern {
        Pattern::Chain(c) => chain::pattern_text(state, proof, c),
        Pattern::Whip(w) => super::sudorules::whip_pattern_text(state, proof, w),
        Pattern::Net(n) if n.mode.is_hypothesis() => {
            super::hypothesis::hypothesis_text(state, proof, n)
        }
        Pattern::Net(n) if n.mode.is_depth() => super::depth::depth_text(state, proof, n),
        Pattern::Net(n) => super::gnpx::gnpx_text(n, proof),
        Pattern::GridLock(g) => hanson::grid_text(state, proof, g),
        Pattern::BentSubset(b) => hanson::bent_text(state, proof, b),
        Pattern::Als(a) => hanson::als_text(proof, a),
        Pattern::GridAls(g) => hanson::grid_als_text(proof, g),
        Pattern::AlmostLockedRange(r) => hanson::range_text(proof, r),
        Pattern::Aic(a) => super::eureka::aic_chain_text(state, proof, a),
        Pattern::SueDeCoq(s) => hanson::sue_de_coq_text(state, proof, s),
        Pattern::Medusa(m) => hanson::medusa_text(proof, m),
        Pattern::Tagging(t) => super::tags::tag2_text(t),
        Pattern::Composite(c) => composite_text(c, |part| nrc_text(state, part)),
        Pattern::EmptyRectangle(e) => empty_rectangle_text(e),
        Pattern::Uniqueness(u) => uniqueness_text(state, u),
        Pattern::GeneralFish(f) => fish_text(f),
        Pattern::KrakenFish(k) => kraken_text(k),
        Pattern::AlignedExclusion(a) => format!(
            "{}: cells {} excluded by {}",
            proof.rule,
            crate::graph::cell_list(&a.cells),
            crate::graph::cell_list(&a.excluders)
        ),
        Pattern::Template(t) => format!(
            "{}: {} in {} of its {} templates ({} refinement pass(es))",
            if t.set {
                "template-set"
            } else {
                "template-delete"
            },
            t.digit,
            if t.set { "every one" } else { "none" },
            t.templates,
            t.passes
        ),
        Pattern::NakedSingle { .. }
        | Pattern::HiddenSingle { .. }
        | Pattern::Interaction { .. }
        | Pattern::NakedSubset { .. }
        | Pattern::HiddenSubset { .. }
        | Pattern::Fish { .. }
        | Pattern::XyWing { .. }
        | Pattern::XyzWing { .. } => basic::pattern_text(state, proof),
    }
}

/// A composite placement: its reason, then one line per part in a dialect (`part_text`),
/// indented: `r1c4=9 because each other candidate of r1c4 is eliminated:` and
/// `  r1c4<>3  <the part's step>`. Every dialect prints a composite this way.
pub fn composite_text(
    c: &crate::proof::composite::CompositePattern,
    part_text: impl Fn(&Proof) -> String,
) -> String {
    let mut out = format!(
        "{} because {} is eliminated:",
        c.placement.assertion(),
        c.reason()
    );
    for part in &c.parts {
        let eliminated: Vec<String> = part.eliminations.iter().map(|e| e.elimination()).collect();
        out.push_str(&format!(
            "\n  {}  {}",
            eliminated.join(","),
            part_text(part)
        ));
    }
    out.push('\n');
    out
}

/// `empty-rectangle: 9 in b5{r4 c5}: 9r4c8 = 9r6c8` (a dual one lists both links): the
/// block with the row and column of its group, each conjugate pair with the end on the
/// ER's line first.
pub fn empty_rectangle_text(e: &crate::proof::empty_rectangle::EmptyRectanglePattern) -> String {
    let links: Vec<String> = e
        .links
        .iter()
        .map(|l| {
            format!(
                "{}{{r{} c{}}}: {d}{} = {d}{}",
                e.house(),
                l.row + 1,
                l.col + 1,
                l.a,
                l.b,
                d = e.digit
            )
        })
        .collect();
    format!(
        "{}: {} in {}",
        if e.links.len() > 1 {
            "dual-empty-rectangle"
        } else {
            "empty-rectangle"
        },
        e.digit,
        links.join(", ")
    )
}

/// `4/7 in r24c15`: a rectangle's digits and its rows and columns.
/// `finned-franken-swordfish: n4 base r25b4, cover c148, fins r5c9, endo fins r4c2` (a
/// Siamese fish: its two covers and fins, `|` between them).
pub fn fish_text(f: &crate::proof::fish::FishPattern) -> String {
    let houses = |hs: &[crate::grid::House]| {
        hs.iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let cells = |cs: &[crate::grid::Cell]| {
        cs.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let bodies: Vec<String> = f
        .bodies
        .iter()
        .map(|b| {
            let mut text = format!("cover {}", houses(&b.cover));
            if !b.fins.is_empty() {
                text.push_str(&format!(", fins {}", cells(&b.fins)));
            }
            if !b.endo_fins.is_empty() {
                text.push_str(&format!(", endo fins {}", cells(&b.endo_fins)));
            }
            text
        })
        .collect();
    format!(
        "{}: n{} base {}, {}",
        f.rule_name().0,
        f.digit,
        houses(&f.base),
        bodies.join(" | ")
    )
}

/// `kraken-fish: finned-swordfish: n4 base …, fins r1c9; target r5c8#4; fin r1c9#4:
/// ✿[W r1c9/+4 -> …] => …` — the fish, then each fin's chain to the target false (GNPX's
/// bracket form); type 2 (`kraken-fish-type-2: …; cover c5; target …`) names the cover and
/// gives a chain from each of its non-cannibal base places and fins.
pub fn kraken_text(k: &crate::proof::kraken::KrakenPattern) -> String {
    let end = k.end();
    let fins: Vec<crate::grid::Cell> = {
        let body = &k.fish.bodies[0];
        body.fins.iter().chain(&body.endo_fins).copied().collect()
    };
    let chains: Vec<String> = k
        .branches
        .iter()
        .map(|b| {
            let c = b.assumption.node.candidates()[0];
            format!(
                "{} {}: {}",
                if fins.contains(&c.cell()) {
                    "fin"
                } else {
                    "base"
                },
                c,
                super::gnpx::branch_line(b, &end)
            )
        })
        .collect();
    let (name, cover) = match k.cover {
        None => ("kraken-fish", String::new()),
        Some(h) => ("kraken-fish-type-2", format!("; cover {h}")),
    };
    format!(
        "{name}: {}{cover}; target {}; {}",
        fish_text(&k.fish),
        k.target,
        chains.join("; ")
    )
}

pub fn rectangle_text(u: &crate::proof::uniqueness::UniquenessPattern) -> String {
    let mut rows: Vec<usize> = u.cells.iter().map(|c| c.row() + 1).collect();
    let mut cols: Vec<usize> = u.cells.iter().map(|c| c.col() + 1).collect();
    rows.dedup();
    cols.sort();
    cols.dedup();
    let join = |v: &[usize]| v.iter().map(|n| n.to_string()).collect::<String>();
    format!(
        "{}/{} in r{}c{}",
        u.digits[0],
        u.digits[1],
        join(&rows),
        join(&cols)
    )
}

/// A uniqueness step: `unique-rectangle-1: 4/7 in r24c15, roof r2c5 (assumes a unique
/// solution)`, each kind naming what it rests on (the roof and its extra digit, the
/// subset, the confined digit, the placed cells, BUG+1's trivalue cell).
pub fn uniqueness_text(state: &State, u: &crate::proof::uniqueness::UniquenessPattern) -> String {
    use crate::proof::uniqueness::{UniquenessKind as K, ASSUMPTION};
    let roof = u.roof(state);
    let roof_text = crate::graph::cell_list(&roof);
    let extra = || {
        let digits: std::collections::BTreeSet<String> = roof
            .iter()
            .flat_map(|&c| {
                crate::grid::Digit::all()
                    .filter(move |&d| {
                        !u.digits.contains(&d) && state.has(crate::grid::Candidate::new(c, d))
                    })
                    .map(|d| d.to_string())
            })
            .collect();
        digits.into_iter().collect::<Vec<_>>().join("")
    };
    let detail = match u.kind {
        K::BugPlus1 => {
            return format!(
                "bug+1: {} takes {}, three times in its row, column and block, every other open cell bivalue ({ASSUMPTION})",
                u.cells[0], u.digits[0]
            )
        }
        K::BugLite => {
            let cells: Vec<String> = u
                .cells
                .iter()
                .enumerate()
                .map(|(k, &c)| {
                    let digits: String = if k == 0 {
                        format!("{}{}", u.digits[0], u.digits[1])
                    } else {
                        crate::grid::Digit::all()
                            .filter(|&d| state.has(crate::grid::Candidate::new(c, d)))
                            .map(|d| d.to_string())
                            .collect()
                    };
                    format!("{{{digits}}}{c}")
                })
                .collect();
            let others: String = crate::grid::Digit::all()
                .filter(|&d| {
                    !u.digits.contains(&d)
                        && state.has(crate::grid::Candidate::new(u.cells[0], d))
                })
                .map(|d| d.to_string())
                .collect();
            return format!(
                "bug-lite: {}, each digit twice in each of their houses; roof {} takes {others} ({ASSUMPTION})",
                cells.join(" "),
                u.cells[0],
            );
        }
        K::Ur1 => format!("roof {roof_text}"),
        K::Ur2 | K::Ur5 | K::Ar2 => format!("roof {roof_text} adds {}", extra()),
        K::Ur3 => format!(
            "roof {roof_text} with {} in {}: naked subset of {}",
            crate::graph::cell_list(&u.subset),
            u.house.map(|h| h.to_string()).unwrap_or_default(),
            extra()
        ),
        K::Ur4 => format!(
            "roof {roof_text}, {} only there in {}",
            u.locked.map(|d| d.to_string()).unwrap_or_default(),
            u.house.map(|h| h.to_string()).unwrap_or_default()
        ),
        K::Ur6 => format!(
            "roof {roof_text}, {} an x-wing on the rectangle",
            u.locked.map(|d| d.to_string()).unwrap_or_default()
        ),
        K::HiddenRectangle => format!(
            "{} only in the rectangle in the far corner's row and column",
            u.locked.map(|d| d.to_string()).unwrap_or_default()
        ),
        K::Ar1 => {
            let placed: Vec<String> = u
                .cells
                .iter()
                .filter_map(|&c| state.value(c).map(|d| format!("{c}={d}")))
                .collect();
            format!("placed {}", placed.join(" "))
        }
    };
    format!(
        "{}: {}, {detail} ({ASSUMPTION})",
        u.kind.rule(),
        rectangle_text(u)
    )
}

/// Whose notation [`nrc_text`] prints for a proof: the seeds' nrc notation where the seeds
/// define one (basic rules, chains), otherwise the notation of the system the pattern comes
/// from (SudoRules for whips, GNPX for force chains and nets, Hanson's for the Assistant's
/// patterns and hypotheses, Eureka for AIC, gpenet's tags for tagging, HoDoKu's for its
/// catalogue). Exhaustive: a new pattern must say.
pub fn text_dialect(proof: &Proof) -> &'static str {
    match &proof.pattern {
        Pattern::NakedSingle { .. }
        | Pattern::HiddenSingle { .. }
        | Pattern::Interaction { .. }
        | Pattern::NakedSubset { .. }
        | Pattern::HiddenSubset { .. }
        | Pattern::Fish { .. }
        | Pattern::XyWing { .. }
        | Pattern::XyzWing { .. }
        | Pattern::Chain(_) => "nrc",
        Pattern::Whip(_) => "SudoRules",
        Pattern::Net(n) if n.mode.is_hypothesis() || n.mode.is_depth() => "Hanson",
        Pattern::Net(_) => "GNPX",
        Pattern::GridLock(_)
        | Pattern::BentSubset(_)
        | Pattern::Als(_)
        | Pattern::GridAls(_)
        | Pattern::AlmostLockedRange(_)
        | Pattern::SueDeCoq(_)
        | Pattern::Medusa(_) => "Hanson",
        Pattern::Aic(_) => "Eureka",
        Pattern::Tagging(_) => "tags (gpenet)",
        Pattern::EmptyRectangle(_)
        | Pattern::Template(_)
        | Pattern::Uniqueness(_)
        | Pattern::GeneralFish(_)
        | Pattern::KrakenFish(_)
        | Pattern::AlignedExclusion(_) => "ours (HoDoKu's below)",
        Pattern::Composite(_) => "ours, one line per part",
    }
}

/// The whole step in nrc notation.
pub fn nrc_text(state: &State, proof: &Proof) -> String {
    format!("{} ==> {}", pattern_text(state, proof), conclusions(proof))
}
