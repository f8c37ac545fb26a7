"""Hypothesis strategies for the kernel tests: random octal codes and subtraction sets."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def octal_digits(draw: st.DrawFn, splitting: bool = False) -> tuple[int, ...]:
    """Digits (d0, d1, ...) of a random octal game: d0 ∈ {0, 4}, up to four more digits.

    With ``splitting`` at least one digit allows leaving two heaps (bit 4).
    """
    d0 = draw(st.sampled_from([0, 4]))
    rest = draw(st.lists(st.integers(0, 7), min_size=1, max_size=4))
    digits = (d0, *rest)
    if splitting and not any(d & 4 for d in digits):
        i = draw(st.integers(1, len(rest)))
        digits = (*digits[:i], digits[i] | 4, *digits[i + 1 :])
    while len(digits) > 1 and digits[-1] == 0:
        digits = digits[:-1]
    if digits == (0,):
        digits = (0, 3)
    return digits
