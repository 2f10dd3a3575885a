"""The Merger Round page for an 18BF position (§12), called by pages/mergers.py in the Mergers page's place:
convert a minor, merge minors, a public's takeover of a minor, or form a System, with the companies, holdings,
cash and markers taken from the position; the outcome (price, director, treasury, loans, markers, whether it is
allowed), every holder's shares before and after as a picture, and the step log with the section of each step.
The previews are solver.titles.g18bf.money's; docs/money-18bf.md."""

from __future__ import annotations

from collections.abc import Callable

import polars as pl
import streamlit as st

from pages import session
from pages.money_18bf import money_position, show_steps
from solver.core.board_position import BoardPosition
from solver.errors import InputError
from solver.titles import registry
from solver.titles.g18bf.money.connection import first_connected
from solver.titles.g18bf.money.market import in_zone
from solver.titles.g18bf.money.merger_round import unstarted
from solver.titles.g18bf.money.minors import conversion_preview, minor_merger_preview
from solver.titles.g18bf.money.outcome import MergerOutcome
from solver.titles.g18bf.money.phases import allows
from solver.titles.g18bf.money.pictures import HOLDER_WORDS, holdings_picture
from solver.titles.g18bf.money.position import company_money, in_play
from solver.titles.g18bf.money.system import system_preview
from solver.titles.g18bf.money.takeover import takeover_preview

ACTIONS = ("System formation", "Merge minors", "Convert a minor", "Takeover")
ACTION = "mr-action"


def _offering(pos: BoardPosition, preview: Callable[..., MergerOutcome], key: str) -> MergerOutcome:
    """The share offering (§12.4): each shareholder's one purchase, then who buys one share in the second round."""
    base = preview()
    if not base.offers:
        return base
    st.markdown("**Share offering** (§12.4): each shareholder's one purchase, from the director to the left")
    cols = st.columns(len(base.offers) + 1)
    buys: dict[str, int] = {}
    for col, offer in zip(cols, base.offers, strict=False):
        buys[offer.player] = int(
            col.number_input(
                f"{offer.player} buys",
                0,
                offer.most,
                0,
                key=f"{key}-buy-{offer.player}",
                help=f"at most {offer.most} ({offer.limit})",
            )
        )
    players = [p.name for p in pos.players]
    singles = cols[-1].multiselect("One share each (second round)", players, key=f"{key}-singles")
    return preview(buys=buys, singles=set(singles))


def _system(pos: BoardPosition) -> MergerOutcome | None:
    publics = in_play(pos, "public")
    if not allows(pos.phase, "system_formation"):
        st.info(f"Systems form from phase 6 (§12.6); the position is in phase {pos.phase}.")
        return None
    if not publics:
        st.info("The position has no public company with a price to form a System.")
        return None
    c1, c2 = st.columns([3, 1])
    chosen = c1.multiselect("Publics (one to four, §12.6 a-d)", publics, default=publics[:2], key="mr-publics")
    systems = ["as the rule picks", *unstarted(pos, "system")]
    system = c2.selectbox("System", systems, key="mr-system")
    if not chosen:
        return None
    return system_preview(pos, chosen, system=None if system == systems[0] else system)


def _merge(pos: BoardPosition) -> MergerOutcome | None:
    minors = in_play(pos, "minor")
    if len(minors) < 2:
        st.info("The position has fewer than two minors with a price (its `market`) to merge.")
        return None
    c1, c2 = st.columns([3, 1])
    default = first_connected(pos, minors)
    chosen = c1.multiselect("Minors (two to ten, §12.3)", minors, default=default, key="mr-minors")
    public = c2.selectbox("Public", unstarted(pos, "public"), key="mr-merge-public")
    if len(chosen) < 2:
        return None
    keep = st.multiselect("Markers kept (the director's choice; empty: the first allowed)", chosen, key="mr-keep")
    return _offering(
        pos, lambda **k: minor_merger_preview(pos, chosen, public=public, keep=keep or None, **k), "mr-merge"
    )


def _convert(pos: BoardPosition) -> MergerOutcome | None:
    minors = [m for m in in_play(pos, "minor") if in_zone(company_money(pos, m).price or 0, "convert")]
    if not minors:
        st.info("No minor of the position is priced 100-165, where a minor converts (§12.2).")
        return None
    c1, c2 = st.columns(2)
    minor = c1.selectbox("Minor (priced 100-165, §12.2)", minors, key="mr-convert-minor")
    public = c2.selectbox("Public", unstarted(pos, "public"), key="mr-convert-public")
    return _offering(pos, lambda **k: conversion_preview(pos, minor, public=public, **k), "mr-convert")


def _takeover(pos: BoardPosition) -> MergerOutcome | None:
    minors, publics = in_play(pos, "minor"), in_play(pos, "public")
    if not minors or not publics:
        st.info("A takeover needs a minor and a public with prices in the position (§12.5).")
        return None
    c1, c2, c3 = st.columns([1, 1, 2])
    minor = c1.selectbox("Minor", minors, key="mr-takeover-minor")
    public = c2.selectbox("Taken over by", publics, key="mr-takeover-public")
    marker = c3.checkbox("Put a spare marker in the minor's place", value=True, key="mr-takeover-marker")
    return takeover_preview(pos, minor, public, replace_marker=marker)


def _result(out: MergerOutcome) -> None:
    if out.allowed:
        st.success(f"{out.company} at £{out.price}, directed by {out.director}")
    else:
        reason = next(s.text for s in out.steps if "not allowed" in s.text or "may not form" in s.text)
        st.error(f"Not allowed: {reason}")
    cols = st.columns(5)
    cols[0].metric("Price", f"£{out.price}")
    cols[1].metric("Director", out.director or "none")
    cols[2].metric("Treasury", f"£{out.cash}")
    cols[3].metric("Loans", out.loans)
    cols[4].metric("Markers", f"{len(out.markers)} + {out.spare_markers} spare")
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.plotly_chart(holdings_picture(out), config={"displayModeBar": False}, key="merger-round-holdings")
        if out.exchanges:
            rows = [{**e.to_dict(), "holder": HOLDER_WORDS.get(e.holder, e.holder)} for e in out.exchanges]
            table = pl.DataFrame(rows).rename({"cash": "cash paid (+) / received (-)"})
            st.dataframe(table, hide_index=True)
        st.caption("Cash moved: " + ", ".join(f"{p} {c:+d}" for p, c in out.cash_changes.items()))
    with right:
        st.markdown("**Step by step**")
        show_steps(out.steps, "merger-round-steps")


def main() -> None:
    """The page, after pages/mergers.py's dispatch by title (the Merger Round stands in the Mergers page's place)."""
    pos = money_position(registry.MERGERS, "Merger Round")
    if pos is None:
        return
    st.caption(
        "After each operating round from phase 3 (§12): minors convert, merge or are taken over, and from phase 6 "
        "publics form Systems; the companies, holdings and cash come from the position (docs/money-18bf.md)."
    )
    if not allows(pos.phase, "minor_mergers"):
        st.info(f"The Merger Round is held from phase 3 (§12); the position is in phase {pos.phase}.")
        return
    st.session_state.setdefault(ACTION, ACTIONS[0] if allows(pos.phase, "system_formation") else ACTIONS[1])
    action = st.segmented_control("Action", ACTIONS, key=ACTION, required=True)
    build = {"System formation": _system, "Merge minors": _merge, "Convert a minor": _convert, "Takeover": _takeover}
    try:
        out = build[action or ACTIONS[0]](pos)
    except InputError as exc:
        session.show_problems(exc.problems, "This action is refused:")
        return
    if out is not None:
        _result(out)
