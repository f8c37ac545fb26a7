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
    q = periodic_quotient("kayles", 400)
    kayles = nimlab.game("kayles")
    monkeypatch.setattr(answers, "LISTED_HEAP", 0)
    for h in range(q.max_heap + 1, q.max_heap + 30):
        lifted, complete = answers._options_by_element(kayles, q, h)
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
    assert "from heap 71 on each heap's element is that of the heap 12 stones smaller" in (
        e.steps[0].text
    )
    ja = explain("kayles", f"{10**18},7", misere=True, lang="ja")
    assert "石が 12 個少ない山の元" in ja.steps[0].text


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
