"""Same-machine C references: straightforward C programs of the same algorithms (bench/c/).

Built with ``gcc -O2`` into a temporary directory when gcc is available; every
function returns ``None`` when it is not, and the report says so.
"""

from __future__ import annotations

import atexit
import shutil
import subprocess
import tempfile
from pathlib import Path

SOURCES = Path(__file__).parent / "c"
_BUILD = Path(tempfile.mkdtemp(prefix="nimlab-bench-c-"))
atexit.register(shutil.rmtree, _BUILD, ignore_errors=True)


def available() -> bool:
    """Whether the C references can be built (gcc is on the PATH)."""
    return shutil.which("gcc") is not None


def _binary(name: str) -> Path | None:
    target = _BUILD / name
    if target.exists():
        return target
    if not available():
        return None
    built = subprocess.run(
        ["gcc", "-O2", "-o", str(target), str(SOURCES / f"{name}.c")],
        capture_output=True,
        text=True,
    )
    return target if built.returncode == 0 else None


def run(name: str, *args: object, repeat: int = 3) -> tuple[str, float] | None:
    """(first output field, best seconds of ``repeat`` runs) of a C reference, or None."""
    binary = _binary(name)
    if binary is None:
        return None
    best, answer = float("inf"), ""
    for _ in range(repeat):
        out = subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True)
        answer, seconds = out.stdout.split()
        best = min(best, float(seconds))
    return answer, best
