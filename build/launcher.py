"""Entry point of the PyInstaller bundle (build/zipai.spec): the ``zipai`` command, as ``pip install`` makes it."""

import multiprocessing
import sys

from zipai_desktop.cli import main

if __name__ == "__main__":
    # The strong bot thinks in a worker process; a frozen program must let the child run its task (spawn on
    # Windows/macOS) instead of starting the game again.
    multiprocessing.freeze_support()
    sys.exit(main())
