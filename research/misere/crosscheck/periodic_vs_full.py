"""Path B (the periodic quotient, heaps past its construction read through the period)
against path A (the full quotient of every heap asked), on the positions the brute force
compared path A with: all pairs a <= b <= 150 (80 for codes that split heaps), triples <= 30.

usage: .venv/bin/python research/misere/crosscheck/periodic_vs_full.py
"""
import csv
import itertools
import time
from pathlib import Path

from nimlab.limits import Limits
from nimlab.misere.quotient import periodic_quotient, quotient
from nimlab.solve.context import Context
BIG = Limits(max_states=10**9)
rows = list(csv.DictReader(open(Path(__file__).resolve().parent.parent / "periods.csv")))
total = through = bad = 0
t0 = time.time()
for row in rows:
    code = row["code"]
    split = any(int(c) & 4 for c in code.split(".")[1])
    top = 80 if split else 150
    pos = [(a, b) for b in range(top + 1) for a in range(b + 1)]
    pos += list(itertools.combinations_with_replacement(range(31), 3))
    with Context():
        pq = periodic_quotient(f"octal:{code}", 600, BIG)
        full = quotient(f"octal:{code}", max(pq.max_heap, top), BIG)
        for p in pos:
            total += 1
            if max(p) > pq.max_heap:
                through += 1
            if pq.is_p(p) != full.is_p(p):
                bad += 1
                print("DISAGREE", code, p, flush=True)
print(f"{len(rows)} codes, {total} positions, {through} through the period, {bad} disagree, {time.time()-t0:.0f} s")
