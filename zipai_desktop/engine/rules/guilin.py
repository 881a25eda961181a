"""桂林字牌 (Guilin zipai, as played on the 老K platform): options, values and settlement data.

The state machine in :mod:`zipai_desktop.engine.game` asks this module for everything that differs between games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..hu import WinTable
from ..melds import MeldKind
from .base import options_from_dict

XING_CHOICES = ("up_down", "up", "down", "mid", "up_mid", "mid_down", "up_mid_down", "none")


@dataclass(frozen=True, slots=True)
class GuilinOptions:
    """The rule options of guilin.md §11 (names as the ``zipai score`` contract accepts them)."""

    min_hu: int = 10  # 起胡: 10 or 15
    hu_step: int = 5  # 胡 per 舵 step: 5 or 3
    zimo_bonus: str = "add"  # 自摸: +1 舵 or ×2
    special_bonus: str = "add"  # 天胡 / 地胡 / 三龙五坎: +1 舵 each or ×2
    xing: str = "up_down"  # which 醒 count: 上 / 中 / 下
    xing_reflip: str = "category"  # re-flip while one category is 4 ([CY]) or while total >= 4 x flips ([GZ])
    wukan_counts_long: bool = False  # a 龙 also counts as a 坎 toward 五坎
    hu_compulsory: str = "no"  # 放炮必胡 ("discard") / 有胡必胡 ("always")
    two_long: str = "extra_card"  # two 龙 at the deal: an extra card, or skip a discard later
    guo_hu: bool = False  # procedure P5: a declined 胡 locks 胡 until the next own flip or take

    @property
    def xing_kinds(self) -> frozenset[str]:
        if self.xing == "none":
            return frozenset()
        return frozenset(self.xing.split("_"))


_CHOICES: dict[str, tuple[Any, ...]] = {
    "min_hu": (10, 15),
    "hu_step": (5, 3),
    "zimo_bonus": ("add", "double"),
    "special_bonus": ("add", "double"),
    "xing": XING_CHOICES,
    "xing_reflip": ("category", "cumulative"),
    "wukan_counts_long": (False, True),
    "hu_compulsory": ("no", "discard", "always"),
    "two_long": ("extra_card", "skip_discard"),
    "guo_hu": (False, True),
}


class GuilinRules:
    """桂林字牌 rules as data and small hooks."""

    name = "guilin"
    title = "桂林字牌"
    players = (3,)
    hand_size = 20  # every seat is dealt 20; the dealer also gets the 挡底
    options_type = GuilinOptions

    win_table = WinTable(
        values={
            "peng": (1, 3),
            "sao": (3, 6),
            "guo_sao": (3, 6),
            "kan": (3, 6),
            "kai_duo": (6, 9),
            "sao_chuan": (9, 12),
            "long": (9, 12),
        },
        triple_own=MeldKind.SAO,
        quad_own=MeldKind.SAO_CHUAN,
        triple_other=MeldKind.PENG,
        quad_other=MeldKind.KAI_DUO,
        pair_always=False,
        peng_upgrade_on_discard=False,
    )

    def parse_options(self, raw: Mapping[str, Any]) -> GuilinOptions:
        return options_from_dict(GuilinOptions, raw, _CHOICES)

    @staticmethod
    def held_target(quads: int) -> int:
        """§7.9: between turns a player holds 20 + max(0, Q - 1) cards (hand plus own melds)."""
        return 20 + max(0, quads - 1)


GUILIN = GuilinRules()
