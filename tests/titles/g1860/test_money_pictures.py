"""The pictures of 1860's money previews and their step logs: the market drawn with every cell and a move's arrow,
the nationalisation rounds with a cross where each company closed, the assets per player, the leased run against
its cap; and every line of every preview's log citing a rulebook line."""

from __future__ import annotations

from typing import Any

from solver.titles.g1860.money import pictures
from solver.titles.g1860.money.dividend import dividend_preview
from solver.titles.g1860.money.insolvency import insolvency_preview
from solver.titles.g1860.money.market import market
from solver.titles.g1860.money.nationalisation import nationalisation_preview
from solver.titles.g1860.money.sale import sale_preview
from solver.titles.g1860.money.value import player_values

from .money_positions import example


def test_the_market_picture_draws_every_cell_the_tokens_and_the_move() -> None:
    out = dividend_preview(90, 240)
    fig = pictures.dividend_picture(out, {90: ["C&N", "IOW"]})
    assert len(fig.layout.shapes) == len(market().cells) == 55
    prices, tokens = fig.data
    assert list(prices.text) == [str(p) for p in market().prices]
    assert list(tokens.text) == ["C&N", "IOW"]
    arrow, label = fig.layout.annotations
    assert (arrow.x - 0.5, arrow.ax - 0.5) == (market().cell_of(110).x, market().cell_of(90).x)
    assert label.text.startswith("90 → 110")
    red = {c.price for c in market().cells if fig.layout.shapes[c.place].fillcolor == pictures.FILLS["red"]}
    assert red == {p for p in market().prices if 0 < p < 40 or 150 < p < 340}


def test_the_nationalisation_picture_marks_where_each_company_closed() -> None:
    out = nationalisation_preview(example("nationalisation"))
    fig = pictures.nationalisation_picture(out)
    by_name = {t.name.split()[0]: t for t in fig.data}
    assert set(by_name) == set(out.revenues)
    assert list(by_name["C&N"].x) == [0, 1] and by_name["C&N"].marker.symbol[-1] == "x"
    assert list(by_name["NGStL"].y) == [86, 95, 95]


def test_the_values_and_insolvency_pictures() -> None:
    values = player_values(example("insolvent"))
    fig = pictures.values_picture(values)
    totals = [sum(t.y[i] for t in fig.data) for i in range(len(values.players))]
    assert totals == [v.total for v in values.players]
    leased = insolvency_preview(example("insolvent"), "C&N")
    bars = pictures.insolvency_picture(leased)
    assert [sum(t.y[i] for t in bars.data) for i in range(2)] == [leased.revenue, leased.most]


def test_every_line_of_every_preview_log_cites_a_rulebook_line() -> None:
    logs: list[Any] = [
        dividend_preview(90, 240, holdings={"Ann": 6, "pool": 4}, subsidy=10, company="C&N", stacks={90: ["C&N"]}),
        dividend_preview(14, 0),
        sale_preview(
            182, 3, seller="Ann", holdings={"Ann": 3, "Bob": 2, "pool": 5}, director="Ann", seats=["Ann", "Bob"]
        ),
        insolvency_preview(example("insolvent"), "C&N"),
        player_values(example("nationalisation")),
        nationalisation_preview(example("nationalisation")),
    ]
    for out in logs:
        assert out.steps and all(" RB L" in step.rule for step in out.steps), out
