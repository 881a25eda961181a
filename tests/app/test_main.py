"""``zipai`` itself: no display means one line and exit 1 (not an invisible window), and the headless demo keeps away
from the player's autosave and history."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from zipai_desktop.app import main as app_main
from zipai_desktop.store import paths

REPO = Path(__file__).resolve().parents[2]
DISPLAY_VARS = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_VIDEO_DRIVER")


def no_display_env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in DISPLAY_VARS}
    env.update(ZIPAI_HOME=str(home), SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)
    return env


def zipai(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", *args],
        env=env, capture_output=True, text=True, encoding="utf-8", timeout=120, cwd=REPO,
    )  # fmt: skip


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY / WAYLAND_DISPLAY are the X11 / Wayland way")
def test_without_a_display_zipai_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    env = no_display_env(tmp_path)
    for args in ([], ["--lang", "en"], ["--demo", "--frames", "5"]):
        proc = zipai(args, env)  # before: SDL's offscreen driver, an invisible game that never ended
        assert proc.returncode == 1, proc.stderr
        assert proc.stderr.startswith("zipai: no display found") and proc.stderr.count("\n") == 1
        assert proc.stdout == ""
    assert not (tmp_path / "data" / "autosave.json").exists()  # it stopped before anything started


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY / WAYLAND_DISPLAY are the X11 / Wayland way")
def test_an_explicit_driver_or_the_screenshot_mode_runs_headless(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    proc = zipai(["--demo", "--frames", "3", "--size", "1024x640", "--screenshot", str(shot)], no_display_env(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert shot.stat().st_size > 0
    proc = zipai(["--demo", "--frames", "3", "--size", "1024x640"], no_display_env(tmp_path, SDL_VIDEODRIVER="dummy"))
    assert proc.returncode == 0, proc.stderr


def test_the_display_check_by_platform_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in DISPLAY_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert app_main.no_display() is not None
    monkeypatch.setattr(sys, "platform", "freebsd14")
    assert app_main.no_display() is not None
    for platform in ("win32", "darwin"):  # their windows need no DISPLAY variable
        monkeypatch.setattr(sys, "platform", platform)
        assert app_main.no_display() is None
    monkeypatch.setattr(sys, "platform", "linux")
    for name, value in (("WAYLAND_DISPLAY", "wayland-0"), ("DISPLAY", ":0"), ("SDL_VIDEODRIVER", "x11")):
        monkeypatch.setenv(name, value)
        assert app_main.no_display() is None
        monkeypatch.delenv(name)


@pytest.fixture
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The player's own folders (platformdirs' under a private HOME and XDG dirs), with a match in progress saved."""
    if sys.platform == "win32":
        pytest.skip("platformdirs reads the Windows folders from the system, not from the environment")
    monkeypatch.delenv("ZIPAI_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user" / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user" / "config"))
    autosave = paths.autosave_path()
    assert str(autosave).startswith(str(tmp_path / "user"))
    autosave.write_text('{"the player\'s": "match in progress"}', encoding="utf-8")
    return tmp_path


def user_files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_demo_keeps_the_players_autosave_and_history(user_dirs: Path) -> None:
    before = user_files(user_dirs / "user")
    shot = user_dirs / "shot.png"
    args = ["--demo", "--frames", "60", "--size", "1024x640", "--screenshot", str(shot)]
    assert app_main.main(args) == 0
    assert shot.is_file()
    assert user_files(user_dirs / "user") == before  # no autosave replaced, no history or settings written
    assert "ZIPAI_HOME" not in os.environ  # the temporary home is gone with the demo


def test_the_demo_uses_a_home_it_is_given(user_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = user_dirs / "given"
    args = ["--demo", "--frames", "60", "--size", "1024x640", "--screenshot", str(user_dirs / "shot.png")]
    assert app_main.main([*args, "--home", str(home)]) == 0
    assert (home / "data" / "autosave.json").is_file()  # the same store as a game, where it was asked to be
    monkeypatch.setenv("ZIPAI_HOME", str(user_dirs / "env-home"))
    assert app_main.main(args) == 0
    assert (user_dirs / "env-home" / "data" / "autosave.json").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "9" * 5000 + "x1"], "--size: takes WIDTHxHEIGHT like 1280x720 (each at most 7680), not '9999"),
        (["--frames", "-3"], "takes a whole number from 0 to 10,000,000, not '-3'"),
        (["--speed", "nan"], "takes a number from 0.05 to 20, not 'nan'"),
        (["--demo", "--rules", "guilin", "--players", "2"], "--players: guilin is played by 3, not 2"),
    ],
)
def test_bad_window_options_are_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        app_main.main(args)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err) < 600


def test_the_demo_says_what_the_store_did_one_line_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The headless demo has no banner: a damaged file moved aside is said on stderr (before: silently), and the
    temporary file of a killed autosave is removed as at a game's start."""
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text("[" * 100_000, encoding="utf-8")
    (home / "data" / "autosave.json").write_text("{bad", encoding="utf-8")
    (home / "data" / "history.sqlite").write_bytes(b"not a database, " * 400)
    stale = home / "data" / ".autosave.json.abcd1234.tmp"  # the name write_atomic gives, left by a kill
    stale.write_text("{half a", encoding="utf-8")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    args = ["--demo", "--frames", "30", "--size", "1024x640", "--screenshot", str(tmp_path / "shot.png")]
    assert app_main.main([*args, "--home", str(home)]) == 0
    lines = capsys.readouterr().err.splitlines()
    for name in ("settings.json", "autosave.json", "history.sqlite"):
        said = [line for line in lines if f"moved aside to {name}.damaged-" in line]
        assert len(said) == 1 and said[0].startswith("zipai: "), lines
        assert len(list((home / ("config" if name == "settings.json" else "data")).glob(f"{name}.damaged-*"))) == 1
    assert not stale.exists()


def test_the_startup_heap_is_left_out_of_later_garbage_collections(tmp_path: Path) -> None:
    """Once the window is open, what startup made (modules, tables, fonts, theme) is frozen: a full collection during
    play scans only the objects play made since, not the tens of thousands that live as long as the window."""
    probe = (
        "import gc, os\n"
        "os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "from zipai_desktop.app.main import App\n"
        "App((1024, 640), 'zh', headless=True)\n"
        "print(gc.get_freeze_count(), len(gc.get_objects()))\n"
    )
    env = no_display_env(tmp_path, SDL_VIDEODRIVER="dummy")
    out = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120, cwd=REPO, check=True
    )
    frozen, scanned = (int(n) for n in out.stdout.split()[-2:])
    assert frozen > 20_000
    assert scanned < frozen // 10
