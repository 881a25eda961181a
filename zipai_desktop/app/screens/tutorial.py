"""The tutorials: a hand of 桂林字牌 or of 秀山博胡 in a fixed position, played at the normal table with a banner
explaining each step (the title's 教程 entry asks which game).

The human sits in seat 1 (the dealer, seat 0, is the 上家 on the left; seat 2 the 下家 on the right). The position is
built with :func:`game_from_position` and the real engine plays it; the two other seats are casual bots, but their
hands can claim none of the cards that are turned or discarded, so they are never asked anything and cannot derail the
script. In order the human meets:

1. a flip (翻牌): the human turns 七, which nobody can use, so it goes to the human's pile;
2. 吃 with 比: the 上家 turns 三; the human eats it with 一二 and must lay the other 三 out as 比 三四五, then discards
   肆;
3. 碰: the 下家 turns 陆 and the human 碰s it with 陆陆, then discards 拾;
4. a forced 扫: the human turns 九 while holding 九九 (the engine makes the 扫), then discards the other 拾;
5. 胡: the 下家 turns 叁, completing 壹贰叁: 平胡 with 18 胡 (2 舵, 醒 +2: each opponent pays 4).

The 秀山博胡 hand (:data:`BOHU`), with the same seats, shows the Bohu moves that 桂林 does not have:

1. 偎: the human draws 三 while holding 三三; the three go face down on the table (forced), then the human discards the
   red 十 (a red card would spoil the 黑胡 to come);
2. 跑: the 下家 draws 玖 while the human holds the 坎 玖玖玖; the four go face up to the human (forced, no discard);
3. 提: the human draws 捌 while holding the 坎 捌捌捌; a concealed quad (forced, no discard);
4. 胡 with a 名堂: the human draws 六, completing 四五六: 24 胡息 and not one red card, 黑胡 (3 番): 24 × 3 = 72.

The table refuses any other decision with a message naming the one the banner asks for, and the human's decisions
come only from the usual clicks and keys; a discard step names the gesture of the discard mode in the settings (a
click, a double-click, or a drag to the table). The banner pauses the table at each forced move (the flip and the
扫; the 偎, 跑 and 提) until a click or Enter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ...engine import events as ev
from ...engine.actions import Action, Chi, Discard, Hu, Peng
from ...engine.cards import glyph, parse_card, parse_cards
from ...engine.game import Game
from ...engine.melds import MeldKind
from ...engine.position import game_from_position
from ...engine.rules import get_rules
from ..scene import Scene
from ..table.controller import HUMAN, Controller, GameConfig, SeatConfig
from ..table.flights import Animation
from ..table.scene import TableScene
from ..table.settlement_panel import panel_rect
from ..ui.fonts import font
from ..ui.i18n import tr
from ..ui.palette import GOLD, PANEL, WHITE
from ..ui.sizing import Painter


@dataclass(frozen=True)
class Script:
    """One tutorial hand: the position, the human's discards in order, and the steps in the order they happen.

    Each step has a banner text ``tutorial[.bohu].<step>`` and ``....<step>.todo``; ``paused`` are the forced moves
    the banner stops at (a Melded of that kind for the human; "flip" is the human's first untaken flip).
    """

    rules: str
    hands: tuple[str, ...]
    wall: str
    discards: tuple[str, ...]
    steps: tuple[str, ...]
    paused: tuple[str, ...]
    prefix: str  # the i18n prefix of the banner texts


#: The human's seat, and the tutorial's position (hands of seats 0, 1, 2; the wall from its top).
HUMAN_SEAT = 1
HANDS = (
    "三四四六六六九十十十伍伍陆柒捌捌捌玖玖玖",  # seat 0, the dealer (上家): no group with 七 or 三, no pair to 碰
    "一二三四五陆陆九九八八八壹贰柒捌玖肆拾拾",  # seat 1, the human
    "一一一二二二三四五五五八壹壹壹贰贰贰伍伍",  # seat 2 (下家): nothing to 吃 of the human's discards
)
WALL = "七七三陆七七九叁"  # 1 flips 七, 2 七, 0 三 (吃), 2 陆 (碰), 2 七, 0 七, 1 九 (扫), 2 叁 (胡)
DISCARDS = ("肆", "拾", "拾")  # the human's three discards, in order

#: The steps in the order they happen; each has a banner text ``tutorial.<step>`` and ``tutorial.<step>.todo``.
STEPS = ("start", "flip", "chi", "discard1", "peng", "discard2", "sao", "discard3", "hu", "result")

GUILIN = Script("guilin", HANDS, WALL, DISCARDS, STEPS, ("flip", "sao"), "tutorial")
#: 秀山博胡: the dealer (seat 0) has made the opening discard; every seat holds 19. The bots' hands can use none of the
#: cards drawn or discarded (found by a seeded search, checked by tests/app/screens/test_tutorial_and_rules.py).
BOHU = Script(
    "bohu",
    (
        "一二四五六八壹贰叁叁肆肆伍陆陆陆柒柒拾",  # seat 0, the dealer (上家)
        "三三捌捌捌玖玖玖肆伍陆壹壹一四五八八十",  # seat 1, the human: pair 三三, 坎 捌捌捌 and 玖玖玖, one red card 十
        "一三四四五五六六七七九十贰贰叁叁肆柒柒",  # seat 2 (下家)
    ),
    "三玖九九捌十拾六",  # 1 draws 三 (偎), 2 玖 (the human's 跑), 2 九, 0 九, 1 捌 (提), 2 十, 0 拾, 1 六 (胡)
    ("十",),
    ("start", "wei", "discard1", "pao", "ti", "hu", "result"),
    ("wei", "pao", "ti"),
    "tutorial.bohu",
)
SCRIPTS = {"guilin": GUILIN, "bohu": BOHU}
#: The forced melds of the human's that a tutorial may stop at, by the step that explains them.
PAUSE_MELDS = {MeldKind.SAO: "sao", MeldKind.WEI: "wei", MeldKind.PAO: "pao", MeldKind.TI: "ti"}


def tutorial_game(game: str = "guilin") -> Game:
    """The tutorial's hand, with the deal announced (HandStarted, Dealt) so the table shows every hand."""
    script = SCRIPTS[game]
    rules = get_rules(script.rules)
    position = game_from_position(
        rules, hands=script.hands, wall=script.wall, dealer=0, flipped=1, to_flip=HUMAN_SEAT, fill_hands=False
    )
    # The position skips the deal: announce it in front of the first flip, with the hands as dealt (in Bohu that
    # flip already made the human's 偎).
    # (For 桂林 HandStarted counts the wall less one, as the deal does before the 挡底; here that card is the one just
    # turned. Bohu's count is the wall before that first draw.)
    wall = len(position.wall) + (1 if script.rules == "bohu" else 0)
    dealt: list[ev.Event] = [ev.HandStarted(rules.name, position.dealer, position.players, wall)]
    for seat in position.order_from(position.dealer):
        cards = tuple(sorted(parse_cards(script.hands[seat])))
        dealt.append(ev.Dealt(seat, cards, len(cards)))
    position.events[:0] = dealt
    return position


def tutorial_controller(game: str = "guilin") -> Controller:
    """The tutorial's table: the script's fixed deal, the player in seat 2 between two casual bots."""
    seats = [SeatConfig("casual", "bot 1"), SeatConfig(HUMAN, "you"), SeatConfig("casual", "bot 3")]
    config = GameConfig(rules=SCRIPTS[game].rules, players=3, seats=seats, seed="tutorial", hands=1)
    return Controller(config, inline_bots=True, game=tutorial_game(game))


class TutorialTable(TableScene):
    """The table with the tutorial's hooks: it stops at explained events and refuses off-script decisions."""

    def __init__(self, tutorial: TutorialScene, controller: Controller, size: tuple[int, int], **kwargs: Any) -> None:
        """The table scene of ``tutorial`` (which pauses it at each explained move)."""
        self.tutorial = tutorial
        super().__init__(controller, size, **kwargs)
        self.turn_timer = 0  # the player reads each step at their own pace: no turn timer, no 托管

    def can_autoplay(self) -> bool:
        """The tutorial's hand is the player's to play, step by step: 托管 is not offered."""
        return False

    def _start_next(self) -> None:
        event = self.queue[0]
        super()._start_next()
        if self.tutorial.shown(event) and self.anim is None:
            self.anim = Animation([], set())  # holds the queue: the table goes on once the player has read the banner

    def update(self, dt: float) -> None:
        """While the tutorial is paused only the flying cards move; otherwise the table plays on."""
        if self.tutorial.paused:
            if self.anim is not None:
                self.anim.update(dt)  # the cards land and show where they went; the queue waits for the player
                if self.anim.finished:
                    self.anim = None
                    self.hide = set()
            return
        super().update(dt)

    def _act(self, action: Action) -> None:
        if not self.tutorial.allows(action):
            self.message = tr("tutorial.follow", self.lang)
            return
        super()._act(action)

    def next_hand(self) -> None:
        """The settlement closes the tutorial (there is no next hand)."""
        self.show_result = False
        self.tutorial.finish()


class TutorialScene(Scene):
    """The tutorial hand: a :class:`TutorialTable` and the banner on top of it."""

    def __init__(
        self,
        app: Any,
        size: tuple[int, int],
        lang: str = "zh",
        *,
        game: str = "guilin",
        speed: float = 1.0,
        sound: Any = None,
    ) -> None:
        """The tutorial of ``game`` at its first step; ``speed`` paces the bots' moves."""
        if game not in SCRIPTS:
            raise ValueError(f"no tutorial for {game!r}; there are {sorted(SCRIPTS)}")
        self.script = SCRIPTS[game]
        self.app = app
        self.size = size
        self.lang = lang
        self.step = "start"
        self.seen: list[str] = ["start"]  # the steps met so far, in order
        self.paused = False
        self.closed = False
        self.paint = Painter()  # the banner's lines (tests/app/ui/test_sizing.py checks they fit)
        self.controller = tutorial_controller(game)
        self.table = TutorialTable(
            self, self.controller, size, lang=lang, speed=speed, on_exit=self.finish, sound=sound
        )

    # --- the script ---------------------------------------------------------------------------------------------------

    def _enter(self, step: str) -> None:
        if step != self.step:
            self.step = step
            if step not in self.seen:
                self.seen.append(step)

    def shown(self, event: ev.Event) -> bool:
        """The table has just shown ``event``; True when the tutorial stops there to explain it."""
        step = None
        if isinstance(event, ev.Flipped) and event.seat == HUMAN_SEAT:
            step = "flip"
        elif isinstance(event, ev.Melded) and event.seat == HUMAN_SEAT and event.forced:
            step = {MeldKind.SAO: "sao", MeldKind.WEI: "wei", MeldKind.PAO: "pao", MeldKind.TI: "ti"}.get(
                event.meld.kind
            )
        if step is None or step not in self.script.paused or step in self.seen:
            return False
        self._enter(step)
        self.paused = True
        return True

    def _discards_made(self) -> int:
        return sum(1 for seat, a in self.controller.game.history if seat == HUMAN_SEAT and isinstance(a, Discard))

    def _decision_step(self, legal: list[Action]) -> str:
        if any(isinstance(a, Chi) for a in legal):
            return "chi"
        if Peng() in legal:
            return "peng"
        if Hu() in legal:
            return "hu"
        return f"discard{self._discards_made() + 1}"

    def allows(self, action: Action) -> bool:
        """Only the decision the banner asks for (any 吃 with a 比 group counts)."""
        legal = self.controller.legal(HUMAN_SEAT)
        step = self._decision_step(legal)
        if step == "chi":
            return isinstance(action, Chi) and len(action.groups) > 1
        if step == "peng":
            return action == Peng()
        if step == "hu":
            return action == Hu()
        n = self._discards_made()
        discards = self.script.discards
        return n < len(discards) and action == Discard(parse_card(discards[n]))

    def resume(self) -> None:
        """Go on after an explanation."""
        self.paused = False

    def finish(self) -> None:
        """Leave the tutorial (once), back to the screen under it."""
        if self.closed:
            return
        self.closed = True
        self.controller.close()
        self.app.pop()

    # --- the scene ----------------------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out for the new window size."""
        self.size = size
        self.table.resize(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        """While paused: a click, Space or Enter goes on, Esc leaves; otherwise the table takes the input."""
        if self.paused:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.finish()
            elif (event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            ):
                self.resume()
            return
        self.table.handle_event(event)

    def update(self, dt: float) -> None:
        """The table plays on; at the next explained move (or the settlement) the tutorial pauses and explains it."""
        self.table.update(dt)
        if self.paused:
            return
        if self.table.show_result:
            if self.step != "result":
                # Book the hand now: the settlement shows the totals and "match over" (the tutorial is one hand).
                self.table.match_over = not self.controller.next_hand()
            self._enter("result")
            return
        legal = self.table._my_decision()
        if legal:
            self._enter(self._decision_step(legal))

    @property
    def waiting_for_player(self) -> bool:
        """The tutorial waits for the player: an explanation shown, the settlement, or the player's turn."""
        return self.paused or self.table.show_result or bool(self.table._my_decision())

    def banner_lines(self) -> tuple[str, str]:
        """(what is happening, naming the rule; what to do now) for the current step."""
        prefix = self.script.prefix
        if self.step == "result":
            what = self._scoring_text()
        else:
            what = tr(f"{prefix}.{self.step}", self.lang)
        if self.paused:
            todo = tr("tutorial.click_to_continue", self.lang)
        elif self.waiting_for_player:
            todo = tr(self._todo_key(), self.lang)
        else:
            todo = tr("tutorial.watch", self.lang)
        return what, todo

    def _todo_key(self) -> str:
        """The i18n key of what to do now; a discard step names the gesture of the player's discard mode.

        Settings → 出牌方式 makes a discard a click, a double-click or a drag to the table (a single click then only
        selects the card), so a banner saying "click" in the other modes would leave the player stuck.
        """
        key = f"{self.script.prefix}.{self.step}.todo"
        mode = self.table.discard_mode
        if self.step.startswith("discard") and mode != "click":
            key += f".{mode}"
        return key

    def _scoring_text(self) -> str:
        result = self.controller.game.result
        s = result.settlement if result is not None else None
        if s is None:
            return tr("tutorial.result.draw", self.lang)
        if self.script.rules == "bohu":
            names = ("、" if self.lang == "zh" else ", ").join(tr(f"special.{n}", self.lang) for n in s.special) or "-"
            return tr("tutorial.bohu.result", self.lang, hu=s.hu, fan=s.fan, names=names, score=s.score)
        xing = "".join(glyph(k) for k in s.xing_cards) or "-"
        return tr(
            "tutorial.result",
            self.lang,
            hu=s.hu,
            duo_hu=s.duo_parts.get("hu", 0),
            xing=xing,
            xing_n=s.duo_parts.get("xing", 0),
            total=s.duo,
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the explanation's banner over it."""
        self.table.draw(surface)
        self._draw_banner(surface)

    def banner_rect(self) -> pygame.Rect:
        """Where the explanation goes: above the settlement panel, or clear of the player's hand and prompt."""
        w, h = self.size
        if self.table.show_result:
            # Above the settlement panel, in the strip it leaves at the top (its lines fill it from its top down).
            panel = panel_rect(self.size)
            height = max(40, panel.top - 2 * max(6, w // 160))
            return pygame.Rect(int(w * 0.30), max(6, w // 160), int(w * 0.45), height)
        # Top centre, between the scores (top left) and the right seat, above the wall and the card on offer.
        return pygame.Rect(int(w * 0.30), max(6, w // 160), int(w * 0.45), int(h * 0.21))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        rect = self.banner_rect()
        what, todo = self.banner_lines()
        title = tr(f"{self.script.prefix}.title", self.lang)
        size, blocks = self._fit(rect, title, what, todo)
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*PANEL, 235), box.get_rect(), border_radius=10)
        surface.blit(box, rect)
        pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=10)
        y = rect.top + 8
        self.paint.reset()
        for lines, colour, bold in blocks:
            for line in lines:
                self.paint.text(surface, line, size, colour, bold=bold, box=rect, topleft=(rect.left + 12, y))
                y += font(size).get_linesize()
            y += 2

    def _fit(
        self, rect: pygame.Rect, title: str, what: str, todo: str
    ) -> tuple[int, list[tuple[list[str], tuple[int, int, int], bool]]]:
        """The largest font size (down to 10 px) at which the banner's three parts fit in ``rect``."""
        size = max(12, self.size[1] // 38)
        while True:
            width = rect.width - 24
            blocks = [
                (wrap(title, font(size, bold=True), width), GOLD, True),
                (wrap(what, font(size), width), WHITE, False),
                (wrap(todo, font(size, bold=True), width), GOLD, True),
            ]
            lines = sum(len(b[0]) for b in blocks)
            if 16 + lines * font(size).get_linesize() + 2 * len(blocks) <= rect.height or size <= 10:
                return size, blocks
            size -= 1


def wrap(s: str, f: pygame.font.Font, width: int) -> list[str]:
    """``s`` in lines no wider than ``width``: at spaces for English, anywhere between Chinese characters."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for token in _tokens(para):
            candidate = line + token
            if line and f.size(candidate.rstrip())[0] > width:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = candidate
        lines.append(line.rstrip())
    return lines


def _tokens(s: str) -> list[str]:
    """Words with their trailing space, and each CJK character (or full-width punctuation) on its own."""
    out: list[str] = []
    word = ""
    for ch in s:
        if ord(ch) >= 0x2E80:
            if word:
                out.append(word)
                word = ""
            if ch in "，。：；！？）、」』”" and out:
                out[-1] += ch  # never start a line with closing punctuation
            else:
                out.append(ch)
        elif ch == " ":
            out.append(word + " ")
            word = ""
        elif not word and ch in ",.;:!?)]" and out and not out[-1].endswith(" "):
            out[-1] += ch  # nor with a Latin one after a Chinese character ("(passed 吃)")
        else:
            word += ch
    if word:
        out.append(word)
    return out
