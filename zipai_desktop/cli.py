"""The ``zipai`` command: the game (no sub-command) and the tools ``score``, ``sim`` and ``replay``."""

from __future__ import annotations

import sys
from collections.abc import Sequence

USAGE = """usage: zipai [score|sim|replay|ladder|tournament] ...

  zipai score [--rules guilin|bohu] [--jsonl] < hand.json    score a hand (胡 / 胡息, 舵, points)
  zipai sim --rules guilin --hands N --seed S --bots B0,B1,B2 [--json]   bots play hands headless
  zipai replay FILE [--verify] [--json]                     show or verify a game record
  zipai ladder [--quick] [--write docs/bots.md]             each bot level against the one below, both games
  zipai tournament --rules R --entrants 12 --rounds 4 --seed S [--json]   a competition of bots, headless
  zipai                                                     start the game window
  zipai --version                                           print the version
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if args and args[0] in ("-V", "--version"):
        from . import __version__

        print(f"zipai {__version__}")
        return 0
    command = args[0] if args and not args[0].startswith("-") else None
    rest = args[1:] if command else args
    if command == "score":
        from .tools.score import main as score_main

        return score_main(rest)
    if command == "sim":
        from .tools.sim import main as sim_main

        return sim_main(rest)
    if command == "replay":
        from .tools.replay import main as replay_main

        return replay_main(rest)
    if command == "ladder":
        from .tools.ladder import main as ladder_main

        return ladder_main(rest)
    if command == "tournament":
        from .tools.tournament import main as tournament_main

        return tournament_main(rest)
    if command is not None:
        print(f"zipai: unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
        return 2
    try:
        from .app.main import main as app_main  # type: ignore[import-not-found]
    except ImportError:
        print("zipai: the game window is not part of this build yet; the tools work:\n\n" + USAGE, file=sys.stderr)
        return 2
    return int(app_main(rest))


if __name__ == "__main__":
    sys.exit(main())
