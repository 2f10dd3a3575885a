"""Board page: the map; click a hex (or pick it in the list) to lay or upgrade a tile from the legal offer
(each tile drawn once with the neighbouring track, rotated in place on the map), or click towns to place
station markers; type a whole board in the quick-entry box; start a new board; set phase, variant, companies
and London links; undo. New board starts a board of any title; a position of another title than 1862 (1860,
18BF) is drawn by pages/title_board.py."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import polars as pl
import streamlit as st

from pages import session, title_board
from solver.any_position import AnyPosition, short_title, title_of
from solver.core.board_position import BoardPosition
from solver.draw import geometry
from solver.titles.g1862 import editing, hexgrid, quick_entry
from solver.titles.g1862.draw import board as draw_board
from solver.titles.g1862.draw import tiles as draw_tiles
from solver.titles.g1862.gamedata import PHASES, load_game
from solver.titles.g1862.hexgrid import LAYOUT
from solver.titles.g1862.new_board import new_board
from solver.titles.g1862.position import GameLength, Position, TileLay
from solver.titles.g1862.trains import TrainType
from solver.titles.registry import DEFAULT_TITLE, TITLES

SELECTED = "board_selected_hex"  # kept across page switches
HEX_WIDGET = "board_hex_widget"
MAP_KEY = "board_map"  # with a version number, new after each click (see _map)
MAP_VERSION = "board_map_version"
TAB = "board_tab"  # the open panel (Hex, Companies, ...), kept across reruns and page switches
CLICK_MODE = "board_click_mode"  # what a click on the map does
MARKER_COMPANY = "board_marker_company"  # whose marker a click places
PREVIEW = "board_preview"  # (hex, tile, rotation) drawn in place on the map while a tile is being rotated
QUICK = "board_quick_entry"
NONE = "(click the map)"
CARD_WIDTH = 140  # pixels of one offered tile's card: two fit the panel on a 1280 px screen, three at 1600
OPEN_HEX = "Opens the hex"
PLACE_MARKER = "Places a marker"
TABS = ("Hex", "Companies", "Quick entry", "Phase & variant")
NEW_TITLE = "board_new_title"  # the title chosen in New board


def _map_hexes(pos: Position) -> list[str]:
    game = pos.game
    return sorted([*game.land_hexes, *game.offboard_hexes], key=hexgrid.parse_hex)


def _hex_label(hex_: str | None) -> str:
    """The hex as listed in the Hex box: id and place name (the id is the first word)."""
    if hex_ is None or hex_ == NONE:
        return NONE
    return f"{hex_} {session.position().game.hex_name(hex_)}"


def _on_map_click(key: str) -> None:
    """Chart selection callback: turn the clicked point's map coordinates into the hex (click-to-hex); open it
    in the Hex panel, or, in marker mode, place the chosen company's marker there (7.7)."""
    event: Any = st.session_state.get(key)
    points = event["selection"]["points"] if event else []
    # The next run draws the map under a new key, so Plotly keeps no selection: a second click on the same
    # hex (a second marker, or one refused) is a click again, and the map is not dimmed around a selection.
    st.session_state[MAP_VERSION] = st.session_state.get(MAP_VERSION, 0) + 1
    if not points:
        return
    game = session.position().game
    hexes = frozenset(game.land_hexes | set(game.offboard_hexes))
    hex_ = geometry.hex_at(LAYOUT, float(points[0]["x"]), float(points[0]["y"]), hexes)
    if hex_ is None:
        return
    st.session_state[SELECTED] = hex_
    st.session_state[HEX_WIDGET] = _hex_label(hex_)
    company = st.session_state.get(MARKER_COMPANY)
    if st.session_state.get(CLICK_MODE) == PLACE_MARKER and company:
        session.apply(
            partial(editing.place_marker, hex_=hex_, company=company), f"Placed {company}'s marker on {hex_}."
        )
    else:
        st.session_state[TAB] = TABS[0]


def _on_hex_pick() -> None:
    value = st.session_state[HEX_WIDGET]
    st.session_state[SELECTED] = None if value == NONE else value.split(" ")[0]


def _rotation_key(hex_: str, tile: str) -> str:
    return f"board_rotation:{hex_}:{tile}"


def _chosen_rotation(pos: Position, hex_: str, option: editing.TileOption, incoming: frozenset[int]) -> int:
    """The rotation shown for an offered tile: the one last turned to, else the one joining most of the
    neighbouring track (the first such)."""
    turned = st.session_state.get(_rotation_key(hex_, option.tile))
    if turned in option.rotations:
        return int(turned)
    return max(option.rotations, key=lambda r: (draw_tiles.joins(pos.game, option.tile, r, incoming), -r))


def _rotate(hex_: str, option: editing.TileOption, rotation: int) -> None:
    """Button callback: show the offered tile at its next legal rotation, here and in place on the map."""
    nxt = option.rotations[(option.rotations.index(rotation) + 1) % len(option.rotations)]
    st.session_state[_rotation_key(hex_, option.tile)] = nxt
    st.session_state[PREVIEW] = (hex_, option.tile, nxt)


def _lay(hex_: str, option: editing.TileOption, rotation: int) -> None:
    """Button callback: lay (or upgrade to) the offered tile at the rotation shown."""
    verb = "Upgraded to" if option.replaces else "Laid"
    session.apply(
        partial(editing.lay_tile, hex_=hex_, tile_id=option.tile, rotation=rotation),
        f"{verb} tile {option.tile} on {hex_} at rotation {rotation}.",
    )
    st.session_state.pop(PREVIEW, None)


def _tile_offer(pos: Position, hex_: str) -> None:
    """The legal tiles for the hex, one card each: the tile drawn at its shown rotation with the neighbouring
    track and blocked sides around it, a Rotate button (legal rotations only) and a Lay button."""
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
    incoming = draw_tiles.neighbour_track(pos, hex_)
    stations = pos.tiles[hex_].small_stations if hex_ in pos.tiles else ()
    st.caption(
        "Grey stubs: track coming in from the neighbours; blue sides: barrier or sea. *Rotate* turns the tile "
        "on the map too."
    )
    # Cards of a fixed width in a wrapping row.
    with st.container(horizontal=True, gap="small", key=f"tile-offer-{hex_}"):
        for option in offers:
            _offer_card(pos, hex_, option, _chosen_rotation(pos, hex_, option, incoming), stations, blocked, incoming)


def _offer_card(
    pos: Position,
    hex_: str,
    option: editing.TileOption,
    rotation: int,
    stations: tuple[tuple[int, int], ...],
    blocked: frozenset[int],
    incoming: frozenset[int],
) -> None:
    """One offered tile: its picture at the rotation shown, Rotate (when it fits more than one way) and Lay."""
    n = len(option.rotations)
    with st.container(border=True, width=CARD_WIDTH, key=f"offer-{hex_}-{option.tile}"):
        title = f"tile {option.tile} r{rotation}"
        st.image(
            draw_tiles.tile_svg(pos.game, option.tile, rotation, stations, blocked, incoming, title), width="stretch"
        )
        turn = f"{option.rotations.index(rotation) + 1}/{n} · " if n > 1 else ""
        st.caption(f"{turn}{option.available} left")  # the tile and rotation are on the picture and on Lay
        if n > 1:
            st.button(
                "Rotate",
                key=f"rot-{hex_}-{option.tile}",
                icon=":material/rotate_right:",
                on_click=_rotate,
                args=(hex_, option, rotation),
                width="stretch",
            )
        st.button(
            f"Lay {option.tile} r{rotation}",
            key=f"lay-{hex_}-{option.tile}",
            type="primary",
            on_click=_lay,
            args=(hex_, option, rotation),
            width="stretch",
        )


def _markers(pos: Position, hex_: str) -> None:
    owners = pos.stations.get(hex_, ())
    lay = pos.tiles.get(hex_)
    slots = pos.game.tiles[lay.tile].slots if lay else 1
    st.markdown(f"**Station markers** ({len(owners)} of {slots} slots, 7.7)")
    for company in owners:
        c1, c2 = st.columns([2, 1])
        c1.write(f"{company}: {pos.game.companies[company].name}")
        if c2.button("Remove", key=f"rm-marker-{hex_}-{company}"):
            session.apply(
                partial(editing.remove_marker, hex_=hex_, company=company), f"Removed {company}'s marker from {hex_}."
            )
            st.rerun()
    choices = [c for c in pos.game.companies if c not in owners]
    c1, c2 = st.columns([2, 1])
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
        c1, c2 = st.columns([2, 1])
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


def _apply_quick_entry() -> None:
    """Button callback: apply every line of the quick-entry box, or nothing (the box keeps the text to fix)."""
    text = st.session_state.get(QUICK, "")
    lines = len([line for line in text.splitlines() if line.split("#", 1)[0].strip()])
    if session.apply(partial(quick_entry.apply_quick_entry, text=text), f"Applied {lines} quick-entry line(s)."):
        st.session_state[QUICK] = ""


def _quick_entry_panel() -> None:
    st.text_area(
        "One line per hex or company",
        key=QUICK,
        height=220,
        placeholder="D13 14 r0 ECR\nE12 790 r1 EUR ECR\nE10 20 r0 s:N-S s:SW-NE\nECR 2E 2/3E permits express",
    )
    st.button("Apply all lines", on_click=_apply_quick_entry, type="primary", icon=":material/keyboard_return:")
    st.markdown(
        "- `HEX [TILE] [rN] [COMPANY ...] [s:SIDE-SIDE ...]`: lay or upgrade a tile (on an empty hex a green or "
        "russet tile may be typed directly), its rotation r0-r5 (not needed when the tile fits one way only), "
        "station markers in slot order (7.7), small stations on the track joining two sides "
        "(S, SW, NW, N, NE, SE, 7.6.4).\n"
        "- `COMPANY [TRAIN ...] [permits TYPE ...] [home:HEX]`: the company's trains (e.g. 3F 4/5L 2/3E), permits "
        "(freight, local, express; 6.5.4.3) and a home other than the printed one (2.1).\n"
        "- `london COMPANY ...`: the London links (7.6.5).\n"
        "- `phase X`: the phase (9.0).\n\n"
        "Lines apply in order, all or nothing: a refused line changes nothing and is named with its rule. A line "
        "repeated changes nothing; a hex's tile typed at another rotation turns it."
    )
    with st.expander("This board as quick-entry lines (copy, edit, type back on a new board)"):
        st.code(quick_entry.board_text(session.position()), language=None)


def _new_board_form(pos: Position | None) -> None:
    game = load_game()
    with st.form("new-board"):
        st.write(
            "The printed map with no tiles; each company below gets its home marker and one train of the "
            "phase's band of its permit type (docs/app.md)."
        )
        phase = st.selectbox("Phase (9.0)", list(PHASES), index=PHASES.index(pos.phase) if pos else 0, key="new-phase")
        length = st.radio("Game length (2.4.3, 11.2)", ["short", "standard", "long"], index=1, horizontal=True)
        extra = st.checkbox("Eight station markers (optional rule 11.4)")
        types = st.multiselect(
            "Train types in play (11.1)", list(TrainType), default=list(TrainType), format_func=lambda t: t.value
        )
        permits: dict[str, set[TrainType]] = {}
        for kind in TrainType:
            chosen = st.multiselect(
                f"Companies with a {kind.value} permit (6.5.4.3)", list(game.companies), key=f"new-{kind.value}"
            )
            for company in chosen:
                permits.setdefault(company, set()).add(kind)
        create = st.form_submit_button("Create the new board", type="primary")
    if create:
        made = session.start(
            lambda: new_board(phase, cast(GameLength, length), extra, types, permits),
            f"New board in phase {phase} with {', '.join(permits) or 'no companies'}.",
        )
        if made:
            st.session_state[SELECTED] = None
            st.session_state[HEX_WIDGET] = NONE
        st.rerun()


def _map(pos: Position, selected: str | None) -> None:
    c1, c2 = st.columns([3, 2])
    st.session_state.setdefault(CLICK_MODE, OPEN_HEX)  # set here, not as a default: the key is also kept by session
    mode = c1.segmented_control("A click on the map", [OPEN_HEX, PLACE_MARKER], key=CLICK_MODE, required=True)
    if mode == PLACE_MARKER:
        game = pos.game
        c2.selectbox(
            "Marker of",
            list(game.companies),
            key=MARKER_COMPANY,
            format_func=lambda c: f"{c} {game.companies[c].name}",
        )
    preview = st.session_state.get(PREVIEW)
    lay = None
    if preview is not None and preview[0] == selected and selected in pos.game.land_hexes:
        old = pos.tiles.get(selected)
        lay = TileLay(selected, preview[1], preview[2], old.small_stations if old else ())
    fig = draw_board.board_figure(pos, selected=[selected] if selected else [], preview=lay)
    key = f"{MAP_KEY}-{st.session_state.get(MAP_VERSION, 0)}"
    st.plotly_chart(
        fig,
        key=key,
        on_select=partial(_on_map_click, key),
        selection_mode="points",
        config={"displayModeBar": False, "scrollZoom": False},
    )


def _new_board(pos: AnyPosition) -> None:
    """New board of any title: the title chosen first (the current one at first), then its form."""
    st.session_state.setdefault(NEW_TITLE, title_of(pos))
    game = st.segmented_control("Title", list(TITLES), format_func=short_title, key=NEW_TITLE, required=True)
    game = game or DEFAULT_TITLE
    if not TITLES[game].core_positions:  # 1862's board editor and its own position format
        _new_board_form(pos if isinstance(pos, Position) else None)
    else:
        title_board.new_board_form(game)


def main() -> None:
    session.through_app()
    session.narrow_margins()  # the map and the tile offer take the width of a 1280 px laptop
    pos = session.current()
    st.title("Board")
    session.header()
    session.show_messages()
    undo_stack = st.session_state.get(session.UNDO, [])
    b1, b2, _ = st.columns([1, 1, 3])
    if b1.button(f"Undo last edit ({len(undo_stack)})", disabled=not undo_stack, icon=":material/undo:"):
        session.undo()
        st.rerun()
    with b2.popover("New board", icon=":material/add_box:"):
        _new_board(pos)
    if session.title().core_positions:  # drawn from its data; edited by its own rules where it has them (1860)
        assert isinstance(pos, BoardPosition)
        title_board.show(pos)
        return
    pos = session.position()

    selected: str | None = st.session_state.get(SELECTED)
    map_col, panel = st.columns([4, 3], gap="medium")
    with map_col:
        _map(pos, selected)
    with panel:
        options = [NONE, *(_hex_label(h) for h in _map_hexes(pos))]
        if st.session_state.get(HEX_WIDGET) not in options:
            st.session_state[HEX_WIDGET] = _hex_label(selected)
        st.selectbox("Hex", options, key=HEX_WIDGET, on_change=_on_hex_pick)
        # A radio, not st.tabs: its choice is kept across reruns (tabs fell back to the first one when a company
        # was chosen), a map click can switch it to the Hex panel, and it wraps on a narrow screen.
        st.session_state.setdefault(TAB, TABS[0])
        tab = st.radio("Panel", TABS, key=TAB, label_visibility="collapsed", horizontal=True)
        if tab == "Companies":
            _companies_panel(pos)
        elif tab == "Quick entry":
            _quick_entry_panel()
        elif tab == "Phase & variant":
            _phase_panel(pos)
        else:
            _hex_panel(pos, selected)


main()
