"""桂林字牌 (Guilin zipai, as played on the 老K platform): options, values and settlement data.

The state machine in :mod:`zipai_desktop.engine.game` asks this module for everything that differs between games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..melds import MeldKind
from ..special import sanlong_wukan
from ..win import Source, WinTable, evaluate_win
from ..win.reach import may_complete
from .base import Procedure, options_from_dict

if TYPE_CHECKING:
    from ..flow_types import WinInfo
    from ..scoring import Settlement
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


def _best_deal_win(game: Game, seat: int, candidates: list[WinInfo]) -> WinInfo:
    """The candidate worth most to ``seat``, then with the most 胡. (A function of its own, so that deal_wins, run at
    every deal, holds no closure over ``seat`` and ``game``.)"""
    return max(candidates, key=lambda w: (game.settle(seat, w).score, w.split.hu))


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
        return options_from_dict(GuilinOptions, raw, _CHOICES)

    @staticmethod
    def held_target(quads: int) -> int:
        """§7.9: between turns a player holds 20 + max(0, Q - 1) cards (hand plus own melds)."""
        return 20 + quads - 1 if quads > 1 else 20

    def win_table_for(self, options: GuilinOptions) -> WinTable:
        return self.win_table

    def procedure(self, options: GuilinOptions) -> Procedure:
        return Procedure(hu_compulsory=options.hu_compulsory, guo_hu=options.guo_hu)

    def active_seats(self, players: int, dealer: int, options: GuilinOptions) -> tuple[int, ...]:
        return tuple(range(players))

    def zero_sum(self, options: GuilinOptions) -> bool:
        return True

    def rounds(self, options: GuilinOptions) -> None:
        return None  # a Guilin match is a number of hands or a points target, no 轮

    def draws_before_new_dealer(self, options: GuilinOptions) -> None:
        return None  # §10.6: after 荒庄 the dealer stays

    # --- the deal (§2, procedure P12) -------------------------------------------------------------------------------

    def deal(self, game: Game) -> None:
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
        """天胡 and 三龙五坎 are applied at once (procedure P9); a dealer with both gets the higher score."""
        dealer, options, table = game.dealer, game.options, game.table
        candidates: list[WinInfo] = []
        tian = None
        if may_complete(game.hands[dealer], None, table.erqishi):
            tian = evaluate_win(game.hands[dealer], [], None, Source.DEAL, table)
        if tian is not None and tian.hu >= options.min_hu:
            from ..game import WinInfo  # (imported where a win is made: the engine imports the rules)

            candidates.append(WinInfo(tian, Source.DEAL, None, dealer, ("tianhu",)))
        wukan_counts_long = options.wukan_counts_long
        for seat in game.order_from(dealer):
            # 三龙五坎 is ruled out from the counts of 坎 and 龙 alone (sanlong_wukan's own first test), before any
            # call: both read from one translate of the counts as bytes (_KAN_LONG: a 坎 adds 1, a 龙 16) and a sum.
            held = sum(bytearray(game.hands[seat]).translate(_KAN_LONG))
            longs = held >> 4
            if longs < 3 and (held & 15) + (longs if wukan_counts_long else 0) < 5:
                sl = None
            else:
                sl = sanlong_wukan(game.hands[seat], table, wukan_counts_long=wukan_counts_long)
            if sl is not None:
                from ..game import WinInfo

                candidates.append(WinInfo(sl, Source.DEAL, None, seat, ("sanlong_wukan",)))
            if candidates:
                game.finish_deal_win(seat, _best_deal_win(game, seat, candidates))
                return True
        return False

    # --- winning and settlement -------------------------------------------------------------------------------------

    def win_specials(self, game: Game, seat: int, source: Source, from_seat: int, opening: bool) -> tuple[str, ...]:
        if opening and source is Source.DISCARD and from_seat == game.dealer:
            return ("dihu",)
        return ()

    def pick_win(self, game: Game, seat: int, candidates: list[WinInfo]) -> WinInfo | None:
        """The role with the highest 胡 (舵 only grows with 胡), if it reaches the minimum."""
        best = max(candidates, key=lambda w: w.split.hu)
        return best if best.split.hu >= game.options.min_hu else None

    def settle(self, game: Game, seat: int, win: WinInfo) -> Settlement:
        from ..scoring import settle_guilin

        payer = win.from_seat if win.source is Source.DISCARD else None
        return settle_guilin(
            hu=win.split.hu,
            held=game.winner_cards(seat, win.card),
            source=win.source,
            special=win.special,
            winner=seat,
            payer=payer,
            players=game.players,
            wall_rest=game.wall[::-1],
            options=game.options,
        )


GUILIN = GuilinRules()
