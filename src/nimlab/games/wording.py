"""Moves in words: one English and one Japanese rendering per kind of action, side by side.

The seeds' own terms: 山 (heap), 取る (take), 分割 (split), 削除 (delete).
:data:`RENDERERS` holds both languages of every kind in :data:`ACTIONS`;
a kind without one is a test failure that names it.

>>> render_move(Take(3, 2), "en")
'take 2 from the heap of 3'
>>> render_move(Take(3, 2), "ja")
'3 個の山から 2 個取る'
>>> render_move(SplitDelete(((5, (1, 4)),), (2,)), "ja")
'5 を 1+4 に分割し、2 を削除する'
>>> render_move(InComponent(1, "kayles", Split(4, (1, 3))), "en")
'in kayles (component 2): split the heap of 4 into 1+3'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from nimlab.errors import InvalidOption
from nimlab.games.actions import (
    ACTIONS,
    Action,
    DeleteSplit,
    Heaps,
    InComponent,
    MoveTo,
    RemoveHeap,
    ReplaceHeap,
    Split,
    SplitDelete,
    Take,
    TakeAll,
    TakeAndSplit,
    TakeBoth,
    TakeCapped,
)

LANGUAGES = ("en", "ja")


class HasAction(Protocol):
    """Anything that carries an action: a ``Move``, a ``WinningMove``."""

    @property
    def action(self) -> Action: ...


def render_move(move: Action | HasAction, lang: str) -> str:
    """What ``move`` (a move, or just its action) does, in ``lang`` (``"en"`` or ``"ja"``).

    >>> render_move(TakeCapped(2, 4), "ja")
    '2 個取る（相手は次に 4 個まで取れる）'
    >>> render_move(Take(3, 2), "fr")
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidOption: unknown language 'fr'; accepted: en, ja
    """
    action = move if isinstance(move, Action) else getattr(move, "action", None)
    if not isinstance(action, Action):
        raise TypeError(f"render_move takes a move or an action, not {type(move).__name__}")
    if lang not in LANGUAGES:
        raise InvalidOption(
            f"unknown language {lang!r}; accepted: {', '.join(LANGUAGES)}",
            ja=f"言語 {lang!r} は使えません。使える言語: {', '.join(LANGUAGES)}",
        )
    by_lang = RENDERERS.get(type(action))
    if by_lang is None or lang not in by_lang:
        raise LookupError(f"no {lang} rendering for the move kind {type(action).__name__}")
    return by_lang[lang](action)


def _parts(parts: Heaps) -> str:
    return "+".join(map(str, parts))


def _pair(heaps: Heaps) -> str:
    return "(" + ", ".join(map(str, heaps)) + ")"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _splits_en(splits: tuple[tuple[int, Heaps], ...]) -> str:
    return _and([f"{h} into {_parts(p)}" for h, p in splits])


def _splits_ja(splits: tuple[tuple[int, Heaps], ...]) -> str:
    return "、".join(f"{h} を {_parts(p)}" for h, p in splits)


def _take_en(a: Take) -> str:
    if a.leaving is None:
        return f"take {a.amount} from the heap of {a.heap}"
    return f"take {a.amount} from the heap of {a.heap}, leaving {_pair(a.leaving)}"


def _take_ja(a: Take) -> str:
    if a.leaving is None:
        return f"{a.heap} 個の山から {a.amount} 個取る"
    return f"{a.heap} 個の山から {a.amount} 個取り {_pair(a.leaving)} にする"


Renderer = Callable[[Any], str]

RENDERERS: dict[type[Action], dict[str, Renderer]] = {
    Take: {"en": _take_en, "ja": _take_ja},
    TakeBoth: {
        "en": lambda a: f"take {a.amount} from both heaps, leaving {_pair(a.leaving)}",
        "ja": lambda a: f"両方の山から {a.amount} 個ずつ取り {_pair(a.leaving)} にする",
    },
    TakeAll: {
        "en": lambda a: f"take the whole heap of {a.heap}",
        "ja": lambda a: f"{a.heap} 個の山を全部取る",
    },
    RemoveHeap: {
        "en": lambda a: f"remove the heap of {a.heap}",
        "ja": lambda a: f"{a.heap} 個の山を取り除く",
    },
    Split: {
        "en": lambda a: f"split the heap of {a.heap} into {_parts(a.parts)}",
        "ja": lambda a: f"{a.heap} 個の山を {_parts(a.parts)} に分ける",
    },
    TakeAndSplit: {
        "en": lambda a: f"take {a.amount} from the heap of {a.heap}, leaving {_parts(a.parts)}",
        "ja": lambda a: f"{a.heap} 個の山から {a.amount} 個取り {_parts(a.parts)} に分ける",
    },
    ReplaceHeap: {
        "en": lambda a: f"replace the heap of {a.heap} by {_parts(a.parts)}",
        "ja": lambda a: f"{a.heap} 個の山を {_parts(a.parts)} に置き換える",
    },
    SplitDelete: {
        "en": lambda a: f"split {_splits_en(a.splits)}, delete {_and(list(map(str, a.deleted)))}",
        "ja": lambda a: (
            f"{_splits_ja(a.splits)} に分割し、{'、'.join(map(str, a.deleted))} を削除する"
        ),
    },
    DeleteSplit: {
        "en": lambda a: f"delete {_and(list(map(str, a.deleted)))}, split {_splits_en(a.splits)}",
        "ja": lambda a: (
            f"{'、'.join(map(str, a.deleted))} を削除し、{_splits_ja(a.splits)} に分割する"
        ),
    },
    TakeCapped: {  # nothing left (a limit of 0): the last stones, no opponent's turn to cap
        "en": lambda a: (
            f"take {a.amount} (the opponent may then take up to {a.next_limit})"
            if a.next_limit
            else f"take {a.amount} (the last stones)"
        ),
        "ja": lambda a: (
            f"{a.amount} 個取る（相手は次に {a.next_limit} 個まで取れる）"
            if a.next_limit
            else f"{a.amount} 個取る（最後の石）"
        ),
    },
    InComponent: {
        "en": lambda a: (
            f"in {a.component} (component {a.index + 1}): {render_move(a.action, 'en')}"
        ),
        "ja": lambda a: f"{a.component}（成分 {a.index + 1}）で {render_move(a.action, 'ja')}",
    },
    MoveTo: {
        "en": lambda a: f"move to {a.position}",
        "ja": lambda a: f"局面 {a.position} に移す",
    },
}
"""For every kind of action, its rendering in each of :data:`LANGUAGES`."""

__all__ = ["ACTIONS", "LANGUAGES", "RENDERERS", "render_move"]
