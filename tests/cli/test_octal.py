"""``nimlab rare``, ``period --certificate``, ``check`` and the "sparse" JSON key."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from contract import SPARSE_KEYS
from nimlab.cli.main import main


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out)
    return code, out.getvalue()


def test_rare_prints_flammenkamps_layout() -> None:
    code, text = cli("rare", "grundy-game", "--to", "232")
    assert code == 0
    lines = text.splitlines()
    assert lines[0].startswith("grundy-game: 48 rare values below 232; mask m = 0xfe")
    assert lines[2] == (
        "G(       0)=  0  G(       1)=  0  G(       2)=  0  G(       3)=  1  G(       4)=  0"
    )
    assert lines[-1] == "G(     193)= 12  G(     196)= 10  G(     231)= 10"
    assert "chosen on G(0..32,767)" in lines[0]
    assert cli("rare", "kayles", "--to", "0")[0] == 2  # "0 rare values below 0" before
    # A limit that leaves no room for the usual window says so (the mask differs).
    code, text = cli("rare", "grundy-game", "--to", "232", "--max-memory", "1")
    assert code == 0 and "mask m = 0x6 " in text and "chosen on G(0..231)" in text


def test_rare_json_and_no_structure() -> None:
    code, text = cli("rare", "kayles", "--to", "100", "--json")
    assert code == 0
    data = json.loads(text)
    assert data["game"] == "octal:0.77" and data["to"] == 100
    assert data["sparse"]["rare_positions"] == [0, 3, 6, 11, 18, 22, 28, 34, 39, 70]
    code, text = cli("rare", "nim", "--to", "100", "--json")
    assert (code, json.loads(text)) == (0, {"game": "nim", "to": 100})
    code, text = cli("rare", "nim", "--to", "100")
    assert code == 0 and "no sparse-space structure" in text
    assert cli("rare", "wythoff", "--to", "10")[0] == 2


def test_sequence_and_period_json_carry_sparse_only_with_the_structure() -> None:
    seq = json.loads(cli("sequence", "grundy-game", "--to", "100", "--json")[1])
    assert seq["sparse"]["mask"] == 0xFE and seq["sparse"]["rare_count"] == 31
    assert list(seq["sparse"]) == SPARSE_KEYS
    assert seq["sparse"]["judged_on"] == 2**15  # the mask is chosen on a longer window
    nim = json.loads(cli("sequence", "nim", "--to", "100", "--json")[1])
    assert "sparse" not in nim
    later = json.loads(cli("sequence", "grundy-game", "--from", "5", "--to", "100", "--json")[1])
    assert "sparse" not in later  # facts are of sequences from heap 0
    misere = json.loads(cli("sequence", "kayles", "--to", "100", "--misere", "--json")[1])
    assert "sparse" not in misere
    period = json.loads(cli("period", "kayles", "--json")[1])
    assert period["sparse"]["rare_count"] == 10
    assert "sparse" not in json.loads(cli("period", "subtraction:2,4,7", "--json")[1])


def test_certificate_round_trip(tmp_path: Path) -> None:
    target = tmp_path / "kayles.json"
    code, text = cli("period", "kayles", "--certificate", str(target))
    assert code == 0 and "preperiod 71, period 12" in text
    cert = json.loads(target.read_text())
    assert cert["format"] == "nimlab-period-certificate/1" and cert["code"] == "0.77"
    code, text = cli("check", str(target))
    assert code == 0 and text.startswith("certificate valid: octal:0.77")
    code, text = cli("check", str(target), "--json")
    assert json.loads(text)["valid"] is True


def _broken(tmp_path: Path, change: Any) -> Path:
    target = tmp_path / "cert.json"
    assert cli("period", "dawson-kayles", "--certificate", str(target))[0] == 0
    cert = json.loads(target.read_text())
    change(cert)
    target.write_text(json.dumps(cert))
    return target


def test_check_refuses_a_tampered_certificate_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = _broken(tmp_path, lambda c: c["values"].__setitem__(40, c["values"][40] + 1))
    code, text = cli("check", str(target), "--json")
    assert code == 1
    assert json.loads(text)["valid"] is False
    assert "certificate refused: G(40) is" in capsys.readouterr().err


def test_check_exit_2_for_unreadable_or_malformed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli("check", str(tmp_path / "missing.json"))[0] == 2
    assert "cannot read the certificate" in capsys.readouterr().err
    truncated = tmp_path / "t.json"
    truncated.write_text('{"format": "nimlab-period-certificate/1", "values": [0, 0')
    assert cli("check", str(truncated))[0] == 2
    assert "not a nimlab certificate" in capsys.readouterr().err
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert cli("check", str(binary))[0] == 2
    kayles = tmp_path / "kayles.json"
    assert cli("period", "kayles", "--certificate", str(kayles))[0] == 0
    repeated = tmp_path / "r.json"  # found by the long-run audit: the last value was read
    repeated.write_text('{"period": 7, ' + kayles.read_text().lstrip()[1:])
    assert cli("check", str(repeated))[0] == 2
    assert "the key 'period' appears twice" in capsys.readouterr().err


def test_check_of_a_binary_file_says_it_is_no_certificate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the CLI fuzz: a binary file was 'cannot read the certificate ...:
    UnicodeDecodeError'; it is read, and is no certificate (exit 2 as malformed JSON)."""
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)))
    assert cli("check", str(binary))[0] == 2
    err = capsys.readouterr().err
    assert f"{binary}: not a nimlab certificate: not UTF-8 text" in err, err
    assert "UnicodeDecodeError" not in err and err.count("\n") == 1
    assert cli("check", str(binary), "--lang", "ja")[0] == 2
    err = capsys.readouterr().err
    assert f"{binary}: nimlab の証明書ではありません: UTF-8 のテキストではない" in err, err


def test_certificate_refused_without_a_proven_period(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "g.json"
    assert cli("period", "grundy-game", "--max-length", "500", "--certificate", str(target))[0] == 2
    assert "has none" in capsys.readouterr().err and not target.exists()
    assert cli("period", "octal:0.6", "--max-length", "500", "--certificate", str(target))[0] == 2
    assert "nothing to certify" in capsys.readouterr().err
    assert cli("period", "kayles", "--misere", "--certificate", str(target))[0] == 2


def test_check_refuses_work_or_a_file_over_the_limits(tmp_path: Path) -> None:
    """A certificate whose recomputation or reading would not fit is refused with the flag."""
    path = tmp_path / "kayles.json"
    assert main(["period", "kayles", "--certificate", str(path)], io.StringIO()) == 0
    out = io.StringIO()
    assert main(["check", str(path), "--max-states", "1000", "--json"], out) == 3
    assert "--max-states" in out.getvalue()
    out = io.StringIO()
    assert main(["check", str(path), "--max-memory", "1K", "--json"], out) == 3
    assert "--max-memory" in out.getvalue()
    assert main(["check", str(path)], io.StringIO()) == 0  # the default fits


@pytest.mark.parametrize(
    "limit", [["--max-states", "-5"], ["--max-states", "0"], ["--max-memory", "0"]]
)
def test_check_refuses_nonsense_limits_as_every_command_does(
    tmp_path: Path, limit: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kayles.json"
    assert main(["period", "kayles", "--certificate", str(path)], io.StringIO()) == 0
    assert main(["check", str(path), *limit], io.StringIO()) == 2
    assert "must be a positive integer" in capsys.readouterr().err


def test_check_reads_a_device_only_as_far_as_the_memory_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Found by the CLI audit: a device has size 0, so the size check passed and ``check
    /dev/zero`` read until the machine ran out of memory."""
    assert main(["check", "/dev/zero", "--max-memory", "1M"], io.StringIO()) == 3
    assert "--max-memory" in capsys.readouterr().err


def test_rare_on_a_game_of_another_shape_names_rare(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the CLI audit: ``rare wythoff`` said "sequence applies to heap games…"."""
    assert main(["rare", "wythoff", "--to", "100"], io.StringIO()) == 2
    assert capsys.readouterr().err.startswith("nimlab: rare applies to heap games")


def test_a_search_cut_by_max_length_names_max_length() -> None:
    # found by the audit of 2026-11-27: "raise --max-states" when --max-length was the bound
    out = io.StringIO()
    assert main(["period", "kayles", "--misere", "--max-length", "10"], out) == 0
    assert "no period found in the first 10 values (raise --max-length" in out.getvalue()


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        # once "--max-states" (with --max-memory 1, which now refuses the first 64 values:
        # the list they are held in is charged, see the test below)
        (["subtraction:squares", "--max-memory", "1000"], "--max-memory"),
        # 512 misère values were the default; the compiled kernel proves this one's period
        (["subtraction:1,1000", "--misere", "--max-length", "512"], "--max-length"),
        (["grundy-game", "--max-states", "5000"], "--max-states"),
    ],
)
def test_a_search_in_vain_names_the_limit_that_ended_it(argv: list[str], flag: str) -> None:
    # found by the CLI fuzz of 2026-11-27: a memory limit cut the search short and the
    # answer told the user to raise --max-states, which changed nothing
    out = io.StringIO()
    assert main(["period", *argv], out) == 0
    assert f"values (raise {flag} to look further)" in out.getvalue()


def test_a_period_search_with_no_room_for_its_first_values_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from nimlab.solve.context import Context

    with Context():  # none of the values kept from the tests before
        assert cli("period", "subtraction:squares", "--max-memory", "1")[0] == 3
    assert "raise the limit with --max-memory" in capsys.readouterr().err


def test_check_over_the_limit_names_the_steps_it_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it said "looks at about N options" where N counts the steps of the recomputation
    target = tmp_path / "kayles.json"
    assert cli("period", "kayles", "--certificate", str(target))[0] == 0
    assert cli("check", str(target), "--max-states", "10")[0] == 3
    err = capsys.readouterr().err
    assert "takes 1,402,800 steps of recomputing its values, over the limit of 10;" in err


def test_check_cuts_a_long_field_it_quotes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by the audit of 2026-11-27: a 5,000-character game name came back whole
    target = _broken(tmp_path, lambda c: c.__setitem__("game", "x" * 5000))
    code, text = cli("check", str(target), "--json")
    assert code == 1
    err = capsys.readouterr().err
    assert "(5,000 characters)" in err and len(err) < 300
    assert "(5,000 characters)" in json.loads(text)["reason"]


def test_a_misere_period_of_a_game_whose_moves_leave_one_heap_is_proven() -> None:
    """It was 'observed only' from 512 values, for subtraction games as for Kayles."""
    out = io.StringIO()
    assert main(["period", "subtraction:2,4,7", "--misere"], out) == 0
    text = out.getvalue()
    assert "preperiod 8, period 3, saltus 0" in text
    assert "proven by the window criterion on the misère values (a window of 7" in text
    out = io.StringIO()
    assert main(["--lang", "ja", "period", "octal:0.13", "--misere"], out) == 0
    assert "ミゼールの値の窓の判定法(3 個" in out.getvalue()
    out = io.StringIO()
    assert main(["period", "subtraction:2,4,7", "--misere", "--json"], out) == 0
    answer = json.loads(out.getvalue())
    assert answer["proven"] is True and answer["misere"] is True and answer["period"] == 3
