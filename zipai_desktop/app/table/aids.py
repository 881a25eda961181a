"""The table's aids: the 听 list (F2), the discard hint (F4), 记牌 (F5), short toasts for the F-keys, the leave-the-hand
dialog.

Kept out of the scene so the scene stays about the play. Each draw function takes an :class:`AidsView` (the values it
draws, built by the table scene each frame) and a surface, so the aids are drawn and tested without a scene.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.cards import NUM_KINDS, glyph
from ...engine.waits import Wait
from ...engine.win import Source
from ..ui.fonts import text
from ..ui.i18n import tr
from ..ui.palette import GOLD, GREY, PANEL, WHITE
from .layout import Layout

TOAST_SECONDS = 1.6  # the shortest a toast shows ("提示：开" / "Hint: on")
TOAST_MAX_SECONDS = 6.0


def toast_seconds(message: str) -> float:
    """How long a toast stays: long enough to read it. A toggle's two words show for a moment; a sentence that says
    why something was refused (F4 in a counted game) stays for its reading time: about a second to notice it, then
    60 ms a Latin letter and 180 ms a Chinese character (a character carries about a word's worth), at most 6 s."""
    wide = sum(1 for ch in message if ord(ch) > 0x2E7F)  # CJK and full-width forms
    reading = 1.0 + 0.06 * (len(message) - wide) + 0.18 * wide
    return min(TOAST_MAX_SECONDS, max(TOAST_SECONDS, reading))


SOURCES = (Source.OWN_DRAW, Source.OTHER_DRAW, Source.DISCARD)


@dataclass(frozen=True)
class AidsView:
    """What the aids draw: the window, the language, the table's layout and the viewer's seat, the 听 list, the
    hint's line, the toast's text, 记牌's counts and the 吃 chooser's panel."""

    size: tuple[int, int]
    lang: str
    layout: Layout
    viewer: int
    rules: str
    waits: tuple[Wait, ...] = ()  # empty: the waits aid is off, or nothing wins now
    hint: str = ""  # empty: no hint shown
    toast: str | None = None  # what an F-key toggled, while it shows
    counts: tuple[int, ...] = ()  # 记牌 (F5): the unseen copies of each kind; empty: the aid is off
    chooser: pygame.Rect | None = None  # the 吃 / 比 chooser's panel while it is up (记牌 keeps clear of it)


@dataclass(frozen=True)
class WaitsEntry:
    """One line of the 听 list: its words, and whether the card is dead (every copy in sight: drawn grey, struck)."""

    text: str
    dead: bool


def waits_entries(waits: list[Wait], rules: str, lang: str) -> list[WaitsEntry]:
    """One entry per winning card: its glyph and how many copies may still come (×n; a dead one says so), then each
    source with its value (sources of equal value merged)."""
    hu_key, score_key = (
        ("helper.unit.hu", "helper.unit.duo") if rules == "guilin" else ("helper.unit.huxi", "helper.unit.score")
    )
    out = []
    for card in sorted({w.card for w in waits}):
        values: dict[tuple[int, int], list[str]] = {}
        mine = sorted((w for w in waits if w.card == card), key=lambda w: SOURCES.index(w.source))
        for w in mine:
            values.setdefault((w.hu, w.score), []).append(tr(f"helper.src.{w.source.value}", lang))
        parts = [
            f"{'/'.join(names)} {tr(hu_key, lang, n=hu)} {tr(score_key, lang, n=score)}"
            for (hu, score), names in values.items()
        ]
        live = min(w.live for w in mine)  # (one count per card: every source's wait reads the same table)
        count = tr("helper.live", lang, n=live) + (f" {tr('helper.dead', lang)}" if live == 0 else "")
        out.append(WaitsEntry(f"{glyph(card)} {count}: " + "  ".join(parts), live == 0))
    return out


def waits_area(scene: AidsView) -> pygame.Rect:
    """Above the viewer's melds and pile, below the middle of the table, left of the claim prompt and of the log
    (never off the screen, never over the hand or the log)."""
    lay = scene.layout
    seat = lay.seats[scene.viewer]
    top = lay.centre.bottom + 4
    bottom = min(seat.melds.top, seat.pile.top) - 6
    right = lay.buttons.left - 8
    if lay.log.top < bottom and lay.log.bottom > top:  # the log's rows share the list's height: stop left of them
        right = min(right, lay.log.left - 8)
    return pygame.Rect(seat.melds.left, top, max(0, right - seat.melds.left), max(0, bottom - top))


def _wrap(line: str, size: int, width: int) -> list[str]:
    """Split a line at spaces so each piece fits ``width`` pixels (a piece that cannot be split stays whole)."""
    words = line.split("  ")
    out: list[str] = []
    current = ""
    for word in words:
        trial = f"{current}  {word}" if current else word
        if current and text(trial, size, GOLD).get_width() > width:
            out.append(current)
            current = "    " + word
        else:
            current = trial
    if current:
        out.append(current)
    return out


@dataclass(frozen=True)
class WaitsPanel:
    """The 听 list as laid out: its box at the bottom of :func:`waits_area`, its type size, and its lines (each with
    whether it is a dead card's)."""

    box: pygame.Rect
    size: int
    lines: tuple[tuple[str, bool], ...]


def waits_panel(scene: AidsView) -> WaitsPanel | None:
    """Where the 听 list goes and its lines, or None when there is nothing to show. Below the 吃 chooser when that
    reaches down into the list's area (the chooser leaves it at least :func:`least_waits_height`); a list still too
    long at the smallest type ends with "… +n" for its n lines left out."""
    waits = list(scene.waits)
    if not waits:
        return None
    area = waits_area(scene)
    if scene.chooser is not None and scene.chooser.colliderect(area):
        area = pygame.Rect(area.left, scene.chooser.bottom + 4, area.width, area.bottom - scene.chooser.bottom - 4)
    if area.width < 40 or area.height <= 0:
        return None
    size = max(11, scene.layout.size[1] // 48)
    lines = [(tr("helper.waits_title_live", scene.lang), False)]
    for entry in waits_entries(waits, scene.rules, scene.lang):
        lines += [(piece, entry.dead) for piece in _wrap(entry.text, size, area.width - 16)]
    height = len(lines) * (size + 4) + 10
    while height > area.height and size > 9:  # many waits: a smaller font rather than off the screen
        size -= 1
        height = len(lines) * (size + 4) + 10
    if height > area.height:  # still too long: as many lines as fit, the last saying how many are left out
        keep = max(2, (area.height - 10) // (size + 4))
        lines = [*lines[: keep - 1], (f"… +{len(lines) - keep + 1}", False)]
        height = len(lines) * (size + 4) + 10
    return WaitsPanel(pygame.Rect(area.left, area.bottom - height, area.width, height), size, tuple(lines))


def least_waits_height(size: tuple[int, int]) -> int:
    """The height the 吃 chooser leaves the 听 list at least: its title and three lines in small type."""
    small = max(9, size[1] // 60)
    return 4 * (small + 4) + 10


def draw_waits(scene: AidsView, surface: pygame.Surface) -> pygame.Rect | None:
    """听: the cards that would win now, each with its live copies and the 胡 / 舵 (胡息 / score) of each source; a dead
    card (no copy can come) grey and struck through. Not during the deal. Returns the box drawn (None when there is
    nothing to show)."""
    panel = waits_panel(scene)
    if panel is None:
        return None
    box, size, lines = panel.box, panel.size, panel.lines
    pygame.draw.rect(surface, PANEL, box, border_radius=8)
    y = box.top + 5
    for i, (line, dead) in enumerate(lines):
        img = text(line, size, GREY if dead else GOLD, bold=i == 0)
        if img.get_width() > box.width - 12:
            img = img.subsurface((0, 0, box.width - 12, img.get_height()))
        at = surface.blit(img, (box.left + 8, y))
        if dead:  # struck through: it is listed (the shape wins on it) but it cannot come
            middle = at.top + at.height // 2
            pygame.draw.line(surface, GREY, (at.left, middle), (at.right - 1, middle), max(1, size // 12))
        y += size + 4
    return box


def draw_toast(scene: AidsView, surface: pygame.Surface) -> None:
    """The toast (what an F-key toggled), near the top in the middle, while it shows."""
    if scene.toast is None:
        return
    w, h = scene.size
    size = max(14, h // 34)
    img = text(scene.toast, size, WHITE, bold=True)
    box = img.get_rect(midtop=(w // 2, int(h * 0.12)))
    pygame.draw.rect(surface, PANEL, box.inflate(28, 14), border_radius=10)
    pygame.draw.rect(surface, GOLD, box.inflate(28, 14), width=2, border_radius=10)
    surface.blit(img, box)


def draw_confirm_leave(scene: AidsView, surface: pygame.Surface) -> None:
    """Esc at the table: leave this hand? Enter / Y leaves, Esc / N stays."""
    w, h = scene.size
    size = max(15, h // 30)
    title = text(tr("confirm.leave", scene.lang), size + 4, GOLD, bold=True)
    keys = text(tr("confirm.leave_keys", scene.lang), size, WHITE)
    width = max(title.get_width(), keys.get_width()) + 80
    panel = pygame.Rect(0, 0, width, title.get_height() + keys.get_height() + 70)
    panel.center = (w // 2, h // 2)
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, PANEL, panel, border_radius=12)
    pygame.draw.rect(surface, GOLD, panel, width=2, border_radius=12)
    surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + 22)))
    surface.blit(keys, keys.get_rect(midbottom=(panel.centerx, panel.bottom - 22)))


def draw_hint(scene: AidsView, surface: pygame.Surface) -> None:
    """The hint's lines (the expert's top three, then why the first), right-aligned just above the prompt area, while
    the decision it answers is open; a font whose lines are too wide for the right of the table is shrunk to fit."""
    if not scene.hint:
        return
    lines = scene.hint.split("\n")
    w = scene.size[0]
    size = max(12, scene.layout.size[1] // 42)
    imgs = [text(line, size, WHITE if i == 0 else GOLD, bold=i == 0) for i, line in enumerate(lines)]
    widest = max(img.get_width() for img in imgs)
    room = min(w - 40, w // 2)  # clear of the buttons left of the prompt column
    if widest > room:
        size = max(9, size * room // widest)
        imgs = [text(line, size, WHITE if i == 0 else GOLD, bold=i == 0) for i, line in enumerate(lines)]
    gap = max(2, size // 4)
    height = sum(img.get_height() for img in imgs) + gap * (len(imgs) - 1)
    width = max(img.get_width() for img in imgs)
    buttons = scene.layout.buttons
    box = pygame.Rect(0, 0, width, height)
    box.bottomright = (w - 12, buttons.top - 8 - 2 * size)  # above the prompt's own line
    if box.left < 8:
        box.left = 8
    bg = box.inflate(16, 8)
    pygame.draw.rect(surface, PANEL, bg, border_radius=8)
    pygame.draw.rect(surface, GREY, bg, width=1, border_radius=8)
    y = box.top
    for img in imgs:
        surface.blit(img, img.get_rect(topright=(box.right, y)))
        y += img.get_height() + gap


def count_places(scene: AidsView) -> list[pygame.Rect]:
    """Where the table is busy: every seat's hand, melds, pile and name, the scores, the middle, the log, the 听 list's
    area and the claim prompt's column (its line and the 吃 choices stack up from the buttons to the log)."""
    lay = scene.layout
    busy = [r for seat in lay.seats.values() for r in (seat.hand, seat.melds, seat.pile, seat.label)]
    busy += [lay.info, lay.centre, lay.log, waits_area(scene)]
    w, h = lay.size
    busy.append(pygame.Rect(lay.buttons.left - 40, lay.log.bottom, w - lay.buttons.left + 40, h - lay.log.bottom))
    if scene.chooser is not None:
        busy.append(scene.chooser)
    return busy


def count_box(scene: AidsView, size: int) -> pygame.Rect | None:
    """The 记牌 panel's place at font ``size``: the first free spot of the gap above the middle, beside the middle
    (right, then left), below the middle left of the 听 list (with 4 seated the top seat fills the gap above), the
    top-left corner under the scores, or above the log; None when none is free."""
    lay = scene.layout
    w, h = lay.size
    width, height = 10 * 2 * size + 16, 3 * (size + 6) + 8
    centre, gap = lay.centre, max(4, h // 120)
    spots = [
        pygame.Rect(centre.centerx - width // 2, centre.top - gap - height, width, height),
        pygame.Rect(waits_area(scene).left - gap - width, centre.bottom + gap, width, height),
        pygame.Rect(centre.right + gap, centre.top, width, height),
        pygame.Rect(centre.left - gap - width, centre.top, width, height),
        pygame.Rect(lay.info.left, lay.info.bottom + gap, width, height),
        pygame.Rect(lay.log.right - width, lay.log.top - gap - height, width, height),
    ]
    screen = pygame.Rect(0, 0, w, h)
    busy = count_places(scene)
    for spot in spots:
        if screen.contains(spot) and spot.collidelist(busy) < 0:
            return spot
    return None


def draw_count(scene: AidsView, surface: pygame.Surface) -> pygame.Rect | None:
    """记牌: the 20 kinds, 一..十 over 壹..拾, each with the copies the viewer has not seen (a kind with none left in
    grey). Placed clear of the seats, the log, the 听 list and the prompt; a smaller font before it gives up. Returns
    the box drawn (None when the aid is off or no place is free)."""
    counts = scene.counts
    if len(counts) != NUM_KINDS:
        return None
    size = max(11, scene.layout.size[1] // 48)
    box = count_box(scene, size)
    while box is None and size > 9:
        size -= 1
        box = count_box(scene, size)
    if box is None:
        return None
    pygame.draw.rect(surface, PANEL, box, border_radius=8)
    title = text(tr("helper.count_title", scene.lang), size, GOLD, bold=True)
    if title.get_width() > box.width - 16:  # a narrow panel: the aid's short name
        title = text(tr("helper.count", scene.lang), size, GOLD, bold=True)
    surface.blit(title, (box.left + 8, box.top + 4))
    cell = 2 * size  # the glyph, then its count in a smaller figure
    for kind, left in enumerate(counts):
        row, col = divmod(kind, 10)  # 一..十 (small) on the first row, 壹..拾 (big) under them
        colour = GREY if left == 0 else WHITE
        x = box.left + 8 + col * cell
        y = box.top + 4 + (row + 1) * (size + 6)
        surface.blit(text(glyph(kind), size, colour, bold=left > 0), (x, y))
        surface.blit(text(str(left), max(9, size - 2), GREY if left == 0 else GOLD), (x + size + 1, y + 2))
    return box
