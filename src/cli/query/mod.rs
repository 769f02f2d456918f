//! `sudolink query`: run a named query, a .sql file or SQL text over the SQLite
//! materialisation of a state (or over an existing database with `--db`, opened read-only).
//! The library guards the statement (read-only, no ATTACH, no file functions, a time
//! limit); rows stream to stdout as they come ([`render`]), up to `--max-rows`.

mod render;

use super::input::{load, read_text_file};
use anyhow::{anyhow, bail, Result};
use render::{CsvSink, JsonSink, RowSink, TableSink};
use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::time::Duration;
use sudolink_engine::grid::format::excerpt;
use sudolink_store::{self as store, query};
use sudolink_study::resolution::working_state;

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
    /// Query this database instead of materialising a puzzle (opened read-only: no query
    /// changes it)
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Stop a statement that runs longer than this many seconds
    #[arg(long, default_value_t = 5.0, value_parser = super::numbers::positive_seconds)]
    pub timeout: f64,
    /// Print at most this many rows (a note on stderr says when more were left out)
    #[arg(long, default_value_t = 10_000)]
    pub max_rows: usize,
    /// Materialise the state after the basic rules instead of the start state
    #[arg(long)]
    pub basic: bool,
    /// List the named queries and their parameters
    #[arg(long)]
    pub list: bool,
    /// Analyse a puzzle with several solutions (one with none is still refused)
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
    let limits = query::Limits {
        timeout: Some(Duration::from_secs_f64(args.timeout)),
        max_rows: Some(args.max_rows),
    };
    let conn_store;
    let conn_file;
    let conn = if let Some(db) = &args.db {
        if positional_puzzle.is_some() {
            bail!("give either a PUZZLE or --db, not both");
        }
        conn_file = query::open_read_only(db)?;
        &conn_file
    } else {
        let loaded = load(positional_puzzle.as_deref(), args.allow_nonunique)?;
        let (state, _) = working_state(&loaded.state, loaded.solution.as_ref(), args.basic)?;
        conn_store = store::materialise(&loaded.line, loaded.name.as_deref(), &state)?;
        conn_store.connection()
    };
    let stdout = std::io::stdout().lock();
    let sink: Box<dyn RowSink> = match args.format {
        TableFormat::Table => Box::new(TableSink::new(stdout)),
        TableFormat::Csv => Box::new(CsvSink::new(stdout)),
        TableFormat::Json => Box::new(JsonSink::new(stdout)),
    };
    let started = Cell::new(false);
    let sink = RefCell::new(sink);
    let outcome = query::stream(
        conn,
        &sql,
        &params,
        &limits,
        |names: &[String]| {
            started.set(true);
            sink.borrow_mut().columns(names)
        },
        |row: &[serde_json::Value]| sink.borrow_mut().row(row),
    );
    // the streamed formats close what they printed; a table that failed is not printed
    if started.get() && (outcome.is_ok() || args.format != TableFormat::Table) {
        sink.borrow_mut().finish()?;
    }
    let outcome = outcome?;
    if outcome.truncated {
        eprintln!(
            "note: stopped after {} rows (--max-rows {}); the query has more",
            outcome.rows, args.max_rows
        );
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
    if name.ends_with(".sql") && query::named(&name).is_none() {
        return Ok((read_text_file(&path, "SQL file")?, puzzle));
    }
    let q = query::named(&name).ok_or_else(|| {
        let known: Vec<&str> = query::all_named().iter().map(|q| q.name).collect();
        anyhow!(
            "unknown query {:?}; known queries: {}",
            excerpt(&name, 60),
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
                .filter(|(k, _)| !k.trim().is_empty())
                .ok_or_else(|| anyhow!("bad --param {:?}: expected NAME=VALUE", excerpt(p, 60)))
        })
        .collect()
}
