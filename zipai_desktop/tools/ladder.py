"""``zipai ladder``: each bot level against the one below, in duplicate, for both games; writes docs/bots.md.

Every deal is played once with the challenger in each seat and the baseline in the others (the same deals for every
rung). The result of a rung is the challenger's net points per hand with a 95% interval over deals, its win rate with a
Wilson interval, its deal-in rate and the decision times of both bots. A rung passes when the lower end of the net
interval is above 0.

The strong bot plays a world count, never a time budget (``budget_s=None``), and the expert a world and a play-out
cap: no decision reads the clock, so a seeded ladder gives the same figures on every run and every machine, loaded or
not (the decision times are reported, never judged). ``--quick`` is the short form CI runs: fewer deals, and a strong
bot of ``QUICK_WORLDS`` worlds, which is shown to beat ``beginner`` (the rung a CI-sized run can prove at 95%;
``strong`` over ``casual`` needs the full ladder's 200 deals at 96 worlds, about 25 CPU-minutes, see docs/bots.md).
The expert's rung (``--only expert``) is not in the quick form: its edge over strong needs hundreds of deals.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import BOTS
from ..engine.jsonsafe import JsonInputError, clip, load_file, quote
from ..engine.match import hand_seed
from ..engine.rules import get_rules
from .args import MAX_SEED_CHARS, ExitingParser, counter, output_problem
from .args import seed as seed_arg
from .sim import Timings, play_hand
from .stats import ci95, wilson

RUNGS = [("beginner", "random"), ("casual", "beginner"), ("strong", "casual"), ("expert", "strong")]
QUICK_RUNGS = [("beginner", "random"), ("casual", "beginner"), ("strong", "beginner")]
GAMES = [("guilin", 3), ("bohu", 3)]
# Bohu's default settlement pays only the winner; the ladder needs a zero-sum measure, so its Bohu rungs use the
# "losers_pay" option (each other player pays the hand's score), which compares levels on the same footing.
LADDER_OPTIONS: dict[str, dict[str, Any]] = {"guilin": {}, "bohu": {"settlement": "losers_pay"}}
# Deals per rung, by challenger. A strong deal costs about 100x a heuristic one at 96 worlds, 6x at 8; an expert deal
# (the expert against two strong bots) about 3x a strong one.
DEALS = {"beginner": 600, "casual": 600, "strong": 200, "expert": 320}
# The quick form's deals, by game and challenger: enough that each rung's 95% interval clears 0 with a wide margin for
# its measured edge (so that a change of the bots' random streams does not flip a rung by chance), and no more.
# Guilin's casual and strong edges over beginner (+1.1, +2.0 per hand) are smaller than Bohu's (+10, +14).
QUICK_DEALS = {
    ("guilin", "beginner"): 60,
    ("guilin", "casual"): 150,
    ("guilin", "strong"): 45,
    ("bohu", "beginner"): 60,
    ("bohu", "casual"): 60,
    ("bohu", "strong"): 30,
}
# The strong bot's worlds per decision: the full ladder plays it as in the game's default; the quick one cheaply.
FULL_WORLDS = 96
QUICK_WORLDS = 8
# The expert's most worlds per decision (it stops sooner once one candidate is clearly best): what its 0.3 s budget
# holds on the reference machine (bench/bot_decisions.py), as strong's 96 is its cap.
EXPERT_WORLDS = 320
QUICK_EXPERT_WORLDS = 24


@dataclass
class DealOutcome:
    """One deal of a rung, played once with the challenger in each seat: the challenger's points per play (its seats'
    points over the number of seats), its wins and deal-ins (点炮), the plays, the hands that broke (they score 0), and
    the decision times kept per bot."""

    challenger_points: float
    wins: int
    deal_ins: int
    plays: int
    errors: int
    times: dict[str, list[float]]


def bot_settings(worlds: int, expert_worlds: int) -> dict[str, dict[str, Any]]:
    """The search bots' settings in a ladder: a world count each, no clock (``budget_s=None``)."""
    return {
        "strong": {"worlds": worlds, "budget_s": None},
        "expert": {"worlds": expert_worlds, "budget_s": None},
    }


def play_deal(job: tuple[str, int, str, int, str, str, int, int]) -> DealOutcome:
    """One deal, played once with the challenger in each seat (the strong bot with ``worlds`` worlds, the expert with
    at most ``expert_worlds``, no clock)."""
    rules_name, players, seed, i, challenger, baseline, worlds, expert_worlds = job
    return duplicate_deal(rules_name, players, seed, i, challenger, baseline, bot_settings(worlds, expert_worlds))


def duplicate_deal(
    rules_name: str,
    players: int,
    seed: str,
    i: int,
    challenger: str,
    baseline: str,
    settings: dict[str, dict[str, Any]],
) -> DealOutcome:
    """Deal ``i`` of ``seed``, played once with the challenger in each seat and the baseline in the others, the search
    bots built with ``settings`` (:func:`bot_settings`, or a variant of it)."""
    rules = get_rules(rules_name)
    options = rules.parse_options(LADDER_OPTIONS[rules_name])
    hseed = hand_seed(seed, i)
    dealer = i % players
    timings = Timings()
    total = 0.0
    wins = deal_ins = errors = 0
    for seat in range(players):
        lineup = [challenger if s == seat else baseline for s in range(players)]
        out = play_hand(rules, options, hseed, dealer, lineup, timings, check=False, bot_settings=settings)
        if out.error is not None:
            errors += 1
            continue
        total += out.points[seat]
        wins += out.winner == seat
        deal_ins += out.payer == seat
    return DealOutcome(total / players, wins, deal_ins, players, errors, timings.samples)


def worker_pool(workers: int) -> Executor | None:
    """Worker processes for the deals, spawned (each with its own string-hash seed, so a figure that depended on
    set or dict order would show up as a difference between runs); None for ``workers`` <= 1 (in this process)."""
    if workers <= 1:
        return None
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


def run_rung(
    rules_name: str,
    players: int,
    challenger: str,
    baseline: str,
    deals: int,
    seed: str,
    pool: Executor | None = None,
    worlds: int = FULL_WORLDS,
    expert_worlds: int = EXPERT_WORLDS,
) -> dict[str, Any]:
    """One rung: ``deals`` deals in duplicate, in ``pool``'s worker processes (or in this process)."""
    jobs = [(rules_name, players, seed, i, challenger, baseline, worlds, expert_worlds) for i in range(deals)]
    start = time.perf_counter()
    if pool is not None:
        outcomes = list(pool.map(play_deal, jobs, chunksize=max(1, deals // 16)))
    else:
        outcomes = [play_deal(j) for j in jobs]
    seconds = time.perf_counter() - start
    return summarize(rules_name, challenger, baseline, outcomes, seconds)


def summarize(
    rules_name: str, challenger: str, baseline: str, outcomes: Sequence[DealOutcome], seconds: float
) -> dict[str, Any]:
    """A rung's figures from its deals' outcomes (in deal order), as ``zipai ladder --json`` saves them."""
    deals = len(outcomes)
    per_deal = [o.challenger_points for o in outcomes]
    plays = sum(o.plays for o in outcomes)
    wins = sum(o.wins for o in outcomes)
    timings = Timings()
    for o in outcomes:
        for name, xs in o.times.items():
            for x in xs:
                timings.add(name, x)
    lo, hi = ci95(per_deal)
    wlo, whi = wilson(wins, plays)
    return {
        "rules": rules_name,
        "challenger": challenger,
        "baseline": baseline,
        "deals": deals,
        "plays": plays,
        "net_per_hand": round(statistics.fmean(per_deal), 3),
        "net_ci95": [round(lo, 3), round(hi, 3)],
        "win_rate": round(wins / plays, 3),
        "win_ci95": [round(wlo, 3), round(whi, 3)],
        "deal_in_rate": round(sum(o.deal_ins for o in outcomes) / plays, 3),
        "errors": sum(o.errors for o in outcomes),
        "decision_ms": timings.summary(),
        "seconds": round(seconds, 1),
        "passed": lo > 0,
    }


def quick_passed(rung: dict[str, Any]) -> bool:
    """A rung's gate, the same in the quick and the full form: no errors, and the lower end of the 95% interval of the
    challenger's net points per hand above 0."""
    return not rung["errors"] and bool(rung["passed"])


def run_ladder(
    quick: bool,
    seed: str,
    workers: int,
    games: Sequence[tuple[str, int]] = GAMES,
    rungs: Sequence[tuple[str, str]] | None = None,
    deals: dict[str, int] | None = None,
    verbose: bool = True,
) -> list[dict[str, Any]]:
    """Every rung of both games (``rungs`` and ``deals`` per challenger default to the quick or the full form); with
    ``verbose`` each rung's verdict is printed on stderr as it finishes."""
    rungs = rungs if rungs is not None else (QUICK_RUNGS if quick else RUNGS)
    worlds = QUICK_WORLDS if quick else FULL_WORLDS
    expert_worlds = QUICK_EXPERT_WORLDS if quick else EXPERT_WORLDS
    pool = worker_pool(workers)
    results = []
    try:
        for rules_name, players in games:
            for challenger, baseline in rungs:
                if deals is not None:
                    n = deals[challenger]
                else:
                    n = QUICK_DEALS[rules_name, challenger] if quick else DEALS[challenger]
                result = run_rung(rules_name, players, challenger, baseline, n, seed, pool, worlds, expert_worlds)
                results.append(result)
                if verbose:
                    print(_line(result), file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    return results


def _line(r: dict[str, Any]) -> str:
    lo, hi = r["net_ci95"]
    verdict = "beats" if quick_passed(r) else "does NOT beat"
    return (
        f"{r['rules']}: {r['challenger']} {verdict} {r['baseline']}: net {r['net_per_hand']:+.3f} per hand "
        f"(95% {lo:+.3f} .. {hi:+.3f}), win {r['win_rate']:.3f}, {r['deals']} deals, {r['seconds']} s"
    )


HEADER = """Produced by `zipai ladder --write docs/bots.md` (do not edit by hand). Each rung plays every deal once with
the challenger in each seat and the baseline in the other seats (duplicate format), with 3 players and default rules,
except that Bohu's rungs use the `losers_pay` settlement (each other player pays the hand's score) so that a hand is
zero-sum there too. *Net* is the challenger's points per hand (Guilin: 舵; Bohu: 胡息 × 番), with a 95% interval
over deals; *win* is its win rate per hand with a Wilson interval; *deal-in* is how often it paid alone for another
player's win on its discard. A rung passes when the lower end of the net interval is above 0."""

LEVELS = """## The levels

- `random`: uniform over the legal actions (tests and fuzzing only).
- `beginner` (初学): greedy on hand shape (groups, 2-card pieces, loose cards); no card counting, no defence, blind to
  the cost of 比 and 臭牌; a high softmax temperature gives a new player's plausible mistakes.
- `casual` (普通): the same shape plus card counting (pieces whose completing cards are gone count as loose), the waits
  (听) of a ready hand weighted by live cards and by the 胡 they would score, the cost of 比 groups and of making a kind
  臭, and a rule-of-thumb danger for each discard; a low temperature.
- `strong` (高手): determinized Monte Carlo. The casual evaluation proposes its best actions (up to 4, within a small
  margin of the best); each is played out in up to 96 sampled worlds (the hidden hands and the wall dealt from the
  unseen cards, consistent with the forced rules) with common random numbers and a fast greedy policy for every seat;
  the best mean result, less the casual danger of a discard, wins. In play it stops at a 0.3 s budget (never past
  0.85 s); the ladder gives it a world count instead (`budget_s=None`: every world is played and no clock is read), so
  a decision depends only on the observation, the legal actions and the seed, and the figures do not depend on the
  machine.

- `expert` (专家): the strong bot's search, with its own seat played better inside the play-outs and the budget put
  where it decides something. The same candidates (the casual evaluation's best 4 within a margin) are played out in
  the same sampled worlds; in each play-out the expert's own seat plays the casual evaluation's best action (exactly
  what the casual bot would play: `bots/playout.py`, `CasualPolicy`, the same scores to the last bit by test, about
  2.5 times a greedy play-out's cost) while the other seats keep the greedy policy. Worlds come in batches of 16; from
  32 worlds on, a candidate whose paired loss to the leader exceeds 2.5 standard errors is dropped, and the search
  stops when one is left (the choice is clear), after 320 worlds, or after 400 play-outs in all. In play it also stops
  at 0.3 s (never past 0.85 s); the ladder plays its world and play-out caps with no clock. Measured before the ladder
  (development seeds, the ladder's form): the casual play-outs were worth +1.06 a hand in Guilin over the same search
  with greedy play-outs (95% +0.40 .. +1.71, 181 deals of `dev-31c`); with greedy play-outs (and 800 of them) the
  expert had not beaten strong on the ladder's deals (Guilin -0.087 a hand, 95% -0.383 .. +0.209, 272 deals). Casual
  play for every seat costs about 40 times a greedy play-out and is not used. Options kept for measurement, off:
  every claim option searched and worlds from a belief (both lost on the ladder's deals). The F4 hint shows its first
  three choices with their mean results from these play-outs. Decision times in play: `python bench/bot_latency.py`
  (the clock cuts about 3 in 10 of its searches on the reference machine, so play gets fewer worlds than the ladder's
  form; the strong bot's are cut too).

The expert's rung is played alone: `zipai ladder --only expert` or, on a shared machine, `python
bench/bot_expert_rung.py` (the same deals and jobs, the two games interleaved, each deal saved as it ends, so a run
stopped early still counts: its `--summarize` gives the saved run), joined to the lower rungs' figures
(docs/ladder/ladder-1-base.json) by `zipai ladder --render docs/ladder/ladder-1-base.json
docs/ladder/ladder-1-expert.json --write docs/bots.md`. Its decision times in the table were taken on a machine
loaded by other work (load 4 to 7 on 2 cores); `python bench/bot_latency.py` gives the times of play.

## The quick ladder (CI)

`zipai ladder --quick` (and `tests/bots/test_ladder_quick.py`) plays, in both games, beginner over random (60 deals),
casual over beginner (Guilin 150 deals, Bohu 60) and strong over beginner (Guilin 45, Bohu 30; strong at 8 worlds),
each gated by the same rule as above (the lower end of the 95% net interval above 0), with seed `ladder-ci`; the
counts leave a margin (Guilin's two closest rungs clear 0 by +0.44 or more with the seeds `ladder-ci`, `ladder-1` and
`ladder-2`). About 90 CPU-seconds. Strong over casual is not in it: at 8 worlds strong's edge over casual is too small
to show at 95% in a CI-sized run (+0.36 per hand, 95% -0.41 .. +1.12 over 60 Guilin deals), and at 96 worlds it takes
the full ladder's 200 deals (about 25 CPU-minutes). The quick ladder is seeded and reads no clock in any decision, so
it gives the same figures on every run (the test plays a reduced ladder twice, once in this process and once in
spawned workers, and compares). Decision times are reported, not judged: `python bench/bot_latency.py` measures them.

## Where the bots run

In the window, bots decide in a worker process that is spawned, not forked: it holds only what it is sent for each
decision (the bot level, its seed, the seat's observation and legal actions), never the game, the other hands or the
wall (`tests/bots/test_worker.py` checks what crosses the pipe and what the worker holds).
"""


def markdown(results: Sequence[dict[str, Any]], seconds: float, seed: str, workers: int) -> str:
    """The text of docs/bots.md: :data:`HEADER`, one table row per rung (with the challenger's decision times), the
    seed, the workers and the time of the run, then :data:`LEVELS`."""
    lines = [
        "# Bot levels and their measured strength",
        "",
        HEADER,
        "",
        "| game | challenger | baseline | deals | net per hand | 95% interval | win rate | 95% interval | deal-in |"
        " challenger ms p50 / p95 / max | passed |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        t = r["decision_ms"].get(r["challenger"], {"p50": 0, "p95": 0, "max": 0})
        lines.append(
            f"| {r['rules']} | {r['challenger']} | {r['baseline']} | {r['deals']} | {r['net_per_hand']:+.3f} | "
            f"{r['net_ci95'][0]:+.3f} .. {r['net_ci95'][1]:+.3f} | {r['win_rate']:.3f} | "
            f"{r['win_ci95'][0]:.3f} .. {r['win_ci95'][1]:.3f} | {r['deal_in_rate']:.3f} | "
            f"{t['p50']:.1f} / {t['p95']:.1f} / {t['max']:.1f} | {'yes' if r['passed'] else 'NO'} |"
        )
    lines += [
        "",
        f"Seed `{seed}`, {workers} worker processes, {seconds:.0f} s in all on the 2-core reference machine.",
        "",
        LEVELS,
    ]
    return "\n".join(lines)


#: Upper bounds of the counts, far above honest use (the full ladder plays 600 deals a rung; Python's process pool
#: takes at most 61 workers on Windows), so that a mistyped number is refused when the arguments are read.
MAX_DEALS = 10_000
MAX_WORKERS = 61

#: The fields of a saved rung that --render reads, with their JSON types (a number is an int or a float).
_RUNG_FIELDS: dict[str, tuple[type, ...]] = {
    "rules": (str,),
    "challenger": (str,),
    "baseline": (str,),
    "deals": (int,),
    "net_per_hand": (int, float),
    "net_ci95": (list,),
    "win_rate": (int, float),
    "win_ci95": (list,),
    "deal_in_rate": (int, float),
    "errors": (int,),
    "decision_ms": (dict,),
    "seconds": (int, float),
    "passed": (bool,),
}


class SavedRunError(ValueError):
    """A --render file that is not a saved ``--json`` run; the message names the first problem, one line."""


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _check_rung(i: int, rung: Any) -> None:
    where = f"rungs[{i}]"
    if not isinstance(rung, dict):
        raise SavedRunError(f"{where} must be an object, not {quote(rung)}")
    for key, types in _RUNG_FIELDS.items():
        if key not in rung:
            raise SavedRunError(f"{where} lacks {key!r}")
        value = rung[key]
        if types == (int, float) and not _number(value):
            raise SavedRunError(f"{where}.{key} must be a number, not {quote(value)}")
        if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
            raise SavedRunError(f"{where}.{key} must be of type {types[0].__name__}, not {quote(value)}")
    if rung["rules"] not in LADDER_OPTIONS:
        raise SavedRunError(f"{where}.rules must be a game ({', '.join(LADDER_OPTIONS)}), not {quote(rung['rules'])}")
    for key in ("challenger", "baseline"):
        if rung[key] not in BOTS:
            raise SavedRunError(f"{where}.{key} must be a bot level, not {quote(rung[key])}")
    for key in ("net_ci95", "win_ci95"):
        if len(rung[key]) != 2 or not all(_number(x) for x in rung[key]):
            raise SavedRunError(f"{where}.{key} must be two numbers [low, high], not {quote(rung[key])}")
    for bot, times in rung["decision_ms"].items():
        if not isinstance(times, dict) or not all(_number(times.get(k)) for k in ("p50", "p95", "max")):
            raise SavedRunError(f"{where}.decision_ms[{quote(bot)}] must hold the numbers p50, p95 and max, not "
                                f"{quote(times)}")  # fmt: skip


def saved_run(data: Any) -> tuple[list[dict[str, Any]], float]:
    """The rungs and the seconds of a saved ``zipai ladder --json`` run; :class:`SavedRunError` for any other shape."""
    if not isinstance(data, dict):
        raise SavedRunError(f"a saved run is a JSON object, not {quote(data)}")
    if not isinstance(data.get("rungs"), list):
        raise SavedRunError(f"rungs must be a list, not {quote(data.get('rungs'))}")
    if not _number(data.get("seconds")):
        raise SavedRunError(f"seconds must be a number, not {quote(data.get('seconds'))}")
    for i, rung in enumerate(data["rungs"]):
        _check_rung(i, rung)
    return data["rungs"], float(data["seconds"])


def write_markdown(path: str, text: str) -> None:
    """Write the Markdown table (the ladder's file; a test replaces it to fail a write at the end of a run)."""
    Path(path).write_text(text, encoding="utf-8")


def _parser() -> argparse.ArgumentParser:
    p = ExitingParser(
        prog="zipai ladder",
        description="Each bot level against the one below, in duplicate, for both games (docs/bots.md). Exit 0: every "
        "rung passed; 1: a rung did not; 2: bad arguments, an unreadable --render file, or a --write that failed (the "
        "results are printed first, so a failed write loses nothing).",
    )
    p.add_argument("--quick", action="store_true", help="the short form CI runs")
    p.add_argument(
        "--seed",
        type=seed_arg,
        default="ladder-1",
        help=f"the seed of the deals; UTF-8 text of at most {MAX_SEED_CHARS} characters (ladder-1)",
    )
    p.add_argument(
        "--workers",
        type=counter(0, MAX_WORKERS),
        default=2,
        help=f"processes playing deals in parallel, 0 to {MAX_WORKERS} (2; 0 or 1: in this process)",
    )
    p.add_argument(
        "--deals",
        type=counter(1, MAX_DEALS),
        default=None,
        metavar="N",
        help=f"N deals per rung (1 to {MAX_DEALS:,}) instead of the form's own numbers (a smoke run: too few to judge "
        "a rung)",
    )
    p.add_argument("--write", default=None, metavar="FILE", help="write the Markdown table to FILE (its folder must "
                   "exist and be writable: checked before playing)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    p.add_argument("--render", default=None, nargs="+", metavar="JSON", help="re-render saved --json runs instead of "
                   "playing (several: their rungs in the order given, e.g. a run of the lower rungs and one of a new "
                   "rung played alone with --only)")  # fmt: skip
    p.add_argument(
        "--game",
        default=None,
        action="append",
        choices=[g for g, _ in GAMES],
        help="play only this game's rungs (repeatable; both by default)",
    )
    p.add_argument(
        "--only",
        default=None,
        action="append",
        choices=sorted(DEALS),
        metavar="LEVEL",
        help="play only the rungs this level challenges (repeatable): a new rung, measured alone",
    )
    return p


def main(argv: Sequence[str]) -> int:
    """Run ``zipai ladder`` on ``argv`` (or re-render a saved run) and return the exit status: 0 when every rung
    passed, 1 when one did not or a hand broke, 2 for a bad argument, an unreadable ``--render`` file or a failed
    ``--write`` (the results are printed first)."""
    args = _parser().parse_args(list(argv))
    if args.write:
        problem = output_problem(args.write)
        if problem is not None:
            print(f"zipai ladder: cannot --write {clip(args.write)}: {problem}", file=sys.stderr)
            return 2
    start = time.perf_counter()
    if args.render:
        results, seconds = [], 0.0
        for name in args.render:
            try:
                rungs, took = saved_run(load_file(name))
            except OSError as exc:
                print(f"zipai ladder: --render {clip(name)}: cannot read it ({exc.strerror or exc})",
                      file=sys.stderr)  # fmt: skip
                return 2
            except (JsonInputError, SavedRunError) as exc:
                print(f"zipai ladder: --render {clip(name)}: not a saved --json run ({clip(str(exc), 200)})",
                      file=sys.stderr)  # fmt: skip
                return 2
            results += rungs
            seconds += took
    else:
        deals = None if args.deals is None else dict.fromkeys(DEALS, args.deals)
        chosen = None
        if args.only:
            chosen = [r for r in (QUICK_RUNGS if args.quick else RUNGS) if r[0] in args.only]
        games = [g for g in GAMES if args.game is None or g[0] in args.game]
        results = run_ladder(args.quick, args.seed, args.workers, games=games, rungs=chosen, deals=deals)
        seconds = time.perf_counter() - start
    # The results are printed before the file is written: a write that fails at the end of a long run loses nothing.
    if args.json:
        print(json.dumps({"seconds": round(seconds, 1), "rungs": results}, ensure_ascii=False), flush=True)
    else:
        for r in results:
            print(_line(r))
        print(f"ladder: {seconds:.0f} s", flush=True)
    if args.write:
        try:
            write_markdown(args.write, markdown(results, seconds, args.seed, args.workers))
        except OSError as exc:
            print(f"zipai ladder: cannot write {clip(args.write)}: {exc.strerror or exc} (the results are above)",
                  file=sys.stderr)  # fmt: skip
            return 2
    ok = all(quick_passed(r) for r in results) if args.quick else all(r["passed"] and not r["errors"] for r in results)
    return 0 if ok else 1
