"""A match: a series of hands with running totals and the next dealer after each hand.

桂林字牌 (§10.6): the winner deals next; after 荒庄 the dealer stays. 秀山博胡 (§14, procedure P7, P13): the winner
deals next; after 荒庄 the dealer stays until three in a row (or at once, by option), then the dealer's 下家 deals; a 轮
ends when a seat's round total reaches the target (100), and the next 轮 is dealt by the 下家 of the last winner. For
choosing a dealer, 下家 is the next *seated* chair.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .game import Game, HandResult
from .jsonsafe import quote

#: The stake choices offered at setup (底分, 倍率, starting balance); any whole number from 1 to the bounds below is
#: valid.
STAKE_BASES = (1, 2, 5, 10)
STAKE_MULTIPLIERS = (1, 2, 3, 5, 10)
STAKE_BALANCES = (None, 100, 200, 500, 1000)

#: Upper bounds of a match's sizes, well above every choice the setup screens offer. A stakes or match field comes
#: from a saved file too, and the table draws it (and the money it multiplies into) every frame: a bound keeps each
#: number a few digits long, so no saved value can slow the window down or make a match that never ends.
MAX_STAKE_BASE = 100
MAX_STAKE_MULTIPLIER = 100
MAX_START_BALANCE = 1_000_000
MAX_HANDS = 1_000
MAX_TARGET = 100_000
MAX_ROUNDS = 100


def _bounded(value: object, what: str, maximum: int, *, optional: bool = False) -> None:
    """Raise ``ValueError`` unless ``value`` is a whole number from 1 to ``maximum`` (or ``None`` when optional)."""
    if value is None and optional:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= maximum:
        also = " or none" if optional else ""
        raise ValueError(f"{what} must be a whole number from 1 to {maximum:,}{also}, not {quote(value)}")


@dataclass(frozen=True, slots=True)
class Stakes:
    """倍率对战: every point (舵 in Guilin, 胡息 × 番 in Bohu) is paid as ``base`` (底分) × ``multiplier`` (倍率) stake
    units. With a ``start_balance`` each seat starts with that many units and the match ends when a balance falls to 0.

    Pure data: the match keeps its totals in points; the stake side is always derived from them, so the two can never
    disagree (statistics store both).
    """

    base: int = 1
    multiplier: int = 1
    start_balance: int | None = None

    def __post_init__(self) -> None:
        """Reject a field outside 1..its maximum with a ``ValueError`` naming it."""
        _bounded(self.base, "the stakes' base", MAX_STAKE_BASE)
        _bounded(self.multiplier, "the stakes' multiplier", MAX_STAKE_MULTIPLIER)
        _bounded(self.start_balance, "the stakes' start_balance", MAX_START_BALANCE, optional=True)

    @property
    def unit(self) -> int:
        """Stake units paid per point."""
        return self.base * self.multiplier

    def money(self, points: int) -> int:
        """A payment in points, in stake units."""
        return points * self.unit

    def payments(self, points: Sequence[int]) -> tuple[int, ...]:
        """One hand's payments per seat, in stake units."""
        return tuple(self.money(p) for p in points)

    def balances(self, totals: Sequence[int]) -> tuple[int, ...] | None:
        """Each seat's balance after the match totals (``None`` without a starting balance)."""
        if self.start_balance is None:
            return None
        return tuple(self.start_balance + self.money(t) for t in totals)

    def broke(self, totals: Sequence[int]) -> bool:
        """A seat's balance has fallen to 0 (or below): the match is over."""
        balances = self.balances(totals)
        return balances is not None and any(b <= 0 for b in balances)

    def to_json(self) -> dict[str, int | None]:
        """The stakes as a JSON object of all three fields (``start_balance`` null when none); :meth:`from_json`."""
        return {"base": self.base, "multiplier": self.multiplier, "start_balance": self.start_balance}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Stakes:
        """Stakes from their JSON object; a missing or bad field raises ``ValueError`` naming it."""
        if not isinstance(data, Mapping):
            raise ValueError(f"the stakes must be an object, not {quote(data)}")
        unknown = set(data) - {"base", "multiplier", "start_balance"}
        if unknown:
            raise ValueError(f"the stakes have unknown field(s) {quote(sorted(unknown))}")
        return cls(_int_field(data, "base", 1), _int_field(data, "multiplier", 1), data.get("start_balance"))


def _int_field(data: Mapping[str, Any], name: str, default: int) -> int:
    value = data.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"the stakes' {name} must be a whole number, not {quote(value)}")
    return value


def seed_from_text(text: str, *, negative: bool = False) -> int | str:
    """A seed a user typed (the setup screen, ``--seed``): a number when the text is one, otherwise the text itself.

    Only ASCII digits make a number (``"²".isdigit()`` is true, but ``int("²")`` fails), at most 100 of them (past
    4,300 ``int()`` fails too); with ``negative`` a leading minus is allowed. Either way the same text always gives
    the same seed.
    """
    digits = text[1:] if negative and text.startswith("-") else text
    if digits.isascii() and digits.isdigit() and len(digits) <= 100:
        return int(text)
    return text


def hand_seed(match_seed: int | str, hand_no: int) -> str:
    """The seed of one hand of a match: the same match seed always gives the same deals."""
    return f"{match_seed}:{hand_no}"


@dataclass
class Match:
    """Hands until ``hands`` are played, a seat's running total reaches +/- ``target``, ``rounds`` 轮 are over, or
    (with :class:`Stakes` and a starting balance) a seat's balance falls to 0."""

    rules: Any
    options: Any
    seed: int | str
    hands: int | None = 8
    target: int | None = None
    rounds: int | None = None
    players: int | None = None
    dealer: int = -1
    totals: list[int] = field(default_factory=list)  # the match totals (what the settlement pays)
    round_totals: list[int] = field(default_factory=list)  # Bohu: toward the 轮 target
    rounds_done: int = 0
    played: int = 0
    draw_streak: int = 0
    stakes: Stakes | None = None
    game: Game | None = None

    def __post_init__(self) -> None:
        """Check the sizes, the stakes and the player count (``ValueError``), then fill what was left out: the rules'
        default player count, zero totals and a seeded first dealer."""
        _bounded(self.hands, "the match's hands", MAX_HANDS, optional=True)
        _bounded(self.target, "the match's points target", MAX_TARGET, optional=True)
        _bounded(self.rounds, "the match's rounds", MAX_ROUNDS, optional=True)
        if self.stakes is not None and not isinstance(self.stakes, Stakes):
            raise ValueError(f"the match's stakes must be Stakes, not {quote(self.stakes)}")
        if self.players is None:
            self.players = self.rules.default_players
        if self.players not in self.rules.players:
            raise ValueError(f"{self.rules.name} is played by {self.rules.players} players, not {self.players}")
        if not self.totals:
            self.totals = [0] * self.players
        if not self.round_totals:
            self.round_totals = [0] * self.players
        if self.dealer < 0:
            # First dealer: random; with Bohu's fixed fourth seat, never the seat that always sits out.
            choices = [s for s in range(self.players) if s in self._active(s)]
            self.dealer = random.Random(f"{self.seed}:dealer").choice(choices)

    def _active(self, dealer: int) -> tuple[int, ...]:
        return tuple(self.rules.active_seats(self.players, dealer, self.options))

    @property
    def over(self) -> bool:
        """Whether the match has ended: its hands or 轮 are all played, a seat's total reached +/- the target, or a
        seat's stake balance fell to 0."""
        if self.hands is not None and self.played >= self.hands:
            return True
        if self.rounds is not None and self.rounds_done >= self.rounds:
            return True
        if self.stakes is not None and self.stakes.broke(self.totals):
            return True
        return self.target is not None and any(abs(t) >= self.target for t in self.totals)

    @property
    def balances(self) -> tuple[int, ...] | None:
        """Stake balances per seat (``None`` without stakes or without a starting balance)."""
        return self.stakes.balances(self.totals) if self.stakes is not None else None

    @property
    def money_totals(self) -> tuple[int, ...] | None:
        """The match totals in stake units (``None`` without stakes)."""
        return self.stakes.payments(self.totals) if self.stakes is not None else None

    def start_hand(self) -> Game:
        """Deal the next hand (seeded by :func:`hand_seed`, dealt by :attr:`dealer`) and keep it as :attr:`game`;
        ``ValueError`` if the match is over. Book it with :meth:`finish_hand` once it ends."""
        if self.over:
            raise ValueError("the match is over")
        self.game = Game(
            self.rules, self.options, seed=hand_seed(self.seed, self.played), dealer=self.dealer, players=self.players
        )
        return self.game

    def next_seated(self, seat: int) -> int:
        """The next seated chair that may deal (procedure P7)."""
        assert self.players is not None
        s = (seat + 1) % self.players
        while s not in self._active(s):
            s = (s + 1) % self.players
        return s

    def next_dealer_after(self, winner: int | None) -> int:
        """Who deals the next hand of this 轮 / match."""
        if winner is not None:
            return winner
        draws = self.rules.draws_before_new_dealer(self.options)
        if draws is not None and self.draw_streak >= draws:
            return self.next_seated(self.dealer)
        return self.dealer

    def round_totals_with(self, result: HandResult) -> list[int]:
        """Each seat's total toward the 轮 target once ``result`` is booked (Bohu §14: the winner adds the score, or
        the raw 胡息 with ``round_counter = huxi``); what the settlement panel shows as x / 100 before booking."""
        totals = list(self.round_totals)
        rounds = self.rules.rounds(self.options)
        if rounds is not None and result.winner is not None:
            settlement = result.settlement
            totals[result.winner] += settlement.raw_hu if rounds.count_raw_huxi else settlement.score
        return totals

    def finish_hand(self) -> None:
        """Book the finished hand: running totals, the 轮 (if the game has rounds) and the next dealer."""
        game = self.game
        if game is None or game.result is None:
            raise ValueError("no finished hand to book")
        result = game.result
        winner = result.winner
        self.draw_streak = 0 if winner is not None else self.draw_streak + 1
        next_dealer = self.next_dealer_after(winner)
        if winner is None and next_dealer != self.dealer:
            self.draw_streak = 0  # a new dealer after 荒庄 starts a new streak
        rounds = self.rules.rounds(self.options)
        if rounds is None or not rounds.settle_at_end:
            for seat, pts in enumerate(result.points):
                self.totals[seat] += pts
        if rounds is not None:
            self.round_totals = self.round_totals_with(result)
        self.played += 1
        self.game = None
        if rounds is not None and any(t >= rounds.target for t in self.round_totals):
            self._end_round(winner, rounds.settle_at_end)
        else:
            self.dealer = next_dealer

    def _end_round(self, last_winner: int | None, settle: bool) -> None:
        """A 轮 is over: the optional zero-sum settlement, then the 下家 of the last winner deals a new 轮."""
        assert self.players is not None
        if settle:
            # Those who take part in the 轮: every seated player, except a fixed fourth seat that only keeps score.
            part = [s for s in range(self.players) if any(s in self._active(d) for d in range(self.players))]
            final = self.rules.round_end_settlement([self.round_totals[s] for s in part], len(part))
            for seat, amount in zip(part, final, strict=True):
                self.totals[seat] += amount
        self.rounds_done += 1
        self.round_totals = [0] * self.players
        self.draw_streak = 0
        self.dealer = self.next_seated(last_winner if last_winner is not None else self.dealer)
