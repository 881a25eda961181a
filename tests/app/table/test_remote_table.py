"""The table at a 包厢 seat, fed in-process: a real Room's messages for one seat go into the seat's inbox, and the
seat's actions go back to the room, so every frame is the one a friend's app would draw (no network, seeded)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table.remote import RemoteController
from zipai_desktop.app.table.room_table import RoomTableScene
from zipai_desktop.app.table.settlement_panel import build_panel
from zipai_desktop.engine.actions import Action, Discard, Pass
from zipai_desktop.engine.events import redact
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.net.protocol import VERSION
from zipai_desktop.net.room import Outbox, Room
from zipai_desktop.net.session import ClientSession

SEAT = 1


class InProcess(ClientSession):
    """A seat's session whose messages come from (and actions go to) a Room in this process."""

    def __init__(self, room: Room) -> None:
        super().__init__("ws://in-process", room.code, SEAT, "Ming")
        self.room = room
        self.acted: list[dict[str, Any]] = []

    def deliver(self, out: Outbox) -> None:
        for seat, message in out:
            if seat == SEAT:
                self.inbox.put(message)

    def act(self, action: Action | dict[str, Any], hand: int, step: int) -> int:
        self._next_id += 1
        payload = action.to_json() if isinstance(action, Action) else action
        message = {"kind": "act", "id": self._next_id, "hand": hand, "step": step, "action": payload}
        self.acted.append(message)
        self.deliver(self.room.act(SEAT, message))
        return self._next_id


def seated(rules: str, seed: str, hands: int = 1, lang: str = "en") -> tuple[Room, InProcess, RemoteController]:
    game = get_rules(rules)
    room = Room(Match(game, game.parse_options({}), seed, hands=hands, players=3), code="ROOM42", bot="casual")
    session = InProcess(room)
    _, out = room.join({"kind": "join", "version": VERSION, "code": "ROOM42", "seat": SEAT, "name": "Ming"})
    session.deliver(out)
    welcome = session.inbox.get_nowait()
    session.deliver(room.start())
    return room, session, RemoteController(session, welcome, lang=lang)


def play_hand(app: App, table: RoomTableScene, session: InProcess) -> None:
    for _ in range(20000):
        app.frame(1 / 60)
        if table.show_result:
            return
        legal = table._my_decision()
        if not legal:
            continue
        before = len(session.acted)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            rect, _, _ = next(r for r in table._hand_rects() if not r[2])
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
        else:
            passing = next(b for b in table.buttons if isinstance(b.action, Pass) or b is table.buttons[-1])
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=passing.rect.center))
        app.frame(1 / 60)
        assert len(session.acted) == before + 1, "the posted input did not become an act"
    raise AssertionError("the hand did not end")


#: Seeds whose hand is won (guilin, bohu) and one that ends 荒庄.
CASES = [("guilin", "remote-1"), ("bohu", "remote-0"), ("guilin", "remote-0")]


@pytest.mark.parametrize(("rules", "seed"), CASES)
def test_a_friends_table_shows_only_its_seats_events_and_settles_the_hand(rules: str, seed: str) -> None:
    app = App((1280, 720), "en", headless=True, resizable=False)
    room, session, remote = seated(rules, seed)
    table = RoomTableScene(remote, (1280, 720), lang="en", speed=60.0, on_lost=lambda sentence: None)
    app.push(table)
    play_hand(app, table, session)
    game = room.records[0]
    from zipai_desktop.engine.record import replay

    played = replay(game)
    # The table saw exactly the seat's redacted events of the hand, in order (never a hidden card).
    seen = [e for e in (redact(ev, SEAT) for ev in played.events) if e is not None]
    assert table.view.log == [e for e in seen if e in table.view.log] and remote.hand.events == seen
    assert session.acted, "the seat decided at the table"
    panel = build_panel(table)
    result = played.result
    assert result is not None
    if result.winner is None:
        assert "draw" in panel.title.lower() or "荒庄" in panel.title
    else:
        winner = table.short_name(result.winner)
        assert winner in panel.title and str(result.score) in panel.value
    assert [pts for _, pts, _ in panel.seats] == list(result.points)
    pygame.quit()


def test_the_hint_and_the_card_count_are_refused_in_a_room() -> None:
    app = App((1024, 640), "zh", headless=True, resizable=False)
    _, _, remote = seated("guilin", "remote-3", lang="zh")
    table = RoomTableScene(remote, (1024, 640), lang="zh", speed=60.0, on_lost=lambda sentence: None)
    app.push(table)
    app.frame(1 / 60)
    table.request_hint()
    assert table.toast is not None and table.toast[0] == "包厢里不能用提示" and table.hint is None
    table.toggle_count()
    assert table.toast[0] == "包厢里不能用记牌" and not table.helpers["count"]
    assert not remote.can_undo and not remote.undo()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u"))
    app.frame(1 / 60)
    assert table.toast[0] == "包厢里不能悔牌"
    pygame.quit()


def test_a_friends_seat_is_named_by_its_friend_with_no_bots_manner_and_its_badge_when_away() -> None:
    from zipai_desktop.app.table import presence

    app = App((1280, 720), "zh", headless=True, resizable=False)
    _, _, remote = seated("guilin", "remote-4", lang="zh")
    table = RoomTableScene(remote, (1280, 720), lang="zh", speed=60.0, on_lost=lambda sentence: None)
    app.push(table)
    # 阿强 is also a 比赛 entrant's name, whose bot has a manner (大胆冒进): a friend of that name has none.
    seats = [{"seat": 0, "name": "阿强", "connected": True}, {"seat": 2, "name": None, "connected": False}]
    remote.session.inbox.put({"kind": "seats", "seats": seats})
    app.frame(1 / 60)
    assert table.short_name(0) == "阿强" and presence.style_line(table, 0) == ""
    assert table.short_name(2) == "电脑3" and 0 not in remote.autoplay
    remote.session.inbox.put({"kind": "seats", "seats": [{"seat": 0, "name": "阿强", "connected": False}]})
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert 0 in remote.autoplay and table.toast is not None and table.toast[0] == "阿强掉线了：电脑替他打（托管）"
    pygame.quit()


def test_a_seat_away_at_a_hands_end_goes_on_at_the_hand_being_played_when_back() -> None:
    """The friend dropped in hand 1 and came back in hand 2: hand 1's end never reached them. The table goes to hand 2
    (its events from the start, the totals the host told at the rejoin) instead of waiting for hand 1's end."""
    from tests.net.helpers import Table

    game = get_rules("guilin")
    room = Room(Match(game, game.parse_options({}), "away", hands=2, players=3), code="ROOM42", bot="random")
    table = Table(room)
    table.deliver(room.join({"kind": "join", "version": VERSION, "code": "ROOM42", "seat": SEAT, "name": "Ming"})[1])
    table.play(room.start())
    got = table.got[SEAT]
    welcome = got[0]
    first_turn = next(i for i, m in enumerate(got) if m["kind"] == "turn")
    end_0 = next(m for m in got if m["kind"] == "hand_end" and m["hand"] == 0)
    deal_1 = next(i for i, m in enumerate(got) if m["kind"] == "events" and m["hand"] == 1 and m["from"] == 0)
    # What the seat got: hand 1 until its first decision, then (after the rejoin) hand 2 from its start.
    stream = got[: first_turn + 1] + [{**welcome, "hand": 1, "totals": end_0["totals"]}] + got[deal_1:]
    session = ClientSession("ws://in-process", "ROOM42", SEAT, "Ming")
    remote = RemoteController(session, welcome, lang="en")
    for message in stream[1:]:
        session.inbox.put(message)
    remote.new_events(SEAT)
    while remote._held():  # hand 1's moves shown at the table's pace
        remote.step_bot()
        remote.new_events(SEAT)
    remote.new_events(SEAT)
    assert remote.hand_number == 1 and remote.resynced
    assert remote.match.played == 1 and remote.match.totals == end_0["totals"]
    while remote.step_bot():  # every move of hand 2 released, as the table's pace would
        remote.new_events(SEAT)
    shown = [m for m in got[deal_1:] if m["kind"] == "events" and m["hand"] == 1]
    assert [e.to_json() for e in remote.hand.events] == [e for m in shown for e in m["events"]]


def shown_step(remote: RemoteController) -> int:
    """The host's step count of what the seat's table shows now: its open turn's, else the last move released."""
    turn = remote._open_turn()
    return int(turn["step"]) if turn is not None else remote.view_step


#: Seeds whose seat is 听 between its turns at some point of the hand.
WAITING = [("guilin", "remote-1"), ("guilin", "waits-0"), ("bohu", "waits-0"), ("bohu", "waits-4")]


@pytest.mark.parametrize(("rules", "seed"), WAITING)
def test_the_seats_ting_list_is_the_engines_at_every_move_shown_not_only_at_its_turns(rules: str, seed: str) -> None:
    """After every move the table shows, the friend's 听 list (F2) is engine.waits on the host's game at that point
    for the seat: what a local table's Controller.waits shows, between the seat's turns too."""
    from zipai_desktop.bots import make_bot
    from zipai_desktop.engine.record import replay
    from zipai_desktop.engine.waits import unseen, waits

    room, session, remote = seated(rules, seed)
    bot = make_bot("casual", seed=SEAT)
    shown: list[tuple[int, list[Any], tuple[int, ...], bool]] = []
    for _ in range(5000):
        remote.new_events(SEAT)
        if remote.dealt and remote.view is not None:
            at_turn = remote._open_turn() is not None
            shown.append((shown_step(remote), remote.waits(SEAT), remote.unseen(SEAT), at_turn))
        if remote.hand_over:
            break
        if remote.step_bot():
            continue
        turn = remote._open_turn()
        assert turn is not None and remote.last_obs is not None, "the table waits for nothing"
        obs = remote.last_obs
        assert remote.submit(SEAT, bot.choose(obs, obs.legal)) is None
    else:
        raise AssertionError("the hand did not end")
    record = room.records[0]
    for step, got, counts, _ in shown:
        game = replay(record, upto=step)
        assert got == waits(game, SEAT) and counts == unseen(game, SEAT), step  # the 听 list, and 记牌 with it
    between = [got for _, got, _, at_turn in shown if not at_turn]
    assert any(between), "the seat was 听 between its turns at some point (else the test shows nothing)"


@pytest.mark.parametrize(("rules", "seed"), CASES)
def test_a_friends_settlement_panel_shows_a_local_tables_lines_for_the_same_hand(rules: str, seed: str) -> None:
    """The friend's panel itemises the hand (醒, 舵 parts, 名堂, payments, the 轮) as a local table's panel does: the
    same lines for the same finished hand, read from the settlement the host sent."""
    from zipai_desktop.app.table.controller import Controller
    from zipai_desktop.app.table.scene import TableScene
    from zipai_desktop.engine.record import replay

    app = App((1280, 720), "en", headless=True, resizable=False)
    room, session, remote = seated(rules, seed)
    table = RoomTableScene(remote, (1280, 720), lang="en", speed=60.0, on_lost=lambda sentence: None)
    app.push(table)
    play_hand(app, table, session)
    friend = build_panel(table)
    # The same hand at a local table: the host's match as it stood at the deal, the finished game, the same seats.
    game = get_rules(rules)
    match = Match(game, game.parse_options({}), seed, hands=1, players=3)
    match.game = replay(room.records[0])
    local = Controller(remote.config, inline_bots=True, resume=(match, match.game))
    scene = TableScene(local, (1280, 720), lang="en", speed=60.0)
    app.pop()
    app.push(scene)
    for _ in range(20000):
        app.frame(1 / 60)
        if scene.show_result:
            break
    else:
        raise AssertionError("the local table did not show the settlement")
    mine = build_panel(scene)
    assert friend == mine
    if room.records[0]["result"]["winner"] is not None:
        assert friend.payments or friend.round, "an itemised settlement, not a summary"
    pygame.quit()


def test_a_hand_end_without_an_itemised_settlement_shows_the_results_summary() -> None:
    """From an older host (no ``settlement``) or a malformed one, the panel shows the result's 胡 and score only."""
    from zipai_desktop.app.table.remote import Summary

    for sent in ({}, {"settlement": {"kind": "guilin", "hu": "x"}}):
        _, session, remote = seated("guilin", "remote-3")
        result = {"winner": 0, "points": [4, -2, -2], "score": 2, "hu": 12, "special": []}
        session.inbox.put({"kind": "hand_end", "hand": 0, "result": result, "totals": [4, -2, -2], **sent})
        remote.pump()
        assert remote.results[0][0].settlement == Summary(12, 2, ())
