"""The hint (F4): the expert bot's (专家) top three choices for the seat in front of the screen, each with its expected
result from the expert's own play-outs, and one line on why the first is best.

The analysis is made from the seat's :class:`~zipai_desktop.engine.observation.Observation` only, by
:meth:`~zipai_desktop.bots.expert.ExpertBot.analyse` (the same search the expert plays with), off the UI thread (the
controller's worker). The reason is read from the same observation (no pygame here): the waits (听) the first choice
leaves and their live copies, or the groups and pieces it keeps; a discarded card that stands alone, how many of its
kind are already out in the open; for a claim, the group it makes; and its lead over the second choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...bots.evaluate import free_cards, shape
from ...bots.expert import Choice
from ...bots.heuristic import unseen_counts
from ...engine.actions import Action, Chi, Discard, Hu, Pass, Peng
from ...engine.cards import NUM_KINDS, glyph
from ...engine.melds import chi_groups_with
from ...engine.observation import Observation, seen_counts
from ...engine.rules import get_rules
from ...engine.win import Source, evaluate_win

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


# --- the expert's analysis (F4): its top three with their expected results, and why the first -------------------------

#: How many of the expert's choices the hint shows.
SHOWN = 3


def _sep(lang: str) -> str:
    return "; " if lang == "en" else "；"


def points_text(mean: float, tr: Tr, lang: str, rules: str) -> str:
    """An expected result with its sign and unit (舵 in Guilin, points in Bohu), one decimal."""
    return tr("hint.points.guilin" if rules == "guilin" else "hint.points.bohu", lang, n=f"{mean:+.1f}")


def choices_text(obs: Observation, choices: Sequence[Choice], tr: Tr, lang: str) -> str:
    """The expert's first ``SHOWN`` choices, each with its expected result where it was played out."""
    out = []
    for c in choices[:SHOWN]:
        words = action_text(c.action, tr, lang)
        out.append(f"{words} {points_text(c.mean, tr, lang, obs.rules)}" if c.worlds else words)
    return " · ".join(out)


def waits_after(obs: Observation, hand: Sequence[int]) -> list[int]:
    """The kinds that would complete ``hand`` (with the seat's melds) into a win of at least the minimum 胡 now."""
    rules = get_rules(obs.rules)
    table = rules.win_table_for(obs.options)
    least = int(getattr(obs.options, "min_hu", getattr(obs.options, "min_huxi", 10)))
    melds = list(obs.melds[obs.seat])
    out = []
    for k in range(NUM_KINDS):
        split = evaluate_win(list(hand), melds, k, Source.OTHER_DRAW, table)
        if split is not None and split.hu >= least:
            out.append(k)
    return out


def _hand_facts(obs: Observation, rest: list[int], tr: Tr, lang: str) -> list[str]:
    """What the hand left by the first choice holds: its waits (听) and their live copies when it is one card from a
    win, else the most telling group it keeps and the live copies that would complete its 2-card pieces."""
    unseen = unseen_counts(obs)
    ready = waits_after(obs, rest)
    if ready:
        live = sum(unseen[k] for k in ready)
        return [tr("hint.ready", lang, cards="".join(glyph(k) for k in ready), n=live)]
    parts = []
    kept = _kept_shape(free_cards(rest))  # a 坎 is kept whatever is played: name a group the choice keeps
    if kept:
        parts.append(tr("hint.keeps", lang, shape=kept))
    pieces = shape(free_cards(rest)).waits
    if pieces:
        live = sum(unseen[k] for k in {k for w in pieces for k in w})
        parts.append(tr("hint.live", lang, n=live))
    return parts


def expert_reason(obs: Observation, choices: Sequence[Choice], tr: Tr, lang: str) -> str:
    """One line on why the expert's first choice is best, from facts of the position: for a discard the waits (听)
    or the groups and pieces it keeps with their live copies, and how many of the discarded kind are out; for a take
    the group it makes; its lead in expected result over the second choice."""
    if not choices:
        return ""
    first = choices[0].action
    hand = list(obs.hand)
    parts: list[str] = []
    if isinstance(first, Hu):
        parts.append(tr("hint.win", lang))
    elif isinstance(first, Discard):
        rest = list(hand)
        rest[first.card] -= 1
        parts += _hand_facts(obs, rest, tr, lang)
        if _partners(hand, first.card) == 0:
            parts.append(tr("hint.alone", lang, card=glyph(first.card)))
        seen = seen_counts(obs, own_hand=False)[first.card]
        if seen:
            parts.append(tr("hint.seen", lang, card=glyph(first.card), n=seen))
    elif isinstance(first, Peng) and obs.offer is not None:
        parts.append(tr("hint.makes", lang, group=glyph(obs.offer) * 3))
    elif isinstance(first, Chi):
        parts.append(tr("hint.makes", lang, group=" ".join("".join(glyph(k) for k in g) for g in first.groups)))
    elif isinstance(first, Pass):
        parts += _hand_facts(obs, hand, tr, lang) or [tr("hint.pass", lang)]
    played = [c for c in choices if c.worlds]
    if choices[0].worlds and len(played) > 1 and choices[0].mean >= played[1].mean:
        lead = f"{choices[0].mean - played[1].mean:.1f}"
        key = "hint.lead.guilin" if obs.rules == "guilin" else "hint.lead.bohu"
        parts.append(tr(key, lang, lead=lead, other=action_text(played[1].action, tr, lang)))
    return _sep(lang).join(parts)


def hint_lines(obs: Observation, choices: Sequence[Choice], tr: Tr, lang: str) -> str:
    """The hint's two lines: the expert's top three with their expected results, then why the first."""
    top = tr("hint.top", lang, choices=choices_text(obs, choices, tr, lang))
    why = expert_reason(obs, choices, tr, lang)
    return f"{top}\n{tr('hint.why', lang, reason=why)}" if why else top
