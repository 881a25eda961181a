"""The quick form of the bot ladder (CI): each level still beats the one below, in both games."""

from __future__ import annotations

from zipai_desktop.tools.ladder import quick_passed, run_ladder


def test_quick_ladder_each_level_beats_the_one_below() -> None:
    results = run_ladder(quick=True, seed="ladder-ci", workers=2)
    assert len(results) == 6
    failures = [r for r in results if not quick_passed(r)]
    assert not failures, failures
    for r in results:
        timing = r["decision_ms"][r["challenger"]]
        assert timing["max"] < 1000, r  # never over 1 s
