//! Berthier's comparisons of rating schemes (`study::compare`, `sudolink compare`): every
//! line of the difference lists of CSP-Rules-Examples' `Sudoku-b/cbg-000/comparisons.txt`
//! (tests/fixtures/cbg000_comparisons.txt) reproduced from the published rating files
//! (tests/fixtures/cbg000_scheme_differences.tsv, cbg000_tyw_differences.tsv and the W
//! column of data/cbg000.txt), and the command on a small collection.

use crate::common::{data_text, fixture_path, ok};
use std::collections::{BTreeSet, HashMap};
use sudolink_study::compare::{Comparison, Ratings};

/// The schemes of the differences fixture, in its column order.
const COLUMNS: [&str; 10] = [
    "W", "B", "gW", "gB", "FW", "F3W", "S+W", "SFin+W", "S+gW", "SFin+gW",
];

fn fixture(name: &str) -> String {
    std::fs::read_to_string(fixture_path(name)).expect("fixture")
}

/// SudoRules' published ratings of cbg-000 in every scheme of the fixtures, rebuilt whole.
fn published() -> HashMap<String, Ratings> {
    let w: Vec<usize> = data_text("cbg000.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').nth(2).unwrap().trim().parse().unwrap())
        .collect();
    let mut all: HashMap<String, Ratings> = COLUMNS
        .iter()
        .chain(&["TyW"])
        .map(|&s| {
            let values = w.iter().map(|&r| Some(r)).collect();
            (
                s.to_string(),
                Ratings {
                    label: s.to_string(),
                    values,
                },
            )
        })
        .collect();
    let rows = |text: String| -> Vec<Vec<usize>> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| l.split('\t').map(|x| x.parse().unwrap()).collect())
            .collect()
    };
    for r in rows(fixture("cbg000_scheme_differences.tsv")) {
        for (k, s) in COLUMNS.iter().enumerate() {
            all.get_mut(*s).unwrap().values[r[0] - 1] = Some(r[k + 1]);
        }
    }
    for r in rows(fixture("cbg000_tyw_differences.tsv")) {
        all.get_mut("TyW").unwrap().values[r[0] - 1] = Some(r[1]);
    }
    all
}

/// The published lists: (A, B, lines).
fn published_lists() -> Vec<(String, String, Vec<String>)> {
    let mut out: Vec<(String, String, Vec<String>)> = Vec::new();
    for line in fixture("cbg000_comparisons.txt").lines() {
        if line.starts_with("# ") || line.is_empty() {
            continue;
        }
        if let Some(pair) = line.strip_prefix("== ") {
            let (a, b) = pair.split_once(" vs ").unwrap();
            out.push((a.into(), b.into(), Vec::new()));
        } else {
            out.last_mut().unwrap().2.push(line.trim_end().to_string());
        }
    }
    out
}

/// A published line read as (puzzle, A's rating, B's rating), whatever its punctuation
/// (`#9: gW = 5; gB = 4; diff = 1`, `#6144; S+W5, gW4`, `#15714c; ...`).
fn parse(line: &str, a: &str, b: &str) -> (usize, Option<usize>, Option<usize>) {
    let t = line.replace(" = ", "").replace(':', " ");
    let tokens: Vec<&str> = t.split([';', ',', ' ']).filter(|x| !x.is_empty()).collect();
    let digits: String = tokens[0].chars().filter(char::is_ascii_digit).collect();
    let rating = |label: &str| {
        tokens[1..].iter().find_map(|x| {
            x.strip_prefix(label)
                .filter(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit()))
                .map(|r| r.parse().unwrap())
        })
    };
    (digits.parse().unwrap(), rating(a), rating(b))
}

/// The one published line whose ratings are not those of the published files: #10188 is S+W5
/// in S+W-ratings-000.txt (and in the "S+W vs S+gW" list), S+W7 in the "S+W vs gW" list.
const TYPO: &str = "#10188; S+W7; gW4 <<<<<<<< <<<<<<<<";

/// Published lines whose punctuation or marks were edited by hand (Berthier's marks stop
/// after the first sections; `:` or `,` for `;`): the line as published, as we print it.
const HAND_EDITED: [(&str, &str); 14] = [
    ("#16630; W7; FW5", "#16630; W7; FW5 <<<<<<<<"),
    ("#109; B7; F3W9", "#109; B7; F3W9 <<<<<<<<"),
    ("#2412; B5; F3W7", "#2412; B5; F3W7 <<<<<<<<"),
    ("#2862; B6; F3W3", "#2862; B6; F3W3 <<<<<<<< <<<<<<<<"),
    ("#16630; B7; F3W5", "#16630; B7; F3W5 <<<<<<<<"),
    ("#21065: W5; S+W4", "#21065; W5; S+W4"),
    ("#6144; S+W5, gW4", "#6144; S+W5; gW4"),
    ("#7465; S+W3, gW4", "#7465; S+W3; gW4"),
    ("#15714c; S+W3; gW4", "#15714; S+W3; gW4"),
    (
        "#16630; S+W7; gW5 <<<<<<<< <<<<<<<<",
        "#16630; S+W7; gW5 <<<<<<<<",
    ),
    ("#16155 S+W8; S+gW7", "#16155; S+W8; S+gW7"),
    (
        "#2862; W7; S+gW2 <<<<<<<<",
        "#2862; W7; S+gW2 <<<<<<<< <<<<<<<<",
    ),
    ("18012; W5; S+gW4", "#18012; W5; S+gW4"),
    (
        "#18494 ; W11; S+gW9 <<<<<<<<",
        "#18494; W11; S+gW9 <<<<<<<<",
    ),
];

#[test]
fn every_line_of_berthiers_comparisons_is_reproduced_from_the_rating_files() {
    let all = published();
    let lists = published_lists();
    assert_eq!(lists.len(), 15);
    let mut exact = 0;
    for (a, b, lines) in &lists {
        let c = Comparison::of(&all[a], &all[b]).unwrap();
        let ours: HashMap<usize, String> = c
            .differences
            .iter()
            .map(|d| (d.number, c.line(d)))
            .collect();
        // the same puzzles (W vs TyW: the three he lists, those with TyW − W > 15 and TyW
        // not 36, SudoRules' "not solved", as his `compare` function selects them)
        let listed: BTreeSet<usize> = lines.iter().map(|l| parse(l, a, b).0).collect();
        let expected: BTreeSet<usize> = c
            .differences
            .iter()
            .filter(|d| b != "TyW" || (d.gap().is_some_and(|g| g > 15) && d.b != Some(36)))
            .map(|d| d.number)
            .collect();
        assert_eq!(listed, expected, "{a} vs {b}");
        for line in lines {
            let (n, x, y) = parse(line, a, b);
            let d = c.differences.iter().find(|d| d.number == n).unwrap();
            if line != TYPO {
                assert_eq!((x, y), (d.a, d.b), "{a} vs {b}: {line}");
            }
            // the lists in his "#n; An; Bm" layout, line for line
            if !line.contains(" = ") && b != "TyW" && line != TYPO {
                let want = HAND_EDITED
                    .iter()
                    .find(|(published, _)| published == line)
                    .map_or(line.as_str(), |(_, ours)| ours);
                assert_eq!(ours[&n], want, "{a} vs {b}");
                exact += 1;
            }
        }
    }
    assert_eq!(exact, 48 + 66 + 8 + 30 + 52 + 18 + 16 + 62 + 47 + 64);
    // the counts the issue quotes, from the files
    let count = |a: &str, b: &str| Comparison::of(&all[a], &all[b]).unwrap().differences.len();
    assert_eq!(
        [
            count("W", "FW"),
            count("FW", "F3W"),
            count("W", "S+W"),
            count("gW", "S+gW")
        ],
        [8, 30, 18, 16]
    );
    assert_eq!([count("W", "B"), count("W", "TyW")], [66, 5950]);
}

#[test]
fn compare_prints_berthiers_layout_for_our_schemes_and_published_files() {
    let dir = tempfile::tempdir().unwrap();
    let text = data_text("cbg000.txt");
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(45)
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, puzzles.join("\n")).unwrap();
    // SudoRules' S+W ratings of the same 45 puzzles (#41: W5, S+W4)
    let sw = published()["S+W"].values[..45]
        .iter()
        .map(|r| r.unwrap().to_string())
        .collect::<Vec<_>>()
        .join("\n");
    let sw_file = dir.path().join("sw.txt");
    std::fs::write(&sw_file, sw).unwrap();
    let out = ok(&[
        "compare",
        file.to_str().unwrap(),
        "--schemes",
        "W,S+W",
        "--ratings",
        &format!("SudoRules-S+W={}", sw_file.display()),
    ]);
    assert!(
        out.contains("W vs S+W: 1 differences in 45 puzzles (2.222 %)"),
        "{out}"
    );
    assert!(out.contains("#41; W5; S+W4\n"), "{out}");
    assert!(
        out.contains("S+W vs SudoRules-S+W: 0 differences in 45 puzzles"),
        "{out}"
    );
}

/// The published ratings with ours in `schemes` for the puzzles `numbers` (of cbg-000).
fn with_ours(
    mut all: HashMap<String, Ratings>,
    numbers: &BTreeSet<usize>,
    schemes: &[&str],
) -> HashMap<String, Ratings> {
    use crate::common::start_and_solution;
    use rayon::prelude::*;
    use sudolink_engine::grid::format::parse_line;
    use sudolink_study::rating::{rate, Scheme};
    let text = data_text("cbg000.txt");
    let grids: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let jobs: Vec<(usize, &str)> = numbers
        .iter()
        .flat_map(|&n| schemes.iter().map(move |&s| (n, s)))
        .collect();
    let rated: Vec<(usize, &str, Option<usize>)> = jobs
        .par_iter()
        .map(|&(n, s)| {
            let puzzle = parse_line(grids[n - 1], n + 1).unwrap();
            let (start, sol) = start_and_solution(&puzzle);
            let scheme: Scheme = s.parse().unwrap();
            let r = rate(&start, scheme, 20, Some(&sol)).unwrap();
            (n, s, r.rating)
        })
        .collect();
    for (n, s, rating) in rated {
        all.get_mut(s).unwrap().values[n - 1] = rating;
    }
    all
}

#[test]
fn the_w_fw_and_fw_f3w_lists_are_reproduced_from_our_ratings() {
    let pairs = [("W", "FW"), ("FW", "F3W")];
    let lists: Vec<(String, String, Vec<String>)> = published_lists()
        .into_iter()
        .filter(|(a, b, _)| pairs.contains(&(a.as_str(), b.as_str())))
        .collect();
    assert_eq!(lists.len(), 2);
    let numbers: BTreeSet<usize> = lists
        .iter()
        .flat_map(|(a, b, lines)| lines.iter().map(|l| parse(l, a, b).0))
        .collect();
    assert_eq!(numbers.len(), 38, "8 + 30 puzzles");
    let all = with_ours(published(), &numbers, &["W", "FW", "F3W"]);
    for (a, b, lines) in &lists {
        let c = Comparison::of(&all[a], &all[b]).unwrap();
        let ours: Vec<String> = c.differences.iter().map(|d| c.line(d)).collect();
        let want: Vec<String> = lines
            .iter()
            .map(|line| {
                HAND_EDITED
                    .iter()
                    .find(|(published, _)| published == line)
                    .map_or(line.clone(), |(_, ours)| ours.to_string())
            })
            .collect();
        assert_eq!(ours, want, "{a} vs {b}");
    }
}
