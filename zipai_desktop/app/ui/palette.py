"""The table's colours, shared by the table, the settlement panel, the replay viewer and the other screens."""

from __future__ import annotations

FELT = (22, 78, 58)
FELT_DARK = (16, 60, 44)
PANEL = (10, 36, 28)
GOLD = (240, 200, 90)
WHITE = (240, 240, 240)
GREY = (170, 180, 175)
# The table's action log: small text read often, so above 7:1 against the felt (WCAG's AAA for body text).
LOG_TEXT = (225, 230, 226)
