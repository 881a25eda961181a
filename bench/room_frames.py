"""The host's own screen while it holds four 包厢 tables: frame times of its window, from a bench, not a test.

Issue 30's floor: a host holding 4 tables of bots + 1 friend each draws its own screen without a frame over 16 ms.
This process is the host, as the app runs it: four rooms served by :class:`~zipai_desktop.net.session.HostSession`
(each its asyncio thread, its bots deciding in a spawned worker), and the window's frame loop on the main thread,
showing a live table of its own (bots dealing, flipping and melding, every animation on) at 1280x720 and 60 FPS.
Each room's friend is a separate ``zipai join`` process (a casual bot at that seat) at the lowest priority: it stands
for a friend's own computer, which takes none of the host's CPU. Each room plays one long match (its bots and its
friend's bot answer at once, some 400 times a person's pace) for the whole pass. It prints, for each pass, the frame
times' median, p99 and max, how many frames went over 16 ms, the longest gap between two frames' starts (the clock
paces them 16.7 ms apart; a pause outside the frame, such as a garbage collection on a room's thread, shows there),
the hands the rooms played meanwhile and the machine's load.

Run: python bench/room_frames.py [frames] [guilin|bohu] [passes]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

TABLES = 4
SIZE = (1280, 720)
FPS = 60
FRAME_BUDGET_MS = 16.0
#: Hands in each room's match: the bots and the friend's bot answer at once, so a room plays a few hands a second;
#: matches this long outlast a pass, so the pass measures holding four tables, not opening a new room (a server, a
#: bots' worker process, a friend's process) every few seconds.
MATCH_HANDS = 1_000


def open_room(rules: str, seed: str) -> tuple[object, subprocess.Popen[bytes]]:
    """A room of bots with seat 1 a friend's (a ``zipai join`` process), its match dealt once the friend sits."""
    from zipai_desktop.engine.match import Match, seed_from_text
    from zipai_desktop.engine.rules import get_rules
    from zipai_desktop.net.room import Room
    from zipai_desktop.net.session import HostSession

    game = get_rules(rules)
    match = Match(game, game.parse_options({}), seed_from_text(seed), hands=MATCH_HANDS)
    room = Room(match, bot="casual")
    host = HostSession(room, friends=[1], bind="127.0.0.1", port=0)
    host.open()
    if host.error:
        raise SystemExit(f"room_frames: {host.error}")
    friend = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "zipai_desktop.cli",
            "join",
            host.local_url,
            "--code",
            host.code,
            "--seat",
            "1",
            "--bot",
            "casual",
        ],  # fmt: skip
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        # A stand-in for the friend's own computer: at the lowest priority it takes only the CPU the host leaves, as
        # a computer across the room takes none of it.
        preexec_fn=lambda: os.nice(19),
    )
    return host, friend


def one_pass(frames: int, rules: str, tag: str) -> tuple[list[float], list[float], int, int]:
    """One pass: four fresh rooms and a fresh window; the frame times (ms, in order), the gaps between frame starts
    (ms, sorted), the hands and whole matches played."""
    from zipai_desktop.app.main import App
    from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig
    from zipai_desktop.app.table.scene import TableScene

    rooms = [open_room(rules, f"room-frames-{tag}-{i}") for i in range(TABLES)]
    app = App(SIZE, "zh", headless=True, resizable=False)
    seats = [SeatConfig("casual", f"bot {i}") for i in range(3)]
    controller = Controller(GameConfig(rules=rules, players=3, seats=seats, seed=7, hands=None))
    table = TableScene(controller, SIZE, lang="zh")
    app.push(table)
    times: list[float] = []
    gaps: list[float] = []
    hands = 0
    matches = 0
    # The window's first draw reads the fonts from disk (5 ms on a quiet machine, up to 17 under this load): in the
    # app the title and the room's screen have drawn before any table, so it is drawn here before the timing starts.
    app.frame(1.0 / FPS)
    app.clock.tick(FPS)
    last: float | None = None
    for _ in range(frames):
        start = time.perf_counter()
        if last is not None:
            gaps.append((start - last) * 1000)
        last = start
        app.frame(1.0 / FPS)
        times.append((time.perf_counter() - start) * 1000)
        app.clock.tick(FPS)
        if table.show_result:
            table.next_hand()
        for i, (host, friend) in enumerate(rooms):
            status = host.status()  # type: ignore[attr-defined]
            if status.over and friend.poll() is not None:  # a match done: the next one, in a new room
                hands += status.hand
                matches += 1
                host.close()  # type: ignore[attr-defined]
                rooms[i] = open_room(rules, f"room-frames-{tag}-{i}-{matches}")
    for host, friend in rooms:
        hands += host.status().hand  # type: ignore[attr-defined]
        host.close()  # type: ignore[attr-defined]
        friend.kill()
        friend.wait()
    controller.close()
    return times, sorted(gaps), hands, matches


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 3600
    rules = sys.argv[2] if len(sys.argv) > 2 else "guilin"
    passes = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print(f"Python {sys.version.split()[0]}; load at the start {os.getloadavg()[0]:.2f}")
    medians: list[float] = []
    worst: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["ZIPAI_HOME"] = home  # the demo table's autosave and history stay out of the user's folder
        for n in range(passes):
            order, gaps, hands, matches = one_pass(frames, rules, str(n))
            times = sorted(order)
            over = sum(1 for t in times if t > FRAME_BUDGET_MS)
            late = ", ".join(f"{t:.1f} ms at frame {i + 1}" for i, t in enumerate(order) if t > FRAME_BUDGET_MS)
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            medians.append(statistics.median(times))
            worst.append(times[-1])
            print(
                f"pass {n + 1}: {rules}, host window {SIZE[0]}x{SIZE[1]} with {TABLES} rooms (bots + 1 friend process "
                f"each): {len(times)} frames, median {medians[-1]:.2f} ms, p99 {p99:.2f} ms, max {times[-1]:.2f} ms, "
                f"{over} over {FRAME_BUDGET_MS:.0f} ms{f' ({late})' if late else ''}; "
                f"longest gap between frames {gaps[-1]:.1f} ms; "
                f"the rooms played {hands} hands ({matches} whole matches); "
                f"load {os.getloadavg()[0]:.2f}"
            )
    print(
        f"median of the {passes} passes: frame median {statistics.median(medians):.2f} ms, "
        f"max {statistics.median(worst):.2f} ms (worst pass {max(worst):.2f} ms)"
    )


if __name__ == "__main__":
    main()
