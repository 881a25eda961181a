"""``zipai join``: sit at a 包厢's seat headless, played by a local bot from the seat's observations
(docs/contracts/room-protocol.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from ..bots import BOTS
from .args import MAX_PLAYERS, ExitingParser, counter


def _parser() -> argparse.ArgumentParser:
    p = ExitingParser(
        prog="zipai join",
        description="Join a 包厢 at URL (ws://host:port) with its code and play a seat with a local bot. Exit 0 when "
        "the match is over (its totals on stdout as JSON), 1 when the host refused the join or went away.",
    )
    p.add_argument("url", help="the host's address, ws://HOST:PORT")
    p.add_argument("--code", required=True, help="the room code")
    p.add_argument("--seat", type=counter(0, MAX_PLAYERS - 1), required=True, help="the seat to take")
    p.add_argument("--bot", choices=sorted(BOTS), default="casual", help="the level that plays the seat (casual)")
    p.add_argument("--name", default=None, help="the name the others see")
    p.add_argument("--token", default=None, help="the seat's token (from the first join's welcome), to rejoin")
    p.add_argument("--log", default=None, metavar="FILE", help="append every message received here, one a line")
    p.add_argument("--reconnect", type=counter(0, 3600), default=None, metavar="SECONDS",
                   help="how long to keep rejoining with the seat's token when the connection drops after the join "
                   "(30; 0: never)")  # fmt: skip
    return p


def main(argv: Sequence[str]) -> int:
    """Run ``zipai join``; the exit status."""
    from websockets.exceptions import WebSocketException

    from ..net.client import Client, Refused, play
    from ..net.protocol import ProtocolError

    args = _parser().parse_args(argv)
    log: TextIO | None = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115

    def on_message(message: dict[str, Any]) -> None:
        if log is not None:
            log.write(json.dumps(message, ensure_ascii=False) + "\n")
            log.flush()

    client = Client(args.url, args.code, args.seat, bot=args.bot, name=args.name, token=args.token,
                    on_message=on_message)  # fmt: skip
    if args.reconnect is not None:
        client.reconnect_s = float(args.reconnect)
    try:
        totals = play(client)
    except Refused as exc:
        print(f"zipai join: the host refused: {exc}", file=sys.stderr)
        return 1
    except (OSError, WebSocketException, ProtocolError) as exc:
        print(f"zipai join: {str(exc)[:160] or type(exc).__name__}", file=sys.stderr)
        return 1
    finally:
        if log is not None:
            log.close()
    print(json.dumps({"totals": totals}), flush=True)
    return 0
