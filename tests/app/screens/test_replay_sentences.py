"""The replays speak of the seats in whole sentences, with the player's grammatical person (issue 29).

A replay's "you" is the seat that was the player's: the only human among the seats stored with the hand (the viewer
is opened from the list with them). English says "You discard 叁" / "Bot 1 discards 叁", "You win!" / "Bot 3 wins!",
"You pay Bot 3 4 points" / "Bot 1 pays you 4 points", never a name glued to a word ("You Discard", "You wins!"); the
Chinese reads 你 / 电脑n in the same places, with the short name the table uses (电脑1, not 电脑1（普通）).

The hand is a stored, seeded record (tests/fixtures/d2102fb/records/1-guilin-3.json, replayed by the engine): seat 1
discards 叁 (step 5), pengs 玖玖玖 (step 4), turns 三 (step 12), eats 三二四 (step 13) and passes (step 11); seat 2
shows the 挡底 四 at the deal; seat 3 wins on seat 2's flip (step 16) and seats 1 and 2 pay it 4 points each. It is
stored in the history as a hand of a match whose human sits at a chosen seat, and watched from the replays list; each
line is read from what the viewer draws at that step. The call-out a forced meld shows beside its seat at the table
is a call ("Eat!", "吃！"), not a verb in the third person ("eats!").
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.replay_viewer import ReplayScene
from zipai_desktop.app.screens.replays import ReplaysScene
from zipai_desktop.app.table.controller import Controller, GameConfig
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.engine import events as ev
from zipai_desktop.engine.melds import QUAD_KINDS, Meld, MeldKind
from zipai_desktop.engine.record import read, replay
from zipai_desktop.store.history import open_history

RECORD = Path(__file__).parents[2] / "fixtures" / "d2102fb" / "records" / "1-guilin-3.json"
SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _quit() -> object:
    yield None
    pygame.quit()


def watch(human: int, lang: str) -> tuple[ReplaysScene, ReplayScene]:
    """The record stored as a hand whose player sat at ``human`` (bots elsewhere), opened from the replays list."""
    record = read(RECORD)
    seats = ["human" if s == human else "casual" for s in range(record["players"])]
    with open_history() as history:
        match = history.start_match("guilin", seats, seed=record["seed"])
        hand_id = history.add_hand(match, 0, replay(record), record=record)
    app = App(SIZE, lang, headless=True, resizable=False)
    replays = ReplaysScene(app, SIZE, lang)
    (entry,) = [e for e in replays.entries() if e.hand is not None and e.hand.id == hand_id]
    viewer = replays.open(entry)
    assert isinstance(viewer, ReplayScene) and viewer.seats == tuple(seats)
    return replays, viewer


def lines_at(viewer: ReplayScene, step: int) -> list[str]:
    """The lines the viewer draws at ``step`` (its side panel: the last action, this step's events, the result)."""
    viewer.goto(step)
    viewer.draw(pygame.Surface(SIZE))
    return [d.text.strip() for d in viewer.paint.drawn]


# (step, the player's seat, lang, the line): each line kind for the player ("you") and for a bot.
CASES = {
    "discard": [
        (5, 0, "en", "You discard 叁"),  # was "You Discard 叁"
        (5, 0, "zh", "你 出牌 叁"),
        (5, 2, "en", "Bot 1 discards 叁"),  # was "Bot 1 (Casual) Discard 叁"
        (5, 2, "zh", "电脑1 出牌 叁"),  # was "电脑1（普通） 出牌 叁"
        (5, 0, "en", "Last action: You discard 叁"),
        (5, 2, "zh", "上一步：电脑1 出牌 叁"),
    ],
    "eat": [
        (13, 0, "en", "You eat 三二四"),  # was "You eats 三二四"
        (13, 0, "zh", "你 吃 三二四"),
        (13, 2, "en", "Bot 1 eats 三二四"),
        (13, 2, "zh", "电脑1 吃 三二四"),
        (13, 0, "en", "Last action: You eat 三二四"),  # was "Last action: You Eat 三二四"
    ],
    "peng": [
        (4, 0, "en", "You peng 玖玖玖"),
        (4, 0, "zh", "你 碰 玖玖玖"),
        (4, 2, "en", "Bot 1 pengs 玖玖玖"),  # was "Bot 1 (Casual) peng 玖玖玖"
        (4, 2, "zh", "电脑1 碰 玖玖玖"),
        (4, 0, "en", "Last action: You peng"),  # was "Last action: You Peng"
        (4, 2, "en", "Last action: Bot 1 pengs"),
        (4, 2, "zh", "上一步：电脑1 碰"),
    ],
    "flip": [
        (12, 0, "en", "You turn 三"),  # was "You turns 三"
        (12, 0, "zh", "你 翻出 三"),
        (12, 2, "en", "Bot 1 turns 三"),
        (12, 2, "zh", "电脑1 翻出 三"),
    ],
    "win": [
        (16, 2, "en", "You win!"),  # was "You wins!"
        (16, 2, "zh", "你胡了！"),
        (16, 0, "en", "Bot 3 wins!"),  # was "Bot 3 (Casual) wins!"
        (16, 0, "zh", "电脑3胡了！"),
        (16, 2, "en", "You win!  Score 4"),  # the result's head line
        (16, 0, "zh", "电脑3胡了！  得分 4"),
        (16, 2, "en", "Last action: You declare 胡"),  # was "Last action: You Win"
        (16, 0, "en", "Last action: Bot 3 declares 胡"),
        (16, 0, "zh", "上一步：电脑3 胡"),
    ],
    "payments": [  # the replay did not say who paid whom
        (16, 0, "en", "You pay Bot 3 4 points"),
        (16, 0, "zh", "你付给电脑3 4分"),
        (16, 2, "en", "Bot 1 pays you 4 points"),
        (16, 2, "zh", "电脑1付给你 4分"),
        (16, 0, "en", "Bot 2 pays Bot 3 4 points"),
    ],
    "pass": [
        (11, 0, "en", "Last action: You pass"),  # was "Last action: You Pass"
        (11, 0, "zh", "上一步：你 过"),
        (11, 2, "en", "Last action: Bot 1 passes"),
        (11, 2, "zh", "上一步：电脑1 过"),
    ],
    "face-up card": [
        (0, 1, "en", "You show 四 face up (挡底)"),  # was "You 挡底 (face-up card) 四"
        (0, 1, "zh", "你 挡底 四"),
        (0, 0, "en", "Bot 2 shows 四 face up (挡底)"),
        (0, 0, "zh", "电脑2 挡底 四"),
    ],
}


@pytest.mark.parametrize("kind", list(CASES))
def test_each_replay_line_is_a_sentence_about_you_or_a_bot(kind: str) -> None:
    for step, human, lang, line in CASES[kind]:
        _, viewer = watch(human, lang)
        shown = lines_at(viewer, step)
        assert line in shown, (kind, human, lang, line, shown)
        pygame.quit()


def test_the_replays_list_names_the_winner_in_a_sentence() -> None:
    for human, lang, words in [
        (2, "en", "You win!"),  # was "You wins!"
        (2, "zh", "你胡了！"),
        (0, "en", "Bot 3 wins!"),  # was "Bot 3 (Casual) wins!"
        (0, "zh", "电脑3胡了！"),  # was "电脑3（普通）胡了！"
    ]:
        replays, viewer = watch(human, lang)
        (entry,) = [e for e in replays.entries() if e.hand is not None and e.hand.id == viewer.hand_id]
        assert words in entry.label.split("   "), (human, lang, entry.label)
        pygame.quit()


def test_a_replay_with_no_stored_seats_names_every_seat_in_the_third_person() -> None:
    """An imported record file without seats: nobody is "you", every seat is 玩家n / Player n."""
    app = App(SIZE, "en", headless=True, resizable=False)
    viewer = ReplayScene(app, SIZE, "en", read(RECORD))
    shown = lines_at(viewer, 16)
    assert "Player 3 wins!" in shown
    assert "Player 1 pays Player 3 4 points" in shown


def call_out(kind: MeldKind, lang: str) -> str:
    """The call shown beside seat 2 when a forced meld of ``kind`` goes down at a table (the scene takes the event from
    its queue as it takes every event). The event is built: the engine forces only the drawer's own melds today
    (扫, 偎, 提, ...), and a 吃 or 碰's call must read right all the same."""
    App(SIZE, lang, headless=True, resizable=False)
    controller = Controller(GameConfig(rules="guilin", players=3, seed=1), inline_bots=True)
    scene = TableScene(controller, SIZE, lang=lang)
    while scene.queue:  # the deal, as the table shows it
        scene.view.apply(scene.queue.popleft())
    card = 4 if kind is MeldKind.CHI else 0
    cards = (card, card + 1, card + 2) if kind is MeldKind.CHI else (card,) * (4 if kind in QUAD_KINDS else 3)
    scene.queue.append(ev.Melded(1, Meld(kind, cards), -1, True, 1, cards[1:]))
    scene.cues.clear()
    scene._start_next()
    ((seat, call, _),) = scene.cues
    assert seat == 1
    controller.close()
    pygame.quit()
    return str(call)


@pytest.mark.parametrize(
    ("kind", "en", "zh"),
    [
        (MeldKind.CHI, "Eat!", "吃！"),  # was "eats!" / "吃!"
        (MeldKind.PENG, "Peng!", "碰！"),
        (MeldKind.SAO, "扫 (sao)!", "扫！"),  # the Chinese call ends with the full-width ！ (was "扫!")
        (MeldKind.WEI, "偎 (wei)!", "偎！"),
        (MeldKind.PAO, "跑 (pao)!", "跑！"),
    ],
)
def test_the_call_out_at_a_seat_is_a_call_not_a_third_person_verb(kind: MeldKind, en: str, zh: str) -> None:
    assert (call_out(kind, "en"), call_out(kind, "zh")) == (en, zh)


def test_every_meld_kind_has_its_call_out_in_both_languages() -> None:
    for kind in MeldKind:
        for lang in ("en", "zh"):
            call = call_out(kind, lang)
            assert call.endswith("!" if lang == "en" else "！") and "eats" not in call
