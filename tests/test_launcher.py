"""The ``nimlab`` command's entry point: a Ctrl-C while the package is imported."""

from __future__ import annotations

import builtins
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab_launcher
from nimlab.messages import say


def test_an_interrupt_while_importing_ends_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C in the first tenth of a second printed Python's traceback: the console
    script imported the package before any code of nimlab's could catch it."""
    real = builtins.__import__

    raised: list[BaseException] = []

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "nimlab.cli.main":
            raise raised[0]
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    wrapped = RuntimeError("Error calling __set_name__ on 'cached_property' instance")
    wrapped.__cause__ = KeyboardInterrupt()  # a Ctrl-C while a class is made
    for error in (KeyboardInterrupt(), wrapped):
        raised[:] = [error]
        for argv, said in ((["analyze", "nim", "3"], "en"), (["sequence", "--lang", "ja"], "ja")):
            monkeypatch.setattr(sys, "argv", ["nimlab", *argv])
            assert nimlab_launcher.main() == 130
            assert capsys.readouterr().err == say("cli.interrupted", said) + "\n"
    raised[:] = [RuntimeError("a genuine fault")]  # not an interrupt: not hidden
    with pytest.raises(RuntimeError, match="genuine"):
        nimlab_launcher.main()


def test_the_launcher_says_what_the_command_line_says() -> None:
    for lang in nimlab_launcher.LANGS:
        assert nimlab_launcher.INTERRUPTED[lang] == say("cli.interrupted", lang)


def test_the_installed_command_is_the_launcher_and_a_real_ctrl_c_is_no_traceback() -> None:
    script = Path(sys.executable).parent / "nimlab"
    assert "from nimlab_launcher import main" in script.read_text(encoding="utf-8")
    for delay in (0.02, 0.05, 0.08, 0.12):  # start-up, the imports, and past them
        process = subprocess.Popen(
            [str(script), "sequence", "kayles", "--to", "100000000", "--max-states", "10"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
        # Python's start-up and the console script's own first lines (`import re`) come
        # before any code of nimlab's: an interrupt there is Python's to report (about
        # 15 ms on this machine); none may pass through nimlab's own files
        assert not re.search(r'File "[^"]*nimlab(_launcher\.py|/)', err), (delay, err)
        # before Python's own handler is installed, SIGINT simply ends the process; on a
        # slower machine it may land in Python's own import of `site`, which Python reports
        # as a fatal start-up error (exit 1) before any code of nimlab's runs
        python_start_up = err.startswith("Fatal Python error: init_import_site")
        assert process.returncode in (130, -signal.SIGINT, 3) or (
            python_start_up and process.returncode == 1
        ), (delay, process.returncode, err)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["--lang", "--lang=ja", "--lang=en", "ja", "en", "xx", "--", "3"])),
    st.sampled_from(["", "ja", " JA", "en", "fr"]),
)
def test_the_launcher_reads_the_language_as_the_command_line_does(
    argv: list[str], env: str
) -> None:
    from nimlab.cli.options import lang_of

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NIMLAB_LANG", env)
        assert nimlab_launcher.requested_language(argv, {"NIMLAB_LANG": env}) == lang_of(argv)
