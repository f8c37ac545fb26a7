"""Games from a user's Python file: ``nimlab COMMAND --rules my_games.py``.

The file is run as a module; every ruleset it defines at module level (a
``nimlab.heap_game(f, name="mygame")``, an instance of a ``HeapRuleset``
subclass, …) is then named by its spec on the command line, as a built-in
game is. This runs the file's code, so only the command line offers it: the
web app accepts declarative specs only (it parses games with
``user_rules=False`` and never imports this module).

Every problem is one line naming the file: a missing file, a syntax error
(file, line, message), an error while running it, no ruleset defined, a
ruleset named like a built-in game.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "mine.py"
>>> _ = path.write_text("import nimlab\\nhalf = nimlab.heap_game(lambda n: [n // 2] if n else [], "
...                     "name='halving')\\n")
>>> [g.spec for g in load_rules(path)]
['halving']
>>> import nimlab
>>> nimlab.analyze("halving", "9").outcome
'P'
"""

from __future__ import annotations

import os
from pathlib import Path

from nimlab.errors import InvalidGame, InvalidOption
from nimlab.files import reason
from nimlab.games.base import Ruleset
from nimlab.registry import USER_RULES, game
from nimlab.text import user_error

_LOADED_FROM: dict[str, str] = {}
"""The file each user ruleset came from: loading a file again replaces its own rulesets."""


def load_rules(path: str | os.PathLike[str]) -> tuple[Ruleset, ...]:
    """Run ``path`` and name its module-level rulesets by their specs; returns them."""
    if not isinstance(path, str | os.PathLike):
        raise InvalidOption(
            f"load_rules takes the path of a Python file (str or os.PathLike), "
            f"not {type(path).__name__}",
            ja=f"load_rules には Python のファイルのパス（str か os.PathLike）を渡します"
            f"（{type(path).__name__} ではない）",
        )
    file = Path(path)
    where = str(path)
    if not file.is_file():
        what, what_ja = (
            ("no such file", "そのようなファイルはありません")
            if not file.exists()
            else ("a folder, not a file", "フォルダでファイルではありません")
            if file.is_dir()
            else ("not a regular file", "通常のファイルではありません")
        )
        raise InvalidOption(
            f"--rules {where}: {what} (give a Python file, e.g. games.py)",
            ja=f"--rules {where}: {what_ja}（Python のファイルを指定してください。例 games.py）",
        )
    if file.suffix != ".py":
        raise InvalidOption(
            f"--rules {where}: not a Python file (.py)",
            ja=f"--rules {where}: Python のファイル（.py）ではありません",
        )
    try:
        source = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:  # a binary file named .py
        raise InvalidOption(
            f"--rules {where}: not a Python file (not UTF-8 text)",
            ja=f"--rules {where}: Python のファイルではありません（UTF-8 のテキストではない）",
        ) from None
    except OSError as error:
        raise InvalidOption(
            f"--rules {where}: cannot read it ({reason(error)})",
            ja=f"--rules {where}: 読めません（{reason(error, 'ja')}）",
        ) from None
    try:
        code = compile(source, where, "exec")
    except SyntaxError as error:
        raise InvalidOption(
            f"{where}:{error.lineno}: syntax error: {error.msg}",
            ja=f"{where}:{error.lineno}: 構文エラー: {error.msg}",
        ) from None
    except (RecursionError, MemoryError):  # an expression nested past Python's compiler
        raise InvalidOption(
            f"{where}: too deeply nested for Python's compiler (split the expression up)",
            ja=f"{where}: Python のコンパイラには入れ子が深すぎます（式を分けてください）",
        ) from None
    namespace: dict[str, object] = {"__name__": f"nimlab_rules.{file.stem}", "__file__": where}
    try:
        exec(code, namespace)
    except (Exception, SystemExit) as error:  # exit() in the file is a failure of the file
        raise InvalidOption(
            f"{_line(error, where)}: {user_error(error)} (raised as the file was loaded)",
            ja=f"{_line(error, where)}: {user_error(error)}（ファイルの読み込み中に起きたエラー）",
        ) from None
    found: list[Ruleset] = []
    for value in namespace.values():
        if isinstance(value, Ruleset) and value not in found:
            found.append(value)
    if not found:
        raise InvalidOption(
            f"{where} defines no ruleset at module level; define one, e.g. "
            "mygame = nimlab.heap_game(lambda n: [n - 1] if n else [], name='mygame')",
            ja=(
                f"{where} はモジュールの最上位でルールを 1 つも定義していません。例えば mygame = "
                "nimlab.heap_game(lambda n: [n - 1] if n else [], name='mygame') "
                "と定義してください"
            ),
        )
    for ruleset in found:
        _check_name(ruleset, where, found)
    for ruleset in found:
        USER_RULES[ruleset.spec] = ruleset
        _LOADED_FROM[ruleset.spec] = str(file.resolve())
    return tuple(found)


def forget_rules() -> None:
    """Forget every ruleset loaded from a file (their specs name nothing again)."""
    USER_RULES.clear()
    _LOADED_FROM.clear()


def _check_name(ruleset: Ruleset, where: str, found: list[Ruleset]) -> None:
    spec = ruleset.spec
    if not isinstance(spec, str) or not spec.strip() or "+" in spec or spec != spec.strip():
        raise InvalidOption(
            f"{where}: a ruleset's name {spec!r} must be non-empty text without '+' "
            "(give it with name='mygame')",
            ja=(
                f"{where}: ルールの名前 {spec!r} は '+' を含まない空でない文字列です（"
                "name='mygame' で付けてください）"
            ),
        )
    try:
        builtin = game(spec, user_rules=False)
    except InvalidGame:
        builtin = None
    if builtin is not None:
        raise InvalidOption(
            f"{where}: the ruleset {spec!r} has the name of the built-in game {builtin.spec!r}; "
            "rename it (name='...')",
            ja=(
                f"{where}: ルール {spec!r} は組み込みのゲーム {builtin.spec!r} と同じ名前です。"
                "名前を変えてください（name='...'）"
            ),
        )
    twins = [r for r in found if r.spec == spec and r != ruleset]
    known = USER_RULES.get(spec)
    elsewhere = _LOADED_FROM.get(spec) != str(Path(where).resolve())
    if twins or (known is not None and known != ruleset and elsewhere):
        raise InvalidOption(
            f"{where}: two different rulesets are named {spec!r}; rename one",
            ja=(
                f"{where}: 異なる 2 つのルールが {spec!r} という名前です。"
                "一方の名前を変えてください"
            ),
        )


def _line(error: BaseException, where: str) -> str:
    """``file:line`` of the innermost frame of ``error`` in the user's file."""
    import traceback

    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == where]
    return f"{where}:{frames[-1].lineno}" if frames else where
