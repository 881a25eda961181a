"""The window: a stack of scenes (setup, table) driven by one frame loop; also the headless demo / screenshot mode.

``zipai`` opens the title screen. ``zipai --demo --rules guilin --seed 1 --frames 600 --screenshot out.png`` lets bots
play every seat for N frames of the normal loop (with a fixed frame clock, so the picture is the same every time) and
saves the last frame (contract: docs/contracts/sim-cli.md).

This module is read without pygame too (``zipai --help`` shows its options in a build without the window), so
pygame and the screens, which need it, are imported inside the functions that open the window.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import math
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from .. import __version__
from ..engine.jsonsafe import clip, name, printable
from ..engine.match import seed_from_text
from ..engine.rules import get_rules
from ..store.autosave import load_autosave
from ..store.paths import HOME_ENV
from ..store.settings import SettingsError, is_first_run, load_settings, save_settings
from ..tools.args import MAX_PLAYERS, MAX_SEED_CHARS, ExitingParser, counter
from ..tools.args import seed as seed_arg
from .scene import Scene

FPS = 60


def settle_heap() -> None:
    """Leave what the program has made so far out of the garbage collector's scans from now on.

    The modules, the engine's tables, the fonts and the UI theme, about 50,000 tracked objects, live as long as the
    window. A full collection scans every tracked object and holds every thread meanwhile: 17 ms for this heap on a
    2-core machine, more when the machine is busy, so one landing in a frame made it miss its 16 ms. Collected once and
    frozen (``gc.freeze``), they are left out of every later collection, which scans only what play made since.
    Objects frozen here are still freed when nothing refers to them; only a reference cycle among them would stay.
    """
    gc.collect()
    gc.freeze()


class App:
    """The frame loop and the scene stack."""

    def __init__(
        self,
        size: tuple[int, int],
        lang: str,
        *,
        headless: bool = False,
        resizable: bool = True,
        fullscreen: bool = False,
    ) -> None:
        """Open the window (a hidden surface when ``headless``) at ``size``, in ``lang``, with no scene yet."""
        import pygame

        assert getattr(pygame, "IS_CE", False), "zipai needs pygame-ce, not upstream pygame"
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        from .ui import cards, fonts

        fonts.reset_caches()
        cards.clear_cache()
        self.window_flags = pygame.RESIZABLE if resizable and not headless else 0
        self.windowed_size = size  # the window's size to come back to when fullscreen is left
        self.fullscreen = False
        self.screen = pygame.display.set_mode(size, self.window_flags)
        from .ui.assets import asset_path

        icon = asset_path("icon.png")
        if icon.is_file():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        from .ui.i18n import tr

        pygame.display.set_caption(f"{tr('app.title', lang)} {__version__}")
        self.size = size
        self.lang = lang
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        if fullscreen:
            self.set_fullscreen(True)
        settle_heap()

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen, or go back to a window of the size it had before; every scene is laid out again.

        The settings screen's "Fullscreen" and F11 (on every screen) come here; F11 also saves the setting.
        """
        import pygame

        if on == self.fullscreen:
            return
        if on:
            self.windowed_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, self.window_flags)
        self.fullscreen = on
        self.size = self.screen.get_size()
        for scene in self.scenes:
            scene.resize(self.size)

    def toggle_fullscreen(self) -> None:
        """F11: switch, and remember the choice in the settings (as the settings screen does)."""
        self.set_fullscreen(not self.fullscreen)
        settings, _ = load_settings()
        try:
            if settings.fullscreen != self.fullscreen:
                save_settings(dataclasses.replace(settings, fullscreen=self.fullscreen))
        except (SettingsError, OSError):
            pass  # an unwritable folder: the screen still switches
        for scene in self.scenes:
            scene.settings_changed()

    def push(self, scene: Scene) -> None:
        """Open ``scene`` over the current one (which is told it is covered)."""
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()

    def replace(self, scene: Scene) -> None:
        """Close the current scene and open ``scene`` in its place."""
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        """Close the current scene and go back to the one under it; the window closes with the last one."""
        if self.scenes:
            self.scenes.pop().leave()
        if self.scenes:
            self.scenes[-1].enter()
        else:
            self.running = False

    def home(self) -> None:
        """Close every scene above the first one (the title screen) and go back to it."""
        while len(self.scenes) > 1:
            self.scenes.pop().leave()
        if self.scenes:
            self.scenes[-1].enter()

    def frame(self, dt: float) -> None:
        """One frame: the events go to the top scene (F11 and window sizes to the window), then it is updated and
        drawn."""
        import pygame

        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if event.type == pygame.VIDEORESIZE:
                if self.fullscreen:
                    continue  # the full screen's own size change, not the player's window
                self.size = (max(1024, event.w), max(640, event.h))
                self._remember_size()
                self.windowed_size = self.size
                self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
                for scene in self.scenes:
                    scene.resize(self.size)
                continue
            if self.scenes:
                self.scenes[-1].handle_event(event)
        if not self.scenes:
            self.running = False
            return
        scene = self.scenes[-1]
        scene.update(dt)
        scene.draw(self.screen)
        pygame.display.flip()

    def _remember_size(self) -> None:
        """The window size is a setting: the next start opens at the size the player left it."""
        settings, _ = load_settings()
        try:
            if tuple(settings.window_size) != self.size:
                save_settings(dataclasses.replace(settings, window_size=self.size))
        except (SettingsError, OSError):
            pass  # a size the settings do not accept, or an unwritable folder: the window still resizes

    def run(self) -> None:
        """The frame loop, until the window is closed or the last scene leaves."""
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.frame(min(dt, 0.1))
        import pygame

        pygame.quit()


#: The largest window side taken: 8K (7680) either way; a larger window would be a screen-sized surface of gigabytes.
MAX_SIDE = 7680
#: The most frames ``--frames`` runs (about 46 hours at 60 frames a second); each keeps its frame time.
MAX_FRAMES = 10_000_000


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        if not (w.isascii() and w.isdigit() and h.isascii() and h.isdigit()) or max(len(w), len(h)) > 6:
            raise ValueError
        width, height = int(w), int(h)
        if width > MAX_SIDE or height > MAX_SIDE:
            raise ValueError
        return max(640, width), max(400, height)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"takes WIDTHxHEIGHT like 1280x720 (each at most {MAX_SIDE}), not {name(text)}"
        ) from None


def _speed(text: str) -> float:
    try:
        value = float(text) if len(text) < 20 else math.nan
    except ValueError:
        value = math.nan
    if not 0.05 <= value <= 20:
        raise argparse.ArgumentTypeError(f"takes a number from 0.05 to 20, not {name(text)}")
    return value


def parser() -> argparse.ArgumentParser:
    """The window's options (``zipai --help`` shows them after the sub-commands)."""
    p = ExitingParser(
        prog="zipai",
        description="字牌 Desktop: 桂林字牌 and 秀山博胡. Without options: the game window. With --demo: bots play "
        "every seat (with --screenshot, headless: the contract's screenshot mode).",
    )
    p.add_argument("--demo", action="store_true", help="bots play every seat (autosave and history go to a temporary "
                   "folder unless --home or ZIPAI_HOME is given)")  # fmt: skip
    p.add_argument("--rules", default="guilin", choices=["guilin", "bohu"], help="with --demo: the game (guilin)")
    p.add_argument("--players", type=counter(0, MAX_PLAYERS), default=3,
                   help="with --demo: seats at the table (3; bohu 2-4)")  # fmt: skip
    p.add_argument("--seed", type=seed_arg, default="1", help="with --demo: the seed of the deals; UTF-8 text of at "
                   f"most {MAX_SEED_CHARS} characters (1)")  # fmt: skip
    p.add_argument("--frames", type=counter(0, MAX_FRAMES), default=0,
                   help=f"with --demo: run this many frames (up to {MAX_FRAMES:,}), then exit")  # fmt: skip
    p.add_argument("--screenshot", default=None, metavar="OUT.png", help="with --demo: save the last frame as a PNG "
                   "(runs headless, no display needed)")  # fmt: skip
    p.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH", help=f"window size (1280x720; each "
                   f"side at most {MAX_SIDE}; the game opens at the size it was left)")  # fmt: skip
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="language (the game: the one in the settings)")
    p.add_argument("--frame-times", default=None, metavar="FILE", help="with --demo: write one frame time (ms) per "
                   "line")  # fmt: skip
    p.add_argument("--speed", type=_speed, default=1.0, help="animation speed (2 = twice as fast)")
    p.add_argument(
        "--live-bots",
        action="store_true",
        help="with --demo: bots think in a worker process as in play (frames are real time, not repeatable)",
    )
    p.add_argument("--home", default=None, metavar="DIR", help="keep settings, autosave and history in DIR "
                   "(the same as ZIPAI_HOME=DIR)")  # fmt: skip
    return p


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The window's options, checked beyond argparse (seats for the game, files to write); bad ones exit 2."""
    args = parser().parse_args(list(argv))
    if args.demo:
        allowed = get_rules(args.rules).players
        if args.players not in allowed:
            parser().error(f"--players: {args.rules} is played by {', '.join(map(str, allowed))}, not {args.players}")
    return args


#: Unix-like systems where a window needs an X11 or Wayland display (Windows and macOS always have their own).
_NEEDS_DISPLAY = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")


def no_display() -> str | None:
    """Why no window can open here, or None.

    Without X11 or Wayland, SDL silently falls back to its offscreen driver and the game would run invisibly: so on
    Linux and the BSDs, with neither ``DISPLAY`` nor ``WAYLAND_DISPLAY`` set, say so. An explicit ``SDL_VIDEODRIVER``
    (``SDL_VIDEO_DRIVER`` in SDL 3) means the user chose the driver: then nothing is checked.
    """
    if os.environ.get("SDL_VIDEODRIVER") or os.environ.get("SDL_VIDEO_DRIVER"):
        return None
    if not sys.platform.startswith(_NEEDS_DISPLAY):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "zipai: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window can open; to run "
        "without one: SDL_VIDEODRIVER=dummy zipai --demo --frames 300 --screenshot out.png"
    )


@contextmanager
def _demo_home() -> Iterator[None]:
    """The demo's store: the user's folder only when asked for (ZIPAI_HOME, or --home which sets it); otherwise a
    temporary folder, removed afterwards, so that bots playing never replace the player's autosave or history."""
    if os.environ.get(HOME_ENV):
        yield
        return
    with tempfile.TemporaryDirectory(prefix="zipai-demo-", ignore_cleanup_errors=True) as folder:
        os.environ[HOME_ENV] = folder
        try:
            yield
        finally:
            os.environ.pop(HOME_ENV, None)


def run_demo(args: argparse.Namespace) -> int:
    """Bots in every seat for ``--frames`` frames of the normal loop; fixed 1/60 s frame clock."""
    if args.screenshot is None:
        problem = no_display()
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
    with _demo_home():
        return _run_demo(args)


def _run_demo(args: argparse.Namespace) -> int:
    import pygame

    from .screens.settings import apply
    from .table.controller import Controller, GameConfig, SeatConfig
    from .table.persist import recover_at_start
    from .table.scene import TableScene

    # The demo starts like a game does: it reads the settings and the autosave (a damaged file is moved aside, the
    # temporary files of a killed write are removed, a finished hand a kill kept out of the history is recorded), and
    # says so on stderr, since it has no banner. Then it uses the default look so that screenshots depend only on the
    # seed.
    _settings, problems = load_settings()
    saved, message = load_autosave()
    problems = [*problems, *([message] if message else []), *recover_at_start(saved)]
    said: set[str] = set()

    def say(messages: Sequence[str]) -> None:
        for text in messages:
            if text not in said:
                said.add(text)
                print(f"zipai: {printable(text)}", file=sys.stderr)

    say(problems)
    apply(type(_settings)())
    headless = args.screenshot is not None or os.environ.get("SDL_VIDEODRIVER") == "dummy"
    app = App(args.size, args.lang, headless=headless, resizable=False)
    seed = seed_from_text(args.seed)
    seats = [SeatConfig("casual", f"bot {i}") for i in range(args.players)]
    config = GameConfig(rules=args.rules, players=args.players, seats=seats, seed=seed, hands=None)
    from .table.persist import Persistence

    # The demo goes through the same store as a game: it autosaves and records its (bots-only) hands.
    persistence = Persistence()
    controller = Controller(config, inline_bots=not args.live_bots, persistence=persistence)
    table = TableScene(controller, args.size, lang=args.lang, speed=args.speed)
    app.push(table)
    times: list[float] = []
    frames = args.frames if args.frames > 0 else 10**9
    for _ in range(frames):
        if not app.running:
            break
        start = time.perf_counter()
        app.frame(1.0 / FPS)
        times.append((time.perf_counter() - start) * 1000)
        if args.live_bots:
            app.clock.tick(FPS)
        if table.show_result and not args.screenshot:
            table.next_hand()
        say(persistence.messages)  # the store's problems (history moved aside, autosave failed), each once
    status = 0
    try:
        if args.screenshot:
            Path(args.screenshot).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, args.screenshot)
        if args.frame_times:
            Path(args.frame_times).write_text("".join(f"{t:.3f}\n" for t in times), encoding="utf-8")
    except (OSError, pygame.error) as exc:
        print(f"zipai: cannot write {clip(args.screenshot or args.frame_times)}: {exc}", file=sys.stderr)
        status = 1
    controller.close()
    say(persistence.messages)
    pygame.quit()
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """``zipai`` without a sub-command: the game window, or the demo (bots at every seat); the exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.home is not None:
        os.environ[HOME_ENV] = os.path.abspath(args.home)
    if args.demo:
        return run_demo(args)
    problem = no_display()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from .screens.first_run import FirstRunScene
    from .screens.title import TitleScene

    first_run = is_first_run()  # asked before anything writes the settings
    settings, problems = load_settings()
    lang = args.lang if "--lang" in (sys.argv[1:] if argv is None else list(argv)) else settings.language
    import pygame

    explicit_size = "--size" in (sys.argv[1:] if argv is None else list(argv))
    size = args.size if explicit_size else tuple(settings.window_size)
    try:
        app = App(size, lang, fullscreen=settings.fullscreen)  # type: ignore[arg-type]
    except pygame.error as exc:
        print(
            f"zipai: cannot open a window ({exc}). Without a display, try: "
            "SDL_VIDEODRIVER=dummy zipai --demo --frames 300 --screenshot out.png",
            file=sys.stderr,
        )
        return 1
    app.push(TitleScene(app, app.size, lang, notes=problems))
    if first_run:  # how to discard: asked once, over the title, and saved in the settings
        app.push(FirstRunScene(app, app.size, lang))
    app.run()
    return 0
