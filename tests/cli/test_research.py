"""``nimlab sweep`` and ``nimlab results``: output, exports, plots, refusals and exit codes."""

from __future__ import annotations

import csv
import gzip
import io
import json
from pathlib import Path

import pytest

from nimlab.cli.main import main


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out)
    return code, out.getvalue()


SWEEP = ("sweep", "subtraction", "--sizes", "2,3", "--max-element", "12")


@pytest.fixture(scope="module")
def atlas(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("atlas") / "atlas.sqlite")
    code, _ = cli(*SWEEP, "--db", path, "--workers", "1")
    assert code == 0
    split_delete = "sweep split-delete --variants delete-nim:single --heaps-from 3 --heaps-to 4"
    code, _ = cli(*split_delete.split(), "--max-heap", "9", "--db", path, "--workers", "1")
    assert code == 0
    return path


def test_sweep_reports_then_does_nothing(atlas: str) -> None:
    code, out = cli(*SWEEP, "--db", atlas, "--workers", "1", "--json")
    report = json.loads(out)
    assert code == 0 and report["tasks"] == 66 + 220 and report["computed"] == 0
    code, out = cli(*SWEEP, "--db", atlas)
    assert "already done; nothing to do" in out


def test_results_top_by_period_and_filters(atlas: str) -> None:
    code, out = cli(
        "results", "--db", atlas, "--family", "subtraction", "--size", "2", "--limit", "2", "--json"
    )
    found = json.loads(out)
    assert code == 0 and found["matching"] == 66
    assert [(r["params"], r["period"]) for r in found["results"]] == [("11,12", 23), ("10,12", 22)]
    code, out = cli("results", "--db", atlas, "--params", "1,2,%", "--sort", "params")
    assert code == 0 and out.splitlines()[1].split()[:4] == ["subtraction", "1,2,3", "0", "4"]
    code, out = cli("results", "--db", atlas, "--sweeps")
    assert out.count("complete") == 2


def test_exports(atlas: str, tmp_path: Path) -> None:
    code, out = cli(
        "results", "--db", atlas, "--family", "subtraction", "--export", str(tmp_path / "a.csv.gz")
    )
    assert code == 0 and "rows 286" in out
    with gzip.open(tmp_path / "a.csv.gz", "rt") as handle:
        table = list(csv.DictReader(handle))
    assert len(table) == 286 and {"params", "period", "outcome_period"} <= set(table[0])
    code, _ = cli("results", "--db", atlas, "--export", str(tmp_path / "a.parquet"))
    import pyarrow.parquet as pq

    parquet = pq.read_table(tmp_path / "a.parquet")
    assert code == 0 and parquet.num_rows == 288
    proven = dict(
        zip(
            parquet.column("family").to_pylist(), parquet.column("proven").to_pylist(), strict=False
        )
    )
    assert proven == {"split-delete": False, "subtraction": True}


def test_plots(atlas: str, tmp_path: Path) -> None:
    for kind, name in (("period", "p.png"), ("preperiod", "h.svg")):
        code, _ = cli(
            "results",
            "--db",
            atlas,
            "--family",
            "subtraction",
            "--plot",
            kind,
            "--out",
            str(tmp_path / name),
        )
        assert code == 0 and (tmp_path / name).stat().st_size > 1000
    code, _ = cli(
        "results",
        "--db",
        atlas,
        "--params",
        "delete-nim:single heaps=3 max=9",
        "--plot",
        "ppositions",
        "--out",
        str(tmp_path / "s.png"),
    )
    assert code == 0 and (tmp_path / "s.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "exit_code", "words"),
    [
        (["sweep", "chess", "--db", "{db}"], 2, "unknown family 'chess'"),
        (
            ["sweep", "subtraction", "--sizes", "4", "--max-element", "2", "--db", "{db}"],
            2,
            "no subtraction set",
        ),
        (
            ["sweep", "subtraction", "--digits", "2", "--max-element", "5", "--db", "{db}"],
            2,
            "--digits is for octal sweeps",
        ),
        (["sweep", "octal", "--db", "{db}"], 2, "an octal sweep needs --digits"),
        (["sweep", "take-away", "--db", "{db}"], 2, "a take-away sweep needs --c-from"),
        (  # the CLI audit: read as 2,3
            ["sweep", "subtraction", "--sizes", "2,,3", "--max-element", "5", "--db", "{db}"],
            2,
            "is not a list of integers",
        ),
        (
            [
                "sweep",
                "subtraction",
                "--sizes",
                "3",
                "--max-element",
                "200",
                "--max-tasks",
                "1000",
                "--db",
                "{db}",
            ],
            3,
            "--max-tasks",
        ),
        (["results", "--db", "{db}"], 2, "no such results database"),
        (["results", "--db", "{text}"], 2, "not a nimlab results database"),
        (["sweep", "octal", "--digits", "1", "--db", "{text}"], 2, "left untouched"),
    ],
)
def test_refusals(
    args: list[str], exit_code: int, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    filled = [a.format(db=tmp_path / "new.sqlite", text=text) for a in args]
    code, out = cli(*filled, "--json")
    assert code == exit_code
    assert words in json.loads(out)["error"]["message"]
    assert words in capsys.readouterr().err
    assert text.read_text() == "not a database"
    assert not (tmp_path / "new.sqlite").exists()


def test_plot_and_export_together_are_refused_not_half_done(
    atlas: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the CLI audit: with --plot, --export was silently skipped."""
    args = ["results", "--db", atlas, "--plot", "periods", "--out", str(tmp_path / "p.png")]
    code, _ = cli(*args, "--export", str(tmp_path / "e.csv"))
    assert code == 2 and "--plot and --export" in capsys.readouterr().err
    assert not (tmp_path / "p.png").exists() and not (tmp_path / "e.csv").exists()


def test_a_damaged_database_is_one_line_and_exit_2(
    atlas: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil
    import sqlite3

    damaged = tmp_path / "damaged.sqlite"
    with sqlite3.connect(atlas) as source:  # a copy with the WAL folded in
        source.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(atlas, damaged)
    size = damaged.stat().st_size
    assert size > 4 * 4096
    with damaged.open("r+b") as handle:
        handle.seek(2 * 4096)
        handle.write(b"\xff" * (size - 2 * 4096))
    code, _ = cli("results", "--db", str(damaged), "--limit", "3")
    assert code == 2
    assert "database disk image is malformed" in capsys.readouterr().err


def test_plots_in_japanese_have_every_glyph(atlas: str, tmp_path: Path) -> None:
    # A missing glyph is a matplotlib warning (tofu in the picture): here it is an error.
    import warnings

    kinds = (("period", "p.png"), ("preperiod", "h.svg"), ("ppositions", "s.png"))
    for kind, name in kinds:
        where = ["--family", "subtraction"] if kind != "ppositions" else []
        if kind == "ppositions":
            where = ["--params", "delete-nim:single heaps=3 max=9"]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            code, _ = cli(
                "results", "--db", atlas, *where, "--plot", kind, "--out", str(tmp_path / name),
                "--lang", "ja",
            )  # fmt: skip
        assert code == 0 and (tmp_path / name).stat().st_size > 1000


def test_japanese_labels_are_drawn_in_a_japanese_font() -> None:
    from matplotlib import font_manager

    from nimlab.research.plots import font_family

    family = font_family("ja")
    found = font_manager.findfont(font_manager.FontProperties(family=family[0]))
    font = font_manager.get_font(found)
    assert all(font.get_char_index(ord(c)) for c in "周期と前周期の山")
    assert font_family("en") == ["DejaVu Sans"]


@pytest.mark.parametrize("name", ["p.csv", "p.parquet"])
def test_an_export_tells_its_progress(atlas: str, tmp_path: Path, name: str) -> None:
    # A 2-million-row export ran 20 s (CSV) to minutes (Parquet at zstd level 19) silently.
    from nimlab.research import query
    from nimlab.research.query import Filter

    seen: list[int] = []
    written = query.export(atlas, Filter(), str(tmp_path / name), progress=seen.append)
    assert written == 288 and seen and seen[-1] == 288 and seen == sorted(seen)
    log = io.StringIO()
    from nimlab.progress import ProgressBar

    bar = ProgressBar("export", 288, "rows", log_seconds=0, stream=log)
    query.export(atlas, Filter(), str(tmp_path / name), progress=bar.update)
    bar.close()
    assert log.getvalue().splitlines()[-1].startswith("export: 288/288 rows (100.0%), ")


def test_an_empty_variants_list_is_refused_not_taken_for_every_variant(tmp_path: Path) -> None:
    sweep = ["sweep", "split-delete", "--heaps-from", "2", "--heaps-to", "2", "--max-heap", "5"]
    code, _ = cli(*sweep, "--variants", "", "--db", str(tmp_path / "v.sqlite"))
    assert code == 2 and not (tmp_path / "v.sqlite").exists()


def test_options_that_an_export_would_ignore_are_refused(
    atlas: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by the audit of 2026-11-27: --columns without --export was ignored, --limit with
    # --export exported every row anyway, and a column named twice was written twice
    target = str(tmp_path / "e.csv")
    cases = [
        (["--columns", "params"], "--columns chooses the columns of --export FILE"),
        (["--export", target, "--limit", "5"], "--limit is the rows shown"),
        (["--export", target, "--columns", "params,params"], "params named twice"),
    ]
    for extra, said in cases:
        assert cli("results", "--db", atlas, *extra)[0] == 2
        assert said in capsys.readouterr().err
    assert not Path(target).exists()


def test_the_memory_limit_is_named_as_given(atlas: str, capsys: pytest.CaptureFixture[str]) -> None:
    # --json halved the limit it then named: "over the limit of 512" for --max-memory 1K
    assert cli("results", "--db", atlas, "--json", "--max-memory", "1K")[0] == 3
    assert "over the limit of 1,024" in capsys.readouterr().err


def test_a_sweep_not_finished_is_not_called_interrupted(tmp_path: Path) -> None:
    """Found by the audit: a sweep still running was listed as "interrupted"; the database
    cannot tell a running sweep from an interrupted one, and says so."""
    from nimlab.research.db import ResultsDB

    path = str(tmp_path / "run.sqlite")
    with ResultsDB.open(path) as db:
        db.sweep("subtraction", '{"sizes":[2]}', batch_size=10, tasks=10)
    code, out = cli("results", "--db", path, "--sweeps")
    assert code == 0 and "not finished (running, or interrupted: run it again to resume)" in out
    assert "interrupted (run" not in out


def test_a_missing_folder_of_an_export_or_a_plot_names_the_option(
    atlas: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "x.csv: the directory … does not exist" said which file, not which option gave it.
    missing = tmp_path / "missing"
    assert cli("results", "--db", atlas, "--export", str(missing / "x.csv"))[0] == 2
    assert f"--export {missing / 'x.csv'}: the directory" in capsys.readouterr().err
    code, _ = cli("results", "--db", atlas, "--plot", "period", "--out", str(missing / "p.png"))
    assert code == 2 and f"--out {missing / 'p.png'}: the directory" in capsys.readouterr().err
