"""Saving what can be read from a damaged history database into a new one (like the ``sqlite3`` shell's ``.recover``).

Python's ``sqlite3`` has no ``.recover``, and the shell is not on every player's machine, so the rows are read one at a
time in key order: ``rowid > x ORDER BY rowid LIMIT 1``. A read that meets a damaged page fails; the walk then skips
ahead (doubling the step until a read succeeds, then narrowing back by bisection to the first readable row), so one
bad page costs the rows on that page and no others. A hand whose match row was lost gets a stand-in match built from
the hand's own columns, so the hand stays listed and counted. The damaged file itself is never written: it is opened
read-only (``immutable``), and the caller keeps it aside.

When the damage is in the table's upper pages (its root), no query reaches the leaves below; then the file's pages are
read directly, as ``.recover`` does: every table leaf page is parsed (cells, overflow chains, the record format) and
each row shaped like a hand (its columns, a game record that is a JSON object) is saved too.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import struct
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
            report.rows["hands"] = report.rows.get("hands", 0) + _raw_hands(damaged, old, new, hand_ids)
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


# --- reading the pages directly --------------------------------------------------------------------------------------


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``buf[i]``: (value, index after it)."""
    value = 0
    for k in range(8):
        byte = buf[i + k]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, i + k + 1
    return (value << 8) | buf[i + 8], i + 9


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _decode_record(payload: bytes) -> list[Any]:
    """The values of one record (SQLite's record format); ValueError when it is not one."""
    size, i = _varint(payload, 0)
    if size > len(payload):
        raise ValueError("record header past the payload")
    types: list[int] = []
    while i < size:
        kind, i = _varint(payload, i)
        types.append(kind)
    out: list[Any] = []
    pos = size
    for kind in types:
        if kind == 0:
            out.append(None)
        elif kind in _INT_SIZES:
            n = _INT_SIZES[kind]
            out.append(int.from_bytes(payload[pos : pos + n], "big", signed=True))
            pos += n
        elif kind == 7:
            out.append(struct.unpack(">d", payload[pos : pos + 8])[0])
            pos += 8
        elif kind in (8, 9):
            out.append(kind - 8)
        elif kind >= 12:
            n = (kind - 12) // 2
            chunk = payload[pos : pos + n]
            out.append(chunk.decode("utf-8") if kind % 2 else bytes(chunk))
            pos += n
        else:
            raise ValueError(f"serial type {kind}")
    if pos > len(payload):
        raise ValueError("record body past the payload")
    return out


def leaf_rows(data: bytes) -> Iterator[tuple[int, list[Any]]]:
    """(rowid, values) of every cell of every table leaf page in an SQLite file's bytes, damaged pages skipped."""
    if len(data) < 100:
        return
    page_size = int.from_bytes(data[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512:
        return
    usable = page_size - data[20]
    most_local = usable - 35
    least_local = (usable - 12) * 32 // 255 - 23
    for number in range(1, len(data) // page_size + 1):
        base = (number - 1) * page_size
        head = base + (100 if number == 1 else 0)
        if data[head] != 0x0D:  # a table b-tree leaf
            continue
        cells = int.from_bytes(data[head + 3 : head + 5], "big")
        for c in range(min(cells, page_size // 2)):
            try:
                at = base + int.from_bytes(data[head + 8 + 2 * c : head + 10 + 2 * c], "big")
                size, at = _varint(data, at)
                rowid, at = _varint(data, at)
                if size <= most_local:
                    payload = bytes(data[at : at + size])
                else:
                    k = least_local + (size - least_local) % (usable - 4)
                    local = k if k <= most_local else least_local
                    chunks = bytearray(data[at : at + local])
                    following = int.from_bytes(data[at + local : at + local + 4], "big")
                    seen: set[int] = set()
                    while len(chunks) < size and 0 < following <= len(data) // page_size and following not in seen:
                        seen.add(following)
                        start = (following - 1) * page_size
                        following = int.from_bytes(data[start : start + 4], "big")
                        chunks += data[start + 4 : start + usable]
                    if len(chunks) < size:
                        continue
                    payload = bytes(chunks[:size])
                yield rowid, _decode_record(payload)
            except (IndexError, ValueError, UnicodeDecodeError, struct.error):
                continue


def _raw_hands(
    damaged: Path, old: sqlite3.Connection, new: sqlite3.Connection, saved: list[tuple[int, dict[str, Any]]]
) -> int:
    """Hands found on the file's leaf pages that the walk could not reach (a damaged root above them)."""
    try:
        columns = _columns(old, "hands")
    except sqlite3.DatabaseError:
        columns = []
    if not columns:
        columns = _columns(new, "hands")  # the schema itself is unreadable: this version's layout
    wanted = set(_columns(new, "hands"))
    try:
        data = damaged.read_bytes()
    except OSError:
        return 0
    added = 0
    for rowid, values in leaf_rows(data):
        if not 21 <= len(values) <= len(columns):
            continue
        row = dict(zip(columns, values, strict=False))
        row["id"] = rowid  # the INTEGER PRIMARY KEY is the rowid (stored as NULL in the record)
        try:
            record = json.loads(row["record"])
            if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
                continue
            if not isinstance(row["match_id"], int) or not isinstance(row["hand_no"], int):
                continue
        except (KeyError, TypeError, ValueError):
            continue
        names = [c for c in row if c in wanted]
        insert = f"INSERT OR IGNORE INTO hands ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
        try:
            _stand_in_match(new, row)  # ignored when the match is there
            cur = new.execute(insert, [row[c] for c in names])
        except (sqlite3.Error, ValueError, TypeError):
            continue
        if cur.rowcount == 1:
            added += 1
            saved.append((rowid, row))
    return added
