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

from ..competition.play import FIELD_LEVELS, BotTables, make_field
from ..engine.rules import get_rules
from ..engine.tournament import HUMAN, TableResult, Tournament
from ..store.autosave import match_state
from .controller import Controller, GameConfig, SeatConfig
from .fonts import text
from .i18n import tr
from .palette import FELT, GOLD, GREY, PANEL, WHITE
from .persist import Persistence

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


def entrant_name(t: Tournament, entrant: int, lang: str) -> str:
    e = t.entrants[entrant]
    if e.level == HUMAN:
        return tr("seat.you", lang)
    return tr(f"entrant.{e.name}", lang) if e.name.isdigit() and int(e.name) < 12 else e.name


def level_name(level: str, lang: str) -> str:
    return "" if level == HUMAN else tr(f"bot.{level}", lang)


def _button(surface: pygame.Surface, rect: pygame.Rect, label: str, selected: bool, size: int) -> None:
    pygame.draw.rect(surface, (60, 110, 80) if selected else PANEL, rect, border_radius=6)
    pygame.draw.rect(surface, GOLD if selected else GREY, rect, width=1, border_radius=6)
    img = text(label, size, WHITE, bold=selected)
    if img.get_width() > rect.width - 8:  # never spill out of the button: shrink the label to fit
        scale = (rect.width - 8) / img.get_width()
        img = pygame.transform.smoothscale(img, (rect.width - 8, max(1, int(img.get_height() * scale))))
    surface.blit(img, img.get_rect(center=rect.center))


class _Menu:
    """Rows drawn by hand, with a keyboard frame: the shared behaviour of both competition screens."""

    app: Any
    size: tuple[int, int]
    lang: str

    def _init_menu(self) -> None:
        self.rows: list[Row] = []
        self.focus: int | None = None

    def activate(self, row: Row) -> None:  # pragma: no cover - each screen defines it
        raise NotImplementedError

    def enter(self) -> None:  # pragma: no cover
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
                self.enter()
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
            pygame.draw.rect(surface, GOLD, framed.inflate(6, 6), width=2, border_radius=7)

    def row(self, kind: str, key: Any = None) -> Row | None:
        """The row of ``kind`` (and ``key``) as last drawn (for tests and keyboard play)."""
        return next((r for r in self.rows if r.kind == kind and (key is None or r.key == key)), None)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size


# ---------------------------------------------------------------------------------------------------------------------
# Setup.


class CompetitionSetupScene(_Menu):
    def __init__(self, app: Any, size: tuple[int, int], lang: str = "zh", *, notes: list[str] | None = None) -> None:
        from ..store.competition import load_competition
        from ..store.settings import load_settings

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
        from ..store.history import open_history

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

    def enter(self) -> None:
        if self.saved is not None:
            self.resume()
        else:
            self.start()

    def back(self) -> None:
        self.app.pop()

    def start(self, *, seed: int | str | None = None, inline: bool = False) -> CompetitionScene:
        """A new competition (a saved one is given up); ``inline`` plays the bot tables in this process (tests)."""
        import time

        from ..store.competition import clear_competition

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
        from ..store.competition import CompetitionError

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
            from ..store.competition import load_competition

            self.saved, _ = load_competition()

    # --- drawing ----------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(FELT)
        self.rows = []
        size = max(12, h // 36)
        line = int(size * 1.7)
        gap = max(8, size // 2)
        x0 = int(w * 0.05)
        y = int(h * 0.05)
        surface.blit(text(tr("comp.title", self.lang), size + size // 2, GOLD, bold=True), (x0, y))
        y += size * 3
        top = y
        label_w = size * 7
        bw = size * 6
        left = x0 + label_w

        def choice_row(label: str, kind: str, values: tuple[Any, ...], current: Any, names: dict[Any, str]) -> None:
            nonlocal y
            img = text(label, size, WHITE)
            surface.blit(img, img.get_rect(midleft=(x0, y + line // 2)))
            for i, value in enumerate(values):
                r = pygame.Rect(left + i * (bw + gap), y, bw, line)
                _button(surface, r, names.get(value, str(value)), value == current, size - 2)
                self.rows.append(Row(r, kind, value))
            y += line + gap

        games = ("guilin", "bohu")
        choice_row(
            tr("setup.game", self.lang), "game", games, self.rules, {g: tr(f"game.{g}", self.lang) for g in games}
        )
        choice_row(tr("comp.table_size", self.lang), "table_size", get_rules(self.rules).players, self.table_size, {})
        choice_row(tr("comp.entrants", self.lang), "entrants", ENTRANTS[self.table_size], self.entrants, {})
        choice_row(tr("comp.rounds", self.lang), "rounds", ROUNDS, self.rounds, {})
        choice_row(tr("comp.hands", self.lang), "hands", HANDS, self.hands, {})
        dup = pygame.Rect(x0, y, label_w + 2 * bw + gap, line)
        _button(surface, dup, tr("comp.duplicate", self.lang), self.duplicate, size - 2)
        self.rows.append(Row(dup, "duplicate"))
        y += line + gap
        field = text(tr("comp.field", self.lang), max(11, size - 4), GREY)
        if field.get_width() > w - 2 * x0:
            field = pygame.transform.smoothscale(
                field, (w - 2 * x0, int(field.get_height() * (w - 2 * x0) / field.get_width()))
            )
        surface.blit(field, (x0, y))
        y += field.get_height() + gap
        self._draw_past(surface, left + 4 * (bw + gap) + size, top, y, size)
        # The actions, bottom right.
        actions = ["start", *(["continue"] if self.saved is not None else []), "back"]
        aw, ah = size * 8, line + size // 3
        x = w - x0 - len(actions) * (aw + gap) + gap
        for kind in actions:
            r = pygame.Rect(x, h - ah - int(h * 0.05), aw, ah)
            _button(surface, r, tr(f"comp.{kind}", self.lang), kind == "continue", size)
            self.rows.append(Row(r, kind))
            x += aw + gap
        self._frame(surface)
        for i, note in enumerate(self.notes[-2:]):
            surface.blit(text(note, max(10, size - 5), RED), (x0, h - ah - int(h * 0.05) - (2 - i) * (size + 4)))

    def _draw_past(self, surface: pygame.Surface, x: int, top: int, below: int, size: int) -> None:
        """Past competitions (newest first) and the best finish: right of the choices, or below them when narrow."""
        w, h = self.size
        y = top
        if x > w - size * 16:
            x, y = int(w * 0.05), below
        small = max(11, size - 3)
        surface.blit(text(tr("comp.past", self.lang), size, GOLD, bold=True), (x, y))
        y += size + size // 2
        best = tr("comp.best", self.lang, n=self.best) if self.best is not None else tr("comp.none_yet", self.lang)
        surface.blit(text(best, small, WHITE), (x, y))
        y += small + size // 2
        limit = h - int(h * 0.05) - 3 * size - small * 2
        for c in self.past:
            if y > limit:
                break
            result = tr("comp.place", self.lang, n=c.finish) if c.finish else tr("comp.unfinished", self.lang)
            line = tr(
                "comp.past_line",
                self.lang,
                date=c.started_at[:10],
                game=tr(f"game.{c.rules}", self.lang),
                entrants=c.entrants,
                result=result,
            )
            surface.blit(text(line, small, GREY), (x, y))
            y += small + small // 2


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
        from ..store.competition import restore_competition

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
        from ..store.history import open_history

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
        from ..store.competition import clear_competition, competition_state, save_competition

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
        from ..store.history import open_history

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
            from ..competition.play import play_bot_table

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
        from ..store.autosave import restore
        from ..store.settings import load_settings
        from .settings_screen import apply
        from .sound import Sound
        from .table import TableScene

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
            self.enter()
        elif row.kind == "back":
            self.back()

    def enter(self) -> None:
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
        w, h = self.size
        surface.fill(FELT)
        self.rows = []
        t = self.t
        size = max(12, h // 40)
        x0 = int(w * 0.04)
        y = int(h * 0.04)
        round_no = len(t.tables)
        title = f"{tr('comp.title', self.lang)} · {tr(f'game.{t.rules}', self.lang)}   "
        title += tr("comp.round_of", self.lang, n=round_no, total=t.rounds)
        surface.blit(text(title, size + 8, GOLD, bold=True), (x0, y))
        y += size + 26
        phase = self.phase
        if phase == "final":
            heading = tr("comp.final", self.lang)
        elif t.rounds_done:
            heading = tr("comp.after_round", self.lang, n=t.rounds_done)
        else:
            heading = tr("comp.standings", self.lang)
        surface.blit(text(heading, size + 2, GOLD, bold=True), (x0, y))
        y += size + 12
        bottom = h - int(h * 0.06) - (size + 22)
        self._draw_standings(surface, pygame.Rect(x0, y, int(w * 0.55), bottom - y - size), size)
        self._draw_tables(surface, pygame.Rect(int(w * 0.62), y, int(w * 0.34), bottom - y - size), size)
        # Status and the actions.
        status = ""
        if phase == "final":
            human = t.human()
            rank = t.finish(human) if human is not None else None
            status = tr("comp.you_finished", self.lang, n=rank, total=len(t.entrants)) if rank else ""
        elif phase == "waiting":
            done = len(t.round_results(round_no))
            status = (
                tr("comp.waiting", self.lang)
                + "  "
                + tr("comp.tables_done", self.lang, done=done, total=len(t.tables[-1]))
            )
        color = GOLD if phase == "final" else WHITE
        surface.blit(text(status, size + (4 if phase == "final" else 0), color, bold=phase == "final"), (x0, bottom))
        go = {
            "play": "comp.back_to_table" if self.table_state is not None else "comp.take_seat",
            "standings": "comp.next_round",
            "final": "comp.finish",
        }.get(phase)
        aw, ah = size * 9, size + 22
        x = w - x0 - aw
        r = pygame.Rect(x, h - ah - int(h * 0.03), aw, ah)
        _button(surface, r, tr("comp.back", self.lang), False, size)
        self.rows.append(Row(r, "back"))
        if go is not None:
            r = pygame.Rect(x - aw - 12, h - ah - int(h * 0.03), aw, ah)
            _button(surface, r, tr(go, self.lang), True, size)
            self.rows.insert(0, Row(r, "go"))
        keys = text(tr("comp.keys", self.lang), max(10, size - 4), GREY)
        surface.blit(keys, (x0, h - keys.get_height() - int(h * 0.03)))
        self._frame(surface)
        for i, note in enumerate(self.notes[-2:]):
            surface.blit(text(note, max(10, size - 5), RED), (x0, bottom - (2 - i) * (size + 2) - 4))

    def _draw_standings(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        t = self.t
        standings = t.standings()
        rows = len(standings) + 1
        line = max(size, min(int(size * 1.6), rect.height // rows))
        font = min(size, line - 4)
        cols = [0.0, 0.12, 0.50, 0.70, 0.86]
        heads = ["comp.rank", "comp.name", "comp.level", "comp.points", "comp.hands_won"]
        for c, key in zip(cols, heads, strict=True):
            surface.blit(text(tr(key, self.lang), font, GREY), (rect.left + int(c * rect.width), rect.top))
        pygame.draw.line(
            surface, GREY, (rect.left, rect.top + line - 2), (rect.right, rect.top + line - 2), max(1, size // 16)
        )
        human = t.human()
        for i, s in enumerate(standings):
            y = rect.top + (i + 1) * line
            you = s.entrant == human
            if you:
                pygame.draw.rect(surface, (40, 90, 64), pygame.Rect(rect.left - 4, y - 2, rect.width + 8, line))
            color = GOLD if you else WHITE
            cells = [
                str(s.rank),
                entrant_name(t, s.entrant, self.lang),
                level_name(t.entrants[s.entrant].level, self.lang),
                f"{s.points:+d}",
                str(s.hands_won),
            ]
            for c, cell in zip(cols, cells, strict=True):
                surface.blit(text(cell, font, color, bold=you), (rect.left + int(c * rect.width), y))

    def _draw_tables(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """This round's tables: who sits where, and each finished table's points."""
        t = self.t
        if not t.tables:
            return
        round_no = len(t.tables)
        surface.blit(text(tr("comp.seats", self.lang), size, GOLD, bold=True), (rect.left, rect.top))
        small = max(10, size - 3)
        results = {r.table: r for r in t.round_results(round_no)}
        human_table = t.human_table(round_no)
        tables = t.tables[-1]
        per = (rect.height - size - 10) // max(1, len(tables))
        line = max(small + 2, min(small + 8, per // (t.table_size + 1)))
        y = rect.top + size + 10
        for i, seated in enumerate(tables):
            mine = i == human_table
            label = tr("comp.table_n", self.lang, n=i + 1) + (f"  ({tr('comp.your_table', self.lang)})" if mine else "")
            surface.blit(text(label, small, GOLD if mine else WHITE, bold=mine), (rect.left, y))
            y += line
            for seat, e in enumerate(seated):
                pts = f"{results[i].points[seat]:+d}" if i in results else ""
                name = entrant_name(t, e, self.lang)
                surface.blit(text(f"{name}  {pts}", small, GREY), (rect.left + size, y))
                y += line
            y += max(2, line // 3)
