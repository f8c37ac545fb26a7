"""The web app accepts declarative specs only: no endpoint runs a user's code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import nimlab
from nimlab.rules import load_rules
from nimlab.web import jobs

WEB = Path(nimlab.__file__).parent / "web"


def test_no_web_module_can_load_code() -> None:
    # (workers.py imports the jobs module the server names, never one a request names)
    pattern = re.compile(r"nimlab\.rules|load_rules|USER_RULES|\bexec\(|\beval\(|runpy|__import__")
    for module in WEB.rglob("*.py"):
        assert not pattern.search(module.read_text()), module


def test_a_loaded_ruleset_is_not_named_on_the_web(tmp_path: Path) -> None:
    file = tmp_path / "mine.py"
    file.write_text(
        "import nimlab\nhalving = nimlab.heap_game(lambda n: [n // 2], name='halving')\n"
    )
    load_rules(file)
    assert nimlab.game("halving").spec == "halving"  # the library and the CLI see it
    with pytest.raises(jobs.FieldError, match="unknown game 'halving'"):
        jobs.analyze("halving", "9")


def test_no_endpoint_runs_a_file(client: TestClient, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    file = tmp_path / "evil.py"
    file.write_text(f"open({str(marker)!r}, 'w').close()\n")
    for path in ("/api/analyze", "/api/sequence", "/api/period", "/api/explain", "/game", "/play"):
        for params in (
            {"game": str(file), "position": "3", "to": "5"},
            {"game": "nim", "position": "3", "to": "5", "rules": str(file)},
        ):
            r = client.get(path, params=params)
            assert r.status_code < 500, (path, r.status_code)
    r = client.post("/api/play/state", json={"game": str(file), "start": "3", "moves": []})
    assert r.status_code == 400
    assert not marker.exists()
