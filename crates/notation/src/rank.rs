//! Truths and links ([`sudolink_engine::proof::rank`]) as text, printers only: our line (the CSP
//! variables as Berthier writes them, `r1c2`, `r2n3`, `c8n9`, `b1n2`) and XSudo's, as Allan
//! Barker's solver prints a set and as the forum quotes it ("Using Multi-Sector Locked Sets",
//! forum.enjoysudoku.com, 2013):
//!
//! ```text
//! 16 Truths = {13N2 13N8 79N2 79N8 2N13 2N79 8N13 8N79}
//! 16 Links = {38r2 45r8 48c2 39c8 27b1 16b3 16b7 27b9}
//! ```
//!
//! XSudo writes a cell set `rowsNcolumns` (`13N2` is r1c2 and r3c2) and a digit set in a
//! house `digitsRrow`, `digitsCcolumn`, `digitsBblock`; truths in capitals, links in lower
//! case. We group the cells of a column (or of a row, when that is shorter), the digits of a
//! house, and list cells, rows, columns, then blocks.

use super::shown::Shown;
use super::NamedText;
use std::collections::BTreeMap;
use sudolink_engine::grid::{CspVariable, State};
use sudolink_engine::proof::rank::RankPattern;
use sudolink_engine::proof::Proof;

/// The XSudo form of a list of sets: `upper` for truths (`N R C B`), lower case for links.
pub fn xsudo_sets(sets: &[CspVariable], upper: bool) -> String {
    let letter = |c: char| {
        if upper {
            c.to_ascii_uppercase()
        } else {
            c
        }
    };
    // cells: first by column (rows N column), the lone cells of a column regrouped by row
    let mut by_col: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut houses: BTreeMap<(u8, u8), Vec<u8>> = BTreeMap::new();
    for &v in sets {
        match v {
            CspVariable::Rc(c) => by_col.entry(c.col()).or_default().push(c.row()),
            CspVariable::Rn(r, d) => houses.entry((0, r)).or_default().push(d.get()),
            CspVariable::Cn(c, d) => houses.entry((1, c)).or_default().push(d.get()),
            CspVariable::Bn(b, d) => houses.entry((2, b)).or_default().push(d.get()),
        }
    }
    let mut by_row: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut out: Vec<String> = Vec::new();
    for (col, rows) in &by_col {
        if rows.len() == 1 {
            by_row.entry(rows[0]).or_default().push(*col);
        } else {
            out.push(format!("{}{}{}", digits(rows), letter('n'), col + 1));
        }
    }
    for (row, cols) in &by_row {
        out.push(format!("{}{}{}", row + 1, letter('n'), digits(cols)));
    }
    for ((kind, unit), ds) in &houses {
        let mut ds = ds.clone();
        ds.sort();
        let l = letter(['r', 'c', 'b'][*kind as usize]);
        let ds: String = ds.iter().map(|d| d.to_string()).collect();
        out.push(format!("{ds}{l}{}", unit + 1));
    }
    out.join(" ")
}

/// 0-based indices as 1-based digits, ascending: `[0, 2]` is `13`.
fn digits(xs: &[usize]) -> String {
    let mut xs = xs.to_vec();
    xs.sort();
    xs.iter().map(|x| (x + 1).to_string()).collect()
}

/// XSudo's two lines: `16 Truths = {…}` and `16 Links = {…}`.
pub fn xsudo_text(p: &RankPattern) -> String {
    format!(
        "{} Truths = {{{}}}\n{} Links = {{{}}}",
        p.truths.len(),
        xsudo_sets(&p.truths, true),
        p.links.len(),
        xsudo_sets(&p.links, false)
    )
}

/// Our line: `msls[16]: truths r5c3 r5c5 …; links r5n1 c3n5 …`.
pub fn rank_text(p: &RankPattern) -> String {
    let list = |vs: &[CspVariable]| {
        vs.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "{}[{}]: truths {}; links {}",
        p.form.name(),
        p.truths.len(),
        list(&p.truths),
        list(&p.links)
    )
}

impl Shown for RankPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        rank_text(self)
    }
    fn dialect(&self) -> &'static str {
        "ours (XSudo's truths and links below)"
    }
    fn more_texts(&self, state: &State, proof: &Proof) -> Vec<NamedText> {
        let _ = state;
        vec![NamedText {
            name: "XSudo",
            heading: "XSudo notation (Barker's truths and links):".into(),
            text: format!(
                "{}\n==> {}",
                xsudo_text(self),
                proof.elimination_texts().join(", ")
            ),
        }]
    }
}
