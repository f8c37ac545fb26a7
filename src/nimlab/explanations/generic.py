"""Explaining any game from exhaustive search: "every option is N" or "this option is P"."""

from __future__ import annotations

from nimlab.errors import TooLarge
from nimlab.explanations import Step
from nimlab.explanations.words import move_words, say
from nimlab.games.actions import Action
from nimlab.games.base import Position, Ruleset
from nimlab.kernels.shapes import KERNEL_MIN_STATES
from nimlab.limits import Limits
from nimlab.solve.search import Search, mex

SHOWN_OPTIONS = 12

THEOREM_GAMES = (
    "nim, subtraction:1,..,k (Game I), take-away:C (Games II, III), wythoff, 2-heap "
    "split-delete-nim and delete-nim, 4-heap split-delete-nim:half"
)
"""The games explained by a theorem at any size (the others by search, within the limits)."""
THEOREM_GAMES_JA = (
    "nim、subtraction:1,..,k（ゲーム I）、take-away:C（ゲーム II、III）、wythoff、2 山の "
    "split-delete-nim と delete-nim、4 山の split-delete-nim:half"
)


THEOREM_GAMES_MISERE = (
    "misère nim and wythoff, single heaps of subtraction games and of octal codes of digits "
    "0–3 (through the period of their misère values, proven within the limits), sums of "
    "heaps within a misère quotient"
)
"""The games misère theorems answer at any size."""
THEOREM_GAMES_MISERE_JA = (
    "ミゼールの nim と wythoff、引き算ゲームと数字が 0–3 の 8 進ゲームの 1 山(上限の範囲で"
    "証明されたミゼールの値の周期による)、ミゼール商の範囲の山の和"
)


def too_large(error: TooLarge, game: Ruleset, misere: bool = False) -> TooLarge:
    """The refusal of a search, saying which games are explained at any size, in both
    languages (the Japanese of the refusal is kept).

    >>> refusal = too_large(TooLarge("over 10 states", "max_states", ja="10 状態を超える"),
    ...                     __import__("nimlab").game("kayles"))
    >>> refusal.render({"max_states": "--max-states"}, "ja").startswith("10 状態を超える。")
    True
    >>> "定理" in refusal.render(None, "ja")
    True
    """
    games, games_ja = (
        (THEOREM_GAMES_MISERE, THEOREM_GAMES_MISERE_JA)
        if misere
        else (THEOREM_GAMES, THEOREM_GAMES_JA)
    )
    return TooLarge(
        error.reason,
        error.limit,
        f"no theorem answers {game.spec} at this size within the limits (theorems cover {games})"
        if misere
        else f"no theorem covers {game.spec} at this size (theorems cover {games})",
        ja=error.ja,
        note_ja=(
            f"上限の範囲でこの大きさの {game.spec} に答える定理はありません"
            if misere
            else f"この大きさの {game.spec} を扱う定理はありません"
        )
        + f"（定理があるのは {games_ja}）",
    )


def search(
    game: Ruleset, position: Position, lang: str, limits: Limits, misere: bool = False
) -> list[Step]:
    """Search every option: the mex of their Grundy values, and a P-option if there is one.

    Under misère play the values are misère Grundy values (an end position has value 1).
    A 3- or 4-heap split/delete position too large for a quick search takes its options'
    values from the compiled Grundy table of its box instead (:func:`grundy_table`).
    """
    table = None if misere else grundy_table(game, position, lang, limits)
    if table is not None:
        return table
    solver = Search(game, misere, budget=limits.budget())
    try:
        options: dict[Position, tuple[Action, int]] = {}
        for move in game.moves(position):
            if move.to not in options:
                options[move.to] = (move.action, solver.grundy(move.to))
    except TooLarge as error:
        table = None if misere else p_table(game, position, lang, limits)
        if table is not None:
            return table
        raise too_large(error, game, misere) from None
    if not options and misere:
        text = say(
            lang,
            "No move is possible: this is an end position, and under misère play the player "
            "who cannot move wins (misère Grundy value 1).",
            "可能な着手がない終了局面である。ミゼール（最後に取った方が負け）では、"
            "手番のプレイヤーの勝ち（ミゼールのグランディ数 1）。",
        )
        return [Step("search", text, data={"options": 0})]
    if not options:
        text = say(
            lang,
            "No move is possible: this is an end position, so the player to move loses (Grundy "
            "value 0).",
            "可能な着手がない終了局面なので、手番のプレイヤーの負け（グランディ数 0）。",
        )
        return [Step("search", text, data={"options": 0})]
    values = {g for _, g in options.values()}
    p_options = [to for to, (_, g) in options.items() if g == 0]
    found = _found(game, p_options, lang)
    if misere:
        found += say(
            lang,
            " (misère play: the last player to move loses; values are misère Grundy values)",
            "（ミゼール：最後に取ったプレイヤーの負け。値はミゼールのグランディ数）",
        )
    text = say(
        lang,
        "No theorem covers {spec} here, so all {k} options were searched ({states} positions): "
        "{found}. "
        "The mex of their Grundy values is {g}.",
        "{spec} のこの局面には定理がないので、{k} 通りの移行先をすべて探索した（{states} 局面）: "
        "{found}。"
        "それらのグランディ数の mex は {g}。",
        spec=game.spec,
        k=len(options),
        states=len(solver.memo),
        found=found,
        g=mex(values),
    )
    lines = _valued_lines(game, options, lang)
    return [Step("search", text, lines, {"options": len(options), "p_options": len(p_options)})]


def grundy_table(game: Ruleset, position: Position, lang: str, limits: Limits) -> list[Step] | None:
    """The options' values from the compiled Grundy table of every position of as many
    heaps (3 or 4 heaps of the split/delete games), where a search would be large and the
    table fits the limits; else None.

    >>> import nimlab
    >>> steps = grundy_table(nimlab.game("delete-nim:single"), (39, 53, 56), "en", Limits())
    >>> steps[0].kind, steps[0].text.endswith("The mex of their Grundy values is 7.")
    ('grundy-table', True)
    """
    from nimlab.solve.compiled import k_heap_table
    from nimlab.solve.planner import search_work

    if len(position) < 3 or search_work(game, position) <= KERNEL_MIN_STATES:
        return None
    try:
        table = k_heap_table(game, position, limits.budget())
    except TooLarge:
        return None
    if table is None:
        return None
    from nimlab.kernels.shapes import rank_of

    options: dict[Position, tuple[Action, int]] = {}
    for move in game.moves(position):
        if move.to not in options:
            options[move.to] = (move.action, int(table[0, rank_of(move.to)]))
    values = {g for _, g in options.values()}
    p_options = [to for to, (_, g) in options.items() if g == 0]
    found = _found(game, p_options, lang)
    text = say(
        lang,
        "No theorem covers {spec} here and a search would be large, so all {k} options were "
        "read from the compiled table of the Grundy values of every {heaps}-heap position with "
        "heaps ≤ {top} ({count} positions, each the mex of its options' values): {found}. "
        "The mex of their Grundy values is {g}.",
        "{spec} のこの局面には定理がなく探索は大きくなるので、山がすべて {top} 以下の "
        "{heaps} 山の全局面（{count} 個。それぞれ移行先の値の mex）のグランディ数の"
        "コンパイル済み表から {k} 通りの移行先を読んだ: {found}。"
        "それらのグランディ数の mex は {g}。",
        spec=game.spec,
        k=len(options),
        heaps=len(position),
        top=max(position),
        count=f"{table.shape[1]:,}",
        found=found,
        g=mex(values),
    )
    lines = _valued_lines(game, options, lang)
    data = {"options": len(options), "p_options": len(p_options), "positions": table.shape[1]}
    return [Step("grundy-table", text, lines, data)]


def p_table(game: Ruleset, position: Position, lang: str, limits: Limits) -> list[Step] | None:
    """Too large to search, explained from the compiled table of every P-position with as
    many heaps (3 or 4 heaps of the split/delete games): a position is P exactly when no
    move reaches one of them. None when no such table serves the game or it is over the
    limits."""
    from nimlab.solve.compiled import p_positions_k

    if len(position) < 3 or game.capabilities.k_heap_kernel(len(position)) is None:
        return None
    try:
        found = p_positions_k(game, len(position), max(position), limits.budget(), force=True)
    except TooLarge:
        return None
    if found is None:
        return None
    table = set(found)
    options: dict[Position, Action] = {}
    for move in game.moves(position):
        options.setdefault(move.to, move.action)
    p_options = [to for to in options if to in table]
    if p_options:
        found_words = say(
            lang,
            "the option {to} is in it, a P-position, so moving there wins",
            "移行先 {to} がその中にある後手必勝の局面なので、そこへ移せば勝てる",
            to=game.format_position(p_options[0]),
        )
    else:
        found_words = say(
            lang,
            "none of the {k} options is in it, so every option is an N-position and this "
            "position is P",
            "{k} 通りの移行先はどれもその中にないので、どれも先手必勝の局面で、この局面は後手必勝",
            k=len(options),
        )
    text = say(
        lang,
        "No theorem covers {spec} here and a search is over the limits, so the compiled table "
        "of every {heaps}-heap P-position with heaps ≤ {top} ({count} of them; a position is P "
        "exactly when no move reaches one) answers: {found}. The Grundy value itself is not "
        "computed this way.",
        "{spec} のこの局面には定理がなく探索は上限を超えるので、山がすべて {top} 以下の "
        "{heaps} 山の P 局面のコンパイル済み表（{count} 個。どの手でも P 局面に移れない"
        "ときちょうど P 局面）で答える: {found}。この方法ではグランディ数そのものは"
        "計算しない。",
        spec=game.spec,
        heaps=len(position),
        top=max(position),
        count=f"{len(table):,}",
        found=found_words,
    )
    lines = _shown(
        [
            f"{move_words(act, lang)} → {game.format_position(to)}: {'P' if to in table else 'N'}"
            for to, act in list(options.items())[:SHOWN_OPTIONS]
        ],
        len(options),
        lang,
    )
    data = {"options": len(options), "p_options": len(p_options), "p_positions": len(table)}
    return [Step("p-table", text, lines, data)]


def _found(game: Ruleset, p_options: list[Position], lang: str) -> str:
    """What the options' values say: a P-option to move to, or none."""
    if p_options:
        return say(
            lang,
            "the option {to} is a P-position, so moving there wins",
            "{to} は後手必勝の局面なので、そこへ移せば勝てる",
            to=game.format_position(p_options[0]),
        )
    return say(lang, "every option is an N-position", "どの移行先も先手必勝の局面である")


def _valued_lines(
    game: Ruleset, options: dict[Position, tuple[Action, int]], lang: str
) -> tuple[str, ...]:
    """The first options, each with its outcome and Grundy value."""
    return _shown(
        [
            f"{move_words(act, lang)} → {game.format_position(to)}: "
            f"{'P' if g == 0 else 'N'}, G = {g}"
            for to, (act, g) in list(options.items())[:SHOWN_OPTIONS]
        ],
        len(options),
        lang,
    )


def _shown(lines: list[str], total: int, lang: str) -> tuple[str, ...]:
    """The first options' lines, and how many more there are.

    >>> _shown(["a", "b"], 5, "en")
    ('a', 'b', '… (3 more)')
    """
    more = total - len(lines)
    if more <= 0:
        return tuple(lines)
    return (*lines, say(lang, "… ({k} more)", "…（ほかに {k} 通り）", k=more))
