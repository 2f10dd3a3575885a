"""Review page: upload an 18xx.games 1862 game export, review every recorded run against the best run, and
look at any run's board with the recorded and the optimal routes drawn (issue 6)."""

from __future__ import annotations

import streamlit as st

from pages import session
from solver.draw import board as draw_board
from solver.draw.routes import route_traces
from solver.errors import InputError
from solver.importer import ImportedGame, import_export
from solver.importer.export_file import parse_export
from solver.jsonfile import parse_json_bytes
from solver.position import Position
from solver.review import RunReview, revenue_figure, review_game, review_table
from solver.routes.model import RouteSpec, SolveOptions

GAME = "review_game"  # the ImportedGame of the uploaded file
RUNS = "review_runs"  # list[RunReview] of the last review
UPLOAD = "review_upload"
TABLE = "review_table"


def _load(name: str, raw: bytes) -> None:
    try:
        st.session_state[GAME] = import_export(parse_export(parse_json_bytes(raw, name), name))
        st.session_state.pop(RUNS, None)
    except InputError as exc:
        for problem in exc.problems:
            st.error(str(problem))


def _run_review(game: ImportedGame, time_limit: float) -> None:
    bar = st.progress(0.0, text="reviewing ...")

    def show(n: int, total: int, run: object) -> None:
        bar.progress(n / max(total, 1), text=f"run {n + 1} of {total}")

    st.session_state[RUNS] = review_game(game, SolveOptions(time_limit=time_limit), show)
    bar.empty()


def _board(position: Position, routes: tuple[RouteSpec, ...], title: str) -> None:
    tiles = {h: (lay.tile, lay.rotation) for h, lay in position.tiles.items()}
    fig = draw_board.board_figure(position, title=title)
    for trace in route_traces(position.game, tiles, routes=routes):
        fig.add_trace(trace)
    st.plotly_chart(fig, config={"displayModeBar": False})


def _selected(reviews: list[RunReview], game: ImportedGame) -> None:
    table = review_table(reviews).sort("left_on_table", descending=True, nulls_last=True)
    shown = table.select(
        "action_id", "round", "company", "recorded_revenue", "evaluated_revenue", "optimal_revenue",
        "left_on_table", "status", "difference", "reason",
    )  # fmt: skip
    event = st.dataframe(shown, key=TABLE, on_select="rerun", selection_mode="single-row", hide_index=True)
    rows = event.selection.rows if event is not None else []
    if not rows:
        st.caption("Select a run in the table to see its board with the recorded and the optimal routes.")
        return
    action_id = int(shown["action_id"][rows[0]])
    review = next(r for r in reviews if r.action_id == action_id)
    run = next(r for r in game.runs if r.action_id == action_id)
    st.subheader(f"{review.round}: {review.company} (action {action_id})")
    if review.reason:
        st.warning(review.reason)
    left, right = st.columns(2)
    with left:
        _board(run.position, review.recorded_routes, f"Recorded: £{review.recorded_revenue}")
    with right:
        optimal = "-" if review.optimal_revenue is None else f"£{review.optimal_revenue}"
        _board(run.position, review.optimal_routes, f"Optimal ({review.status}): {optimal}")


def main() -> None:
    session.through_app()
    st.title("Import review")
    st.caption(
        "Upload a game exported from 18xx.games (1862). Every recorded run is scored by the rulebook and "
        "compared with the best run."
    )
    upload = st.file_uploader("18xx.games game export (JSON)", type=["json"], key=UPLOAD)
    if upload is not None and st.session_state.get("review_file") != (upload.name, upload.size):
        st.session_state["review_file"] = (upload.name, upload.size)
        _load(upload.name, upload.getvalue())
    game: ImportedGame | None = st.session_state.get(GAME)
    if game is None:
        return
    st.write(f"{game.export.source}: {len(game.runs)} recorded runs")
    with st.expander("Events rebuilt without an action"):
        st.write("\n".join(f"- {n}" for n in game.notes) or "none")
    time_limit = st.number_input("Seconds per solve", min_value=1.0, max_value=120.0, value=10.0, step=1.0)
    if st.button("Review all runs", type="primary"):
        _run_review(game, float(time_limit))
    reviews: list[RunReview] | None = st.session_state.get(RUNS)
    if not reviews:
        return
    st.plotly_chart(revenue_figure(reviews), config={"displayModeBar": False})
    _selected(reviews, game)


main()
