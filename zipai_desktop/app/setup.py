"""The setup screen before a game: which game, who sits where (human or a bot level), the rule options (defaults
preselected; click a row to change it), an optional seed to replay a deal, and the language."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ..engine.rules import get_rules
from .controller import HUMAN, Controller, GameConfig, SeatConfig
from .fonts import text
from .gui import manager
from .i18n import STRINGS, tr
from .persist import Persistence
from .table import FELT, GOLD, GREY, PANEL, WHITE, TableScene

SEAT_KINDS = [HUMAN, "beginner", "casual", "strong", "random"]


def option_choices(rules_name: str) -> dict[str, tuple[Any, ...]]:
    """Every option of a game with the values it takes (the first is the default)."""
    rules = get_rules(rules_name)
    defaults = rules.parse_options({})
    table: dict[str, tuple[Any, ...]] = getattr(rules, "choices", {})
    out: dict[str, tuple[Any, ...]] = {}
    for f in dataclasses.fields(defaults):
        default = getattr(defaults, f.name)
        if f.name in table:
            values = list(table[f.name])
        elif isinstance(default, bool):
            values = [False, True]
        elif isinstance(default, int):
            values = sorted({default, default // 2, default * 2})
        else:
            values = [default]
        if default in values:
            values.remove(default)
        out[f.name] = (default, *values)
    return out


@dataclass
class Row:
    rect: pygame.Rect
    kind: str  # game | players | seat | option | lang | start | quit | seed
    key: Any = None


class SetupScene:
    def __init__(self, app: Any, size: tuple[int, int], *, lang: str = "zh", notes: list[str] | None = None) -> None:
        from ..store.autosave import load_autosave

        self.app = app
        self.notes = list(notes or [])
        self.saved, message = load_autosave()
        if message:
            self.notes.append(message)
        self.size = size
        self.lang = lang
        # The last game's choices are the defaults (settings: default_rules, default_seats, rule_options).
        from ..store.settings import load_settings

        settings, _ = load_settings()
        self.rules = settings.default_rules
        self.players = len(settings.default_seats)
        self.seats = [*settings.default_seats, *["casual"] * (4 - len(settings.default_seats))]
        self.options: dict[str, Any] = settings.options_for(self.rules)
        self.seed = ""
        self.practice = False
        self.focus = 0
        self.rows: list[Row] = []
        self.error = ""
        self._build_gui()

    def _build_gui(self) -> None:
        """The fixed controls are pygame_gui buttons; the option rows are drawn by hand (click to cycle)."""
        w, h = self.size
        size = max(12, h // 42)
        self.gui = manager(self.size, size)
        self.gui_buttons: dict[object, tuple[str, Any]] = {}
        line = size + 14
        x0 = int(w * 0.05)

        def button(rect: pygame.Rect, label: str, kind: str, key: Any = None) -> None:
            b = pygame_gui.elements.UIButton(rect, label, self.gui)
            self.gui_buttons[b] = (kind, key)

        for i, lang in enumerate(("zh", "en")):
            button(
                pygame.Rect(w - x0 - (2 - i) * 170, int(h * 0.04), 160, line),
                tr(f"lang.{lang}", self.lang),
                "lang",
                lang,
            )
        button(pygame.Rect(w - x0 - 300, h - line - 30, 140, line + 8), tr("setup.start", self.lang), "start")
        if self.saved is not None:
            button(pygame.Rect(w - x0 - 450, h - line - 30, 140, line + 8), tr("setup.resume", self.lang), "resume")
        button(pygame.Rect(w - x0 - 150, h - line - 30, 140, line + 8), tr("setup.quit", self.lang), "quit")

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._build_gui()

    def _choices(self) -> dict[str, tuple[Any, ...]]:
        return option_choices(self.rules)

    def _cycle_option(self, name: str) -> None:
        values = self._choices()[name]
        current = self.options.get(name, values[0])
        nxt = values[(values.index(current) + 1) % len(values)]
        if nxt == values[0]:
            self.options.pop(name, None)
        else:
            self.options[name] = nxt

    def start(self) -> None:
        seats = []
        for s in range(self.players):
            kind = self.seats[s]
            seats.append(SeatConfig(kind, f"seat {s + 1}"))
        seed: int | str | None = None
        if self.seed:
            seed = int(self.seed) if self.seed.isdigit() else self.seed
        config = GameConfig(
            rules=self.rules,
            players=self.players,
            seats=seats,
            options=dict(self.options),
            seed=seed,
            practice=self.practice and sum(1 for s in seats if s.kind == HUMAN) == 1,
        )
        try:
            controller = Controller(config, persistence=Persistence())
        except ValueError as exc:  # an option combination the rules refuse
            self.error = str(exc)
            return
        self._save_choices()
        self.app.push(self._table(controller))

    def resume(self) -> None:
        """Go on with the autosaved match: the same state as when it was saved."""
        from ..store.autosave import AutosaveError, restore

        assert self.saved is not None
        try:
            match, seats, game = restore(self.saved)
        except AutosaveError as exc:
            self.error = str(exc)
            self.saved = None
            self._build_gui()
            return
        seat_configs = [
            SeatConfig(str(s.get("kind", HUMAN)), str(s.get("name", "")))
            if isinstance(s, dict)
            else SeatConfig(HUMAN, "")
            for s in seats
        ]
        config = GameConfig(
            rules=match.rules.name,
            players=int(match.players or 3),
            seats=seat_configs,
            options=dataclasses.asdict(match.options),
            seed=match.seed,
            hands=match.hands,
        )
        previous = self.saved.get("history_match")
        persistence = Persistence(match_id=previous if isinstance(previous, int) else None)
        controller = Controller(config, persistence=persistence, resume=(match, game))
        self.saved = None
        self._build_gui()
        self.app.push(self._table(controller))

    def _table(self, controller: Controller) -> TableScene:
        """The table with the player's settings: sound, animation speed, card style and size."""
        from ..store.settings import load_settings
        from .settings_screen import apply
        from .sound import Sound

        settings, _ = load_settings()
        apply(settings)
        return TableScene(
            controller,
            self.size,
            lang=self.lang,
            speed=settings.animation_speed,
            on_exit=self.app.pop,
            sound=Sound.from_settings(settings),
        )

    def _save_choices(self) -> None:
        """Remember the language, game, seats and rule options as the next game's defaults."""
        from ..store.settings import SettingsError, load_settings, save_settings

        settings, _ = load_settings()
        rule_options = dict(settings.rule_options)
        rule_options[self.rules] = dict(self.options)
        try:
            updated = dataclasses.replace(
                settings,
                language=self.lang,
                default_rules=self.rules,
                default_seats=tuple(self.seats[: self.players]),
                rule_options=rule_options,
            )
        except SettingsError as exc:  # never lose a game over a setting
            self.notes.append(str(exc))
            return
        if updated != settings:
            save_settings(updated)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            kind, key = self.gui_buttons[event.ui_element]
            if kind == "lang":
                self.lang = key
                self._build_gui()
            elif kind == "start":
                self.start()
            elif kind == "resume":
                self.resume()
            elif kind == "quit":
                self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            # Keyboard play: arrows move the gold frame over the rows, Space changes the framed row.
            step = 1 if event.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1
            self.focus = (self.focus + step) % max(1, len(self.rows))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.rows:
            row = self.rows[min(self.focus, len(self.rows) - 1)]
            event = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=row.rect.center)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_RETURN:
                self.start()
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_BACKSPACE:
                self.seed = self.seed[:-1]
            elif event.unicode and event.unicode.isalnum() and len(self.seed) < 16:
                self.seed += event.unicode
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        for row in self.rows:
            if not row.rect.collidepoint(event.pos):
                continue
            if row.kind == "game":
                from ..store.settings import load_settings

                self.rules = row.key
                self.options = load_settings()[0].options_for(self.rules)
                if self.rules == "guilin":
                    self.players = 3
            elif row.kind == "players" and self.rules == "bohu":
                self.players = row.key
            elif row.kind == "seat":
                i = SEAT_KINDS.index(self.seats[row.key])
                self.seats[row.key] = SEAT_KINDS[(i + 1) % len(SEAT_KINDS)]
            elif row.kind == "option":
                self._cycle_option(row.key)
            elif row.kind == "practice":
                self.practice = not self.practice
            elif row.kind == "lang":
                self.lang = row.key
            elif row.kind == "start":
                self.start()
            elif row.kind == "quit":
                self.app.pop()
            return

    def update(self, dt: float) -> None:
        self.gui.update(dt)

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, selected: bool, size: int) -> None:
        pygame.draw.rect(surface, (60, 110, 80) if selected else PANEL, rect, border_radius=6)
        pygame.draw.rect(surface, GOLD if selected else GREY, rect, width=1, border_radius=6)
        img = text(label, size, WHITE, bold=selected)
        surface.blit(img, img.get_rect(center=rect.center))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.fill(FELT)
        self.rows = []
        size = max(12, h // 42)
        line = size + 12
        x0 = int(w * 0.05)
        y = int(h * 0.04)
        surface.blit(text(tr("setup.new_game", self.lang), size + 10, GOLD, bold=True), (x0, y))
        y += size + 30
        surface.blit(text(tr("setup.game", self.lang), size, WHITE), (x0, y))
        for i, name in enumerate(("guilin", "bohu")):
            r = pygame.Rect(x0 + 140 + i * 170, y - 4, 160, line)
            self._button(surface, r, tr(f"game.{name}", self.lang), self.rules == name, size)
            self.rows.append(Row(r, "game", name))
        y += line + 10
        surface.blit(text(tr("setup.players", self.lang), size, WHITE), (x0, y))
        counts = get_rules(self.rules).players
        for i, n in enumerate(counts):
            r = pygame.Rect(x0 + 140 + i * 70, y - 4, 60, line)
            self._button(surface, r, str(n), self.players == n, size)
            self.rows.append(Row(r, "players", n))
        y += line + 10
        surface.blit(text(tr("setup.seats", self.lang), size, WHITE), (x0, y))
        for s in range(self.players):
            r = pygame.Rect(x0 + 140 + s * 150, y - 4, 140, line)
            kind = self.seats[s]
            label = tr("setup.human", self.lang) if kind == HUMAN else tr(f"bot.{kind}", self.lang)
            self._button(surface, r, f"{s + 1}: {label}", kind == HUMAN, size - 2)
            self.rows.append(Row(r, "seat", s))
        y += line + 16
        surface.blit(text(tr("setup.rule_options", self.lang), size, GOLD, bold=True), (x0, y))
        y += line
        choices = self._choices()
        col_w = (w - 2 * x0) // 2
        names = list(choices)
        per_col = (len(names) + 1) // 2
        small = max(11, size - 3)
        for i, name in enumerate(names):
            col, row = divmod(i, per_col)
            r = pygame.Rect(x0 + col * col_w, y + row * (small + 8), col_w - 12, small + 6)
            value = self.options.get(name, choices[name][0])
            changed = name in self.options
            if isinstance(value, bool):
                shown = tr("common.on" if value else "common.off", self.lang)
            elif isinstance(value, str) and f"value.{value}" in STRINGS:
                shown = tr(f"value.{value}", self.lang)
            else:
                shown = str(value)
            label = f"{tr(f'option.{name}', self.lang)}: {shown}"
            pygame.draw.rect(surface, (40, 90, 64) if changed else PANEL, r, border_radius=4)
            surface.blit(text(label, small, GOLD if changed else WHITE), (r.left + 6, r.top + 2))
            self.rows.append(Row(r, "option", name))
        y += per_col * (small + 8) + 14
        surface.blit(text(f"{tr('setup.seed', self.lang)}: {self.seed}_", size, WHITE), (x0, y))
        practice = pygame.Rect(x0 + int(w * 0.45), y - 4, int(w * 0.3), line)
        self._button(surface, practice, tr("setup.practice", self.lang), self.practice, size - 2)
        self.rows.append(Row(practice, "practice"))
        if self.rows:
            framed = self.rows[min(self.focus, len(self.rows) - 1)].rect
            pygame.draw.rect(surface, GOLD, framed.inflate(4, 4), width=2, border_radius=6)
        self.gui.draw_ui(surface)
        if self.error:
            surface.blit(text(self.error, size - 2, (255, 150, 150)), (x0, h - line - 24))
        for i, note in enumerate(self.notes[-3:]):
            surface.blit(text(note, max(10, size - 4), GREY), (x0, h - line - 80 + i * (size + 2)))
