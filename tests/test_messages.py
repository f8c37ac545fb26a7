"""The catalogue of messages: every message in English and Japanese, and every use of it known.

Also every error raised where the command line and the terminal game speak
(the modules in :data:`SPEAKING`) carries its Japanese (``ja=``).
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import string
from pathlib import Path

import pytest

import nimlab
from nimlab import errors
from nimlab.messages import ARGPARSE_JA, LANGUAGES, MESSAGES, say

SRC = Path(nimlab.__file__).parent

SAME_IN_BOTH = {"cli.error"}
"""Messages that are the same in both languages (only a prefix around the message)."""

SPEAKING = ("**/*.py",)
"""The modules whose every error carries Japanese: all of them (the library, the
command line, the terminal game, the web app and the research tools)."""


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_both_languages_with_the_same_placeholders(key: str) -> None:
    en, ja = MESSAGES[key]
    assert en.strip() and ja.strip(), key
    assert fields(en) == fields(ja), key
    if key not in SAME_IN_BOTH:
        assert en != ja, f"{key}: the Japanese is the English"
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja) or key in SAME_IN_BOTH, key


def _said_keys() -> set[tuple[str, str]]:
    """``(file, key)`` of every ``say("key", ...)`` with a literal key in the package."""
    found = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "say"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and len(node.args) >= 2
                and "." in node.args[0].value
            ):
                found.add((path.name, node.args[0].value))
    return found


def test_every_key_said_is_in_the_catalogue() -> None:
    said = _said_keys()
    assert len(said) > 50
    missing = {(f, k) for f, k in said if k not in MESSAGES and not k.endswith(".")}
    assert not missing, missing


def test_say_fills_in_each_language() -> None:
    assert say("play.undone", "en", k=2, pos="3,4") == "undone 2 moves; position 3,4"
    assert say("play.undone", "ja", k=2, pos="3,4") == "2 手戻しました。局面 3,4"
    assert LANGUAGES == ("en", "ja")


def test_argparse_messages_are_argparse_s_own_and_translated() -> None:
    source = inspect.getsource(argparse)
    for msgid, ja in ARGPARSE_JA.items():
        assert repr(msgid) in source or f'"{msgid}"' in source, msgid
        assert ja != msgid
        assert sorted(re.findall(r"%\(?\w*\)?[rs]", msgid)) == sorted(
            re.findall(r"%\(?\w*\)?[rs]", ja)
        ), msgid


ERROR_CLASSES = {
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, errors.NimlabError)
} | {"FieldError"}  # the web app's error for one field of a request (nimlab.web.jobs)


def _errors_without_japanese(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        call = node.exc
        name = getattr(call.func, "id", getattr(call.func, "attr", ""))
        if name not in ERROR_CLASSES:
            continue
        if not any(k.arg == "ja" for k in call.keywords):
            bad.append(f"{path.relative_to(SRC)}:{node.lineno} {name}")
    return bad


def test_every_error_where_the_command_line_speaks_has_japanese() -> None:
    paths = sorted({p for pattern in SPEAKING for p in SRC.glob(pattern)})
    assert len(paths) > 100
    missing = [line for p in paths for line in _errors_without_japanese(p)]
    assert not missing, "errors without ja=: " + ", ".join(missing)


def test_errors_render_in_japanese_with_the_flag_names() -> None:
    from nimlab.cli.flags import FLAGS

    e = errors.TooLarge("over 10 states", "max_states", ja="10 状態を超える")
    assert e.render(FLAGS, "ja") == "10 状態を超える。上限は --max-states で引き上げられます"
    assert e.render(FLAGS) == "over 10 states; raise the limit with --max-states"
    plain = errors.InvalidOption("no Japanese")
    assert plain.render(None, "ja") == "no Japanese"  # falls back, never loses the message


def test_every_memory_check_names_its_work_in_japanese() -> None:
    """A memory refusal names the work that needs the bytes: "the Wythoff table に …
    バイト必要" was English inside the Japanese. Every check_memory call in nimlab gives
    its ``ja=`` (the library's callers may leave it out: the English is said then)."""
    calls = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and "check_memory" in (
                getattr(node.func, "attr", None),
                getattr(node.func, "id", None),
            ):
                calls.append((f"{path.relative_to(SRC)}:{node.lineno}", node))
    assert len(calls) > 20
    missing = [where for where, call in calls if not any(k.arg == "ja" for k in call.keywords)]
    assert not missing, "check_memory without ja=: " + ", ".join(missing)


def test_every_seed_table_a_game_cites_has_its_japanese() -> None:
    """``table nim --size 3 --origin 1 --lang ja`` ended "— Table 5 of seed 001 (Nim, …)"
    in English (helper audit)."""
    from nimlab.games.split_delete import DELETE_VARIANTS, SPLIT_DELETE_VARIANTS
    from nimlab.messages import PAPER_TABLES_JA, paper_table_words
    from nimlab.registry import game, names

    specs = [*names(), *(f"split-delete-nim:{v}" for v in SPLIT_DELETE_VARIANTS)]
    specs += [f"delete-nim:{v}" for v in DELETE_VARIANTS]
    cited = set()
    for spec in specs:
        try:
            caps = game(spec).capabilities
        except nimlab.NimlabError:
            continue  # a family that needs a parameter
        cited |= {s for s in (caps.grundy_table_source, caps.p_matrix_source) if s}
    assert cited and cited <= set(PAPER_TABLES_JA)
    for source in cited:
        assert paper_table_words(source, "en") == source
        assert "seed" not in paper_table_words(source, "ja")
