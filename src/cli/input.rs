//! Reading the PUZZLE and FILE arguments: a file (one grid, or a list in any form the grid
//! readers know), `-` for standard input, `FILE:K` for puzzle K of a list, a grid written
//! on the command line, the name of a puzzle of data/named_puzzles.txt (`ocean-1`, `loki`),
//! or nothing (the embedded default). One-puzzle commands check the solution count.

use anyhow::{bail, Context, Result};
use std::io::Read;
use std::path::Path;
use sudolink_engine::grid::format::{excerpt, parse_list_line, ListItem, ParseError};
use sudolink_study::input::{
    collection_items, load_item, load_text, looks_like_grid, named_puzzle, near_names, pick,
    NamedPuzzle,
};

pub use sudolink_study::input::{Loaded, DEFAULT_NAME, DEFAULT_PUZZLE};

/// What a PUZZLE or FILE argument holds, read.
pub enum Input {
    /// A text (a file's, standard input's, or the argument itself): one grid or a list.
    Text {
        text: String,
        origin: String,
        /// A file's path made absolute (what identifies a study's run in its store).
        path: Option<String>,
    },
    /// Puzzle `k` of a list file (`FILE:K`).
    Item {
        text: String,
        origin: String,
        path: String,
        k: usize,
    },
    /// A puzzle of data/named_puzzles.txt.
    Named(&'static NamedPuzzle),
}

/// Read what `arg` names: `-` (standard input), a file, `FILE:K`, a grid, or a named
/// puzzle; anything else is an error naming the nearest names.
pub fn read_input(arg: &str) -> Result<Input> {
    if arg == "-" {
        return Ok(Input::Text {
            text: read_stdin()?,
            origin: "standard input".to_string(),
            path: None,
        });
    }
    let path = Path::new(arg);
    if arg.len() != 81 && path.exists() {
        return Ok(Input::Text {
            text: read_text_file(path, "puzzle file")?,
            origin: format!("file {}", excerpt(arg, 60)),
            path: Some(absolute(path)),
        });
    }
    if let Some((file, k)) = file_and_number(arg) {
        let file = Path::new(file);
        return Ok(Input::Item {
            text: read_text_file(file, "puzzle file")?,
            origin: format!("file {}", excerpt(&file.display().to_string(), 60)),
            path: format!("{}:{k}", absolute(file)),
            k,
        });
    }
    if looks_like_grid(arg) {
        return Ok(Input::Text {
            text: arg.to_string(),
            origin: "puzzle argument".to_string(),
            path: None,
        });
    }
    if let Some(named) = named_puzzle(arg) {
        return Ok(Input::Named(named));
    }
    let near = near_names(arg);
    let hint = if near.is_empty() || arg.contains(['/', '.']) {
        String::new()
    } else {
        format!("; did you mean {}?", near.join(", "))
    };
    bail!(
        "no such file: {} (not a puzzle grid, nor the name of a puzzle of \
         data/named_puzzles.txt){hint}",
        excerpt(arg, 60)
    )
}

/// `FILE:K` split: the file and K, when the argument ends with `:` and a number.
fn file_and_number(arg: &str) -> Option<(&str, usize)> {
    let (file, k) = arg.rsplit_once(':')?;
    let k = k.parse().ok()?;
    (!file.is_empty() && !file.starts_with(':')).then_some((file, k))
}

fn absolute(path: &Path) -> String {
    std::path::absolute(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

/// Standard input, whole, as UTF-8 text.
fn read_stdin() -> Result<String> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "standard input is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
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
    let Some(arg) = arg else {
        let mut loaded = load_text(DEFAULT_PUZZLE, "default puzzle", allow_nonunique)?;
        loaded.name = Some(DEFAULT_NAME.to_string());
        return Ok(loaded);
    };
    Ok(match read_input(arg)? {
        Input::Text { text, origin, .. } => load_text(&text, &origin, allow_nonunique)?,
        Input::Item {
            text, origin, k, ..
        } => {
            let item = pick(&text, k, &origin)?;
            load_item(item, &format!("{origin}, puzzle {k}"), allow_nonunique)?
        }
        Input::Named(named) => {
            let origin = format!("named puzzle {}", named.name);
            let mut loaded = load_text(&named.grid, &origin, allow_nonunique)?;
            loaded.name = Some(named.name.clone());
            loaded
        }
    })
}

/// The items of a list argument, each with its number in the list (from 1).
pub struct ListInput {
    /// How messages name it: `file data/top95.txt`, `standard input`, `puzzle argument`.
    pub origin: String,
    /// What identifies it in a study's store: a file's absolute path (`:K` after it for
    /// one puzzle of it), else `origin`.
    pub key: String,
    pub items: Vec<(usize, Result<ListItem, ParseError>)>,
}

/// Read the list `arg` names (as [`read_input`]): every item of a file, of standard input
/// or of a grid argument; puzzle K alone for `FILE:K`; a named puzzle alone, its name as
/// its line's text.
pub fn read_list(arg: &str) -> Result<ListInput> {
    Ok(match read_input(arg)? {
        Input::Text { text, origin, path } => ListInput {
            key: path.unwrap_or_else(|| origin.clone()),
            items: collection_items(&text)
                .into_iter()
                .zip(1..)
                .map(|(r, k)| (k, r))
                .collect(),
            origin,
        },
        Input::Item {
            text,
            origin,
            path,
            k,
        } => {
            let item = pick(&text, k, &origin)?;
            ListInput {
                origin,
                key: path,
                items: vec![(k, Ok(item))],
            }
        }
        Input::Named(named) => {
            let origin = format!("named puzzle {}", named.name);
            ListInput {
                key: origin.clone(),
                items: vec![(
                    1,
                    parse_list_line(&format!("{}\t{}", named.grid, named.name), 1),
                )],
                origin,
            }
        }
    })
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
