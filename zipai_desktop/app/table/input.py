"""The table scene's input: clicks, drags and keys on the hand, the prompt's buttons, the settlement, leaving."""

from __future__ import annotations

import contextlib
import dataclasses

import pygame

from ...engine.actions import Action, Discard
from ...engine.cards import glyph
from ...store.settings import SPEED_RANGE, SettingsError, load_settings, save_settings
from ..ui import cards
from ..ui.i18n import tr
from .hand_columns import is_locked
from .hand_view import DOUBLE_CLICK, DRAG_START, Drag
from .presence import handle_phrase_event
from .settlement_panel import handle_result_event
from .state import TableState


class TableInput(TableState):
    """The table scene's handling of the player's input."""

    def _hand_rects(self) -> list[tuple[pygame.Rect, int, bool]]:
        """(hit rect, kind, locked) of each card of the viewer's hand, in reading order (columns left to right)."""
        self.hand_view.sync(list(self.view.hand))
        area = self.layout.seats[self.viewer].hand
        return [(s.hit, s.kind, s.locked) for s in self.hand_view.spots(area, self.layout.hand_card_w)]

    def _act(self, action: Action) -> None:
        reason = self.controller.submit(self.viewer, action)
        self.message = reason or ""
        self.buttons = []

    def handle_event(self, event: pygame.event.Event) -> None:
        """The banner, the leave dialog, the panel, the help, then the table's keys, clicks and drags."""
        if self.banner.handle_event(event):  # Esc or a click on the banner closes it, nothing else
            return
        if self.confirm_leave:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.confirm_leave = False
                self.leave_table()
            elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.confirm_leave = False
            return
        if self.cover_for is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_exit is not None:
                self.confirm_leave = True  # leave from behind the cover: asks first, and shows no hand
                return
            if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            ):
                seat = self.cover_for
                self.cover_for = None
                self._set_viewer(seat)
            return
        if self.show_result:
            handle_result_event(self, event)
            return
        if self.win_pause > 0 and (
            event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN)
        ):
            self.win_pause = 0.0  # a click or Enter goes on from the winning card
            return
        if handle_phrase_event(self, event):  # T, its button and its menu: quick phrases, never blocking play
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.hand_view.drag is not None:
            drag = self.hand_view.drag
            drag.pos = event.pos
            if abs(event.pos[0] - drag.start[0]) + abs(event.pos[1] - drag.start[1]) >= DRAG_START:
                drag.active = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            dropped = self.hand_view.drag
            self.hand_view.drag = None
            if dropped is not None and dropped.active:
                self._drop(dropped, event.pos)
            else:
                self._click(event.pos)

    def _press(self, pos: tuple[int, int]) -> None:
        """A press on a card of the hand may become a drag (to another column, or to the table to discard)."""
        spot = self.hand_view.at(pos, self.layout.seats[self.viewer].hand, self.layout.hand_card_w)
        if spot is not None and not self.hide_hand():
            self.hand_view.drag = Drag(spot.col, spot.row, spot.kind, pos, pos)

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        area = self.layout.seats[self.viewer].hand
        _, h = cards.card_size(self.layout.hand_card_w)
        if pos[1] < area.top - h // 3:  # let go over the table
            if self.discard_mode == "drag":
                self._discard_card(drag.kind, drag.col, drag.row)
            return
        if self.hand_view.move(drag.col, drag.row, self.hand_view.column_at(pos[0], area, self.layout.hand_card_w)):
            self.keep_arrangement()

    def _discard_card(self, kind: int, col: int, row: int) -> None:
        """Discard a card of the hand, if a discard is what is asked now (a 坎 card says why it cannot go)."""
        legal = self._my_decision()
        if not any(isinstance(a, Discard) for a in legal):
            return
        columns = self.hand_view.columns
        if columns and col < len(columns) and is_locked(columns[col], self.hand_view.hand):
            self.message = tr("prompt.locked", self.lang, card=glyph(kind))
            return
        self._act(Discard(kind))

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_m and self.sound is not None:
            self.sound.muted = not self.sound.muted
            return
        if event.key == pygame.K_TAB:
            self.skip_animations()
            return
        if event.key == pygame.K_ESCAPE and self.on_exit is not None:
            self.confirm_leave = True  # asks first: Enter / Y leaves, Esc / N stays
            return
        if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._set_speed(self.speed / 1.5)  # slower animations and bots
            return
        if event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
            self._set_speed(self.speed * 1.5)
            return
        if event.key in (pygame.K_F10, pygame.K_SLASH, pygame.K_QUESTION):
            self.show_help = not self.show_help
            return
        if event.key in (pygame.K_u, pygame.K_BACKSPACE) and self.controller.can_undo:
            if self.controller.undo():
                self._set_viewer(self.viewer)  # rebuild the table from the replayed hand, without animation
                self.buttons = []
                self.message = ""
            return
        toggles = {pygame.K_F1: ("hu", "helper.show_hu"), pygame.K_F2: ("waits", "helper.show_waits")}
        toggles[pygame.K_F3] = ("log", "helper.action_log")
        if event.key in toggles:
            name, label = toggles[event.key]
            self.helpers[name] = not self.helpers[name]
            self.toggle_toast(label, self.helpers[name])
            return
        if event.key == pygame.K_F5:
            self.toggle_count()
            return
        if event.key == pygame.K_F4:
            self.request_hint()
            return
        if event.key == pygame.K_t:  # 托管: the seat to the bot, or back (the 托管 / 取消托管 button's key)
            self.toggle_autoplay()
            return
        if event.key == pygame.K_r:
            self.hand_view.sort()
            self.keep_arrangement()
            return
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._hand_key(event)
            return
        legal = self._my_decision()
        if not legal:
            return
        name = pygame.key.name(event.key)
        for b in self.buttons:
            if b.key and b.key == name and b.action is not None:
                self._act(b.action)
                return
        # Enter discards the card under the cursor; Space never discards (it is 过 when a claim is offered).
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            chosen = self.hand_view.selected()
            if chosen is not None:
                self._discard_card(chosen[2], chosen[0], chosen[1])

    def _hand_key(self, event: pygame.event.Event) -> None:
        """←/→ move the cursor over the cards that may be discarded; Shift+←/→ moves that card one column over."""
        self.hand_view.sync(list(self.view.hand))
        self.hand_view.keyboard = True
        direction = -1 if event.key == pygame.K_LEFT else 1
        if event.mod & pygame.KMOD_SHIFT:
            if self.hand_view.nudge(direction):
                self.keep_arrangement()
            return
        free = len(self.hand_view.free())
        self.hand_view.cursor = max(0, min(free - 1, self.hand_view.cursor + direction))

    def _set_speed(self, speed: float) -> None:
        """-/+: the speed of animations and bot pauses, saved with the settings (it survives a resume)."""
        self.speed = min(SPEED_RANGE[1], max(SPEED_RANGE[0], speed))
        settings, _ = load_settings()
        with contextlib.suppress(SettingsError, OSError):  # unwritable settings: the speed changes for this game only
            save_settings(dataclasses.replace(settings, animation_speed=self.speed))
        self.show_toast(f"{tr('settings.animation_speed', self.lang)} ×{self.speed:.2g}")

    def _click(self, pos: tuple[int, int]) -> None:
        autoplay = self.autoplay_button()
        if autoplay is not None and autoplay.collidepoint(pos):
            self.toggle_autoplay()
            return
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.action is not None:
                self._act(b.action)
                return
        spot = self.hand_view.at(pos, self.layout.seats[self.viewer].hand, self.layout.hand_card_w)
        if spot is None or self.hide_hand():
            return
        for i, (c, r, _k) in enumerate(self.hand_view.free()):
            if (c, r) == (spot.col, spot.row):
                self.hand_view.cursor = i
        if self.discard_mode == "click":
            self._discard_card(spot.kind, spot.col, spot.row)
        elif self.discard_mode == "double":
            last = self.hand_view.last_click
            self.hand_view.last_click = (self.clock, spot.col, spot.row)
            if last is not None and last[1:] == (spot.col, spot.row) and self.clock - last[0] <= DOUBLE_CLICK:
                self.hand_view.last_click = None
                self._discard_card(spot.kind, spot.col, spot.row)
