//! What makes a query read-only by construction: the read-only open of a database the user
//! names, and the guard (an authorizer, `PRAGMA query_only` and a time limit) put on a
//! connection while a user's statement is prepared and run.

use crate::StoreError;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Functions a query may not call: they read or write files, load code, or reach into
/// SQLite's internals (`fts3_tokenizer` takes a pointer). Most are absent from our SQLite
/// build; they are refused by name in case a build has them.
const FILE_FUNCTIONS: &[&str] = &[
    "load_extension",
    "readfile",
    "writefile",
    "edit",
    "fts3_tokenizer",
    "lsdir",
    "fsdir",
    "sqlar_compress",
    "sqlar_uncompress",
];

/// Pragmas that only report, allowed without a value or with a table or index name as
/// argument (`PRAGMA table_info(edge)`). Any other pragma, and any of these given a
/// value that would set something, is refused.
const READING_PRAGMAS: &[&str] = &[
    "table_info",
    "table_xinfo",
    "table_list",
    "index_info",
    "index_xinfo",
    "index_list",
    "foreign_key_list",
    "function_list",
    "pragma_list",
    "module_list",
    "collation_list",
    "compile_options",
];

/// Pragmas that report a setting when read without a value (`PRAGMA user_version`) but
/// set it when given one; allowed without a value only.
const SETTING_PRAGMAS: &[&str] = &[
    "user_version",
    "application_id",
    "schema_version",
    "page_size",
    "page_count",
    "freelist_count",
    "encoding",
    "foreign_keys",
    "journal_mode",
    "query_only",
    "data_version",
];

/// Open `path` for queries only: `SQLITE_OPEN_READ_ONLY` (without URI parsing) and
/// `PRAGMA query_only`. Nothing done through this connection changes the file's bytes.
///
/// Errors: [`StoreError::Open`] when the file is missing or cannot be opened;
/// [`StoreError::NotADatabase`] when it is not an SQLite file.
pub fn open_read_only(path: &Path) -> Result<Connection, StoreError> {
    let open_error = |source| StoreError::Open {
        path: path.to_path_buf(),
        source,
    };
    if !path.exists() {
        return Err(StoreError::NoSuchFile(path.to_path_buf()));
    }
    if path.is_dir() {
        return Err(StoreError::IsADirectory(path.to_path_buf()));
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(open_error)?;
    conn.pragma_update(None, "query_only", true)
        .map_err(open_error)?;
    // reading the schema is the first read: a file that is not SQLite fails here
    conn.query_row("SELECT count(*) FROM sqlite_schema", [], |_| Ok(()))
        .map_err(|e| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => StoreError::NotADatabase(path.to_path_buf()),
            _ => open_error(e),
        })?;
    Ok(conn)
}

/// Why the authorizer refused a statement, kept for the error message (SQLite itself only
/// says "not authorized").
type Refusal = Arc<Mutex<Option<String>>>;

/// The guard on a connection for one statement: authorizer, `query_only`, time limit.
pub(super) struct Guard {
    refusal: Refusal,
    query_only_before: bool,
    timeout: Option<Duration>,
    deadline: Option<Instant>,
}

impl Guard {
    /// Put the guard on `conn`.
    pub(super) fn install(
        conn: &Connection,
        timeout: Option<Duration>,
    ) -> Result<Guard, StoreError> {
        let query_only_before: bool =
            conn.pragma_query_value(None, "query_only", |row| row.get(0))?;
        conn.pragma_update(None, "query_only", true)?;
        let refusal: Refusal = Arc::new(Mutex::new(None));
        let seen = Arc::clone(&refusal);
        conn.authorizer(Some(move |ctx: AuthContext<'_>| {
            let verdict = authorize(&ctx.action);
            match verdict {
                Ok(()) => Authorization::Allow,
                Err(why) => {
                    if let Ok(mut slot) = seen.lock() {
                        slot.get_or_insert(why);
                    }
                    Authorization::Deny
                }
            }
        }));
        let deadline = timeout.map(|t| Instant::now() + t);
        if let Some(deadline) = deadline {
            // every 10,000 virtual-machine steps (well under a millisecond)
            conn.progress_handler(10_000, Some(move || Instant::now() >= deadline));
        }
        Ok(Guard {
            refusal,
            query_only_before,
            timeout,
            deadline,
        })
    }

    /// The error to report for `error`: the guard's refusal or the time limit when they
    /// caused it, else `error` itself.
    pub(super) fn explain(&self, error: StoreError) -> StoreError {
        if let Some(why) = self.refusal.lock().ok().and_then(|mut s| s.take()) {
            return StoreError::Refused(why);
        }
        let interrupted = matches!(&error, StoreError::Sql { message } if message == "interrupted")
            || matches!(&error, StoreError::Sqlite(e)
                if e.sqlite_error_code() == Some(rusqlite::ErrorCode::OperationInterrupted));
        match (interrupted, self.timeout, self.deadline) {
            (true, Some(timeout), Some(deadline)) if Instant::now() >= deadline => {
                StoreError::Timeout(timeout)
            }
            _ => error,
        }
    }

    /// Take the guard off `conn`, restoring `query_only`.
    pub(super) fn remove(self, conn: &Connection) -> Result<(), StoreError> {
        conn.authorizer(None::<fn(AuthContext<'_>) -> Authorization>);
        conn.progress_handler(0, None::<fn() -> bool>);
        if !self.query_only_before {
            conn.pragma_update(None, "query_only", false)?;
        }
        Ok(())
    }
}

/// The authorizer's rule: reading is allowed, anything that writes, opens another file or
/// loads code is refused with the reason.
fn authorize(action: &AuthAction<'_>) -> Result<(), String> {
    match action {
        AuthAction::Select | AuthAction::Read { .. } | AuthAction::Recursive => Ok(()),
        AuthAction::Function { function_name } => {
            let name = function_name.to_ascii_lowercase();
            if FILE_FUNCTIONS.contains(&name.as_str()) {
                Err(format!(
                    "function {name}() is refused: queries cannot touch files"
                ))
            } else {
                Ok(())
            }
        }
        AuthAction::Pragma {
            pragma_name,
            pragma_value,
        } => {
            let name = pragma_name.to_ascii_lowercase();
            let reads = READING_PRAGMAS.contains(&name.as_str())
                || (SETTING_PRAGMAS.contains(&name.as_str()) && pragma_value.is_none());
            if reads {
                Ok(())
            } else {
                Err(format!(
                    "PRAGMA {name}{} is refused: queries only read",
                    pragma_value.map_or(String::new(), |v| format!(" = {v}"))
                ))
            }
        }
        AuthAction::Attach { .. } => {
            Err("ATTACH is refused: queries read only the database they were given".into())
        }
        AuthAction::Detach { .. } => Err("DETACH is refused".into()),
        // a DROP (or CREATE, ALTER) is first authorized as a write to the schema table: name
        // what the user wrote, not the DELETE it implies
        AuthAction::Delete { table_name }
        | AuthAction::Insert { table_name }
        | AuthAction::Update { table_name, .. }
            if is_schema_table(table_name) =>
        {
            Err("changing the schema (CREATE, DROP, ALTER) is refused: queries only read".into())
        }
        other => Err(format!(
            "{} is refused: queries only read",
            action_name(other)
        )),
    }
}

/// SQLite's own table of the schema, under its old and new names.
fn is_schema_table(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    [
        "sqlite_master",
        "sqlite_schema",
        "sqlite_temp_master",
        "sqlite_temp_schema",
    ]
    .contains(&name.as_str())
}

fn action_name(action: &AuthAction<'_>) -> String {
    let debug = format!("{action:?}");
    let name = debug
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("this statement");
    // CreateTable -> CREATE TABLE
    let mut out = String::new();
    for (i, ch) in name.char_indices() {
        if ch.is_ascii_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(ch.to_ascii_uppercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_attach_and_setting_pragmas_are_refused() {
        assert!(authorize(&AuthAction::Select).is_ok());
        let attach = authorize(&AuthAction::Attach { filename: "/tmp/x" }).unwrap_err();
        assert!(attach.starts_with("ATTACH"), "{attach}");
        let pragma = authorize(&AuthAction::Pragma {
            pragma_name: "writable_schema",
            pragma_value: Some("1"),
        })
        .unwrap_err();
        assert!(pragma.contains("writable_schema = 1"), "{pragma}");
        assert!(authorize(&AuthAction::Pragma {
            pragma_name: "user_version",
            pragma_value: None,
        })
        .is_ok());
        assert!(authorize(&AuthAction::Pragma {
            pragma_name: "user_version",
            pragma_value: Some("7"),
        })
        .is_err());
        let insert = authorize(&AuthAction::Insert { table_name: "x" }).unwrap_err();
        assert!(insert.starts_with("INSERT"), "{insert}");
        let f = authorize(&AuthAction::Function {
            function_name: "load_extension",
        })
        .unwrap_err();
        assert!(f.contains("load_extension"), "{f}");
    }
}
