"""Shared pieces of the Chromium tests: the server, the browser, a tab that fails on errors.

Debian's ``chromium``, driven by Playwright. Without a chromium the tests skip,
unless ``NIMLAB_REQUIRE_BROWSER=1`` makes a missing browser a failure. With
``NIMLAB_SCREENSHOTS=DIR`` (``make screenshots``) :func:`shoot` keeps its
screenshots in DIR.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _require_browser() -> None:
    if Path(CHROMIUM).exists():
        return
    reason = "chromium is not installed (apt-get install chromium)"
    if os.environ.get("NIMLAB_REQUIRE_BROWSER") == "1":
        pytest.fail(reason + " and NIMLAB_REQUIRE_BROWSER=1")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    _require_browser()
    proc = subprocess.Popen(
        [sys.executable, "-m", "nimlab", "serve", "--port", "0", "--workers", "2", "--lang", "en"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("nimlab web app: "), line
    try:
        yield line.split()[3].rstrip("/")
    finally:
        proc.terminate()
        proc.wait(30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=ARGS,
            viewport={"width": 1200, "height": 900},
            locale="en-US",
        )
        context.set_default_timeout(30_000)
        yield context
        context.close()


REPORT_CSP = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline code"}`);
});
"""


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A tab; at the end, any console error or CSP violation on any page fails the test.

    A test that asks for refusals declares the console lines it expects with
    :func:`expect_console`; every other error still fails it.
    """
    browser.clear_cookies()
    tab = browser.new_page()
    problems: list[str] = []
    tab.add_init_script(REPORT_CSP)
    tab.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: problems.append(f"uncaught: {e}"))
    yield tab
    tab.close()
    expected = EXPECTED.pop(id(tab), ())
    assert not [p for p in problems if not any(e in p for e in expected)], problems


EXPECTED: dict[int, tuple[str, ...]] = {}
"""Console errors a test expects, by tab (see :func:`expect_console`)."""


def expect_console(page: Any, *lines: str) -> None:
    """Let console errors containing one of ``lines`` pass (e.g. a refused request's 400)."""
    EXPECTED[id(page)] = EXPECTED.get(id(page), ()) + lines


def shoot(page: Any, name: str) -> None:
    """Keep a screenshot of the page (in DIR with ``NIMLAB_SCREENSHOTS=DIR``, else discarded)."""
    folder = os.environ.get("NIMLAB_SCREENSHOTS")
    target = Path(folder) if folder else Path(tempfile.mkdtemp())
    target.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target / f"{name}.png"), full_page=True)


def wait_for_turn(page: Any) -> str:
    page.wait_for_function(
        "() => { const s = document.querySelector('#status').textContent;"
        " return s && !s.includes('thinking') && !s.includes('考えて'); }"
    )
    return str(page.locator("#status").inner_text())


def start_from_the_form(page: Any, game: str, position: str) -> None:
    """Type ``game`` and ``position`` into the play page's form and start that game."""
    page.fill("#play-game", game)
    page.fill("#play-position", position)
    page.click("#play-start")


def auto_game(page: Any, server: str, query: str) -> str:
    """Play the game of ``query`` computer against computer, fast, to its end; the status."""
    page.goto(server + "/play?" + query)
    wait_for_turn(page)
    page.select_option("#speed", "fast")
    page.click("#auto")
    page.wait_for_function("() => document.querySelector('#status').classList.length > 1")
    return str(page.locator("#status").inner_text())


PHONE = {"width": 390, "height": 844}
"""A phone's viewport (the narrow tests)."""


@pytest.fixture
def phone(page: Any) -> Any:
    """A tab 390 px wide."""
    page.set_viewport_size(PHONE)
    return page


def sideways(page: Any) -> list[str]:
    """What sticks out to the right of the page (empty when it does not scroll sideways)."""
    found: list[str] = page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= width) return [];
          return [...document.querySelectorAll("body *")]
            .filter((e) => e.getBoundingClientRect().right > width + 1)
            .filter((e) => !e.closest(".scroll"))
            .slice(0, 5)
            .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.getAttribute("class") || ""}`)
            .concat([`scrollWidth ${document.documentElement.scrollWidth} > ${width}`]);
        }"""
    )
    return found
