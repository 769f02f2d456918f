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
        _ => basic::pattern_text(state, proof),
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
        Pattern::EmptyRectangle(_) | Pattern::Template(_) => "ours (HoDoKu's below)",
        Pattern::Composite(_) => "ours, one line per part",
    }
}

/// The whole step in nrc notation.
pub fn nrc_text(state: &State, proof: &Proof) -> String {
    format!("{} ==> {}", pattern_text(state, proof), conclusions(proof))
}
