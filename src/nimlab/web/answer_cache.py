"""The server's cache of answers, bounded by the memory it really holds.

Jobs are deterministic, so the server keeps their answers. It keeps each one *pickled*:
an answer's objects weigh 4–13 times its pickle (a list of small integers is 8 bytes an
item as objects, about 2 pickled; measured on the web's jobs), so a bound counted in
pickled bytes but kept as objects held about six times what it said. Kept as bytes, the
bound is what the cache holds, up to a fixed overhead an entry (:data:`ENTRY_BYTES`).
Each hit unpickles a fresh copy, so no request can change another's answer.

>>> cache = AnswerCache(max_answers=2, max_bytes=10_000)
>>> cache.put(("sequence", 5), ("ok", {"values": [0, 1, 0, 1, 2]}))
>>> cache.get(("sequence", 5))
('ok', {'values': [0, 1, 0, 1, 2]})
>>> cache.get(("sequence", 6)) is None, len(cache), 0 < cache.nbytes <= 10_000
(True, 1, True)
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

ENTRY_BYTES = 160
"""What an entry costs beyond its two pickles: the two ``bytes`` objects' headers, the
ordered dictionary's slot and links (measured: 141 bytes, with 20,000 entries)."""


def _pickled(value: object) -> bytes:
    return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


class AnswerCache:
    """At most ``max_answers`` answers and ``max_bytes`` bytes, least recently used
    forgotten first. Keys and answers are kept pickled (keys too: a key holds the
    request's arguments, and equal pickles are the same request — ``1`` and ``True``,
    equal as Python keys, are told apart)."""

    def __init__(self, max_answers: int, max_bytes: int) -> None:
        self.max_answers = max_answers
        self.max_bytes = max_bytes
        self._kept: OrderedDict[bytes, bytes] = OrderedDict()
        self.nbytes = 0
        """The bytes held: both pickles and :data:`ENTRY_BYTES` for each entry."""

    def __len__(self) -> int:
        return len(self._kept)

    def __bool__(self) -> bool:
        return bool(self._kept)

    def get(self, key: object) -> Any:
        """A fresh copy of the answer kept under ``key`` (now the most recent), or None."""
        name = _pickled(key)
        blob = self._kept.get(name)
        if blob is None:
            return None
        self._kept.move_to_end(name)
        return pickle.loads(blob)

    def put(self, key: object, answer: object) -> None:
        """Keep ``answer`` under ``key``, then forget the least recent answers while more
        than the bounds are held (an answer over ``max_bytes`` alone is not kept)."""
        name, blob = _pickled(key), _pickled(answer)
        before = self._kept.pop(name, None)  # two requests computed it at once
        if before is not None:
            self.nbytes -= _weight(name, before)
        self._kept[name] = blob
        self.nbytes += _weight(name, blob)
        while len(self._kept) > self.max_answers or self.nbytes > self.max_bytes:
            gone = self._kept.popitem(last=False)
            self.nbytes -= _weight(*gone)

    def answers(self) -> Iterator[Any]:
        """Every answer kept, least recent first (fresh copies)."""
        return (pickle.loads(blob) for blob in self._kept.values())


def _weight(name: bytes, blob: bytes) -> int:
    return len(name) + len(blob) + ENTRY_BYTES
