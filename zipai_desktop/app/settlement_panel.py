"""The settlement panel (结算): what the hand was won with, what it is worth and who pays, drawn over the table.

Drawn by the table scene once the hand is over; it reads the scene's view model and the engine's result, and never
recomputes a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine.cards import format_cards
from . import cards
from .fonts import text
from .i18n import tr
from .palette import GOLD, PANEL, WHITE

if TYPE_CHECKING:
    from .table import TableScene


def draw_result(self: TableScene, surface: pygame.Surface) -> None:
    """The result of the hand over the table: the winning groups, the settlement, each seat's points."""
    w, h = self.size
    panel = pygame.Rect(0, 0, int(w * 0.7), int(h * 0.72))
    panel.center = (w // 2, h // 2)
    shade = pygame.Surface(self.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 140))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, PANEL, panel, border_radius=14)
    pygame.draw.rect(surface, GOLD, panel, width=2, border_radius=14)
    size = max(13, h // 36)
    y = panel.top + 16
    view = self.view
    result = self.controller.game.result
    title = tr("result.title", self.lang)
    if view.won is not None:
        you = view.won.seat == self.viewer and len(self.controller.humans) == 1
        won = tr("result.you_win", self.lang) if you else tr("result.wins", self.lang, name=self._name(view.won.seat))
        title += "  " + won
    else:
        title += "  " + tr("result.draw", self.lang)
    surface.blit(text(title, size + 6, GOLD, bold=True), (panel.left + 20, y))
    y += size + 18
    if view.won is not None and result is not None and result.settlement is not None:
        sw = max(12, int(self.layout.small_w * 0.8))
        _, ch = cards.card_size(sw)
        x = panel.left + 20
        for g in view.won.groups:
            width = len(g.cards) * (sw + 1)
            if x + width > panel.right - 20:
                x, y = panel.left + 20, y + ch + size + 10
            for i, k in enumerate(g.cards):
                surface.blit(cards.face(k, sw), (x + i * (sw + 1), y))
            surface.blit(text(str(g.hu), size - 2, WHITE), (x, y + ch + 2))
            x += width + 10
        y += ch + size + 16
        s = result.settlement
        unit = tr("result.hu" if self.controller.config.rules == "guilin" else "result.huxi", self.lang)
        line = f"{unit} {s.hu}"
        if hasattr(s, "duo"):
            parts = " + ".join(f"{tr('part.' + k, self.lang)} {v}" for k, v in s.duo_parts.items())
            line += f"   {tr('result.duo', self.lang)} {s.duo} = {parts}"
            if s.xing_cards:
                line += f"   {tr('result.xing', self.lang)} {format_cards(s.xing_cards)}"
        else:
            line += f"   {tr('result.fan', self.lang)} {s.fan}   {tr('result.score', self.lang)} {s.score}"
        if s.special:
            line += "   " + " ".join(tr(f"special.{n}", self.lang) for n in s.special)
        surface.blit(text(line, size, WHITE), (panel.left + 20, y))
        y += size + 14
    if result is not None:
        match = self.controller.match
        for seat in range(self.view.players):
            pts = result.points[seat]
            total = match.totals[seat] + (pts if not self.match_over else 0)
            line = f"{self._name(seat)}   {pts:+d}   {tr('table.total', self.lang)} {total:+d}"
            surface.blit(text(line, size, GOLD if pts > 0 else WHITE), (panel.left + 20, y))
            y += size + 8
    key = "result.match_over" if self.match_over else "result.next_hand"
    button = pygame.Rect(0, 0, max(120, w // 7), max(36, h // 16))
    button.midbottom = (panel.centerx, panel.bottom - 16)
    pygame.draw.rect(surface, (50, 100, 70), button, border_radius=8)
    label = text(tr(key, self.lang), size + 2, WHITE, bold=True)
    surface.blit(label, label.get_rect(center=button.center))
