"""The progress bar of long runs and sweeps: its words in the command's language."""

from __future__ import annotations

import pytest

from nimlab.progress import ProgressBar


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["kayles to 100", "values/s", "left"]),
        ("ja", ["kayles（100 まで）", "毎秒", "値", "残り"]),
    ],
)
def test_the_bar_speaks_the_language(
    lang: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from nimlab.messages import say

    bar = ProgressBar(
        say("progress.to", lang, game="kayles", to="100"), 100, "values", lang, force=True
    )
    bar.update(40)
    bar.advance(10)
    bar.close()
    drawn = capsys.readouterr().err
    assert bar.done == 50 and "50/100" in drawn
    for word in words:
        assert word in drawn, (word, drawn)


def test_the_bar_is_silent_off_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    bar = ProgressBar("sweep", 10, "tasks", "en", done=3)
    bar.advance(2)
    bar.close()
    assert bar.done == 5 and capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "sweep: 7/10 tasks (70.0%), "),
        ("ja", "sweep: 7/10 タスク（70.0%）、毎秒 "),
    ],
)
def test_off_a_terminal_the_bar_is_a_plain_line_now_and_then(lang: str, expected: str) -> None:
    import io

    log = io.StringIO()
    bar = ProgressBar("sweep", 10, "tasks", lang, done=3, log_seconds=0, stream=log)
    bar.advance(4)
    bar.close()
    line = log.getvalue()
    assert line.startswith(expected) and line.count("\n") == 1, line
    assert ("left" if lang == "en" else "残り") in line
    late = io.StringIO()
    bar = ProgressBar("sweep", 10, "tasks", lang, log_seconds=3600, stream=late)
    bar.advance(4)
    assert late.getvalue() == ""  # not before log_seconds have passed


def test_off_a_terminal_the_line_comes_while_no_step_ends() -> None:
    # A sweep whose one batch took minutes printed nothing all that time: the line was
    # written only when a batch ended.
    import io
    import time

    log = io.StringIO()
    bar = ProgressBar("sweep", 10, "tasks", "en", done=3, log_seconds=0.05, stream=log)
    waited = 0.0
    while log.getvalue().count("\n") < 2 and waited < 30:  # no step ends meanwhile
        time.sleep(0.05)
        waited += 0.05
    bar.close()
    lines = log.getvalue().splitlines()
    assert len(lines) >= 2 and all(line.startswith("sweep: 3/10 tasks (30.0%)") for line in lines)
    time.sleep(0.2)
    assert log.getvalue().splitlines() == lines  # nothing once it is closed


def test_the_time_left_reads_as_a_clock() -> None:
    from nimlab.progress import _clock

    assert [_clock(s) for s in (0, 61, 3599.6, 86400)] == ["0:00", "1:01", "1:00:00", "24:00:00"]


@pytest.fixture
def meter_now(monkeypatch: pytest.MonkeyPatch) -> None:
    import nimlab.progress

    monkeypatch.setattr(nimlab.progress, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(nimlab.progress, "REDRAW_SECONDS", 0.0)


@pytest.mark.usefixtures("meter_now")
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ["working: ", " of at most 1,000,000 states (", "--max-states"]), ("ja", ["計算中"])],
)
def test_the_work_meter_redraws_one_line_and_wipes_it(lang: str, words: list[str]) -> None:
    import io

    from nimlab.limits import Limits, watch_work
    from nimlab.progress import WorkMeter

    screen = io.StringIO()
    meter = WorkMeter(lang, stream=screen, tty=True)
    watch_work(meter)
    try:
        budget = Limits(max_states=10**6).budget()
        for _ in range(3):
            budget.spend(5000)
    finally:
        watch_work(None)
    drawn = screen.getvalue()
    assert drawn.count("\r") == 3 and drawn.endswith("\x1b[K") and "\n" not in drawn
    assert all(word in drawn for word in words)
    assert "15,000" in drawn.split("\r")[-1]
    meter.clear()
    assert screen.getvalue() == drawn + "\r\x1b[K"
    meter.clear()  # nothing is drawn now: nothing to wipe
    assert screen.getvalue() == drawn + "\r\x1b[K"


@pytest.mark.usefixtures("meter_now")
def test_the_work_meter_keeps_quiet_while_a_progress_bar_is_open() -> None:
    import io

    from nimlab.limits import Limits, watch_work
    from nimlab.progress import WorkMeter

    screen = io.StringIO()
    meter = WorkMeter(stream=screen, tty=True)
    watch_work(meter)
    try:
        bar = ProgressBar("kayles to 100", 100, "values", stream=io.StringIO(), log_seconds=99)
        Limits(max_states=10**6).budget().spend(10_000)
        assert screen.getvalue() == ""  # the bar tells how the work goes
        bar.close()
        Limits(max_states=10**6).budget().spend(10_000)
        assert "working: " in screen.getvalue()
    finally:
        watch_work(None)


def test_off_a_terminal_the_work_meter_writes_a_line_a_period() -> None:
    import io

    from nimlab.limits import Limits
    from nimlab.progress import WorkMeter

    log = io.StringIO()
    meter = WorkMeter(stream=log, tty=False, log_seconds=3600)
    meter(Limits(max_states=100).budget())
    assert log.getvalue() == ""  # an hour has not passed
    meter = WorkMeter(stream=log, tty=False, log_seconds=0)
    meter(Limits(max_states=100).budget())
    assert (
        log.getvalue().startswith("working: 0 of at most 100 states") and log.getvalue()[-1] == "\n"
    )


def test_a_terminal_hears_that_kernels_are_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the packaging audit: a fresh installation compiled for minutes in silence."""
    import io
    import time

    from nimlab import compilation, progress

    monkeypatch.setattr(progress, "SHOW_AFTER", 0.01)
    screen = io.StringIO()
    meter = progress.WorkMeter("ja", stream=screen, tty=True)
    compilation.started()
    try:
        for _ in range(200):
            if "コンパイル" in screen.getvalue():
                break
            time.sleep(0.01)
    finally:
        compilation.ended()
    assert "カーネルをコンパイル中" in screen.getvalue()
    assert screen.getvalue().endswith("\r\x1b[K")  # wiped once it ended
    meter.close()
    compilation.started()  # a closed meter no longer listens
    compilation.ended()
    assert screen.getvalue().count("コンパイル") == 1
    quiet = io.StringIO()
    off = progress.WorkMeter(stream=quiet, tty=False)
    compilation.started()
    time.sleep(0.05)
    compilation.ended()
    off.close()
    assert quiet.getvalue() == ""  # off a terminal (logs, tests): nothing
