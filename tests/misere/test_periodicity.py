"""A proven period of a misère quotient's heaps: every heap size answered, checked by search."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.cli.main import main
from nimlab.games.capabilities import PeriodCriterion
from nimlab.misere import answers
from nimlab.misere.answers import analyze as misere_analyze
from nimlab.misere.periodicity import find_period
from nimlab.misere.quotient import periodic_quotient, quotient
from nimlab.solve.context import Context
from nimlab.solve.search import Search

# Games whose quotient proves a period from few heaps, and the heaps it needed.
SMALL = {"subtraction:1,2,3": 12, "subtraction:1,3,4": 16, "octal:0.31": 16, "octal:0.75": 24}


def test_kayles_quotient_is_proven_periodic_from_its_heaps_up_to_204() -> None:
    with Context():  # not a larger quotient another test left in the cache
        q = periodic_quotient("kayles", 400)
    assert (q.order, q.max_heap) == (40, 204)
    assert q.period is not None
    assert (q.period.period, q.period.preperiod, q.period.proven_from) == (12, 71, 88)
    assert q.period.criterion == "Guy–Smith criterion (t = 2)"
    # the criterion needs B = 2·88 + 12 + 2 = 190 and heaps up to B + p − 1 = 201
    assert quotient("kayles", 200).period is None
    assert quotient("kayles", 201).period is not None


def test_the_period_predicts_the_heaps_a_longer_construction_finds() -> None:
    short = periodic_quotient("kayles", 400)
    longer = quotient("kayles", 320)
    assert longer.elements == short.elements and longer.p_portion == short.p_portion
    for h in range(321):
        assert short.elements[short.image(h)] == longer.elements[longer.image(h)], h


def test_a_quotient_without_a_proven_period_refuses_larger_heaps() -> None:
    q = quotient("kayles", 100)
    with pytest.raises(nimlab.NotApplicable):
        q.image(101)
    assert q.to_dict()["period"] is None and q.to_dict()["stable_from_status"] == "observed"


@settings(max_examples=20, deadline=None)
@given(
    spec=st.sampled_from(["subtraction:1,2,3", "subtraction:1,3,4"]),
    heaps=st.lists(st.integers(0, 90), min_size=1, max_size=3),
)
def test_subtraction_sums_past_the_quotients_heaps_agree_with_misere_search(
    spec: str, heaps: list[int]
) -> None:
    check_against_search(spec, heaps)


@settings(max_examples=8, deadline=None)
@given(spec=st.sampled_from(["octal:0.31", "octal:0.75"]), data=st.data())
def test_octal_sums_past_the_quotients_heaps_agree_with_misere_search(
    spec: str, data: st.DataObject
) -> None:
    big = data.draw(st.integers(SMALL[spec] + 1, 34))
    small = data.draw(st.lists(st.integers(0, 6), max_size=2))
    check_against_search(spec, [big, *small])


def check_against_search(spec: str, heaps: list[int]) -> None:
    game = nimlab.game(spec)
    with Context():  # built here, not a larger one another test (or doctest) cached
        q = periodic_quotient(spec, 400)
    assert q.period is not None and q.max_heap == SMALL[spec]
    position = game.position(heaps)
    answer = misere_analyze(game, heaps, quotient_=q)
    search = Search(game, misere=True)
    assert (answer.outcome == "P") == search.is_p(position), heaps
    expected = {o for o in game.options(position) if search.is_p(o)}
    assert {game.position(m.position) for m in answer.winning_moves} == expected


def test_options_of_huge_heaps_are_lifted_options_with_every_element(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from nimlab.limits import Limits

    q = periodic_quotient("kayles", 400)
    kayles = nimlab.game("kayles")
    monkeypatch.setattr(answers, "LISTED_HEAP", 0)
    lister = answers._Lister(kayles, q, Limits(), 1)
    for h in range(q.max_heap + 1, q.max_heap + 30):
        lifted, complete = lister.options(h)
        assert not complete
        everything = {tuple(sorted(r)) for r in kayles.heap_options(h)}
        elements = {q.element_of(r) for r in everything}
        assert set(lifted) == elements, h
        for e, results in lifted.items():
            assert all(r in everything and q.element_of(r) == e for r in results)


def test_the_period_must_repeat_the_option_sets_not_only_the_images() -> None:
    window = PeriodCriterion("window", 3)
    images = [(h % 2, h % 2, True) for h in range(40)]
    assert find_period(images, window) is not None
    broken = list(images)
    broken[30] = (0, 7, True)  # heap 30 keeps its image, its options reach other elements
    found = find_period(broken, window)
    assert found is None or found.proven_from > 30
    no_move = list(images)
    no_move[31] = (1, 1, False)
    found = find_period(no_move, window)
    assert found is None or found.proven_from > 31


def test_analyze_answers_a_kayles_heap_of_ten_to_the_eighteen() -> None:
    a = nimlab.analyze("kayles", (10**18, 7), misere=True)
    assert a.how is not None and a.how.name == "oracle:misere-quotient"
    q = periodic_quotient("kayles", 400)
    assert (a.outcome == "P") == q.is_p((10**18, 7))
    assert a.winning_moves and not a.winning_moves_complete
    kayles = nimlab.game("kayles")
    assert all(q.is_p(kayles.position(m.to)) for m in a.winning_moves)


def run(*argv: str) -> tuple[int, str]:
    out = StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_the_cli_states_the_proven_period_and_answers_any_heap() -> None:
    code, text = run("quotient", "kayles", "--max-heap", "240")
    assert code == 0 and "period      12, proven" in text and "every n ≥ 83" in text
    assert "never changes again" in text
    code, text = run("quotient", "kayles", "--max-heap", "240", "--lang", "ja")
    assert code == 0 and "周期        12（証明済み）" in text
    code, text = run("quotient", "kayles", "--max-heap", "60")
    assert "none proven in heaps ≤ 60" in text and "observed, not proven" in text
    code, text = run("quotient", "subtraction:1,3,4", "--max-heap", "30", "--json")
    period = json.loads(text)["period"]
    assert period["period"] == 7 and period["status"] == "proven"
    code, text = run("analyze", "subtraction:1,3,4", "1000000000000000000000,17,3", "--misere")
    assert code == 0 and "take 3 from the heap of 1000000000000000000000" in text


def test_explain_names_the_period_for_a_huge_heap() -> None:
    from nimlab.explanations import explain

    e = explain("kayles", f"{10**18},7", misere=True)
    # It said "from heap 71 on": the images repeat from 71 (preperiod), so a heap's element
    # is that of the heap 12 smaller from heap 83 on — heap 82's is not heap 70's.
    assert "from heap 83 on each heap's element is that of the heap 12 stones smaller" in (
        e.steps[0].text
    )
    ja = explain("kayles", f"{10**18},7", misere=True, lang="ja")
    assert "山 83 以降、各山の元は石が 12 個少ない山の元" in ja.steps[0].text
    q = periodic_quotient("kayles", 600)
    assert q.image(82) != q.image(70)
    assert all(q.image(n) == q.image(n - 12) for n in range(83, 300))


def test_a_game_whose_quotient_proves_no_period_says_so() -> None:
    from nimlab.errors import TooLarge
    from nimlab.limits import Limits

    with pytest.raises(TooLarge) as refused:
        nimlab.analyze("octal:0.6", "401,3", misere=True, limits=Limits(max_states=1000))
    assert "larger ones only through a period it proves" in str(refused.value)
    assert "証明した周期" in refused.value.render(None, "ja")


def test_verify_compares_the_period_with_search_past_the_proofs_heaps() -> None:
    from nimlab.theory.verify import verify

    result = verify(["misere-quotient-period"], bound=30)[0]
    assert result.agree and result.to_dict()["checked"] == 4 * sum(
        1 + min(5, k) + 1 for k in range(31)
    )


def test_until_period_stops_at_the_first_heap_that_proves_it() -> None:
    with Context():
        code, text = run("quotient", "kayles", "--max-heap", "400", "--until-period", "--json")
    shown = json.loads(text)
    assert code == 0 and shown["max_heap"] == 204 and shown["period"]["period"] == 12
    assert shown["stable_from_status"] == "proven"
    code, text = run("quotient", "grundy-game", "--max-heap", "12", "--until-period")
    assert code == 0 and "heaps ≤ 12" in text and "period" not in text  # no criterion


def test_the_python_api_reads_a_huge_heap_through_the_period() -> None:
    from nimlab.misere import outcome

    q = periodic_quotient("kayles", 400)
    for heaps in ((10**18, 7), (10**18, 10**18), (12 * 10**17 + 5,)):
        assert outcome("kayles", heaps) == ("P" if q.is_p(heaps) else "N")
    answer = misere_analyze("kayles", (10**18, 7))
    assert answer.period is not None and not answer.winning_moves_complete


def test_a_period_that_needs_more_than_400_heaps_answers_too() -> None:
    # 0.44 proves its period (24, from heap 143) only at heap 404 (research/misere/periods.csv)
    a = nimlab.analyze("octal:0.44", (10**12, 5), misere=True)
    assert a.how is not None and a.how.name == "oracle:misere-quotient"
    q = periodic_quotient("octal:0.44", 600)
    assert q.period is not None and (q.period.period, q.max_heap) == (24, 404)
    assert (a.outcome == "P") == q.is_p((10**12, 5))


def test_a_quotient_that_proved_no_period_is_not_built_again_in_the_same_context(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    from nimlab.errors import TooLarge

    module = importlib.import_module("nimlab.misere.quotient")  # the package's name is a function
    built: list[str] = []
    real = module.periodic_quotient

    def counted(game: object, largest: int, limits: object = None) -> object:
        built.append(str(game))
        return real(game, largest, limits)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "periodic_quotient", counted)
    with Context():
        for _ in range(2):
            with pytest.raises(TooLarge) as refused:
                nimlab.analyze("dawson-kayles", "1000", misere=True)
            assert "larger ones only through a period it proves" in str(refused.value)
    assert len(built) == 1  # the second refusal is remembered, not built again


def test_until_period_is_refused_up_front_as_the_plain_quotient_is() -> None:
    # --until-period skipped the memory check the plain quotient makes before it starts
    argv = ("quotient", "kayles", "--max-heap", "99999999", "--max-states", "10000000000000")
    for extra in ((), ("--until-period",)):
        with Context():  # not a proven quotient another test cached
            code, _ = run(*argv, "--max-memory", "1M", *extra)
        assert code == 3


def test_a_refused_period_does_not_break_the_games_later_answers() -> None:
    # The refusal was cached beside the game's quotients and read back as one of them:
    # every later misère answer of the game raised AttributeError ('tuple' … 'max_heap').
    from nimlab.errors import TooLarge
    from nimlab.misere import outcome

    with Context():
        with pytest.raises(TooLarge):
            nimlab.analyze("dawson-kayles", "1000,3", misere=True)
        assert nimlab.analyze("dawson-kayles", "20,21", misere=True).outcome in "PN"
        assert outcome("dawson-kayles", (20, 21)) in "PN"
        assert periodic_quotient("dawson-kayles", 12).max_heap == 12
        with pytest.raises(TooLarge):  # and the refusal is still remembered
            nimlab.analyze("dawson-kayles", "1000,3", misere=True)


def test_periodic_quotient_checks_its_heap_bound_as_quotient_does() -> None:
    from nimlab.errors import InvalidOption

    for bad in (-3, "40", None, 40.5, True):
        with pytest.raises(InvalidOption, match="largest must be an integer ≥ 0"):
            periodic_quotient("octal:0.75", bad)  # type: ignore[arg-type]


def test_a_quotient_passed_in_must_be_a_quotient() -> None:
    from nimlab.errors import InvalidOption
    from nimlab.misere import outcome

    with pytest.raises(InvalidOption, match="quotient_ must be a MisereQuotient"):
        outcome("kayles", [3], quotient_="abc")  # type: ignore[arg-type]


def test_listing_the_options_of_many_large_heaps_keeps_to_the_limits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 800 Kayles heaps of 9,000 went on for 22 s and 1 GB under --max-memory 100M.
    from nimlab.errors import TooLarge
    from nimlab.limits import Limits

    heaps = ",".join(str(h) for h in range(9000, 9800))
    for extra in ((), ("--max-memory", "100M")):
        with Context():  # no option lists kept by another test
            code, _ = run("analyze", "kayles", heaps, "--misere", *extra)
        said = capsys.readouterr().err
        assert code == 3 and "7,519,600 options of the heaps" in said and "--max-states" in said
        assert "listing its winning moves" in said and "none for" not in said
    code, _ = run("analyze", "kayles", "9000", "--misere", "--max-memory", "1M")
    said = capsys.readouterr().err
    assert code == 3 and "9,000 options" in said and "--max-memory" in said
    q = periodic_quotient("kayles", 600)
    many = tuple(range(9000, 9800))
    assert q.is_p(many + many)  # every heap twice: a P-position, so no option is listed
    code, text = run("analyze", "kayles", f"{heaps},{heaps}", "--misere")
    assert code == 0 and "outcome     P" in text and "winning moves: none" in text
    q = periodic_quotient("kayles", 600)
    many = list(range(9000, 9100))
    with pytest.raises(TooLarge) as refused:  # refused up front: Kayles' options are counted
        misere_analyze("kayles", many, Limits(max_states=20_000), q)
    assert refused.value.limit == "max_states"
    answer = misere_analyze("kayles", many, Limits(max_states=10**6), q)
    assert answer.outcome in "PN"
    # A game of the user's (its options not known before they are listed): counted as listed.
    from nimlab.games.heap import heap_game

    def kayles_options(n: int) -> list[tuple[int, ...]]:
        return [(a, n - k - a) for k in (1, 2) for a in range(0, (n - k) // 2 + 1) if n >= k]

    custom = heap_game(kayles_options, "my-kayles")
    with pytest.raises(TooLarge) as refused:
        misere_analyze(custom, (300, 301, 302), Limits(max_states=500))
    assert refused.value.limit == "max_states"


def test_the_option_lists_a_quotient_keeps_are_bounded() -> None:
    import importlib

    module = importlib.import_module("nimlab.misere.quotient")  # the package's name is a function
    q = periodic_quotient("kayles", 600)
    for h in range(3000, 3100):  # 100 heaps of about 3,000 options: 36 MB were all kept
        misere_analyze("kayles", (h,), None, q)
    assert 0 < q.option_cache.bytes <= module.OPTION_CACHE_BYTES


def test_the_plan_does_not_cost_the_quotient_at_one_state() -> None:
    # The plan said "— 1 states" for an answer whose quotient takes up to 3,000,000 states.
    for heaps in ("1000,7", f"{10**18},7"):
        code, text = run("analyze", "kayles", heaps, "--misere", "--plan")
        assert code == 0 and "misère quotient" in text and "cost unknown until run" in text
        assert "1 states" not in text


def test_explain_says_a_list_read_through_the_period_may_be_partial() -> None:
    # "(and 8 more)" read as all 11 winning moves of 10001 in 0.75; it has 5,000.
    from nimlab.explanations import explain

    e = explain("octal:0.75", "10001", misere=True)
    move = e.steps[-1]
    assert "(and 8 more listed; there may be others)" in move.text
    assert move.data["complete"] is False and len(move.data["moves"]) == 11
    ja = explain("octal:0.75", "10001", misere=True, lang="ja")
    assert "挙げていない必勝手もありうる" in ja.steps[-1].text
    whole = explain("kayles", "3,5,7", misere=True).steps[-1]
    assert whole.data["complete"] is True and "there may be others" not in whole.text


def test_explain_keeps_the_reason_the_quotient_gave_for_refusing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # explain replaced it with "no theorem answers octal:0.75 at this size", though the
    # quotient did answer: only the listing of the winning moves was over the limits.
    from nimlab.errors import TooLarge
    from nimlab.explanations import explain
    from nimlab.limits import Limits

    heaps = tuple(range(9000, 9399))  # an N-position: 3,670,002 options to list
    with pytest.raises(TooLarge) as refused:
        explain("octal:0.75", heaps, misere=True, limits=Limits(max_states=200_000))
    assert "listing its winning moves" in str(refused.value)
    assert "no theorem answers" not in str(refused.value)
    # and explain lists each option once: its arithmetic step asks for no moves
    listed: list[int] = []
    real = answers._Lister._listed

    def counted(self: answers._Lister, h: int) -> object:
        listed.append(h)
        return real(self, h)

    monkeypatch.setattr(answers._Lister, "_listed", counted)
    with Context():
        explain("octal:0.75", (9001, 9002, 9003), misere=True)
    assert sorted(listed) == [9001, 9002, 9003]
