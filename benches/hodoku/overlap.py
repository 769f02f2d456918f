#!/usr/bin/env python3
"""Per-puzzle agreement between runs: which puzzles each solves."""
import json, os, re, sys
OUT = os.path.join(os.environ['HODOKU_DIR'], 'out')  # the HoDoKu scratch directory (RESULTS.md)
from collections import Counter
def solved(tag):
    try:
        return [json.loads(l)['rating'] is not None for l in open(f'{OUT}/{tag}.jsonl')]
    except FileNotFoundError:
        return [not re.search(r' (gu|bf|tm)\b', l.rstrip()) for l in open(f'{OUT}/{tag}.out') if re.search(r' #\d+ ', l)]
for pair in sys.argv[1:]:
    a, b = pair.split(':')
    x, y = solved(a), solved(b)
    n = min(len(x), len(y))
    c = Counter(zip(x[:n], y[:n]))
    print(f'| {a} vs {b} | {n} | {c[(True, True)]} | {c[(True, False)]} | {c[(False, True)]} | {c[(False, False)]} |')
