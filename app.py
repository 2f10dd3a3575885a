"""The assistant in the browser: ``streamlit run app.py`` (or ``python3 tasks.py app``).

This entry only sets the page up and registers the pages; each page is a thin script in pages/ that calls
solver/ for all game logic. The navigation lists the pages that work with the current position's title (its
descriptor in solver.titles.registry); the others stay reachable by their address and say that they are not
available for the title yet.
"""

from __future__ import annotations

import streamlit as st

from pages import session
from solver.titles import registry

st.set_page_config(page_title="1862 Railway Mania assistant", page_icon="🚂", layout="wide")
session.ensure()

#: Each page of the app: its script and icon, in navigation order.
PAGES = {
    registry.BOARD: ("pages/board.py", ":material/map:"),
    registry.ROUTES: ("pages/routes.py", ":material/route:"),
    registry.MERGERS: ("pages/mergers.py", ":material/merge:"),
    registry.MARKET: ("pages/market.py", ":material/show_chart:"),
    registry.POSITIONS: ("pages/positions.py", ":material/save:"),
    registry.REVIEW: ("pages/review.py", ":material/download:"),
}

title = session.title()
pages = [
    st.Page(
        script,
        title=title.money_pages[0] if name == registry.MERGERS else name,  # 1860: Nationalisation
        icon=icon,
        default=name == registry.BOARD,
        visibility="visible" if title.has_page(name) else "hidden",
    )
    for name, (script, icon) in PAGES.items()
]
st.navigation(pages).run()
