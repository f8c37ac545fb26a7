"""The web server attacked as a hostile client would, on the loopback interface.

Each test starts ``nimlab serve`` in a subprocess and attacks it from
127.0.0.2 while a normal client (127.0.0.3) uses it: connections held
half-open (slowloris), a request head or body sent too slowly, expensive
requests abandoned, and ``kill -9`` of the server while its workers compute.
Counts are bounded (a few hundred connections) and timings are only measured
against generous bounds: the normal client must be answered at all.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time

import psutil

from web.attack import (
    ATTACKER,
    NORMAL,
    PARTIAL_HEAD,
    abandon,
    closed_by_server,
    get,
    half_open,
    serve,
)

SECURITY = ("content-security-policy", "x-frame-options", "x-content-type-options")
EXPENSIVE = "/api/ppositions?game=kayles&heaps=3&max={}"
"""Tens of seconds of computing in a worker, most of it in a compiled kernel."""
SLOW_LIMITS = ("--time-limit", "60", "--max-states", "1000000000000", "--max-memory", "2G")


def _read_response(sock: socket.socket, wait: float) -> bytes:
    sock.settimeout(wait)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, OSError):
        pass
    return data


def test_half_open_connections_do_not_starve_a_normal_client() -> None:
    options = ("--workers", "1", "--header-timeout", "3", "--client-connections", "16")
    with serve(*options) as server:
        start = time.monotonic()
        socks = half_open(server.port, 300)
        try:
            status, headers, body, took = get(server.port, "/api/analyze?game=nim&position=3,4,5")
            print(f"normal client with 300 half-open connections: {took * 1000:.0f} ms")
            assert status == 200 and json.loads(body)["grundy"] == 2
            assert all(name in headers for name in SECURITY)
            # Over the per-address cap: answered 503 (JSON, Retry-After) and closed at once.
            refused = socks[16:]
            answer = _read_response(refused[-1], 10)
            assert answer.startswith(b"HTTP/1.1 503"), answer[:100]
            assert b"retry-after: 1" in answer.lower() and b'"kind": "busy"' in answer
            assert b"x-frame-options: DENY" in answer
            said = json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["message"]
            assert "too many connections" in said and "接続が多すぎます" in said  # unread: both
            # Within the cap: closed by the header deadline, none left open for long.
            left = [s for s in socks if not closed_by_server(s, 20)]
            assert not left, f"{len(left)} half-open connections still open"
            print(f"all 300 closed by the server after {time.monotonic() - start:.1f} s")
        finally:
            for s in socks:
                s.close()


def test_the_longest_waiting_connection_makes_room_when_the_server_is_full() -> None:
    # Many addresses, each under its own cap, together over the server's cap.
    options = ("--workers", "1", "--max-connections", "40", "--header-timeout", "60")
    with serve(*options) as server:
        socks = []
        try:
            for k in range(10):
                socks += half_open(server.port, 10, source=f"127.0.0.{10 + k}")
            status, _, _, _ = get(server.port, "/api/games")
            assert status == 200
            oldest = socks[:20]
            assert all(closed_by_server(s, 10) for s in oldest)  # dropped to make room
            assert not closed_by_server(socks[-1], 0.2)  # the newest still waits
        finally:
            for s in socks:
                s.close()


def test_a_head_or_body_sent_too_slowly_gets_408() -> None:
    options = ("--workers", "1", "--header-timeout", "2", "--body-timeout", "2")
    with serve(*options) as server:
        drip = socket.create_connection(("127.0.0.1", server.port), source_address=(ATTACKER, 0))
        body = socket.socket()
        try:
            # A head dripped one byte at a time: each byte arrives well inside any idle
            # timeout, but the head as a whole takes too long.
            drip.sendall(PARTIAL_HEAD)
            answer = b""
            drip.settimeout(0.5)
            for _ in range(40):
                try:
                    drip.sendall(b"x")
                    answer += drip.recv(65536)
                except TimeoutError:
                    continue
                except OSError:
                    break
                if answer:
                    break
            answer += _read_response(drip, 5)
            assert answer.startswith(b"HTTP/1.1 408"), answer[:100]
            assert b"content-security-policy" in answer.lower()
            # A body promised and never sent.
            body.bind((ATTACKER, 0))
            body.connect(("127.0.0.1", server.port))
            body.sendall(
                b"POST /api/play/state HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
            )
            answer = _read_response(body, 20)
            assert answer.startswith(b"HTTP/1.1 408"), answer[:100]
        finally:
            drip.close()
            body.close()


def test_abandoned_expensive_requests_are_cancelled_and_a_normal_client_is_answered() -> None:
    with serve("--workers", "2", *SLOW_LIMITS) as server:
        leavers = [
            threading.Thread(target=abandon, args=(server.port, EXPENSIVE.format(9990 + k)))
            for k in range(6)
        ]
        for t in leavers:
            t.start()
        for t in leavers:
            t.join()
        # Without cancellation both workers would compute for up to a minute.
        status, _, body, took = get(server.port, "/api/analyze?game=nim&position=5,6,7", timeout=30)
        print(f"normal client after 6 abandoned expensive requests: {took:.1f} s")
        assert status == 200 and json.loads(body)["grundy"] == 4


def test_over_the_queue_bound_a_request_gets_503_with_retry_after() -> None:
    options = ("--workers", "1", "--queue-limit", "1", "--time-limit", "1", "--max-states")
    with serve(*options, "1000000000000") as server:
        answers: list[tuple[int, dict[str, str], bytes]] = []

        def ask(path: str) -> None:
            status, headers, body, _ = get(server.port, path, source=ATTACKER, timeout=60)
            answers.append((status, headers, body))

        paths = [EXPENSIVE.format(9970 + k) for k in range(4)] + ["/game?game=kayles&position=9"]
        askers = [threading.Thread(target=ask, args=(path,)) for path in paths]
        for t in askers:
            t.start()
        for t in askers:
            t.join()
        busy = [a for a in answers if a[0] == 503]
        assert len(busy) >= 2, [a[0] for a in answers]  # one runs, one waits
        for _, headers, body in busy:
            assert headers["retry-after"] == "1" and "x-frame-options" in headers
            if headers["content-type"].startswith("application/json"):
                error = json.loads(body)["error"]
                assert error["kind"] == "busy" and set(error) == {"kind", "message", "field"}


def _descendants(pid: int) -> list[psutil.Process]:
    return psutil.Process(pid).children(recursive=True)


def test_kill_9_of_the_server_takes_its_busy_workers_with_it() -> None:
    with serve("--workers", "2", *SLOW_LIMITS) as server:
        busy = []
        for k in range(2):  # keep both workers computing; these clients stay connected
            sock = socket.create_connection(("127.0.0.1", server.port), source_address=(NORMAL, 0))
            sock.sendall(f"GET {EXPENSIVE.format(9980 + k)} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            busy.append(sock)
        try:
            time.sleep(2)
            family = _descendants(server.process.pid)
            assert len(family) >= 2
            os.kill(server.process.pid, signal.SIGKILL)
            server.process.wait(10)
            _, alive = psutil.wait_procs(family, timeout=10)
            for p in alive:  # do not leave them behind if the test fails
                p.kill()
            assert not alive, [p.cmdline()[:3] for p in alive]
        finally:
            for s in busy:
                s.close()


def test_answers_over_a_real_socket_carry_the_security_headers() -> None:
    with serve("--workers", "1") as server:
        for path in ("/", "/api/games", "/static/style.css", "/api/nope", "/nope"):
            status, headers, _, _ = get(server.port, path)
            assert status in (200, 404)
            assert headers["x-frame-options"] == "DENY"
            assert headers["x-content-type-options"] == "nosniff"
            assert "script-src 'self'" in headers["content-security-policy"]
            assert "referrer-policy" in headers
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            answer = _read_response(sock, 10).lower()
            assert answer.startswith(b"http/1.1 400") and b"x-frame-options: deny" in answer
