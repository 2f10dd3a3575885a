"""System formation (§12.6) beyond M13-M16: the System chosen by its markers, the director's discards above 12
markers, the director's tie-break and the publics' treasury shares in b (readings in docs/money-18bf.md)."""

from __future__ import annotations

import pytest

from solver.core.board_position import BoardPosition
from solver.errors import InputError
from solver.titles.g18bf.money.system import system_preview

from .positions import company, london, money_position

PLAYERS = {"Ann": 1000, "Bob": 1000, "Cat": 1000}


def test_two_publics_take_a_twelve_marker_system_when_the_eight_marker_ones_are_gone() -> None:
    """§12.6 a: GWR and SR in play already: a 12-marker System using only 8 markers."""
    pos = money_position(
        "7",
        {
            "LNW": company(150, "Ann", holdings={"Ann": 10}),
            "GNR": company(120, "Bob", holdings={"Bob": 10}),
            "GWR": company(200, "Cat", holdings={"Cat": 20}),
            "SR": company(200, "Cat", holdings={"Cat": 20}),
        },
        {"U23": london(["LNW"], ["GNR"], ["GWR"], ["SR"])},
        PLAYERS,
    )
    out = system_preview(pos, ["LNW", "GNR"])
    assert out.company in ("GCR", "LMS", "LNE")
    assert (len(out.markers), out.spare_markers) == (2, 6)


def _four_publics_with_fifteen_markers() -> BoardPosition:
    lnw, gnr, mr, ner = (["LNW"], ["GNR"], ["MR"], ["NER"])
    return money_position(
        "8",
        {
            "LNW": company(200, "Ann", holdings={"Ann": 10}),
            "GNR": company(150, "Bob", holdings={"Bob": 10}),
            "MR": company(120, "Cat", holdings={"Cat": 10}),
            "NER": company(90, "Ann", holdings={"Ann": 10}),
        },
        {
            "U23": [lnw, gnr, mr, ner, ["LNW", "GNR"], ["MR", "NER"]],
            "M15": [lnw, gnr, mr],
            "D6": [lnw, gnr, mr],
            "K19": [ner],
        },
        PLAYERS,
        tiles=[("K19", "57", 1)],
    )


def test_four_publics_above_twelve_markers_the_director_discards() -> None:
    """§12.6 c: 15 markers on the map, 12 kept: by default the lowest-priced public's last three go."""
    out = system_preview(_four_publics_with_fifteen_markers(), ["LNW", "GNR", "MR", "NER"])
    assert (len(out.markers), out.spare_markers, len(out.discarded_markers)) == (12, 0, 3)
    assert all(m in (("K19", 0), ("U23", 3), ("U23", 5)) for m in out.discarded_markers)
    chosen = [("M15", 0), ("D6", 0), ("U23", 0)]
    named = system_preview(_four_publics_with_fifteen_markers(), ["LNW", "GNR", "MR", "NER"], discard=chosen)
    assert set(named.discarded_markers) == set(chosen) and len(named.markers) == 12
    with pytest.raises(InputError) as err:
        system_preview(_four_publics_with_fifteen_markers(), ["LNW", "GNR", "MR", "NER"], discard=chosen[:1])
    assert err.value.problems[0].where == "discard" and "exactly 3" in err.value.problems[0].message


def test_director_tie_goes_to_the_director_of_the_public_that_operates_first() -> None:
    """§12.6, reading: Ann and Bob both hold 9 System shares; Bob directs GNR, which operates before LNW."""
    pos = money_position(
        "6",
        {
            "LNW": company(120, "Ann", holdings={"Ann": 6, "Bob": 3, "ipo": 1}),
            "GNR": company(150, "Bob", holdings={"Bob": 6, "Ann": 3, "ipo": 1}),
        },
        {"U23": london(["LNW"], ["GNR"])},
        PLAYERS,
    )
    out = system_preview(pos, ["LNW", "GNR"])
    assert (out.holdings["Ann"], out.holdings["Bob"], out.director) == (9, 9, "Bob")


def test_three_publics_treasury_shares_take_no_part_and_fill_the_systems_treasury() -> None:
    """§12.6 b, reading: LNW's 3 treasury shares are not exchanged; the System shares nobody receives go to its
    treasury (e)."""
    pos = money_position(
        "6",
        {
            "LNW": company(180, "Ann", holdings={"Ann": 7, "ipo": 3}),
            "GNR": company(150, "Bob", holdings={"Bob": 9, "pool": 1}),
            "MR": company(110, "Cat", holdings={"Cat": 9, "pool": 1}),
        },
        {"U23": london(["LNW"], ["GNR"], ["MR"])},
        PLAYERS,
    )
    out = system_preview(pos, ["LNW", "GNR", "MR"])
    exchanged = {e.holder: e.exchanged for e in out.exchanges}
    assert "ipo" not in exchanged and exchanged == {"Ann": 4, "Bob": 6, "Cat": 6, "pool": 0}
    assert sum(out.holdings.values()) == 20 and out.holdings["ipo"] == 20 - sum(
        n for h, n in out.holdings.items() if h != "ipo"
    )
