"""What 18BF's money pages share (pages/market_18bf.py, pages/market_18bf_purchases.py, pages/merger_round_18bf.py):
the page's opening with the current position checked as the `market` and `merger` commands check its money
(docs/money-18bf.md), and a preview's step log."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from pages import session
from solver.core.board_position import BoardPosition
from solver.core.money_steps import Step
from solver.errors import InputError
from solver.titles.g18bf.money.position import check_money


def money_position(page: str, heading: str) -> BoardPosition | None:
    """The page's opening (the page required of the title, its heading and the position's header) and the current
    18BF position when its money can be read; else its problems shown (each with its field and rule) and None."""
    session.require(page)
    session.narrow_margins()
    st.title(heading)
    session.header()
    pos = session.current()
    assert isinstance(pos, BoardPosition)
    try:
        check_money(pos)
    except InputError as exc:
        session.show_problems(exc.problems, "The position's money cannot be read:")
        return None
    return pos


def show_steps(steps: Sequence[Step], key: str) -> None:
    """The step log, one numbered line per step with its rule, in a container named `key`."""
    with st.container(key=key):
        st.markdown("\n".join(f"{i}. {s.text} ({s.rule})" for i, s in enumerate(steps, start=1)))
