"""The ``zipai`` command: the game window (no sub-command) and the tools ``score``, ``sim``, ``replay``, ``ladder`` and
``tournament``, and the 包厢 tools ``host``, ``join`` and ``rooms``.

Every sub-command stops quietly when its reader goes away (``zipai --help | head -2``, ``zipai score --jsonl < big |
head -1``): a closed pipe is not an error worth a traceback. Ctrl-C stops a long run the same way.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

#: Sub-command -> (module under zipai_desktop.tools, its synopsis, what it does). ``zipai --help`` lists them all.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "score": ("score", "zipai score [--rules guilin|bohu] [--jsonl] < hand.json", "score a hand (胡 / 胡息, 舵)"),
    "sim": ("sim", "zipai sim --rules guilin --hands N --seed S --bots B0,B1,B2 [--json]", "bots play hands headless"),
    "replay": ("replay", "zipai replay FILE [--verify] [--json]", "show or verify a game record"),
    "ladder": ("ladder", "zipai ladder [--quick] [--write docs/bots.md]", "each bot level against the one below"),
    "tournament": (
        "tournament",
        "zipai tournament --rules R --entrants 12 --rounds 4 --seed S [--json]",
        "a competition (比赛) of bots, headless",
    ),
    "host": (
        "host",
        "zipai host --rules R --hands N --friends 0,1 [--bind 0.0.0.0]",
        "open a 包厢 for friends, headless",
    ),
    "join": ("join", "zipai join ws://HOST:PORT --code C --seat S [--bot LEVEL]", "play a 包厢 seat with a bot"),
    "rooms": ("rooms", "zipai rooms [--timeout S] [--json]", "list the 包厢 rooms announced on this network"),
}

USAGE = (
    f"usage: zipai [{'|'.join(COMMANDS)}] ...\n\n"
    + "".join(f"  {synopsis}\n      {what}\n" for _, synopsis, what in COMMANDS.values())
    + "  zipai [window options]\n      start the game window (options below)\n"
    "  zipai --version\n      print the version\n"
    "  zipai COMMAND --help\n      every option of a command\n"
)

#: Exit status after the reader of our output went away (128 + SIGPIPE, as a shell reports a tool killed by it).
BROKEN_PIPE = 141
INTERRUPTED = 130


def _window_help() -> str:
    """The game window's own options (app/main.py), or a note when this build has no window."""
    try:
        from .app.main import parser
    except ImportError:
        return "The game window is not part of this build; the tools above work.\n"
    return "Game window:\n" + parser().format_help()


def _tool(module: str) -> Callable[[Sequence[str]], int]:
    import importlib

    entry: Callable[[Sequence[str]], int] = importlib.import_module(f".tools.{module}", __package__).main
    return entry


def _dispatch(args: list[str]) -> int:
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        print(_window_help(), end="")
        return 0
    if args and args[0] in ("-V", "--version"):
        from . import __version__

        print(f"zipai {__version__}")
        return 0
    command = args[0] if args and not args[0].startswith("-") else None
    rest = args[1:] if command else args
    if command in COMMANDS:
        try:
            return _tool(COMMANDS[command][0])(rest)
        except SystemExit as exc:  # argparse's --help (0) and usage errors (2): a status, for callers in-process too
            return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    if command is not None:
        from .engine.jsonsafe import name

        print(f"zipai: unknown command {name(command)}\n\n{USAGE}", file=sys.stderr)
        return 2
    try:
        from .app.main import main as app_main
    except ImportError:
        print("zipai: the game window is not part of this build yet; the tools work:\n\n" + USAGE, file=sys.stderr)
        return 2
    try:
        return int(app_main(rest))
    except SystemExit as exc:  # the window's bad options (exit 2), as for the tools above
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2


def _silence_stdout() -> None:
    """Point stdout at the null device so that the interpreter's last flush does not fail on the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is both an OSError and a ValueError
        pass  # not a real stream (tests capture it), or already closed: nothing will be flushed to a pipe


def main(argv: Sequence[str] | None = None) -> int:
    """The ``zipai`` entry point: run a sub-command, or the game window, on ``argv`` (default ``sys.argv[1:]``) and
    return the exit status: the command's own, 2 for bad usage, 141 when the reader of the output went away, 130 on
    Ctrl-C."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        status = _dispatch(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler, not at interpreter exit
        return status
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        print("zipai: interrupted", file=sys.stderr)
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
