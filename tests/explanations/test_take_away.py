"""Take-away games: the binary, Fibonacci or H code and the digit to remove."""

from __future__ import annotations

from nimlab.explanations import explain


def test_take_away_codes_and_the_digit_to_remove() -> None:
    binary = explain("take-le-prev", "22").steps
    assert (
        binary[0].kind == "binary" and "10110" in binary[0].text and "ℓ(22) = 2" in binary[0].text
    )
    fib = explain("fibonacci-nim", "31/1").steps
    assert fib[0].kind == "zeckendorf" and "1010010" in fib[0].text
    assert "ℓ(31) = 2 > 1" in fib[1].text and explain("fibonacci-nim", "31/1").outcome == "P"
    general = explain("take-away:3", "27").steps
    assert general[0].kind == "representation" and "27 = 21 + 6" in general[0].text
    assert "take all 8" in explain("fibonacci-nim", "8/8").steps[1].text
    assert "No stones are left" in explain("fibonacci-nim", "0").steps[0].text
