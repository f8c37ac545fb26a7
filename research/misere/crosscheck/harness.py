"""Compare nimlab's misère answers with the independent brute force (brute.c) and re-check
nimlab's quotient data with the independent certificate checker (cert.c).

usage (from the repository's root, after building the two C programs):
    gcc -O2 -o research/misere/crosscheck/brute research/misere/crosscheck/brute.c
    gcc -O2 -o research/misere/crosscheck/cert research/misere/crosscheck/cert.c
    .venv/bin/python research/misere/crosscheck/harness.py OUT.jsonl BUDGET CODE...
BUDGET is the brute force's seconds per code; one JSON line per code goes to OUT.jsonl.
"""
import csv
import zlib
import json
import random
import subprocess
import tempfile
import sys
import threading
import time
from pathlib import Path

import nimlab.misere as M
from nimlab.solve.context import current
from nimlab.limits import Limits
BIG = Limits(max_states=10**9)

HERE = str(Path(__file__).resolve().parent)
ROWS = {r["code"]: r for r in csv.DictReader(open(Path(HERE).parent / "periods.csv"))}


def splits(code):
    return any(int(c) & 4 for c in code.split(".")[1])


def positions(code):
    nonsplit = not splits(code)
    B2 = 150 if nonsplit else 80
    pos = [(a, b) for b in range(B2 + 1) for a in range(b + 1)]
    rnd = random.Random(zlib.crc32(code.encode()))
    tri = set()
    while len(tri) < 600:
        tri.add(tuple(sorted(rnd.randint(1, 30) for _ in range(3))))
    pos += sorted(tri)
    pos.sort(key=lambda p: (sum(p), p))
    return pos


def brute(code, pos, budget):
    given = tempfile.TemporaryFile("w+")
    for p in pos:
        given.write(" ".join(map(str, p)) + "\n")
    given.seek(0)
    proc = subprocess.Popen(["nice", "-n", "10", f"{HERE}/brute", code, "26"],
                            stdin=given, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    timer = threading.Timer(budget, proc.kill)
    timer.start()
    out = []
    for line in proc.stdout:
        out.append(line.strip())
    proc.wait()
    timer.cancel()
    return out


def cert_check(code, q, pre, per, extra_heaps):
    Q = q.order
    ident = [e for e in range(Q) if all(q.table[e][x] == x for x in range(Q))]
    lines = [f"{code} {Q} {ident[0]} {pre} {per} {q.max_heap + 1}"]
    lines.append(" ".join(str(q.table[i][j]) for i in range(Q) for j in range(Q)))
    lines.append(f"{len(q.p_indices)} " + " ".join(map(str, sorted(q.p_indices))))
    lines.append(" ".join(map(str, q.heap_indices)))
    lines.append(f"{len(extra_heaps)} " + " ".join(map(str, extra_heaps)))
    r = subprocess.run(["nice", "-n", "10", f"{HERE}/cert"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True)
    return (r.stdout + r.stderr).strip()


def main():
    out_path, budget, codes = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    out = open(out_path, "a")
    for code in codes:
        t0 = time.time()
        row = ROWS.get(code)
        game = f"octal:{code}"
        rec = {"code": code, "in_csv": row is not None}
        bad = []  # disagreements of either path with the brute force
        LIM = None
        pos = positions(code)
        tb = time.time()
        bres = brute(code, pos, budget)
        rec["brute_s"] = round(time.time() - tb, 1)
        done = pos[: len(bres)]
        bans = {p: ("N" if a == "N" else "P") for p, a in zip(done, bres)}
        rec["answered"] = len(done)
        rec["max_total"] = max(sum(p) for p in done)
        pairs = [p for p in done if len(p) == 2]
        tris = [p for p in done if len(p) == 3]
        rec["pairs"] = len(pairs)
        rec["triples"] = len(tris)
        rec["max_heap"] = max(max(p) for p in done)
        # all pairs with a+b <= T answered: T = largest total whose pairs are all in
        allT = 0
        answered = set(done)
        for T in range(0, 400):
            if all((a, T - a) in answered for a in range(0, T // 2 + 1)):
                allT = T
            else:
                break
        rec["all_pairs_sum_le"] = allT
        rec["tri_max_heap"] = max((max(p) for p in tris), default=None)
        current().quotients.clear()
        # nimlab B: the periodic quotient (smallest N proving a period), heaps past N
        # answered through the period
        try:
            try:
                pq = M.periodic_quotient(game, 600)
                LIM = None
            except Exception as e:  # noqa
                rec["default_limits_error"] = f"{type(e).__name__}: {e}"[:200]
                current().quotients.clear()
                pq = M.periodic_quotient(game, 600, BIG)
                LIM = BIG
            rec["pq_max_heap"] = pq.max_heap
            rec["pq_order"] = pq.order
            per = pq.period
            rec["pq_period"] = None if per is None else per.to_dict()
            through = 0
            for p in done:
                a = M.outcome(game, p, LIM, quotient_=pq)
                if max(p) > pq.max_heap:
                    through += 1
                if a != bans[p]:
                    bad.append(("periodic", p, a, bans[p]))
            rec["through_period"] = through
            if row is not None and per is not None:
                rec["csv_match"] = (int(row["period"]) == per.period and int(row["preperiod"]) == per.preperiod
                                    and int(row["heaps_built"]) == pq.max_heap
                                    and int(row["proven_from"]) == per.proven_from
                                    and int(row["verified_to"]) == per.verified_to
                                    and int(row["order"]) == pq.order)
        except Exception as e:  # noqa
            rec["periodic_error"] = f"{type(e).__name__}: {e}"[:300]
            pq = None
        current().quotients.clear()
        # nimlab A: public API, default path (descending max so one quotient is built)
        ta = time.time()
        try:
            nimA = {}
            for p in sorted(done, key=lambda p: -max(p)):
                nimA[p] = M.outcome(game, p, LIM)
            for p in done:
                if nimA[p] != bans[p]:
                    bad.append(("public", p, nimA[p], bans[p]))
            rec["public_ok"] = True
        except Exception as e:  # noqa
            rec["public_error"] = f"{type(e).__name__}: {e}"[:300]
        rec["nimA_s"] = round(time.time() - ta, 1)
        current().quotients.clear()
        # huge heaps: consistency with the CSV's period / preperiod, and with brute force
        if row is not None and pq is not None and pq.period is not None:
            p_, pre = int(row["period"]), int(row["preperiod"])
            # images inside the built range repeat from the CSV preperiod
            img = pq.heap_indices
            rec["images_repeat_in_built_range"] = all(img[n] == img[n - p_] for n in range(pre + p_, len(img)))
            hb = []
            nh = 0
            for base in (10**6, 10**18):
                for r in range(p_):
                    h = base + r
                    hr = pre + (h - pre) % p_
                    for x in range(0, 13):
                        big = M.outcome(game, (h, x), LIM)
                        small = M.outcome(game, (hr, x), LIM)
                        nh += 1
                        if big != small:
                            hb.append(("huge-vs-reduced", (h, x), big, (hr, x), small))
                        key = tuple(sorted((hr, x)))
                        if key in bans and bans[key] != big:
                            hb.append(("huge-vs-brute", (h, x), big, key, bans[key]))
            rec["huge_checked"] = nh
            rec["huge_bad"] = hb[:10]
            # independent certificate re-check of nimlab's quotient data, extended by the
            # CSV's period, for every heap <= H and heaps 10^6 .. 10^6 + 2p
            H = max(2000, 4 * pq.max_heap)
            extra = list(range(H + 1)) + [10**6 + r for r in range(2 * p_)]
            tc = time.time()
            rec["cert"] = cert_check(code, pq, pre, p_, extra)
            rec["cert_H"] = H
            rec["cert_s"] = round(time.time() - tc, 1)
        rec["bad"] = [list(map(str, b)) for b in bad[:10]]
        rec["n_bad"] = len(bad)
        rec["total_s"] = round(time.time() - t0, 1)
        out.write(json.dumps(rec) + "\n")
        out.flush()
        print(code, rec["answered"], rec.get("all_pairs_sum_le"), rec.get("pq_max_heap"),
              rec.get("through_period"), rec["n_bad"], rec.get("cert"), rec.get("huge_bad"),
              rec["total_s"], flush=True)


if __name__ == "__main__":
    main()
