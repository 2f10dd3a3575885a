"""Stock market page: the zigzag market with every company's token, the operating order, and a preview of a
dividend (paid or withheld, with the Hudson Manoeuvre), a share sale or a merger's new price, drawn as an
arrow (6.4.1, 6.4.2, 7.1, 7.5.3, 7.8.5, 7.8.6). Prices, treasuries, holdings and trains come from the position
(format version 2); typed prices can be kept in the position."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import polars as pl
import streamlit as st

from pages import session
from pages.jobs import SolveJob
from solver.errors import InputError
from solver.titles import registry
from solver.titles.g1862.draw.money import market_figure
from solver.titles.g1862.loading import parse_position
from solver.titles.g1862.money import dividend_preview, get_market, new_share_price, operating_order, sale_preview
from solver.titles.g1862.position import Position, position_to_dict
from solver.titles.g1862.routes.model import SolveResult

TABLE = "market-prices"
SEEDED = "market_prices_seeded_from"  # the position money the price table was last filled from
PREVIEW = "market-preview"


def price_table(pos: Position) -> pl.DataFrame:
    """One row per company in play: those with a price in operating order (top of each stack first, 7.1),
    then those the position gives no price (left empty to be typed)."""
    rows: list[tuple[str, int | None]] = [
        (c, price) for price, stack in sorted(pos.market.items(), reverse=True) for c in stack
    ]
    priced = {c for c, _ in rows}
    rows += [(c, None) for c in pos.companies if c not in priced]
    return pl.DataFrame(rows, schema={"company": pl.String, "price": pl.Int64}, orient="row")


def _table(pos: Position) -> pl.DataFrame:
    """The editable price table, refilled from the position whenever its prices or companies change."""
    seed = (tuple(pos.market.items()), tuple(pos.companies))
    if st.session_state.get(SEEDED) != seed:
        session.reset_table(TABLE, price_table(pos))
        st.session_state[SEEDED] = seed
    return session.editable_table(
        TABLE,
        price_table(pos),
        num_rows="dynamic",
        hide_index=True,
        column_config={
            "company": st.column_config.SelectboxColumn(options=list(pos.game.companies), width="small"),
            "price": st.column_config.NumberColumn(width="small"),
        },
    )


def _keep_in_position(pos: Position, stacks: dict[int, list[str]]) -> None:
    """Offer to keep typed prices in the position (checked as any position is: 6.4.2, 7.12)."""
    market = {p: tuple(s) for p, s in sorted(stacks.items())}
    if market == dict(pos.market):
        return
    if st.button("Keep these prices in the position", key="market-keep"):
        changed = dataclasses.replace(pos, market=MappingProxyType(market))
        try:
            session.replace(parse_position(position_to_dict(changed)))
        except InputError as exc:
            session.show_problems(exc.problems, "These prices cannot be kept:")
            return
        st.rerun()
    st.caption("The prices typed here differ from the position's.")


def _last_solve(pos: Position, company: str) -> SolveResult | None:
    job: SolveJob | None = st.session_state.get("routes_job")
    if job is not None and job.company == company and job.result is not None and job.position is pos:
        return job.result
    return None


def _dividend(pos: Position, prices: dict[str, int]) -> tuple[tuple[int, int], str]:
    market = get_market(pos.title)
    c1, c2, c3 = st.columns(3)
    company = c1.selectbox("Company", list(prices), key="div-company")
    solved = _last_solve(pos, company)
    revenue = int(
        c2.number_input(
            "Revenue (£)",
            0,
            5000,
            solved.revenue if solved is not None else 0,
            step=10,
            key=f"div-rev-{company}-{solved.revenue if solved else ''}",
        )
    )
    pay = c3.radio("Decision", ["pay out", "withhold"], horizontal=True, key="div-pay") == "pay out"
    money = pos.companies[company].money if company in pos.companies else None
    d1, d2, d3 = st.columns(3)
    treasury = int(
        d1.number_input("Treasury (£)", 0, 100000, money.cash if money else 0, step=10, key=f"div-treasury-{company}")
    )
    subsidy = int(
        d2.number_input(
            "Local subsidy (£)",
            0,
            1000,
            solved.subsidy if solved is not None else 0,
            step=10,
            key=f"div-subsidy-{company}-{solved.subsidy if solved else ''}",
        )
    )
    hudson = d3.checkbox("Hudson Manoeuvre (7.8.6)", key="div-hudson", help="The George Hudson Manoeuvre")
    if solved is not None and revenue == solved.revenue:
        st.caption(f"Revenue £{solved.revenue} comes from the last solve of {company} on the Routes page.")
    div = dividend_preview(
        prices[company],
        revenue,
        pay=pay,
        treasury=treasury,
        subsidy=subsidy,
        hudson=hudson,
        holdings=money.holdings if money and money.holdings else None,
        market=market,
    )
    what = "paid out" if div.paid else "withheld"
    st.markdown(
        f"**£{div.declared} {what}: £{div.per_share} per share.** Price £{div.price} → "
        f"**£{div.new_price}** ({div.spaces:+d} space(s), 7.8.5). Treasury £{div.treasury_before} → "
        f"£{div.treasury_after}."
    )
    if div.paid and money and money.holdings:
        payouts = [f"{holder} £{cash}" for holder, cash in div.payouts.items() if cash]
        st.markdown("Paid to: " + ", ".join(payouts) + " (the company's own shares pay its treasury, 7.8.5)")
    if div.hudson_note:
        st.caption(div.hudson_note)
    for note in div.notes:
        st.caption(note)
    return (div.price, div.new_price), f"{company} £{div.price} → £{div.new_price}"


def _sale(pos: Position, prices: dict[str, int]) -> tuple[tuple[int, int], str]:
    market = get_market(pos.title)
    st.session_state.setdefault("sale-shares", 1)
    c1, c2, c3 = st.columns(3)
    company = c1.selectbox("Company", list(prices), key="sale-company")
    shares = int(c2.number_input("Shares sold", 1, 10, key="sale-shares"))
    director = c3.checkbox("Sold by the director", key="sale-director")
    state = pos.companies.get(company)
    no_train = st.checkbox(
        "Company has no train (sold at half price, 6.4.1)",
        value=state is not None and not state.trains,
        key=f"sale-no-train-{company}",
    )
    sale = sale_preview(prices[company], shares, director=director, has_train=not no_train, market=market)
    st.markdown(
        f"**{shares} share(s) of {company} at £{sale.price_per_share}: £{sale.proceeds}.** "
        f"Price £{sale.price} → **£{sale.new_price}** ({sale.ignored} move(s) ignored, 6.4.2)."
    )
    for note in sale.notes:
        st.caption(note)
    return (sale.price, sale.new_price), f"{company} £{sale.price} → £{sale.new_price}"


def _merger_price(pos: Position, prices: dict[str, int]) -> tuple[tuple[int, int], str]:
    market = get_market(pos.title)
    companies = list(prices)
    c1, c2 = st.columns(2)
    a = c1.selectbox("First company", companies, key="mp-a")
    b = c2.selectbox("Second company", [c for c in companies if c != a] or companies, key="mp-b")
    trains = {c: bool(pos.companies[c].trains) if c in pos.companies else True for c in (a, b)}
    ta = c1.checkbox(f"{a} has a train", value=trains[a], key=f"mp-train-{a}")
    tb = c2.checkbox(f"{b} has a train", value=trains[b], key=f"mp-train-{b}")
    price, working = new_share_price(prices[a], ta, prices[b], tb, market)
    st.markdown(f"**New share price £{price}** (7.5.3): {working}")
    return (max(prices[a], prices[b]), price), f"merged £{price}"


#: A title's own Stock market page, where its market rules are not 1862's.
TITLE_PAGES = {"1860": "pages.market_1860", "18bf": "pages.market_18bf"}


def main() -> None:
    if not session.shared_page_top("Stock market", registry.MARKET, TITLE_PAGES):
        return
    pos = session.position()
    market = get_market(pos.title)
    st.caption("Share prices from the position; edit them here (companies on one space top of the stack first, 7.1).")
    left, right = st.columns([1.2, 3], gap="medium")
    with left:
        table = _table(pos)
    prices: dict[str, int] = {}
    for row in table.iter_rows(named=True):
        if row["company"] and row["price"] is not None:
            prices[row["company"]] = int(row["price"])
    stacks: dict[int, list[str]] = {}
    for company, price in prices.items():
        stacks.setdefault(price, []).append(company)
    with left:
        try:
            order = operating_order(stacks, market)
        except InputError as exc:
            session.show_problems(exc.problems, "These prices are not on the market:")
            return
        st.markdown("**Operating order (7.1)**")
        st.markdown("\n".join(f"{i}. {c}" for i, c in enumerate(order, start=1)))
        _keep_in_position(pos, stacks)
    move: tuple[int, int] | None = None
    label = ""
    with right:
        st.session_state.setdefault(PREVIEW, "Dividend")
        kind = st.segmented_control("Preview", ["Dividend", "Share sale", "Merger price"], key=PREVIEW, required=True)
        if not prices:
            st.info("The position gives no share prices: type them in the table.")
            return
        try:
            if kind == "Share sale":
                move, label = _sale(pos, prices)
            elif kind == "Merger price":
                move, label = _merger_price(pos, prices)
            else:
                move, label = _dividend(pos, prices)
        except InputError as exc:
            session.show_problems(exc.problems, "This preview is refused:")
    # The whole width of the page: 33 spaces a row need it for the tokens to stay apart.
    st.plotly_chart(
        market_figure(market, pos.game, stacks, move, label), config={"displayModeBar": False}, key="market-figure"
    )


main()
