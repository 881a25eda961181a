"""Events are frozen dataclasses, and the frequent ones are shared values (one instance for every occurrence): each
takes its fields in order with its defaults, is compared, hashed, replaced and pickled as a dataclass, and every event
log is what it was."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from zipai_desktop.engine import events as ev
from zipai_desktop.engine.melds import Meld, MeldKind


@pytest.mark.parametrize("cls", ev.EVENT_TYPES, ids=lambda c: c.__name__)
def test_every_event_takes_its_fields_as_the_dataclass_did(cls: type[ev.Event]) -> None:
    fields = dataclasses.fields(cls)
    values = [Meld(MeldKind.PENG, (1, 1, 1)) if f.name == "meld" else (i, f.name) for i, f in enumerate(fields)]
    by_position = cls(*values)
    by_name = cls(**{f.name: v for f, v in zip(fields, values, strict=True)})
    assert by_position == by_name and hash(by_position) == hash(by_name)
    assert [getattr(by_position, f.name) for f in fields] == values
    assert pickle.loads(pickle.dumps(by_position)) == by_position
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(by_position, fields[0].name, 9)
    required = [f for f in fields if f.default is dataclasses.MISSING]
    with pytest.raises(TypeError):
        cls(*values[: len(required) - 1]) if required else cls(*values, 0)
    for f in fields:
        if f.default is not dataclasses.MISSING:  # a default left out is the declared default
            short = cls(*values[: fields.index(f)])
            assert getattr(short, f.name) == f.default
    assert dataclasses.replace(by_position) == by_position


def test_a_flip_and_a_meld_read_as_before() -> None:
    assert ev.Flipped(1, 5, 12) == ev.Flipped(seat=1, card=5, wall=12, hidden=False)
    assert ev.Flipped(1, None, 12, hidden=True).card is None
    melded = ev.Melded(0, Meld(MeldKind.CHI, (0, 1, 2)), -1, False, 2, (1, 2))
    assert melded.to_json() == {
        "event": "Melded",
        "seat": 0,
        "meld": {"kind": "chi", "cards": "一二三"},
        "replaces": -1,
        "forced": False,
        "from_seat": 2,
        "from_hand": "二三",
    }


def test_the_shared_events_are_the_events_they_stand_for() -> None:
    """The engine takes its frequent events from shared tables (events are values); each entry is the event made
    afresh, of exactly that class, for every seat any ruleset seats."""
    from zipai_desktop.engine.rules import get_rules

    assert max(max(get_rules(name).players) for name in ("guilin", "bohu")) <= ev.MAX_SEATS
    for seat in range(ev.MAX_SEATS):
        for card in range(20):
            pairs = [
                (ev.DISCARDED[seat][card], ev.Discarded(seat, card)),
                (ev.TO_PILE[seat][card], ev.ToPile(seat, card)),
                (ev.DANG_DI[seat][card], ev.DangDi(seat, card)),
                (ev.OFFERED_PENG[seat][card], ev.Offered(seat, card, ("peng", "pass"))),
                (ev.OFFERED_CHI[seat][card], ev.Offered(seat, card, ("chi", "pass"))),
            ]
            for shared, fresh in pairs:
                assert shared == fresh and type(shared) is type(fresh)
        for stage in ("hu", "peng", "chi"):
            assert ev.PASSED[seat][stage] == ev.Passed(seat, stage)


# sha256 of every seeded hand's event log as JSON, with each seat's redacted view, computed on main before the events
# were shared (ba25e04): the shared events must leave every log exactly as it was.
EVENT_LOG_DIGESTS = {
    ("guilin", 3): "5cb36496f6304ff4db6a2e2fe5d9b36de423df36cb53771eb028354389d63eba",
    ("bohu", 2): "d6eb466e702e7d4448f6f4d8826913f10acacef2963c4f83e16d01527df69d10",
    ("bohu", 3): "93ed392fd8c078b9e973b3aba4172efd3be06bcea2941dfc6a211eb510b6180b",
    ("bohu", 4): "18afb2185e1e5df5fc3302185e29d673dd9accbb3ac5368df255f0bb113dd1b0",
}


@pytest.mark.parametrize(("game", "players"), list(EVENT_LOG_DIGESTS))
def test_seeded_event_logs_are_as_before_the_events_were_shared(game: str, players: int) -> None:
    import hashlib
    import json

    from zipai_desktop.bots import make_bot
    from zipai_desktop.engine.game import Game
    from zipai_desktop.engine.observation import observe
    from zipai_desktop.engine.rules import get_rules

    rules = get_rules(game)
    digest = hashlib.sha256()
    for i in range(20):
        g = Game(rules, seed=i, dealer=i % players, players=players)
        bots = [make_bot("random", f"{i}:{s}") for s in range(players)]
        while g.to_act is not None:
            seat = g.to_act
            g.apply(seat, bots[seat].choose(observe(g, seat), g.legal_actions(seat)))
        views = [[e.to_json() for e in g.events]]
        views += [[e.to_json() for e in map(ev.redact, g.events, [s] * len(g.events)) if e] for s in range(players)]
        digest.update(json.dumps(views, ensure_ascii=False).encode())
    assert digest.hexdigest() == EVENT_LOG_DIGESTS[game, players]
