"""Where everything sits on the table, for any window size and 2 to 4 seats.

The viewer sits at the bottom. Turn order runs counter-clockwise, so the viewer's 下家 (next seat) is on the right and
the 上家 on the left (with 2 seated the other player sits at the top; with 4 the seats go right, top, left). Each
player's pile of discards and untaken flips lies to that player's own right: for the viewer, right of the melds; for
the left player (facing right), below the melds; for the right player (facing left), above the melds; for the top
player, left of the melds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .cards import card_size


@dataclass(frozen=True)
class SeatArea:
    side: str  # bottom | right | top | left
    hand: pygame.Rect  # the concealed hand (faces for the viewer, backs for the others)
    melds: pygame.Rect
    pile: pygame.Rect
    label: pygame.Rect  # name, level, score


@dataclass(frozen=True)
class Layout:
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


def side_of(seat: int, viewer: int, players: int) -> str:
    d = (seat - viewer) % players
    if players == 2:
        return "bottom" if d == 0 else "top"
    if players == 3:
        return ("bottom", "right", "left")[d]
    return ("bottom", "right", "top", "left")[d]


def make_layout(size: tuple[int, int], players: int, viewer: int) -> Layout:
    w, h = size
    hand_w = max(22, min(int(w / 27), int(h * 0.062)))
    small_w = max(14, int(hand_w * 0.6))
    _, hand_h = card_size(hand_w)
    _, small_h = card_size(small_w)
    meld_h = int(small_h * 0.45) * 3 + small_h  # a column of up to 4 overlapping cards
    margin = max(6, w // 160)
    seats: dict[int, SeatArea] = {}
    side_w = int(w * 0.24)
    for seat in range(players):
        side = side_of(seat, viewer, players)
        if side == "bottom":
            hand = pygame.Rect(margin, h - hand_h - margin, w - 2 * margin - int(w * 0.16), hand_h)
            melds = pygame.Rect(margin, hand.top - meld_h - margin, int(w * 0.42), meld_h)
            pile = pygame.Rect(melds.right + margin, melds.top, int(w * 0.78) - melds.right - 2 * margin, meld_h)
            label = pygame.Rect(margin, melds.top - 24, int(w * 0.4), 22)
        elif side == "right":
            hand = pygame.Rect(w - margin - small_h, int(h * 0.16), small_h, int(h * 0.36))
            melds = pygame.Rect(w - side_w - margin, int(h * 0.30), side_w - small_h - 2 * margin, meld_h)
            pile = pygame.Rect(melds.left, melds.top - int(small_h * 1.5) - margin, melds.width, int(small_h * 1.5))
            label = pygame.Rect(melds.left, pile.top - 24, melds.width + small_h, 22)
        elif side == "left":
            hand = pygame.Rect(margin, int(h * 0.18), small_h, int(h * 0.36))
            melds = pygame.Rect(hand.right + margin, int(h * 0.18), side_w - small_h - 2 * margin, meld_h)
            pile = pygame.Rect(melds.left, melds.bottom + margin, melds.width, int(small_h * 1.5))
            label = pygame.Rect(melds.left, melds.top - 24, melds.width, 22)
        else:  # top
            hand = pygame.Rect(int(w * 0.3), margin, int(w * 0.4), small_h)
            melds = pygame.Rect(int(w * 0.42), hand.bottom + margin, int(w * 0.3), meld_h)
            pile = pygame.Rect(int(w * 0.25), hand.bottom + margin, int(w * 0.16), meld_h)
            label = pygame.Rect(hand.right + margin, margin, int(w * 0.2), 22)
        seats[seat] = SeatArea(side, hand, melds, pile, label)
    centre = pygame.Rect(0, 0, int(w * 0.30), int(h * 0.30))
    centre.center = (w // 2, int(h * 0.40))
    wall = pygame.Rect(centre.left, centre.top, centre.width // 3, centre.height)
    offer = pygame.Rect(wall.right, centre.top, centre.width - wall.width, centre.height)
    buttons = pygame.Rect(w - int(w * 0.16) - margin, h - hand_h - margin, int(w * 0.16), hand_h)
    info = pygame.Rect(margin, margin, int(w * 0.28), int(h * 0.1))
    log = pygame.Rect(int(w * 0.79), int(h * 0.55), int(w * 0.21) - margin, int(h * 0.14))
    return Layout((w, h), hand_w, small_w, seats, centre, wall, offer, buttons, info, log)
