"""Run inside the bot worker process by tests/bots/test_worker.py: what does that process hold?

This module imports nothing of the game, so running it in the worker adds nothing to what the worker holds.
"""

from __future__ import annotations

import gc
import os
import sys


def engine_state_in_process() -> dict[str, object]:
    """The objects of the engine's hand state alive in this process (any Game, its windows, results), by type name,
    and the modules whose globals hold one; with this process's id."""
    gc.collect()
    state_types = {"Game", "HandState", "Window", "Pending", "HandResult", "WinInfo"}
    state_modules = {"zipai_desktop.engine.game", "zipai_desktop.engine.hand_state", "zipai_desktop.engine.flow_types"}
    found: dict[str, int] = {}
    for obj in gc.get_objects():
        kind = type(obj)
        if kind.__name__ in state_types and kind.__module__ in state_modules:
            found[kind.__name__] = found.get(kind.__name__, 0) + 1
    holders = sorted(
        name
        for name, module in list(sys.modules.items())
        if any(type(v).__name__ == "Game" for v in list(getattr(module, "__dict__", {}).values()))
    )
    return {"pid": os.getpid(), "objects": found, "module_globals": holders}
