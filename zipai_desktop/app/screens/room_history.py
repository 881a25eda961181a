"""A 包厢's hands in the players' histories: the glue between the room screens and the store's room recorders.

The recorders themselves are the store's (``store/room_history.py``: :class:`HostRoomRecorder` keeps the host's match,
:class:`FriendRoomRecorder` a friend's hands from the messages the friend gets). They are read here through the
small protocols below and looked up by :func:`recorders`, so a build without them still plays rooms (the result
screen then says the history could not record the match).

SQLite keeps a connection on the thread that opened it: the host's recorder opens its history on the host's thread
(:class:`HostHistory` is the room's ``on_change``), a friend's on the frame loop's (its messages are read there).
"""

from __future__ import annotations

import importlib
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol

from ...net.room import Room
from ...store.history import History, MatchResult, open_history


class FriendRecorder(Protocol):
    """A friend's recorder: fed every message the host sends, in order; never raises."""

    history: History
    match_id: int | None
    messages: list[Any]

    def feed(self, message: Mapping[str, Any]) -> None:
        """Take one message from the host."""


class HostRecorder(Protocol):
    """The host's recorder: a hand's record as it ends, the totals at the match's end."""

    history: History
    match_id: int | None

    def hand_finished(self, record: Mapping[str, Any], *, hand: int | None = None) -> int | None:
        """Store a finished hand."""

    def match_finished(self, totals: Sequence[int]) -> None:
        """Book the final totals."""


def recorders() -> ModuleType | None:
    """The store's room recorders (``store/room_history.py``), or None in a build without them."""
    try:
        return importlib.import_module("zipai_desktop.store.room_history")
    except ImportError:
        return None


def friend_recorder(welcome: Mapping[str, Any]) -> FriendRecorder | None:
    """A friend's recorder in this player's history, fed the ``welcome`` already (None without recorders)."""
    module = recorders()
    if module is None:
        return None
    recorder: FriendRecorder = module.FriendRoomRecorder(open_history())
    recorder.feed(welcome)
    return recorder


class HostHistory:
    """The room's match in the host's history, written on the host's thread as the room changes (its ``on_change``):
    each hand's record once it ends, the totals once the match is over. The host's own chair is the player's
    ("human"), a chair a friend took is a friend's, the others the bots' level."""

    def __init__(self, module: ModuleType | None = None) -> None:
        """Record with ``module``'s HostRoomRecorder (default: :func:`recorders`)."""
        self.module = module if module is not None else recorders()
        self.recorder: HostRecorder | None = None
        self.stored = 0  # the room's records already stored
        self.finished = False

    def __call__(self, room: Room) -> None:
        """The room changed: store what ended since."""
        if self.module is None or self.finished or not (room.records or room.over):
            return
        if self.recorder is None:
            friend = str(getattr(self.module, "FRIEND", "friend"))
            kinds = ["human" if s == 0 else friend if seat.token else room.bot for s, seat in enumerate(room.seats)]
            names = [seat.name or "" for seat in room.seats]
            self.recorder = self.module.HostRoomRecorder(open_history(), room.match, kinds, names)
        recorder = self.recorder
        assert recorder is not None
        for number in range(self.stored, len(room.records)):
            recorder.hand_finished(room.records[number], hand=number)
        self.stored = len(room.records)
        if room.over:
            recorder.match_finished(list(room.match.totals))
            recorder.history.close()
            self.finished = True

    @property
    def match_id(self) -> int | None:
        """The match's id in the host's history (None before its first hand ended, or without recorders)."""
        return self.recorder.match_id if self.recorder is not None else None


def both(*changes: Callable[[Room], None]) -> Callable[[Room], None]:
    """One ``on_change`` calling each of ``changes`` in turn (the autosave, then the history)."""

    def changed(room: Room) -> None:
        for change in changes:
            change(room)

    return changed


def stored_result(match_id: int | None) -> MatchResult | None:
    """The match's figures from this player's history (None when it is not there)."""
    if match_id is None:
        return None
    try:
        with open_history() as history:
            return history.match_result(match_id)
    except (KeyError, OSError, ValueError, sqlite3.Error):
        return None
