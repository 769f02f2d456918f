//! `sudolink explain`: the shortest proof per family, clear refusals, `--all`, `--next`,
//! and the exported files a forum post needs (SVG, PNG, DOT, text).

use crate::common;

use common::{ok, seed_puzzle, sudolink};

fn ocean1() -> String {
    seed_puzzle("ocean-1").line()
}

/// `sudolink explain OCEAN-1 --target r7c9<>3 EXTRA...` ([Berthier NRC]'s first elimination):
/// (exit code, stdout, stderr).
fn explain_r7c9_not_3(extra: &[&str]) -> (i32, String, String) {
    let puzzle = ocean1();
    let mut args = vec!["explain", puzzle.as_str(), "--target", "r7c9<>3"];
    args.extend_from_slice(extra);
    sudolink(&args)
}

/// [`explain_r7c9_not_3`], expecting success: its stdout.
fn explained_r7c9_not_3(extra: &[&str]) -> String {
    let (code, stdout, stderr) = explain_r7c9_not_3(extra);
    assert_eq!(code, 0, "{extra:?} failed: {stderr}");
    stdout
}

/// The line of `out` that begins with `label` (`--verbose`'s rows).
fn row_line(out: &str, label: &str) -> String {
    out.lines()
        .find(|l| l.split_whitespace().next() == Some(label))
        .unwrap_or_else(|| panic!("no line for {label} in {out}"))
        .to_string()
}

/// Issue 72: `explain --json` ships the explanation's view (version 2): the question, the
/// answer first, and each row's proof as its view (technique, conclusions, pattern, every
/// notation's text, the proof object). The whole document of two techniques, as a snapshot.
#[test]
fn explain_json_is_the_versioned_view() {
    let out = explained_r7c9_not_3(&["--techniques", "swordfish,nrc", "--max-len", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["version"], sudolink_notation::view::VERSION);
    assert_eq!(v["schema"], sudolink_notation::view::explain::SCHEMA);
    let schema: serde_json::Value =
        serde_json::from_str(sudolink_study::explain::JSON_SCHEMA).unwrap();
    assert_eq!(schema["properties"]["version"]["const"], v["version"]);
    assert_eq!(schema["properties"]["schema"]["const"], v["schema"]);
    assert_eq!(schema["$id"], v["schema"]);
    for row in v["families"].as_array().unwrap() {
        let proof = &row["proof"];
        assert_eq!(proof["version"], v["version"], "{row}");
        assert_eq!(proof["text"], row["text"]);
        assert_eq!(proof["notations"][0]["text"], row["text"]);
    }
    insta::assert_snapshot!("explain_json_view_r7c9_not_3", out);
}

/// Issue 55: the answer first. The question, then the simplest proof (its technique,
/// length, text, and HoDoKu's line), then one table of the other proofs
/// (identical steps on one row), then one line for the techniques that found nothing,
/// then the ones asked by name only.
#[test]
fn ocean1_r7c9_not_3_answers_first() {
    // [Berthier NRC]: the first step of Ocean #1 is a swordfish that eliminates r7c9 <> 3
    let out = explained_r7c9_not_3(&["--max-len", "6", "--timeout", "0"]);
    let lines: Vec<&str> = out.lines().collect();
    // the state first: the puzzle, and where on it
    assert_eq!(
        lines[0],
        "State: ....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3...., at its start"
    );
    assert_eq!(lines[1], "Why r7c9<>3?");
    assert_eq!(
        lines[2],
        "simplest (basic, length 3): swordfish-in-rows n3{r3 r4 r8}{c3 c4 c9} \
         ==> r1c3 <> 3, r1c4 <> 3, r6c9 <> 3, r7c9 <> 3"
    );
    assert_eq!(
        lines[3],
        "  HoDoKu: Swordfish: 3 r348 c349 => r1c3<>3, r1c4<>3, r6c9<>3, r7c9<>3"
    );
    assert!(lines[4].starts_with("also proved by "), "{out}");
    // the same chain under four names: one row
    let row = |names: &str| {
        lines
            .iter()
            .find(|l| l.ends_with(&format!("  {names}")))
            .unwrap_or_else(|| panic!("no row for {names} in {out}"))
            .to_string()
    };
    assert_eq!(
        row("hxy-rn, hxyt-rn, hxyz-rn, hxyzt-rn")
            .split_whitespace()
            .collect::<Vec<_>>()[..2],
        ["3", "hxy-rn,"]
    );
    row("whip, g-whip");
    row("force-house-links, force-house-groups, force-house");
    // each technique once: on the simplest line, in the table or on the nothing-found line
    assert_eq!(out.matches("hxy-rn").count(), 1, "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains("==>")).count(),
        1,
        "{out}"
    );
    // the ones that found nothing, on one line
    let nothing: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("nothing found: "))
        .collect();
    assert_eq!(nothing.len(), 1, "{out}");
    assert!(nothing[0].contains("squirmbag, whale, tridagon"), "{out}");
    // leviathan (a fish of size 7) stands at 7 on the scale, beyond --max-len 6
    assert!(
        nothing[0].contains("leviathan, xy, xyt, xyz, xyzt, nrct-lasso"),
        "{out}"
    );
    assert!(nothing[0].contains("(none up to length 6)"), "{out}");
    assert!(!nothing[0].contains("cut"), "{out}");
    // HoDoKu's generalised fish are asked by default; trial and error and the uniqueness
    // rules by name only
    assert!(
        lines
            .iter()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["3", "siamese-fish"]),
        "{out}"
    );
    assert_eq!(
        lines.last().unwrap(),
        &"not asked (by name only): te, bxb, bxbb (trial and error); SudoRules' Subsets and finned fish by size (sudorules-subsets, sudorules-finned-fish); eleven's Imp630 patterns and their chains (imp630); the uniqueness rules (--uniqueness); Sudoku Explainer's producers (sudoku-explainer)"
    );
    insta::assert_snapshot!("explain_ocean1_r7c9_not_3", out);
}

/// `--verbose` prints every technique's proof in full, grouped by system, after the same
/// answer.
#[test]
fn verbose_prints_every_proof() {
    let short = explained_r7c9_not_3(&["--max-len", "6", "--timeout", "0"]);
    let out = explained_r7c9_not_3(&["--max-len", "6", "--timeout", "0", "--verbose"]);
    // the same question and answer first
    assert_eq!(
        out.lines().take(3).collect::<Vec<_>>(),
        short.lines().take(3).collect::<Vec<_>>()
    );
    assert!(row_line(&out, "basic").contains("swordfish-in-rows n3{r3 r4 r8}{c3 c4 c9}"));
    assert!(row_line(&out, "nrc").contains("nrc3-chain "));
    assert!(row_line(&out, "xy").contains("none up to length 6"));
    for name in ["hxy-rn", "hxyt-rn", "hxyz-rn", "hxyzt-rn"] {
        assert!(
            row_line(&out, name).contains(&format!("{name}3-chain {{c9 c4}}r4n3")),
            "{out}"
        );
    }
    // every row of the JSON has its line (a proof or why none)
    let v: serde_json::Value = serde_json::from_str(&explained_r7c9_not_3(&[
        "--max-len",
        "6",
        "--timeout",
        "0",
        "--json",
    ]))
    .unwrap();
    for f in v["families"].as_array().unwrap() {
        let label = f["family"].as_str().unwrap();
        let line = row_line(&out, label);
        match f["text"].as_str() {
            Some(text) => assert!(
                line.contains(text.lines().next().unwrap()),
                "{label}: {line}"
            ),
            None => assert!(line.contains("none"), "{label}: {line}"),
        }
    }
    assert!(out.contains("[basic rules]") && out.contains("[force chains and nets]"));
    assert!(!out.contains("also proved by") && !out.contains("nothing found:"));
    insta::assert_snapshot!("explain_ocean1_r7c9_not_3_verbose", out);
}

/// A placement: the composite proof is the answer when nothing simpler places the digit;
/// the techniques that only eliminate are counted on the nothing-found line.
#[test]
fn a_placement_answers_with_its_composite_first() {
    let (code, out, err) = sudolink(&[
        "explain",
        &ocean1(),
        "--target",
        "r1c1=6",
        // the hardest part (each other place of 6 in b1 eliminated) stands at length 10
        "--max-len",
        "10",
        "--timeout",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[2].starts_with("simplest (composite, length ")
            && lines[2].ends_with("r1c1=6 because each other place of 6 in b1 is eliminated:"),
        "{out}"
    );
    let nothing = lines
        .iter()
        .find(|l| l.starts_with("nothing found: "))
        .unwrap();
    assert!(
        nothing.contains(" technique(s) only eliminate (the composite proof stands for them)"),
        "{nothing}"
    );
}

/// A technique cut by a limit is named on the nothing-found line with how far it searched.
#[test]
fn cuts_are_on_the_nothing_found_line() {
    let out = explained_r7c9_not_3(&["--budget", "1"]);
    let nothing = out
        .lines()
        .find(|l| l.starts_with("nothing found: "))
        .unwrap();
    assert!(
        nothing.contains(
            "cut (budget of 1 partial chains/whips spent): hxy-rn, hxyt-rn, hxyz-rn, hxyzt-rn, "
        ),
        "{nothing}"
    );
    assert!(
        nothing.contains("g-braid (searched to length 1 of 10)"),
        "{nothing}"
    );
    assert!(
        nothing.contains("force-net-contradiction (not searched)"),
        "{nothing}"
    );
    assert!(
        nothing.ends_with("; raise --timeout or --budget"),
        "{nothing}"
    );
    // the cut rows are all there: no technique asked goes unmentioned
    let v: serde_json::Value =
        serde_json::from_str(&explained_r7c9_not_3(&["--budget", "1", "--json"])).unwrap();
    for f in v["families"].as_array().unwrap() {
        let label = f["family"].as_str().unwrap();
        let named = |l: &str| l.split([' ', ',', '(', ')', ':', ';']).any(|w| w == label);
        assert!(out.lines().any(named), "{label} missing from {out}");
    }
}

#[test]
fn refusals_are_clear() {
    for (target, expected) in [
        ("r7c9<>6", "r7c9<>6 cannot hold: 6 is the solution of r7c9"),
        ("r7c9=3", "r7c9=3 cannot hold: the solution of r7c9 is 6"),
        ("r1c5<>1", "r1c5 already holds 1"),
        ("r1c1<>4", "4 is not a candidate of r1c1"),
        ("r0c9<>3", "malformed target"),
        ("nonsense", "malformed target"),
    ] {
        let (code, stdout, stderr) = sudolink(&["explain", &ocean1(), "--target", target]);
        assert_ne!(code, 0, "{target}");
        assert!(stdout.is_empty());
        assert!(!stderr.contains("panicked"));
        assert!(stderr.contains(expected), "{target}: {stderr}");
    }
}

#[test]
fn json_lists_every_family() {
    let out = explained_r7c9_not_3(&["--max-len", "4", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let fams = v["families"].as_array().unwrap();
    // every technique by default (but the opt-in uniqueness rules): the basic rules in one
    // row, every other in its own
    let rows = 1 + sudolink_search::TechniqueId::all()
        .filter(|t| !t.is_basic() && !t.by_name_only())
        .count();
    assert_eq!(fams.len(), rows);
    assert_eq!(v["target"], "r7c9<>3");
    assert!(v["simplest"]["text"]
        .as_str()
        .unwrap()
        .contains("swordfish"));
    let nrc = fams.iter().find(|f| f["family"] == "nrc").unwrap();
    assert_eq!(nrc["length"], 3);
    assert_eq!(nrc["proof"]["family"], "nrc");
    // the answer first in the JSON too: the question, then the simplest proof, the others,
    // what found nothing, and only then every row in full
    let keys: Vec<usize> = [
        "\"schema\"",
        "\"target\"",
        "\"kind\"",
        "\"simplest\"",
        "\"others\"",
        "\"nothing_found\"",
        "\"composite\"",
        "\"families\"",
        "\"puzzle\"",
        "\"state\"",
    ]
    .iter()
    .map(|k| {
        out.find(&format!("\n  {k}: "))
            .unwrap_or_else(|| panic!("no top-level {k}"))
    })
    .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
    assert_eq!(v["simplest"]["families"], serde_json::json!(["basic"]));
    let hxy = v["others"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["families"][0] == "hxy-rn")
        .unwrap();
    assert_eq!(
        hxy["families"],
        serde_json::json!(["hxy-rn", "hxyt-rn", "hxyz-rn", "hxyzt-rn"])
    );
    // one length on the scale for the group (the four techniques' one step)
    assert_eq!(hxy["length"], serde_json::json!(3));
    assert_eq!(v["nothing_found"]["none_up_to"][0]["length"], 4);
    let narrowed = explained_r7c9_not_3(&["--families", "nrc,whip", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&narrowed).unwrap();
    assert_eq!(v["families"].as_array().unwrap().len(), 2);
}

#[test]
fn all_and_next() {
    let all = ok(&["explain", &ocean1(), "--all", "--max-len", "3"]);
    assert!(all.starts_with("basic: 14 elimination(s)"), "{all}");
    assert!(all.contains("r7c9<>3"));
    let next: serde_json::Value =
        serde_json::from_str(&ok(&["explain", &ocean1(), "--next", "--json"])).unwrap();
    assert_eq!(next["family"], "fish");
    assert!(next["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(!next["highlights"].as_array().unwrap().is_empty());
}

#[test]
fn export_writes_picture_graph_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    explained_r7c9_not_3(&[
        "--max-len",
        "4",
        "--families",
        "basic,nrc,whip",
        "--export",
        out,
    ]);
    for name in ["basic-r7c9-not-3", "nrc-r7c9-not-3", "whip-r7c9-not-3"] {
        let at = |ext: &str| dir.path().join(format!("{name}.{ext}"));
        let svg = std::fs::read_to_string(at("svg")).unwrap();
        resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).expect("valid SVG");
        let png = std::fs::read(at("png")).unwrap();
        resvg::tiny_skia::Pixmap::decode_png(&png).expect("PNG decodes");
        let dot = std::fs::read_to_string(at("dot")).unwrap();
        graphviz_rust::parse(&dot).expect("DOT parses back");
        let txt = std::fs::read_to_string(at("txt")).unwrap();
        assert!(txt.contains("[code]") && txt.contains("[/code]"));
        // each text under the name of its notation: a whip is SudoRules', not nrc
        let heading = if name.starts_with("whip") {
            "SudoRules notation:"
        } else {
            "nrc notation:"
        };
        assert!(txt.starts_with(heading), "{txt}");
        assert_eq!(txt.matches("SudoRules notation:").count(), 1, "{txt}");
        if std::process::Command::new("dot").arg("-V").output().is_ok() {
            assert!(std::fs::read_to_string(at("graph.svg"))
                .unwrap()
                .contains("<svg"));
        }
    }
    let nrc_txt = std::fs::read_to_string(dir.path().join("nrc-r7c9-not-3.txt")).unwrap();
    assert!(nrc_txt.contains("Eureka/AIC notation:"), "{nrc_txt}");
    let dot = std::fs::read_to_string(dir.path().join("nrc-r7c9-not-3.dot")).unwrap();
    assert!(dot.contains("dashed") && dot.contains("solid"));
    insta::assert_snapshot!("export_nrc_r7c9_not_3_txt", nrc_txt);
    insta::assert_snapshot!("export_nrc_r7c9_not_3_dot", dot);
    // no temporary files left
    assert!(std::fs::read_dir(dir.path()).unwrap().all(|e| !e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .contains(".tmp")));
}

/// Issue 17 part 0: `--export` names every file it wrote, `--size` sets the pictures'
/// width, the graph is labelled with the rule and its length and links the target; with no
/// proof it says so and writes nothing; a nonsense size is refused naming the range.
#[test]
fn export_prints_each_path_sizes_pictures_and_refuses_nonsense() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let (code, _, err) = explain_r7c9_not_3(&[
        "--max-len",
        "4",
        "--families",
        "whip",
        "--export",
        out.to_str().unwrap(),
        "--size",
        "300",
    ]);
    assert_eq!(code, 0, "{err}");
    let written: Vec<&str> = err
        .lines()
        .filter_map(|l| l.strip_prefix("wrote "))
        .collect();
    assert!(written.len() >= 4, "{err}");
    for path in &written {
        assert!(std::path::Path::new(path).is_file(), "{path} missing");
    }
    let at = |ext: &str| out.join(format!("whip-r7c9-not-3.{ext}"));
    let svg = std::fs::read_to_string(at("svg")).unwrap();
    assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="300" "#));
    assert!(svg.contains(">link order</text>"), "legend missing");
    let png = resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(at("png")).unwrap()).unwrap();
    assert_eq!(png.width(), 300);
    let dot = std::fs::read_to_string(at("dot")).unwrap();
    assert!(dot.contains(r#"label="whip[3]""#), "{dot}");
    assert!(
        dot.contains(r#""n3r7c9" -> "#),
        "the target is not linked: {dot}"
    );

    let none = dir.path().join("none");
    let (code, stdout, err) = explain_r7c9_not_3(&[
        "--max-len",
        "1",
        "--families",
        "nrc",
        "--export",
        none.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("simplest: none"), "{stdout}");
    assert!(err.contains("no proof found: nothing written"), "{err}");
    assert!(!none.exists());

    for bad in ["50", "99999", "wide"] {
        let (code, _, err) =
            explain_r7c9_not_3(&["--export", none.to_str().unwrap(), "--size", bad]);
        assert_ne!(code, 0);
        assert!(err.contains("from 200 to 4000"), "{bad}: {err}");
        assert!(!none.exists());
    }
}

/// The length of the proof on `label`'s line of an explanation (`nrczt6-chain` → 6).
fn row_length(out: &str, label: &str) -> usize {
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some(label))
        .unwrap_or_else(|| panic!("no line for {label} in {out}"));
    let name = line.split_whitespace().nth(1).expect("a proof");
    let digits: String = name
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no length in {line}"))
}

#[test]
fn a_target_is_explained_by_an_exact_chain_search() {
    // tests/fixtures/nrczt_capped_state.txt: a search keeping at most 4 partial chains per
    // last right-linking candidate and set of right-linking candidates (what `solve`,
    // `rate` and `classify` do) finds no nrczt-chain for r7c8<>4 up to length 6 there;
    // explain searches every partial chain, so every nrct-chain, being an nrczt-chain,
    // bounds the nrczt row
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/nrczt_capped_state.txt"
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let out = ok(&[
        "explain",
        lines[0],
        "--state",
        lines[1],
        "--target",
        "r7c8<>4",
        "--families",
        "nrct,nrczt,whip",
        "--max-len",
        "6",
        "--verbose",
    ]);
    assert_eq!(row_length(&out, "nrct"), 6, "{out}");
    assert!(row_length(&out, "nrczt") <= 6, "{out}");
    assert!(
        row_length(&out, "whip") <= row_length(&out, "nrczt"),
        "{out}"
    );
}

/// Issue 38: `--parts` also draws each branch of a force chain alone (the picture's
/// legend says which), and nothing more for a proof drawn whole; it needs --export.
#[test]
fn export_parts_draws_each_branch_alone() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let out_arg = out.to_str().unwrap();
    let args = [
        "explain",
        "--target",
        "r1c2<>8",
        "--families",
        "force-cell-groups,nrc",
        "--export",
        out_arg,
        "--parts",
    ];
    let (code, _, err) = sudolink(&args);
    assert_eq!(code, 0, "{err}");
    for k in 1..=3 {
        let at = |ext: &str| out.join(format!("force-cell-groups-r1c2-not-8.part-{k}.{ext}"));
        let svg = std::fs::read_to_string(at("svg")).unwrap();
        assert!(
            svg.contains(&format!(">shown: branch {k} of 3: ")),
            "part {k}"
        );
        resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(at("png")).unwrap()).unwrap();
        assert!(err.contains(&format!("part-{k}.png")), "{err}");
    }
    assert!(!out.join("force-cell-groups-r1c2-not-8.part-4.svg").exists());
    // a chain is drawn whole only
    assert!(out.join("nrc-r1c2-not-8.svg").exists());
    assert!(!out.join("nrc-r1c2-not-8.part-1.svg").exists());
    let (code, _, err) = sudolink(&["explain", "--target", "r1c2<>8", "--parts"]);
    assert_ne!(code, 0);
    assert!(err.contains("--export"), "{err}");
}

/// Issue 55: no list of every name in `--help` (`explain --help` had a line of 3,400
/// characters, `solve --help` one of 5,200); `--list` prints the names a flag takes, and
/// `sudolink --help` groups the commands by what they are for.
#[test]
fn help_is_short_and_names_move_behind_list() {
    for command in ["explain", "solve"] {
        let help = ok(&[command, "--help"]);
        let longest = help.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(longest < 400, "{command} --help has a line of {longest}");
        assert!(help.contains("--list"), "{help}");
        assert!(!help.contains("force-net-contradiction-groups"), "{help}");
        let list = ok(&[command, "--list"]);
        assert!(list.starts_with("Sets (a set stands for every technique it lists):\n"));
        assert!(list.contains("\n  fish-hodoku = "), "{list}");
        for t in sudolink_search::TechniqueId::all() {
            assert!(
                list.contains(&format!("\n  {}\n", t.name())),
                "{}",
                t.name()
            );
        }
    }
    let help = ok(&["--help"]);
    let mut at = 0;
    for heading in [
        "Explaining:",
        "Studying:",
        "Exporting:",
        "Serving:",
        "Developer tools:",
    ] {
        let i = help[at..]
            .find(&format!("\n{heading}\n"))
            .unwrap_or_else(|| panic!("no {heading} after the previous group: {help}"));
        at += i + 1;
    }
    assert!(!help.contains("Other:"), "a command has no group: {help}");
    assert!(help.contains("\n  explain     "), "{help}");
    assert!(help.contains("\n  bench       "), "{help}");
}

/// `--export` writes the simplest proof's files; every technique's only when asked
/// (`--every-proof`), not 43 techniques × 5 formats by default.
#[test]
fn export_writes_the_simplest_proof_unless_every_proof_is_asked() {
    let files_of = |extra: &[&str]| {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec!["explain", "--target", "r8c8<>6", "--export"];
        args.push(dir.path().to_str().unwrap());
        args.extend_from_slice(extra);
        common::ok(&args);
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let simplest = files_of(&[]);
    let labels: std::collections::BTreeSet<&str> = simplest
        .iter()
        .map(|n| n.split("-r8c8").next().unwrap())
        .collect();
    assert_eq!(labels.len(), 1, "{simplest:?}");
    assert!(simplest.iter().any(|n| n.ends_with(".svg")), "{simplest:?}");
    let every = files_of(&["--every-proof"]);
    assert!(every.len() > 5 * simplest.len(), "{} files", every.len());
    assert!(simplest.iter().all(|n| every.contains(n)), "{simplest:?}");
}
