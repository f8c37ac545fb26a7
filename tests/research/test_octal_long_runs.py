"""research/octal/long_runs.py: a file's facts read a chunk at a time, and the committed rows."""

from __future__ import annotations

import csv
import hashlib
import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from nimlab.registry import game
from nimlab.solve.rare import sparse_facts
from nimlab.solve.sequences import grundy_sequence

FOLDER = Path(__file__).parents[2] / "research" / "octal"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("long_runs", FOLDER / "long_runs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows(name: str) -> dict[str, dict[str, str]]:
    with (FOLDER / name).open(newline="") as f:
        return {r["game"]: r for r in csv.DictReader(f)}


@pytest.mark.parametrize("spec", ["grundy-game", "octal:0.6", "octal:0.14"])
def test_facts_read_in_chunks_are_those_of_the_whole_sequence(
    spec: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _script()
    monkeypatch.setattr(script, "CHUNK", 3_000)  # chunks that cut the 2^16 prefix and the max
    values = np.asarray(grundy_sequence(game(spec), 70_000))
    np.save(tmp_path / "v.npy", values)
    row = script.facts(np.load(tmp_path / "v.npy", mmap_mode="r"), table_n=50_000)
    whole = sparse_facts(values, fraction=1.0)
    assert whole is not None
    wide = values.astype("<u4")
    rare_at = np.flatnonzero(np.bitwise_count(values & whole.mask) % 2 == 0)
    assert row == {
        "n": 70_000,
        "max_value": int(values.max()),
        "max_at": int(np.argmax(values)),
        "mask": hex(whole.mask),
        "rare_count": whole.rare_count,
        "last_rare": int(rare_at[-1]),
        "sha256_2^16": hashlib.sha256(wide[: 2**16].tobytes()).hexdigest(),
        "sha256_all": hashlib.sha256(wide.tobytes()).hexdigest(),
        "table_prefix_sha256": hashlib.sha256(wide[:50_000].tobytes()).hexdigest(),
    }


def test_the_long_runs_continue_the_table() -> None:
    table = _rows("unsolved.csv")
    runs = _rows("long_runs.csv")
    assert "octal:0.6" in runs
    for name, run in runs.items():
        before = table[name]
        assert int(run["n"]) > int(before["n"])
        assert run["table_n"] == before["n"]
        assert run["table_agrees"] == "True"  # the first values are the table's
        assert run["sha256_2^16"] == before["sha256_2^16"]
        assert int(run["max_value"]) >= int(before["max_value"])
    six, before = runs["octal:0.6"], table["octal:0.6"]
    assert int(six["n"]) == 2**30
    # the README's finding: no rare heap between the table's 2^24 and 2^30
    assert (six["mask"], six["rare_count"], six["last_rare"]) == (
        before["mask"],
        before["rare_count"],
        before["last_rare"],
    )
