"""The title, statistics and replay screens: drawn in both languages and sizes, driven with posted input."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.replay_viewer import ReplayScene
from zipai_desktop.app.screens.replays import ReplaysScene, read_record_file
from zipai_desktop.app.screens.setup import SetupScene
from zipai_desktop.app.screens.stats import StatsScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.persist import Persistence
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.engine.record import RecordError, load, replay, to_record, verify
from zipai_desktop.store.autosave import load_autosave
from zipai_desktop.store.history import HandRow, open_history
from zipai_desktop.store.paths import replays_dir

from ..drive import key, press

SIZES = [(1280, 720), (1024, 640)]
LANGS = ["zh", "en"]


def play_hands(rules: str, players: int, seed: int, hands: int, level: str = "casual") -> Controller:
    """Play real hands to the end through the store: inline bots, the human seat takes its first legal action."""
    seats = [SeatConfig(HUMAN, "me")] + [SeatConfig(level, f"bot {i}") for i in range(1, players)]
    config = GameConfig(rules=rules, players=players, seats=seats, seed=seed, hands=8)
    controller = Controller(config, inline_bots=True, persistence=Persistence())
    for n in range(hands):
        for _ in range(5000):
            seat = controller.to_act
            if seat is None:
                break
            if controller.is_human(seat):
                assert controller.submit(seat, controller.legal(seat)[0]) is None
            else:
                assert controller.step_bot()
        assert controller.hand_over
        if n < hands - 1:
            assert controller.next_hand()
    controller.close()
    return controller


@pytest.fixture
def app():
    application = App((1280, 720), "zh", headless=True, resizable=False)
    yield application
    pygame.quit()


def last_hand() -> tuple[HandRow, dict]:
    """The newest stored hand and its record."""
    with open_history() as history:
        hand = history.hands(limit=1)[0]
        record = history.get_record(hand.id)
    assert record is not None
    return hand, record


def new_app(size: tuple[int, int], lang: str) -> App:
    return App(size, lang, headless=True, resizable=False)


# --- every screen, both languages, both sizes -------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_draws(size: tuple[int, int], lang: str, tmp_path: Path) -> None:
    play_hands("bohu", 4, 3, 1)  # a hand in the history (and an autosave: the title offers Resume)
    app = new_app(size, lang)
    hand, record = last_hand()
    screens = [
        TitleScene(app, size, lang),
        StatsScene(app, size, lang),
        ReplaysScene(app, size, lang),
        ReplayScene(app, size, lang, record, hand_id=hand.id, seats=hand.seats, hand_no=hand.hand_no + 1),
    ]
    assert screens[0].button("resume") is not None
    for scene in screens:
        app.push(scene)
        for _ in range(2):
            app.frame(1 / 60)
        if isinstance(scene, ReplayScene):
            scene.goto(scene.total)
            app.frame(1 / 60)
        pygame.image.save(app.screen, str(tmp_path / f"{type(scene).__name__}.png"))
        assert app.screen.get_size() == size
        # The screen is not blank: something besides the felt was drawn.
        colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 23)}
        assert len(colours) > 3
        scene.resize((size[0] - 100, size[1] - 60))
        scene.draw(app.screen)
    pygame.quit()


# --- the title screen -------------------------------------------------------------------------------------------------


def test_title_buttons_open_each_screen_and_come_back(app: App) -> None:
    title = TitleScene(app, (1280, 720), "zh")
    app.push(title)
    app.frame(1 / 60)
    assert title.button("resume") is None  # no autosave yet
    press(app, title.button("stats").rect.center)
    assert isinstance(app.scenes[-1], StatsScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes == [title]
    press(app, title.button("replays").rect.center)
    assert isinstance(app.scenes[-1], ReplaysScene)
    press(app, app.scenes[-1].button("back").rect.center)
    assert app.scenes == [title]
    press(app, title.button("new_game").rect.center)
    setup = app.scenes[-1]
    assert isinstance(setup, SetupScene) and setup.lang == "zh"
    setup.lang = "en"  # a language chosen on the setup screen comes back to the title
    key(app, pygame.K_ESCAPE)
    app.frame(1 / 60)
    assert app.scenes == [title] and title.lang == "en"
    assert title.button("stats").text.endswith("Statistics")
    press(app, title.button("quit").rect.center)
    assert not app.running


def test_title_language_switch_is_saved(app: App) -> None:
    from zipai_desktop.store.settings import load_settings

    title = TitleScene(app, (1280, 720), "zh")
    app.push(title)
    app.frame(1 / 60)
    assert title.button("new_game").text.endswith("新游戏")
    press(app, title.button("lang:en").rect.center)
    assert title.lang == "en" and title.button("new_game").text.endswith("New game")
    assert load_settings()[0].language == "en"
    press(app, title.button("lang:zh").rect.center)
    assert title.lang == "zh" and load_settings()[0].language == "zh"


def test_title_resume_continues_the_autosaved_match(app: App) -> None:
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
    controller = Controller(
        GameConfig(rules="guilin", seats=seats, seed=31), inline_bots=True, persistence=Persistence()
    )
    for _ in range(10):
        seat = controller.to_act
        if controller.is_human(seat):
            controller.submit(seat, controller.legal(seat)[0])
        else:
            controller.step_bot()
    snapshot = controller.game.snapshot()
    controller.close()
    assert load_autosave()[0] is not None

    title = TitleScene(app, (1280, 720), "zh")
    app.push(title)
    app.frame(1 / 60)
    press(app, title.button("resume").rect.center)
    table = app.scenes[-1]
    assert isinstance(table, TableScene) and isinstance(app.scenes[-2], SetupScene)
    assert table.controller.game.snapshot() == snapshot
    table.controller.close()


def test_main_opens_the_title_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    from zipai_desktop.app import main as main_module

    seen: list[object] = []
    monkeypatch.setattr(main_module.App, "run", lambda self: seen.extend(self.scenes))
    assert main_module.main(["--size", "1024x640"]) == 0
    # The title, and over it (no settings file yet: the first run) the question of how to discard.
    from zipai_desktop.app.screens.first_run import FirstRunScene

    assert len(seen) == 2 and isinstance(seen[0], TitleScene) and isinstance(seen[1], FirstRunScene)
    pygame.quit()


# --- statistics -------------------------------------------------------------------------------------------------------


def test_statistics_count_the_stored_hands_and_filter(app: App) -> None:
    play_hands("guilin", 3, 41, 2, level="beginner")
    play_hands("bohu", 3, 42, 1, level="casual")
    stats = StatsScene(app, (1280, 720), "en")
    app.push(stats)
    app.frame(1 / 60)
    assert stats.stats.hands == 3 and stats.stats.matches == 2
    assert dict(stats.rows())["Hands played"] == "3"
    assert {level: vs.hands for level, vs in stats.stats.vs.items()} == {"beginner": 2, "casual": 1}
    computed = stats.computed
    for _ in range(10):
        app.frame(1 / 60)
    assert stats.computed == computed, "statistics are computed on a filter change, not every frame"
    press(app, stats.button("game", "guilin").rect.center)
    assert stats.rules == "guilin" and stats.stats.hands == 2 and stats.computed == computed + 1
    press(app, stats.button("game", "bohu").rect.center)
    assert stats.stats.hands == 1 and set(stats.stats.vs) == {"casual"}
    press(app, stats.button("period", 7).rect.center)
    assert stats.days == 7 and stats.rules == "bohu" and stats.stats.hands == 1
    press(app, stats.button("game", None).rect.center)
    assert stats.stats.hands == 3
    press(app, stats.button("back").rect.center)
    assert not app.scenes


# --- the replay viewer ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players", "seed"), [("guilin", 3, 51), ("bohu", 4, 52), ("bohu", 2, 53)])
def test_replay_steps_forward_to_the_end_and_back(app: App, rules: str, players: int, seed: int) -> None:
    play_hands(rules, players, seed, 1)
    hand, record = last_hand()
    assert verify(record)
    scene = ReplayScene(app, (1280, 720), "zh", record, hand_id=hand.id, seats=hand.seats)
    app.push(scene)
    app.frame(1 / 60)

    def check(k: int) -> None:
        assert scene.step == k
        want = replay(record, upto=k)
        assert scene.game.snapshot() == want.snapshot()
        # What is drawn: every seat's concealed cards, and the table from the spectator's events.
        assert [list(h) for h in scene.game.hands] == [list(h) for h in want.hands]
        assert [list(p) for p in scene.view.piles] == [list(p) for p in want.piles]
        assert [len(m) for m in scene.view.melds] == [len(m) for m in want.melds]
        assert [scene.melds(s) for s in range(players)] == [list(m) for m in want.melds]
        assert scene.view.wall == len(want.wall)
        assert (scene.view.ended is not None) == (want.result is not None)

    n = len(record["actions"])
    assert scene.total == n
    check(0)
    for k in range(1, n + 1):
        key(app, pygame.K_RIGHT)
        check(k)
    key(app, pygame.K_RIGHT)  # past the end: stays
    check(n)
    assert scene.view.ended is not None
    for k in range(n - 1, -1, -1):
        key(app, pygame.K_LEFT)
        check(k)
    key(app, pygame.K_END)
    check(n)
    key(app, pygame.K_HOME)
    check(0)
    # Space plays one step every 0.6 s, and pauses again.
    key(app, pygame.K_SPACE)
    assert scene.playing
    for _ in range(75):  # 1.25 s
        app.frame(1 / 60)
    check(2)
    key(app, pygame.K_SPACE)
    assert not scene.playing
    for _ in range(60):
        app.frame(1 / 60)
    check(2)
    assert scene.last_action().startswith("上一步")
    key(app, pygame.K_ESCAPE)
    assert not app.scenes


def test_replay_buttons_and_export(app: App) -> None:
    play_hands("guilin", 3, 61, 1)
    hand, record = last_hand()
    scene = ReplayScene(app, (1024, 640), "en", record, hand_id=hand.id, seats=hand.seats)
    app.push(scene)
    app.frame(1 / 60)
    press(app, scene.button("next").rect.center)
    assert scene.step == 1
    press(app, scene.button("end").rect.center)
    assert scene.step == scene.total
    press(app, scene.button("prev").rect.center)
    assert scene.step == scene.total - 1
    press(app, scene.button("start").rect.center)
    assert scene.step == 0
    press(app, scene.button("play").rect.center)
    assert scene.playing and scene.button("play").text == "Pause"
    press(app, scene.button("export").rect.center)
    path = replays_dir() / f"hand-{hand.id}.json"
    assert path.is_file() and scene.message == f"Exported to {path}"
    exported = load(path.read_text(encoding="utf-8"))
    assert verify(exported) and exported["actions"] == record["actions"]
    assert not list(path.parent.glob("*.tmp"))  # written atomically: no temporary file left
    press(app, scene.button("back").rect.center)
    assert not app.scenes


def test_a_record_that_does_not_replay_is_refused() -> None:
    app = new_app((1280, 720), "zh")
    with pytest.raises(RecordError):
        ReplayScene(app, (1280, 720), "zh", {"format": "zipai-record", "version": 1, "rules": "guilin"})
    pygame.quit()


# --- the list, import and export -------------------------------------------------------------------------------------


def test_replay_list_opens_a_hand_with_a_click(app: App) -> None:
    play_hands("guilin", 3, 71, 2)
    replays = ReplaysScene(app, (1280, 720), "en")
    app.push(replays)
    app.frame(1 / 60)
    assert len(replays.hands) == 2 and len(replays.rows) == 2
    rect, entry = replays.rows[1]
    assert entry.hand is not None and "Guilin Zipai" in entry.label and "Hand 1" in entry.label
    press(app, rect.center)
    viewer = app.scenes[-1]
    assert isinstance(viewer, ReplayScene) and viewer.hand_id == entry.hand.id
    with open_history() as history:
        assert viewer.record == history.get_record(entry.hand.id)
    key(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is replays


def test_import_reports_damaged_files_and_goes_on(app: App) -> None:
    play_hands("bohu", 3, 81, 1)
    folder = replays_dir()
    good = to_record(replay(last_hand()[1]))
    (folder / "good.json").write_text(json.dumps(good, ensure_ascii=False), encoding="utf-8")
    (folder / "broken.json").write_text('{"format": "zipai-record", "vers', encoding="utf-8")
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (folder / "newer.json").write_text(json.dumps({**good, "version": 99}), encoding="utf-8")
    bad_action = {**good, "actions": [{"seat": 0, "action": {"type": "discard", "card": "x"}}]}
    (folder / "illegal.json").write_text(json.dumps(bad_action), encoding="utf-8")
    (folder / "list.json").write_text("[1, 2, 3]", encoding="utf-8")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")

    replays = ReplaysScene(app, (1280, 720), "en")
    app.push(replays)
    app.frame(1 / 60)
    press(app, replays.button("import").rect.center)
    assert [e.path.name for e in replays.files if e.path is not None] == ["good.json"]
    texts = [m for m, _ in replays.messages]
    assert texts[0] == "Imported 1 file(s)."
    skipped = [t for t in texts if " was skipped: " in t]
    assert len(skipped) == 3 and replays.messages[-1][0] == "2 more file(s) were skipped."
    assert all(t.count(". ") == 0 for t in skipped)  # one sentence each
    app.frame(1 / 60)
    # The imported file is listed first and opens like a stored hand.
    rect, entry = replays.rows[0]
    assert entry.path is not None and entry.path.name == "good.json"
    press(app, rect.center)
    viewer = app.scenes[-1]
    assert isinstance(viewer, ReplayScene) and viewer.hand_id is None
    key(app, pygame.K_END)
    assert viewer.game.snapshot() == good["final"]


def test_importing_an_empty_folder_says_so(app: App) -> None:
    replays = ReplaysScene(app, (1024, 640), "zh")
    app.push(replays)
    replays.import_files()
    assert replays.messages == [("文件夹里没有 .json 文件。", replays.messages[0][1])]
    app.frame(1 / 60)
    assert replays.rows == []


def test_read_record_file_gives_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("", encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        read_record_file(path)
    with pytest.raises(RecordError, match="cannot be read"):
        read_record_file(tmp_path / "missing.json")


def test_replay_list_shows_the_last_50_hands_and_scrolls(app: App) -> None:
    from tests.store.play import finished_hand

    with open_history() as history:
        match = history.start_match("guilin", [HUMAN, "casual", "strong"], seed=1)
        game = finished_hand("guilin", seed=5)
        for n in range(55):
            history.add_hand(match, n, game)
    replays = ReplaysScene(app, (1024, 640), "zh")
    app.push(replays)
    app.frame(1 / 60)
    assert len(replays.hands) == 50 and replays.hands[0].hand_no == 54
    visible = len(replays.rows)
    assert 5 < visible < 50
    assert "第55局" in replays.rows[0][1].label
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    app.frame(1 / 60)
    assert replays.scroll == 3 and "第52局" in replays.rows[0][1].label
    # The keyboard moves a highlight and the page follows it: the first ↓ takes the top row shown, End the last row.
    key(app, pygame.K_DOWN)
    assert replays.list.selected == 3 and replays.scroll == 3
    for _ in range(12):  # past the end: the last page stays
        key(app, pygame.K_PAGEDOWN)
    assert replays.list.selected == 49 and replays.scroll == 50 - visible
    assert replays.rows[-1][1].hand is not None and replays.rows[-1][1].hand.hand_no == 5
    key(app, pygame.K_UP)
    assert replays.list.selected == 48 and replays.scroll == 50 - visible
    key(app, pygame.K_HOME)
    assert replays.list.selected == 0 and replays.scroll == 0
    for _ in range(visible):
        key(app, pygame.K_DOWN)
    assert replays.list.selected == visible and replays.scroll == 1
    # Enter opens the highlighted hand: hand 55 - visible, the (visible + 1)th newest.
    chosen = replays.list.chosen()
    assert chosen is not None and f"第{55 - visible}局" in chosen.key.label
    key(app, pygame.K_RETURN)
    viewer = app.scenes[-1]
    assert isinstance(viewer, ReplayScene) and viewer.hand_no == 55 - visible
