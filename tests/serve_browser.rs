//! The explorer in a real browser: headless Chromium through chromedriver (Debian's
//! `chromium` and `chromium-driver`), driven with fantoccini, at two sizes, 1280×800 and a
//! phone's 390×844, each running every journey: load Ocean #1, its links, the N path to
//! step 7, why r1c2<>8 drawn, a query's cells, the PNG download (once), puzzles 2 and 3 of
//! a collection file; errors beside their control in the page's words, cleared at the
//! next action; a linked view (step, selection, explain, family) with back and forward;
//! edits (remove, restore, a refused value, set, undo, redo, reset) that the links and
//! explain follow; queries (parameter fields from the selection, chains drawn, typed SQL,
//! DROP refused, stale highlights cleared, a long query cancelled); each notation named
//! with its copy button, Next ▶ kept under the pointer, a stuck path; every link of a
//! candidate drawn; the layout (no element past the right edge, tap targets of 32 px) and
//! the keys; a proof drawn one branch or chain at a time (◀ All ▶, the keys, the URL, the
//! download); the first screen (at the phone's size the grid and the answer to "why" in
//! it, the load controls folded); a long proof (Loki's tag2 of 48 links) folded in the
//! table and drawn from its first links. Screenshots of each stage go to a temporary folder, or to
//! `$SUDOLINK_EXPLORER_SHOTS/{desktop,phone}/` (`exports/explorer` keeps the committed
//! ones); the figures (page load, hover, explain, edit) are printed. `page_timings`
//! (ignored) measures the issue's speed figures in the page and prints them.
//!
//! Without chromium or chromedriver the test is skipped with a message, unless
//! SUDOLINK_REQUIRE_TOOLS=1 says they must be there (CI sets it).

use crate::common;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const OCEAN_1: &str =
    "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

/// Puzzles 2 and 3 of tests/fixtures/collections/top95_first5.txt.
const TOP95_2: &str =
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
const TOP95_3: &str =
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....";

fn find_tool(names: &[&str]) -> Option<PathBuf> {
    names.iter().find_map(|n| {
        let out = Command::new("which").arg(n).output().ok()?;
        out.status
            .success()
            .then(|| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
    })
}

/// chromedriver, killed when the test ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

/// Wait until `script` (an expression) is truthy, at most `secs` seconds.
async fn until(c: &Client, script: &str, secs: u64) -> Value {
    let start = Instant::now();
    loop {
        let v = js(c, &format!("return ({script});")).await;
        if !(v.is_null() || v == json!(false) || v == json!(0) || v == json!("")) {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "timed out waiting for {script}; status: {}",
            js(c, "return [document.getElementById('status').textContent, ...[...document.querySelectorAll('.err-note')].map(e => e.textContent).filter(t => t)].join(' / ');").await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn shot(c: &Client, dir: &Path, name: &str) {
    js(c, "window.scrollTo(0, 0); return 0;").await;
    let png = c.screenshot().await.unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

/// Click the element `css` selects (a panic names it when there is none).
async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} on the page: {e}"))
        .click()
        .await
        .unwrap();
}

/// Click `css`, then wait until `script` is truthy (at most `secs` seconds).
async fn click_until(c: &Client, css: &str, script: &str, secs: u64) -> Value {
    click(c, css).await;
    until(c, script, secs).await
}

/// Loki, Berthier's example of a puzzle beyond B (a tridagon solves it).
const LOKI: &str =
    "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..";

/// The script that is true once the path's step `k` is shown.
fn step_shown(k: usize) -> String {
    format!("document.getElementById('stepno').textContent.startsWith('step {k} ')")
}

async fn click_candidate(c: &Client, cand: &str) {
    c.find(Locator::Css(&format!(
        "#overlay rect.hit[data-cand=\"{cand}\"]"
    )))
    .await
    .unwrap_or_else(|e| panic!("no candidate {cand} on the board: {e}"))
    .click()
    .await
    .unwrap();
}

/// Run `test` against a WebDriver session of headless Chromium (chromedriver on a free
/// port) and an in-process server of the fixture collections (`--data
/// tests/fixtures/collections`); skipped with a message when the tools are missing.
fn in_chromium<F, Fut>(test: F)
where
    F: FnOnce(Client, SocketAddr, PathBuf, PathBuf) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let chromium = find_tool(&["chromium", "chromium-browser", "google-chrome"]);
    let driver = find_tool(&["chromedriver"]);
    let (Some(chromium), Some(driver)) = (chromium, driver) else {
        if std::env::var("SUDOLINK_REQUIRE_TOOLS").as_deref() == Ok("1") {
            panic!("chromium and chromedriver are required (SUDOLINK_REQUIRE_TOOLS=1) but missing: apt-get install chromium chromium-driver");
        }
        eprintln!("skipped: chromium or chromedriver is not installed (apt-get install chromium chromium-driver)");
        return;
    };
    let collections = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/collections");
    let server = common::serve::start(sudolink_serve::Config {
        data: sudolink_serve::data::DataDirs::open(&[collections]).unwrap(),
        ..Default::default()
    });
    let port = free_port();
    let _driver = Driver(
        Command::new(&driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "chromedriver did not listen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let scratch =
        std::env::temp_dir().join(format!("sudolink-explorer-{}-{}", std::process::id(), port));
    // SUDOLINK_EXPLORER_SHOTS=exports/explorer keeps the screenshots (to look at, commit)
    let shots = std::env::var_os("SUDOLINK_EXPLORER_SHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| scratch.clone());
    let downloads = scratch.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium.to_str().unwrap(),
                "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--window-size=1280,800", "--hide-scrollbars"],
                "prefs": {"download.default_directory": downloads.to_str().unwrap(),
                          "download.prompt_for_download": false},
            }),
        );
        let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a WebDriver session");
        test(c.clone(), server, shots.clone(), downloads).await;
        c.close().await.unwrap();
    });
    eprintln!("screenshots in {}", shots.display());
}

/// The two sizes every journey runs at: a laptop and a phone (390×844, an iPhone 12-14).
const SIZES: [(&str, u32, u32); 2] = [("desktop", 1280, 800), ("phone", 390, 844)];

/// Resize the window so that the page's viewport is `w`×`h` CSS pixels.
async fn viewport(c: &Client, server: SocketAddr, w: u32, h: u32) {
    c.goto(&format!("http://{server}/api/examples"))
        .await
        .unwrap();
    let (mut ww, mut wh) = (w, h);
    for _ in 0..4 {
        c.set_window_size(ww, wh).await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let inner = js(c, "return [window.innerWidth, window.innerHeight];").await;
        let (iw, ih) = (inner[0].as_i64().unwrap(), inner[1].as_i64().unwrap());
        if (iw, ih) == (i64::from(w), i64::from(h)) {
            return;
        }
        ww = (i64::from(ww) + i64::from(w) - iw) as u32;
        wh = (i64::from(wh) + i64::from(h) - ih) as u32;
    }
    let inner = js(c, "return [window.innerWidth, window.innerHeight];").await;
    panic!("the viewport is {inner}, not {w}×{h}");
}

/// Open the page at `query` (the part after `/`) and wait until it is ready.
async fn open(c: &Client, server: SocketAddr, query: &str) {
    c.goto(&format!("http://{server}/{query}")).await.unwrap();
    until(c, "window.sudolink && window.sudolink.ready", 20).await;
}

/// The text of the error slot `id` when shown, else "".
async fn error_in(c: &Client, id: &str) -> String {
    js(
        c,
        &format!(
            "const e = document.getElementById('{id}'); return e.hidden ? '' : e.textContent;"
        ),
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// On a phone the load controls fold under "Load a puzzle": open them (a wide window
/// shows them always).
async fn load_controls(c: &Client) {
    let folded = js(
        c,
        "return getComputedStyle(document.getElementById('load-box')).display === 'none';",
    )
    .await;
    if folded == json!(true) {
        click_until(
            c,
            "#load-toggle",
            "getComputedStyle(document.getElementById('load-box')).display !== 'none'",
            5,
        )
        .await;
    }
}

#[test]
fn explorer_journeys_in_chromium() {
    in_chromium(|c, server, shots, downloads| async move {
        for (size, w, h) in SIZES {
            viewport(&c, server, w, h).await;
            let shots = shots.join(size);
            std::fs::create_dir_all(&shots).unwrap();
            eprintln!("--- {size} {w}×{h}");
            journey(&c, server, &shots, &downloads, size == "desktop").await;
            errors_journey(&c, server, &shots).await;
            url_journey(&c, server, &shots).await;
            edit_journey(&c, server, &shots).await;
            query_journey(&c, server, &shots).await;
            proof_journey(&c, server, &shots).await;
            links_journey(&c, server, &shots).await;
            or_relation_journey(&c, server, &shots).await;
            layout_and_keys_journey(&c, server, &shots, w).await;
            parts_journey(&c, server, &shots, &downloads, w).await;
            first_screen_journey(&c, server, &shots, w).await;
            long_proof_journey(&c, server, &shots, &downloads, w).await;
        }
    });
}

/// The first file of `downloads` that `wanted` picks, waited for (at most 20 s; `what`
/// names it in the failure), and a moment more for the browser to finish writing it.
async fn downloaded(downloads: &Path, wanted: impl Fn(&Path) -> bool, what: &str) -> PathBuf {
    let start = Instant::now();
    let file = loop {
        let done = std::fs::read_dir(downloads)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| wanted(p));
        if let Some(p) = done {
            break p;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no {what} downloaded"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    file
}

/// The first journey: load, links, the N path, why r1c2<>8, a query, the PNG download
/// (when `download`), a collection's puzzles.
async fn journey(c: &Client, server: SocketAddr, shots: &Path, downloads: &Path, download: bool) {
    loads_ocean_1(c, server, shots).await;
    candidate_links_drawn(c).await;
    n_path_to_step_7(c, shots).await;
    why_r1c2_not_8(c, shots).await;
    bivalue_cells_highlighted(c).await;
    if download {
        png_downloads(c, downloads).await;
    }
    collection_puzzles_picked(c, shots).await;
}

/// The page loads Ocean #1 by itself (first visit and reload timed), its candidates marked.
async fn loads_ocean_1(c: &Client, server: SocketAddr, shots: &Path) {
    open(c, server, "").await;
    let load_ms = js(c, "return window.sudolink.readyAt;").await;
    eprintln!("page load, first visit (navigation to the grid drawn with Ocean #1): {load_ms} ms");
    // and a second visit (the browser warm, as a user reloading)
    c.refresh().await.unwrap();
    until(c, "window.sudolink && window.sudolink.ready", 20).await;
    let reload_ms = js(c, "return window.sudolink.readyAt;").await;
    eprintln!("page load, reload: {reload_ms} ms");
    let line = js(c, "return document.getElementById('puzzle').value;").await;
    assert_eq!(line, OCEAN_1);
    let marks = js(
        c,
        "return document.querySelectorAll('#overlay rect.hit:not(.ghost)').length;",
    )
    .await;
    assert!(marks.as_u64().unwrap() > 100, "{marks}");
    shot(c, shots, "1-loaded").await;
}

/// A click on n8r1c2 draws and counts its links, in the picture's colours; a hover is timed.
async fn candidate_links_drawn(c: &Client) {
    click_candidate(c, "n8r1c2").await;
    until(c, "document.querySelector('#links table')", 10).await;
    let sel = js(c, "return document.getElementById('sel').textContent;").await;
    assert_eq!(sel, "n8r1c2");
    let chips = js(
        c,
        "return document.querySelector('#links .counts').textContent;",
    )
    .await;
    let chips = chips.as_str().unwrap();
    assert!(
        chips.contains("strong") && chips.contains("weak") && chips.contains("cell"),
        "{chips}"
    );
    // the hover's links in the picture's colour, weak ones dashed as there
    let legend = js(
        c,
        "const w = document.querySelector('#links-g circle.hl-weak'), s = w && getComputedStyle(w); \
         return [document.querySelectorAll('.legend').length, s && s.stroke, s && s.strokeDasharray];",
    )
    .await;
    assert_eq!(
        legend,
        json!([0, "rgb(192, 57, 43)", "5px, 4px"]),
        "{legend}"
    );
    // hover timing: a candidate's first hover and a repeated one (the state's links are prefetched with it)
    until(
        c,
        "window.sudolink.linksReady === window.sudolink.shown",
        10,
    )
    .await;
    js(c, "window.sudolink.lastHoverMs = undefined; document.querySelector('#overlay rect.hit[data-cand=\"n6r1c1\"]').dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); return 0;").await;
    until(c, "window.sudolink.lastHoverMs !== undefined", 5).await;
    let first = js(c, "return window.sudolink.lastHoverMs;").await;
    eprintln!("hover highlight (links prefetched): {first} ms");
    js(
        c,
        "document.getElementById('overlay').dispatchEvent(new MouseEvent('mouseleave')); return 0;",
    )
    .await;
}

/// The N path: steps 1 to 3 each with its text, then on to step 7.
async fn n_path_to_step_7(c: &Client, shots: &Path) {
    click_until(
        c,
        "#path-go",
        "window.sudolink.path && !document.getElementById('next').disabled",
        30,
    )
    .await;
    let mut texts = Vec::new();
    for k in 1..=3 {
        click_until(c, "#next", &step_shown(k), 10).await;
        texts.push(js(c, "return document.getElementById('steptext').textContent;").await);
    }
    assert!(texts.iter().all(|t| !t.as_str().unwrap().is_empty()));
    assert_ne!(texts[0], texts[1]);
    shot(c, shots, "3-path-step3").await;
    for k in 4..=7 {
        click_until(c, "#next", &step_shown(k), 10).await;
    }
}

/// Why r1c2<>8 at step 7 (n8r1c2 selected, Enter): the simplest proof first, the nrc4
/// chain drawn with its notations; a placement and one family asked with the page's controls.
async fn why_r1c2_not_8(c: &Client, shots: &Path) {
    click_candidate(c, "n8r1c2").await;
    c.find(Locator::Id("grid"))
        .await
        .unwrap()
        .send_keys("\u{e007}")
        .await
        .unwrap();
    until(c, "document.querySelector('#proof-table')", 60).await;
    let nrc = js(
        c,
        "return [...document.querySelectorAll('#proof-table tr.clickable')].map(r => [...r.cells].map(c => c.textContent));",
    )
    .await;
    // the answer first: the simplest proof's row, then the others (the techniques that found
    // the same step on one row, each name clickable)
    let rows = nrc.as_array().unwrap();
    let simplest = js(c, "return window.sudolink.explained.simplest.family;").await;
    assert!(
        rows[0][0]
            .as_str()
            .unwrap()
            .split(", ")
            .next()
            .is_some_and(|f| f == simplest),
        "{nrc}"
    );
    let nrc_row = rows
        .iter()
        .find(|r| r[0].as_str().unwrap().split(", ").any(|f| f == "nrc"))
        .unwrap_or_else(|| panic!("no nrc proof: {nrc}"));
    assert_eq!(nrc_row[1], "4", "{nrc_row}");
    js(
        c,
        "document.querySelector('#proof-table span.fam[data-family=\"nrc\"]').click(); return 0;",
    )
    .await;
    // the nrc row's picture and notations (asked of /api/view) replace the simplest row's
    until(
        c,
        "[...document.querySelectorAll('#why-notations pre')].some(p => p.textContent.startsWith('nrc4-chain'))",
        10,
    )
    .await;
    let arrows = until(
        c,
        "document.querySelectorAll('#base svg path[marker-end]').length",
        5,
    )
    .await;
    assert!(arrows.as_u64().unwrap() >= 4, "{arrows} arrows");
    let names = js(
        c,
        "return [...document.querySelectorAll('#why-notations h3')].map(h => h.firstChild.textContent.trim());",
    )
    .await;
    assert_eq!(names[0], "ours (nrc)", "{names}");
    assert!(names.to_string().contains("SudoRules"), "{names}");
    let explain_ms = js(c, "return window.sudolink.explainMs;").await;
    eprintln!("explain r1c2<>8 at step 7 (every family, in the page): {explain_ms} ms");
    // a placement, asked with the page's controls: r1c2=3 (Ocean #1's solution)
    click_candidate(c, "n3r1c2").await;
    js(c, "document.getElementById('proofs').innerHTML = ''; document.getElementById('why-kind').value = '='; document.getElementById('why').click(); return 0;").await;
    until(c, "document.querySelector('#proof-table')", 60).await;
    let head = js(c, "return document.querySelector('#proofs p').textContent;").await;
    assert!(head.as_str().unwrap().starts_with("Why r1c2=3?"), "{head}");
    // one family and a max length from the picker
    let picked = js(c, "const s = document.getElementById('why-families'); s.value = 'whips'; document.getElementById('why-maxlen').value = '5'; document.getElementById('why-kind').value = '<>'; return [...s.options].length;").await;
    assert!(picked.as_u64().unwrap() > 80, "{picked} options");
    click_candidate(c, "n8r1c2").await;
    js(c, "document.getElementById('proofs').innerHTML = ''; document.getElementById('why').click(); return 0;").await;
    until(c, "document.querySelector('#proof-table')", 60).await;
    // every family asked answers: in the table (by name) or on the nothing-found line
    let families = js(
        c,
        "const n = window.sudolink.explained.nothing_found; return [...document.querySelectorAll('#proof-table span.fam')].map(s => s.dataset.family).concat(n.none, n.none_up_to.flatMap(u => u.families), n.cut.map(c => c.family));",
    )
    .await;
    assert_eq!(families.as_array().unwrap().len(), 4, "{families}");
    js(c, "document.getElementById('why-families').value = ''; document.getElementById('why-maxlen').value = '20'; return 0;").await;
    js(
        c,
        "document.getElementById('overlay').dispatchEvent(new MouseEvent('mouseleave')); return 0;",
    )
    .await;
    shot(c, shots, "4-why-r1c2-not-8").await;
}

/// The bivalue-cells query highlights one cell per row of its result.
async fn bivalue_cells_highlighted(c: &Client) {
    c.find(Locator::Id("named"))
        .await
        .unwrap()
        .select_by_value("bivalue-cells")
        .await
        .unwrap();
    click_until(c, "#run", "document.querySelector('#result-table')", 10).await;
    let result_rows = js(
        c,
        "return document.querySelectorAll('#result-table tr.clickable').length;",
    )
    .await;
    let lit = js(
        c,
        "return document.querySelectorAll('#overlay rect.cellhl').length;",
    )
    .await;
    assert!(result_rows.as_u64().unwrap() > 0);
    assert_eq!(lit, result_rows, "one highlighted cell per bivalue cell");
}

/// The PNG of the drawn chain downloads, and decodes.
async fn png_downloads(c: &Client, downloads: &Path) {
    click(c, ".downloads button[data-fmt=\"png\"]").await;
    let png = downloaded(
        downloads,
        |p| p.extension().is_some_and(|e| e == "png"),
        "PNG",
    )
    .await;
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap())
        .expect("the downloaded PNG decodes");
    assert!(pixmap.width() > 500, "{}", pixmap.width());
}

/// Puzzles 2 and 3 of a collection file: the grid and the text box show each.
async fn collection_puzzles_picked(c: &Client, shots: &Path) {
    load_controls(c).await;
    c.find(Locator::Id("collection"))
        .await
        .unwrap()
        .select_by_value("collections/top95_first5.txt")
        .await
        .unwrap();
    until(
        c,
        "document.getElementById('pick-count').textContent === 'of 5'",
        5,
    )
    .await;
    let n = c.find(Locator::Id("pick-n")).await.unwrap();
    n.clear().await.unwrap();
    n.send_keys("2\u{e007}").await.unwrap();
    for (k, puzzle) in [(2, TOP95_2), (3, TOP95_3)] {
        if k == 3 {
            click(c, "#pick-next").await;
        }
        until(
            c,
            &format!("window.sudolink.picked && window.sudolink.picked.n === {k} && document.getElementById('status').textContent.includes('#{k} of 5')"),
            10,
        )
        .await;
        let shown = js(
            c,
            "return window.sudolink.cells.map(c => c.value ? String(c.value) : '.').join('');",
        )
        .await;
        assert_eq!(shown, puzzle, "the grid shows top95 #{k}");
        let boxed = js(c, "return document.getElementById('puzzle').value;").await;
        assert_eq!(boxed, puzzle, "the text box shows top95 #{k}");
        let sel = js(c, "return document.getElementById('sel').textContent;").await;
        assert_eq!(sel, "—", "no links of the previous puzzle");
    }
    shot(c, shots, "6-picked-top95-3").await;
}

/// Errors appear beside the control that caused them, in the page's words, and go when
/// the user acts again.
async fn errors_journey(c: &Client, server: SocketAddr, shots: &Path) {
    open(c, server, "").await;
    // a puzzle with several solutions (Ocean #1 without its first given)
    let several = format!(".{}", &OCEAN_1[1..]).replacen('1', ".", 1);
    js(
        c,
        &format!("document.getElementById('puzzle').value = '{several}'; return 0;"),
    )
    .await;
    load_controls(c).await;
    click(c, "#load").await;
    until(c, "!document.getElementById('load-err').hidden", 10).await;
    let e = error_in(c, "load-err").await;
    assert!(e.contains("several solutions") && !e.contains("--"), "{e}");
    // beside Load: on screen, just under the header's controls
    let near = js(c, "const e = document.getElementById('load-err').getBoundingClientRect(), l = document.getElementById('load').getBoundingClientRect(); return [e.top - l.bottom, e.bottom <= window.innerHeight];").await;
    assert!(
        near[0].as_f64().unwrap() < 60.0 && near[1] == json!(true),
        "{near}"
    );
    shot(c, shots, "e1-load-error").await;
    // acting again clears it
    click_candidate(c, "n8r1c2").await;
    assert_eq!(error_in(c, "load-err").await, "");
    // rules that do not exist: the error beside Solve, with the nearest name
    let rules = c.find(Locator::Id("rules")).await.unwrap();
    rules.clear().await.unwrap();
    rules.send_keys("x-wings").await.unwrap();
    click(c, "#path-go").await;
    until(c, "!document.getElementById('path-err').hidden", 10).await;
    let e = error_in(c, "path-err").await;
    assert!(
        e.starts_with("Rules: ") && e.contains("x-wing?") && !e.contains("--") && e.len() < 300,
        "{e}"
    );
    let near = js(c, "const e = document.getElementById('path-err').getBoundingClientRect(), l = document.getElementById('path-go').getBoundingClientRect(); return e.top - l.bottom;").await;
    assert!(near.as_f64().unwrap() < 60.0, "{near}");
    shot_at(c, shots, "e2-rules-error", "path-panel").await;
    rules.clear().await.unwrap();
    rules.send_keys("N").await.unwrap();
    assert_eq!(error_in(c, "path-err").await, "");
    // the way out the load error names: "several solutions" loads that puzzle
    js(
        c,
        &format!("document.getElementById('puzzle').value = '{several}'; return 0;"),
    )
    .await;
    load_controls(c).await;
    click(c, "#nonunique").await;
    until(
        c,
        "document.getElementById('status').textContent.includes('loaded')",
        10,
    )
    .await;
    assert_eq!(error_in(c, "load-err").await, "");
    let url = js(c, "return location.search;").await;
    assert!(url.as_str().unwrap().contains("nonunique=1"), "{url}");
}

/// Screenshot with the element `id` scrolled into view (the phone's long page).
async fn shot_at(c: &Client, dir: &Path, name: &str, id: &str) {
    shot_scrolled(c, dir, name, id, "start").await;
}

/// A screenshot with the element `id` scrolled to `block` of the window (`start`: its top
/// at the window's top; `end`: its bottom at the window's bottom, what is above it in view).
async fn shot_scrolled(c: &Client, dir: &Path, name: &str, id: &str, block: &str) {
    js(
        c,
        &format!("document.getElementById('{id}').scrollIntoView({{block: '{block}'}}); return 0;"),
    )
    .await;
    let png = c.screenshot().await.unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

/// A link opens the view it names (puzzle, step, selection, explain and family); back and
/// forward walk the views; the text box follows `?puzzle=`.
async fn url_journey(c: &Client, server: SocketAddr, shots: &Path) {
    open(c, server, &format!("?puzzle={TOP95_2}")).await;
    let boxed = js(c, "return document.getElementById('puzzle').value;").await;
    assert_eq!(boxed, TOP95_2);
    // Load keeps the linked puzzle
    load_controls(c).await;
    click(c, "#load").await;
    until(
        c,
        "document.getElementById('status').textContent.includes('loaded')",
        10,
    )
    .await;
    let shown = js(
        c,
        "return window.sudolink.cells.map(c => c.value ? String(c.value) : '.').join('');",
    )
    .await;
    assert_eq!(shown, TOP95_2);

    open(
        c,
        server,
        "?rules=N&step=7&sel=n8r1c2&why=r1c2%3C%3E8&family=nrc",
    )
    .await;
    until(c, "document.querySelector('#proof-table tr.active')", 30).await;
    let view = js(c, "return [document.getElementById('stepno').textContent.split(' of ')[0], document.getElementById('sel').textContent, document.querySelector('#proof-table tr.active').dataset.family, document.getElementById('puzzle').value];").await;
    assert_eq!(view, json!(["step 7", "n8r1c2", "nrc", OCEAN_1]), "{view}");
    shot(c, shots, "u1-linked-step7-nrc").await;
    // Next: the URL follows; back: step 7 again; forward: step 8
    click_until(c, "#next", &step_shown(8), 10).await;
    let url = js(c, "return location.search;").await;
    assert!(url.as_str().unwrap().contains("step=8"), "{url}");
    c.back().await.unwrap();
    until(c, &step_shown(7), 10).await;
    c.forward().await.unwrap();
    until(c, &step_shown(8), 10).await;
    // a broken link: the page opens, says what is wrong beside Load, shows the puzzle
    open(c, server, "?state=%3A0000%3Ax%3Anonsense").await;
    let e = error_in(c, "load-err").await;
    assert!(!e.is_empty(), "no error for a broken state");
    let shown = js(c, "return window.sudolink.cells.length;").await;
    assert_eq!(shown, json!(81));
}

/// Editing: remove, restore, set a value; undo, redo, reset; a refused edit says why
/// beside the edit buttons; the links follow the edited state.
async fn edit_journey(c: &Client, server: SocketAddr, shots: &Path) {
    open(c, server, "").await;
    click_candidate(c, "n8r1c2").await;
    until(c, "document.querySelector('#links table')", 10).await;
    let linked =
        "(window.sudolink.links.get(window.sudolink.shown + '|n8r1c1') || Promise.resolve(null))";
    let before = js(c, "return window.sudolink.cells[1].candidates;").await;
    click(c, "#ed-remove").await;
    until(c, "!window.sudolink.cells[1].candidates.includes(8)", 10).await;
    let edit_ms = js(c, "return window.sudolink.editMs;").await;
    eprintln!("edit (remove n8r1c2), answered in the page: {edit_ms} ms");
    assert!(edit_ms.as_f64().unwrap() < 50.0 * 4.0, "{edit_ms}");
    // the links of n8r1c1 no longer reach n8r1c2, and the URL holds the edited state
    until(
        c,
        "window.sudolink.linksReady === window.sudolink.shown",
        10,
    )
    .await;
    let reach = c
        .execute_async(
            &format!("const done = arguments[0]; {linked}.then(a => done(a ? a.links.some(l => l.node === 'n8r1c2') : 'none'));"),
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(reach, json!(false));
    let url = js(
        c,
        "return new URLSearchParams(location.search).get('state');",
    )
    .await;
    assert!(url.as_str().unwrap().contains("812"), "{url}");
    shot(c, shots, "d1-removed-n8r1c2").await;
    // restore it (a removed candidate is selected and Restore is offered)
    click(c, "#ed-restore").await;
    until(c, "window.sudolink.cells[1].candidates.includes(8)", 10).await;
    assert_eq!(
        js(c, "return window.sudolink.cells[1].candidates;").await,
        before
    );
    // a wrong value: refused beside the buttons
    click_candidate(c, "n6r1c2").await;
    click(c, "#ed-place").await;
    until(c, "!document.getElementById('edit-err').hidden", 10).await;
    let e = error_in(c, "edit-err").await;
    assert!(e.contains("without a solution"), "{e}");
    let seen = js(c, "const r = document.getElementById('edit-err').getBoundingClientRect(); return [r.top >= 0 && r.bottom <= window.innerHeight + 1, r.top, r.bottom, window.scrollY];").await;
    assert_eq!(
        seen[0],
        json!(true),
        "the edit's error is on screen: {seen}"
    );
    shot(c, shots, "d2-wrong-value").await;
    // the right one: r1c2 = 3
    click_candidate(c, "n3r1c2").await;
    assert_eq!(error_in(c, "edit-err").await, "");
    click(c, "#ed-place").await;
    until(c, "window.sudolink.cells[1].value === 3", 10).await;
    shot(c, shots, "d3-set-r1c2-3").await;
    // undo twice: back to the puzzle; redo: the restore
    click_until(c, "#undo", "window.sudolink.cells[1].value === null", 10).await;
    click_until(
        c,
        "#undo",
        "!window.sudolink.cells[1].candidates.includes(8)",
        10,
    )
    .await;
    click_until(
        c,
        "#redo",
        "window.sudolink.cells[1].candidates.includes(8)",
        10,
    )
    .await;
    // explain follows the edited state: remove n8r1c2 again, then ask about n8r1c1
    click_candidate(c, "n8r1c2").await;
    click_until(
        c,
        "#ed-remove",
        "!window.sudolink.cells[1].candidates.includes(8)",
        10,
    )
    .await;
    let shown = js(c, "return window.sudolink.shown;").await;
    click_candidate(c, "n8r1c1").await;
    js(c, "document.getElementById('why-kind').value = '<>'; document.getElementById('why').click(); return 0;").await;
    until(
        c,
        "window.sudolink.explained && window.sudolink.explained.target === 'r1c1<>8'",
        60,
    )
    .await;
    let same = js(c, "return window.sudolink.shown;").await;
    assert_eq!(same, shown);
    // reset to the puzzle
    click_until(
        c,
        "#reset",
        "window.sudolink.shown === window.sudolink.puzzleState",
        10,
    )
    .await;
    assert_eq!(
        js(c, "return window.sudolink.cells[1].candidates;").await,
        before
    );
}

/// Queries: the fields of a named query's parameters, filled from the selection; chains
/// in a result drawn; typed SQL unsets the named query; DROP refused by its name; stale
/// highlights gone on an error; a long query cancelled.
async fn query_journey(c: &Client, server: SocketAddr, shots: &Path) {
    open(c, server, "").await;
    click_candidate(c, "n8r1c2").await;
    c.find(Locator::Id("named"))
        .await
        .unwrap()
        .select_by_value("seen-by")
        .await
        .unwrap();
    let field = until(
        c,
        "document.querySelector('#params input[data-param=\"candidate\"]')?.value",
        5,
    )
    .await;
    assert_eq!(field, "n8r1c2");
    click_until(c, "#run", "document.querySelector('#result-table')", 10).await;
    let lit = js(
        c,
        "return document.querySelectorAll('#overlay circle.candhl').length;",
    )
    .await;
    assert!(lit.as_u64().unwrap() > 3, "{lit}");
    // another selection fills the field again
    click_candidate(c, "n6r1c1").await;
    let field = js(
        c,
        "return document.querySelector('#params input[data-param=\"candidate\"]').value;",
    )
    .await;
    assert_eq!(field, "n6r1c1");
    // x-chain: its chains are drawn
    c.find(Locator::Id("named"))
        .await
        .unwrap()
        .select_by_value("x-chain")
        .await
        .unwrap();
    click_until(c, "#run", "document.querySelector('#result-table')", 20).await;
    let chains = js(
        c,
        "return document.querySelectorAll('#overlay path.chain').length;",
    )
    .await;
    assert!(chains.as_u64().unwrap() >= 3, "{chains}");
    js(
        c,
        "document.querySelector('#result-table tr.clickable').click(); return 0;",
    )
    .await;
    shot_at(c, shots, "q1-x-chain", "grid").await;
    // typed SQL: the named query is unset, so what runs is what is shown
    c.find(Locator::Id("sql"))
        .await
        .unwrap()
        .send_keys("DROP TABLE candidate")
        .await
        .unwrap();
    assert_eq!(
        js(c, "return document.getElementById('named').value;").await,
        ""
    );
    click(c, "#run").await;
    until(c, "!document.getElementById('query-err').hidden", 10).await;
    let e = error_in(c, "query-err").await;
    assert!(e.starts_with("DROP is refused"), "{e}");
    let stale = js(c, "return document.querySelectorAll('#overlay path.chain, #overlay circle.candhl, #overlay rect.cellhl').length;").await;
    assert_eq!(stale, json!(0));
    shot_at(c, shots, "q2-drop-refused", "query-panel").await;
    // a long query, cancelled: the page says so and the next query answers
    js(c, "document.getElementById('sql').value = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000000) SELECT count(*) FROM n'; return 0;").await;
    click(c, "#run").await;
    until(c, "!document.getElementById('cancel').hidden", 5).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let t0 = Instant::now();
    click_until(
        c,
        "#cancel",
        "document.getElementById('status').textContent === 'query cancelled'",
        5,
    )
    .await;
    js(
        c,
        "document.getElementById('sql').value = 'SELECT count(*) AS n FROM candidate'; return 0;",
    )
    .await;
    click_until(c, "#run", "document.querySelector('#result-table')", 10).await;
    eprintln!(
        "a long query cancelled, and the next one answered, in {} ms",
        t0.elapsed().as_millis()
    );
}

/// Proof text under each notation's name with a copy button; Next ▶ stays under the
/// pointer when the step's text appears; a stuck path says so.
async fn proof_journey(c: &Client, server: SocketAddr, shots: &Path) {
    open(c, server, "?rules=N&step=0").await;
    let before = js(c, "const n = document.getElementById('next'); n.scrollIntoView({block: 'center'}); const r = n.getBoundingClientRect(); return [r.x, r.y];").await;
    click_until(c, "#next", &step_shown(1), 10).await;
    until(c, "document.querySelector('#step-notations pre')", 5).await;
    let after = js(
        c,
        "const r = document.getElementById('next').getBoundingClientRect(); return [r.x, r.y];",
    )
    .await;
    let moved = (before[0].as_f64().unwrap() - after[0].as_f64().unwrap()).abs()
        + (before[1].as_f64().unwrap() - after[1].as_f64().unwrap()).abs();
    assert!(moved < 1.0, "Next ▶ moved from {before} to {after}");
    let names = js(c, "return [...document.querySelectorAll('#step-notations pre')].map(p => p.dataset.notation);").await;
    assert!(
        names.to_string().contains("ours (nrc)") && names.to_string().contains("HoDoKu"),
        "{names}"
    );
    js(
        c,
        "document.querySelector('#step-notations button.copy').click(); return 0;",
    )
    .await;
    let copied = until(c, "window.sudolink.copied", 5).await;
    let first = js(
        c,
        "return document.querySelector('#step-notations pre').textContent;",
    )
    .await;
    assert_eq!(copied, first);
    shot_at(c, shots, "p1-step1-notations", "path-panel").await;
    // a whip's text is headed SudoRules (Ocean #1's r1c2<>8 by whips)
    open(c, server, "?sel=n8r1c2&why=r1c2%3C%3E8&families=whips").await;
    until(c, "document.querySelector('#why-notations pre')", 30).await;
    let names = js(
        c,
        "return [...document.querySelectorAll('#why-notations pre')].map(p => p.dataset.notation);",
    )
    .await;
    assert_eq!(names[0], "SudoRules", "{names}");
    // singles alone stop on Ocean #1: the panel says so
    open(c, server, "?rules=basic&step=0").await;
    until(c, "!document.getElementById('stuck').hidden", 10).await;
    let stuck = js(c, "return document.getElementById('stuck').textContent;").await;
    assert!(stuck.as_str().unwrap().starts_with("Stuck"), "{stuck}");
    shot_at(c, shots, "p2-stuck", "path-panel").await;
    // with the Rules box empty the path escalates as `solve` does: Loki climbs from N after
    // step 5, to a tridagon, and the panel says at which step
    open(c, server, &format!("?puzzle={LOKI}&step=6")).await;
    until(c, &step_shown(6), 60).await;
    let v = js(c, "return [document.getElementById('rules').value, document.getElementById('escalation').textContent, document.getElementById('stuck').hidden, window.sudolink.path.solved];").await;
    assert_eq!(v[0], "", "{v}");
    let climbed = v[1].as_str().unwrap();
    assert!(
        climbed.starts_with("N (lengths up to 20) stops after step 5; escalating to W")
            && climbed.ends_with("escalating to Trid-OR5W"),
        "{climbed}"
    );
    assert_eq!((&v[2], &v[3]), (&json!(true), &json!(true)), "{v}");
    shot_at(c, shots, "p3-escalated", "path-panel").await;
    anti_backdoors_journey(c, server, shots).await;
}

/// The "Anti-backdoors" thread's puzzle [Berthier anti-backdoors]: its 13 W1-anti-backdoors
/// ringed on the grid, its one-step solutions listed, the simplest (n9r4c4, a `whip[3]`) opened
/// as a path at its step, and the same view from its link.
async fn anti_backdoors_journey(c: &Client, server: SocketAddr, shots: &Path) {
    const ANTI: &str =
        "..9......8....97...7..6..5..5..4..6.9....38....2.......6..5.17.2....84......1....";
    open(c, server, &format!("?puzzle={ANTI}")).await;
    click_until(
        c,
        "#anti-go",
        "document.querySelector('#anti button.one-step')",
        30,
    )
    .await;
    let ringed = js(
        c,
        "return [...document.querySelectorAll('#hl circle.candhl')].map(e => e.dataset.cand);",
    )
    .await;
    let ringed: Vec<&str> = ringed
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(ringed.len(), 13, "{ringed:?}");
    assert!(
        ringed.contains(&"n1r8c2") && ringed.contains(&"n9r4c4"),
        "{ringed:?}"
    );
    shot_at(c, shots, "p4-anti-backdoors", "path-panel").await;
    click_until(
        c,
        "#anti button.one-step",
        "document.getElementById('steptext').textContent.includes('r4c4 <> 9')",
        30,
    )
    .await;
    let v = js(
        c,
        "return [document.getElementById('steptext').textContent, location.search];",
    )
    .await;
    assert!(v[0].as_str().unwrap().starts_with("whip[3]"), "{v}");
    assert!(v[1].as_str().unwrap().contains("one_step=n9r4c4"), "{v}");
    shot_at(c, shots, "p5-one-step-path", "path-panel").await;
    // the link opens the same step
    open(c, server, &format!("?puzzle={ANTI}&one_step=n9r4c4")).await;
    until(
        c,
        "document.getElementById('steptext').textContent.includes('r4c4 <> 9')",
        30,
    )
    .await;
    let solved = js(c, "return window.sudolink.path.solved;").await;
    assert_eq!(solved, json!(true));
}

/// The links view: every link of a candidate drawn (group, ALS and almost-cell ends
/// outlined), no two drawn on one line, rows that select.
async fn links_journey(c: &Client, server: SocketAddr, shots: &Path) {
    open(c, server, "?sel=n2r5c5").await;
    until(c, "document.querySelector('#links-table')", 10).await;
    let v = js(c, "return [document.querySelectorAll('#links-table tr.clickable').length, document.querySelectorAll('#links-g > g').length, document.querySelectorAll('#links-g .end-als').length, document.querySelectorAll('#links-g .end-group').length, document.querySelectorAll('#links-g .end-almost_cell').length, new Set([...document.querySelectorAll('#links-g path.ln')].map(p => p.getAttribute('d'))).size];").await;
    let n = v[0].as_u64().unwrap();
    assert!(n >= 40, "{v}");
    assert_eq!(v[1].as_u64().unwrap(), n, "every link drawn: {v}");
    assert!(
        v[2].as_u64().unwrap() > 0 && v[3].as_u64().unwrap() > 0 && v[4].as_u64().unwrap() > 0,
        "{v}"
    );
    assert_eq!(v[5].as_u64().unwrap(), n, "each link its own curve: {v}");
    // links along one row from the candidate: distinct curves that do not lie on one line
    shot(c, shots, "l1-links-n2r5c5").await;
    // a row's end emphasised on hover; a candidate row selects that candidate
    js(c, "const tr = [...document.querySelectorAll('#links-table tr.clickable')].find(r => r.dataset.node.startsWith('{')); tr.click(); return 0;").await;
    let focused = js(
        c,
        "return document.querySelectorAll('#links-g .focus').length;",
    )
    .await;
    assert!(focused.as_u64().unwrap() > 0);
    shot(c, shots, "l2-one-als-end").await;
    js(c, "[...document.querySelectorAll('#links-table tr.clickable')].find(r => /^n\\dr\\dc\\d$/.test(r.dataset.node)).click(); return 0;").await;
    until(
        c,
        "document.getElementById('sel').textContent !== 'n2r5c5'",
        5,
    )
    .await;
}

/// mith's Loki (2022) holds one tridagon in its start state (blocks 5, 6, 8, 9, digits 3, 5,
/// 7) with one guardian, n1r8c8: selecting the guardian shows its link to the OR relation,
/// drawn as the relation's own end (outlined on its guardians) with the relation's colour;
/// and likewise an Imp630 pattern's relation.
async fn or_relation_journey(c: &Client, server: SocketAddr, shots: &Path) {
    open(c, server, &format!("?puzzle={LOKI}&sel=n1r8c8")).await;
    or_relation_drawn(c, "Trid-OR1{n1r8c8}").await;
    shot(c, shots, "l3-or-relation-n1r8c8").await;
    // an Imp630 pattern's relation is shown and drawn the same way: #4982 of mith's list
    // after the basic rules, SudoRules' EL14c30s-OR1 relation with its one guardian n3r5c1
    const MITH_4982: &str = "1 248 3 2457 458 6 57 248 9\n248 5 7 124 148 9 248 3 6\n\
        6 9 248 2457 3458 37 57 1 248\n234 247 246 8 9 37 246 5 1\n\
        2348 2478 5 467 34 1 2468 9 248\n9 1 468 46 2 5 468 7 3\n\
        5 3 248 9 6 248 1 248 7\n7 248 9 15 15 248 3 6 248\n248 6 1 3 7 248 9 248 5";
    let encoded = MITH_4982.replace(' ', "%20").replace('\n', "%0A");
    open(c, server, &format!("?puzzle={encoded}&sel=n3r5c1")).await;
    or_relation_drawn(c, "EL14c30s-OR1{n3r5c1}").await;
    shot(c, shots, "l3-or-relation-imp630-n3r5c1").await;
}

/// The selected guardian's one row to the relation whose label starts with `label`, the
/// relation's end drawn, the link in the relation's colour.
async fn or_relation_drawn(c: &Client, label: &str) {
    until(c, "document.querySelector('#links-table')", 10).await;
    let v = js(
        c,
        &format!("const rows = [...document.querySelectorAll('#links-table tr.clickable')].filter(r => (r.dataset.node || '').startsWith('{label}')); return [rows.length, document.querySelectorAll('#links-g .end-or_relation').length, document.querySelectorAll('#links-g path.ln.via-or_relation').length];"),
    )
    .await;
    assert_eq!(
        v[0].as_u64(),
        Some(1),
        "the guardian's row to its relation {label}: {v}"
    );
    assert!(v[1].as_u64().unwrap() > 0, "the relation's end drawn: {v}");
    assert!(
        v[2].as_u64().unwrap() > 0,
        "the link drawn in the relation's colour: {v}"
    );
}

/// The layout at this size (no horizontal scroll, the grid within the width, tap targets
/// of 32 px at least) and the keyboard: arrows, digits, Enter, N and P.
async fn layout_and_keys_journey(c: &Client, server: SocketAddr, shots: &Path, width: u32) {
    open(c, server, "?rules=N&step=0").await;
    let v = js(c, "const g = document.getElementById('grid').getBoundingClientRect(); return [document.documentElement.scrollWidth, Math.round(g.right), Math.round(g.width)];").await;
    let w = u64::from(width);
    assert!(
        v[0].as_u64().unwrap() <= w,
        "page wider than the window: {v}"
    );
    assert!(v[1].as_u64().unwrap() <= w, "grid cut: {v}");
    let small = js(c, "return [...document.querySelectorAll('button, select, input, textarea, label.check')].filter(e => e.offsetParent !== null && !e.matches('label.check > input')).map(e => [e.id || e.textContent.trim().slice(0, 12), e.getBoundingClientRect()]).filter(([_, r]) => r.height < 32 || r.width < 32).map(([n, r]) => n + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));").await;
    let out = js(c, "return [...document.querySelectorAll('header *, main *')].filter(e => e.offsetParent !== null && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.id || e.tagName + '.' + e.className);").await;
    assert_eq!(out, json!([]), "elements past the right edge");
    // a checkbox's tap target is its label
    assert_eq!(small, json!([]), "tap targets under 32 px");
    shot(c, shots, "k0-layout").await;
    // keys: the grid focused, arrows move, a digit chooses, Enter explains, N / P step
    c.find(Locator::Id("grid"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    js(
        c,
        "window.sudolink.select('n8r1c2'); document.getElementById('grid').focus(); return 0;",
    )
    .await;
    let grid = c.find(Locator::Id("grid")).await.unwrap();
    grid.send_keys("\u{e014}").await.unwrap(); // →
    let at = js(
        c,
        "return [window.sudolink.cursor.r, window.sudolink.cursor.c];",
    )
    .await;
    assert_eq!(at, json!([0, 2]));
    grid.send_keys("\u{e012}").await.unwrap(); // ←
    grid.send_keys("3").await.unwrap();
    assert_eq!(js(c, "return window.sudolink.sel;").await, "n3r1c2");
    grid.send_keys("8").await.unwrap();
    assert_eq!(js(c, "return window.sudolink.sel;").await, "n8r1c2");
    grid.send_keys("n").await.unwrap();
    until(c, &step_shown(1), 10).await;
    grid.send_keys("n").await.unwrap();
    until(c, &step_shown(2), 10).await;
    grid.send_keys("p").await.unwrap();
    until(c, &step_shown(1), 10).await;
    grid.send_keys("\u{e007}").await.unwrap();
    until(
        c,
        "window.sudolink.explained && window.sudolink.explained.target === 'r1c2<>8'",
        30,
    )
    .await;
    shot(c, shots, "k1-keys").await;
}

/// The picture of the proof drawn, as its SVG text.
const BASE_SVG: &str = "document.querySelector('#base svg').outerHTML";

/// One branch or chain at a time: an explained force chain's branches with ◀ All ▶ and
/// the keys, the part in the URL (a link opens it), downloaded as shown; a path step's 3D
/// Medusa chain by chain; the controls fit the window.
async fn parts_journey(c: &Client, server: SocketAddr, shots: &Path, downloads: &Path, width: u32) {
    force_chain_branch_by_branch(c, server, shots, downloads, width).await;
    part_opened_by_link(c, server).await;
    medusa_chain_by_chain(c, server, shots, width).await;
}

/// The name of the part shown.
async fn part_name(c: &Client) -> Value {
    js(
        c,
        "return document.getElementById('part-name').textContent;",
    )
    .await
}

/// An explained force chain's branches one at a time with ▶ (the URL names the part, the
/// download is the part shown) and back to the whole proof; the keys step back and forth.
async fn force_chain_branch_by_branch(
    c: &Client,
    server: SocketAddr,
    shots: &Path,
    downloads: &Path,
    width: u32,
) {
    open(
        c,
        server,
        "?sel=n8r1c2&why=r1c2%3C%3E8&families=force-cell-groups",
    )
    .await;
    until(c, "!document.getElementById('parts').hidden", 30).await;
    assert_eq!(
        part_name(c).await,
        "the whole proof: 3 parts to see one at a time"
    );
    let whole = js(c, &format!("return {BASE_SVG};")).await;
    // ▶: branch 1 alone, its legend says so, the URL has it
    click_until(
        c,
        "#part-next",
        &format!("{BASE_SVG}.includes('>shown: branch 1 of 3: ')"),
        10,
    )
    .await;
    assert!(part_name(c)
        .await
        .as_str()
        .unwrap()
        .starts_with("branch 1 of 3: r1c7/+4"));
    let url = js(c, "return location.search;").await;
    assert!(url.as_str().unwrap().contains("part=1"), "{url}");
    let links = |svg: &Value| svg.as_str().unwrap().matches("marker-end").count();
    let one = js(c, &format!("return {BASE_SVG};")).await;
    assert!(links(&one) < links(&whole));
    shot_scrolled(c, shots, "b1-branch-1-of-3", "parts", "end").await;
    // ▶ ▶: branch 3; the download is branch 3's picture
    click_until(
        c,
        "#part-next",
        &format!("{BASE_SVG}.includes('>shown: branch 2 of 3: ')"),
        10,
    )
    .await;
    click_until(
        c,
        "#part-next",
        &format!("{BASE_SVG}.includes('>shown: branch 3 of 3: ')"),
        10,
    )
    .await;
    if width > 1000 {
        svg_download_shows(c, downloads, "-part-3.svg", ">shown: branch 3 of 3: ").await;
    }
    // ▶ past the last: the whole proof again; the keys step back and forth
    click_until(
        c,
        "#part-next",
        "document.getElementById('part-name').textContent.startsWith('the whole proof')",
        10,
    )
    .await;
    assert_eq!(js(c, &format!("return {BASE_SVG};")).await, whole);
    let grid = c.find(Locator::Id("grid")).await.unwrap();
    js(c, "document.getElementById('grid').focus(); return 0;").await;
    grid.send_keys(",").await.unwrap();
    until(c, "window.sudolink.part === 3", 10).await;
    grid.send_keys(",").await.unwrap();
    until(
        c,
        &format!("{BASE_SVG}.includes('>shown: branch 2 of 3: ')"),
        10,
    )
    .await;
    grid.send_keys("a").await.unwrap();
    until(
        c,
        "window.sudolink.part === 0 && document.getElementById('part-all').disabled",
        10,
    )
    .await;
}

/// A link opens the part it names.
async fn part_opened_by_link(c: &Client, server: SocketAddr) {
    open(
        c,
        server,
        "?sel=n8r1c2&why=r1c2%3C%3E8&families=force-cell-groups&part=2",
    )
    .await;
    until(
        c,
        &format!("{BASE_SVG}.includes('>shown: branch 2 of 3: ')"),
        30,
    )
    .await;
}

/// A path step's 3D Medusa, chain by chain (Ocean #1's step 4 of basic,medusa), the controls
/// within the window; another step has its own parts, or none: the controls follow.
async fn medusa_chain_by_chain(c: &Client, server: SocketAddr, shots: &Path, width: u32) {
    open(c, server, "?rules=basic%2Cmedusa&step=4").await;
    until(c, "!document.getElementById('parts').hidden", 30).await;
    let total = part_name(c).await;
    assert!(
        total.as_str().unwrap().starts_with("the whole proof: "),
        "{total}"
    );
    click_until(
        c,
        "#part-next",
        &format!("{BASE_SVG}.includes('>shown: chain 1 of ')"),
        10,
    )
    .await;
    click_until(
        c,
        "#part-next",
        &format!("{BASE_SVG}.includes('>shown: chain 2 of ')"),
        10,
    )
    .await;
    let v = js(c, "const p = document.getElementById('parts').getBoundingClientRect(); return [Math.round(p.right), document.documentElement.scrollWidth];").await;
    assert!(
        v[0].as_u64().unwrap() <= u64::from(width) && v[1].as_u64().unwrap() <= u64::from(width),
        "{v}"
    );
    shot_scrolled(c, shots, "b2-medusa-chain-2", "parts", "end").await;
    // another step has its own parts, or none: the controls follow
    click_until(c, "#next", &step_shown(5), 10).await;
    let hidden = js(
        c,
        "return [document.getElementById('parts').hidden, window.sudolink.part];",
    )
    .await;
    assert_eq!(hidden[1], 0, "{hidden}");
}

/// The boxes of the first screen, scrolled to the top: the grid's, the proofs table's (the
/// answer to "why"), the edit buttons', the header's bottom, whether the load controls
/// show, and the window's height.
const FIRST_SCREEN: &str = "window.scrollTo(0, 0); \
    const r = (id) => { const b = document.getElementById(id).getBoundingClientRect(); return [b.top, b.bottom]; }; \
    return {grid: r('grid'), proofs: r('proofs'), edit: r('edit'), header: document.querySelector('header').getBoundingClientRect().bottom, \
            load: getComputedStyle(document.getElementById('load-box')).display !== 'none', h: window.innerHeight};";

/// Whether the box `[top, bottom]` is within a window `h` high.
fn on_screen(b: &Value, h: f64) -> bool {
    b[0].as_f64().unwrap() >= 0.0 && b[1].as_f64().unwrap() <= h
}

/// At a phone's size (`width` under 600) the grid and the answer to "why" (the proofs
/// table) are on the first screen, the load controls folded under "Load a puzzle" (they
/// open, load a puzzle and fold again) and the edit buttons after the answer; at a laptop's
/// the load controls stay in the header and the edit buttons above the grid.
async fn first_screen_journey(c: &Client, server: SocketAddr, shots: &Path, width: u32) {
    open(c, server, "?rules=N&step=7&sel=n8r1c2&why=r1c2%3C%3E8").await;
    until(c, "document.querySelector('#proof-table tr.active')", 30).await;
    let v = js(c, FIRST_SCREEN).await;
    eprintln!("first screen, Ocean #1's r1c2<>8 at step 7 (tops and bottoms, px): {v}");
    let h = v["h"].as_f64().unwrap();
    if width < 600 {
        assert!(
            on_screen(&v["grid"], h),
            "the grid on the first screen: {v}"
        );
        assert!(
            on_screen(&v["proofs"], h),
            "the answer on the first screen: {v}"
        );
        assert_eq!(v["load"], json!(false), "load controls folded: {v}");
        assert!(v["header"].as_f64().unwrap() < 0.12 * h, "{v}");
        assert!(v["edit"][0].as_f64() >= v["proofs"][1].as_f64(), "{v}");
        shot(c, shots, "f1-first-screen-why-r1c2-not-8").await;
        // Load a puzzle: the controls open, load, and fold again
        load_controls(c).await;
        js(
            c,
            &format!("document.getElementById('puzzle').value = '{TOP95_2}'; return 0;"),
        )
        .await;
        click(c, "#load").await;
        until(
            c,
            "window.sudolink.puzzleText === document.getElementById('puzzle').value && getComputedStyle(document.getElementById('load-box')).display === 'none'",
            10,
        )
        .await;
        let expanded = js(
            c,
            "return document.getElementById('load-toggle').getAttribute('aria-expanded');",
        )
        .await;
        assert_eq!(expanded, "false");
    } else {
        // as it was: the load controls in the header, the edit buttons over the grid
        assert_eq!(v["load"], json!(true), "{v}");
        assert!(v["edit"][1].as_f64() <= v["grid"][0].as_f64(), "{v}");
        assert!(v["grid"][0].as_f64().unwrap() < 0.25 * h, "{v}");
    }
}

/// Loki's r7c9<>3 by tag2 (48 links), as a link names it.
const LOKI_TAG2: &str = "?puzzle=57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..&sel=n3r7c9&why=r7c9%3C%3E3&families=tag2&maxlen=60";

/// The links the picture draws.
const ARROWS: &str = "document.querySelectorAll('#base svg path[marker-end]').length";

/// A long proof folds: Loki's r7c9<>3 by tag2 (48 links) keeps its technique and length in
/// view in the table, its text folded to a few lines ("more" unfolds it), and its picture
/// draws its first 12 links until asked for more (▶, the keys, "All links", the slider, a
/// link with `links=`), downloaded as shown; at a phone's size the grid and the answer are
/// on the first screen.
async fn long_proof_journey(
    c: &Client,
    server: SocketAddr,
    shots: &Path,
    downloads: &Path,
    width: u32,
) {
    open(c, server, LOKI_TAG2).await;
    until(
        c,
        "!document.getElementById('linkbar').hidden && document.querySelector('#proof-table tr.active')",
        60,
    )
    .await;
    until(c, &format!("{ARROWS} === 12"), 10).await;
    let row = js(
        c,
        "window.scrollTo(0, 0); \
         const tr = document.querySelector('#proof-table tr.active'), p = document.getElementById('proofs').getBoundingClientRect(), t = tr.querySelector('.proof-text'); \
         const seen = (cell) => { const r = document.createRange(); r.selectNodeContents(cell); const b = r.getBoundingClientRect(); return b.top >= p.top - 1 && b.bottom <= p.bottom + 1 && b.bottom <= window.innerHeight + 1; }; \
         return [tr.cells[0].textContent, tr.cells[1].textContent, seen(tr.cells[0]) && seen(tr.cells[1]), t.classList.contains('folded'), t.scrollHeight > t.clientHeight + 4, t.getBoundingClientRect().height, !!tr.querySelector('button.more')];",
    )
    .await;
    assert_eq!(row[0], "tag2", "{row}");
    assert_eq!(row[1], "48", "{row}");
    assert_eq!(row[2], json!(true), "technique and length in view: {row}");
    assert_eq!(row[3], json!(true), "text folded: {row}");
    assert_eq!(row[4], json!(true), "text cut: {row}");
    assert!(row[5].as_f64().unwrap() < 70.0, "{row}");
    assert_eq!(row[6], json!(true), "{row}");
    let picture = js(
        c,
        &format!("return [{ARROWS}, {BASE_SVG}.includes('>shown: links 1 to 12 of 48<'), document.getElementById('links-name').textContent, window.sudolink.picture.total.get(0)];"),
    )
    .await;
    assert_eq!(picture, json!([12, true, "links 1 to 12 of 48", 48]));
    if width < 600 {
        let v = js(c, FIRST_SCREEN).await;
        eprintln!("first screen, Loki's r7c9<>3 by tag2 (tops and bottoms, px): {v}");
        let h = v["h"].as_f64().unwrap();
        assert!(on_screen(&v["grid"], h), "{v}");
        assert!(on_screen(&v["proofs"], h), "{v}");
    }
    shot(c, shots, "t1-loki-tag2-first-12-links").await;
    let bar = js(c, "const b = document.getElementById('linkbar').getBoundingClientRect(); return [b.right <= window.innerWidth, [...document.querySelectorAll('#linkbar button, #linkbar input')].every(e => e.getBoundingClientRect().height >= 32)];").await;
    assert_eq!(
        bar,
        json!([true, true]),
        "the link controls fit, tap targets of 32 px"
    );
    // "more" unfolds the text (the row drawn stays), "less" folds it again
    click(c, "#proof-table tr.active button.more").await;
    let unfolded = js(c, "const t = document.querySelector('#proof-table tr.active .proof-text'); return [t.classList.contains('folded'), t.getBoundingClientRect().height, window.sudolink.why.family];").await;
    assert_eq!(unfolded[0], json!(false), "{unfolded}");
    assert!(unfolded[1].as_f64().unwrap() > 100.0, "{unfolded}");
    assert_eq!(unfolded[2], "tag2", "{unfolded}");
    click(c, "#proof-table tr.active button.more").await;
    let folded = js(
        c,
        "return document.querySelector('#proof-table tr.active .proof-text').classList.contains('folded');",
    )
    .await;
    assert_eq!(folded, json!(true));
    // ▶ one link more (the URL says so), the keys one fewer, All links, the slider
    click_until(c, "#links-more", &format!("{ARROWS} === 13"), 10).await;
    let url = js(c, "return location.search;").await;
    assert!(url.as_str().unwrap().contains("links=13"), "{url}");
    js(c, "document.getElementById('grid').focus(); return 0;").await;
    let grid = c.find(Locator::Id("grid")).await.unwrap();
    grid.send_keys("-").await.unwrap();
    grid.send_keys("-").await.unwrap();
    until(c, &format!("{ARROWS} === 11"), 10).await;
    click_until(c, "#links-all", &format!("{ARROWS} === 48"), 10).await;
    let all = js(c, "return [document.getElementById('links-name').textContent, document.getElementById('links-all').disabled, location.search.includes('links=all')];").await;
    assert_eq!(all, json!(["all 48 links", true, true]));
    js(c, "const r = document.getElementById('links-range'); r.value = 5; r.dispatchEvent(new Event('input')); return 0;").await;
    until(c, &format!("{ARROWS} === 5"), 10).await;
    // a link opens the links it names; the download is the picture shown
    open(c, server, &format!("{LOKI_TAG2}&links=20")).await;
    until(c, &format!("{ARROWS} === 20"), 60).await;
    if width > 1000 {
        svg_download_shows(
            c,
            downloads,
            "-links-1-20.svg",
            ">shown: links 1 to 20 of 48<",
        )
        .await;
    }
}

/// The SVG download of the picture shown: a file whose name ends with `ending`, its legend
/// saying `shown` (which part or links).
async fn svg_download_shows(c: &Client, downloads: &Path, ending: &str, shown: &str) {
    click(c, ".downloads button[data-fmt='svg']").await;
    let file = downloaded(
        downloads,
        |p| p.to_string_lossy().ends_with(ending),
        &format!("an SVG named …{ending}"),
    )
    .await;
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains(shown), "{}: no {shown}", file.display());
}

/// Median and max of `figures` (milliseconds), printed as "median X ms, max Y ms (n=N)".
fn median_max(figures: &[f64]) -> String {
    let mut f = figures.to_vec();
    f.sort_by(|a, b| a.partial_cmp(b).unwrap());
    format!(
        "median {:.1} ms, max {:.1} ms (n={})",
        f[f.len() / 2],
        f[f.len() - 1],
        f.len()
    )
}

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

/// The issue's speed figures, measured in the page with the Performance API and printed
/// (no assertion on time): page load (first contentful paint, and the first frame with the
/// puzzle drawn, from the navigation's start), a candidate's hover highlight (from the
/// mouseover event to its links drawn, layout included), and explain of an ordinary
/// target (r1c2<>8 of Ocean #1, nrc7 at the start and nrc4 at step 7 of its N path; every
/// family, as the page asks), and an edit (remove or restore a candidate), at both sizes.
/// Run with
/// `cargo test --release --test serve_browser -- --ignored page_timings --nocapture`.
#[test]
#[ignore = "prints timings: run with --ignored page_timings --nocapture"]
fn page_timings() {
    in_chromium(|c, server, _, _| async move {
        // the repeated explains may outlast chromedriver's 30 s script default
        c.update_timeouts(fantoccini::wd::TimeoutConfiguration::new(
            Some(Duration::from_secs(600)),
            Some(Duration::from_secs(60)),
            None,
        ))
        .await
        .unwrap();
        for (size, w, h) in SIZES {
            viewport(&c, server, w, h).await;
            eprintln!("--- {size} {w}×{h}");
            let url = format!("http://{server}/");
            let (mut paint, mut ready) = (Vec::new(), Vec::new());
            for _ in 0..7 {
                c.goto(&url).await.unwrap();
                until(&c, "window.sudolink && window.sudolink.ready", 20).await;
                let v = js(&c, "const p = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint'); return [p ? p.startTime : -1, window.sudolink.readyAt];").await;
                let v = numbers(&v);
                paint.push(v[0]);
                ready.push(v[1]);
            }
            eprintln!("page load, first contentful paint: {}", median_max(&paint));
            eprintln!(
                "page load, first frame with the puzzle drawn (first visit, then reloads): {}",
                median_max(&ready)
            );
            eprintln!("  each: {ready:?}");
            // hover: 30 candidates, links prefetched with the state (the page's way), then the
            // same with the cache emptied (each hover asks the server)
            until(
                &c,
                "window.sudolink.linksReady === window.sudolink.shown",
                20,
            )
            .await;
            let hover_script = r#"
                const done = arguments[arguments.length - 1];
                const emptyFirst = arguments[0];
                (async () => {
                  const hits = [...document.querySelectorAll('#overlay rect.hit')].slice(0, 30);
                  const out = [];
                  for (const h of hits) {
                    if (emptyFirst) window.sudolink.links.clear();
                    const t0 = performance.now();
                    h.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
                    await window.sudolink.hovering;
                    document.getElementById('overlay').getBoundingClientRect();
                    document.getElementById('links').getBoundingClientRect();
                    out.push(performance.now() - t0);
                  }
                  done(out);
                })();"#;
            let local = numbers(
                &c.execute_async(hover_script, vec![json!(false)])
                    .await
                    .unwrap(),
            );
            let asking = numbers(
                &c.execute_async(hover_script, vec![json!(true)])
                    .await
                    .unwrap(),
            );
            eprintln!(
                "hover highlight, links prefetched with the state: {}",
                median_max(&local)
            );
            eprintln!(
                "hover highlight, asking the server each time: {}",
                median_max(&asking)
            );
            // explain r1c2<>8: at the start state and at step 7 of the N path
            let explain_script = r#"
                const done = arguments[arguments.length - 1];
                const [step, reps] = arguments;
                (async () => {
                  const app = window.sudolink;
                  let text = app.base;
                  if (step > 0) {
                    const r = await fetch('/api/path', {method: 'POST', body: JSON.stringify({state: app.base, rules: 'N'})});
                    text = (await r.json()).steps[step - 1].state_before;
                  }
                  await app.loadText(text);
                  app.select('n8r1c2');
                  const out = [];
                  for (let i = 0; i < reps; i++) {
                    await app.explain();
                    const nrc = app.explained.families.find(f => f.family === 'nrc');
                    out.push([app.explainMs, nrc ? nrc.length : null]);
                  }
                  done(out);
                })();"#;
            for step in [0, 7] {
                let v = c
                    .execute_async(explain_script, vec![json!(step), json!(7)])
                    .await
                    .unwrap();
                let rows = v.as_array().unwrap();
                let ms: Vec<f64> = rows.iter().map(|r| r[0].as_f64().unwrap()).collect();
                let nrc = &rows[0][1];
                let at = if step == 0 {
                    "the start".to_string()
                } else {
                    format!("step {step}")
                };
                eprintln!(
                    "explain r1c2<>8 at {at} of Ocean #1 (every family; nrc length {nrc}): {}",
                    median_max(&ms)
                );
            }
            // an edit: remove n8r1c2, restore it, ten times (each answered with the new
            // state drawn)
            let edit_script = r#"
                const done = arguments[arguments.length - 1];
                (async () => {
                  const app = window.sudolink;
                  await app.loadText(app.defaultPuzzle);
                  const out = [];
                  for (let i = 0; i < 10; i++) {
                    app.select('n8r1c2');
                    await app.edit('eliminate'); out.push(app.editMs);
                    app.select('n8r1c2');
                    await app.edit('restore'); out.push(app.editMs);
                  }
                  done(out);
                })();"#;
            let edits = numbers(&c.execute_async(edit_script, vec![]).await.unwrap());
            eprintln!(
                "edit (remove or restore a candidate, in the page): {}",
                median_max(&edits)
            );
        }
    });
}
