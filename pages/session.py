"""What every page shares: the position being edited (of any title), its undo stack, the tab's draft, and showing
problems.

State lives in `st.session_state` under a few keys (below). The position is also written, after every change,
as this tab's draft in the position database under a token kept in the page address (``?tab=...``), so a
browser refresh restores it. The first start of a new tab loads the late-game example.
"""

from __future__ import annotations

import importlib
import uuid
from collections.abc import Callable, Mapping
from enum import Enum
from pathlib import Path
from typing import Any

import polars as pl
import streamlit as st

from solver.any_position import AnyPosition, title_of
from solver.core.board_position import BoardPosition
from solver.errors import InputError, Problem, problem_text
from solver.storage import PositionStore, position_json
from solver.titles import registry
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position
from solver.titles.registry import Title

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FIRST_EXAMPLE = EXAMPLES / "position-late-game.json"
UNDO_LIMIT = 50

POSITION = "position"  # the current position: a Position of 1862 or a BoardPosition of another title
UNDO = "undo"  # earlier positions, newest last
SAVED_NAME = "saved_name"  # the saved position this one came from, if any
TOKEN = "tab_token"  # this tab's draft token
PROBLEMS = "edit_problems"  # problems of the last refused edit, shown once
NOTICE = "notice"  # a success message shown once


def store() -> PositionStore:
    """The position database (path from $RMS_DB_PATH or the user data folder)."""
    return PositionStore()


def examples() -> dict[str, Path]:
    """The example positions shipped in examples/ (position-*.json), by file name."""
    return {p.stem: p for p in sorted(EXAMPLES.glob("position-*.json"))}


def merge_examples() -> dict[str, Path]:
    """The example merge scenarios shipped in examples/ (merge-*.json), by file name."""
    return {p.stem: p for p in sorted(EXAMPLES.glob("merge-*.json"))}


#: Widget keys whose values must survive a switch to another page and back (Streamlit forgets the state of
#: widgets not drawn in a run unless the key is written again, which `ensure` does on every run).
PERSISTENT_WIDGETS = (
    "board_hex_widget",
    "board_tab",
    "board_click_mode",
    "board_marker_company",
    "board_quick_entry",
    "co-pick",
    "routes_company",
    "routes_draw_train",
    "routes_mode",
    "routes_map_size",
    "routes_core_mode",
    "core-objective",
    "routes_setting_mode",
    "routes_setting_nationalisation",
    "merge-example",
    "merge-source",
    "merge-pos-first",
    "merge-pos-second",
    "merge-kind",
    "merge-survivor",
    "merge-initiator",
    "market-preview",
    "sale-company",
    "sale-shares",
    "sale-director",
    "div-company",
    "div-pay",
    "div-hudson",
    "mp-a",
    "mp-b",
    "example-pick",
)


def through_app() -> None:
    """Run this page through app.py. A page opened by its own address (a bookmark, a refresh) as the first page
    of a new server process is run by Streamlit as an old-style page of the `pages/` folder, without app.py's
    set-up and navigation (`PagesManager.uses_pages_directory` stays true until `st.navigation` first runs);
    this turns that mode off and reruns, so app.py runs and opens the page asked for."""
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        if POSITION not in st.session_state:  # a new session: nothing of it (a click, a form) is lost by a rerun
            st.rerun()


def ensure() -> None:
    """Set up this session once: restore the tab's draft after a refresh, else load the late-game example.
    On every run, keep the registered widget values across page switches."""
    for key in PERSISTENT_WIDGETS:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
    token = st.query_params.get("tab")
    if POSITION in st.session_state:
        if token != st.session_state[TOKEN]:
            st.query_params["tab"] = st.session_state[TOKEN]
        return
    draft = None
    if token:
        try:
            draft = store().load_draft(token)
        except InputError:
            draft = None
    else:
        token = uuid.uuid4().hex[:16]
    st.session_state[TOKEN] = token
    st.query_params["tab"] = token
    st.session_state[UNDO] = []
    if draft is not None:
        st.session_state[POSITION], st.session_state[SAVED_NAME] = draft
    else:
        st.session_state[POSITION] = load_position(FIRST_EXAMPLE)
        st.session_state[SAVED_NAME] = None


def current() -> AnyPosition:
    """The position being worked on, of any title."""
    value = st.session_state[POSITION]
    assert isinstance(value, Position | BoardPosition)
    return value


def title() -> Title:
    """The title of the position being worked on (solver.titles.registry): what the pages show for it."""
    return registry.title(title_of(current()))


def position() -> Position:
    """The position being worked on, on a page built for 1862's positions (after `require`: the title's
    descriptor lists the page only where its positions are 1862's)."""
    value = current()
    assert isinstance(value, Position)
    return value


def require(page: str) -> None:
    """The guard at the top of a page that works with some titles only: for a position of a title whose descriptor
    does not list the page (solver.titles.registry), say plainly that the page is not available for it yet and
    end this run of the page."""
    here = title()
    if here.has_page(page):
        return
    st.title(page)
    header()
    served = " and ".join(t.short for t in registry.TITLES.values() if t.has_page(page))
    st.info(
        f"The {page} page is not available for {here.short} yet: it works with {served} positions only. "
        f"{here.short}'s rules come next. The Board page draws this {here.short} board; load or start a board of "
        f"{served} to use this page."
    )
    st.stop()


def title_page(modules: Mapping[str, str]) -> bool:
    """Run the current title's own module of a page (`modules`: title id -> module with `main()`), when it has one;
    returns whether it did. A page shared by titles calls this first and draws its own content otherwise."""
    module = modules.get(title().id)
    if module is None:
        return False
    importlib.import_module(module).main()
    return True


def shared_page_top(heading: str, page: str, modules: Mapping[str, str]) -> bool:
    """The top of a page shared by titles: run through app.py, then the current title's own module of the page
    when it has one (`title_page`; returns False, nothing more to draw), else the guard of `require(page)`, the
    narrow margins, the `heading` and the position's header (returns True: the page draws its own content)."""
    through_app()
    if title_page(modules):
        return False
    require(page)
    narrow_margins()
    st.title(heading)
    header()
    return True


def _write_draft() -> None:
    try:
        store().save_draft(st.session_state[TOKEN], current(), st.session_state.get(SAVED_NAME))
    except InputError as exc:
        st.session_state[PROBLEMS] = exc.problems


class _Keep(Enum):
    NAME = "keep"


#: `replace(..., saved_name=KEEP_NAME)`: an edit of the current position keeps the name it was saved under.
KEEP_NAME = _Keep.NAME


def replace(new: AnyPosition, saved_name: str | _Keep | None = KEEP_NAME, keep_undo: bool = True) -> bool:
    """Make `new` the current position (pushing the old one on the undo stack) and write the tab's draft.

    `saved_name` is the saved position `new` now corresponds to: KEEP_NAME for an edit of the current one, the
    row's name when a saved position is loaded, and None for anything else that is loaded (an example, an
    upload, a new board, an imported game), so that a later save never targets the position loaded before.

    A position that cannot be stored is refused whole (its problems kept to be shown, nothing changed), so the
    position on screen and the draft a refresh reads back never differ; returns whether `new` was made current."""
    try:
        position_json(new)
    except InputError as exc:
        st.session_state[PROBLEMS] = exc.problems
        return False
    if keep_undo:
        stack: list[AnyPosition] = st.session_state[UNDO]
        stack.append(current())
        del stack[:-UNDO_LIMIT]
    else:
        st.session_state[UNDO] = []
    st.session_state[POSITION] = new
    if saved_name is not KEEP_NAME:
        st.session_state[SAVED_NAME] = saved_name
    _write_draft()
    return True


def open_position(new: AnyPosition, company: str | None, origin: str) -> None:
    """Make a position from elsewhere (a moment of an imported game) the current one, under no saved name
    (Undo steps back), with `company` chosen on the Routes page."""
    st.session_state[SAVED_NAME] = None
    replace(new)
    if company is not None:
        st.session_state["routes_company"] = company
    st.session_state[NOTICE] = f"Opened {origin}: {new.name}"


def apply(edit: Callable[[Position], Position], success: str = "") -> bool:
    """Run a board edit on the current position. On InputError nothing changes and the problems are kept to
    be shown; returns whether the edit was made."""
    return _apply(lambda: edit(position()), success)


def apply_board(edit: Callable[[BoardPosition], BoardPosition], success: str = "") -> bool:
    """`apply` for a position of a title on the core's positions (1860's board editor)."""

    def run() -> AnyPosition:
        value = current()
        assert isinstance(value, BoardPosition)
        return edit(value)

    return _apply(run, success)


def _apply(make: Callable[[], AnyPosition], success: str) -> bool:
    try:
        new = make()
    except InputError as exc:
        st.session_state[PROBLEMS] = exc.problems
        return False
    if not replace(new):
        return False
    st.session_state.pop(PROBLEMS, None)
    if success:
        st.session_state[NOTICE] = success
    return True


def start(make: Callable[[], AnyPosition], success: str) -> bool:
    """Make a new position (a new board, of any title) the current one, under no saved name (Undo steps back).
    On InputError nothing changes and the problems are kept to be shown; returns whether it was made."""
    try:
        new = make()
    except InputError as exc:
        st.session_state[PROBLEMS] = exc.problems
        return False
    st.session_state[SAVED_NAME] = None
    replace(new)
    st.session_state.pop(PROBLEMS, None)
    st.session_state[NOTICE] = success
    return True


def mark_saved(name: str | None) -> None:
    """Record that the current position is saved under `name` (or no longer saved)."""
    st.session_state[SAVED_NAME] = name
    _write_draft()


def undo() -> None:
    """Go back to the position before the last edit."""
    stack: list[AnyPosition] = st.session_state[UNDO]
    if stack:
        st.session_state[POSITION] = stack.pop()
        st.session_state.pop(PROBLEMS, None)
        _write_draft()


def show_messages() -> None:
    """Show (once) the rule problems of the last refused edit and the last success notice."""
    problems: list[Problem] | None = st.session_state.pop(PROBLEMS, None)
    if problems:
        show_problems(problems, "Refused, nothing was changed:")
    notice = st.session_state.pop(NOTICE, None)
    if notice:
        st.success(notice)


def show_problems(problems: list[Problem], heading: str) -> None:
    """An error box listing each problem with its place and rule."""
    st.error(heading + "\n" + "\n".join(f"- {problem_text(p)}" for p in problems))


#: Narrower page margins than Streamlit's wide layout (5rem a side), for the pages whose maps and tables need
#: the width of a 1280 px laptop.
NARROW_MARGINS = (
    "<style>.stMainBlockContainer { padding-left: 1.5rem; padding-right: 1.5rem; padding-top: 3rem; }</style>"
)


def narrow_margins() -> None:
    """Use the narrower page margins on this page."""
    st.html(NARROW_MARGINS)


def header() -> None:
    """The current position's title, name and phase (and 1862's game length, another title's map), shown at the
    top of every page."""
    pos = current()
    saved = st.session_state.get(SAVED_NAME)
    origin = f" · saved as **{saved}**" if saved else ""
    if isinstance(pos, Position):
        detail = f"{pos.variant.length} game"
    else:
        detail = f"{pos.board.map_variant.replace('_', '-')} map"
    st.caption(
        f"**{title().short}** · Position: **{pos.name or 'unnamed'}** · phase **{pos.phase}** · {detail}{origin}"
    )


def editable_table(name: str, initial: pl.DataFrame, **editor_args: Any) -> pl.DataFrame:
    """An editable table whose contents survive page switches: the edited table is kept in session state and
    the editor is drawn afresh from it after each change (so no edit is applied twice)."""
    data_key, version_key = f"table:{name}", f"table-version:{name}"
    if data_key not in st.session_state:
        st.session_state[data_key] = initial
        st.session_state[version_key] = 0
    base: pl.DataFrame = st.session_state[data_key]
    edited = st.data_editor(base, key=f"{name}-{st.session_state[version_key]}", **editor_args)
    if isinstance(edited, pl.DataFrame) and not edited.equals(base):
        st.session_state[data_key] = edited
        st.session_state[version_key] += 1
        st.rerun()
    return base


def reset_table(name: str, table: pl.DataFrame) -> None:
    """Replace the contents of an editable table (e.g. when an example is loaded)."""
    st.session_state[f"table:{name}"] = table
    st.session_state[f"table-version:{name}"] = st.session_state.get(f"table-version:{name}", 0) + 1
