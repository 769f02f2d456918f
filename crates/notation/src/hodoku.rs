//! Printing proofs as HoDoKu's solution steps print them, for the techniques HoDoKu has:
//! `Naked Pair: 1,7 in r6c2,r6c9 => r6c8<>7`, `Swordfish: 3 c267 r167 => r7c9<>3`,
//! `Almost Locked Set XZ-Rule: A=r4c3 {259}, B=r5c12 {2589}, X=5, Z=2 => r5c3<>2`,
//! `Sashimi Swordfish: 4 c159 r247 fr1c9 => r2c8<>4`. Users comparing with HoDoKu read
//! these beside our own notation; techniques HoDoKu does not have print nothing here.
//!
//! A HoDoKu line names a technique and the cells and digits it rests on, but not how its
//! links run (an ALS-XZ names its sets, not which candidates see which), so a pattern is
//! never rebuilt from one: [`read_line`] reads only its technique's name and its
//! conclusions (`r2c4,r8c37<>9`, `r5c4=1`), and a replay proves each conclusion with the
//! named technique's own search (`study::path`).

use crate::shown::Shown;
use sudolink_engine::grid::{Candidate, Cell, Digit, House, State};
use sudolink_engine::proof::aic::{cells_compact, AicConclusion, AicNode, AicPattern};
use sudolink_engine::proof::als::{digits_of_cells, AlsKind, AlsPattern, AlsSet, SueDeCoq};
use sudolink_engine::proof::assistant::{places_in, BentSubset, FinKind, GridAls};
use sudolink_engine::proof::{on_pattern, Proof};

fn cells(cs: &[Cell]) -> String {
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn digits(ds: &[Digit]) -> String {
    ds.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `r17`, `c26`: lines of one kind, compact.
fn lines(hs: &[House]) -> String {
    let letter = match hs.first() {
        Some(House::Row(_)) => 'r',
        Some(House::Column(_)) => 'c',
        _ => 'b',
    };
    let nums: String = hs.iter().map(|h| (h.index() % 9 + 1).to_string()).collect();
    format!("{letter}{nums}")
}

/// `r2c15,r4c15`: a rectangle row by row, HoDoKu's way.
fn rectangle_rows(cs: &[Cell]) -> String {
    let mut rows: Vec<usize> = cs.iter().map(|c| c.row()).collect();
    rows.sort();
    rows.dedup();
    rows.iter()
        .map(|&r| {
            let cols: String = cs
                .iter()
                .filter(|c| c.row() == r)
                .map(|c| (c.col() + 1).to_string())
                .collect();
            format!("r{}c{cols}", r + 1)
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn size_word(n: usize) -> &'static str {
    match n {
        2 => "Pair",
        3 => "Triple",
        _ => "Quadruple",
    }
}

/// HoDoKu's houses of a fish side, rows then columns then blocks: `r25b4`.
fn entities(hs: &[House]) -> String {
    let mut out = String::new();
    for (letter, kind) in [('r', 0), ('c', 1), ('b', 2)] {
        let nums: String = hs
            .iter()
            .filter(|h| h.index() / 9 == kind)
            .map(|h| (h.index() % 9 + 1).to_string())
            .collect();
        if !nums.is_empty() {
            out.push(letter);
            out.push_str(&nums);
        }
    }
    out
}

/// HoDoKu's line for a generalised fish: `Finned Franken Swordfish: 4 r25b4 c148 fr5c9
/// efr4c2 => r8c1<>4`; a Siamese fish gives both covers and fin sets, `/` between them.
pub fn fish_text(proof: &Proof, f: &sudolink_engine::proof::fish::FishPattern) -> String {
    use sudolink_engine::proof::fish::FishShape;
    let mut name: Vec<&str> = Vec::new();
    if f.bodies.len() > 1 {
        name.push("Siamese");
    }
    if f.sashimi {
        name.push("Sashimi");
    } else if f.finned() {
        name.push("Finned");
    }
    match f.shape {
        FishShape::Basic => {}
        FishShape::Franken => name.push("Franken"),
        FishShape::Mutant => name.push("Mutant"),
    }
    name.push(fish_word(f.base.len()));
    let covers: Vec<String> = f.bodies.iter().map(|b| entities(&b.cover)).collect();
    let fins: Vec<String> = f
        .bodies
        .iter()
        .map(|b| {
            let mut s: Vec<String> = b.fins.iter().map(|c| format!("f{c}")).collect();
            s.extend(b.endo_fins.iter().map(|c| format!("ef{c}")));
            s.join(" ")
        })
        .filter(|s| !s.is_empty())
        .collect();
    let mut text = format!(
        "{}: {} {} {}",
        name.join(" "),
        f.digit,
        entities(&f.base),
        covers.join("/")
    );
    if !fins.is_empty() {
        text.push(' ');
        text.push_str(&fins.join("/"));
    }
    format!("{text} => {}", conclusions(proof))
}

/// HoDoKu's fish names by size.
pub fn fish_word(n: usize) -> &'static str {
    match n {
        2 => "X-Wing",
        3 => "Swordfish",
        4 => "Jellyfish",
        5 => "Squirmbag",
        6 => "Whale",
        _ => "Leviathan",
    }
}

pub(crate) fn conclusions(proof: &Proof) -> String {
    let mut parts: Vec<String> = proof.assertions.iter().map(|c| c.assertion()).collect();
    parts.extend(proof.eliminations.iter().map(|c| c.elimination()));
    parts.join(", ")
}

/// `Locked Candidates Type 1 (Pointing): 5 in b4` (a block's places in one line), `Type 2
/// (Claiming)` (a line's in one block).
pub(crate) fn locked_line(digit: Digit, house: House) -> String {
    match house {
        House::Block(_) => format!("Locked Candidates Type 1 (Pointing): {digit} in {house}"),
        _ => format!("Locked Candidates Type 2 (Claiming): {digit} in {house}"),
    }
}

/// `Naked Pair: 1,7 in r6c29`, `Hidden Triple: …`; none for a size HoDoKu has not (it has
/// pairs to quadruples).
pub(crate) fn subset_line(naked: bool, cs: &[Cell], ds: &[Digit]) -> Option<String> {
    (2..=4).contains(&cs.len()).then(|| {
        format!(
            "{} {}: {} in {}",
            if naked { "Naked" } else { "Hidden" },
            size_word(cs.len()),
            digits(ds),
            cells(cs)
        )
    })
}

/// `Locked Pair: 1,2 in r9c27`, `Locked Triple: 4,6,8 in r7c123`.
pub(crate) fn locked_subset_line(cs: &[Cell], ds: &[Digit]) -> String {
    format!(
        "Locked {}: {} in {}",
        size_word(cs.len()),
        digits(ds),
        cells(cs)
    )
}

/// `Swordfish: 3 r147 c258`.
pub(crate) fn fish_line(digit: Digit, base: &[House], cover: &[House]) -> String {
    format!(
        "{}: {digit} {} {}",
        fish_word(base.len()),
        lines(base),
        lines(cover)
    )
}

/// `XY-Wing: 4 in r4c3,r6c1,r6c9` (pivot first), `XYZ-Wing: …`.
pub(crate) fn wing_line(xyz: bool, pivot: Cell, pincers: [Cell; 2], z: Digit) -> String {
    format!(
        "{}: {z} in {}",
        if xyz { "XYZ-Wing" } else { "XY-Wing" },
        cells(&[pivot, pincers[0], pincers[1]])
    )
}

/// `Template Set: r1c4=9`, `Template Delete: r2c3<>5, r2c7<>5`.
pub(crate) fn template_line(proof: &Proof, set: bool) -> String {
    format!(
        "{}: {}",
        if set {
            "Template Set"
        } else {
            "Template Delete"
        },
        conclusions(proof)
    )
}

/// `Uniqueness Test 1: 4/7 in r2c15,r4c15 => r2c5<>4, r2c5<>7 (assumes a unique solution)`.
pub(crate) fn uniqueness_line(
    proof: &Proof,
    u: &sudolink_engine::proof::uniqueness::UniquenessPattern,
) -> String {
    format!(
        "{}{} => {} ({})",
        u.kind.hodoku_name(),
        if u.kind.is_grave() {
            String::new()
        } else {
            format!(
                ": {}/{} in {}",
                u.digits[0],
                u.digits[1],
                rectangle_rows(&u.cells)
            )
        },
        conclusions(proof),
        sudolink_engine::proof::uniqueness::ASSUMPTION
    )
}

/// `Empty Rectangle: 9 in b5 (r4c8/r6c8) => r6c5<>9`, `Dual Empty Rectangle: …`.
pub(crate) fn empty_rectangle_line(
    proof: &Proof,
    e: &sudolink_engine::proof::empty_rectangle::EmptyRectanglePattern,
) -> String {
    let pairs: Vec<String> = e.links.iter().map(|l| format!("{}/{}", l.a, l.b)).collect();
    let name = if e.links.len() > 1 {
        "Dual Empty Rectangle"
    } else {
        "Empty Rectangle"
    };
    format!(
        "{name}: {} in {} ({}) => {}",
        e.digit,
        e.house(),
        pairs.join(", "),
        conclusions(proof)
    )
}

/// `Kraken Fish Type 1: Finned Swordfish: 4 r147 c258 fr1c9 => r5c8<>4`, `Kraken Fish
/// Type 2: Sashimi X-Wing: 4 c79 r26 fr3c7 => r2c6<>1`.
pub(crate) fn kraken_line(
    proof: &Proof,
    k: &sudolink_engine::proof::kraken::KrakenPattern,
) -> String {
    format!(
        "Kraken Fish Type {}: {}",
        k.kind(),
        fish_text(proof, &k.fish)
    )
}

/// The whole step as HoDoKu prints it, or None for a technique HoDoKu does not have.
pub fn hodoku_text(state: &State, proof: &Proof) -> Option<String> {
    on_pattern!(&proof.pattern, x => x.hodoku(state, proof))
}

/// A chain as HoDoKu writes it: cells joined by `=d=` (strong) and `-d-` (weak) links
/// between cells, a cell's change of digit left implicit; a loop ends on its first cell.
fn chain_cells(p: &AicPattern, strong_at: impl Fn(usize) -> bool) -> String {
    let mut nodes: Vec<&AicNode> = p.nodes.iter().collect();
    if p.conclusion != AicConclusion::Ends {
        nodes.push(&p.nodes[0]);
    }
    let mut out = cells_compact(&nodes[0].cells);
    for k in 1..nodes.len() {
        let (a, b) = (nodes[k - 1], nodes[k]);
        if a.is_candidate() && b.is_candidate() && a.cells == b.cells {
            continue; // inside one cell: implicit
        }
        let sym = if strong_at(k - 1) { '=' } else { '-' };
        out.push_str(&format!(
            " {sym}{}{sym} {}",
            a.digit,
            cells_compact(&b.cells)
        ));
    }
    out
}

/// HoDoKu's lines for its chains of two conjugate pairs `A = B - C = D`: `Skyscraper: 4 in
/// r5c4,r6c7 (connected by r3c47) => …` and `2-String Kite: …` (the ends, then the cells
/// that join them), `Turbot Fish: 5 r1c2 =5= r6c2 -5- r4c3 =5= r4c8 => …` (as a chain);
/// and the W-wing's: `W-Wing: 7/5 in r5c7,r9c3 connected by 5 in r59c2 => r9c7<>7`.
fn two_pairs_line(proof: &Proof, p: &AicPattern) -> Option<String> {
    let name = match p.technique.as_str() {
        "w-wing" if p.nodes.len() == 6 => {
            let cell = |k: usize| p.nodes[k].cells[0];
            let mut pair = [cell(2), cell(3)];
            pair.sort();
            return Some(format!(
                "W-Wing: {}/{} in {} connected by {} in {} => {}",
                p.nodes[0].digit,
                p.nodes[1].digit,
                cells_compact(&[cell(0), cell(5)]),
                p.nodes[1].digit,
                cells_compact(&pair),
                conclusions(proof)
            ));
        }
        "skyscraper" => "Skyscraper",
        "two-string-kite" => "2-String Kite",
        "turbot-fish" => {
            let cells = chain_cells(p, |k| k.is_multiple_of(2));
            let digit = p.nodes[0].digit;
            return Some(format!(
                "Turbot Fish: {digit} {cells} => {}",
                conclusions(proof)
            ));
        }
        _ => return None,
    };
    let cell = |k: usize| p.nodes[k].cells[0];
    Some(format!(
        "{name}: {} in {} (connected by {}) => {}",
        p.nodes[0].digit,
        cells_compact(&[cell(0), cell(3)]),
        cells_compact(&[cell(1), cell(2)]),
        conclusions(proof)
    ))
}

/// HoDoKu's line for an alternating chain: `X-Chain: 5 r1c1 =5= r1c7 -5- r4c7 =5= r4c1
/// => …`, `AIC: 1/2 1- r1c2 =1= … -2 => …`, `Discontinuous Nice Loop: 6 r2c3 -6- … -6-
/// r2c3 => r2c3<>6`, `Continuous Nice Loop: 2/4 r1c5 =4= … -2- r1c5 => …`, each
/// `Grouped` when a node is a group. None for chains through an ALS (HoDoKu has no such
/// line) or whose first or last node is a group where HoDoKu names a candidate.
pub fn aic_text(proof: &Proof, p: &AicPattern) -> Option<String> {
    if p.als_links.iter().any(Option::is_some) || p.nodes.len() < 2 {
        return None;
    }
    if let Some(line) = two_pairs_line(proof, p) {
        return Some(line);
    }
    let grouped = if p.nodes.iter().any(|n| !n.is_candidate()) {
        "Grouped "
    } else {
        ""
    };
    let mut elim_digits: Vec<Digit> = proof.eliminations.iter().map(|c| c.digit()).collect();
    elim_digits.sort();
    elim_digits.dedup();
    let slashed = elim_digits
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("/");
    let ends_strong = |k: usize| k.is_multiple_of(2);
    let body = match p.conclusion {
        AicConclusion::Ends if discontinuous_loop(proof, p).is_some() => {
            let loop_cells = discontinuous_loop(proof, p).expect("checked");
            format!("{grouped}Discontinuous Nice Loop: {slashed} {loop_cells}")
        }
        AicConclusion::Ends => {
            let (first, last) = (&p.nodes[0], &p.nodes[p.nodes.len() - 1]);
            let one_digit = p.nodes.iter().all(|n| n.digit == first.digit);
            let cells = chain_cells(p, ends_strong);
            if one_digit && grouped.is_empty() {
                format!("X-Chain: {} {cells}", first.digit)
            } else {
                format!(
                    "{grouped}AIC: {slashed} {}- {cells} -{}",
                    first.digit, last.digit
                )
            }
        }
        AicConclusion::Loop => format!(
            "{grouped}Discontinuous Nice Loop: {slashed} {}",
            chain_cells(p, |k| !ends_strong(k))
        ),
        AicConclusion::Continuous => format!(
            "{grouped}Continuous Nice Loop: {slashed} {}",
            chain_cells(p, ends_strong)
        ),
    };
    Some(format!("{body} => {}", conclusions(proof)))
}

/// An AIC whose eliminations are all in one cell where the chain begins or ends, as
/// HoDoKu finds it: a nice loop from that cell back to it — both ends in the cell
/// (`r4c4 =3= … =5= r4c4`), or one end there and the other the eliminated digit seeing it
/// (`r4c4 -9- r1c5 =9= … =3= r4c4`).
fn discontinuous_loop(proof: &Proof, p: &AicPattern) -> Option<String> {
    let t = *proof.eliminations.first()?;
    let cell = t.cell();
    if proof.eliminations.iter().any(|c| c.cell() != cell) {
        return None;
    }
    let in_cell = |n: &AicNode| n.cells == [cell];
    let (first, last) = (&p.nodes[0], &p.nodes[p.nodes.len() - 1]);
    let ends_strong = |k: usize| k.is_multiple_of(2);
    if in_cell(first) && in_cell(last) {
        return Some(chain_cells(p, ends_strong));
    }
    if proof.eliminations.len() != 1 {
        return None;
    }
    // the end in the cell last: the loop leaves the cell by the eliminated digit
    let toward_cell = match (in_cell(first), in_cell(last)) {
        (false, true) if first.digit == t.digit() => p.clone(),
        (true, false) if last.digit == t.digit() => {
            let mut q = p.clone();
            q.nodes.reverse();
            q
        }
        _ => return None,
    };
    Some(format!(
        "{cell} -{}- {}",
        t.digit(),
        chain_cells(&toward_cell, ends_strong)
    ))
}

fn set_text(s: &AlsSet) -> String {
    let digits: String = s.digits.iter().map(|d| d.to_string()).collect();
    format!("{} {{{digits}}}", cells_compact(&s.cells))
}

fn digits_comma(ds: &[Digit]) -> String {
    ds.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// HoDoKu's name of an ALS rule, as its step lines print it.
fn hodoku_name(kind: AlsKind) -> &'static str {
    match kind {
        AlsKind::Xz | AlsKind::DoublyLinked => "Almost Locked Set XZ-Rule",
        AlsKind::XyWing => "Almost Locked Set XY-Wing",
        AlsKind::DeathBlossom => "Death Blossom",
    }
}

/// The pattern as HoDoKu prints it, without the conclusion:
/// `Almost Locked Set XZ-Rule: A=r4c3 {259}, B=r5c12 {2589}, X=5, Z=2`.
pub fn als_pattern(p: &AlsPattern) -> String {
    let letters = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
    let sets: Vec<String> = p
        .sets
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}={}", letters[i.min(8)], set_text(s)))
        .collect();
    let z = digits_comma(&p.z);
    match p.kind {
        AlsKind::Xz => format!(
            "{}: {}, X={}, Z={z}",
            hodoku_name(p.kind),
            sets.join(", "),
            p.rccs[0].digit
        ),
        AlsKind::DoublyLinked => format!(
            "{} (doubly linked): {}, X={}",
            hodoku_name(p.kind),
            sets.join(", "),
            digits_comma(&p.rccs.iter().map(|r| r.digit).collect::<Vec<_>>())
        ),
        AlsKind::XyWing => format!(
            "{}: {}, X,Y={},{}, Z={z}",
            hodoku_name(p.kind),
            sets.join(", "),
            p.rccs[0].digit,
            p.rccs[1].digit
        ),
        AlsKind::DeathBlossom => {
            let petals: Vec<String> = p
                .rccs
                .iter()
                .zip(&p.sets)
                .map(|(r, s)| format!("{} {}", r.digit, set_text(s)))
                .collect();
            format!(
                "{}: {}; {}, Z={z}",
                hodoku_name(p.kind),
                p.stem.map(|c| c.to_string()).unwrap_or_default(),
                petals.join("; ")
            )
        }
    }
}

/// The whole HoDoKu line: `Almost Locked Set XZ-Rule: A=…, B=…, X=5, Z=2 => r5c3<>2`.
pub fn als_text(proof: &Proof, p: &AlsPattern) -> String {
    let elims: Vec<String> = proof.eliminations.iter().map(|c| c.elimination()).collect();
    format!("{} => {}", als_pattern(p), elims.join(", "))
}

/// HoDoKu's line: `Sue de Coq: r7c78 - {1357} (r7c3 - {17}, r9c9 - {35}) => …`.
pub fn sue_de_coq_text(state: &State, proof: &Proof, s: &SueDeCoq) -> String {
    let ds = |cells: &[Cell]| -> String {
        digits_of_cells(state, cells)
            .iter()
            .map(|d| d.to_string())
            .collect()
    };
    let elims: Vec<String> = proof.eliminations.iter().map(|c| c.elimination()).collect();
    format!(
        "Sue de Coq: {} - {{{}}} ({} - {{{}}}, {} - {{{}}}) => {}",
        cells_compact(&s.core),
        ds(&s.core),
        cells_compact(&s.line_cells),
        ds(&s.line_cells),
        cells_compact(&s.box_cells),
        ds(&s.box_cells),
        elims.join(", ")
    )
}

/// HoDoKu's line for the wing shapes (`XY-Wing: 1/2/3 in r1c2,r4c2,r4c7 => r1c7<>2`).
pub fn bent_text(proof: &Proof, b: &BentSubset) -> Option<String> {
    let name = match b.wing.as_deref()? {
        "xy-wing" => "XY-Wing",
        "xyz-wing" => "XYZ-Wing",
        _ => "WXYZ-Wing",
    };
    let digits: Vec<String> = b.digits.iter().map(|d| d.to_string()).collect();
    let cells: Vec<String> = b.cells.iter().map(|c| c.to_string()).collect();
    let elims: Vec<String> = proof.eliminations.iter().map(|c| c.elimination()).collect();
    Some(format!(
        "{name}: {} in {} => {}",
        digits.join("/"),
        cells.join(","),
        elims.join(", ")
    ))
}

/// HoDoKu's line: `Sashimi Swordfish: 4 c159 r247 fr1c9 => r2c8<>4` (its cover lines
/// are the ones holding a place that is not a fin).
pub fn grid_als_text(state: &State, proof: &Proof, g: &GridAls) -> String {
    let kind = match g.kind {
        FinKind::Finned => "Finned",
        FinKind::Sashimi => "Sashimi",
        FinKind::Skyscraper => {
            let ends: Vec<String> = g.fins.iter().map(|c| c.to_string()).collect();
            let elims: Vec<String> = proof.eliminations.iter().map(|c| c.elimination()).collect();
            return format!(
                "Skyscraper: {} in {} => {}",
                g.digit,
                ends.join(","),
                elims.join(", ")
            );
        }
    };
    let fish = fish_word(g.base.len());
    let compact = |hs: &[House]| -> String {
        let letter = if matches!(hs[0], House::Row(_)) {
            'r'
        } else {
            'c'
        };
        let nums: String = hs.iter().map(|h| (h.index() % 9 + 1).to_string()).collect();
        format!("{letter}{nums}")
    };
    let places = places_in(state, g.digit, &g.base);
    let cover: Vec<House> = g
        .cover
        .iter()
        .copied()
        .filter(|h| {
            places
                .iter()
                .any(|&p| h.contains(p) && !g.fins.contains(&p))
        })
        .collect();
    let fins: String = g.fins.iter().map(|c| format!(" f{c}")).collect();
    let elims: Vec<String> = proof.eliminations.iter().map(|c| c.elimination()).collect();
    format!(
        "{kind} {fish}: {} {} {}{fins} => {}",
        g.digit,
        compact(&g.base),
        compact(&cover),
        elims.join(", ")
    )
}

/// A HoDoKu step line read for its name and conclusions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HodokuLine {
    /// The technique's name as HoDoKu prints it (`Swordfish`, `Almost Locked Set XZ-Rule`).
    pub name: String,
    pub eliminations: Vec<Candidate>,
    pub placements: Vec<Candidate>,
}

/// Read `Name: pattern => r2c4,r8c37<>9, r1c1<>5` or `Hidden Single: r5c4=1`: HoDoKu
/// groups a conclusion's cells (`r8c37` is r8c3 and r8c7) before one sign and its digits.
pub fn read_line(text: &str) -> Result<HodokuLine, String> {
    let (name, rest) = text
        .split_once(": ")
        .ok_or_else(|| format!("no `Name: ` in HoDoKu's line {text:?}"))?;
    let conclusions = match rest.rsplit_once("=>") {
        Some((_, c)) => c,
        None => rest,
    };
    // a closing note: `=> r1c3<>7 (assumes a unique solution)`
    let conclusions = conclusions.split(" (").next().unwrap_or(conclusions);
    let mut line = HodokuLine {
        name: name.trim().to_string(),
        eliminations: Vec::new(),
        placements: Vec::new(),
    };
    for group in conclusion_groups(conclusions)? {
        let (cells, sign, digits) = group;
        let into = if sign == "<>" {
            &mut line.eliminations
        } else {
            &mut line.placements
        };
        for cell in &cells {
            into.extend(digits.iter().map(|d| Candidate::new(*cell, *d)));
        }
    }
    if line.eliminations.is_empty() && line.placements.is_empty() {
        return Err(format!("no conclusion in HoDoKu's line {text:?}"));
    }
    Ok(line)
}

/// A conclusion group: its cells, its sign (`<>` or `=`) and its digits.
type Group = (Vec<Cell>, &'static str, Vec<Digit>);

/// `r2c4,r8c37<>9, r1c1<>5` → its groups; the sign ends a group's cells.
fn conclusion_groups(text: &str) -> Result<Vec<Group>, String> {
    let mut groups = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let at = rest
            .find(['<', '='])
            .ok_or_else(|| format!("no sign in the conclusion {rest:?}"))?;
        let (cells_text, tail) = rest.split_at(at);
        let sign = if tail.starts_with("<>") { "<>" } else { "=" };
        let tail = &tail[sign.len()..];
        let end = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        let digits = tail[..end]
            .chars()
            .map(|c| c.to_digit(10).and_then(|d| Digit::new(d as u8)))
            .collect::<Option<Vec<Digit>>>()
            .filter(|ds| !ds.is_empty())
            .ok_or_else(|| format!("no digit after {sign} in {rest:?}"))?;
        groups.push((read_cells(cells_text)?, sign, digits));
        rest = tail[end..].trim_start_matches([',', ' ']);
    }
    Ok(groups)
}

/// `r2c4,r8c37` → r2c4, r8c3, r8c7.
fn read_cells(text: &str) -> Result<Vec<Cell>, String> {
    let mut cells = Vec::new();
    for token in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let bad = || format!("bad cells {token:?} in a HoDoKu conclusion");
        let (rows, cols) = token
            .strip_prefix('r')
            .and_then(|t| t.split_once('c'))
            .ok_or_else(bad)?;
        let index = |ch: char| {
            ch.to_digit(10)
                .filter(|d| (1..=9).contains(d))
                .map(|d| d as usize - 1)
        };
        for r in rows.chars() {
            for c in cols.chars() {
                cells.push(Cell::at(
                    index(r).ok_or_else(bad)?,
                    index(c).ok_or_else(bad)?,
                ));
            }
        }
    }
    if cells.is_empty() {
        return Err(format!("no cell before a sign in {text:?}"));
    }
    Ok(cells)
}

#[cfg(test)]
mod reading {
    use super::*;

    fn cand(r: usize, c: usize, d: u8) -> Candidate {
        Candidate::new(Cell::at(r - 1, c - 1), Digit::new(d).unwrap())
    }

    #[test]
    fn grouped_cells_and_separate_groups() {
        let l = read_line("X-Wing: 9 c18 r28 => r2c4,r8c37<>9, r1c1<>5").unwrap();
        assert_eq!(l.name, "X-Wing");
        assert_eq!(
            l.eliminations,
            vec![cand(2, 4, 9), cand(8, 3, 9), cand(8, 7, 9), cand(1, 1, 5)]
        );
        assert!(l.placements.is_empty());
    }

    #[test]
    fn a_single_places() {
        let l = read_line("Hidden Single: r5c4=1").unwrap();
        assert_eq!(l.placements, vec![cand(5, 4, 1)]);
    }

    #[test]
    fn the_pattern_before_the_arrow_is_not_read() {
        let l = read_line(
            "Almost Locked Set XZ-Rule: A=r4c3 {259}, B=r5c12 {2589}, X=5, Z=2 => r5c3<>2",
        )
        .unwrap();
        assert_eq!(l.name, "Almost Locked Set XZ-Rule");
        assert_eq!(l.eliminations, vec![cand(5, 3, 2)]);
    }

    #[test]
    fn bad_conclusions_say_what() {
        assert!(read_line("Swordfish: 3 r348 c349 => r1c0<>3")
            .unwrap_err()
            .contains("r1c0"));
        assert!(read_line("Swordfish 3").is_err());
    }
}
