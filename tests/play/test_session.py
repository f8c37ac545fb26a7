"""Session: turns, undo, hints, the end of the game, and its JSON form."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.errors import IllegalMove, InvalidOption
from nimlab.games.wording import render_move
from nimlab.play import Session


def test_a_game_played_with_hints_is_won_from_an_n_position() -> None:
    s = Session("wythoff", "7,10", first="you")
    while not s.over:
        if s.to_move == "you":
            s.play(s.hint().move)
        else:
            s.reply()
    assert s.winner == "you"
    d = s.to_dict()
    assert d["over"] and d["winner"] == "you" and d["history"][0]["player"] == "you"
    assert d["start"] == "7,10" and d["position"] == "0,0"


def test_the_perfect_computer_wins_from_a_p_position() -> None:
    s = Session("nim", "1,2,3", first="you", level="perfect")
    while not s.over:
        if s.to_move == "you":
            s.play(s.legal_moves()[0])
        else:
            s.reply()
    assert s.winner == "computer"


def test_turn_order_and_refusals() -> None:
    s = Session("nim", "2,2", first="computer")
    with pytest.raises(IllegalMove, match="computer's turn"):
        s.play("take 1 from 2")
    with pytest.raises(IllegalMove, match="has not moved"):
        s.why()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        s.undo()
    turn = s.reply()
    assert turn.kind == "delay" and s.to_move == "you"
    assert "lasts longest" in s.why() and "最も長く粘れる" in s.why("ja")
    assert s.why().startswith(turn.move.text)
    assert s.why("ja").startswith(turn.move.words("ja") + ":") and "take" not in s.why("ja")
    with pytest.raises(IllegalMove, match="your"):
        s.reply()
    with pytest.raises(InvalidOption, match="you, computer"):
        Session("nim", "1", first="nobody")
    with pytest.raises(InvalidOption, match="perfect, random, mix"):
        Session("nim", "1", level="genius")


def test_undo_takes_back_your_move_and_the_reply() -> None:
    s = Session("subtraction:1,2,3", "10")
    s.play("take 2")
    s.reply()
    undone = s.undo()
    assert [t.player for t in undone] == ["computer", "you"] and s.position == (10,)
    assert s.to_move == "you" and not s.turns


def test_game_over() -> None:
    s = Session("nim", "0")
    assert s.over and s.winner == "computer"  # you cannot move: you lost
    with pytest.raises(IllegalMove, match="over"):
        s.play("0")
    with pytest.raises(IllegalMove, match="over"):
        s.hint()


def test_hint_says_why() -> None:
    h = Session("fibonacci-nim", "31").hint()
    # ℓ(31) = 2 wins, and so does taking 10 (21 is a Fibonacci number): the quicker win is hinted.
    assert h.outcome == "N" and h.kind == "win" and h.move.to == (21, 20)
    from nimlab.registry import game

    d = h.to_dict(game("fibonacci-nim"))
    assert d["move"] == {"to": "21/20", "move": "take 10 (the opponent may then take up to 20)"}
    assert "P-position" in d["reason"]


def test_misere_play_the_last_mover_loses() -> None:
    from nimlab.play import Session

    s = Session("nim", "1,1,2", misere=True)
    assert s.hint().move.to == (1, 1, 1)  # Bouton's misère rule: leave an odd number of 1s
    s.play("1,1,1")
    s.reply()
    s.play("0,0,1")
    s.reply()  # forced: the computer takes the last stone
    assert s.over and s.position == (0, 0, 0)
    assert s.winner == "you"  # the player who cannot move wins under misère play
    assert s.to_dict()["misere"] is True
    normal = Session("nim", "1", first="computer")
    normal.reply()
    assert normal.winner == "computer"


def test_a_lost_player_claims_to_last_longest_only_when_remoteness_was_computed() -> None:
    from nimlab.play.session import reason

    assert "lasts longest (3 more moves)" in reason("delay", 3)
    for lang in ("en", "ja"):
        unknown = reason("delay", None, lang)
        assert "lasts longest" not in unknown and "最も長く粘れる手を選んだ" not in unknown
    assert "too big" in reason("delay", None) and "計算していない" in reason("delay", None, "ja")


def test_the_reasons_fit_a_move_that_ends_the_game() -> None:
    # found by the web audit: "whatever the reply" for the last move, "(0 more moves)",
    # and a Japanese past tense ("選んだ") in a hint
    from nimlab.play.session import reason

    last = reason("win", 0)
    assert "whatever the reply" not in last and "no move left" in last
    assert reason("delay", 0).endswith("; this one ends the game at once")
    assert "選んだ" not in reason("delay", 3, "ja") and "あと 3 手" in reason("delay", 3, "ja")


def test_the_last_stones_and_an_ended_game_are_described_as_such() -> None:
    from nimlab.explanations import explain

    last = nimlab.analyze("fibonacci-nim", "2/2").winning_moves[0]
    assert render_move(last, "en") == "take 2 (the last stones)"
    assert render_move(last, "ja") == "2 個取る（最後の石）"
    over = explain("nim", "0,0").steps[-1].text
    assert over == "The player to move has no move left, and under normal play that is a loss."


def test_a_hint_and_a_reply_ask_the_engine_for_no_optional_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by the CLI fuzz of 2026-11-27: each hint at 30,30,30,30 of
    # delete-nim:less-than-half took 7–14 s, an optional Grundy search spending the whole
    # state limit in vain (the outcome and the move come from a compiled table)
    import importlib

    engine = importlib.import_module("nimlab.solve.engine")
    made: list[object] = []
    real = engine.Search
    monkeypatch.setattr(engine, "Search", lambda *args: made.append(args) or real(*args))
    with nimlab.Context():
        s = Session("delete-nim:less-than-half", "30,30,30,30", first="you")
        hint = s.hint()
        assert hint.outcome == "N" and hint.move.to == (1, 1, 29, 29)
        s.play(hint.move)
        assert s.reply().player == "computer" and made == []


def test_a_session_checks_what_it_is_given() -> None:
    """Found by the API audit of 2026-11-28: play(None) raised AttributeError, misere="yes"
    was taken as true, and legal_moves(10**9) listed moves for over 30 s."""
    session = Session("nim", f"{10**30}")
    for typed in [None, 3, b"1"]:
        with pytest.raises(InvalidOption, match="a move is text such as"):
            session.play(typed)  # type: ignore[arg-type]
    with pytest.raises(InvalidOption, match="misere must be True or False"):
        Session("nim", "3,4", misere="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidOption, match="limit must be at most 5,000,000"):
        session.legal_moves(10**9)
    for limit in [-1, "5", 2.5]:
        with pytest.raises(InvalidOption, match="limit must be an integer"):
            session.legal_moves(limit)  # type: ignore[arg-type]
    assert [m.to for m in session.legal_moves(2)] == [(10**30 - 1,), (10**30 - 2,)]
