"""The Board page for a position of a title other than 1862 (1860, 18BF), called by pages/board.py: the board drawn
from the title's data in its own orientation (flat-topped for 1860, pointy-topped with lettered rows for 18BF)
with the position's tiles and station markers, what stands on it listed beside it, and the title's New board
form. A title with board edits (1860, 18BF) is edited beside the map (pages/title_board_edit.py); one with board
rules but no editor would be checked by them, its faults listed, and changed by uploading its file (Saved positions).
Runs are on the Routes page."""

from __future__ import annotations

from typing import Any

import polars as pl
import streamlit as st

from pages import session, title_board_edit
from solver.any_position import short_title
from solver.core.board_data import Board, load_board
from solver.core.board_position import BoardPosition
from solver.draw.any_board import position_figure
from solver.title_positions import new_title_position, position_summary
from solver.titles import registry

#: The map is drawn this wide, as the Routes page's maps are drawn at a set width, leaving the page's margin free at
#: 1280 px (stretched to the page's width, 18BF's tall map reached its right edge); its height follows the board's
#: shape, within these bounds (1860 is wide: about 480 px; 18BF tall: about 1000 px).
MAP_WIDTH = 720
MAP_HEIGHT_RANGE = (420, 1000)
#: The map's width beside the editor's panel: within four sevenths of the main column at 1280 px (about 520 px), drawn
#: at this set width so that its height follows from it (stretched, a tall map like 18BF's was drawn for a narrower
#: column than it had, leaving its cities small between wide margins of sea).
EDIT_MAP_WIDTH = 500
#: The editor's panels.
EDIT_TABS = ("Hex", "Companies & trains", "Phase & options")


def height_for_width(board: Board, width: int) -> int:
    """The height of the board's figure drawn `width` pixels wide, within MAP_HEIGHT_RANGE."""
    xs, ys = zip(*(board.layout.centre(h) for h in board.hexes), strict=True)
    shape = (max(ys) - min(ys) + 2.2) / (max(xs) - min(xs) + 2.2)  # the figure's axis ranges (any_board)
    low, high = MAP_HEIGHT_RANGE
    return int(min(high, max(low, round(width * shape))))


def _map_label(variant: str) -> str:
    return f"{variant.replace('_', '-')} map"


def new_board_form(game: str) -> None:
    """New board of `game`: its map variant (when it has several), the phase and the companies in play, each with
    its home station marker (solver.title_positions)."""
    board = load_board(game)
    title = short_title(game)
    homed = [c for c in board.companies.values() if c.home is not None]
    with st.form(f"new-board-{game}"):
        st.write(
            f"The printed {title} map with no tiles; each company chosen is in play with its station marker on its "
            "home (docs/app.md)."
        )
        variant = None
        if len(board.maps) > 1:
            variant = st.radio("Map", board.maps, format_func=_map_label, horizontal=True, key=f"new-map-{game}")
        phase = st.selectbox("Phase", board.phases, key=f"new-phase-{game}")
        chosen = st.multiselect(
            "Companies in play (with a home on the map)",
            [c.id for c in homed],
            format_func=lambda c: f"{c} {board.companies[c].name}",
            key=f"new-companies-{game}",
        )
        create = st.form_submit_button("Create the new board", type="primary")
    if create:
        where = f" ({_map_label(variant)})" if variant else ""
        session.start(
            lambda: new_title_position(game, variant, phase, chosen),
            f"New {title} board{where} in phase {phase} with {', '.join(chosen) or 'no companies'}.",
        )
        st.rerun()


def _tables(pos: BoardPosition) -> None:
    """Tiles and station markers side by side, the companies below across the page (their five columns are
    whole at 1280 px)."""
    summary = position_summary(pos)
    left, right = st.columns(2, gap="medium")
    with left:
        _tile_table(summary)
    with right:
        _marker_table(summary)
    _company_table(summary)


def _tile_table(summary: dict[str, Any]) -> None:
    st.markdown(f"**Tiles laid** ({len(summary['tiles'])})")
    if summary["tiles"]:
        rows = [
            {"hex": t["hex"], "place": t["name"], "tile": t["tile"], "colour": t["color"], "rotation": t["rotation"]}
            for t in summary["tiles"]
        ]
        st.dataframe(pl.DataFrame(rows), hide_index=True, width="stretch")


def _marker_table(summary: dict[str, Any]) -> None:
    nodes = [
        (h["hex"], h["name"], i, node)
        for h in [*summary["tiles"], *summary["printed_hexes_with_markers"]]
        for i, node in enumerate(h["markers"])
        if node
    ]
    st.markdown(f"**Station markers** ({sum(len(node) for *_, node in nodes)})")
    if nodes:
        rows = [{"hex": h, "place": name, "node": f"n{i}", "companies": ", ".join(node)} for h, name, i, node in nodes]
        st.dataframe(pl.DataFrame(rows), hide_index=True, width="stretch")


def _company_table(summary: dict[str, Any]) -> None:
    st.markdown(f"**Companies in play** ({len(summary['companies'])})")
    if summary["companies"]:
        rows = [
            {
                "company": c["id"],
                "name": c["name"],
                "kind": c["kind"],
                "trains": ", ".join(c["trains"]),
                "markers": ", ".join(c["markers"]),
            }
            for c in summary["companies"]
        ]
        st.dataframe(pl.DataFrame(rows), hide_index=True, width="stretch")


def show(pos: BoardPosition) -> None:
    """The board of `pos` with its tiles and markers, the faults its board rules find, the title's board editor
    where it has one (1860, 18BF), and the lists of what stands on it."""
    board = pos.board
    title = short_title(board.title)
    grid = "flat-topped hexes" if board.layout.orientation == "flat" else "pointy-topped hexes with lettered rows"
    rules = session.title()
    drawn = (
        f"{board.name}, {_map_label(board.map_variant)} ({len(board.hexes)} hexes, {grid}), drawn from its data with "
        "this position's tiles and station markers."
    )
    config = {"displayModeBar": False, "scrollZoom": False}
    if rules.editor is not None:
        facts = rules.edit_rules
        st.caption(
            f"{drawn} Edit it by {title}'s board rules ({facts.doc}): choose a hex, lay or upgrade a tile from "
            f"its offer, place {facts.marker}s; set trains and the phase. A refused edit names the hex or company and "
            "the rule."
        )
        title_board_edit.problems(rules, pos)
        map_col, panel = st.columns([4, 3], gap="medium")
        with panel:
            hex_ = title_board_edit.selected_hex(pos)
            tab = st.radio("Panel", EDIT_TABS, key="title_edit_tab", label_visibility="collapsed", horizontal=True)
            if tab == EDIT_TABS[1]:
                title_board_edit.companies_panel(rules, pos)
            elif tab == EDIT_TABS[2]:
                title_board_edit.phase_panel(rules, pos)
            else:
                title_board_edit.hex_panel(rules, pos, hex_)
        with map_col:
            figure = position_figure(pos, height_for_width(board, EDIT_MAP_WIDTH), selected=[hex_])
            figure.update_layout(width=EDIT_MAP_WIDTH)
            st.plotly_chart(figure, key="title-board-map", config=config, width="content")
    else:
        st.caption(
            f"{drawn} {title}'s board rules check it (any fault is listed above the map); it is not edited here yet: "
            "change a position by uploading its file on the Saved positions page (docs/app.md)."
        )
        title_board_edit.problems(rules, pos)
        fig = position_figure(pos, height_for_width(board, MAP_WIDTH))
        fig.update_layout(width=MAP_WIDTH)
        st.plotly_chart(fig, key="title-board-map", config=config, width="content")
    pages = [p for p in rules.money_pages if p == registry.MARKET or rules.has_page(registry.MERGERS)]
    built = "" if rules.has_page(registry.MARKET) else f" (pages for {title} to come)"
    st.caption(
        f"{title}'s trains: {', '.join(rules.train_kinds)}. Its money rules: {', '.join(rules.money_pages)}{built}."
        + (f" Runs on the Routes page; money on {' and '.join(pages)}." if rules.on_core_routes else "")
    )
    _tables(pos)
