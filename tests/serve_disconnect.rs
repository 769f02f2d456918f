//! The explorer's server never dies of a client (issue: "the server exits with status 141
//! (SIGPIPE)" when the browser closes while answers are on their way, and "a request with
//! `Content-Length: 999999999` and a 2-byte body holds its connection open").
//!
//! The real binary (`sudolink serve --port 0`, header and body deadlines of 1 s) on
//! 127.0.0.1; connections are cut abruptly (RST, SO_LINGER 0) at every stage — before the
//! headers, in the middle of them, in the middle of a body, right after a request whose
//! answer is large (so the server writes to a closed connection), during a long search —
//! in batches; after each batch the process must still run and answer an ordinary request
//! correctly. Bounded: a few hundred connections, well under a minute.

use crate::common;

use common::serve::{request, spawn_binary};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::fd::AsRawFd;
use std::process::Child;
use std::time::{Duration, Instant};

const OCEAN1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

/// Close with a reset (SO_LINGER 0): the server's next read or write fails at once.
fn reset(stream: TcpStream) {
    let linger = libc::linger {
        l_onoff: 1,
        l_linger: 0,
    };
    // SAFETY: a valid socket descriptor and a correctly sized linger struct.
    unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_LINGER,
            &linger as *const libc::linger as *const libc::c_void,
            std::mem::size_of::<libc::linger>() as libc::socklen_t,
        );
    }
    drop(stream);
}

fn post_head(path: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    )
}

/// The server process runs and answers `/api/load` with Ocean #1's line.
fn assert_alive(server: &mut Child, addr: SocketAddr, after: &str) {
    assert!(
        server.try_wait().unwrap().is_none(),
        "the server died after {after}: {:?}",
        server.try_wait()
    );
    let body = format!(r#"{{"puzzle": "{OCEAN1}"}}"#);
    let (status, _, answer) = request(addr, "POST", "/api/load", body.as_bytes());
    assert_eq!(status, 200, "after {after}");
    assert!(
        String::from_utf8_lossy(&answer).contains(OCEAN1),
        "after {after}"
    );
}

#[test]
fn connections_cut_at_every_stage_never_stop_the_server() {
    let (mut server, port) = spawn_binary(&["--header-timeout", "1", "--body-timeout", "1"]);
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let started = Instant::now();
    let links = format!(r#"{{"state": "{OCEAN1}"}}"#);
    let explain = format!(
        r#"{{"state": "{OCEAN1}", "target": "r1c2<>8", "max_len": 30, "families": "g-braid,force-nets,depth2"}}"#
    );
    let load = format!(r#"{{"puzzle": "{OCEAN1}"}}"#);
    type Stage<'a> = (&'a str, usize, Box<dyn Fn(&mut TcpStream) + 'a>);
    let stages: Vec<Stage> = vec![
        ("before the headers", 100, Box::new(|_s: &mut TcpStream| {})),
        (
            "in the middle of the headers",
            100,
            Box::new(|s: &mut TcpStream| {
                let _ = s.write_all(b"POST /api/load HTTP/1.1\r\nHost: local");
            }),
        ),
        (
            "in the middle of a body",
            100,
            Box::new(|s: &mut TcpStream| {
                let _ = s.write_all(post_head("/api/load", load.len()).as_bytes());
                let _ = s.write_all(&load.as_bytes()[..load.len() / 2]);
            }),
        ),
        (
            "while a large answer is written",
            100,
            Box::new(|s: &mut TcpStream| {
                let _ = s.write_all(post_head("/api/links", links.len()).as_bytes());
                let _ = s.write_all(links.as_bytes());
                // read the first bytes of the answer, so the server is writing when it
                // is cut
                let mut first = [0u8; 64];
                s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
                let _ = s.read(&mut first);
            }),
        ),
        (
            "during a long search",
            20,
            Box::new(|s: &mut TcpStream| {
                let _ = s.write_all(post_head("/api/explain", explain.len()).as_bytes());
                let _ = s.write_all(explain.as_bytes());
                std::thread::sleep(Duration::from_millis(20));
            }),
        ),
    ];
    let mut cut = 0;
    for (name, count, before_cut) in &stages {
        let t = Instant::now();
        for _ in 0..*count {
            let mut s = TcpStream::connect(addr).unwrap();
            before_cut(&mut s);
            reset(s);
            cut += 1;
        }
        assert_alive(&mut server, addr, name);
        println!(
            "{count} connections cut {name}: {:?}, server alive",
            t.elapsed()
        );
    }
    // and the same cuts interleaved with normal requests, from several threads at once
    let t = Instant::now();
    std::thread::scope(|scope| {
        for k in 0..4 {
            let links = &links;
            scope.spawn(move || {
                for i in 0..25 {
                    let mut s = TcpStream::connect(addr).unwrap();
                    if (i + k) % 2 == 0 {
                        let _ = s.write_all(post_head("/api/links", links.len()).as_bytes());
                        let _ = s.write_all(links.as_bytes());
                    }
                    reset(s);
                    let (status, _, _) = request(addr, "GET", "/api/examples", b"");
                    assert_eq!(status, 200);
                }
            });
        }
    });
    cut += 100;
    assert_alive(&mut server, addr, "cuts between requests of four clients");
    println!(
        "100 connections cut between 100 requests of four clients: {:?}; {cut} connections cut in all in {:?}",
        t.elapsed(),
        started.elapsed()
    );
    server.kill().ok();
}

#[test]
fn a_client_that_sends_less_than_it_declares_is_cut_off() {
    let (mut server, port) = spawn_binary(&["--header-timeout", "1", "--body-timeout", "1"]);
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let answer = |s: &mut TcpStream| {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        String::from_utf8_lossy(&raw).to_string()
    };
    // a declared length past the limit: refused at once
    let t = Instant::now();
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(post_head("/api/load", 999_999_999).as_bytes())
        .unwrap();
    s.write_all(b"{}").unwrap();
    let text = answer(&mut s);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    println!(
        "Content-Length 999999999, 2 bytes sent: 413 in {:?}",
        t.elapsed()
    );
    // a declared length within it, never sent: 408 after the body deadline
    let t = Instant::now();
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(post_head("/api/load", 1000).as_bytes())
        .unwrap();
    s.write_all(b"{}").unwrap();
    let text = answer(&mut s);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
    println!(
        "Content-Length 1000, 2 bytes sent: 408 in {:?}",
        t.elapsed()
    );
    // headers that never end: the connection is closed after the header deadline
    let t = Instant::now();
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"POST /api/load HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    let _ = answer(&mut s);
    assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
    println!("headers never finished: closed in {:?}", t.elapsed());
    assert_alive(&mut server, addr, "slow clients");
    server.kill().ok();
}
