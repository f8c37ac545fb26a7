"""``nimlab serve``: prints its URL, serves, and refuses a bad host or port in one line."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import urllib.request
from collections.abc import Iterator

import pytest

from nimlab.errors import InvalidOption
from nimlab.web import server


def test_bind_any_free_port_and_refuse_a_taken_one() -> None:
    sock = server.bind("127.0.0.1", 0)
    try:
        url = server.address(sock)
        port = sock.getsockname()[1]
        assert url == f"http://127.0.0.1:{port}/"
        with pytest.raises(InvalidOption, match="choose another --port"):
            server.bind("127.0.0.1", port)
    finally:
        sock.close()
    with pytest.raises(InvalidOption, match="--port"):
        server.bind("127.0.0.1", 70000)
    with pytest.raises(InvalidOption, match="--host"):
        server.bind("no such host.invalid", 0)


@contextlib.contextmanager
def first_line(lang: str) -> Iterator[str]:
    """``nimlab serve --lang LANG`` on any free port: its first line, the server running."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "nimlab", "serve", "--port", "0", "--workers", "1", "--lang", lang],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        yield proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(30)


def test_nimlab_serve_prints_the_url_and_answers() -> None:
    with first_line("en") as line:
        assert line.startswith("nimlab web app: http://127.0.0.1:")
        url = line.split()[3]
        with urllib.request.urlopen(url + "api/analyze?game=nim&position=3,4,5", timeout=60) as r:
            assert b'"grundy":2' in r.read()


def test_serve_refuses_bad_options_without_a_traceback() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "nimlab", "serve", "--time-limit", "-1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "time_limit" in out.stderr and "Traceback" not in out.stderr


def test_nimlab_serve_says_where_it_listens_in_japanese() -> None:
    with first_line("ja") as line:
        assert line.startswith("nimlab ウェブアプリ: http://127.0.0.1:") and "止まります" in line
