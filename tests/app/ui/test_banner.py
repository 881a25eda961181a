"""The store's messages reach the player: a one-line banner on the title and at the table, in both languages.

Through the app with posted input: a damaged settings file and autosave at start (title), an unwritable data folder
and a full disk during play (table). The banner shows the line, fades out, and closes with a click or Esc.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.persist import Persistence
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.app.ui.banner import BACKGROUND, Banner
from zipai_desktop.store import paths
from zipai_desktop.store.settings import load_settings

SHOTS = os.environ.get("ZIPAI_SAVE_SHOTS")


def shot(app: App, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, str(Path(SHOTS) / name))


def banner_drawn(app: App, banner: Banner) -> bool:
    """The banner's red strip is on the screen where the banner says it is."""
    assert banner.rect is not None
    x, y = banner.rect.left + 4, banner.rect.centery
    return tuple(app.screen.get_at((x, y))[:3]) == BACKGROUND


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.frame(1 / 60)


def esc(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.frame(1 / 60)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_damaged_files_at_start_show_on_the_title(lang: str) -> None:
    paths.settings_path().write_bytes(b"[" * 100_000 + b"]" * 100_000)
    paths.autosave_path().write_bytes(b'{"format": "zipai-autosave", "version": 1, "match": ')
    _settings, problems = load_settings()
    app = App((1280, 720), lang, headless=True, resizable=False)
    title = TitleScene(app, app.size, lang, notes=problems)
    app.push(title)
    app.frame(1 / 60)
    first = {"zh": "设置文件已损坏", "en": "settings.json was damaged"}[lang]
    second = {"zh": "存档已损坏", "en": "The saved game was damaged"}[lang]
    assert title.banner.line.startswith(first) and "settings.json.damaged-" in title.banner.line
    assert {"zh": "另有 1 条", "en": "+1 more"}[lang] in title.banner.line
    assert banner_drawn(app, title.banner)
    shot(app, f"banner_title_{lang}.png")
    # A click on the line shows the next message; Esc closes it (and does not quit the game).
    assert title.banner.rect is not None
    click(app, title.banner.rect.center)
    assert title.banner.line.startswith(second)
    esc(app)
    assert not title.banner.visible and app.running
    app.frame(1 / 60)
    assert title.banner.rect is None
    pygame.quit()


def _table(app: App, lang: str) -> TableScene:
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b1"), SeatConfig("casual", "b2")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=5), inline_bots=True,
                            persistence=Persistence())  # fmt: skip
    table = TableScene(controller, app.size, lang=lang, speed=8.0)
    app.push(table)
    return table


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_unwritable_data_folder_shows_at_the_table(lang: str) -> None:
    # The data folder cannot be made (a file is in its place; a read-only folder does not stop root, this does):
    # the history is kept in memory and every autosave fails. The game goes on and says so.
    home = Path(os.environ["ZIPAI_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "data").write_text("not a folder", encoding="utf-8")
    app = App((1280, 720), lang, headless=True, resizable=False)
    table = _table(app, lang)
    app.frame(1 / 60)
    expected = {"zh": "无法打开历史记录", "en": "The history cannot be opened"}[lang]
    assert table.banner.line.startswith(expected)
    assert banner_drawn(app, table.banner)
    shot(app, f"banner_table_{lang}.png")
    click(app, table.banner.rect.center)  # type: ignore[union-attr]
    assert table.banner.line.startswith({"zh": "自动存档失败", "en": "Autosave failed"}[lang])
    # The banner fades and closes by itself; the same failure, repeated each action, is not shown again.
    before = len(table.controller.game.history)
    for _ in range(int(Banner.SECONDS * 60) + 5):
        app.frame(1 / 60)
        legal = table._my_decision()
        if legal:
            table._act(legal[0])
    assert not table.banner.visible
    assert len(table.controller.game.history) > before + 3  # play went on, every autosave failing
    assert len(table.controller.persistence.messages) == 2  # type: ignore[union-attr]  # each failure said once
    table.controller.close()
    pygame.quit()


def test_a_full_disk_during_play_shows_at_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    table = _table(app, "zh")
    app.frame(1 / 60)
    assert not table.banner.visible  # a healthy folder: nothing to say

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    for _ in range(600):  # bots play on; the next autosave meets the full disk
        app.frame(1 / 60)
        if table.banner.visible:
            break
        legal = table._my_decision()
        if legal:
            table._act(legal[0])
    assert table.banner.line.startswith("自动存档失败") and os.strerror(errno.ENOSPC) in table.banner.line
    assert banner_drawn(app, table.banner)
    esc(app)  # Esc closes the banner, it does not leave the table
    assert not table.banner.visible and app.scenes[-1] is table
    table.controller.close()
    pygame.quit()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_statistics_and_replays_say_a_damaged_history_was_moved_in_the_players_language(lang: str) -> None:
    from zipai_desktop.app.screens.replays import ReplaysScene
    from zipai_desktop.app.screens.stats import StatsScene

    app = App((1280, 720), lang, headless=True, resizable=False)
    expected = {"zh": "历史记录已损坏", "en": "The history was damaged"}[lang]
    paths.history_path().write_bytes(b"not a database at all" * 50)
    stats = StatsScene(app, app.size, lang)
    assert stats.message.startswith(expected) and "history.sqlite.damaged-" in stats.message
    stats.history.close()
    paths.history_path().write_bytes(b"not a database at all" * 50)
    replays = ReplaysScene(app, app.size, lang)
    assert replays.messages[0][0].startswith(expected)
    replays.history.close()
    pygame.quit()


def test_several_bad_settings_values_are_one_line() -> None:
    paths.settings_path().write_text('{"volume": 7, "sound": "loud", "language": "fr"}', encoding="utf-8")
    _settings, problems = load_settings()
    assert len(problems) == 3  # each named for the command line and the log
    banner = Banner("zh")
    banner.extend(problems)
    assert banner.line == "设置文件中有无法使用的值，已改用默认值" and len(banner.queue) == 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="a read-only folder does not stop root")
def test_a_read_only_zipai_home_shows_at_the_table() -> None:
    home = Path(os.environ["ZIPAI_HOME"])
    for sub in ("data", "config"):
        (home / sub).mkdir(parents=True, exist_ok=True)
        (home / sub).chmod(0o555)
    try:
        app = App((1280, 720), "en", headless=True, resizable=False)
        table = _table(app, "en")
        app.frame(1 / 60)
        lines = [table.banner.line]
        while table.banner.visible:
            table.banner.close()
            lines.append(table.banner.line)
        assert any(line.startswith("Autosave failed") for line in lines), lines
        table.controller.close()
        pygame.quit()
    finally:
        for sub in ("data", "config"):
            (home / sub).chmod(0o755)


def test_the_settings_screen_names_a_bad_value_in_the_players_language() -> None:
    from zipai_desktop.app.screens.settings import SettingsScene

    paths.settings_path().write_text('{"volume": 7, "sound": "loud"}', encoding="utf-8")
    app = App((1280, 720), "zh", headless=True, resizable=False)
    scene = SettingsScene(app, app.size, lang="zh")
    app.push(scene)
    app.frame(1 / 60)
    shown = [d.text for d in scene.paint.drawn]
    assert shown.count("设置文件中有无法使用的值，已改用默认值") == 1  # two bad values, one line
    pygame.quit()
