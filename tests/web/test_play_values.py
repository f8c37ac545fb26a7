"""The play API's move values, rules and computer-against-computer moves."""

from __future__ import annotations

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.registry import FAMILIES
from nimlab.registry import game as parse
from nimlab.solve.search import Search
from nimlab.web import play
from web.test_play import post


@settings(max_examples=25)
@given(
    st.sampled_from(["nim", "wythoff", "kayles", "subtraction:1,2,3", "grundy-game"]),
    st.lists(st.integers(1, 6), min_size=2, max_size=3),
    st.booleans(),
)
def test_each_moves_value_is_the_searched_value_of_where_it_goes(
    spec: str, heaps: list[int], misere: bool
) -> None:
    g = parse(spec)
    heaps = heaps[:2] if spec == "wythoff" else heaps
    start = g.format_position(g.position(heaps))
    state = play.play_state(spec, start, [], "you", "perfect", 0, misere=misere)
    search = Search(g, misere)
    assert state["legal"] or state["over"]
    for move in state["legal"]:
        grundy, remoteness = search.value(g.parse_position(move["to"]))
        assert move["outcome"] == ("win" if grundy == 0 else "lose"), move
        assert move["remoteness"] == remoteness, move


def test_no_remoteness_where_none_was_computed(client: TestClient) -> None:
    state = post(client, "state", start="1500,1600")["state"]
    assert all(m["remoteness"] is None for m in state["legal"])
    assert [m["to"] for m in state["legal"] if m["outcome"] == "win"] == ["1500,1500"]
    huge = "9" * 120
    state = post(client, "state", start=f"3,{huge}")["state"]
    assert state["legal"] and not state["legal_complete"]
    assert all(m["outcome"] == ("win" if m["to"] == "3,3" else "lose") for m in state["legal"])
    assert all(m["remoteness"] is None for m in state["legal"])


def test_the_old_fields_stay(client: TestClient) -> None:
    move = post(client, "state")["state"]["legal"][0]
    assert {"to", "move"} <= set(move) and move["to"] == "0,2,3"


def test_rules_come_from_the_registry_in_both_languages(client: TestClient) -> None:
    for family in FAMILIES.values():
        for lang in ("en", "ja"):
            rules = post(client, "state", game=family.example, start=family.position, lang=lang)
            (rule,) = rules["state"]["rules"]
            assert rule["family"] == family.name
            assert (rule["rule"] == family.rule) == (lang == "en"), (family.name, lang)
            assert rule["rule"] and rule["strategy"] and rule["title"]
    both = post(client, "state", game="nim + kayles", start="3,4 + 5")["state"]["rules"]
    assert [r["family"] for r in both] == ["nim", "octal"]


def test_auto_moves_for_either_side_until_the_end(client: TestClient) -> None:
    moves: list[str] = []
    players = []
    for _ in range(20):
        answer = post(client, "auto", start="2,3,4", moves=moves)
        state = answer["state"]
        moves = state["moves"]
        players.append(state["history"][-1]["by"])
        if state["over"]:
            break
    assert state["over"] and state["winner"] in ("you", "computer")
    assert players[:2] == ["you", "computer"]  # "you" too is moved by the computer
    assert answer["reply"]["why"]
    over = post(client, "auto", status=400, start="2,3,4", moves=moves)
    assert over["error"]["kind"] == "illegal_move"


def test_auto_at_level_perfect_plays_the_winning_move_for_you(client: TestClient) -> None:
    answer = post(client, "auto", start="3,4,5")
    assert answer["state"]["moves"] == ["1,4,5"]
    assert "P-position" in answer["reply"]["why"]


def test_misere_moves_are_valued_by_misere_rules(client: TestClient) -> None:
    state = post(client, "state", start="1,1,2", misere=True)["state"]
    assert [m["to"] for m in state["legal"] if m["outcome"] == "win"] == ["1,1,1"]
    normal = post(client, "state", start="1,1,2")["state"]
    assert [m["to"] for m in normal["legal"] if m["outcome"] == "win"] == ["0,1,1"]
