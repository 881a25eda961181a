"""秀山博胡 (Xiushan Bohu, Chongqing): options, 胡息 values, the 20/19 deal, 番 (名堂) and settlement.

The same state machine as 桂林字牌 plays it; what differs is here as data and small hooks: the deal with the 亮张 and
initial 提 placed at once, the held-count rule 19 + k, no 胡 on a discard except 地胡, 吃 of a drawn card by the drawer
only, a pair in every win, and the score 胡息 × 番.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..cards import NUM_KINDS, RED_KINDS
from ..melds import Meld, MeldKind
from ..scoring import Payment
from ..win import Group, Source, Split, WinTable, evaluate_win
from ..win.reach import may_complete
from ..win.split import any_fixed_kind, group_count
from .base import Procedure, Rounds, options_from_dict

if TYPE_CHECKING:
    from ..flow_types import WinInfo
    from .base import HandGame as Game  # (what the hooks use of engine.game.Game: no import of the engine here)


@dataclass(frozen=True, slots=True)
class BohuOptions:
    """The options of bohu.md §15 (names as ``zipai score --rules bohu`` accepts them)."""

    min_huxi: int = 10  # 起胡: 10 or 15
    chi_next_on_draw: bool = False  # the drawer's 下家 may also 吃 a drawn card (跑胡子)
    erqishi: bool = True  # 二七十 / 贰柒拾 is a group worth 3 / 6
    bi: bool = True  # 比 when eating
    chou: bool = True  # 臭牌
    peng_ban: bool = True  # 过碰 (and the own draw of that kind is a 臭偎)
    own_discard_ban: bool = True  # never 吃 a kind you discarded (procedure P3)
    guo_hu: bool = False  # procedure P5
    peng_pao_on_discard: bool = True  # a discarded 4th card turns your 碰 into a 跑 (seed, literal)
    short_player: str = "skip_discard"  # or "replacement": draw replacement cards at once
    fan_combination: str = "max"  # or "sum"; capped at 3 either way
    tier_all_hands: bool = True  # the 胡息 tier applies to hands with a 名堂 too
    tianhu_tier: str = "doubled"  # or "raw": the tier of a 天胡 read on the raw 胡息
    first_card_tianhu: bool = False  # procedure P11
    dihu: str = "first_discard"  # or "first_draw"
    bonus_rank: int = 0  # 0 = off; 1-10: 碰 / 哨 / 开招 / 提 of that number score double
    huang_zhuang_dealer: str = "three_in_a_row"  # or "each_time"
    round_counter: str = "score"  # or "huxi": what counts toward the round target
    round_target: int = 100
    bonus_ten: bool = False  # +10 for 自摸 and for 天胡 / 地胡 (邵阳剥皮)
    settlement: str = "winner_only"  # or "zero_sum_round", "losers_pay"
    sit_out: str = "opposite_dealer"  # with 4 seated; or "fixed_fourth"
    two_player_remove: bool = False  # with 2 players, remove 20 cards face down


_CHOICES: dict[str, tuple[Any, ...]] = {
    "min_huxi": (10, 15),
    "short_player": ("skip_discard", "replacement"),
    "fan_combination": ("max", "sum"),
    "tianhu_tier": ("doubled", "raw"),
    "dihu": ("first_discard", "first_draw"),
    "bonus_rank": tuple(range(11)),
    "huang_zhuang_dealer": ("three_in_a_row", "each_time"),
    "round_counter": ("score", "huxi"),
    "settlement": ("winner_only", "zero_sum_round", "losers_pay"),
    "sit_out": ("opposite_dealer", "fixed_fourth"),
}

SHAO_KINDS = frozenset({"kan", "wei", "chou_wei"})  # 哨: a concealed triple
QUAD_KINDS = frozenset({"ti", "pao", "long"})  # 开招 / 提


@dataclass(frozen=True, slots=True)
class BohuSettlement:
    """What a Bohu win is worth: 胡息 (doubled for 天胡) × 番, and what each seat gets."""

    hu: int  # effective 胡息
    raw_hu: int
    fan: int
    score: int
    special: tuple[str, ...]
    points: tuple[int, ...] = field(default=())
    fans: tuple[tuple[str, int], ...] = ()  # each 名堂 that applied with its 番 (``tier``: the 胡息 tier)
    bonus: int = 0  # the +10s of the bonus_ten option, added after 胡息 × 番
    payments: tuple[Payment, ...] = ()  # with losers_pay: each other player pays the score


_SHAO_OR_QUAD = SHAO_KINDS | QUAD_KINDS
# Enum members as module constants for score_win (run per role of every Bohu win), read without a look-up through the
# enum class.
_DEAL, _OWN_DRAW = Source.DEAL, Source.OWN_DRAW
_RED = sorted(RED_KINDS)
_R0, _R1, _R2, _R3, _R4, _R5 = _RED


def tier(huxi: int) -> int:
    """普通胡 tier: 胡息 <= 23 -> 1 番, 24-27 -> 2, >= 28 -> 3."""
    return 1 if huxi <= 23 else 2 if huxi <= 27 else 3


def fan_entries(
    split: Split, held: Sequence[int], special: Sequence[str], options: BohuOptions, *, degenerate: bool = False
) -> tuple[int, int, tuple[tuple[str, int], ...]]:
    """(effective 胡息, 番, each 名堂 with its 番) of a winning split (§12); ``held`` counts every card of the winning
    hand.

    The entries are what the combination (max, or sum; capped at 3) ran over; ``tier`` is the 普通 胡息 tier.
    ``degenerate`` is the 3提 / 5坎 天胡, whose other 名堂 are not judged (§13).
    """
    raw = split.hu
    tianhu = "tianhu" in special
    huxi = 2 * raw if tianhu else raw
    tier_base = huxi if (not tianhu or options.tianhu_tier == "doubled") else raw
    red = sum(map(held.__getitem__, _RED))  # the red cards held (the score command runs this on every Bohu line)
    big = sum(held[10:])
    small = sum(held[:10])
    names: list[tuple[str, int]] = []
    if not degenerate:
        if not any_fixed_kind(split, _SHAO_OR_QUAD):  # the free cards' groups are never 哨 nor quads
            names.append(("hong_piao", 3) if red >= 10 else ("piao", 2 if huxi < 18 else 3))
        if red == 1:
            names.append(("yi_ke_zhu", 2 if huxi < 24 else 3))
        if big >= 18:
            names.append(("shiba_da", 2))
        if small >= 18:
            names.append(("shiba_xiao", 3))
        if red == 0:
            names.append(("hei_hu", 3))
        elif 10 <= red <= 12:
            names.append(("hong_hu", 2))
        elif red >= 13:
            names.append(("shisan_hong", 3))
    if "dihu" in special:
        names.append(("dihu", 3))
    if options.tier_all_hands or not names:
        names.append(("tier", tier(tier_base)))
    fans = [f for _, f in names]
    fan = min(3, max(fans) if options.fan_combination == "max" else sum(fans))
    return huxi, fan, tuple(names)


def fan_of(
    split: Split, held: Sequence[int], special: Sequence[str], options: BohuOptions, *, degenerate: bool = False
) -> tuple[int, int, tuple[str, ...]]:
    """(effective 胡息, 番, names) of a winning split (§12): :func:`fan_entries` with the 名堂 and specials named."""
    huxi, fan, entries = fan_entries(split, held, special, options, degenerate=degenerate)
    # The 名堂 named, without the 地胡 and the tier, then the specials (lists, not generators: a hot path).
    listed = tuple([n for n, _ in entries if n != "dihu" and n != "tier"]) + tuple(special)
    return huxi, fan, listed


def is_degenerate(split: Split, source: Source) -> bool:
    """A 三提五坎 天胡: its split holds only its 提 and 坎 (a complete hand has 6 groups and the pair)."""
    return source is _DEAL and group_count(split) < 7


def score_win(
    split: Split, held: Sequence[int], special: Sequence[str], source: Source, options: BohuOptions
) -> tuple[int, int, int, tuple[str, ...]]:
    """(effective 胡息, 番, score, names) of a win; ``held`` counts every card of the winning hand."""
    if source is not _DEAL and "tianhu" not in special:
        # A win during play (no doubled 胡息, never degenerate): its 番 and names are kept by what the 名堂 read of
        # it, each to the bounds where an answer changes (the 胡息 at 18 / 24 / 28, the red cards at 0 / 1 / 10 / 13,
        # 十八大 / 十八小, 漂). A stream of wins repeats a handful of these keys, so the 名堂 are rarely judged again.
        # tests/engine/test_bohu_fan_kept.py holds it to fan_of.
        huxi = split.hu
        red = held[_R0] + held[_R1] + held[_R2] + held[_R3] + held[_R4] + held[_R5]  # the six red kinds, written out
        small = sum(held[:10])
        key = (
            (huxi >= 18) + (huxi >= 24) + (huxi >= 28), _RED_BOUND[red] if red < 13 else 4, small >= 18,
            sum(held) - small >= 18, any_fixed_kind(split, _SHAO_OR_QUAD),
            special if type(special) is tuple else tuple(special), options.tier_all_hands, options.fan_combination,
        )  # fmt: skip
        known = _FANS.get(key)
        if known is None:
            _, fan, names = fan_of(split, held, special, options)
            known = (fan, names)
            if len(_FANS) >= 4096:
                _FANS.clear()
            _FANS[key] = known
        fan, names = known
    else:
        huxi, fan, names = fan_of(split, held, special, options, degenerate=is_degenerate(split, source))
    score = huxi * fan
    if options.bonus_ten:
        score += 10 * (source is _OWN_DRAW) + 10 * bool({"tianhu", "dihu"} & set(special))
    return huxi, fan, score, names


# score_win's kept 番 and names of wins during play (see there), by what fan_of reads of the win and of the options
# (of a win with no 天胡: the tier on every hand or not, and how the 番 combine): (番, names).
_FANS: dict[tuple[Any, ...], tuple[int, tuple[str, ...]]] = {}
# The red cards' count to the bounds the 名堂 test (0, 1, 2-9, 10-12; 13 and more: 4).
_RED_BOUND = (0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3)


def san_ti_wu_kan(hand: Sequence[int], melds: Sequence[Meld], table: WinTable) -> Split | None:
    """三提五坎 at the deal: >= 3 提, or 提 + 坎 >= 5 ("1提可抵1坎"); 胡息 = their values only (§13)."""
    if len(melds) < 3 and len(melds) + hand.count(3) < 5:
        return None  # the common case: too few 提 and 坎 whatever the melds are
    tis = [m for m in melds if m.kind is MeldKind.TI]
    kans = [k for k in range(NUM_KINDS) if hand[k] == 3]
    if len(tis) < 3 and len(tis) + len(kans) < 5:
        return None
    groups = [Group("ti", m.cards, table.meld_value(m), True) for m in tis]
    groups += [Group("kan", (k,) * 3, table.value("kan", k), False) for k in kans]
    return Split(sum(g.hu for g in groups), tuple(groups), len(tis))


def pick_role(scores: Sequence[tuple[int, int, int, tuple[str, ...]]], minimum: int) -> int | None:
    """Which role of a win during play is made (``pick_win``): given each role's (胡息, 番, score, names) from
    :func:`score_win`, the index of the one with the highest score (ties: the higher 胡息, then the first) among those
    reaching the minimum 胡息; None when none reaches it. ``zipai score`` chooses with it too."""
    best: tuple[int, int] | None = None
    chosen = None
    for index, (huxi, _, score, _) in enumerate(scores):
        if huxi < minimum:
            continue
        if best is None or (score, huxi) > best:
            best, chosen = (score, huxi), index
    return chosen


Scored = tuple[int, int, int, tuple[str, ...]]  # what score_win gives: (effective 胡息, 番, score, names)


def choose_role(
    splits: Sequence[Split], held: Sequence[int], special: Sequence[str], source: Source, options: BohuOptions
) -> tuple[int | None, list[Scored]]:
    """The win chosen among the roles of the card (``pick_win``): each role scored (:func:`score_win`) and the index
    :func:`pick_role` picks, None when no role reaches the minimum 胡息. ``held`` counts every card of the winning hand.
    ``BohuRules.pick_win`` and ``zipai score`` choose with it."""
    if len(splits) == 1:  # the usual win: one role, made if it reaches the minimum (pick_role's answer, unlooped)
        scored = score_win(splits[0], held, special, source, options)
        return (0 if scored[0] >= options.min_huxi else None), [scored]
    scores = [score_win(split, held, special, source, options) for split in splits]
    return pick_role(scores, options.min_huxi), scores


def deal_win(
    hand: Sequence[int],
    melds: Sequence[Meld],
    table: WinTable,
    options: BohuOptions,
    dealer: bool,
    *,
    reach: bool = True,
) -> tuple[Split, Scored] | str:
    """The 天胡 a seat makes from the deal (§13, procedure P9), scored, or why it makes none.

    三提五坎 for any seat (no shape, no minimum); a complete dealt ``hand`` for a dealer without 提 (``melds``: the 提
    placed at the deal), reaching the minimum on the doubled 胡息; a dealer qualifying for both takes the higher score,
    then the higher 胡息 (the first on ties). ``BohuRules.deal_wins`` (seat by seat from the dealer) and ``zipai score``
    choose with it; the reason is what ``zipai score`` answers for a hand that is not a win. ``reach``: rule out a
    dealt hand that cannot be complete with the reach filter first (see :func:`_dealt_complete`)."""
    candidates: list[tuple[Split, Scored]] = []
    held: list[int] | None = None
    # (san_ti_wu_kan's own first test, before the call: most seats hold too few 提 and 坎)
    if len(melds) >= 3 or len(melds) + hand.count(3) >= 5:
        stw = san_ti_wu_kan(hand, melds, table)
        if stw is not None:
            held = _held(hand, melds)
            candidates.append((stw, score_win(stw, held, ("tianhu",), Source.DEAL, options)))
    reason = "not 三提五坎 (a non-dealer wins from the deal only with 3 提, or 提 + 坎 >= 5)"
    if dealer:
        reason = "not 三提五坎, and a dealer with a 提 holds no complete hand"
        if not melds:
            tian = _dealt_complete(hand, table, reach)
            if tian is None:
                reason = "no decomposition, and not 三提五坎"
            else:
                scored = score_win(tian, held or _held(hand, melds), ("tianhu",), Source.DEAL, options)
                if scored[0] < options.min_huxi:
                    reason = f"below minimum: {scored[0]} < {options.min_huxi}, and not 三提五坎"
                else:
                    candidates.append((tian, scored))
    if not candidates:
        return reason
    if len(candidates) == 1:
        return candidates[0]
    return max(candidates, key=_score_then_huxi)


def _score_then_huxi(candidate: tuple[Split, Scored]) -> tuple[int, int]:
    """What a dealer's 天胡 is chosen by: the score, then the (doubled) 胡息."""
    return candidate[1][2], candidate[1][0]


def _dealt_complete(hand: Sequence[int], table: WinTable, reach: bool) -> Split | None:
    """The best split of a dealt hand as it stands, or None. With ``reach``, the reach filter
    (:func:`~zipai_desktop.engine.win.reach.may_complete`, which never rules out a complete hand) is asked first: the
    game has its tables built, while a short-lived caller such as ``zipai score`` would pay their one-time build for
    a check the win check makes anyway."""
    if reach and not may_complete(hand, None, table.erqishi):
        return None
    return evaluate_win(hand, [], None, Source.DEAL, table)


def _held(hand: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """The winner's cards (hand and melds) as a count vector: what the 名堂 count."""
    held = list(hand)
    for m in melds:
        for k in m.cards:
            held[k] += 1
    return held


def win_points(score: int, winner: int, active: Sequence[int], players: int, losers_pay: bool) -> list[int]:
    """Each seat's points for a win worth ``score`` (``settle``): the winner books the score; with "losers_pay" every
    other active seat pays it, so the winner gets it from each. ``players`` seats in all (a seat sitting out gets 0).
    ``zipai score`` pays with it too."""
    points = [0] * players
    if losers_pay:
        for seat in active:
            if seat != winner:
                points[seat] = -score
        points[winner] = score * (len(active) - 1)
    else:
        points[winner] = score
    return points


class BohuRules:
    """秀山博胡 rules as data and small hooks."""

    name = "bohu"
    title = "秀山博胡"
    players = (2, 3, 4)
    default_players = 3
    hand_size = 19  # the dealer gets one more, the 亮张
    choices = _CHOICES  # option name -> the values it takes, for options with a fixed list

    def parse_options(self, raw: Mapping[str, Any]) -> BohuOptions:
        """The options of a raw mapping, checked against the choices (an OptionError names a bad one)."""
        options = options_from_dict(BohuOptions, raw, _CHOICES)
        if options.round_target <= 0:
            from .base import OptionError

            raise OptionError("option 'round_target' must be a positive number")
        return options

    @staticmethod
    def held_target(quads: int) -> int:
        """§6: between turns a player holds 19 + k cards (k = its 提 and 跑)."""
        return 19 + quads

    @property
    def win_table(self) -> WinTable:
        """The win table under the default options."""
        return self.win_table_for(BohuOptions())

    def win_table_for(self, options: BohuOptions) -> WinTable:
        """The win table these options make (二七十, 跑 on a discard, the doubled rank)."""
        return _table(options.peng_pao_on_discard, options.erqishi, options.bonus_rank)

    def procedure(self, options: BohuOptions) -> Procedure:
        """The play-procedure switches these options set (比, 臭牌, 过碰, P5, 地胡 on a discard or a draw)."""
        return Procedure(
            hu_compulsory="no",
            guo_hu=options.guo_hu,
            bi=options.bi,
            chou=options.chou,
            peng_ban=options.peng_ban,
            own_discard_ban=options.own_discard_ban,
            chi_next_on_draw=options.chi_next_on_draw,
            hu_on_discard="dihu_only",
            dihu_on="discard" if options.dihu == "first_discard" else "draw",
        )

    def active_seats(self, players: int, dealer: int, options: BohuOptions) -> tuple[int, ...]:
        """With 4 seated, 3 play: the seat opposite the dealer sits out (or always the fourth seat)."""
        if players < 4:
            return tuple(range(players))
        out = (dealer + 2) % 4 if options.sit_out == "opposite_dealer" else 3
        return tuple(s for s in range(4) if s != out)

    def zero_sum(self, options: BohuOptions) -> bool:
        """A hand's points sum to zero only when the losers pay."""
        return options.settlement == "losers_pay"

    def rounds(self, options: BohuOptions) -> Rounds:
        """The 轮 a match is played in (§14): its target, what counts toward it, the settlement at its end."""
        return Rounds(options.round_target, options.round_counter == "huxi", options.settlement == "zero_sum_round")

    def draws_before_new_dealer(self, options: BohuOptions) -> int:
        """§14, procedure P13: the dealer's 下家 deals after three 荒庄 in a row (or after each, by option)."""
        return 1 if options.huang_zhuang_dealer == "each_time" else 3

    # --- the deal (§5) ----------------------------------------------------------------------------------------------

    def deal(self, game: Game) -> None:
        """Deal 19 cards a seat and the 亮张 to the dealer, place every dealt 4 of a kind as a 提 (§5)."""
        if len(game.active) == 2 and game.options.two_player_remove:
            game.remove_from_wall(20)
        game.deal_hands(self.hand_size)
        game.deal_face_up_to_dealer()
        replacement = game.options.short_player == "replacement"
        hands = game.hands
        for seat in game.order_from(game.dealer):
            if 4 in hands[seat]:  # (_initial_ti's own first test, before the call: most seats are dealt no 4)
                self._initial_ti(game, seat)
            if replacement:
                while game.held(seat) < game.target(seat) and game.wall:
                    (extra,) = game.give(seat, 1)
                    game.emit(ev.ExtraCard(seat, extra))
                    self._initial_ti(game, seat)

    @staticmethod
    def _initial_ti(game: Game, seat: int) -> None:
        """Every dealt 4 of a kind is placed at once as a 提 (3 face down, 1 face up)."""
        hand = game.hands[seat]
        if 4 not in hand:  # (the usual case, told by one scan before any loop over the kinds)
            return
        for k in range(NUM_KINDS):
            if hand[k] == 4:
                game.place_meld(seat, Meld(MeldKind.TI, (k,) * 4))

    def deal_wins(self, game: Game) -> bool:
        """天胡 at the deal (procedure P9: automatic): the first seat from the dealer with a win from the deal
        (:func:`deal_win`: 三提五坎 for anyone, a complete dealt hand for the dealer) wins."""
        dealer, table, hands, melds, options = game.dealer, game.table, game.hands, game.melds, game.options
        for seat in game.order_from(dealer):
            won = deal_win(hands[seat], melds[seat], table, options, seat == dealer)
            if not isinstance(won, str):
                from ..game import WinInfo  # (imported where a win is made: the engine imports the rules)

                game.finish_deal_win(seat, WinInfo(won[0], Source.DEAL, None, seat, ("tianhu",)))
                return True
        return False

    # --- winning and settlement -------------------------------------------------------------------------------------

    def win_specials(self, game: Game, seat: int, source: Source, from_seat: int, opening: bool) -> tuple[str, ...]:
        """The specials of a win: 地胡 on the dealer's opening discard (or the first draw, by option), 天胡 on a first
        card (P11, by option)."""
        out: list[str] = []
        on_discard = source is Source.DISCARD and from_seat == game.dealer
        on_draw = source is not Source.DISCARD and game.options.dihu == "first_draw"
        if opening and seat != game.dealer and (on_discard or on_draw):
            out.append("dihu")
        if (
            game.options.first_card_tianhu
            and seat != game.dealer
            and source is not Source.DISCARD
            and not game.took[seat]
            and (game.draws[seat] == 0 or (game.draws[seat] == 1 and source is Source.OWN_DRAW))
        ):
            out.append("tianhu")
        return tuple(out)

    def _score(self, game: Game, seat: int, win: WinInfo) -> tuple[int, int, int, tuple[str, ...]]:
        """(effective 胡息, 番, score, names) of a win."""
        held = game.winner_cards(seat, win.card)
        return score_win(win.split, held, win.special, win.source, game.options)

    def pick_win(self, game: Game, seat: int, candidates: list[WinInfo]) -> WinInfo | None:
        """The role with the highest score (ties: higher 胡息) among those reaching the minimum 胡息
        (:func:`choose_role`; the roles of one card share its source and specials)."""
        first = candidates[0]
        held = game.winner_cards(seat, first.card)
        splits = [win.split for win in candidates]
        chosen, _ = choose_role(splits, held, first.special, first.source, game.options)
        return None if chosen is None else candidates[chosen]

    def settle(self, game: Game, seat: int, win: WinInfo) -> BohuSettlement:
        """What a win is worth (:func:`score_win`) with its 名堂, and what each active seat gets
        (:func:`win_points`)."""
        huxi, fan, score, names = self._score(game, seat, win)
        held = game.winner_cards(seat, win.card)
        degenerate = is_degenerate(win.split, win.source)
        _, _, entries = fan_entries(win.split, held, win.special, game.options, degenerate=degenerate)
        losers_pay = game.options.settlement == "losers_pay"
        points = win_points(score, seat, game.active, game.players, losers_pay)
        payments: list[Payment] = []
        if losers_pay:
            payments = [Payment(s, seat, score, "losers_pay", score) for s in game.active if s != seat]
        return BohuSettlement(
            huxi, win.split.hu, fan, score, names, tuple(points), entries, score - huxi * fan, tuple(payments)
        )

    # --- rounds (§14) -----------------------------------------------------------------------------------------------

    @staticmethod
    def round_end_settlement(totals: Sequence[int], players: int) -> list[int]:
        """The optional zero-sum settlement of a 轮: c_i = ceil(total_i / 10), final_i = c_i (n-1) - the others' c."""
        c = [math.ceil(t / 10) for t in totals]
        return [c[i] * (players - 1) - (sum(c) - c[i]) for i in range(players)]


@lru_cache(maxsize=64)
def _table(peng_pao_on_discard: bool, erqishi: bool, bonus_rank: int) -> WinTable:
    return WinTable(
        values={
            "peng": (1, 3),
            "wei": (3, 6),
            "chou_wei": (3, 6),
            "kan": (3, 6),
            "pao": (6, 9),
            "ti": (9, 12),
            "long": (9, 12),
        },
        triple_own=MeldKind.WEI,
        quad_own=MeldKind.TI,
        triple_other=MeldKind.PENG,
        quad_other=MeldKind.PAO,
        pair_always=True,
        peng_upgrade_on_discard=peng_pao_on_discard,
        triple_own_banned=MeldKind.CHOU_WEI,
        erqishi=erqishi,
        bonus_rank=bonus_rank,
        win_cards=20,
        first_quad_free=False,
    )


BOHU = BohuRules()
