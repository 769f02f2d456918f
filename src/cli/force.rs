//! `sudolink force`: GNPX's force chains (seed 003) and the forcing nets on a state, printed
//! as GNPX prints them, with JSON and per-proof exports (grid SVG/PNG, a DOT net with one
//! cluster per branch rendered by graphviz, the text, the proof as JSON).

use super::input::load;
use anyhow::{bail, Result};
use serde_json::json;
use std::path::PathBuf;
use sudolink::export::files;
use sudolink::export::svg::PixelWidth;
use sudolink::graph::LinkIndex;
use sudolink::grid::format::to_pencil_mark_grid;
use sudolink::grid::State;
use sudolink::notation::gnpx::{choice_name, gnpx_text, read_choice};
use sudolink::proof::net::{ForceMode, LinkLevel, NetChoice, NetForm};
use sudolink::proof::{Pattern, Proof};
use sudolink::search::force::{choice_members, every_choice, find, prove_choice, ForceSpec};
use sudolink::search::Meter;
use sudolink::study::resolution::{verify, working_state};

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
pub enum Level {
    /// Weak and strong links between candidates only
    Links,
    /// And groups (a digit's candidates in a block ∩ line)
    Groups,
    /// And ALS super links, as GNPX (the default)
    Als,
}

#[derive(clap::Args, Debug)]
pub struct ForceArgs {
    /// An 81-character puzzle, or a file with one grid or pencil-mark state
    /// (default: Ocean #1 from seed 000)
    pub puzzle: Option<String>,
    /// Which force technique
    #[arg(long, value_enum, default_value = "all")]
    pub mode: Mode,
    /// Which links the inferences may use
    #[arg(long, value_enum, default_value = "als")]
    pub level: Level,
    /// Forcing nets: an inference may need several premises at once (a variable's last
    /// candidate after several falses, an ALS digit false in several cells). Printed as
    /// each branch's inferences in order, since a net is not one line per branch.
    /// Without it: force chains, one premise per inference, one GNPX line per branch.
    #[arg(long)]
    pub net: bool,
    /// Work on the state as given: by default the basic rules (singles, interactions,
    /// subsets, fish, wings) are applied first, as GNPX applies its simpler methods
    #[arg(long)]
    pub no_basic: bool,
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
    /// Print one JSON array instead of the text
    #[arg(long)]
    pub json: bool,
    /// Write each printed proof as force-K.{svg,png,dot,graph.svg,txt,json} into DIR
    #[arg(long, value_name = "DIR")]
    pub export: Option<PathBuf>,
    /// Width of the exported SVG and PNG pictures in pixels (200 to 4000; default 596,
    /// the height follows)
    #[arg(long, value_name = "N", requires = "export", value_parser = super::numbers::picture_width)]
    pub size: Option<PixelWidth>,
    /// Analyse a puzzle with several solutions (no solution check)
    #[arg(long)]
    pub allow_nonunique: bool,
}

fn specs(args: &ForceArgs) -> Vec<ForceSpec> {
    let level = match args.level {
        Level::Links => LinkLevel::Links,
        Level::Groups => LinkLevel::Groups,
        Level::Als => LinkLevel::Als,
    };
    let form = if args.net {
        NetForm::Net
    } else {
        NetForm::Chain
    };
    let modes: &[ForceMode] = match args.mode {
        Mode::Cell => &[ForceMode::Cell],
        Mode::House => &[ForceMode::House],
        Mode::Contradiction => &[ForceMode::Contradiction],
        Mode::All => &[ForceMode::Cell, ForceMode::House, ForceMode::Contradiction],
    };
    modes
        .iter()
        .map(|&m| ForceSpec::new(m, level, form))
        .collect()
}

pub fn run(args: &ForceArgs) -> Result<()> {
    let loaded = load(args.puzzle.as_deref(), args.allow_nonunique)?;
    let (state, basic_steps) =
        working_state(&loaded.state, loaded.solution.as_ref(), !args.no_basic)?;
    if state.is_solved() {
        bail!("the basic rules solve this puzzle: no force chain is needed (use --no-basic)");
    }
    let links = LinkIndex::new(&state);
    let mut printed: Vec<Proof> = Vec::new();
    let mut text = String::new();
    if basic_steps > 0 {
        text.push_str(&format!(
            "After {basic_steps} steps of the basic rules:\n{}\n",
            to_pencil_mark_grid(&state)
        ));
    }
    if args.choice.is_some() || args.every_choice {
        let listed = choice_lists(args, &links)?;
        return print_choice_lists(args, &state, &loaded, &listed, text);
    }
    for spec in specs(args) {
        let mut proofs = find(&links, spec, None, &mut Meter::unlimited()).proofs;
        if args.limit > 0 {
            proofs.truncate(args.limit);
        }
        let name = sudolink::proof::net::technique_name(spec.mode, spec.level, spec.form);
        text.push_str(&format!("{name}: {} conclusions\n\n", proofs.len()));
        for p in proofs {
            verify(
                &state,
                &p,
                loaded.solution.as_ref(),
                printed.len() + 1,
                &p.rule,
            )?;
            let Pattern::Net(net) = &p.pattern else {
                unreachable!("force proofs are nets")
            };
            text.push_str(&format!(
                "{}  [{} inferences]\n\n",
                gnpx_text(net, &p),
                p.length
            ));
            printed.push(p);
        }
    }
    if let Some(dir) = &args.export {
        for (k, p) in printed.iter().enumerate() {
            let name = format!("force-{}", k + 1);
            for path in files::write_proof(dir, &name, &state, p, args.size)?.files {
                eprintln!("wrote {}", path.display());
            }
            let path = dir.join(format!("{name}.json"));
            files::write_atomically(&path, serde_json::to_string_pretty(p)?.as_bytes())?;
            eprintln!("wrote {}", path.display());
        }
    }
    if args.json {
        let v: Vec<_> = printed
            .iter()
            .map(|p| {
                let Pattern::Net(net) = &p.pattern else {
                    unreachable!("force proofs are nets")
                };
                json!({
                    "technique": p.rule, "length": p.length, "text": gnpx_text(net, p),
                    "eliminations": p.elimination_texts(), "assertions": p.assertion_texts(),
                    "proof": p,
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print!("{text}");
    }
    Ok(())
}

/// The choices asked for (`--choice`, or every choice of the cell and house modes asked by
/// `--mode`), each with its conclusions: GNPX's per-choice lists.
fn choice_lists(
    args: &ForceArgs,
    links: &LinkIndex,
) -> Result<Vec<(ForceSpec, NetChoice, Vec<Proof>)>> {
    let level = specs(args)[0].level;
    let form = specs(args)[0].form;
    let mut asked: Vec<(ForceMode, NetChoice)> = Vec::new();
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
        choice_members(links, mode, &choice).map_err(|e| anyhow::anyhow!("--choice: {e}"))?;
        asked.push((mode, choice));
    } else {
        let modes: &[ForceMode] = match args.mode {
            Mode::Cell => &[ForceMode::Cell],
            Mode::House => &[ForceMode::House],
            Mode::All => &[ForceMode::Cell, ForceMode::House],
            Mode::Contradiction => {
                bail!("--every-choice lists the cell and house modes' choices: not contradiction")
            }
        };
        for &mode in modes {
            asked.extend(every_choice(links, mode).into_iter().map(|c| (mode, c)));
        }
    }
    Ok(asked
        .into_iter()
        .map(|(mode, choice)| {
            let spec = ForceSpec::new(mode, level, form);
            let mut proofs = prove_choice(links, spec, &choice);
            proofs.sort_by_key(|p| p.length);
            if args.limit > 0 {
                proofs.truncate(args.limit);
            }
            (spec, choice, proofs)
        })
        .collect())
}

/// Print the per-choice lists: each choice with conclusions under its heading, every proof
/// checked.
fn print_choice_lists(
    args: &ForceArgs,
    state: &State,
    loaded: &super::input::Loaded,
    listed: &[(ForceSpec, NetChoice, Vec<Proof>)],
    mut text: String,
) -> Result<()> {
    let mut k = 0;
    let mut json_rows = Vec::new();
    let concluding = listed.iter().filter(|(_, _, p)| !p.is_empty()).count();
    for (spec, choice, proofs) in listed {
        let name = sudolink::proof::net::technique_name(spec.mode, spec.level, spec.form);
        if proofs.is_empty() && args.every_choice {
            continue;
        }
        text.push_str(&format!(
            "{name} {}: {} conclusions\n\n",
            choice_name(choice),
            proofs.len()
        ));
        for p in proofs {
            k += 1;
            verify(state, p, loaded.solution.as_ref(), k, &p.rule)?;
            let Pattern::Net(net) = &p.pattern else {
                unreachable!("force proofs are nets")
            };
            text.push_str(&format!(
                "{}  [{} inferences]\n\n",
                gnpx_text(net, p),
                p.length
            ));
            json_rows.push(json!({
                "choice": choice_name(choice), "technique": p.rule, "length": p.length,
                "text": gnpx_text(net, p), "eliminations": p.elimination_texts(),
                "assertions": p.assertion_texts(), "proof": p,
            }));
        }
    }
    if args.every_choice {
        text.push_str(&format!(
            "{} choices, {concluding} with conclusions\n",
            listed.len()
        ));
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json_rows)?);
    } else {
        print!("{text}");
    }
    Ok(())
}
