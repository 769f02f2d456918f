//! The collection files the page can pick puzzles from: the text files under the `--data`
//! directories, and nothing else. A file is named by a label, `DIR/relative/path` where
//! `DIR` is the last component of its `--data` directory (`data/top95.txt`); a label with
//! `..`, an absolute path, a hidden component, a symlink leading out of its directory or a
//! file that is not listed is refused with a [`DataError`] naming the problem. Reading the
//! puzzles of a file is the library's ([`sudolink_study::input::collection_items`]).

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;
use sudolink_engine::grid::format::{excerpt, ParsedGrid};
use sudolink_study::input::collection_items;
use thiserror::Error;

/// The file names listed as collections: puzzle text files.
const EXTENSIONS: [&str; 4] = ["txt", "sdk", "sdm", "ss"];
/// How deep under a `--data` directory files are listed.
const MAX_DEPTH: usize = 4;
/// The largest collection file read (a bigger one is refused, not read).
const MAX_FILE: u64 = 64 << 20;

/// Why a `--data` directory, a label or a puzzle number is refused.
#[derive(Debug, Error)]
pub enum DataError {
    #[error("--data {dir}: {problem}")]
    BadDirectory { dir: String, problem: String },
    #[error("--data {first} and {second} have the same last name {name:?}, so their files' labels would collide")]
    SameName {
        first: String,
        second: String,
        name: String,
    },
    #[error("collection label {label:?}: {problem}")]
    BadLabel {
        label: String,
        problem: &'static str,
    },
    #[error("no collection file {label:?} under the --data directories (GET /api/collections lists them)")]
    Unknown { label: String },
    #[error("collection label {label:?} leads outside its --data directory (through a symlink): refused")]
    Escapes { label: String },
    #[error("puzzle number {given:?} is not a number (give n=1 for the first puzzle)")]
    BadNumber { given: String },
    #[error("puzzle {n} is out of range: {label} holds {count} puzzle(s), numbered 1 to {count}")]
    OutOfRange {
        label: String,
        n: usize,
        count: usize,
    },
    #[error("{label} holds no puzzle (only blank or comment lines)")]
    Empty { label: String },
    #[error("{label} line {line}: {source}")]
    Malformed {
        label: String,
        line: usize,
        #[source]
        source: sudolink_engine::grid::format::ParseError,
    },
    #[error("cannot read {label}: {problem}")]
    Unreadable { label: String, problem: String },
}

/// One listed collection file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CollectionFile {
    pub label: String,
    /// How many puzzles it holds (as [`collection_items`] counts them).
    pub puzzles: usize,
}

/// Puzzle `n` of a collection file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PickedPuzzle {
    pub file: String,
    pub n: usize,
    pub count: usize,
    /// Its 1-based line in the file.
    pub line: usize,
    /// The puzzle's text: an 81-character line (TAB columns and name dropped), or a
    /// state's line (its HoDoKu line, or its 729-character pencil marks).
    pub puzzle: String,
    pub name: Option<String>,
}

/// Per file read: its size and modification time when read, and its puzzle count.
type PuzzleCounts = HashMap<PathBuf, (u64, Option<SystemTime>, usize)>;

/// The `--data` directories (canonical) with their label names, and the puzzle counts of
/// the files read so far (by path, size and modification time, so an edited file is
/// counted again).
#[derive(Clone, Debug, Default)]
pub struct DataDirs {
    roots: Vec<(String, PathBuf)>,
    counts: Arc<Mutex<PuzzleCounts>>,
}

impl DataDirs {
    /// The directories given on the command line: each must exist and be a directory, and
    /// their last names must differ.
    pub fn open(dirs: &[PathBuf]) -> Result<DataDirs, DataError> {
        let mut roots: Vec<(String, PathBuf)> = Vec::new();
        for dir in dirs {
            let shown = dir.display().to_string();
            let bad = |problem: String| DataError::BadDirectory {
                dir: shown.clone(),
                problem,
            };
            let canonical = dir.canonicalize().map_err(|e| bad(e.to_string()))?;
            if !canonical.is_dir() {
                return Err(bad("not a directory".into()));
            }
            let name = canonical
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .ok_or_else(|| bad("the root directory cannot be served".into()))?;
            if let Some((_, other)) = roots.iter().find(|(n, _)| *n == name) {
                return Err(DataError::SameName {
                    first: other.display().to_string(),
                    second: shown,
                    name,
                });
            }
            roots.push((name, canonical));
        }
        Ok(DataDirs {
            roots,
            counts: Arc::default(),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.roots.is_empty()
    }

    /// Every collection file under the directories, sorted by label, with its puzzle
    /// count. Files that cannot be read are left out.
    pub fn list(&self) -> Vec<CollectionFile> {
        let mut files = Vec::new();
        for (name, root) in &self.roots {
            let mut found = Vec::new();
            walk(root, root, 0, &mut found);
            for path in found {
                let rel = path.strip_prefix(root).expect("walked under the root");
                let label = format!("{name}/{}", slash_path(rel));
                if let Ok(puzzles) = self.count(&path, &label) {
                    files.push(CollectionFile { label, puzzles });
                }
            }
        }
        files.sort_by(|a, b| a.label.cmp(&b.label));
        files
    }

    /// The file a label names, if it is one [`DataDirs::list`] lists.
    pub fn resolve(&self, label: &str) -> Result<PathBuf, DataError> {
        let bad = |problem| DataError::BadLabel {
            label: excerpt(label, 80),
            problem,
        };
        let unknown = || DataError::Unknown {
            label: excerpt(label, 80),
        };
        if label.is_empty() {
            return Err(bad("empty (give a label as GET /api/collections lists it)"));
        }
        if label.contains('\0') {
            return Err(bad("contains a NUL byte"));
        }
        let path = Path::new(label);
        if path.is_absolute() || label.starts_with('\\') {
            return Err(bad("is an absolute path; labels are relative, as listed"));
        }
        for part in label.split(['/', '\\']) {
            match part {
                ".." => return Err(bad("contains '..'; labels stay inside --data")),
                "" | "." => return Err(bad("has an empty or '.' component")),
                p if p.starts_with('.') => return Err(bad("names a hidden file or directory")),
                _ => {}
            }
        }
        if path
            .components()
            .any(|c| !matches!(c, Component::Normal(_)))
        {
            return Err(bad("is not a plain relative path"));
        }
        let (dir, rel) = label.split_once('/').ok_or_else(unknown)?;
        let (_, root) = self
            .roots
            .iter()
            .find(|(name, _)| name == dir)
            .ok_or_else(unknown)?;
        let full = root.join(rel);
        let canonical = full.canonicalize().map_err(|_| unknown())?;
        if !canonical.starts_with(root) {
            return Err(DataError::Escapes {
                label: excerpt(label, 80),
            });
        }
        if !canonical.is_file() || !listed_name(&full) {
            return Err(unknown());
        }
        Ok(canonical)
    }

    /// Puzzle `n` (1-based, as text from the request) of the file `label` names.
    pub fn pick(&self, label: &str, n: &str) -> Result<PickedPuzzle, DataError> {
        let path = self.resolve(label)?;
        let n: usize = n.trim().parse().map_err(|_| DataError::BadNumber {
            given: excerpt(n, 40),
        })?;
        let text = read_text(&path, label)?;
        let mut items = collection_items(&text);
        let count = items.len();
        if count == 0 {
            return Err(DataError::Empty {
                label: label.to_string(),
            });
        }
        if n == 0 || n > count {
            return Err(DataError::OutOfRange {
                label: label.to_string(),
                n,
                count,
            });
        }
        let item = items
            .swap_remove(n - 1)
            .map_err(|source| DataError::Malformed {
                label: label.to_string(),
                line: source.line,
                source,
            })?;
        let (puzzle, name) = match &item.grid {
            ParsedGrid::Puzzle(p) => (p.line(), p.name.clone()),
            // a state on one line every reader reads back (its HoDoKu line or pencil marks)
            ParsedGrid::State(_) => (item.grid.line(), None),
        };
        Ok(PickedPuzzle {
            file: label.to_string(),
            n,
            count,
            line: item.line,
            puzzle,
            name,
        })
    }

    /// The puzzle count of `path`, read again only when its size or time changed.
    fn count(&self, path: &Path, label: &str) -> Result<usize, DataError> {
        let meta = std::fs::metadata(path).map_err(|e| DataError::Unreadable {
            label: label.to_string(),
            problem: e.to_string(),
        })?;
        let stamp = (meta.len(), meta.modified().ok());
        let counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(len, time, n)) = counts.get(path) {
            if (len, time) == stamp {
                return Ok(n);
            }
        }
        drop(counts);
        let n = collection_items(&read_text(path, label)?).len();
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.insert(path.to_path_buf(), (stamp.0, stamp.1, n));
        Ok(n)
    }
}

/// A listed file's text: at most [`MAX_FILE`] bytes of UTF-8.
fn read_text(path: &Path, label: &str) -> Result<String, DataError> {
    let unreadable = |problem: String| DataError::Unreadable {
        label: label.to_string(),
        problem,
    };
    let len = std::fs::metadata(path)
        .map_err(|e| unreadable(e.to_string()))?
        .len();
    if len > MAX_FILE {
        return Err(unreadable(format!(
            "{len} bytes, more than the {MAX_FILE} a collection may have"
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| unreadable(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| {
        unreadable(format!(
            "not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

fn listed_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

fn slash_path(rel: &Path) -> String {
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The collection files under `dir` (which is under `root`), in `found`: no hidden
/// entries, no symlink leading out of `root`, at most [`MAX_DEPTH`] levels down.
fn walk(root: &Path, dir: &Path, depth: usize, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        let Ok(canonical) = path.canonicalize() else {
            continue;
        };
        if !canonical.starts_with(root) {
            continue;
        }
        if canonical.is_dir() {
            if depth < MAX_DEPTH && entry.file_type().is_ok_and(|t| t.is_dir()) {
                walk(root, &path, depth + 1, found);
            }
        } else if canonical.is_file() && listed_name(&path) {
            found.push(path);
        }
    }
}
