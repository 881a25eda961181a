"""History schema 2: 倍率 stakes kept beside points, a version-1 database upgraded, and the record of 比赛."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from zipai_desktop.engine.win import Source
from zipai_desktop.store import history_schema, paths
from zipai_desktop.store.history import History

from .test_history import fake_hand, outcome


def test_a_stakes_match_keeps_points_and_stake_units(home: Path) -> None:
    h = History()
    m = h.start_match(
        "guilin", ["human", "casual", "casual"], stakes={"base": 5, "multiplier": 2, "start_balance": 200}
    )
    h.add_hand(m, 0, outcome(fake_hand("guilin", 1), 0, (8, -4, -4), 4, Source.OWN_DRAW))
    h.add_hand(m, 1, outcome(fake_hand("guilin", 2), 1, (-6, 12, -6), 6, Source.OWN_DRAW))
    stats = h.stats()
    assert stats.points == 8 - 6
    assert stats.stake == (8 - 6) * 10


def test_a_version_1_database_is_upgraded_and_its_hands_keep_one_unit_per_point(home: Path) -> None:
    path = paths.history_path()
    conn = sqlite3.connect(path, isolation_level=None)
    history_schema._migrate_v1(conn)  # the schema as version 1 of the game wrote it
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO matches (id, rules, players, options, seats, started_at) "
        "VALUES (1, 'guilin', 3, '{}', '[\"human\",\"casual\",\"casual\"]', '2024-01-01T00:00:00.000000+00:00')"
    )
    for hand_no, (pts, won) in enumerate(((8, 1), (-4, 0), (-2, 0))):
        conn.execute(
            "INSERT INTO hands (match_id, hand_no, rules, seed, dealer, winner, source, score, hu, points, special, "
            "seats, humans, played_at, counted, human_seats, human_points, human_won, human_dealt_in, record) "
            "VALUES (1, ?, 'guilin', '1', 0, ?, 'own_draw', 4, 10, '[]', '[]', '[]', '[0]', "
            "'2024-01-01T00:00:00.000000+00:00', 1, 1, ?, ?, 0, '{}')",
            (hand_no, 0 if won else 1, pts, won),
        )
    conn.close()
    with History(path) as h:
        assert h.version == 3 and h.message is not None and "upgraded from schema 1 to 3" in h.message
        stats = h.stats()
        assert stats.hands == 3 and stats.points == 2
        assert stats.stake == 0 and stats.stake_hands == 0  # played before stakes existed: points, not stake units
        assert h.best_finish() is None and h.competitions() == []
    conn = sqlite3.connect(path)
    assert {"stake_unit", "human_stake"} <= {r[1] for r in conn.execute("PRAGMA table_info(hands)")}
    assert "stakes" in {r[1] for r in conn.execute("PRAGMA table_info(matches)")}
    conn.close()


def test_competitions_are_recorded_with_the_best_finish(home: Path) -> None:
    h = History()
    first = h.start_competition("guilin", 3, 12, 4, 4, seed=1)
    second = h.start_competition("bohu", 4, 8, 3, 2, duplicate=True, seed="x")
    h.start_competition("guilin", 3, 6, 2, 2, seed=3)  # left unfinished
    assert h.best_finish() is None
    h.finish_competition(first, 5, 12, 3, [{"rank": 1, "entrant": 4}])
    h.finish_competition(second, 2, 30, 4)
    h.finish_competition(second, 8, -99, 0)  # a resumed competition cannot be booked twice
    assert h.best_finish() == 2 and h.best_finish("guilin") == 5
    rows = h.competitions()
    assert [r.finish for r in rows] == [None, 2, 5]
    assert rows[1].duplicate and rows[1].seed == "x" and rows[1].points == 30
    with pytest.raises(KeyError):
        h.finish_competition(999, 1, 0, 0)
