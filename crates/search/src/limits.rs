//! Explicit limits of a search: a work budget (partial chains, whips or nets explored), an
//! optional deadline, a memory ceiling and a cancel flag ([`Cancel`]: a program's Ctrl-C),
//! all respected by stopping — a search that stops
//! on a limit says which one ([`Stop`]), and its caller reports how far it got instead of
//! "none".
//!
//! A [`Meter`] carries the limits through one job (an `explain --all`, one target): each
//! search asks it for its own node cap ([`Meter::per_search_nodes`], never more than the
//! budget left or than the memory ceiling allows), reports what it spent
//! ([`Meter::spend`]), and checks the deadline and the process's resident memory between
//! targets ([`Meter::check`]). The maximum length is not in the meter: every search takes
//! it as an argument.
//!
//! The resident memory is read from `/proc` at most once every [`MEMORY_SAMPLE`] in the
//! whole process ([`recent_resident_bytes`]): force chains check their meter once per
//! branch, and reading `/proc/self/statm` that often was an eighth of an explanation's time.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Bytes a partial whip or chain costs at most, with its share of the search's tables
/// (used to turn a memory ceiling into a node cap).
pub const BYTES_PER_NODE: u64 = 160;

/// The limits of one job.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Partial chains, whips or nets explored in all; `None`: no budget.
    pub budget: Option<u64>,
    /// Stop at this time.
    pub deadline: Option<Instant>,
    /// Stop when the process's resident memory passes this many bytes.
    pub memory_ceiling: Option<u64>,
    /// The memory one search may hold (its partial chains or whips), in bytes: a node cap
    /// that does not depend on what else the process holds, so a search cut by it is cut
    /// the same way on every run ([`Meter::cap`]).
    pub search_memory: Option<u64>,
    /// Stop when another thread raises this flag (checked wherever the deadline is).
    pub cancel: Option<Cancel>,
}

/// A flag another thread raises to stop a job within moments, wherever its searches check
/// their deadline: the Python package's KeyboardInterrupt. `'static` so that [`Limits`]
/// stays `Copy`; a program makes few (each [`Cancel::new`] keeps one flag for the life of
/// the process) and lowers one again to reuse it ([`Cancel::lower`]).
#[derive(Clone, Copy, Debug)]
pub struct Cancel(&'static AtomicBool);

impl Cancel {
    /// A new flag, lowered, kept for the life of the process.
    pub fn new() -> Cancel {
        Cancel(Box::leak(Box::new(AtomicBool::new(false))))
    }

    /// Ask every job with this flag to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lower the flag (before a new job uses it).
    pub fn lower(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Default for Cancel {
    fn default() -> Cancel {
        Cancel::new()
    }
}

/// The same flag.
impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Cancel {}

impl Limits {
    /// No limit at all (ratings: SudoRules' searches have none).
    pub fn unlimited() -> Limits {
        Limits::default()
    }

    /// A budget, a time limit from now and a memory ceiling in bytes.
    pub fn new(budget: Option<u64>, timeout: Option<Duration>, memory: Option<u64>) -> Limits {
        Limits {
            budget,
            deadline: timeout.map(|t| Instant::now() + t),
            memory_ceiling: memory,
            search_memory: None,
            cancel: None,
        }
    }

    /// The job was cancelled, the deadline has passed, or the process's resident memory is
    /// over the ceiling: the limit reached, if any (the budget is a [`Meter`]'s to count).
    pub fn reached(&self) -> Option<Stop> {
        if self.cancelled() {
            return Some(Stop::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Stop::Deadline);
        }
        if let Some(ceiling) = self.memory_ceiling {
            if recent_resident_bytes().is_some_and(|rss| rss >= ceiling) {
                return Some(Stop::Memory { ceiling });
            }
        }
        None
    }

    /// Whether the job's cancel flag is raised.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.is_raised())
    }

    /// The deadline has passed or the job was cancelled: what a search that checks the
    /// clock itself between its nodes asks (cheaper than [`Limits::reached`], which may
    /// read the process's memory).
    pub fn past_deadline(&self) -> bool {
        self.cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The node cap of one search whose own default cap is `default` and whose nodes cost
    /// `bytes_per_node` each, with the limit that sets it: the search's memory share when it
    /// is the smallest, else the default ([`Stop::SearchBudget`]). The budget and the
    /// process's ceiling are checked apart ([`Meter`], [`Limits::reached`]).
    pub fn search_cap(&self, default: usize, bytes_per_node: u64) -> (usize, Stop) {
        match self.search_memory {
            Some(bytes) if bytes / bytes_per_node.max(1) < default as u64 => (
                (bytes / bytes_per_node.max(1)).max(1) as usize,
                Stop::SearchMemory { share: bytes },
            ),
            _ => (default, Stop::SearchBudget),
        }
    }
}

/// The per-puzzle bounds of a command, as asked (`--timeout`, `--memory`, `--budget`):
/// turned into one puzzle's [`Limits`] when its work starts ([`Bounds::start`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Time per puzzle; `None`: none.
    pub timeout: Option<Duration>,
    /// Memory per puzzle in bytes; `None`: none.
    pub memory: Option<u64>,
    /// Partial chains, whips or nets explored per puzzle; `None`: none.
    pub budget: Option<u64>,
    /// Puzzles worked on at once (the process's ceiling is this many puzzles' memory).
    pub at_once: usize,
    /// Stop every puzzle's work when raised (a program's Ctrl-C); `None`: never.
    pub cancel: Option<Cancel>,
}

/// The default time per puzzle of the commands that search (`--timeout`), in seconds.
pub const DEFAULT_TIMEOUT_S: u64 = 60;
/// The default memory per puzzle of the commands that search (`--memory`), in MB.
pub const DEFAULT_MEMORY_MB: u64 = 500;
/// The share of a puzzle's memory one search may hold: two searches of one puzzle run at
/// once on a two-core machine, beside the state's tables.
pub const SEARCH_SHARE_PERCENT: u64 = 35;

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            timeout: Some(Duration::from_secs(DEFAULT_TIMEOUT_S)),
            memory: Some(DEFAULT_MEMORY_MB * 1_000_000),
            budget: None,
            at_once: 1,
            cancel: None,
        }
    }
}

impl Bounds {
    /// No bound at all (library callers that bound nothing, benchmarks of the searches).
    pub fn none() -> Bounds {
        Bounds {
            timeout: None,
            memory: None,
            budget: None,
            at_once: 1,
            cancel: None,
        }
    }

    /// One puzzle's limits from now: its deadline, its searches' memory share, and the
    /// process's ceiling (what the process held when the command started, plus this much
    /// per puzzle worked on at once).
    pub fn start(&self) -> Limits {
        Limits {
            budget: self.budget,
            deadline: self.timeout.map(|t| Instant::now() + t),
            memory_ceiling: self
                .memory
                .map(|m| baseline_bytes() + m * self.at_once.max(1) as u64),
            search_memory: self.memory.map(|m| m / 100 * SEARCH_SHARE_PERCENT),
            cancel: self.cancel,
        }
    }

    /// `60 s, 500 MB` (what a cut result names as the bounds it ran under).
    pub fn describe(&self) -> String {
        let time = self.timeout.map_or("no time limit".to_string(), |t| {
            format!("{} s", t.as_secs_f64())
        });
        let memory = self.memory.map_or("no memory limit".to_string(), |m| {
            format!("{} MB", m / 1_000_000)
        });
        match self.budget {
            Some(b) => format!("{time}, {memory}, budget {}", thousands(b)),
            None => format!("{time}, {memory}"),
        }
    }
}

/// The process's resident memory when first asked (the tables and buffers every command
/// holds before its first puzzle), so that a ceiling counts only what puzzles add.
fn baseline_bytes() -> u64 {
    static BASE: OnceLock<u64> = OnceLock::new();
    *BASE.get_or_init(|| resident_bytes().unwrap_or(0))
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The job's budget is spent.
    Budget { budget: u64 },
    /// The deadline passed.
    Deadline,
    /// The process's resident memory passed the ceiling.
    Memory { ceiling: u64 },
    /// One search's own node cap (a default per target, not the job's budget).
    SearchBudget,
    /// One search filled its share of the memory ([`Limits::search_memory`]).
    SearchMemory { share: u64 },
    /// The job's cancel flag was raised ([`Cancel`]).
    Cancelled,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Budget { budget } => {
                write!(
                    f,
                    "budget of {} partial chains/whips spent",
                    thousands(*budget)
                )
            }
            Stop::Deadline => f.write_str("time limit reached"),
            Stop::Memory { ceiling } => {
                write!(f, "memory ceiling of {} MB reached", ceiling / 1_000_000)
            }
            Stop::SearchBudget => f.write_str("one search's node budget spent"),
            Stop::Cancelled => f.write_str("cancelled"),
            Stop::SearchMemory { share } => {
                write!(
                    f,
                    "one search filled its memory share of {} MB",
                    share / 1_000_000
                )
            }
        }
    }
}

impl Stop {
    /// Whether this limit is the whole job's (its budget, deadline, memory ceiling or
    /// cancel flag), which stops every later search too, rather than one search's own cap
    /// ([`Stop::SearchBudget`], [`Stop::SearchMemory`]), after which other searches may
    /// still run.
    pub fn ends_the_job(&self) -> bool {
        match self {
            Stop::Budget { .. } | Stop::Deadline | Stop::Memory { .. } | Stop::Cancelled => true,
            Stop::SearchBudget | Stop::SearchMemory { .. } => false,
        }
    }

    /// `time`, `memory` or `budget`: the kind of bound, as a cut result names it
    /// (`B>12 (memory bound)`); `cancel` for a cancelled job.
    pub fn bound(&self) -> &'static str {
        match self {
            Stop::Deadline => "time",
            Stop::Cancelled => "cancel",
            Stop::Memory { .. } | Stop::SearchMemory { .. } => "memory",
            Stop::Budget { .. } | Stop::SearchBudget => "budget",
        }
    }
}

/// `2,000,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The limits of a job and what it has spent.
#[derive(Clone, Debug)]
pub struct Meter {
    limits: Limits,
    spent: u64,
    stopped: Option<Stop>,
}

impl Default for Meter {
    fn default() -> Meter {
        Meter::unlimited()
    }
}

impl Meter {
    pub fn new(limits: Limits) -> Meter {
        Meter {
            limits,
            spent: 0,
            stopped: None,
        }
    }

    pub fn unlimited() -> Meter {
        Meter::new(Limits::unlimited())
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Nodes spent so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Count `nodes` explored.
    pub fn spend(&mut self, nodes: usize) {
        self.spent = self.spent.saturating_add(nodes as u64);
    }

    /// The limit that has been reached, if any (once one is reached, it stays).
    pub fn check(&mut self) -> Option<Stop> {
        if self.stopped.is_none() {
            self.stopped = self.reached();
        }
        self.stopped
    }

    fn reached(&self) -> Option<Stop> {
        if let Some(budget) = self.limits.budget {
            if self.spent >= budget {
                return Some(Stop::Budget { budget });
            }
        }
        self.limits.reached()
    }

    /// The node cap for one search whose own default cap is `default`: never more than the
    /// budget left, nor more nodes than the memory ceiling has room for, nor than the
    /// search's memory share holds.
    pub fn per_search_nodes(&self, default: usize) -> usize {
        self.search_cap(default, BYTES_PER_NODE).0
    }

    /// [`Meter::per_search_nodes`] for nodes of `bytes_per_node` bytes, with the limit that
    /// sets the cap (what a search stopped by its cap reports).
    pub fn search_cap(&self, default: usize, bytes_per_node: u64) -> (usize, Stop) {
        let per = bytes_per_node.max(1);
        let (mut cap, mut stop) = self.limits.search_cap(default, per);
        let mut cap64 = cap as u64;
        if let Some(budget) = self.limits.budget {
            let left = budget.saturating_sub(self.spent).max(1);
            if left < cap64 {
                (cap64, stop) = (left, Stop::Budget { budget });
            }
        }
        if let Some(ceiling) = self.limits.memory_ceiling {
            let used = recent_resident_bytes().unwrap_or(0);
            let room = (ceiling.saturating_sub(used) / per).max(1);
            if room < cap64 {
                (cap64, stop) = (room, Stop::Memory { ceiling });
            }
        }
        cap = cap64.min(usize::MAX as u64) as usize;
        (cap, stop)
    }

    /// A meter for a part of the job that must end by `deadline` (or by the job's own
    /// deadline when that comes first): the job's other limits and what it has spent so far.
    /// [`Meter::absorb`] takes back what the part spent.
    pub fn part_until(&self, deadline: Instant) -> Meter {
        let mut limits = self.limits;
        limits.deadline = Some(self.limits.deadline.map_or(deadline, |d| d.min(deadline)));
        Meter {
            limits,
            spent: self.spent,
            stopped: None,
        }
    }

    /// Count what a part of this job ([`Meter::part_until`]) spent.
    pub fn absorb(&mut self, part: &Meter) {
        self.spent = self.spent.max(part.spent);
    }

    /// The deadline, for searches that check it themselves.
    pub fn deadline(&self) -> Option<Instant> {
        self.limits.deadline
    }

    /// The cancel flag, for searches that check the deadline themselves.
    pub fn cancel(&self) -> Option<Cancel> {
        self.limits.cancel
    }
}

/// How old a reading of the resident memory may be when a meter checks its ceiling.
pub const MEMORY_SAMPLE: Duration = Duration::from_millis(2);

/// The process's resident memory as read at most [`MEMORY_SAMPLE`] ago (by any thread),
/// read again when older: a search cannot allocate much in that time, and reading `/proc`
/// costs tens of microseconds.
pub fn recent_resident_bytes() -> Option<u64> {
    // the last reading (bytes + 1; 0: none) and when, in nanoseconds since `EPOCH`
    static LAST_BYTES: AtomicU64 = AtomicU64::new(0);
    static LAST_AT: AtomicU64 = AtomicU64::new(0);
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let now = EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as u64;
    let bytes = LAST_BYTES.load(Ordering::Acquire);
    let at = LAST_AT.load(Ordering::Acquire);
    if bytes != 0 && now.saturating_sub(at) < MEMORY_SAMPLE.as_nanos() as u64 {
        return Some(bytes - 1);
    }
    let read = resident_bytes()?;
    LAST_BYTES.store(read + 1, Ordering::Release);
    LAST_AT.store(now, Ordering::Release);
    Some(read)
}

/// The process's resident memory in bytes (Linux; `None` elsewhere).
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u64::try_from(page).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_stops_and_says_so() {
        let mut m = Meter::new(Limits::new(Some(1000), None, None));
        assert_eq!(m.check(), None);
        assert_eq!(m.per_search_nodes(1_000_000), 1000);
        m.spend(600);
        assert_eq!(m.per_search_nodes(1_000_000), 400);
        m.spend(600);
        assert_eq!(m.check(), Some(Stop::Budget { budget: 1000 }));
        assert_eq!(
            m.check().unwrap().to_string(),
            "budget of 1,000 partial chains/whips spent"
        );
    }

    #[test]
    fn a_raised_flag_cancels() {
        let cancel = Cancel::new();
        let limits = Limits {
            cancel: Some(cancel),
            ..Limits::unlimited()
        };
        let mut m = Meter::new(limits);
        assert_eq!(m.check(), None);
        assert!(!limits.past_deadline());
        cancel.raise();
        assert!(limits.past_deadline());
        assert_eq!(m.check(), Some(Stop::Cancelled));
        cancel.lower();
        assert_eq!(Meter::new(limits).check(), None);
        assert_ne!(Some(cancel), Some(Cancel::new()), "each flag is its own");
    }

    #[test]
    fn a_passed_deadline_stops() {
        let mut m = Meter::new(Limits::new(None, Some(Duration::ZERO), None));
        assert_eq!(m.check(), Some(Stop::Deadline));
    }

    #[test]
    fn a_memory_ceiling_below_the_process_stops() {
        let mut m = Meter::new(Limits::new(None, None, Some(1)));
        if resident_bytes().is_some() {
            assert_eq!(m.check(), Some(Stop::Memory { ceiling: 1 }));
            assert_eq!(m.per_search_nodes(10), 1);
        }
    }
}
