"""An expert variant against strong on a development seed, deal by deal in one process, each deal saved as it ends.

The deals are the ladder's (:func:`zipai_desktop.tools.ladder.play_deal`'s form: each deal played once with the
challenger in each seat, strong in the others at the ladder's world count, no clock), with the expert's settings
overridden by a variant's (``--variant NAME=JSON``, e.g. ``casual='{"own_policy": "casual", "rollouts": 480}'``;
``default='{}'`` is today's expert). The variants' deals are interleaved, deal by deal, so that a run stopped at any
time holds each variant on the same first deals (a paired comparison). Tune on a development seed, not ``ladder-1``.

Run: python bench/bot_expert_variant.py OUT.jsonl SEED STEPS guilin:casual guilin:default bohu:casual:2 ...
          --variant casual='{"own_policy": "casual"}' --variant default='{}'
     python bench/bot_expert_variant.py --summarize OUT.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from dataclasses import asdict
from typing import Any

from zipai_desktop.tools.ladder import EXPERT_WORLDS, FULL_WORLDS, DealOutcome, bot_settings, duplicate_deal
from zipai_desktop.tools.stats import ci95


def play_variant_deal(rules_name: str, seed: str, i: int, expert: dict[str, Any]) -> DealOutcome:
    """:func:`zipai_desktop.tools.ladder.play_deal` for expert over strong, with ``expert`` over the expert's
    ladder settings."""
    settings = bot_settings(FULL_WORLDS, EXPERT_WORLDS)
    settings["expert"] = {**settings["expert"], **expert}
    return duplicate_deal(rules_name, 3, seed, i, "expert", "strong", settings)


def play(
    out: str, seed: str, deals: int, lines: list[tuple[str, str, int]], variants: dict[str, dict[str, Any]]
) -> None:
    done = set()
    if os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            for text in f:
                row = json.loads(text)
                done.add((row["rules"], row["variant"], row["deal"]))
    start = time.perf_counter()
    with open(out, "a", encoding="utf-8") as f:
        for i in range(deals):
            for rules_name, variant, every in lines:
                if i % every:
                    continue
                deal = i // every
                if (rules_name, variant, deal) in done:
                    continue
                outcome = play_variant_deal(rules_name, seed, deal, variants[variant])
                row = {
                    "rules": rules_name,
                    "variant": variant,
                    "settings": variants[variant],
                    "deal": deal,
                    "seed": seed,
                    "seconds": round(time.perf_counter() - start, 1),
                    "load": round(os.getloadavg()[0], 2),
                    "outcome": asdict(outcome),
                }
                f.write(json.dumps(row) + "\n")
                f.flush()


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * q))]


def summary(path: str) -> None:
    rows: dict[tuple[str, str], dict[int, DealOutcome]] = {}
    loads: list[float] = []
    with open(path, encoding="utf-8") as f:
        for text in f:
            row = json.loads(text)
            rows.setdefault((row["rules"], row["variant"]), {})[row["deal"]] = DealOutcome(**row["outcome"])
            loads.append(row["load"])
    for (rules_name, variant), got in sorted(rows.items()):
        n = 0
        while n in got:
            n += 1
        outs = [got[i] for i in range(n)]
        per = [o.challenger_points for o in outs]
        lo, hi = ci95(per) if n > 1 else (float("nan"), float("nan"))
        plays = sum(o.plays for o in outs)
        ms = [x for o in outs for x in o.times.get("expert", [])]
        print(
            f"{rules_name:6} {variant:10} {n:4} deals: net {statistics.fmean(per):+.3f} (95% {lo:+.3f} .. {hi:+.3f}), "
            f"win {sum(o.wins for o in outs) / plays:.3f}, deal-in {sum(o.deal_ins for o in outs) / plays:.3f}, "
            f"errors {sum(o.errors for o in outs)}; expert ms p50 {pct(ms, 0.5):.0f} p95 {pct(ms, 0.95):.0f} "
            f"max {max(ms):.0f}"
        )
    # Paired differences between variants of the same game on their common deals.
    for rules_name in sorted({r for r, _ in rows}):
        names = sorted(v for r, v in rows if r == rules_name)
        for a in names:
            for b in names:
                if a >= b:
                    continue
                common = sorted(set(rows[(rules_name, a)]) & set(rows[(rules_name, b)]))
                if len(common) > 1:
                    d = [
                        rows[(rules_name, a)][i].challenger_points - rows[(rules_name, b)][i].challenger_points
                        for i in common
                    ]
                    lo, hi = ci95(d)
                    print(
                        f"{rules_name:6} {a} - {b} over {len(common)} common deals: {statistics.fmean(d):+.3f} "
                        f"(95% {lo:+.3f} .. {hi:+.3f})"
                    )
    if loads:
        print(f"load while playing: mean {statistics.fmean(loads):.2f}, max {max(loads):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("seed", nargs="?")
    parser.add_argument("deals", nargs="?", type=int)
    parser.add_argument(
        "lines", nargs="*", help="rules:variant[:N], played in this order at each step (with N: every Nth step)"
    )
    parser.add_argument("--variant", action="append", default=[], help="NAME=JSON of ExpertBot settings")
    parser.add_argument("--summarize", action="store_true")
    args = parser.parse_args()
    if args.summarize:
        summary(args.out)
        return
    variants = {}
    for text in args.variant:
        name, _, settings = text.partition("=")
        variants[name] = json.loads(settings)
    lines = []
    for text in args.lines:
        rules_name, variant, *every = text.split(":")
        lines.append((rules_name, variant, int(every[0]) if every else 1))
    play(args.out, args.seed, args.deals, lines, variants)


if __name__ == "__main__":
    main()
