"""One seat of a 包厢 at the table: the match is the host's, the table reads it through the seat's connection.

:class:`RemoteController` meets :class:`.source.TableSource` from what the host sends the seat (docs/contracts/
room-protocol.md): the ``events`` (already redacted for the seat, each with the seat's ``view`` after them), its
``turn`` (the observation, with the legal actions), each ``hand_end`` (with the itemised settlement the panel shows)
and the ``match_end``. It never holds a hidden card: the 听 helper and the card count read the seat's own view as of
the move shown (a world consistent with it, bots/world.py, answers the engine's waits, which read only the seat's own
cards and the public counts), so they show between the seat's turns as at a local table.

Pacing: the host's bots answer at once, so a whole round of the others' moves arrives together. Each ``events``
message is one move; the table releases them one at a time through :meth:`step_bot`, at the same pace as a local
game's bots (the table's own pause), and the seat's own moves and the deal at once.
"""

from __future__ import annotations

import queue
import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...bots.base import make_bot
from ...bots.heuristic import bot_seed
from ...bots.world import determinize
from ...engine import events as ev
from ...engine.actions import Action
from ...engine.flow_types import HandResult
from ...engine.match import Match
from ...engine.observation import Observation
from ...engine.rules import get_rules
from ...engine.waits import Wait, live_counts, waits
from ...net.session import ClientSession, event_from_json
from ...net.wire import observation_from_json, settlement_from_json
from ..ui.i18n import tr
from .controller import AUTOPLAY_LEVEL, FRIEND, HUMAN, GameConfig, Recorder, SeatConfig
from .hand_columns import Columns

#: The seat kind of a chair the host's bot plays (no friend ever took it).
ROOM_BOT = "room_bot"


class Feed(Protocol):
    """What takes every message the seat gets (the friend's history recorder)."""

    def feed(self, message: Mapping[str, Any]) -> None:
        """Take one message, in order."""


@dataclass
class RemoteHand:
    """The hand as this seat knows it: the events released to the table, the seats dealt, its result."""

    players: int
    events: list[ev.Event] = field(default_factory=list)
    steps: int = 0  # the host's step count at the last turn (the table keys prompts and timers on it)
    result: HandResult | None = None
    pending: Any = None  # the claim window is the host's; the table's pause before a claim is the plain one here

    @property
    def active(self) -> Sequence[int]:
        """The seats dealt this hand (all of them before the deal is seen)."""
        dealt = sorted({e.seat for e in self.events if isinstance(e, ev.Dealt)})
        return tuple(dealt) if dealt else tuple(range(self.players))

    @property
    def history(self) -> Sequence[object]:
        """One entry per decision of the hand so far (as the host counts them)."""
        return range(self.steps)


@dataclass(frozen=True)
class Summary:
    """A won hand's settlement as a 包厢 seat is told it (``hand_end``'s result): its 胡 / 胡息, its score and its
    special hands. The settlement panel shows these (the host's Game has the itemised sums)."""

    hu: int
    score: int
    special: tuple[str, ...]
    summary_only: bool = True


@dataclass
class Batch:
    """One ``events`` message: a move (or the deal, or a rejoin's whole hand)."""

    hand: int
    start: int
    events: list[ev.Event]
    view: Observation | None = None  # the seat's observation after these events (None from an older host)
    step: int = -1  # the host's step count at that view


class RemoteController:
    """A friend's seat of a room, read from its :class:`ClientSession` each frame (never blocking)."""

    def __init__(self, session: ClientSession, welcome: Mapping[str, Any], *, lang: str = "zh") -> None:
        """The seat ``welcome`` gave (the host's first message); what came after it is read from ``session``."""
        self.session = session
        self.lang = lang
        self.seat = int(welcome["seat"])
        players = int(welcome["players"])
        self.rules = get_rules(str(welcome["rules"]))
        options = welcome.get("options")
        self.options = self.rules.parse_options(options if isinstance(options, dict) else {})
        hands = welcome.get("hands")
        self.hands: int | None = int(hands) if isinstance(hands, int) else None
        seats = [SeatConfig(ROOM_BOT, "", tr("seat.bot", lang, n=s + 1)) for s in range(players)]
        seats[self.seat] = SeatConfig(HUMAN, session.name)
        self.config = GameConfig(rules=self.rules.name, players=players, seats=seats, hands=self.hands)
        self._match = Match(
            self.rules, self.options, seed=f"room:{session.code}", hands=self.hands, players=players,
            totals=[int(t) for t in welcome["totals"]],
        )  # fmt: skip
        self._match.played = int(welcome["hand"])
        self.persistence: Recorder | None = None
        self.assisted = False
        self.autoplay: set[int] = set()  # the seats a bot plays for a friend away, and this seat under its 托管
        self.own_autoplay = False
        self.columns: dict[int, Columns] = {}
        self.away: set[int] = set()
        self.names: list[str | None] = [None] * players
        self.hand = RemoteHand(players)
        self.hand_number = self._match.played
        self.batches: deque[Batch] = deque()
        self.ready: list[ev.Event] = []
        self.turn: dict[str, Any] | None = None
        self.last_obs: Observation | None = None
        self.obs_events = -1  # how many of the hand's events the last observation had seen
        self.results: dict[int, tuple[HandResult, list[int]]] = {}
        self.latest_totals = list(self._match.totals)  # the match totals as the host last told them
        self.records: list[dict[str, Any]] = []
        self.final: list[int] | None = None
        self.final_hands = 0
        self.ended_by_host = False  # the host ended the match: the hand in play was abandoned
        self.paused = False
        self.lost: str | None = None  # why the seat is gone (the host ended or vanished, a refusal): one sentence
        self.notices: list[str] = []  # what the table tells as toasts (a friend dropped, the connection came back)
        self.resynced = False  # the host sent the hand from its start again (a rejoin): the table rebuilds its view
        self.recorder: Feed | None = None  # the friend's history, fed every message after the welcome
        self._waits_of: Observation | None = None  # the observation the 听 list was worked out from
        self._waits: list[Wait] = []
        self.view: Observation | None = None  # the seat's view as of the last move shown (from its ``events``)
        self.view_step = -1  # the host's step count at that view
        self.rounds_before: dict[int, list[int]] = {}  # per hand: the 轮 totals before it, as the host told them

    # --- the connection ---------------------------------------------------------------------------------------------

    def pump(self) -> None:
        """Read every message waiting in the seat's inbox (without waiting for one)."""
        while True:
            try:
                message = self.session.inbox.get_nowait()
            except queue.Empty:
                break
            self._read(message)
        self._catch_up()

    def _catch_up(self) -> None:
        """The seat was away when the hand shown ended (its ``hand_end`` never came) and is back in a later one: the
        table goes to the hand being played (its events from the start), with the totals the host last told."""
        later = next((b for b in self.batches if b.hand > self.hand_number), None)
        if later is None or self._held() or self.hand_number in self.results:
            return
        self.hand_number = later.hand
        self.hand = RemoteHand(self.config.players)
        self.batches = deque(b for b in self.batches if b.hand >= later.hand)
        self._match.played = later.hand
        self._match.totals = list(self.latest_totals)
        self.view, self.view_step = None, -1
        self.columns = {}
        self.resynced = True

    def _read(self, message: dict[str, Any]) -> None:
        if self.recorder is not None:
            self.recorder.feed(message)
        kind = message.get("kind")
        if kind == "events":
            self._events(message)
        elif kind == "turn":
            self.turn = message
            self.last_obs = observation_from_json(message["observation"])
            self.options = self.last_obs.options
            self.hand.steps = int(message["step"])
        elif kind == "hand_end":
            result = message["result"] or {}
            points = tuple(int(p) for p in result.get("points", [0] * self.config.players))
            winner = result.get("winner")
            settlement: Any = None
            if isinstance(winner, int):
                settlement = _settlement(message.get("settlement"))  # the panel shows a local table's lines
                if settlement is None:  # an older host (or a malformed one): the result's summary only
                    special = tuple(str(n) for n in result.get("special", []))
                    settlement = Summary(int(result.get("hu", 0)), int(result.get("score", 0)), special)
            rounds = message.get("round_totals")
            if isinstance(rounds, list) and len(rounds) == self.config.players:
                self.rounds_before[int(message["hand"])] = [int(t) for t in rounds]
            hand_result = HandResult(winner, None, settlement, points)
            self.results[int(message["hand"])] = (hand_result, [int(t) for t in message["totals"]])
            self.latest_totals = [int(t) for t in message["totals"]]
        elif kind == "seats":
            self._seats(message["seats"])
        elif kind == "record":
            self.records.append(message["record"])
        elif kind == "match_end":
            self.final = [int(t) for t in message["totals"]]
            self.final_hands = int(message.get("hands", self.hand_number))
            self.ended_by_host = bool(message.get("ended_by_host"))
        elif kind == "status":
            self._status(message)
        elif kind == "welcome":  # a rejoin: the seat's token, and the totals of the hands played meanwhile
            self.session.token = str(message["token"])
            self.latest_totals = [int(t) for t in message["totals"]]
        elif kind == "reconnecting":
            self.notices.append(tr("room.reconnecting", self.lang))
        elif kind == "lost":
            self.lost = lost_sentence(str(message.get("problem")), str(message.get("reason", "")), self.lang)
        elif kind == "refused":
            self.turn = None if self.turn is None else self.turn  # the decision stays open: the host sends it again

    def _events(self, message: dict[str, Any]) -> None:
        hand = int(message["hand"])
        start = int(message["from"])
        events = [event_from_json(e) for e in message["events"]]
        view = _view(message.get("view"))
        step = int(message.get("step", -1))
        if hand == self.hand_number and start == 0 and self.hand.events:
            # A rejoin: the hand's events from its start. Whatever was waiting is in them.
            self.batches = deque(b for b in self.batches if b.hand != hand)
            self.ready = []
            self.hand.events = list(events)
            self.view, self.view_step = view, step
            self.resynced = True
            return
        self.batches.append(Batch(hand, start, events, view, step))

    def _seats(self, seats: list[dict[str, Any]]) -> None:
        for entry in seats:
            seat = int(entry["seat"])
            name = entry.get("name")
            connected = bool(entry.get("connected"))
            if seat == self.seat:
                continue
            if isinstance(name, str) and name:
                self.names[seat] = name
                self.config.seats[seat] = SeatConfig(FRIEND, "", name)
            was_away = seat in self.away
            if self.names[seat] is not None and not connected:
                self.away.add(seat)
                if not was_away:
                    self.notices.append(tr("room.dropped", self.lang, name=self.names[seat]))
            elif connected:
                self.away.discard(seat)
                if was_away:
                    self.notices.append(tr("room.back", self.lang, name=self.names[seat]))
        self.autoplay = set(self.away) | ({self.seat} if self.own_autoplay else set())

    def _status(self, message: dict[str, Any]) -> None:
        """The room's status (protocol 2): paused or not, the totals, and the seats (a friend away under 托管)."""
        totals = message.get("totals")
        if isinstance(totals, list) and len(totals) == self.config.players:
            self.latest_totals = [int(t) for t in totals]
        paused = bool(message.get("paused"))
        if paused != self.paused:
            self.notices.append(tr("room.paused" if paused else "room.resumed", self.lang))
        self.paused = paused
        seats = message.get("seats")
        if isinstance(seats, list):
            self._seats(seats)

    @property
    def dealt(self) -> bool:
        """The hand's first events have come: the table has something to show."""
        self.pump()
        return bool(self.hand.events) or self._held()

    def take_notices(self) -> list[str]:
        """The toasts to show since the last call."""
        out, self.notices = self.notices, []
        return out

    # --- the feed ---------------------------------------------------------------------------------------------------

    def _held(self) -> bool:
        """A move of this hand waits to be shown."""
        return any(b.hand == self.hand_number for b in self.batches)

    def _release(self) -> None:
        batch = self.batches.popleft()
        self.ready.extend(batch.events)
        self.hand.events.extend(batch.events)
        if batch.view is not None:
            self.view, self.view_step = batch.view, batch.step

    def _release_own(self) -> None:
        """The deal and the seat's own moves are shown at once (no bot's pause before them)."""
        while self.batches and self.batches[0].hand == self.hand_number:
            batch = self.batches[0]
            first = batch.events[0] if batch.events else None
            own = first is not None and getattr(first, "seat", None) == self.seat
            if batch.start == 0 or own or first is None:
                self._release()
            else:
                return

    def new_events(self, viewer: int) -> list[ev.Event]:
        """The events released since the last call (the seat's own view: the host redacted them)."""
        self.pump()
        self._release_own()
        out, self.ready = self.ready, []
        return out

    @property
    def has_new_events(self) -> bool:
        """Released events the table has not taken."""
        return bool(self.ready)

    def all_events(self, viewer: int) -> list[ev.Event]:
        """Every event of the hand released so far."""
        self.ready = []
        return list(self.hand.events)

    # --- decisions --------------------------------------------------------------------------------------------------

    def _open_turn(self) -> dict[str, Any] | None:
        turn = self.turn
        if turn is None or int(turn["hand"]) != self.hand_number or self._held() or self.paused:
            return None
        return turn

    @property
    def to_act(self) -> int | None:
        """A seat whose move waits to be shown (the table paces it as a bot's), else this seat at its turn, else
        nobody (the host has not sent more yet)."""
        self.pump()
        for batch in self.batches:
            if batch.hand != self.hand_number:
                break
            first = batch.events[0] if batch.events else None
            seat = getattr(first, "seat", None)
            return seat if isinstance(seat, int) and seat != self.seat else (self.seat + 1) % self.config.players
        return self.seat if self._open_turn() is not None else None

    def is_human(self, seat: int) -> bool:
        """Only this seat is a person at this screen."""
        return seat == self.seat

    @property
    def humans(self) -> list[int]:
        """This seat."""
        return [self.seat]

    def default_viewer(self) -> int:
        """The table is shown from this seat."""
        return self.seat

    def bot_plays(self, seat: int) -> bool:
        """Another seat's move (shown at the bots' pace), or this seat under its 托管."""
        return seat != self.seat or self.own_autoplay

    def set_autoplay(self, seat: int, on: bool) -> None:
        """托管 for this seat: a bot here answers its turns (the casual level, from the seat's observation)."""
        if seat == self.seat:
            self.own_autoplay = on
            self.autoplay = set(self.away) | ({self.seat} if on else set())

    @property
    def thinking(self) -> bool:
        """Nothing is worked out here: the host's bots have decided already."""
        return False

    def legal(self, seat: int) -> list[Action]:
        """The seat's legal actions at its open turn."""
        turn = self._open_turn()
        if seat != self.seat or turn is None or self.last_obs is None:
            return []
        return list(self.last_obs.legal)

    def submit(self, seat: int, action: Action) -> str | None:
        """Send the seat's action (the host checks it again); the reason when it is not on offer."""
        turn = self._open_turn()
        if seat != self.seat or turn is None:
            return tr("room.not_your_turn", self.lang)
        if action not in self.legal(seat):
            return tr("room.not_legal", self.lang)
        self.session.act(action, int(turn["hand"]), int(turn["step"]))
        self.turn = None
        return None

    def step_bot(self) -> bool:
        """Show the next move waiting; at this seat's turn under 托管, send the 托管 bot's choice."""
        if self._held():
            self._release()
            return True
        turn = self._open_turn()
        if turn is None or not self.own_autoplay or self.last_obs is None:
            return False
        obs = self.last_obs
        action = make_bot(AUTOPLAY_LEVEL, bot_seed(f"{self.session.code}:{turn['hand']}", self.seat)).choose(
            obs, obs.legal
        )
        return self.submit(self.seat, action) is None

    # --- aids -------------------------------------------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match as the host told it: totals booked up to the hand shown, hands played."""
        return self._match

    @property
    def game(self) -> RemoteHand:
        """The hand shown."""
        return self.hand

    def observation(self, seat: int) -> Observation:
        """The seat's last observation (from its last turn)."""
        if self.last_obs is None:
            raise LookupError("no observation yet")
        return self.last_obs

    def _current_obs(self) -> Observation | None:
        """The seat's observation as of the move shown: at its open turn the turn's, else the view sent with the last
        move released to the table (None before the deal is shown, or from an older host between turns)."""
        return self.last_obs if self._open_turn() is not None else self.view

    def unseen(self, seat: int) -> tuple[int, ...]:
        """记牌 from the seat's observation as of the move shown."""
        obs = self._current_obs()
        if obs is None or seat != self.seat:
            return ()
        return live_counts(obs)  # what engine.unseen answers: it reads the seat's observation alone

    def waits(self, seat: int) -> list[Wait]:
        """听 from the seat's observation as of the move shown, at its turn or not: a world consistent with it answers
        the engine's waits (they read only the seat's own cards and the public counts)."""
        obs = self._current_obs()
        if obs is None or seat != self.seat or (self.hand.events and isinstance(self.hand.events[-1], ev.HandEnded)):
            return []  # (a finished hand has no waits, as engine.waits says)
        if obs is not self._waits_of:
            self._waits_of = obs
            self._waits = waits(determinize(obs, random.Random(0)), seat)
        return self._waits

    def ask_hint(self, seat: int) -> Action | None:
        """No hint in a room: its games count (the table refuses F4 before asking)."""
        return None

    def mark_assisted(self) -> None:
        """A room's games are not marked: the hint and the card count are off there."""

    def arranged(self, seat: int, columns: Columns | None, *, save: bool = True) -> None:
        """The player's own arrangement, kept for this hand (nothing is saved here: the host keeps the match)."""
        if columns is None:
            self.columns.pop(seat, None)
        else:
            self.columns[seat] = [list(c) for c in columns]

    def saved_columns(self) -> Mapping[int, Columns]:
        """The arrangement as last given."""
        return dict(self.columns)

    @property
    def can_undo(self) -> bool:
        """Never: the host's game does not take moves back."""
        return False

    def undo(self) -> bool:
        """Refused (see :attr:`can_undo`)."""
        return False

    # --- hands ------------------------------------------------------------------------------------------------------

    @property
    def hand_over(self) -> bool:
        """The hand's end is shown and the host has gone on (the next deal, or the match's end, has come)."""
        self.pump()
        got = self.results.get(self.hand_number)
        if got is None or self._held():
            return False
        self.hand.result = got[0]
        if self.hand_number in self.rounds_before:  # the panel shows each seat toward the 轮 target
            self._match.round_totals = list(self.rounds_before[self.hand_number])
        follows = self.final is not None or any(b.hand > self.hand_number for b in self.batches)
        return follows

    def ends_match(self) -> bool:
        """The host said the match is over."""
        return self.final is not None

    def next_hand(self) -> bool:
        """Book the hand's totals and show the next deal; False once the match is over."""
        got = self.results.get(self.hand_number)
        if got is not None:
            self._match.totals = list(got[1])
            self._match.played = self.hand_number + 1
        if self.final is not None and not any(b.hand > self.hand_number for b in self.batches):
            self._match.totals = list(self.final)
            self._match.played = self.final_hands
            return False
        self.hand_number += 1
        self.hand = RemoteHand(self.config.players)
        self.view, self.view_step = None, -1
        self.columns = {}
        self.turn = None if self.turn is None or int(self.turn["hand"]) < self.hand_number else self.turn
        return True

    def close(self) -> None:
        """Leave the room (the host's bot plays the seat)."""
        self.session.close()


def _view(sent: object) -> Observation | None:
    """The seat's view sent with an ``events`` message; None if absent (an older host) or malformed (the helpers then
    show nothing until the next one)."""
    if not isinstance(sent, dict):
        return None
    try:
        return observation_from_json({**sent, "legal": []})
    except (KeyError, ValueError, TypeError):
        return None


def _settlement(sent: object) -> Any:
    """The itemised settlement sent with ``hand_end``; None if absent or malformed."""
    if not isinstance(sent, dict):
        return None
    try:
        return settlement_from_json(sent)
    except (KeyError, ValueError, TypeError):
        return None


def lost_sentence(problem: str, reason: str, lang: str) -> str:
    """Why a seat is not at the room, in one sentence of ``lang`` (the host's own reason quoted for another one)."""
    if problem in ("code", "taken", "version", "unreachable", "gone"):
        return tr(f"room.lost.{problem}", lang)
    return tr("room.lost.refused", lang, reason=reason[:80])
