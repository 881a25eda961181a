"""The calls a seat makes, announced big at its seat with a sound of their own: 吃 碰 偎 跑 提 开舵 扫 龙, 胡 and 自摸.

A call is what a 老K player hears at a real table: every meld laid down (claimed or forced) and every win. The text is
``cue.<call>`` (吃！/ "Eat!"), the sound ``assets/sounds/call_<sound>.wav`` (``build/make_sounds.py``); the meld kinds
that are variants of one call share its sound (过扫 and 扫穿 sound as 扫, 臭偎 as 偎).
"""

from __future__ import annotations

from ...engine import events as ev
from ...engine.melds import MeldKind

#: Each call and its sound (the file ``call_<sound>.wav``).
CALL_SOUNDS: dict[str, str] = {
    "chi": "call_chi",
    "peng": "call_peng",
    "wei": "call_wei",
    "chou_wei": "call_wei",
    "pao": "call_pao",
    "ti": "call_ti",
    "kai_duo": "call_kai_duo",
    "sao": "call_sao",
    "guo_sao": "call_sao",
    "sao_chuan": "call_sao",
    "long": "call_long",
    "hu": "call_hu",
    "zimo": "call_zimo",
}


def call_of(event: ev.Event) -> str | None:
    """The call ``event`` makes (a :data:`CALL_SOUNDS` key), or None: a meld's kind (not the 比 groups that follow a
    吃, which are part of that call), 胡 for a win, 自摸 for a win on one's own flip."""
    if isinstance(event, ev.Melded):
        bi = event.meld.kind is MeldKind.CHI and len(event.from_hand) == len(event.meld.cards)
        return None if bi else event.meld.kind.value
    if isinstance(event, ev.Won):
        return "zimo" if event.source == "own_draw" else "hu"
    return None
