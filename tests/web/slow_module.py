"""A module whose import takes a while (imported by a worker's job, to be interrupted)."""

from __future__ import annotations

import time

time.sleep(0.6)
READY = True
