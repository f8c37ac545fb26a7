"""Every example in README.md runs and prints what the README says it prints.

The README's examples come in four kinds of fenced block:

* ```` ```console ````: ``$ COMMAND`` lines, each followed by the output it prints
  (stdout and stderr as a terminal shows them; ``...`` stands for any text, as in
  doctest). A command whose output starts with ``nimlab:`` must fail (exit 2 or 3),
  every other must succeed. Each block runs in a fresh directory, in order.
* ```` ```python FILE ````: a file the console blocks use (``--rules my_games.py``),
  written into that directory first.
* ```` ```pycon ````: Python sessions, run as doctests in one namespace.
* ```` ```sh ````: long-running or environment commands, handled explicitly here:
  ``make`` targets must exist (``make run`` serves, tested by starting ``nimlab serve``),
  ``pip install`` extras must exist, and every ``curl`` line is sent to a running
  ``nimlab serve``.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
BLOCK = re.compile(r"^```([a-z]+)(?: (\S+))?\n(.*?)^```$", re.M | re.S)
BLOCKS = [(m.group(1), m.group(2), m.group(3)) for m in BLOCK.finditer(README)]
FILES = {name: text for kind, name, text in BLOCKS if kind == "python" and name}


@dataclass(frozen=True)
class Example:
    command: str
    output: str

    @property
    def fails(self) -> bool:
        return self.output.startswith("nimlab: ")


def examples(block: str) -> list[Example]:
    """The ``$ command`` lines of a console block, each with the output shown below it."""
    found: list[Example] = []
    for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
        command, _, output = chunk.partition("\n")
        found.append(Example(command, output.strip("\n")))
    return found


CONSOLE = [examples(text) for kind, _, text in BLOCKS if kind == "console"]


def test_the_readme_has_examples_of_every_kind() -> None:
    assert len(CONSOLE) >= 6 and sum(map(len, CONSOLE)) >= 30
    assert all(e.output for block in CONSOLE for e in block if "nimlab" in e.command)
    assert FILES and any(kind == "pycon" for kind, _, _ in BLOCKS)


def run(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    # a plain progress line a minute off a terminal is not part of what a command prints:
    # on a loaded machine `nimlab verify` passed a minute and printed one
    env["NIMLAB_PROGRESS_SECONDS"] = "3600"
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=600,
    )


@pytest.mark.parametrize("block", CONSOLE, ids=[b[0].command.split(" --")[0][:40] for b in CONSOLE])
def test_console_examples_print_what_the_readme_shows(block: list[Example], tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text)
    checker = doctest.OutputChecker()
    for example in block:
        result = run(example.command, tmp_path)
        shown = (result.stdout + result.stderr).rstrip("\n")
        if example.fails:
            assert result.returncode in (2, 3), (example.command, result.returncode)
        else:
            assert result.returncode == 0, (example.command, result.stderr)
        assert checker.check_output(example.output + "\n", shown + "\n", doctest.ELLIPSIS), (
            f"$ {example.command}\n--- the README shows ---\n{example.output}\n"
            f"--- it prints ---\n{shown}"
        )


def test_python_examples_run_as_doctests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    namespace: dict[str, object] = {}
    sessions = [text for kind, _, text in BLOCKS if kind == "pycon"]
    for i, text in enumerate(sessions):
        test = parser.get_doctest(text, namespace, f"README pycon block {i + 1}", "README.md", 0)
        runner.run(test, clear_globs=False)
        namespace.update(test.globs)
    assert runner.failures == 0 and runner.tries >= 15


def sh_lines() -> list[str]:
    lines: list[str] = []
    for kind, _, text in BLOCKS:
        if kind == "sh":
            joined = text.replace("\\\n", " ")
            lines += [line.split("  #")[0].strip() for line in joined.splitlines() if line.strip()]
    return lines


def test_every_sh_line_is_handled() -> None:
    makefile = (ROOT / "Makefile").read_text()
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for line in sh_lines():
        words = shlex.split(line)
        if words[0] == "make":
            assert re.search(rf"^{words[1]}:", makefile, re.M), line
        elif words[:2] == ["pip", "install"]:
            (extra,) = re.findall(r"nimlab\[(\w+)\]", line)
            assert extra in extras["optional-dependencies"], line
        else:
            assert words[0] == "curl", f"README command not run by any test: {line}"
    assert re.search(r"^run: .*\n\t\$\(BIN\)/nimlab serve$", makefile, re.M)  # make run serves


def test_make_run_serves_the_readmes_curl_examples(tmp_path: Path) -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "nimlab", "serve", "--port", "0", "--workers", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        address = re.search(r"http://127\.0\.0\.1:\d+/", first)
        assert address, first
        curls = [shlex.split(line) for line in sh_lines() if line.startswith("curl")]
        assert len(curls) >= 4
        for words in curls:
            url = next(w for w in words if w.startswith("http://"))
            url = url.replace("http://127.0.0.1:8000/", address.group(0))
            data = words[words.index("-d") + 1].encode() if "-d" in words else None
            method = words[words.index("-X") + 1] if "-X" in words else "GET"
            request = urllib.request.Request(url, data=data, method=method)
            if "-H" in words:
                name, _, value = words[words.index("-H") + 1].partition(":")
                request.add_header(name.strip(), value.strip())
            with urllib.request.urlopen(request, timeout=60) as response:
                assert response.status == 200, url
                assert isinstance(json.loads(response.read()), dict), url
    finally:
        server.terminate()
        server.wait(timeout=30)
