"""The history database's schema (SQLite): its tables, their upgrades, and the transactions that apply them.

``PRAGMA user_version`` is the number of migrations applied; ``MIGRATIONS[i]`` upgrades version ``i`` to ``i + 1``.
Version 1: matches, hands (each with its game record) and the bot levels each hand was played against. Version 2
added 倍率 (a match's stakes, each hand's payment in stake units beside its points) and 比赛 (the competitions and the
player's finish). Version 3 added 托管 (auto-play): a mark on each hand the player's seat played, even partly, under
托管. :mod:`.history` opens, upgrades and queries the database; :mod:`.salvage` reads the rows of a damaged
one by these tables' layout.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

APPLICATION_ID = 0x7A495041  # "zIPA": marks the file as ours in the SQLite header


def stamp(moment: datetime | None) -> str:
    """A UTC ISO 8601 time with microseconds (fixed width, so text order is time order), now when ``moment`` is None.
    Naive times are local."""
    moment = moment if moment is not None else datetime.now(UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _migrate_v1(conn: sqlite3.Connection) -> None:
    """The first schema: matches, hands (with the record), and the bot levels each hand was played against."""
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("INSERT INTO meta VALUES ('app', 'zipai-history'), ('created_at', ?)", (stamp(None),))
    conn.execute(
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            rules TEXT NOT NULL,
            players INTEGER NOT NULL,
            options TEXT NOT NULL,            -- JSON object of rule options
            seats TEXT NOT NULL,              -- JSON list: "human" or the bot level of each seat
            seed TEXT,                        -- JSON value
            started_at TEXT NOT NULL,         -- UTC ISO 8601
            finished_at TEXT,
            totals TEXT,                      -- JSON list: the final match totals
            practice INTEGER NOT NULL DEFAULT 0,
            bots_only INTEGER NOT NULL DEFAULT 0
        )"""
    )
    conn.execute(
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            hand_no INTEGER NOT NULL,
            rules TEXT NOT NULL,
            seed TEXT NOT NULL,               -- JSON value
            dealer INTEGER NOT NULL,
            winner INTEGER,
            source TEXT NOT NULL,             -- own_draw | other_draw | discard | deal | draw
            discarder INTEGER,                -- who dealt in (点炮) on a win on a discard
            score INTEGER NOT NULL,
            hu INTEGER NOT NULL,
            points TEXT NOT NULL,             -- JSON list per seat
            special TEXT NOT NULL,            -- JSON list
            seats TEXT NOT NULL,              -- JSON list: "human" or the bot level of each seat
            humans TEXT NOT NULL,             -- JSON list of the human seats that played the hand
            played_at TEXT NOT NULL,          -- UTC ISO 8601
            counted INTEGER NOT NULL,         -- 0 in practice and bots-only matches: left out of statistics
            human_seats INTEGER NOT NULL,     -- how many human seats played the hand
            human_points INTEGER NOT NULL,    -- their points, summed
            human_won INTEGER NOT NULL,       -- 1 when a human seat won
            human_dealt_in INTEGER NOT NULL,  -- 1 when a human seat discarded the winning card (点炮)
            record TEXT NOT NULL,             -- the game record (engine.record), JSON
            UNIQUE (match_id, hand_no)
        )"""
    )
    # Statistics read only this covering index, never the rows with their records.
    conn.execute(
        """CREATE INDEX hands_stats ON hands (counted, played_at, rules, match_id, human_seats, human_points,
            human_won, human_dealt_in, score, winner)"""
    )
    conn.execute("CREATE INDEX hands_time ON hands (played_at, id)")  # the newest hands first, for lists
    conn.execute(
        """CREATE TABLE hand_bots (            -- each bot level that played a hand (once per hand)
            hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
            level TEXT NOT NULL,
            counted INTEGER NOT NULL,         -- copies of the hand's columns, so the per-level query is one scan
            played_at TEXT NOT NULL,
            rules TEXT NOT NULL,
            human_seats INTEGER NOT NULL,
            human_points INTEGER NOT NULL,
            human_won INTEGER NOT NULL,
            PRIMARY KEY (hand_id, level)
        ) WITHOUT ROWID"""
    )
    conn.execute(
        """CREATE INDEX hand_bots_stats ON hand_bots (counted, played_at, rules, level, human_seats, human_points,
            human_won)"""
    )


def _migrate_v2(conn: sqlite3.Connection) -> None:
    """倍率 and 比赛: a match's stakes, each hand's stake payments kept beside its points, and the competitions.

    Hands stored before stakes existed were played at one unit per point, so their stake equals their points.
    """
    conn.execute("ALTER TABLE matches ADD COLUMN stakes TEXT")  # JSON {"base", "multiplier", "start_balance"} or NULL
    conn.execute("ALTER TABLE hands ADD COLUMN stake_unit INTEGER NOT NULL DEFAULT 1")  # stake units per point
    conn.execute("ALTER TABLE hands ADD COLUMN human_stake INTEGER NOT NULL DEFAULT 0")  # human_points x stake_unit
    conn.execute("UPDATE hands SET human_stake = human_points * stake_unit")
    conn.execute("DROP INDEX hands_stats")
    conn.execute(
        """CREATE INDEX hands_stats ON hands (counted, played_at, rules, match_id, human_seats, human_points,
            human_won, human_dealt_in, score, winner, human_stake)"""
    )
    conn.execute(
        """CREATE TABLE competitions (
            id INTEGER PRIMARY KEY,
            rules TEXT NOT NULL,
            players INTEGER NOT NULL,         -- seats per table
            entrants INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            hands INTEGER NOT NULL,           -- hands per table and round
            duplicate INTEGER NOT NULL,
            seed TEXT NOT NULL,               -- JSON value
            started_at TEXT NOT NULL,
            finished_at TEXT,
            finish INTEGER,                   -- the player's final rank (1 = won), NULL while unfinished
            points INTEGER,
            hands_won INTEGER,
            standings TEXT                    -- JSON: the final standings
        )"""
    )


def _migrate_v3(conn: sqlite3.Connection) -> None:
    """托管 (auto-play): each hand says whether a human seat was played, even partly, by the 托管 bot.

    Hands stored before 托管 existed were all played by their players, so they take the default 0. The statistics'
    covering index gets the column, so the footnote's count of 托管 hands reads the index alone, as the figures do.
    """
    conn.execute("ALTER TABLE hands ADD COLUMN autoplay INTEGER NOT NULL DEFAULT 0")  # 1: played partly under 托管
    conn.execute("DROP INDEX hands_stats")
    conn.execute(
        """CREATE INDEX hands_stats ON hands (counted, played_at, rules, match_id, human_seats, human_points,
            human_won, human_dealt_in, score, winner, human_stake, autoplay)"""
    )


#: ``MIGRATIONS[i]`` upgrades schema version ``i`` to ``i + 1``; the current version is ``len(MIGRATIONS)``.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_v1, _migrate_v2, _migrate_v3]


def schema_version() -> int:
    """The schema version this program writes (the number of migrations)."""
    return len(MIGRATIONS)


def connect(target: str | Path) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are opened explicitly) with foreign keys enforced."""
    conn = sqlite3.connect(target, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def migrate(conn: sqlite3.Connection, start: int) -> None:
    """Apply the migrations from schema version ``start`` on, each in one transaction."""
    for version in range(start, len(MIGRATIONS)):
        conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[version](conn)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            roll_back(conn)
            raise


def roll_back(conn: sqlite3.Connection) -> None:
    """Undo the open transaction, if SQLite has not already done so.

    On some errors (``SQLITE_FULL``: the disk is full; ``SQLITE_IOERR``; ``SQLITE_NOMEM``) SQLite rolls the whole
    transaction back itself; a ``ROLLBACK`` then fails with "no transaction is active", and that failure must not hide
    the error that says what happened. So the rollback runs only while a transaction is open, and a failure of its own
    is dropped: the caller's exception is the one reported.
    """
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


def migrated(conn: sqlite3.Connection, start: int) -> sqlite3.Connection:
    """The connection after its migrations; closed when one fails (each migration is one transaction)."""
    try:
        migrate(conn, start)
    except BaseException:
        conn.close()
        raise
    return conn
