// sudolink explorer: the page over /api/. Every request carries the state as text; the
// server answers JSON (or an export's bytes). No framework, no build step.
"use strict";

const CELL = 60, MARGIN = 28, THIRD = 20;
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

const app = {
  shown: null,       // the state text the board shows (what explain/query/links use)
  start: null,       // the loaded state text (the path starts here)
  cells: [],         // [{cell, value, given, candidates}] of the shown state
  sel: null,         // selected candidate "n8r1c2"
  cursor: { r: 0, c: 0, d: 1 },
  proof: null,       // the proof drawn on the board, for downloads
  path: null, step: -1,
  links: new Map(),  // neighbourhood cache: state + candidate -> answer
  marks: { cells: [], cands: [] },
};
window.sudolink = app; // for scripts and tests (the functions are added below)

async function api(route, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const res = await fetch("/api/" + route, init);
  if (!res.ok) {
    let msg = res.status + " " + res.statusText;
    try { msg = (await res.json()).error || msg; } catch (_) { /* not JSON */ }
    throw new Error(msg);
  }
  return res;
}
const apiJson = async (route, body) => (await api(route, body)).json();

function status(text, err) {
  const s = $("status");
  s.textContent = text || "";
  s.className = err ? "err" : "";
}

const cellName = (r, c) => `r${r + 1}c${c + 1}`;
const candName = (d, r, c) => `n${d}r${r + 1}c${c + 1}`;
function parseCand(t) {
  const m = /^n(\d)r(\d)c(\d)$/.exec(t);
  return m ? { d: +m[1], r: +m[2] - 1, c: +m[3] - 1 } : null;
}
function centre(d, r, c) {
  const i = d - 1;
  return [MARGIN + c * CELL + THIRD * ((i % 3) + 0.5), MARGIN + r * CELL + THIRD * (Math.floor(i / 3) + 0.5)];
}
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
const hasCand = (d, r, c) => {
  const cell = app.cells[r * 9 + c];
  return cell && cell.value == null && cell.candidates.includes(d);
};

// --- the board -------------------------------------------------------------------------

function drawBase(svg) {
  $("base").innerHTML = svg;
  const s = $("base").querySelector("svg");
  $("overlay").setAttribute("viewBox", s.getAttribute("viewBox"));
  drawOverlay();
}

function drawOverlay() {
  const o = $("overlay");
  o.innerHTML = "";
  const hl = el("g", { id: "hl" }, o);
  for (const t of app.marks.cells) {
    const m = /^r(\d)c(\d)$/.exec(t);
    if (m) el("rect", { class: "cellhl", x: MARGIN + (m[2] - 1) * CELL + 2, y: MARGIN + (m[1] - 1) * CELL + 2, width: CELL - 4, height: CELL - 4, "data-cell": t }, hl);
  }
  for (const t of app.marks.cands) {
    const p = parseCand(t);
    if (p) { const [x, y] = centre(p.d, p.r, p.c); el("circle", { class: "candhl", cx: x, cy: y, r: 9, "data-cand": t }, hl); }
  }
  el("g", { id: "links-g" }, o);
  const { r, c } = app.cursor;
  el("rect", { class: "cursor", x: MARGIN + c * CELL + 1.5, y: MARGIN + r * CELL + 1.5, width: CELL - 3, height: CELL - 3 }, o);
  if (app.sel) {
    const p = parseCand(app.sel);
    const [x, y] = centre(p.d, p.r, p.c);
    el("circle", { class: "sel", cx: x, cy: y, r: 9.5 }, o);
  }
  const hits = el("g", { id: "hits" }, o);
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) for (let d = 1; d <= 9; d++) {
    if (!hasCand(d, r, c)) continue;
    const [x, y] = centre(d, r, c);
    const h = el("rect", { class: "hit", x: x - 10, y: y - 10, width: 20, height: 20, "data-cand": candName(d, r, c) }, hits);
    el("title", {}, h).textContent = candName(d, r, c);
  }
}

function showLinks(answer) {
  const g = $("links-g");
  if (!g) return;
  g.innerHTML = "";
  const p = parseCand(answer.candidate);
  const [x0, y0] = centre(p.d, p.r, p.c);
  for (const l of answer.links) {
    const q = parseCand(l.node);
    if (!q) continue; // group/ALS ends are listed, not drawn
    const [x, y] = centre(q.d, q.r, q.c);
    const kind = l.strong ? "hl-strong" : "hl-weak";
    el("line", { class: "ln " + kind, x1: x0, y1: y0, x2: x, y2: y }, g);
    el("circle", { class: "hl " + kind, cx: x, cy: y, r: 9, "data-link": l.node }, g);
  }
}

function linksPanel(answer) {
  $("sel").textContent = answer.candidate;
  const c = answer.counts;
  // the strong and weak chips are the hover's legend: the pictures' link colour, solid and dashed
  const chips = [`<span class="chip strong"><i class="sw"></i>strong ${c.strong}</span>`, `<span class="chip weak"><i class="sw weak"></i>weak ${c.weak}</span>`]
    .concat(Object.entries(c.by_via).map(([k, v]) => `<span class="chip">${k} ${v}</span>`));
  const rows = answer.links.map((l) => `<tr><td>${l.strong ? "strong" : "weak"}</td><td>${l.via}</td><td><code>${esc(l.node)}</code></td><td>${esc(l.support)}</td></tr>`);
  $("links").innerHTML = `<div class="counts">${chips.join("")}</div><table><tr><th>link</th><th>by</th><th>to</th><th>support</th></tr>${rows.join("")}</table>`;
}

async function neighbourhood(cand) {
  const key = app.shown + "|" + cand;
  if (!app.links.has(key)) app.links.set(key, apiJson("neighbourhood", { state: app.shown, candidate: cand }));
  return app.links.get(key);
}

// every candidate's links of a state, fetched once when the state is shown, so that
// hovering is local (a hover before they arrive asks for its candidate alone)
async function prefetchLinks(stateText) {
  if (app.prefetched === stateText) return;
  app.prefetched = stateText;
  if (app.links.size > 20000) app.links.clear();
  try {
    const v = await apiJson("links", { state: stateText });
    for (const [cand, answer] of Object.entries(v.links)) {
      const key = stateText + "|" + cand;
      if (!app.links.has(key)) app.links.set(key, Promise.resolve(answer));
    }
    if (app.shown === stateText) app.linksReady = stateText;
  } catch (e) { app.prefetched = null; status(e.message, true); }
}

let hoverSeq = 0;
async function hover(cand, sticky) {
  const seq = ++hoverSeq;
  const t0 = performance.now();
  try {
    const answer = await neighbourhood(cand);
    if (seq !== hoverSeq && !sticky) return;
    showLinks(answer);
    if (sticky || !app.sel) linksPanel(answer);
    app.lastHoverMs = performance.now() - t0;
  } catch (e) { status(e.message, true); }
}

function select(cand) {
  app.sel = cand;
  const p = parseCand(cand);
  app.cursor = { r: p.r, c: p.c, d: p.d };
  $("why").disabled = false;
  drawOverlay();
  hover(cand, true);
}

function esc(t) { return String(t).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch])); }

function setBoard(stateText, cells, svg, proof) {
  const changed = app.shown !== stateText;
  app.shown = stateText;
  app.cells = cells;
  app.proof = proof || null;
  if (changed && app.sel) {
    // the selection's links are those of the new state (or it is gone)
    const p = parseCand(app.sel);
    if (hasCand(p.d, p.r, p.c)) neighbourhood(app.sel).then(linksPanel).catch((e) => status(e.message, true));
    else {
      app.sel = null;
      $("why").disabled = true;
      $("sel").textContent = "—";
      $("links").innerHTML = '<p class="muted">Hover or click a candidate.</p>';
    }
  }
  drawBase(svg);
  if (changed) prefetchLinks(stateText);
}

async function loadText(text) {
  status("loading…");
  const t0 = performance.now();
  try {
    const v = await apiJson("load", { puzzle: text });
    app.start = v.state;
    app.path = null; app.step = -1; app.sel = null;
    app.marks = { cells: [], cands: [] };
    // a new puzzle: the previous one's links and query answer go
    $("sel").textContent = "—";
    $("links").innerHTML = '<p class="muted">Hover or click a candidate.</p>';
    $("result").innerHTML = "";
    setBoard(v.state, v.cells, v.svg, null);
    $("why").disabled = true;
    $("prev").disabled = $("next").disabled = true;
    $("stepno").textContent = ""; $("steptext").textContent = "";
    $("proofs").innerHTML = '<p class="muted">Select a candidate, then Explain (or press Enter).</p>';
    $("proof-text").hidden = $("copy").hidden = true;
    app.loadMs = performance.now() - t0;
    status(`${v.name || v.line} loaded in ${app.loadMs.toFixed(0)} ms`);
    $("grid").focus();
  } catch (e) { status(e.message, true); }
}

// --- a puzzle from a collection file (serve --data) ------------------------------------

function pickCount() {
  const o = $("collection").selectedOptions[0];
  return o && o.dataset.count ? +o.dataset.count : 0;
}

function pickShown() {
  const count = pickCount();
  $("pick-count").textContent = count ? `of ${count}` : "";
  $("pick-n").max = count || "";
  const n = +$("pick-n").value;
  $("pick-prev").disabled = !count || n <= 1;
  $("pick-next").disabled = !count || n >= count;
  $("pick-load").disabled = !count;
}

async function pick(n) {
  const file = $("collection").value;
  if (!file) { status("choose a collection file", true); return; }
  const count = pickCount();
  n = Math.max(1, Math.min(count || 1, Math.round(n) || 1));
  $("pick-n").value = n;
  pickShown();
  try {
    const v = await apiJson(`collection?file=${encodeURIComponent(file)}&n=${n}`);
    $("puzzle").value = v.puzzle;
    app.picked = v;
    await loadText(v.puzzle);
    if (!$("status").classList.contains("err")) status(`${file} #${v.n} of ${v.count} (line ${v.line})${v.name ? " " + v.name : ""} loaded in ${app.loadMs.toFixed(0)} ms`);
  } catch (e) { status(e.message, true); }
}

// --- explain ---------------------------------------------------------------------------

async function explain() {
  if (!app.sel) return;
  const p = parseCand(app.sel);
  const kind = $("why-kind").value === "=" ? "=" : "<>";
  const target = `${cellName(p.r, p.c)}${kind}${p.d}`;
  const body = { state: app.shown, target, max_len: Math.max(1, Math.min(999, +$("why-maxlen").value || 20)) };
  if ($("why-families").value) body.families = $("why-families").value;
  $("proofs").innerHTML = `<p class="muted">searching why ${target}…</p>`;
  const t0 = performance.now();
  try {
    const v = await apiJson("explain", body);
    app.explainMs = performance.now() - t0;
    // the proofs found first, simplest first on the one difficulty scale; then the
    // families without one (the ones that only eliminate, for a placement, on one line)
    const order = v.families.map((f, i) => i)
      .sort((a, b) => (v.families[a].proof ? v.families[a].difficulty : 1e9) - (v.families[b].proof ? v.families[b].difficulty : 1e9) || a - b);
    const why = (f) => f.status === "not_searched" ? `not searched: ${esc(f.not_searched)}`
      : `none up to ${f.none_up_to}`;
    const rows = order.map((i) => [v.families[i], i]).filter(([f]) => f.status !== "only_eliminates").map(([f, i]) => f.proof
      ? `<tr class="clickable" data-i="${i}"><td>${esc(f.family)}</td><td>${f.length}</td><td>${f.difficulty}</td><td class="mono">${esc(f.text)}</td></tr>`
      : `<tr class="muted"><td>${esc(f.family)}</td><td></td><td></td><td>${why(f)}</td></tr>`);
    const only = v.families.filter((f) => f.status === "only_eliminates").map((f) => f.family);
    if (only.length) rows.push(`<tr class="muted"><td colspan="3">${only.length} families</td><td>only eliminate (see the composite proof): ${esc(only.join(", "))}</td></tr>`);
    if (v.composite && v.composite.proof) {
      rows.unshift(`<tr class="clickable" data-i="composite"><td>composite</td><td>${v.composite.length}</td><td>${v.composite.difficulty}</td><td class="mono">${esc(v.composite.text)}</td></tr>`);
    } else if (v.composite) {
      rows.push(`<tr class="muted"><td>composite</td><td></td><td></td><td>${why(v.composite)}</td></tr>`);
    }
    $("proofs").innerHTML = `<p>Why ${esc(v.target)}? ${v.simplest ? "simplest: <b>" + esc(v.simplest.family) + "</b> (difficulty " + v.simplest.difficulty + ")" : "no proof found"} <span class="muted">(${app.explainMs.toFixed(0)} ms)</span></p>` +
      `<table id="proof-table"><tr><th>family</th><th>length</th><th>difficulty</th><th>proof</th></tr>${rows.join("")}</table>`;
    app.explained = v;
    const rowOf = (i) => i === "composite" ? v.composite : v.families[+i];
    for (const tr of document.querySelectorAll("#proof-table tr.clickable")) {
      tr.addEventListener("click", () => drawProof(rowOf(tr.dataset.i), tr));
    }
    if (v.simplest) {
      const i = v.simplest.family === "composite" ? "composite" : String(v.families.findIndex((f) => f.family === v.simplest.family));
      drawProof(rowOf(i), document.querySelector(`#proof-table tr[data-i="${i}"]`));
    }
  } catch (e) { $("proofs").innerHTML = `<p class="err">${esc(e.message)}</p>`; }
}

// The family picker: explain's default (every technique), then the registry's sets, then
// every technique, from /api/techniques.
async function loadFamilies() {
  try {
    const v = await apiJson("techniques");
    const sel = $("why-families");
    const group = (label, items) => {
      const g = document.createElement("optgroup");
      g.label = label;
      for (const [value, text] of items) {
        const o = document.createElement("option");
        o.value = value; o.textContent = text;
        g.appendChild(o);
      }
      sel.appendChild(g);
    };
    group("sets", v.sets.map((s) => [s.name, `${s.name} (${s.techniques.length})`]));
    group("techniques", v.techniques.map((t) => [t.name, t.name]));
    $("why-maxlen").value = v.defaults.max_len;
  } catch (e) { status(e.message, true); }
}

function drawProof(f, tr) {
  for (const r of document.querySelectorAll("#proof-table tr.active")) r.classList.remove("active");
  if (tr) tr.classList.add("active");
  app.proof = f.proof;
  drawBase(f.view.svg);
  $("proof-text").textContent = f.view.notations;
  $("proof-text").hidden = $("copy").hidden = false;
}

// --- the path --------------------------------------------------------------------------

async function solvePath() {
  status("solving…");
  try {
    const v = await apiJson("path", { state: app.start, rules: $("rules").value || "N" });
    app.path = v;
    status(`${v.steps.length} steps${v.solved ? ", solved" : ", stuck"}`);
    showStep(-1);
  } catch (e) { status(e.message, true); }
}

async function showStep(k) {
  const steps = app.path.steps;
  app.step = Math.max(-1, Math.min(k, steps.length - 1));
  $("prev").disabled = app.step < 0;
  $("next").disabled = app.step >= steps.length - 1;
  app.marks = { cells: [], cands: [] };
  if (app.step < 0) {
    const v = await apiJson("load", { puzzle: app.start });
    setBoard(v.state, v.cells, v.svg, null);
    $("stepno").textContent = `start (of ${steps.length})`;
    $("steptext").textContent = "";
    return;
  }
  const s = steps[app.step];
  // the board shows the state the step is found in, with its proof drawn
  const v = await apiJson("load", { puzzle: s.state_before });
  setBoard(v.state, v.cells, s.svg, s.proof);
  $("stepno").textContent = `step ${s.step} of ${steps.length}`;
  $("steptext").textContent = s.text;
  $("proof-text").textContent = s.notations;
  $("proof-text").hidden = $("copy").hidden = false;
}

// --- queries ---------------------------------------------------------------------------

async function runQuery() {
  const name = $("named").value, sql = $("sql").value.trim();
  const body = { db: $("use-db").checked };
  if (sql) body.sql = sql; else if (name) body.name = name; else { status("choose a named query or write SQL", true); return; }
  if (!body.db) body.state = app.shown;
  try {
    const v = await apiJson("query", body);
    const named = (row) => {
      const text = row.map((x) => (x == null ? "" : String(x))).join(" ");
      return {
        cands: text.match(/n\dr\dc\d/g) || [],
        cells: (text.replace(/n\dr\dc\d/g, " ").match(/r\dc\d/g) || []),
      };
    };
    const head = `<tr>${v.columns.map((c) => `<th>${esc(c)}</th>`).join("")}</tr>`;
    const rows = v.rows.map((r, i) => `<tr class="clickable" data-i="${i}">${r.map((x) => `<td>${esc(x == null ? "" : x)}</td>`).join("")}</tr>`);
    $("result").innerHTML = `<p class="muted">${v.rows.length} row(s)${v.truncated ? " (truncated)" : ""}</p><table id="result-table">${head}${rows.join("")}</table>`;
    const all = { cells: [], cands: [] };
    for (const r of v.rows) { const n = named(r); all.cells.push(...n.cells); all.cands.push(...n.cands); }
    app.marks = { cells: [...new Set(all.cells)], cands: [...new Set(all.cands)] };
    drawOverlay();
    for (const tr of document.querySelectorAll("#result-table tr.clickable")) {
      tr.addEventListener("click", () => {
        for (const a of document.querySelectorAll("#result-table tr.active")) a.classList.remove("active");
        tr.classList.add("active");
        app.marks = named(v.rows[+tr.dataset.i]);
        drawOverlay();
      });
    }
  } catch (e) { $("result").innerHTML = `<p class="err">${esc(e.message)}</p>`; }
}

// --- downloads -------------------------------------------------------------------------

async function download(fmt) {
  try {
    const res = await api("export", { state: app.shown, proof: app.proof, format: fmt });
    const blob = await res.blob();
    const ext = { svg: "svg", png: "png", dot: "dot", text: "txt" }[fmt];
    const name = (app.proof ? app.proof.rule.replace(/[^A-Za-z0-9]+/g, "-") : "grid") + "." + ext;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    app.lastDownload = { name, size: blob.size, type: blob.type };
    status(`downloaded ${name} (${blob.size} bytes)`);
  } catch (e) { status(e.message, true); }
}

// --- wiring ----------------------------------------------------------------------------

function moveCursor(dr, dc) {
  const r = (app.cursor.r + dr + 9) % 9, c = (app.cursor.c + dc + 9) % 9;
  app.cursor = { r, c, d: app.cursor.d };
  const cell = app.cells[r * 9 + c];
  if (cell && cell.value == null && cell.candidates.length) {
    const d = cell.candidates.includes(app.cursor.d) ? app.cursor.d : cell.candidates[0];
    select(candName(d, r, c));
  } else { app.sel = null; $("why").disabled = true; drawOverlay(); }
}

async function init() {
  const o = $("overlay");
  o.addEventListener("mouseover", (e) => { const c = e.target.dataset && e.target.dataset.cand; if (c && e.target.classList.contains("hit")) app.hovering = hover(c, false); });
  // leaving the grid: back to the selection's links, or none while a proof is drawn
  o.addEventListener("mouseleave", () => {
    hoverSeq++;
    if (app.sel && !app.proof) hover(app.sel, true);
    else { const g = $("links-g"); if (g) g.innerHTML = ""; }
  });
  o.addEventListener("click", (e) => { const c = e.target.dataset && e.target.dataset.cand; if (c && e.target.classList.contains("hit")) select(c); $("grid").focus(); });
  $("grid").addEventListener("keydown", (e) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) { e.preventDefault(); moveCursor(...moves[e.key]); }
    else if (e.key === "Enter") { e.preventDefault(); explain(); }
  });
  $("load").addEventListener("click", () => loadText($("puzzle").value));
  $("examples").addEventListener("change", (e) => { if (e.target.value) { $("puzzle").value = e.target.value; loadText(e.target.value); } });
  $("dbstates").addEventListener("change", (e) => { if (e.target.value) { $("puzzle").value = e.target.value; loadText(e.target.value); } });
  $("collection").addEventListener("change", () => { $("pick-n").value = 1; pickShown(); if ($("collection").value) pick(1); });
  $("pick-n").addEventListener("input", pickShown);
  $("pick-n").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); pick(+$("pick-n").value); } });
  $("pick-prev").addEventListener("click", () => pick(+$("pick-n").value - 1));
  $("pick-next").addEventListener("click", () => pick(+$("pick-n").value + 1));
  $("pick-load").addEventListener("click", () => pick(+$("pick-n").value));
  $("why").addEventListener("click", explain);
  loadFamilies();
  $("copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("proof-text").textContent); status("copied"); }
    catch (_) { const r = document.createRange(); r.selectNodeContents($("proof-text")); getSelection().removeAllRanges(); getSelection().addRange(r); document.execCommand("copy"); status("copied"); }
  });
  $("path-go").addEventListener("click", solvePath);
  $("prev").addEventListener("click", () => showStep(app.step - 1));
  $("next").addEventListener("click", () => showStep(app.step + 1));
  $("run").addEventListener("click", runQuery);
  $("named").addEventListener("change", () => { $("sql").value = ""; });
  for (const b of document.querySelectorAll(".downloads button")) b.addEventListener("click", () => download(b.dataset.fmt));

  // the puzzle in the URL, else the default the server wrote into the page: loaded at once,
  // beside the lists
  const first = new URLSearchParams(location.search).get("puzzle") || $("puzzle").value;
  const loading = loadText(first);
  const [examples, queries, states, collections] = await Promise.all([apiJson("examples"), apiJson("queries"), apiJson("db/states"), apiJson("collections")]);
  for (const x of examples) $("examples").add(new Option(x.title, x.puzzle));
  for (const q of queries) $("named").add(new Option(`${q.name} — ${q.summary}`, q.name));
  if (states.length) {
    $("dbstates").hidden = false; $("use-db").disabled = false;
    for (const s of states) $("dbstates").add(new Option(`state ${s.id}: ${s.puzzle}, run ${s.run ?? "-"} step ${s.step}`, s.state));
  }
  if (collections.length) {
    $("picker").hidden = false;
    for (const f of collections) {
      const o = new Option(`${f.label} (${f.puzzles})`, f.label);
      o.dataset.count = f.puzzles;
      $("collection").add(o);
    }
  }
  pickShown();
  await loading;
  // first paint with a puzzle, from the navigation's start
  await new Promise((r) => requestAnimationFrame(() => r()));
  app.readyAt = Math.round(performance.now());
  app.ready = true;
}

Object.assign(app, { loadText, select, explain, pick });
init().catch((e) => status(e.message, true));
