//! `sudolink graph`: the typed candidate graph of a state, as counts, DOT or JSON.

use super::input::load;
use anyhow::Result;
use serde_json::json;
use sudolink_engine::graph::CandidateGraph;
use sudolink_export::dot;
use sudolink_study::resolution::working_state;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphFormat {
    Summary,
    Dot,
    Json,
}

#[derive(clap::Args, Debug)]
pub struct GraphArgs {
    /// An 81-character puzzle, a file with one grid, FILE:K (puzzle K of a list), `-`
    /// (standard input) or a named puzzle such as loki (default: Ocean #1)
    pub puzzle: Option<String>,
    /// What to print
    #[arg(long, value_enum, default_value = "summary")]
    pub format: GraphFormat,
    /// With --format summary: print {"nodes": {...}, "edges": {...}} as JSON
    #[arg(long)]
    pub json: bool,
    /// Materialise the state after the basic rules instead of the start state
    #[arg(long)]
    pub basic: bool,
    /// Also write the state and its graph to this SQLite file (a new file, or an existing
    /// sudolink store)
    #[arg(long)]
    pub sqlite: Option<std::path::PathBuf>,
    /// With --sqlite: write into an existing SQLite file that is not a sudolink store
    #[arg(long, requires = "sqlite")]
    pub force: bool,
    /// Analyse a puzzle with several solutions (one with none is still refused)
    #[arg(long)]
    pub allow_nonunique: bool,
}

pub fn run(args: &GraphArgs) -> Result<()> {
    let loaded = load(args.puzzle.as_deref(), args.allow_nonunique)?;
    let (state, _) = working_state(&loaded.state, loaded.solution.as_ref(), args.basic)?;
    let graph = CandidateGraph::build(&state);
    if let Some(path) = &args.sqlite {
        super::store_cmd::write_graph_db(path, &loaded, &state, &graph, args.force)?;
    }
    match args.format {
        GraphFormat::Summary if args.json => {
            let s = graph.summary();
            println!("{}", json!({"nodes": s.nodes, "edges": s.edges}));
        }
        GraphFormat::Summary => {
            let s = graph.summary();
            println!("nodes");
            for (k, v) in &s.nodes {
                println!("  {k:<18} {v}");
            }
            println!("edges");
            for (k, v) in &s.edges {
                println!("  {k:<18} {v}");
            }
        }
        GraphFormat::Dot => {
            let name = loaded.name.clone().unwrap_or_else(|| loaded.line.clone());
            println!("{}", dot::print(&dot::candidate_graph(&graph, &name)));
        }
        GraphFormat::Json => println!("{}", serde_json::to_string(&graph_json(&graph))?),
    }
    Ok(())
}

fn graph_json(g: &CandidateGraph) -> serde_json::Value {
    let nodes: Vec<_> = g
        .graph
        .node_indices()
        .map(|i| json!({"id": i.index(), "kind": g.graph[i].kind(), "label": g.graph[i].label()}))
        .collect();
    let edges: Vec<_> = g
        .graph
        .edge_indices()
        .map(|e| {
            let (a, b) = g.graph.edge_endpoints(e).expect("edge endpoints");
            let w = &g.graph[e];
            json!({"kind": w.kind(), "src": a.index(), "dst": b.index(),
                   "support": w.support(), "strong": w.is_strong()})
        })
        .collect();
    json!({"nodes": nodes, "edges": edges})
}
