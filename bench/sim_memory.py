"""Peak memory of ``zipai sim --hands N`` (default 20,000): each run's peak resident set size, in MB.

Each pass is a fresh ``zipai sim`` child; its own peak (``os.wait4``'s resource usage, Linux: kilobytes) is read, so
one pass's figure never carries into the next. The median of all the passes is reported with every pass, the
Python version and the machine's load. Floor (issue 27): <= 80 MB.

Run: python bench/sim_memory.py [N] [--passes K] [extra zipai sim arguments...]   (default 20000, 1 pass)
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time

FLOOR_MB = 80


def one_run(cmd: list[str]) -> tuple[float, float]:
    """(peak RSS in MB, wall seconds) of one child running ``cmd``."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: tell Popen, so it does not wait again
    if child.returncode != 0:
        raise SystemExit(f"zipai sim failed with exit status {child.returncode}")
    return usage.ru_maxrss / 1024, time.perf_counter() - start


def main() -> None:
    args = sys.argv[1:]
    passes = 1
    if "--passes" in args:
        at = args.index("--passes")
        passes = int(args[at + 1])
        del args[at : at + 2]
    n = args[0] if args else "20000"
    extra = args[1:]
    cmd = [
        sys.executable,
        "-c",
        "import sys; from zipai_desktop.cli import main; sys.exit(main())",
        "sim",
        "--hands",
        n,
        "--json",
        *extra,
    ]
    load = os.getloadavg()[0]
    runs = [one_run(cmd) for _ in range(passes)]
    peak = statistics.median(mb for mb, _ in runs)
    each = ", ".join(f"{mb:.1f} MB in {seconds:.0f} s" for mb, seconds in runs)
    print(
        f"zipai sim --hands {n} {' '.join(extra)}: peak RSS {peak:.1f} MB, median of {passes} "
        f"pass{'es' if passes > 1 else ''} ({each}); Python {platform.python_version()}; "
        f"load {load:.2f} -> {os.getloadavg()[0]:.2f}; floor {FLOOR_MB} MB: {'met' if peak <= FLOOR_MB else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
