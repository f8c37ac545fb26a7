"""The independent certificate checker against good and deliberately broken certificates."""

from __future__ import annotations

import ast
import copy
import json
import sys
from pathlib import Path
from typing import Any

import numpy
import pytest
from hypothesis import given, settings

from nimlab import checker
from nimlab.checker import Malformed, Refused, check, check_text, mex_at, parse_code
from nimlab.kernels.one_heap import octal_sequence
from nimlab.solve.certificates import certificate
from strategies_kernels import octal_digits


@pytest.fixture(scope="module")
def kayles() -> dict[str, Any]:
    return certificate("kayles")


def resealed(cert: dict[str, Any]) -> dict[str, Any]:
    """The certificate with its checksum recomputed: a forger's best effort."""
    return cert | {"sha256": checker.checksum(cert)}


def refusal(cert: dict[str, Any]) -> str:
    with pytest.raises(Refused) as caught:
        check(cert)
    return str(caught.value)


def test_a_written_certificate_is_valid(kayles: dict[str, Any]) -> None:
    verdict = check(kayles)
    assert (verdict.game, verdict.preperiod, verdict.period) == ("octal:0.77", 71, 12)
    assert (verdict.removal, verdict.parts, verdict.verified_to, verdict.values) == (2, 2, 156, 168)
    assert "periodic from n0 = 71 with period 12" in verdict.text()


@pytest.mark.parametrize(
    "spec",
    [
        "dawson-kayles",
        "subtraction:2,4,7",
        "octal:0.137",
        "octal:4.7",
        "octal:0.33",
        "take-and-break:0.B1",
        "take-and-break:4.F",
        "take-and-break:0.A7",
    ],
)
def test_certificates_of_other_games_are_valid(spec: str) -> None:
    check(certificate(spec))


def test_a_flipped_value_is_found_at_its_index(kayles: dict[str, Any]) -> None:
    broken = copy.deepcopy(kayles)
    broken["values"][100] ^= 1
    message = refusal(resealed(broken))
    assert message.startswith("G(100) is ")
    assert f"but the certificate says {broken['values'][100]}" in message
    assert refusal(broken).startswith("G(100) is ")  # the mathematics before the checksum


def test_a_changed_period_is_refused(kayles: dict[str, Any]) -> None:
    message = refusal(resealed(kayles | {"period": 24, "preperiod": 70}))
    assert "period 24 fails at n = 70" in message
    assert "fails" in refusal(resealed(kayles | {"period": 11}))


def test_a_shortened_range_is_refused(kayles: dict[str, Any]) -> None:
    short = resealed(kayles | {"values": kayles["values"][:-1]})
    message = refusal(short)
    assert message.startswith("criterion range too short")
    assert "G(0..167)" in message and "G(0..166)" in message


def test_a_changed_code_is_refused(kayles: dict[str, Any]) -> None:
    assert "does not have the code" in refusal(resealed(kayles | {"code": "0.71"}))
    both = refusal(resealed(kayles | {"code": "0.71", "game": "octal:0.71"}))
    assert both.startswith("G(")  # the values are not those of 0.71
    assert "hexadecimal" in refusal(resealed(kayles | {"code": "0.7Z"}))


def test_a_subtraction_name_of_a_huge_number_is_refused_at_once(kayles: dict[str, Any]) -> None:
    # The name was compared with the code by listing max(S) + 1 digits: 10^12 never ended.
    huge = resealed(kayles | {"game": "subtraction:1000000000000", "code": "0.3"})
    assert "does not have the code" in refusal(huge)


def test_a_bad_checksum_is_refused(kayles: dict[str, Any]) -> None:
    message = refusal(kayles | {"sha256": "0" * 64})
    assert message.startswith("checksum mismatch")
    stated = kayles["criterion"] | {"statement": "something else"}
    assert refusal(kayles | {"criterion": stated}).startswith("checksum mismatch")


def test_a_false_criterion_range_is_refused(kayles: dict[str, Any]) -> None:
    stated = kayles["criterion"] | {"verified_to": 100}
    assert "states the criterion range n < 100" in refusal(resealed(kayles | {"criterion": stated}))


def test_another_theorem_stated_is_refused(kayles: dict[str, Any]) -> None:
    # The statement was read but never compared: a resealed certificate could claim any theorem.
    stated = kayles["criterion"] | {"statement": "Every octal game is periodic."}
    message = refusal(resealed(kayles | {"criterion": stated}))
    assert message.startswith("the certificate states the criterion as 'Every octal game")
    assert "not as the theorem this checker proves" in message
    assert check(kayles).period == 12  # the engine states the checker's theorem word for word


def test_saltus_and_nonsense_periods_are_refused(kayles: dict[str, Any]) -> None:
    assert "saltus" in refusal(resealed(kayles | {"saltus": 1}))
    assert "p ≥ 1" in refusal(resealed(kayles | {"period": 0}))


def test_malformed_files(kayles: dict[str, Any]) -> None:
    text = json.dumps(kayles)
    for bad in (text[: len(text) // 2], "[]", "{}", json.dumps(kayles | {"format": "x"})):
        with pytest.raises(Malformed):
            check_text(bad)
    with pytest.raises(Malformed, match="'values'"):
        check({k: v for k, v in kayles.items() if k != "values"})
    with pytest.raises(Malformed, match="integer"):
        check(kayles | {"period": "12"})
    with pytest.raises(Malformed, match="integers"):
        check(kayles | {"values": [0, -1]})


def test_codes() -> None:
    assert parse_code("0.77") == [0, 7, 7]
    assert parse_code("4.0") == [4]
    assert parse_code("0.b10") == [0, 11, 1]
    for bad in ("0.0", "1.7", "0.77.", "x"):
        with pytest.raises(Refused):
            parse_code(bad)


@settings(max_examples=60, deadline=None)
@given(octal_digits())
def test_the_checkers_mex_agrees_with_the_engine(digits: tuple[int, ...]) -> None:
    values = octal_sequence(digits, 60).tolist()
    assert [mex_at(list(digits), values, n) for n in range(60)] == values


def test_three_heap_digits_by_hand() -> None:
    # 0.8: take one token and split the rest into exactly three heaps.
    values: list[int] = []
    for n in range(9):
        values.append(mex_at([0, 8], values, n))
    # G(4): 3 = 1+1+1, value 0 → 1; G(5): 4 = 1+1+2, value G(2) = 0 → 1; ...
    assert values[:6] == [0, 0, 0, 0, 1, 1]


def test_the_checker_imports_nothing_from_nimlab() -> None:
    source = Path(checker.__file__).read_text(encoding="utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    assert not any(name.startswith("nimlab") for name in imported), imported


@settings(max_examples=40, deadline=None)
@given(octal_digits())
def test_the_compiled_recomputation_agrees_with_the_plain_one(digits: tuple[int, ...]) -> None:
    values = octal_sequence(digits, 300).tolist()
    assert checker.mex_all(list(digits), values, compiled=True) == values
    broken = values.copy()
    broken[123] += 1  # every value after it is recomputed from the broken one too
    expected = [mex_at(list(digits), broken, n) for n in range(300)]
    assert checker.mex_all(list(digits), broken, compiled=True) == expected


def test_a_long_certificate_is_checked_compiled_and_a_flip_found() -> None:
    """4.344 needs 2,101 values; made longer than FAST_FROM, the compiled path checks it."""
    long = certificate("octal:4.344")
    values = octal_sequence((4, 3, 4, 4), checker.FAST_FROM + 500).tolist()
    assert values[: len(long["values"])] == long["values"]
    cert = resealed(long | {"values": values})
    assert check(cert).values == checker.FAST_FROM + 500
    flipped = copy.deepcopy(cert)
    flipped["values"][checker.FAST_FROM + 7] ^= 1
    assert refusal(resealed(flipped)).startswith(f"G({checker.FAST_FROM + 7}) is ")


def test_huge_or_three_heap_values_take_the_plain_path() -> None:
    assert checker.mex_all([0, 8], [0, 0, 0, 0, 1, 1], compiled=True) == [0, 0, 0, 0, 1, 1]
    huge = [0, 1, 2, 10**30]
    assert checker.mex_all([0, 7, 7], huge, compiled=True) == [0, 1, 2, 3]


def test_the_work_of_a_hostile_certificate_is_counted_as_interpreted() -> None:
    """One value too large for the compiled loops sends the whole check to plain Python:
    its work is estimated so, and refused by `check` before an hour of it starts."""
    sound = [0] * checker.FAST_FROM
    hostile = [*sound[:-1], checker.LARGEST_FAST + 1]
    assert checker.compiles([0, 7, 7], sound) and not checker.compiles([0, 7, 7], hostile)
    cert = {"code": "0.77"}
    assert checker.work(cert | {"values": hostile}) == checker.INTERPRETED * checker.work(
        cert | {"values": sound}
    )
    assert checker.work(cert | {"values": ["x"] * 10}) > 0  # not yet validated: no crash


def test_a_deeply_nested_file_is_malformed_not_a_recursion_error() -> None:
    """Found by the CLI audit: ``check`` on 200,000 nested brackets raised RecursionError."""
    from nimlab.checker import Malformed, load

    with pytest.raises(Malformed, match="nested too deeply"):
        load("[" * 200_000 + "]" * 200_000)


def test_the_checker_knows_the_registry_s_names_of_octal_games() -> None:
    """Found by the CLI audit: a certificate naming ``kayles`` with code 0.77 was refused as
    "the game 'kayles' does not have the code '0.77'"."""
    from nimlab.checker import ALIASES, OCTAL_DIGITS
    from nimlab.games.octal import MAX_DIGITS
    from nimlab.registry import FAMILIES

    assert dict(FAMILIES["octal"].aliases) == ALIASES
    assert OCTAL_DIGITS == MAX_DIGITS


# -- found by the audit of 2026-11-27 -------------------------------------------------------


def test_a_false_period_from_a_preperiod_of_zero_is_refused(kayles: dict[str, Any]) -> None:
    # 0.2 has G = 0, 0, 1, 0, 1, 0, …: "period 1 from 0" with G(0..1) passed the old bound
    # 1·n0 + 0·p + t = 1; from max(n0, 1) the bound is 2, and G(2) = 1 breaks the claim
    forged = {
        **kayles,
        "game": "octal:0.2",
        "code": "0.2",
        "preperiod": 0,
        "period": 1,
        "values": [0, 0],
        "criterion": kayles["criterion"] | {"removal": 1, "parts": 1, "verified_to": 1},
    }
    assert refusal(resealed(forged)).startswith("criterion range too short")
    with_g2 = forged | {"values": [0, 0, 1], "criterion": forged["criterion"] | {"verified_to": 2}}
    assert refusal(resealed(with_g2)) == "G(2) = 1 but G(1) = 0: period 1 fails at n = 1"


def test_values_held_beyond_the_criterion_must_keep_the_period(kayles: dict[str, Any]) -> None:
    values = octal_sequence((0, 7, 7), 400).tolist()
    values[300] ^= 1  # not the mex either: the mex check names it first
    assert refusal(resealed(kayles | {"values": values})).startswith("G(300) is")
    longer = octal_sequence((0, 7, 7), 400).tolist()
    assert check(resealed(kayles | {"values": longer})).period == 12


@pytest.mark.parametrize(("n0", "p"), [(100, 36), (72, 12), (71, 24), (83, 12)])
def test_a_preperiod_or_period_that_is_not_the_least_is_refused(
    kayles: dict[str, Any], n0: int, p: int
) -> None:
    values = octal_sequence((0, 7, 7), 2 * n0 + 3 * p + 2).tolist()
    claim = kayles | {"preperiod": n0, "period": p, "values": values[: 2 * n0 + p + 2 + p]}
    claim |= {"criterion": kayles["criterion"] | {"verified_to": 2 * n0 + p + 2}}
    said = refusal(resealed(claim))
    assert "is not the least" in said, said


def test_huge_numbers_and_odd_files_are_said_briefly(kayles: dict[str, Any]) -> None:
    huge = 10**4300 - 1
    for key in ("preperiod", "period"):
        said = refusal(resealed(kayles | {key: huge}))
        assert "a number of 4,300 digits" in said and len(said) < 200
    for change in ({"preperiod": -huge}, {"saltus": huge}):
        said = refusal(resealed(kayles | change))
        assert "number of 4,300 digits" in said and len(said) < 200
    bom = "\ufeff" + json.dumps(kayles)
    assert check_text(bom).period == 12


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"note": "trust me"}, "unknown field 'note'"),
        ({"criterion": "trust me"}, "'criterion' must be a dict"),
        ({"criterion": {"name": "guy-smith"}}, "no 'parts' field"),
        ({"game": "octal:0.F", "code": "0.F"}, "does not have the code"),
        ({"game": "subtraction:+2", "code": "0.03"}, "does not have the code"),
        ({"game": "subtraction:1_0", "code": "0.0000000003"}, "does not have the code"),
    ],
)
def test_every_field_is_checked(kayles: dict[str, Any], change: dict[str, Any], said: str) -> None:
    changed = resealed(kayles | change)
    with pytest.raises((Malformed, Refused)) as caught:
        check(changed)
    assert said in str(caught.value)


@pytest.mark.parametrize(("key", "value"), [("removal", 9), ("parts", 7), ("name", "nonsense")])
def test_the_stated_criterion_must_be_the_codes(
    kayles: dict[str, Any], key: str, value: object
) -> None:
    stated = kayles["criterion"] | {key: value}
    assert f"states criterion {key}" in refusal(resealed(kayles | {"criterion": stated}))


def test_game_names_are_read_as_nimlab_reads_them(kayles: dict[str, Any]) -> None:
    # found by the review: " Kayles " and "octal:0.77 " are Kayles to nimlab
    for name in (" Kayles ", "octal:0.77 ", "KAYLES"):
        assert check(resealed(kayles | {"game": name})).period == 12


# -- found by the long-run audit of 2026-11-27 ----------------------------------------------


def turns_taken(monkeypatch: pytest.MonkeyPatch, code: str, count: int, compiled: bool) -> int:
    """The turns the recomputation's loops (over digits, over splits) take for ``count``
    values of ``code``: their Python source run with a ``range`` that counts."""
    turns = 0

    def counting(*args: int) -> range:
        nonlocal turns
        if sys._getframe(1).f_code.co_qualname.split(".")[0] in ("_mex", "_mex_all"):
            turns += len(range(*args))
        return range(*args)

    monkeypatch.setattr(checker, "range", counting, raising=False)
    monkeypatch.setattr(checker, "np", numpy)
    monkeypatch.setattr(checker, "prange", range)  # the loop over n, not counted
    monkeypatch.setattr(checker, "_COMPILED", [checker._mex_all])  # uncompiled
    checker.mex_all(parse_code(code), [0] * count, compiled=compiled)
    return turns


@pytest.mark.parametrize(
    ("code", "count"),
    [
        ("0.77", 300),
        ("4.344", 300),
        ("0." + "0" * 1999 + "3" + "0" * 500 + "7", 3_000),  # a subtraction code and a split
        ("0." + "0" * 3999 + "3" + "0" * 100 + "6", checker.FAST_FROM + 200),  # compiled
        ("0.F", 60),  # three heaps: plain Python only
        ("4.0008", 50),
        ("0." + "0" * 30 + "F", 80),
    ],
)
def test_the_work_estimated_is_the_turns_the_loops_take(
    monkeypatch: pytest.MonkeyPatch, code: str, count: int
) -> None:
    """Found by the long-run audit: the estimate counted the non-zero digits, the compiled
    loop walked every digit for every value (subtraction:1000000: 2,000,001 estimated,
    about 2.5·10¹² taken, 25 minutes and more past --max-states 3000000); and the three-heap
    splits, built as lists, cost 10 to 20 times what was counted."""
    values = [0] * count
    per_turn = 1 if checker.compiles(parse_code(code), values) else checker.INTERPRETED
    estimated = checker.work({"code": code, "values": values})
    for compiled in (True, False):
        assert per_turn * turns_taken(monkeypatch, code, count, compiled) == estimated


def test_a_long_subtraction_code_is_checked_in_the_work_estimated() -> None:
    """subtraction:200000's certificate (600,001 values, 200,001 digits) took 59 s; 1 s now."""
    cert = certificate("subtraction:200000")
    assert checker.work(cert) == 400_001  # the exact guard is the turns test above
    assert check(cert).period == 400_000


def test_a_three_heap_certificate_is_checked_or_refused_within_the_default_limit() -> None:
    """take-and-break:0.F with 1,200 values took 66 s, with 1,800 250 s, though estimated
    under the default limit (about 15 s of work); 1,000 values now take about 1 s, and 2,400
    are refused before any work."""
    from nimlab.cli.octal import CHECK_MAX_STATES

    cert = certificate("take-and-break:0.F")

    def holding(count: int) -> dict[str, Any]:
        return resealed(cert | {"values": [n % 2 for n in range(count)]})

    assert checker.work(holding(2_400)) > CHECK_MAX_STATES
    thousand = holding(1_000)
    assert checker.work(thousand) < CHECK_MAX_STATES
    assert check(thousand).period == 2


def test_a_huge_value_sends_the_check_to_the_plain_loops() -> None:
    """Found while fixing the above: compiled, every n clears a table as long as the largest
    value, so one value 2²⁰ at the end of a certificate of subtraction:1 with 200,000 values
    cost 5.7 s, estimated at 2·10⁵ steps. No G(n) exceeds the options of n: a larger value
    runs the plain loops, counted so, which stop at it."""
    values = [n % 2 for n in range(200_000)]
    values[-1] = checker.LARGEST_FAST
    hostile = resealed(certificate("subtraction:1") | {"values": values})
    assert not checker.compiles([0, 3], values)
    assert checker.work(hostile) == checker.INTERPRETED * 199_999
    assert refusal(hostile).startswith("G(199999) is 1 by the mex")


def test_a_key_repeated_is_malformed(kayles: dict[str, Any]) -> None:
    """Found by the long-run audit: with ``"game": "octal:0.6", "preperiod": 5, "period": 7``
    written before the real keys, JSON kept the last of each and the checksum held: the
    file showed its reader a false claim and was found valid."""
    text = json.dumps(kayles)
    forged = '{"game": "octal:0.6", "preperiod": 5, "period": 7, ' + text[1:]
    assert json.loads(forged) == kayles
    with pytest.raises(Malformed, match="the key 'game' appears twice") as caught:
        check_text(forged)
    assert "キー 'game' が二度現れる" in caught.value.ja
    nested = text.replace('"name": "guy-smith"', '"name": "guy-smith", "name": "guy-smith"')
    with pytest.raises(Malformed, match="the key 'name' appears twice"):
        check_text(nested)


def test_an_octal_name_longer_than_nimlab_reads_is_refused() -> None:
    # found by the audit of 2026-11-28: subtraction:70's certificate renamed
    # octal:0.000…3 (70 digits), a name nimlab refuses, was valid
    cert = certificate("subtraction:70")
    long_code = "0." + "0" * 69 + "3"
    assert "does not have the code" in refusal(resealed(cert | {"game": f"octal:{long_code}"}))
    assert check(resealed(cert | {"game": f"take-and-break:{long_code}"})).period == 140


def test_a_named_pipe_without_a_writer_is_refused_not_waited_for(tmp_path: Path) -> None:
    # found by the audit of 2026-11-28: `nimlab check FIFO` waited for a writer forever
    import os
    import subprocess

    pipe = tmp_path / "f"
    os.mkfifo(pipe)
    run = subprocess.run(
        [sys.executable, "-m", "nimlab", "check", str(pipe)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "not a nimlab certificate" in run.stderr, run.stderr
