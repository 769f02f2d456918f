//! `sudolink force`: GNPX's force chains ([GNPX Force]) and the forcing nets on a state, printed
//! as GNPX prints them, with JSON and per-proof exports (grid SVG/PNG, a DOT net with one
//! cluster per branch rendered by graphviz, the text, the proof as JSON).

use super::input::load;
use anyhow::{bail, Result};
use serde_json::json;
use sudolink_engine::grid::format::to_pencil_mark_grid;
use sudolink_engine::proof::net::{ForceMode, LinkLevel, NetChoice, NetForm};
use sudolink_export::files;
use sudolink_export::svg::PixelWidth;
use sudolink_notation::gnpx::{choice_name, read_choice};
use sudolink_notation::nrc::pattern_text;
use sudolink_notation::view::ProofView;
use sudolink_study::force::{force_report, ForceAsk, ForceError, ForceReport};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// ForceChain_Cell: every candidate of a cell forces the same literal
    Cell,
    /// ForceChain_House: every place of a digit in a house forces the same literal
    House,
    /// ForceChain_Contradiction: an assumption forcing a contradiction is false
    Contradiction,
    /// All three
    All,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkChoice {
    /// Weak and strong links between candidates only
    Links,
    /// And groups (a digit's candidates in a block ∩ line)
    Groups,
    /// And ALS super links, as GNPX (the default)
    Als,
}

#[derive(clap::Args, Debug)]
pub struct ForceArgs {
    /// An 81-character puzzle, a file with one grid or pencil-mark state, FILE:K, `-`
    /// (standard input) or a named puzzle (default: Ocean #1 from [Berthier NRC])
    pub puzzle: Option<String>,
    /// Which force technique
    #[arg(long, value_enum, default_value = "all")]
    pub mode: Mode,
    /// Which links the inferences may use
    #[arg(long, value_enum, default_value = "als")]
    pub level: LinkChoice,
    /// Forcing nets: an inference may need several premises at once (a variable's last
    /// candidate after several falses, an ALS digit false in several cells). Printed as
    /// each branch's inferences in order, since a net is not one line per branch.
    /// Without it: force chains, one premise per inference, one GNPX line per branch.
    #[arg(long)]
    pub net: bool,
    /// Print at most N proofs per technique (shortest first; 0: all)
    #[arg(long, default_value_t = 0)]
    pub limit: usize,
    /// Only this choice's conclusions, as GNPX lists them: a cell (`r2c8`, the cell mode)
    /// or a house and digit (`row2#1`, `col3#5`, `blk4#2`, the house mode)
    #[arg(long, value_name = "CHOICE", conflicts_with = "every_choice")]
    pub choice: Option<String>,
    /// Every choice's conclusions, choice by choice (the cell and house modes)
    #[arg(long)]
    pub every_choice: bool,
    #[command(flatten)]
    pub state: super::input::WorkingStateArgs,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

/// The link level and form asked.
fn level_and_form(args: &ForceArgs) -> (LinkLevel, NetForm) {
    let level = match args.level {
        LinkChoice::Links => LinkLevel::Links,
        LinkChoice::Groups => LinkLevel::Groups,
        LinkChoice::Als => LinkLevel::Als,
    };
    let form = if args.net {
        NetForm::Net
    } else {
        NetForm::Chain
    };
    (level, form)
}

/// What `--mode`, `--choice` and `--every-choice` ask for.
fn ask(args: &ForceArgs) -> Result<ForceAsk> {
    if let Some(text) = &args.choice {
        let choice = read_choice(text).map_err(|e| anyhow::anyhow!("--choice: {e}"))?;
        let mode = match (args.mode, &choice) {
            (Mode::Contradiction, _) => {
                bail!("--choice lists a cell's or a house's conclusions: it takes --mode cell or house, not contradiction")
            }
            (Mode::Cell, _) => ForceMode::Cell,
            (Mode::House, _) => ForceMode::House,
            (Mode::All, NetChoice::House { .. }) => ForceMode::House,
            (Mode::All, _) => ForceMode::Cell,
        };
        return Ok(ForceAsk::Choice(mode, choice));
    }
    if args.every_choice {
        let modes = match args.mode {
            Mode::Cell => vec![ForceMode::Cell],
            Mode::House => vec![ForceMode::House],
            Mode::All => vec![ForceMode::Cell, ForceMode::House],
            Mode::Contradiction => {
                bail!("--every-choice lists the cell and house modes' choices: not contradiction")
            }
        };
        return Ok(ForceAsk::EveryChoice(modes));
    }
    Ok(ForceAsk::Techniques(match args.mode {
        Mode::Cell => vec![ForceMode::Cell],
        Mode::House => vec![ForceMode::House],
        Mode::Contradiction => vec![ForceMode::Contradiction],
        Mode::All => vec![ForceMode::Cell, ForceMode::House, ForceMode::Contradiction],
    }))
}

pub fn run(args: &ForceArgs) -> Result<()> {
    let loaded = load(args.puzzle.as_deref(), args.state.allow_nonunique)?;
    let ask = ask(args)?;
    let report = force_report(
        &loaded.state,
        loaded.solution.as_ref(),
        !args.state.no_basic,
        level_and_form(args),
        (&ask, args.limit),
        args.bounds.bounds(1).start(),
    )
    .map_err(|e| match e {
        ForceError::Choice(e) => anyhow::anyhow!("--choice: {e}"),
        e => e.into(),
    })?;
    if let Some(dir) = &args.state.export {
        export(dir, &report, args.state.size)?;
    }
    let by_choice = !matches!(ask, ForceAsk::Techniques(_));
    if args.state.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report_json(&report, by_choice))?
        );
    } else {
        print!("{}", report_text(&report, args.every_choice));
    }
    if let Some(stop) = report.stopped {
        eprintln!(
            "note: cut by the {} bound ({stop}; {}): the lists are those found before it; \
             raise --timeout, --memory or --budget to go further",
            stop.bound(),
            args.bounds.bounds(1).describe()
        );
    }
    Ok(())
}

/// Each printed proof's files, numbered in order (`force-K.*`, with its JSON).
fn export(dir: &std::path::Path, report: &ForceReport, size: Option<PixelWidth>) -> Result<()> {
    let proofs = report.sections.iter().flat_map(|s| &s.proofs);
    for (k, p) in proofs.enumerate() {
        let name = format!("force-{}", k + 1);
        for path in files::write_proof(dir, &name, &report.state, p, size)?.files {
            eprintln!("wrote {}", path.display());
        }
        let path = dir.join(format!("{name}.json"));
        let view = ProofView::of(&report.state, p);
        files::write_atomically(&path, serde_json::to_string_pretty(&view)?.as_bytes())?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// One JSON row per proof; a choice's rows name it.
fn report_json(report: &ForceReport, by_choice: bool) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = report
        .sections
        .iter()
        .flat_map(|s| s.proofs.iter().map(move |p| (s, p)))
        .map(|(s, p)| {
            let text = pattern_text(&report.state, p);
            let mut row = json!({
                "technique": p.rule, "length": p.length, "text": text,
                "eliminations": p.elimination_texts(), "assertions": p.assertion_texts(),
                "proof": ProofView::of(&report.state, p),
            });
            if by_choice {
                let choice = s.choice.as_ref().map(choice_name);
                row.as_object_mut()
                    .expect("an object")
                    .insert("choice".into(), json!(choice));
            }
            row
        })
        .collect();
    json!(rows)
}

/// GNPX's lists: the state after the basic rules, then each section's heading and proofs
/// (with `--every-choice`, choices without conclusions left out and counted at the end).
fn report_text(report: &ForceReport, every_choice: bool) -> String {
    let mut text = String::new();
    if report.basic_steps > 0 {
        text.push_str(&format!(
            "After {} steps of the basic rules:\n{}\n",
            report.basic_steps,
            to_pencil_mark_grid(&report.state)
        ));
    }
    for s in &report.sections {
        if s.proofs.is_empty() && every_choice {
            continue;
        }
        let choice = s
            .choice
            .as_ref()
            .map(|c| format!(" {}", choice_name(c)))
            .unwrap_or_default();
        text.push_str(&format!(
            "{}{choice}: {} conclusions\n\n",
            s.technique,
            s.proofs.len()
        ));
        for p in &s.proofs {
            text.push_str(&format!(
                "{}  [{} inferences]\n\n",
                pattern_text(&report.state, p),
                p.length
            ));
        }
    }
    if every_choice {
        let concluding = report
            .sections
            .iter()
            .filter(|s| !s.proofs.is_empty())
            .count();
        text.push_str(&format!(
            "{} choices, {concluding} with conclusions\n",
            report.sections.len()
        ));
    }
    text
}
