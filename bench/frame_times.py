"""Frame times of the table over a 2,000-frame bot game at 1280x720, and the time from start to the first frame.

Runs ``zipai --demo --live-bots`` (bots think in a worker process, as in play) in a fresh process with the dummy
video driver. Targets (issue 5): p99 <= 12 ms, first frame <= 1.5 s.
Run: python bench/frame_times.py [frames] [guilin|bohu]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rules = sys.argv[2] if len(sys.argv) > 2 else "guilin"
    with tempfile.TemporaryDirectory() as tmp:
        # The demo goes through the store: keep its autosave and history in the temporary folder.
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ZIPAI_HOME=tmp)
        times_file = Path(tmp) / "times.txt"

        def demo(n: int) -> float:
            start = time.perf_counter()
            command = [sys.executable, "-m", "zipai_desktop.cli", "--demo", "--live-bots", "--rules", rules]
            command += ["--seed", "7", "--frames", str(n), "--frame-times", str(times_file)]
            subprocess.run(command, env=env, check=True, capture_output=True)
            return time.perf_counter() - start

        first = demo(1)
        demo(frames)
        times = sorted(float(x) for x in times_file.read_text().split())
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"{rules}: {len(times)} frames at 1280x720: median {statistics.median(times):.2f} ms, "
        f"p99 {p99:.2f} ms, max {times[-1]:.2f} ms"
    )
    print(f"start to first frame (process start, one frame, exit): {first:.2f} s")


if __name__ == "__main__":
    main()
