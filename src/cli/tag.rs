//! `sudolink tag`: gpenet's full tagging ([gpenet tagging]) on a state — the tagged pencil-mark
//! grid in the seed's `[code]` style, the layer and tag counts, and every clearing with its
//! alternate chain (the seed's `[] AB bC` and Eureka), each verified before it is printed.

use super::input::load;
use anyhow::Result;
use serde_json::json;
use sudolink_export::files;
use sudolink_export::svg::PixelWidth;
use sudolink_notation::clearing_text;
use sudolink_notation::view::ProofView;
use sudolink_study::tagging::{tag_report, TagReport};

#[derive(clap::Args, Debug)]
pub struct TagArgs {
    /// An 81-character puzzle, a file with one grid or pencil-mark state, FILE:K, `-`
    /// (standard input) or a named puzzle (default: Ocean #1 from [Berthier NRC])
    pub puzzle: Option<String>,
    /// The tagging level (1: layers of strong links and alternate chains; 2: with ALS,
    /// almost cells, choices and merged tags; 3: weak links extended through choices,
    /// pass by pass)
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub level: u8,
    #[command(flatten)]
    pub state: super::input::WorkingStateArgs,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

pub fn run(args: &TagArgs) -> Result<()> {
    let loaded = load(args.puzzle.as_deref(), args.state.allow_nonunique)?;
    let report = tag_report(
        &loaded.state,
        loaded.solution.as_ref(),
        !args.state.no_basic,
        args.level,
        args.bounds.bounds(1).start(),
    )?;
    if let Some(dir) = &args.state.export {
        export(dir, &report, args.state.size)?;
    }
    if args.state.json {
        println!("{}", serde_json::to_string_pretty(&report_json(&report))?);
    } else {
        print!("{}", report_text(&report));
    }
    Ok(())
}

/// The layers graph (DOT, and SVG when graphviz is installed), the tagged grid's picture
/// and each clearing's files.
fn export(dir: &std::path::Path, report: &TagReport, size: Option<PixelWidth>) -> Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    let layers = &report.level1;
    let dot = sudolink_export::dot::print(&sudolink_export::dot::layers_graph(
        layers,
        &format!("{} layers of strong links", layers.layers),
    ));
    let dot_path = dir.join("layers.dot");
    files::write_atomically(&dot_path, dot.as_bytes())?;
    eprintln!("wrote {}", dot_path.display());
    let svg_path = dir.join("layers.svg");
    if files::render_dot(&dot_path, &svg_path)? {
        eprintln!("wrote {}", svg_path.display());
    }
    let grid = sudolink_export::diagram::tagging_diagram(&report.state, layers);
    let grid_svg = dir.join("layers-grid.svg");
    files::write_atomically(&grid_svg, grid.to_svg_at(size).as_bytes())?;
    eprintln!("wrote {}", grid_svg.display());
    let grid_png = dir.join("layers-grid.png");
    files::write_atomically(&grid_png, &grid.to_png_at(size)?)?;
    eprintln!("wrote {}", grid_png.display());
    for (k, p) in report.clearings.iter().enumerate() {
        let name = format!("tag-{}", k + 1);
        for path in files::write_proof(dir, &name, &report.state, p, size)?.files {
            eprintln!("wrote {}", path.display());
        }
    }
    Ok(())
}

fn report_json(r: &TagReport) -> serde_json::Value {
    json!({
        "level": r.level,
        "layers": r.layers(),
        "tags": r.layers() * 2,
        "level1_layers": r.level1.layers,
        "als": r.als_tagging.map(|s| s.als),
        "merges": r.als_tagging.map(|s| s.merges),
        "passes": r.extension.map(|s| s.passes),
        "extensions": r.extension.map(|s| s.extensions),
        "later_merges": r.extension.map(|s| s.later_merges),
        "grid": r.grid,
        "clearings": r.clearings.iter().map(|p| json!({
            "text": clearing_text(&r.state, p), "eliminations": p.elimination_texts(),
            "proof": ProofView::of(&r.state, p),
        })).collect::<Vec<_>>(),
    })
}

fn report_text(r: &TagReport) -> String {
    let mut out = format!("{}\n", r.grid);
    if let Some(p) = r.extension {
        out.push_str(&format!(
            "level 3: {} extension pass(es), {} weak link(s) extended, {} merge(s) after passes\n",
            p.passes, p.extensions, p.later_merges
        ));
    }
    let level1 = r.level1.layers;
    match r.als_tagging {
        Some(s) => out.push_str(&format!(
            "level 1: {} layers, {} tags; level 2: {} ALS/AC tagged, {} layers, {} tags, \
             {} merge(s); {} clearing(s)\n\n",
            level1,
            level1 * 2,
            s.als,
            s.layers,
            s.layers * 2,
            s.merges,
            r.clearings.len()
        )),
        None => out.push_str(&format!(
            "layers: {}, tags: {}; level 1: {} clearing(s)\n\n",
            level1,
            level1 * 2,
            r.clearings.len()
        )),
    }
    for p in &r.clearings {
        out.push_str(&format!("{}\n", clearing_text(&r.state, p)));
    }
    out
}
