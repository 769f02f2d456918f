//! A query whose client goes away stops (the page's Cancel aborts its fetch): the server
//! interrupts SQLite when the request is dropped, instead of letting the query run to its
//! time limit. Measured by the process's CPU time: a counting query keeps one core busy
//! while it runs (the test waits until it has had 0.4 s of CPU); a second after the
//! connection is closed, the process is idle again.
//! Alone in its test binary, so that no other test's work is counted.

use crate::common;

use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

const OCEAN_1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

/// The process's CPU time (user and system) so far, in seconds.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes into the zeroed struct it is given.
    let usage = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
        u
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// CPU seconds the process uses over the next `wait`.
fn cpu_over(wait: Duration) -> f64 {
    let before = cpu_seconds();
    std::thread::sleep(wait);
    cpu_seconds() - before
}

#[test]
fn a_query_stops_when_its_client_goes_away() {
    let server = common::serve::start(sudolink_serve::Config {
        timeout: Duration::from_secs(60),
        ..Default::default()
    });
    let sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000000000) SELECT count(*) FROM n";
    let body = serde_json::json!({"state": OCEAN_1, "sql": sql}).to_string();
    let mut s = TcpStream::connect(server).unwrap();
    write!(
        s,
        "POST /api/query HTTP/1.1\r\nHost: localhost\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // the query runs: it takes CPU time (on a machine busy with other work, it may take a
    // while to get 0.4 s of it)
    let start = cpu_seconds();
    let waited = std::time::Instant::now();
    while cpu_seconds() - start < 0.4 {
        assert!(
            waited.elapsed() < Duration::from_secs(30),
            "the query did not run: {:.2} s of CPU in 30 s",
            cpu_seconds() - start
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(s);
    std::thread::sleep(Duration::from_millis(300));
    // the process's CPU includes the tests running beside this one: a query that ran on
    // would keep a core busy in every second, so one quiet second out of five tells
    let mut seconds = Vec::new();
    while seconds.len() < 5 && seconds.iter().all(|&cpu| cpu >= 0.5) {
        seconds.push(cpu_over(Duration::from_secs(1)));
    }
    assert!(
        seconds.iter().any(|&cpu| cpu < 0.5),
        "the query ran on after its client left: CPU seconds in each second {seconds:.2?}"
    );
    // and the server answers
    let (status, _, _) = common::serve::request(server, "GET", "/api/queries", b"");
    assert_eq!(status, 200);
}
