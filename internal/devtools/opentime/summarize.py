#!/usr/bin/env python3
"""summarize.py OUT.jsonl: median and quartiles per label of each figure."""
import json, sys, statistics
from collections import defaultdict
recs = [json.loads(l) for l in open(sys.argv[1])]
by = defaultdict(list)
for r in recs: by[r["label"]].append(r)
def q(xs):
    xs = sorted(xs); n = len(xs)
    qs = statistics.quantiles(xs, n=4, method="inclusive") if n > 1 else [xs[0]]*3
    return qs
loads = [r["load1"] for r in recs]
print("runs: %d, load1 min/median/max %.2f/%.2f/%.2f" % (len(recs), min(loads), statistics.median(loads), max(loads)))
print("%-14s %3s  %-24s %-24s %-24s %-24s %s" % ("label", "n", "wall ms q1/med/q3", "open ms q1/med/q3", "user ms q1/med/q3", "user+sys ms q1/med/q3", "rss MB"))
for label in by:
    rs = by[label]
    def f(key):
        xs = [key(r) for r in rs if key(r) is not None]
        if not xs: return "-"
        a, b, c = q(xs); return "%.0f/%.0f/%.0f" % (a, b, c)
    print("%-14s %3d  %-24s %-24s %-24s %-24s %.0f" % (label, len(rs), f(lambda r: r["wall_ms"]), f(lambda r: r.get("open_ms")),
        f(lambda r: r["user_ms"]), f(lambda r: r["user_ms"] + r["sys_ms"]), statistics.median(r["maxrss_mb"] for r in rs)))
