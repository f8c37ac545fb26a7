"""``nimlab quotient`` and ``nimlab genus``: output, JSON, refusals and exit codes."""

from __future__ import annotations

import io
import json

import pytest

from nimlab.cli.main import main


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out)
    return code, out.getvalue()


def test_quotient_json() -> None:
    code, text = cli("quotient", "nim", "--max-heap", "3", "--json")
    assert code == 0
    d = json.loads(text)
    assert d["game"] == "nim" and d["max_heap"] == 3 and d["order"] == 6
    assert d["p_portion"] == ["a", "b^2"]
    assert d["heaps"] == {"0": "1", "1": "a", "2": "b", "3": "ab"}
    assert d["relations"] == ["a^2 = 1", "b^3 = b"]
    assert len(d["table"]) == 6


def test_quotient_text_growth_and_table() -> None:
    code, text = cli("quotient", "kayles", "--max-heap", "12", "--growth", "--table")
    assert code == 0
    assert "order       24" in text
    assert "observed, not proven" in text
    assert "12  24  *" in text


def test_genus_text_and_json() -> None:
    code, text = cli("genus", "kayles", "--to", "8")
    assert code == 0 and "4^146" in text and "wild" in text
    assert "observed, not proven" in text  # each symbol's tail rests on observed alternation
    code, text = cli("genus", "nim", "--to", "5", "--json")
    d = json.loads(text)
    assert d["game"] == "nim" and d["symbols"].startswith("observed:")
    assert d["genus"][2] == {
        "heap": 2,
        "grundy": 2,
        "misere": d["genus"][2]["misere"],
        "symbol": "2^20",
        "tame": True,
    }


@pytest.mark.parametrize(
    ("args", "code", "needle"),
    [
        (("quotient", "wythoff", "--max-heap", "4"), 2, "quotient is defined for heap games"),
        (("genus", "take-away:2", "--to", "4"), 2, "genus is defined for heap games"),
        (("quotient", "nimm", "--max-heap", "4"), 2, "unknown game"),
        (("quotient", "nim", "--max-heap", "x"), 2, "--max-heap"),
        (("quotient", "kayles", "--max-heap", "45", "--max-states", "100"), 3, "--max-states"),
        (("genus", "kayles", "--to", "30", "--max-states", "100"), 3, "--max-states"),
    ],
)
def test_refusals(
    args: tuple[str, ...], code: int, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    got, _ = cli(*args)
    assert got == code
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_the_certified_line_names_the_bound() -> None:
    # It said "every sum of heaps ≤ N" with a literal N.
    out = io.StringIO()
    assert main(["quotient", "kayles", "--max-heap", "10"], out=out) == 0
    assert "certified: every sum of heaps ≤ 10 is a misère P-position" in out.getvalue()
