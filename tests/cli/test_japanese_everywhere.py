"""Every command under ``--lang ja`` speaks Japanese: its examples and plans, scanned for English.

The scan removes what is the same in both languages (game specs, code, names
of people and books, formulas) and fails on any English word left.
"""

from __future__ import annotations

import io
import json
import shlex
from pathlib import Path

import pytest

from japanese import english_left
from nimlab.cli.main import _EXAMPLES, main

SKIPPED = {"serve", "play", "tour", "sweep", "results", "verify", "check"}
"""Commands run elsewhere (a server, a terminal game, a database) or below with a small bound."""


def _quick(example: str) -> list[str] | None:
    """The arguments of an example that answers in a moment, as text (else None)."""
    args = shlex.split(example)[1:]
    if "&&" in args or "nimlab" in args or args[0] in SKIPPED:
        return None  # two commands in one example, or a command run elsewhere
    if {"--json", "--out", ">", "--format"} & set(args):
        return None
    if "--to" in args and int(args[args.index("--to") + 1]) > 100_000:
        return None
    return args


EXAMPLES = sorted({tuple(a) for es in _EXAMPLES.values() for e in es if (a := _quick(e))})
MORE = [
    ("verify", "--max", "5"),
    ("analyze", "nim", "3,4,5", "--plan"),
    ("analyze", "split-delete-nim:single", "30,40,50,60", "--plan"),
    ("sequence", "kayles", "--to", "20", "--plan"),
    ("sequence", "kayles", "--to", "20", "--misere", "--plan"),
    ("period", "subtraction:2,4,7", "--plan"),
    ("period", "octal:4.007", "--max-length", "200"),
    ("table", "wythoff", "--size", "4", "--plan"),
    ("ppositions", "nim", "--heaps", "2", "--max", "3", "--plan"),
    ("genus", "nim", "--to", "4"),
    ("rare", "nim", "--to", "50"),
    ("explain", "split-delete-nim:single", "6,8"),
    ("analyze", "take-away:2", "20/5"),
    ("tablebase",),
    ("sequence", "octal:0.6", "--to", "5000", "--out", "v.npy"),
    ("sequence", "octal:0.6", "--to", "5000", "--out", "w.npy", "--checkpoint", "ck"),
    ("sweep", "subtraction", "--db", "s.sqlite", "--sizes", "2", "--max-element", "5"),
    # the captions of every format (the audit of 2026-11-27: English in markdown and LaTeX)
    *(("table", "wythoff", "--size", "3", "--format", f) for f in ("markdown", "latex", "csv")),
    ("table", "nim", "--size", "3", "--origin", "1", "--format", "markdown", "--misere"),
    *(
        ("ppositions", "wythoff", "--heaps", "2", "--max", "10", "--format", f)
        for f in ("markdown", "latex", "csv")
    ),
    *(
        ("ppositions", "nim", "--heaps", "3", "--max", "4", "--layout", "matrix", "--format", f)
        for f in ("text", "markdown", "latex", "csv")
    ),
    ("ppositions", "nim", "--heaps", "3", "--max", "4", "--layout", "matrix", "--misere"),
]


def test_the_scan_sees_english() -> None:
    assert english_left("octal:0.77: periodic with preperiod 71") == [
        "octal:0.77: periodic with preperiod 71"
    ]
    assert english_left("take-and-break:0.B1（取り崩しゲーム） Winning Ways の表記") == []


@pytest.mark.parametrize("args", EXAMPLES + MORE, ids=" ".join)
def test_every_command_speaks_japanese(
    args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    code = main([*args, "--lang", "ja"], out)
    assert code == 0, out.getvalue()
    assert not english_left(out.getvalue()), english_left(out.getvalue())


def test_check_speaks_japanese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    certificate = str(tmp_path / "kayles.json")
    assert main(["period", "kayles", "--certificate", certificate], io.StringIO()) == 0
    out = io.StringIO()
    assert main(["check", certificate, "--lang", "ja"], out) == 0
    assert "証明書は正しい" in out.getvalue() and not english_left(out.getvalue())
    tampered = json.loads(Path(certificate).read_text())
    tampered["values"][40] += 1
    Path(certificate).write_text(json.dumps(tampered))
    assert main(["check", certificate, "--lang", "ja"], io.StringIO()) == 1
    err = capsys.readouterr().err
    assert "証明書は却下" in err and not english_left(err), err


def test_results_speak_japanese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    sweep = ["sweep", "subtraction", "--db", "r.sqlite", "--sizes", "2", "--max-element", "5"]
    assert main(sweep, io.StringIO()) == 0
    for args in (["--limit", "3"], ["--sweeps"], ["--export", "r.csv"]):
        out = io.StringIO()
        assert main(["results", "--db", "r.sqlite", *args, "--lang", "ja"], out) == 0
        assert out.getvalue() and not english_left(out.getvalue()), out.getvalue()


def test_a_refused_explanation_speaks_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the web audit: the refusal kept its English reason and note under ``ja``."""
    code = main(["explain", "delete-nim:single", "30,40,50,61,3", "--max-states", "30"])
    assert code == 0 or code == 3
    err = capsys.readouterr().err
    code = main(
        ["--lang", "ja", "explain", "delete-nim:single", "30,40,50,61,3", "--max-states", "30"]
    )
    said = capsys.readouterr().err
    assert code == 3 and "定理" in said and "--max-states" in said
    assert not english_left(said), english_left(said)
    assert "no theorem covers" in err


HUGE = "--max-states", "1000000000000000", "--max-memory", "1K"
REFUSALS = [
    (("analyze", "subtraction:a", "3"), 2),
    (("analyze", "subtraction:1,,2", "3"), 2),
    (("analyze", "subtraction:" + "9" * 150, "3"), 2),
    (("analyze", "all-but:a", "3"), 2),
    (("analyze", "take-away:x", "3"), 2),
    (("analyze", "nim", "9" * 4500), 2),
    (("analyze", "take-away:2", "3/" + "9" * 4500), 2),
    (("wythoff-table", "--to", "100000", *HUGE), 3),
    (("analyze", "grundy-game", "40", "--misere", "--max-memory", "1K"), 3),
    (("sequence", "kayles", "--to", "100000", "--misere", *HUGE), 3),
    (("sequence", "kayles", "--to", "100000", *HUGE), 3),
    (("sequence", "nim", "--to", "100000", *HUGE), 3),
    (("sequence", "take-away:2", "--to", "10000", *HUGE), 3),
    (("table", "kayles", "--size", "1000", *HUGE), 3),
    (("table", "wythoff", "--size", "1000", *HUGE), 3),
    (("ppositions", "nim", "--heaps", "3", "--max", "200", *HUGE), 3),
    (("ppositions", "wythoff", "--heaps", "2", "--max", "20000", *HUGE), 3),
    (("quotient", "kayles", "--max-heap", "100", *HUGE), 3),
    (("genus", "kayles", "--to", "40", "--max-memory", "1K"), 3),
    (("verify", "--max", "1000", *HUGE), 3),
    (("sequence", "wythoff", "--to", "5"), 2),
    (("sequence", "wythoff", "--to", "5", "--misere"), 2),
    (("period", "wythoff"), 2),
    (("rare", "wythoff", "--to", "5"), 2),
    (("table", "take-away:2", "--size", "5"), 2),
]


@pytest.mark.parametrize(("args", "code"), REFUSALS, ids=[" ".join(a)[:60] for a, _ in REFUSALS])
def test_every_refusal_speaks_japanese(
    args: tuple[str, ...], code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the CLI fuzz: "subtraction set element 'a' は整数ではありません", "the Wythoff
    table に … バイト必要", "a search 16,384 moves deep over 0 positions に …": the work a
    memory refusal names, and the element of a game's parameter, were said in English."""
    assert main([*args, "--lang", "ja"], io.StringIO()) == code
    said = capsys.readouterr().err
    assert said.startswith("nimlab: ") and not english_left(said), said


def test_a_file_that_is_no_certificate_is_said_in_japanese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """json's own words ("Expecting value: line 1 column 1 (char 0)") were in the Japanese."""
    for name, text in (("t.json", '{"a": 1'), ("n.json", "[" + "9" * 5000 + "]")):
        (tmp_path / name).write_text(text)
        assert main(["check", str(tmp_path / name), "--lang", "ja"], io.StringIO()) == 2
        said = capsys.readouterr().err
        assert "証明書ではありません" in said and not english_left(said), said


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("subtraction:a", "減算集合の要素 'a' は整数ではありません。例 subtraction:2,4,7。"),
        ("all-but:a", "all-but の集合の要素 'a' は整数ではありません。例 all-but:1,2"),
        ("take-away:x", "take-away の倍率 'x' は整数ではありません。例 take-away:2"),
    ],
)
def test_a_parameter_that_is_no_integer_is_named_in_japanese(
    spec: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", spec, "3", "--lang", "ja"], io.StringIO()) == 2
    assert said in capsys.readouterr().err
