"""A command whose extra is missing says which to install, exit 2 (simulated missing modules)."""

from __future__ import annotations

import io
import sys

import pytest

from nimlab.cli.main import main
from nimlab.extras import EXTRAS, MissingExtra, require


def hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``modules`` unimportable, as if their extra were not installed."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("extra", sorted(EXTRAS))
def test_require_names_the_extra(monkeypatch: pytest.MonkeyPatch, extra: str) -> None:
    require(extra, "it")  # installed in the dev environment: nothing raised
    hide(monkeypatch, EXTRAS[extra][-1])
    with pytest.raises(MissingExtra) as caught:
        require(extra, "it")
    assert str(caught.value) == f"it needs the {extra} extra: pip install 'nimlab[{extra}]'"


def test_serve_without_the_web_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hide(monkeypatch, "uvicorn")
    assert main(["serve", "--port", "0"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        "nimlab: nimlab serve needs the web extra: pip install 'nimlab[web]'\n"
    )


def test_plot_and_parquet_without_their_extras(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    from pathlib import Path

    db = str(Path(str(tmp_path)) / "atlas.sqlite")
    sweep = ["sweep", "subtraction", "--sizes", "1", "--max-element", "3", "--db", db]
    assert main(sweep, out=io.StringIO()) == 0
    hide(monkeypatch, "matplotlib")
    out = str(Path(str(tmp_path)) / "p.png")
    assert main(["results", "--db", db, "--plot", "period", "--out", out], out=io.StringIO()) == 2
    assert "needs the plot extra: pip install 'nimlab[plot]'" in capsys.readouterr().err
    hide(monkeypatch, "pyarrow")
    target = str(Path(str(tmp_path)) / "a.parquet")
    assert main(["results", "--db", db, "--export", target], out=io.StringIO()) == 2
    assert "needs the research extra: pip install 'nimlab[research]'" in capsys.readouterr().err
    hide(monkeypatch, "distributed")
    assert main([*sweep, "--dask-local", "1"], out=io.StringIO()) == 2
    assert "needs the research extra" in capsys.readouterr().err
