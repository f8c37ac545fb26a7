"""An independent checker of periodicity certificates (``nimlab check FILE``).

A certificate (written by ``nimlab period GAME --certificate FILE``, see
:mod:`nimlab.solve.certificates`) claims that the Grundy sequence of a
take-and-break game is periodic: G(n + p) = G(n) for every n ≥ n0. This
module checks the claim from first principles and on purpose shares no code
with the engine: it imports nothing from nimlab, parses the game's code
itself, recomputes every value by a plain mex over the certificate's own
values and checks the criterion itself.

**The criterion** (Guy–Smith, *Winning Ways* ch. 4, for octal games; the same
argument for codes that break a heap into up to k parts). Let t be the most
tokens a move removes and k ≥ 1 the most heaps a move leaves (1 if no move
leaves more than one) and m = max(n0, 1). If G(n + p) = G(n) for all
n0 ≤ n < B with B = k·m + (k − 1)·p + t, then it holds for all n ≥ n0. Proof,
for n ≥ B by induction: a move from n + p removes j ≤ t tokens and leaves r ≤ k
heaps summing to n + p − j, so the largest heap c ≥ (n + p − t)/k ≥ m + p;
putting c − p in its place is a move from n with the same value, since
m ≤ c − p < n — and c − p ≥ 1, so the move still leaves r non-empty heaps (with
m = n0 = 0 the heap could vanish, a move the code may not allow: a code whose
only move removes 62 tokens leaving two heaps has G = 0 up to 63 and G(64) = 1).
Conversely a move from n leaves a largest heap c ≥ (n − t)/k ≥ m, and c + p in
its place is a move from n + p of the same value. (Removing a whole heap needs
n ≤ t < B.) So the options of n and n + p have the same values and
G(n + p) = G(n). For k = 2 this is Guy and Smith's bound 2·n0 + p + t (n0 ≥ 1);
for k = 1 (subtraction games) a window of t values.

**The checks**, in order; the first that fails is reported:

1. the file is JSON with the fields of a certificate and no other, the criterion's
   too, each once and of its type (else *malformed*, exit 2: a repeated key would show
   its reader one value and the checker, which reads the last, another);
2. the code parses and names the game (``octal:``, ``take-and-break:`` or
   ``subtraction:`` spec, read as nimlab reads one), n0 ≥ 0, p ≥ 1, saltus 0, and
   n0 and p within the values held;
3. each G(n) of the certificate equals the mex of the options of n, computed
   from the certificate's G(0..n−1);
4. G(n + p) = G(n) for every n ≥ n0 the certificate holds, which reach at least
   B + p − 1 (else "range too short"), and the criterion it states (its range,
   name, removal and parts) is this one;
5. n0 and p are the least (the product's definition: no G(n0 − 1 + p) = G(n0 − 1),
   no period p/q for a prime q);
6. the SHA-256 checksum of the certificate matches (a changed file);
7. the theorem it states is :data:`THEOREM`, word for word (a resealed certificate
   stating another theorem would mislead its reader).

>>> criterion = {"name": "guy-smith", "removal": 2, "parts": 2, "verified_to": 5,
...              "statement": "..."}
>>> cert = {"format": FORMAT, "game": "octal:0.07", "code": "0.07", "preperiod": 0,
...         "period": 1, "saltus": 0, "criterion": criterion, "values": [0, 0, 1, 1],
...         "sha256": ""}
>>> check(cert)
Traceback (most recent call last):
...
nimlab.checker.Refused: G(2) = 1 but G(1) = 0: period 1 fails at n = 1
"""

from __future__ import annotations

import bisect
import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

FORMAT = "nimlab-period-certificate/1"
HEX = "0123456789ABCDEF"
_CODE = re.compile(r"([0-9A-Fa-f]?)\.([0-9A-Fa-f]*)")


class Fault(Exception):
    """A fault of a certificate, said in English (``str``) and Japanese (:attr:`ja`)."""

    def __init__(self, message: str, ja: str) -> None:
        super().__init__(message)
        self.ja = ja

    def said(self, lang: str) -> str:
        return self.ja if lang == "ja" else str(self)


class Malformed(Fault):
    """The file is not a certificate at all (exit 2)."""


class Refused(Fault):
    """The certificate is a certificate, but wrong (exit 1): the first inconsistency."""


@dataclass(frozen=True)
class Verdict:
    """What a valid certificate proves, and what was checked."""

    game: str
    preperiod: int
    period: int
    removal: int
    parts: int
    verified_to: int
    values: int

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return (
                f"証明書は正しい: {self.game} は n0 = {self.preperiod} から周期 {self.period} で"
                f"周期的。確認したこと: G(0..{self.values - 1}) がどれも選択肢の mex に等しく、"
                f"{self.preperiod} ≤ n < {self.verified_to} = {self.parts}·max(n0, 1) + "
                f"{self.parts - 1}·p + t (t = {self.removal}、残る山は最大 {self.parts} 個) "
                f"で G(n + {self.period}) = G(n)。これですべての n ≥ n0 で成り立つ。"
            )
        return (
            f"certificate valid: {self.game} is periodic from n0 = {self.preperiod} with "
            f"period {self.period}. Checked: G(0..{self.values - 1}) each equal the mex of "
            f"their options; G(n + {self.period}) = G(n) for {self.preperiod} ≤ n < "
            f"{self.verified_to} = {self.parts}·max(n0, 1) + {self.parts - 1}·p + t "
            f"(t = {self.removal}, at most {self.parts} heap(s) left), which proves it for "
            "all n ≥ n0."
        )


def parse_code(code: str) -> list[int]:
    """The digits d0, d1, ... of a code such as ``0.77``, ``4.0`` or ``0.B1`` (hexadecimal).

    >>> parse_code("0.77"), parse_code("C.0"), parse_code(".0f")
    ([0, 7, 7], [12], [0, 0, 15])
    """
    match = _CODE.fullmatch(code)
    if match is None:
        raise Refused(
            f"code {code!r} is not of the form d0.d1d2... with hexadecimal digits",
            f"コード {code!r} は 16 進の桁の d0.d1d2... の形ではない",
        )
    digits = [int(c, 16) for c in (match.group(1) or "0") + match.group(2)]
    if digits[0] & 3:
        raise Refused(
            f"code {code!r}: the digit before the point may only have bits 4 and 8",
            f"コード {code!r}: 小数点の前の桁はビット 4 と 8 しか持てない",
        )
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if digits == [0]:
        raise Refused(f"code {code!r} allows no move", f"コード {code!r} では手がない")
    return digits


ALIASES = {"kayles": "octal:0.77", "dawson-kayles": "octal:0.07"}
"""The names of octal games the registry knows (written out here: the checker shares no
code with the engine; a test keeps the two in step)."""
OCTAL_DIGITS = 64
"""The most digits after d0 of a code nimlab reads as ``octal:`` (longer codes are
``take-and-break:``; written out here too, kept in step by the same test)."""


def _names_code(game: str, digits: list[int]) -> bool:
    """Does the spec ``game`` name the rules of ``digits``?

    >>> _names_code("kayles", [0, 7, 7]), _names_code("octal:0.07", [0, 7, 7])
    (True, False)
    >>> _names_code("octal:0." + "0" * 69 + "3", [0] * 70 + [3])  # longer than nimlab reads
    False
    """
    name = game.strip().lower()  # as nimlab reads a spec: " Kayles " is Kayles
    family, _, parameter = ALIASES.get(name, name).partition(":")
    family, parameter = family.strip(), parameter.strip()
    if family in ("octal", "take-and-break"):
        try:
            named = parse_code(parameter)
        except Refused:
            return False
        octal = max(named) <= 7 and len(named) <= OCTAL_DIGITS + 1
        return named == digits and (family != "octal" or octal)
    if family == "subtraction":
        parts = [s.strip() for s in parameter.split(",")]
        if not all(re.fullmatch(r"[0-9]{1,30}", s) for s in parts):  # not "1_0", "+10"
            return False
        chosen = {int(s) for s in parts}
        if not chosen or min(chosen) < 1 or max(chosen) + 1 != len(digits):
            return False  # (compared by length first: the set may name a huge number)
        return digits == [3 if k in chosen else 0 for k in range(max(chosen) + 1)]
    return False


def _parts(digit: int) -> list[int]:
    """The numbers of heaps a move may leave: bit 2^j of a digit allows j heaps."""
    return [j for j in range(4) if digit >> j & 1]


def moves(digits: list[int]) -> tuple[list[int], list[int]]:
    """The indexes k of the non-zero digits and those digits: all the loops visit.

    A subtraction code has a digit for every number up to the largest it removes,
    mostly zeros: ``subtraction:1000000`` has 1,000,001 digits and two moves.

    >>> moves([0, 7, 0, 0, 3])
    ([1, 4], [7, 3])
    """
    ks = [k for k, d in enumerate(digits) if d]
    return ks, [digits[k] for k in ks]


def _mex(ks: list[int], ds: list[int], values: list[int], n: int) -> int:
    """:func:`mex_at` over the non-zero digits ``ds`` at indexes ``ks`` (:func:`moves`)."""
    seen = set()
    for j in range(bisect.bisect_right(ks, n)):  # the digits k ≤ n
        k, d = ks[j], ds[j]
        m = n - k
        if d & 1 and k == n and k > 0:  # remove the whole heap
            seen.add(0)
        if d & 2 and k > 0 and m >= 1:  # d0 never leaves one heap (that would be a pass)
            seen.add(values[m])
        if d & 4:  # two heaps a ≤ m − a
            seen.update({values[a] ^ values[m - a] for a in range(1, m // 2 + 1)})
        if d & 8:  # three heaps a ≤ b ≤ m − a − b
            for a in range(1, m // 3 + 1):
                ga = values[a]
                seen.update(
                    {ga ^ values[b] ^ values[m - a - b] for b in range(a, (m - a) // 2 + 1)}
                )
    g = 0
    while g in seen:
        g += 1
    return g


def mex_at(digits: list[int], values: list[int], n: int) -> int:
    """G(n) as the mex of the values of its options, from ``values[0..n-1]``.

    >>> mex_at([0, 7, 7], [0, 1, 2, 3, 1], 4)  # Kayles
    1
    """
    return _mex(*moves(digits), values, n)


def steps(digit: int, m: int) -> int:
    """The steps the loops take for one non-zero ``digit`` over the m values it reaches.

    A step is one turn of a loop over digits, two-heap splits, first heaps of a
    three-heap split or three-heap splits (:func:`_mex`; the compiled loops take the
    same turns). From n = k + j, the digit's move leaves j tokens: one turn to visit
    it, j // 2 two-heap splits, and j // 3 first heaps and round(j²/12) three-heap
    splits (the partitions of j into three parts); summed for j < m in closed form.

    >>> steps(3, 10), steps(4, 10), steps(8, 10)  # 10, 10 + 20, 10 + 12 + 23
    (10, 30, 45)
    """
    total = m
    if digit & 4:
        total += (m - 1) ** 2 // 4 if m else 0  # Σ j // 2
    if digit & 8:
        q, r = divmod(m, 3)
        total += 3 * q * (q - 1) // 2 + r * q  # Σ j // 3
        # round(j²/12) = (j² + e)/12 with e by j mod 6: Σ j² and Σ e over whole sixes
        e = (0, -1, -4, 3, -4, -1)
        total += ((m - 1) * m * (2 * m - 1) // 6 - 7 * (m // 6) + sum(e[: m % 6])) // 12
    return total


FAST_FROM = 4_096
"""From this many values, step 3 runs compiled (numba, on every core); below it, :func:`mex_at`."""
LARGEST_FAST = 1 << 20
"""Values beyond this send step 3 back to :func:`mex_at` (a sound certificate has none)."""


def most_options(digits: list[int], count: int) -> int:
    """The most options any n < ``count`` has, so the largest G(n) can be: one per non-zero
    digit, and (n − k) // 2 more for a two-heap digit. A larger value sends step 3 back to
    :func:`mex_at` (which stops at the first wrong value): compiled, every n clears a table
    as long as the largest value, so one huge value would cost a huge table for every n.

    >>> most_options([0, 7, 7], 10), most_options([0] * 999 + [3], 3000)
    (9, 1)
    """
    ks, ds = moves(digits)
    return sum(
        bool(d & 3) + (max(count - 1 - k, 0) // 2 if d & 4 else 0)
        for k, d in zip(ks, ds, strict=True)
    )


INTERPRETED = 100
"""What one step costs the plain-Python recomputation, in steps of the compiled one (measured:
about 35 ns for a two-heap split, 45 for a three-heap one, against 0.5 ns on each of two cores)."""

np: Any = None
prange: Any = range
"""numpy and numba's parallel range, bound when the compiled check is first needed."""


def _mex_all(values: Any, ks: Any, leave0: Any, leave1: Any, leave2: Any, size: int) -> Any:
    """G(n) for every n by the plain mex, from ``values`` (the same loops as :func:`_mex`).

    ``ks``: the non-zero digits' indexes, increasing (:func:`moves`); ``leaveJ[j]``:
    removing ``ks[j]`` tokens may leave J heaps. ``size``: a power of 2 above every
    value. Compiled by numba; the heaps are taken small, large, small, large... so
    every core gets as much work.
    """
    count = values.shape[0]
    out = np.empty(count, np.int64)
    for i in prange(2 * ((count + 1) // 2)):
        n = i // 2 if i % 2 == 0 else count - 1 - i // 2
        seen = np.zeros(size + 1, np.bool_)
        for j in range(np.searchsorted(ks, n, side="right")):  # the digits k ≤ n
            k = ks[j]
            m = n - k
            if leave0[j] and k == n and k > 0:
                seen[0] = True
            if leave1[j] and k > 0 and m >= 1:
                seen[values[m]] = True
            if leave2[j]:
                for a in range(1, m // 2 + 1):
                    seen[values[a] ^ values[m - a]] = True
        g = 0
        while seen[g]:
            g += 1
        out[n] = g
    return out


_COMPILED: list[Any] = []


def compiles(digits: list[int], values: list[Any]) -> bool:
    """Does the recomputation of ``values`` run compiled? From :data:`FAST_FROM` values, when
    no digit leaves three heaps and every value is an integer in 0..:data:`LARGEST_FAST`,
    and none above :func:`most_options`."""
    if len(values) < FAST_FROM or any(d & 8 for d in digits):
        return False
    top = min(LARGEST_FAST, most_options(digits, len(values)))
    return all(isinstance(v, int) and 0 <= v <= top for v in values)


def mex_all(digits: list[int], values: list[int], compiled: bool | None = None) -> list[int]:
    """Every G(n) by the plain mex from ``values``: :func:`mex_at` for each n, or compiled.

    ``compiled``: None chooses (:func:`compiles`); True asks for the compiled
    loops wherever they apply (at any length). Both give the same list.

    >>> mex_all([0, 7, 7], [0, 1, 2, 3, 1, 4], compiled=False)  # Kayles
    [0, 1, 2, 3, 1, 4]
    """
    if compiled is None:
        compiled = compiles(digits, values)
    top = max(values, default=0)
    ks, ds = moves(digits)
    largest = min(LARGEST_FAST, most_options(digits, len(values)))
    if not compiled or top > largest or any(d & 8 for d in ds):
        return [_mex(ks, ds, values, n) for n in range(len(values))]
    if not _COMPILED:
        import numba
        import numpy

        globals()["np"], globals()["prange"] = numpy, numba.prange
        try:
            kernel = numba.njit(parallel=True, cache=True)(_mex_all)
        except RuntimeError:  # nowhere to keep the machine code (a read-only installation
            kernel = numba.njit(parallel=True)(_mex_all)  # and no writable home): compile
        _COMPILED.append(kernel)
    flags = [[bool(d >> j & 1) for d in ds] for j in range(3)]
    size = 1 << max(top.bit_length(), 1)
    arrays = (
        np.asarray(values, np.int64),
        np.asarray(ks, np.int64),
        *(np.asarray(f, np.bool_) for f in flags),
    )
    result: list[int] = _COMPILED[0](*arrays, size).tolist()
    return result


def checksum(cert: dict[str, Any]) -> str:
    """SHA-256 of the certificate without its ``sha256`` key, as sorted compact JSON."""
    body = {k: v for k, v in cert.items() if k != "sha256"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _brief(value: int, lang: str = "en") -> str:
    """An integer as a message shows it: whole up to 29 digits, else by its size.

    >>> _brief(156), _brief(10**4000), _brief(-(10**40), "ja")
    ('156', 'a number of 4,001 digits', '41 桁の負の数')
    """
    if value.bit_length() <= 96:  # below 10^29
        return str(value)
    digits = int(value.bit_length() * 0.30103)
    digits += 10**digits <= abs(value)  # the estimate is low by at most one
    if lang == "ja":
        return f"{digits:,} 桁の{'負の' if value < 0 else ''}数"
    return f"a {'negative ' if value < 0 else ''}number of {digits:,} digits"


KEYS = {"format", "game", "code", "preperiod", "period", "saltus", "criterion", "values", "sha256"}
"""The fields of a certificate, all required: any other is refused (a referee reads them all)."""
CRITERION_KEYS = {"name", "removal", "parts", "verified_to", "statement"}
THEOREM = (
    "If G(n + p) = G(n) for n0 <= n < k*max(n0, 1) + (k - 1)*p + t, where t is the most tokens "
    "a move removes and k >= 1 the most heaps a move leaves, then G(n + p) = G(n) for all "
    "n >= n0 (Guy-Smith, Winning Ways ch. 4, for k = 2; the same proof for any k)."
)
"""The theorem this checker proves (the module's docstring), word for word as a certificate
must state it: a certificate that states another theorem is refused, since a reader would take
the checked period for a consequence of it."""


def _field(cert: dict[str, Any], key: str, kind: type) -> Any:
    if key not in cert:
        raise Malformed(f"the certificate has no {key!r} field", f"証明書に {key!r} の欄がない")
    value = cert[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise Malformed(
            f"{key!r} must be an integer, got {value!r:.40}",
            f"{key!r} は整数でなければならない（{value!r:.40} が与えられた）",
        )
    if kind is not int and not isinstance(value, kind):
        raise Malformed(
            f"{key!r} must be a {kind.__name__}, got {type(value).__name__}",
            f"{key!r} は {kind.__name__} でなければならない（{type(value).__name__} が与えられた）",
        )
    return value


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all distinct, or :class:`Malformed`: JSON keeps the last
    of a repeated key, and a reader of the file may well read the first.

    >>> _unique([("period", 7), ("period", 12)])
    Traceback (most recent call last):
    ...
    nimlab.checker.Malformed: the key 'period' appears twice: a reader may take either value
    """
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise Malformed(
                f"the key {key!r:.60} appears twice: a reader may take either value",
                f"キー {key!r:.60} が二度現れる: 読む人はどちらの値も取りうる",
            )
        obj[key] = value
    return obj


def load(text: str) -> dict[str, Any]:
    """The certificate in ``text``, or :class:`Malformed` (not JSON, a key repeated, not
    a certificate's format)."""
    try:
        # removeprefix: a byte-order mark some editors write
        cert = json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_unique)
    except json.JSONDecodeError as error:  # (json's words are English: where, in Japanese)
        raise Malformed(
            f"not JSON ({error})",
            f"JSON ではない（{error.lineno} 行 {error.colno} 列目で読めない）",
        ) from None
    except ValueError as error:  # Python reads no number of over 4,300 digits
        raise Malformed(
            f"not JSON ({error})", "JSON として読めない（4,300 桁を超える数がある）"
        ) from None
    except RecursionError:
        raise Malformed("nested too deeply to be read", "入れ子が深すぎて読めない") from None
    if not isinstance(cert, dict):
        raise Malformed("not a JSON object", "JSON のオブジェクトではない")
    if cert.get("format") != FORMAT:
        raise Malformed(
            f"'format' must be {FORMAT!r}, got {cert.get('format')!r:.60}",
            f"'format' は {FORMAT!r} でなければならない（{cert.get('format')!r:.60} が与えられた）",
        )
    return cert


def check(cert: dict[str, Any]) -> Verdict:
    """Check a certificate; :class:`Refused` (or :class:`Malformed`) on the first fault."""
    game = _field(cert, "game", str)
    code = _field(cert, "code", str)
    n0 = _field(cert, "preperiod", int)
    p = _field(cert, "period", int)
    saltus = _field(cert, "saltus", int)
    values = _field(cert, "values", list)
    stated = _field(cert, "criterion", dict)
    _field(cert, "sha256", str)
    extra = sorted(set(cert) - KEYS) + sorted(
        f"criterion.{k}" for k in set(stated) - CRITERION_KEYS
    )
    if extra:
        raise Malformed(
            f"unknown field {extra[0]!r:.60}: a certificate has only {', '.join(sorted(KEYS))}",
            f"不明な欄 {extra[0]!r:.60}: 証明書の欄は {', '.join(sorted(KEYS))} だけ",
        )
    for key in sorted(CRITERION_KEYS):
        _field(stated, key, str if key in ("name", "statement") else int)
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise Malformed(
            "'values' must be a list of integers ≥ 0",
            "'values' は 0 以上の整数のリストでなければならない",
        )
    if n0 > len(values) or p > len(values):
        which, number = ("preperiod", n0) if n0 > len(values) else ("period", p)
        raise Refused(
            f"the {which} is {_brief(number)}, beyond the {len(values):,} values the "
            "certificate holds: the criterion cannot be checked",
            f"{'前周期' if which == 'preperiod' else '周期'}が {_brief(number, 'ja')} で、証明書の "
            f"{len(values):,} 個の値を超えている: 判定法を確かめられない",
        )
    digits = parse_code(code)
    if not _names_code(game, digits):
        raise Refused(
            f"the game {game!r} does not have the code {code!r}",
            f"ゲーム {game!r} のコードは {code!r} ではない",
        )
    if n0 < 0 or p < 1:
        raise Refused(
            f"preperiod {_brief(n0)} and period {_brief(p)}: need n0 ≥ 0 and p ≥ 1",
            f"前周期 {_brief(n0, 'ja')}、周期 {_brief(p, 'ja')}: n0 ≥ 0 かつ p ≥ 1 が必要",
        )
    if saltus != 0:
        raise Refused(
            f"saltus {_brief(saltus)}: this criterion proves plain periods only (saltus 0)",
            f"増分 {_brief(saltus, 'ja')}: この判定法が証明するのは普通の周期（増分 0）だけ",
        )
    # Interpreted, the first wrong value ends the work; compiled, every value is recomputed at once.
    recomputed = mex_all(digits, values) if compiles(digits, values) else None
    ks, ds = moves(digits)
    for n, claimed in enumerate(values):
        g = _mex(ks, ds, values, n) if recomputed is None else recomputed[n]
        if g != claimed:
            raise Refused(
                f"G({n}) is {g} by the mex of its options, but the certificate says "
                f"{_brief(claimed)}",
                f"選択肢の mex では G({n}) = {g} だが、証明書は {_brief(claimed, 'ja')} としている",
            )
    t = len(digits) - 1
    k = max([1, *(max(_parts(d), default=0) for d in digits)])
    m = max(n0, 1)  # from n0 = 0 the proof runs from 1: a lifted heap must not vanish
    bound = k * m + (k - 1) * p + t
    for n in range(n0, len(values) - p):  # every value held, not only those the proof needs
        if values[n + p] != values[n]:
            raise Refused(
                f"G({n + p}) = {values[n + p]} but G({n}) = {values[n]}: "
                f"period {p} fails at n = {n}",
                f"G({n + p}) = {values[n + p]} だが G({n}) = {values[n]}: "
                f"周期 {p} は n = {n} で成り立たない",
            )
    if len(values) < bound + p:
        raise Refused(
            f"criterion range too short: the criterion needs G(n + p) = G(n) for "
            f"{n0} ≤ n < {bound} = {k}·max(n0, 1) + {k - 1}·p + t (t = {t}), so "
            f"G(0..{bound + p - 1}), "
            f"but the certificate holds G(0..{len(values) - 1})",
            f"判定の範囲が足りない: 判定法には {n0} ≤ n < {bound} = {k}·max(n0, 1) + {k - 1}·p + t "
            f"(t = {t}) で G(n + p) = G(n)、つまり G(0..{bound + p - 1}) が必要だが、"
            f"証明書にあるのは G(0..{len(values) - 1})",
        )
    if stated["verified_to"] != bound:
        raise Refused(
            f"the certificate states the criterion range n < {_brief(stated['verified_to'])}, "
            f"but for this code it is n < {bound}",
            f"証明書は判定の範囲を n < {_brief(stated['verified_to'], 'ja')} としているが、"
            f"このコードでは n < {bound}",
        )
    for key, right in (("name", "guy-smith"), ("removal", t), ("parts", k)):
        if stated[key] != right:
            raise Refused(
                f"the certificate states criterion {key} {stated[key]!r:.40}, but for this "
                f"code it is {right!r}",
                f"証明書は判定法の {key} を {stated[key]!r:.40} としているが、"
                f"このコードでは {right!r}",
            )
    _check_least(values, n0, p)
    found = checksum(cert)
    if cert.get("sha256") != found:
        raise Refused(
            f"checksum mismatch: the certificate says sha256 {cert.get('sha256')!r:.70}, "
            f"its contents have {found}",
            f"チェックサムが合わない: 証明書の sha256 は {cert.get('sha256')!r:.70}、"
            f"内容から計算すると {found}",
        )
    if stated["statement"] != THEOREM:
        raise Refused(
            f"the certificate states the criterion as {stated['statement']!r:.60}, not as the "
            "theorem this checker proves (Guy-Smith's, generalised: see `nimlab check --help`)",
            f"証明書は判定法を {stated['statement']!r:.60} と述べているが、これはこのチェッカーが"
            "証明する定理（Guy-Smith の一般化: `nimlab check --help`）ではない",
        )
    return Verdict(game, n0, p, t, k, bound, len(values))


def _check_least(values: list[int], n0: int, p: int) -> None:
    """Refuse a preperiod or a period that is not the least (the product's definition).

    The period is proven from n0 on, so G(m) for m ≥ n0 is G(n0 + (m − n0) mod p): n0 is
    the least preperiod when G(n0 − 1 + p) ≠ G(n0 − 1), and p the least period when no
    p/q (q a prime factor of p) repeats over one period from n0 — every period of the
    tail is a multiple of the least.
    """

    def g(m: int) -> int:
        return values[m] if m < len(values) else values[n0 + (m - n0) % p]

    if n0 > 0 and g(n0 - 1 + p) == g(n0 - 1):
        raise Refused(
            f"preperiod {n0} is not the least: G({n0 - 1 + p}) = G({n0 - 1}), so the period "
            f"holds from {n0 - 1}",
            f"前周期 {n0} は最小ではない: G({n0 - 1 + p}) = G({n0 - 1}) なので {n0 - 1} から周期的",
        )
    rest, q = p, 2
    while rest > 1:
        if q * q > rest:
            q = rest
        if rest % q == 0:
            while rest % q == 0:
                rest //= q
            shorter = p // q
            if all(g(n + shorter) == g(n) for n in range(n0, n0 + p)):
                raise Refused(
                    f"period {p} is not the least: {shorter} is a period from {n0} too",
                    f"周期 {p} は最小ではない: {shorter} も {n0} からの周期",
                )
        q += 1


def work(cert: dict[str, Any]) -> int:
    """How much recomputing the certificate's values costs (0 if it cannot be read).

    Counted in steps of the compiled recomputation, exactly those its loops take
    (:func:`steps` of each non-zero digit; zero digits cost nothing): about N per
    digit, N²/4 per two-heap digit and N³/36 per three-heap digit over N values;
    a step of the plain-Python recomputation (short certificates, digits with
    three-heap splits) counts as ``INTERPRETED`` of them.

    >>> work({"code": "0.77", "values": [0] * 5000})
    12497500
    >>> work({"code": "0.77", "values": [0] * 1000})  # plain Python
    49950000
    >>> work({"code": "0." + "0" * 999_999 + "3", "values": [0] * 3_000_001})  # subtraction
    2000001
    """
    try:
        digits = parse_code(str(cert.get("code", "")))
    except Refused:
        return 0
    values = cert.get("values")
    if not isinstance(values, list):
        return 0
    ks, ds = moves(digits)
    total = sum(steps(d, max(len(values) - k, 0)) for k, d in zip(ks, ds, strict=True))
    return total if compiles(digits, values) else INTERPRETED * total


def check_text(text: str) -> Verdict:
    """:func:`check` on the text of a certificate file."""
    return check(load(text))
