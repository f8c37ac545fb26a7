"""The tablebase: compiled tables kept on disk answer exactly what computing them answers."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.limits import Limits
from nimlab.solve.context import Context
from nimlab.solve.tablebase import (
    APPLICATION_ID,
    GRUNDY_2,
    HEAP_VALUES,
    Tablebase,
    default_path,
    disk_spec,
    keep_table,
    load_table,
)

WYTHOFF_CELLS = 300  # a two-heap table the planner gives the compiled kernel


@pytest.fixture
def base(tmp_path: Path) -> Tablebase:
    return Tablebase(tmp_path / "tb.sqlite")


def test_a_table_reads_back_as_it_was_saved(base: Tablebase) -> None:
    table = np.arange(12, dtype=np.uint16).reshape(3, 4)
    assert base.save(GRUNDY_2, "wythoff", 0, 3, table)
    stored = base.load(GRUNDY_2, "wythoff", 3)
    assert stored is not None
    assert (stored.size, stored.origin) == (3, 0)
    assert stored.values.tolist() == table.tolist()
    assert stored.values[2, 3] == 11
    assert base.load(GRUNDY_2, "wythoff", 4) is None  # it does not reach 4
    assert base.load(GRUNDY_2, "nim", 3) is None
    assert base.load(GRUNDY_2, "wythoff", 3, max_bytes=10) is None  # over the memory limit


def test_sizes_past_sqlite_s_integers_read_as_absent_and_are_not_stored(base: Tablebase) -> None:
    """A heap of 2^63 − 1 or more asks for a table SQLite cannot even compare with (found by
    the web audit: an ``OverflowError``, a 500)."""
    huge = 2**63
    assert base.load(HEAP_VALUES, "grundy-game", huge) is None
    assert not base.save(HEAP_VALUES, "grundy-game", 0, huge, np.zeros(4, dtype=np.uint16))


def test_a_heap_past_sqlite_s_integers_is_refused_as_over_a_limit() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "nimlab", "analyze", "grundy-game", str(2**63 - 1)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 3 and "Traceback" not in r.stderr and "--max-" in r.stderr, r.stderr


def test_a_damaged_table_is_never_read_and_is_forgotten(base: Tablebase) -> None:
    base.save(HEAP_VALUES, "kayles", 0, 4, np.array([0, 1, 2, 3], dtype=np.uint16))
    with sqlite3.connect(base.path) as db:
        db.execute("UPDATE tables SET data = ?", (np.array([0, 1, 2, 4], np.uint16).tobytes(),))
    assert base.load(HEAP_VALUES, "kayles", 4) is None
    assert base.entries() == []


def test_tables_of_another_version_of_the_code_are_not_read(base: Tablebase) -> None:
    base.save(HEAP_VALUES, "kayles", 0, 2, np.array([0, 1], dtype=np.uint16))
    with sqlite3.connect(base.path) as db:
        db.execute("UPDATE tables SET version = 'an older nimlab'")
    assert base.load(HEAP_VALUES, "kayles", 2) is None
    base.save(HEAP_VALUES, "kayles", 0, 2, np.array([0, 1], dtype=np.uint16))
    assert len(base.entries()) == 2  # both versions kept side by side (two checkouts)
    assert base.load(HEAP_VALUES, "kayles", 2) is not None


def test_a_file_of_another_layout_is_emptied(base: Tablebase) -> None:
    base.save(HEAP_VALUES, "kayles", 0, 2, np.array([0, 1], dtype=np.uint16))
    with sqlite3.connect(base.path) as db:
        db.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
    assert base.entries() == []


def test_the_least_recently_used_tables_go_first_and_the_bound_holds(tmp_path: Path) -> None:
    base = Tablebase(tmp_path / "tb.sqlite", max_bytes=2500)
    for i, spec in enumerate(("a", "b", "c")):
        assert base.save(HEAP_VALUES, spec, 0, 500, np.full(500, i, dtype=np.uint16))
        if spec == "b":
            assert base.load(HEAP_VALUES, "a", 500) is not None  # "a" used after "b"
    kept = {e.spec for e in base.entries()}
    assert kept == {"a", "c"}
    assert sum(e.nbytes for e in base.entries()) <= base.max_bytes
    assert not base.save(HEAP_VALUES, "d", 0, 5000, np.zeros(5000, dtype=np.uint16))  # too big


def test_an_unusable_file_reads_as_empty_and_refuses_to_store(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    base = Tablebase(tmp_path / "dir")  # a directory, not a file
    assert not base.save(HEAP_VALUES, "kayles", 0, 2, np.array([0, 1], dtype=np.uint16))
    assert base.load(HEAP_VALUES, "kayles", 2) is None
    assert base.entries() == []
    with pytest.raises((sqlite3.Error, OSError)):  # said, not "0 tables forgotten"
        base.clear()
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"not a database at all" * 100)
    assert Tablebase(garbage).load(HEAP_VALUES, "kayles", 2) is None


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("dir", "unable to open database file"),
        ("garbage.sqlite", "file is not a database"),
        ("missing/file/x.sqlite", "Not a directory"),
    ],
)
@pytest.mark.parametrize("flags", [[], ["--json"], ["--clear"], ["--lang", "ja"]])
def test_the_tablebase_command_names_an_unusable_file(
    tmp_path: Path, where: str, reason: str, flags: list[str]
) -> None:
    """Found by the audit of 2026-11-28: an unusable file was listed as "0 tables", exit 0."""
    (tmp_path / "dir").mkdir()
    (tmp_path / "garbage.sqlite").write_bytes(b"not a database at all" * 100)
    (tmp_path / "missing").write_text("a file where a folder should be")
    env = dict(os.environ, NIMLAB_TABLEBASE=str(tmp_path / where))
    r = subprocess.run(
        [sys.executable, "-m", "nimlab", "tablebase", *flags],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert r.returncode == 2, r.stdout
    assert f"{tmp_path / where}" in r.stderr and reason in r.stderr
    assert ("$NIMLAB_TABLEBASE" in r.stderr) and "Traceback" not in r.stderr
    assert Tablebase(tmp_path / "dir").unusable() == "unable to open database file"
    assert (tmp_path / "garbage.sqlite").read_bytes() == b"not a database at all" * 100


def test_a_file_of_another_program_is_never_changed(tmp_path: Path) -> None:
    """``$NIMLAB_TABLEBASE`` set to someone's SQLite file with a table named ``tables``:
    ``nimlab tablebase`` deleted its rows as those of an old format (files audit)."""
    mine = tmp_path / "mine.sqlite"
    with sqlite3.connect(mine) as db:
        db.execute("CREATE TABLE tables (name TEXT)")
        db.execute("INSERT INTO tables VALUES ('precious row')")
    db.close()
    before = mine.read_bytes()
    base = Tablebase(mine)
    assert not base.save(HEAP_VALUES, "kayles", 0, 2, np.array([0, 1], dtype=np.uint16))
    assert base.load(HEAP_VALUES, "kayles", 2) is None and base.entries() == []
    assert base.unusable() == "not a nimlab tablebase: a file of another program"
    with pytest.raises(sqlite3.Error):
        base.clear()
    assert mine.read_bytes() == before
    results = tmp_path / "results.sqlite"  # a results database is no tablebase either
    from nimlab.research.db import ResultsDB

    ResultsDB.open(results).close()
    assert Tablebase(results).unusable() == "not a nimlab tablebase: a file of another program"


def test_a_tablebase_of_an_earlier_version_is_taken_as_one(tmp_path: Path) -> None:
    path = tmp_path / "tb.sqlite"
    base = Tablebase(path)
    assert base.save(HEAP_VALUES, "kayles", 0, 2, np.array([0, 1], dtype=np.uint16))
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA application_id = 0")  # as earlier versions wrote them
    db.close()
    assert base.load(HEAP_VALUES, "kayles", 2) is not None
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    db.close()


def test_a_clear_that_cannot_write_says_so(tmp_path: Path) -> None:
    """A read-only tablebase was "0 tables forgotten", exit 0, its tables all kept (files
    audit); a database another process holds for writing stands in for it here."""
    path = tmp_path / "tb.sqlite"
    assert Tablebase(path).save(HEAP_VALUES, "kayles", 0, 2, np.array([0, 1], dtype=np.uint16))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        env = dict(os.environ, NIMLAB_TABLEBASE=str(path))
        r = subprocess.run(
            [sys.executable, "-m", "nimlab", "tablebase", "--clear"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert r.returncode == 2 and "cannot be cleared (database is locked)" in r.stderr
    assert "its tables are kept" in r.stderr
    assert [e.spec for e in Tablebase(path).entries()] == ["kayles"]


def test_a_usable_tablebase_has_no_reason_against_it(base: Tablebase) -> None:
    assert base.unusable() is None
    assert base.save(HEAP_VALUES, "kayles", 0, 2, np.array([0, 1], dtype=np.uint16))
    assert base.unusable() is None and len(base.entries()) == 1


def test_only_built_in_games_are_kept(base: Tablebase) -> None:
    user = nimlab.heap_game(lambda n: [n - 1] if n else [])
    named_user = nimlab.heap_game(lambda n: list(range(n)), name="mine")
    assert disk_spec(user) is None and disk_spec(named_user) is None
    assert disk_spec(nimlab.game("kayles")) == "octal:0.77"
    budget = Limits().budget()
    with Context(tablebase=base):
        keep_table(HEAP_VALUES, user, 2, np.array([0, 1], dtype=np.uint16))
        keep_table(HEAP_VALUES, nimlab.game("nim"), 2, np.array([0, 1], dtype=np.uint16))
        assert load_table(HEAP_VALUES, user, 2, budget) is None
        assert load_table(HEAP_VALUES, nimlab.game("nim"), 2, budget) is not None
    assert [e.spec for e in base.entries()] == ["nim"]


def _wythoff_grundy(a: int, b: int, base: Tablebase | None) -> nimlab.Analysis:
    with Context(tablebase=base):
        return nimlab.analyze("wythoff", f"{a},{b}", limits=Limits(remoteness_states=1))


def test_a_stored_wythoff_table_answers_as_the_kernel_does(base: Tablebase) -> None:
    a, b = 200, WYTHOFF_CELLS
    cold = _wythoff_grundy(a, b, base)
    assert [e.kind for e in base.entries()] == [GRUNDY_2]
    warm = _wythoff_grundy(a, b, base)  # a fresh context: read from disk
    none = _wythoff_grundy(a, b, None)
    assert cold.to_dict() == warm.to_dict() == none.to_dict()
    assert warm.grundy == none.grundy is not None


@settings(max_examples=40)
@given(st.integers(0, WYTHOFF_CELLS), st.integers(0, WYTHOFF_CELLS))
def test_every_cell_of_a_stored_table_is_the_kernels(a: int, b: int) -> None:
    stored_base = _STORED_WYTHOFF
    budget = Limits().budget()
    with Context(tablebase=stored_base):
        stored = load_table(GRUNDY_2, nimlab.game("wythoff"), WYTHOFF_CELLS, budget)
    assert stored is not None
    assert stored.values[a, b] == _FRESH_WYTHOFF[a, b]


def _stored_wythoff() -> tuple[Tablebase, np.ndarray]:
    import tempfile

    base = Tablebase(Path(tempfile.mkdtemp()) / "tb.sqlite")
    with Context(tablebase=base):
        nimlab.grundy_table("wythoff", WYTHOFF_CELLS + 1)
    with Context(tablebase=None):
        fresh = np.asarray(nimlab.grundy_table("wythoff", WYTHOFF_CELLS + 1).values)
    return base, fresh


_STORED_WYTHOFF, _FRESH_WYTHOFF = _stored_wythoff()


def test_a_bigger_stored_p_position_table_answers_a_smaller_question(base: Tablebase) -> None:
    game = "split-delete-nim:single"
    with Context(tablebase=base):
        big = nimlab.p_positions(game, heaps=3, max_heap=60)
    with Context(tablebase=base):
        small = nimlab.p_positions(game, heaps=3, max_heap=45)
        small_again = nimlab.p_positions(game, heaps=3, max_heap=60)
    with Context(tablebase=None):
        direct = nimlab.p_positions(game, heaps=3, max_heap=45)
    assert [e.kind for e in base.entries()] == ["p-positions-3"]
    assert small.positions == direct.positions
    assert small_again.positions == big.positions
    assert all(max(p) <= 45 for p in small.positions)


def test_stored_single_heap_values_answer_shorter_sequences(base: Tablebase) -> None:
    with Context(tablebase=base):
        long = nimlab.grundy_sequence("grundy-game", 2000)
    assert [e.kind for e in base.entries()] == [HEAP_VALUES]
    with Context(tablebase=base):
        short = nimlab.grundy_sequence("grundy-game", 1500)
    with Context(tablebase=None):
        direct = nimlab.grundy_sequence("grundy-game", 1500)
    assert list(short) == list(direct) == list(long)[:1500]


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys\n"
        "from nimlab.cli.main import main\n"
        f"code = main({args!r})\n"
        "print('numba loaded' if 'numba' in sys.modules else 'no numba')\n"
        "sys.exit(code)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )


def test_the_second_question_reads_the_tablebase_without_loading_numba(tmp_path: Path) -> None:
    env = dict(os.environ, NIMLAB_TABLEBASE=str(tmp_path / "tb.sqlite"))
    question = ["analyze", "split-delete-nim:single", "100,200,300", "--json"]
    first = _run(question, env)
    second = _run(question, env)
    off = _run(question, dict(os.environ, NIMLAB_TABLEBASE="off"))
    assert first.stdout.endswith("numba loaded\n")
    assert second.stdout.endswith("no numba\n")
    answer = second.stdout.rsplit("\n", 2)[0]
    assert json.loads(answer) == json.loads(off.stdout.rsplit("\n", 2)[0])
    assert json.loads(answer) == json.loads(first.stdout.rsplit("\n", 2)[0])


def test_the_tablebase_command_lists_and_clears(tmp_path: Path) -> None:
    env = dict(os.environ, NIMLAB_TABLEBASE=str(tmp_path / "tb.sqlite"))
    _run(["sequence", "grundy-game", "--to", "2000"], env)
    listed = _run(["tablebase", "--json"], env).stdout.rsplit("\n", 2)[0]
    tables = json.loads(listed)["tables"]
    assert [(t["kind"], t["game"], t["size"]) for t in tables] == [
        (HEAP_VALUES, "grundy-game", 2000)
    ]
    text = _run(["tablebase", "--lang", "ja"], env).stdout
    assert "テーブルベース" in text and "grundy-game" in text
    cleared = _run(["tablebase", "--clear"], env).stdout
    assert "1 table forgotten" in cleared  # was "1 tables forgotten"
    assert "0 tables forgotten" in _run(["tablebase", "--clear"], env).stdout
    assert json.loads(_run(["tablebase", "--json"], env).stdout.rsplit("\n", 2)[0])["tables"] == []
    off = _run(["tablebase"], dict(os.environ, NIMLAB_TABLEBASE="off")).stdout
    assert "off" in off


def test_where_the_tablebase_lives(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NIMLAB_TABLEBASE", "off")
    assert default_path() is None
    monkeypatch.setenv("NIMLAB_TABLEBASE", str(tmp_path / "x.sqlite"))
    assert default_path() == tmp_path / "x.sqlite"
    monkeypatch.delenv("NIMLAB_TABLEBASE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert default_path() == tmp_path / "nimlab" / "tablebase.sqlite"


def test_a_bound_that_is_no_number_is_said_not_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the packaging audit: ``NIMLAB_TABLEBASE_BYTES=abc`` was silently 1 GiB."""
    from nimlab.solve.tablebase import DEFAULT_MAX_BYTES, default_tablebase

    monkeypatch.setenv("NIMLAB_TABLEBASE", str(tmp_path / "tb.sqlite"))
    monkeypatch.setenv("NIMLAB_TABLEBASE_BYTES", "abc")
    base = default_tablebase()
    assert base is not None and base.max_bytes == DEFAULT_MAX_BYTES
    assert "NIMLAB_TABLEBASE_BYTES must be a whole number ≥ 1, got 'abc'" in capsys.readouterr().err
    monkeypatch.setenv("NIMLAB_TABLEBASE_BYTES", "2e9")
    again = default_tablebase()
    assert again is not None and again.max_bytes == 2 * 10**9
