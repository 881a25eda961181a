"""The match result screen: how a match ended, seat by seat, after its last hand (and from the 战绩 list).

Each seat's row gives its rank, its name (names.short_name: 你, 玩家n in hot-seat, 电脑n, a 比赛 entrant's name), its
total, its total in stake units when the match had stakes (倍率), its biggest hand, its wins, 自摸 and 点炮 and the
hands it played. The figures are the history's (:meth:`History.match_result`), counted from the stored hands; when the
history could not record the match, the table's totals are shown and the per-hand figures are dashes.

S (or the button) saves the screen as a PNG in the data folder's ``results`` folder; a toast says where, and a folder
that cannot be written says so in one sentence (the screen stays, nothing is lost). Enter or Esc leaves: to the title
after a match, to the standings after a 比赛 round, back to the list when opened from it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from ...store import paths
from ...store.history import MatchResult, MatchRow, SeatResult
from ..scene import Scene
from ..ui.fonts import font
from ..ui.gui import manager
from ..ui.i18n import tr
from ..ui.names import person, say, short_name
from ..ui.palette import FELT, GOLD, GREY, PANEL, WHITE
from ..ui.row_list import Column, ListRow, RowList
from ..ui.sizing import Painter, ui_for
from .replay_viewer import game_name
from .tutorial import wrap

if TYPE_CHECKING:
    from ..table.source import TableSource

#: The folder of the data folder the saved pictures go to.
RESULTS_FOLDER = "results"
#: Seconds a toast stays (long enough to read a folder's path).
TOAST_SECONDS = 6.0
RED = (255, 150, 150)
DASH = "-"


@dataclasses.dataclass(frozen=True)
class ResultView:
    """What the screen shows: the match and its figures, whether the per-hand figures are known (False: the history
    could not record the match, only the totals are), and the points target when the match had one."""

    result: MatchResult
    figures: bool = True
    target: int | None = None


def result_of(controller: TableSource) -> ResultView:
    """The finished match of the table's ``controller``, from the history it recorded into (the table's totals and
    dashes when it recorded nothing)."""
    persistence = controller.persistence
    history = getattr(persistence, "history", None)
    match_id = getattr(persistence, "match_id", None)
    target = controller.config.target
    if history is not None and isinstance(match_id, int):
        try:
            result = history.match_result(match_id)
            names = tuple(s.entrant for s in controller.config.seats)
            match = result.match
            if not any(match.names) and any(names):
                result = MatchResult(_with_names(match, names), result.seats)
            return ResultView(result, True, target)
        except Exception:  # noqa: BLE001 - an unreadable history: the table's own totals are still shown
            pass
    return ResultView(table_only(controller), False, target)


def _with_names(match: MatchRow, names: tuple[str, ...]) -> MatchRow:
    return dataclasses.replace(match, names=names)


def table_only(controller: TableSource) -> MatchResult:
    """The match as the table knows it without the history: the totals (and stake units), no per-hand figures."""
    config = controller.config
    match = controller.match
    stakes = match.stakes.to_json() if match.stakes is not None else None
    row = MatchRow(
        id=0,
        rules=config.rules,
        players=config.players,
        seats=tuple(s.kind for s in config.seats),
        names=tuple(s.entrant for s in config.seats),
        started_at="",
        finished_at=None,
        practice=config.practice or controller.assisted,
        stakes=stakes,
        hands=match.played,
        totals=tuple(match.totals),
    )
    unit = row.unit
    seats = tuple(
        SeatResult(s, t, t * unit if unit is not None else None, None, 0, 0, 0, 0) for s, t in enumerate(match.totals)
    )
    return MatchResult(row, seats)


def when_text(stamp: str) -> str:
    """A stored UTC time as the player's local date and time ("" when there is none)."""
    if not stamp:
        return ""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16]


def seat_name(match: MatchRow, seat: int, lang: str) -> str:
    """The seat's one name, as the table named it."""
    return short_name(seat, match.seats, lang, match.names)


def headline(result: MatchResult, lang: str) -> str:
    """Who won the match ("你赢得了本场比赛！"), or that the top totals are level."""
    ranking = result.ranking()
    totals = [s.total for s in result.seats]
    top = ranking[0]
    if sum(1 for t in totals if t == totals[top]) > 1:
        return tr("match.tie", lang)
    match = result.match
    return say("match.wins", lang, person(top, match.seats, lang, match.names))


def save_png(surface: pygame.Surface, folder: Path, stem: str) -> Path:
    """Write ``surface`` as ``<stem>.png`` in ``folder`` (``<stem>-2.png`` ... when taken), whole or not at all: the
    PNG goes to a temporary file first, then takes its name. Raises ``OSError`` (or ``pygame.error``)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.png"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.png"
        n += 1
    data = io.BytesIO()
    pygame.image.save(surface, data, "png")
    part = folder / f".{path.name}.part"
    try:
        with part.open("wb") as f:
            f.write(data.getvalue())
        os.replace(part, path)
    finally:
        with contextlib.suppress(OSError):
            part.unlink()
    return path


class MatchResultScene(Scene):
    """The result of one match: each seat's figures, the winner, a picture to save."""

    def __init__(
        self,
        app: Any,
        size: tuple[int, int],
        lang: str,
        view: ResultView,
        *,
        on_close: Callable[[], None] | None = None,
        close_label: str = "match.to_title",
    ) -> None:
        """The result of ``view``'s match; Enter / Esc call ``on_close`` (default: back to the screen below), whose
        button says ``close_label`` (an i18n key: to the title, to the standings, back to the list)."""
        self.app = app
        self.size = size
        self.lang = lang
        self.view = view
        self.on_close = on_close
        self.close_label = close_label
        self.toast: tuple[str, bool] | None = None  # (text, is an error)
        self.toast_left = 0.0
        self.saved: Path | None = None
        self.paint = Painter()
        self._build_gui()

    # --- figures ----------------------------------------------------------------------------------------------------

    @property
    def stakes(self) -> bool:
        """The match had stakes: the totals are also shown in stake units."""
        return self.view.result.match.stakes is not None

    def headings(self) -> list[str]:
        """The table's column headings (the stake column only for a stakes match)."""
        keys = ["match.rank", "match.player", "match.total"]
        keys += ["match.stake"] if self.stakes else []
        keys += ["match.best", "match.wins_col", "match.self_drawn", "match.dealt_in", "match.hands"]
        return [tr(k, self.lang) for k in keys]

    def rows(self) -> list[tuple[str, ...]]:
        """Each seat's cells, best total first (equal totals share a rank)."""
        result = self.view.result
        match = result.match
        out: list[tuple[str, ...]] = []
        rank = 0
        previous: int | None = None
        for i, seat in enumerate(result.ranking()):
            s = result.seats[seat]
            if s.total != previous:
                rank, previous = i + 1, s.total
            cells = [str(rank), seat_name(match, seat, self.lang), f"{s.total:+d}"]
            if self.stakes:
                cells.append(f"{s.stake:+d}" if s.stake is not None else DASH)
            if self.view.figures:
                best = str(s.best) if s.best is not None else DASH
                cells += [best, str(s.wins), str(s.self_drawn), str(s.dealt_in), str(s.hands)]
            else:
                cells += [DASH] * 5
            out.append(tuple(cells))
        return out

    def details(self) -> str:
        """The line under the heading: the hands played, when, the stakes or the target, the hands under 托管, a
        practice mark."""
        match = self.view.result.match
        parts = [tr("match.hands_played", self.lang, n=match.hands)]
        when = when_text(match.finished_at or match.started_at)
        if when:
            parts.append(when)
        if match.stakes is not None:
            base, multiplier = match.stakes.get("base", 1), match.stakes.get("multiplier", 1)
            parts.append(tr("match.stakes_line", self.lang, base=base, multiplier=multiplier))
        if self.view.target is not None:
            parts.append(tr("match.target_line", self.lang, n=self.view.target))
        if match.autoplay:  # the player's seat was played, even partly, by the 托管 bot in these hands
            parts.append(tr("match.autoplay_line", self.lang, n=match.autoplay))
        if match.practice:
            parts.append(tr("match.practice", self.lang))
        return "  ·  ".join(parts)

    # --- controls ---------------------------------------------------------------------------------------------------

    def _build_gui(self) -> None:
        ui = self.ui = ui_for(self.size)
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, str] = {}
        height = int(ui.line() * 1.2)
        labels = [tr("match.save", self.lang) + "  (S)", tr(self.close_label, self.lang) + "  (Enter)"]
        rects = ui.row(labels, w - ui.margin, h - height - ui.px(24), right=True, least=ui.px(140), height=height)
        for rect, label, kind in zip(rects, labels, ("save", "close"), strict=True):
            self.gui_buttons[pygame_gui.elements.UIButton(rect, label, self.gui)] = kind
        self.bottom_bar = rects[0].top

    def button(self, kind: str) -> Any:
        """The pygame_gui button of ``kind`` (save, close)."""
        return next((b for b, k in self.gui_buttons.items() if k == kind), None)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for the new window size."""
        self.size = size
        self._build_gui()

    def close(self) -> None:
        """Leave the screen: to where ``on_close`` goes (the title, the standings), else the screen below."""
        if self.on_close is not None:
            self.on_close()
        else:
            self.app.pop()

    def save(self) -> Path | None:
        """Save the screen (without the toast) as a PNG of the window's size in the data folder's results folder; the
        toast says where, or why it could not be written. The saved path, or None."""
        picture = pygame.Surface(self.size)
        toast = self.toast
        self.toast = None
        self.draw(picture)
        self.toast = toast
        match = self.view.result.match
        stem = f"match-result-{datetime.now().strftime('%Y-%m-%d-%H%M%S')}-{match.rules}"
        folder_text = "?"
        try:
            folder = paths.data_dir() / RESULTS_FOLDER
            folder_text = str(folder)
            path = save_png(picture, folder, stem)
        except (OSError, pygame.error) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self._toast(tr("match.save_failed", self.lang, folder=folder_text, reason=reason), error=True)
            return None
        self.saved = path
        self._toast(tr("match.saved", self.lang, path=str(path)), error=False)
        return path

    def _toast(self, text: str, *, error: bool) -> None:
        self.toast = (text, error)
        self.toast_left = TOAST_SECONDS

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons; S saves the picture, Enter or Esc leaves."""
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            if self.gui_buttons[event.ui_element] == "save":
                self.save()
            else:
                self.close()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_s:
                self.save()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.close()

    def update(self, dt: float) -> None:
        """The buttons' hover animations; the toast's time."""
        self.gui.update(dt)
        if self.toast is not None:
            self.toast_left -= dt
            if self.toast_left <= 0:
                self.toast = None

    # --- drawing ----------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, who won, the details, the table of figures, the note, the toast and the buttons."""
        w, h = self.size
        ui = self.ui
        paint = self.paint
        paint.reset()
        surface.fill(FELT)
        x0 = ui.margin
        y = ui.px(24)
        match = self.view.result.match
        title = tr("match.title", self.lang, game=game_name(match.rules, self.lang))
        paint.text(surface, title, ui.heading, GOLD, bold=True, topleft=(x0, y))
        y += ui.line(ui.heading)
        big = ui.font + ui.px(4)
        paint.text(surface, headline(self.view.result, self.lang), big, WHITE, bold=True, topleft=(x0, y))
        y += ui.line(big)
        for part in wrap(self.details(), font(ui.small), w - 2 * x0)[:2]:
            paint.text(surface, part, ui.small, GREY, topleft=(x0, y))
            y += max(ui.small + ui.px(6), font(ui.small).get_linesize())
        y += ui.gap
        notes = self._notes(w - 2 * x0)
        step = max(ui.small + ui.px(6), font(ui.small).get_linesize())
        bottom = self.bottom_bar - ui.gap - len(notes) * step - ui.gap
        # The panel holds the rows (each up to twice a line high), never more than the room left.
        rows = len(self.view.result.seats)
        wanted = ui.line() + rows * 2 * ui.font + 2 * ui.pad + ui.px(8)  # a row is up to twice the text (RowList)
        rect = pygame.Rect(x0, y, w - 2 * x0, min(bottom - y, wanted))
        pygame.draw.rect(surface, PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, GREY, rect, width=1, border_radius=10)
        heads = self.headings()
        columns = (Column(heads[0], align="right"), Column(heads[1]), *(Column(x, align="right") for x in heads[2:]))
        table = RowList(columns, fit=True, spread=True)
        ranking = self.view.result.ranking()
        table.set_rows(
            [
                ListRow(cells, key=seat, colour=GOLD if i == 0 else WHITE, marked=match.seats[seat] == "human")
                for i, (seat, cells) in enumerate(zip(ranking, self.rows(), strict=True))
            ]
        )
        pad = ui.pad
        table.place(pygame.Rect(rect.left + pad - ui.gap, rect.top + pad, rect.width - 2 * (pad - ui.gap),
                                rect.height - 2 * pad), ui)  # fmt: skip
        table.draw(surface, paint)
        y = rect.bottom + ui.gap  # the notes (or the toast) right under the table
        for part, colour in notes:
            paint.text(surface, part, ui.small, colour, topleft=(x0, y))
            y += step
        paint.text(surface, tr("match.keys", self.lang), ui.small, GREY, bottomleft=(x0, h - ui.px(12)))
        self.gui.draw_ui(surface)

    def _notes(self, width: int) -> list[tuple[str, tuple[int, int, int]]]:
        """The lines under the table: the toast (where the picture went, or why not), or what the figures are."""
        room = width
        f = font(self.ui.small)
        if self.toast is not None:
            text, error = self.toast
            return [(line, RED if error else GOLD) for line in wrap(text, f, room)[:3]]
        note = tr("match.note" if self.view.figures else "match.no_history", self.lang)
        return [(line, GREY) for line in wrap(note, f, room)[:3]]
