"""The one check of integer arguments, shared by the library, the command line and the web.

Every front end turns its text into an int with :func:`parse_int` (ASCII
digits only: ``"²".isdigit()`` is true in Python, and ``int("٣")`` is 3) and
every function checks its arguments with :func:`check_int`. Errors name the
parameter; the command line renders it as its flag.

>>> check_int(3, "size", least=1)
3
>>> check_int(0, "size", least=1)
Traceback (most recent call last):
...
nimlab.errors.InvalidOption: size must be an integer ≥ 1, got 0
>>> parse_int("²", "size")
Traceback (most recent call last):
...
nimlab.errors.InvalidOption: size must be an integer written with the digits 0-9, got '²'
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable
from typing import TypeVar

from nimlab.errors import InvalidOption
from nimlab.text import quoted, shorten

T = TypeVar("T")

MAX_DIGITS = 4000
"""Integers have at most this many decimal digits (Python's conversion limit is 4,300)."""
_TOO_BIG = 10**MAX_DIGITS
_INTEGER = re.compile(r"[+-]?[0-9]+")


def check_int(value: object, name: str, least: int = 0, most: int | None = None) -> int:
    """``value`` as an int if it is an integer of any type but ``bool`` (numpy's too: a
    notebook's ``np.int64(10)`` is ten) in ``least..most``, else ``InvalidOption``.

    >>> import numpy as np
    >>> check_int(np.int64(10), "to")
    10
    """
    number = int(value) if isinstance(value, numbers.Integral) else None
    if number is None or isinstance(value, bool) or number < least:
        shown = shorten(quoted(value))
        raise InvalidOption(
            f"{name} must be an integer ≥ {least}, got {shown}",
            field=name,
            ja=f"{name} は {least} 以上の整数です（{shown} が与えられた）",
        )
    value = check_digits(number, name)
    if most is not None and value > most:
        raise InvalidOption(
            f"{name} must be at most {most:,}, got {value:,}",
            field=name,
            ja=f"{name} は {most:,} 以下です（{value:,} が与えられた）",
        )
    return value


def check_digits(value: int, name: str) -> int:
    """``value`` if it has at most :data:`MAX_DIGITS` digits, as every integer nimlab takes
    (heaps, bounds, limits), else ``InvalidOption``: Python refuses to print more than 4,300.

    >>> check_digits(10**4000, "start")
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidOption: start has 4,001 digits; at most 4000 are accepted
    """
    if -_TOO_BIG < value < _TOO_BIG:
        return value
    digits = int(abs(value).bit_length() * 0.30103)
    digits += 10**digits <= abs(value)  # the estimate is low by at most one
    raise InvalidOption(
        f"{name} has {digits:,} digits; at most {MAX_DIGITS} are accepted",
        field=name,
        ja=f"{name} は {digits:,} 桁あります。{MAX_DIGITS} 桁までです",
    )


def parse_int(text: str, name: str, least: int | None = None, most: int | None = None) -> int:
    """The integer ``text`` writes (ASCII digits, optional sign), checked like :func:`check_int`."""
    stripped = text.strip() if isinstance(text, str) else ""
    if not _INTEGER.fullmatch(stripped):
        shown = text if len(str(text)) <= 40 else str(text)[:40] + "…"
        raise InvalidOption(
            f"{name} must be an integer written with the digits 0-9, got {shown!r}",
            field=name,
            ja=f"{name} は数字 0-9 で書いた整数です（{shown!r} が与えられた）",
        )
    if len(stripped.lstrip("+-")) > MAX_DIGITS:
        raise InvalidOption(
            f"{name} has {len(stripped)} digits; at most {MAX_DIGITS} are accepted",
            field=name,
            ja=f"{name} は {len(stripped)} 桁あります。{MAX_DIGITS} 桁までです",
        )
    value = int(stripped)
    return value if least is None else check_int(value, name, least, most)


_GROUPED = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:_[0-9]+)+")
_POWER_OF_TEN = re.compile(r"([0-9]+)(?:\.([0-9]*))?[eE]\+?([0-9]{1,3})")


def plain_count(text: str) -> str:
    """A command-line count written as plain digits when it is written as nimlab prints
    counts (``5,000,000``), with Python's underscores (``5_000_000``) or as a whole number
    times a power of ten (``1e9``, ``2.5e6``); any other text is returned unchanged, for
    the caller's own message. Positions never go through this: there a comma separates
    heaps.

    >>> plain_count("5,000,000"), plain_count("1_000"), plain_count(" 1e9 "), plain_count("2.5E6")
    ('5000000', '1000', '1000000000', '2500000')
    >>> plain_count("1,00"), plain_count("1.5e0"), plain_count("1e-3"), plain_count("-1e3")
    ('1,00', '1.5e0', '1e-3', '-1e3')
    """
    stripped = text.strip()
    if _GROUPED.fullmatch(stripped):
        return stripped.replace(",", "").replace("_", "")
    power = _POWER_OF_TEN.fullmatch(stripped)
    if power is None:
        return text
    whole, fraction, exponent = power.group(1), (power.group(2) or "").rstrip("0"), power.group(3)
    if len(fraction) > int(exponent) or int(exponent) > MAX_DIGITS:
        return text  # not whole (1.5e0), or more digits than any integer here takes
    return (whole + fraction + "0" * (int(exponent) - len(fraction))).lstrip("0") or "0"


def check_flag(value: object, name: str) -> bool:
    """``value`` if it is a bool (a flag such as ``misere``), else ``InvalidOption``: ``"x"``
    or ``-1`` would otherwise count as true.

    >>> check_flag(True, "misere")
    True
    >>> check_flag("no", "misere")
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidOption: misere must be True or False, got 'no'
    """
    if type(value).__name__ not in ("bool", "bool_"):  # numpy's bools too
        shown = repr(value)[:40]
        raise InvalidOption(
            f"{name} must be True or False, got {shown}",
            field=name,
            ja=f"{name} は True か False です（{shown} が与えられた）",
        )
    return bool(value)


def env_count(name: str, default: int) -> int:
    """A count ≥ 1 from the environment variable ``name`` (``1073741824``, ``1e9``,
    ``1_000_000``), else ``default`` — said in one line on stderr, like :func:`env_seconds`
    (``NIMLAB_TABLEBASE_BYTES=abc`` was silently the default; packaging audit).

    >>> import os
    >>> os.environ["NIMLAB_EXAMPLE_COUNT"] = "2e9"
    >>> env_count("NIMLAB_EXAMPLE_COUNT", 10)
    2000000000
    >>> os.environ["NIMLAB_EXAMPLE_COUNT"] = "abc"
    >>> import contextlib, io
    >>> said = io.StringIO()
    >>> with contextlib.redirect_stderr(said):
    ...     env_count("NIMLAB_EXAMPLE_COUNT", 10)
    10
    >>> said.getvalue()
    "nimlab: NIMLAB_EXAMPLE_COUNT must be a whole number ≥ 1, got 'abc'; using 10\\n"
    """

    def read(text: str) -> int | None:
        digits = plain_count(text)
        whole = digits.isascii() and digits.isdigit() and len(digits) <= 30
        return int(digits) if whole and int(digits) >= 1 else None

    return _from_env(name, default, read, "a whole number ≥ 1", f"{default}")


def env_seconds(name: str, default: float) -> float:
    """Seconds from the environment variable ``name``: a finite number ≥ 0, else
    ``default`` — said in one line on stderr, as nimlab reads these at start-up, before any
    command runs (a typo must not stop ``nimlab --help``).

    >>> import os
    >>> os.environ["NIMLAB_EXAMPLE_SECONDS"] = "2.5"
    >>> env_seconds("NIMLAB_EXAMPLE_SECONDS", 60)
    2.5
    >>> os.environ["NIMLAB_EXAMPLE_SECONDS"] = "soon"
    >>> import contextlib, io
    >>> said = io.StringIO()
    >>> with contextlib.redirect_stderr(said):
    ...     env_seconds("NIMLAB_EXAMPLE_SECONDS", 60)
    60
    >>> said.getvalue()
    "nimlab: NIMLAB_EXAMPLE_SECONDS must be a number of seconds ≥ 0, got 'soon'; using 60\\n"
    """
    import math

    def read(text: str) -> float | None:
        try:
            seconds = float(text) if text.isascii() else math.nan
        except ValueError:
            return None
        return seconds if math.isfinite(seconds) and seconds >= 0 else None

    return _from_env(name, default, read, "a number of seconds ≥ 0", f"{default:g}")


def _from_env(name: str, default: T, read: Callable[[str], T | None], wanted: str, shown: str) -> T:
    """The value ``read`` makes of the environment variable ``name``, else ``default``
    (unset, or said on stderr: it must be ``wanted``; using ``shown``)."""
    import os

    text = os.environ.get(name, "").strip()
    value = read(text) if text else default
    if value is not None:
        return value
    from nimlab.streams import tell  # (a stderr that cannot be written stops nothing)

    tell(f"nimlab: {name} must be {wanted}, got {text[:40]!r}; using {shown}")
    return default
