//! `sudolink classify`: rate every puzzle of a file in one or more schemes and print the
//! seed's table (puzzles solved at level ≤ n, per scheme), on both cores with a progress
//! bar. With `--db` every rated puzzle is stored as it is done, so an interrupted run goes
//! on where it stopped when the same command is run again, and a finished one is read back.
//! SER (Sudoku Explainer's ER/EP/ED) and hodoku (HoDoKu's level and score) are schemes like
//! the others: SER's ER distribution and HoDoKu's levels are printed beside the level table.

use super::study_run::StudyArgs;
use anyhow::{bail, Context, Result};
use serde_json::json;
use std::collections::BTreeMap;
use std::str::FromStr;
use sudolink_store::study::RatingValue;
use sudolink_study::classify::{Classified, Classify};
use sudolink_study::published::{agrees, Ours};
use sudolink_study::rating::RatingScheme;
use sudolink_study::run::StudyInput;

#[derive(clap::Args, Debug)]
pub struct ClassifyArgs {
    #[command(flatten)]
    pub study: StudyArgs,
    /// Schemes, comma separated (every rating scheme: `--help` lists them)
    #[arg(long, default_value = "L,M,N", long_help = scheme_help())]
    pub scheme: String,
    /// Compare with reference ratings in this column of the file (1 is the grid; columns
    /// split as the line is, by `;`, TAB or spaces); needs exactly one scheme; every
    /// disagreement is listed
    #[arg(long)]
    pub reference_column: Option<usize>,
    /// Print Berthier's L, M, N table for 10,000 random minimal puzzles ([Berthier NRC]'s
    /// Sudogen0 classification) beside this one (`--seed-table` is its old name)
    #[arg(long = "berthier-table", visible_alias = "seed-table")]
    pub seed_table: bool,
}

/// The long help of `--scheme`: every scheme ([`RatingScheme::names`]).
fn scheme_help() -> String {
    format!(
        "Schemes, comma separated: {} (docs/ratings.md describes each; --max-len does not \
         bound SER, Sudoku Explainer 1.2.1's ER/EP/ED; hodoku, HoDoKu 2.2's level and score, is \
         stored as the rating with the level beside it)",
        RatingScheme::names()
    )
}

fn schemes_of(text: &str) -> Result<Vec<RatingScheme>> {
    let mut out = Vec::new();
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let s = RatingScheme::from_str(name).map_err(|e| anyhow::anyhow!("--scheme: {e}"))?;
        if !out.contains(&s) {
            out.push(s);
        }
    }
    if out.is_empty() {
        bail!("--scheme names no scheme");
    }
    Ok(out)
}

/// A reference rating that differs from ours.
struct Disagreement {
    position: usize,
    line: usize,
    puzzle: String,
    ours: Option<RatingValue>,
    reference: String,
}

pub fn run(args: &ClassifyArgs) -> Result<()> {
    let schemes = schemes_of(&args.scheme)?;
    if args.reference_column.is_some() && schemes.len() != 1 {
        bail!(
            "--reference-column compares one scheme; --scheme names {}",
            schemes.len()
        );
    }
    if args.reference_column == Some(1) || args.reference_column == Some(0) {
        bail!("--reference-column must name a column after the grid (2 or more)");
    }
    let input = args.study.read_input()?;
    let study = Classify {
        schemes: schemes.clone(),
        max_len: args.study.max_len(),
        max_p: args.study.max_len,
        bounds: args.study.bounds.batch_bounds(input.puzzles.len()),
    };
    let mut classified = Classified::new(&schemes, args.study.max_len());
    let outcome = args.study.drive(&study, &mut classified, &input)?;
    let disagreements = match args.reference_column {
        Some(col) => compare(&input, col, &classified.first_scheme, schemes[0].name())?,
        None => Vec::new(),
    };
    print(
        args,
        &input,
        &classified,
        outcome.run,
        outcome.complete,
        &disagreements,
    );
    args.study.judge(&input, &outcome.failures, "rated")
}

fn compare(
    input: &StudyInput,
    column: usize,
    ours: &BTreeMap<usize, Option<RatingValue>>,
    scheme: &str,
) -> Result<Vec<Disagreement>> {
    let mut out = Vec::new();
    for (&position, &rating) in ours {
        let item = &input.puzzles[position];
        let reference = item
            .column(column)
            .with_context(|| format!("line {}: no column {column}", item.line))?;
        let agrees = match rating {
            Some(RatingValue::Level(n)) => agrees(
                reference,
                Ours::Level {
                    rating: Some(n),
                    level: "",
                    scheme,
                },
            ),
            Some(RatingValue::Er(er)) => agrees(
                reference,
                Ours::Er {
                    er,
                    ep: None,
                    ed: None,
                },
            ),
            None => agrees(
                reference,
                Ours::Level {
                    rating: None,
                    level: "",
                    scheme,
                },
            ),
        };
        if !agrees {
            out.push(Disagreement {
                position,
                line: item.line,
                puzzle: item.puzzle.line(),
                ours: rating,
                reference: reference.to_string(),
            });
        }
    }
    Ok(out)
}

fn print(
    args: &ClassifyArgs,
    input: &StudyInput,
    classified: &Classified,
    run_id: Option<i64>,
    complete: bool,
    disagreements: &[Disagreement],
) {
    let table = &classified.table;
    let level = |n: Option<RatingValue>| n.map_or("none".to_string(), |n| n.to_string());
    if args.study.json {
        let mut columns: serde_json::Map<String, serde_json::Value> = table
            .schemes
            .iter()
            .zip(&table.columns)
            .map(|(s, c)| {
                let at_most: Vec<usize> = (0..=table.max_len).map(|n| c.at_most(n)).collect();
                let v = json!({"at_most": at_most, "exact": c.exact, "unsolved": c.unsolved,
                               "cut": c.cut, "errors": c.errors, "seconds": c.seconds});
                (s.name().to_string(), v)
            })
            .collect();
        for (scheme, classes) in &classified.trial {
            columns.insert(scheme.clone(), json!({ "classes": classes }));
        }
        if let Some(h) = &classified.hodoku {
            columns.insert(
                RatingScheme::Hodoku.name().to_string(),
                json!({"levels": h.levels, "cut": h.cut, "errors": h.errors,
                       "seconds": h.seconds}),
            );
        }
        if let Some(ser) = &classified.ser {
            let er: serde_json::Map<String, serde_json::Value> = ser
                .er
                .iter()
                .map(|(t, n)| (format!("{}.{}", t / 10, t % 10), json!(n)))
                .collect();
            columns.insert(
                RatingScheme::Ser.name().to_string(),
                json!({"er": er, "unsolved": ser.unsolved, "cut": ser.cut,
                       "errors": ser.errors, "seconds": ser.seconds}),
            );
        }
        let dis: Vec<serde_json::Value> = disagreements
            .iter()
            .map(|d| {
                json!({"position": d.position, "line": d.line, "puzzle": d.puzzle,
                            "ours": d.ours.map(|r| match r {
                                RatingValue::Level(n) => json!(n),
                                RatingValue::Er(er) => json!(er),
                            }),
                            "reference": d.reference})
            })
            .collect();
        let v = json!({
            "input": input.origin,
            "puzzles": input.puzzles.len(),
            "rated": table.puzzles,
            "complete": complete,
            "max_len": table.max_len,
            "run": run_id,
            "table": columns,
            "disagreements": args.reference_column.map(|_| dis),
        });
        println!("{v}");
        return;
    }
    // every puzzle counts in the level table, whichever schemes it has
    let rated = table.puzzles;
    let unrated = table
        .columns
        .iter()
        .map(|c| c.errors)
        .chain(classified.ser.as_ref().map(|s| s.errors))
        .chain(classified.hodoku.as_ref().map(|h| h.errors))
        .max()
        .unwrap_or(0);
    // the items of the input that do not read count as not rated
    let unread = input.unread.len();
    println!(
        "{} of {} puzzles rated{} (max length {}){}",
        rated - unrated,
        input.puzzles.len() + unread,
        if unrated + unread > 0 {
            format!(", {} could not be", unrated + unread)
        } else {
            String::new()
        },
        table.max_len,
        run_id.map_or(String::new(), |id| format!(", run {id}")),
    );
    if !table.schemes.is_empty() {
        println!("puzzles solved at level <= n:");
        print!("{}", table.to_text());
    }
    for (scheme, classes) in &classified.trial {
        let what = match RatingScheme::from_str(scheme) {
            Ok(RatingScheme::Trial(t)) => t.what(),
            _ => "a classification",
        };
        println!("{scheme} ({what}): puzzles per class");
        for (class, n) in classes {
            println!("{class:>30} {n:>9}");
        }
    }
    if let Some(ser) = &classified.ser {
        println!("SER (Sudoku Explainer's ER; 20.0: its rules do not solve the puzzle):");
        print!("{}", ser.to_text());
    }
    if let Some(h) = &classified.hodoku {
        println!("hodoku (HoDoKu 2.2's levels, its default configuration):");
        print!("{}", h.to_text());
    }
    if args.seed_table {
        println!("\nbeside [Berthier NRC]'s table (10,000 random minimal puzzles):");
        print!("{}", table.seed_comparison());
    }
    if let Some(col) = args.reference_column {
        println!(
            "\nreference column {col}: {} disagreement(s) in {} puzzles",
            disagreements.len(),
            rated
        );
        for d in disagreements {
            println!(
                "  #{} (line {}) {}: ours {}, reference {}",
                d.position + 1,
                d.line,
                d.puzzle,
                level(d.ours),
                d.reference
            );
        }
    }
    if !complete {
        println!("run not finished: run the same command again to go on");
    }
}
