"""比赛: the competition screens. The setup (game, table size, entrants, rounds, hands, duplicate deals, past
competitions with the best finish) and the competition itself: the standings, this round's tables, the player's table
(the normal table scene) and the bot tables played headless in a worker process meanwhile.

Everything is saved to ``competition.json`` (store.competition) whenever a table is booked and after every action at
the player's table, so the title's 比赛 entry can continue it after a quit or a kill. The logic (seating, standings,
tie-breaks) is engine.tournament; this module only shows it and feeds it results.

Every size is laid out from the window height (1024x640 up to 3840x2160); keyboard: ↑/↓ move the gold frame, Space
changes or presses the framed row, Enter goes on, Esc goes back.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pygame

from ...competition.play import FIELD_LEVELS, BotTables, make_field
from ...competition.session import CompetitionSession
from ...engine.rules import get_rules
from ...engine.tournament import HUMAN, Tournament
from ...store.competition import CompetitionError, clear_competition, load_competition
from ...store.history import open_history
from ...store.settings import load_settings
from ..scene import Scene
from ..table.controller import Controller, GameConfig, SeatConfig
from ..table.persist import CompetitionPersistence, kept_at_table
from ..table.scene import TableScene
from ..table.state import TableState
from ..ui.banner import localize
from ..ui.fonts import font
from ..ui.i18n import tr
from ..ui.palette import FELT, GOLD, GREY, WHITE
from ..ui.row_list import Column, ListRow, RowList
from ..ui.sizing import Painter, ui_for
from ..ui.sound import Sound
from .settings import apply
from .tutorial import wrap

#: Entrants offered per table size (a multiple of the table size, at least two tables), and the default.
ENTRANTS = {2: (6, 8, 12), 3: (6, 9, 12), 4: (8, 12)}
DEFAULT_ENTRANTS = {2: 8, 3: 9, 4: 8}
ROUNDS = (2, 3, 4, 5)
HANDS = (1, 2, 4, 8)
RED = (255, 150, 150)


@dataclass
class Row:
    """A clickable row as last drawn: its box, its kind and the value it stands for."""

    rect: pygame.Rect
    kind: str
    key: Any = None


#: How many bot names the catalogs hold (``entrant.0`` ... ``entrant.11``).
CATALOG_NAMES = 12


def entrant_key(t: Tournament, entrant: int) -> str:
    """The bot entrant's name as a seat keeps it (names.given_name): the catalog key ``entrant.N`` for a bot named by
    its number (``make_field``), any other name as it is; "" for the human (whose seat is 你 / You)."""
    e = t.entrants[entrant]
    if e.level == HUMAN:
        return ""
    # ASCII digits only: "²".isdigit() is true, but int("²") fails.
    if e.name.isascii() and e.name.isdigit() and int(e.name) < CATALOG_NAMES:
        return f"entrant.{int(e.name)}"
    return e.name


def entrant_name(t: Tournament, entrant: int, lang: str) -> str:
    """The entrant's name in ``lang``: the catalog's name for a bot named by its number (``make_field``), the
    player's own word for the human, any other name as it is."""
    if t.entrants[entrant].level == HUMAN:
        return tr("seat.you", lang)
    key = entrant_key(t, entrant)
    return tr(key, lang) if key.startswith("entrant.") else key


def level_name(level: str, lang: str) -> str:
    """The bot level's word in ``lang`` (empty for the human entrant)."""
    return "" if level == HUMAN else tr(f"bot.{level}", lang)


class _Menu(Scene):
    """Rows drawn by hand, with a keyboard frame: the shared behaviour of both competition screens."""

    app: Any
    size: tuple[int, int]
    lang: str

    def _init_menu(self) -> None:
        self.rows: list[Row] = []
        self.focus: int | None = None
        self.scrolled: RowList | None = None  # the screen's list, scrolled by the wheel and Page Up/Down
        self.paint = Painter()  # what was drawn, for the layout check (tests/app/ui/test_sizing.py)

    def activate(self, row: Row) -> None:  # pragma: no cover - each screen defines it
        raise NotImplementedError

    def confirm(self) -> None:  # pragma: no cover - each screen defines it
        """Enter (or Return): the screen's main action."""
        raise NotImplementedError

    def back(self) -> None:  # pragma: no cover
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> None:
        """↑/↓/←/→ move the gold frame, Space presses the framed row, Enter goes on, Esc goes back; the wheel and
        Page Up/Down scroll the screen's list; a click presses a row."""
        scrolling = event.type == pygame.MOUSEWHEEL or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
        )
        if scrolling and self.scrolled is not None:
            self.scrolled.handle_event(event)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT) and self.rows:
                step = 1 if event.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1
                start = self.focus if self.focus is not None else (-1 if step > 0 else 0)
                self.focus = (start + step) % len(self.rows)
            elif event.key == pygame.K_SPACE and self.rows and self.focus is not None:
                self.activate(self.rows[min(self.focus, len(self.rows) - 1)])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
            elif event.key == pygame.K_ESCAPE:
                self.back()
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            for row in self.rows:
                if row.rect.collidepoint(event.pos):
                    self.activate(row)
                    return

    def _frame(self, surface: pygame.Surface) -> None:
        if self.focus is not None and self.rows:
            framed = self.rows[min(self.focus, len(self.rows) - 1)].rect
            pygame.draw.rect(surface, GOLD, framed.inflate(4, 4), width=2, border_radius=6)

    def row(self, kind: str, key: Any = None) -> Row | None:
        """The row of ``kind`` (and ``key``) as last drawn (for tests and keyboard play)."""
        return next((r for r in self.rows if r.kind == kind and (key is None or r.key == key)), None)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size


# ---------------------------------------------------------------------------------------------------------------------
# Setup.


class CompetitionSetupScene(_Menu):
    """比赛's setup: game, table size, entrants, rounds, hands, duplicate deals; start a new competition or
    continue the saved one; the past competitions and the best finish."""

    def __init__(self, app: Any, size: tuple[int, int], lang: str = "zh", *, notes: list[str] | None = None) -> None:
        """The setup with the player's default game, the saved competition (if any) and the past ones."""
        self.app = app
        self.size = size
        self.lang = lang
        self.notes = list(notes or [])
        self._init_menu()
        settings, _ = load_settings()
        self.rules = settings.default_rules
        self.table_size = get_rules(self.rules).default_players
        self.entrants = DEFAULT_ENTRANTS[self.table_size]
        self.rounds = 3
        self.hands = 4
        self.duplicate = False
        self.levels: tuple[str, ...] = FIELD_LEVELS  # the bot levels of the field (tests take the quick ones)
        self.seed: int | str | None = None  # None: a new seed each competition (tests fix one)
        self.saved, message = load_competition()
        if message:
            self.notes.append(message)
        self.child: Any = None
        self.past_list = RowList((Column(),))  # the past competitions, newest first
        self.scrolled = self.past_list
        self._read_past()

    def _read_past(self) -> None:

        self.past: list[Any] = []
        self.best: int | None = None
        try:
            with open_history() as history:
                self.past = history.competitions(limit=8)
                self.best = history.best_finish()
        except Exception as exc:  # noqa: BLE001 - the record is a convenience; the screen still opens
            self.notes.append(str(exc))

    # --- choices ----------------------------------------------------------------------------------------------------

    def activate(self, row: Row) -> None:
        """A click on (or Space at) a row: change that choice, or start, continue or go back."""
        if row.kind == "game":
            self.rules = row.key
            self.table_size = get_rules(self.rules).default_players
            self.entrants = DEFAULT_ENTRANTS[self.table_size]
        elif row.kind == "table_size":
            self.table_size = row.key
            self.entrants = DEFAULT_ENTRANTS[self.table_size]
        elif row.kind == "entrants":
            self.entrants = row.key
        elif row.kind == "rounds":
            self.rounds = row.key
        elif row.kind == "hands":
            self.hands = row.key
        elif row.kind == "duplicate":
            self.duplicate = not self.duplicate
        elif row.kind == "start":
            self.start()
        elif row.kind == "continue":
            self.resume()
        elif row.kind == "back":
            self.back()

    def confirm(self) -> None:
        """Enter: continue the saved competition, or start a new one."""
        if self.saved is not None:
            self.resume()
        else:
            self.start()

    def back(self) -> None:
        """Back to the title."""
        self.app.pop()

    def start(self, *, seed: int | str | None = None, inline: bool = False) -> CompetitionScene:
        """A new competition (a saved one is given up); ``inline`` plays the bot tables in this process (tests)."""

        clear_competition()
        if seed is None:
            seed = self.seed if self.seed is not None else int(time.time() * 1000) % 1_000_000_007
        t = Tournament(
            self.rules,
            self.table_size,
            make_field(self.entrants, self.levels),
            self.rounds,
            self.hands,
            seed,
            self.duplicate,
        )
        scene = CompetitionScene(self.app, self.size, self.lang, CompetitionSession(t, inline=inline))
        self.saved = None
        self._push(scene)
        return scene

    def resume(self, *, inline: bool = False) -> CompetitionScene | None:
        """Continue the saved competition (None, with a note, when its save is damaged)."""
        if self.saved is None:
            return None
        try:
            scene = CompetitionScene.from_state(self.app, self.size, self.lang, self.saved, inline=inline)
        except CompetitionError as exc:
            self.notes.append(str(exc))
            self.saved = None
            return None
        self.saved = None
        self._push(scene)
        return scene

    def _push(self, scene: Any) -> None:
        self.child = scene
        self.app.push(scene)

    def update(self, dt: float) -> None:
        """Back from a competition: read the past competitions and the save again."""
        if self.child is not None and (not self.app.scenes or self.app.scenes[-1] is self):
            self.child = None  # back from the competition: the record may have grown
            self._read_past()

            self.saved, _ = load_competition()

    # --- drawing ----------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The choices, the past competitions and the best finish, the actions and the notes."""
        ui = ui_for(self.size)
        paint = self.paint
        paint.reset()
        w, h = self.size
        surface.fill(FELT)
        self.rows = []
        size, line, gap = ui.font, ui.line(), ui.gap
        x0 = ui.margin
        y = ui.px(24)
        paint.text(surface, tr("comp.title", self.lang), ui.heading, GOLD, bold=True, topleft=(x0, y))
        y += ui.line(ui.heading) + gap
        heads = [tr(k, self.lang) for k in ("setup.game", "comp.table_size", "comp.entrants", "comp.rounds")]
        heads.append(tr("comp.hands", self.lang))
        left = x0 + max(ui.text_w(s) for s in heads) + 2 * gap
        right_edge = left

        def choice_row(head: str, kind: str, values: tuple[Any, ...], current: Any, names: dict[Any, str]) -> None:
            nonlocal y, right_edge
            paint.text(surface, head, size, WHITE, midleft=(x0, y + line // 2))
            labels = [names.get(v, str(v)) for v in values]
            for value, label, r in zip(values, labels, ui.row(labels, left, y, least=ui.px(56)), strict=True):
                paint.button(surface, r, label, size, selected=value == current, bold=value == current, pad=ui.pad)
                self.rows.append(Row(r, kind, value))
                right_edge = max(right_edge, r.right)
            y += line + gap

        games = ("guilin", "bohu")
        choice_row(heads[0], "game", games, self.rules, {g: tr(f"game.{g}", self.lang) for g in games})
        choice_row(heads[1], "table_size", get_rules(self.rules).players, self.table_size, {})
        choice_row(heads[2], "entrants", ENTRANTS[self.table_size], self.entrants, {})
        choice_row(heads[3], "rounds", ROUNDS, self.rounds, {})
        choice_row(heads[4], "hands", HANDS, self.hands, {})
        label = tr("comp.duplicate", self.lang)
        dup = pygame.Rect(left, y, ui.button_w(label), line)
        paint.button(surface, dup, label, size, selected=self.duplicate, pad=ui.pad)
        self.rows.append(Row(dup, "duplicate"))
        right_edge = max(right_edge, dup.right)
        y += line + gap
        for part in wrap(tr("comp.field", self.lang), font(ui.small), w - 2 * x0):
            paint.text(surface, part, ui.small, GREY, topleft=(x0, y))
            y += font(ui.small).get_linesize()
        y += gap
        # The actions, bottom right.
        actions = ["start", *(["continue"] if self.saved is not None else []), "back"]
        labels = [tr(f"comp.{kind}", self.lang) for kind in actions]
        bottom = h - ui.px(24) - line
        for kind, label, r in zip(actions, labels, ui.row(labels, w - x0, bottom, right=True), strict=True):
            paint.button(surface, r, label, size, selected=kind == "continue", bold=kind == "continue", pad=ui.pad)
            self.rows.append(Row(r, kind))
        self._draw_past(surface, ui, right_edge + 3 * gap, ui.px(24) + ui.line(ui.heading) + gap, y, bottom)
        self._frame(surface)
        # The last two notes (a store's notice in the player's language), each wrapped on up to two lines.
        lines = [
            part for note in self.notes[-2:] for part in wrap(localize(note, self.lang), font(ui.small), w - 2 * x0)[:2]
        ]
        ny = bottom - gap - len(lines) * font(ui.small).get_linesize()
        for part in lines:
            paint.text(surface, part, ui.small, RED, topleft=(x0, ny))
            ny += font(ui.small).get_linesize()

    def _past_lines(self) -> list[str]:
        out = []
        for c in self.past:
            result = tr("comp.place", self.lang, n=c.finish) if c.finish else tr("comp.unfinished", self.lang)
            out.append(
                tr(
                    "comp.past_line",
                    self.lang,
                    date=c.started_at[:10],
                    game=tr(f"game.{c.rules}", self.lang),
                    entrants=c.entrants,
                    result=result,
                )
            )
        return out

    def _draw_past(self, surface: pygame.Surface, ui: Any, x: int, top: int, below: int, bottom: int) -> None:
        """Past competitions (newest first) and the best finish: right of the choices, or below them when narrow."""
        w, _ = self.size
        best = tr("comp.best", self.lang, n=self.best) if self.best is not None else tr("comp.none_yet", self.lang)
        lines = self._past_lines()
        width = max(ui.text_w(s, ui.small) for s in [best, tr("comp.past", self.lang), *lines])
        y = top
        if x + width > w - ui.margin:
            x, y = ui.margin, below
        step = font(ui.small).get_linesize() + ui.px(2)
        self.paint.text(surface, tr("comp.past", self.lang), ui.font, GOLD, bold=True, topleft=(x, y))
        y += ui.line()
        self.paint.text(surface, best, ui.small, WHITE, topleft=(x, y))
        y += step + ui.px(4)
        past = self.past_list
        past.set_rows([ListRow((line,), colour=GREY) for line in lines])
        past.place(pygame.Rect(x - ui.gap, y, width + 2 * ui.gap, max(step, bottom - ui.gap * 3 - y)), ui, ui.small)
        past.draw(surface, self.paint)


# ---------------------------------------------------------------------------------------------------------------------
# The competition.


class CompetitionScene(_Menu):
    """The competition under way: the standings and this round's tables, the player's table opened over it (the
    normal table scene), and the way on (next round, final). The session does the booking; this screen shows it."""

    def __init__(self, app: Any, size: tuple[int, int], lang: str, session: CompetitionSession) -> None:
        """The competition of ``session``, shown over the setup screen."""
        self.app = app
        self.size = size
        self.lang = lang
        self.session = session
        self.child: Any = None
        self.controller: Controller | None = None
        self._init_menu()
        self.standings = RowList((), fit=True)  # the entrants, best first
        self.scrolled = self.standings

    @classmethod
    def from_state(
        cls, app: Any, size: tuple[int, int], lang: str, state: dict[str, Any], *, inline: bool = False
    ) -> CompetitionScene:
        """The saved competition, shown; a damaged save raises ``CompetitionError``."""
        return cls(app, size, lang, CompetitionSession.from_state(state, inline=inline))

    @property
    def t(self) -> Tournament:
        """The tournament (seating, results, standings)."""
        return self.session.t

    @property
    def notes(self) -> list[str]:
        """What failed (a save, the history, a bot table), newest last."""
        return self.session.notes

    @property
    def bots(self) -> BotTables:
        """The bot tables' worker."""
        return self.session.bots

    @property
    def table_state(self) -> dict[str, Any] | None:
        """The player's match in progress, as saved (None before the player sat down this round)."""
        return self.session.table_state

    @property
    def phase(self) -> str:
        """final | standings (the round is complete) | waiting (for the bot tables) | play (the player's table)."""
        return self.session.phase

    def take_seat(self, *, inline_bots: bool = False) -> Controller:
        """Sit down at the player's table (or go back to it): the normal table scene over this screen."""
        t = self.t
        seating = self.session.seating()
        # Each bot seat shows its entrant's name, as the standings do (the player's own seat stays 你 / You).
        seats = [
            SeatConfig(t.entrants[e].level, entrant_name(t, e, self.lang), entrant=entrant_key(t, e))
            for e in seating.entrants
        ]
        config = GameConfig(
            rules=t.rules,
            players=t.table_size,
            seats=seats,
            options=dict(t.options),
            seed=seating.seed,
            hands=t.hands,
        )
        persistence = CompetitionPersistence(self.session, match_id=seating.match_id)
        # A resumed table comes back as the player left it, as an ordinary table's resume does: their own columns,
        # the hint mark and 托管, from the competition save's table (checked there as the autosave's are).
        kept = (
            kept_at_table(self.table_state, [s.kind for s in seats], seating.resume[1])
            if seating.resume is not None and self.table_state is not None
            else {}
        )
        controller = Controller(config, inline_bots=inline_bots, persistence=persistence, resume=seating.resume, **kept)
        self.controller = controller
        settings, _ = load_settings()
        apply(settings)
        scene = TableScene(
            controller,
            self.size,
            lang=self.lang,
            speed=settings.animation_speed,
            on_exit=self._table_closed,
            sound=Sound.from_settings(settings),
            on_match_end=self._table_over,
        )
        self.child = scene
        self.app.push(scene)
        return controller

    def _table_closed(self) -> None:
        self.app.pop()
        self.child = None
        self.controller = None

    def _table_over(self, table: TableState) -> None:
        """The round's match is over (booked in the competition): its result screen, then Enter / Esc to the
        standings (this screen)."""
        from .match_result import MatchResultScene, result_of

        view = result_of(table.controller)
        result = MatchResultScene(
            self.app, table.size, self.lang, view, on_close=self._table_closed, close_label="match.to_standings"
        )
        self.app.replace(result)

    # --- input --------------------------------------------------------------------------------------------------

    def activate(self, row: Row) -> None:
        """A click on (or Space at) a row: go on, or back."""
        if row.kind == "go":
            self.confirm()
        elif row.kind == "back":
            self.back()

    def confirm(self) -> None:
        """Enter: sit down at the player's table, seat the next round, or leave the final standings."""
        phase = self.phase
        if phase == "play":
            self.take_seat()
        elif phase == "standings":
            self.session.next_round()
        elif phase == "final":
            self.back()

    def back(self) -> None:
        """Back to the competition setup (the competition stays saved unless it is over)."""
        self.session.close()
        self.app.pop()

    def update(self, dt: float) -> None:
        """Book the bot tables that finished (not while the player's table is open over this screen)."""
        if self.child is None:
            self.session.poll()

    # --- drawing --------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The title and round, the standings (排名), this round's tables, the status, the actions."""
        ui = ui_for(self.size)
        paint = self.paint
        paint.reset()
        w, h = self.size
        surface.fill(FELT)
        self.rows = []
        t = self.t
        x0 = ui.margin
        y = ui.px(20)
        gap = ui.gap
        round_no = len(t.tables)
        title = f"{tr('comp.title', self.lang)} · {tr(f'game.{t.rules}', self.lang)}   "
        title += tr("comp.round_of", self.lang, n=round_no, total=t.rounds)
        paint.text(surface, title, ui.heading, GOLD, bold=True, topleft=(x0, y))
        y += ui.line(ui.heading)
        phase = self.phase
        if phase == "final":
            heading = tr("comp.final", self.lang)
        elif t.rounds_done:
            heading = tr("comp.after_round", self.lang, n=t.rounds_done)
        else:
            heading = tr("comp.standings", self.lang)
        paint.text(surface, heading, ui.font, GOLD, bold=True, topleft=(x0, y))
        y += ui.line()
        # The actions and the key hint at the bottom; the status line above them.
        line = ui.line()
        bottom = h - ui.px(16) - line
        go = {
            "play": "comp.back_to_table" if self.table_state is not None else "comp.take_seat",
            "standings": "comp.next_round",
            "final": "comp.finish",
        }.get(phase)
        kinds = (["go"] if go is not None else []) + ["back"]
        labels = ([tr(go, self.lang)] if go is not None else []) + [tr("comp.back", self.lang)]
        for kind, label, r in zip(kinds, labels, ui.row(labels, w - x0, bottom, right=True), strict=True):
            paint.button(surface, r, label, ui.font, selected=kind == "go", bold=kind == "go", pad=ui.pad)
            self.rows.append(Row(r, kind))
        paint.text(surface, tr("comp.keys", self.lang), ui.small, GREY, midleft=(x0, bottom + line // 2))
        status = ""
        if phase == "final":
            human = t.human()
            rank = t.finish(human) if human is not None else None
            status = tr("comp.you_finished", self.lang, n=rank, total=len(t.entrants)) if rank else ""
        elif phase == "waiting":
            done = len(t.round_results(round_no))
            status = tr("comp.waiting", self.lang) + "  "
            status += tr("comp.tables_done", self.lang, done=done, total=len(t.tables[-1]))
        status_y = bottom - gap - ui.line()
        if status:
            paint.text(surface, status, ui.font, GOLD if phase == "final" else WHITE, bold=True, topleft=(x0, status_y))
        notes = self.notes[-2:]
        for i, note in enumerate(notes):
            ny = status_y - (len(notes) - i) * font(ui.small).get_linesize()
            paint.text(surface, wrap(note, font(ui.small), w - 2 * x0)[0], ui.small, RED, topleft=(x0, ny))
        area_bottom = status_y - gap - len(notes) * font(ui.small).get_linesize()
        split = x0 + int((w - 2 * x0) * 0.62)
        self._draw_standings(surface, ui, pygame.Rect(x0, y, split - x0 - 2 * gap, area_bottom - y))
        self._draw_tables(surface, ui, pygame.Rect(split, y, w - x0 - split, area_bottom - y))
        self._frame(surface)

    def _draw_standings(self, surface: pygame.Surface, ui: Any, rect: pygame.Rect) -> None:
        """Rank, name, level, points, hands won: the columns measured from their texts, the font as large as fits,
        the player's row marked."""
        t = self.t
        human = t.human()
        heads = [tr(k, self.lang) for k in ("comp.rank", "comp.name", "comp.level", "comp.points", "comp.hands_won")]
        # The figures (points, hands won) line up on the right.
        self.standings.columns = tuple(Column(h, align="right" if i >= 3 else "left") for i, h in enumerate(heads))
        rows = [
            ListRow(
                (
                    str(s.rank),
                    entrant_name(t, s.entrant, self.lang),
                    level_name(t.entrants[s.entrant].level, self.lang),
                    f"{s.points:+d}",
                    str(s.hands_won),
                ),
                key=s.entrant,
                colour=GOLD if s.entrant == human else WHITE,
                marked=s.entrant == human,
            )
            for s in t.standings()
        ]
        self.standings.set_rows(rows)
        self.standings.place(rect, ui)
        self.standings.draw(surface, self.paint)

    def _draw_tables(self, surface: pygame.Surface, ui: Any, rect: pygame.Rect) -> None:
        """This round's tables: who sits where, and each finished table's points."""
        t = self.t
        if not t.tables:
            return
        round_no = len(t.tables)
        self.paint.text(surface, tr("comp.seats", self.lang), ui.font, GOLD, bold=True, topleft=rect.topleft)
        results = {r.table: r for r in t.round_results(round_no)}
        human_table = t.human_table(round_no)
        tables = t.tables[-1]
        lines = len(tables) * (t.table_size + 1)
        room = rect.height - ui.line()
        for size in range(ui.small, 9, -1):
            step = font(size).get_linesize()
            if step * lines + ui.px(4) * len(tables) <= room:
                break
        # Two columns of tables when one does not fit even at the smallest size.
        cols = 1 if step * lines + ui.px(4) * len(tables) <= room else 2
        per_col = -(-len(tables) // cols)
        col_w = rect.width // cols
        for i, seated in enumerate(tables):
            col, row = divmod(i, per_col)
            x = rect.left + col * col_w
            y = rect.top + ui.line() + row * (step * (t.table_size + 1) + ui.px(4))
            mine = i == human_table
            label = tr("comp.table_n", self.lang, n=i + 1)
            if mine:
                label += f"  ({tr('comp.your_table', self.lang)})"
            self.paint.text(surface, label, size, GOLD if mine else WHITE, bold=mine, topleft=(x, y))
            for seat, e in enumerate(seated):
                y += step
                pts = f"  {results[i].points[seat]:+d}" if i in results else ""
                name = entrant_name(t, e, self.lang) + pts
                self.paint.text(surface, name, size, GREY, topleft=(x + ui.gap * 2, y))
