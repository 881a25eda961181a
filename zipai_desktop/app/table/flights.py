"""Card flights: the only kind of animation the table needs (deal, flip, discard, to the pile, into a meld, 醒)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..ui import cards


def ease(t: float) -> float:
    """Ease-out cubic: fast start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    kind: int  # a card kind, or HIDDEN for a back
    start: tuple[float, float]
    end: tuple[float, float]
    width: int
    end_width: int
    delay: float = 0.0
    duration: float = 0.3
    flip: bool = False  # turned over on the way (a card leaving the wall face down)
    angle: int = 0

    def done(self, t: float) -> bool:
        return t >= self.delay + self.duration

    def draw(self, surface: pygame.Surface, t: float) -> None:
        if t < self.delay:
            return
        p = ease((t - self.delay) / self.duration)
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p
        width = int(self.width + (self.end_width - self.width) * p)
        if self.flip and p < 0.5:
            img = cards.back(width)
            squeeze = max(1, int(img.get_width() * (1 - 2 * p)))
        else:
            img = cards.face(self.kind, width)
            squeeze = img.get_width() if not self.flip else max(1, int(img.get_width() * (2 * p - 1)))
        if squeeze != img.get_width():
            img = pygame.transform.scale(img, (squeeze, img.get_height()))
        if self.angle:
            img = pygame.transform.rotate(img, self.angle)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


@dataclass
class Animation:
    """The flights of one engine event; the event is applied to the view when it starts, the destination is hidden
    (``hide``) until the cards land."""

    flights: list[Flight]
    hide: set[tuple[object, ...]]
    elapsed: float = 0.0

    @property
    def finished(self) -> bool:
        return all(f.done(self.elapsed) for f in self.flights)

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def draw(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            f.draw(surface, self.elapsed)
