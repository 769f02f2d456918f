//! The SQLite schema of the materialisation, and its creation.
//!
//! Every table is `STRICT` and uses only what SQLite 3.37 knows, so Python's `sqlite3`
//! (3.40 on Debian 12) reads a store written with the bundled, newer SQLite. The schema
//! version sits in `PRAGMA user_version`, and `PRAGMA application_id` says the file is a
//! sudolink store ([`APPLICATION_ID`]): a writer checks both before it writes into an
//! existing file ([`check_ours`]), so someone else's database is never changed by mistake.

use super::StoreError;
use rusqlite::Connection;
use sudolink_engine::grid::format::parse_pencil_mark_string;
use sudolink_engine::proof::Proof;
use sudolink_notation::view::ProofView;

/// The version written to `PRAGMA user_version`; a file with another non-zero version is
/// refused rather than misread, except version 1, which a writer upgrades ([`prepare`]).
///
/// Version 8: the hunter's pipeline (`derivation`: what each stage of `sudolink hunt --db`
/// made of each of its input puzzles) and the stored comparisons of rating schemes
/// (`compared_rating`, `rating_difference`: `sudolink compare --db`), created in a version
/// 1–7 store by its first writer.
/// Version 7: the backdoor studies (`backdoor_study`, `backdoor`: `sudolink backdoors
/// --db`), created in a version 1–6 store by its first writer.
/// Version 6: `proof.json` holds the proof's view (`sudolink_notation::view::ProofView`,
/// `docs/views.md`), not the engine's serde form of the proof; a version 1–5 store's proof
/// rows are rewritten as views by its first writer ([`upgrade_proof_views`]).
/// Version 5: `rating.difficulty`, HoDoKu's difficulty level beside its score (`rating`,
/// an INTEGER), added to a version 2–4 store's `rating` by its first writer.
/// Version 4: the graph's OR relations (`node.kind = 'or_relation'`, `edge.kind =
/// 'or_member'`): the `node` and `edge` tables' kind checks admit them; a version 1–3 store
/// has both tables rebuilt by its first writer ([`widen_graph_kinds`]).
/// Version 3: `rating` says which bound cut a rating (`cut`: time, memory or budget; then
/// `rating` is NULL and `cut_above` the level it is known to exceed) and under which bounds
/// it ran (`bounds`). Version 2: `rating.rating` holds a level (INTEGER) or SER's ER
/// (REAL), and `rating` has SER's `ep` and `ed` (version 1: `rating INTEGER`, no `ep`,
/// `ed`).
pub const SCHEMA_VERSION: i64 = 8;

/// The version before `rating` held SER: upgraded in place by the first writer.
const VERSION_1: i64 = 1;

/// The version before `rating` said what cut a rating: upgraded in place (three columns
/// added) by the first writer.
const VERSION_2: i64 = 2;

/// The version before the graph's OR relations: its `node` and `edge` tables are rebuilt.
const VERSION_3: i64 = 3;

/// The version before HoDoKu's difficulty level: the column is added by the first writer.
const VERSION_4: i64 = 4;

/// The version before proofs were stored as views: its proof rows are rewritten.
const VERSION_5: i64 = 5;

/// The version before the backdoor studies: their tables are created by the first writer.
const VERSION_6: i64 = 6;

/// The version before the pipeline's derivations and the stored comparisons: their tables
/// are created by the first writer.
const VERSION_7: i64 = 7;

/// The versions a writer upgrades in place.
const OLDER: [i64; 7] = [
    VERSION_1, VERSION_2, VERSION_3, VERSION_4, VERSION_5, VERSION_6, VERSION_7,
];

/// The tables of this version (what a complete store holds).
const TABLES: [&str; 17] = [
    "puzzle",
    "run",
    "state",
    "candidate",
    "node",
    "edge",
    "proof",
    "proof_item",
    "step",
    "run_puzzle",
    "rating",
    "elimination",
    "backdoor_study",
    "backdoor",
    "derivation",
    "compared_rating",
    "rating_difference",
];

/// `PRAGMA application_id` of a sudolink store: "SLNK".
pub const APPLICATION_ID: i64 = 0x534C_4E4B;

/// The tables and indexes, created if missing.
///
/// Enumerated columns are checked with `=`/`OR` chains: SQLite evaluates `x IN (...)` in a
/// CHECK several times slower, which made writing a graph's edges cost 4 ms per thousand.
///
/// The edge table's key starts with `(state_id, src)`, so it doubles as the index on `src`
/// (one index fewer to maintain per edge written).
///
/// Conventions: `cand` is the candidate index `(row*9 + col)*9 + digit-1` with 0-based row
/// and column (0..729); `row`, `col`, `block` and `digit` columns are 1-based as the forums
/// write them; labels are the forum forms (`n8r4c1`, `r3c9<>8`); node ids are petgraph node
/// indices, unique within their state.
pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS puzzle (
    id    INTEGER PRIMARY KEY,
    grid  TEXT NOT NULL CHECK (length(grid) = 81),
    name  TEXT
) STRICT;

CREATE TABLE IF NOT EXISTS run (
    id        INTEGER PRIMARY KEY,
    kind      TEXT NOT NULL,
    params    TEXT NOT NULL DEFAULT '{}',
    started   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    finished  TEXT
) STRICT;

CREATE TABLE IF NOT EXISTS state (
    id            INTEGER PRIMARY KEY,
    puzzle_id     INTEGER NOT NULL REFERENCES puzzle(id),
    run_id        INTEGER REFERENCES run(id),
    step_index    INTEGER NOT NULL,
    grid          TEXT NOT NULL CHECK (length(grid) = 81),
    pencil_marks  TEXT NOT NULL CHECK (length(pencil_marks) = 729)
) STRICT;
CREATE INDEX IF NOT EXISTS state_puzzle ON state(puzzle_id);
CREATE INDEX IF NOT EXISTS state_run ON state(run_id);

CREATE TABLE IF NOT EXISTS candidate (
    state_id  INTEGER NOT NULL REFERENCES state(id),
    cand      INTEGER NOT NULL CHECK (cand BETWEEN 0 AND 728),
    digit     INTEGER NOT NULL CHECK (digit BETWEEN 1 AND 9),
    row       INTEGER NOT NULL CHECK (row BETWEEN 1 AND 9),
    col       INTEGER NOT NULL CHECK (col BETWEEN 1 AND 9),
    block     INTEGER NOT NULL CHECK (block BETWEEN 1 AND 9),
    label     TEXT NOT NULL,
    PRIMARY KEY (state_id, cand)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS node (
    state_id   INTEGER NOT NULL REFERENCES state(id),
    id         INTEGER NOT NULL,
    kind       TEXT NOT NULL
               CHECK (kind = 'candidate' OR kind = 'group' OR kind = 'als'
                      OR kind = 'almost_cell' OR kind = 'or_relation'),
    label      TEXT NOT NULL,
    candidate  INTEGER,
    digit      INTEGER,
    digits     TEXT,
    house      TEXT,
    cells      TEXT,
    PRIMARY KEY (state_id, id),
    FOREIGN KEY (state_id, candidate) REFERENCES candidate(state_id, cand)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS node_candidate ON node(state_id, candidate);
CREATE INDEX IF NOT EXISTS node_kind ON node(state_id, kind);

CREATE TABLE IF NOT EXISTS edge (
    state_id  INTEGER NOT NULL REFERENCES state(id),
    id        INTEGER NOT NULL,
    kind      TEXT NOT NULL
              CHECK (kind = 'nrc_link' OR kind = 'conjugate' OR kind = 'group_link'
                     OR kind = 'als_link' OR kind = 'almost_cell_link'
                     OR kind = 'or_member'),
    src       INTEGER NOT NULL,
    dst       INTEGER NOT NULL,
    support   TEXT NOT NULL,
    strong    INTEGER NOT NULL CHECK (strong = 0 OR strong = 1),
    PRIMARY KEY (state_id, src, id),
    FOREIGN KEY (state_id, src) REFERENCES node(state_id, id),
    FOREIGN KEY (state_id, dst) REFERENCES node(state_id, id)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS edge_kind ON edge(state_id, kind);
CREATE INDEX IF NOT EXISTS edge_dst ON edge(state_id, dst);

-- an edge with what its queries usually want of its two end nodes
CREATE VIEW IF NOT EXISTS edge_ends AS
SELECT e.state_id, e.id, e.kind, e.support, e.strong,
       e.src, a.kind AS src_kind, a.label AS src_label,
       a.candidate AS src_candidate, a.digit AS src_digit,
       e.dst, b.kind AS dst_kind, b.label AS dst_label,
       b.candidate AS dst_candidate, b.digit AS dst_digit
FROM edge AS e
JOIN node AS a ON a.state_id = e.state_id AND a.id = e.src
JOIN node AS b ON b.state_id = e.state_id AND b.id = e.dst;

CREATE TABLE IF NOT EXISTS proof (
    id        INTEGER PRIMARY KEY,
    state_id  INTEGER NOT NULL REFERENCES state(id),
    rule      TEXT NOT NULL,
    family    TEXT NOT NULL,
    length    INTEGER NOT NULL,
    json      TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS proof_state ON proof(state_id);
CREATE INDEX IF NOT EXISTS proof_family ON proof(family, length);

CREATE TABLE IF NOT EXISTS proof_item (
    proof_id       INTEGER NOT NULL REFERENCES proof(id),
    position       INTEGER NOT NULL,
    role           TEXT NOT NULL
                   CHECK (role = 'pattern' OR role = 'assertion' OR role = 'elimination'),
    candidate      INTEGER NOT NULL CHECK (candidate BETWEEN 0 AND 728),
    label          TEXT NOT NULL,
    justification  TEXT,
    PRIMARY KEY (proof_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS proof_item_candidate ON proof_item(candidate, role);

CREATE TABLE IF NOT EXISTS step (
    id             INTEGER PRIMARY KEY,
    state_id       INTEGER NOT NULL REFERENCES state(id),
    proof_id       INTEGER NOT NULL REFERENCES proof(id),
    next_state_id  INTEGER REFERENCES state(id),
    eliminations   TEXT NOT NULL,
    assertions     TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS step_state ON step(state_id);
CREATE INDEX IF NOT EXISTS step_proof ON step(proof_id);
CREATE INDEX IF NOT EXISTS step_next_state ON step(next_state_id);

-- studies: a run's input puzzles in input order (0-based position)
CREATE TABLE IF NOT EXISTS run_puzzle (
    run_id     INTEGER NOT NULL REFERENCES run(id),
    position   INTEGER NOT NULL,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzle(id),
    PRIMARY KEY (run_id, position)
) STRICT, WITHOUT ROWID;

-- classify: a puzzle's rating in one scheme. A level scheme (L, M, N, W, ...) stores its
-- level, an INTEGER (NULL: not solved up to the run's max_len); SER stores Sudoku
-- Explainer's ER, a REAL with one decimal (20.0: SE's rules do not solve the puzzle), with
-- its EP and ED (NULL for the level schemes). An error leaves rating, ep and ed NULL. A
-- rating a bound cut leaves them NULL too and names the bound in `cut`; `cut_above` is then
-- a level the rating is above (a level scheme) or SE's ER so far in tenths (SER: ER >= it).
-- HoDoKu stores its score as the rating (INTEGER) and its level (Easy ... Extreme) in
-- `difficulty` (NULL for the other schemes); cut, `cut_above` is its score so far.
CREATE TABLE IF NOT EXISTS rating (
    run_id    INTEGER NOT NULL,
    position  INTEGER NOT NULL,
    scheme    TEXT NOT NULL,
    rating    ANY,
    hardest   TEXT,
    seconds   REAL NOT NULL,
    error     TEXT,
    ep        REAL,
    ed        REAL,
    cut       TEXT CHECK (cut IS NULL OR cut = 'time' OR cut = 'memory' OR cut = 'budget'),
    cut_above INTEGER,
    bounds    TEXT,
    difficulty TEXT CHECK (difficulty IS NULL OR difficulty = 'Easy' OR difficulty = 'Medium'
                           OR difficulty = 'Hard' OR difficulty = 'Unfair'
                           OR difficulty = 'Extreme'),
    PRIMARY KEY (run_id, position, scheme),
    FOREIGN KEY (run_id, position) REFERENCES run_puzzle(run_id, position),
    CHECK ((rating IS NULL OR typeof(rating) = 'integer') AND ep IS NULL AND ed IS NULL
           OR (rating IS NULL OR typeof(rating) = 'real') AND ep IS NOT NULL
              AND ed IS NOT NULL)
) STRICT, WITHOUT ROWID;

-- subsume: the shortest proof length of each family's eliminations in a studied state
CREATE TABLE IF NOT EXISTS elimination (
    run_id    INTEGER NOT NULL REFERENCES run(id),
    state_id  INTEGER NOT NULL REFERENCES state(id),
    family    TEXT NOT NULL,
    cand      INTEGER NOT NULL CHECK (cand BETWEEN 0 AND 728),
    label     TEXT NOT NULL,
    length    INTEGER NOT NULL CHECK (length >= 1),
    PRIMARY KEY (state_id, family, cand)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS elimination_run ON elimination(run_id, family, length);

-- backdoors: one puzzle (or state) studied under one theory (BRT, W1, S2, S3, S4): its
-- backdoor size when asked (NULL: not asked, above max_size or cut; then `size_above` is
-- the size it is known to exceed and `cut` names the bound, if one cut it), the time, and
-- the error of a puzzle that could not be studied
CREATE TABLE IF NOT EXISTS backdoor_study (
    run_id      INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    theory      TEXT NOT NULL,
    size        INTEGER,
    size_above  INTEGER,
    cut         TEXT CHECK (cut IS NULL OR cut = 'time' OR cut = 'memory' OR cut = 'budget'),
    seconds     REAL NOT NULL,
    error       TEXT,
    PRIMARY KEY (run_id, position, theory),
    FOREIGN KEY (run_id, position) REFERENCES run_puzzle(run_id, position)
) STRICT, WITHOUT ROWID;

-- what it found, one row per candidate (pair, step): `kind` says which list, `ordinal` its
-- place in it (from 1), `step` the step of a one-, two- or fewer-step solution (0 for the
-- lists without steps), `cand2` a pair's second candidate; `label` is the forum's form
-- (`n8r9c2`, `n8r9c2 n7r1c3`); `proof` the step's proof view (docs/views.md)
CREATE TABLE IF NOT EXISTS backdoor (
    run_id    INTEGER NOT NULL,
    position  INTEGER NOT NULL,
    theory    TEXT NOT NULL,
    kind      TEXT NOT NULL
              CHECK (kind = 'backdoor' OR kind = 'size_witness' OR kind = 'anti_backdoor'
                     OR kind = 'anti_backdoor_pair' OR kind = 'one_step' OR kind = 'two_step'
                     OR kind = 'fewer_step'),
    ordinal   INTEGER NOT NULL CHECK (ordinal >= 1),
    step      INTEGER NOT NULL CHECK (step >= 0),
    cand      INTEGER NOT NULL CHECK (cand BETWEEN 0 AND 728),
    cand2     INTEGER CHECK (cand2 IS NULL OR cand2 BETWEEN 0 AND 728),
    label     TEXT NOT NULL,
    proof     TEXT,
    PRIMARY KEY (run_id, position, theory, kind, ordinal, step),
    FOREIGN KEY (run_id, position, theory) REFERENCES backdoor_study(run_id, position, theory)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS backdoor_cand ON backdoor(cand, kind);

-- hunt: what a stage of the pipeline (a run of kind 'hunt'; its params name the input and
-- the stages up to this one) made of its input puzzle at `position` (`run_puzzle`): the
-- puzzles it made, in order (`ordinal` from 0): expansions, minimals, neighbours, a minlex
-- form, or the puzzle itself when a rating stage passes or keeps it (its rating in `rating`)
CREATE TABLE IF NOT EXISTS derivation (
    run_id     INTEGER NOT NULL,
    position   INTEGER NOT NULL,
    ordinal    INTEGER NOT NULL CHECK (ordinal >= 0),
    puzzle_id  INTEGER NOT NULL REFERENCES puzzle(id),
    PRIMARY KEY (run_id, position, ordinal),
    FOREIGN KEY (run_id, position) REFERENCES run_puzzle(run_id, position)
) STRICT, WITHOUT ROWID;

-- compare: each rating list of a comparison (a run of kind 'compare'): `label` the scheme
-- or the name of a published list (`source`), its rating of puzzle `number` (from 1; NULL:
-- no rating: unsolved up to the length bound, cut, failed, or `-` in a published file)
CREATE TABLE IF NOT EXISTS compared_rating (
    run_id  INTEGER NOT NULL REFERENCES run(id),
    label   TEXT NOT NULL,
    source  TEXT NOT NULL CHECK (source = 'scheme' OR source = 'published'),
    number  INTEGER NOT NULL CHECK (number >= 1),
    rating  INTEGER,
    PRIMARY KEY (run_id, label, number)
) STRICT, WITHOUT ROWID;

-- compare: the puzzles two lists rate differently (Berthier's comparison of `a` with `b`)
CREATE TABLE IF NOT EXISTS rating_difference (
    run_id    INTEGER NOT NULL REFERENCES run(id),
    a         TEXT NOT NULL,
    b         TEXT NOT NULL,
    number    INTEGER NOT NULL CHECK (number >= 1),
    rating_a  INTEGER,
    rating_b  INTEGER,
    PRIMARY KEY (run_id, a, b, number),
    FOREIGN KEY (run_id, a, number) REFERENCES compared_rating(run_id, label, number),
    FOREIGN KEY (run_id, b, number) REFERENCES compared_rating(run_id, label, number)
) STRICT, WITHOUT ROWID;
";

/// Turn on foreign keys, check the file's schema version and create what is missing
/// (nothing is written to a complete store of this version).
pub fn prepare(conn: &Connection) -> Result<(), StoreError> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if version != 0 && !OLDER.contains(&version) && version != SCHEMA_VERSION {
        return Err(StoreError::SchemaVersion {
            found: version,
            expected: SCHEMA_VERSION,
        });
    }
    if version != 0 && version != SCHEMA_VERSION {
        widen_graph_kinds(conn)?;
    }
    conn.pragma_update(None, "foreign_keys", true)?;
    let id: i64 = conn.pragma_query_value(None, "application_id", |row| row.get(0))?;
    let names: Vec<String> = TABLES.iter().map(|t| format!("'{t}'")).collect();
    let tables: usize = conn.query_row(
        &format!(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ({})",
            names.join(", ")
        ),
        [],
        |row| row.get(0),
    )?;
    if version == SCHEMA_VERSION && id == APPLICATION_ID && tables == TABLES.len() {
        return Ok(());
    }
    // one transaction: a writer killed while creating the schema (a study's shard whose
    // worker dies) leaves either nothing or a whole store marked as ours, never tables
    // without the mark that the next writer would refuse as a foreign database
    let tx = conn.unchecked_transaction()?;
    let old_rating = old_rating_table(&tx)?;
    if old_rating {
        tx.execute_batch("ALTER TABLE rating RENAME TO rating_version_1")?;
    }
    if rating_without_cut(&tx)? {
        tx.execute_batch(
            "ALTER TABLE rating ADD COLUMN cut TEXT
                 CHECK (cut IS NULL OR cut = 'time' OR cut = 'memory' OR cut = 'budget');
             ALTER TABLE rating ADD COLUMN cut_above INTEGER;
             ALTER TABLE rating ADD COLUMN bounds TEXT;",
        )?;
    }
    if rating_without_difficulty(&tx)? {
        tx.execute_batch(
            "ALTER TABLE rating ADD COLUMN difficulty TEXT
                 CHECK (difficulty IS NULL OR difficulty = 'Easy' OR difficulty = 'Medium'
                        OR difficulty = 'Hard' OR difficulty = 'Unfair'
                        OR difficulty = 'Extreme');",
        )?;
    }
    tx.execute_batch(SCHEMA)?;
    if (VERSION_1..=VERSION_5).contains(&version) {
        upgrade_proof_views(&tx)?;
    }
    if old_rating {
        tx.execute_batch(
            "INSERT INTO rating (run_id, position, scheme, rating, hardest, seconds, error)
             SELECT run_id, position, scheme, rating, hardest, seconds, error
             FROM rating_version_1;
             DROP TABLE rating_version_1;",
        )?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    tx.commit()?;
    Ok(())
}

/// Rewrite a version 1–5 store's proofs, stored in the engine's serde form, as their views
/// (built on the state each was found in, read from its pencil marks). A row that already
/// reads as a view is left as it is.
fn upgrade_proof_views(conn: &Connection) -> Result<(), StoreError> {
    let rows: Vec<(i64, String, String)> = conn
        .prepare(
            "SELECT p.id, p.json, s.pencil_marks FROM proof AS p \
             JOIN state AS s ON s.id = p.state_id ORDER BY p.id",
        )?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut update = conn.prepare("UPDATE proof SET json = ?1 WHERE id = ?2")?;
    for (proof_id, json, pencil_marks) in rows {
        if serde_json::from_str::<ProofView>(&json).is_ok() {
            continue;
        }
        let why = |e: &dyn std::fmt::Display| StoreError::Upgrade {
            proof_id,
            why: e.to_string(),
        };
        let proof: Proof = serde_json::from_str(&json).map_err(|e| why(&e))?;
        let state = parse_pencil_mark_string(&pencil_marks, 1).map_err(|e| why(&e))?;
        let view = serde_json::to_string(&ProofView::of(&state, &proof))?;
        update.execute(rusqlite::params![view, proof_id])?;
    }
    Ok(())
}

/// Rebuild a version 1–3 store's `node` and `edge` tables with version 4's kind checks
/// (SQLite cannot alter a CHECK): new tables, rows copied, old ones dropped, the new ones
/// renamed; the view and indexes are then recreated by the schema. One transaction, with
/// foreign keys off while the tables are swapped (SQLite's recipe for changing a table).
fn widen_graph_kinds(conn: &Connection) -> Result<(), StoreError> {
    let node_sql: Option<String> = conn
        .query_row(
            "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'node'",
            [],
            |row| row.get(0),
        )
        .ok();
    if node_sql.is_none_or(|sql| sql.contains("or_relation")) {
        return Ok(());
    }
    let table = |name: &str| -> String {
        let start = SCHEMA
            .find(&format!("CREATE TABLE IF NOT EXISTS {name} ("))
            .expect("the schema creates the table");
        let end = start
            + SCHEMA[start..]
                .find(") STRICT, WITHOUT ROWID;")
                .expect("the table's end")
            + ") STRICT, WITHOUT ROWID;".len();
        SCHEMA[start..end].replacen(
            &format!("IF NOT EXISTS {name} ("),
            &format!("{name}_v4 ("),
            1,
        )
    };
    conn.pragma_update(None, "foreign_keys", false)?;
    let tx = conn.unchecked_transaction()?;
    tx.execute_batch(&format!(
        "DROP VIEW IF EXISTS edge_ends;
         {}
         {}
         INSERT INTO node_v4 SELECT * FROM node;
         INSERT INTO edge_v4 SELECT * FROM edge;
         DROP TABLE edge;
         DROP TABLE node;
         ALTER TABLE node_v4 RENAME TO node;
         ALTER TABLE edge_v4 RENAME TO edge;",
        table("node"),
        table("edge")
    ))?;
    tx.commit()?;
    Ok(())
}

/// Whether the store's `rating` table is version 1's (an INTEGER `rating`, no `ep`): a
/// STRICT column's type cannot change, so [`prepare`] renames it, creates version 2's and
/// copies the rows (their integer levels are version 2's too).
fn old_rating_table(conn: &Connection) -> Result<bool, StoreError> {
    let columns = rating_columns(conn)?;
    Ok(!columns.is_empty() && !columns.iter().any(|c| c == "ep"))
}

/// The names of the `rating` table's columns (none when there is no such table).
fn rating_columns(conn: &Connection) -> Result<Vec<String>, StoreError> {
    Ok(conn
        .prepare("SELECT name FROM pragma_table_info('rating')")?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?)
}

/// Whether the store's `rating` table is version 2's (SER's `ep`, no `cut`): [`prepare`]
/// adds version 3's columns (NULL in every stored row: none was cut).
fn rating_without_cut(conn: &Connection) -> Result<bool, StoreError> {
    let columns = rating_columns(conn)?;
    Ok(columns.iter().any(|c| c == "ep") && !columns.iter().any(|c| c == "cut"))
}

/// Whether the store's `rating` table is version 2–4's (its `cut`, no `difficulty`):
/// [`prepare`] adds version 5's column (NULL in every stored row: none is HoDoKu's).
fn rating_without_difficulty(conn: &Connection) -> Result<bool, StoreError> {
    let columns = rating_columns(conn)?;
    Ok(columns.iter().any(|c| c == "cut") && !columns.iter().any(|c| c == "difficulty"))
}

/// Check, without writing, that the existing non-empty file at `path`, opened as `conn`,
/// is a sudolink store (its `application_id`, or for a store written before that id, its
/// `user_version` and tables), so a writer may go on. With `force`, any SQLite file passes.
///
/// `conn` is the writer's own read-write connection: a writer killed mid-transaction
/// leaves a hot journal, which only a connection allowed to write can roll back (a
/// read-only one fails with "attempt to write a readonly database"). Rolling it back
/// restores the file's last committed state, as any SQLite client opening it would.
///
/// Errors: [`StoreError::NotADatabase`] for a file that is not SQLite (whatever `force`
/// says); [`StoreError::ForeignDatabase`] naming what differs.
pub fn check_ours(
    conn: &Connection,
    path: &std::path::Path,
    force: bool,
) -> Result<(), StoreError> {
    // the first read: a file that is not SQLite fails here
    conn.query_row("SELECT count(*) FROM sqlite_schema", [], |_| Ok(()))
        .map_err(|e| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => StoreError::NotADatabase(path.to_path_buf()),
            _ => StoreError::Open {
                path: path.to_path_buf(),
                source: e,
            },
        })?;
    let id: i64 = conn.pragma_query_value(None, "application_id", |row| row.get(0))?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
    let names: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'")?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    let ours = id == APPLICATION_ID
        || names.is_empty()
        || (id == 0
            && (version == SCHEMA_VERSION || OLDER.contains(&version))
            && ["puzzle", "run", "state"]
                .iter()
                .all(|t| names.iter().any(|n| n == t)));
    if ours || force {
        return Ok(());
    }
    let why = if id != 0 {
        format!("its application_id is {id:#x}, not sudolink's {APPLICATION_ID:#x}")
    } else {
        let shown: Vec<&str> = names.iter().take(3).map(String::as_str).collect();
        format!(
            "it holds {} other object(s) such as {}",
            names.len(),
            shown.join(", ")
        )
    };
    Err(StoreError::ForeignDatabase {
        path: path.to_path_buf(),
        why,
    })
}
