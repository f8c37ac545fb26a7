"""Periodicity certificates: a proven period with every value a referee needs to check it.

``nimlab period GAME --certificate FILE`` writes one; ``nimlab check FILE``
checks it with :mod:`nimlab.checker`, which shares no code with this module
or the engine. A certificate is a JSON object:

* ``format``: ``"nimlab-period-certificate/1"``;
* ``game``: the canonical spec; ``code``: the game's take-and-break code
  (hexadecimal digits; a subtraction game S has digit 3 at each s ∈ S);
* ``preperiod``, ``period``, ``saltus`` (always 0): the claim
  G(n + p) = G(n) for n ≥ n0;
* ``criterion``: ``name``, ``removal`` (t, the most tokens a move removes),
  ``parts`` (k, the most heaps a move leaves, at least 1), ``verified_to``
  (B = k·max(n0, 1) + (k − 1)·p + t: agreement for n0 ≤ n < B proves the period) and
  ``statement``, the theorem in words;
* ``values``: G(0), …, G(B + p − 1), every value the check needs;
* ``sha256``: the SHA-256 of the certificate without this key, as JSON with
  sorted keys and no spaces (``separators=(",", ":")``, ASCII).

>>> cert = certificate("kayles")
>>> cert["preperiod"], cert["period"], cert["criterion"]["verified_to"], len(cert["values"])
(71, 12, 156, 168)
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from nimlab.errors import NotApplicable
from nimlab.games.base import Ruleset, as_heap_ruleset
from nimlab.limits import Limits, check_limits
from nimlab.registry import game as as_game

FORMAT = "nimlab-period-certificate/1"
MAX_CODE_DIGITS = 1_000_000
"""Codes longer than this (subtraction sets with a larger element) get no certificate."""
HEX_DIGITS = "0123456789ABCDEF"
STATEMENT = (
    "If G(n + p) = G(n) for n0 <= n < k*max(n0, 1) + (k - 1)*p + t, where t is the most tokens "
    "a move removes and k >= 1 the most heaps a move leaves, then G(n + p) = G(n) for all "
    "n >= n0 (Guy-Smith, Winning Ways ch. 4, for k = 2; the same proof for any k)."
)


def code_of(digits: tuple[int, ...]) -> str:
    """The code ``d0.d1d2...`` with hexadecimal digits.

    >>> code_of((0, 11, 1)), code_of((4,))
    ('0.B1', '4.0')
    """
    return HEX_DIGITS[digits[0]] + "." + ("".join(HEX_DIGITS[d] for d in digits[1:]) or "0")


def parts_of(digits: tuple[int, ...]) -> int:
    """k: the most heaps a move leaves (bit 2^j of a digit: j heaps), at least 1."""
    return max([1, *(d.bit_length() - 1 for d in digits if d)])


def checksum(body: dict[str, Any]) -> str:
    """SHA-256 of ``body`` as sorted, compact, ASCII JSON."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def certificate(
    game: str | Ruleset, limits: Limits | None = None, max_length: int | None = None
) -> dict[str, Any]:
    """The certificate of the game's proven period, as a JSON-ready dict.

    Raises :class:`~nimlab.errors.NotApplicable` when the game has no
    take-and-break code or no period was proven within the limits.
    """
    from nimlab.solve.heaps import heap_array
    from nimlab.solve.periodicity import periodicity

    g = as_game(game)
    heap_game = as_heap_ruleset(g)
    kernel = None if heap_game is None else heap_game.capabilities.one_heap
    digits = None if kernel is None else kernel.code(MAX_CODE_DIGITS)
    if heap_game is None or digits is None:
        raise NotApplicable(
            f"certificates cover games with a take-and-break code (octal, take-and-break, "
            f"subtraction); {g.spec} has none",
            ja=(
                "証明書は取って分ける規則の符号をもつゲーム（octal, take-and-break, subtraction）"
                f"が対象です。{g.spec} にはありません"
            ),
        )
    limits = check_limits(limits)
    found = periodicity(heap_game, limits=limits, max_length=max_length)
    if not found.proven or found.preperiod is None or found.period is None or found.saltus:
        raise NotApplicable(
            f"{g.spec}: no period proven in the first {found.checked_to:,} values, "
            "so there is nothing to certify (raise --max-states or --max-length)",
            ja=(
                f"{g.spec}: 最初の {found.checked_to:,} 個の値では周期が証明されていないので、"
                "証明するものがありません（--max-states か --max-length を引き上げてください）"
            ),
        )
    n0, p = found.preperiod, found.period
    t, k = len(digits) - 1, parts_of(digits)
    bound = k * max(n0, 1) + (k - 1) * p + t
    values = heap_array(heap_game, bound + p, limits.budget())
    body: dict[str, Any] = {
        "format": FORMAT,
        "game": heap_game.spec,
        "code": code_of(digits),
        "preperiod": n0,
        "period": p,
        "saltus": 0,
        "criterion": {
            "name": "guy-smith",
            "removal": t,
            "parts": k,
            "verified_to": bound,
            "statement": STATEMENT,
        },
        "values": [int(v) for v in values],
    }
    return body | {"sha256": checksum(body)}
