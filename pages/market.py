"""Stock market page: the zigzag market with every company's token, the operating order, and a preview of a
dividend (paid or withheld, with the Hudson Manoeuvre), a share sale or a merger's new price, drawn as an
arrow (6.4.2, 7.1, 7.5.3, 7.8.5, 7.8.6)."""

from __future__ import annotations

import polars as pl
import streamlit as st

from pages import session
from pages.jobs import SolveJob
from solver.draw.money import market_figure
from solver.errors import InputError
from solver.money import dividend_preview, get_market, new_share_price, operating_order, sale_preview

PRICES = "table:market-prices"
SEED_PRICES = (134, 110, 100, 90, 82, 74, 68, 62, 58, 54)


def _seed(companies: list[str]) -> pl.DataFrame:
    prices = [SEED_PRICES[i % len(SEED_PRICES)] for i in range(len(companies))]
    return pl.DataFrame({"company": companies, "price": prices}, schema={"company": pl.String, "price": pl.Int64})


def _last_revenue(company: str) -> int | None:
    job: SolveJob | None = st.session_state.get("routes_job")
    if job is not None and job.company == company and job.result is not None and job.position is session.position():
        return job.result.revenue
    return None


def main() -> None:
    session.only_1862("Stock market")
    st.title("Stock market")
    session.header()
    pos = session.position()
    game = pos.game
    market = get_market(pos.title)
    st.caption("Enter each company's share price; companies on one space are listed top of the stack first (7.1).")
    left, right = st.columns([1, 3], gap="medium")
    with left:
        table = session.editable_table(
            "market-prices",
            _seed(list(pos.companies) or ["ECR", "ESR"]),
            num_rows="dynamic",
            hide_index=True,
            column_config={"company": st.column_config.SelectboxColumn(options=list(game.companies))},
        )
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
            st.markdown("**Operating order (7.1)**")
            st.markdown("\n".join(f"{i}. {c}" for i, c in enumerate(order, start=1)))
        except InputError as exc:
            session.show_problems(exc.problems, "These prices are not on the market:")
            return
    move: tuple[int, int] | None = None
    label = ""
    with right:
        kind = st.segmented_control(
            "Preview", ["Dividend", "Share sale", "Merger price"], default="Dividend", key="market-preview"
        )
        companies = list(prices)
        if not companies:
            st.info("Enter at least one company's price.")
            return
        try:
            if kind == "Share sale":
                c1, c2, c3 = st.columns(3)
                company = c1.selectbox("Company", companies, key="sale-company")
                shares = int(c2.number_input("Shares sold", 1, 10, 1, key="sale-shares"))
                director = c3.checkbox("Sold by the director", key="sale-director")
                sale = sale_preview(prices[company], shares, director=director, market=market)
                move = (sale.price, sale.new_price)
                label = f"{company} £{sale.price} → £{sale.new_price}"
                st.markdown(
                    f"**{shares} share(s) of {company} at £{sale.price_per_share}: £{sale.proceeds}.** "
                    f"Price £{sale.price} → **£{sale.new_price}** ({sale.ignored} move(s) ignored, 6.4.2)."
                )
                for note in sale.notes:
                    st.caption(note)
            elif kind == "Merger price":
                c1, c2 = st.columns(2)
                a = c1.selectbox("First company", companies, key="mp-a")
                b = c2.selectbox("Second company", [c for c in companies if c != a] or companies, key="mp-b")
                ta = c1.checkbox(f"{a} has a train", value=True, key="mp-ta")
                tb = c2.checkbox(f"{b} has a train", value=True, key="mp-tb")
                price, working = new_share_price(prices[a], ta, prices[b], tb, market)
                move = (max(prices[a], prices[b]), price)
                label = f"merged £{price}"
                st.markdown(f"**New share price £{price}** (7.5.3): {working}")
            else:
                c1, c2, c3 = st.columns(3)
                company = c1.selectbox("Company", companies, key="div-company")
                solved = _last_revenue(company)
                revenue = int(
                    c2.number_input(
                        "Revenue (£)", 0, 5000, solved if solved is not None else 100, step=10, key=f"div-rev-{company}"
                    )
                )
                pay = c3.radio("Decision", ["pay out", "withhold"], horizontal=True, key="div-pay") == "pay out"
                d1, d2, d3 = st.columns(3)
                treasury = int(d1.number_input("Treasury (£)", 0, 100000, 0, step=10, key="div-treasury"))
                subsidy = int(d2.number_input("Local subsidy (£)", 0, 1000, 0, step=10, key="div-subsidy"))
                hudson = d3.checkbox("George Hudson Manoeuvre (7.8.6)", key="div-hudson")
                if solved is not None:
                    st.caption(f"Revenue £{solved} comes from the last solve of {company} on the Routes page.")
                div = dividend_preview(
                    prices[company], revenue, pay=pay, treasury=treasury, subsidy=subsidy, hudson=hudson, market=market
                )
                move = (div.price, div.new_price)
                label = f"{company} £{div.price} → £{div.new_price}"
                what = "paid out" if div.paid else "withheld"
                st.markdown(
                    f"**£{div.declared} {what}: £{div.per_share} per share.** Price £{div.price} → "
                    f"**£{div.new_price}** ({div.spaces:+d} space(s), 7.8.5). Treasury £{div.treasury_before} → "
                    f"£{div.treasury_after}."
                )
                if div.hudson_note:
                    st.caption(div.hudson_note)
                for note in div.notes:
                    st.caption(note)
        except InputError as exc:
            session.show_problems(exc.problems, "This preview is refused:")
        st.plotly_chart(
            market_figure(market, game, stacks, move, label), config={"displayModeBar": False}, key="market-figure"
        )


main()
