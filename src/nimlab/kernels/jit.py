"""numba's ``njit`` for nimlab's kernels, with their machine code kept where it can be and
thrown away whenever any kernel's source changes.

numba (``cache=True``) keeps a kernel's machine code beside its module, in the user's
cache folder, or nowhere: with a read-only installation and no writable home, the first
kernel failed to load ("cannot cache function ...: no locator available", a traceback;
found by the packaging audit). And it judges the code current by the kernel's own file
alone, while a kernel inlines helpers from other modules (:func:`nimlab.kernels.bits.ctz`):
an edit there left stale machine code running.

:class:`KernelLocator`, put first in numba's list of cache locators, serves the files of
the nimlab package only. Their code goes to the first writable of ``$NUMBA_CACHE_DIR``,
the package's ``__pycache__``, ``$XDG_CACHE_HOME/nimlab`` (``~/.cache/nimlab``) and a
folder of this user's own in the temporary folder (refused if another user owns it: the
cache holds pickles), and a fresh private temporary folder as the last resort. Its source
stamp is a digest of every module of this package together with the kernel's own file, so
any kernel edit recompiles them all.

Compilation is also timed (:mod:`nimlab.compilation`): a time limit leaves it out.

>>> from nimlab.kernels.jit import kernels_digest
>>> len(kernels_digest())
64
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from numba import njit, prange
from numba.core import caching, event

from nimlab import compilation
from nimlab.files import user_cache

PACKAGE = Path(__file__).resolve().parent.parent
"""The nimlab package's folder: the locator serves the files below it."""
KERNELS = Path(__file__).resolve().parent


@cache
def kernels_digest() -> str:
    """SHA-256 of every module of :mod:`nimlab.kernels`, in name order."""
    digest = hashlib.sha256()
    for path in sorted(KERNELS.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _writable(folder: Path) -> bool:
    """Whether ``folder`` exists or can be made, and a file can be written in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def _own_private(folder: Path) -> bool:
    """Whether ``folder`` (in a shared temporary folder) is this user's alone, made if
    missing: another user's folder there could hold pickles numba would load."""
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return False
    return (
        stat.S_ISDIR(info.st_mode)
        and info.st_uid == os.getuid()
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def _candidates(parent: Path) -> Iterator[Path]:
    """The folders, best first, for the machine code of the kernels in the folder
    ``parent`` (the temporary folder's is made only when it is reached)."""
    sub = f"{parent.name}_{hashlib.sha1(str(parent).encode()).hexdigest()}"
    user = os.environ.get("NUMBA_CACHE_DIR")
    if user:
        yield Path(user) / sub
    yield parent / "__pycache__"
    yield user_cache() / "numba" / sub
    private = Path(tempfile.gettempdir()) / f"nimlab-numba-{os.getuid()}"
    if _own_private(private):
        yield private / sub


@cache
def _folder(parent: str) -> str:
    """The folder chosen for the kernels in the folder ``parent`` (one choice a process)."""
    for folder in _candidates(Path(parent)):
        if _writable(folder):
            return str(folder)
    return tempfile.mkdtemp(prefix="nimlab-numba-")  # this process's alone


class KernelLocator(caching._CacheLocator):  # numba's locator base
    """Where numba keeps the machine code of a function of the nimlab package, and the
    stamp that says whether it is current (see the module's docstring)."""

    def __init__(self, py_func: Any, py_file: str) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = _folder(str(Path(py_file).resolve().parent))

    def ensure_cache_path(self) -> None:
        os.makedirs(self._cache_path, exist_ok=True)

    def get_cache_path(self) -> str:
        return self._cache_path

    def get_source_stamp(self) -> str:
        own = hashlib.sha256(Path(self._py_file).read_bytes()).hexdigest()
        return f"{own}:{kernels_digest()}"

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> KernelLocator | None:
        try:
            inside = Path(py_file).resolve().is_relative_to(PACKAGE)
        except OSError:
            return None
        return cls(py_func, py_file) if inside else None


class _Timing(event.Listener):  # numba's listener base
    """Tells :mod:`nimlab.compilation` when numba starts and ends compiling."""

    def on_start(self, event: Any) -> None:
        compilation.started()

    def on_end(self, event: Any) -> None:
        compilation.ended()


_IMPL: Any = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)  # ≤ 0.60
if KernelLocator not in _IMPL._locator_classes:
    _IMPL._locator_classes.insert(0, KernelLocator)
    event.register("numba:compile", _Timing())  # type: ignore[no-untyped-call]

__all__ = ["KernelLocator", "kernels_digest", "njit", "prange"]
