//! Progress of a long command: a bar on a terminal (indicatif); when stderr is not a
//! terminal (a logged or piped run), a one-line status every few seconds, so logs are not
//! silent.

use indicatif::{ProgressBar, ProgressStyle};
use std::cell::RefCell;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Seconds between two status lines when stderr is not a terminal (the environment
/// variable `SUDOLINK_STATUS_SECONDS` overrides it, for tests and impatient logs).
const STATUS_EVERY: Duration = Duration::from_secs(5);

fn status_every() -> Duration {
    std::env::var("SUDOLINK_STATUS_SECONDS")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e6)
        .map_or(STATUS_EVERY, Duration::from_secs_f64)
}

/// A progress display: a bar, or periodic status lines.
pub struct Status {
    what: &'static str,
    unit: &'static str,
    bar: Option<ProgressBar>,
    started: Instant,
    last_line: RefCell<Instant>,
    every: Duration,
}

impl Status {
    /// `what` names the job (`explain --all`), `unit` what is counted.
    pub fn new(what: &'static str, unit: &'static str) -> Status {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(0);
            bar.set_style(
                ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed})")
                    .expect("a valid template")
                    .progress_chars("=> "),
            );
            bar.set_prefix(what);
            bar
        });
        Status {
            what,
            unit,
            bar,
            started: Instant::now(),
            last_line: RefCell::new(Instant::now()),
            every: status_every(),
        }
    }

    /// `done` of `total` units, now on `detail`.
    pub fn update(&self, done: u64, total: u64, detail: &str) {
        match &self.bar {
            Some(bar) => {
                bar.set_length(total);
                bar.set_position(done);
                bar.set_message(detail.to_string());
            }
            None => {
                let mut last = self.last_line.borrow_mut();
                if last.elapsed() >= self.every {
                    *last = Instant::now();
                    eprintln!("{}", self.line(done, total, detail));
                }
            }
        }
    }

    fn line(&self, done: u64, total: u64, detail: &str) -> String {
        format!(
            "{}: {done}/{total} {} ({detail}), {:.0} s",
            self.what,
            self.unit,
            self.started.elapsed().as_secs_f64()
        )
    }

    /// Clear the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
