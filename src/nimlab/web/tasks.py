"""Every job a worker process runs: analyses (:mod:`nimlab.web.jobs`), play (:mod:`.play`)
and the seeds' boards (:mod:`.seedboards`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nimlab.web import jobs, play, seedboards
from nimlab.web.jobs import configure

JOBS: dict[str, Callable[..., dict[str, Any]]] = {
    **jobs.JOBS,
    **play.PLAY_JOBS,
    **seedboards.SEED_JOBS,
}

__all__ = ["JOBS", "configure"]
