"""1860's Stock market page (pages/market.py dispatches to it): the market with every company's token and the
operating order, and the previews of solver/titles/g1860/money/ on the current position, each with its step log and
picture, as `python -m solver market ... --position` prints them (docs/money-1860.md): a dividend (paid or
retained, the halt subsidy, the company's state), a share sale (half price without a train, the red-letter zones, no
move before the first run or after the 8+4, the director after it), insolvency and the leased train's run, and each
player's assets at the end of the game."""

from __future__ import annotations

from typing import Any

import polars as pl
import streamlit as st

from pages import session
from pages.money_1860 import NO_TOOLBAR, money_position, show_problems, show_steps
from solver.core.board_position import BoardPosition
from solver.core.market import order_by_price
from solver.errors import InputError
from solver.titles import registry
from solver.titles.g1860.money.dividend import dividend_preview
from solver.titles.g1860.money.insolvency import insolvency_preview, smallest_train
from solver.titles.g1860.money.pictures import (
    dividend_picture,
    insolvency_picture,
    market_picture,
    sale_picture,
    values_picture,
)
from solver.titles.g1860.money.position import company_money, needs_price, sales_move_prices, seats
from solver.titles.g1860.money.runs import best_run
from solver.titles.g1860.money.sale import sale_preview
from solver.titles.g1860.money.value import player_values
from solver.titles.g1860.trains import train_sizes

PREVIEW = "market-1860-preview"
PREVIEWS = ("Dividend", "Share sale", "Insolvency", "End-game value")
STATES = ("solvent", "insolvent", "receivership", "nationalised")


def _dividend(pos: BoardPosition, company: str) -> Any:
    money = company_money(pos, company)
    c1, c2, c3 = st.columns(3)
    if c1.button("Use the best run's revenue", key="div-1860-best", help="1860's optimizer, most revenue"):
        best = best_run(pos, company, time_limit=20.0)
        st.session_state["div-1860-revenue"] = best.evaluation.revenue
        st.session_state["div-1860-subsidy"] = best.evaluation.subsidy
    revenue = c2.number_input("Revenue", min_value=0, step=10, key="div-1860-revenue")
    subsidy = c3.number_input("Halt subsidy", min_value=0, step=10, key="div-1860-subsidy")
    d1, d2 = st.columns(2)
    pay = d1.radio("Revenue", ["pay", "retain"], horizontal=True, key="div-1860-pay") == "pay"
    state = d2.radio("The company is", STATES, horizontal=True, key="div-1860-state")
    out = dividend_preview(
        needs_price(money),
        int(revenue),
        pay=pay,
        subsidy=int(subsidy),
        treasury=money.cash,
        holdings=money.holdings,
        company=company,
        stacks=pos.market,
        state=state,  # type: ignore[arg-type]
    )
    st.markdown(
        f"**{company}: price {out.price} -> {out.new_price}** · "
        + ", ".join(f"{p} {v}" for p, v in out.payouts.items())
    )
    return out, dividend_picture(out, pos.market)


def _sale(pos: BoardPosition, company: str) -> Any:
    money = company_money(pos, company)
    sellers = [p for p in seats(pos) if money.holdings.get(p, 0) > 0]
    c1, c2 = st.columns(2)
    seller = c1.selectbox("Seller", sellers, key="sale-1860-seller")
    held = money.holdings.get(seller, 1) if seller else 1
    shares = c2.number_input("Shares sold", min_value=1, max_value=max(1, held), value=1, key="sale-1860-shares")
    variant = st.checkbox("Variant: full price before the first run (RB L745)", key="sale-1860-variant")
    extra: dict[str, Any] = {}
    if seller:
        extra = {"seller": seller, "holdings": money.holdings, "director": money.director, "seats": seats(pos)}
    out = sale_preview(
        needs_price(money),
        int(shares),
        has_train=money.has_train,
        operated=money.operated,
        after_8_train=not sales_move_prices(pos.phase),
        full_price_variant=variant,
        **extra,
    )
    director = out.director or "nobody (receivership)"
    st.markdown(
        f"**{out.shares} share(s) of {company} at {out.price_per_share}: {out.proceeds}** · price {out.price} -> "
        f"{out.new_price} · director after: {director}"
    )
    return out, sale_picture(out, pos.market)


def _insolvency(pos: BoardPosition, company: str) -> Any:
    trains = list(train_sizes())
    default = smallest_train(pos.phase)
    c1, c2 = st.columns(2)
    leased = c1.selectbox("Leased train (RB L628)", trains, index=trains.index(default), key="ins-1860-train")
    limit = c2.number_input("Seconds for the leased run", min_value=1.0, max_value=120.0, value=20.0, step=5.0)
    out = insolvency_preview(pos, company, leased=leased, time_limit=float(limit))
    verdict = "insolvent" if out.insolvent else "not insolvent"
    run = "; ".join(f"{r.train}: {' '.join(r.nodes)}" for r in out.run)
    st.markdown(
        f"**{company} is {verdict}** · {out.reason} · leased run {out.revenue}"
        + ("" if out.complete else " (best found, not proven)")
        + (f" · {run}" if run else "")
    )
    return out, insolvency_picture(out)


def _values(pos: BoardPosition) -> Any:
    out = player_values(pos)
    rows = [{"player": v.player, "cash": v.cash, **dict(v.shares), "total": v.total} for v in out.players]
    st.dataframe(pl.DataFrame(rows), hide_index=True, width="stretch")
    st.caption(f"Bank left: {out.bank_left} (RB L326). Private companies are not in the position: none counted.")
    return out, values_picture(out)


def main() -> None:
    session.require(registry.MARKET)
    session.narrow_margins()
    st.title("Stock market")
    session.header()
    pos = money_position()
    if pos is None:
        return
    order = order_by_price({p: tuple(ts) for p, ts in pos.market.items()})
    left, right = st.columns([1, 3], gap="medium")
    with left:
        st.markdown("**Operating order** (RB L421)")
        st.markdown("\n".join(f"{i}. {c} · {company_money(pos, c).price}" for i, c in enumerate(order, start=1)))
    with right:
        st.session_state.setdefault(PREVIEW, PREVIEWS[0])
        kind = st.segmented_control("Preview", PREVIEWS, key=PREVIEW, required=True)
        company = "" if kind == "End-game value" else st.selectbox("Company", order, key="market-1860-company")
        try:
            if kind == "Dividend":
                out, picture = _dividend(pos, company)
            elif kind == "Share sale":
                out, picture = _sale(pos, company)
            elif kind == "Insolvency":
                out, picture = _insolvency(pos, company)
            else:
                out, picture = _values(pos)
        except InputError as exc:
            show_problems(exc)
            st.plotly_chart(market_picture(pos.market), config=NO_TOOLBAR, key="market-1860-picture")
            return
        st.plotly_chart(picture, config=NO_TOOLBAR, key="market-1860-picture")
        show_steps(out.steps)
