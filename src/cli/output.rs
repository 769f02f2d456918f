//! Output plumbing shared by the long-running commands: a text sink that is either stdout
//! or a file written atomically (a temporary file in the same folder, renamed on success,
//! so an interrupted run never leaves a half-written file), and the progress bar.

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// Where a command's text goes.
pub enum Sink {
    Stdout(std::io::Stdout),
    File {
        temp: BufWriter<NamedTempFile>,
        path: PathBuf,
    },
}

impl Sink {
    /// Stdout, or a temporary file beside `path` that [`Sink::finish`] renames to it.
    pub fn open(path: Option<&Path>) -> Result<Sink> {
        let Some(path) = path else {
            return Ok(Sink::Stdout(std::io::stdout()));
        };
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let temp = NamedTempFile::new_in(dir)
            .with_context(|| format!("cannot create a file in {}", dir.display()))?;
        Ok(Sink::File {
            temp: BufWriter::new(temp),
            path: path.to_path_buf(),
        })
    }

    /// Write one line.
    pub fn line(&mut self, text: &str) -> Result<()> {
        match self {
            Sink::Stdout(out) => writeln!(out.lock(), "{text}")?,
            Sink::File { temp, path } => writeln!(temp, "{text}")
                .with_context(|| format!("cannot write {}", path.display()))?,
        }
        Ok(())
    }

    /// Flush, and move the file into place.
    pub fn finish(self) -> Result<()> {
        match self {
            Sink::Stdout(out) => out.lock().flush()?,
            Sink::File { temp, path } => {
                let temp = temp
                    .into_inner()
                    .map_err(|e| e.into_error())
                    .with_context(|| format!("cannot write {}", path.display()))?;
                temp.persist(&path)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
        }
        Ok(())
    }
}

/// A progress bar on stderr when it is a terminal (hidden otherwise), counting `what`.
pub fn progress_bar(len: u64, what: &str) -> ProgressBar {
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(len)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what}, {{elapsed}} (eta {{eta}})"
        ))
        .expect("progress template"),
    );
    bar
}
