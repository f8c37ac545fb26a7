"""nimlab's misère quotients against Aaron Siegel's MisereSolver, code by code.

MisereSolver is the program of Plambeck and Siegel's misère-quotient papers; its
source is part of CGSuite (github.com/aaron-siegel/cgsuite,
``lib/core/src/main/scala/org/cgsuite/core/misere/solver``). Nothing of it is in
this repository: this script builds it from a CGSuite checkout in a temporary
directory, replacing its one dependency on the rest of CGSuite (the
``HeapRuleset`` that lists a heap's options) by a few lines for octal codes,
then runs it to the same largest heap as each row of ``quotients.csv`` and
compares the heaps where the order changes and the orders.

    .venv/bin/python research/misere/compare_misere_solver.py \\
        --cgsuite /path/to/cgsuite --out research/misere/misere-solver.csv

Needs a JDK (``javac``, ``java``). About a minute for the 511 codes on 2 cores.
"""

from __future__ import annotations

import argparse
import csv
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SOLVER = Path("lib/core/src/main/scala/org/cgsuite/core/misere/solver")
FILES = (
    "MisereSolver",
    "BipartiteMonoid",
    "CommutativeMonoid",
    "DirectSumMonoid",
    "ExplicitFiniteMonoid",
    "Pretension",
    "Relation",
    "Word",
)
PACKAGE = "package org.cgsuite.core.misere.solver;\nimport java.util.*;\n"

RULES = PACKAGE + """
/** The options of a heap of the octal game d0.d1d2... (the adapter for MisereSolver). */
public class OctalRules {
    final int[] d;
    public OctalRules(int[] d) { this.d = d; }
    public List<int[]> options(int n) {
        List<int[]> out = new ArrayList<>();
        for (int k = 1; k < d.length && k <= n; k++) {
            if ((d[k] & 1) != 0 && k == n) out.add(new int[0]);
            if ((d[k] & 2) != 0 && n - k >= 1) out.add(new int[]{n - k});
            if ((d[k] & 4) != 0) for (int a = 1; 2 * a <= n - k; a++) out.add(new int[]{a, n - k - a});
        }
        return out;
    }
    public String toString() { return "octal"; }
}
"""

TIMEOUT = PACKAGE + "public class TimeoutException extends RuntimeException {}\n"

MAIN = PACKAGE + """
/** java Main CODE N: the heaps where the order of the quotient of heaps <= h changes. */
public class Main {
    public static void main(String[] args) {
        String digits = args[0].replace(".", "");
        int[] d = new int[digits.length()];
        for (int i = 0; i < d.length; i++) d[i] = digits.charAt(i) - '0';
        MisereSolver solver = new MisereSolver(new OctalRules(d));
        int max = Integer.parseInt(args[1]), last = 1;
        for (int n = 1; n <= max; n++) {
            solver.next();
            int size = solver.currentPretension().quotient.monoid.size();
            if (size != last) { System.out.print(n + ":" + size + " "); last = size; }
        }
        System.out.println("| done " + max);
    }
}
"""


def adapted(source: str) -> str:
    """MisereSolver.java with the octal adapter in place of CGSuite's HeapRuleset."""
    for line in (
        "import org.cgsuite.core.impartial.HeapRuleset;\n",
        "import org.cgsuite.core.impartial.TakeAndBreak;\n",
        "import scala.collection.immutable.IndexedSeq;\n",
        "import scala.jdk.CollectionConverters;\n",
    ):
        source = source.replace(line, "")
    source = source.replace("HeapRuleset", "OctalRules")
    start = source.index("    public MisereSolver(InputStream msvInputStream)")
    source = source[:start] + source[source.index("    public OctalRules getRules()") :]
    start = source.index("    public List<int[]> heapOptions(int heapSize) {")
    source = (
        source[:start]
        + "    public List<int[]> heapOptions(int heapSize) { return rules.options(heapSize); }\n\n"
        + source[source.index("    public void next()") :]
    )
    return source.replace("rules.allOptions(heap).isEmpty()", "rules.options(heap).isEmpty()")


def build(cgsuite: Path, work: Path) -> Path:
    package = work / "src" / "org" / "cgsuite" / "core" / "misere" / "solver"
    package.mkdir(parents=True)
    for name in FILES:
        text = (cgsuite / SOLVER / f"{name}.java").read_text()
        (package / f"{name}.java").write_text(adapted(text) if name == "MisereSolver" else text)
    for name, text in (("OctalRules", RULES), ("TimeoutException", TIMEOUT), ("Main", MAIN)):
        (package / f"{name}.java").write_text(text)
    classes = work / "classes"
    sources = [str(p) for p in package.glob("*.java")]
    subprocess.run(["javac", "-nowarn", "-d", str(classes), *sources], check=True)
    return classes


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cgsuite", type=Path, required=True, help="a checkout of CGSuite")
    parser.add_argument("--quotients", type=Path, default=Path("research/misere/quotients.csv"))
    parser.add_argument("--out", type=Path, default=Path("research/misere/misere-solver.csv"))
    parser.add_argument("--seconds", type=float, default=60.0, help="per code")
    args = parser.parse_args()
    rows = list(csv.DictReader(args.quotients.open()))
    work = Path(tempfile.mkdtemp())
    try:
        classes = build(args.cgsuite, work)

        def compare(row: dict[str, str]) -> dict[str, object]:
            command = ["java", "-cp", str(classes), "org.cgsuite.core.misere.solver.Main"]
            done = subprocess.run(
                [*command, row["code"], row["max_heap"]],
                capture_output=True,
                text=True,
                timeout=args.seconds,
            )
            theirs = done.stdout.split("|")[0].split()
            return {
                "code": row["code"],
                "max_heap": row["max_heap"],
                "nimlab": row["orders_changed_at"],
                "misere_solver": " ".join(theirs),
                "agree": theirs == row["orders_changed_at"].split(),
            }

        with ThreadPoolExecutor(2) as pool:
            results = list(pool.map(compare, rows))
    finally:
        shutil.rmtree(work)
    with args.out.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(results[0]))
        writer.writeheader()
        writer.writerows(results)
    agree = sum(bool(r["agree"]) for r in results)
    print(f"{agree} of {len(results)} codes agree (order and the heaps where it changes)")
    return 0 if agree == len(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
