"""Saved positions page: load an example; save, list, load, rename and delete named positions in the local
database; download the current position or upload a position file (a bad file changes nothing)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable

import polars as pl
import streamlit as st

from pages import session
from solver.errors import InputError
from solver.position import Position, load_position
from solver.storage import PositionStore, parse_upload, position_json

PENDING = "positions_pending_replace"  # (name, position) waiting for "Replace" to be confirmed


def _examples() -> None:
    st.subheader("Example positions")
    found = session.examples()
    labels = {}
    for stem, path in found.items():
        try:
            labels[stem] = json.loads(path.read_text(encoding="utf-8")).get("name") or stem
        except (OSError, json.JSONDecodeError):
            labels[stem] = stem
    c1, c2 = st.columns([3, 1])
    pick = c1.selectbox("Example", list(found), key="example-pick")
    if pick:
        c1.caption(labels[pick])
    if c2.button("Load example", key="load-example") and pick:

        def load_example() -> str:
            session.replace(load_position(found[pick]), saved_name=None, keep_undo=True)
            return f"Loaded the example {labels[pick]!r}."

        _act(load_example)


def _act(action: Callable[[], str]) -> None:
    """Run a store action: its message (if any) as the page's notice, or its problems if it is refused; then
    rerun."""
    try:
        st.session_state[session.NOTICE] = action() or None
    except InputError as exc:
        st.session_state[session.PROBLEMS] = exc.problems
    st.rerun()


def _saved() -> None:
    st.subheader("Saved positions")
    store = session.store()
    st.caption(f"Database: `{store.path}` (set `RMS_DB_PATH` to use another file)")
    pos = session.position()
    with st.form("save-form"):
        saved_as = st.session_state.get(session.SAVED_NAME) or ""
        name = st.text_input("Save the current position as", value=saved_as, placeholder="e.g. Game A, turn 3")
        if st.form_submit_button("Save"):

            def save() -> str:
                taken = store.find(name)
                if taken is not None:  # never overwrite without asking (see _confirm_replace)
                    st.session_state[PENDING] = (taken.name, pos)
                    return ""
                used = store.save(name, pos)
                session.mark_saved(used)
                return f"Saved as {used!r}."

            _act(save)
    _confirm_replace(store, pos)
    try:
        rows = store.list()
    except InputError as exc:
        session.show_problems(exc.problems, "The position database cannot be read:")
        return
    if not rows:
        st.info("Nothing saved yet.")
        return
    table = pl.DataFrame(
        {
            "name": [r.name for r in rows],
            "saved": [dt.datetime.fromtimestamp(r.saved_at).strftime("%Y-%m-%d %H:%M") for r in rows],
            "phase": [r.phase for r in rows],
            "companies": [", ".join(r.companies) for r in rows],
        }
    )
    st.dataframe(table, hide_index=True, width="stretch")
    names = [r.name for r in rows]
    pick = st.selectbox("Saved position", names, key="saved-pick")
    c1, c2, c3 = st.columns(3)
    if c1.button("Load", key="saved-load") and pick:

        def load() -> str:
            session.replace(store.load(pick), saved_name=pick, keep_undo=True)
            return f"Loaded {pick!r}."

        _act(load)
    with c2.popover("Rename"):
        new = st.text_input("New name", value=pick or "", key="saved-new-name")
        if st.button("Rename", key="saved-rename") and pick:

            def rename() -> str:
                used = store.rename(pick, new)
                if st.session_state.get(session.SAVED_NAME) == pick:
                    session.mark_saved(used)
                return f"Renamed {pick!r} to {used!r}."

            _act(rename)
    with c3.popover("Delete"):
        st.write(f"Delete {pick!r}? This cannot be undone.")
        if st.button("Delete", key="saved-delete", type="primary") and pick:

            def delete() -> str:
                store.delete(pick)
                if st.session_state.get(session.SAVED_NAME) == pick:
                    session.mark_saved(None)
                return f"Deleted {pick!r}."

            _act(delete)


def _confirm_replace(store: PositionStore, pos: Position) -> None:
    """After Save under a name already in use: name the saved position that would be lost (when it was saved,
    its phase and companies) and replace it only when asked to. A pending question is dropped as soon as the
    current position is another one (something else was loaded)."""
    pending: tuple[str, Position] | None = st.session_state.get(PENDING)
    if pending is None:
        return
    name, waiting = pending
    old = store.find(name)
    if waiting is not pos or old is None:
        st.session_state.pop(PENDING, None)
        return
    when = dt.datetime.fromtimestamp(old.saved_at).strftime("%Y-%m-%d %H:%M")
    st.warning(
        f"A saved position is already called {name!r} (saved {when}, phase {old.phase}, companies "
        f"{', '.join(old.companies) or 'none'}). Replace it with the current position "
        f"({pos.name or 'unnamed'}, phase {pos.phase})? What {name!r} holds now would be lost."
    )
    c1, c2 = st.columns(2)
    if c1.button(f"Replace {name!r}", type="primary", key="save-replace"):

        def replace() -> str:
            st.session_state.pop(PENDING, None)
            used = store.save(name, pos, overwrite=True)
            session.mark_saved(used)
            return f"Replaced {used!r} with the current position."

        _act(replace)
    if c2.button("Cancel", key="save-cancel"):
        st.session_state.pop(PENDING, None)
        st.rerun()


def _files() -> None:
    st.subheader("Position files")
    pos = session.position()
    stem = "".join(ch if ch.isalnum() else "-" for ch in (pos.name or "position")).strip("-")[:40] or "position"
    st.download_button(
        "Download the current position (JSON)",
        data=position_json(pos),
        file_name=f"{stem}.json",
        mime="application/json",
    )
    upload = st.file_uploader("Upload a position file", type=["json"], key="upload")
    if upload is not None and st.button("Load the uploaded file", key="upload-load"):
        try:
            new = parse_upload(upload.getvalue(), upload.name)
        except InputError as exc:
            st.session_state[session.PROBLEMS] = exc.problems
            st.session_state[session.NOTICE] = None
        else:
            if session.replace(new, saved_name=None, keep_undo=True):
                st.session_state[session.NOTICE] = f"Loaded {upload.name}."
        st.rerun()


def main() -> None:
    st.title("Saved positions")
    session.header()
    problems = st.session_state.pop(session.PROBLEMS, None)
    if problems:
        session.show_problems(problems, "Refused, the current position is unchanged:")
    session.show_messages()
    _examples()
    _saved()
    _files()


main()
