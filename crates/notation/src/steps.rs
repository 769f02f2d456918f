//! Reading a written resolution path: splitting its text into steps (lost dashes and line
//! breaks tolerated, `#` comments dropped), telling a singles summary from a step, and
//! reading each step in whichever notation it is written — Eureka, SudoRules' modern
//! notation, Berthier's nrc chains and lassos, or a basic step ([Berthier 3D]'s 2007 forms
//! included). Replaying the steps on a state is `study::path`'s.

use super::nrc::basic::{read_basic_steps, squash};
use super::nrc::chain;
use super::{eureka, sudorules};
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;
use thiserror::Error;

/// Does this word start a step? Rule names (dashes optional), house tokens (`r3
/// interaction with b2`), `interaction`, `number(s)`, and parenthesised summaries such as
/// `(NS+HS)`, `(45 NS)` or `…(Naked Singles)…`.
fn starts_step(word: &str) -> bool {
    // a Eureka chain running over several lines goes on with a link
    if word.starts_with(['-', '=']) {
        return false;
    }
    // [Berthier 3D] prints its closing summary as `…(Naked Singles)…`
    let w = squash(word.trim_start_matches(['…', '.']));
    if w.starts_with('(')
        || w.starts_with('`')
        || w.starts_with("interaction")
        || w.starts_with("number")
        || word
            .trim_end_matches(':')
            .parse::<sudolink_engine::grid::House>()
            .is_ok()
    {
        return true;
    }
    const STARTS: [&str; 19] = [
        "nrc",
        "xy",
        "hxy",
        "hidden",
        "naked",
        "swordfish",
        "xwing",
        "jellyfish",
        "row",
        "column",
        "block",
        "whip",
        "gwhip",
        "gbraid",
        "braid",
        "(ns+hs)",
        "bivchain",
        "zchain",
        "twhip",
    ];
    STARTS.iter().any(|s| w.starts_with(s))
        || (w.starts_with('c')
            && w[1..].starts_with(|c: char| c.is_ascii_digit())
            && w.contains("chain"))
}

/// A line without its comment: `#` at the start or after whitespace (a `#` inside a token,
/// as in the full nrc notation `{n2 n6 n3#n3r4c6}r4c8`, is notation).
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    let at = (0..bytes.len())
        .find(|&i| bytes[i] == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()));
    match at {
        Some(i) => &line[..i],
        None => line,
    }
}

/// Split a path text into steps with their first line numbers; `#` starts a comment.
pub fn split_steps(text: &str) -> Vec<(usize, String)> {
    let mut steps: Vec<(usize, String)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        let first = line.split_whitespace().next().unwrap_or("");
        match steps.last_mut() {
            Some(last) if !starts_step(first) => {
                last.1.push(' ');
                last.1.push_str(line);
            }
            _ => steps.push((i + 1, line.to_string())),
        }
    }
    steps
}

/// `naked and hidden singles`, `nakedsingles`, `(NS+HS)`, `(45 NS)`, `...(Naked Singles)...`.
pub fn is_singles_summary(pattern: &str) -> bool {
    let letters: String = squash(pattern)
        .chars()
        .filter(|c| c.is_ascii_alphabetic() || *c == '+')
        .collect();
    matches!(
        letters.as_str(),
        "nakedandhiddensingles"
            | "hiddensingles"
            | "nakedsingles"
            | "singles"
            | "ns+hs"
            | "ns"
            | "hs"
    )
}

/// Why a written step gives no proof.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StepError {
    /// The text is not a step we can read.
    #[error("{0}")]
    Unreadable(String),
    /// The text reads, but what it names does not hold on the state (a Eureka chain whose
    /// link or target fails).
    #[error("{0}")]
    Fails(String),
}

/// Read one written step as proofs on `state` (one, except an interaction written with
/// several digits): a chain in Eureka notation (`(5)r9c8=(5)r1c8-(5=8)r2c7-(8=1)r9c7 =>
/// r9c8<>1`, see [`eureka`]), a whip, braid or biv-chain in SudoRules' modern notation
/// (`whip[4]: r7c8{n2 n3} - … ==> r7c5≠2`, see [`sudorules`]), a chain or lasso in the
/// Berthier's notation, or a basic step ([Berthier 3D]'s 2007 forms included).
pub fn read_step(state: &State, text: &str) -> Result<Vec<Proof>, StepError> {
    let first = squash(text.split_whitespace().next().unwrap_or(""));
    let unreadable = |e: &dyn std::fmt::Display| StepError::Unreadable(e.to_string());
    if eureka::looks_like_eureka(text) {
        eureka::proof_from_eureka(state, text)
            .map(|p| vec![p])
            .map_err(|e| {
                if e.is_about_the_state() {
                    StepError::Fails(e.to_string())
                } else {
                    unreadable(&e)
                }
            })
    } else if first.contains('[') && first.ends_with(':') {
        sudorules::read_sudorules(state, text)
            .map(|p| vec![p])
            .map_err(|e| unreadable(&e))
    } else if first.contains("chain") || first.contains("lasso") {
        chain::proof_from_text(state, text)
            .map(|p| vec![p])
            .map_err(|e| unreadable(&e))
    } else {
        read_basic_steps(text).map_err(|e| unreadable(&e))
    }
}
