"""The competition's tables played headless: the same code for the CLI, the tests and the window's worker."""

from __future__ import annotations

import time

import pytest

from zipai_desktop.competition.play import BotTables, make_field, play_bot_table, play_table, run_tournament
from zipai_desktop.engine.tournament import Tournament


def test_a_table_plays_its_hands_and_reports_points_and_wins() -> None:
    points, won = play_table("guilin", {}, "t:1", ["random", "beginner", "random"], 3)
    assert play_table("guilin", {}, "t:1", ["random", "beginner", "random"], 3) == (points, won)
    assert sum(points) == 0 and sum(won) <= 3  # Guilin pays zero-sum; a 荒庄 wins nobody a hand


def test_the_field_mixes_levels_around_the_player() -> None:
    entrants = make_field(9, ("beginner", "casual", "strong"))
    assert entrants[0].level == "human" and len(entrants) == 9
    assert [e.level for e in entrants[1:4]] == ["beginner", "casual", "strong"]
    assert len({e.name for e in entrants}) == 9


def test_the_human_table_is_not_played_headless() -> None:
    t = Tournament("guilin", 3, make_field(6, ("random",)), rounds=1, hands=1, seed=1)
    t.start_round()
    with pytest.raises(ValueError, match="human"):
        play_bot_table(t, 1, t.human_table() or 0)


def test_the_worker_process_plays_the_bot_tables_as_the_headless_runner_does() -> None:
    t = Tournament("bohu", 2, make_field(6, ("random", "beginner")), rounds=1, hands=1, seed=3)
    t.start_round()
    expected = {i: play_bot_table(t, 1, i) for i in t.pending() if i != t.human_table()}
    tables = BotTables()
    try:
        tables.submit(t)
        tables.submit(t)  # a table already running is not started twice
        got = []
        deadline = time.monotonic() + 120
        while tables.busy and time.monotonic() < deadline:
            got += tables.poll()
            time.sleep(0.02)
    finally:
        tables.close()
    assert {r.table: r for r in got} == expected


def test_a_bots_only_competition_runs_to_the_end_and_saves_after_every_table() -> None:
    t = Tournament("guilin", 3, make_field(6, ("random",), human=False), rounds=2, hands=1, seed=4)
    saves: list[int] = []
    run_tournament(t, lambda x: saves.append(len(x.results)))
    assert t.over and len(t.results) == 4
    assert saves == [0, 1, 2, 2, 3, 4]  # a save when a round is seated and after every table
