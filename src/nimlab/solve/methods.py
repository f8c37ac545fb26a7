"""How an answer was found, as a value, and its words in English and Japanese side by side.

A :class:`Method` names the theorem or engine (``oracle:wythoff-beatty``,
``sprague-grundy``, ``kernel:two-heap``, ``search``), with its parameters
and source; a Sprague–Grundy answer lists the methods that gave its parts.
Text comes only from :func:`render_method`, one rendering per language, kept
next to each other in :data:`RENDERERS`: a method kind without its Japanese
fails a test naming it. Nothing reads a rendered method back.

>>> m = search_method(12, misere=True)
>>> render_method(m, "en"), render_method(m, "ja")
('misère search of the game graph (12 positions)', 'ミゼールのゲームグラフ全探索(12 局面)')
>>> sg = sprague_grundy("heaps", (MEX,))
>>> render_method(sg, "ja")
'スプラグ・グランディの定理: 各山のグランディ数のニム和(1山ごとの mex 再帰)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nimlab.errors import InvalidOption


@dataclass(frozen=True)
class Method:
    """Which theorem or engine answers, with its parameters, source and parts.

    ``name`` is a stable identifier whose kind (before any ``:``) selects the
    renderer; ``title`` and ``source`` are the English words of a theorem,
    ``title_ja`` and ``source_ja`` its Japanese ones; ``parts`` are the methods
    that gave the parts of a Sprague–Grundy answer.

    >>> Method("search", "exhaustive search of the game graph").to_dict()["name"]
    'search'
    """

    name: str
    title: str
    source: str = ""
    parameters: tuple[tuple[str, Any], ...] = ()
    parts: tuple[Method, ...] = field(default=())
    title_ja: str = ""
    source_ja: str = ""

    @property
    def kind(self) -> str:
        return self.name.partition(":")[0]

    def parameter(self, key: str, default: Any = None) -> Any:
        return dict(self.parameters).get(key, default)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "source": self.source,
            "parameters": {k: v for k, v in self.parameters},
            "parts": [p.to_dict() for p in self.parts],
        }

    def __str__(self) -> str:
        return render_method(self, "en")


# -- the methods -----------------------------------------------------------------

MEX = Method("mex", "mex recursion over single heaps")
COMPILED_GRUNDY = Method("kernel:grundy", "compiled Grundy table")
SEARCH_PART = Method("search-part", "exhaustive search")


def search_method(positions: int, misere: bool = False) -> Method:
    """Exhaustive (or misère) search that visited ``positions`` positions."""
    name = "misere-search" if misere else "search"
    title = "misère search of the game graph" if misere else "exhaustive search of the game graph"
    return Method(name, title, parameters=(("positions", positions),))


def sprague_grundy(whole: str, parts: tuple[Method, ...]) -> Method:
    """The nim-sum of the ``whole``'s parts (``heaps`` or ``components``) and how each was found."""
    return Method(
        "sprague-grundy",
        "Sprague–Grundy: nim-sum of the parts' Grundy values",
        "Sprague 1935, Grundy 1939",
        (("whole", whole),),
        tuple(sorted(set(parts), key=lambda m: render_method(m, "en"))),
    )


def value_source(name: str, name_ja: str) -> Method:
    """A registered source of single-heap values (a closed form, a proven period)."""
    return Method("value-source", name, title_ja=name_ja)


def kernel_table(what: str) -> Method:
    """A compiled table: ``take-away states``, ``two-heap Grundy table`` or ``3-heap
    Grundy table`` / ``4-heap Grundy table``."""
    return Method("kernel:table", f"compiled {what}", parameters=(("what", what),))


def kernel_p_positions(heaps: int, max_heap: int, p_position: bool = False) -> Method:
    """The compiled table of the k-heap P-positions up to ``max_heap`` (``p_position``: the
    position is one of them, so its Grundy value is 0)."""
    parameters: tuple[tuple[str, Any], ...] = (("heaps", heaps), ("max_heap", max_heap))
    return Method(
        "kernel:p-positions",
        f"compiled table of the {heaps}-heap P-positions",
        parameters=(*parameters, ("p_position", True)) if p_position else parameters,
    )


# -- the words -------------------------------------------------------------------

Renderer = Callable[[Method], str]

_TABLES_JA = {
    "take-away states": "取り数制限ゲームの状態",
    "two-heap Grundy table": "2山のグランディ数表",
    "3-heap Grundy table": "3山のグランディ数表",
    "4-heap Grundy table": "4山のグランディ数表",
}


_SHAPES_JA = {
    "take-away": "取り数制限ゲーム",
    "k-heap": "k 山",
    "misere-one-heap": "ミゼールの 1 山",
    "misere-two-heap": "ミゼールの 2 山",
}


def _positions(m: Method) -> str:
    return f"{m.parameter('positions', 0):,}"


def _positions_en(m: Method) -> str:
    """``1 position``, ``12 positions``.

    >>> _positions_en(Method("search", "", parameters=(("positions", 1),)))
    '1 position'
    """
    count = m.parameter("positions", 0)
    return f"{count:,} position{'' if count == 1 else 's'}"


def _parts(m: Method, lang: str) -> str:
    joiner = "、" if lang == "ja" else "; "
    return joiner.join(render_method(p, lang) for p in m.parts) or render_method(MEX, lang)


RENDERERS: dict[str, dict[str, Renderer]] = {
    "oracle": {
        "en": lambda m: f"{m.title} ({m.source})",
        "ja": lambda m: f"{m.title_ja}({m.source_ja})" if m.title_ja else "",
    },
    "sprague-grundy": {
        "en": lambda m: (
            f"Sprague–Grundy: nim-sum of the {m.parameter('whole')}' Grundy values "
            f"({_parts(m, 'en')})"
        ),
        "ja": lambda m: (
            f"スプラグ・グランディの定理: 各{'山' if m.parameter('whole') == 'heaps' else '成分'}の"
            f"グランディ数のニム和({_parts(m, 'ja')})"
        ),
    },
    "search": {
        "en": lambda m: f"exhaustive search of the game graph ({_positions_en(m)})",
        "ja": lambda m: f"ゲームグラフの全探索({_positions(m)} 局面)",
    },
    "misere-search": {
        "en": lambda m: f"misère search of the game graph ({_positions_en(m)})",
        "ja": lambda m: f"ミゼールのゲームグラフ全探索({_positions(m)} 局面)",
    },
    "search-part": {"en": lambda m: "exhaustive search", "ja": lambda m: "全探索"},
    "mex": {
        "en": lambda m: "mex recursion over single heaps",
        "ja": lambda m: "1山ごとの mex 再帰",
    },
    "value-source": {"en": lambda m: m.title, "ja": lambda m: m.title_ja},
    "kernel": {
        "en": lambda m: _kernel_en(m),
        "ja": lambda m: _kernel_ja(m),
    },
    "criterion": {
        "en": lambda m: m.title,
        "ja": lambda m: _criterion_ja(m),
    },
    "period": {
        "en": lambda m: "values read off a proven period of the Grundy sequence",
        "ja": lambda m: "グランディ数列の証明済みの周期から読む",
    },
    "observed": {
        "en": lambda m: "a period observed in the computed values (not proven)",
        "ja": lambda m: "計算した値に見られた周期(証明ではない)",
    },
}
"""Per kind of method, its rendering in each language, side by side."""


def _kernel_en(m: Method) -> str:
    if m.name == "kernel:grundy":
        return "compiled Grundy table"
    if m.name == "kernel:p-positions":
        known = "a P-position: Grundy value 0" if m.parameter("p_position") else None
        return (
            f"compiled table of the {m.parameter('heaps')}-heap P-positions with heaps ≤ "
            f"{m.parameter('max_heap')} ({known or 'Grundy value not computed'})"
        )
    return f"{m.title} (nimlab.kernels)"


def _kernel_ja(m: Method) -> str:
    if m.name == "kernel:grundy":
        return "コンパイル済みのグランディ数表"
    if m.name == "kernel:p-positions":
        known = "P局面なのでグランディ数は 0" if m.parameter("p_position") else None
        return (
            f"山がすべて {m.parameter('max_heap')} 以下の {m.parameter('heaps')} 山の"
            f"P局面のコンパイル済み表({known or 'グランディ数は計算しない'})"
        )
    what = m.parameter("what")
    if what is None:  # a planned kernel, named by its shape: one-heap, 4-heap, take-away
        shape = m.name.partition(":")[2]
        heaps = {"one-heap": "1", "two-heap": "2"}.get(shape, shape.removesuffix("-heap"))
        what = (
            f"{heaps} 山のカーネル"
            if heaps.isdigit()
            else f"{_SHAPES_JA.get(shape, shape)}のカーネル"
        )
        return (
            f"コンパイル済みの {what}(nimlab.kernels)"
            if heaps.isdigit()
            else (f"コンパイル済みの{what}(nimlab.kernels)")
        )
    return f"コンパイル済みの{_TABLES_JA.get(str(what), str(what))}(nimlab.kernels)"


def _criterion_ja(m: Method) -> str:
    kind, t = m.parameter("kind"), m.parameter("parameter")
    if kind == "window":
        return f"max(S) 窓の判定法({t} 個の値の窓が繰り返す)"
    parts = m.parameter("parts")
    if kind == "guy-smith" and parts:
        return f"Guy–Smith の判定法の {parts} 山への一般化(t = {t})"
    if kind == "guy-smith":
        return f"Guy–Smith の判定法(t = {t})"
    if kind in ("residue", "misere-window", "misere-theorem"):
        return m.title_ja
    return "定理 G(n) = n(それより小さい値はすべて選べる)"


def criterion_method(
    kind: str, parameter: int, name: str, name_ja: str = "", parts: int = 2
) -> Method:
    """A periodicity criterion (its ``name`` and ``name_ja`` from the game's declaration).

    ``parts``: the most heaps a move leaves, for Guy–Smith (named only when not 2).
    """
    more = (("parts", parts),) if parts != 2 else ()
    parameters = (("kind", kind), ("parameter", parameter), *more)
    return Method(f"criterion:{kind}", name, parameters=parameters, title_ja=name_ja)


def render_method(method: Method, lang: str) -> str:
    """The words of ``method`` in ``lang`` (``en`` or ``ja``)."""
    given: object = method  # from a notebook, anything at all
    if not isinstance(given, Method):
        raise TypeError(
            f"render_method takes a Method (a plan step's .method), not {type(given).__name__}"
        )
    words = RENDERERS.get(method.kind)
    if words is None or lang not in words:
        raise InvalidOption(
            f"no {lang} words for the method kind {method.kind!r}",
            ja=f"方法の種類 {method.kind!r} に {lang} の言葉がありません",
        )
    text = words[lang](method)
    if not text:
        raise InvalidOption(
            f"no {lang} words for the method {method.name!r}",
            ja=f"方法 {method.name!r} に {lang} の言葉がありません",
        )
    return text
