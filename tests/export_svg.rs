//! Grid pictures: our SVG is valid (usvg parses it), the PNG decodes and shows digits
//! (needs a font: fonts-dejavu-core), and the SVG text is snapshot-tested.

use crate::common;

use common::{seed_puzzle, start_and_solution};
use sudolink_export::{diagram, svg};
use sudolink_search::basic_rules;
use sudolink_study::resolution::solve;

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
    use sudolink_export::svg::{Key, Role};
    let (start, _) = start_and_solution(&seed_puzzle("ocean-1"));
    let links = sudolink_engine::graph::LinkIndex::new(&start);
    let target = "n8r1c2".parse().unwrap();
    let t = sudolink_search::TechniqueId::from_name("force-contradiction-links").unwrap();
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

/// The `k`th step (from 1) of top1465 puzzle `n`'s path with the basic rules and then `set`
/// as one tier (its techniques found whole at any length, as HoDoKu's order asks them: the
/// dense proofs these tests draw), the state it is found in and its proof.
fn path_step(
    n: usize,
    set: &str,
    k: usize,
) -> (sudolink_engine::grid::State, sudolink_engine::proof::Proof) {
    use sudolink_search::registry::{parse_list, rules_in_tiers};
    use sudolink_study::resolution::apply;
    let p = common::collection("top1465.txt", n).pop().unwrap();
    let (start, solution) = start_and_solution(&p);
    let rules = rules_in_tiers(&[parse_list(set).unwrap()], 20);
    let r = solve(&start, &rules, Some(&solution)).unwrap();
    let mut state = start;
    for step in &r.steps[..k - 1] {
        apply(&mut state, &step.proof).unwrap();
    }
    (state, r.steps[k - 1].proof.clone())
}

/// No two labels of `d` (link numbers, set names) overlap, nor the row and column names;
/// every link has its number.
fn assert_labels_apart(d: &svg::Diagram, what: &str) {
    let layout = d.layout();
    assert_eq!(layout.routes.len(), d.arrows.len());
    let boxes = layout.label_boxes();
    let names = sudolink_export::labels::grid_name_boxes();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            assert!(!a.overlaps(*b), "{what}: labels {a:?} and {b:?} overlap");
        }
        for n in &names {
            assert!(
                !a.overlaps(*n),
                "{what}: label {a:?} on a row or column name"
            );
        }
    }
}

#[test]
fn labels_never_overlap_on_dense_proofs() {
    // top1465 #73's densest 3D Medusa step (71 links, 3 chains), a force net of #3 (four
    // ALS) and a level-2 tagging of #7, whole and one part at a time
    for (n, set, k, at_least, parts) in [
        (73, "medusa", 49, 60, 3),
        (3, "force-nets", 19, 12, 2),
        (7, "tagging", 35, 15, 0),
    ] {
        let (state, proof) = path_step(n, set, k);
        assert_eq!(diagram::parts(&proof).len(), parts, "#{n} step {k}");
        let whole = diagram::from_proof(&state, &proof);
        assert!(
            whole.arrows.len() >= at_least,
            "#{n} step {k}: {} links",
            whole.arrows.len()
        );
        assert_labels_apart(&whole, &format!("#{n} step {k}"));
        // each part draws some of the links, all of them together
        let mut drawn = 0;
        for part in 1..=diagram::parts(&proof).len() {
            let d = diagram::from_proof_part(&state, &proof, Some(part)).unwrap();
            assert!(d.arrows.len() <= whole.arrows.len());
            drawn += d.arrows.len();
            assert_labels_apart(&d, &format!("#{n} step {k} part {part}"));
        }
        assert!(drawn >= whole.arrows.len() || diagram::parts(&proof).is_empty());
    }
}

#[test]
fn one_branch_at_a_time_says_which_in_the_legend() {
    use sudolink_export::svg::Key;
    let (state, proof) = path_step(73, "medusa", 49);
    let names = diagram::parts(&proof);
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(names[1], "chain 2 of 3: colours B/b");
    let d = diagram::from_proof_part(&state, &proof, Some(2)).unwrap();
    assert_eq!(d.legend[0].key, Key::Note);
    assert_eq!(d.legend[0].text, "shown: chain 2 of 3: colours B/b");
    assert!(d
        .to_svg()
        .contains(">shown: chain 2 of 3: colours B/b</text>"));
    // the conclusions stay; no part 0 or 4
    assert_eq!(
        d.marks
            .iter()
            .filter(|m| m.role == svg::Role::Target)
            .count(),
        proof.eliminations.len()
    );
    assert!(diagram::from_proof_part(&state, &proof, Some(0)).is_err());
    assert!(diagram::from_proof_part(&state, &proof, Some(4)).is_err());
    // a chain is drawn whole only
    let chain = ocean1_first_step();
    assert!(chain.legend.iter().all(|e| e.key != Key::Note));
}

#[test]
fn a_force_chains_als_and_groups_are_outlined_sets_its_links_end_on() {
    use sudolink_export::svg::SetKind;
    let (start, _) = start_and_solution(&seed_puzzle("ocean-1"));
    let links = sudolink_engine::graph::LinkIndex::new(&start);
    let target = "n8r1c2".parse().unwrap();
    let proof = |name: &str| {
        sudolink_search::TechniqueId::from_name(name)
            .unwrap()
            .shortest_for_target(&links, target, 20)
            .unwrap()
    };
    // force-house: [W (ALS:r7c1 r7c2 r8c3 r9c2 r9c3) r9c2/-8 -> r5c3/-4]
    let d = diagram::from_proof(&start, &proof("force-house"));
    let als: Vec<_> = d.sets.iter().filter(|s| s.kind == SetKind::Als).collect();
    assert_eq!(als.len(), 1);
    assert_eq!(als[0].name.as_deref(), Some("A"));
    let i = d.sets.iter().position(|s| s.kind == SetKind::Als).unwrap();
    let from_als: Vec<_> = d.arrows.iter().filter(|a| a.from_set == Some(i)).collect();
    assert_eq!(from_als.len(), 1);
    assert_eq!(from_als[0].to.to_string(), "n4r5c3");
    assert!(d
        .legend
        .iter()
        .any(|e| e.text == "ALS A: r7c1,r7c2,r8c3,r9c2,r9c3"));
    // force-cell-groups: r123c1/+8, a group node, both links on its outline
    let d = diagram::from_proof(&start, &proof("force-cell-groups"));
    let g = d
        .sets
        .iter()
        .position(|s| s.kind == SetKind::Group)
        .expect("a group");
    assert_eq!(d.sets[g].candidates.len(), 3);
    assert_eq!(d.arrows.iter().filter(|a| a.to_set == Some(g)).count(), 1);
    assert_eq!(d.arrows.iter().filter(|a| a.from_set == Some(g)).count(), 1);
    // the outline is drawn, under the candidates
    let text = d.to_svg();
    assert!(text.contains(r##"fill="#3d4f9f""##));
}

#[test]
fn a_long_proof_is_drawn_from_its_first_links() {
    use sudolink_export::diagram::{from_proof_shown, Shown, CUT_CAPTION};
    use sudolink_export::svg::Key;
    // a force net of top1465 #3 (four ALS, two branches) and a level-2 tagging of #7
    for (n, set, k) in [(3, "force-nets", 19), (7, "tagging", 35)] {
        let what = format!("#{n} step {k}");
        let (state, proof) = path_step(n, set, k);
        let whole = diagram::from_proof(&state, &proof);
        let total = whole.arrows.len();
        let set_of = |d: &svg::Diagram, i: Option<usize>| {
            i.map(|i| (d.sets[i].candidates.clone(), d.sets[i].name.clone()))
        };
        for first in [1, 5, total - 1] {
            let shown = Shown {
                part: None,
                first_links: Some(first),
            };
            let d = from_proof_shown(&state, &proof, shown).unwrap();
            // the first links as the whole picture draws them, from and to the same sets
            assert_eq!(d.arrows.len(), first, "{what}");
            for (a, b) in d.arrows.iter().zip(&whole.arrows) {
                assert_eq!((a.from, a.to, a.strong), (b.from, b.to, b.strong), "{what}");
                assert_eq!(set_of(&d, a.from_set), set_of(&whole, b.from_set), "{what}");
                assert_eq!(set_of(&d, a.to_set), set_of(&whole, b.to_set), "{what}");
            }
            // the legend says which links; marks and sets are the whole picture's, fewer
            // for one link; the conclusions stay
            assert_eq!(d.legend[0].key, Key::Note);
            assert_eq!(
                d.legend[0].text,
                format!("shown: links 1 to {first} of {total}")
            );
            assert!(d.marks.iter().all(|m| whole.marks.contains(m)), "{what}");
            assert!(d.sets.iter().all(|s| whole.sets.contains(s)), "{what}");
            if first == 1 {
                assert!(d.marks.len() < whole.marks.len(), "{what}");
            }
            let targets = |d: &svg::Diagram| {
                d.marks
                    .iter()
                    .filter(|m| m.role == svg::Role::Target)
                    .count()
            };
            assert_eq!(targets(&d), targets(&whole), "{what}");
            // the caption cut short
            let caption = d.caption.concat();
            assert!(caption.ends_with(" …"), "{what}: {caption}");
            assert!(caption.chars().count() <= CUT_CAPTION + 2, "{what}");
            assert!(whole.caption[0].starts_with(caption.trim_end_matches(" …")));
            assert_labels_apart(&d, &format!("{what}, first {first} links"));
        }
        // as many links as it has, or more: the whole picture
        for first in [total, total + 5] {
            let shown = Shown {
                part: None,
                first_links: Some(first),
            };
            let d = from_proof_shown(&state, &proof, shown).unwrap();
            assert_eq!(d.to_svg(), whole.to_svg(), "{what}");
        }
        let none = Shown {
            part: None,
            first_links: Some(0),
        };
        assert!(from_proof_shown(&state, &proof, none).is_err());
    }
    // a branch's first links: the legend names both
    let (state, proof) = path_step(3, "force-nets", 19);
    let branch = diagram::from_proof_part(&state, &proof, Some(1)).unwrap();
    let shown = Shown {
        part: Some(1),
        first_links: Some(2),
    };
    let d = from_proof_shown(&state, &proof, shown).unwrap();
    assert_eq!(
        d.legend[0].text,
        format!(
            "shown: {}; links 1 to 2 of {}",
            diagram::parts(&proof)[0],
            branch.arrows.len()
        )
    );
}
