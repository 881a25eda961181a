"""A full disk is reported as a full disk, the hand that could not be stored leaves nothing half-written, and the
history takes it once there is room again.

SQLite rolls a transaction back by itself when the disk fills (``SQLITE_FULL``); the history's own rollback must not
then fail with "cannot rollback - no transaction is active" and hide the reason. The full disk is made with SQLite's
``max_page_count`` (the file may not grow past it: the same ``SQLITE_FULL`` a full disk gives).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from zipai_desktop.app.table.persist import Persistence
from zipai_desktop.store.history import History
from zipai_desktop.store.notice import error_text

from .histories import SEATS
from .play import finished_hand

FULL = "database or disk is full"


def _fill(history: History) -> None:
    pages = history.conn.execute("PRAGMA page_count").fetchone()[0]
    history.conn.execute(f"PRAGMA max_page_count = {pages}")


def _room(history: History) -> None:
    history.conn.execute("PRAGMA max_page_count = 1073741823")


def test_a_full_disk_is_named_and_nothing_is_half_written(home: Path) -> None:
    history = History()
    match_id = history.start_match("guilin", SEATS)
    history.add_hand(match_id, 0, finished_hand(seed=0))
    _fill(history)
    with pytest.raises(sqlite3.OperationalError) as caught:
        history.add_hand(match_id, 1, finished_hand(seed=1))
    assert str(caught.value) == FULL and error_text(caught.value) == FULL
    assert not history.conn.in_transaction and history.hand_id(match_id, 1) is None
    assert history.conn.execute("SELECT count(*) FROM hand_bots").fetchone()[0] == 2  # the first hand's only
    _room(history)
    history.add_hand(match_id, 1, finished_hand(seed=1))
    assert [h.hand_no for h in history.hands(match_id=match_id)] == [1, 0]
    history.close()


def test_the_player_is_told_the_disk_is_full(home: Path) -> None:
    """The table's notice for a hand it could not record carries SQLite's words for a full disk."""
    history = History()
    match_id = history.start_match("guilin", SEATS)
    history.add_hand(match_id, 0, finished_hand(seed=0))  # the tables' first pages now hold what fits in them
    persistence = Persistence(history, match_id=match_id)
    _fill(history)
    # (what Persistence reads of the table's controller: the match's count, the hand, the seats' given names, the
    # hand's 托管 mark)
    seats = [SimpleNamespace(entrant="") for _ in range(3)]
    controller: Any = SimpleNamespace(
        match=SimpleNamespace(played=1),
        game=finished_hand(seed=1),
        config=SimpleNamespace(seats=seats),
        autoplay_hand=False,
    )
    persistence.hand_finished(controller)
    (notice,) = persistence.messages
    assert getattr(notice, "key", None) == "history_not_recorded"
    assert getattr(notice, "params", {}).get("error") == FULL and FULL in notice and "rollback" not in notice
    _room(history)
    persistence.hand_finished(controller)  # the same hand, once there is room
    assert len(history.hands()) == 2
    history.close()


class _FullAtCommit:
    """A connection whose disk fills at the next commit: SQLite keeps the transaction open after such a failure."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.full = True

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "COMMIT" and self.full:
            self.full = False
            raise sqlite3.OperationalError(FULL)
        return self.conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def test_a_commit_that_fails_leaves_no_transaction_open(home: Path) -> None:
    history = History()
    match_id = history.start_match("guilin", SEATS)
    conn = history.conn
    history.conn = _FullAtCommit(conn)  # type: ignore[assignment]
    with pytest.raises(sqlite3.OperationalError, match=FULL):
        history.add_hand(match_id, 0, finished_hand(seed=3))
    assert not conn.in_transaction and history.hand_id(match_id, 0) is None
    history.add_hand(match_id, 0, finished_hand(seed=3))  # the next write starts a transaction of its own
    assert len(history.hands()) == 1
    history.conn = conn
    history.close()
