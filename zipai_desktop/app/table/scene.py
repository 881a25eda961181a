"""The table scene: draws the table from the view model, animates each engine event, takes the human's decisions.

Flow per frame: new engine events (redacted for the seat in front of the screen) join a queue; the first one is applied
to the view model and its cards fly to where they belong (the destination stays hidden until they land); when the
queue is empty a bot seat is asked for its move (paced so a person can follow), a human seat gets its prompt, or, in
hot-seat play, a cover hides the table until the next player clicks.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...engine import events as ev
from ...engine.actions import Action, Chi, Discard, Hu, Pass, Peng
from ...engine.cards import HIDDEN, NUM_KINDS, format_cards, glyph, is_red, parse_cards
from ...engine.melds import Meld, MeldKind
from ...engine.waits import Wait
from ...store.settings import SPEED_RANGE, SettingsError, load_settings, save_settings
from ..scene import Scene
from ..ui import cards
from ..ui.banner import Banner
from ..ui.fonts import fitted, font, text
from ..ui.i18n import tr
from ..ui.names import full_name, short_name
from ..ui.palette import FELT, FELT_DARK, GOLD, GREY, PANEL, WHITE
from ..ui.sizing import Painter
from ..ui.sound import Sound
from . import aids
from .controller import Controller
from .flights import Animation, Flight
from .hand_view import DOUBLE_CLICK, DRAG_START, Drag, HandView
from .layout import make_layout, meld_column, pile_slot
from .settlement_panel import draw_result, handle_result_event
from .stakes_view import rate_text, totals_text
from .view_model import TableView

PACES = {"fast": 0.15, "normal": 0.7, "slow": 1.4}  # seconds after each bot action (at speed ×1)
CLAIM_PAUSE = 2.0  # ... times this before a bot answers a 碰 / 吃 / 胡 offer


@dataclass
class Button:
    rect: pygame.Rect
    action: Action | None
    label: str
    cards: tuple[int, ...] = ()
    key: str = ""


class TableScene(Scene):
    """One match at the table."""

    def __init__(
        self,
        controller: Controller,
        size: tuple[int, int],
        *,
        lang: str = "zh",
        speed: float = 1.0,
        on_exit: Callable[[], None] | None = None,
        sound: Sound | None = None,
    ) -> None:
        self.controller = controller
        self.sound = sound
        self.lang = lang
        self.speed = speed
        self.on_exit = on_exit
        self.viewer = controller.default_viewer()
        self.view = TableView(self.viewer)
        self.queue: deque[ev.Event] = deque()
        self.anim: Animation | None = None
        self.hide: set[tuple[object, ...]] = set()
        self.bot_wait = 0.0
        self.cover_for: int | None = None  # hot-seat: the seat whose turn is hidden behind the cover
        self.show_result = False
        self.result_collapsed = False  # the settlement panel folded away (Esc) to read the table's final state
        self.win_pause = 0.0  # seconds left on the winning card (banner) / the revealed hands before the panel
        self.match_over = False
        self.selected = 0  # keyboard cursor in the hand
        self.buttons: list[Button] = []
        self._buttons_key: tuple[object, ...] = ()
        self.message = ""
        self.banner = Banner(lang)  # the store's messages (a damaged file, a failed autosave), one line at the top
        self._notices = 0  # how many of the persistence's messages the banner has taken
        self.helpers = {"hu": True, "waits": True, "log": True}
        self.show_help = False
        self.help_paint = Painter()  # the key help's lines (tests/app/ui/test_sizing.py checks they fit)
        self.cues: list[list[object]] = []  # [seat, text, seconds left]: forced actions announce themselves
        self._waits_key: tuple[object, ...] = ()
        self._waits: list[Wait] = []
        settings, _ = load_settings()
        self.discard_mode = settings.discard_mode  # click | double | drag
        self.pace = settings.bot_pace  # fast | normal | slow: the pause after each bot action
        self.hints_in_counted = settings.hints
        self.hand_view = HandView()  # the viewer's hand in columns (理牌, drag, Shift+arrows)
        self.clock = 0.0  # seconds of frames seen (double-clicks are timed on it, never on the wall clock)
        self.toast: list[object] | None = None  # [text, seconds left]: what an F-key toggled
        self.confirm_leave = False  # Esc asked "leave this hand?"
        self.hint: object = None  # a pending hint Decision, or the hinted Action
        self._hint_key: tuple[object, ...] = ()
        self.size = size
        self.layout = make_layout(size, controller.config.players, self.viewer)
        self._pull()
        self._cover_the_deal()

    def _cover_the_deal(self) -> None:
        """Hot-seat: every deal starts behind the cover, so nobody sees a hand that is not theirs.

        The cover names the human who decides first (the seat to act, or the next human after a bot), and only their
        click or key shows the table.
        """
        humans = self.controller.humans
        if len(humans) < 2:
            return
        players = self.controller.config.players
        start = self.controller.to_act if self.controller.to_act is not None else self.viewer
        self.cover_for = next(s % players for s in range(start, start + players) if s % players in humans)
        # The view keeps nothing of the new deal: the named player's view is built when they click.
        self.queue.clear()
        self.anim = None
        self.hide = set()
        self.view = TableView(self.viewer)

    # --- events and animation -------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout = make_layout(size, self.controller.config.players, self.viewer)
        cards.clear_cache()

    def _pull(self) -> None:
        for event in self.controller.new_events(self.viewer):
            self.queue.append(event)

    def _set_viewer(self, seat: int) -> None:
        """Hot-seat: rebuild the view for the player now in front of the screen, without animation."""
        self.viewer = seat
        self.view = TableView(seat)
        self.hand_view.reset()
        for event in self.controller.all_events(seat):
            self.view.apply(event)
        self.queue.clear()
        self.anim = None
        self.hide = set()
        self.layout = make_layout(self.size, self.controller.config.players, seat)

    def skip_animations(self) -> None:
        self.win_pause = 0.0
        if self.anim is not None:
            self.anim = None
            self.hide = set()
        while self.queue:
            self.view.apply(self.queue.popleft())

    def _start_next(self) -> None:
        event = self.queue.popleft()
        flights, hide = self._flights_for(event)
        self.view.apply(event)
        if self.sound is not None:
            # One riffle per hand: the first Dealt is the first event of the hand's log (HandStarted resets it).
            first_deal = isinstance(event, ev.Dealt) and len(self.view.log) == 1
            names = {ev.Flipped: "flip", ev.Discarded: "discard", ev.Melded: "meld", ev.Won: "win"}
            name = "deal" if first_deal else names.get(type(event))
            if name is not None:
                self.sound.play(name)
        if isinstance(event, ev.Won):
            self.win_pause = 2.0 / max(1.0, self.speed)  # the winning card and the banner, before anything else
        elif isinstance(event, ev.HandEnded):
            self.win_pause = 1.2 / max(1.0, self.speed)  # every hand face up, before the settlement panel
        if isinstance(event, ev.Melded) and event.forced:
            self.cues.append([event.seat, tr(f"meld.{event.meld.kind.value}", self.lang) + "!", 1.2])
        if flights and self.speed < 50:
            for f in flights:
                f.duration /= self.speed
                f.delay /= self.speed
            self.anim = Animation(flights, hide)
            self.hide = hide
        else:
            self.anim = None
            self.hide = set()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.toast is not None:
            self.toast[1] = float(self.toast[1]) - dt  # type: ignore[arg-type]
            if float(self.toast[1]) <= 0:  # type: ignore[arg-type]
                self.toast = None
        if self.cover_for is None:  # behind the cover nothing of the hand reaches the view (rebuilt on the click)
            self._pull()
        persistence = self.controller.persistence
        if persistence is not None and len(persistence.messages) > self._notices:
            self.banner.extend(persistence.messages[self._notices :])
            self._notices = len(persistence.messages)
        self.banner.update(dt)
        for cue in self.cues:
            cue[2] = float(cue[2]) - dt  # type: ignore[arg-type]
        self.cues = [c for c in self.cues if float(c[2]) > 0]  # type: ignore[arg-type]
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.finished:
                self.anim = None
                self.hide = set()
        if self.anim is None and self.win_pause > 0:
            self.win_pause = max(0.0, self.win_pause - dt)
            if self.win_pause > 0:
                return
        while self.anim is None and self.queue and self.win_pause <= 0:
            self._start_next()
        if self.anim is not None or self.queue or self.win_pause > 0:
            return
        if self.controller.hand_over:
            self.show_result = True
            self.cues = []  # a forced meld's call is stale once the settlement shows
            return
        seat = self.controller.to_act
        if seat is None:
            return
        if not self.controller.is_human(seat):
            self.bot_wait += dt
            if (self.bot_wait >= self.bot_pause() or self.controller.thinking) and self.controller.step_bot():
                self.bot_wait = 0.0
            return
        if seat != self.viewer:
            self.cover_for = seat
            return
        self._make_buttons()

    def bot_pause(self) -> float:
        """Seconds a bot's action waits, so a person can follow: a short pause per action, longer before a claim or a
        win (the 碰 / 吃 / 胡 offers); the pace is a setting, and -/+ scale it with the animations."""
        pending = self.controller.game.pending
        claim = pending is not None and pending.kind != "discard"
        return PACES[self.pace] * (CLAIM_PAUSE if claim else 1.0) / self.speed

    # --- aids -----------------------------------------------------------------------------------------------------

    def caught_up(self) -> bool:
        """The screen shows the engine's present (no animation or event waiting): the deal is over, for one."""
        return self.anim is None and not self.queue and not self.controller.has_new_events

    def current_waits(self) -> list[Wait]:
        """The 听 list for the viewer (F2), asked of the engine; nothing while the screen is behind the engine."""
        if not self.helpers["waits"] or not self.caught_up() or self.show_result or self.cover_for is not None:
            return []
        if not self.controller.is_human(self.viewer):
            return []
        game = self.controller.game
        key = (id(game), len(game.events), self.viewer)
        if key != self._waits_key:
            self._waits = self.controller.waits(self.viewer)
            self._waits_key = key
        return self._waits

    def hints_allowed(self) -> bool:
        """In practice always; in a game the statistics count only with the setting on."""
        return self.controller.config.practice or self.hints_in_counted

    def request_hint(self) -> None:
        """F4: ask the strong bot (from this seat's observation, off the UI thread) what it would do here."""
        if self.hint is not None:
            self.hint = None
            aids.toggle_toast(self, "helper.hint", False)
            return
        if not self.hints_allowed():
            aids.toast(self, tr("hint.off_in_counted", self.lang))
            return
        legal = self._my_decision()
        if not legal:
            aids.toggle_toast(self, "helper.hint", True)
            return
        aids.toggle_toast(self, "helper.hint", True)
        self._hint_key = self._decision_key()
        self.hint = self.controller.ask_hint(self.viewer)
        if not self.controller.config.practice:
            self.controller.mark_assisted()

    def _decision_key(self) -> tuple[object, ...]:
        game = self.controller.game
        return (id(game), len(game.history), self.viewer)

    def hint_line(self) -> str:
        """The hint's text for the open decision ('' when there is none or it is for an earlier decision)."""
        if self.hint is None:
            return ""
        if self._hint_key != self._decision_key():
            self.hint = None  # the decision it answered is gone
            return ""
        if isinstance(self.hint, Action):
            return aids.hint_text(self, self.hint)
        if not self.hint.ready():  # type: ignore[attr-defined]
            return tr("hint.thinking", self.lang)
        action = self.hint.result()  # type: ignore[attr-defined]
        self.hint = action
        return aids.hint_text(self, action) if isinstance(action, Action) else ""

    # --- where cards go -------------------------------------------------------------------------------------------

    def _hand_centre(self, seat: int) -> tuple[float, float]:
        return self.layout.seats[seat].hand.center

    def _meld_pos(self, seat: int, index: int) -> tuple[int, int]:
        """The centre of the top card of meld ``index``."""
        column = meld_column(self.layout.seats[seat], self.layout.small_w, index)
        return column.centerx, column.top + cards.card_size(column.width)[1] // 2

    def _pile_pos(self, seat: int, index: int, count: int | None = None) -> tuple[int, int]:
        """The centre of pile card ``index`` (of ``count``, by default the pile's length with this card)."""
        n = max(index + 1, len(self.view.piles[seat]) if count is None else count)
        return pile_slot(self.layout.seats[seat], self.layout.small_w, index, n).center

    def _flights_for(self, event: ev.Event) -> tuple[list[Flight], set[tuple[object, ...]]]:
        lay = self.layout
        wall = lay.wall.center
        offer = lay.offer.center
        hw, sw = lay.hand_w, lay.small_w
        view = self.view
        if isinstance(event, ev.Dealt):
            target = self._hand_centre(event.seat)
            flights = [
                Flight(HIDDEN, wall, target, sw, sw, delay=0.02 * i, duration=0.25, angle=0)
                for i in range(min(event.count, 10))
            ]
            return flights, {("hand", event.seat)}
        if isinstance(event, ev.DangDi | ev.ExtraCard):
            card = event.card if event.card is not None else HIDDEN
            return [Flight(card, wall, self._hand_centre(event.seat), sw, hw, duration=0.35)], {("hand", event.seat)}
        if isinstance(event, ev.Flipped):
            card = HIDDEN if event.card is None else event.card
            return [Flight(card, wall, offer, sw, hw, duration=0.4, flip=card != HIDDEN)], {("offer",)}
        if isinstance(event, ev.Discarded):
            return [Flight(event.card, self._hand_centre(event.seat), offer, sw, hw, duration=0.3)], {("offer",)}
        if isinstance(event, ev.ToPile):
            end = self._pile_pos(event.seat, len(view.piles[event.seat]))
            return [Flight(event.card, offer, end, hw, sw, duration=0.3)], {("pile", event.seat)}
        if isinstance(event, ev.Melded):
            index = event.replaces if event.replaces >= 0 else len(view.melds[event.seat])
            end = self._meld_pos(event.seat, index)
            flights = []
            shown = event.meld.cards
            for i, k in enumerate(event.from_hand):
                kind = HIDDEN if event.meld.face_down >= len(shown) else k
                flights.append(Flight(kind, self._hand_centre(event.seat), end, sw, sw, delay=0.04 * i, duration=0.35))
            if view.offer is not None:
                flights.append(Flight(view.offer.card, offer, end, hw, sw, duration=0.35))
            return flights, {("meld", event.seat, index)}
        if isinstance(event, ev.XingFlipped):
            return [
                Flight(k, wall, (offer[0] + i * sw, offer[1]), sw, hw, delay=0.3 * i, duration=0.4, flip=True)
                for i, k in enumerate(event.cards)
            ], set()
        return [], set()

    # --- input ----------------------------------------------------------------------------------------------------

    def _my_decision(self) -> list[Action]:
        seat = self.controller.to_act
        if seat is None or seat != self.viewer or not self.controller.is_human(seat):
            return []
        if self.anim or self.queue or self.controller.has_new_events or self.show_result:
            return []
        return self.controller.legal(seat)

    def _make_buttons(self) -> None:
        """The claim buttons of the decision now on offer; built once per decision, not every frame."""
        key = (id(self.controller.game), len(self.controller.game.history), self.viewer, self.layout.size)
        if key == self._buttons_key and self.buttons:
            return
        self._buttons_key = key
        legal = self._my_decision()
        self.buttons = []
        if not legal or all(isinstance(a, Discard) for a in legal):
            return
        area = self.layout.buttons
        x, y = area.left, area.top
        bw, bh = max(60, area.width // 2 - 6), max(32, area.height // 3)
        chis = [a for a in legal if isinstance(a, Chi)]
        simple: list[tuple[Action, str, str]] = []
        for a in legal:
            if isinstance(a, Hu):
                simple.append((a, tr("action.hu", self.lang), "h"))
            elif isinstance(a, Peng):
                simple.append((a, tr("action.peng", self.lang), "p"))
        if chis:
            # Each way to eat is its own small group of cards to pick (main group, then any 比 groups).
            cw = max(12, self.layout.small_w - 4)
            _, ch = cards.card_size(cw)
            gy = area.top - (ch + 12) * len(chis)
            for i, a in enumerate(chis):
                flat = tuple(k for g in a.groups for k in g)
                labels = sum(self._group_label(gi).get_width() + 4 for gi in range(len(a.groups)))
                width = len(flat) * (cw + 2) + 6 * (len(a.groups) - 1) + 8 + labels
                rect = pygame.Rect(area.right - width, gy + i * (ch + 12), width, ch + 8)
                self.buttons.append(Button(rect, a, "", flat, str(i + 1)))
        for a, label, key in simple:
            self.buttons.append(Button(pygame.Rect(x, y, bw, bh), a, label, (), key))
            x += bw + 6
            if x + bw > area.right + 1:
                x, y = area.left, y + bh + 6
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes:
            self.buttons.append(
                Button(
                    pygame.Rect(area.left, area.bottom - bh, bw, bh),
                    passes[0],
                    tr("action.pass", self.lang),
                    (),
                    "space",
                )
            )

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
            drag = self.hand_view.drag
            self.hand_view.drag = None
            if drag is not None and drag.active:
                self._drop(drag, event.pos)
            else:
                self._click(event.pos)

    def _press(self, pos: tuple[int, int]) -> None:
        """A press on a card of the hand may become a drag (to another column, or to the table to discard)."""
        spot = self.hand_view.at(pos, self.layout.seats[self.viewer].hand, self.layout.hand_card_w)
        if spot is not None and not self.hide_hand():
            self.hand_view.drag = Drag(spot.col, spot.row, spot.kind, pos, pos)

    def hide_hand(self) -> bool:
        return ("hand", self.viewer) in self.hide

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        area = self.layout.seats[self.viewer].hand
        _, h = cards.card_size(self.layout.hand_card_w)
        if pos[1] < area.top - h // 3:  # let go over the table
            if self.discard_mode == "drag":
                self._discard_card(drag.kind, drag.col, drag.row)
            return
        self.hand_view.move(drag.col, drag.row, self.hand_view.column_at(pos[0], area, self.layout.hand_card_w))

    def _discard_card(self, kind: int, col: int, row: int) -> None:
        """Discard a card of the hand, if a discard is what is asked now (a 坎 card says why it cannot go)."""
        legal = self._my_decision()
        if not any(isinstance(a, Discard) for a in legal):
            return
        if self.hand_view.columns and col < len(self.hand_view.columns):
            from .hand_columns import is_locked

            if is_locked(self.hand_view.columns[col], self.hand_view.hand):
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
            aids.toggle_toast(self, label, self.helpers[name])
            return
        if event.key == pygame.K_F4:
            self.request_hint()
            return
        if event.key == pygame.K_r:
            self.hand_view.sort()
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
            self.hand_view.nudge(direction)
            return
        free = len(self.hand_view.free())
        self.hand_view.cursor = max(0, min(free - 1, self.hand_view.cursor + direction))

    def _set_speed(self, speed: float) -> None:
        """-/+: the speed of animations and bot pauses, saved with the settings (it survives a resume)."""
        self.speed = min(SPEED_RANGE[1], max(SPEED_RANGE[0], speed))
        settings, _ = load_settings()
        with contextlib.suppress(SettingsError, OSError):  # unwritable settings: the speed changes for this game only
            save_settings(dataclasses.replace(settings, animation_speed=self.speed))
        aids.toast(self, f"{tr('settings.animation_speed', self.lang)} ×{self.speed:.2g}")

    def _click(self, pos: tuple[int, int]) -> None:
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

    def leave_table(self) -> None:
        """Leave the table: stop the bot worker (the match stays autosaved) and go back."""
        self.controller.close()
        if self.on_exit is not None:
            self.on_exit()

    def _next_hand(self) -> None:
        self.show_result = False
        self.result_collapsed = False
        if self.match_over:
            if self.on_exit is not None:
                self.leave_table()
            return
        if not self.controller.next_hand():
            self.match_over = True
            self.show_result = True
            return
        self.view = TableView(self.viewer)
        self.queue.clear()
        self.hand_view.reset()  # a new deal is sorted afresh (理牌)
        self.hint = None
        self._cover_the_deal()

    # --- drawing --------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        w, h = self.size
        pygame.draw.ellipse(surface, FELT_DARK, self.layout.centre.inflate(int(w * 0.2), int(h * 0.2)), 0)
        if self.cover_for is not None:
            self._draw_cover(surface, self.cover_for)
            self.banner.draw(surface, area=self._banner_area())
            return
        self._draw_info(surface)
        for seat in range(self.view.players):
            self._draw_seat(surface, seat)
        self._draw_centre(surface)
        if self.view.won is not None:
            self._draw_win(surface)
        if self.anim is not None:
            self.anim.draw(surface)
        if self.helpers["log"]:
            self._draw_log(surface)  # under the prompt: a wide 吃 choice may cover it
        self._draw_prompt(surface)
        self._draw_cues(surface)
        aids.draw_hint(self, surface)
        if self.show_result:
            draw_result(self, surface)
        elif self.show_help:
            self._draw_help(surface)
        aids.draw_toast(self, surface)
        if self.confirm_leave:
            aids.draw_confirm_leave(self, surface)
        self.banner.draw(surface, area=self._banner_area())

    def _banner_area(self) -> pygame.Rect:
        """The store's messages go at the top, right of the scores (which stay readable)."""
        info = self.layout.info
        return pygame.Rect(info.right + info.left, 0, self.size[0] - info.right - 2 * info.left, self.size[1])

    def _name(self, seat: int) -> str:
        """The seat's name (:meth:`_short`) with a bot's level: the seat label."""
        return full_name(seat, [c.kind for c in self.controller.config.seats], self.lang)

    def _draw_info(self, surface: pygame.Surface) -> None:
        lay = self.layout
        size = max(12, lay.size[1] // 40)
        match = self.controller.match
        game_name = tr(f"game.{self.controller.config.rules}", self.lang)
        line = f"{game_name}  {tr('table.hand', self.lang, n=match.played + 1)}"
        if self.controller.config.practice:
            line += f"  [{tr('table.practice', self.lang)}]"
        elif self.controller.assisted:  # a hint was used: the match is left out of the statistics, and says so
            line += f"  [{tr('hint.used', self.lang)}]"
        surface.blit(fitted(line, size + 2, lay.info.width, GOLD, bold=True), lay.info.topleft)
        y = lay.info.top + size + 8
        totals = "  ".join(f"{self._short(s)} {match.totals[s]:+d}" for s in range(self.view.players))
        line = f"{tr('table.total', self.lang)}: {totals}"
        surface.blit(fitted(line, size, lay.info.width, WHITE), (lay.info.left, y))
        if match.stakes is not None:  # 倍率: the running balance in stake units, one line more
            y += size + 6
            stakes = f"{rate_text(match, self.lang)}   {totals_text(match, self.lang, self._short)}"
            surface.blit(fitted(stakes, max(10, size - 2), lay.info.width, GOLD), (lay.info.left, y))
        speed = f"{tr('settings.animation_speed', self.lang)} ×{self.speed:.2g}  (-/+, Tab)"
        surface.blit(text(speed, max(10, size - 4), GREY), (lay.info.left, y + size + 6))

    def _short(self, seat: int) -> str:
        """One name per seat (names.short_name), the same in the seat label, the scores, the log, the settlement
        and the replays: 你 (the only human), 玩家n (hot-seat players) or 电脑n (a bot)."""
        return short_name(seat, [c.kind for c in self.controller.config.seats], self.lang)

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        area = self.layout.seats[seat]
        view = self.view
        size = max(11, self.layout.size[1] // 46)
        active = seat in self.controller.game.active
        extra = ""
        if seat == view.dealer:
            extra += f"  [{tr('table.dealer', self.lang)}]"
        if not active:
            extra += f"  ({tr('table.sitting_out', self.lang)})"
        if self.helpers["hu"] and view.melds[seat]:
            unit = tr("result.hu" if self.controller.config.rules == "guilin" else "result.huxi", self.lang)
            extra += f"  {unit} {self._table_hu(seat)}"
        colour = GOLD if seat == self.controller.to_act else WHITE
        room = area.label.width
        if seat == view.dealer and view.dang_di is not None:
            # The 挡底 / 亮张 card sits by the dealer: its name and the card, small, at the end of the label line.
            name = tr("table.dang_di_short" if view.rules == "guilin" else "table.liang_zhang_short", self.lang)
            tag = text(name, size, GREY)
            room -= tag.get_width() + 14 + text(glyph(view.dang_di), size, GREY).get_width() + 12
        label = self._name(seat) + extra
        if font(size).size(label)[0] > room:
            label = self._short(seat) + extra  # a narrow place drops the bot's level before shrinking the text
        if seat == view.dealer and view.dang_di is not None:
            drawn = surface.blit(fitted(label, size, room, colour, bold=seat == self.controller.to_act), area.label)
            at = surface.blit(tag, (drawn.right + 10, drawn.top))
            self._mini_card(surface, view.dang_di, at.right + 4, drawn.top, max(drawn.height, tag.get_height()))
        else:
            surface.blit(fitted(label, size, room, colour, bold=seat == self.controller.to_act), area.label)
        if seat == self.viewer:
            self._draw_own_hand(surface)
        elif active and view.ended is not None:
            self._draw_revealed(surface, seat)
        elif active and ("hand", seat) not in self.hide:
            self._draw_backs(surface, seat)
        for i, meld in enumerate(view.melds[seat]):
            if ("meld", seat, i) in self.hide:
                continue
            self._draw_meld(surface, seat, i, meld)
        pile = view.piles[seat]
        if pile:
            tag = text(tr("table.pile", self.lang, name=self._short(seat)), max(9, area.pile_label_h * 2 // 3), GREY)
            surface.blit(tag, area.pile.topleft)
        for i, k in enumerate(pile):
            if ("pile", seat) in self.hide and i == len(pile) - 1:
                continue
            img = cards.face(k, self.layout.small_w)
            surface.blit(img, img.get_rect(center=self._pile_pos(seat, i)))

    def _mini_card(self, surface: pygame.Surface, kind: int, x: int, y: int, height: int) -> pygame.Rect:
        """A card as small as a line of text: its glyph on a card-coloured tile (the 挡底 / 亮张 by the dealer)."""
        glyph_img = text(glyph(kind), max(10, height - 6), (200, 40, 40) if is_red(kind) else (30, 30, 30), bold=True)
        tile = pygame.Rect(x, y, glyph_img.get_width() + 8, height)
        pygame.draw.rect(surface, (250, 244, 225), tile, border_radius=3)
        pygame.draw.rect(surface, GOLD, tile, width=1, border_radius=3)
        surface.blit(glyph_img, glyph_img.get_rect(center=tile.center))
        return tile

    def _table_hu(self, seat: int) -> int:
        table = self.controller.rules.win_table_for(self.controller.options)
        return sum(table.meld_value(m) for m in self.view.melds[seat] if m.cards[0] != HIDDEN)

    def _draw_backs(self, surface: pygame.Surface, seat: int) -> None:
        area = self.layout.seats[seat]
        n = self.view.hand_sizes[seat]
        w = self.layout.small_w
        img = cards.back(w)
        if area.side in ("left", "right"):
            img = pygame.transform.rotate(img, 90)
            step = max(2, (area.hand.height - img.get_height()) // max(1, n - 1)) if n > 1 else 0
            for i in range(n):
                surface.blit(img, (area.hand.left, area.hand.top + i * step))
        else:
            step = max(2, (area.hand.width - img.get_width()) // max(1, n - 1)) if n > 1 else 0
            for i in range(n):
                surface.blit(img, (area.hand.left + i * step, area.hand.top))
        count = text(str(n), max(12, w), GOLD, bold=True)
        surface.blit(count, count.get_rect(center=area.hand.center))

    def _draw_revealed(self, surface: pygame.Surface, seat: int) -> None:
        """The hand is over: another seat's concealed cards face up, one card per kind with its count."""
        assert self.view.ended is not None
        area = self.layout.seats[seat]
        counts = [0] * NUM_KINDS
        for k in parse_cards(self.view.ended.hands[seat]):
            counts[k] += 1
        kinds = [k for k in range(NUM_KINDS) if counts[k]]
        if not kinds:
            return
        w = self.layout.small_w
        _, h = cards.card_size(w)
        size = max(10, w // 2)
        if area.side in ("left", "right"):
            # Two columns in the width of the column of backs (a back lies across, 2.3 card widths), kinds running
            # down the first column then the second; a count badge on each card held more than once.
            per_col = -(-len(kinds) // 2)
            step = min(h + 2, (area.hand.height - h) // max(1, per_col - 1)) if per_col > 1 else 0
            spots = [
                (area.hand.left + (i // per_col) * (area.hand.width - w), area.hand.top + (i % per_col) * step)
                for i in range(len(kinds))
            ]
        else:
            step = min(w + 2, (area.hand.width - w) // max(1, len(kinds) - 1)) if len(kinds) > 1 else 0
            spots = [(area.hand.left + i * step, area.hand.top) for i in range(len(kinds))]
        for k, pos in zip(kinds, spots, strict=True):
            rect = surface.blit(cards.face(k, w), pos)
            if counts[k] > 1:
                tag = text(str(counts[k]), size, PANEL, bold=True)
                r = max(tag.get_width(), tag.get_height()) // 2 + 1
                centre = (rect.right - r, rect.top + r)
                pygame.draw.circle(surface, GOLD, centre, r)
                surface.blit(tag, tag.get_rect(center=centre))

    def _draw_win(self, surface: pygame.Surface) -> None:
        """The winning card, marked, where it was won, and a 胡 / 自摸 / 点炮 banner at the winner's seat."""
        won = self.view.won
        assert won is not None
        lay = self.layout
        if won.card is not None:
            big = cards.face(won.card, lay.hand_w)
            rect = big.get_rect(center=lay.offer.center)
            surface.blit(big, rect)
            pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), width=4, border_radius=6)
        key = {"own_draw": "zimo", "discard": "dianpao", "other_draw": "pinghu"}.get(won.source, "deal")
        words = [tr(f"banner.{key}", self.lang)]
        words += [tr(f"special.{n}", self.lang) for n in won.special if n in ("tianhu", "dihu", "sanlong_wukan")]
        img = text(f"{self._short(won.seat)}  {'  '.join(words)}", max(20, lay.size[1] // 18), GOLD, bold=True)
        # Above the winning card, in the middle where everyone looks; the winner's label is framed too.
        box = img.get_rect(midbottom=(lay.offer.centerx, lay.offer.centery - cards.card_size(lay.hand_w)[1] // 2 - 16))
        box.clamp_ip(pygame.Rect((0, 0), lay.size).inflate(-24, -24))
        label = lay.seats[won.seat].label
        pygame.draw.rect(surface, GOLD, label.inflate(8, 4), width=2, border_radius=6)
        pygame.draw.rect(surface, PANEL, box.inflate(28, 14), border_radius=12)
        pygame.draw.rect(surface, GOLD, box.inflate(28, 14), width=3, border_radius=12)
        surface.blit(img, box)

    def _draw_meld(self, surface: pygame.Surface, seat: int, index: int, meld: Meld) -> None:
        cx, cy = self._meld_pos(seat, index)
        w = self.layout.small_w
        _, h = cards.card_size(w)
        step = int(h * 0.42)
        top = cy - h // 2
        own = seat == self.viewer and meld.cards[0] != HIDDEN
        for i, k in enumerate(meld.cards):
            pos = (cx - w // 2, top + i * step)
            if i >= meld.face_down:
                surface.blit(cards.face(k, w), pos)
            elif own:
                # Face down on the table (others see backs); its owner sees the kind: the face greyed, with the
                # back showing down its right edge.
                surface.blit(cards.face(k, w, dim=True), pos)
                strip = w // 4
                surface.blit(cards.back(w), (pos[0] + w - strip, pos[1]), pygame.Rect(w - strip, 0, strip, h))
            else:
                surface.blit(cards.back(w), pos)

    def _draw_own_hand(self, surface: pygame.Surface) -> None:
        """The hand in columns: each bottom card whole, the cards above showing their glyphs; a 坎 greyed (locked)."""
        if self.hide_hand():
            return
        legal = self._my_decision()
        can_discard = any(isinstance(a, Discard) for a in legal)
        self.hand_view.sync(list(self.view.hand))
        area = self.layout.seats[self.viewer].hand
        spots = self.hand_view.spots(area, self.layout.hand_card_w)
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        chosen = self.hand_view.selected() if (can_discard or self.hand_view.keyboard) else None
        drag = self.hand_view.drag if self.hand_view.drag is not None and self.hand_view.drag.active else None
        # Top of each column first: the card below is drawn over it and covers all but its glyph.
        for spot in sorted(spots, key=lambda s: (s.col, -s.row)):
            if drag is not None and (spot.col, spot.row) == (drag.col, drag.row):
                continue
            hover = can_discard and not spot.locked and spot.hit.collidepoint(mouse)
            mark = chosen is not None and (spot.col, spot.row) == chosen[:2]
            img = cards.face(spot.kind, spot.rect.width, dim=spot.locked, mark=mark)
            surface.blit(img, spot.rect.move(0, -6 if hover else 0))
        if chosen is not None:  # the cursor: an outline round the part of the card that shows
            spot = next((s for s in spots if (s.col, s.row) == chosen[:2]), None)
            if spot is not None:
                pygame.draw.rect(surface, GOLD, spot.hit.inflate(4, 4), width=3, border_radius=6)
        if drag is not None:
            img = cards.face(drag.kind, self.layout.hand_card_w, mark=True)
            surface.blit(img, img.get_rect(center=drag.pos))
        if self.helpers["waits"]:
            aids.draw_waits(self, surface)

    def _draw_centre(self, surface: pygame.Surface) -> None:
        lay = self.layout
        view = self.view
        w = lay.small_w
        img = cards.back(w)
        stack = min(view.wall, 6)
        for i in range(stack):
            surface.blit(img, img.get_rect(center=(lay.wall.centerx - i * 2, lay.wall.centery - i * 2)))
        size = max(12, lay.size[1] // 40)
        count = text(tr("table.wall_left", self.lang, n=view.wall), size, WHITE)
        surface.blit(count, count.get_rect(midtop=(lay.wall.centerx, lay.wall.centery + img.get_height() // 2 + 6)))
        if view.offer is not None and ("offer",) not in self.hide:
            big = cards.face(view.offer.card, lay.hand_w) if view.offer.card != HIDDEN else cards.back(lay.hand_w)
            surface.blit(big, big.get_rect(center=lay.offer.center))
            who = self._short(view.offer.seat)
            tag = text(who, size, GREY)
            surface.blit(tag, tag.get_rect(midtop=(lay.offer.centerx, lay.offer.centery + big.get_height() // 2 + 4)))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        size = max(12, self.layout.size[1] // 38)
        legal = self._my_decision()
        area = self.layout.buttons
        seat = self.controller.to_act
        if legal and all(isinstance(a, Discard) for a in legal):
            hint = text(tr("prompt.your_turn_discard", self.lang), size, GOLD, bold=True)
            surface.blit(hint, hint.get_rect(bottomright=(area.right, area.top - 4)))
        elif legal and self.view.offer is not None:
            hint = text(
                tr("prompt.claim", self.lang, card=glyph(self.view.offer.card) if self.view.offer.card >= 0 else "?"),
                size,
                GOLD,
                bold=True,
            )
            surface.blit(hint, hint.get_rect(bottomright=(area.right, area.top - 4 - self._chi_height())))
        elif seat is not None and not self.controller.is_human(seat) and not self.anim:
            hint = text(tr("prompt.thinking", self.lang), size, GREY)
            surface.blit(hint, hint.get_rect(bottomright=(area.right, area.bottom)))
        for b in self.buttons:
            hover = b.rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
            pygame.draw.rect(surface, (70, 110, 80) if hover else PANEL, b.rect, border_radius=8)
            pygame.draw.rect(surface, GOLD, b.rect, width=2, border_radius=8)
            if b.cards:
                cw = max(12, self.layout.small_w - 4)
                x = b.rect.left + 4
                assert isinstance(b.action, Chi)
                for gi, g in enumerate(b.action.groups):
                    tag = self._group_label(gi)  # 吃 before the main group, 比 before each 比 group
                    surface.blit(tag, tag.get_rect(midleft=(x, b.rect.centery)))
                    x += tag.get_width() + 4
                    for k in g:
                        surface.blit(cards.face(k, cw), (x, b.rect.top + 4))
                        x += cw + 2
                    if gi < len(b.action.groups) - 1:
                        x += 6
                key = text(b.key, max(10, size - 4), GREY)
                surface.blit(key, (b.rect.left - key.get_width() - 4, b.rect.centery - key.get_height() // 2))
            else:
                label = text(b.label, size + 4, WHITE, bold=True)
                surface.blit(label, label.get_rect(center=b.rect.center))
        if self.message:
            msg = text(self.message, max(11, size - 4), (255, 150, 150))
            surface.blit(msg, msg.get_rect(bottomright=(area.right, area.top - 4 - size * 2)))

    def _group_label(self, index: int) -> pygame.Surface:
        """The label of a group in a 吃 choice: 吃 for the main group, 比 for each group that puts out a copy."""
        size = max(12, self.layout.size[1] // 40)
        return text(tr("action.chi" if index == 0 else "action.bi", self.lang), size, GOLD, bold=True)

    def _draw_cues(self, surface: pygame.Surface) -> None:
        size = max(16, self.layout.size[1] // 26)
        for seat, label, _left in self.cues:
            area = self.layout.seats[int(seat)]  # type: ignore[call-overload]
            img = text(str(label), size, GOLD, bold=True)
            box = img.get_rect(midleft=(area.melds.left + 4, area.melds.centery))
            pygame.draw.rect(surface, PANEL, box.inflate(16, 8), border_radius=8)
            surface.blit(img, box)

    def _chi_height(self) -> int:
        chis = [b for b in self.buttons if b.cards]
        if not chis:
            return 0
        return self.layout.buttons.top - min(b.rect.top for b in chis)

    def _draw_log(self, surface: pygame.Surface) -> None:
        lay = self.layout
        size = max(10, lay.size[1] // 56)
        lines = [self._describe(e) for e in self.view.log[-40:]]
        lines = [s for s in lines if s][-5:]
        for i, line in enumerate(lines):
            surface.blit(text(line, size, GREY), (lay.log.left, lay.log.top + i * (size + 3)))

    def _describe(self, e: ev.Event) -> str:
        who = self._short(getattr(e, "seat", 0)) if hasattr(e, "seat") else ""
        if isinstance(e, ev.Discarded):
            return f"{who} {tr('action.discard', self.lang)} {glyph(e.card)}"
        if isinstance(e, ev.Flipped):
            return f"{who} {tr('log.flip', self.lang)} {glyph(e.card) if e.card is not None else '?'}"
        if isinstance(e, ev.Melded):
            # A 吃's 比 groups come as more 吃 melds made only of hand cards: the log names them 比.
            bi = e.meld.kind is MeldKind.CHI and len(e.from_hand) == len(e.meld.cards)
            name = tr("meld.bi" if bi else f"meld.{e.meld.kind.value}", self.lang)
            cards_text = format_cards(e.meld.cards) if e.meld.cards[0] != HIDDEN else ""
            return f"{who} {name} {cards_text}".rstrip()
        if isinstance(e, ev.Won):
            return tr("result.wins", self.lang, name=who)
        return ""

    def _draw_help(self, surface: pygame.Surface) -> None:
        """The keys, shown with F10 or ?: a panel as large as its lines (sizes from :mod:`sizing`)."""
        from ..ui.sizing import ui_for

        w, h = self.size
        ui = ui_for(self.size)
        lines = tr("help.keys", self.lang).split("\n")
        size = ui.font
        step = ui.line(size)
        width = max(ui.text_w(line, size, bold=i == 0) for i, line in enumerate(lines)) + 4 * ui.pad
        panel = pygame.Rect(0, 0, min(w - 2 * ui.pad, max(int(w * 0.5), width)), step * len(lines) + 2 * ui.pad)
        panel.center = (w // 2, h // 2)
        pygame.draw.rect(surface, PANEL, panel, border_radius=12)
        pygame.draw.rect(surface, GOLD, panel, width=2, border_radius=12)
        self.help_paint.reset()
        for i, line in enumerate(lines):
            pos = (panel.left + 2 * ui.pad, panel.top + ui.pad + i * step)
            self.help_paint.text(surface, line, size, GOLD if i == 0 else WHITE, bold=i == 0, box=panel, topleft=pos)

    def _draw_cover(self, surface: pygame.Surface, seat: int) -> None:
        w, h = self.size
        surface.fill(PANEL)
        big = text(tr("hotseat.pass_to", self.lang, name=self._name(seat)), max(18, h // 18), GOLD, bold=True)
        surface.blit(big, big.get_rect(center=(w // 2, h // 2 - h // 16)))
        small = text(tr("hotseat.click_to_continue", self.lang), max(14, h // 30), WHITE)
        surface.blit(small, small.get_rect(center=(w // 2, h // 2 + h // 16)))
