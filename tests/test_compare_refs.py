"""benchmarks/compare_refs.py's arithmetic and its refusal: each position's median over the rounds, the suite's
median and max of those, and no comparison when the optimizer's answers differ between the refs or the rounds."""

from __future__ import annotations

import pytest

from benchmarks.compare_refs import SuiteFigures, compare


def _row(suite: str, name: str, seconds: float, value: int = 100) -> dict[str, object]:
    return {
        "suite": suite,
        "name": name,
        "company": "ECR",
        "seconds": seconds,
        "cpu": seconds / 2,
        "status": "optimal",
        "value": value,
    }


def test_each_positions_median_over_rounds_then_the_suites_median_and_max() -> None:
    old = [
        [_row("real", "a", 1.0), _row("real", "b", 4.0)],
        [_row("real", "a", 3.0), _row("real", "b", 2.0)],
        [_row("real", "a", 2.0), _row("real", "b", 9.0)],
    ]
    new = [[_row("real", "a", 1.0), _row("real", "b", 1.0)]] * 3
    [figures] = compare({"old": old, "new": new}, "old", "new")
    # position medians: old a 2.0, b 4.0; new a 1.0, b 1.0
    assert figures == SuiteFigures("real", 2, 3.0, 4.0, 1.0, 1.0)
    [cpu] = compare({"old": old, "new": new}, "old", "new", "cpu")
    assert (cpu.old_median, cpu.old_max) == (1.5, 2.0)


def test_no_comparison_when_an_answer_differs_between_the_refs() -> None:
    old = [[_row("stress", "a", 1.0, value=100)]]
    new = [[_row("stress", "a", 1.0, value=90)]]
    with pytest.raises(SystemExit, match="answers differ"):
        compare({"old": old, "new": new}, "old", "new")


def test_no_comparison_when_a_ref_measured_other_positions() -> None:
    with pytest.raises(SystemExit, match="answers differ"):
        compare({"old": [[_row("long", "a", 1.0)]], "new": [[_row("long", "b", 1.0)]]}, "old", "new")
