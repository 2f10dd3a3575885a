"""The Stock market page for an 18BF position (called by pages/market.py): the one-row market with every company's
marker (§6), the operating order (§10), and previews of a dividend (full, half and withheld side by side, §10.7), a
share sale (§9.1), the end of a company's turn with its loans (§10.8-§10.10, §11) and the game-end value (§13),
each drawn as moves on the market with its step log. The previews are solver.titles.g18bf.money's."""

from __future__ import annotations

import polars as pl
import streamlit as st

from pages import session
from pages.market_18bf_purchases import earnings_input, shares_section, train_section, turn_from_earnings
from pages.money_18bf import money_position, show_steps
from solver.core.board_position import BoardPosition
from solver.core.market import Move
from solver.errors import InputError
from solver.titles import registry
from solver.titles.g18bf.money.dividend import dividend_options
from solver.titles.g18bf.money.kinds import Kind
from solver.titles.g18bf.money.pictures import HOLDER_WORDS, LEGEND, market_picture, values_picture
from solver.titles.g18bf.money.position import (
    CompanyMoney,
    company_money,
    in_play,
    needs_price,
    operating_order,
)
from solver.titles.g18bf.money.sale import sale_preview
from solver.titles.g18bf.money.turn import company_end_of_turn
from solver.titles.g18bf.money.value import game_end_preview

PREVIEWS = ("Dividend", "Share sale", "End of turn", "Train", "Shares", "Game end")
PREVIEW = "bf-market-preview"


def _operating_order(pos: BoardPosition, order: list[str]) -> None:
    st.markdown("**Operating order** (§10: minors, then publics, then Systems, each by price, top of a stack first)")
    lines = []
    for i, company in enumerate(order, start=1):
        m = company_money(pos, company)
        lines.append(f"{i}. {company} ({m.kind}, £{m.price})")
    st.markdown("\n".join(lines))


def _companies_table(pos: BoardPosition, order: list[str]) -> None:
    rows = []
    for company in order:
        m = company_money(pos, company)
        held = ", ".join(f"{HOLDER_WORDS.get(h, h)} {n}" for h, n in m.holdings.items())
        rows.append((company, m.kind, m.price, m.cash, m.loans, ", ".join(m.trains), m.director or "", held))
    schema = ["company", "kind", "price", "cash", "loans", "trains", "director", "holdings"]
    st.dataframe(pl.DataFrame(rows, schema=schema, orient="row"), hide_index=True, width="stretch")


def _pick(kinds: tuple[Kind, ...], pos: BoardPosition, key: str) -> CompanyMoney | None:
    choices = in_play(pos, *kinds)
    if not choices:
        st.info(f"The position has no {' or '.join(kinds)} with a price.")
        return None
    return company_money(pos, st.selectbox("Company", choices, key=key))


def _dividend(pos: BoardPosition) -> tuple[Move, ...]:
    c1, c2 = st.columns([1, 1])
    with c1:
        money = _pick(("minor", "public", "system"), pos, "bf-div-company")
    if money is None:
        return ()
    earnings = earnings_input(pos, money, "bf-div", c2)
    if earnings is None:
        return ()
    options = dividend_options(
        money.kind,
        needs_price(money),
        earnings,
        holdings=money.holdings,
        owner=money.director or "owner",
        company=money.company,
        phase=pos.phase,
        stacks=pos.market,
    )
    cols = st.columns(len(options))
    for col, (choice, out) in zip(cols, options.items(), strict=True):
        with col:
            title = "Minor: half to the owner" if money.kind == "minor" else choice.capitalize()
            st.markdown(f"**{title}**")
            st.metric("Price", f"£{out.new_price}", delta=out.new_price - out.price or None)
            paid = ", ".join(f"{p} £{c}" for p, c in out.payouts.items()) or "nobody"
            st.caption(f"Paid £{out.paid} (£{out.per_share} a share): {paid}. Kept £{out.kept + out.to_company}.")
            with st.expander("Step by step"):
                show_steps(out.steps, f"bf-div-steps-{choice}")
    shown = st.radio("Drawn on the market", list(options), horizontal=True, key="bf-div-drawn")
    return options[shown or "full"].moves


def _sale(pos: BoardPosition) -> tuple[Move, ...]:
    c1, c2, c3 = st.columns(3)
    with c1:
        money = _pick(("public", "system"), pos, "bf-sale-company")
    if money is None:
        return ()
    sellers = list(money.players())
    if not sellers:
        st.info(f"No player holds a share of {money.company}.")
        return ()
    seller = c2.selectbox("Seller", sellers, key=f"bf-sale-seller-{money.company}")
    shares = int(c3.number_input("Shares sold", 1, max(1, money.holdings.get(seller, 1)), 1, key="bf-sale-shares"))
    out = sale_preview(
        money.kind,
        needs_price(money),
        seller,
        shares,
        holdings=money.holdings,
        director=money.director or "",
        seats=[p.name for p in pos.players],
        operated=money.operated,
        company=money.company,
    )
    cols = st.columns(3)
    cols[0].metric("Proceeds", f"£{out.proceeds}")
    cols[1].metric("Price", f"£{out.new_price}", delta=out.new_price - out.price or None)
    cols[2].metric("Director", out.director)
    show_steps(out.steps, "bf-sale-steps")
    return (out.move,)


def _end_of_turn(pos: BoardPosition) -> tuple[Move, ...]:
    c1, c2, c3 = st.columns(3)
    with c1:
        money = _pick(("minor", "public", "system"), pos, "bf-eot-company")
    if money is None:
        return ()
    cheapest = int(c2.number_input("Cheapest train in the Bank (£)", 1, 2000, 225, step=25, key="bf-eot-train"))
    turn = turn_from_earnings(pos, money, cheapest, c3)
    if turn is not None:
        return turn
    withheld = c3.checkbox("Earnings kept or none (§10.7)", key="bf-eot-withheld")
    out = company_end_of_turn(money, pos.phase, cheapest_train=cheapest, withheld=withheld)
    cols = st.columns(4)
    cols[0].metric("Cash", f"£{out.cash_after}", delta=out.cash_after - out.cash_before or None)
    cols[1].metric("Loans", out.loans_after, delta=out.loans_after - out.loans_before or None)
    cols[2].metric("Train bought", f"£{out.train_cost}" if out.train_cost else "none")
    cols[3].metric("Price", f"£{out.new_price}", delta=out.new_price - out.price or None)
    show_steps(out.steps, "bf-eot-steps")
    return out.moves


def _game_end(pos: BoardPosition) -> tuple[Move, ...]:
    out = game_end_preview(pos)
    rows = [(p.player, p.cash, p.total - p.cash, p.total) for p in sorted(out.players, key=lambda p: -p.total)]
    st.dataframe(pl.DataFrame(rows, schema=["player", "cash", "holdings", "worth"], orient="row"), hide_index=True)
    st.plotly_chart(values_picture(out), config={"displayModeBar": False}, key="bf-values")
    show_steps(out.steps, "bf-end-steps")
    return tuple(m for moves in out.prices.values() for m in moves if m.start != m.end)


def main() -> None:
    """The page, after pages/market.py's dispatch by title."""
    pos = money_position(registry.MARKET, "Stock market")
    if pos is None:
        return
    order = operating_order(pos)
    left, right = st.columns([1, 3], gap="medium")
    with left:
        _operating_order(pos, order)
    moves: tuple[Move, ...] = ()
    with right:
        st.session_state.setdefault(PREVIEW, PREVIEWS[0])
        kind = st.segmented_control("Preview", PREVIEWS, key=PREVIEW, required=True)
        if not order:
            st.info("The position gives no share prices (its `market`, docs/money-18bf.md).")
        else:
            try:
                if kind == "Share sale":
                    moves = _sale(pos)
                elif kind == "End of turn":
                    moves = _end_of_turn(pos)
                elif kind == "Train":
                    moves = train_section(pos, _pick)
                elif kind == "Shares":
                    moves = shares_section(pos, _pick)
                elif kind == "Game end":
                    moves = _game_end(pos)
                else:
                    moves = _dividend(pos)
            except InputError as exc:
                session.show_problems(exc.problems, "This preview is refused:")
    st.plotly_chart(market_picture(pos.market, moves), config={"displayModeBar": False}, key="bf-market")
    st.caption(LEGEND)
    if order:
        _companies_table(pos, order)
