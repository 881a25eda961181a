"""The history database (SQLite, ``history.sqlite`` in the data folder): every finished hand with its record.

Statistics are computed with SQL aggregates over small, indexed columns (never by reading the records). They
leave out matches with no human seat ("bots only"), and practice matches (a match where a hint was used is one)
unless asked for, saying how many hands those are.

Opening never raises. A file that is not an SQLite database, is damaged or truncated, or belongs to another program is
moved aside (``history.sqlite.damaged-<timestamp>``) and a new database is started, holding every hand that could
still be read from a damaged one (:mod:`.salvage`). Only a regular file (or a link to one) is opened: anything else in
its place (a named pipe, a link to a device, a folder) is moved aside unread. A database written by a *newer*
version of the game is not touched: the :class:`History` then works in memory for this session and
:attr:`History.message` says why. An older schema is upgraded in place after a backup copy is made.

The schema, its versions and their upgrades are in :mod:`.history_schema`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..engine.record import to_record
from ..engine.rules import get_rules
from ..engine.win import Source
from . import history_schema as schema
from . import paths
from .atomic import backup_copy, quarantine
from .history_schema import APPLICATION_ID, connect, migrated, roll_back, stamp
from .notice import Notice, error_text
from .salvage import salvage

log = logging.getLogger(__name__)

HUMAN = "human"
#: The seat kind of another person at a 包厢 table (a friend of the history's player, or the host): neither the
#: player's seat (statistics leave it out) nor a bot level (the per-level figures leave it out too).
FRIEND = "friend"
SQLITE_HEADER = b"SQLite format 3\x00"
SIDECARS = ("-journal", "-wal", "-shm")
MEMORY = ":memory:"
#: The reasons a file is moved aside for which its pages are read for hands: ours with bad pages, or with its header
#: (where SQLite's name is) lost. Not for a file of another program, an empty one, or one that is not a file.
_NOT_SQLITE = "is not an SQLite database"
_SALVAGED = ("is damaged", _NOT_SQLITE)


# ---------------------------------------------------------------------------------------------------------------------
# Values.


def _bound(moment: datetime | date | None) -> str | None:
    if moment is None:
        return None
    if not isinstance(moment, datetime):
        moment = datetime.combine(moment, time())
    return stamp(moment)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _seat_kind(seat: Any) -> str:
    kind = seat if isinstance(seat, str) else getattr(seat, "kind", None)
    if kind is None and isinstance(seat, Mapping):
        kind = seat.get("kind")
    if not isinstance(kind, str):
        raise ValueError(f"a seat is 'human' or a bot level, not {seat!r}")
    return kind


@dataclass(frozen=True)
class HandRow:
    """One stored hand (without its record: :meth:`History.get_record` reads that). ``seed`` is None for a hand
    stored from what a 包厢 friend saw of it, before (or without) its record: see :meth:`History.add_seen_hand`."""

    id: int
    match_id: int
    hand_no: int
    rules: str
    seed: int | str | None
    dealer: int
    winner: int | None
    source: str
    discarder: int | None
    score: int
    hu: int
    points: tuple[int, ...]
    special: tuple[str, ...]
    seats: tuple[str, ...]
    humans: tuple[int, ...]
    played_at: str
    counted: bool
    autoplay: bool = False  # 托管: a human seat was played, even partly, by the 托管 bot


#: The ``format`` of the stand-in record of a seen hand (:meth:`History.add_seen_hand`): it does not replay.
SEEN_FORMAT = "zipai-seen"


@dataclass(frozen=True)
class HandFacts:
    """What the history's columns keep of a finished hand: its game, seats, dealer and the seats dealt in, and its
    result (winner, where the winning card came from, who dealt it in (点炮), score, 胡, points per seat, specials).

    :func:`hand_facts` reads them from a finished :class:`Game`; a 包厢 friend builds them from the host's messages (a
    hand's events and its ``hand_end``), when the seed is not known: ``seed`` is then None.
    """

    rules: str
    players: int
    dealer: int
    active: tuple[int, ...]
    winner: int | None
    source: str  # own_draw | other_draw | discard | deal (Source), draw (荒庄), unknown
    discarder: int | None
    score: int
    hu: int
    points: tuple[int, ...]
    special: tuple[str, ...]
    seed: int | str | None = None

    def seen_record(self, **extra: Any) -> dict[str, Any]:
        """The stand-in record a seen hand is stored with: its facts, in a format that says it does not replay."""
        result = {"winner": self.winner, "points": list(self.points), "score": self.score, "hu": self.hu,
                  "special": list(self.special)}  # fmt: skip
        return {"format": SEEN_FORMAT, "version": 1, "rules": self.rules, "players": self.players,
                "dealer": self.dealer, "active": list(self.active), "source": self.source,
                "discarder": self.discarder, "actions": [], "result": result, **extra}  # fmt: skip


def hand_facts(game: Game) -> HandFacts:
    """The facts of a finished hand; ``ValueError`` while it runs."""
    result = game.result
    if result is None:
        raise ValueError("the hand is not finished")
    win = result.win
    winner = result.winner
    if winner is None:
        source = "draw"
    else:
        source = win.source.value if win is not None else "unknown"
    settlement = result.settlement
    return HandFacts(
        rules=game.rules.name,
        players=game.players,
        dealer=game.dealer,
        active=tuple(game.active),
        winner=winner,
        source=source,
        discarder=win.from_seat if win is not None and win.source is Source.DISCARD else None,
        score=int(result.score),
        hu=int(getattr(settlement, "hu", 0)) if settlement is not None else 0,
        points=tuple(int(p) for p in result.points),
        special=tuple(getattr(settlement, "special", ())) if settlement is not None else (),
        seed=game.seed,
    )


@dataclass(frozen=True)
class LevelStats:
    """The human seats against one bot level: the seat-hands where that level played, their wins and net points."""

    level: str
    hands: int
    wins: int
    net_points: int


@dataclass(frozen=True)
class Stats:
    """Statistics of the human seats, leaving out bots-only matches and (unless asked for) practice matches.

    Every figure counts *seat-hands*: a hand counts once for each human seat that played it, so a hot-seat hand with
    two humans is two hands played, and at most one of them is won (one winner per hand). So ``win_rate`` is
    ``wins / hands``, always. ``draws`` are the seat-hands of hands nobody won (荒庄). ``points`` sums the human
    seats' points. ``average_score`` and ``best_score`` are over the hands a human won (``None`` when none).
    ``dealt_in`` counts 点炮: a human discarded the card another seat won on. ``stake`` sums stake units (倍率: points
    x 底分 x 倍率) over the hands of stakes matches only; ``stake_hands`` is how many seat-hands those were (points of
    matches without stakes are never stake units). ``autoplay`` is how many of the seat-hands counted were played,
    even partly, under 托管 (they count: the seat and its result are the player's). ``left_out`` is how many
    seat-hands of practice matches (and of matches where a hint was used, which count as practice) the figures leave
    out; 0 when they are included. ``vs`` has one entry per bot level present: the seat-hands it played with a human,
    the human wins and net points there.
    """

    hands: int = 0
    matches: int = 0
    wins: int = 0
    win_rate: float = 0.0
    draws: int = 0
    points: int = 0
    average_score: float | None = None
    best_score: int | None = None
    dealt_in: int = 0
    vs: dict[str, LevelStats] = dataclasses.field(default_factory=dict)
    stake: int = 0
    stake_hands: int = 0
    left_out: int = 0
    autoplay: int = 0


@dataclass(frozen=True)
class CompetitionRow:
    """One competition (比赛): its settings and, once finished, the player's rank, points and hands won."""

    id: int
    rules: str
    players: int
    entrants: int
    rounds: int
    hands: int
    duplicate: bool
    seed: int | str
    started_at: str
    finished_at: str | None
    finish: int | None
    points: int | None
    hands_won: int | None


@dataclass(frozen=True)
class MatchRow:
    """One match of the 战绩 list: when and what was played, by whom, how many hands are stored, and the totals.

    ``seats`` is each seat's kind ("human" or a bot level) and ``names`` each seat's given name ("" for none: a 比赛
    entrant's, from its hands' records). ``totals`` are the final totals once the match is finished, else the sum of
    its stored hands' points. ``practice`` is True for a practice match and for one where a hint was used (both are
    left out of the statistics). ``stakes`` is the 倍率 object (``{"base", "multiplier", "start_balance"}``) or None.
    ``autoplay`` is how many of its stored hands were played, even partly, under 托管.
    """

    id: int
    rules: str
    players: int
    seats: tuple[str, ...]
    names: tuple[str, ...]
    started_at: str
    finished_at: str | None
    practice: bool
    stakes: dict[str, Any] | None
    hands: int
    totals: tuple[int, ...]
    autoplay: int = 0

    @property
    def unit(self) -> int | None:
        """Stake units per point (底分 x 倍率), or None for a match without stakes."""
        if self.stakes is None:
            return None
        return int(self.stakes.get("base", 1) or 1) * int(self.stakes.get("multiplier", 1) or 1)


@dataclass(frozen=True)
class SeatResult:
    """One seat's match in figures: its total (and in stake units when the match had stakes), its biggest hand (the
    best score it won with, None when it won none), its wins, 自摸 (wins on a card it drew itself), 点炮 (a discard of
    its that another seat won on) and the hands it played (a Bohu seat that sat a hand out did not play it)."""

    seat: int
    total: int
    stake: int | None
    best: int | None
    wins: int
    self_drawn: int
    dealt_in: int
    hands: int


@dataclass(frozen=True)
class MatchResult:
    """A match and each seat's figures, as the match result screen shows them (:meth:`History.match_result`)."""

    match: MatchRow
    seats: tuple[SeatResult, ...]

    def ranking(self) -> list[int]:
        """The seats from the highest total to the lowest (seat order among equal totals)."""
        return sorted(range(len(self.seats)), key=lambda s: (-self.seats[s].total, s))


# ---------------------------------------------------------------------------------------------------------------------
# Opening.


def _not_regular(path: Path) -> str | None:
    """What ``path`` is when it exists and is not a regular file (or a link to one), else None.

    Only a regular file is ever opened as the history: SQLite's open of a named pipe blocks until a writer comes (and
    the process then ignores SIGTERM), and a link to ``/dev/zero`` reads without end.
    """
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    link = stat.S_ISLNK(mode)
    if link:
        try:
            mode = os.stat(path).st_mode
        except OSError:  # dangling, a loop of links, or a target out of reach
            return "a link to nothing"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        kind = "a named pipe"
    elif stat.S_ISDIR(mode):
        kind = "a folder"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a device"
    else:
        kind = "a socket" if stat.S_ISSOCK(mode) else "a special file"
    return f"a link to {kind}" if link else kind


class _Damaged(Exception):
    """The file cannot be used as our database (the message says why)."""


class _Newer(Exception):
    pass


def _inspect(path: Path) -> tuple[sqlite3.Connection, int]:
    """Open an existing file and check it is a sound database of ours; returns it with its schema version."""
    with path.open("rb") as f:
        header = f.read(len(SQLITE_HEADER))
    if not header:
        raise _Damaged("is empty")
    if header != SQLITE_HEADER:
        raise _Damaged(_NOT_SQLITE)
    conn = connect(path)
    try:
        check = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if check != ["ok"]:
            found = " ".join("; ".join(map(str, check[:2])).split())  # one line: the check's report has newlines
            raise _Damaged(f"is damaged ({found if len(found) <= 100 else found[:99] + '…'})")
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master")]
        if app_id != APPLICATION_ID and (tables or version):
            raise _Damaged("belongs to another program")
        if version > schema.schema_version():
            raise _Newer(version)
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise _Damaged(f"is damaged ({exc})") from None
    except BaseException:
        conn.close()
        raise
    return conn, version


class History:
    """The history database. Never raises on opening: see :attr:`message` for what happened to a bad file.

    ``path`` defaults to :func:`~.paths.history_path`; :data:`MEMORY` (``":memory:"``) keeps a history in memory only.
    Use it as a context manager, or :meth:`close` it.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        #: one sentence when the file was moved aside, upgraded, or cannot be used (then the history is in memory)
        self.message: str | None = None
        #: False when this session's history is kept in memory only
        self.persistent = True
        self._depth = 0
        if path is not None and str(path) == MEMORY:
            self.path: Path | None = None
            self.persistent = False
            self.conn = self._memory()
            return
        try:
            self.path = Path(path) if path is not None else paths.history_path()
            self.conn = self._open(self.path)
        except (OSError, sqlite3.Error) as exc:
            self.path = Path(path) if path is not None else None
            text = f"The history database cannot be opened ({exc}); this session's games are kept in memory."
            self._fall_back(Notice(text, "history_memory", error=error_text(exc)))

    def _memory(self) -> sqlite3.Connection:
        conn = connect(MEMORY)
        with contextlib.suppress(sqlite3.Error):  # a broken migration: keep the schema the ones before it made
            schema.migrate(conn, 0)
        return conn

    def _fall_back(self, message: str) -> None:
        self.persistent = False
        self.message = message
        self.conn = self._memory()

    def _open(self, path: Path) -> sqlite3.Connection:
        path.parent.mkdir(parents=True, exist_ok=True)
        for suffix in SIDECARS:  # SQLite opens a journal beside the file: a named pipe there would block it too
            sidecar = path.with_name(path.name + suffix)
            kind = _not_regular(sidecar)
            if kind is not None:
                quarantine(sidecar, f"is not a regular file ({kind})")
        if not os.path.lexists(path):
            return migrated(connect(path), 0)
        try:
            kind = _not_regular(path)
            if kind is not None:
                raise _Damaged(f"is not a regular file ({kind})")
            conn, version = _inspect(path)
        except _Newer as newer:
            self.persistent = False
            self.message = Notice(
                f"The history database was written by a newer version of the game (schema {newer.args[0]}, this one "
                f"reads {schema.schema_version()}); it is left untouched and this session's games are kept in memory.",
                "history_newer",
            )
            return self._memory()
        except _Damaged as damaged:
            return self._replace_damaged(path, str(damaged))
        if version < schema.schema_version():
            copy = backup_copy(path, f"v{version}") if version > 0 else None
            migrated(conn, version)
            if copy is not None:
                self.message = Notice(
                    f"The history database was upgraded from schema {version} to {schema.schema_version()}; "
                    f"the old file was kept as {copy.name}.",
                    "history_upgraded",
                    copy=copy.name,
                )
        return conn

    def _replace_damaged(self, path: Path, reason: str) -> sqlite3.Connection:
        """Move a damaged file aside and start a new history in its place, with every hand still readable from it.

        The hands are saved into a new file beside it first, and only then is the damaged file moved aside and the new
        one put in its place: a start killed during the salvage finds the damaged file where it was and salvages again
        (never an empty history where the hands were).
        """
        fresh = path.with_name(f".{path.name}.salvage")
        saved = 0
        if reason.startswith(_SALVAGED):  # bad pages (or a lost header): save every hand still readable
            for leftover in (fresh, *(fresh.with_name(fresh.name + s) for s in SIDECARS)):
                leftover.unlink(missing_ok=True)  # a salvage killed before it was done: a part copy, made again now
            conn = migrated(connect(fresh), 0)
            try:
                saved = salvage(path, conn).hands
            except Exception:  # noqa: BLE001 - whatever happens, the game starts; the damaged file is kept aside
                log.exception("the salvage of %s failed", path)
                saved = 0
            finally:
                conn.close()
        moved = self._set_aside(path, reason)
        if saved:
            os.replace(fresh, path)
            conn = connect(path)
            if reason == _NOT_SQLITE:
                reason = "is damaged (its header is lost)"
            self.message = Notice(
                f"The history database {reason}; it was moved aside to {moved.name}, and the {saved} hands that "
                "could still be read were saved into a new one.",
                "history_salvaged",
                moved=moved.name,
                kept=saved,
            )
            return conn
        fresh.unlink(missing_ok=True)
        self.message = Notice(
            f"The history database {reason}; it was moved aside to {moved.name} and a new one was started.",
            "history_not_a_file" if reason.startswith("is not a regular file") else "history_moved",
            moved=moved.name,
        )
        return migrated(connect(path), 0)

    @staticmethod
    def _set_aside(path: Path, reason: str) -> Path:
        moved = quarantine(path, reason)
        for suffix in SIDECARS:
            sidecar = path.with_name(path.name + suffix)
            if os.path.lexists(sidecar):
                quarantine(sidecar, reason)
        return moved

    # --- housekeeping ------------------------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the database connection (every write method has committed its own transaction already)."""
        self.conn.close()

    def __enter__(self) -> History:
        """The history itself: ``with History() as history`` closes it at the end of the block."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the history, whether the block ended normally or by an exception (which goes on)."""
        self.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Group many writes into one transaction (one disk sync), e.g. importing many hands."""
        if self._depth == 0:
            self.conn.execute("BEGIN IMMEDIATE")
        self._depth += 1
        try:
            yield
        except BaseException:
            self._depth -= 1
            if self._depth == 0:
                roll_back(self.conn)
            raise
        self._depth -= 1
        if self._depth == 0:
            try:
                self.conn.execute("COMMIT")
            except BaseException:
                roll_back(self.conn)  # a commit that failed (a full disk) leaves nothing half-written behind
                raise

    @property
    def version(self) -> int:
        """The schema version of the open database (SQLite's ``user_version``; see :mod:`.history_schema`)."""
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    # --- writing -----------------------------------------------------------------------------------------------------

    def start_match(
        self,
        rules: str,
        seats: Sequence[Any],
        *,
        options: Any = None,
        seed: int | str | None = None,
        practice: bool = False,
        started_at: datetime | None = None,
        stakes: Mapping[str, Any] | None = None,
    ) -> int:
        """A new match; ``seats`` are "human" or a bot level per seat (or objects with a ``kind``). Returns its id.

        ``stakes``: 倍率 (``{"base", "multiplier", "start_balance"}``); its hands then keep stake units beside points.
        """
        kinds = [_seat_kind(s) for s in seats]
        if dataclasses.is_dataclass(options) and not isinstance(options, type):
            options = dataclasses.asdict(options)
        with self.transaction():
            cur = self.conn.execute(
                "INSERT INTO matches (rules, players, options, seats, seed, started_at, practice, bots_only, stakes) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    rules,
                    len(kinds),
                    _json(dict(options or {})),
                    _json(kinds),
                    _json(seed),
                    stamp(started_at),
                    int(practice),
                    int(HUMAN not in kinds),
                    _json(dict(stakes)) if stakes is not None else None,
                ),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def finish_match(self, match_id: int, totals: Sequence[int], *, finished_at: datetime | None = None) -> None:
        """Store a match's end: its time (default now) and final totals per seat; ``KeyError`` for an unknown id."""
        with self.transaction():
            cur = self.conn.execute(
                "UPDATE matches SET finished_at = ?, totals = ? WHERE id = ?",
                (stamp(finished_at), _json([int(t) for t in totals]), match_id),
            )
        if cur.rowcount != 1:
            raise KeyError(f"no match {match_id}")

    def mark_practice(self, match_id: int) -> None:
        """Leave a match out of the statistics from now on and for the hands already stored, as practice matches are
        (the table does this when a hint is used in a game the statistics count)."""
        with self.transaction():
            cur = self.conn.execute("UPDATE matches SET practice = 1 WHERE id = ?", (match_id,))
            self.conn.execute("UPDATE hands SET counted = 0 WHERE match_id = ?", (match_id,))
            self.conn.execute(
                "UPDATE hand_bots SET counted = 0 WHERE hand_id IN (SELECT id FROM hands WHERE match_id = ?)",
                (match_id,),
            )
        if cur.rowcount != 1:
            raise KeyError(f"no match {match_id}")

    def add_hand(
        self,
        match_id: int,
        hand_no: int,
        game: Game,
        *,
        record: Mapping[str, Any] | None = None,
        seats: Sequence[Any] | None = None,
        played_at: datetime | None = None,
        autoplay: bool = False,
    ) -> int:
        """Store a finished hand of a match (its record is ``to_record(game)`` unless given). Returns the hand id.

        ``autoplay`` marks a hand a human seat played, even partly, under 托管 (the replays show the mark and the
        statistics' footnote counts such hands). ``seats`` defaults to the match's seats (give them when a seat
        changed hands during the match). A hand already stored under the same match and hand number is not stored
        again: its id is returned (but a seen hand's stand-in, :meth:`add_seen_hand`, gives way to the full record).
        """
        facts = hand_facts(game)
        text = _json(dict(record) if record is not None else to_record(game))
        return self._store_hand(match_id, hand_no, facts, text, seats, played_at, autoplay, full=True)

    def add_seen_hand(
        self,
        match_id: int,
        hand_no: int,
        facts: HandFacts,
        *,
        names: Sequence[str] = (),
        seats: Sequence[Any] | None = None,
        played_at: datetime | None = None,
        autoplay: bool = False,
    ) -> int:
        """Store a hand known by its facts only, as a 包厢 friend saw it end (its record comes at the match's end, or
        never when the friend dropped). It counts in the statistics like any hand; its record is a stand-in
        (:meth:`HandFacts.seen_record`, format :data:`SEEN_FORMAT`) that does not replay. A later :meth:`add_hand` of
        the same hand replaces it with the full record; one already stored is kept as it is. Returns the hand id."""
        extra = {"names": list(names)} if any(names) else {}
        text = _json(facts.seen_record(**extra))
        return self._store_hand(match_id, hand_no, facts, text, seats, played_at, autoplay, full=False)

    def _seen_only(self, hand_id: int) -> tuple[str, bool] | None:
        """For a stored hand whose record is a seen hand's stand-in: (when it was played, its 托管 mark); else None."""
        played, autoplay, record = self.conn.execute(
            "SELECT played_at, autoplay, record FROM hands WHERE id = ?", (hand_id,)
        ).fetchone()
        stored = json.loads(record)
        if isinstance(stored, dict) and stored.get("format") == SEEN_FORMAT:
            return str(played), bool(autoplay)
        return None

    def _store_hand(
        self,
        match_id: int,
        hand_no: int,
        facts: HandFacts,
        text: str,
        seats: Sequence[Any] | None,
        played_at: datetime | None,
        autoplay: bool,
        *,
        full: bool,
    ) -> int:
        row = self.conn.execute(
            "SELECT seats, practice, bots_only, stakes FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None:
            raise KeyError(f"no match {match_id}")
        kinds = [_seat_kind(s) for s in seats] if seats is not None else [str(k) for k in json.loads(row[0])]
        if len(kinds) != facts.players:
            raise ValueError(f"{len(kinds)} seats for a hand of {facts.players} players")
        counted = not (row[1] or row[2] or HUMAN not in kinds)
        winner, discarder = facts.winner, facts.discarder
        points = list(facts.points)
        humans = [s for s in facts.active if kinds[s] == HUMAN]
        human_points = sum(points[s] for s in humans)
        stakes = json.loads(row[3]) if row[3] else {}
        unit = int(stakes.get("base", 1)) * int(stakes.get("multiplier", 1))
        human_won = int(winner in humans)
        dealt_in = int(discarder in humans)
        played = stamp(played_at)
        levels = sorted({kinds[s] for s in facts.active if kinds[s] not in (HUMAN, FRIEND)})
        with self.transaction():
            # (match, hand number) is the hand's stable id: recording it again (a resume after a kill between the
            # autosave and this commit) gives the stored hand, never a second copy. A seen hand's stand-in gives way to
            # the full record (a 包厢 friend's hands, once the match's records come), keeping when it was played.
            stored = self.hand_id(match_id, hand_no)
            if stored is not None:
                seen = self._seen_only(stored) if full else None
                if seen is None:
                    return stored
                played, autoplay = seen[0], autoplay or seen[1]
                self.conn.execute("DELETE FROM hands WHERE id = ?", (stored,))  # its hand_bots rows go with it
            cur = self.conn.execute(
                "INSERT INTO hands (match_id, hand_no, rules, seed, dealer, winner, source, discarder, score, hu, "
                "points, special, seats, humans, played_at, counted, human_seats, human_points, human_won, "
                "human_dealt_in, record, stake_unit, human_stake, autoplay) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    hand_no,
                    facts.rules,
                    _json(facts.seed),
                    facts.dealer,
                    winner,
                    facts.source,
                    discarder,
                    facts.score,
                    facts.hu,
                    _json(points),
                    _json(list(facts.special)),
                    _json(kinds),
                    _json(humans),
                    played,
                    int(counted),
                    len(humans),
                    human_points,
                    human_won,
                    dealt_in,
                    text,
                    unit,
                    human_points * unit,
                    int(autoplay),
                ),
            )
            hand_id = cur.lastrowid
            assert hand_id is not None
            self.conn.executemany(
                "INSERT INTO hand_bots VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (hand_id, level, int(counted), played, facts.rules, len(humans), human_points, human_won)
                    for level in levels
                ],
            )
        return hand_id

    # --- reading -----------------------------------------------------------------------------------------------------

    def hand_id(self, match_id: int, hand_no: int) -> int | None:
        """The id of hand ``hand_no`` of a match, or None when it is not stored."""
        row = self.conn.execute(
            "SELECT id FROM hands WHERE match_id = ? AND hand_no = ?", (match_id, hand_no)
        ).fetchone()
        return int(row[0]) if row is not None else None

    def has_match(self, match_id: int, *, rules: str | None = None, seed: int | str | None = None) -> bool:
        """Whether match ``match_id`` is stored (and, when given, is of these rules and this seed: after the history
        was replaced, the same number may belong to another match)."""
        row = self.conn.execute("SELECT rules, seed FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            return False
        return (rules is None or row[0] == rules) and (seed is None or row[1] == _json(seed))

    def hands(
        self,
        *,
        rules: str | None = None,
        since: datetime | date | None = None,
        until: datetime | date | None = None,
        match_id: int | None = None,
        counted_only: bool = False,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[HandRow]:
        """Stored hands, newest first, filtered by game, period (``since`` included, ``until`` excluded) and match."""
        where, args = self._filter(rules, since, until)
        if match_id is not None:
            where.append("match_id = ?")
            args.append(match_id)
        if counted_only:
            where.append("counted = 1")
        sql = (
            "SELECT id, match_id, hand_no, rules, seed, dealer, winner, source, discarder, score, hu, points, special, "
            "seats, humans, played_at, counted, autoplay FROM hands"
        )
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY played_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            args += [limit, offset]
        return [
            HandRow(
                id=r[0],
                match_id=r[1],
                hand_no=r[2],
                rules=r[3],
                seed=json.loads(r[4]),
                dealer=r[5],
                winner=r[6],
                source=r[7],
                discarder=r[8],
                score=r[9],
                hu=r[10],
                points=tuple(json.loads(r[11])),
                special=tuple(json.loads(r[12])),
                seats=tuple(json.loads(r[13])),
                humans=tuple(json.loads(r[14])),
                played_at=r[15],
                counted=bool(r[16]),
                autoplay=bool(r[17]),
            )
            for r in self.conn.execute(sql, args)
        ]

    def get_record(self, hand_id: int) -> dict[str, Any] | None:
        """The game record of a stored hand (``engine.record.replay`` plays it again), or None."""
        row = self.conn.execute("SELECT record FROM hands WHERE id = ?", (hand_id,)).fetchone()
        if row is None:
            return None
        record: dict[str, Any] = json.loads(row[0])
        return record

    @staticmethod
    def _filter(
        rules: str | None, since: datetime | date | None, until: datetime | date | None
    ) -> tuple[list[str], list[Any]]:
        where: list[str] = []
        args: list[Any] = []
        low, high = _bound(since), _bound(until)
        if low is not None:
            where.append("played_at >= ?")
            args.append(low)
        if high is not None:
            where.append("played_at < ?")
            args.append(high)
        if rules is not None:
            where.append("rules = ?")
            args.append(rules)
        return where, args

    def stats(
        self,
        rules: str | None = None,
        since: datetime | date | None = None,
        until: datetime | date | None = None,
        *,
        include_practice: bool = False,
    ) -> Stats:
        """Statistics of the human seats for one game (or both) and a period; see :class:`Stats`.

        ``include_practice`` counts practice matches (and matches where a hint was used) too; bots-only hands, which
        have no human seat, never count.
        """
        where, args = self._filter(rules, since, until)
        played = ["human_seats > 0", *where]  # a hand with no human seat playing it is never anyone's statistic
        cond = " AND ".join(played if include_practice else ["counted = 1", *played])
        row = self.conn.execute(
            "SELECT count(DISTINCT match_id), total(human_seats), total(human_won), total(human_points), "
            "avg(CASE WHEN human_won THEN score END), max(CASE WHEN human_won THEN score END), "
            "total(human_dealt_in), total(CASE WHEN winner IS NULL THEN human_seats END), "
            "total(CASE WHEN staked THEN human_stake END), total(CASE WHEN staked THEN human_seats END), "
            "total(CASE WHEN autoplay THEN human_seats END) "
            "FROM (SELECT *, match_id IN (SELECT id FROM matches WHERE stakes IS NOT NULL) AS staked FROM hands "
            "WHERE " + cond + ")",
            args,
        ).fetchone()
        matches, hands, wins, points, average, best, dealt_in, draws, stake, stake_hands, autoplay = row
        left_out = 0
        if not include_practice:
            left_out = self.conn.execute(
                "SELECT total(human_seats) FROM hands WHERE " + " AND ".join(["counted = 0", *played]), args
            ).fetchone()[0]
        vs = {
            level: LevelStats(level, int(n), int(w), int(p))
            for level, n, w, p in self.conn.execute(
                "SELECT level, total(human_seats), total(human_won), total(human_points) FROM hand_bots WHERE "
                + cond
                + " GROUP BY level ORDER BY level",
                args,
            )
        }
        return Stats(
            hands=int(hands),
            matches=int(matches),
            wins=int(wins),
            win_rate=(wins / hands) if hands else 0.0,
            draws=int(draws),
            points=int(points),
            average_score=float(average) if average is not None else None,
            best_score=int(best) if best is not None else None,
            dealt_in=int(dealt_in),
            vs=vs,
            stake=int(stake),
            stake_hands=int(stake_hands),
            left_out=int(left_out),
            autoplay=int(autoplay),
        )

    # --- competitions (比赛) ------------------------------------------------------------------------------------------

    def start_competition(
        self,
        rules: str,
        players: int,
        entrants: int,
        rounds: int,
        hands: int,
        *,
        duplicate: bool = False,
        seed: int | str = 0,
        started_at: datetime | None = None,
    ) -> int:
        """A new competition in the record; returns its id."""
        with self.transaction():
            cur = self.conn.execute(
                "INSERT INTO competitions (rules, players, entrants, rounds, hands, duplicate, seed, started_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (rules, players, entrants, rounds, hands, int(duplicate), _json(seed), stamp(started_at)),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def finish_competition(
        self,
        competition_id: int,
        finish: int,
        points: int,
        hands_won: int,
        standings: Sequence[Mapping[str, Any]] = (),
        *,
        finished_at: datetime | None = None,
    ) -> None:
        """Book the player's final rank (once: a competition resumed after its booking is not booked again)."""
        with self.transaction():
            cur = self.conn.execute(
                "UPDATE competitions SET finished_at = ?, finish = ?, points = ?, hands_won = ?, standings = ? "
                "WHERE id = ? AND finished_at IS NULL",
                (stamp(finished_at), finish, points, hands_won, _json([dict(s) for s in standings]), competition_id),
            )
        if cur.rowcount != 1:
            exists = self.conn.execute("SELECT 1 FROM competitions WHERE id = ?", (competition_id,)).fetchone()
            if exists is None:
                raise KeyError(f"no competition {competition_id}")

    def competitions(self, *, rules: str | None = None, limit: int | None = None) -> list[CompetitionRow]:
        """Past competitions (finished or not), newest first."""
        sql = (
            "SELECT id, rules, players, entrants, rounds, hands, duplicate, seed, started_at, finished_at, finish, "
            "points, hands_won FROM competitions"
        )
        args: list[Any] = []
        if rules is not None:
            sql += " WHERE rules = ?"
            args.append(rules)
        sql += " ORDER BY started_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        return [
            CompetitionRow(
                r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), json.loads(r[7]), r[8], r[9], r[10], r[11], r[12]
            )
            for r in self.conn.execute(sql, args)
        ]

    def best_finish(self, rules: str | None = None) -> int | None:
        """The player's best final rank over finished competitions (1 = won one), or None."""
        sql = "SELECT min(finish) FROM competitions WHERE finish IS NOT NULL"
        args: list[Any] = []
        if rules is not None:
            sql += " AND rules = ?"
            args.append(rules)
        value = self.conn.execute(sql, args).fetchone()[0]
        return int(value) if value is not None else None

    # --- matches (战绩) ---------------------------------------------------------------------------------------------

    _MATCH_SQL = (
        "SELECT m.id, m.rules, m.players, m.seats, m.started_at, m.finished_at, m.practice, m.stakes, m.totals, "
        "(SELECT count(*) FROM hands h WHERE h.match_id = m.id), "
        "(SELECT count(*) FROM hands h WHERE h.match_id = m.id AND h.autoplay) FROM matches m"
    )

    def _match_row(self, row: Sequence[Any]) -> MatchRow:
        match_id, rules, players, seats, started, finished, practice, stakes, totals, hands, autoplay = row
        kinds = tuple(str(k) for k in json.loads(seats))
        if totals is not None:
            final = tuple(int(t) for t in json.loads(totals))
        else:
            final = self._summed_points(int(match_id), int(players))
        return MatchRow(
            id=int(match_id),
            rules=str(rules),
            players=int(players),
            seats=kinds,
            names=self._given_names(int(match_id), len(kinds)),
            started_at=str(started),
            finished_at=finished,
            practice=bool(practice),
            stakes=json.loads(stakes) if stakes else None,
            hands=int(hands),
            totals=final,
            autoplay=int(autoplay),
        )

    def _summed_points(self, match_id: int, players: int) -> tuple[int, ...]:
        """An unfinished match's running totals: its stored hands' points, summed per seat."""
        sums = [0] * players
        for (points,) in self.conn.execute("SELECT points FROM hands WHERE match_id = ?", (match_id,)):
            for seat, value in enumerate(json.loads(points)[:players]):
                sums[seat] += int(value)
        return tuple(sums)

    def _given_names(self, match_id: int, players: int) -> tuple[str, ...]:
        """The seats' given names a match's first stored hand keeps in its record (a 比赛 table's), else ""s."""
        row = self.conn.execute(
            "SELECT record FROM hands WHERE match_id = ? ORDER BY hand_no LIMIT 1", (match_id,)
        ).fetchone()
        names = json.loads(row[0]).get("names") if row is not None else None
        if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
            return tuple(names)
        return ("",) * players

    def matches(self, *, limit: int | None = None, offset: int = 0) -> list[MatchRow]:
        """The matches with a human seat and at least one stored hand (the 战绩 list), newest first."""
        sql = (
            self._MATCH_SQL + " WHERE m.bots_only = 0 AND EXISTS (SELECT 1 FROM hands h WHERE h.match_id = m.id) "
            "ORDER BY m.started_at DESC, m.id DESC"
        )
        args: list[Any] = []
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            args += [limit, offset]
        return [self._match_row(r) for r in self.conn.execute(sql, args).fetchall()]

    def match(self, match_id: int) -> MatchRow | None:
        """One match of the history, or None when it is not stored."""
        row = self.conn.execute(self._MATCH_SQL + " WHERE m.id = ?", (match_id,)).fetchone()
        return self._match_row(row) if row is not None else None

    def match_result(self, match_id: int) -> MatchResult:
        """Each seat's figures over a match's stored hands (see :class:`SeatResult`); ``KeyError`` for an unknown id.

        The totals are the match's booked totals (a Bohu 轮 settled at its end pays there, not hand by hand); the other
        figures come from the hands' rows. A seat plays a hand unless the rules sat it out (Bohu with 4 seated).
        """
        match = self.match(match_id)
        if match is None:
            raise KeyError(f"no match {match_id}")
        players = match.players
        wins, drawn, dealt_in, played = [0] * players, [0] * players, [0] * players, [0] * players
        best: list[int | None] = [None] * players
        sitting = _sitting_out(match.rules, self._options(match_id), players)
        for dealer, winner, source, discarder, score in self.conn.execute(
            "SELECT dealer, winner, source, discarder, score FROM hands WHERE match_id = ? ORDER BY hand_no",
            (match_id,),
        ):
            for seat in range(players):
                played[seat] += int(sitting(int(dealer)) != seat)
            if winner is not None and 0 <= winner < players:
                wins[winner] += 1
                drawn[winner] += int(source == Source.OWN_DRAW.value)
                best[winner] = max(score, best[winner] or score)
            if discarder is not None and 0 <= discarder < players:
                dealt_in[discarder] += 1
        unit = match.unit
        seats = tuple(
            SeatResult(
                seat=s,
                total=match.totals[s] if s < len(match.totals) else 0,
                stake=(match.totals[s] if s < len(match.totals) else 0) * unit if unit is not None else None,
                best=best[s],
                wins=wins[s],
                self_drawn=drawn[s],
                dealt_in=dealt_in[s],
                hands=played[s],
            )
            for s in range(players)
        )
        return MatchResult(match, seats)

    def _options(self, match_id: int) -> dict[str, Any]:
        row = self.conn.execute("SELECT options FROM matches WHERE id = ?", (match_id,)).fetchone()
        options = json.loads(row[0]) if row is not None else {}
        return options if isinstance(options, dict) else {}


def _sitting_out(rules: str, options: Mapping[str, Any], players: int) -> Callable[[int], int | None]:
    """For a dealer, the seat the rules sit out of the hand (Bohu with 4 seated), or None when every seat plays.

    Options the rules no longer accept (a history of an older version) count as every seat playing."""
    try:
        game_rules = get_rules(rules)
        parsed = game_rules.parse_options(options)
    except Exception:  # noqa: BLE001 - unknown rules or options: every seat is counted
        return lambda dealer: None

    def out(dealer: int) -> int | None:
        active = game_rules.active_seats(players, dealer, parsed)
        missing = [s for s in range(players) if s not in active]
        return missing[0] if missing else None

    return out


def open_history(path: str | os.PathLike[str] | None = None) -> History:
    """The history database at ``path`` (default: ``history.sqlite`` in the data folder); see :class:`History`."""
    return History(path)


__all__ = [
    "FRIEND",
    "SEEN_FORMAT",
    "CompetitionRow",
    "HandFacts",
    "HandRow",
    "History",
    "LevelStats",
    "MatchResult",
    "MatchRow",
    "SeatResult",
    "Stats",
    "hand_facts",
    "open_history",
]
