"""The statistics screen: the human seats' results from the history database, by game, period and practice.

Each figure is defined once, in :class:`~zipai_desktop.store.history.Stats`, and the screen's footnote says it in
words: hands count once per human seat, wins the same way (so the win rate is wins / hands), stake units come only
from stakes matches. Practice matches and matches where a hint was used are never silently missing: a row says how
many hands they are, and the "practice" filter puts them in.

The figures come from :meth:`History.stats` (SQL aggregates over an index, a few milliseconds even for 10,000 hands)
and are computed again only when a filter changes, never per frame.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pygame
import pygame_gui

from ...store.history import History, Stats, open_history
from ..scene import Scene
from ..ui.banner import localize
from ..ui.fonts import font
from ..ui.gui import manager
from ..ui.i18n import STRINGS, tr
from ..ui.palette import FELT, GOLD, GREY, PANEL, WHITE
from ..ui.row_list import Column, ListRow, RowList
from ..ui.sizing import Painter, ui_for
from .tutorial import wrap

GAMES: tuple[str | None, ...] = (None, "guilin", "bohu")
PERIODS: tuple[int | None, ...] = (None, 7, 30)  # days back from now; None is all time
PRACTICE: tuple[bool, ...] = (False, True)  # practice and hinted matches left out, or included
LEVELS = ("beginner", "casual", "strong", "expert", "random")  # the order of the per-level table


def game_label(rules: str | None, lang: str) -> str:
    """The game filter's word in ``lang`` (None: all games)."""
    return tr("stats.all_games", lang) if rules is None else tr(f"game.{rules}", lang)


def period_label(days: int | None, lang: str) -> str:
    """The period filter's word in ``lang`` (None: all time)."""
    return tr("stats.all_time", lang) if days is None else tr(f"stats.last_{days}", lang)


def practice_label(included: bool, lang: str) -> str:
    """The practice filter's word in ``lang``: practice and hinted hands left out, or included."""
    return tr("stats.practice_in" if included else "stats.practice_out", lang)


def level_label(level: str, lang: str) -> str:
    """The bot level's word in ``lang`` (an unknown level as it is stored)."""
    return tr(f"bot.{level}", lang) if f"bot.{level}" in STRINGS else level


class StatsScene(Scene):
    """The statistics screen: results by game, period and opponent level, from the history."""

    def __init__(self, app: Any, size: tuple[int, int], lang: str = "zh", *, history: History | None = None) -> None:
        """The figures from ``history`` (opened here, and closed on leaving, when not given), all games, all time."""
        self.app = app
        self.size = size
        self.lang = lang
        self._own_history = history is None
        self.history = history if history is not None else open_history()
        self.message = localize(self.history.message, lang) if self.history.message else ""  # in the player's language
        self.rules: str | None = None
        self.days: int | None = None
        self.include_practice = False
        self.stats = Stats()
        self.practice_hands = 0  # the practice and hinted hands under the filter (left out or included)
        self.computed = 0  # how many times the figures were computed (a test checks it is not per frame)
        self.paint = Painter()
        self.compute()
        self._build_gui()

    # --- figures ----------------------------------------------------------------------------------------------------

    def compute(self) -> None:
        """Ask the history for the figures under the current filter (a broken database shows its message)."""
        since = datetime.now(UTC) - timedelta(days=self.days) if self.days is not None else None
        try:
            self.stats = self.history.stats(rules=self.rules, since=since, include_practice=self.include_practice)
            if self.include_practice:  # how many of the hands shown are practice: all hands less the counted ones
                self.practice_hands = self.stats.hands - self.history.stats(rules=self.rules, since=since).hands
            else:
                self.practice_hands = self.stats.left_out
        except Exception as exc:  # noqa: BLE001 - a broken database shows a message, not a crash
            self.stats = Stats()
            self.practice_hands = 0
            self.message = str(exc)
        self.computed += 1

    def set_filter(self, rules: str | None, days: int | None, include_practice: bool | None = None) -> None:
        """Show one game (None: both) over the last ``days`` days (None: all time), with practice and hinted matches
        when ``include_practice`` (None: as before); computes the figures once."""
        self.rules, self.days = rules, days
        if include_practice is not None:
            self.include_practice = include_practice
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
            # 倍率: points x 底分 x 倍率, from stakes matches only (a dash when none was played)
            (tr("stats.stake", self.lang), f"{s.stake:+d}" if s.stake_hands else dash),
            (
                tr("stats.practice_hands", self.lang),
                tr(
                    "stats.included_value" if self.include_practice else "stats.left_out_value",
                    self.lang,
                    n=self.practice_hands,
                ),
            ),
        ]

    # --- controls ---------------------------------------------------------------------------------------------------

    def _build_gui(self) -> None:
        ui = self.ui = ui_for(self.size)
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, tuple[str, Any]] = {}
        line = ui.line()
        x0 = ui.margin
        heads = [tr(k, self.lang) for k in ("stats.game", "stats.period", "stats.practice")]
        x1 = x0 + max(ui.text_w(t) for t in heads) + 2 * ui.gap
        self.filter_top = ui.px(24) + ui.line(ui.heading) + ui.gap

        def button(rect: pygame.Rect, label: str, kind: str, key: Any = None, selected: bool = False) -> None:
            b = pygame_gui.elements.UIButton(rect, label, self.gui)
            if selected:
                b.select()  # type: ignore[no-untyped-call]
            self.gui_buttons[b] = (kind, key)

        # Both filter rows share one button width: the widest label of either.
        labels = [game_label(r, self.lang) for r in GAMES] + [period_label(d, self.lang) for d in PERIODS]
        labels += [practice_label(p, self.lang) for p in PRACTICE]
        least = max(ui.px(130), max(ui.button_w(t) for t in labels))
        for rules, rect in zip(GAMES, ui.row(labels[:3], x1, self.filter_top, least=least), strict=False):
            button(rect, game_label(rules, self.lang), "game", rules, rules == self.rules)
        for days, rect in zip(
            PERIODS, ui.row(labels[3:], x1, self.filter_top + line + ui.gap, least=least), strict=False
        ):
            button(rect, period_label(days, self.lang), "period", days, days == self.days)
        for included, rect in zip(
            PRACTICE, ui.row(labels[6:], x1, self.filter_top + 2 * (line + ui.gap), least=least), strict=False
        ):
            button(rect, practice_label(included, self.lang), "practice", included, included == self.include_practice)
        label = tr("stats.back", self.lang)
        height = int(line * 1.2)
        (back,) = ui.row([label], w - x0, h - height - ui.px(24), right=True, least=ui.px(120), height=height)
        button(back, label, "back")
        self.bottom_bar = back.top

    def button(self, kind: str, key: Any = None) -> Any:
        """The pygame_gui button of ``kind`` (game, period, practice, back) and ``key``."""
        return next((b for b, (k, v) in self.gui_buttons.items() if k == kind and v == key), None)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for the new window size."""
        self.size = size
        self._build_gui()

    def back(self) -> None:
        """Back to the title (closing the history this screen opened)."""
        if self._own_history:
            self.history.close()
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The filter buttons; ←/→ change the game, ↑/↓ the period; Esc goes back."""
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            kind, key = self.gui_buttons[event.ui_element]
            if kind == "back":
                self.back()
            elif kind == "game":
                self.set_filter(key, self.days)
            elif kind == "practice":
                self.set_filter(self.rules, self.days, key)
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
        """Advance the buttons' hover and press animations."""
        self.gui.update(dt)

    # --- drawing ----------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The filters, the figures, the table by opponent level, the note that defines the figures."""
        w, h = self.size
        ui = self.ui
        paint = self.paint
        paint.reset()
        surface.fill(FELT)
        size = ui.font
        line = ui.line()
        x0 = ui.margin
        paint.text(surface, tr("stats.title", self.lang), ui.heading, GOLD, bold=True, topleft=(x0, ui.px(24)))
        for i, key in enumerate(("stats.game", "stats.period", "stats.practice")):
            y = self.filter_top + i * (line + ui.gap) + line // 2
            paint.text(surface, tr(key, self.lang), size, WHITE, midleft=(x0, y))
        top = self.filter_top + 3 * line + ui.gap * 4
        note = self.message or tr("stats.note", self.lang)
        notes = wrap(note, font(ui.small), self.bottom_bar_left() - x0 - ui.gap)[:3]  # the figures' definitions
        if not self.message:  # 托管 hands count (the player's seat and result); the footnote says how many
            autoplay = tr("stats.autoplay_note", self.lang, n=self.stats.autoplay)
            notes = wrap(autoplay, font(ui.small), self.bottom_bar_left() - x0 - ui.gap)[:2] + notes
        step = max(ui.small + ui.px(6), font(ui.small).get_linesize())  # a line of the note, never on the next one
        bottom = self.bottom_bar - ui.gap - len(notes) * step - ui.gap
        gap = ui.px(20)
        panel_w = (w - 2 * x0 - gap) // 2
        left = pygame.Rect(x0, top, panel_w, bottom - top)
        right = pygame.Rect(left.right + gap, top, w - 2 * x0 - panel_w - gap, bottom - top)
        for rect in (left, right):
            pygame.draw.rect(surface, PANEL, rect, border_radius=10)
            pygame.draw.rect(surface, GREY, rect, width=1, border_radius=10)
        self._draw_figures(surface, left, size)
        self._draw_levels(surface, right, size)
        y = bottom + ui.gap
        for part in notes:
            paint.text(surface, part, ui.small, (255, 150, 150) if self.message else GREY, topleft=(x0, y))
            y += step
        self.gui.draw_ui(surface)

    def bottom_bar_left(self) -> int:
        """Where the back button starts (the note to its left stays clear of it)."""
        back = self.button("back")
        return int(back.rect.left) if back is not None else self.size[0] - self.ui.margin

    def _draw_figures(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The figures of :meth:`rows` as a two-column list: the label, and the value in gold on the right."""
        ui = self.ui
        pad = ui.pad
        heading = f"{game_label(self.rules, self.lang)} · {period_label(self.days, self.lang)}"
        self.paint.text(surface, heading, size + 2, GOLD, bold=True, topleft=(rect.left + pad, rect.top + pad))
        top = rect.top + pad + ui.line(size + 2)
        figures = RowList((Column(), Column(align="right", colour=GOLD, bold=True)), fit=True, spread=True)
        figures.set_rows([ListRow(cells) for cells in self.rows()])
        figures.place(
            pygame.Rect(rect.left + pad - ui.gap, top, rect.width - 2 * (pad - ui.gap), rect.bottom - top), ui
        )
        figures.draw(surface, self.paint)

    def _draw_levels(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """Hands, wins and net points against each opponent level, in the order beginner to strong."""
        ui = self.ui
        pad = ui.pad
        self.paint.text(
            surface,
            tr("stats.vs_title", self.lang),
            size + 2,
            GOLD,
            bold=True,
            topleft=(rect.left + pad, rect.top + pad),
        )
        top = rect.top + pad + ui.line(size + 2)
        heads = [tr(k, self.lang) for k in ("stats.level", "stats.vs_hands", "stats.vs_wins", "stats.vs_points")]
        columns = (Column(heads[0]), *(Column(head, align="right") for head in heads[1:]))
        levels = RowList(columns, fit=True, empty=tr("stats.empty", self.lang))
        order = {level: i for i, level in enumerate(LEVELS)}
        ranked = sorted(self.stats.vs.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
        levels.set_rows(
            [
                ListRow((level_label(level, self.lang), str(vs.hands), str(vs.wins), f"{vs.net_points:+d}"))
                for level, vs in ranked
            ]
        )
        levels.place(pygame.Rect(rect.left + pad - ui.gap, top, rect.width - 2 * (pad - ui.gap), rect.bottom - top), ui)
        levels.draw(surface, self.paint)
