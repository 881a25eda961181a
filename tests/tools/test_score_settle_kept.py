"""``zipai score``'s Guilin settlement, kept in pieces by what each depends on (score._settle), against the game's own
settlement (engine.scoring.settle_guilin) worked out afresh: on thousands of seeded wins under every value of every
option that moves it (minimum 胡 and step, 自摸 / special bonus, 醒 and its re-flip), with the kept pieces shared across
wins of different 胡, 醒, sources, specials and seats, as a stream shares them."""

from __future__ import annotations

import json
import random

from zipai_desktop.engine.cards import NUM_KINDS, format_cards
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.scoring import settle_guilin, xing_count
from zipai_desktop.engine.win import Source
from zipai_desktop.tools import score

SPECIALS = [(), ("dihu",), ("tianhu",), ("sanlong_wukan",)]


def test_the_kept_settlement_is_the_games_settlement() -> None:
    rules = get_rules("guilin")
    rng = random.Random(1313)
    # A few option sets (the kept pieces key them by value, with everything else the 舵 depends on: duo_key).
    option_sets = [
        rules.parse_options(
            {"min_hu": m, "hu_step": step, "zimo_bonus": zimo, "special_bonus": special, "xing": xing,
             "xing_reflip": re}
        )  # fmt: skip
        for m, step, zimo, special, xing, re in [
            (10, 5, "add", "add", "up_down", "category"), (15, 3, "double", "add", "up", "cumulative"),
            (10, 3, "add", "double", "mid", "category"), (15, 5, "double", "double", "up_mid_down", "cumulative"),
            (10, 5, "add", "add", "none", "category"), (15, 3, "add", "add", "down", "category"),
        ]
    ]  # fmt: skip
    compared = 0
    for _ in range(6000):
        options = rng.choice(option_sets)
        hu = rng.randrange(options.min_hu, options.min_hu + 40)
        held = [rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(NUM_KINDS)]
        wall = bytes(rng.randrange(NUM_KINDS) for _ in range(rng.randrange(0, 12)))
        source = rng.choice([Source.DISCARD, Source.OWN_DRAW, Source.OTHER_DRAW, Source.DEAL])
        special = rng.choice(SPECIALS)
        players = rng.choice((2, 3, 4))
        winner = rng.randrange(players)
        payer = rng.choice([None, (winner + rng.randrange(1, players)) % players])

        plain = settle_guilin(
            hu=hu, held=held, source=source, special=special, winner=winner, payer=payer, players=players,
            wall_rest=list(wall), options=options,
        )  # fmt: skip
        turned, xing = xing_count(held, wall, options)
        fields, text = score._settle(hu, xing, wall[:turned], source, special, winner, payer, players, options)
        kept = score._settled(fields)
        assert (kept.hu, kept.duo, kept.duo_parts, kept.xing_cards, kept.special, kept.points) == (
            plain.hu, plain.duo, plain.duo_parts, plain.xing_cards, plain.special, plain.points,
        )  # fmt: skip
        shown = {
            "special": list(plain.special), "duo": plain.duo, "duo_parts": plain.duo_parts,
            "xing_cards": format_cards(plain.xing_cards), "score": plain.duo,
            "points": {str(seat): p for seat, p in enumerate(plain.points)},
        }  # fmt: skip
        assert text == json.dumps(shown, ensure_ascii=False)[1:]
        compared += 1
    assert compared == 6000
    # The pieces were shared (far fewer kept than compared), so a key that left out what a piece depends on would
    # have handed some win another's piece.
    assert len(score._DUO) < 3000
