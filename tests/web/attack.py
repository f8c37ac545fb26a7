"""Hostile clients for the web attack tests, on the loopback interface only.

Every connection goes to 127.0.0.1. The attackers bind their sockets to another
loopback source address (127.0.0.2), so the server sees them as a different
client from the normal one (127.0.0.3), as it would on a network.

Run as a script to measure a running server: how long a normal request takes
while N connections are held half-open::

    python tests/web/attack.py http://127.0.0.1:8000/ 4200
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

ATTACKER = "127.0.0.2"
NORMAL = "127.0.0.3"
PARTIAL_HEAD = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def port_of(url: str) -> int:
    port = urlsplit(url).port
    assert port is not None and urlsplit(url).hostname == "127.0.0.1", url
    return port


def half_open(port: int, count: int, source: str = ATTACKER) -> list[socket.socket]:
    """``count`` connections that send the start of a request head and then nothing."""
    socks = []
    for _ in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((source, 0))
        sock.settimeout(10)
        try:
            sock.connect(("127.0.0.1", port))
            sock.sendall(PARTIAL_HEAD)
        except OSError:
            sock.close()
            continue
        socks.append(sock)
    return socks


def closed_by_server(sock: socket.socket, wait: float) -> bool:
    """Whether the server answered and/or closed ``sock`` within ``wait`` seconds."""
    sock.settimeout(wait)
    try:
        data = sock.recv(65536)
        while data:
            data = sock.recv(65536)
    except TimeoutError:
        return False
    except OSError:
        return True  # reset: closed
    return True


def get(
    port: int, path: str, source: str = NORMAL, timeout: float = 30
) -> tuple[int, dict[str, str], bytes, float]:
    """``GET path`` as a normal client: status, headers, body and seconds taken."""
    start = time.monotonic()
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return response.status, headers, body, time.monotonic() - start
    finally:
        conn.close()


def abandon(port: int, path: str, source: str = ATTACKER, after: float = 0.3) -> None:
    """Send ``GET path``, wait ``after`` seconds, and leave without reading the answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    time.sleep(after)
    sock.close()


@dataclass
class Server:
    url: str
    port: int
    process: subprocess.Popen[str]


@contextlib.contextmanager
def serve(*options: str) -> Iterator[Server]:
    """``nimlab serve --port 0 OPTIONS`` in a subprocess, stopped at the end."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "nimlab", "serve", "--port", "0", "--lang", "en", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("nimlab web app: "), line
        url = line.split()[3]
        yield Server(url, port_of(url), proc)
    finally:
        proc.kill()
        proc.wait(30)


def measure(url: str, count: int) -> None:
    """Print a normal client's latency with ``count`` half-open connections held."""
    port = port_of(url)
    path = "/api/analyze?game=nim&position=3,4,5"
    status, _, _, alone = get(port, path)
    print(f"alone: {status} in {alone * 1000:.0f} ms")
    start = time.monotonic()
    socks = half_open(port, count)
    print(f"{len(socks)} half-open connections in {time.monotonic() - start:.1f} s")
    try:
        for k in range(3):
            try:
                status, _, body, took = get(port, path)
                print(f"normal client #{k + 1}: {status} in {took * 1000:.0f} ms {body[:60]!r}")
            except OSError as error:
                print(f"normal client #{k + 1}: {error!r}")
        still = sum(not closed_by_server(s, 0.01) for s in socks)
        print(f"half-open connections still open after the requests: {still}")
    finally:
        for s in socks:
            s.close()


if __name__ == "__main__":
    measure(sys.argv[1], int(sys.argv[2]))
