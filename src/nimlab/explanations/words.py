"""The words of explanations in English and Japanese (the seeds' own terms).

>>> say("ja", "{n} stones", "石が{n}個", n=3)
'石が3個'
>>> outcome_words("P", "ja")
'後手必勝（P 局面：手番のプレイヤーが負ける）'
"""

from __future__ import annotations

from nimlab.errors import InvalidOption

LANGUAGES = ("en", "ja")


def check_lang(lang: str) -> str:
    """``lang`` if it is a supported language, else ``InvalidOption`` naming them."""
    if lang not in LANGUAGES:
        raise InvalidOption(f"unknown language {lang!r}; accepted: {', '.join(LANGUAGES)}")
    return lang


def say(lang: str, en: str, ja: str, **values: object) -> str:
    """The sentence in ``lang``, with ``values`` filled in."""
    return (ja if lang == "ja" else en).format(**values)


def outcome_words(outcome: str, lang: str) -> str:
    """What P and N mean, in the seeds' terms (先手必勝 / 後手必勝)."""
    if outcome == "N":
        return say(
            lang,
            "N-position: the player to move wins",
            "先手必勝（N 局面：手番のプレイヤーが勝つ）",
        )
    return say(
        lang,
        "P-position: the player to move loses (the previous player wins)",
        "後手必勝（P 局面：手番のプレイヤーが負ける）",
    )


def binary_column(values: list[int], total: int, lang: str, label: str = "⊕") -> list[str]:
    """Seed 003's column addition without carries: each value in binary, then their nim-sum."""
    width = max(1, *(v.bit_length() for v in [*values, total]))
    number = max(len(str(v)) for v in [*values, total])
    lines = [f"  {v:>{number}} = {v:0{width}b}" for v in values]
    lines.append(f"{label} {'':>{number}}   {'─' * width}")
    name = say(lang, "nim-sum", "ニム和")
    lines.append(f"  {total:>{number}} = {total:0{width}b}   ({name})")
    return lines


_MOVES = [
    (r"take (\d+) from the heap of (\d+)", "{1} 個の山から {0} 個取る"),
    (
        r"take (\d+) from the heap of (\d+), leaving \((\d+), (\d+)\)",
        "{1} 個の山から {0} 個取り ({2}, {3}) にする",
    ),
    (
        r"take (\d+) from both heaps, leaving \((\d+), (\d+)\)",
        "両方の山から {0} 個ずつ取り ({1}, {2}) にする",
    ),
    (
        r"take (\d+) \(the opponent may then take up to (\d+)\)",
        "{0} 個取る（相手は次に {1} 個まで取れる）",
    ),
    (
        r"take (\d+) from the heap of (\d+), leaving (\d+)\+(\d+)",
        "{1} 個の山から {0} 個取り {2}+{3} に分ける",
    ),
    (r"take the whole heap of (\d+)", "{0} 個の山を全部取る"),
    (r"replace the heap of (\d+) by ([\d+]+)", "{0} 個の山を {1} に置き換える"),
    (r"remove the heap of (\d+)", "{0} 個の山を取り除く"),
    (r"split the heap of (\d+) into (\d+)\+(\d+)", "{0} 個の山を {1}+{2} に分ける"),
    (r"split (.+), delete (.+)", "{0} に分割し、{1} を削除する"),
    (r"delete (.+), split (.+)", "{0} を削除し、{1} に分割する"),
]


def move_words(text: str, lang: str) -> str:
    """A move's description (as rulesets write it, in English) in ``lang``."""
    if lang != "ja":
        return text
    import re

    prefix = ""
    sum_part = re.fullmatch(r"in (.+) \(component (\d+)\): (.+)", text)
    if sum_part:
        prefix = f"{sum_part.group(1)}（成分 {sum_part.group(2)}）で "
        text = sum_part.group(3)
    for pattern, ja in _MOVES:
        match = re.fullmatch(pattern, text)
        if match:
            groups = [
                g.replace(" into ", " を ").replace(", ", "、").replace(" and ", "、")
                for g in match.groups()
            ]
            return prefix + ja.format(*groups)
    return prefix + text
