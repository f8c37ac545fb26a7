"""``nimlab play`` driven through piped stdin: whole games, commands, illegal moves."""

from __future__ import annotations

import json
import subprocess
import sys


def play(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nimlab", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_whole_game_against_the_perfect_computer_is_lost() -> None:
    # 1,2,3 is a P-position: whatever you do, the perfect computer wins.
    r = play("nim", "1,2,3", stdin="take 1 from 1\n" + "#1\n" * 10)
    assert r.returncode == 0, r.stderr
    assert "the computer wins" in r.stdout
    assert r.stdout.count("computer: ") >= 2


def test_perfect_play_from_an_n_position_wins() -> None:
    # Game I from 5: take 1 to leave 4; the lost computer takes 1 (all its moves last as
    # long, and it keeps the first); taking the last 3 wins.
    r = play("subtraction:1,2,3", "5", stdin="take 1\ntake 3\n")
    assert "computer: take 1 from the heap of 4 → 3" in r.stdout and "you win" in r.stdout


def test_illegal_moves_are_refused_and_the_game_goes_on() -> None:
    r = play("nim", "3,4,5", stdin="take 9 from 3\n1,1,1\ntake 2 from 7\n2,4,5\nquit\n")
    assert r.returncode == 0
    assert "'take 9 from 3' is not a legal move from 3,4,5; legal moves: take 1 to 3" in r.stdout
    assert "'1,1,1' is not a legal move" in r.stdout and "there is no heap of 7" in r.stdout
    assert "you: take 1 from the heap of 3 → 2,4,5" in r.stdout
    assert "Game abandoned." in r.stdout


def test_commands_and_the_computer_explaining_itself() -> None:
    r = play(
        "wythoff", "4,7", "--first", "computer",
        stdin="why\nhint\nmoves\nexplain\nundo\n#1\nundo\nhelp\nquit\n",
    )  # fmt: skip
    out = r.stdout
    assert "computer: take 1 from the heap of 7, leaving (4, 6) → 4,6" in out  # lost: it delays
    assert "every move loses against perfect play; this one lasts longest" in out
    assert "hint: take 1 from both heaps, leaving (3, 5) → 3,5" in out
    assert "#1 take 1 from the heap of 6" in out and "Sort the heaps" in out
    assert "nothing to undo" in out and "undone 2 moves;" in out


def test_json_events_and_japanese() -> None:
    r = play("fibonacci-nim", "4", "--json", "--lang", "ja", stdin="take 1\ntake 2\n")
    events = [json.loads(line) for line in r.stdout.splitlines()]
    assert events[0]["event"] == "start" and events[0]["state"]["position"] == "4/3"
    assert events[-1]["event"] == "end" and events[-1]["winner"] == "you"
    assert any("あなた" in e["text"] for e in events)


def test_json_error_events_name_their_kind() -> None:
    # They carried only the text: a program driving the game could not tell a typo from a limit.
    r = play("nim", "3,4", "--json", stdin="take 9\n1,2\n1,x\nquit\n")
    errors = [e for e in map(json.loads, r.stdout.splitlines()) if e["event"] == "error"]
    assert [e["kind"] for e in errors] == ["illegal_move"] * 3


def test_random_level_is_reproducible_with_a_seed() -> None:
    a = play(
        "nim", "5,6,7", "--level", "random", "--seed", "7", "--first", "computer", stdin="quit\n"
    )
    b = play(
        "nim", "5,6,7", "--level", "random", "--seed", "7", "--first", "computer", stdin="quit\n"
    )
    assert a.stdout == b.stdout and "computer: " in a.stdout


def test_end_of_input_stops_the_game_and_bad_setups_exit_2() -> None:
    assert play("nim", "3,4", stdin="").returncode == 0
    r = play("nim", "3,x", stdin="")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert play("nim", "3", "--level", "genius", stdin="").returncode == 2


def test_huge_positions_stay_responsive() -> None:
    big = 10**40
    r = play(
        "wythoff",
        f"{big},{3 * big}",
        "--first",
        "computer",
        stdin="hint\nquit\n",
    )
    assert r.returncode == 0 and "computer: take" in r.stdout and "hint: " in r.stdout
    # Found by the CLI audit: kayles at 10^12 crashed on ``hint`` and on the computer's first
    # move (its winning moves were judged illegal: only a few thousand options were listed).
    for first in ("you", "computer"):
        r = play("kayles", str(10**12), "--first", first, stdin="hint\nquit\n")
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        assert ("hint: " if first == "you" else "computer: take") in r.stdout


def test_a_real_terminal_gets_rich_prompts() -> None:
    import os
    import pty
    import select
    import time

    master, slave = pty.openpty()
    env = os.environ | {"TERM": "xterm-256color", "COLUMNS": "120"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "nimlab", "play", "nim", "1,2"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    os.write(master, b"take 1 from 2\nquit\n")
    output = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            output += chunk
        elif proc.poll() is not None:
            break
    proc.wait(timeout=10)
    os.close(master)
    text = output.decode(errors="replace")
    assert "1,2 — your move" in text and "computer: take 1 from the heap of 1" in text
    assert "\x1b[" in text  # rich colours the computer's moves
    assert "Game abandoned." in text and proc.returncode == 0


def test_misere_play_in_the_terminal() -> None:
    r = play("nim", "1,1,2", "--misere", stdin="1,1,1\n0,0,1\n")
    assert r.returncode == 0, r.stderr
    assert "misère" in r.stdout and "You win" in r.stdout


def test_explain_and_why_follow_misere_play() -> None:
    # found by the audit of 2026-11-27: both explained normal play ("take 2 → 0,1,1")
    r = play("nim", "1,1,2", "--misere", stdin="explain\nquit\n")
    assert "Winning move: take 1 from the heap of 2 → 1,1,1" in r.stdout, r.stdout
    assert "0,1,1" not in r.stdout
    w = play("wythoff", "1,2", "--misere", "--first", "computer", stdin="why\nquit\n")
    assert "• So 0,1 is a P-position; its Grundy value is 0." in w.stdout, w.stdout


def test_a_game_the_computer_could_not_play_is_refused_before_it_begins() -> None:
    # found by the audit of 2026-11-27: kayles 1000 --misere started, then the first move
    # was refused (exit 3) after the person had played it. Kayles' misère quotient now
    # proves its period, so the computer plays any heap of it (below); Grundy's game has
    # no period criterion, and its heap of 1000 stays out of the computer's reach.
    r = play("grundy-game", "1000", "--misere", stdin="take 1\nquit\n")
    assert r.returncode == 3 and "too big for the computer to play perfectly" in r.stderr
    assert "--level random" in r.stderr and "you:" not in r.stdout
    ok = play("grundy-game", "1000", "--misere", "--level", "random", stdin="quit\n")
    assert ok.returncode == 0


def test_the_computer_plays_misere_kayles_from_a_heap_of_1000_through_the_quotient() -> None:
    r = play("kayles", "1000", "--misere", stdin="take 1\nquit\n")
    assert r.returncode == 0 and "you: take 1 from the heap of 1000" in r.stdout
    assert "computer: " in r.stdout and "too big" not in r.stderr


def test_a_misere_game_over_before_it_begins_says_so() -> None:
    # found by the audit of 2026-11-27: "the computer made the last move" when nobody had
    # moved, and the help line's example was "(e.g. -)"
    r = play("dawson-kayles", "1", "--misere", stdin="quit\n")
    assert "before anyone has moved: under misère play that is a win. You win!" in r.stdout
    assert "made the last move" not in r.stdout and "(e.g. -)" not in r.stdout


def test_a_whole_list_of_moves_is_not_summed_up_again() -> None:
    # the misère audit: `moves` printed the list, then the same moves again in one line
    r = play("nim", "1,2", stdin="moves\nquit\n")
    assert "#3 take 2 from the heap of 2 → 0,1" in r.stdout
    assert "take 1 from the heap of 1, take 1 to 2 from the heap of 2" not in r.stdout
    cut = play("wythoff", "4,7", stdin="moves\nquit\n")  # 18 moves: listed to 12, then summed
    assert "#12 " in cut.stdout and "#13 " not in cut.stdout and "both heaps" in cut.stdout


def test_take_from_both_outside_wythoff_is_refused_and_the_game_goes_on() -> None:
    # found by the play audit of 2026-11-27: a traceback (int("both")) and the game lost
    for spec, pos in (("nim", "3,4,5"), ("kayles", "2,5"), ("subtraction:1,2,3", "2,5")):
        r = play(spec, pos, stdin="take 2 from both\nquit\n")
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        assert "`take K from both` is a move of Wythoff's game" in r.stdout
        assert "Game abandoned." in r.stdout


def test_a_move_that_empties_a_heap_reads_either_way() -> None:
    # the play audit: Kayles refused `take 2 from 2` and `0,5` (its positions drop empty
    # heaps), and at a single heap every spelling but #1; Nim refused `2,3` from 0,3,3
    for spec, pos, typed, to in (
        ("kayles", "2,5", "take 2 from 2", "→ 5"),
        ("kayles", "2,5", "0,5", "→ 5"),
        ("dawson-kayles", "2,5", "5", "→ 5"),
        ("nim", "0,3,3", "2,3", "→ 0,2,3"),
        ("nim", "2,5", "5", "→ 0,5"),
    ):
        r = play(spec, pos, stdin=f"{typed}\nquit\n")
        assert "you: " in r.stdout and to in r.stdout.split("you: ")[1], (spec, typed, r.stdout)
    for typed in ("take 1", "take 1 from 1", "0"):
        r = play("kayles", "1", "--misere", stdin=f"{typed}\n")
        assert "you: take the whole heap of 1 → (no heaps left)" in r.stdout, (typed, r.stdout)


def test_full_width_digits_and_commas_read_as_a_move() -> None:
    r = play("nim", "3,4,5", "--lang", "ja", stdin="１，４，５\nやめる\n")
    assert "あなた: 3 個の山から 2 個取る → 1,4,5" in r.stdout, r.stdout


def test_the_help_names_only_the_spellings_the_game_takes() -> None:
    # the play audit: the same help for every game, `take K from H` offered where it is
    # refused, "Arrow keys" with piped input, and the take-away games' bare K unexplained
    def help_of(spec: str, pos: str, *extra: str) -> str:
        out = play(spec, pos, *extra, stdin="quit\n").stdout
        return next(
            line for line in out.splitlines() if line.startswith(("Type a move", "手を入力"))
        )

    assert "`take K from H`" not in help_of("grundy-game", "9")
    assert "`take K from H`" not in help_of("split-delete-nim:single", "3,4,5")
    assert "`take K from both`" in help_of("wythoff", "3,5")
    assert "`take K` or just K" in help_of("fibonacci-nim", "20")
    assert "`take K from H`" in help_of("kayles", "7")
    assert "Arrow keys" not in help_of("nim", "3,4")
    assert "K だけでも可" in help_of("fibonacci-nim", "20", "--lang", "ja")


def test_the_level_and_the_misere_rule_in_japanese() -> None:
    r = play("grundy-game", "7", "--misere", "--level", "mix", "--lang", "ja", stdin="やめる\n")
    assert "コンピュータのレベル 混合" in r.stdout and "最後に手を指したほうが負け" in r.stdout
    assert "perfect" not in r.stdout and "mix" not in r.stdout


def test_moves_past_the_list_are_pointed_to_not_listed_again() -> None:
    # the play audit: `moves` in Kayles printed its 12 moves, then the same 12 on one line
    # ending "(type `moves` for the list)"
    r = play("kayles", "10,20", stdin="moves\nquit\n")
    assert "#12 " in r.stdout and "(type `moves` for the list)" not in r.stdout
    assert "(the first 12 moves; any other can be typed as the position it leads to)" in r.stdout


def test_a_long_refused_line_is_not_echoed_whole() -> None:
    r = play("nim", "3,4,5", stdin="x" * 100_000 + "\nquit\n")
    refusal = next(line for line in r.stdout.splitlines() if "cannot read" in line)
    assert len(refusal) < 600 and "x" * 60 + "…" in refusal


def test_why_keeps_its_reason_when_the_explanation_is_refused() -> None:
    # the play audit: after a random move on a huge position `why` printed only the refusal
    huge = "1" + "0" * 30
    r = play("grundy-game", huge, "--level", "random", "--seed", "1", stdin="#1\nwhy\nquit\n")
    why = r.stdout.split("computer: ")[1]
    assert "a random move" in why or "at random" in why, why
    assert "--max-states" in why


def test_a_game_that_thinks_long_shows_its_progress_off_a_terminal() -> None:
    # found by the CLI fuzz of 2026-11-27: play had no work meter, so a game whose state
    # limit was raised thought for minutes at its start and said nothing
    import os
    import subprocess
    import sys

    r = subprocess.run(
        [sys.executable, "-m", "nimlab", "play", "kayles", "24", "--misere"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, NIMLAB_PROGRESS_SECONDS="0"),
    )
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert lines and all(line.startswith("working: ") for line in lines), r.stderr
    assert "Game abandoned." in r.stdout


def test_a_state_limit_below_the_moves_listed_lists_fewer() -> None:
    # fuzz of stop 45: --max-states below 20 stopped the game at once with exit 2 and
    # "limit must be at most 10, got 20" (the moves listed for the example move)
    for limit in ("1", "10", "19"):
        done = play("nim", "3,4,5", "--max-states", limit, stdin="quit\n")
        assert done.returncode == 0 and "Game abandoned" in done.stdout, done.stderr
    moves = play("nim", "30,40", "--max-states", "5", stdin="moves\nquit\n").stdout
    assert "#5 take 5 from the heap of 30" in moves and "#6" not in moves
    assert "take 1 to 40 from the heap of 40" in moves  # the rest said by the rule


def test_a_closed_standard_input_is_one_line_not_a_traceback() -> None:
    """Found by the signals audit: ``nimlab play kayles 10 <&-`` raised AttributeError
    ('NoneType' object has no attribute 'isatty')."""
    import os
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "nimlab", "play", "kayles", "10"],
        capture_output=True, text=True, timeout=120, preexec_fn=lambda: os.close(0),
    )  # fmt: skip
    assert run.returncode == 2
    assert run.stderr == (
        "nimlab: play reads your moves from standard input, which is closed; run it on a "
        "terminal or pipe the moves into it\n"
    )
