"""Shared fixtures of sudolink's Python tests: the puzzles, and the command line built
from the same workspace (target/release/sudolink, or $SUDOLINK_BIN) to compare with."""

import json
import os
import pathlib
import subprocess

import pytest

HERE = pathlib.Path(__file__).resolve().parent
DATA = HERE / "data"
ROOT = HERE.parents[2]

#: Ocean #1 from [Berthier NRC], the command line's default puzzle.
# Loki, by Philip Newman ("mith"), March 2022: the first puzzle known beyond T&E(2)
LOKI = "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6.."
OCEAN1 = "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3...."


def cli_path():
    """The command line to compare with, or None (the test is skipped unless
    SUDOLINK_REQUIRE_TOOLS=1 says it must run)."""
    path = pathlib.Path(os.environ.get("SUDOLINK_BIN", ROOT / "target/release/sudolink"))
    return path if path.exists() else None


@pytest.fixture(scope="session")
def cli():
    """Run the command line; returns its stdout (a failure fails the test)."""
    path = cli_path()
    if path is None:
        if os.environ.get("SUDOLINK_REQUIRE_TOOLS") == "1":
            pytest.fail("the command line (target/release/sudolink or $SUDOLINK_BIN) is required")
        pytest.skip("no target/release/sudolink to compare with (cargo build --release)")

    def run(*args, check=True):
        done = subprocess.run([str(path), *map(str, args)], capture_output=True, text=True)
        if check:
            assert done.returncode == 0, done.stderr
        return done.stdout

    return run


def puzzle_lines(name):
    """The puzzles of a data file (its comment lines left out), each its 81 characters."""
    return [l.split()[0] for l in (DATA / name).read_text().splitlines()
            if l.strip() and not l.startswith("#")]


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]
