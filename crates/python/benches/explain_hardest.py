"""Whole-process time of `sudolink explain PUZZLE --target T` on the forum's hardest list
(data/forum_hardest_1106.txt), N puzzles spread over it, T the first false candidate of the
puzzle's start (candidates in index order): what a reader asks about first.

    .venv/bin/python crates/python/benches/explain_hardest.py [N] [BINARY]
"""

import pathlib
import statistics
import subprocess
import sys
import time

import sudolink

ROOT = pathlib.Path(__file__).resolve().parents[3]


def first_false_target(grid: sudolink.Grid) -> str:
    for c in grid.candidates():
        digit, row, col = int(c[1]), int(c[3]), int(c[5])
        if grid.solution[9 * (row - 1) + col - 1] != str(digit):
            return f"r{row}c{col}<>{digit}"
    raise ValueError("a solved grid has no false candidate")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    binary = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / "target/release/sudolink")
    text = (ROOT / "data/forum_hardest_1106.txt").read_text()
    puzzles = [l.split()[0][:81] for l in text.splitlines() if l.strip() and not l.startswith("#")]
    picked = puzzles[:: max(1, len(puzzles) // n)][:n]
    times, proofs = [], 0
    for p in picked:
        target = first_false_target(sudolink.Grid(p))
        t0 = time.perf_counter()
        out = subprocess.run([binary, "explain", p, "--target", target], capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - t0)
        proofs += "simplest: none found" not in out.stdout
    times.sort()
    print(
        f"{len(times)} targets: median {statistics.median(times):.3f} s, "
        f"p90 {times[int(0.9 * len(times))]:.3f} s, max {times[-1]:.3f} s; "
        f"{proofs} with a proof up to length 20"
    )


if __name__ == "__main__":
    main()
