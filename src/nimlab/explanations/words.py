"""The words of explanations in English and Japanese (the seeds' own terms).

>>> say("ja", "{n} stones", "石が{n}個", n=3)
'石が3個'
>>> outcome_words("P", "ja")
'後手必勝（P 局面：手番のプレイヤーが負ける）'
"""

from __future__ import annotations

from nimlab.errors import InvalidOption
from nimlab.games.actions import Action
from nimlab.games.wording import LANGUAGES, HasAction, render_move


def check_lang(lang: str) -> str:
    """``lang`` if it is a supported language, else ``InvalidOption`` naming them."""
    if lang not in LANGUAGES:
        raise InvalidOption(
            f"unknown language {lang!r}; accepted: {', '.join(LANGUAGES)}",
            ja=f"言語 {lang!r} は使えません。使える言語: {', '.join(LANGUAGES)}",
        )
    return lang


def say(lang: str, en: str, ja: str, **values: object) -> str:
    """The sentence in ``lang``, with ``values`` filled in."""
    return (ja if lang == "ja" else en).format(**values)


def outcome_words(outcome: str, lang: str) -> str:
    """What P and N mean, in the seeds' terms (先手必勝 / 後手必勝)."""
    if outcome == "N":
        return say(
            lang,
            "N-position: the player to move wins",
            "先手必勝（N 局面：手番のプレイヤーが勝つ）",
        )
    return say(
        lang,
        "P-position: the player to move loses (the previous player wins)",
        "後手必勝（P 局面：手番のプレイヤーが負ける）",
    )


def binary_column(values: list[int], total: int, lang: str, label: str = "⊕") -> list[str]:
    """Seed 003's column addition without carries: each value in binary, then their nim-sum."""
    width = max(1, *(v.bit_length() for v in [*values, total]))
    number = max(len(str(v)) for v in [*values, total])
    lines = [f"  {v:>{number}} = {v:0{width}b}" for v in values]
    lines.append(f"{label} {'':>{number}}   {'─' * width}")
    name = say(lang, "nim-sum", "ニム和")
    lines.append(f"  {total:>{number}} = {total:0{width}b}   ({name})")
    return lines


def move_words(move: Action | HasAction, lang: str) -> str:
    """What a move (or its action) does, in ``lang``: :func:`nimlab.games.wording.render_move`.

    >>> from nimlab.games.actions import Take
    >>> move_words(Take(3, 2), "ja")
    '3 個の山から 2 個取る'
    """
    return render_move(move, lang)
