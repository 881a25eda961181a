"""Posting input to a headless App, as a player would give it."""

from __future__ import annotations

import pygame

from zipai_desktop.app.main import App


def press(app: App, pos: tuple[int, int]) -> None:
    """A click on a pygame_gui button (which also reads the pointer): the press arrives the frame after the release."""
    pygame.mouse.set_pos(pos)
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.frame(1 / 60)
    app.frame(1 / 60)


def key(app: App, k: int, unicode: str = "") -> None:
    """A key press, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode))
    app.frame(1 / 60)
