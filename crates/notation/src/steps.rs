//! Reading a written resolution path: splitting its text into steps (lost dashes and line
//! breaks tolerated, `#` comments dropped), telling a singles summary from a step, and
//! reading each step in whichever notation it is written — Eureka, SudoRules' modern
//! notation, Berthier's nrc chains and lassos, or a basic step ([Berthier 3D]'s 2007 forms
//! included). Replaying the steps on a state is `study::path`'s.

use super::common::ReadError;
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

/// A line of a printed resolution path that is not a step: `solve`'s header
/// (`Puzzle (loki): 57....9..`), a grid's rows and rules (`+---`, `| 56789 …`, `*---`,
/// `.---`), its escalation notices (`-- N stops …`) and its closing verdicts (`SOLVED`,
/// `NOT SOLVED`, `NOT RATED: …`, `ESCALATED: …`, `NOTE: …`, `LEVEL = …`, `SER = …`,
/// `HoDoKu …`). A path pasted from
/// `solve`'s output is read without editing it.
pub fn is_frame_line(line: &str) -> bool {
    const VERDICTS: [&str; 9] = [
        "SOLVED",
        "NOT SOLVED",
        "NOT RATED",
        "ESCALATED:",
        "NOTE:",
        "LEVEL =",
        "SER =",
        "HoDoKu level",
        "-- ",
    ];
    line.starts_with(['+', '|', '*'])
        || line.starts_with(".-")
        || line.starts_with("Puzzle ") && line.contains(':')
        || line.starts_with("Puzzle:")
        || VERDICTS.iter().any(|v| line.starts_with(v))
}

/// `12. whip[3]: …` → `(12, "whip[3]: …")`: `solve` numbers its steps so that `explain
/// --at-step N` and the replay name the same step; Sudoku Explainer's paths (`solve --rules
/// ser`) add the step's difficulty and name (`4. [3.8] Swordfish: swordfish-in-rows …`),
/// dropped here when our notation follows them.
pub fn numbered(line: &str) -> Option<(usize, &str)> {
    let (n, rest) = line.split_once(". ")?;
    let n: usize = n.parse().ok()?;
    let rest = rest.trim_start();
    Some((n, explainer_prefix(rest).unwrap_or(rest)))
}

/// `[3.8] Swordfish: swordfish-in-rows n3{…} ==> …` → the text after SE's name.
fn explainer_prefix(text: &str) -> Option<&str> {
    let rest = text.strip_prefix('[')?;
    let (rating, rest) = rest.split_once("] ")?;
    rating.parse::<f32>().ok()?;
    Some(
        rest.split_once(": ")
            .map_or(rest, |(_, step)| step)
            .trim_start(),
    )
}

/// HoDoKu's step line: a name of capitalised words, a colon, then the pattern and its
/// conclusions in HoDoKu's signs (`Swordfish: 3 r348 c349 => r1c3<>3`, `Hidden Single:
/// r5c4=1`, `Almost Locked Set XZ-Rule: A=r4c3 {259}, … => r5c3<>2`). SudoRules' `whip[4]:`
/// has a bracket, and `Puzzle (…):` is a header.
pub fn is_hodoku_line(text: &str) -> bool {
    let Some((name, rest)) = text.split_once(": ") else {
        return false;
    };
    let words: Vec<&str> = name.split_whitespace().collect();
    !words.is_empty()
        && words.len() <= 7
        && words[0].starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " -/()".contains(c))
        && !name.starts_with("Puzzle")
        && (rest.contains("=>") || rest.trim().split(',').all(|c| c.contains('=')))
}

/// Does the step so far end where a new line cannot go on with it? A step is complete once
/// its last conclusion is whole (`==> r1c1 <> 5`, not `==> r7c9` or `r2c7 <>` at a line's
/// end, as the seed texts break them); a line after a complete step that does not start with a link (`-`, `=`) is a step
/// of its own, so that a bad line is blamed on itself and not on the good step before it.
fn is_complete(step: &str) -> bool {
    let Some((_, conclusions)) = step.rsplit_once("=>") else {
        return false;
    };
    // the last conclusion is whole: `r1c1 <> 5`, `r1c1=5`, `r1c1≠5` (not `r7c9`, `r2c7 <>`)
    let before_digits = conclusions
        .trim_end()
        .strip_suffix(|c: char| c.is_ascii_digit())
        .map(str::trim_end);
    before_digits.is_some_and(|t| t.ends_with(['=', '>', '≠']))
}

/// Split a path text into steps with their first line numbers; `#` starts a comment.
/// `solve`'s printed output reads as it is: its header, grids and verdicts are skipped
/// ([`is_frame_line`]) and its numbered lines (`12. …`) are its steps, one a line.
pub fn split_steps(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, strip_comment(raw).trim()))
        .filter(|(_, l)| !l.is_empty() && !is_frame_line(l))
        .collect();
    let is_numbered = lines.iter().any(|(_, l)| numbered(l).is_some());
    let mut steps: Vec<(usize, String)> = Vec::new();
    for (i, line) in lines {
        let (starts, line) = match numbered(line) {
            Some((_, step)) => (true, step),
            None if is_numbered => (false, line),
            None => {
                let first = line.split_whitespace().next().unwrap_or("");
                (starts_step(first) || is_hodoku_line(line), line)
            }
        };
        // a link, a list's next conclusion, or a forcing net's next branch (`✿[W …`)
        let goes_on = line.starts_with(['-', '=', ',', '✿']);
        match steps.last_mut() {
            Some(last) if !starts && (goes_on || !is_complete(&last.1)) => {
                last.1.push(' ');
                last.1.push_str(line);
            }
            _ => steps.push((i, line.to_string())),
        }
    }
    steps.into_iter().flat_map(|(i, s)| parts(i, s)).collect()
}

/// A line holding several steps, each with its conclusion, joined by `; ` (Sudoku
/// Explainer's paths print a subset and the single it leaves so: `… ==> r5c4 <> 9;
/// hidden-single-in-a-column ==> r7c4 = 4`), as its steps; any other line as it is.
fn parts(line: usize, step: String) -> Vec<(usize, String)> {
    let pieces: Vec<&str> = step.split("; ").collect();
    if pieces.len() > 1 && pieces.iter().all(|p| p.contains("=>") || is_hodoku_line(p)) {
        pieces.into_iter().map(|p| (line, p.to_string())).collect()
    } else {
        vec![(line, step)]
    }
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
    /// The step's rule name is none a reader knows (`grouped-aic`, `ForceChain_Cell`): a
    /// replay may still prove its conclusions by the technique it names.
    #[error("{0}")]
    UnknownRule(String),
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
        sudorules::read_sudorules_each(state, text).map_err(|e| match e {
            sudorules::SudoRulesError::Rule(_) => StepError::UnknownRule(e.to_string()),
            e => unreadable(&e),
        })
    } else if first.contains("chain") || first.contains("lasso") {
        chain::proof_from_text(state, text)
            .map(|p| vec![p])
            .map_err(|e| match e {
                chain::BuildError::Parse(chain::ParseChainError::Name(_)) => {
                    StepError::UnknownRule(e.to_string())
                }
                e => unreadable(&e),
            })
    } else if first.ends_with(':') {
        // SudoRules' modern notation of a basic step: `swordfish-in-rows: n3{…} ==> r1c3≠3`
        let ours = text.replacen(':', "", 1).replace('≠', " <> ");
        // its basic forms are not all ours (`xy-wing: r4c5{n6 n3} - …`): any that does not
        // read is left to the technique it names
        read_basic_steps(&ours).map_err(|e| StepError::UnknownRule(e.to_string()))
    } else {
        read_basic_steps(text).map_err(basic_error)
    }
}

fn basic_error(e: ReadError) -> StepError {
    match e {
        ReadError::Unknown(_) => StepError::UnknownRule(e.to_string()),
        e => StepError::Unreadable(e.to_string()),
    }
}
