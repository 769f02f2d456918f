//! What `classify` and `subsume` share at the command line: their common arguments, reading
//! the puzzle file, running the study ([`sudolink_study::run::drive`], with a progress
//! bar), and the one rule for puzzles that could not be studied (the same as `rate`'s: each
//! named with its line, then exit 1 unless `--keep-going`).

use super::input::{read_list, ListInput};
use super::progress::Status;
use anyhow::{bail, Result};
use sudolink_study::run::{drive, Failure, Outcome, RunOptions, Study, StudyInput, Tally};

/// The arguments every study command takes (flattened into its own).
#[derive(clap::Args, Debug)]
pub struct StudyArgs {
    /// A list of puzzles: a file (one per line with its columns, grids over several lines,
    /// `[code]` blocks...), `-` for standard input, or `FILE:K` for its puzzle K alone
    pub input: String,
    /// Longest proof to try, its length on the scale; 7 by default (not solve's 20): a study
    /// rates every puzzle of a file in every scheme, and Berthier's L, M, N classification
    /// of random puzzles counts the levels up to 7; for BxB and BxBB the longest braids
    /// (default 14 and 5: the SHC's bounds)
    #[arg(long, value_parser = super::numbers::max_len)]
    pub max_len: Option<usize>,
    /// Store the run in this SQLite file (created if missing); running the same command
    /// again resumes an interrupted run or reads back a finished one. Every puzzle is
    /// stored within about a second of being done
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Write into an existing SQLite file that is not a sudolink store (adds our tables)
    #[arg(long, requires = "db")]
    pub force: bool,
    /// Print the result as one JSON object
    #[arg(long)]
    pub json: bool,
    /// Exit 0 even when some puzzles could not be studied (no or several solutions,
    /// contradictory givens); they are still named on stderr
    #[arg(long)]
    pub keep_going: bool,
    /// Stop after this many more puzzles (leaves the run unfinished; for tests)
    #[arg(long, hide = true)]
    pub stop_after: Option<usize>,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

impl StudyArgs {
    /// `--max-len`, or the default.
    pub fn max_len(&self) -> usize {
        self.max_len.unwrap_or(sudolink_study::rules::STUDY_MAX_LEN)
    }
}

impl StudyArgs {
    /// The puzzles of the input (a file's identified by its absolute path).
    pub fn read_input(&self) -> Result<StudyInput> {
        read_study_input(&self.input)
    }

    /// Run `study` over `input` into `tally`, with a progress bar named after the study.
    pub fn drive<S: Study, T: Tally<S::Output>>(
        &self,
        study: &S,
        tally: &mut T,
        input: &StudyInput,
    ) -> Result<Outcome> {
        let options = RunOptions {
            db: self.db.as_deref(),
            force: self.force,
            stop_after: self.stop_after,
        };
        let status = Status::new(S::KIND, "puzzles");
        let outcome = drive(study, tally, input, &options, |done, total, line, cut| {
            status.update(done, total, &format!("line {line}, {cut} cut"))
        });
        status.finish();
        Ok(outcome?)
    }

    /// The failure rule, after the result is printed: each item of the input that was not
    /// read and each failed puzzle on stderr with its line, then an error (exit 1) unless
    /// `--keep-going`.
    pub fn judge(&self, input: &StudyInput, failures: &[Failure], verb: &str) -> Result<()> {
        let total = input.puzzles.len() + input.unread.len();
        let (cut, failures): (Vec<&Failure>, Vec<&Failure>) = failures.iter().partition(|f| f.cut);
        if !cut.is_empty() {
            let lines: Vec<String> = cut.iter().map(|f| f.line.to_string()).collect();
            eprintln!(
                "note: {} of {total} puzzle(s) cut by a bound ({}): line(s) {}; run again \
                 with a larger --timeout, --memory or --budget (with --db, only those are \
                 studied again)",
                cut.len(),
                self.bounds.bounds(1).describe(),
                lines.join(", ")
            );
        }
        if failures.is_empty() && input.unread.is_empty() {
            return Ok(());
        }
        // in file order: the items not read and the puzzles not studied
        let mut errors: Vec<(usize, String)> = input
            .unread
            .iter()
            .map(|u| {
                // a parse error names its line itself
                if u.why.starts_with("line ") {
                    (u.line, u.why.clone())
                } else {
                    (u.line, format!("line {}: {}", u.line, u.why))
                }
            })
            .chain(
                failures
                    .iter()
                    .map(|f| (f.line, format!("line {}: {}", f.line, f.why))),
            )
            .collect();
        errors.sort_by_key(|(line, _)| *line);
        let shown = match self.input.as_str() {
            "-" => "standard input",
            file => file,
        };
        for (_, error) in &errors {
            eprintln!("error: {shown}: {error}");
        }
        some_failed(
            failures.len() + input.unread.len(),
            total,
            verb,
            self.keep_going,
        )
    }
}

/// The puzzles of a study's input `arg` (a file's identified by its absolute path).
pub fn read_study_input(arg: &str) -> Result<StudyInput> {
    let ListInput { origin, key, items } = read_list(arg)?;
    if items.is_empty() {
        bail!("{origin}: holds no puzzle (only blank or comment lines)");
    }
    Ok(StudyInput::from_items(
        key,
        items.into_iter().map(|(_, read)| read),
    )?)
}

/// The one rule for puzzles that could not be studied, once their errors are printed: an
/// error (exit 1) naming how many, unless `--keep-going` makes it a note.
pub fn some_failed(failed: usize, total: usize, verb: &str, keep_going: bool) -> Result<()> {
    if failed == 0 {
        return Ok(());
    }
    let summary =
        format!("{failed} of {total} puzzle(s) could not be {verb} (see the errors above)");
    if !keep_going {
        bail!("{summary}; pass --keep-going to exit 0 anyway");
    }
    eprintln!("note: {summary}");
    Ok(())
}
