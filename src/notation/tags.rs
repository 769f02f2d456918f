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
