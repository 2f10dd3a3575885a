"""The 18BF benchmark's speed-up per board (benchmarks/run_18bf.py): a finished enumerator gives its ratio in wall
and CPU time, one stopped at R times the optimizer's time reads "> xR", and the flags refuse what cannot be a stop."""

from __future__ import annotations

import math

import pytest

from benchmarks.run import Case, Row
from benchmarks.run_18bf import Measured, arguments, enumerate_here, main, positions, summary
from solver.titles.g18bf.optimizer import best_run


def _row(opt: float, opt_cpu: float, enum: float | None, enum_cpu: float | None, index: int = 0) -> Row:
    case = Case("dense", index, f"board {index}", "LMS", "5+5E 4+4")
    return Row(case, opt, opt_cpu, "optimal", 1_000_000, enum, None if enum is None else 1_000_000, enum_cpu)


def test_a_finished_enumerator_gives_its_ratio_in_wall_and_cpu_time() -> None:
    measured = Measured(_row(0.5, 0.2, 5.0, 1.6), stop=30.0)
    assert measured.ratio == pytest.approx(10.0)
    assert measured.ratio_text() == "x10.0 (CPU x8.0)"


def test_an_enumerator_stopped_at_r_times_the_optimizer_reads_more_than_r() -> None:
    measured = Measured(_row(0.4, 0.3, None, None), stop=4.0)
    assert measured.ratio_text() == "> x10.0"
    assert measured.cpu_ratio is None


def test_the_summary_names_the_smallest_per_board_speed_up() -> None:
    rows = [Measured(_row(0.5, 0.2, 5.0, 1.6, 0), 30.0), Measured(_row(0.1, 0.1, 0.3, 0.2, 1), 30.0)]
    lines = summary("dense", rows, (1.0, 2.0))
    assert "proven 2/2" in lines[0] and "load average 1.0 at the start, 2.0 at the end" in lines[0]
    assert "smallest per-board x3.0 on #1 board 1" in lines[1]
    assert lines[2] == "  per board: #0 x10.0 (CPU x8.0), #1 x3.0 (CPU x2.0)"


@pytest.mark.parametrize("flag", ["--enumerator-ratio", "--enumerator-cap"])
def test_a_stop_that_is_not_positive_is_refused(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([flag, "0"])
    assert exited.value.code == 2
    assert "must be a positive number" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "cap"),
    [
        (["--enumerator-ratio", "10"], math.inf),
        (["--enumerator-ratio", "10", "--enumerator-cap", "30"], 30.0),
        (["--enumerator-ratio", "10", "--quick"], 5.0),
        ([], 30.0),
        (["--quick"], 5.0),
    ],
)
def test_the_ratio_alone_stops_the_enumerator_with_no_cap(argv: list[str], cap: float) -> None:
    """`--enumerator-ratio R` alone stops the enumerator at R times the optimizer's time and nowhere sooner, so that
    "> xR" shows at least R (a fixed cap cut dense seeds 100 and 108 short at "> x9.7" and "> x7.4")."""
    assert arguments(argv)[1] == cap


def test_the_enumerator_measured_in_this_process_stops_at_its_time_limit() -> None:
    """Both searches run in the benchmark's process: the enumerator stopped by its own limit gives no time (the
    row then reads "> xR"), finished it gives its time and value."""
    _, company, board = positions("dense")[14]  # seed 114: the enumerator finishes in about 0.1 s
    assert enumerate_here(board, company, 1e-6) == (None, None, None)
    seconds, cpu, value = enumerate_here(board, company, 60.0)
    assert seconds is not None and cpu is not None and value == best_run(board, company).evaluation.revenue * 1000
