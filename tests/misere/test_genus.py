"""Genus against an independent search over sums of game heaps and nim-heaps."""

from __future__ import annotations

from functools import cache

import pytest

from nimlab.errors import NotApplicable, TooLarge
from nimlab.games.base import HeapRuleset
from nimlab.games.heap import GrundyGame, Nim, Subtraction
from nimlab.games.octal import Octal
from nimlab.misere import genus
from nimlab.misere.genus import tame_symbol
from nimlab.registry import game


def misere_value(g: HeapRuleset):  # type: ignore[no-untyped-def]
    """Misère Grundy value of a sorted tuple of ('g', n) game heaps and ('*', m) nim-heaps."""

    @cache
    def value(parts: tuple[tuple[str, int], ...]) -> int:
        seen = set()
        for i, (kind, n) in enumerate(parts):
            rest = parts[:i] + parts[i + 1 :]
            if kind == "g":
                results = [tuple(("g", x) for x in r) for r in g.heap_options(n)]
            else:
                results = [(("*", k),) for k in range(n)]
            for r in results:
                seen.add(value(tuple(sorted(rest + r))))
        if not seen:
            return 1  # no move at all: the misère value of a terminal position is 1
        m = 0
        while m in seen:
            m += 1
        return m

    return value


def normal_values(g: HeapRuleset, n: int) -> list[int]:
    out: list[int] = []
    for h in range(n):
        vals = set()
        for r in g.heap_options(h):
            x = 0
            for k in r:
                x ^= out[k]
            vals.add(x)
        m = 0
        while m in vals:
            m += 1
        out.append(m)
    return out


@pytest.mark.parametrize(
    "g",
    [Nim(), Octal.from_code("0.77"), Octal.from_code("0.07"), GrundyGame(), Subtraction((1, 2))],
    ids=lambda g: g.spec,
)
def test_genus_of_heaps_up_to_24(g: HeapRuleset) -> None:
    table = genus(g, 25)
    value = misere_value(g)
    normal = normal_values(g, 25)
    for e in table.entries:
        assert e.grundy == normal[e.heap]
        for k, v in enumerate(e.misere):
            parts = tuple(sorted((("g", e.heap),) + (("*", 2),) * k))
            assert v == value(parts), (e.heap, k)


def test_known_genera() -> None:
    # Conway, ONAG ch. 12: 0 = 0^120, * = 1^031, *2 = 2^20, *3 = 3^31.
    assert [e.symbol for e in genus(Nim(), 4).entries] == ["0^120", "1^031", "2^20", "3^31"]
    kayles = genus(Octal.from_code("0.77"), 6)
    assert kayles.entries[5].symbol == "4^146"  # the first wild Kayles heap
    assert kayles.wild_heaps == (5,)
    assert genus(Nim(), 30).classification == "tame up to 29"
    d = kayles.to_dict()
    assert set(d) >= {"game", "genus"}
    assert set(d["genus"][0]) >= {"heap", "grundy", "misere", "symbol"}


def test_tame_symbols() -> None:
    assert tame_symbol(0, (1, 2, 0, 2, 0))
    assert tame_symbol(1, (0, 3, 1, 3))
    assert tame_symbol(0, (0, 2, 0, 2))
    assert tame_symbol(6, (6, 4, 6, 4))
    assert not tame_symbol(4, (1, 4, 6, 4, 6))


def test_genus_refuses_non_heap_games() -> None:
    with pytest.raises(NotApplicable, match="genus is defined for heap games"):
        genus(game("wythoff"), 5)


def test_genus_charges_every_option_it_generates(monkeypatch: pytest.MonkeyPatch) -> None:
    # Limits counts each option generated; a search charging only positions ran
    # `genus kayles --to 60` for minutes under the default limit.
    import importlib

    from nimlab.limits import Budget, Limits

    module = importlib.import_module("nimlab.misere.genus")
    calls = {"value": 0, "top": 0}
    value = module._Search.value

    def counted(self, heaps, ones, twos):  # type: ignore[no-untyped-def]
        calls["value"] += 1
        return value(self, heaps, ones, twos)

    monkeypatch.setattr(module._Search, "value", counted)
    budgets: list[Budget] = []
    budget = Limits.budget
    monkeypatch.setattr(Limits, "budget", lambda self: budgets.append(budget(self)) or budgets[-1])
    table = genus("kayles", 14, Limits(max_states=10**9))
    top = sum(len(e.misere) for e in table.entries)  # genus asks one value per copy count
    assert calls["value"] - top > 10_000  # enough options to tell the two countings apart
    assert budgets[0].used >= calls["value"] - top  # each recursive call is an option
    with pytest.raises(TooLarge, match="states"):
        genus("kayles", 14, Limits(max_states=calls["value"] // 2))


def test_a_sequence_that_alternates_four_times_and_then_changes_is_followed() -> None:
    # found by the audit of 2026-11-27: 4.7's heap 12 was written 2^13; its g_k run
    # 1, 3, 1, 3, 1, 4, 2, 0, 2, 0, … (and analyze agrees: 12 + seven *2 is a misère P)
    import nimlab

    table = genus("octal:4.7", to=15)
    assert [e.symbol for e in table.entries[12:15]] == ["2^13131420", "1^202020431", "2^1313131420"]
    assert table.entries[12].misere[:10] == (1, 3, 1, 3, 1, 4, 2, 0, 2, 0)
    sum_of = nimlab.analyze("octal:4.7 + nim", "12 + 2,2,2,2,2,2,2", misere=True)
    assert sum_of.outcome == "P" and table.entries[12].misere[7] == 0


def test_a_sequence_cut_before_it_alternates_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # the review could not tell whether a sequence that never settles is flagged: it is
    import sys

    module = sys.modules["nimlab.misere.genus"]
    monkeypatch.setattr(module, "MAX_COPIES", 9)  # ten values: heap 12 does not settle
    table = genus("octal:4.7", to=14)
    entry = table.entries[12]  # 1, 3, 1, 3, 1, 4, 2, 0, 2, 0, …
    assert not entry.settled and entry.symbol.endswith("…")
    assert entry.to_dict()["settled"] is False
    assert table.entries[3].settled and "settled" not in table.entries[3].to_dict()


def test_rules_that_recurse_without_end_are_blamed_not_the_heap_size() -> None:
    # The genus search took the rules' RecursionError for its own depth: exit 3, "lower --to".
    from nimlab.errors import InvalidGame
    from nimlab.games.heap import heap_game

    def rec(n: int) -> list[int]:
        return rec(n)

    with pytest.raises(InvalidGame, match="recurse without end"):
        genus(heap_game(rec, name="recur"), 3)


def test_the_search_keeps_to_the_memory_limit() -> None:
    # Its memo was never charged: Kayles to 60 under 10 MB reached 600 MB.
    from nimlab.limits import Limits

    with pytest.raises(TooLarge) as refused:
        genus(game("kayles"), 60, Limits(max_states=10**9, max_memory=10 * 2**20))
    assert refused.value.limit == "max_memory"
