"""Procedurally drawn cards that scale with the window; each rendered surface is cached by (kind, size, state).

A card is a tall ivory strip with its glyph at the top and again, upside down, at the bottom, as printed 字牌 cards
are. 二七十 / 贰柒拾 are red, the rest black. Big cards (大字 壹..拾) have a double frame and a warmer face so that
small and big are told apart at a glance; a back is dark green with a lattice.

Accessibility (:func:`set_style`): in colour-blind mode a red card also carries a filled diamond in its top-left corner,
drawn in the card colour, so red and black differ by shape as well; the corner stays visible where cards overlap
(melds show each card's top, piles its left part). ``large`` is read by :mod:`.layout`, which scales the card widths.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...engine.cards import HIDDEN, glyph, is_big, is_red
from .fonts import font

RED = (196, 30, 36)
BLACK = (28, 28, 30)
IVORY = (250, 246, 232)
WARM = (250, 236, 205)
FRAME = (90, 80, 60)
BACK = (30, 92, 66)
BACK_LINE = (58, 130, 96)
LOCK = (60, 60, 60, 110)
HIGHLIGHT = (255, 210, 80)

ASPECT = 2.3  # height / width

COLOUR_BLIND = False  # red cards also carry a shape (see set_style)
LARGE = False  # larger hand and meld cards (read by layout.make_layout)


def set_style(colour_blind: bool, large: bool) -> None:
    """Switch the accessibility options (from the settings ``colour_blind`` and ``large_cards``); clears the caches."""
    global COLOUR_BLIND, LARGE
    COLOUR_BLIND, LARGE = bool(colour_blind), bool(large)
    clear_cache()


def red_mark(width: int) -> list[tuple[int, int]]:
    """The corners of the colour-blind mark of a red card of ``width``: a diamond in the top-left corner, above the
    glyph (whose ink starts about 0.4 widths down)."""
    cx, cy, r = round(width * 0.25), round(width * 0.21), max(2, round(width * 0.13))
    return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]


def card_size(width: int) -> tuple[int, int]:
    """A card's (width, height) at ``width``."""
    return width, int(width * ASPECT)


@lru_cache(maxsize=1024)
def face(kind: int, width: int, *, dim: bool = False, mark: bool = False) -> pygame.Surface:
    """The face of ``kind`` at ``width`` pixels; ``dim`` greys it (locked 坎 / 龙), ``mark`` outlines it."""
    if kind == HIDDEN:
        return back(width)
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 7)
    rect = surf.get_rect()
    pygame.draw.rect(surf, WARM if is_big(kind) else IVORY, rect, border_radius=radius)
    pygame.draw.rect(surf, FRAME, rect, width=max(1, w // 24), border_radius=radius)
    if is_big(kind):
        inner = rect.inflate(-max(4, w // 6), -max(4, w // 6))
        pygame.draw.rect(surf, FRAME, inner, width=1, border_radius=max(2, radius - 2))
    colour = RED if is_red(kind) else BLACK
    text = _glyph_text(kind, w, colour)
    surf.blit(text, _glyph_place(text, w))
    small = font(max(8, int(w * 0.5)), bold=is_big(kind)).render(glyph(kind), True, colour)
    small = pygame.transform.rotate(small, 180)
    surf.blit(small, small.get_rect(midbottom=(w // 2, h - max(2, h // 16))))
    if COLOUR_BLIND and is_red(kind):
        pygame.draw.polygon(surf, colour, red_mark(w))
    if dim:
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shade, LOCK, shade.get_rect(), border_radius=radius)
        surf.blit(shade, (0, 0))
        pygame.draw.line(surf, (120, 120, 120), (3, h // 2), (w - 4, h // 2), max(1, w // 16))
    if mark:
        pygame.draw.rect(surf, HIGHLIGHT, rect, width=max(2, w // 10), border_radius=radius)
    return surf


def _glyph_text(kind: int, width: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """The card's top glyph, rendered at its size for a card of ``width``."""
    return font(max(10, int(width * 0.78)), bold=is_big(kind)).render(glyph(kind), True, colour)


def _glyph_place(text: pygame.Surface, width: int) -> pygame.Rect:
    """Where the top glyph's text goes on a card of ``width``: centred, a fourteenth of the height down."""
    return text.get_rect(midtop=(width // 2, max(2, card_size(width)[1] // 14)))


@lru_cache(maxsize=512)
def glyph_area(kind: int, width: int) -> pygame.Rect:
    """The ink of the glyph at the top of ``kind``'s face at ``width``, relative to the card's top-left: the part of a
    card that must stay in sight (where cards overlap, or where a mark goes beside it)."""
    text = _glyph_text(kind, width, BLACK)
    return text.get_bounding_rect().move(_glyph_place(text, width).topleft)


@lru_cache(maxsize=64)
def back(width: int) -> pygame.Surface:
    """A card's back at ``width`` (cached)."""
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 7)
    rect = surf.get_rect()
    pygame.draw.rect(surf, BACK, rect, border_radius=radius)
    step = max(4, w // 4)
    for x in range(-h, w + h, step):
        pygame.draw.line(surf, BACK_LINE, (x, 0), (x + h, h), 1)
        pygame.draw.line(surf, BACK_LINE, (x + h, 0), (x, h), 1)
    pygame.draw.rect(surf, (14, 50, 36), rect, width=max(1, w // 16), border_radius=radius)
    return surf


@lru_cache(maxsize=256)
def rotated(kind: int, width: int, angle: int) -> pygame.Surface:
    """A face (or back, for HIDDEN) turned by ``angle`` degrees, for the side seats."""
    return pygame.transform.rotate(face(kind, width), angle)


def clear_cache() -> None:
    """Forget the drawn cards (a new card size or style)."""
    face.cache_clear()
    glyph_area.cache_clear()
    back.cache_clear()
    rotated.cache_clear()
