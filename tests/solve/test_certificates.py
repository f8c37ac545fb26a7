"""Certificates as the writer makes them: the fields, the range the criterion needs, the seal."""

from __future__ import annotations

import pytest

from nimlab.errors import NotApplicable
from nimlab.solve.certificates import certificate, checksum, code_of, parts_of


def test_fields_of_a_certificate() -> None:
    cert = certificate("dawson-kayles")
    assert cert["game"] == "octal:0.07" and cert["code"] == "0.07"
    n0, p = cert["preperiod"], cert["period"]
    assert (n0, p, cert["saltus"]) == (53, 34, 0)
    assert cert["criterion"]["verified_to"] == 2 * n0 + p + 2
    assert len(cert["values"]) == cert["criterion"]["verified_to"] + p
    body = {k: v for k, v in cert.items() if k != "sha256"}
    assert cert["sha256"] == checksum(body)


def test_subtraction_games_certify_by_their_code() -> None:
    cert = certificate("subtraction:2,4,7")
    assert cert["code"] == "0.0303003"
    assert cert["criterion"]["parts"] == 1
    assert cert["criterion"]["verified_to"] == 8 + 7  # the max(S)-window from n0 = 8


def test_codes_and_parts() -> None:
    assert code_of((0, 15, 8)) == "0.F8"
    assert parts_of((0, 7, 7)) == 2 and parts_of((0, 3)) == 1 and parts_of((0, 1)) == 1
    assert parts_of((0, 8)) == 3 and parts_of((12,)) == 3


def test_three_heap_codes_certify_with_k_3() -> None:
    cert = certificate("take-and-break:0.B1")
    assert cert["code"] == "0.B1" and cert["criterion"]["parts"] == 3
    n0, p = cert["preperiod"], cert["period"]
    assert cert["criterion"]["verified_to"] == 3 * n0 + 2 * p + 2


@pytest.mark.parametrize(
    "spec", ["nim", "grundy-game", "wythoff", "take-away:2", "subtraction:1,2000000"]
)
def test_games_without_a_code_have_no_certificate(spec: str) -> None:
    with pytest.raises(NotApplicable, match="has none"):
        certificate(spec)
