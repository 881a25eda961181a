"""A 包厢's hands in the players' histories: the room screens' side of the store's room recorders
(``store/room_history.py``: :class:`HostRoomRecorder` keeps the host's match, :class:`FriendRoomRecorder` a friend's
hands from the messages the friend gets).

SQLite keeps a connection on the thread that opened it: the host's recorder opens its history on the host's thread
(:class:`HostHistory` is the room's ``on_change``), a friend's on the frame loop's (its messages are read there).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from ...net.room import Room
from ...store.history import FRIEND, HUMAN, MatchResult, open_history
from ...store.room_history import FriendRoomRecorder, HostRoomRecorder


def friend_recorder(welcome: Mapping[str, Any]) -> FriendRoomRecorder:
    """A friend's recorder in this player's history, fed the ``welcome`` already."""
    recorder = FriendRoomRecorder(open_history())
    recorder.feed(welcome)
    return recorder


class HostHistory:
    """The room's match in the host's history, written on the host's thread as the room changes (its ``on_change``):
    each hand's record once it ends, the totals once the match is over. The host's own chair is the player's, a
    chair a friend took is a friend's, the others the bots' level."""

    def __init__(self) -> None:
        """Nothing is written before the first hand ends."""
        self.recorder: HostRoomRecorder | None = None
        self.finished = False

    def __call__(self, room: Room) -> None:
        """The room changed: store what ended since."""
        if self.finished or not (room.records or room.over):
            return
        if self.recorder is None:
            kinds = [HUMAN if s == 0 else FRIEND if seat.token else room.bot for s, seat in enumerate(room.seats)]
            names = [seat.name or "" for seat in room.seats]
            self.recorder = HostRoomRecorder(open_history(), room.match, kinds, names)
        self.recorder.catch_up(room.records, over=room.over, totals=list(room.match.totals))
        if room.over:
            self.recorder.history.close()
            self.finished = True

    def close(self) -> None:
        """The room stopped serving (its host thread's ``on_close``): the history's connection is closed, on the
        thread that opened it, even when the match did not end (the app quit: the autosave keeps it for a restart,
        which goes on with the same history match)."""
        if self.recorder is not None and not self.finished:  # (a room that never opened has nothing open)
            self.recorder.history.close()
            self.finished = True

    @property
    def match_id(self) -> int | None:
        """The match's id in the host's history (None before its first hand ended)."""
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
