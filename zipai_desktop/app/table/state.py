"""The table scene's state and pacing: the event queue, the animation in flight, the bots' pauses, the
aids (waits, hints) and the open decision's buttons. Input (:mod:`.input`) and drawing (:mod:`.draw`) build on it.

Flow per frame: new engine events (redacted for the seat in front of the screen) join a queue; the first one is applied
to the view model and its cards fly to where they belong (the destination stays hidden until they land); when the
queue is empty a bot seat is asked for its move (paced so a person can follow), a human seat gets its prompt, or, in
hot-seat play, a cover hides the table until the next player clicks.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...engine import events as ev
from ...engine.actions import Action, Chi, Discard, Hu, Pass, Peng
from ...engine.cards import glyph
from ...engine.waits import Wait
from ...store.settings import SPEED_RANGE, load_settings
from ..scene import Scene
from ..ui import cards
from ..ui import names as seat_names
from ..ui.banner import Banner
from ..ui.fonts import text
from ..ui.i18n import tr
from ..ui.palette import GOLD, GREY
from ..ui.sizing import Painter
from ..ui.sound import Sound
from . import aids, autoplay_view, presence
from .calls import CALL_SOUNDS, call_of
from .claim import MIN_CARD_W, NEAR_SHARE, Chooser, Words, place_chooser
from .flights import Animation, flights_for
from .hand_view import HandView
from .hint import hint_lines
from .layout import make_layout
from .phrases import PHRASES, Chat
from .source import TableSource
from .view_model import TableView

PACES = {"fast": 0.15, "normal": 0.7, "slow": 1.4}  # seconds after each bot action (at speed ×1)
CLAIM_PAUSE = 2.0  # ... times this before a bot answers a 碰 / 吃 / 胡 offer
#: Seconds a flipped card or a forced meld (扫, 开舵, 提, 跑, 偎 ...) stays in view before the next move, at any pace
#: and speed a player can set: long enough to read the card and its call.
MIN_SEEN_S = 0.9
CALL_SECONDS = 1.4  # a call's announcement at its seat


@dataclass
class Button:
    """A prompt button as last drawn: its box, the action it takes, its label, a 吃 choice's cards, its key."""

    rect: pygame.Rect
    action: Action | None
    label: str
    cards: tuple[int, ...] = ()
    key: str = ""


class TableState(Scene):
    """One match at the table: what is shown, what is queued and flying, and whose turn it is."""

    def __init__(
        self,
        controller: TableSource,
        size: tuple[int, int],
        *,
        lang: str = "zh",
        speed: float = 1.0,
        on_exit: Callable[[], None] | None = None,
        sound: Sound | None = None,
        on_match_end: Callable[[TableState], None] | None = None,
    ) -> None:
        """The table for ``controller``'s match, from the viewer's seat, at ``speed``; ``on_exit`` leaves it, and
        ``on_match_end`` is called once the last hand is booked (the match result screen takes the table's place)."""
        self.controller = controller
        self.on_match_end = on_match_end
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
        self.match_over = False  # the last hand is booked: the match is over (the tutorial sets it itself)
        self.last_hand = False  # the settlement shown is of the match's last hand: Enter ends the match
        self.selected = 0  # keyboard cursor in the hand
        self.buttons: list[Button] = []
        self.chooser: Chooser | None = None  # the 吃 / 比 chooser's places (claim.py), with the buttons it holds
        self._buttons_key: tuple[object, ...] = ()
        self.message = ""
        self.banner = Banner(lang)  # the store's messages (a damaged file, a failed autosave), one line at the top
        self._notices = 0  # how many of the persistence's messages the banner has taken
        self.helpers = {"hu": True, "waits": True, "log": True, "count": False}  # 记牌 (F5) is off until asked for
        self.show_help = False
        self.help_paint = Painter()  # the key help's lines (tests/app/ui/test_sizing.py checks they fit)
        self.cues: list[list[object]] = []  # [seat, text, seconds left]: each call (calls.py) announces itself
        self.emblems: dict[int, pygame.Rect] = {}  # each seat's emblem as last drawn (speech bubbles point at it)
        self.call_rects: list[pygame.Rect] = []  # the calls as last drawn
        self.bubble_rects: list[pygame.Rect] = []  # the speech bubbles as last drawn
        self.hold = 0.0  # seconds a flip or a forced meld still stays in view before the next event (MIN_SEEN_S)
        self._waits_key: tuple[object, ...] = ()
        self._waits: list[Wait] = []
        settings, _ = load_settings()
        self.discard_mode = settings.discard_mode  # click | double | drag
        self.pace = settings.bot_pace  # fast | normal | slow: the pause after each bot action
        self.hints_in_counted = settings.hints
        self.count_in_counted = settings.card_count  # 记牌 (F5) in games the statistics count
        # The turn timer: seconds per decision of the player before 托管 takes the seat (0: none; never in practice).
        self.turn_timer = 0 if controller.config.practice else settings.turn_timer
        self.turn_left: float | None = None  # seconds left of the open decision (None: no timer running)
        self._turn_key: tuple[object, ...] = ()
        self.hand_view = HandView()  # the viewer's hand in columns (理牌, drag, Shift+arrows)
        self.hand_view.expect(controller.columns.get(self.viewer))  # a resumed player's own arrangement
        self.clock = 0.0  # seconds of frames seen (double-clicks are timed on it, never on the wall clock)
        self.toast: list[object] | None = None  # [text, seconds left]: what an F-key toggled
        self.confirm_leave = False  # Esc asked "leave this hand?"
        self.hint: object = None  # a pending hint analysis, or the expert's analysis (a tuple of choices)
        self._hint_key: tuple[object, ...] = ()
        self.size = size
        self.layout = make_layout(size, controller.config.players, self.viewer)
        self.chat = self._make_chat(settings.phrases)
        self.phrase_menu = False  # the quick phrases' menu is open (Q or its button)
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
        """Lay the table out for the new window size (the cards are drawn again at their new size)."""
        self.size = size
        self.layout = make_layout(size, self.controller.config.players, self.viewer)
        cards.clear_cache()

    def _pull(self) -> None:
        for event in self.controller.new_events(self.viewer):
            self.queue.append(event)

    def _set_viewer(self, seat: int) -> None:
        """Hot-seat: rebuild the view for the player now in front of the screen, without animation."""
        self.viewer = seat
        self.keep_arrangement(save=False)  # the player leaving the screen finds their columns when back
        self.view = TableView(seat)
        self.hand_view.reset()
        self.hand_view.expect(self.controller.saved_columns().get(seat))
        for event in self.controller.all_events(seat):
            self.view.apply(event)
        self.queue.clear()
        self.anim = None
        self.hide = set()
        self.hold = 0.0
        self.layout = make_layout(self.size, self.controller.config.players, seat)

    def keep_arrangement(self, *, save: bool = True) -> None:
        """Give the controller the viewer's own columns (or none: sorted), autosaved unless ``save`` is False (then
        with the next action), so a resume or a hot-seat player's return finds them."""
        if not self.controller.is_human(self.viewer) or self.hand_view.awaited is not None:
            return
        manual = self.hand_view.manual and self.hand_view.columns
        self.controller.arranged(self.viewer, self.hand_view.columns if manual else None, save=save)

    def skip_animations(self) -> None:
        """Land every flight now and stop the win pause (the engine's present is shown at once)."""
        self.win_pause = 0.0
        self.hold = 0.0
        if self.anim is not None:
            self.anim = None
            self.hide = set()
        while self.queue:
            self.view.apply(self.queue.popleft())

    def _start_next(self) -> None:
        event = self.queue.popleft()
        flights, hide = flights_for(event, self.layout, self.view)
        self.view.apply(event)
        call = call_of(event)
        if self.sound is not None:
            # One riffle per hand: the first Dealt is the first event of the hand's log (HandStarted resets it).
            first_deal = isinstance(event, ev.Dealt) and len(self.view.log) == 1
            names = {ev.Flipped: "flip", ev.Discarded: "discard", ev.Melded: "meld", ev.Won: "win"}
            name = "deal" if first_deal else names.get(type(event))
            if name is not None:
                self.sound.play(name)
            if call is not None:  # the call's own voice over the cards' sound
                self.sound.play(CALL_SOUNDS[call])
        if isinstance(event, ev.Won):
            self.win_pause = 2.0 / max(1.0, self.speed)  # the winning card and the banner, before anything else
        elif isinstance(event, ev.HandEnded):
            self.win_pause = 1.2 / max(1.0, self.speed)  # every hand face up, before the settlement panel
        if call is not None and isinstance(event, ev.Melded | ev.Won):
            self.cues = [c for c in self.cues if c[0] != event.seat]  # a seat's newest call replaces its last
            self.cues.append([event.seat, tr(f"cue.{call}", self.lang), CALL_SECONDS])
        if isinstance(event, ev.Flipped) or (isinstance(event, ev.Melded) and event.forced):
            self.hold = self.min_seen()
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
        """Pace the table: the toast, the store's notices, the flights, the win pause, the next events and the bots."""
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
        self.chat.update(dt)
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.finished:
                self.anim = None
                self.hide = set()
        if self.anim is None and self.hold > 0:  # a flip or a forced meld, landed, stays in view a moment
            self.hold = max(0.0, self.hold - dt)
            if self.hold > 0:
                return
        if self.anim is None and self.win_pause > 0:
            self.win_pause = max(0.0, self.win_pause - dt)
            if self.win_pause > 0:
                return
        while self.anim is None and self.queue and self.win_pause <= 0:
            self._start_next()
        if self.anim is not None or self.queue or self.win_pause > 0:
            return
        if self.controller.hand_over:
            if not self.show_result:
                self.last_hand = self.controller.ends_match()
            self.show_result = True
            self.cues = []  # a forced meld's call is stale once the settlement shows
            return
        seat = self.controller.to_act
        if seat is None:
            return
        if self.controller.bot_plays(seat):  # a bot seat, or a human seat on 托管: at the table's pace
            self.bot_wait += dt
            if (self.bot_wait >= self.bot_pause() or self.controller.thinking) and self.controller.step_bot():
                self.bot_wait = 0.0
            return
        if seat != self.viewer:
            self.cover_for = seat
            return
        self._make_buttons()
        self._tick_turn_timer(dt)

    # --- 托管 (auto-play) and the turn timer ---------------------------------------------------------------------

    @property
    def autoplay_on(self) -> bool:
        """The seat in front of the screen is on 托管: a bot plays it (at the table's pace) until taken back."""
        return self.viewer in self.controller.autoplay

    def can_autoplay(self) -> bool:
        """托管 is offered: the seat in front of the screen is a person's and the table is shown (not the cover)."""
        return self.controller.is_human(self.viewer) and self.cover_for is None

    def autoplay_button(self) -> pygame.Rect | None:
        """The 托管 button's box as drawn now (None while it is not offered)."""
        if not self.can_autoplay():
            return None
        return autoplay_view.button_rect(self.layout, self.viewer, self.lang, self.autoplay_on, self.autoplay_right())

    def autoplay_right(self) -> int | None:
        """Where the 托管 button ends on the label line: left of the quick phrases' button when it is shown."""
        phrases = presence.phrase_button(self)
        return phrases.left - max(6, self.size[0] // 160) if phrases is not None else None

    def toggle_autoplay(self) -> None:
        """T or the 托管 button: the seat in front of the screen goes to the 托管 bot, or comes back to its player."""
        if not self.can_autoplay():
            return
        on = not self.autoplay_on
        self.controller.set_autoplay(self.viewer, on)
        self.buttons = []
        self._buttons_key = ()
        self.hint = None
        self.turn_left = None  # taken back: the decision's timer starts again in full
        self.bot_wait = 0.0
        who = self.person(self.viewer)
        on_text = seat_names.say("autoplay.on", self.lang, who, obj=who.obj)
        self.show_toast(on_text if on else seat_names.say("autoplay.off", self.lang, who))

    def _tick_turn_timer(self, dt: float) -> None:
        """The turn timer counts the table's time (frames' dt) while the player's decision is open; it pauses under
        the key help and the leave dialog, and at zero 托管 takes the seat (taken back with the same button)."""
        if not self.turn_timer or self.autoplay_on or not self._my_decision():
            self.turn_left = None
            return
        key = self._decision_key()
        if key != self._turn_key or self.turn_left is None:
            self._turn_key = key
            self.turn_left = float(self.turn_timer)
        if self.show_help or self.confirm_leave:
            return
        self.turn_left -= dt
        if self.turn_left <= 0:
            self.turn_left = None
            self.controller.set_autoplay(self.viewer, True)
            self.buttons = []
            self.bot_wait = 0.0
            self.show_toast(tr("autoplay.timeout", self.lang))

    def min_seen(self) -> float:
        """Seconds a flipped card or a forced meld stays in view once landed: :data:`MIN_SEEN_S` at any speed a player
        can set (up to the settings' fastest), shorter only beyond it (the tests' and demos' fast-forward)."""
        return MIN_SEEN_S / max(1.0, self.speed / SPEED_RANGE[1])

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

    def current_counts(self) -> tuple[int, ...]:
        """记牌 (F5): the copies of each kind the viewer has not seen; empty while off or the table is hidden."""
        if not self.helpers["count"] or self.show_result or self.cover_for is not None:
            return ()
        if not self.controller.is_human(self.viewer):
            return ()
        return self.controller.unseen(self.viewer)

    def toggle_count(self) -> None:
        """F5: 记牌 on or off. In a counted game it needs the setting, and using it marks the match like a hint."""
        if self.helpers["count"]:
            self.helpers["count"] = False
            self.toggle_toast("helper.count", False)
            return
        if not (self.controller.config.practice or self.count_in_counted):
            self.show_toast(tr("count.off_in_counted", self.lang))
            return
        self.helpers["count"] = True
        self.toggle_toast("helper.count", True)
        if not self.controller.config.practice:
            self.controller.mark_assisted()

    def hints_allowed(self) -> bool:
        """In practice always; in a game the statistics count only with the setting on."""
        return self.controller.config.practice or self.hints_in_counted

    def request_hint(self) -> None:
        """F4: ask the expert (from this seat's observation, off the UI thread) for its analysis of the decision."""
        if self.hint is not None:
            self.hint = None
            self.toggle_toast("helper.hint", False)
            return
        if not self.hints_allowed():
            self.show_toast(tr("hint.off_in_counted", self.lang))
            return
        legal = self._my_decision()
        if not legal:
            self.toggle_toast("helper.hint", True)
            return
        self.toggle_toast("helper.hint", True)
        self._hint_key = self._decision_key()
        self.hint = self.controller.ask_hint(self.viewer)
        if not self.controller.config.practice:
            self.controller.mark_assisted()

    def show_toast(self, message: str) -> None:
        """Show ``message`` near the top of the table for as long as it takes to read (:func:`aids.toast_seconds`)."""
        self.toast = [message, aids.toast_seconds(message)]

    def toggle_toast(self, name_key: str, on: bool) -> None:
        """F1 / F2 / F3 / F4 say what they toggled."""
        self.show_toast(tr("toast.on" if on else "toast.off", self.lang, name=tr(name_key, self.lang)))

    def _hint_text(self, choices: tuple[object, ...]) -> str:
        """The hint's lines: the expert's top three with their expected results, and why the first (from the viewer's
        observation)."""
        return hint_lines(self.controller.observation(self.viewer), choices, tr, self.lang)  # type: ignore[arg-type]

    def aids_view(self) -> aids.AidsView:
        """The values the aids draw this frame: the 听 list (F2), the hint's line (F4), the toast."""
        return aids.AidsView(
            size=self.size,
            lang=self.lang,
            layout=self.layout,
            viewer=self.viewer,
            rules=self.view.rules,
            waits=tuple(self.current_waits()),
            hint=self.hint_line(),
            counts=self.current_counts(),
            toast=str(self.toast[0]) if self.toast is not None else None,
            chooser=chooser.box if (chooser := self.open_chooser()) is not None else None,
        )

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
        if isinstance(self.hint, tuple):
            return self._hint_text(self.hint)
        if not self.hint.ready():  # type: ignore[attr-defined]
            return tr("hint.thinking", self.lang)
        choices = self.hint.result()  # type: ignore[attr-defined]
        self.hint = choices
        return self._hint_text(choices) if isinstance(choices, tuple) and choices else ""

    # --- the open decision ------------------------------------------------------------------------------------

    def _my_decision(self) -> list[Action]:
        seat = self.controller.to_act
        if seat is None or seat != self.viewer or self.controller.bot_plays(seat):
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
        self.chooser = None
        if chis:
            # Each way to eat is its own small group of cards to pick (main group, then any 比 groups), in the chooser.
            self.chooser = self._place_chooser(chis)
            for i, (a, choice) in enumerate(zip(chis, self.chooser.choices, strict=True)):
                flat = tuple(k for g in a.groups for k in g)
                self.buttons.append(Button(choice.rect, a, "", flat, str(i + 1)))
        for a, word, hotkey in simple:
            self.buttons.append(Button(pygame.Rect(x, y, bw, bh), a, word, (), hotkey))
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

    def claim_title(self) -> str:
        """The claim prompt's question, naming the card on offer: "要这张七吗？" / "Take this 七?"."""
        offer = self.view.offer
        return tr("prompt.claim", self.lang, card=glyph(offer.card) if offer is not None and offer.card >= 0 else "?")

    def open_chooser(self) -> Chooser | None:
        """The 吃 / 比 chooser while its choices are the buttons on offer, else None."""
        return self.chooser if any(b.cards for b in self.buttons) else None

    def _place_chooser(self, chis: list[Chi]) -> Chooser:
        """Where the ways to eat go (:mod:`.claim`): right of the card on offer when they fit there, else over the
        middle of the table; above the 听 list, clear of the log and the seats."""
        lay = self.layout
        size = max(12, lay.size[1] // 38)
        gap = max(4, lay.size[1] // 120)
        words = Words(
            chi=self._group_label(0).get_size(),
            bi=self._group_label(1).get_size(),
            key=text("8", max(10, size - 4), GREY).get_size(),
            title=text(self.claim_title(), size, GOLD, bold=True).get_size(),
        )
        whole = lay.claim
        above = whole.copy()  # above the 听 list's area
        seen = self.aids_view()
        panel = aids.waits_panel(seen)
        if panel is not None and panel.box.left < whole.right and panel.box.right > whole.left:
            area = aids.waits_area(seen)
            above.height = max(0, min(whole.bottom, area.top - gap) - whole.top)
            # Many choices may push the list down to a few lines (it shows what it leaves out), cards stay readable.
            floor = area.bottom - aids.least_waits_height(lay.size) - gap
            pushed = pygame.Rect(whole.left, whole.top, whole.width, max(0, min(whole.bottom, floor) - whole.top))
        else:
            pushed = above
        beside = lay.offer.centerx + lay.hand_w // 2 + gap  # right of the card on offer
        near = pygame.Rect(beside, above.top, max(0, above.right - beside), above.height)
        card_w = max(MIN_CARD_W, lay.small_w - 4)
        readable = int(card_w * NEAR_SHARE)
        tries = [(near, readable), (above, readable), (pushed, readable), (above, MIN_CARD_W)]
        return place_chooser([a.groups for a in chis], tries, card_w, words, gap)

    def _group_label(self, index: int) -> pygame.Surface:
        """The label of a group in a 吃 choice: 吃 for the main group, 比 for each group that puts out a copy."""
        size = max(12, self.layout.size[1] // 40)
        return text(tr("action.chi" if index == 0 else "action.bi", self.lang), size, GOLD, bold=True)

    # --- leaving, the next hand ---------------------------------------------------------------------------------------

    def hide_hand(self) -> bool:
        """The viewer's hand is hidden while its dealt cards are still flying."""
        return ("hand", self.viewer) in self.hide

    def leave_table(self) -> None:
        """Leave the table: stop the bot worker (the match stays autosaved) and go back."""
        self.controller.close()
        if self.on_exit is not None:
            self.on_exit()

    def next_hand(self) -> None:
        """Close the settlement and deal the next hand, or leave a finished match."""
        self.show_result = False
        self.result_collapsed = False
        if self.match_over:
            if self.on_exit is not None:
                self.leave_table()
            return
        if not self.controller.next_hand():
            self.match_over = True
            if self.on_match_end is not None:
                # The match result screen takes the table's place: no settlement of a hand that is not dealt.
                self.controller.close()
                self.on_match_end(self)
                return
            self.show_result = True
            return
        self.last_hand = False
        self.view = TableView(self.viewer)
        self.queue.clear()
        self.hand_view.reset()  # a new deal is sorted afresh (理牌)
        self.hint = None
        self._cover_the_deal()

    # --- quick phrases ---------------------------------------------------------------------------------------------

    def _make_chat(self, enabled: bool) -> Chat:
        """The table's quick phrases, seeded from the match's seed (a demo's answers repeat), off with the setting."""
        seats = self.controller.config.seats
        bots = [s for s in range(len(seats)) if not self.controller.is_human(s)]
        return Chat(self.controller.match.seed, [c.entrant for c in seats], bots, enabled=enabled)

    def say_phrase(self, index: int) -> None:
        """The viewer says the menu's phrase ``index`` (0-based); the menu closes. Play goes on meanwhile."""
        self.phrase_menu = False
        if 0 <= index < len(PHRASES):
            self.chat.say(self.viewer, PHRASES[index])

    # --- names ------------------------------------------------------------------------------------------------

    def short_name(self, seat: int) -> str:
        """One name per seat (names.short_name), the same in the seat label, the scores, the log, the settlement
        and the replays: 你 (the only human), 玩家n (hot-seat players), 电脑n (a bot) or a 比赛 entrant's name."""
        return seat_names.short_name(seat, *self._seat_kinds_and_names())

    def person(self, seat: int) -> seat_names.Person:
        """The seat's forms in a sentence (names.person): You / you / your for the only human, else its name."""
        return seat_names.person(seat, *self._seat_kinds_and_names())

    def _name(self, seat: int) -> str:
        """The seat's name (:meth:`short_name`) with a bot's level: the seat label."""
        return seat_names.full_name(seat, *self._seat_kinds_and_names())

    def _seat_kinds_and_names(self) -> tuple[list[str], str, list[str]]:
        """Each seat's kind, the language and each seat's given name (a 比赛 entrant's), as names.* take them."""
        seats = self.controller.config.seats
        return [c.kind for c in seats], self.lang, [c.entrant for c in seats]
