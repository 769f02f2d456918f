//! The sharded study driver (notebooks/shard.py) on a Dask LocalCluster of 2 workers, and on
//! a real cluster (`dask scheduler` and two `dask worker` processes over TCP on 127.0.0.1,
//! rating SER): one worker process is killed with SIGKILL while it runs a shard, Dask retries
//! that shard on a live worker, the shard's db resumes, and the merged db must hold the same
//! results as one `classify --db` process over the whole collection (shard.py compare). Runs
//! in the Python of `.venv/` (made by `.ci/test`) or of $SUDOLINK_PYTHON; skipped when it
//! lacks dask.distributed, unless SUDOLINK_REQUIRE_TOOLS=1 says it must run.

use crate::common;

use common::{data_text, ok};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The notebooks' Python when it has dask.distributed.
fn python_with_dask() -> Option<PathBuf> {
    let python = match std::env::var("SUDOLINK_PYTHON") {
        Ok(p) => PathBuf::from(p),
        Err(_) => root().join(".venv/bin/python"),
    };
    let has = Command::new(&python)
        .args(["-c", "import dask.distributed"])
        .output()
        .is_ok_and(|o| o.status.success());
    if has {
        return Some(python);
    }
    if std::env::var("SUDOLINK_REQUIRE_TOOLS").as_deref() == Ok("1") {
        panic!(
            "{} with dask.distributed is required (SUDOLINK_REQUIRE_TOOLS=1) but missing: \
             run .ci/test to make .venv",
            python.display()
        );
    }
    eprintln!(
        "skipped: no dask.distributed in {} (run .ci/test to make .venv)",
        python.display()
    );
    None
}

/// The header line and the first `n` puzzle lines (TAB columns kept) of data/cbg000.txt.
fn small_collection(path: &Path, n: usize) {
    let text = data_text("cbg000.txt");
    let lines: Vec<&str> = text.lines().take(n + 1).collect();
    assert!(lines[0].starts_with('#'));
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

fn shard_py(python: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(python)
        .arg(root().join("notebooks/shard.py"))
        .args(args)
        .output()
        .expect("run shard.py");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Start `shard.py run ARGS OPTIONS` into `merged` through `work`, with this build's binary;
/// its stdout piped, its stderr in `errors` (a file, not a pipe nobody reads while the run
/// goes on: Dask's warnings).
fn start_run(
    python: &Path,
    args: &[&str],
    options: &[&str],
    (merged, work, errors): (&Path, &Path, &Path),
) -> std::process::Child {
    Command::new(python)
        .arg(root().join("notebooks/shard.py"))
        .arg("run")
        .args(args)
        .args(options)
        .arg("--db")
        .arg(merged)
        .arg("--work")
        .arg(work)
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_sudolink"))
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(errors).unwrap())
        .spawn()
        .expect("start shard.py")
}

/// `shard.py compare`: the merged db holds the one process's results, `counts` of them.
fn same_as_one_process(python: &Path, single: &Path, merged: &Path, counts: &str) {
    let (same, text) = shard_py(
        python,
        &[
            "compare",
            single.to_str().unwrap(),
            merged.to_str().unwrap(),
        ],
    );
    assert!(same, "merged db differs from one process:\n{text}");
    assert!(text.contains(counts), "{text}");
}

#[test]
fn a_sharded_run_survives_a_killed_worker_and_equals_one_process() {
    let Some(python) = python_with_dask() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("cb.txt");
    small_collection(&puzzles, 360);
    let single = dir.path().join("single.db");
    let merged = dir.path().join("merged.db");
    let work = dir.path().join("work");
    let errors = dir.path().join("stderr.txt");
    let p = puzzles.to_str().unwrap();
    let (scheme, max_len) = ("L,W", "5");
    let classify = |db: &Path| {
        ok(&[
            "classify",
            p,
            "--scheme",
            scheme,
            "--max-len",
            max_len,
            "--db",
            db.to_str().unwrap(),
        ])
    };
    let table = classify(&single);

    // the sharded run: kill the other worker when the first shard is done
    let child = start_run(
        &python,
        &["classify", p, "--workers", "2", "--shards", "6"],
        &["--scheme", scheme, "--max-len", max_len],
        (&merged, &work, &errors),
    );
    let log = run_killing_a_worker(child, &errors);
    assert_eq!(log.matches(" done in ").count(), 6, "{log}");
    // a LocalCluster's shards share the cores: each sudolink gets its share, not all of them
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = (cores / 2).max(1);
    let per_shard = format!(
        "{share} thread{} per shard",
        if share > 1 { "s" } else { "" }
    );
    assert!(log.contains(&per_shard), "{per_shard}?\n{log}");
    assert!(log.contains("merged into"), "{log}");

    same_as_one_process(&python, &single, &merged, "360 puzzles, 720 ratings");

    // the merged run has the single run's parameters: classify reads it back, same table
    let again = classify(&merged);
    let untimed = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.contains("ms/puzzle"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(untimed(&again), untimed(&table));

    w_column_equals_rate(p, max_len, &merged, 360);

    // run again: every shard and the merge are already done
    let (done, text) = shard_py(
        &python,
        &[
            "run",
            "classify",
            p,
            "--workers",
            "2",
            "--shards",
            "6",
            "--scheme",
            scheme,
            "--max-len",
            max_len,
            "--db",
            merged.to_str().unwrap(),
            "--work",
            work.to_str().unwrap(),
            "--bin",
            env!("CARGO_BIN_EXE_sudolink"),
        ],
    );
    assert!(done && text.contains("already holds this run"), "{text}");

    a_shard_needs_a_thread(&python, p);
}

/// Read the run's log as it goes; when the first shard is done, kill (SIGKILL) the other
/// worker, which is mid-shard. The run must still succeed. Returns its log.
fn run_killing_a_worker(mut child: std::process::Child, errors: &Path) -> String {
    let mut log = String::new();
    let mut pids: Vec<String> = Vec::new();
    let mut killed = None;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        log.push_str(&line);
        log.push('\n');
        if let Some(rest) = line.split_once(" pids ").map(|(_, r)| r.to_string()) {
            pids = rest.split_whitespace().map(str::to_string).collect();
        }
        if killed.is_none() && line.contains(" done in ") {
            // the worker that just finished took another shard; the other is mid-shard
            let after = line.split("worker pid ").nth(1).unwrap_or("");
            let finisher: String = after.chars().take_while(char::is_ascii_digit).collect();
            let victim = pids
                .iter()
                .find(|p| **p != finisher)
                .expect("two worker pids")
                .clone();
            let status = Command::new("kill").args(["-9", &victim]).status().unwrap();
            assert!(status.success(), "kill -9 {victim}");
            killed = Some(victim);
        }
    }
    let status = child.wait().unwrap();
    let stderr = std::fs::read_to_string(errors).unwrap_or_default();
    assert!(status.success(), "shard.py failed:\n{log}\n{stderr}");
    let victim = killed.unwrap_or_else(|| panic!("no shard finished:\n{log}"));
    eprintln!("killed worker {victim}\n{log}");
    log
}

/// shard.py's `rate` is classify --scheme W: the W column of the `merged` db equals
/// `sudolink rate`'s ratings of the `count` puzzles of `p`.
fn w_column_equals_rate(p: &str, max_len: &str, merged: &Path, count: usize) {
    let rated = ok(&["rate", p, "--max-len", max_len, "--json", "--keep-going"]);
    let rate: Vec<Option<i64>> = rated
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["rating"].as_i64())
        .collect();
    let conn = rusqlite::Connection::open(merged).unwrap();
    let stored: Vec<Option<i64>> = conn
        .prepare("SELECT rating FROM rating WHERE scheme = 'W' ORDER BY position")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rate.len(), count);
    assert_eq!(stored, rate, "classify's W differs from rate's");
}

/// A shard needs at least one thread: shard.py refuses `--threads-per-shard 0`, and
/// writes no db.
fn a_shard_needs_a_thread(python: &Path, p: &str) {
    let (refused, text) = shard_py(
        python,
        &[
            "run",
            "rate",
            p,
            "--db",
            "never.db",
            "--threads-per-shard",
            "0",
        ],
    );
    assert!(!refused, "{text}");
    assert!(
        text.contains("--threads-per-shard must be at least 1"),
        "{text}"
    );
    assert!(!Path::new("never.db").exists());
}

// ---- a real cluster: `dask scheduler` and two `dask worker` processes over TCP ----------

/// Run `python -m dask ARGS` so that it dies with the thread that starts it (Linux's parent
/// death signal survives the exec): a test that dies without unwinding leaves no scheduler.
const DASK_DYING_WITH_TEST: &str = "import ctypes, os, signal, sys; \
     ctypes.CDLL('libc.so.6').prctl(1, signal.SIGKILL); \
     os.execv(sys.executable, [sys.executable, '-m', 'dask'] + sys.argv[1:])";

/// The test's processes, killed (SIGKILL) and reaped when it ends, passing or panicking.
struct Reaper(Vec<std::process::Child>);

impl Drop for Reaper {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Start `python -m dask ARGS` with its output in `log`.
fn dask(python: &Path, args: &[&str], log: &Path) -> std::process::Child {
    let out = std::fs::File::create(log).unwrap();
    Command::new(python)
        .args(["-c", DASK_DYING_WITH_TEST])
        .args(args)
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .expect("start dask")
}

/// Wait (polling) until `ready` returns something, at most `seconds`; else panic with `what`.
fn wait_for<T>(seconds: u64, what: &str, mut ready: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(t) = ready() {
            return t;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The first `n` puzzles of cbg-000 (data/cbg000.txt) whose published SER is below
/// 6.0 (TAB columns kept): SE rates them without chains, so the run's time does not depend
/// on the chaining rules.
fn chainless_sample(path: &Path, n: usize) {
    let text = data_text("cbg000.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter(|l| l.split('\t').nth(1).unwrap().parse::<f64>().unwrap() < 6.0)
        .take(n)
        .collect();
    assert_eq!(lines.len(), n);
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// The puzzles a shard db holds (0 while it has no run, or while its writer holds a lock).
fn stored(db: &Path) -> i64 {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    rusqlite::Connection::open_with_flags(db, flags)
        .and_then(|c| c.query_row("SELECT count(*) FROM run_puzzle", [], |r| r.get(0)))
        .unwrap_or(0)
}

/// The process running `sudolink … SHARD_FILE …` and its parent (the worker): read in /proc.
fn sudolink_on(shard_file: &str) -> Option<(u32, u32)> {
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let args: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
        let is_shard = args.first().is_some_and(|a| a.ends_with(b"sudolink"))
            && args.contains(&shard_file.as_bytes());
        if !is_shard {
            continue;
        }
        let status = std::fs::read_to_string(entry.path().join("status")).ok()?;
        let parent = status
            .lines()
            .find_map(|l| l.strip_prefix("PPid:"))
            .and_then(|p| p.trim().parse().ok())?;
        return Some((pid, parent));
    }
    None
}

#[test]
fn a_sharded_ser_run_on_a_real_scheduler_survives_a_killed_worker() {
    let Some(python) = python_with_dask() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("cb.txt");
    let (count, shards) = (12_000, 4);
    chainless_sample(&puzzles, count);
    let p = puzzles.to_str().unwrap();
    let single = dir.path().join("single.db");
    let merged = dir.path().join("merged.db");
    let work = dir.path().join("work");

    // one process: what `shard.py run rate --scheme SER` stores (classify, max length 20)
    let t = Instant::now();
    let (code, _, stderr) = common::sudolink(&[
        "classify",
        p,
        "--scheme",
        "SER",
        "--max-len",
        "20",
        "--db",
        single.to_str().unwrap(),
        "--keep-going",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let single_seconds = t.elapsed().as_secs_f64();

    let t = Instant::now();
    let mut reaper = Reaper(Vec::new());
    let address = start_cluster(&python, dir.path(), &mut reaper);
    let cluster_seconds = t.elapsed().as_secs_f64();
    let workers: Vec<u32> = reaper.0[1..].iter().map(|c| c.id()).collect();

    // the sharded run through the scheduler
    let t = Instant::now();
    let errors = dir.path().join("shard.stderr");
    reaper.0.push(start_run(
        &python,
        &["rate", p, "--scheme", "SER", "--scheduler", &address],
        &[
            "--shards",
            &shards.to_string(),
            "--threads-per-shard",
            "1",
            "--keep-going",
        ],
        (&merged, &work, &errors),
    ));
    let stdout = reaper.0[3].stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let lines: Vec<String> = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect();
        lines.join("\n")
    });

    let size = count / shards;
    let killed = kill_a_worker_mid_shard(&mut reaper, &workers, &work, &errors, (shards, size), t);
    let k = workers.iter().position(|&w| w == killed.worker).unwrap() + 1;
    let survivor = workers[2 - k];

    let status = wait_for(120, "shard.py to finish", || {
        reaper.0[3].try_wait().unwrap()
    });
    let sharded_seconds = t.elapsed().as_secs_f64();
    let log = reader.join().unwrap();
    let stderr = std::fs::read_to_string(&errors).unwrap_or_default();
    assert!(status.success(), "shard.py failed:\n{log}\n{stderr}");
    assert!(log.contains("2 workers"), "{log}");
    assert_eq!(log.matches(" done in ").count(), shards, "{log}");
    let resumed_from = redone_by_survivor(&log, &killed, survivor);
    let resumed = log.matches("resumed from").count();
    let Killed {
        worker: victim,
        shard: victim_shard,
        progress,
        at: killed_at,
    } = killed;
    eprintln!(
        "real scheduler: {count} puzzles (SER), {shards} shards; one process {single_seconds:.1} s; \
         cluster up in {cluster_seconds:.1} s; sharded run {sharded_seconds:.1} s, worker {victim} \
         killed at {killed_at:.1} s with shard {victim_shard} at {progress}/{size}; \
         {resumed} shard(s) resumed (shard {victim_shard} from {resumed_from})\n{log}"
    );

    same_as_one_process(
        &python,
        &single,
        &merged,
        &format!("{count} puzzles, {count} ratings"),
    );
    ser_numbers_stored(&merged, count);
}

/// A scheduler on a free port (the OS's) and two workers without nannies (a killed worker
/// stays dead), one thread each, all on 127.0.0.1, their scratch space and logs in `dir`;
/// `reaper` holds them (the scheduler first). Returns the scheduler's address once both
/// workers are registered.
fn start_cluster(python: &Path, dir: &Path, reaper: &mut Reaper) -> String {
    let scheduler_file = dir.join("scheduler.json");
    let sf = scheduler_file.to_str().unwrap();
    reaper.0.push(dask(
        python,
        &[
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--dashboard-address",
            "127.0.0.1:0",
            "--scheduler-file",
            sf,
            "--idle-timeout",
            "300s",
        ],
        &dir.join("scheduler.log"),
    ));
    let address: String = wait_for(60, "the scheduler file", || {
        let text = std::fs::read_to_string(&scheduler_file).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        v["address"].as_str().map(str::to_string)
    });
    assert!(address.starts_with("tcp://127.0.0.1:"), "{address}");
    // the workers' scratch space in the test's directory, not the system's temporary one
    let scratch = dir.join("scratch");
    let scratch = scratch.to_str().unwrap();
    let worker_logs: Vec<PathBuf> = (1..=2)
        .map(|i| dir.join(format!("worker{i}.log")))
        .collect();
    for (i, log) in worker_logs.iter().enumerate() {
        let name = format!("worker{}", i + 1);
        reaper.0.push(dask(
            python,
            &[
                "worker",
                "--scheduler-file",
                sf,
                "--host",
                "127.0.0.1",
                "--no-nanny",
                "--nthreads",
                "1",
                "--dashboard-address",
                "127.0.0.1:0",
                "--death-timeout",
                "60s",
                "--local-directory",
                scratch,
                "--name",
                &name,
            ],
            log,
        ));
    }
    wait_for(60, "two workers registered", || {
        worker_logs
            .iter()
            .all(|l| std::fs::read_to_string(l).is_ok_and(|t| t.contains("Registered to:")))
            .then_some(())
    });
    address
}

/// The worker killed mid-run, its shard, the puzzles that shard had stored, and when (in
/// seconds from the run's start).
struct Killed {
    worker: u32,
    shard: usize,
    progress: i64,
    at: f64,
}

/// Kill the worker of a shard that has stored puzzles and is not done (of `shards` of
/// `size` puzzles), so the shard must be resumed on the other worker; should every shard be
/// too quick to be seen so, the worker of a running shard once another shard is done
/// (retried from the start). Its sudolink dies with it (the parent death signal shard.py
/// sets). `started`: when the run started.
fn kill_a_worker_mid_shard(
    reaper: &mut Reaper,
    workers: &[u32],
    work: &Path,
    errors: &Path,
    (shards, size): (usize, usize),
    started: Instant,
) -> Killed {
    let shard = |i: usize, ext: &str| work.join(format!("shard-{i:04}.{ext}"));
    let (victim, victim_shard, progress, orphan) = wait_for(120, "a shard mid-run", || {
        if let Some(status) = reaper.0[3].try_wait().unwrap() {
            let stderr = std::fs::read_to_string(errors).unwrap_or_default();
            panic!("shard.py ended ({status}) before a worker was killed:\n{stderr}");
        }
        let mut running = Vec::new();
        let mut one_done = false;
        for i in 0..shards {
            let done = stored(&shard(i, "db"));
            one_done |= done == size as i64;
            if let Some((sudolink, worker)) = sudolink_on(shard(i, "txt").to_str().unwrap()) {
                if workers.contains(&worker) && done < size as i64 {
                    running.push((worker, i, done, sudolink));
                }
            }
        }
        running.sort_by_key(|r| std::cmp::Reverse(r.2));
        running.into_iter().find(|r| r.2 > 0 || one_done)
    });
    let k = workers.iter().position(|&w| w == victim).unwrap() + 1;
    reaper.0[k].kill().unwrap();
    let at = started.elapsed().as_secs_f64();
    wait_for(10, "the killed worker's sudolink to die", || {
        (!Path::new(&format!("/proc/{orphan}")).exists()
            || std::fs::read_to_string(format!("/proc/{orphan}/status"))
                .is_ok_and(|s| s.contains("State:\tZ")))
        .then_some(())
    });
    Killed {
        worker: victim,
        shard: victim_shard,
        progress,
        at,
    }
}

/// The killed worker's shard was done by the `survivor`, resumed from at least what it
/// had stored. Returns where it resumed from.
fn redone_by_survivor(log: &str, killed: &Killed, survivor: u32) -> i64 {
    let (victim, victim_shard, progress) = (killed.worker, killed.shard, killed.progress);
    let redone = log
        .lines()
        .find(|l| l.contains(&format!("shard {victim_shard} done in ")))
        .unwrap_or_else(|| panic!("shard {victim_shard} never done:\n{log}"));
    assert!(
        redone.contains(&format!("by worker pid {survivor}")),
        "shard {victim_shard} of the killed worker {victim} not redone by {survivor}:\n{log}"
    );
    let resumed_from: i64 = redone
        .split("resumed from ")
        .nth(1)
        .map_or(0, |r| r.split_whitespace().next().unwrap().parse().unwrap());
    assert!(
        resumed_from >= progress,
        "shard {victim_shard} had {progress} puzzles stored when its worker died, \
         resumed from {resumed_from}:\n{log}"
    );
    resumed_from
}

/// SER's numbers are stored: ER as a REAL rating, with EP and ED, for most of the `count`
/// puzzles.
fn ser_numbers_stored(merged: &Path, count: usize) {
    let conn = rusqlite::Connection::open(merged).unwrap();
    let (reals, with_ep): (i64, i64) = conn
        .query_row(
            "SELECT count(*) FILTER (WHERE typeof(rating) = 'real'),
                    count(*) FILTER (WHERE ep IS NOT NULL AND ed IS NOT NULL)
             FROM rating WHERE scheme = 'SER'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(reals, with_ep);
    assert!(reals > count as i64 / 2, "{reals} SER ratings of {count}");
}
