#!/usr/bin/env bash
# Rate 81-character sudoku puzzles with Sudoku Explainer 1.2.1 + gsf's serate 1.2.1.3 (the SE121 reference).
# Usage: serate.sh FILE            -> "grid<TAB>ER/EP/ED" per puzzle (official serate entry point)
#        serate.sh --cpu FILE      -> "grid<TAB>ER/EP/ED<TAB>cpu_ms" + a total line (harness, thread CPU time)
#        serate.sh --path FILE     -> step-by-step resolution path per puzzle (harness)
#        serate.sh --chains FILE   -> the same path, with every chaining hint's chains (all ancestors, parents, causes, nested chains)
# Lines are read from FILE (or - for stdin); only the first 81 characters of lines that are
# 81 characters of [0-9.] are used (comment lines and extra TAB columns are ignored).
# Built from public snapshot 1to9only/SudokuExplainer commit 729c00e (= Juillerat SE 1.2.1 source + gsf serate);
# the only source change is a compile fix in diuf/sudoku/io/SudokuIO.java (GUI clipboard code, no effect on ratings).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
JAR="$HERE/SudokuExplainer-1.2.1.3.jar"
JAVA_OPTS=(-Xrs -Xmx1g -XX:ActiveProcessorCount=1 -XX:+UseSerialGC -Djava.util.prefs.userRoot="$HERE/.prefs")
mode=rate
case "${1:-}" in
  --cpu) mode=cpu; shift ;;
  --path) mode=path; shift ;;
  --chains) mode=chains; shift ;;
esac
in="${1:--}"
tmp="$(mktemp)"; trap 'rm -f "$tmp"' EXIT
if [ "$in" = - ]; then cat; else cat "$in"; fi | cut -f1 | cut -c1-81 | grep -E '^[0-9.]{81}$' > "$tmp" || true
case $mode in
  rate) java "${JAVA_OPTS[@]}" -cp "$JAR" diuf.sudoku.test.serate --input="$tmp" --format='%g	%r/%p/%d' ;;
  cpu)  java "${JAVA_OPTS[@]}" -cp "$JAR:$HERE/harness" serharness.Rate rate "$tmp" ;;
  path) java "${JAVA_OPTS[@]}" -cp "$JAR:$HERE/harness" serharness.Rate path "$tmp" ;;
  chains) java "${JAVA_OPTS[@]}" -cp "$JAR:$HERE/harness" serharness.Rate chains "$tmp" ;;
esac
