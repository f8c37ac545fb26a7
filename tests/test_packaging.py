"""The wheel installs with the core dependencies alone, and the core commands work.

Builds the wheel, installs it into a fresh venv without extras (the core
dependencies come from pip's index or cache, pinned by constraints.txt so the
versions are the tested ones) and runs the commands a solver user runs. The
web app then says which extra it needs. About 30 s; part of ``make test``.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_core_dependencies_are_ranges_and_pins_stay_in_constraints() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = project["dependencies"]
    assert {d.split(">")[0].split("<")[0] for d in core} == {"numpy", "numba", "rich"}
    for extra in ("web", "research", "plot", "all", "dev"):
        for requirement in project["optional-dependencies"][extra]:
            assert "==" not in requirement, requirement  # exact pins only in constraints.txt
    assert project["optional-dependencies"]["all"] == ["nimlab[web,research,plot]"]
    assert "nimlab[all]" in project["optional-dependencies"]["dev"]
    pins = (ROOT / "constraints.txt").read_text().split()
    assert all("==" in p for p in pins)
    pinned = {p.split("==")[0].lower() for p in pins}
    assert {"numpy", "numba", "rich", "fastapi", "dask", "matplotlib", "nbclient"} <= pinned


@pytest.mark.packaging
def test_the_wheel_installs_and_runs_with_the_core_only(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = dist.glob("nimlab-*.whl")
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    install = subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "-c",
            str(ROOT / "constraints.txt"),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert install.returncode == 0, install.stderr
    nimlab = env / "bin" / "nimlab"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(nimlab), *args], capture_output=True, text=True, timeout=300, cwd=tmp_path
        )

    r = run("analyze", "nim", "3,4,5")
    assert r.returncode == 0, r.stderr
    assert "take 2 from the heap of 3  → 1,4,5" in r.stdout
    r = run("sequence", "subtraction:squares", "--to", "30")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1:] == [
        " 0: 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2",
        "20: 0 1 0 1 2 3 2 3 4 5",
    ]
    for module in ("fastapi", "uvicorn", "dask", "distributed", "pyarrow", "matplotlib"):
        probe = subprocess.run([str(python), "-c", f"import {module}"], capture_output=True)
        assert probe.returncode != 0, f"{module} came with the core install"
    r = run("serve", "--port", "0")
    assert r.returncode == 2
    assert r.stderr.strip() == "nimlab: nimlab serve needs the web extra: pip install 'nimlab[web]'"
