"""A 包厢's hands in the players' histories: the host's match and a friend's hands, recorded as the room plays (the
store's room recorders, store/room_history.py)."""

from __future__ import annotations

import sqlite3
import time

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.match_result import MatchResultScene
from zipai_desktop.app.screens.room_history import HostHistory
from zipai_desktop.app.screens.room_host import open_host
from zipai_desktop.app.screens.room_join import JoinRoomScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.bots import make_bot
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.net.room import Room
from zipai_desktop.store.history import open_history

from .test_room import key, play_table


def test_the_host_and_the_friend_each_keep_the_rooms_hands() -> None:
    rules = get_rules("guilin")
    room = Room(Match(rules, rules.parse_options({}), "history", hands=2, players=3), code="HIST42", bot="random")
    history = HostHistory()
    host = open_host(room, {1}, "Host", bind="127.0.0.1", history=history)
    app = App((1280, 720), "en", headless=True, resizable=False)
    app.push(TitleScene(app, (1280, 720), "en"))
    join = JoinRoomScene(app, (1280, 720), "en", found=lambda lang: [])
    app.push(join)
    try:
        join.address_entry.set_text(host.local_url)
        join.code_entry.set_text("HIST42")
        join.name_entry.set_text("Ming")
        key(pygame.K_RETURN)
        play_table(app, until=lambda: isinstance(app.scenes[-1], MatchResultScene))
        result = app.scenes[-1]
        assert isinstance(result, MatchResultScene) and result.view.figures  # from the friend's history
        for _ in range(500):
            if history.finished:
                break
            time.sleep(0.01)
        assert history.finished and history.match_id is not None
        with open_history() as stored:
            hosts = stored.match_result(history.match_id)
            assert list(hosts.match.totals) == list(room.match.totals) and hosts.match.hands == 2
            assert hosts.match.seats[1] == "friend"
            friends = [m for m in stored.matches() if m.id != history.match_id]
            assert len(friends) == 1 and friends[0].seats[1] == "human"
            assert friends[0].seats[2] == "random"  # the room's bot level, told by the welcome
            assert list(friends[0].totals) == list(room.match.totals)
    finally:
        host.close()
    pygame.quit()


def test_a_room_closed_before_its_end_closes_the_hosts_history_and_keeps_its_hands() -> None:
    rules = get_rules("guilin")
    room = Room(Match(rules, rules.parse_options({}), "closed", hands=4, players=3), code="CLOS42", bot="random")
    room.inline_bots = False  # the bots' turns are played here one at a time, as the host's loop does
    history = HostHistory()
    history.close()  # a room that could not open: nothing was open, and the history still records a later room
    assert not history.finished
    room.start()
    bot = make_bot("random", 1)
    while not room.records:
        turn = room.bot_turn()
        assert turn is not None
        room.apply_bot(turn, bot.choose(turn.observation, turn.legal))
    history(room)
    assert history.recorder is not None and history.match_id is not None
    history.close()  # the room stops serving mid-match (the app quits; the autosave keeps the match)
    assert history.finished
    with pytest.raises(sqlite3.ProgrammingError):  # the connection is closed
        history.recorder.history.stats()
    with open_history() as stored:
        assert [s.hands for s in stored.match_result(history.match_id).seats] == [1, 1, 1]  # the hand is kept
