"""Fuzz every command and option of ``nimlab`` with hostile values, each call in a subprocess.

Every call runs under an address-space cap (``RLIMIT_AS``) and a timeout, with small
``--max-states`` / ``--max-memory`` / ``--max-tasks`` where the generator did not pick them,
and must end with exit code 0, 2 or 3, no traceback, a message on stderr for 2 and 3, and
without running out of memory (the cap) or time.

``NIMLAB_FUZZ_EXAMPLES`` sets the number of calls (default 12, a short profile that
``make test`` runs); ``make fuzz`` runs the long profile. ``NIMLAB_FUZZ_LOG=FILE`` keeps
going after a failure: each call is appended to FILE as a JSON line with its problem
(``null`` when it ended well), so one run counts the calls and lists every failure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nimlab.cli.main import build_parser

EXAMPLES = int(os.environ.get("NIMLAB_FUZZ_EXAMPLES", "12"))
TIMEOUT = float(os.environ.get("NIMLAB_FUZZ_TIMEOUT", "120"))
LOG = os.environ.get("NIMLAB_FUZZ_LOG")
MEMORY_CAP = 3 * 1024**3
"""The address space of each call (3 GiB)."""

HUGE = [str(2**31), str(2**63 - 1), str(2**63), str(2**64), str(10**30), "9" * 5000]
NUMBERS = ["0", "1", "2", "3", "7", "12", "40", "100", "1000", "-1", "-0", "+5", " 3 ", *HUGE]
GARBAGE = [
    "",
    " ",
    "²",
    "３",
    "١٢",
    "1e9",
    "0x10",
    "1_000",
    "nan",
    "inf",
    "1.5",
    "🙂",
    "∞",
    "\t",
    "%s%n",
    "a" * 10000,
    "-",
    "--",
    "'; DROP TABLE results; --",
    "\\x00",
]
LISTS = ["1,2,3", ",", "1,,2", "-1,2", "3,4 + 5", "2,3", "0,0", "1," * 3000, "²,３"]
GAMES = [
    "nim",
    "subtraction:2,4,7",
    "subtraction:1,2,3",
    "kayles",
    "dawson-kayles",
    "octal:0.77",
    "octal:4.07",
    "grundy-game",
    "take-away:2",
    "fibonacci-nim",
    "take-le-prev",
    "wythoff",
    "split-delete-nim:single",
    "split-delete-nim:half",
    "delete-nim:single",
    "delete-nim:half",
    "delete-nim:less-than-half",
    "delete-nim:all-but-one",
    "nim + kayles",
    "wythoff + nim",
    "subtraction:",
    "subtraction:0",
    "subtraction:18446744073709551616",
    "subtraction:" + ",".join(map(str, range(1, 300))),
    "subtraction:²",
    "octal:",
    "octal:0.999",
    "octal:0." + "7" * 70,
    "take-away:0",
    "take-away:" + str(10**30),
    "nim +",
    "+",
    " + ".join(["nim"] * 200),
    "split-delete-nim:foo",
    "NIM",
    "nim:3",
]
POSITIONS = ["3,4,5", "10", "5,7", "20", "20/5", "4,7", "3,5", "1,1", "2,2,2,2", "3,4 + 5"]
POSITIONS += ["1000000000000000000000", "0", "", "-1", "9" * 5000, "1," * 2000, "²", "3/-1"]
MOVES = ["take 1", "take 1 from 3", "#1", "#99999", "moves", "hint", "9" * 5000, "", "²"]
MOVES += ["take " + "9" * 5000 + " from 5", "undo", "1,1", "a" * 10000, "help"]
VERIFY_NAMES = ["nim-sum", "wythoff-beatty", "proposition-4", "no-such-result", ""]
FAMILIES = ["subtraction", "octal", "take-away", "split-delete", "nim", ""]
SMALL = {"--max-states": "200000", "--max-memory": "512M", "--max-tasks": "300"}
"""Limits added where the generator did not choose them, so each call is quick."""
LIMIT_VALUES = ["0", "-1", "1", "100", "5000", "200000", "1K", "64M", "512M", "²", "", "1T0"]


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


COMMANDS = _commands()


def hostile(pool: list[str]) -> st.SearchStrategy[str]:
    """Mostly the pool, sometimes any number or any text without NUL."""
    return st.one_of(
        st.sampled_from(pool),
        st.sampled_from(NUMBERS + GARBAGE + LISTS),
        st.integers(-(10**40), 10**40).map(str),
        st.text(st.characters(blacklist_characters="\x00"), max_size=40),
    )


VALID_GAMES = GAMES[:20]
VALID_POSITIONS = POSITIONS[:10]
SIZES = ["0", "1", "2", "3", "4", "5", "8", "12", "30", "100", "1000", "100000", *HUGE[:5]]
"""Well-formed numbers, small and huge (the limits must refuse what they cannot answer)."""
WELL_FORMED = {
    "--sizes": ["2", "3", "1,2", "2,3"],
    "--max-heap": ["5", "8", "5,8", str(10**30)],
    "--variants": ["delete-nim:single", "split-delete-nim:single", "delete-nim:half"],
    "--columns": ["family,params", "period", "data"],
    "--params": ["1,%", "%", "2,4,7"],
    "--sort": ["period", "preperiod", "params", "work"],
    "--plot": ["period", "preperiod", "ppositions"],
}


def _well_formed(
    option: str, action: argparse.Action, folder: Path, db: str
) -> st.SearchStrategy[str]:
    """A value of the right shape for ``option`` (its size may still be hostile)."""
    if option in SMALL:
        return st.sampled_from(["100", "5000", "200000", "64M", "512M"])
    if action.choices is not None:
        return st.sampled_from([str(c) for c in action.choices])
    if option in WELL_FORMED:
        return st.sampled_from(WELL_FORMED[option])
    if option in ("--workers", "--dask-local"):
        return st.sampled_from(["1", "2"])
    if option in ("--db", "--export", "--out", "--scheduler"):
        return _value(option, action, folder, db)
    return st.sampled_from(SIZES)


def _value(option: str, action: argparse.Action, folder: Path, db: str) -> st.SearchStrategy[str]:
    if option in SMALL:
        return st.sampled_from(LIMIT_VALUES)
    if action.choices is not None:
        return st.one_of(st.sampled_from([str(c) for c in action.choices]), hostile(GARBAGE))
    if option == "--db":
        return st.sampled_from([db, db, str(folder / "new.sqlite"), str(folder), "/dev/full"])
    if option in ("--export", "--out"):
        names = ["a.csv", "a.csv.gz", "a.parquet", "a.png", "a.svg", "a.txt", "no/such/a.csv"]
        return st.sampled_from([str(folder / n) for n in names] + ["/dev/full", "/", ""])
    if option == "--scheduler":
        return st.sampled_from(["tcp://", "tcp://127.0.0.1:1", "tcp://:", "foo", "tcp://h:99999"])
    if option in ("--workers", "--dask-local"):
        return st.sampled_from(["0", "1", "2", "-1", "9999999", str(10**30), "²"])
    if option in ("--sizes", "--max-heap", "--columns", "--variants", "--params"):
        return hostile([*LISTS, "delete-nim:single", "family,params", "1,%"])
    return hostile(NUMBERS)


@st.composite
def calls(draw: st.DrawFn, folder: Path, db: str) -> tuple[list[str], str]:
    """A command line and the text typed into it."""
    name = draw(st.sampled_from(sorted(COMMANDS)))
    if name == "serve":
        return ["serve", "--help"], ""
    argv = [name]
    chosen: set[str] = set()
    rogue = draw(st.integers(0, 2))  # how many values are malformed; the rest are well formed
    for action in COMMANDS[name]._actions:
        if action.dest == "help":
            continue
        bad = rogue > 0 and draw(st.integers(0, 3)) == 0
        rogue -= bad
        if not action.option_strings:  # a positional
            valid = {"game": VALID_GAMES, "family": FAMILIES[:4], "names": VERIFY_NAMES[:3]}
            pool = valid.get(action.dest, VALID_POSITIONS)
            count = 1 if action.nargs is None else draw(st.integers(0, 2))
            strategy = hostile(pool) if bad else st.sampled_from(pool)
            argv += [draw(strategy) for _ in range(count)]
            continue
        option = action.option_strings[0]
        if draw(st.integers(0, 2)) != 0:  # each option in one call of three
            continue
        chosen.add(option)
        if action.nargs == 0:
            argv.append(option)
        elif bad:
            argv += [option, draw(_value(option, action, folder, db))]
        else:
            argv += [option, draw(_well_formed(option, action, folder, db))]
    for option, value in SMALL.items():
        if option not in chosen and (option != "--max-tasks" or name == "sweep"):
            argv += [option, value]
    if name == "sweep":
        argv += ["--quiet"] if draw(st.booleans()) else []
        if "--workers" not in chosen and "--dask-local" not in chosen:
            argv += ["--workers", "1"]
    typed = "\n".join(draw(st.lists(hostile(MOVES), max_size=4))) + "\nquit\n"
    return argv, typed


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run(argv: list[str], typed: str, folder: Path) -> str | None:
    """Run one call; what is wrong with how it ended, or None."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "nimlab", *argv],
            input=typed,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            preexec_fn=_cap,
            cwd=folder,
            errors="replace",
        )
    except subprocess.TimeoutExpired:
        return f"still running after {TIMEOUT:g} s"
    err = done.stderr
    if "Traceback" in err:
        return "traceback: " + err.strip().splitlines()[-1][:300]
    if done.returncode not in (0, 2, 3):
        return f"exit code {done.returncode}: {err.strip()[-300:]}"
    if done.returncode in (2, 3) and not err.strip():
        return f"exit code {done.returncode} with nothing on stderr"
    if "ran out of memory" in err:
        return "hit the memory cap: " + err.strip()[:300]
    return None


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("fuzz")
    db = str(folder / "atlas.sqlite")
    for sweep in (
        ["subtraction", "--sizes", "2", "--max-element", "12"],
        ["split-delete", "--variants", "delete-nim:single", "--heaps-from", "3", "--heaps-to", "3"],
    ):
        args = ["sweep", *sweep, "--db", db, "--workers", "1", "--quiet"]
        if sweep[0] == "split-delete":
            args += ["--max-heap", "6"]
        assert run(args, "", folder) is None
    return folder, db


def test_every_command_survives_hostile_input(workspace: tuple[Path, str]) -> None:
    folder, db = workspace

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=LOG is None and EXAMPLES <= 50,  # the short profile is the same every time
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(calls(folder, db))
    def attack(call: tuple[list[str], str]) -> None:
        argv, typed = call
        problem = run(argv, typed, folder)
        if LOG is not None:  # every call is counted; failing calls are kept whole
            record: dict[str, Any] = {"argv": argv, "typed": typed, "problem": problem}
            if problem is None:
                record = {"argv": [a[:40] for a in argv], "problem": None}
            with open(LOG, "a", encoding="utf-8") as log:
                log.write(json.dumps(record, ensure_ascii=False) + "\n")
            return
        assert problem is None, f"nimlab {' '.join(map(repr, argv))}: {problem}"

    attack()
