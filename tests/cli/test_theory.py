"""The theory commands through a real subprocess: verify, explain, wtable, wythoff-table."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from nimlab.cli import theory
from nimlab.theory.verify import Verification

DATA = Path(__file__).parent.parent / "data"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nimlab", *args], capture_output=True, text=True, timeout=300
    )


def test_verify_prints_a_table_and_json() -> None:
    r = run("verify", "wythoff-beatty", "proposition-5", "--max", "12")
    assert r.returncode == 0, r.stderr
    assert "wythoff-beatty" in r.stdout and "seed 002" in r.stdout and "2 of 2 agree" in r.stdout
    j = run("verify", "nim", "delete-nim-2", "--max", "6", "--json")
    results = json.loads(j.stdout)["results"]
    assert [x["name"] for x in results] == ["nim", "delete-nim-2"]
    assert all(set(x) == {"name", "source", "bound", "checked", "agree"} for x in results)
    assert all(x["agree"] and x["bound"] == 6 and x["checked"] > 0 for x in results)


def test_verify_unknown_name_lists_the_names() -> None:
    r = run("verify", "wythof")
    assert (
        r.returncode == 2
        and "verify knows: nim, misere-nim, game-one" in r.stderr
        and "wythoff-beatty" in r.stderr
    )


def test_verify_exits_1_on_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    bad = Verification("nim", "seed 003", 3, 10, False, "nim: heaps ≤ 3", ("nim at 1,1: wrong",))
    monkeypatch.setattr("nimlab.theory.verify.verify", lambda *a, **k: [bad])
    out = io.StringIO()
    ns = argparse.Namespace(names=["nim"], max=3, json=False, max_states=10**6)
    assert theory.verify(ns, out) == 1
    assert "DISAGREES nim: nim at 1,1: wrong" in out.getvalue()


def test_wtable_reproduces_the_seeds_tables() -> None:
    r = run("wtable", "fibonacci-nim", "--to", "31", "--json")
    data = json.loads(r.stdout)
    assert data["game"] == "take-away:2"
    expected = [line.split("\t") for line in (DATA / "seed000_game3.tsv").read_text().splitlines()]
    assert [[str(x["n"]), str(x["w"]), x["code"]] for x in data["rows"]] == expected
    text = run("wtable", "take-le-prev", "--to", "31").stdout
    assert "22     2  10110" in text
    md = run("wtable", "take-le-prev", "--to", "4", "--format", "markdown").stdout
    assert "| 4 | 4 | 100 |" in md


def test_wtable_on_other_games_names_the_games_it_supports() -> None:
    r = run("wtable", "wythoff", "--to", "5")
    assert r.returncode == 2 and "take-le-prev (Game II), fibonacci-nim (Game III)" in r.stderr
    assert run("wtable", "nim", "--to", "0").returncode == 2


def test_wythoff_table() -> None:
    data = json.loads(run("wythoff-table", "--to", "20", "--json").stdout)
    last = data["rows"][-1]
    assert (last["n"], last["p"], last["p_code"], last["q"], last["q_code"]) == (
        20, 32, "1010100", 52, "10101000",
    )  # fmt: skip
    assert "φ(p_n)" in run("wythoff-table", "--to", "3").stdout


def test_explain() -> None:
    r = run("explain", "fibonacci-nim", "31", "--lang", "ja")
    assert r.returncode == 0 and "先手必勝" in r.stdout and "φ(31) = 1010010" in r.stdout
    data = json.loads(run("explain", "wythoff", "1000,2000", "--json").stdout)
    assert data["outcome"] == "N" and "618" in data["steps"][-1]["text"]
    assert {"kind", "text", "lines", "data"} == set(data["steps"][0])
    assert "後手必勝" in run("explain", "nim", "1,2,3", "--lang", "ja").stdout


def test_explain_refusals() -> None:
    r = run("explain", "nim", "3", "--lang", "fr")
    assert r.returncode == 2 and "invalid choice" in r.stderr
    r = run("explain", "delete-nim:single", "40,41,42,43,44", "--max-states", "2000")
    assert r.returncode == 3 and "theorems cover nim" in r.stderr and "--max-states" in r.stderr


def test_table_and_ppositions_in_the_papers_layout() -> None:
    r = run("table", "nim", "--size", "3", "--origin", "1", "--format", "csv")
    assert r.stdout.splitlines() == ["a\\b,1,2,3", "1,0,1,2", "2,1,0,3", "3,2,3,0"]
    j = json.loads(run("table", "wythoff", "--size", "2", "--origin", "1", "--json").stdout)
    assert j == {"game": "wythoff", "origin": 1, "rows": [[0, 1], [1, 2]]}
    r = run(
        "ppositions", "split-delete-nim:single", "--heaps", "3", "--max", "20", "--layout", "matrix"
    )
    assert "Table 9 of seed 001" in r.stdout and "× = no c ≤ 20 (the bound searched)" in r.stdout
    j = json.loads(run("ppositions", "split-delete-nim:single", "--heaps", "3", "--max", "6",
                       "--layout", "matrix", "--size", "2", "--json").stdout)  # fmt: skip
    assert j["matrix"]["rows"] == [[[1], []], [[], [2]]] and [1, 1, 1] in j["positions"]


@pytest.mark.parametrize("command", ["verify", "explain", "wtable", "wythoff-table", "play"])
def test_help_with_examples(command: str) -> None:
    r = run(command, "--help")
    assert r.returncode == 0 and "examples:" in r.stdout and f"nimlab {command}" in r.stdout


def test_verify_over_the_limit_names_the_check_and_shows_the_rest() -> None:
    r = run("verify", "half-theorem-3", "nim", "--max", "19", "--max-states", "200000")
    assert r.returncode == 3, r.stderr
    assert "half-theorem-3 stopped after" in r.stdout
    assert "up to 19 (all of them agreed)" in r.stdout
    assert "raise the limit with --max-states; or lower --max" in r.stdout
    assert "1 of 2 agree with search; 1 stopped at a limit before their bound" in r.stdout
    assert "Traceback" not in r.stderr
    j = run("verify", "half-theorem-3", "nim", "--max", "19", "--max-states", "200000", "--json")
    assert j.returncode == 3
    stopped, nim = json.loads(j.stdout)["results"]
    # neither agreeing nor disagreeing (the audit: false read as a disagreement)
    assert stopped["agree"] is None and stopped["refused"].startswith("half-theorem-3 stopped")
    assert nim["agree"] is True and "refused" not in nim
    assert "nimlab: half-theorem-3 stopped after" in j.stderr


def test_verify_stopped_before_its_first_case_says_so() -> None:
    # the audit: "proposition-4 stopped after 0 cases up to 24 (all of them agreed)"
    r = run("verify", "proposition-4", "nim", "--max-states", "1000")
    assert r.returncode == 3, r.stderr
    assert "proposition-4 stopped before its first case up to 24: this needs" in r.stdout
    assert "0 of 2 agree with search; 2 stopped at a limit" in r.stdout
