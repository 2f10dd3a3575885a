"""Invariants of every 18BF money preview, over generated inputs: money is conserved (the changes of players,
treasuries and the Bank sum to zero), shares are conserved (10 for a public, 20 for a System) and a price never
leaves the market."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g18bf.money.dividend import CHOICES, dividend_preview
from solver.titles.g18bf.money.loans import end_of_turn_preview
from solver.titles.g18bf.money.market import market
from solver.titles.g18bf.money.minors import minor_merger_preview
from solver.titles.g18bf.money.sale import sale_preview
from solver.titles.g18bf.money.system import system_preview
from solver.titles.g18bf.money.takeover import takeover_preview

from .positions import company, london, money_position

PRICES = [p for p in market().prices if p > 0]
PLAYERS = ("Ann", "Bob", "Cat")


@st.composite
def holdings(draw: st.DrawFn, shares: int) -> dict[str, int]:
    """`shares` dealt among the players, the treasury and the Pool."""
    out: dict[str, int] = {}
    holders = [*PLAYERS, "ipo", "pool"]
    for _ in range(shares):
        h = draw(st.sampled_from(holders))
        out[h] = out.get(h, 0) + 1
    return out


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["public", "system"]),
    st.sampled_from(PRICES),
    st.integers(0, 200).map(lambda n: n * 10),
    st.sampled_from(CHOICES),
    st.sampled_from(["6", "8"]),
    st.data(),
)
def test_dividend_conserves_money_and_stays_on_the_market(
    kind: str, price: int, earnings: int, choice: str, phase: str, data: st.DataObject
) -> None:
    shares = 20 if kind == "system" else 10
    held = data.draw(holdings(shares))
    out = dividend_preview(kind, price, earnings, choice=choice, holdings=held, phase=phase, company="X")  # type: ignore[arg-type]
    assert sum(out.cash_changes.values()) == 0
    assert -out.cash_changes.get("bank", 0) == earnings - out.lost
    assert out.new_price in market().prices
    assert out.paid <= earnings


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(PRICES[:15]), st.integers(0, 800))
def test_minor_dividend_conserves_money(price: int, earnings: int) -> None:
    out = dividend_preview("minor", price, earnings, owner="Ann", company="TV")
    assert sum(out.cash_changes.values()) == 0 and out.new_price <= 165


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["public", "system"]), st.sampled_from(PRICES), st.data())
def test_sale_conserves_money_and_shares(kind: str, price: int, data: st.DataObject) -> None:
    shares = 20 if kind == "system" else 10
    cert = 4 if kind == "system" else 2
    held = data.draw(holdings(shares - cert))
    held["Ann"] = held.get("Ann", 0) + cert
    seller = data.draw(st.sampled_from([p for p in PLAYERS if held.get(p, 0)]))
    n = data.draw(st.integers(1, held[seller]))
    try:
        out = sale_preview(kind, price, seller, n, holdings=held, director="Ann", seats=PLAYERS, company="X")  # type: ignore[arg-type]
    except InputError as exc:  # a refused sale names its rule
        assert all(p.rule == "§9.1" for p in exc.problems)
        return
    assert sum(out.cash_changes.values()) == 0 and out.proceeds == n * price
    assert sum(out.holdings_after.values()) == shares and out.holdings_after.get("pool", 0) <= shares // 2
    assert out.holdings_after.get(out.director, 0) >= cert
    assert out.new_price in market().prices


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["minor", "public", "system"]),
    st.sampled_from(PRICES[:15]),
    st.integers(0, 600),
    st.integers(0, 5),
    st.integers(0, 2),
    st.sampled_from([100, 225, 350, 550, 650]),
    st.booleans(),
)
def test_end_of_turn_conserves_money(
    kind: str, price: int, cash: int, loans: int, trains: int, cost: int, withheld: bool
) -> None:
    out = end_of_turn_preview(kind, price, cash, loans, trains=trains, cheapest_train=cost, withheld=withheld)  # type: ignore[arg-type]
    assert sum(out.cash_changes.values()) == 0
    assert out.cash_after == cash + out.cash_changes.get("company", 0) >= 0
    assert out.new_price in market().prices and len(out.moves) <= 3


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.data())
def test_system_formation_conserves_money_and_shares(n: int, data: st.DataObject) -> None:
    publics = ["LNW", "GNR", "MR", "NER"][:n]
    specs = {}
    for public in publics:
        held = data.draw(holdings(8))
        director = data.draw(st.sampled_from(PLAYERS))
        held[director] = held.get(director, 0) + 2
        price = data.draw(st.sampled_from([p for p in PRICES if 70 <= p <= 270]))
        specs[public] = company(price, director, holdings=held, cash=data.draw(st.integers(0, 400)))
    cash = {p: data.draw(st.integers(0, 600)) for p in PLAYERS}
    pos = money_position("7", specs, {"U23": london(*[[p] for p in publics])}, cash)
    out = system_preview(pos, publics)
    assert sum(out.cash_changes.values()) == 0
    assert sum(out.holdings.values()) == 20 and min(out.holdings.values()) > 0
    assert out.price in market().prices
    assert out.cash == out.cash_changes.get(out.company, 0) >= 0
    for player in PLAYERS:
        assert cash[player] + out.cash_changes.get(player, 0) >= 0


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_minor_merger_with_its_offering_conserves_money_and_shares(data: st.DataObject) -> None:
    minors = ["LB", "LR", "LY", "EC"][: data.draw(st.integers(2, 4))]
    specs = {
        m: company(
            data.draw(st.sampled_from(PRICES[:15])),
            data.draw(st.sampled_from(PLAYERS)),
            cash=data.draw(st.integers(0, 300)),
        )
        for m in minors
    }
    cash = {p: data.draw(st.integers(0, 900)) for p in PLAYERS}
    pos = money_position("4", specs, {"U23": london(*[[m] for m in minors])}, cash)
    base = minor_merger_preview(pos, minors)
    buys = {o.player: data.draw(st.integers(0, o.most)) for o in base.offers}
    singles = set(data.draw(st.lists(st.sampled_from(PLAYERS), unique=True)))
    try:
        out = minor_merger_preview(pos, minors, buys=buys, singles=singles)
    except InputError as exc:  # a later purchase may pass a limit an earlier one changed
        assert all(p.rule == "§12.4" for p in exc.problems)
        return
    assert sum(out.cash_changes.values()) == 0 and sum(out.holdings.values()) == 10
    assert out.price in market().prices and out.price <= 200
    assert out.cash == sum(s["cash"] for s in specs.values()) + sum(
        -c for p, c in out.cash_changes.items() if p in PLAYERS
    )
    for player in PLAYERS:
        assert cash[player] + out.cash_changes.get(player, 0) >= 0 and out.holdings.get(player, 0) <= 6


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_takeover_conserves_money_and_shares(data: st.DataObject) -> None:
    held = data.draw(holdings(7))
    held["Ann"] = held.get("Ann", 0) + 2  # the director's certificate
    held["ipo"] = held.get("ipo", 0) + 1  # the treasury share the takeover needs
    minor = company(
        data.draw(st.sampled_from(PRICES[:15])),
        data.draw(st.sampled_from(PLAYERS)),
        cash=data.draw(st.integers(0, 300)),
    )
    public = company(150, "Ann", holdings=held, cash=data.draw(st.integers(0, 300)))
    pos = money_position(
        "5", {"LY": minor, "LNW": public}, {"U23": london(["LNW"], [], [], ["LY"])}, dict.fromkeys(PLAYERS, 0)
    )
    out = takeover_preview(pos, "LY", "LNW")
    assert sum(out.cash_changes.values()) == 0 and sum(out.holdings.values()) == 10
    assert (
        out.cash == public["cash"] + minor["cash"]
        and out.holdings.get(minor["director"], 0) == held.get(minor["director"], 0) + 1
    )
