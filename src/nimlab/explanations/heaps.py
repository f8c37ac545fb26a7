"""Explaining heap games: seed 003's nim-sum column addition and seed 004's mex steps."""

from __future__ import annotations

from itertools import islice

from nimlab.explanations import Step
from nimlab.explanations.words import binary_column, say
from nimlab.games.base import HeapRuleset, Heaps, Position, Ruleset
from nimlab.limits import Limits
from nimlab.solve.heaps import HeapValues
from nimlab.theory.common import nim_sum
from nimlab.theory.subtraction import take_limit

MAX_BITS = 128
"""Binary columns are drawn for numbers up to this many binary digits."""
SHOWN_OPTIONS = 12
SHOWN_HEAPS = 4
SEQUENCE_SHOWN = 30
"""G(0..n) is printed as a row when n is at most this."""


def column(values: list[int], lang: str, en: str, ja: str) -> Step:
    """The nim-sum of ``values`` as seed 003's column addition without carries."""
    total = nim_sum(values)
    wide = max((v.bit_length() for v in values), default=0) > MAX_BITS
    text = say(lang, en, ja)
    if wide:
        text += say(
            lang,
            " (binary digits not drawn: over {b})",
            "（{b} 桁を超える2進表記は省略）",
            b=MAX_BITS,
        )
    lines = () if wide else tuple(binary_column(values, total, lang))
    return Step("nim-sum", text, lines, {"values": values, "nim_sum": total})


def nim(position: Position, lang: str) -> list[Step]:
    """Nim (seed 003): the nim-sum, and which heap to reduce."""
    heaps = list(position)
    s = nim_sum(heaps)
    steps = [
        column(
            heaps,
            lang,
            "Write the heaps in binary and add each column without carrying: the nim-sum "
            "(seed 003, Theorem 3.5).",
            "各山の石の数を2進法で書き、桁ごとに繰り上がりなしで足す。これがニム和である"
            "（三山崩しの論文, 定理 3.5）。",
        )
    ]
    if s == 0:
        text = say(
            lang,
            "The nim-sum is 0. A move changes one heap, which changes some column, so every move "
            "leaves a non-zero nim-sum (seed 003, Theorem 4.2 (W1)).",
            "ニム和が 0 である。どの手も1つの山を変え、ある桁の和の偶奇が変わるので、"
            "どう取ってもニム和は 0 "
            "でなくなる（定理 4.2 (W1)）。",
        )
        return [*steps, Step("strategy", text, data={"nim_sum": 0})]
    t = s.bit_length() - 1
    h = next(x for x in heaps if x >> t & 1)
    left = h ^ s
    text = say(
        lang,
        "The nim-sum's highest 1 is in the 2^{t} column. The heap of {h} has a 1 there, and "
        "{h} ⊕ {s} = {left} < {h}: taking {k} from it makes the nim-sum 0 (seed 003, Lemma 4.1).",
        "ニム和の最上位の 1 は 2^{t} の桁にある。{h} 個の山はその桁が 1 で、{h} ⊕ {s} = {left} < "
        "{h} "
        "なので、そこから {k} 個取るとニム和が 0 になる（補題 4.1）。",
        t=t,
        h=h,
        s=s,
        left=left,
        k=h - left,
    )
    return [*steps, Step("strategy", text, data={"heap": h, "to": left})]


def misere_nim(position: Position, lang: str) -> list[Step]:
    """Misère Nim (Bouton 1902): play as in Nim until the move would leave only heaps of 1."""
    heaps = list(position)
    big = [h for h in heaps if h > 1]
    ones = sum(1 for h in heaps if h == 1)
    if not big:
        text = say(
            lang,
            "Every heap has at most one stone, so each move takes one heap of 1 and the game lasts "
            "exactly {k} move{s}; under misère play whoever takes the last stone loses, so the "
            "player to move wins exactly when the number of 1s is even (Bouton 1902).",
            "どの山も石は1個以下なので、1手ごとに1個の山が1つ減り、ちょうど {k} 手で終わる。"
            "ミゼールでは最後の石を取った方が負けなので、1の山の数が偶数のとき、"
            "またそのときに限り手番のプレイヤーが勝つ（Bouton 1902）。",
            k=ones,
            s="" if ones == 1 else "s",
        )
        data: dict[str, object] = {"ones": ones, "big": 0}
        return [Step("strategy", text, data=data)]
    steps = nim(position, lang)[:1]
    if len(big) == 1:
        h = big[0]
        text = say(
            lang,
            "Only one heap ({h}) has more than one stone: reduce it to 0 or 1 so that an odd "
            "number of heaps of 1 is left; the opponent then takes the last stone (Bouton's "
            "misère rule).",
            "2個以上の山は {h} 個の山だけなので、それを 0 個か 1 個にして 1 の山を奇数個残す。"
            "すると最後の石は相手が取ることになる（ブートンのミゼール規則）。",
            h=h,
        )
        return [*steps, Step("strategy", text, data={"heap": h, "ones": ones})]
    text = say(
        lang,
        "Two or more heaps have more than one stone, so misère Nim is played exactly as Nim: "
        "move to nim-sum 0 (Bouton 1902; the strategy changes only when one big heap is left).",
        "2個以上の石を持つ山が2つ以上あるので、ミゼールのニムも通常のニムと同じくニム和 0 へ移す"
        "（Bouton 1902。大きな山が1つになったときだけ戦略が変わる）。",
    )
    return [*steps, Step("strategy", text, data={"big": len(big), "nim_sum": nim_sum(heaps)})]


def _option_words(result: Heaps, lang: str) -> str:
    if not result:
        return say(lang, "nothing", "山なし")
    return "+".join(map(str, result))


def mex(game: HeapRuleset, position: Position, lang: str, limits: Limits) -> list[Step]:
    """Seed 004's steps: each heap's options, their Grundy values, the mex; then the nim-sum."""
    values = HeapValues(game, limits.budget())
    k = take_limit(game)
    steps: list[Step] = []
    if not position:
        text = say(
            lang,
            "There are no heaps: no move is possible, so the Grundy value is 0.",
            "山がないので着手できず、グランディ数は 0。",
        )
        return [Step("mex", text, data={"grundy": 0})]
    if k is not None:
        text = say(
            lang,
            "Game I (seed 000 §1): when 1 to {k} stones may be taken, G(n) = n mod {m}; "
            "n is a P-position exactly when {m} divides n.",
            "ゲーム I（1〜{k} 個取れる）では G(n) = n mod {m} であり、n が {m} "
            "の倍数のときが後手必勝である。",
            k=k,
            m=k + 1,
        )
        steps.append(Step("theorem", text, data={"k": k}))
    for h in sorted(set(position))[:SHOWN_HEAPS]:
        if k is not None and h > SEQUENCE_SHOWN:
            continue  # the theorem says it; listing options of a huge heap says nothing more
        steps.append(_mex_step(game, h, values, lang))
    heap_values = [values(h) for h in position]
    if len(position) > 1:
        steps.append(
            column(
                heap_values,
                lang,
                "By the Sprague–Grundy theorem the position's Grundy value is the nim-sum of "
                "its heaps' values:",
                "スプレイグ・グランディの定理により、局面のグランディ数は各山のグランディ数のニム和である:",
            )
        )
    return steps


def _mex_step(game: HeapRuleset, h: int, values: HeapValues, lang: str) -> Step:
    g = values(h)
    options = list(islice(game.heap_options(h), SHOWN_OPTIONS + 1))
    row: tuple[str, ...] = ()
    if h <= SEQUENCE_SHOWN:
        seq = [values(n) for n in range(h + 1)]
        width = max(len(str(x)) for x in [*seq, h])
        row = (
            "n: " + " ".join(f"{n:>{width}}" for n in range(h + 1)),
            "G: " + " ".join(f"{x:>{width}}" for x in seq),
        )
    if not options:
        text = say(
            lang,
            "A heap of {h} has no move: it is an end position, so G({h}) = 0.",
            "石が {h} 個の局面は終了局面なので、グランディ数は 0。",
            h=h,
        )
        return Step("mex", text, row, {"heap": h, "grundy": 0, "options": []})
    shown = options[:SHOWN_OPTIONS]
    opts = ", ".join(_option_words(r, lang) for r in shown)
    vals = ", ".join(str(values.of(r)) for r in shown)
    if len(options) > SHOWN_OPTIONS:
        opts, vals = opts + ", …", vals + ", …"
    text = say(
        lang,
        "From a heap of {h} one move leaves {opts} (Grundy values {vals}); the least "
        "non-negative integer not among them (the mex) is {g}, so G({h}) = {g} (seed 004).",
        "石が {h} 個の局面から1手で移行できる局面は {opts}（グランディ数 {vals}）。"
        "0 以上の整数からそれらを除いた最小の値 (mex) は {g} なので、グランディ数は {g}。",
        h=h,
        opts=opts,
        vals=vals,
        g=g,
    )
    data = {"heap": h, "grundy": g, "options": [list(r) for r in shown]}
    return Step("mex", text, row, data)


def components(game: Ruleset, position: Position, lang: str, limits: Limits) -> list[Step]:
    """A disjunctive sum: each component's Grundy value, then their nim-sum."""
    from nimlab.solve.engine import grundy

    parts = []
    lines = []
    for i, (c, p) in enumerate(zip(game.summands(), position, strict=True)):
        g = grundy(c, p, limits=limits)
        parts.append(g)
        lines.append(f"{i + 1}. {c.spec}  {c.format_position(p)}:  G = {g}")
    text = say(
        lang,
        "A move is made in exactly one component, so each component counts as a heap of its "
        "Grundy value (Sprague–Grundy; seeds 003, 004):",
        "1手ではどれか1つの成分だけを動かすので、各成分はそのグランディ数の大きさの山と同じである"
        "（スプレイグ・グランディの定理）:",
    )
    steps = [Step("components", text, tuple(lines), {"grundy": parts})]
    steps.append(
        column(
            parts,
            lang,
            "The sum's Grundy value is the nim-sum of the components' values:",
            "和のグランディ数は各成分のグランディ数のニム和である:",
        )
    )
    return steps
