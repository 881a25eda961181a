"""包厢: open a room here or join a friend's (or reopen the room this computer had open), and the room to open: a rule
preset, the chairs that wait for friends, the bots' level, the match length and the room's name."""

from __future__ import annotations

import secrets
from typing import Any

import pygame
import pygame_gui

from ...engine.match import Match, Stakes
from ...engine.rules import get_rules
from ...net.room import Room
from ...net.room_save import SaveError, load
from ...store.presets import BUILTIN, Preset, load_presets
from ..ui.fonts import fitted
from ..ui.i18n import tr
from ..ui.palette import GREY, WHITE
from .room_common import RoomScreen, player_name, room_save_path, room_to_reopen
from .room_history import HostHistory
from .room_host import RoomHostScene, open_host
from .room_join import JoinRoomScene
from .rules import value_words

#: The bot levels a room's empty chairs may have.
ROOM_BOTS = ("beginner", "casual", "strong", "expert")
#: The match lengths offered (as the setup screen offers them).
ROOM_HANDS = (8, 4, 16, 32)
# --- 包厢: open or join --------------------------------------------------------------------------------------------


class RoomChoiceScene(RoomScreen):
    """包厢: open a room here (1) or join a friend's (2), or reopen the room this computer had open (3: its host
    stopped before the match's end; the friends rejoin with the same code); Esc goes back."""

    def _build_gui(self) -> None:
        super()._build_gui()
        ui = self.ui
        w, h = self.size
        kinds: tuple[str, ...] = ("open", "join", "reopen") if room_to_reopen() else ("open", "join")
        labels = [f"{i + 1}  {tr(f'room.{k}', self.lang)}" for i, k in enumerate(kinds)]
        bw = max(ui.px(300), max(ui.button_w(label) for label in labels))
        bh = int(ui.line() * 1.4)
        for i, (kind, label) in enumerate(zip(kinds, labels, strict=True)):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, int(h * 0.38) + i * (bh + ui.gap * 2))
            self.add_button(rect, label, kind)
        back = tr("setup.back", self.lang)
        (rect,) = ui.row([back], w - ui.margin, h - ui.line() - ui.px(24), right=True, least=ui.px(120))
        self.add_button(rect, back, "back")

    def choose(self, kind: str) -> None:
        """Open, join, or back to the title."""
        if kind == "back":
            self.app.pop()
        elif kind == "open":
            self.app.push(OpenRoomScene(self.app, self.size, self.lang))
        elif kind == "join":
            self.app.push(JoinRoomScene(self.app, self.size, self.lang))
        elif kind == "reopen":
            self.reopen()

    def reopen(self) -> None:
        """The saved room served again (same code, same seats and tokens, the match where it stood); a save that
        cannot be reopened is one sentence here, and is moved aside, never deleted."""
        path = room_save_path()
        try:
            room, friends = load(path, set_aside=True)
        except SaveError as exc:
            self.error = tr("room.cannot_reopen", self.lang, reason=str(exc)[:120])
            self._build_gui()
            return
        me = room.seats[0]
        name = me.name or player_name()
        history = HostHistory()
        host = open_host(room, set(friends), name, history=history)
        if host.error is not None:
            self.error = tr("room.cannot_open", self.lang, reason=host.error[:80])
            return
        self.app.replace(RoomHostScene(self.app, self.size, self.lang, host, name, token=me.token, history=history))

    def handle_event(self, event: pygame.event.Event) -> None:
        """1 / 2 / 3 choose too."""
        keys = {pygame.K_1: "open", pygame.K_2: "join", pygame.K_3: "reopen"}
        if event.type == pygame.KEYDOWN and event.key in keys and self.button(keys[event.key]) is not None:
            self.choose(keys[event.key])
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, what a room is, the two choices."""
        box = self.draw_felt(surface)
        self.paint.text(
            surface, tr("room.explain", self.lang), self.ui.font, WHITE, midtop=(self.size[0] // 2, box.bottom + 12)
        )
        self.draw_error(surface, int(self.size[1] * 0.3))
        self.gui.draw_ui(surface)


# --- open a room ------------------------------------------------------------------------------------------------------


class OpenRoomScene(RoomScreen):
    """The room to open: a rule preset (the game, its options and length), which chairs wait for friends, the
    bots' level, the match length and the room's name."""

    heading_key = "room.open"

    def __init__(self, app: Any, size: tuple[int, int], lang: str) -> None:
        """The choices, starting from 老K 桂林 with every other chair a friend's."""
        self.user_presets, _ = load_presets()
        self.preset: Preset = BUILTIN[0]
        self.players = get_rules(self.preset.game).players[0]
        self.friends: list[bool] = [True] * 4
        self.bot = "casual"
        self.hands: int | None = self.preset.hands
        self.name = player_name()
        self.drops: dict[object, str] = {}
        super().__init__(app, size, lang)

    def presets(self) -> list[Preset]:
        """The built-in presets, then the player's own."""
        return [*BUILTIN, *self.user_presets]

    def _preset_label(self, preset: Preset) -> str:
        return tr(preset.name, self.lang) if preset.builtin else preset.name

    def _build_gui(self) -> None:
        super()._build_gui()
        ui = self.ui
        w, h = self.size
        self.drops = {}
        line = self.line = int(ui.line() * 1.1)
        label_w = max(ui.text_w(self._label(k)) for k in self.row_keys()) + ui.gap * 2
        control_w = min(ui.px(420), int(w * 0.45))
        left = (w - label_w - control_w) // 2 + label_w
        self.rows: list[tuple[str, int]] = []
        y = int(h * 0.2)
        limit = h - y

        def drop(kind: str, options: list[tuple[str, str]], current: str) -> None:
            nonlocal y
            shown = next((o for o in options if o[1] == current), options[0])
            element = pygame_gui.elements.UIDropDownMenu(
                list[str | tuple[str, str]](options),
                shown,
                pygame.Rect(left, y, control_w, line),
                self.gui,
                expansion_height_limit=limit - y,
            )
            self.drops[element] = kind
            y += line + ui.gap

        self.rows.append(("room.preset", y))
        drop("preset", [(self._preset_label(p), p.name) for p in self.presets()], self.preset.name)
        self.summary_rect = pygame.Rect(left, y - ui.gap, control_w, ui.small)
        y += ui.small + ui.gap
        rules = get_rules(self.preset.game)
        if len(rules.players) > 1:
            self.rows.append(("room.players", y))
            drop("players", [(str(n), str(n)) for n in rules.players], str(self.players))
        for seat in range(1, self.players):
            self.rows.append((f"room.seat_n:{seat + 1}", y))
            options = [(tr("room.seat_friend", self.lang), "friend"), (tr("room.seat_bot", self.lang), "bot")]
            drop(f"seat:{seat}", options, "friend" if self.friends[seat] else "bot")
        self.rows.append(("room.bots", y))
        drop("bot", [(tr(f"bot.{k}", self.lang), k) for k in ROOM_BOTS], self.bot)
        if self.preset.target is None:
            self.rows.append(("room.hands", y))
            drop("hands", [(tr("room.hands_n", self.lang, n=n), str(n)) for n in ROOM_HANDS], str(self.hands))
        self.rows.append(("room.name", y))
        self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(left, y, control_w, line), self.gui)
        self.name_entry.set_text_length_limit(16)
        self.name_entry.set_text(self.name)
        y += line + ui.gap
        self.controls_left = left
        self.error_y = y + ui.gap
        labels = [tr("room.open_button", self.lang), tr("setup.back", self.lang)]
        for rect, kind in zip(
            ui.row(labels, w - ui.margin, h - ui.line() - ui.px(24), right=True, least=ui.px(120)),
            ("open", "back"),
            strict=True,
        ):
            self.add_button(rect, labels[("open", "back").index(kind)], kind)

    def rules_line(self) -> str:
        """The chosen preset's rules in one line: the game, each option it sets (the setup screen's words; the
        game's own rules when it sets none) and its points target."""
        preset = self.preset
        colon = "：" if self.lang == "zh" else ": "
        parts = [tr(f"game.{preset.game}", self.lang)]
        for name, value in sorted(preset.options.items()):
            shown = ("true" if value else "false") if isinstance(value, bool) else str(value)
            parts.append(tr(f"option.{name}", self.lang) + colon + value_words(shown, self.lang))
        if not preset.options:
            parts.append(tr("room.default_rules", self.lang))
        if preset.target is not None:
            parts.append(tr("stakes.target", self.lang, n=preset.target))
        return "  ·  ".join(parts)

    def row_keys(self) -> list[str]:
        """The labels' keys, for the widest."""
        return ["room.preset", "room.players", "room.seat_n:4", "room.bots", "room.hands", "room.name"]

    def _label(self, key: str) -> str:
        if key.startswith("room.seat_n:"):
            return tr("room.seat_n", self.lang, n=key.split(":")[1])
        return tr(key, self.lang)

    def handle_event(self, event: pygame.event.Event) -> None:
        """The drop-downs, the name, the buttons; Enter opens the room."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.drops:
            self.pick(self.drops[event.ui_element], event.ui_element.selected_option[1])
            return
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and not self.name_entry.is_focused:
            self.choose("open")
            return
        super().handle_event(event)

    def pick(self, kind: str, value: str) -> None:
        """A drop-down's new value."""
        self.name = self.name_entry.get_text()
        if kind == "preset":
            self.preset = next(p for p in self.presets() if p.name == value)
            rules = get_rules(self.preset.game)
            self.players = self.players if self.players in rules.players else rules.players[0]
            self.hands = self.preset.hands
        elif kind == "players":
            self.players = int(value)
        elif kind.startswith("seat:"):
            self.friends[int(kind.split(":")[1])] = value == "friend"
        elif kind == "bot":
            self.bot = value
        elif kind == "hands":
            self.hands = int(value)
        self._build_gui()

    def make_room(self) -> tuple[Room, set[int]]:
        """The room of the choices, and the chairs that wait for a person (the host's chair, 1, and the friends')."""
        preset = self.preset
        rules = get_rules(preset.game)
        options = rules.parse_options(dict(preset.options))
        stakes = Stakes.from_json(dict(preset.stakes)) if preset.stakes is not None else None
        seed = secrets.randbelow(1_000_000_007)
        match = Match(
            rules, options, seed, hands=self.hands if preset.target is None else preset.hands,
            target=preset.target, players=self.players, stakes=stakes,
        )  # fmt: skip
        waiting = {0} | {s for s in range(1, self.players) if self.friends[s]}
        return Room(match, bot=self.bot), waiting

    def choose(self, kind: str) -> None:
        """Open the room (its screen takes this one's place), or go back."""
        if kind == "back":
            self.app.pop()
            return
        if kind != "open":
            return
        self.name = self.name_entry.get_text().strip() or player_name()
        try:
            room, waiting = self.make_room()
        except ValueError as exc:
            self.error = str(exc)
            return
        history = HostHistory()
        host = open_host(room, waiting, self.name, history=history)
        if host.error is not None:
            self.error = tr("room.cannot_open", self.lang, reason=host.error[:80])
            return
        scene = RoomHostScene(self.app, self.size, self.lang, host, self.name, self.preset, history=history)
        self.app.replace(scene)

    def draw(self, surface: pygame.Surface) -> None:
        """The choices, labelled; the preset's rules under its drop-down."""
        self.draw_felt(surface)
        for key, y in self.rows:
            label = self._label(key)
            middle = y + self.line // 2
            self.paint.text(surface, label, self.ui.font, WHITE, midright=(self.controls_left - self.ui.gap, middle))
        line = fitted(self.rules_line(), self.ui.small, self.summary_rect.width, GREY)
        surface.blit(line, line.get_rect(topleft=self.summary_rect.topleft))
        self.draw_error(surface, self.error_y)
        self.gui.draw_ui(surface)
