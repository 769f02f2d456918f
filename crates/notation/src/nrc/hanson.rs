//! Our printed form of the Sudoku Assistant's patterns ([Hanson SA], Hanson), in the style of
//! the nrc notation: grid locks with their complements (`swordfish-in-rows n5{r2 r5 r7}{c3
//! c6 c7} ≡ whale-in-columns …`), bent naked subsets, grid-based ALS (finned and sashimi
//! fish), ALS rules (HoDoKu's description of the sets after our rule name), almost-locked
//! ranges and Sue de Coq (3D Medusa has its own module, [`super::medusa`]). Neither Berthier's
//! works nor the forums print these in nrc notation, so there is no reader; HoDoKu's own
//! lines for them are in [`crate::hodoku`].

use crate::common::{cell_with_digits, houses_in_braces};
use crate::hodoku;
use crate::shown::Shown;
use sudolink_engine::grid::{Cell, Digit, State};
use sudolink_engine::proof::als::{AlsPattern, SueDeCoq};
use sudolink_engine::proof::assistant::{BentSubset, GridAls, GridForm, GridLock};
use sudolink_engine::proof::facts::cell_digits;
use sudolink_engine::proof::range::{AlmostLockedRange, RangeStep};
use sudolink_engine::proof::Proof;

fn cells_text(cells: &[Cell]) -> String {
    let items: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    format!("{{{}}}", items.join(" "))
}

fn digits_text(digits: &[Digit]) -> String {
    let items: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    format!("{{{}}}", items.join(""))
}

/// Hanson's description of a grid lock: `a 3×3 grid of 5s: {r2 r5 r7} × {c3 c6 c7}`.
pub fn describe(form: &GridForm) -> String {
    let n = form.size();
    match form {
        GridForm::NakedSubset {
            house,
            cells,
            digits,
        } => format!(
            "a {n}×{n} grid in {house}: cells {} hold only digits {}",
            cells_text(cells),
            digits_text(digits)
        ),
        GridForm::HiddenSubset {
            house,
            digits,
            cells,
        } => format!(
            "a {n}×{n} grid in {house}: digits {} lie only in cells {}",
            digits_text(digits),
            cells_text(cells)
        ),
        GridForm::Fish { digit, base, cover } => format!(
            "a {n}×{n} grid of {digit}s: {} × {}",
            houses_in_braces(base),
            houses_in_braces(cover)
        ),
    }
}

/// `swordfish-in-rows n5{r2 r5 r7}{c3 c6 c7} ≡ whale-in-columns n5{…}{…} (a 3×3 grid of
/// 5s: …)`.
pub fn grid_text(state: &State, proof: &Proof, lock: &GridLock) -> String {
    let mut text = super::pattern_text(state, &lock.form.proof(proof));
    if let Some(c) = &lock.complement {
        text.push_str(" ≡ ");
        text.push_str(&super::pattern_text(state, &c.proof(proof)));
    }
    format!("{text} ({})", describe(&lock.form))
}

/// `bent-naked-triplets (xy-wing) r4{c2 c7} + c2{r1}: {n1 n2}r1c2 {n2 n3}r4c2 {n1 n3}r4c7,
/// common n2`.
pub fn bent_text(state: &State, proof: &Proof, b: &BentSubset) -> String {
    let wing = b
        .wing
        .as_ref()
        .map(|w| format!(" ({w})"))
        .unwrap_or_default();
    let cells: Vec<String> = b
        .cells
        .iter()
        .map(|&c| cell_with_digits(&cell_digits(state, c).into_iter().collect::<Vec<_>>(), c))
        .collect();
    let rule = match b.common {
        Some(k) => format!("common n{k}"),
        None => "no common digit".to_string(),
    };
    format!(
        "{}{wing} {} + {}: {}, {rule}",
        proof.rule,
        b.domains[0],
        b.domains[1],
        cells.join(" ")
    )
}

/// `sashimi-x-wing-in-rows n6{r2 r9}{c1 c4 c5} fins {r2c2} (a grid ALS of 6s: 2 rows in 3
/// columns) ≡ {c2 c3 …}{r1 r3 …}`.
pub fn grid_als_text(proof: &Proof, g: &GridAls) -> String {
    let fins: Vec<String> = g.fins.iter().map(|c| c.to_string()).collect();
    let mut text = format!(
        "{} n{}{}{} fins {{{}}} (a grid ALS of {}s: {} lines in {} cross lines)",
        proof.rule,
        g.digit,
        houses_in_braces(&g.base),
        houses_in_braces(&g.cover),
        fins.join(" "),
        g.digit,
        g.base.len(),
        g.cover.len()
    );
    if let Some((b, c)) = &g.complement {
        text.push_str(&format!(
            " ≡ n{}{}{}",
            g.digit,
            houses_in_braces(b),
            houses_in_braces(c)
        ));
    }
    text
}

/// Our own line: the technique name, then HoDoKu's description of the sets.
pub fn als_text(proof: &Proof, p: &AlsPattern) -> String {
    let body = crate::hodoku::als_pattern(p);
    let body = body.split_once(": ").map(|(_, b)| b).unwrap_or(&body);
    format!("{} {body}", proof.rule)
}

/// Sue de Coq in our notation: the rule name, then HoDoKu's description of its sets:
/// `sue-de-coq r7c78 - {1357} (r7c3 - {17}, r9c9 - {35})`.
pub fn sue_de_coq_text(state: &State, proof: &Proof, s: &SueDeCoq) -> String {
    let h = crate::hodoku::sue_de_coq_text(state, proof, s);
    let body = h.split_once(": ").map(|(_, b)| b).unwrap_or(&h);
    let body = body.split_once(" => ").map(|(b, _)| b).unwrap_or(body);
    format!("{} {body}", proof.rule)
}

fn step_text(s: RangeStep) -> String {
    match s {
        RangeStep::Itself => String::new(),
        RangeStep::Sees => " - ".to_string(),
        RangeStep::Range(r) => {
            format!(" -[ALR n{} {}: {}→{}]- ", r.digit, r.block, r.entry, r.exit)
        }
    }
}

/// `almost-locked-range r1c3#1 -[ALR n1 b2: r1→c5]- r2c5#1 = r2c6#1 - r1c3#1`.
pub fn range_text(proof: &Proof, p: &AlmostLockedRange) -> String {
    let target = proof.eliminations[0];
    let chain: Vec<String> = p
        .chain
        .iter()
        .map(|c| format!("{}#{}", c.cell(), c.digit()))
        .collect();
    let shape = p
        .shape
        .as_ref()
        .map(|s| format!(" ({s})"))
        .unwrap_or_default();
    let start = match p.first {
        RangeStep::Itself => String::new(),
        s => format!("{}#{}{}", target.cell(), target.digit(), step_text(s)),
    };
    let end = match p.last {
        RangeStep::Sees => format!(" - {}#{}", target.cell(), target.digit()),
        s => format!(
            "{}{}#{}",
            step_text(s).trim_end(),
            target.cell(),
            target.digit()
        ),
    };
    format!("{}{shape} {start}{}{end}", proof.rule, chain.join(" = "))
}

impl Shown for GridLock {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        grid_text(state, proof, self)
    }
    fn dialect(&self) -> &'static str {
        "Hanson"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        let line = match &*self.form {
            GridForm::NakedSubset { cells, digits, .. } => hodoku::subset_line(true, cells, digits),
            GridForm::HiddenSubset { cells, digits, .. } => {
                hodoku::subset_line(false, cells, digits)
            }
            GridForm::Fish { digit, base, cover } => Some(hodoku::fish_line(*digit, base, cover)),
        };
        line.map(|p| format!("{p} => {}", hodoku::conclusions(proof)))
    }
}

impl Shown for BentSubset {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        bent_text(state, proof, self)
    }
    fn dialect(&self) -> &'static str {
        "Hanson"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        hodoku::bent_text(proof, self)
    }
}

impl Shown for AlsPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        als_text(proof, self)
    }
    fn dialect(&self) -> &'static str {
        "Hanson"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(hodoku::als_text(proof, self))
    }
}

impl Shown for GridAls {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        grid_als_text(proof, self)
    }
    fn dialect(&self) -> &'static str {
        "Hanson"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        Some(hodoku::grid_als_text(state, proof, self))
    }
}

impl Shown for AlmostLockedRange {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        range_text(proof, self)
    }
    fn dialect(&self) -> &'static str {
        "Hanson"
    }
}

impl Shown for SueDeCoq {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        sue_de_coq_text(state, proof, self)
    }
    fn dialect(&self) -> &'static str {
        "Hanson"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        Some(hodoku::sue_de_coq_text(state, proof, self))
    }
}
