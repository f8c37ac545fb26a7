"""Where the output goes wrong: read-only folders, a full disk, closed or broken stdout.

A written file appears whole or not at all; every failure is one line and exit code 2.
Each case failed on the main of issue 12 (a traceback, or half a file under the name).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nimlab.cli.main import main
from nimlab.errors import InvalidOption
from nimlab.research import query


def nimlab(
    *args: str, drop_root: bool = False, **options: object
) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "nimlab", *args]
    if drop_root and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: cannot make a folder read-only to us")
        caps = "--bounding-set=-dac_override,-dac_read_search,-fowner"
        command = [setpriv, "--inh-caps=-all", "--ambient-caps=-all", caps, "--", *command]
    run_options: dict[str, object] = {"capture_output": True, "text": True, "timeout": 300}
    run_options.update(options)
    return subprocess.run(command, **run_options)  # type: ignore[call-overload, no-any-return]


@pytest.fixture(scope="module")
def atlas(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("atlas") / "atlas.sqlite")
    sweep = ["sweep", "subtraction", "--sizes", "2", "--max-element", "20", "--workers", "1"]
    with open(os.devnull, "w") as null:
        assert main([*sweep, "--db", path, "--quiet"], null) == 0
    return path


@pytest.mark.parametrize("target", ["a.csv", "a.parquet", "plot.png"])
def test_a_read_only_folder(atlas: str, tmp_path: Path, target: str) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o555)
    option = ["--plot", "period", "--out"] if target.endswith(".png") else ["--export"]
    try:
        r = nimlab("results", "--db", atlas, *option, str(folder / target), drop_root=True)
    finally:
        folder.chmod(0o755)
    assert r.returncode == 2 and "Permission denied" in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1 and list(folder.iterdir()) == []


@pytest.mark.parametrize("target", ["a.csv", "a.csv.gz", "a.parquet", "plot.png", "plot.svg"])
def test_a_full_disk(atlas: str, tmp_path: Path, target: str) -> None:
    full = tmp_path / target
    full.symlink_to("/dev/full")
    option = ["--plot", "period", "--out"] if target.startswith("plot") else ["--export"]
    r = nimlab("results", "--db", atlas, *option, str(full))
    assert r.returncode == 2 and "No space left on device" in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1 and full.is_symlink()


def test_a_failed_export_leaves_the_old_file_whole(
    atlas: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.csv"
    target.write_text("the old export\n")

    def half(db: str, where: object, path: str, *args: object, **kwargs: object) -> int:
        Path(path).write_text("family,params\nsubtraction,1,")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(query, "_csv", half)
    with pytest.raises(InvalidOption, match="No space left on device"):
        query.export(atlas, query.Filter(), str(target))
    assert target.read_text() == "the old export\n" and os.listdir(tmp_path) == ["a.csv"]


def test_an_export_replaces_the_old_file_whole(atlas: str, tmp_path: Path) -> None:
    target = tmp_path / "a.csv"
    target.write_text("the old export\n")
    assert query.export(atlas, query.Filter(), str(target)) == 190
    assert target.read_text().startswith("family,params") and os.listdir(tmp_path) == ["a.csv"]


def test_a_closed_stdout(atlas: str) -> None:
    r = nimlab(
        "results",
        "--db",
        atlas,
        stdout=None,
        pass_fds=(),
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert r.returncode == 2 and "standard output is closed" in r.stderr, r.stderr


def test_stdout_on_a_full_disk(atlas: str) -> None:
    with open("/dev/full", "w") as full:
        r = nimlab(
            "results",
            "--db",
            atlas,
            "--limit",
            "100",
            stdout=full,
            capture_output=False,
            stderr=subprocess.PIPE,
        )
    assert r.returncode == 2 and "No space left on device" in r.stderr
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "code", "answer"),
    [
        (("analyze", "nim", "3,x"), 2, ""),
        (("analyze", "nim", "3,x", "--json"), 2, '"invalid_position"'),
        (("analyze", "nim", "3,x", "--lang", "ja"), 2, ""),
        (("sequence", "nim", "--to", "99999999999"), 3, ""),
        (("analyze", "nim", "3,4"), 0, "grundy      7"),
    ],
)
def test_stderr_on_a_full_disk(args: tuple[str, ...], code: int, answer: str) -> None:
    """Found by the CLI fuzz: `nimlab analyze nim 3,x 2>/dev/full` exited 1 (the message
    failed to be written, and so did the traceback). What cannot be said changes nothing."""
    with open("/dev/full", "w") as full:
        r = nimlab(*args, stderr=full, stdout=subprocess.PIPE, capture_output=False)
    assert r.returncode == code and answer in r.stdout, (r.returncode, r.stdout)


def test_a_start_up_warning_on_a_full_stderr() -> None:
    """A malformed NIMLAB_PROGRESS_SECONDS is said at import; on a full stderr that was a
    traceback at import and exit 1."""
    env = dict(os.environ, NIMLAB_PROGRESS_SECONDS="abc")
    with open("/dev/full", "w") as full:
        r = nimlab("analyze", "nim", "3,x", stderr=full, capture_output=False, env=env)
    assert r.returncode == 2


def test_stdout_and_stderr_on_a_full_disk() -> None:
    with open("/dev/full", "w") as full:
        r = nimlab("analyze", "nim", "3,4", stdout=full, stderr=full, capture_output=False)
    assert r.returncode == 2


def test_progress_on_a_stderr_that_cannot_be_written() -> None:
    """The work meter and the progress bar's plain lines: the work goes on, unsaid."""
    import io

    from nimlab.limits import Limits
    from nimlab.progress import ProgressBar, WorkMeter

    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    meter = WorkMeter(stream=Full(), tty=False, log_seconds=0)
    meter(Limits(max_states=10_000).budget())
    meter(Limits(max_states=10_000).budget())
    assert meter.lost
    bar = ProgressBar("kayles to 1,000", 1000, "values", log_seconds=0, stream=Full())
    bar.update(250)
    bar.update(500)
    bar.close()
    assert bar.lost and bar.done == 500


def test_a_reader_that_leaves(atlas: str) -> None:
    command = [sys.executable, "-m", "nimlab", "sequence", "nim", "--to", "200000"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # `| head -0`
    err = process.stderr.read().decode()
    assert process.wait(300) == 0 and err == ""


@pytest.mark.parametrize(
    "extra",
    [("--limit", "1000"), ("--limit", "1000", "--json"), ("--plot", "period", "--out", "p.png")],
)
def test_results_honour_max_memory(
    atlas: str, tmp_path: Path, extra: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    extra = tuple(str(tmp_path / e) if e.endswith(".png") else e for e in extra)
    with open(os.devnull, "w") as null:
        assert main(["results", "--db", atlas, *extra, "--max-memory", "10K"], null) == 3
        assert main(["results", "--db", atlas, *extra, "--max-memory", "64M"], null) == 0
    assert "--max-memory" in capsys.readouterr().err


@pytest.mark.parametrize("args", [("--help",), ("--version",), ("analyze", "--help")])
def test_help_and_version_on_a_full_disk(args: tuple[str, ...]) -> None:
    """Found by the audit of 2026-11-27: argparse ignored the failed write, exit 0."""
    with open("/dev/full", "w") as full:
        r = nimlab(*args, stdout=full, capture_output=False, stderr=subprocess.PIPE)
    assert r.returncode == 2 and "cannot write standard output" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_a_plot_says_nothing_when_the_font_cache_lacks_a_font(atlas: str, tmp_path: Path) -> None:
    """Found by CI: a matplotlib font cache without the STIX fonts (rebuilt while they were
    missing) made every plot print "findfont: Font family ['STIXGeneral'] not found" on stderr.
    The plot falls back to another font; its output must not depend on that cache."""
    config = tmp_path / "mplconfig"
    config.mkdir()
    env = {**os.environ, "MPLCONFIGDIR": str(config)}
    build = "import matplotlib.font_manager as f; f.findfont('DejaVu Sans')"
    subprocess.run([sys.executable, "-c", build], env=env, check=True, timeout=300)
    (cache,) = config.glob("fontlist-*.json")
    fonts = json.loads(cache.read_text())
    fonts["ttflist"] = [f for f in fonts["ttflist"] if "STIX" not in f["name"]]
    cache.write_text(json.dumps(fonts))
    target = tmp_path / "p.png"
    r = nimlab("results", "--db", atlas, "--plot", "period", "--out", str(target), env=env)
    assert r.returncode == 0 and target.stat().st_size > 0, r.stderr
    assert r.stderr == "", r.stderr
