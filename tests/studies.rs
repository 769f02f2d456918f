//! Studies over collections: `generate` (random minimal puzzles), `classify` ([Berthier NRC]'s
//! table, SudoRules' W ratings on a cbg-000 sample, resumable runs in SQLite) and `subsume`
//! (which family's eliminations include which, stored per state, family and length).

use crate::common;

use common::{data_text, ok, sudolink};
use serde_json::Value;
use std::path::{Path, PathBuf};
use sudolink_engine::grid::format::parse_line;
use sudolink_study::generate::is_minimal;

/// The first `n` puzzles of Berthier's cbg-000 (grid, SER, W rating), written to `dir`.
fn cbg000_sample(dir: &Path, n: usize, filter: impl Fn(usize) -> bool) -> PathBuf {
    let text = data_text("cbg000.txt");
    let lines: Vec<&str> = text
        .lines()
        .skip(1)
        .take(21_375)
        .filter(|l| filter(l.split('\t').nth(2).unwrap().parse().unwrap()))
        .take(n)
        .collect();
    let path = dir.join("cbg000.txt");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn at_most(v: &Value, scheme: &str) -> Vec<u64> {
    v["table"][scheme]["at_most"]
        .as_array()
        .unwrap_or_else(|| panic!("no column {scheme} in {v}"))
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

fn count_rows(db: &Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

// ---- generate ----------------------------------------------------------------------------

#[test]
fn generate_makes_reproducible_unique_minimal_puzzles() {
    let a = ok(&["generate", "--count", "12", "--seed", "9"]);
    let b = ok(&["generate", "--count", "12", "--seed", "9"]);
    let c = ok(&["generate", "--count", "12", "--seed", "10"]);
    assert_eq!(a, b, "the same seed gives the same puzzles");
    assert_ne!(a, c);
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 12);
    for line in &lines {
        let p = parse_line(line, 1).unwrap();
        assert!(
            is_minimal(&p.givens),
            "{line} is not a unique minimal puzzle"
        );
    }
    // a longer run starts with the same puzzles (puzzle i depends only on seed and i)
    let longer = ok(&["generate", "--count", "20", "--seed", "9"]);
    assert!(longer.starts_with(&a));
    let tail = ok(&["generate", "--first", "12", "--count", "8", "--seed", "9"]);
    assert_eq!(format!("{a}{tail}"), longer);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.txt");
    let printed = ok(&[
        "generate",
        "--count",
        "12",
        "--seed",
        "9",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(printed.is_empty());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), a);
}

#[test]
fn generate_refuses_bad_arguments_without_writing() {
    let (code, _, err) = sudolink(&["generate", "--count", "0"]);
    assert_ne!(code, 0);
    assert!(err.contains("--count must be at least 1"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("missing").join("p.txt");
    let (code, _, err) = sudolink(&["generate", "--count", "3", "--out", out.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("missing"), "{err}");
    assert!(!out.exists());
}

// ---- classify ----------------------------------------------------------------------------

#[test]
fn classify_w_reproduces_sudorules_ratings_on_a_cbg000_sample() {
    let dir = tempfile::tempdir().unwrap();
    // puzzles of every W level in the first part of cbg-000
    let file = cbg000_sample(dir.path(), 120, |_| true);
    let f = file.to_str().unwrap();
    let args = [
        "classify",
        f,
        "--scheme",
        "W",
        "--max-len",
        "20",
        "--reference-column",
        "3",
        "--json",
    ];
    let v = json(&args);
    assert_eq!(v["rated"], 120);
    assert_eq!(v["disagreements"], serde_json::json!([]), "{v}");
    let column = at_most(&v, "W");
    assert_eq!(column.len(), 21);
    assert_eq!(column[20], 120);
    assert!(
        column[0] > 0 && column[3] < 120,
        "a spread of levels: {column:?}"
    );

    // a wrong reference is reported with the puzzle and both ratings
    let text = std::fs::read_to_string(&file).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let (grid, w) = {
        let cols: Vec<&str> = lines[1].split('\t').collect();
        (cols[0].to_string(), cols[2].parse::<usize>().unwrap())
    };
    lines[1] = format!("{grid}\t0\t{}", w + 1);
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let out = ok(&args[..args.len() - 1]);
    assert!(
        out.contains("reference column 3: 1 disagreement(s) in 120 puzzles"),
        "{out}"
    );
    let expected = format!("#2 (line 2) {grid}: ours {w}, reference {}", w + 1);
    assert!(out.contains(&expected), "{out}");
}

#[test]
fn classify_prints_the_seeds_table_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.txt");
    std::fs::write(&file, ok(&["generate", "--count", "16", "--seed", "3"])).unwrap();
    let f = file.to_str().unwrap();
    let out = ok(&[
        "classify",
        f,
        "--scheme",
        "L,M,N",
        "--max-len",
        "7",
        "--berthier-table",
    ]);
    assert!(
        out.contains("16 of 16 puzzles rated (max length 7)"),
        "{out}"
    );
    let header = out
        .lines()
        .find(|l| l.trim_start().starts_with('n'))
        .unwrap();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["n", "L", "M", "N"]
    );
    for n in 0..=7 {
        assert!(out.contains(&format!("<= {n} ")), "{out}");
    }
    assert!(out.contains("beside [Berthier NRC]'s table"), "{out}");
    for (row, seed) in [("L4", 8271), ("M7", 9984), ("N5", 9913)] {
        let line = out.lines().find(|l| l.starts_with(row)).unwrap();
        assert!(line.contains(&seed.to_string()), "{line}");
    }
    // the JSON columns count the same puzzles
    let v = json(&[
        "classify",
        f,
        "--scheme",
        "L,M,N",
        "--max-len",
        "7",
        "--json",
    ]);
    for s in ["L", "M", "N"] {
        let col = at_most(&v, s);
        assert!(col.windows(2).all(|w| w[0] <= w[1]), "{s}: {col:?}");
        let unsolved = v["table"][s]["unsolved"].as_u64().unwrap();
        assert_eq!(col[7] + unsolved, 16);
    }
}

/// The L, M and N classification of 200 generated puzzles (`generate --seed 2026`) as the
/// code rated them before L, M and N shared one pass per puzzle: ratings and hardest rules
/// must not change (52 of them have different L, M and N ratings).
#[test]
fn classify_lmn_in_one_pass_keeps_the_ratings_of_separate_runs() {
    use rayon::prelude::*;
    use sudolink_search::limits::Bounds;
    use sudolink_study::classify::rate_puzzle;
    use sudolink_study::rating::{RatingScheme, Scheme};
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/classify_lmn_generate_2026.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let expected: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(expected.len(), 200);
    let schemes = [Scheme::L, Scheme::M, Scheme::N].map(RatingScheme::Level);
    let wrong: Vec<String> = expected
        .par_iter()
        .enumerate()
        .filter_map(|(k, want)| {
            let puzzle = parse_line(want[0], k + 1).unwrap();
            let rows = rate_puzzle(&puzzle, &schemes, (7, None), &Bounds::none());
            let got: Vec<String> = rows
                .iter()
                .flat_map(|r| {
                    assert!(r.error.is_none(), "#{}: {r:?}", k + 1);
                    let rating = r.rating.map_or("none".to_string(), |n| n.to_string());
                    [rating, r.hardest.clone().unwrap_or_default()]
                })
                .collect();
            (got != want[1..])
                .then(|| format!("#{} {}: {got:?}, was {:?}", k + 1, want[0], &want[1..]))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} changed:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn classify_resumes_an_interrupted_run_and_reads_back_a_finished_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.txt");
    std::fs::write(&file, ok(&["generate", "--count", "24", "--seed", "5"])).unwrap();
    let (f, db) = (file.to_str().unwrap(), dir.path().join("c.db"));
    let d = db.to_str().unwrap();
    let base = ["classify", f, "--scheme", "M,W", "--max-len", "6", "--json"];
    let fresh = json(&base);

    let first = json(&[&base[..], &["--db", d, "--stop-after", "10"]].concat());
    assert_eq!(
        (first["rated"].as_u64(), first["complete"].as_bool()),
        (Some(10), Some(false))
    );
    assert_eq!(count_rows(&db, "SELECT count(*) FROM run_puzzle"), 10);
    assert_eq!(
        count_rows(&db, "SELECT count(*) FROM run WHERE finished IS NULL"),
        1
    );

    let second = json(&[&base[..], &["--db", d]].concat());
    assert_eq!(
        (second["rated"].as_u64(), second["complete"].as_bool()),
        (Some(24), Some(true))
    );
    assert_eq!(count_rows(&db, "SELECT count(*) FROM rating"), 48);
    assert_eq!(count_rows(&db, "SELECT count(*) FROM run"), 1);
    for s in ["M", "W"] {
        assert_eq!(at_most(&second, s), at_most(&fresh, s), "{s}");
    }
    let third = json(&[&base[..], &["--db", d]].concat());
    assert_eq!(third["table"], second["table"]);

    // the named query gives the same table from SQL
    let q = ok(&["query", "--db", d, "classification", "--format", "json"]);
    let rows: Vec<Value> = serde_json::from_str(&q).unwrap();
    let m: Vec<u64> = rows
        .iter()
        .filter(|r| r["scheme"] == "M")
        .map(|r| r["solved"].as_u64().unwrap())
        .collect();
    assert_eq!(m, at_most(&fresh, "M"));

    // a changed file is refused, naming the run and the position
    let mut lines: Vec<String> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    lines.swap(0, 1);
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let (code, _, err) = sudolink(&[&base[..], &["--db", d]].concat());
    assert_ne!(code, 0);
    assert!(
        err.contains("classify run 1") && err.contains("position 1"),
        "{err}"
    );
}

/// A SER row: ER, EP, ED and the error.
type SerRow = (Option<f64>, Option<f64>, Option<f64>, Option<String>);

/// Each puzzle's SER row in the latest run, by grid.
fn ser_rows(db: &Path) -> std::collections::HashMap<String, SerRow> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT p.grid, r.rating, r.ep, r.ed, r.error FROM rating AS r
             JOIN run_puzzle AS rp ON rp.run_id = r.run_id AND rp.position = r.position
             JOIN puzzle AS p ON p.id = rp.puzzle_id
             WHERE r.scheme = 'SER' AND r.run_id = (SELECT max(id) FROM run)",
        )
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((r.get(0)?, (r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        })
        .unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

#[test]
fn classify_ser_stores_what_rate_prints_and_resumes_like_any_scheme() {
    let dir = tempfile::tempdir().unwrap();
    let file = cbg000_sample(dir.path(), 60, |_| true);
    let f = file.to_str().unwrap();
    let (db, whole) = (dir.path().join("ser.db"), dir.path().join("whole.db"));
    let base = [
        "classify",
        f,
        "--scheme",
        "W,ser",
        "--max-len",
        "20",
        "--json",
        "--keep-going",
    ];
    // interrupted after 25 puzzles, then resumed: the same rows as one whole run
    let first = json(
        &[
            &base[..],
            &["--db", db.to_str().unwrap(), "--stop-after", "25"],
        ]
        .concat(),
    );
    assert_eq!(first["complete"], false);
    let resumed = json(&[&base[..], &["--db", db.to_str().unwrap()]].concat());
    let once = json(&[&base[..], &["--db", whole.to_str().unwrap()]].concat());
    assert_eq!(resumed["complete"], true);
    assert_eq!(count_rows(&db, "SELECT count(*) FROM run"), 1);
    let ser = ser_rows(&db);
    assert_eq!(ser.len(), 60);
    assert_eq!(ser, ser_rows(&whole));
    for key in ["er", "unsolved", "errors"] {
        assert_eq!(
            resumed["table"]["SER"][key], once["table"]["SER"][key],
            "{key}"
        );
    }
    assert_eq!(at_most(&resumed, "W"), at_most(&once, "W"));
    // the run's parameters name the schemes as stored
    let conn = rusqlite::Connection::open(&db).unwrap();
    let params: String = conn
        .query_row("SELECT params FROM run", [], |r| r.get(0))
        .unwrap();
    let params: Value = serde_json::from_str(&params).unwrap();
    assert_eq!(params["schemes"], serde_json::json!(["W", "SER"]));
    assert_eq!(
        (params["max_len"].as_u64(), params["puzzles"].as_u64()),
        (Some(20), Some(60))
    );

    // each stored ER/EP/ED is what `rate --scheme SER` prints, for every puzzle it rates;
    // the puzzles it cannot rate are the rows with an error
    let (_, rated, _) = sudolink(&["rate", f, "--scheme", "SER", "--json", "--keep-going"]);
    let mut printed = 0;
    for line in rated.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let grid = v["puzzle"].as_str().unwrap();
        let (er, ep, ed, error) = &ser[grid];
        assert_eq!(*error, None, "{grid}");
        assert_eq!(
            (*er, *ep, *ed),
            (v["er"].as_f64(), v["ep"].as_f64(), v["ed"].as_f64()),
            "{grid}"
        );
        let level = format!("{:.1}/{:.1}/{:.1}", er.unwrap(), ep.unwrap(), ed.unwrap());
        assert_eq!(v["level"], level.as_str(), "{grid}");
        printed += 1;
    }
    let errors = ser.values().filter(|r| r.3.is_some()).count();
    assert_eq!(printed + errors, 60);
    assert_eq!(
        resumed["table"]["SER"]["errors"].as_u64(),
        Some(errors as u64)
    );

    // SER's ER against the file's published SER (column 2): each disagreement listed
    let (_, text, _) = sudolink(&[
        "classify",
        f,
        "--scheme",
        "SER",
        "--reference-column",
        "2",
        "--keep-going",
    ]);
    let listed = text.lines().filter(|l| l.contains(", reference ")).count();
    assert!(
        text.contains(&format!(
            "reference column 2: {listed} disagreement(s) in 60 puzzles"
        )),
        "{text}"
    );
    for line in text.lines().filter(|l| l.contains(", reference ")) {
        let (ours, reference) = line
            .split_once(": ours ")
            .unwrap()
            .1
            .split_once(", reference ")
            .unwrap();
        assert_ne!(ours, reference, "{line}");
    }
}

#[test]
fn classify_ser_refuses_a_puzzle_without_one_solution_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.txt");
    let several = format!("1{}", ".".repeat(80));
    let unique =
        "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361";
    std::fs::write(&file, format!("{unique}\n{several}\n")).unwrap();
    let f = file.to_str().unwrap();
    for command in ["classify", "rate"] {
        let (code, _, err) = sudolink(&[command, f, "--scheme", "SER"]);
        assert_ne!(code, 0, "{command}");
        let named: Vec<&str> = err.lines().filter(|l| l.contains("line 2")).collect();
        assert_eq!(named.len(), 1, "{command}: {err}");
        assert!(named[0].contains("several solutions"), "{command}: {err}");
        assert!(
            err.contains("1 of 2 puzzle(s) could not be rated"),
            "{command}: {err}"
        );
    }
    // SER's order is fixed: `--order listed` is refused
    let (code, _, err) = sudolink(&["rate", f, "--scheme", "ser", "--order", "listed"]);
    assert_ne!(code, 0);
    assert!(err.contains("fixed order"), "{err}");
}

#[test]
fn classify_rejects_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, "1234\n").unwrap();
    let f = file.to_str().unwrap();
    let (code, _, err) = sudolink(&["classify", f]);
    assert_ne!(code, 0);
    assert!(err.contains("line 1"), "{err}");
    let (code, _, err) = sudolink(&["classify", f, "--scheme", "Q"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown rating scheme"), "{err}");
    assert!(
        err.contains("Select2-OR5W, S+W, SFin+W, S+gW, SFin+gW, TyW, FW, F3W, FgW, SER"),
        "the schemes, SER among them: {err}"
    );
    let (code, _, err) = sudolink(&["classify", "no-such-file.txt"]);
    assert_ne!(code, 0);
    assert!(err.contains("no-such-file.txt"), "{err}");
}

// ---- subsume -----------------------------------------------------------------------------

fn pair<'a>(v: &'a Value, a: &str, b: &str) -> &'a Value {
    v["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["a"] == a && p["b"] == b)
        .unwrap_or_else(|| panic!("no pair {a} {b}"))
}

/// [Berthier 3D]: whips subsume nrczt chains and lassos, braids subsume whips; nrc ⊆ nrct ⊆
/// nrczt — at every length (no miss, and never a longer proof).
#[test]
fn subsume_finds_the_seeds_inclusions_on_cbg000_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let file = cbg000_sample(dir.path(), 4, |w| w >= 3);
    let v = json(&[
        "subsume",
        file.to_str().unwrap(),
        "--families",
        "nrc,nrct,nrczt,lasso,whip,braid",
        "--max-len",
        "5",
        "--json",
    ]);
    assert!(v["states"].as_u64().unwrap() >= 8, "{}", v["states"]);
    for (a, b) in [
        ("nrc", "nrct"),
        ("nrct", "nrczt"),
        ("nrc", "braid"),
        ("nrczt", "braid"),
        ("nrct-lasso", "braid"),
        ("nrczt-lasso", "braid"),
        ("nrct", "whip"),
        ("nrczt", "whip"),
        ("nrct-lasso", "whip"),
        ("nrczt-lasso", "whip"),
        ("whip", "braid"),
    ] {
        let p = pair(&v, a, b);
        assert_eq!(
            (&p["misses"], &p["longer"]),
            (&Value::from(0), &Value::from(0)),
            "{a} ⊆ {b}: {p}"
        );
        assert_eq!(p["states_subsumed"], v["states"]);
    }
    // and the converse inclusions fail, with examples to open
    let p = pair(&v, "nrczt", "nrc");
    assert!(p["misses"].as_u64().unwrap() > 0, "{p}");
    let e = &p["examples"][0];
    assert_eq!(e["pencil_marks"].as_str().unwrap().len(), 729);
    let target = e["target"].as_str().unwrap();
    let explained = ok(&[
        "explain",
        e["pencil_marks"].as_str().unwrap(),
        "--target",
        target,
        "--families",
        "nrczt,nrc",
        "--max-len",
        "5",
        "--verbose",
    ]);
    assert!(
        explained.contains("nrc          none up to length 5"),
        "{explained}"
    );
    let len = e["length_a"].as_u64().unwrap();
    assert!(
        explained.contains(&format!("nrczt{len}-chain")),
        "{explained}"
    );
}

#[test]
fn subsume_stores_states_and_eliminations_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.txt");
    std::fs::write(&file, ok(&["generate", "--count", "6", "--seed", "11"])).unwrap();
    let (f, db) = (file.to_str().unwrap(), dir.path().join("s.db"));
    let d = db.to_str().unwrap();
    let base = [
        "subsume",
        f,
        "--families",
        "nrc,nrczt,whip",
        "--max-len",
        "4",
        "--json",
    ];
    let fresh = json(&base);
    let first = json(&[&base[..], &["--db", d, "--stop-after", "2"]].concat());
    assert_eq!(first["complete"], false);
    let stored = json(&[&base[..], &["--db", d]].concat());
    assert_eq!(stored["complete"], true);
    assert_eq!(stored["pairs"], fresh["pairs"]);
    assert_eq!(stored["eliminations"], fresh["eliminations"]);
    let total: u64 = fresh["eliminations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(
        count_rows(&db, "SELECT count(*) FROM elimination") as u64,
        total
    );
    assert_eq!(
        count_rows(&db, "SELECT count(*) FROM state") as u64,
        fresh["states"].as_u64().unwrap()
    );
    // the named query agrees with the matrix: nrczt's misses against nrc
    let q = ok(&["query", "--db", d, "subsumption", "--format", "csv"]);
    let misses: u64 = q
        .lines()
        .filter(|l| l.starts_with("nrczt,nrc,"))
        .map(|l| l.rsplit(',').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(
        misses,
        pair(&fresh, "nrczt", "nrc")["misses"].as_u64().unwrap()
    );
}

#[test]
fn subsume_rejects_bad_families() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.txt");
    std::fs::write(&file, ok(&["generate", "--count", "1", "--seed", "1"])).unwrap();
    let f = file.to_str().unwrap();
    let (code, _, err) = sudolink(&["subsume", f, "--families", "nrc,zebra"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown technique \"zebra\""), "{err}");
    let (code, _, err) = sudolink(&["subsume", f, "--families", "nrc"]);
    assert_ne!(code, 0);
    assert!(err.contains("at least two"), "{err}");
}

/// `NAME:N` searches one family further than `--max-len`: a net's length counts inferences,
/// a whip's CSP variables, so "++depth against whips up to 4" needs ++depth's own bound.
#[test]
fn subsume_searches_each_family_to_its_own_bound() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("top1.txt");
    let top1 = common::collection("top1465.txt", 1).remove(0).line();
    std::fs::write(&file, format!("{top1}\n")).unwrap();
    let (f, db) = (file.to_str().unwrap(), dir.path().join("s.db"));
    let run = |families: &str| {
        json(&[
            "subsume",
            f,
            "--start",
            "--families",
            families,
            "--max-len",
            "4",
            "--json",
        ])
    };
    let (same, own) = (run("whip,depth2"), run("whip,depth2:40"));
    let depth2 = |v: &Value| v["eliminations"][1].as_u64().unwrap();
    assert_eq!(
        same["eliminations"][0], own["eliminations"][0],
        "whip unchanged"
    );
    assert!(
        depth2(&own) > depth2(&same),
        "{} vs {}",
        depth2(&own),
        depth2(&same)
    );
    ok(&[
        "subsume",
        f,
        "--start",
        "--families",
        "whip,depth2:40",
        "--max-len",
        "4",
        "--db",
        db.to_str().unwrap(),
    ]);
    let longest = |family: &str| {
        count_rows(
            &db,
            &format!("SELECT max(length) FROM elimination WHERE family = '{family}'"),
        )
    };
    assert!(longest("whip") <= 4 && longest("depth2") > 4 && longest("depth2") <= 40);
    let params: String = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT params FROM run", [], |r| r.get(0))
        .unwrap();
    assert!(
        params.contains(r#""family_max_len":{"depth2":40}"#),
        "{params}"
    );
    for (bad, says) in [("whip,depth2:0", "depth2:0"), ("whip,depth2:x", "depth2:x")] {
        let (code, _, err) = sudolink(&["subsume", f, "--families", bad]);
        assert_ne!(code, 0);
        assert!(
            err.contains(says) && err.contains("expected a length"),
            "{err}"
        );
    }
}

/// `--stuck` studies the first state of the path alone: the start state after the basic
/// rules, with the same eliminations as the path run's first state.
#[test]
fn subsume_stuck_studies_the_first_state_of_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("top3.txt");
    let lines: Vec<String> = common::collection("top1465.txt", 3)
        .iter()
        .map(|p| p.line())
        .collect();
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let f = file.to_str().unwrap();
    let (path_db, stuck_db) = (dir.path().join("path.db"), dir.path().join("stuck.db"));
    for (db, how) in [(&path_db, None), (&stuck_db, Some("--stuck"))] {
        let mut args = vec![
            "subsume",
            f,
            "--families",
            "nrc,whip",
            "--max-len",
            "3",
            "--db",
            db.to_str().unwrap(),
        ];
        args.extend(how);
        ok(&args);
    }
    let first_states = |db: &Path| -> Vec<(String, i64, i64)> {
        let c = rusqlite::Connection::open(db).unwrap();
        let mut q = c
            .prepare(
                "SELECT s.pencil_marks, s.step_index,
                        (SELECT count(*) FROM elimination e WHERE e.state_id = s.id)
                 FROM state s
                 WHERE s.step_index = (SELECT min(step_index) FROM state t
                                       WHERE t.puzzle_id = s.puzzle_id)",
            )
            .unwrap();
        let mut v: Vec<(String, i64, i64)> = q
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        // puzzles are stored in the order they finish (both cores): compare as sets
        v.sort();
        v
    };
    let stuck = first_states(&stuck_db);
    assert_eq!(stuck.len(), 3);
    assert_eq!(count_rows(&stuck_db, "SELECT count(*) FROM state"), 3);
    assert!(count_rows(&path_db, "SELECT count(*) FROM state") > 3);
    assert!(
        stuck.iter().all(|(_, step, _)| *step > 0),
        "basic steps applied"
    );
    assert_eq!(stuck, first_states(&path_db));
    let (code, _, err) = sudolink(&["subsume", f, "--stuck", "--start"]);
    assert_ne!(code, 0);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// The study skips two kinds of search whose answer is known (the solution's candidates,
/// and a chain family for a target a whip or braid search left uneliminated): every row
/// must still be what searching every family for every open candidate gives.
#[test]
fn subsume_rows_equal_a_search_of_every_family_for_every_candidate() {
    use sudolink_engine::graph::LinkIndex;
    use sudolink_engine::grid::format::parse_pencil_mark_string;
    use sudolink_search::registry::parse_list;
    use sudolink_study::subsume::{study_puzzle, Options, States, Studied};
    let families: Vec<Studied> =
        parse_list("nrc,nrct,nrczt,nrct-lasso,nrczt-lasso,whip,braid,xyzt")
            .unwrap()
            .into_iter()
            .map(|family| Studied { family, max_len: 5 })
            .collect();
    let options = Options {
        families: families.clone(),
        states: States::Path,
    };
    let (mut states, mut eliminations) = (0, 0);
    for p in common::collection("cbg000.txt", 12) {
        let (start, solution) = common::start_and_solution(&p);
        for row in study_puzzle(&start, &solution, &options).unwrap() {
            let state = parse_pencil_mark_string(&row.pencil_marks, 1).unwrap();
            let links = LinkIndex::new(&state);
            let mut expected = Vec::new();
            for s in &families {
                for z in state.candidates().iter() {
                    if let Some(proof) = s.family.shortest_for_target(&links, z, s.max_len) {
                        expected.push((s.family.name().to_string(), z.index(), proof.length));
                    }
                }
            }
            let got: Vec<_> = row
                .eliminations
                .iter()
                .map(|e| (e.family.clone(), e.cand, e.length))
                .collect();
            assert_eq!(got, expected, "{}", row.pencil_marks);
            states += 1;
            eliminations += got.len();
        }
    }
    assert!(
        states >= 10 && eliminations >= 200,
        "{states} states, {eliminations}"
    );
}
