"""A damaged page in the history loses the hands on that page, not every hand: the rest is saved into a new file.

The damaged file is always kept aside unchanged, and the player gets one message saying how many hands were saved.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from zipai_desktop.store import paths
from zipai_desktop.store.history import History

from .histories import SEATS, build_history, rows
from .play import finished_hand

HANDS = 300


def _build(path: Path, page_size: int | None = None) -> int:
    """A history of 300 hands in 30 matches; its page size (see :func:`build_history`)."""
    return build_history(path, HANDS, page_size)


def _pages_of(path: Path, table: str, kind: str | None = None) -> list[int]:
    """The page numbers holding ``table``'s b-tree (the dbstat view; ``kind``: leaf, internal, overflow), in order."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype LIKE ? ORDER BY pageno", (table, kind or "%")
        ).fetchall()
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat view")
    finally:
        conn.close()
    return [int(r[0]) for r in rows]


def _damage(path: Path, page: int, page_size: int, seed: int) -> bytes:
    data = bytearray(path.read_bytes())
    rng = random.Random(seed)
    start = (page - 1) * page_size
    data[start : start + page_size] = bytes(rng.randrange(256) for _ in range(page_size))
    path.write_bytes(bytes(data))
    return bytes(data)


@pytest.mark.parametrize("where", [0.5, 0.3, 0.8])
def test_a_damaged_page_in_the_middle_loses_only_its_hands(home: Path, where: float) -> None:
    path = paths.history_path()
    page_size = _build(path)
    pages = _pages_of(path, "hands")
    total_pages = path.stat().st_size // page_size
    victim = pages[int(len(pages) * where)]
    damaged = _damage(path, victim, page_size, seed=int(where * 100))

    history = History()
    assert history.message is not None and history.persistent
    moved = sorted(path.parent.glob("history.sqlite.damaged-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == damaged  # the damaged copy, byte for byte
    assert moved[0].name in history.message and "saved" in history.message and "\n" not in history.message
    assert getattr(history.message, "key", None) == "history_salvaged"
    hands = history.hands()
    # One page of the hands b-tree (or of a record's overflow chain) holds a few hands; most survive.
    assert len(hands) >= HANDS * 0.9, (len(hands), victim, total_pages)
    assert len(hands) < HANDS or victim not in pages  # the damaged page really cost something (or was an overflow)
    assert str(len(hands)) in history.message
    # Each saved hand is whole: its record replays, its match is there, and statistics count it.
    from zipai_desktop.engine.record import replay

    for row in hands[:: max(1, len(hands) // 15)]:
        record = history.get_record(row.id)
        assert record is not None and replay(record).result is not None
    assert history.stats().hands == len([h for h in hands if h.counted])
    assert set(history.stats().vs) == {"casual", "strong"}
    # The new database is sound and takes new hands.
    match_id = history.start_match("guilin", SEATS)
    history.add_hand(match_id, 0, finished_hand())
    history.close()
    with History() as again:
        assert again.message is None and len(again.hands()) == len(hands) + 1


def test_a_damaged_page_of_the_matches_keeps_their_hands(home: Path) -> None:
    """Hands whose match row was lost get a stand-in match from their own columns: still listed and counted."""
    path = paths.history_path()
    page_size = _build(path)
    pages = _pages_of(path, "matches")
    _damage(path, pages[-1], page_size, seed=7)
    with History() as history:
        assert history.message is not None and "saved" in history.message
        hands = history.hands()
        assert len(hands) >= HANDS * 0.9
        matches = {h.match_id for h in hands}
        stored = {r[0] for r in history.conn.execute("SELECT id FROM matches")}
        assert matches <= stored
        assert history.stats().hands == len(hands)  # human seats, not practice: every saved hand counts


def test_a_damaged_first_page_loses_no_hand_and_keeps_the_file(home: Path) -> None:
    """The first page holds the header (the page size, SQLite's name) and the schema, no hand: the pages are read
    with this version's own layout of the rows and the page size found from the pages, so every hand is saved."""
    path = paths.history_path()
    page_size = _build(path)
    before = rows(path, "hands")
    damaged = _damage(path, 1, page_size, seed=1)
    with History() as history:
        assert history.message is not None and history.persistent
        assert getattr(history.message, "key", None) == "history_salvaged"
        assert f"the {HANDS} hands" in history.message and "header is lost" in history.message
        moved = sorted(path.parent.glob("history.sqlite.damaged-*"))
        assert len(moved) == 1 and moved[0].read_bytes() == damaged
        assert len(history.hands()) == HANDS
        assert rows(path, "hands") == before  # each hand as it was, column for column
        assert set(history.stats().vs) == {"casual", "strong"}


@pytest.mark.parametrize(("page_size", "kind"), [(None, "internal"), (1024, "internal"), (1024, "overflow")])
def test_damage_above_the_leaves_or_in_an_overflow_chain(home: Path, page_size: int | None, kind: str) -> None:
    """The hands table's root (no query reaches any hand then) or a page of a long record's overflow chain: the
    leaf pages are read directly, so every hand but the one whose record was on the damaged page is saved."""
    path = paths.history_path()
    size = _build(path, page_size)
    pages = _pages_of(path, "hands", kind)
    assert pages, f"no {kind} page"
    damaged = _damage(path, pages[len(pages) // 2], size, seed=11)
    with History() as history:
        assert history.message is not None and "saved" in history.message
        hands = history.hands()
        assert len(hands) >= HANDS - 1, len(hands)
        from zipai_desktop.engine.record import replay

        for row in hands[:: max(1, len(hands) // 10)]:
            record = history.get_record(row.id)
            assert record is not None and replay(record).result is not None
        assert set(history.stats().vs) == {"casual", "strong"}
    (moved,) = path.parent.glob("history.sqlite.damaged-*")
    assert moved.read_bytes() == damaged
