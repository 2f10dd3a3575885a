"""What 1860's money pages share (pages/market_1860.py, pages/nationalisation_1860.py): the current position checked
as the `market` command checks it (its rule modes and money, docs/money-1860.md), and a preview's step log."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from pages import session
from solver.core.board_position import BoardPosition
from solver.core.money_steps import Step
from solver.errors import InputError
from solver.titles.g1860.modes import position_problems
from solver.titles.g1860.money.position import check_money

NO_TOOLBAR = {"displayModeBar": False}


def money_position() -> BoardPosition | None:
    """The current 1860 position when its rule modes and money can be previewed; else its problems shown (each with
    its field and rule) and None."""
    pos = session.current()
    assert isinstance(pos, BoardPosition)
    try:
        problems = position_problems(pos)
        if problems:
            raise InputError(problems)
        check_money(pos)
    except InputError as exc:
        session.show_problems(exc.problems, "This position's money cannot be previewed:")
        return None
    if not pos.market:
        st.info(
            "This position gives no share prices: load an 1860 position with its money (players, market, treasuries, "
            "holdings: docs/money-1860.md), e.g. examples/position-1860-nationalisation.json, on Saved positions."
        )
        return None
    return pos


def show_steps(steps: Sequence[Step], heading: str = "Step by step") -> None:
    """The step log: one line per step, its rulebook line beside it."""
    st.markdown(f"**{heading}**")
    st.markdown("\n".join(f"{i}. {s.text} · :gray[{s.rule}]" for i, s in enumerate(steps, start=1)))


def show_problems(exc: InputError) -> None:
    session.show_problems(exc.problems, "Refused:")
