"""``zipai replay FILE [--verify] [--json]``: show a game record move by move, or check that it replays exactly.

Exit status (docs/contracts/sim-cli.md): 0 when the record is shown or verifies; 1 when it is a well-formed record
that does not replay (an action is not legal where it stands, because the seed or an action was changed) or, with
``--verify``, replays to a different final state or result (winner, points, score, 胡, special); 2 when the file is
not a readable record (not a regular file, not UTF-8, bad JSON, a field missing or of the wrong type).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..engine.events import Event
from ..engine.jsonsafe import clip, printable
from ..engine.record import RecordError, ReplayMismatch, differences, read, replay
from .args import ExitingParser


def describe(event: Event) -> str:
    """An event as one readable line: its name, then ``field=value`` pairs (cards as glyphs), control characters
    escaped so that a record cannot steer the terminal."""
    data = event.to_json()
    name = data.pop("event")
    return printable(name + " " + " ".join(f"{k}={v}" for k, v in data.items()))


def parser() -> argparse.ArgumentParser:
    """The command's argument parser (``FILE``, ``--verify``, ``--json``); a usage error is one line and exit 2."""
    p = ExitingParser(
        prog="zipai replay",
        description="Show a game record (as written by zipai sim --records, or exported from the game) move by move, "
        "or verify that it replays exactly. Exit 0: shown / verified; 1: the record does not replay or differs; "
        "2: the file is not a readable record.",
    )
    p.add_argument("file", metavar="FILE", help="the record file (JSON, format zipai-record)")
    p.add_argument(
        "--verify",
        action="store_true",
        help="replay from the seed and actions and compare the final state and the result "
        "(winner, points, score, 胡, special) with the stored ones",
    )
    p.add_argument("--json", action="store_true", help="one JSON event per line instead of readable lines")
    return p


def main(argv: Sequence[str]) -> int:
    """Run ``zipai replay`` on ``argv``: print the record's events (or verify it) and return the exit status of the
    module doc (0 shown / verified, 1 does not replay or differs, 2 not a readable record)."""
    try:
        args = parser().parse_args(list(argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    where = clip(args.file)
    try:
        record = read(args.file)
        if args.verify:
            found = differences(record)
            if found:
                print(f"record differs on replay: {'; '.join(found)}")
                return 1
            print("record verified: the replay gives the stored final state and result")
            return 0
        game = replay(record)
    except OSError as exc:
        print(f"zipai replay: cannot read {where}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except ReplayMismatch as exc:
        print(f"zipai replay: {where} does not replay: {clip(str(exc), 400)}", file=sys.stderr)
        return 1
    except RecordError as exc:
        print(f"zipai replay: {where}: {clip(str(exc), 400)}", file=sys.stderr)
        return 2
    if args.json:
        for event in game.events:
            print(json.dumps(event.to_json(), ensure_ascii=False))
    else:
        for event in game.events:
            print(describe(event))
    return 0
