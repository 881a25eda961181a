"""The base of every screen: the lifecycle the window's scene stack drives (the Tuxemon way).

The window (:class:`zipai_desktop.app.main.App`) keeps a stack of scenes and talks to them only through these
methods: the top scene gets the input, is updated and drawn each frame; every scene is told of a new window size and
of changed settings; a scene is told when it becomes the top one and when it stops being it. The defaults do nothing,
so a screen overrides only the hooks it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the window's module is read without pygame (``zipai --help`` on a machine without it)
    import pygame


class Scene:
    """One screen of the game (title, setup, table, ...), driven by the window's frame loop."""

    def enter(self) -> None:
        """It became the top scene: pushed, or the scene above it was closed."""

    def leave(self) -> None:
        """It stopped being the top scene: closed, replaced, or covered by another scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window has a new size (a drag of its border, or full screen on and off): lay out again."""

    def settings_changed(self) -> None:
        """The settings were saved elsewhere (F11 saves the full-screen choice): show the new values."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (a key, a click, a wheel turn), while this scene is the top one."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds of the scene's own time (animations, bots, timers)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole window."""
