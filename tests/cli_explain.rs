//! `sudolink explain`: the shortest proof per family, clear refusals, `--all`, `--next`,
//! and the exported files a forum post needs (SVG, PNG, DOT, text).

mod common;

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

#[test]
fn ocean1_r7c9_not_3_per_family() {
    // [Berthier NRC]: the first step of Ocean #1 is a swordfish that eliminates r7c9 <> 3
    let out = explained_r7c9_not_3(&["--max-len", "6", "--timeout", "0"]);
    assert!(out.starts_with("Why r7c9<>3?\n"));
    let line = |label: &str| {
        out.lines()
            .find(|l| l.split_whitespace().next() == Some(label))
            .unwrap_or_else(|| panic!("no line for {label} in {out}"))
            .to_string()
    };
    assert!(line("basic").contains("swordfish-in-rows n3{r3 r4 r8}{c3 c4 c9}"));
    assert!(line("nrc").contains("nrc3-chain "));
    assert!(line("xy").contains("none up to length 6"));
    assert!(out
        .lines()
        .last()
        .unwrap()
        .starts_with("simplest: swordfish"));
    insta::assert_snapshot!("explain_ocean1_r7c9_not_3", out);
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
    let rows = 1 + sudolink::search::TechniqueId::all()
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
