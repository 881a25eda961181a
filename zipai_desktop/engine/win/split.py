"""A winning split (胡牌拆分): its 胡, its quads, and its groups, built when somebody reads them.

Most checks only need the 胡, and a win is claimed or shown far less often than it is checked, so a split found by the
win check keeps its role (:data:`~zipai_desktop.engine.win.model.RoleArgs`) and builds its groups from it on first
read (engine/win/groups.py). What a game asks of the groups without reading them (their count, the kinds of the fixed
ones) is answered here from the role.
"""

from __future__ import annotations

from typing import Any

from ..melds import MeldKind
from .groups import role_groups
from .model import FREE_COUNTS, ROLE_SIZE, Group, RoleArgs, free_symbols

_LIMIT = 20_000  # entries of the cache of 坎 / 龙 kinds below: bounded, so a long session's memory stays flat
# bytes.translate: a held count -> itself if a 坎 (3) or 龙 (4), else 0.
_LOCKED = bytes(c if c in (3, 4) else 0 for c in range(256))


class Split:
    """A complete winning split and its total 胡 (before any minimum is applied).

    Immutable. A split found by the win check builds its groups on first read: most checks only need the 胡, and a
    win is claimed or shown far less often than it is checked. Such a split keeps its *role* (what
    :func:`evaluate_roles` knew of the hand: see ``RoleArgs``), or what its role is made from on first read: for a
    concealed hand judged as it stands the held counts it was found from (:func:`_dealt_role`), for a card that joins
    the free cards as the game's check found it the counts, melds and card (:func:`_joined_role`).
    """

    __slots__ = ("hu", "quads", "_groups", "_kept")

    hu: int
    quads: int
    _groups: tuple[Group, ...] | None  # None in a split found by the win check until they are first read
    _kept: tuple[Any, ...] | None  # a role (RoleArgs), or what _dealt_role / _joined_role make the role from

    def __init__(self, hu: int, groups: tuple[Group, ...], quads: int = 0) -> None:
        object.__setattr__(self, "hu", hu)
        object.__setattr__(self, "quads", quads)
        object.__setattr__(self, "_groups", groups)
        object.__setattr__(self, "_kept", None)

    @classmethod
    def found(cls, hu: int, quads: int, kept: tuple[Any, ...]) -> Split:
        """A split found by the win check, whose groups are made from ``kept`` when first read."""
        split = object.__new__(cls)
        object.__setattr__(split, "hu", hu)
        object.__setattr__(split, "quads", quads)
        object.__setattr__(split, "_groups", None)
        object.__setattr__(split, "_kept", kept)
        return split

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Split is immutable (cannot set {name!r})")

    @property
    def role(self) -> RoleArgs | None:
        """What it takes to list the groups of a split found by the win check (None for a split made with them)."""
        kept = self._kept
        if kept is None or len(kept) == ROLE_SIZE:
            return kept
        role = _joined_role(kept) if len(kept) == JOINED_SIZE else _dealt_role(kept)
        object.__setattr__(self, "_kept", role)
        return role

    @property
    def groups_built(self) -> bool:
        """Whether the groups are there already (made with them, or read once)."""
        return self._groups is not None

    @property
    def groups(self) -> tuple[Group, ...]:
        """The groups of the split: the table melds, the 坎 / 龙 held, the card's own group, the free cards'."""
        groups = self._groups
        if groups is None:  # a split found by the win check: its groups are built now, once
            role = self.role
            assert role is not None
            groups = role_groups(*role)  # what reference.role_groups gives, from shared groups
            object.__setattr__(self, "_groups", groups)
        return groups

    def _key(self) -> tuple[int, tuple[Group, ...], int]:
        return (self.hu, self.groups, self.quads)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Split):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Split(hu={self.hu!r}, groups={self.groups!r}, quads={self.quads!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Split, (self.hu, self.groups, self.quads))


def _dealt_role(kept: tuple[Any, ...]) -> RoleArgs:
    """The role of a concealed hand judged as it stands (the win check with no card and no melds), from what its
    split keeps: the 20 held counts, the table, whether a pair was needed and the free cards' 胡. Equal to the role
    the full role evaluation finds for the same hand
    (tests/engine/win/test_check.py::test_a_hand_as_it_stands_is_split_as_evaluate_roles_splits_it)."""
    raw = bytes(kept[:20])
    free = int.from_bytes(raw.translate(FREE_COUNTS), "little")
    symbols = free_symbols(free)
    return ("base", raw, (), None, -1, -1, kept[20], symbols, kept[21], kept[22])


# What a split found by the game's check where there is one role keeps (engine/win/check.py _one_role): (the held
# counts before the card, as a tuple; the melds; the card, None for a hand as it stands; the table; a pair needed;
# the free cards' 胡).
JOINED_SIZE = 6


def _joined_role(kept: tuple[Any, ...]) -> RoleArgs:
    """The role of a card that joins the free cards ("card_free"), or of a hand as it stands ("base"), from what the
    game's check kept (see :data:`JOINED_SIZE`): the role evaluate_roles makes for it, its bytes and the free cards'
    symbols made now, when first read (held equal by
    tests/engine/win/test_check.py::test_the_games_question_gives_the_roles_own_splits)."""
    counts, melds, card, table, need_pair, value = kept
    raw = bytes(counts)
    with_card = bytearray(raw)
    if card is not None:
        with_card[card] += 1  # held at most once before: a free count still
    symbols = free_symbols(int.from_bytes(with_card.translate(FREE_COUNTS), "little"))
    return ("card_free" if card is not None else "base", raw, melds, card, -1, -1, table, symbols, need_pair, value)


# The kind of each meld kind's group (a MeldKind hashes by its name, not by its value, so it is looked up by the
# member and its value read here once).
_KIND_NAME = {k: k.value for k in MeldKind}


def fixed_kinds(split: Split) -> list[str]:
    """The kinds of a split's groups other than its free cards' (seq, da, pair), in :func:`role_groups`' order: the
    table melds (one possibly made a quad), the 坎 / 龙 held, the card's own group. Read without building the groups:
    Bohu's 漂 (no 哨 and no quad) asks only this of every role of a win, and only the role chosen shows its groups."""
    role = split.role
    if role is None or split.groups_built:  # not lazy, or built already: read the groups themselves
        return [g.kind for g in split.groups if g.kind not in _FREE_KINDS]
    tag, hand, melds, c, sao_idx, peng_idx, table, _, _, _ = role
    name = _KIND_NAME
    exposed = [name[m.kind] for m in melds]
    locked: list[str] = []
    if 3 in hand or 4 in hand:
        pattern = hand.translate(_LOCKED)
        known = _LOCKED_KINDS.get(pattern)
        if known is None:
            known = ["long" if n == 4 else "kan" for n in pattern if n]
            if len(_LOCKED_KINDS) >= _LIMIT:
                _LOCKED_KINDS.clear()
            _LOCKED_KINDS[pattern] = known
        locked = known  # read only: every return below makes a new list
    if c is None or tag == "card_free":
        return exposed + locked
    if tag == "own_quad_kan" or tag == "other_quad_kan":
        without = ["long" if n == 4 else "kan" for k, n in enumerate(hand) if n >= 3 and k != c]
        if tag == "own_quad_kan":
            return [*exposed, name[table.quad_own], *without]
        return [*exposed, *without, name[table.quad_other]]
    if tag == "own_quad_sao":
        exposed[sao_idx] = name[table.quad_own]
    elif tag == "own_triple":
        return [*exposed, name[table.triple_own], *locked]
    elif tag == "other_triple":
        return [*exposed, *locked, name[table.triple_other]]
    elif tag == "other_quad_sao":
        exposed[sao_idx] = name[table.quad_other]
    elif tag == "peng_quad":
        exposed[peng_idx] = name[table.quad_other]
    return exposed + locked


def group_count(split: Split) -> int:
    """How many groups the split has (``len(split.groups)``), counted without building them: the melds, the 坎 / 龙
    held, the card's own triple (a quad takes the place of its 坎 or meld), and the free cards' groups (3 cards each,
    and the pair). Bohu asks it of a win from the deal (三提五坎 holds fewer than 7), which would otherwise make every
    fixed group of a new table."""
    role = split.role
    if role is None or split.groups_built:
        return len(split.groups)
    tag, hand, melds, _, _, _, _, symbols, need_pair, _ = role
    free = sum(symbols) - 3 * sum(symbols.translate(_HIGH))  # a symbol is 4 x small + big: small + big = s - 3 x small
    own = tag == "own_triple" or tag == "other_triple"
    return len(melds) + hand.count(3) + hand.count(4) + own + (free - 2 * need_pair) // 3 + need_pair


# bytes.translate: a symbol (4 x small + big) -> its small count.
_HIGH = bytes(s >> 2 if s < 16 else 0 for s in range(256))


def any_fixed_kind(split: Split, kinds: frozenset[str]) -> bool:
    """Whether a group of ``kinds`` is among the split's fixed groups (:func:`fixed_kinds`), read without the list:
    Bohu's 漂 (no 哨 and no quad) asks this of every win the score command scores."""
    role = split.role
    if role is None or split.groups_built:
        return not kinds.isdisjoint(fixed_kinds(split))
    tag, hand, melds, c, sao_idx, peng_idx, table, _, _, _ = role
    name = _KIND_NAME
    # The meld the card makes a quad is that quad, not its meld (own_quad_sao, other_quad_sao, peng_quad).
    replaced = sao_idx if tag == "own_quad_sao" or tag == "other_quad_sao" else peng_idx if tag == "peng_quad" else -1
    for i, m in enumerate(melds):
        if i != replaced and name[m.kind] in kinds:
            return True
    if c is None or tag == "card_free":
        own = None
    elif tag == "own_quad_kan" or tag == "own_quad_sao":
        own = table.quad_own
    elif tag == "own_triple":
        own = table.triple_own
    elif tag == "other_triple":
        own = table.triple_other
    else:  # other_quad_kan, other_quad_sao, peng_quad
        own = table.quad_other
    if own is not None and name[own] in kinds:
        return True
    if tag == "own_quad_kan" or tag == "other_quad_kan":
        assert c is not None
        hand = hand[:c] + hand[c + 1 :]  # the card's 坎 became its quad
    return ("kan" in kinds and 3 in hand) or ("long" in kinds and 4 in hand)


_FREE_KINDS = frozenset({"seq", "da", "pair"})
# The kinds of the 坎 / 龙 of a hand by its held 3s and 4s (as role_groups keeps their groups): read only.
_LOCKED_KINDS: dict[bytes, list[str]] = {}
