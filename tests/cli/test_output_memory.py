"""Output within ``--max-memory``: long answers are written as they are rendered.

Found by the CLI fuzz: ``table wythoff --size 4000 --max-memory 256M`` peaked at
2.46 GB and ``sequence kayles --to 10^8 --max-memory 256M --json`` at 2.58 GB, the
arrays of the answer counted but not their rendering. Each command here runs in
this process into a sink that discards what it is given, and the peak of what
Python allocated meanwhile (numpy's arrays included) is held to the command's own
``--max-memory``.
"""

from __future__ import annotations

import io
import tracemalloc

import pytest

from nimlab.cli.main import main


class Sink(io.TextIOBase):
    """Standard output that keeps nothing."""

    def write(self, text: str) -> int:
        return len(text)


def peak_of(args: list[str], warm_up: list[str]) -> int:
    """The peak bytes Python allocates running ``nimlab ARGS``, once ``warm_up`` (the same
    command, small) has imported what it needs."""
    assert main(warm_up, Sink()) == 0
    tracemalloc.start()
    try:
        assert main(args, Sink()) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


MB = 1024**2


@pytest.mark.parametrize(
    "shown",
    [[], ["--json"], ["--format", "csv"], ["--format", "markdown"], ["--format", "latex"],
     ["--origin", "1"]],
)  # fmt: skip
def test_a_table_is_written_within_its_memory_limit(shown: list[str]) -> None:
    """10^6 cells (4 MB of arrays) took 42 to 125 MB as Python ints and strings."""
    args = ["table", "nim", "--size", "1000", "--max-memory", "8M", *shown]
    assert peak_of(args, ["table", "nim", "--size", "2", *shown]) < 8 * MB


@pytest.mark.parametrize("shown", [[], ["--json"], ["--format", "csv"], ["--format", "markdown"]])
def test_p_positions_are_written_within_their_memory_limit(shown: list[str]) -> None:
    """163,752 positions are charged 42 MB (their tuples and a JSON copy); a table format
    made every number a string besides, 63 MB at once."""
    args = ["ppositions", "nim", "--heaps", "3", "--max", "1000", "--max-memory", "42M", *shown]
    assert peak_of(args, ["ppositions", "nim", "--heaps", "3", "--max", "3", *shown]) < 42 * MB


@pytest.mark.parametrize("command", ["sequence", "rare"])
def test_a_long_sequence_is_judged_within_its_memory_limit(command: str) -> None:
    """Choosing the mask of ``"sparse"`` made int64 copies of every value and its parity:
    32 MB each for 4·10^6 values of 1 byte."""
    limits = ["--max-states", "10000000", "--max-memory", "16M"]
    args = [command, "kayles", "--to", "4000000", "--json", *limits]
    assert peak_of(args, [command, "kayles", "--to", "100", "--json"]) < 16 * MB


@pytest.mark.parametrize("shown", [[], ["--json"], ["--format", "csv"]])
def test_seed_000s_tables_are_written_within_their_memory_limit(shown: list[str]) -> None:
    """The rows are held (charged up front); their text was made whole besides: 10^5 rows
    of w(n) took 78 MB, of Wythoff's table 136 MB (charged 170 MB for it)."""
    args = ["wtable", "fibonacci-nim", "--to", "100000", "--max-memory", "40M", *shown]
    assert peak_of(args, ["wtable", "fibonacci-nim", "--to", "3", *shown]) < 40 * MB
    args = ["wythoff-table", "--to", "100000", "--max-memory", "48M", *shown]
    assert peak_of(args, ["wythoff-table", "--to", "3", *shown]) < 48 * MB


def test_rows_held_over_the_limit_are_refused_up_front(capsys: pytest.CaptureFixture[str]) -> None:
    """``wtable --to 10^6`` took 940 MB under --max-memory 256M (300 MB written a row at a
    time): its rows are refused before they are made, in one line naming the option."""
    limits = ["--max-states", "100000000", "--max-memory", "256M"]
    assert main(["wtable", "fibonacci-nim", "--to", "1000000", *limits], Sink()) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--max-memory" in err and "Traceback" not in err


@pytest.mark.parametrize("shown", [[], ["--json"], ["--format", "csv"]])
def test_table_9s_matrix_is_made_and_written_within_its_memory_limit(shown: list[str]) -> None:
    """A dict of sets of partners took 2,000 bytes a position, uncharged: 26 MB for the
    12,086 P-positions of Nim below 301 (`--max 3000`: 2.85 GB under the default 2 GiB)."""
    args = ["ppositions", "nim", "--heaps", "3", "--max", "300", "--layout", "matrix"]
    small = ["ppositions", "nim", "--heaps", "3", "--max", "5", "--layout", "matrix", *shown]
    assert peak_of([*args, "--max-memory", "12M", *shown], small) < 12 * MB


def test_a_matrix_over_the_limit_is_refused_up_front(capsys: pytest.CaptureFixture[str]) -> None:
    """The 301×301 cells of Nim's matrix are charged (10 MB with the positions they come
    from) before they are made."""
    args = ["ppositions", "nim", "--heaps", "3", "--max", "300", "--layout", "matrix"]
    assert main([*args, "--max-memory", "6M"], Sink()) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "301×301 matrix" in err and "--max-memory" in err
