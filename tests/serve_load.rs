//! A bounded load test of the explorer (ignored by default: it runs 30 s):
//! `cargo test --release --test serve_load -- --ignored --nocapture`.
//!
//! The binary serves on 127.0.0.1 (an ephemeral port); 50 clients ask `/api/explain` on
//! top1465 start states (a target that is not in the solution; the chain families nrczt,
//! whip and braid up to length 10, as a "why not?" of the page asks for an ordinary target)
//! for 30 s, at most 20,000 requests in all (SUDOLINK_LOAD_FAMILIES=all: every family). No request may fail. Printed: requests,
//! p50/p99/max latency, the server's peak RSS, and its RSS after the first and the last
//! third of the run (memory must not grow with the number of requests served).

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use sudolink::grid::{Candidate, Cell, Digit};
use sudolink::solver::count_solutions;

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

#[test]
#[ignore = "a 30 s load test: run with --ignored"]
fn fifty_clients_explain_for_thirty_seconds() {
    // SUDOLINK_LOAD_FAMILIES=all asks every family (g-braids and force nets included)
    let families =
        std::env::var("SUDOLINK_LOAD_FAMILIES").unwrap_or_else(|_| "nrczt,whip,braid".into());
    // the targets: per top1465 puzzle, its first open candidate that is not its solution
    let bodies: Vec<String> = common::collection("top1465.txt", 100)
        .iter()
        .map(|p| {
            let state = p.start_state().unwrap();
            let sol = count_solutions(&state, 2).solution.unwrap();
            let target = Cell::all()
                .flat_map(|c| Digit::all().map(move |d| Candidate::new(c, d)))
                .find(|c| state.has(*c) && sol[c.cell().index()] != c.digit().get())
                .unwrap();
            let mut body = serde_json::json!({
                "state": sudolink::grid::format::to_line(&state),
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
    let (mut server, port) = common::serve::spawn_binary(&["--timeout", "10"]);
    let pid = server.id();
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let bodies = Arc::new(bodies);
    let next = Arc::new(AtomicUsize::new(0));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let sampler = std::thread::spawn(move || {
        let mut samples = Vec::new();
        while start.elapsed() < RUN + Duration::from_secs(1) {
            samples.push((start.elapsed(), rss_kb(pid, "VmRSS:")));
            std::thread::sleep(Duration::from_millis(500));
        }
        samples
    });
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (bodies, next, latencies, failures) = (
                bodies.clone(),
                next.clone(),
                latencies.clone(),
                failures.clone(),
            );
            std::thread::spawn(move || {
                while start.elapsed() < RUN {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= MAX_REQUESTS {
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
    let samples = sampler.join().unwrap();
    let peak = rss_kb(pid, "VmHWM:");
    let _ = server.kill();
    let _ = server.wait();
    let mut l = latencies.lock().unwrap().clone();
    l.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |p: f64| l[((l.len() as f64 * p) as usize).min(l.len() - 1)];
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
        "{} requests in {:.1} s by {CLIENTS} clients ({:.0}/s): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; server peak RSS {} MB; RSS max in the first third {} MB, last third {} MB",
        l.len(),
        elapsed.as_secs_f64(),
        l.len() as f64 / elapsed.as_secs_f64(),
        q(0.5),
        q(0.99),
        l.last().unwrap(),
        peak / 1024,
        third(0.0, secs / 3.0) / 1024,
        third(2.0 * secs / 3.0, secs) / 1024,
    );
    let failures = failures.lock().unwrap();
    assert!(
        failures.is_empty(),
        "failed requests: {:?}",
        &failures[..failures.len().min(10)]
    );
    assert!(l.len() >= CLIENTS);
    // memory does not grow with the requests served: the last third stays near the first
    let (first, last) = (third(0.0, secs / 3.0), third(2.0 * secs / 3.0, secs));
    assert!(
        last <= first + first / 2 + 50 * 1024,
        "RSS grew from {first} kB to {last} kB"
    );
}
