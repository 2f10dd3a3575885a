"""The 1862 assistant in the browser: ``streamlit run app.py`` (or ``python3 tasks.py app``).

This entry only sets the page up and registers the pages; each page is a thin script in pages/ that calls
solver/ for all game logic.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from pages import session

HERE = Path(__file__).resolve().parent

st.set_page_config(page_title="1862 Railway Mania assistant", page_icon="🚂", layout="wide")
session.ensure()

pages = [
    st.Page("pages/board.py", title="Board", icon=":material/map:", default=True),
    st.Page("pages/routes.py", title="Routes", icon=":material/route:"),
    st.Page("pages/mergers.py", title="Mergers", icon=":material/merge:"),
    st.Page("pages/market.py", title="Stock market", icon=":material/show_chart:"),
    st.Page("pages/positions.py", title="Saved positions", icon=":material/save:"),
]
if (HERE / "pages" / "review.py").exists():
    pages.append(st.Page("pages/review.py", title="Import review", icon=":material/download:"))

st.navigation(pages).run()
