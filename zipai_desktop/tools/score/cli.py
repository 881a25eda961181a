"""``zipai score``: what a hand is worth (胡 / 胡息, 舵 / 番, points), per ``docs/contracts/score-cli.md``.

The scorer reads one JSON hand (or, with ``--jsonl``, one per line), checks it for consistency and answers with the
same code the game uses at its settlement.

* 桂林字牌 (``guilin``): :func:`~zipai_desktop.engine.win.evaluate_win` for the split,
  :func:`~zipai_desktop.engine.special.sanlong_wukan` for 三龙五坎 and
  the pieces of :func:`~zipai_desktop.engine.scoring.settle_guilin` (醒, the parts of the 舵, the points) for the
  settlement.
* 秀山博胡 (``bohu``): :func:`~zipai_desktop.engine.win.evaluate_roles` for the best split of each role of the winning
  card, :func:`~zipai_desktop.engine.rules.bohu.san_ti_wu_kan` for 三提五坎 and
  :func:`~zipai_desktop.engine.rules.bohu.score_win` for 胡息, 番 and 名堂, chosen the way ``BohuRules.pick_win`` /
  ``deal_wins`` choose them in the game, and paid as ``BohuRules.settle`` pays.

Exit status: 0 when every input was well-formed (a well-formed hand that is not a win is ``"valid": false``), 2 when an
input or the command line is malformed.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from ...engine.jsonsafe import name as show_name
from .bohu_answer import _bohu_line, bohu_line, score_bohu
from .guilin_answer import _guilin_line, guilin_line, score_guilin
from .known import _with_known_options
from .layout import _layout_parts
from .request import KNOWN_RULES, MAX_INPUT, Malformed, Request, _decoded, _message, _rules_name, not_available
from .text import _dumps

# ---------------------------------------------------------------------------------------------------------------------
# Dispatch and the command.

USAGE = """usage: zipai score [--rules guilin|bohu] [--jsonl] < hand.json

  Score a hand: 胡 / 胡息, 舵, points. Reads one JSON object from stdin (with --jsonl: one object per line) and
  writes one JSON result per input object. See docs/contracts/score-cli.md for the fields.

  --rules NAME   guilin or bohu (may be omitted when the input has a "rules" field)
  --jsonl        one hand per input line, one result line per hand, in order
  -h, --help     show this help
"""

SCORERS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {"guilin": score_guilin, "bohu": score_bohu}
#: The same answers as result lines (what --jsonl writes): equal to ``_dumps(SCORERS[name](data))``.
LINE_SCORERS: dict[str, Callable[[Mapping[str, Any]], str]] = {"guilin": _guilin_line, "bohu": _bohu_line}
#: The result line of a request already checked (what the layout reader gives), by game.
REQUEST_LINES: dict[str, Callable[[Request], str]] = {"guilin": guilin_line, "bohu": bohu_line}


def score(data: Any, cli_rules: str | None = None) -> dict[str, Any]:
    """Score one decoded JSON value; raise :class:`Malformed` when it is not a well-formed request."""
    answer: dict[str, Any] = _scorer(data, cli_rules, SCORERS)(data)
    return answer


def _scorer(data: Any, cli_rules: str | None, scorers: Mapping[str, Callable[[Mapping[str, Any]], Any]]) -> Any:
    if not isinstance(data, dict):
        raise Malformed("the input must be a JSON object")
    name = _rules_name(data, cli_rules)
    scorer = scorers.get(name)
    if scorer is None:
        if name in KNOWN_RULES:
            raise Malformed(not_available(name))
        raise Malformed(f"unknown rules {show_name(name)} (known: {', '.join(KNOWN_RULES)})")
    return scorer


def score_text(text: str | bytes, cli_rules: str | None = None) -> dict[str, Any]:
    """Decode and score one JSON object (``bytes`` must be UTF-8)."""
    data = _decoded(text)
    return score(data, cli_rules)


def score_line(text: str | bytes, cli_rules: str | None = None) -> str:
    """:func:`score_text` as the result line ``zipai score`` writes (``_dumps`` of it), without the dict between."""
    laid_out = _layout_parts(text)
    if laid_out is not None and (cli_rules is None or cli_rules == laid_out[0]):
        return REQUEST_LINES[laid_out[0]](laid_out[1])
    data = _with_known_options(text)
    if data is None:
        data = _decoded(text)
    if cli_rules is None and type(data) is dict:  # the usual line: what _scorer finds, without its two calls
        name = data.get("rules")
        scorer = LINE_SCORERS.get(name) if type(name) is str else None
        if scorer is not None:
            return scorer(data)
    answer: str = _scorer(data, cli_rules, LINE_SCORERS)(data)
    return answer


def _utf8(stream: Any) -> None:
    """Write UTF-8 whatever the console code page (the output is JSON with Chinese glyphs)."""
    if isinstance(stream, io.TextIOWrapper) and (stream.encoding or "").lower().replace("-", "") != "utf8":
        stream.reconfigure(encoding="utf-8")


def _read_stdin() -> str | bytes:
    """All of stdin (bytes when it is a real stream: :func:`score_text` decodes them), at most MAX_INPUT + 1."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin.read(MAX_INPUT + 1)
    raw: bytes = buffer.read(MAX_INPUT + 1)
    return raw


#: How much of stdin one read takes with --jsonl: every complete line in it is answered, then the answers are written
#: in one write (a line's answer never waits for input that has not arrived: a read returns what is there).
_CHUNK = 1 << 16


def _stdin_batches() -> Iterator[list[tuple[int, str | bytes | Malformed]]]:
    """(line number, line) for --jsonl, a batch of the lines that have arrived at a time (a long input is never held
    whole); a line longer than MAX_INPUT (with its \\n) is dropped as it comes and given as a :class:`Malformed`.
    Lines end at \\n only (U+2028 inside a JSON string is not a line end) and keep it, as ``readline`` gives them."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        for number, text in enumerate(sys.stdin, start=1):
            yield [(number, text)]
        return
    read = getattr(buffer, "read1", None) or buffer.read
    number = 0
    partial: list[bytes] = []  # the start of a line, from earlier reads
    partial_size = 0
    too_long = False  # the current line is already over the limit: its bytes are dropped
    while True:
        chunk: bytes = read(_CHUNK)
        if not chunk:
            break
        batch: list[tuple[int, str | bytes | Malformed]] = []
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                rest = chunk[start:]
                if rest and not too_long:
                    partial.append(rest)
                    partial_size += len(rest)
                    if partial_size > MAX_INPUT:
                        too_long, partial, partial_size = True, [], 0
                break
            piece = chunk[start : end + 1]
            start = end + 1
            number += 1
            if too_long or partial_size + len(piece) > MAX_INPUT:
                batch.append((number, _too_long()))
            elif partial:
                batch.append((number, b"".join(partial) + piece))
            else:
                batch.append((number, piece))
            too_long, partial, partial_size = False, [], 0
        if batch:
            yield batch
    if too_long or partial:  # the last line, without a \\n
        yield [(number + 1, _too_long() if too_long else b"".join(partial))]


def _too_long() -> Malformed:
    return Malformed(f"the line is longer than the {MAX_INPUT:,} bytes a hand can be")


def _answer_lines(cli_rules: str | None) -> int:
    """--jsonl: a result (or an error) line per non-blank input line, in order; 0, or 2 if any line was malformed."""
    status = 0
    stdout = sys.stdout
    for batch in _stdin_batches():
        out: list[str] = []
        for number, line in batch:
            try:
                if isinstance(line, Malformed):
                    raise line
                if not line.strip():
                    continue
                out.append(score_line(line, cli_rules))
            except Malformed as exc:
                status = 2
                message = _message(exc)
                if out:  # the lines before it come out first, as they would line by line
                    stdout.write("\n".join(out) + "\n")
                    stdout.flush()
                    out = []
                print(f"zipai score: line {number}: {message}", file=sys.stderr)
                out.append(_dumps({"error": message}))
        if out:
            stdout.write("\n".join(out) + "\n")
        stdout.flush()
    return status


def _usage_error(message: str) -> int:
    print(f"zipai score: {message}\n\n{USAGE}", file=sys.stderr, end="")
    return 2


def main(argv: Sequence[str]) -> int:
    """``zipai score [--rules guilin|bohu] [--jsonl]``: one result line per hand on stdout; 0, or 2 if malformed."""
    cli_rules: str | None = None
    jsonl = False
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("-h", "--help"):
            print(USAGE, end="")
            return 0
        if arg == "--jsonl":
            jsonl = True
        elif arg == "--rules" or arg.startswith("--rules="):
            if arg == "--rules":
                if i + 1 >= len(args):
                    return _usage_error("--rules needs a value (guilin or bohu)")
                i += 1
                value = args[i]
            else:
                value = arg.split("=", 1)[1]
            if value not in KNOWN_RULES:
                return _usage_error(f"unknown rules {show_name(value)} (known: {', '.join(KNOWN_RULES)})")
            cli_rules = value
        else:
            return _usage_error(f"unrecognised argument {show_name(arg)}")
        i += 1

    _utf8(sys.stdout)
    _utf8(sys.stderr)
    if cli_rules is not None and cli_rules not in SCORERS:
        print(f"zipai score: {not_available(cli_rules)}", file=sys.stderr)
        return 2
    if not jsonl:
        try:
            text = _read_stdin()
            if len(text) > MAX_INPUT:  # only MAX_INPUT + 1 were read: say the limit, not a made-up size
                raise Malformed(f"the input is more than the {MAX_INPUT:,} bytes a hand can be")
            result = score_text(text, cli_rules)
        except Malformed as exc:
            print(f"zipai score: {_message(exc)}", file=sys.stderr)
            return 2
        print(_dumps(result))
        return 0

    return _answer_lines(cli_rules)
