"""Where everything sits on the table, for any window size and 2 to 4 seats.

The viewer sits at the bottom. Turn order runs counter-clockwise, so the viewer's 下家 (next seat) is on the right and
the 上家 on the left (with 2 seated the other player sits at the top; with 4 the seats go right, top, left). Each
player's pile of discards and untaken flips lies to that player's own right: for the viewer, right of the melds; for
the left player (facing right), below the melds; for the right player (facing left), above the melds; for the top
player, left of the melds.

Card sizes follow the window; :data:`SCALE` (:func:`set_scale`) multiplies the card widths of the hand and of melds and
piles, and the setting ``large_cards`` (``cards.LARGE``, see :func:`cards.set_style`) asks for at least
:data:`LARGE_SCALE`. The viewer's hand is held in columns (see ``hand_view``), three cards high, left of the claim
prompt. Scaled up, its cards grow only as far as the widest possible hand (:data:`FIT_CARDS` cards in :data:`FIT_GROUPS`
groups) would still fit on one row (a bound the columns stay well within); with a seat at the top, meld cards grow only
as far as that seat's melds stay above the card on offer.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pygame

from ..ui import cards
from ..ui.cards import card_size

SCALE = 1.0  # card width factor (set_scale)
LARGE_SCALE = 1.3  # the least factor while cards.LARGE is on
SCALE_RANGE = (0.5, 2.0)
#: The longest pile a seat keeps room for: its untaken flips (about the wall over the seats) and a discard after each
#: take. Measured on 300 seeded hands played passing almost everything: 8 (Guilin, 3 seats), 9 (Bohu, 3 or 4 seated),
#: 22 (Bohu, 2 seated). A longer pile still fits its place: its cards close up (:func:`pile_slot`).
PILE_CAPACITY = {2: 28, 3: 14, 4: 14}
PILE_STEP = 0.62  # the part of a pile card that shows beside the next one (its glyph)
COLUMN_STEP = 0.46  # hand_view.STEP: the part of a hand card that shows above the card below it
HAND_COLUMNS = 11  # room for this many columns of the hand (a hand of ten pairs and a card); more close up
FIT_CARDS = 21  # a 桂林 dealer's hand: 20 dealt and the 挡底
FIT_GROUPS = 20  # ... in the worst case spread over all 20 kinds (table._hand_rects leaves a gap between kinds)


def set_scale(s: float) -> None:
    """Set :data:`SCALE` (clamped to :data:`SCALE_RANGE`); rebuild the layout (and clear the card caches) after."""
    global SCALE
    SCALE = min(SCALE_RANGE[1], max(SCALE_RANGE[0], float(s)))


def scale() -> float:
    """The card width factor in force: :data:`SCALE`, at least :data:`LARGE_SCALE` with large cards."""
    return max(SCALE, LARGE_SCALE) if cards.LARGE else SCALE


def hand_row_width(card_w: int, n: int = FIT_CARDS, groups: int = FIT_GROUPS) -> int:
    """Pixels that ``n`` hand cards of ``card_w`` in ``groups`` kinds take, as the table lays them out."""
    return n * (card_w + 1) + (groups - 1) * max(3, card_w // 6)


def _meld_h(small_w: int) -> int:
    """A column of up to 4 overlapping meld cards."""
    _, small_h = card_size(small_w)
    return int(small_h * 0.45) * 3 + small_h


def _fitting_hand_w(row: int, wanted: int) -> int:
    """The largest card width up to ``wanted`` whose widest hand fits in ``row`` pixels."""
    w = wanted
    while w > 1 and hand_row_width(w) > row:
        w -= 1
    return w


@dataclass(frozen=True)
class SeatArea:
    """The boxes of one seat: its label, hand, melds and pile."""

    side: str  # bottom | right | top | left
    hand: pygame.Rect  # the concealed hand (faces for the viewer, backs for the others)
    melds: pygame.Rect
    pile: pygame.Rect  # the passed cards: a line for its label (pile_label), then rows of cards
    label: pygame.Rect  # name, level, score
    pile_label_h: int = 0  # the height of the pile's label line at the top of ``pile``


def pile_rows(pile: pygame.Rect, small_w: int, label_h: int) -> int:
    """How many rows of pile cards (full height, never overlapping) fit under the pile's label."""
    _, h = card_size(small_w)
    return max(1, (pile.height - label_h) // (h + 2))


def pile_per_row(width: int, small_w: int) -> int:
    """Pile cards in a row of ``width`` px, each showing :data:`PILE_STEP` of its width beside the next."""
    return max(1, (width - small_w) // max(6, int(small_w * PILE_STEP)) + 1)


def _pile_height(width: int, small_w: int, label_h: int, capacity: int) -> int:
    """The height of a pile place ``width`` wide holding ``capacity`` cards in full-height rows, and its label."""
    _, h = card_size(small_w)
    rows = -(-capacity // pile_per_row(width, small_w))
    return label_h + rows * (h + 2)


MAX_MELDS = 7  # a seat's melds at most: 20 or 21 cards in groups of 3 or 4


def meld_column(area: SeatArea, small_w: int, index: int, count: int = 4) -> pygame.Rect:
    """The rect of meld ``index`` drawn as a column of ``count`` overlapping cards (each shows its top part)."""
    w, h = card_size(small_w)
    step = w + max(3, w // 6)
    per_row = max(1, area.melds.width // step)
    row, col = divmod(index, per_row)
    height = h + (count - 1) * int(h * 0.42)
    return pygame.Rect(area.melds.left + col * step, area.melds.top + row * (h * 2), w, height)


def pile_slot(area: SeatArea, small_w: int, index: int, count: int) -> pygame.Rect:
    """The rect of pile card ``index`` of ``count``: rows left to right, top down, under the label; cards close up
    when ``count`` is more than the rows hold at the usual step, so a pile never leaves its place."""
    pile = area.pile
    w, h = card_size(small_w)
    rows = pile_rows(pile, small_w, area.pile_label_h)
    per_row = max(pile_per_row(pile.width, small_w), -(-count // rows))
    step = max(6, int(w * PILE_STEP))
    if per_row > 1 and (per_row - 1) * step + w > pile.width:
        step = max(1, (pile.width - w) // (per_row - 1))
    row, col = divmod(index, per_row)
    return pygame.Rect(pile.left + col * step, pile.top + area.pile_label_h + row * (h + 2), w, h)


@dataclass(frozen=True)
class Layout:
    """Where everything on the table goes for one window size, seat count and viewer."""

    size: tuple[int, int]
    hand_w: int  # card width of the viewer's hand
    small_w: int  # card width of melds and piles
    seats: dict[int, SeatArea]
    centre: pygame.Rect  # the wall and the card on offer
    wall: pygame.Rect
    offer: pygame.Rect
    buttons: pygame.Rect  # the claim prompt
    info: pygame.Rect  # top-left: scores and the hand number
    log: pygame.Rect
    column_w: int = 0  # card width of the hand's columns (hand_view): hand_w, or less where the height is short
    claim: pygame.Rect = dataclasses.field(default_factory=pygame.Rect)  # the felt the 吃 / 比 chooser may take

    @property
    def hand_card_w(self) -> int:
        """The width of a card in the player's hand (its columns' width when the columns set it)."""
        return self.column_w or self.hand_w


def side_of(seat: int, viewer: int, players: int) -> str:
    """Where ``seat`` sits as seen from ``viewer``: bottom, right, top or left."""
    d = (seat - viewer) % players
    if players == 2:
        return "bottom" if d == 0 else "top"
    if players == 3:
        return ("bottom", "right", "left")[d]
    return ("bottom", "right", "top", "left")[d]


def make_layout(size: tuple[int, int], players: int, viewer: int) -> Layout:
    """The places of everything on the table for a window of ``size``, seen from ``viewer``."""
    w, h = size
    hand_w = max(22, min(int(w / 27), int(h * 0.062)))
    small_w = max(14, int(hand_w * 0.6))
    factor = scale()
    margin = max(6, w // 160)
    if factor > 1.0:
        # Never below the default; the widest hand fits the full row; a top seat's melds stay above the offer card.
        default_small = small_w
        hand_w = max(hand_w, _fitting_hand_w(w - 2 * margin, int(hand_w * factor)))
        small_w = int(small_w * factor)
        if any(side_of(s, viewer, players) == "top" for s in range(players)):
            offer_top = int(h * 0.40) - card_size(hand_w)[1] // 2
            while small_w > default_small and 3 * margin + card_size(small_w)[1] + _meld_h(small_w) > offer_top:
                small_w -= 1
    elif factor < 1.0:
        hand_w, small_w = max(14, int(hand_w * factor)), max(14, int(small_w * factor))
    _, hand_h = card_size(hand_w)
    _, small_h = card_size(small_w)
    meld_h = _meld_h(small_w)
    seats: dict[int, SeatArea] = {}
    side_w = int(w * 0.24)
    lh = max(22, h // 32)  # a seat's label line grows with the window's text
    plh = max(16, h // 36)  # the pile's label line
    capacity = PILE_CAPACITY.get(players, 14)
    text_size = max(12, h // 40)  # table._draw_info: the title, the totals and the speed line
    # As wide as the corner allows: up to a top seat's hand, else half the window.
    has_top = any(side_of(s, viewer, players) == "top" for s in range(players))
    info_w = int(w * 0.36) - 2 * margin if has_top else int(w * 0.5)
    info = pygame.Rect(margin, margin, info_w, 2 * text_size + 14 + int(1.5 * (text_size - 4)))
    left_of_bottom = margin if players == 2 else 2 * margin + small_h  # right of the left seat's column of backs
    for seat in range(players):
        side = side_of(seat, viewer, players)
        if side == "bottom":
            hand, melds, pile, label = _bottom_seat(w, h, margin, hand_w, small_w, meld_h, lh, left_of_bottom)
        elif side == "right":
            # Facing left, the player's right is up the screen: the pile above the melds, the label above both.
            hand = pygame.Rect(w - margin - small_h, int(h * 0.16), small_h, int(h * 0.36))
            melds = pygame.Rect(w - side_w - margin, int(h * 0.30), side_w - small_h - 2 * margin, meld_h)
            ph = _pile_height(melds.width, small_w, plh, capacity)
            pile = pygame.Rect(melds.left, melds.top - ph - margin, melds.width, ph)
            label = pygame.Rect(melds.left, pile.top - lh - 2, melds.width + small_h, lh)
            if label.bottom > hand.top:  # small cards: the label comes down beside the column of backs
                label.width = melds.width
        elif side == "left":
            # Facing right, the player's right is down the screen: the pile below the melds.
            hand = pygame.Rect(margin, int(h * 0.18), small_h, int(h * 0.36))
            melds = pygame.Rect(hand.right + margin, int(h * 0.18), side_w - small_h - 2 * margin, meld_h)
            ph = _pile_height(melds.width, small_w, plh, capacity)
            pile = pygame.Rect(melds.left, melds.bottom + margin, melds.width, ph)
            label = pygame.Rect(margin, melds.top - lh - 2, side_w - margin, lh)
        else:  # top
            # Facing the viewer, the player's right is screen-left: the pile left of the melds, clear of the scores
            # in the top-left corner (with 4 seated, right of the left seat's column).
            hand = pygame.Rect(int(w * 0.36), margin, int(w * 0.36), small_h)
            melds = pygame.Rect(int(w * 0.42), hand.bottom + margin, int(w * 0.3), meld_h)
            left = margin if players == 2 else side_w + margin
            top = max(hand.bottom, info.bottom) + margin
            width = melds.left - margin - left
            pile = pygame.Rect(left, top, width, _pile_height(width, small_w, plh, capacity))
            label = pygame.Rect(hand.right + margin, margin, w - hand.right - 2 * margin, lh)
        seats[seat] = SeatArea(side, hand, melds, pile, label, plh)
    # The hand's columns are three cards high; where that would push the viewer's melds into a side seat's pile, the
    # column cards get narrower (never the card on offer) until the viewer's label sits below everything of the sides.
    column_w = hand_w
    bottom_seat = next(s for s in range(players) if side_of(s, viewer, players) == "bottom")
    area = seats[bottom_seat]
    reach = pygame.Rect(area.label.left, 0, area.pile.right - area.label.left, h)
    floor = max(
        (
            r.bottom
            for s, a in seats.items()
            if s != bottom_seat
            for r in (a.hand, a.melds, a.pile, a.label)
            if r.colliderect(reach)
        ),
        default=0,
    )
    while column_w > 14 and area.label.top < floor + margin:
        column_w -= 1
        hand, melds, pile, label = _bottom_seat(w, h, margin, column_w, small_w, meld_h, lh, left_of_bottom)
        area = SeatArea(area.side, hand, melds, pile, label, area.pile_label_h)
    seats[bottom_seat] = area
    centre = pygame.Rect(0, 0, int(w * 0.30), int(h * 0.30))
    centre.center = (w // 2, int(h * 0.40))
    wall = pygame.Rect(centre.left, centre.top, centre.width // 3, centre.height)
    offer = pygame.Rect(wall.right, centre.top, centre.width - wall.width, centre.height)
    log = pygame.Rect(int(w * 0.79), int(h * 0.55), int(w * 0.21) - margin, int(h * 0.14))
    # The hand's columns leave the right of the bottom row free: the claim prompt sits there, whatever the scale.
    buttons = pygame.Rect(w - int(w * 0.16) - margin, h - hand_h - margin, int(w * 0.16), hand_h)
    claim = _claim_area(w, margin, seats, info, log)
    return Layout((w, h), hand_w, small_w, seats, centre, wall, offer, buttons, info, log, column_w, claim)


def _claim_area(w: int, margin: int, seats: dict[int, SeatArea], info: pygame.Rect, log: pygame.Rect) -> pygame.Rect:
    """The felt the 吃 / 比 chooser may take: between the side seats (and left of the log), below the scores and a
    top seat, above the viewer's name, melds and pile. It holds the middle (wall and card on offer): the chooser keeps
    right of the card on offer when it can (see :mod:`.claim`), and covers the middle only for many choices."""
    left, right, top = margin, log.left - margin, info.bottom + margin
    floor = w  # (any large number) lowered to the viewer's row below
    for area in seats.values():
        rects = (area.hand, area.melds, area.pile, area.label)
        if area.side == "left":
            left = max(left, *(r.right + margin for r in rects))
        elif area.side == "right":
            right = min(right, *(r.left - margin for r in rects))
        elif area.side == "top":
            top = max(top, *(r.bottom + margin for r in rects))
        else:
            floor = min(r.top - margin for r in rects)
    return pygame.Rect(left, top, max(0, right - left), max(0, floor - top))


def _bottom_seat(
    w: int, h: int, margin: int, card_w: int, small_w: int, meld_h: int, lh: int, left: int
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """The viewer's row along the bottom, left to right: the hand's columns (``card_w`` wide, three cards high), the
    melds, the pile (on the player's right), then the claim prompt; the label above the hand."""
    card_h = card_size(card_w)[1]
    column_h = card_h + 2 * int(card_h * COLUMN_STEP)
    band = max(column_h, meld_h)
    top = h - margin - band
    prompt_left = w - int(w * 0.16) - margin
    meld_step = small_w + max(3, small_w // 6)  # meld_column's step
    melds_w = MAX_MELDS * meld_step
    room = prompt_left - 4 * margin - melds_w  # for the hand and the pile
    hand_w = min(HAND_COLUMNS * (card_w + max(4, card_w // 5)), int(room * 0.7))
    hand = pygame.Rect(margin, top, hand_w, band)
    melds = pygame.Rect(hand.right + margin, h - margin - meld_h, melds_w, meld_h)
    pile = pygame.Rect(melds.right + margin, top, prompt_left - margin - (melds.right + margin), band)
    label = pygame.Rect(left, top - lh - 2, int(w * 0.4), lh)
    return hand, melds, pile, label
