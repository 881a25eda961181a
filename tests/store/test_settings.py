"""Settings: defaults, round trip, readable messages for bad values, damaged files moved aside."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from zipai_desktop.store import paths
from zipai_desktop.store.settings import Settings, SettingsError, load_settings, save_settings


def damaged_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


def test_paths_follow_zipai_home(home: Path) -> None:
    assert paths.config_dir() == home / "config" and paths.config_dir().is_dir()
    assert paths.data_dir() == home / "data" and paths.data_dir().is_dir()
    assert paths.settings_path() == home / "config" / "settings.json"
    assert paths.replays_dir().is_dir()


def test_paths_without_zipai_home_use_platformdirs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ZIPAI_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("HOME", str(tmp_path))
    data, config = paths.data_dir(), paths.config_dir()
    assert data.is_dir() and config.is_dir()
    assert data.name == "zipai" and config.name == "zipai"


def test_missing_file_gives_defaults_without_messages(home: Path) -> None:
    assert load_settings() == (Settings(), [])


def test_round_trip_is_readable_json(home: Path) -> None:
    settings = Settings(
        language="en",
        animation_speed=2.5,
        sound=False,
        volume=0.3,
        fullscreen=True,
        window_size=(1920, 1080),
        default_rules="bohu",
        default_seats=("human", "strong", "random", "beginner"),
        rule_options={"bohu": {"min_huxi": 15, "settlement": "zero_sum_round"}, "guilin": {"xing": "none"}},
        large_cards=True,
        colour_blind=True,
    )
    path = save_settings(settings)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert list(data) == sorted(data) and text.startswith("{\n  ")
    assert data["window_size"] == [1920, 1080] and data["format"] == "zipai-settings" and data["version"] == 1
    assert load_settings() == (settings, [])


def test_non_ascii_is_written_as_is(home: Path) -> None:
    save_settings(Settings(default_seats=("human", "casual", "casual")))
    assert "\\u" not in paths.settings_path().read_text(encoding="utf-8")


def test_invalid_values_and_unknown_keys_are_reported_and_replaced(home: Path) -> None:
    path = paths.settings_path()
    data = Settings().to_json()
    data.update(
        language="fr",
        animation_speed=10,
        volume=True,
        window_size=[800, 600],
        default_seats=["human", "wizard", "casual"],
        rule_options={"guilin": {"min_hu": 12, "xing": "none"}, "mahjong": {}},
        colour_blind="yes",
        theme="dark",
        sound=False,
    )
    path.write_text(json.dumps(data), encoding="utf-8")
    settings, messages = load_settings()
    assert settings == Settings(sound=False, rule_options={"guilin": {"xing": "none"}})
    text = "\n".join(messages)
    for word in (
        "'language'",
        "'animation_speed'",
        "'volume'",
        "'window_size'",
        "'default_seats'",
        "'min_hu'",
        "'mahjong'",
        "'colour_blind'",
        "'theme'",
    ):
        assert word in text, word
    assert len(messages) == 9
    assert not damaged_copies(path)  # a readable file with bad values is not moved aside


def test_seat_count_must_fit_the_default_game(home: Path) -> None:
    paths.settings_path().write_text(json.dumps({"default_seats": ["human", "casual", "casual", "casual"]}), "utf-8")
    settings, messages = load_settings()
    assert settings.default_seats == ("human", "casual", "casual") and len(messages) == 1
    paths.settings_path().write_text(json.dumps({"default_rules": "bohu", "default_seats": ["human", "casual"]}))
    settings, messages = load_settings()
    assert settings.default_rules == "bohu" and settings.default_seats == ("human", "casual") and messages == []


def test_constructing_invalid_settings_raises() -> None:
    with pytest.raises(SettingsError):
        Settings(volume=2)
    with pytest.raises(SettingsError):
        replace(Settings(), window_size=(5000, 700))
    with pytest.raises(SettingsError):
        Settings(default_seats=("human", "casual"))  # Guilin is played by 3


@pytest.mark.parametrize(
    ("content", "word"),
    [
        (b"", "empty"),
        (b'{"language": "en", "sound": fal', "not valid JSON"),  # truncated
        (b"\xff\xfe garbage \x00\x01", "not UTF-8 text"),  # damaged
        (b"[1, 2, 3]", "not a settings file"),  # foreign JSON
        (b'{"format": "zipai-autosave", "version": 1}', "not a settings file"),  # another file of ours
    ],
)
def test_unreadable_files_are_moved_aside_and_defaults_used(home: Path, content: bytes, word: str) -> None:
    path = paths.settings_path()
    path.write_bytes(content)
    settings, messages = load_settings()
    assert settings == Settings()
    assert len(messages) == 1 and word in messages[0]
    (moved,) = damaged_copies(path)
    assert moved.read_bytes() == content and moved.name in messages[0]
    assert load_settings() == (Settings(), [])  # the defaults were written back: quiet from now on


@pytest.mark.parametrize(("version", "word"), [(2, "newer version"), (0, "unsupported settings version")])
def test_other_versions_are_kept_aside_and_what_is_understood_is_used(home: Path, version: int, word: str) -> None:
    path = paths.settings_path()
    content = json.dumps({"format": "zipai-settings", "version": version, "language": "en", "hologram": True})
    path.write_text(content, encoding="utf-8")
    settings, messages = load_settings()
    assert settings == Settings(language="en")
    assert word in messages[0] and "'hologram'" in messages[1] and len(messages) == 2
    (moved,) = damaged_copies(path)
    assert moved.read_text(encoding="utf-8") == content
    assert load_settings() == (Settings(language="en"), [])


def test_a_file_without_format_is_read_as_settings(home: Path) -> None:
    paths.settings_path().write_text('{"language": "en"}', encoding="utf-8")
    assert load_settings() == (Settings(language="en"), [])


def test_a_folder_in_place_of_the_file_is_reported_and_set_aside(home: Path) -> None:
    path = paths.settings_path()
    path.mkdir()  # a folder where the file should be
    (path / "mine.txt").write_text("kept")
    settings, messages = load_settings()
    assert settings == Settings() and len(messages) == 1
    assert "settings.json is a folder, not a regular file" in messages[0]
    (moved,) = damaged_copies(path)
    assert (moved / "mine.txt").read_text() == "kept" and moved.name in messages[0]
    assert load_settings() == (Settings(), [])


@pytest.mark.parametrize("bad", [20, "30", 30.0, True, -15, None])
def test_a_turn_timer_outside_its_choices_is_reported_and_off(home: Path, bad: object) -> None:
    path = paths.settings_path()
    path.write_text(json.dumps(dict(Settings().to_json(), turn_timer=bad, sound=False)), encoding="utf-8")
    settings, messages = load_settings()
    assert settings == Settings(sound=False) and settings.turn_timer == 0  # off, the default
    assert len(messages) == 1 and "'turn_timer'" in messages[0] and "15, 30, 60" in messages[0]


@pytest.mark.parametrize("seconds", [0, 15, 30, 60])
def test_each_turn_timer_choice_is_kept(home: Path, seconds: int) -> None:
    save_settings(Settings(turn_timer=seconds))
    settings, messages = load_settings()
    assert settings.turn_timer == seconds and messages == []
    with pytest.raises(SettingsError):
        Settings(turn_timer=45)


def test_the_bot_names_are_kept_and_a_bad_list_gives_the_default_with_one_message(home: Path) -> None:
    names = ("entrant.3", "entrant.11", "entrant.0", "entrant.5")
    save_settings(Settings(default_names=names))
    settings, messages = load_settings()
    assert settings.default_names == names and messages == []
    for bad in (["entrant.12"], ["entrant.1", "entrant.1"], ["x"] * 5, "entrant.1", [1]):
        paths.settings_path().write_text(json.dumps({"default_names": bad}), "utf-8")
        settings, messages = load_settings()
        assert settings.default_names == () and len(messages) == 1 and "'default_names'" in messages[0], bad
    with pytest.raises(SettingsError):
        Settings(default_names=("entrant.1", "somebody"))
