"""Jobs answer in the command line's JSON shapes and name the field at fault."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nimlab.errors import TooLarge
from nimlab.web import jobs
from nimlab.web.config import WebConfig


def cli_json(*args: str) -> object:
    out = subprocess.run(
        [sys.executable, "-m", "nimlab", *args, "--json"], capture_output=True, text=True
    )
    return json.loads(out.stdout)


def test_a_page_gets_the_winning_moves_in_its_language() -> None:
    plain = jobs.analyze("wythoff", "1000,2000")
    shown = jobs.analyze("wythoff", "1000,2000", lang="ja")
    assert shown.pop("moves_shown") == [
        ("618,1000", "2000 個の山から 1382 個取り (1000, 618) にする")
    ]
    # The method too, rendered from its value (no regex over the English).
    assert shown.pop("method_shown").startswith("ワイトホフの定理: P局面は")
    assert shown == plain and "moves_shown" not in plain and "method_shown" not in plain
    english = jobs.analyze("nim + kayles", "3 + 4", lang="en")["moves_shown"]
    assert english[0] == ("1 + 4", "in nim (component 1): take 2 from the heap of 3")


def test_same_json_as_the_command_line() -> None:
    assert jobs.analyze("wythoff", "4,6") == cli_json("analyze", "wythoff", "4,6")
    assert jobs.sequence("subtraction:2,4,7", 20) == cli_json(
        "sequence", "subtraction:2,4,7", "--to", "20"
    )
    period = jobs.period("kayles")
    assert period["criterion"] == "Guy–Smith criterion (t = 2)"
    assert period == cli_json("period", "kayles")  # criterion and misere too, since 2026-11-28
    assert jobs.table("delete-nim:single", 5) == cli_json(
        "table", "delete-nim:single", "--size", "5"
    )
    assert jobs.ppositions("split-delete-nim:single", 3, 10) == cli_json(
        "ppositions", "split-delete-nim:single", "--heaps", "3", "--max", "10"
    )


def test_describe_shapes() -> None:
    assert jobs.describe("nim")["shape"] == "heap"
    wythoff = jobs.describe("wythoff")
    assert (wythoff["shape"], wythoff["two_heaps"], wythoff["origin"]) == ("heaps", True, 0)
    sd = jobs.describe("split-delete-nim:half")
    assert (sd["shape"], sd["origin"], sd["play"]) == ("heaps", 1, "split-delete")
    assert jobs.describe("fibonacci-nim")["game"] == "take-away:2"
    total = jobs.describe("nim + kayles")
    assert (total["shape"], total["example"], total["play"]) == ("sum", "3,4,5 + 5,7", "list")
    assert jobs.describe("subtraction:2,4,7")["criterion"].startswith("max(S)-window")


@pytest.mark.parametrize(
    ("call", "field", "kind"),
    [
        (lambda: jobs.analyze("nimm", "3"), "game", "invalid_game"),
        (lambda: jobs.analyze("nim", "3,x"), "position", "invalid_position"),
        (lambda: jobs.analyze("wythoff", "1,2,3"), "position", "invalid_position"),
        (lambda: jobs.analyze("x" * 3000, "1"), "game", "invalid_option"),
        (lambda: jobs.sequence("wythoff", 5), "game", "not_applicable"),
        (lambda: jobs.sequence("nim", -1), "to", "invalid_option"),
        (lambda: jobs.sequence("nim", 10**6), "to", "invalid_option"),
        (lambda: jobs.table("nim", 0), "size", "invalid_option"),
        (lambda: jobs.table("nim", True), "size", "invalid_option"),
        (lambda: jobs.table("fibonacci-nim", 3), "game", "not_applicable"),
        (lambda: jobs.ppositions("split-delete-nim:half", 3, 5), "heaps", "not_applicable"),
        (lambda: jobs.ppositions("delete-nim:single", 3, 0), "max", "invalid_option"),
        (lambda: jobs.period("wythoff"), "game", "not_applicable"),
        (lambda: jobs.period("nim", max_length=0), "max_length", "invalid_option"),
    ],
)
def test_errors_name_the_field(call: object, field: str, kind: str) -> None:
    with pytest.raises(jobs.FieldError) as info:
        call()  # type: ignore[operator]
    assert (info.value.field, info.value.kind) == (field, kind)
    assert str(info.value).startswith(f"{field}: ")


def test_limits_come_from_the_configuration() -> None:
    jobs.configure(WebConfig(max_states=1_000))
    try:
        with pytest.raises(TooLarge):
            jobs.analyze("split-delete-nim:single", "10,12,14")
    finally:
        jobs.configure(WebConfig())


def test_moves_are_listed_once_each_and_cut_at_the_limit() -> None:
    listed = jobs.moves("nim", "2,2")
    assert listed["moves"] == [
        {"to": "1,2", "move": "take 1 from the heap of 2"},
        {"to": "0,2", "move": "take 2 from the heap of 2"},
    ]
    assert listed["complete"] is True
    jobs.configure(WebConfig(max_moves=5))
    try:
        big = jobs.moves("nim", "100")
    finally:
        jobs.configure(WebConfig())
    assert len(big["moves"]) == 5 and big["complete"] is False


def test_every_job_is_registered() -> None:
    assert set(jobs.JOBS) >= {"analyze", "sequence", "period", "table", "ppositions", "describe"}
