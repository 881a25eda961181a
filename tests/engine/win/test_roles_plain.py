"""evaluate_roles decides each role's value first (the hand's figures from its bytes, the 胡 of the 坎 / 龙 and of the
melds read only for a role that completes the hand, the 坎 / 龙's 胡 kept by their pattern, the free cards' symbols
changed as one int, the pair's value kept by the symbols for callers that give the melds' facts) and must answer
exactly what the plain computation answers: every role of the card in the rules' order, with the same 胡, quads and
role (what the callers read to build the groups and the score command's text), with the melds' facts worked out, kept
by the game (``facts``) or given by the score command (``known``), the second time from what the first kept as the
first time.
"""

from __future__ import annotations

import random
from typing import Any

from zipai_desktop.engine import win
from zipai_desktop.engine.cards import NUM_KINDS
from zipai_desktop.engine.melds import Meld
from zipai_desktop.engine.win import Source, automaton, roles
from zipai_desktop.engine.win import reference as ref
from zipai_desktop.engine.win.automaton import symbols_of

from .test_reference import sample_case


def plain_roles(
    hand: list[int], melds: list[Meld], card: int | None, source: Source, table: win.WinTable
) -> list[tuple[Any, ...]]:
    """(胡, quads, role) of every completing role, worked out from the rules' list of roles: the free cards' value by
    the reference search, the fixed groups' 胡 summed kind by kind, nothing kept."""
    free = [c if c < 3 else 0 for c in hand]
    kans = [k for k in range(NUM_KINDS) if hand[k] == 3]
    longs = [k for k in range(NUM_KINDS) if hand[k] == 4]
    cards = sum(free) + 3 * len(kans) + 4 * len(longs)
    meld_cards, meld_quads, by_card = win.meld_facts(melds)
    base = sum(table.meld_value(m) for m in melds)
    base += sum(table.value("kan", k) for k in kans) + sum(table.value("long", k) for k in longs)
    quads = len(longs) + meld_quads
    complete = table.complete_count
    # (tag, free counts, quads, 胡 beyond the hand's and the melds')
    roles: list[tuple[str, list[int], int, int]] = []
    if card is None:
        if cards + meld_cards == complete(quads):
            roles.append(("base", free, quads, 0))
        sao = peng = -1
    else:
        c, held, own = card, hand[card], source is Source.OWN_DRAW
        sao, peng = by_card.get(c, (-1, -1))
        same, more = cards + meld_cards + 1 == complete(quads), cards + meld_cards + 1 == complete(quads + 1)
        joined = list(free)
        joined[c] += 1
        less = list(free)
        less[c] -= 2

        def quad_value(kind: Any) -> int:
            return table.value(kind.value, c)

        if own and held == 3:
            if more:
                roles.append(("own_quad_kan", free, quads + 1, quad_value(table.quad_own) - table.value("kan", c)))
        elif own and sao >= 0:
            if more:
                roles.append(
                    ("own_quad_sao", free, quads + 1, quad_value(table.quad_own) - table.meld_value(melds[sao]))
                )
        elif own and held == 2:
            if same:
                roles.append(("own_triple", less, quads, quad_value(table.triple_own)))
        else:
            if same:
                roles.append(("card_free", joined, quads, 0))
            if not own:
                if held == 2 and same:
                    roles.append(("other_triple", less, quads, quad_value(table.triple_other)))
                elif held == 3 and more:
                    roles.append(
                        ("other_quad_kan", free, quads + 1, quad_value(table.quad_other) - table.value("kan", c))
                    )
                if sao >= 0 and more:
                    swap = quad_value(table.quad_other) - table.meld_value(melds[sao])
                    roles.append(("other_quad_sao", free, quads + 1, swap))
            if peng >= 0 and more and (source is not Source.DISCARD or table.peng_upgrade_on_discard):
                roles.append(
                    ("peng_quad", free, quads + 1, quad_value(table.quad_other) - table.meld_value(melds[peng]))
                )
    out = []
    for tag, counts, q, extra in roles:
        need_pair = table.pair_always or q >= 1
        value = ref.best_free(counts, need_pair, table.erqishi)
        if value < 0:
            continue
        role = (tag, bytes(hand), tuple(melds), card, sao, peng, table, symbols_of(counts), need_pair, value)
        out.append((value + base + extra, q, role))
    return out


def known_facts(melds: list[Meld], card: int | None, table: win.WinTable) -> win.MeldsKnown:
    """The melds' facts as the score command hands them over (see tests/tools/test_score_meld_facts.py)."""
    cards, quads, by_card = win.meld_facts(melds)
    sao, peng = by_card.get(card, (-1, -1)) if card is not None else (-1, -1)
    return cards, quads, sum(table.meld_value(m) for m in melds), sao, peng


def as_found(splits: list[win.Split]) -> list[tuple[Any, ...]]:
    return [(s.hu, s.quads, s.role) for s in splits]


def test_every_role_is_the_plain_computations_with_and_without_the_melds_facts() -> None:
    rng = random.Random(1213)
    for kept in roles._PAIR_VALUES.values():
        kept.clear()
    wins = repeats = with_pair = 0
    for _ in range(3_000):
        hand, melds, card, source, table = sample_case(rng)
        want = plain_roles(hand, melds, card, source, table)
        assert as_found(win.evaluate_roles(hand, melds, card, source, table)) == want, (hand, melds, card, source)
        facts = win.meld_facts(melds)  # as a game keeps them per seat
        got = win.evaluate_roles(hand, melds, card, source, table, None, facts)
        assert as_found(got) == want, (hand, melds, card, source, facts)
        if card is not None:
            known = known_facts(melds, card, table)
            for _ in range(2):  # the second time the pair's value is one kept the first time
                got = win.evaluate_roles(hand, melds, card, source, table, known)
                assert as_found(got) == want, (hand, melds, card, source, known)
            repeats += 1
        wins += bool(want)
        with_pair += any(role[8] for _, _, role in want)
    assert wins > 600 and with_pair > 300 and repeats > 2_000
    kept_values = [(e, s, v) for e, kept in roles._PAIR_VALUES.items() for s, v in kept.items()]
    assert len(kept_values) > 300
    for erqishi, symbols, value in kept_values:  # what is kept is the walk's own value
        assert value == automaton.free_value(symbols, True, erqishi)


def test_a_hand_of_the_game_is_checked_as_the_plain_computation_checks_it() -> None:
    """Hands a seat holds in play: a card short of complete, and the card every kind in turn, from every source."""
    rng = random.Random(1312)
    wins = 0
    for _ in range(300):
        hand, melds, card, _, table = sample_case(rng)
        if card is not None:
            for k in range(NUM_KINDS):
                source = rng.choice(list(Source))
                want = plain_roles(hand, melds, k, source, table)
                assert as_found(win.evaluate_roles(hand, melds, k, source, table)) == want, (hand, melds, k, source)
                wins += bool(want)
    assert wins > 150
