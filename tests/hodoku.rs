//! HoDoKu's rating (issue 77, point 3): `--scheme hodoku` against HoDoKu 2.2's own
//! outputs (tests/fixtures/hodoku_ratings.txt: its level, score and path, step by step, on
//! top1465's first 100 puzzles and the named puzzles), and the rating's forms in `rate`,
//! `rate --json` and `classify`'s store.

use crate::common::{fixture_path, ok, start_and_solution, sudolink};
use rayon::prelude::*;
use sudolink_engine::grid::format::parse_line;
use sudolink_search::hodoku::{self, Kind};
use sudolink_search::limits::Limits;

/// `x*n` for n steps of x in a row, as the fixture writes HoDoKu's paths.
fn run_lengths(kinds: &[Kind]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < kinds.len() {
        let j = (i..kinds.len())
            .find(|&j| kinds[j] != kinds[i])
            .unwrap_or(kinds.len());
        let arg = kinds[i].arg();
        out.push(if j - i == 1 {
            arg.to_string()
        } else {
            format!("{arg}*{}", j - i)
        });
        i = j;
    }
    out.join(" ")
}

/// One line of the fixture: grid, HoDoKu's level, score, path, source.
struct Expected {
    grid: String,
    level: String,
    score: u32,
    path: String,
    source: String,
}

fn expected() -> Vec<Expected> {
    let text = std::fs::read_to_string(fixture_path("hodoku_ratings.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Expected {
                grid: f[0].to_string(),
                level: f[1].to_string(),
                score: f[2].parse().unwrap(),
                path: f[3].to_string(),
                source: f[4].to_string(),
            }
        })
        .collect()
}

#[test]
fn levels_scores_and_paths_equal_hodokus_on_top1465s_first_100_and_the_named_puzzles() {
    let cases = expected();
    assert_eq!(cases.len(), 138, "100 of top1465 and 38 named puzzles");
    let wrong: Vec<String> = cases
        .par_iter()
        .filter_map(|e| {
            let (start, solution) = start_and_solution(&parse_line(&e.grid, 1).unwrap());
            let path = hodoku::solve(&start, &solution, &Limits::unlimited());
            let kinds: Vec<Kind> = path.steps.iter().map(|(_, s)| s.kind).collect();
            let ours = (path.level.name(), path.score, run_lengths(&kinds));
            let theirs = (e.level.as_str(), e.score, e.path.clone());
            (path.halt.is_some() || ours != theirs).then(|| {
                format!(
                    "{} {}: ours {}/{} {:?}, HoDoKu's {}/{}\n  ours:    {}\n  HoDoKu's: {}",
                    e.source,
                    e.grid,
                    ours.0,
                    ours.1,
                    path.halt,
                    theirs.0,
                    theirs.1,
                    ours.2,
                    theirs.2
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn rate_prints_the_level_and_score_and_json_carries_both() {
    // top1465 #4: Hard by its score alone (locked candidates and subsets, 1032 > 1000)
    let grid = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
    assert_eq!(
        ok(&["rate", grid, "--scheme", "hodoku"]).trim(),
        format!("{grid} hodoku:Hard/1032")
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["rate", grid, "--scheme", "HoDoKu", "--json"])).unwrap();
    assert_eq!(json["difficulty"], "Hard");
    assert_eq!(json["score"], 1032);
    assert_eq!(json["rating"], 1032);
    assert_eq!(json["level"], "hodoku:Hard/1032");
    assert_eq!(json["steps"], 77);
    assert_eq!(json["brute_force"], 0);
}

#[test]
fn the_scheme_keeps_hodokus_order_and_the_technique_list_keeps_its_own() {
    let grid = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
    let (code, _, stderr) = sudolink(&["rate", grid, "--scheme", "hodoku", "--order", "listed"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("--rules hodoku"), "{stderr}");
    // the list of our techniques in HoDoKu's order is still `--rules hodoku`
    let listed = ok(&["rate", grid, "--rules", "hodoku", "--order", "listed"]);
    assert!(listed.contains("hodoku:"), "{listed}");
}

#[test]
fn classify_stores_the_score_with_the_level_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    let db = dir.path().join("c.db");
    // top1465 #4 (Hard 1032) and #5 (Medium 802)
    std::fs::write(
        &file,
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....\n\
         5..7..6....38...........2..62.4............917............35.8.4.....1......9....\n",
    )
    .unwrap();
    let out = ok(&[
        "classify",
        file.to_str().unwrap(),
        "--scheme",
        "hodoku",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert!(out.contains("hodoku (HoDoKu 2.2's levels"), "{out}");
    assert_eq!(
        stored_hodoku_rows(&db),
        [
            (0, 1032, "Hard".to_string()),
            (1, 802, "Medium".to_string())
        ]
    );
}

/// The store's hodoku rows (position, score, level), read with the `query` command.
fn stored_hodoku_rows(db: &std::path::Path) -> Vec<(usize, u32, String)> {
    let out = ok(&[
        "query",
        "--db",
        db.to_str().unwrap(),
        "--sql",
        "SELECT position, rating, difficulty FROM rating WHERE scheme = 'hodoku' \
         ORDER BY position",
        "--format",
        "csv",
    ]);
    out.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].to_string(),
            )
        })
        .collect()
}
