"""Rule presets: the two built in, the player's own saved under a name (list, save, delete), and a presets file the
game cannot use moved aside with one sentence, never read past its bounds and never taking other data with it."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from zipai_desktop.engine.jsonsafe import MAX_BYTES
from zipai_desktop.engine.match import MAX_HANDS
from zipai_desktop.store import paths
from zipai_desktop.store.presets import (
    BUILTIN,
    MAX_NAME_CHARS,
    MAX_PRESETS,
    Preset,
    PresetError,
    delete_preset,
    dumps,
    load_presets,
    presets_path,
    save_preset,
)
from zipai_desktop.store.settings import Settings, load_settings, save_settings


def damaged(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


def test_no_file_means_no_saved_presets_and_the_two_built_in_ones() -> None:
    assert load_presets() == ([], None)
    names = [p.name for p in BUILTIN]
    assert names == ["preset.laok_guilin", "preset.xiushan_100"]
    laok, xiushan = BUILTIN
    assert laok.game == "guilin" and dict(laok.options) == {} and laok.hands == 8 and laok.stakes is None
    # 秀山 100分: a 轮 to 100 points, and the match ends when a total reaches 100 (no hand limit).
    assert xiushan.game == "bohu" and xiushan.options == {"round_target": 100}
    assert xiushan.hands is None and xiushan.target == 100
    assert all(p.builtin for p in BUILTIN)


def test_a_preset_is_saved_listed_replaced_and_deleted() -> None:
    mine = Preset(
        "周末局", "guilin", {"min_hu": 15}, hands=16, stakes={"base": 2, "multiplier": 3, "start_balance": None}
    )
    assert save_preset(mine) == [mine]
    other = Preset("博胡 to 50", "bohu", {"min_huxi": 15}, hands=None, target=50)
    save_preset(other)
    assert load_presets() == ([mine, other], None)
    changed = Preset("周末局", "guilin", {}, hands=4)
    assert save_preset(changed) == [other, changed]
    assert delete_preset("博胡 to 50") == [changed]
    assert load_presets() == ([changed], None)
    assert delete_preset("not there") == [changed]


def test_the_file_is_the_documented_plain_json() -> None:
    save_preset(Preset("A", "bohu", {"min_huxi": 15}, hands=None, target=100))
    data = json.loads(presets_path().read_text(encoding="utf-8"))
    assert data == {
        "format": "zipai-presets",
        "version": 1,
        "presets": [
            {"name": "A", "game": "bohu", "options": {"min_huxi": 15}, "hands": None, "target": 100, "stakes": None}
        ],
    }


@pytest.mark.parametrize(
    "preset",
    [
        Preset("", "guilin"),
        Preset(" x", "guilin"),
        Preset("x" * (MAX_NAME_CHARS + 1), "guilin"),
        Preset("a\nb", "guilin"),
        Preset("preset.laok_guilin", "guilin"),
        Preset("x", "mahjong"),
        Preset("x", "guilin", {"min_hu": 11}),
        Preset("x", "guilin", {"no_such": 1}),
        Preset("x", "guilin", hands=None, target=None),
        Preset("x", "guilin", hands=MAX_HANDS + 1),
        Preset("x", "guilin", stakes={"base": 0}),
    ],
)
def test_a_preset_the_game_cannot_play_is_refused_with_one_sentence(preset: Preset) -> None:
    with pytest.raises(PresetError) as caught:
        save_preset(preset)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300
    assert not presets_path().exists()


def test_no_more_than_the_bound_of_presets_are_kept() -> None:
    presets_path().write_text(dumps([Preset(f"p{i}", "guilin") for i in range(MAX_PRESETS)]), encoding="utf-8")
    with pytest.raises(PresetError, match="delete one first"):
        save_preset(Preset("one more", "guilin"))
    assert len(load_presets()[0]) == MAX_PRESETS


def _keep_other_data() -> Settings:
    """The player's settings and another data file, which a bad presets file must never touch."""
    settings = Settings(language="en", discard_mode="drag")
    save_settings(settings)
    (paths.data_dir() / "autosave.json").write_text("kept", encoding="utf-8")
    return settings


BAD_FILES = {
    "empty": "",
    "not JSON": "{",
    "not an object": "[1, 2]",
    "another format": json.dumps({"format": "zipai-settings", "version": 1, "presets": []}),
    "a newer version": json.dumps({"format": "zipai-presets", "version": 2, "presets": []}),
    "presets not a list": json.dumps({"format": "zipai-presets", "version": 1, "presets": {"a": 1}}),
    "too many": json.dumps(
        {
            "format": "zipai-presets",
            "version": 1,
            "presets": [{"name": f"p{i}", "game": "guilin", "hands": 8} for i in range(MAX_PRESETS + 1)],
        }
    ),
    "an option too large": json.dumps(
        {
            "format": "zipai-presets",
            "version": 1,
            "presets": [{"name": "x", "game": "bohu", "options": {"round_target": 10**9}}],
        }
    ),
    "a huge number": '{"format": "zipai-presets", "version": 1, "presets": [{"name": "x", "game": "guilin", "hands": '
    + "9" * 5000
    + "}]}",
    "deeply nested": '{"format": "zipai-presets", "version": 1, "presets": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "two of one name": json.dumps(
        {"format": "zipai-presets", "version": 1, "presets": [{"name": "x", "game": "guilin"}] * 2}
    ),
    "an unknown field": json.dumps(
        {"format": "zipai-presets", "version": 1, "presets": [{"name": "x", "game": "guilin", "players": 99}]}
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_damaged_or_hostile_file_is_moved_aside_with_one_sentence(kind: str) -> None:
    settings = _keep_other_data()
    path = presets_path()
    path.write_text(BAD_FILES[kind], encoding="utf-8")
    presets, message = load_presets()
    assert presets == [] and message is not None
    assert "\n" not in message and len(message) < 400
    (moved,) = damaged(path)
    assert moved.name in message
    assert moved.read_text(encoding="utf-8") == BAD_FILES[kind]  # the bytes are kept
    assert not path.exists()
    assert load_presets() == ([], None)
    assert load_settings() == (settings, []) and (paths.data_dir() / "autosave.json").read_text() == "kept"


def test_saving_after_a_damaged_file_keeps_the_damaged_one_aside() -> None:
    path = presets_path()
    path.write_text("{", encoding="utf-8")
    mine = Preset("mine", "guilin")
    assert save_preset(mine) == [mine]
    (moved,) = damaged(path)
    assert moved.read_text(encoding="utf-8") == "{"


@pytest.mark.skipif(os.name != "posix" or not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero (POSIX)")
@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "folder"])
def test_a_special_file_is_set_aside_unread(kind: str) -> None:
    path = presets_path()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
        (path / "keep.txt").write_text("mine")
    else:
        path.symlink_to("/dev/zero")
    presets, message = load_presets()  # a FIFO would block and /dev/zero fill the memory if they were read
    assert presets == [] and message is not None and "not a regular file" in message
    (moved,) = damaged(path)
    if kind == "fifo":
        assert stat.S_ISFIFO(moved.lstat().st_mode)
    elif kind == "folder":
        assert (moved / "keep.txt").read_text() == "mine"
    else:
        assert os.readlink(moved) == "/dev/zero"


def test_a_file_over_the_size_limit_is_set_aside_unread() -> None:
    path = presets_path()
    with path.open("wb") as f:  # sparse: no disk space used
        f.truncate(MAX_BYTES + 1)
    presets, message = load_presets()
    assert presets == [] and message is not None and "more than the" in message
    (moved,) = damaged(path)
    assert moved.stat().st_size == MAX_BYTES + 1
