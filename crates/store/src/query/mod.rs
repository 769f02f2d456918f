//! Running one read-only SQL statement over a store, with named parameters: streamed row
//! by row ([`stream`], under [`Limits`]: a time limit and a row limit) or collected into a
//! [`QueryTable`] ([`run`]); and the named queries of the top-level `queries/` folder, built
//! into the binary ([`named`]). Printing rows (text table, CSV, JSON) is the caller's job.
//!
//! Queries cannot write, by construction, not by trust in the SQL:
//! - a database the user names is opened with [`open_read_only`]: `SQLITE_OPEN_READ_ONLY`
//!   (no URI parsing, so a name cannot smuggle options) and `PRAGMA query_only`;
//! - while a statement is prepared and run, an authorizer ([`guard`]) allows reading
//!   tables, `SELECT`, recursive CTEs, the functions that only compute, and the pragmas that
//!   only read; it refuses `ATTACH`/`DETACH` (which would create or open another file),
//!   every write, every pragma given a value (`writable_schema=1`, `journal_mode=...`), and
//!   the functions that touch files or the process (`load_extension`, `readfile`,
//!   `writefile`, `edit`, `fts3_tokenizer`);
//! - a progress handler interrupts a statement past its time limit, and [`stream`] stops at
//!   its row limit, so an endless recursive CTE neither hangs nor fills memory.
//!
//! Parameters are named (`:max_len`, `@max_len` or `$max_len` in the SQL; given as
//! `max_len` or `:max_len`). A value that reads as an integer is bound as an integer, any
//! other as text. A parameter the SQL uses but that is not given takes the default its
//! header comment declares (`--   :max_len  most strong links (default 4)`), else the query
//! fails naming it; a given parameter the SQL does not use is an error too (a misspelt name
//! would otherwise be silently ignored); a parameter whose default is an integer takes
//! integers only (`latest`-style word defaults accept that word or an integer).

pub mod guard;
pub mod named;

pub use guard::open_read_only;
pub use named::{all_named, header_params, named, NamedQuery, QueryParam};
/// SQLite's connection (from [`open_read_only`] or a [`crate::Store`]) and the handle that
/// interrupts a statement running on it from another thread: the types a caller of
/// [`stream`] holds, so that no crate but this one names SQLite's library.
pub use rusqlite::{Connection, InterruptHandle};

use super::StoreError;
use rusqlite::types::ValueRef;
use rusqlite::{Batch, Statement};
use serde_json::Value;
use std::time::Duration;

/// The result of a query: column names and rows of JSON values (SQLite's NULL, integers,
/// reals and text; blobs as lowercase hex text).
#[derive(Clone, Debug, PartialEq)]
pub struct QueryTable {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

/// Bounds on one statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The statement is interrupted after this long (`None`: no limit).
    pub timeout: Option<Duration>,
    /// At most this many rows are handed out (`None`: no limit).
    pub max_rows: Option<usize>,
}

impl Limits {
    /// No limits: for trusted SQL (tests, the named queries over a store of one's own).
    pub const NONE: Limits = Limits {
        timeout: None,
        max_rows: None,
    };
}

impl Default for Limits {
    /// What the command line uses unless told otherwise: 5 seconds, 10,000 rows.
    fn default() -> Limits {
        Limits {
            timeout: Some(Duration::from_secs(5)),
            max_rows: Some(10_000),
        }
    }
}

/// How a streamed statement ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Rows handed to the caller.
    pub rows: usize,
    /// True when the row limit stopped the statement with at least one more row to come.
    pub truncated: bool,
}

/// Run one read-only SQL statement on `conn` with named `params` (name, value), unlimited,
/// collecting every row.
///
/// Errors: as [`stream`].
pub fn run(
    conn: &Connection,
    sql: &str,
    params: &[(String, String)],
) -> Result<QueryTable, StoreError> {
    let mut table = QueryTable {
        columns: Vec::new(),
        rows: Vec::new(),
    };
    let mut columns = Vec::new();
    stream(
        conn,
        sql,
        params,
        &Limits::NONE,
        |c: &[String]| {
            columns = c.to_vec();
            Ok::<(), StoreError>(())
        },
        |row: &[Value]| {
            table.rows.push(row.to_vec());
            Ok(())
        },
    )?;
    table.columns = columns;
    Ok(table)
}

/// Run one read-only statement under `limits`, handing its column names to `columns` once,
/// then each row to `row` as SQLite produces it (nothing is kept here, so memory does not
/// grow with the result). The connection is guarded ([`guard`]) for the statement's
/// duration and restored after.
///
/// Errors: SQLite's message for SQL it rejects; [`StoreError::Refused`] naming what the
/// guard refused (ATTACH, a writing pragma, a file function, a write);
/// [`StoreError::Timeout`]; [`StoreError::MissingParameter`],
/// [`StoreError::UnknownParameter`] and [`StoreError::BadParameter`] naming the parameter;
/// [`StoreError::StatementCount`] for empty text or several statements; and whatever
/// `columns` or `row` return.
///
/// Complexity: SQLite's for the statement, cut off by `limits`.
pub fn stream<E: From<StoreError>>(
    conn: &Connection,
    sql: &str,
    params: &[(String, String)],
    limits: &Limits,
    columns: impl FnOnce(&[String]) -> Result<(), E>,
    mut row: impl FnMut(&[Value]) -> Result<(), E>,
) -> Result<Outcome, E> {
    let guarded = guard::Guard::install(conn, limits.timeout)?;
    let result = (|| {
        let mut statement = single_statement(conn, sql).map_err(|e| guarded.explain(e))?;
        if !statement.readonly() {
            return Err(StoreError::NotReadOnly.into());
        }
        bind_parameters(&mut statement, sql, params)?;
        let names: Vec<String> = statement
            .column_names()
            .iter()
            .map(|c| c.to_string())
            .collect();
        columns(&names)?;
        let mut outcome = Outcome {
            rows: 0,
            truncated: false,
        };
        let mut values = Vec::with_capacity(names.len());
        let mut cursor = statement.raw_query();
        while let Some(r) = cursor.next().map_err(|e| guarded.explain(sql_error(e)))? {
            if limits.max_rows.is_some_and(|max| outcome.rows >= max) {
                outcome.truncated = true;
                break;
            }
            values.clear();
            for i in 0..names.len() {
                values.push(json_value(r.get_ref(i).map_err(StoreError::from)?));
            }
            row(&values)?;
            outcome.rows += 1;
        }
        Ok(outcome)
    })();
    guarded.remove(conn)?;
    result
}

/// The one statement of `sql`, prepared.
fn single_statement<'c>(conn: &'c Connection, sql: &str) -> Result<Statement<'c>, StoreError> {
    if sql.trim().is_empty() {
        return Err(StoreError::StatementCount("none"));
    }
    let mut batch = Batch::new(conn, sql);
    let first = batch
        .next()
        .map_err(sql_error)?
        .ok_or(StoreError::StatementCount("none"))?;
    if batch.next().map_err(sql_error)?.is_some() {
        return Err(StoreError::StatementCount("more than one"));
    }
    Ok(first)
}

/// `max_len` for `:max_len`, `@max_len`, `$max_len` or `max_len`.
fn bare_name(name: &str) -> &str {
    name.trim_start_matches([':', '@', '$'])
}

/// The bare names of the statement's parameters, in order of their indices.
fn parameter_names(statement: &Statement) -> Result<Vec<String>, StoreError> {
    (1..=statement.parameter_count())
        .map(|i| match statement.parameter_name(i) {
            Some(name) if !name.starts_with('?') => Ok(bare_name(name).to_string()),
            Some(name) => Err(StoreError::PositionalParameter(name.to_string())),
            None => Err(StoreError::PositionalParameter(format!("?{i}"))),
        })
        .collect()
}

fn bind_parameters(
    statement: &mut Statement,
    sql: &str,
    params: &[(String, String)],
) -> Result<(), StoreError> {
    let used = parameter_names(statement)?;
    if let Some((name, _)) = params
        .iter()
        .find(|(n, _)| !used.iter().any(|u| u == bare_name(n)))
    {
        return Err(StoreError::UnknownParameter {
            name: bare_name(name).to_string(),
            used,
        });
    }
    let defaults = header_params(sql);
    for (index, name) in used.iter().enumerate() {
        let given = params.iter().rev().find(|(n, _)| bare_name(n) == name);
        let value = match given {
            Some((_, value)) => value.clone(),
            None => defaults
                .iter()
                .find(|p| &p.name == name)
                .and_then(|p| p.default.clone())
                .ok_or_else(|| StoreError::MissingParameter {
                    name: name.clone(),
                    used: used.clone(),
                })?,
        };
        let default = defaults.iter().find(|p| &p.name == name);
        if let (Some((_, value)), Some(default)) = (given, default) {
            check_value(name, value, default.default.as_deref())?;
        }
        bind_value(statement, index + 1, &value)?;
    }
    Ok(())
}

/// A given value against the parameter's declared default: an integer default takes
/// integers; a word default (`latest`) takes that word or an integer.
fn check_value(name: &str, value: &str, default: Option<&str>) -> Result<(), StoreError> {
    let Some(default) = default else {
        return Ok(());
    };
    let value = value.trim();
    if value.parse::<i64>().is_ok() {
        return Ok(());
    }
    let expected = if default.trim().parse::<i64>().is_ok() {
        "an integer".to_string()
    } else if value == default.trim() {
        return Ok(());
    } else {
        format!("an integer or {default}")
    };
    Err(StoreError::BadParameter {
        name: name.to_string(),
        value: sudolink_engine::grid::format::excerpt(value, 40),
        expected,
    })
}

/// Bind as an integer when the text reads as one, else as text.
fn bind_value(statement: &mut Statement, index: usize, value: &str) -> Result<(), StoreError> {
    match value.trim().parse::<i64>() {
        Ok(n) => statement.raw_bind_parameter(index, n)?,
        Err(_) => statement.raw_bind_parameter(index, value)?,
    }
    Ok(())
}

fn json_value(value: ValueRef) -> Value {
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(n) => Value::from(n),
        ValueRef::Real(x) => serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number),
        ValueRef::Text(bytes) => Value::String(String::from_utf8_lossy(bytes).into_owned()),
        ValueRef::Blob(bytes) => Value::String(bytes.iter().map(|b| format!("{b:02x}")).collect()),
    }
}

/// SQLite's own message for an error in a query.
fn sql_error(error: rusqlite::Error) -> StoreError {
    let message = match &error {
        rusqlite::Error::SqlInputError { msg, offset, .. } => format!("{msg} (at offset {offset})"),
        rusqlite::Error::SqliteFailure(_, Some(msg)) => msg.clone(),
        other => other.to_string(),
    };
    StoreError::Sql { message }
}
