#!/bin/bash
# Comparison runs HoDoKu vs sudolink on top1465 (see RESULTS.md). One run at a time,
# single-threaded: HoDoKu's batch solver is one thread (JVM: 1 active CPU, serial GC);
# sudolink's rate with RAYON_NUM_THREADS=1.
# usage: run.sh hodoku <cfgname> <puzzlefile> <tag>
#        run.sh sudolink <rules> <puzzlefile> <tag> [max-len]
set -u
# HoDoKu's scratch directory (source, build, cfg/, out/: RESULTS.md), outside the repository
H=${HODOKU_DIR:?set HODOKU_DIR to the HoDoKu scratch directory (see RESULTS.md)}
SUDOLINK=${SUDOLINK_BIN:-$(cd "$(dirname "$0")/../.." && pwd)/target/release/sudolink}
cd "$H"
what=$1; shift
case $what in
hodoku)
  cfg=$1; file=$2; tag=$3
  /usr/bin/time -v -o out/$tag.time \
    java -Xmx1g -XX:ActiveProcessorCount=1 -XX:+UseSerialGC -Djava.awt.headless=true \
      -Djava.io.tmpdir=$H/tmp -cp $H/build sudoku.Main \
      /c cfg/$cfg.hcfg /vst /bs $file /o out/$tag.out > out/$tag.log 2>&1
  ;;
sudolink)
  rules=$1; file=$2; tag=$3; ml=${4:-20}
  RAYON_NUM_THREADS=1 /usr/bin/time -v -o out/$tag.time \
    "$SUDOLINK" rate $file --rules $rules --max-len $ml --json --keep-going \
      > out/$tag.jsonl 2> out/$tag.log
  ;;
esac
grep -E 'Elapsed|User time|System time|Maximum resident' out/$tag.time
