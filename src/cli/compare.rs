//! `sudolink compare`: Berthier's comparison of rating schemes over a collection
//! (`study::compare`): each puzzle rated in every `--schemes` scheme (in parallel, each
//! within the bounds), and every `--ratings NAME=FILE` read from a file (SudoRules'
//! published ratings, one per line); then, for every pair in the order given, how many
//! puzzles they rate differently and the list of them, in Berthier's layout.

use super::input::{read_list, ListInput};
use anyhow::{anyhow, bail, Context, Result};
use std::str::FromStr;
use sudolink_store::pipeline::{ComparedList, DifferenceRow};
use sudolink_store::Store;
use sudolink_study::compare::{every_pair, read_ratings, Comparison, Ratings};
use sudolink_study::parallel::each_as_done;
use sudolink_study::rating::{rate_puzzle, RateBy, RatingScheme};

/// The default longest chain: the one `rate` uses.
const MAX_LEN: usize = 20;

#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// The collection (a file of puzzles, one per line, or `-`); needed with --schemes
    pub input: Option<String>,
    /// Schemes to rate the collection in, comma separated (e.g. W,S+W,TyW: any level scheme
    /// of `rate --scheme`)
    #[arg(long, value_name = "LIST")]
    pub schemes: Option<String>,
    /// Published ratings to compare too, as NAME=FILE (one rating per line, in the
    /// collection's order, `-` for none; e.g. SudoRules' W-ratings-000.txt); repeatable
    #[arg(long, value_name = "NAME=FILE")]
    pub ratings: Vec<String>,
    /// Longest chain a scheme may use (20 by default; SudoRules' TyW goes to 36)
    #[arg(long, value_parser = super::numbers::max_len)]
    pub max_len: Option<usize>,
    /// Store every list's ratings and every pair's differences in this SQLite file (created
    /// if missing; one run of kind `compare`), for notebooks/comparisons.ipynb
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Write into an existing SQLite file that is not a sudolink store (adds our tables)
    #[arg(long, requires = "db")]
    pub force: bool,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

/// The schemes of `--schemes`, each a level scheme.
fn schemes(list: &str) -> Result<Vec<RatingScheme>> {
    list.split(',')
        .map(|name| {
            let s = RatingScheme::from_str(name.trim()).map_err(|e| anyhow!("--schemes: {e}"))?;
            match s {
                RatingScheme::Level(_) => Ok(s),
                _ => bail!("--schemes: {name} is not a level scheme (compare takes L, M, N, W, B, gW, ...)"),
            }
        })
        .collect()
}

/// `NAME=FILE` read as ratings.
fn published(spec: &str) -> Result<Ratings> {
    let (name, path) = spec
        .split_once('=')
        .ok_or_else(|| anyhow!("--ratings {spec:?}: expected NAME=FILE"))?;
    let text =
        std::fs::read_to_string(path).with_context(|| format!("--ratings {name}: {path}"))?;
    Ok(read_ratings(name, &text)?)
}

/// Rate every puzzle of `input` in each scheme: one [`Ratings`] per scheme (`None` where a
/// puzzle is not rated: unsolved up to the bound, cut, or failed, each said on stderr).
fn rated(input: &str, schemes: &[RatingScheme], args: &CompareArgs) -> Result<Vec<Ratings>> {
    let ListInput { origin, items, .. } = read_list(input)?;
    if items.is_empty() {
        bail!("{origin}: holds no puzzle (only blank or comment lines)");
    }
    let bounds = args.bounds.batch_bounds(items.len());
    let mut out: Vec<Ratings> = schemes
        .iter()
        .map(|s| Ratings {
            label: s.name().to_string(),
            values: vec![None; items.len()],
        })
        .collect();
    each_as_done(
        &items,
        |(_, read)| {
            let Ok(item) = read else { return Vec::new() };
            schemes
                .iter()
                .map(|&s| {
                    let max_len = s.max_len(args.max_len, MAX_LEN);
                    rate_puzzle(&item.grid, &RateBy::Scheme(s), max_len, &bounds)
                })
                .collect()
        },
        |i, lines: Vec<sudolink_study::rating::RateLine>| -> Result<()> {
            if let Err(e) = &items[i].1 {
                eprintln!("error: {origin}: {e}");
            }
            for (k, line) in lines.iter().enumerate() {
                match line.outcome() {
                    Err(e) => eprintln!("error: {origin}: puzzle {}: {e}", i + 1),
                    Ok(_) if line.is_cut() => eprintln!(
                        "note: {origin}: puzzle {}: {} cut: {}",
                        i + 1,
                        out[k].label,
                        line.outcome().unwrap_or_default()
                    ),
                    Ok(_) => {}
                }
                if let sudolink_study::rating::RateLine::Level { rating, .. } = line {
                    out[k].values[i] = *rating;
                }
            }
            Ok(())
        },
    )?;
    Ok(out)
}

pub fn run(args: &CompareArgs) -> Result<()> {
    let mut all: Vec<Ratings> = Vec::new();
    if let Some(list) = &args.schemes {
        let schemes = schemes(list)?;
        let input = args.input.as_deref().ok_or_else(|| {
            anyhow!("--schemes rates a collection: name it (compare FILE --schemes ...)")
        })?;
        all.extend(rated(input, &schemes, args)?);
    }
    for spec in &args.ratings {
        all.push(published(spec)?);
    }
    if all.len() < 2 {
        bail!("compare needs two or more rating lists (--schemes and --ratings together)");
    }
    let comparisons = every_pair(&all)?;
    let mut out = String::new();
    for c in &comparisons {
        out.push_str(&c.text());
        out.push('\n');
    }
    if let Some(db) = &args.db {
        store_comparison(db, args, &all, &comparisons)?;
    }
    print!("{out}");
    Ok(())
}

/// Store the comparison in `db` (one run of kind `compare`): each list's ratings, rated
/// here (the `--schemes`, listed first) or published, and each pair's differences.
fn store_comparison(
    db: &std::path::Path,
    args: &CompareArgs,
    all: &[Ratings],
    comparisons: &[Comparison],
) -> Result<()> {
    let rated = args.schemes.as_deref().map_or(0, |l| l.split(',').count());
    let lists: Vec<ComparedList> = all
        .iter()
        .enumerate()
        .map(|(i, r)| ComparedList {
            label: r.label.clone(),
            rated: i < rated,
            values: r.values.clone(),
        })
        .collect();
    let differences: Vec<DifferenceRow> = comparisons
        .iter()
        .flat_map(|c| {
            c.differences.iter().map(|d| DifferenceRow {
                a: c.a.clone(),
                b: c.b.clone(),
                number: d.number,
                rating_a: d.a,
                rating_b: d.b,
            })
        })
        .collect();
    let params = serde_json::json!({
        "input": args.input,
        "schemes": all[..rated].iter().map(|r| &r.label).collect::<Vec<_>>(),
        "ratings": args.ratings,
        "max_len": args.max_len.unwrap_or(MAX_LEN),
        "puzzles": all[0].values.len(),
    });
    let mut store = if args.force {
        Store::open_forced(db)?
    } else {
        Store::create(db)?
    };
    let run = store.write_comparison(&params, &lists, &differences)?;
    eprintln!("stored as compare run {run} in {}", db.display());
    Ok(())
}
