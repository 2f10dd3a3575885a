"""The Import review page for an 1860 game (pages/review.py hands an export whose `title` is 1860 to it): every
recorded run judged by 1860's evaluator in the game's mode (the site's revenue and subsidy must come out again)
and in the rulebook's, the optimizer's best run beside it in both modes where they differ, the recorded and best
runs drawn side by side, and any moment of the game opened on the Board and Routes pages (docs/importer-1860.md)."""

from __future__ import annotations

from typing import Any

import polars as pl
import streamlit as st

from pages import session
from pages.title_board import height_for_width
from solver.core.board_position import BoardPosition
from solver.core.run_report import solved_in, status_text
from solver.core.search.run_search import SearchResult
from solver.core.track_graph import TrackGraph
from solver.draw.any_board import position_figure
from solver.draw.run_traces import run_traces
from solver.errors import InputError
from solver.titles.g1860.importer.replay import position_after
from solver.titles.g1860.importer.review import RunReview, best_runs, game_mode, review_export

REVIEWS = "review_1860_runs"  # (source, list[RunReview])
BEST = "review_1860_best"  # (source, {action id: {mode: SearchResult}})
PICK = "review_1860_pick"
NO_TOOLBAR = {"displayModeBar": False}
MAP_WIDTH = 460  # pixels: a map in one of two columns at 1280 px


def _reviews(data: Any, source: str) -> list[RunReview] | None:
    saved = st.session_state.get(REVIEWS)
    if saved is None or saved[0] != source:
        try:
            st.session_state[REVIEWS] = (source, review_export(data, source))
        except InputError as exc:
            session.show_problems(exc.problems, f"{source} cannot be imported:")
            return None
        st.session_state.pop(BEST, None)
    reviews: list[RunReview] = st.session_state[REVIEWS][1]
    return reviews


def _table(reviews: list[RunReview], best: dict[int, dict[str, SearchResult]]) -> pl.DataFrame:
    rows = []
    for review in reviews:
        run = review.run
        found = best.get(run.action_id, {})
        row: dict[str, Any] = {
            "action": run.action_id,
            "company": run.company,
            "phase": run.position.phase,
            "run": "leased" if run.leased else "nationalisation" if run.nationalisation else "normal",
            "recorded": run.revenue,
            "evaluated": f"{review.site.revenue} + {review.site.subsidy}" if review.site.legal else "illegal",
            "verdict": review.difference,
            "rulebook": "legal" if review.rulebook.legal else "breaks " + review.rulebook.problems[0].rule,
        }
        for mode, result in found.items():
            proof = "proven" if result.status == "optimal" else result.status
            row[f"best ({mode})"] = f"{result.evaluation.revenue} + {result.evaluation.subsidy} {proof}"
        rows.append(row)
    return pl.DataFrame(rows)


def _run_map(position: BoardPosition, routes: list[tuple[str, tuple[Any, ...]]], title: str, status: str) -> None:
    fig = position_figure(position, height_for_width(position.board, MAP_WIDTH))
    for trace in run_traces(TrackGraph(position), routes):
        fig.add_trace(trace)
    fig.update_layout(title={"text": title}, margin={"t": 30})
    st.plotly_chart(fig, config=NO_TOOLBAR)
    st.caption(status)


def _selected(reviews: list[RunReview], best: dict[int, dict[str, SearchResult]], limit: float) -> None:
    by_id = {r.run.action_id: r for r in reviews}
    action_id = st.selectbox(
        "Run",
        list(by_id),
        format_func=lambda a: f"action {a} · {by_id[a].run.company} · phase {by_id[a].run.position.phase}",
        key=PICK,
    )
    if action_id is None:
        return
    review = by_id[action_id]
    run = review.run
    if not review.rulebook.legal:
        st.caption("Under the rulebook: " + "; ".join(review.rulebook_problems))
    c1, c2 = st.columns(2)
    if c1.button("Find this run's best run (in both modes)", key="best-one-1860", disabled=action_id in best):
        best[action_id] = best_runs(run, limit)  # kept in the session's store of best runs (BEST)
        st.rerun()  # the table and summary above show it too
    if c2.button(f"Open this position on the Routes page ({run.company}, before action {action_id})", key="open-1860"):
        session.open_position(run.position, run.company, f"{run.company}'s run at action {action_id}")
        st.switch_page("pages/routes.py")
    graph = TrackGraph(run.position)
    recorded = [(f"{i}: {r.train}", tuple(graph.node_ref(n) for n in r.nodes)) for i, r in enumerate(run.routes, 1)]
    evaluated = f"{review.site.revenue} + {review.site.subsidy}" if review.site.legal else "illegal"
    maps = [(recorded, f"Recorded: {evaluated}", f"as played, in the game's mode ({game_mode(run)})")]
    for mode, result in best.get(action_id, {}).items():
        routes = [(f"{i}: {t.train}", t.nodes) for i, t in enumerate(result.evaluation.trains, 1)]
        value = f"{result.evaluation.revenue} + {result.evaluation.subsidy}"
        maps.append(
            (routes, f"Best, {mode} mode: {value}", status_text(result) + solved_in(result.status, result.seconds))
        )
    for first in range(0, len(maps), 2):  # two maps a row: each wide enough to read at 1280 px
        for column, (routes, title, status) in zip(st.columns(2), maps[first : first + 2], strict=False):
            with column:
                _run_map(run.position, routes, title, status)


def _moments(data: Any, source: str) -> None:
    ids = [int(a["id"]) for a in data.get("actions", []) if isinstance(a, dict) and isinstance(a.get("id"), int)]
    if not ids:
        return
    st.subheader("Any moment of the game")
    c1, c2 = st.columns([1, 2], vertical_alignment="bottom")
    after = c1.number_input("Action", min_value=ids[0], max_value=ids[-1], value=ids[-1], step=1, key="moment-1860")
    if c2.button("Open the board after this action", key="open-moment-1860"):
        try:
            position = position_after(data, source, int(after))
        except InputError as exc:
            session.show_problems(exc.problems, "Cannot open that moment:")
            return
        session.open_position(position, None, f"{source} after action {int(after)}")
        st.switch_page("pages/board.py")


def show(data: Any, source: str) -> None:
    """The review of an 1860 export's parsed JSON named `source`."""
    reviews = _reviews(data, source)
    if reviews is None:
        return
    matched = sum(r.difference == "match" for r in reviews)
    legal = sum(r.rulebook.legal for r in reviews)
    st.write(
        f"{source}: 1860, {len(reviews)} recorded runs; game mode {game_mode(reviews[0].run)}: {matched} reproduce the "
        f"recorded revenue and subsidy; {legal} are legal under the rulebook."
    )
    _moments(data, source)
    st.subheader("Every recorded run beside the best run")
    c1, c2 = st.columns([1, 2], vertical_alignment="bottom")
    limit = c1.number_input("Seconds per solve", min_value=1.0, max_value=120.0, value=10.0, step=1.0, key="t-1860")
    if c2.button("Find the best run of every recorded run", type="primary", key="best-1860"):
        bar = st.progress(0.0, text="solving ...")
        found: dict[int, dict[str, SearchResult]] = {}
        for i, review in enumerate(reviews):
            bar.progress(i / len(reviews), text=f"run {i + 1} of {len(reviews)} (action {review.run.action_id})")
            found[review.run.action_id] = best_runs(review.run, float(limit))
        bar.empty()
        st.session_state[BEST] = (source, found)
        st.rerun()
    saved = st.session_state.get(BEST)
    if saved is None or saved[0] != source:
        saved = st.session_state[BEST] = (source, {})
    best: dict[int, dict[str, SearchResult]] = saved[1]
    if best:
        beaten = [
            a
            for a, modes in best.items()
            for r in reviews
            if r.run.action_id == a and r.site.legal and modes[game_mode(r.run)].evaluation.revenue < r.site.revenue
        ]
        proven = sum(res.status == "optimal" for modes in best.values() for res in modes.values())
        total = sum(len(modes) for modes in best.values())
        st.markdown(f"**{proven} of {total} best runs proven**; recorded runs beating the best: {len(beaten)}")
    modes = {f"best ({m})": st.column_config.TextColumn(width="medium") for res in best.values() for m in res}
    st.dataframe(_table(reviews, best).fill_null(""), hide_index=True, width="stretch", column_config=modes)
    _selected(reviews, best, float(limit))
