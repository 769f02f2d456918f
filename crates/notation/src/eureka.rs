//! Eureka (AIC) notation, read and printed: chains as forum posts and our printers
//! ([`eureka_text`] for nrc-chains, [`aic_eureka_text`] for alternating inference chains
//! over groups and ALS) write them, read into a chain proof:
//!
//! ```text
//! (5)r9c8=(5)r1c8-(5=8)r2c7-(8=1)r9c7 => r9c8<>1
//! (6)r4c4=(6-8)r4c1=(8)r6c2-(8=5)r6c6 ==> r4c6 <> 6
//! ```
//!
//! A node is `(digits)cell`; inside the parentheses `=` is a strong and `-` a weak link
//! between two candidates of the cell (`(6=8)r4c1`, `(6-8)r4c1`); between nodes `=` is a
//! strong and `-` a weak link. Spaces are optional, upper case is read, a leading label
//! (`AIC:`) is skipped. The conclusion follows `=>` or `==>`: `r4c6<>6`, `r4c6 <> 6`,
//! `r4c6≠6`, `-6 r4c6`, several targets `r4c6,r5c6<>6`, `r45c6<>6`, `r4c6<>6, r5c6<>6`.
//!
//! # The mapping
//!
//! An AIC alternates strong and weak links, starting and ending with a strong one: its
//! candidates are L1 = R1 - L2 = R2 - ... - Ln = Rn, which is an nrc-chain whose (L, R) pairs
//! are the strong links and whose R → L steps are the weak links; its targets see both ends.
//! [`EurekaChain::to_proof`] builds that chain and returns the first family of nrc, nrct,
//! nrcz, nrczt under which [`sudolink_engine::proof::check`] accepts it (a "strong" link that is strong
//! only once earlier right-linking candidates or the target are removed makes it an nrct- or
//! nrcz-chain). Nothing is accepted without that check.
//!
//! A chain with group nodes (`(5)r4c12`, `(5)r45c1`) or ALS nodes (`(8=5)r1c4,r3c4`,
//! `(2=59)r4c3,r5c3`) is read as a grouped alternating inference chain
//! ([`sudolink_engine::proof::aic`]) and checked as one. Not supported, each a clear error naming the
//! column: loops (the chain returning to a candidate, continuous or
//! discontinuous), chains starting or ending with a weak link, conclusions that place a
//! digit. When a chain does not check, the error names the first link (or target) that
//! fails on the state.

use crate::common::ParsedCell;
use crate::shown::Shown;
use sudolink_engine::grid::format::excerpt;
use sudolink_engine::grid::lexer::{self, LexError};
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, State};
use sudolink_engine::proof::aic::{cells_compact, AicConclusion, AicPattern};
use sudolink_engine::proof::chain::{ChainFamily, ChainPattern};
use sudolink_engine::proof::{check, Pattern, Proof};
use thiserror::Error;
use winnow::Parser;

/// Why a text is not a chain in Eureka notation, or does not hold.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EurekaError {
    #[error("column {column}: {why}")]
    Syntax { column: usize, why: String },
    #[error("column {column}: group nodes are not supported ({node}): our chains link single candidates")]
    GroupNode { column: usize, node: String },
    #[error("column {column}: {why}: loops are not supported, write the chain as an AIC from one strong link to another")]
    Loop { column: usize, why: String },
    #[error(
        "column {column}: malformed conclusion {text:?} (expected r4c6<>6, -6 r4c6, r4c6,r5c6<>6)"
    )]
    Conclusion { column: usize, text: String },
    #[error("column {column}: {text} is not a candidate of the state: {why}")]
    NotACandidate {
        column: usize,
        text: String,
        why: String,
    },
    #[error("link {link} `{text}` (column {column}) fails: {why}")]
    Link {
        link: usize,
        column: usize,
        text: String,
        why: String,
    },
    #[error("target {target} fails: {why}")]
    Target { target: String, why: String },
    #[error("the chain does not hold as an nrc, nrct, nrcz or nrczt chain: {0}")]
    Fails(String),
    #[error("the grouped chain does not hold: {0}")]
    GroupedFails(String),
}

impl EurekaError {
    /// True when the text reads as an AIC but the chain does not hold on the state (a
    /// candidate, link or target that fails), false when the text itself is not a
    /// supported AIC.
    pub fn is_about_the_state(&self) -> bool {
        matches!(
            self,
            EurekaError::NotACandidate { .. }
                | EurekaError::Link { .. }
                | EurekaError::Target { .. }
                | EurekaError::Fails(_)
                | EurekaError::GroupedFails(_)
        )
    }
}

/// A link's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// `=`: one of the two is true.
    Strong,
    /// `-`: not both are true.
    Weak,
}

impl Strength {
    fn symbol(self) -> char {
        match self {
            Strength::Strong => '=',
            Strength::Weak => '-',
        }
    }
}

/// A candidate as written in a node, with its 1-based column in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenCandidate {
    pub candidate: Candidate,
    pub column: usize,
}

impl WrittenCandidate {
    /// `(6)r4c1`.
    fn text(&self) -> String {
        format!("({}){}", self.candidate.digit(), self.candidate.cell())
    }
}

/// A chain read from Eureka notation: its candidates in order, the link after each one but
/// the last, and its targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EurekaChain {
    pub candidates: Vec<WrittenCandidate>,
    pub links: Vec<Strength>,
    pub targets: Vec<Candidate>,
}

/// Does the text look like a Eureka chain (`(5)r9c8=...`, `AIC: (5)r9c8=...`)?
pub fn looks_like_eureka(text: &str) -> bool {
    let t = skip_label(text.trim_start());
    let mut chars = t.chars().filter(|c| !c.is_whitespace());
    chars.next() == Some('(') && chars.next().is_some_and(|c| c.is_ascii_digit())
}

/// A leading `AIC:` or `Chain:` label (letters, then a colon) skipped.
fn skip_label(text: &str) -> &str {
    match text.split_once(':') {
        Some((label, rest))
            if !label.is_empty() && label.trim().chars().all(|c| c.is_ascii_alphabetic()) =>
        {
            rest
        }
        _ => text,
    }
}

/// A scanner over the chain's structure (nodes, links, the arrow), with 1-based columns (in
/// characters) for errors; cells and digits are read by the notation lexer.
struct Scanner<'a> {
    text: &'a str,
    /// Byte offset.
    pos: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner past a leading `AIC:` label.
    fn after_label(text: &'a str) -> Scanner<'a> {
        Scanner {
            text,
            pos: text.len() - skip_label(text).len(),
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn column(&self) -> usize {
        lexer::column_of(self.text, self.rest())
    }

    fn column_at(&self, pos: usize) -> usize {
        lexer::column_of(self.text, &self.text[pos..])
    }

    fn skip_spaces(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// The character after the next one.
    fn peek2(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_spaces();
        self.pos >= self.text.len()
    }

    fn syntax<T>(&self, why: impl Into<String>) -> Result<T, EurekaError> {
        Err(EurekaError::Syntax {
            column: self.column(),
            why: why.into(),
        })
    }

    /// A run of digits 1-9 (possibly empty), as numbers.
    fn digits(&mut self) -> Vec<u8> {
        let mut rest = self.rest();
        match lexer::digits.parse_next(&mut rest) {
            Ok(ds) => {
                self.pos = self.text.len() - rest.len();
                ds.iter().map(|d| d.get()).collect()
            }
            Err(_) => Vec::new(),
        }
    }

    /// The letter `x` (either case).
    fn letter(&mut self, x: char) -> bool {
        if self.peek().is_some_and(|c| c.eq_ignore_ascii_case(&x)) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// `r4c1` or a group of cells `r45c1`, `r4c12`: rows and columns (1-based).
    fn cells(&mut self) -> Result<(Vec<u8>, Vec<u8>), EurekaError> {
        let mut rest = self.rest();
        let read = lexer::rows_and_columns.parse_next(&mut rest);
        let column = lexer::column_of(self.text, rest);
        self.pos = self.text.len() - rest.len();
        match read {
            Ok((rows, cols)) => Ok((
                rows.iter().map(|r| r + 1).collect(),
                cols.iter().map(|c| c + 1).collect(),
            )),
            Err(e) => Err(EurekaError::Syntax {
                column,
                why: format!("expected {}", LexError::at(self.text, rest, &e).expected),
            }),
        }
    }
}

fn cell_of(row: u8, col: u8) -> Cell {
    Cell::at(row as usize - 1, col as usize - 1)
}

/// Read a chain in Eureka notation (without a state: nothing is checked here).
pub fn parse_eureka(text: &str) -> Result<EurekaChain, EurekaError> {
    let mut s = Scanner::after_label(text);
    let mut candidates = Vec::new();
    let mut links = Vec::new();
    loop {
        read_node(&mut s, &mut candidates, &mut links)?;
        s.skip_spaces();
        match s.peek() {
            Some('=') if s.peek2() == Some('>') => break,
            Some('=') if s.peek2() == Some('=') => break, // ==>
            Some('=') => links.push(Strength::Strong),
            Some('-') => links.push(Strength::Weak),
            None => return s.syntax("expected => and the conclusion"),
            Some(c) => return s.syntax(format!("expected a link (= or -) or =>, found {c:?}")),
        }
        s.bump();
    }
    let mut chain = EurekaChain {
        candidates,
        links,
        targets: Vec::new(),
    };
    chain.check_shape()?;
    // the arrow
    while s.peek() == Some('=') {
        s.bump();
    }
    s.bump(); // '>'
    chain.targets = read_conclusion(&mut s)?;
    Ok(chain)
}

/// One node `(6)r4c1`, `(6-8)r4c1`, `(6=8)r4c1`: its candidates and the links inside it.
fn read_node(
    s: &mut Scanner<'_>,
    candidates: &mut Vec<WrittenCandidate>,
    links: &mut Vec<Strength>,
) -> Result<(), EurekaError> {
    s.skip_spaces();
    let start = s.pos;
    if s.peek() != Some('(') {
        return s.syntax("expected a node (digit)cell");
    }
    s.bump();
    let mut digits: Vec<(u8, usize)> = Vec::new();
    let mut inner: Vec<Strength> = Vec::new();
    loop {
        s.skip_spaces();
        let column = s.column();
        let run = s.digits();
        match run[..] {
            [d] => digits.push((d, column)),
            [] => return s.syntax("expected a digit 1-9"),
            _ => return group_node(s, start),
        }
        s.skip_spaces();
        match s.peek() {
            Some(')') => break,
            Some('=') => inner.push(Strength::Strong),
            Some('-') => inner.push(Strength::Weak),
            Some(',') | Some('|') => return group_node(s, start),
            _ => return s.syntax("expected ), = or - inside the node"),
        }
        s.bump();
    }
    s.bump(); // ')'
    s.skip_spaces();
    let (rows, cols) = s.cells()?;
    let more_cells =
        s.peek() == Some(',') && s.peek2().is_some_and(|c| c.eq_ignore_ascii_case(&'r'));
    if rows.len() > 1 || cols.len() > 1 || more_cells {
        return group_node(s, start);
    }
    let cell = cell_of(rows[0], cols[0]);
    for (k, (d, column)) in digits.into_iter().enumerate() {
        if k > 0 {
            links.push(inner[k - 1]);
        }
        let digit = Digit::new(d).expect("digits 1-9");
        candidates.push(WrittenCandidate {
            candidate: Candidate::new(cell, digit),
            column,
        });
    }
    Ok(())
}

/// The group-node error for the node starting at `start`: its text runs to the first link,
/// arrow or space after its closing parenthesis.
fn group_node<T>(s: &Scanner, start: usize) -> Result<T, EurekaError> {
    let text = &s.text[start..];
    let close = text.find(')').unwrap_or(text.len());
    let end = text[close..]
        .find(|c: char| matches!(c, '=' | '-') || c.is_whitespace())
        .map_or(text.len(), |k| close + k);
    Err(EurekaError::GroupNode {
        column: s.column_at(start),
        node: text[..end].to_string(),
    })
}

fn push_target(targets: &mut Vec<Candidate>, cell: Cell, d: u8) {
    let c = Candidate::new(cell, Digit::new(d).expect("digits 1-9"));
    if !targets.contains(&c) {
        targets.push(c);
    }
}

/// The targets: `r4c6<>6`, `r4c6 <> 6`, `r4c6≠6`, `-6 r4c6`, `r4c6,r5c6<>6`, `r45c6<>6`,
/// `r4c6<>6, r5c6<>6`.
fn read_conclusion(s: &mut Scanner<'_>) -> Result<Vec<Candidate>, EurekaError> {
    s.skip_spaces();
    let start = s.pos;
    let bad = |s: &Scanner| EurekaError::Conclusion {
        column: s.column_at(start),
        text: excerpt(s.text[start..].trim(), 80),
    };
    let mut targets: Vec<Candidate> = Vec::new();
    let mut pending: Vec<Cell> = Vec::new(); // cells waiting for `<> d`
    let mut digit_first: Option<Vec<u8>> = None; // `-6` waiting for its cells
    while !s.at_end() {
        match s.peek() {
            Some(',') | Some(';') | Some('.') => s.bump(),
            Some('r') | Some('R') => {
                let (rows, cols) = s.cells().map_err(|_| bad(s))?;
                let cells = rows
                    .iter()
                    .flat_map(|&r| cols.iter().map(move |&c| cell_of(r, c)));
                match &digit_first {
                    Some(ds) => {
                        for cell in cells {
                            for &d in ds {
                                push_target(&mut targets, cell, d);
                            }
                        }
                    }
                    None => pending.extend(cells),
                }
            }
            Some('-') => {
                s.bump();
                s.skip_spaces();
                let ds = s.digits();
                if ds.is_empty() || !pending.is_empty() {
                    return Err(bad(s));
                }
                digit_first = Some(ds);
            }
            Some('<') | Some('≠') | Some('!') => {
                // `<>`, `≠` or `!=`, read by the lexer
                let mut rest = s.rest();
                match lexer::relation.parse_next(&mut rest) {
                    Ok(false) => s.pos = s.text.len() - rest.len(),
                    _ => return Err(bad(s)),
                }
                s.skip_spaces();
                s.letter('n');
                let ds = s.digits();
                if ds.is_empty() || pending.is_empty() {
                    return Err(bad(s));
                }
                for cell in pending.drain(..) {
                    for &d in &ds {
                        push_target(&mut targets, cell, d);
                    }
                }
                digit_first = None;
            }
            _ => return Err(bad(s)),
        }
    }
    if targets.is_empty() || !pending.is_empty() {
        return Err(bad(s));
    }
    Ok(targets)
}

impl EurekaChain {
    /// The text of link k (0-based): `(6)r4c4=(6)r4c1`.
    fn link_text(&self, k: usize) -> String {
        format!(
            "{}{}{}",
            self.candidates[k].text(),
            self.links[k].symbol(),
            self.candidates[k + 1].text()
        )
    }

    /// An AIC: no candidate twice (a loop otherwise), strong and weak links alternating from
    /// a strong one to a strong one.
    fn check_shape(&self) -> Result<(), EurekaError> {
        let n = self.candidates.len();
        for (j, b) in self.candidates.iter().enumerate() {
            if let Some(a) = self.candidates[..j]
                .iter()
                .find(|a| a.candidate == b.candidate)
            {
                let why = if j == n - 1 && a == &self.candidates[0] {
                    format!(
                        "the chain returns to its first candidate {} (a continuous or discontinuous loop)",
                        b.text()
                    )
                } else {
                    format!(
                        "{} appears twice (columns {} and {})",
                        b.text(),
                        a.column,
                        b.column
                    )
                };
                return Err(EurekaError::Loop {
                    column: b.column,
                    why,
                });
            }
        }
        for (k, &link) in self.links.iter().enumerate() {
            let want = if k % 2 == 0 {
                Strength::Strong
            } else {
                Strength::Weak
            };
            if link != want {
                let why = if k == 0 {
                    "an AIC starts with a strong link (=)".to_string()
                } else {
                    format!(
                        "strong and weak links must alternate: expected {}",
                        want.symbol()
                    )
                };
                return Err(self.link_error(k, why));
            }
        }
        if self.links.len().is_multiple_of(2) {
            let column = self.candidates[n - 1].column;
            return Err(EurekaError::Syntax {
                column,
                why: "an AIC ends with a strong link (=)".to_string(),
            });
        }
        Ok(())
    }

    fn link_error(&self, k: usize, why: String) -> EurekaError {
        EurekaError::Link {
            link: k + 1,
            column: self.candidates[k].column,
            text: self.link_text(k),
            why,
        }
    }

    /// The (L, R) pairs — the strong links — as written cells, their variable left open.
    pub fn cells(&self) -> Vec<ParsedCell> {
        self.candidates
            .chunks(2)
            .map(|pair| ParsedCell {
                variable: None,
                left: pair[0].candidate,
                right: pair[1].candidate,
                extras: Vec::new(),
                text: format!("{}={}", pair[0].text(), pair[1].text()),
            })
            .collect()
    }

    /// The targets still open on `state`: one already eliminated is dropped (what it says is
    /// true), one that is its cell's placed digit is an error, and so is a chain left with
    /// no target.
    fn open_targets(&self, state: &State) -> Result<Vec<Candidate>, EurekaError> {
        let target_error = |t: Candidate, why: &str| EurekaError::Target {
            target: t.elimination(),
            why: why.to_string(),
        };
        if let Some(&t) = self
            .targets
            .iter()
            .find(|t| state.value(t.cell()) == Some(t.digit()))
        {
            return Err(target_error(t, "it is the digit placed in its cell"));
        }
        let open: Vec<Candidate> = self
            .targets
            .iter()
            .copied()
            .filter(|&t| state.has(t))
            .collect();
        if open.is_empty() {
            return Err(target_error(
                self.targets[0],
                "it is not a candidate of the state (the chain concludes nothing new)",
            ));
        }
        Ok(open)
    }

    /// The chain as a proof on `state`: the first of nrc, nrct, nrcz, nrczt under which
    /// [`sudolink_engine::proof::check`] accepts it, concluding the targets still open (see
    /// `open_targets`). Otherwise the error names the first link or target that fails on the
    /// state (or, when each looks right, the checker's reason).
    pub fn to_proof(&self, state: &State) -> Result<Proof, EurekaError> {
        const FAMILIES: [ChainFamily; 4] = [
            ChainFamily::Nrc,
            ChainFamily::Nrct,
            ChainFamily::Nrcz,
            ChainFamily::Nrczt,
        ];
        let cells = self.cells();
        let targets = self.open_targets(state)?;
        let mut nrc_why = None;
        for family in FAMILIES {
            let why =
                match crate::nrc::chain::chain_from_pairs(state, family, &cells, &targets, None) {
                    Ok(p) => {
                        let proof = Proof::new(Pattern::Chain(p), targets.clone(), vec![]);
                        match check(state, &proof) {
                            Ok(()) => return Ok(proof),
                            Err(e) => e.to_string(),
                        }
                    }
                    Err(e) => e.to_string(),
                };
            nrc_why.get_or_insert(why);
        }
        Err(self
            .diagnose(state, &targets)
            .unwrap_or_else(|| EurekaError::Fails(nrc_why.unwrap_or_default())))
    }

    /// The first link or target that fails on `state`, read as a plain AIC.
    fn diagnose(&self, state: &State, targets: &[Candidate]) -> Option<EurekaError> {
        for w in &self.candidates {
            if !state.has(w.candidate) {
                let why = match state.value(w.candidate.cell()) {
                    Some(d) => format!("{} holds {d}", w.candidate.cell()),
                    None => "it has been eliminated".to_string(),
                };
                return Some(EurekaError::NotACandidate {
                    column: w.column,
                    text: w.text(),
                    why,
                });
            }
        }
        for k in 0..self.links.len() {
            let (a, b) = (
                self.candidates[k].candidate,
                self.candidates[k + 1].candidate,
            );
            let why = match self.links[k] {
                Strength::Weak => (!a.is_linked(b)).then(|| {
                    "not a weak link: the two are neither in one cell nor one digit in one house"
                        .to_string()
                }),
                Strength::Strong => strong_link_failure(state, a, b),
            };
            if let Some(why) = why {
                return Some(self.link_error(k, why));
            }
        }
        let (first, last) = (
            self.candidates[0].candidate,
            self.candidates[self.candidates.len() - 1].candidate,
        );
        for &t in targets {
            let why = if self.candidates.iter().any(|w| w.candidate == t) {
                Some("it is a candidate of the chain".to_string())
            } else {
                [first, last]
                    .into_iter()
                    .find(|&end| !t.is_linked(end))
                    .map(|end| {
                        format!(
                            "it does not see the chain's end ({}){}",
                            end.digit(),
                            end.cell()
                        )
                    })
            };
            if let Some(why) = why {
                return Some(EurekaError::Target {
                    target: t.elimination(),
                    why,
                });
            }
        }
        None
    }
}

/// Why `a = b` is not a strong link on `state` (none: some cell, row, column or block holds
/// exactly these two of the digit / the cell exactly these two digits).
fn strong_link_failure(state: &State, a: Candidate, b: Candidate) -> Option<String> {
    let common: Vec<CspVariable> = a
        .variables()
        .into_iter()
        .filter(|v| b.variables().contains(v))
        .collect();
    if a == b || common.is_empty() {
        return Some("not a strong link: the two share no cell and no digit in a house".into());
    }
    let mut others_of = Vec::new();
    for v in common {
        let others: Vec<String> = v
            .candidates()
            .into_iter()
            .filter(|&x| state.has(x) && x != a && x != b)
            .map(|x| x.to_string())
            .collect();
        if others.is_empty() {
            return None;
        }
        others_of.push(format!("{v} also holds {}", others.join(" ")));
    }
    Some(format!("not a strong link: {}", others_of.join("; ")))
}

/// Read a Eureka chain and make it a checked proof on `state` (see [`EurekaChain::to_proof`]).
pub fn proof_from_eureka(state: &State, text: &str) -> Result<Proof, EurekaError> {
    // an ALS forcing a cell, `(x=*)cells` or `(*=x)cells`, is a grouped chain's node
    if text.contains("=*)") || text.contains("(*=") {
        return grouped_proof(state, text);
    }
    match parse_eureka(text) {
        Ok(chain) => chain.to_proof(state),
        // a chain with group or ALS nodes: read as a grouped AIC and checked as one
        Err(EurekaError::GroupNode { .. }) => grouped_proof(state, text),
        // a chain back to its first candidate: read as a continuous or discontinuous loop
        Err(EurekaError::Loop { ref why, .. }) if why.contains("returns to its first") => {
            grouped_proof(state, text)
        }
        Err(e) => Err(e),
    }
}

/// A node of a grouped chain as written: its digits with the link between them (an ALS
/// or a cell when two), its cells, and its column.
struct GroupedNode {
    digits: Vec<u8>,
    inner: Option<Strength>,
    cells: Vec<Cell>,
    column: usize,
    /// An ALS that forces a cell: `(x=*)cells` (the strong link to the forced cell after
    /// it) or `(*=x)cells` (before it); `*` stands for the ALS's other digits, locked in.
    forces: Option<Forces>,
}

/// Where the cell an ALS forces is written: after the ALS node, or before it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Forces {
    After,
    Before,
}

/// `r45c6`, `r4c12`, `r4c3,r5c3`: the cells of a node.
fn node_cells(s: &mut Scanner<'_>) -> Result<Vec<Cell>, EurekaError> {
    let mut cells = Vec::new();
    loop {
        let (rows, cols) = s.cells()?;
        for &r in &rows {
            for &c in &cols {
                cells.push(cell_of(r, c));
            }
        }
        // `,r5c3` continues the node; `, ` or anything else ends it
        if s.peek() == Some(',') && s.peek2().is_some_and(|c| c.eq_ignore_ascii_case(&'r')) {
            s.bump();
        } else {
            break;
        }
    }
    cells.sort();
    cells.dedup();
    Ok(cells)
}

fn read_grouped_node(s: &mut Scanner<'_>) -> Result<GroupedNode, EurekaError> {
    s.skip_spaces();
    let column = s.column();
    if s.peek() != Some('(') {
        return s.syntax("expected a node (digit)cells");
    }
    s.bump();
    s.skip_spaces();
    if s.peek() == Some('*') {
        // `(*=x)cells`: an ALS forcing the cell written before it
        s.bump();
        s.skip_spaces();
        if s.peek() != Some('=') {
            return s.syntax("expected = after * in an ALS node (*=x)");
        }
        s.bump();
        s.skip_spaces();
        let digits = s.digits();
        if digits.len() != 1 {
            return s.syntax("expected one digit after (*= in an ALS node");
        }
        return locked_als_node(s, digits, column, Forces::Before);
    }
    let first = s.digits();
    if first.len() != 1 {
        return s.syntax("expected one digit before = or - in the node");
    }
    s.skip_spaces();
    if s.peek() == Some('=') && s.peek2() == Some('*') {
        // `(x=*)cells`: an ALS forcing the cell written after it
        s.bump();
        s.bump();
        s.skip_spaces();
        return locked_als_node(s, first, column, Forces::After);
    }
    let (inner, rest) = match s.peek() {
        Some(')') => (None, vec![]),
        Some('=') | Some('-') => {
            let link = if s.peek() == Some('=') {
                Strength::Strong
            } else {
                Strength::Weak
            };
            s.bump();
            s.skip_spaces();
            let rest = s.digits();
            if rest.is_empty() {
                return s.syntax("expected a digit after the link inside the node");
            }
            (Some(link), rest)
        }
        _ => return s.syntax("expected ), = or - inside the node"),
    };
    s.skip_spaces();
    if s.peek() != Some(')') {
        return s.syntax("expected ) closing the node");
    }
    s.bump();
    s.skip_spaces();
    let cells = node_cells(s)?;
    let mut digits = first;
    digits.extend(rest);
    Ok(GroupedNode {
        digits,
        inner,
        cells,
        column,
        forces: None,
    })
}

/// The rest of `(x=*)cells` or `(*=x)cells` after its digits: `)` and the ALS's cells.
fn locked_als_node(
    s: &mut Scanner<'_>,
    digits: Vec<u8>,
    column: usize,
    forces: Forces,
) -> Result<GroupedNode, EurekaError> {
    s.skip_spaces();
    if s.peek() != Some(')') {
        return s.syntax("expected ) closing the ALS node");
    }
    s.bump();
    s.skip_spaces();
    let cells = node_cells(s)?;
    Ok(GroupedNode {
        digits,
        inner: None,
        cells,
        column,
        forces: Some(forces),
    })
}

/// Read and check a chain whose nodes may be groups (`(4)r45c6`) or ALS (`(8=5)r1c4,r3c4`,
/// `(2=59)r4c3,r5c3`: the digit after `=` that the next node continues with), as an
/// alternating inference chain (`proof::aic`) from a strong link to a strong link.
fn grouped_proof(state: &State, text: &str) -> Result<Proof, EurekaError> {
    use sudolink_engine::proof::aic::{AicNode, AicPattern};
    let mut s = Scanner::after_label(text);
    let mut written: Vec<GroupedNode> = Vec::new();
    let mut between: Vec<Strength> = Vec::new();
    loop {
        written.push(read_grouped_node(&mut s)?);
        s.skip_spaces();
        match s.peek() {
            Some('=') if matches!(s.peek2(), Some('>') | Some('=')) => break,
            Some('=') => between.push(Strength::Strong),
            Some('-') => between.push(Strength::Weak),
            None => return s.syntax("expected => and the conclusion"),
            Some(c) => return s.syntax(format!("expected a link (= or -) or =>, found {c:?}")),
        }
        s.bump();
    }
    while s.peek() == Some('=') {
        s.bump();
    }
    s.bump(); // '>'
    let targets = read_conclusion(&mut s)?;
    // expand the written nodes into chain nodes and links
    let mut nodes: Vec<AicNode> = Vec::new();
    let mut links: Vec<Strength> = Vec::new();
    let mut als_links: Vec<Option<Vec<Cell>>> = Vec::new();
    let places = |d: u8, cells: &[Cell]| -> Vec<Cell> {
        let digit = Digit::new(d).expect("digits 1-9");
        cells
            .iter()
            .copied()
            .filter(|&c| state.has(Candidate::new(c, digit)))
            .collect()
    };
    for (k, w) in written.iter().enumerate() {
        if k > 0 {
            links.push(between[k - 1]);
            // the link from an ALS forcing the cell written here
            let forcing = written[k - 1].forces == Some(Forces::After);
            als_links.push(forcing.then(|| written[k - 1].cells.clone()));
        }
        let digit = |d: u8| Digit::new(d).expect("digits 1-9");
        if let Some(forces) = w.forces {
            // the ALS's digit x places: the link to the forced cell goes through the ALS
            let cells = places(w.digits[0], &w.cells);
            if forces == Forces::Before {
                match als_links.last_mut() {
                    Some(last) => *last = Some(w.cells.clone()),
                    None => {
                        return Err(EurekaError::Syntax {
                            column: w.column,
                            why: "an ALS node (*=x) needs the cell it forces before it".into(),
                        })
                    }
                }
            }
            nodes.push(AicNode {
                digit: digit(w.digits[0]),
                cells,
            });
            continue;
        }
        match w.inner {
            None => nodes.push(AicNode {
                digit: digit(w.digits[0]),
                cells: w.cells.clone(),
            }),
            Some(link) => {
                let x = w.digits[0];
                // the digit after the link: the one the next node continues with
                let z = if w.digits.len() == 2 {
                    w.digits[1]
                } else {
                    let next = written.get(k + 1).map(|n| n.digits[0]);
                    match next.filter(|d| w.digits[1..].contains(d)) {
                        Some(d) => d,
                        None => {
                            return Err(EurekaError::Syntax {
                                column: w.column,
                                why: "an ALS node (x=yz) must go on with one of y, z".into(),
                            })
                        }
                    }
                };
                let als = w.cells.len() > 1;
                let cells_of = |d: u8| {
                    if als {
                        places(d, &w.cells)
                    } else {
                        w.cells.clone()
                    }
                };
                nodes.push(AicNode {
                    digit: digit(x),
                    cells: cells_of(x),
                });
                nodes.push(AicNode {
                    digit: digit(z),
                    cells: cells_of(z),
                });
                links.push(link);
                als_links.push(als.then(|| w.cells.clone()));
            }
        }
    }
    if let Some(w) = written.last().filter(|w| w.forces == Some(Forces::After)) {
        return Err(EurekaError::Syntax {
            column: w.column,
            why: "an ALS node (x=*) needs the cell it forces after it".into(),
        });
    }
    let conclusion = close_loop(&mut nodes, &mut links, &mut als_links, written[0].column)?;
    let any_als = als_links.iter().any(Option::is_some);
    let pattern = AicPattern {
        nodes,
        conclusion,
        technique: "aic".into(),
        tags: None,
        als_links: if any_als { als_links } else { vec![] },
    };
    for &t in &targets {
        if !state.has(t) {
            return Err(EurekaError::Target {
                target: t.elimination(),
                why: "not a candidate of the state".into(),
            });
        }
    }
    let proof = Proof::new(Pattern::Aic(Box::new(pattern)), targets, vec![]);
    check(state, &proof).map_err(|e| EurekaError::GroupedFails(e.to_string()))?;
    Ok(proof)
}

/// What a grouped chain concludes from its shape: written back to its first node by a
/// weak link (not through an ALS), a continuous loop (strong first) or a discontinuous one (weak first), with
/// the repeated node and the closing link dropped; otherwise an AIC from a strong link to
/// a strong link.
fn close_loop(
    nodes: &mut Vec<sudolink_engine::proof::aic::AicNode>,
    links: &mut Vec<Strength>,
    als_links: &mut Vec<Option<Vec<Cell>>>,
    column: usize,
) -> Result<AicConclusion, EurekaError> {
    let alternates = |links: &[Strength], first: Strength| {
        links
            .iter()
            .enumerate()
            .all(|(k, &l)| (l == first) == k.is_multiple_of(2))
    };
    // back to the first node by a weak link (an AIC may also end, strongly, where it began)
    let closes = nodes.len() > 3
        && nodes.first() == nodes.last()
        && links.last() == Some(&Strength::Weak)
        && als_links.last().is_some_and(|a| a.is_none());
    if closes {
        nodes.pop();
        links.pop();
        als_links.pop();
        let continuous = alternates(links, Strength::Strong) && !links.len().is_multiple_of(2);
        let discontinuous = alternates(links, Strength::Weak) && links.len().is_multiple_of(2);
        return match (continuous, discontinuous) {
            (true, _) => Ok(AicConclusion::Continuous),
            (_, true) => Ok(AicConclusion::Loop),
            _ => Err(EurekaError::Syntax {
                column,
                why: "a loop must alternate strong and weak links: strong first (continuous) or weak first and last (discontinuous)".into(),
            }),
        };
    }
    if !alternates(links, Strength::Strong) || links.len().is_multiple_of(2) {
        return Err(EurekaError::Syntax {
            column,
            why: "a grouped chain must alternate strong and weak links from a strong link to a strong link".into(),
        });
    }
    Ok(AicConclusion::Ends)
}

// ---- printers ----------------------------------------------------------------------

/// The step in Eureka (AIC) notation: `(5)r9c8=(5)r1c8-(5=8)r2c7-(8=1)r9c7 => r9c8<>1`.
///
/// Only chains without t- or z-candidates and without a lasso closing have one: an AIC is a
/// plain alternation of strong and weak links, so nrct/nrcz/nrczt chains whose cells hold
/// extra candidates, and every lasso, return `None` (Eureka's own extension for those are
/// subsets — ALS nodes — which these chains do not use).
pub fn eureka_text(c: &ChainPattern) -> Option<String> {
    if c.has_extras() || c.lasso.is_some() {
        return None;
    }
    let nodes: Vec<String> = c
        .cells
        .iter()
        .map(|cell| {
            let (l, r) = (cell.left_linking, cell.right_linking);
            if l.cell() == r.cell() {
                format!("({}={}){}", l.digit(), r.digit(), l.cell())
            } else {
                format!("({}){}=({}){}", l.digit(), l.cell(), r.digit(), r.cell())
            }
        })
        .collect();
    let concl: Vec<String> = c.targets.iter().map(|t| t.elimination()).collect();
    Some(format!("{} => {}", nodes.join("-"), concl.join(", ")))
}

/// The chain without its conclusion: `tag1 (5)r9c8=(5)r1c8-(5=8)r2c7-…  [] AB bC`, with
/// the forums' name of its shape when it has one (`(skyscraper)`).
pub fn aic_chain_text(state: &State, proof: &Proof, p: &AicPattern) -> String {
    let full = aic_eureka_text(proof, p);
    let (chain, rest) = full.split_once(" => ").unwrap_or((&full, ""));
    let tags = rest
        .split_once("  ")
        .map(|(_, t)| format!("  {t}"))
        .unwrap_or_default();
    let shape = sudolink_engine::proof::aic::shape_name(state, p)
        .map(|s| format!(" ({s})"))
        .unwrap_or_default();
    format!("{chain}{tags}{shape}")
}

/// Eureka: `(5)r9c8=(5)r1c8-(5=8)r2c7-… => r7c5<>2`, with a cell's two digits joined as
/// `(5=8)r2c7` when a strong link stays in one cell.
pub fn aic_eureka_text(proof: &Proof, p: &AicPattern) -> String {
    // strong links at even positions, except in a discontinuous loop (weak first)
    let ends = p.conclusion != AicConclusion::Loop;
    let mut out = String::new();
    let mut k = 0;
    while k < p.nodes.len() {
        let a = &p.nodes[k];
        let strong_next = k.is_multiple_of(2) == ends;
        if k > 0 {
            let strong_before = (k - 1).is_multiple_of(2) == ends;
            out.push(if strong_before { '=' } else { '-' });
        }
        let als = p.als_links.get(k).and_then(|x| x.as_ref());
        let outside = |n: &sudolink_engine::proof::aic::AicNode, cells: &[Cell]| {
            n.cells.iter().any(|c| !cells.contains(c))
        };
        match p.nodes.get(k + 1) {
            // an ALS forcing a cell: `(x=*)cells=(d)c`, or `(d)c=(*=x)cells`
            Some(b) if als.is_some_and(|cells| outside(b, cells)) => {
                let cells = als.expect("an ALS link");
                out.push_str(&format!("({}=*){}", a.digit, cells_compact(cells)));
                k += 1;
            }
            Some(b) if als.is_some_and(|cells| outside(a, cells)) => {
                let cells = als.expect("an ALS link");
                out.push_str(&format!(
                    "{}=(*={}){}",
                    a.eureka(),
                    b.digit,
                    cells_compact(cells)
                ));
                k += 2;
            }
            Some(b) if als.is_some() => {
                let cells = als.expect("an ALS link");
                out.push_str(&format!(
                    "({}={}){}",
                    a.digit,
                    b.digit,
                    cells_compact(cells)
                ));
                k += 2;
            }
            Some(b)
                if a.is_candidate()
                    && b.is_candidate()
                    && a.cells == b.cells
                    && p.als_links.get(k + 1).is_none_or(|x| x.is_none()) =>
            {
                let link = if strong_next { '=' } else { '-' };
                out.push_str(&format!(
                    "({}{link}{}){}",
                    a.digit,
                    b.digit,
                    cells_compact(&a.cells)
                ));
                k += 2;
            }
            _ => {
                out.push_str(&a.eureka());
                k += 1;
            }
        }
    }
    if p.conclusion != AicConclusion::Ends {
        out.push('-');
        out.push_str(&p.nodes[0].eureka());
    }
    let elims: Vec<String> = proof.eliminations.iter().map(|c| c.elimination()).collect();
    let tags = p
        .tags
        .as_ref()
        .map(|t| format!("  {t}"))
        .unwrap_or_default();
    format!("{} {out} => {}{tags}", proof.rule, elims.join(", "))
}

impl Shown for AicPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        aic_chain_text(state, proof, self)
    }
    fn dialect(&self) -> &'static str {
        "Eureka"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        super::hodoku::aic_text(proof, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain_text(c: &EurekaChain) -> Vec<String> {
        c.candidates
            .iter()
            .map(|w| w.candidate.to_string())
            .collect()
    }

    #[test]
    fn reads_what_our_printer_prints() {
        let c = parse_eureka("(5)r9c8=(5)r1c8-(5=8)r2c7-(8=1)r9c7 => r9c8<>1").unwrap();
        assert_eq!(
            chain_text(&c),
            ["n5r9c8", "n5r1c8", "n5r2c7", "n8r2c7", "n8r9c7", "n1r9c7"]
        );
        use Strength::*;
        assert_eq!(c.links, [Strong, Weak, Strong, Weak, Strong]);
        assert_eq!(c.targets[0].to_string(), "n1r9c8");
        let cells = c.cells();
        assert_eq!(cells.len(), 3);
        assert_eq!(cells[1].text, "(5)r2c7=(8)r2c7");
        let two = parse_eureka("(7)r5c5=(7)r5c4 => r8c5<>7, r9c5<>7").unwrap();
        assert_eq!(two.targets.len(), 2);
    }

    #[test]
    fn forum_variants() {
        let a = parse_eureka("(6)r4c4=(6-8)r4c1=(8)r6c2-(8=5)r6c6 => r4c6<>6").unwrap();
        let b = parse_eureka(
            "AIC: (6)R4C4 = (6)r4c1 - (8)r4c1 = (8)r6c2 - (8)r6c6 = (5)r6c6 ==> r4c6 <> 6",
        )
        .unwrap();
        assert_eq!(
            (chain_text(&a), &a.links, &a.targets),
            (chain_text(&b), &b.links, &b.targets)
        );
        let c = parse_eureka("(6)r4c4=(6-8)r4c1=(8)r6c2-(8=5)r6c6 => -6 r4c6").unwrap();
        assert_eq!(c.targets, a.targets);
        let d = parse_eureka("(6)r4c4=(6-8)r4c1=(8)r6c2-(8=5)r6c6 => r4c6≠6").unwrap();
        assert_eq!(d.targets, a.targets);
        for conclusion in [
            "r4c6,r5c6<>6",
            "r45c6<>6",
            "r4c6<>6, r5c6<>6",
            "-6 r4c6 r5c6",
        ] {
            let e = parse_eureka(&format!(
                "(6)r4c4=(6-8)r4c1=(8)r6c2-(8=5)r6c6 => {conclusion}"
            ))
            .unwrap();
            let t: Vec<String> = e.targets.iter().map(|t| t.to_string()).collect();
            assert_eq!(t, ["n6r4c6", "n6r5c6"], "{conclusion}");
        }
        assert!(looks_like_eureka(" AIC: (5)r9c8=(5)r1c8"));
        assert!(!looks_like_eureka("nrc3-chain n5{r9c8 r1c8}"));
    }

    #[test]
    fn group_nodes_are_refused_with_their_column() {
        for (text, column, node) in [
            (
                "(5)r9c8=(5)r1c8-(5)r45c1=(5)r6c2 => r9c2<>5",
                17,
                "(5)r45c1",
            ),
            ("(5)r9c8=(5)r4c12 => r4c8<>5", 9, "(5)r4c12"),
            ("(5)r9c8=(5)r1c8-(58=1)r2c7 => r9c7<>1", 17, "(58=1)r2c7"),
        ] {
            let e = parse_eureka(text).unwrap_err();
            assert_eq!(
                e,
                EurekaError::GroupNode {
                    column,
                    node: node.to_string()
                },
                "{text}"
            );
            assert!(e.to_string().contains("group nodes are not supported"));
        }
    }

    #[test]
    fn loops_and_bad_alternation_are_refused_with_their_column() {
        // a continuous loop: back to the first candidate through a weak link
        let e = parse_eureka("(6)r4c4=(6)r4c1-(6)r6c2=(6)r6c4-(6)r4c4 => r5c4<>6").unwrap_err();
        assert!(
            matches!(&e, EurekaError::Loop { column: 34, why } if why.contains("returns to its first")),
            "{e}"
        );
        // a discontinuous loop, concluding a placement
        let e = parse_eureka("(6)r4c4=(6)r4c1-(6)r6c2=(6)r4c4 => r4c4=6").unwrap_err();
        assert!(matches!(e, EurekaError::Loop { column: 26, .. }), "{e}");
        // a candidate twice inside the chain
        let e =
            parse_eureka("(6)r4c4=(6)r4c1-(6)r6c2=(6)r4c1-(8)r4c1=(8)r5c1 => r5c4<>6").unwrap_err();
        assert!(matches!(e, EurekaError::Loop { column: 26, .. }), "{e}");
        // weak first, two strong in a row, weak last
        let e = parse_eureka("(6)r4c4-(6)r4c1=(6)r6c2 => r5c4<>6").unwrap_err();
        assert!(
            matches!(
                e,
                EurekaError::Link {
                    link: 1,
                    column: 2,
                    ..
                }
            ),
            "{e}"
        );
        let e = parse_eureka("(6)r4c4=(6)r4c1=(6)r6c2=(6)r6c3 => r5c4<>6").unwrap_err();
        assert!(
            matches!(&e, EurekaError::Link { link: 2, column: 10, text, .. } if text == "(6)r4c1=(6)r6c2"),
            "{e}"
        );
        let e = parse_eureka("(6)r4c4=(6)r4c1-(6)r6c2 => r5c4<>6").unwrap_err();
        assert!(matches!(e, EurekaError::Syntax { column: 18, .. }), "{e}");
    }

    #[test]
    fn malformed_text_is_an_error_not_a_panic() {
        for text in [
            "",
            "(",
            "()r1c1",
            "(5)",
            "(5)r1",
            "(5)r1c1=(5)r1c2",
            "(5)r1c1=(5)r1c2 =>",
            "(5)r1c1=(5)r1c2 => r1c3",
            "(5)r1c1=(5)r1c2 => <>5",
            "(5)r1c1=(5)r1c2 => r1c3<>",
            "(5)r1c1=(5)r1c2 => r1c3=5",
            "(0)r1c1=(5)r1c2 => r1c3<>5",
            "(5)r0c1=(5)r1c2 => r1c3<>5",
            "(5)r1c1 * (5)r1c2 => r1c3<>5",
            "(5)r1c1=(5)r1c2 => -5",
            "(5)r1c1=(5)r1c2 => r1c3 -5 r1c4",
            "(5=)r1c1 => r1c3<>5",
            "AIC: => r1c1<>5",
        ] {
            assert!(parse_eureka(text).is_err(), "{text:?}");
        }
        assert!(matches!(
            parse_eureka("(5)r1c1=(5)r1c2 => r1c3=5"),
            Err(EurekaError::Conclusion { column: 20, .. })
        ));
    }

    proptest::proptest! {
        #[test]
        fn reading_never_panics(s in "\\PC{0,60}") {
            let _ = parse_eureka(&s);
        }

        #[test]
        fn reading_eureka_like_text_never_panics(
            s in "([(][0-9=-]{0,4}[)]r[0-9]{0,2}c[0-9]{0,2}[=-]?){0,5}(=>|==>)? ?(r[0-9]{1,2}c[0-9]{1,2}|<>|-|,| |[0-9]){0,8}"
        ) {
            if let Ok(chain) = parse_eureka(&s) {
                let _ = chain.to_proof(&State::empty());
            }
        }
    }
}
