"""The stock market drawn by the title-free drawing (solver/draw/stock_market.py) for every title: each price is
written readably on its cell (the 0 space was grey on grey), and 1862's market is that same drawing given its
zones, colours and move label."""

from __future__ import annotations

from pathlib import Path

import plotly.graph_objects as go
import pytest

from solver.draw.palette import contrast
from solver.titles.g18bf.money import pictures as pictures_18bf
from solver.titles.g1860.money import pictures as pictures_1860
from solver.titles.g1862.draw.money import market_figure
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.money.market import get_market

LATE_GAME = Path(__file__).resolve().parents[1] / "examples" / "position-late-game.json"
PLOTLY_TEXT = "#444444"  # what Plotly writes text in when no colour is given
READABLE = 4.5  # WCAG 2's contrast for small text


def _figures() -> dict[str, go.Figure]:
    return {
        "1862": market_figure(get_market(), load_position(LATE_GAME).game, {82: ["ECR"]}, (82, 90), "ECR £82 → £90"),
        "1860": pictures_1860.market_picture(),
        "18bf": pictures_18bf.market_picture(),
    }


def test_contrast_is_the_wcag_ratio() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#123456", "#123456") == pytest.approx(1.0)


@pytest.mark.parametrize("title", ["1862", "1860", "18bf"])
def test_every_price_is_readable_on_its_cell_the_0_space_too(title: str) -> None:
    fig = _figures()[title]
    prices = fig.data[0]
    colours = prices.textfont.color
    assert len(fig.layout.shapes) == len(prices.text)
    for i, (shape, price) in enumerate(zip(fig.layout.shapes, prices.text, strict=True)):
        ink = colours[i] if isinstance(colours, tuple) else colours or PLOTLY_TEXT
        assert contrast(ink, shape.fillcolor) >= READABLE, f"{title}: {price} in {ink} on {shape.fillcolor}"
    assert "0" in prices.text


def test_1862s_market_is_the_title_free_drawing_with_its_zones_and_label() -> None:
    fig = _figures()["1862"]
    market = get_market()
    prices, tokens = fig.data
    assert list(prices.text) == [str(c.price) for c in market.cells]
    assert [(s.x0, s.y0) for s in fig.layout.shapes] == [(c.x, -c.row) for c in market.cells]
    ecr = load_position(LATE_GAME).game.companies["ECR"]
    assert list(tokens.text) == ["ECR"] and tokens.marker.color == (ecr.color,)
    arrow, label = fig.layout.annotations
    assert (arrow.ax - 0.5, arrow.x - 0.5) == (market.cell(82).x, market.cell(90).x)
    assert label.text == "ECR £82 → £90"
    hover = dict(zip(prices.text, prices.hovertext, strict=True))
    assert hover["0"] == "£0: bankrupt" and hover["1000"] == "£1000: game ends" and hover["44"] == "£44"
