"""Load test of the web app: 100 concurrent connections on loopback.

Starts ``nimlab serve`` on a free port with its default limits (but for the
per-address caps: every connection comes from one address), opens 100
keep-alive connections and has each send requests back to back for a fixed
time: a mix of pages and API calls over random positions, the kind of traffic
the app gets (analyses, sequences, tables, P-positions, the catalogue, moves
against the computer), and a few requests over the limits that are refused. Reports the latency
percentiles (p50, p90, p99, max), the throughput and the statuses. Meanwhile a
light client in another process asks for ``/api/games`` ten times a second: its
latency shows whether the server stays responsive while its workers are
saturated.

It is the workload ``web-load`` of ``python -m bench`` (``make bench``, figures
in ``bench/results.json``); alone, with other sizes::

    python -m bench.web_load [--seconds 20] [--connections 100] [--out FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx


def request_mix(rng: random.Random) -> tuple[str, dict[str, Any]]:
    """One request of the mix: (path, query parameters)."""
    r = rng.random()
    if r < 0.30:
        heaps = ",".join(str(rng.randint(0, 60)) for _ in range(rng.randint(1, 4)))
        return "/api/analyze", {"game": "nim", "position": heaps}
    if r < 0.45:
        a, b = sorted((rng.randint(0, 25), rng.randint(0, 25)))
        return "/api/analyze", {"game": "wythoff", "position": f"{a},{b}"}
    if r < 0.55:
        s = ",".join(str(x) for x in sorted(rng.sample(range(1, 12), 3)))
        return "/api/sequence", {"game": f"subtraction:{s}", "to": rng.randint(10, 400)}
    if r < 0.62:
        game = rng.choice(["split-delete-nim:single", "delete-nim:single", "nim", "wythoff"])
        return "/api/table", {"game": game, "size": rng.randint(4, 24)}
    if r < 0.67:
        return "/api/ppositions", {
            "game": "split-delete-nim:single",
            "heaps": 3,
            "max": rng.randint(3, 12),
        }
    if r < 0.72:
        return "/api/period", {"game": rng.choice(["kayles", "dawson-kayles", "subtraction:2,4,7"])}
    if r < 0.80:
        return "/", {}
    if r < 0.88:
        a, b = sorted((rng.randint(0, 14), rng.randint(0, 14)))
        return "/game", {"game": "wythoff", "position": f"{a},{b}"}
    if r < 0.90:
        return "/api/games", {}
    if r < 0.93:  # a move against the perfect computer (POST: the parameters are the body)
        sizes = [rng.randint(1, 12) for _ in range(3)]
        i = rng.randrange(3)
        after = [*sizes[:i], rng.randrange(sizes[i]), *sizes[i + 1 :]]
        start, to = ",".join(map(str, sizes)), ",".join(map(str, after))
        return "/api/play/move", {"game": "nim", "start": start, "moves": [], "to": to}
    if r < 0.97:
        return "/api/analyze", {"game": "nimm", "position": "3"}  # a 400
    return "/api/ppositions", {  # over the state limit, refused up front: a 413
        "game": "split-delete-nim:single",
        "heaps": 3,
        "max": rng.randint(200, 400),
    }


NO_WORKER = ("/", "/api/games")
"""Requests the server answers without a worker process: they show its responsiveness."""


async def connection(
    url: str, seed: int, stop: float, latencies: dict[str, list[float]], statuses: Counter[int]
) -> None:
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        while time.perf_counter() < stop:
            path, params = request_mix(rng)
            start = time.perf_counter()
            try:
                if path.startswith("/api/play/"):
                    response = await client.post(path, json=params)
                else:
                    response = await client.get(path, params=params)
                statuses[response.status_code] += 1
            except httpx.HTTPError:
                statuses[0] += 1
            kind = "no_worker" if path in NO_WORKER else "computed"
            latencies[kind].append(time.perf_counter() - start)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(values: list[float]) -> dict[str, float]:
    """Latency percentiles in milliseconds."""
    if not values:
        return {}
    return {
        "p50": round(1000 * percentile(values, 0.50), 1),
        "p90": round(1000 * percentile(values, 0.90), 1),
        "p99": round(1000 * percentile(values, 0.99), 1),
        "max": round(1000 * max(values), 1),
    }


async def load(url: str, seconds: float, connections: int) -> dict[str, Any]:
    latencies: dict[str, list[float]] = {"computed": [], "no_worker": []}
    statuses: Counter[int] = Counter()
    began = time.perf_counter()
    stop = began + seconds
    await asyncio.gather(
        *(connection(url, i, stop, latencies, statuses) for i in range(connections))
    )
    elapsed = time.perf_counter() - began
    every = latencies["computed"] + latencies["no_worker"]
    return {
        "connections": connections,
        "seconds": round(elapsed, 2),
        "requests": len(every),
        "throughput_rps": round(len(every) / elapsed, 1),
        "latency_ms": summary(every),
        "latency_ms_by_kind": {kind: summary(values) for kind, values in latencies.items()},
        "statuses": {str(k): v for k, v in sorted(statuses.items())},
    }


def probe(url: str, seconds: float) -> list[float]:
    """Latencies of ``GET /api/games`` every 0.1 s over one connection, from a light client.

    Runs in its own process with blocking sockets, so it measures how
    responsive the server is, not how busy the load generator's own loop is.
    """
    host, port = url.removeprefix("http://").split(":")
    request = f"GET /api/games HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    latencies = []
    with socket.create_connection((host, int(port))) as sock:
        reader = sock.makefile("rb")
        stop = time.perf_counter() + seconds
        while time.perf_counter() < stop:
            start = time.perf_counter()
            sock.sendall(request)
            length = 0
            while (line := reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            reader.read(length)
            latencies.append(time.perf_counter() - start)
            time.sleep(0.1)
    return latencies


def start_server(connections: int = 100) -> tuple[subprocess.Popen[str], str]:
    # Every connection of the load comes from 127.0.0.1, where a real load comes from many
    # addresses: the per-address caps are raised to let them all in (the rest is default).
    per_address = ["--client-connections", str(connections + 64), "--client-queue-limit", "512"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "nimlab", "serve", "--port", "0", *per_address],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("nimlab web app: "):
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, line.split()[3].rstrip("/")


def run(seconds: float = 20.0, connections: int = 100) -> dict[str, Any]:
    """Start the server, load it, and return the figures."""
    proc, url = start_server(connections)
    try:
        asyncio.run(load(url, 3.0, 10))  # warm up workers and caches
        light = ["--probe", url, "--seconds", str(seconds)]
        prober = subprocess.Popen(
            [sys.executable, "-m", "bench.web_load", *light],
            stdout=subprocess.PIPE,
            text=True,
        )
        result = asyncio.run(load(url, seconds, connections))
        result["probe_ms"] = summary(json.loads(prober.communicate(timeout=120)[0]))
    finally:
        proc.terminate()
        proc.wait(30)
    result["machine"] = {"cpus": os.cpu_count(), "python": platform.python_version()}
    return result


def workload() -> dict[str, Any]:
    """The load test as one workload of the benchmark runner (``python -m bench``)."""
    result = run()
    return {"workload": f"web app under {result['connections']} connections", **result}


WORKLOADS = {"web-load": workload}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--connections", type=int, default=100)
    parser.add_argument("--out", type=Path, help="also write the figures to this JSON file")
    parser.add_argument("--probe", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.probe:  # the light client, in its own process
        print(json.dumps(probe(args.probe, args.seconds)))
        return 0
    result = run(args.seconds, args.connections)
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")
    lat = result["latency_ms"]
    print(
        f"web load: {result['connections']} connections, {result['requests']:,} requests in "
        f"{result['seconds']} s: {result['throughput_rps']} req/s; latency p50 {lat['p50']} ms, "
        f"p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms; "
        f"statuses {result['statuses']}"
    )
    quick = result["probe_ms"]
    print(
        f"  meanwhile a light client's GET /api/games every 0.1 s: p50 {quick['p50']} ms, "
        f"p99 {quick['p99']} ms, max {quick['max']} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
