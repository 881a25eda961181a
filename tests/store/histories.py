"""Histories of many real hands for the store's tests: a few real hands stored again and again, in one transaction."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from zipai_desktop.store.history import History

from .play import finished_hand

SEATS = ["human", "casual", "strong"]


def build_history(path: Path, hands: int, page_size: int | None = None) -> int:
    """A history of ``hands`` hands in matches of ten (a few real hands); returns its page size.

    With ``page_size`` (e.g. 1024) the file is made with small pages, so every record runs over overflow pages.
    """
    if page_size is not None:
        conn = sqlite3.connect(path)
        conn.execute(f"PRAGMA page_size = {page_size}")
        conn.execute("CREATE TABLE scratch (a)")  # writes the header with the page size; dropped again
        conn.execute("DROP TABLE scratch")
        conn.commit()
        conn.close()
    games = [finished_hand("guilin", seed=s) for s in range(4)]
    with History(path) as history, history.transaction():
        for m in range(-(-hands // 10)):
            match_id = history.start_match("guilin", SEATS, seed=m)
            for n in range(min(10, hands - 10 * m)):
                history.add_hand(match_id, n, games[(m + n) % 4])
    conn = sqlite3.connect(path)
    page = int(conn.execute("PRAGMA page_size").fetchone()[0])
    conn.close()
    return page


def rows(path: Path, table: str) -> dict[int, tuple[object, ...]]:
    """Every row of a table of a sound history, by id."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return {int(r[0]): tuple(r) for r in conn.execute(f"SELECT * FROM {table}")}
    finally:
        conn.close()
