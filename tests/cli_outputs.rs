//! What the commands print: the resolution path and pencil-mark grids (insta snapshots),
//! the graph summary JSON, DOT that parses back (and renders with graphviz when present),
//! SQLite output and queries through the CLI.

use crate::common;

use common::{collection, data_text, ok, seed_puzzle, sudolink};
use std::process::Command;

/// graphviz is installed by the README's test command; without it (a developer machine),
/// rendering is skipped unless SUDOLINK_REQUIRE_TOOLS=1 says it must be there.
fn dot_available() -> bool {
    let present = Command::new("dot").arg("-V").output().is_ok();
    if !present && std::env::var("SUDOLINK_REQUIRE_TOOLS").as_deref() == Ok("1") {
        panic!("graphviz's dot is required (SUDOLINK_REQUIRE_TOOLS=1) but not installed");
    }
    present
}

#[test]
fn ocean1_basic_path_snapshot() {
    let line = seed_puzzle("ocean-1").line();
    // the basic rules do not solve it: exit 2, and the ladder's N does
    let (code, out, err) = sudolink(&["solve", &line, "--rules", "basic"]);
    assert_eq!(code, 2, "{err}");
    insta::assert_snapshot!("ocean1_basic_path", out);
}

#[test]
fn default_puzzle_is_ocean1() {
    let line = seed_puzzle("ocean-1").line();
    assert_eq!(
        ok(&["solve"]).replace(" (ocean-1)", ""),
        ok(&["solve", &line])
    );
}

#[test]
fn top1465_8_is_solved_by_basic_rules_snapshot() {
    let p = &collection("top1465.txt", 8)[7];
    let out = ok(&["solve", &p.line(), "--rules", "basic"]);
    assert!(out.contains("\nSOLVED\n") && !out.contains("NOT SOLVED"));
    insta::assert_snapshot!("top1465_8_basic_path", out);
}

#[test]
fn solve_json_has_the_documented_shape() {
    let p = &collection("top1465.txt", 8)[7];
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", &p.line(), "--json", "--rules", "basic"])).unwrap();
    assert_eq!(v["puzzle"], p.line());
    assert_eq!(v["solved"], true);
    let steps = v["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for s in steps {
        for key in [
            "rule",
            "family",
            "length",
            "eliminations",
            "assertions",
            "text",
        ] {
            assert!(s.get(key).is_some(), "step lacks {key}: {s}");
        }
    }
    let elim = steps
        .iter()
        .find(|s| !s["eliminations"].as_array().unwrap().is_empty())
        .unwrap();
    let first = elim["eliminations"][0].as_str().unwrap();
    assert!(first.len() == 7 && first.contains("<>"), "{first}");
    let assert_ = steps
        .iter()
        .find(|s| !s["assertions"].as_array().unwrap().is_empty())
        .unwrap();
    assert!(assert_["assertions"][0].as_str().unwrap().contains('='));
    assert_eq!(v["final_state"]["grid"].as_str().unwrap().len(), 81);
    assert!(!v["final_state"]["grid"].as_str().unwrap().contains('.'));
}

#[test]
fn graph_summary_json_is_exactly_kinds_to_counts() {
    let line = seed_puzzle("ocean-1").line();
    let v: serde_json::Value = serde_json::from_str(&ok(&["graph", &line, "--json"])).unwrap();
    let obj = v.as_object().unwrap();
    assert_eq!(obj.keys().collect::<Vec<_>>(), vec!["edges", "nodes"]);
    let nodes: Vec<&String> = v["nodes"].as_object().unwrap().keys().collect();
    assert_eq!(
        nodes,
        vec!["almost_cell", "als", "candidate", "group", "or_relation"]
    );
    let edges: Vec<&String> = v["edges"].as_object().unwrap().keys().collect();
    assert_eq!(
        edges,
        vec![
            "almost_cell_link",
            "als_link",
            "conjugate",
            "group_link",
            "nrc_link",
            "or_member"
        ]
    );
    // Ocean #1 start state: 252 open candidates (as the pencil-mark grid shows)
    assert_eq!(v["nodes"]["candidate"], 252);
    insta::assert_snapshot!("ocean1_graph_summary", v.to_string());
    // after the basic rules there are fewer candidates
    let b: serde_json::Value =
        serde_json::from_str(&ok(&["graph", &line, "--json", "--basic"])).unwrap();
    assert!(b["nodes"]["candidate"].as_u64().unwrap() < 252);
}

#[test]
fn graph_dot_parses_back_and_renders() {
    let line = seed_puzzle("ocean-1").line();
    let dot = ok(&["graph", &line, "--format", "dot"]);
    let parsed = graphviz_rust::parse(&dot).expect("DOT parses back");
    let graphviz_rust::dot_structures::Graph::Graph { stmts, .. } = parsed else {
        panic!("expected an undirected graph");
    };
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["graph", &line, "--format", "json"])).unwrap();
    let n = json["nodes"].as_array().unwrap().len();
    let e = json["edges"].as_array().unwrap().len();
    assert_eq!(stmts.len(), 1 + n + e, "one label + nodes + edges");
    if dot_available() {
        // graphviz lays out the ~9,000 links of a start state slowly: render a small state,
        // Ocean #1's solution with its first two rows emptied
        let (_, solution) = common::start_and_solution(&seed_puzzle("ocean-1"));
        let small: String = solution
            .iter()
            .enumerate()
            .map(|(i, &v)| if i < 18 { '.' } else { (b'0' + v) as char })
            .collect();
        let dot = ok(&["graph", &small, "--format", "dot", "--allow-nonunique"]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.dot");
        std::fs::write(&path, &dot).unwrap();
        let out = Command::new("dot")
            .args(["-Tsvg", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
    }
}

#[test]
fn graph_sqlite_and_queries_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ocean1.db");
    let line = seed_puzzle("ocean-1").line();
    ok(&["graph", &line, "--basic", "--sqlite", db.to_str().unwrap()]);
    assert!(db.exists());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "temporary files left behind");
    // bivalue cells after the basic rules, from the file and by materialising
    let from_db = ok(&[
        "query",
        "--db",
        db.to_str().unwrap(),
        "bivalue-cells",
        "--format",
        "json",
    ]);
    let direct = ok(&[
        "query",
        &line,
        "bivalue-cells",
        "--basic",
        "--format",
        "json",
    ]);
    assert_eq!(from_db, direct);
    let rows: serde_json::Value = serde_json::from_str(&direct).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 5);
    assert_eq!(rows[0]["cell"], "r1c7");
    // a .sql file and --param
    let sql = dir.path().join("count.sql");
    std::fs::write(
        &sql,
        "SELECT count(*) AS n FROM candidate WHERE digit = :digit",
    )
    .unwrap();
    let csv = ok(&[
        "query",
        &line,
        sql.to_str().unwrap(),
        "--param",
        "digit=5",
        "--format",
        "csv",
    ]);
    assert!(csv.starts_with("n\n"), "{csv}");
    let seen = ok(&["query", &line, "seen-by", "--param", "candidate=n5r1c1"]);
    assert!(seen.contains("n5r1c2") || seen.contains("n5r2c1"), "{seen}");
}

#[test]
fn query_errors_are_clean() {
    let line = seed_puzzle("ocean-1").line();
    for (args, expected) in [
        (vec!["query", &line, "--sql", "SELEC 1"], "syntax error"),
        (vec!["query", &line, "no-such-query"], "unknown query"),
        (
            vec!["query", &line, "seen-by"],
            "missing parameter :candidate",
        ),
        (
            vec!["query", &line, "bivalue-cells", "--param", "oops"],
            "expected NAME=VALUE",
        ),
        (
            vec!["query", "--db", "/nonexistent/x.db", "edge-counts"],
            "no such file",
        ),
    ] {
        let (code, stdout, stderr) = sudolink(&args);
        assert_ne!(code, 0, "{args:?}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn sqlite_failure_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing_dir = dir.path().join("no").join("such").join("dir.db");
    let line = seed_puzzle("ocean-1").line();
    let (code, _, stderr) = sudolink(&["graph", &line, "--sqlite", missing_dir.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(!stderr.contains("panicked"));
    assert!(!missing_dir.exists());
}

#[test]
fn show_formats_round_trip_through_files() {
    let dir = tempfile::tempdir().unwrap();
    let line = seed_puzzle("ocean-1").line();
    let pm = ok(&["show", &line]);
    for format in ["line", "pm729", "hodoku", "pm"] {
        let text = ok(&["show", &line, "--format", format]);
        let path = dir.path().join(format!("{format}.txt"));
        std::fs::write(&path, &text).unwrap();
        // each printed form reads back to the same pencil-mark grid
        assert_eq!(ok(&["show", path.to_str().unwrap()]), pm, "{format}");
    }
    assert_eq!(ok(&["show", &line, "--format", "line"]).trim(), line);
}

#[test]
fn ocean1_is_solved_by_nrc_chains_up_to_4_as_the_seed_says() {
    // [Berthier NRC]: Ocean #1 is solved with nrc-chains of length at most 4 after basic rules
    let out = ok(&["solve", "--rules", "nrc", "--max-len", "4"]);
    assert!(out.contains("\nSOLVED\n"), "{out}");
    assert!(
        out.trim_end().ends_with("MOST COMPLEX RULE = NRC4"),
        "{out}"
    );
    assert!(out.contains("nrc3-chain "), "{out}");
    let sr = ok(&[
        "solve",
        "--rules",
        "nrc",
        "--max-len",
        "4",
        "--notation",
        "sudorules",
    ]);
    assert!(sr.contains("biv-chain[3]: "), "{sr}");
    assert!(sr.contains("≠"), "{sr}");
    insta::assert_snapshot!("ocean1_nrc4_path", out);
}

#[test]
fn rate_json_lines_match_sudorules_w_on_a_sample() {
    let dir = tempfile::tempdir().unwrap();
    let text = data_text("cbg000.txt");
    let rows: Vec<(String, String)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(30)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[2].to_string())
        })
        .collect();
    let path = dir.path().join("sample.txt");
    let body: String = rows.iter().map(|(g, _)| format!("{g}\n")).collect();
    std::fs::write(&path, body).unwrap();
    let out = ok(&["rate", path.to_str().unwrap(), "--scheme", "W", "--json"]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), rows.len());
    for (v, (grid, w)) in lines.iter().zip(&rows) {
        assert_eq!(v["puzzle"], grid.as_str(), "output keeps input order");
        assert_eq!(v["rating"].to_string(), *w, "W rating of {grid}");
    }
}
