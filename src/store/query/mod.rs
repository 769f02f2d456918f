//! Running one read-only SQL statement over a store, with named parameters, into a
//! [`QueryTable`] that prints as an aligned text table, CSV or JSON ([`render`]); and the
//! named queries of the top-level `queries/` folder, built into the binary ([`named`]).
//!
//! Parameters are named (`:max_len`, `@max_len` or `$max_len` in the SQL; given as
//! `max_len` or `:max_len`). A value that reads as an integer is bound as an integer, any
//! other as text. A parameter the SQL uses but that is not given takes the default its
//! header comment declares (`--   :max_len  most strong links (default 4)`), else the query
//! fails naming it; a given parameter the SQL does not use is an error too (a misspelt name
//! would otherwise be silently ignored).

pub mod named;
pub mod render;

pub use named::{all_named, header_params, named, NamedQuery, QueryParam};

use super::StoreError;
use rusqlite::types::ValueRef;
use rusqlite::{Batch, Connection, Statement};
use serde_json::Value;

/// The result of a query: column names and rows of JSON values (SQLite's NULL, integers,
/// reals and text; blobs as lowercase hex text).
#[derive(Clone, Debug, PartialEq)]
pub struct QueryTable {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

/// Run one read-only SQL statement on `conn` with named `params` (name, value).
///
/// Errors: SQLite's message for SQL it rejects; [`StoreError::MissingParameter`] and
/// [`StoreError::UnknownParameter`] naming the parameter; [`StoreError::StatementCount`]
/// for empty text or several statements; [`StoreError::NotReadOnly`] for a write.
pub fn run(
    conn: &Connection,
    sql: &str,
    params: &[(String, String)],
) -> Result<QueryTable, StoreError> {
    let mut statement = single_statement(conn, sql)?;
    if !statement.readonly() {
        return Err(StoreError::NotReadOnly);
    }
    bind_parameters(&mut statement, sql, params)?;
    let columns: Vec<String> = statement
        .column_names()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let mut rows = Vec::new();
    let mut cursor = statement.raw_query();
    while let Some(row) = cursor.next().map_err(sql_error)? {
        let values = (0..columns.len())
            .map(|i| row.get_ref(i).map(json_value))
            .collect::<Result<Vec<_>, _>>()?;
        rows.push(values);
    }
    Ok(QueryTable { columns, rows })
}

/// The one statement of `sql`, prepared.
fn single_statement<'c>(conn: &'c Connection, sql: &str) -> Result<Statement<'c>, StoreError> {
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
        bind_value(statement, index + 1, &value)?;
    }
    Ok(())
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
