"""``zipai sim``: bots play hands headless, with invariants checked after every action (docs/contracts/sim-cli.md)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import BOTS, make_bot
from ..bots.heuristic import bot_seed
from ..engine.game import Game
from ..engine.invariants import check_invariants
from ..engine.jsonsafe import JsonInputError, clip, loads, quote
from ..engine.jsonsafe import name as show_name
from ..engine.match import hand_seed, seed_from_text
from ..engine.observation import observe
from ..engine.record import dumps, to_record
from ..engine.rules import UnknownRules, get_rules
from ..engine.rules.base import OptionError
from ..engine.win import Source
from .args import MAX_PLAYERS, MAX_SEED_CHARS, ArgumentError, RaisingParser, counter
from .args import seed as seed_arg
from .stats import ci95, wilson

#: The most hands one run plays: about an hour of random bots, far past any honest measurement.
MAX_HANDS = 1_000_000


def _parser() -> argparse.ArgumentParser:
    p = RaisingParser(
        prog="zipai sim",
        description="Bots play hands headless, with every invariant checked after every action. Exit 0 when the run "
        "finished (errors in hands are counted in the result), 2 for bad arguments. JSON fields: "
        "docs/contracts/sim-cli.md.",
    )
    p.add_argument("--rules", default="guilin", help="the game: guilin or bohu (guilin)")
    p.add_argument("--hands", type=counter(0, MAX_HANDS), default=100,
                   help=f"how many hands (deals with --duplicate) to play, 0 to {MAX_HANDS:,} (100)")  # fmt: skip
    p.add_argument("--seed", type=seed_arg, default="1", help="match seed: each hand is dealt from a seed derived "
                   f"from it; UTF-8 text of at most {MAX_SEED_CHARS} characters (1)")  # fmt: skip
    p.add_argument(
        "--bots",
        default=None,
        metavar="B0,B1,...",
        help=f"one bot name per seat, comma separated: {', '.join(sorted(BOTS))} (random in every seat)",
    )
    p.add_argument("--players", type=counter(0, MAX_PLAYERS), default=None,
                   help="seats at the table (guilin 3, bohu 2-4; 3)")  # fmt: skip
    p.add_argument("--options", default=None, metavar="JSON", help='rule options as a JSON object, e.g. '
                   '\'{"min_hu": 15}\' (names in docs/rules-*.md)')  # fmt: skip
    p.add_argument("--json", action="store_true", help="one JSON object at the end instead of a table")
    p.add_argument("--duplicate", default=None, metavar="CHALLENGER", help="play each deal once with CHALLENGER in "
                   "each seat and BASELINE in the others; report for CHALLENGER")  # fmt: skip
    p.add_argument("--vs", default=None, metavar="BASELINE", help="the baseline bot of --duplicate")
    p.add_argument("--records", default=None, metavar="DIR", help="write one game record per hand into DIR")
    p.add_argument("--progress", action="store_true", help="a progress bar on stderr")
    return p


@dataclass
class HandOutcome:
    """How one played hand ended: points per seat, the winner (``None`` for 荒庄), the seat that paid for a win on
    its discard (点炮; ``None`` otherwise) and the actions played. ``error`` says why a hand broke (an invariant or an
    exception); such a hand's points are all 0 and it counts as an error, not a draw."""

    points: tuple[int, ...]
    winner: int | None
    payer: int | None
    actions: int
    error: str | None = None


#: The most decision times kept per bot: a run of a million hands makes tens of millions of decisions.
MAX_SAMPLES = 1 << 16


@dataclass
class Timings:
    """Decision times in ms by bot, for the p50 / p95 / max of the summary, in memory bounded by :data:`MAX_SAMPLES`
    per bot however long the run.

    Every decision is kept until a bot has ``MAX_SAMPLES``; then every other kept one is dropped and from there only
    every second decision is kept, then every fourth, and so on: an evenly spaced sample of the whole run, whose
    percentiles estimate the run's. The maximum is kept exactly.
    """

    samples: dict[str, list[float]] = field(default_factory=dict)
    _stride: dict[str, int] = field(default_factory=dict)
    _seen: dict[str, int] = field(default_factory=dict)
    _max: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, ms: float) -> None:
        """Count one decision of bot ``name`` that took ``ms`` milliseconds: kept when it falls on the bot's current
        stride, and always in the maximum."""
        seen = self._seen.get(name, 0)
        self._seen[name] = seen + 1
        self._max[name] = max(self._max.get(name, ms), ms)
        stride = self._stride.get(name, 1)
        if seen % stride:
            return
        kept = self.samples.setdefault(name, [])
        kept.append(ms)
        if len(kept) >= MAX_SAMPLES:
            del kept[1::2]  # the decisions 0, 2s, 4s, ... of the run so far: the spacing doubles
            self._stride[name] = stride * 2

    def summary(self) -> dict[str, dict[str, float]]:
        """Per bot, the ``p50`` and ``p95`` of the kept decision times and the exact ``max``, in ms (4 places)."""
        out = {}
        for name, xs in self.samples.items():
            xs = sorted(xs)
            out[name] = {
                "p50": round(xs[len(xs) // 2], 4),
                "p95": round(xs[min(len(xs) - 1, int(len(xs) * 0.95))], 4),
                "max": round(self._max.get(name, xs[-1]), 4),
            }
        return out


def play_hand(
    rules: Any,
    options: Any,
    seed: int | str,
    dealer: int,
    bot_names: Sequence[str],
    timings: Timings,
    *,
    check: bool = True,
    records: Path | None = None,
    record_name: str = "",
    bot_settings: Mapping[str, Mapping[str, Any]] | None = None,
) -> HandOutcome:
    """Play one hand with the named bots; every action is followed by the invariant check. ``bot_settings`` gives a
    level's constructor settings (the ladder's strong bot plays a world count, not a time budget)."""
    game = Game(rules, options, seed=seed, dealer=dealer, players=len(bot_names))
    settings = bot_settings or {}
    bots = [make_bot(name, bot_seed(seed, seat), **settings.get(name, {})) for seat, name in enumerate(bot_names)]
    actions = 0
    try:
        problems = check_invariants(game) if check else []
        while not problems and game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            obs = observe(game, seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(obs, legal)
            timings.add(bot_names[seat], (time.perf_counter() - t0) * 1000)
            game.apply(seat, action)
            actions += 1
            if check:
                problems = check_invariants(game)
        if problems:
            return HandOutcome((0,) * game.players, None, None, actions, "; ".join(problems))
    except Exception as exc:  # noqa: BLE001 - a bug in one hand must not stop the run; it is counted and reported
        return HandOutcome((0,) * game.players, None, None, actions, f"{type(exc).__name__}: {exc}")
    if records is not None:
        (records / f"{record_name}.json").write_text(dumps(to_record(game)), encoding="utf-8")
    result = game.result
    assert result is not None
    payer = None
    if result.win is not None and result.win.source is Source.DISCARD:
        payer = result.win.from_seat
    return HandOutcome(result.points, result.winner, payer, actions)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play the hands ``args`` asks for and return the JSON result (docs/contracts/sim-cli.md): wins, points, draws,
    errors and decision times; with ``--duplicate``, the challenger's net per hand and win rate with 95% intervals.
    Every argument is checked before the first hand: a bad one raises :class:`ArgumentError`."""
    try:
        rules = get_rules(args.rules)
    except UnknownRules:
        raise ArgumentError(f"unknown rules {show_name(args.rules)} (known: guilin, bohu)") from None
    players = args.players if args.players is not None else rules.default_players
    if players not in rules.players:
        raise ArgumentError(f"{args.rules} is played by {', '.join(map(str, rules.players))} players, not {players}")
    try:
        raw_options = loads(args.options, what="--options", max_bytes=1 << 16) if args.options else {}
    except JsonInputError as exc:
        raise ArgumentError(str(exc)) from None
    if not isinstance(raw_options, dict):
        raise ArgumentError(f'--options must be a JSON object like {{"min_hu": 15}}, not {quote(raw_options)}')
    try:
        options = rules.parse_options(raw_options)
    except OptionError as exc:
        raise ArgumentError(f"--options: {exc}") from None
    if args.hands < 0:
        raise ArgumentError("--hands must be >= 0")
    duplicate = args.duplicate is not None
    if duplicate:
        if args.vs is None:
            raise ArgumentError("--duplicate needs --vs BASELINE")
        names = [args.duplicate, args.vs]
    else:
        names = (args.bots or ",".join(["random"] * players)).split(",")
        if len(names) != players:
            raise ArgumentError(f"--bots needs {players} names, one per seat; got {len(names)}")
    for bot in names:
        if bot not in BOTS:
            raise ArgumentError(f"unknown bot {show_name(bot)} (known: {', '.join(sorted(BOTS))})")
    records = Path(args.records) if args.records else None
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ArgumentError(f"--records {clip(args.records)}: cannot make the folder ({exc.strerror})") from None
    seed = seed_from_text(args.seed, negative=True)

    timings = Timings()
    wins = [0] * players
    points = [0] * players
    draws = errors = actions = 0
    deal_sums: list[float] = []
    ch_wins = ch_deal_ins = plays = 0
    start = time.perf_counter()
    for i in range(args.hands):
        hseed = hand_seed(seed, i)
        dealers = [d for d in range(players) if d in rules.active_seats(players, d, options)]
        dealer = dealers[i % len(dealers)]
        if duplicate:
            lineups = [[args.duplicate if s == c else args.vs for s in range(players)] for c in range(players)]
        else:
            lineups = [names]
        deal_sum = 0.0
        for j, lineup in enumerate(lineups):
            name = f"hand{i:06d}" + (f"_c{j}" if duplicate else "")
            out = play_hand(rules, options, hseed, dealer, lineup, timings, records=records, record_name=name)
            actions += out.actions
            if out.error is not None:
                errors += 1
                print(f"zipai sim: error in hand {i} (seed {hseed!r}, dealer {dealer}): {out.error}", file=sys.stderr)
                continue
            for s in range(players):
                points[s] += out.points[s]
            if out.winner is None:
                draws += 1
            else:
                wins[out.winner] += 1
            if duplicate:
                plays += 1
                deal_sum += out.points[j]
                ch_wins += out.winner == j
                ch_deal_ins += out.payer == j
        if duplicate:
            deal_sums.append(deal_sum)
        if args.progress:
            done = i + 1
            bar = "#" * (30 * done // max(1, args.hands))
            print(f"\r[{bar:<30}] {done}/{args.hands}", end="", file=sys.stderr, flush=True)
    if args.progress:
        print(file=sys.stderr)
    seconds = time.perf_counter() - start
    played = args.hands * (players if duplicate else 1)
    result: dict[str, Any] = {
        "rules": rules.name,
        "seed": seed,
        "hands": args.hands,
        "players": players,
        "bots": names if not duplicate else [args.duplicate, args.vs],
        "wins": wins,
        "draws": draws,
        "points": points,
        "errors": errors,
        "actions": actions,
        "seconds": round(seconds, 3),
        "hands_per_second": round(played / seconds, 1) if seconds > 0 else 0.0,
        "decision_ms": timings.summary(),
    }
    if duplicate:
        per_play = [x / players for x in deal_sums]
        lo, hi = ci95(per_play)
        wlo, whi = wilson(ch_wins, plays)
        result["challenger"] = {
            "bot": args.duplicate,
            "baseline": args.vs,
            "deals": args.hands,
            "plays": plays,
            "net_per_hand": round(statistics.fmean(per_play), 4) if per_play else 0.0,
            "net_ci95": [round(lo, 4), round(hi, 4)],
            "win_rate": round(ch_wins / plays, 4) if plays else 0.0,
            "win_ci95": [round(wlo, 4), round(whi, 4)],
            "deal_in_rate": round(ch_deal_ins / plays, 4) if plays else 0.0,
        }
    return result


def _table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['rules']}: {result['hands']} hands, seed {result['seed']}, bots {', '.join(result['bots'])}",
        f"{'seat':>4} {'wins':>6} {'points':>8}",
    ]
    for s in range(result["players"]):
        lines.append(f"{s:>4} {result['wins'][s]:>6} {result['points'][s]:>8}")
    lines.append(f"draws {result['draws']}, errors {result['errors']}, actions {result['actions']}")
    lines.append(f"{result['seconds']} s, {result['hands_per_second']} hands/s")
    for name, t in result["decision_ms"].items():
        lines.append(f"decision ms {name}: p50 {t['p50']} p95 {t['p95']} max {t['max']}")
    ch = result.get("challenger")
    if ch:
        lines.append(
            f"{ch['bot']} vs {ch['baseline']}: net {ch['net_per_hand']} per hand (95% {ch['net_ci95']}), "
            f"win rate {ch['win_rate']} (95% {ch['win_ci95']}), deal-in {ch['deal_in_rate']}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    """Run ``zipai sim`` on ``argv``: print the result (a table, or one JSON object with ``--json``) and return 0,
    even when hands broke (they are counted); 2 with a one-line message for a bad argument."""
    try:
        args = _parser().parse_args(list(argv))
        result = run(args)
    except ArgumentError as exc:
        print(f"zipai sim: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False) if args.json else _table(result))
    return 0
