"""The 包厢 screens: open a room on this computer, its controls (the code, the addresses, who sits where), and join a
friend's room (the rooms found on the network, or an address typed in).

The room's match runs in :class:`~zipai_desktop.net.session.HostSession` (a thread of its own); every person at the
table, the host player too, sits through a :class:`~zipai_desktop.net.session.ClientSession` (the host's own to
127.0.0.1), read each frame without waiting. So the host's Game is the only truth and every seat has one code path.
"""

from __future__ import annotations

import contextlib
import getpass
import queue
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pygame
import pygame_gui

from ...engine.match import Match, Stakes
from ...engine.rules import RULESETS, get_rules
from ...net.discovery import Browser
from ...net.room import Room, RoomStatus
from ...net.room_save import Autosaver, SaveError, load
from ...net.session import ClientSession, HostSession, room_size_of
from ...store.paths import data_dir
from ...store.presets import BUILTIN, Preset, load_presets
from ...store.room_history import FriendRoomRecorder
from ...store.settings import load_settings
from ..scene import Scene
from ..table.remote import RemoteController, lost_sentence
from ..table.room_table import RoomTableScene
from ..ui.fonts import fitted
from ..ui.gui import manager
from ..ui.i18n import tr
from ..ui.palette import FELT, FELT_DARK, GOLD, GREY, WHITE
from ..ui.sizing import Painter, ui_for
from ..ui.sound import Sound
from .room_history import HostHistory, both, friend_recorder, stored_result
from .settings import apply

#: The port a room listens on first (friends may type it); any free one when it is taken.
ROOM_PORT = 47823
#: The bot levels a room's empty chairs may have.
ROOM_BOTS = ("beginner", "casual", "strong")
#: The match lengths offered (as the setup screen offers them).
ROOM_HANDS = (8, 4, 16, 32)
#: The seats' tokens this session of the app was given, by (address, code, seat): a friend who comes back to the same
#: room takes the seat back with it.
TOKENS: dict[tuple[str, str, int], str] = {}
#: The seats' history recorders, by the same key: a friend who joins again goes on with the same match there.
RECORDERS: dict[tuple[str, str, int], FriendRoomRecorder] = {}
#: The number of chairs of each room this session of the app learnt (a welcome's, or a refusal's of a seat beyond them),
#: by address: the join screen offers only those chairs at that address again.
SIZES: dict[str, int] = {}
#: The most chairs a room may have (of every game): offered while a typed address's room is not known yet.
MOST_PLAYERS = max(n for rules in RULESETS.values() for n in rules.players)
RED = (255, 150, 150)


def room_save_path() -> Path:
    """Where the open room is autosaved (a host restart reopens it from there; the match's end removes it)."""
    return data_dir() / "room.json"


def room_to_reopen() -> bool:
    """A room this computer had open is saved and its match is not over (a finished one's save is removed here)."""
    path = room_save_path()
    if not path.is_file():
        return False
    try:
        room, _ = load(path)
    except SaveError:
        return True  # offered: reopening says why it cannot, and moves the file aside
    if room.over:
        with contextlib.suppress(OSError):
            path.unlink()
        return False
    return True


def player_name() -> str:
    """The name a room shows for this player by default: the computer's user name, short."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        name = ""
    return name[:16] or "zipai"


class FoundRoom(NamedTuple):
    """A room in the join list: its line, its address, its number of chairs and every address it announced."""

    label: str
    url: str
    players: int
    urls: tuple[str, ...] = ()


def room_url(address: str) -> str:
    """A typed address as the room's ``ws://HOST:PORT`` (the scheme and :data:`ROOM_PORT` added when left out)."""
    url = address if "://" in address else f"ws://{address}"
    return url if url.count(":") >= 2 else f"{url}:{ROOM_PORT}"


class RoomsOnNetwork:
    """The rooms announced on the network (LAN discovery, net/discovery.py), as the join list shows them: a browser
    runs in zeroconf's threads while the join screen is open; :meth:`__call__` reads its snapshot without waiting."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        """Browse on ``interfaces`` (their addresses; default all). A network that cannot be browsed lists nothing
        (the player types the address)."""
        self.browser: Browser | None = Browser(interfaces=interfaces)
        try:
            self.browser.start()
        except (OSError, RuntimeError):
            self.browser = None

    def __call__(self, lang: str) -> list[FoundRoom]:
        """Each room seen: its line (name, game, free seats, address), address and chairs."""
        if self.browser is None:
            return []
        out = []
        for ad in self.browser.rooms():
            game = tr(f"game.{ad.game}", lang)
            free = tr("room.free_seats", lang, n=ad.free_seats)
            urls = tuple(f"ws://{a}:{ad.port}" for a in ad.addresses) or (ad.url,)
            out.append(FoundRoom(f"{ad.name}  ·  {game}  ·  {free}  ·  {ad.url}", ad.url, ad.players, urls))
        return out

    def stop(self) -> None:
        """Stop browsing."""
        if self.browser is not None:
            with contextlib.suppress(OSError, RuntimeError):
                self.browser.stop()
            self.browser = None


class _Screen(Scene):
    """What the room screens share: a pygame_gui manager, buttons by kind, the felt, a heading and an error line."""

    heading_key = "room.title"

    def __init__(self, app: Any, size: tuple[int, int], lang: str) -> None:
        self.app = app
        self.size = size
        self.lang = lang
        self.paint = Painter()
        self.error = ""
        self.gui_buttons: dict[object, str] = {}
        self._build_gui()

    def _build_gui(self) -> None:
        self.ui = ui_for(self.size)
        self.gui = manager(self.size, self.ui.font)
        self.gui_buttons = {}

    def add_button(self, rect: pygame.Rect, label: str, kind: str) -> Any:
        """A button that calls :meth:`choose` with ``kind``."""
        element = pygame_gui.elements.UIButton(rect, label, self.gui)
        self.gui_buttons[element] = kind
        return element

    def button(self, kind: str) -> Any:
        """The button of ``kind``, or None."""
        return next((b for b, k in self.gui_buttons.items() if k == kind), None)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out again."""
        self.size = size
        self._build_gui()

    def choose(self, kind: str) -> None:
        """A button was pressed."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons; Esc goes back."""
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            self.choose(self.gui_buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("back")

    def update(self, dt: float) -> None:
        """The widgets' animations."""
        self.gui.update(dt)

    def draw_felt(self, surface: pygame.Surface) -> pygame.Rect:
        """The felt and the heading; returns the heading's box."""
        w, h = self.size
        self.paint.reset()
        surface.fill(FELT)
        pygame.draw.ellipse(surface, FELT_DARK, pygame.Rect(w * 0.05, h * 0.05, w * 0.9, h * 0.9))
        return self.paint.text(
            surface, tr(self.heading_key, self.lang), self.ui.px(36), GOLD, bold=True, midtop=(w // 2, int(h * 0.05))
        )

    def draw_error(self, surface: pygame.Surface, y: int) -> None:
        """The last error, one line in red."""
        if self.error:
            line = fitted(self.error, self.ui.font, int(self.size[0] * 0.9), RED)
            surface.blit(line, line.get_rect(midtop=(self.size[0] // 2, y)))

    def table_kwargs(self) -> dict[str, Any]:
        """The player's table settings: speed and sound (as a local game gets them)."""
        settings, _ = load_settings()
        apply(settings)
        return {"lang": self.lang, "speed": settings.animation_speed, "sound": Sound.from_settings(settings)}

    def history_match(self, table: Any) -> int | None:
        """The match's id in this player's history (the friend's recorder's, or the host's)."""
        recorder = getattr(table.controller, "recorder", None)
        return getattr(recorder, "match_id", None)

    def match_ended(self, table: Any) -> None:
        """The match's result screen takes the table's place: from this player's history when it recorded the
        room's hands, else from the totals the host sent."""
        from .match_result import MatchResultScene, ResultView, result_of

        stored = stored_result(self.history_match(table))
        view = ResultView(stored) if stored is not None else result_of(table.controller)
        result = MatchResultScene(self.app, table.size, self.lang, view, on_close=self.app.home)
        self.app.replace(result)

    def seat_gone(self, sentence: str) -> None:
        """The seat is gone (the host ended or vanished): back to the title, which says why."""
        self.app.home()
        title = self.app.scenes[0] if self.app.scenes else None
        if title is not None and hasattr(title, "notes"):
            title.notes.append(sentence)


# --- 包厢: open or join --------------------------------------------------------------------------------------------


class RoomChoiceScene(_Screen):
    """包厢: open a room here (1) or join a friend's (2), or reopen the room this computer had open (3: its host
    stopped before the match's end; the friends rejoin with the same code); Esc goes back."""

    def _build_gui(self) -> None:
        super()._build_gui()
        ui = self.ui
        w, h = self.size
        kinds: tuple[str, ...] = ("open", "join", "reopen") if room_to_reopen() else ("open", "join")
        labels = [f"{i + 1}  {tr(f'room.{k}', self.lang)}" for i, k in enumerate(kinds)]
        bw = max(ui.px(300), max(ui.button_w(label) for label in labels))
        bh = int(ui.line() * 1.4)
        for i, (kind, label) in enumerate(zip(kinds, labels, strict=True)):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, int(h * 0.38) + i * (bh + ui.gap * 2))
            self.add_button(rect, label, kind)
        back = tr("setup.back", self.lang)
        (rect,) = ui.row([back], w - ui.margin, h - ui.line() - ui.px(24), right=True, least=ui.px(120))
        self.add_button(rect, back, "back")

    def choose(self, kind: str) -> None:
        """Open, join, or back to the title."""
        if kind == "back":
            self.app.pop()
        elif kind == "open":
            self.app.push(OpenRoomScene(self.app, self.size, self.lang))
        elif kind == "join":
            self.app.push(JoinRoomScene(self.app, self.size, self.lang))
        elif kind == "reopen":
            self.reopen()

    def reopen(self) -> None:
        """The saved room served again (same code, same seats and tokens, the match where it stood); a save that
        cannot be reopened is one sentence here, and is moved aside, never deleted."""
        path = room_save_path()
        try:
            room, friends = load(path, set_aside=True)
        except SaveError as exc:
            self.error = tr("room.cannot_reopen", self.lang, reason=str(exc)[:120])
            self._build_gui()
            return
        me = room.seats[0]
        name = me.name or player_name()
        history = HostHistory()
        host = open_host(room, set(friends), name, history=history)
        if host.error is not None:
            self.error = tr("room.cannot_open", self.lang, reason=host.error[:80])
            return
        self.app.replace(RoomHostScene(self.app, self.size, self.lang, host, name, token=me.token, history=history))

    def handle_event(self, event: pygame.event.Event) -> None:
        """1 / 2 / 3 choose too."""
        keys = {pygame.K_1: "open", pygame.K_2: "join", pygame.K_3: "reopen"}
        if event.type == pygame.KEYDOWN and event.key in keys and self.button(keys[event.key]) is not None:
            self.choose(keys[event.key])
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, what a room is, the two choices."""
        box = self.draw_felt(surface)
        self.paint.text(
            surface, tr("room.explain", self.lang), self.ui.font, WHITE, midtop=(self.size[0] // 2, box.bottom + 12)
        )
        self.draw_error(surface, int(self.size[1] * 0.3))
        self.gui.draw_ui(surface)


# --- open a room ------------------------------------------------------------------------------------------------------


class OpenRoomScene(_Screen):
    """The room to open: a rule preset (the game, its options and length), which chairs wait for friends, the
    bots' level, the match length and the room's name."""

    heading_key = "room.open"

    def __init__(self, app: Any, size: tuple[int, int], lang: str) -> None:
        """The choices, starting from 老K 桂林 with every other chair a friend's."""
        self.user_presets, _ = load_presets()
        self.preset: Preset = BUILTIN[0]
        self.players = get_rules(self.preset.game).players[0]
        self.friends: list[bool] = [True] * 4
        self.bot = "casual"
        self.hands: int | None = self.preset.hands
        self.name = player_name()
        self.drops: dict[object, str] = {}
        super().__init__(app, size, lang)

    def presets(self) -> list[Preset]:
        """The built-in presets, then the player's own."""
        return [*BUILTIN, *self.user_presets]

    def _preset_label(self, preset: Preset) -> str:
        return tr(preset.name, self.lang) if preset.builtin else preset.name

    def _build_gui(self) -> None:
        super()._build_gui()
        ui = self.ui
        w, h = self.size
        self.drops = {}
        line = self.line = int(ui.line() * 1.1)
        label_w = max(ui.text_w(self._label(k)) for k in self.row_keys()) + ui.gap * 2
        control_w = min(ui.px(420), int(w * 0.45))
        left = (w - label_w - control_w) // 2 + label_w
        self.rows: list[tuple[str, int]] = []
        y = int(h * 0.2)
        limit = h - y

        def drop(kind: str, options: list[tuple[str, str]], current: str) -> None:
            nonlocal y
            shown = next((o for o in options if o[1] == current), options[0])
            element = pygame_gui.elements.UIDropDownMenu(
                list[str | tuple[str, str]](options),
                shown,
                pygame.Rect(left, y, control_w, line),
                self.gui,
                expansion_height_limit=limit - y,
            )
            self.drops[element] = kind
            y += line + ui.gap

        self.rows.append(("room.preset", y))
        drop("preset", [(self._preset_label(p), p.name) for p in self.presets()], self.preset.name)
        rules = get_rules(self.preset.game)
        if len(rules.players) > 1:
            self.rows.append(("room.players", y))
            drop("players", [(str(n), str(n)) for n in rules.players], str(self.players))
        for seat in range(1, self.players):
            self.rows.append((f"room.seat_n:{seat + 1}", y))
            options = [(tr("room.seat_friend", self.lang), "friend"), (tr("room.seat_bot", self.lang), "bot")]
            drop(f"seat:{seat}", options, "friend" if self.friends[seat] else "bot")
        self.rows.append(("room.bots", y))
        drop("bot", [(tr(f"bot.{k}", self.lang), k) for k in ROOM_BOTS], self.bot)
        if self.preset.target is None:
            self.rows.append(("room.hands", y))
            drop("hands", [(tr("room.hands_n", self.lang, n=n), str(n)) for n in ROOM_HANDS], str(self.hands))
        self.rows.append(("room.name", y))
        self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(left, y, control_w, line), self.gui)
        self.name_entry.set_text_length_limit(16)
        self.name_entry.set_text(self.name)
        y += line + ui.gap
        self.controls_left = left
        self.error_y = y + ui.gap
        labels = [tr("room.open_button", self.lang), tr("setup.back", self.lang)]
        for rect, kind in zip(
            ui.row(labels, w - ui.margin, h - ui.line() - ui.px(24), right=True, least=ui.px(120)),
            ("open", "back"),
            strict=True,
        ):
            self.add_button(rect, labels[("open", "back").index(kind)], kind)

    def row_keys(self) -> list[str]:
        """The labels' keys, for the widest."""
        return ["room.preset", "room.players", "room.seat_n:4", "room.bots", "room.hands", "room.name"]

    def _label(self, key: str) -> str:
        if key.startswith("room.seat_n:"):
            return tr("room.seat_n", self.lang, n=key.split(":")[1])
        return tr(key, self.lang)

    def handle_event(self, event: pygame.event.Event) -> None:
        """The drop-downs, the name, the buttons; Enter opens the room."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.drops:
            self.pick(self.drops[event.ui_element], event.ui_element.selected_option[1])
            return
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and not self.name_entry.is_focused:
            self.choose("open")
            return
        super().handle_event(event)

    def pick(self, kind: str, value: str) -> None:
        """A drop-down's new value."""
        self.name = self.name_entry.get_text()
        if kind == "preset":
            self.preset = next(p for p in self.presets() if p.name == value)
            rules = get_rules(self.preset.game)
            self.players = self.players if self.players in rules.players else rules.players[0]
            self.hands = self.preset.hands
        elif kind == "players":
            self.players = int(value)
        elif kind.startswith("seat:"):
            self.friends[int(kind.split(":")[1])] = value == "friend"
        elif kind == "bot":
            self.bot = value
        elif kind == "hands":
            self.hands = int(value)
        self._build_gui()

    def make_room(self) -> tuple[Room, set[int]]:
        """The room of the choices, and the chairs that wait for a person (the host's chair, 1, and the friends')."""
        preset = self.preset
        rules = get_rules(preset.game)
        options = rules.parse_options(dict(preset.options))
        stakes = Stakes.from_json(dict(preset.stakes)) if preset.stakes is not None else None
        seed = secrets.randbelow(1_000_000_007)
        match = Match(
            rules, options, seed, hands=self.hands if preset.target is None else preset.hands,
            target=preset.target, players=self.players, stakes=stakes,
        )  # fmt: skip
        waiting = {0} | {s for s in range(1, self.players) if self.friends[s]}
        return Room(match, bot=self.bot), waiting

    def choose(self, kind: str) -> None:
        """Open the room (its screen takes this one's place), or go back."""
        if kind == "back":
            self.app.pop()
            return
        if kind != "open":
            return
        self.name = self.name_entry.get_text().strip() or player_name()
        try:
            room, waiting = self.make_room()
        except ValueError as exc:
            self.error = str(exc)
            return
        history = HostHistory()
        host = open_host(room, waiting, self.name, history=history)
        if host.error is not None:
            self.error = tr("room.cannot_open", self.lang, reason=host.error[:80])
            return
        scene = RoomHostScene(self.app, self.size, self.lang, host, self.name, self.preset, history=history)
        self.app.replace(scene)

    def draw(self, surface: pygame.Surface) -> None:
        """The choices, labelled."""
        self.draw_felt(surface)
        for key, y in self.rows:
            label = self._label(key)
            middle = y + self.line // 2
            self.paint.text(surface, label, self.ui.font, WHITE, midright=(self.controls_left - self.ui.gap, middle))
        self.draw_error(surface, self.error_y)
        self.gui.draw_ui(surface)


def open_host(
    room: Room, waiting: set[int], name: str, bind: str = "0.0.0.0", history: HostHistory | None = None
) -> HostSession:
    """The room served to the network on :data:`ROOM_PORT` (any free port when that one is taken), announced as
    ``name`` (LAN discovery) so friends find it in their join list, autosaved after every change (a restart
    reopens it: :meth:`RoomChoiceScene.reopen`) and its hands recorded in the host's ``history`` as they end. The
    autosave's writer thread ends with the room (the host's ``on_close``: the match over, or the room closed)."""
    history = history or HostHistory()
    for port in (ROOM_PORT, 0):
        saver = Autosaver(room_save_path(), waiting)
        host = HostSession(
            room, waiting, bind=bind, port=port, announce_as=name, on_change=both(saver, history), on_close=saver.close
        )
        host.open()
        if host.error is None:
            break
    return host


# --- the room's controls --------------------------------------------------------------------------------------------


class RoomHostScene(_Screen):
    """The open room: its code large, the addresses to give friends, the seats (who joined, connected, a bot, away),
    and the host's controls: start (bots play the chairs still empty), pause / go on, replace the selected missing
    friend by a bot, end the match, and back to the table."""

    heading_key = "room.host_title"

    def __init__(
        self,
        app: Any,
        size: tuple[int, int],
        lang: str,
        host: HostSession,
        name: str,
        preset: Preset | None = None,
        *,
        token: str | None = None,
        history: HostHistory | None = None,
    ) -> None:
        """The controls of ``host``'s room; the host player sits at chair 1 as ``name`` (with the seat's ``token``
        in a reopened room)."""
        self.host = host
        self.history = history  # the room's hands in the host's history (written on the host's thread)
        self.name = name
        self.preset = preset
        self.urls = host.urls()
        self.selected: int | None = None
        self.status: RoomStatus = host.status()
        self.seat = ClientSession(host.local_url, host.code, 0, name, token).open()
        self.remote: RemoteController | None = None
        self.table: RoomTableScene | None = None
        self.ended = False
        super().__init__(app, size, lang)

    def _build_gui(self) -> None:
        super()._build_gui()
        ui = self.ui
        w, h = self.size
        kinds = ["start", "pause", "replace", "end", "table", "back"]
        labels = [self._button_label(k) for k in kinds]
        y = h - int(ui.line() * 1.2) - ui.px(24)
        for rect, kind, label in zip(
            ui.row(labels, w - ui.margin, y, right=True, least=ui.px(100)), kinds, labels, strict=True
        ):
            self.add_button(rect, label, kind)
        self._enable()

    def _button_label(self, kind: str) -> str:
        if kind == "pause":
            return tr("room.resume" if self.status.paused else "room.pause", self.lang)
        if kind == "back":
            return tr("room.close", self.lang)
        return tr(f"room.{kind}", self.lang)

    def _enable(self) -> None:
        status = self.status
        live = not status.over and not self.ended
        states = {
            "start": live and not status.started,
            "pause": live and status.started,
            "replace": live and status.started and self._replaceable(),
            "end": live,
            "table": self.table is not None and live,
            "back": True,
        }
        for element, kind in self.gui_buttons.items():
            if states.get(kind, True):
                element.enable()  # type: ignore[attr-defined]
            else:
                element.disable()  # type: ignore[attr-defined]

    def _replaceable(self) -> bool:
        seat = self.selected
        if seat is None or seat >= len(self.status.seats):
            return False
        entry = self.status.seats[seat]
        return seat != 0 and not entry.connected and not entry.played_by_bot

    def seat_rows(self) -> list[tuple[int, str, str]]:
        """Each chair: its number, who sits there, and how (the host, connected, 托管 while away, a bot)."""
        rows = []
        for entry in self.status.seats:
            if entry.seat == 0:
                who, how = self.name, tr("room.state.host", self.lang)
            elif entry.joined:
                who = entry.name or tr("seat.player", self.lang, n=entry.seat + 1)
                if entry.connected:
                    how = tr("room.state.connected", self.lang)
                else:
                    how = tr("room.state.away" if entry.played_by_bot else "room.state.waited", self.lang)
            elif not self.status.started and entry.seat in self.host.friends:
                who, how = tr("seat.bot", self.lang, n=entry.seat + 1), tr("room.state.free", self.lang)
            else:
                who, how = tr("seat.bot", self.lang, n=entry.seat + 1), tr("room.state.empty", self.lang)
            rows.append((entry.seat, who, how))
        return rows

    def choose(self, kind: str) -> None:
        """The host's controls."""
        if kind == "start":
            self.host.start()
        elif kind == "pause":
            self.host.pause(not self.status.paused)
        elif kind == "replace" and self.selected is not None:
            self.host.replace(self.selected)
        elif kind == "end":
            self.ended = True
            self.host.end()
        elif kind == "table":
            self.open_table()
        elif kind == "back":
            self.close_room()

    def close_room(self) -> None:
        """Close the room (the friends are told) and go back to the title; the room is not reopened later."""
        self.seat.close()
        self.host.close()
        self.forget_save()
        self.app.home()

    def forget_save(self) -> None:
        """The room's autosave is removed: the match is over, or the host closed the room."""
        if self.host.on_change is not None:
            with contextlib.suppress(OSError):
                room_save_path().unlink(missing_ok=True)

    def open_table(self) -> None:
        """The table from the host's chair over these controls (F9 there comes back here)."""
        if self.table is None and self.remote is not None:
            self.table = RoomTableScene(
                self.remote,
                self.size,
                on_lost=self._table_lost,
                on_room=self._back_from_table,
                on_exit=self._back_from_table,
                on_match_end=self.match_ended,
                **self.table_kwargs(),
            )
        if self.table is not None and self.table not in self.app.scenes:
            self.app.push(self.table)

    def history_match(self, table: Any) -> int | None:
        """The room's match in the host's history."""
        return self.history.match_id if self.history is not None else None

    def _back_from_table(self) -> None:
        if self.app.scenes and self.app.scenes[-1] is self.table:
            self.app.pop()

    def _table_lost(self, sentence: str) -> None:
        self.host.close()
        self.seat_gone(sentence)

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click on a chair selects it (for 替换); the buttons; Esc back to the table once the match runs."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for seat, rect in getattr(self, "row_rects", []):
                if rect.collidepoint(event.pos):
                    self.selected = seat
                    self._enable()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F9) and self.table is not None:
            self.open_table()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return  # closing the room is its button's, not a stray Esc's
        super().handle_event(event)

    def update(self, dt: float) -> None:
        """The room's status; the host's seat joined; the table once the match is dealt."""
        old = self.status
        self.status = self.host.status()
        if self.remote is None:
            self._await_welcome()
        elif self.table is None:
            self.remote.pump()
        if self.status != old:
            if self.status.paused != old.paused:
                self._build_gui()
            self._enable()
        if self.remote is not None and self.table is None and not self.ended and self.remote.dealt:
            self.open_table()
        super().update(dt)

    def _await_welcome(self) -> None:
        try:
            message = self.seat.inbox.get_nowait()
        except queue.Empty:
            return
        if message.get("kind") == "welcome":
            self.remote = RemoteController(self.seat, message, lang=self.lang)
        elif message.get("kind") == "lost":
            self.error = lost_sentence(str(message.get("problem")), str(message.get("reason", "")), self.lang)

    def draw(self, surface: pygame.Surface) -> None:
        """The code, the addresses, the seats."""
        w, h = self.size
        ui = self.ui
        box = self.draw_felt(surface)
        y = box.bottom + ui.gap
        code_label = self.paint.text(surface, tr("room.code", self.lang), ui.font, GREY, midtop=(w // 2, y))
        code = self.paint.text(
            surface, self.host.code, max(32, h // 9), GOLD, bold=True, midtop=(w // 2, code_label.bottom)
        )
        y = code.bottom + ui.gap
        addresses = "   ".join(self.urls)
        line = self.paint.text(
            surface, tr("room.addresses", self.lang, urls=addresses), ui.font, WHITE, midtop=(w // 2, y)
        )
        y = line.bottom + ui.gap * 2
        if self.preset is not None:
            what = self.paint.text(
                surface, tr(self.preset.name, self.lang) if self.preset.builtin else self.preset.name, ui.small,
                GREY, midtop=(w // 2, y),
            )  # fmt: skip
            y = what.bottom + ui.gap
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        col = int(w * 0.25)
        for seat, who, how in self.seat_rows():
            rect = pygame.Rect(col - ui.gap, y - ui.px(3), w - 2 * col + 2 * ui.gap, ui.line() + ui.px(6))
            if seat == self.selected:
                pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=ui.px(6))
            self.row_rects.append((seat, rect))
            self.paint.text(surface, f"{seat + 1}", ui.font, GOLD, bold=True, topleft=(col, y))
            self.paint.text(surface, who, ui.font, WHITE, topleft=(col + ui.px(48), y))
            self.paint.text(surface, how, ui.font, GREY, topright=(w - col, y))
            y += ui.line() + ui.gap
        state = self._state_line()
        self.paint.text(surface, state, ui.font, GOLD, midtop=(w // 2, y + ui.gap))
        self.draw_error(surface, y + ui.gap + ui.line() + ui.gap)
        self.gui.draw_ui(surface)

    def _state_line(self) -> str:
        status = self.status
        if status.over:
            return tr("room.state_over", self.lang)
        if self.ended:
            return tr("room.state_ended", self.lang)
        if not status.started:
            return tr("room.state_waiting", self.lang)
        if status.paused:
            return tr("room.paused_banner", self.lang)
        return tr("room.state_playing", self.lang, n=status.hand + 1)


# --- join a room ------------------------------------------------------------------------------------------------------


class JoinRoomScene(_Screen):
    """Join a friend's room: pick one found on the network (refreshed as rooms come and go) or type its address, then
    the code, your name and a chair. The chairs offered are the room's (2 to its number of players: announced with a
    room found, or told by the host to a join at that address; up to :data:`MOST_PLAYERS` before that). A refusal
    (wrong code, a taken chair, a chair beyond the room's, another version) or nobody at the address is one sentence
    here; the screen stays."""

    heading_key = "room.join"
    REFRESH_S = 1.0

    def __init__(
        self, app: Any, size: tuple[int, int], lang: str, found: Callable[[str], list[FoundRoom]] | None = None
    ) -> None:
        """The join form; ``found(lang)`` lists the rooms seen: by default the rooms announced on the network
        (:class:`RoomsOnNetwork`, browsing while this screen is open)."""
        self.network = RoomsOnNetwork() if found is None else None
        self.found: Callable[[str], list[FoundRoom]] = found or self.network or (lambda lang: [])
        self.rooms: list[FoundRoom] = self.found(lang)
        self.address = ""
        self.code = ""
        self.name = player_name()
        self.seat = 1
        self.players = MOST_PLAYERS  # the chairs offered: the room's once known
        self.session: ClientSession | None = None
        self.remote: RemoteController | None = None  # joined: the table opens once the deal has come
        self.since = 0.0
        super().__init__(app, size, lang)

    def _build_gui(self) -> None:
        super()._build_gui()
        ui = self.ui
        w, h = self.size
        line = self.line = int(ui.line() * 1.1)
        width = min(ui.px(640), int(w * 0.7))
        left = (w - width) // 2
        y = int(h * 0.18)
        self.list_label_y = y
        y += ui.line()
        list_h = max(line * 3, int(h * 0.22))
        self.room_list = pygame_gui.elements.UISelectionList(
            pygame.Rect(left, y, width, list_h), [room.label for room in self.rooms], self.gui
        )
        y += list_h + ui.gap * 2
        label_w = max(ui.text_w(tr(k, self.lang)) for k in ("room.address", "room.code", "room.your_name", "room.seat"))
        entry_left = left + label_w + ui.gap
        entry_w = width - label_w - ui.gap
        self.labels: list[tuple[str, int]] = []

        def entry(key: str, value: str, limit: int) -> pygame_gui.elements.UITextEntryLine:
            nonlocal y
            self.labels.append((key, y))
            element = pygame_gui.elements.UITextEntryLine(pygame.Rect(entry_left, y, entry_w, line), self.gui)
            element.set_text_length_limit(limit)
            element.set_text(value)
            y += line + ui.gap
            return element

        self.address_entry = entry("room.address", self.address, 80)
        self.code_entry = entry("room.code", self.code, 16)
        self.name_entry = entry("room.your_name", self.name, 16)
        self.labels.append(("room.seat", y))
        self.seat_rect = pygame.Rect(entry_left, y, min(entry_w, ui.px(200)), line)
        self.players = self.known_players() or MOST_PLAYERS
        self.seat_drop = self._seat_drop()
        y += line + ui.gap
        self.entry_left = entry_left
        self.error_y = y + ui.gap
        labels = [tr("room.join_button", self.lang), tr("setup.back", self.lang)]
        for rect, kind, label in zip(
            ui.row(labels, w - ui.margin, h - ui.line() - ui.px(24), right=True, least=ui.px(120)),
            ("join", "back"),
            labels,
            strict=True,
        ):
            self.add_button(rect, label, kind)

    def _seat_drop(self) -> pygame_gui.elements.UIDropDownMenu:
        """The chairs a friend may pick: 2 to the room's number (the host's is 1); the one picked kept if there."""
        self.seat = min(self.seat, self.players - 1)
        seats: list[str | tuple[str, str]] = [
            (tr("room.seat_n", self.lang, n=n + 1), str(n)) for n in range(1, self.players)
        ]
        return pygame_gui.elements.UIDropDownMenu(seats, seats[self.seat - 1], self.seat_rect, self.gui)

    def known_players(self) -> int | None:
        """The number of chairs of the room at the address typed: a found room's, or one the host told; else None."""
        text = self.address_entry.get_text().strip()
        if not text:
            return None
        url = room_url(text)
        found = next((room.players for room in self.rooms if url == room.url or url in room.urls), None)
        return found or SIZES.get(url)

    def offer_seats(self) -> None:
        """Offer the chairs of the room at the address typed (the drop-down made again when they change)."""
        players = self.known_players() or MOST_PLAYERS
        if players != self.players:
            self.players = players
            self.seat_drop.kill()  # type: ignore[no-untyped-call]
            self.seat_drop = self._seat_drop()

    def _keep_text(self) -> None:
        self.address = self.address_entry.get_text().strip()
        self.code = self.code_entry.get_text().strip()
        self.name = self.name_entry.get_text().strip()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again, keeping what was typed."""
        self._keep_text()
        super().resize(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        """A room picked fills the address; the seat drop-down; Enter joins."""
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.room_list:
            picked = event.text
            address = next((room.url for room in self.rooms if room.label == picked), None)
            if address is not None:
                self.address_entry.set_text(address)
                self.offer_seats()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.address_entry:
            self.offer_seats()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.seat_drop:
            self.seat = int(self.seat_drop.selected_option[1])
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("join")
            return
        super().handle_event(event)

    def choose(self, kind: str) -> None:
        """Join (the answer comes in the next frames), or go back."""
        if kind == "back":
            if self.session is not None:
                self.session.close()
            self.stop_browsing()
            self.app.pop()
            return
        if kind != "join" or self.session is not None:
            return
        self._keep_text()
        if not self.address or not self.code:
            self.error = tr("room.need_address_and_code", self.lang)
            return
        address = room_url(self.address)
        self.error = ""
        name = self.name or player_name()
        token = TOKENS.get((address, self.code.upper(), self.seat))
        self.session = ClientSession(address, self.code, self.seat, name, token).open()

    def update(self, dt: float) -> None:
        """The rooms found (refreshed), the join's answer."""
        self.since += dt
        if self.since >= self.REFRESH_S:
            self.since = 0.0
            rooms = self.found(self.lang)
            if rooms != self.rooms:
                self.rooms = rooms
                self.room_list.set_item_list([room.label for room in rooms])
                self.offer_seats()
        if self.remote is not None and self.remote.dealt:  # the table once it has a hand to show
            remote, self.remote, self.session = self.remote, None, None
            self.sit(remote)
        session = self.session
        if session is not None and self.remote is None:
            try:
                message = session.inbox.get_nowait()
            except queue.Empty:
                message = None
            if message is not None and message.get("kind") == "welcome":
                TOKENS[(session.url, session.code, session.seat)] = str(message["token"])
                SIZES[session.url] = int(message["players"])
                self.remote = RemoteController(session, message, lang=self.lang)
                key = (session.url, session.code, session.seat)
                recorder = RECORDERS.get(key)
                if recorder is None:
                    recorder = RECORDERS[key] = friend_recorder(message)
                else:
                    recorder.feed(message)  # a rejoin: the hand now played went on under 托管 meanwhile
                self.remote.recorder = recorder  # the hands this friend plays, in their history
            elif message is not None and message.get("kind") == "lost":
                self.session = None
                self.refused(str(message.get("problem")), str(message.get("reason", "")), session.url)
        super().update(dt)

    def refused(self, problem: str, reason: str, url: str) -> None:
        """The join was refused (or nobody answered): one sentence; a chair beyond the room's tells its size, and
        only its chairs are offered from then on."""
        players = room_size_of(reason)
        if players is None:
            self.error = lost_sentence(problem, reason, self.lang)
            return
        SIZES[url] = players
        self.offer_seats()
        self.error = tr("room.lost.seat", self.lang, n=players)

    def stop_browsing(self) -> None:
        """Stop listening for rooms (the screen is left)."""
        if self.network is not None:
            self.network.stop()

    def sit(self, remote: RemoteController) -> None:
        """The table from the friend's chair (the rooms are no longer browsed)."""
        self.stop_browsing()
        table = RoomTableScene(
            remote,
            self.size,
            on_lost=self.seat_gone,
            on_exit=self.app.home,
            on_match_end=self.match_ended,
            **self.table_kwargs(),
        )
        self.app.push(table)

    def draw(self, surface: pygame.Surface) -> None:
        """The rooms found, the form, the last error."""
        self.draw_felt(surface)
        ui = self.ui
        w = self.size[0]
        found = tr("room.found", self.lang) if self.rooms else tr("room.none_found", self.lang)
        self.paint.text(surface, found, ui.font, GREY, midtop=(w // 2, self.list_label_y))
        for key, y in self.labels:
            middle = y + self.line // 2
            self.paint.text(surface, tr(key, self.lang), ui.font, WHITE, midright=(self.entry_left - ui.gap, middle))
        if self.session is not None:
            self.paint.text(surface, tr("room.joining", self.lang), ui.font, GOLD, midtop=(w // 2, self.error_y))
        self.draw_error(surface, self.error_y)
        self.gui.draw_ui(surface)
