"""The values a hand's flow passes around: phases, the claim window, a win, the pending decision, the result.

A module of its own so that the rules' shape (rules/base.py) and the state machine (game.py) both read them without
either importing the other (no import circle, run-time or type-only). game.py exports them under the same names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

from .actions import Action, Chi, Discard, Pass
from .cards import glyph
from .win import Source, Split


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game state is unchanged."""


class Phase(StrEnum):
    """Where the hand is: a seat must discard, a card is on offer, or the hand is over."""

    DISCARD = "discard"
    CLAIM = "claim"
    ENDED = "ended"


class Stage(IntEnum):
    """The claim arbiter's stages on a card on offer (procedure P1; stage 0, the drawer's forced meld, comes first)."""

    HU = 1
    QUAD = 2
    PENG = 3
    CHI = 4


@dataclass(slots=True)
class Window:
    """A card on offer: a discard or a flip, and the stage the arbiter has reached."""

    card: int
    owner: int  # the discarder or the drawer
    flip: bool
    opening: bool  # the dealer's opening discard (地胡)
    stage: Stage
    # The seats still to ask at the stage, in order: read, never changed (the arbiter writes the seats left back when
    # it offers the card), so the engine shares its turn-order tuples here; a resumed position may set a list.
    queue: Sequence[int]


@dataclass(frozen=True, slots=True)
class WinInfo:
    """A win a seat may claim: the split of its hand, where the card came from, and the rules' special names."""

    split: Split
    source: Source
    card: int | None  # None when the card is already in a meld (forced 扫 / 扫穿) or for a deal win
    from_seat: int
    special: tuple[str, ...]


@dataclass(slots=True)
class Pending:
    """The decision the engine is waiting for."""

    seat: int
    kind: str  # discard | hu | peng | chi | hu_drawer (after a forced meld) | hu_dead (procedure P8)
    actions: Sequence[Action]  # a tuple when the engine made it (an observation shares it)
    win: WinInfo | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``winner`` None is 荒庄 (a draw)."""

    winner: int | None
    win: WinInfo | None
    settlement: Any
    points: tuple[int, ...]

    @property
    def score(self) -> int:
        """The settlement's score (0 for a draw)."""
        return self.settlement.score if self.settlement else 0


def why_illegal(seat: int, action: Action, kind: str, hand: Sequence[int]) -> str:
    """Why ``action`` by ``seat`` (holding ``hand``) is not among the offered actions of a decision of ``kind``."""
    if kind == "discard":
        if not isinstance(action, Discard):
            return f"seat {seat} must discard now, not {action}"
        if hand[action.card] == 0:
            return f"seat {seat} holds no {glyph(action.card)}"
        return f"{glyph(action.card)} is locked in a 坎 / 龙 and cannot be discarded"
    if isinstance(action, Discard):
        return f"seat {seat} is answering a claim offer, not discarding"
    if isinstance(action, Pass):
        return "胡 is compulsory under these rules"
    if isinstance(action, Chi):
        return f"{action} is not a legal 吃 here (臭牌, 比, locked cards, or no discard left)"
    names = {"hu": "胡", "hu_drawer": "胡", "hu_dead": "胡", "peng": "碰", "chi": "吃"}
    return f"{action} is not on offer; seat {seat} may only answer the {names[kind]} offer"
