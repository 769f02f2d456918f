// sudolink explorer: the page over /api/. Every request carries the state as text; the
// server answers JSON (or an export's bytes). No framework, no build step.
//
// What the page keeps: the puzzle as loaded (`puzzleState`), the state edits made of it
// (`base`, with undo and redo stacks), a resolution path from `base` and the step shown,
// the selected candidate, the explain asked, and what of the drawn proof its picture shows
// (a part, the first links). All of it is in the URL (`urlOf`, `applyUrl`: the parameters
// docs/explorer.md lists), so a link opens the same view and back/forward walk the views.
"use strict";

const CELL = 60, MARGIN = 28, THIRD = 20;
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

const app = {
  defaultPuzzle: null, // the puzzle the server wrote into the page (Ocean #1)
  puzzleText: null,  // the text loaded (the text box's)
  puzzleState: null, // its state as loaded: "reset to the puzzle" goes back to it
  base: null,        // the state the edits made (the path starts here)
  undo: [], redo: [],
  shown: null,       // the state text the board shows (what explain/query/links use)
  cells: [],         // [{cell, value, given, candidates}] of the shown state
  sel: null,         // selected candidate "n8r1c2" (open, or removed: then Restore)
  cursor: { r: 0, c: 0, d: 1 },
  proof: null,       // the proof drawn on the board, for downloads
  picture: null,     // its pictures: {view (drawn whole), state, drawn: part|links -> view, total: part -> links}
  part: 0,           // the part drawn (from 1; 0: the whole proof)
  first: null,       // only its first links drawn (from 1; null: every link)
  path: null, pathOf: null, step: -1,
  why: null,         // the explain shown: {target, family}
  links: new Map(),  // neighbourhood cache: state + candidate -> answer
  marks: { cells: [], cands: [], chains: [] },
  applying: false,   // while the URL is being applied, nothing is pushed
};
window.sudolink = app; // for scripts and tests (the functions are added below)

async function api(route, body, signal) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal,
  };
  const res = await fetch("/api/" + route, init);
  if (!res.ok) {
    let msg = res.status + " " + res.statusText;
    try { msg = (await res.json()).error || msg; } catch (_) { /* not JSON */ }
    throw new Error(msg);
  }
  return res;
}
const apiJson = async (route, body, signal) => (await api(route, body, signal)).json();
// a request about a state: with the "several solutions" choice
const withState = (body) => Object.assign(body, $("nonunique").checked ? { allow_nonunique: true } : {});

function status(text) { $("status").textContent = text || ""; }

// --- errors next to their control ---------------------------------------------------------

// Each control group has its error slot; an error stays until the user acts again.
function fail(slot, e) {
  const s = $(slot);
  s.textContent = e && e.message !== undefined ? e.message : String(e);
  s.hidden = false;
  if (s.closest("header")) openLoad(true);
  // on a phone the control may sit low on the screen: its error is brought into view
  const r = s.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight + 1) s.scrollIntoView({ block: "nearest" });
}

// On a narrow screen the load controls fold under the header's "Load a puzzle" button
// (style.css); a wide one shows them whatever this says.
function openLoad(open) {
  document.querySelector("header").classList.toggle("open", open);
  $("load-toggle").setAttribute("aria-expanded", String(open));
  $("load-toggle").textContent = open ? "Load a puzzle ▴" : "Load a puzzle ▾";
}
function clearErrors() { for (const s of document.querySelectorAll(".err-note")) { s.hidden = true; s.textContent = ""; } }

// --- names and geometry -----------------------------------------------------------------

const cellName = (r, c) => `r${r + 1}c${c + 1}`;
const candName = (d, r, c) => `n${d}r${r + 1}c${c + 1}`;
function parseCand(t) {
  const m = /^n(\d)r(\d)c(\d)$/.exec(t || "");
  return m ? { d: +m[1], r: +m[2] - 1, c: +m[3] - 1 } : null;
}
function centre(d, r, c) {
  const i = d - 1;
  return [MARGIN + c * CELL + THIRD * ((i % 3) + 0.5), MARGIN + r * CELL + THIRD * (Math.floor(i / 3) + 0.5)];
}
const cellCentre = (r, c) => [MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2];
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
const cellOf = (r, c) => app.cells[r * 9 + c];
const hasCand = (d, r, c) => {
  const cell = cellOf(r, c);
  return cell && cell.value == null && cell.candidates.includes(d);
};
const isEmpty = (r, c) => { const cell = cellOf(r, c); return cell && cell.value == null; };
function esc(t) { return String(t).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch])); }

// The far end of a link as the graph labels it: a candidate (n8r1c2), a group (n5r1c123,
// n5r123c1), an ALS ({n1 n3 n7}r2c46, or cells listed one by one) or an almost-cell
// (AC{n1 n3}r2c46) or an OR relation (a tridagon's, Trid-OR3{n1r5c3 n6r4c4 n6r5c3}{n2 n4 n8}b1245,
// or an Imp630 pattern's, EL14c30s-OR2{n5r3c9 n1r6c3}{n2 n6 n8}, drawn on its guardians): its
// digits and cells.
function parseEnd(label) {
  const cand = parseCand(label);
  if (cand) return { kind: "candidate", digits: [cand.d], cells: [[cand.r, cand.c]] };
  let m = /^n(\d)r(\d+)c(\d+)$/.exec(label);
  if (m) return { kind: "group", digits: [+m[1]], cells: cross(m[2], m[3]) };
  m = /^(?:Trid|EL\d+c\d+s?)-OR\d+\{([^}]*)\}/.exec(label);
  if (m) {
    const members = m[1].trim().split(/\s+/).map(parseCand).filter(Boolean);
    return { kind: "or_relation", digits: members.map((g) => g.d), cells: members.map((g) => [g.r, g.c]) };
  }
  m = /^(AC)?\{([^}]*)\}(.*)$/.exec(label);
  if (!m) return null;
  const digits = (m[2].match(/\d/g) || []).map(Number);
  const cells = [];
  for (const t of m[3].trim().split(/\s+/)) { const x = /^r(\d+)c(\d+)$/.exec(t); if (x) cells.push(...cross(x[1], x[2])); }
  return { kind: m[1] ? "almost_cell" : "als", digits, cells };
}
function cross(rows, cols) {
  const out = [];
  for (const r of rows) for (const c of cols) out.push([+r - 1, +c - 1]);
  return out;
}

// A link drawn as a curve: bent to one side by a share of its length, so links along one
// row or column (from one candidate to several) stay apart instead of merging in a line.
function curve(x0, y0, x1, y1, side) {
  const dx = x1 - x0, dy = y1 - y0, len = Math.hypot(dx, dy) || 1;
  const bend = (0.16 * len + 5) * (side || 1);
  const mx = (x0 + x1) / 2 - (dy / len) * bend, my = (y0 + y1) / 2 + (dx / len) * bend;
  return `M${x0.toFixed(1)},${y0.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${x1.toFixed(1)},${y1.toFixed(1)}`;
}

// --- the board --------------------------------------------------------------------------

function drawBase(svg) {
  $("base").innerHTML = svg;
  const s = $("base").querySelector("svg");
  $("overlay").setAttribute("viewBox", s.getAttribute("viewBox"));
  drawOverlay();
}

function drawMarks(g) {
  for (const t of app.marks.cells) {
    const m = /^r(\d)c(\d)$/.exec(t);
    if (m) el("rect", { class: "cellhl", x: MARGIN + (m[2] - 1) * CELL + 2, y: MARGIN + (m[1] - 1) * CELL + 2, width: CELL - 4, height: CELL - 4, "data-cell": t }, g);
  }
  for (const t of app.marks.cands) {
    const p = parseCand(t);
    if (p) { const [x, y] = centre(p.d, p.r, p.c); el("circle", { class: "candhl", cx: x, cy: y, r: 9, "data-cand": t }, g); }
  }
  for (const chain of app.marks.chains) {
    for (const l of chain) {
      const [x0, y0] = centre(l.from.d, l.from.r, l.from.c), [x1, y1] = centre(l.to.d, l.to.r, l.to.c);
      el("path", { class: "chain" + (l.strong ? "" : " weak"), d: curve(x0, y0, x1, y1, 1) }, g);
    }
  }
}

function drawOverlay() {
  const o = $("overlay");
  o.innerHTML = "";
  drawMarks(el("g", { id: "hl" }, o));
  el("g", { id: "links-g" }, o);
  const { r, c } = app.cursor;
  el("rect", { class: "cursor", x: MARGIN + c * CELL + 1.5, y: MARGIN + r * CELL + 1.5, width: CELL - 3, height: CELL - 3 }, o);
  if (app.sel) {
    const p = parseCand(app.sel);
    const [x, y] = centre(p.d, p.r, p.c);
    el("circle", { class: hasCand(p.d, p.r, p.c) ? "sel" : "ghostsel", cx: x, cy: y, r: 9.5 }, o);
  }
  // every digit place of an empty cell can be pointed at: an open candidate (class hit) or
  // a removed one (hit ghost, to restore it); a placed cell as a whole moves the cursor
  const hits = el("g", { id: "hits" }, o);
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) {
    if (!isEmpty(r, c)) {
      el("rect", { class: "hitcell", x: MARGIN + c * CELL, y: MARGIN + r * CELL, width: CELL, height: CELL, "data-cell": cellName(r, c) }, hits);
      continue;
    }
    for (let d = 1; d <= 9; d++) {
      const [x, y] = centre(d, r, c);
      const open = hasCand(d, r, c);
      const h = el("rect", { class: open ? "hit" : "hit ghost", x: x - 10, y: y - 10, width: 20, height: 20, "data-cand": candName(d, r, c) }, hits);
      el("title", {}, h).textContent = candName(d, r, c) + (open ? "" : " (removed)");
    }
  }
}

// Every link of a candidate: candidate ends as curves, group ends as their candidates
// outlined, ALS and almost-cell ends as their cells outlined (almost-cells dashed), each
// kind in its colour; strong links solid, weak dashed.
function showLinks(answer) {
  const g = $("links-g");
  if (!g) return;
  g.innerHTML = "";
  const p = parseCand(answer.candidate);
  if (!p) return;
  const [x0, y0] = centre(p.d, p.r, p.c);
  // links to one point (several ALS sharing a cell) fan out: each bends further, on
  // alternate sides
  const toPoint = new Map();
  answer.links.forEach((l, i) => {
    const end = parseEnd(l.node);
    if (!end || !end.cells.length) return;
    const kind = (l.strong ? "hl-strong" : "hl-weak") + " via-" + l.via;
    const lg = el("g", { "data-i": i, "data-link": l.node }, g);
    let x, y;
    if (end.kind === "candidate") {
      [x, y] = centre(end.digits[0], end.cells[0][0], end.cells[0][1]);
      el("circle", { class: "hl " + kind, cx: x, cy: y, r: 9 }, lg);
    } else if (end.kind === "group") {
      const pts = end.cells.map(([r, c]) => centre(end.digits[0], r, c));
      const xs = pts.map((q) => q[0]), ys = pts.map((q) => q[1]);
      el("rect", { class: "end-group", x: Math.min(...xs) - 10, y: Math.min(...ys) - 10, width: Math.max(...xs) - Math.min(...xs) + 20, height: Math.max(...ys) - Math.min(...ys) + 20, rx: 8 }, lg);
      x = xs.reduce((a, b) => a + b) / xs.length; y = ys.reduce((a, b) => a + b) / ys.length;
    } else {
      for (const [r, c] of end.cells) el("rect", { class: "end-" + end.kind, x: MARGIN + c * CELL + 4, y: MARGIN + r * CELL + 4, width: CELL - 8, height: CELL - 8, rx: 7 }, lg);
      // to the middle of the end's cells
      const pts = end.cells.map(([r, c]) => cellCentre(r, c));
      x = pts.reduce((a, q) => a + q[0], 0) / pts.length; y = pts.reduce((a, q) => a + q[1], 0) / pts.length;
    }
    const key = `${Math.round(x)},${Math.round(y)}`;
    const k = toPoint.get(key) || 0;
    toPoint.set(key, k + 1);
    el("path", { class: "ln " + kind, d: curve(x0, y0, x, y, (k % 2 ? -1 : 1) * (1 + Math.floor(k / 2) * 0.7)) }, lg);
  });
}

function focusLink(i, on) {
  for (const e of document.querySelectorAll(`#links-g g[data-i="${i}"] > *`)) e.classList.toggle("focus", on);
}

function linksPanel(answer) {
  $("sel").textContent = answer.candidate;
  const c = answer.counts;
  // the chips are the links' legend: the pictures' link colour, solid and dashed, and the
  // colours of the group, ALS and almost-cell ends
  const chips = [`<span class="chip strong"><i class="sw"></i>strong ${c.strong}</span>`, `<span class="chip weak"><i class="sw weak"></i>weak ${c.weak}</span>`]
    .concat(Object.entries(c.by_via).map(([k, v]) => `<span class="chip via-${esc(k)}">${esc(k.replace("_", "-"))} ${v}</span>`));
  const rows = answer.links.map((l, i) => `<tr class="clickable" data-i="${i}" data-node="${esc(l.node)}"><td>${l.strong ? "strong" : "weak"}</td><td>${esc(l.via.replace("_", "-"))}</td><td><code>${esc(l.node)}</code></td><td>${esc(l.support)}</td></tr>`);
  $("links").innerHTML = `<div class="counts">${chips.join("")}</div><table id="links-table"><tr><th>link</th><th>by</th><th>to</th><th>support</th></tr>${rows.join("")}</table>`;
  for (const tr of document.querySelectorAll("#links-table tr.clickable")) {
    tr.addEventListener("mouseenter", () => { showLinks(answer); focusLink(tr.dataset.i, true); });
    tr.addEventListener("mouseleave", () => focusLink(tr.dataset.i, false));
    // a candidate end: go to it; another end: show it alone, emphasised
    tr.addEventListener("click", () => {
      if (parseCand(tr.dataset.node)) { select(tr.dataset.node, true); return; }
      for (const a of document.querySelectorAll("#links-table tr.active")) a.classList.remove("active");
      tr.classList.add("active");
      showLinks({ candidate: answer.candidate, links: [answer.links[+tr.dataset.i]] });
      focusLink(0, true);
    });
  }
}

function clearLinksPanel() {
  $("sel").textContent = app.sel || "—";
  $("links").innerHTML = app.sel ? '<p class="muted">Removed here: Restore brings it back.</p>' : '<p class="muted">Hover or click a candidate.</p>';
}

async function neighbourhood(cand) {
  const key = app.shown + "|" + cand;
  if (!app.links.has(key)) {
    const asked = apiJson("neighbourhood", withState({ state: app.shown, candidate: cand }));
    asked.catch(() => app.links.delete(key));
    app.links.set(key, asked);
  }
  return app.links.get(key);
}

// every candidate's links of a state, fetched once when the state is shown, so that
// hovering is local (a hover before they arrive asks for its candidate alone)
async function prefetchLinks(stateText) {
  if (app.prefetched === stateText) return;
  app.prefetched = stateText;
  if (app.links.size > 20000) app.links.clear();
  try {
    const v = await apiJson("links", withState({ state: stateText }));
    for (const [cand, answer] of Object.entries(v.links)) {
      const key = stateText + "|" + cand;
      if (!app.links.has(key)) app.links.set(key, Promise.resolve(answer));
    }
    if (app.shown === stateText) app.linksReady = stateText;
  } catch (e) { app.prefetched = null; }
}

let hoverSeq = 0;
async function hover(cand, sticky, quiet) {
  const seq = ++hoverSeq;
  const t0 = performance.now();
  const p = parseCand(cand);
  if (!p || !hasCand(p.d, p.r, p.c)) { const g = $("links-g"); if (g) g.innerHTML = ""; if (sticky) clearLinksPanel(); return; }
  try {
    const answer = await neighbourhood(cand);
    if (seq !== hoverSeq && !sticky) return;
    // quiet: the panel only (a new board with a proof drawn keeps the proof alone)
    if (!quiet) showLinks(answer);
    if (sticky || !app.sel) linksPanel(answer);
    app.lastHoverMs = performance.now() - t0;
  } catch (e) { if (sticky) fail("edit-err", e); }
}

// Select a candidate (open or removed): the cursor goes to it, the edit buttons and the
// query parameters follow. `push`: a view of its own in the history (a click; the arrow
// keys replace the current one).
function select(cand, push) {
  const p = parseCand(cand);
  if (!p) return;
  app.sel = cand;
  app.cursor = { r: p.r, c: p.c, d: p.d };
  selectionChanged();
  hover(cand, true);
  pushUrl(!push);
}

function selectCell(r, c, push) {
  app.cursor = { r, c, d: app.cursor.d };
  app.sel = null;
  selectionChanged();
  clearLinksPanel();
  pushUrl(!push);
}

function selectionChanged() {
  const p = parseCand(app.sel);
  const open = p && hasCand(p.d, p.r, p.c);
  $("why").disabled = !open;
  $("ed-place").disabled = $("ed-remove").disabled = !open;
  $("ed-restore").disabled = !p || open || !isEmpty(p.r, p.c);
  for (const b of document.querySelectorAll("#pad button")) b.classList.toggle("on", !!p && +b.dataset.d === p.d);
  fillParams();
  drawOverlay();
}

function setBoard(stateText, cells, svg, proof) {
  const changed = app.shown !== stateText;
  app.shown = stateText;
  app.cells = cells;
  app.proof = proof || null;
  proofShown(null);
  drawBase(svg);
  if (changed && app.sel) {
    // the selection's links are those of the new state (or it is gone)
    const p = parseCand(app.sel);
    if (!isEmpty(p.r, p.c)) app.sel = null;
    hover(app.sel || "", true, !!proof);
  }
  selectionChanged();
  if (changed) schedulePrefetch(stateText);
}

// After an edit the next edit may come at once: the whole state's links (the largest
// answer) are fetched once the edits pause, hovers meanwhile ask for their candidate.
let prefetchTimer = null;
function schedulePrefetch(stateText) {
  clearTimeout(prefetchTimer);
  const delay = app.editedAt && performance.now() - app.editedAt < 1000 ? 400 : 0;
  if (delay === 0) prefetchLinks(stateText);
  else prefetchTimer = setTimeout(() => { if (app.shown === stateText) prefetchLinks(stateText); }, delay);
}

// --- loading, editing ---------------------------------------------------------------------

function resetViews() {
  app.path = null; app.pathOf = null; app.step = -1; app.why = null;
  app.marks = { cells: [], cands: [], chains: [] };
  $("prev").disabled = $("next").disabled = true;
  $("stepno").textContent = ""; $("steptext").textContent = ""; $("stuck").hidden = true; $("escalation").textContent = ""; $("anti").innerHTML = "";
  $("step-notations").innerHTML = ""; $("why-notations").innerHTML = "";
  $("proofs").innerHTML = '<p class="muted">Select a candidate, then Explain (or press Enter).</p>';
  $("result").innerHTML = "";
}

// Load a puzzle (or a state) typed, picked or linked: it becomes the puzzle the edits
// start from. Errors go next to Load.
async function loadText(text, opts) {
  opts = opts || {};
  status("loading…");
  const t0 = performance.now();
  try {
    const v = await apiJson("load", withState({ puzzle: text }));
    app.puzzleText = text;
    $("puzzle").value = text;
    app.puzzleState = app.base = v.state;
    app.undo = []; app.redo = [];
    app.sel = null;
    clearLinksPanel();
    resetViews();
    setBoard(v.state, v.cells, v.svg, null);
    editButtons();
    app.loadMs = performance.now() - t0;
    status(`${v.name || v.line} loaded in ${app.loadMs.toFixed(0)} ms`);
    if (!opts.keepFocus) $("grid").focus({ preventScroll: true });
    if (!opts.noPush) pushUrl(false);
    return true;
  } catch (e) { status(""); fail("load-err", e); return false; }
}

// Show `state` as the edited state (no history entry: the callers keep it).
async function showBase(state) {
  const v = await apiJson("load", withState({ puzzle: state }));
  app.base = v.state;
  resetViews();
  setBoard(v.state, v.cells, v.svg, null);
  editButtons();
}

function editButtons() {
  $("undo").disabled = !app.undo.length;
  $("redo").disabled = !app.redo.length;
  $("reset").disabled = app.base === app.puzzleState;
}

// One edit of the selected candidate: the server answers the edited state (checked to
// keep a solution); the previous one goes on the undo stack. Edits apply to the state the
// board shows, so an edit at a path's step starts from that step.
async function edit(kind) {
  if (!app.sel) { fail("edit-err", "Select a candidate first (click it, or move with the arrows and choose a digit)."); return; }
  const t0 = performance.now();
  try {
    const v = await apiJson("edit", withState({ state: app.shown, edit: kind, candidate: app.sel }));
    app.editMs = performance.now() - t0;
    app.editedAt = performance.now();
    app.undo.push(app.base); app.redo = [];
    const sel = app.sel;
    app.base = v.state;
    resetViews();
    setBoard(v.state, v.cells, v.svg, null);
    editButtons();
    const p = parseCand(sel);
    app.cursor = { r: p.r, c: p.c, d: p.d };
    app.sel = kind === "place" ? null : sel;
    selectionChanged();
    if (app.sel) hover(sel, true); else clearLinksPanel();
    status(`${{ place: "set", eliminate: "removed", restore: "restored" }[kind]} ${sel} (${app.editMs.toFixed(0)} ms)`);
    pushUrl(false);
  } catch (e) { fail("edit-err", e); }
}

async function undoRedo(from, to) {
  if (!from.length) return;
  try {
    const state = from.pop();
    to.push(app.base);
    app.editedAt = performance.now();
    await showBase(state);
    pushUrl(false);
  } catch (e) { fail("edit-err", e); }
}

async function resetToPuzzle() {
  if (app.base === app.puzzleState) return;
  app.undo.push(app.base); app.redo = [];
  await showBase(app.puzzleState);
  pushUrl(false);
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
  if (!file) { fail("load-err", "Choose a collection file."); return; }
  const count = pickCount();
  n = Math.max(1, Math.min(count || 1, Math.round(n) || 1));
  $("pick-n").value = n;
  pickShown();
  try {
    const v = await apiJson(`collection?file=${encodeURIComponent(file)}&n=${n}`);
    app.picked = v;
    if (await loadText(v.puzzle)) status(`${file} #${v.n} of ${v.count} (line ${v.line})${v.name ? " " + v.name : ""} loaded in ${app.loadMs.toFixed(0)} ms`);
  } catch (e) { fail("load-err", e); }
}

// --- explain ---------------------------------------------------------------------------

function notationsHtml(list, where) {
  return (list || []).map((n, i) => `<div class="notation"><h3>${esc(n.name)} <button class="copy" data-where="${where}" data-i="${i}" aria-label="copy the ${esc(n.name)} text">Copy</button></h3><pre data-notation="${esc(n.name)}">${esc(n.text)}</pre></div>`).join("");
}

function showNotations(box, list) {
  $(box).innerHTML = notationsHtml(list, box);
  for (const b of $(box).querySelectorAll("button.copy")) {
    b.addEventListener("click", () => copyText(list[+b.dataset.i].text, list[+b.dataset.i].name));
  }
}

async function copyText(text, name) {
  try { await navigator.clipboard.writeText(text); }
  catch (_) {
    const t = document.createElement("textarea");
    t.value = text; document.body.appendChild(t); t.select(); document.execCommand("copy"); t.remove();
  }
  app.copied = text;
  status(`copied the ${name} text`);
}

// The techniques of an explanation that found nothing, on one line (explain's words): none,
// none up to a length, only eliminate (a placement), cut by a limit (never left out).
function nothingFound(n) {
  if (!n) return "";
  const parts = [];
  if (n.none.length) parts.push(`${esc(n.none.join(", "))} (none)`);
  for (const u of n.none_up_to) parts.push(`${esc(u.families.join(", "))} (none up to length ${u.length})`);
  if (n.only_eliminates.length) parts.push(`${n.only_eliminates.length} families only eliminate (the composite proof stands for them)`);
  const cuts = new Map();
  for (const c of n.cut) {
    const how = c.searched_to ? `searched to length ${c.searched_to} of ${c.bound}` : "not searched";
    if (!cuts.has(c.stopped)) cuts.set(c.stopped, new Map());
    const by = cuts.get(c.stopped);
    if (!by.has(how)) by.set(how, []);
    by.get(how).push(c.family);
  }
  for (const [stop, by] of cuts) {
    parts.push(`<span class="cut">cut (${esc(stop)}): ${[...by].map(([how, fams]) => `${esc(fams.join(", "))} (${how})`).join("; ")}</span>`);
  }
  return parts.length ? `<p class="muted" id="nothing-found">nothing found: ${parts.join("; ")}</p>` : "";
}

async function explain(opts) {
  opts = opts || {};
  const p = parseCand(app.sel);
  if (!p || !hasCand(p.d, p.r, p.c)) { fail("why-err", "Select an open candidate first."); return; }
  const kind = $("why-kind").value === "=" ? "=" : "<>";
  const target = `${cellName(p.r, p.c)}${kind}${p.d}`;
  const body = withState({ state: app.shown, target, max_len: Math.max(1, Math.min(999, +$("why-maxlen").value || 20)) });
  if ($("why-families").value) body.families = $("why-families").value;
  $("proofs").innerHTML = `<p class="muted">searching why ${target}…</p>`;
  $("why-notations").innerHTML = "";
  const t0 = performance.now();
  try {
    const v = await apiJson("explain", body);
    app.explainMs = performance.now() - t0;
    // the answer first, as explain prints it: the simplest proof, then the other proofs
    // (the techniques that found the same step on one row, each name clickable), simplest
    // first on the one simplest-first scale (a technique at its length); then, on one line,
    // the techniques that found nothing
    const groups = (v.simplest ? [{ families: v.simplest.families, length: v.simplest.length, text: v.simplest.text, simplest: true }] : []).concat(v.others);
    const names = (g) => g.families.map((f) => `<span class="fam" data-family="${esc(f)}">${esc(f)}</span>`).join(", ");
    const rows = groups.map((g) => `<tr class="clickable${g.simplest ? " simplest" : ""}" data-family="${esc(g.families[0])}" data-families="${esc(g.families.join(" "))}"><td>${names(g)}</td><td class="len">${g.length}</td><td class="mono">${proofText(g.text)}</td></tr>`);
    $("proofs").innerHTML = `<p>Why ${esc(v.target)}? ${v.simplest ? "simplest: <b>" + esc(v.simplest.family) + "</b> (length " + v.simplest.length + ")" : "no proof found"} <span class="muted">(${app.explainMs.toFixed(0)} ms)</span></p>` +
      (rows.length ? `<table id="proof-table"><tr><th>family</th><th>length</th><th>proof</th></tr>${rows.join("")}</table>` : `<table id="proof-table"></table>`) +
      nothingFound(v.nothing_found);
    app.explained = v;
    const rowOf = (family) => family === "composite" ? v.composite : v.families.find((f) => f.family === family);
    // a row draws its first family's proof; a name in it, that family's
    const pick = (tr, family) => { tr.dataset.family = family; drawProof(rowOf(family), tr); pushUrl(true); };
    for (const b of document.querySelectorAll("#proof-table button.more")) {
      b.addEventListener("click", (e) => { e.stopPropagation(); unfold(b); });
    }
    for (const tr of document.querySelectorAll("#proof-table tr.clickable")) {
      tr.addEventListener("click", (e) => {
        const name = e.target.closest("span.fam");
        pick(tr, name ? name.dataset.family : tr.dataset.families.split(" ")[0]);
      });
    }
    app.why = { target, family: null };
    const rowWith = (family) => family && [...document.querySelectorAll("#proof-table tr.clickable")].find((tr) => tr.dataset.families.split(" ").includes(family));
    const wanted = rowWith(opts.family);
    const first = wanted || rowWith(v.simplest && v.simplest.family);
    if (first) {
      first.dataset.family = wanted ? opts.family : v.simplest.family;
      await drawProof(rowOf(first.dataset.family), first);
    }
    if (!opts.noPush) pushUrl(false);
  } catch (e) {
    $("proofs").innerHTML = "";
    fail("why-err", e);
  }
}

// A proof's text in the table: a long one folded to its first lines (style.css), with a
// button that unfolds it, so that its row's technique and length stay in view.
const FOLD_TEXT = 160;
function proofText(text) {
  if (text.length <= FOLD_TEXT) return esc(text);
  return `<span class="proof-text folded">${esc(text)}</span> <button class="more" aria-expanded="false" title="the whole proof text (${text.length} characters)">more</button>`;
}

function unfold(button) {
  const open = button.getAttribute("aria-expanded") !== "true";
  button.previousElementSibling.classList.toggle("folded", !open);
  button.setAttribute("aria-expanded", String(open));
  button.textContent = open ? "less" : "more";
}

// The family picker: explain's default (every technique), then the registry's sets, then
// every technique, from /api/techniques.
async function loadFamilies() {
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
  if (!new URLSearchParams(location.search).get("maxlen")) $("why-maxlen").value = v.defaults.max_len;
}

// A proof row drawn: its picture and notations (explain sends the simplest row's; another
// row's are asked of /api/view the first time it is shown, then kept).
async function drawProof(f, tr) {
  for (const r of document.querySelectorAll("#proof-table tr.active")) r.classList.remove("active");
  if (tr) tr.classList.add("active");
  app.proof = f.proof;
  if (app.why) app.why.family = tr ? tr.dataset.family : null;
  if (!f.view) {
    try {
      f.view = await apiJson("view", withState({ state: app.explained.state, proof: f.proof }));
    } catch (e) { fail("why-err", e); return; }
  }
  if (app.proof !== f.proof) return; // another row was chosen meanwhile
  proofShown(f.view, app.explained.state);
  showNotations("why-notations", f.view.notations);
  await drawPicture({ noPush: true });
}

// --- one branch or chain at a time, a few links at a time -----------------------------------

// A proof drawn on the board whose picture can show one part at a time (a force chain or
// net's branches, a tagging's, a 3D Medusa's chains: the view's `parts`) gets ◀ All ▶
// under the grid. A picture of more than FOLD_LINKS links (the whole proof's or the part's)
// opens with its first FOLD_LINKS only, and a slider with ◀ ▶ and "All links" draws more
// or fewer. Each picture is asked of /api/view once, then kept.
const FOLD_LINKS = 12;
const foldOf = (drawn) => (drawn.links.length > FOLD_LINKS ? FOLD_LINKS : null);

// The proof `view` (drawn whole, on `stateText`) is the one drawn, or none: its controls.
// The caller draws its picture (drawPicture).
function proofShown(view, stateText) {
  app.picture = view ? { view, state: stateText, drawn: new Map([["0|all", view]]), total: new Map([[0, view.links.length]]) } : null;
  app.part = 0;
  app.first = view ? foldOf(view) : null;
  pictureControls();
}

function pictureControls() {
  const p = app.picture;
  const parts = p && p.view.parts && p.view.parts.length > 1 ? p.view.parts : null;
  $("parts").hidden = !parts;
  if (parts) {
    $("part-all").disabled = app.part === 0;
    $("part-name").textContent = app.part ? parts[app.part - 1] : `the whole proof: ${parts.length} parts to see one at a time`;
  }
  const n = p ? p.total.get(app.part) : undefined;
  $("linkbar").hidden = !(n > FOLD_LINKS);
  if (!(n > FOLD_LINKS)) return;
  const k = app.first || n;
  const range = $("links-range");
  range.max = n;
  range.value = k;
  $("links-fewer").disabled = k <= 1;
  $("links-more").disabled = $("links-all").disabled = k >= n;
  $("links-name").textContent = k < n ? `links 1 to ${k} of ${n}` : `all ${n} links`;
}

// The picture of part `part` (0: the whole proof) with its first `first` links (null: all).
function pictureOf(part, first) {
  const p = app.picture;
  const key = `${part}|${first || "all"}`;
  if (!p.drawn.has(key)) {
    const body = { state: p.state, proof: p.view.proof };
    if (part) body.part = part;
    if (first) body.first_links = first;
    const asked = apiJson("view", withState(body));
    asked.catch(() => p.drawn.delete(key));
    p.drawn.set(key, asked);
  }
  return p.drawn.get(key);
}

// Draw what `app.part` and `app.first` say.
async function drawPicture(opts) {
  opts = opts || {};
  const p = app.picture, part = app.part, first = app.first;
  if (!p) return;
  pictureControls();
  try {
    const drawn = await pictureOf(part, first);
    if (app.picture !== p || app.part !== part || app.first !== first) return; // another meanwhile
    drawBase(drawn.svg);
    if (!opts.noPush) pushUrl(true);
  } catch (e) { fail("part-err", e); }
}

// Show part k (0: the whole proof), folded as its link count says; ◀ and ▶ go round:
// whole, 1, …, n, whole.
async function showPart(k, opts) {
  opts = opts || {};
  const p = app.picture;
  if (!p || !(p.view.parts && p.view.parts.length > 1)) { if (!opts.quiet) fail("part-err", "This picture shows its proof whole: only force chains and nets, taggings and 3D Medusa have branches or chains to show one at a time."); return; }
  const n = p.view.parts.length;
  k = ((k % (n + 1)) + n + 1) % (n + 1);
  app.part = k;
  pictureControls();
  try {
    const whole = await pictureOf(k, null);
    if (app.picture !== p || app.part !== k) return; // another proof or part meanwhile
    p.total.set(k, whole.links.length);
    app.first = foldOf(whole);
  } catch (e) { fail("part-err", e); return; }
  await drawPicture(opts);
}

// Draw the first `first` links of the picture (null, or as many as it has: all of them).
async function showFirstLinks(first, opts) {
  opts = opts || {};
  const p = app.picture;
  const n = p ? p.total.get(app.part) : undefined;
  if (!(n > FOLD_LINKS)) { if (!opts.quiet) fail("part-err", `This picture draws its links at once: a proof of more than ${FOLD_LINKS} links is drawn a few links at a time.`); return; }
  app.first = first === null || first >= n ? null : Math.max(1, Math.round(first) || 1);
  await drawPicture(opts);
}

// One link more (or fewer, by -1) than the picture shows.
function linksBy(d) {
  const n = app.picture ? app.picture.total.get(app.part) : 0;
  return showFirstLinks((app.first || n) + d);
}

// --- the path --------------------------------------------------------------------------

async function solvePath(opts) {
  opts = opts || {};
  status("solving…");
  // no rules: the ladder `solve` climbs with no --rules (N, W, B, Trid-OR5W, T&E)
  const rules = $("rules").value.trim();
  try {
    const v = await apiJson("path", withState(rules ? { state: app.base, rules } : { state: app.base }));
    const last = v.escalations.length ? v.escalations[v.escalations.length - 1].to : "";
    await pathShown(v, { base: app.base, rules, oneStep: "" }, last ? `, escalated to ${last}` : "", opts);
  } catch (e) { status(""); fail("path-err", e); }
}

// Show path `v` (asked as `of` says) at the step `opts.step` asks (default: its start).
async function pathShown(v, of, note, opts) {
  app.path = v; app.pathOf = of;
  status(`${v.steps.length} steps${v.solved ? ", solved" : ", stuck"}${note}`);
  await showStep(opts.step === undefined ? -1 : opts.step - 1, { noPush: true });
  if (!opts.noPush) pushUrl(false);
}

// --- anti-backdoors ---------------------------------------------------------------------

// The state's W1-anti-backdoors (the candidates whose elimination lets singles and
// whips[1] solve it) ringed on the grid, and its one-step solutions (one whip, up to
// length 12, eliminates one), each a button that opens it as a path.
async function antiBackdoors() {
  status("anti-backdoors…");
  try {
    const v = await apiJson("backdoors", withState({ state: app.base }));
    app.marks = { cells: [], cands: v.anti_backdoors.slice(), chains: [] };
    drawOverlay();
    const cut = v.cut ? ` (cut: ${esc(v.cut)})` : "";
    const head = `<p id="anti-list">${v.anti_backdoors.length} ${esc(v.theory)}-anti-backdoor(s)${cut}: <span class="mono">${esc(v.anti_backdoors.join(" "))}</span></p>`;
    const items = v.one_steps.map((o, i) => `<li><button class="one-step" data-i="${i}" title="${esc(o.text)}">${esc(o.candidate)} by ${esc(o.technique)}</button></li>`).join("");
    $("anti").innerHTML = head + (items ? `<p>One-step solutions (open one as a path):</p><ul class="one-steps">${items}</ul>` : '<p class="muted">No one-step solution by a whip up to length 12.</p>');
    for (const b of document.querySelectorAll("#anti button.one-step")) {
      b.addEventListener("click", () => openOneStep(v.one_steps[+b.dataset.i].candidate, {}));
    }
    status(`${v.anti_backdoors.length} anti-backdoor(s), ${v.one_steps.length} one-step solution(s)`);
  } catch (e) { status(""); fail("path-err", e); }
}

// The one-step solution that eliminates `cand`, as a path: W1's steps, the step, W1's
// steps; shown at its step (by default the one step itself).
async function openOneStep(cand, opts) {
  status("opening the one-step solution…");
  try {
    const v = await apiJson("backdoors", withState({ state: app.base, path_of: cand }));
    const at = v.path.steps.findIndex((s) => !/^(naked-single|hidden-single|whip\[1\])/.test(s.text));
    const step = opts.step === undefined ? at + 1 : opts.step;
    await pathShown(v.path, { base: app.base, rules: "", oneStep: cand }, `: one-step solution ${cand}`, Object.assign({}, opts, { step }));
  } catch (e) { status(""); fail("path-err", e); }
}

// Why a path stops short of the solution: the bound that cut it, or the rules that ran out.
function stuckText(path, rules, atLast) {
  const here = atLast ? "Stuck here" : "Stuck";
  const n = path.steps.length;
  if (path.cut) return `${here}: after ${n} step(s) the search for ${path.cut.searching} was cut (${path.cut.why}).`;
  if (!rules) return `${here}: after ${n} step(s) no rule set of the ladder (N, W, B, Trid-OR5W, T&E) applies within its limits. Explain a candidate, or try a longer max length.`;
  return `${here}: after ${n} step(s) no rule of “${rules}” applies. Empty the rules to escalate as solve does (N, W, B, Trid-OR5W, T&E), or explain a candidate.`;
}

// The rule sets the path has climbed by step k (0-based): "N stops after step 5; escalating
// to W", one line each, as solve prints them.
function escalationAt(path, k) {
  return path.escalations.filter((e) => e.after_step <= k).map((e) => e.text).join("\n");
}

// The path's step k (0-based; -1 the start): the state it is found in, its proof drawn and
// its text in each notation below the buttons (which stay where they are).
async function showStep(k, opts) {
  opts = opts || {};
  const steps = app.path.steps;
  app.step = Math.max(-1, Math.min(k, steps.length - 1));
  $("prev").disabled = app.step < 0;
  $("next").disabled = app.step >= steps.length - 1;
  app.marks = { cells: [], cands: [], chains: [] };
  // a path that does not solve says so from its start, and again at its last step
  const stuck = !app.path.solved;
  $("stuck").hidden = !stuck;
  $("stuck").textContent = stuck ? stuckText(app.path, app.pathOf.rules, app.step === steps.length - 1) : "";
  $("escalation").textContent = escalationAt(app.path, app.step);
  try {
    if (app.step < 0) {
      const v = await apiJson("load", withState({ puzzle: app.pathOf.base }));
      setBoard(v.state, v.cells, v.svg, null);
      $("stepno").textContent = `start (of ${steps.length})`;
      $("steptext").textContent = "";
      $("step-notations").innerHTML = "";
    } else {
      const s = steps[app.step];
      // the board shows the state the step is found in, with its proof drawn (a long
      // proof's first links: the bare grid until they come)
      const v = await apiJson("load", withState({ puzzle: s.state_before }));
      setBoard(v.state, v.cells, foldOf(s) ? v.svg : s.svg, s.proof);
      proofShown(s, s.state_before);
      if (app.first) await drawPicture({ noPush: true });
      $("stepno").textContent = `step ${s.step} of ${steps.length}`;
      $("steptext").textContent = s.text;
      showNotations("step-notations", s.notations);
    }
    if (!opts.noPush) pushUrl(false);
  } catch (e) { fail("path-err", e); }
}

// Step by `n`, the pressed button kept where it is on screen (above it, the board may
// grow by a caption: the page scrolls by as much, so the next press lands on it again).
async function stepBy(n, button) {
  if (!app.path) { fail("path-err", "Solve first: the path's steps are then shown one by one."); return; }
  const top = button ? button.getBoundingClientRect().top : null;
  await showStep(app.step + n);
  if (button) {
    const moved = button.getBoundingClientRect().top - top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  }
}

// --- queries ---------------------------------------------------------------------------

// Each named query's declared parameters, from /api/queries.
const queryParams = new Map();

// The parameter fields of the chosen named query; a field the selection can fill
// (candidate, cell, digit) follows it until the user types into it.
function paramFields() {
  const q = queryParams.get($("named").value) || [];
  $("params").innerHTML = q.filter((p) => p.name !== "state" || $("use-db").checked).map((p) =>
    `<label title="${esc(p.description || "")}">${esc(p.name)} <input data-param="${esc(p.name)}" data-auto="1" placeholder="${esc(p.default == null ? "" : p.default)}" aria-label="parameter ${esc(p.name)}"></label>`).join("");
  for (const i of $("params").querySelectorAll("input")) i.addEventListener("input", () => { i.dataset.auto = "0"; });
  fillParams();
}

function fillParams() {
  const p = parseCand(app.sel);
  const { r, c } = app.cursor;
  const from = { candidate: app.sel || "", cell: cellName(r, c), digit: p ? String(p.d) : "" };
  for (const i of $("params").querySelectorAll("input[data-auto='1']")) {
    if (from[i.dataset.param] !== undefined) i.value = from[i.dataset.param];
  }
}

// Candidates, cells and Eureka chains ((8)r1c2=r1c7-r3c8=r3c1) named in a result row.
function namedIn(row) {
  const text = row.map((x) => (x == null ? "" : String(x))).join(" ");
  const chains = [];
  for (const m of text.matchAll(/\((\d)\)r\dc\d(?:[=-](?:\(\d\))?r\dc\d)+/g)) {
    const parts = m[0].split(/([=-])/);
    let d = +m[1];
    const nodes = [], kinds = [];
    for (const t of parts) {
      if (t === "=" || t === "-") { kinds.push(t === "="); continue; }
      const x = /^(?:\((\d)\))?r(\d)c(\d)$/.exec(t);
      if (!x) continue;
      if (x[1]) d = +x[1];
      nodes.push({ d, r: +x[2] - 1, c: +x[3] - 1 });
    }
    chains.push(nodes.slice(1).map((to, i) => ({ from: nodes[i], to, strong: kinds[i] })));
  }
  const bare = text.replace(/\(\d\)r\dc\d(?:[=-](?:\(\d\))?r\dc\d)+/g, " ");
  return {
    cands: bare.match(/n\dr\dc\d/g) || [],
    cells: bare.replace(/n\dr\dc\d/g, " ").match(/r\dc\d/g) || [],
    chains,
  };
}

let running = null;
async function runQuery() {
  const name = $("named").value, sql = $("sql").value.trim();
  const body = { db: $("use-db").checked };
  if (name) body.name = name; else if (sql) body.sql = sql;
  else { fail("query-err", "Choose a named query or write SQL."); return; }
  if (!body.db) { body.state = app.shown; withState(body); }
  const params = {};
  for (const i of $("params").querySelectorAll("input")) if (i.value.trim()) params[i.dataset.param] = i.value.trim();
  if (Object.keys(params).length) body.params = params;
  if (running) running.abort();
  const ctl = new AbortController();
  running = ctl;
  $("cancel").hidden = false;
  $("result").innerHTML = '<p class="muted">running…</p>';
  const t0 = performance.now();
  try {
    const v = await apiJson("query", body, ctl.signal);
    app.queryMs = performance.now() - t0;
    const head = `<tr>${v.columns.map((c) => `<th>${esc(c)}</th>`).join("")}</tr>`;
    const rows = v.rows.map((r, i) => `<tr class="clickable" data-i="${i}">${r.map((x) => `<td>${esc(x == null ? "" : x)}</td>`).join("")}</tr>`);
    $("result").innerHTML = `<p class="muted">${v.rows.length} row(s)${v.truncated ? " (truncated)" : ""} in ${app.queryMs.toFixed(0)} ms</p><table id="result-table">${head}${rows.join("")}</table>`;
    const all = { cells: [], cands: [], chains: [] };
    for (const r of v.rows) { const n = namedIn(r); all.cells.push(...n.cells); all.cands.push(...n.cands); all.chains.push(...n.chains); }
    app.marks = { cells: [...new Set(all.cells)], cands: [...new Set(all.cands)], chains: all.chains.slice(0, 60) };
    drawOverlay();
    for (const tr of document.querySelectorAll("#result-table tr.clickable")) {
      tr.addEventListener("click", () => {
        for (const a of document.querySelectorAll("#result-table tr.active")) a.classList.remove("active");
        tr.classList.add("active");
        app.marks = namedIn(v.rows[+tr.dataset.i]);
        drawOverlay();
      });
    }
  } catch (e) {
    // no highlight of an earlier answer stays beside an error
    app.marks = { cells: [], cands: [], chains: [] };
    drawOverlay();
    $("result").innerHTML = "";
    if (e.name === "AbortError") status("query cancelled");
    else fail("query-err", e);
  } finally {
    if (running === ctl) { running = null; $("cancel").hidden = true; }
  }
}

// --- downloads -------------------------------------------------------------------------

async function download(fmt) {
  try {
    // the picture shown: one part of the proof, its first links, when it shows them
    const picture = app.proof && (fmt === "svg" || fmt === "png");
    const part = picture && app.part ? app.part : undefined;
    const first = picture && app.first ? app.first : undefined;
    const res = await api("export", withState({ state: app.shown, proof: app.proof, format: fmt, part, first_links: first }));
    const blob = await res.blob();
    const ext = { svg: "svg", png: "png", dot: "dot", text: "txt" }[fmt];
    const name = (app.proof ? app.proof.rule.replace(/[^A-Za-z0-9]+/g, "-") : "grid") + (part ? `-part-${part}` : "") + (first ? `-links-1-${first}` : "") + "." + ext;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    app.lastDownload = { name, size: blob.size, type: blob.type };
    status(`downloaded ${name} (${blob.size} bytes)`);
  } catch (e) { fail("dl-err", e); }
}

// --- the URL ---------------------------------------------------------------------------

// The view as a query string: the puzzle (unless the default), the edited state, the
// rules and step of a path, the selection, and the explain asked with the family drawn.
function urlOf() {
  const q = new URLSearchParams();
  if (app.puzzleText && app.puzzleText !== app.defaultPuzzle) q.set("puzzle", app.puzzleText);
  if ($("nonunique").checked) q.set("nonunique", "1");
  if (app.base && app.base !== app.puzzleState) q.set("state", app.base);
  if (app.path) {
    if (app.pathOf.oneStep) q.set("one_step", app.pathOf.oneStep);
    else if (app.pathOf.rules) q.set("rules", app.pathOf.rules);
    q.set("step", String(app.step + 1));
  }
  if (app.sel) q.set("sel", app.sel);
  else if (app.cursor.r || app.cursor.c) q.set("cell", cellName(app.cursor.r, app.cursor.c));
  if (app.why) {
    q.set("why", app.why.target);
    if ($("why-families").value) q.set("families", $("why-families").value);
    if (+$("why-maxlen").value !== 20) q.set("maxlen", $("why-maxlen").value);
    if (app.why.family) q.set("family", app.why.family);
  }
  if (app.picture && app.part) q.set("part", String(app.part));
  const total = app.picture && app.picture.total.get(app.part);
  if (total > FOLD_LINKS && app.first !== FOLD_LINKS) q.set("links", app.first ? String(app.first) : "all");
  const s = q.toString();
  return s ? "?" + s : location.pathname;
}

function pushUrl(replace) {
  if (app.applying) return;
  const url = urlOf();
  if (url === location.search || (url === location.pathname && !location.search)) return;
  if (replace) history.replaceState(null, "", url); else history.pushState(null, "", url);
}

// Open the view a query string describes (a link, or back/forward): what is already
// shown is kept, the rest asked again.
async function applyUrl(search) {
  const q = new URLSearchParams(search);
  app.applying = true;
  try {
    $("nonunique").checked = q.get("nonunique") === "1";
    const puzzle = q.get("puzzle") || app.defaultPuzzle;
    $("puzzle").value = puzzle;
    if (puzzle !== app.puzzleText || !app.puzzleState) {
      if (!(await loadText(puzzle, { noPush: true, keepFocus: true }))) return;
    }
    const base = q.get("state") || app.puzzleState;
    // a path is in the URL by its step; its rules only when asked (none: the ladder)
    const rules = q.get("rules") || "", step = q.get("step"), oneStep = q.get("one_step") || "";
    const wanted = step !== null || q.has("rules") || q.has("one_step");
    const samePath = wanted && app.path && app.pathOf.base === base && app.pathOf.rules === rules && app.pathOf.oneStep === oneStep;
    if (base !== app.base || (!wanted && app.path) || (app.path && !samePath)) await showBase(base);
    if (wanted) {
      $("rules").value = rules;
      const k = Math.max(0, +step || 0);
      if (samePath) await showStep(k - 1, { noPush: true });
      else if (oneStep) await openOneStep(oneStep, { step: step === null ? undefined : k, noPush: true });
      else await solvePath({ step: k, noPush: true });
    }
    const sel = q.get("sel"), cell = /^r(\d)c(\d)$/.exec(q.get("cell") || "");
    if (parseCand(sel)) { const p = parseCand(sel); app.sel = sel; app.cursor = { r: p.r, c: p.c, d: p.d }; selectionChanged(); hover(sel, true); }
    else { app.sel = null; app.cursor = cell ? { r: +cell[1] - 1, c: +cell[2] - 1, d: app.cursor.d } : { r: 0, c: 0, d: app.cursor.d }; selectionChanged(); clearLinksPanel(); }
    const why = q.get("why");
    if (why && app.sel) {
      await app.familiesLoaded;
      $("why-kind").value = why.includes("<>") ? "<>" : "=";
      $("why-families").value = q.get("families") || "";
      if (q.get("maxlen")) $("why-maxlen").value = q.get("maxlen");
      await explain({ family: q.get("family"), noPush: true });
    } else if (app.why) {
      app.why = null;
      $("proofs").innerHTML = '<p class="muted">Select a candidate, then Explain (or press Enter).</p>';
      $("why-notations").innerHTML = "";
    }
    const part = Math.max(0, +q.get("part") || 0);
    if (app.picture && app.picture.view.parts.length > 1 && part !== app.part) await showPart(part, { noPush: true });
    const links = q.get("links");
    const first = links === "all" ? null : +links || FOLD_LINKS;
    const total = app.picture && app.picture.total.get(app.part);
    if (total > FOLD_LINKS && first !== app.first) await showFirstLinks(first, { noPush: true });
  } catch (e) { fail("load-err", e); } finally { app.applying = false; }
}

// --- keys ------------------------------------------------------------------------------

function moveCursor(dr, dc) {
  const r = (app.cursor.r + dr + 9) % 9, c = (app.cursor.c + dc + 9) % 9;
  const cell = cellOf(r, c);
  if (cell && cell.value == null && cell.candidates.length) {
    const d = cell.candidates.includes(app.cursor.d) ? app.cursor.d : cell.candidates[0];
    select(candName(d, r, c), false);
  } else selectCell(r, c, false);
}

function chooseDigit(d) {
  const { r, c } = app.cursor;
  if (!isEmpty(r, c)) { fail("edit-err", `${cellName(r, c)} already holds a digit: move to an empty cell.`); return; }
  app.cursor.d = d;
  select(candName(d, r, c), true);
}

// Keys anywhere on the page but in a text field: arrows, digits, Enter/E explain, S set,
// Delete/Backspace/X remove, R restore, N/P (or ]/[) next/previous step, ,/. previous/next
// part of the proof drawn (A: all of it), -/+ one link fewer/more, Ctrl+Z/Y.
function onKey(e) {
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  if ((e.ctrlKey || e.metaKey) && !e.altKey) {
    const k = e.key.toLowerCase();
    if (k === "z" && !e.shiftKey) { e.preventDefault(); undoRedo(app.undo, app.redo); }
    else if (k === "y" || (k === "z" && e.shiftKey)) { e.preventDefault(); undoRedo(app.redo, app.undo); }
    return;
  }
  if (e.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const inGrid = t === $("grid") || t === document.body;
  if (moves[e.key]) { if (!inGrid) return; e.preventDefault(); moveCursor(...moves[e.key]); return; }
  if (/^[1-9]$/.test(e.key)) { e.preventDefault(); chooseDigit(+e.key); return; }
  const k = e.key.toLowerCase();
  const act = {
    enter: () => explain(), e: () => explain(),
    s: () => edit("place"), delete: () => edit("eliminate"), backspace: () => edit("eliminate"), x: () => edit("eliminate"),
    r: () => edit("restore"), n: () => stepBy(1), "]": () => stepBy(1), pagedown: () => stepBy(1),
    p: () => stepBy(-1), "[": () => stepBy(-1), pageup: () => stepBy(-1),
    ",": () => showPart(app.part - 1), ".": () => showPart(app.part + 1), a: () => showPart(0, { quiet: true }),
    "-": () => linksBy(-1), "+": () => linksBy(1), "=": () => linksBy(1),
  }[k];
  if (!act || (k === "enter" && t && t.tagName === "BUTTON")) return;
  e.preventDefault();
  act();
}

// --- wiring ----------------------------------------------------------------------------

async function init() {
  app.defaultPuzzle = $("puzzle").value;
  // any act of the user clears the errors shown for an earlier one
  for (const kind of ["click", "keydown", "change"]) {
    document.addEventListener(kind, (e) => { if (!(kind === "keydown" && ["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key))) clearErrors(); }, true);
  }
  const o = $("overlay");
  o.addEventListener("mouseover", (e) => { const c = e.target.dataset && e.target.dataset.cand; if (c && e.target.classList.contains("hit")) app.hovering = hover(c, false); });
  // leaving the grid: back to the selection's links, or none while a proof is drawn
  o.addEventListener("mouseleave", () => {
    hoverSeq++;
    if (app.sel && !app.proof) hover(app.sel, true);
    else { const g = $("links-g"); if (g) g.innerHTML = ""; }
  });
  o.addEventListener("click", (e) => {
    const d = e.target.dataset || {};
    if (d.cand) select(d.cand, true);
    else if (d.cell) { const m = /^r(\d)c(\d)$/.exec(d.cell); selectCell(+m[1] - 1, +m[2] - 1, true); }
    $("grid").focus({ preventScroll: true });
  });
  document.addEventListener("keydown", onKey);
  for (let d = 1; d <= 9; d++) {
    const b = document.createElement("button");
    b.textContent = d; b.dataset.d = d; b.setAttribute("aria-label", `digit ${d} in the cursor's cell`);
    b.addEventListener("click", () => chooseDigit(d));
    $("pad").appendChild(b);
  }
  // a puzzle loaded from the header's controls folds them away again on a phone
  $("load").addEventListener("click", async () => { if (await loadText($("puzzle").value)) openLoad(false); });
  $("nonunique").addEventListener("change", () => { if ($("nonunique").checked) loadText($("puzzle").value); });
  $("examples").addEventListener("change", async (e) => { if (e.target.value && (await loadText(e.target.value))) openLoad(false); });
  $("dbstates").addEventListener("change", (e) => { if (e.target.value) loadText(e.target.value); });
  $("collection").addEventListener("change", () => { $("pick-n").value = 1; pickShown(); if ($("collection").value) pick(1); });
  $("pick-n").addEventListener("input", pickShown);
  $("pick-n").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); pick(+$("pick-n").value); } });
  $("pick-prev").addEventListener("click", () => pick(+$("pick-n").value - 1));
  $("pick-next").addEventListener("click", () => pick(+$("pick-n").value + 1));
  $("pick-load").addEventListener("click", () => pick(+$("pick-n").value));
  $("ed-place").addEventListener("click", () => edit("place"));
  $("ed-remove").addEventListener("click", () => edit("eliminate"));
  $("ed-restore").addEventListener("click", () => edit("restore"));
  $("undo").addEventListener("click", () => undoRedo(app.undo, app.redo));
  $("redo").addEventListener("click", () => undoRedo(app.redo, app.undo));
  $("reset").addEventListener("click", resetToPuzzle);
  $("why").addEventListener("click", () => explain());
  $("path-go").addEventListener("click", () => solvePath());
  $("anti-go").addEventListener("click", () => antiBackdoors());
  $("rules").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); solvePath(); } });
  $("prev").addEventListener("click", () => stepBy(-1, $("prev")));
  $("next").addEventListener("click", () => stepBy(1, $("next")));
  $("part-prev").addEventListener("click", () => showPart(app.part - 1));
  $("part-next").addEventListener("click", () => showPart(app.part + 1));
  $("part-all").addEventListener("click", () => showPart(0));
  $("links-fewer").addEventListener("click", () => linksBy(-1));
  $("links-more").addEventListener("click", () => linksBy(1));
  $("links-all").addEventListener("click", () => showFirstLinks(null));
  $("links-range").addEventListener("input", () => showFirstLinks(+$("links-range").value));
  $("load-toggle").addEventListener("click", () => openLoad(!document.querySelector("header").classList.contains("open")));
  $("run").addEventListener("click", runQuery);
  $("cancel").addEventListener("click", () => { if (running) running.abort(); });
  // the query run is the one shown: a named query empties the SQL box, typed SQL unsets
  // the named query (and its fields)
  $("named").addEventListener("change", () => { $("sql").value = ""; paramFields(); });
  $("sql").addEventListener("input", () => { if ($("named").value) { $("named").value = ""; paramFields(); } });
  $("use-db").addEventListener("change", paramFields);
  for (const b of document.querySelectorAll(".downloads button")) b.addEventListener("click", () => download(b.dataset.fmt));
  window.addEventListener("popstate", () => applyUrl(location.search).catch((e) => fail("load-err", e)));

  // the view in the URL (by default the puzzle the server wrote into the page), at once,
  // beside the lists
  app.familiesLoaded = loadFamilies();
  const opening = applyUrl(location.search);
  const lists = Promise.all([apiJson("examples"), apiJson("queries"), apiJson("db/states"), apiJson("collections"), app.familiesLoaded]);
  await opening;
  // first paint with a puzzle, from the navigation's start
  await new Promise((r) => requestAnimationFrame(() => r()));
  app.readyAt = Math.round(performance.now());
  const [examples, queries, states, collections] = await lists;
  for (const x of examples) $("examples").add(new Option(x.title, x.puzzle));
  for (const q of queries) { $("named").add(new Option(`${q.name} — ${q.summary}`, q.name)); queryParams.set(q.name, q.params); }
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
  app.ready = true;
}

Object.assign(app, { loadText, select, explain, pick, edit, applyUrl, urlOf, parseEnd, namedIn, showPart, showFirstLinks });
init().catch((e) => fail("load-err", e));
