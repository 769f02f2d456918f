//! `sudolink techniques`: every technique of the registry with its system, sets and place on
//! the one simplest-first scale (docs/techniques.md's table is this command's output).

use anyhow::Result;
use sudolink_search::TechniqueId;

#[derive(clap::Args, Debug)]
pub struct TechniquesArgs {
    /// JSON output: one object per technique
    #[arg(long)]
    pub json: bool,
}

/// The names a flag taking techniques reads (`explain --techniques`, `solve --rules`), one set
/// a line with its techniques, then every technique's name: what `--list` prints.
pub fn names_list() -> String {
    let mut out = String::from("Sets (a set stands for every technique it lists):\n");
    for set in sudolink_search::registry::sets_help().split("; ") {
        out.push_str(&format!("  {set}\n"));
    }
    out.push_str(
        "Techniques (`sudolink techniques` gives each one's system, sets and place on the scale):\n",
    );
    for t in TechniqueId::all() {
        out.push_str(&format!("  {}\n", t.name()));
    }
    out
}

pub fn run(args: &TechniquesArgs) -> Result<()> {
    if args.json {
        let rows: Vec<_> = TechniqueId::all()
            .map(sudolink_study::explain::technique_view)
            .collect();
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        print!("{}", sudolink_search::registry::scale_table());
    }
    Ok(())
}
