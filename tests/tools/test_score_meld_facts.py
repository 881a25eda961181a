"""The melds' facts ``zipai score`` keeps per meld and hands to the win check (engine.win.check.MeldsKnown:
cards, quads, 胡, the winning card's 扫 / 偎 and 碰) are what the win check works out from the melds itself, and
the win check answers the same with them as without: on thousands of seeded meld lists of both games, every
option that changes a meld's 胡 or shape (二七十, bonus_rank) and one that changes the table but not the melds
(peng_pao_on_discard: the facts are shared), and completing hands, cards and sources."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from zipai_desktop.engine import win
from zipai_desktop.engine.cards import NUM_KINDS, format_cards, number
from zipai_desktop.engine.melds import MeldKind
from zipai_desktop.engine.rules.bohu import BOHU, BohuOptions
from zipai_desktop.engine.win import Source
from zipai_desktop.tools import score

TRIPLES = {MeldKind.PENG, MeldKind.SAO, MeldKind.GUO_SAO, MeldKind.WEI}


def random_meld(rng: random.Random, kinds: tuple[MeldKind, ...], erqishi: bool) -> dict[str, str]:
    kind = rng.choice(kinds)
    if kind is MeldKind.CHI:
        low = rng.randrange(NUM_KINDS)
        shapes = [(low, low % 10, low % 10 + 10), (low % 10, low % 10 + 10, low % 10 + 10)]
        if number(low) <= 8:
            shapes.append((low, low + 1, low + 2))
        if number(low) == 2 and erqishi:
            shapes.append((low, low + 5, low + 8))
        cards = list(rng.choice(shapes))
        rng.shuffle(cards)
    else:
        cards = [rng.randrange(NUM_KINDS)] * (3 if kind in TRIPLES else 4)
    return {"kind": kind.value, "cards": format_cards(cards)}


def plain_facts(melds: tuple[Any, ...], card: int, table: win.WinTable) -> win.MeldsKnown:
    """What evaluate_roles works out from the melds when nobody tells it."""
    cards, quads, by_card = win.meld_facts(melds)
    sao_idx, peng_idx = by_card.get(card, (-1, -1))
    return cards, quads, sum(table.meld_value(m) for m in melds), sao_idx, peng_idx


def cases(game: str) -> list[tuple[list[dict[str, str]], str, bool, win.WinTable]]:
    rng = random.Random(f"meld facts {game}")
    out = []
    for _ in range(3_000):
        if game == "guilin":
            kinds, erqishi, table = score.GUILIN_MELDS, True, score._GUILIN.win_table
        else:
            erqishi = rng.random() < 0.7
            options = BohuOptions(
                erqishi=erqishi, bonus_rank=rng.choice([0, 0, rng.randrange(1, 11)]),
                peng_pao_on_discard=rng.random() < 0.5,  # another table, the same melds' facts (kept once for both)
            )  # fmt: skip
            kinds, table = score.BOHU_MELDS, BOHU.win_table_for(options)
        raw = [random_meld(rng, kinds, erqishi) for _ in range(rng.randrange(7))]
        out.append((raw, game, erqishi, table))
    return out


def random_group(rng: random.Random, erqishi: bool) -> list[int]:
    """A concealed group: a 坎 or a 吃-type group (a sequence, 二七十, 搭)."""
    low = rng.randrange(NUM_KINDS)
    shapes = [[low] * 3, [low % 10, low % 10, low % 10 + 10], [low % 10, low % 10 + 10, low % 10 + 10]]
    if number(low) <= 8:
        shapes.append([low, low + 1, low + 2])
    if number(low) == 2 and erqishi:
        shapes.append([low, low + 5, low + 8])
    return rng.choice(shapes)


def winning_hand(
    rng: random.Random, raw: list[dict[str, str]], rules: str, erqishi: bool, table: win.WinTable
) -> tuple[list[int], int] | None:
    """A hand (count vector before the card) and a card that complete with the melds ``raw``: the card a free card of
    the hand, the fourth of a 坎 held, or the fourth of a triple meld (which the caller's melds already hold as a
    triple); None when the cards would need a fifth copy."""
    kinds = score.GUILIN_MELDS if rules == "guilin" else score.BOHU_MELDS
    melds = [score._meld(m, 0, kinds, rules, erqishi=erqishi) for m in raw]
    quads = sum(m.is_quad for m in melds)
    triples = [m.cards[0] for m in melds if m.kind in TRIPLES]
    upgrade = bool(triples) and rng.random() < 0.3
    quads += upgrade
    groups = (7 if table.first_quad_free and quads == 0 else 6) - len(melds)
    if groups < 0:
        return None
    cards = [k for _ in range(groups) for k in random_group(rng, erqishi)]
    if not table.pair_always and quads == 0:
        pass
    else:
        cards += [rng.randrange(NUM_KINDS)] * 2
    hand = [0] * NUM_KINDS
    for k in cards:
        hand[k] += 1
    if upgrade:
        card = rng.choice(triples)
    else:
        card = rng.choice(cards)
        hand[card] -= 1
    held = hand[:]
    for m in melds:
        for k in m.cards:
            held[k] += 1
    held[card] += 1
    return None if max(held) > 4 else (hand, card)


def group_text(kind: str, cards: tuple[int, ...], hu_: int) -> str:
    return json.dumps({"kind": kind, "cards": format_cards(cards), "hu": hu_, "exposed": True}, ensure_ascii=False)


@pytest.mark.parametrize("game", ["guilin", "bohu"])
def test_the_kept_meld_facts_are_the_win_checks_own(game: str) -> None:
    rng = random.Random(f"hands {game}")
    sources = [Source.OWN_DRAW, Source.OTHER_DRAW, Source.DISCARD]
    checked = 0
    for raw, rules, erqishi, table in cases(game):
        kinds = score.GUILIN_MELDS if rules == "guilin" else score.BOHU_MELDS
        found = score._quick_melds(raw, kinds, rules, erqishi, table)
        assert found is not None, raw
        melds, cards, quads, _, meld_hu, sao, peng, texts = found
        assert [score._meld(m, 0, kinds, rules, erqishi=erqishi) for m in raw] == list(melds)
        # Each meld's group as a result line shows it (json.dumps of the group the win check would make).
        assert list(texts) == [group_text(m.kind.value, m.cards, table.meld_value(m)) for m in melds], raw
        assert cards == bytes(k for m in melds for k in m.cards)
        for card in range(NUM_KINDS):
            known = (len(cards), quads, meld_hu, sao.rfind(card), peng.rfind(card))
            assert known == plain_facts(melds, card, table), (raw, card)
        # The win check with the facts given answers as without them, on hands the card completes (mostly).
        for _ in range(3):
            made = winning_hand(rng, raw, rules, erqishi, table)
            if made is None:
                continue
            hand, card = made
            source = rng.choice(sources)
            known = (len(cards), quads, meld_hu, sao.rfind(card), peng.rfind(card))
            plain = win.evaluate_roles(bytes(hand), melds, card, source, table)
            given = win.evaluate_roles(bytes(hand), melds, card, source, table, known)
            assert [(s.hu, s.quads, s.groups) for s in given] == [(s.hu, s.quads, s.groups) for s in plain]
            checked += bool(plain)
    assert checked > 1_000  # the comparison saw splits


@pytest.mark.parametrize("game", ["guilin", "bohu"])
def test_a_new_meld_is_taken_exactly_when_the_careful_check_takes_it(game: str) -> None:
    """The quick check reads a meld it has not met with its own test of kind and shape: it takes what _checked_meld
    takes, as the same meld, and leaves the rest to it (random kinds of both games and cards of 0 to 5 glyphs, some
    spelt with separators or 叄)."""
    rng = random.Random(f"new melds {game}")
    kinds = score.GUILIN_MELDS if game == "guilin" else score.BOHU_MELDS
    names = [k.value for k in MeldKind] + ["x", ""]
    taken = 0
    for i in range(6_000):
        erqishi = game == "guilin" or rng.random() < 0.5
        table = score._GUILIN.win_table if game == "guilin" else BOHU.win_table_for(BohuOptions(erqishi=erqishi))
        if rng.random() < 0.5:
            raw = random_meld(rng, kinds, True)
        else:
            cards = [rng.randrange(NUM_KINDS)] * rng.randrange(6)
            raw = {"kind": rng.choice(names), "cards": format_cards(cards[: rng.randrange(6)] or cards)}
        if rng.random() < 0.1:
            raw["cards"] = " ".join(raw["cards"]).replace("叁", rng.choice(["叁", "叄"]))
        facts = score._new_meld_facts(raw, kinds, game, erqishi, table, {})
        try:
            want = score._checked_meld(raw, i, kinds, game, erqishi=erqishi)
        except score.Malformed:
            assert facts is None, raw
            continue
        assert facts is not None and facts[0] == want, raw
        taken += 1
    assert taken > 1_000
