"""What the table scene reads of the match it shows: a protocol, met by the local :class:`.controller.Controller`
(the engine in this process) and by the 包厢's :class:`.remote.RemoteController` (one seat of a room hosted
elsewhere, fed by its connection). The scene, its drawing, the settlement panel and the match result read only this,
so the same table, pacing, prompts and settlement serve a local game and a friend's seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ...engine.actions import Action
from ...engine.events import Event
from ...engine.flow_types import HandResult
from ...engine.match import Match
from ...engine.observation import Observation
from ...engine.waits import Wait
from .controller import GameConfig, Recorder
from .hand_columns import Columns


class HandShown(Protocol):
    """The hand as the table reads it: who plays it, how far it is, its claim window, its result."""

    @property
    def active(self) -> Sequence[int]:
        """The seats playing the hand."""
        ...

    @property
    def history(self) -> Sequence[object]:
        """One entry per decision taken so far (the table keys its prompts and timers on the count)."""
        ...

    @property
    def events(self) -> Sequence[Event]:
        """The hand's events the table has been given."""
        ...

    @property
    def pending(self) -> Any:
        """The open claim window (its ``kind``), or None."""
        ...

    @property
    def result(self) -> HandResult | None:
        """How the hand ended (None while it runs)."""
        ...


class TableSource(Protocol):
    """The match behind a table: its seats and settings, the event feed for the seat in front of the screen, its
    decisions, the aids, and the hands' turnover."""

    config: GameConfig
    persistence: Recorder | None
    assisted: bool
    autoplay: set[int]
    columns: dict[int, Columns]

    @property
    def match(self) -> Match:
        """The match's totals, hands played, stakes and seed."""
        ...

    @property
    def game(self) -> HandShown:
        """The hand being shown."""
        ...

    @property
    def rules(self) -> Any:
        """The game's rule set."""
        ...

    @property
    def options(self) -> Any:
        """The rule options."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the match waits for (None: nobody now)."""
        ...

    @property
    def has_new_events(self) -> bool:
        """Events the table has not taken yet."""
        ...

    @property
    def humans(self) -> list[int]:
        """The seats played by people at this screen."""
        ...

    @property
    def thinking(self) -> bool:
        """A bot's decision is being worked out."""
        ...

    @property
    def can_undo(self) -> bool:
        """The player may take back the last decision."""
        ...

    @property
    def hand_over(self) -> bool:
        """The hand has a result and the table may settle it."""
        ...

    def is_human(self, seat: int) -> bool:
        """The seat is played by a person at this screen."""
        ...

    def bot_plays(self, seat: int) -> bool:
        """A bot decides for ``seat`` here (the table paces it)."""
        ...

    def default_viewer(self) -> int:
        """The seat the table is shown from."""
        ...

    def set_autoplay(self, seat: int, on: bool) -> None:
        """托管 on or off for the player's ``seat``."""
        ...

    def new_events(self, viewer: int) -> list[Event]:
        """Events since the last call, as ``viewer`` may see them."""
        ...

    def all_events(self, viewer: int) -> list[Event]:
        """Every event of the hand for ``viewer``."""
        ...

    def legal(self, seat: int) -> list[Action]:
        """The seat's legal actions now."""
        ...

    def submit(self, seat: int, action: Action) -> str | None:
        """The player's action; the reason when it is refused."""
        ...

    def step_bot(self) -> bool:
        """Advance the paced side of the match one move; True when a move was made."""
        ...

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now."""
        ...

    def unseen(self, seat: int) -> tuple[int, ...]:
        """记牌: the copies of each kind ``seat`` has not seen."""
        ...

    def waits(self, seat: int) -> list[Wait]:
        """听: the cards that would win for ``seat`` now."""
        ...

    def ask_hint(self, seat: int) -> Any:
        """The strong bot's choice for ``seat`` (an Action, a Decision to poll, or None)."""
        ...

    def mark_assisted(self) -> None:
        """A hint or the card count was used in a counted game."""
        ...

    def arranged(self, seat: int, columns: Columns | None, *, save: bool = True) -> None:
        """The player's own arrangement of the hand."""
        ...

    def saved_columns(self) -> Mapping[int, Columns]:
        """Each arranged seat's columns, up to date."""
        ...

    def undo(self) -> bool:
        """Take back the player's last decision (practice)."""
        ...

    def ends_match(self) -> bool:
        """The finished hand is the match's last."""
        ...

    def next_hand(self) -> bool:
        """Book the finished hand and deal the next; False when the match is over."""
        ...

    def close(self) -> None:
        """Stop what runs behind the table."""
        ...
