"""``--rules FILE.py``: a user's games on every command, and one-line errors for bad files."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import nimlab
from nimlab.cli.main import build_parser, main
from nimlab.errors import InvalidOption
from nimlab.registry import USER_RULES
from nimlab.rules import load_rules

MINE = """\
import nimlab

halving = nimlab.heap_game(lambda n: [n // 2] if n else [], name="halving")


class TakeOneTwoOrFive(nimlab.HeapRuleset):
    def heap_options(self, n):
        return [(n - k,) for k in (1, 2, 5) if k <= n]


t125 = TakeOneTwoOrFive()
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nimlab", *args], capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    path = tmp_path / "mine.py"
    path.write_text(MINE)
    return path


def test_every_command_takes_rules() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, p in sub.choices.items():  # type: ignore[attr-defined]
        assert any("--rules" in a.option_strings for a in p._actions), name


def test_user_rulesets_are_named_by_their_spec(mine: Path) -> None:
    r = run("sequence", "TakeOneTwoOrFive", "--to", "12", "--rules", str(mine), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["values"] == [n % 3 for n in range(12)]
    r = run("analyze", "halving + nim", "9 + 3", "--rules", str(mine), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["grundy"] == 0 ^ 3
    r = run("explain", "halving", "5", "--rules", str(mine))
    assert r.returncode == 0 and "take 3 from the heap of 5" in r.stdout
    r = run("games", "--rules", str(mine), "--json")
    assert json.loads(r.stdout)["rules"] == ["halving", "TakeOneTwoOrFive"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "no such file"),
        ("import nimlab\nx = (\n", "{file}:2: syntax error: '(' was never closed"),
        ("x = 1\n", "{file} defines no ruleset at module level"),
        ("x = 1 / 0\n", "{file}:1: ZeroDivisionError: division by zero"),
        ("raise SystemExit(5)\n", "{file}:1: SystemExit: 5"),  # the CLI audit: it exited 5
        ("x = " + "1+" * 10_000 + "1\n", "{file}: too deeply nested"),  # a RecursionError
        (
            "import nimlab\nnim = nimlab.heap_game(lambda n: [], name='kayles')\n",
            "{file}: the ruleset 'kayles' has the name of the built-in game 'octal:0.77'",
        ),
        (
            "import nimlab\na = nimlab.heap_game(lambda n: [], name='g')\n"
            "b = nimlab.heap_game(lambda n: [n - 1] if n else [], name='g')\n",
            "two different rulesets are named 'g'",
        ),
    ],
)
def test_bad_files_are_one_line_exit_2(tmp_path: Path, text: str | None, message: str) -> None:
    file = tmp_path / "games.py"
    if text is not None:
        file.write_text(text)
    r = run("analyze", "nim", "3", "--rules", str(file))
    assert r.returncode == 2
    assert r.stderr.strip() == "nimlab: " + r.stderr.strip().removeprefix("nimlab: ")
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert message.format(file=file) in r.stderr


def test_a_file_that_fails_as_it_loads_is_told_in_the_language_asked(tmp_path: Path) -> None:
    """Under ``--lang ja`` the message was the file's exception alone, in English (fuzz)."""
    file = tmp_path / "games.py"
    file.write_text("raise ValueError('boom')\n")
    r = run("--lang", "ja", "analyze", "nim", "3", "--rules", str(file))
    assert r.returncode == 2
    assert f"{file}:1: ValueError: boom（ファイルの読み込み中に起きたエラー）" in r.stderr
    r = run("analyze", "nim", "3", "--rules", str(file))
    assert f"{file}:1: ValueError: boom (raised as the file was loaded)" in r.stderr


def test_a_binary_rules_file_is_no_python_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As for ``nimlab check`` of a binary file: not 'cannot read it ('utf-8' codec can't
    decode byte 0xff ...)', in English under --lang ja too."""
    from nimlab.cli.main import main

    file = tmp_path / "games.py"
    file.write_bytes(b"\xff\xfe\x00x = 1\n")
    assert main(["analyze", "nim", "3", "--rules", str(file)]) == 2
    assert f"--rules {file}: not a Python file (not UTF-8 text)" in capsys.readouterr().err
    assert main(["analyze", "nim", "3", "--rules", str(file), "--lang", "ja"]) == 2
    err = capsys.readouterr().err
    assert "Python のファイルではありません（UTF-8 のテキストではない）" in err, err


def test_a_ruleset_failing_at_work_is_one_line(tmp_path: Path) -> None:
    file = tmp_path / "bad.py"
    file.write_text("import nimlab\nbad = nimlab.heap_game(lambda n: 1 / 0, name='bad')\n")
    r = run("analyze", "bad", "3", "--rules", str(file))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"a ruleset of {file} failed: ZeroDivisionError" in r.stderr
    # Found by the CLI audit: exit() inside a ruleset's function ended nimlab with its code.
    file.write_text(
        "import nimlab, sys\nbad = nimlab.heap_game(lambda n: sys.exit(9), name='bad')\n"
    )
    r = run("analyze", "bad", "3", "--rules", str(file))
    assert r.returncode == 2 and f"a ruleset of {file} failed: SystemExit: 9" in r.stderr


def test_serve_refuses_rules(mine: Path) -> None:
    err = io.StringIO()
    code = main(["serve", "--rules", str(mine)], out=err)
    assert code == 2


def test_loading_again_replaces_the_files_own_rulesets(mine: Path) -> None:
    first = load_rules(mine)
    again = load_rules(mine)  # a notebook cell run twice
    assert [g.spec for g in again] == [g.spec for g in first]
    assert USER_RULES["halving"] is again[0]
    assert nimlab.analyze("halving", "9").outcome == "P"


def test_games_lists_the_files_rulesets_after_every_family_and_its_facts(mine: Path) -> None:
    """Found by the CLI audit: with --rules, the last family's known facts were printed under
    "From --rules" (a loop variable left over); without it, no family showed its facts."""
    out = io.StringIO()
    assert main(["games", "--rules", str(mine)], out) == 0
    text = out.getvalue()
    families, rules = text.split("\nFrom --rules", 1)
    assert "known" not in rules
    squares = families.split("subtraction:squares\n", 1)[1].split("\n", 1)[1]
    assert squares.split("    try")[0].count("    known") == 2  # Golomb; Furstenberg–Sárközy


@pytest.mark.parametrize(("where", "said"), [("/tmp", "a folder"), ("/dev/null", "not a regular")])
def test_a_path_that_is_no_file_is_named_for_what_it_is(where: str, said: str) -> None:
    """Found by the API audit of 2026-11-28: a folder and /dev/null were "no such file"."""
    with pytest.raises(InvalidOption, match=f"--rules {where}: {said}"):
        nimlab.load_rules(where)
