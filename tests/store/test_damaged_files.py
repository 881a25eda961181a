"""Damaged settings and autosave files, fuzzed: never a traceback, the damaged copy kept, defaults used, one message.

Random JSON values at every field, random bytes, truncated files, and the two files that stopped every start
(nesting 100,000 deep, a 4,301-digit number).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zipai_desktop.store import paths
from zipai_desktop.store.autosave import MATCH_FIELDS, load_autosave, match_state
from zipai_desktop.store.settings import Settings, load_settings, save_settings

from .play import match, play

MESSAGE_LIMIT = 400  # one readable line, whatever the file holds

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)

HOSTILE = [
    ("deep", b"[" * 100_000 + b"]" * 100_000, "nested"),
    ("deep object", b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "nested"),
    ("huge number", b'{"volume": ' + b"7" * 4301 + b"}", "digits"),
    ("huge field", json.dumps({"language": "x" * 10_000_000}).encode(), "language"),
    ("nan", b'{"volume": NaN}', "NaN"),
]


def damaged(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


@pytest.mark.parametrize(("name", "content", "word"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_settings_files_are_moved_aside_and_the_game_starts(
    home: Path, name: str, content: bytes, word: str
) -> None:
    path = paths.settings_path()
    path.write_bytes(content)
    result, messages = load_settings()
    assert result == Settings()
    assert len(messages) == 1 and word in messages[0] and len(messages[0]) < MESSAGE_LIMIT
    if name != "huge field":  # a valid file with one bad value keeps its place; the value is replaced
        (moved,) = damaged(path)
        assert moved.read_bytes() == content and moved.name in messages[0]
        assert load_settings() == (Settings(), [])  # quiet from the next start on


def test_the_demo_starts_with_settings_nested_100000_deep(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start path of the game itself: it used to end in RecursionError on every start."""
    from zipai_desktop.app.main import main

    # Headless, whether or not tests/app's conftest (which sets the same) was loaded: scripts/test.sh runs this file
    # without tests/app on its other interpreters, and `pytest tests/store` alone does too.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")

    path = paths.settings_path()
    path.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    assert main(["--demo", "--frames", "2", "--size", "1024x640"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "settings.json is nested deeper than" in err
    assert damaged(path)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from([f for f in Settings().to_json()]), value=json_values)
def test_any_json_value_at_any_settings_field(field: str, value: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        data = Settings().to_json()
        data[field] = value
        content = json.dumps(data).encode()
        path.write_bytes(content)
        result, messages = load_settings(path)
        assert isinstance(result, Settings)
        assert all(isinstance(m, str) and len(m) < MESSAGE_LIMIT for m in messages)
        moved = damaged(path)
        if moved:
            assert len(messages) >= 1 and moved[0].read_bytes() == content
        if messages and not moved:
            # one bad value: the default replaces it and the rest of the file is used
            assert getattr(result, field, None) == getattr(Settings(), field, None) or field == "rule_options"


@settings(max_examples=150, deadline=None)
@given(content=st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v).encode()))
def test_any_bytes_as_settings(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(content)
        result, messages = load_settings(path)
        assert isinstance(result, Settings)
        assert all(len(m) < MESSAGE_LIMIT for m in messages)
        moved = damaged(path)
        assert len(moved) <= 1
        if moved:
            assert moved[0].read_bytes() == content and moved[0].name in messages[0]


def test_every_truncation_of_a_settings_file(tmp_path: Path) -> None:
    full = Settings(language="en", default_rules="bohu", default_seats=("human", "strong", "casual"))
    path = save_settings(full, tmp_path / "settings.json")
    content = path.read_bytes()
    for cut in range(0, len(content.rstrip()), 3):  # cuts that lose part of the object
        path.write_bytes(content[:cut])
        result, messages = load_settings(path)
        assert result == Settings() and len(messages) == 1, (cut, messages)
        (moved,) = damaged(path)
        assert moved.read_bytes() == content[:cut]
        moved.unlink()


# --- the autosave ---------------------------------------------------------------------------------------------------


def _state() -> dict[str, Any]:
    m = match("guilin", seed="fuzz", hands=4)
    play(m.start_hand())
    m.finish_hand()
    play(m.start_hand(), 12)
    return match_state(m, ["human", "casual", "casual"])


STATE = _state()
HAND_FIELDS = sorted(STATE["hand"])


def _check_autosave(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "autosave.json"
        path.write_bytes(content)
        state, message = load_autosave(path)
        if state is not None:
            assert message is None and path.read_bytes() == content
            return
        assert message is not None and len(message) < MESSAGE_LIMIT and message.endswith(".")
        (moved,) = damaged(path)
        assert moved.read_bytes() == content and moved.name in message


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(["top", "match", "hand"]), data=st.data(), value=json_values)
def test_any_json_value_at_any_autosave_field(where: str, data: st.DataObject, value: Any) -> None:
    state = json.loads(json.dumps(STATE))
    if where == "top":
        state[data.draw(st.sampled_from(sorted(state)))] = value
    elif where == "match":
        state["match"][data.draw(st.sampled_from(MATCH_FIELDS))] = value
    else:
        state["hand"][data.draw(st.sampled_from(HAND_FIELDS))] = value
    _check_autosave(json.dumps(state).encode())


@settings(max_examples=100, deadline=None)
@given(content=st.binary(max_size=300))
def test_any_bytes_as_an_autosave(content: bytes) -> None:
    _check_autosave(content)


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(min_value=0, max_value=len(json.dumps(STATE)) - 1))
def test_a_truncated_autosave(cut: int) -> None:
    _check_autosave(json.dumps(STATE).encode()[:cut])


@pytest.mark.parametrize(("name", "content", "word"), HOSTILE[:3], ids=[h[0] for h in HOSTILE[:3]])
def test_hostile_autosaves_are_moved_aside(home: Path, name: str, content: bytes, word: str) -> None:
    path = paths.autosave_path()
    path.write_bytes(content)
    state, message = load_autosave()
    assert state is None and message is not None and word in message and len(message) < MESSAGE_LIMIT
    (moved,) = damaged(path)
    assert moved.read_bytes() == content
