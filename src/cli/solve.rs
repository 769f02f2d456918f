//! `sudolink solve`: the resolution path, simplest rule first, and the level reached.

use super::bounds::BoundArgs;
use super::input::{load, Loaded};
use anyhow::{anyhow, bail, Result};
use serde_json::json;
use std::path::Path;
use sudolink_engine::grid::format::{
    to_hodoku, to_line, to_pencil_mark_grid, to_pencil_mark_string,
};
use sudolink_engine::grid::{Conclusion, State};
use sudolink_engine::proof::Proof;
use sudolink_export::files;
use sudolink_notation::{hodoku, nrc, sudorules};
use sudolink_search::registry::{self, graded_length, TechniqueId};
use sudolink_study::rating::Scheme;
use sudolink_study::resolution::{apply, solve_all_at_once, solve_within, Resolution};
use sudolink_study::rules::{self, RuleOrder};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Berthier's nrc notation (`nrczt4-chain n2{r7c8 r8c7} - ... ==> r7c5 <> 2`)
    Nrc,
    /// SudoRules' modern notation (`whip[4]: ... ==> r7c5≠2`)
    Sudorules,
    /// HoDoKu's step lines for the techniques HoDoKu has (`Almost Locked Set XZ-Rule: A=r4c3 {259}, ... =>
    /// r5c3<>2`), the nrc notation for the others
    Hodoku,
}

impl Notation {
    /// One proof's text in this notation (HoDoKu's for the techniques HoDoKu has, ours for
    /// the others).
    pub fn proof_text(self, state: &State, proof: &Proof) -> String {
        match self {
            Notation::Nrc => nrc::nrc_text(state, proof),
            Notation::Sudorules => sudorules::sudorules_text(state, proof),
            Notation::Hodoku => {
                hodoku::hodoku_text(state, proof).unwrap_or_else(|| nrc::nrc_text(state, proof))
            }
        }
    }

    /// A conclusion with this notation's sign: `r3c9<>8` in ours and HoDoKu's, `r3c9≠8` in
    /// SudoRules'; a placement `r3c9=8` in all.
    pub fn conclusion_text(self, c: &Conclusion) -> String {
        match self {
            Notation::Sudorules if !c.placement => {
                format!("{}≠{}", c.candidate.cell(), c.candidate.digit())
            }
            _ => c.to_string(),
        }
    }
}

/// `--order`: how a comma list of techniques is tried ([`RuleOrder`]).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// Simplest first: length by length, every listed technique at each length (a shorter
    /// force net before a longer force chain)
    #[default]
    Length,
    /// Each name of the list at every length before the next (HoDoKu's order:
    /// `force-chains,force-nets` tries force chains of any length before force nets)
    Listed,
}

impl From<Order> for RuleOrder {
    fn from(o: Order) -> RuleOrder {
        match o {
            Order::Length => RuleOrder::Length,
            Order::Listed => RuleOrder::Listed,
        }
    }
}

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// An 81-character puzzle, a file with one grid in any supported format, FILE:K
    /// (puzzle K of a list), `-` (standard input) or a named puzzle such as loki
    /// (default: Ocean #1 from [Berthier NRC])
    pub puzzle: Option<String>,
    /// Rule set: basic, a scheme (L, M, N, W, B, gW, gB, BC, Trid-OR5W, Trid-OR5gW, Select1-OR5W, Select2-OR5W), ser or a comma list of
    /// techniques and sets (`--list` prints the names)
    #[arg(long, default_value = "N", long_help = rules_help())]
    pub rules: String,
    /// Print the technique and set names `--rules` takes, and nothing else
    #[arg(long)]
    pub list: bool,
    /// How a comma list of techniques is tried: `length` (simplest first, length by length)
    /// or `listed` (each name at every length before the next, as HoDoKu orders forcing
    /// chains before forcing nets)
    #[arg(long, value_enum, default_value = "length")]
    pub order: Order,
    /// Longest proof to use, its length on the scale (chains and whips: CSP variables; nets:
    /// inferences); the default is the one solve, rate and explain share, so that
    /// `explain --at-step` walks the path solve prints
    #[arg(long, default_value_t = rules::DEFAULT_MAX_LEN, value_parser = super::numbers::max_len)]
    pub max_len: usize,
    /// How to print the steps
    #[arg(long, value_enum, default_value_t = Notation::Nrc)]
    pub notation: Notation,
    /// Print one JSON object instead of the text path
    #[arg(long)]
    pub json: bool,
    /// Analyse a puzzle with several solutions (no solution check; one with none is refused)
    #[arg(long)]
    pub allow_nonunique: bool,
    /// Write the state in which step N of the path is found to FILE, as HoDoKu's library
    /// line (every command reads it back, e.g. `explain FILE --target ...`)
    #[arg(long, num_args = 2, value_names = ["N", "FILE"])]
    pub save_state: Option<Vec<String>>,
    /// Not the default path: in each state apply at once every instance the first rule
    /// that applies finds there (each still checked against the state and the solution);
    /// fewer states to search (e.g. force chains), a different path
    #[arg(long)]
    pub all_at_once: bool,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

/// The long help of `--rules`: the schemes, and where the technique and set names are
/// listed (`--list`, `sudolink techniques`).
pub fn rules_help() -> String {
    format!(
        "Rule set: basic, a scheme ({}), ser (Sudoku Explainer 1.2.1's rules and order: its \
         path with SE's step names and difficulties) or a comma list of techniques and sets; the basic \
         rules are applied first. `--list` prints every set with its techniques and every \
         technique's name; `sudolink techniques` describes each.",
        sudolink_study::rating::Scheme::names(),
    )
}

pub fn run(args: &SolveArgs) -> Result<()> {
    if args.list {
        print!("{}", super::techniques::names_list());
        return Ok(());
    }
    if super::ser::is_ser(&args.rules) {
        return super::ser::solve(args);
    }
    let spec = rules::parse_in_order(&args.rules, args.max_len, args.order.into())?;
    rules::refuse_uniqueness(spec.rules.iter().map(|r| r.technique), args.allow_nonunique)?;
    let loaded = load(args.puzzle.as_deref(), args.allow_nonunique)?;
    let limits = args.bounds.bounds(1).start();
    let resolution = if args.all_at_once {
        solve_all_at_once(&loaded.state, &spec.rules, loaded.solution.as_ref())?
    } else {
        solve_within(&loaded.state, &spec.rules, loaded.solution.as_ref(), limits)?
    };
    if let Some(save) = &args.save_state {
        save_state(&loaded, &resolution, save)?;
    }
    let level = if resolution.solved {
        level_line(&resolution, spec.scheme, &args.rules)
    } else {
        let graded = spec.rules.iter().any(|r| r.technique.get().graded);
        unsolved_line(
            &resolution,
            (&args.rules, graded),
            args.max_len,
            &args.bounds,
        )
    };
    if args.json {
        let mut v = json_report(&loaded, &resolution);
        v["level"] = json!(level);
        if let Some(s) = resolution.stopped {
            v["cut"] = json!({
                "bound": s.stop.bound(),
                "why": s.stop.to_string(),
                "searching": s.rule.to_string(),
                "bounds": args.bounds.bounds(1).describe(),
            });
        }
        if !resolution.passed_over.is_empty() {
            v["passed_over"] = resolution
                .passed_over
                .iter()
                .map(|(step, s)| json!({"step": step, "searching": s.rule.to_string()}))
                .collect();
        }
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print!("{}", text_report(&loaded, &resolution, args.notation));
        println!("{level}");
        if let Some(note) = passed_over_note(&resolution) {
            println!("{note}");
        }
    }
    Ok(())
}

/// The steps taken after a simpler rule's search was cut by its own work bound with nothing
/// found: `NOTE: not surely simplest-first at step(s) 4, 7: the search of large-mutant-fish
/// there was cut by its work bound; the level is an upper bound`.
fn passed_over_note(r: &Resolution) -> Option<String> {
    let (_, first) = r.passed_over.first()?;
    let steps: Vec<String> = r.passed_over.iter().map(|(n, _)| n.to_string()).collect();
    Some(format!(
        "NOTE: not surely simplest-first at step(s) {}: the search of {} there was cut by its \
         work bound with nothing found; the level is an upper bound",
        steps.join(", "),
        first.rule
    ))
}

/// `--save-state N FILE`: the state step N is found in, written atomically.
fn save_state(loaded: &Loaded, r: &Resolution, save: &[String]) -> Result<()> {
    let [n, file] = save else {
        bail!("--save-state takes N and FILE");
    };
    let n: usize = n
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| anyhow!("--save-state: step {n:?} is not a number from 1"))?;
    if n > r.steps.len() {
        bail!(
            "--save-state: the path has {} step(s); there is no step {n}",
            r.steps.len()
        );
    }
    let mut state = loaded.state.clone();
    for s in &r.steps[..n - 1] {
        apply(&mut state, &s.proof).map_err(|e| anyhow!("replaying the path: {e}"))?;
    }
    let line = format!("{}\n", to_hodoku(&state));
    files::write_atomically(Path::new(file), line.as_bytes())?;
    eprintln!("wrote the state of step {n} to {file}");
    Ok(())
}

/// The step texts in the chosen notation (replaying the states for the SudoRules form).
fn step_texts(loaded: &Loaded, r: &Resolution, notation_kind: Notation) -> Vec<String> {
    match notation_kind {
        Notation::Nrc => r.steps.iter().map(|s| s.text.clone()).collect(),
        Notation::Sudorules | Notation::Hodoku => {
            let mut state = loaded.state.clone();
            r.steps
                .iter()
                .map(|s| {
                    let text = match notation_kind {
                        Notation::Hodoku => {
                            hodoku::hodoku_text(&state, &s.proof).unwrap_or_else(|| s.text.clone())
                        }
                        _ => sudorules::sudorules_text(&state, &s.proof),
                    };
                    apply(&mut state, &s.proof).expect("a verified step applies");
                    text
                })
                .collect()
        }
    }
}

/// The path as text: the puzzle, one line per step, then the final grid and the verdict.
pub fn text_report(loaded: &Loaded, r: &Resolution, notation_kind: Notation) -> String {
    let mut out = String::new();
    let name = loaded
        .name
        .as_deref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    out.push_str(&format!("Puzzle{name}: {}\n", loaded.line));
    out.push_str(&to_pencil_mark_grid(&loaded.state));
    for text in step_texts(loaded, r, notation_kind) {
        out.push_str(&text);
        out.push('\n');
    }
    if r.solved {
        out.push_str(&to_pencil_mark_grid(&r.final_state));
        out.push_str("SOLVED\n");
    } else {
        out.push_str("NOT SOLVED\n");
        out.push_str(&to_pencil_mark_grid(&r.final_state));
    }
    out
}

/// What a path that did not solve the puzzle ends with, instead of a level it did not
/// reach: which bound cut it (and the rule it was searching), or that the rules do not
/// solve it; and the hardest step it used.
/// `NOT RATED: cut by the memory bound (one search filled its memory share of 175 MB) while
/// searching braid[11]; hardest step used: BRAID[9]`.
pub fn unsolved_line(
    r: &Resolution,
    (rules, graded): (&str, bool),
    max_len: usize,
    bounds: &BoundArgs,
) -> String {
    let why = match r.stopped {
        Some(s) => format!(
            "cut by the {} bound ({}; {}) while searching {}",
            s.stop.bound(),
            s.stop,
            bounds.bounds(1).describe(),
            s.rule
        ),
        None if graded && !rules.contains(':') => {
            format!("the rules {rules} (lengths up to {max_len}) do not solve it")
        }
        None => format!("the rules {rules} do not solve it"),
    };
    let hardest = r
        .steps
        .iter()
        .map(|s| &s.proof)
        .max_by_key(|p| registry::place(p))
        .map(registry::step_label)
        .unwrap_or_else(|| "none".to_string());
    format!("NOT RATED: {why}; hardest step used: {hardest}")
}

/// A rule list without its `name:n` caps (`te:3` → `te`), for the level line's letter.
fn without_caps(spec: &str) -> String {
    spec.split(',')
        .map(|n| n.split_once(':').map_or(n, |(name, _)| name))
        .collect::<Vec<_>>()
        .join(",")
}

/// `LEVEL = M5, MOST COMPLEX RULE = NRCZT5` (the level is the longest chain or whip used,
/// 0 when the basic rules or singles sufficed; the rule is the hardest step on the scale,
/// the last of equally hard ones: [`registry::step_label`]).
pub fn level_line(r: &Resolution, scheme: Option<Scheme>, spec: &str) -> String {
    let hardest = r
        .steps
        .iter()
        .map(|s| &s.proof)
        .max_by_key(|p| registry::place(p));
    let n = r
        .steps
        .iter()
        .map(|s| {
            let floor = scheme.map_or(0, |k| k.step_floor(&s.proof));
            graded_length(&s.proof).max(floor)
        })
        .max()
        .unwrap_or(0);
    let letter = scheme
        .map(|s| s.to_string())
        .unwrap_or_else(|| without_caps(spec));
    let rule = hardest.map_or("NONE".to_string(), registry::step_label);
    // a scheme or one graded technique reads `N5`, `nrc4`; a list of techniques or a set
    // `basic,assistant: 0`, `sudoku-explainer: 0`
    let one_graded = TechniqueId::from_name(letter.trim()).is_some_and(|t| t.get().graded);
    let sep = if scheme.is_none() && !one_graded {
        ": "
    } else {
        ""
    };
    format!("LEVEL = {letter}{sep}{n}, MOST COMPLEX RULE = {rule}")
}

pub fn json_report(loaded: &Loaded, r: &Resolution) -> serde_json::Value {
    let steps: Vec<serde_json::Value> = r
        .steps
        .iter()
        .map(|s| {
            json!({
                "rule": s.proof.rule,
                "family": s.proof.family,
                "length": s.proof.length,
                "eliminations": s.proof.elimination_texts(),
                "assertions": s.proof.assertion_texts(),
                "text": s.text,
                "proof": s.proof,
            })
        })
        .collect();
    json!({
        "puzzle": loaded.line,
        "name": loaded.name,
        "solved": r.solved,
        "steps": steps,
        "final_state": {
            "grid": to_line(&r.final_state),
            "pencil_marks": to_pencil_mark_string(&r.final_state),
        },
    })
}
