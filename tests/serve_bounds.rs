//! The explorer's searches are bounded: clients asking for braid paths, next steps and
//! explanations at length 20 on top1465 #146 (whose braid rating grew past ten gigabytes
//! before bounds) all get an answer — a path marked cut, a 503 at the time limit, or an
//! explanation with what was not searched — while the server stays under its memory
//! ceiling and keeps answering.

use crate::common;

use common::serve::{request, spawn_binary};
use std::net::SocketAddr;

const P146: &str =
    ".2.....74.98.1.............7..3.5..6....2.9..1..............83....6.7......4.....";

fn peak_rss_bytes(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or(0)
        * 1024
}

/// The first open candidate of #146's start that is not in its solution, as a target.
fn false_candidate() -> String {
    use sudolink_engine::grid::{Candidate, Cell, Digit};
    let state = sudolink_engine::grid::format::parse_line(P146, 1)
        .unwrap()
        .start_state()
        .unwrap();
    let sol = sudolink_engine::solver::count_solutions(&state, 2)
        .solution
        .unwrap();
    let c = Cell::all()
        .flat_map(|c| Digit::all().map(move |d| Candidate::new(c, d)))
        .find(|c| state.has(*c) && sol[c.cell().index()] != c.digit().get())
        .unwrap();
    format!("{}<>{}", c.cell(), c.digit())
}

#[test]
fn concurrent_braid_searches_stay_under_the_ceiling_and_the_server_keeps_answering() {
    let (mut server, port) = spawn_binary(&["--timeout", "8"]);
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let bodies = [
        (
            "/api/path",
            serde_json::json!({"state": P146, "rules": "B", "max_len": 20}),
        ),
        (
            "/api/next",
            serde_json::json!({"state": P146, "rules": "B", "max_len": 20}),
        ),
        (
            "/api/explain",
            serde_json::json!({"state": P146, "target": false_candidate(), "max_len": 20,
                               "families": "braid,g-braid"}),
        ),
        (
            "/api/path",
            serde_json::json!({"state": P146, "rules": "gB", "max_len": 20}),
        ),
    ];
    let answers: Vec<(u16, String)> = std::thread::scope(|scope| {
        let handles: Vec<_> = bodies
            .iter()
            .map(|(path, body)| {
                scope.spawn(move || {
                    let (status, _, body) =
                        request(addr, "POST", path, body.to_string().as_bytes());
                    (status, String::from_utf8_lossy(&body).into_owned())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for ((path, _), (status, body)) in bodies.iter().zip(&answers) {
        // an answer (maybe cut), the time limit, or a search the server refuses as cut
        assert!([200, 422, 503].contains(status), "{path}: {status} {body}");
    }
    // the explanation is an answer or the time limit, never a refused request
    assert!([200, 503].contains(&answers[2].0), "{:?}", answers[2]);
    // the braid path is either solved or says which bound cut it
    let (status, body) = &answers[0];
    if *status == 200 {
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(v["solved"] == true || v["cut"]["bound"].is_string(), "{v}");
    }
    // still answering, and under its ceiling (800 MB of searches and its tables)
    let (status, _, _) = request(addr, "GET", "/api/techniques", b"");
    assert_eq!(status, 200);
    let peak = peak_rss_bytes(server.id());
    let _ = server.kill();
    let _ = server.wait();
    assert!(
        peak < 1_000_000_000,
        "server peak resident memory {peak} bytes"
    );
}
