"""``python -m bench`` (``make bench``): run every workload, print a report, write results.json.

Speed is measured here and never asserted in tests. ``python -m bench NAME ...``
runs only the workloads whose names contain one of the words given.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

from bench import workloads

WORKLOADS = {
    "subtraction-all": workloads.subtraction_all,
    "subtraction-period": workloads.subtraction_periodic,
    "wythoff": workloads.wythoff_table,
    "split-delete-3": workloads.split_delete_positions,
    "kayles": lambda: workloads.sparse_octal(
        "kayles", (0, 7, 7), 10**6, "Kayles (0.77) to 10^6, sparse-space kernel, every value"
    ),
    "couples": lambda: workloads.sparse_octal(
        "octal:0.6", (0, 6), 2**20, ".6 (Couples-are-forever) to 2^20, sparse-space kernel"
    ),
    "cli": workloads.cli_startup,
}
RESULTS = Path(__file__).parent / "results.json"


def _report(result: dict[str, Any]) -> None:
    print(f"\n{result['workload']}")
    for key, value in result.items():
        if key != "workload":
            print(f"  {key:32} {value}")
    sys.stdout.flush()


def main(args: list[str]) -> int:
    chosen = {k: f for k, f in WORKLOADS.items() if not args or any(a in k for a in args)}
    print(f"nimlab benchmarks on {platform.node()}: {platform.processor() or platform.machine()}")
    results = []
    for name, run in chosen.items():
        start = time.perf_counter()
        result = run()
        result["name"] = name
        result["wall_seconds_incl_references"] = round(time.perf_counter() - start, 2)
        _report(result)
        results.append(result)
    document = {
        "machine": {"node": platform.node(), "python": platform.python_version()},
        "results": results,
    }
    RESULTS.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    print(f"\nwritten {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
