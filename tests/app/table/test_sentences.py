"""The table's sentences about seats read right in both languages (issue 29).

The win banner says who won and how: 胡 on a flip, 自摸, or 胡 on a discard naming the discarder as the one who 点炮
(in Chinese "X 点炮" is what the discarder X did, never the winner). The English log, settlement and pile label speak
to the player in the second person ("You add", "won on your flip", "You eat", "Bot 1 pays you", "Your discards"), and
the other seats in the third ("Bot 2 adds"); the Chinese reads 你 / 电脑n in the same places.

Each hand is a real finished game (the engine's settlement tests' positions), shown at a table where one seat is the
human player; the sentences come from the scene and the settlement panel as the window draws them.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.app.table.settlement_panel import build_panel  # noqa: E402
from zipai_desktop.engine import events as ev  # noqa: E402
from zipai_desktop.engine.game import Game  # noqa: E402
from zipai_desktop.engine.position import game_from_position  # noqa: E402
from zipai_desktop.engine.rules import get_rules  # noqa: E402

from ...engine.notation import GUILIN, drive  # noqa: E402

BOHU = get_rules("bohu")


def dianpao() -> Game:
    """Seat 0 (电脑1 / Bot 1) discards 伍 and seat 1 wins on it: 点炮, seat 0 alone pays 6."""
    g = game_from_position(
        GUILIN,
        hands=["伍", "陆陆陆七八九伍伍五二二叁肆"],
        melds=["", "kai_duo 拾拾拾拾, chi 一二三"],
        wall="叁",
        dealer=0,
        flipped=1,
        to_discard=0,
    )
    drive(g, (0, "打伍"), (1, "胡"))
    return g


def zimo() -> Game:
    """Seat 1 wins on its own flip (自摸): seats 0 and 2 pay 5 each."""
    g = game_from_position(
        GUILIN,
        hands=["", "五五五六七八二七十玖玖九三四"],
        melds=["", "peng 捌捌捌, chi 壹贰叁"],
        wall="二七",
        dealer=0,
        flipped=1,
        to_flip=1,
    )
    drive(g, (1, "胡"))
    return g


def pinghu() -> Game:
    """Seat 1 eats 三 (with a 比), pengs 陆 and wins on seat 2's flip (平胡)."""
    g = game_from_position(
        GUILIN, hands=["三", "一二三四五陆陆八八八壹贰十十拾柒捌玖肆柒"], wall="陆叁捌", dealer=0, to_discard=0
    )
    drive(g, (0, "打三"), (1, "吃三一二 比三四五"), (1, "打肆"), (1, "碰"), (1, "打柒"), (1, "胡"))
    return g


def bohu_winner_only() -> Game:
    """秀山博胡 with the default winner-only settlement: seat 1 wins and nobody pays."""
    g = game_from_position(
        BOHU,
        hands=["", "贰贰贰壹壹壹叁肆二二"],
        melds=["", "peng 柒柒柒, peng 拾拾拾, peng 陆陆陆"],
        wall="伍",
        dealer=0,
        flipped=1,
        to_flip=0,
    )
    drive(g, (1, "胡"))
    return g


def table(game: Game, human: int, lang: str) -> TableScene:
    """The finished ``game`` at a table where seat ``human`` is the player and the others are bots."""
    App((1280, 720), lang, headless=True, resizable=False)
    seats = [SeatConfig(HUMAN if s == human else "casual", f"s{s}") for s in range(3)]
    rules = "guilin" if game.rules is GUILIN else "bohu"
    controller = Controller(GameConfig(rules=rules, players=3, seats=seats, seed=1), inline_bots=True, game=game)
    scene = TableScene(controller, (1280, 720), lang=lang)
    # A position starts mid-hand, with no HandStarted: the view is started by hand (the sentences do not read the
    # hand sizes), then takes every event the player saw.
    scene.view.reset(ev.HandStarted(rules, game.dealer, 3, len(game.wall)))
    scene.view.hand_sizes = [sum(h) for h in game.hands]
    for e in controller.all_events(human):
        scene.view.apply(e)
    return scene


@pytest.fixture(autouse=True)
def _quit() -> object:
    yield None
    pygame.quit()


# --- the win banner -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("human", "lang", "line"),
    [
        (0, "zh", "电脑2 胡！你 点炮"),  # the old banner: "电脑2  点炮！" (the winner named as the discarder)
        (0, "en", "Bot 2 wins: 胡 on your discard (点炮)!"),
        (1, "zh", "你 胡！电脑1 点炮"),
        (1, "en", "You win: 胡 on Bot 1's discard (点炮)!"),
        (2, "zh", "电脑2 胡！电脑1 点炮"),
        (2, "en", "Bot 2 wins: 胡 on Bot 1's discard (点炮)!"),
    ],
)
def test_a_win_on_a_discard_names_the_winner_and_the_discarder_who_dianpao(human: int, lang: str, line: str) -> None:
    assert table(dianpao(), human, lang).win_banner() == line


@pytest.mark.parametrize(
    ("human", "lang", "line"),
    [(1, "zh", "你 自摸！"), (1, "en", "You win: 自摸!"), (0, "zh", "电脑2 自摸！"), (0, "en", "Bot 2 wins: 自摸!")],
)
def test_a_zimo_names_the_winner(human: int, lang: str, line: str) -> None:
    assert table(zimo(), human, lang).win_banner() == line


@pytest.mark.parametrize(
    ("human", "lang", "line"),
    [(1, "zh", "你 胡！"), (1, "en", "You win: 胡!"), (2, "zh", "电脑2 胡！"), (2, "en", "Bot 2 wins: 胡!")],
)
def test_a_win_on_a_flip_names_the_winner(human: int, lang: str, line: str) -> None:
    assert table(pinghu(), human, lang).win_banner() == line


# --- the settlement ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("human", "lang", "how"),
    [
        (2, "en", "平胡: won on your flip"),  # was "won on You's flip"
        (2, "zh", "平胡（你翻出的牌）"),
        (0, "en", "平胡: won on Bot 3's flip"),
        (0, "zh", "平胡（电脑3翻出的牌）"),
    ],
)
def test_the_settlement_says_whose_flip_it_was(human: int, lang: str, how: str) -> None:
    assert build_panel(table(pinghu(), human, lang)).how == how


@pytest.mark.parametrize(
    ("human", "lang", "how", "title"),
    [
        (1, "en", "自摸: won on your own flip", "You win!"),  # was "won on their own flip" for the player
        (1, "zh", "自摸（自己翻出的牌）", "你胡了！"),
        (0, "en", "自摸: won on their own flip", "Bot 2 wins!"),
        (0, "zh", "自摸（自己翻出的牌）", "电脑2胡了！"),
    ],
)
def test_the_settlement_of_a_zimo_speaks_to_the_winner(human: int, lang: str, how: str, title: str) -> None:
    model = build_panel(table(zimo(), human, lang))
    assert model.how == how and model.title.endswith(title)


@pytest.mark.parametrize(
    ("human", "lang", "how", "pays"),
    [
        (1, "en", "点炮: won on Bot 1's discard", "Bot 1 pays you 6 points"),  # was "Bot 1 pays You"
        (1, "zh", "点炮（电脑1打出的牌）", "电脑1付给你 6分"),
        (0, "en", "点炮: won on your discard", "You pay Bot 2 6 points"),  # was "You pays Bot 2"
        (0, "zh", "点炮（你打出的牌）", "你付给电脑2 6分"),
    ],
)
def test_a_payment_is_a_sentence_about_the_payer_and_the_payee(human: int, lang: str, how: str, pays: str) -> None:
    model = build_panel(table(dianpao(), human, lang))
    assert model.how == how
    assert [line.split("   (")[0] for line in model.payments] == [pays]


@pytest.mark.parametrize(
    ("human", "lang", "line"),
    [
        (1, "en", "winner only: you add {score} to the 轮; nobody pays"),  # was "You adds"
        (1, "zh", "只计赢家：你本轮累计 +{score}，无人付分"),
        (0, "en", "winner only: Bot 2 adds {score} to the 轮; nobody pays"),
        (0, "zh", "只计赢家：电脑2本轮累计 +{score}，无人付分"),
    ],
)
def test_a_winner_only_hand_says_who_adds_to_the_round(human: int, lang: str, line: str) -> None:
    g = bohu_winner_only()
    assert g.result is not None
    assert build_panel(table(g, human, lang)).payments == [line.format(score=g.result.settlement.score)]


# --- the log and the piles ---------------------------------------------------------------------------------------


def log(scene: TableScene, game: Game) -> list[str]:
    lines = [scene.describe(e) for e in game.events]
    return [line for line in lines if line]


def test_the_log_speaks_to_the_player_in_english() -> None:
    assert log(table(pinghu(), 1, "en"), pinghu()) == [
        "Bot 1 discards 三",
        "You eat 三一二",  # was "You eats 三一二"
        "You 比 (bi) 三四五",
        "You discard 肆",  # was "You Discard 肆"
        "Bot 3 turns 陆",
        "You peng 陆陆陆",
        "You discard 柒",
        "Bot 3 turns 叁",
        "You win!",
    ]
    bots_eat = ["You discard 三", "Bot 2 eats 三一二", "Bot 2 比 (bi) 三四五"]
    assert log(table(pinghu(), 0, "en"), pinghu())[:3] == bots_eat
    assert "Bot 2 pengs 陆陆陆" in log(table(pinghu(), 2, "en"), pinghu())


def test_the_log_in_chinese_names_you_and_the_bots() -> None:
    assert log(table(pinghu(), 1, "zh"), pinghu()) == [
        "电脑1 出牌 三",
        "你 吃 三一二",
        "你 比 三四五",
        "你 出牌 肆",
        "电脑3 翻出 陆",
        "你 碰 陆陆陆",
        "你 出牌 柒",
        "电脑3 翻出 叁",
        "你胡了！",
    ]


@pytest.mark.parametrize(
    ("lang", "mine", "theirs"), [("en", "Your discards", "Bot 2's discards"), ("zh", "你的弃牌", "电脑2的弃牌")]
)
def test_each_pile_is_labelled_with_its_owner(lang: str, mine: str, theirs: str) -> None:
    scene = table(pinghu(), 0, lang)
    assert (scene.pile_label(0), scene.pile_label(1)) == (mine, theirs)  # was "You: passed"
