"""Replays: the list of recent hands (and imported record files); a chosen hand opens in the viewer
(:mod:`.replay_viewer`).

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
from ...store.history import HandRow, History, open_history
from ...store.paths import replays_dir
from ..scene import Scene
from ..ui.banner import localize
from ..ui.gui import manager
from ..ui.i18n import tr
from ..ui.names import person, say
from ..ui.palette import FELT, GOLD, GREY, WHITE
from ..ui.row_list import Column, ListRow, RowList
from ..ui.sizing import Painter, ui_for
from .replay_viewer import RED, ReplayScene, game_name, paint_image, record_names, wrap

MAX_FILE_BYTES = 5_000_000  # a record is a few KB; anything this big is not one


@dataclass
class Entry:
    """One line of the replays list: a stored hand or an imported record file."""

    label: str
    hand: HandRow | None = None
    record: dict[str, Any] | None = None  # an imported file's record
    path: Path | None = None


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
        """The list's entries: the imported files first, then the stored hands, newest first."""
        return [*self.files, *(Entry(self._hand_label(row), hand=row) for row in self.hands)]

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
        """Push the viewer for an entry; a record that does not replay is reported instead."""
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
        (self.import_rect,) = ui.row([label], w - x0, ui.px(24), right=True, height=height)
        back_label = tr("replay.back", self.lang)
        (back,) = ui.row([back_label], w - x0, h - height - ui.px(24), right=True, least=ui.px(120), height=height)
        self.bottom_bar = back.top
        for rect, kind, text_ in ((self.import_rect, "import", label), (back, "back", back_label)):
            self.gui_buttons[pygame_gui.elements.UIButton(rect, text_, self.gui)] = kind

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
        """Back to the title (closing the history this screen opened)."""
        if self._own_history:
            self.history.close()
        self.app.pop()

    def _list_rect(self) -> pygame.Rect:
        ui = self.ui
        w, h = self.size
        top = ui.px(24) + ui.line(ui.heading) + ui.gap + 2 * ui.line() + 2 * (ui.small + ui.px(6)) + ui.line(ui.small)
        bottom = self.bottom_bar - ui.gap - 4 * (ui.small + ui.px(4)) - ui.gap
        return pygame.Rect(ui.margin, top, w - 2 * ui.margin, bottom - top)

    def _rows(self) -> list[ListRow]:
        """The entries as list rows: an imported file in gold, a stored hand in white."""
        return [ListRow((e.label,), key=e, colour=GOLD if e.hand is None else WHITE) for e in self.entries()]

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons, then the list (↑/↓, Page Up/Down, Home/End, the wheel; Enter or a click opens); Esc: back."""
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            if self.gui_buttons[event.ui_element] == "import":
                self.import_files()
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
        paint.text(surface, tr("replay.recent", self.lang), small, GREY, bottomleft=(rect.left, rect.top - ui.px(4)))
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
        paint.text(surface, tr("replay.list_keys", self.lang), small, GREY, bottomleft=(x0, h - ui.px(12)))
        self.gui.draw_ui(surface)
