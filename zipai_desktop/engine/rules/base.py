"""The shared shape of a rule set and its options."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..jsonsafe import name as show_name
from ..jsonsafe import quote
from ..win import WinTable

if TYPE_CHECKING:
    from .. import events as ev
    from ..flow_types import WinInfo
    from ..melds import Meld


_DEFAULTS: dict[type, Any] = {}  # options class -> its default instance (frozen, so one is shared)


def _defaults(cls: type[T]) -> T:
    value = _DEFAULTS.get(cls)
    if value is None:
        value = _DEFAULTS[cls] = cls()
    return value


class OptionError(ValueError):
    """An unknown option name or a value the option does not take."""


T = TypeVar("T")


def options_from_dict(cls: type[T], raw: Mapping[str, Any], choices: Mapping[str, tuple[Any, ...]]) -> T:
    """Build a frozen options dataclass from a dict, refusing unknown names and values outside ``choices``."""
    if not isinstance(raw, Mapping):
        raise OptionError("options must be a JSON object")
    if not raw:
        return _defaults(cls)  # every game made without options asks for these: one shared (frozen) instance
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for name, value in raw.items():
        if name not in fields:
            raise OptionError(f"unknown option {show_name(name)} (known: {', '.join(sorted(fields))})")
        allowed = choices.get(name)
        default = fields[name].default
        same_type = isinstance(value, bool) == isinstance(default, bool) and type(value) is type(default)
        if allowed is not None:
            if not same_type or value not in allowed:
                raise OptionError(f"option {name!r} takes one of {list(allowed)}, not {quote(value)}")
        elif not same_type or (isinstance(value, int) and value < 0):
            raise OptionError(f"option {name!r} takes a value like {default!r}, not {quote(value)}")
        values[name] = value
    return cls(**values)


@dataclass(frozen=True, slots=True)
class Procedure:
    """Play-procedure switches the state machine reads (rules as data)."""

    hu_compulsory: str = "no"  # no | discard | always
    guo_hu: bool = False  # procedure P5
    bi: bool = True  # 比 when eating
    chou: bool = True  # a passed 吃 makes the kind 臭
    peng_ban: bool = True  # a passed 碰 bans later 碰 of the kind
    own_discard_ban: bool = True  # never 吃 a kind you discarded
    chi_next_on_draw: bool = True  # a drawn card may be eaten by the drawer, then the drawer's 下家
    hu_on_discard: str = "any"  # any | dihu_only
    dihu_on: str = "discard"  # 地胡 on the dealer's opening discard, or on the first draw after it ("draw")


@dataclass(frozen=True, slots=True)
class Rounds:
    """A game played in 轮 (rounds): hands until a seat's round total reaches ``target`` (Bohu §14)."""

    target: int
    count_raw_huxi: bool  # the round total counts 胡息, not the hand's score
    settle_at_end: bool  # the zero-sum settlement at the end of a 轮 replaces per-hand points


class HandGame(Protocol):
    """What the rules' hooks use of the hand they are asked about (engine.game.Game is one).

    A protocol rather than the Game class itself, so that this module does not import the state machine that imports
    it (no import circle, not even a type-only one)."""

    @property
    def players(self) -> int:
        """The seats at the table (Bohu with 4 seated: one sits out the hand)."""

    @property
    def dealer(self) -> int:
        """The dealer's seat (庄家)."""

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that play this hand, in turn order from seat 0."""

    @property
    def options(self) -> Any:
        """The rules' options for this hand (the rules module's frozen options dataclass)."""

    @property
    def table(self) -> WinTable:
        """The value table (胡 of each group) these options make."""

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's hand as a count vector of the 20 kinds (read only: the hand state writes it)."""

    @property
    def melds(self) -> list[list[Meld]]:
        """Each seat's melds, face-down ones as they are (read only)."""

    @property
    def wall(self) -> list[int]:
        """The cards left to draw (底牌), the next one last (read only)."""

    @property
    def removed(self) -> list[int]:
        """The cards taken out of play before the deal (Bohu's two-player option)."""

    @property
    def took(self) -> list[bool]:
        """Per seat: whether it has made any take (吃 / 碰) this hand."""

    @property
    def draws(self) -> list[int]:
        """Per seat: how many cards it has drawn from the wall this hand."""

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds, in hand and in melds (what the held-count rule counts)."""

    def target(self, seat: int) -> int:
        """The cards ``seat`` holds between turns under the held-count rule."""

    def order_from(self, seat: int) -> list[int]:
        """The playing seats in turn order, starting with ``seat``."""

    def deal_hands(self, size: int) -> None:
        """Give every playing seat ``size`` cards from the wall, from the dealer on, and announce the deal."""

    def deal_face_up_to_dealer(self) -> None:
        """The dealer's last card, face up for everyone: Guilin's 挡底, Bohu's 亮张."""

    def give(self, seat: int, count: int) -> list[int]:
        """Deal ``count`` cards from the top of the wall into ``seat``'s hand, top first; the cards given."""

    def remove_from_wall(self, count: int) -> None:
        """Take ``count`` cards from the top of the wall out of play."""

    def place_meld(self, seat: int, meld: Meld) -> None:
        """A meld made at the deal (Bohu's initial 提): taken from ``seat``'s hand and shown."""

    def emit(self, event: ev.Event) -> None:
        """Append ``event`` to the hand's events."""

    def finish_deal_win(self, seat: int, win: WinInfo) -> None:
        """End the hand with ``seat``'s win at the deal (天胡, 三龙五坎)."""

    def settle(self, seat: int, win: WinInfo) -> Any:
        """The settlement of ``seat``'s win, as the rules make it."""

    def winner_cards(self, seat: int, card: int | None) -> list[int]:
        """Every card of the winning hand (hand, melds and the winning card) as a count vector."""


class RuleSet(Protocol):
    """What the engine asks of a game's rules module."""

    @property
    def name(self) -> str:
        """The rules' name in records and options (``guilin``, ``bohu``)."""

    @property
    def title(self) -> str:
        """The game's name for people (桂林字牌, 秀山博胡)."""

    @property
    def players(self) -> tuple[int, ...]:
        """The numbers of seats the game is played with."""

    @property
    def default_players(self) -> int:
        """The number of seats when none is given."""

    @property
    def hand_size(self) -> int:
        """The cards dealt to each seat (the dealer gets one more, face up)."""

    @property
    def win_table(self) -> WinTable:
        """The value table under the default options."""

    def parse_options(self, raw: Mapping[str, Any]) -> Any:
        """The options dataclass from a dict of names and values; :class:`OptionError` on an unknown name or value."""

    def held_target(self, quads: int) -> int:
        """The cards a seat with ``quads`` quads holds between turns (the held-count rule)."""

    def win_table_for(self, options: Any) -> WinTable:
        """The value table these options make (二七十, doubled ranks, ...)."""

    def procedure(self, options: Any) -> Procedure:
        """The play-procedure switches these options make."""

    def active_seats(self, players: int, dealer: int, options: Any) -> tuple[int, ...]:
        """The seats that play a hand (Bohu with 4 seated: the one the options sit out)."""

    def deal(self, game: HandGame) -> None:
        """Deal the hand: the cards, the dealer's face-up card and whatever the game places at the deal."""

    def deal_wins(self, game: HandGame) -> bool:
        """Apply the wins from the deal (天胡 and the like); True when the hand ended there."""

    def win_specials(self, game: HandGame, seat: int, source: Any, from_seat: int, opening: bool) -> tuple[str, ...]:
        """The specials (名堂 such as 地胡) a win during play carries."""

    def pick_win(self, game: HandGame, seat: int, candidates: list[WinInfo]) -> WinInfo | None:
        """The win ``seat`` takes among the candidate readings of its hand, or None when none counts."""

    def settle(self, game: HandGame, seat: int, win: WinInfo) -> Any:
        """The settlement of ``seat``'s win: its score and who pays whom."""

    def zero_sum(self, options: Any) -> bool:
        """Whether a hand's points sum to zero under these options."""

    def rounds(self, options: Any) -> Rounds | None:
        """How a game is played in 轮 (rounds) under these options, or None when it is not."""

    def draws_before_new_dealer(self, options: Any) -> int | None:
        """After how many 荒庄 in a row the deal passes on, or None when the dealer keeps it."""
