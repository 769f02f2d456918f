//! Grid pictures: our SVG is valid (usvg parses it), the PNG decodes and shows digits
//! (needs a font: fonts-dejavu-core), and the SVG text is snapshot-tested.

mod common;

use common::{seed_puzzle, start_and_solution};
use sudolink::export::{diagram, svg};
use sudolink::search::basic_rules;
use sudolink::study::resolution::solve;

fn ocean1_first_step() -> svg::Diagram {
    let (start, solution) = start_and_solution(&seed_puzzle("ocean-1"));
    let r = solve(&start, &basic_rules(), Some(&solution)).unwrap();
    diagram::from_proof(&start, &r.steps[0].proof)
}

#[test]
fn svg_of_the_first_swordfish_is_valid_and_stable() {
    let d = ocean1_first_step();
    let text = d.to_svg();
    let tree = resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default())
        .expect("usvg parses our SVG");
    assert!(tree.size().width() > 500.0);
    // four targets struck through (and the legend's sample of one), the fish digit's
    // candidates marked
    assert_eq!(
        text.matches(r##"stroke="#d62728" stroke-width="2"/>"##)
            .count(),
        (4 + 1) * 2
    );
    assert!(text.contains(">eliminated</text>") && text.contains(">pattern</text>"));
    insta::assert_snapshot!("ocean1_swordfish_svg", text);
}

#[test]
fn png_decodes_and_shows_digits() {
    let png = ocean1_first_step().to_png().expect("PNG renders");
    if let Ok(dir) = std::env::var("SUDOLINK_DUMP_DIR") {
        std::fs::write(
            std::path::Path::new(&dir).join("ocean1_swordfish.png"),
            &png,
        )
        .unwrap();
    }
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).expect("PNG decodes");
    // r1c5 holds the given 1: its cell must contain dark (glyph) pixels, and an empty
    // margin area must not
    let dark_in = |x0: u32, y0: u32, w: u32, h: u32| {
        (y0..y0 + h)
            .flat_map(|y| (x0..x0 + w).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = pixmap.pixel(x, y).unwrap();
                p.red() < 80 && p.green() < 80 && p.blue() < 80
            })
            .count()
    };
    let (cell, margin) = (60, 28);
    let glyph = dark_in(margin + 4 * cell + 15, margin + 10, 30, 40);
    assert!(
        glyph > 30,
        "no digit drawn in r1c5 ({glyph} dark pixels): is a font installed?"
    );
    assert_eq!(dark_in(2, 2, 20, 15), 0);
}

/// The PNG draws digits from outlines laid out once; it must look like the SVG's own text
/// rendered by resvg: the same size, and almost every pixel the same (anti-aliasing may
/// round differently at a glyph's edge).
#[test]
fn png_from_digit_outlines_matches_the_svg_text() {
    let d = ocean1_first_step();
    let decode = |bytes: Vec<u8>| resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let from_outlines = decode(d.to_png().unwrap());
    let from_text = decode(svg::svg_to_png(&d.to_svg()).unwrap());
    assert_eq!(
        (from_outlines.width(), from_outlines.height()),
        (from_text.width(), from_text.height())
    );
    let channel_diff = |a: &[u8], b: &[u8]| {
        a.iter()
            .zip(b)
            .filter(|(x, y)| x.abs_diff(**y) > 24)
            .count()
    };
    let differing = channel_diff(from_outlines.data(), from_text.data());
    let total = from_text.data().len();
    assert!(
        differing * 1000 < total,
        "{differing} of {total} channel values differ by more than 24"
    );
    // and the digits are there at all: the text rendering has plenty of dark pixels
    let dark = from_outlines
        .pixels()
        .iter()
        .filter(|p| p.red() < 80 && p.green() < 80 && p.blue() < 80)
        .count();
    assert!(dark > 2000, "{dark} dark pixels: digits missing?");
}

#[test]
fn a_force_chain_draws_what_it_derives_in_colours_no_chain_uses() {
    // derived true and derived false have their own roles and legend lines; nothing of a
    // force chain is drawn as a chain's L or R
    use sudolink::export::svg::{Key, Role};
    let (start, _) = start_and_solution(&seed_puzzle("ocean-1"));
    let links = sudolink::graph::LinkIndex::new(&start);
    let target = "n8r1c2".parse().unwrap();
    let t = sudolink::search::TechniqueId::from_name("force-contradiction-links").unwrap();
    let proof = t
        .shortest_for_target(&links, target, 20)
        .expect("a force chain");
    let d = diagram::from_proof(&start, &proof);
    let roles: Vec<Role> = d.marks.iter().map(|m| m.role).collect();
    assert!(roles.contains(&Role::DerivedTrue) && roles.contains(&Role::DerivedFalse));
    assert!(!roles.contains(&Role::Left) && !roles.contains(&Role::Right));
    for (role, text) in [
        (Role::DerivedTrue, "derived true"),
        (Role::DerivedFalse, "derived false"),
    ] {
        assert!(
            d.legend
                .iter()
                .any(|e| e.key == Key::Mark(role) && e.text == text),
            "{text}"
        );
    }
}
