"""The table's aids: the 听 list (F2), the discard hint (F4), short toasts for the F-keys, the leave-the-hand dialog.

Kept out of the scene so the scene stays about the play. Each draw function takes an :class:`AidsView` (the values it
draws, built by the table scene each frame) and a surface, so the aids are drawn and tested without a scene.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.cards import glyph
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
    hint's line and the toast's text."""

    size: tuple[int, int]
    lang: str
    layout: Layout
    viewer: int
    rules: str
    waits: tuple[Wait, ...] = ()  # empty: the waits aid is off, or nothing wins now
    hint: str = ""  # empty: no hint shown
    toast: str | None = None  # what an F-key toggled, while it shows


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
    """Above the viewer's melds and pile, below the middle of the table, left of the claim prompt (never off the
    screen, never over the hand)."""
    lay = scene.layout
    seat = lay.seats[scene.viewer]
    top = lay.centre.bottom + 4
    bottom = min(seat.melds.top, seat.pile.top) - 6
    right = lay.buttons.left - 8
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


def draw_waits(scene: AidsView, surface: pygame.Surface) -> pygame.Rect | None:
    """听: the cards that would win now, each with its live copies and the 胡 / 舵 (胡息 / score) of each source; a dead
    card (no copy can come) grey and struck through. Not during the deal. Returns the box drawn (None when there is
    nothing to show)."""
    waits = list(scene.waits)
    if not waits:
        return None
    area = waits_area(scene)
    if area.width < 40:
        return None
    size = max(11, scene.layout.size[1] // 48)
    lines = [(tr("helper.waits_title_live", scene.lang), False)]
    for entry in waits_entries(waits, scene.rules, scene.lang):
        lines += [(piece, entry.dead) for piece in _wrap(entry.text, size, area.width - 16)]
    height = len(lines) * (size + 4) + 10
    while height > area.height and size > 9:  # many waits: a smaller font rather than off the screen
        size -= 1
        height = len(lines) * (size + 4) + 10
    box = pygame.Rect(area.left, area.bottom - height, area.width, height)
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
    """The hint's line, just above the prompt area (right), while the decision it answers is open."""
    line = scene.hint
    if not line:
        return
    size = max(12, scene.layout.size[1] // 42)
    img = text(line, size, WHITE, bold=True)
    w = scene.size[0]
    buttons = scene.layout.buttons
    box = img.get_rect(bottomright=(w - 12, buttons.top - 8 - 2 * size))  # above the prompt's own line
    if box.left < 8:
        box.left = 8
    bg = box.inflate(16, 8)
    pygame.draw.rect(surface, PANEL, bg, border_radius=8)
    pygame.draw.rect(surface, GREY, bg, width=1, border_radius=8)
    surface.blit(img, box)
