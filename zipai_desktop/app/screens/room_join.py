"""Join a friend's 包厢: the rooms found on the network (LAN discovery), or an address typed in; the code, a name and
one of the room's chairs."""

from __future__ import annotations

import contextlib
import queue
from collections.abc import Callable
from typing import Any, NamedTuple

import pygame
import pygame_gui

from ...engine.rules import RULESETS
from ...net.discovery import Browser
from ...net.session import ClientSession, room_size_of
from ...store.room_history import FriendRoomRecorder
from ..table.remote import RemoteController, lost_sentence
from ..table.room_table import RoomTableScene
from ..ui.i18n import tr
from ..ui.palette import GOLD, GREY, WHITE
from .room_common import ROOM_PORT, RoomScreen, player_name
from .room_history import friend_recorder

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


# --- join a room ------------------------------------------------------------------------------------------------------


class JoinRoomScene(RoomScreen):
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
