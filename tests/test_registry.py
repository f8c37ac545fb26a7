"""Spec strings: parsing, canonical printing, aliases, sums and every malformed form."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.errors import InvalidGame
from nimlab.registry import FAMILIES, Family, game, names, register


@pytest.mark.parametrize(
    ("spec", "canonical"),
    [
        ("nim", "nim"),
        (" NIM ", "nim"),
        ("subtraction:7,2,4", "subtraction:2,4,7"),
        ("subtraction:3,3,1", "subtraction:1,3"),
        ("subtraction: 2 , 4", "subtraction:2,4"),
        ("octal:.77", "octal:0.77"),
        ("octal:0.770", "octal:0.77"),
        ("octal:4", "octal:4.0"),
        ("kayles", "octal:0.77"),
        ("dawson-kayles", "octal:0.07"),
        ("take-le-prev", "take-away:1"),
        ("fibonacci-nim", "take-away:2"),
        ("take-away:5", "take-away:5"),
        ("split-delete-nim:HALF", "split-delete-nim:half"),
        ("delete-nim:all-but-one", "delete-nim:all-but-one"),
        ("nim+kayles", "nim + octal:0.77"),
        ("nim + (wythoff)".replace("(", "").replace(")", ""), "nim + wythoff"),
    ],
)
def test_canonical_spec(spec: str, canonical: str) -> None:
    assert game(spec).spec == canonical
    assert game(canonical) == game(spec)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nimm", "did you mean 'nim'"),
        ("wytoff", "did you mean 'wythoff'"),
        ("zzz", "unknown game 'zzz'"),
        ("", "empty game name"),
        ("subtraction", "non-empty set"),
        ("subtraction:", "non-empty set"),
        ("subtraction:0", "not a positive integer"),
        ("subtraction:-3", "not a positive integer"),
        ("subtraction:a", "not an integer"),
        ("subtraction:1,,2", "not an integer"),
        ("octal", "needs a code"),
        ("octal:0.8", "malformed octal code"),
        ("octal:2.7", "must be 0 or 4"),
        ("octal:0.0", "no move"),
        ("octal:abc", "malformed octal code"),
        ("take-away", "multiplier"),
        ("take-away:0", "C ≥ 1"),
        ("take-away:-1", "C ≥ 1"),
        ("take-away:1.5", "not an integer"),
        ("nim:3", "takes no parameters"),
        ("kayles:2", "takes no parameters"),
        ("split-delete-nim", "needs a variant"),
        ("split-delete-nim:all-but-one", "accepted: single, half"),
        ("delete-nim:double", "accepted: single, half, less-than-half, all-but-one"),
        ("nim + ", "empty game name"),
    ],
)
def test_malformed_specs(spec: str, message: str) -> None:
    with pytest.raises(InvalidGame, match=message):
        game(spec)


def test_non_string_spec_is_refused_and_rulesets_pass_through() -> None:
    with pytest.raises(InvalidGame):
        game(3)  # type: ignore[arg-type]
    w = nimlab.Wythoff()
    assert game(w) is w


def test_names_lists_families_and_aliases() -> None:
    assert {"nim", "kayles", "fibonacci-nim", "delete-nim"} <= set(names())


def test_register_refuses_duplicates_and_adds_families() -> None:
    family = FAMILIES["nim"]
    with pytest.raises(ValueError, match="already registered"):
        register(family)
    mine = Family(
        "test-only-game", lambda p: nimlab.Subtraction((1, 4)), None, "rule", "-", "x", "1", "s"
    )
    try:
        register(mine)
        assert game("test-only-game") == nimlab.Subtraction((1, 4))
    finally:
        FAMILIES.pop("test-only-game")


def test_family_to_dict_is_what_games_json_prints() -> None:
    from nimlab.registry import FAMILIES

    octal = FAMILIES["octal"].to_dict()
    assert octal["aliases"] == {"kayles": "octal:0.77", "dawson-kayles": "octal:0.07"}
    assert set(octal) == {
        "name",
        "parameter",
        "aliases",
        "seed",
        "rule",
        "strategy",
        "example",
        "position",
        "facts",
    }
