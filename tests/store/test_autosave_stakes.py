"""倍率 and the match sizes in the autosave: any value at the stakes, hands or target fields either resumes a match
within the engine's bounds or is moved aside with one sentence (a 900-digit multiplier made every frame of the table
take about half a second to draw)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zipai_desktop.engine.match import (
    MAX_HANDS,
    MAX_STAKE_BASE,
    MAX_STAKE_MULTIPLIER,
    MAX_START_BALANCE,
    MAX_TARGET,
    Stakes,
)
from zipai_desktop.store import paths
from zipai_desktop.store.autosave import load_autosave, match_state, restore

from .play import match, play

MESSAGE_LIMIT = 400


def _state() -> dict[str, Any]:
    m = match("guilin", seed="stakes", hands=8, stakes=Stakes(2, 3, start_balance=500))
    play(m.start_hand())
    m.finish_hand()
    play(m.start_hand(), 10)
    return match_state(m, ["human", "casual", "casual"])


STATE = _state()

numbers = st.one_of(
    st.integers(min_value=-3, max_value=MAX_START_BALANCE + 3),
    st.sampled_from([MAX_STAKE_BASE, MAX_STAKE_BASE + 1, MAX_HANDS + 1, MAX_TARGET + 1, 10**30, 10**900, -(10**900)]),
)
values = st.one_of(
    numbers,
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.lists(numbers, max_size=3),
    st.dictionaries(st.sampled_from(["base", "multiplier", "start_balance", "other"]), numbers, max_size=4),
)
PLACES = [
    ("stakes", "base"),
    ("stakes", "multiplier"),
    ("stakes", "start_balance"),
    ("stakes",),
    ("hands",),
    ("target",),
]


def _load(state: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None, bytes, Path]:
    folder = Path(tempfile.mkdtemp())
    path = folder / "autosave.json"
    content = json.dumps(state).encode()
    path.write_bytes(content)
    loaded, message = load_autosave(path)
    return loaded, message, content, path


def _moved_aside_in_one_sentence(message: str | None, content: bytes, path: Path) -> None:
    assert message is not None and message.endswith(".") and "\n" not in message and len(message) < MESSAGE_LIMIT
    (moved,) = sorted(path.parent.glob("autosave.json.damaged-*"))
    assert moved.read_bytes() == content and moved.name in message and not path.exists()


def test_a_900_digit_multiplier_is_moved_aside_with_one_sentence(home: Path) -> None:
    state = json.loads(json.dumps(STATE))
    state["match"]["stakes"]["multiplier"] = 10**900
    path = paths.autosave_path()
    path.write_text(json.dumps(state), encoding="utf-8")
    loaded, message = load_autosave()
    assert loaded is None and message is not None and "multiplier" in message and "901 digits" in message
    _moved_aside_in_one_sentence(message, json.dumps(state).encode(), path)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(place=st.sampled_from(PLACES), value=values)
def test_any_value_at_a_stakes_or_size_field_resumes_within_bounds_or_is_moved_aside(
    place: tuple[str, ...], value: Any
) -> None:
    state = json.loads(json.dumps(STATE))
    parent = state["match"]
    for step in place[:-1]:
        parent = parent[step]
    parent[place[-1]] = value
    loaded, message, content, path = _load(state)
    if loaded is None:
        _moved_aside_in_one_sentence(message, content, path)
        return
    assert message is None
    m, _seats, game = restore(loaded)
    assert game is not None
    assert m.hands is None or 1 <= m.hands <= MAX_HANDS
    assert m.target is None or 1 <= m.target <= MAX_TARGET
    if m.stakes is not None:
        assert 1 <= m.stakes.base <= MAX_STAKE_BASE and 1 <= m.stakes.multiplier <= MAX_STAKE_MULTIPLIER
        assert m.stakes.start_balance is None or 1 <= m.stakes.start_balance <= MAX_START_BALANCE
        # What the table draws every frame is a few digits long.
        assert all(len(str(x)) < 16 for x in (*m.stakes.payments(m.totals), *(m.balances or ())))
