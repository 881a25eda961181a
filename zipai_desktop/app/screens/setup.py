"""The setup screen before a game: which game, a preset (the built-in 老K 桂林 and 秀山 100分, or the player's own), who
sits where (human or a bot level, and each bot's name, from drop-down lists), the rule options (defaults preselected;
click a row to change it; the option under the pointer or the keyboard frame is explained in a line below them), the
match length (局数 or a points target), an optional seed to replay a deal, 倍率 stakes, and the language.

Starting a new game while a match is autosaved asks first (resume it, replace it, or cancel): a new game never
silently replaces the saved match."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ...engine.match import STAKE_BALANCES, STAKE_BASES, STAKE_MULTIPLIERS, seed_from_text
from ...engine.rules import get_rules
from ...store.autosave import AutosaveError, load_autosave
from ...store.presets import BUILTIN, Preset, PresetError, delete_preset, load_presets, save_preset
from ...store.settings import BOT_NAMES, SettingsError, load_settings, save_settings
from ..scene import Scene
from ..table.controller import HUMAN, Controller, GameConfig, SeatConfig
from ..table.persist import Persistence, resume_controller
from ..table.scene import TableScene
from ..table.state import TableState
from ..ui.banner import localize
from ..ui.fonts import font
from ..ui.gui import manager
from ..ui.i18n import STRINGS, tr
from ..ui.names import given_name
from ..ui.palette import FELT, GOLD, GREY, PANEL, WHITE
from ..ui.sizing import Painter, ui_for
from ..ui.sound import Sound
from .settings import apply
from .tutorial import wrap

SEAT_KINDS = [HUMAN, "beginner", "casual", "strong", "expert", "random"]
#: Every match, with or without stakes: how many hands (None: no limit) and the optional points target. Both are
#: inside the engine's bounds (engine.match.MAX_HANDS, MAX_TARGET), which the autosave checks again.
MATCH_HANDS: tuple[int | None, ...] = (8, 4, 16, 32, None)
MATCH_TARGETS: tuple[int | None, ...] = (None, 30, 50, 100, 200)
MATCH_CHOICES: dict[str, tuple[Any, ...]] = {"hands": MATCH_HANDS, "target": MATCH_TARGETS}
STAKE_CHOICES: dict[str, tuple[Any, ...]] = {
    "base": STAKE_BASES,
    "multiplier": STAKE_MULTIPLIERS,
    "start_balance": STAKE_BALANCES,
}
#: The bot names offered for a seat: the 12 entrants of the 比赛 catalog (i18n keys entrant.0 .. entrant.11).
ENTRANTS = BOT_NAMES


def default_name(seat: int) -> str:
    """A bot seat's name until the player picks another: a different entrant for each seat."""
    return ENTRANTS[seat % len(ENTRANTS)]


def remembered_names(saved: tuple[str, ...]) -> list[str]:
    """The four seats' bot names: those chosen last (the settings checked them: known and distinct), the seats
    beyond them their default names, or the first free name where a default is taken, so the names stay distinct."""
    names = list(saved[:4])
    for seat in range(len(names), 4):
        wanted = default_name(seat)
        names.append(wanted if wanted not in names else next(n for n in ENTRANTS if n not in names))
    return names


def next_value(values: tuple[Any, ...], current: Any) -> Any:
    """The value after ``current`` in ``values``, round (a value not among them, as a preset may hold, goes to the
    first)."""
    if current not in values:
        return values[0]
    return values[(values.index(current) + 1) % len(values)]


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
    kind: str  # game | players | preset | seat_kind | seat_name | option | match | practice | stakes | stake
    key: Any = None


class SetupScene(Scene):
    """The new-game screen: game, preset, players, seats (level and name), rule options with their explanations, the
    match length and stakes; Start opens the table (asking first when a saved match would be replaced)."""

    def __init__(self, app: Any, size: tuple[int, int], *, lang: str = "zh", notes: list[str] | None = None) -> None:
        """The setup with the last game's choices (the settings) and the autosaved match, if any."""
        self.app = app
        self.notes = list(notes or [])
        self.saved, message = load_autosave()
        if message:
            self.notes.append(message)
        self.user_presets, message = load_presets()
        if message:
            self.notes.append(message)
        self.size = size
        self.lang = lang
        # The last game's choices are the defaults (settings: default_rules, default_seats, default_names,
        # rule_options).

        settings, _ = load_settings()
        self.rules = settings.default_rules
        self.players = len(settings.default_seats)
        self.seats = [*settings.default_seats, *["casual"] * (4 - len(settings.default_seats))]
        self.names = remembered_names(settings.default_names)  # each seat's bot name (an entrant key), distinct
        self.options: dict[str, Any] = settings.options_for(self.rules)
        self.seed = ""
        self.practice = False
        self.hands: int | None = MATCH_HANDS[0]
        self.target: int | None = MATCH_TARGETS[0]
        # 倍率: off by default; each value cycles through STAKE_CHOICES (the first is the default).
        self.stakes_on = False
        self.stake: dict[str, Any] = {name: values[0] for name, values in STAKE_CHOICES.items()}
        self.preset = ""  # the name of the preset last applied (shown in its drop-down)
        self.focus = 0
        self.hover: str | None = None  # the rule option under the pointer
        self.rows: list[Row] = []
        self.error = ""
        self.confirm: Any = None  # the resume / replace / cancel window while it is open
        self.paint = Painter()
        self._build_gui()

    # --- layout -------------------------------------------------------------------------------------------------------

    def _top_rows(self) -> tuple[int, int, int, int]:
        """The y of the game row, the x of the players' choice on that row (after the games), the y of the seats row,
        and the x where the rows' buttons begin."""
        ui = self.ui
        y = ui.px(24) + ui.line(ui.heading) + ui.gap
        heads = [tr(f"setup.{k}", self.lang) for k in ("game", "seats")]
        x1 = ui.margin + max(ui.text_w(s) for s in heads) + 2 * ui.gap
        games = ui.row([tr(f"game.{g}", self.lang) for g in ("guilin", "bohu")], x1, y, least=ui.px(56))
        return y, games[-1].right + 3 * ui.gap, y + ui.line() + ui.gap, x1

    def _drop_w(self, labels: list[str]) -> int:
        """A drop-down's width: its longest entry and the arrow."""
        return max(self.ui.button_w(label) for label in labels) + self.ui.line()

    def _seat_layout(self) -> list[tuple[int, pygame.Rect, pygame.Rect | None]]:
        """Each seat's level drop-down and (a bot's) name drop-down: (seat, level rect, name rect or None), wrapped
        to a second line when one does not hold them."""
        ui = self.ui
        _, _, y, x1 = self._top_rows()
        line = ui.line()
        level_w = self._drop_w(self._level_labels())
        name_w = self._drop_w([tr(k, self.lang) for k in ENTRANTS])
        number_w = ui.text_w("4:") + ui.gap
        out = []
        x, top = x1, y
        for s in range(self.players):
            width = number_w + level_w + (ui.gap + name_w if self.seats[s] != HUMAN else 0)
            if x > x1 and x + width > self.size[0] - ui.margin:
                x, top = x1, top + line + ui.gap
            level = pygame.Rect(x + number_w, top, level_w, line)
            name = pygame.Rect(level.right + ui.gap, top, name_w, line) if self.seats[s] != HUMAN else None
            out.append((s, level, name))
            x += width + 2 * ui.gap
        return out

    def _level_labels(self) -> list[str]:
        return [tr("setup.human", self.lang) if k == HUMAN else tr(f"bot.{k}", self.lang) for k in SEAT_KINDS]

    def _preset_entries(self) -> list[tuple[str, str]]:
        """The presets drop-down: (shown text, preset name) for the built-in ones, then the player's own."""
        out = [(tr(p.name, self.lang), p.name) for p in BUILTIN]
        out += [(p.name, p.name) for p in self.user_presets]
        return out

    def _build_gui(self) -> None:
        """The fixed controls are pygame_gui buttons, drop-downs and the preset name's entry; the option rows are
        drawn by hand (click to cycle)."""
        ui = self.ui = ui_for(self.size)
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, tuple[str, Any]] = {}
        self.drops: dict[object, tuple[str, Any]] = {}
        self.confirm = None

        def button(rect: pygame.Rect, label: str, kind: str, key: Any = None) -> None:
            b = pygame_gui.elements.UIButton(rect, label, self.gui)
            self.gui_buttons[b] = (kind, key)

        langs = [tr(f"lang.{lang}", self.lang) for lang in ("zh", "en")]
        lang_rects = ui.row(langs, w - ui.margin, ui.px(24), right=True)
        for lang, label, rect in zip(("zh", "en"), langs, lang_rects, strict=False):
            button(rect, label, "lang", lang)
        # 退出 here only ever went back to the title: it is labelled 返回 / Back.
        kinds = [*(["resume"] if self.saved is not None else []), "start", "back"]
        labels = [tr(f"setup.{kind}", self.lang) for kind in kinds]
        height = int(ui.line() * 1.2)
        rects = ui.row(labels, w - ui.margin, h - height - ui.px(24), right=True, least=ui.px(120), height=height)
        for kind, label, rect in zip(kinds, labels, rects, strict=False):
            button(rect, label, kind)
        self.bottom_bar = min(r.top for r in rects)
        self.buttons_left = min(r.left for r in rects)  # the notes' line ends before the buttons
        # The presets, on the heading's line left of the languages: the list, a name to save under, 保存 and 删除.
        y = ui.px(24)
        line = ui.line()
        save, delete = tr("setup.preset_save", self.lang), tr("setup.preset_delete", self.lang)
        entries = self._preset_entries()
        pick = tr("setup.preset_pick", self.lang)
        shown = next(((t, n) for t, n in entries if n == self.preset), (pick, ""))
        drop_w = self._drop_w([pick, *(t for t, _ in entries)])
        entry_w = max(ui.px(120), ui.text_w(tr("setup.preset_name", self.lang)) + 2 * ui.pad)
        x = min(r.left for r in lang_rects) - 2 * ui.gap
        save_r, delete_r = ui.row([save, delete], x, y, right=True)
        entry_r = pygame.Rect(save_r.left - ui.gap - entry_w, y, entry_w, line)
        drop_r = pygame.Rect(entry_r.left - ui.gap - drop_w, y, drop_w, line)
        button(save_r, save, "preset_save")
        button(delete_r, delete, "preset_delete")
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            entry_r, self.gui, placeholder_text=tr("setup.preset_name", self.lang)
        )
        self.name_entry.set_text_length_limit(24)
        self.preset_drop = pygame_gui.elements.UIDropDownMenu(
            [(pick, ""), *entries], shown, drop_r, self.gui, expansion_height_limit=h - drop_r.bottom - ui.gap
        )
        self.drops[self.preset_drop] = ("preset", None)
        self.preset_rect = drop_r
        # Each seat: human or a bot level; a bot's name (the catalog's entrants).
        levels: list[str | tuple[str, str]] = list(zip(self._level_labels(), SEAT_KINDS, strict=True))
        names: list[str | tuple[str, str]] = [(tr(k, self.lang), k) for k in ENTRANTS]
        self.seat_rects: list[tuple[int, pygame.Rect, pygame.Rect | None]] = self._seat_layout()
        for s, level_r, name_r in self.seat_rects:
            current = levels[SEAT_KINDS.index(self.seats[s])]
            drop = pygame_gui.elements.UIDropDownMenu(
                levels, current, level_r, self.gui, expansion_height_limit=h - level_r.bottom - ui.gap
            )
            self.drops[drop] = ("seat_kind", s)
            if name_r is not None:
                drop = pygame_gui.elements.UIDropDownMenu(
                    names,
                    (tr(self.names[s], self.lang), self.names[s]),
                    name_r,
                    self.gui,
                    expansion_height_limit=h - name_r.bottom - ui.gap,
                )
                self.drops[drop] = ("seat_name", s)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for the new window size."""
        self.size = size
        self._build_gui()

    def _choices(self) -> dict[str, tuple[Any, ...]]:
        return option_choices(self.rules)

    def _cycle_option(self, name: str) -> None:
        values = self._choices()[name]
        current = self.options.get(name, values[0])
        nxt = next_value(values, current)
        if nxt == values[0]:
            self.options.pop(name, None)
        else:
            self.options[name] = nxt

    # --- choices --------------------------------------------------------------------------------------------------

    def set_seat(self, seat: int, kind: str) -> None:
        """Seat ``seat`` is a person (``human``) or a bot of that level."""
        self.seats[seat] = kind
        self._build_gui()

    def set_name(self, seat: int, name: str) -> None:
        """Bot seat ``seat`` is named ``name`` (an entrant key); a seat that had that name takes this one's, so the
        names stay distinct."""
        if name in self.names:
            self.names[self.names.index(name)] = self.names[seat]
        self.names[seat] = name
        self._build_gui()

    def set_game(self, rules: str) -> None:
        """Play ``rules`` with the options last used for it."""
        self.rules = rules
        self.preset = ""  # the list shows a preset only while its game is the one chosen
        self.options = load_settings()[0].options_for(self.rules)
        if self.players not in get_rules(rules).players:
            self.players = get_rules(rules).default_players
        self._build_gui()

    def apply_preset(self, name: str) -> None:
        """Take a preset's game, rule options, match length and stakes (the seats stay as they are)."""
        preset = next((p for p in (*BUILTIN, *self.user_presets) if p.name == name), None)
        if preset is None:
            return
        self.rules = preset.game
        if self.players not in get_rules(preset.game).players:
            self.players = get_rules(preset.game).default_players
        defaults = option_choices(preset.game)
        self.options = {k: v for k, v in preset.options.items() if k not in defaults or v != defaults[k][0]}
        self.hands, self.target = preset.hands, preset.target
        self.stakes_on = preset.stakes is not None
        if preset.stakes is not None:
            self.stake = {k: preset.stakes.get(k, STAKE_CHOICES[k][0]) for k in STAKE_CHOICES}
        self.preset = preset.name
        self.error = ""
        self._build_gui()

    def current_preset(self, name: str) -> Preset:
        """These choices as a preset named ``name`` (what 保存 writes)."""
        stakes = {k: self.stake[k] for k in STAKE_CHOICES} if self.stakes_on else None
        return Preset(name, self.rules, dict(self.options), hands=self.hands, target=self.target, stakes=stakes)

    def save_preset(self) -> None:
        """Save these choices under the name typed beside the list (replacing a preset of that name)."""
        name = self.name_entry.get_text().strip()
        if not name:
            self.error = tr("setup.preset_no_name", self.lang)
            return
        try:
            self.user_presets = save_preset(self.current_preset(name))
        except PresetError as exc:
            self.error = tr("setup.preset_bad", self.lang, error=str(exc))
            return
        except OSError as exc:
            self.error = tr("setup.preset_unwritable", self.lang, error=exc.strerror or str(exc))
            return
        self.preset, self.error = name, ""
        self.notes.append(tr("setup.preset_saved", self.lang, name=name))
        self._build_gui()

    def delete_preset(self) -> None:
        """Delete the player's preset shown in the list (the built-in ones stay)."""
        if not self.preset:
            return
        if any(p.name == self.preset for p in BUILTIN):
            self.error = tr("setup.preset_builtin", self.lang)
            return
        try:
            self.user_presets = delete_preset(self.preset)
        except OSError as exc:
            self.error = tr("setup.preset_unwritable", self.lang, error=exc.strerror or str(exc))
            return
        self.notes.append(tr("setup.preset_deleted", self.lang, name=self.preset))
        self.preset, self.error = "", ""
        self._build_gui()

    def seat_configs(self) -> list[SeatConfig]:
        """The seats to play: a person, or a bot of its level named by its entrant (阿明 / Ah Ming...), whom the
        table, the settlement, the replays and the history name."""
        seats = []
        for s in range(self.players):
            kind = self.seats[s]
            if kind == HUMAN:
                seats.append(SeatConfig(kind, f"seat {s + 1}"))
            else:
                seats.append(SeatConfig(kind, given_name(s, self.names, "zh"), entrant=self.names[s]))
        return seats

    def start(self, *, replace: bool = False) -> None:
        """Start a new match with these choices (an option combination the rules refuse is shown instead). While a
        match is autosaved, ask first (resume / replace / cancel) unless ``replace``."""
        if self.hands is None and self.target is None:
            self.error = tr("setup.need_end", self.lang)
            return
        if self.saved is not None and not replace:
            self._ask_replace()
            return
        seats = self.seat_configs()
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
        config.hands = self.hands
        config.target = self.target
        if self.stakes_on:
            config.stakes = {k: self.stake[k] for k in ("base", "multiplier", "start_balance")}
        try:
            controller = Controller(config, persistence=Persistence())
        except ValueError as exc:  # an option combination the rules refuse
            self.error = str(exc)
            return
        self._save_choices()
        self.saved = None  # the new match's autosave replaces the old one
        self._build_gui()
        self.app.push(self._table(controller))

    def _ask_replace(self) -> None:
        """The question before a new game replaces the saved match: 继续上局 / 开始新游戏 / 取消 (Enter resumes,
        N starts the new game, Esc cancels)."""
        ui = self.ui
        w, h = self.size
        kinds = ("resume", "replace", "cancel")
        labels = [tr(f"confirm.replace.{k}", self.lang) for k in kinds]
        text = tr("confirm.replace.text", self.lang)
        width = max(min(w - 2 * ui.margin, ui.px(560)), sum(ui.button_w(s) for s in labels) + 6 * ui.gap)
        text_h = 3 * font(ui.font).get_linesize() + 2 * ui.gap
        height = ui.line(ui.heading) + text_h + int(ui.line() * 1.2) + 4 * ui.gap
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (w // 2, h // 2)
        for element in (*self.gui_buttons, *self.drops, self.name_entry):  # only the question is live
            element.hide()  # type: ignore[attr-defined]
        window = pygame_gui.elements.UIWindow(
            rect, self.gui, window_display_title=tr("confirm.replace.title", self.lang), resizable=False
        )
        inner = window.get_container().get_rect()
        pygame_gui.elements.UITextBox(
            text, pygame.Rect(ui.gap, ui.gap, inner.width - 2 * ui.gap, text_h), self.gui, container=window
        )
        buttons: dict[object, str] = {}
        bh = int(ui.line() * 1.2)
        for kind, r in zip(
            kinds, ui.row(labels, inner.width - ui.gap, inner.height - bh - ui.gap, right=True, height=bh), strict=True
        ):
            buttons[
                pygame_gui.elements.UIButton(r, tr(f"confirm.replace.{kind}", self.lang), self.gui, container=window)
            ] = kind
        self.confirm = (window, buttons)

    def answer(self, kind: str) -> None:
        """The reply to the replace question: resume the saved match, replace it with the new one, or cancel."""
        if self.confirm is not None:
            self.confirm[0].kill()
            self._build_gui()  # the screen's controls again (the question closed)
        if kind == "resume":
            self.resume()
        elif kind == "replace":
            self.start(replace=True)

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
        """Remember the language, game, seats (their levels and bot names) and rule options as the next game's
        defaults."""

        settings, _ = load_settings()
        rule_options = dict(settings.rule_options)
        rule_options[self.rules] = dict(self.options)
        try:
            updated = dataclasses.replace(
                settings,
                language=self.lang,
                default_rules=self.rules,
                default_seats=tuple(self.seats[: self.players]),
                default_names=tuple(self.names),
                rule_options=rule_options,
            )
        except SettingsError as exc:  # never lose a game over a setting
            self.notes.append(str(exc))
            return
        if updated != settings:
            save_settings(updated)

    # --- events ---------------------------------------------------------------------------------------------------

    def _expanded(self) -> bool:
        return any(d.current_state is d.menu_states["expanded"] for d in self.drops)  # type: ignore[attr-defined]

    def handle_event(self, event: pygame.event.Event) -> None:
        """The question while it is open; the buttons, drop-downs and name entry; then the rows: a click or Space
        changes a row, arrows move the frame, Enter starts."""
        if self.confirm is not None:
            self._confirm_event(event)
            return
        expanded = self._expanded()
        consumed = self.gui.process_events(event)
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
            elif kind == "preset_save":
                self.save_preset()
            elif kind == "preset_delete":
                self.delete_preset()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.drops:
            kind, seat = self.drops[event.ui_element]
            value = event.ui_element.selected_option[1]
            if kind == "preset":
                self.apply_preset(value)
            elif kind == "seat_kind":
                self.set_seat(seat, value)
            elif kind == "seat_name":
                self.set_name(seat, value)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.save_preset()  # Enter in the name entry saves
            return
        if self.name_entry.is_focused and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return  # typing a preset's name: no key is a shortcut
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((r.key for r in self.rows if r.kind == "option" and r.rect.collidepoint(event.pos)), None)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            # Keyboard play: arrows move the gold frame over the rows, Space changes the framed row.
            step = 1 if event.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1
            self.focus = (self.focus + step) % max(1, len(self.rows))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.rows:
            self.choose(self.rows[min(self.focus, len(self.rows) - 1)])
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_RETURN:
                self.start()
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_BACKSPACE:
                self.seed = self.seed[:-1]
            elif event.unicode and event.unicode.isalnum() and len(self.seed) < 16:
                self.seed += event.unicode
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or consumed or expanded:
            return
        for row in self.rows:
            if row.rect.collidepoint(event.pos) and row.kind not in ("preset", "seat_kind", "seat_name"):
                self.choose(row)
                return

    def _confirm_event(self, event: pygame.event.Event) -> None:
        """Events while the replace question is open: its buttons, Enter (resume), N (new game), Esc (cancel)."""
        self.gui.process_events(event)
        window, buttons = self.confirm
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in buttons:
            self.answer(buttons[event.ui_element])
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is window:
            self.answer("cancel")
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer("resume")
            elif event.key == pygame.K_n:
                self.answer("replace")
            elif event.key == pygame.K_ESCAPE:
                self.answer("cancel")

    def choose(self, row: Row) -> None:
        """Change what ``row`` stands for (a click on it, or Space while it is framed): the drop-downs step to their
        next entry, the other rows to their next value."""
        if row.kind == "game":
            self.set_game(row.key)
        elif row.kind == "players" and self.rules == "bohu":
            self.players = row.key
            self._build_gui()
        elif row.kind == "seat_kind":
            self.set_seat(row.key, next_value(tuple(SEAT_KINDS), self.seats[row.key]))
        elif row.kind == "seat_name":
            taken = set(self.names[: self.players]) - {self.names[row.key]}
            free = tuple(n for n in ENTRANTS if n not in taken)
            self.set_name(row.key, next_value(free, self.names[row.key]))
        elif row.kind == "preset":
            presets = tuple(n for _, n in self._preset_entries())
            self.apply_preset(next_value(presets, self.preset))
        elif row.kind == "option":
            self._cycle_option(row.key)
        elif row.kind == "practice":
            self.practice = not self.practice
        elif row.kind == "stakes":
            self.stakes_on = not self.stakes_on
        elif row.kind == "stake":
            self.stake[row.key] = next_value(STAKE_CHOICES[row.key], self.stake[row.key])
        elif row.kind == "match":
            setattr(self, row.key, next_value(MATCH_CHOICES[row.key], getattr(self, row.key)))

    def update(self, dt: float) -> None:
        """Advance the buttons' hover and press animations."""
        self.gui.update(dt)

    # --- drawing --------------------------------------------------------------------------------------------------

    def stake_label(self, name: str) -> str:
        """The stake or match choice ``name``'s button text (底分, 倍率, starting balance, hands, target)."""
        value = getattr(self, name) if name in MATCH_CHOICES else self.stake[name]
        if value is None:
            return tr("setup.no_hands" if name == "hands" else f"stakes.no_{name}", self.lang)
        return tr(f"stakes.{name}", self.lang, n=value)

    def _stake_layout(self, x0: int, y: int) -> list[tuple[pygame.Rect, str, str, str | None]]:
        """The match length (局数, points target) on one row, then 倍率: the switch and (when on) 底分, 倍率 and the
        starting balance, wrapped to the window: (rect, label, row kind, key) each."""
        ui = self.ui
        w = self.size[0]
        line = ui.line()
        left = x0 + max(ui.text_w(tr(k, self.lang)) for k in ("setup.stakes", "setup.match")) + 2 * ui.gap
        out: list[tuple[pygame.Rect, str, str, str | None]] = []
        x = left
        for name in MATCH_CHOICES:
            label = self.stake_label(name)
            out.append((pygame.Rect(x, y, ui.button_w(label), line), label, "match", name))
            x += ui.button_w(label) + ui.gap
        y += line + ui.gap
        on_off = [tr("common.on", self.lang), tr("common.off", self.lang)]
        toggle = pygame.Rect(left, y, max(ui.button_w(s) for s in on_off), line)
        out.append((toggle, on_off[0] if self.stakes_on else on_off[1], "stakes", None))
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
        self.paint.text(surface, tr("setup.match", self.lang), ui.font, WHITE, midleft=(x0, y + line // 2))
        y2 = y + line + ui.gap
        self.paint.text(surface, tr("setup.stakes", self.lang), ui.font, WHITE, midleft=(x0, y2 + line // 2))
        for rect, label, kind, key in self._stake_layout(x0, y):
            selected = kind == "stakes" and self.stakes_on
            self.paint.button(surface, rect, label, ui.font, selected=selected, pad=ui.pad)
            self.rows.append(Row(rect, kind, key))

    def explained(self) -> str | None:
        """The rule option explained below the options: the one under the pointer, else the framed one."""
        if self.hover is not None:
            return self.hover
        if self.rows:
            row = self.rows[min(self.focus, len(self.rows) - 1)]
            if row.kind == "option":
                return str(row.key)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The choices (game, preset, players, seats, rule options and the explanation, seed, practice, match length,
        倍率), the frame, the notes and the replace question."""
        ui = self.ui
        paint = self.paint
        paint.reset()
        w, h = self.size
        surface.fill(FELT)
        self.rows = []
        size, small = ui.font, ui.small
        line = ui.line()
        x0 = ui.margin
        paint.text(surface, tr("setup.new_game", self.lang), ui.heading, GOLD, bold=True, topleft=(x0, ui.px(24)))
        game_y, players_x, seats_y, x1 = self._top_rows()

        def button_row(
            y: int, head: str, labels: list[str], kind: str, keys: list[Any], selected: list[bool], x: int = x0
        ) -> None:
            paint.text(surface, head, size, WHITE, midleft=(x, y + line // 2))
            left = x1 if x == x0 else x + ui.text_w(head) + 2 * ui.gap
            for label, key, chosen, r in zip(
                labels, keys, selected, ui.row(labels, left, y, least=ui.px(56)), strict=False
            ):
                paint.button(surface, r, label, size, selected=chosen, bold=chosen, pad=ui.pad)
                self.rows.append(Row(r, kind, key))

        games = ("guilin", "bohu")
        labels = [tr(f"game.{g}", self.lang) for g in games]
        button_row(game_y, tr("setup.game", self.lang), labels, "game", list(games), [self.rules == g for g in games])
        counts = list(get_rules(self.rules).players)
        head = tr("setup.players", self.lang)
        chosen = [self.players == n for n in counts]
        button_row(game_y, head, [str(n) for n in counts], "players", counts, chosen, x=players_x)
        paint.text(
            surface,
            tr("setup.preset", self.lang),
            size,
            WHITE,
            midright=(self.preset_rect.left - ui.gap, self.preset_rect.centery),
        )
        self.rows.append(Row(self.preset_rect, "preset"))
        paint.text(surface, tr("setup.seats", self.lang), size, WHITE, midleft=(x0, seats_y + line // 2))
        for s, level_r, name_r in self.seat_rects:
            paint.text(surface, f"{s + 1}:", size, WHITE, midright=(level_r.left - ui.px(4), level_r.centery))
            self.rows.append(Row(level_r, "seat_kind", s))
            if name_r is not None:
                self.rows.append(Row(name_r, "seat_name", s))
        y = max(r.bottom for _, r, _ in self.seat_rects) + 2 * ui.gap
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
        # The options take the room left above the explanation, the seed row, the match and 倍率 rows and the
        # buttons: as many columns (up to 3) as their longest text allows, and a smaller text when they still do not
        # fit.
        explain_h = 2 * (ui.small + ui.px(4)) + ui.gap
        stakes_h = max(r.bottom for r, *_ in self._stake_layout(x0, 0)) + ui.gap  # match and 倍率 rows
        room = self.bottom_bar - 2 * ui.gap - line - ui.gap - y - stakes_h - explain_h
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
        y += per_col * (row_h + ui.px(3)) + ui.px(4)
        # The explanation of the option under the pointer (or framed), in up to two lines.
        explained = self.explained()
        text = tr(f"explain.{explained}", self.lang) if explained else tr("setup.explain_hint", self.lang)
        colour = WHITE if explained else GREY
        for i, part in enumerate(wrap(text, font(ui.small), w - 2 * x0)[:2]):
            paint.text(surface, part, ui.small, colour, topleft=(x0, y + i * (ui.small + ui.px(4))))
        y += explain_h
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
        # The notes and the error: the last two, one line each, in the bottom band left of the buttons.
        notes = list(dict.fromkeys(localize(n, self.lang) for n in self.notes))  # in the player's language
        messages = ([(m, GREY) for m in notes] + ([(self.error, (255, 150, 150))] if self.error else []))[-2:]
        left = self.buttons_left
        step = font(ui.small).get_linesize()
        y = self.bottom_bar + (h - ui.px(24) - self.bottom_bar - len(messages) * step) // 2
        for message, colour in messages:
            for part in wrap(message, font(ui.small), left - ui.gap - x0)[:1]:
                paint.text(surface, part, ui.small, colour, topleft=(x0, y))
            y += step
        if self.confirm is not None:  # the question dims the screen under it
            veil = pygame.Surface(self.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 140))
            surface.blit(veil, (0, 0))
        self.gui.draw_ui(surface)
