"""One name per seat, the same at the table (label, scores, log, settlement), in the replays and the history.

A seat is 你 when it is the only human, 玩家n for each human of a hot-seat table (or a seat of unknown kind), and 电脑n
for a bot; the seat label adds a bot's level: 电脑2（普通）.
"""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import STRINGS, tr

HUMAN = "human"  # the seat kind of a person (controller.HUMAN, store.history.HUMAN)


def short_name(seat: int, kinds: Sequence[str] | None, lang: str) -> str:
    """你 / 玩家n / 电脑n. ``kinds`` is each seat's kind (``human`` or a bot level); None when not known."""
    kinds = list(kinds) if kinds is not None else []
    kind = kinds[seat] if seat < len(kinds) else HUMAN
    if kind != HUMAN and f"bot.{kind}" in STRINGS:
        return tr("seat.bot", lang, n=seat + 1)
    if kind == HUMAN and kinds.count(HUMAN) == 1:
        return tr("seat.you", lang)
    return tr("seat.player", lang, n=seat + 1)


def full_name(seat: int, kinds: Sequence[str] | None, lang: str) -> str:
    """The seat label's name: :func:`short_name`, with a bot's level."""
    kind = list(kinds)[seat] if kinds is not None and seat < len(kinds) else HUMAN
    name = short_name(seat, kinds, lang)
    if kind != HUMAN and f"bot.{kind}" in STRINGS:
        return tr("seat.with_level", lang, name=name, level=tr(f"bot.{kind}", lang))
    return name
