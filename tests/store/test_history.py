"""History database: hands of real games, statistics against hand-computed values, filters, damaged files."""

from __future__ import annotations

import dataclasses
import sqlite3
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from zipai_desktop.engine.game import Game, HandResult, WinInfo
from zipai_desktop.engine.record import replay, to_record
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.win import Source
from zipai_desktop.store import history_schema, paths
from zipai_desktop.store.history import History, LevelStats, Stats

from .play import finished_hand, play

JAN = datetime(2024, 1, 10, 12, 0, tzinfo=UTC)
FEB = datetime(2024, 2, 10, 12, 0, tzinfo=UTC)


def outcome(
    game: Game, winner: int | None, points: tuple[int, ...], score: int = 0, source: Source | None = None, frm: int = -1
) -> Game:
    """Give a real hand a chosen outcome (the stored record stays the real one), for exact expectations."""
    win = None
    settlement = None
    if winner is not None:
        assert source is not None
        win = WinInfo(None, source, None, frm if frm >= 0 else winner, ())  # type: ignore[arg-type]
        settlement = SimpleNamespace(hu=score * 5, score=score, special=("tian_hu",) if score > 10 else ())
    game.result = HandResult(winner, win, settlement, points)
    return game


def fake_hand(rules: str, seed: int, players: int | None = None, dealer: int = 0) -> Game:
    return play(Game(get_rules(rules), seed=seed, dealer=dealer, players=players), 6)


def small_set(h: History) -> dict[str, int]:
    """Two counted matches, one practice match, one bots-only match (see the expectations in the tests)."""
    a = h.start_match("guilin", ["human", "casual", "strong"], seed=1, started_at=JAN)
    h.add_hand(a, 0, outcome(fake_hand("guilin", 1), 0, (8, -4, -4), 4, Source.OWN_DRAW), played_at=JAN)
    h.add_hand(a, 1, outcome(fake_hand("guilin", 2), 1, (-6, 6, 0), 3, Source.DISCARD, 0), played_at=JAN)
    h.add_hand(a, 2, outcome(fake_hand("guilin", 3), None, (0, 0, 0)), played_at=JAN)
    h.add_hand(a, 3, outcome(fake_hand("guilin", 4), 0, (6, 0, -6), 6, Source.DISCARD, 2), played_at=JAN)
    h.finish_match(a, [8, 2, -10], finished_at=JAN)
    b = h.start_match("bohu", ["human", "beginner"], seed=2, started_at=FEB)
    h.add_hand(b, 0, outcome(fake_hand("bohu", 5, 2), 1, (-10, 10), 10, Source.OWN_DRAW), played_at=FEB)
    h.add_hand(b, 1, outcome(fake_hand("bohu", 6, 2), 0, (12, -12), 12, Source.DISCARD, 1), played_at=FEB)
    # Bohu with 4 seated: with dealer 2 the seat opposite (0, the human) sits out; the hand is not the human's.
    c = h.start_match("bohu", ["human", "strong", "random", "random"], seed=3, started_at=FEB)
    h.add_hand(c, 0, outcome(fake_hand("bohu", 7, 4, dealer=2), 1, (0, 9, -9, 0), 9, Source.DISCARD, 2), played_at=FEB)
    practice = h.start_match("guilin", ["human", "random", "random"], practice=True, started_at=JAN)
    h.add_hand(practice, 0, outcome(fake_hand("guilin", 8), 0, (99, -50, -49), 99, Source.DEAL), played_at=JAN)
    bots = h.start_match("guilin", ["casual", "strong", "random"], started_at=JAN)
    h.add_hand(bots, 0, outcome(fake_hand("guilin", 9), 0, (20, -10, -10), 20, Source.OWN_DRAW), played_at=JAN)
    return {"a": a, "b": b, "c": c, "practice": practice, "bots": bots}


EXPECTED_ALL = Stats(
    hands=6,
    matches=2,
    wins=3,
    win_rate=0.5,
    draws=1,
    points=8 - 6 + 0 + 6 - 10 + 12,
    average_score=(4 + 6 + 12) / 3,
    best_score=12,
    dealt_in=1,
    vs={
        "beginner": LevelStats("beginner", 2, 1, 2),
        "casual": LevelStats("casual", 4, 2, 8),
        "strong": LevelStats("strong", 4, 2, 8),
    },
    stake=0,  # no stakes match: points are never stake units
    left_out=1,  # the practice match's hand
)

EXPECTED_GUILIN = Stats(
    hands=4,
    matches=1,
    wins=2,
    win_rate=0.5,
    draws=1,
    points=8,
    average_score=5.0,
    best_score=6,
    dealt_in=1,
    vs={"casual": LevelStats("casual", 4, 2, 8), "strong": LevelStats("strong", 4, 2, 8)},
    stake=0,
    left_out=1,
)

EXPECTED_BOHU = Stats(
    hands=2,
    matches=1,
    wins=1,
    win_rate=0.5,
    draws=0,
    points=2,
    average_score=12.0,
    best_score=12,
    dealt_in=0,
    vs={"beginner": LevelStats("beginner", 2, 1, 2)},
    stake=0,
)


def test_stats_match_hand_computed_values(home: Path) -> None:
    h = History()
    assert h.message is None and h.persistent and h.path == paths.data_dir() / "history.sqlite"
    small_set(h)
    assert h.stats() == EXPECTED_ALL
    assert h.stats(rules="guilin") == EXPECTED_GUILIN
    assert h.stats(rules="bohu") == EXPECTED_BOHU


def test_stats_by_period(home: Path) -> None:
    h = History()
    small_set(h)
    assert h.stats(since=FEB - timedelta(days=1)) == EXPECTED_BOHU
    assert h.stats(until=date(2024, 2, 1)) == EXPECTED_GUILIN
    assert h.stats(since=JAN, until=FEB) == EXPECTED_GUILIN  # since included, until excluded
    assert h.stats(since=FEB + timedelta(seconds=1)) == Stats()
    assert h.stats(rules="bohu", until=JAN) == Stats()


def test_stats_survive_reopening(home: Path) -> None:
    with History() as h:
        small_set(h)
    with History() as h:
        assert h.message is None and h.stats() == EXPECTED_ALL


def test_hands_rows_and_filters(home: Path) -> None:
    h = History()
    ids = small_set(h)
    rows = h.hands()
    assert len(rows) == 9 and rows[0].played_at >= rows[-1].played_at
    a_rows = sorted(h.hands(match_id=ids["a"]), key=lambda r: r.hand_no)
    assert [r.winner for r in a_rows] == [0, 1, None, 0]
    assert [r.source for r in a_rows] == ["own_draw", "discard", "draw", "discard"]
    assert [r.discarder for r in a_rows] == [None, 0, None, 2]
    assert (
        a_rows[1].points == (-6, 6, 0) and a_rows[1].humans == (0,) and a_rows[1].seats == ("human", "casual", "strong")
    )
    assert a_rows[0].score == 4 and a_rows[0].hu == 20 and a_rows[0].seed == 1 and a_rows[0].dealer == 0
    assert {r.rules for r in h.hands(rules="bohu")} == {"bohu"} and len(h.hands(rules="bohu")) == 3
    assert len(h.hands(since=FEB)) == 3 and len(h.hands(until=FEB)) == 6
    assert len(h.hands(counted_only=True)) == 7  # the sitting-out hand is stored as counted but has no human seat
    assert [r.id for r in h.hands(limit=2, offset=1)] == [r.id for r in rows[1:3]]
    c_row = h.hands(match_id=ids["c"])[0]
    assert c_row.humans == () and c_row.seats == ("human", "strong", "random", "random")
    assert not h.hands(match_id=ids["practice"])[0].counted and not h.hands(match_id=ids["bots"])[0].counted


def test_records_round_trip_and_replay(home: Path) -> None:
    h = History()
    m = h.start_match("guilin", ["human", "random", "random"])
    games = [finished_hand("guilin", seed=f"r{i}", dealer=i % 3) for i in range(5)]
    ids = [h.add_hand(m, i, g) for i, g in enumerate(games)]
    for hand_id, game in zip(ids, games, strict=True):
        record = h.get_record(hand_id)
        assert record == to_record(game)
        assert replay(record).snapshot() == game.snapshot()
    assert h.get_record(10_000) is None


def test_stats_of_real_games_equal_a_direct_count(home: Path) -> None:
    """Random-action hands of both games: the SQL statistics equal a plain count over the game results."""
    h = History()
    expected_hands = wins = points = dealt_in = draws = 0
    scores: list[int] = []
    per_level: dict[str, list[int]] = {}
    setups = [
        ("guilin", ["human", "casual", "strong"]),
        ("bohu", ["strong", "human"]),
        ("bohu", ["human"] + ["random"] * 3),
    ]
    for rules, seats in setups:
        m = h.start_match(rules, seats)
        for i in range(40):
            game = finished_hand(rules, seed=f"{rules}{i}", dealer=i % len(seats), players=len(seats))
            with h.transaction():
                h.add_hand(m, i, game)
            result = game.result
            assert result is not None
            humans = [s for s in game.active if seats[s] == "human"]
            if not humans:
                continue
            expected_hands += 1
            human_points = sum(result.points[s] for s in humans)
            won = result.winner in humans
            points += human_points
            wins += won
            draws += result.winner is None
            if won:
                scores.append(result.score)
            if result.win is not None and result.win.source is Source.DISCARD and result.win.from_seat in humans:
                dealt_in += 1
            for level in {seats[s] for s in game.active} - {"human"}:
                stats = per_level.setdefault(level, [0, 0, 0])
                stats[0] += 1
                stats[1] += won
                stats[2] += human_points
    got = h.stats()
    assert got.hands == expected_hands and got.matches == 3
    assert (got.wins, got.points, got.dealt_in, got.draws) == (wins, points, dealt_in, draws)
    assert got.win_rate == pytest.approx(wins / expected_hands)
    assert got.best_score == (max(scores) if scores else None)
    assert got.average_score == (pytest.approx(sum(scores) / len(scores)) if scores else None)
    assert {k: (v.hands, v.wins, v.net_points) for k, v in got.vs.items()} == {
        k: tuple(v) for k, v in per_level.items()
    }


def test_stats_of_an_empty_history(home: Path) -> None:
    assert History().stats() == Stats()


def test_unfinished_hand_and_unknown_match_are_refused(home: Path) -> None:
    h = History()
    m = h.start_match("guilin", ["human", "casual", "casual"])
    with pytest.raises(ValueError, match="not finished"):
        h.add_hand(m, 0, fake_hand("guilin", 1))
    with pytest.raises(KeyError):
        h.add_hand(m + 1, 0, finished_hand())
    with pytest.raises(KeyError):
        h.finish_match(m + 1, [0, 0, 0])


def test_transaction_groups_writes_and_rolls_back(home: Path) -> None:
    h = History()
    m = h.start_match("guilin", ["human", "casual", "casual"])
    game = finished_hand()
    with pytest.raises(RuntimeError), h.transaction():
        h.add_hand(m, 0, game)
        raise RuntimeError("stop")
    assert h.hands() == []
    with h.transaction():
        h.add_hand(m, 0, game)
        h.add_hand(m, 1, game)
    assert len(h.hands()) == 2


def test_schema_has_matches_hands_and_version(home: Path) -> None:
    h = History()
    assert h.version == history_schema.schema_version() == 3
    h.close()
    conn = sqlite3.connect(paths.history_path())
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"meta", "matches", "hands", "hand_bots"} <= tables
    columns = {r[1] for r in conn.execute("PRAGMA table_info(matches)")}
    assert {"rules", "options", "seats", "started_at", "finished_at", "totals", "practice", "bots_only"} <= columns
    conn.close()


# --- damaged, foreign and other-version databases ---------------------------------------------------------------------


def real_database(path: Path) -> bytes:
    with History(path) as h:
        small_set(h)
    return path.read_bytes()


def foreign_database(path: Path) -> bytes:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE songs (title TEXT)")
    conn.execute("INSERT INTO songs VALUES ('a')")
    conn.commit()
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("empty", "is empty"),
        ("garbage", "not an SQLite database"),
        ("text", "not an SQLite database"),
        ("truncated", "damaged"),
        ("header only", "damaged"),
        ("overwritten page", "damaged"),
        ("foreign", "another program"),
    ],
)
def test_damaged_databases_are_moved_aside_and_a_new_one_started(home: Path, name: str, word: str) -> None:
    path = paths.history_path()
    good = real_database(path)
    content = {
        "empty": b"",
        "garbage": bytes(range(256)) * 40,
        "text": b'{"not": "a database"}',
        "truncated": good[: len(good) // 2],
        "header only": good[:100],
        "overwritten page": good[:4096] + b"\xa5" * 4096 + good[8192:],
    }.get(name)
    if content is None:
        path.unlink()
        content = foreign_database(path)
    else:
        path.write_bytes(content)
    h = History()
    assert h.message is not None and word in h.message and h.persistent
    moved = sorted(path.parent.glob("history.sqlite.damaged-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == content and moved[0].name in h.message
    assert "\n" not in h.message
    saved = len(h.hands())  # a damaged database of ours: the hands still readable are saved (test_history_salvage)
    if name not in ("truncated", "overwritten page"):
        assert h.stats() == Stats() and saved == 0
    m = h.start_match("guilin", ["human", "casual", "casual"])
    h.add_hand(m, 0, finished_hand())
    h.close()
    with History() as again:
        assert again.message is None and len(again.hands()) == saved + 1


def test_newer_database_is_left_untouched_and_the_session_runs_in_memory(home: Path) -> None:
    path = paths.history_path()
    real_database(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 7")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    h = History()
    assert h.message is not None and "newer version" in h.message and not h.persistent
    m = h.start_match("guilin", ["human", "casual", "casual"])
    h.add_hand(m, 0, finished_hand())
    assert h.stats().hands == 1
    h.close()
    assert path.read_bytes() == before
    assert not list(path.parent.glob("history.sqlite.damaged-*"))


def test_an_old_schema_is_upgraded_after_a_backup(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.history_path()
    before = real_database(path)

    def v2(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE hands ADD COLUMN note TEXT")

    n = history_schema.schema_version()
    monkeypatch.setattr(history_schema, "MIGRATIONS", [*history_schema.MIGRATIONS, v2])
    h = History()
    assert h.version == n + 1 and h.message is not None and f"upgraded from schema {n} to {n + 1}" in h.message
    (backup,) = path.parent.glob(f"history.sqlite.v{n}-*")
    assert backup.read_bytes() == before and backup.name in h.message
    assert h.stats() == EXPECTED_ALL
    assert "note" in {r[1] for r in h.conn.execute("PRAGMA table_info(hands)")}
    h.close()
    with History() as again:
        assert again.message is None and again.version == n + 1


def test_a_failed_migration_changes_nothing(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.history_path()
    real_database(path)

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE hands ADD COLUMN note TEXT")
        conn.execute("THIS IS NOT SQL")

    original = history_schema.MIGRATIONS
    monkeypatch.setattr(history_schema, "MIGRATIONS", [*original, broken])
    h = History()
    assert not h.persistent and h.message is not None and "kept in memory" in h.message
    h.close()
    monkeypatch.setattr(history_schema, "MIGRATIONS", original)
    with History() as again:
        assert again.version == len(original) and again.stats() == EXPECTED_ALL


def test_unopenable_location_falls_back_to_memory(home: Path, tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("")  # a file where the history's folder should be
    h = History(tmp_path / "a file" / "history.sqlite")
    assert not h.persistent and h.message is not None
    m = h.start_match("guilin", ["human", "casual", "casual"])
    h.add_hand(m, 0, finished_hand())
    assert len(h.hands()) == 1


def test_in_memory_history() -> None:
    h = History(":memory:")
    assert h.message is None and not h.persistent
    small_set(h)
    assert h.stats() == EXPECTED_ALL


def test_a_match_where_a_hint_was_used_leaves_the_statistics_like_practice(home: Path) -> None:
    """The table marks a counted match when the player asks for the F4 hint: its hands stored so far and later ones
    are left out, exactly as a practice match's are."""
    h = History()
    ids = small_set(h)
    hinted = h.start_match("guilin", ["human", "casual", "casual"], seed=5, started_at=JAN)
    h.add_hand(hinted, 0, outcome(fake_hand("guilin", 11), 0, (30, -15, -15), 15, Source.OWN_DRAW), played_at=JAN)
    assert h.stats() != EXPECTED_ALL  # counted until marked
    h.mark_practice(hinted)
    h.add_hand(hinted, 1, outcome(fake_hand("guilin", 12), 0, (30, -15, -15), 15, Source.OWN_DRAW), played_at=JAN)
    assert h.stats() == dataclasses.replace(EXPECTED_ALL, left_out=EXPECTED_ALL.left_out + 2)  # said, not hidden
    assert not any(r.counted for r in h.hands(match_id=hinted))
    assert h.hands(match_id=ids["a"])[0].counted
    with pytest.raises(KeyError):
        h.mark_practice(10_000)
