"""The statistics screen: the human seat's results from the history database, by game and period.

The figures come from :meth:`History.stats` (SQL aggregates over an index, a few milliseconds even for 10,000 hands)
and are computed again only when a filter changes, never per frame.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pygame
import pygame_gui

from ..store.history import History, Stats, open_history
from .fonts import text
from .gui import manager
from .i18n import STRINGS, tr
from .table import FELT, GOLD, GREY, PANEL, WHITE

GAMES: tuple[str | None, ...] = (None, "guilin", "bohu")
PERIODS: tuple[int | None, ...] = (None, 7, 30)  # days back from now; None is all time
LEVELS = ("beginner", "casual", "strong", "random")  # the order of the per-level table


def game_label(rules: str | None, lang: str) -> str:
    return tr("stats.all_games", lang) if rules is None else tr(f"game.{rules}", lang)


def period_label(days: int | None, lang: str) -> str:
    return tr("stats.all_time", lang) if days is None else tr(f"stats.last_{days}", lang)


def level_label(level: str, lang: str) -> str:
    return tr(f"bot.{level}", lang) if f"bot.{level}" in STRINGS else level


class StatsScene:
    def __init__(self, app: Any, size: tuple[int, int], lang: str = "zh", *, history: History | None = None) -> None:
        self.app = app
        self.size = size
        self.lang = lang
        self._own_history = history is None
        self.history = history if history is not None else open_history()
        self.message = self.history.message or ""
        self.rules: str | None = None
        self.days: int | None = None
        self.stats = Stats()
        self.computed = 0  # how many times the figures were computed (a test checks it is not per frame)
        self.compute()
        self._build_gui()

    # --- figures ----------------------------------------------------------------------------------------------------

    def compute(self) -> None:
        since = datetime.now(UTC) - timedelta(days=self.days) if self.days is not None else None
        try:
            self.stats = self.history.stats(rules=self.rules, since=since)
        except Exception as exc:  # noqa: BLE001 - a broken database shows a message, not a crash
            self.stats = Stats()
            self.message = str(exc)
        self.computed += 1

    def set_filter(self, rules: str | None, days: int | None) -> None:
        """Show one game (None: both) over the last ``days`` days (None: all time); computes the figures once."""
        self.rules, self.days = rules, days
        self.compute()
        self._build_gui()

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) of each figure, as shown."""
        s = self.stats
        dash = "-"
        return [
            (tr("stats.hands", self.lang), str(s.hands)),
            (tr("stats.matches", self.lang), str(s.matches)),
            (tr("stats.wins", self.lang), str(s.wins)),
            (tr("stats.win_rate", self.lang), f"{s.win_rate:.1%}" if s.hands else dash),
            (tr("stats.average_score", self.lang), f"{s.average_score:.1f}" if s.average_score is not None else dash),
            (tr("stats.best_score", self.lang), str(s.best_score) if s.best_score is not None else dash),
            (tr("stats.dealt_in", self.lang), str(s.dealt_in)),
            (tr("stats.draws", self.lang), str(s.draws)),
            (tr("stats.points", self.lang), f"{s.points:+d}"),
        ]

    # --- controls ---------------------------------------------------------------------------------------------------

    def _build_gui(self) -> None:
        w, h = self.size
        size = max(12, h // 42)
        self.gui = manager(self.size, size)
        self.gui_buttons: dict[object, tuple[str, Any]] = {}
        line = size + 14
        x0 = int(w * 0.05)
        label_w = max(90, w // 12)
        bw = max(130, min(190, (w - 2 * x0 - label_w) // 3 - 10))
        self.filter_top = int(h * 0.04) + size + 34

        def button(rect: pygame.Rect, label: str, kind: str, key: Any = None, selected: bool = False) -> None:
            b = pygame_gui.elements.UIButton(rect, label, self.gui)
            if selected:
                b.select()  # type: ignore[no-untyped-call]
            self.gui_buttons[b] = (kind, key)

        for i, rules in enumerate(GAMES):
            rect = pygame.Rect(x0 + label_w + i * (bw + 10), self.filter_top, bw, line)
            button(rect, game_label(rules, self.lang), "game", rules, rules == self.rules)
        for i, days in enumerate(PERIODS):
            rect = pygame.Rect(x0 + label_w + i * (bw + 10), self.filter_top + line + 10, bw, line)
            button(rect, period_label(days, self.lang), "period", days, days == self.days)
        button(pygame.Rect(w - x0 - 140, h - line - 30, 140, line + 8), tr("stats.back", self.lang), "back")

    def button(self, kind: str, key: Any = None) -> Any:
        return next((b for b, (k, v) in self.gui_buttons.items() if k == kind and v == key), None)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._build_gui()

    def back(self) -> None:
        if self._own_history:
            self.history.close()
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            kind, key = self.gui_buttons[event.ui_element]
            if kind == "back":
                self.back()
            elif kind == "game":
                self.set_filter(key, self.days)
            else:
                self.set_filter(self.rules, key)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1  # ←/→: the game filter
            self.set_filter(GAMES[(GAMES.index(self.rules) + step) % len(GAMES)], self.days)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1  # ↑/↓: the period
            self.set_filter(self.rules, PERIODS[(PERIODS.index(self.days) + step) % len(PERIODS)])

    def update(self, dt: float) -> None:
        self.gui.update(dt)

    # --- drawing ----------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(FELT)
        size = max(12, h // 42)
        line = size + 14
        x0 = int(w * 0.05)
        surface.blit(text(tr("stats.title", self.lang), size + 10, GOLD, bold=True), (x0, int(h * 0.04)))
        surface.blit(text(tr("stats.game", self.lang), size, WHITE), (x0, self.filter_top + 4))
        surface.blit(text(tr("stats.period", self.lang), size, WHITE), (x0, self.filter_top + line + 14))
        top = self.filter_top + 2 * line + 34
        bottom = h - line - 50
        panel_w = (w - 2 * x0 - 20) // 2
        left = pygame.Rect(x0, top, panel_w, bottom - top)
        right = pygame.Rect(left.right + 20, top, w - 2 * x0 - panel_w - 20, bottom - top)
        for rect in (left, right):
            pygame.draw.rect(surface, PANEL, rect, border_radius=10)
            pygame.draw.rect(surface, GREY, rect, width=1, border_radius=10)
        self._draw_figures(surface, left, size)
        self._draw_levels(surface, right, size)
        note = self.message or tr("stats.note", self.lang)
        img = text(note, max(10, size - 3), (255, 150, 150) if self.message else GREY)
        if img.get_width() > w - 2 * x0 - 170:
            img = img.subsurface(pygame.Rect(0, 0, w - 2 * x0 - 170, img.get_height()))
        surface.blit(img, (x0, h - line - 22))
        self.gui.draw_ui(surface)

    def _draw_figures(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        heading = f"{game_label(self.rules, self.lang)} · {period_label(self.days, self.lang)}"
        surface.blit(text(heading, size + 2, GOLD, bold=True), (rect.left + 16, rect.top + 12))
        rows = self.rows()
        step = max(size + 6, min(size * 2, (rect.height - size - 40) // len(rows)))
        y = rect.top + size + 30
        for label, value in rows:
            surface.blit(text(label, size, WHITE), (rect.left + 16, y))
            img = text(value, size, GOLD, bold=True)
            surface.blit(img, img.get_rect(topright=(rect.right - 16, y)))
            y += step

    def _draw_levels(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        surface.blit(text(tr("stats.vs_title", self.lang), size + 2, GOLD, bold=True), (rect.left + 16, rect.top + 12))
        y = rect.top + size + 30
        inner = rect.width - 32
        cols = [rect.left + 16, rect.left + 16 + int(inner * 0.46), rect.left + 16 + int(inner * 0.68), rect.right - 16]
        headers = ["stats.level", "stats.vs_hands", "stats.vs_wins", "stats.vs_points"]
        small = max(11, size - 2)
        for i, key in enumerate(headers):
            img = text(tr(key, self.lang), small, GREY)
            surface.blit(img, (cols[0], y) if i == 0 else img.get_rect(topright=(cols[i], y)))
        y += small + 12
        pygame.draw.line(surface, GREY, (cols[0], y - 6), (cols[-1], y - 6), 1)
        if not self.stats.vs:
            surface.blit(text(tr("stats.empty", self.lang), size, GREY), (cols[0], y + 4))
            return
        order = {level: i for i, level in enumerate(LEVELS)}
        for level, vs in sorted(self.stats.vs.items(), key=lambda item: (order.get(item[0], len(order)), item[0])):
            cells = [level_label(level, self.lang), str(vs.hands), str(vs.wins), f"{vs.net_points:+d}"]
            for i, cell in enumerate(cells):
                img = text(cell, size, WHITE)
                surface.blit(img, (cols[0], y) if i == 0 else img.get_rect(topright=(cols[i], y)))
            y += size + 12
