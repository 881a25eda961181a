"""A message of the store for the player: an English sentence (for logs and the command line) that also carries a key.

A :class:`Notice` is a ``str`` (everything that printed or compared the store's messages keeps working) with a
``key`` and ``params``: the app shows ``tr("notice.<key>", lang, **params)``, a short line in the player's language.
"""

from __future__ import annotations

from typing import Any


class Notice(str):
    """One sentence for the player, translatable by its ``key``."""

    key: str
    params: dict[str, Any]

    def __new__(cls, text: str, key: str, **params: Any) -> Notice:
        """The English ``text`` carrying the i18n ``key`` (shown as ``notice.<key>``) and the ``params`` its
        translations fill in."""
        notice = super().__new__(cls, text)
        notice.key = key
        notice.params = params
        return notice


def error_text(exc: BaseException, limit: int = 60) -> str:
    """An exception in a few words for a notice: the OS reason alone when there is one (not the full path)."""
    text = str(getattr(exc, "strerror", None) or exc) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"
