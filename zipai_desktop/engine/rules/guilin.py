"""桂林字牌 (Guilin zipai, as played on the 老K platform): options, values and settlement data.

The state machine in :mod:`zipai_desktop.engine.game` asks this module for everything that differs between games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..melds import Meld, MeldKind
from ..scoring import Settlement, duo_parts, payer_of, settle_guilin, xing_count
from ..special import sanlong_wukan
from ..win import Source, Split, WinTable, evaluate_win
from ..win.reach import may_complete
from .base import Procedure, options_from_dict

if TYPE_CHECKING:
    from ..flow_types import WinInfo
    from .base import HandGame as Game  # (what the hooks use of engine.game.Game: no import of the engine here)

# Held count -> 1 for a 坎 (3), 16 for a 龙 (4), else 0: a hand's counts translated and summed give both numbers
# (a dealt hand holds at most 7 坎, so they stay apart).
_KAN_LONG = bytes([0, 0, 0, 1, 16]) + bytes(251)

XING_CHOICES = ("up_down", "up", "down", "mid", "up_mid", "mid_down", "up_mid_down", "none")


@dataclass(frozen=True, slots=True)
class GuilinOptions:
    """The rule options of guilin.md §11 (names as the ``zipai score`` contract accepts them)."""

    min_hu: int = 10  # 起胡: 10 or 15
    hu_step: int = 5  # 胡 per 舵 step: 5 or 3
    zimo_bonus: str = "add"  # 自摸: +1 舵 or ×2
    special_bonus: str = "add"  # 天胡 / 地胡 / 三龙五坎: +1 舵 each or ×2
    xing: str = "up_down"  # which 醒 count: 上 / 中 / 下
    xing_reflip: str = "category"  # re-flip while one category is 4 ([CY]) or while total >= 4 x flips ([GZ])
    wukan_counts_long: bool = False  # a 龙 also counts as a 坎 toward 五坎
    hu_compulsory: str = "no"  # 放炮必胡 ("discard") / 有胡必胡 ("always")
    two_long: str = "extra_card"  # two 龙 at the deal: an extra card, or skip a discard later
    guo_hu: bool = False  # procedure P5: a declined 胡 locks 胡 until the next own flip or take

    @property
    def xing_kinds(self) -> frozenset[str]:
        """The 醒 categories counted (``up`` / ``down`` / ``mid``) under the ``xing`` option."""
        if self.xing == "none":
            return frozenset()
        return frozenset(self.xing.split("_"))


_CHOICES: dict[str, tuple[Any, ...]] = {
    "min_hu": (10, 15),
    "hu_step": (5, 3),
    "zimo_bonus": ("add", "double"),
    "special_bonus": ("add", "double"),
    "xing": XING_CHOICES,
    "xing_reflip": ("category", "cumulative"),
    "wukan_counts_long": (False, True),
    "hu_compulsory": ("no", "discard", "always"),
    "two_long": ("extra_card", "skip_discard"),
    "guo_hu": (False, True),
}


def best_role(hus: Sequence[int], min_hu: int) -> int | None:
    """Which role of a win during play is made: given each role's 胡, the index of the highest (the first on ties),
    if it reaches the minimum ``min_hu``; None when it does not (the 舵 only grows with the 胡, so the most 胡 is the
    most 舵). ``GuilinRules.pick_win`` and ``zipai score`` choose with it."""
    best = max(hus)
    return hus.index(best) if best >= min_hu else None


def win_specials(opening_discard_by_dealer: bool) -> tuple[str, ...]:
    """The specials of a win during play: 地胡 on the dealer's opening discard, else none (``GuilinRules.win_specials``
    and ``zipai score``'s ``first_discard``)."""
    return ("dihu",) if opening_discard_by_dealer else ()


def _sanlong_wukan(hand: Sequence[int], table: WinTable, wukan_counts_long: bool) -> Split | None:
    """:func:`~zipai_desktop.engine.special.sanlong_wukan`, ruled out first from the counts of 坎 and 龙 alone (its
    own first test): both read from one translate of the counts as bytes (_KAN_LONG: a 坎 adds 1, a 龙 16) and a
    sum, as every seat of every deal is asked."""
    held = sum(bytearray(hand).translate(_KAN_LONG))
    longs = held >> 4
    if longs < 3 and (held & 15) + (longs if wukan_counts_long else 0) < 5:
        return None
    return sanlong_wukan(hand, table, wukan_counts_long=wukan_counts_long)


def deal_win(
    hand: Sequence[int],
    melds: Sequence[Meld],
    table: WinTable,
    options: GuilinOptions,
    dealer: bool,
    wall_rest: Sequence[int],
    *,
    reach: bool = True,
) -> tuple[Split, tuple[str, ...]] | str:
    """The win a seat makes from the deal (procedure P9) with its specials, or why it makes none.

    天胡 (the dealer only: the dealt ``hand`` complete, reaching the minimum 胡) and 三龙五坎 (any seat); a dealer
    qualifying for both takes the one worth more 舵, then more 胡 (the first on ties). Their 醒 are the same (the same
    cards held: ``hand`` and ``melds``; turned from ``wall_rest``, top first), so the 舵 is worked out only when both
    qualify. ``GuilinRules.deal_wins`` (seat by seat from the dealer) and ``zipai score`` choose with it; the reason
    is what ``zipai score`` answers for a hand that is not a win. ``reach``: rule out a dealt hand that cannot be
    complete with the reach filter first (see :func:`_dealt_complete`)."""
    candidates: list[tuple[Split, tuple[str, ...]]] = []
    reason = "not sanlong_wukan (a non-dealer wins from the deal only with 三龙五坎)"
    if dealer:
        tian = _dealt_complete(hand, table, reach)
        if tian is None:
            reason = "no decomposition, and not sanlong_wukan"
        elif tian.hu < options.min_hu:
            reason = f"below minimum: {tian.hu} < {options.min_hu}, and not sanlong_wukan"
        else:
            candidates.append((tian, ("tianhu",)))
    sl = _sanlong_wukan(hand, table, options.wukan_counts_long)
    if sl is not None:
        candidates.append((sl, ("sanlong_wukan",)))
    if not candidates:
        return reason
    if len(candidates) == 1:
        return candidates[0]
    return _best_deal_win(candidates, _held(hand, melds), wall_rest, options)


def _dealt_complete(hand: Sequence[int], table: WinTable, reach: bool) -> Split | None:
    """The best split of a dealt hand as it stands, or None. With ``reach``, the reach filter
    (:func:`~zipai_desktop.engine.win.reach.may_complete`, which never rules out a complete hand) is asked first: the
    game has its tables built, while a short-lived caller such as ``zipai score`` would pay their one-time build for
    a check the win check makes anyway."""
    if reach and not may_complete(hand, None, table.erqishi):
        return None
    return evaluate_win(hand, [], None, Source.DEAL, table)


def _held(hand: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """The winner's cards (hand and melds) as a count vector: what 醒 counts."""
    held = list(hand)
    for m in melds:
        for k in m.cards:
            held[k] += 1
    return held


def _best_deal_win(
    candidates: list[tuple[Split, tuple[str, ...]]],
    held: Sequence[int],
    wall_rest: Sequence[int],
    options: GuilinOptions,
) -> tuple[Split, tuple[str, ...]]:
    """The candidate worth most 舵, then with the most 胡. (A function of its own, so that :func:`deal_win`, run for
    every seat of every deal, holds no closure.)"""
    _, xing = xing_count(held, wall_rest, options)
    return max(candidates, key=lambda c: (duo_parts(c[0].hu, xing, Source.DEAL, c[1], options)[2], c[0].hu))


class GuilinRules:
    """桂林字牌 rules as data and small hooks."""

    name = "guilin"
    title = "桂林字牌"
    players = (3,)
    default_players = 3
    hand_size = 20  # every seat is dealt 20; the dealer also gets the 挡底
    choices = _CHOICES  # option name -> the values it takes (the default first)

    win_table = WinTable(
        values={
            "peng": (1, 3),
            "sao": (3, 6),
            "guo_sao": (3, 6),
            "kan": (3, 6),
            "kai_duo": (6, 9),
            "sao_chuan": (9, 12),
            "long": (9, 12),
        },
        triple_own=MeldKind.SAO,
        quad_own=MeldKind.SAO_CHUAN,
        triple_other=MeldKind.PENG,
        quad_other=MeldKind.KAI_DUO,
        pair_always=False,
        peng_upgrade_on_discard=False,
    )

    def parse_options(self, raw: Mapping[str, Any]) -> GuilinOptions:
        """The options of a raw mapping, checked against the choices (an OptionError names a bad one)."""
        return options_from_dict(GuilinOptions, raw, _CHOICES)

    @staticmethod
    def held_target(quads: int) -> int:
        """§7.9: between turns a player holds 20 + max(0, Q - 1) cards (hand plus own melds)."""
        return 20 + quads - 1 if quads > 1 else 20

    def win_table_for(self, options: GuilinOptions) -> WinTable:
        """The win table: Guilin's values take no option."""
        return self.win_table

    def procedure(self, options: GuilinOptions) -> Procedure:
        """The play-procedure switches these options set (胡 compulsory, procedure P5)."""
        return Procedure(hu_compulsory=options.hu_compulsory, guo_hu=options.guo_hu)

    def active_seats(self, players: int, dealer: int, options: GuilinOptions) -> tuple[int, ...]:
        """Every seat plays."""
        return tuple(range(players))

    def zero_sum(self, options: GuilinOptions) -> bool:
        """A Guilin hand's points always sum to zero (§10.4)."""
        return True

    def rounds(self, options: GuilinOptions) -> None:
        """No 轮: a match is a number of hands or a points target."""
        return None  # a Guilin match is a number of hands or a points target, no 轮

    def draws_before_new_dealer(self, options: GuilinOptions) -> None:
        """None: the dealer keeps the deal after a 荒庄 (§10.6)."""
        return None  # §10.6: after 荒庄 the dealer stays

    # --- the deal (§2, procedure P12) -------------------------------------------------------------------------------

    def deal(self, game: Game) -> None:
        """Deal 20 cards a seat, an extra card for two 龙 (by option), and the 挡底 to the dealer (§2, P12)."""
        game.deal_hands(self.hand_size)
        if game.options.two_long == "extra_card":
            for seat in game.order_from(game.dealer):
                # (on the counts as bytes, counted only when there is a 龙: most hands hold none)
                counts = bytearray(game.hands[seat])
                if 4 in counts and counts.count(4) == 2:
                    (card,) = game.give(seat, 1)
                    game.emit(ev.ExtraCard(seat, card))
        game.deal_face_up_to_dealer()

    def deal_wins(self, game: Game) -> bool:
        """天胡 and 三龙五坎 are applied at once (procedure P9): the first seat from the dealer with a win from the deal
        (:func:`deal_win`) wins; a dealer with both gets the higher score."""
        dealer, options, table, hands, melds = game.dealer, game.options, game.table, game.hands, game.melds
        wall_rest = game.wall[::-1]
        for seat in game.order_from(dealer):
            won = deal_win(hands[seat], melds[seat], table, options, seat == dealer, wall_rest)
            if not isinstance(won, str):
                from ..game import WinInfo  # (imported where a win is made: the engine imports the rules)

                split, special = won
                game.finish_deal_win(seat, WinInfo(split, Source.DEAL, None, seat, special))
                return True
        return False

    # --- winning and settlement -------------------------------------------------------------------------------------

    def win_specials(self, game: Game, seat: int, source: Source, from_seat: int, opening: bool) -> tuple[str, ...]:
        """The specials of a win during play (:func:`win_specials`): 地胡 on the dealer's opening discard."""
        return win_specials(opening and source is Source.DISCARD and from_seat == game.dealer)

    def pick_win(self, game: Game, seat: int, candidates: list[WinInfo]) -> WinInfo | None:
        """The role with the highest 胡, if it reaches the minimum (:func:`best_role`)."""
        chosen = best_role([w.split.hu for w in candidates], game.options.min_hu)
        return None if chosen is None else candidates[chosen]

    def settle(self, game: Game, seat: int, win: WinInfo) -> Settlement:
        """The settlement of a win (:func:`~zipai_desktop.engine.scoring.settle_guilin`), 醒 turned from the rest of
        the wall, top first."""
        return settle_guilin(
            hu=win.split.hu,
            held=game.winner_cards(seat, win.card),
            source=win.source,
            special=win.special,
            winner=seat,
            payer=payer_of(win.source, win.from_seat),
            players=game.players,
            wall_rest=game.wall[::-1],
            options=game.options,
        )


GUILIN = GuilinRules()
