//! The committed gallery in exports/ is what `sudolink gallery` writes today: regenerate it
//! into a temporary folder and compare file by file (text files byte for byte; PNGs must
//! decode; graphviz's SVG, which changes between graphviz versions, must parse).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// The files of `dir` (its subfolders, such as exports/explorer/, are not the gallery's).
fn names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn gallery_regenerates_identically() {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("exports");
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args(["gallery", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fresh = names(dir.path());
    let mut expected = names(&committed);
    if Command::new("dot").arg("-V").output().is_err() {
        expected.retain(|n| !n.ends_with(".graph.svg"));
    }
    assert_eq!(
        fresh, expected,
        "the gallery's file set changed: run `sudolink gallery exports/`"
    );
    assert!(fresh.contains("index.md"));
    assert!(fresh
        .iter()
        .any(|n| n.starts_with("eastermonster-r4c8-7") && n.ends_with(".txt")));
    // Sudogen0 #707: its first and longest chains, the nrczt13 chain [Berthier NRC] §A7 names and
    // the chain it writes as a candidate list (step 37)
    for step in [6, 12, 15, 37] {
        let name = format!("sudogen0-707-step{step}.txt");
        assert!(fresh.contains(&name), "{name} missing");
    }
    for name in &fresh {
        let (a, b) = (dir.path().join(name), committed.join(name));
        if name.ends_with(".png") {
            resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&a).unwrap()).expect("PNG decodes");
        } else if name.ends_with(".graph.svg") {
            let svg = std::fs::read_to_string(&a).unwrap();
            resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default())
                .expect("graphviz SVG parses");
        } else {
            assert_eq!(
                std::fs::read_to_string(&a).unwrap(),
                std::fs::read_to_string(&b).unwrap(),
                "{name} differs from exports/: run `sudolink gallery exports/`"
            );
        }
    }
}
