"""Saving what can be read from a damaged history database into a new one (like the ``sqlite3`` shell's ``.recover``).

Python's ``sqlite3`` has no ``.recover``, and the shell is not on every player's machine, so two readers do its work,
both always (whatever the first one found, the second one may find more):

1. By SQL, the rows one at a time in key order: ``rowid > x ORDER BY rowid LIMIT 1``. A read that meets a damaged page
   fails; the walk then skips ahead (doubling the step until a read succeeds, then narrowing back by bisection to the
   first readable row), so one bad page costs the rows on that page and no others. The walk only moves forward: a
   damaged b-tree that answers with a key at or before the one asked past counts as damage (followed, it would lead
   round the same rows for ever).
2. By pages: every table leaf page of the file is parsed (cells, overflow chains, the record format) and each row
   shaped like one of the history's rows is saved too. This finds the rows below a damaged root, and those of a
   truncated file or one whose header or schema is lost: the rows' layout is the one this version's own ``CREATE``
   statements made (read from the new database), never the damaged file's schema, and when the header is lost the
   page size is found from the pages themselves.

Every row either reader finds is checked before it is kept: each column of its type, the JSON columns decoding (through
the bounded JSON reader) to what they hold, a hand's summary columns agreeing with its points and seats. A bit flip
that breaks a row loses that row; it never puts into the new history a row its readers would fail on. A hand whose
match row was lost gets a stand-in match built from the hand's own columns (replaced by the real one if the pages hold
it), so the hand stays listed and counted.

Salvage is bounded whatever the bytes: one budget of work, proportional to the file's size, is spent a unit per query
of the damaged file, per page read, and per thousand SQLite instructions; when it runs out the salvage stops and keeps
what it has. The file is read a page at a time, and no value can be longer than the file (SQLite's length limit).

The damaged file itself is never written: it is opened read-only (``immutable``), and the caller keeps it aside.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from ..engine.rules import RULESETS

#: The history's tables with a rowid, parents before children (the order the schema creates them).
ROWID_TABLES = ("matches", "hands", "competitions")
HUMAN = "human"
SQLITE_HEADER = b"SQLite format 3\x00"
_TOP = 1 << 62
#: Each reader's work budget: units per 512 bytes of the damaged file, plus a floor. Reading a sound file costs each
#: reader about one unit a page (8 blocks of a 4 KB page): the budget leaves room for much damage, and no more.
UNITS_PER_BLOCK = 4
UNITS_FLOOR = 20_000
#: Bytes of the values a query gives per unit of work (a row's values are checked and copied: work as they are long).
_BYTES_PER_UNIT = 4096
#: Cells of a leaf page parsed per unit of work (a sound page holds a few; a damaged one can claim thousands).
_CELLS_PER_UNIT = 4
#: SQLite instructions per unit of work (the period of the progress handler that counts them).
_VM_PERIOD = 1000
_PAGE_SIZES = tuple(1 << k for k in range(9, 17))
#: How many page slots are looked at, for each possible page size, to find the page size of a file without a header.
_SAMPLES = 256
#: Where a hand's winning card came from, and the two outcomes without a win card.
_SOURCES = frozenset({"own_draw", "other_draw", "discard", "deal", "draw", "unknown"})


@dataclass
class Salvaged:
    """How many rows of each table were saved, how many stretches of rows could not be read by SQL, and whether the
    work budget ran out before the whole file was read."""

    rows: dict[str, int] = field(default_factory=dict)
    bad_stretches: int = 0
    exhausted: bool = False

    @property
    def hands(self) -> int:
        """How many hands were saved."""
        return self.rows.get("hands", 0)


class _Spent(Exception):
    """The salvage's work budget has run out."""


class _Budget:
    """The work a salvage may still do (see the module's docstring)."""

    def __init__(self, units: int) -> None:
        self.left = units

    def spend(self, units: int = 1) -> None:
        self.left -= units
        if self.left < 0:
            raise _Spent

    def vm_tick(self) -> int:
        """SQLite's progress handler: a non-zero answer interrupts the query (the walk takes it as a failed read)."""
        self.left -= 1
        return int(self.left < 0)


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")]


# --- what a sound row is ---------------------------------------------------------------------------------------------


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flag(value: Any) -> bool:
    return _whole(value) and value in (0, 1)


def _optional_whole(value: Any) -> bool:
    return value is None or _whole(value)


def _stamp(value: Any) -> bool:
    """A time as the history writes it (ISO 8601)."""
    if not isinstance(value, str) or len(value) > 64:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _decoded(value: Any) -> Any:
    """The JSON a text column holds; ValueError when it is not text or not JSON.

    The plain decoder, not the bounded reader of outside JSON: the value is already bounded (no longer than the
    file), only its shape is looked at, and the text saved is the column's own, never the decoded value. What the
    bounded reader guards against ends here as a dropped row: nesting too deep raises RecursionError, an integer of
    too many digits ValueError. (The bounded reader walks every value of a record, nested ~100 brackets: it would
    make salvage several times slower.)
    """
    if not isinstance(value, str):
        raise ValueError("not text")
    try:
        return json.loads(value)
    except RecursionError:
        raise ValueError("nested too deep") from None


def _list_of(value: Any, kind: type) -> list[Any]:
    items = _decoded(value)
    if not isinstance(items, list) or not all(isinstance(i, kind) and not isinstance(i, bool) for i in items):
        raise ValueError("not a list of the kind")
    return items


def _seed(value: Any) -> bool:
    seed = _decoded(value)
    return seed is None or isinstance(seed, str) or _whole(seed)


def _sound_match(row: dict[str, Any]) -> bool:
    """A matches row whose columns all hold what the history writes there."""
    try:
        seats = _list_of(row["seats"], str)
        return (
            _whole(row["id"])
            and row["rules"] in RULESETS
            and row["players"] == len(seats)
            and isinstance(_decoded(row["options"]), dict)
            and (row.get("seed") is None or _seed(row["seed"]))
            and _stamp(row["started_at"])
            and (row.get("finished_at") is None or _stamp(row["finished_at"]))
            and (row.get("totals") is None or len(_list_of(row["totals"], int)) == len(seats))
            and _flag(row.get("practice", 0))
            and _flag(row.get("bots_only", 0))
            and (row.get("stakes") is None or isinstance(_decoded(row["stakes"]), dict))
        )
    except (KeyError, TypeError, ValueError):
        return False


def _sound_hand(row: dict[str, Any]) -> bool:
    """A hands row whose columns hold what :meth:`History.add_hand` writes, its summary agreeing with its points."""
    try:
        seats = _list_of(row["seats"], str)
        points = _list_of(row["points"], int)
        humans = _list_of(row["humans"], int)
        _list_of(row["special"], str)
        record = _decoded(row["record"])
        winner, discarder = row["winner"], row["discarder"]
        unit = row.get("stake_unit", 1)
        whole = ("id", "match_id", "hand_no", "dealer", "score", "hu", "human_seats", "human_points")
        if not (
            all(_whole(row[c]) for c in whole)
            and _whole(unit)
            and _optional_whole(winner)
            and _optional_whole(discarder)
            and all(_flag(row[c]) for c in ("counted", "human_won", "human_dealt_in"))
            and _flag(row.get("autoplay", 0))  # 托管's mark: absent from hands written before it
            and isinstance(record, dict)
            and isinstance(record.get("actions"), list)
            and _record_agrees(record, row, points)
        ):
            return False
        seat_count = len(seats)
        return (
            row["rules"] in RULESETS
            and row["source"] in _SOURCES
            and _seed(row["seed"])
            and _stamp(row["played_at"])
            and len(points) == seat_count
            and 0 <= row["dealer"] < seat_count
            and all(s is None or 0 <= s < seat_count for s in (winner, discarder))
            and len(set(humans)) == len(humans) == row["human_seats"]
            and all(0 <= s < seat_count and seats[s] == HUMAN for s in humans)
            and row["human_points"] == sum(points[s] for s in humans)
            and row["human_won"] == int(winner in humans)
            and row["human_dealt_in"] == int(discarder in humans)
            and (not row["counted"] or HUMAN in seats)
            and row.get("human_stake", row["human_points"] * unit) == row["human_points"] * unit
        )
    except (KeyError, TypeError, ValueError, IndexError):
        return False


def _record_agrees(record: dict[str, Any], row: dict[str, Any], points: list[int]) -> bool:
    """Whether what a hand's record says of itself (its game, seed, dealer, and the stored result) is what its
    columns say: a bit flip in either is found here (one in the actions is not: a record is not replayed, as a later
    version of the rules may play an old record differently). A stored hand is finished, so its record holds the
    result with its winner, points and score (``engine.record.result_of`` has written them from the first version):
    a record where a flipped bit renamed one of them is not sound."""
    result = record.get("result")
    if not isinstance(result, dict) or not {"winner", "points", "score"} <= result.keys():
        return False
    return bool(
        record.get("rules", row["rules"]) == row["rules"]
        and record.get("dealer", row["dealer"]) == row["dealer"]
        and ("seed" not in record or _json(record["seed"]) == row["seed"])
        and result.get("points", points) == points
        and result.get("winner", row["winner"]) == row["winner"]
        and result.get("score", row["score"]) == row["score"]
    )


def _json(value: Any) -> str:
    """A value as the history writes JSON columns."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _sound_competition(row: dict[str, Any]) -> bool:
    """A competitions row whose columns all hold what the history writes there."""
    try:
        return (
            all(_whole(row[c]) for c in ("id", "players", "entrants", "rounds", "hands"))
            and row["rules"] in RULESETS
            and _flag(row["duplicate"])
            and _seed(row["seed"])
            and _stamp(row["started_at"])
            and (row.get("finished_at") is None or _stamp(row["finished_at"]))
            and all(_optional_whole(row.get(c)) for c in ("finish", "points", "hands_won"))
            and (row.get("standings") is None or isinstance(_decoded(row["standings"]), list))
        )
    except (KeyError, TypeError, ValueError):
        return False


_SOUND = {"matches": _sound_match, "hands": _sound_hand, "competitions": _sound_competition}


# --- the new database ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _KeptHand:
    """What the bot levels of a saved hand are made from: its id, seats and the columns hand_bots copies."""

    id: int
    levels: frozenset[str]
    copy: dict[str, Any]


def _bots_row_of(row: dict[str, Any], hand: _KeptHand) -> bool:
    """Whether a hand_bots row read from the damaged file is one of this hand's: its id, one of its bot levels, and
    the hand's own columns copied (a damaged b-tree can answer a query with another row)."""
    return row["hand_id"] == hand.id and row["level"] in hand.levels and all(row[c] == v for c, v in hand.copy.items())


class _Target:
    """The new (migrated, empty) database, and what has been saved into it."""

    def __init__(self, new: sqlite3.Connection, report: Salvaged) -> None:
        self.new = new
        self.report = report
        self.columns = {table: _columns(new, table) for table in (*ROWID_TABLES, "hand_bots")}
        self.stand_ins: set[int] = set()  # matches made from a hand's columns, replaced if the real row turns up
        self.kept: list[_KeptHand] = []

    def least_values(self, table: str) -> int:
        """The fewest values a record of ``table`` can hold: columns added later (nullable or with a default, as
        ``ALTER TABLE ADD COLUMN`` requires) are missing from the records written before them."""
        info = list(self.new.execute(f"PRAGMA table_info({table})"))
        required = [int(r[0]) for r in info if r[3] and r[4] is None and not r[5]]
        return max(required, default=0) + 1

    def add(self, table: str, row: dict[str, Any]) -> bool:
        """Save one row read from the damaged file, if it is new and sound; True when it was saved."""
        if table == "hands" and self._saved_hand(row):
            return False  # (checked first: both readers find most hands, and a hand's record is long to check)
        if not _SOUND[table](row):
            return False
        if table == "hands" and "human_stake" not in row:  # written before stakes: one stake unit a point
            row["human_stake"] = row["human_points"] * row.get("stake_unit", 1)
        try:
            return self._write(table, row)
        except sqlite3.IntegrityError:  # a constraint the checks above do not know: this row only is lost
            return False

    def _write(self, table: str, row: dict[str, Any]) -> bool:
        names = [c for c in self.columns[table] if c in row]
        if table == "matches" and row["id"] in self.stand_ins:
            sets = ", ".join(f"{c} = ?" for c in names if c != "id")
            self.new.execute(
                f"UPDATE matches SET {sets} WHERE id = ?", [*(row[c] for c in names if c != "id"), row["id"]]
            )
            self.stand_ins.discard(row["id"])
            self._count(table)
            return True
        if (
            table == "hands"
            and self.new.execute("SELECT 1 FROM matches WHERE id = ?", (row["match_id"],)).fetchone() is None
        ):
            self._stand_in_match(row)
        insert = f"INSERT OR IGNORE INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
        cur = self.new.execute(insert, [row[c] for c in names])
        if cur.rowcount != 1:
            return False
        self._count(table)
        if table == "hands":
            seats = _decoded(row["seats"])
            copy = {c: row[c] for c in ("counted", "played_at", "rules", "human_seats", "human_points", "human_won")}
            self.kept.append(_KeptHand(row["id"], frozenset(str(s) for s in seats if s != HUMAN), copy))
        return True

    def _saved_hand(self, hand: dict[str, Any]) -> bool:
        """Whether a hand is saved already (by its id, or by its match and number)."""
        saved = self.new.execute(
            "SELECT 1 FROM hands WHERE id = ? OR (match_id = ? AND hand_no = ?)",
            (hand.get("id"), hand.get("match_id"), hand.get("hand_no")),
        )
        return saved.fetchone() is not None

    def _count(self, table: str) -> None:
        self.report.rows[table] = self.report.rows.get(table, 0) + 1

    def _stand_in_match(self, hand: dict[str, Any]) -> None:
        """A match row for a hand whose match was lost: what the hand itself says (rules, seats, when)."""
        seats = _decoded(hand["seats"])
        self.new.execute(
            "INSERT INTO matches (id, rules, players, options, seats, seed, started_at, practice, bots_only) "
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
        self.stand_ins.add(hand["match_id"])

    def add_hand_bots(self, old: sqlite3.Connection | None, budget: _Budget) -> None:
        """The bot levels of each saved hand: read from the damaged file where they are sound, else from its seats."""
        columns = self.columns["hand_bots"]
        insert = f"INSERT OR IGNORE INTO hand_bots ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        select = f"SELECT {', '.join(columns)} FROM hand_bots WHERE hand_id = ?"
        saved = 0
        for hand in self.kept:
            rows: list[tuple[Any, ...]] | None = None
            if old is not None:
                with contextlib.suppress(sqlite3.DatabaseError, _Spent):
                    budget.spend()
                    found = [dict(zip(columns, r, strict=True)) for r in old.execute(select, (hand.id,))]
                    if all(_bots_row_of(r, hand) for r in found):
                        rows = [tuple(r[c] for c in columns) for r in found]
            if rows is None:  # lost with a damaged page: the levels are the bot seats of the hand
                rows = [
                    tuple(
                        hand.id if c == "hand_id" else level if c == "level" else hand.copy.get(c, 0) for c in columns
                    )
                    for level in sorted(hand.levels)
                ]
            for row in rows:
                with contextlib.suppress(sqlite3.IntegrityError):
                    saved += self.new.execute(insert, row).rowcount
        self.report.rows["hand_bots"] = saved


# --- reading by SQL --------------------------------------------------------------------------------------------------


def _open_old(damaged: Path, size: int, budget: _Budget) -> sqlite3.Connection | None:
    """The damaged file, read-only, with every query's work counted and no value longer than the file."""
    try:
        old = sqlite3.connect(f"{damaged.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return None
    old.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, max(size, 1 << 16))
    old.set_progress_handler(budget.vm_tick, _VM_PERIOD)
    with contextlib.suppress(sqlite3.Error):
        # A truncated file is shorter than its header says: SQLite refuses to read its schema unless told the schema
        # may be inconsistent (it is only read here). The cell size check finds more damaged cells as damage.
        old.execute("PRAGMA writable_schema = ON")
        old.execute("PRAGMA cell_size_check = ON")
    return old


def _walk(
    conn: sqlite3.Connection, table: str, columns: list[str], report: Salvaged, budget: _Budget
) -> Iterator[tuple[Any, ...]]:
    """Every readable row of ``table`` (the listed columns), in rowid order, skipping damaged stretches."""
    sql = f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT 1"

    def probe(after: int) -> tuple[bool, tuple[Any, ...] | None]:
        budget.spend()
        try:
            row = conn.execute(sql, (after,)).fetchone()
        except sqlite3.DatabaseError:
            return False, None
        if row is not None and not (_whole(row[0]) and row[0] > after):
            return False, None  # a key out of order: the b-tree is damaged here
        if row is not None:
            budget.spend(sum(len(v) for v in row if isinstance(v, str | bytes)) // _BYTES_PER_UNIT)
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


def _read_by_sql(old: sqlite3.Connection | None, target: _Target, budget: _Budget) -> None:
    """Every row the damaged file's own b-trees still give, table by table (matches first, for their hands)."""
    if old is None:
        return
    budget.spend()
    try:
        old_tables = {str(r[0]) for r in old.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError:
        return  # the schema is unreadable: the pages are read all the same
    for table in ROWID_TABLES:
        if table not in old_tables:
            continue
        budget.spend()
        try:
            columns = [c for c in _columns(old, table) if c in target.columns[table]]
        except sqlite3.DatabaseError:
            continue
        if "id" not in columns:
            continue
        for values in _walk(old, table, columns, target.report, budget):
            target.add(table, dict(zip(columns, values, strict=True)))


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


@dataclass(frozen=True)
class _PageFile:
    """An SQLite file read one page at a time (never all of it in memory), each read spending the budget."""

    file: IO[bytes]
    page_size: int
    usable: int  # the page size less the bytes reserved at the end of each page
    pages: int
    budget: _Budget

    def page(self, number: int) -> bytes:
        """Page ``number`` (from 1); empty past the end of the file."""
        if not 1 <= number <= self.pages:
            return b""
        self.budget.spend()
        self.file.seek((number - 1) * self.page_size)
        return self.file.read(self.page_size)


def _plausible(head: bytes, page_size: int) -> bool:
    """Whether the first bytes of a page slot are a b-tree page's header (its kind, cell count and cell pointers)."""
    if len(head) < 28 or head[0] not in (2, 5, 10, 13):
        return False
    start = int.from_bytes(head[5:7], "big") or 65536
    cells = int.from_bytes(head[3:5], "big")
    fixed = 8 if head[0] in (10, 13) else 12
    if cells == 0 or fixed + 2 * cells > start or start > page_size:
        return False
    pointers = [int.from_bytes(head[fixed + 2 * k : fixed + 2 * k + 2], "big") for k in range(min(cells, 8))]
    return all(start <= p < page_size for p in pointers)


def _page_size(file: IO[bytes], size: int, budget: _Budget) -> int | None:
    """The page size of a file whose header is lost, found from the pages: for each possible size, the share of page
    slots (past the first) that start like a b-tree page. The true size and its multiples score the same share (each
    of their slots starts a page); a smaller size scores half or less (its slots in the middle of pages rarely look
    like one). So the smallest size close to the best share is the one."""
    shares: dict[int, float] = {}
    for page_size in _PAGE_SIZES:
        slots = size // page_size
        if slots < 2:
            continue
        picks = sorted({2 + k * (slots - 1) // _SAMPLES for k in range(_SAMPLES)} & set(range(2, slots + 1)))
        found = 0
        for number in picks:
            budget.spend()
            file.seek((number - 1) * page_size)
            found += _plausible(file.read(28), page_size)
        shares[page_size] = found / len(picks)
    best = max(shares.values(), default=0.0)
    if best == 0.0:
        return None
    return min(p for p, share in shares.items() if share >= 0.75 * best)


def _page_file(file: IO[bytes], size: int, budget: _Budget) -> _PageFile | None:
    """The file's page layout: from its header, or (the header lost) found from its pages; None when it has none."""
    header = file.read(100)
    page_size: int | None = None
    reserved = 0
    if header[:16] == SQLITE_HEADER and len(header) == 100:
        stated = int.from_bytes(header[16:18], "big")
        stated = 65536 if stated == 1 else stated
        if stated in _PAGE_SIZES and header[20] <= 64:
            page_size, reserved = stated, header[20]
    if page_size is None:
        page_size = _page_size(file, size, budget)
    if page_size is None:
        return None
    return _PageFile(file, page_size, page_size - reserved, size // page_size, budget)


def _leaf_rows(pages: _PageFile) -> Iterator[tuple[int, list[Any]]]:
    """(rowid, values) of every cell of every table leaf page of the file, damaged cells and pages skipped."""
    usable = pages.usable
    most_local = usable - 35
    least_local = (usable - 12) * 32 // 255 - 23
    largest = pages.pages * pages.page_size  # no payload is longer than the file
    for number in range(1, pages.pages + 1):
        data = pages.page(number)
        head = 100 if number == 1 else 0
        if len(data) < head + 8 or data[head] != 0x0D:  # a table b-tree leaf
            continue
        cells = min(int.from_bytes(data[head + 3 : head + 5], "big"), pages.page_size // 2)
        pages.budget.spend(cells // _CELLS_PER_UNIT)
        for c in range(cells):
            try:
                at = int.from_bytes(data[head + 8 + 2 * c : head + 10 + 2 * c], "big")
                size, at = _varint(data, at)
                rowid, at = _varint(data, at)
                if size > largest:
                    continue
                payload = (
                    data[at : at + size]
                    if size <= most_local
                    else _overflowing(pages, data, at, size, least_local, most_local)
                )
                if payload is not None:
                    yield rowid, _decode_record(payload)
            except (IndexError, ValueError, UnicodeDecodeError, struct.error):
                continue


def _overflowing(pages: _PageFile, data: bytes, at: int, size: int, least_local: int, most_local: int) -> bytes | None:
    """A payload that runs over overflow pages: its local part, then the chain (each page once); None if cut short."""
    k = least_local + (size - least_local) % (pages.usable - 4)
    local = k if k <= most_local else least_local
    chunks = bytearray(data[at : at + local])
    following = int.from_bytes(data[at + local : at + local + 4], "big")
    seen: set[int] = set()
    while len(chunks) < size and 0 < following <= pages.pages and following not in seen:
        seen.add(following)
        page = pages.page(following)
        following = int.from_bytes(page[:4], "big")
        chunks += page[4 : pages.usable]
    return bytes(chunks[:size]) if len(chunks) >= size else None


def _read_pages(damaged: Path, target: _Target, budget: _Budget) -> None:
    """Every sound row of the history's tables found on the file's table leaf pages."""
    shapes = [(t, target.least_values(t), len(target.columns[t])) for t in ("hands", "matches", "competitions")]
    try:
        file = damaged.open("rb")
    except OSError:
        return
    with file:
        pages = _page_file(file, os.fstat(file.fileno()).st_size, budget)
        if pages is None:
            return
        for rowid, values in _leaf_rows(pages):
            for table, least, most in shapes:
                if least <= len(values) <= most:
                    row = dict(zip(target.columns[table], values, strict=False))
                    row["id"] = rowid  # the INTEGER PRIMARY KEY is the rowid (stored as NULL in the record)
                    if target.add(table, row):
                        break


# --- the salvage -----------------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _until_spent(report: Salvaged) -> Iterator[None]:
    """Run one reader until it is done or its budget is spent (what it saved so far is kept)."""
    try:
        yield
    except _Spent:
        report.exhausted = True


def salvage(damaged: Path, new: sqlite3.Connection) -> Salvaged:
    """Copy every sound row that can be read from the history at ``damaged`` into the (migrated, empty) ``new``."""
    report = Salvaged()
    try:
        info = os.stat(damaged)
    except OSError:
        return report
    if not stat.S_ISREG(info.st_mode):
        return report
    # Each reader has a budget of its own: one that meets endless damage leaves the others their share.
    units = UNITS_FLOOR + UNITS_PER_BLOCK * (info.st_size // 512)
    by_sql, by_pages, for_bots = _Budget(units), _Budget(units), _Budget(units)
    target = _Target(new, report)
    old = _open_old(damaged, info.st_size, by_sql)
    try:
        new.execute("BEGIN IMMEDIATE")
        try:
            with _until_spent(report):
                _read_by_sql(old, target, by_sql)
            with _until_spent(report):
                _read_pages(damaged, target, by_pages)
            if old is not None:
                old.set_progress_handler(for_bots.vm_tick, _VM_PERIOD)
            target.add_hand_bots(old, for_bots)
            new.execute("COMMIT")
        except BaseException:
            if new.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    new.execute("ROLLBACK")
            raise
    finally:
        if old is not None:
            old.close()
    for table in ROWID_TABLES:
        report.rows.setdefault(table, 0)
    return report
