"""A 包厢's hands in the history, on both sides of the room: no I/O but the :class:`~.history.History`.

The host's history keeps the room's match like a local one (:class:`HostRoomRecorder`): the match opens with its
seats, each hand is stored with its full record as it ends, the totals when the match ends. The seats are "human" for
the host's own seat (when the host plays one), :data:`FRIEND` for a friend's and the bots' level for the others, so
the host's statistics count the host's seat only, and the friends' names go into each record (``names``) as a 比赛
table's do.

A friend's history keeps the hands the friend played, from what the host sends (:class:`FriendRoomRecorder`, fed every
message, docs/contracts/room-protocol.md). The friend's own seat is "human" (their statistics count it), the others
are :data:`FRIEND` or the bots' level. The host sends a hand's result as it ends (``hand_end``) but its record, which
tells the match's seed, only once the match is over (``record``), so:

- each hand is stored when its ``hand_end`` comes, from its result and the hand's events the seat saw (dealer, the
  seats dealt in, where the winning card came from): a *seen* hand (:meth:`History.add_seen_hand`), which counts in
  the statistics and has no replay yet;
- the match's ``record`` messages then give each hand its full record (the seen hand gives way to it, keeping when it
  was played), and the hands the friend never saw end (they were away) are stored from their records;
- ``match_end`` books the final totals.

A friend who dropped and never came back, or whose host stopped before the match's end, keeps the hands seen: their
results count, without replays, and the match stays unfinished (the 战绩 list shows the stored hands' points). A hand
played while the friend was away, even partly (a rejoin shows it), is marked 托管. A friend who sat down after the
match began has the hands from the one then being played on (those before were a bot's).

A message that is not what the protocol says is skipped (counted in ``skipped``); a history that cannot be written is
reported once in ``messages``: neither ever stops the game.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.match import Match
from ..engine.record import RecordError, replay, result_of
from ..engine.rules import RULESETS
from .history import FRIEND, HUMAN, HandFacts, History
from .notice import Notice, error_text

#: The kind of a bot seat whose level the friend was not told.
BOT = "bot"
#: The longest name kept for a seat (the room protocol's bound on names).
MAX_NAME = 32
#: The most events of one hand a friend's recorder keeps (a hand has a few hundred; a flood stops here).
MAX_EVENTS = 4000
_LEVEL = re.compile(r"[a-z][a-z0-9_]{0,15}")
_SOURCES = frozenset({"own_draw", "other_draw", "discard", "deal"})


def _whole(value: Any, low: int, high: int) -> int | None:
    """``value`` when it is a whole number from ``low`` to ``high``, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return None


def _name(value: Any) -> str:
    return value[:MAX_NAME] if isinstance(value, str) else ""


class _Recorder:
    """What both sides share: the history, the match's id there, and the store problems reported once."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.match_id: int | None = None
        #: store problems, each once (a full disk at every hand is one message)
        self.messages: list[str] = []

    def _report(self, exc: Exception) -> None:
        notice = Notice(f"history not recorded: {exc}", "history_not_recorded", error=error_text(exc))
        if notice not in self.messages:
            self.messages.append(notice)


# ---------------------------------------------------------------------------------------------------------------------
# The host.


class HostRoomRecorder(_Recorder):
    """The room's match in the host's history: ``hand_finished`` as each hand ends, ``match_finished`` at the end.

    ``kinds``: each seat's kind ("human" for the host's own seat, :data:`FRIEND`, or the bots' level); ``names``: each
    seat's name ("" for none). ``match_id``: the history match a reopened room goes on with (a host restart from the
    autosave), used when the history still holds it.
    """

    def __init__(
        self,
        history: History,
        match: Match,
        kinds: Sequence[str],
        names: Sequence[str] = (),
        *,
        match_id: int | None = None,
    ) -> None:
        """Open the match in the history (or go on with ``match_id``)."""
        super().__init__(history)
        self.match = match
        self.recorded = 0  # the room's records stored so far (catch_up)
        self.finished = False
        self.kinds = list(kinds)
        self.names = [_name(n) for n in names] or [""] * len(self.kinds)
        try:
            if match_id is not None and history.has_match(match_id, rules=match.rules.name, seed=match.seed):
                self.match_id = match_id
            else:
                self.match_id = history.start_match(
                    match.rules.name,
                    self.kinds,
                    options=dataclasses.asdict(match.options),
                    seed=match.seed,
                    stakes=match.stakes.to_json() if match.stakes is not None else None,
                )
        except Exception as exc:  # noqa: BLE001 - the history is a convenience; the room goes on without it
            self._report(exc)

    def hand_finished(
        self,
        record: Mapping[str, Any],
        result: Mapping[str, Any] | None = None,
        totals: Sequence[int] | None = None,
        *,
        hand: int | None = None,
        autoplay: bool = False,
    ) -> int | None:
        """Store a finished hand from its record (the room's ``to_record(game, hand=n)``): replayed, so only a record
        that plays back to its result is stored. ``result`` (the ``hand_end``'s) must be the record's; ``totals`` are
        not stored per hand (the match's are booked at its end). Returns the hand's id, None when not stored."""
        if self.match_id is None:
            return None
        try:
            given = hand if hand is not None else record.get("hand")
            number = _whole(given, 0, 10**6)
            if number is None:
                raise ValueError(f"the record has no hand number ({given!r})")
            game = replay(record)
            if result is not None and result_of(game) != dict(result):
                raise ValueError(f"hand {number}: the result is not the record's")
            stored = {**record, "names": self.names} if any(self.names) else dict(record)
            return self.history.add_hand(self.match_id, number, game, record=stored, seats=self.kinds,
                                         autoplay=autoplay)  # fmt: skip
        except Exception as exc:  # noqa: BLE001 - RecordError, a store failure: reported, the room goes on
            self._report(exc)
            return None

    def match_finished(self, totals: Sequence[int]) -> None:
        """Book the match's final totals."""
        if self.match_id is None:
            return
        try:
            self.history.finish_match(self.match_id, totals)
        except Exception as exc:  # noqa: BLE001
            self._report(exc)
        self.finished = True

    def catch_up(self, records: Sequence[Mapping[str, Any]], *, over: bool, totals: Sequence[int]) -> None:
        """Store the room's finished hands not stored yet (``records``: the room's list, one per finished hand, in
        order) and, once the match is ``over``, its ``totals``: one call after every change of the room (the host's
        ``on_status``) keeps the history up to date."""
        while self.recorded < len(records):
            record = records[self.recorded]
            self.recorded += 1
            self.hand_finished(record, hand=self.recorded - 1)
        if over and not self.finished:
            self.match_finished(totals)


# ---------------------------------------------------------------------------------------------------------------------
# A friend.


class FriendRoomRecorder(_Recorder):
    """A friend's hands in their own history, from every message the host sends them (:meth:`feed`).

    ``seat``, ``rules`` and ``players`` are taken from the ``welcome`` when not given; ``names`` (each seat's, "" for
    none) are updated by ``seats`` and ``status`` messages; ``options`` (the rule options, which decide who sits a
    Bohu hand out) are taken from the welcome (if it has them), the first ``turn``'s observation or the records when
    not given; ``bot`` is the room's bot level when known (else :data:`BOT`). Feed the same recorder across a rejoin:
    its ``welcome`` marks the hands played while the friend was away (托管).
    """

    def __init__(
        self,
        history: History,
        seat: int | None = None,
        names: Sequence[str] = (),
        rules: str | None = None,
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        bot: str | None = None,
    ) -> None:
        """A recorder for one seat; nothing is written until a hand ends."""
        super().__init__(history)
        self.seat = seat
        self.rules = rules if rules in RULESETS else None
        self.players = players
        self.names = [_name(n) for n in names]
        self.options: dict[str, Any] | None = dict(options) if options is not None else None
        self.bot = bot if isinstance(bot, str) and _LEVEL.fullmatch(bot) else BOT
        self.people: set[int] = set()  # the seats a person has sat at (the others are bots)
        self.skipped = 0  # messages that were not what the protocol says
        self.welcomed = False
        self.first_hand = (
            0  # the hand being played (or next) when the friend first sat down: earlier ones are not theirs
        )
        self.over = False
        self.current: int | None = None  # the hand whose events are kept
        self.events: list[Mapping[str, Any]] = []
        self.seen: set[int] = set()  # the hands whose hand_end came
        self.away: set[int] = set()  # the hands played, even partly, while the friend was away

    # -- what the seats are ----------------------------------------------------------------------------------------

    def kinds(self) -> list[str]:
        """Each seat's kind as stored: "human" for this friend's seat, :data:`FRIEND` for a person's, else the bots'."""
        assert self.players is not None
        return [HUMAN if s == self.seat else FRIEND if s in self.people else self.bot for s in range(self.players)]

    def _names(self) -> list[str]:
        assert self.players is not None
        return [(self.names[s] if s < len(self.names) else "") for s in range(self.players)]

    def _take_options(self, raw: Any) -> None:
        """The match's rule options, the first time the host tells them: only options the rules accept, as the rules
        read them (a bad or oversized object from the network is not stored)."""
        if self.options is not None or not isinstance(raw, dict) or self.rules is None:
            return
        try:
            self.options = dataclasses.asdict(RULESETS[self.rules].parse_options(raw))
        except Exception:  # noqa: BLE001 - OptionError and whatever a hostile object raises: not stored
            return

    # -- messages --------------------------------------------------------------------------------------------------

    def feed(self, message: Mapping[str, Any]) -> None:
        """Take one message from the host (in the order received). Never raises: a malformed message is skipped."""
        handlers = {
            "welcome": self._welcome,
            "seats": self._seats,
            "status": self._seats,  # (protocol 2: the seats with more; the rest is the room's, not the history's)
            "events": self._events,
            "turn": self._turn,
            "hand_end": self._hand_end,
            "record": self._record,
            "match_end": self._match_end,
        }
        kind = message.get("kind") if isinstance(message, Mapping) else None
        handler = handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            if not (isinstance(message, Mapping) and message.get("kind") == "refused"):
                self.skipped += 1
            return
        try:
            ok = handler(message)
        except Exception as exc:  # noqa: BLE001 - a store failure: reported once, the game goes on
            self._report(exc)
            return
        if not ok:
            self.skipped += 1

    def _welcome(self, message: Mapping[str, Any]) -> bool:
        rules = message.get("rules")
        players = _whole(message.get("players"), 2, 4)
        seat = _whole(message.get("seat"), 0, (players or 1) - 1)
        hand = _whole(message.get("hand"), 0, 10**6)
        if rules not in RULESETS or players is None or seat is None or hand is None:
            return False
        if self.welcomed:  # a rejoin: the hand now being played went on under 托管 while the friend was away
            self.away.add(hand)
        else:
            self.first_hand = hand
        self.welcomed = True
        self.rules, self.players, self.seat = str(rules), players, seat
        self.people.add(seat)
        bot = message.get("bot")
        if isinstance(bot, str) and _LEVEL.fullmatch(bot):
            self.bot = bot
        options = message.get("options")
        self._take_options(options)
        return True

    def _seats(self, message: Mapping[str, Any]) -> bool:
        seats = message.get("seats")
        if not isinstance(seats, list) or self.players is None or len(seats) != self.players:
            return False
        names = self._names()
        for entry in seats:
            seat = _whole(entry.get("seat"), 0, self.players - 1) if isinstance(entry, dict) else None
            if seat is None:
                return False
            if entry.get("joined") is True or entry.get("name") is not None:  # a person has sat there
                names[seat] = _name(entry.get("name"))
                self.people.add(seat)
        self.names = names
        return True

    def _events(self, message: Mapping[str, Any]) -> bool:
        hand = _whole(message.get("hand"), 0, 10**6)
        first = _whole(message.get("from"), 0, MAX_EVENTS)
        events = message.get("events")
        if hand is None or first is None or not isinstance(events, list):
            return False
        if first == 0 or hand != self.current:  # a new hand, or everything so far after a rejoin
            self.current, self.events = hand, []
        self.events = (self.events + [e for e in events if isinstance(e, dict)])[:MAX_EVENTS]
        return True

    def _turn(self, message: Mapping[str, Any]) -> bool:
        observation = message.get("observation")
        options = observation.get("options") if isinstance(observation, dict) else None
        self._take_options(options)
        return isinstance(observation, dict)

    def _facts(self, hand: int, result: Mapping[str, Any]) -> HandFacts | None:
        """The hand's facts from its result and the events seen (None when the seat did not see it start)."""
        assert self.players is not None and self.rules is not None
        players = self.players
        winner = result.get("winner")
        points = result.get("points")
        score, hu, special = (
            _whole(result.get("score"), -(10**9), 10**9),
            result.get("hu", 0),
            result.get("special", []),
        )
        if not (
            (winner is None or _whole(winner, 0, players - 1) is not None)
            and isinstance(points, list)
            and len(points) == players
            and all(_whole(p, -(10**9), 10**9) is not None for p in points)
            and score is not None
            and _whole(hu, -(10**9), 10**9) is not None
            and isinstance(special, list)
            and len(special) <= 32
            and all(isinstance(x, str) and len(x) <= 32 for x in special)
        ):
            return None
        if self.current != hand:
            return None
        start = next((e for e in self.events if e.get("event") == "HandStarted"), None)
        dealer = _whole(start.get("dealer"), 0, players - 1) if start is not None else None
        if dealer is None:
            return None
        active = sorted({s for e in self.events if e.get("event") == "Dealt"
                         if (s := _whole(e.get("seat"), 0, players - 1)) is not None})  # fmt: skip
        won = next((e for e in self.events if e.get("event") == "Won"), None)
        source, discarder = "draw", None
        if winner is not None:
            told = won.get("source") if won is not None else None
            source = told if isinstance(told, str) and told in _SOURCES else "unknown"
            if source == "discard" and won is not None:
                discarder = _whole(won.get("from_seat"), 0, players - 1)
        return HandFacts(
            rules=self.rules,
            players=players,
            dealer=dealer,
            active=tuple(active) or tuple(range(players)),
            winner=winner,
            source=source,
            discarder=discarder,
            score=score,
            hu=int(hu),
            points=tuple(int(p) for p in points),
            special=tuple(special),
        )

    def _open_match(self) -> int:
        if self.match_id is None:
            assert self.rules is not None
            self.match_id = self.history.start_match(self.rules, self.kinds(), options=self.options or {})
        return self.match_id

    def _hand_end(self, message: Mapping[str, Any]) -> bool:
        hand = _whole(message.get("hand"), 0, 10**6)
        result = message.get("result")
        if hand is None or not isinstance(result, dict) or self.players is None or self.over:
            return False
        facts = self._facts(hand, result)
        if facts is None:
            return False
        self.seen.add(hand)
        match_id = self._open_match()
        self.history.add_seen_hand(match_id, hand, facts, names=self._names(), seats=self.kinds(),
                                   autoplay=hand in self.away)  # fmt: skip
        return True

    def _record(self, message: Mapping[str, Any]) -> bool:
        hand = _whole(message.get("hand"), 0, 10**6)
        record = message.get("record")
        if hand is None or not isinstance(record, dict) or self.players is None or self.seat is None:
            return False
        if record.get("rules") != self.rules or record.get("players") != self.players:
            return False
        if hand < self.first_hand:  # played before the friend sat down: another player's (a bot's) hand
            return True
        try:
            game = replay(record)
        except RecordError:
            return False
        if game.result is None:
            return False
        self._take_options(record.get("options"))
        match_id = self._open_match()
        names = self._names()
        stored = {**record, "names": names} if any(names) else dict(record)
        away = hand in self.away or hand not in self.seen  # a hand that ended while the friend was away
        self.history.add_hand(match_id, hand, game, record=stored, seats=self.kinds(), autoplay=away)
        return True

    def _match_end(self, message: Mapping[str, Any]) -> bool:
        totals = message.get("totals")
        if self.players is None or not isinstance(totals, list) or len(totals) != self.players:
            return False
        if not all(_whole(t, -(10**12), 10**12) is not None for t in totals):
            return False
        self.over = True
        if self.match_id is not None:
            self.history.finish_match(self.match_id, [int(t) for t in totals])
        return True
