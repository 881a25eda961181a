"""Events are made with a quicker ``__init__`` (engine speed, issue 13): the same fields, order and defaults, still
frozen, still compared, hashed, replaced and pickled as dataclasses."""

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
