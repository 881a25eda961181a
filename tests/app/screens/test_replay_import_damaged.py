"""Damaged record files in the replays folder: each is reported once in one sentence and moved aside, bytes kept."""

from __future__ import annotations

import json

import pygame

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.replays import ReplaysScene
from zipai_desktop.engine.record import to_record
from zipai_desktop.store.paths import replays_dir

from ...store.play import finished_hand


def test_damaged_imports_are_moved_aside_once_and_the_good_one_is_listed() -> None:
    folder = replays_dir()
    (folder / "good.json").write_text(json.dumps(to_record(finished_hand("guilin", seed=4))), encoding="utf-8")
    damaged = {
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "huge.json": b'{"seed": ' + b"9" * 4301 + b"}",
        "broken.json": b'{"format": "zipai-record", "vers',
    }
    for name, content in damaged.items():
        (folder / name).write_bytes(content)
    app = App((1280, 720), "zh", headless=True, resizable=False)
    replays = ReplaysScene(app, (1280, 720), "zh")
    app.push(replays)
    replays.import_files()
    assert [e.path.name for e in replays.files if e.path is not None] == ["good.json"]
    lines = [m for m, _ in replays.messages[1:]]
    assert len(lines) == 3 and all("已移到" in line and len(line) < 300 for line in lines)
    for name, content in damaged.items():
        assert not (folder / name).exists()
        (copy,) = folder.glob(name + ".damaged-*")
        assert copy.read_bytes() == content
    app.frame(1 / 60)
    replays.import_files()  # the next import: nothing more to say about them
    assert [m for m, _ in replays.messages] == ["导入了1个文件。"]
    pygame.quit()
