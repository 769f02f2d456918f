//! `sudolink subsume`: for every state along the puzzles' resolution paths (or their start
//! states), every family's eliminations and shortest lengths; then the matrix of which
//! family's eliminations are included in which, with the shortest counter-examples, ready
//! to open with `explain`. With `--db` everything is stored (and a run resumes).

use super::numbers;
use super::study_run::StudyArgs;
use anyhow::{bail, Result};
use serde_json::json;
use sudolink_search::registry;
use sudolink_study::run::StudyInput;
use sudolink_study::subsume::{Matrix, Options, States, Studied, Subsume};

#[derive(clap::Args, Debug)]
pub struct SubsumeArgs {
    #[command(flatten)]
    pub study: StudyArgs,
    /// Techniques to compare, comma separated (xy, xyt, ..., nrc, nrct, nrcz, nrczt, lasso,
    /// nrct-lasso, nrczt-lasso, whip, braid, g-whip, g-braid, medusa, hypothesis, depth2,
    /// force-cell, ...); NAME:N searches that technique (or set) up to length N instead of
    /// --max-len, e.g. depth2:60,g-braid:10 (a net's length counts inferences, a whip's CSP
    /// variables). `--techniques` and `--families` are its older names.
    #[arg(
        long = "rules",
        value_name = "LIST",
        visible_aliases = ["techniques", "families"],
        default_value = "nrc,nrct,nrcz,nrczt,whip"
    )]
    pub families: String,
    /// Study the start states only, not the states along the resolution paths
    #[arg(long, conflicts_with = "stuck")]
    pub start: bool,
    /// Study the first state where the basic rules are stuck (singles, locked candidates,
    /// subsets, fish), not the later states along the resolution paths
    #[arg(long)]
    pub stuck: bool,
}

/// `--rules`: names or sets, each with an optional `:N` bound (else `max_len`); a family
/// named twice keeps its first bound.
fn parse_families(text: &str, max_len: usize) -> Result<Vec<Studied>> {
    let mut out: Vec<Studied> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (name, bound) = match item.split_once(':') {
            Some((name, n)) => (
                name,
                numbers::max_len(n).map_err(|e| anyhow::anyhow!("--rules {item}: {e}"))?,
            ),
            None => (item, max_len),
        };
        let found = registry::parse_list(name).map_err(|e| anyhow::anyhow!("--rules: {e}"))?;
        for family in found {
            if !out.iter().any(|s| s.family == family) {
                out.push(Studied {
                    family,
                    max_len: bound,
                });
            }
        }
    }
    if out.len() < 2 {
        bail!("--techniques must name at least two techniques to compare");
    }
    Ok(out)
}

pub fn run(args: &SubsumeArgs) -> Result<()> {
    let studied = parse_families(&args.families, args.study.max_len())?;
    let families: Vec<_> = studied.iter().map(|s| s.family).collect();
    let input = args.study.read_input()?;
    let study = Subsume {
        options: Options {
            families: studied.clone(),
            states: if args.start {
                States::Start
            } else if args.stuck {
                States::FirstStuck
            } else {
                States::Path
            },
        },
        max_len: args.study.max_len(),
        bounds: args.study.bounds.batch_bounds(input.puzzles.len()),
    };
    let mut matrix = Matrix::new(&families);
    let outcome = args.study.drive(&study, &mut matrix, &input)?;
    let complete = outcome.complete;
    if args.study.json {
        println!("{}", matrix_json(&matrix, &input, outcome.run, complete));
    } else {
        print_matrix(
            &matrix,
            &input,
            outcome.run,
            complete,
            args.study.max_len(),
            &studied,
        );
    }
    args.study
        .judge(&outcome.failures, input.puzzles.len(), "studied")
}

fn matrix_json(
    m: &Matrix,
    input: &StudyInput,
    run: Option<i64>,
    complete: bool,
) -> serde_json::Value {
    let pairs: Vec<serde_json::Value> = m
        .pairs
        .iter()
        .enumerate()
        .flat_map(|(a, row)| {
            row.iter().enumerate().filter(move |(b, _)| *b != a).map(move |(b, p)| {
                let examples: Vec<serde_json::Value> = p
                    .examples
                    .iter()
                    .map(|e| json!({"position": e.position, "puzzle": e.puzzle, "step": e.step_index,
                                    "pencil_marks": e.pencil_marks, "target": e.target,
                                    "length_a": e.length_a, "length_b": e.length_b}))
                    .collect();
                json!({"a": m.families[a], "b": m.families[b], "states_subsumed": p.states_subsumed,
                       "misses": p.misses, "longer": p.longer, "examples": examples})
            })
        })
        .collect();
    json!({"input": input.origin, "puzzles": input.puzzles.len(), "complete": complete, "run": run,
           "families": m.families, "states": m.states, "eliminations": m.totals, "pairs": pairs})
}

fn print_grid(m: &Matrix, title: &str, cell: impl Fn(usize, usize) -> String) {
    let w = m.families.iter().map(|f| f.len()).max().unwrap_or(4).max(7);
    println!("\n{title}");
    print!("{:>w$}", "A \\ B");
    for f in &m.families {
        print!(" {f:>w$}");
    }
    println!();
    for (a, fa) in m.families.iter().enumerate() {
        print!("{fa:>w$}");
        for b in 0..m.families.len() {
            let text = if a == b { "-".to_string() } else { cell(a, b) };
            print!(" {text:>w$}");
        }
        println!();
    }
}

fn print_matrix(
    m: &Matrix,
    input: &StudyInput,
    run: Option<i64>,
    complete: bool,
    max_len: usize,
    studied: &[Studied],
) {
    println!(
        "{} states studied in {} puzzles (max length {max_len}){}",
        m.states,
        input.puzzles.len(),
        run.map_or(String::new(), |id| format!(", run {id}"))
    );
    for ((f, t), s) in m.families.iter().zip(&m.totals).zip(studied) {
        let bound = if s.max_len == max_len {
            String::new()
        } else {
            format!(" (length ≤ {})", s.max_len)
        };
        println!("  {f:<12} {t:>8} eliminations{bound}");
    }
    print_grid(
        m,
        "states where every elimination of A is one of B's:",
        |a, b| m.pairs[a][b].states_subsumed.to_string(),
    );
    print_grid(m, "eliminations of A that B misses:", |a, b| {
        m.pairs[a][b].misses.to_string()
    });
    print_grid(
        m,
        "eliminations B proves only with a longer proof than A's:",
        |a, b| m.pairs[a][b].longer.to_string(),
    );
    println!("\nshortest examples (open one with: sudolink explain PENCIL_MARKS --target T --techniques A,B):");
    for (a, row) in m.pairs.iter().enumerate() {
        for (b, p) in row.iter().enumerate() {
            for e in &p.examples {
                let lb = e
                    .length_b
                    .map_or("none".to_string(), |l| format!("length {l}"));
                println!(
                    "  {} not in {}: puzzle #{} ({}), state {}, {}: {} length {}, {} {lb}\n    sudolink explain {} --target '{}' --techniques {},{}",
                    m.families[a], m.families[b], e.position + 1, e.puzzle, e.step_index, e.target,
                    m.families[a], e.length_a, m.families[b], e.pencil_marks, e.target,
                    m.families[a], m.families[b]
                );
            }
        }
    }
    if !complete {
        println!("run not finished: run the same command again to go on");
    }
}
