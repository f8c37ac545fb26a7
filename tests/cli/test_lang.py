"""``--lang`` on every command: text and errors in Japanese, JSON the same in both languages."""

from __future__ import annotations

import argparse
import io
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.cli.main import build_parser, main


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(args), out), out.getvalue()


def test_every_command_takes_lang() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert len(sub.choices) > 15
    for name, p in sub.choices.items():
        lang = next((a for a in p._actions if "--lang" in a.option_strings), None)
        assert lang is not None and tuple(lang.choices or ()) == ("en", "ja"), name


@pytest.mark.parametrize(
    ("args", "english", "japanese"),
    [
        (["analyze", "nim", "3,4,5"], "winning moves:", "必勝手:"),
        (["sequence", "kayles", "--to", "8"], "Grundy values G(n) of single heaps", "グランディ数"),
        (["period", "subtraction:2,4,7"], "periodic with preperiod 8", "前周期 8"),
        (["table", "nim", "--size", "3"], "rows a, columns b", "行 a、列 b"),
        (
            ["ppositions", "nim", "--heaps", "2", "--max", "1"],
            "2 P-positions with 2 heaps",
            "P 局面 2 個",
        ),
        (["games"], "Sums: join games", "ゲームの和"),
        (["quotient", "nim", "--max-heap", "2"], "misère quotient", "ミゼール商"),
        (["genus", "nim", "--to", "3"], "Conway's genus", "コンウェイの属"),
        (["wythoff-table", "--to", "3"], "Wythoff's game", "ワイトホフのゲーム"),
    ],
)
def test_text_speaks_the_language_and_json_does_not_change(
    args: list[str], english: str, japanese: str
) -> None:
    code, en = run(*args)
    assert code == 0 and english in en
    code, ja = run(*args, "--lang", "ja")
    assert code == 0 and japanese in ja and english not in ja
    assert run(*args, "--json")[1] == run(*args, "--json", "--lang", "ja")[1]


def test_errors_speak_the_language_on_stderr_and_english_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run("analyze", "nimm", "3", "--lang", "ja", "--json")
    assert code == 2 and '"unknown game' in out
    assert "ゲーム 'nimm' は不明です" in capsys.readouterr().err
    assert run("analyze", "nim", "--lang", "ja")[0] == 2  # argparse's own error
    assert "次の引数が必要です: POSITION" in capsys.readouterr().err
    assert run("analyze", "nim", "3", "--max-states", "x", "--lang=ja")[0] == 2
    assert "'x' は整数ではありません" in capsys.readouterr().err
    assert run("sequence", "kayles", "--to", "100000", "--max-states", "10", "--lang", "ja")[0] == 3
    assert "上限は --max-states で引き上げられます" in capsys.readouterr().err
    assert run("analyze", "nim", "--lang", "en")[0] == 2  # and back to English
    assert "the following arguments are required" in capsys.readouterr().err


def test_the_default_comes_from_nimlab_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NIMLAB_LANG", "ja")
    assert "必勝手" in run("analyze", "nim", "3,4,5")[1]
    assert "winning moves" in run("analyze", "nim", "3,4,5", "--lang", "en")[1]
    monkeypatch.setenv("NIMLAB_LANG", "fr")  # not a language of nimlab: English
    assert "winning moves" in run("analyze", "nim", "3,4,5")[1]


@pytest.mark.parametrize("before", [["--lang", "ja"], ["--lang=ja"]])
def test_lang_may_come_before_the_command(before: list[str]) -> None:
    code, text = run(*before, "analyze", "nim", "3,4,5")
    assert code == 0 and "必勝手:" in text
    assert (
        run(*before, "analyze", "nim", "3,4,5", "--lang", "en")[1]
        == run("analyze", "nim", "3,4,5")[1]
    )  # the last --lang wins


def test_errors_of_a_command_after_a_leading_lang_speak_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _ = run("--lang", "ja", "analyze", "nim", "3,x")
    assert code == 2
    assert "局面" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "meant"),
    [
        (["analyze", "nim", "3,4", "--js"], "--json"),
        (["analyze", "nim", "3,x", "--la", "ja"], "--lang"),
        (["analyze", "nim", "3,x", "--la=ja"], "--lang"),
        (["--la", "ja", "analyze", "nim", "3,x"], "--lang"),
        (["sequence", "kayles", "--to", "5", "--max-st", "10"], "--max-states"),
        (["sequence", "kayles", "--to", "5", "--max-s", "10"], "--max-seconds, --max-states"),
        (["--vers"], "--version"),
        (["sequence", "nim", "--t", "5"], "--to"),  # was: only "--to is required"
        (["period", "kayles", "--max-l", "9"], "--max-length"),
    ],
)
def test_an_abbreviated_option_is_refused_naming_the_option(
    args: list[str], meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the CLI fuzz: argparse read ``--js`` as ``--json`` and ``--la ja`` as
    ``--lang ja``, but the error format and language are read off the raw arguments before
    parsing, so an abbreviation lost them. Options are written in full, everywhere."""
    code, out = run(*args)
    err = capsys.readouterr().err
    assert code == 2 and out == "", out
    assert f"did you mean {meant}?" in err and err.count("\n") == 1, err
    code, out = run(*args, "--json", "--lang", "ja")  # in full: the format and language hold
    err = capsys.readouterr().err
    assert code == 2 and f"{meant} のことですか" in err, err
    assert f"did you mean {meant}?" in json.loads(out)["error"]["message"]


def test_no_parser_reads_abbreviations() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert not parser.allow_abbrev
    assert not [name for name, p in sub.choices.items() if p.allow_abbrev]


def test_lang_alone_shows_the_help_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run("--lang", "ja")
    assert code == 2
    assert "使い方" in text


def _texts(parser: argparse.ArgumentParser, where: str) -> list[tuple[str, str]]:
    """``(where, text)`` of every help text, description and epilog of ``parser`` and below."""
    found = [(where + " description", parser.description or "")]
    found.append((where + " epilog", parser.epilog or ""))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                found.append((f"{where} {choice.dest}", choice.help or ""))
            for name, sub in action.choices.items():
                found += _texts(sub, f"{where} {name}")
        elif action.help not in (None, argparse.SUPPRESS) and "-h" not in action.option_strings:
            # (-h is argparse's own, translated through ARGPARSE_JA)
            found.append((f"{where} {action.option_strings or action.dest}", action.help or ""))
    return [(w, t) for w, t in found if t]


def test_every_help_text_of_every_command_has_its_japanese() -> None:
    from nimlab.messages import Said, in_lang

    texts = _texts(build_parser(), "nimlab")
    assert len(texts) > 100
    missing = [
        w for w, t in texts if not (isinstance(t, Said) and JAPANESE.search(in_lang(t, "ja")))
    ]
    # the Japanese is said where the English is: its placeholders the same
    for where, text in texts:
        assert text.count("%") == in_lang(text, "ja").count("%"), where
    assert not missing, "help without Japanese: " + "; ".join(missing)


@pytest.mark.parametrize("command", ["analyze", "sequence", "sweep", "serve", "quotient", "rare"])
def test_help_in_japanese_is_japanese_and_fits_the_terminal(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import unicodedata

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main([command, "--help", "--lang", "ja"])
    text = capsys.readouterr().out
    assert "例:" in text and "オプション:" in text
    assert "print JSON instead of text" not in text and "refuse work over" not in text
    for line in text.splitlines():
        columns = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
        assert columns <= 81 or line.startswith("  nimlab "), line  # examples are as written


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["山", "の", "値", "。", "、", "）", "（", "ニム", "--max-states"]),
            st.from_regex(r"[a-z0-9.,:]{1,12}", fullmatch=True),
            st.just(" "),
        ),
        max_size=40,
    ).map("".join),
    st.integers(8, 60),
)
def test_wrapping_japanese_keeps_every_character_and_the_width(text: str, width: int) -> None:
    from nimlab.cli.options import WIDE, wrap_wide

    lines = wrap_wide(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost or added
    for line in lines:
        columns = len(line) + len(WIDE.findall(line))
        words = line.split()
        longest = max((len(w) + len(WIDE.findall(w)) for w in words), default=0)
        # a line keeps to the width, but for one word longer than it or a closing mark
        assert columns <= width + 2 or longest > width, (line, width)


def test_only_one_closing_mark_sticks_out_a_second_takes_a_character_down() -> None:
    from nimlab.cli.options import wrap_wide

    # found by the property above: two marks in a row stuck out four columns
    assert wrap_wide("山 山山。。", 8) == ["山 山", "山。。"]


def test_a_refused_command_line_in_japanese_writes_english_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # --json values stay the same in both languages; argparse's words came out Japanese.
    out = io.StringIO()
    assert main(["sequence", "nim", "--to", "x", "--lang", "ja", "--json"], out) == 2
    message = json.loads(out.getvalue())["error"]["message"]
    assert message.startswith("argument --to: 'x' is not an integer"), message
    assert "整数ではありません" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "position", "needs"),
    [
        ("wythoff", "1,2,3", "ちょうど 2 個の山"),
        ("split-delete-nim:single", "4", "2 個以上の山"),
        ("delete-nim:all-but-one", "5", "2 個以上の山"),
        ("split-delete-nim:half", "3,4,5", "偶数個の山"),
    ],
)
def test_the_heap_count_a_game_needs_is_said_in_japanese(
    game: str, position: str, needs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by the web audit: "wythoff には exactly 2 heaps が必要です"
    assert main(["analyze", game, position, "--lang", "ja"], io.StringIO()) == 2
    error = capsys.readouterr().err
    assert f"には {needs} が必要です" in error and "heaps" not in error, error


def test_the_language_of_one_command_does_not_carry_over_to_the_next_call() -> None:
    """After `main([... "--lang", "ja"])` in one process, argument checks kept speaking
    Japanese: the doctests of nimlab.cli.research failed when run after this module."""
    from nimlab.cli.options import current
    from nimlab.cli.research import _int

    assert current() == "en"
    assert main(["analyze", "nim", "3", "--lang", "ja"], out=io.StringIO()) == 0
    assert main(["analyze", "nim", "x", "--lang", "ja"], out=io.StringIO()) == 2
    assert current() == "en"
    with pytest.raises(argparse.ArgumentTypeError, match="is not an integer from 0"):
        _int("-3")
