"""Import review page: upload or paste an 18xx.games 1862 game export (finished or in progress), open any moment
of it on the Board and Routes pages, and review every recorded run against the best run (issues 6, 14, 15). An 1860
export is reviewed by pages/review_1860.py."""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages import review_1860, session
from solver.errors import InputError
from solver.jsonfile import parse_json_bytes
from solver.titles.g1862.draw.review import left_on_table_figure, revenue_figure, run_figure
from solver.titles.g1862.importer import ImportedGame, import_export
from solver.titles.g1862.importer.export_file import parse_export
from solver.titles.g1862.importer.replay import RecordedRun, position_before
from solver.titles.g1862.position import Position
from solver.titles.g1862.review import (
    RunReview,
    evaluate_recorded,
    proof_text,
    readable_table,
    review_game,
    review_summary,
    verdict_text,
)
from solver.titles.g1862.routes.model import SolveOptions

GAME = "review_game"  # the ImportedGame of the uploaded file
RUNS = "review_runs"  # list[RunReview] of the last review
UPLOAD = "review_upload"
PASTE = "review_paste"
TABLE = "review_table"
MOMENT = "review_moment"
PICK = "review_pick"
NO_TOOLBAR = {"displayModeBar": False}
#: Column widths (pixels) that fit the runs table on a 1280 px laptop's page without a sideways scroll; the
#: chosen run's whole verdict is shown below the table (issue 14).
RUN_COLUMNS: dict[str, Any] = {
    "Action": st.column_config.NumberColumn(width=60),
    "Round": st.column_config.TextColumn(width=65),
    "Company": st.column_config.TextColumn(width=75),
    "Director": st.column_config.TextColumn(width=90),
    "Recorded £": st.column_config.NumberColumn(width=85),
    "By the rulebook £": st.column_config.NumberColumn(
        "Rulebook £", width=85, help="The recorded routes scored by the rulebook; empty when they break a rule"
    ),
    "Best £": st.column_config.NumberColumn(width=60),
    "Proven optimal": st.column_config.CheckboxColumn(
        "Proven", width=65, help="The best run is proven optimal (else: the best found in the time limit)"
    ),
    "Left on the table £": st.column_config.NumberColumn(width=135),
    "Recorded run": st.column_config.TextColumn(
        width=170, help="The recorded run by the rulebook; choose the run below for the whole reason"
    ),
}
OTHER_TITLE = "review_other_title"  # (name, parsed export) of an uploaded 1860 export


def _load(name: str, raw: bytes) -> None:
    """Import an export; on any problem the previous game stays and the problems are shown. An 1860 export is kept
    as parsed for pages/review_1860.py."""
    try:
        data = parse_json_bytes(raw, name)
        if isinstance(data, dict) and data.get("title") == "1860":
            st.session_state[OTHER_TITLE] = (name, data)
            return
        game = import_export(parse_export(data, name))
    except InputError as exc:
        session.show_problems(exc.problems, f"{name} cannot be imported:")
        return
    st.session_state[GAME] = game
    st.session_state.pop(OTHER_TITLE, None)
    st.session_state.pop(RUNS, None)


def _open(position: Position, company: str | None, what: str) -> None:
    """Make the position the app's current one and go to the Routes page (company chosen) or the Board."""
    session.open_position(position, company, what)
    st.switch_page("pages/routes.py" if company else "pages/board.py")


def _selected(reviews: list[RunReview], game: ImportedGame) -> None:
    shown = readable_table(reviews)
    st.dataframe(shown, key=TABLE, hide_index=True, column_config=RUN_COLUMNS)
    by_id = {r.action_id: r for r in reviews}
    order = [int(a) for a in shown["Action"]]

    def label(action_id: int) -> str:
        r = by_id[action_id]
        left = "no optimum" if r.left_on_table is None else f"£{r.left_on_table} left on the table"
        return f"action {action_id} · {r.round} · {r.company} · {left}"

    action_id = st.selectbox("Run", order, format_func=label, key=PICK)
    if action_id is None:
        return
    review = by_id[action_id]
    run: RecordedRun = next(r for r in game.runs if r.action_id == action_id)
    st.subheader(f"{review.round}: {review.company} (action {action_id})")
    if review.reason:
        st.warning(verdict_text(review))
    if st.button(f"Open this run on the board ({review.company}, before action {action_id})", key="open-run"):
        _open(run.position, run.company, f"{review.company}'s run at action {action_id}")
    left, right = st.columns(2)
    with left:
        _, recorded = evaluate_recorded(run)
        title = f"Recorded run: £{review.recorded_revenue}"
        st.plotly_chart(run_figure(run.position, run.company, recorded, title), config=NO_TOOLBAR)
    with right:
        best = "no run" if review.optimal_revenue is None else f"£{review.optimal_revenue}"
        title = f"Best run, {proof_text(review.status)}: {best}"
        st.plotly_chart(run_figure(run.position, run.company, review.optimal_routes, title), config=NO_TOOLBAR)
        st.markdown(f"**Best run: {best}** ({proof_text(review.status)})")


def _moments(game: ImportedGame) -> None:
    """Open the position after any action; for a game in progress, the current one and the company to run."""
    ids = [int(a["id"]) for a in game.export.actions]
    if not ids:
        return
    st.subheader("Any moment of the game")
    if game.about_to_run:
        st.info(f"After the last action (#{ids[-1]}) **{game.about_to_run}** is about to run.")
        if st.button(f"Open the current position: best run for {game.about_to_run}", key="open-current"):
            _open(game.final_position or Position(), game.about_to_run, f"after action {ids[-1]}")
    after = st.number_input("Action", min_value=ids[0], max_value=ids[-1], value=ids[-1], step=1, key=MOMENT)
    if st.button("Open the position after this action", key="open-moment"):
        later = [i for i in ids if i > after]
        try:
            position, opened = position_before(game.export, later[0] if later else None)
        except InputError as exc:
            session.show_problems(exc.problems, "Cannot open that moment:")
            return
        _open(position, opened.about_to_run, f"after action {int(after)}")


def _summary(reviews: list[RunReview]) -> None:
    summary = review_summary(reviews)
    st.subheader("Summary")
    st.markdown("\n".join(f"- {line.strip()}" for line in summary.lines()))
    st.plotly_chart(left_on_table_figure(summary), config=NO_TOOLBAR)
    st.plotly_chart(revenue_figure(reviews), config=NO_TOOLBAR)


def main() -> None:
    session.through_app()
    session.narrow_margins()
    st.title("Import review")
    st.caption(
        "Upload a game exported from 18xx.games (1862 or 1860), finished or in progress, or paste the export. Open any "
        "moment of it on the Board and Routes pages; every recorded run is scored by the rulebook and compared "
        "with the best run."
    )
    upload = st.file_uploader("18xx.games game export (JSON)", type=["json"], key=UPLOAD)
    if upload is not None and st.session_state.get("review_file") != (upload.name, upload.size):
        st.session_state["review_file"] = (upload.name, upload.size)
        _load(upload.name, upload.getvalue())
    with st.expander("Paste an export (a game in progress)"):
        pasted = st.text_area("Export JSON", key=PASTE, height=120)
        if st.button("Import the pasted export", key="import-paste") and pasted.strip():
            _load("pasted export", pasted.encode("utf-8", errors="surrogatepass"))
    other = st.session_state.get(OTHER_TITLE)
    if other is not None:
        review_1860.show(other[1], other[0])
        return
    game: ImportedGame | None = st.session_state.get(GAME)
    if game is None:
        return
    st.write(f"{game.export.source}: {len(game.runs)} recorded runs")
    differences = [n for n in game.notes if n.startswith(("difference", "check"))]
    if differences:
        st.warning(
            "Where our replay differs from the site's, or the export looks edited:\n"
            + "\n".join(f"- {n}" for n in differences)
        )
    with st.expander(f"Events rebuilt without an action ({len(game.notes)})"):
        st.write("\n".join(f"- {n}" for n in game.notes) or "none")
    _moments(game)
    st.subheader("Review of the recorded runs")
    time_limit = st.number_input("Seconds per solve", min_value=1.0, max_value=120.0, value=10.0, step=1.0)
    if st.button("Review all runs", type="primary"):
        bar = st.progress(0.0, text="reviewing ...")

        def show(done: int, total: int) -> None:
            bar.progress(done / max(total, 1), text=f"position {done + 1} of {total}")

        st.session_state[RUNS] = review_game(game, SolveOptions(time_limit=float(time_limit)), show)
        bar.empty()
    reviews: list[RunReview] | None = st.session_state.get(RUNS)
    if reviews:
        _summary(reviews)
        _selected(reviews, game)


main()
