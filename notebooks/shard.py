"""Run a sudolink study over a collection split into shards on a Dask cluster, then merge.

    python notebooks/shard.py run KIND COLLECTION --db OUT.db [options]
    python notebooks/shard.py merge WORK_DIR --db OUT.db
    python notebooks/shard.py compare A.db B.db [--kind KIND]

KIND is `classify`, `subsume`, `rate` or `hunt`. `rate` is `classify` with one scheme, `--scheme W`
by default: the W rating of every puzzle, stored in the `rating` table (scheme 'W'), the
same W as `sudolink rate` prints (tests/sharded.rs checks them against `rate`); `rate`
itself has no `--db`. Give `--max-len` above the longest whip you expect: a puzzle with no
whip proof up to it has rating NULL; the default is `rate`'s, 20. `--scheme SER` rates by
Sudoku Explainer 1.2.1 (the rating column holds ER, a REAL; EP and ED beside it), with
`rate` or among `classify`'s schemes (`--scheme W,SER`).

`run` splits COLLECTION (one puzzle per line; blank and `#` lines are not puzzles, as
sudolink reads them) into shards of consecutive puzzles, written to WORK_DIR (default
OUT.db.shards/) with a manifest (manifest.json: the collection's digest, the command, the
shards). Each shard is one Dask task that runs `sudolink KIND shard-NNNN.txt ... --db
shard-NNNN.db --keep-going` as a subprocess (a puzzle that cannot be rated, with no or
several solutions, is stored with its error and does not fail the shard; once merged, such
puzzles make the command exit 1 unless `--keep-going`, as sudolink does). A task whose shard
db already holds its finished run is
skipped; a partial one resumes (sudolink stores each puzzle within a second and goes on
where a run stopped), so a task retried after its worker died, or the whole command run
again after an interruption, redoes at most a second of work per shard. When every shard is
done, their dbs are merged with SQL (ATTACH) into one new file OUT.db holding one run with
the parameters a single `sudolink KIND COLLECTION --db OUT.db` would have given it:
positions are offset by each shard's first position and puzzle and state ids renumbered, so
the notebooks, `queries/` and `sudolink query` read it unchanged (and running the same
single-process command on OUT.db reads the finished run back instead of redoing it).

`hunt` is the hunter's pipeline (`sudolink hunt --stages LIST`, docs/workbench.md): each
shard runs every stage on its puzzles (`--keep-going`: a puzzle a budget cuts makes nothing,
named on the shard's stderr), and the merge gives each stage one run whose input is the
puzzles the stage before made over the whole collection, each once, in order: the rows a
single `sudolink hunt COLLECTION --stages LIST --db OUT.db` stores (a puzzle that two shards
both made is studied by both; the merge keeps the first one's rows).

The cluster is a LocalCluster of `--workers` processes (one task each) unless
`--scheduler ADDR` names a running scheduler (dask-jobqueue on Slurm, dask-kubernetes, or
`dask scheduler` + `dask worker`): its workers must see WORK_DIR, the collection and the
sudolink binary at the same paths (a shared filesystem). The binary is `--bin`, else
$SUDOLINK_BIN, else target/release/sudolink of this repository.

`compare A B` exits 0 when the latest run of KIND (default: the kind of A's latest run) in
the two dbs has the same parameters (the input path aside) and the same results per
position (ratings with SER's EP and ED, hardest step, errors; studied states and
eliminations), times aside.
"""
import argparse
import hashlib
import json
import math
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = "manifest.json"


# ---------------------------------------------------------------- the collection and shards

def puzzle_lines(path):
    """The puzzle lines of a collection, as sudolink counts them (not blank, not `#`)."""
    text = Path(path).read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = []
    for line in lines:
        line = line[:-1] if line.endswith("\r") else line
        t = line.strip()
        if t and not t.startswith("#"):
            out.append(line)
    return out


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def sudolink_args(kind, a):
    """The study options of the sudolink command a shard runs (after the input)."""
    if kind == "hunt":
        out = ["--stages", a.stages]
        return out + (["--max-len", str(a.max_len)] if a.max_len else [])
    if kind in ("rate", "classify"):
        return ["--scheme", a.scheme, "--max-len", str(a.max_len)]
    out = ["--techniques", a.techniques, "--max-len", str(a.max_len)]
    return out + (["--start"] if a.start else [])


def command_of(kind):
    return kind if kind in ("subsume", "hunt") else "classify"


def plan(a):
    """The manifest of a run: read back from WORK_DIR when it is the same run, else new."""
    collection = Path(a.collection).resolve()
    lines = puzzle_lines(collection)
    if not lines:
        sys.exit(f"{collection}: holds no puzzle")
    work = Path(a.work or (str(a.db) + ".shards")).resolve()
    count = len(lines)
    if a.shard_size:
        size = a.shard_size
    else:
        # 4 per worker, at most 10,000 puzzles each, a multiple of the workers
        shards = a.shards or a.workers * max(4, math.ceil(count / 10_000 / a.workers))
        size = math.ceil(count / shards)
    manifest = {
        "kind": a.kind,
        "command": command_of(a.kind),
        "args": sudolink_args(a.kind, a),
        "collection": str(collection),
        "sha256": digest(collection),
        "puzzles": count,
        "shards": [],
    }
    for i, first in enumerate(range(0, count, size)):
        n = min(size, count - first)
        manifest["shards"].append({
            "index": i, "first": first, "count": n,
            "file": str(work / f"shard-{i:04}.txt"), "db": str(work / f"shard-{i:04}.db"),
        })
        if a.kind == "hunt":
            manifest["shards"][-1]["stages"] = len(a.stages.split(","))
    path = work / MANIFEST
    if path.exists():
        old = json.loads(path.read_text())
        same_run = all(old.get(k) == manifest[k] for k in manifest if k != "shards")
        if same_run and not a.shards and not a.shard_size:
            manifest = old  # the shards as first planned (for any number of workers)
        if old != manifest:
            sys.exit(f"{path}: another run (other collection, options or shards) is in this "
                     f"work directory; give another --work or delete it")
        return manifest, work
    work.mkdir(parents=True, exist_ok=True)
    for s in manifest["shards"]:
        text = "".join(line + "\n" for line in lines[s["first"]:s["first"] + s["count"]])
        write_atomically(Path(s["file"]), text)
    write_atomically(path, json.dumps(manifest, indent=1) + "\n")
    return manifest, work


def write_atomically(path, text):
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


# ---------------------------------------------------------------- one shard (a Dask task)

def open_ro(path):
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def shard_progress(shard, command):
    """(stored puzzles, finished) of the shard's run in its db; (0, False) when none. For a
    hunt: its first stage's stored puzzles, and whether every stage's run is finished (a
    pipeline whose stage made nothing ends there: its later stages have no run)."""
    if not os.path.exists(shard["db"]):
        return 0, False
    if command == "hunt":
        return hunt_progress(shard)
    try:
        con = open_ro(shard["db"])
        try:
            row = con.execute(
                "SELECT r.id, r.finished IS NOT NULL, "
                "(SELECT count(*) FROM run_puzzle WHERE run_id = r.id) FROM run AS r "
                "WHERE r.kind = ? AND json_extract(r.params, '$.input') = ? "
                "ORDER BY r.id DESC LIMIT 1", (command, shard["file"])).fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError:
        return 0, False
    if row is None:
        return 0, False
    return row[2], bool(row[1]) and row[2] == shard["count"]


def hunt_runs(con, input_path=None):
    """The latest finished-or-not hunt run of each stage: {stage index: (id, params,
    finished)} (of the runs whose input is `input_path`, when given)."""
    runs = {}
    for run, params, finished in con.execute(
            "SELECT id, params, finished FROM run WHERE kind = 'hunt' ORDER BY id"):
        params = json.loads(params)
        if input_path is None or params.get("input") == input_path:
            runs[len(params["stages"]) - 1] = (run, params, finished is not None)
    return runs


def hunt_progress(shard):
    try:
        con = open_ro(shard["db"])
        try:
            runs = hunt_runs(con, shard["file"])
            first = runs.get(0)
            stored = con.execute("SELECT count(*) FROM run_puzzle WHERE run_id = ?",
                                 (first[0],)).fetchone()[0] if first else 0
            last = max(runs) if runs else -1
            # ended: its last stage run is finished, and either it is the pipeline's last
            # stage or it made nothing
            made = con.execute("SELECT count(*) FROM derivation WHERE run_id = ?",
                               (runs[last][0],)).fetchone()[0] if runs else 0
        finally:
            con.close()
    except sqlite3.DatabaseError:
        return 0, False
    stages = shard.get("stages", 0)
    done = bool(runs) and runs[last][2] and (last + 1 == stages or made == 0)
    return stored, done


def _die_with_parent():
    # the sudolink child dies with the worker that started it (Linux), so a killed worker
    # leaves no orphan writing into the shard db while the task is retried elsewhere
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def run_shard(shard, command, args, binary, threads=None):
    """Run one shard to completion (skipped when its db is complete); a summary dict.
    `threads`: the sudolink process's threads (RAYON_NUM_THREADS), None for all cores."""
    start = time.time()
    stored, done = shard_progress(shard, command)
    summary = {"index": shard["index"], "pid": os.getpid(), "resumed_from": stored,
               "skipped": done}
    if not done:
        env = dict(os.environ)
        # Dask's nanny sets this for its worker's Python; inherited, it makes sudolink's
        # allocator hand memory back to the system after every free (3% slower)
        env.pop("MALLOC_TRIM_THRESHOLD_", None)
        if threads:
            env["RAYON_NUM_THREADS"] = str(threads)
        # --keep-going: a puzzle that cannot be rated is a row with its error, not a failed
        # shard (the merged db's error rows are reported once, after the merge)
        proc = subprocess.run(
            [binary, command, shard["file"], *args, "--db", shard["db"], "--keep-going"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
            preexec_fn=_die_with_parent if sys.platform == "linux" else None)
        if proc.returncode != 0:
            raise RuntimeError(f"shard {shard['index']}: sudolink exited with "
                               f"{proc.returncode}: {proc.stderr.strip()[-2000:]}")
        stored, done = shard_progress(shard, command)
        if not done:
            raise RuntimeError(f"shard {shard['index']}: {shard['db']} holds {stored} of "
                               f"{shard['count']} puzzles after sudolink finished")
    summary["seconds"] = time.time() - start
    return summary


# ---------------------------------------------------------------- the merge

def table_columns(con, schema, table):
    """The column names of `schema`.`table` (an attached db's, or main's)."""
    return [row[1] for row in con.execute(f'PRAGMA "{schema}".table_info("{table}")')]


STUDY_TABLES = ("puzzle", "run", "run_puzzle", "rating", "state", "elimination")


def new_merged_db(tmp, first_db):
    """A new db at `tmp` with the schema (and version, application id) of `first_db`."""
    if tmp.exists():
        tmp.unlink()
    con = sqlite3.connect(tmp, isolation_level=None)
    first = open_ro(first_db)
    for pragma in ("user_version", "application_id"):
        value = first.execute(f"PRAGMA {pragma}").fetchone()[0]
        con.execute(f"PRAGMA {pragma} = {int(value)}")
    for (sql,) in first.execute("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL "
                                "AND name NOT LIKE 'sqlite_%' ORDER BY rowid"):
        con.execute(sql)
    first.close()
    return con


def merge_hunt(manifest, out):
    """Merge the shards' pipelines into the new file `out`: per stage one run, its input the
    puzzles of every shard's stage input, each once, in shard order (a puzzle two shards both
    had keeps the first one's rows; the first stage's input is the collection, each puzzle at
    its place); ratings and derivations follow their input puzzle."""
    out = Path(out)
    shards = manifest["shards"]
    tmp = out.with_name(out.name + ".partial")
    con = new_merged_db(tmp, shards[0]["db"])
    con.execute("BEGIN")
    stages = {}  # stage index -> (merged run id, params, {grid: merged position})
    rating_cols = [c for c in table_columns(con, "main", "rating")
                   if c not in ("run_id", "position")]
    for s in shards:
        src = open_ro(s["db"])
        for k, (run, params, finished) in sorted(hunt_runs(src, s["file"]).items()):
            if not finished:
                raise RuntimeError(f"{s['db']}: stage {k + 1} of the pipeline is not finished")
            if k not in stages:
                params = dict(params, input=manifest["collection"])
                cur = con.execute("INSERT INTO run (kind, params, started, finished) "
                                  "VALUES ('hunt', '', ?, ?)",
                                  src.execute("SELECT started, finished FROM run WHERE id = ?",
                                              (run,)).fetchone())
                stages[k] = (cur.lastrowid, params, {})
            merged_run, _, seen = stages[k]
            puzzles = src.execute(
                "SELECT rp.position, p.grid FROM run_puzzle AS rp JOIN puzzle AS p "
                "ON p.id = rp.puzzle_id WHERE rp.run_id = ? ORDER BY rp.position", (run,))
            for position, grid in puzzles.fetchall():
                if k == 0:
                    # the collection's puzzles, each at its place (a repeated one too)
                    at = s["first"] + position
                elif grid in seen:
                    continue
                else:
                    at = len(seen)
                seen.setdefault(grid, at)
                pid = con.execute("INSERT INTO puzzle (grid) VALUES (?)", (grid,)).lastrowid
                con.execute("INSERT INTO run_puzzle (run_id, position, puzzle_id) "
                            "VALUES (?, ?, ?)", (merged_run, at, pid))
                for ordinal, made in src.execute(
                        "SELECT d.ordinal, p.grid FROM derivation AS d JOIN puzzle AS p "
                        "ON p.id = d.puzzle_id WHERE d.run_id = ? AND d.position = ? "
                        "ORDER BY d.ordinal", (run, position)).fetchall():
                    mid = con.execute("INSERT INTO puzzle (grid) VALUES (?)", (made,)).lastrowid
                    con.execute("INSERT INTO derivation (run_id, position, ordinal, puzzle_id) "
                                "VALUES (?, ?, ?, ?)", (merged_run, at, ordinal, mid))
                cols = ", ".join(rating_cols)
                for row in src.execute(f"SELECT {cols} FROM rating WHERE run_id = ? "
                                       "AND position = ?", (run, position)).fetchall():
                    con.execute(f"INSERT INTO rating (run_id, position, {cols}) VALUES "
                                f"(?, ?, {', '.join('?' * len(rating_cols))})",
                                (merged_run, at, *row))
        src.close()
    for k, (merged_run, params, seen) in stages.items():
        params["puzzles"] = manifest["puzzles"] if k == 0 else len(seen)
        con.execute("UPDATE run SET params = ? WHERE id = ?",
                    (json.dumps(params, separators=(",", ":"), ensure_ascii=False), merged_run))
    con.execute("COMMIT")
    bad = con.execute("PRAGMA foreign_key_check").fetchall()
    if bad:
        raise RuntimeError(f"merged db breaks foreign keys: {bad[:5]}")
    con.close()
    os.replace(tmp, out)


def merge(manifest, out):
    """Merge the shards' dbs into the new file `out` (written aside, then renamed)."""
    if manifest["command"] == "hunt":
        return merge_hunt(manifest, out)
    out = Path(out)
    shards = manifest["shards"]
    command = manifest["command"]
    tmp = out.with_name(out.name + ".partial")
    con = new_merged_db(tmp, shards[0]["db"])
    con.execute("INSERT INTO run (id, kind, params) VALUES (1, ?, ?)",
                (command, merged_params(manifest)))
    started, finished = [], []
    for s in shards:
        con.execute("ATTACH DATABASE ? AS s", (f"file:{s['db']}?mode=ro",))
        other = [t for (t,) in con.execute(
            "SELECT name FROM s.sqlite_schema WHERE type = 'table'")
            if t not in STUDY_TABLES]
        for t in other:
            if con.execute(f"SELECT EXISTS (SELECT 1 FROM s.\"{t}\")").fetchone()[0]:
                raise RuntimeError(f"{s['db']}: table {t} is not empty; not a study shard")
        runs = con.execute("SELECT id, started, finished FROM s.run").fetchall()
        if len(runs) != 1 or runs[0][2] is None:
            raise RuntimeError(f"{s['db']}: expected one finished run, found {runs}")
        run, st, fin = runs[0]
        started.append(st)
        finished.append(fin)
        n = con.execute("SELECT count(*) FROM s.run_puzzle").fetchone()[0]
        if n != s["count"]:
            raise RuntimeError(f"{s['db']}: {n} puzzles stored, {s['count']} expected")
        con.execute("BEGIN")
        poff = con.execute("SELECT coalesce(max(id), 0) FROM main.puzzle").fetchone()[0]
        soff = con.execute("SELECT coalesce(max(id), 0) FROM main.state").fetchone()[0]
        v = {"run": run, "first": s["first"], "poff": poff, "soff": soff}
        con.execute("INSERT INTO main.puzzle (id, grid, name) "
                    "SELECT id + :poff, grid, name FROM s.puzzle", v)
        con.execute("INSERT INTO main.run_puzzle (run_id, position, puzzle_id) "
                    "SELECT 1, position + :first, puzzle_id + :poff FROM s.run_puzzle "
                    "WHERE run_id = :run", v)
        # the columns both schemas have (a shard written by an older sudolink lacks SER's)
        cols = [c for c in table_columns(con, "s", "rating")
                if c not in ("run_id", "position") and c in table_columns(con, "main", "rating")]
        con.execute(f"INSERT INTO main.rating (run_id, position, {', '.join(cols)}) "
                    f"SELECT 1, position + :first, {', '.join(cols)} "
                    "FROM s.rating WHERE run_id = :run", v)
        con.execute("INSERT INTO main.state "
                    "(id, puzzle_id, run_id, step_index, grid, pencil_marks) "
                    "SELECT id + :soff, puzzle_id + :poff, 1, step_index, grid, pencil_marks "
                    "FROM s.state WHERE run_id = :run", v)
        con.execute("INSERT INTO main.elimination "
                    "(run_id, state_id, family, cand, label, length) "
                    "SELECT 1, state_id + :soff, family, cand, label, length "
                    "FROM s.elimination WHERE run_id = :run", v)
        con.execute("COMMIT")
        con.execute("DETACH DATABASE s")
    con.execute("UPDATE run SET started = ?, finished = ? WHERE id = 1",
                (min(started), max(finished)))
    bad = con.execute("PRAGMA foreign_key_check").fetchall()
    if bad:
        raise RuntimeError(f"merged db breaks foreign keys: {bad[:5]}")
    con.close()
    os.replace(tmp, out)


# ---------------------------------------------------------------- the cluster

# What sharding costs: W of the 85,264 controlled-bias puzzles in 10 shards on a 2-worker
# LocalCluster, one thread a shard, took 5.6% longer than one `sudolink classify` process
# (the cluster ready in 0.7 s, the merge 0.2 s; the rest is the tail and the workers' Python).
# With Dask's defaults and every shard on both cores it took 17% longer: the workers'
# statistical profiler and work stealing took about 5% of a core, and the nanny's
# MALLOC_TRIM_THRESHOLD_, inherited, made sudolink 3% slower. Hence `shard_threads`' default,
# `cluster_client`'s settings and `run_shard`'s environment.

def shard_threads(a):
    """Threads per shard process: --threads-per-shard, else on a LocalCluster the machine's
    cores shared among its workers (each runs one shard at a time: more threads than cores
    would only make them wait on each other), else None (sudolink uses its node's cores)."""
    if a.threads_per_shard:
        return a.threads_per_shard
    if a.scheduler:
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (cores or 1) // a.workers)


def cluster_client(a):
    import dask
    from dask.distributed import Client, LocalCluster
    if a.scheduler:
        return Client(a.scheduler), None
    # the workers only wait on their shard's subprocess: no statistical profiler sampling
    # them every 10 ms, a slower event-loop watchdog and memory monitor (together about
    # 5% of a core per worker otherwise, taken from the shards)
    dask.config.set({"distributed.worker.profile.enabled": False,
                     "distributed.scheduler.work-stealing": False,
                     "distributed.admin.tick.interval": "1s",
                     "distributed.worker.memory.monitor-interval": "1s"})
    cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True,
                           dashboard_address=a.dashboard, silence_logs=40)
    return Client(cluster), cluster


def merged_params(manifest):
    """The run parameters of the merged db: the first shard's, with the whole collection's
    path and count (one sudolink run over the collection has these, in this key order);
    None while the first shard has no run."""
    s = manifest["shards"][0]
    if not os.path.exists(s["db"]):
        return None
    con = open_ro(s["db"])
    row = con.execute("SELECT params FROM run WHERE kind = ? ORDER BY id LIMIT 1",
                      (manifest["command"],)).fetchone()
    con.close()
    if row is None:
        return None
    params = json.loads(row[0])
    params["input"] = manifest["collection"]
    params["puzzles"] = manifest["puzzles"]
    return json.dumps(params, separators=(",", ":"), ensure_ascii=False)


def merged_already(out, manifest):
    """True when `out` holds the finished merged run of this manifest; exits when `out`
    exists and holds anything else (it is never overwritten)."""
    if not os.path.exists(out):
        return False
    try:
        con = open_ro(out)
        rows = con.execute("SELECT kind, params, finished FROM run").fetchall()
        con.close()
    except sqlite3.DatabaseError:
        rows = None
    if (rows and len(rows) == 1 and rows[0][2] is not None
            and rows[0][:2] == (manifest["command"], merged_params(manifest))):
        return True
    if (rows and manifest["command"] == "hunt"
            and all(kind == "hunt" and fin is not None
                    and json.loads(params).get("input") == manifest["collection"]
                    for kind, params, fin in rows)):
        return True
    sys.exit(f"{out} exists and is not this run's merged db: delete it or give another --db")


def cmd_run(a):
    t0 = time.time()
    binary = str(Path(a.bin or os.environ.get("SUDOLINK_BIN")
                      or HERE.parent / "target/release/sudolink").resolve())
    if not os.access(binary, os.X_OK):
        sys.exit(f"no sudolink binary at {binary} (build it, or give --bin / SUDOLINK_BIN)")
    manifest, work = plan(a)
    if merged_already(a.db, manifest):
        say(a, f"{a.db} already holds this run, merged")
        return judge_errors(a, a.db)
    shards = manifest["shards"]
    command = manifest["command"]
    todo = [s for s in shards if not shard_progress(s, command)[1]]
    say(a, f"{len(shards)} shards of {manifest['puzzles']} puzzles in {work}; "
           f"{len(shards) - len(todo)} already done")
    t_cluster = t_start = time.time()
    if todo:
        from dask.distributed import as_completed
        client, cluster = cluster_client(a)
        try:
            t_start = time.time()
            pids = sorted(client.run(os.getpid).values())
            threads = shard_threads(a)
            per_shard = (f"{threads} thread{'s' if threads > 1 else ''} per shard"
                         if threads else "all cores per shard")
            say(a, f"cluster ready in {t_start - t_cluster:.1f} s: "
                   f"{len(pids)} workers, {per_shard}, pids {' '.join(map(str, pids))}")
            futures = [client.submit(run_shard, s, command, manifest["args"], binary, threads,
                                     key=f"shard-{s['index']:04}-{manifest['sha256'][:12]}",
                                     retries=a.retries, pure=False)
                       for s in todo]
            done = len(shards) - len(todo)
            for fut in as_completed(futures):
                if fut.status != "finished":
                    sys.exit(f"a shard failed after {a.retries} retries: {fut.exception()}\n"
                             f"(finished shards are kept: run the same command again)")
                r = fut.result()
                done += 1
                extra = f", resumed from {r['resumed_from']}" if r["resumed_from"] else ""
                say(a, f"shard {r['index']} done in {r['seconds']:.1f} s "
                       f"by worker pid {r['pid']}{extra} ({done}/{len(shards)})")
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    t_merge = time.time()
    merge(manifest, a.db)
    t_end = time.time()
    say(a, f"merged into {a.db} in {t_end - t_merge:.1f} s; total {t_end - t0:.1f} s "
           f"(cluster start {t_start - t_cluster:.1f} s, shards {t_merge - t_start:.1f} s)")
    return judge_errors(a, a.db)


def judge_errors(a, db):
    """sudolink's rule for puzzles that could not be rated (no or several solutions, a
    failed check): each named on stderr, then exit 1 unless --keep-going."""
    con = open_ro(db)
    rows = con.execute("SELECT r.position, min(r.error) FROM rating AS r "
                       "WHERE r.error IS NOT NULL GROUP BY r.position "
                       "ORDER BY r.position").fetchall()
    con.close()
    if not rows:
        return 0
    for position, error in rows[:20]:
        print(f"error: puzzle {position + 1} of the collection: {error}", file=sys.stderr)
    summary = f"{len(rows)} puzzle(s) could not be rated (error rows in {db})"
    if not a.keep_going:
        print(f"{summary}; pass --keep-going to exit 0 anyway", file=sys.stderr)
        return 1
    print(f"note: {summary}", file=sys.stderr)
    return 0


def cmd_merge(a):
    work = Path(a.work).resolve()
    manifest = json.loads((work / MANIFEST).read_text())
    missing = [s["index"] for s in manifest["shards"]
               if not shard_progress(s, manifest["command"])[1]]
    if missing:
        sys.exit(f"shards not done: {missing} (run `shard.py run` again to finish them)")
    if merged_already(a.db, manifest):
        print(f"{a.db} already holds this run, merged")
        return 0
    merge(manifest, a.db)
    print(f"merged {len(manifest['shards'])} shards into {a.db}")
    return 0


T0 = time.time()


def say(a, text):
    if not a.quiet:
        print(f"[{time.time() - T0:7.1f} s] {text}", flush=True)


# ---------------------------------------------------------------- compare

def study_of(path, kind):
    con = open_ro(path)
    if kind is None:
        row = con.execute("SELECT kind FROM run ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            sys.exit(f"{path}: holds no run")
        kind = row[0]
    row = con.execute("SELECT id, params, finished FROM run WHERE kind = ? "
                      "ORDER BY id DESC LIMIT 1", (kind,)).fetchone()
    if row is None:
        sys.exit(f"{path}: holds no {kind} run")
    run, params, finished = row
    params = json.loads(params)
    params.pop("input", None)
    # SER's EP and ED (ER is the rating); NULL in a store written before SER, as in a
    # level scheme's row
    has_ep = "ep" in table_columns(con, "main", "rating")
    ser_columns = ", ep, ed" if has_ep else ", NULL, NULL"
    q = lambda sql: sorted(con.execute(sql, (run,)).fetchall(), key=repr)  # noqa: E731
    study = {
        "kind": kind,
        "params": params,
        "finished": finished is not None,
        "puzzles": q("SELECT rp.position, p.grid FROM run_puzzle AS rp "
                     "JOIN puzzle AS p ON p.id = rp.puzzle_id WHERE rp.run_id = ?"),
        "ratings": q(f"SELECT position, scheme, rating, hardest, error{ser_columns} "
                     "FROM rating WHERE run_id = ?"),
        "states": q("SELECT rp.position, s.step_index, s.grid, s.pencil_marks FROM state AS s "
                    "JOIN run_puzzle AS rp ON rp.run_id = s.run_id "
                    "AND rp.puzzle_id = s.puzzle_id WHERE s.run_id = ?"),
        "eliminations": q("SELECT rp.position, s.step_index, e.family, e.cand, e.label, "
                          "e.length FROM elimination AS e JOIN state AS s ON s.id = e.state_id "
                          "JOIN run_puzzle AS rp ON rp.run_id = s.run_id "
                          "AND rp.puzzle_id = s.puzzle_id WHERE e.run_id = ?"),
    }
    con.close()
    return kind, study


def cmd_compare(a):
    kind, x = study_of(a.a, a.kind)
    _, y = study_of(a.b, kind)
    differ = 0
    for key in x:
        if x[key] == y[key]:
            continue
        differ += 1
        if isinstance(x[key], list):
            only_a = sorted(set(x[key]) - set(y[key]), key=repr)
            only_b = sorted(set(y[key]) - set(x[key]), key=repr)
            print(f"{key}: {len(x[key])} vs {len(y[key])} rows; {len(only_a)} only in A, "
                  f"{len(only_b)} only in B")
            for row in only_a[:5]:
                print(f"  only in A: {row}")
            for row in only_b[:5]:
                print(f"  only in B: {row}")
        else:
            print(f"{key}: {x[key]!r} vs {y[key]!r}")
    if differ:
        print(f"{a.a} and {a.b} differ ({kind})")
        return 1
    print(f"same {kind} results: {len(x['puzzles'])} puzzles, {len(x['ratings'])} ratings, "
          f"{len(x['states'])} states, {len(x['eliminations'])} eliminations")
    return 0


# ---------------------------------------------------------------- command line

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    sub = p.add_subparsers(dest="what", required=True)
    r = sub.add_parser("run", help="run a study in shards on a Dask cluster and merge it",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("kind", choices=["rate", "classify", "subsume", "hunt"],
                   help="rate = classify with one scheme, W unless --scheme says (same "
                   "ratings as `sudolink rate`)")
    r.add_argument("collection", help="puzzle file, one per line")
    r.add_argument("--db", required=True, help="the merged SQLite file to write (new)")
    r.add_argument("--work", help="shard files, shard dbs and manifest (default OUT.db.shards)")
    r.add_argument("--shards", type=int, help="number of shards (default: 4 per worker, "
                   "at most 10,000 puzzles each)")
    r.add_argument("--shard-size", type=int, help="puzzles per shard (instead of --shards)")
    r.add_argument("--workers", type=int, default=2, help="LocalCluster workers (default 2)")
    r.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://host:8786)")
    r.add_argument("--dashboard", default=None,
                   help="LocalCluster dashboard address (default: none)")
    r.add_argument("--retries", type=int, default=3, help="retries of a failed shard task")
    r.add_argument("--threads-per-shard", type=int,
                   help="threads of each shard's sudolink process (default: on a LocalCluster "
                   "the cores divided among the workers; with --scheduler all of a node's)")
    r.add_argument("--bin", help="sudolink binary (default $SUDOLINK_BIN, else "
                   "target/release/sudolink)")
    r.add_argument("--scheme", help="rate: the scheme (default W; SER for Sudoku "
                   "Explainer's ER/EP/ED); classify: schemes, comma separated (default L,M,N)")
    r.add_argument("--techniques", "--families", default="nrc,nrct,nrcz,nrczt,whip",
                   help="subsume: the techniques to compare (default nrc,nrct,nrcz,nrczt,whip; "
                   "--families is its old name)")
    r.add_argument("--start", action="store_true", help="subsume: start states only")
    r.add_argument("--stages", help="hunt: the pipeline's stages, as `sudolink hunt --stages` "
                   "(e.g. expand:brt+1,minimals:non-brt,keep:te>=2)")
    r.add_argument("--max-len", type=int, help="longest chain or whip (default: 20 for rate, "
                   "as `sudolink rate`; 7 for classify and subsume, as they)")
    r.add_argument("--keep-going", action="store_true",
                   help="exit 0 even when some puzzles could not be rated (as sudolink's)")
    r.add_argument("--quiet", action="store_true")
    m = sub.add_parser("merge", help="merge the finished shards of a work directory again")
    m.add_argument("work")
    m.add_argument("--db", required=True)
    c = sub.add_parser("compare", help="do two dbs hold the same study results?")
    c.add_argument("a")
    c.add_argument("b")
    c.add_argument("--kind", help="classify or subsume (default: A's latest run's kind)")
    a = p.parse_args(argv)
    if a.what == "run":
        if a.shards is not None and a.shards < 1 or a.shard_size is not None and a.shard_size < 1:
            p.error("--shards and --shard-size must be at least 1")
        if a.threads_per_shard is not None and a.threads_per_shard < 1:
            p.error("--threads-per-shard must be at least 1")
        if a.kind == "hunt" and not a.stages:
            p.error("hunt needs --stages")
        if a.max_len is None and a.kind != "hunt":
            a.max_len = 20 if a.kind == "rate" else 7
        if a.scheme is None:
            a.scheme = "W" if a.kind == "rate" else "L,M,N"
        if a.kind == "rate" and "," in a.scheme:
            p.error("rate takes one scheme; rate several with classify --scheme")
        return cmd_run(a)
    if a.what == "merge":
        return cmd_merge(a)
    return cmd_compare(a)


if __name__ == "__main__":
    sys.exit(main())
