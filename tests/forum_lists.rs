//! Issue 77, points 4 and 7: the forum's lists and states go in as the forum writes them
//! (`grid;ER;EP;ED;…`, names and columns after the grid, `[code]` posts, sukakus on one line
//! or folded in nine, nine groups of nine), from standard input (`-`), as puzzle K of a list
//! (`FILE:K`) or by name; `rate` keeps each line's text, numbers puzzles with `--index`,
//! with `--compare` says where ours and the published rating agree, and with `--forum`
//! writes the forum's list line back.

use crate::common::{fixture_path, ok, sudolink, with_stdin};

const OCEAN1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";
/// JPF's EasterMonster (2007), named as the forum's lists name it.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn fixture(name: &str) -> String {
    fixture_path(name).to_str().unwrap().to_string()
}

/// The state `show` prints for `arg` (its pencil-mark grid).
fn shown(arg: &str) -> String {
    ok(&["show", arg])
}

// ---- the forum's list lines ------------------------------------------------------------

#[test]
fn forum_ser_list_is_rated_compared_and_its_bad_line_named() {
    let list = fixture("forum/cb_ser_list.txt");
    let args = ["rate", &list, "--scheme", "SER", "--compare", "--index"];
    let (code, out, err) = sudolink(&args);
    // line 8 (puzzle 3) has an 80-character grid: named, the seven others rated
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("line 8: a grid line needs 81 cells, found 80"),
        "{err}"
    );
    assert!(err.contains("1 of 8 puzzle(s) could not be rated"), "{err}");
    // seven rated lines and the summary
    assert_eq!(out.lines().count(), 8, "{out}");
    assert!(out.starts_with("#1 ...456..9..6.......891..45.2"), "{out}");
    assert!(
        out.contains(" 7.3/1.2/1.2 =  7.3;1.2;1.2;cb line 285\n"),
        "the line's text kept as written: {out}"
    );
    assert!(!out.contains("#3 "), "{out}");
    assert!(out.contains("\n#4 ....5..894"), "{out}");
    assert!(
        out.ends_with("# compared with the published ;ER;EP;ED: 7 of 7 equal\n"),
        "{out}"
    );
    // --keep-going: the same ratings, exit 0
    let mut keep_going = args.to_vec();
    keep_going.push("--keep-going");
    let (code, again, err) = sudolink(&keep_going);
    assert_eq!((code, again.as_str()), (0, out.as_str()), "{err}");
}

/// The list lines of a fixture: its lines but the `#` comments, each with its newline.
fn list_lines(name: &str) -> String {
    std::fs::read_to_string(fixture_path(name))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn a_forum_list_with_its_published_ser_is_written_back_as_it_was() {
    // Mathimagics' highest-SER 18-clue puzzles as the forum's lists write them:
    // `grid;ER;EP;ED;rest`, the published ER;EP;ED pasted in
    let list = fixture("forum/mat18c_highest_ser_forum.txt");
    let lines = list_lines("forum/mat18c_highest_ser_forum.txt");
    assert!(lines.starts_with(
        "..............1..2..3.4.56............753.....2......8......3...8...2..1.1..5.7..;\
         10.1;1.2;1.2;Mat-18c highest-SER #1\n"
    ));
    let out = ok(&["rate", &list, "--scheme", "SER", "--forum"]);
    assert_eq!(out, lines);
    // with --compare the per-line marks stay off the lines; the summary is a comment
    let out = ok(&["rate", &list, "--scheme", "SER", "--forum", "--compare"]);
    assert_eq!(
        out,
        format!("{lines}# compared with the published ;ER;EP;ED: 4 of 4 equal\n")
    );
    // pasted on standard input, one published ER mistyped: ours in its place, and named
    let pasted = lines.replacen(";9.8;1.5;1.5;", ";9.9;1.5;1.5;", 1);
    let (code, out, err) = with_stdin(
        &["rate", "-", "--scheme", "SER", "--forum", "--compare"],
        &pasted,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("{lines}# compared with the published ;ER;EP;ED: 3 of 4 equal; 1 differ: #2\n")
    );
    // another scheme goes in front of the line's columns, which stay as written (these
    // highest-SER 18-clue puzzles are in T&E(2))
    let out = ok(&["rate", &format!("{list}:4"), "--scheme", "TE", "--forum"]);
    assert_eq!(
        out,
        "1....2.3.............4....5....1..6...7.....82...39....857...........69...4......;\
         TE2;9.6;1.2;1.2;Mat-18c highest-SER #4\n"
    );
    // the forum's line is a line: no index before it, no JSON
    let (code, _, err) = sudolink(&["rate", &list, "--forum", "--index"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_bad_line_in_a_pasted_list_is_named_by_line_and_column_and_the_others_rated() {
    let mut lines: Vec<String> = list_lines("forum/mat18c_highest_ser_forum.txt")
        .lines()
        .map(str::to_string)
        .collect();
    // a letter in line 3's grid (column 12), as a mistyped paste has it
    lines[2].replace_range(11..12, "x");
    let pasted = lines.join("\n");
    let args = ["rate", "-", "--scheme", "SER", "--forum"];
    let (code, out, err) = with_stdin(&args, &pasted);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("standard input: line 3, column 12: bad character 'x'"),
        "{err}"
    );
    assert!(err.contains("1 of 4 puzzle(s) could not be rated"), "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(!out.contains(&lines[2]), "{out}");
    // --keep-going: the same lines, the same report, exit 0
    let mut keep_going = args.to_vec();
    keep_going.push("--keep-going");
    let (code, again, err) = with_stdin(&keep_going, &pasted);
    assert_eq!((code, again.as_str()), (0, out.as_str()), "{err}");
    assert!(
        err.contains("line 3, column 12: bad character 'x'"),
        "{err}"
    );
}

#[test]
fn royle17_published_ser_that_differs_is_marked_and_summed_up() {
    // Berthier's published SER of Royle's 17-clue puzzles #1399 and #2732 (6.9, 7.0)
    // differ from Sudoku Explainer 1.2.1's ER (7.1)
    let list = fixture("forum/royle17_published_ser.txt");
    let out = ok(&["rate", &list, "--scheme", "SER", "--compare", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(
        lines[1].ends_with(" 7.1/1.2/1.2 ≠ published 6.9  6.9\tline 1399"),
        "{out}"
    );
    assert!(lines[0].contains(" 1.5/1.2/1.2 =  1.5\tline 1"), "{out}");
    assert_eq!(
        lines[5],
        "# compared with column 2: 3 of 5 equal; 2 differ: #2, #4"
    );
    // --json: the index, the line's text and the comparison; the summary on stderr
    let (code, json, err) =
        sudolink(&["rate", &list, "--scheme", "SER", "--compare", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 5);
    assert_eq!(v[3]["index"], 4);
    assert_eq!(v[3]["text"], "7.0\tline 2732");
    assert_eq!(
        v[3]["compare"],
        serde_json::json!({"published": "7.0", "equal": false, "mark": "≠ published 7.0"})
    );
    assert_eq!(v[0]["compare"]["equal"], true);
    assert!(
        err.contains("note: compared with column 2: 3 of 5 equal"),
        "{err}"
    );
}

#[test]
fn compare_is_refused_where_it_cannot_mean_anything() {
    let list = fixture("forum/royle17_published_ser.txt");
    let (code, _, err) = sudolink(&["rate", &list, "--scheme", "W", "--compare"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("name the column that holds the published rating"),
        "{err}"
    );
    let (code, _, err) = sudolink(&["rate", &list, "--compare", "1"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--compare 1: name a column after the grid"),
        "{err}"
    );
    // a line without the column says so, and counts apart
    let out = ok(&[
        "rate",
        &list,
        "--scheme",
        "L",
        "--max-len",
        "1",
        "--compare",
        "4",
    ]);
    assert!(out.contains(" ? no column 4  1.5\tline 1"), "{out}");
    assert!(
        out.ends_with("0 of 5 equal; 5 with no published rating: #1, #2, #3, #4, #5\n"),
        "{out}"
    );
}

#[test]
fn cbg000_w_column_is_compared_with_rate() {
    // data/cbg000.txt: grid, SER, W (SudoRules' W ratings, [Berthier CB])
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(crate::common::data_path("cbg000.txt")).unwrap();
    let head: String = text.lines().take(13).map(|l| format!("{l}\n")).collect();
    let path = dir.path().join("cbg000_head.txt");
    std::fs::write(&path, head).unwrap();
    let out = ok(&[
        "rate",
        path.to_str().unwrap(),
        "--scheme",
        "W",
        "--compare",
        "3",
    ]);
    assert!(
        out.ends_with("# compared with column 3: 12 of 12 equal\n"),
        "{out}"
    );
}

#[test]
fn rate_keeps_a_name_and_plain_lines_print_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("named.txt");
    std::fs::write(&path, format!("{EASTER_MONSTER} EasterMonster\n{OCEAN1}\n")).unwrap();
    let out = ok(&["rate", path.to_str().unwrap(), "--scheme", "TE"]);
    assert_eq!(
        out,
        format!("{EASTER_MONSTER} TE2  EasterMonster\n{OCEAN1} TE1\n")
    );
    let out = ok(&["rate", path.to_str().unwrap(), "--scheme", "TE", "--index"]);
    assert!(out.starts_with("#1 1......."), "{out}");
    assert!(out.contains("\n#2 ....1...2"), "{out}");
}

// ---- standard input, FILE:K and names -------------------------------------------------

#[test]
fn dash_reads_standard_input() {
    let (code, out, err) = with_stdin(&["explain", "-", "--target", "r1c2<>8"], OCEAN1);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().nth(1), Some("Why r1c2<>8?"), "{out}");
    let list = std::fs::read_to_string(fixture_path("forum/royle17_published_ser.txt")).unwrap();
    let (code, out, err) = with_stdin(&["rate", "-", "--scheme", "SER"], &list);
    assert_eq!((code, out.lines().count()), (0, 5), "{err}");
    let (code, _, err) = with_stdin(&["solve", "-"], "");
    assert_eq!(code, 1);
    assert!(err.contains("standard input"), "{err}");
    assert!(err.contains("empty input"), "{err}");
    let (code, out, err) = with_stdin(&["classify", "-", "--scheme", "L", "--max-len", "2"], &list);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("5 of 5 puzzles rated"), "{out}");
}

#[test]
fn file_k_picks_puzzle_k_as_rate_index_numbers_it() {
    let top = fixture("collections/top95_first5.txt");
    let out = ok(&["solve", &format!("{top}:2")]);
    assert!(
        out.starts_with(
            "Puzzle: 52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
        ),
        "{out}"
    );
    let rated = ok(&["rate", &top, "--scheme", "L", "--max-len", "1", "--index"]);
    let one = ok(&[
        "rate",
        &format!("{top}:2"),
        "--scheme",
        "L",
        "--max-len",
        "1",
        "--index",
    ]);
    assert_eq!(one, format!("{}\n", rated.lines().nth(1).unwrap()));
    assert!(one.starts_with("#2 52...6"), "{one}");
    for (k, says) in [
        ("6", "no puzzle 6: it holds 5 puzzle(s), numbered from 1"),
        ("0", "no puzzle 0"),
    ] {
        let (code, _, err) = sudolink(&["solve", &format!("{top}:{k}")]);
        assert_eq!(code, 1);
        assert!(err.contains(says), "{err}");
    }
    // a puzzle K that does not read is named with its line
    let bad = fixture("forum/cb_ser_list.txt");
    let (code, _, err) = sudolink(&["solve", &format!("{bad}:3")]);
    assert_eq!(code, 1);
    assert!(err.contains("puzzle 3"), "{err}");
    assert!(
        err.contains("line 8: a grid line needs 81 cells, found 80"),
        "{err}"
    );
    let (code, _, err) = sudolink(&["solve", "missing-list.txt:4"]);
    assert_eq!(code, 1);
    assert!(err.contains("no such file: missing-list.txt"), "{err}");
}

#[test]
fn named_puzzles_are_taken_by_name() {
    let out = ok(&["solve", "ocean-1"]);
    assert!(
        out.starts_with(&format!("Puzzle (ocean-1): {OCEAN1}")),
        "{out}"
    );
    assert_eq!(
        shown("LOKI"),
        shown("57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..")
    );
    let out = ok(&["rate", "eastermonster", "--scheme", "TE"]);
    assert_eq!(out, format!("{EASTER_MONSTER} TE2  eastermonster\n"));
    let (code, _, err) = sudolink(&["solve", "ocaen-1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no such file: ocaen-1"), "{err}");
    assert!(err.contains("did you mean ocean-1"), "{err}");
}

// ---- forum states: [code] posts, sukakus, nine groups --------------------------------------

#[test]
fn our_exported_forum_post_reads_back_as_its_state() {
    let dir = tempfile::tempdir().unwrap();
    let export = dir.path().join("out");
    ok(&[
        "explain",
        "--target",
        "r1c2<>8",
        "--rules",
        "whip",
        "--export",
        export.to_str().unwrap(),
    ]);
    let txt = export.join("whip-r1c2-not-8.txt");
    let text = std::fs::read_to_string(&txt).unwrap();
    assert!(
        text.contains("[code]") && text.contains("[/code]"),
        "{text}"
    );
    // the post holds Ocean #1's start state, the state explained
    assert_eq!(shown(txt.to_str().unwrap()), shown(OCEAN1));
    let again = ok(&[
        "explain",
        txt.to_str().unwrap(),
        "--target",
        "r1c2<>8",
        "--rules",
        "whip",
    ]);
    assert_eq!(again.lines().nth(1), Some("Why r1c2<>8?"), "{again}");
}

#[test]
fn a_forum_post_with_hodoku_and_sudorules_grids_in_code_blocks() {
    // HoDoKu prints `.---.` `:---+---:` `'---'` borders; SudoRules `+---+` and `!` between
    // stacks; a post wraps either in prose and [code] tags
    let pm = shown(OCEAN1);
    let lines: Vec<&str> = pm.lines().collect();
    let hodoku: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| match (l.starts_with('+'), i) {
            (true, 0) => l.replace('+', "."),
            (true, i) if i == lines.len() - 1 => l.replace('+', "'"),
            (true, _) => format!(":{}:", &l[1..l.len() - 1]),
            (false, _) => l.to_string(),
        })
        .collect();
    let post = format!(
        "Here is the state after the singles:\n[code]\n{}\n[/code]\nAny idea? [b]thanks[/b]\n",
        hodoku.join("\n")
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("post.txt");
    std::fs::write(&file, &post).unwrap();
    assert_eq!(shown(file.to_str().unwrap()), pm);
    let sudorules = format!("[code]\n{}[/code]", pm.replace('|', "!"));
    assert_eq!(shown(&sudorules), pm);
    // a block that is not a grid is named with its line
    let (code, _, err) = sudolink(&["show", "[code]\n+-----+\n| 1 2 x |\n[/code]"]);
    assert_eq!(code, 1);
    assert!(err.contains("line 3"), "{err}");
}

#[test]
fn a_sukaku_on_one_line_or_folded_in_nine_is_one_state() {
    let marks = ok(&["show", OCEAN1, "--format", "pm729"]);
    let marks = marks.trim();
    assert_eq!(marks.len(), 729);
    let folded: String = (0..9)
        .map(|r| format!("{}\n", &marks[r * 81..r * 81 + 81]))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sukaku.txt");
    std::fs::write(&file, &folded).unwrap();
    let f = file.to_str().unwrap();
    assert_eq!(shown(f), shown(OCEAN1));
    // rate reads it as one puzzle, not nine
    let out = ok(&["rate", f, "--scheme", "N"]);
    assert_eq!(out, format!("{marks} N4\n"));
    // two sukakus, one per line, in a list
    let list = dir.path().join("two.txt");
    std::fs::write(&list, format!("{marks}\n{marks} second\n")).unwrap();
    let out = ok(&["rate", list.to_str().unwrap(), "--scheme", "N"]);
    assert_eq!(out, format!("{marks} N4\n{marks} N4  second\n"));
    // eight rows of nine are named as a short sukaku
    let eight: String = folded.lines().take(8).map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, eight).unwrap();
    let (code, _, err) = sudolink(&["show", f]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "line 1: a sukaku folded in nine lines needs 9 lines of 81 characters, found 8"
        ),
        "{err}"
    );
}

#[test]
fn nine_groups_of_nine_read_and_a_short_group_is_named() {
    let groups: Vec<&str> = (0..9).map(|k| &OCEAN1[k * 9..k * 9 + 9]).collect();
    assert_eq!(shown(&groups.join(" ")), shown(OCEAN1));
    let short = groups.join(" ").replacen("..1....3.", "..1...3.", 1);
    let (code, _, err) = sudolink(&["show", &short]);
    assert_eq!(code, 1);
    assert!(
        err.contains("line 1, column 11: nine groups of nine cells: group 2 has 8 cell(s)"),
        "{err}"
    );
}

#[test]
fn classify_reads_a_forum_list_and_names_its_bad_line() {
    let list = fixture("forum/cb_ser_list.txt");
    let args = [
        "classify",
        &list,
        "--scheme",
        "SER",
        "--reference-column",
        "2",
    ];
    let (code, out, err) = sudolink(&args);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.starts_with("7 of 8 puzzles rated, 1 could not be"),
        "{out}"
    );
    assert!(
        out.contains("reference column 2: 0 disagreement(s) in 7 puzzles"),
        "{out}"
    );
    assert!(
        err.contains("line 8: a grid line needs 81 cells, found 80"),
        "{err}"
    );
    let mut keep_going = args.to_vec();
    keep_going.push("--keep-going");
    let (code, _, err) = sudolink(&keep_going);
    assert_eq!(code, 0, "{err}");
}
