"""Who sits at the table, drawn: each seat's emblem and style line, the calls announced big at the calling seat, the
quick phrases' speech bubbles, their button and menu (Q).

Sizes follow the window's height, so the same table reads at 1024x640 and at 4K. Everything here is drawn over the
table and takes no input but the phrases' button, menu and keys (:func:`handle_phrase_event`).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ..ui.fonts import fitted, font, text
from ..ui.i18n import tr
from ..ui.palette import GOLD, GREY, PANEL, WHITE
from ..ui.personas import draw_emblem, emblem_of, persona_of
from .controller import FRIEND
from .layout import Layout
from .phrases import PHRASES, Chat
from .source import TableSource


class TableState(Protocol):
    """What presence reads of the table (state.TableState has it): a protocol, so that this module does not import
    the table's state, which imports it."""

    size: tuple[int, int]
    lang: str
    layout: Layout
    controller: TableSource
    viewer: int
    chat: Chat
    phrase_menu: bool
    cues: list[list[object]]
    emblems: dict[int, pygame.Rect]
    call_rects: list[pygame.Rect]
    bubble_rects: list[pygame.Rect]

    def say_phrase(self, index: int) -> None:
        """The viewer says the menu's phrase ``index``."""


BUBBLE_FILL = (250, 246, 232)
BUBBLE_TEXT = (40, 36, 30)


def call_size(window: tuple[int, int]) -> int:
    """The type size of a call (碰！/ "Peng!"): a headline at any window (42 px at 640 lines, 144 px at 2160)."""
    return max(30, window[1] // 15)


def bubble_size(window: tuple[int, int]) -> int:
    """The type size of a speech bubble's phrase."""
    return max(15, window[1] // 36)


# --- the seat label's emblem and style --------------------------------------------------------------------------------


def emblem_place(place: pygame.Rect) -> pygame.Rect:
    """The emblem's square at the left end of a seat's label place (as high as the label line)."""
    d = place.height
    return pygame.Rect(place.left, place.top, d, d)


def draw_badge(scene: TableState, surface: pygame.Surface, seat: int, place: pygame.Rect) -> pygame.Rect:
    """Draw ``seat``'s emblem at the left of its label ``place``; returns the place left for the name line."""
    seats = scene.controller.config.seats
    entrant = seats[seat].entrant if seat < len(seats) else ""
    spot = emblem_place(place)
    drawn = draw_emblem(surface, emblem_of(entrant, seat, scene.controller.is_human(seat)), spot.center, spot.height)
    scene.emblems[seat] = drawn
    gap = max(4, place.height // 4)
    return pygame.Rect(spot.right + gap, place.top, max(1, place.width - spot.width - gap), place.height)


def badge_before(scene: TableState, surface: pygame.Surface, seat: int, line: pygame.Rect) -> None:
    """Draw ``seat``'s emblem just left of its name ``line`` (a seat sitting out, whose name is placed by its end)."""
    gap = max(4, line.height // 4)
    draw_badge(scene, surface, seat, pygame.Rect(line.left - line.height - gap, line.top, line.height, line.height))


def style_line(scene: TableState, seat: int) -> str:
    """The seat's one-line style (稳扎稳打 / Plays it safe) when it is a named bot; "" otherwise."""
    seats = scene.controller.config.seats
    if seat >= len(seats) or scene.controller.is_human(seat) or seats[seat].kind == FRIEND:
        return ""  # a person (here or a 包厢 friend) has no bot's manner
    persona = persona_of(seats[seat].entrant)
    return persona.style(scene.lang) if persona is not None else ""


def draw_style(scene: TableState, surface: pygame.Surface, seat: int, after: pygame.Rect, room: pygame.Rect) -> None:
    """The style line in grey, after the name line ``after`` (drawn), when it fits in ``room``; else not at all."""
    style = style_line(scene, seat)
    if not style:
        return
    size = max(10, after.height * 4 // 5)
    img = text(f"· {style}", size, GREY)
    left = after.right + max(6, size // 2)
    if left + img.get_width() <= room.right:
        surface.blit(img, img.get_rect(midleft=(left, after.centery)))


# --- calls -----------------------------------------------------------------------------------------------------------


def call_anchor(scene: TableState, seat: int, box: pygame.Rect) -> pygame.Rect:
    """Where a call's ``box`` goes: beside ``seat``, towards the middle of the table, clear of the card on offer and
    inside the window."""
    area = scene.layout.seats[seat]
    gap = max(6, scene.size[1] // 90)
    if area.side == "bottom":
        box.bottomleft = (area.label.left + area.label.height + gap, area.label.top - gap)
    elif area.side == "right":
        box.midtop = (area.melds.centerx, area.melds.bottom + gap)
    elif area.side == "left":
        box.midleft = (area.melds.right + gap, area.melds.centery)
    else:  # under the top seat's melds, left of the card on offer below them
        card_left = scene.layout.offer.centerx - scene.layout.hand_w // 2
        box.topright = (min(area.melds.centerx + box.width // 2, card_left - gap), area.melds.bottom + gap)
    return box.clamp(pygame.Rect((0, 0), scene.size).inflate(-2 * gap, -2 * gap))


def draw_calls(scene: TableState, surface: pygame.Surface) -> None:
    """Each call still showing, big, in gold on a dark plate by its seat (the newest per seat)."""
    size = call_size(scene.size)
    scene.call_rects = []
    for seat, label, left in scene.cues:
        img = text(str(label), size, GOLD, bold=True)
        pad = size // 4
        box = call_anchor(scene, int(seat), img.get_rect().inflate(2 * pad, pad))  # type: ignore[call-overload]
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*PANEL, 235), layer.get_rect(), border_radius=size // 4)
        pygame.draw.rect(layer, GOLD, layer.get_rect(), width=max(2, size // 18), border_radius=size // 4)
        layer.blit(img, img.get_rect(center=layer.get_rect().center))
        if float(left) < 0.3:  # type: ignore[arg-type]
            layer.set_alpha(int(255 * max(0.0, float(left)) / 0.3))  # type: ignore[arg-type]
        surface.blit(layer, box)
        scene.call_rects.append(box)


# --- quick phrases ----------------------------------------------------------------------------------------------------


def bubble_anchor(scene: TableState, seat: int, box: pygame.Rect) -> pygame.Rect:
    """Where a speech bubble goes: by the seat's emblem (above it at the bottom seat, beside the label at the sides,
    under the hand at the top), inside the window."""
    area = scene.layout.seats[seat]
    emblem = scene.emblems.get(seat, area.label)
    gap = max(6, scene.size[1] // 90)
    if area.side == "bottom":
        box.bottomleft = (emblem.left, emblem.top - gap)
    elif area.side == "right":
        box.midright = (area.label.left - gap, emblem.centery)
        if box.left < scene.size[0] // 2:
            box.topright = (scene.size[0] - gap, area.label.bottom + gap)
    elif area.side == "left":
        box.topleft = (emblem.left, area.label.bottom + gap)
    else:
        box.midtop = (area.hand.centerx, area.hand.bottom + gap)
    return box.clamp(pygame.Rect((0, 0), scene.size).inflate(-2 * gap, -2 * gap))


def draw_bubbles(scene: TableState, surface: pygame.Surface) -> None:
    """Each phrase said, in a light bubble at its seat."""
    scene.bubble_rects = []
    if not scene.chat.enabled:
        return
    size = bubble_size(scene.size)
    for bubble in scene.chat.shown():
        img = text(tr(bubble.key, scene.lang), size, BUBBLE_TEXT, bold=True)
        pad = size // 2
        box = bubble_anchor(scene, bubble.seat, img.get_rect().inflate(2 * pad, pad))
        pygame.draw.rect(surface, BUBBLE_FILL, box, border_radius=size // 2)
        pygame.draw.rect(surface, GOLD, box, width=max(1, size // 12), border_radius=size // 2)
        surface.blit(img, img.get_rect(center=box.center))
        scene.bubble_rects.append(box)


def phrase_button(scene: TableState) -> pygame.Rect | None:
    """The quick phrases' button: at the right end of the viewer's label line; None when phrases are off."""
    if not scene.chat.enabled or not scene.controller.is_human(scene.viewer):
        return None
    label = scene.layout.seats[scene.viewer].label
    size = max(11, label.height * 2 // 3)
    width = font(size).size(tr("phrases.button", scene.lang))[0] + size
    return pygame.Rect(label.right - width, label.top, width, label.height)


def menu_items(scene: TableState) -> list[tuple[pygame.Rect, int]]:
    """The open menu's rows (rect, phrase index), stacked above the button, numbered 1..n."""
    button = phrase_button(scene)
    if button is None or not scene.phrase_menu:
        return []
    size = bubble_size(scene.size)
    step = size + size // 2
    width = max(font(size).size(f"{i + 1}  {tr(f'phrase.{p}', scene.lang)}")[0] for i, p in enumerate(PHRASES))
    width = max(width + size, font(max(10, size - 4)).size(tr("phrases.title", scene.lang))[0] + size)
    top = button.top - step * (len(PHRASES) + 1) - 4
    return [(pygame.Rect(button.right - width, top + step * (i + 1), width, step), i) for i in range(len(PHRASES))]


def draw_phrase_menu(scene: TableState, surface: pygame.Surface) -> None:
    """The button, and the menu above it while open."""
    button = phrase_button(scene)
    if button is None:
        return
    size = max(11, button.height * 2 // 3)
    pygame.draw.rect(surface, PANEL, button, border_radius=button.height // 3)
    pygame.draw.rect(surface, GOLD if scene.phrase_menu else GREY, button, width=1, border_radius=button.height // 3)
    label = fitted(tr("phrases.button", scene.lang), size, button.width - 4, WHITE)
    surface.blit(label, label.get_rect(center=button.center))
    items = menu_items(scene)
    if not items:
        return
    size = bubble_size(scene.size)
    rows = items[0][0].unionall([r for r, _ in items])
    title_h = items[0][0].height  # the title line above the rows
    panel = pygame.Rect(rows.left, rows.top - title_h, rows.width, rows.height + title_h).inflate(8, 8)
    pygame.draw.rect(surface, PANEL, panel, border_radius=8)
    pygame.draw.rect(surface, GOLD, panel, width=2, border_radius=8)
    title = text(tr("phrases.title", scene.lang), max(10, size - 4), GREY)
    surface.blit(title, title.get_rect(midleft=(panel.left + size // 2, panel.top + items[0][0].height // 2 + 4)))
    for rect, i in items:
        line = text(f"{i + 1}  {tr(f'phrase.{PHRASES[i]}', scene.lang)}", size, WHITE)
        surface.blit(line, line.get_rect(midleft=(rect.left + size // 2, rect.centery)))


def handle_phrase_event(scene: TableState, event: pygame.event.Event) -> bool:
    """T (or a click on the button) opens and closes the menu; while open, 1..n or a click says a phrase and Esc
    closes it. True when the event was the phrases'."""
    button = phrase_button(scene)
    if button is None:
        return False
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_q:
            scene.phrase_menu = not scene.phrase_menu
            return True
        if scene.phrase_menu and event.key == pygame.K_ESCAPE:
            scene.phrase_menu = False
            return True
        if scene.phrase_menu and pygame.K_1 <= event.key < pygame.K_1 + len(PHRASES):
            scene.say_phrase(event.key - pygame.K_1)
            return True
        return False
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "button", 1) == 1:
        hit = [i for rect, i in menu_items(scene) if rect.collidepoint(event.pos)]
        if not (hit or button.collidepoint(event.pos)):
            if scene.phrase_menu and event.type == pygame.MOUSEBUTTONUP:
                scene.phrase_menu = False  # a click elsewhere closes the menu and does what it does
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            if hit:
                scene.say_phrase(hit[0])
            else:
                scene.phrase_menu = not scene.phrase_menu
        return True
    return False
