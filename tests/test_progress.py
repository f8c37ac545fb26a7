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
