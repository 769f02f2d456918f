//! `sudolink backdoors`: what cracks a puzzle (`study::backdoors`) — its T-backdoors and
//! backdoor size, anti-backdoors, anti-backdoor pairs, one- and two-step solutions and a
//! fewer-step path — over a puzzle, a state or a file of them, in parallel (rayon), each
//! result printed as soon as the puzzles before it are done (input order): one line per
//! puzzle, then the proof of each step, indented, in the forum's notation; `--json` one
//! object per line; `--db` stores the run (`backdoor_study`, `backdoor`). Puzzles that
//! cannot be studied (malformed, no or several solutions) are reported on stderr and make
//! the exit status non-zero unless `--keep-going`.

use super::input::{read_list, ListInput};
use super::progress::Status;
use super::solve::Notation;
use anyhow::{anyhow, bail, Result};
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use sudolink_engine::grid::format::{to_line, ListItem, ParseError};
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::solver::count_solutions;
use sudolink_notation::view::{ProofView, VERSION};
use sudolink_search::limits::Bounds;
use sudolink_store::study::BackdoorStudyRow;
use sudolink_store::Store;
use sudolink_study::backdoors::report::{self, states_of, Ask, Pairs, Report};
use sudolink_study::backdoors::steps::{self, Searched};
use sudolink_study::backdoors::{Found, Theory, DEFAULT_MAX_SIZE};
use sudolink_study::explain::{self, Explained};
use sudolink_study::parallel::{each_as_done, Batch, InOrder};

#[derive(clap::Args, Debug)]
pub struct BackdoorsArgs {
    /// A puzzle or a state (a grid, pencil marks, a sukaku, a HoDoKu line), a file of them
    /// (one result per puzzle), `-` for standard input, `FILE:K` for its puzzle K, or a
    /// named puzzle
    pub input: String,
    /// The resolution theory T: BRT, W1, S2, S3, S4 or S (= S4), as SudoRules defines them
    #[arg(long, default_value = "W1")]
    pub theory: String,
    /// The T-anti-backdoors: the candidates whose elimination lets T solve the puzzle
    #[arg(long)]
    pub anti: bool,
    /// The T-anti-backdoor pairs
    #[arg(long)]
    pub pairs: bool,
    /// Only the pairs with a candidate that one step of --rules erases (SudoRules'
    /// restricted pairs)
    #[arg(long, requires = "pairs")]
    pub restricted: bool,
    /// The one-step solutions: the anti-backdoors one step of --rules eliminates, with its
    /// proof, T solving the rest
    #[arg(long)]
    pub one_step: bool,
    /// The two-step solutions: the restricted pairs two steps of --rules eliminate
    #[arg(long)]
    pub two_step: bool,
    /// A fewer-step path: one step, else two, else SudoRules' greedy path (at most
    /// --max-steps steps)
    #[arg(long)]
    pub fewer_steps: bool,
    /// The backdoors and the backdoor size too (the default when nothing else is asked)
    #[arg(long)]
    pub backdoors: bool,
    /// The rule set of a step: a comma list of techniques and sets, or a rule set, as
    /// `explain --rules` takes it (e.g. whip,braid; default: whip)
    #[arg(long, value_name = "LIST", default_value = steps::DEFAULT_RULES)]
    pub rules: String,
    /// Longest proof of a step, its length on the scale (chains and whips: CSP variables)
    #[arg(long, default_value_t = steps::DEFAULT_MAX_LEN, value_parser = super::numbers::max_len)]
    pub max_len: usize,
    /// Largest backdoor size searched; a larger one is written `>N`
    #[arg(long, default_value_t = DEFAULT_MAX_SIZE as u32, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub max_size: u32,
    /// Most steps of a fewer-step path
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub max_steps: u32,
    /// How to print the steps' proofs
    #[arg(long, value_enum, default_value_t = Notation::Sudorules)]
    pub notation: Notation,
    /// One JSON object per line
    #[arg(long)]
    pub json: bool,
    /// Store the run in this SQLite file (created if missing; an older store is upgraded)
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Write into an existing SQLite file that is not a sudolink store (adds our tables)
    #[arg(long, requires = "db")]
    pub force: bool,
    /// Study a puzzle with several solutions (every candidate tried; one with none is
    /// refused)
    #[arg(long)]
    pub allow_nonunique: bool,
    /// Exit 0 even when some puzzles could not be studied (they are still reported on
    /// stderr)
    #[arg(long)]
    pub keep_going: bool,
    /// Print each puzzle's number in the list before it (`#5`, as `FILE:5` picks it)
    #[arg(long)]
    pub index: bool,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

impl BackdoorsArgs {
    /// What to compute on each puzzle.
    fn ask(&self) -> Result<Ask> {
        let theory: Theory = self.theory.parse().map_err(|e| anyhow!("--theory: {e}"))?;
        let rules = explain::techniques_of(&self.rules, self.max_len)
            .map_err(|e| anyhow!("--rules: {e}"))?;
        let steps = self.one_step || self.two_step || self.fewer_steps;
        let anything = self.anti || self.pairs || steps;
        Ok(Ask {
            theory,
            backdoors: self.backdoors || !anything,
            max_size: self.max_size as usize,
            anti_backdoors: self.anti,
            pairs: self.pairs.then_some(if self.restricted {
                Pairs::Restricted
            } else {
                Pairs::All
            }),
            one_step: self.one_step,
            two_step: self.two_step,
            fewer_steps: self.fewer_steps,
            rules,
            max_len: self.max_len,
            max_steps: self.max_steps as usize,
        })
    }
}

/// One puzzle's study, or why there is none.
enum Studied {
    Done { state: State, report: Box<Report> },
    Failed(String),
}

/// Study one item of the list.
fn study_item(
    read: &Result<ListItem, ParseError>,
    ask: &Ask,
    bounds: &Bounds,
    allow_nonunique: bool,
) -> Studied {
    let item = match read {
        Ok(item) => item,
        Err(e) => return Studied::Failed(e.to_string()),
    };
    let state = match item.grid.start_state() {
        Ok(s) => s,
        Err(e) => return Studied::Failed(e.to_string()),
    };
    let counted = count_solutions(&state, 2);
    let solution = match (counted.count, counted.solution) {
        (1, Some(s)) => Some(s),
        (0, _) | (1, None) => return Studied::Failed("no solution".to_string()),
        _ if allow_nonunique => None,
        _ => {
            return Studied::Failed(
                "several solutions (--allow-nonunique studies it anyway)".to_string(),
            )
        }
    };
    match report::study(&state, solution.as_ref(), ask, bounds.start()) {
        Ok(report) => Studied::Done {
            state,
            report: Box::new(report),
        },
        Err(e) => Studied::Failed(e.to_string()),
    }
}

fn names(cs: &[Candidate]) -> String {
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// ` (cut: time limit reached after 1,200 of 19,503 trials)` when a bound cut the list.
fn cut_note<T>(found: &Found<T>) -> String {
    found
        .cut_text()
        .map(|t| format!(" ({t})"))
        .unwrap_or_default()
}

/// ` (stopped at length 9 (whip): ...)` when a step search was stopped by a limit.
fn stopped_note(searched: &Searched) -> String {
    searched
        .stopped
        .as_ref()
        .map(|s| format!(" ({s})"))
        .unwrap_or_default()
}

/// The summary of one puzzle's study: its parts, `; ` between them.
fn summary(report: &Report, ask: &Ask) -> String {
    let t = ask.theory;
    let rules = format!("{} ≤ {}", rules_text(ask), ask.max_len);
    let mut parts = Vec::new();
    if report.closed.is_solved() {
        parts.push(format!("{t} solves it"));
    }
    if let (Some(size), Some(b)) = (&report.size, &report.backdoors) {
        let witness = if size.witness.is_empty() {
            String::new()
        } else {
            format!(" ({})", names(&size.witness))
        };
        parts.push(format!("backdoor size {}{witness}", size.size));
        parts.push(list_part(&format!("{t}-backdoor"), b));
    }
    if let Some(a) = &report.anti_backdoors {
        parts.push(list_part(&format!("{t}-anti-backdoor"), a));
    }
    if let Some(p) = &report.pairs {
        let pairs: Vec<String> = p
            .found
            .items
            .iter()
            .map(|&(a, b)| format!("({a} {b})"))
            .collect();
        let restricted = match &p.erasable {
            Some(e) => format!(" with one of {} erasable by {rules}", e.len()),
            None => String::new(),
        };
        parts.push(format!(
            "{}{restricted}: {}{}{}",
            count(pairs.len(), &format!("{t}-anti-backdoor pair")),
            pairs.join(" "),
            cut_note(&p.found),
            stopped_note(&p.searched)
        ));
    }
    if let Some(o) = &report.one_step {
        parts.push(format!(
            "{} by {rules} among {}{}",
            count(o.solutions.len(), "one-step solution"),
            count(o.anti_backdoors.items.len(), "anti-backdoor"),
            stopped_note(&o.searched)
        ));
    }
    if let Some(w) = &report.two_step {
        parts.push(format!(
            "{} by {rules} among {} ({} erasable){}",
            count(w.solutions.len(), "two-step solution"),
            count(w.pairs.items.len(), "pair"),
            w.erasable.len(),
            stopped_note(&w.searched)
        ));
    }
    if let Some(f) = &report.fewer_steps {
        let steps = count(f.steps.len(), "step");
        let how = match (f.solved, f.fewest) {
            (true, true) => format!("{steps} by {rules} (the fewest)"),
            (true, false) => format!("{steps} by {rules} (fewer may exist)"),
            (false, _) => format!("not solved after {steps} by {rules}"),
        };
        parts.push(format!(
            "fewer-step path: {how}{}",
            stopped_note(&f.searched)
        ));
    }
    parts.join("; ")
}

/// `13 W1-anti-backdoors: n8r1c8 ...`, with a cut said.
fn list_part(what: &str, found: &Found<Candidate>) -> String {
    format!(
        "{}: {}{}",
        count(found.items.len(), what),
        names(&found.items),
        cut_note(found)
    )
}

/// `1 pair`, `2 pairs`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn rules_text(ask: &Ask) -> String {
    ask.rules
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(",")
}

/// The indented lines of a path of steps: each proof in `notation` on its state, then
/// what T does.
fn path_lines(
    report: &Report,
    head: &str,
    steps: &[Explained],
    notation: Notation,
    out: &mut Vec<String>,
) {
    let states = states_of(&report.closed, steps);
    out.push(format!("  {head}:"));
    for (e, state) in steps.iter().zip(&states) {
        out.push(format!("    {}", notation.proof_text(state, &e.proof)));
    }
    out.push(format!("    {} solves the rest", report.closed.theory()));
}

/// The proofs of the steps found, indented under the summary.
fn step_lines(report: &Report, notation: Notation) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(o) = &report.one_step {
        for e in &o.solutions {
            let head = format!("one-step {}", e.candidate);
            path_lines(report, &head, std::slice::from_ref(e), notation, &mut out);
        }
    }
    if let Some(w) = &report.two_step {
        for s in &w.solutions {
            let head = format!("two-step {} {}", s.pair.0, s.pair.1);
            path_lines(report, &head, &s.steps, notation, &mut out);
        }
    }
    if let Some(f) = &report.fewer_steps {
        if f.solved && !f.steps.is_empty() {
            path_lines(report, "fewer-step path", &f.steps, notation, &mut out);
        }
    }
    out
}

fn found_json<T>(found: &Found<T>, items: Vec<Value>) -> Value {
    json!({
        "items": items,
        "tried": found.tried,
        "planned": found.planned,
        "cut": found.cut_text(),
    })
}

fn candidates_json(cs: &[Candidate]) -> Vec<Value> {
    cs.iter().map(|c| json!(c.to_string())).collect()
}

/// Each step of a path: its target, technique, length and proof view on its state.
fn path_json(report: &Report, steps: &[Explained]) -> Vec<Value> {
    let states = states_of(&report.closed, steps);
    steps
        .iter()
        .zip(&states)
        .map(|(e, state)| {
            json!({
                "candidate": e.candidate.to_string(),
                "technique": e.technique.name(),
                "length": e.length,
                "proof": ProofView::of(state, &e.proof),
            })
        })
        .collect()
}

fn searched_json(s: &Searched) -> Value {
    json!({"complete_to": s.complete_to, "stopped": s.stopped})
}

/// One puzzle's JSON object.
fn report_json(report: &Report, ask: &Ask) -> Value {
    let mut v = json!({
        "version": VERSION,
        "theory": ask.theory.to_string(),
        "solved_by_theory": report.closed.is_solved(),
        "open": report.closed.open_count(),
        "seconds": report.seconds,
    });
    if let (Some(b), Some(size)) = (&report.backdoors, &report.size) {
        v["backdoors"] = found_json(b, candidates_json(&b.items));
        let known = match size.size {
            sudolink_study::backdoors::Size::Exactly(k) => Some(k),
            _ => None,
        };
        v["backdoor_size"] = json!({
            "size": known,
            "text": size.size.to_string(),
            "witness": candidates_json(&size.witness),
            "max_size": ask.max_size,
        });
    }
    if let Some(a) = &report.anti_backdoors {
        v["anti_backdoors"] = found_json(a, candidates_json(&a.items));
    }
    if let Some(p) = &report.pairs {
        let pairs = p
            .found
            .items
            .iter()
            .map(|&(a, b)| json!([a.to_string(), b.to_string()]))
            .collect();
        v["anti_backdoor_pairs"] = found_json(&p.found, pairs);
        v["anti_backdoor_pairs"]["erasable"] = json!(p.erasable.as_deref().map(candidates_json));
    }
    let rules = json!({"rules": rules_text(ask), "max_len": ask.max_len});
    if let Some(o) = &report.one_step {
        let solutions: Vec<Value> = o
            .solutions
            .iter()
            .map(|e| json!({"steps": path_json(report, std::slice::from_ref(e))}))
            .collect();
        v["one_step"] = json!({
            "rules": rules,
            "anti_backdoors": candidates_json(&o.anti_backdoors.items),
            "solutions": solutions,
            "searched": searched_json(&o.searched),
        });
    }
    if let Some(w) = &report.two_step {
        let solutions: Vec<Value> = w
            .solutions
            .iter()
            .map(|s| {
                json!({
                    "pair": [s.pair.0.to_string(), s.pair.1.to_string()],
                    "steps": path_json(report, &s.steps),
                })
            })
            .collect();
        v["two_step"] = json!({
            "rules": rules,
            "erasable": candidates_json(&w.erasable),
            "pairs": w.pairs.items.len(),
            "solutions": solutions,
            "searched": searched_json(&w.searched),
        });
    }
    if let Some(f) = &report.fewer_steps {
        v["fewer_steps"] = json!({
            "rules": rules,
            "steps": path_json(report, &f.steps),
            "solved": f.solved,
            "fewest": f.fewest,
            "searched": searched_json(&f.searched),
        });
    }
    v
}

/// The store and its run, with the puzzles waiting to be written.
struct Stored {
    store: Store,
    run: i64,
    batch: Batch<(usize, String, Vec<BackdoorStudyRow>)>,
}

impl Stored {
    fn open(
        args: &BackdoorsArgs,
        ask: &Ask,
        origin: &str,
        puzzles: usize,
    ) -> Result<Option<Stored>> {
        let Some(db) = &args.db else { return Ok(None) };
        let mut store = if args.force {
            Store::open_forced(db)?
        } else {
            Store::create(db)?
        };
        let params = json!({
            "input": origin,
            "theory": ask.theory.to_string(),
            "backdoors": ask.backdoors,
            "max_size": ask.max_size,
            "anti": ask.anti_backdoors,
            "pairs": ask.pairs.map(|p| format!("{p:?}").to_lowercase()),
            "one_step": ask.one_step,
            "two_step": ask.two_step,
            "fewer_steps": ask.fewer_steps,
            "rules": rules_text(ask),
            "max_len": ask.max_len,
            "puzzles": puzzles,
        });
        let run = store.start_run("backdoors", &params)?;
        Ok(Some(Stored {
            store,
            run,
            batch: Batch::new(),
        }))
    }

    fn push(&mut self, position: usize, grid: String, row: BackdoorStudyRow) -> Result<()> {
        let (store, run) = (&mut self.store, self.run);
        self.batch.push((position, grid, vec![row]), |b| {
            store.write_backdoor_studies(run, b)
        })?;
        Ok(())
    }

    fn finish(mut self) -> Result<()> {
        let (store, run) = (&mut self.store, self.run);
        self.batch.flush(|b| store.write_backdoor_studies(run, b))?;
        self.store.finish_run(self.run)?;
        Ok(())
    }
}

/// A failed puzzle's row: its error, nothing found.
fn error_row(ask: &Ask, why: &str) -> BackdoorStudyRow {
    BackdoorStudyRow {
        theory: ask.theory.to_string(),
        size: None,
        size_above: None,
        cut: None,
        seconds: 0.0,
        error: Some(why.to_string()),
        items: Vec::new(),
    }
}

pub fn run(args: &BackdoorsArgs) -> Result<()> {
    let ask = args.ask()?;
    let ListInput { origin, key, items } = read_list(&args.input)?;
    if items.is_empty() {
        bail!("{origin}: holds no puzzle (only blank or comment lines)");
    }
    let mut stored = Stored::open(args, &ask, &key, items.len())?;
    let bounds = args.bounds.batch_bounds(items.len());
    let status = Status::new("backdoors", "puzzles");
    let total = items.len() as u64;
    let (mut done, mut failed, mut cut) = (0u64, 0usize, 0usize);
    let mut order = InOrder::new();
    let mut out = std::io::stdout().lock();
    each_as_done(
        &items,
        |(_, read)| study_item(read, &ask, &bounds, args.allow_nonunique),
        |i, studied| {
            done += 1;
            status.update(done, total, &format!("{failed} failed"));
            order.push(i, (i, studied), |(i, studied)| {
                let (k, read) = &items[i];
                let line = read.as_ref().map_or_else(|e| e.line, |item| item.line);
                let (state, report) = match studied {
                    Studied::Done { state, report } => (state, report),
                    Studied::Failed(why) => {
                        failed += 1;
                        eprintln!("error: {origin}: line {line}: {why}");
                        if let (Some(s), Ok(item)) = (stored.as_mut(), read) {
                            if let Ok(state) = item.grid.start_state() {
                                s.push(i, to_line(&state), error_row(&ask, &why))?;
                            }
                        }
                        return Ok(());
                    }
                };
                cut += usize::from(report.cut().is_some() || report.steps_stopped().is_some());
                let Ok(item) = read else { return Ok(()) };
                write_report(&mut out, args, &ask, *k, item, &report)?;
                if let Some(s) = stored.as_mut() {
                    s.push(i, to_line(&state), report.row())?;
                }
                Ok::<(), anyhow::Error>(())
            })
        },
    )?;
    status.finish();
    if let Some(s) = stored {
        s.finish()?;
    }
    if cut > 0 {
        eprintln!(
            "note: {cut} of {} puzzle(s) cut by a bound ({}): their lists say how far they got; \
             raise --timeout, --memory or --budget to go further",
            items.len(),
            bounds.describe()
        );
    }
    super::study_run::some_failed(failed, items.len(), "studied", args.keep_going)
}

/// Print one puzzle's result: its JSON line, or its summary line and its steps' proofs.
fn write_report(
    out: &mut impl Write,
    args: &BackdoorsArgs,
    ask: &Ask,
    k: usize,
    item: &ListItem,
    report: &Report,
) -> Result<()> {
    let grid = item.grid.line();
    if args.json {
        let mut v = json!({"puzzle": grid, "index": k});
        if !item.text.is_empty() {
            v["text"] = json!(item.text);
        }
        if let (Value::Object(head), Value::Object(body)) = (&mut v, report_json(report, ask)) {
            head.extend(body);
        }
        writeln!(out, "{v}")?;
    } else {
        let index = if args.index {
            format!("#{k} ")
        } else {
            String::new()
        };
        let text = if item.text.is_empty() {
            String::new()
        } else {
            format!("  {}", item.text)
        };
        writeln!(out, "{index}{grid}  {}{text}", summary(report, ask))?;
        for line in step_lines(report, args.notation) {
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(())
}
