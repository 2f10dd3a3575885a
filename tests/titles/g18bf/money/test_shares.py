"""Shares bought without a sale: a company redeeming its shares from the Pool (§10.3) and a player buying one
certificate in a Stock Round (§9.3): prices paid and to whom, no price move, the limits (the Pool's shares, cash
without loans, 60 %, the certificate limit, a sale earlier in the round), the directorship, and money conserved."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g18bf.money.kinds import KINDS, SHARES, Kind
from solver.titles.g18bf.money.market import market
from solver.titles.g18bf.money.position import certificate_limit, certificates, company_money
from solver.titles.g18bf.money.shares import purchase_preview, redemption_preview

from .positions import example
from .test_money_bad_input import refused

SEATS = ["Ann", "Bob", "Cat"]
PRICES = [p for p in market().prices if p > 0]


def test_redeem_stock_from_the_pool_into_the_treasury_at_the_price() -> None:
    """§10.3: LNW (150, £300, one share in the Pool) buys it back: 150 to the Bank, two in the treasury, no move."""
    lnw = company_money(example(), "LNW")
    out = redemption_preview(lnw.kind, 150, lnw.cash, lnw.holdings, 1, company="LNW")
    assert (out.cost, out.cash_after, out.most) == (150, 150, 1)
    assert out.holdings_after == {"Ann": 6, "Bob": 2, "ipo": 2}
    assert out.cash_changes == {"LNW": -150, "bank": 150}


def test_redeem_stock_no_loans_for_it() -> None:
    """§10.3 (and §10.2): a company short of cash redeems only what its cash pays for."""
    message = refused(
        lambda: redemption_preview("public", 150, 200, {"Ann": 6, "pool": 4}, 2, company="X"), "shares", "§10.3"
    )
    assert "from 1 to 1" in message and "no loans" in message


def test_redeem_stock_only_from_the_pool_and_never_a_minor() -> None:
    assert "the Pool holds 1" in refused(
        lambda: redemption_preview("public", 150, 900, {"Ann": 9, "pool": 1}, 2, company="X"), "shares", "§10.3"
    )
    assert "minor" in refused(lambda: redemption_preview("minor", 60, 900, {}, 1, company="TV"), "company TV", "§10.3")


def test_buy_stock_from_the_treasury_pays_the_company() -> None:
    """§9.3: Cat buys a GNR share (120) from its treasury: the money goes to GNR; the price stays."""
    pos = example()
    gnr = company_money(pos, "GNR")
    out = purchase_preview(
        gnr.kind,
        120,
        "Cat",
        holdings=gnr.holdings,
        director=gnr.director,
        seats=SEATS,
        cash={"Cat": 350},
        certificates=certificates(pos, "Cat"),
        certificate_limit=certificate_limit(pos),
        company="GNR",
    )
    assert (out.source, out.paid_to, out.director) == ("ipo", "GNR", "Bob")
    assert out.cash_changes == {"Cat": -120, "GNR": 120}
    assert out.holdings_after["ipo"] == 1 and out.holdings_after["Cat"] == 1


def test_buy_stock_from_the_pool_pays_the_bank() -> None:
    out = purchase_preview(
        "public",
        150,
        "Bob",
        holdings={"Ann": 6, "Bob": 2, "pool": 1, "ipo": 1},
        director="Ann",
        seats=SEATS,
        cash={"Bob": 400},
        certificates=3,
        certificate_limit=32,
        source="pool",
        company="LNW",
    )
    assert out.cash_changes == {"Bob": -150, "bank": 150} and "pool" not in out.holdings_after


def test_buy_stock_m9_the_owner_may_reach_60_percent() -> None:
    """M9 (§12.2 with §9.3's limit): the owner holding the two-share certificate at 120 may buy up to 4 more (60 %):
    one now and three more in later turns, cash allowing."""
    out = purchase_preview(
        "public",
        120,
        "Ann",
        holdings={"Ann": 2, "ipo": 8},
        director="Ann",
        seats=SEATS,
        cash={"Ann": 1000},
        certificates=1,
        certificate_limit=32,
        company="CR",
    )
    assert out.most == 6 and out.limit.startswith("60 %")


def test_buy_stock_more_than_the_director_takes_the_directorship() -> None:
    """§9.3: Bob, holding as many as Ann, buys one more and swaps two shares for the Director's Certificate."""
    out = purchase_preview(
        "public",
        100,
        "Bob",
        holdings={"Ann": 3, "Bob": 3, "ipo": 4},
        director="Ann",
        seats=SEATS,
        cash={"Bob": 400},
        certificates=3,
        certificate_limit=32,
        company="X",
    )
    assert out.director == "Bob" and any("Director's Certificate" in s.text for s in out.steps)


def test_buy_stock_limits_60_percent_certificates_and_an_earlier_sale() -> None:
    """§9.3: not at 60 % or more (12 of a System's 20), not at the certificate limit, not after selling it."""

    def buy(held: int, certs: int, sold: bool) -> object:
        return purchase_preview(
            "system",
            200,
            "Ann",
            holdings={"Ann": held, "ipo": 20 - held},
            director="Ann",
            seats=SEATS,
            cash={"Ann": 5000},
            certificates=certs,
            certificate_limit=32,
            sold_this_round=sold,
            company="GWR",
        )

    assert "60 %" in refused(lambda: buy(12, 9, False), "buyer Ann", "§9.3")
    assert "at the limit of 32" in refused(lambda: buy(8, 32, False), "buyer Ann", "§9.3")
    assert "sold GWR earlier" in refused(lambda: buy(8, 5, True), "buyer Ann", "§9.3")


def test_buy_stock_of_an_unstarted_company_is_refused() -> None:
    message = refused(
        lambda: purchase_preview(
            "public",
            100,
            "Ann",
            holdings={"ipo": 10},
            director=None,
            seats=SEATS,
            cash={"Ann": 500},
            certificates=0,
            certificate_limit=32,
            company="CR",
        ),
        "company CR.director",
        "§9.3",
    )
    assert "not been started" in message


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(KINDS[1:]),
    st.sampled_from(PRICES),
    st.integers(0, 3000),
    st.integers(0, 10),
    st.integers(1, 10),
)
def test_property_redemption_conserves_cash_and_shares(kind: Kind, price: int, cash: int, pool: int, n: int) -> None:
    """Cash is conserved (the company pays the Bank exactly) and so are the shares, whatever is redeemed."""
    k = kind
    holdings = {"Ann": SHARES[k] - pool, "pool": pool}
    if n > min(pool, cash // price):
        return
    out = redemption_preview(k, price, cash, holdings, n, company="X")
    assert sum(out.cash_changes.values()) == 0 and out.cash_after == cash - n * price >= 0
    assert sum(out.holdings_after.values()) == SHARES[k]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(KINDS[1:]), st.sampled_from(PRICES), st.lists(st.sampled_from(["Ann", "Bob", "pool", "ipo"])))
def test_property_a_purchase_conserves_cash_and_shares_within_60_percent(
    kind: Kind, price: int, deal: list[str]
) -> None:
    """Whatever Bob buys from wherever: cash and shares conserved, never above 60 %, the price unchanged; or a
    refusal under §9.3."""
    total = SHARES[kind]
    holdings = {"Ann": 2, "Bob": 0, "pool": 0, "ipo": 0}
    for holder in deal[: total - 2]:
        holdings[holder] += 1
    holdings["ipo"] += total - sum(holdings.values())
    for source in ("ipo", "pool"):
        try:
            out = purchase_preview(
                kind,
                price,
                "Bob",
                holdings=holdings,
                director="Ann",
                seats=SEATS,
                cash={"Bob": 10_000},
                certificates=holdings["Bob"],
                certificate_limit=32,
                source=source,
                company="X",
            )
        except InputError as exc:
            assert all(p.rule.startswith("§9.3") for p in exc.problems)
            continue
        assert sum(out.cash_changes.values()) == 0 and out.cash_changes["Bob"] == -price
        assert sum(out.holdings_after.values()) == total and out.price == price
        assert out.holdings_after["Bob"] <= total * 60 // 100
