"""The Routes page shows every pound: one card per train with each stop and what it earns or why not, the
Freight bonus as its sum, the subsidy and the train's revenue; the company's total and the proof on top; the
map drawn to fill its width."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import press_solve
from streamlit.testing.v1 import AppTest

from solver.titles.g1862.draw import board as draw_board
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.routes.optimizer import optimize

APP = str(Path(__file__).resolve().parents[2] / "app.py")
LATE_GAME = Path(__file__).resolve().parents[2] / "examples" / "position-late-game.json"


def solved(app: AppTest, company: str) -> str:
    """Solve `company` on the Routes page and return every text shown."""
    app.switch_page("pages/routes.py").run()
    press_solve(app, company)
    assert not app.exception
    return "\n".join(str(e.value) for e in [*app.markdown, *app.caption])


def test_the_five_train_ecr_shows_a_card_per_train_with_every_stop(app: AppTest) -> None:
    shown = solved(app, "ECR")
    assert "**ECR: £1240** · proven optimal" in shown  # the total and the proof on top
    for n, train in enumerate(["6F", "5F", "3F", "4/5E", "4L"], start=1):
        assert f"**Train {n}: {train}**" in shown
    assert "Freight bonus: 7 intervening hexes x 30 = 210" in shown
    # each train's card ends with what the evaluator says it earns in the proven run (several runs tie at
    # 1240 + 70: which one CP-SAT proves is the optimizer's choice, the figures on each card are the evaluator's)
    answer = optimize(load_position(LATE_GAME), "ECR")
    assert (answer.revenue, answer.subsidy) == (1240, 70)
    for result in answer.evaluation.trains:
        assert f"| **revenue** | | **{result.revenue}** |" in shown
    assert "dropped: a 4/5E scores 4 of its 5 stations (7.8.3)" in shown
    assert "small station: ignored by Freight trains (7.8.1)" in shown
    assert "Local subsidy: 7 hexes x 10 = 70 to the treasury" in shown
    assert {m.label: m.value for m in app.metric} == {"Revenue": "£1240", "Local subsidy": "£70", "Total": "£1310"}


def test_a_stop_scored_by_another_train_says_which(app: AppTest) -> None:
    shown = solved(app, "ESR")
    assert "scored by 4E: each station and area scores once (7.8)" in shown


@pytest.mark.parametrize("width", [560, 720, 920])
def test_the_map_height_makes_the_whole_map_fill_its_width(width: int) -> None:
    position = load_position(LATE_GAME)
    for titled in (False, True):
        height = draw_board.height_for_width(position.game, width, titled)
        fig = draw_board.board_figure(position, height=height, title="ECR" if titled else None)
        m = fig.layout.margin
        x0, x1 = fig.layout.xaxis.range
        y0, y1 = fig.layout.yaxis.range
        plot_w, plot_h = width - m.l - m.r, height - m.t - m.b
        # One map unit takes as many pixels across as down: nothing is letterboxed.
        assert abs(plot_w / (x1 - x0) - plot_h / (y1 - y0)) < 0.1


def test_place_names_and_hex_ids_are_outlined_so_track_under_them_does_not_hide_them() -> None:
    fig = draw_board.board_figure(load_position(LATE_GAME))
    for name in ("names", "hex ids"):
        text = fig.data[draw_board.trace_index(fig, name)]
        assert text.textfont.shadow == draw_board.TEXT_HALO and "#fff" in text.textfont.shadow
        # drawn after (over) the track
        assert draw_board.trace_index(fig, name) > draw_board.trace_index(fig, "track")
