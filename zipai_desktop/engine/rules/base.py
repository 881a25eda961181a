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
    def players(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def active(self) -> tuple[int, ...]: ...
    @property
    def options(self) -> Any: ...
    @property
    def table(self) -> WinTable: ...
    @property
    def hands(self) -> list[list[int]]: ...
    @property
    def melds(self) -> list[list[Meld]]: ...
    @property
    def wall(self) -> list[int]: ...
    @property
    def removed(self) -> list[int]: ...
    @property
    def took(self) -> list[bool]: ...
    @property
    def draws(self) -> list[int]: ...

    def held(self, seat: int) -> int: ...
    def target(self, seat: int) -> int: ...
    def order_from(self, seat: int) -> list[int]: ...
    def deal_hands(self, size: int) -> None: ...
    def deal_face_up_to_dealer(self) -> None: ...
    def give(self, seat: int, count: int) -> list[int]: ...
    def remove_from_wall(self, count: int) -> None: ...
    def place_meld(self, seat: int, meld: Meld) -> None: ...
    def emit(self, event: ev.Event) -> None: ...
    def finish_deal_win(self, seat: int, win: WinInfo) -> None: ...
    def settle(self, seat: int, win: WinInfo) -> Any: ...
    def winner_cards(self, seat: int, card: int | None) -> list[int]: ...


class RuleSet(Protocol):
    """What the engine asks of a game's rules module."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def players(self) -> tuple[int, ...]: ...
    @property
    def default_players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def win_table(self) -> WinTable: ...

    def parse_options(self, raw: Mapping[str, Any]) -> Any: ...

    def held_target(self, quads: int) -> int: ...

    def win_table_for(self, options: Any) -> WinTable: ...

    def procedure(self, options: Any) -> Procedure: ...

    def active_seats(self, players: int, dealer: int, options: Any) -> tuple[int, ...]: ...

    def deal(self, game: HandGame) -> None: ...

    def deal_wins(self, game: HandGame) -> bool: ...

    def win_specials(
        self, game: HandGame, seat: int, source: Any, from_seat: int, opening: bool
    ) -> tuple[str, ...]: ...

    def pick_win(self, game: HandGame, seat: int, candidates: list[WinInfo]) -> WinInfo | None: ...

    def settle(self, game: HandGame, seat: int, win: WinInfo) -> Any: ...

    def zero_sum(self, options: Any) -> bool: ...

    def rounds(self, options: Any) -> Rounds | None: ...

    def draws_before_new_dealer(self, options: Any) -> int | None: ...
