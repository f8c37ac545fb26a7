"""Errors: statuses by kind and one-line messages naming the field."""

from __future__ import annotations

from fastapi.exceptions import RequestValidationError

from nimlab.web import errors


def test_statuses() -> None:
    assert errors.STATUS["invalid_game"] == errors.STATUS["illegal_move"] == 400
    assert errors.STATUS["too_large"] == 413 and errors.STATUS["busy"] == 503


def test_error_json_shape() -> None:
    response = errors.error_json(503, "busy", "try again")
    assert response.status_code == 503 and response.headers["retry-after"] == "1"
    assert response.body == b'{"error":{"kind":"busy","message":"try again","field":null}}'


def test_validation_messages_name_the_field() -> None:
    error = RequestValidationError(
        [{"type": "less_than_equal", "loc": ("query", "size"), "msg": "Input should be ≤ 100"}]
    )
    assert errors.validation_message(error) == ("size: Input should be ≤ 100", "size")
    missing = RequestValidationError([{"type": "missing", "loc": ("query", "game"), "msg": "x"}])
    assert errors.validation_message(missing) == ("game: is required", "game")
    nested = RequestValidationError([{"type": "x", "loc": ("body", "moves", 3), "msg": "bad"}])
    assert errors.validation_message(nested) == ("moves.3: bad", "moves.3")


def test_error_json_speaks_the_language_asked_for() -> None:
    response = errors.error_json(
        400, "invalid_game", "no such game", "game", "そのゲームはありません", "ja"
    )
    assert response.body.decode() == (
        '{"error":{"kind":"invalid_game","message":"そのゲームはありません","field":"game"}}'
    )
    english = errors.error_json(
        400, "invalid_game", "no such game", "game", "そのゲームはありません", "en"
    )
    assert b"no such game" in english.body
    fallback = errors.error_json(400, "invalid_game", "no such game", "game", "", "ja")
    assert b"no such game" in fallback.body  # no Japanese: the English, never an empty message


def test_validation_messages_in_japanese_name_the_field() -> None:
    missing = RequestValidationError([{"type": "missing", "loc": ("query", "game"), "msg": "x"}])
    assert errors.validation_message(missing, "ja") == ("game: 必須です", "game")
    error = RequestValidationError(
        [{"type": "less_than_equal", "loc": ("query", "size"), "msg": "Input should be ≤ 100"}]
    )
    text, field = errors.validation_message(error, "ja")
    assert field == "size" and text.startswith("size: 値が受け付けられません") and "≤ 100" in text
    with_bound = RequestValidationError(
        [{"type": "less_than_equal", "loc": ("query", "size"), "msg": "x", "ctx": {"le": 100}}]
    )
    assert errors.validation_message(with_bound, "ja") == ("size: 100 以下の値です", "size")
    not_int = RequestValidationError([{"type": "int_parsing", "loc": ("query", "max"), "msg": "x"}])
    assert errors.validation_message(not_int, "ja") == ("max: 整数で与えてください", "max")


def test_a_string_too_long_is_said_in_nimlabs_words() -> None:
    # found by the web audit: "start: String should have at most 2000 characters"
    error = RequestValidationError(
        [
            {
                "type": "string_too_long",
                "loc": ("body", "start"),
                "msg": "String should have at most 2000 characters",
                "input": "1" * 2001,
                "ctx": {"max_length": 2000},
            }
        ]
    )
    assert errors.validation_message(error) == (
        "start: 2,001 characters is too long; at most 2,000",
        "start",
    )
    assert errors.validation_message(error, "ja")[0] == (
        "start: 2,001 文字は長すぎます。2,000 文字までです"
    )


def test_a_range_check_names_what_is_accepted_and_what_was_given() -> None:
    """pydantic said "to: Input should be less than or equal to 10000", and not what was
    given."""
    error = RequestValidationError(
        [
            {
                "type": "greater_than_equal",
                "loc": ("query", "size"),
                "msg": "Input should be greater than or equal to 1",
                "input": "0",
                "ctx": {"ge": 1},
            }
        ]
    )
    assert errors.validation_message(error) == ("size: at least 1 is accepted, got 0", "size")
    in_japanese = ("size: 1 以上の値です（0 が与えられた）", "size")
    assert errors.validation_message(error, "ja") == in_japanese
    huge = RequestValidationError(
        [
            {
                "type": "less_than_equal",
                "loc": ("query", "to"),
                "msg": "x",
                "input": "9" * 40,
                "ctx": {"le": 10000},
            }
        ]
    )
    text, _ = errors.validation_message(huge)
    assert text == "to: at most 10000 is accepted, got " + "9" * 20 + "..."


def test_a_fieldless_unknown_check_speaks_the_language_asked_for() -> None:
    """The range-check change put the Japanese fallback for a check with no field under the
    English branch: English got "リクエストが受け付けられません…", Japanese lost it."""
    error = RequestValidationError([{"type": "odd_check", "loc": ("body",), "msg": "odd"}])
    assert errors.validation_message(error) == ("odd", None)
    assert errors.validation_message(error, "ja") == ("リクエストが受け付けられません（odd）", None)
