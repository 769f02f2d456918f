//! The SQLite materialisation: puzzles, runs, grid states, their candidates and typed
//! graphs, and the proofs found on them, as tables a user (or a notebook) can query.
//!
//! `store` owns every line of SQL in the crate: the schema ([`schema`]), the writers
//! ([`Store`]'s `write_*` methods) and the query runner with the named queries of the
//! top-level `queries/` folder ([`query`]). Nothing else opens a connection or writes SQL.
//!
//! Tables (see [`schema::SCHEMA`] for the columns):
//! `puzzle` → `state` (a grid state of a puzzle, optionally within a `run`) → `candidate`,
//! `node` and `edge` (the [`CandidateGraph`] of that state) and `proof` → `proof_item`
//! (pattern candidates, assertions, eliminations) and `step` (state → proof → next state).
//! The view `edge_ends` joins each edge to the kind, label, candidate and digit of its two
//! end nodes, which is what most queries want.
//!
//! Studies add `run_puzzle` (a run's input puzzles in order), `rating` (classify) and
//! `elimination` (subsume: each family's shortest proof length per eliminated candidate
//! of a studied state); see [`study`]. The hunter's pipeline adds `derivation` (what each
//! stage made of each input puzzle) and comparisons `compared_rating` and
//! `rating_difference`; see [`pipeline`].
//!
//! A proof is stored as its view ([`sudolink_notation::view::ProofView`]: the documented,
//! versioned JSON of `docs/views.md`) in `proof.json`, and read back by
//! [`Store::read_proof`].
//!
//! Every multi-row write runs in one transaction: an error leaves nothing half-written.
//!
//! ```
//! use sudolink_engine::grid::format::parse_line;
//! use sudolink_store::{self as store, query};
//!
//! let line = "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";
//! let state = parse_line(line, 1).unwrap().start_state().unwrap();
//! let store = store::materialise(line, Some("Ocean #1"), &state).unwrap();
//! let q = query::named("edge-counts").unwrap();
//! let table = query::run(store.connection(), q.sql, &[]).unwrap();
//! assert_eq!(table.columns[0], "kind");
//! ```

mod items;
pub mod pipeline;
pub mod query;
pub mod schema;
pub mod study;
mod write;

use rusqlite::{Connection, Transaction, TransactionBehavior};
use std::path::{Path, PathBuf};
use sudolink_engine::graph::CandidateGraph;
use sudolink_engine::grid::format::{parse_line, ParseError};
use sudolink_engine::grid::State;
use thiserror::Error;

/// What can go wrong in the store.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database file could not be opened or created (SQLite's reason is the source).
    #[error("cannot open database {}", path.display())]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    /// A database to read does not exist.
    #[error("no such file: {}", .0.display())]
    NoSuchFile(PathBuf),
    /// A database path names a directory.
    #[error("{} is a directory, not a database file", .0.display())]
    IsADirectory(PathBuf),
    /// The file exists but is not an SQLite database.
    #[error("{} is not an SQLite database", .0.display())]
    NotADatabase(PathBuf),
    /// An existing SQLite file that is not a sudolink store: writing into it would add our
    /// tables to someone else's database.
    #[error(
        "{} is an SQLite database but not a sudolink store ({why}); \
         refusing to write into it (pass --force to add sudolink's tables anyway)",
        path.display()
    )]
    ForeignDatabase { path: PathBuf, why: String },
    /// The file holds a sudolink schema of another version.
    #[error("database schema version {found}, this sudolink writes version {expected}")]
    SchemaVersion { found: i64, expected: i64 },
    /// Another process holds the database's write lock past the busy timeout.
    #[error("database {} is busy: another sudolink (or another program) is writing it; try again when it has finished", path.display())]
    Busy { path: PathBuf },
    /// A write or a pragma failed (SQLite's reason is the source).
    #[error("SQLite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The query guard refused part of a statement.
    #[error("{0}")]
    Refused(String),
    /// A statement ran past its time limit.
    #[error("the query ran longer than its time limit of {} s and was stopped (raise --timeout)", .0.as_secs_f64())]
    Timeout(std::time::Duration),
    /// A parameter value of the wrong kind.
    #[error("parameter :{name} takes {expected}, not {value:?}")]
    BadParameter {
        name: String,
        value: String,
        expected: String,
    },
    /// A query was rejected by SQLite; the message is SQLite's.
    #[error("SQL error: {message}")]
    Sql { message: String },
    /// The query names a parameter that was not given and has no default.
    #[error("missing parameter :{name} (the query uses {})", colon_list(used))]
    MissingParameter { name: String, used: Vec<String> },
    /// A parameter was given that the query does not use.
    #[error("unknown parameter :{name} (the query uses {})", colon_list(used))]
    UnknownParameter { name: String, used: Vec<String> },
    /// The query uses `?` or `?NNN` parameters, which cannot be given by name.
    #[error("positional parameter {0} is not supported: name it, as in :max_len")]
    PositionalParameter(String),
    /// The text holds no statement, or more than one.
    #[error("expected exactly one SQL statement, found {0}")]
    StatementCount(&'static str),
    /// Queries only read; writes go through the `write_*` methods.
    #[error("the query would modify the database; only read-only statements are run")]
    NotReadOnly,
    /// A puzzle grid that is not 81 cells of `1`-`9`, `.` or `0`.
    #[error("bad puzzle grid: {0}")]
    BadGrid(String),
    /// A puzzle line that does not parse.
    #[error("bad puzzle line: {0}")]
    BadPuzzle(#[from] ParseError),
    /// A proof view that does not serialise, or a stored one that does not read back.
    #[error("proof view JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// A version 1–5 store's proof row that its upgrade cannot turn into a view.
    #[error("cannot upgrade proof {proof_id} of the store to its view: {why}")]
    Upgrade { proof_id: i64, why: String },
}

/// A busy or locked error as [`StoreError::Busy`] naming the file; others unchanged.
pub(crate) fn busy_named(error: StoreError, path: &Path) -> StoreError {
    let code = match &error {
        StoreError::Sqlite(e) | StoreError::Open { source: e, .. } => e.sqlite_error_code(),
        _ => None,
    };
    match code {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            StoreError::Busy {
                path: path.to_path_buf(),
            }
        }
        _ => error,
    }
}

fn colon_list(names: &[String]) -> String {
    if names.is_empty() {
        return "no parameters".to_string();
    }
    names
        .iter()
        .map(|n| format!(":{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A sudolink SQLite database: one connection, one writer.
pub struct Store {
    conn: Connection,
}

/// How long a writer waits for another one's lock before giving up.
pub const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// A write transaction, begun IMMEDIATE: it takes the write lock at once, waiting up to
/// [`BUSY_TIMEOUT`] for another writer. A deferred one begins as a reader; two writers that
/// both read before writing then each wait for the other to let go, and SQLite answers that
/// deadlock with "database is locked" at once, without waiting.
fn write_transaction(conn: &mut Connection) -> rusqlite::Result<Transaction<'_>> {
    conn.transaction_with_behavior(TransactionBehavior::Immediate)
}

impl Store {
    /// Open the sudolink store at `path` for writing, creating the file and the schema if
    /// missing. An existing SQLite file that is not a sudolink store is refused
    /// ([`StoreError::ForeignDatabase`]) and left untouched: use [`Store::open_forced`] to
    /// add our tables to it anyway.
    pub fn create(path: &Path) -> Result<Store, StoreError> {
        Store::open(path, false)
    }

    /// Open `path` for writing; with `force`, an existing SQLite file that is not a
    /// sudolink store gets our schema added (its own tables are left alone).
    pub fn open_forced(path: &Path) -> Result<Store, StoreError> {
        Store::open(path, true)
    }

    fn open(path: &Path, force: bool) -> Result<Store, StoreError> {
        if path.is_dir() {
            return Err(StoreError::IsADirectory(path.to_path_buf()));
        }
        let existing = std::fs::metadata(path)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        let conn = Connection::open(path).map_err(|source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        })?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        if existing {
            // nothing is written before this check: someone else's file stays as it is
            schema::check_ours(&conn, path, force).map_err(|e| busy_named(e, path))?;
        }
        let store = Store::with_connection(conn).map_err(|e| busy_named(e, path))?;
        Ok(store)
    }

    /// A fresh database in memory.
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::with_connection(Connection::open_in_memory()?)
    }

    fn with_connection(conn: Connection) -> Result<Store, StoreError> {
        schema::prepare(&conn)?;
        conn.set_prepared_statement_cache_capacity(32);
        Ok(Store { conn })
    }

    /// The connection, for queries ([`query::run`]).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

/// An in-memory store holding one puzzle, one state (step 0, no run) and that state's full
/// candidate graph: what `sudolink query` runs the named queries on.
///
/// `puzzle_line` is an 81-character puzzle line, optionally followed by a name; `name`, when
/// given, wins over the line's own.
pub fn materialise(
    puzzle_line: &str,
    name: Option<&str>,
    state: &State,
) -> Result<Store, StoreError> {
    let puzzle = parse_line(puzzle_line, 1)?;
    let name = name.or(puzzle.name.as_deref());
    let mut store = Store::in_memory()?;
    let puzzle_id = store.write_puzzle(&puzzle.line(), name)?;
    let state_id = store.write_state(puzzle_id, None, 0, state)?;
    store.write_graph(state_id, &CandidateGraph::build(state))?;
    Ok(store)
}
