//! ARCHITECTURE.md's checkable claims: the crates depend only downwards (the checker's crate
//! on no search), each outside library is known by the one crate ARCHITECTURE.md names,
//! the front end asks the searches only through the registry and the bounds, `grid` and
//! `graph` import nothing above them, no function is over 150 lines, and the map itself is
//! at most 250 lines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each package's manifest: `sudolink` (the root, the binary) and every crate under
/// `crates/`, by package name.
fn manifests() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    out.insert("sudolink".to_string(), read(&root().join("Cargo.toml")));
    for e in std::fs::read_dir(root().join("crates")).unwrap() {
        let path = e.unwrap().path().join("Cargo.toml");
        let text = read(&path);
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_string())
            .unwrap_or_else(|| panic!("{} names no package", path.display()));
        out.insert(name, text);
    }
    out
}

/// The names under a manifest's `[dependencies]` (normal dependencies, optional ones
/// included; not dev- or build-dependencies).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            let name: String = line
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

/// Each crate's own crates below it: the layering of ARCHITECTURE.md, grid → graph →
/// search → proof → notation/export/store → study → cli/serve, as crates.
const LAYERS: &[(&str, &[&str])] = &[
    ("sudolink-engine", &[]),
    ("sudolink-search", &["sudolink-engine"]),
    ("sudolink-notation", &["sudolink-engine"]),
    ("sudolink-export", &["sudolink-engine", "sudolink-notation"]),
    ("sudolink-store", &["sudolink-engine"]),
    (
        "sudolink-study",
        &[
            "sudolink-engine",
            "sudolink-search",
            "sudolink-notation",
            "sudolink-store",
        ],
    ),
    (
        "sudolink-serve",
        &[
            "sudolink-engine",
            "sudolink-search",
            "sudolink-notation",
            "sudolink-export",
            "sudolink-store",
            "sudolink-study",
        ],
    ),
    (
        "sudolink-python",
        &[
            "sudolink-engine",
            "sudolink-search",
            "sudolink-notation",
            "sudolink-export",
            "sudolink-study",
        ],
    ),
    (
        "sudolink",
        &[
            "sudolink-engine",
            "sudolink-search",
            "sudolink-notation",
            "sudolink-export",
            "sudolink-store",
            "sudolink-study",
            "sudolink-serve",
        ],
    ),
];

#[test]
fn the_crates_depend_only_downwards() {
    let manifests = manifests();
    let layers: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    assert_eq!(
        manifests.keys().map(String::as_str).collect::<Vec<_>>(),
        layers.keys().copied().collect::<Vec<_>>(),
        "every crate has its place in LAYERS and ARCHITECTURE.md"
    );
    for (name, manifest) in &manifests {
        for dep in dependencies(manifest) {
            if dep.starts_with("sudolink") {
                assert!(
                    layers[name.as_str()].contains(&dep.as_str()),
                    "{name} depends on {dep}, which is not below it"
                );
            }
        }
    }
}

/// The outside libraries one crate alone may know: the command line's parser and error
/// type, the server's runtime, SQLite, the PNG renderer, graphviz and Python's bindings.
const KNOWN_BY_ONE: &[(&str, &str)] = &[
    ("clap", "sudolink"),
    ("anyhow", "sudolink"),
    ("indicatif", "sudolink"),
    ("comfy-table", "sudolink"),
    ("mimalloc", "sudolink"),
    ("axum", "sudolink-serve"),
    ("tokio", "sudolink-serve"),
    ("hyper", "sudolink-serve"),
    ("hyper-util", "sudolink-serve"),
    ("rusqlite", "sudolink-store"),
    ("resvg", "sudolink-export"),
    ("graphviz-rust", "sudolink-export"),
    ("pyo3", "sudolink-python"),
];

#[test]
fn each_outside_library_is_known_by_one_crate() {
    for (name, manifest) in manifests() {
        for dep in dependencies(&manifest) {
            if let Some((_, owner)) = KNOWN_BY_ONE.iter().find(|(lib, _)| *lib == dep) {
                assert_eq!(&name, owner, "{name} depends on {dep}");
            }
        }
    }
}

/// The Python package needs neither SQLite nor the PNG renderer: it takes the study and
/// export crates without their default features (`store`, `png`), so the wheel holds
/// neither (Cargo ignores `default-features = false` on a workspace entry: a path it is).
#[test]
fn the_python_package_takes_no_sqlite_and_no_png() {
    let manifests = manifests();
    let python = &manifests["sudolink-python"];
    for dep in ["sudolink-study", "sudolink-export"] {
        let line = python
            .lines()
            .find(|l| l.starts_with(&format!("{dep} ")))
            .unwrap_or_else(|| panic!("sudolink-python depends on {dep}"));
        assert!(
            line.contains("default-features = false") && line.contains("path ="),
            "{line}"
        );
    }
    for (lib, feature) in [("sudolink-study", "store"), ("sudolink-export", "png")] {
        assert!(
            manifests[lib].contains(&format!("default = [\"{feature}\"]")),
            "{lib} has the default feature {feature}"
        );
    }
}

/// Every `.rs` file under `dir` (relative to the repository), with its text.
fn sources(dir: &str) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![root().join(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = read(&p);
                out.push((p, text));
            }
        }
    }
    assert!(!out.is_empty(), "{dir} has sources");
    out
}

/// The paths `prefix` names in `text` (`crate::grid`, `sudolink_search::registry`): the
/// word after `prefix`, and after a `{` the first word of each item of the braces.
fn paths_after(text: &str, prefix: &str) -> Vec<String> {
    let word = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (i, _) in text.match_indices(prefix) {
        let rest = &text[i + prefix.len()..];
        if let Some(inner) = rest.strip_prefix('{') {
            // each top-level item of the braces (up to the matching one): its first word
            let mut depth = 0;
            let mut item = String::new();
            for c in inner.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(word(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            out.push(word(&item));
        } else {
            out.push(word(rest));
        }
    }
    out.retain(|w| !w.is_empty());
    out
}

#[test]
fn the_path_reader_reads_braces_and_plain_paths() {
    let text =
        "use crate::grid::State;\nuse crate::{graph::LinkIndex, proof::{Proof, check}, search};";
    assert_eq!(
        paths_after(text, "crate::"),
        ["grid", "graph", "proof", "search"]
    );
}

/// Inside the engine, `grid` imports nothing else of it and `graph` only `grid`; the
/// command line asks the searches only through the registry and the bounds.
#[test]
fn the_architecture_s_checkable_absences_hold() {
    let architecture = read(&root().join("ARCHITECTURE.md"));
    assert!(architecture.contains("`cli` nothing from `sudolink-search` but the registry"));
    let mut wrong = Vec::new();
    let mut check = |dir: &str, prefix: &str, allowed: &[&str]| {
        for (path, text) in sources(dir) {
            for module in paths_after(&text, prefix) {
                if !allowed.contains(&module.as_str()) {
                    wrong.push(format!("{}: {prefix}{module}", path.display()));
                }
            }
        }
    };
    check("crates/engine/src/grid", "crate::", &["grid"]);
    check("crates/engine/src/graph", "crate::", &["grid", "graph"]);
    check(
        "src/cli",
        "sudolink_search::",
        &["registry", "limits", "TechniqueId"],
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_map_is_at_most_250_lines() {
    let lines = read(&root().join("ARCHITECTURE.md")).lines().count();
    assert!(lines <= 250, "ARCHITECTURE.md has {lines} lines");
}

/// A Rust line without its string and character literals and comments (a block comment
/// left open is carried in `in_comment`): what is left of its braces is code.
fn code_of(line: &str, in_comment: &mut bool) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        if *in_comment {
            if chars[i] == '*' && next == Some('/') {
                *in_comment = false;
                i += 1;
            }
        } else if chars[i] == '/' && next == Some('/') {
            break;
        } else if chars[i] == '/' && next == Some('*') {
            *in_comment = true;
            i += 1;
        } else if chars[i] == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
        } else if chars[i] == '\'' && (chars.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // a character literal ('{', '\''), not a lifetime
            let close = chars[i + 2..].iter().position(|&c| c == '\'');
            i += close.map_or(1, |k| k + 2);
        } else {
            out.push(chars[i]);
        }
        i += 1;
    }
    out
}

/// The functions of `text` longer than `max` lines, as (name, first line, lines).
fn long_functions(text: &str, max: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut in_comment = false;
    let code: Vec<String> = lines.iter().map(|l| code_of(l, &mut in_comment)).collect();
    let mut out = Vec::new();
    for (i, line) in code.iter().enumerate() {
        let Some(at) = line.find("fn ") else { continue };
        let before = line[..at].trim();
        let is_item = before.split_whitespace().all(|w| {
            [
                "pub",
                "pub(crate)",
                "pub(super)",
                "const",
                "async",
                "unsafe",
            ]
            .contains(&w)
        });
        if !is_item {
            continue;
        }
        let name: String = line[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut depth = 0i32;
        let mut opened = false;
        for (j, body) in code.iter().enumerate().skip(i) {
            if !opened && body.contains(';') && !body.contains('{') {
                break; // a declaration without a body
            }
            for c in body.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth == 0 {
                if j - i + 1 > max {
                    out.push((name.clone(), i + 1, j - i + 1));
                }
                break;
            }
        }
    }
    out
}

#[test]
fn the_function_reader_measures_a_function() {
    let text =
        "fn a() {\n    let s = \"}\";\n    // }\n}\npub fn b(x: char) -> bool {\n    x == '{'\n}\n";
    assert_eq!(long_functions(text, 3), [("a".to_string(), 1, 4)]);
    assert!(long_functions(text, 4).is_empty());
}

/// No function over 150 lines, in the code and in its tests and benchmarks: a reviewer
/// reads each in one sitting.
#[test]
fn no_function_is_over_150_lines() {
    let mut long = Vec::new();
    for dir in ["crates", "src", "tests", "benches"] {
        for (path, text) in sources(dir) {
            for (name, line, n) in long_functions(&text, 150) {
                long.push(format!("{}:{line} {name}: {n} lines", path.display()));
            }
        }
    }
    assert!(long.is_empty(), "{long:#?}");
}

/// What a private copy of the engine's grid kit looks like in code (comments and strings
/// left out), with what it copies.
fn grid_kit_copy(code: &[String], at: usize) -> Option<&'static str> {
    let line = code[at].as_str();
    let table_types = [
        "[[u8; 9]; 27]",
        "[[u8; 20]; 81]",
        "[[u8; 3]; 81]",
        "[u32; 81]",
        "[u128; 27]",
        "[u128; 81]",
        "[[u16; 4]; 729]",
        "[[u16; 2]; 729]",
    ];
    let declares = line.contains("const ") || line.contains("static ");
    // the type itself, not the row of a larger table (`[[u128; 81]; 3]`)
    let has_type = |t: &str| {
        line.match_indices(t)
            .any(|(i, _)| !line[..i].ends_with('['))
    };
    if declares && table_types.iter().any(|t| has_type(t)) {
        return Some("a geometry table (grid::tables)");
    }
    if line.contains("fn bits(") || line.contains("fn cells_of(") {
        return Some("a bit iterator (grid::bits)");
    }
    let ahead = code[at..(at + 8).min(code.len())].concat();
    if line.contains("iter::from_fn") && ahead.contains("trailing_zeros") {
        return Some("a bit iterator (grid::bits)");
    }
    if line.contains("|= once &") {
        return Some("a once/twice tally of a singles finder (grid::bits::Tally)");
    }
    let block_of_cell = [" / 3) * 3 + ", " / 3 * 3 + "].iter().any(|p| {
        line.find(p).is_some_and(|i| {
            line[i + p.len()..]
                .split(')')
                .next()
                .unwrap()
                .contains(" / 3")
        })
    });
    if block_of_cell || line.contains(" / 27) * 3") {
        return Some("a cell's block computed (grid::tables::cell_houses)");
    }
    None
}

/// Copies kept on purpose: (file, what the line holds, why).
const GRID_KIT_KEPT: [(&str, &str, &str); 1] = [(
    "crates/search/src/ser/grid.rs",
    "HOUSE_CELLS_SE: [[u8; 20]; 81]",
    "SE's getHouseCells order of the peers, built from the engine's tables",
)];

/// One grid kit: bit iteration, the geometry's tables and the singles' tally live in the
/// engine's `grid` (`bits`, `tables`, `singles`); no other module writes its own.
#[test]
fn the_grid_kit_is_written_once() {
    let mut copies = Vec::new();
    let mut kept = Vec::new();
    for dir in ["crates", "src"] {
        for (path, text) in sources(dir) {
            if path.starts_with(root().join("crates/engine/src/grid")) {
                continue;
            }
            let mut in_comment = false;
            let code: Vec<String> = text.lines().map(|l| code_of(l, &mut in_comment)).collect();
            for at in 0..code.len() {
                let Some(what) = grid_kit_copy(&code, at) else {
                    continue;
                };
                let file = path.strip_prefix(root()).unwrap().display().to_string();
                match GRID_KIT_KEPT
                    .iter()
                    .find(|(f, line, _)| *f == file && code[at].contains(line))
                {
                    Some(entry) => kept.push(entry.1),
                    None => copies.push(format!("{file}:{}: {what}", at + 1)),
                }
            }
        }
    }
    assert!(copies.is_empty(), "{copies:#?}");
    assert_eq!(
        kept.len(),
        GRID_KIT_KEPT.len(),
        "a kept copy is gone: {kept:?}"
    );
}

#[test]
fn the_grid_kit_reader_sees_the_copies_it_replaced() {
    let copies = [
        "pub(crate) const HOUSES: [[u8; 9]; 27] = {",
        "static PEERS: std::sync::OnceLock<[[u8; 20]; 81]> = std::sync::OnceLock::new();",
        "pub const PEERS: [u128; 81] = peer_masks();",
        "    static TABLE: OnceLock<Box<[[u16; 4]; 729]>> = OnceLock::new();",
        "fn bits(mut mask: u16) -> impl Iterator<Item = usize> {",
        "pub fn cells_of(mut set: u128) -> impl Iterator<Item = usize> {",
        "                    twice |= once & m;",
        "            RegionType::Block => (r / 3) * 3 + c / 3,",
        "            let (b, in_b) = (r / 3 * 3 + c / 3, r % 3 * 3 + c % 3);",
        "    [c / 9, 9 + c % 9, 18 + (c / 27) * 3 + (c % 9) / 3]",
    ];
    for copy in copies {
        assert!(grid_kit_copy(&[copy.to_string()], 0).is_some(), "{copy}");
    }
    let iterator = [
        "    std::iter::from_fn(move || {",
        "        (mask != 0).then(|| {",
        "            let i = mask.trailing_zeros() as usize;",
    ]
    .map(String::from);
    assert!(grid_kit_copy(&iterator, 0).is_some());
    let fine = [
        "let stack = 0b111u16 << (xc / 3 * 3);",
        "let (r0, c0) = (r / 3 * 3, c / 3 * 3);",
        "    excluders: [u128; 81],",
        "pub const REGION_MASKS: [[u128; 81]; 3] = {",
        "for cell in bits(ons) {",
    ];
    for line in fine {
        assert!(grid_kit_copy(&[line.to_string()], 0).is_none(), "{line}");
    }
}
