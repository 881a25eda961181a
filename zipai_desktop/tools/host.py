"""``zipai host``: open a 包厢 headless. Friends join with ``zipai join``; bots play the other seats
(docs/contracts/room-protocol.md)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..bots import BOTS
from ..engine.jsonsafe import JsonInputError, loads
from ..engine.match import MAX_HANDS, Match, seed_from_text
from ..engine.record import dumps
from ..engine.rules import UnknownRules, get_rules
from ..engine.rules.base import OptionError
from .args import MAX_PLAYERS, ExitingParser, counter, output_problem
from .args import seed as seed_arg

if TYPE_CHECKING:
    from ..net.room import Room


def _parser() -> argparse.ArgumentParser:
    p = ExitingParser(
        prog="zipai host",
        description="Open a 包厢 (a room for friends on this network) and host its match: the first line on stdout is "
        'a JSON object {"url", "code", "port"}; the match\'s records go to --out. Exit 0 when the match is over.',
    )
    p.add_argument("--rules", default="guilin", help="the game: guilin or bohu (guilin)")
    p.add_argument("--players", type=counter(1, MAX_PLAYERS), default=None, help="seats (the game's default)")
    p.add_argument("--hands", type=counter(1, MAX_HANDS), default=8, help=f"hands in the match, 1 to {MAX_HANDS} (8)")
    p.add_argument("--seed", type=seed_arg, default=None, help="match seed (random)")
    p.add_argument("--options", default=None, metavar="JSON", help="rule options as a JSON object")
    p.add_argument("--friends", default="0", metavar="S0,S1,...", help="the seats friends take; the match starts "
                   "once each is taken, bots play the others (0)")  # fmt: skip
    p.add_argument("--bot", choices=sorted(BOTS), default="casual", help="the bots' level (casual)")
    p.add_argument("--code", default=None, help="the room code (a random one of 6 letters)")
    p.add_argument("--bind", default="127.0.0.1", help="the address to listen on; 0.0.0.0 for the network "
                   "(127.0.0.1: this computer only)")  # fmt: skip
    p.add_argument("--port", type=counter(0, 65535), default=0, help="the port (0: any free one)")
    p.add_argument("--wait-away", action="store_true", help="wait for a friend who dropped instead of letting a bot "
                   "play for them")  # fmt: skip
    p.add_argument("--out", default=None, metavar="FILE", help="write the match (totals and every hand's record) "
                   "here as JSON")  # fmt: skip
    p.add_argument("--save", default=None, metavar="FILE", help="keep the room's autosave here (written after every "
                   "change), for --resume after a restart")  # fmt: skip
    p.add_argument("--resume", default=None, metavar="FILE", help="reopen the room saved in FILE (its game, code and "
                   "seats; the match's options above are not used) and keep saving there unless --save says "
                   "otherwise; the friends rejoin with their tokens")  # fmt: skip
    p.add_argument("--announce", default=None, metavar="NAME", help="announce the room on the network under NAME "
                   "(LAN discovery, listed by zipai rooms and the game's join screen; never its code)")  # fmt: skip
    return p


def _seats(text: str, players: int) -> list[int]:
    parts = text.split(",") if text else []
    if not all(p.isascii() and p.isdigit() and len(p) <= 2 and int(p) < players for p in parts) or len(
        set(parts)
    ) < len(parts):
        raise ValueError(f"--friends takes distinct seats from 0 to {players - 1}, comma separated, not {text[:80]!r}")
    return [int(p) for p in parts]


def _resumed(path: str) -> tuple[Room, list[int]]:
    """The saved room (``ValueError`` with the reason: the file is kept where it is)."""
    from ..net.room_save import SaveError, load

    try:
        return load(path)
    except SaveError as exc:
        raise ValueError(f"cannot resume {path[:80]!r}: {exc}") from None


def main(argv: Sequence[str]) -> int:
    """Run ``zipai host``; the exit status."""
    from ..net.discovery import Announcer, room_name
    from ..net.host import Host
    from ..net.room import RoomStatus
    from ..net.room_save import Autosaver

    args = _parser().parse_args(argv)
    save = args.save or args.resume
    try:
        if args.announce is not None:
            room_name(args.announce)
        for flag, path in (("--out", args.out), ("--save", args.save)):
            if path is not None and (problem := output_problem(path)) is not None:
                raise ValueError(f"cannot write {flag} {path[:80]!r}: {problem}")
        if args.resume is not None:
            room, friends = _resumed(args.resume)
        else:
            room, friends = _new_room(args)
    except (UnknownRules, OptionError, JsonInputError, ValueError) as exc:
        print(f"zipai host: {exc}", file=sys.stderr)
        return 2
    match = room.match

    def log(line: str) -> None:
        print(f"zipai host: {line}", file=sys.stderr, flush=True)

    saver = Autosaver(save, friends, on_error=log) if save is not None else None
    ads: list[Announcer] = []

    def free_seats(status: RoomStatus) -> int:
        return sum(1 for seat in status.seats if not seat.joined)

    def status_changed(status: RoomStatus) -> None:
        for ad in ads:  # a friend sat down or left: the announcement's free seats follow
            ad.update(free_seats=free_seats(status))

    host = Host(room, friends, log=log, on_change=saver, on_status=status_changed)

    def ready(port: int) -> None:
        url = f"ws://{args.bind}:{port}"
        print(json.dumps({"url": url, "code": room.code, "port": port}), flush=True)
        if args.announce is not None:
            # Announced on the interface listened on (every one for 0.0.0.0); from its own thread, so the host's
            # loop never waits on the network. A room that cannot be announced still plays: friends type its address.
            where = None if args.bind == "0.0.0.0" else [args.bind]
            ads.append(Announcer(args.announce, port, game=match.rules.name, players=len(room.seats),
                                 free_seats=free_seats(room.status()), addresses=where, interfaces=where))  # fmt: skip

    try:
        asyncio.run(host.serve(args.bind, args.port, ready))
    finally:
        if saver is not None:
            saver.close()
        for ad in ads:
            if ad.error:
                log(ad.error)
            ad.close()
    summary = {"totals": list(match.totals), "hands": match.played, "records": room.records}
    if args.out is not None:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(dumps(summary))
    print(json.dumps({"totals": summary["totals"], "hands": match.played}), flush=True)
    return 0


def _new_room(args: argparse.Namespace) -> tuple[Room, list[int]]:
    """The room the arguments set up (``ValueError`` and the rules' errors for bad ones)."""
    from ..net.room import Room, new_code

    rules = get_rules(args.rules)
    raw = loads(args.options, what="--options", max_bytes=4096) if args.options is not None else {}
    if not isinstance(raw, dict):
        raise ValueError("--options takes a JSON object")
    options = rules.parse_options(raw)
    seed = seed_from_text(args.seed) if args.seed is not None else seed_from_text(new_code())
    match = Match(rules, options, seed, hands=args.hands, players=args.players)
    assert match.players is not None
    friends = _seats(args.friends, match.players)
    room = Room(match, code=(args.code or new_code()).upper(), bot=args.bot, wait_for_away=args.wait_away)
    return room, friends
