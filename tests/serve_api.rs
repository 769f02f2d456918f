//! The explorer's JSON API, served in-process on an ephemeral port of 127.0.0.1 and asked
//! over plain HTTP/1.1: loading Ocean #1, a candidate's links, explaining r1c2<>8, the
//! path, queries (and the read-only guard), exports, pencil-mark edits, each notation by
//! name, and the errors a bad request gets (in the page's words, no command-line flags).

use crate::common;

use serde_json::{json, Value};
use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::Duration;

use sudolink_serve::data::DataDirs;

/// tests/fixtures/collections: the `--data` directory of the shared server.
fn fixtures_collections() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/collections")
}

const OCEAN_1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

/// The address of one server shared by the tests of this file.
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        common::serve::start(sudolink_serve::Config {
            timeout: Duration::from_secs(20),
            data: DataDirs::open(&[fixtures_collections()]).unwrap(),
            ..Default::default()
        })
    })
}

/// Status, content type and body of one request to the shared server.
fn request(method: &str, path: &str, body: &[u8]) -> (u16, String, Vec<u8>) {
    common::serve::request(server(), method, path, body)
}

fn post(path: &str, body: Value) -> (u16, Value) {
    let (status, _, bytes) = request("POST", path, body.to_string().as_bytes());
    let v: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("{path}: not JSON: {}", String::from_utf8_lossy(&bytes)));
    (status, v)
}

fn ok(path: &str, body: Value) -> Value {
    let (status, v) = post(path, body);
    assert_eq!(status, 200, "{path}: {v}");
    v
}

fn error_of(status: u16, v: &Value) -> String {
    assert!((400..500).contains(&status), "status {status}: {v}");
    v["error"].as_str().expect("a JSON error").to_string()
}

fn ocean_state() -> String {
    ok("/api/load", json!({"puzzle": OCEAN_1}))["state"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn load_reads_every_input_format() {
    let v = ok("/api/load", json!({"puzzle": OCEAN_1}));
    assert_eq!(v["line"], OCEAN_1);
    assert_eq!(v["cells"].as_array().unwrap().len(), 81);
    assert_eq!(v["cells"][4]["value"], 1);
    assert!(!v["cells"][0]["candidates"].as_array().unwrap().is_empty());
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    // the state it hands back loads to the same state, as does a nine-line grid
    let again = ok("/api/load", json!({"puzzle": v["state"]}));
    assert_eq!(again["state"], v["state"]);
    let nine: String = OCEAN_1
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(
        ok("/api/load", json!({"puzzle": nine}))["state"],
        v["state"]
    );
    // a 729-character pencil-mark string
    let marks = sudolink_engine::grid::format::to_pencil_mark_string(
        &sudolink_study::input::load_text(OCEAN_1, "test", false)
            .unwrap()
            .state,
    );
    let m = ok("/api/load", json!({"puzzle": marks}));
    assert_eq!(
        m["cells"],
        v["cells"]
            .clone()
            .as_array()
            .map(|cells| {
                // a pencil-mark string has no givens: compare values and candidates only
                Value::Array(
                    cells
                        .iter()
                        .map(|c| {
                            let mut c = c.clone();
                            c["given"] = json!(false);
                            c
                        })
                        .collect(),
                )
            })
            .unwrap()
    );
}

#[test]
fn examples_and_queries_are_listed() {
    let (status, _, body) = request("GET", "/api/examples", b"");
    assert_eq!(status, 200);
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v[0]["name"], "ocean-1");
    assert_eq!(v[0]["puzzle"], OCEAN_1);
    let (_, _, body) = request("GET", "/api/queries", b"");
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert!(v
        .as_array()
        .unwrap()
        .iter()
        .any(|q| q["name"] == "bivalue-cells"));
}

#[test]
fn graph_counts_and_neighbourhood_of_n8r1c2() {
    let state = ocean_state();
    let g = ok("/api/graph", json!({"state": state}));
    assert!(g["nodes"]["candidate"].as_u64().unwrap() > 100);
    assert!(g["edges"]["nrc_link"].as_u64().unwrap() > 0);
    let v = ok(
        "/api/neighbourhood",
        json!({"state": state, "candidate": "n8r1c2"}),
    );
    assert_eq!(v["candidate"], "n8r1c2");
    let links = v["links"].as_array().unwrap();
    assert!(!links.is_empty());
    let counts = &v["counts"];
    assert_eq!(
        counts["strong"].as_u64().unwrap() + counts["weak"].as_u64().unwrap(),
        links.len() as u64
    );
    // the cell's other candidates are linked through the cell
    assert!(links
        .iter()
        .any(|l| l["via"] == "cell" && l["node"].as_str().unwrap().ends_with("r1c2")));
    assert!(links.iter().any(|l| l["via"] == "row"));
    let by_via: u64 = counts["by_via"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(by_via, links.len() as u64);
}

#[test]
fn links_of_every_candidate_are_their_neighbourhoods() {
    let state = ocean_state();
    let v = ok("/api/links", json!({"state": state}));
    assert_eq!(v["state"], state.as_str());
    let links = v["links"].as_object().unwrap();
    let open: usize = ok("/api/load", json!({"puzzle": state}))["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["candidates"].as_array().unwrap().len())
        .sum();
    assert_eq!(links.len(), open, "one entry per open candidate");
    for cand in ["n8r1c2", "n6r1c1"] {
        let one = ok(
            "/api/neighbourhood",
            json!({"state": state, "candidate": cand}),
        );
        assert_eq!(links[cand], one, "{cand}");
    }
}

/// Every answer of the graph, catalogue and query routes is its documented view: it reads
/// back as the view type, with the views' version (docs/views.md).
#[test]
fn answers_are_their_documented_views() {
    use sudolink_notation::view::catalogue::{
        ErrorView, ExampleView, QueryView, TableView, TechniquesView,
    };
    use sudolink_notation::view::graph::{GraphView, LinksView, NeighbourhoodView};
    use sudolink_notation::view::VERSION;
    fn view<T: serde::de::DeserializeOwned>(v: Value) -> T {
        serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"))
    }
    let state = ocean_state();
    let g: GraphView = view(ok("/api/graph", json!({"state": state})));
    assert_eq!(g.version, VERSION);
    let n: NeighbourhoodView = view(ok(
        "/api/neighbourhood",
        json!({"state": state, "candidate": "n8r1c2"}),
    ));
    assert_eq!((n.version, n.counts.total), (VERSION, n.links.len()));
    let l: LinksView = view(ok("/api/links", json!({"state": state})));
    assert_eq!(l.links["n8r1c2"], n);
    let t: TechniquesView = view(get("/api/techniques").1);
    assert!(t.techniques.iter().any(|t| t.name == "whip" && t.graded));
    assert!(t.sets.iter().any(|s| s.name == "basic"));
    let e: Vec<ExampleView> = view(get("/api/examples").1);
    assert_eq!(e[0].puzzle, OCEAN_1);
    let q: Vec<QueryView> = view(get("/api/queries").1);
    assert!(q.iter().any(|q| q.name == "bivalue-cells"));
    let table: TableView = view(ok(
        "/api/query",
        json!({"state": state, "name": "bivalue-cells"}),
    ));
    assert_eq!(
        (table.version, table.columns[0].as_str()),
        (VERSION, "cell")
    );
    let (status, v) = post("/api/graph", json!({"state": "not a grid"}));
    assert_eq!(status, 422, "{v}");
    let refused: ErrorView = view(v);
    assert!(!refused.error.is_empty());
}

#[test]
fn explain_r1c2_not_8_as_explain_json() {
    let state = ocean_state();
    let v = ok(
        "/api/explain",
        json!({"state": state, "target": "r1c2<>8", "max_len": 10}),
    );
    assert_eq!(v["target"], "r1c2<>8");
    assert_eq!(v["puzzle"], OCEAN_1);
    let families = v["families"].as_array().unwrap();
    let nrc = families.iter().find(|f| f["family"] == "nrc").unwrap();
    // at the start state the shortest nrc chain for it has length 7
    assert_eq!(nrc["length"], 7, "{nrc}");
    assert!(nrc["text"].as_str().unwrap().ends_with("r1c2 <> 8"));
    // the simplest proof comes drawn; any other row's picture is asked of /api/view
    let simplest = v["simplest"]["family"].as_str().unwrap();
    let drawn: Vec<&Value> = families.iter().filter(|f| f["view"].is_object()).collect();
    assert_eq!(drawn.len(), 1, "only the simplest row is drawn");
    assert_eq!(drawn[0]["family"], simplest);
    let view = ok("/api/view", json!({"state": state, "proof": nrc["proof"]}));
    assert!(view["svg"].as_str().unwrap().contains("marker-end"));
    assert_eq!(view["notations"][0]["name"], "ours (nrc)", "{view}");
    assert_eq!(view["text"], nrc["text"]);
    // the row's view or its proof object: either is taken back
    let again = ok(
        "/api/view",
        json!({"state": state, "proof": nrc["proof"]["proof"]}),
    );
    assert_eq!(again["svg"], view["svg"]);
    // a proof that does not hold on the state is refused, not drawn
    let mut wrong = nrc["proof"].clone();
    wrong["proof"]["eliminations"] = json!(["n9r1c2"]);
    let (code, body) = post("/api/view", json!({"state": state, "proof": wrong}));
    assert_eq!(code, 422, "{body}");
    // the same fields as the command line's explain --json
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudolink"))
        .args([
            "explain",
            OCEAN_1,
            "--target",
            "r1c2<>8",
            "--max-len",
            "10",
            "--json",
        ])
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(cli["simplest"], v["simplest"]);
    let cli_families = cli["families"].as_array().unwrap();
    assert_eq!(cli_families.len(), families.len());
    for (a, b) in cli_families.iter().zip(families) {
        assert_eq!(a["family"], b["family"]);
        assert_eq!(a["text"], b["text"]);
    }
}

/// A path asked with no rule set escalates as `solve` does with no `--rules`: Loki's goes
/// from N to Trid-OR5W after step 5 and is solved, each escalation in the answer.
#[test]
fn a_path_without_rules_escalates_as_solve_does() {
    let loki = "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";
    let state = ok("/api/load", json!({"puzzle": loki}))["state"].clone();
    let p = ok("/api/path", json!({"state": state}));
    assert_eq!(p["solved"], true, "{}", p["escalations"]);
    let escalations = p["escalations"].as_array().unwrap();
    let hops: Vec<(&str, &str)> = escalations
        .iter()
        .map(|e| (e["from"].as_str().unwrap(), e["to"].as_str().unwrap()))
        .collect();
    assert_eq!(hops, [("N", "W"), ("W", "B"), ("B", "Trid-OR5W")]);
    assert_eq!(escalations[0]["after_step"], 5);
    assert_eq!(
        escalations[2]["text"],
        "B (lengths up to 20) stops after step 5; escalating to Trid-OR5W"
    );
    assert!(p["steps"][5]["text"]
        .as_str()
        .unwrap()
        .starts_with("tridagon[12]"));
    // a rule set asked is walked alone
    let n = ok("/api/path", json!({"state": state, "rules": "N"}));
    assert_eq!(n["solved"], false);
    assert_eq!(n["escalations"].as_array().unwrap().len(), 0);
}

/// `/api/backdoors` on the "Anti-backdoors" thread's puzzle [Berthier anti-backdoors]: its 13
/// published W1-anti-backdoors, its one-step solutions by whips, and one of them as a path
/// (W1, the whip, W1) that solves the puzzle; a candidate with no one-step solution refused.
#[test]
fn anti_backdoors_and_a_one_step_solution_as_a_path() {
    let p = "..9......8....97...7..6..5..5..4..6.9....38....2.......6..5.17.2....84......1....";
    let state = ok("/api/load", json!({"puzzle": p}))["state"].clone();
    let v = ok("/api/backdoors", json!({"state": state}));
    assert_eq!(v["theory"], "W1");
    let anti: Vec<&str> = v["anti_backdoors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let published = "n8r1c8 n8r3c4 n8r4c3 n9r4c4 n8r6c5 n9r6c8 n8r7c9 n9r7c9 n1r8c2 n9r8c2 n9r8c5 n3r8c8 n8r9c2";
    assert_eq!(anti.join(" "), published);
    let first = &v["one_steps"][0];
    assert_eq!(
        (&first["candidate"], &first["technique"]),
        (&json!("n9r4c4"), &json!("whip[3]"))
    );
    let v = ok(
        "/api/backdoors",
        json!({"state": state, "path_of": "n9r4c4"}),
    );
    let path = &v["path"];
    assert_eq!(path["solved"], true);
    let texts: Vec<&str> = path["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    let beyond_w1: Vec<&&str> = texts
        .iter()
        .filter(|t| !(t.contains("single") || t.starts_with("whip[1]")))
        .collect();
    assert_eq!(beyond_w1, [&first["text"].as_str().unwrap()]);
    // n1r8c2 is the BRT-anti-backdoor, but no whip up to length 12 eliminates it
    let (status, e) = post(
        "/api/backdoors",
        json!({"state": state, "path_of": "n1r8c2"}),
    );
    assert_eq!(status, 422, "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("n1r8c2 has no one-step solution"),
        "{e}"
    );
}

#[test]
fn next_path_and_export() {
    let state = ocean_state();
    let n = ok("/api/next", json!({"state": state, "rules": "N"}));
    assert!(n["text"].is_string());
    let p = ok("/api/path", json!({"state": state, "rules": "N"}));
    assert_eq!(p["solved"], true);
    let steps = p["steps"].as_array().unwrap();
    assert!(steps.len() > 7);
    assert_eq!(steps[0]["text"], n["text"]);
    assert_eq!(steps[1]["state_before"], steps[0]["state_after"]);
    // step 7 of the N path is found in a state where r1c2<>8 has an nrc4 chain
    let before7 = steps[6]["state_before"].as_str().unwrap();
    let e = ok(
        "/api/explain",
        json!({"state": before7, "target": "r1c2<>8", "families": "nrc", "max_len": 8}),
    );
    assert_eq!(e["families"][0]["length"], 4, "{e}");
    let proof = e["families"][0]["proof"].clone();
    for (format, kind) in [
        ("svg", "image/svg+xml"),
        ("png", "image/png"),
        ("dot", "text/vnd.graphviz"),
        ("text", "text/plain"),
    ] {
        let body = json!({"state": before7, "proof": proof, "format": format});
        let (status, ctype, bytes) = request("POST", "/api/export", body.to_string().as_bytes());
        assert_eq!(status, 200, "{format}: {}", String::from_utf8_lossy(&bytes));
        assert!(ctype.starts_with(kind), "{format}: {ctype}");
        if format == "png" {
            resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("PNG decodes");
        }
    }
    // a proof that does not hold on the state it is sent with is refused
    let (status, v) = post(
        "/api/export",
        json!({"state": state, "proof": steps[40]["proof"], "format": "svg"}),
    );
    assert!(error_of(status, &v).contains("does not hold"), "{v}");
}

#[test]
fn queries_run_read_only() {
    let state = ocean_state();
    let v = ok(
        "/api/query",
        json!({"state": state, "name": "bivalue-cells"}),
    );
    assert_eq!(v["columns"][0], "cell");
    let v = ok(
        "/api/query",
        json!({"state": state, "sql": "SELECT count(*) FROM candidate"}),
    );
    assert!(v["rows"][0][0].as_u64().unwrap() > 100);
    let dir = tempfile::tempdir().unwrap();
    let attached = dir.path().join("x.db");
    for sql in [
        "DELETE FROM candidate".to_string(),
        "CREATE TABLE t(x)".to_string(),
        format!("ATTACH DATABASE '{}' AS x", attached.display()),
        "PRAGMA writable_schema=1".to_string(),
    ] {
        let (status, v) = post("/api/query", json!({"state": state, "sql": sql}));
        let e = error_of(status, &v);
        assert!(!e.is_empty(), "{sql}");
    }
    assert!(!attached.exists(), "ATTACH created a file");
    // a runaway recursive CTE stops at the row limit, not by hanging
    let v = ok(
        "/api/query",
        json!({"state": state, "sql": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n) SELECT i FROM n"}),
    );
    assert_eq!(v["truncated"], true);
    // no --db given to this server
    let (status, v) = post("/api/query", json!({"db": true, "name": "steps"}));
    assert!(error_of(status, &v).contains("no database"), "{v}");
}

#[test]
fn bad_requests_get_json_errors() {
    let state = ocean_state();
    // malformed JSON
    let (status, _, body) = request("POST", "/api/load", b"{\"puzzle\": ");
    assert_eq!(status, 400);
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert!(v["error"].as_str().unwrap().contains("malformed request"));
    // a missing field, an unknown field
    let (status, v) = post("/api/explain", json!({"state": state}));
    assert!(error_of(status, &v).contains("target"), "{v}");
    let (status, v) = post(
        "/api/load",
        json!({"puzzle": OCEAN_1, "path": "/etc/passwd"}),
    );
    assert!(error_of(status, &v).contains("path"), "{v}");
    // not a puzzle, several solutions
    let (status, v) = post("/api/load", json!({"puzzle": "hello"}));
    error_of(status, &v);
    let (status, v) = post("/api/load", json!({"puzzle": ".".repeat(81)}));
    assert!(error_of(status, &v).contains("several solutions"), "{v}");
    // unknown and malformed targets, a candidate that is not open
    let (status, v) = post("/api/explain", json!({"state": state, "target": "r1c1<>1"}));
    assert!(error_of(status, &v).contains("r1c1"), "{v}");
    let (status, v) = post("/api/explain", json!({"state": state, "target": "r0c9<>8"}));
    assert!(error_of(status, &v).contains("malformed target"), "{v}");
    let (status, v) = post(
        "/api/neighbourhood",
        json!({"state": state, "candidate": "n1r1c5"}),
    );
    assert!(error_of(status, &v).contains("not a candidate"), "{v}");
    let (status, v) = post("/api/next", json!({"state": state, "rules": "nonsense"}));
    assert!(error_of(status, &v).starts_with("Rules: "), "{v}");
    let (status, v) = post(
        "/api/query",
        json!({"state": state, "name": "no-such-query"}),
    );
    assert!(error_of(status, &v).contains("unknown query"), "{v}");
    // an unknown route
    let (status, _, body) = request("GET", "/api/nothing", b"");
    assert_eq!(status, 404);
    assert!(serde_json::from_slice::<Value>(&body).unwrap()["error"].is_string());
    // a body over 1 MiB
    let big = json!({"puzzle": "1".repeat(2 << 20)}).to_string();
    let (status, _, body) = request("POST", "/api/load", big.as_bytes());
    assert_eq!(status, 413);
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert!(v["error"].as_str().unwrap().contains("larger than"), "{v}");
}

#[test]
fn survives_clients_that_disconnect() {
    let state = ocean_state();
    for _ in 0..5 {
        let mut s = TcpStream::connect(server()).unwrap();
        let body = json!({"state": state, "target": "r1c2<>8"}).to_string();
        let head = format!(
            "POST /api/explain HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len() + 10
        );
        s.write_all(head.as_bytes()).unwrap();
        s.write_all(&body.as_bytes()[..body.len() / 2]).unwrap();
        drop(s);
    }
    // and a full request then hangs up before the answer
    let mut s = TcpStream::connect(server()).unwrap();
    let body = json!({"state": state, "target": "r1c2<>8"}).to_string();
    let head = format!(
        "POST /api/explain HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    drop(s);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(ocean_state().len(), state.len());
}

#[test]
fn the_page_and_its_assets_are_served() {
    let (status, ctype, body) = request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(ctype.starts_with("text/html"));
    let html = String::from_utf8(body).unwrap();
    // nothing is fetched from elsewhere (the SVG namespace is a name, not a fetch)
    assert!(html.contains("/app.js"));
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    let (status, ctype, _) = request("GET", "/app.js", b"");
    assert_eq!(status, 200);
    assert!(ctype.starts_with("text/javascript"));
}

fn get(path: &str) -> (u16, Value) {
    let (status, _, bytes) = request("GET", path, b"");
    let v: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("{path}: not JSON: {}", String::from_utf8_lossy(&bytes)));
    (status, v)
}

#[test]
fn collections_are_listed_and_their_puzzles_picked() {
    let (status, v) = get("/api/collections");
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v,
        json!([
            {"label": "collections/malformed_line.txt", "puzzles": 2},
            {"label": "collections/ocean_1_nine_lines.txt", "puzzles": 1},
            {"label": "collections/top95_first5.txt", "puzzles": 5},
        ])
    );
    // puzzle 2 of the top95 fixture is line 3 of the file (line 1 is a comment)
    let (status, v) = get("/api/collection?file=collections/top95_first5.txt&n=2");
    assert_eq!(status, 200, "{v}");
    let top95_2 =
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
    assert_eq!(v["puzzle"], top95_2);
    assert_eq!(
        (v["n"].clone(), v["count"].clone(), v["line"].clone()),
        (json!(2), json!(5), json!(3))
    );
    assert_eq!(
        ok("/api/load", json!({"puzzle": v["puzzle"]}))["line"],
        top95_2
    );
    // a label written with %2F and a number with spaces around it
    let (status, v) = get("/api/collection?file=collections%2Ftop95_first5.txt&n=%205");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["n"], 5);
    // a TAB-named line gives its grid and name; a nine-line grid is one puzzle
    let (_, v) = get("/api/collection?file=collections/malformed_line.txt&n=1");
    assert_eq!(
        (v["puzzle"].as_str(), v["name"].as_str()),
        (Some(OCEAN_1), Some("ocean-1"))
    );
    let (status, v) = get("/api/collection?file=collections/ocean_1_nine_lines.txt&n=1");
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        ok("/api/load", json!({"puzzle": v["puzzle"]}))["line"],
        OCEAN_1
    );
}

#[test]
fn collection_requests_outside_the_data_directories_are_refused() {
    let cases: [(&str, u16, &str); 14] = [
        ("file=collections/../serve_api.rs&n=1", 400, "'..'"),
        ("file=collections%2F..%2F..%2FCargo.toml&n=1", 400, "'..'"),
        (
            "file=../fixtures/collections/top95_first5.txt&n=1",
            400,
            "'..'",
        ),
        ("file=/etc/passwd&n=1", 400, "absolute path"),
        (
            "file=collections//top95_first5.txt&n=1",
            400,
            "empty or '.' component",
        ),
        ("file=collections/.hidden.txt&n=1", 400, "hidden"),
        ("file=&n=1", 400, "empty"),
        ("file=collections/nope.txt&n=1", 404, "no collection file"),
        (
            "file=elsewhere/top95_first5.txt&n=1",
            404,
            "no collection file",
        ),
        ("file=collections/top95_first5.txt&n=0", 422, "out of range"),
        (
            "file=collections/top95_first5.txt&n=6",
            422,
            "holds 5 puzzle(s)",
        ),
        (
            "file=collections/top95_first5.txt&n=two",
            400,
            "not a number",
        ),
        ("file=collections/top95_first5.txt", 400, "give n="),
        (
            "file=collections/top95_first5.txt&n=1&path=/etc/passwd",
            400,
            "unknown parameter",
        ),
    ];
    for (query, want, says) in cases {
        let (status, v) = get(&format!("/api/collection?{query}"));
        assert_eq!(status, want, "{query}: {v}");
        let e = error_of(status, &v);
        assert!(e.contains(says), "{query}: {e}");
    }
    // a malformed line is named with its file and line
    let (status, v) = get("/api/collection?file=collections/malformed_line.txt&n=2");
    let e = error_of(status, &v);
    assert!(e.contains("malformed_line.txt line 3"), "{e}");
}

#[test]
fn a_symlink_out_of_the_data_directory_is_refused() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.txt");
    std::fs::write(&secret, format!("{OCEAN_1}\n")).unwrap();
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("puzzles");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("own.txt"), format!("{OCEAN_1}\n")).unwrap();
    std::os::unix::fs::symlink(&secret, dir.join("link.txt")).unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.join("linked-dir")).unwrap();
    let config = sudolink_serve::Config {
        data: DataDirs::open(std::slice::from_ref(&dir)).unwrap(),
        ..Default::default()
    };
    let addr = common::serve::start(config);
    let get_at = |path: &str| {
        let (status, _, body) = common::serve::request(addr, "GET", path, b"");
        (status, serde_json::from_slice::<Value>(&body).unwrap())
    };
    // only the file inside is listed
    let (_, v) = get_at("/api/collections");
    assert_eq!(v, json!([{"label": "puzzles/own.txt", "puzzles": 1}]));
    for query in [
        "file=puzzles/link.txt&n=1",
        "file=puzzles/linked-dir/secret.txt&n=1",
    ] {
        let (status, v) = get_at(&format!("/api/collection?{query}"));
        assert_eq!(status, 403, "{query}: {v}");
        assert!(
            error_of(status, &v).contains("outside its --data directory"),
            "{v}"
        );
    }
    // and a server without --data lists nothing and picks nothing
    let bare = common::serve::start(sudolink_serve::Config::default());
    let (status, _, body) = common::serve::request(bare, "GET", "/api/collections", b"");
    assert_eq!((status, body.as_slice()), (200, &b"[]"[..]));
    let (status, _, body) = common::serve::request(
        bare,
        "GET",
        "/api/collection?file=collections/top95_first5.txt&n=1",
        b"",
    );
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert!(error_of(status, &v).contains("no collection file"), "{v}");
}

#[test]
fn edits_place_remove_and_restore_and_say_why_not() {
    let state = ocean_state();
    let edit = |state: &str, kind: &str, cand: &str| {
        post(
            "/api/edit",
            json!({"state": state, "edit": kind, "candidate": cand}),
        )
    };
    let (status, removed) = edit(&state, "eliminate", "n8r1c2");
    assert_eq!(status, 200, "{removed}");
    assert!(!removed["cells"][1]["candidates"]
        .as_array()
        .unwrap()
        .contains(&json!(8)));
    // the links follow the edited state
    let removed_state = removed["state"].as_str().unwrap().to_string();
    let links = ok("/api/links", json!({"state": removed_state}));
    assert!(links["links"]["n8r1c2"].is_null());
    let (status, back) = edit(&removed_state, "restore", "n8r1c2");
    assert_eq!(status, 200, "{back}");
    assert_eq!(back["state"].as_str().unwrap(), state);
    let (status, placed) = edit(&state, "place", "n3r1c2");
    assert_eq!(status, 200, "{placed}");
    assert_eq!(placed["cells"][1]["value"], json!(3));
    // refused, with the reason
    for (s, kind, cand, says) in [
        (state.as_str(), "place", "n8r1c2", "without a solution"),
        (state.as_str(), "eliminate", "n1r1c5", "already holds"),
        (state.as_str(), "restore", "n8r1c2", "already a candidate"),
        (
            removed_state.as_str(),
            "place",
            "n8r1c2",
            "restore it first",
        ),
    ] {
        let (status, v) = edit(s, kind, cand);
        assert!(error_of(status, &v).contains(says), "{kind} {cand}: {v}");
    }
    let (status, v) = edit(&state, "paint", "n8r1c2");
    assert_eq!(status, 400, "{v}");
}

#[test]
fn errors_are_in_the_page_words_and_writes_named_by_their_keyword() {
    let state = ocean_state();
    let (status, v) = post("/api/load", json!({"puzzle": ".".repeat(81)}));
    let e = error_of(status, &v);
    assert!(!e.contains("--"), "{e}");
    let (status, v) = post("/api/path", json!({"state": state, "rules": "x-wings"}));
    let e = error_of(status, &v);
    assert!(e.contains("did you mean x-wing?") && e.len() < 300, "{e}");
    let (status, v) = post(
        "/api/query",
        json!({"state": state, "sql": "DROP TABLE candidate"}),
    );
    assert_eq!(error_of(status, &v), "DROP is refused: queries only read");
}

#[test]
fn each_notation_is_named() {
    let state = ocean_state();
    let v = ok("/api/next", json!({"state": state, "rules": "N"}));
    let names: Vec<&str> = v["notations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ours (nrc)", "SudoRules", "HoDoKu"]);
    let v = ok(
        "/api/explain",
        json!({"state": state, "target": "r1c2<>8", "families": "whips", "max_len": 10}),
    );
    let whip = v["families"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["proof"].is_object())
        .expect("a whip");
    assert_eq!(whip["view"]["notations"][0]["name"], "SudoRules", "{whip}");
    // a force chain: its GNPX line once, not again under SudoRules' name
    let v = ok(
        "/api/explain",
        json!({"state": state, "target": "r1c2<>8", "families": "force-cell-links"}),
    );
    let list = &v["families"][0]["view"]["notations"];
    let texts: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["text"].as_str().unwrap())
        .collect();
    assert_eq!(list[0]["name"], "GNPX", "{list}");
    assert!(
        texts
            .iter()
            .enumerate()
            .all(|(i, t)| !texts[..i].contains(t)),
        "{list}"
    );
}

/// The text `/api/export` answers `body` with (200).
fn exported(body: Value) -> String {
    let (status, _, bytes) = request("POST", "/api/export", body.to_string().as_bytes());
    assert_eq!(status, 200);
    String::from_utf8(bytes).unwrap()
}

#[test]
fn a_proof_is_drawn_one_branch_at_a_time() {
    // Ocean #1's force-cell-groups proof of r1c2<>8 has three branches
    let state = ocean_state();
    let v = ok(
        "/api/explain",
        json!({"state": state, "target": "r1c2<>8", "families": "force-cell-groups"}),
    );
    let row = &v["families"][0];
    let parts = row["view"]["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 3, "{row}");
    assert!(parts[0].as_str().unwrap().starts_with("branch 1 of 3: "));
    let whole = row["view"]["svg"].as_str().unwrap();
    for k in 1..=3 {
        let view = ok(
            "/api/view",
            json!({"state": state, "proof": row["proof"], "part": k}),
        );
        let svg = view["svg"].as_str().unwrap();
        assert!(svg.contains(&format!(">shown: branch {k} of 3: ")), "{k}");
        assert!(svg.matches("marker-end").count() < whole.matches("marker-end").count());
        assert_eq!(view["part"], k);
        // the export draws the same part
        let body = json!({"state": state, "proof": row["proof"], "format": "svg", "part": k});
        assert_eq!(exported(body), svg);
    }
    // no part 4, none of a chain, none without a proof: each says why
    let (status, e) = post(
        "/api/view",
        json!({"state": state, "proof": row["proof"], "part": 4}),
    );
    assert!(error_of(status, &e).contains("no part 4"), "{e}");
    let chain = ok(
        "/api/explain",
        json!({"state": state, "target": "r1c2<>8", "families": "nrc"}),
    );
    let proof = &chain["families"][0]["proof"];
    assert_eq!(chain["families"][0]["view"]["parts"], json!([]));
    let (status, e) = post(
        "/api/view",
        json!({"state": state, "proof": proof, "part": 1}),
    );
    assert!(error_of(status, &e).contains("drawn whole"), "{e}");
    let (status, e) = post(
        "/api/export",
        json!({"state": state, "format": "png", "part": 1}),
    );
    assert!(error_of(status, &e).contains("give the proof"), "{e}");
}

/// The explorer's graph sees an Imp630 pattern's OR relation as it sees a tridagon's: #4982
/// of mith's T&E(3) list after the basic rules, where SudoRules prints "EL14c30s-OR1-relation
/// for digits: 2, 4 and 8" with the one guardian n3r5c1 (`tests/fixtures/imp630/`).
#[test]
fn a_guardian_is_linked_to_its_imp630_relation() {
    let grid = "\
1      248    3      2457   458    6      57     248    9
248    5      7      124    148    9      248    3      6
6      9      248    2457   3458   37     57     1      248
234    247    246    8      9      37     246    5      1
2348   2478   5      467    34     1      2468   9      248
9      1      468    46     2      5      468    7      3
5      3      248    9      6      248    1      248    7
7      248    9      15     15     248    3      6      248
248    6      1      3      7      248    9      248    5";
    let state = loaded_with_or_relations(grid, 1);
    let (or, _) = or_relations_of(&state, "n3r5c1");
    assert!(
        or.iter().any(|n| n == "EL14c30s-OR1{n3r5c1}{n2 n4 n8}"),
        "n3r5c1: {or:?}"
    );
}

/// The state `grid` loads to, whose graph (`/api/graph`) holds an OR relation at least and
/// `members` edges to guardians at least.
fn loaded_with_or_relations(grid: &str, members: u64) -> String {
    let state = ok("/api/load", json!({"puzzle": grid}))["state"]
        .as_str()
        .unwrap()
        .to_string();
    let g = ok("/api/graph", json!({"state": state}));
    assert!(g["nodes"]["or_relation"].as_u64().unwrap() >= 1, "{g}");
    assert!(g["edges"]["or_member"].as_u64().unwrap() >= members, "{g}");
    state
}

/// The OR relations `candidate` is linked to in `state` (`/api/neighbourhood`), and their
/// count by way of them.
fn or_relations_of(state: &str, candidate: &str) -> (Vec<String>, u64) {
    let v = ok(
        "/api/neighbourhood",
        json!({"state": state, "candidate": candidate}),
    );
    let or = v["links"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["via"] == "or_relation")
        .map(|l| l["node"].as_str().unwrap().to_string())
        .collect();
    (or, v["counts"]["by_via"]["or_relation"].as_u64().unwrap())
}

/// The explorer's graph sees a tridagon's OR relation: #4986 of mith's T&E(3) list after
/// SudoRules' singles and `whips[1]` (Berthier, CSP-Rules-Examples), whose anti-tridagon has
/// the guardians n6r4c4 n1r5c3 n6r5c3: each is linked to the relation.
#[test]
fn a_guardian_is_linked_to_its_or_relation() {
    let grid = "\
+-------------------+-------------------+-------------------+
! 1     248   3     ! 248   5     6     ! 27    478   9     !
! 248   5     7     ! 1     248   9     ! 23    348   6     !
! 6     9     248   ! 7     3     248   ! 125   1458  12458 !
+-------------------+-------------------+-------------------+
! 248   2468  9     ! 2468  7     1     ! 235   3458  23458 !
! 5     3     12468 ! 24689 24689 248   ! 127   1478  12478 !
! 7     248   1248  ! 3     248   5     ! 6     9     1248  !
+-------------------+-------------------+-------------------+
! 349   1     456   ! 469   469   347   ! 8     2     357   !
! 2348  2468  2468  ! 5     1     23478 ! 9     367   37    !
! 2389  7     2568  ! 2689  2689  238   ! 4     1356  135   !
+-------------------+-------------------+-------------------+";
    let state = loaded_with_or_relations(grid, 3);
    for guardian in ["n6r4c4", "n1r5c3", "n6r5c3"] {
        let (or, count) = or_relations_of(&state, guardian);
        assert!(
            or.iter()
                .any(|n| n.starts_with("Trid-OR3{n6r4c4 n1r5c3 n6r5c3}{n2 n4 n8}")),
            "{guardian}: {or:?}"
        );
        assert!(count >= 1);
    }
}

/// Loki's `r7c9<>3` by tag2 (48 links), drawn from its first links: the view's links and
/// picture are the first 12, the export draws the same picture; 0 links, a DOT of the
/// first links and first links without a proof are refused, each saying why.
#[test]
fn a_long_proof_is_drawn_from_its_first_links() {
    const LOKI: &str =
        "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";
    let v = ok(
        "/api/explain",
        json!({"state": LOKI, "target": "r7c9<>3", "families": "tag2", "max_len": 60}),
    );
    let state = v["state"].as_str().unwrap();
    let row = &v["families"][0];
    let whole = &row["view"];
    let total = whole["links"].as_array().unwrap().len();
    assert_eq!(total, 48, "{}", row["length"]);
    let first = ok(
        "/api/view",
        json!({"state": state, "proof": row["proof"], "first_links": 12}),
    );
    let links = first["links"].as_array().unwrap();
    assert_eq!(links.len(), 12);
    assert_eq!(links[..], whole["links"].as_array().unwrap()[..12]);
    let svg = first["svg"].as_str().unwrap();
    assert!(svg.contains(">shown: links 1 to 12 of 48</text>"));
    assert_eq!(svg.matches("marker-end").count(), 12);
    assert!(svg.len() < whole["svg"].as_str().unwrap().len());
    assert!(
        first["highlights"].as_array().unwrap().len()
            < whole["highlights"].as_array().unwrap().len()
    );
    let body = json!({"state": state, "proof": row["proof"], "format": "svg", "first_links": 12});
    assert_eq!(exported(body), svg);
    let (status, e) = post(
        "/api/view",
        json!({"state": state, "proof": row["proof"], "first_links": 0}),
    );
    assert!(error_of(status, &e).contains("count from 1"), "{e}");
    let (status, e) = post(
        "/api/export",
        json!({"state": state, "proof": row["proof"], "format": "dot", "first_links": 3}),
    );
    assert!(error_of(status, &e).contains("SVG or PNG"), "{e}");
    let (status, e) = post(
        "/api/export",
        json!({"state": state, "format": "svg", "first_links": 3}),
    );
    assert!(error_of(status, &e).contains("give the proof"), "{e}");
}
