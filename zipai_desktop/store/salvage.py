"""Saving what can be read from a damaged history database into a new one (like the ``sqlite3`` shell's ``.recover``).

Python's ``sqlite3`` has no ``.recover``, and the shell is not on every player's machine, so the rows are read one at a
time in key order: ``rowid > x ORDER BY rowid LIMIT 1``. A read that meets a damaged page fails; the walk then skips
ahead (doubling the step until a read succeeds, then narrowing back by bisection to the first readable row), so one
bad page costs the rows on that page and no others. A hand whose match row was lost gets a stand-in match built from
the hand's own columns, so the hand stays listed and counted. The damaged file itself is never written: it is opened
read-only (``immutable``), and the caller keeps it aside.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The history's tables with a rowid, parents before children (the order the schema creates them).
ROWID_TABLES = ("matches", "hands", "competitions")
HUMAN = "human"
_TOP = 1 << 62


@dataclass
class Salvaged:
    """How many rows of each table were saved, and how many stretches of rows could not be read."""

    rows: dict[str, int] = field(default_factory=dict)
    bad_stretches: int = 0

    @property
    def hands(self) -> int:
        return self.rows.get("hands", 0)


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")]


def _walk(conn: sqlite3.Connection, table: str, columns: list[str], report: Salvaged) -> Iterator[tuple[Any, ...]]:
    """Every readable row of ``table`` (the listed columns), in rowid order, skipping damaged stretches."""
    sql = f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT 1"

    def probe(after: int) -> tuple[bool, tuple[Any, ...] | None]:
        try:
            row = conn.execute(sql, (after,)).fetchone()
        except sqlite3.DatabaseError:
            return False, None
        return True, row

    cursor = -_TOP
    while True:
        ok, row = probe(cursor)
        if ok:
            if row is None:
                return
            yield tuple(row[1:])
            cursor = int(row[0])
            continue
        report.bad_stretches += 1
        step = 1
        while cursor + step < _TOP and not probe(cursor + step)[0]:
            step *= 2
        if cursor + step >= _TOP:
            return  # nothing readable after the damage
        low, high = cursor + step // 2, cursor + step  # the first readable position lies in (low, high]
        while high - low > 1:
            middle = (low + high) // 2
            if probe(middle)[0]:
                high = middle
            else:
                low = middle
        cursor = high


def _stand_in_match(new: sqlite3.Connection, hand: dict[str, Any]) -> None:
    """A match row for a hand whose match was lost: what the hand itself says (rules, seats, when)."""
    seats = json.loads(hand["seats"])
    new.execute(
        "INSERT OR IGNORE INTO matches (id, rules, players, options, seats, seed, started_at, practice, bots_only) "
        "VALUES (?, ?, ?, '{}', ?, NULL, ?, ?, ?)",
        (
            hand["match_id"],
            hand["rules"],
            len(seats),
            hand["seats"],
            hand["played_at"],
            int(not hand["counted"] and HUMAN in seats),
            int(HUMAN not in seats),
        ),
    )


def salvage(damaged: Path, new: sqlite3.Connection) -> Salvaged:
    """Copy every readable row of the history at ``damaged`` into the (migrated, empty) database ``new``."""
    report = Salvaged()
    try:
        old = sqlite3.connect(f"{damaged.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return report
    try:
        try:
            old_tables = {str(r[0]) for r in old.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError:
            return report  # the schema itself is unreadable: nothing to walk
        new.execute("BEGIN IMMEDIATE")
        try:
            hand_ids: list[tuple[int, dict[str, Any]]] = []
            for table in ROWID_TABLES:
                if table not in old_tables:
                    continue
                try:
                    wanted = _columns(new, table)
                    columns = [c for c in _columns(old, table) if c in wanted]
                except sqlite3.DatabaseError:
                    continue
                insert = (
                    f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
                )
                saved = 0
                for values in _walk(old, table, columns, report):
                    row = dict(zip(columns, values, strict=True))
                    try:
                        new.execute(insert, values)
                    except sqlite3.IntegrityError:
                        if table != "hands" or not {"match_id", "seats", "rules", "played_at"} <= row.keys():
                            continue
                        try:
                            _stand_in_match(new, row)
                            new.execute(insert, values)
                        except (sqlite3.Error, ValueError, TypeError):
                            continue
                    saved += 1
                    if table == "hands" and "id" in row:
                        hand_ids.append((int(row["id"]), row))
                report.rows[table] = saved
            if "human_stake" not in _columns(old, "hands") and "human_stake" in _columns(new, "hands"):
                new.execute("UPDATE hands SET human_stake = human_points * stake_unit")
            report.rows["hand_bots"] = _salvage_hand_bots(old, new, hand_ids, old_tables)
            new.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                new.execute("ROLLBACK")
            raise
    finally:
        old.close()
    return report


def _salvage_hand_bots(
    old: sqlite3.Connection, new: sqlite3.Connection, hands: list[tuple[int, dict[str, Any]]], old_tables: set[str]
) -> int:
    """The bot levels of each saved hand: read from the damaged file, or (where that part is lost) from its seats."""
    columns = _columns(new, "hand_bots")
    insert = f"INSERT OR IGNORE INTO hand_bots ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    saved = 0
    for hand_id, hand in hands:
        rows: list[tuple[Any, ...]] | None = None
        if "hand_bots" in old_tables:
            with contextlib.suppress(sqlite3.DatabaseError):
                rows = old.execute(
                    f"SELECT {', '.join(columns)} FROM hand_bots WHERE hand_id = ?", (hand_id,)
                ).fetchall()
        if rows is None:  # lost with a damaged page: the levels are the bot seats of the hand
            with contextlib.suppress(KeyError, ValueError, TypeError):
                levels = sorted({str(k) for k in json.loads(hand["seats"]) if k != HUMAN})
                copy = {
                    "counted": hand["counted"],
                    "played_at": hand["played_at"],
                    "rules": hand["rules"],
                    "human_seats": hand.get("human_seats", 0),
                    "human_points": hand.get("human_points", 0),
                    "human_won": hand.get("human_won", 0),
                }
                rows = [
                    tuple(hand_id if c == "hand_id" else level if c == "level" else copy.get(c, 0) for c in columns)
                    for level in levels
                ]
        for row in rows or []:
            with contextlib.suppress(sqlite3.Error):
                new.execute(insert, row)
                saved += 1
    return saved
