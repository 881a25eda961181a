"""Peak memory of the table over a long bot game: ``zipai --demo --live-bots`` for N frames (default 6,000).

Runs headless (dummy video and audio drivers, a temporary ZIPAI_HOME) and prints the peak resident set size of the
largest process (the window's or its bot worker's) and the time taken. Target (issue 13): <= 120 MB.
Run: python bench/demo_memory.py [frames] [guilin|bohu] [bot level]
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time


def main() -> None:
    frames = sys.argv[1] if len(sys.argv) > 1 else "6000"
    rules = sys.argv[2] if len(sys.argv) > 2 else "guilin"
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ZIPAI_HOME=tmp)
        command = [sys.executable, "-m", "zipai_desktop.cli", "--demo", "--live-bots", "--rules", rules]
        command += ["--seed", "7", "--frames", frames]
        load = os.getloadavg()[0]
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        seconds = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # Linux: kilobytes, the largest process
    print(
        f"{rules} demo, {frames} frames: peak RSS {peak_kb / 1024:.1f} MB (largest process; {seconds:.0f} s, "
        f"load {load:.2f} -> {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
