"""The setup screen before a game: which game, who sits where (human or a bot level), the rule options (defaults
preselected; click a row to change it), an optional seed to replay a deal, and the language."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ...engine.match import STAKE_BALANCES, STAKE_BASES, STAKE_MULTIPLIERS, seed_from_text
from ...engine.rules import get_rules
from ...store.autosave import AutosaveError, load_autosave
from ...store.settings import SettingsError, load_settings, save_settings
from ..scene import Scene
from ..table.controller import HUMAN, Controller, GameConfig, SeatConfig
from ..table.persist import Persistence, resume_controller
from ..table.scene import TableScene
from ..table.state import TableState
from ..ui.banner import localize
from ..ui.fonts import font
from ..ui.gui import manager
from ..ui.i18n import STRINGS, tr
from ..ui.palette import FELT, GOLD, GREY, PANEL, WHITE
from ..ui.sizing import Painter, ui_for
from ..ui.sound import Sound
from .settings import apply
from .tutorial import wrap

SEAT_KINDS = [HUMAN, "beginner", "casual", "strong", "random"]
#: 倍率 matches: how many hands, and the optional points target (the starting balance is with the stakes).
MATCH_HANDS = (8, 4, 16, 32)
MATCH_TARGETS = (None, 30, 50, 100)
STAKE_CHOICES: dict[str, tuple[Any, ...]] = {
    "base": STAKE_BASES,
    "multiplier": STAKE_MULTIPLIERS,
    "start_balance": STAKE_BALANCES,
    "hands": MATCH_HANDS,
    "target": MATCH_TARGETS,
}


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
    """A clickable row as last drawn: its box, its kind and the value it stands for."""

    rect: pygame.Rect
    kind: str  # game | players | seat | option | practice
    key: Any = None


class SetupScene(Scene):
    """The new-game screen: game, players, seats and bot levels, rule options and stakes; Start opens the table."""

    def __init__(self, app: Any, size: tuple[int, int], *, lang: str = "zh", notes: list[str] | None = None) -> None:
        """The setup with the last game's choices (the settings) and the autosaved match, if any."""
        self.app = app
        self.notes = list(notes or [])
        self.saved, message = load_autosave()
        if message:
            self.notes.append(message)
        self.size = size
        self.lang = lang
        # The last game's choices are the defaults (settings: default_rules, default_seats, rule_options).

        settings, _ = load_settings()
        self.rules = settings.default_rules
        self.players = len(settings.default_seats)
        self.seats = [*settings.default_seats, *["casual"] * (4 - len(settings.default_seats))]
        self.options: dict[str, Any] = settings.options_for(self.rules)
        self.seed = ""
        self.practice = False
        # 倍率: off by default; each value cycles through STAKE_CHOICES (the first is the default).
        self.stakes_on = False
        self.stake: dict[str, Any] = {name: values[0] for name, values in STAKE_CHOICES.items()}
        self.focus = 0
        self.rows: list[Row] = []
        self.error = ""
        self.paint = Painter()
        self._build_gui()

    def _build_gui(self) -> None:
        """The fixed controls are pygame_gui buttons; the option rows are drawn by hand (click to cycle)."""
        ui = self.ui = ui_for(self.size)
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, tuple[str, Any]] = {}

        def button(rect: pygame.Rect, label: str, kind: str, key: Any = None) -> None:
            b = pygame_gui.elements.UIButton(rect, label, self.gui)
            self.gui_buttons[b] = (kind, key)

        langs = [tr(f"lang.{lang}", self.lang) for lang in ("zh", "en")]
        for lang, label, rect in zip(
            ("zh", "en"), langs, ui.row(langs, w - ui.margin, ui.px(24), right=True), strict=False
        ):
            button(rect, label, "lang", lang)
        # 退出 here only ever went back to the title: it is labelled 返回 / Back.
        kinds = [*(["resume"] if self.saved is not None else []), "start", "back"]
        labels = [tr(f"setup.{kind}", self.lang) for kind in kinds]
        height = int(ui.line() * 1.2)
        rects = ui.row(labels, w - ui.margin, h - height - ui.px(24), right=True, least=ui.px(120), height=height)
        for kind, label, rect in zip(kinds, labels, rects, strict=False):
            button(rect, label, kind)
        self.bottom_bar = min(r.top for r in rects)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for the new window size."""
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
        """Start a new match with these choices (an option combination the rules refuse is shown instead)."""
        seats = []
        for s in range(self.players):
            kind = self.seats[s]
            seats.append(SeatConfig(kind, f"seat {s + 1}"))
        seed: int | str | None = None
        if self.seed:
            seed = seed_from_text(self.seed)
        config = GameConfig(
            rules=self.rules,
            players=self.players,
            seats=seats,
            options=dict(self.options),
            seed=seed,
            practice=self.practice and sum(1 for s in seats if s.kind == HUMAN) == 1,
        )
        if self.stakes_on:
            config.stakes = {k: self.stake[k] for k in ("base", "multiplier", "start_balance")}
            config.hands = self.stake["hands"]
            config.target = self.stake["target"]
        try:
            controller = Controller(config, persistence=Persistence())
        except ValueError as exc:  # an option combination the rules refuse
            self.error = str(exc)
            return
        self._save_choices()
        self.app.push(self._table(controller))

    def resume(self) -> None:
        """Go on with the autosaved match: the same state as when it was saved."""

        assert self.saved is not None
        try:
            controller = resume_controller(self.saved)
        except AutosaveError as exc:
            self.error = str(exc)
            self.saved = None
            self._build_gui()
            return
        self.saved = None
        self._build_gui()
        self.app.push(self._table(controller))

    def _table(self, controller: Controller) -> TableScene:
        """The table with the player's settings: sound, animation speed, card style and size."""

        settings, _ = load_settings()
        apply(settings)
        return TableScene(
            controller,
            self.size,
            lang=self.lang,
            speed=settings.animation_speed,
            on_exit=self._leave_table,
            sound=Sound.from_settings(settings),
            on_match_end=self._match_ended,
        )

    def _match_ended(self, table: TableState) -> None:
        """The match's last hand is booked: its result screen takes the table's place; Enter / Esc go to the title."""
        from .match_result import MatchResultScene, result_of

        result = MatchResultScene(self.app, table.size, self.lang, result_of(table.controller), on_close=self.app.home)
        self.app.replace(result)

    def _leave_table(self) -> None:
        """Leaving the table goes back to the title screen, not to this one: the match stays autosaved, and the
        title's 继续上局 (resume) picks it up."""
        self.app.pop()  # the table
        if self.app.scenes and self.app.scenes[-1] is self:
            self.app.pop()

    def _save_choices(self) -> None:
        """Remember the language, game, seats and rule options as the next game's defaults."""

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
        """The buttons, then the rows: a click or Space changes a row, arrows move the frame, Enter starts."""
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
            elif kind == "back":
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
            elif row.kind == "stakes":
                self.stakes_on = not self.stakes_on
            elif row.kind == "stake":
                values = STAKE_CHOICES[row.key]
                self.stake[row.key] = values[(values.index(self.stake[row.key]) + 1) % len(values)]
            elif row.kind == "lang":
                self.lang = row.key
            return

    def update(self, dt: float) -> None:
        """Advance the buttons' hover and press animations."""
        self.gui.update(dt)

    def stake_label(self, name: str) -> str:
        """The stake choice ``name``'s button text (底分, 倍率, starting balance, hands, target)."""
        value = self.stake[name]
        if value is None:
            return tr(f"stakes.no_{name}", self.lang)
        return tr(f"stakes.{name}", self.lang, n=value)

    def _stake_layout(self, x0: int, y: int) -> list[tuple[pygame.Rect, str, str, str | None]]:
        """倍率: the switch, then (when on) 底分, 倍率, starting balance, hands and points target, wrapped to the
        window: (rect, label, row kind, key) each."""
        ui = self.ui
        w = self.size[0]
        line = ui.line()
        left = x0 + ui.text_w(tr("setup.stakes", self.lang)) + 2 * ui.gap
        on_off = [tr("common.on", self.lang), tr("common.off", self.lang)]
        toggle = pygame.Rect(left, y, max(ui.button_w(s) for s in on_off), line)
        out: list[tuple[pygame.Rect, str, str, str | None]] = [
            (toggle, on_off[0] if self.stakes_on else on_off[1], "stakes", None)
        ]
        if self.stakes_on:
            x, top = toggle.right + ui.gap, y
            for name in STAKE_CHOICES:
                label = self.stake_label(name)
                bw = ui.button_w(label)
                if x + bw > w - x0:
                    x, top = toggle.right + ui.gap, top + line + ui.gap
                out.append((pygame.Rect(x, top, bw, line), label, "stake", name))
                x += bw + ui.gap
        return out

    def _draw_stakes(self, surface: pygame.Surface, x0: int, y: int) -> None:
        ui = self.ui
        line = ui.line()
        self.paint.text(surface, tr("setup.stakes", self.lang), ui.font, WHITE, midleft=(x0, y + line // 2))
        for rect, label, kind, key in self._stake_layout(x0, y):
            selected = kind == "stakes" and self.stakes_on
            self.paint.button(surface, rect, label, ui.font, selected=selected, pad=ui.pad)
            self.rows.append(Row(rect, kind, key))

    def draw(self, surface: pygame.Surface) -> None:
        """The choices (game, players, seats, rule options, seed, practice, 倍率), the frame and the notes."""
        ui = self.ui
        paint = self.paint
        paint.reset()
        w, h = self.size
        surface.fill(FELT)
        self.rows = []
        size, small = ui.font, ui.small
        line = ui.line()
        x0 = ui.margin
        y = ui.px(24)
        paint.text(surface, tr("setup.new_game", self.lang), ui.heading, GOLD, bold=True, topleft=(x0, y))
        y += ui.line(ui.heading) + ui.gap
        heads = [tr(f"setup.{k}", self.lang) for k in ("game", "players", "seats")]
        x1 = x0 + max(ui.text_w(s) for s in heads) + 2 * ui.gap

        def button_row(head: str, labels: list[str], kind: str, keys: list[Any], selected: list[bool]) -> None:
            nonlocal y
            paint.text(surface, head, size, WHITE, midleft=(x0, y + line // 2))
            for label, key, chosen, r in zip(
                labels, keys, selected, ui.row(labels, x1, y, least=ui.px(56)), strict=False
            ):
                paint.button(surface, r, label, size, selected=chosen, bold=chosen, pad=ui.pad)
                self.rows.append(Row(r, kind, key))
            y += line + ui.gap

        games = ("guilin", "bohu")
        button_row(
            heads[0], [tr(f"game.{g}", self.lang) for g in games], "game", list(games), [self.rules == g for g in games]
        )
        counts = list(get_rules(self.rules).players)
        button_row(heads[1], [str(n) for n in counts], "players", counts, [self.players == n for n in counts])
        seats = list(range(self.players))
        labels = []
        for s in seats:
            kind = self.seats[s]
            labels.append(
                f"{s + 1}: " + (tr("setup.human", self.lang) if kind == HUMAN else tr(f"bot.{kind}", self.lang))
            )
        button_row(heads[2], labels, "seat", seats, [self.seats[s] == HUMAN for s in seats])
        y += ui.gap
        paint.text(surface, tr("setup.rule_options", self.lang), size, GOLD, bold=True, topleft=(x0, y))
        y += line
        choices = self._choices()
        names = list(choices)
        texts = []
        for name in names:
            value = self.options.get(name, choices[name][0])
            if isinstance(value, bool):
                shown = tr("common.on" if value else "common.off", self.lang)
            elif isinstance(value, str) and f"value.{value}" in STRINGS:
                shown = tr(f"value.{value}", self.lang)
            else:
                shown = str(value)
            texts.append(f"{tr(f'option.{name}', self.lang)}: {shown}")
        # The options take the room left above the seed row and the buttons: as many columns (up to 3) as their
        # longest text allows, and a smaller text when the rows still do not fit.
        stakes_h = max(r.bottom for r, *_ in self._stake_layout(x0, 0)) + ui.gap  # 倍率 rows under the seed row
        room = self.bottom_bar - 2 * ui.gap - line - ui.gap - y - stakes_h
        for small in range(ui.small, 9, -1):
            longest = max(ui.button_w(t, small) for t in texts)
            cols = max(1, min(3, (w - 2 * x0 + ui.gap) // (longest + ui.gap)))
            per_col = -(-len(names) // cols)
            row_h = font(small).get_linesize() + ui.px(4)
            if per_col * (row_h + ui.px(3)) <= room:
                break
        col_w = (w - 2 * x0 - (cols - 1) * ui.gap) // cols
        for i, (name, label) in enumerate(zip(names, texts, strict=False)):
            col, row = divmod(i, per_col)
            r = pygame.Rect(x0 + col * (col_w + ui.gap), y + row * (row_h + ui.px(3)), col_w, row_h)
            changed = name in self.options
            paint.button(
                surface,
                r,
                label,
                small,
                fill=(40, 90, 64) if changed else PANEL,
                border=PANEL,
                colour=GOLD if changed else WHITE,
                align="left",
                pad=ui.pad,
            )
            self.rows.append(Row(r, "option", name))
        y += per_col * (row_h + ui.px(3)) + ui.gap
        paint.text(surface, f"{tr('setup.seed', self.lang)}: {self.seed}_", size, WHITE, midleft=(x0, y + line // 2))
        practice_label = tr("setup.practice", self.lang)
        practice = pygame.Rect(0, y, ui.button_w(practice_label), line)
        practice.right = w - x0
        paint.button(surface, practice, practice_label, size, selected=self.practice, pad=ui.pad)
        self.rows.append(Row(practice, "practice"))
        self._draw_stakes(surface, x0, y + line + ui.gap)
        if self.rows:
            framed = self.rows[min(self.focus, len(self.rows) - 1)].rect
            pygame.draw.rect(surface, GOLD, framed.inflate(4, 4), width=2, border_radius=6)
        self.gui.draw_ui(surface)
        notes = list(dict.fromkeys(localize(n, self.lang) for n in self.notes))[-3:]  # in the player's language
        messages = [(m, GREY) for m in notes] + ([(self.error, (255, 150, 150))] if self.error else [])
        y = self.bottom_bar - ui.gap - len(messages) * (ui.small + ui.px(4))
        for message, colour in messages:
            for part in wrap(message, font(ui.small), w - 2 * x0)[:1]:
                paint.text(surface, part, ui.small, colour, topleft=(x0, y))
            y += ui.small + ui.px(4)
