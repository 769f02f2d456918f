"""`sudolink.rate` from Python against `sudolink rate` on the same puzzles and threads.

    python crates/python/benches/rate_vs_cli.py FILE SCHEME MAX_LEN [RUNS] [--bin PATH]

Alternates RUNS times (default 5): the command line as a subprocess (whole process: wall
and CPU, user + system, of the child), then ``sudolink.rate`` in this process (wall and
CPU of the call alone: the interpreter and pandas are loaded before). Prints each run and
the medians, and the ratio Python / command line of the medians; both give the same rows
(checked on the first run). Also prints the import time of ``sudolink``.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("scheme")
    ap.add_argument("max_len", type=int)
    ap.add_argument("runs", type=int, nargs="?", default=5)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--bin", default=os.path.join(here, "../../../target/release/sudolink"))
    args = ap.parse_args()

    t = time.perf_counter()
    import sudolink  # noqa: E402
    imported = time.perf_counter() - t
    import pandas  # noqa: F401,E402  (loaded before the timed calls)

    cli = [args.bin, "rate", args.file, "--scheme", args.scheme, "--max-len", str(args.max_len)]
    rows = []
    for run in range(args.runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        out = subprocess.run(cli + ["--json"], capture_output=True, text=True, check=True).stdout
        cli_wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cli_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

        c, t = time.process_time(), time.perf_counter()
        df = sudolink.rate(args.file, scheme=args.scheme, max_len=args.max_len, progress=False)
        py_wall, py_cpu = time.perf_counter() - t, time.process_time() - c
        if run == 0:
            theirs = [json.loads(line)["level"] for line in out.splitlines()]
            assert list(df.level) == theirs, "the rows differ"
        rows.append((cli_wall, cli_cpu, py_wall, py_cpu))
        print(f"run {run + 1}: command line {cli_wall:.3f} s wall, {cli_cpu:.3f} s CPU; "
              f"Python {py_wall:.3f} s wall, {py_cpu:.3f} s CPU", flush=True)
    med = [statistics.median(col) for col in zip(*rows)]
    print(f"median: command line {med[0]:.3f} s wall, {med[1]:.3f} s CPU; "
          f"Python {med[2]:.3f} s wall, {med[3]:.3f} s CPU; "
          f"Python / command line: wall {med[2] / med[0]:.3f}, CPU {med[3] / med[1]:.3f}")
    print(f"import sudolink: {imported * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
