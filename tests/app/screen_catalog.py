"""Every screen of the game opened as the player meets it, for the layout check and the screenshot references."""

from __future__ import annotations

import time
from typing import Any

import pygame

from zipai_desktop.app.main import App
from zipai_desktop.app.ui.fonts import font
from zipai_desktop.app.ui.sizing import Drawn, gui_drawn
from zipai_desktop.engine.record import to_record

from ..store.play import finished_hand

SIZES = [(1024, 640), (1280, 720), (3840, 2160)]
LANGS = ["zh", "en"]
SCREENS = [
    "title",
    "title_resume",
    "setup",
    "setup_bohu",
    "setup_stakes",
    "setup_presets",
    "setup_crowded",
    "first_run",
    "competition_setup",
    "competition",
    "competition_standings",
    "settings",
    "stats",
    "replays",
    "replay",
    "rules_guilin",
    "rules_bohu",
    "rules_guilin_options",
    "rules_bohu_options",
    "tutorial_choice",
    "tutorial_guilin",
    "tutorial_bohu",
    "key_help",
    "match_result",
    "match_result_bohu4",
    "replays_matches",
    "replays_match",
    "room_choice",
    "room_open",
    "room_host",
    "room_join",
]
#: The 包厢 tables (drawn by the table, not a Painter: in the screenshots, not the layout check).
ROOM_TABLES = ["room_table_friend", "room_table_dropped", "room_result"]


def open_screen(name: str, app: App, size: tuple[int, int], lang: str) -> Any:
    """A screen as the player meets it (drawn twice so pygame_gui has laid its buttons out)."""
    from zipai_desktop.app.screens.replay_viewer import ReplayScene
    from zipai_desktop.app.screens.replays import ReplaysScene
    from zipai_desktop.app.screens.rules import RulesScene
    from zipai_desktop.app.screens.settings import SettingsScene
    from zipai_desktop.app.screens.setup import SetupScene
    from zipai_desktop.app.screens.stats import StatsScene
    from zipai_desktop.app.screens.title import TitleScene
    from zipai_desktop.app.screens.tutorial import TutorialScene

    if name.startswith("title"):
        scene: Any = TitleScene(app, size, lang)
        if name == "title_resume":
            scene.saved = {}
            scene.notes = [
                "A note about a settings file that could not be read, long enough to wrap on a small window."
            ]
            scene._build_gui()
    elif name == "first_run":
        from zipai_desktop.app.screens.first_run import FirstRunScene

        scene = FirstRunScene(app, size, lang)
    elif name.startswith("setup"):
        scene = SetupScene(app, size, lang=lang)
        if name == "setup_bohu":
            scene.rules, scene.players = "bohu", 4
            scene.saved = {}
            scene._build_gui()
        elif name == "setup_stakes":  # 倍率 on: every stake choice shown
            scene.stakes_on = True
            scene.stake.update(start_balance=1000)
            scene.target = 100
        elif name == "setup_presets":  # a 4-seat preset applied, the player's own presets listed, an option framed
            from zipai_desktop.store.presets import Preset, save_preset

            save_preset(Preset("周末 Weekend 16", "guilin", {"min_hu": 15}, hands=16))
            scene.user_presets = [Preset("周末 Weekend 16", "guilin", {"min_hu": 15}, hands=16)]
            scene.players = 4
            scene.seats[:4] = ["human", "strong", "beginner", "random"]
            scene.names[1] = "entrant.11"
            scene.apply_preset("preset.xiushan_100")
            scene.hover = "settlement"
        elif name == "setup_crowded":  # the most rows: 4 seats (two lines), 倍率 on, a resume button and a note
            scene.rules, scene.players = "bohu", 4
            scene.saved = {}
            scene.stakes_on = True
            scene.stake.update(start_balance=1000)
            scene.target = 100
            scene.notes = ["A note about a presets file that was moved aside, long enough to show where it sits."]
            scene._build_gui()
        elif name == "setup_confirm":  # Start while a match is saved: the question
            scene.saved = {}
            scene._build_gui()
            scene.start()
        elif name == "setup_names_open":  # the last seat's name list opened
            scene.rules, scene.players = "bohu", 4
            scene._build_gui()
            drop = [d for d, (kind, _) in scene.drops.items() if kind == "seat_name"][-1]
            scene.preset_drop.unfocus()
            drop.current_state.finish()
            drop.current_state = drop.menu_states["expanded"]
            drop.current_state.start()
    elif name == "settings":
        scene = SettingsScene(app, size, lang=lang)
    elif name.startswith("competition"):
        scene = competition_screen(name, app, size, lang)
    elif name == "stats":
        scene = StatsScene(app, size, lang)
    elif name.startswith("match_result"):
        scene = match_result_screen(name, app, size, lang)
    elif name.startswith("room"):
        scene = room_screen(name, app, size, lang)
        if name.startswith(("room_table", "room_result", "room_host")):
            return scene  # pushed and played to the moment shown
    elif name.startswith("replays_match"):  # 战绩: the matches, or the hands of the 桂林 stakes match
        stored_matches()
        scene = ReplaysScene(app, size, lang)
        scene.set_mode("matches")
        if name == "replays_match":
            scene.open(scene.entries()[-1])
    elif name == "replays":
        scene = ReplaysScene(app, size, lang)
    elif name == "replay":
        scene = ReplayScene(app, size, lang, to_record(finished_hand("bohu", seed=3, players=4)))
        scene.goto(scene.total)
    elif name.startswith("rules"):
        scene = RulesScene(app, size, lang, name.split("_")[1])
    elif name.startswith("tutorial"):
        if name == "tutorial_choice":
            from zipai_desktop.app.screens.title import TutorialChoiceScene

            scene = TutorialChoiceScene(app, size, lang)
        else:
            scene = TutorialScene(app, size, lang, game=name.split("_")[1], speed=4.0)
    else:
        from zipai_desktop.app.screens.tutorial import tutorial_controller
        from zipai_desktop.app.table.scene import TableScene

        scene = TableScene(tutorial_controller(), size, lang=lang)
        scene.show_help = True
    app.push(scene)
    app.frame(1 / 60)
    app.frame(1 / 60)
    if name.startswith("rules") and name.endswith("_options"):  # the chapter with the table of options
        chapter = next(i for i, (_, parts, _) in enumerate(scene.toc) if "选项" in parts[0] or "Options" in parts[0])
        scene.jump(chapter)
        app.frame(1 / 60)
    if name in ("tutorial_guilin", "tutorial_bohu"):  # on to the first explained move (the flip; the 偎)
        for _ in range(900):
            if scene.paused:
                break
            app.frame(1 / 60)
        assert scene.paused
        for _ in range(90):  # the cards land while the banner waits
            app.frame(1 / 60)
    return scene


#: The matches of the 战绩 screens: (game, seat kinds, hands, seed, stakes, practice, start hour).
MATCHES = [
    ("guilin", ["human", "casual", "strong"], 8, "m1", {"base": 2, "multiplier": 5, "start_balance": None}, False, 9),
    ("bohu", ["human", "casual", "human", "beginner"], 6, "m2", None, True, 10),
    ("bohu", ["human", "strong"], 4, "m3", None, False, 11),
    ("guilin", ["human", "human", "human"], 3, "m4", None, False, 12),
]


def stored_matches() -> list[int]:
    """The matches of :data:`MATCHES` played by seeded casual bots into the history, at fixed times (so the
    pictures do not depend on the day); their ids, in order."""
    import dataclasses
    from datetime import datetime, timedelta

    from zipai_desktop.bots.base import make_bot
    from zipai_desktop.bots.heuristic import bot_seed
    from zipai_desktop.engine.match import Match, Stakes
    from zipai_desktop.engine.observation import observe
    from zipai_desktop.engine.rules import get_rules
    from zipai_desktop.store.history import open_history

    ids: list[int] = []
    with open_history() as history:
        for rules, kinds, hands, seed, stakes, practice, hour in MATCHES:
            game_rules = get_rules(rules)
            options = game_rules.parse_options({})
            staked = Stakes.from_json(stakes) if stakes is not None else None
            match = Match(game_rules, options, seed=seed, hands=hands, players=len(kinds), stakes=staked)
            start = datetime(2026, 3, 14, hour, 0)
            match_id = history.start_match(
                rules, kinds, options=dataclasses.asdict(options), seed=seed, practice=practice, started_at=start,
                stakes=stakes,
            )  # fmt: skip
            while not match.over:
                game = match.start_hand()
                while game.to_act is not None:  # casual bots in every seat, seeded: the same hands every time
                    seat = game.to_act
                    bot = make_bot("casual", bot_seed(f"{seed}:{match.played}", seat))
                    game.apply(seat, bot.choose(observe(game, seat), game.legal_actions(seat)))
                history.add_hand(match_id, match.played, game, played_at=start + timedelta(minutes=match.played))
                match.finish_hand()
            history.finish_match(match_id, match.totals, finished_at=start + timedelta(minutes=30))
            ids.append(match_id)
    return ids


def match_result_screen(name: str, app: App, size: tuple[int, int], lang: str) -> Any:
    """The result screen of a 桂林 stakes match (one player, two bots), or of a 博胡 4-seated practice match played
    hot-seat by two people with a points target."""
    from zipai_desktop.app.screens.match_result import MatchResultScene, ResultView
    from zipai_desktop.store.history import open_history

    ids = stored_matches()
    with open_history() as history:
        if name == "match_result":
            view = ResultView(history.match_result(ids[0]))
        else:
            view = ResultView(history.match_result(ids[1]), target=100)
    return MatchResultScene(app, size, lang, view)


def competition_screen(name: str, app: App, size: tuple[int, int], lang: str) -> Any:
    """比赛: its setup (with a saved competition to continue), a round about to be played by 12 entrants, or the
    standings after round 1 (seeded, random and beginner bots, played in this process)."""
    from zipai_desktop.app.screens.competition import CompetitionSetupScene
    from zipai_desktop.competition.play import play_table
    from zipai_desktop.engine.tournament import TableResult

    setup = CompetitionSetupScene(app, size, lang)
    if name == "competition_setup":
        setup.saved = {}
        return setup
    setup.levels = ("random", "beginner")
    setup.rules, setup.table_size, setup.entrants, setup.rounds, setup.hands = "guilin", 3, 12, 4, 2
    scene = setup.start(seed=7, inline=True)
    app.scenes.remove(scene)  # open_screen pushes it
    if name == "competition_standings":
        t = scene.t
        table = t.human_table()
        assert table is not None
        seated = t.tables[0][table]
        points, won = play_table(t.rules, t.options, t.seed_of(1, table), ["beginner"] * len(seated), t.hands)
        t.record(TableResult(1, table, seated, points, won))
    return scene


def drawn(scene: Any) -> list[Drawn]:
    """What the screen recorded while drawing, and its pygame_gui buttons."""
    if getattr(scene, "show_help", False):  # the table's key help
        out = list(scene.help_paint.drawn)
    else:
        out = list(scene.paint.drawn)
    out += gui_drawn(getattr(scene, "gui_buttons", {}))
    for drop in getattr(scene, "drops", {}):  # the setup's drop-downs: their box and the entry shown
        text = drop.selected_option[0]
        text_rect = pygame.Rect((0, 0), font(scene.ui.font).size(text))
        room = drop.rect.inflate(-4, -4)
        room.width -= drop.rect.height  # the arrow's button
        text_rect.center = room.center
        out.append(Drawn(text, text_rect, room, True))
    if hasattr(scene, "name_entry"):
        out.append(Drawn("", scene.name_entry.rect, scene.name_entry.rect, True))
    return out


def close(scene: Any) -> None:
    """Stop what a screen started (the tutorial's and the table's bot workers, a 包厢's host and seats)."""
    while ROOMS:
        ROOMS.pop().close()
    if hasattr(scene, "finish"):
        scene.finish()
    elif hasattr(scene, "bots"):  # a competition: its worker
        scene.bots.close()
    elif hasattr(scene, "controller"):
        scene.controller.close()


# --- 包厢 -------------------------------------------------------------------------------------------------------------

#: What a 包厢 screen started (host and seats on loopback): :func:`close` closes them.
ROOMS: list[Any] = []
#: The address the room screen shows in its picture (the machine's own LAN addresses differ from one computer to the
#: next; the picture must not).
SHOWN_URL = "ws://192.168.1.20:47823"


def _room(rules: str, players: int, friends: tuple[int, ...], seed: str, hands: int = 1) -> Any:
    from zipai_desktop.engine.match import Match
    from zipai_desktop.engine.rules import get_rules
    from zipai_desktop.net.room import Room
    from zipai_desktop.net.session import HostSession

    game = get_rules(rules)
    match = Match(game, game.parse_options({}), seed, hands=hands, players=players)
    host = HostSession(Room(match, code="7KQ2MX", bot="random"), friends, bind="127.0.0.1", inline_bots=True)
    host.open()
    assert host.error is None, host.error
    ROOMS.append(host)
    return host


def _seat(host: Any, seat: int, name: str) -> Any:
    from zipai_desktop.net.session import ClientSession

    session = ClientSession(host.local_url, host.code, seat, name).open()
    ROOMS.append(session)
    return session


def _answering(host: Any, seat: int, name: str) -> Any:
    """A friend whose seeded bot answers the seat's turns from a thread (as the friend's own app would)."""
    import queue
    import threading

    from zipai_desktop.bots.base import make_bot
    from zipai_desktop.net.wire import observation_from_json

    session = _seat(host, seat, name)
    bot = make_bot("random", seed=seat)

    def run() -> None:
        while session.alive or not session.inbox.empty():
            try:
                message = session.inbox.get(timeout=0.05)
            except queue.Empty:
                continue
            if message["kind"] == "turn":
                obs = observation_from_json(message["observation"])
                session.act(bot.choose(obs, obs.legal), message["hand"], message["step"])

    threading.Thread(target=run, daemon=True).start()
    return session


class Stopping:
    """Something to stop at :func:`close` (a browser, an announcement)."""

    def __init__(self, thing: Any) -> None:
        self.thing = thing

    def close(self) -> None:
        stop = getattr(self.thing, "stop", None) or self.thing.close
        stop()


def announced(*rooms: tuple[str, int, str, int, int]) -> None:
    """Announce rooms (name, port, game, players, free seats) on loopback, together (each probes its name a moment)."""
    import threading

    from zipai_desktop.net.discovery import announce

    def one(name: str, port: int, game: str, players: int, free: int) -> None:
        ad = announce(name, port, game=game, players=players, free_seats=free, addresses=["127.0.0.1"],
                      interfaces=["127.0.0.1"])  # fmt: skip
        ROOMS.append(Stopping(ad))

    threads = [threading.Thread(target=one, args=room) for room in rooms]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)


def _until(app: App, done: Any, frames: int = 20000) -> None:
    import time

    for _ in range(frames):
        if done():
            return
        app.frame(1 / 60)
        time.sleep(0.001)
    raise AssertionError("the 包厢 screen did not reach the moment shown")


def room_screen(name: str, app: App, size: tuple[int, int], lang: str) -> Any:
    """The 包厢 screens: open or join, the open-room screen, the host's room with two friends joined, the join list
    with rooms found, the table from a friend's seat (a real loopback room, seeded), a dropped friend under 托管, and
    the result from the totals the host sent."""
    from zipai_desktop.app.screens.room_host import RoomHostScene
    from zipai_desktop.app.screens.room_join import JoinRoomScene, RoomsOnNetwork
    from zipai_desktop.app.screens.room_open import OpenRoomScene, RoomChoiceScene
    from zipai_desktop.app.table.remote import RemoteController
    from zipai_desktop.app.table.room_table import RoomTableScene

    if name == "room_choice":
        return RoomChoiceScene(app, size, lang)
    if name == "room_open":
        scene = OpenRoomScene(app, size, lang)
        scene.name_entry.set_text("阿强的包厢" if lang == "zh" else "Qiang's room")
        return scene
    if name == "room_join":  # two rooms really announced on loopback, found by the join screen's own browser
        found = RoomsOnNetwork(interfaces=["127.0.0.1"])
        ROOMS.append(Stopping(found))
        announced(("阿强的包厢", 47823, "guilin", 3, 2), ("Lily's room", 47824, "bohu", 4, 1))
        deadline = time.monotonic() + 30
        while len(found(lang)) < 2:
            assert time.monotonic() < deadline, "the rooms announced on loopback were not found"
            time.sleep(0.05)
        scene = JoinRoomScene(app, size, lang, found=found)
        scene.address_entry.set_text("ws://127.0.0.1:47823")
        scene.code_entry.set_text("7KQ2MX")
        scene.name_entry.set_text("阿明" if lang == "zh" else "Ming")
        return scene
    if name == "room_host":  # 秀山博胡 for four: the host, two friends joined, one chair still waited for
        host = _room("bohu", 4, (0, 1, 2, 3), "room-host")
        scene = RoomHostScene(app, size, lang, host, "阿强" if lang == "zh" else "Qiang")
        ROOMS.append(scene.seat)
        scene.urls = [SHOWN_URL]
        app.push(scene)
        _seat(host, 1, "阿明" if lang == "zh" else "Ming")
        _seat(host, 2, "Lily")
        _until(app, lambda: sum(s.connected for s in host.status().seats) == 3 and scene.remote is not None)
        app.frame(1 / 60)
        app.frame(1 / 60)
        return scene
    # The table from a friend's seat: 桂林字牌 for three, the host's seat answered by its bot, a room bot at seat 3.
    host = _room("guilin", 3, (0, 1), "room-table" if name != "room_result" else "room-result-2", hands=1)
    first = _answering(host, 0, "阿强" if lang == "zh" else "Qiang")
    mine = _seat(host, 1, "阿明" if lang == "zh" else "Ming")
    welcome = mine.inbox.get(timeout=30)
    remote = RemoteController(mine, welcome, lang=lang)
    _until(app, lambda: remote.dealt)
    table = RoomTableScene(remote, size, lang=lang, speed=60.0, on_lost=lambda sentence: None)
    app.push(table)
    if name == "room_result":
        remote.set_autoplay(1, True)
        _until(app, lambda: table.show_result and remote.ends_match())
        table.next_hand()  # 比赛结束：看成绩
        assert table.match_over
        from zipai_desktop.app.screens.match_result import MatchResultScene, result_of

        result = MatchResultScene(app, size, lang, result_of(remote))
        app.push(result)
        app.frame(1 / 60)
        app.frame(1 / 60)
        return result
    # Some play first: the seat's 托管 bot answers until a few moves are on the table, then the player decides.
    remote.set_autoplay(1, True)
    _until(app, lambda: remote.hand.steps >= 14)
    remote.set_autoplay(1, False)
    _until(app, lambda: bool(table._my_decision()) and table.caught_up() and table.anim is None)
    for _ in range(120):  # the calls' announcements fade (the room waits for this seat's decision meanwhile)
        app.frame(1 / 60)
    if name == "room_table_dropped":
        first.close()  # the host's seat drops: the room's bot plays it (托管), and everyone is told
        _until(app, lambda: 0 in remote.autoplay and table.toast is not None)
    table.speed = 1.0
    app.frame(1 / 60)
    return table
