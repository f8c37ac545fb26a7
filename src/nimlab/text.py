"""Messages that quote what was sent: never a whole (possibly huge) input echoed.

An error message may quote its input (``heap 'x' is not an integer``). The web
app cuts every long run of text inside a message to a short prefix and an
ellipsis, and the whole message to a bounded length, so a 45 KB input cannot
come back in the answer; the command line does the same with longer bounds
(:data:`CLI_ECHO`, :data:`CLI_MESSAGE`: paths stay whole).

>>> shorten("heap '" + "3" * 100 + "' is not an integer")
"heap '333333333333333333333333333333333333333333333333333333333333…' is not an integer"
>>> shorten("ok: short words stay")
'ok: short words stay'
>>> len(shorten("1 " * 5_000)) <= MAX_MESSAGE + 1
True
>>> said = "ミゼール商はこの局面の勝敗をすぐに与えますが、必勝手を挙げるには各山の選択肢を列挙"
>>> shorten(said) == said, shorten("山 " + "9" * 100 + "個").endswith("9…個")
(True, True)
"""

from __future__ import annotations

import re

ECHO = 60
"""Characters of one long run of text (a quoted input) kept in a message."""
MAX_MESSAGE = 1000
"""Characters of a whole message (a refusal with its note and the operator's flag runs to
about 500)."""
JAPANESE = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
"""Japanese script and punctuation: a Japanese sentence has no spaces, so a run of these is
prose, not an input (a run of other characters inside it is still cut)."""
ELLIPSIS = "…"
CLI_ECHO = 300
"""…and on the command line."""
CLI_MESSAGE = 4000
_QUOTES = "'\"`"


def _cut(match: re.Match[str], echo: int) -> str:
    run = match.group(0)
    keep = echo + (run[0] in _QUOTES)
    if len(run) <= keep + 1:
        return run
    end = run[-1] if run[0] in _QUOTES and run[-1] == run[0] else ""
    if end == "" and len(run) > 1 and run[-2] in _QUOTES and run[-1] in ",.;:)]}":
        end = run[-2:]  # keep a quote and the punctuation after it: '…',
    return run[:keep] + ELLIPSIS + end


def shorten(message: str, echo: int = ECHO, most: int = MAX_MESSAGE) -> str:
    """``message`` with every run of over ``echo`` characters that are neither spaces nor
    Japanese script cut, at most ``most`` characters in all (by default the web app's 60
    and 1,000)."""
    run = re.compile(rf"[^\s{JAPANESE}]{{{echo + 1},}}")
    message = run.sub(lambda match: _cut(match, echo), message)
    if len(message) > most:
        message = message[:most] + ELLIPSIS
    return message


LONG_ECHO = 2 * ECHO
"""An input quoted in an error is shown whole up to this many characters, else cut to
its first :data:`ECHO` and its length (:func:`cut_echoes`)."""
_LONG = LONG_ECHO + 1
_ECHOED = re.compile(
    rf"(?<![\w'])'([^'\n]{{{_LONG},}})'(?!\w)"  # 'a quoted input'
    rf'|(?<![\w"])"([^"\n]{{{_LONG},}})"(?!\w)'  # "one with a ' in it"
    r"|(?<![^\s(（])([^\s+'\"]++(?: \+ [^\s+'\"]++)++)"  # a sum: nim + nim + ...
    rf"|(?<![!-~])([!-~]{{{_LONG},}})"  # a run of ASCII: a spec, a number
)
"""Inputs in a message (a sum's length is checked when it is found). Each alternative
starts only where its text starts: a long run is read once, not once from each character."""


def cut_echoes(message: str, lang: str = "en") -> str:
    """``message`` with every input it quotes at most :data:`LONG_ECHO` characters long:
    a longer one is cut to its first :data:`ECHO` characters, an ellipsis and its length.

    Every :class:`~nimlab.errors.NimlabError` cuts its message so (in both languages), so
    no front end echoes a position or a sum of thousands of characters whole.

    >>> print(cut_echoes("bad position '" + "3," * 1000 + "x' for nim"))
    bad position '3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,…'
    (2,001 characters) for nim
    >>> print(cut_echoes(" + ".join(["nim"] * 500) + " の局面 '3' が不正です", "ja"))
    nim + nim + nim + nim + nim + nim + nim + nim + nim + nim + …（2,997 文字）
    の局面 '3' が不正です
    >>> cut_echoes("heap 'x' of Conway's game: short inputs stay whole")
    "heap 'x' of Conway's game: short inputs stay whole"
    """

    def cut(match: re.Match[str]) -> str:
        text = next(g for g in match.groups() if g is not None)
        if len(text) <= LONG_ECHO:
            return match.group(0)
        quote = match.group(0)[0] if match.group(0) != text else ""
        after = ""  # the punctuation after an unquoted input stays: "for nim + nim…:"
        while not quote and text[-1] in ",.;:)]}":
            text, after = text[:-1], text[-1] + after
        note = f"（{len(text):,} 文字）" if lang == "ja" else f" ({len(text):,} characters)"
        return quote + text[:ECHO] + ELLIPSIS + quote + note + after

    return _ECHOED.sub(cut, message)


USER_ERROR = 200
"""Characters of a user's exception (``--rules`` code) said in a message."""


def user_error(error: BaseException) -> str:
    """``Type: text`` of an exception raised by a user's code, on one line of at most
    :data:`USER_ERROR` characters (its text may be long, or span lines).

    >>> user_error(ValueError("x\\ny"))
    'ValueError: x y'
    >>> len(user_error(ValueError("boom " * 100))) <= USER_ERROR + 1
    True
    """
    said = " ".join(f"{type(error).__name__}: {error}".split())
    return said if len(said) <= USER_ERROR else said[:USER_ERROR] + ELLIPSIS


def quoted(value: object) -> str:
    """``repr(value)`` for a message, which Python refuses for an int of over 4,300 digits:
    such an int is shown by its size, inside tuples and lists too.

    >>> quoted((3, 10**5000))
    '(3, <a number of 5,001 digits>)'
    >>> quoted([10**4400]), quoted("x")
    ('[<a number of 4,401 digits>]', "'x'")
    """
    try:
        return repr(value)
    except ValueError:
        if isinstance(value, int):
            digits = int(value.bit_length() * 0.30103)
            digits += 10**digits <= abs(value)  # the estimate is low by at most one
            return f"<a {'negative ' if value < 0 else ''}number of {digits:,} digits>"
        if isinstance(value, (tuple, list)):
            inner = ", ".join(quoted(v) for v in value)
            if isinstance(value, list):
                return f"[{inner}]"
            return f"({inner},)" if len(value) == 1 else f"({inner})"
        return f"<{type(value).__name__} too large to show>"


_MARKDOWN = re.compile(r"([\\`*_\[\]|~#])")


def fenced(text: str) -> str:
    """``text`` as a Markdown code block, fenced by more backticks than any run inside it
    (a user's game name may hold three).

    >>> print(fenced("a ``` b"))
    ````
    a ``` b
    ````
    """
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text}\n{fence}"


def markdown(text: str) -> str:
    """``text`` (a name a user gave) as literal Markdown: HTML and emphasis marks escaped,
    so a notebook shows the name and runs nothing.

    >>> print(markdown("<script>x</script> *a*"))
    &lt;script&gt;x&lt;/script&gt; \\*a\\*
    """
    import html  # (its entity tables cost start-up; a notebook asks for them)

    return _MARKDOWN.sub(r"\\\1", html.escape(text, quote=False))
