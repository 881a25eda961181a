"""What the 包厢 screens share: the room's port, where the open room is autosaved, the player's default name, and
:class:`RoomScreen` (the felt, the heading, buttons by kind, one error line, the table's settings, the match's end).

The screens: :mod:`.room_open` (open or join, and the room to open), :mod:`.room_host` (the open room's controls),
:mod:`.room_join` (join a friend's room). The room's match runs in
:class:`~zipai_desktop.net.session.HostSession` (a thread of its own); every person at the table, the host player too,
sits through a :class:`~zipai_desktop.net.session.ClientSession` (the host's own to 127.0.0.1), read each frame without
waiting. So the host's Game is the only truth and every seat has one code path.
"""

from __future__ import annotations

import contextlib
import getpass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...net.room_save import SaveError, load
from ...store.paths import data_dir
from ...store.settings import load_settings
from ..scene import Scene
from ..ui.fonts import fitted
from ..ui.gui import manager
from ..ui.i18n import tr
from ..ui.palette import FELT, FELT_DARK, GOLD
from ..ui.sizing import Painter, ui_for
from ..ui.sound import Sound
from .room_history import stored_result
from .settings import apply

#: The port a room listens on first (friends may type it); any free one when it is taken.
ROOM_PORT = 47823
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


class RoomScreen(Scene):
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
