"""History schema 3: a hand played, even partly, under 托管 (auto-play) carries a mark; such hands count in the
statistics, which say how many they are; a version-2 database is upgraded and its hands keep no mark."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from zipai_desktop.engine.win import Source
from zipai_desktop.store import history_schema, paths
from zipai_desktop.store.history import History

from .test_history import fake_hand, outcome

SEATS = ["human", "casual", "casual"]


def test_a_hand_played_under_autoplay_is_marked_and_counted(home: Path) -> None:
    with History() as h:
        m = h.start_match("guilin", SEATS)
        h.add_hand(m, 0, outcome(fake_hand("guilin", 1), 0, (8, -4, -4), 4, Source.OWN_DRAW), autoplay=True)
        h.add_hand(m, 1, outcome(fake_hand("guilin", 2), 1, (-6, 12, -6), 6, Source.OWN_DRAW))
        rows = {row.hand_no: row for row in h.hands()}
        assert rows[0].autoplay and not rows[1].autoplay
        stats = h.stats()
        assert stats.hands == 2 and stats.points == 8 - 6  # the 托管 hand is the player's seat and result: counted
        assert stats.autoplay == 1 and stats.left_out == 0


def test_autoplay_hands_of_practice_matches_are_not_among_the_counted_ones(home: Path) -> None:
    with History() as h:
        m = h.start_match("guilin", SEATS, practice=True)
        h.add_hand(m, 0, outcome(fake_hand("guilin", 1), 0, (8, -4, -4), 4, Source.OWN_DRAW), autoplay=True)
        assert h.stats().autoplay == 0 and h.stats().left_out == 1
        assert h.stats(include_practice=True).autoplay == 1


def version_2_database(path: Path) -> None:
    """The schema as version 2 of the game wrote it, with one counted hand of a human seat."""
    conn = sqlite3.connect(path, isolation_level=None)
    history_schema._migrate_v1(conn)
    history_schema._migrate_v2(conn)
    conn.execute("PRAGMA user_version = 2")
    conn.execute(
        "INSERT INTO matches (id, rules, players, options, seats, started_at) "
        "VALUES (1, 'guilin', 3, '{}', '[\"human\",\"casual\",\"casual\"]', '2024-01-01T00:00:00.000000+00:00')"
    )
    conn.execute(
        "INSERT INTO hands (match_id, hand_no, rules, seed, dealer, winner, source, score, hu, points, special, "
        "seats, humans, played_at, counted, human_seats, human_points, human_won, human_dealt_in, record) "
        "VALUES (1, 0, 'guilin', '1', 0, 0, 'own_draw', 4, 10, '[8,-4,-4]', '[]', '[\"human\",\"casual\",\"casual\"]',"
        " '[0]', '2024-01-01T00:00:00.000000+00:00', 1, 1, 8, 1, 0, '{}')"
    )
    conn.close()


def test_a_version_2_database_is_upgraded_and_its_hands_carry_no_mark(home: Path) -> None:
    path = paths.history_path()
    version_2_database(path)
    with History(path) as h:
        assert h.version == 3 and h.message is not None and "upgraded from schema 2 to 3" in h.message
        (old,) = h.hands()
        assert not old.autoplay
        assert h.stats().hands == 1 and h.stats().autoplay == 0
        h.add_hand(1, 1, outcome(fake_hand("guilin", 2), 0, (6, -3, -3), 3, Source.OWN_DRAW), autoplay=True)
        assert [row.autoplay for row in h.hands(match_id=1)] == [True, False]
        assert h.stats().autoplay == 1
    assert list(path.parent.glob("history.sqlite*v2*")), "the old file is kept as a backup copy"
    conn = sqlite3.connect(path)
    assert "autoplay" in {r[1] for r in conn.execute("PRAGMA table_info(hands)")}
    conn.close()


def test_a_matchs_row_counts_its_hands_played_under_autoplay(home: Path) -> None:
    with History() as h:
        m = h.start_match("guilin", SEATS)
        h.add_hand(m, 0, outcome(fake_hand("guilin", 1), 0, (8, -4, -4), 4, Source.OWN_DRAW), autoplay=True)
        h.add_hand(m, 1, outcome(fake_hand("guilin", 2), 1, (-6, 12, -6), 6, Source.OWN_DRAW))
        h.add_hand(m, 2, outcome(fake_hand("guilin", 3), 0, (6, -3, -3), 3, Source.OWN_DRAW), autoplay=True)
        other = h.start_match("guilin", SEATS)
        h.add_hand(other, 0, outcome(fake_hand("guilin", 4), 0, (8, -4, -4), 4, Source.OWN_DRAW))
        rows = {row.id: row for row in h.matches()}
        assert rows[m].autoplay == 2 and rows[other].autoplay == 0
        assert h.match_result(m).match.autoplay == 2
