"""理牌: the hand in columns, the player's own arrangement kept as cards come and go, moving one card (no pygame)."""

from __future__ import annotations

import random

from zipai_desktop.app.table.hand_columns import (
    MAX_COLUMN,
    auto_columns,
    counts_of,
    flat,
    is_locked,
    move_card,
    reconcile,
)
from zipai_desktop.engine.cards import NUM_KINDS, full_deck, parse_cards, to_counts


def hand(text: str) -> list[int]:
    return to_counts(parse_cards(text))


def cols(*texts: str) -> list[list[int]]:
    return [parse_cards(t) for t in texts]


def test_auto_columns_put_kan_first_then_groups_then_loose_cards() -> None:
    h = hand("八八八 三三叁 四五六 贰柒拾 一壹 九")
    columns = auto_columns(h)
    assert columns[0] == parse_cards("八八八") and is_locked(columns[0], h)
    for group in ("三三叁", "四五六", "贰柒拾", "一壹", "九"):
        assert parse_cards(group) in columns
    assert counts_of(columns) == h
    assert all(len(c) <= MAX_COLUMN for c in columns)


def test_a_long_is_one_locked_column_of_four() -> None:
    h = hand("三三三三 一二")
    columns = auto_columns(h)
    assert columns[0] == parse_cards("三三三三") and is_locked(columns[0], h)


def test_reconcile_keeps_the_players_columns_as_cards_leave_and_arrive() -> None:
    mine = cols("九拾", "一二", "五五")  # the player's own order, not the auto one
    h = hand("九拾 一二 五五")
    assert reconcile(mine, h) == mine
    # A 五 leaves (碰 / discard): it goes from where it sat; nothing else moves.
    h2 = hand("九拾 一二 五")
    assert reconcile(mine, h2) == cols("九拾", "一二", "五")
    # A 三 arrives: it joins the column it makes a run with.
    h3 = hand("九拾 一二三 五")
    assert reconcile(cols("九拾", "一二", "五"), h3) == cols("九拾", "一二三", "五")
    # A card that fits nowhere starts a new column at the right.
    h4 = hand("九拾 一二三 五 柒")
    assert reconcile(cols("九拾", "一二三", "五"), h4) == cols("九拾", "一二三", "五柒")[:2] + [
        parse_cards("五"),
        parse_cards("柒"),
    ]


def test_a_kan_stays_one_locked_column_where_it_was() -> None:
    h = hand("一二 八八八 五")
    mine = cols("一二", "八八八", "五")
    assert reconcile(mine, h) == mine
    # The 坎 becomes a 扫穿 / 提 on the table: the column goes, the others stay.
    assert reconcile(mine, hand("一二 五")) == cols("一二", "五")


def test_move_a_card_between_columns_and_into_new_ones() -> None:
    h = hand("一二 五五 八八八")
    columns = cols("八八八", "一二", "五五")
    assert move_card(columns, (2, 1), 1, h) == cols("八八八", "一二五", "五")
    assert move_card(columns, (1, 0), 3, h) == cols("八八八", "二", "五五", "一")  # a new column at the right
    assert move_card(columns, (1, 0), -1, h) == cols("一", "八八八", "二", "五五")  # ... or at the left
    # A 坎 card does not move, a 坎 column takes nothing, a full column takes nothing.
    assert move_card(columns, (0, 0), 1, h) == columns
    assert move_card(columns, (1, 0), 0, h) == columns
    full = cols("一二三四", "五")
    assert move_card(full, (1, 0), 0, hand("一二三四五")) == full


def test_random_hands_keep_every_card_through_moves_and_changes() -> None:
    rng = random.Random(5)
    for _ in range(300):
        deck = full_deck()
        rng.shuffle(deck)
        h = to_counts(deck[:20])
        if max(h) > 3 and rng.random() < 0.5:
            continue
        columns = auto_columns(h)
        for _ in range(10):
            cards = flat(columns)
            ci, ri, _k = rng.choice(cards)
            columns = move_card(columns, (ci, ri), rng.randrange(-1, len(columns) + 1), h)
            assert counts_of(columns) == h
        # Cards leave and arrive: the columns always hold exactly the hand, every 坎 as one column.
        for _ in range(5):
            k = rng.randrange(NUM_KINDS)
            if h[k] and rng.random() < 0.5:
                h[k] -= 1
            elif h[k] < 2:
                h[k] += 1
            columns = reconcile(columns, h)
            assert counts_of(columns) == h
            for kind in range(NUM_KINDS):
                if h[kind] >= 3:
                    assert [kind] * h[kind] in columns
            assert all(c for c in columns)
