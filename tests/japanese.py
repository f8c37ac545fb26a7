"""A scan for English left in Japanese text: the words of English, and what both languages share.

The tests of the command line (``tests/cli/test_japanese_everywhere.py``) and of
the web pages (``tests/web/test_japanese_pages.py``) run it on what a reader
sees under ``--lang ja`` / ``?lang=ja``.
"""

from __future__ import annotations

import re

ENGLISH = re.compile(
    r"\b(the|of|with|and|by|for|from|is|are|not|no|none|at|to|in|on|or|be|has|have|"
    r"values?|heaps?|states?|proven|observed|rare|below|wild|tame|plan|cost|compiled|search|"
    r"positions?|moves?|winning|losing|rows?|columns?|checked|computed|found|largest|mask|"
    r"periodic|period|preperiod|saltus|criterion|window|table|sequence|game|games|"
    r"theorem|proposition|seed|unknown|optional|bytes|most|least|each|every|take|split|"
    r"delete|misère|misere|outcome|wins?|loses?|player|move|valid|certificate)\b",
    re.IGNORECASE,
)
SAME_IN_BOTH = re.compile(
    r"\S*[:\-./\\_{}=]\S*"  # specs, options, file names, formulas, code (take-and-break, --to)
    r"|Winning Ways|Bouton|Conway|Wythoff|Whinihan|Schwenk|Sprague|Grundy|Guy–Smith|Abuku"
    r"|Suetsugu|nimlab|\bAND\b|\bmex\b|remoteness"
    r"|\b[a-h][a-h0-9^]* = [a-h0-9^]+"  # the relations of a misère quotient: be = bc
    r"|`[^`]*`"  # a command quoted: `nimlab games`
    r"|『[^』]*』"  # the title of a work, kept as published
    r"|^\s*(game|position|size|max|heaps|moves(\.\d+)?|lang|start): "  # a field named
)


def english_left(text: str) -> list[str]:
    """The lines of ``text`` with an English word once what both languages share is removed."""
    return [line for line in text.splitlines() if ENGLISH.search(SAME_IN_BOTH.sub(" ", line))]
