"""Build zipai_desktop/engine/win/tables_data.py: the win check's tables (engine/win/automaton.py), ahead of time.

Building them takes seconds (every state a hand of up to 22 free cards can reach, then minimised), too long for an
import; the data module holds them compressed and loads in a few milliseconds. The rows the win check walks,
made from them (engine/win/automaton.py), are written too, as marshal data (tables_rows.bin): reading them takes
about a fifth of making them. Run after any change to engine/win/automaton_build.py; tests/engine/win/test_automaton.py
checks the
shipped tables against a fresh build and the shipped rows against rows made from the shipped tables.
Run: python build/make_win_tables.py
"""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

from zipai_desktop.engine.win.automaton import ROWS_FILE, rows_blob
from zipai_desktop.engine.win.automaton_build import CAP, encode_tables

OUT = Path(__file__).resolve().parent.parent / "zipai_desktop" / "engine" / "free_split_data.py"


def main() -> None:
    start = time.perf_counter()
    parts = []
    tables = {}
    for erqishi in (True, False):
        text = tables[erqishi] = encode_tables(erqishi)
        lines = textwrap.wrap(text, 100)
        body = "\n".join(f'        "{line}"' for line in lines)
        parts.append(f"    {erqishi}: (\n{body}\n    ),")
    OUT.write_text(
        '"""The win check\'s tables (engine/win/automaton.py), built by build/make_win_tables.py: do not edit.\n\n'
        f"Per rule set (二七十 a group or not): the minimised automaton for every hand of up to {CAP} free cards, as\n"
        'zlib-compressed, base64-encoded arrays (state count, accept values, successors).\n"""\n\n'
        "TABLES: dict[bool, str] = {\n" + "\n".join(parts) + "\n}\n",
        encoding="utf-8",
    )
    ROWS_FILE.write_bytes(rows_blob(tables))  # the same tables as rows, ready to read at import
    sizes = f"{OUT} ({OUT.stat().st_size // 1024} KiB), {ROWS_FILE} ({ROWS_FILE.stat().st_size // 1024} KiB)"
    print(f"wrote {sizes} in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
