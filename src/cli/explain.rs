//! `sudolink explain`: why does an elimination (or placement) hold? The shortest proof in
//! every family, or "none up to length N"; every elimination of a state grouped by the
//! simplest family that proves it (`--all`); the next hint (`--next`); proof files for a
//! forum post (`--export DIR`).

use super::input::{load, Loaded};
use super::progress::Status;
use super::solve::Notation;
use anyhow::{anyhow, bail, Context, Result};
use std::path::PathBuf;
use sudolink_engine::grid::{Conclusion, State};
use sudolink_engine::proof::Proof;
use sudolink_export::files;
use sudolink_export::json::proof_json;
use sudolink_export::svg::PixelWidth;
use sudolink_notation::{hodoku, nrc};
use sudolink_search::limits::Bounds;
use sudolink_search::registry::TechniqueId;
use sudolink_study::backdoors;
use sudolink_study::escalation::{solve_escalating, Pace};
use sudolink_study::explain::{
    self, explain_all, explain_target, read_target, Explained, Group, Limits, NoProof, Options,
    Progress, TargetReport,
};
use sudolink_study::rating::{rules_for, Scheme};
use sudolink_study::resolution::{solve_steps, verify};
use sudolink_study::rules;
use sudolink_study::shortening::{shortening, Compared};

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// An 81-character puzzle, a file with one grid, FILE:K (puzzle K of a list), `-`
    /// (standard input) or a named puzzle such as loki (default: Ocean #1)
    pub puzzle: Option<String>,
    /// The conclusion to explain: r3c9<>8 (elimination) or r3c9=8 (placement)
    #[arg(long, conflicts_with_all = ["all", "next"])]
    pub target: Option<String>,
    /// Explain on this pencil-mark state instead of the puzzle's start
    #[arg(long)]
    pub state: Option<PathBuf>,
    /// Apply this resolution path (Berthier's notation, as check-path reads it) first
    #[arg(long, conflicts_with = "state")]
    pub after: Option<PathBuf>,
    /// Explain on the state in which step N of a resolution path is found (the path of
    /// `solve --rules SPEC` with SPEC from --path-rules, else from --rules, else the path
    /// `solve` walks with no --rules; step numbers as solve prints them, from 1)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub at_step: Option<u32>,
    /// The rule set of the path --at-step walks when it is not the --rules list (basic, a
    /// scheme such as W or N, or a list, as `solve --rules`)
    #[arg(long, value_name = "SPEC", requires = "at_step")]
    pub path_rules: Option<String>,
    /// Longest proof to search, its length on the scale (chains and whips: CSP variables;
    /// nets and tagging: inferences; 1 to 999); the default is the one solve, rate and
    /// explain share
    #[arg(long, default_value_t = explain::MAX_LEN, value_parser = super::numbers::max_len)]
    pub max_len: usize,
    /// Longest g-whip / g-braid to search (their search grows fastest with length; by default
    /// at most 16 for g-whips and 10 for g-braids, within --max-len)
    #[arg(long, value_parser = super::numbers::max_len)]
    pub g_max_len: Option<usize>,
    /// Only these techniques: a comma list of names and sets, or a rule set as `solve --rules`
    /// takes it (basic, a scheme: its techniques). Default: every technique but the trial and
    /// uniqueness ones; `--list` prints the names. `--techniques` and `--families` are its
    /// older names
    #[arg(long, value_name = "LIST", visible_aliases = ["techniques", "families"])]
    pub rules: Option<String>,
    /// Print the technique and set names `--rules` takes, and nothing else
    #[arg(long)]
    pub list: bool,
    /// Also the uniqueness techniques (unique rectangles, BUG...), which assume the puzzle
    /// has one solution: by default they are asked only by name
    #[arg(long)]
    pub uniqueness: bool,
    /// Print every technique's proof in full, grouped by system (by default: the simplest
    /// proof, a table of the others, and one line for those that found nothing)
    #[arg(long, short)]
    pub verbose: bool,
    /// List every elimination of the state by its simplest family and length
    #[arg(long, conflicts_with = "next")]
    pub all: bool,
    /// The one step a hint should show next
    #[arg(long)]
    pub next: bool,
    /// Work budget: partial chains/whips explored in all, shared among the techniques
    /// (default: 4,000,000 with --all, none otherwise; 0 for none)
    #[arg(long)]
    pub budget: Option<u64>,
    /// Time limit in seconds, shared among the techniques (default: 1.5 for a target, 4
    /// with --all; 0 for none)
    #[arg(long, value_parser = super::numbers::seconds_or_none)]
    pub timeout: Option<f64>,
    /// Memory ceiling in MB, respected by stopping searches (default: 280)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub memory: Option<u64>,
    /// Write each proof's SVG, PNG, DOT and text into this folder
    #[arg(long)]
    pub export: Option<PathBuf>,
    /// Width of the exported SVG and PNG pictures in pixels (200 to 4000; default 596,
    /// the height follows)
    #[arg(long, value_name = "N", requires = "export", value_parser = super::numbers::picture_width)]
    pub size: Option<PixelWidth>,
    /// With --export, write every proof found, one set of files per technique (by default
    /// only the simplest proof's, unless --rules names the techniques)
    #[arg(long, requires = "export")]
    pub every_proof: bool,
    /// With --export, also draw each branch of a force chain, force net or tagging, and
    /// each chain of a 3D Medusa, alone: NAME.part-K.svg and .png (K from 1)
    #[arg(long, requires = "export")]
    pub parts: bool,
    /// How to print the proofs and the conclusion (its sign: `<>` in ours and HoDoKu's, `≠`
    /// in SudoRules'); the JSON's texts are in ours
    #[arg(long, value_enum, default_value_t = Notation::Nrc)]
    pub notation: Notation,
    /// JSON output (one target: the schema `--json-schema` prints)
    #[arg(long)]
    pub json: bool,
    /// Print the JSON Schema of `--json` for one target, and nothing else
    #[arg(long)]
    pub json_schema: bool,
    /// Analyse a puzzle with several solutions (no solution check); one with none is refused
    #[arg(long)]
    pub allow_nonunique: bool,
    /// Where scheme B's path shortens scheme A's (`W,FW`): each step of B's path by a rule A
    /// lacks, with A's shortest proof of its elimination on that state (or none up to
    /// --max-len); the first where B's is shorter in full, both proofs checked
    #[arg(long, value_name = "A,B", conflicts_with_all = ["target", "all", "next", "json", "export"])]
    pub shortens: Option<String>,
}

impl ExplainArgs {
    /// The techniques asked for (default: every technique of the registry).
    fn techniques(&self) -> Result<Vec<TechniqueId>> {
        match self.rules.as_deref() {
            None => Ok(explain::default_techniques_with(self.uniqueness)),
            Some(list) => {
                let mut named = explain::techniques_of(list, self.max_len)
                    .map_err(|e| anyhow!("--rules: {e}"))?;
                if self.uniqueness {
                    named.extend(
                        explain::default_techniques_with(true)
                            .into_iter()
                            .filter(|t| t.assumes_uniqueness()),
                    );
                }
                Ok(named)
            }
        }
    }

    /// The rule set of the path `--at-step` walks: `--path-rules`, else `--rules`.
    fn path_spec(&self) -> Option<&str> {
        self.path_rules.as_deref().or(self.rules.as_deref())
    }

    fn limits(&self) -> Limits {
        let asked = if self.all {
            explain::Asked::All
        } else if self.next {
            explain::Asked::Next
        } else {
            explain::Asked::Target
        };
        explain::limits(asked, self.budget, self.timeout, self.memory)
    }

    fn options(&self) -> Result<Options> {
        Ok(Options {
            techniques: self.techniques()?,
            max_len: self.max_len,
            g_max_len: self.g_max_len,
            limits: self.limits(),
            // one target's rows on every core (under a --budget, in order on one)
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        })
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
        let r = sudolink_study::path::replay(&loaded.state, &text, loaded.solution.as_ref())
            .with_context(|| format!("applying {}", path.display()))?;
        loaded.state = r.final_state;
    }
    if let Some(n) = args.at_step {
        loaded.state = state_at_step(args, &loaded, n as usize)?;
    }
    Ok(loaded)
}

/// The state step `n` of the path is found in: the path of `--path-rules` (else `--rules`),
/// or with neither the one `solve` walks with no `--rules` (the escalation's).
fn state_at_step(args: &ExplainArgs, loaded: &Loaded, n: usize) -> Result<State> {
    let (path, rules) = match args.path_spec() {
        Some(text) => {
            let spec = rules::parse(text, args.max_len)?;
            let path = solve_steps(&loaded.state, &spec.rules, loaded.solution.as_ref(), n - 1)?;
            (path, format!("rules {text}"))
        }
        None => {
            // within solve's default bounds, as solve walks it (a rule set's share of that
            // time is where the path can depend on the machine: `solve --save-state` writes
            // the state of the path it printed)
            let escalated = solve_escalating(
                &loaded.state,
                loaded.solution.as_ref(),
                (args.max_len, n - 1),
                Bounds::default().start(),
                Pace::Steps,
            )?;
            let rungs: Vec<&str> = escalated.rungs().iter().map(|r| r.rules).collect();
            (
                escalated.resolution,
                format!("rule sets {}", rungs.join(", ")),
            )
        }
    };
    if path.steps.len() < n - 1 || path.final_state.is_solved() {
        bail!(
            "the path with {rules} has {} step(s); there is no step {n}",
            path.steps.len()
        );
    }
    Ok(path.final_state)
}

pub fn run(args: &ExplainArgs) -> Result<()> {
    if args.json_schema {
        print!("{}", explain::JSON_SCHEMA);
        return Ok(());
    }
    if args.list {
        print!("{}", super::techniques::names_list());
        return Ok(());
    }
    let options = args.options()?;
    rules::refuse_uniqueness(options.techniques.iter().copied(), args.allow_nonunique)?;
    if let Some(text) = args.path_spec().filter(|_| args.at_step.is_some()) {
        let spec = rules::parse(text, args.max_len)?;
        rules::refuse_uniqueness(spec.rules.iter().map(|r| r.technique), args.allow_nonunique)?;
    }
    let loaded = load_state(args)?;
    if let Some(pair) = &args.shortens {
        return shortens(args, &loaded, pair);
    }
    if args.next {
        return next_step(args, &loaded);
    }
    if args.all {
        return all_eliminations(args, &loaded, &options);
    }
    let target_text = args
        .target
        .as_deref()
        .ok_or_else(|| anyhow!("give --target r3c9<>8 (or --all, or --next)"))?;
    let conclusion = read_target(target_text)?;
    explain::validate(&conclusion, &loaded.state, loaded.solution.as_ref())?;
    let report = explain_target(
        &loaded.state,
        conclusion,
        loaded.solution.as_ref(),
        &options,
    )?;
    let max_len = options.max_len;
    if let Some(dir) = &args.export {
        let name_of = |label: &str| {
            format!(
                "{label}-{}",
                conclusion
                    .to_string()
                    .replace("<>", "-not-")
                    .replace('=', "-is-")
            )
        };
        let mut written = Vec::new();
        let proofs = exported_proofs(args, &report);
        for (label, p) in proofs {
            let name = name_of(label);
            let files = files::write_proof(dir, &name, &loaded.state, p, args.size)?.files;
            written.extend(files);
            if args.parts {
                written.extend(files::write_parts(dir, &name, &loaded.state, p, args.size)?);
            }
        }
        if written.is_empty() {
            eprintln!("no proof found: nothing written to {}", dir.display());
        } else {
            for path in &written {
                eprintln!("wrote {}", path.display());
            }
        }
    }
    let text = |p: &Proof| args.notation.proof_text(&loaded.state, p);
    if args.json {
        // the keys in reading order, the answer first
        let mut v = explain::target_json(&loaded.state, &loaded.line, &report, &options);
        v.anti_backdoor =
            backdoors::anti_backdoor_of(&loaded.state, loaded.solution.as_ref(), &conclusion);
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!("State: {}", state_origin(args, &loaded));
    println!("Why {}?", args.notation.conclusion_text(&conclusion));
    let (state, solution) = (&loaded.state, loaded.solution.as_ref());
    if let Some(line) = (!conclusion.placement)
        .then(|| backdoors::anti_backdoor_line(state, solution, conclusion.candidate))
        .flatten()
    {
        println!("{line}");
    }
    let answer = report.answer(&loaded.state);
    // the answer first: the simplest proof, its HoDoKu line, the techniques that found the
    // same step
    match &answer.simplest {
        Some(g) => {
            let (label, p) = report
                .simplest_proof()
                .expect("a simplest group has a proof");
            let same = if g.labels.len() > 1 {
                format!("; the same step: {}", g.labels[1..].join(", "))
            } else {
                String::new()
            };
            println!("simplest ({label}, length {}{same}): {}", g.length, text(p));
            if let Some(line) = hodoku_line(&loaded.state, p, args.notation) {
                println!("  HoDoKu: {line}");
            }
        }
        None => {
            let cut = !answer.nothing.cut.is_empty()
                || answer.nothing.up_to.iter().any(|(n, _)| *n < max_len);
            if cut {
                println!("simplest: none found (not every family was searched to length {max_len}: see below)")
            } else {
                println!("simplest: none up to length {max_len}")
            }
        }
    }
    if args.verbose {
        every_row(&report, &loaded.state, max_len, args.notation);
    } else {
        others_table(&answer.others);
        if let Some(line) = answer.nothing.text(max_len) {
            println!("{line}");
        }
    }
    if args.rules.is_none() {
        if let Some(line) = explain::not_asked(&options.techniques) {
            println!("{line}");
        }
    }
    Ok(())
}

/// The proofs `--export` writes: the simplest (or, for a placement no technique makes
/// alone, the composite) by default; every row's with `--every-proof` or a `--rules` list.
fn exported_proofs<'a>(args: &ExplainArgs, report: &'a TargetReport) -> Vec<(&'a str, &'a Proof)> {
    let composite = match &report.composite {
        Some(Ok(p)) => Some(("composite", p)),
        _ => None,
    };
    if args.every_proof || args.rules.is_some() {
        let rows = report.rows.iter();
        return rows
            .filter_map(|r| r.proof.as_ref().map(|p| (r.label, p)))
            .chain(composite)
            .collect();
    }
    report.simplest_proof().or(composite).into_iter().collect()
}

/// Which state is explained, in words: the puzzle (its name, or its givens) and where on
/// it — its start, after a path file, at a step of `solve`'s path, or a state file.
fn state_origin(args: &ExplainArgs, loaded: &Loaded) -> String {
    let puzzle = match &loaded.name {
        Some(name) => format!("{name} ({})", loaded.line),
        None => loaded.line.clone(),
    };
    if let Some(file) = &args.state {
        return format!("the state in {} ({puzzle})", file.display());
    }
    let after = args
        .after
        .as_ref()
        .map(|f| format!(" after the path in {}", f.display()));
    let at = match (args.at_step, args.path_spec()) {
        (Some(n), Some(spec)) => format!(" at step {n} of `solve --rules {spec}`"),
        _ => String::new(),
    };
    match (after, at.is_empty()) {
        (None, true) => format!("{puzzle}, at its start"),
        (after, _) => format!("{puzzle}{}{at}", after.unwrap_or_default()),
    }
}

/// The other proofs in one compact table, simplest first: length on the scale and the
/// techniques that found the same step (`--verbose` prints each proof).
fn others_table(others: &[Group]) {
    if others.is_empty() {
        return;
    }
    let techniques: usize = others.iter().map(|g| g.labels.len()).sum();
    println!("also proved by {techniques} technique(s) (--verbose prints each proof):");
    println!("  length  technique");
    for g in others {
        println!("  {:<6}  {}", g.length, g.labels.join(", "));
    }
}

/// The same step as HoDoKu prints it, for the techniques HoDoKu has, beside a proof printed
/// in another notation.
fn hodoku_line(state: &State, p: &Proof, notation: Notation) -> Option<String> {
    (notation != Notation::Hodoku)
        .then(|| hodoku::hodoku_text(state, p))
        .flatten()
}

/// Every row in full, grouped by system (`--verbose`): each proof with its HoDoKu line, or
/// why the row has none; the composite of a placement last.
fn every_row(report: &TargetReport, state: &State, max_len: usize, notation: Notation) {
    let text = |p: &Proof| notation.proof_text(state, p);
    let w = report
        .rows
        .iter()
        .map(|r| r.label.len() + 1)
        .max()
        .unwrap_or(0)
        .max(12);
    let mut system = None;
    for (i, r) in report.rows.iter().enumerate() {
        if system != Some(r.system) {
            system = Some(r.system);
            println!("[{}]", r.system.title());
        }
        match &r.proof {
            Some(p) => {
                println!("{:<w$} {}", r.label, text(p));
                // the same step as HoDoKu prints it, for the techniques HoDoKu has
                if let Some(line) = hodoku_line(state, p, notation) {
                    println!("{:<w$} HoDoKu: {line}", "");
                }
            }
            // a placement: the families that only eliminate on one line per system
            None if r.none == NoProof::OnlyEliminates => {
                let first = i == 0
                    || report.rows[i - 1].system != r.system
                    || report.rows[i - 1].none != NoProof::OnlyEliminates;
                if first {
                    let names: Vec<&str> = report.rows[i..]
                        .iter()
                        .take_while(|o| o.system == r.system && o.none == NoProof::OnlyEliminates)
                        .map(|o| o.label)
                        .collect();
                    println!(
                        "{:<w$} only eliminate (see the composite proof): {}",
                        "",
                        names.join(", ")
                    );
                }
            }
            None => println!("{:<w$} {}", r.label, r.none.text(r.label, max_len)),
        }
    }
    match &report.composite {
        Some(Ok(p)) => {
            println!("[composite]");
            println!("{}", text(p));
        }
        Some(Err(none)) => {
            println!("[composite]");
            println!("{:<w$} {}", "composite", none.text("composite", max_len));
        }
        None => {}
    }
}

/// Every elimination of the state, each under the simplest family and length proving it.
fn all_eliminations(args: &ExplainArgs, loaded: &Loaded, options: &Options) -> Result<()> {
    let status = Status::new("explain --all", "target searches");
    let report = explain_all(
        &loaded.state,
        loaded.solution.as_ref(),
        options,
        &mut |p: Progress| {
            status.update(p.done, p.total, &format!("{}[{}]", p.technique, p.length))
        },
    )?;
    status.finish();
    let text = |p: &Proof| args.notation.proof_text(&loaded.state, p);
    let stopped_text = report.stopped_text();
    if args.json {
        let v = explain::all_view(&loaded.state, &report);
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    let mut groups: Vec<(String, Vec<&Explained>)> = Vec::new();
    for e in &report.eliminations {
        let l = e.label();
        match groups.last_mut() {
            Some((last, items)) if *last == l => items.push(e),
            _ => groups.push((l, vec![e])),
        }
    }
    for (l, items) in &groups {
        println!("{l}: {} elimination(s)", items.len());
        for e in items {
            // a proof of several lines (nets, tagging) stays under its elimination
            let body = text(&e.proof).replace('\n', "\n            ");
            println!("  {:<9} {body}", e.candidate.elimination());
        }
    }
    if groups.is_empty() {
        // fixed-size techniques (the basic rules, the Assistant's, tagging) have no length
        if report.complete_to == 0 {
            println!("no elimination by these techniques");
        } else {
            println!("no elimination up to length {}", report.complete_to);
        }
    }
    if let Some(text) = &stopped_text {
        println!("{text} (raise --budget, --timeout or --memory to go further)");
    }
    for u in &report.capped {
        println!("not explored: {}", u.text());
    }
    Ok(())
}

/// `--shortens A,B`: B's path against A's proofs ([`shortening`]), the first step where
/// B's proof is shorter printed with both proofs.
fn shortens(args: &ExplainArgs, loaded: &Loaded, pair: &str) -> Result<()> {
    let (a, b) = pair
        .split_once(',')
        .ok_or_else(|| anyhow!("--shortens: give two schemes, A,B (e.g. W,FW)"))?;
    let scheme = |name: &str| -> Result<Scheme> {
        name.trim().parse().map_err(|e| anyhow!("--shortens: {e}"))
    };
    let (a, b) = (scheme(a)?, scheme(b)?);
    let limits = sudolink_search::limits::Limits::unlimited();
    let found = shortening(
        &loaded.state,
        (a, b),
        args.max_len,
        loaded.solution.as_ref(),
        limits,
    )?;
    let level = |s: Scheme, r: Option<usize>| {
        r.map_or(format!("{s}>{}", args.max_len), |n| format!("{s}{n}"))
    };
    println!(
        "{}, {}: {} step(s) of {b}'s path by rules {a} lacks",
        level(a, found.rating_a),
        level(b, found.rating_b),
        found.steps.len()
    );
    let answer = |c: &Compared| {
        let cut = c.cut.map_or(String::new(), |stop| {
            format!(" (a longer search stopped: {} bound)", stop.bound())
        });
        match (&c.answer, c.target, c.stopped) {
            (_, None, _) => format!("a placement: {a} is not asked"),
            (_, _, Some(stop)) => format!("{a}: search stopped ({} bound)", stop.bound()),
            (Some(q), _, None) => format!("{a}: {}[{}]{cut}", q.rule, q.length),
            (None, _, None) => format!("{a}: none up to length {}{cut}", found.max_len),
        }
    };
    let first = found.first().map(|c| c.number);
    for c in &found.steps {
        let conclusion: Vec<String> = c
            .proof
            .assertions
            .iter()
            .map(|&x| Conclusion::placement(x))
            .chain(
                c.proof
                    .eliminations
                    .iter()
                    .map(|&x| Conclusion::elimination(x)),
            )
            .map(|x| args.notation.conclusion_text(&x))
            .collect();
        let conclusion = conclusion.join(", ");
        let mark = if Some(c.number) == first {
            format!("   <- {b} shortens {a} here")
        } else {
            String::new()
        };
        println!(
            "step {}: {}[{}] {conclusion}; {}{mark}",
            c.number,
            c.proof.rule,
            c.proof.length,
            answer(c)
        );
    }
    let Some(c) = found.first() else {
        println!(
            "{b} shortens no step of {a} here (within length {})",
            found.max_len
        );
        return Ok(());
    };
    println!(
        "\nstep {} ({b}'s path), both proofs checked on the state it is found in:",
        c.number
    );
    println!("{b}: {}", args.notation.proof_text(&c.state, &c.proof));
    match &c.answer {
        Some(q) => println!("{a}: {}", args.notation.proof_text(&c.state, q)),
        None => println!("{a}: no proof up to length {}", found.max_len),
    }
    Ok(())
}

/// The simplest step available (the N scheme's order), with its picture.
fn next_step(args: &ExplainArgs, loaded: &Loaded) -> Result<()> {
    let rules = rules_for(Scheme::N, args.max_len);
    let Some(p) = explain::next_step(&loaded.state, &rules) else {
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
        &nrc::nrc_text(&loaded.state, &p),
    )?;
    if let Some(dir) = &args.export {
        let mut written = files::write_proof(dir, "next", &loaded.state, &p, args.size)?.files;
        if args.parts {
            written.extend(files::write_parts(
                dir,
                "next",
                &loaded.state,
                &p,
                args.size,
            )?);
        }
        for path in written {
            eprintln!("wrote {}", path.display());
        }
    }
    if args.json {
        let v = proof_json(&loaded.state, &p);
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!("{}", args.notation.proof_text(&loaded.state, &p));
    }
    Ok(())
}
