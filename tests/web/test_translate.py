"""Every text the engine writes for a move or a method reads in Japanese."""

from __future__ import annotations

import re
from itertools import islice

import pytest

from nimlab.errors import InvalidOption
from nimlab.registry import FAMILIES, game
from nimlab.solve.engine import analyze
from nimlab.solve.methods import Method, criterion_method, render_method, search_method
from nimlab.web import translate
from nimlab.web.jobs import example_position
from strategies import SPECS

POSITIONS = {
    "octal:4.07": ["6"],
    "octal:0.6": ["4,5"],
    "octal:0.137": ["7,1"],
    "delete-nim:all-but-one": ["3,5,6"],
    "delete-nim:less-than-half": ["3,4,5,6"],
    "split-delete-nim:half": ["3,4,5,6"],
}


NAMES = {
    "Bouton",
    "Wythoff",
    "Plambeck",
    "Siegel",
    "Whinihan",
    "Schwenk",
    "Conway",
    "Abuku",
    "Suetsugu",
    "Guy",
    "Smith",
    "mex",
    "mod",
    "down",
}
"""People's names and function names (mex, mod, up, down) stay as they are in Japanese."""


def english_words(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z]{3,}", text)
    return [w for w in words if w not in NAMES and not re.fullmatch("[IVX]+", w)]


@pytest.mark.parametrize("spec", SPECS)
def test_every_move_text_of_every_game_translates(spec: str) -> None:
    g = game(spec)
    for text in POSITIONS.get(spec, [example_position(g)]):
        for move in islice(g.moves(g.parse_position(text)), 400):
            ja = translate.move_text("ja", move)
            leftover = [w for w in english_words(ja) if w not in spec and w not in g.spec]
            assert not leftover, (spec, move.text, ja)


@pytest.mark.parametrize(
    ("spec", "position"),
    [("nim", "3,4,5"), ("wythoff", "4,6"), ("nim + kayles", "3 + 4"), ("grundy-game", "9")],
)
def test_methods_translate(spec: str, position: str) -> None:
    # Methods are values now, rendered in Japanese from their fields (never parsed back).
    how = analyze(spec, position).how
    assert how is not None
    ja = render_method(how, "ja")
    assert not english_words(ja), (how, ja)
    assert render_method(search_method(12, misere=True), "ja") == (
        "ミゼールのゲームグラフ全探索(12 局面)"
    )


def test_criteria_translate() -> None:
    guy_smith = criterion_method("guy-smith", 2, "Guy–Smith criterion (t = 2)")
    assert render_method(guy_smith, "ja") == "Guy–Smith の判定法(t = 2)"
    window = criterion_method("window", 7, "max(S)-window criterion (a window of 7 values repeats)")
    assert "窓" in render_method(window, "ja")


def test_a_method_without_words_is_refused_naming_it() -> None:
    # It used to be shown in English as written; now a missing rendering is an error.
    with pytest.raises(InvalidOption, match="a-new-theorem"):
        render_method(Method("a-new-theorem", "a new theorem"), "ja")


def test_moves_are_rendered_from_their_action_never_parsed() -> None:
    with pytest.raises(TypeError):
        translate.move_text("ja", "something new")  # type: ignore[arg-type]
    a = analyze("nim + kayles", "3 + 4")
    assert [translate.move_text("ja", m) for m in a.winning_moves] == [
        "nim（成分 1）で 3 個の山から 2 個取る",
        "octal:0.77（成分 2）で 4 個の山から 1 個取る",
        "octal:0.77（成分 2）で 4 個の山から 1 個取り 1+2 に分ける",
    ]


def test_families_and_seeds_in_both_languages() -> None:
    for family in FAMILIES.values():
        rule, strategy = translate.family_text("ja", family.name, family.rule, family.strategy)
        assert rule != family.rule and strategy != family.strategy
        assert translate.family_name("ja", family.name) != family.name
        if family.parameter:
            said = translate.family_parameter("ja", family.name, family.parameter)
            assert said != family.parameter and said.split(":")[0] == family.parameter.split(":")[0]
        for code, title in translate.seed_refs("ja", family.seed):
            assert title and (code == "" or code in translate.SEEDS)
    assert translate.seed_refs("en", "000, 004") == [
        ("000", translate.SEEDS["000"][0]),
        ("004", translate.SEEDS["004"][0]),
    ]
    assert translate.seed_refs("ja", "001 (mentioned)")[0][1].endswith("(言及のみ)")
    assert translate.seed_refs("ja", "beyond the seeds")[0][0] == ""


def test_every_oracle_reads_in_japanese() -> None:
    from nimlab.solve.oracles import oracles

    for oracle in oracles():
        assert oracle.title_ja and oracle.source_ja, oracle.name
        ja = render_method(oracle.how, "ja")
        assert not english_words(ja), (oracle.method, ja)
    game_two = next(o for o in oracles() if o.name == "game-two")
    assert game_two.source_ja == "シード 000 §2, ゲーム II の定理"


def test_every_named_game_has_its_japanese_words() -> None:
    from nimlab.registry import FAMILIES
    from nimlab.web.translate import NAMED_JA

    named = {alias for family in FAMILIES.values() for alias, _, _ in family.named}
    assert named == set(NAMED_JA)
