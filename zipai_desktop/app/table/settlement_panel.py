"""The settlement panel (结算): how the hand was won, what it is worth and who pays, over the table's final state.

:func:`build_panel` turns the engine's result (its settlement breakdown: groups with their 胡, each 醒 card with the
cards it counted, each payment line with its reason, each 名堂 with its 番) into a :class:`PanelModel` of lines and
cards; :func:`draw_result` draws that model in a :class:`PanelFrame` (the window, the language, folded or open). The
table scene builds both, so the panel is drawn and tested without a scene. Nothing here recomputes a rule. The panel
collapses (Esc, or its 收起 button) to a bar at the top so the whole table can be read, and reopens the same way;
下一局 (Enter) stays on both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from ...engine.cards import glyph, parse_cards
from ..ui import cards
from ..ui.fonts import font, text
from ..ui.i18n import tr
from ..ui.names import say
from ..ui.palette import GOLD, GREY, PANEL, WHITE
from .host import TableHost
from .stakes_view import hand_stakes_text

XING_RED = (220, 70, 60)


@dataclass(frozen=True)
class GroupView:
    """One group of the winning hand as the panel shows it."""

    kind: str
    cards: tuple[int, ...]
    value: int  # its 胡 (Guilin) or 胡息 (Bohu)
    win_at: int  # index of the winning card in ``cards``, -1 if it is not in this group
    xing: tuple[int, ...]  # indexes of the cards that counted as 醒


@dataclass
class PanelModel:
    """Everything the panel shows, as text and cards (what the tests compare with the engine's settlement)."""

    title: str
    how: str = ""  # 自摸 / 平胡 (whose flip) / 点炮 (by whom), with 天胡 / 地胡 / 三龙五坎
    win_card: int | None = None
    groups: list[GroupView] = field(default_factory=list)
    xing: list[tuple[int, str]] = field(default_factory=list)  # (醒 card, what it counted)
    value: str = ""  # 胡 -> 舵 + bonuses = T, or 胡息 × 番 = score
    ming_tang: str = ""  # Bohu: each 名堂 with its 番, and how they combine
    payments: list[str] = field(default_factory=list)
    round: str = ""  # Bohu: each seat toward the 轮 target (x / 100)
    seats: list[tuple[str, int, int]] = field(default_factory=list)  # (name, this hand's points, match total)
    stakes: str = ""  # 倍率: each seat's payment in stake units and its balance (stakes_view)
    hands: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)  # every hand left, face up
    footer: str = ""


@dataclass(frozen=True)
class PanelFrame:
    """Where and how the panel is drawn: the window's size, the language, folded or open, whether the match is over
    (下一局 or 比赛结束), and the width of a small card."""

    size: tuple[int, int]
    lang: str
    collapsed: bool
    match_over: bool
    card_w: int
    last_hand: bool = False  # the settlement of the match's last hand: Enter shows the match result


def frame_of(scene: TableHost) -> PanelFrame:
    """The table scene's panel frame, as it is now."""
    return PanelFrame(
        scene.size, scene.lang, scene.result_collapsed, scene.match_over, scene.layout.small_w, scene.last_hand
    )


def _counts_to_cards(counts_text: str) -> tuple[int, ...]:
    return tuple(parse_cards(counts_text)) if counts_text else ()


def build_panel(scene: TableHost) -> PanelModel:
    """The panel's content for the finished hand at ``scene``."""
    lang = scene.lang
    view = scene.view
    controller = scene.controller
    result = controller.game.result
    guilin = controller.config.rules == "guilin"
    unit = tr("part.hu" if guilin else "result.huxi", lang)
    title = tr("result.title", lang)
    model = PanelModel(title)
    won = view.won
    settlement: Any = result.settlement if result is not None else None
    summary = getattr(settlement, "summary_only", False)  # a 包厢 seat: the host sent the hand's result, not its sums
    if won is None or result is None or settlement is None:
        model.title += "  " + tr("result.draw", lang)
        model.how = tr("result.draw_explained", lang)
    else:
        model.title += "  " + say("result.wins", lang, scene.person(won.seat))
        model.how = how_line(scene, won.seat, won.source, won.from_seat, settlement.special)
        model.win_card = won.card
        counted = {k for flip in getattr(settlement, "xing", ()) for k, _, n in flip.counted if n > 0}
        marked = False
        for g in won.groups:
            win_at = -1
            if won.card is not None and not marked and not g.exposed and won.card in g.cards:
                win_at = g.cards.index(won.card)
                marked = True
            xing = tuple(i for i, k in enumerate(g.cards) if k in counted)
            model.groups.append(GroupView(g.kind, g.cards, g.hu, win_at, xing))
        if won.card is not None and not marked:  # the winning card went into an exposed meld (a 扫 / 跑 / 碰)
            for i, shown in enumerate(model.groups):
                if won.card in shown.cards:
                    model.groups[i] = GroupView(
                        shown.kind, shown.cards, shown.value, shown.cards.index(won.card), shown.xing
                    )
                    break
        if summary:
            model.value = tr("result.summary", lang, hu=settlement.hu, unit=unit, score=settlement.score)
        elif guilin:
            _guilin_lines(scene, settlement, model, unit)
        else:
            _bohu_lines(scene, settlement, model, unit, won.seat)
    if result is not None:
        match = controller.match
        for seat in range(view.players):
            pts = result.points[seat]
            total = match.totals[seat] + (pts if not scene.match_over else 0)
            model.seats.append((scene.short_name(seat), pts, total))
        model.stakes = hand_stakes_text(match, result.points, lang, scene.short_name, booked=scene.match_over)
        rounds = controller.rules.rounds(controller.options)
        if rounds is not None and not summary:
            totals = match.round_totals if scene.match_over else match.round_totals_with(result)
            parts = "  ".join(f"{scene.short_name(s)} {totals[s]}/{rounds.target}" for s in range(view.players))
            model.round = f"{tr('result.round_progress', lang)}: {parts}"
    if view.ended is not None:
        for seat in range(view.players):
            if seat in controller.game.active:
                model.hands.append((scene.short_name(seat), _counts_to_cards(view.ended.hands[seat])))
    model.footer = tr(footer_key(scene.match_over, scene.last_hand), lang)
    return model


def how_line(scene: TableHost, winner: int, source: str, from_seat: int, special: tuple[str, ...]) -> str:
    """How the hand was won, naming whose flip or discard it was (自摸 / 平胡 / 点炮 / from the deal)."""
    lang = scene.lang
    key = {"own_draw": "zimo", "other_draw": "pinghu", "discard": "dianpao"}.get(source, "deal")
    line = say(f"result.how.{key}", lang, scene.person(winner), by_poss=scene.person(from_seat).poss)
    extra = [tr(f"special.{n}", lang) for n in special if n in ("tianhu", "dihu", "sanlong_wukan")]
    return "  ".join([line, *extra])


def _guilin_lines(scene: TableHost, s: Any, model: PanelModel, unit: str) -> None:
    lang = scene.lang
    for flip in s.xing:
        parts = [f"{tr('xing.' + cat, lang)} {glyph(k)}×{n}" for k, cat, n in flip.counted]
        model.xing.append((flip.card, f"{'  '.join(parts)}  = +{flip.count}{tr('result.duo', lang)}"))
    duo = tr("result.duo", lang)
    parts = [f"{s.hu}{unit} → {s.duo_parts['hu']}{duo}"]
    for name, v in s.duo_parts.items():
        if name in ("hu", "multiplier"):
            continue
        parts.append(f"{tr('part.' + name, lang)} +{v}")
    line = " + ".join(parts)
    if "multiplier" in s.duo_parts:
        line = f"({line}) × {s.duo_parts['multiplier']}"
    model.value = f"{line} = {s.duo}{duo}"
    for p in s.payments:
        reason = tr(f"pay.{p.reason}", lang, t=p.per, t2=2 * p.per)
        model.payments.append(f"{payment_line(scene, p)}   ({reason})")


def payment_line(scene: TableHost, p: Any) -> str:
    """One payment as a sentence: 电脑1付给你 4分 / Bot 1 pays you 4 points / You pay Bot 1 4 points."""
    return say("result.pays", scene.lang, scene.person(p.payer), payee=scene.person(p.payee).obj, amount=p.amount)


def winner_only_line(scene: TableHost, winner: int, score: int) -> str:
    """A 轮 game's hand that nobody pays: the winner adds the score to the 轮 (You add / Bot 2 adds)."""
    return say("pay.winner_only", scene.lang, scene.person(winner), score=score)


def _bohu_lines(scene: TableHost, s: Any, model: PanelModel, unit: str, winner: int) -> None:
    lang = scene.lang
    fan = tr("result.fan", lang)
    raw = f" ({tr('result.doubled', lang, raw=s.raw_hu)})" if s.hu != s.raw_hu else ""
    bonus = f" + {s.bonus}" if s.bonus else ""
    model.value = f"{s.hu}{unit}{raw} × {s.fan}{fan}{bonus} = {s.score}"
    entries = [f"{tr('special.' + n, lang, n=f)} {f}{fan}" for n, f in s.fans]
    combination = tr(f"result.fan_{scene.controller.options.fan_combination}", lang)
    model.ming_tang = f"{tr('result.ming_tang', lang)}: {'  '.join(entries)}   ({combination})"
    for p in s.payments:
        reason = tr(f"pay.{p.reason}", lang, t=p.per, t2=2 * p.per)
        model.payments.append(f"{payment_line(scene, p)}   ({reason})")
    if not s.payments:
        model.payments.append(winner_only_line(scene, winner, s.score))


# --- drawing ----------------------------------------------------------------------------------------------------------


def panel_rect(size: tuple[int, int]) -> pygame.Rect:
    """Where the open panel sits: the lower three quarters, leaving the top strip (scores, the tutorial's banner)."""
    w, h = size
    rect = pygame.Rect(0, 0, int(w * 0.76), int(h * 0.76))
    rect.midbottom = (w // 2, h - int(h * 0.03))
    return rect


def footer_key(match_over: bool, last_hand: bool) -> str:
    """The next button's word: 下一局, or on the match's last hand 比赛结束：看成绩 (the match result screen follows),
    or 比赛结束 once the match is booked (the tutorial's one hand)."""
    if match_over:
        return "result.match_over"
    return "result.to_match_result" if last_hand else "result.next_hand"


def button_labels(scene: PanelFrame) -> dict[str, str]:
    """The buttons' words: ``toggle`` (收起 with Esc / 展开结算 with Space: Esc on the folded bar asks to leave) and
    ``next`` (下一局 or 比赛结束, Enter)."""
    if scene.collapsed:
        toggle = f"{tr('result.expand', scene.lang)}  ({tr('key.space', scene.lang)})"
    else:
        toggle = tr("result.collapse", scene.lang) + "  (Esc)"
    footer = tr(footer_key(scene.match_over, scene.last_hand), scene.lang)
    return {"toggle": toggle, "next": footer + "  (Enter)"}


def buttons(scene: PanelFrame) -> dict[str, pygame.Rect]:
    """The panel's buttons: ``toggle`` (收起 / 结算) and ``next`` (下一局), open or collapsed."""
    w, h = scene.size
    labels = button_labels(scene)
    size = max(13, h // 42)
    widest = max(font(size, bold=True).size(label)[0] for label in labels.values())
    bw, bh = max(140, w // 7, widest + 2 * max(12, h // 60)), max(36, h // 16)
    if scene.collapsed:
        toggle = pygame.Rect(0, 0, bw, bh)
        toggle.topright = (w // 2 - 6, max(6, h // 90))
        nxt = pygame.Rect(0, 0, bw, bh)
        nxt.topleft = (w // 2 + 6, toggle.top)
        return {"toggle": toggle, "next": nxt}
    panel = panel_rect(scene.size)
    nxt = pygame.Rect(0, 0, bw, bh)
    nxt.bottomright = (panel.right - 16, panel.bottom - 12)
    toggle = pygame.Rect(0, 0, bw, bh)
    toggle.bottomright = (nxt.left - 12, nxt.bottom)
    return {"toggle": toggle, "next": nxt}


def handle_result_event(scene: TableHost, event: pygame.event.Event) -> None:
    """Esc or 收起 folds the panel away; on the folded bar Esc asks to leave the table (as Esc does during a hand),
    Space or 展开结算 reopens it; Enter or 下一局 goes on."""
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE:
            if scene.result_collapsed and scene.on_exit is not None:
                scene.confirm_leave = True  # Enter / Y leaves (the match stays autosaved), Esc / N stays
            else:
                scene.result_collapsed = not scene.result_collapsed
        elif event.key == pygame.K_SPACE:
            scene.result_collapsed = not scene.result_collapsed
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            scene.next_hand()
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        rects = buttons(frame_of(scene))
        if rects["toggle"].collidepoint(event.pos):
            scene.result_collapsed = not scene.result_collapsed
        elif rects["next"].collidepoint(event.pos):
            scene.next_hand()


def _button(surface: pygame.Surface, rect: pygame.Rect, label: str, size: int, strong: bool) -> None:
    u = max(1, rect.height // 40)
    pygame.draw.rect(surface, (50, 100, 70) if strong else PANEL, rect, border_radius=8 * u)
    pygame.draw.rect(surface, GOLD, rect, width=2 * u, border_radius=8 * u)
    img = text(label, size, WHITE, bold=strong)
    if img.get_width() > rect.width - 8:
        img = text(label, max(9, size * (rect.width - 8) // img.get_width()), WHITE, bold=strong)
    surface.blit(img, img.get_rect(center=rect.center))


def _xing_dot(surface: pygame.Surface, card: pygame.Rect) -> None:
    """The mark of a card that counted as 醒 (and of the 醒 card itself): a red dot in its lower right corner."""
    r = max(4, card.width // 5)
    pygame.draw.circle(surface, XING_RED, (card.right - r - 2, card.bottom - r - 2), r)
    pygame.draw.circle(surface, WHITE, (card.right - r - 2, card.bottom - r - 2), r, width=1)


def _fit(s: str, size: int, width: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """A line that fits ``width``: smaller type first (down to 2/3), then cut with an ellipsis."""
    f = font(size, bold=bold)
    if f.size(s)[0] > width:
        size = max(9, min(size, int(size * width / max(1, f.size(s)[0]))), size * 2 // 3)
        f = font(size, bold=bold)
        while s and f.size(s + "…")[0] > width:
            s = s[:-1]
        if f.size(s)[0] > width:
            s += "…"
    return text(s, size, colour, bold=bold)


def draw_result(self: PanelFrame, model: PanelModel, surface: pygame.Surface) -> None:
    """The settlement panel showing ``model``, or its collapsed bar, over the table's final state."""
    w, h = self.size
    size = max(13, h // 42)
    u = max(1, h // 720)  # pixels per 720p pixel, for paddings and borders

    def line_h(s: int) -> int:
        return font(s).get_linesize()

    labels = buttons(self)
    words = button_labels(self)
    if self.collapsed:
        _button(surface, labels["toggle"], words["toggle"], size, False)
        _button(surface, labels["next"], words["next"], size, True)
        return
    panel = panel_rect(self.size)
    box = pygame.Surface(panel.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*PANEL, 250), box.get_rect(), border_radius=14 * u)
    surface.blit(box, panel)
    pygame.draw.rect(surface, GOLD, panel, width=2 * u, border_radius=14 * u)
    left, width = panel.left + 20 * u, panel.width - 40 * u
    y = panel.top + 10 * u
    surface.blit(_fit(model.title, size + 6, width, GOLD, True), (left, y))
    y += line_h(size + 6) + 4 * u
    sw = max(14, int(self.card_w * 0.9))
    _, ch = cards.card_size(sw)
    if model.how:
        x = left
        if model.win_card is not None:
            img = cards.face(model.win_card, sw)
            rect = surface.blit(img, (x + 2 * u, y))
            pygame.draw.rect(surface, GOLD, rect.inflate(4 * u, 4 * u), width=2 * u, border_radius=4 * u)
            x = rect.right + 12 * u
        how_img = _fit(model.how, size + 2, left + width - x, WHITE, True)
        surface.blit(how_img, (x, y + (ch - how_img.get_height()) // 2 if model.win_card is not None else y))
        y += (ch if model.win_card is not None else line_h(size + 2)) + 10 * u
    if model.groups:
        x = left
        row_h = ch + line_h(size - 1) + 6 * u
        for g in model.groups:
            gw = len(g.cards) * (sw + u)
            if x + gw > left + width:
                x, y = left, y + row_h
            for i, k in enumerate(g.cards):
                rect = surface.blit(cards.face(k, sw), (x + i * (sw + u), y))
                if i == g.win_at:
                    pygame.draw.rect(surface, GOLD, rect.inflate(2 * u, 2 * u), width=3 * u, border_radius=4 * u)
                if i in g.xing:
                    _xing_dot(surface, rect)
            value = text(str(g.value), size - 1, GOLD)
            surface.blit(value, value.get_rect(midtop=(x + gw // 2, y + ch + 2 * u)))
            x += gw + max(8 * u, sw // 2)
        y += row_h + 4 * u
    for card, what in model.xing:
        xing_img = text(tr("result.xing", self.lang), size, GREY)
        surface.blit(xing_img, (left, y + (ch - xing_img.get_height()) // 2))
        x = left + xing_img.get_width() + 10 * u
        rect = surface.blit(cards.face(card, sw), (x, y))
        _xing_dot(surface, rect)
        what_img = _fit(what, size, left + width - rect.right - 12 * u, WHITE)
        surface.blit(what_img, (rect.right + 12 * u, y + (ch - what_img.get_height()) // 2))
        y += ch + 8 * u
    for line in (model.value, model.ming_tang):
        if line:
            surface.blit(_fit(line, size + 1, width, GOLD, True), (left, y))
            y += line_h(size + 1) + 2 * u
    for line in model.payments:
        surface.blit(_fit(line, size, width, WHITE), (left, y))
        y += line_h(size)
    if model.round:
        surface.blit(_fit(model.round, size, width, WHITE), (left, y))
        y += line_h(size)
    if model.seats:
        y += 6 * u
        hand = tr("result.this_hand", self.lang)
        total = tr("table.total", self.lang)
        parts = "   ".join(f"{name} {pts:+d}" for name, pts, _ in model.seats)
        totals = "   ".join(f"{name} {t:+d}" for name, _, t in model.seats)
        surface.blit(_fit(f"{hand}: {parts}", size, width, GOLD), (left, y))
        y += line_h(size)
        surface.blit(_fit(f"{total}: {totals}", size, width, WHITE), (left, y))
        y += line_h(size) + 8 * u
    if model.stakes:
        surface.blit(_fit(model.stakes, size, width, GOLD), (left, y))
        y += line_h(size) + 8 * u
    if model.groups == [] and model.hands:
        # 荒庄: every hand left, face up (the table shows them too).
        hw = sw
        _, hh = cards.card_size(hw)
        bottom = labels["next"].top - 8 * u
        for name, held in model.hands:
            if y + hh > bottom:
                break
            name_img = text(name, size, GREY)
            surface.blit(name_img, (left, y + (hh - name_img.get_height()) // 2))
            x = left + max(name_img.get_width() + 10 * u, w // 10)
            step = min(hw + u, (left + width - x - hw) // max(1, len(held) - 1)) if len(held) > 1 else hw
            for i, k in enumerate(held):
                surface.blit(cards.face(k, hw), (x + i * step, y))
            y += hh + 6 * u
    _button(surface, labels["toggle"], words["toggle"], size, False)
    _button(surface, labels["next"], words["next"], size, True)
