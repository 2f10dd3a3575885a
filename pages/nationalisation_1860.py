"""1860's Nationalisation page (where 1862 has Mergers; pages/mergers.py dispatches to it): which companies close
after each operating round of British Rail (Railway Nationalisation, RB L664-L685). Each company's revenue is its
best run counting each train's first number only (RB L673), found and proven by the CP-SAT optimizer, or a revenue
the player types; the rounds, prices, closures, the players' final assets and the step log are those of
`nationalisation_preview`, as `python -m solver market nationalise` prints them. The preview runs in the background
(pages/jobs.Task) with a Stop button and each company's time limit."""

from __future__ import annotations

import threading

import polars as pl
import streamlit as st

from pages import session
from pages.jobs import Task, start_task
from pages.money_1860 import NO_TOOLBAR, money_position, show_steps
from pages.routes_common import PROGRESS_EVERY
from solver.titles import registry
from solver.titles.g1860.money.nationalisation import NationalisationOutcome, nationalisation_preview
from solver.titles.g1860.money.pictures import nationalisation_picture, values_picture

OUTCOME = "nationalisation_outcome"  # (position, NationalisationOutcome) of the last preview
GIVEN = "nationalisation-given"


def _rounds_table(out: NationalisationOutcome) -> pl.DataFrame:
    rows = [
        {
            "round": r.number,
            "company": c,
            "revenue": r.revenues[c],
            "price": f"{r.prices_before[c]} -> {r.prices_after[c]}",
            "closes": "closes" if c in r.closed else "",
        }
        for r in out.rounds
        for c in r.order
    ]
    return pl.DataFrame(rows)


def _show(out: NationalisationOutcome) -> None:
    if out.triggered:
        st.success("British Rail forms at the end of this round (RB L666-L668).")
    else:
        st.info("British Rail would not form now (the step log says why); the rounds show a nationalisation now.")
    closed = [f"round {r.number}: {', '.join(r.closed) or 'none'}" for r in out.rounds]
    st.markdown("**Companies closing:** " + "; ".join(closed))
    rows = [
        {"company": c, "revenue": r, "run": "proven best" if out.complete.get(c, True) else "best found (time limit)"}
        for c, r in out.revenues.items()
    ]
    left, right = st.columns([1, 1.4], gap="medium")
    with left:
        st.markdown("**Each company's revenue** (first numbers only, RB L673)")
        st.dataframe(pl.DataFrame(rows), hide_index=True, width="stretch")
        for company, best in out.runs.items():
            routes = "; ".join(f"{r.train}: {' '.join(r.nodes)}" for r in best.run) or "no run"
            st.caption(f"{company}: {routes}")
        st.markdown("**The rounds**")
        st.dataframe(_rounds_table(out), hide_index=True, width="stretch")
    with right:
        st.plotly_chart(nationalisation_picture(out), config=NO_TOOLBAR, key="nationalisation-picture")
        if out.values is not None:
            st.plotly_chart(values_picture(out.values), config=NO_TOOLBAR, key="nationalisation-values")
    show_steps(out.steps)


def main() -> None:
    session.require(registry.MERGERS)
    session.narrow_margins()
    st.title("Nationalisation")
    session.header()
    st.caption(
        "Which companies close after each operating round of British Rail (RB L664-L685): every company runs its "
        "best run counting each train's first number only (RB L673), proven by the optimizer, unless you type its "
        "revenue; the two lowest payers close after each round, every company tied with them too (RB L679)."
    )
    pos = money_position()
    if pos is None:
        return
    companies = [c for ts in pos.market.values() for c in ts]
    c1, c2 = st.columns([1, 2], gap="medium")
    limit = c1.number_input("Seconds for each company's run", min_value=1.0, max_value=120.0, value=20.0, step=5.0)
    given = c2.multiselect("Companies whose revenue you give", companies, key=GIVEN)
    revenues: dict[str, int] = {}
    if given:
        cols = st.columns(len(given))
        for col, company in zip(cols, given, strict=True):
            revenues[company] = int(col.number_input(f"{company} revenue", min_value=0, step=10, key=f"nat-{company}"))
    if st.button("Preview nationalisation", type="primary", icon=":material/play_arrow:"):

        def work(stop: threading.Event) -> NationalisationOutcome:
            return nationalisation_preview(pos, revenues=revenues, time_limit=limit, stop=stop)

        st.session_state[OUTCOME] = (pos, start_task(work))
    saved = st.session_state.get(OUTCOME)
    if saved is None or saved[0] is not pos:
        st.info("Press Preview nationalisation to see the rounds.")
        return
    task: Task = saved[1]
    if not task.done:
        _await(task)
    if task.problems:
        session.show_problems(task.problems, "Refused:")
        return
    _show(task.result)


def _await(task: Task) -> None:
    """While the companies' runs are found: the time so far and a Stop button (each company still to run then
    takes its best run found so far, marked not proven)."""
    slot = st.empty()
    with slot.container():
        if st.button("Stop", icon=":material/stop:", key="stop-nationalisation"):
            task.stop.set()
        shown = st.empty()
    while not task.done:
        shown.info(f"Finding each company's best run counting first numbers only… {task.elapsed:.1f} s")
        task.wait(PROGRESS_EVERY)
    slot.empty()
