"""score_win keeps the 番 and names of a win during play by what the 名堂 read (the 胡息 to its bounds, the red cards
to theirs, 十八大 / 十八小, 漂, the specials, the options): the kept answer is the one fan_of works out, on a seeded
sample of Bohu roles with their held cards, 胡息 swept across every bound, each option that changes a 名堂 or the
score, and every source."""

from __future__ import annotations

import random

from tests.engine.win.test_reference import BOHU, TABLES, sample_case
from zipai_desktop.engine import win
from zipai_desktop.engine.cards import NUM_KINDS
from zipai_desktop.engine.rules import bohu
from zipai_desktop.engine.win import Source

OPTION_SETS = [
    {},
    {"fan_combination": "sum"},
    {"tier_all_hands": False},
    {"bonus_ten": True},
    {"fan_combination": "sum", "tier_all_hands": False, "bonus_ten": True},
    {"bonus_rank": 2, "erqishi": False},
]


def _plain(
    split: win.Split, held: list[int], special: tuple[str, ...], source: Source, options: bohu.BohuOptions
) -> tuple[int, int, int, tuple[str, ...]]:
    """score_win as it reads without the kept answers."""
    huxi, fan, names = bohu.fan_of(split, held, special, options, degenerate=bohu.is_degenerate(split, source))
    score = huxi * fan
    if options.bonus_ten:
        score += 10 * (source is Source.OWN_DRAW) + 10 * bool({"tianhu", "dihu"} & set(special))
    return huxi, fan, score, names


def test_a_kept_score_is_the_score_worked_out() -> None:
    rng = random.Random(13)
    options = [BOHU.parse_options(o) for o in OPTION_SETS]
    bohu_tables = [t for t in TABLES if t.pair_always]
    wins = names = 0
    seen: set[tuple[str, ...]] = set()
    while wins < 3000:
        hand, melds, card, source, table = sample_case(rng)
        if table not in bohu_tables:
            continue
        for split in win.evaluate_roles(hand, melds, card, source, table):
            held = list(hand)
            for m in melds:
                for k in m.cards:
                    held[k] += 1
            if card is not None:
                held[card] += 1
            for _ in range(3):
                wins += 1
                # Another 胡息 (around the bounds 18, 24, 28) and other cards held (red, 大 / 小 counts).
                value = rng.choice([split.hu, rng.randint(0, 40), rng.choice([17, 18, 23, 24, 27, 28])])
                other = win.Split.found(value, split.quads, split.role)
                counts = held if rng.random() < 0.5 else [rng.choice([0, 0, 1, 2, 3, 4]) for _ in range(NUM_KINDS)]
                special = rng.choice([(), (), ("dihu",)])
                opts = rng.choice(options)
                want = _plain(other, counts, special, source, opts)
                assert bohu.score_win(other, counts, special, source, opts) == want  # kept now, or met before
                assert bohu.score_win(other, counts, list(special), source, opts) == want
                names += bool(want[3])
                seen.update(want[3])
    assert names > 1000
    # Every 名堂 of a win during play is met.
    every = {"piao", "hong_piao", "yi_ke_zhu", "shiba_da", "shiba_xiao", "hei_hu", "hong_hu", "shisan_hong", "dihu"}
    assert every <= seen
