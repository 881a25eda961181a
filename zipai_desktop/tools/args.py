"""Argument types shared by the ``zipai`` commands (the tools and the window's ``--demo``): bounded counts, the seed,
and an output file checked before any work starts.

Every count has an upper bound far above honest use, so that a mistyped ``--entrants 999999999`` is refused when the
arguments are read (exit 2, one line) instead of allocating a list of that size. A seed is text of at most
:data:`MAX_SEED_CHARS` characters that can be written as UTF-8: a ``--seed`` of bytes that are not UTF-8 (the shell
passes them through, Python holds them as lone surrogates) is refused the same way by every command, since such a seed
could be neither hashed into a deal nor written into a record or a JSON result. Standard library only.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from ..engine.jsonsafe import QUOTE_CHARS, clip
from ..engine.jsonsafe import name as show_name

#: The most seats a count takes before the rules say how many the game seats (a larger number is surely a typo).
MAX_PLAYERS = 99
#: The longest usage message shown: argparse quotes an unknown option whole, and the message says what it expected.
MESSAGE_CHARS = 300
#: The longest seed taken: a typed seed is a few characters; a longer one would be copied into every hand's seed.
MAX_SEED_CHARS = 200


class ArgumentError(Exception):
    """A bad argument: the message is one line for stderr, without the command's name."""


def usage_message(message: str) -> str:
    """An argparse error for one line on stderr: argparse quotes the user's value whole (``unrecognized arguments:
    ...``, ``invalid choice: ...``, ``ignored explicit argument ...``), so every word of it is cut to about
    ``QUOTE_CHARS`` characters (and made printable), and the whole to :data:`MESSAGE_CHARS`."""
    words = [clip(word) if len(word) > QUOTE_CHARS + 2 else word for word in message.split(" ")]
    return clip(" ".join(words), MESSAGE_CHARS)


def counter(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` written in ASCII digits (argparse's own ``int``
    would quote a huge value whole, and take ``"²"`` or ``" 1"``)."""

    def parse(text: str) -> int:
        value = int(text) if text.isascii() and text.isdigit() and len(text) <= len(str(high)) else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"takes a whole number from {low} to {high:,}, not {show_name(text)}")
        return value

    parse.__name__ = "count"  # argparse names the type in some messages
    return parse


def seed(text: str) -> str:
    """An argparse type for ``--seed``: UTF-8 text of at most :data:`MAX_SEED_CHARS` characters, returned unchanged."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(
            f"takes text that is UTF-8, not {show_name(text)} (bytes that are not UTF-8)"
        ) from None
    if len(text) > MAX_SEED_CHARS:
        raise argparse.ArgumentTypeError(f"takes at most {MAX_SEED_CHARS} characters, not {show_name(text)}")
    return text


def output_problem(path: str) -> str | None:
    """Why ``path`` cannot be written as a file (its folder is missing or not a folder, it is a folder, or it or its
    folder is not writable), or None. Checked before a long run so that its results are not lost at the end."""
    try:
        return _output_problem(Path(path))
    except OSError as exc:  # a name too long, a loop of links: the same error would come at the end of the run
        return exc.strerror or str(exc)


def _output_problem(target: Path) -> str | None:
    folder = target.parent
    if not folder.is_dir():
        what = "does not exist" if not folder.exists() else "is not a folder"
        return f"its folder {clip(str(folder))} {what}"
    if target.is_dir():
        return "it is a folder"
    if target.exists() and not os.access(target, os.W_OK):
        return "the file is not writable"
    if not target.exists() and not os.access(folder, os.W_OK):
        return "its folder is not writable"
    return None


class RaisingParser(argparse.ArgumentParser):
    """An argument parser whose errors raise :class:`ArgumentError` (with argparse's message cut to one line), for a
    command that reports its own argument checks the same way (``zipai sim``, ``zipai tournament``)."""

    def error(self, message: str) -> NoReturn:
        """Raise :class:`ArgumentError` with argparse's ``message`` cut to one line (:func:`usage_message`)."""
        raise ArgumentError(usage_message(message))


class ExitingParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (``zipai replay: ...``) and exit 2, as in every tool."""

    def error(self, message: str) -> NoReturn:
        """Print ``<prog>: <message>`` (cut to one line by :func:`usage_message`) on stderr and exit with status 2."""
        print(f"{self.prog}: {usage_message(message)}", file=sys.stderr)
        raise SystemExit(2)
