"""The 2:1 share merge (5.2) on the rulebook examples 5.2.6 and 5.2.7 and on the project's examples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solver.errors import InputError
from solver.titles.g1862.money.merge import MergeOutcome, merge_preview
from solver.titles.g1862.money.scenario import load_scenario, parse_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _example(name: str, **changes: Any) -> MergeOutcome:
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    data.update(changes)
    return merge_preview(parse_scenario(data))


def _payments(o: MergeOutcome) -> list[tuple[str, str, int]]:
    return [(p.payer, p.payee, p.amount) for p in o.payments]


def test_5_2_6_example_1_final_holdings_and_every_payment() -> None:
    o = _example("merge-5.2.6-example1.json")
    assert o.new_price == 134 and o.new_par == 100 and o.director == "Richard"
    assert dict(o.holdings_after["N&E"]) == {
        "Richard": 5,
        "Emma": 2,
        "Peter": 1,
        "Linda": 0,
        "treasury": 2,
        "pool": 0,
        "ipo": 0,
    }
    assert dict(o.holdings_after["WStI"]) == {"ipo": 3, "beside_board": 7}
    assert _payments(o) == [
        ("Richard", "bank", 67),
        ("Emma", "bank", 67),
        ("bank", "Linda", 67),
        ("N&E", "bank", 67),
    ]


def test_5_2_6_example_1_richard_swaps_with_emma_before_she_returns() -> None:
    """Only holders processed one at a time reproduce the example (RULES-NOTES)."""
    texts = [f"{s.actor}: {s.text}" for s in _example("merge-5.2.6-example1.json").steps]
    assert any(t.startswith("Richard: swaps 1 WStI") and "held by Emma" in t for t in texts)
    assert any(t.startswith("Linda: swaps 1 WStI") and "held by N&E (treasury)" in t for t in texts)
    assert any(t.startswith("N&E (treasury): swaps 1 WStI") and "from the Bank Pool" in t for t in texts)
    swap = next(i for i, t in enumerate(texts) if t.startswith("Richard: swaps"))
    emma = next(i for i, t in enumerate(texts) if t.startswith("Emma: holds"))
    assert swap < emma


def test_5_2_6_example_1_had_linda_redeemed_the_company_would_sell_its_option() -> None:
    """The example's closing remark: had Linda redeemed, the N&E would have had to sell its option for 67."""
    o = _example(
        "merge-5.2.6-example1.json",
        players=[
            {"name": "Richard", "cash": 300},
            {"name": "Emma", "cash": 250},
            {"name": "Peter", "cash": 180},
            {"name": "Linda", "cash": 100},
        ],
    )
    assert ("bank", "N&E", 67) in _payments(o)
    assert o.holdings_after["N&E"]["Linda"] == 1 and o.holdings_after["N&E"]["treasury"] == 1


def test_5_2_7_example_2_final_holdings_payments_and_the_86_treasury_sale() -> None:
    o = _example("merge-5.2.7-example2.json")
    assert o.new_price == 86 and o.new_par == 82 and o.director == "Martin"
    assert "(100/2 = 50) + 74/2 = 50 + 37 = 87, rounded down to 86" in o.price_working
    after = o.holdings_after["N&E"]
    assert {p: after[p] for p in ("Helen", "Martin", "Rachel", "Charles")} == {
        "Helen": 1,
        "Martin": 5,
        "Rachel": 2,
        "Charles": 2,
    }
    assert after["treasury"] == 0 and after["pool"] == 0
    assert sorted(_payments(o)) == sorted(
        [
            ("Martin", "bank", 43),
            ("Rachel", "bank", 43),
            ("Charles", "bank", 43),
            ("Helen", "bank", 43),
            ("bank", "N&E", 86),
        ]
    )
    assert o.cash_changes["bank"] == 4 * 43 - 86


def test_5_2_7_example_2_simultaneous_returns_follow_the_narrative() -> None:
    """With all holders returning first (5.2.4 step 1 allows it), Rachel takes two shares from the pool."""
    o = _example("merge-5.2.7-example2.json", returns="simultaneous")
    texts = [f"{s.actor}: {s.text}" for s in o.steps]
    assert "Rachel: swaps 2 I&B shares (the last one the option share) for N&E shares from the Bank Pool" in texts
    assert any(t.startswith("Charles: holds 3 merging shares: returns 1 N&E share") for t in texts)
    assert any("sells to the bank at 86 each for 86" in t for t in texts)
    assert o.holdings_after == _example("merge-5.2.7-example2.json").holdings_after


def test_acquisition_example_exchange_sales_and_new_director() -> None:
    o = _example("merge-acquisition-esr-fdr.json")
    assert o.kind == "acquisition" and o.new_price == 105 and o.new_par == 100 and o.par_area == "non-chartered"
    texts = [s.text for s in o.steps]
    assert any("exchanges the ESR director's certificate for three ordinary certificates" in t for t in texts)
    assert ("bank", "Carl", 105) in _payments(o)  # an unswappable share at the full new price (5.2.4 step 3)
    assert ("bank", "ESR", 53) in _payments(o)  # an unswappable option at half, rounded up
    assert ("Anna", "bank", 52) in _payments(o)  # a redeemed option at half, rounded down (step 4)
    assert o.director == "Ben"
    assert dict(o.certificates_after["Ben"]) == {"ordinary": 1, "director": 1}
    assert o.possessions.markers_lost == ("F11", "London")
    assert o.possessions.markers == ("F11", "G8", "London", "G12")
    assert o.possessions.trains == ("3F", "2L", "2/3E") and o.possessions.permits == ("freight", "express")
    assert o.possessions.cash == 150 + 90 + 53
    assert "does not operate again" in o.notes[0]


def test_refinance_example_option_certificate_and_funds() -> None:
    o = _example("merge-refinance-wnr.json")
    assert o.new_price == 60 and o.new_par == 58 and o.director == "Dora"
    assert any("option certificate (redeem for 30, sell for 150)" in s.text for s in o.steps)
    assert ("bank", "WNR", 580) in _payments(o)
    assert dict(o.holdings_after["WNR"]) == {
        "Dora": 3,
        "Eli": 2,
        "Fay": 0,
        "treasury": 1,
        "pool": 4,
        "ipo": 0,
    }


def test_refinance_option_certificate_sold_when_unaffordable() -> None:
    o = _example("merge-refinance-wnr.json", choices={"Dora": "relinquish"})
    assert ("bank", "Dora", 150) in _payments(o)
    assert o.director is None and o.receivership


@pytest.mark.parametrize(("holding", "redeem", "sell"), [(3, 90, 90), (4, 60, 120), (5, 30, 150)])
def test_5_2_4_option_certificate_values_30_40_50(holding: int, redeem: int, sell: int) -> None:
    data = json.loads((EXAMPLES / "merge-refinance-wnr.json").read_text(encoding="utf-8"))
    rest = 10 - holding - 1
    data["companies"][0]["holdings"] = {"Dora": holding, "Eli": rest, "pool": 1}
    o = merge_preview(parse_scenario(data))
    assert any(f"(redeem for {redeem}, sell for {sell})" in s.text for s in o.steps)


def test_explicit_redeem_that_cannot_be_paid_is_rejected() -> None:
    data = json.loads((EXAMPLES / "merge-5.2.6-example1.json").read_text(encoding="utf-8"))
    data["choices"]["Linda"] = "redeem"
    with pytest.raises(InputError, match="Linda has 40 at this point and cannot pay 67"):
        merge_preview(parse_scenario(data))


def test_every_example_file_loads_and_previews() -> None:
    files = sorted(EXAMPLES.glob("*merge*.json"))
    assert len(files) >= 4
    for f in files:
        o = merge_preview(load_scenario(f))
        assert sum(o.cash_changes.values()) == 0
        assert sum(o.holdings_after[o.survivor].values()) == 10


def test_7_5_6_marker_limit_of_seven_or_eight() -> None:
    data = json.loads((EXAMPLES / "merge-5.2.6-example1.json").read_text(encoding="utf-8"))
    data["companies"][0]["markers"] = ["B13", "C10", "D11", "E8", "London"]
    data["companies"][1]["markers"] = ["B5", "C10", "C6", "D5", "B9", "London"]
    o = merge_preview(parse_scenario(data))
    assert o.possessions.markers_lost == ("C10", "London")
    assert o.possessions.markers == ("B13", "C10", "D11", "E8", "London", "B5", "C6", "D5", "B9")
    assert o.possessions.markers_over_limit == 2
    assert any("exceed the limit of 7: the director removes 2" in s.text for s in o.steps)
    data["max_markers"] = 8
    assert merge_preview(parse_scenario(data)).possessions.markers_over_limit == 1


def test_5_1_1_merger_turn_continues_only_if_neither_operated() -> None:
    assert "continues the operating turn" in _example("merge-5.2.6-example1.json").notes[0]
    data = json.loads((EXAMPLES / "merge-5.2.6-example1.json").read_text(encoding="utf-8"))
    data["companies"][1]["operated"] = True
    assert "turn ends now" in merge_preview(parse_scenario(data)).notes[0]


def test_5_2_5_tie_goes_to_the_initiator_over_the_certificate_holder() -> None:
    data = {
        "kind": "merger",
        "initiator": "A",
        "survivor": "N&E",
        "players": [{"name": "A", "cash": 500}, {"name": "B", "cash": 500}],
        "companies": [
            {"id": "N&E", "price": 90, "has_train": True, "holdings": {"B": 7, "A": 2, "pool": 1}},
            {"id": "WStI", "price": 90, "has_train": True, "holdings": {"A": 6, "pool": 4}},
        ],
    }
    o = merge_preview(parse_scenario(data))
    assert o.holdings_after["N&E"]["A"] == o.holdings_after["N&E"]["B"] == 4
    assert o.director == "A"
    assert any("A holds the most shares (4) and becomes director" in s.text for s in o.steps)


TRIM = "merge-acquisition-trim-esr-fdr.json"


def test_7_5_6_trim_warns_that_removing_the_survivors_home_marker_leaves_no_legal_run() -> None:
    """7.5.6: eight markers on the map after the acquisition, the director removes one of his choice; the
    ESR's home marker at Ipswich F11 is among them, and without it the ESR has no legal run (7.8)."""
    o = _example(TRIM)
    assert o.possessions.markers_over_limit == 1 and "F11" in o.possessions.markers
    assert len(o.warnings) == 1
    warning = o.warnings[0]
    assert "ESR's Home Station marker" in warning and "F11 Ipswich" in warning
    assert "no legal run (7.8)" in warning and "7.5.6" in warning
    assert "G8, H7, F7, E12, London, G12, E10" in warning  # the markers the director may remove instead
    assert o.to_dict()["warnings"] == [warning]


def test_7_5_6_no_warning_without_a_trim_or_without_the_home_marker_among_the_markers() -> None:
    assert _example("merge-acquisition-esr-fdr.json").warnings == ()  # three markers: no trim
    assert _example(TRIM, max_markers=8).warnings == ()  # eight allowed (11.4): no trim
    data = json.loads((EXAMPLES / TRIM).read_text(encoding="utf-8"))
    data["companies"][0]["markers"] = ["G8", "H7", "F7", "E12", "B5", "London"]  # F11 already lost
    data["companies"][1]["markers"] = ["G12", "E10", "London"]
    o = merge_preview(parse_scenario(data))
    assert o.possessions.markers_over_limit == 1 and "F11" not in o.possessions.markers
    assert o.warnings == ()


def test_7_5_6_trim_warning_follows_a_home_the_scenario_names() -> None:
    """A company's home may differ from the printed one (as in a position file): the warning names it."""
    data = json.loads((EXAMPLES / TRIM).read_text(encoding="utf-8"))
    data["companies"][0]["home"] = "H7"
    o = merge_preview(parse_scenario(data))
    assert len(o.warnings) == 1 and "H7 Lowestoft" in o.warnings[0] and "F11" in o.warnings[0]
