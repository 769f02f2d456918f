//! Writing one proof's files for a forum post: `NAME.svg` and `NAME.png` (the grid picture),
//! `NAME.dot` (the chain as a graph) and `NAME.graph.svg` (rendered by graphviz's `dot` when
//! it is installed), and `NAME.txt` (nrc, SudoRules and Eureka notations and a ready-to-paste
//! forum block). Each file is written to a temporary name and renamed into place.

use super::svg;
#[cfg(feature = "png")]
use super::{diagram, dot};
use std::path::{Path, PathBuf};
use std::process::Command;
use sudolink_engine::grid::format::to_pencil_mark_grid;
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ExportError {
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Picture(#[from] svg::SvgError),
    #[error("graphviz dot failed on {path}: {message}")]
    Graphviz { path: PathBuf, message: String },
}

/// Write `bytes` to `path` through a temporary file in the same folder.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    let tmp = path.with_extension(format!(
        "{}.tmp{}",
        path.extension().and_then(|e| e.to_str()).unwrap_or(""),
        std::process::id()
    ));
    let io = |source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    };
    std::fs::write(&tmp, bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

/// The text export: every notation the proof has under its heading, then a forum block.
pub fn proof_text(state: &State, proof: &Proof) -> String {
    let texts = sudolink_notation::texts(state, proof);
    let mut out = String::new();
    for (k, t) in texts.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        out.push_str(&format!("{}\n{}\n", t.heading, t.text));
    }
    out.push_str(&format!(
        "\nForum post:\n[code]\n{}[/code]\n{}\n",
        to_pencil_mark_grid(state),
        texts[0].text
    ));
    out
}

/// Where each file went.
#[derive(Debug, Clone)]
pub struct Written {
    pub files: Vec<PathBuf>,
    /// Whether graphviz rendered NAME.graph.svg (it is skipped when `dot` is not installed).
    pub graph_rendered: bool,
}

/// Write NAME.svg, NAME.png, NAME.dot, NAME.graph.svg (when graphviz is present) and
/// NAME.txt into `dir` for `proof` on `state`; the pictures `width` pixels wide (`None`:
/// their natural width).
#[cfg(feature = "png")]
pub fn write_proof(
    dir: &Path,
    name: &str,
    state: &State,
    proof: &Proof,
    width: Option<svg::PixelWidth>,
) -> Result<Written, ExportError> {
    std::fs::create_dir_all(dir).map_err(|source| ExportError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let d = diagram::from_proof(state, proof);
    let picture = d.to_svg_at(width);
    let at = |ext: &str| dir.join(format!("{name}.{ext}"));
    let mut files = Vec::new();
    write_atomically(&at("svg"), picture.as_bytes())?;
    files.push(at("svg"));
    write_atomically(&at("png"), &d.to_png_at(width)?)?;
    files.push(at("png"));
    let graph = diagram::graph_of(proof, &d);
    let dot_text = dot::print(&graph);
    write_atomically(&at("dot"), dot_text.as_bytes())?;
    files.push(at("dot"));
    write_atomically(&at("txt"), proof_text(state, proof).as_bytes())?;
    files.push(at("txt"));
    let graph_rendered = render_dot(&at("dot"), &at("graph.svg"))?;
    if graph_rendered {
        files.push(at("graph.svg"));
    }
    Ok(Written {
        files,
        graph_rendered,
    })
}

/// Write the picture of each part of `proof` that can be drawn alone (a force chain or
/// net's branches, a tagging's, a 3D Medusa's chains: [`diagram::parts`]) as
/// NAME.part-K.svg and NAME.part-K.png (K from 1) into `dir`; nothing for a proof drawn
/// whole only.
#[cfg(feature = "png")]
pub fn write_parts(
    dir: &Path,
    name: &str,
    state: &State,
    proof: &Proof,
    width: Option<svg::PixelWidth>,
) -> Result<Vec<PathBuf>, ExportError> {
    let mut files = Vec::new();
    for k in 1..=diagram::parts(proof).len() {
        let d = diagram::from_proof_part(state, proof, Some(k)).expect("a part it has");
        for (ext, bytes) in [
            ("svg", d.to_svg_at(width).into_bytes()),
            ("png", d.to_png_at(width)?),
        ] {
            let path = dir.join(format!("{name}.part-{k}.{ext}"));
            write_atomically(&path, &bytes)?;
            files.push(path);
        }
    }
    Ok(files)
}

/// Render a DOT file to SVG with graphviz's `dot`; false when `dot` is not installed.
pub fn render_dot(dot_path: &Path, svg_path: &Path) -> Result<bool, ExportError> {
    let output = match Command::new("dot").arg("-Tsvg").arg(dot_path).output() {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(source) => {
            return Err(ExportError::Io {
                path: dot_path.to_path_buf(),
                source,
            })
        }
    };
    if !output.status.success() {
        return Err(ExportError::Graphviz {
            path: dot_path.to_path_buf(),
            message: String::from_utf8_lossy(&output.stderr).trim().to_string(),
        });
    }
    write_atomically(svg_path, &output.stdout)?;
    Ok(true)
}
