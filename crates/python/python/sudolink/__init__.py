"""sudolink: Sudoku logic for notebooks.

Checked proofs in the forums' notations, pictures that draw themselves in Jupyter,
ratings (W, B, gW, gB, L, M, N, BC, Trid-OR5W, SER, T&E depth, BxB, BxBB, or any list of
techniques) and typed candidate graphs, from the engine of the ``sudolink`` command line.

The functions are named after the command line's commands and take its options as
keywords::

    import sudolink

    g = sudolink.Grid("....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....")
    path = sudolink.solve(g, "N")             # the path of checked steps
    path.steps[0]                             # a Proof: shows as its picture in Jupyter
    e = sudolink.explain(path.steps[3].grid, "r8c8<>6")
    e.simplest.check(), e.simplest.texts()    # re-verified; every notation
    df = sudolink.rate("puzzles.txt", scheme="W", max_len=20)   # a pandas DataFrame
    G = sudolink.graph(g)                     # a networkx MultiGraph of typed links
    b = sudolink.backdoors(g, one_step=True)  # what cracks it: anti-backdoors, one-step solutions

Bad input raises ValueError naming what and where; a rating a bound cut is a row that
says so (``W>20 (time bound)``), not an exception; Ctrl-C stops ``rate`` and ``classify``
within a second and keeps the rows done (:class:`Interrupted`). See docs/python.md.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the annotations only (typing costs a tenth of the import's time)
    from typing import Callable, Iterable, Literal, Sequence, Union

from . import _sudolink
from ._sudolink import (
    DEFAULT_MEMORY_MB,
    DEFAULT_TIMEOUT_S,
    Backdoors,
    EngineError,
    Explanation,
    Grid,
    Path,
    Proof,
    backdoors,
    explain,
    schemes,
    solve,
)

__version__: str = _sudolink.__version__

__all__ = [
    "DEFAULT_MEMORY_MB",
    "DEFAULT_TIMEOUT_S",
    "Backdoors",
    "EngineError",
    "Explanation",
    "Grid",
    "Interrupted",
    "Path",
    "Proof",
    "backdoors",
    "classification_table",
    "classify",
    "explain",
    "graph",
    "rate",
    "schemes",
    "solve",
    "techniques",
]

if TYPE_CHECKING:
    #: What ``rate`` and ``classify`` take: a file name (one puzzle per line, as
    #: ``sudolink rate FILE`` reads it), one puzzle's text, a Grid, or an iterable of
    #: puzzle lines or Grids.
    Puzzles = Union[str, "os.PathLike[str]", Grid, Iterable[Union[str, Grid]]]

    #: A progress callback: ``progress(done, total, failed, cut)``.
    Progress = Callable[[int, int, int, int], Any]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a ``rate`` or ``classify``: the rows done so far are in ``rows``.

    A KeyboardInterrupt, so that it stops a script or a notebook cell as Ctrl-C does; in a
    notebook the last one is ``sys.last_value`` (``sys.last_value.rows``). Pass
    ``on_interrupt="return"`` to get the rows back as the call's value instead.
    """

    def __init__(self, message: str, rows: Any, done: int, total: int) -> None:
        super().__init__(message)
        #: The rows done before the interrupt (a DataFrame, or records without pandas).
        self.rows = rows
        self.done = done
        self.total = total


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:
        return None
    return pandas


def _source(puzzles: Puzzles) -> dict[str, Any]:
    """The puzzles as ``_rate`` takes them: a file's text, or a list of lines.

    A string is a puzzle when it looks like one (mostly digits and dots, several lines, a
    HoDoKu line) and is not the name of a file, else a file name, as ``sudolink rate``
    tells them apart.
    """
    if isinstance(puzzles, Grid):
        return {"lines": [puzzles.line], "origin": "grid"}
    if isinstance(puzzles, (str, os.PathLike)):
        name = os.fspath(puzzles)
        if isinstance(name, bytes):
            name = os.fsdecode(name)
        if (len(name) != 81 or not isinstance(puzzles, str)) and os.path.exists(name):
            if os.path.isdir(name):
                raise IsADirectoryError(f"{name} is a directory, not a puzzle file")
            with open(name, encoding="utf-8") as f:
                return {"text": f.read(), "origin": f"file {name}"}
        if isinstance(puzzles, str) and _sudolink.looks_like_grid(name):
            return {"text": name, "origin": "puzzle argument"}
        raise FileNotFoundError(f"no such file: {name} (and not a puzzle grid either)")
    lines = []
    for p in puzzles:
        if isinstance(p, Grid):
            lines.append(p.line)
        elif isinstance(p, str):
            lines.append(p)
        else:
            raise TypeError(f"a puzzle is a str or a sudolink.Grid, not {type(p).__name__}")
    return {"lines": lines, "origin": "puzzle list"}


def _bar(progress: Union[bool, None, Progress], what: str) -> tuple[Any, Any]:
    """A progress callback for ``_rate`` and the bar to close: tqdm's (``tqdm.auto``:
    a widget in notebooks) when installed and not turned off, the caller's own callable,
    or none."""
    if callable(progress):
        return progress, None
    if progress is False:
        return None, None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        if progress:
            raise ImportError("progress=True needs tqdm (pip install tqdm)") from None
        return None, None
    state: dict[str, Any] = {}

    def update(done: int, total: int, failed: int, cut: int) -> None:
        bar = state.get("bar")
        if bar is None:
            bar = state["bar"] = tqdm(total=total, unit="puzzle", desc=what, leave=True)
        bar.update(done - bar.n)
        bar.set_postfix(failed=failed, cut=cut, refresh=False)

    return update, state


def _close(state: Any) -> None:
    if state and state.get("bar") is not None:
        state["bar"].close()


def _flatten(row: dict[str, Any]) -> dict[str, Any]:
    """A rating row with its cut as columns: ``cut`` (``time``, ``memory``, ``budget`` or
    None), ``cut_above``, ``cut_why``, ``bounds``."""
    row = dict(row)
    cut = row.pop("cut", None) or {}
    row["cut"] = cut.get("bound")
    row["cut_above"] = cut.get("above")
    row["cut_why"] = cut.get("why")
    row["bounds"] = cut.get("bounds")
    row.setdefault("error", None)
    return row


_RATE_COLUMNS = ["line", "name", "puzzle", "scheme", "rules", "level", "rating", "hardest",
                 "er", "ep", "ed", "steps", "solved", "seconds", "cut", "cut_above", "cut_why",
                 "bounds", "error"]


def _table(records: list[dict[str, Any]], columns: Sequence[str]) -> Any:
    pandas = _pandas()
    if pandas is None:
        return records
    present = [c for c in columns if any(c in r for r in records)] or list(columns)
    extra = sorted({k for r in records for k in r} - set(present))
    return pandas.DataFrame.from_records(records, columns=present + extra)


def _run(puzzles: Puzzles, what: str, schemes_: list[str], rules: str | None, order: str,
         max_len: int, timeout: float | None, memory: int | None, budget: int | None,
         threads: int | None, progress: Union[bool, None, Progress]) -> tuple[list, bool, int]:
    callback, bar = _bar(progress, what)
    try:
        return _sudolink._rate(**_source(puzzles), schemes=schemes_, rules=rules, order=order,
                               max_len=max_len, timeout=timeout, memory=memory, budget=budget,
                               threads=threads, progress=callback)
    finally:
        _close(bar)


def _finish(table: Any, interrupted: bool, done: int, total: int, what: str,
            on_interrupt: str) -> Any:
    if not interrupted:
        return table
    message = (f"{what} interrupted after {done} of {total} puzzles; the rows done are in "
               f".rows (in a notebook: sys.last_value.rows)")
    if on_interrupt == "return":
        if hasattr(table, "attrs"):
            table.attrs["interrupted"] = True
        print(f"{what} interrupted: {done} of {total} puzzles rated", file=sys.stderr)
        return table
    raise Interrupted(message, table, done, total)


def _check_on_interrupt(on_interrupt: str) -> None:
    if on_interrupt not in ("raise", "return"):
        raise ValueError(f"on_interrupt: {on_interrupt!r} is neither 'raise' nor 'return'")


def rate(puzzles: Puzzles, scheme: str = "W", *, rules: str | None = None,
         order: Literal["length", "listed"] = "length", max_len: int = 20,
         timeout: float | None = None, memory: int | None = None, budget: int | None = None,
         threads: int | None = None, progress: Union[bool, None, Progress] = None,
         on_interrupt: Literal["raise", "return"] = "raise") -> Any:
    """Rate every puzzle as ``sudolink rate`` does: a row per puzzle, in input order.

    ``puzzles``: a file (one puzzle per line, blank and ``#`` lines skipped, a name or TAB
    columns allowed after the grid), one puzzle's text, a Grid, or an iterable of puzzle
    lines or Grids. ``scheme``: ``W`` (default), ``B``, ``gW``, ``gB``, ``L``, ``M``,
    ``N``, ``BC``, ``Trid-OR5W``, ``Trid-OR5gW``, ``Select1-OR5W``, ``Select2-OR5W``,
    ``SER`` (Sudoku Explainer's ER/EP/ED), ``TE``, ``BxB``, ``BxBB``, or a technique, set
    or comma list of techniques (rated by the longest step it needs; ``rules`` says the
    same explicitly, ``order`` as ``solve``). ``max_len``: the longest chain or whip
    (default 20; BxB's longest braid).

    Bounds per puzzle, as the command line's: ``timeout`` seconds (default 60), ``memory``
    MB (default 500), ``budget`` partial chains (default none); 0 for none. A rating they
    cut is a row that says so: ``level`` ``W>12 (time bound)``, ``rating`` None, ``cut``
    the kind of bound, ``cut_above`` what the level is known to exceed.

    Runs on every core (``threads`` to choose) with the GIL released, with a tqdm progress
    bar where tqdm is installed (``progress=False`` for none, or a callable
    ``progress(done, total, failed, cut)``). Ctrl-C stops it within a second: it raises
    :class:`Interrupted` with the rows done (``on_interrupt="return"`` returns them).

    Returns a pandas DataFrame (a list of dicts without pandas) with the keys of ``rate
    --json``: line, name, puzzle, scheme (or rules), level, rating, hardest, seconds, the
    cut's columns, error (a puzzle that cannot be rated: malformed, no or several
    solutions); SER adds er, ep, ed, steps, solved.

    Example::

        >>> df = sudolink.rate("top50.txt", scheme="W")
        >>> df[["puzzle", "level"]].head(2)
    """
    _check_on_interrupt(on_interrupt)
    done, interrupted, total = _run(puzzles, "rate", [scheme], rules, order, max_len, timeout,
                                    memory, budget, threads, progress)
    records = [_flatten(rows[0]) for rows in done]
    table = _table(records, _RATE_COLUMNS)
    return _finish(table, interrupted, len(done), total, "rate", on_interrupt)


def _wide(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One puzzle's rows (one per scheme) as one record: line, name, puzzle, then per
    scheme S its rating (``S``), level text (``S level``), and SER's ``SER ep``, ``SER ed``;
    a cut as ``S cut``; the first error."""
    first = rows[0]
    out: dict[str, Any] = {"line": first.get("line"), "name": first.get("name"),
                           "puzzle": first.get("puzzle")}
    for r in rows:
        label = r.get("scheme") or r.get("rules") or "?"
        out[label] = r.get("rating")
        out[f"{label} level"] = r.get("level", r.get("error"))
        if "ep" in r:
            out[f"{label} ep"] = r.get("ep")
            out[f"{label} ed"] = r.get("ed")
        out[f"{label} cut"] = (r.get("cut") or {}).get("bound")
    out["error"] = next((r["error"] for r in rows if r.get("error")), None)
    return out


def classify(puzzles: Puzzles, schemes: Union[str, Sequence[str]] = "L,M,N", *,
             max_len: int = 20, timeout: float | None = None, memory: int | None = None,
             budget: int | None = None, threads: int | None = None,
             progress: Union[bool, None, Progress] = None,
             on_interrupt: Literal["raise", "return"] = "raise") -> Any:
    """Rate every puzzle in several schemes: a row per puzzle, a column per scheme.

    ``schemes``: a comma string (``"W,SER"``, as ``sudolink classify --scheme``) or a
    list of the names ``rate`` takes. Each scheme's rating is exactly ``rate``'s (each
    with its own bounds per puzzle). Columns: line, name, puzzle, then for each scheme S
    ``S`` (the rating: a level, or SER's ER), ``S level`` (its text: ``W5``, ``W>20``,
    ``9.0/1.2/1.2``, a cut), ``S cut`` (the bound that cut it), and ``SER ep``, ``SER
    ed``; then error. ``classification_table`` counts it as ``sudolink classify`` prints.

    Nothing is written: to keep a classification in SQLite, ``df.to_sql("ratings",
    sqlite3.connect("studies.db"))``, or run ``sudolink classify --db`` for the store the
    named queries read. Progress, threads and Ctrl-C as ``rate``.
    """
    _check_on_interrupt(on_interrupt)
    names = [s.strip() for s in (schemes.split(",") if isinstance(schemes, str) else schemes)]
    names = list(dict.fromkeys(n for n in names if n))
    if not names:
        raise ValueError("schemes: names no scheme")
    done, interrupted, total = _run(puzzles, "classify", names, None, "length", max_len,
                                    timeout, memory, budget, threads, progress)
    records = [_wide(rows) for rows in done]
    columns = ["line", "name", "puzzle"]
    for label in {k: None for r in records for k in r if k not in ("line", "name", "puzzle", "error")}:
        columns.append(label)
    table = _table(records, columns + ["error"])
    return _finish(table, interrupted, len(done), total, "classify", on_interrupt)


def classification_table(table: Any, max_len: int | None = None) -> Any:
    """Berthier's classification table of a ``classify`` result: for each level n, how
    many puzzles are solved at level ≤ n in each level scheme (L, M, N, W, ...), with the
    puzzles above ``max_len`` (or cut) and the errors, as ``sudolink classify`` prints it.

    ``table``: ``classify``'s DataFrame. ``max_len``: the last n (default: the highest
    level found). Needs pandas.
    """
    pandas = _pandas()
    if pandas is None:
        raise ImportError("classification_table needs pandas")
    df = table if isinstance(table, pandas.DataFrame) else pandas.DataFrame(table)
    levels = [c for c in df.columns if f"{c} level" in df.columns and c != "SER"
              and pandas.api.types.is_numeric_dtype(df[c].dropna().astype(float))]
    top = max_len
    if top is None:
        found = [int(df[c].max()) for c in levels if df[c].notna().any()]
        top = max(found, default=0)
    rows = {}
    for n in range(top + 1):
        rows[f"<= {n}"] = {c: int((df[c].notna() & (df[c] <= n)).sum()) for c in levels}
    rows[f"> {top}"] = {c: int((df[c].isna() & df[f"{c} level"].notna() & df["error"].isna()).sum()
                               + (df[c] > top).sum()) for c in levels}
    rows["errors"] = {c: int(df["error"].notna().sum()) for c in levels}
    out = pandas.DataFrame.from_dict(rows, orient="index", columns=levels)
    out.index.name = "n"
    return out


def techniques() -> Any:
    """The registry's techniques, simplest first (name, system, sets, graded, summary): the
    names ``rules=`` lists take. A DataFrame (records without pandas)."""
    return _table(_sudolink.techniques(), ["name", "system", "sets", "graded", "summary"])


def graph(grid: Union[Grid, str], *, basic: bool = False,
          as_networkx: bool | None = None) -> Any:
    """The typed candidate graph of a state (``sudolink graph``).

    Nodes: candidates (``n5r1c2``), groups, almost-locked sets, almost-cells and the
    tridagons' OR relations, each with ``kind``, ``label`` and ``candidates``; links:
    ``nrc_link``, ``conjugate`` (``strong``), ``group_link``, ``als_link``,
    ``almost_cell_link``, ``or_member``, each with ``kind``, ``support`` (the cell or house,
    or the digit) and ``strong``. ``basic``: the state after the basic rules.

    Returns a networkx MultiGraph (two nodes may be linked in several ways) where networkx
    is installed (``as_networkx=False`` for the lists), else ``(nodes, edges)``: lists of
    dicts, each edge with ``source`` and ``target`` node ids.
    """
    nodes, edges = _sudolink._graph(grid, basic=basic)
    if as_networkx is False:
        return nodes, edges
    try:
        import networkx
    except ImportError:
        if as_networkx:
            raise ImportError("as_networkx=True needs networkx (pip install networkx)") from None
        return nodes, edges
    g = networkx.MultiGraph()
    # nodes by label (``G["n5r1c2"]``); a label two nodes share (an ALS of a row and of a
    # block on the same cells) gets its id after it
    count: dict[str, int] = {}
    for n in nodes:
        count[n["label"]] = count.get(n["label"], 0) + 1
    keys = {n["id"]: n["label"] if count[n["label"]] == 1 else f"{n['label']}#{n['id']}"
            for n in nodes}
    for n in nodes:
        g.add_node(keys[n["id"]], kind=n["kind"], label=n["label"], candidates=n["candidates"])
    for e in edges:
        g.add_edge(keys[e["source"]], keys[e["target"]], kind=e["kind"], support=e["support"],
                   strong=e["strong"])
    return g
