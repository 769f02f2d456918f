//! `sudolink solve`: the resolution path, simplest rule first, and the level reached.

use super::bounds::BoundArgs;
use super::input::{load, Loaded};
use anyhow::{anyhow, bail, Result};
use serde_json::json;
use std::path::Path;
use std::str::FromStr;
use sudolink_engine::grid::format::{
    to_hodoku, to_line, to_pencil_mark_grid, to_pencil_mark_string,
};
use sudolink_engine::grid::{Conclusion, State};
use sudolink_engine::proof::Proof;
use sudolink_export::files;
use sudolink_notation::view::ProofView;
use sudolink_notation::{hodoku, nrc, sudorules};
use sudolink_search::registry::Stopped;
use sudolink_search::registry::{self, graded_length, TechniqueId};
use sudolink_study::escalation::{
    solve_escalating, suggest, Escalation, Handover, Pace, Rung, Suggestion, LADDER,
};
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
    /// techniques and sets (`--list` prints the names); none: escalate N, W, B, Trid-OR5W, te
    #[arg(long, long_help = rules_help())]
    pub rules: Option<String>,
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
        "Rule set: basic, a scheme ({}), ser (Sudoku Explainer 1.2.1's rules, order and \
         step names) or a comma list of techniques and sets; the basic rules are applied \
         first. `--list` prints every set and technique name; `sudolink techniques` \
         describes each.\n\nWithout --rules the path \
         escalates: {}, each rule set taking over where the one before it stops (a line \
         `-- N (lengths up to 20) stops after step 41; escalating to W` says so).\n\nA \
         path that does not solve the puzzle exits with status {}; with --rules, its last \
         line names the first rule set of that ladder above it that solves the puzzle.",
        sudolink_study::rating::Scheme::names(),
        LADDER.map(|r| r.rules).join(", "),
        super::NOT_SOLVED_EXIT,
    )
}

pub fn run(args: &SolveArgs) -> Result<()> {
    if args.list {
        print!("{}", super::techniques::names_list());
        return Ok(());
    }
    if args.rules.as_deref().is_some_and(super::ser::is_ser) {
        return super::ser::solve(args);
    }
    let walked = match args.rules.as_deref() {
        None => walk_ladder(args)?,
        Some(spec) => walk_named(args, spec)?,
    };
    let (loaded, resolution) = (&walked.loaded, &walked.resolution);
    if let Some(save) = &args.save_state {
        save_state(loaded, resolution, save)?;
    }
    if args.json {
        let mut v = json_report(loaded, resolution);
        v["level"] = json!(walked.end_line);
        if let Some(s) = resolution.stopped {
            v["cut"] = stopped_json(s);
            v["cut"]["bounds"] = json!(args.bounds.bounds(1).describe());
        }
        if !resolution.passed_over.is_empty() {
            v["passed_over"] = resolution
                .passed_over
                .iter()
                .map(|(step, s)| json!({"step": step, "searching": s.rule.to_string()}))
                .collect();
        }
        if let Some(escalations) = &walked.escalations {
            v["escalations"] = escalations.iter().map(escalation_json).collect();
        }
        if let Some(suggestion) = &walked.suggestion {
            v["suggestion"] = suggestion_json(suggestion);
        }
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        let escalations = walked.escalations.as_deref().unwrap_or_default();
        print!(
            "{}",
            text_report(loaded, resolution, escalations, args.notation)
        );
        println!("{}", walked.end_line);
        if let Some(note) = passed_over_note(resolution) {
            println!("{note}");
        }
    }
    if resolution.solved {
        Ok(())
    } else {
        Err(super::NotSolved.into())
    }
}

/// A path `solve` walked, with what its report says beside the steps.
struct Walked {
    loaded: Loaded,
    resolution: Resolution,
    /// The ladder's hand-overs, when no rule set was named.
    escalations: Option<Vec<Escalation>>,
    /// What the ladder says of a named rule set that does not solve the puzzle.
    suggestion: Option<Suggestion>,
    /// The level line, or why there is none.
    end_line: String,
}

/// No `--rules`: the ladder's path ([`solve_escalating`]).
fn walk_ladder(args: &SolveArgs) -> Result<Walked> {
    let loaded = load(args.puzzle.as_deref(), args.allow_nonunique)?;
    let limits = args.bounds.bounds(1).start();
    let pace = if args.all_at_once {
        Pace::Rounds
    } else {
        Pace::Steps
    };
    let escalated = solve_escalating(
        &loaded.state,
        loaded.solution.as_ref(),
        (args.max_len, usize::MAX),
        limits,
        pace,
    )?;
    let rungs = escalated.rungs();
    let r = &escalated.resolution;
    let end_line = match (r.solved, rungs.as_slice()) {
        (true, [first]) => level_line(r, Scheme::from_str(first.rules).ok(), first.rules),
        (true, _) => escalated_line(r, &rungs),
        (false, _) => {
            let names: Vec<&str> = rungs.iter().map(|r| r.rules).collect();
            let what = match (escalated.several_solutions, names.as_slice()) {
                (true, [one]) => format!(
                    "the rules {one} (the puzzle has several solutions: no rule set solves \
                     it, none is escalated to)"
                ),
                _ => format!("the rule sets {} in turn", names.join(", ")),
            };
            unsolved_line(r, &what, &args.bounds)
        }
    };
    Ok(Walked {
        resolution: escalated.resolution,
        escalations: Some(escalated.escalations),
        suggestion: None,
        end_line,
        loaded,
    })
}

/// `--rules SPEC`: that rule set's path, and when it does not solve the puzzle, the first
/// rule set of the ladder above it that does ([`suggest`]).
fn walk_named(args: &SolveArgs, text: &str) -> Result<Walked> {
    let spec = rules::parse_in_order(text, args.max_len, args.order.into())?;
    rules::refuse_uniqueness(spec.rules.iter().map(|r| r.technique), args.allow_nonunique)?;
    let loaded = load(args.puzzle.as_deref(), args.allow_nonunique)?;
    let limits = args.bounds.bounds(1).start();
    let resolution = if args.all_at_once {
        solve_all_at_once(&loaded.state, &spec.rules, loaded.solution.as_ref())?
    } else {
        solve_within(&loaded.state, &spec.rules, loaded.solution.as_ref(), limits)?
    };
    if resolution.solved {
        return Ok(Walked {
            end_line: level_line(&resolution, spec.scheme, text),
            resolution,
            escalations: None,
            suggestion: None,
            loaded,
        });
    }
    let graded = spec.rules.iter().any(|r| r.technique.get().graded);
    let what = if graded && !text.contains(':') {
        format!("the rules {text} (lengths up to {})", args.max_len)
    } else {
        format!("the rules {text}")
    };
    let mut end_line = unsolved_line(&resolution, &what, &args.bounds);
    // a path the job's bound cut leaves no time or memory to try others in
    let suggestion = match resolution.stopped {
        Some(s) if s.stop.ends_the_job() => None,
        _ => Some(suggest(
            &loaded.state,
            (text, &spec.rules),
            loaded.solution.as_ref(),
            args.max_len,
            limits,
        )?),
    };
    if let Some(s) = &suggestion {
        end_line.push_str(&suggestion_text(s, &args.bounds));
    }
    Ok(Walked {
        resolution,
        escalations: None,
        suggestion,
        end_line,
        loaded,
    })
}

/// What the ladder says after a named rule set's end line: `; Trid-OR5W solves it (try
/// --rules Trid-OR5W, or no --rules)`; `; W, B do not solve it, Trid-OR5W cut by the time
/// bound (...)`; nothing when no rule set is above it.
fn suggestion_text(s: &Suggestion, bounds: &BoundArgs) -> String {
    if s.several_solutions {
        return "; the puzzle has several solutions: no rule set solves it".to_string();
    }
    if let Some(rung) = s.solves {
        return format!("; {rung} solves it (try --rules {rung}, or no --rules)");
    }
    let Some(((last, _), before)) = s.tried.split_last() else {
        return String::new();
    };
    // each rule set tried, with the search its share of the time or memory cut
    let names = |tried: &[(Rung, Option<Stopped>)]| {
        tried
            .iter()
            .map(|(r, cut)| match cut {
                Some(c) => format!("{r} (cut while searching {}: {})", c.rule, c.stop),
                None => r.rules.to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    match s.cut() {
        Some((_, stopped)) if before.is_empty() => format!(
            "; {last} cut by the {} bound ({}; {}) while searching {}",
            stopped.stop.bound(),
            stopped.stop,
            bounds.bounds(1).describe(),
            stopped.rule
        ),
        Some((_, stopped)) => format!(
            "; {} do not solve it, {last} cut by the {} bound ({}; {}) while searching {}",
            names(before),
            stopped.stop.bound(),
            stopped.stop,
            bounds.bounds(1).describe(),
            stopped.rule
        ),
        None => format!("; nor do {} (each tried from the start)", names(&s.tried)),
    }
}

/// An escalation in `--json`: `{"after_step": 41, "from": "N", "to": "W", "text": ...,
/// "cut": null}` (`cut`: the search of `from` its own share of the memory, work or time
/// cut, when one did).
fn escalation_json(e: &Escalation) -> serde_json::Value {
    let cut = match e.why {
        Handover::Stuck => serde_json::Value::Null,
        Handover::Cut(s) => stopped_json(s),
        Handover::OutOfTime { searching, share } => json!({
            "bound": "time",
            "why": format!("its share of the time ({:.1} s) spent", share.as_secs_f64()),
            "searching": searching.to_string(),
        }),
    };
    json!({
        "after_step": e.after_step,
        "from": e.from.rules,
        "to": e.to.rules,
        "text": e.to_string(),
        "cut": cut,
    })
}

/// A cut in `--json`: `{"bound": "memory", "why": "...", "searching": "braid[11]"}`.
fn stopped_json(s: Stopped) -> serde_json::Value {
    json!({
        "bound": s.stop.bound(),
        "why": s.stop.to_string(),
        "searching": s.rule.to_string(),
    })
}

/// A suggestion in `--json`: `{"solves": "Trid-OR5W", "tried": [{"rules": "W", "cut":
/// null}, ...]}`.
fn suggestion_json(s: &Suggestion) -> serde_json::Value {
    let tried: Vec<serde_json::Value> = s
        .tried
        .iter()
        .map(|(rung, cut)| {
            json!({
                "rules": rung.rules,
                "cut": cut.map(stopped_json),
            })
        })
        .collect();
    json!({
        "solves": s.solves.map(|r| r.rules),
        "tried": tried,
        "several_solutions": s.several_solutions,
    })
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

/// The path as text: the puzzle, one line per step (`12. ` and its text: the number
/// `explain --at-step` and `--save-state` take), each escalation's line (`-- `) where it
/// happened, then the final grid and the verdict.
pub fn text_report(
    loaded: &Loaded,
    r: &Resolution,
    escalations: &[Escalation],
    notation_kind: Notation,
) -> String {
    let mut out = String::new();
    let name = loaded
        .name
        .as_deref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    out.push_str(&format!("Puzzle{name}: {}\n", loaded.line));
    out.push_str(&to_pencil_mark_grid(&loaded.state));
    let mut pending = escalations.iter().peekable();
    for (i, text) in step_texts(loaded, r, notation_kind).into_iter().enumerate() {
        while let Some(e) = pending.next_if(|e| e.after_step <= i) {
            out.push_str(&format!("-- {e}\n"));
        }
        out.push_str(&format!("{}. {text}\n", i + 1));
    }
    for e in pending {
        out.push_str(&format!("-- {e}\n"));
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
/// reach: which bound cut it (and the rule it was searching), or that `rules` (`the rules
/// N (lengths up to 20)`) do not solve it; and the hardest step it used.
/// `NOT RATED: cut by the memory bound (one search filled its memory share of 175 MB) while
/// searching braid[11]; hardest step used: BRAID[9]`.
pub fn unsolved_line(r: &Resolution, rules: &str, bounds: &BoundArgs) -> String {
    let why = match r.stopped {
        Some(s) => format!(
            "cut by the {} bound ({}; {}) while searching {}",
            s.stop.bound(),
            s.stop,
            bounds.bounds(1).describe(),
            s.rule
        ),
        None => format!("{rules} do not solve it"),
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

/// The end line of a path the ladder solved after escalating: no level (a level is one
/// rule set's), the rule sets in turn and the hardest step:
/// `ESCALATED: N, W, B, Trid-OR5W (no level: ...), MOST COMPLEX RULE = TRIDAGON`.
fn escalated_line(r: &Resolution, rungs: &[Rung]) -> String {
    let names: Vec<&str> = rungs.iter().map(|r| r.rules).collect();
    let rule = r
        .steps
        .iter()
        .map(|s| &s.proof)
        .max_by_key(|p| registry::place(p))
        .map_or("NONE".to_string(), registry::step_label);
    format!(
        "ESCALATED: {} (no level: `rate --scheme` gives one rule set's), MOST COMPLEX RULE = {rule}",
        names.join(", ")
    )
}

/// `solve --json`: each step with its proof view (docs/views.md) on the state it is found in.
pub fn json_report(loaded: &Loaded, r: &Resolution) -> serde_json::Value {
    let mut state = loaded.state.clone();
    let mut steps = Vec::with_capacity(r.steps.len());
    for (i, s) in r.steps.iter().enumerate() {
        let view = ProofView::of(&state, &s.proof);
        apply(&mut state, &s.proof).expect("a verified step applies");
        steps.push(json!({
            "step": i + 1,
            "rule": s.proof.rule,
            "family": s.proof.family,
            "length": s.proof.length,
            "eliminations": s.proof.elimination_texts(),
            "assertions": s.proof.assertion_texts(),
            "text": s.text,
            "proof": view,
        }));
    }
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
