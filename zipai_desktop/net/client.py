"""A headless client: join a room and play one seat with a local bot, from the observations the host sends.

Every message received can be written to a log (one JSON object a line), which is what a script reads and what the
tests compare with the host's game. A connection that drops after the join (the network, or the host restarting from
its autosave) is joined again with the seat's token, with a growing pause between tries, for up to
:data:`RECONNECT_S` seconds; a decision the host asks again (after a rejoin) gets the same answer as before.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ..bots import Bot, make_bot
from .protocol import HOST_KINDS, MAX_MESSAGE_BYTES, VERSION, decode, encode
from .wire import observation_from_json

#: Seconds a client keeps trying to rejoin after its connection dropped (0: it does not try).
RECONNECT_S = 30.0
#: The first pause between tries, and the longest (each pause doubles).
RETRY_FIRST_S = 0.1
RETRY_MAX_S = 2.0
#: Answers kept, to give a decision asked again the same answer (a host restarted from a save a few actions old asks
#: again the decisions it lost).
KEPT_ANSWERS = 64
#: Keepalive on the client's side: a ping every PING_INTERVAL_S, the host given up after PING_TIMEOUT_S more.
PING_INTERVAL_S = 10.0
PING_TIMEOUT_S = 10.0


class Refused(Exception):
    """The host refused the join (the message is its reason)."""


@dataclass
class Client:
    """One seat's client: ``run`` joins and plays until the match ends (returns the final totals)."""

    url: str
    code: str
    seat: int
    bot: str = "casual"
    name: str | None = None
    token: str | None = None
    on_message: Callable[[dict[str, Any]], None] = lambda message: None
    reconnect_s: float = RECONNECT_S
    next_id: int = 0
    player: Bot | None = None
    joined: bool = False
    totals: list[int] = field(default_factory=list)
    answered: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)  # recent answers by (hand, step)
    _welcomed: bool = False  # the current connection's join was accepted

    def _join_message(self) -> dict[str, Any]:
        message: dict[str, Any] = {"kind": "join", "version": VERSION, "code": self.code, "seat": self.seat}
        if self.name is not None:
            message["name"] = self.name
        if self.token is not None:
            message["token"] = self.token
        return message

    def _choose(self, message: dict[str, Any]) -> dict[str, Any]:
        hand, step = message["hand"], message["step"]
        action = self.answered.get((hand, step))
        if action is None:  # (asked again after a rejoin or a pause: the same answer, the bot's stream untouched)
            obs = observation_from_json(message["observation"])
            if self.player is None:
                self.player = make_bot(self.bot, seed=f"{self.code}/{self.seat}")
            action = self.answered[hand, step] = self.player.choose(obs, obs.legal).to_json()
            while len(self.answered) > KEPT_ANSWERS:
                del self.answered[next(iter(self.answered))]
        self.next_id += 1
        return {"kind": "act", "id": self.next_id, "hand": hand, "step": step, "action": action}

    async def _session(self) -> list[int] | None:
        """One connection: join and play; the totals at the match's end, None if the connection closed first."""
        async with connect(self.url, max_size=MAX_MESSAGE_BYTES, ping_interval=PING_INTERVAL_S,
                           ping_timeout=PING_TIMEOUT_S, open_timeout=RETRY_MAX_S * 5) as ws:  # fmt: skip
            await ws.send(encode(self._join_message()))
            welcomed = False
            async for raw in ws:
                message = decode(raw, HOST_KINDS)
                self.on_message(message)
                kind = message["kind"]
                if kind == "refused" and not welcomed:
                    raise Refused(str(message.get("reason")))
                if kind == "welcome":
                    welcomed = self.joined = self._welcomed = True
                    self.token = message["token"]
                    self.next_id = max(self.next_id, int(message["last_action_id"]))
                elif kind == "turn":
                    await ws.send(encode(self._choose(message)))
                elif kind == "match_end":
                    self.totals = list(message["totals"])
                    return self.totals
        return None

    async def run(self) -> list[int]:
        """Join, play every decision of the seat, and return the match's final totals; :class:`Refused` if the host
        refused the join; ``ConnectionError`` (or the connection's error) once rejoining has failed for
        :attr:`reconnect_s` seconds."""
        pause = RETRY_FIRST_S
        give_up: float | None = None
        while True:
            problem: Exception
            try:
                totals = await self._session()
                if totals is not None:
                    return totals
                problem = ConnectionError("the host closed the connection before the match ended")
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as exc:
                problem = exc
            if not self.joined or self.reconnect_s <= 0:  # never in: nothing to rejoin
                raise problem
            now = time.monotonic()
            if self._welcomed:  # that connection was in: a fresh count of tries
                self._welcomed = False
                pause, give_up = RETRY_FIRST_S, None
            if give_up is None:
                give_up = now + self.reconnect_s
            if now >= give_up:
                raise problem
            await asyncio.sleep(min(pause, give_up - now))
            pause = min(pause * 2, RETRY_MAX_S)


def play(client: Client) -> list[int]:
    """Run ``client`` to the end of the match (a blocking call)."""
    return asyncio.run(client.run())
