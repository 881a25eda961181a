"""The first-run screen: before the title, the first time the game starts (no settings file yet), it asks how a card
is discarded. Double-click and drag are offered first and marked as suggested: with a single click (the setting's
default) one stray click discards a card. The choice is saved in the settings (and the settings screen changes it
later); Esc keeps the default."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pygame_gui

from ...store.settings import SettingsError, load_settings, save_settings
from ..scene import Scene
from ..ui.fonts import font
from ..ui.gui import manager
from ..ui.i18n import tr
from ..ui.palette import FELT, FELT_DARK, GOLD, WHITE
from ..ui.sizing import Painter, ui_for
from .tutorial import wrap

#: The discard modes in the order offered: the two suggested ones first (the keys 1, 2, 3 choose them too).
MODES = ("double", "drag", "click")


class FirstRunScene(Scene):
    """How do you discard? Three buttons (double-click and drag suggested, a single click last); the choice is saved
    and the title screen under it comes back."""

    def __init__(self, app: Any, size: tuple[int, int], lang: str) -> None:
        """The question in ``lang``."""
        self.app = app
        self.size = size
        self.lang = lang
        self.paint = Painter()
        self.notes: list[str] = []
        self._build_gui()

    def _build_gui(self) -> None:
        ui = self.ui = ui_for(self.size)
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, str] = {}
        labels = [f"{i + 1}  {tr(f'first_run.{m}', self.lang)}" for i, m in enumerate(MODES)]
        bw = max(ui.px(360), max(ui.button_w(label) for label in labels))
        bh = int(ui.line() * 1.4)
        top = int(h * 0.48)
        for i, (mode, label) in enumerate(zip(MODES, labels, strict=True)):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + ui.gap * 2))
            button = pygame_gui.elements.UIButton(rect, label, self.gui)
            self.gui_buttons[button] = mode
            if i == 0:
                button.select()  # type: ignore[no-untyped-call]

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for the new window size."""
        self.size = size
        self._build_gui()

    def choose(self, mode: str) -> None:
        """Save ``mode`` as the discard mode (and the language) and go on to the title screen."""
        settings, _ = load_settings()
        try:
            save_settings(dataclasses.replace(settings, discard_mode=mode, language=self.lang))
        except (SettingsError, OSError) as exc:  # an unwritable folder: the game still starts
            self.notes.append(str(exc))
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons; 1 / 2 / 3 choose, Enter takes the first (suggested) one, Esc keeps a single click."""
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            self.choose(self.gui_buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
                self.choose(MODES[event.key - pygame.K_1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose(MODES[0])
            elif event.key == pygame.K_ESCAPE:
                self.choose("click")

    def update(self, dt: float) -> None:
        """Advance the buttons' hover and press animations."""
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The welcome, why a single click is risky, and the three buttons."""
        w, h = self.size
        ui = self.ui
        self.paint.reset()
        surface.fill(FELT)
        pygame.draw.ellipse(surface, FELT_DARK, pygame.Rect(w * 0.1, h * 0.08, w * 0.8, h * 0.84))
        box = self.paint.text(
            surface, tr("first_run.title", self.lang), ui.px(36), GOLD, bold=True, midtop=(w // 2, int(h * 0.16))
        )
        y = box.bottom + ui.gap * 2
        for part in wrap(tr("first_run.text", self.lang), font(ui.font), int(w * 0.66)):
            line = self.paint.text(surface, part, ui.font, WHITE, midtop=(w // 2, y))
            y = line.bottom + ui.px(4)
        self.gui.draw_ui(surface)
