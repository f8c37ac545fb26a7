"""Every sentence the command line prints, in English and Japanese side by side.

One catalogue for the commands' text, the terminal game and the plots' labels:
:data:`MESSAGES` maps a key to its ``(English, Japanese)`` pair, filled in with
:func:`say`. Library errors carry their Japanese at the place they are raised
(``NimlabError(..., ja=...)``), and argparse's own messages are translated
through :data:`ARGPARSE_JA`, keyed by argparse's message ids. A key without both
renderings is a test failure that names it. This module imports nothing heavy:
the command line reads it on every start.

>>> say("play.you_win", "en")
'No move is left for the computer: you win!'
>>> say("play.undone", "ja", k=2, pos="3,4")
'2 手戻しました。局面 3,4'
>>> plural(1, "move"), plural(3, "move")
('1 move', '3 moves')
"""

from __future__ import annotations

import os

LANGUAGES = ("en", "ja")
"""The languages every message has."""

ENV = "NIMLAB_LANG"
"""The environment variable that sets the default language of ``--lang``."""


def default_lang() -> str:
    """``$NIMLAB_LANG`` if it names a language of :data:`LANGUAGES`, else English.

    >>> import os
    >>> os.environ.pop(ENV, None) and None
    >>> default_lang()
    'en'
    """
    value = os.environ.get(ENV, "").strip().lower()
    return value if value in LANGUAGES else "en"


def say(key: str, lang: str, **values: object) -> str:
    """The message ``key`` in ``lang`` (English for any other), with ``values`` filled in."""
    en, ja = MESSAGES[key]
    return (ja if lang == "ja" else en).format(**values)


class Said(str):
    """English text that carries its Japanese: help texts of the command line.

    It *is* the English string (argparse and anything else read it as one);
    the help formatter of :mod:`nimlab.cli.options` prints :attr:`ja` under
    ``--lang ja``. Made by :func:`both`.
    """

    ja: str


def both(en: str, ja: str) -> str:
    """``en`` carrying ``ja`` (a :class:`Said`): one text of the command's help, side by side.

    >>> text = both("misère play", "ミゼール（最後に取った方が負け）")
    >>> text == "misère play", in_lang(text, "ja")
    (True, 'ミゼール（最後に取った方が負け）')
    """
    said = Said(en)
    said.ja = ja
    return said


def in_lang(text: str, lang: str) -> str:
    """``text`` in ``lang``: its Japanese if it is a :class:`Said` that has one, else itself."""
    if lang == "ja" and isinstance(text, Said) and text.ja:
        return text.ja
    return str(text)


def count(n: int, unit: str, lang: str) -> str:
    """``n`` things in ``lang``: the catalogue's ``unit.NAME`` (one) or ``unit.NAMEs`` (more).

    >>> count(1, "heap", "en"), count(3, "heap", "en"), count(3, "heap", "ja")
    ('1 heap', '3 heaps', '山 3 個')
    """
    return say(f"unit.{unit}" + ("" if n == 1 else "s"), lang, n=n)


def plural(n: int, noun: str) -> str:
    """``1 move``, ``2 moves``, with thousands separated: English counts.

    >>> plural(1234, "stone")
    '1,234 stones'
    """
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


MESSAGES: dict[str, tuple[str, str]] = {
    # -- errors and the command line itself --
    "cli.error": ("nimlab: {message}", "nimlab: {message}"),
    "cli.interrupted": ("nimlab: interrupted", "nimlab: 中断しました"),
    "cli.see_help": ("{message} (see `{prog} --help`)", "{message}（`{prog} --help` を参照）"),
    "cli.stdout_closed": (
        "standard output is closed; redirect it to a file or to /dev/null instead",
        "標準出力が閉じています。ファイルか /dev/null にリダイレクトしてください",
    ),
    "cli.out_of_memory": (
        "ran out of memory; ask for less, or lower --max-states",
        "メモリが足りません。問いを小さくするか、--max-states を下げてください",
    ),
    "cli.user_threads": (
        "nimlab: the rules' code left a thread running; nimlab ends without waiting for it",
        "nimlab: ルールのコードがスレッドを残しています。終了を待たずに nimlab を終えます",
    ),
    "cli.abbreviated": (
        "; options are written in full: did you mean {options}?",
        "。オプションは省略せずに書きます: {options} のことですか？",
    ),
    "cli.cannot_write": ("cannot write {what}: {reason}", "{what} に書き込めません: {reason}"),
    "cli.stdout": ("standard output", "標準出力"),
    "limit.raise_with": ("; raise the limit with {name}", "。上限は {name} で引き上げられます"),
    "limit.raise_field": (
        "; raise the limit Limits.{field}",
        "。上限は Limits.{field} で引き上げられます",
    ),
    "arg.not_integer": ("{text!r} is not an integer", "{text!r} は整数ではありません"),
    "arg.too_many_digits": (
        "{text}... has more than 100 digits",
        "{text}... は 100 桁を超えています",
    ),
    "arg.not_size": (
        "{text!r} is not a size such as 4G, 512M or 100000000",
        "{text!r} は 4G、512M、100000000 のような大きさではありません",
    ),
    "arg.not_positive": (
        "{text!r} is not an integer ≥ 1",
        "{text!r} は 1 以上の整数ではありません",
    ),
    "arg.not_natural": ("{text!r} is not an integer ≥ 0", "{text!r} は 0 以上の整数ではありません"),
    "arg.digits_over": (
        "{text!r} has {digits:,} digits; at most {most} are accepted here",
        "{text!r} は {digits:,} 桁あります。ここでは {most} 桁までです",
    ),
    "arg.not_seconds_number": (
        "{text!r} is not a number of seconds such as 60 or 2.5",
        "{text!r} は 60 や 2.5 のような秒数ではありません",
    ),
    "arg.not_count": (
        "{text!r} is not an integer from {least} to {most}",
        "{text!r} は {least} から {most} までの整数ではありません",
    ),
    "arg.not_counts": (
        "{text!r} is not a list of integers like 2,3 (each from 0 to {most})",
        "{text!r} は 2,3 のような整数の並び（それぞれ 0 から {most} まで）ではありません",
    ),
    "arg.not_seconds": (
        "{text!r}: give seconds in (0, 3600]",
        "{text!r}: 秒数は (0, 3600] の範囲で与えてください",
    ),
    "arg.not_integer_digits": (
        "{text!r} is not an integer (at most 100 digits)",
        "{text!r} は整数（100 桁まで）ではありません",
    ),
    # -- analyze --
    "outcome.N": (
        "N — the player to move wins",
        "N — 先手必勝（手番のプレイヤーが勝つ）",
    ),
    "outcome.P": (
        "P — the player to move loses (the previous player wins)",
        "P — 後手必勝（手番のプレイヤーが負ける）",
    ),
    "analyze.outcome": ("  outcome     {value}", "  勝敗        {value}"),
    "analyze.grundy": ("  grundy      {value}", "  グランディ数 {value}"),
    "analyze.remoteness": ("  remoteness  {value}", "  終局までの手数 {value}"),
    "analyze.method": ("  method      {value}", "  方法        {value}"),
    "analyze.unknown": ("unknown", "不明"),
    "analyze.no_remoteness": (
        "not computed (search over --remoteness-states, or --max-states if lower)",
        "未計算（探索が --remoteness-states か、それより小さければ --max-states を超える）",
    ),
    "analyze.winning_moves": ("  winning moves:", "  必勝手:"),
    "analyze.some_winning_moves": ("  winning moves (some of them):", "  必勝手（その一部）:"),
    "analyze.no_winning_move_P": (
        "  winning moves: none — every move leads to an N-position",
        "  必勝手: なし — どの手も N 局面（先手必勝）に移る",
    ),
    "analyze.more_moves": (
        "    … and {more} more (--json lists them all)",
        "    …ほかに {more} 手（--json ですべて表示）",
    ),
    "analyze.no_winning_move_found": ("  winning moves: none found", "  必勝手: 見つからない"),
    # -- games --
    "games.parameter": ("    parameter  {value}", "    パラメータ {value}"),
    "games.aliases": ("    aliases    {value}", "    別名       {value}"),
    "games.seed": ("    seed       {value}", "    シード文書 {value}"),
    "games.known": ("    known      {value}", "    既知       {value}"),
    "games.rules": ("From --rules: {value}", "--rules で定義: {value}"),
    "games.try": ("    try        {value}", "    試す       {value}"),
    "games.sums": (
        "Sums: join games with '+', e.g. nimlab analyze 'nim + kayles' '3,4 + 5'",
        "ゲームの和: '+' でつなぐ。例 nimlab analyze 'nim + kayles' '3,4 + 5'",
    ),
    # -- sequence, period, table, ppositions --
    "sequence.header": (
        "{game}: {kind} of {what}, n = {start}..{stop}",
        "{game}: {what}の{kind}、n = {start}..{stop}",
    ),
    "sequence.empty": (
        "{game}: no {kind} of {what} (--from {start} is not below --to {stop})",
        "{game}: {what}の{kind}はありません（--from {start} が --to {stop} 未満ではない）",
    ),
    "sequence.fresh": ("fresh games of n stones", "石 n 個の最初の局面"),
    "sequence.heaps": ("single heaps of n", "n 個の山 1 つ"),
    "sequence.grundy": ("Grundy values G(n)", "グランディ数 G(n)"),
    "sequence.misere": ("misère Grundy values", "ミゼールのグランディ数"),
    "period.none": (
        "{game}: no period found in the first {checked:,} values (raise {flag} to look further)",
        "{game}: 最初の {checked:,} 個の値に周期は見つからない（さらに調べるには {flag} を上げる）",
    ),
    "period.found": (
        "{game}: {kind} with preperiod {preperiod}, period {period}, saltus {saltus}",
        "{game}: {kind}。前周期 {preperiod}、周期 {period}、増分 {saltus}",
    ),
    "period.arithmetic": ("arithmetic periodic", "算術周期的"),
    "period.periodic": ("periodic", "周期的"),
    "period.proven": ("proven by the {criterion}", "{criterion}で証明済み"),
    "period.observed": ("observed only — no theorem checked", "観察のみ — 定理は確認していない"),
    "period.computed": (
        "  {proof}; {checked:,} values computed",
        "  {proof}。{checked:,} 個の値を計算",
    ),
    "period.misere": ("misère Grundy values: ", "ミゼールのグランディ数: "),
    "table.header": (
        "{game}: {kind} of ⟨a, b⟩ (rows a, columns b)",
        "{game}: ⟨a, b⟩ の{kind}（行 a、列 b）",
    ),
    "table.caption": (
        "{game}: {kind} of ⟨a, b⟩, rows a, columns b",
        "{game}: ⟨a, b⟩ の{kind}、行 a、列 b",
    ),
    "table.relabelled": (
        " — every heap keeps a stone: ⟨a, b⟩ here is the origin-0 ⟨a−1, b−1⟩",
        " — どの山にも石が 1 個残る規則: ここでの ⟨a, b⟩ は原点 0 の ⟨a−1, b−1⟩",
    ),
    "ppositions.caption": (
        "{game}: P-positions with {heaps} heaps, every heap ≤ {max}",
        "{game}: 山 {heaps} 個、どの山も {max} 以下の P 局面",
    ),
    "ppositions.column": ("heap {i}", "山 {i}"),
    "matrix.caption": (
        "{game}: the c ≤ {max} with ⟨a, b, c⟩ a {what}",
        "{game}: ⟨a, b, c⟩ が {what}となる c ≤ {max}",
    ),
    "matrix.p": ("P-position", "P 局面"),
    "matrix.misere_p": ("misère P-position", "ミゼールの P 局面"),
    "matrix.legend": (
        "× = no c ≤ {max} (the bound searched)",
        "× = c ≤ {max} なし（探索した上限）",
    ),
    "matrix.corner": ("a\\b (× means no c ≤ {max})", "a\\b（× は c ≤ {max} なし）"),
    "table.grundy": ("Grundy values", "グランディ数"),
    "table.misere": ("misère Grundy values", "ミゼールのグランディ数"),
    "ppositions.header": (
        "{game}: {count} with {heaps}, every heap ≤ {max}",
        "{game}: {heaps}、どの山も {max} 以下の {count}",
    ),
    "unit.heap": ("{n:,} heap", "山 {n:,} 個"),
    "unit.table": ("{n:,} table", "表 {n:,} 個"),
    "unit.tables": ("{n:,} tables", "表 {n:,} 個"),
    "unit.heaps": ("{n:,} heaps", "山 {n:,} 個"),
    "unit.P-position": ("{n:,} P-position", "P 局面 {n:,} 個"),
    "unit.P-positions": ("{n:,} P-positions", "P 局面 {n:,} 個"),
    # -- tour --
    "tour.title": (
        "nimlab tour — one result from each of the five seed documents",
        "nimlab ツアー — 5 つのシード文書からそれぞれ 1 つの結果",
    ),
    "tour.seed004": (
        "Seed 004: the subtraction game {{2, 4, 7}}",
        "シード 004: 減算ゲーム {{2, 4, 7}}",
    ),
    "tour.seed004.line": (
        "   G = {head} {cycle} {cycle} {cycle} …  (preperiod {n0}, period {period}, "
        "proven by the max(S)-window criterion)",
        "   G = {head} {cycle} {cycle} {cycle} …  （前周期 {n0}、周期 {period}、"
        "max(S) 窓の判定法で証明済み）",
    ),
    "tour.seed003": (
        "Seed 003: three-heap Nim and the nim-sum",
        "シード 003: 三山崩しとニム和",
    ),
    "tour.nimsum": (
        "(nim-sum ≠ 0: N-position)",
        "（ニム和 ≠ 0: N 局面）",
    ),
    "tour.winning_move": (
        "   winning move: {move} → {to} (nim-sum 0)",
        "   必勝手: {move} → {to}（ニム和 0）",
    ),
    "tour.wythoff": (
        "Seeds 000 and 002: Wythoff's game, first P-positions",
        "シード 000 と 002: ワイトホフのゲーム、最初の P 局面",
    ),
    "tour.theorem1": (
        "Seed 001, Theorem 1: two-heap Split-and-delete Nim",
        "シード 001 定理 1: 2 山の分割削除ニム",
    ),
    "tour.theorem1.line": (
        "   exactly ⟨a, a⟩ with v2(a) even, as Theorem 1 says",
        "   定理 1 のとおり、ちょうど v2(a) が偶数の ⟨a, a⟩",
    ),
    "tour.table9": (
        "Seed 001, Table 9: c with ⟨a, b, c⟩ a P-position, a, b ≤ {corner}",
        "シード 001 表 9: ⟨a, b, c⟩ が P 局面となる c（a, b ≤ {corner}）",
    ),
    "tour.table9.none": (
        "   × = no partner c ≤ {bound} (the bound searched)",
        "   × = {bound} 以下に相手の c がない（探索した範囲）",
    ),
    "tour.end": (
        "Every command above takes --json. `nimlab games` lists all games.",
        "上のどのコマンドも --json を受け付ける。`nimlab games` で全ゲームの一覧。",
    ),
    # -- verify, wtable, wythoff-table --
    "verify.title": (
        "Every theorem against exhaustive search (the search knows no theorem)",
        "すべての定理を全探索と照合（探索はどの定理も使わない）",
    ),
    "verify.columns": ("result|source|checked|agree|positions", "結果|出典|確認数|一致|局面"),
    "verify.yes": ("yes", "一致"),
    "verify.no": ("NO", "不一致"),
    "verify.disagrees": ("DISAGREES {name}: {problem}", "不一致 {name}: {problem}"),
    "verify.refused": ("refused", "上限で中止"),
    "verify.stopped": (
        "{name} stopped after {checked:,} cases up to {bound:,} (all of them agreed): {reason}; "
        "or lower --max",
        "{name} は {bound:,} までのうち {checked:,} 件で中止（その範囲はすべて一致）: {reason}。"
        "または --max を下げてください",
    ),
    "verify.summary": (
        "{agree} of {total} agree with search",
        "{total} 件中 {agree} 件が探索と一致",
    ),
    "verify.summary_stopped": (
        "{agree} of {total} agree with search; {stopped} stopped at a limit before their "
        "bound, with no disagreement in what they checked",
        "{total} 件中 {agree} 件が探索と一致。{stopped} 件は範囲の途中で上限により中止"
        "（確認した範囲に不一致なし）",
    ),
    "verify.stopped_at_once": (
        "{name} stopped before its first case up to {bound:,}: {reason}; or lower --max",
        "{name} は {bound:,} までの最初の 1 件より前に中止: {reason}。"
        "または --max を下げてください",
    ),
    "wtable.caption": (
        "{game}: w(n) = the least winning take from n stones (no limit), and n's code "
        "(seed 000; the opponent may then take up to {c}·w(n))",
        "{game}: w(n) = 石 n 個から（制限なしで）勝つ最小の取り数と n の符号"
        "（シード 000。相手は次に {c}·w(n) 個まで取れる）",
    ),
    "wtable.code": ("code", "符号"),
    "wythoff_table.caption": (
        "Wythoff's game (seed 000, Game IV): P-positions {{p_n, q_n}}, q_n − p_n = n, with φ(x)",
        "ワイトホフのゲーム（シード 000、ゲーム IV）: P 局面 {{p_n, q_n}}、"
        "q_n − p_n = n、φ(x) つき",
    ),
    # -- quotient, genus --
    "quotient.header": (
        "{game}: misère quotient of all sums of heaps ≤ {max}",
        "{game}: {max} 以下の山の和すべてのミゼール商",
    ),
    "quotient.order": (
        "  order       {order}   (|P| = {p})",
        "  位数        {order}   (|P| = {p})",
    ),
    "quotient.generators": ("  generators  {value}", "  生成元      {value}"),
    "quotient.generator": ("{x} = heap {h}", "{x} = 山 {h}"),
    "quotient.relations": ("  relations   {value}", "  関係式      {value}"),
    "quotient.p_portion": ("  P-portion   {value}", "  P 部分      {value}"),
    "quotient.elements": ("  elements    {value}", "  元          {value}"),
    "quotient.heaps": ("  heaps       {value}", "  山          {value}"),
    "quotient.none": ("none", "なし"),
    "quotient.empty": ("empty", "空"),
    "quotient.stable": (
        "  stable      the quotient last changed at heap {last}: the same for every N from "
        "{last} to {max} (observed, not proven)",
        "  安定        商が最後に変わったのは山 {last}: N = {last} から {max} まで同じ"
        "（観察のみ、証明ではない）",
    ),
    "quotient.stable_proven": (
        "  stable      the quotient last changed at heap {last} and never changes again "
        "(proven by the period below)",
        "  安定        商が最後に変わったのは山 {last} で、以後は変わらない（下の周期で証明済み）",
    ),
    "quotient.period": (
        "  period      {p}, proven: heap n has heap n − {p}'s element for every n ≥ {start} "
        "(elements and option sets repeat for {n0} ≤ n < {bound}; {criterion}), so this is "
        "the quotient of every heap size",
        "  周期        {p}（証明済み）: n ≥ {start} のすべての山 n の元は山 n − {p} の元に等しい"
        "（{n0} ≤ n < {bound} で元と選択肢の集合が繰り返す。{criterion}）。"
        "したがってこれはどの大きさの山も含むゲーム全体の商",
    ),
    "quotient.no_period": (
        "  period      none proven in heaps ≤ {max} ({criterion})",
        "  周期        {max} 以下の山では証明されず（{criterion}）",
    ),
    "quotient.growth": ("  N   order", "  N   位数"),
    "quotient.changed": ("  (* the order changed at this N)", "  （* この N で位数が変わった）"),
    "quotient.certified": (
        "  certified: every sum of heaps ≤ {max} is a misère P-position exactly when its "
        "product is in P",
        "  確認済み: {max} 以下の山の和は、その積が P に属するときちょうどミゼールの P 局面",
    ),
    "genus.header": (
        "{game}: Conway's genus g^(g0 g1 ...) of heaps 0..{last}",
        "{game}: 山 0..{last} のコンウェイの属 g^(g0 g1 ...)",
    ),
    "genus.columns": ("  heap  genus        tame", "  山    属           従順"),
    "genus.tame": ("yes", "はい"),
    "genus.observed": (
        "  each symbol's tail is taken to alternate once its last {n} values do: observed, "
        "not proven",
        "  各記号の末尾は、最後の {n} 個が交互なのでその先も交互とみなした（観察であり、未証明）",
    ),
    "serve.listening": (
        "nimlab web app: {url}  (Ctrl-C stops it)",
        "nimlab ウェブアプリ: {url}  （Ctrl-C で止まります）",
    ),
    "progress.left": ("left", "残り"),
    "progress.line": (
        "{label}: {done}/{total} {unit} ({share}%), {rate}, {left} left",
        "{label}: {done}/{total} {unit}（{share}%）、{rate}、残り {left}",
    ),
    "progress.rate": ("{rate} {unit}/s", "毎秒 {rate} {unit}"),
    "progress.work": (
        "working: {used} of at most {limit} states ({share}%, {option}), {rate} states/s, {spent}",
        "計算中: 最大 {limit} 状態のうち {used}（{share}%、{option}）、毎秒 {rate} 状態、{spent}",
    ),
    "progress.compiling": (
        "compiling the kernels for this machine (once: later runs reuse them)…",
        "この機械向けにカーネルをコンパイル中（初回のみ。以後の実行では再利用）…",
    ),
    "progress.values": ("values", "値"),
    "progress.tasks": ("tasks", "タスク"),
    "progress.rows": ("rows", "行"),
    "progress.export": ("export to {out}", "{out} への書き出し"),
    "progress.to": ("{game} to {to}", "{game}（{to} まで）"),
    "progress.sweep": ("sweep {family}", "スイープ {family}"),
    "long_run.written": (
        "{game}: G(0..{last}) written to {out} ({seconds} s{resumed}; sha256 {sha256})",
        "{game}: G(0..{last}) を {out} に書きました（{seconds} 秒{resumed}。sha256 {sha256}）",
    ),
    "long_run.written_none": (  # --to 0: "G(0..-1)" was said
        "{game}: no values (--to 0), an empty array written to {out} ({seconds} s; "
        "sha256 {sha256})",
        "{game}: 値なし（--to 0）。空の配列を {out} に書きました（{seconds} 秒。sha256 {sha256}）",
    ),
    "long_run.resumed": (", resumed at {n}", "、{n} から再開"),
    "long_run.same_command": ("the same command", "同じコマンド"),
    "long_run.stopped": (
        "{game}: stopped after {seconds} s (--max-seconds) with {done} of {stop} values; "
        "checkpoint in {checkpoint}. Resume with: {again}",
        "{game}: {seconds} 秒で止めました（--max-seconds）。{stop} 個中 {done} 個の値。"
        "チェックポイントは {checkpoint}。再開するには: {again}",
    ),
    "research.plotted": (
        "plot {kind}, out {out}, points {n}",
        "{n} 件の結果の {kind} のグラフを {out} に描きました",
    ),
    "research.exported": ("export {out}, rows {n}", "{n} 行を {out} に書き出しました"),
    "rare.none": (
        "{game}: no sparse-space structure in G(0..{last}): every mask leaves more than "
        "{fraction} of the values rare (or too few values)",
        "{game}: G(0..{last}) に sparse space の構造はない: どのマスクでも {fraction} より"
        "多くの値がまれになる（または値が少なすぎる）",
    ),
    "rare.shown": (" (the first {k} shown)", "（最初の {k} 個を表示）"),
    "rare.found": (
        "{game}: {count} rare values below {to}{shown}; mask m = {mask} "
        "(G(n) is rare when parity(G(n) AND m) = 0; chosen on G(0..{judged})); "
        "largest value {largest}",
        "{game}: {to} 未満にまれな値が {count} 個{shown}。マスク m = {mask}"
        "（parity(G(n) AND m) = 0 のとき G(n) はまれ。G(0..{judged}) で選択）。"
        "最大の値 {largest}",
    ),
    "rare.values": ("rare values: {values}", "まれな値: {values}"),
    "check.refused": ("nimlab: certificate refused: {reason}", "nimlab: 証明書は却下: {reason}"),
    "genus.wild_found": (
        "wild (heap {heap} has the wild genus {symbol})",
        "野生（山 {heap} の属 {symbol} は野生）",
    ),
    "genus.tame_up_to": ("tame up to {last}", "{last} まで従順"),
    "genus.wild": ("no (wild)", "いいえ（野生）"),
    # -- research: sweep, results, plots --
    "research.no_sweeps": ("no sweeps yet", "まだスイープがありません"),
    "research.nothing_to_do": (
        "{db}: {family} {parameters} — all {tasks:,} tasks already done; nothing to do",
        "{db}: {family} {parameters} — {tasks:,} 個のタスクはすべて完了済み。することはない",
    ),
    "research.report": (
        "{db}: {family} {parameters}\n"
        "  tasks {tasks:,}: {computed:,} computed now ({already:,} were done before), "
        "{new:,} results new or improved\n"
        "  {seconds} s, {rate} on {executor}",
        "{db}: {family} {parameters}\n"
        "  タスク {tasks:,} 個: 今回 {computed:,} 個を計算（{already:,} 個は計算済み）、"
        "新しいか改善した結果 {new:,} 件\n"
        "  {seconds} 秒、{rate}（{executor}）",
    ),
    "research.per_task": ("{seconds:,.1f} s per task", "1 タスクあたり {seconds:,.1f} 秒"),
    "research.per_second": ("{tasks:,.0f} tasks/s", "毎秒 {tasks:,.0f} タスク"),
    "research.sweep": (
        "#{id} {family} {parameters}: {done:,}/{tasks:,} tasks, {state}, nimlab {version}, "
        "started {created}",
        "#{id} {family} {parameters}: タスク {done:,}/{tasks:,}、{state}、nimlab {version}、"
        "開始 {created}",
    ),
    "research.complete": ("complete", "完了"),
    "research.interrupted": (  # the database records no liveness: say both
        "not finished (running, or interrupted: run it again to resume)",
        "未完了（実行中、または中断。中断ならもう一度実行すると再開）",
    ),
    "research.shown": (
        "({shown:,} shown of {total:,} matching)",
        "（該当 {total:,} 件中 {shown:,} 件を表示）",
    ),
    "plot.period.x": ("max S", "S の最大値"),
    "plot.period.y": ("period", "周期"),
    "plot.period.title": (
        "Period against max S ({count:,} games)",
        "S の最大値と周期（{count:,} ゲーム）",
    ),
    "plot.preperiod.x": ("preperiod", "前周期"),
    "plot.preperiod.y": ("games (log scale)", "ゲーム数（対数目盛）"),
    "plot.preperiod.title": ("Preperiods of {count:,} games", "{count:,} ゲームの前周期"),
    "plot.ppositions.x": ("second-largest heap", "2 番目に大きい山"),
    "plot.ppositions.y": ("largest heap", "最大の山"),
    "plot.ppositions.colour": ("third-largest heap", "3 番目に大きい山"),
    "plot.ppositions.title": (
        "P-positions of {params}, heaps ≤ {top} ({count:,})",
        "{params} の P 局面、山 ≤ {top}（{count:,} 個）",
    ),
    # -- play --
    "play.start": (
        "{game} from {pos}: {who} first, computer level {level}.",
        "{game}、局面 {pos}: {who}が先手、コンピュータのレベル {level}。",
    ),
    "play.misere_start": (
        "Misère play: whoever makes the last move loses.",
        "ミゼール: 最後に手を指したほうが負け。",
    ),
    "play.first_you": ("you move", "あなた"),
    "play.first_computer": ("the computer moves", "コンピュータ"),
    "play.help": (
        "Type a move — the position it leads to (e.g. {example}){syntax}, or #N from `moves` — "
        "or a command: moves, hint, undo, redo, explain, why, help, quit.",
        "手を入力: 移った後の局面（例 {example}）{syntax}、`moves` の番号 #N。"
        "コマンド: moves（合法手）, hint（ヒント）, undo（待った）, "
        "redo（やり直し）, explain（解説）, why（コンピュータの手の理由）, help（説明）, "
        "quit（やめる）。",
    ),
    "play.syntax_take_away": (", `take K` or just K", "、`take K`（K だけでも可）"),
    "play.syntax_heaps": (
        ", `take K from H` (from a heap of H), `take K` (when one heap is left)",
        "、`take K from H`（H 個の山から K 個取る）、`take K`（山が 1 つのとき）",
    ),
    "play.syntax_wythoff": (
        ", `take K from H`, `take K from both`",
        "、`take K from H`（H 個の山から K 個取る）、`take K from both`（両方から K 個ずつ）",
    ),
    "play.keys": (
        "Arrow keys edit the line and recall earlier ones.",
        "矢印キーで行の編集と履歴の呼び出しができる。",
    ),
    "play.more_moves": (
        "(the first {n} moves; any other can be typed as the position it leads to)",
        "（最初の {n} 手。ほかの手は移った後の局面で入力できる）",
    ),
    "play.level_perfect": ("perfect", "最善"),
    "play.level_random": ("random", "ランダム"),
    "play.level_mix": ("mix", "混合"),
    "play.prompt": ("{pos} — your move: ", "{pos} — あなたの手: "),
    "play.prompt_line": ("position {pos}; your move:", "局面 {pos}。あなたの手:"),
    "play.you": ("you", "あなた"),
    "play.computer": ("computer", "コンピュータ"),
    "play.abandoned": ("Game abandoned.", "ゲームを中断しました。"),
    "play.thinking": ("the computer is thinking…", "コンピュータが考えています…"),
    "play.you_win": (
        "No move is left for the computer: you win!",
        "コンピュータは動けません。あなたの勝ち！",
    ),
    "play.computer_wins": (
        "No move is left for you: the computer wins.",
        "あなたは動けません。コンピュータの勝ち。",
    ),
    "play.misere_you_win": (
        "No move is left for you: under misère play the computer made the last move and "
        "loses. You win!",
        "あなたは動けません。ミゼールでは最後に指したコンピュータの負け。あなたの勝ち！",
    ),
    "play.misere_computer_wins": (
        "No move is left for the computer: under misère play you made the last move and "
        "lose. The computer wins.",
        "コンピュータは動けません。ミゼールでは最後に指したあなたの負け。コンピュータの勝ち。",
    ),
    "play.misere_no_move_you": (
        "No move is left for you before anyone has moved: under misère play that is a win. "
        "You win!",
        "始める前からあなたは動けません。ミゼールではそれが勝ち。あなたの勝ち！",
    ),
    "play.misere_no_move_computer": (
        "No move is left for the computer before anyone has moved: under misère play that "
        "is a win. The computer wins.",
        "始める前からコンピュータは動けません。ミゼールではそれが勝ち。コンピュータの勝ち。",
    ),
    "play.again": ("Play again? [y/N] ", "もう一度遊びますか？ [y/N] "),
    "play.bye": ("Thanks for playing.", "遊んでくれてありがとう。"),
    "play.hint": ("hint: {move} → {pos} ({why})", "ヒント: {move} → {pos}（{why}）"),
    "play.undone": ("undone {k} moves; position {pos}", "{k} 手戻しました。局面 {pos}"),
    "play.undone_one": ("undone 1 move; position {pos}", "1 手戻しました。局面 {pos}"),
    "play.redone": ("redone {k} moves; position {pos}", "{k} 手やり直しました。局面 {pos}"),
    "play.redone_one": ("redone 1 move; position {pos}", "1 手やり直しました。局面 {pos}"),
    "play.heap": ("heap {i}", "山 {i}"),
    "play.stones": ("{n} stones", "石 {n} 個"),
    "play.one_stone": ("1 stone", "石 1 個"),
    "play.digits": ("a number of {digits:,} digits", "{digits:,} 桁の数"),
    "play.no_heaps": ("(no heaps left)", "（山は残っていない）"),
    "play.limit": ("may take up to {m}", "最大 {m} 個まで取れる"),
    "play.component": ("{spec} (component {i}):", "{spec}（成分 {i}）:"),
    "tablebase.off": (
        "the tablebase is off ($NIMLAB_TABLEBASE={value}): every table is computed anew",
        "テーブルベースは無効です（$NIMLAB_TABLEBASE={value}）。表は毎回計算します",
    ),
    "tablebase.head": (
        "tablebase {path}: {count}, {size} of at most {limit}",
        "テーブルベース {path}: {count}、{size}（上限 {limit}）",
    ),
    "tablebase.row": (
        "  {kind:<18} {spec:<28} up to {size:>8,}  {bytes:>10}  used {used}",
        "  {kind:<18} {spec:<28} {size:>8,} まで  {bytes:>10}  最終使用 {used}",
    ),
    "tablebase.cleared": (
        "tablebase {path}: {count} forgotten",
        "テーブルベース {path}: {count}を消去しました",
    ),
}
"""Key → ``(English, Japanese)``; the placeholders of both are the same."""


ARGPARSE_JA: dict[str, str] = {
    "usage: ": "使い方: ",
    "the following arguments are required: %s": "次の引数が必要です: %s",
    "unrecognized arguments: %s": "認識できない引数: %s",
    "argument %(argument_name)s: %(message)s": "引数 %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "無効な選択肢: %(value)r（%(choices)s から選ぶ）"
    ),
    "invalid %(type)s value: %(value)r": "無効な %(type)s の値: %(value)r",
    "expected one argument": "引数が 1 つ必要です",
    "expected at least one argument": "引数が 1 つ以上必要です",
    "expected at most one argument": "引数は 1 つまでです",
    "ignored explicit argument %r": "明示された引数 %r は無視されました",
    "not allowed with argument %s": "引数 %s と一緒には使えません",
    "one of the arguments %s is required": "引数 %s のどれかが必要です",
    "ambiguous option: %(option)s could match %(matches)s": (
        "あいまいなオプション: %(option)s は %(matches)s のどれにも合います"
    ),
    "positional arguments": "位置引数",
    "options": "オプション",
    "show this help message and exit": "このヘルプを表示して終了する",
    "show program's version number and exit": "バージョンを表示して終了する",
}
"""argparse's own messages (its gettext message ids) → Japanese."""


PAPER_TABLES_JA = {
    "Table 5 of seed 001 (Nim, every heap ≥ 1: ⟨a, b⟩ here is Nim's ⟨a−1, b−1⟩)": (
        "シード 001 の表 5（ニム、どの山も 1 以上: ここでの ⟨a, b⟩ はニムの ⟨a−1, b−1⟩）"
    ),
    "Table 6 of seed 001 (Wythoff's Nim, every heap ≥ 1: ⟨a, b⟩ is Wythoff's ⟨a−1, b−1⟩)": (
        "シード 001 の表 6（ワイトホフのニム、どの山も 1 以上: ⟨a, b⟩ はワイトホフの ⟨a−1, b−1⟩）"
    ),
    "Table 7 of seed 001 (Split-and-delete Nim)": "シード 001 の表 7（分割削除ニム）",
    "Table 8 of seed 001 (Delete-and-split Nim)": "シード 001 の表 8（削除分割ニム）",
    "Table 9 of seed 001": "シード 001 の表 9",
}
"""The seed tables a game's capabilities cite (in English there), in Japanese."""


def paper_table_words(source: str, lang: str) -> str:
    """A cited seed table in ``lang`` (English as the game declares it; ``--lang ja`` left
    "Table 5 of seed 001 (…)" in English; helper audit).

    >>> paper_table_words("Table 9 of seed 001", "ja")
    'シード 001 の表 9'
    """
    return PAPER_TABLES_JA.get(source, source) if lang == "ja" else source
