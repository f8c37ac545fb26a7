"""Moves a person types, checked without listing every move of a huge position.

A move can be typed as the position it leads to (``1,4,5``; ``20/4``;
``3,4 + 5``), as ``take K`` (take-away games, or a single heap), ``take K from H``
(from a heap of H), ``take K from both`` (Wythoff), or ``#N`` for the N-th move
of the list ``moves`` prints. Legality is the ruleset's ``move_to``: decided by the
rules for the games whose positions can be huge (heap games, Wythoff, take-away,
sums, every split/delete variant), by listing the moves otherwise.

>>> from nimlab.registry import game
>>> find_move(game("nim"), (3, 4, 5), "take 2 from 3").to
(1, 4, 5)
>>> find_move(game("wythoff"), (1000, 2000), "618,1000").text
'take 1382 from the heap of 2000, leaving (1000, 618)'
>>> find_move(game("fibonacci-nim"), (20, 19), "take 3").to
(17, 6)
"""

from __future__ import annotations

import re
from itertools import islice, product

from nimlab.errors import IllegalMove, InvalidPosition
from nimlab.games.actions import TakeBoth
from nimlab.games.base import MAX_DIGITS, Move, Position, Ruleset, as_heap_ruleset
from nimlab.games.capabilities import DIAGONAL, REDUCE
from nimlab.games.take_away import capped_take

LISTED = 12
"""Moves spelled out when legal moves are described, and listed by ``moves`` for ``#N``."""
ECHO = 60
"""Characters of a refused move quoted back (a pasted page is not echoed whole)."""
HALF_WIDTH = {0xFF01 + i: 0x21 + i for i in range(94)} | {0x3000: 0x20}
"""Full-width ASCII (what a Japanese input method types: ``１，４，５``) to ASCII. Other
digits (``²``, ``٣``) stay as typed, and are refused."""

_TAKE = re.compile(
    r"take\s+([0-9]+)(?:\s+from\s+(?:the\s+heap\s+of\s+|a\s+heap\s+of\s+)?([0-9]+|both))?"
)


def _queen(game: Ruleset) -> bool:
    """Whether the game moves as a chess queen on two heaps: from one heap, or the same
    number from both (Wythoff's moves, read off its capabilities)."""
    return game.capabilities.two_heap_kernel == REDUCE | DIAGONAL


def _subtraction_set(game: Ruleset) -> tuple[int, ...] | None:
    kernel = game.capabilities.one_heap
    return (kernel.subtraction_set or None) if kernel is not None else None


def find_move(
    game: Ruleset, position: Position, text: str, listed: list[Move] | None = None
) -> Move:
    """The legal move ``text`` names, or ``IllegalMove`` describing the legal moves.

    Full-width digits and commas (``１，４，５``) read as ASCII ones; an emptied heap
    may be typed or left out (``2,3`` from ``0,3,3`` in Nim; ``5`` or ``0,5`` from ``2,5``
    in Kayles), whichever way the game writes its positions.
    """
    typed = text.translate(HALF_WIDTH).strip()
    longest = max((len(run) for run in re.findall(r"[0-9]+", typed)), default=0)
    if longest > MAX_DIGITS:
        raise IllegalMove(
            f"a number in the move has {longest:,} digits; at most {MAX_DIGITS} are accepted",
            ja=f"手の中の数が {longest:,} 桁あります。{MAX_DIGITS} 桁までです",
        )
    if typed.startswith("#"):
        return _by_index(game, position, typed, listed)
    to = _target(game, position, typed.lower())
    move = legal_move(game, position, to)
    if move is None:
        move = next(
            filter(None, (legal_move(game, position, t) for t in _spellings(game, position, to))),
            None,
        )
    both = _TAKE.fullmatch(typed.lower())
    if move is not None and both is not None and both.group(2) == "both" and _queen(game):
        # the same number from both heaps, as typed (not the one-heap move that reaches
        # the same heaps: take 1 from both at 1,2 is not "take 2 from the heap of 2")
        k = int(both.group(1))
        move = Move(move.to, TakeBoth(k, (position[0] - k, position[1] - k)))
    if move is None:
        at = game.format_position(position)
        raise IllegalMove(
            f"{_echo(typed)} is not a legal move from {at}; legal moves: "
            f"{describe(game, position)}",
            ja=f"{_echo(typed)} は {at} からの合法手ではありません。合法手: "
            f"{describe(game, position, 'ja')}",
        )
    return move


def _echo(typed: str) -> str:
    """The typed text quoted back, cut after :data:`ECHO` characters."""
    return repr(_cut(typed, ECHO))


def _cut(text: str, most: int = 4 * ECHO) -> str:
    """``text``, or its first ``most`` characters and "…" (a reason that quotes the line)."""
    return text if len(text) <= most else text[:most] + "…"


def _emptied(position: Position, to: Position) -> list[Position]:
    """``to`` with its empty heaps left out, and with the heaps a move emptied put back
    as zeros: the same heaps, written as the game may write them.

    >>> _emptied((0, 0, 1), (0,))  # the last stone taken, typed as 0
    [(), (0, 0, 0)]
    """
    heaps = [h for h in to if h != 0]  # (a negative heap is no emptied one: it stays wrong)
    forms: list[Position] = []
    if len(heaps) < len(to):
        forms.append(tuple(heaps))
    if len(heaps) < len(position):
        forms.append(tuple(sorted([0] * (len(position) - len(heaps)) + heaps)))
    return [f for f in forms if f != tuple(to)]


SPELLINGS = 64
"""The most spellings of a sum's position tried, a few per component."""


def _spellings(game: Ruleset, position: Position, to: Position) -> list[Position]:
    """Other ways of writing the heaps of ``to`` (:func:`_emptied`): of a heap game's
    position, or of each heap game in a sum (``3,4 + 2`` from ``0,3,5 + 2``)."""
    if as_heap_ruleset(game) is not None:
        return _emptied(position, to)
    parts = game.summands()
    if not parts or len(to) != len(parts) or len(position) != len(parts):
        return []
    each = [
        [t, *(_emptied(p, t) if as_heap_ruleset(c) is not None else [])]
        for c, p, t in zip(parts, position, to, strict=True)
    ]
    return [tuple(f) for f in islice(product(*each), SPELLINGS) if tuple(f) != tuple(to)]


def _by_index(game: Ruleset, position: Position, typed: str, listed: list[Move] | None) -> Move:
    moves = listed if listed is not None else game.some_moves(position, LISTED)
    if not re.fullmatch(r"#[0-9]+", typed) or not 1 <= int(typed[1:]) <= len(moves):
        raise IllegalMove(
            f"{_echo(typed)}: type #1 to #{len(moves)} for a listed move; legal moves: "
            f"{describe(game, position)}",
            ja=f"{_echo(typed)}: 一覧の手は #1 から #{len(moves)} で指定します。合法手: "
            f"{describe(game, position, 'ja')}",
        )
    return moves[int(typed[1:]) - 1]


def _target(game: Ruleset, position: Position, typed: str) -> Position:
    """The position a typed move leads to (not yet checked to be legal)."""
    match = _TAKE.fullmatch(typed)
    if match:
        k = int(match.group(1))
        where = match.group(2)
        multiplier = game.capabilities.take_away_multiplier
        if multiplier is not None:
            if where is not None:
                raise IllegalMove(
                    "in a take-away game type just `take K` (there is one heap)",
                    ja="取り数制限ゲームでは `take K` とだけ入力します（山は 1 つ）",
                )
            return capped_take(position[0], k, multiplier).to
        if _queen(game) and where == "both":
            return (position[0] - k, position[1] - k)
        heap = _which_heap(game, position, where)
        i = position.index(heap)
        return tuple(sorted((*position[:i], heap - k, *position[i + 1 :])))
    take_away = game.capabilities.take_away_multiplier is not None
    if take_away and typed.isascii() and typed.isdigit():
        return _target(game, position, f"take {typed}")
    if typed.startswith("take"):  # not a heap that is no number: a `take` not understood
        raise IllegalMove(
            f"cannot read {_echo(typed)} as a move: write `take K` or `take K from H` with "
            "whole numbers (K stones from the heap of H), or `take K from both` in Wythoff's "
            "game",
            ja=f"{_echo(typed)} は手として読めません: `take K` か `take K from H`（H 個の山から "
            "K 個）と整数で書きます。ワイトフのゲームでは `take K from both` も使えます",
        )
    try:
        return game.parse_position(typed)
    except InvalidPosition as error:
        raise IllegalMove(
            f"cannot read {_echo(typed)} as a move: {_cut(str(error))}. Type the position a "
            "move leads to, `take K from H`, `#N` for a listed move, or `moves` to list them",
            ja=f"{_echo(typed)} は手として読めません: {_cut(error.render(lang='ja'))}。"
            "移った後の局面、"
            "`take K from H`、一覧の手の `#N` を入力するか、`moves` で一覧を表示します",
        ) from None


def _which_heap(game: Ruleset, position: Position, where: str | None) -> int:
    if as_heap_ruleset(game) is None and not _queen(game):
        raise IllegalMove(
            f"`take` moves are for heap games; for {game.spec} type the position",
            ja=f"`take` は山のゲームの手です。{game.spec} では移った後の局面を入力します",
        )
    if where is None:
        heaps: set[int] = {h for h in position if h}
        if len(heaps) != 1:
            raise IllegalMove(
                "say which heap: `take K from H` (H = the size of the heap)",
                ja="どの山か指定します: `take K from H`（H は山の石の数）",
            )
        return heaps.pop()
    if where == "both":
        raise IllegalMove(
            "`take K from both` is a move of Wythoff's game; here take from one heap: "
            "`take K from H` (H = the size of the heap)",
            ja="`take K from both` はワイトフのゲームの手です。ここでは 1 つの山から取ります: "
            "`take K from H`（H は山の石の数）",
        )
    heap = int(where)
    if heap not in position:
        at = game.format_position(position)
        raise IllegalMove(
            f"there is no heap of {heap} in {at}", ja=f"{at} に {heap} 個の山はありません"
        )
    return heap


def legal_move(game: Ruleset, position: Position, to: Position) -> Move | None:
    """The move from ``position`` to ``to`` if the rules allow it, described as the ruleset
    does (``to`` need not be canonical: it is validated first)."""
    try:
        to = game.validate(to)
    except InvalidPosition:
        return None
    return game.move_to(position, to)


def _up_to(n: int, lang: str) -> str:
    """How many may be taken: ``1`` (not "1 to 1"), or ``1 to n``."""
    if lang == "ja":
        return "1" if n == 1 else f"1〜{n}"
    return "1" if n == 1 else f"1 to {n}"


def describe(game: Ruleset, position: Position, lang: str = "en") -> str:
    """The legal moves in a line, in ``lang``: a rule for the big games, else the moves.

    >>> from nimlab.registry import game
    >>> describe(game("nim"), (1, 3))
    'take 1 from the heap of 1, take 1 to 3 from the heap of 3'
    >>> describe(game("nim"), (1, 3), "ja")
    '1 個の山から 1 個、3 個の山から 1〜3 個取る'
    """
    said = rule(game, position, lang)
    if said is not None:
        return said
    moves = game.some_moves(position, LISTED + 1)
    if not moves:
        return "なし" if lang == "ja" else "none"
    shown = "; ".join(f"#{i + 1} {m.words(lang)}" for i, m in enumerate(moves[:LISTED]))
    more = " …（一覧は `moves`）" if lang == "ja" else " … (type `moves` for the list)"
    return shown + (more if len(moves) > LISTED else "")


def rule(game: Ruleset, position: Position, lang: str = "en") -> str | None:
    """The legal moves as a rule in a line (Nim, subtraction, Wythoff, take-away), or None
    for a game whose moves are only listed."""
    ja = lang == "ja"
    none = "なし" if ja else "none"
    if game.capabilities.take_away_multiplier is not None:
        m = position[1]
        if m == 0:
            return none
        if ja:
            return f"{_up_to(m, lang)} 個取る（`take K` と入力）"
        return f"take {_up_to(m, lang)} (type `take K`)"
    if _queen(game):
        a, b = position
        if ja:
            both = f"、または両方から {_up_to(a, lang)} 個ずつ（`take K from both`）" if a else ""
            return (
                f"{b} 個の山から {_up_to(b, lang)} 個、{a} 個の山から {_up_to(a, lang)} 個"
                f"取る{both}"
            )
        both = f", or {_up_to(a, lang)} from both (`take K from both`)" if a else ""
        return (
            f"take {_up_to(b, lang)} from the heap of {b}, {_up_to(a, lang)} from the heap "
            f"of {a}{both}"
        )
    subtraction = _subtraction_set(game)
    kernel = game.capabilities.one_heap
    if kernel is not None and kernel.takes_any:  # Nim: any number from any heap
        heaps = sorted({h for h in position if h})
        if not heaps:
            return none
        if ja:
            return "、".join(f"{h} 個の山から {_up_to(h, lang)} 個" for h in heaps) + "取る"
        return ", ".join(f"take {_up_to(h, lang)} from the heap of {h}" for h in heaps)
    if subtraction is not None:
        s = ",".join(map(str, subtraction))
        if ja:
            return f"s ∈ {{{s}}} 個を s 個以上の山から取る（`take K from H`）"
        return f"take s ∈ {{{s}}} from a heap of at least s (`take K from H`)"
    return None


def syntax(game: Ruleset, lang: str = "en") -> str:
    """The ways of typing a move this game takes besides the position and ``#N``, as a
    clause of the in-game help (empty when there are none).

    >>> from nimlab.registry import game
    >>> syntax(game("wythoff"))
    ', `take K from H`, `take K from both`'
    >>> syntax(game("split-delete-nim:single")), syntax(game("grundy-game"))
    ('', '')
    """
    from nimlab.messages import say

    if game.capabilities.take_away_multiplier is not None:
        return say("play.syntax_take_away", lang)
    if _queen(game):
        return say("play.syntax_wythoff", lang)
    kernel = game.capabilities.one_heap
    splits_only = kernel is not None and kernel.kind == "sparse" and not any(kernel.digits[1:])
    if as_heap_ruleset(game) is not None and not splits_only:  # (Grundy's game takes nothing)
        return say("play.syntax_heaps", lang)
    return ""
