"""The table scene's drawing: the seats, hands, melds, piles, the centre, the prompt, the log, the help."""

from __future__ import annotations

import pygame

from ...engine import events as ev
from ...engine.actions import Chi, Discard
from ...engine.cards import HIDDEN, format_cards, glyph, is_red, parse_cards
from ...engine.melds import Meld, MeldKind
from ..ui import cards
from ..ui.fonts import fitted, font, text
from ..ui.i18n import tr
from ..ui.names import say
from ..ui.palette import FELT, FELT_DARK, GOLD, GREY, LOG_TEXT, PANEL, WHITE
from ..ui.sizing import ui_for
from . import aids, autoplay_view, presence
from .flights import meld_pos, pile_pos
from .reveal import Reveal, badge_text, reveal_place
from .reveal import label_size as reveal_label_size
from .settlement_panel import build_panel, draw_result, frame_of
from .stakes_view import rate_text, totals_text
from .state import TableState


def log_size(window: tuple[int, int]) -> int:
    """The action log's type size: readable at a glance (15 px at 720 lines, never under 13)."""
    return max(13, window[1] // 48)


class TableDrawing(TableState):
    """The table scene's painting of one frame."""

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table: the seats, the middle, the animation, the prompt, the aids, the panel or the help."""
        surface.fill(FELT)
        w, h = self.size
        pygame.draw.ellipse(surface, FELT_DARK, self.layout.centre.inflate(int(w * 0.2), int(h * 0.2)), 0)
        if self.cover_for is not None:
            self._draw_cover(surface, self.cover_for)
            if self.confirm_leave:  # Esc on the cover: the leave dialog over the cover, never over a hand
                aids.draw_confirm_leave(self.aids_view(), surface)
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
        self._draw_autoplay(surface)
        self._draw_cues(surface)
        presence.draw_bubbles(self, surface)
        presence.draw_phrase_menu(self, surface)
        seen = self.aids_view()
        aids.draw_count(seen, surface)
        aids.draw_hint(seen, surface)
        if self.show_result:
            draw_result(frame_of(self), build_panel(self), surface)
        elif self.show_help:
            self._draw_help(surface)
        aids.draw_toast(seen, surface)
        if self.confirm_leave:
            aids.draw_confirm_leave(seen, surface)
        self.banner.draw(surface, area=self._banner_area())

    def _banner_area(self) -> pygame.Rect:
        """The store's messages go at the top, right of the scores (which stay readable)."""
        info = self.layout.info
        return pygame.Rect(info.right + info.left, 0, self.size[0] - info.right - 2 * info.left, self.size[1])

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
        totals = "  ".join(f"{self.short_name(s)} {match.totals[s]:+d}" for s in range(self.view.players))
        line = f"{tr('table.total', self.lang)}: {totals}"
        surface.blit(fitted(line, size, lay.info.width, WHITE), (lay.info.left, y))
        if match.stakes is not None:  # 倍率: the running balance in stake units, one line more
            y += size + 6
            stakes = f"{rate_text(match, self.lang)}   {totals_text(match, self.lang, self.short_name)}"
            surface.blit(fitted(stakes, max(10, size - 2), lay.info.width, GOLD), (lay.info.left, y))
        speed = f"{tr('settings.animation_speed', self.lang)} ×{self.speed:.2g}  (-/+, Tab)"
        surface.blit(text(speed, max(10, size - 4), GREY), (lay.info.left, y + size + 6))

    def label_place(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s name line goes: its label's place, but for a seat sitting out the hand (Bohu with 4
        seated) across the middle of where its hand would be, not in a corner where it stacks on another seat's name."""
        area = self.layout.seats[seat]
        if seat in self.controller.game.active or area.side == "bottom":
            return area.label
        if area.side == "top":
            return area.hand
        # A side seat: a line as wide as its label, across the middle of its (empty) column of backs.
        place = pygame.Rect(0, 0, area.label.width, area.label.height)
        if area.side == "right":
            place.midright = area.hand.midright
        else:
            place.midleft = area.hand.midleft
        return place

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
        own_place = self.label_place(seat) is area.label  # else a seat sitting out: its name where its hand would be
        place = self.label_place(seat)
        if own_place:
            place = presence.draw_badge(self, surface, seat, place)  # the emblem, then the name
        button = presence.phrase_button(self) if seat == self.viewer else None
        if button is not None and button.left < place.right:
            place = pygame.Rect(place.left, place.top, max(1, button.left - 8 - place.left), place.height)
        room = place.width
        if seat == self.viewer and self.can_autoplay():  # the 托管 button and the timer's ring end the line
            edge = autoplay_view.left_edge(self.layout, seat, self.lang, self.autoplay_right())
            room = max(1, min(room, edge - 8 - place.left))
        if seat == view.dealer and view.dang_di is not None:
            # The 挡底 / 亮张 card sits by the dealer: its name and the card, small, at the end of the label line.
            name = tr("table.dang_di_short" if view.rules == "guilin" else "table.liang_zhang_short", self.lang)
            tag = text(name, size, GREY)
            room -= tag.get_width() + 14 + text(glyph(view.dang_di), size, GREY).get_width() + 12
        pill = autoplay_view.badge(self.lang, size) if seat in self.controller.autoplay else None
        if pill is not None:  # 托管中: its badge follows the name, in the label's place
            room -= pill.get_width() + 8
        label = self._name(seat) + extra
        if font(size).size(label)[0] > room:
            label = self.short_name(seat) + extra  # a narrow place drops the bot's level before shrinking the text
        if seat == view.dealer and view.dang_di is not None:
            drawn = surface.blit(fitted(label, size, room, colour, bold=seat == self.controller.to_act), place)
            at = surface.blit(tag, (drawn.right + 10, drawn.top))
            mini = self._mini_card(surface, view.dang_di, at.right + 4, drawn.top, max(drawn.height, tag.get_height()))
            drawn = drawn.union(mini)
        else:
            line = fitted(label, size, room, colour, bold=seat == self.controller.to_act)
            if own_place:
                drawn = surface.blit(line, place)
                if pill is None:  # a named bot's manner, when it fits (托管中's badge takes that place)
                    presence.draw_style(self, surface, seat, drawn, place)
            else:  # a seat sitting out: its name where its hand would be, towards the table's edge
                anchor = {"top": "center", "right": "midright", "left": "midleft"}[area.side]
                at = line.get_rect(**{anchor: getattr(place, anchor)})
                if area.side == "left":
                    at.left += at.height + max(4, at.height // 4)  # room for the emblem before the name
                presence.badge_before(self, surface, seat, at)
                drawn = surface.blit(line, at)
        if pill is not None:
            surface.blit(pill, pill.get_rect(midleft=(drawn.right + 8, drawn.centery)))
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
            tag = text(self.pile_label(seat), max(9, area.pile_label_h * 2 // 3), GREY)
            surface.blit(tag, area.pile.topleft)
        for i, k in enumerate(pile):
            if ("pile", seat) in self.hide and i == len(pile) - 1:
                continue
            img = cards.face(k, self.layout.small_w)
            surface.blit(img, img.get_rect(center=pile_pos(self.layout, self.view, seat, i)))

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

    def revealed(self, seat: int) -> Reveal:
        """Where ``seat``'s hand goes face up now that the hand is over: its labelled box, apart from its melds, and
        each kind's card with its count badge beside it (:mod:`.reveal`); what :meth:`_draw_revealed` draws."""
        assert self.view.ended is not None
        counts: dict[int, int] = {}
        for k in parse_cards(self.view.ended.hands[seat]):
            counts[k] = counts.get(k, 0) + 1
        label = tr("table.hand_group", self.lang)
        return reveal_place(self.layout, seat, counts, font(reveal_label_size(self.layout)).size(label)[0])

    def _draw_revealed(self, surface: pygame.Surface, seat: int) -> None:
        """The hand is over: another seat's concealed cards face up in a labelled box of their own, one card per kind,
        a badge with the count beside each card held more than once."""
        place = self.revealed(seat)
        if not place.spots:
            return
        pygame.draw.rect(surface, PANEL, place.box, border_radius=6)
        pygame.draw.rect(surface, GREY, place.box, width=1, border_radius=6)
        label = fitted(tr("table.hand_group", self.lang), place.label_size, place.label.width, GREY)
        surface.blit(label, label.get_rect(midleft=place.label.midleft))
        for spot in place.spots:
            surface.blit(cards.face(spot.kind, spot.card.width), spot.card)
        for spot in place.spots:  # after every card: a badge lies on the felt of its box, over no card
            if spot.badge is not None:
                pygame.draw.rect(surface, GOLD, spot.badge, border_radius=spot.badge.height // 2)
                tag = text(badge_text(spot.count), place.badge_size, PANEL, bold=True)
                surface.blit(tag, tag.get_rect(center=spot.badge.center))

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
        img = text(self.win_banner(), max(20, lay.size[1] // 18), GOLD, bold=True)
        # Above the winning card, in the middle where everyone looks; the winner's label is framed too.
        box = img.get_rect(midbottom=(lay.offer.centerx, lay.offer.centery - cards.card_size(lay.hand_w)[1] // 2 - 16))
        box.clamp_ip(pygame.Rect((0, 0), lay.size).inflate(-24, -24))
        label = lay.seats[won.seat].label
        pygame.draw.rect(surface, GOLD, label.inflate(8, 4), width=2, border_radius=6)
        pygame.draw.rect(surface, PANEL, box.inflate(28, 14), border_radius=12)
        pygame.draw.rect(surface, GOLD, box.inflate(28, 14), width=3, border_radius=12)
        surface.blit(img, box)

    def pile_label(self, seat: int) -> str:
        """The label over a seat's pile of passed cards: 你的弃牌 / Your discards, 电脑2的弃牌 / Bot 2's discards."""
        owner = self.person(seat)
        return say("table.pile", self.lang, owner, poss=owner.poss)

    def win_banner(self) -> str:
        """The win's banner line: who won and how, naming the discarder of a 点炮 ("电脑2 胡！你 点炮")."""
        won = self.view.won
        assert won is not None
        # 点炮 is what the discarder did: the line names the winner (胡) and, on a discard, who fed the win.
        key = {"own_draw": "zimo", "discard": "dianpao", "other_draw": "pinghu"}.get(won.source, "deal")
        words = [say(f"banner.{key}", self.lang, self.person(won.seat), by_poss=self.person(won.from_seat).poss)]
        words += [tr(f"special.{n}", self.lang) for n in won.special if n in ("tianhu", "dihu", "sanlong_wukan")]
        return "  ".join(words)

    def _draw_meld(self, surface: pygame.Surface, seat: int, index: int, meld: Meld) -> None:
        cx, cy = meld_pos(self.layout, seat, index)
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
            cursor = next((s for s in spots if (s.col, s.row) == chosen[:2]), None)
            if cursor is not None:
                pygame.draw.rect(surface, GOLD, cursor.hit.inflate(4, 4), width=3, border_radius=6)
        if drag is not None:
            img = cards.face(drag.kind, self.layout.hand_card_w, mark=True)
            surface.blit(img, img.get_rect(center=drag.pos))
        if self.helpers["waits"]:
            aids.draw_waits(self.aids_view(), surface)

    def _draw_centre(self, surface: pygame.Surface) -> None:
        lay = self.layout
        view = self.view
        w = lay.small_w
        img = cards.back(w)
        size = max(12, lay.size[1] // 40)
        count = text(tr("table.wall_left", self.lang, n=view.wall), size, WHITE)
        at = count.get_rect(midtop=(lay.wall.centerx, lay.wall.centery + img.get_height() // 2 + 6))
        chooser = self.open_chooser()
        if chooser is None or not chooser.box.colliderect(at.union(img.get_rect(center=lay.wall.center))):
            for i in range(min(view.wall, 6)):  # (a 吃 chooser over the middle hides the wall and its count)
                surface.blit(img, img.get_rect(center=(lay.wall.centerx - i * 2, lay.wall.centery - i * 2)))
            surface.blit(count, at)
        if view.offer is not None and ("offer",) not in self.hide:
            big = cards.face(view.offer.card, lay.hand_w) if view.offer.card != HIDDEN else cards.back(lay.hand_w)
            if chooser is not None and chooser.box.colliderect(big.get_rect(center=lay.offer.center)):
                return  # the 吃 chooser is over the middle: its title names the card, each choice starts with it
            surface.blit(big, big.get_rect(center=lay.offer.center))
            who = self.short_name(view.offer.seat)
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
            chooser = self.open_chooser()
            hint = text(self.claim_title(), size, GOLD, bold=True)
            if chooser is not None:  # the ways to eat stand in a panel of their own, the question as its title
                pygame.draw.rect(surface, PANEL, chooser.box, border_radius=8)
                pygame.draw.rect(surface, GOLD, chooser.box, width=1, border_radius=8)
                surface.blit(hint, chooser.title)
            else:
                surface.blit(hint, hint.get_rect(bottomright=(area.right, area.top - 4)))
        elif seat is not None and not self.controller.is_human(seat) and not self.anim:
            hint = text(tr("prompt.thinking", self.lang), size, GREY)
            surface.blit(hint, hint.get_rect(bottomright=(area.right, area.bottom)))
        for b in self.buttons:
            hover = b.rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
            pygame.draw.rect(surface, (70, 110, 80) if hover else PANEL, b.rect, border_radius=8)
            pygame.draw.rect(surface, GOLD, b.rect, width=2, border_radius=8)
            if b.cards:
                chooser = self.open_chooser()
                cw = chooser.card_w if chooser is not None else max(12, self.layout.small_w - 4)
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

    def _draw_autoplay(self, surface: pygame.Surface) -> None:
        """The 托管 button on the player's label line, and the turn timer's ring beside it while it runs."""
        rect = self.autoplay_button()
        if rect is None:
            return
        hover = rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
        size = autoplay_view.text_size(self.layout)
        autoplay_view.draw_button(surface, rect, self.lang, self.autoplay_on, size, hover)
        if self.turn_left is not None and self._my_decision():
            autoplay_view.draw_ring(surface, autoplay_view.ring_rect(rect), self.turn_left, float(self.turn_timer))

    def _draw_cues(self, surface: pygame.Surface) -> None:
        """Each call (吃 碰 偎 跑 提 开舵 扫 胡 自摸), big by its seat (:func:`presence.draw_calls`)."""
        presence.draw_calls(self, surface)

    def _draw_log(self, surface: pygame.Surface) -> None:
        lay = self.layout
        size = log_size(lay.size)
        step = size + max(2, size // 5)
        rows = max(1, min(5, lay.log.height // step))  # the last lines that fit the log's box
        lines = [self.describe(e) for e in self.view.log[-40:]]
        lines = [s for s in lines if s][-rows:]
        for i, line in enumerate(lines):
            surface.blit(fitted(line, size, lay.log.width, LOG_TEXT), (lay.log.left, lay.log.top + i * step))

    def describe(self, e: ev.Event) -> str:
        """One event of the log as a sentence about its seat ("You eat 叁肆伍", "电脑2 碰 肆肆肆"); "" for the rest."""
        if not isinstance(e, ev.Discarded | ev.Flipped | ev.Melded | ev.Won):
            return ""
        who = self.person(e.seat)
        if isinstance(e, ev.Discarded):
            return say("log.discards", self.lang, who, card=glyph(e.card))
        if isinstance(e, ev.Flipped):
            return say("log.flips", self.lang, who, card=glyph(e.card) if e.card is not None else "?")
        if isinstance(e, ev.Melded):
            cards_text = format_cards(e.meld.cards) if e.meld.cards[0] != HIDDEN else ""
            # A 吃's 比 groups come as more 吃 melds made only of hand cards: the log names them 比.
            bi = e.meld.kind is MeldKind.CHI and len(e.from_hand) == len(e.meld.cards)
            if e.meld.kind in (MeldKind.CHI, MeldKind.PENG) and not bi:
                return say(f"log.{e.meld.kind.value}", self.lang, who, cards=cards_text).rstrip()
            meld = tr("meld.bi" if bi else f"meld.{e.meld.kind.value}", self.lang)
            return say("log.meld", self.lang, who, meld=meld, cards=cards_text).rstrip()
        return say("result.wins", self.lang, who)

    def _draw_help(self, surface: pygame.Surface) -> None:
        """The keys, shown with F10 or ?: a panel as large as its lines (sizes from :mod:`sizing`)."""

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
