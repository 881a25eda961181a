"""The 战绩 view of the replays screen: one row per match (date, game, the seats' names, hands, the player's total
and rank, practice and unfinished marked); a match opens as its hands in the order played, a hand opens the replay
viewer, and the match's result screen is one button away."""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.match_result import MatchResultScene
from zipai_desktop.app.screens.replay_viewer import ReplayScene
from zipai_desktop.app.screens.replays import ReplaysScene
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.persist import Persistence
from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.store.history import open_history

from ..drive import key, press


@pytest.fixture
def app():
    application = App((1280, 720), "zh", headless=True, resizable=False)
    yield application
    pygame.quit()


def play_match(seats: list[SeatConfig], *, rules: str, seed: int, hands: int, practice: bool = False) -> int:
    """A whole match through the store (the human seats take their first legal action); its history id."""
    config = GameConfig(rules=rules, players=len(seats), seats=seats, seed=seed, hands=hands, practice=practice)
    persistence = Persistence()
    controller = Controller(config, inline_bots=True, persistence=persistence)
    while True:
        seat = controller.to_act
        if seat is None:
            if not controller.next_hand():
                break
            continue
        if controller.is_human(seat):
            assert controller.submit(seat, controller.legal(seat)[0]) is None
        else:
            assert controller.step_bot()
    controller.close()
    assert persistence.match_id is not None
    return persistence.match_id


def test_the_match_list_opens_a_matchs_hands_and_a_replay(app: App) -> None:
    first = play_match([SeatConfig(HUMAN, "me"), SeatConfig("beginner", "b"), SeatConfig("casual", "c")],
                       rules="guilin", seed=3, hands=3)  # fmt: skip
    second = play_match([SeatConfig(HUMAN, "a"), SeatConfig(HUMAN, "b")], rules="bohu", seed=4, hands=2, practice=True)
    scene = ReplaysScene(app, app.size, "zh")
    app.push(scene)
    app.frame(1 / 60)
    press(app, scene.button("matches").rect.center)
    assert scene.mode == "matches"
    entries = scene.entries()
    assert [e.match.id for e in entries if e.match is not None] == [second, first]  # newest first
    hot, mine = (e.label for e in entries)
    with open_history() as history:
        row = history.match(first)
    assert row is not None
    you = row.totals[0]
    rank = 1 + sum(1 for t in row.totals if t > you)
    for part in ("桂林字牌", "你 · 电脑2 · 电脑3", "3局", tr("match.row_you", "zh", total=f"{you:+d}", rank=rank)):
        assert part in mine, (part, mine)
    assert "玩家1 · 玩家2" in hot and "[练习]" in hot and "2局" in hot
    # Enter on the highlighted match (the first row after ↓) lists its hands, in the order played.
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.mode == "match" and scene.match is not None and scene.match.id == first
    hands = [e.hand for e in scene.entries()]
    assert [h.hand_no for h in hands if h is not None] == [0, 1, 2]
    # Its result screen, and back to the list.
    app.frame(1 / 60)
    press(app, scene.button("result").rect.center)
    result = app.scenes[-1]
    assert isinstance(result, MatchResultScene)
    assert [cells[2] for cells in result.rows()] == [f"{t:+d}" for t in sorted(row.totals, reverse=True)]
    key(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is scene and scene.mode == "match"
    # A hand opens the viewer at that hand.
    opened = scene.open(scene.entries()[1])
    assert isinstance(opened, ReplayScene) and app.scenes[-1] is opened
    app.pop()
    # Esc goes back to the matches, then out of the screen.
    key(app, pygame.K_ESCAPE)
    assert scene.mode == "matches"
    press(app, scene.button("hands").rect.center)
    assert scene.mode == "hands" and len(scene.entries()) == 5  # the recent hands: 3 + 2


def test_no_match_yet_says_so(app: App) -> None:
    scene = ReplaysScene(app, app.size, "en")
    app.push(scene)
    scene.set_mode("matches")
    assert scene.entries() == []
    app.frame(1 / 60)
    assert any(d.text == tr("replay.no_matches", "en") for d in scene.paint.drawn)


def test_a_match_played_partly_under_autoplay_says_so_in_its_row_and_on_its_result(app: App) -> None:
    """托管 hands are marked in the 战绩 list as in the hand list, and the result screen counts them."""
    from zipai_desktop.engine.win import Source

    from ...store.test_history import fake_hand, outcome

    with open_history() as h:
        m = h.start_match("guilin", ["human", "casual", "casual"])
        h.add_hand(m, 0, outcome(fake_hand("guilin", 1), 0, (8, -4, -4), 4, Source.OWN_DRAW), autoplay=True)
        h.add_hand(m, 1, outcome(fake_hand("guilin", 2), 1, (-6, 12, -6), 6, Source.OWN_DRAW))
        h.finish_match(m, (2, 8, -10))
        plain = h.start_match("guilin", ["human", "casual", "casual"])
        h.add_hand(plain, 0, outcome(fake_hand("guilin", 3), 0, (8, -4, -4), 4, Source.OWN_DRAW))
        h.finish_match(plain, (8, -4, -4))
    for lang, mark, line in (("zh", "[托管]", "含托管局：1"), ("en", "[auto-play]", "Hands on auto-play: 1")):
        scene = ReplaysScene(app, app.size, lang)
        app.push(scene)
        scene.set_mode("matches")
        labels = {e.match.id: e.label for e in scene.entries() if e.match is not None}
        assert mark in labels[m] and mark not in labels[plain], labels
        scene.show_match(scene.matches[[r.id for r in scene.matches].index(m)])
        result = scene.open_result()
        assert result is not None and line in result.details(), result.details()
        app.pop()
        scene.show_match(scene.matches[[r.id for r in scene.matches].index(plain)])
        result = scene.open_result()
        assert result is not None and line[:4] not in result.details()
        app.pop()
        app.pop()
