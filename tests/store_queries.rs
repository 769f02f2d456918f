//! The SQLite materialisation and the named queries of `queries/`, on real puzzles: Ocean #1
//! ([Berthier NRC]) along its basic-rules path, written to a file in a temporary directory.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use serde_json::Value;
use sudolink_engine::graph::CandidateGraph;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, Cell, State};
use sudolink_engine::proof::Proof;
use sudolink_engine::solver::count_solutions;
use sudolink_notation::view::{self, ProofView};
use sudolink_search::{basic_rules, first_step};
use sudolink_store::query::{self, QueryTable};
use sudolink_store::{self as store, Store, StoreError};

const OCEAN_1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

/// [Berthier NRC]'s Ocean puzzles and three of magictour's top95.
const PUZZLES: [&str; 7] = [
    OCEAN_1,
    "....1...2..1....3..4...56.......74..3.......6..89.......63...8..5....1..2...4....",
    "....1...2..1....3..4...56.......78..1.......5..34.......63...9..5....4..2...8....",
    "4..3..6.8..5..1.3..16.4...7.7.....8......2....51..637...2.9.8.....1..........4..9",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
];

fn start_state(line: &str) -> State {
    parse_line(line, 1).unwrap().start_state().unwrap()
}

fn apply(state: &State, proof: &Proof) -> State {
    let mut next = state.clone();
    for &c in &proof.assertions {
        if next.value(c.cell()).is_none() {
            next.place(c).unwrap();
        }
    }
    for &c in &proof.eliminations {
        if next.has(c) {
            next.eliminate(c).unwrap();
        }
    }
    next
}

/// The basic-rules path from `state` until no basic rule applies: states and proofs.
fn basic_path(state: State) -> (Vec<State>, Vec<Proof>) {
    let (mut states, mut proofs) = (vec![state], vec![]);
    while proofs.len() < 200 {
        let last = states.last().unwrap();
        let links = sudolink_engine::graph::LinkIndex::new(last);
        let Some(proof) = first_step(&basic_rules(), &links) else {
            break;
        };
        states.push(apply(last, &proof));
        proofs.push(proof);
    }
    (states, proofs)
}

/// Ocean #1 and its basic path written to `path`: every state with its graph and every step
/// with its proof. Returns the store and the states.
fn ocean_store(path: &Path) -> (Store, Vec<State>) {
    let mut store = Store::create(path).unwrap();
    let puzzle = store.write_puzzle(OCEAN_1, Some("Ocean #1")).unwrap();
    let run = store
        .start_run("basic-path", &serde_json::json!({"rules": "basic"}))
        .unwrap();
    let (states, proofs) = basic_path(start_state(OCEAN_1));
    let mut ids = Vec::new();
    for (k, state) in states.iter().enumerate() {
        let id = store.write_state(puzzle, Some(run), k, state).unwrap();
        store
            .write_graph(id, &CandidateGraph::build(state))
            .unwrap();
        ids.push(id);
    }
    for (k, proof) in proofs.iter().enumerate() {
        let view = ProofView::of(&states[k], proof);
        store.write_proof(ids[k], &view, Some(ids[k + 1])).unwrap();
    }
    store.finish_run(run).unwrap();
    (store, states)
}

fn run(store: &Store, sql: &str, params: &[(&str, &str)]) -> Result<QueryTable, StoreError> {
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    query::run(store.connection(), sql, &params)
}

fn count_by_kind(store: &Store, table: &str, state_id: i64) -> BTreeMap<String, usize> {
    let sql = format!("SELECT kind, count(*) FROM {table} WHERE state_id = :s GROUP BY kind");
    let result = run(store, &sql, &[("s", &state_id.to_string())]).unwrap();
    result
        .rows
        .iter()
        .map(|r| {
            (
                r[0].as_str().unwrap().to_string(),
                r[1].as_u64().unwrap() as usize,
            )
        })
        .collect()
}

fn single_number(store: &Store, sql: &str) -> i64 {
    run(store, sql, &[]).unwrap().rows[0][0].as_i64().unwrap()
}

/// The parameters the named queries need beyond their defaults, for the latest state.
fn query_params(name: &str, latest: &State) -> Vec<(String, String)> {
    match name {
        "seen-by" => {
            let first = latest.candidates().first().unwrap();
            vec![("candidate".to_string(), first.to_string())]
        }
        _ => vec![],
    }
}

/// A table for a snapshot: the first 40 rows, and the count when there are more. (The
/// command line's renderers live in the binary; this plain layout keeps the snapshots
/// about the data.)
fn snapshot_text(table: &QueryTable) -> String {
    const SHOWN: usize = 40;
    if table.rows.len() <= SHOWN {
        return aligned(&table.columns, &table.rows);
    }
    format!(
        "{}... {} rows in all\n",
        aligned(&table.columns, &table.rows[..SHOWN]),
        table.rows.len()
    )
}

/// Header, rule, rows (numbers right-aligned, NULL shown), then the row count.
fn aligned(columns: &[String], rows: &[Vec<Value>]) -> String {
    let text = |v: &Value| match v {
        Value::Null => "NULL".to_string(),
        Value::String(s) => s.replace('\r', "\\r").replace('\n', "\\n"),
        other => other.to_string(),
    };
    let cells: Vec<Vec<String>> = rows.iter().map(|r| r.iter().map(text).collect()).collect();
    let widths: Vec<usize> = (0..columns.len())
        .map(|i| {
            let body = cells.iter().map(|r| r[i].chars().count());
            body.chain([columns[i].chars().count()]).max().unwrap_or(0)
        })
        .collect();
    let numeric: Vec<bool> = (0..columns.len())
        .map(|i| {
            let mut v = rows
                .iter()
                .map(|r| &r[i])
                .filter(|v| !v.is_null())
                .peekable();
            v.peek().is_some() && v.all(Value::is_number)
        })
        .collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let w = widths[i];
                if numeric[i] {
                    format!("{t:>w$}")
                } else {
                    format!("{t:<w$}")
                }
            })
            .collect();
        format!("{}\n", padded.join("  ").trim_end())
    };
    let mut out = line(columns);
    out.push_str(&line(
        &widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>(),
    ));
    for row in &cells {
        out.push_str(&line(row));
    }
    let n = rows.len();
    out.push_str(&format!("({n} row{})\n", if n == 1 { "" } else { "s" }));
    out
}

#[test]
fn ocean_1_rows_match_the_graph_summary() {
    let dir = tempfile::tempdir().unwrap();
    let (store, states) = ocean_store(&dir.path().join("ocean.db"));
    for (k, state) in states.iter().enumerate() {
        let state_id = k as i64 + 1;
        let summary = CandidateGraph::build(state).summary();
        let nodes = count_by_kind(&store, "node", state_id);
        let edges = count_by_kind(&store, "edge", state_id);
        for (kind, count) in &summary.nodes {
            assert_eq!(
                nodes.get(*kind).copied().unwrap_or(0),
                *count,
                "{kind} nodes, state {k}"
            );
        }
        for (kind, count) in &summary.edges {
            assert_eq!(
                edges.get(*kind).copied().unwrap_or(0),
                *count,
                "{kind} edges, state {k}"
            );
        }
        let sql = format!("SELECT count(*) FROM candidate WHERE state_id = {state_id}");
        assert_eq!(single_number(&store, &sql), state.candidates().len() as i64);
    }
}

#[test]
fn ocean_1_steps_and_proofs_are_stored() {
    let dir = tempfile::tempdir().unwrap();
    let (store, states) = ocean_store(&dir.path().join("ocean.db"));
    let steps = states.len() as i64 - 1;
    assert!(steps > 0);
    assert_eq!(single_number(&store, "SELECT count(*) FROM step"), steps);
    assert_eq!(single_number(&store, "SELECT count(*) FROM proof"), steps);
    let proofs = run(&store, "SELECT json FROM proof ORDER BY id", &[]).unwrap();
    for row in &proofs.rows {
        let view: ProofView = serde_json::from_str(row[0].as_str().unwrap()).unwrap();
        assert!(!view.eliminations.is_empty() || !view.assertions.is_empty());
    }
    let unfinished = single_number(&store, "SELECT count(*) FROM run WHERE finished IS NULL");
    assert_eq!(unfinished, 0);
    let patterns = "SELECT count(DISTINCT proof_id) FROM proof_item WHERE role = 'pattern'";
    assert_eq!(
        single_number(&store, patterns),
        steps,
        "every proof has pattern items"
    );
}

/// Every proof of Ocean #1's basic path reads back from the store as the view it was
/// written as, with the views' version in its JSON.
#[test]
fn a_proof_view_round_trips_through_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let (store, states) = ocean_store(&dir.path().join("ocean.db"));
    let (_, proofs) = basic_path(start_state(OCEAN_1));
    let ids = run(&store, "SELECT id, json FROM proof ORDER BY id", &[]).unwrap();
    assert_eq!(ids.rows.len(), proofs.len());
    for (k, row) in ids.rows.iter().enumerate() {
        let stored: Value = serde_json::from_str(row[1].as_str().unwrap()).unwrap();
        assert_eq!(stored["version"], view::VERSION, "{stored}");
        let back = store.read_proof(row[0].as_i64().unwrap()).unwrap();
        let written = ProofView::of(&states[k], &proofs[k]);
        assert_eq!(
            serde_json::to_value(&back).unwrap(),
            serde_json::to_value(&written).unwrap()
        );
        assert_eq!(back.proof, proofs[k]);
        assert!(sudolink_engine::proof::check(&states[k], &back.proof).is_ok());
    }
}

/// A version 5 store kept its proofs in the engine's serde form: its first writer rewrites
/// each as its view, built on the state it was found in, and marks the store version 6.
#[test]
fn a_version_5_store_has_its_proofs_rewritten_as_views() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let (store, states) = ocean_store(&path);
    drop(store);
    let (_, proofs) = basic_path(start_state(OCEAN_1));
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let mut update = conn
            .prepare("UPDATE proof SET json = ?1 WHERE id = ?2")
            .unwrap();
        for (k, p) in proofs.iter().enumerate() {
            let old = serde_json::to_string(p).unwrap();
            update
                .execute(rusqlite::params![old, k as i64 + 1])
                .unwrap();
        }
        conn.execute_batch("PRAGMA user_version = 5").unwrap();
        let first: String = conn
            .query_row("SELECT json FROM proof WHERE id = 1", [], |r| r.get(0))
            .unwrap();
        assert!(serde_json::from_str::<ProofView>(&first).is_err());
    }
    let store = Store::create(&path).unwrap();
    let version = single_number(&store, "PRAGMA user_version");
    assert_eq!(version, sudolink_store::schema::SCHEMA_VERSION);
    for (k, p) in proofs.iter().enumerate() {
        let back = store.read_proof(k as i64 + 1).unwrap();
        assert_eq!(back.version, view::VERSION);
        assert_eq!(back.proof, *p);
        assert_eq!(back.text, ProofView::of(&states[k], p).text);
    }
}

#[test]
fn every_named_query_runs_on_ocean_1() {
    let dir = tempfile::tempdir().unwrap();
    let (store, states) = ocean_store(&dir.path().join("ocean.db"));
    let latest = states.last().unwrap();
    for q in query::all_named() {
        let params = query_params(q.name, latest);
        let table = query::run(store.connection(), q.sql, &params)
            .unwrap_or_else(|e| panic!("{}: {e}", q.name));
        insta::assert_snapshot!(format!("query_{}", q.name), snapshot_text(&table));
    }
}

/// On Ocean #1's start state the x-chains of length 3 find the eliminations of the three
/// swordfish that open its basic path.
#[test]
fn x_chain_on_ocean_1_start_state() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _) = ocean_store(&dir.path().join("ocean.db"));
    let q = query::named("x-chain").unwrap();
    let table = run(&store, q.sql, &[("state", "1")]).unwrap();
    insta::assert_snapshot!(snapshot_text(&table));
}

#[test]
fn every_query_file_is_built_in_and_documented() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("queries");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(".sql").map(str::to_string))
        .collect();
    files.sort();
    let built_in: Vec<String> = query::all_named()
        .iter()
        .map(|q| q.name.to_string())
        .collect();
    assert_eq!(files, built_in);
    for q in query::all_named() {
        assert!(
            q.description.starts_with(&format!("{}: ", q.name)),
            "{}",
            q.name
        );
        assert!(!q.summary().is_empty() && !q.summary().starts_with(q.name));
        let declared: Vec<String> = q.params().iter().map(|p| p.name.clone()).collect();
        for used in ["state", "max_len", "min_len", "candidate", "puzzle"] {
            if q.sql.contains(&format!(":{used}")) {
                assert!(declared.contains(&used.to_string()), "{}: :{used}", q.name);
            }
        }
    }
}

#[test]
fn bivalue_cells_agree_with_the_state() {
    let (states, _) = basic_path(start_state(OCEAN_1));
    for state in [&states[0], states.last().unwrap()] {
        let store = store::materialise(OCEAN_1, None, state).unwrap();
        let q = query::named("bivalue-cells").unwrap();
        let table = query::run(store.connection(), q.sql, &[]).unwrap();
        let expected: Vec<String> = Cell::all()
            .filter(|&c| state.cell_mask(c).count_ones() == 2)
            .map(|c| c.to_string())
            .collect();
        let got: Vec<&str> = table.rows.iter().map(|r| r[0].as_str().unwrap()).collect();
        assert_eq!(got, expected);
    }
}

/// The x-chain eliminations of the latest state in `store`, as candidates.
fn x_chain_targets(store: &Store, max_len: usize) -> Vec<Candidate> {
    let q = query::named("x-chain").unwrap();
    let table = run(store, q.sql, &[("max_len", &max_len.to_string())]).unwrap();
    let target = table.columns.iter().position(|c| c == "target").unwrap();
    table
        .rows
        .iter()
        .map(|r| {
            r[target]
                .as_str()
                .unwrap()
                .parse::<sudolink_engine::grid::Candidate>()
                .unwrap()
        })
        .collect()
}

#[test]
fn x_chain_eliminations_are_sound() {
    let mut found = 0;
    for line in PUZZLES {
        let (states, _) = basic_path(start_state(line));
        let solution = count_solutions(&states[0], 2).solution.unwrap();
        for state in [&states[0], states.last().unwrap()] {
            let store = store::materialise(line, None, state).unwrap();
            for target in x_chain_targets(&store, 4) {
                assert!(state.has(target), "{line}: {target} is not open");
                let value = solution[target.cell().index()];
                assert_ne!(
                    value,
                    target.digit().get(),
                    "{line}: x-chain eliminates {target}"
                );
                found += 1;
            }
        }
    }
    assert!(found > 0, "no x-chain elimination on any puzzle");
}

#[test]
fn write_graph_is_fast_enough() {
    let state = start_state(OCEAN_1);
    let graph = CandidateGraph::build(&state);
    let edges = graph.graph.edge_count();
    let mut store = Store::in_memory().unwrap();
    let puzzle = store.write_puzzle(OCEAN_1, None).unwrap();
    let state_id = store.write_state(puzzle, None, 0, &state).unwrap();
    let started = Instant::now();
    store.write_graph(state_id, &graph).unwrap();
    let elapsed = started.elapsed();
    eprintln!("write_graph: {edges} edges in {elapsed:?}");
    // 50 ms is the target in release builds; leave room for slow test machines.
    assert!(elapsed.as_millis() < 500, "{edges} edges took {elapsed:?}");
}

#[test]
fn failed_writes_leave_nothing_behind() {
    let state = start_state(OCEAN_1);
    let mut store = Store::in_memory().unwrap();
    let graph = CandidateGraph::build(&state);
    assert!(
        store.write_state(99, None, 0, &state).is_err(),
        "no puzzle 99"
    );
    assert!(store.write_graph(42, &graph).is_err(), "no state 42");
    let links = sudolink_engine::graph::LinkIndex::new(&state);
    let proof = first_step(&basic_rules(), &links).unwrap();
    let view = ProofView::of(&state, &proof);
    assert!(store.write_proof(42, &view, None).is_err(), "no state 42");
    for table in [
        "state",
        "candidate",
        "node",
        "edge",
        "proof",
        "proof_item",
        "step",
    ] {
        let sql = format!("SELECT count(*) FROM {table}");
        assert_eq!(single_number(&store, &sql), 0, "{table} rows left");
    }
}

#[test]
fn bad_grids_are_errors() {
    let mut store = Store::in_memory().unwrap();
    let short = store.write_puzzle("123", None).unwrap_err();
    assert!(short.to_string().contains("3 characters"), "{short}");
    let bad = store
        .write_puzzle(&OCEAN_1.replace('2', "x"), None)
        .unwrap_err();
    assert!(bad.to_string().contains("'x'"), "{bad}");
    let state = start_state(OCEAN_1);
    assert!(store::materialise("not a puzzle", None, &state).is_err());
}

#[test]
fn bad_sql_carries_sqlites_message() {
    let store = Store::in_memory().unwrap();
    let err = run(&store, "SELEC kind FROM edge", &[]).unwrap_err();
    assert!(matches!(err, StoreError::Sql { .. }), "{err:?}");
    assert!(err.to_string().contains("syntax error"), "{err}");
    let err = run(&store, "SELECT nope FROM edge", &[]).unwrap_err();
    assert!(err.to_string().contains("no such column: nope"), "{err}");
    let err = run(&store, "SELECT 1; SELECT 2", &[]).unwrap_err();
    assert!(matches!(err, StoreError::StatementCount(_)), "{err:?}");
    let err = run(&store, "  -- nothing\n", &[]).unwrap_err();
    assert!(matches!(err, StoreError::StatementCount(_)), "{err:?}");
    // the guard refuses a write before SQLite's own read-only check sees it
    let err = run(&store, "DELETE FROM edge", &[]).unwrap_err();
    assert!(matches!(err, StoreError::Refused(_)), "{err:?}");
    let err = run(&store, "ATTACH ':memory:' AS x", &[]).unwrap_err();
    assert!(err.to_string().starts_with("ATTACH is refused"), "{err}");
    // and the store can still be written afterwards: the guard is gone
    let mut store = store;
    store.write_puzzle(OCEAN_1, None).unwrap();
    let err = run(&store, "SELECT ?", &[]).unwrap_err();
    assert!(matches!(err, StoreError::PositionalParameter(_)), "{err:?}");
}

#[test]
fn parameters_are_named_typed_and_checked() {
    let state = start_state(OCEAN_1);
    let store = store::materialise(OCEAN_1, Some("Ocean #1"), &state).unwrap();
    let q = query::named("seen-by").unwrap();
    let err = run(&store, q.sql, &[]).unwrap_err();
    assert!(matches!(&err, StoreError::MissingParameter { name, .. } if name == "candidate"));
    assert!(err.to_string().contains(":candidate"), "{err}");
    let err = run(&store, q.sql, &[("candidat", "n5r1c2")]).unwrap_err();
    assert!(
        err.to_string().contains("unknown parameter :candidat"),
        "{err}"
    );
    let open = state.candidates().first().unwrap();
    let by_label = run(&store, q.sql, &[(":candidate", &open.to_string())]).unwrap();
    let by_index = run(&store, q.sql, &[("candidate", &open.index().to_string())]).unwrap();
    assert!(!by_label.rows.is_empty());
    assert_eq!(by_label, by_index);
    let typed = run(
        &store,
        "SELECT typeof(:a), typeof(:b)",
        &[("a", "12"), ("b", "n1")],
    )
    .unwrap();
    assert_eq!(
        typed.rows[0],
        vec![Value::from("integer"), Value::from("text")]
    );
}

#[test]
fn values_keep_their_types() {
    let state = start_state(OCEAN_1);
    let store = store::materialise(OCEAN_1, None, &state).unwrap();
    let sql = "SELECT 'a,b' AS x, NULL AS z, 3 AS n, 2.5 AS r, x'0aff' AS b";
    let table = run(&store, sql, &[]).unwrap();
    assert_eq!(table.columns, ["x", "z", "n", "r", "b"]);
    assert_eq!(
        table.rows[0],
        vec![
            Value::from("a,b"),
            Value::Null,
            Value::from(3),
            Value::from(2.5),
            Value::from("0aff")
        ]
    );
}

#[test]
fn reopening_keeps_the_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ocean.db");
    let states = ocean_store(&path).1;
    let store = Store::create(&path).unwrap();
    let count = single_number(&store, "SELECT count(*) FROM state");
    assert_eq!(count, states.len() as i64);
    let err = Store::create(&dir.path().join("missing").join("x.db"))
        .err()
        .unwrap();
    assert!(err.to_string().contains("cannot open database"), "{err}");
    // the file is now marked as ours
    let id: i64 = store
        .connection()
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(id, store::schema::APPLICATION_ID);
}

/// Python's sqlite3 (SQLite 3.40 on Debian 12) reads every table and runs every named query
/// with the same row counts. Skipped when `python3` is not installed.
#[test]
fn python_sqlite3_reads_the_store() {
    let python_found = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok();
    if !python_found {
        eprintln!("python3 not found: skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ocean.db");
    let (store, states) = ocean_store(&path);
    let latest = states.last().unwrap();
    let checks: Vec<Value> = query::all_named()
        .iter()
        .map(|q| {
            let mut params: BTreeMap<String, Value> = BTreeMap::new();
            for p in q.params() {
                params.insert(
                    p.name.clone(),
                    python_value(p.default.as_deref().unwrap_or("")),
                );
            }
            for (name, value) in query_params(q.name, latest) {
                params.insert(name, python_value(&value));
            }
            let given = query_params(q.name, latest);
            let rows = query::run(store.connection(), q.sql, &given)
                .unwrap()
                .rows
                .len();
            serde_json::json!({"name": q.name, "sql": q.sql, "params": params, "rows": rows})
        })
        .collect();
    drop(store);
    let spec = dir.path().join("checks.json");
    std::fs::write(&spec, serde_json::to_string(&checks).unwrap()).unwrap();
    let script = r#"
import json, sqlite3, sys
db, spec = sys.argv[1], sys.argv[2]
con = sqlite3.connect(db)
print("sqlite", sqlite3.sqlite_version)
for t in ["puzzle", "run", "state", "candidate", "node", "edge", "proof", "proof_item", "step"]:
    row = con.execute(f"SELECT * FROM {t} LIMIT 1").fetchone()
    assert row is not None, t
for check in json.load(open(spec)):
    rows = con.execute(check["sql"], check["params"]).fetchall()
    assert len(rows) == check["rows"], (check["name"], len(rows), check["rows"])
print("ok")
"#;
    let output = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(&path)
        .arg(&spec)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "python3 failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("ok"), "{stdout}");
}

/// A parameter value as Python should bind it: integers as integers, else text.
fn python_value(text: &str) -> Value {
    text.parse::<i64>()
        .map_or_else(|_| Value::from(text), Value::from)
}
