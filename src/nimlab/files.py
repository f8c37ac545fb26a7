"""Files written whole or not at all.

:func:`atomic_path` gives a temporary name in the target's folder; when the
body has written it, the data is flushed to disk (``fsync``) and renamed over
the target (``os.replace``), so a reader, a crash or a full disk never leaves
half a file under the target's name. A target that is not a regular file (a
device such as ``/dev/null``, a pipe) cannot be renamed over: it is written in
place. Any ``OSError`` becomes one line naming the option and the reason.

>>> import os, tempfile
>>> target = os.path.join(tempfile.mkdtemp(), "out.txt")
>>> with atomic_path(target, "--export") as path:
...     _ = open(path, "w").write("whole\\n")
>>> open(target).read(), os.listdir(os.path.dirname(target))
('whole\\n', ['out.txt'])
>>> with atomic_path("/dev/full", "--export") as path:
...     with open(path, "w") as f:
...         _ = f.write("x")
Traceback (most recent call last):
...
nimlab.errors.InvalidOption: --export /dev/full: cannot write it (No space left on device)
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from nimlab.errors import InvalidOption

_REASONS_JA = {
    errno.ENOENT: "そのようなファイルもディレクトリもありません",
    errno.EACCES: "アクセスが許可されていません",
    errno.EPERM: "操作が許可されていません",
    errno.EISDIR: "ディレクトリです",
    errno.ENOTDIR: "ディレクトリではありません",
    errno.ENOSPC: "デバイスに空きがありません",
    errno.EROFS: "読み取り専用のファイルシステムです",
    errno.EEXIST: "すでに存在します",
    errno.EADDRINUSE: "アドレスは使用中です",
    errno.EADDRNOTAVAIL: "そのアドレスは使えません",
    errno.ENAMETOOLONG: "名前が長すぎます",
}


def reason(error: BaseException, lang: str = "en") -> str:
    """Why an operating-system call failed, in ``lang`` (the system's words are English).

    >>> reason(FileNotFoundError(errno.ENOENT, "No such file or directory"), "ja")
    'そのようなファイルもディレクトリもありません'
    >>> reason(UnicodeDecodeError("utf-8", b"\\xff", 0, 1, "bad"))
    'UnicodeDecodeError'
    """
    code = getattr(error, "errno", None)
    if lang == "ja" and code in _REASONS_JA:
        return _REASONS_JA[code]
    return getattr(error, "strerror", None) or type(error).__name__


def shown(text: str, width: int = 80) -> str:
    """``text`` as a message shows it: cut to a short prefix when it is long.

    >>> shown("a" * 100, 10)
    'aaaaaaaaa…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"


@contextmanager
def atomic_path(target: str, option: str) -> Iterator[str]:
    """A path to write instead of ``target``; on success it replaces ``target`` whole."""
    name = shown(target)
    if not target.strip():
        raise InvalidOption(
            f"{option} needs a file name; got an empty one",
            ja=f"{option} にはファイル名が必要です（空でした）",
        )
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise InvalidOption(
            f"{option} {name}: cannot write it ({reason(error)})",
            ja=f"{option} {name}: 書き込めません（{reason(error, 'ja')}）",
        ) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise InvalidOption(
            f"{option} {name} is a directory; give a file name",
            ja=f"{option} {name} はディレクトリです。ファイル名を指定します",
        )
    if mode is not None and not stat.S_ISREG(mode):  # a device or a pipe: written in place
        try:
            yield target
        except OSError as error:
            raise InvalidOption(
                f"{option} {name}: cannot write it ({reason(error)})",
                ja=f"{option} {name}: 書き込めません（{reason(error, 'ja')}）",
            ) from None
        return
    path = Path(target)
    temporary = path.with_name(f".{path.name[:200]}.{os.getpid()}.tmp")
    _forget_orphans(path)
    try:
        yield str(temporary)
        with open(temporary, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, path)
        sync_folder(path.parent)
    except OSError as error:
        raise InvalidOption(
            f"{option} {name}: cannot write it ({reason(error)})",
            ja=f"{option} {name}: 書き込めません（{reason(error, 'ja')}）",
        ) from None
    finally:
        temporary.unlink(missing_ok=True)


def _forget_orphans(path: Path) -> None:
    """Remove the temporary files of earlier writes of ``path`` whose process is gone (a
    killed ``results --export`` left ``.NAME.PID.tmp`` for good; files audit).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for pid in (os.getpid(), 2**22 + 1):  # this process, and none (above pid_max)
    ...     (folder / f".a.csv.{pid}.tmp").touch()
    >>> _forget_orphans(folder / "a.csv")
    >>> [p.name for p in folder.iterdir()] == [f".a.csv.{os.getpid()}.tmp"]
    True
    """
    from glob import escape

    stem = f".{path.name[:200]}."
    try:
        found = list(path.parent.glob(escape(stem) + "*.tmp"))
    except OSError:
        return
    for orphan in found:
        pid = orphan.name[len(stem) : -len(".tmp")]
        if pid.isdigit() and not running(int(pid)):
            with suppress(OSError):  # another user's, or a folder we may not change
                orphan.unlink()


def running(pid: int) -> bool:
    """Whether a process ``pid`` exists (one of another user's counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def sync_folder(folder: Path) -> None:
    """Make a rename durable (where the platform allows opening a folder)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def user_cache() -> Path:
    """nimlab's folder in the user's cache: ``$XDG_CACHE_HOME/nimlab``, else
    ``~/.cache/nimlab`` (the tablebase and the kernels' machine code live there)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nimlab"
