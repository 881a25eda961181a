"""The settings screen: language, animation speed, sound and volume, fullscreen, large cards, colour-blind cards.

Every change is saved at once (atomically, by the store) and applied without a restart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from ..store.settings import Settings, load_settings, save_settings
from . import cards, layout
from .fonts import text
from .i18n import tr
from .table import FELT, GOLD, GREY, PANEL, WHITE

SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
VOLUMES = (0.0, 0.25, 0.5, 0.8, 1.0)


def apply(settings: Settings) -> None:
    """Apply the look settings to the card renderer and the layout."""
    cards.set_style(settings.colour_blind, settings.large_cards)
    layout.set_scale(1.25 if settings.large_cards else 1.0)


class SettingsScene:
    def __init__(
        self,
        app: Any,
        size: tuple[int, int],
        *,
        lang: str = "zh",
        on_close: Callable[[Settings], None] | None = None,
    ) -> None:
        self.app = app
        self.size = size
        self.settings, self.notes = load_settings()
        self.lang = lang  # the screen speaks the language it was opened in; changing it here changes both
        self.on_close = on_close
        self.rows: list[tuple[pygame.Rect, str]] = []
        self.focus = 0  # keyboard: ↑/↓ move, Enter or Space changes the row

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def _change(self, name: str) -> None:
        s = self.settings
        if name == "language":
            s = dataclasses.replace(s, language="en" if s.language == "zh" else "zh")
        elif name == "animation_speed":
            i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - s.animation_speed))
            s = dataclasses.replace(s, animation_speed=SPEEDS[(i + 1) % len(SPEEDS)])
        elif name == "volume":
            i = min(range(len(VOLUMES)), key=lambda k: abs(VOLUMES[k] - s.volume))
            s = dataclasses.replace(s, volume=VOLUMES[(i + 1) % len(VOLUMES)])
        else:
            s = dataclasses.replace(s, **{name: not getattr(s, name)})
        self.settings = s
        self.lang = s.language
        save_settings(s)
        apply(s)
        if name == "fullscreen":
            flags = pygame.FULLSCREEN if s.fullscreen else pygame.RESIZABLE
            if pygame.display.get_driver() != "dummy":
                self.app.screen = pygame.display.set_mode(self.size, flags)

    def _close(self) -> None:
        if self.on_close is not None:
            self.on_close(self.settings)
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
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
        pass

    def _value(self, name: str) -> str:
        value = getattr(self.settings, name)
        if name == "language":
            return tr(f"lang.{value}", self.lang)
        if isinstance(value, bool):
            return tr("common.on" if value else "common.off", self.lang)
        if name == "animation_speed":
            return f"×{value:g}"
        if name == "volume":
            return f"{round(value * 100)}%"
        return str(value)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(FELT)
        size = max(14, h // 36)
        x0, y = int(w * 0.12), int(h * 0.08)
        surface.blit(text(tr("settings.title", self.lang), size + 10, GOLD, bold=True), (x0, y))
        y += size + 40
        self.rows = []
        names = ["language", "animation_speed", "sound", "volume", "fullscreen", "large_cards", "colour_blind"]
        for name in names:
            rect = pygame.Rect(x0, y, int(w * 0.6), size + 16)
            pygame.draw.rect(surface, PANEL, rect, border_radius=8)
            if len(self.rows) == self.focus:
                pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=8)
            label = text(tr(f"settings.{name}", self.lang), size, WHITE)
            surface.blit(label, label.get_rect(midleft=(rect.left + 14, rect.centery)))
            value = text(self._value(name), size, GOLD, bold=True)
            surface.blit(value, value.get_rect(midright=(rect.right - 14, rect.centery)))
            self.rows.append((rect, name))
            y += size + 26
        back = pygame.Rect(x0, y + 20, 160, size + 18)
        pygame.draw.rect(surface, (50, 100, 70), back, border_radius=8)
        label = text(tr("setup.back", self.lang), size, WHITE, bold=True)
        surface.blit(label, label.get_rect(center=back.center))
        self.rows.append((back, "back"))
        for i, note in enumerate(self.notes[-3:]):
            surface.blit(text(note, max(10, size - 4), GREY), (x0, h - 30 - (3 - i) * (size + 4)))
