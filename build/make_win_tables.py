"""Build zipai_desktop/engine/win/tables.bin: the win check's tables (engine/win/automaton.py), ahead of time.

Building them takes seconds (every state a hand of up to 22 free cards can reach, then minimised), too long for an
import; the file holds them compressed in a small versioned binary format (described in engine/win/tables.py) and is
read as package data at import. Run after any change to engine/win/automaton_build.py or to the format;
tests/engine/win/test_automaton.py checks the shipped tables against a fresh build.
Run: python build/make_win_tables.py
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path
from types import ModuleType

WIN = Path(__file__).resolve().parent.parent / "zipai_desktop" / "engine" / "win"


def _module(name: str) -> ModuleType:
    """One module of the win package, loaded from its file alone: importing the package reads the very file this
    script makes (which may be missing, or of an older format). The builder and the format import nothing of it."""
    spec = importlib.util.spec_from_file_location(f"_win_{name}", WIN / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    start = time.perf_counter()
    builder, tables = _module("automaton_build"), _module("tables")
    out = WIN / tables.TABLES_FILE
    out.write_bytes(tables.encode_tables({erqishi: builder.build_tables(erqishi) for erqishi in (True, False)}))
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB) in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
