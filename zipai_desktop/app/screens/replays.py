"""Replays: the list of recent hands (and imported record files); a chosen hand opens in the viewer
(:mod:`.replay_viewer`). The 战绩 view lists the matches instead (date, game, the seats' names, hands, the player's
total and rank, practice, 托管 and unfinished marked); a match opens as the list of its hands, each opening the
viewer, and its result screen (:mod:`.match_result`) is one button away.

Record files: "Import replay files" reads every ``*.json`` in :func:`store.paths.replays_dir`; a file that is not a
record that replays is reported in one sentence and skipped. "Export" writes the hand there as ``hand-<id>.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...engine import jsonsafe
from ...engine.jsonsafe import JsonInputError, read_file
from ...engine.record import RecordError, load, replay
from ...store.atomic import quarantine
from ...store.history import HandRow, History, MatchRow, open_history
from ...store.paths import replays_dir
from ..scene import Scene
from ..ui.banner import localize
from ..ui.gui import manager
from ..ui.i18n import tr
from ..ui.names import HUMAN, person, say, short_name
from ..ui.palette import FELT, GOLD, GREY, WHITE
from ..ui.row_list import Column, ListRow, RowList
from ..ui.sizing import Painter, ui_for
from .match_result import MatchResultScene, ResultView, when_text
from .replay_viewer import RED, ReplayScene, game_name, paint_image, record_names, wrap

MAX_FILE_BYTES = 5_000_000  # a record is a few KB; anything this big is not one


@dataclass
class Entry:
    """One line of the replays list: a stored hand or an imported record file."""

    label: str
    hand: HandRow | None = None
    record: dict[str, Any] | None = None  # an imported file's record
    path: Path | None = None
    match: MatchRow | None = None  # a match of the 战绩 view


def read_record_file(path: Path) -> dict[str, Any]:
    """A record file's record, checked by replaying it; raises RecordError with the reason in a few words."""
    try:
        raw = read_file(path, max_bytes=MAX_FILE_BYTES)  # a FIFO named *.json is refused, not waited on
    except JsonInputError as exc:
        raise RecordError("it is not a regular file" if "regular file" in str(exc) else "the file is too large to be "
                          "a game record") from None  # fmt: skip
    except OSError as exc:
        raise RecordError(f"it cannot be read ({exc.strerror or exc})") from None
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("it is not UTF-8 text") from None
    record = load(raw)
    try:
        replay(record)
    except RecordError:
        raise
    except Exception as exc:  # noqa: BLE001 - a record that breaks the engine is reported like any damaged file
        raise RecordError(f"it cannot be replayed ({type(exc).__name__}: {jsonsafe.clip(str(exc))})") from None
    return record


class ReplaysScene(Scene):
    """The last 50 hands from the history, plus imported record files; click one to watch it."""

    LIMIT = 50

    def __init__(self, app: Any, size: tuple[int, int], lang: str = "zh", *, history: History | None = None) -> None:
        """The list from ``history`` (opened here, and closed on leaving, when not given)."""
        self.app = app
        self.size = size
        self.lang = lang
        self._own_history = history is None
        self.history = history if history is not None else open_history()
        self.messages: list[tuple[str, tuple[int, int, int]]] = []
        if self.history.message:
            self.messages.append((localize(self.history.message, lang), RED))
        try:
            self.hands = self.history.hands(limit=self.LIMIT)
        except Exception as exc:  # noqa: BLE001 - a broken database shows a message, not a crash
            self.hands = []
            self.messages.append((str(exc), RED))
        self.files: list[Entry] = []
        self.mode = "hands"  # hands (the recent hands) | matches (战绩) | match (the hands of one match)
        self.matches: list[MatchRow] = []
        self.match: MatchRow | None = None  # the match whose hands are listed
        self.match_hands: list[HandRow] = []
        self.list = RowList((Column(),), selectable=True, frame=True, empty=tr("replay.none", lang))
        self.folder = self._folder()
        self.paint = Painter()
        self._build_gui()

    @staticmethod
    def _folder() -> str:
        try:
            return str(replays_dir())
        except OSError as exc:
            return f"? ({exc})"

    # --- entries ----------------------------------------------------------------------------------------------------

    def entries(self) -> list[Entry]:
        """The list's entries: the imported files first, then the stored hands, newest first; in the 战绩 view the
        matches, newest first; for one match its hands, in the order played."""
        if self.mode == "matches":
            return [Entry(self._match_label(row), match=row) for row in self.matches]
        if self.mode == "match":
            return [Entry(self._hand_label(row), hand=row) for row in self.match_hands]
        return [*self.files, *(Entry(self._hand_label(row), hand=row) for row in self.hands)]

    def _match_label(self, row: MatchRow) -> str:
        """A match's line: when, the game, the seats' names, the hands, the player's total and rank (hot-seat: who
        came first), and the marks (practice, 托管, unfinished)."""
        names = " · ".join(short_name(s, row.seats, self.lang, row.names) for s in range(row.players))
        parts = [when_text(row.started_at), game_name(row.rules, self.lang), names]
        parts.append(tr("replay.hands_count", self.lang, n=row.hands))
        humans = [s for s in range(row.players) if row.seats[s] == HUMAN]
        order = sorted(range(row.players), key=lambda s: (-row.totals[s], s)) if row.totals else []
        if len(humans) == 1 and order:
            you = humans[0]
            rank = 1 + sum(1 for t in row.totals if t > row.totals[you])
            parts.append(tr("match.row_you", self.lang, total=f"{row.totals[you]:+d}", rank=rank))
        elif order:
            top = order[0]
            name = short_name(top, row.seats, self.lang, row.names)
            parts.append(tr("match.row_top", self.lang, name=name, total=f"{row.totals[top]:+d}"))
        marks = [tr("match.practice_mark", self.lang)] if row.practice else []
        marks += [tr("autoplay.mark", self.lang)] if row.autoplay else []  # as the hand list marks a 托管 hand
        marks += [tr("match.unfinished", self.lang)] if row.finished_at is None else []
        if marks:
            parts.append(f"[{' · '.join(marks)}]")
        return "   ".join(p for p in parts if p)

    def set_mode(self, mode: str) -> None:
        """Show the recent hands (``hands``) or the matches (``matches``: read from the history now)."""
        self.mode = mode
        self.match = None
        if mode == "matches":
            try:
                self.matches = self.history.matches(limit=self.LIMIT)
            except Exception as exc:  # noqa: BLE001 - a broken database shows a message, not a crash
                self.matches = []
                self.messages = [(str(exc), RED)]
        self.list.scroll = 0
        self.list.selected = None
        self._build_gui()

    def show_match(self, match: MatchRow) -> None:
        """List the hands of ``match``, in the order they were played."""
        try:
            hands = sorted(self.history.hands(match_id=match.id), key=lambda row: row.hand_no)
        except Exception as exc:  # noqa: BLE001
            self.messages = [(str(exc), RED)]
            return
        self.mode = "match"
        self.match = match
        self.match_hands = hands
        self.list.scroll = 0
        self.list.selected = None
        self._build_gui()

    def open_result(self) -> MatchResultScene | None:
        """The result screen of the match whose hands are listed (back to this list on leaving it)."""
        if self.match is None:
            return None
        try:
            result = self.history.match_result(self.match.id)
        except Exception as exc:  # noqa: BLE001
            self.messages = [(str(exc), RED)]
            return None
        scene = MatchResultScene(self.app, self.size, self.lang, ResultView(result), close_label="match.to_list")
        self.app.push(scene)
        return scene

    def _hand_label(self, row: HandRow) -> str:
        try:
            when = datetime.fromisoformat(row.played_at).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            when = row.played_at[:16]
        parts = [when, game_name(row.rules, self.lang), tr("table.hand", self.lang, n=row.hand_no + 1)]
        if row.winner is None:
            parts.append(tr("result.draw", self.lang))
        else:
            names = self._names(row)
            parts.append(say("result.wins", self.lang, person(row.winner, row.seats, self.lang, names)))
            parts.append(tr("result.points", self.lang, n=row.score))
        if row.autoplay:  # played, even partly, under 托管
            parts.append(f"[{tr('autoplay.mark', self.lang)}]")
        return "   ".join(parts)

    def _names(self, row: HandRow) -> tuple[str, ...] | None:
        """The seats' given names of a stored 比赛 hand (its record keeps them); None for any other hand."""
        try:
            record = self.history.get_record(row.id)
        except Exception:  # noqa: BLE001 - an unreadable record: the list still names the seats by number
            return None
        return record_names(record) if record is not None else None

    def import_files(self) -> None:
        """Read every ``*.json`` in the replays folder; a damaged file is reported in one sentence and skipped."""
        self.messages = []
        try:
            paths = sorted(replays_dir().glob("*.json"))
        except OSError as exc:
            self.messages.append((tr("replay.bad_file", self.lang, name=self.folder, reason=str(exc)), RED))
            return
        files: list[Entry] = []
        bad: list[str] = []
        for path in paths:
            try:
                record = read_record_file(path)
            except RecordError as exc:
                # Moved aside (bytes kept) so that it is reported once, not at every import.
                try:
                    moved = quarantine(path, str(exc))
                except OSError:
                    bad.append(tr("replay.bad_file", self.lang, name=path.name, reason=str(exc)))
                else:
                    bad.append(
                        tr("replay.bad_file_moved", self.lang, name=path.name, reason=str(exc), moved=moved.name)
                    )
                continue
            game = game_name(str(record.get("rules", "")), self.lang)
            label = f"{tr('replay.file_row', self.lang, name=path.name)}   {game}"
            files.append(Entry(label, record=record, path=path))
        self.files = files
        self.list.scroll = 0
        if not paths:
            self.messages.append((tr("replay.import_none", self.lang), GREY))
        else:
            self.messages.append((tr("replay.imported", self.lang, n=len(files)), GREY))
        self.messages += [(b, RED) for b in bad[:3]]
        if len(bad) > 3:
            self.messages.append((tr("replay.more_bad", self.lang, n=len(bad) - 3), RED))

    def open(self, entry: Entry) -> ReplayScene | None:
        """Push the viewer for an entry (a match: list its hands); a record that does not replay is reported."""
        if entry.match is not None:
            self.show_match(entry.match)
            return None
        try:
            if entry.hand is not None:
                record = self.history.get_record(entry.hand.id)
                if record is None:
                    raise RecordError(f"hand {entry.hand.id} is no longer in the history")
                scene = ReplayScene(
                    self.app,
                    self.size,
                    self.lang,
                    record,
                    hand_id=entry.hand.id,
                    seats=entry.hand.seats,
                    hand_no=entry.hand.hand_no + 1,
                    autoplay=entry.hand.autoplay,
                )
            else:
                scene = ReplayScene(self.app, self.size, self.lang, entry.record)
        except Exception as exc:  # noqa: BLE001 - RecordError, or an engine that refuses a stored record
            self.messages = [(tr("replay.open_failed", self.lang, reason=str(exc)), RED)]
            return None
        self.app.push(scene)
        return scene

    # --- controls ---------------------------------------------------------------------------------------------------

    def _build_gui(self) -> None:
        ui = self.ui = ui_for(self.size)
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, str] = {}
        x0 = ui.margin
        height = int(ui.line() * 1.2)
        label = tr("replay.import", self.lang)
        views = [tr("replay.by_hand", self.lang), tr("replay.by_match", self.lang)]
        *view_rects, self.import_rect = ui.row([*views, label], w - x0, ui.px(24), right=True, height=height)
        back_label = tr("replay.back", self.lang)
        bottom = [back_label]
        if self.mode == "match":
            bottom.insert(0, tr("replay.match_result", self.lang))
        rects = ui.row(bottom, w - x0, h - height - ui.px(24), right=True, least=ui.px(120), height=height)
        self.bottom_bar = rects[0].top
        buttons = [(self.import_rect, "import", label), (rects[-1], "back", back_label)]
        buttons += list(zip(view_rects, ("hands", "matches"), views, strict=True))
        if self.mode == "match":
            buttons.append((rects[0], "result", bottom[0]))
        for rect, kind, text_ in buttons:
            button = pygame_gui.elements.UIButton(rect, text_, self.gui)
            if kind == self.mode or (kind == "matches" and self.mode == "match"):
                button.select()  # type: ignore[no-untyped-call]
            self.gui_buttons[button] = kind

    @property
    def rows(self) -> list[tuple[pygame.Rect, Entry]]:
        """The entries shown when last drawn, with their boxes."""
        return [(rect, row.key) for rect, row in self.list.shown]

    @property
    def scroll(self) -> int:
        """The first entry shown."""
        return self.list.scroll

    def button(self, kind: str) -> Any:
        """The pygame_gui button of ``kind`` (import, back)."""
        return next((b for b, k in self.gui_buttons.items() if k == kind), None)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for the new window size."""
        self.size = size
        self._build_gui()

    def back(self) -> None:
        """Back: from a match's hands to the matches, else to the title (closing the history this screen opened)."""
        if self.mode == "match":
            self.set_mode("matches")
            return
        if self._own_history:
            self.history.close()
        self.app.pop()

    def _list_rect(self) -> pygame.Rect:
        ui = self.ui
        w, h = self.size
        top = ui.px(24) + ui.line(ui.heading) + ui.gap + 2 * ui.line() + 2 * (ui.small + ui.px(6)) + ui.line(ui.small)
        bottom = self.bottom_bar - ui.gap - 4 * (ui.small + ui.px(4)) - ui.gap
        return pygame.Rect(ui.margin, top, w - 2 * ui.margin, bottom - top)

    def _list_heading(self) -> str:
        """The words over the list: the recent hands, the recent matches, or the match whose hands are listed."""
        if self.mode == "matches":
            return tr("replay.matches", self.lang)
        if self.mode == "match" and self.match is not None:
            when = when_text(self.match.started_at)
            return tr("replay.match_hands", self.lang, when=when, game=game_name(self.match.rules, self.lang))
        return tr("replay.recent", self.lang)

    def _rows(self) -> list[ListRow]:
        """The entries as list rows: an imported file in gold, a stored hand in white."""
        return [
            ListRow((e.label,), key=e, colour=GOLD if e.hand is None and e.match is None else WHITE)
            for e in self.entries()
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons, then the list (↑/↓, Page Up/Down, Home/End, the wheel; Enter or a click opens); Esc: back."""
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            kind = self.gui_buttons[event.ui_element]
            if kind == "import":
                if self.mode != "hands":
                    self.set_mode("hands")
                self.import_files()
            elif kind in ("hands", "matches"):
                self.set_mode(kind)
            elif kind == "result":
                self.open_result()
            else:
                self.back()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        else:
            self.list.set_rows(self._rows())
            chosen = self.list.handle_event(event)
            if chosen is not None:
                self.open(chosen.key)

    def update(self, dt: float) -> None:
        """Advance the buttons' hover and press animations."""
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the folder, the list, the messages and the key hint."""
        w, h = self.size
        ui = self.ui
        paint = self.paint
        paint.reset()
        surface.fill(FELT)
        size, small = ui.font, ui.small
        x0 = ui.margin
        y = ui.px(24)
        paint.text(surface, tr("replay.list_title", self.lang), ui.heading, GOLD, bold=True, topleft=(x0, y))
        y += ui.line(ui.heading) + ui.gap
        folder = tr("replay.folder", self.lang, path=self.folder)
        for img in wrap(folder, size, w - 2 * x0)[:2]:
            paint_image(paint, surface, img, folder, (x0, y))
            y += ui.line()
        for img in wrap(tr("replay.folder_hint", self.lang), small, w - 2 * x0, GREY)[:2]:
            paint_image(paint, surface, img, "hint", (x0, y))
            y += small + ui.px(6)
        rect = self._list_rect()
        paint.text(surface, self._list_heading(), small, GREY, bottomleft=(rect.left, rect.top - ui.px(4)))
        self.list.empty = tr("replay.no_matches" if self.mode == "matches" else "replay.none", self.lang)
        self.list.set_rows(self._rows())
        self.list.place(rect, ui)
        self.list.draw(surface, paint)
        y = rect.bottom + ui.gap
        # A message stops short of the back button.
        room = (self.button("back").rect.left if self.button("back") is not None else w - x0) - x0 - ui.gap
        for message, colour in self.messages[-4:]:
            for img in wrap(message, small, room, colour)[:1]:
                paint_image(paint, surface, img, message, (x0, y))
            y += small + ui.px(4)
        keys = "replay.matches_keys" if self.mode == "matches" else "replay.list_keys"
        paint.text(surface, tr(keys, self.lang), small, GREY, bottomleft=(x0, h - ui.px(12)))
        self.gui.draw_ui(surface)
