"""听牌 (the waits): which cards would win for a seat now, by where they come from, and what each would be worth.

The answer is the engine's own: a card the seat turns itself is played through :meth:`Game.resume_flip` on a
:meth:`Game.fork` (so the forced 扫 / 偎 / 扫穿 / 提 of stage 0 and procedure P8 apply), and a card another seat turns
or discards is put to :meth:`Game.win_for` exactly as the claim arbiter puts it (stage 1, with 过胡 and Bohu's "no
胡 on a discard except 地胡"). The what-if copies are changed only through the hand state's writers
(:meth:`HandState.set_wall`, :meth:`HandState.set_hand`) and the game's public methods. Every minimum (10 胡 /
10 胡息) and every rule of the game therefore applies, and a test checks the answer against the engine's offers in
random play.

Only the seat's own cards and public counters are read; the value is the settlement without 醒 (the 醒 cards are
still in the wall), so a Guilin 舵 shown here can only grow at the win.

Each wait also says how many copies of its card may still come (``live``): four less the copies the seat can see,
read from the seat's :class:`~.observation.Observation` alone (:func:`live_counts`), so a card in another hand, in the
wall or in another seat's face-down meld still counts as one that may come. A wait with no live copy is dead.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import COPIES, NUM_KINDS
from .game import Game, WinInfo
from .observation import Observation, observe, seen_counts
from .win import Source

HU_KINDS = ("hu", "hu_drawer", "hu_dead")


@dataclass(frozen=True, slots=True)
class Wait:
    """One winning card from one source."""

    card: int
    source: Source
    hu: int  # Guilin 胡 / Bohu effective 胡息 of the win
    score: int  # Guilin 舵 before 醒 / Bohu score (胡息 × 番, with its bonuses)
    special: tuple[str, ...]  # 地胡 / 天胡 / 自摸 ... as the settlement names them
    live: int  # copies of ``card`` the seat cannot see (0: the wait is dead, no copy can come)

    @property
    def dead(self) -> bool:
        """True when every copy of the card is in sight of the seat, so it can never arrive."""
        return self.live == 0


def live_counts(obs: Observation) -> tuple[int, ...]:
    """For each kind, the copies ``obs``'s seat cannot see: four less its own hand and melds, every face-up meld card,
    the piles, the card on offer and the dealer's face-up card (挡底 / 亮张) while the dealer may still hold it.

    Only the observation is read, so another seat's hidden cards (its hand, its face-down 扫 / 偎) never change the
    answer. The dealer's face-up card is counted as held until the dealer shows a card of that kind (a discard or a
    meld); after that the seat cannot tell which copy left, so the count errs towards a copy that may come.
    """
    seen = seen_counts(obs)
    shown = obs.dang_di
    dealer = obs.dealer
    if (
        shown is not None
        and obs.seat != dealer  # the dealer's own copy is in its hand, counted there
        and shown not in obs.discarded[dealer]
        and not any(shown in m.cards for m in obs.melds[dealer])
    ):
        seen[shown] += 1
    return tuple(max(0, COPIES - c) for c in seen)


def unseen(game: Game, seat: int) -> tuple[int, ...]:
    """记牌 (the card-counting aid): for each of the 20 kinds, the copies ``seat`` has not seen.

    Read from the seat's :class:`~.observation.Observation` alone (:func:`live_counts`): the other hands, the wall and
    the face-down melds stay hidden, so the answer is what a player with a perfect memory of the table would know.
    """
    return live_counts(observe(game, seat))


def _value(game: Game, seat: int, win: WinInfo) -> tuple[int, int, tuple[str, ...]]:
    """The settlement of ``win`` with no 醒 card to turn (the wall is hidden from the seat)."""
    blind = game.fork()
    blind.state.set_wall(())
    if win.card is not None and blind.dead_card != win.card:
        blind.put_on_offer(win.card, win.from_seat, flip=win.source is not Source.DISCARD)
    settlement = game.rules.settle(blind, seat, win)
    return settlement.hu, settlement.score, tuple(settlement.special)


def win_on_own_flip(game: Game, seat: int, card: int) -> WinInfo | None:
    """The 胡 the engine would offer ``seat`` if it turned ``card`` from the wall now (自摸, after any forced meld)."""
    probe = game.fork()
    probe.state.set_wall((card,))  # the only card left: after it nothing more is turned in the probe
    for other in range(game.players):
        if other != seat:  # the probe never looks at another hand (nor can they claim the card: it is a what-if)
            probe.state.set_hand(other, [0] * NUM_KINDS)
    probe.resume_flip(seat)
    pending = probe.pending
    if pending is None or pending.seat != seat or pending.kind not in HU_KINDS or pending.win is None:
        return None
    if pending.win.source is not Source.OWN_DRAW:
        return None
    return pending.win


def win_on_card(game: Game, seat: int, card: int, source: Source) -> WinInfo | None:
    """The 胡 the arbiter would offer ``seat`` on another seat's flip or discard of ``card`` now (stage 1)."""
    if game.hu_locked[seat]:
        return None  # 过胡: locked until the seat's next own flip or take
    others = [s for s in game.order_from(seat)[1:]]
    if not others:
        return None
    if source is Source.DISCARD:
        # The only discard that can still be the opening one (地胡) is the dealer's, before it is made.
        opening = not game.opening_done and seat != game.dealer
        procedure = game.procedure
        if not (procedure.hu_on_discard == "any" or (opening and procedure.dihu_on == "discard")):
            return None
        owner = game.dealer if opening else others[-1]  # a discard reaching the seat: its 上家's
    else:
        opening = game.flips == 0 and game.opening_discard_made
        owner = others[0]
    # The arbiter asks while the card is on offer in the claim window (the settlement counts it there, once).
    probe = game.fork()
    probe.put_on_offer(card, owner, flip=source is not Source.DISCARD, opening=opening)
    return probe.win_for(seat, card, source, owner, opening)


def waits(game: Game, seat: int) -> list[Wait]:
    """Every (card, source) that would win for ``seat`` now, with its value and its live copies (a dead wait is kept,
    marked by ``live == 0``); empty when the seat must discard."""
    if game.result is not None or seat not in game.active:
        return []
    if game.held(seat) > game.target(seat):
        return []  # it holds a card too many: it discards before any card can complete its hand
    live = live_counts(observe(game, seat))
    out: list[Wait] = []
    for card in range(NUM_KINDS):
        found: list[tuple[Source, WinInfo]] = []
        if game.wall:
            own = win_on_own_flip(game, seat, card)
            if own is not None:
                found.append((Source.OWN_DRAW, own))
        for source in (Source.OTHER_DRAW, Source.DISCARD):
            win = win_on_card(game, seat, card, source)
            if win is not None:
                found.append((source, win))
        for source, win in found:
            hu, score, special = _value(game, seat, win)
            out.append(Wait(card, source, hu, score, special, live[card]))
    return out
