"""The Routes page for a title on the core's evaluator protocol (1860; any title whose registry entry names an evaluator
and an optimizer), called by pages/routes.py. Everything title-specific comes from the registry: the optimizer and
its objectives, the run settings offered (1860: the rulebook's or the site's mode, a nationalisation run), the name
of the money paid beside revenue. Best run: press Solve, the optimizer runs in the background (progress and Stop),
the answer's proof status on top, one card per train, the routes on the map. Routes by station: pick each train's
stations in order and get the evaluator's verdict and value, each problem with its rule."""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages import session
from pages.jobs import RunJob, start_run
from pages.routes_common import CARD_WIDTH, COMPACT_PAGE, MAP_SIZES, finished_job
from pages.title_board import height_for_width
from solver.core.board_position import BoardPosition
from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.run_report import (
    RunReport,
    TrainCard,
    run_report,
    solved_in,
    station_choices,
    status_text,
)
from solver.core.track_graph import NodeRef, TrackGraph
from solver.draw.any_board import position_figure
from solver.draw.palette import train_colour
from solver.draw.run_traces import run_traces
from solver.errors import InputError
from solver.titles import registry
from solver.titles.registry import Title

JOB = "routes_core_job"  # the RunJob of the last press of Solve
COMPANY = "routes_company"
MODE = "routes_core_mode"
MAP_SIZE = "routes_map_size"
ENTERED = "routes_core_entered"  # (position, company, settings, Evaluation) of the last "Score these routes"
BEST, BY_STATION = "Best run", "Routes by station"


def _setting_key(key: str) -> str:
    return f"routes_setting_{key}"


def _settings(title: Title, pos: BoardPosition) -> dict[str, Any]:
    """The run settings chosen on the page (each defaults to the position's own), as `rules` entries."""
    chosen: dict[str, Any] = {}
    columns = st.columns(len(title.run_settings)) if title.run_settings else []
    for column, setting in zip(columns, title.run_settings, strict=True):
        values = [v for v, _ in setting.choices]
        labels: dict[Any, str] = dict(setting.choices)
        own = pos.rules.get(setting.key, values[0])
        key = _setting_key(setting.key)
        if st.session_state.get(key) not in values:
            st.session_state[key] = own if own in values else values[0]
        chosen[setting.key] = column.radio(
            f"{setting.label} ({setting.rule})",
            values,
            format_func=labels.__getitem__,
            key=key,
            horizontal=True,
        )
    return chosen


def _changed(pos: BoardPosition, settings: dict[str, Any], title: Title) -> BoardPosition:
    """The position with the page's settings where they differ from its own (the position itself is not changed)."""
    defaults = {s.key: s.choices[0][0] for s in title.run_settings}
    changes = {k: v for k, v in settings.items() if pos.rules.get(k, defaults[k]) != v}
    return title.with_settings(pos, **changes) if changes else pos


def _card(card: TrainCard, title: Title) -> None:
    colour = train_colour(card.number - 1)
    with st.container(border=True, width=CARD_WIDTH, key=f"train-card-{card.number}"):
        st.markdown(
            f'<span style="color:{colour}">&#9632;</span> **Train {card.number}: {card.train}** · '
            f"revenue **{card.revenue}**",
            unsafe_allow_html=True,
        )
        if title.runs_route(card.train):
            st.caption(card.route)
        else:  # counts cities without a route (18BF's G-trains): drawn as marked cities, not joined
            st.caption(f"no route, its cities: {', '.join(stop.node for stop in card.stops)}")
        rows = ["| stop | value | earns |", "| --- | ---: | ---: |"]
        for stop in card.stops:
            place = stop.place.replace("|", "/")
            earns = f"**{stop.value}**" if stop.counted and stop.value else "0"
            rows.append(f"| {stop.node} {place} :gray[· {stop.note}] | {stop.value} | {earns} |")
        rows.append(f"| **revenue** | | **{card.revenue}** |")
        if title.subsidy is not None:
            if card.subsidy:
                rows.append(f"| {title.subsidy} to the treasury | | {card.subsidy} |")
            rows.append(f"| **train's total** | | **{card.total}** |")
        st.markdown("\n".join(rows))
        for note in card.notes:
            st.caption(note)


def _amount(revenue: int, subsidy: int, title: Title, *, total: bool) -> str:
    """A run's revenue, and its subsidy (with the `total` if asked) where the title pays one."""
    if title.subsidy is None:
        return f"revenue {revenue}"
    if total:
        return f"revenue {revenue}, {title.subsidy} {subsidy}, total {revenue + subsidy}"
    return f"{revenue} + {title.subsidy} {subsidy}"


def _show_report(report: RunReport, title: Title) -> None:
    c1, c2, c3 = st.columns(3)
    c1.metric("Revenue", report.revenue)
    if title.subsidy is not None:  # a title paying nothing beside revenue shows its revenue alone
        c2.metric(title.subsidy.capitalize(), report.subsidy, help="Paid to the treasury, not revenue")
        c3.metric("Total", report.total, help=f"Revenue plus {title.subsidy}: what the run brings the company")
    with st.container(horizontal=True, wrap=True, gap="small"):
        for card in report.trains:
            _card(card, title)


def _routes_of(evaluation: Evaluation) -> list[tuple[str, tuple[NodeRef, ...]]]:
    return [(t.train, t.nodes) for t in evaluation.trains]


def _best_run(title: Title, pos: BoardPosition, solved: BoardPosition, company: str) -> tuple[list[Any], str]:
    """The Solve form and the last solve's answer; returns the routes to draw and the map's title."""
    objectives = dict(title.objectives)
    with st.form("core-solve-form", border=False):
        c1, c2 = st.columns(2)
        objective = c1.radio(
            "Objective", list(objectives), format_func=lambda o: objectives[o], horizontal=True, key="core-objective"
        )
        limit = c2.number_input("Time limit (s)", min_value=1.0, max_value=600.0, value=30.0, step=5.0)
        pressed = st.form_submit_button("Solve", type="primary", icon=":material/play_arrow:")
    if pressed:
        if not pos.companies[company].trains:
            st.warning(f"{company} has no trains to run.")
            return [], ""
        st.session_state[JOB] = start_run(
            title.best_run, solved, pos, company, objective=objective, time_limit=float(limit)
        )
    job: RunJob | None = finished_job(
        st.session_state.get(JOB),
        company,
        lambda j: j.shown is not pos or j.position != solved,
        "The board or the run settings have changed since the last solve: press Solve again.",
    )
    if job is None:
        return [], ""
    result = job.result
    assert result is not None
    if result.status == "infeasible":
        st.warning(f"**{company}: {status_text(result)}**")
        return [], ""
    evaluation = result.evaluation
    if result.status == "unknown":  # no run to show
        st.markdown(f"**{company}: {status_text(result, stopped=job.stop.is_set())}**")
        return [], ""
    st.markdown(
        f"**{company}: {_amount(evaluation.revenue, evaluation.subsidy, title, total=False)}** · "
        f"**{status_text(result, stopped=job.stop.is_set())}**{solved_in(result.status, result.seconds)}"
    )
    if not evaluation.trains:
        return [], ""
    _show_report(run_report(evaluation, TrackGraph(solved)), title)
    return _routes_of(evaluation), f"{company}: best run {evaluation.revenue}"


def _by_station(title: Title, pos: BoardPosition, solved: BoardPosition, company: str) -> tuple[list[Any], str]:
    """Each train's route as the stations it passes, picked in order; the evaluator's verdict on the run."""
    trains = pos.companies[company].trains
    if not trains:
        st.info(f"{company} has no trains to run.")
        return [], ""
    graph = TrackGraph(solved)
    choices = station_choices(graph)
    st.caption(
        "Pick each train's stations in the order the route passes them, from one end to the other, every station "
        "on its way included (those it skips or passes by too); a train left empty does not run."
    )
    routes: list[RouteSpec] = []
    for i, train in enumerate(trains):
        picked = st.multiselect(
            f"Train {i + 1}: {train}",
            list(choices),
            format_func=lambda ref: choices[ref],
            key=f"stations-{company}-{i}",
            placeholder="its stations, in order",
        )
        if picked:
            routes.append(RouteSpec(train, tuple(picked)))
    drawn = [(r.train, tuple(graph.node_ref(n) for n in r.nodes)) for r in routes]
    if st.button("Score these routes", type="primary", key="core-score", disabled=not routes):
        try:
            st.session_state[ENTERED] = (pos, company, solved.rules, title.evaluate(solved, company, routes))
        except InputError as exc:
            session.show_problems(exc.problems, "These routes cannot be judged:")
            return drawn, f"{company}: your routes"
    saved = st.session_state.get(ENTERED)
    if saved and saved[0] is pos and saved[1] == company and saved[2] == solved.rules:
        evaluation: Evaluation = saved[3]
        report = run_report(evaluation, graph)
        if report.legal:
            st.success(f"Legal run: {_amount(report.revenue, report.subsidy, title, total=True)}.")
            _show_report(report, title)
            return _routes_of(evaluation), f"{company}: your run {report.revenue}"
        session.show_problems([*evaluation.problems], "This run breaks the rules:")
    return drawn, f"{company}: your routes"


def main() -> None:
    session.require(registry.ROUTES)
    title = session.title()
    pos = session.current()
    assert isinstance(pos, BoardPosition)
    session.narrow_margins()
    st.html(COMPACT_PAGE)
    st.title("Routes")
    session.header()
    playing = [c for c in pos.companies if pos.companies[c].trains] or list(pos.companies)
    if not playing:
        st.info("No company is in play in this position.")
        return
    if st.session_state.get(COMPANY) not in playing:
        st.session_state[COMPANY] = playing[0]
    st.session_state.setdefault(MODE, BEST)
    st.session_state.setdefault(MAP_SIZE, "Medium")
    c1, c2, c3 = st.columns([2, 2, 2], vertical_alignment="bottom")
    company = c1.selectbox("Company", playing, key=COMPANY)
    mode = c2.segmented_control("Mode", [BEST, BY_STATION], key=MODE, required=True)
    size = c3.segmented_control("Map size", list(MAP_SIZES), key=MAP_SIZE, required=True)
    state = pos.companies[company]
    st.caption(f"{pos.board.companies[company].name}: trains {', '.join(state.trains) or 'none'}")
    solved = _changed(pos, _settings(title, pos), title)
    width = MAP_SIZES[size or "Medium"]
    with st.container(horizontal=True, wrap=True, gap="medium"):
        map_box = st.container(width=width, key="routes-map")
        panel = st.container(width="stretch", key="routes-panel")
    with panel:
        if mode == BY_STATION:
            routes, heading = _by_station(title, pos, solved, company)
        else:
            routes, heading = _best_run(title, pos, solved, company)
    with map_box:
        fig = position_figure(pos, height_for_width(pos.board, width))
        labelled = [(f"{i}: {train}", nodes) for i, (train, nodes) in enumerate(routes, start=1)]
        unrouted = [i for i, (train, _) in enumerate(routes) if not title.runs_route(train)]
        for trace in run_traces(TrackGraph(pos), labelled, unrouted):
            fig.add_trace(trace)
        fig.update_layout(width=width, title={"text": heading} if heading else None)
        if heading:
            fig.update_layout(margin={"t": 30})
        st.plotly_chart(fig, key="routes_core_map", width="content", config={"displayModeBar": False})
