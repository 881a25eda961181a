"""The intervals the tools report beside a measured mean or rate (``zipai sim --duplicate``, ``zipai ladder``,
``zipai tournament``): a 95% interval, so a reader can tell a real difference between bot levels from luck.
Standard library only."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

#: The normal distribution's two-sided 95% point.
Z95 = 1.96


def ci95(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean of ``values`` by the normal approximation (mean ± 1.96 s / √n); a single value
    (or none) is its own interval."""
    if len(values) < 2:
        m = values[0] if values else 0.0
        return (m, m)
    m = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (m - half, m + half)


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a rate of ``successes`` in ``n`` tries (good near 0 and 1, where the normal
    approximation is not); (0, 0) for no tries."""
    if n == 0:
        return (0.0, 0.0)
    z = Z95
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)
