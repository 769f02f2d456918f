//! Printing proofs as HoDoKu's solution steps print them, for the techniques HoDoKu has:
//! `Naked Pair: 1,7 in r6c2,r6c9 => r6c8<>7`, `Swordfish: 3 c267 r167 => r7c9<>3`,
//! `ALS-XZ: A=r4c3 {259}, B=r5c12 {2589}, X=5, Z=2 => r5c3<>2`,
//! `Sashimi Swordfish: 4 c159 r247 fr1c9 => r2c8<>4`. Users comparing with HoDoKu read
//! these beside our own notation; techniques HoDoKu does not have print nothing here.

use super::{als, assistant, Pattern, Proof};
use crate::grid::{Cell, Digit, House, State};

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

fn size_word(n: usize) -> &'static str {
    match n {
        2 => "Pair",
        3 => "Triple",
        _ => "Quadruple",
    }
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

fn conclusions(proof: &Proof) -> String {
    let mut parts: Vec<String> = proof.assertions.iter().map(|c| c.assertion()).collect();
    parts.extend(proof.eliminations.iter().map(|c| c.elimination()));
    parts.join(", ")
}

/// The pattern part HoDoKu prints for a basic pattern, if it has one.
fn basic_pattern(pattern: &Pattern) -> Option<String> {
    Some(match pattern {
        Pattern::NakedSingle { .. } => "Naked Single".to_string(),
        Pattern::HiddenSingle { .. } => "Hidden Single".to_string(),
        Pattern::Interaction { digit, house, .. } => match house {
            House::Block(_) => format!("Locked Candidates Type 1 (Pointing): {digit} in {house}"),
            _ => format!("Locked Candidates Type 2 (Claiming): {digit} in {house}"),
        },
        Pattern::NakedSubset {
            cells: cs,
            digits: ds,
            ..
        } if (2..=4).contains(&cs.len()) => {
            format!(
                "Naked {}: {} in {}",
                size_word(cs.len()),
                digits(ds),
                cells(cs)
            )
        }
        Pattern::HiddenSubset {
            cells: cs,
            digits: ds,
            ..
        } if (2..=4).contains(&cs.len()) => {
            format!(
                "Hidden {}: {} in {}",
                size_word(cs.len()),
                digits(ds),
                cells(cs)
            )
        }
        Pattern::Fish { digit, base, cover } => {
            format!(
                "{}: {digit} {} {}",
                fish_word(base.len()),
                lines(base),
                lines(cover)
            )
        }
        Pattern::XyWing { pivot, pincers, z } => {
            format!(
                "XY-Wing: {z} in {}",
                cells(&[*pivot, pincers[0], pincers[1]])
            )
        }
        Pattern::XyzWing { pivot, pincers, z } => {
            format!(
                "XYZ-Wing: {z} in {}",
                cells(&[*pivot, pincers[0], pincers[1]])
            )
        }
        _ => return None,
    })
}

/// The whole step as HoDoKu prints it, or None for a technique HoDoKu does not have.
pub fn hodoku_text(state: &State, proof: &Proof) -> Option<String> {
    match &proof.pattern {
        Pattern::Als(a) => Some(als::hodoku_text(proof, a)),
        Pattern::SueDeCoq(s) => Some(als::sue_de_coq_hodoku(state, proof, s)),
        Pattern::GridAls(g) => Some(assistant::grid_als_hodoku(state, proof, g)),
        Pattern::BentSubset(b) => assistant::hodoku_text(proof, b),
        Pattern::GridLock(g) => {
            basic_pattern(&g.form).map(|p| format!("{p} => {}", conclusions(proof)))
        }
        Pattern::NakedSingle { .. } | Pattern::HiddenSingle { .. } => {
            basic_pattern(&proof.pattern).map(|p| format!("{p}: {}", conclusions(proof)))
        }
        other => basic_pattern(other).map(|p| format!("{p} => {}", conclusions(proof))),
    }
}
