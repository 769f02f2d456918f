//! The explorer in a real browser: headless Chromium through chromedriver (Debian's
//! `chromium` and `chromium-driver`), driven with fantoccini. One journey: load Ocean #1,
//! click n8r1c2 and see its links, step through the N path (three steps, then on to step
//! 7), ask why r1c2<>8 there and see the nrc4 chain drawn, run `bivalue-cells` and see
//! the cells highlighted, download the PNG and decode it, pick puzzles 2 and 3 of a
//! collection file (`--data tests/fixtures/collections`) and see the grid show them.
//! Screenshots of each stage go to a temporary folder (printed); the figures (page load,
//! hover, explain) are printed too. `page_timings` (ignored) measures the issue's speed
//! figures in the page and prints them.
//!
//! Without chromium or chromedriver the test is skipped with a message, unless
//! SUDOLINK_REQUIRE_TOOLS=1 says they must be there (CI sets it).

mod common;

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
            js(c, "return document.getElementById('status').textContent;").await
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
    let server = common::serve::start(sudolink::serve::Config {
        data: sudolink::serve::data::DataDirs::open(&[collections]).unwrap(),
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
    let shots =
        std::env::temp_dir().join(format!("sudolink-explorer-{}-{}", std::process::id(), port));
    let downloads = shots.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium.to_str().unwrap(),
                "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--window-size=1400,1000", "--hide-scrollbars"],
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

#[test]
fn explorer_journey_in_chromium() {
    in_chromium(|c, server, shots, downloads| async move {
        journey(&c, server, &shots, &downloads).await
    });
}

async fn journey(c: &Client, server: SocketAddr, shots: &Path, downloads: &Path) {
    let url = format!("http://{server}/");
    // 1. load: the page loads Ocean #1 (the first seed example) by itself
    c.goto(&url).await.unwrap();
    until(c, "window.sudolink && window.sudolink.ready", 20).await;
    let load_ms = js(c, "return window.sudolink.readyAt;").await;
    eprintln!("page load, first visit (navigation to the grid drawn with Ocean #1): {load_ms} ms");
    // and a second visit (the browser warm, as a user reloading)
    c.refresh().await.unwrap();
    until(c, "window.sudolink && window.sudolink.ready", 20).await;
    let reload_ms = js(c, "return window.sudolink.readyAt;").await;
    let nav = js(c, "const n = performance.getEntriesByType('navigation')[0]; return [Math.round(n.responseEnd), Math.round(n.domContentLoadedEventEnd), Math.round(window.sudolink.loadMs)];").await;
    eprintln!("page load, reload: {reload_ms} ms (HTML received, DOM ready, /api/load round trip: {nav} ms)");
    let line = js(c, "return document.getElementById('puzzle').value;").await;
    assert_eq!(line, OCEAN_1);
    let marks = js(
        c,
        "return document.querySelectorAll('#overlay rect.hit').length;",
    )
    .await;
    assert!(marks.as_u64().unwrap() > 100, "{marks}");
    shot(c, shots, "1-loaded").await;

    // 2. click n8r1c2: its links are drawn and counted
    click_candidate(c, "n8r1c2").await;
    until(c, "document.querySelector('#links table')", 10).await;
    let sel = js(c, "return document.getElementById('sel').textContent;").await;
    assert_eq!(sel, "n8r1c2");
    let drawn = js(
        c,
        "return document.querySelectorAll('#links-g line').length;",
    )
    .await;
    let rows = js(
        c,
        "return document.querySelectorAll('#links table tr').length - 1;",
    )
    .await;
    assert!(drawn.as_u64().unwrap() > 0);
    assert!(rows.as_u64().unwrap() >= drawn.as_u64().unwrap());
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
    // one legend: the picture's (none of the page's own), and the hover's links in the
    // picture's colour, weak ones dashed as there
    let legend = js(
        c,
        "const w = document.querySelector('#links-g .hl-weak'), s = w && getComputedStyle(w); \
         return [document.querySelectorAll('.legend').length, s && s.stroke, s && s.strokeDasharray];",
    )
    .await;
    assert_eq!(
        legend,
        json!([0, "rgb(192, 57, 43)", "5px, 4px"]),
        "{legend}"
    );
    shot(c, shots, "2-links-n8r1c2").await;
    // hover timing: a candidate's first hover and a repeated one (the state's links are prefetched with it)
    let hover = js(
        c,
        "const ev = (c) => document.querySelector(`#overlay rect.hit[data-cand=\"${c}\"]`).dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); \
         ev('n6r1c1'); return 0;",
    )
    .await;
    let _ = hover;
    until(c, "window.sudolink.lastHoverMs !== undefined", 5).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let first = js(c, "return window.sudolink.lastHoverMs;").await;
    js(c, "document.querySelector('#overlay rect.hit[data-cand=\"n6r1c1\"]').dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); return 0;").await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let cached = js(c, "return window.sudolink.lastHoverMs;").await;
    eprintln!("hover highlight: {first} ms first time, {cached} ms again");

    // 3. the N path: three steps, each with its text and proof drawn
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

    // 4. why r1c2<>8 at step 7: select n8r1c2, press Enter; the nrc4 chain is drawn
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
    let rows = nrc.as_array().unwrap();
    let nrc_row = rows
        .iter()
        .find(|r| r[0] == "nrc")
        .unwrap_or_else(|| panic!("no nrc proof: {nrc}"));
    assert_eq!(nrc_row[1], "4", "{nrc_row}");
    // click the nrc row: its chain is drawn (arrows with heads, marks by role)
    js(c, "[...document.querySelectorAll('#proof-table tr.clickable')].find(r => r.cells[0].textContent === 'nrc').click(); return 0;").await;
    let arrows = until(
        c,
        "document.querySelectorAll('#base svg path[marker-end]').length",
        5,
    )
    .await;
    assert!(arrows.as_u64().unwrap() >= 4, "{arrows} arrows");
    let circles = js(
        c,
        "return document.querySelectorAll('#base svg circle').length;",
    )
    .await;
    assert!(circles.as_u64().unwrap() >= 5, "{circles}");
    let text = js(
        c,
        "return document.getElementById('proof-text').textContent;",
    )
    .await;
    assert!(text.as_str().unwrap().contains("nrc notation"), "{text}");
    let explain_ms = js(c, "return window.sudolink.explainMs;").await;
    eprintln!("explain r1c2<>8 at step 7 (every family, in the page): {explain_ms} ms");
    // 4b. a placement, asked with the page's controls: r1c2=3 (Ocean #1's solution), every
    // technique, then one family and a max length from the picker
    click_candidate(c, "n3r1c2").await;
    js(c, "document.getElementById('proofs').innerHTML = ''; document.getElementById('why-kind').value = '='; document.getElementById('why').click(); return 0;").await;
    until(c, "document.querySelector('#proof-table')", 60).await;
    let head = js(c, "return document.querySelector('#proofs p').textContent;").await;
    assert!(head.as_str().unwrap().starts_with("Why r1c2=3?"), "{head}");
    let placed = js(
        c,
        "return [...document.querySelectorAll('#proof-table tr')].map(r => r.textContent);",
    )
    .await;
    let placed = placed.to_string();
    assert!(placed.contains("only eliminate"), "{placed}");
    assert!(
        head.as_str().unwrap().contains("simplest"),
        "{head} / {placed}"
    );
    let picked = js(c, "const s = document.getElementById('why-families'); s.value = 'whips'; document.getElementById('why-maxlen').value = '5'; document.getElementById('why-kind').value = '<>'; return [...s.options].length;").await;
    assert!(
        picked.as_u64().unwrap() > 80,
        "{picked} options in the family picker"
    );
    click_candidate(c, "n8r1c2").await;
    js(c, "document.getElementById('proofs').innerHTML = ''; document.getElementById('why').click(); return 0;").await;
    until(c, "document.querySelector('#proof-table')", 60).await;
    let families = js(
        c,
        "return [...document.querySelectorAll('#proof-table tr')].slice(1).map(r => r.cells[0].textContent);",
    )
    .await;
    let families = families.as_array().unwrap();
    assert_eq!(families.len(), 4, "{families:?}");
    js(c, "document.getElementById('why-families').value = ''; document.getElementById('why-maxlen').value = '20'; return 0;").await;
    // the pointer leaves the grid: the chain alone is shown
    js(
        c,
        "document.getElementById('overlay').dispatchEvent(new MouseEvent('mouseleave')); return 0;",
    )
    .await;
    shot(c, shots, "4-why-r1c2-not-8").await;

    // 5. bivalue-cells: the cells of its rows are highlighted
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
    shot(c, shots, "5-bivalue-cells").await;

    // 6. download the PNG of the drawn chain: a file that decodes
    click(c, ".downloads button[data-fmt=\"png\"]").await;
    let start = Instant::now();
    let png = loop {
        let done: Vec<PathBuf> = std::fs::read_dir(downloads)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "png"))
            .collect();
        if let Some(p) = done.first() {
            break p.clone();
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no PNG downloaded"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap())
        .expect("the downloaded PNG decodes");
    assert!(pixmap.width() > 500, "{}", pixmap.width());

    // 7. pick puzzle 2 of a collection file (serve --data tests/fixtures/collections), then
    // the next one with the ▶ button: the grid shows each
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
            &format!("window.sudolink.picked && window.sudolink.picked.n === {k} && window.sudolink.start && document.getElementById('status').textContent.includes('#{k} of 5')"),
            10,
        )
        .await;
        let shown = js(
            c,
            "return window.sudolink.cells.map(c => c.value ? String(c.value) : '.').join('');",
        )
        .await;
        assert_eq!(shown, puzzle, "the grid shows top95 #{k}");
        let digits = js(
            c,
            "return document.querySelectorAll('#base svg text').length;",
        )
        .await;
        assert!(digits.as_u64().unwrap() >= 17, "{digits} digits drawn");
    }
    shot(c, shots, "6-picked-top95-3").await;
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
/// family, as the page asks). Run with
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
              let text = app.start;
              if (step > 0) {
                const r = await fetch('/api/path', {method: 'POST', body: JSON.stringify({state: app.start, rules: 'N'})});
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
    });
}
