"""Long sequence runs: values written to a ``.npy`` file, checkpoints, resume, a deadline.

``long_sequence(game, stop, out)`` computes G(0..stop-1) of a heap game into
the numpy file ``out``. With a checkpoint directory the values are computed
into ``DIR/values.npy`` (a memory map) and ``DIR/state.json`` records, after
every few seconds of work, the game, how far the file reaches (``to``), how many
values are final and a SHA-256 of each stretch of them, the whole record protected
by its own checksum. Both are written safely: the values are flushed before the state
that vouches for them, and the state is written to a temporary file and
renamed, so a ``kill -9`` at any moment leaves the last complete checkpoint.
The same call again resumes from it — after checking every recorded digest,
so a damaged checkpoint is refused instead of silently continued — and ends
with the same bytes as an uninterrupted run: the values do not depend on
where the run was cut (the sparse-space classification is chosen again on
resume, which changes only the speed). A checkpoint serves any ``stop`` of its
game: a smaller one is written from the values it holds, a larger one grows the file
and goes on. One run at a time holds a directory
(a lock, ``DIR/lock``); a directory holding other files is never taken over, but one
whose creation was cut short (``DIR/creating``) is begun again; a killed run's temporary
file (without a checkpoint) is removed by the next run to the same ``out``;
the disk space of the values is reserved before the run begins, so a full
disk is a message, not a crash in the middle of it. Ctrl-C and ``SIGTERM``
(``timeout``, batch schedulers) both end the run at a checkpoint.

Games with the sparse-space kernel (octal games with splitting moves,
Grundy's game) are computed in chunks, so progress, the deadline
(``max_seconds``: stop cleanly at a checkpoint) and Ctrl-C (a checkpoint, then
the interrupt) apply during the run; each chunk on the faster of the block engine
and the sequential kernel, timed on the run itself
(:class:`nimlab.kernels.octal_engine.OctalRun`). Other heap games are computed in one go.

>>> import tempfile, pathlib, numpy as np
>>> from nimlab.registry import game
>>> from nimlab.limits import Limits
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> run = long_sequence(game("kayles"), 20, d / "k.npy", Limits(), checkpoint=d / "ck")
>>> run.complete, run.done, np.load(d / "k.npy").tolist()[:8]
(True, 20, [0, 1, 2, 3, 1, 4, 3, 2])
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from glob import escape as glob_escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nimlab.checks import env_seconds
from nimlab.errors import InvalidOption, NotApplicable, TooLarge
from nimlab.files import reason, running, sync_folder
from nimlab.games.base import Ruleset, as_heap_ruleset
from nimlab.limits import Limits, amount

if TYPE_CHECKING:
    import numpy as np

FORMAT = 1
"""The version of the checkpoint record."""
CHECKPOINT_SECONDS = env_seconds("NIMLAB_CHECKPOINT_SECONDS", 10)
"""Seconds of work between checkpoints (``NIMLAB_CHECKPOINT_SECONDS``; the tests shorten it)."""
CHUNK_SECONDS = 0.5
"""The kernel is called for about this long at a time (progress, deadline, Ctrl-C)."""
FIRST_CHUNK = 1 << 15

Progress = Callable[[int, int], None]
"""Called with (values done, values in all) after every chunk."""


@dataclass(frozen=True)
class LongRun:
    """How a long run ended: ``complete``, or stopped at ``done`` (deadline) with a checkpoint."""

    game: str
    stop: int
    done: int
    complete: bool
    resumed_from: int
    seconds: float
    out: Path
    checkpoint: Path | None
    sha256: str | None  # of the output file, when complete

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "to": self.stop,
            "done": self.done,
            "complete": self.complete,
            "resumed_from": self.resumed_from,
            "seconds": round(self.seconds, 3),
            "out": str(self.out),
            "checkpoint": None if self.checkpoint is None else str(self.checkpoint),
            "sha256": self.sha256,
        }


def _digest(values: np.ndarray) -> str:
    return hashlib.sha256(values.tobytes()).hexdigest()


def _sealed(record: dict[str, Any]) -> str:
    """The checksum of a checkpoint record (its canonical JSON without the checksum)."""
    body = {k: v for k, v in record.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _mapped(path: Path, dtype: Any, count: int) -> np.ndarray:
    """A new ``.npy`` memory map of ``count`` values at ``path``, its disk space reserved.

    A sparse file would take its blocks as the values are written, and a full disk
    would then end the process with SIGBUS; reserved, the refusal comes first.
    """
    import numpy as np
    from numpy.lib.format import open_memmap

    values = None
    try:
        values = open_memmap(path, mode="w+", dtype=dtype, shape=(count,))
        with open(path, "r+b") as f:
            os.posix_fallocate(f.fileno(), 0, os.fstat(f.fileno()).st_size)
    except OSError as error:
        del values
        path.unlink(missing_ok=True)
        needed = amount(count * np.dtype(dtype).itemsize)
        room, room_ja = _remedy(
            error, ("free some space", "空きを作る"), ("make it writable", "書き込めるようにする")
        )
        raise InvalidOption(
            f"cannot reserve {needed} bytes for the values in {path.parent} "
            f"({reason(error)}); {room} or choose another directory",
            ja=(
                f"{path.parent} に値の {needed} バイトを確保できません（{reason(error, 'ja')}）。"
                f"{room_ja}か別のディレクトリを選んでください"
            ),
        ) from None
    return values


def _text_temp(path: Path) -> Path:
    """Where :func:`_write_atomic` writes ``path`` before renaming it."""
    return path.with_name(path.name + ".tmp")


def _write_atomic(path: Path, text: str) -> None:
    temp = _text_temp(path)
    with open(temp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temp, path)
    sync_folder(path.parent)


class Checkpoint:
    """``DIR/values.npy`` and ``DIR/state.json`` (see the module docstring)."""

    def __init__(self, directory: Path, spec: str, stop: int) -> None:
        self.directory = directory
        self.spec = spec
        self.stop = stop
        self.values_path = directory / "values.npy"
        self.state_path = directory / "state.json"
        self.lock_path = directory / "lock"
        self.creating_path = directory / "creating"
        self.stretches: list[list[Any]] = []
        self._lock: Any = None
        self._made_lock = False

    def hold(self) -> None:
        """Take the directory for this run (made if new): refused while another run holds it."""
        import fcntl

        try:
            self.directory.mkdir(exist_ok=True)
        except FileExistsError:  # a link to nothing ("cannot write ck: File exists")
            raise InvalidOption(
                f"--checkpoint {self.directory} is not a directory (a file, or a link to "
                "nothing); give a directory",
                ja=f"--checkpoint {self.directory} はディレクトリではありません（ファイルか、"
                "行き先のないリンク）。ディレクトリを指定してください",
            ) from None
        except OSError as error:
            raise InvalidOption(
                f"--checkpoint {self.directory}: cannot use it ({reason(error)})",
                ja=f"--checkpoint {self.directory}: 使えません（{reason(error, 'ja')}）",
            ) from None
        self._made_lock = not self.lock_path.exists()
        try:
            lock = open(self.lock_path, "a+")  # noqa: SIM115 - held for the whole run
        except OSError as error:
            raise InvalidOption(
                f"--checkpoint {self.directory}: cannot use it ({reason(error)})",
                ja=f"--checkpoint {self.directory}: 使えません（{reason(error, 'ja')}）",
            ) from None
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            raise InvalidOption(
                f"--checkpoint {self.directory} is in use by another run; wait for it to end "
                "or use another directory",
                ja=(
                    f"--checkpoint {self.directory} は別の実行が使用中です。終わるのを待つか、"
                    "別のディレクトリを使ってください"
                ),
            ) from None
        self._lock = lock

    def release(self) -> None:
        if self._lock is not None:
            self._lock.close()  # closing the file releases the lock
            self._lock = None

    def load(self) -> tuple[np.ndarray, int] | None:
        """The values array and how many are final, or None for a fresh directory."""
        import numpy as np

        if not self.state_path.exists():
            return None
        self.creating_path.unlink(missing_ok=True)  # the first record was written after all
        bad = f"checkpoint {self.state_path} is damaged"
        try:
            record = json.loads(self.state_path.read_text(encoding="utf-8"))
        except RecursionError:
            record = None  # nested too deeply: refused below as not a record
        except (OSError, ValueError) as error:
            why = reason(error, "ja") if isinstance(error, OSError) else "JSON として読めない"
            raise InvalidOption(
                f"{bad} ({error}); delete {self.directory} to start again",
                ja=(
                    f"チェックポイント {self.state_path} が壊れています（{why}）。"
                    f"{self.directory} を消してやり直してください"
                ),
            ) from None
        if not isinstance(record, dict) or record.get("checksum") != _sealed(record):
            raise InvalidOption(
                f"{bad} (checksum mismatch); delete {self.directory} to start again",
                ja=(
                    f"チェックポイント {self.state_path} が壊れています（チェックサムが合いません）"
                    f"。{self.directory} を消してやり直してください"
                ),
            )
        if record.get("format") != FORMAT:
            raise InvalidOption(
                f"{bad} (format {record.get('format')!r}, expected {FORMAT}); delete "
                f"{self.directory} to start again",
                ja=(
                    f"チェックポイント {self.state_path} が壊れています（形式 "
                    f"{record.get('format')!r}、期待は {FORMAT}）。{self.directory} を消して"
                    "やり直してください"
                ),
            )
        if not _well_formed(record):
            raise InvalidOption(
                f"{bad} (its fields are not those a run writes); delete {self.directory} "
                "to start again",
                ja=(
                    f"チェックポイント {self.state_path} が壊れています（実行が書く項目と違います）"
                    f"。{self.directory} を消してやり直してください"
                ),
            )
        if record["game"] != self.spec:
            raise InvalidOption(
                f"checkpoint {self.directory} is of {record['game']} --to {record['to']}, "
                f"not {self.spec}; use another directory",
                ja=(
                    f"チェックポイント {self.directory} は {record['game']} --to {record['to']} "
                    f"のもので、{self.spec} のものではありません。別のディレクトリを使ってください"
                ),
            )
        try:  # read-only first: a short file mapped to write would be lengthened
            np.load(self.values_path, mmap_mode="r")
        except PermissionError as error:
            raise InvalidOption(
                f"checkpoint {self.values_path}: cannot read it ({reason(error)})",
                ja=f"チェックポイント {self.values_path}: 読めません（{reason(error, 'ja')}）",
            ) from None
        except FileNotFoundError:
            raise InvalidOption(
                f"checkpoint {self.directory} is damaged: its values file {self.values_path} "
                f"is missing; delete {self.directory} to start again",
                ja=(
                    f"チェックポイント {self.directory} が壊れています: 値のファイル "
                    f"{self.values_path} がありません。{self.directory} を消してやり直してください"
                ),
            ) from None
        except Exception as error:  # numpy's header parser raises many kinds
            raise InvalidOption(
                f"checkpoint {self.directory} is damaged: cannot read values.npy "
                f"({type(error).__name__}: {error}); delete {self.directory} to start again",
                ja=(
                    f"チェックポイント {self.directory} が壊れています: values.npy を読めません（"
                    f"{type(error).__name__}: {error}）。{self.directory} を消してやり直して"
                    "ください"
                ),
            ) from None
        try:
            values = np.load(self.values_path, mmap_mode="r+")
        except OSError as error:
            raise InvalidOption(
                f"checkpoint {self.values_path}: cannot write it ({reason(error)})",
                ja=f"チェックポイント {self.values_path}: 書き込めません（{reason(error, 'ja')}）",
            ) from None
        done = int(record["done"])
        # Longer than its record says: a growth that stopped before its record was written;
        # 32-bit under a 16-bit record: a widening that did (its digests are of 16 bits).
        widened = str(values.dtype) == "uint32" and record["dtype"] == "uint16"
        kind = record["dtype"] == str(values.dtype) or widened
        if values.ndim != 1 or len(values) < record["to"] or not kind:
            raise InvalidOption(
                f"{bad}: values.npy has the wrong shape or type; delete {self.directory} to "
                "start again",
                ja=(
                    f"チェックポイント {self.state_path} が壊れています: values.npy "
                    f"の形か型が違います。{self.directory} を消してやり直してください"
                ),
            )
        for first, last, digest in record["stretches"]:
            part = values[first:last]
            if widened and last > first and int(part.max()) <= 0xFFFF:
                part = np.asarray(part).astype(np.uint16)
            if _digest(part) != digest:
                raise InvalidOption(
                    f"{bad}: the values {first}..{last - 1} do not match their checksum; "
                    f"delete {self.directory} to start again",
                    ja=(
                        f"チェックポイント {self.state_path} が壊れています: 値 "
                        f"{first}..{last - 1} がチェックサムと合いません。{self.directory} "
                        "を消してやり直してください"
                    ),
                )
        self.stretches = [] if widened else [list(s) for s in record["stretches"]]
        self.values_path.with_name("values.grow.npy").unlink(missing_ok=True)  # a cut growth's
        if len(values) < self.stop:
            values = self._grown(values, done)
        return values, done

    def _grown(self, values: np.ndarray, done: int) -> np.ndarray:
        """The values made room for ``stop`` of them (a run asked to go further than its
        checkpoint was begun for): the final ones copied into a new file, which replaces
        the old one only when whole, and the record then says how far it reaches."""
        import numpy as np

        grow = self.values_path.with_name("values.grow.npy")
        grow.unlink(missing_ok=True)  # left by a growth cut short
        longer = _mapped(grow, values.dtype, self.stop)
        longer[:done] = values[:done]
        longer.flush()  # type: ignore[attr-defined]
        del longer, values
        os.replace(grow, self.values_path)
        values = np.load(self.values_path, mmap_mode="r+")
        self.save(values, done)
        return values

    def create(self, dtype: Any) -> np.ndarray:
        """The values of a new checkpoint, recorded at once (a directory holding any other
        file — a user's ``values.npy`` — is refused, never overwritten).

        The files are made beside a marker, ``DIR/creating``, removed once the first
        record is written: a run stopped before (Ctrl-C, ``kill -9``) leaves the marker,
        and the next one removes what it began and begins again.
        """
        if self.creating_path.exists():
            for leftover in (self.values_path, _text_temp(self.state_path)):
                leftover.unlink(missing_ok=True)
            self.creating_path.unlink()
        others = sorted(p.name for p in self.directory.iterdir() if p != self.lock_path)
        if others:
            if self._made_lock:  # the directory is left as it was found
                self.lock_path.unlink(missing_ok=True)
            raise InvalidOption(
                f"--checkpoint {self.directory} holds files ({', '.join(others[:3])}) but no "
                "checkpoint; give an empty or a new directory",
                ja=(
                    f"--checkpoint {self.directory} にはファイル（{', '.join(others[:3])}）が"
                    "ありますがチェックポイントではありません。空か新しいディレクトリを"
                    "指定してください"
                ),
            )
        self.creating_path.touch()
        try:
            values = _mapped(self.values_path, dtype, self.stop)
        except BaseException:  # Ctrl-C while the space is reserved (a second for 1 GB)
            self.values_path.unlink(missing_ok=True)
            self.creating_path.unlink(missing_ok=True)
            raise
        try:
            self.save(values, 0)
        except BaseException:  # no record: the values file would be a stranger next time
            del values
            self.values_path.unlink(missing_ok=True)
            self.creating_path.unlink(missing_ok=True)
            raise
        self.creating_path.unlink()
        return values

    def save(self, values: np.ndarray, done: int) -> None:
        """Make ``values[:done]`` durable and record them (a record never goes back: a run
        to a smaller ``stop`` leaves the values beyond it recorded)."""
        first = self.stretches[-1][1] if self.stretches else 0
        done = max(done, first)
        if done > first:
            self.stretches.append([first, done, _digest(values[first:done])])
        values.flush()  # type: ignore[attr-defined]
        record: dict[str, Any] = {
            "format": FORMAT,
            "game": self.spec,
            "to": len(values),  # how far the file reaches; a run may stop short of it
            "done": done,
            "dtype": str(values.dtype),
            "stretches": self.stretches,
        }
        record["checksum"] = _sealed(record)
        try:
            _write_atomic(self.state_path, json.dumps(record, indent=1) + "\n")
        except OSError as error:
            room, room_ja = _remedy(error, ROOM)
            raise InvalidOption(
                f"--checkpoint {self.directory}: cannot write its record ({reason(error)}); "
                f"the last one written stands: {room} and run the same command again",
                ja=(
                    f"--checkpoint {self.directory}: 記録を書けません（{reason(error, 'ja')}）。"
                    f"最後に書けた記録が残っています。{room_ja}て同じコマンドを"
                    "もう一度実行してください"
                ),
            ) from None


def _well_formed(record: dict[str, Any]) -> bool:
    """Whether a sealed record has the fields :meth:`Checkpoint.load` reads, of their types,
    its stretches consecutive from 0 and ending at ``done`` (a record written by hand,
    checksum and all, is refused instead of read as far as it goes)."""
    kinds = {"game": str, "to": int, "done": int, "dtype": str, "stretches": list}
    if not all(_of(record.get(key), kind) for key, kind in kinds.items()):
        return False
    end = 0
    for stretch in record["stretches"]:
        if not (isinstance(stretch, list) and len(stretch) == 3):
            return False
        first, last, digest = stretch
        if not (_of(first, int) and _of(last, int) and _of(digest, str)):
            return False
        if first != end or last <= first:
            return False
        end = last
    done, to = int(record["done"]), int(record["to"])
    # the kernels' value types only: ">u2" (with its values file) reached numba's typing
    return end == done and 0 <= done <= to and record["dtype"] in ("uint16", "uint32")


def _of(value: object, kind: type) -> bool:
    """``value`` is a ``kind`` as JSON reads it (``true`` is no number)."""
    return isinstance(value, kind) and not isinstance(value, bool)


def _check_paths(out: Path, checkpoint: Path | None) -> None:
    if out.suffix != ".npy":
        raise InvalidOption(
            f"--out {out}: the values are written as numpy .npy; name it *.npy",
            ja=f"--out {out}: 値は numpy の .npy で書き出します。*.npy という名前にしてください",
        )
    if not out.parent.is_dir():
        raise InvalidOption(
            f"--out {out}: the directory {out.parent} does not exist",
            ja=f"--out {out}: ディレクトリ {out.parent} がありません",
        )
    if out.is_dir():
        raise InvalidOption(
            f"--out {out} is a directory; give a file name ending in .npy",
            ja=f"--out {out} はディレクトリです。.npy で終わるファイル名を指定してください",
        )
    if checkpoint is not None:
        if out.resolve() == checkpoint.resolve() or out.resolve().parent == checkpoint.resolve():
            raise InvalidOption(
                f"--out {out} and --checkpoint {checkpoint} clash: the checkpoint is a folder "
                "of its own; write the values elsewhere",
                ja=f"--out {out} と --checkpoint {checkpoint} がぶつかります。チェックポイントは"
                "専用のフォルダです。値は別の場所に書いてください",
            )
        if checkpoint.exists() and not checkpoint.is_dir():
            raise InvalidOption(
                f"--checkpoint {checkpoint} is a file; give a directory",
                ja=f"--checkpoint {checkpoint} はファイルです。ディレクトリを指定してください",
            )
        if not checkpoint.parent.is_dir():
            raise InvalidOption(
                f"--checkpoint {checkpoint}: the directory {checkpoint.parent} does not exist",
                ja=f"--checkpoint {checkpoint}: ディレクトリ {checkpoint.parent} がありません",
            )


def long_sequence(
    game: Ruleset,
    stop: int,
    out: Path,
    limits: Limits,
    *,
    checkpoint: Path | None = None,
    max_seconds: float | None = None,
    progress: Progress | None = None,
) -> LongRun:
    """G(0..stop-1) of a heap game into the ``.npy`` file ``out`` (see the module docstring)."""

    from nimlab.solve.sequences import check_count

    stop = check_count(stop)
    out, checkpoint = Path(out), None if checkpoint is None else Path(checkpoint)
    _check_paths(out, checkpoint)
    heap_game = as_heap_ruleset(game)
    kernel = None if heap_game is None else heap_game.capabilities.one_heap
    if heap_game is None or kernel is None:
        raise NotApplicable(
            f"--out applies to heap games with a compiled kernel; {game.spec} is not one",
            ja=f"--out はコンパイル済みカーネルのある山のゲームに使えます。{game.spec} は違います",
        )
    if max_seconds is not None and not max_seconds > 0:
        raise InvalidOption(
            f"--max-seconds must be a positive number, got {max_seconds:g}",
            ja=f"--max-seconds は正の数です（{max_seconds:g} が与えられた）",
        )
    if max_seconds is not None and checkpoint is None:
        raise InvalidOption(
            "--max-seconds needs --checkpoint DIR, to resume from where it stopped",
            ja="--max-seconds には、止まったところから再開するための --checkpoint DIR が必要です",
        )
    limits.check(stop, "values")
    limits.check_memory(
        2 * stop, f"{amount(stop)} Grundy values", ja=f"グランディ数 {amount(stop)} 個"
    )
    began = time.monotonic()
    _forget_orphans(out)  # a run killed while it wrote out left its temporary file
    if not kernel.sparse_space:
        if checkpoint is not None or max_seconds is not None:
            raise NotApplicable(
                f"--checkpoint and --max-seconds apply to octal games with splitting moves and "
                f"grundy-game; {game.spec} is computed in one go (leave them out)",
                ja=(
                    "--checkpoint と --max-seconds は分割する手のある 8 進ゲームと grundy-game "
                    f"に使えます。{game.spec} は一度に計算します（指定しないでください）"
                ),
            )
        from nimlab.solve.sequences import sequence_array

        values = sequence_array(heap_game, stop, limits)
        _save_npy(out, values)
        return LongRun(
            game.spec, stop, stop, True, 0, time.monotonic() - began, out, None, _sha(out)
        )
    run = _Run(heap_game.spec, kernel.digits, kernel.unequal, stop, out, limits, max_seconds,
               progress, began)  # fmt: skip
    return _sparse_run(run, checkpoint)


@dataclass(frozen=True)
class _Run:
    """What one sparse-space run computes, where it writes and within what."""

    spec: str
    digits: tuple[int, ...]
    unequal: bool
    stop: int
    out: Path
    limits: Limits
    max_seconds: float | None
    progress: Progress | None
    began: float


def _sparse_run(run: _Run, checkpoint: Path | None) -> LongRun:
    import numpy as np

    store = None if checkpoint is None else Checkpoint(checkpoint, run.spec, run.stop)
    temp = None
    try:
        if store is not None:
            store.hold()
        loaded = None if store is None else store.load()
        if loaded is not None:
            values, done = loaded
        elif store is not None:
            values, done = store.create(np.uint16), 0
        else:  # one temporary file a run: two runs writing one --out never share it
            temp = _run_temp(run.out, "partial")
            values, done = _mapped(temp, np.uint16, run.stop), 0
        return _compute(run, store, values, done)
    except BaseException:  # a Ctrl-C before the run's own cleanup began: numba's import
        if temp is not None:  # takes a second (signals audit)
            temp.unlink(missing_ok=True)
        raise
    finally:
        if store is not None:
            store.release()


NPY_HEADER_BYTES = 4096
"""At least the bytes of a ``.npy`` header (numpy pads it to 64 or 4096 bytes)."""
TEMP_KINDS = ("partial", "tmp")
"""A run's temporary files beside ``out``: the values computed without a checkpoint, and
the ``.npy`` written before it is renamed to ``out``."""


ROOM = ("make room", "空きを作っ")
WRITABLE = ("make it writable", "書き込めるようにし")
"""Remedies of a failed write, the Japanese in the form "…て" continues."""


def _remedy(
    error: OSError, full: tuple[str, str], other: tuple[str, str] = WRITABLE
) -> tuple[str, str]:
    """What to do about a failed write (English, Japanese): ``full`` for a full disk, else
    ``other``, make the place writable (a permission was told as "free some space"; files
    audit).

    >>> _remedy(OSError(errno.EACCES, "Permission denied"), ROOM)
    ('make it writable', '書き込めるようにし')
    >>> _remedy(OSError(errno.ENOSPC, "No space left on device"), ROOM)
    ('make room', '空きを作っ')
    """
    return full if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, None) else other


def _run_temp(out: Path, kind: str, pid: int | None = None) -> Path:
    """``OUT.PID.KIND.npy``: one a process, so two runs writing one ``out`` never share it.

    OUT is cut to its first 200 bytes, so the name stays within the 255 a file system
    allows (a legal ``--out`` of 250 characters was refused as "File name too long").

    >>> len(_run_temp(Path("v" * 250 + ".npy"), "partial", 4194304).name)
    220
    """
    return out.with_name(f"{_temp_stem(out)}.{os.getpid() if pid is None else pid}.{kind}.npy")


def _temp_stem(out: Path) -> str:
    """The start of ``out``'s name that its temporary files carry (200 bytes at most)."""
    return out.name.encode()[:200].decode(errors="ignore")


def _forget_orphans(out: Path) -> None:
    """Remove the temporary files of runs writing ``out`` that were killed (``kill -9``
    leaves ``OUT.PID.partial.npy``, its disk space reserved): those whose process is gone.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> for pid in (os.getpid(), 2**22 + 1):  # this process, and none (above pid_max)
    ...     (d / f"v.npy.{pid}.partial.npy").touch()
    >>> _forget_orphans(d / "v.npy")
    >>> sorted(p.name == f"v.npy.{os.getpid()}.partial.npy" for p in d.iterdir())
    [True]
    """
    stem = _temp_stem(out)
    for kind in TEMP_KINDS:
        for path in out.parent.glob(glob_escape(stem) + f".*.{kind}.npy"):
            pid = path.name[len(stem) + 1 : -len(f".{kind}.npy")]
            if pid.isdigit() and path == _run_temp(out, kind, int(pid)) and not running(int(pid)):
                path.unlink(missing_ok=True)


def _compute(run: _Run, store: Checkpoint | None, values: np.ndarray, done: int) -> LongRun:
    spec, digits, unequal, stop, out = run.spec, run.digits, run.unequal, run.stop, run.out
    limits, max_seconds, progress, began = run.limits, run.max_seconds, run.progress, run.began
    import numpy as np

    from nimlab.kernels.octal_engine import OctalRun
    from nimlab.kernels.sparse import OVERFLOW

    checkpoint = None if store is None else store.directory
    temp = Path(values.filename)  # type: ignore[attr-defined]
    resumed_from = done = min(done, stop)  # a checkpoint may reach further than this run
    budget = limits.budget()
    engine = OctalRun(digits, unequal, stop=stop)
    chunk = FIRST_CHUNK
    saved_at = time.monotonic()
    interrupted = _Interrupts()
    try:
        while done < stop:
            interrupted.check()
            late = max_seconds is not None and time.monotonic() - began >= max_seconds
            if late and done > resumed_from:  # at least one chunk per run
                break
            target = min(stop, done + chunk)
            started = time.monotonic()
            info = engine.extend(np.asarray(values), done, target)
            if info.status == OVERFLOW:  # a value past 65535: the same run in 32 bits
                values = _widen(values, store)
                if store is not None:
                    store.save(values, done)  # the record says 32 bits at once
            before, done = done, info.done
            budget.spend_kernel(done - before, info.steps)
            took = time.monotonic() - started
            if took < CHUNK_SECONDS / 2:
                chunk *= 2
            elif took > 2 * CHUNK_SECONDS and chunk > FIRST_CHUNK:
                chunk //= 2
            if progress is not None:
                progress(done, stop)
            if store is not None and time.monotonic() - saved_at >= CHECKPOINT_SECONDS:
                store.save(values, done)
                saved_at = time.monotonic()
    except BaseException as error:
        if store is None:
            del values
            os.remove(temp)
            raise
        store.save(values, done)
        if isinstance(error, TooLarge) and not error.note:  # each run has its own budget
            raise TooLarge(
                error.reason,
                error.limit,
                f"the {done:,} values computed are kept in {store.directory}: the same "
                "command goes on from them",
                ja=error.ja,
                note_ja=f"計算済みの {done:,} 個の値は {store.directory} に残っています。"
                "同じコマンドでそこから続けられます",
            ) from None
        raise
    finally:
        interrupted.restore()
    seconds = time.monotonic() - began
    if done < stop:
        if store is not None:
            store.save(values, done)
        return LongRun(spec, stop, done, False, resumed_from, seconds, out, checkpoint, None)
    if store is not None:
        store.save(values, done)
    try:
        _save_npy(out, _first(values, stop))  # the same bytes however the run went
    except BaseException:
        if store is None:
            del values
            os.remove(temp)
        raise
    if store is None:
        del values
        os.remove(temp)
    return LongRun(spec, stop, done, True, resumed_from, seconds, out, checkpoint, _sha(out))


class _Interrupts:
    """Ctrl-C (or SIGTERM) during a compiled call is noted and raised between chunks.

    Raised inside numba's parallel call, the ``KeyboardInterrupt`` would surface
    as a ``SystemError``; noted by this handler instead, it is raised at the next
    chunk boundary, after which the checkpoint is written as for any interruption.
    Only the main thread can take the signal; elsewhere nothing changes.
    """

    def __init__(self) -> None:
        self.pending = False
        self.previous: Any = None
        self.terminate: Any = None
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._note)
            self.terminate = signal.signal(signal.SIGTERM, self._note)

    def _note(self, signum: int, frame: object) -> None:
        self.pending = True

    def check(self) -> None:
        if self.pending:
            raise KeyboardInterrupt

    def restore(self) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
            signal.signal(signal.SIGTERM, self.terminate)
            self.previous = None


def _widen(values: np.ndarray, store: Checkpoint | None) -> np.ndarray:
    path = Path(values.filename)  # type: ignore[attr-defined]
    wide_path = path.with_name(path.name + ".wide")
    wide = _mapped(wide_path, "uint32", len(values))
    wide[:] = values
    wide.flush()  # type: ignore[attr-defined]
    del wide
    os.replace(wide_path, path)
    if store is not None:
        store.stretches = []  # the digests were of the 16-bit values
    import numpy as np

    return np.load(path, mmap_mode="r+")  # type: ignore[no-any-return]


def _first(values: np.ndarray, stop: int) -> np.ndarray:
    """G(0..stop-1) as a run to ``stop`` writes them: 32-bit only if one of them needs it
    (a checkpoint reaching further may have been widened by a later value, or a run cut
    just after widening, before the value that needed it).

    >>> import numpy as np
    >>> _first(np.array([1, 2, 70000], dtype=np.uint32), 2).dtype.name
    'uint16'
    """
    import numpy as np

    first = values[:stop]
    if first.dtype == np.uint32 and (stop == 0 or first.max() <= 0xFFFF):
        return np.asarray(first).astype(np.uint16)
    return first


def _save_npy(out: Path, values: np.ndarray) -> None:
    """Write ``values`` to ``out`` whole or not at all: through ``OUT.PID.tmp.npy``, its
    disk space reserved first (numpy's short writes name no reason: a full disk is told
    as such)."""
    import numpy as np

    temp = _run_temp(out, "tmp")
    values = np.asarray(values)
    try:
        with open(temp, "wb") as f:
            try:
                os.posix_fallocate(f.fileno(), 0, values.nbytes + NPY_HEADER_BYTES)
            except OSError as error:
                if error.errno not in (errno.EOPNOTSUPP, errno.EINVAL):
                    raise  # a file system that cannot reserve: written as it comes
            np.save(f, values)
            f.truncate()
            f.flush()
            os.fsync(f.fileno())  # on disk before it takes the name (a power cut)
        os.replace(temp, out)
        sync_folder(out.parent)
    except BaseException as error:  # a Ctrl-C during the write too (signals audit)
        temp.unlink(missing_ok=True)
        if not isinstance(error, OSError):
            raise
        room, room_ja = _remedy(error, ROOM)
        raise InvalidOption(
            f"--out {out}: cannot write the values ({reason(error)}); {room} and run the "
            "same command again (with --checkpoint DIR, the values computed are kept there)",
            ja=(
                f"--out {out}: 値を書き出せません（{reason(error, 'ja')}）。{room_ja}て同じ"
                "コマンドをもう一度実行してください（--checkpoint DIR があれば計算済みの値は"
                "そこに残っています）"
            ),
        ) from None


def _sha(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
