//! The bounds every command that searches takes (`--timeout`, `--memory`, `--budget`): per
//! puzzle for the batch commands, for the one puzzle otherwise. The flags are parsed here
//! and resolved into the library's [`Bounds`]; 0 means none.

use std::time::Duration;
use sudolink_search::limits::{Bounds, DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_S};

/// `--timeout`, `--memory`, `--budget`, flattened into a command's arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct BoundArgs {
    /// Time limit per puzzle in seconds (0: none); a rating or path it cuts is stated as
    /// cut, e.g. `B>12 (time bound)`
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TIMEOUT_S as f64,
          value_parser = super::numbers::seconds_or_none)]
    pub timeout: f64,
    /// Memory per puzzle in MB (0: none): each search holds at most a share of it, and the
    /// process stays under it times the puzzles worked on at once
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_MEMORY_MB)]
    pub memory: u64,
    /// Work budget per puzzle: partial chains, whips or nets explored (0 or absent: none)
    #[arg(long, value_name = "NODES")]
    pub budget: Option<u64>,
}

impl BoundArgs {
    /// The bounds of one puzzle, for a command that works on `at_once` puzzles at a time.
    pub fn bounds(&self, at_once: usize) -> Bounds {
        Bounds {
            timeout: (self.timeout > 0.0).then(|| Duration::from_secs_f64(self.timeout)),
            memory: (self.memory > 0).then(|| self.memory * 1_000_000),
            budget: self.budget.filter(|&b| b > 0),
            at_once: at_once.max(1),
            cancel: None,
        }
    }

    /// [`BoundArgs::bounds`] for a batch on the rayon pool (its threads work on that many
    /// puzzles at once, at most as many as there are).
    pub fn batch_bounds(&self, puzzles: usize) -> Bounds {
        self.bounds(rayon::current_num_threads().min(puzzles))
    }
}
