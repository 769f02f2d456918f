//! The README leads and the guides hold: README.md is under 250 lines and keeps the two
//! set-up commands `.ci/run` relies on; every relative link in README.md, docs/*.md,
//! ARCHITECTURE.md and PERFORMANCE.md resolves to a file of the repository (and an anchor to
//! a heading of it); no document points outside the repository; every citation key links to
//! docs/references.md and is defined there; the README's picture is the output of the
//! command the README shows; docs/explorer.md lists every URL parameter the explorer reads or
//! writes, each with its values and an example.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// README.md and every Markdown file of docs/.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut docs = vec![root.join("README.md")];
    let mut guides: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    guides.sort();
    docs.extend(guides);
    docs
}

/// The lines of a Markdown text outside fenced code blocks, with their line numbers (from 1)
/// and inline code spans removed (a code span may run over the lines of one paragraph).
fn prose_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    let mut in_code = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        if trimmed.is_empty() {
            in_code = false;
        }
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(f), Some(m)) if f == m => fence = None,
            (None, None) => out.push((i + 1, without_code_spans(line, &mut in_code))),
            _ => {}
        }
    }
    out
}

/// `line` without its inline code spans (`like this`); `in_code` says whether the line
/// starts inside one, and is left saying whether it ends inside one.
fn without_code_spans(line: &str, in_code: &mut bool) -> String {
    let mut out = String::new();
    for c in line.chars() {
        if c == '`' {
            *in_code = !*in_code;
        } else if !*in_code {
            out.push(c);
        }
    }
    out
}

/// The targets of inline links and images, `[text](target)` and `![alt](target)`.
fn inline_targets(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        out.push(target.trim_matches(['<', '>']).to_string());
        rest = &after[end.min(after.len())..];
    }
    out
}

/// A reference definition, `[label]: target` at the start of a line (a label holds no
/// brackets).
fn reference_definition(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix('[')?;
    let (label, after) = rest.split_once("]:")?;
    if label.contains(['[', ']']) {
        return None;
    }
    let target = after.split_whitespace().next()?;
    Some((label.to_string(), target.to_string()))
}

/// The labels of reference-style links `[label]` (not `[text](target)`, not a definition,
/// not `[text][label]`'s text part).
fn reference_uses(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    if reference_definition(line).is_some() {
        return out;
    }
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '[' {
            if let Some(len) = chars[i + 1..].iter().position(|&c| c == ']' || c == '[') {
                let close = i + 1 + len;
                if chars[close] == ']' {
                    let next = chars.get(close + 1).copied();
                    let label: String = chars[i + 1..close].iter().collect();
                    let definition = i == 0 && next == Some(':');
                    if !matches!(next, Some('(') | Some('[')) && !definition && !label.is_empty() {
                        out.push(label);
                    }
                    i = close;
                }
            }
        }
        i += 1;
    }
    out
}

/// GitHub's anchor of a heading: lower case, punctuation other than `-` and `_` dropped,
/// spaces turned into `-`; links and emphasis reduced to their text.
fn slug(heading: &str) -> String {
    let text = heading.replace("](", "]\u{0}(");
    // drop the `(target)` of links, keep their text
    let mut plain = String::new();
    let mut skip = false;
    for c in text.chars() {
        match c {
            '\u{0}' => skip = true,
            ')' if skip => skip = false,
            _ if skip => {}
            _ => plain.push(c),
        }
    }
    plain
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (ATX headings outside code blocks), with
/// GitHub's `-1`, `-2` suffixes for repeated ones.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let base = slug(&line[hashes..]);
            let mut anchor = base.clone();
            let mut n = 0;
            while seen.contains(&anchor) {
                n += 1;
                anchor = format!("{base}-{n}");
            }
            seen.insert(anchor);
        }
    }
    seen
}

/// Every link target of a document (inline, image, reference definition), with its line.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose_lines(text) {
        for t in inline_targets(&line) {
            out.push((n, t));
        }
        if let Some((_, t)) = reference_definition(&line) {
            out.push((n, t));
        }
    }
    out
}

fn is_external(target: &str) -> bool {
    ["http://", "https://", "mailto:"]
        .iter()
        .any(|p| target.starts_with(p))
}

#[test]
fn the_readme_is_under_250_lines() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines < 250,
        "README.md has {lines} lines: move detail into docs/"
    );
}

/// The two commands a fresh machine needs, and `.ci/run` calling the README's test command.
#[test]
fn the_readme_keeps_the_two_set_up_commands() {
    let readme = read(&root().join("README.md"));
    for command in ["cargo run --release -- solve", "bash .ci/test"] {
        assert!(
            readme.contains(&format!("```sh\n{command}\n```")),
            "README.md's set-up command `{command}` is missing"
        );
    }
    let ci = read(&root().join(".ci/run"));
    let last = ci
        .lines()
        .rfind(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    assert_eq!(
        last,
        Some("bash .ci/test"),
        ".ci/run ends with the README's test command"
    );
}

#[test]
fn every_relative_link_resolves_inside_the_repository() {
    let root = root();
    let mut broken = Vec::new();
    let top = ["ARCHITECTURE.md", "PERFORMANCE.md"].map(|n| root.join(n));
    for doc in documents().into_iter().chain(top) {
        let text = read(&doc);
        let dir = doc.parent().unwrap();
        let name = doc.strip_prefix(&root).unwrap().display().to_string();
        for (line, target) in link_targets(&text) {
            if is_external(&target) {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                doc.clone()
            } else {
                match dir.join(path).canonicalize() {
                    Ok(f) => f,
                    Err(_) => {
                        broken.push(format!("{name}:{line}: {target}: no such file"));
                        continue;
                    }
                }
            };
            if !file.starts_with(&root) {
                broken.push(format!("{name}:{line}: {target}: outside the repository"));
                continue;
            }
            if let Some(anchor) = anchor {
                let is_markdown = file.extension().is_some_and(|x| x == "md");
                if !is_markdown || !anchors(&read(&file)).contains(anchor) {
                    broken.push(format!("{name}:{line}: {target}: no heading #{anchor}"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn no_document_refers_outside_the_repository() {
    let mut found = Vec::new();
    for doc in documents() {
        let text = read(&doc);
        for (n, line) in text.lines().enumerate() {
            for outside in ["../shared", "/work/", "file://"] {
                if line.contains(outside) {
                    found.push(format!("{}:{}: {outside}", doc.display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A citation `[Berthier NRC]` is a reference-style link to docs/references.md, and the key
/// is one docs/references.md defines (`**[Berthier NRC]**`).
#[test]
fn every_citation_links_to_a_key_of_the_references() {
    let root = root();
    let references = root.join("docs/references.md");
    let keys: BTreeSet<String> = read(&references)
        .split("**[")
        .skip(1)
        .filter_map(|s| s.split_once("]**").map(|(k, _)| k.to_string()))
        .collect();
    assert!(keys.contains("Berthier NRC"), "{keys:?}");
    let mut bad = Vec::new();
    for doc in documents().into_iter().filter(|d| *d != references) {
        let text = read(&doc);
        let lines = prose_lines(&text);
        let defined: Vec<(String, String)> = lines
            .iter()
            .filter_map(|(_, l)| reference_definition(l))
            .collect();
        for (n, line) in &lines {
            for label in reference_uses(line) {
                match defined.iter().find(|(l, _)| l.eq_ignore_ascii_case(&label)) {
                    None => bad.push(format!(
                        "{}:{n}: [{label}] has no definition",
                        doc.display()
                    )),
                    Some((_, target)) => {
                        let file = doc.parent().unwrap().join(target).canonicalize();
                        if file.ok().as_deref() == Some(references.as_path())
                            && !keys.contains(&label)
                        {
                            bad.push(format!(
                                "{}:{n}: [{label}] is not a key of docs/references.md",
                                doc.display()
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The README's picture is what the command its tour shows writes.
#[test]
fn the_readme_picture_is_explains_output() {
    let root = root();
    let readme = read(&root.join("README.md"));
    let command =
        "sudolink explain --path-rules N --at-step 7 --target 'r1c2<>8' --rules nrc --export out/";
    assert!(
        readme.contains(command),
        "the README's tour shows `{command}`"
    );
    assert!(readme.contains("](docs/img/why-r1c2-not-8.svg)"));
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args([
            "explain",
            "--path-rules",
            "N",
            "--at-step",
            "7",
            "--target",
            "r1c2<>8",
            "--rules",
            "nrc",
            "--export",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fresh = read(&dir.path().join("nrc-r1c2-not-8.svg"));
    let committed = read(&root.join("docs/img/why-r1c2-not-8.svg"));
    assert!(
        fresh == committed,
        "docs/img/why-r1c2-not-8.svg is not the command's output: copy out/nrc-r1c2-not-8.svg there"
    );
}

#[test]
fn the_link_parser_reads_what_the_guides_write() {
    assert_eq!(
        inline_targets("see [a](docs/a.md#x) and ![b](img/b.svg \"t\")"),
        ["docs/a.md#x", "img/b.svg"]
    );
    assert_eq!(
        reference_definition("[Berthier NRC]: references.md"),
        Some(("Berthier NRC".into(), "references.md".into()))
    );
    assert_eq!(
        reference_uses("as [Berthier NRC] §A4 and [a link](x.md), not [x][y]"),
        ["Berthier NRC", "y"]
    );
    assert_eq!(
        slug(" Berthier's T&E depth and the BxB, BxBB classes"),
        "berthiers-te-depth-and-the-bxb-bxbb-classes"
    );
    assert_eq!(
        slug(" Writing pictures: --export"),
        "writing-pictures---export"
    );
    assert_eq!(
        prose_lines("a `[x]` b\n```sh\n# not a heading [y]\n```\nc"),
        [(1, "a  b".to_string()), (5, "c".to_string())]
    );
    let a = anchors("# One\n## Two\n```\n# no\n```\n## Two\n");
    assert_eq!(
        a,
        ["one", "two", "two-1"]
            .map(String::from)
            .into_iter()
            .collect()
    );
}

/// The explorer's script.
const EXPLORER_SCRIPT: &str = "crates/serve/src/assets/app.js";

/// The URL parameters `script` reads or writes: every string literal given to a `get`,
/// `set`, `has`, `getAll`, `append` or `delete` call (the page's URLSearchParams; a Map
/// keyed by a literal would be counted too, and then fail the test until listed or renamed).
fn page_parameters(script: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for call in [
        ".get(", ".set(", ".has(", ".getAll(", ".append(", ".delete(",
    ] {
        for (at, _) in script.match_indices(call) {
            let rest = script[at + call.len()..].trim_start();
            let Some(rest) = rest.strip_prefix(['"', '\'']) else {
                continue;
            };
            let end = rest.find(['"', '\'']).unwrap_or(rest.len());
            out.insert(rest[..end].to_string());
        }
    }
    out
}

/// The rows of docs/explorer.md's table of URL parameters: each parameter with its cells
/// (what it holds, its values, an example).
fn documented_parameters(doc: &str) -> Vec<(String, Vec<String>)> {
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Links: the URL's parameters"))
        .expect("docs/explorer.md has a section \"Links: the URL's parameters\"");
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<String> = l
                .trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect();
            (cells[0].trim_matches('`').to_string(), cells[1..].to_vec())
        })
        .collect()
}

#[test]
fn every_url_parameter_of_the_explorer_is_documented() {
    let root = root();
    let used = page_parameters(&read(&root.join(EXPLORER_SCRIPT)));
    for known in ["puzzle", "rules", "step", "sel", "why", "links"] {
        assert!(
            used.contains(known),
            "{known} not found among the script's parameters {used:?}: does page_parameters still read app.js?"
        );
    }
    let rows = documented_parameters(&read(&root.join("docs/explorer.md")));
    let documented: BTreeSet<String> = rows.iter().map(|(name, _)| name.clone()).collect();
    let missing: Vec<&String> = used.difference(&documented).collect();
    assert!(
        missing.is_empty(),
        "the explorer reads or writes URL parameters docs/explorer.md does not list: {missing:?}"
    );
    let stale: Vec<&String> = documented.difference(&used).collect();
    assert!(
        stale.is_empty(),
        "docs/explorer.md lists URL parameters the explorer does not use: {stale:?}"
    );
    for (name, cells) in &rows {
        assert!(
            cells.len() == 3 && cells.iter().all(|c| !c.is_empty()),
            "{name}: a row says what it holds, its values and an example: {cells:?}"
        );
        let example = &cells[2];
        assert!(
            example.starts_with("`/?")
                && (example.contains(&format!("?{name}="))
                    || example.contains(&format!("&{name}="))),
            "{name}: the example is a URL with {name}=…: {example}"
        );
    }
}

#[test]
fn the_parameter_reader_finds_calls_with_a_literal() {
    let script = "q.set(\"puzzle\", x); q.get( 'sel' ); m.get(key); new URLSearchParams(s).get(\"maxlen\"); e.setAttribute(\"a\", 1);";
    assert_eq!(
        page_parameters(script),
        ["maxlen", "puzzle", "sel"]
            .map(String::from)
            .into_iter()
            .collect()
    );
}
