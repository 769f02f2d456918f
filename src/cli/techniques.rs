//! `sudolink techniques`: every technique of the registry with its system, sets and place on
//! the difficulty scale (the README's table is this command's output).

use anyhow::Result;
use serde_json::json;
use sudolink::search::registry::difficulty_table;
use sudolink::search::TechniqueId;

#[derive(clap::Args, Debug)]
pub struct TechniquesArgs {
    /// JSON output: one object per technique
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &TechniquesArgs) -> Result<()> {
    if args.json {
        let rows: Vec<serde_json::Value> = TechniqueId::all()
            .map(|t| {
                let e = t.get();
                json!({
                    "name": e.name,
                    "aliases": e.aliases,
                    "sets": e.sets,
                    "system": e.system.key(),
                    "difficulty": {"base": e.difficulty.base, "per_length": e.difficulty.per_length},
                    "graded": e.graded,
                    "may_place": t.may_place(),
                    "summary": e.summary,
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        print!("{}", difficulty_table());
    }
    Ok(())
}
