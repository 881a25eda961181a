"""Groups (方子) and melds: their shapes and how 胡 values are read from a rules table.

A *meld* is a group on the table. A *group* in a winning split may also be concealed (坎, 龙, a sequence held in hand,
the pair 将). Values are data: each rules module gives a ``(small, big)`` pair per meld kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import permutations

from .cards import HIDDEN, format_cards, is_big, number


class MeldKind(StrEnum):
    """Every meld kind of both games; names are the ones the ``zipai score`` contract uses."""

    CHI = "chi"  # 吃 (and each 比 group): a sequence, 二七十 or 搭 / 绞
    PENG = "peng"  # 碰: pair in hand + another player's card, face up
    SAO = "sao"  # 扫 (Guilin): pair + own flip, face down
    GUO_SAO = "guo_sao"  # 过扫 (Guilin): 扫 after a declined 碰, two down one up
    SAO_CHUAN = "sao_chuan"  # 扫穿 (Guilin): 坎 / 扫 + own flip, four face down
    KAI_DUO = "kai_duo"  # 开舵 (Guilin): exposed quad made with another player's card
    LONG = "long"  # 龙 laid down at a 重舵 (Guilin)
    WEI = "wei"  # 偎 (Bohu): pair + own draw, face down
    CHOU_WEI = "chou_wei"  # 臭偎 (Bohu): 偎 after a declined 碰, one card shown
    TI = "ti"  # 提 (Bohu): concealed quad, three down one up
    PAO = "pao"  # 跑 (Bohu): exposed quad


QUAD_KINDS = frozenset({MeldKind.SAO_CHUAN, MeldKind.KAI_DUO, MeldKind.LONG, MeldKind.TI, MeldKind.PAO})
SAO_KINDS = frozenset({MeldKind.SAO, MeldKind.GUO_SAO})
WEI_KINDS = frozenset({MeldKind.WEI, MeldKind.CHOU_WEI})

# How many cards of each meld kind the other players see face down.
FACE_DOWN = {
    MeldKind.SAO: 3,
    MeldKind.GUO_SAO: 2,
    MeldKind.SAO_CHUAN: 4,
    MeldKind.WEI: 3,
    MeldKind.CHOU_WEI: 2,
    MeldKind.TI: 3,
}


@dataclass(frozen=True, slots=True)
class Meld:
    """A group on the table. ``cards`` are kinds; for 吃 the taken card comes first."""

    kind: MeldKind
    cards: tuple[int, ...]

    @property
    def is_quad(self) -> bool:
        """Whether the meld holds all four copies of its kind: 扫穿, 开舵, 龙 (Guilin) or 提, 跑 (Bohu)."""
        return self.kind in QUAD_KINDS

    @property
    def face_down(self) -> int:
        """How many of the meld's cards lie face down to the other players (0 for 吃, 碰 and the exposed quads)."""
        return FACE_DOWN.get(self.kind, 0)

    @property
    def hidden_kind(self) -> bool:
        """True when the others cannot tell which kind this meld is (扫, 扫穿, 偎: every card down)."""
        return self.face_down >= len(self.cards)

    def __str__(self) -> str:
        """The meld for logs and messages: its kind's contract name and its cards, e.g. ``peng 五五五``."""
        return f"{self.kind.value} {format_cards(self.cards)}"


def shown_to_others(melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """A seat's melds as every other seat sees them: a meld whose kind is hidden (扫, 扫穿, 偎: every card face down)
    shows its cards as :data:`~.cards.HIDDEN`; the others as they are (the same tuple when no meld is hidden)."""
    if FACE_DOWN.keys().isdisjoint([m.kind for m in melds]):
        return melds  # most seats have no face-down meld
    return tuple([Meld(m.kind, (HIDDEN,) * len(m.cards)) if m.hidden_kind else m for m in melds])


def chi_shape(cards: tuple[int, ...] | list[int]) -> str | None:
    """The shape of a 3-card 吃-type group: ``"seq"`` (顺 / 一句话), ``"erqishi"`` (二七十) or ``"da"`` (搭 / 绞)."""
    if len(cards) != 3:
        return None
    a, b, c = sorted(cards)
    if is_big(a) == is_big(c):
        if b == a + 1 and c == a + 2:
            return "seq"
        if number(a) == 2 and number(b) == 7 and number(c) == 10:
            return "erqishi"
    if number(a) == number(b) == number(c) and not (a == b == c):
        return "da"
    return None


def chi_bonus(cards: tuple[int, ...] | list[int]) -> int:
    """胡 of a 吃-type group in both games: 一二三 / 二七十 are 3 (small) or 6 (big), any other is 0."""
    known = _CHI_BONUS.get(cards) if type(cards) is tuple else None
    return _chi_bonus(cards) if known is None else known


def _chi_bonus(cards: tuple[int, ...] | list[int]) -> int:
    a, b, c = sorted(cards)
    if is_big(a) != is_big(c):
        return 0
    if (number(a), number(b), number(c)) in ((1, 2, 3), (2, 7, 10)):
        return 6 if is_big(a) else 3
    return 0


def _chi_groups_with(kind: int) -> tuple[tuple[int, int, int], ...]:
    n = number(kind)
    base = kind - (n - 1)
    out: set[tuple[int, int, int]] = set()
    for start in range(max(1, n - 2), min(8, n) + 1):
        out.add((base + start - 1, base + start, base + start + 1))
    if n in (2, 7, 10):
        out.add((base + 1, base + 6, base + 9))
    other = kind + 10 if kind < 10 else kind - 10
    out.add(tuple(sorted((kind, kind, other))))  # type: ignore[arg-type]
    out.add(tuple(sorted((kind, other, other))))  # type: ignore[arg-type]
    return tuple(sorted(out))


# Computed once: the engine asks for them at every card offered.
_CHI_GROUPS = tuple(_chi_groups_with(k) for k in range(20))
# chi_bonus of every order of the cards of every 吃-type group, looked up: a meld's value is read at every win checked.
_CHI_BONUS: dict[tuple[int, ...], int] = {
    (a, b, c): _chi_bonus((a, b, c))
    for group in {g for groups in _CHI_GROUPS for g in groups}
    for a, b, c in permutations(group)
}


def chi_groups_with(kind: int) -> tuple[tuple[int, int, int], ...]:
    """Every 3-card 吃-type group that contains ``kind``, sorted, without duplicates."""
    return _CHI_GROUPS[kind]
