//! Exporting one proof for a forum post: the grid picture (SVG), its PNG (resvg), the chain
//! as DOT and the text (nrc, SudoRules and Eureka notations and the forum block) — what
//! `export::files::write_proof` writes, without graphviz's `dot` (an external process, timed
//! by nobody here). Two of [Berthier NRC]'s longest chains: EasterMonster with r4c8=7's nrczt25
//! chain and top1465 #3's nrczt28 lr-lasso, each on the state its path reaches. Target: under
//! 100 ms per proof (about 62 ms on this machine; the PNG is 54 ms of it).
//!
//! Each proof is timed in memory (building the four outputs) and written to files (the same,
//! each written atomically into a temporary folder).
//!
//! Needs `[[bench]] name = "export" harness = false` in Cargo.toml.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use sudolink_engine::grid::format::parse_collection;
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;
use sudolink_engine::solver::count_solutions;
use sudolink_export::files::{proof_text, write_atomically};
use sudolink_export::{diagram, dot, svg};
use sudolink_study::path::replay;

fn repo_file(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The state before step `step` (1-based) of a seed path and that step's proof.
fn seed_step(puzzle: &str, fixture: &str, step: usize) -> (State, Proof) {
    let puzzles = repo_file("data/named_puzzles.txt");
    let found = parse_collection(&puzzles)
        .map(|(_, p)| p.expect("named puzzle parses"))
        .find(|p| p.name.as_deref() == Some(puzzle))
        .expect("named puzzle");
    let start = found.start_state().unwrap();
    let solution = count_solutions(&start, 2).solution;
    let path = repo_file(&format!("tests/fixtures/seed_paths/{fixture}"));
    let r = replay(&start, &path, solution.as_ref()).expect("the path holds");
    let s = &r.steps[step - 1];
    (s.state_before.clone(), s.proof.clone().expect("a proof"))
}

/// The four outputs in memory: SVG, PNG, DOT, text.
fn export_in_memory(state: &State, proof: &Proof) -> (String, Vec<u8>, String, String) {
    let d = diagram::from_proof(state, proof);
    let picture = d.to_svg();
    let png = d.to_png().expect("PNG");
    let dot_text = dot::print(&dot::proof_graph(&d));
    (picture, png, dot_text, proof_text(state, proof))
}

/// The same, each written atomically into `dir` as `write_proof` does (without graphviz).
fn export_to_files(dir: &Path, state: &State, proof: &Proof) {
    let (picture, png, dot_text, text) = export_in_memory(state, proof);
    write_atomically(&dir.join("p.svg"), picture.as_bytes()).unwrap();
    write_atomically(&dir.join("p.png"), &png).unwrap();
    write_atomically(&dir.join("p.dot"), dot_text.as_bytes()).unwrap();
    write_atomically(&dir.join("p.txt"), text.as_bytes()).unwrap();
}

fn export(c: &mut Criterion) {
    let cases = [
        (
            "EasterMonster r4c8=7 nrczt25 chain",
            seed_step("eastermonster-r4c8-7", "eastermonster-r4c8-7.path", 3),
        ),
        (
            "top1465 #3 nrczt28 lr-lasso",
            seed_step("top1465-3", "top1465-3.path", 11),
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut g = c.benchmark_group("export one proof (svg + png + dot + text)");
    g.sample_size(20);
    for (name, (state, proof)) in &cases {
        assert!(proof.length >= 25, "{name}: {}", proof.rule);
        g.bench_function(format!("{name}, in memory"), |b| {
            b.iter(|| export_in_memory(state, proof))
        });
        g.bench_function(format!("{name}, to files"), |b| {
            b.iter(|| export_to_files(dir.path(), state, proof))
        });
    }
    g.finish();

    // where the time goes, on the longer proof
    let (state, proof) = &cases[1].1;
    let d = diagram::from_proof(state, proof);
    let picture = d.to_svg();
    let mut g = c.benchmark_group("export parts (top1465 #3 nrczt28 lr-lasso)");
    g.sample_size(20);
    g.bench_function("diagram + SVG", |b| {
        b.iter(|| diagram::from_proof(state, proof).to_svg())
    });
    g.bench_function(
        "PNG (Diagram::to_png, digits from outlines laid out once)",
        |b| b.iter(|| d.to_png().unwrap()),
    );
    g.bench_function("  the same PNG from the SVG's text (svg_to_png)", |b| {
        b.iter(|| svg::svg_to_png(&picture).unwrap())
    });
    let options = resvg::usvg::Options {
        fontdb: {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            std::sync::Arc::new(db)
        },
        ..Default::default()
    };
    let tree = resvg::usvg::Tree::from_str(&picture, &options).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    g.bench_function("  of which rendering", |b| {
        b.iter(|| {
            pixmap.fill(resvg::tiny_skia::Color::TRANSPARENT);
            resvg::render(
                &tree,
                resvg::tiny_skia::Transform::default(),
                &mut pixmap.as_mut(),
            )
        })
    });
    g.bench_function("  of which PNG encoding", |b| {
        b.iter(|| pixmap.encode_png().unwrap())
    });
    g.bench_function("DOT", |b| b.iter(|| dot::print(&dot::proof_graph(&d))));
    g.bench_function("text", |b| b.iter(|| proof_text(state, proof)));
    g.finish();
}

criterion_group!(benches, export);
criterion_main!(benches);
