"""Optional parts of nimlab and the packages they need: ``pip install 'nimlab[EXTRA]'``.

The core (``pip install nimlab``: numpy, numba, rich) solves, explains and
plays every game. The web app, Dask sweeps and Parquet export, and plots need
extras; a command that needs a missing extra says which to install:

>>> MissingExtra.exit_code, sorted(EXTRAS)
(2, ['plot', 'research', 'web'])
"""

from __future__ import annotations

import importlib.util

from nimlab.errors import NimlabError

EXTRAS: dict[str, tuple[str, ...]] = {
    "web": ("fastapi", "uvicorn", "jinja2"),
    "research": ("dask", "distributed", "pyarrow"),
    "plot": ("matplotlib",),
}
"""Each extra and the modules it brings (pyproject.toml's optional dependencies)."""


class MissingExtra(NimlabError):
    """A command needs an optional part of nimlab that is not installed."""

    kind = "missing_extra"


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` if a module of ``extra`` cannot be imported.

    ``what`` names the command or function that needs it, e.g. ``nimlab serve``.
    """
    for module in EXTRAS[extra]:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            raise MissingExtra(f"{what} needs the {extra} extra: pip install 'nimlab[{extra}]'")
