"""The host's room: the only match, its seats, and what each seat is told (no I/O: the host carries the messages).

A seat is a friend's once joined (with the room's code); an empty seat, and a friend's seat while the friend is away,
is played by a bot (托管). Each seat gets only its own messages: the events of the hand redacted for it
(engine.events.redact), its observation when it must act (engine.observation.observe), each hand's result as it
ends and every hand's record once the match is over. Messages to a seat are numbered (``seq``, from 1, per seat and
room); actions carry the client's own increasing ``id``, so a replayed action is refused, never applied twice.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..bots.heuristic import bot_seed
from ..engine.actions import ActionError, action_from_json
from ..engine.events import redact
from ..engine.game import Game
from ..engine.jsonsafe import quote
from ..engine.match import Match
from ..engine.observation import observe
from ..engine.record import result_of, to_record
from .protocol import MAX_CODE_CHARS, MAX_NAME_CHARS, VERSION, ProtocolError, text, whole
from .wire import observation_to_json

#: A code's letters: no 0/O or 1/I/L, which are read one for the other.
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: The largest action id a client may send (an id per action of a whole match fits many times over).
MAX_ACTION_ID = 2**53


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
    away_since_step: int | None = None  # 托管: the seat is played by the bot while its friend is away


Outbox = list[tuple[int, dict[str, Any]]]  # (seat, message) to send, in order


@dataclass
class Room:
    """A room around one :class:`Match`: ``join``, ``leave`` and ``act`` return the messages to send, per seat.

    ``start`` deals the first hand once the friends are seated; bots (level ``bot``) play every seat without a
    connected friend, at once, so the room only ever waits for a connected friend's decision (or for ``takeover``,
    when the host lets the bot play for a friend who is away: see :meth:`take_over`).
    """

    match: Match
    code: str = field(default_factory=new_code)
    bot: str = "casual"
    wait_for_away: bool = False  # True: a friend who dropped is waited for until :meth:`take_over`
    seats: list[Seat] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    started: bool = False
    bot_factory: Callable[[str, int], Bot] = make_bot

    def __post_init__(self) -> None:
        """One :class:`Seat` per player of the match."""
        assert self.match.players is not None
        if not self.seats:
            self.seats = [Seat() for _ in range(self.match.players)]

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

    @property
    def game(self) -> Game | None:
        """The hand being played (None between hands and once the match is over)."""
        return self.match.game

    def _turn(self, out: Outbox, seat: int) -> None:
        game = self.game
        if game is not None and game.to_act == seat:
            obs = observation_to_json(observe(game, seat))
            self._to(
                out, seat, {"kind": "turn", "hand": self.match.played, "step": len(game.history), "observation": obs}
            )

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
        if state.token is None:
            state.token = secrets.token_hex(16)
        self.bots.pop(seat, None)
        out: Outbox = []
        welcome = {
            "kind": "welcome",
            "version": VERSION,
            "seat": seat,
            "token": state.token,
            "last_action_id": state.last_action_id,
            "players": len(self.seats),
            "rules": self.match.rules.name,
            "hand": self.match.played,
            "hands": self.match.hands,
            "totals": list(self.match.totals),
        }
        self._to(out, seat, welcome)
        game = self.game
        if game is not None:  # a rejoin mid-hand: the hand's events so far, as this seat sees them, then its turn
            seen = [e.to_json() for e in (redact(ev, seat) for ev in game.events) if e is not None]
            self._to(out, seat, {"kind": "events", "hand": self.match.played, "from": 0, "events": seen})
        self._broadcast_seats(out)
        self._turn(out, seat)
        return seat, out

    def leave(self, seat: int) -> Outbox:
        """The friend at ``seat`` went away: the bot plays for them (unless the room waits for them)."""
        state = self.seats[seat]
        state.connected = False
        game = self.game
        state.away_since_step = len(game.history) if game is not None else 0
        out: Outbox = []
        self._broadcast_seats(out)
        if self.started and not self.wait_for_away:
            out += self.advance()
        return out

    def take_over(self, seat: int) -> Outbox:
        """The host lets the bot play for an away friend now."""
        self.seats[seat].away_since_step = None
        return self.advance(force=seat)

    # -- playing ---------------------------------------------------------------------------------------------------

    def start(self) -> Outbox:
        """Deal the first hand and play until a friend must decide."""
        self.started = True
        out: Outbox = []
        self._start_hand(out)
        return out + self.advance()

    def _events_since(self, out: Outbox, game: Game, first: int) -> None:
        for seat in range(len(self.seats)):
            seen = [e.to_json() for e in (redact(ev, seat) for ev in game.events[first:]) if e is not None]
            if seen:
                self._to(out, seat, {"kind": "events", "hand": self.match.played, "from": first, "events": seen})

    def _start_hand(self, out: Outbox) -> None:
        game = self.match.start_hand()
        self.bots = {}
        self._events_since(out, game, 0)

    def _bot_for(self, seat: int, game: Game) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.bot_factory(self.bot, bot_seed(game.seed, seat))
        return bot

    def _played_by_bot(self, seat: int, force: int | None) -> bool:
        state = self.seats[seat]
        if state.connected:
            return False
        return not (self.wait_for_away and state.token is not None and seat != force)

    def advance(self, force: int | None = None) -> Outbox:
        """Let the bots play every seat that is theirs, finishing hands and dealing the next, until a friend must
        decide or the match is over."""
        out: Outbox = []
        while self.started:
            game = self.game
            if game is None:
                if self.match.over:
                    return out
                self._start_hand(out)
                continue
            seat = game.to_act
            if seat is None:
                self._end_hand(out, game)
                continue
            if not self._played_by_bot(seat, force):
                self._turn(out, seat)
                return out
            first = len(game.events)
            action = self._bot_for(seat, game).choose(observe(game, seat), game.legal_actions(seat))
            game.apply(seat, action)
            self._events_since(out, game, first)
        return out

    def _end_hand(self, out: Outbox, game: Game) -> None:
        hand = self.match.played
        self.records.append(to_record(game, hand=hand))
        self.match.finish_hand()
        message = {"kind": "hand_end", "hand": hand, "result": result_of(game), "totals": list(self.match.totals)}
        for seat in range(len(self.seats)):
            self._to(out, seat, message)
        if self.match.over:
            # The records only now: a hand's seed is derived from the match's seed, which would tell a seat every
            # deal still to come.
            for seat in range(len(self.seats)):
                for number, record in enumerate(self.records):
                    self._to(out, seat, {"kind": "record", "hand": number, "record": record})
                final = {"kind": "match_end", "totals": list(self.match.totals), "hands": self.match.played}
                self._to(out, seat, final)

    def act(self, seat: int, message: dict[str, Any]) -> Outbox:
        """A friend's action: applied if it is their turn and legal and its id is new; :class:`ProtocolError` (the
        refusal, nothing applied) otherwise."""
        action_id = whole(message.get("id"), "the action id", 1, MAX_ACTION_ID)
        state = self.seats[seat]
        if action_id <= state.last_action_id:
            raise ProtocolError(f"action {action_id} was already applied (the last was {state.last_action_id})")
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
