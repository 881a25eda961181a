"""Peak memory of ``zipai sim --hands N`` (default 20,000): the child's peak resident set size, in MB.

Target (issue 13): <= 80 MB. Run: python bench/sim_memory.py [N] [extra zipai sim arguments...]
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time


def main() -> None:
    n = sys.argv[1] if len(sys.argv) > 1 else "20000"
    extra = sys.argv[2:]
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
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # Linux: kilobytes
    print(
        f"zipai sim --hands {n} {' '.join(extra)}: peak RSS {peak_kb / 1024:.1f} MB "
        f"({seconds:.0f} s, load {load:.2f} -> {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
