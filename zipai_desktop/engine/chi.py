"""吃 (chi) offers: every legal way to take a card into a group of three, with its 比 (bi) groups (rules §7.2).

A seat may 吃 a card on offer when two cards it may discard (held once or twice: not part of a 坎 / 龙, rules §5)
make a group with it (a run, or 二七十 where the rules count it), and a card to discard is left afterwards. A seat that
still holds a copy of the card after the main group must put each such copy out in a 比 group of its own (下比), again
of unlocked cards. The claim arbiter (engine/game.py) asks :func:`chi_offers` at nearly every card on offer, so the
groups of each kind are laid out once as tables ("plans") and each 吃 action and meld is one shared immutable value.
tests/engine/test_chi.py holds the offers to a plain enumeration on seeded positions.
"""

from __future__ import annotations

from .actions import Chi
from .cards import NUM_KINDS
from .melds import Meld, MeldKind, chi_groups_with

_NOT_FREE = bytes([0, 3, 4])  # the held counts of a kind that is not free (none, or a 坎 / 龙)


def may_discard(hand: list[int]) -> bool:
    """Whether the hand holds a card that may be discarded (not part of a 坎 / 龙)."""
    return bool(hand.count(1) or hand.count(2))


def unlocked_kinds(hand: list[int]) -> int:
    """How many kinds the hand holds once or twice (the kinds it may discard)."""
    return len(bytearray(hand).translate(None, _NOT_FREE))


def chi_meld(group: tuple[int, int, int]) -> Meld:
    """The shared 吃 meld of ``group`` as written (taken card first)."""
    meld = _CHI_MELDS.get(group)
    if meld is None:
        meld = _CHI_MELDS[group] = Meld(MeldKind.CHI, group)
    return meld


def _main_order(group: tuple[int, int, int], card: int) -> tuple[int, int, int]:
    """A 吃 group written with the taken card first, the hand cards after it in order."""
    rest = list(group)
    rest.remove(card)
    return (card, rest[0], rest[1])


def _is_erqishi(group: tuple[int, int, int]) -> bool:
    return sorted(k % 10 for k in group) == [1, 6, 9]


# Each 吃 offered is one shared (immutable) action: the same few hundred come back all the time. Every key is a group
# of the 20 kinds with at most two 比 groups, so the table cannot outgrow a few thousand entries.
_CHIS: dict[tuple[tuple[int, int, int], tuple[tuple[int, int, int], ...]], Chi] = {}


_CHI_MELDS: dict[tuple[int, int, int], Meld] = {}  # one shared (immutable) 吃 meld per group as written


def _chi(main: tuple[int, int, int], bis: tuple[tuple[int, int, int], ...]) -> Chi:
    action = _CHIS.get((main, bis))
    if action is None:
        action = _CHIS[main, bis] = Chi((main, *bis))
    return action


_Plan = tuple[Chi, tuple[int, int, int], int, int, int]


def _plan(group: tuple[int, int, int], card: int) -> _Plan:
    """How ``card`` is eaten into ``group``: (the 吃 of that group alone, the group written taken card first, the two
    cards the hand gives, how many of them are the card's own kind)."""
    ordered = _main_order(group, card)
    a, b = ordered[1:]
    return (_chi(ordered, ()), ordered, a, b, (a == card) + (b == card))


# Per ruleset (with 二七十 or without: its groups left out) and kind: each 吃 group with the kind, as a plan.
_CHI_PLANS: dict[bool, tuple[tuple[_Plan, ...], ...]] = {
    erqishi: tuple(
        tuple(_plan(g, k) for g in chi_groups_with(k) if erqishi or not _is_erqishi(g)) for k in range(NUM_KINDS)
    )
    for erqishi in (True, False)
}
# Held count -> the two hand cards of a plan can be given: a table per plan, read by index for each of its two cards.
# Two kinds: each free (held once or twice, not in a 坎 / 龙); one kind given twice: held exactly twice.
_FREE = (False, True, True, False, False)
_TWICE = (False, False, True, False, False)
# Per ruleset and kind: each plan of _CHI_PLANS, in its order, as (the table for its two cards, the two cards, the
# plan's own parts: the 吃 alone, the group as written, the copies of the card the hand gives).
_ChiTest = tuple[tuple[bool, ...], int, int, tuple[Chi, tuple[int, int, int], int]]
_CHI_TESTS: dict[bool, tuple[tuple[_ChiTest, ...], ...]] = {
    erqishi: tuple(
        tuple((_TWICE if a == b else _FREE, a, b, (alone, ordered, own)) for alone, ordered, a, b, own in plans)
        for plans in _CHI_PLANS[erqishi]
    )
    for erqishi in (True, False)
}
# Per ruleset and kind: each 吃-type group with the kind (a 比 group), and how many of each card it takes.
_BI_GROUPS = {
    erqishi: tuple(
        tuple(
            (g, tuple((k, g.count(k)) for k in dict.fromkeys(g)))
            for g in chi_groups_with(card)
            if erqishi or not _is_erqishi(g)
        )
        for card in range(NUM_KINDS)
    )
    for erqishi in (True, False)
}


def chi_offers(hand: list[int], card: int, erqishi: bool, bi: bool) -> list[Chi]:
    """Every legal 吃 of ``card`` for ``hand`` (§7.2), which holds fewer than three of it (the 坎 and 臭牌 tests are
    the caller's): each main group with each complete choice of 比 groups, main groups in the order of the plans.

    Written for the claim arbiter, which asks at nearly every card on offer: no copy of the hand unless 比 groups are
    needed, and the "a card to discard is left" test counted from the hand's unlocked kinds instead of made on a
    copy; the unlocked kinds are counted only once a main group is found, which most asks never reach. Each main
    group alone is a shared action made at import. (The offers are not kept by the counts of the card's kinds: the
    asks rarely repeat.) tests/engine/test_chi.py compares the offers with the plain enumeration on seeded
    positions.
    """
    out: list[Chi] = []
    free = -1  # the hand's unlocked kinds (held once or twice), counted when a main group is first found
    # The two cards the hand gives: unlocked, and both copies held when the two are one kind; told by one table per
    # plan (_FREE, or _TWICE for one kind given twice) read for each card, without telling the two cases apart: most
    # plans fail here.
    for can, a, b, plan in _CHI_TESTS[erqishi][card]:
        if not (can[hand[a]] and can[hand[b]]):
            continue
        alone, ordered, own = plan
        # ``lost``: the unlocked kinds the hand has no more after giving them (a kind held once, or the pair whole)
        lost = 1 if a == b else (hand[a] == 1) + (hand[b] == 1)
        if free < 0:
            # (the kinds held once or twice: the hand's counts as bytes with the other counts deleted)
            free = unlocked_kinds(hand)
        left = hand[card] - own  # copies of the card the hand still holds: each must go out in a 比 group
        if not left or not bi:
            # The main group alone: legal when a card to discard is left (an unlocked kind the 吃 does not empty).
            if free > lost:
                out.append(alone)
            continue
        rest = [*hand]
        rest[a] -= 1
        rest[b] -= 1
        if left == 1:
            # One copy left (the usual case): each 比 group with it whose cards the hand still holds unlocked, if a
            # card to discard is left; ``gone``: the kinds the group takes the last copies of.
            for g, takes in _BI_GROUPS[erqishi][card]:
                gone = 0
                for k, count in takes:
                    have = rest[k]
                    if have < count or hand[k] >= 3:
                        break
                    gone += have == count
                else:
                    if free - lost > gone:
                        out.append(_chi(ordered, (g,)))
            continue
        roomy = free > 8  # a 吃 takes at most 8 cards: with more unlocked kinds, a card to discard is left anyway
        for bis in bi_choices(rest, card, hand, erqishi):
            if not roomy:
                after = list(rest)
                for g in bis:
                    for k in g:
                        after[k] -= 1
                if not may_discard(after):
                    continue
            out.append(_chi(ordered, bis))
    return out  # no two alike: each main group once, each with distinct 比 choices


def bi_choices(
    rest: list[int], card: int, hand: list[int], erqishi: bool = True
) -> list[tuple[tuple[int, int, int], ...]]:
    """All ways to put out every remaining copy of ``card`` in 比 groups made of unlocked hand cards (§7.2)."""
    if rest[card] == 0:
        return [()]
    out: list[tuple[tuple[int, int, int], ...]] = []
    for g, takes in _BI_GROUPS[erqishi][card]:
        # The group's cards must be left in ``rest`` and unlocked in the hand: checked before ``rest`` is copied.
        for k, count in takes:
            if rest[k] < count or hand[k] >= 3:
                break
        else:
            after = list(rest)
            for k, count in takes:
                after[k] -= count
            for more in bi_choices(after, card, hand, erqishi):
                out.append(tuple(sorted((g, *more))))
    return list(dict.fromkeys(out))
