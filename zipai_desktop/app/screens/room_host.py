"""The open 包厢's screen: its code, the addresses to give friends, who sits where, and the host's controls; and
:func:`open_host`, the room served to the network (announced, autosaved, recorded in the host's history)."""

from __future__ import annotations

import contextlib
import queue
from typing import Any

import pygame

from ...net.room import Room, RoomStatus
from ...net.room_save import Autosaver
from ...net.session import ClientSession, HostSession
from ...store.presets import Preset
from ..table.remote import RemoteController, lost_sentence
from ..table.room_table import RoomTableScene
from ..ui.i18n import tr
from ..ui.palette import GOLD, GREY, WHITE
from .room_common import ROOM_PORT, RoomScreen, room_save_path
from .room_history import HostHistory, both


def open_host(
    room: Room, waiting: set[int], name: str, bind: str = "0.0.0.0", history: HostHistory | None = None
) -> HostSession:
    """The room served to the network on :data:`ROOM_PORT` (any free port when that one is taken), announced as
    ``name`` (LAN discovery) so friends find it in their join list, autosaved after every change (a restart reopens
    it: :meth:`.room_open.RoomChoiceScene.reopen`) and its hands recorded in the host's ``history`` as they end. The
    autosave's writer thread and the history's connection end with the room (the host's ``on_close``: the match
    over, or the room closed)."""
    history = history or HostHistory()
    for port in (ROOM_PORT, 0):
        saver = Autosaver(room_save_path(), waiting)

        def closed(saver: Autosaver = saver) -> None:
            saver.close()
            history.close()

        host = HostSession(
            room, waiting, bind=bind, port=port, announce_as=name, on_change=both(saver, history), on_close=closed
        )
        host.open()
        if host.error is None:
            break
    return host


# --- the room's controls --------------------------------------------------------------------------------------------


class RoomHostScene(RoomScreen):
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
