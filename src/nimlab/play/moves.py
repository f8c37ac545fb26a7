"""Moves a person types, checked without listing every move of a huge position.

A move can be typed as the position it leads to (``1,4,5``; ``20/4``;
``3,4 + 5``), as ``take K`` (take-away games, or a single heap), ``take K from H``
(from a heap of H), ``take K from both`` (Wythoff), or ``#N`` for the N-th move
of the list ``moves`` prints. Legality is decided by the rules directly for the
games whose positions can be huge (Nim, subtraction, Wythoff, take-away, sums,
the single variants of the split/delete games), and by listing the moves
otherwise.

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
from collections import Counter
from collections.abc import Iterator
from itertools import islice

from nimlab.errors import IllegalMove, InvalidPosition
from nimlab.games.actions import DeleteSplit, InComponent, SplitDelete
from nimlab.games.base import MAX_DIGITS, HeapRuleset, Move, Position, Ruleset, as_heap_ruleset
from nimlab.games.capabilities import DIAGONAL, REDUCE
from nimlab.theory.half import half_move
from nimlab.theory.take_away import take
from nimlab.theory.wythoff import wythoff_move

LISTED = 12
"""Moves spelled out when legal moves are described."""
SCAN = 200_000
"""The most moves listed to check a move by enumeration."""

_TAKE = re.compile(
    r"take\s+([0-9]+)(?:\s+from\s+(?:the\s+heap\s+of\s+|a\s+heap\s+of\s+)?([0-9]+|both))?"
)


SPLIT_FAMILIES = ("split-delete-nim", "delete-nim")


def _variant(game: Ruleset) -> str | None:
    """The variant of a split/delete game (``single``, ``half``, …), None for other games."""
    return game.spec.partition(":")[2] if game.family in SPLIT_FAMILIES else None


def _queen(game: Ruleset) -> bool:
    """Whether the game moves as a chess queen on two heaps: from one heap, or the same
    number from both (Wythoff's moves, read off its capabilities)."""
    return game.capabilities.two_heap_kernel == REDUCE | DIAGONAL


def _subtraction_set(game: Ruleset) -> tuple[int, ...] | None:
    kernel = game.capabilities.one_heap
    return (kernel.subtraction_set or None) if kernel is not None else None


def split_cost(game: Ruleset, position: Position) -> int:
    """Roughly how many moves a split/delete position has (their rulesets list every split)."""
    variant = _variant(game)
    if variant is not None:
        splits: int = sum(h // 2 for h in position)
        return splits if variant == "single" else splits * splits
    return 0


def some_moves(game: Ruleset, position: Position, limit: int) -> list[Move]:
    """Up to ``limit`` legal moves, never building a huge list of splits."""
    if game.summands():
        moves: list[Move] = []
        for i, (c, p) in enumerate(zip(game.summands(), position, strict=True)):
            for m in some_moves(c, p, limit - len(moves)):
                to = (*position[:i], m.to, *position[i + 1 :])
                moves.append(Move(to, InComponent(i, c.spec, m.action)))
        return moves
    if split_cost(game, position) > SCAN:
        return _small_splits(game, position)[:limit]
    return list(islice(game.moves(position), limit))


def _small_splits(game: Ruleset, position: Position) -> list[Move]:
    """A few moves of a split/delete game with huge heaps: every split is 1 + (h − 1)."""
    heaps = list(position)
    n = len(heaps)
    variant = _variant(game)
    if game.family == "split-delete-nim":
        k = 1 if variant == "single" else n // 2
        big = [i for i, h in enumerate(heaps) if h >= 2][-k:]
        if len(big) < k:
            return []
        return [half_move(position, [(i, 1) for i in big], [1] * k)]
    k = {"single": 1, "less-than-half": 1, "half": n // 2, "all-but-one": n - 1}[variant or ""]
    gone, kept = heaps[:k], heaps[k:]  # delete the smallest heaps
    deleted = tuple(gone)
    if variant == "all-but-one":
        (h,) = kept
        if h < n:
            return []
        parts = (1,) * (n - 1) + (h - n + 1,)
        return [Move(parts, DeleteSplit(deleted, ((h, parts),)))]
    split = [h for h in kept if h >= 2][-k:]
    if len(split) < k:
        return []
    rest = list(kept)
    for h in split:
        rest.remove(h)
    to = tuple(sorted([*rest, *(x for h in split for x in (1, h - 1))]))
    return [Move(to, DeleteSplit(deleted, tuple((h, (1, h - 1)) for h in split)))]


def find_move(
    game: Ruleset, position: Position, text: str, listed: list[Move] | None = None
) -> Move:
    """The legal move ``text`` names, or ``IllegalMove`` describing the legal moves."""
    typed = text.strip()
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
        at = game.format_position(position)
        raise IllegalMove(
            f"{typed!r} is not a legal move from {at}; legal moves: {describe(game, position)}",
            ja=f"{typed!r} は {at} からの合法手ではありません。合法手: "
            f"{describe(game, position, 'ja')}",
        )
    return move


def _by_index(game: Ruleset, position: Position, typed: str, listed: list[Move] | None) -> Move:
    moves = listed if listed is not None else some_moves(game, position, LISTED)
    if not re.fullmatch(r"#[0-9]+", typed) or not 1 <= int(typed[1:]) <= len(moves):
        raise IllegalMove(
            f"{typed!r}: type #1 to #{len(moves)} for a listed move; legal moves: "
            f"{describe(game, position)}",
            ja=f"{typed!r}: 一覧の手は #1 から #{len(moves)} で指定します。合法手: "
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
            return (position[0] - k, min(multiplier * k, max(position[0] - k, 0)))
        if _queen(game) and where == "both":
            return (position[0] - k, position[1] - k)
        heap = _which_heap(game, position, where)
        i = position.index(heap)
        return tuple(sorted((*position[:i], heap - k, *position[i + 1 :])))
    take_away = game.capabilities.take_away_multiplier is not None
    if take_away and typed.isascii() and typed.isdigit():
        return _target(game, position, f"take {typed}")
    try:
        return game.parse_position(typed)
    except InvalidPosition as error:
        raise IllegalMove(
            f"cannot read {typed!r} as a move: {error}. Type the position a move leads to, "
            "`take K from H`, `#N` for a listed move, or `moves` to list them",
            ja=f"{typed!r} は手として読めません: {error.render(lang='ja')}。移った後の局面、"
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
    heap = int(where)
    if heap not in position:
        at = game.format_position(position)
        raise IllegalMove(
            f"there is no heap of {heap} in {at}", ja=f"{at} に {heap} 個の山はありません"
        )
    return heap


def legal_move(game: Ruleset, position: Position, to: Position) -> Move | None:
    """The move from ``position`` to ``to`` if the rules allow it, described as the ruleset does."""
    try:
        to = game.validate(to)
    except InvalidPosition:
        return None
    if game.summands():
        changed = [i for i, (p, q) in enumerate(zip(position, to, strict=True)) if p != q]
        if len(changed) != 1:
            return None
        i = changed[0]
        c = game.summands()[i]
        move = legal_move(c, position[i], to[i])
        if move is None:
            return None
        return Move(to, InComponent(i, c.spec, move.action))
    if game.capabilities.take_away_multiplier is not None:
        k = position[0] - to[0]
        if 1 <= k <= position[1] and take(game, position, k).to == to:
            return take(game, position, k)
        return None
    if _queen(game):
        return wythoff_move(position, to)
    heap_game = as_heap_ruleset(game)
    if heap_game is not None:
        return _heap_move(heap_game, position, to)
    if split_cost(game, position) > SCAN:
        return _split_move(game, position, to)
    return next((m for m in islice(game.moves(position), SCAN) if m.to == to), None)


def _heap_move(game: HeapRuleset, position: Position, to: Position) -> Move | None:
    gone = Counter(position) - Counter(to)
    came = Counter(to) - Counter(position)
    if sum(gone.values()) != 1:
        return None
    (h,) = gone.elements()
    result = tuple(sorted(came.elements()))
    known = game.is_heap_option(h, result)  # a huge heap's options are too many to list
    ok = (
        known
        if known is not None
        else result in {tuple(sorted(r)) for r in islice(game.heap_options(h), SCAN)}
    )
    return Move(to, game.heap_move(h, result)) if ok else None


def _split_move(game: Ruleset, position: Position, to: Position) -> Move | None:
    """Single split/delete moves between positions with huge heaps, decided by the rules."""
    for move in _split_candidates(game, position, to):
        return move
    return None


def _split_candidates(game: Ruleset, position: Position, to: Position) -> Iterator[Move]:
    variant = _variant(game)
    single = variant is not None and (variant == "single" or len(position) == 2)
    if not single:
        return
    before, after = Counter(position), Counter(to)
    for x, y in {(min(u, v), max(u, v)) for i, u in enumerate(to) for v in to[i + 1 :]}:
        kept = after - Counter((x, y))  # the heaps not made by the split
        h = x + y
        if before[h] == 0:
            continue
        rest = before - Counter((h,))
        extra = rest - kept
        if sum(extra.values()) != 1 or kept - rest:
            continue
        (d,) = extra.elements()
        if game.family == "delete-nim":
            yield Move(to, DeleteSplit((d,), ((h, (x, y)),)))
        else:
            yield Move(to, SplitDelete(((h, (x, y)),), (d,)))
    if game.family == "split-delete-nim":
        gone, came = before - after, after - before
        if sum(gone.values()) == 1 and sum(came.values()) == 1:
            (h,), (r,) = gone.elements(), came.elements()
            if 1 <= r < h:
                x, y = min(r, h - r), max(r, h - r)
                yield Move(to, SplitDelete(((h, (x, y)),), (h - r,)))


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
    moves = some_moves(game, position, LISTED + 1)
    if not moves:
        return none
    shown = "; ".join(f"#{i + 1} {m.words(lang)}" for i, m in enumerate(moves[:LISTED]))
    more = " …（一覧は `moves`）" if ja else " … (type `moves` for the list)"
    return shown + (more if len(moves) > LISTED else "")
