"""``zipai tournament``: a whole 比赛 of bots, headless, with each bot level's mean finishing position.

The same code as the window's competitions (engine.tournament for the pairing and standings, competition.play for the
tables), so what the player meets is what is measured here. Seeded: the same arguments give the same JSON every run
(no timings in it; ``--progress`` prints them on stderr). The JSON is documented in docs/tournament.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from ..bots import BOTS
from ..competition.play import FIELD_LEVELS, make_field, run_tournament
from ..engine.jsonsafe import JsonInputError, loads, quote
from ..engine.jsonsafe import name as show_name
from ..engine.match import seed_from_text
from ..engine.rules import UnknownRules, get_rules
from ..engine.rules.base import OptionError
from ..engine.tournament import Tournament, TournamentError
from .args import MAX_PLAYERS, MAX_SEED_CHARS, ArgumentError, RaisingParser, counter
from .args import seed as seed_arg
from .stats import ci95

#: Upper bounds of the counts, far above honest use (a competition in the window has a dozen entrants and a few
#: rounds), so that a mistyped number is refused when the arguments are read instead of allocating a field of it.
MAX_ENTRANTS = 1_000
MAX_ROUNDS = 100
MAX_HANDS = 1_000
MAX_REPEAT = 1_000


def _parser() -> argparse.ArgumentParser:
    p = RaisingParser(
        prog="zipai tournament",
        description="A competition (比赛) of bots, headless: Swiss rounds of tables. JSON: docs/tournament.md.",
    )
    p.add_argument("--rules", default="guilin", help="the game: guilin or bohu (guilin)")
    p.add_argument("--players", type=counter(0, MAX_PLAYERS), default=None, help="seats per table (Bohu: 2-4)")
    p.add_argument("--entrants", type=counter(1, MAX_ENTRANTS), default=12,
                   help=f"how many bots enter, 1 to {MAX_ENTRANTS:,} (12)")  # fmt: skip
    p.add_argument("--rounds", type=counter(1, MAX_ROUNDS), default=4,
                   help=f"how many rounds are played, 1 to {MAX_ROUNDS:,} (4)")  # fmt: skip
    p.add_argument("--hands", type=counter(1, MAX_HANDS), default=4,
                   help=f"hands per table and round, 1 to {MAX_HANDS:,} (4)")  # fmt: skip
    p.add_argument("--seed", type=seed_arg, default="1", help="the seed of the draw and the deals; UTF-8 text of at "
                   f"most {MAX_SEED_CHARS} characters (1)")  # fmt: skip
    p.add_argument("--levels", default=",".join(FIELD_LEVELS), help="the bot levels of the field, cycled")
    p.add_argument("--duplicate", action="store_true", help="every table of a round plays the same deals")
    p.add_argument("--repeat", type=counter(1, MAX_REPEAT), default=1,
                   help=f"run this many competitions (seeds S:0, S:1, ...), 1 to {MAX_REPEAT:,} (1)")  # fmt: skip
    p.add_argument("--options", default=None, metavar="JSON", help="rule options as a JSON object")
    p.add_argument("--json", action="store_true", help="one JSON object at the end instead of a table")
    p.add_argument("--progress", action="store_true", help="a progress bar on stderr")
    return p


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play the ``--repeat`` competitions ``args`` describes and return the JSON result of docs/tournament.md: per
    level, the mean finishing position with its 95% interval, the mean points and the firsts; per competition, the
    final standings and every table. A bad argument, or a field that cannot fill the tables, raises
    :class:`ArgumentError` before any table is played."""
    try:
        rules = get_rules(args.rules)
    except UnknownRules:
        raise ArgumentError(f"unknown rules {show_name(args.rules)} (known: guilin, bohu)") from None
    players = args.players if args.players is not None else rules.default_players
    if players not in rules.players:
        raise ArgumentError(f"{args.rules} is played by {', '.join(map(str, rules.players))} players, not {players}")
    try:
        options = loads(args.options, what="--options", max_bytes=1 << 16) if args.options else {}
        if not isinstance(options, dict):
            raise ArgumentError(f"--options must be a JSON object, not {quote(options)}")
        rules.parse_options(options)
    except JsonInputError as exc:
        raise ArgumentError(str(exc)) from None
    except OptionError as exc:
        raise ArgumentError(str(exc)) from None
    levels = [x for x in args.levels.split(",") if x]
    for name in levels:
        if name not in BOTS:
            raise ArgumentError(f"unknown bot {show_name(name)} in --levels (known: {', '.join(sorted(BOTS))})")
    if not levels:
        raise ArgumentError(f"--levels needs at least one bot level, not {show_name(args.levels)}")
    seed = seed_from_text(args.seed, negative=True)
    field = make_field(args.entrants, levels, human=False)
    positions: dict[str, list[int]] = {level: [] for level in levels}
    points: dict[str, list[int]] = {level: [] for level in levels}
    firsts = dict.fromkeys(levels, 0)
    competitions = []
    start = time.perf_counter()
    for k in range(args.repeat):
        cseed: int | str = seed if args.repeat == 1 else f"{seed}:{k}"
        try:
            t = Tournament(
                rules.name, players, field, args.rounds, args.hands, cseed, args.duplicate, options=dict(options)
            )
        except TournamentError as exc:
            raise ArgumentError(str(exc)) from None
        run_tournament(t)
        final = t.standings()
        for s in final:
            level = field[s.entrant].level
            positions[level].append(s.rank)
            points[level].append(s.points)
            firsts[level] += s.rank == 1
        competitions.append(
            {
                "seed": cseed,
                "final": [
                    {
                        "rank": s.rank,
                        "entrant": s.entrant,
                        "level": field[s.entrant].level,
                        "points": s.points,
                        "hands_won": s.hands_won,
                        "opponents": s.opponents,
                    }
                    for s in final
                ],
                "tables": [{**r.to_json(), "seed": t.seed_of(r.round, r.table)} for r in t.results],
            }
        )
        if args.progress:
            print(f"competition {k + 1}/{args.repeat}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    summary = {}
    for level in levels:
        lo, hi = ci95([float(x) for x in positions[level]])
        summary[level] = {
            "entrants": len(positions[level]) // args.repeat,
            "mean_position": round(statistics.fmean(positions[level]), 4),
            "position_ci95": [round(lo, 4), round(hi, 4)],
            "mean_points": round(statistics.fmean(points[level]), 4),
            "firsts": firsts[level],
        }
    return {
        "rules": rules.name,
        "players": players,
        "entrants": args.entrants,
        "rounds": args.rounds,
        "hands": args.hands,
        "seed": seed,
        "duplicate": args.duplicate,
        "field": [{"entrant": i, "level": e.level} for i, e in enumerate(field)],
        "repeat": args.repeat,
        "levels": summary,
        "competitions": competitions,
    }


def _table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['rules']}: {result['repeat']} competition(s) of {result['entrants']} entrants, "
        f"{result['rounds']} rounds of {result['hands']} hands at tables of {result['players']}, seed {result['seed']}"
        + (", duplicate deals" if result["duplicate"] else ""),
        f"{'level':<10} {'mean place':>10} {'95% interval':>18} {'mean points':>12} {'firsts':>7}",
    ]
    for level, s in result["levels"].items():
        lo, hi = s["position_ci95"]
        lines.append(
            f"{level:<10} {s['mean_position']:>10.2f} {f'[{lo:.2f}, {hi:.2f}]':>18} {s['mean_points']:>12.1f}"
            f" {s['firsts']:>7}"
        )
    last = result["competitions"][-1]
    lines.append(f"final ranking (seed {last['seed']}):")
    for s in last["final"]:
        lines.append(
            f"{s['rank']:>3}. entrant {s['entrant']:>2} {s['level']:<9} {s['points']:>+6} points, "
            f"{s['hands_won']} hands won"
        )
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    """Run ``zipai tournament`` on ``argv``: print the result (a table, or one JSON object with ``--json``) and return
    0, or 2 with a one-line message for a bad argument."""
    try:
        args = _parser().parse_args(list(argv))
        result = run(args)
    except ArgumentError as exc:
        print(f"zipai tournament: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False) if args.json else _table(result))
    return 0
