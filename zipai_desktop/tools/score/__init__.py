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

The package's parts: :mod:`.request` (the careful reader: the hands, every check and error message), :mod:`.quick`,
:mod:`.layout` and :mod:`.known` (fast readers of the common lines, each giving what the careful reader would give, or
None), :mod:`.text` (result-line writers), :mod:`.guilin_answer` / :mod:`.bohu_answer` (a hand's answer),
:mod:`.cli` (the command and its stdin batching). The names below are those the command, the tests and the benches use.
"""

from __future__ import annotations

from .bohu_answer import parse_bohu, score_bohu
from .cli import LINE_SCORERS, SCORERS, USAGE, _stdin_batches, main, score, score_line, score_text
from .guilin_answer import _DUO, _PAID, _TURNED, _settle, _settled, parse_guilin, score_guilin
from .known import _with_known_options
from .layout import _BASE_WORD, _HU_AT, _kind_items, _layout_parts, _new_head
from .quick import _new_meld_facts, _quick_bohu, _quick_bohu_parts, _quick_guilin, _quick_guilin_parts, _quick_melds
from .request import (
    _GUILIN,
    _MELD_KINDS,
    _OPTION_TEXTS,
    _OPTIONS,
    _READ_OPTIONS,
    _WHO_PLAIN,
    BOHU_FIELDS,
    BOHU_MELDS,
    BOHU_PLAYERS,
    GUILIN_FIELDS,
    GUILIN_MELDS,
    KNOWN_RULES,
    MAX_INPUT,
    MAX_MESSAGE,
    BohuHand,
    GuilinHand,
    Malformed,
    Request,
    _checked_bohu,
    _checked_guilin,
    _checked_meld,
    _decoded,
    _meld,
    _new_parts,
    _parts_of,
    bohu_held_problem,
    held_count_problem,
    not_available,
)
from .text import _dumps, _groups_text, _points_text, _role_text
from .wincheck import evaluate_roles, evaluate_win

__all__ = [
    "_new_parts",
    "_parts_of",
    "evaluate_roles",
    "evaluate_win",
    "BOHU_FIELDS",
    "BOHU_MELDS",
    "BOHU_PLAYERS",
    "BohuHand",
    "GUILIN_FIELDS",
    "GUILIN_MELDS",
    "GuilinHand",
    "KNOWN_RULES",
    "LINE_SCORERS",
    "MAX_INPUT",
    "MAX_MESSAGE",
    "Malformed",
    "SCORERS",
    "USAGE",
    "_BASE_WORD",
    "_DUO",
    "_GUILIN",
    "_HU_AT",
    "_MELD_KINDS",
    "_OPTIONS",
    "_OPTION_TEXTS",
    "_PAID",
    "Request",
    "_READ_OPTIONS",
    "_TURNED",
    "_WHO_PLAIN",
    "_checked_bohu",
    "_checked_guilin",
    "_checked_meld",
    "_decoded",
    "_dumps",
    "_groups_text",
    "_kind_items",
    "_layout_parts",
    "_meld",
    "_new_head",
    "_new_meld_facts",
    "_points_text",
    "_quick_bohu",
    "_quick_bohu_parts",
    "_quick_guilin",
    "_quick_guilin_parts",
    "_quick_melds",
    "_role_text",
    "_settle",
    "_settled",
    "_stdin_batches",
    "_with_known_options",
    "bohu_held_problem",
    "held_count_problem",
    "main",
    "not_available",
    "parse_bohu",
    "parse_guilin",
    "score",
    "score_bohu",
    "score_guilin",
    "score_line",
    "score_text",
]
