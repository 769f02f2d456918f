"""rate and classify: the command line's ratings row for row (W, SER, BxB, a list of
techniques), its bounds and stated cuts, bad lines as error rows, progress, threads, and
Ctrl-C stopping the work within a second with the rows done kept."""

import os
import signal
import threading
import time

import pytest

import sudolink
from conftest import DATA, OCEAN1, json_lines, puzzle_lines

pandas = pytest.importorskip("pandas")


def rows_of(df):
    return df.to_dict("records")


def same_as_cli(df, cli_rows, keys):
    assert len(df) == len(cli_rows)
    for ours, theirs in zip(rows_of(df), cli_rows):
        for k in keys:
            a, b = ours.get(k), theirs.get(k)
            if isinstance(a, float) and a != a:  # NaN: pandas' missing value
                a = None
            assert a == b, (k, ours, theirs)


@pytest.mark.parametrize(
    "file, scheme, extra",
    [
        ("top12.txt", "W", ["--max-len", "20"]),
        ("top12.txt", "SER", []),
        ("eleven4.txt", "BxB", []),
        ("top12.txt", "whip,braid", ["--max-len", "6"]),
    ],
)
def test_the_rating_table_equals_the_command_line_s(cli, file, scheme, extra):
    max_len = int(extra[1]) if extra else 20
    df = sudolink.rate(DATA / file, scheme=scheme, max_len=max_len, progress=False)
    theirs = json_lines(cli("rate", DATA / file, "--scheme", scheme, *extra, "--json"))
    keys = ["puzzle", "level", "rating", "hardest"]
    if scheme == "SER":
        keys += ["er", "ep", "ed", "steps", "solved"]
    same_as_cli(df, theirs, keys)
    # the file's line numbers: its first line is a comment
    assert list(df.line) == list(range(2, len(df) + 2))


def test_a_list_a_grid_and_one_line():
    lines = puzzle_lines("top12.txt")[:3]
    df = sudolink.rate(lines, "W", progress=False)
    assert list(df.puzzle) == lines and list(df.line) == [1, 2, 3]
    one = sudolink.rate(lines[0], "W", progress=False)
    assert one.level[0] == df.level[0]
    grid = sudolink.rate(sudolink.Grid(lines[0]), "W", progress=False)
    assert grid.level[0] == df.level[0]


def test_bad_lines_are_error_rows_with_their_line(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text(f"# a comment\n{OCEAN1} ocean\n\n{OCEAN1[:80]}x\n{'.' * 81}\n")
    df = sudolink.rate(f, "W", progress=False)
    assert list(df.line) == [2, 4, 5]
    assert df.name[0] == "ocean" and pandas.isna(df.error[0])
    assert "line 4" in df.error[1] and "bad character 'x'" in df.error[1]
    assert df.error[2] == "several solutions"


def test_bad_arguments_are_value_errors(tmp_path):
    with pytest.raises(ValueError, match="scheme: unknown rating scheme"):
        sudolink.rate([OCEAN1], "Z9")
    with pytest.raises(ValueError, match="max_len"):
        sudolink.rate([OCEAN1], "W", max_len=1000)
    with pytest.raises(ValueError, match="timeout"):
        sudolink.rate([OCEAN1], "W", timeout=-1)
    empty = tmp_path / "e.txt"
    empty.write_text("# none\n")
    with pytest.raises(ValueError, match="holds no puzzle"):
        sudolink.rate(empty)
    with pytest.raises(FileNotFoundError, match="no such file"):
        sudolink.rate("nothing-here.txt")
    with pytest.raises(ValueError, match="on_interrupt"):
        sudolink.rate([OCEAN1], on_interrupt="ignore")


def test_a_bound_is_a_stated_cut_as_the_command_line_states_it(cli):
    # a work budget cuts the same way on every run
    df = sudolink.rate(DATA / "top12.txt", "W", budget=2000, progress=False)
    theirs = json_lines(cli("rate", DATA / "top12.txt", "--scheme", "W", "--budget", "2000",
                            "--json"))
    same_as_cli(df, theirs, ["puzzle", "level", "rating"])
    cut = df[df.cut.notna()]
    assert len(cut) > 0, "no rating cut by a budget of 2000"
    assert set(cut.cut) == {"budget"} and cut.rating.isna().all()
    assert all("(budget bound)" in level for level in cut.level)
    assert list(cut.cut_above) == [t["cut"]["above"] for t in theirs if "cut" in t]


def test_classify_is_rate_in_each_scheme(cli):
    df = sudolink.classify(DATA / "top12.txt", "W,SER", progress=False)
    w = sudolink.rate(DATA / "top12.txt", "W", progress=False)
    assert list(df["W level"]) == list(w.level)
    assert list(df["W"].fillna(-1)) == list(w.rating.fillna(-1))
    assert {"SER", "SER level", "SER ep", "SER ed"} <= set(df.columns)
    table = sudolink.classification_table(df, max_len=20)
    assert list(table.columns) == ["W"]
    # the table `sudolink classify` prints for the same puzzles
    printed = cli("classify", DATA / "top12.txt", "--scheme", "W", "--max-len", "20")
    for n in range(21):
        line = next(l for l in printed.splitlines() if l.split()[:2] == ["<=", str(n)])
        assert int(line.split()[2]) == table.loc[f"<= {n}", "W"], n


def test_progress_and_threads():
    seen = []
    df = sudolink.rate(DATA / "top12.txt", "W", threads=1,
                       progress=lambda done, total, failed, cut: seen.append((done, total)))
    assert len(df) == 12
    assert seen and seen[-1] == (12, 12)
    assert all(total == 12 for _, total in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def slow_puzzles():
    """Top12's first puzzle, whose gB rating (gB10) takes seconds, then three whose gB
    ratings take a few milliseconds to a tenth of a second each, repeated a thousand
    times: the whole list takes far longer than the timers below, whatever the machine."""
    lines = puzzle_lines("top12.txt")
    return [lines[0]] + [lines[k] for k in (10, 11, 8)] * 1000


#: The gB ratings of top12's puzzles 11, 12 and 9 (``sudolink rate --scheme gB``).
GB = {10: "gB6", 11: "gB4", 8: "gB2"}


def test_ctrl_c_stops_within_a_second_keeping_the_rows_done():
    puzzles = slow_puzzles()
    sent = {}

    def interrupt():
        sent["at"] = time.monotonic()
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(2.0, interrupt)
    timer.start()
    try:
        with pytest.raises(sudolink.Interrupted) as caught:
            sudolink.rate(puzzles, "gB", progress=False)
        stopped = time.monotonic() - sent["at"]
    finally:
        timer.cancel()
    assert isinstance(caught.value, KeyboardInterrupt)
    rows = caught.value.rows
    assert 0 < len(rows) < len(puzzles), len(rows)
    assert caught.value.done == len(rows) and caught.value.total == len(puzzles)
    assert stopped < 1.0, f"stopped {stopped:.2f} s after Ctrl-C"
    # the rows kept are whole ratings, none cut by the interrupt
    assert rows.cut.isna().all() and rows.error.isna().all()
    lines = puzzle_lines("top12.txt")
    expected = {lines[k]: level for k, level in GB.items()}
    expected[lines[0]] = "gB10"  # kept only when it ended before the interrupt
    assert all(expected[p] == level for p, level in zip(rows.puzzle, rows.level))


def test_ctrl_c_can_return_the_rows_instead():
    timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        df = sudolink.rate(slow_puzzles(), "gB", progress=False, on_interrupt="return")
    finally:
        timer.cancel()
    assert df.attrs.get("interrupted") is True
    assert 0 < len(df) < len(slow_puzzles())
