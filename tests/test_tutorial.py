"""The tutorial notebook runs from top to bottom, and its results display as HTML or Markdown."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "tutorial.ipynb"


def test_the_tutorial_runs_and_every_result_displays(tmp_path: Path) -> None:
    notebook = nbformat.read(TUTORIAL, as_version=4)
    client = NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    )
    client.execute()  # raises CellExecutionError, naming the cell, on any error
    cells = [c for c in notebook.cells if c.cell_type == "code"]
    assert cells
    for cell in cells:
        assert not any(o.output_type == "error" for o in cell.outputs), cell.source
        results = [o for o in cell.outputs if o.output_type == "execute_result"]
        for result in results:  # every result shows as more than its repr
            assert {"text/html", "text/markdown"} & set(result.data), cell.source
    shown = "".join(str(o.get("data", {})) for c in cells for o in c.outputs)
    assert "<svg" in shown and "background:" in shown  # a sequence plot and a heat map


def test_the_committed_notebook_has_no_outputs() -> None:
    notebook = nbformat.read(TUTORIAL, as_version=4)
    assert all(not c.get("outputs") for c in notebook.cells if c.cell_type == "code")
