"""Sound effects (the generator script, the player, the table's hooks) and the accessibility styles of cards, layout."""

from __future__ import annotations

import fnmatch
import importlib.util
import tomllib
import wave
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table import layout
from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.app.ui import assets, cards
from zipai_desktop.app.ui.sound import EFFECTS, Sound
from zipai_desktop.engine import events as ev
from zipai_desktop.engine.cards import NUM_KINDS, is_red

REPO = Path(__file__).resolve().parents[3]
SOUNDS = REPO / "assets" / "sounds"


def _make_sounds() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_zipai_build_make_sounds", REPO / "build" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def app() -> Iterator[App]:
    application = App((1024, 640), "zh", headless=True, resizable=False)
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def _default_style() -> Iterator[None]:
    yield
    cards.set_style(False, False)
    layout.set_scale(1.0)


# --- the generator script and the committed files


def test_make_sounds_is_deterministic_and_writes_valid_short_wavs(tmp_path: Path) -> None:
    make = _make_sounds()
    first = make.write_sounds(tmp_path / "a")
    second = make.write_sounds(tmp_path / "b")
    assert set(first) == set(second) == set(EFFECTS)
    total = 0
    for name in EFFECTS:
        data = first[name].read_bytes()
        assert data == second[name].read_bytes(), f"{name}.wav differs between two runs"
        total += len(data)
        with wave.open(str(first[name]), "rb") as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert 0.05 < w.getnframes() / w.getframerate() < 1.0
            frames = w.readframes(w.getnframes())
        assert any(frames), f"{name}.wav is silent"
    assert total < 400_000  # the card sounds and a short voice per call


def test_committed_sounds_are_up_to_date_documented_and_packaged() -> None:
    make = _make_sounds()
    for name in EFFECTS:
        path = SOUNDS / f"{name}.wav"
        assert path.is_file() and path.read_bytes() == make.render(name), f"run python build/make_sounds.py ({name})"
    readme = (SOUNDS / "README.md").read_text(encoding="utf-8")
    assert "build/make_sounds.py" in readme and "CC0" in readme
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    globs = data["tool"]["setuptools"]["package-data"]["zipai_desktop.assets"]
    for rel in ["sounds/deal.wav", "sounds/README.md"]:
        assert any(fnmatch.fnmatch(rel, g) for g in globs), f"{rel} is not installed with the package"


# --- the player


def test_every_effect_plays_silently_under_the_dummy_driver(app: App) -> None:
    sound = Sound()
    results = [sound.play(name) for name in EFFECTS]
    if sound.available:  # SDL's dummy audio driver: a running mixer that plays to nowhere
        assert all(results)
    else:
        assert not any(results)
    assert sound.play("deal") in (True, False)


def test_mute_and_volume(app: App) -> None:
    sound = Sound(volume=0.3, muted=True)
    assert not sound.play("flip")
    assert sound._cache == {}, "a muted sound loads nothing"
    sound.toggle_mute()
    assert not sound.muted
    sound.volume = 7
    assert sound.volume == 1.0
    sound.volume = -1
    assert sound.volume == 0.0
    assert not sound.play("flip"), "volume 0 is silent"
    sound.volume = 0.3
    played = sound.play("flip")
    if sound.available:
        assert played
        assert sound._cache["flip"].get_volume() == pytest.approx(0.3, abs=0.01)
    settings = type("S", (), {"sound": False, "volume": 0.5})()
    from_settings = Sound.from_settings(settings)
    assert from_settings.muted and from_settings.volume == 0.5


def test_missing_files_are_silent_and_each_file_is_read_once(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sound = Sound()
    assert sound.play("no-such-effect") is False
    assert sound.play("no-such-effect") is False
    calls: list[tuple[str, ...]] = []
    real = assets.asset_path

    def counting(*parts: str) -> Path:
        calls.append(parts)
        return real(*parts)

    monkeypatch.setattr(assets, "asset_path", counting)
    fresh = Sound()
    for _ in range(3):
        fresh.play("discard")
    assert calls.count(("sounds", "discard.wav")) == (1 if fresh.available else 0)
    # A folder without the files, and an asset lookup that fails outright: still silent, still no exception.
    monkeypatch.setattr(assets, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    assert Sound().play("win") is False

    def broken(*parts: str) -> Path:
        raise FileNotFoundError("bundled assets not found")

    monkeypatch.setattr(assets, "asset_path", broken)
    assert Sound().play("meld") is False


def test_no_mixer_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame.mixer

    def fail(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    sound = Sound()
    assert not sound.available
    assert not any(sound.play(name) for name in EFFECTS)


def test_a_closed_mixer_is_never_used(app: App) -> None:
    """Playing a sound of a mixer that was shut down crashes pygame-ce 2.5: the player reloads after starting the
    mixer again (once), and after that stays silent."""
    sound = Sound()
    sound.play("flip")
    before = sound._cache.get("flip")
    pygame.mixer.quit()
    sound.play("flip")  # starts the mixer itself (it never had to before) and loads afresh
    assert before is None or sound._cache.get("flip") is not before
    pygame.mixer.quit()
    assert not sound.play("flip")
    assert sound._cache == {}


# --- the table's hooks


class Recorder:
    def __init__(self) -> None:
        self.muted = False
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True


def test_table_plays_one_sound_per_event_and_one_deal_per_hand(app: App) -> None:
    seats = [SeatConfig("casual", f"bot{i}") for i in range(3)]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=3), inline_bots=True)
    recorder = Recorder()
    table = TableScene(controller, (1024, 640), speed=8.0, sound=recorder)  # type: ignore[arg-type]
    app.push(table)
    for _ in range(20000):
        app.frame(1 / 60)
        if table.show_result:
            break
        if recorder.played == ["deal"]:  # M mutes and unmutes (the recorder plays on regardless)
            for expected in (True, False):
                table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
                assert recorder.muted is expected
            recorder.played.append("checked")
    assert table.show_result and "checked" in recorder.played
    recorder.played.remove("checked")
    seen = Counter(type(e) for e in controller.all_events(table.viewer))
    played = Counter(recorder.played)
    assert played["deal"] == 1 and seen[ev.Dealt] == 3
    assert played["flip"] == seen[ev.Flipped] > 0
    assert played["discard"] == seen[ev.Discarded]
    assert played["meld"] == seen[ev.Melded]
    assert played["win"] == seen[ev.Won]
    # Without a sound object M does nothing.
    silent = TableScene(controller, (1024, 640))
    assert silent.sound is None
    silent.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    controller.close()


# --- accessibility: card faces and sizes


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_colour_blind_marks_red_cards_only(app: App) -> None:
    width = 37
    normal = {k: _pixels(cards.face(k, width)) for k in range(NUM_KINDS)}
    cards.set_style(True, False)
    for k in range(NUM_KINDS):
        img = cards.face(k, width)
        if is_red(k):
            assert _pixels(img) != normal[k]
            xs = [x for x, _ in cards.red_mark(width)]
            ys = [y for _, y in cards.red_mark(width)]
            centre = ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
            assert img.get_at(centre)[:3] == cards.RED, "the diamond is drawn in the card colour"
            assert cards.face(k, width, dim=True) is not None
        else:
            assert _pixels(img) == normal[k], "black cards are unchanged"
    cards.set_style(False, False)
    assert all(_pixels(cards.face(k, width)) == normal[k] for k in range(NUM_KINDS))


@pytest.mark.parametrize(("size", "players"), [((1024, 640), 3), ((1024, 640), 4), ((1280, 720), 2), ((800, 500), 3)])
def test_large_cards_are_wider_and_the_widest_hand_still_fits(app: App, size: tuple[int, int], players: int) -> None:
    default = layout.make_layout(size, players, 0)
    cards.set_style(False, True)
    assert layout.scale() == layout.LARGE_SCALE
    large = layout.make_layout(size, players, 0)
    assert large.hand_w > default.hand_w and large.small_w >= default.small_w
    w, h = size
    screen = pygame.Rect(0, 0, w, h)
    assert screen.contains(large.buttons) and not large.buttons.colliderect(large.seats[0].hand)
    seats = [SeatConfig("casual", f"bot{i}") for i in range(players)]
    rules = "guilin" if players == 3 else "bohu"
    controller = Controller(GameConfig(rules=rules, players=players, seats=seats, seed=1), inline_bots=True)
    table = TableScene(controller, size)
    assert table.layout.hand_w == large.hand_w
    # The widest hands: 20 cards of 20 kinds, and a dealer's 21 (one pair among them).
    for hand in ([1] * NUM_KINDS, [2] + [1] * (NUM_KINDS - 1)):
        table.view.hand = hand
        rects = [r for r, _, _ in table._hand_rects()]
        assert len(rects) == sum(hand)
        assert all(table.layout.seats[table.viewer].hand.contains(r) for r in rects)
        assert all(screen.contains(r) for r in rects)
        assert not any(r.colliderect(table.layout.buttons) for r in rects)
    controller.close()


def test_scale_setting_and_large_switch_combine(app: App) -> None:
    layout.set_scale(1.5)
    assert layout.scale() == 1.5
    cards.set_style(False, True)
    assert layout.scale() == 1.5, "large asks for at least LARGE_SCALE, it does not multiply"
    layout.set_scale(99)
    assert layout.scale() == 2.0 == layout.SCALE_RANGE[1]
    layout.set_scale(1.0)
    cards.set_style(False, False)
    assert layout.scale() == 1.0
