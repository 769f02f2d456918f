//! [Berthier 3D]'s 2007 forum notation (Berthier on Hagglund's hinge puzzle), read and printed:
//!
//! ```text
//! number 8 : column C4 interaction with block B8 ==> 8 eliminated from the candidates for R9C6
//! numbers 5 and 8 : naked-pairs-in-block B9: R7C7-R8C9 ==> 5 eliminated from the candidates for
//! R9C9
//! number 1 : xy-wing on cells R1C2*, R3C3 and R3C8* with numbers 1, 8 and 5 ==> 1 eliminated from
//! the candidates for R1C9
//! nrc2-chain N8R1{C2 C9} - N8{R8 R7}C9 ==> 8 eliminated from the candidates for R7C2
//! ```
//!
//! The digits named first (`number 8 :`, `numbers 5 and 8 :`), conclusions in words,
//! upper-case cells, subsets by their cells listed, wings by their cells with the pincers
//! starred. The reader is the nrc reader ([`super::nrc::basic`], [`super::nrc::chain`])
//! with the pieces here; the digits named first must agree with the conclusions.
//! [`forum2007_text`] prints a step this way for the rules the 2007 posts used (singles,
//! interactions, subsets, XY-wings, chains); other rules have no 2007 form.

pub mod read;

use crate::shown::Shown;
pub use read::expand_eliminated;
use sudolink_engine::grid::{Candidate, Cell, Digit, House, State};
use sudolink_engine::proof::{on_pattern, Proof};

/// `number 8`, `numbers 5 and 8`, `numbers 1, 8 and 5`.
fn numbers(digits: &[Digit]) -> String {
    let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    match &ds[..] {
        [d] => format!("number {d}"),
        [init @ .., last] => format!("numbers {} and {last}", init.join(", ")),
        [] => String::new(),
    }
}

/// `R9C6`.
pub(crate) fn upper(cell: Cell) -> String {
    cell.to_string().to_ascii_uppercase()
}

pub(crate) fn upper_house(h: House) -> String {
    h.to_string().to_ascii_uppercase()
}

/// The conclusions as the 2007 posts write them: `R8C4 = 9`, `8 eliminated from the
/// candidates for R9C6, R8C6 and R7C6` (one phrase per run of one digit, in the proof's
/// order, joined by `;`).
pub fn conclusions_in_words(proof: &Proof) -> String {
    let mut parts: Vec<String> = proof
        .assertions
        .iter()
        .map(|c| format!("{} = {}", upper(c.cell()), c.digit()))
        .collect();
    for run in proof
        .eliminations
        .chunk_by(|a: &Candidate, b: &Candidate| a.digit() == b.digit())
    {
        let cells: Vec<String> = run.iter().map(|c| upper(c.cell())).collect();
        let cells = match &cells[..] {
            [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
            _ => cells.join(""),
        };
        parts.push(format!(
            "{} eliminated from the candidates for {cells}",
            run[0].digit()
        ));
    }
    parts.join("; ")
}

/// The step in the 2007 forum notation, for the rules its posts used (singles,
/// interactions, subsets, fish, XY/XYZ-wings and chains); `None` for other rules.
pub fn forum2007_text(state: &State, proof: &Proof) -> Option<String> {
    on_pattern!(&proof.pattern, x => x.forum2007(state, proof))
}

/// A step with its digits named first and its conclusions in words: `numbers 5 and 8 :
/// <pattern> ==> 5 eliminated from the candidates for R9C9`.
pub(crate) fn numbered(proof: &Proof, digits: &[Digit], pattern: &str) -> String {
    format!(
        "{} : {pattern} ==> {}",
        numbers(digits),
        conclusions_in_words(proof)
    )
}

/// An nrc text with its body upper-cased, as the 2007 posts wrote cells: `swordfish-in-rows
/// N3{R1 R5}{C2 C7}`.
pub(crate) fn upper_body(nrc: &str) -> Option<String> {
    let (rule, body) = nrc.split_once(' ')?;
    Some(format!("{rule} {}", body.to_ascii_uppercase()))
}

/// A subset: `naked-pairs-in-block B9: R7C7-R8C9`.
pub(crate) fn subset_form(naked: bool, house: House, cells: &[Cell]) -> String {
    let listed: Vec<String> = cells.iter().map(|&c| upper(c)).collect();
    format!(
        "{}-{}-in-{} {}: {}",
        if naked { "naked" } else { "hidden" },
        sudolink_engine::proof::subset_name(cells.len()),
        house.kind_name(),
        upper_house(house),
        listed.join("-")
    )
}

/// A wing with its pincers starred: `xy-wing on cells R1C2*, R3C3 and R3C8* with numbers
/// 1, 8 and 5`; none when a pincer has no other digit.
pub(crate) fn wing_form(
    state: &State,
    proof: &Proof,
    pivot: Cell,
    pincers: [Cell; 2],
    z: Digit,
) -> Option<String> {
    let digits_of = |c: Cell| -> Vec<Digit> {
        Digit::all()
            .filter(|&d| state.has(Candidate::new(c, d)) && d != z)
            .collect()
    };
    let x = digits_of(pincers[0]).first().copied()?;
    let y = digits_of(pincers[1]).first().copied()?;
    Some(numbered(
        proof,
        &[z],
        &format!(
            "{} on cells {}*, {} and {}* with numbers {z}, {x} and {y}",
            proof.rule,
            upper(pincers[0]),
            upper(pivot),
            upper(pincers[1])
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nrc::basic::{read_basic_step, read_basic_steps, read_conclusions};
    use sudolink_engine::proof::Pattern;

    /// [Berthier 3D]'s 2007 forum notation (Hagglund's hinge puzzle).
    #[test]
    fn reads_the_2007_forum_forms() {
        let ps = read_basic_steps(
            "`number 8 : column C4 interaction with block B8` ==> 8 eliminated from the candidates for R9C6",
        )
        .unwrap();
        assert!(
            matches!(&ps[..], [p] if matches!(p.pattern, Pattern::Interaction {
            house: House::Column(3), into: House::Block(7), .. })
            && p.eliminations[0].to_string() == "n8r9c6")
        );
        let p = read_basic_step("number 9 : hidden-single-in-row R8 ==> R8C4 = 9").unwrap();
        assert!(matches!(
            p.pattern,
            Pattern::HiddenSingle {
                house: House::Row(7),
                ..
            }
        ));
        let p = read_basic_step("number 8 : naked-single ==> R9C4 = 8").unwrap();
        assert_eq!(p.assertions[0].to_string(), "n8r9c4");
        let p = read_basic_step(
            "numbers 5 and 8 : naked-pairs-in-block B9: R7C7-R8C9 ==> 5 eliminated from the candidates for R9C9",
        )
        .unwrap();
        assert!(
            matches!(&p.pattern, Pattern::NakedSubset { house: House::Block(8), cells, digits }
            if cells == &[Cell::at(6, 6), Cell::at(7, 8)]
                && digits.iter().map(|d| d.get()).collect::<Vec<_>>() == [5, 8])
        );
        let p = read_basic_step(
            "number 1 : xy-wing on cells R1C2*, R3C3 and R3C8* with numbers 1, 8 and 5 ==> 1 eliminated from the candidates for R1C9",
        )
        .unwrap();
        assert!(matches!(p.pattern, Pattern::XyWing { pivot, pincers, z }
            if pivot == Cell::at(2, 2) && pincers == [Cell::at(0, 1), Cell::at(2, 7)] && z.get() == 1));
    }

    #[test]
    fn eliminated_in_words() {
        let (e, a) =
            read_conclusions("8 eliminated from the candidates for R9C6, R8C6 and R7C6").unwrap();
        assert_eq!(e.len(), 3);
        assert!(a.is_empty());
        assert!(e.iter().all(|c| c.digit().get() == 8));
        let (e, _) = read_conclusions(
            "8 eliminated from the candidates for R9C6; 5 eliminated from the candidates for r1c1",
        )
        .unwrap();
        assert_eq!(
            e.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            ["n8r9c6", "n5r1c1"]
        );
        assert!(read_conclusions("eliminated from the candidates for R9C6").is_err());
        assert!(read_conclusions("8 eliminated from the candidates for nothing").is_err());
    }

    #[test]
    fn the_2007_forms_must_agree_with_the_numbers_they_name() {
        // the digit named first is not the one concluded
        assert!(read_basic_step("number 7 : hidden-single-in-row R8 ==> R8C4 = 9").is_err());
        assert!(read_basic_steps(
            "number 5 : column C4 interaction with block B8 ==> 8 eliminated from the candidates for R9C6"
        )
        .is_err());
        // a subset whose house is not the one named, or not of the rule's kind
        assert!(read_basic_step(
            "numbers 5 and 8 : naked-pairs-in-block R7: R7C7-R8C9 ==> r9c9 <> 5"
        )
        .is_err());
        // a wing with one star, or four cells
        assert!(
            read_basic_step("number 1 : xy-wing on cells R1C2*, R3C3 and R3C8 ==> r1c9 <> 1")
                .is_err()
        );
        assert!(read_basic_step(
            "number 1 : xy-wing on cells R1C2*, R3C3, R4C4 and R3C8* ==> r1c9 <> 1"
        )
        .is_err());
        assert!(read_basic_step("number : naked-single ==> R9C4 = 8").is_err());
    }

    proptest::proptest! {
        #[test]
        fn reading_2007_like_text_never_panics(
            s in "`?(numbers? [0-9]( and [0-9])? ?:)? ?(naked-pairs-in-block|xy-wing on cells|column|hidden-single-in-row)? ?([RCBrcb][0-9]{0,2}|[RCrc][0-9]C[0-9]\\*?|, | and |-|:){0,6} ==> ([0-9] eliminated from the candidates for|R[0-9]C[0-9]|=|<>|,| |[0-9]){0,8}"
        ) {
            let _ = read_basic_steps(&s);
        }
    }
}
