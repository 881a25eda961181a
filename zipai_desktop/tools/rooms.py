"""``zipai rooms``: list the 包厢 rooms announced on this network (mDNS / DNS-SD, docs/contracts/room-discovery.md).

One line a room: its name, game, address and free seats; ``--json`` prints one JSON array instead. Joining still takes
the room's code, which no announcement carries.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import sys
from collections.abc import Sequence

from .args import ExitingParser

#: The longest wait accepted (seconds): rooms answer within a second or two; a minute is surely a typo.
MAX_TIMEOUT_S = 60.0


def _timeout(text: str) -> float:
    """An argparse type: seconds from 0.1 to :data:`MAX_TIMEOUT_S`, in plain decimal digits."""
    body = text.replace(".", "", 1)
    value = float(text) if text.isascii() and body.isdigit() and len(text) <= 8 else None
    if value is None or not 0.1 <= value <= MAX_TIMEOUT_S:
        raise argparse.ArgumentTypeError(f"takes seconds from 0.1 to {MAX_TIMEOUT_S:g}, not {text[:40]!r}")
    return value


def _address(text: str) -> str:
    """An argparse type: an interface's IPv4 address."""
    try:
        return str(ipaddress.IPv4Address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes an IPv4 address like 192.168.1.20, not {text[:40]!r}") from None


def _parser() -> argparse.ArgumentParser:
    p = ExitingParser(
        prog="zipai rooms",
        description="List the 包厢 rooms announced on this network: name, game, address and free seats. Join one "
        "with `zipai join ws://ADDRESS:PORT --code C --seat S` (the code is the host's to give; no announcement "
        "carries it).",
    )
    p.add_argument("--timeout", type=_timeout, default=2.0, help="seconds to listen for rooms (2)")
    p.add_argument("--json", action="store_true", help="print a JSON array of the rooms")
    p.add_argument(
        "--interface",
        type=_address,
        action="append",
        default=None,
        metavar="ADDRESS",
        help="listen on the interface with this IPv4 address only (repeatable; default: every one)",
    )
    return p


def main(argv: Sequence[str]) -> int:
    """Run ``zipai rooms``; the exit status (0, also when no room is found)."""
    from ..net.discovery import browse

    args = _parser().parse_args(argv)
    try:
        rooms = browse(args.timeout, interfaces=args.interface)
    except OSError as exc:  # no network to listen on (an interface address this computer does not have)
        print(f"zipai rooms: cannot listen for rooms: {exc}", file=sys.stderr)
        return 1
    if args.json:
        out = [
            {"name": r.name, "game": r.game, "url": r.url, "host": r.host, "port": r.port, "players": r.players,
             "free_seats": r.free_seats, "version": r.version, "addresses": list(r.addresses)}
            for r in rooms
        ]  # fmt: skip
        print(json.dumps(out, ensure_ascii=False))
        return 0
    if not rooms:
        print(f"no rooms found in {args.timeout:g} s")
        return 0
    for r in rooms:
        print(f"{r.name}\t{r.game}\t{r.host}:{r.port}\t{r.free_seats} of {r.players} seats free")
    return 0
