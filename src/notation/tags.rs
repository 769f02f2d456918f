//! The tagging seed's forms (seed 004, gpenet): tag names (`A`/`a` … `Z`/`z`, then `£A`/`£a`,
//! `$A`, `&A`, `§A`, `%A`, and `#` once those run out) and the canonical form of an
//! alternate chain, `[] AB bC`: the weak links of an implication path between layers, each
//! written as the tag it leaves and the tag it reaches (`[] Aa` for a layer's own OR).
//!
//! A tag is a literal of our own tagging: `layer * 2 + parity` (0 upper case, 1 lower).
//! [`tag_chain_text`] prints a path; [`read_tag_chain`] reads the tag pairs back. The form
//! does not carry enough to rebuild the chain itself: a tag names a whole layer (every
//! group of one colour of a connected set of strong links), and a pair `AB` says only that
//! some A group is weakly linked to some B group, not which; the groups and the strong
//! links inside each layer have to be found again by tagging the state, which is a search,
//! not a reading. A proof carries its chain as nodes (`proof::aic`), with this text beside
//! it.

use crate::notation::lexer::{self, parse_all, PResult};
use crate::proof::tagging::{
    TagBranch, TagChoice, TagContradiction, TagLink, TagLiteral, TagPattern, TagStep,
};
use winnow::ascii::multispace1;
use winnow::combinator::{alt, opt, preceded, separated};
use winnow::token::one_of;
use winnow::Parser;

const PREFIXES: [&str; 6] = ["", "£", "$", "&", "§", "%"];

/// The seed's tag name of a layer's upper (`parity` 0) or lower (1) tag.
pub fn tag_name(layer: usize, parity: u8) -> String {
    let letter = (b'A' + (layer % 26) as u8) as char;
    let letter = if parity == 0 {
        letter
    } else {
        letter.to_ascii_lowercase()
    };
    let prefix = PREFIXES.get(layer / 26).copied().unwrap_or("#");
    format!("{prefix}{letter}")
}

/// The name of a tag literal (`layer * 2 + parity`).
pub fn literal_name(literal: usize) -> String {
    tag_name(literal / 2, (literal % 2) as u8)
}

/// `[] AB bC`: a path's weak links as (from, to) tag literals; with none, the start layer's
/// own OR `[] Aa`.
pub fn tag_chain_text(start: usize, pairs: &[(usize, usize)]) -> String {
    if pairs.is_empty() {
        return format!("[] {}{}", literal_name(start), literal_name(start ^ 1));
    }
    let pairs: Vec<String> = pairs
        .iter()
        .map(|&(a, b)| format!("{}{}", literal_name(a), literal_name(b)))
        .collect();
    format!("[] {}", pairs.join(" "))
}

/// One tag: an optional prefix and a letter, as a literal.
fn tag(i: &mut &str) -> PResult<usize> {
    let prefix = opt(alt(("£", "$", "&", "§", "%"))).parse_next(i)?;
    let letter: char = one_of(|c: char| c.is_ascii_alphabetic())
        .context(lexer::expected("a tag letter"))
        .parse_next(i)?;
    let block = prefix.map_or(0, |p| PREFIXES.iter().position(|&x| x == p).unwrap_or(0));
    let layer = block * 26 + (letter.to_ascii_uppercase() as u8 - b'A') as usize;
    Ok(layer * 2 + usize::from(letter.is_ascii_lowercase()))
}

/// Read `[] AB bC` back into its tag pairs (the tags it names; see the module doc for why
/// the chain itself cannot be rebuilt from them). `[] Aa` reads as the one pair (A, a).
pub fn read_tag_chain(text: &str) -> Result<Vec<(usize, usize)>, lexer::LexError> {
    parse_all(
        preceded(("[]", multispace1), separated(1.., (tag, tag), multispace1)),
        text,
    )
}

fn literal_text(t: &TagPattern, l: TagLiteral) -> String {
    format!("{}{}", t.nodes[l.node], if l.value { '+' } else { '-' })
}

fn cells_text(cells: &[crate::grid::Cell]) -> String {
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
            let cells: std::collections::BTreeSet<crate::grid::Cell> = members
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
