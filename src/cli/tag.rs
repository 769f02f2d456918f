//! `sudolink tag`: gpenet's full tagging (seed 004) on a state — the tagged pencil-mark
//! grid in the seed's `[code]` style, the layer and tag counts, and every clearing with its
//! alternate chain (the seed's `[] AB bC` and Eureka), each verified before it is printed.

use super::input::load;
use anyhow::{bail, Result};
use serde_json::json;
use std::path::PathBuf;
use sudolink::export::files;
use sudolink::export::svg::PixelWidth;
use sudolink::graph::LinkIndex;
use sudolink::notation::eureka::aic_eureka_text;
use sudolink::notation::tags::{classic_chain_text, tag2_text};
use sudolink::proof::Pattern;
use sudolink::search::tagging::{level1, Tagging};
use sudolink::search::tagging2::{level2_with_stats, Level2, Level2Stats};
use sudolink::search::tagging3::{level3_with_stats, Level3Stats};
use sudolink::study::resolution::{verify, working_state};

#[derive(clap::Args, Debug)]
pub struct TagArgs {
    /// An 81-character puzzle, or a file with one grid or pencil-mark state
    /// (default: Ocean #1 from seed 000)
    pub puzzle: Option<String>,
    /// The tagging level (1: layers of strong links and alternate chains; 2: with ALS,
    /// almost cells, choices and merged tags; 3: weak links extended through choices,
    /// pass by pass)
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub level: u8,
    /// Work on the state as given: by default the basic rules are applied first, as the
    /// seed does before tagging
    #[arg(long)]
    pub no_basic: bool,
    /// Print one JSON object instead of the text
    #[arg(long)]
    pub json: bool,
    /// Write the layers as layers.dot (one colour per layer; layers.svg when graphviz is
    /// installed) and each clearing as tag-K.{svg,png,dot,graph.svg,txt} into DIR
    #[arg(long, value_name = "DIR")]
    pub export: Option<PathBuf>,
    /// Width of the exported SVG and PNG pictures in pixels (200 to 4000; default 596,
    /// the height follows)
    #[arg(long, value_name = "N", requires = "export", value_parser = super::numbers::picture_width)]
    pub size: Option<PixelWidth>,
    /// Analyse a puzzle with several solutions (no solution check)
    #[arg(long)]
    pub allow_nonunique: bool,
}

pub fn run(args: &TagArgs) -> Result<()> {
    let loaded = load(args.puzzle.as_deref(), args.allow_nonunique)?;
    let (state, _) = working_state(&loaded.state, loaded.solution.as_ref(), !args.no_basic)?;
    if state.is_solved() {
        bail!("the basic rules solve this puzzle: nothing is left to tag (use --no-basic)");
    }
    let links = LinkIndex::new(&state);
    let tagging = Tagging::new(&links);
    if tagging.conflicts > 0 {
        bail!(
            "{} layer(s) of strong links have inconsistent parity: the state has no solution",
            tagging.conflicts
        );
    }
    let (proofs, stats, passes) = match args.level {
        3 => {
            let (proofs, s) = level3_with_stats(&links);
            let as2 = Level2Stats {
                level1_layers: tagging.layers,
                layers: s.layers,
                als: s.als,
                merges: s.merges,
            };
            (proofs, Some(as2), Some(s))
        }
        2 => {
            let (proofs, stats) = level2_with_stats(&links);
            (proofs, Some(stats), None)
        }
        _ => (level1(&links), None, None),
    };
    // the grid with the level's own tags (levels 2 and 3 tag ALS and almost cells too)
    let grid = if args.level >= 2 {
        Level2::new(&links).grid_text(&links)
    } else {
        tagging.grid_text(&links)
    };
    for (k, p) in proofs.iter().enumerate() {
        verify(&state, p, loaded.solution.as_ref(), k + 1, &p.rule)?;
    }
    let chain = |p: &sudolink::proof::Proof| match &p.pattern {
        Pattern::Aic(a) => format!(
            "{}\n   classic: {}",
            aic_eureka_text(p, a),
            classic_chain_text(a)
        ),
        Pattern::Tagging(t) => {
            format!("{}\n==> {}", tag2_text(t), p.elimination_texts().join(", "))
        }
        _ => unreachable!("tagging proofs are chains or refutations"),
    };
    if let Some(dir) = &args.export {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        let dot = sudolink::export::dot::print(&sudolink::export::dot::layers_graph(
            &tagging,
            &format!("{} layers of strong links", tagging.layers),
        ));
        let dot_path = dir.join("layers.dot");
        files::write_atomically(&dot_path, dot.as_bytes())?;
        eprintln!("wrote {}", dot_path.display());
        let svg_path = dir.join("layers.svg");
        if files::render_dot(&dot_path, &svg_path)? {
            eprintln!("wrote {}", svg_path.display());
        }
        let grid = sudolink::export::diagram::tagging_diagram(&state, &tagging);
        let grid_svg = dir.join("layers-grid.svg");
        files::write_atomically(&grid_svg, grid.to_svg_at(args.size).as_bytes())?;
        eprintln!("wrote {}", grid_svg.display());
        let grid_png = dir.join("layers-grid.png");
        files::write_atomically(&grid_png, &grid.to_png_at(args.size)?)?;
        eprintln!("wrote {}", grid_png.display());
        for (k, p) in proofs.iter().enumerate() {
            for path in
                files::write_proof(dir, &format!("tag-{}", k + 1), &state, p, args.size)?.files
            {
                eprintln!("wrote {}", path.display());
            }
        }
    }
    if args.json {
        let v = json!({
            "level": args.level,
            "layers": stats.map_or(tagging.layers, |s| s.layers),
            "tags": stats.map_or(tagging.layers, |s| s.layers) * 2,
            "level1_layers": tagging.layers,
            "als": stats.map(|s| s.als),
            "merges": stats.map(|s| s.merges),
            "passes": passes.map(|s: Level3Stats| s.passes),
            "extensions": passes.map(|s: Level3Stats| s.extensions),
            "later_merges": passes.map(|s: Level3Stats| s.later_merges),
            "grid": grid,
            "clearings": proofs.iter().map(|p| json!({
                "text": chain(p), "eliminations": p.elimination_texts(), "proof": p,
            })).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!("{grid}");
    if let Some(p) = passes {
        println!(
            "level 3: {} extension pass(es), {} weak link(s) extended, {} merge(s) after passes",
            p.passes, p.extensions, p.later_merges
        );
    }
    match stats {
        Some(s) => println!(
            "level 1: {} layers, {} tags; level 2: {} ALS/AC tagged, {} layers, {} tags, \
             {} merge(s); {} clearing(s)\n",
            tagging.layers,
            tagging.layers * 2,
            s.als,
            s.layers,
            s.layers * 2,
            s.merges,
            proofs.len()
        ),
        None => println!(
            "layers: {}, tags: {}; level 1: {} clearing(s)\n",
            tagging.layers,
            tagging.layers * 2,
            proofs.len()
        ),
    }
    for p in &proofs {
        println!("{}", chain(p));
    }
    Ok(())
}
