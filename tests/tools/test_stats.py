"""The tools' 95% intervals: the normal interval of a mean and the Wilson interval of a rate, against values worked
out by hand."""

from __future__ import annotations

import math

import pytest

from zipai_desktop.tools.stats import ci95, wilson


def test_the_interval_of_a_mean_is_the_mean_plus_or_minus_1_96_standard_errors() -> None:
    lo, hi = ci95([1.0, 2.0, 3.0, 4.0])  # mean 2.5, s = sqrt(5/3), n = 4
    half = 1.96 * math.sqrt(5 / 3) / 2
    assert (lo, hi) == pytest.approx((2.5 - half, 2.5 + half))
    assert ci95([7.0]) == (7.0, 7.0) and ci95([]) == (0.0, 0.0)
    assert ci95([3.0, 3.0, 3.0]) == (3.0, 3.0)


def test_the_wilson_interval_of_a_rate() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)  # the textbook value for 5 of 10
    lo, hi = wilson(0, 20)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.1611, abs=1e-4)  # never below 0
    lo, hi = wilson(20, 20)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.8389, abs=1e-4)  # never above 1
    assert wilson(0, 0) == (0.0, 0.0)
