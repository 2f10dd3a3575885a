"""Money previews for 1862: the stock market, dividends and the Hudson Manoeuvre, share sales, directorships
and the 2:1 share merge of mergers, acquisitions and refinancing (rulebook sections 4.2, 5, 6.3-6.5, 7.1,
7.5, 7.8.5, 7.8.6, 7.11-7.14, 8.0, 10.1, 10.3).

Everything here is pure: functions take numbers or a validated scenario and return frozen results that the
command line and the Streamlit pages print or draw. The public API is described in docs/money.md.
"""

from solver.titles.g1862.money.dividend import DividendOutcome, dividend_preview
from solver.titles.g1862.money.hudson import HudsonCheck, hudson_check
from solver.titles.g1862.money.market import Cell, Market, MarketMove, get_market, new_share_price, operating_order
from solver.titles.g1862.money.merge import MergeOutcome, merge_preview
from solver.titles.g1862.money.sale import SaleOutcome, sale_preview, treasury_sale_preview
from solver.titles.g1862.money.scenario import Scenario, load_scenario, parse_scenario

__all__ = [
    "Cell",
    "DividendOutcome",
    "HudsonCheck",
    "Market",
    "MarketMove",
    "MergeOutcome",
    "SaleOutcome",
    "Scenario",
    "dividend_preview",
    "get_market",
    "hudson_check",
    "load_scenario",
    "merge_preview",
    "new_share_price",
    "operating_order",
    "parse_scenario",
    "sale_preview",
    "treasury_sale_preview",
]
