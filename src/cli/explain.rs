//! `sudolink explain`: why does an elimination (or placement) hold? The shortest proof in
//! every family, or "none up to length N"; every elimination of a state grouped by the
//! simplest family that proves it (`--all`); the next hint (`--next`); proof files for a
//! forum post (`--export DIR`).

use super::input::{load, Loaded};
use anyhow::{anyhow, bail, Context, Result};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::PathBuf;
use sudolink::export::{diagram, files};
use sudolink::graph::LinkIndex;
use sudolink::grid::{Candidate, Digit, State};
use sudolink::proof::{notation, Proof};
use sudolink::search::family::WHIP_KINDS;
use sudolink::search::{basic_rules, chains, first_step, whips, ChainFamily, Rule, WhipKind};
use sudolink::study::rating::{rules_for, Scheme};
use sudolink::study::resolution::verify;

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// An 81-character puzzle, or a file with one grid (default: Ocean #1)
    pub puzzle: Option<String>,
    /// The conclusion to explain: r3c9<>8 (elimination) or r3c9=8 (placement)
    #[arg(long)]
    pub target: Option<String>,
    /// Explain on this pencil-mark state instead of the puzzle's start
    #[arg(long)]
    pub state: Option<PathBuf>,
    /// Apply this resolution path (seeds' notation, as check-path reads it) first
    #[arg(long, conflicts_with = "state")]
    pub after: Option<PathBuf>,
    /// Longest chain or whip to search
    #[arg(long, default_value_t = 20)]
    pub max_len: usize,
    /// Longest g-whip / g-braid to search (their search grows fastest with length; by default
    /// at most 16 for g-whips and 10 for g-braids, within --max-len)
    #[arg(long)]
    pub g_max_len: Option<usize>,
    /// Only these families (comma list: basic, xy, ..., nrczt, nrct-lasso, nrczt-lasso,
    /// lasso, whip, braid, g-whip, g-braid)
    #[arg(long)]
    pub families: Option<String>,
    /// List every elimination of the state by its simplest family and length
    #[arg(long)]
    pub all: bool,
    /// The one step a hint should show next
    #[arg(long)]
    pub next: bool,
    /// Write each proof's SVG, PNG, DOT and text into this folder
    #[arg(long)]
    pub export: Option<PathBuf>,
    /// JSON output
    #[arg(long)]
    pub json: bool,
    /// Analyse a puzzle with no or several solutions
    #[arg(long)]
    pub allow_nonunique: bool,
}

/// One family as explain lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Basic,
    Chain(ChainFamily),
    Whip(WhipKind),
}

impl Family {
    fn all() -> Vec<Family> {
        let mut out = vec![Family::Basic];
        out.extend(ChainFamily::ALL.map(Family::Chain));
        out.extend(WHIP_KINDS.map(Family::Whip));
        out
    }
    /// `basic`, or the family's command-line name (`nrczt-lasso`, `g-whip`).
    fn label(self) -> &'static str {
        match self {
            Family::Basic => "basic",
            Family::Chain(f) => f.name(),
            Family::Whip(k) => k.name(),
        }
    }
}

fn selected_families(list: Option<&str>) -> Result<Vec<Family>> {
    let all = Family::all();
    let Some(list) = list else { return Ok(all) };
    let mut out = Vec::new();
    for name in list
        .split(',')
        .map(|n| n.trim().to_ascii_lowercase())
        .filter(|n| !n.is_empty())
    {
        let matched: Vec<Family> = all
            .iter()
            .copied()
            .filter(|f| f.label() == name || (name == "lasso" && f.label().ends_with("-lasso")))
            .collect();
        if matched.is_empty() {
            let labels: Vec<&str> = all.iter().map(|f| f.label()).collect();
            bail!(
                "unknown family {name:?} in --families; known: {}",
                labels.join(", ")
            );
        }
        out.extend(matched);
    }
    Ok(out)
}

/// A parsed `--target`.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub candidate: Candidate,
    pub placement: bool,
}

/// Parse `r3c9<>8`, `r3c9≠8` or `r3c9=8`.
pub fn parse_target(text: &str) -> Result<Target> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = || {
        anyhow!("malformed target {text:?}: expected r3c9<>8 (elimination) or r3c9=8 (placement)")
    };
    let (cell, digit, placement) =
        if let Some((c, d)) = t.split_once("<>").or_else(|| t.split_once('≠')) {
            (c, d, false)
        } else if let Some((c, d)) = t.split_once('=') {
            (c, d, true)
        } else {
            return Err(bad());
        };
    let cell = sudolink::proof::serde_forms::parse_cell(cell).ok_or_else(bad)?;
    let digit = digit
        .parse::<u8>()
        .ok()
        .and_then(Digit::new)
        .ok_or_else(bad)?;
    Ok(Target {
        candidate: Candidate::new(cell, digit),
        placement,
    })
}

fn target_text(t: &Target) -> String {
    if t.placement {
        t.candidate.assertion()
    } else {
        t.candidate.elimination()
    }
}

/// Refuse targets that are not candidates, on placed cells, or false.
fn validate(t: &Target, state: &State, solution: Option<&[u8; 81]>) -> Result<()> {
    let (cell, digit) = (t.candidate.cell(), t.candidate.digit());
    if let Some(v) = state.value(cell) {
        bail!(
            "{} cannot be explained: {cell} already holds {v}",
            target_text(t)
        );
    }
    if !state.has(t.candidate) {
        bail!("{digit} is not a candidate of {cell} in this state");
    }
    if let Some(sol) = solution {
        let truth = sol[cell.index()];
        if !t.placement && truth == digit.get() {
            bail!(
                "{} cannot hold: {digit} is the solution of {cell}",
                target_text(t)
            );
        }
        if t.placement && truth != digit.get() {
            bail!(
                "{} cannot hold: the solution of {cell} is {truth}",
                target_text(t)
            );
        }
    }
    Ok(())
}

/// The longest length searched in `family`.
fn length_bound(family: Family, args: &ExplainArgs) -> usize {
    let cap = |default: usize| args.g_max_len.unwrap_or(default.min(args.max_len));
    match family {
        Family::Whip(WhipKind::GWhip) => cap(16),
        Family::Whip(WhipKind::GBraid) => cap(10),
        _ => args.max_len,
    }
}

/// The shortest proof of the target in one family, up to `max_len`.
fn shortest(links: &LinkIndex, family: Family, t: &Target, max_len: usize) -> Option<Proof> {
    let concludes = |p: &Proof| {
        if t.placement {
            p.assertions.contains(&t.candidate)
        } else {
            p.eliminations.contains(&t.candidate)
        }
    };
    match family {
        Family::Basic => basic_rules()
            .into_iter()
            .flat_map(|r| r.find(links))
            .find(|p| concludes(p)),
        _ if t.placement => None,
        Family::Chain(f) => chains::shortest_for_target(links, f, t.candidate, max_len),
        Family::Whip(k) => whips::shortest_for_target(links, k, t.candidate, max_len),
    }
}

/// Load the state to explain: the puzzle's start, or a pencil-mark file.
fn load_state(args: &ExplainArgs) -> Result<Loaded> {
    let mut loaded = match &args.state {
        None => load(args.puzzle.as_deref(), args.allow_nonunique)?,
        Some(path) => {
            let arg = path.to_str().context("state path is not UTF-8")?;
            load(Some(arg), args.allow_nonunique)?
        }
    };
    if let Some(path) = &args.after {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read path file {}", path.display()))?;
        let r = sudolink::study::path::replay(&loaded.state, &text, loaded.solution.as_ref())
            .with_context(|| format!("applying {}", path.display()))?;
        loaded.state = r.final_state;
    }
    Ok(loaded)
}

pub fn run(args: &ExplainArgs) -> Result<()> {
    let loaded = load_state(args)?;
    let links = LinkIndex::new(&loaded.state);
    if args.next {
        return next_step(args, &loaded, &links);
    }
    if args.all {
        return all_eliminations(args, &loaded, &links);
    }
    let target_text_arg = args
        .target
        .as_deref()
        .ok_or_else(|| anyhow!("give --target r3c9<>8 (or --all, or --next)"))?;
    let target = parse_target(target_text_arg)?;
    validate(&target, &loaded.state, loaded.solution.as_ref())?;
    let families = selected_families(args.families.as_deref())?;
    let results: Vec<(Family, Option<Proof>)> = families
        .iter()
        .map(|&f| (f, shortest(&links, f, &target, length_bound(f, args))))
        .collect();
    // every proof shown is re-verified from the state (and against the solution)
    for p in results.iter().filter_map(|(_, p)| p.as_ref()) {
        let text = notation::nrc_text(&loaded.state, p);
        verify(&loaded.state, p, loaded.solution.as_ref(), 1, &text)?;
    }
    let simplest = results
        .iter()
        .filter_map(|(f, p)| p.as_ref().map(|p| (*f, p)))
        .min_by_key(|(f, p)| {
            (
                if *f == Family::Basic { 0 } else { p.length },
                Family::all().iter().position(|x| x == f),
            )
        });
    if let Some(dir) = &args.export {
        for (f, p) in results
            .iter()
            .filter_map(|(f, p)| p.as_ref().map(|p| (f, p)))
        {
            let name = format!(
                "{}-{}",
                f.label(),
                target_text(&target)
                    .replace("<>", "-not-")
                    .replace('=', "-is-")
            );
            files::write_proof(dir, &name, &loaded.state, p)?;
        }
    }
    if args.json {
        let per_family: Vec<serde_json::Value> = results
            .iter()
            .map(|(f, p)| match p {
                Some(p) => json!({"family": f.label(), "length": p.length, "text": notation::nrc_text(&loaded.state, p), "proof": p}),
                None => json!({"family": f.label(), "proof": null, "none_up_to": length_bound(*f, args)}),
            })
            .collect();
        let v = json!({
            "puzzle": loaded.line,
            "target": target_text(&target),
            "families": per_family,
            "simplest": simplest.map(|(f, p)| json!({"family": f.label(), "text": notation::nrc_text(&loaded.state, p)})),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!("Why {}?", target_text(&target));
    for (f, p) in &results {
        match p {
            Some(p) => println!("{:<12} {}", f.label(), notation::nrc_text(&loaded.state, p)),
            None if target.placement && *f != Family::Basic => {
                println!("{:<12} none (this family only eliminates)", f.label())
            }
            None => println!(
                "{:<12} none up to length {}",
                f.label(),
                length_bound(*f, args)
            ),
        }
    }
    match simplest {
        Some((f, p)) => println!(
            "simplest: {} ({})",
            notation::nrc_text(&loaded.state, p),
            f.label()
        ),
        None => println!("simplest: none up to length {}", args.max_len),
    }
    Ok(())
}

/// Every elimination of the state, each under the simplest family and length proving it.
fn all_eliminations(args: &ExplainArgs, loaded: &Loaded, links: &LinkIndex) -> Result<()> {
    let families = selected_families(args.families.as_deref())?;
    let mut best: BTreeMap<Candidate, (usize, usize, Proof)> = BTreeMap::new();
    for (rank, f) in families.iter().enumerate() {
        let rules: Vec<Rule> = match f {
            Family::Basic => basic_rules(),
            Family::Chain(c) => (1..=args.max_len).map(|n| Rule::Chain(*c, n)).collect(),
            Family::Whip(k) => (1..=length_bound(*f, args))
                .map(|n| Rule::Whip(*k, n))
                .collect(),
        };
        for rule in rules {
            for p in rule.find(links) {
                let text = notation::nrc_text(&loaded.state, &p);
                verify(&loaded.state, &p, loaded.solution.as_ref(), 1, &text)?;
                let key = (if *f == Family::Basic { 0 } else { p.length }, rank);
                for &c in &p.eliminations {
                    let better = best.get(&c).is_none_or(|(l, r, _)| key < (*l, *r));
                    if better {
                        best.insert(c, (key.0, key.1, p.clone()));
                    }
                }
            }
        }
    }
    let mut groups: BTreeMap<(usize, usize), Vec<(Candidate, Proof)>> = BTreeMap::new();
    for (c, (l, r, p)) in best {
        groups.entry((l, r)).or_default().push((c, p));
    }
    if args.json {
        let families = &families;
        let v: Vec<serde_json::Value> = groups
            .iter()
            .flat_map(|((l, r), items)| {
                items.iter().map(move |(c, p)| {
                    json!({"elimination": c.elimination(), "family": families[*r].label(), "length": l, "text": notation::nrc_text(&loaded.state, p)})
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    for ((l, r), items) in &groups {
        let label = if *l == 0 {
            families[*r].label().to_string()
        } else {
            format!("{}[{l}]", families[*r].label())
        };
        println!("{label}: {} elimination(s)", items.len());
        for (c, p) in items {
            println!(
                "  {:<9} {}",
                c.elimination(),
                notation::nrc_text(&loaded.state, p)
            );
        }
    }
    if groups.is_empty() {
        println!("no elimination up to length {}", args.max_len);
    }
    Ok(())
}

/// The simplest step available (the N scheme's order), with its picture.
fn next_step(args: &ExplainArgs, loaded: &Loaded, links: &LinkIndex) -> Result<()> {
    let rules = rules_for(Scheme::N, args.max_len);
    let Some(p) = first_step(&rules, links) else {
        bail!(
            "no step applies up to length {} (rules of the N scheme)",
            args.max_len
        );
    };
    verify(
        &loaded.state,
        &p,
        loaded.solution.as_ref(),
        1,
        &notation::nrc_text(&loaded.state, &p),
    )?;
    let d = diagram::from_proof(&loaded.state, &p);
    let svg = d.to_svg();
    if let Some(dir) = &args.export {
        files::write_proof(dir, "next", &loaded.state, &p)?;
    }
    let text = notation::nrc_text(&loaded.state, &p);
    if args.json {
        let v = json!({
            "rule": p.rule, "family": p.family, "length": p.length, "text": text,
            "eliminations": p.elimination_texts(), "assertions": p.assertion_texts(),
            "highlights": d.marks.iter().map(|m| json!({"candidate": m.candidate.to_string(), "role": format!("{:?}", m.role).to_lowercase()})).collect::<Vec<_>>(),
            "links": d.arrows.iter().map(|a| json!({"from": a.from.to_string(), "to": a.to.to_string(), "strong": a.strong})).collect::<Vec<_>>(),
            "svg": svg, "proof": p,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!("{text}");
    }
    Ok(())
}
