"""Interruptions land only where Python can take them (found by the signals audit)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from nimlab.interrupts import taken_safely, unsafe


def test_numba_and_imports_are_unsafe_places() -> None:
    import numba.core.serialize as numba_code

    class Frame:  # the two things unsafe() reads of a frame
        f_back = None
        f_code = unsafe.__code__

        def __init__(self, module: str) -> None:
            self.f_globals = {"__name__": module}

    assert unsafe(Frame(numba_code.__name__))  # type: ignore[arg-type]
    assert unsafe(Frame("importlib._bootstrap"))  # type: ignore[arg-type]
    assert not unsafe(Frame("nimlab.solve.engine"))  # type: ignore[arg-type]


def test_an_ignored_signal_stays_ignored_and_handlers_come_back() -> None:
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    term = signal.getsignal(signal.SIGTERM)
    try:
        with taken_safely():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) is not term
            with pytest.raises(KeyboardInterrupt):
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(1)
        assert signal.getsignal(signal.SIGTERM) is term
    finally:
        signal.signal(signal.SIGHUP, before)


@pytest.mark.parametrize(("signum", "after"), [(signal.SIGINT, 1.5), (signal.SIGTERM, 2.5)])
def test_an_interrupt_during_the_parallel_engine_is_one_line(signum: int, after: float) -> None:
    """Ctrl-C during Grundy's game to 2·10^6 gave 53 lines of SystemError and exit 1 in 19 of
    20 tries, and now and then a segmentation fault: the interrupt was raised while numba's
    compiled call unpickled a constant. SIGTERM killed the process without its cleanup."""
    run = subprocess.Popen(
        [sys.executable, "-m", "nimlab", "sequence", "grundy-game", "--to", "20000000",
         "--max-states", "100000000000"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "NIMLAB_TABLEBASE": "off"},
    )  # fmt: skip
    time.sleep(after)
    run.send_signal(signum)
    _, err = run.communicate(timeout=600)
    assert (run.returncode, err) == (130, "nimlab: interrupted\n")
