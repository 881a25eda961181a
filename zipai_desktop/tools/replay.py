"""``zipai replay FILE [--verify] [--json]``: show a game record move by move, or check that it replays exactly."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..engine.events import Event
from ..engine.record import RecordError, load, replay, verify


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"zipai replay: {message}", file=sys.stderr)
        raise SystemExit(2)


def describe(event: Event) -> str:
    data = event.to_json()
    name = data.pop("event")
    return name + " " + " ".join(f"{k}={v}" for k, v in data.items())


def main(argv: Sequence[str]) -> int:
    p = _Parser(prog="zipai replay")
    p.add_argument("file")
    p.add_argument("--verify", action="store_true")
    p.add_argument("--json", action="store_true")
    try:
        args = p.parse_args(list(argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        with open(args.file, encoding="utf-8") as fh:
            record = load(fh.read())
        if args.verify:
            ok = verify(record)
            print("record verified: the replay gives the stored final state" if ok else "record differs on replay")
            return 0 if ok else 1
        game = replay(record)
    except OSError as exc:
        print(f"zipai replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"zipai replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        for event in game.events:
            print(json.dumps(event.to_json(), ensure_ascii=False))
    else:
        for event in game.events:
            print(describe(event))
    return 0
