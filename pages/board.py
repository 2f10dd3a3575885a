"""Board page: the map; click a hex (or pick it in the list) to lay or upgrade a tile from the legal offer,
place or remove station markers and small stations; set phase, variant, companies and London links; undo."""

from __future__ import annotations

from functools import partial
from typing import Any

import polars as pl
import streamlit as st

from pages import session
from solver import editing, hexgrid
from solver.draw import board as draw_board
from solver.draw import geometry
from solver.draw.tiles import tile_preview_figure
from solver.gamedata import PHASES
from solver.position import Position
from solver.trains import TrainType

SELECTED = "board_selected_hex"  # kept across page switches
HEX_WIDGET = "board_hex_widget"
MAP_KEY = "board_map"
NONE = "(click the map)"


def _map_hexes(pos: Position) -> list[str]:
    game = pos.game
    return sorted([*game.land_hexes, *game.offboard_hexes], key=hexgrid.parse_hex)


def _hex_label(hex_: str | None) -> str:
    """The hex as listed in the Hex box: id and place name (the id is the first word)."""
    if hex_ is None or hex_ == NONE:
        return NONE
    return f"{hex_} {session.position().game.hex_name(hex_)}"


def _on_map_click() -> None:
    """Chart selection callback: turn the clicked point's map coordinates into the hex (click-to-hex)."""
    event: Any = st.session_state.get(MAP_KEY)
    points = event["selection"]["points"] if event else []
    if not points:
        return
    game = session.position().game
    hexes = frozenset(game.land_hexes | set(game.offboard_hexes))
    hex_ = geometry.hex_at(float(points[0]["x"]), float(points[0]["y"]), hexes)
    if hex_ is not None:
        st.session_state[SELECTED] = hex_
        st.session_state[HEX_WIDGET] = _hex_label(hex_)


def _on_hex_pick() -> None:
    value = st.session_state[HEX_WIDGET]
    st.session_state[SELECTED] = None if value == NONE else value.split(" ")[0]


def _tile_offer(pos: Position, hex_: str) -> None:
    game = pos.game
    offers = editing.tile_offer(pos, hex_)
    if not offers:
        st.info(
            "No tile can be laid or upgraded here now (upgrade path 7.6.3, phase colours 9.0, supply 2.3)."
            if hex_ in pos.tiles
            else "No tile fits here now."
        )
        return
    blocked = frozenset(range(6)) - game.buildable_edges(hex_)
    stations = pos.tiles[hex_].small_stations if hex_ in pos.tiles else ()
    for option in offers:
        st.markdown(f"**{option.label()}**")
        cols = st.columns(4)
        for i, rotation in enumerate(option.rotations):
            with cols[i % 4]:
                fig = tile_preview_figure(game, option.tile, rotation, stations, size=96, edges_blocked=blocked)
                st.plotly_chart(
                    fig, config={"staticPlot": True}, width="content", key=f"prev-{hex_}-{option.tile}-{rotation}"
                )
                if st.button(f"Lay r{rotation}", key=f"lay-{hex_}-{option.tile}-{rotation}"):
                    tile, rot = option.tile, rotation
                    verb = "Upgraded" if option.replaces else "Laid"
                    session.apply(
                        partial(editing.lay_tile, hex_=hex_, tile_id=tile, rotation=rot),
                        f"{verb} tile {tile} on {hex_}.",
                    )
                    st.rerun()


def _markers(pos: Position, hex_: str) -> None:
    owners = pos.stations.get(hex_, ())
    lay = pos.tiles.get(hex_)
    slots = pos.game.tiles[lay.tile].slots if lay else 1
    st.markdown(f"**Station markers** ({len(owners)} of {slots} slots, 7.7)")
    for company in owners:
        c1, c2 = st.columns([3, 1])
        c1.write(f"{company}: {pos.game.companies[company].name}")
        if c2.button("Remove", key=f"rm-marker-{hex_}-{company}"):
            session.apply(
                partial(editing.remove_marker, hex_=hex_, company=company), f"Removed {company}'s marker from {hex_}."
            )
            st.rerun()
    choices = [c for c in pos.game.companies if c not in owners]
    c1, c2 = st.columns([3, 1])
    company = c1.selectbox("Company", choices, key=f"marker-company-{hex_}", label_visibility="collapsed")
    if c2.button("Place", key=f"place-marker-{hex_}") and company:
        session.apply(lambda p: editing.place_marker(p, hex_, company), f"Placed {company}'s marker on {hex_}.")
        st.rerun()


def _small_stations(pos: Position, hex_: str) -> None:
    lay = pos.tiles.get(hex_)
    if lay is None:
        return
    tile = pos.game.tiles[lay.tile]
    st.markdown("**Small stations** (one per track, added only on upgraded tiles, 7.6.2, 7.6.4)")
    for track in sorted(tuple(sorted(t)) for t in tile.tracks_at(lay.rotation)):
        key = (track[0], track[1])
        names = f"{hexgrid.EDGE_NAMES[key[0]]}-{hexgrid.EDGE_NAMES[key[1]]}"
        c1, c2 = st.columns([3, 1])
        if key in lay.small_stations:
            c1.write(f"Track {names}: small station")
            if c2.button("Remove", key=f"rm-small-{hex_}-{key}"):
                session.apply(
                    partial(editing.remove_small_station, hex_=hex_, track=key), f"Removed a small station in {hex_}."
                )
                st.rerun()
        else:
            c1.write(f"Track {names}: plain track")
            if c2.button("Add", key=f"add-small-{hex_}-{key}"):
                session.apply(
                    partial(editing.add_small_station, hex_=hex_, track=key), f"Added a small station in {hex_}."
                )
                st.rerun()


def _hex_panel(pos: Position, hex_: str | None) -> None:
    game = pos.game
    if hex_ is None:
        st.info("Click a hex on the map, or pick it in the list, to lay a tile or place markers.")
        return
    text = draw_board.hex_description(pos, hex_)
    st.markdown(text.replace("<b>", "**").replace("</b>", "**").replace("<br>", "  \n"))
    if hex_ in game.offboard_hexes:
        st.caption("Off-board areas take no tiles; their values follow the phase (9.0).")
        return
    _tile_offer(pos, hex_)
    if hex_ in pos.tiles:
        with st.popover("Remove this tile"):
            st.write("Takes the tile off the hex, to correct a mistake.")
            if st.button("Remove tile", key=f"rm-tile-{hex_}"):
                session.apply(lambda p: editing.remove_tile(p, hex_), f"Removed the tile on {hex_}.")
                st.rerun()
    if hex_ in game.towns:
        _markers(pos, hex_)
    else:
        _small_stations(pos, hex_)


def _companies_panel(pos: Position) -> None:
    game = pos.game
    rows = [
        {
            "company": c.id,
            "name": game.companies[c.id].name,
            "trains": ", ".join(t.name for t in c.trains),
            "permits": ", ".join(t.value for t in TrainType if t in c.permits),
            "markers": ", ".join(pos.markers_of(c.id)),
            "London": c.id in pos.london,
        }
        for c in pos.companies.values()
    ]
    if rows:
        st.dataframe(pl.DataFrame(rows), hide_index=True, width="stretch")
    else:
        st.info("No company is in play yet.")
    company = st.selectbox(
        "Company", list(game.companies), format_func=lambda c: f"{c} {game.companies[c].name}", key="co-pick"
    )
    current = pos.companies.get(company)
    with st.form(f"company-form-{company}"):
        trains = st.text_input(
            "Trains (e.g. 3F, 4/5L, 2/3E)",
            value=", ".join(t.name for t in current.trains) if current else "",
        )
        permits = st.multiselect(
            "Permits (6.5.4.3, 7.9)",
            list(TrainType),
            default=sorted(current.permits) if current else [],
            format_func=lambda t: t.value,
        )
        london = st.checkbox("London link (7.6.5)", value=company in pos.london)
        saved = st.form_submit_button("Save company")
    if saved:
        names = [t.strip() for t in trains.replace(";", ",").split(",") if t.strip()]

        def edit(p: Position) -> Position:
            p = editing.set_company(p, company, names, permits)
            if london != (company in p.london):
                p = editing.set_london(p, company, london)
            return p

        session.apply(edit, f"Saved {company}.")
        st.rerun()
    if current is not None and st.button(f"Take {company} out of play", key="co-remove"):
        session.apply(lambda p: editing.remove_company(p, company), f"{company} is no longer in play.")
        st.rerun()


def _phase_panel(pos: Position) -> None:
    with st.form("phase-form"):
        phase = st.selectbox("Phase (9.0)", list(PHASES), index=PHASES.index(pos.phase))
        length = st.radio(
            "Game length (2.4.3, 11.2)",
            ["short", "standard", "long"],
            index=["short", "standard", "long"].index(pos.variant.length),
            horizontal=True,
        )
        extra = st.checkbox("Eight station markers (optional rule 11.4)", value=pos.variant.extra_marker)
        types = st.multiselect(
            "Train types in play (11.1)",
            list(TrainType),
            default=sorted(pos.variant.train_types),
            format_func=lambda t: t.value,
        )
        name = st.text_input("Position name", value=pos.name)
        applied = st.form_submit_button("Apply")
    if applied:

        def edit(p: Position) -> Position:
            p = editing.set_phase(p, phase)
            p = editing.set_variant(p, length, extra, types)  # type: ignore[arg-type]
            return editing.rename(p, name)

        session.apply(edit, "Phase and variant set.")
        st.rerun()


def main() -> None:
    pos = session.position()
    st.title("Board")
    session.header()
    session.show_messages()
    undo_stack = st.session_state.get(session.UNDO, [])
    if st.button(f"Undo last edit ({len(undo_stack)})", disabled=not undo_stack, icon=":material/undo:"):
        session.undo()
        st.rerun()

    selected: str | None = st.session_state.get(SELECTED)
    map_col, panel = st.columns([3, 2], gap="medium")
    with map_col:
        fig = draw_board.board_figure(pos, selected=[selected] if selected else [])
        st.plotly_chart(
            fig,
            key=MAP_KEY,
            on_select=_on_map_click,
            selection_mode="points",
            config={"displayModeBar": False, "scrollZoom": False},
        )
    with panel:
        options = [NONE, *(_hex_label(h) for h in _map_hexes(pos))]
        if st.session_state.get(HEX_WIDGET) not in options:
            st.session_state[HEX_WIDGET] = _hex_label(selected)
        st.selectbox("Hex", options, key=HEX_WIDGET, on_change=_on_hex_pick)
        hex_tab, company_tab, phase_tab = st.tabs(["Hex", "Companies", "Phase & variant"])
        with hex_tab:
            _hex_panel(pos, selected)
        with company_tab:
            _companies_panel(pos)
        with phase_tab:
            _phase_panel(pos)


main()
