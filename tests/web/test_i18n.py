"""Both languages have every text; the language is chosen from the query, cookie or browser."""

from __future__ import annotations

import re

import pytest

from nimlab.web import i18n


def test_every_text_exists_in_both_languages_with_the_same_fields() -> None:
    for key, (en, ja) in i18n.UI.items():
        assert en.strip() and ja.strip(), key
        assert set(re.findall(r"{(\w+)", en)) == set(re.findall(r"{(\w+)", ja)), key


def test_japanese_texts_are_japanese() -> None:
    same = {key for key, (en, ja) in i18n.UI.items() if en == ja}
    assert same <= {"nav.api", "docs.title"}


@pytest.mark.parametrize(
    ("query", "cookie", "accept", "lang"),
    [
        ("ja", "en", None, "ja"),
        (None, "ja", "en", "ja"),
        ("xx", "en", "ja", "en"),
        (None, None, "ja-JP,ja;q=0.9", "ja"),
        (None, None, "en-US,ja;q=0.5", "en"),
        (None, None, None, "en"),
    ],
)
def test_choose(query: str | None, cookie: str | None, accept: str | None, lang: str) -> None:
    assert i18n.choose(query, cookie, accept) == lang


def test_formatting() -> None:
    assert i18n.t("en", "pp.count", count=1234) == "1,234 P-positions"
    assert i18n.table("ja")["nav.catalogue"] == "ゲーム一覧"
