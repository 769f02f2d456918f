//! Reading the PUZZLE argument: an 81-character line, a file holding one grid in any
//! supported format, or nothing (the embedded default). Checks the solution count.

use anyhow::{bail, Context, Result};
use std::path::Path;
use sudolink_engine::grid::format::excerpt;
use sudolink_study::input::{load_text, looks_like_grid};

pub use sudolink_study::input::{Loaded, DEFAULT_NAME, DEFAULT_PUZZLE};

/// Read the text behind a PUZZLE argument: the file's contents when it names a file, the
/// argument itself when it looks like a grid (mostly digits and dots, or a HoDoKu line);
/// anything else is taken for a file name that does not exist.
pub fn read_argument(arg: &str) -> Result<(String, String)> {
    let path = Path::new(arg);
    if arg.len() != 81 && path.exists() {
        let text = read_text_file(path, "puzzle file")?;
        Ok((text, format!("file {}", excerpt(arg, 60))))
    } else if looks_like_grid(arg) {
        Ok((arg.to_string(), "puzzle argument".to_string()))
    } else {
        bail!(
            "no such file: {} (and not a puzzle grid either)",
            excerpt(arg, 60)
        )
    }
}

/// The text of a file, with one clear message for what goes wrong: no such file, a
/// directory, not text, or the OS's reason.
pub fn read_text_file(path: &Path, what: &str) -> Result<String> {
    let shown = excerpt(&path.display().to_string(), 80);
    if !path.exists() {
        bail!("no such file: {shown}");
    }
    if path.is_dir() {
        bail!("{shown} is a directory, not a {what}");
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {what} {shown}"))?;
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{what} {shown} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Load a puzzle: parse, build its state, count solutions. `allow_nonunique` lets a puzzle
/// with several solutions through (without a solution to check against); one with no
/// solution is always refused, naming that.
pub fn load(arg: Option<&str>, allow_nonunique: bool) -> Result<Loaded> {
    let (text, origin) = match arg {
        None => (DEFAULT_PUZZLE.to_string(), "default puzzle".to_string()),
        Some(a) => read_argument(a)?,
    };
    let mut loaded = load_text(&text, &origin, allow_nonunique)?;
    if loaded.name.is_none() && arg.is_none() {
        loaded.name = Some(DEFAULT_NAME.to_string());
    }
    Ok(loaded)
}

/// The options the commands that work on one state share (`force`, `tag`): the state after
/// the basic rules or as given, and the outputs.
#[derive(clap::Args, Debug)]
pub struct WorkingStateArgs {
    /// Work on the state as given: by default the basic rules (singles, interactions,
    /// subsets, fish, wings) are applied first, as GNPX applies its simpler methods and
    /// the tagging seed tags after them
    #[arg(long)]
    pub no_basic: bool,
    /// Print one JSON value instead of the text
    #[arg(long)]
    pub json: bool,
    /// Write each proof's picture (SVG, PNG), graph (DOT, and SVG when graphviz is
    /// installed) and text into DIR (tag: the layers too)
    #[arg(long, value_name = "DIR")]
    pub export: Option<std::path::PathBuf>,
    /// Width of the exported SVG and PNG pictures in pixels (200 to 4000; default 596,
    /// the height follows)
    #[arg(long, value_name = "N", requires = "export", value_parser = super::numbers::picture_width)]
    pub size: Option<sudolink_export::svg::PixelWidth>,
    /// Analyse a puzzle with several solutions (no solution check)
    #[arg(long)]
    pub allow_nonunique: bool,
}
