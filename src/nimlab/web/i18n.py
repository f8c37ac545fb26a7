"""English and Japanese: the words of every page, and which language a visitor reads.

The language comes from ``?lang=`` (which the language switch sets and a
cookie then remembers), else the ``lang`` cookie, else the browser's
``Accept-Language``, else English.

>>> t("ja", "nav.play")
'対戦'
>>> choose(query=None, cookie=None, accept="ja,en;q=0.8")
'ja'
"""

from __future__ import annotations

LANGUAGES = ("en", "ja")
COOKIE = "lang"

UI: dict[str, tuple[str, str]] = {
    # (English, Japanese)
    "site.tagline": (
        "Impartial stone-taking games, solved exactly",
        "石取りゲーム(不偏ゲーム)を正確に解く",
    ),
    "nav.catalogue": ("Games", "ゲーム一覧"),
    "nav.play": ("Play", "対戦"),
    "nav.api": ("API", "API"),
    "lang.other": ("日本語", "English"),
    "footer": (
        "nimlab — exact analysis of impartial games; the mathematics comes from five "
        "Japanese source documents (seeds).",
        "nimlab — 不偏ゲームの厳密な解析。数学は5つの日本語の資料(シード文書)に基づく。",
    ),
    "catalogue.title": ("Games", "ゲーム一覧"),
    "catalogue.intro": (
        "Every family nimlab knows: its rule, the source document (seed) it comes from and a "
        "one-line strategy. Explore a game to see its outcome, Grundy values and patterns, or "
        "play it against a perfect opponent.",
        "nimlab が扱うゲームの一覧です。ルール、出典(シード文書)、一行の必勝法を示します。"
        "「調べる」で勝敗・グランディ数・パターンを、「対戦」で完全な相手との対局を。",
    ),
    "catalogue.rule": ("Rule", "ルール"),
    "catalogue.strategy": ("Strategy", "必勝法"),
    "catalogue.seed": ("Seed", "出典"),
    "catalogue.parameter": ("Parameter", "パラメータ"),
    "catalogue.aliases": ("Aliases", "別名"),
    "catalogue.explore": ("Explore", "調べる"),
    "catalogue.sums": (
        "Disjunctive sums: join games with +, e.g. nim + kayles with position 3,4 + 5.",
        "ゲームの直和: + でつなぐ(例: nim + kayles、局面 3,4 + 5)。",
    ),
    "catalogue.any": ("Any game spec", "ゲームの指定"),
    "game.game": ("Game", "ゲーム"),
    "game.position": ("Position", "局面"),
    "game.misere": ("misère play (who cannot move wins)", "ミゼール(動けない方が勝ち)"),
    "game.analyse": ("Analyse", "解析"),
    "game.analysis": ("Analysis", "解析結果"),
    "outcome.P": (
        "P — the player to move loses (second player wins)",
        "P局面 — 手番の側が負け(後手必勝)",
    ),
    "outcome.N": (
        "N — the player to move wins (first player wins)",
        "N局面 — 手番の側が勝ち(先手必勝)",
    ),
    "game.outcome": ("Outcome", "勝敗"),
    "game.grundy": ("Grundy value", "グランディ数"),
    "game.remoteness": ("Remoteness", "残り手数(remoteness)"),
    "game.unknown": (
        "not computed (over the web app's limits)",
        "未計算(この Web アプリの上限を超える)",
    ),
    "game.winning_moves": ("Winning moves", "必勝手"),
    "game.some": ("(some of them)", "(一部)"),
    "game.none_p": (
        "none — every move leads to an N-position",
        "なし — どの手も N局面 へ移る",
    ),
    "game.none": ("none found", "見つからない"),
    "game.method": ("Method", "方法"),
    "game.explanation": ("Why", "理由"),
    "game.play_here": ("Play from this position", "この局面から対戦する"),
    "game.click": (
        "Click a cell to analyse that position.",
        "マスをクリックするとその局面を解析します。",
    ),
    "strip.title": ("Grundy sequence", "グランディ数列"),
    "figures.skip": (
        "Skip the figure's cells (each is a link to its position)",
        "図のマス(どれもその局面へのリンク)を飛ばす",
    ),
    "strip.fresh": (
        "Grundy values of fresh games of n stones",
        "n 個の石から始めたゲームのグランディ数",
    ),
    "strip.heap": ("Grundy values G(n) of a single heap of n", "1山 n 個のグランディ数 G(n)"),
    "strip.fresh_misere": (
        "misère Grundy values of fresh games of n stones",
        "n 個の石から始めたゲームのミゼールのグランディ数",
    ),
    "strip.heap_misere": (
        "misère Grundy values G⁻(n) of a single heap of n",
        "1山 n 個のミゼールのグランディ数 G⁻(n)",
    ),
    "strip.preperiod": ("preperiod", "前周期"),
    "strip.period": ("period", "周期"),
    "strip.values": ("values", "項数"),
    "strip.show": ("Show", "表示"),
    "strip.proven": ("proven by the {criterion}", "{criterion}で証明済み"),
    "strip.observed": ("observed only — no theorem checked", "観察のみ(定理による確認なし)"),
    "strip.summary": (
        "preperiod {preperiod}, period {period}, saltus {saltus}",
        "前周期 {preperiod}、周期 {period}、増分 {saltus}",
    ),
    "strip.nope": (
        "no period found in the first {checked:,} values",
        "最初の {checked:,} 項では周期が見つからない",
    ),
    "board.title": ("Board (as in seed 002)", "盤面(シード 002 の ○× 表)"),
    "board.legend": (
        "○ = P (the player to move loses), × = N; ♛ = the position analysed, "
        "◎ = where a winning move goes.",
        "○ = 後手必勝(P)、× = 先手必勝(N)。♛ = 解析中の局面、◎ = 必勝手の行き先。",
    ),
    "heatmap.title": (
        "Grundy values of ⟨a, b⟩ (as tables 5–8 of seed 001)",
        "⟨a, b⟩ のグランディ数(シード 001 の表5〜8)",
    ),
    "table.size": ("Size", "大きさ"),
    "table.outside": (
        "The position lies outside this table; raise its size (at most {max}).",
        "この局面は表の外にあります。大きさを上げてください(最大 {max})。",
    ),
    "table.beyond": (
        "The position lies outside this table and beyond the largest table drawn here "
        "({max} × {max}); the analysis above holds for it all the same.",
        "この局面はここで描ける最大の表({max} × {max})の外にあります。上の解析はそのまま"
        "成り立ちます。",
    ),
    "pp.title": (
        "P-positions with {heaps} heaps, every heap ≤ {max}",
        "{heaps} 山の P局面(各山 ≤ {max})",
    ),
    "pp.count": ("{count:,} P-positions", "P局面 {count:,} 個"),
    "pp.none": ("none with every heap ≤ {max}", "各山 ≤ {max} の範囲にはない"),
    "pp.grid": (
        "c with ⟨a, b, c⟩ a P-position (as Table 9 of seed 001); × = no such c ≤ {max}",
        "⟨a, b, c⟩ が P局面となる c(シード 001 の表9)。× = {max} 以下にそのような c はない",
    ),
    "pp.bound": ("Heaps up to", "各山の上限"),
    "play.title": ("Play against the computer", "コンピュータと対戦"),
    "play.level": ("Level", "強さ"),
    "play.level.perfect": ("perfect", "完璧"),
    "play.level.mix": ("mixed (sometimes errs)", "ときどき間違える"),
    "play.level.random": ("random", "でたらめ"),
    "play.first": ("Who starts", "先手"),
    "play.first.human": ("you", "あなた"),
    "play.first.computer": ("the computer", "コンピュータ"),
    "play.start": ("New game", "対局開始"),
    "play.noscript": (
        "Playing needs JavaScript; the game pages work without it.",
        "対戦には JavaScript が必要です(解析ページは不要)。",
    ),
    "play.your_move": ("Your move.", "あなたの番です。"),
    "play.thinking": ("The computer is thinking…", "コンピュータが考えています…"),
    "play.you_win": (
        "You win! The computer cannot move.",
        "あなたの勝ち! コンピュータは動けません。",
    ),
    "play.computer_wins": (
        "The computer wins: you cannot move.",
        "コンピュータの勝ち: あなたは動けません。",
    ),
    "play.illegal": (
        "That move is not allowed here; the list below has every legal move.",
        "その手は指せません。下の一覧にすべての合法手があります。",
    ),
    "play.illegal_some": (
        "That move is not allowed here; the list below has some of the legal moves.",
        "その手は指せません。下の一覧に合法手の一部があります。",
    ),
    "play.leave_number": (
        "Type how many stones to leave: a whole number from 0 to {max}.",
        "残す石の数を 0 から {max} までの整数で入力してください。",
    ),
    "play.computer_moved": ("The computer played", "コンピュータの手"),
    "play.all_moves": ("Every legal move", "すべての合法手"),
    "play.play_move": ("Play this move", "この手を指す"),
    "play.hint": ("Hint", "ヒント"),
    "play.no_hint": (
        "no move wins against best play; the longest defence:",
        "最善の相手にはどの手も負け。最も長く粘れる手:",
    ),
    "play.too_big": (
        "The computer cannot work this position out within this server's limits; start a "
        "game with smaller heaps, or at the level random.",
        "この局面はこのサーバーの制限内ではコンピュータが計算しきれません。"
        "小さい山で始めるか、強さを「でたらめ」にしてください。",
    ),
    "play.too_big_hint": (
        "This position is too big to work out within this server's limits, so there is no "
        "hint or explanation for it; play on, or start a game with smaller heaps.",
        "この局面はこのサーバーの制限内では計算しきれないため、ヒントも解説も出せません。"
        "このまま続けるか、小さい山で始めてください。",
    ),
    "play.too_big_random": (
        "This position is too big to work out within this server's limits; start a game "
        "with smaller heaps.",
        "この局面はこのサーバーの制限内では計算しきれません。小さい山で始めてください。",
    ),
    "play.no_answer": (
        "The server did not answer (no connection, or it is restarting); try again.",
        "サーバーから応答がありません(接続がないか、再起動中です)。もう一度試してください。",
    ),
    "play.bad_answer": (
        "The server could not answer this request; try again in a moment.",
        "サーバーがこの要求に答えられませんでした。少し待ってもう一度試してください。",
    ),
    "play.again": ("Play again", "もう一度"),
    "play.over_at_start": (
        "This position has no move: the game is over before it begins.",
        "この局面には手がないので、始める前に対局は終わっています。",
    ),
    "play.your_side_moved": (
        "Your side (played by the computer) played",
        "あなたの側(コンピュータが代わりに指した)の手",
    ),
    "play.auto_over_you": (
        "Game over: your side (played by the computer) wins.",
        "終局: あなたの側(コンピュータが代わりに指した)の勝ち。",
    ),
    "play.auto_over_computer": (
        "Game over: the computer's side wins.",
        "終局: コンピュータの側の勝ち。",
    ),
    "play.stone_select": (
        "stone {j} of {h}: select it (then take the selected stones)",
        "{h} 個中 {j} 個目の石: 選ぶ(選んだ石をあとで取る)",
    ),
    "play.stone_leave": (
        "stone {j} of {h}: take it and those after it, leaving {left}",
        "{h} 個中 {j} 個目の石: これ以降を取って {left} 個残す",
    ),
    "play.how_knock": (
        "Click stones next to each other to select them (one or two, as the rules allow), "
        "then take the selected stones.",
        "隣り合う石をクリックして選び(ルールで許される個数)、選んだ石を取ってください。",
    ),
    "play.undo": ("Undo", "待った"),
    "play.explain": ("Explain", "解説"),
    "play.analyse": ("Analyse this position", "この局面を解析"),
    "play.chart": ("Value history", "局面の価値の推移"),
    "play.chart.you": ("← you win in", "← あなたの勝ちまで"),
    "play.chart.computer": ("computer wins in →", "コンピュータの勝ちまで →"),
    "play.chart.legend": (
        "One row per position. Left: you win with best play, right: the computer does; "
        "the distance from the centre is the remoteness (moves to the end). Green: the "
        "player to move wins; red: loses; hollow: remoteness not computed.",
        "1行が1局面。左はあなた、右はコンピュータが最善手で勝つ局面で、中央からの距離が"
        "残り手数。緑 = 手番の側が勝ち、赤 = 負け、白抜き = 残り手数未計算。",
    ),
    "play.history": ("Moves", "棋譜"),
    "play.start_position": ("Start", "開始局面"),
    "play.you": ("You", "あなた"),
    "play.computer": ("Computer", "コンピュータ"),
    "play.use_list": (
        "Choose your move from the list of legal moves.",
        "合法手の一覧から手を選んでください。",
    ),
    "play.label_hint": ("click to delete this heap", "クリックでこの山を削除"),
    "play.split_here": ("split after stone {j}", "{j} 個目の後で分ける"),
    "play.stone": ("stone {j} of {h}", "{h} 個中 {j} 個目の石"),
    "play.limit": ("You may take at most {m} now.", "今は {m} 個まで取れます。"),
    "play.leave": ("leave", "残す数"),
    "play.digits": ("a {d}-digit number of stones", "{d} 桁の数の石"),
    "play.leave_button": ("Move", "指す"),
    "play.both": ("take the same number from both heaps", "両方の山から同じ数を取る"),
    "play.take_selected": ("Take the selected stones", "選んだ石を取る"),
    "play.how_split_delete": (
        "Click gaps between stones to split heaps, then click heap sizes to delete heaps "
        "(the right-hand part of a split heap).",
        "石の間をクリックして山を分割し、山の数字をクリックして削除する山を選ぶ"
        "(分割した山なら右側の部分)。",
    ),
    "play.how_delete_split": (
        "Click heap sizes to delete heaps, then click gaps between stones to split others.",
        "山の数字をクリックして削除する山を選び、石の間をクリックして他の山を分割する。",
    ),
    "play.reset": ("Clear the selection", "選択を取り消す"),
    "play.redo": ("Redo", "進める"),
    "play.auto": ("Computer vs computer", "コンピュータ同士で対戦"),
    "play.auto_stop": ("Stop (you play on)", "止める(続きはあなたが指す)"),
    "play.auto_running": (
        "Computer against computer: both sides move at the chosen level.",
        "コンピュータ同士の対戦中: 両者とも選んだ強さで指します。",
    ),
    "play.speed": ("Speed", "速さ"),
    "play.speed.slow": ("slow", "ゆっくり"),
    "play.speed.normal": ("normal", "ふつう"),
    "play.speed.fast": ("fast", "速い"),
    "play.show_values": ("Show each move's value", "各手の価値を表示"),
    "play.values_legend": (
        "Green: the move wins for you (it leaves a P-position); red: it loses against best "
        "play. The number is the remoteness of the position reached — how many more moves "
        "best play lasts — shown only where it was computed.",
        "緑 = あなたの勝ちになる手(P局面に移す)、赤 = 最善の相手には負ける手。数字は移った先の"
        "局面の残り手数(最善手で終局まであと何手か)で、計算できたときだけ示します。",
    ),
    "play.moves_more": (
        "More moves exist than are listed; click the stones or type a number to play them.",
        "一覧にない合法手もあります。石をクリックするか数を入力して指してください。",
    ),
    "play.value.win": ("win", "勝ち"),
    "play.value.lose": ("lose", "負け"),
    "play.rules": ("Rules", "ルール"),
    "play.rule": ("Rule", "ルール"),
    "play.strategy": ("Strategy", "必勝法"),
    "play.ending_normal": (
        "Whoever cannot move loses (normal play).",
        "動けなくなった方が負け(通常ルール)。",
    ),
    "play.ending_misere": (
        "Misère play: whoever cannot move wins — whoever makes the last move loses.",
        "ミゼール: 動けなくなった方が勝ち — 最後の1手を指した方が負け。",
    ),
    "play.misere_on": ("misère play", "ミゼール"),
    "play.you_win_misere": (
        "You win! You cannot move, and in misère play that wins.",
        "あなたの勝ち! あなたは動けず、ミゼールではそれが勝ちです。",
    ),
    "play.computer_wins_misere": (
        "The computer wins: it cannot move, and in misère play that wins.",
        "コンピュータの勝ち: コンピュータは動けず、ミゼールではそれが勝ちです。",
    ),
    "steps.title": ("The ○× board, cell by cell", "○× 表を1マスずつ作る"),
    "steps.intro": (
        "As seed 002 builds it on squared paper: put ○ on (0,0) and × on every cell that can "
        "move there in one move; then put ○ on the lowest-left cell still without a mark and × "
        "on every cell that can move to it; repeat. ○ = the player to move loses (P), × = the "
        "player to move wins (N). Step through it, or click a cell to see why it got its mark.",
        "シード 002 のようにグラフ用紙で作ります。(0,0) に ○ をつけ、そこに1手で行ける全マスに × を"
        "つける。次にまだ印のない一番左下のマスに ○ をつけ、そこに1手で行けるマスに × をつける。"
        "これを繰り返す。○ = 後手勝ち(P)、× = 先手勝ち(N)。1手ずつ進めるか、マスをクリックして"
        "その印の理由を見てください。",
    ),
    "steps.controls": ("Step through the board", "盤面を1手ずつ進める"),
    "steps.first": ("back to the empty board", "最初(白紙)へ"),
    "steps.back": ("one step back", "1つ戻る"),
    "steps.forward": ("one step forward", "1つ進む"),
    "steps.last": ("the finished board", "完成した表へ"),
    "steps.play": ("Play", "再生"),
    "steps.pause": ("Pause", "一時停止"),
    "steps.step": ("Step", "手順"),
    "steps.start": (
        "The paper is empty. Press ▶ or Play to mark the first cell.",
        "まだ白紙です。▶ か「再生」で最初のマスに印をつけます。",
    ),
    "steps.done": (
        "The finished board: every cell has its mark.",
        "完成した表: すべてのマスに印がついています。",
    ),
    "steps.legend": (
        "Yellow: the cell just marked; green: the ○ cell it moves to (for ×), or the × cells "
        "its moves reach (for ○).",
        "黄色 = いま印をつけたマス。緑 = そこから行ける ○ のマス(× の場合)、"
        "またはそこから行ける × のマス(○ の場合)。",
    ),
    "steps.all": ("Every step, in order", "すべての手順(順に)"),
    "steps.link": ("Build the ○× board step by step", "○× 表を1マスずつ作る"),
    "succ.title": ("Where one move goes", "1手で移れる局面"),
    "succ.intro": (
        "As seed 001 draws it (tables 1–4): put a coin on the cell of a position; it may move to "
        "every cell marked ○, the positions one move reaches. ⟨a, b⟩ and ⟨b, a⟩ are the same "
        "position, so both are marked.",
        "シード 001 の表1〜4のように描きます。局面のマスにコインを置くと、○ のついたマス"
        "(1手で移れる局面)へ動かせます。⟨a, b⟩ と ⟨b, a⟩ は同じ局面なので両方に印をつけます。",
    ),
    "succ.from": (
        "From ⟨{position}⟩: {count} positions in one move",
        "⟨{position}⟩ から1手で移れる局面: {count} 個",
    ),
    "succ.click": (
        "Click a ○ to move the coin there and see where it goes next.",
        "○ をクリックするとコインをそこへ動かし、次に移れる局面を表示します。",
    ),
    "succ.board": ("The successors of ⟨{position}⟩", "⟨{position}⟩ の後続局面"),
    "succ.here": ("(the coin)", "(コインの位置)"),
    "succ.reached": ("(one move away)", "(1手で移れる)"),
    "succ.legend": (
        "● = the position, ○ = a position one move reaches. In the list, P (red) = a "
        "P-position (moving there wins), N (green) = an N-position, ? = not analysed within "
        "the time limit.",
        "● = 今の局面、○ = 1手で移れる局面。一覧の P(赤)= P局面(そこへ移せば勝ち)、"
        "N(緑)= N局面、? = 制限時間内に解析できなかった局面。",
    ),
    "succ.tables": (
        "⟨{a}, {b}⟩ in the four games of seed 001 (tables 1–4)",
        "シード 001 の4つのゲームでの ⟨{a}, {b}⟩(表1〜4)",
    ),
    "succ.tables_note": (
        "As in seed 001, Nim and Wythoff's Nim are played here with a stone kept in each heap "
        "(the position ⟨a, b⟩ is the ordinary ⟨a − 1, b − 1⟩), so all four end at ⟨1, 1⟩.",
        "シード 001 と同じく、ニムと Wythoff のニムは「各山に少なくとも1個の石を残す」ルールで"
        "描きます(局面 ⟨a, b⟩ は通常の ⟨a − 1, b − 1⟩)。4つとも終了局面は ⟨1, 1⟩ です。",
    ),
    "succ.table": ("Table {number}: {title}", "表{number}: {title}"),
    "succ.kept": (" (a stone kept in each heap)", "(各山に1個以上残す)"),
    "succ.link": ("Where one move goes (seed 001)", "1手で移れる局面(シード 001)"),
    "error.title": ("Something was wrong", "エラー"),
    "error.back": ("Back to the games", "ゲーム一覧へ戻る"),
    "docs.title": ("JSON API", "JSON API"),
    "docs.intro": (
        "Every endpoint answers what the matching nimlab command prints with --json. "
        'Errors are {"error": {"kind", "message", "field"}} with a 4xx status. '
        "The machine-readable schema is /openapi.json.",
        "各エンドポイントは対応する nimlab コマンドの --json 出力と同じものを返します。"
        'エラーは 4xx ステータスと {"error": {"kind", "message", "field"}}。'
        "機械可読なスキーマは /openapi.json です。",
    ),
    "docs.parameters": ("Parameters", "パラメータ"),
    "docs.body": ("Body (a JSON object)", "本文(JSON のオブジェクト)"),
    "docs.responses": ("Responses", "レスポンス"),
    "docs.required": ("required", "必須"),
}


def t(lang: str, key: str, **values: object) -> str:
    """The text ``key`` in ``lang``, with ``{name}`` fields filled in."""
    en, ja = UI[key]
    text = ja if lang == "ja" else en
    return text.format(**values) if values else text


def table(lang: str) -> dict[str, str]:
    """Every text in ``lang`` (for the pages' scripts)."""
    return {key: t(lang, key) for key in UI}


def choose(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The language of a request."""
    for candidate in (query, cookie):
        if candidate in LANGUAGES:
            return candidate
    if accept:
        return _preferred(accept)
    return "en"


def _preferred(accept: str) -> str:
    """The language of ``LANGUAGES`` an Accept-Language header prefers (RFC 9110 §12.5.4:
    the highest q, the first of equals; English when it names neither).

    >>> _preferred("en;q=0.1, ja;q=0.9"), _preferred("ja-JP,en"), _preferred("fr, *")
    ('ja', 'ja', 'en')
    """
    best, best_q = "en", 0.0
    for part in accept.split(",")[:32]:
        tag, _, parameters = part.partition(";")
        q = 1.0
        for parameter in parameters.split(";"):
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = min(max(float(value), 0.0), 1.0)
                except ValueError:
                    q = 0.0
        language = tag.strip().lower().split("-")[0]
        if language in LANGUAGES and q > best_q:  # (a NaN q is never greater)
            best, best_q = language, q
    return best
