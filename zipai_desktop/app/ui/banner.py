"""The store's messages for the player: a one-line banner on the title screen and at the table.

A damaged file moved aside, an autosave that failed, a hand the history could not record (a read-only folder, a full
disk): each reaches the player as one line in their language (``notice.*`` in the catalogs; a message without a key is
shown as written). The line stays for :attr:`Banner.SECONDS`, fades out, and closes at once with a click on it or Esc;
several messages queue and the line says how many more there are. The same message (or several that read the same
line, such as two bad values in the settings) is shown once per screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from .fonts import text
from .i18n import tr
from .palette import GOLD, WHITE
from .sizing import Drawn

BACKGROUND = (70, 22, 18)  # a dark red: a problem, not part of the game
FADE = 1.0  # seconds of fading at the end


def localize(message: str, lang: str) -> str:
    """The line for ``message`` in ``lang``: its ``notice.<key>`` text, or the message itself."""
    key = getattr(message, "key", None)
    if key:
        try:
            return tr(f"notice.{key}", lang, **getattr(message, "params", {}))
        except KeyError:
            pass
    return str(message)


class Banner:
    """A queue of messages shown one at a time as a line at the top or bottom of the window."""

    SECONDS = 10.0

    def __init__(self, lang: str = "zh") -> None:
        """An empty banner in ``lang``."""
        self.lang = lang
        self.queue: list[str] = []
        self.left = 0.0
        self.rect: pygame.Rect | None = None
        self._seen: set[str] = set()

    @property
    def visible(self) -> bool:
        """A message is showing."""
        return bool(self.queue)

    @property
    def line(self) -> str:
        """The line now shown ("" when none), with how many more wait."""
        if not self.queue:
            return ""
        line = localize(self.queue[0], self.lang)
        if len(self.queue) > 1:
            line += "  " + tr("notice.more", self.lang, n=len(self.queue) - 1)
        return line

    def push(self, message: str) -> None:
        """Queue a message; one already shown (or saying the same in the player's words) is not shown again."""
        key = getattr(message, "key", None)
        ident = f"{key}:{sorted(getattr(message, 'params', {}).items())!r}" if key else str(message)
        if not message or ident in self._seen:
            return
        self._seen.add(ident)
        self.queue.append(message)
        if len(self.queue) == 1:
            self.left = self.SECONDS

    def extend(self, messages: Any) -> None:
        """Queue each of ``messages``."""
        for message in messages:
            self.push(message)

    def close(self) -> None:
        """Close the line shown; the next message, if any, takes its place."""
        if self.queue:
            self.queue.pop(0)
            self.left = self.SECONDS
        if not self.queue:
            self.rect = None

    def update(self, dt: float) -> None:
        """Count the showing message down; the next one follows."""
        if self.queue:
            self.left -= dt
            if self.left <= 0:
                self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was the banner's: Esc, or a click on the line (which closes it)."""
        if not self.queue:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        on_line = self.rect is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if on_line and self.rect is not None and self.rect.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP:
                self.close()
            return True
        return False

    def draw(
        self, surface: pygame.Surface, *, bottom: bool = False, area: pygame.Rect | None = None, paint: Any = None
    ) -> None:
        """The line at the top (or ``bottom``) of the window, centred in ``area``'s columns (default: middle 92%).

        ``paint`` (a :class:`sizing.Painter`) records the line for the screens' layout check.
        """
        if not self.queue:
            return
        w, h = surface.get_size()
        if area is None:
            area = pygame.Rect(int(w * 0.04), 0, int(w * 0.92), h)
        size = max(14, h // 40)
        pad = size // 2
        close_w = size
        room = area.width - 3 * pad - close_w
        line = self.line
        img = text(line, size, WHITE)
        if img.get_width() > room:  # one line always: cut the end, the closing ... says so
            while line and text(line + "...", size, WHITE).get_width() > room:
                line = line[: max(0, len(line) - max(1, len(line) // 20))]
            img = text(line + "...", size, WHITE)
        box = pygame.Rect(0, 0, img.get_width() + 3 * pad + close_w, img.get_height() + 2 * pad)
        box.centerx = area.centerx
        if bottom:
            box.bottom = h - max(6, h // 60)
        else:
            box.top = max(6, h // 90)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*BACKGROUND, 255), layer.get_rect(), border_radius=8)
        pygame.draw.rect(layer, GOLD, layer.get_rect(), width=2, border_radius=8)
        layer.blit(img, (pad, pad))
        # The close mark: an x drawn with two lines (no glyph needed).
        cx, cy = box.width - pad - close_w // 2, box.height // 2
        r = max(4, close_w // 3)
        pygame.draw.line(layer, GOLD, (cx - r, cy - r), (cx + r, cy + r), 2)
        pygame.draw.line(layer, GOLD, (cx - r, cy + r), (cx + r, cy - r), 2)
        if self.left < FADE:
            layer.set_alpha(max(0, int(255 * self.left / FADE)))
        surface.blit(layer, box)
        self.rect = box
        if paint is not None:
            paint.drawn.append(Drawn(self.line, img.get_rect(topleft=(box.left + pad, box.top + pad)), box, True))
