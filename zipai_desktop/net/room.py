"""The host's room: the only match, its seats, and what each seat is told (no I/O: the host carries the messages).

A seat is a friend's once joined (with the room's code); an empty seat, and a friend's seat while the friend is away,
is played by a bot (托管). Each seat gets only its own messages: the events of the hand redacted for it
(engine.events.redact), its observation when it must act (engine.observation.observe), each hand's result as it
ends and every hand's record once the match is over. Messages to a seat are numbered (``seq``, from 1, per seat and
room); actions carry the client's own increasing ``id``, so a replayed action is refused, never applied twice.

The bots' decisions: with ``inline_bots`` (the default, for tests and tools) the room asks its bots itself, at once.
The host turns that off and asks :meth:`Room.bot_turn` which seat a bot must decide for, with what observation; it
has the decision made elsewhere (a worker process) and hands it back to :meth:`Room.apply_bot`, which applies it only
if it still answers the decision pending (a pause, a friend's join or a rejoin in between makes it stale).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..bots.heuristic import bot_seed
from ..engine.actions import Action, ActionError, action_from_json
from ..engine.events import redact
from ..engine.game import Game
from ..engine.jsonsafe import quote
from ..engine.match import Match
from ..engine.observation import Observation, observe
from ..engine.record import result_of, to_record
from .protocol import MAX_CODE_CHARS, MAX_NAME_CHARS, VERSION, ProtocolError, text, whole
from .wire import observation_to_json, settlement_to_json

#: A code's letters: no 0/O or 1/I/L, which are read one for the other.
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: The largest action id a client may send (an id per action of a whole match fits many times over).
MAX_ACTION_ID = 2**53
#: The refusal of an action while the host has paused the game.
PAUSED = "the host paused the game"


def new_code() -> str:
    """A short random room code, e.g. ``7KQ2MX``."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


@dataclass
class Seat:
    """One chair: the friend sitting there (if any), whether they are connected, their token and counters."""

    name: str | None = None
    token: str | None = None  # given at the first join; a rejoin must show it
    connected: bool = False
    seq: int = 0  # the last message number sent to this seat
    last_action_id: int = 0  # the largest action id applied for this seat
    away_since_step: int | None = None  # the step of the hand at which the friend went away
    replaced: bool = False  # the host let the bot play for the away friend (until they rejoin)
    held: bool = False  # a reopened room waits for this friend (until they rejoin or the host replaces them)
    turn_sent: tuple[int, int] | None = None  # the (hand, step) of the last turn sent, so that it is sent once
    generation: int = 0  # counts the seat's bots: a new one after every rejoin (its seed stream starts again)


@dataclass(frozen=True)
class SeatStatus:
    """One chair as the host's screen and the friends' screens show it.

    ``joined``: a friend took the seat (has its token); ``away``: that friend is not connected; ``played_by_bot``:
    a bot decides for the seat now (an empty seat, or an away friend under 托管 unless the room waits for them).
    """

    seat: int
    name: str | None
    connected: bool
    joined: bool
    away: bool
    played_by_bot: bool

    def to_json(self) -> dict[str, Any]:
        """The seat in a ``status`` message."""
        return {"seat": self.seat, "name": self.name, "connected": self.connected, "joined": self.joined,
                "away": self.away, "bot": self.played_by_bot}  # fmt: skip


@dataclass(frozen=True)
class RoomStatus:
    """What the host's screen shows of the room: whether it has started, is paused or over, the hands played (of
    ``hands``, None for a match that ends otherwise), the totals and every seat."""

    code: str
    players: int
    started: bool
    paused: bool
    over: bool
    ended_by_host: bool
    hand: int
    hands: int | None
    totals: tuple[int, ...]
    seats: tuple[SeatStatus, ...]

    def to_json(self) -> dict[str, Any]:
        """The ``status`` message a friend gets (no code: the friend has it)."""
        return {"kind": "status", "started": self.started, "paused": self.paused, "over": self.over,
                "ended_by_host": self.ended_by_host, "hand": self.hand, "hands": self.hands,
                "totals": list(self.totals), "seats": [s.to_json() for s in self.seats]}  # fmt: skip


@dataclass(frozen=True)
class BotTurn:
    """A decision a bot must make: for ``seat`` at ``step`` of hand ``hand``, seen as ``observation``.

    ``room``, ``seed`` and ``generation`` name the bot (a new bot per room, hand, seat and rejoin); ``level`` is its
    level.
    """

    room: str
    seat: int
    hand: int
    step: int
    level: str
    seed: int
    generation: int
    observation: Observation
    legal: tuple[Action, ...]


Outbox = list[tuple[int, dict[str, Any]]]  # (seat, message) to send, in order


@dataclass
class Room:
    """A room around one :class:`Match`: ``join``, ``leave``, ``act`` and the host's controls return the messages to
    send, per seat.

    ``start`` deals the first hand; bots (level ``bot``) play every seat without a connected friend, so the room only
    ever waits for a connected friend's decision, for a bot's decision (see the module doc), or, with
    ``wait_for_away``, for an away friend until the host lets the bot play for them (:meth:`take_over`).
    """

    match: Match
    code: str = field(default_factory=new_code)
    bot: str = "casual"
    wait_for_away: bool = False  # True: a friend who dropped is waited for until :meth:`take_over`
    seats: list[Seat] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    started: bool = False
    paused: bool = False
    ended_by_host: bool = False
    inline_bots: bool = True
    bot_factory: Callable[[str, int], Bot] = make_bot
    bot_key: str = field(default_factory=lambda: secrets.token_hex(8))  # tells this room's bots from another's
    _status_sent: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        """One :class:`Seat` per player of the match."""
        assert self.match.players is not None
        if not self.seats:
            self.seats = [Seat() for _ in range(self.match.players)]

    @property
    def over(self) -> bool:
        """Whether the match is over: played to its end, or ended by the host."""
        return self.ended_by_host or (self.started and self.match.over)

    # -- messages ------------------------------------------------------------------------------------------------

    def _to(self, out: Outbox, seat: int, message: dict[str, Any]) -> None:
        """Queue a numbered message for a connected seat (nothing is queued for an absent one)."""
        state = self.seats[seat]
        if not state.connected:
            return
        state.seq += 1
        out.append((seat, {**message, "seq": state.seq}))

    def _seats_message(self) -> dict[str, Any]:
        seats = [
            {"seat": s, "name": st.name, "connected": st.connected, "bot": not st.connected}
            for s, st in enumerate(self.seats)
        ]
        return {"kind": "seats", "seats": seats}

    def _broadcast_seats(self, out: Outbox) -> None:
        for seat in range(len(self.seats)):
            self._to(out, seat, self._seats_message())

    def status(self) -> RoomStatus:
        """The room as the host's screen shows it."""
        seats = tuple(
            SeatStatus(
                s,
                st.name,
                st.connected,
                st.token is not None,
                st.token is not None and not st.connected,
                self._played_by_bot(s),
            )  # fmt: skip
            for s, st in enumerate(self.seats)
        )
        return RoomStatus(self.code, len(self.seats), self.started, self.paused, self.over, self.ended_by_host,
                          self.match.played, self.match.hands, tuple(self.match.totals), seats)  # fmt: skip

    def _broadcast_status(self, out: Outbox, to: int | None = None) -> None:
        """Tell every seat the room's status if it changed since last told (and seat ``to`` in any case)."""
        message = self.status().to_json()
        changed = message != self._status_sent
        self._status_sent = message
        for seat in range(len(self.seats)):
            if changed or seat == to:
                self._to(out, seat, message)

    @property
    def game(self) -> Game | None:
        """The hand being played (None between hands and once the match is over)."""
        return self.match.game

    def _turn(self, out: Outbox, seat: int) -> None:
        game = self.game
        state = self.seats[seat]
        if game is None or game.to_act != seat or not state.connected:
            return
        pending = (self.match.played, len(game.history))
        if state.turn_sent == pending:  # told already (a turn is sent once; a rejoin or a resume clears it)
            return
        state.turn_sent = pending
        obs = observation_to_json(observe(game, seat))
        self._to(out, seat, {"kind": "turn", "hand": pending[0], "step": pending[1], "observation": obs})

    # -- joining ---------------------------------------------------------------------------------------------------

    def join(self, message: dict[str, Any]) -> tuple[int, Outbox]:
        """A friend sits down (or comes back): the seat and the messages, the first being ``welcome``;
        :class:`ProtocolError` with the refusal otherwise."""
        version = message.get("version")
        if version != VERSION:
            raise ProtocolError(f"protocol version {quote(version)} is not this host's ({VERSION})")
        code = text(message.get("code"), "the room code", MAX_CODE_CHARS)
        if not secrets.compare_digest(code.upper().encode(), self.code.encode()):
            raise ProtocolError(f"wrong room code {quote(code)}")
        if self.over:
            raise ProtocolError("the match is over")
        seat = whole(message.get("seat"), "the seat", 0, len(self.seats) - 1)
        name = text(message.get("name", f"seat {seat}"), "the name", MAX_NAME_CHARS)
        token = message.get("token")
        state = self.seats[seat]
        # The seat's token takes the seat back even while the host still holds the old connection (a friend whose
        # network blinked reconnects before the host noticed): the host closes the old one.
        mine = state.token is not None and isinstance(token, str) and secrets.compare_digest(token, state.token)
        if state.connected and not mine:
            raise ProtocolError(f"seat {seat} is taken")
        if state.token is not None and not mine:
            raise ProtocolError(f"seat {seat} belongs to {quote(state.name)}: rejoin with its token")
        state.connected = True
        state.name = name
        state.away_since_step = None
        state.replaced = state.held = False
        state.turn_sent = None
        if state.token is None:
            state.token = secrets.token_hex(16)
        self.bots.pop(seat, None)
        state.generation += 1  # the seat's next bot (if the friend leaves again) starts its stream afresh
        out: Outbox = []
        welcome = {
            "kind": "welcome",
            "version": VERSION,
            "seat": seat,
            "token": state.token,
            "last_action_id": state.last_action_id,
            "players": len(self.seats),
            "rules": self.match.rules.name,
            "options": asdict(self.match.options),
            "hand": self.match.played,
            "hands": self.match.hands,
            "totals": list(self.match.totals),
            "bot": self.bot,
        }
        self._to(out, seat, welcome)
        game = self.game
        if game is not None:  # a rejoin mid-hand: the hand's events so far, as this seat sees them, then its turn
            seen = [e.to_json() for e in (redact(ev, seat) for ev in game.events) if e is not None]
            self._to(out, seat, self._events_message(game, seat, 0, seen))
        self._broadcast_seats(out)
        self._broadcast_status(out, to=seat)
        if not self.paused:
            self._turn(out, seat)
        return seat, out

    def leave(self, seat: int) -> Outbox:
        """The friend at ``seat`` went away: the bot plays for them (unless the room waits for them)."""
        state = self.seats[seat]
        state.connected = False
        state.turn_sent = None
        game = self.game
        state.away_since_step = len(game.history) if game is not None else 0
        out: Outbox = []
        self._broadcast_seats(out)
        self._broadcast_status(out)
        return out + self.advance()

    def take_over(self, seat: int) -> Outbox:
        """The host lets the bot play for the friend at ``seat``, who is away or never came, from now on (until they
        rejoin with the seat's token); ``ValueError`` if the friend is connected."""
        state = self.seats[seat]
        if state.connected:
            raise ValueError(f"seat {seat}'s friend is connected")
        state.replaced = True
        state.held = False
        out: Outbox = []
        self._broadcast_status(out)
        return out + self.advance()

    # -- the host's controls -------------------------------------------------------------------------------------

    def start(self) -> Outbox:
        """Deal the first hand and play until a friend must decide (nothing if it has started already)."""
        if self.started or self.over:
            return []
        self.started = True
        out: Outbox = []
        self._start_hand(out)
        self._broadcast_status(out)
        return out + self.advance()

    def pause(self, on: bool) -> Outbox:
        """Pause (no bot moves, every friend's action refused with :data:`PAUSED`) or go on."""
        if self.paused == on or self.over:
            return []
        self.paused = on
        out: Outbox = []
        for state in self.seats:
            state.turn_sent = None  # the pending decision is told again once the game goes on
        self._broadcast_status(out)
        return out + self.advance()

    def end(self) -> Outbox:
        """End the match now. The hand being played is abandoned (not scored, no record); every seat gets the records
        of the finished hands and ``match_end`` with the totals so far and ``"ended_by_host": true``."""
        if self.over:
            return []
        self.ended_by_host = True
        self.started = True
        self.match.game = None
        out: Outbox = []
        self._broadcast_status(out)
        self._send_match_end(out)
        return out

    # -- playing ---------------------------------------------------------------------------------------------------

    def _events_since(self, out: Outbox, game: Game, first: int) -> None:
        for seat in range(len(self.seats)):
            seen = [e.to_json() for e in (redact(ev, seat) for ev in game.events[first:]) if e is not None]
            if seen and self.seats[seat].connected:
                self._to(out, seat, self._events_message(game, seat, first, seen))

    def _events_message(self, game: Game, seat: int, first: int, seen: list[dict[str, Any]]) -> dict[str, Any]:
        """An ``events`` message with the seat's view after them (its observation without the legal actions, at
        ``step``): what the 听 helper and the card count read between the seat's turns."""
        view = observation_to_json(observe(game, seat))
        del view["legal"]
        return {"kind": "events", "hand": self.match.played, "from": first, "events": seen,
                "step": len(game.history), "view": view}  # fmt: skip

    def _start_hand(self, out: Outbox) -> None:
        game = self.match.start_hand()
        self.bots = {}
        self._events_since(out, game, 0)

    def _bot_for(self, seat: int, game: Game) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.bot_factory(self.bot, bot_seed(game.seed, seat))
        return bot

    def _played_by_bot(self, seat: int) -> bool:
        state = self.seats[seat]
        if state.connected:
            return False
        if state.token is None or state.replaced:
            return True
        return not (self.wait_for_away or state.held)

    def bot_turn(self) -> BotTurn | None:
        """The decision a bot must make now, if any (none while paused or before the start)."""
        game = self.game
        if not self.started or self.paused or self.over or game is None:
            return None
        seat = game.to_act
        if seat is None or not self._played_by_bot(seat):
            return None
        return BotTurn(self.bot_key, seat, self.match.played, len(game.history), self.bot, bot_seed(game.seed, seat),
                       self.seats[seat].generation, observe(game, seat), tuple(game.legal_actions(seat)))  # fmt: skip

    def apply_bot(self, turn: BotTurn, action: Action) -> Outbox:
        """Apply a bot's ``action`` for ``turn`` and go on; nothing if the turn is no longer the pending decision (a
        pause, a join or the end came in between) or the action is not legal there."""
        pending = self.bot_turn()
        if pending is None or (pending.seat, pending.hand, pending.step, pending.generation) != (
            turn.seat, turn.hand, turn.step, turn.generation
        ) or action not in pending.legal:  # fmt: skip
            return []
        game = self.game
        assert game is not None
        out: Outbox = []
        first = len(game.events)
        game.apply(turn.seat, action)
        self._events_since(out, game, first)
        return out + self.advance()

    def advance(self) -> Outbox:
        """Go on from the pending point: finish hands and deal the next, let inline bots play their seats, until a
        friend must decide (told with ``turn``), a bot's decision is wanted (:meth:`bot_turn`), the room is paused or
        the match is over."""
        out: Outbox = []
        while self.started and not self.over:
            game = self.game
            if game is None:
                self._start_hand(out)
                continue
            seat = game.to_act
            if seat is None:
                self._end_hand(out, game)
                continue
            if self.paused:
                break
            if not self._played_by_bot(seat):
                self._turn(out, seat)
                break
            if not self.inline_bots:
                break
            first = len(game.events)
            action = self._bot_for(seat, game).choose(observe(game, seat), game.legal_actions(seat))
            game.apply(seat, action)
            self._events_since(out, game, first)
        self._broadcast_status(out)
        return out

    def _end_hand(self, out: Outbox, game: Game) -> None:
        hand = self.match.played
        self.records.append(to_record(game, hand=hand))
        # The itemised settlement and the 轮 totals before this hand: what a local table's panel shows every seat.
        settlement = settlement_to_json(game.result.settlement if game.result is not None else None)
        rounds_before = list(self.match.round_totals)
        self.match.finish_hand()
        message = {"kind": "hand_end", "hand": hand, "result": result_of(game), "totals": list(self.match.totals),
                   "settlement": settlement, "round_totals": rounds_before}  # fmt: skip
        for seat in range(len(self.seats)):
            self._to(out, seat, message)
        if self.match.over:
            self._broadcast_status(out)
            self._send_match_end(out)

    def _send_match_end(self, out: Outbox) -> None:
        # The records only now: a hand's seed is derived from the match's seed, which would tell a seat every deal
        # still to come.
        final: dict[str, Any] = {"kind": "match_end", "totals": list(self.match.totals), "hands": self.match.played}
        if self.ended_by_host:
            final["ended_by_host"] = True
        for seat in range(len(self.seats)):
            for number, record in enumerate(self.records):
                self._to(out, seat, {"kind": "record", "hand": number, "record": record})
            self._to(out, seat, final)

    def act(self, seat: int, message: dict[str, Any]) -> Outbox:
        """A friend's action: applied if it is their turn and legal and its id is new; :class:`ProtocolError` (the
        refusal, nothing applied) otherwise."""
        action_id = whole(message.get("id"), "the action id", 1, MAX_ACTION_ID)
        state = self.seats[seat]
        if action_id <= state.last_action_id:
            raise ProtocolError(f"action {action_id} was already applied (the last was {state.last_action_id})")
        if self.paused:
            raise ProtocolError(PAUSED)
        game = self.game
        if game is None or game.to_act != seat:
            raise ProtocolError("it is not your turn")
        hand = message.get("hand")
        step = message.get("step")
        if hand != self.match.played or step != len(game.history):
            raise ProtocolError(f"the action answers another decision (hand {quote(hand)}, step {quote(step)})")
        try:
            action = action_from_json(message.get("action"))
        except ActionError as exc:
            raise ProtocolError(str(exc)) from None
        if action not in game.legal_actions(seat):
            raise ProtocolError(f"{action} is not legal now")
        state.last_action_id = action_id
        first = len(game.events)
        game.apply(seat, action)
        out: Outbox = []
        self._events_since(out, game, first)
        return out + self.advance()
