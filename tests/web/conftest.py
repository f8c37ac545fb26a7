"""A running web app for the tests: real worker processes, small limits so refusals are quick."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

# Starlette suggests its fork `httpx2`; the tests use httpx, as the project pins it.
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from nimlab.web.app import create_app  # noqa: E402
from nimlab.web.config import WebConfig  # noqa: E402
from web.browser import browser, page, phone, server  # noqa: E402, F401 (the Chromium tests')

TEST_CONFIG = WebConfig(
    max_states=200_000, remoteness_states=50_000, time_limit=2.0, grace=1.0, workers=2
)


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(TEST_CONFIG), raise_server_exceptions=False) as test_client:
        yield test_client
