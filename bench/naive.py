"""Naive pure-Python references: the textbook algorithm, written plainly, for the ratios.

Each is the straightforward method a researcher would write first: the mex
over every option, with no bitsets, no sparse space and no index of
P-positions. They are timed on smaller sizes and scaled by the algorithm's
growth, which the report says explicitly.
"""

from __future__ import annotations


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def subtraction(subtraction_set: tuple[int, ...], count: int) -> list[int]:
    """G(0..count-1): the mex over G(n - s) for every s ∈ S (O(count · |S|))."""
    g: list[int] = []
    for n in range(count):
        g.append(mex({g[n - s] for s in subtraction_set if s <= n}))
    return g


def octal(digits: tuple[int, ...], count: int) -> list[int]:
    """G(0..count-1) of an octal game: the mex over every option (O(count²))."""
    g: list[int] = []
    for n in range(count):
        seen: set[int] = set()
        for k, d in enumerate(digits):
            left = n - k
            if left < 0:
                break
            if d & 1 and left == 0 and k:
                seen.add(0)
            if d & 2 and left >= 1 and k:
                seen.add(g[left])
            if d & 4:
                seen.update(g[a] ^ g[left - a] for a in range(1, left // 2 + 1))
        g.append(mex(seen))
    return g


def wythoff(size: int) -> list[list[int]]:
    """The Wythoff Grundy table: the mex over every option of every cell (O(size³))."""
    g = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            seen = {g[x][b] for x in range(a)} | {g[a][y] for y in range(b)}
            seen.update(g[a - k][b - k] for k in range(1, min(a, b) + 1))
            g[a][b] = mex(seen)
    return g


def split_delete_3(top: int) -> list[tuple[int, int, int]]:
    """P-positions of 3-heap Split-and-delete Nim by listing every option (O(top⁴))."""
    p: set[tuple[int, int, int]] = set()
    found = []
    for c in range(1, top + 1):
        for s in range(2, 2 * c + 1):
            for a in range(max(1, s - c), s // 2 + 1):
                heaps = (a, s - a, c)
                if not any(o in p for o in _options(heaps)):
                    p.add(heaps)
                    found.append(heaps)
    return sorted(found)


def _options(heaps: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    out = []
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        out.extend(tuple(sorted((*rest, x))) for x in range(1, h))  # split, delete a part
        for x in range(1, h // 2 + 1):  # split, delete another heap
            out.extend(tuple(sorted((rest[j], x, h - x))) for j in range(2))
    return out  # type: ignore[return-value]
