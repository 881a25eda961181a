"""The settings screen: language, animation speed, sound and volume, fullscreen, large cards, colour-blind cards.

Every change is saved at once (atomically, by the store) and applied without a restart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from ...store.settings import BOT_PACES, DISCARD_MODES, TURN_TIMERS, Settings, load_settings, save_settings
from ..scene import Scene
from ..table import layout
from ..ui import cards
from ..ui.banner import localize
from ..ui.i18n import tr
from ..ui.palette import FELT, GOLD, GREY
from ..ui.row_list import Column, ListRow, RowList, choice_step
from ..ui.sizing import Painter, ui_for

SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
CHOICES = {"discard_mode": DISCARD_MODES, "bot_pace": BOT_PACES}
VOLUMES = (0.0, 0.25, 0.5, 0.8, 1.0)


def apply(settings: Settings) -> None:
    """Apply the look settings to the card renderer and the layout."""
    cards.set_style(settings.colour_blind, settings.large_cards)
    layout.set_scale(1.25 if settings.large_cards else 1.0)


class SettingsScene(Scene):
    """The settings screen: each setting a row that cycles its values, saved as it changes."""

    def __init__(
        self,
        app: Any,
        size: tuple[int, int],
        *,
        lang: str = "zh",
        on_close: Callable[[Settings], None] | None = None,
    ) -> None:
        """The settings as saved; ``on_close`` gets them when the screen closes."""
        self.app = app
        self.size = size
        self.settings, self.notes = load_settings()
        self.lang = lang  # the screen speaks the language it was opened in; changing it here changes both
        self.on_close = on_close
        # Each setting a row of the list: its name, and its value in gold on the right.
        self.list = RowList((Column(), Column(align="right", colour=GOLD, bold=True)), selectable=True, selected=0)
        self.on_back = False  # keyboard: ↓ from the last row frames the back button, ↑ goes back to the rows
        self.back_rect = pygame.Rect(0, 0, 0, 0)
        self.paint = Painter()

    def resize(self, size: tuple[int, int]) -> None:
        """The window has a new size (the rows are laid out at each frame)."""
        self.size = size

    def _change(self, name: str) -> None:
        s = self.settings
        if name == "language":
            s = dataclasses.replace(s, language="en" if s.language == "zh" else "zh")
        elif name == "animation_speed":
            i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - s.animation_speed))
            s = dataclasses.replace(s, animation_speed=SPEEDS[(i + 1) % len(SPEEDS)])
        elif name in CHOICES:
            options = CHOICES[name]
            # The field is named at run time: its value typed Any, as dataclasses.replace cannot check a name.
            cycled: dict[str, Any] = {name: options[(options.index(getattr(s, name)) + 1) % len(options)]}
            s = dataclasses.replace(s, **cycled)
        elif name == "turn_timer":  # off, then each length in turn
            s = dataclasses.replace(s, turn_timer=TURN_TIMERS[(TURN_TIMERS.index(s.turn_timer) + 1) % len(TURN_TIMERS)])
        elif name == "volume":
            i = min(range(len(VOLUMES)), key=lambda k: abs(VOLUMES[k] - s.volume))
            s = dataclasses.replace(s, volume=VOLUMES[(i + 1) % len(VOLUMES)])
        else:
            flipped: dict[str, Any] = {name: not getattr(s, name)}
            s = dataclasses.replace(s, **flipped)
        self.settings = s
        self.lang = s.language
        save_settings(s)
        apply(s)
        if name == "fullscreen" and hasattr(self.app, "set_fullscreen"):
            self.app.set_fullscreen(s.fullscreen)

    def settings_changed(self) -> None:
        """F11 changed a setting behind this screen's back: show the file's values."""
        self.settings, _ = load_settings()

    def _close(self) -> None:
        if self.on_close is not None:
            self.on_close(self.settings)
        self.app.pop()

    @property
    def rows(self) -> list[tuple[pygame.Rect, str]]:
        """Each setting's row as last drawn, then the back button: (box, name)."""
        return [(rect, row.key) for rect, row in self.list.shown] + [(self.back_rect, "back")]

    def handle_event(self, event: pygame.event.Event) -> None:
        """↑/↓ move the highlight (on to the back button below the rows), Enter or Space changes the highlighted row,
        a click changes a row, Esc closes."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self._close()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            chosen = self.list.chosen()
            if self.on_back:
                self._close()
            elif chosen is not None:
                self._change(chosen.key)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            # The back button follows the last row, and the first row follows the back button (a ring).
            down, last = event.key == pygame.K_DOWN, len(self.list.rows) - 1
            if self.on_back:
                self.on_back = False
                self.list.selected = 0 if down else last
                self.list.focused = True
                return
            if self.list.selected == (last if down else 0):
                self.on_back = True
                self.list.focused = False
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.back_rect.collidepoint(event.pos):
            self._close()
            return
        chosen = self.list.handle_event(event)
        if chosen is not None:
            self.on_back, self.list.focused = False, True
            self._change(chosen.key)

    def update(self, dt: float) -> None:
        """Nothing moves on this screen."""
        pass

    def _value(self, name: str) -> str:
        value = getattr(self.settings, name)
        if name == "language":
            return tr(f"lang.{value}", self.lang)
        if name in CHOICES:
            return tr(f"settings.{name}.{value}", self.lang)
        if isinstance(value, bool):
            return tr("common.on" if value else "common.off", self.lang)
        if name == "animation_speed":
            return f"×{value:g}"
        if name == "volume":
            return f"{round(value * 100)}%"
        if name == "turn_timer":
            return tr("settings.turn_timer.seconds", self.lang, n=value) if value else tr("common.off", self.lang)
        return str(value)

    def draw(self, surface: pygame.Surface) -> None:
        """Each setting with its value, the frame, the notes."""
        w, h = self.size
        ui = ui_for(self.size)
        paint = self.paint
        paint.reset()
        surface.fill(FELT)
        size = ui.font
        x0, y = ui.margin, ui.px(40)
        paint.text(surface, tr("settings.title", self.lang), ui.heading, GOLD, bold=True, topleft=(x0, y))
        y += ui.line(ui.heading) + ui.gap
        names = [
            "language",
            "animation_speed",
            "bot_pace",
            "discard_mode",
            "hints",
            "card_count",
            "phrases",
            "turn_timer",
            "sound",
            "volume",
            "fullscreen",
            "large_cards",
            "colour_blind",
        ]
        pairs = [(tr(f"settings.{name}", self.lang), self._value(name)) for name in names]
        # As wide as the longest label and value need, at least 60% of the window.
        need = max(ui.text_w(label) + ui.text_w(value, bold=True) for label, value in pairs) + 4 * ui.pad
        row_w = min(w - 2 * x0, max(int(w * 0.6), need))
        self.list.set_rows([ListRow(pair, key=name) for name, pair in zip(names, pairs, strict=True)])
        self.list.place(pygame.Rect(x0, y, row_w, choice_step(ui) * len(names)), ui)
        self.list.draw(surface, paint)
        y = self.list.rect.bottom
        row_h = ui.line()
        label = tr("setup.back", self.lang)
        back = pygame.Rect(x0, y + ui.gap * 2, ui.button_w(label, bold=True, least=ui.px(140)), int(row_h * 1.1))
        paint.button(surface, back, label, size, fill=(50, 100, 70), bold=True, border=GREY, selected=self.on_back)
        self.back_rect = back
        small = ui.small
        notes = list(dict.fromkeys(localize(n, self.lang) for n in self.notes))[-3:]  # in the player's language
        for i, note in enumerate(notes):
            paint.text(surface, note, small, GREY, topleft=(x0, h - ui.px(30) - (3 - i) * (small + ui.px(6))))
