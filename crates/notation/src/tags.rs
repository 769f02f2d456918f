//! The tagging seed's forms ([gpenet tagging], gpenet): tag names (`A`/`a` … `Z`/`z`, then
//! `£A`/`£a`,
//! `$A`, `&A`, `§A`, `%A`, and `#` once those run out) and the canonical form of an
//! alternate chain, `[] AB bC`: the weak links of an implication path between layers, each
//! written as the tag it leaves and the tag it reaches (`[] Aa` for a layer's own OR).
//!
//! Readers for what the seed and we print: [`read_tagged_grid`] (the `[code]` grid,
//! `1||23a8b _____ 24t8B_ |3A46j …`, each candidate followed by its tag; the seed's forum
//! lines, which drop a row's trailing solved cells, read too), [`read_extension_header`]
//! (level 3's `#[2] 1r5c4/8r4c7 |*r4c3 r5c3`, the seed's `#[] 1r5c4/8r4c7`) and
//! [`read_extended_link`] (a link where a chain uses it: `1r5c4/8r4c7|#`,
//! `[]1(r6c4;r5c4 r7c4)/1r4c2|#`). Errors carry the column (and, for a grid, the line).
//!
//! A tag is a literal of our own tagging: `layer * 2 + parity` (0 upper case, 1 lower).
//! [`tag_chain_text`] prints a path; [`read_tag_chain`] reads the tag pairs back. The form
//! does not carry enough to rebuild the chain itself: a tag names a whole layer (every
//! group of one colour of a connected set of strong links), and a pair `AB` says only that
//! some A group is weakly linked to some B group, not which; the groups and the strong
//! links inside each layer have to be found again by tagging the state, which is a search,
//! not a reading. A proof carries its chain as nodes (`proof::aic`), with this text beside
//! it.

use crate::shown::Shown;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::lexer::{self, parse_all, PResult};
use sudolink_engine::grid::State;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House};
use sudolink_engine::proof::aic::{AicConclusion, AicNode, AicPattern};
use sudolink_engine::proof::tagging::TagNode;
use sudolink_engine::proof::tagging::{
    TagBranch, TagChoice, TagContradiction, TagLink, TagLiteral, TagPattern, TagStep,
};
use sudolink_engine::proof::Proof;
use winnow::ascii::{multispace0, multispace1};
use winnow::combinator::{alt, delimited, opt, preceded, repeat, separated};
use winnow::token::one_of;
use winnow::Parser;

use sudolink_engine::proof::tagging::TAG_PREFIXES as PREFIXES;
pub use sudolink_engine::proof::tagging::{literal_name, tag_chain_text, tag_name};

/// The seed's `[code]` grid: each row `1||…`, each candidate followed by its tag (`tag_of`),
/// cells padded with `_` to one width, ` |` between boxes.
pub fn tagged_grid_text(links: &LinkIndex, tag_of: impl Fn(Candidate) -> Option<String>) -> String {
    let cell_text = |cell: Cell| -> String {
        links
            .variable(CspVariable::Rc(cell))
            .iter()
            .map(|c| format!("{}{}", c.digit(), tag_of(c).unwrap_or_default()))
            .collect()
    };
    let width = Cell::all()
        .map(|c| cell_text(c).chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut out = String::new();
    for r in 0..9 {
        out.push_str(&format!("{}||", r + 1));
        for c in 0..9 {
            let text = cell_text(Cell::at(r, c));
            let pad = width - text.chars().count();
            out.push_str(&text);
            out.push_str(&"_".repeat(pad));
            out.push(if c == 8 {
                '\n'
            } else if c % 3 == 2 {
                '|'
            } else {
                ' '
            });
            if c % 3 == 2 && c < 8 {
                // the seed writes " |" between boxes
                out.insert(out.len() - 1, ' ');
            }
        }
    }
    out
}

/// One tag: an optional prefix and a letter, as a literal.
fn tag(i: &mut &str) -> PResult<usize> {
    let block = opt(alt((
        alt(("£", "$", "&", "§", "%"))
            .map(|p: &str| PREFIXES.iter().position(|&x| x == p).unwrap_or(0)),
        repeat(1.., '#').map(|n: usize| PREFIXES.len() - 1 + n),
    )))
    .parse_next(i)?
    .unwrap_or(0);
    let letter: char = one_of(|c: char| c.is_ascii_alphabetic())
        .context(lexer::expected("a tag letter"))
        .parse_next(i)?;
    let layer = block * 26 + (letter.to_ascii_uppercase() as u8 - b'A') as usize;
    Ok(layer * 2 + usize::from(letter.is_ascii_lowercase()))
}

/// One cell of the seed's tagged pencil-mark grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaggedCell {
    /// All `_` (or left out at the end of a row, as the seed's forum lines do).
    Solved,
    /// Its candidates in order, each with its tag literal (`layer * 2 + parity`) if any.
    Open(Vec<(Digit, Option<usize>)>),
}

/// The seed's `[code]` grid read back: 81 cells, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaggedGrid {
    pub cells: Vec<TaggedCell>,
}

impl TaggedGrid {
    /// The open candidates the grid lists.
    pub fn candidates(&self) -> impl Iterator<Item = (Candidate, Option<usize>)> + '_ {
        self.cells.iter().enumerate().flat_map(|(k, c)| {
            let list: &[(Digit, Option<usize>)] = match c {
                TaggedCell::Solved => &[],
                TaggedCell::Open(l) => l,
            };
            list.iter()
                .map(move |&(d, t)| (Candidate::new(Cell::new(k), d), t))
        })
    }
}

/// What is wrong with a tagged grid: where (1-based line, and the column inside it) and
/// what was expected, or a row missing or given twice.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TagGridError {
    #[error("line {line}, {error}")]
    Syntax {
        line: usize,
        #[source]
        error: lexer::LexError,
    },
    #[error("row {0} is missing")]
    MissingRow(usize),
    #[error("line {line}: row {row} is given twice")]
    RepeatedRow { line: usize, row: usize },
}

/// A cell of a tagged row: `_` padding alone (solved), or candidates each followed by its
/// tag, then padding.
fn tagged_cell(i: &mut &str) -> PResult<TaggedCell> {
    alt((
        (
            repeat(1.., (lexer::digit, opt(tag))),
            repeat(0.., '_').map(|()| ()),
        )
            .map(|(list, ())| TaggedCell::Open(list)),
        repeat(1.., '_').map(|()| TaggedCell::Solved),
    ))
    .context(lexer::expected("a cell: candidates with their tags, or _"))
    .parse_next(i)
}

/// `r6||` or `6||`: the row (0-based).
fn row_head(i: &mut &str) -> PResult<usize> {
    (opt(lexer::letter('r')), lexer::index, "||")
        .map(|(_, r, _)| r as usize)
        .context(expected_row())
        .parse_next(i)
}

fn expected_row() -> winnow::error::StrContext {
    lexer::expected("a row head such as 1|| or r6||")
}

/// One row of the seed's `[code]` grid, `1||23a8b _____ 24t8B_ |3A46j …` (the seed's
/// `r6||12467 125 4567 |_ _ 45 |4567 _ 12467` too): its row (0-based) and nine cells;
/// cells left out at the end are solved (the seed's forum lines drop them).
pub fn read_tagged_row(text: &str) -> Result<(usize, Vec<TaggedCell>), lexer::LexError> {
    let separator = alt(((multispace1, opt('|')).void(), '|'.void()));
    let (row, mut cells): (usize, Vec<TaggedCell>) = parse_all(
        (
            row_head,
            separated(1..=9, tagged_cell, separator),
            opt('|').void(),
        )
            .map(|(r, cells, ())| (r, cells)),
        text.trim().trim_matches('`'),
    )?;
    cells.resize(9, TaggedCell::Solved);
    Ok((row, cells))
}

/// The seed's `[code]` grid (our [`tagged_grid_text`], or the
/// seed's own lines): nine rows, each once, in any order; lines without `||` are skipped.
pub fn read_tagged_grid(text: &str) -> Result<TaggedGrid, TagGridError> {
    let mut rows: Vec<Option<Vec<TaggedCell>>> = vec![None; 9];
    for (k, line) in text.lines().enumerate() {
        if !line.contains("||") {
            continue;
        }
        let (row, cells) =
            read_tagged_row(line).map_err(|error| TagGridError::Syntax { line: k + 1, error })?;
        if rows[row].is_some() {
            return Err(TagGridError::RepeatedRow {
                line: k + 1,
                row: row + 1,
            });
        }
        rows[row] = Some(cells);
    }
    let mut cells = Vec::with_capacity(81);
    for (r, row) in rows.into_iter().enumerate() {
        cells.extend(row.ok_or(TagGridError::MissingRow(r + 1))?);
    }
    Ok(TaggedGrid { cells })
}

/// Read `[] AB bC` back into its tag pairs (the tags it names; see the module doc for why
/// the chain itself cannot be rebuilt from them). `[] Aa` reads as the one pair (A, a).
pub fn read_tag_chain(text: &str) -> Result<Vec<(usize, usize)>, lexer::LexError> {
    parse_all(
        preceded(("[]", multispace1), separated(1.., (tag, tag), multispace1)),
        text,
    )
}

/// A node as the seed writes one in a weak link: `1r5c4`, `1(r5c4 r6c4 r7c4)`, or with one
/// component stressed by `;` after it, `1(r6c4;r5c4 r7c4)` (the seed's "group
/// simplification").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadNode {
    pub node: TagNode,
    pub stressed: Option<Cell>,
}

/// An extended weak link as level 3 prints it: `1r5c4/8r4c7` (a weak link), `1r5c4
/// forced false` (a forced tag), `2r2c7+ => 3r3c1-` (any other implication).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtendedLink {
    Weak(ReadNode, ReadNode),
    Forced(ReadNode, bool),
    Implies((ReadNode, bool), (ReadNode, bool)),
}

/// Where a link comes from: `|*r4c3 r5c3` (an almost cell, or `|*r4c3` a cell), `|*7 in
/// r4` (a digit's places in a house), `|#` or `|#2'` (an extended link, by its lemma
/// number, `'` for its contrapositive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkSource {
    Cells(Vec<Cell>),
    House(Digit, House),
    Lemma {
        index: Option<usize>,
        contrapositive: bool,
    },
}

/// A level-3 header, `#[2] 1r5c4/8r4c7 |*r4c3 r5c3` (ours) or the seed's `#[]
/// 1r5c4/8r4c7`, `# [] 1(r5c4 r6c4 r7c4)/1r4c2`: the lemma's number (1-based, none in
/// the seed's), the link and its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtensionHeader {
    pub index: Option<usize>,
    pub link: ExtendedLink,
    pub source: Option<LinkSource>,
}

fn number(i: &mut &str) -> PResult<usize> {
    winnow::ascii::dec_uint::<_, u32, _>
        .map(|n| n as usize)
        .parse_next(i)
}

fn read_node(i: &mut &str) -> PResult<ReadNode> {
    let group = (
        lexer::digit,
        '(',
        multispace0,
        lexer::cell,
        alt((
            delimited(multispace0, ';', multispace0).value(true),
            multispace1.value(false),
        )),
        separated(1.., lexer::cell, multispace1),
        multispace0,
        ')',
    )
        .map(
            |(digit, _, _, first, semi, rest, _, _): (_, _, _, Cell, bool, Vec<Cell>, _, _)| {
                let mut cells = vec![first];
                cells.extend(rest);
                cells.sort();
                ReadNode {
                    node: TagNode { digit, cells },
                    stressed: semi.then_some(first),
                }
            },
        );
    alt((
        group,
        lexer::candidate_digit_first.map(|c| ReadNode {
            node: TagNode {
                digit: c.digit(),
                cells: vec![c.cell()],
            },
            stressed: None,
        }),
    ))
    .context(lexer::expected("a node 1r5c4 or 1(r5c4 r6c4)"))
    .parse_next(i)
}

fn read_literal(i: &mut &str) -> PResult<(ReadNode, bool)> {
    (read_node, one_of(['+', '-']))
        .map(|(n, s)| (n, s == '+'))
        .parse_next(i)
}

fn extended_link(i: &mut &str) -> PResult<ExtendedLink> {
    alt((
        (read_literal, multispace0, "=>", multispace0, read_literal)
            .map(|(a, _, _, _, b)| ExtendedLink::Implies(a, b)),
        (read_node, '/', read_node).map(|(a, _, b)| ExtendedLink::Weak(a, b)),
        (
            read_node,
            multispace1,
            "forced",
            multispace1,
            alt(("true".value(true), "false".value(false))),
        )
            .map(|(n, _, _, _, v)| ExtendedLink::Forced(n, v)),
    ))
    .context(lexer::expected("a link 1r5c4/8r4c7"))
    .parse_next(i)
}

fn link_source(i: &mut &str) -> PResult<LinkSource> {
    preceded(
        '|',
        alt((
            preceded(
                '*',
                alt((
                    (lexer::digit, multispace1, "in", multispace1, lexer::house)
                        .map(|(d, _, _, _, h)| LinkSource::House(d, h)),
                    separated(1.., lexer::cell, multispace1).map(LinkSource::Cells),
                )),
            ),
            preceded('#', (opt(number), opt('\''))).map(|(n, q)| LinkSource::Lemma {
                index: n.map(|n| n.saturating_sub(1)),
                contrapositive: q.is_some(),
            }),
        )),
    )
    .context(lexer::expected("a source |*r4c3 r5c3, |*7 in r4 or |#"))
    .parse_next(i)
}

/// Read a level-3 header line: `#[2] 1r5c4/8r4c7 |*r4c3 r5c3`, the seed's `#[]
/// 1r5c4/8r4c7` or `# [] 1(r5c4 r6c4 r7c4)/1r4c2`.
pub fn read_extension_header(text: &str) -> Result<ExtensionHeader, lexer::LexError> {
    parse_all(
        (
            '#',
            multispace0,
            '[',
            opt(number),
            ']',
            multispace0,
            extended_link,
            opt(preceded(multispace0, link_source)),
        )
            .map(|(_, _, _, n, _, _, link, source)| ExtensionHeader {
                index: n.map(|n: usize| n.saturating_sub(1)),
                link,
                source,
            }),
        text,
    )
}

/// Read an extended link where a chain uses it, as the seed writes it: `1r5c4/8r4c7|#`,
/// `2(r4c3 r5c3)/9(r4c3 r5c3)|*r4c3 r5c3`, `[]1(r6c4;r5c4 r7c4)/1r4c2|#`.
pub fn read_extended_link(
    text: &str,
) -> Result<(ExtendedLink, Option<LinkSource>), lexer::LexError> {
    parse_all(
        (
            opt(("[]", multispace0)),
            extended_link,
            opt(preceded(multispace0, link_source)),
        )
            .map(|(_, link, source)| (link, source)),
        text,
    )
}

/// The seed's classic form of an alternate chain: its groups with `_` for a strong link and
/// `/` for a weak one (`2r2c7_2r3c7/2r3c1_…`), as read "when we get out of the basic
/// tagging". An `Ends` chain starts and ends with a strong link; a `Loop` starts weak and
/// closes on its first group; a `Continuous` loop starts strong and closes weakly.
pub fn classic_chain_text(a: &AicPattern) -> String {
    let mut out = String::new();
    let strong_first = !matches!(a.conclusion, AicConclusion::Loop);
    for (k, n) in a.nodes.iter().enumerate() {
        if k > 0 {
            out.push(if (k % 2 == 1) == strong_first {
                '_'
            } else {
                '/'
            });
        }
        out.push_str(&aic_node_text(n));
    }
    if !matches!(a.conclusion, AicConclusion::Ends) {
        out.push('/');
        out.push_str(&aic_node_text(&a.nodes[0]));
    }
    out
}

fn aic_node_text(n: &AicNode) -> String {
    TagNode {
        digit: n.digit,
        cells: n.cells.clone(),
    }
    .to_string()
}

/// A chain in the classic form, read back: the seed's start point before `==` (same tag as
/// the chain's first group, `1r2c3==2r2c7/.._..`) if any, the groups, and each link
/// (`true` strong `_`, `false` weak `/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicChain {
    pub start: Option<TagNode>,
    pub nodes: Vec<TagNode>,
    pub strong: Vec<bool>,
}

/// Read the classic form, `1r2c3==2r2c7/2r3c7_2(r3c1 r3c2)`.
pub fn read_classic_chain(text: &str) -> Result<ClassicChain, lexer::LexError> {
    let link = alt(('_'.value(true), '/'.value(false)));
    parse_all(
        (
            opt((read_node, "==").map(|(n, _)| n.node)),
            read_node,
            repeat(0.., (link, read_node)),
        )
            .map(
                |(start, first, rest): (_, ReadNode, Vec<(bool, ReadNode)>)| {
                    let mut nodes = vec![first.node];
                    let mut strong = Vec::new();
                    for (s, n) in rest {
                        strong.push(s);
                        nodes.push(n.node);
                    }
                    ClassicChain {
                        start,
                        nodes,
                        strong,
                    }
                },
            ),
        text,
    )
}

fn literal_text(t: &TagPattern, l: TagLiteral) -> String {
    format!("{}{}", t.nodes[l.node], if l.value { '+' } else { '-' })
}

fn cells_text(cells: &[sudolink_engine::grid::Cell]) -> String {
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One inference in the seed's spirit: `/` a weak link, `_` a strong link (or a choice's
/// last member), `<` within a group, `|*r4c3 r5c3` the almost cell (ALS) it goes through,
/// `|#2` an earlier lemma (`|#2'` as its contrapositive).
fn step_text(t: &TagPattern, s: &TagStep) -> String {
    let premises: Vec<String> = s.premises.iter().map(|&p| literal_text(t, p)).collect();
    let link = match &s.link {
        TagLink::Weak => "/".to_string(),
        TagLink::Strong { .. } => "_".to_string(),
        TagLink::Within => "<".to_string(),
        TagLink::AlsLock { cells, .. } | TagLink::AlsFull { cells, .. } => {
            format!("|*{}", cells_text(cells))
        }
        TagLink::Lemma {
            index,
            contrapositive,
        } => format!("|#{}{}", index + 1, if *contrapositive { "'" } else { "" }),
        TagLink::Choice { choice, members } => choice_source(t, choice, members),
    };
    format!(
        "{} {link} {}",
        premises.join(" "),
        literal_text(t, s.conclusion)
    )
}

/// Where an extended weak link comes from, as the seed marks it: `|*r4c3 r5c3` for an
/// almost cell (its cells), `|*r4c3` for a cell (the simplest AC), `|*7 in r4` for a
/// digit's places in a house.
fn choice_source(t: &TagPattern, choice: &TagChoice, members: &[TagBranch]) -> String {
    match choice {
        TagChoice::Cell { cell } => format!("|*{cell}"),
        TagChoice::House { house, digit } => format!("|*{digit} in {house}"),
        TagChoice::AlmostCell { .. } => {
            let cells: std::collections::BTreeSet<sudolink_engine::grid::Cell> = members
                .iter()
                .flat_map(|m| t.nodes[m.assumption.node].cells.iter().copied())
                .collect();
            format!("|*{}", cells_text(&cells.into_iter().collect::<Vec<_>>()))
        }
    }
}

/// A level-3 lemma, the seed's `#[] 1r5c4/8r4c7 |*r4c3 r5c3` followed by its chains (one
/// per member of the choice, each ending in one end of the weak link); a forced tag (both
/// ends the same) as `#[] 1r5c4 forced false`.
fn extension_lines(t: &TagPattern, k: usize, b: &TagBranch) -> Option<Vec<String>> {
    let [s] = &b.steps[..] else { return None };
    let TagLink::Choice { choice, members } = &s.link else {
        return None;
    };
    let (from, to) = (b.assumption, s.conclusion);
    let link = if from.node == to.node && from.value != to.value {
        format!(
            "{} forced {}",
            t.nodes[from.node],
            if to.value { "true" } else { "false" }
        )
    } else if from.value && !to.value {
        format!("{}/{}", t.nodes[from.node], t.nodes[to.node])
    } else {
        format!("{} => {}", literal_text(t, from), literal_text(t, to))
    };
    let mut lines = vec![format!(
        "#[{}] {link} {}",
        k + 1,
        choice_source(t, choice, members)
    )];
    for m in members {
        let steps: Vec<String> = m.steps.iter().map(|s| step_text(t, s)).collect();
        let last = m.steps.last().map_or(String::new(), |s| {
            format!(" => {}", literal_text(t, s.conclusion))
        });
        lines.push(format!(
            "  {}: {}{last}",
            literal_text(t, m.assumption),
            steps.join("; ")
        ));
    }
    Some(lines)
}

/// A level-2 or level-3 clearing: each lemma as `#[1] a => b: steps` (a level-3 weak link
/// as `#[2] 1r5c4/8r4c7 |*r4c3 r5c3` and its chains), then the refutation
/// `[] target+: steps => contradiction`, inferences separated by `;`.
pub fn tag2_text(t: &TagPattern) -> String {
    let mut lines = Vec::new();
    for (k, b) in t.branches.iter().enumerate() {
        if k + 1 < t.branches.len() {
            if let Some(ext) = extension_lines(t, k, b) {
                lines.extend(ext);
                continue;
            }
        }
        let steps: Vec<String> = b.steps.iter().map(|s| step_text(t, s)).collect();
        let head = if k + 1 < t.branches.len() {
            let last = b.steps.last().map(|s| literal_text(t, s.conclusion));
            format!(
                "#[{}] {} => {}:",
                k + 1,
                literal_text(t, b.assumption),
                last.unwrap_or_default()
            )
        } else {
            format!("[] {}:", literal_text(t, b.assumption))
        };
        let end = if k + 1 == t.branches.len() {
            match &t.contradiction {
                TagContradiction::Both { node } => format!(" => {} both", t.nodes[*node]),
                TagContradiction::Empty { house, cell, digit } => match (house, cell, digit) {
                    (Some(h), _, Some(d)) => format!(" => no {d} in {h}"),
                    (_, Some(c), _) => format!(" => {c} empty"),
                    _ => " => empty".to_string(),
                },
            }
        } else {
            String::new()
        };
        lines.push(format!("{head} {}{end}", steps.join("; ")));
    }
    if let Some(tags) = &t.tags {
        lines.push(tags.clone());
    }
    lines.join("\n")
}

impl Shown for TagPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        tag2_text(self)
    }
    fn dialect(&self) -> &'static str {
        "tags (gpenet)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_chains_round_trip() {
        assert_eq!(tag_name(0, 0), "A");
        assert_eq!(tag_name(27, 1), "£b");
        let pairs = [(0, 2), (3, 4), (54, 1)];
        let text = tag_chain_text(0, &pairs);
        assert_eq!(text, "[] AB bC £Ba");
        assert_eq!(read_tag_chain(&text).unwrap(), pairs);
        assert_eq!(read_tag_chain("[] Aa").unwrap(), [(0, 1)]);
        assert!(read_tag_chain("[] A").is_err());
    }

    proptest::proptest! {
        #[test]
        fn printed_pairs_read_back(pairs in proptest::collection::vec((0usize..300, 0usize..300), 1..6)) {
            let text = tag_chain_text(0, &pairs);
            proptest::prop_assert_eq!(read_tag_chain(&text).unwrap(), pairs);
        }

        #[test]
        fn reading_never_panics(s in "\\PC{0,40}") {
            let _ = read_tag_chain(&s);
        }
    }
}
