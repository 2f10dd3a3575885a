"""`python -m benchmarks.first_solve` (docs/benchmarks.md): one long-suite board measured in fresh processes
as the route benchmark meets it. Its summary counts the processes that reached ten times the enumerator and
the answers that disagree; a board outside the long suite is refused before anything runs."""

from __future__ import annotations

import pytest

from benchmarks.boards import long_freight_names
from benchmarks.first_solve import BOARD, Sample, main, summary


def test_the_default_board_is_esr_7f_7f_of_the_long_suite() -> None:
    assert BOARD in long_freight_names() and "7F-7F" in BOARD


def test_the_summary_counts_the_processes_at_ten_times_and_the_disagreements() -> None:
    samples = [
        Sample(0.005, "optimal", 700_000, 0.060, 700_000),  # x12
        Sample(0.006, "optimal", 700_000, 0.048, 700_000),  # x8
        Sample(0.004, "optimal", 700_000, None, None),  # the enumerator passed the cap
        Sample(0.005, "optimal", 700_000, 0.050, 690_000),  # x10, and a different answer
    ]
    lines = summary(BOARD, samples)
    assert any("at least x10 in 2 of 3" in line for line in lines)
    assert any("passed the cap in 1 processes" in line for line in lines)
    assert lines[-1].endswith("disagreements with the enumerator: 1")


def test_a_board_outside_the_long_suite_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--board", "18bf-system-phase6.json", "--processes", "1"])
    assert stopped.value.code == 2
    assert "is not a board of the long suite" in capsys.readouterr().err
