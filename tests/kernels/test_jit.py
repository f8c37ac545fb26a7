"""Where the kernels' machine code is kept, when it is stale, and that compiling is timed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nimlab import compilation
from nimlab.kernels import jit


def test_a_fresh_compilation_is_timed() -> None:
    before = compilation.seconds()

    def twice(x: int) -> int:
        return 2 * x

    assert jit.njit(twice)(21) == 42  # compiled now (no cache): numba's event is heard
    assert compilation.seconds() > before and not compilation.active()


def test_the_stamp_changes_with_any_kernel_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the packaging audit: numba judged a kernel current by its own file, while it
    inlines helpers of other modules (``bits.ctz``): an edit there left stale code running."""
    (tmp_path / "bits.py").write_text("A = 1\n")
    (tmp_path / "two_heap.py").write_text("B = 2\n")
    monkeypatch.setattr(jit, "KERNELS", tmp_path)
    jit.kernels_digest.cache_clear()
    try:
        first = jit.kernels_digest()
        (tmp_path / "bits.py").write_text("A = 2\n")  # another module than the kernel's
        jit.kernels_digest.cache_clear()
        assert jit.kernels_digest() != first
    finally:
        jit.kernels_digest.cache_clear()


def test_the_locator_serves_nimlab_files_only() -> None:
    from nimlab.kernels import bits

    def f() -> None:
        pass

    assert jit.KernelLocator.from_function(f, __file__) is None
    locator = jit.KernelLocator.from_function(f, bits.__file__)
    assert locator is not None and jit.kernels_digest() in locator.get_source_stamp()


def test_an_unwritable_place_passes_to_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the packaging audit: a read-only installation and no writable home gave a
    traceback ("cannot cache function 'ctz': no locator available") at the first kernel."""
    blocked = {tmp_path / "pkg" / "__pycache__"}
    monkeypatch.setattr(jit, "_writable", lambda folder: folder not in blocked)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    jit._folder.cache_clear()
    try:
        chosen = Path(jit._folder(str(tmp_path / "pkg")))
        assert chosen.is_relative_to(tmp_path / "cache" / "nimlab")
        blocked.add(chosen)  # and no home either: the user's own temporary folder
        jit._folder.cache_clear()
        chosen = Path(jit._folder(str(tmp_path / "pkg")))
        assert chosen.parent.name == f"nimlab-numba-{os.getuid()}"
        monkeypatch.setattr(jit, "_writable", lambda folder: False)  # nothing: a fresh one
        jit._folder.cache_clear()
        fresh = Path(jit._folder(str(tmp_path / "pkg")))
        assert fresh.is_dir() and fresh.name.startswith("nimlab-numba-")
        fresh.rmdir()
    finally:
        jit._folder.cache_clear()


def test_a_shared_temporary_folder_of_anyone_else_is_refused(tmp_path: Path) -> None:
    """The cache holds pickles numba loads: a folder others may write is not used."""
    open_to_all = tmp_path / "open"
    open_to_all.mkdir()
    open_to_all.chmod(0o777)
    assert not jit._own_private(open_to_all)
    assert jit._own_private(tmp_path / "mine")
    assert (tmp_path / "mine").stat().st_mode & 0o777 == 0o700
