"""秀山博胡: which role of a win is made and who pays it, as the game (``BohuRules.pick_win`` / ``settle``) and
``zipai score`` both decide it (engine/rules/bohu.py ``pick_role`` and ``win_points``)."""

from __future__ import annotations

from zipai_desktop.engine.rules.bohu import pick_role, win_points


def test_the_role_with_the_highest_score_is_made() -> None:
    assert pick_role([(15, 1, 15, ()), (18, 2, 36, ("x",)), (21, 1, 21, ())], 15) == 1


def test_on_equal_scores_the_higher_huxi_then_the_first_role_is_made() -> None:
    assert pick_role([(18, 2, 36, ()), (36, 1, 36, ()), (36, 1, 36, ("y",))], 15) == 1


def test_a_role_below_the_minimum_is_never_made_however_it_scores() -> None:
    assert pick_role([(12, 4, 48, ()), (15, 1, 15, ())], 15) == 1
    assert pick_role([(12, 4, 48, ()), (14, 1, 14, ())], 15) is None


def test_the_winner_alone_books_the_score_unless_losers_pay() -> None:
    assert win_points(30, 1, range(3), 3, losers_pay=False) == [0, 30, 0]


def test_with_losers_pay_each_other_active_seat_pays_the_score() -> None:
    assert win_points(30, 1, range(3), 3, losers_pay=True) == [-30, 60, -30]
    # four seated, seat 3 sitting out: it neither pays nor gets
    assert win_points(30, 0, (0, 1, 2), 4, losers_pay=True) == [60, -30, -30, 0]
