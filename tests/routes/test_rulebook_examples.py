"""Every worked example of rulebook 7.8.1-7.8.4 and the 'Calculating train routes' table (ENR), each built as a
position file with route files under examples/rulebook/."""

from __future__ import annotations

import pytest

from routes.conftest import RouteKit
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.routes_file import load_routes

# ---------------------------------------------------------------- 7.8.1 Freight


def test_7_8_1_norwich_to_wells_gives_a_20_bonus(kit: RouteKit) -> None:
    ev = kit.rulebook_run("west-norfolk.norwich-wells.routes.json")
    assert ev.legal
    train = ev.trains[0]
    assert (train.bonus_hexes, train.freight_bonus) == (1, 20)
    assert ev.revenue == 60 + 30 + 20  # Norwich (green N) + Wells (green) + one hex at 20


def test_7_8_1_norwich_to_the_port_next_to_wells_gives_60(kit: RouteKit) -> None:
    ev = kit.rulebook_run("west-norfolk.norwich-wells-port.routes.json")
    train = ev.trains[0]
    assert (train.bonus_hexes, train.freight_bonus) == (2, 60)  # two hexes at 30: a port end
    assert ev.revenue == 60 + 90 + 60


def test_7_8_1_freight_does_not_score_the_stations_it_passes(kit: RouteKit) -> None:
    ev = kit.rulebook_run("west-norfolk.norwich-wells-port.routes.json")
    assert kit.statuses(ev, 0) == {
        "L:F5": "scored",
        "L:E4": "not scored",
        "L:E2": "not scored",
        "O:D1:port_wells": "scored",
    }


def test_7_8_1_colchester_to_london_by_the_far_entry_scores_three_hexes(kit: RouteKit) -> None:
    far = kit.rulebook_run("colchester-london.far.routes.json")
    assert far.legal
    assert (far.trains[0].bonus_hexes, far.trains[0].freight_bonus) == (3, 60)
    assert far.revenue == 60 + 150 + 60
    near = kit.rulebook_run("colchester-london.near.routes.json")
    assert (near.trains[0].bonus_hexes, near.trains[0].freight_bonus) == (1, 20)  # "not just the one"


def test_7_8_1_freight_ignores_the_small_station_on_the_longer_run(kit: RouteKit) -> None:
    far = kit.rulebook_run("colchester-london.far.routes.json")
    small = [s for s in far.trains[0].stops if s.node.startswith("S:")]
    assert [s.status for s in small] == ["not scored"]
    assert far.trains[0].revenue == 270


def test_7_8_1_an_f2_and_an_f3_run_together_as_an_f5(kit: RouteKit) -> None:
    ev = kit.rulebook_run("chain-f2-f3.routes.json")
    assert ev.legal
    assert {t.chain for t in ev.trains} == {0}
    # Port and red area scored, plus four intervening hexes at 30 (Wells port entered from Wells, Midlands from
    # Wisbech: 3 steps + 2 off-board ends - 1).
    assert ev.revenue == 90 + 90 + 4 * 30
    assert sum(t.freight_bonus for t in ev.trains) == 120
    assert [s.status for t in ev.trains for s in t.stops if s.node == "L:C4"] == ["not scored", "not scored"]


def test_7_8_1_two_f1_and_an_f3_act_as_an_f5_each_reaching_a_marker(kit: RouteKit) -> None:
    ev = kit.rulebook_run("chain-f1-f1-f3.routes.json")
    assert ev.legal and ev.revenue == 300
    assert {t.chain for t in ev.trains} == {0}
    # "each individual train would still need to run to or through one of the company's station markers"
    without_b5 = kit.rulebook_position("chain-f1-f1-f3", stations={"C4": ["L&H"]})
    _, routes = load_routes(kit.rulebook / "chain-f1-f1-f3.routes.json")
    bad = evaluate(without_b5, "L&H", routes)
    assert not bad.legal
    assert kit.has(bad, "7.4", "1F #2", "station markers")


# ---------------------------------------------------------------- 7.8.2 Local, 7.8.3 Express


def test_7_8_2_wnr_local_3_scores_110_and_40_subsidy(kit: RouteKit) -> None:
    ev = kit.rulebook_run("west-norfolk.local-3.routes.json")
    assert ev.legal
    assert ev.revenue == 30 + 30 + 30 + 20
    assert ev.subsidy == 40  # four hexes visited, paid to the treasury, not revenue
    assert ev.trains[0].subsidy_hexes == ("E2", "E4", "E6", "D5")


def test_7_8_3_wnr_express_3_from_the_port_scores_170(kit: RouteKit) -> None:
    ev = kit.rulebook_run("west-norfolk.express-3.routes.json")
    assert ev.legal
    assert ev.revenue == 90 + 50 + 30
    assert ev.subsidy == 0
    small = [s.status for s in ev.trains[0].stops if s.node.startswith("S:")]
    assert small == ["not scored"]  # "the small station has no effect on the run"


def test_7_8_3_the_express_could_have_run_from_the_port_next_to_wells_instead(kit: RouteKit) -> None:
    position = kit.rulebook_position("west-norfolk")
    ev = kit.run(position, "WNR", ("3E", "D1 E2 D3 C4"))
    assert ev.legal and ev.revenue == 170


# ---------------------------------------------------------------- 7.8.4 several train types


def test_7_8_4_lh_local_express_and_freight_total_640_plus_40(kit: RouteKit) -> None:
    ev = kit.rulebook_run("lh-multiple-types.routes.json")
    assert ev.legal
    assert [t.revenue for t in ev.trains] == [130, 300, 210]
    assert ev.revenue == 640
    assert ev.subsidy == 40
    freight = ev.trains[1]
    assert (freight.bonus_hexes, freight.freight_bonus) == (4, 120)


# ---------------------------------------------------------------- 'Calculating train routes' (ENR scoring)


@pytest.mark.parametrize(
    ("route_file", "per_train", "subsidy"),
    [
        ("enr-table.1f.routes.json", [100], 0),  # A-B(80) + Cromer(20)
        ("enr-table.1f-1f.routes.json", [110, 40], 0),  # chained: A-B(80) + Norwich(40) + 30/hex = 150
        ("enr-table.2f.routes.json", [150], 0),
        ("enr-table-late-trains.3f.routes.json", [150], 0),  # "as for 2F"
        ("enr-table-late-trains.3f-cromer-beccles.routes.json", [90], 0),  # 20 + 30 + 2x20
        ("enr-table.2e.routes.json", [100], 0),
        ("enr-table.2e-2-3e.routes.json", [100, 70], 0),  # 170; Acle does not count for Express
        ("enr-table.2-3l.routes.json", [90], 40),  # Norwich + Acle + Beccles; Cromer dropped; 4 hexes
        ("enr-table.2f-2l.routes.json", [150, 20], 20),  # 2L: Norwich scores 0, Cromer 20
    ],
)
def test_enr_table_rows(kit: RouteKit, route_file: str, per_train: list[int], subsidy: int) -> None:
    ev = kit.rulebook_run(route_file)
    assert ev.legal, ev.problems
    assert [t.revenue for t in ev.trains] == per_train
    assert ev.revenue == sum(per_train)
    assert ev.subsidy == subsidy


def test_enr_table_1f_1f_is_one_chain_scoring_only_its_ends(kit: RouteKit) -> None:
    ev = kit.rulebook_run("enr-table.1f-1f.routes.json")
    assert ev.revenue == 150
    assert [t.chain for t in ev.trains] == [0, 0]
    assert kit.statuses(ev, 0)["L:F3"] == "not scored"
    assert kit.statuses(ev, 1)["L:F3"] == "not scored"


def test_enr_table_3f_cannot_end_in_acle(kit: RouteKit) -> None:
    position = kit.rulebook_position("enr-table-late-trains")
    ev = kit.run(position, "ENR", ("3F", "F1 F3 F5 G6"))
    assert not ev.legal
    assert kit.has(ev, "7.8", "G6", "small station") or kit.has(ev, "7.8", "G6", "village")


def test_enr_table_2_3l_drops_cromer(kit: RouteKit) -> None:
    ev = kit.rulebook_run("enr-table.2-3l.routes.json")
    assert ev.trains[0].dropped == "L:F3"
    assert kit.statuses(ev, 0) == {"L:F3": "dropped", "L:F5": "scored", "S:G6:0-2": "scored", "L:G8": "scored"}


def test_enr_table_2e_with_2_3e_credits_cromer_to_the_2e(kit: RouteKit) -> None:
    ev = kit.rulebook_run("enr-table.2e-2-3e.routes.json")
    assert kit.statuses(ev, 1)["L:F3"] == "scored by 2E"
    assert kit.statuses(ev, 1)["S:G6:0-2"] == "not scored"


def test_enr_table_6f_260_and_5e_190_on_their_own(kit: RouteKit) -> None:
    position = kit.rulebook_position("enr-table-late-trains")
    six = kit.run(position, "ENR", ("6F", "F1 F3 F5 G6 G8 G10 F11"))
    assert six.revenue == 80 + 60 + 4 * 30
    assert (six.trains[0].bonus_hexes, six.trains[0].freight_bonus) == (4, 120)
    five = kit.run(position, "ENR", ("5E", "F1 F3 F5 G6 G8 H7"))
    assert five.revenue == 80 + 20 + 40 + 30 + 20


def test_enr_table_6f_with_5e_scores_the_cromer_port_once_370(kit: RouteKit) -> None:
    ev = kit.rulebook_run("enr-table-late-trains.6f-5e.routes.json")
    assert ev.legal
    assert ev.revenue == 260 + 110  # not 450: an off-board area is scored once (7.8, RULES-NOTES)
    assert kit.statuses(ev, 1)["O:F1:port_cromer"] == "scored by 6F"
