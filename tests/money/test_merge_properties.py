"""Properties of the 2:1 share merge (5.2) on random scenarios: shares and cash are conserved and the result
does not depend on the order in which the input lists holders."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g1862.money.merge import MergeOutcome, merge_preview
from solver.titles.g1862.money.scenario import parse_scenario

PRICES = [44, 50, 54, 58, 62, 65, 68, 71, 74, 78, 82, 86, 90, 95, 100, 110, 122, 134, 150, 174, 200, 232, 275]
PLACES = ["treasury", "pool", "ipo"]


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    n_players = draw(st.integers(2, 5))
    players = [f"P{i}" for i in range(n_players)]
    kind = draw(st.sampled_from(["merger", "acquisition", "refinance"]))
    ids = ["N&E", "WStI"] if kind != "refinance" else ["N&E"]
    companies = []
    for cid in ids:
        director = draw(st.sampled_from(players))
        holders = draw(st.lists(st.sampled_from(players + PLACES), min_size=7, max_size=7))
        holdings: dict[str, int] = {director: 3}
        for h in holders:
            holdings[h] = holdings.get(h, 0) + 1
        has_train = kind != "refinance" and draw(st.booleans())
        companies.append(
            {
                "id": cid,
                "price": draw(st.sampled_from(PRICES)),
                "chartered": draw(st.booleans()),
                "has_train": has_train,
                "cash": draw(st.integers(0, 400)),
                "markers": draw(st.lists(st.sampled_from(["B13", "C10", "B5", "London", "E8"]), unique=True)),
                "holdings": holdings,
                "director": director,
            }
        )
    initiator = companies[draw(st.integers(0, len(companies) - 1))]["director"]
    survivor = draw(st.sampled_from(ids))
    holders = [*players, survivor]
    choices = {h: "relinquish" for h in draw(st.lists(st.sampled_from(holders), unique=True))}
    return {
        "kind": kind,
        "initiator": initiator,
        "survivor": survivor,
        "players": [{"name": p, "cash": draw(st.integers(0, 300))} for p in players],
        "companies": companies,
        "choices": choices,
        "returns": draw(st.sampled_from(["in_turn", "simultaneous"])),
    }


def _preview(data: dict[str, Any]) -> MergeOutcome:
    return merge_preview(parse_scenario(data))


@settings(max_examples=250, deadline=None)
@given(scenarios())
def test_shares_are_conserved_10_shares_8_certificates(data: dict[str, Any]) -> None:
    o = _preview(data)
    after = o.holdings_after[o.survivor]
    assert sum(after.values()) == 10 and after["ipo"] == 0
    certs = o.certificates_after
    assert sum(c["ordinary"] for c in certs.values()) == 7
    assert sum(c["director"] for c in certs.values()) == 1
    for holder, c in certs.items():
        assert after[holder] == c["ordinary"] + 3 * c["director"]
    if o.other is not None:
        assert sum(o.holdings_after[o.other].values()) == 10


@settings(max_examples=250, deadline=None)
@given(scenarios())
def test_cash_is_conserved_between_players_companies_and_bank(data: dict[str, Any]) -> None:
    o = _preview(data)
    assert sum(o.cash_changes.values()) == 0
    to_bank = sum(p.amount * (1 if p.payee == "bank" else -1 if p.payer == "bank" else 0) for p in o.payments)
    assert to_bank == o.cash_changes["bank"]
    assert all(v >= 0 for k, v in o.cash_after.items() if k != "bank")


@settings(max_examples=150, deadline=None)
@given(scenarios(), st.randoms(use_true_random=False))
def test_outcome_does_not_depend_on_the_order_holders_are_listed(data: dict[str, Any], rnd: random.Random) -> None:
    shuffled = dict(data)
    shuffled["companies"] = []
    for company in data["companies"]:
        items = list(company["holdings"].items())
        rnd.shuffle(items)
        shuffled["companies"].append({**company, "holdings": dict(items)})
    rnd.shuffle(shuffled["companies"])
    choices = list(data["choices"].items())
    rnd.shuffle(choices)
    shuffled["choices"] = dict(choices)
    assert _preview(shuffled).to_dict() == _preview(data).to_dict()


@settings(max_examples=250, deadline=None)
@given(scenarios())
def test_director_holds_the_most_shares_or_receivership(data: dict[str, Any]) -> None:
    o = _preview(data)
    after = o.holdings_after[o.survivor]
    players = [p["name"] for p in data["players"]]
    best = max(after[p] for p in players)
    if o.director is None:
        assert best < 3
    else:
        assert after[o.director] == best >= 3


@settings(max_examples=200, deadline=None)
@given(scenarios())
def test_no_holder_keeps_more_than_half_rounded_up(data: dict[str, Any]) -> None:
    o = _preview(data)
    after = o.holdings_after[o.survivor]
    for p in data["players"]:
        name = p["name"]
        merging = sum(c["holdings"].get(name, 0) for c in data["companies"])
        director_of_survivor = any(c["id"] == o.survivor and c["director"] == name for c in data["companies"])
        limit = max(-(-merging // 2), 3 if director_of_survivor else 0)
        assert after[name] <= limit


def test_random_redeem_choices_either_work_or_name_the_holder() -> None:
    data = {
        "kind": "merger",
        "initiator": "A",
        "survivor": "N&E",
        "players": [{"name": "A", "cash": 0}, {"name": "B", "cash": 0}],
        "companies": [
            {"id": "N&E", "price": 90, "holdings": {"A": 5, "B": 5}, "director": "A", "has_train": True},
            {"id": "WStI", "price": 90, "holdings": {"A": 7, "B": 3}, "has_train": True},
        ],
        "choices": {"B": "redeem"},
    }
    try:
        _preview(data)
    except InputError as exc:
        assert exc.problems[0].where == "choices.B"
