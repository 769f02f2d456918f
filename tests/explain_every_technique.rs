//! One answer to "why?": `explain` runs every technique of the registry by default, grouped
//! by system, shares its limits among them and says where one was cut; it explains
//! placements (every technique that can assert a value, and the composite of eliminations
//! the checker verifies part by part); every command ranks proofs on the one simplest-first
//! scale; and `explain --json` follows its published JSON Schema.

use crate::common;

use common::{ok, start_and_solution, sudolink};
use serde_json::Value;
use std::path::PathBuf;
use sudolink_engine::grid::format::parse_line;
use sudolink_engine::grid::{Candidate, Cell, Conclusion, Digit};
use sudolink_engine::proof::{check, Pattern, Proof};
use sudolink_search::registry::{self, scale_table, System};
use sudolink_search::{Limits, TechniqueId};
use sudolink_study::explain::{
    default_techniques, explain_target, rows_for, NoProof, Options, Simplest,
};

const OCEAN1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("JSON output")
}

fn options(limits: Limits) -> Options {
    Options {
        techniques: default_techniques(),
        max_len: 20,
        g_max_len: None,
        limits,
        // the rows on two lanes: the answers must be those of one
        threads: 2,
    }
}

#[test]
fn by_default_every_technique_answers_grouped_by_system() {
    let v = json(&[
        "explain",
        OCEAN1,
        "--target",
        "r7c9<>3",
        "--max-len",
        "6",
        "--json",
    ]);
    let families = v["families"].as_array().unwrap();
    // every technique but the opt-in uniqueness rules
    let expected = rows_for(
        &TechniqueId::all()
            .filter(|t| !t.by_name_only())
            .collect::<Vec<_>>(),
    );
    let labels: Vec<&str> = families
        .iter()
        .map(|f| f["family"].as_str().unwrap())
        .collect();
    let want: Vec<&str> = expected.iter().map(|r| r.0).collect();
    assert_eq!(
        labels, want,
        "one row per technique (the basic rules together)"
    );
    // the systems come in their order, each row under its own
    let keys: Vec<&str> = System::ALL.iter().map(|s| s.key()).collect();
    let order: Vec<usize> = families
        .iter()
        .map(|f| {
            let k = f["system"].as_str().unwrap();
            keys.iter().position(|x| *x == k).unwrap()
        })
        .collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
    // every system with a technique asked by default (trial and error is asked by name)
    for s in System::ALL {
        let asked = TechniqueId::all().any(|t| t.system() == s && !t.by_name_only());
        assert_eq!(
            order.contains(&keys.iter().position(|k| *k == s.key()).unwrap()),
            asked,
            "{s:?}"
        );
    }
    // Assistant and force families answer too (the issue's complaint), and tagging and
    // Medusa at their lengths on the scale (here above 6)
    for name in ["aic", "force-house"] {
        let row = families.iter().find(|f| f["family"] == name).unwrap();
        assert_eq!(row["status"], "proof", "{name}: {row}");
    }
    let long = json(&[
        "explain",
        OCEAN1,
        "--target",
        "r7c9<>3",
        "--rules",
        "tag2,medusa",
        "--max-len",
        "60",
        "--timeout",
        "0",
        "--json",
    ]);
    for row in long["families"].as_array().unwrap() {
        assert_eq!(row["status"], "proof", "{row}");
        assert!(row["length"].as_u64().unwrap() > 6, "{row}");
    }
    // the simplest is ranked on the scale: the swordfish (size 3) of the basic rules, before
    // grid analysis' same swordfish
    assert_eq!(v["simplest"]["family"], "basic");
    assert_eq!(v["simplest"]["length"], 3);
    // --verbose groups the rows under system headings (trial and error, asked by name only,
    // has none)
    let text = ok(&[
        "explain",
        OCEAN1,
        "--target",
        "r7c9<>3",
        "--max-len",
        "6",
        "--verbose",
    ]);
    for s in System::ALL {
        let asked = TechniqueId::all().any(|t| t.system() == s && !t.by_name_only());
        assert_eq!(
            text.contains(&format!("[{}]", s.title())),
            asked,
            "{}",
            s.title()
        );
    }
}

#[test]
fn a_family_cut_by_its_share_of_the_limits_says_so() {
    // a budget of one partial chain shared among ~70 rows: the graded families stop
    let v = json(&[
        "explain", OCEAN1, "--target", "r7c9<>3", "--budget", "1", "--json",
    ]);
    let families = v["families"].as_array().unwrap();
    assert_eq!(families.len(), rows_for(&default_techniques()).len());
    let cut: Vec<&Value> = families
        .iter()
        .filter(|f| f["status"] == "not_searched")
        .collect();
    assert!(!cut.is_empty());
    for f in cut {
        assert!(
            f["not_searched"].as_str().unwrap().contains("budget"),
            "{f}"
        );
    }
    let text = ok(&["explain", OCEAN1, "--target", "r7c9<>3", "--budget", "1"]);
    assert!(text.contains("not searched"), "{text}");
}

/// Ocean #1's start: r1c1=6 is no single; the composite answers it.
#[test]
fn a_placement_is_explained_by_a_composite_of_eliminations() {
    let p = parse_line(OCEAN1, 1).unwrap();
    let (state, solution) = start_and_solution(&p);
    let z = Candidate::new(Cell::at(0, 0), Digit::new(6).unwrap());
    let conclusion: Conclusion = "r1c1=6".parse().unwrap();
    let report = explain_target(
        &state,
        conclusion,
        Some(&solution),
        &options(Limits::unlimited()),
    )
    .unwrap();
    // techniques that only eliminate say so; the others searched
    for r in &report.rows {
        let places = r.techniques.iter().any(|t| t.may_place());
        assert_eq!(r.none == NoProof::OnlyEliminates, !places, "{}", r.label);
    }
    let composite = report
        .composite
        .clone()
        .unwrap()
        .expect("a composite proof");
    assert_eq!(composite.assertions, vec![z]);
    check(&state, &composite).unwrap();
    let Pattern::Composite(c) = &composite.pattern else {
        panic!("not a composite")
    };
    // its length is its longest part's, its place on the scale its hardest part's
    assert_eq!(
        composite.length,
        c.parts.iter().map(|p| p.length).max().unwrap()
    );
    assert_eq!(
        registry::place(&composite),
        c.parts.iter().map(registry::place).max().unwrap()
    );
    assert_eq!(report.simplest, Some(Simplest::Composite));
    // every part holds and eliminates a false candidate
    for part in &c.parts {
        check(&state, part).unwrap();
        for e in &part.eliminations {
            assert_ne!(solution[e.cell().index()], e.digit().get());
        }
    }
    // the checker refuses a tampered composite: a part dropped, a part that does not hold,
    // a different placement
    let tampered = |edit: &dyn Fn(&mut sudolink_engine::proof::composite::CompositePattern)| {
        let mut c2 = (**c).clone();
        edit(&mut c2);
        let placement = c2.placement;
        Proof::new(Pattern::Composite(Box::new(c2)), vec![], vec![placement])
    };
    let dropped = tampered(&|c| {
        c.parts.pop();
    });
    assert!(check(&state, &dropped).is_err());
    let broken = tampered(&|c| {
        let first = &mut c.parts[0];
        let extra = state
            .candidates()
            .iter()
            .find(|x| {
                !first.eliminations.contains(x) && solution[x.cell().index()] == x.digit().get()
            })
            .unwrap();
        first.eliminations.push(extra);
    });
    let err = check(&state, &broken).unwrap_err().to_string();
    assert!(err.contains("part 1"), "{err}");
    let moved = tampered(&|c| {
        c.placement = Candidate::new(Cell::at(0, 0), Digit::new(5).unwrap());
    });
    assert!(check(&state, &moved).is_err());
    // the command line prints it and its JSON follows the schema
    let text = ok(&["explain", OCEAN1, "--target", "r1c1=6", "--timeout", "0"]);
    assert!(text.contains("r1c1=6 because each other"), "{text}");
    assert!(
        text.contains("only eliminate (the composite proof stands for them)"),
        "{text}"
    );
    let v = json(&[
        "explain",
        OCEAN1,
        "--target",
        "r1c1=6",
        "--timeout",
        "0",
        "--json",
    ]);
    assert_eq!(v["kind"], "placement");
    assert_eq!(v["composite"]["status"], "proof");
    assert_eq!(v["simplest"]["family"], "composite");
}

/// A force chain's cell verity asserts a value: on Ocean #1's start, every candidate of a
/// cell forces r9c7=1 (`sudolink force --mode cell --no-basic` lists it).
#[test]
fn a_placement_by_a_force_verity() {
    let v = json(&[
        "explain",
        OCEAN1,
        "--target",
        "r9c7=1",
        "--families",
        "basic,whip,force-cell",
        "--json",
    ]);
    let row = |name: &str| {
        v["families"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["family"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(row("whip")["status"], "only_eliminates");
    let force = row("force-cell");
    assert_eq!(force["status"], "proof", "{force}");
    assert_eq!(force["proof"]["assertions"][0], "r9c7=1");
    assert!(force["text"].as_str().unwrap().contains("r9c7#1 is true"));
}

#[test]
fn every_command_ranks_on_the_one_scale() {
    // solve: the most complex rule is the step of the greatest place on the scale
    let v = json(&["solve", "--rules", "N", "--max-len", "6", "--json"]);
    let steps: Vec<Proof> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| serde_json::from_value(s["proof"]["proof"].clone()).unwrap())
        .collect();
    let hardest = steps.iter().max_by_key(|p| registry::place(p)).unwrap();
    let text = ok(&["solve", "--rules", "N", "--max-len", "6"]);
    let line = text
        .lines()
        .find(|l| l.starts_with("LEVEL = "))
        .expect("level line");
    assert!(
        line.to_lowercase().contains(&hardest.family.to_lowercase())
            || line.to_lowercase().contains(&hardest.rule.to_lowercase()),
        "{line} vs {}",
        hardest.rule
    );
    // rate: the hardest rule is the same step
    let rate = ok(&["rate", "--scheme", "N", "--max-len", "6", "--json", OCEAN1]);
    let r: Value = serde_json::from_str(rate.lines().next().unwrap()).unwrap();
    let label = r["hardest"].as_str().unwrap_or_default().to_string();
    assert!(
        label.starts_with(&hardest.rule),
        "{label} vs {}",
        hardest.rule
    );
    // explain --all lists eliminations from the simplest up, on the scale
    let p = parse_line(OCEAN1, 1).unwrap();
    let (state, solution) = start_and_solution(&p);
    let options = Options {
        max_len: 3,
        ..options(Limits::unlimited())
    };
    let all = sudolink_study::explain::explain_all(&state, Some(&solution), &options, &mut |_| {})
        .unwrap();
    let places: Vec<registry::Place> = all.eliminations.iter().map(|e| e.place).collect();
    assert!(
        !places.is_empty() && places.windows(2).all(|w| w[0] <= w[1]),
        "{places:?}"
    );
    for e in &all.eliminations {
        assert_eq!(e.place, registry::place(&e.proof));
    }
}

/// docs/techniques.md holds the registry's table exactly, and `sudolink techniques` prints it.
#[test]
fn the_techniques_guide_prints_the_registrys_scale_table() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/techniques.md"))
        .unwrap();
    assert!(
        guide.contains(&scale_table()),
        "docs/techniques.md's technique table differs from `sudolink techniques`: paste its output"
    );
    assert_eq!(ok(&["techniques"]), scale_table());
}

/// The JSON of one target follows the published schema (validated by Python's
/// jsonschema in the notebooks' venv).
#[test]
fn explain_json_follows_its_schema() {
    let python = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
    let has_validator = python.exists()
        && std::process::Command::new(&python)
            .args(["-c", "import jsonschema"])
            .status()
            .is_ok_and(|s| s.success());
    if !has_validator {
        if std::env::var("SUDOLINK_REQUIRE_TOOLS").as_deref() == Ok("1") {
            panic!("the notebooks' Python with jsonschema is required (SUDOLINK_REQUIRE_TOOLS=1) but missing");
        }
        eprintln!("skipped: no .venv/bin/python with jsonschema (run .ci/test)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("schema.json");
    std::fs::write(&schema, ok(&["explain", "--json-schema"])).unwrap();
    let outputs = [
        ok(&[
            "explain",
            OCEAN1,
            "--target",
            "r7c9<>3",
            "--max-len",
            "6",
            "--json",
        ]),
        ok(&["explain", OCEAN1, "--target", "r1c1=6", "--json"]),
        ok(&[
            "explain", OCEAN1, "--target", "r7c9<>3", "--budget", "1", "--json",
        ]),
        ok(&[
            "explain",
            OCEAN1,
            "--target",
            "r1c1=6",
            "--families",
            "xy",
            "--json",
        ]),
        // Sudoku Explainer's producers, their own system
        ok(&[
            "explain",
            OCEAN1,
            "--target",
            "r7c9<>3",
            "--techniques",
            "se-swordfish,se-forcing-chains",
            "--json",
        ]),
    ];
    for (i, out) in outputs.iter().enumerate() {
        let file = dir.path().join(format!("out{i}.json"));
        std::fs::write(&file, out).unwrap();
        let status = std::process::Command::new(&python)
            .args([
                "-c",
                "import json,sys,jsonschema; s=json.load(open(sys.argv[1])); \
                 jsonschema.Draft202012Validator.check_schema(s); \
                 jsonschema.validate(json.load(open(sys.argv[2])), s, cls=jsonschema.Draft202012Validator)",
                schema.to_str().unwrap(),
                file.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert!(
            status.status.success(),
            "output {i} does not follow the schema: {}",
            String::from_utf8_lossy(&status.stderr)
        );
    }
    // a document that breaks the schema is refused (the validator runs for real)
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{"schema": "sudolink-explain/1", "target": "r1c1<>0"}"#,
    )
    .unwrap();
    let refused = std::process::Command::new(&python)
        .args([
            "-c",
            "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))",
            schema.to_str().unwrap(),
            bad.to_str().unwrap(),
        ])
        .status()
        .unwrap();
    assert!(!refused.success());
}

#[test]
fn bad_targets_and_families_are_refused_in_one_line() {
    for (args, words) in [
        (vec!["--target", "r1c1=7"], "solution of r1c1 is 6"),
        (vec!["--target", "r5c1=3"], "already holds"),
        (vec!["--target", "r1c1=6", "--families", "zebra"], "zebra"),
    ] {
        let mut all = vec!["explain", OCEAN1];
        all.extend(args);
        let (code, _, err) = sudolink(&all);
        assert_ne!(code, 0);
        assert!(err.contains(words), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}
