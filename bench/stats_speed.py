"""History statistics on 10,000 stored hands: prints the time of ``History.stats()`` (target: < 100 ms).

The hands are real: a few hundred random-bot hands of both games are played, and their records are stored again and
again (with different matches, seats and times) until the database holds N hands. Also prints the insert time and the
time to open the database (which runs SQLite's quick_check).
Run: python bench/stats_speed.py [N]
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.record import to_record
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.store.history import History

LEVELS = ["random", "beginner", "casual", "strong"]


def real_hands(rules_name: str, players: int, count: int) -> list[tuple[Game, dict[str, object]]]:
    rules = get_rules(rules_name)
    out = []
    for i in range(count):
        seed = f"bench-{rules_name}-{players}-{i}"
        dealers = [d for d in range(players) if d in rules.active_seats(players, d, rules.parse_options({}))]
        game = Game(rules, seed=seed, dealer=dealers[i % len(dealers)], players=players)
        bots = [make_bot("random", f"{seed}/{s}") for s in range(players)]
        while game.to_act is not None:
            seat = game.to_act
            game.apply(seat, bots[seat].choose(observe(game, seat), game.legal_actions(seat)))
        out.append((game, to_record(game)))
    return out


def timed(fn: object, repeat: int = 15) -> tuple[float, float]:
    """(median, best) in milliseconds."""
    assert callable(fn)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    t0 = time.perf_counter()
    pools = {
        ("guilin", 3): real_hands("guilin", 3, 150),
        ("bohu", 2): real_hands("bohu", 2, 60),
        ("bohu", 3): real_hands("bohu", 3, 60),
        ("bohu", 4): real_hands("bohu", 4, 60),
    }
    played = time.perf_counter() - t0
    rng = random.Random(1)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "history.sqlite"
        history = History(path)
        t0 = time.perf_counter()
        stored = 0
        with history.transaction():
            while stored < n:
                rules_name, players = rng.choice(list(pools))
                seats = [rng.choice(LEVELS) for _ in range(players)]
                if rng.random() < 0.9:
                    seats[rng.randrange(players)] = "human"
                moment = start + timedelta(minutes=stored * 50)
                match = history.start_match(rules_name, seats, practice=rng.random() < 0.05, started_at=moment)
                for hand_no in range(min(8, n - stored)):
                    game, record = rng.choice(pools[(rules_name, players)])
                    played_at = moment + timedelta(minutes=5 * hand_no)
                    history.add_hand(match, hand_no, game, record=record, played_at=played_at)
                    stored += 1
                history.finish_match(match, [0] * players, finished_at=moment + timedelta(minutes=45))
        inserted = time.perf_counter() - t0
        history.close()
        size = path.stat().st_size

        t0 = time.perf_counter()
        history = History(path)
        opened = (time.perf_counter() - t0) * 1000
        assert history.message is None
        total = history.stats()
        half_year = (start + timedelta(days=60), start + timedelta(days=240))
        runs = {
            "stats()": lambda: history.stats(),
            "stats(rules='bohu')": lambda: history.stats(rules="bohu"),
            "stats(since, until)": lambda: history.stats(since=half_year[0], until=half_year[1]),
            "hands(limit=50)": lambda: history.hands(limit=50),
        }
        print(
            f"{n} hands stored ({len(history.hands())} rows, {size / 1e6:.1f} MB) from "
            f"{sum(map(len, pools.values()))} real random-bot hands played in {played:.1f} s; "
            f"insert {inserted:.2f} s; open (quick_check) {opened:.0f} ms"
        )
        print(
            f"counted: {total.hands} hands, {total.matches} matches, win rate {total.win_rate:.3f}, "
            f"{len(total.vs)} bot levels"
        )
        for name, fn in runs.items():
            median, best = timed(fn)
            print(f"{name:24s} median {median:6.2f} ms  best {best:6.2f} ms  (target < 100 ms)")
        history.close()


if __name__ == "__main__":
    main()
