//! `sudolink query`: run a named query, a .sql file or SQL text over the SQLite
//! materialisation of a state (or over an existing database with `--db`).

use super::input::load;
use anyhow::{anyhow, bail, Context, Result};
use std::path::PathBuf;
use sudolink::search::basic_rules;
use sudolink::store::{self, query, Store};
use sudolink::study::resolution::solve;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    Table,
    Csv,
    Json,
}

#[derive(clap::Args, Debug)]
pub struct QueryArgs {
    /// An 81-character puzzle or a file with one grid (not needed with --db or --list)
    pub puzzle: Option<String>,
    /// A named query (see --list) or the path of a .sql file
    pub name: Option<String>,
    /// SQL text to run instead of a named query
    #[arg(long)]
    pub sql: Option<String>,
    /// A query parameter, as name=value (e.g. --param max_len=4 --param candidate=n5r1c2)
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Output format
    #[arg(long, value_enum, default_value = "table")]
    pub format: TableFormat,
    /// Query this database instead of materialising a puzzle
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Materialise the state after the basic rules instead of the start state
    #[arg(long)]
    pub basic: bool,
    /// List the named queries and their parameters
    #[arg(long)]
    pub list: bool,
    /// Analyse a puzzle with no or several solutions
    #[arg(long)]
    pub allow_nonunique: bool,
}

pub fn run(args: &QueryArgs) -> Result<()> {
    if args.list {
        for q in query::all_named() {
            let params: Vec<String> = q.params().iter().map(|p| format!(":{}", p.name)).collect();
            println!("{:<24} {}  [{}]", q.name, q.summary(), params.join(" "));
        }
        return Ok(());
    }
    let (sql, positional_puzzle) = resolve_sql(args)?;
    let params = parse_params(&args.params)?;
    let table = if let Some(db) = &args.db {
        if !db.exists() {
            bail!("database {} does not exist", db.display());
        }
        let store = Store::create(db)?;
        query::run(store.connection(), &sql, &params)?
    } else {
        let loaded = load(positional_puzzle.as_deref(), args.allow_nonunique)?;
        let state = if args.basic {
            solve(&loaded.state, &basic_rules(), loaded.solution.as_ref())?.final_state
        } else {
            loaded.state.clone()
        };
        let store = store::materialise(&loaded.line, loaded.name.as_deref(), &state)?;
        query::run(store.connection(), &sql, &params)?
    };
    match args.format {
        TableFormat::Table => print!("{}", table.to_table()),
        TableFormat::Csv => print!("{}", table.to_csv()),
        TableFormat::Json => println!("{}", table.to_json()),
    }
    Ok(())
}

/// The SQL to run and the puzzle argument. With `--sql` or `--db`, a single positional
/// argument is the puzzle or the query name respectively.
fn resolve_sql(args: &QueryArgs) -> Result<(String, Option<String>)> {
    if let Some(sql) = &args.sql {
        if args.name.is_some() {
            bail!("give either a query name or --sql, not both");
        }
        return Ok((sql.clone(), args.puzzle.clone()));
    }
    let (puzzle, name) = match (&args.puzzle, &args.name, &args.db) {
        (Some(p), Some(n), _) => (Some(p.clone()), n.clone()),
        (Some(n), None, Some(_)) => (None, n.clone()),
        _ => bail!("name a query (see sudolink query --list) or give --sql"),
    };
    let path = PathBuf::from(&name);
    if name.ends_with(".sql") && path.exists() {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        return Ok((text, puzzle));
    }
    let q = query::named(&name).ok_or_else(|| {
        let known: Vec<&str> = query::all_named().iter().map(|q| q.name).collect();
        anyhow!(
            "unknown query {name:?}; known queries: {}",
            known.join(", ")
        )
    })?;
    Ok((q.sql.to_string(), puzzle))
}

fn parse_params(raw: &[String]) -> Result<Vec<(String, String)>> {
    raw.iter()
        .map(|p| {
            p.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| anyhow!("bad --param {p:?}: expected NAME=VALUE"))
        })
        .collect()
}
