"""1862's Routes page (pages/routes.py dispatches to it): pick a company, press Solve, see the best run on the map
and every pound explained; pin trains and re-solve the rest; or enter routes by clicking hexes and get their revenue
or the rules they break."""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages import session
from pages.jobs import Preparer, SolveJob, start_solve
from pages.routes_common import CARD_WIDTH, COMPACT_PAGE, MAP_SIZES, finished_job
from solver.draw import geometry
from solver.draw.palette import train_colour
from solver.errors import InputError
from solver.titles import registry
from solver.titles.g1862.draw import board as draw_board
from solver.titles.g1862.draw.routes import route_traces
from solver.titles.g1862.hexgrid import LAYOUT
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.explain import RunExplanation, TrainExplanation, explain
from solver.titles.g1862.routes.legality import missing_home
from solver.titles.g1862.routes.model import Evaluation, RouteSpec, SolveOptions, SolveResult
from solver.titles.g1862.routes.optimizer import LISTING_STOPPED
from solver.titles.g1862.trains import TrainType

JOB = "routes_job"  # the SolveJob of the last press of Solve
COMPANY = "routes_company"
PREPARER = "routes_preparer"
MANUAL = "routes_manual"  # {company: [[hexes of train 0], [hexes of train 1], ...]}
MANUAL_EVAL = "routes_manual_eval"
DRAW_TRAIN = "routes_draw_train"
MAP_KEY = "routes_map"
MODE = "routes_mode"
MAP_SIZE = "routes_map_size"


def status_text(result: SolveResult) -> str:
    """The status of a solve that did not prove the board infeasible, as the page says it: proven optimal,
    best found with its bound, or stopped before any run was found."""
    if result.status == "optimal":
        return f"proven optimal (solved in {result.solve_seconds:.2f} s)"
    if result.status == "feasible":
        return f"best found in {result.solve_seconds:.1f} s, bound £{result.bound}"
    listing = " while listing routes," if result.reason == LISTING_STOPPED else ""
    return f"stopped after {result.solve_seconds:.1f} s{listing} before any run was found"


def _train_card(train: TrainExplanation) -> None:
    """One train: its route, a table of its stops with what each earns (or why it earns nothing), the Freight
    bonus as its sum and the train's revenue; the Local subsidy below (it is not revenue)."""
    colour = train_colour(train.number - 1)
    with st.container(border=True, width=CARD_WIDTH, key=f"train-card-{train.number}"):
        st.markdown(
            f'<span style="color:{colour}">&#9632;</span> **Train {train.number}: {train.train}** · '
            f"revenue **£{train.revenue}**",
            unsafe_allow_html=True,
        )
        st.caption(train.route + (f" · {train.chain}" if train.chain else ""))
        rows = ["| stop | value | earns |", "| --- | ---: | ---: |"]
        for stop in train.stops:
            name = stop.name.replace("|", "/")
            if stop.earned:
                rows.append(f"| {name} | {stop.value} | **{stop.earned}** |")
            else:
                rows.append(f"| {name} :gray[· {stop.reason}] | {stop.value} | 0 |")
        if train.bonus:
            rows.append(f"| Freight bonus: {train.bonus} | | **{train.bonus_value}** |")
        rows.append(f"| **revenue** | | **{train.revenue}** |")
        st.markdown("\n".join(rows))
        reasons = dict.fromkeys(s.why for s in train.stops if s.why)
        if reasons:
            st.caption("; ".join(reasons))
        if train.subsidy:
            st.caption(f"Local subsidy: {train.subsidy} to the treasury, not revenue (7.8.2)")


def _show_run(run: RunExplanation) -> None:
    """The company's totals, then one card per train (wrapping into columns where the page is wide)."""
    c1, c2, c3 = st.columns(3)
    c1.metric("Revenue", f"£{run.revenue}")
    c2.metric("Local subsidy", f"£{run.subsidy}", help="Paid to the treasury, not revenue (7.8.2)")
    c3.metric("Total", f"£{run.total}", help="Revenue plus Local subsidy: what the run brings the company")
    for note in run.notes:
        st.caption(note)
    with st.container(horizontal=True, wrap=True, gap="small"):
        for train in run.trains:
            _train_card(train)


def _tiles(pos: Position) -> dict[str, tuple[str, int]]:
    return {h: (lay.tile, lay.rotation) for h, lay in pos.tiles.items()}


def _on_map_click() -> None:
    """Append the clicked hex to the route being drawn (click-to-hex)."""
    event: Any = st.session_state.get(MAP_KEY)
    points = event["selection"]["points"] if event else []
    company = st.session_state.get(COMPANY)
    train = st.session_state.get(DRAW_TRAIN)
    if not points or company is None or train is None:
        return
    pos = session.position()
    hexes = frozenset(pos.game.land_hexes | set(pos.game.offboard_hexes))
    hex_ = geometry.hex_at(LAYOUT, float(points[0]["x"]), float(points[0]["y"]), hexes)
    if hex_ is None:
        return
    routes = _manual(company, len(pos.companies[company].trains))
    route = routes[train]
    if route and route[-1] == hex_:
        route.pop()  # a second click on the last hex takes it back
    else:
        route.append(hex_)
    st.session_state.pop(MANUAL_EVAL, None)


def _manual(company: str, n: int) -> list[list[str]]:
    store: dict[str, list[list[str]]] = st.session_state.setdefault(MANUAL, {})
    routes = store.setdefault(company, [])
    while len(routes) < n:
        routes.append([])
    return routes


def _solve_controls(pos: Position, company: str) -> None:
    state = pos.companies[company]
    job: SolveJob | None = st.session_state.get(JOB)
    last = job.result if job is not None and job.company == company and job.position is pos else None
    with st.form("solve-form", border=False):
        c1, c2 = st.columns(2)
        objective = c1.radio(
            "Objective (7.8.2)",
            ["revenue", "cash"],
            format_func=lambda o: "most revenue" if o == "revenue" else "most revenue + Local subsidy",
            horizontal=True,
        )
        limit = c2.number_input("Time limit (s)", min_value=1.0, max_value=600.0, value=30.0, step=5.0)
        pinnable = [(i, r) for i, r in enumerate(last.routes)] if last is not None else []
        pins = st.multiselect(
            "Pin these trains' routes and re-solve the others",
            [i for i, _ in pinnable],
            format_func=lambda i: f"{i + 1}: {pinnable[i][1].train} {' - '.join(pinnable[i][1].hexes)}",
            disabled=not pinnable,
        )
        pressed = st.form_submit_button("Solve", type="primary", icon=":material/play_arrow:")
    if pressed:
        if not state.trains:
            st.warning(f"{company} has no trains to run. Give it trains on the Board page (Companies).")
            return
        pinned = tuple(pinnable[i][1] for i in pins)
        options = SolveOptions(time_limit=float(limit), objective=objective, pinned=pinned)  # type: ignore[arg-type]
        new = start_solve(pos, company, options, st.session_state.get(PREPARER))
        st.session_state[JOB] = new  # the results below wait for it, showing its progress


def _results(pos: Position, company: str) -> tuple[list[Any], str]:
    """Show the last solve's status and table; returns the route traces to draw and the map title."""
    job: SolveJob | None = finished_job(
        st.session_state.get(JOB),
        company,
        lambda j: j.position is not pos,
        "The board has changed since the last solve: press Solve again.",
    )
    if job is None:
        return [], ""
    result = job.result
    assert result is not None
    if result.status == "infeasible":
        st.warning(f"**{company}: no legal run.** {result.reason}")
        return [], ""
    st.markdown(f"**{company}: £{result.revenue}** · {status_text(result)}")
    st.caption(f"Answer shown {job.elapsed:.2f} s after pressing Solve.")
    if not result.evaluation.trains:
        return [], ""
    _show_run(explain(result.evaluation, pos.game))
    traces = route_traces(pos.game, _tiles(pos), trains=result.evaluation.trains)
    return traces, f"{company}: best run £{result.revenue}"


def _manual_panel(pos: Position, company: str) -> tuple[list[Any], str]:
    state = pos.companies[company]
    routes = _manual(company, len(state.trains))
    if not state.trains:
        return [], ""
    labels = [f"{i + 1}: {t.name}" for i, t in enumerate(state.trains)]
    st.session_state.setdefault(DRAW_TRAIN, 0)
    if st.session_state[DRAW_TRAIN] >= len(labels):
        st.session_state[DRAW_TRAIN] = 0
    st.radio(
        "Train whose route the map clicks build",
        list(range(len(labels))),
        format_func=lambda i: labels[i],
        key=DRAW_TRAIN,
        horizontal=True,
    )
    st.caption(
        "Click hexes in visiting order, from one end of the route to the other; "
        "click the last hex again to take it back."
    )
    for i, label in enumerate(labels):
        text = st.text_input(
            f"Route of train {label} (hexes)",
            value=" ".join(routes[i]),
            key=f"manual-{company}-{i}-{'-'.join(routes[i])}",
        )
        typed = [h.strip().upper() for h in text.replace(",", " ").replace("-", " ").split() if h.strip()]
        if typed != routes[i]:
            routes[i][:] = typed
            st.session_state.pop(MANUAL_EVAL, None)
    c1, c2 = st.columns(2)
    if c1.button("Score these routes", key="manual-eval"):
        specs = [RouteSpec(state.trains[i].name, tuple(r)) for i, r in enumerate(routes) if r]
        try:
            st.session_state[MANUAL_EVAL] = (pos, company, evaluate(pos, company, specs))
        except InputError as exc:
            session.show_problems(exc.problems, "These routes cannot be judged:")
    if c2.button("Clear routes", key="manual-clear"):
        for r in routes:
            r.clear()
        st.session_state.pop(MANUAL_EVAL, None)
        st.rerun()
    saved = st.session_state.get(MANUAL_EVAL)
    specs_drawn = [RouteSpec(state.trains[i].name, tuple(r)) for i, r in enumerate(routes) if len(r) >= 1]
    if saved and saved[0] is pos and saved[1] == company:
        evaluation: Evaluation = saved[2]
        if evaluation.legal:
            st.success(f"Legal run: revenue £{evaluation.revenue}, subsidy £{evaluation.subsidy}.")
            _show_run(explain(evaluation, pos.game))
            return route_traces(
                pos.game, _tiles(pos), trains=evaluation.trains
            ), f"{company}: your run £{evaluation.revenue}"
        session.show_problems(list(evaluation.problems), "This run breaks the rules:")
    return route_traces(pos.game, _tiles(pos), routes=specs_drawn), f"{company}: your routes"


def _prepare(pos: Position, playing: list[str], company: str) -> None:
    """List every company's route options in the background, the chosen one first, so that Solve starts
    the search at once."""
    preparer: Preparer | None = st.session_state.get(PREPARER)
    if preparer is None or preparer.position is not pos:
        if preparer is not None:
            preparer.cancel()  # the board has changed: its listing is of no use
        with_trains = [c for c in playing if pos.companies[c].trains]
        preparer = st.session_state[PREPARER] = Preparer(pos, [company, *(c for c in with_trains if c != company)])
    preparer.first(company)


def main() -> None:
    session.require(registry.ROUTES)
    pos = session.position()
    session.narrow_margins()  # the map and the cards side by side at 1280 px
    st.html(COMPACT_PAGE)
    st.title("Routes")
    session.header()
    playing = [c for c in pos.companies]
    if not playing:
        st.info("No company is in play. Add companies with trains on the Board page (Companies tab).")
        return
    if st.session_state.get(COMPANY) not in playing:
        st.session_state[COMPANY] = next((c for c in playing if pos.companies[c].trains), playing[0])
    # Defaults through session state, not the widgets' default arguments: the page-switch keeper
    # (session.ensure) writes these keys on every run, and a widget may not take both.
    st.session_state.setdefault(MODE, "Best run")
    st.session_state.setdefault(MAP_SIZE, "Medium")
    c1, c2, c3 = st.columns([2, 2, 2], vertical_alignment="bottom")
    company = c1.selectbox("Company", playing, key=COMPANY)
    mode = c2.segmented_control("Mode", ["Best run", "Enter routes"], key=MODE, required=True)
    size = c3.segmented_control("Map size", list(MAP_SIZES), key=MAP_SIZE, required=True)
    _prepare(pos, playing, company)
    state = pos.companies[company]
    permits = ", ".join(t.value for t in TrainType if t in state.permits) or "none"
    st.caption(
        f"{pos.game.companies[company].name}: trains {', '.join(t.name for t in state.trains) or 'none'}; "
        f"permits {permits} (a train runs for revenue only with its permit, 7.9)"
    )
    no_home = missing_home(pos, company)
    if no_home is not None:
        st.warning(f"{no_home.message} (rule 7.8)")
    width = MAP_SIZES[size or "Medium"]
    with st.container(horizontal=True, wrap=True, gap="medium"):
        map_box = st.container(width=width, key="routes-map")
        panel = st.container(width="stretch", key="routes-panel")
    with panel:
        if mode == "Enter routes":
            traces, title = _manual_panel(pos, company)
        else:
            _solve_controls(pos, company)
            traces, title = _results(pos, company)
    with map_box:
        fig = draw_board.board_figure(
            pos, title=title or None, height=draw_board.height_for_width(pos.game, width, bool(title))
        )
        for trace in traces:
            fig.add_trace(trace)
        fig.update_layout(width=width)
        if mode == "Enter routes":
            st.plotly_chart(
                fig,
                key=MAP_KEY,
                on_select=_on_map_click,
                selection_mode="points",
                width="content",
                config={"displayModeBar": False},
            )
        else:
            st.plotly_chart(fig, key="routes_map_view", width="content", config={"displayModeBar": False})
