"""The settings screen: language, animation speed, sound and volume, fullscreen, large cards, colour-blind cards.

Every change is saved at once (atomically, by the store) and applied without a restart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from ...store.settings import BOT_PACES, DISCARD_MODES, Settings, load_settings, save_settings
from ..scene import Scene
from ..table import layout
from ..ui import cards
from ..ui.banner import localize
from ..ui.i18n import tr
from ..ui.palette import FELT, GOLD, GREY, PANEL, WHITE
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
        self.rows: list[tuple[pygame.Rect, str]] = []
        self.focus = 0  # keyboard: ↑/↓ move, Enter or Space changes the row
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
            s = dataclasses.replace(s, **{name: options[(options.index(getattr(s, name)) + 1) % len(options)]})
        elif name == "volume":
            i = min(range(len(VOLUMES)), key=lambda k: abs(VOLUMES[k] - s.volume))
            s = dataclasses.replace(s, volume=VOLUMES[(i + 1) % len(VOLUMES)])
        else:
            s = dataclasses.replace(s, **{name: not getattr(s, name)})
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

    def handle_event(self, event: pygame.event.Event) -> None:
        """↑/↓ move the gold frame, Space or Enter change the framed row, a click changes a row, Esc closes."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self._close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.rows:
            self.focus = (self.focus + (1 if event.key == pygame.K_DOWN else -1)) % len(self.rows)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.rows:
            name = self.rows[self.focus][1]
            if name == "back":
                self._close()
            else:
                self._change(name)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, name in self.rows:
                if rect.collidepoint(event.pos):
                    if name == "back":
                        self._close()
                    else:
                        self._change(name)
                    return

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
        self.rows = []
        names = [
            "language",
            "animation_speed",
            "bot_pace",
            "discard_mode",
            "hints",
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
        row_h = ui.line()
        step = row_h + ui.px(8)
        for name, (label, value) in zip(names, pairs, strict=False):
            rect = pygame.Rect(x0, y, row_w, row_h)
            pygame.draw.rect(surface, PANEL, rect, border_radius=8)
            if len(self.rows) == self.focus:
                pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=8)
            paint.area(rect)
            paint.text(surface, label, size, WHITE, box=rect, midleft=(rect.left + ui.pad, rect.centery))
            paint.text(surface, value, size, GOLD, bold=True, box=rect, midright=(rect.right - ui.pad, rect.centery))
            self.rows.append((rect, name))
            y += step
        label = tr("setup.back", self.lang)
        back = pygame.Rect(x0, y + ui.gap * 2, ui.button_w(label, bold=True, least=ui.px(140)), int(row_h * 1.1))
        paint.button(
            surface,
            back,
            label,
            size,
            fill=(50, 100, 70),
            bold=True,
            border=GREY,
            selected=len(self.rows) == self.focus,
        )
        self.rows.append((back, "back"))
        small = ui.small
        notes = list(dict.fromkeys(localize(n, self.lang) for n in self.notes))[-3:]  # in the player's language
        for i, note in enumerate(notes):
            paint.text(surface, note, small, GREY, topleft=(x0, h - ui.px(30) - (3 - i) * (small + ui.px(6))))
