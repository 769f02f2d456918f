//! Bounded load tests of the explorer (ignored by default: they run 30 s and more):
//! `cargo test --release --test serve_load -- --ignored --nocapture`.
//!
//! The binary serves on 127.0.0.1 (an ephemeral port); 50 clients ask `/api/explain` on
//! top1465 start states (a target that is not in the solution).
//!
//! - `fifty_clients_explain_for_thirty_seconds`: the chain families nrczt, whip and braid up
//!   to length 10, as a "why not?" of the page asks for an ordinary target, for 30 s, at
//!   most 20,000 requests in all (SUDOLINK_LOAD_FAMILIES=all: every family). No request may
//!   fail. Printed: requests, p50/p99/max latency, the server's peak RSS, and its RSS in the
//!   first and the last third of the run (memory must not grow with the requests served).
//! - `every_family_in_rounds`: every family (g-braids and force nets included), in rounds
//!   of 20 s (SUDOLINK_LOAD_ROUNDS, default 5) against one server; after each round, once
//!   the answers are in, the server's RSS is printed: a leak shows as RSS rising round
//!   after round, a working set as a plateau.

use crate::common;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use sudolink_engine::grid::{Candidate, Cell, Digit};
use sudolink_engine::solver::count_solutions;

const CLIENTS: usize = 50;
const RUN: Duration = Duration::from_secs(30);
const MAX_REQUESTS: usize = 20_000;

fn rss_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The explain requests: per top1465 puzzle (the first 100), its first open candidate
/// that is not its solution, asked of `families` ("all": every family) up to length 10.
fn explain_bodies(families: &str) -> Arc<Vec<String>> {
    let bodies = common::collection("top1465.txt", 100)
        .iter()
        .map(|p| {
            let state = p.start_state().unwrap();
            let sol = count_solutions(&state, 2).solution.unwrap();
            let target = Cell::all()
                .flat_map(|c| Digit::all().map(move |d| Candidate::new(c, d)))
                .find(|c| state.has(*c) && sol[c.cell().index()] != c.digit().get())
                .unwrap();
            let mut body = serde_json::json!({
                "state": sudolink_engine::grid::format::to_line(&state),
                "target": format!("{}<>{}", target.cell(), target.digit()),
                "max_len": 10,
                "families": families,
            });
            if families == "all" {
                body.as_object_mut().unwrap().remove("families");
            }
            body.to_string()
        })
        .collect();
    Arc::new(bodies)
}

/// What one round of load gave: each request's latency in ms, the statuses of the failed
/// ones with their index, and the time it took.
struct Round {
    latencies: Vec<f64>,
    failures: Vec<(usize, u16)>,
    elapsed: Duration,
}

impl Round {
    /// "N requests in S s (R/s): p50, p99, max".
    fn summary(&self) -> String {
        let mut l = self.latencies.clone();
        l.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let q = |p: f64| l[((l.len() as f64 * p) as usize).min(l.len() - 1)];
        format!(
            "{} requests in {:.1} s by {CLIENTS} clients ({:.1}/s): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            l.len(),
            self.elapsed.as_secs_f64(),
            l.len() as f64 / self.elapsed.as_secs_f64(),
            q(0.5),
            q(0.99),
            l.last().unwrap(),
        )
    }

    /// The failed requests by status, e.g. "503 x4".
    fn failed_by_status(&self) -> String {
        let mut by: BTreeMap<u16, usize> = BTreeMap::new();
        for (_, s) in &self.failures {
            *by.entry(*s).or_default() += 1;
        }
        if by.is_empty() {
            return "none failed".into();
        }
        by.iter()
            .map(|(s, n)| format!("{s} x{n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `CLIENTS` clients asking `/api/explain` with `bodies` in turn until `run` has passed or
/// `max_requests` were sent (a request under way when time is up is answered first).
fn load_round(
    addr: SocketAddr,
    bodies: &Arc<Vec<String>>,
    run: Duration,
    max_requests: usize,
) -> Round {
    let next = Arc::new(AtomicUsize::new(0));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (bodies, next, latencies, failures) = (
                bodies.clone(),
                next.clone(),
                latencies.clone(),
                failures.clone(),
            );
            std::thread::spawn(move || {
                while start.elapsed() < run {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= max_requests {
                        break;
                    }
                    let t = Instant::now();
                    let (status, _, _) = common::serve::request(
                        addr,
                        "POST",
                        "/api/explain",
                        bodies[i % bodies.len()].as_bytes(),
                    );
                    let ms = t.elapsed().as_secs_f64() * 1000.0;
                    latencies.lock().unwrap().push(ms);
                    if status != 200 {
                        failures.lock().unwrap().push((i, status));
                    }
                }
            })
        })
        .collect();
    for c in clients {
        c.join().unwrap();
    }
    let elapsed = start.elapsed();
    let latencies = latencies.lock().unwrap().clone();
    let failures = failures.lock().unwrap().clone();
    Round {
        latencies,
        failures,
        elapsed,
    }
}

#[test]
#[ignore = "a 30 s load test: run with --ignored"]
fn fifty_clients_explain_for_thirty_seconds() {
    // SUDOLINK_LOAD_FAMILIES=all asks every family (g-braids and force nets included)
    let families =
        std::env::var("SUDOLINK_LOAD_FAMILIES").unwrap_or_else(|_| "nrczt,whip,braid".into());
    let bodies = explain_bodies(&families);
    let (mut server, port) = common::serve::spawn_binary(&["--timeout", "10"]);
    let pid = server.id();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let start = Instant::now();
    let sampler = std::thread::spawn(move || {
        let mut samples = Vec::new();
        while start.elapsed() < RUN + Duration::from_secs(1) {
            samples.push((start.elapsed(), rss_kb(pid, "VmRSS:")));
            std::thread::sleep(Duration::from_millis(500));
        }
        samples
    });
    let round = load_round(addr, &bodies, RUN, MAX_REQUESTS);
    let samples = sampler.join().unwrap();
    let peak = rss_kb(pid, "VmHWM:");
    let _ = server.kill();
    let _ = server.wait();
    let third = |lo: f64, hi: f64| {
        let s: Vec<u64> = samples
            .iter()
            .filter(|(t, _)| (lo..hi).contains(&t.as_secs_f64()))
            .map(|(_, kb)| *kb)
            .collect();
        s.iter().max().copied().unwrap_or(0)
    };
    let secs = RUN.as_secs_f64();
    eprintln!(
        "{}; server peak RSS {} MB; RSS max in the first third {} MB, last third {} MB",
        round.summary(),
        peak / 1024,
        third(0.0, secs / 3.0) / 1024,
        third(2.0 * secs / 3.0, secs) / 1024,
    );
    assert!(
        round.failures.is_empty(),
        "failed requests ({}): {:?}",
        round.failed_by_status(),
        &round.failures[..round.failures.len().min(10)]
    );
    assert!(round.latencies.len() >= CLIENTS);
    // memory does not grow with the requests served: the last third stays near the first
    let (first, last) = (third(0.0, secs / 3.0), third(2.0 * secs / 3.0, secs));
    assert!(
        last <= first + first / 2 + 50 * 1024,
        "RSS grew from {first} kB to {last} kB"
    );
}

#[test]
#[ignore = "rounds of 20 s of every-family load: run with --ignored"]
fn every_family_in_rounds() {
    let rounds: usize = std::env::var("SUDOLINK_LOAD_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5);
    let bodies = explain_bodies("all");
    let (mut server, port) = common::serve::spawn_binary(&["--timeout", "10"]);
    let pid = server.id();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    eprintln!("server started: RSS {} MB", rss_kb(pid, "VmRSS:") / 1024);
    let mut after = Vec::new();
    for k in 1..=rounds {
        let round = load_round(addr, &bodies, Duration::from_secs(20), MAX_REQUESTS);
        // the answers are in; the blocking pool's threads may still finish dropped work
        std::thread::sleep(Duration::from_secs(2));
        let rss = rss_kb(pid, "VmRSS:") / 1024;
        after.push(rss);
        eprintln!(
            "round {k}: {} ({}); RSS after it {rss} MB, peak so far {} MB",
            round.summary(),
            round.failed_by_status(),
            rss_kb(pid, "VmHWM:") / 1024
        );
    }
    let _ = server.kill();
    let _ = server.wait();
    eprintln!("RSS after each round (MB): {after:?}");
}
