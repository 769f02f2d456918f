#!/bin/bash
# our path of each puzzle of $1 with HoDoKu's order, HoDoKu's step lines, into ours/<n>.txt
BIN=${BIN:-$(cd "$(dirname "$0")/../.." && pwd)/target/release/sudolink}
n=0
while read -r p; do
  n=$((n+1))
  $BIN solve "$p" --rules basic,hodoku --max-len 20 --notation hodoku > ours/$n.txt 2>&1
done < "$1"
