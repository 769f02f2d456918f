#!/usr/bin/env python3
"""Summarise the runs in out/: solved counts, wall/CPU time, peak RSS."""
import json, re, sys, os
os.chdir(os.environ['HODOKU_DIR'])  # the HoDoKu scratch directory (RESULTS.md)
def timeinfo(tag):
    t = open(f'out/{tag}.time').read()
    def g(k):
        m = re.search(k + r'[^:]*:\s*(\S+)', t); return m.group(1) if m else None
    el = g('Elapsed \(wall clock\) time \(h:mm:ss or m:ss\)')
    # time -v prints h:mm:ss or m:ss.ss
    parts = [float(x) for x in el.split(':')]
    wall = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
    cpu = float(g('User time \(seconds\)')) + float(g('System time \(seconds\)'))
    rss = int(g('Maximum resident set size \(kbytes\)'))
    return wall, cpu, rss
rows = []
for tag in sys.argv[1:]:
    wall, cpu, rss = timeinfo(tag)
    own = None
    if os.path.exists(f'out/{tag}.out'):
        lines = [l for l in open(f'out/{tag}.out') if re.search(r' #\d+ ', l)]
        n = len(lines)
        unsolved = sum(1 for l in lines if re.search(r' (gu|bf|tm)\b', l.rstrip()))
        log = open(f'out/{tag}.log', errors='replace').read()
        m = re.search(r'([\d.]+) ms per puzzle', log)
        own = float(m.group(1)) / 1000 if m else None
    else:
        recs = [json.loads(l) for l in open(f'out/{tag}.jsonl')]
        n = len(recs)
        unsolved = sum(1 for r in recs if r.get('rating') is None)
        own = sum(r.get('seconds', 0) for r in recs) / n
    solved = n - unsolved
    rows.append((tag, n, solved, wall, cpu, rss, own))
    print(f'| {tag} | {solved}/{n} ({100*solved/n:.1f}%) | {wall:.1f} s | {cpu:.1f} s | '
          f'{1000*wall/n:.1f} ms | {1000*cpu/n:.1f} ms | {1000*own:.1f} ms | {rss/1024:.0f} MiB |')
