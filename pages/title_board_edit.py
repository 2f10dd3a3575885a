"""The Board page's editor for a title whose board edits are on the core's positions (`solver.core.editing`; 1860:
docs/board-1860.md, 18BF: docs/board-18bf.md; docs/app.md "Editing an 1860 or 18BF board"), called by
pages/title_board.py: a hex chosen, its tile offer (for a title with turn rules, optionally for the company on its
turn, whose lay rules then apply), the tile removed, station markers placed (that company's built by its rules) and
removed; the companies' trains, the phase and the board-rule options. Every edit is the title's pure function
(`Title.edit`): refused whole with the hex or company and the rule named, or made with Undo to step back. The words
(base, station marker), the sections cited and the options are the title's `EditRules`."""

from __future__ import annotations

from functools import partial

import polars as pl
import streamlit as st

from pages import session
from solver.core.board_position import BoardPosition
from solver.core.editing import operating
from solver.titles.registry import Title

HEX = "title_edit_hex"
LAYER = "title_edit_company"
NOBODY = "(copying the table: no company)"


def _hex_label(pos: BoardPosition, hex_: str) -> str:
    name = pos.board.hexes[hex_].name
    return f"{hex_} {name}" if name else hex_


def selected_hex(pos: BoardPosition) -> str:
    """The hex chosen in the editor (the first land hex at first)."""
    land = [h for h, x in sorted(pos.board.hexes.items()) if x.kind == "land"]
    if st.session_state.get(HEX) not in land:
        st.session_state[HEX] = land[0]
    hex_: str = st.selectbox("Hex", land, key=HEX, format_func=partial(_hex_label, pos))
    return hex_


def hex_panel(rules: Title, pos: BoardPosition, hex_: str) -> None:
    """The chosen hex: what lies there, its tile offer and its station markers (bases, in 1860)."""
    here = pos.tiles.get(hex_)
    where = _hex_label(pos, hex_)
    st.markdown(f"**{where}**: " + (f"tile {here.tile} at rotation {here.rotation}" if here else "no tile"))
    if here is not None and st.button(f"Remove the tile on {hex_}", icon=":material/delete:"):
        session.apply_board(lambda p: rules.edit("remove_tile", p, hex_), f"Removed the tile on {hex_}.")
        st.rerun()
    _tile_offer(rules, pos, hex_)
    _markers(rules, pos, hex_)


def _tile_offer(rules: Title, pos: BoardPosition, hex_: str) -> None:
    facts = rules.edit_rules
    if facts.turn_rule is not None:
        layers = [NOBODY, *pos.companies]
        if st.session_state.get(LAYER) not in layers:
            st.session_state[LAYER] = NOBODY
        st.selectbox(f"Laid or built by (its turn's rules apply: {facts.turn_rule})", layers, key=LAYER)
    company = _on_turn(rules)
    turn = () if company is None else (company,)
    offers = rules.edit("tile_offer", pos, hex_, *turn)
    with st.expander(f"Tile offer for {hex_} ({len(offers)})", expanded=True):
        if not offers:
            st.caption(f"No tile may be laid here now (its colour, the phase, the box or the rules: {facts.doc}).")
            return
        table = [
            {
                "tile": o.tile,
                "colour": pos.board.tiles[o.tile].color,
                "rotations": ", ".join(str(r) for r in o.rotations),
                "left": "any" if o.available is None else str(o.available),
                "replaces": o.replaces or "-",
            }
            for o in offers
        ]
        st.dataframe(pl.DataFrame(table), hide_index=True, width="stretch")
        c1, c2, c3 = st.columns([5, 4, 3], vertical_alignment="bottom")
        choice = c1.selectbox("Tile", offers, format_func=lambda o: o.tile, key=f"offer-{hex_}")
        rotation = c2.selectbox("Rotation", choice.rotations, key=f"rotation-{hex_}-{choice.tile}")
        if c3.button("Lay", type="primary", key=f"lay-{hex_}"):
            by = f" for {company}" if company else ""
            session.apply_board(
                lambda p: rules.edit("lay_tile", p, hex_, choice.tile, rotation, *turn),
                f"Laid tile {choice.tile} on {hex_} at rotation {rotation}{by}.",
            )
            st.rerun()


def _on_turn(rules: Title) -> str | None:
    """The company chosen in *Laid or built by*, whose turn's rules apply to its tiles and markers (None: copying,
    and always for a title without turn rules)."""
    layer = st.session_state.get(LAYER, NOBODY)
    return None if layer == NOBODY or rules.edit_rules.turn_rule is None else str(layer)


def _markers(rules: Title, pos: BoardPosition, hex_: str) -> None:
    """Each node of the hex with spaces (London's six parts, each space of a multi-space city): its markers, and a
    company's placed or removed."""
    nodes = pos.face(hex_).nodes
    spaces = [i for i, node in enumerate(nodes) if node.slots > 0]
    if not spaces:
        return
    markers = pos.stations.get(hex_, ())
    word = rules.edit_rules.marker
    st.markdown(f"**{word.capitalize()}s**")
    for i in spaces:
        here = markers[i] if markers else ()
        name = nodes[i].name or nodes[i].kind
        cols = st.columns([4, 3, 2], vertical_alignment="center")
        cols[0].write(f"n{i} {name} ({len(here)}/{nodes[i].slots}): {', '.join(here) or 'free'}")
        company = cols[1].selectbox(
            f"Company for n{i}", operating(rules.edit_rules, pos), key=f"base-{hex_}-{i}", label_visibility="collapsed"
        )
        if company in here:
            if cols[2].button("Remove", key=f"unbase-{hex_}-{i}", help=f"Remove {company}'s {word} from n{i}"):
                session.apply_board(
                    partial(rules.edit, "remove_marker", hex_=hex_, node=i, company=company),
                    f"Removed {company}'s {word} on {hex_} n{i}.",
                )
                st.rerun()
        elif cols[2].button("Place", key=f"rebase-{hex_}-{i}", help=f"Place {company}'s {word} on n{i}"):
            # built on its turn (a title with turn rules): its markers must reach the station (1860: RB L511)
            built = {"built": True} if company == _on_turn(rules) else {}
            session.apply_board(
                partial(rules.edit, "place_marker", hex_=hex_, node=i, company=company, **built),
                f"{'Built' if built else 'Placed'} {company}'s {word} on {hex_} n{i}.",
            )
            st.rerun()


def companies_panel(rules: Title, pos: BoardPosition) -> None:
    """A company's trains (it enters play once its home base is on the map), or out of play."""
    # chosen outside the form, so that its trains are shown as soon as it is chosen (in the form, the field would
    # show the previous company's trains until a submit, and Save would drop what was typed)
    company = st.selectbox("Company", operating(rules.edit_rules, pos), key="title-trains-company")
    held = pos.companies.get(company)
    with st.form("title-trains"):
        names = st.text_input(
            f"Trains (comma-separated, e.g. {rules.edit_rules.train_examples})",
            value=", ".join(held.trains) if held else "",
            key=f"title-trains-{company}",
        )
        save = st.form_submit_button("Save trains")
    if save:
        trains = [t for t in names.split(",") if t.strip()]
        session.apply_board(lambda p: rules.edit("set_trains", p, company, trains), f"Saved {company}'s trains.")
        st.rerun()
    if held is not None and st.button(f"Take {company} out of play"):
        session.apply_board(lambda p: rules.edit("remove_company", p, company), f"{company} is no longer in play.")
        st.rerun()


def phase_panel(rules: Title, pos: BoardPosition) -> None:
    """The phase and the options of the board rules."""
    with st.form("title-phase"):
        phase = st.selectbox("Phase", pos.board.phases, index=pos.board.phases.index(pos.phase), key="title_edit_phase")
        chosen = {
            key: st.checkbox(label, value=bool(pos.rules.get(key, False)), key=f"title_edit_{key}")
            for key, label in rules.edit_rules.options
        }
        save = st.form_submit_button("Set phase and options")
    if save:

        def edit(p: BoardPosition) -> BoardPosition:
            for key, on in chosen.items():
                if bool(p.rules.get(key, False)) != on:
                    p = rules.edit("set_option", p, key, on)
            new: BoardPosition = rules.edit("set_phase", p, phase)
            return new

        session.apply_board(edit, f"Phase {phase} and options set.")
        st.rerun()


def problems(rules: Title, pos: BoardPosition) -> None:
    """The faults of a position loaded with them (a file or a draft): listed, so that edits (or, for a title
    without an editor, a corrected file) can fix them."""
    found = rules.board_problems(pos)
    if found:
        fix = "edits keep no new fault" if rules.editor is not None else "upload a corrected file to fix them"
        session.show_problems(found, f"This position breaks {rules.short}'s board rules; {fix}:")
