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

import contextlib
from dataclasses import dataclass
from typing import Any

import pygame

from ...competition.play import FIELD_LEVELS, BotTables, make_field
from ...engine.rules import get_rules
from ...engine.tournament import HUMAN, TableResult, Tournament
from ...store.autosave import match_state
from ..scene import Scene
from ..table.controller import Controller, GameConfig, SeatConfig
from ..table.persist import Persistence
from ..ui.banner import localize
from ..ui.fonts import font
from ..ui.i18n import tr
from ..ui.palette import FELT, GOLD, GREY, WHITE
from ..ui.sizing import Painter, ui_for
from .tutorial import wrap

#: Entrants offered per table size (a multiple of the table size, at least two tables), and the default.
ENTRANTS = {2: (6, 8, 12), 3: (6, 9, 12), 4: (8, 12)}
DEFAULT_ENTRANTS = {2: 8, 3: 9, 4: 8}
ROUNDS = (2, 3, 4, 5)
HANDS = (1, 2, 4, 8)
RED = (255, 150, 150)


@dataclass
class Row:
    rect: pygame.Rect
    kind: str
    key: Any = None


#: How many bot names the catalogs hold (``entrant.0`` ... ``entrant.11``).
CATALOG_NAMES = 12


def entrant_name(t: Tournament, entrant: int, lang: str) -> str:
    """The entrant's name in ``lang``: the catalog's name for a bot named by its number (``make_field``), the
    player's own word for the human, any other name as it is."""
    e = t.entrants[entrant]
    if e.level == HUMAN:
        return tr("seat.you", lang)
    # ASCII digits only: "²".isdigit() is true, but int("²") fails.
    if e.name.isascii() and e.name.isdigit() and int(e.name) < CATALOG_NAMES:
        return tr(f"entrant.{int(e.name)}", lang)
    return e.name


def level_name(level: str, lang: str) -> str:
    return "" if level == HUMAN else tr(f"bot.{level}", lang)


class _Menu(Scene):
    """Rows drawn by hand, with a keyboard frame: the shared behaviour of both competition screens."""

    app: Any
    size: tuple[int, int]
    lang: str

    def _init_menu(self) -> None:
        self.rows: list[Row] = []
        self.focus: int | None = None
        self.paint = Painter()  # what was drawn, for the layout check (tests/app/test_sizing.py)

    def activate(self, row: Row) -> None:  # pragma: no cover - each screen defines it
        raise NotImplementedError

    def confirm(self) -> None:  # pragma: no cover - each screen defines it
        """Enter (or Return): the screen's main action."""
        raise NotImplementedError

    def back(self) -> None:  # pragma: no cover
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
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
    def __init__(self, app: Any, size: tuple[int, int], lang: str = "zh", *, notes: list[str] | None = None) -> None:
        from ...store.competition import load_competition
        from ...store.settings import load_settings

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
        self._read_past()

    def _read_past(self) -> None:
        from ...store.history import open_history

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
        if self.saved is not None:
            self.resume()
        else:
            self.start()

    def back(self) -> None:
        self.app.pop()

    def start(self, *, seed: int | str | None = None, inline: bool = False) -> CompetitionScene:
        """A new competition (a saved one is given up); ``inline`` plays the bot tables in this process (tests)."""
        import time

        from ...store.competition import clear_competition

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
        scene = CompetitionScene(self.app, self.size, self.lang, t, inline=inline)
        self.saved = None
        self._push(scene)
        return scene

    def resume(self, *, inline: bool = False) -> CompetitionScene | None:
        from ...store.competition import CompetitionError

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
        if self.child is not None and (not self.app.scenes or self.app.scenes[-1] is self):
            self.child = None  # back from the competition: the record may have grown
            self._read_past()
            from ...store.competition import load_competition

            self.saved, _ = load_competition()

    # --- drawing ----------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
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
        for line in lines:
            if y + step > bottom - ui.gap * 3:
                break
            self.paint.text(surface, line, ui.small, GREY, topleft=(x, y))
            y += step


# ---------------------------------------------------------------------------------------------------------------------
# The competition.


class CompetitionPersistence(Persistence):
    """The player's table in a competition: its hands go to the history like any match, its state into the
    competition save (never the plain autosave), and the finished match is booked as the table's result."""

    def __init__(self, scene: CompetitionScene, *, match_id: int | None = None) -> None:
        super().__init__(match_id=match_id)
        self.scene = scene

    def after_action(self, controller: Controller) -> None:
        try:
            state = match_state(controller.match, self._seats(controller), controller.game)
            state["history_match"] = self.match_id
            result = controller.game.result
            if result is not None:  # the hand's winner is saved with the finished hand, so a kill cannot lose it
                self.scene.table_wins[str(controller.match.played)] = result.winner
            self.scene.table_state = state
            self.scene.save()
        except Exception as exc:  # noqa: BLE001 - a failed save must not end the game; the last good one stays
            self.messages.append(f"autosave failed: {exc}")

    def match_finished(self, controller: Controller) -> None:
        try:
            if self.match_id is not None:
                self.history.finish_match(self.match_id, controller.match.totals)
        except Exception as exc:  # noqa: BLE001
            self.messages.append(f"history not recorded: {exc}")
        self.scene.book_table(controller)


class CompetitionScene(_Menu):
    def __init__(
        self,
        app: Any,
        size: tuple[int, int],
        lang: str,
        tournament: Tournament,
        *,
        table: dict[str, Any] | None = None,
        table_wins: dict[str, int | None] | None = None,
        competition_id: int | None = None,
        inline: bool = False,
    ) -> None:
        self.app = app
        self.size = size
        self.lang = lang
        self.t = tournament
        self.table_state = table
        self.table_wins: dict[str, int | None] = dict(table_wins or {})
        self.competition_id = competition_id
        self.inline = inline
        self.notes: list[str] = []
        self.child: Any = None
        self.controller: Controller | None = None
        self.finished_booked = False
        self.bots = BotTables()
        self._init_menu()
        if competition_id is None:
            self._record_start()
        if not self.t.tables:
            self.t.start_round()
        self.save()
        self._run_bots()

    @classmethod
    def from_state(
        cls, app: Any, size: tuple[int, int], lang: str, state: dict[str, Any], *, inline: bool = False
    ) -> CompetitionScene:
        from ...store.competition import restore_competition

        t, _table = restore_competition(state)
        wins = state.get("table_wins")
        cid = state.get("history_competition")
        return cls(
            app,
            size,
            lang,
            t,
            table=state.get("table"),
            table_wins=wins if isinstance(wins, dict) else None,
            competition_id=cid if isinstance(cid, int) else None,
            inline=inline,
        )

    # --- the store ----------------------------------------------------------------------------------------------

    def _record_start(self) -> None:
        from ...store.history import open_history

        t = self.t
        try:
            with open_history() as history:
                self.competition_id = history.start_competition(
                    t.rules, t.table_size, len(t.entrants), t.rounds, t.hands, duplicate=t.duplicate, seed=t.seed
                )
        except Exception as exc:  # noqa: BLE001 - the record is a convenience; the competition goes on
            self.notes.append(f"history not recorded: {exc}")

    def save(self) -> None:
        """Write the competition save (atomic): the tournament, the player's table in progress and its winners."""
        from ...store.competition import clear_competition, competition_state, save_competition

        try:
            if self.t.over:
                clear_competition()
                return
            state = competition_state(self.t, self.table_state, self.competition_id)
            state["table_wins"] = self.table_wins
            save_competition(state)
        except Exception as exc:  # noqa: BLE001 - a failed save must not stop the competition
            self.notes.append(f"autosave failed: {exc}")

    def _book_finish(self) -> None:
        """The competition is over: the player's rank goes to the record (once)."""
        from ...store.history import open_history

        if self.finished_booked or not self.t.over:
            return
        self.finished_booked = True
        human = self.t.human()
        final = self.t.standings()
        mine = next((s for s in final if s.entrant == human), None)
        if self.competition_id is None or mine is None:
            return
        standings = [
            {"rank": s.rank, "entrant": s.entrant, "level": self.t.entrants[s.entrant].level, "points": s.points}
            for s in final
        ]
        try:
            with open_history() as history:
                history.finish_competition(self.competition_id, mine.rank, mine.points, mine.hands_won, standings)
        except Exception as exc:  # noqa: BLE001
            self.notes.append(f"history not recorded: {exc}")

    # --- tables -------------------------------------------------------------------------------------------------

    def _run_bots(self) -> None:
        """Start this round's bot tables (a worker process; ``inline``: here and now, for repeatable tests)."""
        if self.t.over:
            return
        if self.inline:
            from ...competition.play import play_bot_table

            human_table = self.t.human_table()
            for table in self.t.pending():
                if table != human_table:
                    self.t.record(play_bot_table(self.t, len(self.t.tables), table))
            self.save()
        else:
            self.bots.submit(self.t)

    def book_table(self, controller: Controller) -> None:
        """The player's table finished its match: book it like any table."""
        round_no = len(self.t.tables)
        table = self.t.human_table(round_no)
        if table is None or table not in self.t.pending():
            return
        seated = self.t.tables[round_no - 1][table]
        won = [0] * len(seated)
        for winner in self.table_wins.values():
            if winner is not None and 0 <= winner < len(seated):
                won[winner] += 1
        self.t.record(TableResult(round_no, table, seated, tuple(controller.match.totals), tuple(won)))
        self.table_state = None
        self.table_wins = {}
        self.save()
        self._book_finish()

    @property
    def phase(self) -> str:
        """final | standings (the round is complete) | waiting (for the bot tables) | play (the player's table)."""
        if self.t.over:
            return "final"
        round_no = len(self.t.tables)
        if self.t.round_complete(round_no):
            return "standings"
        if self.t.human_table(round_no) not in self.t.pending():
            return "waiting"
        return "play"

    def take_seat(self, *, inline_bots: bool = False) -> Controller:
        """Sit down at the player's table (or go back to it): the normal table scene over this screen."""
        from ...store.autosave import restore
        from ...store.settings import load_settings
        from ..table.scene import TableScene
        from ..ui.sound import Sound
        from .settings import apply

        t = self.t
        round_no = len(t.tables)
        table = t.human_table(round_no)
        assert table is not None
        seated = t.tables[round_no - 1][table]
        seats = [SeatConfig(t.entrants[e].level, entrant_name(t, e, self.lang)) for e in seated]
        config = GameConfig(
            rules=t.rules,
            players=t.table_size,
            seats=seats,
            options=dict(t.options),
            seed=t.seed_of(round_no, table),
            hands=t.hands,
        )
        resume = None
        match_id = None
        if self.table_state is not None:
            match, _seats, game = restore(self.table_state)
            resume = (match, game)
            previous = self.table_state.get("history_match")
            match_id = previous if isinstance(previous, int) else None
        persistence = CompetitionPersistence(self, match_id=match_id)
        controller = Controller(config, inline_bots=inline_bots, persistence=persistence, resume=resume)
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
        )
        self.child = scene
        self.app.push(scene)
        return controller

    def _table_closed(self) -> None:
        self.app.pop()
        self.child = None
        self.controller = None

    # --- input --------------------------------------------------------------------------------------------------

    def activate(self, row: Row) -> None:
        if row.kind == "go":
            self.confirm()
        elif row.kind == "back":
            self.back()

    def confirm(self) -> None:
        phase = self.phase
        if phase == "play":
            self.take_seat()
        elif phase == "standings":
            self.t.start_round()
            self.save()
            self._run_bots()
        elif phase == "final":
            self.back()

    def back(self) -> None:
        """Back to the competition setup (the competition stays saved unless it is over)."""
        self.bots.close()
        self.app.pop()

    def update(self, dt: float) -> None:
        if self.child is not None:
            return
        try:
            finished = self.bots.poll()
        except Exception as exc:  # noqa: BLE001 - a failed bot table is shown, and played again here
            self.notes.append(f"{type(exc).__name__}: {exc}")
            self.bots.close()
            self.bots = BotTables()
            self.inline = True
            self._run_bots()
            return
        for result in finished:
            with contextlib.suppress(ValueError):  # already booked (a resumed round): keep the first booking
                self.t.record(result)
        if finished:
            self.save()
            self._book_finish()
        if not self.inline and not self.bots.busy and not self.t.over:
            self.bots.submit(self.t)  # a resumed round: the tables not booked before the quit

    # --- drawing --------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
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
        """Rank, name, level, points, hands won: the columns measured from their texts, the font as large as fits."""
        t = self.t
        human = t.human()
        heads = [tr(k, self.lang) for k in ("comp.rank", "comp.name", "comp.level", "comp.points", "comp.hands_won")]
        rows = [
            [
                str(s.rank),
                entrant_name(t, s.entrant, self.lang),
                level_name(t.entrants[s.entrant].level, self.lang),
                f"{s.points:+d}",
                str(s.hands_won),
            ]
            for s in t.standings()
        ]
        ranked = [s.entrant for s in t.standings()]
        for size in range(ui.font, 9, -1):
            f = font(size)
            step = f.get_linesize() + ui.px(3)
            widths = [max(f.size(r[c])[0] for r in [heads, *rows]) + 2 * ui.gap for c in range(5)]
            if step * (len(rows) + 1) <= rect.height and sum(widths) <= rect.width:
                break
        spare = max(0, rect.width - sum(widths)) // 5
        xs = [rect.left]
        for width in widths[:-1]:
            xs.append(xs[-1] + width + spare)
        for x, head in zip(xs, heads, strict=True):
            self.paint.text(surface, head, size, GREY, topleft=(x, rect.top))
        y = rect.top + step
        pygame.draw.line(surface, GREY, (rect.left, y - ui.px(2)), (rect.right, y - ui.px(2)), max(1, ui.px(1)))
        for entrant, cells in zip(ranked, rows, strict=True):
            you = entrant == human
            if you:
                pygame.draw.rect(surface, (40, 90, 64), pygame.Rect(rect.left, y, rect.width, step))
            for x, cell in zip(xs, cells, strict=True):
                self.paint.text(surface, cell, size, GOLD if you else WHITE, bold=you, topleft=(x, y + ui.px(1)))
            y += step

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
