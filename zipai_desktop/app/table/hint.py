"""The discard hint (F4): the strong bot's choice for the seat in front of the screen, with a one-line reason.

The choice is made from the seat's :class:`~zipai_desktop.engine.observation.Observation` only, by the strong bot, off
the UI thread (the controller's worker). The reason is read from the same observation (no pygame here): a discarded
card that stands alone in the hand, how many of its kind are already out in the open, the shape the rest of the hand
keeps; for a claim, whether it wins or makes a group.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.actions import Action, Chi, Discard, Hu, Pass, Peng
from ...engine.cards import NUM_KINDS, glyph
from ...engine.melds import chi_groups_with
from ...engine.observation import Observation, seen_counts

Tr = Callable[..., str]


def _partners(hand: list[int], card: int) -> int:
    """Cards of the hand that could make a group with ``card`` (same kind, same number, a 吃 shape)."""
    others = list(hand)
    others[card] -= 1
    near = others[card] + others[(card + 10) % NUM_KINDS if card < 10 else card - 10]
    for g in chi_groups_with(card):
        rest = list(g)
        rest.remove(card)
        if all(others[k] > 0 for k in rest):
            near += 1
    return near


def _kept_shape(hand: list[int]) -> str:
    """The most telling group the hand keeps: a 坎, a pair, 二七十 or a run (written as its cards), or ''."""
    for k in range(NUM_KINDS):
        if hand[k] >= 3:
            return glyph(k) * 3
    for base in (10, 0):
        for start in range(base, base + 8):
            if hand[start] and hand[start + 1] and hand[start + 2]:
                return "".join(glyph(k) for k in (start, start + 1, start + 2))
        if hand[base + 1] and hand[base + 6] and hand[base + 9]:
            return "".join(glyph(k) for k in (base + 1, base + 6, base + 9))
    for k in range(NUM_KINDS):
        if hand[k] == 2:
            return glyph(k) * 2
    return ""


def action_text(action: Action, tr: Tr, lang: str) -> str:
    """The hinted action in words (打 x, 吃, 碰, 胡, 过)."""
    if isinstance(action, Discard):
        return tr("hint.discard", lang, card=glyph(action.card))
    if isinstance(action, Hu):
        return tr("action.hu", lang)
    if isinstance(action, Peng):
        return tr("action.peng", lang)
    if isinstance(action, Chi):
        groups = ["".join(glyph(k) for k in g) for g in action.groups]
        text = f"{tr('action.chi', lang)} {groups[0]}"
        if len(groups) > 1:
            text += f" {tr('action.bi', lang)} {' '.join(groups[1:])}"
        return text
    return tr("action.pass", lang)


def reason(obs: Observation, action: Action, tr: Tr, lang: str) -> str:
    """One line: why ``action`` (e.g. "keeps 二七十; 3 捌 seen")."""
    hand = list(obs.hand)
    if isinstance(action, Hu):
        return tr("hint.win", lang)
    if isinstance(action, Peng | Chi):
        return tr("hint.take", lang)
    if isinstance(action, Pass):
        return tr("hint.pass", lang)
    if not isinstance(action, Discard):
        return ""
    card = action.card
    parts = []
    rest = list(hand)
    rest[card] -= 1
    shape = _kept_shape(rest)
    if shape:
        parts.append(tr("hint.keeps", lang, shape=shape))
    if _partners(hand, card) == 0:
        parts.append(tr("hint.alone", lang, card=glyph(card)))
    seen = seen_counts(obs, own_hand=False)[card]
    if seen:
        parts.append(tr("hint.seen", lang, card=glyph(card), n=seen))
    if not parts:
        parts.append(tr("hint.seen", lang, card=glyph(card), n=0))
    return "; ".join(parts) if lang == "en" else "；".join(parts)
