"""Parts of the 18BF Stock market page (pages/market_18bf.py) that run the optimizer or buy: the train decision
(§10.10, Table 4: each candidate train with the company's best run after buying it), shares redeemed by a company
(§10.3) or bought by a player in a Stock Round (§9.3), and the earnings of the company's best run offered to the
dividend and end-of-turn previews (§10.6). Runs are found in the background (pages/jobs.Task) with a Stop button;
the previews are solver.titles.g18bf.money's."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import polars as pl
import streamlit as st

from pages import session
from pages.jobs import Task, start_task
from pages.money_18bf import show_steps
from pages.routes_common import PROGRESS_EVERY
from solver.core.board_position import BoardPosition
from solver.core.market import Move
from solver.titles.g18bf.money.dividend import CHOICES, Choice
from solver.titles.g18bf.money.kinds import Kind
from solver.titles.g18bf.money.pictures import train_decision_picture
from solver.titles.g18bf.money.position import (
    CompanyMoney,
    cash_of,
    certificate_limit,
    certificates,
    needs_price,
    seats,
)
from solver.titles.g18bf.money.runs import RunEarnings, best_earnings
from solver.titles.g18bf.money.shares import purchase_preview, redemption_preview
from solver.titles.g18bf.money.train_decision import (
    TrainDecision,
    TrainOption,
    buyable,
    default_candidates,
    train_decision,
)
from solver.titles.g18bf.money.turn import turn_preview

#: The page's company picker: (kinds, position, key) -> the company chosen, or None.
Pick = Callable[[tuple[Kind, ...], BoardPosition, str], CompanyMoney | None]
TASKS = "bf-purchase-tasks"  # key -> (position, inputs, Task) of the last run started from each part
NO_TOOLBAR = {"displayModeBar": False}


def _task(key: str, pos: BoardPosition, inputs: Any, pressed: bool, work: Callable[[threading.Event], Any]) -> Any:
    """The answer of the background work started by `pressed` for these inputs, waiting with a Stop button while it
    runs; None (with a hint) before it is asked for or when the position or inputs changed since."""
    tasks: dict[str, tuple[BoardPosition, Any, Task]] = st.session_state.setdefault(TASKS, {})
    if pressed:
        tasks[key] = (pos, inputs, start_task(work))
    saved = tasks.get(key)
    if saved is None or saved[0] is not pos or saved[1] != inputs:
        return None
    task = saved[2]
    if not task.done:
        slot = st.empty()
        with slot.container():
            if st.button("Stop", icon=":material/stop:", key=f"{key}-stop"):
                task.stop.set()
            shown = st.empty()
        while not task.done:
            shown.info(f"Finding the best runs… {task.elapsed:.1f} s")
            task.wait(PROGRESS_EVERY)
        slot.empty()
    if task.problems:
        session.show_problems(task.problems, "Refused:")
        return None
    return task.result


def run_line(company: str, run: RunEarnings) -> str:
    return f"{company}'s best run: £{run.revenue}, {run.status_text} ({run.seconds:.2f} s). {run.routes_text()}."


def earnings_input(pos: BoardPosition, money: CompanyMoney, key: str, where: Any) -> int | None:
    """The earnings to distribute: typed, or the company's best run on the position's board (§10.6: the highest
    legal earnings are declared), found when asked with its proof shown. None while no run is found."""
    source = where.radio("Earnings from", ["Typed", "Best run"], horizontal=True, key=f"{key}-source")
    if source == "Typed":
        return int(where.number_input("Earnings (£)", 0, 10000, 0, step=10, key=f"{key}-typed-{money.company}"))
    c1, c2 = st.columns([1, 1])
    limit = float(c1.number_input("Time limit (s)", 1.0, 600.0, 30.0, step=5.0, key=f"{key}-limit"))
    pressed = c2.button("Find the best run", icon=":material/play_arrow:", key=f"{key}-solve")
    run: RunEarnings | None = _task(
        f"{key}-run",
        pos,
        (money.company, limit),
        pressed,
        lambda stop: best_earnings(pos, money.company, time_limit=limit, stop=stop),
    )
    if run is None:
        st.info(f"Press Find the best run: {money.company}'s earnings from its best run on this board.")
        return None
    (st.success if run.proven else st.warning)(run_line(money.company, run))
    if not run.found:
        return None
    return run.revenue


def turn_from_earnings(pos: BoardPosition, money: CompanyMoney, cheapest: int, where: Any) -> tuple[Move, ...] | None:
    """The end of the turn after distributing earnings, typed or from the best run (§10.7, then §10.8-§10.10); None
    unless the player asks for it (the page then shows the end of the turn alone)."""
    if not where.checkbox("Distribute earnings first", key="bf-eot-earnings"):
        return None
    c1, c2 = st.columns([2, 1])
    earnings = earnings_input(pos, money, "bf-eot", c1)
    choices: tuple[Choice, ...] = CHOICES[:1] if money.kind == "minor" else CHOICES
    picked = c2.radio("Pay", choices, horizontal=True, key="bf-eot-pay")
    choice: Choice = next((c for c in choices if c == picked), "full")
    if earnings is None:
        return ()
    turn = turn_preview(money, pos.phase, earnings, choice=choice, cheapest_train=cheapest, price=needs_price(money))
    end = turn.end
    cols = st.columns(4)
    cols[0].metric("Paid out", f"£{turn.dividend.paid}")
    if end is not None:
        cols[1].metric("Cash", f"£{end.cash_after}", delta=end.cash_after - money.cash or None)
        cols[2].metric("Loans", end.loans_after, delta=end.loans_after - end.loans_before or None)
    new_price = turn.moves[-1].end if turn.moves else turn.dividend.price
    cols[3].metric("Price", f"£{new_price}", delta=new_price - turn.dividend.price or None)
    show_steps(turn.steps, "bf-eot-steps")
    return turn.moves


def train_section(pos: BoardPosition, pick: Pick) -> tuple[Move, ...]:
    """The train decision: candidates, each way to buy them, the best runs and the step logs."""
    c1, c2, c3 = st.columns([1, 2, 1])
    with c1:
        money = pick(("minor", "public", "system"), pos, "bf-train-company")
    if money is None:
        return ()
    offered = buyable(pos.phase, money.kind, money.trains)
    chosen = c2.multiselect(
        "Trains to compare",
        offered,
        default=default_candidates(pos.phase, money.kind, money.trains),
        key=f"bf-train-candidates-{money.company}",
    )
    limit = float(c3.number_input("Seconds a run", 1.0, 600.0, 30.0, step=5.0, key="bf-train-limit"))
    st.caption(
        f"{money.company}: {money.kind}, cash £{money.cash}, {money.loans} loan(s), trains "
        f"{', '.join(money.trains) or 'none'}. Each train's best run is on this board with the train added; a train of "
        "the next phase's card starts that phase (§8, §10.10)."
    )
    pressed = st.button("Compare trains", type="primary", icon=":material/play_arrow:", key="bf-train-compare")
    decision: TrainDecision | None = _task(
        "bf-train",
        pos,
        (money.company, tuple(chosen), limit),
        pressed,
        lambda stop: train_decision(pos, money.company, chosen, time_limit=limit, stop=stop),
    )
    if decision is None:
        st.info("Choose the trains and press Compare trains.")
        return ()
    _show_decision(decision)
    return ()


def _show_decision(decision: TrainDecision) -> None:
    best = decision.best
    st.markdown(
        f"**Without a purchase: £{decision.current.revenue}** ({decision.current.status_text}) · "
        + (f"**best buy: {best.label}** for £{best.price}, run £{best.run.revenue}" if best else "no option is paid")
    )
    rows = [
        (
            o.label,
            o.price,
            o.run.revenue,
            o.revenue_change,
            o.per_share,
            o.per_share_change,
            ", ".join(o.trains_after) or "none",
            ", ".join((*o.rusted, *o.discarded)) or "",
            _paid(o),
            "proven" if o.run.proven else o.run.status_text,
        )
        for o in decision.options
    ]
    schema = ["train", "price", "run", "change", "a share", "share change", "trains after", "rusted or discarded"]
    st.dataframe(pl.DataFrame(rows, schema=[*schema, "paid", "proof"], orient="row"), hide_index=True, width="stretch")
    st.plotly_chart(train_decision_picture(decision), config=NO_TOOLBAR, key="bf-train-picture")
    for i, option in enumerate(decision.options):
        with st.expander(f"{option.label}: step by step"):
            show_steps(option.steps, f"bf-train-steps-{i}")


def _paid(option: TrainOption) -> str:
    if not option.affordable:
        return "no"
    return f"yes, {option.loans} loan(s)" if option.loans else "yes"


def shares_section(pos: BoardPosition, pick: Pick) -> tuple[Move, ...]:
    """A company redeeming shares from the Pool (§10.3) or a player buying one certificate (§9.3)."""
    c1, c2, c3 = st.columns(3)
    with c1:
        money = pick(("public", "system"), pos, "bf-shares-company")
    if money is None:
        return ()
    what = c2.radio("Who buys", ["The company redeems (§10.3)", "A player buys (§9.3)"], key="bf-shares-what")
    price = needs_price(money)
    if what.startswith("The company"):
        pool = money.holdings.get("pool", 0)
        shares = int(c3.number_input("Shares redeemed", 1, max(1, pool), 1, key=f"bf-redeem-{money.company}"))
        out = redemption_preview(money.kind, price, money.cash, money.holdings, shares, company=money.company)
        cols = st.columns(3)
        cols[0].metric("Cost", f"£{out.cost}")
        cols[1].metric("Cash", f"£{out.cash_after}", delta=-out.cost)
        cols[2].metric("Most it may redeem", out.most)
        show_steps(out.steps, "bf-redeem-steps")
        return ()
    buyer = c3.selectbox("Buyer", seats(pos), key="bf-buy-buyer")
    source = st.radio("From", ["ipo", "pool"], horizontal=True, key="bf-buy-source", format_func=_source_words)
    sold = st.checkbox("The buyer sold this company earlier in the round", key="bf-buy-sold")
    bought = purchase_preview(
        money.kind,
        price,
        buyer,
        holdings=money.holdings,
        director=money.director,
        seats=seats(pos),
        cash=cash_of(pos),
        certificates=certificates(pos, buyer),
        certificate_limit=certificate_limit(pos),
        source=source,
        sold_this_round=sold,
        company=money.company,
    )
    cols = st.columns(3)
    cols[0].metric("Paid", f"£{bought.price}", help=f"to {bought.paid_to}")
    cols[1].metric("Director", bought.director)
    cols[2].metric("Most they may hold", bought.most, help=f"then {bought.limit} stops them")
    show_steps(bought.steps, "bf-buy-steps")
    return ()


def _source_words(source: str) -> str:
    return "the company's treasury" if source == "ipo" else "the Pool"
