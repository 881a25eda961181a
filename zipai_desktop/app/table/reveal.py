"""Where a seat's hand goes when the hand is over and it is turned face up (issue 29, item 11).

The revealed cards form their own group, apart from the seat's melds: a framed box on a darker ground with a label
("手牌" / "Hand") at its head, one card per kind, and the count of a kind held more than once ("×2") in a badge
beside its card, never on it, so no glyph is hidden. A side seat's box is its column of backs, grown up and down into
the free felt around it (never onto another box of the table); a top seat's box is its row of backs. Where the cards
do not fit at the seat's card size they get narrower, down to :data:`MIN_SCALE` of it, before the rows close up.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..ui import cards
from ..ui.fonts import font
from .layout import Layout

MIN_SCALE = 0.7  # the narrowest revealed card, as a part of the seat's meld card width
GAP = 2  # pixels between a card and its badge, and between rows


@dataclass(frozen=True)
class RevealSpot:
    """One kind of the revealed hand: its card, the card's glyph on the screen, and its count badge (if held twice
    or more)."""

    kind: int
    count: int
    card: pygame.Rect
    glyph: pygame.Rect
    badge: pygame.Rect | None


@dataclass(frozen=True)
class Reveal:
    """A seat's revealed hand: the group's box, its label's place and text size, the badges' text size, the cards."""

    box: pygame.Rect
    label: pygame.Rect
    label_size: int
    badge_size: int
    card_w: int
    spots: tuple[RevealSpot, ...]


def label_size(layout: Layout) -> int:
    """The type size of the group's label: a small line, readable (never under 12 px)."""
    return max(12, layout.size[1] // 50)


def badge_text(count: int) -> str:
    """A count badge's text: ×2, ×3, ×4."""
    return f"×{count}"


def _badge_size(card_w: int) -> int:
    return max(11, card_w // 2)


def _badge_rect(count: int, card_w: int) -> pygame.Rect:
    tw, th = font(_badge_size(card_w), bold=True).size(badge_text(count))
    return pygame.Rect(0, 0, tw + 6, th)


def _obstacles(layout: Layout, seat: int) -> list[pygame.Rect]:
    """Every other box of the table the revealed hand must stay off."""
    rects = [layout.info, layout.log, layout.buttons, layout.centre]
    for s, area in layout.seats.items():
        rects += [area.melds, area.pile, area.label]
        if s != seat:
            rects.append(area.hand)
    return rects


def _side_box(layout: Layout, seat: int) -> pygame.Rect:
    """A side seat's column of backs, grown up and down into the felt that no other box takes."""
    hand = layout.seats[seat].hand
    gap = max(4, layout.size[0] // 200)
    across = [r for r in _obstacles(layout, seat) if r.left < hand.right and hand.left < r.right]
    top = max([r.bottom + gap for r in across if r.bottom <= hand.top] + [gap])
    bottom = min([r.top - gap for r in across if r.top >= hand.bottom] + [layout.size[1] - gap])
    return pygame.Rect(hand.left, min(top, hand.top), hand.width, max(bottom, hand.bottom) - min(top, hand.top))


def reveal_place(layout: Layout, seat: int, counts: dict[int, int], label_w: int) -> Reveal:
    """The revealed hand of ``seat`` holding ``counts`` (kind -> copies, kinds in order) at ``layout``; ``label_w`` is
    the width of the group's label drawn at :func:`label_size`."""
    area = layout.seats[seat]
    size = label_size(layout)
    line = font(size).get_linesize()
    kinds = [k for k in sorted(counts) if counts[k] > 0]
    if area.side in ("left", "right"):
        box = _side_box(layout, seat)
        label = pygame.Rect(box.left + 3, box.top + 2, box.width - 6, line)
        inner = pygame.Rect(box.left + 3, label.bottom + GAP, box.width - 6, box.bottom - label.bottom - GAP - 3)
        spots = _columns(inner, kinds, counts, layout.small_w)
        if spots:  # the box ends below its last row
            box.height = min(box.height, max(p.card.bottom for p in spots) + 3 - box.top)
    else:
        box = area.hand.copy()
        label = pygame.Rect(box.left + 4, box.centery - line // 2, label_w, line)
        inner = pygame.Rect(label.right + 6, box.top + 2, box.right - label.right - 10, box.height - 4)
        spots = _row(inner, kinds, counts, layout.small_w)
    w = spots[0].card.width if spots else layout.small_w
    return Reveal(box, label, size, _badge_size(w), w, tuple(spots))


def _spot(kind: int, count: int, card: pygame.Rect) -> RevealSpot:
    """A card at ``card`` and its badge just right of it, level with the glyph."""
    glyph = cards.glyph_area(kind, card.width).move(card.topleft)
    badge = None
    if count > 1:
        badge = _badge_rect(count, card.width)
        badge.midleft = (card.right + GAP, glyph.centery)
    return RevealSpot(kind, count, card, glyph, badge)


def _slot_w(card_w: int, counts: dict[int, int]) -> int:
    """A card and the widest badge beside it."""
    most = max(counts.values(), default=1)
    return card_w + (GAP + _badge_rect(most, card_w).width if most > 1 else 0)


def _glyph_step(kinds: list[int], card_w: int) -> int:
    """How far down the next card of a column may start and leave every glyph above it whole."""
    return max(cards.glyph_area(k, card_w).bottom for k in kinds) + GAP


def _columns(inner: pygame.Rect, kinds: list[int], counts: dict[int, int], small_w: int) -> list[RevealSpot]:
    """Cards in columns down ``inner``, each card's glyph showing above the next; as wide as fits."""
    if not kinds:
        return []
    least = max(12, int(small_w * MIN_SCALE))
    for w in range(small_w, least - 1, -1):
        cols = max(1, (inner.width + GAP) // (_slot_w(w, counts) + GAP))
        rows = -(-len(kinds) // cols)
        step = _glyph_step(kinds, w)
        if (rows - 1) * step + cards.card_size(w)[1] <= inner.height:
            break
    else:  # still too many: the narrowest cards, their rows closing up
        w = least
        cols = max(1, (inner.width + GAP) // (_slot_w(w, counts) + GAP))
        rows = -(-len(kinds) // cols)
        step = max(4, (inner.height - cards.card_size(w)[1]) // max(1, rows - 1))
    slot = _slot_w(w, counts) + GAP
    h = cards.card_size(w)[1]
    return [
        _spot(k, counts[k], pygame.Rect(inner.left + (i // rows) * slot, inner.top + (i % rows) * step, w, h))
        for i, k in enumerate(kinds)
    ]


def _row(inner: pygame.Rect, kinds: list[int], counts: dict[int, int], small_w: int) -> list[RevealSpot]:
    """Cards in a row along ``inner``, each held twice or more with its badge at its right; as wide as fits."""
    if not kinds:
        return []
    w = small_w
    while w > 12 and cards.card_size(w)[1] > inner.height:  # the row is as tall as a card at the seat's size
        w -= 1
    least = max(12, min(w, int(small_w * MIN_SCALE)))

    def widths(w: int) -> list[int]:
        return [w + GAP + (_badge_rect(counts[k], w).width + GAP if counts[k] > 1 else 0) for k in kinds]

    while w > least and sum(widths(w)) > inner.width:
        w -= 1
    h = cards.card_size(w)[1]
    spots, x = [], inner.left
    for k, width in zip(kinds, widths(w), strict=True):
        spots.append(_spot(k, counts[k], pygame.Rect(x, inner.top, w, h)))
        x += width
    return spots
