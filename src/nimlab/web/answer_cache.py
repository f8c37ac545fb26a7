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
from typing import Any

from nimlab.solve.context import BoundedCache

ENTRY_BYTES = 250
"""What an entry costs beyond its two pickles: the two ``bytes`` objects' headers, the
ordered dictionary's slot and links, the tuple of the answer and its weight (measured:
223–229 bytes, with 20,000 entries)."""


def _pickled(value: object) -> bytes:
    return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


class AnswerCache:
    """At most ``max_answers`` answers and ``max_bytes`` bytes, least recently used
    forgotten first (a :class:`~nimlab.solve.context.BoundedCache`). Keys and answers are
    kept pickled (keys too: a key holds the request's arguments, and equal pickles are the
    same request — ``1`` and ``True``, equal as Python keys, are told apart)."""

    def __init__(self, max_answers: int, max_bytes: int) -> None:
        self._kept = BoundedCache(max_bytes, max_items=max_answers)

    @property
    def nbytes(self) -> int:
        """The bytes held: both pickles and :data:`ENTRY_BYTES` for each entry."""
        return self._kept.bytes

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: object) -> Any:
        """A fresh copy of the answer kept under ``key`` (now the most recent), or None."""
        blob = self._kept.get(_pickled(key))
        return None if blob is None else pickle.loads(blob)

    def put(self, key: object, answer: object) -> None:
        """Keep ``answer`` under ``key``, forgetting the least recent answers to make room
        (an answer over ``max_bytes`` alone is not kept)."""
        name, blob = _pickled(key), _pickled(answer)
        self._kept.put(name, blob, len(name) + len(blob) + ENTRY_BYTES)

    def answers(self) -> list[Any]:
        """Every answer kept, least recent first (fresh copies)."""
        return [pickle.loads(blob) for _, blob in self._kept.items()]
