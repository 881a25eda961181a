"""A competition's session without a window: it seats the rounds, plays the bot tables, books the player's table
from its totals and hands won, saves after each step and records the final rank once."""

from __future__ import annotations

import json

from zipai_desktop.competition.play import make_field, play_table
from zipai_desktop.competition.session import CompetitionSession
from zipai_desktop.engine.tournament import Tournament
from zipai_desktop.store.competition import competition_path, load_competition
from zipai_desktop.store.history import open_history


def play_human_table(session: CompetitionSession) -> None:
    """The player's table played by bots in every seat, booked as the window books it."""
    seating = session.seating()
    t = session.t
    points, won = play_table(t.rules, t.options, seating.seed, ["random"] * len(seating.entrants), t.hands)
    hand = 0
    for seat, wins in enumerate(won):
        for _ in range(wins):
            hand += 1
            session.table_progress({"history_match": None}, (hand, seat))
    session.book_table(points)


def test_a_session_runs_a_competition_to_its_final_and_records_it_once() -> None:
    t = Tournament("guilin", 3, make_field(6, ("random",)), rounds=2, hands=1, seed=4)
    session = CompetitionSession(t, inline=True)
    assert session.phase == "play" and session.competition_id is not None
    saved, _ = load_competition()
    assert saved is not None  # seated and saved before anything is played
    play_human_table(session)
    assert session.phase == "standings" and session.table_state is None and session.table_wins == {}
    session.next_round()
    assert session.phase == "play" and len(t.tables) == 2
    play_human_table(session)
    assert session.phase == "final"
    assert load_competition()[0] is None  # a finished competition leaves no save
    session.book_finish()  # a second call books nothing more
    with open_history() as history:
        (row,) = history.competitions()
    human = t.human()
    assert human is not None and row.finish == t.finish(human)


def test_a_hand_won_at_the_players_table_is_kept_until_the_table_is_booked() -> None:
    t = Tournament("guilin", 3, make_field(6, ("random",)), rounds=1, hands=2, seed=5)
    session = CompetitionSession(t, inline=True)
    session.table_progress({"history_match": None}, (1, 2))
    session.table_progress({"history_match": None})
    assert session.table_wins == {"1": 2}
    saved = json.loads(competition_path().read_text(encoding="utf-8"))  # as written (a real table state is longer)
    assert saved["table_wins"] == {"1": 2} and saved["table"] == {"history_match": None}
