"""Preloaded by the worker pool's forkserver, so that it dies with the server that started it.

The workers are children of the forkserver process, not of the server: their
``PR_SET_PDEATHSIG`` fires when the forkserver dies. Importing this module in
the forkserver asks Linux to kill the forkserver when the server dies, so a
``kill -9`` of the server takes the forkserver and then every worker with it,
even a worker busy in compiled code that its watchdog thread cannot interrupt.
Imported anywhere else, it does nothing.
"""

from __future__ import annotations

import sys

from nimlab.web.workers import die_with_parent


def in_forkserver() -> bool:
    """Whether this process is a multiprocessing forkserver (``python -c 'from ...'``)."""
    main = sys.modules.get("__main__")
    return (
        sys.argv[:1] == ["-c"]
        and "multiprocessing.forkserver" in sys.modules
        and getattr(main, "__file__", None) is None
    )


if in_forkserver():
    die_with_parent()
