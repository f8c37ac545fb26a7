"""Every kind of move has an English and a Japanese rendering, kept side by side."""

from __future__ import annotations

import re

import pytest
from hypothesis import given

from nimlab.errors import InvalidOption
from nimlab.games.actions import ACTIONS, Action, InComponent, MoveTo, ReplaceHeap, Take
from nimlab.games.base import Move
from nimlab.games.wording import LANGUAGES, RENDERERS, Renderer, render_move
from strategies_moves import EXAMPLES, actions


def missing_renderings(renderers: dict[type[Action], dict[str, Renderer]]) -> list[str]:
    """``Kind: lang`` for each kind of action (every subclass) without a rendering in lang."""
    return [
        f"{kind.__name__}: {lang}"
        for kind in Action.__subclasses__()
        for lang in LANGUAGES
        if lang not in renderers.get(kind, {})
    ]


def test_every_kind_of_move_renders_in_every_language() -> None:
    assert missing_renderings(RENDERERS) == []
    assert set(RENDERERS) == set(ACTIONS)


def test_a_missing_japanese_rendering_fails_naming_its_kind() -> None:
    without = {kind: dict(by_lang) for kind, by_lang in RENDERERS.items()}
    del without[ReplaceHeap]["ja"]
    assert missing_renderings(without) == ["ReplaceHeap: ja"]
    del without[Take]
    assert missing_renderings(without) == ["Take: en", "Take: ja", "ReplaceHeap: ja"]


def test_render_move_names_a_kind_it_cannot_render(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RENDERERS, ReplaceHeap, {"en": RENDERERS[ReplaceHeap]["en"]})
    with pytest.raises(LookupError, match="no ja rendering for the move kind ReplaceHeap"):
        render_move(ReplaceHeap(7, (1, 2)), "ja")


@pytest.mark.parametrize("action", EXAMPLES, ids=repr)
def test_japanese_says_it_in_japanese(action: Action) -> None:
    en, ja = render_move(action, "en"), render_move(action, "ja")
    assert en and ja and en != ja
    specs = {a.component for a in [action] if isinstance(a, InComponent)}
    leftover = [w for w in re.findall(r"[A-Za-z]{3,}", ja) if not any(w in s for s in specs)]
    assert not leftover, (action, ja)
    for number in re.findall(r"\d+", en):  # every number of the English is said in Japanese
        assert number in ja, (action, number, ja)


@given(actions())
def test_any_action_renders_in_both_languages(action: Action) -> None:
    assert render_move(action, "en") and render_move(action, "ja")


def test_a_move_and_its_action_render_alike() -> None:
    move = Move((1, 4, 5), Take(3, 2))
    assert render_move(move, "ja") == render_move(move.action, "ja") == move.words("ja")
    assert render_move(move, "en") == move.text == "take 2 from the heap of 3"


def test_only_moves_and_known_languages() -> None:
    with pytest.raises(InvalidOption, match="accepted: en, ja"):
        render_move(MoveTo("3"), "de")
    with pytest.raises(TypeError, match="not str"):
        render_move("take 2 from the heap of 3", "ja")  # type: ignore[arg-type]
