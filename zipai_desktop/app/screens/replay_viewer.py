"""The replay viewer: a step-by-step view of one finished hand.

It shows the table after step k (k actions of the record): the table itself (melds, piles, the card on offer,
the wall) is the view model fed with the hand's events up to step k as a spectator sees them (``redact(e, None)``),
and, since the hand is over, every seat's concealed cards come from the engine replayed to step k
(``replay(record, upto=k).hands``); face-down melds are shown dimmed with their kinds for the same reason.
The list of hands that opens it is :mod:`.replays`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...engine import events as ev
from ...engine.actions import Chi, Discard, Hu, Peng, action_from_json
from ...engine.cards import HIDDEN, NUM_KINDS, format_cards, glyph
from ...engine.game import Game
from ...engine.melds import Meld, MeldKind
from ...engine.record import RecordError, dumps, replay
from ...store.atomic import write_atomic
from ...store.paths import replays_dir
from ..scene import Scene
from ..table.view_model import TableView
from ..ui import cards
from ..ui.fonts import font, text
from ..ui.gui import manager
from ..ui.i18n import STRINGS, tr
from ..ui.names import Person, full_name, person, say
from ..ui.palette import FELT, FELT_DARK, GOLD, GREY, PANEL, WHITE
from ..ui.sizing import Drawn, Painter, ui_for

STEP_SECONDS = 0.6  # one step per 0.6 s while playing
GAP = 1 / 6  # the space between kinds in a hand and between melds, per card width
PILE_ROWS = 3  # a pile wraps onto this many overlapping rows beside the melds
RED = (255, 150, 150)


def seat_name(seat: int, seats: Sequence[str] | None, lang: str, names: Sequence[str] | None = None) -> str:
    """The seat's name as the table gives it (names.full_name): 你, 玩家2, 电脑2（普通） for a bot, or a 比赛 entrant's
    name with its level (阿强（初学）) when the record keeps the seats' ``names``."""
    return full_name(seat, seats, lang, names)


def record_names(record: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The seats' given names a 比赛 hand's record keeps (persist.hand_record); None when it keeps none."""
    names = record.get("names")
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        return tuple(names)
    return None


def game_name(rules: str, lang: str) -> str:
    """The game's name in ``lang`` (桂林字牌 / 秀山博胡), or the rules' own name when unknown."""
    return tr(f"game.{rules}", lang) if f"game.{rules}" in STRINGS else rules


def clip(img: pygame.Surface, width: int) -> pygame.Surface:
    """The left part of a rendered line that fits ``width`` (the window shows what fits, never overflows)."""
    if img.get_width() <= width:
        return img
    return img.subsurface(pygame.Rect(0, 0, max(1, width), img.get_height()))


def wrap(line: str, size: int, width: int, colour: tuple[int, int, int] = WHITE) -> list[pygame.Surface]:
    """A line broken to fit ``width``: at spaces, or between any two characters where there are none (Chinese)."""
    out: list[pygame.Surface] = []
    words = line.split(" ")
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if text(candidate, size, colour).get_width() <= width:
            current = candidate
            continue
        if current:
            out.append(text(current, size, colour))
        current = word
        while text(current, size, colour).get_width() > width and len(current) > 1:
            cut = len(current) - 1
            while cut > 1 and text(current[:cut], size, colour).get_width() > width:
                cut -= 1
            out.append(text(current[:cut], size, colour))
            current = current[cut:]
    if current:
        out.append(text(current, size, colour))
    return out


def record_id(record: Mapping[str, Any]) -> str:
    """A stable name for a record that has no history id: a short hash of its content."""
    blob = json.dumps(record, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha1(blob).hexdigest()[:10]


# ---------------------------------------------------------------------------------------------------------------------
# The viewer.


class ReplayScene(Scene):
    """One finished hand, step by step: ←/→, Space play/pause, Home/End, Esc back; Export writes it to a file."""

    def __init__(
        self,
        app: Any,
        size: tuple[int, int],
        lang: str = "zh",
        record: Mapping[str, Any] | None = None,
        *,
        hand_id: int | None = None,
        seats: Sequence[str] | None = None,
        hand_no: int | None = None,
        autoplay: bool = False,
    ) -> None:
        """A viewer of ``record`` (replayed to check it), at its deal; the hand's id, seats and number when stored, and
        its 托管 mark (``autoplay``: a human seat was played, even partly, by the 托管 bot)."""
        if record is None:
            raise RecordError("no record to replay")
        self.app = app
        self.size = size
        self.lang = lang
        self.record = dict(record)
        self.hand_id = hand_id
        self.hand_no = hand_no
        self.autoplay = autoplay
        stored = self.record.get("seats")
        if seats is None and isinstance(stored, list) and all(isinstance(s, str) for s in stored):
            seats = stored
        self.seats: tuple[str, ...] | None = tuple(seats) if seats is not None else None
        self.names = record_names(self.record)
        self.full = replay(self.record)  # raises RecordError for a record that does not replay
        self.actions = [(int(a["seat"]), action_from_json(a["action"])) for a in self.record["actions"]]
        self.total = len(self.actions)
        self.bounds = self._event_bounds()
        self.playing = False
        self.clock = 0.0
        self.message = ""
        self.message_colour = GREY
        self.paint = Painter()
        self.step = -1
        self.goto(0)
        self._build_gui()

    def _event_bounds(self) -> list[int]:
        """How many events the hand had after each step (one pass: the engine applies the record's actions again).

        Also measures the widest seat of the whole replay (in card widths), so the cards keep one size throughout.
        """
        game = replay(self.record, upto=0)
        bounds = [len(game.events)]
        self.widths = (0.0, 0.0, 0.0)  # (hand, melds and pile, all on one row)
        self._measure(game)
        for seat, action in self.actions:
            game.apply(seat, action)
            bounds.append(len(game.events))
            self._measure(game)
        return bounds

    def _measure(self, game: Game) -> None:
        hand_w, table_w, row_w = self.widths
        for seat in game.active:
            hand = game.hands[seat]
            held = sum(hand) * 1.05 + sum(1 for c in hand if c) * GAP
            pile = -(-len(game.piles[seat]) // PILE_ROWS) * 0.62 + 1 if game.piles[seat] else 0.0
            table = len(game.melds[seat]) * (1 + GAP) + 3 * GAP + pile
            hand_w, table_w, row_w = max(hand_w, held), max(table_w, table), max(row_w, held + 3 * GAP + table)
        self.widths = (hand_w, table_w, row_w)

    # --- the state after step k -------------------------------------------------------------------------------------

    def goto(self, k: int) -> None:
        """Show the table after the first ``k`` actions (0: the deal), replayed from the record."""
        k = max(0, min(self.total, k))
        if k == self.step:
            return
        self.step = k
        self.game: Game = replay(self.record, upto=k)
        self.view = TableView(None)
        self.step_events: list[ev.Event] = []
        for i, event in enumerate(self.game.events):
            seen = ev.redact(event, None)
            if seen is None:
                continue
            self.view.apply(seen)
            if i >= (self.bounds[k - 1] if k > 0 else 0):
                self.step_events.append(seen)

    def forward(self) -> None:
        """One action on."""
        self.goto(self.step + 1)

    def back(self) -> None:
        """One action back."""
        self.goto(self.step - 1)

    def toggle_play(self) -> None:
        """Start or stop playing the hand on its own (from the deal when at the end)."""
        self.playing = not self.playing
        self.clock = 0.0
        if self.playing and self.step >= self.total:
            self.goto(0)
        self._label_play()

    def melds(self, seat: int) -> list[Meld]:
        """The seat's melds as the table shows them, with the kinds of face-down melds filled in from the engine."""
        shown = list(self.view.melds[seat])
        engine = self.game.melds[seat]
        for i, meld in enumerate(shown):
            if meld.cards and meld.cards[0] == HIDDEN and i < len(engine):
                shown[i] = engine[i]
        return shown

    # --- words ------------------------------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The seat's label in ``lang`` (你, 电脑n（普通）, or the stored name)."""
        return seat_name(seat, self.seats, self.lang, self.names)

    def person(self, seat: int) -> Person:
        """The seat's forms in a sentence (names.person): You / you / your for the seat that was the player's (the only
        human of the stored seats), else its name; with no stored seats every seat is 玩家n."""
        return person(seat, self.seats, self.lang, self.names)

    def describe_action(self, index: int) -> str:
        """The record's action ``index`` as a sentence about its seat: "You discard 伍", "电脑2 碰"."""
        seat, action = self.actions[index]
        who = self.person(seat)
        if isinstance(action, Discard):
            return say("log.discards", self.lang, who, card=glyph(action.card))
        if isinstance(action, Hu):
            return say("replay.hu", self.lang, who)
        if isinstance(action, Peng):
            return say("replay.peng", self.lang, who)
        if isinstance(action, Chi):
            main, *bi = action.groups
            if bi:
                groups = " ".join(format_cards(g) for g in bi)
                return say("replay.chi_bi", self.lang, who, cards=format_cards(main), bi=groups)
            return say("log.chi", self.lang, who, cards=format_cards(main))
        return say("replay.pass", self.lang, who)

    def last_action(self) -> str:
        """The line about the last action shown (or the deal)."""
        action = tr("replay.deal", self.lang) if self.step == 0 else self.describe_action(self.step - 1)
        return tr("replay.last_action", self.lang, action=action)

    def describe_event(self, e: ev.Event) -> str:
        """One engine event as a sentence (打, 吃, 碰, 偎, 跑, 提, 胡, ...), for the event log."""
        if isinstance(e, ev.Discarded):
            return say("log.discards", self.lang, self.person(e.seat), card=glyph(e.card))
        if isinstance(e, ev.Flipped):
            card = glyph(e.card) if e.card is not None else "?"
            return say("log.flips", self.lang, self.person(e.seat), card=card)
        if isinstance(e, ev.ToPile):
            return f"{glyph(e.card)} {tr('replay.to_pile', self.lang)}"
        if isinstance(e, ev.Melded):
            return self._describe_meld(e)
        if isinstance(e, ev.DangDi):
            key = "log.dang_di" if self.view.rules == "guilin" else "log.liang_zhang"
            return say(key, self.lang, self.person(e.seat), card=glyph(e.card))
        if isinstance(e, ev.Won):
            return say("result.wins", self.lang, self.person(e.seat))
        if isinstance(e, ev.XingFlipped):
            return f"{tr('result.xing', self.lang)} {format_cards(e.cards)}"
        if isinstance(e, ev.HandEnded) and e.winner is None:
            return tr("result.draw", self.lang)
        return ""

    def _describe_meld(self, e: ev.Melded) -> str:
        """A meld as the table's log says it ("You eat 一二三", "Bot 2 pengs 伍伍伍", "你 偎 ..."); a face-down meld
        shows its cards, which the engine knows once the hand is over."""
        meld = e.meld
        if meld.cards and meld.cards[0] == HIDDEN:
            index = e.replaces if e.replaces >= 0 else None
            melds = self.game.melds[e.seat]
            found = melds[index] if index is not None and index < len(melds) else None
            meld = found or next((m for m in melds if m.kind == meld.kind), meld)
        cards_text = format_cards(meld.cards) if meld.cards and meld.cards[0] != HIDDEN else ""
        who = self.person(e.seat)
        # A 吃's 比 groups come as more 吃 melds made only of hand cards: they are named 比, as at the table.
        bi = meld.kind is MeldKind.CHI and len(e.from_hand) == len(meld.cards)
        if meld.kind in (MeldKind.CHI, MeldKind.PENG) and not bi:
            return say(f"log.{meld.kind.value}", self.lang, who, cards=cards_text).rstrip()
        name = tr("meld.bi" if bi else f"meld.{meld.kind.value}", self.lang)
        return say("log.meld", self.lang, who, meld=name, cards=cards_text).rstrip()

    # --- controls ---------------------------------------------------------------------------------------------------

    def _build_gui(self) -> None:
        ui = self.ui = ui_for(self.size)
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, str] = {}
        kinds = ["start", "prev", "play", "next", "end", "export", "back"]
        margin = max(8, w // 120)
        bh = ui.line()
        self.buttons_top = h - bh - margin
        # Every button as wide as the widest label (play's both labels), the row from the left.
        labels = [self._label(k) for k in kinds] + [tr("replay.pause", self.lang), tr("replay.play", self.lang)]
        least = max(ui.button_w(label) for label in labels)
        for kind, rect in zip(
            kinds, ui.row([""] * len(kinds), margin, self.buttons_top, least=least, height=bh), strict=False
        ):
            self.gui_buttons[pygame_gui.elements.UIButton(rect, self._label(kind), self.gui)] = kind
        self._sizes: tuple[pygame.Rect, pygame.Rect, list[pygame.Rect], int, bool] | None = None

    def _label(self, kind: str) -> str:
        if kind == "play":
            return tr("replay.pause" if self.playing else "replay.play", self.lang)
        return tr(f"replay.{kind}", self.lang)

    def _label_play(self) -> None:
        for b, kind in self.gui_buttons.items():
            if kind == "play":
                b.set_text(self._label("play"))  # type: ignore[attr-defined]  # (the dict keys are UIButtons)

    def button(self, kind: str) -> Any:
        """The pygame_gui button of ``kind`` (start, prev, play, next, end, export, back)."""
        return next((b for b, k in self.gui_buttons.items() if k == kind), None)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the viewer out for the new window size."""
        self.size = size
        cards.clear_cache()
        self._build_gui()

    def export(self) -> Path | None:
        """Write the record to ``replays_dir()/hand-<id>.json`` (atomically); the path, or None when it failed."""
        name = f"hand-{self.hand_id if self.hand_id is not None else record_id(self.record)}.json"
        out = dict(self.record)
        if self.seats is not None:
            out.setdefault("seats", list(self.seats))  # so an imported file still names the computer seats
        try:
            path = replays_dir() / name
            write_atomic(path, dumps(out))
        except OSError as exc:
            self.message = tr("replay.export_failed", self.lang, reason=str(exc))
            self.message_colour = RED
            return None
        self.message = tr("replay.exported", self.lang, path=str(path))
        self.message_colour = GREY
        return path

    def command(self, kind: str) -> None:
        """Do what the button ``kind`` stands for (a step, play, export, back)."""
        if kind == "start":
            self.goto(0)
        elif kind == "prev":
            self.back()
        elif kind == "next":
            self.forward()
        elif kind == "end":
            self.goto(self.total)
        elif kind == "play":
            self.toggle_play()
            return
        elif kind == "export":
            self.export()
            return
        elif kind == "back":
            self.app.pop()
            return
        if self.playing:  # a manual step pauses the playback
            self.playing = False
            self._label_play()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons, and the keys: ←/→ step, Home/End, Space plays or stops, Esc goes back."""
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            self.command(self.gui_buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_LEFT: "prev",
                pygame.K_RIGHT: "next",
                pygame.K_HOME: "start",
                pygame.K_END: "end",
                pygame.K_SPACE: "play",
                pygame.K_ESCAPE: "back",
            }
            if event.key in keys:
                self.command(keys[event.key])

    def update(self, dt: float) -> None:
        """While playing, one action on at each interval of the chosen speed."""
        self.gui.update(dt)
        if not self.playing:
            return
        self.clock += dt
        while self.clock >= STEP_SECONDS and self.playing:
            self.clock -= STEP_SECONDS
            self.forward()
            if self.step >= self.total:
                self.playing = False
                self._label_play()

    # --- layout -----------------------------------------------------------------------------------------------------

    def _layout(self) -> tuple[pygame.Rect, pygame.Rect, list[pygame.Rect], int, bool]:
        """(header, side panel, one band per seat, card width, hand on its own row).

        A seat that sits this hand out gets a band of one line; the others share the height. The cards take the
        largest width at which the fullest hand of the replay fits, either on one row with the melds and the pile or
        on a row of its own above them.
        """
        if self._sizes is not None:
            return self._sizes
        w, h = self.size
        margin = max(8, w // 120)
        size = max(12, h // 40)
        header_h = self.ui.line(size + 4) + font(max(10, size - 3)).get_linesize()
        header = pygame.Rect(margin, margin, w - 2 * margin, header_h)
        side_w = max(220, int(w * 0.21))
        top = header.bottom + 6
        side = pygame.Rect(w - margin - side_w, top, side_w, self.buttons_top - top - 8)
        area = pygame.Rect(margin, top, side.left - 2 * margin, side.height)
        label = font(max(11, h // 52)).get_linesize() + 6
        players = range(self.full.players)
        active = [s in self.full.active for s in players]
        idle_h = label + 8
        band_h = (area.height - idle_h * active.count(False)) // max(1, active.count(True))
        bands = []
        y = area.top
        for playing in active:
            height = band_h if playing else idle_h
            bands.append(pygame.Rect(area.left, y, area.width, height - 6))
            y += height
        hand_units, table_units, row_units = self.widths
        meld = card_aspect() * 2.26  # a column of four overlapping cards, per unit of card width
        inner = band_h - 6 - label - 4
        room = area.width - 16
        one_row = min(inner / meld, room / max(1.0, row_units))
        two_rows = min((inner - 6) / (meld + card_aspect()), room / max(1.0, hand_units, table_units))
        card_w = int(max(12, min(max(one_row, two_rows), w / 27, h * 0.062)))
        self._sizes = (header, side, bands, card_w, two_rows > one_row)
        return self._sizes

    # --- drawing ----------------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The table at this step: each seat's hand, melds and pile, the wall, the log and the buttons."""
        self.paint.reset()
        surface.fill(FELT)
        header, side, bands, card_w, two_rows = self._layout()
        self._draw_header(surface, header)
        for seat, band in enumerate(bands):
            self._draw_seat(surface, seat, band, card_w, two_rows)
        self._draw_side(surface, side, card_w)
        self.gui.draw_ui(surface)

    def _draw_header(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = max(12, self.size[1] // 40)
        title = tr("replay.title", self.lang, game=tr(f"game.{self.full.rules.name}", self.lang))
        if self.hand_no is not None:
            title += "  " + tr("table.hand", self.lang, n=self.hand_no)
        if self.hand_id is not None:
            title += f"  #{self.hand_id}"
        if self.autoplay:
            title += f"  [{tr('autoplay.mark', self.lang)}]"
        step = self.paint.text(
            surface,
            tr("replay.step", self.lang, k=self.step, n=self.total),
            size + 4,
            GOLD,
            bold=True,
            topright=rect.topright,
        )
        for img in wrap(title, size + 4, rect.width - step.width - 20, GOLD)[:1]:
            paint_image(self.paint, surface, img, title, rect.topleft)
        keys = tr("replay.keys", self.lang)
        for img in wrap(keys, max(10, size - 3), rect.width, GREY)[:1]:
            paint_image(self.paint, surface, img, keys, (rect.left, rect.top + self.ui.line(size + 4)))

    def _draw_seat(self, surface: pygame.Surface, seat: int, band: pygame.Rect, w: int, two_rows: bool) -> None:
        game, view = self.game, self.view
        pygame.draw.rect(surface, FELT_DARK, band, border_radius=8)
        size = max(11, self.size[1] // 52)
        label = self.name(seat)
        if seat == view.dealer:
            label += f"  [{tr('table.dealer', self.lang)}]"
        active = seat in game.active
        if not active:
            label += f"  ({tr('table.sitting_out', self.lang)})"
        if view.ended is not None:
            label += f"   {view.ended.points[seat]:+d}"
        colour = GOLD if seat == game.to_act or (view.won is not None and view.won.seat == seat) else WHITE
        self.paint.text(surface, label, size, colour, bold=colour == GOLD, topleft=(band.left + 8, band.top + 3))
        if not active:
            return
        _, h = cards.card_size(w)
        top = band.top + size + 12
        x = band.left + 8
        gap = max(3, w // 6)
        hand = game.hands[seat]
        for k in range(NUM_KINDS):
            for _ in range(hand[k]):
                surface.blit(cards.face(k, w), (x, top))
                x += w + 1
            if hand[k]:
                x += gap
        if two_rows:
            x, top = band.left + 8, top + h + 6
        else:
            x += gap * 2
        step = w + max(3, w // 6)
        for meld in self.melds(seat):
            for i, k in enumerate(meld.cards):
                img = cards.back(w) if k == HIDDEN else cards.face(k, w, dim=i < meld.face_down)
                surface.blit(img, (x, top + i * int(h * 0.42)))
            x += step
        x += gap * 2
        pile = view.piles[seat]
        if not pile:
            return
        pile_step = max(6, int(w * 0.62))
        per_row = max(1, (band.right - 8 - x - w) // pile_step + 1)
        for i, k in enumerate(pile):
            row, col = divmod(i, per_row)
            surface.blit(cards.face(k, w), (x + col * pile_step, top + row * int(h * 0.55)))

    def _draw_side(self, surface: pygame.Surface, rect: pygame.Rect, card_w: int) -> None:
        pygame.draw.rect(surface, PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, GREY, rect, width=1, border_radius=10)
        view = self.view
        size = max(11, self.size[1] // 50)
        inner = rect.width - 24
        x, y = rect.left + 12, rect.top + 10
        self.paint.text(surface, tr("table.wall_left", self.lang, n=view.wall), size, WHITE, topleft=(x, y))
        y += size + 10
        big_w = max(card_w, min(int(card_w * 1.4), inner // 4))
        _, big_h = cards.card_size(big_w)
        if view.offer is not None:
            img = cards.face(view.offer.card, big_w) if view.offer.card != HIDDEN else cards.back(big_w)
            surface.blit(img, (x, y))
            oy = y + 4
            for img in wrap(self.name(view.offer.seat), size, inner - big_w - 12, GREY)[:2]:
                paint_image(self.paint, surface, img, "offer", (x + big_w + 10, oy))
                oy += img.get_height()
        if view.dang_di is not None:
            name = tr("table.dang_di" if view.rules == "guilin" else "table.liang_zhang", self.lang)
            small = cards.face(view.dang_di, card_w)
            surface.blit(small, small.get_rect(bottomright=(rect.right - 12, y + big_h)))
            self.paint.text(surface, name, max(10, size - 2), GREY, bottomright=(rect.right - 16 - card_w, y + big_h))
        y += big_h + 12
        bottom = rect.bottom - 8
        lines: list[tuple[str, tuple[int, int, int]]] = [(self.last_action(), GOLD)]
        described = [d for d in (self.describe_event(e) for e in self.step_events) if d]
        if described:
            lines.append((tr("replay.this_step", self.lang) + ":", GREY))
            lines += [(f"  {d}", WHITE) for d in described]
        if view.ended is not None:
            lines.append(("", WHITE))
            lines += self._result_lines()
        if self.message:
            lines.append(("", WHITE))
            lines.append((self.message, self.message_colour))
        for line, colour in lines:
            for img in wrap(line, size, inner, colour) if line else [text(" ", size, colour)]:
                if y + img.get_height() > bottom:
                    return
                paint_image(self.paint, surface, img, line, (x, y))
                y += img.get_height() + 1

    def _result_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        view = self.view
        ended = view.ended
        assert ended is not None
        out: list[tuple[str, tuple[int, int, int]]] = []
        if ended.winner is None:
            out.append((tr("result.draw", self.lang), GOLD))
        else:
            head = say("result.wins", self.lang, self.person(ended.winner))
            out.append((f"{head}  {tr('result.score', self.lang)} {ended.score}", GOLD))
            if view.won is not None:
                unit = "result.hu" if view.rules == "guilin" else "result.huxi"
                special = " ".join(tr(f"special.{s}", self.lang) for s in view.won.special if f"special.{s}" in STRINGS)
                out.append((f"{tr(unit, self.lang)} {view.won.hu}  {special}".rstrip(), WHITE))
        for seat in range(len(ended.points)):
            out.append((f"{self.name(seat)}  {ended.points[seat]:+d}", WHITE))
        out += [(line, WHITE) for line in self.payment_lines()]
        return out

    def payment_lines(self) -> list[str]:
        """Who paid whom at the end of the hand, as the table's settlement says it ("Bot 1 pays you 4 points"); a
        winner-only hand (秀山博胡's default) says so; nothing before the end or after a draw."""
        result = self.game.result
        settlement = result.settlement if result is not None else None
        if result is None or result.winner is None or settlement is None:
            return []
        payments = getattr(settlement, "payments", ())
        lines = [
            say("result.pays", self.lang, self.person(p.payer), payee=self.person(p.payee).obj, amount=p.amount)
            for p in payments
        ]
        if not payments:
            lines.append(say("pay.winner_only", self.lang, self.person(result.winner), score=result.score))
        return lines


def card_aspect() -> float:
    """A card's height over its width."""
    return cards.ASPECT


# ---------------------------------------------------------------------------------------------------------------------
# The list.


def paint_image(paint: Painter, surface: pygame.Surface, img: pygame.Surface, label: str, pos: tuple[int, int]) -> None:
    """Blit a line already rendered (a piece of a wrapped text) and record it like :meth:`Painter.text` does."""
    surface.blit(img, pos)
    paint.drawn.append(Drawn(label, img.get_rect(topleft=pos), img.get_rect(topleft=pos)))
