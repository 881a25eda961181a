"""A headless client: join a room and play one seat with a local bot, from the observations the host sends.

Every message received can be written to a log (one JSON object a line), which is what a script reads and what the
tests compare with the host's game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect

from ..bots import Bot, make_bot
from .protocol import HOST_KINDS, MAX_MESSAGE_BYTES, VERSION, decode, encode
from .wire import observation_from_json


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
    next_id: int = 0
    player: Bot | None = None
    joined: bool = False
    totals: list[int] = field(default_factory=list)

    def _join_message(self) -> dict[str, Any]:
        message: dict[str, Any] = {"kind": "join", "version": VERSION, "code": self.code, "seat": self.seat}
        if self.name is not None:
            message["name"] = self.name
        if self.token is not None:
            message["token"] = self.token
        return message

    def _choose(self, message: dict[str, Any]) -> dict[str, Any]:
        obs = observation_from_json(message["observation"])
        if self.player is None:
            self.player = make_bot(self.bot, seed=f"{self.code}/{self.seat}")
        action = self.player.choose(obs, obs.legal)
        self.next_id += 1
        return {"kind": "act", "id": self.next_id, "hand": message["hand"], "step": message["step"],
                "action": action.to_json()}  # fmt: skip

    async def run(self) -> list[int]:
        """Join, play every decision of the seat, and return the match's final totals; :class:`Refused` if the host
        refused the join."""
        async with connect(self.url, max_size=MAX_MESSAGE_BYTES) as ws:
            await ws.send(encode(self._join_message()))
            async for raw in ws:
                message = decode(raw, HOST_KINDS)
                self.on_message(message)
                kind = message["kind"]
                if kind == "refused" and not self.joined:
                    raise Refused(str(message.get("reason")))
                if kind == "welcome":
                    self.joined = True
                    self.token = message["token"]
                    self.next_id = max(self.next_id, int(message["last_action_id"]))
                elif kind == "turn":
                    await ws.send(encode(self._choose(message)))
                elif kind == "match_end":
                    self.totals = list(message["totals"])
                    return self.totals
        raise ConnectionError("the host closed the connection before the match ended")


def play(client: Client) -> list[int]:
    """Run ``client`` to the end of the match (a blocking call)."""
    return asyncio.run(client.run())
