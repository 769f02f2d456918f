//! `sudolink check-path`: verify a resolution path written in the seeds' notation, step by
//! step, from the puzzle's start. Lost dashes (`nrczt4chain`, `hiddensingleinablock`) and
//! line breaks inside a step are tolerated; naked and hidden singles are applied between
//! steps, as SudoRules did (paths of that era print them only in summary). Exit 0 only when
//! every step holds.

use super::input::load;
use anyhow::{bail, Context, Result};
use sudolink::graph::LinkIndex;
use sudolink::grid::State;
use sudolink::proof::read_basic::{read_basic_step, read_conclusions, squash};
use sudolink::proof::{chain, check, notation, Proof};
use sudolink::search::{BasicRule, Rule};
use sudolink::study::resolution::{apply, verify};

#[derive(clap::Args, Debug)]
pub struct CheckPathArgs {
    /// The puzzle the path starts from (81 characters or a file)
    pub puzzle: String,
    /// The path: one step per line (a step may run over several lines); `#` starts a comment
    pub path: std::path::PathBuf,
    /// Analyse a puzzle with no or several solutions
    #[arg(long)]
    pub allow_nonunique: bool,
}

/// Does this word start a step?
fn starts_step(word: &str) -> bool {
    let w = squash(word);
    const STARTS: [&str; 17] = [
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

/// Split a path text into steps with their first line numbers.
pub fn split_steps(text: &str) -> Vec<(usize, String)> {
    let mut steps: Vec<(usize, String)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
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

/// Apply naked and hidden singles to a fixpoint, each checked.
fn apply_singles(state: &mut State, solution: Option<&[u8; 81]>) -> Result<usize> {
    let rules = [
        Rule::Basic(BasicRule::NakedSingle),
        Rule::Basic(BasicRule::HiddenSingle),
    ];
    let mut n = 0;
    loop {
        let links = LinkIndex::new(state);
        let Some(p) = rules.iter().find_map(|r| r.first(&links)) else {
            return Ok(n);
        };
        verify(state, &p, solution, 0, "single")?;
        apply(state, &p)?;
        n += 1;
    }
}

fn is_singles_summary(pattern: &str) -> bool {
    matches!(
        squash(&pattern.replace(' ', "")).as_str(),
        "nakedandhiddensingles" | "hiddensingles" | "nakedsingles" | "singles" | "(ns+hs)"
    )
}

/// Read one step as a proof on `state`.
fn read_step(state: &State, text: &str) -> Result<Proof, String> {
    let first = squash(text.split_whitespace().next().unwrap_or(""));
    if first.contains("chain") || first.contains("lasso") {
        chain::proof_from_text(state, text).map_err(|e| e.to_string())
    } else {
        read_basic_step(text).map_err(|e| e.to_string())
    }
}

pub fn run(args: &CheckPathArgs) -> Result<()> {
    let loaded = load(Some(&args.puzzle), args.allow_nonunique)?;
    let text = std::fs::read_to_string(&args.path)
        .with_context(|| format!("cannot read path file {}", args.path.display()))?;
    let solution = loaded.solution.as_ref();
    let mut state = loaded.state.clone();
    let steps = split_steps(&text);
    for (k, (line, step)) in steps.iter().enumerate() {
        let n = k + 1;
        apply_singles(&mut state, solution)?;
        let (pattern, conclusion) = step.split_once("==>").unwrap_or((step.as_str(), ""));
        if pattern.trim().eq_ignore_ascii_case("(ns+hs)") {
            continue;
        }
        if is_singles_summary(pattern) {
            let (_, asserts) = read_conclusions(conclusion)
                .map_err(|e| anyhow::anyhow!("step {n} (line {line}): {e}"))?;
            if let Some(c) = asserts
                .iter()
                .find(|c| state.value(c.cell()) != Some(c.digit()))
            {
                bail!(
                    "step {n} (line {line}) fails: singles do not give {}\n  {step}",
                    c.assertion()
                );
            }
            println!("ok   step {n} (line {line}): {step}");
            continue;
        }
        let mut proof = match read_step(&state, step) {
            Ok(p) => p,
            Err(why) => bail!("step {n} (line {line}) cannot be read: {why}\n  {step}"),
        };
        // conclusions the singles already drew are not the step's to prove
        proof.eliminations.retain(|c| state.has(*c));
        proof.assertions.retain(|c| state.value(c.cell()).is_none());
        if proof.eliminations.is_empty() && proof.assertions.is_empty() {
            println!("ok   step {n} (line {line}): (already drawn by singles) {step}");
            continue;
        }
        if let Err(why) = check(&state, &proof) {
            bail!("step {n} (line {line}) fails: {why}\n  {step}");
        }
        let text = notation::nrc_text(&state, &proof);
        verify(&state, &proof, solution, n, &text)?;
        apply(&mut state, &proof)?;
        println!("ok   step {n} (line {line}): {text}");
    }
    apply_singles(&mut state, solution)?;
    let verdict = if state.is_solved() {
        "solved"
    } else {
        "not solved"
    };
    println!(
        "all {} steps hold; the puzzle is {verdict} after them",
        steps.len()
    );
    if !state.is_solved() {
        print!("{}", sudolink::grid::format::to_pencil_mark_grid(&state));
    }
    Ok(())
}
