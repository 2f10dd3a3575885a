"""The app's current position and the tab's draft move together: a position that cannot be stored is never made
current, so a refresh can never lose what is on screen (issue 13, item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver.storage import PositionStore


def _replace_with_unstorable_name() -> None:
    """A page run: set the session up, then try to make current a position whose name holds a lone surrogate."""
    import dataclasses

    import streamlit as st

    from pages import session

    session.ensure()
    if st.button("replace"):
        broken = dataclasses.replace(session.position(), name="Broken \ud800")
        st.session_state["replaced"] = session.replace(broken)


def test_a_position_that_cannot_be_stored_is_not_made_current(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "positions.sqlite3"
    monkeypatch.setenv("RMS_DB_PATH", str(db))
    at = AppTest.from_function(_replace_with_unstorable_name, default_timeout=60)
    at.run()
    before = at.session_state["position"]
    token = at.session_state["tab_token"]
    store = PositionStore(db)
    draft_before = store.load_draft(token)
    at.button[0].click().run()
    assert not at.exception
    assert at.session_state["replaced"] is False
    assert at.session_state["position"] == before
    assert [p.where for p in at.session_state["edit_problems"]] == ["position name"]
    assert store.load_draft(token) == draft_before
