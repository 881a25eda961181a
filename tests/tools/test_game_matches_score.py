"""The game's own settlement and ``zipai score`` agree on every win of a seeded sim, so they can never drift apart.

Each win is written as a score-contract request built from the final position (the winner's hand before the winning
card, melds, winning card, source, seats, options, the rest of the wall as the 醒 cards), run through
:func:`zipai_desktop.tools.score.score` (what ``zipai score`` runs), and the answer must equal the game's result:
Guilin 胡, 舵 (and its parts), 醒 cards, special and payments; Bohu 胡息, 番, score, 名堂 and payments.

To see many wins per second, the players take whatever they may (胡 first), and at every 胡 offer the win is also
made on a copy of the game while the hand plays on (so one hand gives several wins on different paths). Every path
to a win is covered and counted: 自摸 / another's flip / 点炮 (地胡), a win after a forced 扫 / 偎 / 扫穿 / 提, the
procedure-P8 win with a dead card, and wins from the deal.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from zipai_desktop.engine.actions import Action, Hu, Pass
from zipai_desktop.engine.cards import format_cards, format_counts
from zipai_desktop.engine.events import Flipped, Melded, Offered
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.melds import Meld, MeldKind
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.win import Source
from zipai_desktop.tools.score import score

GUILIN = get_rules("guilin")
BOHU = get_rules("bohu")

GUILIN_OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"min_hu": 15, "hu_step": 3},
    {"zimo_bonus": "double", "special_bonus": "double", "xing": "up_mid_down", "xing_reflip": "cumulative"},
    {"two_long": "skip_discard", "wukan_counts_long": True, "guo_hu": True, "xing": "mid"},
    {"hu_compulsory": "always", "xing": "down"},
    {"hu_compulsory": "discard", "xing": "none"},
]
# first_card_tianhu and dihu = "first_draw" are left out: the contract's input cannot say that a card was the
# winner's first (the scorer documents that it does not judge them).
BOHU_OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"min_huxi": 15, "chi_next_on_draw": True, "erqishi": False},
    {"bi": False, "chou": False, "peng_ban": False, "own_discard_ban": False, "guo_hu": True},
    {"peng_pao_on_discard": False, "short_player": "replacement", "fan_combination": "sum", "tier_all_hands": False},
    {"bonus_rank": 6, "bonus_ten": True, "settlement": "losers_pay"},
    {"tianhu_tier": "raw", "sit_out": "fixed_fourth", "two_player_remove": True, "bonus_rank": 2},
]
# The contract names the meld kinds a player would: a 臭偎 is a 偎 (same 胡息, same 哨 for 名堂).
CONTRACT_KIND = {MeldKind.CHOU_WEI: MeldKind.WEI}


def pre_win(game: Game) -> tuple[list[int], list[Meld], int | None]:
    """The winner's concealed hand, melds and winning card just before the win, from the final position.

    A win on a card in the claim window has taken the card into the hand. A win after the drawer's forced 扫 / 偎 /
    扫穿 / 提 (and the procedure-P8 win that makes the meld with the dead card) has the card in that meld: the melds
    made since the winner's last flip are undone (a 扫穿 / 提 made from a 扫 / 偎 on the table turns back into it, the
    龙 laid down at that 重舵 go back into the hand).
    """
    result = game.result
    assert result is not None and result.win is not None and result.winner is not None
    seat, win = result.winner, result.win
    hand = list(game.hands[seat])
    melds = list(game.melds[seat])
    if win.source is Source.DEAL:
        return hand, melds, None
    if win.card is not None:
        hand[win.card] -= 1
        return hand, melds, win.card
    flip, card = max((i, e.card) for i, e in enumerate(game.events) if isinstance(e, Flipped) and e.seat == seat)
    assert card is not None
    for event in reversed(game.events[flip + 1 :]):
        if not isinstance(event, Melded) or event.seat != seat:
            continue
        if event.replaces >= 0:
            melds[event.replaces] = Meld(game.table.triple_own, (card,) * 3)
        else:
            melds.remove(event.meld)
            for k in event.from_hand:
                hand[k] += 1
    return hand, melds, card


def score_request(game: Game) -> tuple[dict[str, Any], list[int]]:
    """The ``zipai score`` input for the win that ended ``game``, and the contract's seat for each active seat."""
    result = game.result
    assert result is not None and result.win is not None and result.winner is not None
    win = result.win
    seats = list(game.active)  # the contract counts active players, in turn order
    hand, melds, card = pre_win(game)
    request: dict[str, Any] = {
        "rules": game.rules.name,
        "options": dataclasses.asdict(game.options),
        "players": len(seats),
        "dealer": seats.index(game.dealer),
        "winner": seats.index(result.winner),
        "melds": [{"kind": CONTRACT_KIND.get(m.kind, m.kind).value, "cards": format_cards(m.cards)} for m in melds],
        "hand": format_counts(hand),
        "source": win.source.value,
        "from": seats.index(win.from_seat),
        "first_discard": "dihu" in win.special and win.source is Source.DISCARD,
    }
    if card is not None:
        request["win_card"] = format_cards([card])
    if game.rules.name == "guilin":
        request["xing"] = format_cards(game.wall[::-1])  # the rest of the wall, top first
    return request, seats


def path(game: Game) -> str:
    """Which road led to the win: what the coverage counts."""
    result = game.result
    assert result is not None and result.win is not None
    win = result.win
    if win.source is Source.DEAL:
        return "deal"
    if win.card is None:
        # Procedure P8: the 胡 was offered with the card still dead, before the meld was made.
        flip = max(i for i, e in enumerate(game.events) if isinstance(e, Flipped) and e.seat == result.winner)
        melded = [i for i, e in enumerate(game.events) if i > flip and isinstance(e, Melded)]
        offered = [i for i, e in enumerate(game.events) if i > flip and isinstance(e, Offered)]
        return "dead_card" if offered and melded and offered[0] < melded[0] else "forced_meld"
    return win.source.value + ("_first" if win.special else "")


def check_win(game: Game) -> None:
    """The game's result equals the scorer's answer on the same position."""
    result = game.result
    assert result is not None and result.winner is not None and result.win is not None
    request, seats = score_request(game)
    answer = score(request)
    s = result.settlement
    where = (game.seed, request)
    assert answer["valid"], (answer, where)
    points = {str(i): result.points[seat] for i, seat in enumerate(seats)}
    assert all(result.points[x] == 0 for x in range(game.players) if x not in seats)
    mine: dict[str, Any] = {"hu": s.hu, "score": s.score, "points": points}
    theirs: dict[str, Any] = {"hu": answer["hu"], "score": answer["score"], "points": answer["points"]}
    if game.rules.name == "guilin":
        mine.update(duo=s.duo, duo_parts=dict(s.duo_parts), xing=format_cards(s.xing_cards), special=list(s.special))
        theirs.update(
            duo=answer["duo"], duo_parts=answer["duo_parts"], xing=answer["xing_cards"], special=answer["special"]
        )
    else:
        mine.update(fan=s.fan, special=sorted(s.special))
        theirs.update(fan=answer["fan"], special=sorted(answer["special"]))
    assert mine == theirs, where


def take_everything(legal: list[Action], rng: random.Random) -> Action:
    """A player who takes what it may: many more wins per hand than a random one."""
    takes = [a for a in legal if not isinstance(a, Pass)]
    return rng.choice(takes) if takes else legal[0]


def play_and_check(game: Game, rng: random.Random, paths: Counter[str]) -> None:
    """Play the hand out; every 胡 offered is made on a copy and checked, and the hand goes on past it when it may."""
    if game.result is not None and game.result.winner is not None:
        check_win(game)  # a win from the deal
        paths[path(game)] += 1
    while game.to_act is not None:
        seat = game.to_act
        legal = game.legal_actions(seat)
        if Hu() in legal:
            won = copy.deepcopy(game)
            won.apply(seat, Hu())
            check_win(won)
            paths[path(won)] += 1
            game.apply(seat, Pass() if Pass() in legal and rng.random() < 0.7 else Hu())
        else:
            game.apply(seat, take_everything(legal, rng))
        if game.result is not None and game.result.winner is not None:
            check_win(game)
            paths[path(game)] += 1


def guilin_game(i: int) -> Game:
    options = GUILIN.parse_options(GUILIN_OPTION_SETS[i % len(GUILIN_OPTION_SETS)])
    return Game(GUILIN, options, seed=f"agree-{i}", dealer=i % 3)


def bohu_game(i: int) -> Game:
    options = BOHU.parse_options(BOHU_OPTION_SETS[i % len(BOHU_OPTION_SETS)])
    players = 2 + (i // len(BOHU_OPTION_SETS)) % 3
    dealers = [d for d in range(players) if d in BOHU.active_seats(players, d, options)]
    return Game(BOHU, options, seed=f"agree-{i}", dealer=dealers[i % len(dealers)], players=players)


@pytest.mark.parametrize(
    ("make", "wins_wanted", "paths_wanted"),
    [
        (guilin_game, 2000, {"own_draw", "other_draw", "discard", "discard_first", "forced_meld", "dead_card", "deal"}),
        (bohu_game, 2000, {"own_draw", "other_draw", "discard_first", "forced_meld", "deal"}),
    ],
    ids=["guilin", "bohu-2-3-4-seated"],
)
def test_every_win_of_a_seeded_sim_settles_as_zipai_score_scores_it(
    make: Any, wins_wanted: int, paths_wanted: set[str]
) -> None:
    paths: Counter[str] = Counter()
    seated: Counter[int] = Counter()
    i = 0
    while sum(paths.values()) < wins_wanted:
        game = make(i)
        before = sum(paths.values())
        play_and_check(game, random.Random(i), paths)
        seated[game.players] += sum(paths.values()) - before
        i += 1
    print(f"{sum(paths.values())} wins in {i} hands: {dict(paths)}; by seated players {dict(seated)}")
    assert paths_wanted <= set(paths), paths
    if make is bohu_game:
        assert set(seated) == {2, 3, 4}, seated
