"""托管 (auto-play) at the table, drawn: the 托管 / 取消托管 button, the 托管中 badge on a seat's label line, and the
turn timer's countdown ring.

The button and the ring sit at the right end of the player's label line, above the hand, left of the quick phrases'
button when it is there (the label's text is fitted into what is left of the line, :func:`left_edge`): that corner is
clear of the hand, the melds, the pile, the claim prompt and the 听 list (which starts at the melds) at every window
size.
"""

from __future__ import annotations

import math

import pygame

from ..ui.fonts import font, text
from ..ui.i18n import tr
from ..ui.palette import GOLD, GREY, PANEL, WHITE
from .layout import Layout

ON_FILL = (190, 80, 40)  # the badge and the button while 托管 is on: a colour the felt has nowhere else
WARN = (235, 90, 70)  # the ring's last seconds


def text_size(layout: Layout) -> int:
    """The button's and the badge's type size: the seat label's."""
    return max(11, layout.size[1] // 46)


def button_rect(layout: Layout, viewer: int, lang: str, on: bool, right: int | None = None) -> pygame.Rect:
    """The 托管 button's box: on the player's label line, over the hand's right end, its right edge at ``right``
    when given (left of the quick phrases' button, which ends the line)."""
    seat = layout.seats[viewer]
    label = seat.label
    size = text_size(layout)
    word = tr("autoplay.cancel" if on else "autoplay.button", lang)
    height = max(label.height + 4, font(size).get_linesize() + 6)
    width = font(size, bold=True).size(word)[0] + height
    rect = pygame.Rect(0, 0, width, height)
    end = min(label.right, seat.hand.right) if right is None else min(right, seat.hand.right)
    rect.bottomright = (end, label.bottom + 2)
    return rect


def ring_rect(button: pygame.Rect) -> pygame.Rect:
    """The turn timer's ring: a circle a little taller than the button, left of it."""
    side = int(button.height * 1.5)
    rect = pygame.Rect(0, 0, side, side)
    rect.midright = (button.left - button.height // 3, button.centery)
    return rect


def left_edge(layout: Layout, viewer: int, lang: str, right: int | None = None) -> int:
    """Where the ring and the button begin on the label line (for the wider of the button's two words, so the label
    keeps its room when 托管 goes on or off): the player's label text stops short of it."""
    return min(ring_rect(button_rect(layout, viewer, lang, on, right)).left for on in (False, True))


def draw_button(surface: pygame.Surface, rect: pygame.Rect, lang: str, on: bool, size: int, hover: bool) -> None:
    """托管 (T) while off; 取消托管 (T) on the badge's colour while on."""
    fill = ON_FILL if on else ((70, 110, 80) if hover else PANEL)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 3)
    pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=rect.height // 3)
    word = text(tr("autoplay.cancel" if on else "autoplay.button", lang), size, WHITE, bold=True)
    surface.blit(word, word.get_rect(center=rect.center))


def badge(lang: str, size: int) -> pygame.Surface:
    """The 托管中 / Auto-play on badge of a seat's label line: white on the 托管 colour, rounded."""
    word = text(tr("autoplay.badge", lang), size, WHITE, bold=True)
    pad = max(4, size // 2)
    image = pygame.Surface((word.get_width() + 2 * pad, word.get_height() + 2), pygame.SRCALPHA)
    pygame.draw.rect(image, ON_FILL, image.get_rect(), border_radius=image.get_height() // 2)
    image.blit(word, (pad, 1))
    return image


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, left: float, total: float) -> None:
    """The countdown: a ring that empties clockwise from the top, the whole seconds left in its middle; it turns
    red for the last five seconds."""
    fraction = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
    colour = WARN if left <= 5 else GOLD
    width = max(3, rect.width // 9)
    pygame.draw.circle(surface, PANEL, rect.center, rect.width // 2)
    pygame.draw.circle(surface, GREY, rect.center, rect.width // 2, width=max(1, width // 3))
    if fraction > 0:
        # pygame's arcs run counter-clockwise from 3 o'clock: the part left runs from 12 o'clock back to its end.
        start = math.pi / 2
        pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * fraction, width)
    number = text(str(math.ceil(max(0.0, left))), max(10, rect.height * 2 // 5), colour, bold=True)
    surface.blit(number, number.get_rect(center=rect.center))
