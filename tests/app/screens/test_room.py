"""The 包厢 in the window: the host opens a room from the title and plays their seat through posted input while two
friends' sessions (bots reading their own observations) play from threads; a friend joins a room and plays to the
end; a friend who drops shows under 托管 at the host's table. Every room is on loopback; the iteration counts are
failure guards, nothing asserts a time."""

from __future__ import annotations

import queue
import threading
import time
from typing import Any

import pygame
import pygame_gui
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.match_result import MatchResultScene
from zipai_desktop.app.screens.room_common import room_save_path
from zipai_desktop.app.screens.room_host import RoomHostScene, open_host
from zipai_desktop.app.screens.room_join import FoundRoom, JoinRoomScene
from zipai_desktop.app.screens.room_open import OpenRoomScene, RoomChoiceScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.app.table.room_table import RoomTableScene
from zipai_desktop.app.table.settlement_panel import buttons, frame_of
from zipai_desktop.bots import make_bot
from zipai_desktop.engine.actions import Discard, Hu, Pass
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.net.room import Room
from zipai_desktop.net.session import ClientSession, HostSession
from zipai_desktop.net.wire import observation_from_json

GUARD_FRAMES = 60_000
GUARD_S = 120.0


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


class Friend:
    """A friend at another computer: a ClientSession whose turns a bot answers from the seat's observation, in a
    thread of its own (as a friend's own app would)."""

    def __init__(self, url: str, code: str, seat: int, name: str, token: str | None = None) -> None:
        self.session = ClientSession(url, code, seat, name, token).open()
        self.got: list[dict[str, Any]] = []
        self.bot = make_bot("random", seed=seat)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        deadline = time.monotonic() + GUARD_S
        while not self.stop.is_set() and time.monotonic() < deadline:
            try:
                message = self.session.inbox.get(timeout=0.05)
            except queue.Empty:
                continue
            self.got.append(message)
            if message["kind"] == "turn":
                obs = observation_from_json(message["observation"])
                self.session.act(self.bot.choose(obs, obs.legal), message["hand"], message["step"])
            elif message["kind"] in ("match_end", "lost"):
                return

    @property
    def totals(self) -> list[int] | None:
        return next((m["totals"] for m in self.got if m["kind"] == "match_end"), None)


def play_table(app: App, *, until: Any) -> RoomTableScene:
    """Play the seat at the table on top through posted clicks and keys (the first free card, a 胡 when offered,
    else alternately a claim and 过), click 下一局 on each settlement, until ``until()``."""
    moves = 0
    table: RoomTableScene | None = None
    for _ in range(GUARD_FRAMES):
        app.frame(1 / 60)
        if until():
            assert table is not None
            return table
        top = app.scenes[-1]
        if not isinstance(top, RoomTableScene):
            continue
        if top is not table:
            table = top
            table.speed = 60.0  # the tests' fast-forward (animations and the bots' pause)
        if table.show_result:
            click(buttons(frame_of(table))["next"].center)
            continue
        legal = table._my_decision()
        if not legal:
            time.sleep(0.001)  # the host's thread answers meanwhile
            continue
        if any(isinstance(a, Discard) for a in legal):
            rect, _, _ = next(r for r in table._hand_rects() if not r[2])
            click(rect.center)
        elif table.buttons:
            wanted = next((b for b in table.buttons if isinstance(b.action, Hu)), None)
            other = next((b for b in table.buttons if not isinstance(b.action, Pass)), None)
            button = wanted or (other if moves % 2 == 0 and other is not None else table.buttons[-1])
            click(button.rect.center)
        moves += 1
    raise AssertionError("the match did not end at the table")


def test_the_host_opens_a_room_two_friends_join_and_the_match_reaches_its_result() -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    title = TitleScene(app, (1280, 720), "zh")
    app.push(title)
    app.frame(1 / 60)
    title.choose("room")
    assert isinstance(app.scenes[-1], RoomChoiceScene)
    key(pygame.K_1)
    app.frame(1 / 60)
    opening = app.scenes[-1]
    assert isinstance(opening, OpenRoomScene)
    opening.hands = 2  # a short match (the drop-down offers 4 and more)
    opening.name_entry.set_text("房主")
    key(pygame.K_RETURN)
    app.frame(1 / 60)
    room = app.scenes[-1]
    assert isinstance(room, RoomHostScene)
    host = room.host
    try:
        friends = [Friend(host.local_url, host.code, seat, f"朋友{seat}") for seat in (1, 2)]
        # Every chair is taken: the room deals and the table from the host's chair takes the screen.
        table = play_table(app, until=lambda: isinstance(app.scenes[-1], MatchResultScene))
        result = app.scenes[-1]
        assert isinstance(result, MatchResultScene)
        assert host.room.match.over and host.room.match.played == 2
        hosts = list(host.room.match.totals)
        assert [s.total for s in result.view.result.seats] == hosts
        for friend in friends:
            friend.thread.join(GUARD_S)
            assert friend.totals == hosts
        assert len(table.remote.records) == 2
        # Every move of the host's chair came from the posted input, through its own connection (none by a bot).
        own = [a for r in host.room.records for a in r["actions"] if a["seat"] == 0]
        assert own and host.room.seats[0].last_action_id == len(own)
        for seat in (1, 2):
            acted = sum(1 for r in host.room.records for a in r["actions"] if a["seat"] == seat)
            assert host.room.seats[seat].last_action_id == acted > 0
    finally:
        host.close()
    pygame.quit()


def hosted(friends: tuple[int, ...], *, hands: int = 1, seed: str = "room-app", players: int = 3) -> HostSession:
    rules = get_rules("guilin")
    match = Match(rules, rules.parse_options({}), seed, hands=hands, players=players)
    host = HostSession(Room(match, code="ROOM42", bot="random"), friends, bind="127.0.0.1")
    host.open()
    assert host.error is None
    return host


def test_a_friend_joins_a_room_from_the_join_screen_and_plays_to_the_end() -> None:
    host = hosted((1,))
    app = App((1280, 720), "en", headless=True, resizable=False)
    app.push(TitleScene(app, (1280, 720), "en"))
    join = JoinRoomScene(app, (1280, 720), "en", found=lambda lang: [])
    app.push(join)
    try:
        join.address_entry.set_text(host.local_url)
        join.code_entry.set_text("room42")
        join.name_entry.set_text("Ming")
        key(pygame.K_RETURN)
        play_table(app, until=lambda: isinstance(app.scenes[-1], MatchResultScene))
        result = app.scenes[-1]
        assert isinstance(result, MatchResultScene)
        assert [s.total for s in result.view.result.seats] == list(host.room.match.totals)
        assert host.room.seats[1].name == "Ming" and host.room.seats[1].token is not None
    finally:
        host.close()
    pygame.quit()


def frames_until_refused(app: App, join: JoinRoomScene) -> None:
    """Frames of the join screen until it shows a refusal (a bounded wait: the host answers on its own thread)."""
    for _ in range(2000):
        app.frame(1 / 60)
        if join.error:
            return
        time.sleep(0.002)


@pytest.mark.parametrize("problem", ["code", "unreachable"])
def test_a_refused_join_is_one_sentence_on_the_join_screen(problem: str) -> None:
    host = hosted((1,))
    app = App((1024, 640), "zh", headless=True, resizable=False)
    join = JoinRoomScene(app, (1024, 640), "zh", found=lambda lang: [])
    app.push(join)
    try:
        url = host.local_url
        if problem == "unreachable":
            host.close()
        join.address_entry.set_text(url)
        join.code_entry.set_text("WRONG1" if problem == "code" else "ROOM42")
        key(pygame.K_RETURN)
        frames_until_refused(app, join)
        expected = {"code": "包厢码不对。", "unreachable": "这个地址没有包厢在等：请检查地址。"}[problem]
        assert join.error == expected and app.scenes[-1] is join
    finally:
        host.close()
    pygame.quit()


def test_a_friend_who_drops_shows_under_autoplay_at_the_hosts_table() -> None:
    host = hosted((0, 1), hands=2)
    app = App((1280, 720), "en", headless=True, resizable=False)
    app.push(TitleScene(app, (1280, 720), "en"))
    room = RoomHostScene(app, (1280, 720), "en", host, "Host")
    app.push(room)
    try:
        friend = ClientSession(host.local_url, "ROOM42", 1, "Ming").open()
        for _ in range(5000):
            app.frame(1 / 60)
            if isinstance(app.scenes[-1], RoomTableScene):
                break
            time.sleep(0.001)
        table = app.scenes[-1]
        assert isinstance(table, RoomTableScene)
        assert 1 not in table.controller.autoplay and table.short_name(1) == "Ming"
        friend.close()
        for _ in range(5000):
            app.frame(1 / 60)
            if 1 in table.controller.autoplay:
                break
            time.sleep(0.001)
        assert 1 in table.controller.autoplay
        app.frame(1 / 60)  # the toast is shown at the next update
        assert table.toast is not None and table.toast[0] == "Ming dropped: a bot plays for them"
        # The host pauses from the room's controls (F9 at the table): the table says so and offers no decision.
        key(pygame.K_F9)
        app.frame(1 / 60)
        assert app.scenes[-1] is room
        room.choose("pause")
        for _ in range(5000):
            app.frame(1 / 60)
            if room.status.paused:
                break
            time.sleep(0.001)
        room.choose("table")
        app.frame(1 / 60)
        assert app.scenes[-1] is table and table.remote.paused and not table._my_decision()
        assert table.toast is not None and table.toast[0] == "The host paused the match"
    finally:
        host.close()
    pygame.quit()


def test_a_room_saved_mid_match_is_reopened_from_the_room_screen_and_played_to_its_end() -> None:
    from zipai_desktop.net.protocol import VERSION
    from zipai_desktop.net.room_save import Autosaver

    from ...net.helpers import Table

    # The room as a host that stopped mid-hand left it: the host at seat 0 and a friend at seat 1 joined, moves made.
    rules = get_rules("guilin")
    room = Room(Match(rules, rules.parse_options({}), "reopen", hands=2, players=3), code="RE0PEN", bot="random")
    table = Table(room)
    for seat, name in ((0, "房主"), (1, "阿明")):
        table.deliver(room.join({"kind": "join", "version": VERSION, "code": "RE0PEN", "seat": seat, "name": name})[1])
    moves = 0

    def stop(seat: int, turn: dict[str, Any]) -> bool:
        nonlocal moves
        moves += 1
        return moves > 6

    table.play(room.start(), stop=stop)
    played = len(room.match.game.history) if room.match.game is not None else 0
    assert not room.over
    saver = Autosaver(room_save_path(), [0, 1])
    saver(room)
    saver.close()  # written
    friend_token = room.seats[1].token

    app = App((1280, 720), "zh", headless=True, resizable=False)
    app.push(TitleScene(app, (1280, 720), "zh"))
    choice = RoomChoiceScene(app, (1280, 720), "zh")
    app.push(choice)
    assert choice.button("reopen") is not None
    key(pygame.K_3)
    app.frame(1 / 60)
    reopened = next(s for s in app.scenes if isinstance(s, RoomHostScene))  # (its table may be on it already)
    assert reopened.host.code == "RE0PEN"
    host = reopened.host
    try:
        assert host.room.match.game is not None and len(host.room.match.game.history) == played
        answering = Friend(host.local_url, "RE0PEN", 1, "阿明", friend_token)  # the friend rejoins with its token
        play_table(app, until=lambda: isinstance(app.scenes[-1], MatchResultScene))
        assert host.room.match.over and host.room.seats[0].name == "房主"
        answering.thread.join(GUARD_S)
        assert answering.totals == list(host.room.match.totals)
        assert answering.got[0]["kind"] == "welcome" and answering.got[0]["token"] == friend_token
    finally:
        host.close()
    pygame.quit()
    # The match is over: its save is not offered again.
    app = App((1024, 640), "zh", headless=True, resizable=False)
    assert RoomChoiceScene(app, (1024, 640), "zh").button("reopen") is None
    pygame.quit()


def test_a_friend_who_left_takes_the_same_seat_back_with_the_same_code() -> None:
    """The app keeps the seat's token while it runs: joining again (same address, code and chair) is the friend's
    seat back, which a join without the token would be refused ("belongs to")."""
    host = hosted((1,), hands=2)
    host.room.wait_for_away = True  # the room waits for the friend instead of letting the bot finish the match
    app = App((1024, 640), "en", headless=True, resizable=False)
    app.push(TitleScene(app, (1024, 640), "en"))
    try:
        for attempt in range(2):
            join = JoinRoomScene(app, (1024, 640), "en", found=lambda lang: [])
            app.push(join)
            join.address_entry.set_text(host.local_url)
            join.code_entry.set_text("ROOM42")
            key(pygame.K_RETURN)
            for _ in range(5000):
                app.frame(1 / 60)
                if isinstance(app.scenes[-1], RoomTableScene):
                    break
                time.sleep(0.001)
            table = app.scenes[-1]
            assert isinstance(table, RoomTableScene), join.error
            if attempt == 0:
                token = host.room.seats[1].token
                key(pygame.K_ESCAPE)  # leave the table: asked first
                key(pygame.K_RETURN)
                app.frame(1 / 60)
                assert len(app.scenes) == 1  # back at the title; the seat is away
                for _ in range(2000):
                    if not host.status().seats[1].connected:
                        break
                    time.sleep(0.002)
        assert host.room.seats[1].token == token and host.status().seats[1].connected
    finally:
        host.close()
    pygame.quit()


def test_the_host_gone_sends_the_friend_back_to_the_title_with_one_sentence() -> None:
    host = hosted((1,), hands=2)
    host.room.wait_for_away = True
    app = App((1024, 640), "zh", headless=True, resizable=False)
    title = TitleScene(app, (1024, 640), "zh")
    app.push(title)
    join = JoinRoomScene(app, (1024, 640), "zh", found=lambda lang: [])
    app.push(join)
    try:
        join.address_entry.set_text(host.local_url)
        join.code_entry.set_text("ROOM42")
        key(pygame.K_RETURN)
        for _ in range(5000):
            app.frame(1 / 60)
            if isinstance(app.scenes[-1], RoomTableScene):
                break
            time.sleep(0.001)
        assert isinstance(app.scenes[-1], RoomTableScene)
        # The host's window closes mid-match: its server goes away without a match_end.
        assert host._loop is not None and host.host is not None
        host._loop.call_soon_threadsafe(host.host.done.set)
        for _ in range(5000):
            app.frame(1 / 60)
            if app.scenes[-1] is title:
                break
            time.sleep(0.001)
        assert app.scenes == [title]
        assert "房主关闭了包厢或已离开：可以用同一个包厢码再加入。" in title.notes
    finally:
        host.close()
    pygame.quit()


def seats_offered(join: JoinRoomScene) -> list[str]:
    return [value for _, value in join.seat_drop.options_list]


def test_the_join_screen_offers_the_chairs_of_the_room_picked_from_the_list() -> None:
    rooms = [
        FoundRoom("Qiang · 桂林字牌 · 2 free", "ws://10.0.0.5:47823", 3, ("ws://10.0.0.5:47823",)),
        FoundRoom("Lily · 秀山博胡 · 1 free", "ws://10.0.0.6:47823", 2, ("ws://10.0.0.6:47823",)),
    ]
    app = App((1024, 640), "en", headless=True, resizable=False)
    join = JoinRoomScene(app, (1024, 640), "en", found=lambda lang: rooms)
    app.push(join)
    for label, seats in ((rooms[0].label, ["1", "2"]), (rooms[1].label, ["1"])):
        join.handle_event(
            pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=join.room_list, text=label)
        )
        assert seats_offered(join) == seats
    pygame.quit()


def test_a_chair_beyond_a_typed_rooms_size_is_refused_in_one_sentence_and_no_longer_offered() -> None:
    host = hosted((1,))  # 桂林字牌 for three
    app = App((1024, 640), "zh", headless=True, resizable=False)
    join = JoinRoomScene(app, (1024, 640), "zh", found=lambda lang: [])
    app.push(join)
    try:
        join.address_entry.set_text(host.local_url)
        join.code_entry.set_text("ROOM42")
        assert seats_offered(join) == ["1", "2", "3"]  # the room's size is not known yet: up to four chairs
        join.seat = 3
        key(pygame.K_RETURN)
        frames_until_refused(app, join)
        assert join.error == "这个包厢只有 3 个座位：请选 2 到 3 号。" and app.scenes[-1] is join
        assert seats_offered(join) == ["1", "2"] and join.seat == 2
    finally:
        host.close()
    pygame.quit()


def test_a_taken_chair_is_refused_in_one_sentence_on_the_join_screen() -> None:
    host = hosted((1, 2))
    first = ClientSession(host.local_url, "ROOM42", 1, "Ming").open()
    app = App((1024, 640), "en", headless=True, resizable=False)
    join = JoinRoomScene(app, (1024, 640), "en", found=lambda lang: [])
    app.push(join)
    try:
        for _ in range(2000):
            if host.status().seats[1].connected:
                break
            time.sleep(0.002)
        join.address_entry.set_text(host.local_url)
        join.code_entry.set_text("ROOM42")
        key(pygame.K_RETURN)
        frames_until_refused(app, join)
        assert join.error == "That seat is taken: pick another." and app.scenes[-1] is join
    finally:
        first.close()
        host.close()
    pygame.quit()


def autosavers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "zipai-room-autosave"}


@pytest.mark.parametrize("how", ["closed", "ended", "over"])
def test_no_autosave_writer_is_left_once_a_room_is_closed_ended_or_over(how: str) -> None:
    before = autosavers()
    rules = get_rules("guilin")
    room = Room(Match(rules, rules.parse_options({}), "saver", hands=1, players=3), code="SAVE42", bot="random")
    host = open_host(room, {0} if how == "over" else {0, 1}, "Host", bind="127.0.0.1")
    assert host.error is None and autosavers() - before  # the room's writer runs while it is open
    app = App((1024, 640), "en", headless=True, resizable=False)
    app.push(TitleScene(app, (1024, 640), "en"))
    scene = RoomHostScene(app, (1024, 640), "en", host, "Host")
    app.push(scene)
    try:
        if how == "closed":
            scene.close_room()
        elif how == "ended":
            scene.choose("end")
        else:  # the host plays its seat at the table to the end of the one-hand match
            play_table(app, until=lambda: room.over)
        for _ in range(2000):
            if not host.running:
                break
            time.sleep(0.005)
        assert not host.running and not autosavers() - before
    finally:
        host.close()
    pygame.quit()


@pytest.mark.parametrize(
    ("lang", "guilin", "xiushan"),
    [
        ("zh", "桂林字牌  ·  本游戏的默认规则", "秀山博胡  ·  一轮目标：100  ·  目标 100 分"),
        ("en", "Guilin Zipai  ·  the game's own rules", "Xiushan Bohu  ·  轮 target: 100  ·  Target 100 points"),
    ],
)
def test_the_open_screen_shows_the_chosen_presets_rules_under_it(lang: str, guilin: str, xiushan: str) -> None:
    from zipai_desktop.store.presets import BUILTIN

    app = App((1280, 720), lang, headless=True, resizable=False)
    opening = OpenRoomScene(app, (1280, 720), lang)
    assert opening.rules_line() == guilin
    opening.pick("preset", BUILTIN[1].name)
    assert opening.rules_line() == xiushan
    pygame.quit()
