"""Mergers page: the two companies of a merger or acquisition (or one for a refinancing), their holdings in
editable tables, the option-share decisions, and the outcome: holdings before and after per holder, cash
changes, new price and par, director and the numbered step log (5.2, 7.5, 7.11.2, 7.14)."""

from __future__ import annotations

import json
from typing import Any

import polars as pl
import streamlit as st

from pages import session
from solver.errors import InputError, Problem
from solver.titles import registry
from solver.titles.g1862.draw.money import holdings_figure
from solver.titles.g1862.gamedata import load_game
from solver.titles.g1862.money import merge_preview, parse_scenario
from solver.titles.g1862.money.connection import merge_connection
from solver.titles.g1862.money.from_position import scenario_from_position
from solver.titles.g1862.money.merge import MergeOutcome
from solver.titles.g1862.money.scenario import marker_places
from solver.titles.g1862.position import Position
from solver.titles.g1862.trains import TrainType

SETTINGS = "merge_settings"  # name, returns, max markers, and the position's companies it was taken from
KIND, SURVIVOR, INITIATOR = "merge-kind", "merge-survivor", "merge-initiator"
KINDS = ["merger", "acquisition", "refinance"]
SOURCE = "merge-source"
FIRST, SECOND = "merge-pos-first", "merge-pos-second"
FROM_POSITION, FROM_EXAMPLE = "From the position", "Example scenario"
ALONE = "none (refinance it alone)"
PLACES = ("treasury", "pool", "ipo")
#: An option share no one has chosen for (5.2.4: then redeemed when affordable). A dash, not an empty cell: the
#: data grid draws an empty choice as "None".
NO_CHOICE = "—"
OPTION_CHOICES = [NO_CHOICE, "redeem", "relinquish"]
COMPANY_COLUMNS = {
    "id": pl.String,
    "price": pl.Int64,
    "par": pl.Int64,
    "chartered": pl.Boolean,
    "cash": pl.Int64,
    "trains": pl.String,
    "permits": pl.String,
    "markers": pl.String,
    "unused markers": pl.Int64,
    "home": pl.String,
    "director": pl.String,
    "operated": pl.Boolean,
}


#: The short fields shown in the Companies table, with widths (pixels) that fit a landscape tablet's page; each
#: company's trains, permits and markers are lists, shown below it in widgets that wrap (a table cell cut them
#: off, issue 14).
SHORT_FIELDS: dict[str, Any] = {
    "id": st.column_config.TextColumn(width=50),
    "price": st.column_config.NumberColumn(width=60),
    "par": st.column_config.NumberColumn(width=50),
    "chartered": st.column_config.CheckboxColumn(width=90),
    "cash": st.column_config.NumberColumn(width=60),
    "unused markers": st.column_config.NumberColumn("unused", width=75, help="Station markers on the charter (7.5.6)"),
    "home": st.column_config.TextColumn(width=60, help="Empty: the printed home"),
    "director": st.column_config.TextColumn(width=85),
    "operated": st.column_config.CheckboxColumn(width=85),
}
HOLDER_WIDTH, SHARES_WIDTH = 80, 55  # the Holdings and Option shares tables' columns


def _split(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").replace(";", ",").split(",") if t.strip()]


def tables_from_scenario(raw: dict[str, Any]) -> dict[str, pl.DataFrame]:
    """The editable tables (players, companies, holdings, choices) of a scenario file's contents."""
    players = pl.DataFrame(
        {"player": [p["name"] for p in raw["players"]], "cash": [int(p["cash"]) for p in raw["players"]]},
        schema={"player": pl.String, "cash": pl.Int64},
    )
    companies = pl.DataFrame(
        [
            {
                "id": c["id"],
                "price": c["price"],
                "par": c.get("par"),
                "chartered": c.get("chartered", True),
                "cash": c.get("cash", 0),
                "trains": ", ".join(c.get("trains", [])),
                "permits": ", ".join(c.get("permits", [])),
                "markers": ", ".join(c.get("markers", [])),
                "unused markers": c.get("unused_markers", 0),
                "home": c.get("home"),
                "director": c.get("director"),
                "operated": c.get("operated", False),
            }
            for c in raw["companies"]
        ],
        schema=COMPANY_COLUMNS,
    )
    holders = [p["name"] for p in raw["players"]] + list(PLACES)
    holdings: dict[str, list[Any]] = {"holder": holders}
    for c in raw["companies"]:
        holdings[c["id"]] = [int(c["holdings"].get(h, 0)) for h in holders]
    holding_table = pl.DataFrame(
        holdings, schema={"holder": pl.String, **{c["id"]: pl.Int64 for c in raw["companies"]}}
    )
    choosers = [p["name"] for p in raw["players"]] + [raw["survivor"]]
    choices = pl.DataFrame(
        {"holder": choosers, "option share": [raw.get("choices", {}).get(h, NO_CHOICE) for h in choosers]},
        schema={"holder": pl.String, "option share": pl.String},
    )
    return {"players": players, "companies": companies, "holdings": holding_table, "choices": choices}


def scenario_from_tables(settings: dict[str, Any], tables: dict[str, pl.DataFrame]) -> dict[str, Any]:
    """The scenario file contents that the tables and settings describe (validated later by parse_scenario)."""
    players = [
        {"name": r["player"], "cash": int(r["cash"] or 0)}
        for r in tables["players"].iter_rows(named=True)
        if r["player"]
    ]
    holdings = tables["holdings"]
    companies = []
    for r in tables["companies"].iter_rows(named=True):
        cid = r["id"]
        if not cid:
            continue
        shares: dict[str, int] = {}
        if cid in holdings.columns:
            for h in holdings.iter_rows(named=True):
                if h["holder"] and h[cid]:
                    shares[h["holder"]] = int(h[cid])
        entry: dict[str, Any] = {
            "id": cid,
            "price": int(r["price"] or 0),
            "chartered": bool(r["chartered"]),
            "cash": int(r["cash"] or 0),
            "trains": _split(r["trains"]),
            "permits": _split(r["permits"]),
            "markers": _split(r["markers"]),
            "unused_markers": int(r["unused markers"] or 0),
            "holdings": shares,
            "operated": bool(r["operated"]),
        }
        if r["par"]:
            entry["par"] = int(r["par"])
        if r["director"]:
            entry["director"] = r["director"]
        if r.get("home"):  # empty: the printed home
            entry["home"] = r["home"].strip().upper()
        companies.append(entry)
    choices = {
        r["holder"]: r["option share"]
        for r in tables["choices"].iter_rows(named=True)
        if r["holder"] and r["option share"] in ("redeem", "relinquish")
    }
    return {
        "game": "1862",
        "kind": settings["kind"],
        "initiator": settings["initiator"],
        "survivor": settings["survivor"],
        "players": players,
        "companies": companies,
        "choices": choices,
        "returns": settings["returns"],
        "max_markers": settings["max_markers"],
    }


def _load(raw: dict[str, Any], pair: tuple[str, str | None] | None = None) -> None:
    """Fill the tables and the kind, survivor and initiator from a scenario (a file's contents or one taken
    from the position: then `pair` names its companies, to check their connection against the board)."""
    st.session_state[SETTINGS] = {
        "name": raw.get("name", ""),
        "returns": raw.get("returns", "in_turn"),
        "max_markers": raw.get("max_markers", 7),
        "pair": pair,
    }
    st.session_state[KIND] = raw["kind"]
    st.session_state[SURVIVOR] = raw["survivor"]
    st.session_state[INITIATOR] = raw["initiator"]
    for name, table in tables_from_scenario(raw).items():
        session.reset_table(f"merge-{name}", table)


def _first_example() -> dict[str, Any]:
    examples = session.merge_examples()
    path = examples.get("merge-5.2.6-example1") or next(iter(examples.values()))
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def choices_for(players: list[str], survivor: str, old: pl.DataFrame) -> pl.DataFrame:
    """The option-share table for these players and this surviving company (5.2.4: each player and the
    surviving company's treasury choose), keeping the choices already made by the same holders."""
    made = dict(zip(old["holder"].to_list(), old["option share"].to_list(), strict=True)) if old.height else {}
    holders = [*players, survivor]
    return pl.DataFrame(
        {"holder": holders, "option share": [made.get(h) or NO_CHOICE for h in holders]},
        schema={"holder": pl.String, "option share": pl.String},
    )


def _company_lists(companies: pl.DataFrame) -> None:
    """Each company's trains, permits and station markers, one box per company beside each other, in widgets
    that show every value whole; a change is written into the Companies table, which holds them."""
    rows = list(companies.iter_rows(named=True))
    shown = [i for i, r in enumerate(rows) if r["id"]]
    if not shown:
        return
    version = st.session_state.get("table-version:merge-companies", 0)
    game = load_game()
    places = marker_places()
    permit_names = [t.value for t in TrainType]
    edited = [dict(r) for r in rows]
    with st.container(key="merge-company-lists"):
        for column, i in zip(st.columns(max(2, len(shown))), shown, strict=False):
            row, key = rows[i], f"merge-{i}-{version}"
            with column.container(border=True):
                st.markdown(f"**{row['id']}**: trains, permits and station markers")
                trains = st.text_input("Trains (e.g. 3F, 4/5L, 2/3E)", ", ".join(_split(row["trains"])), key=f"{key}-t")
                held = _split(row["permits"])
                permits = st.multiselect("Permits (6.5.4.3)", _with(permit_names, held), default=held, key=f"{key}-p")
                markers = _split(row["markers"])
                spots = st.multiselect(
                    "Station markers (7.7)",
                    _with(places, markers),
                    default=markers,
                    format_func=lambda h: f"{h} {game.towns[h].name}" if h in game.towns else h,
                    key=f"{key}-m",
                )
            edited[i].update(trains=", ".join(_split(trains)), permits=", ".join(permits), markers=", ".join(spots))
    if edited != rows:
        session.reset_table("merge-companies", pl.DataFrame(edited, schema=companies.schema))
        st.rerun()


def _with(options: list[str], values: list[str]) -> list[str]:
    """A widget's options and any values not among them (a scenario file's typo stays visible, and is
    refused by the preview with its rule)."""
    return [*options, *(v for v in values if v not in options)]


def _loader(pos: Position) -> None:
    """Where the merger comes from: an example scenario file, or two companies of the position."""
    if SOURCE not in st.session_state:  # what the tables hold: the first visit shows rulebook example 1
        st.session_state[SOURCE] = FROM_POSITION if st.session_state[SETTINGS].get("pair") else FROM_EXAMPLE
    source = st.segmented_control("Start from", [FROM_POSITION, FROM_EXAMPLE], key=SOURCE, required=True)
    if source == FROM_POSITION:
        companies = list(pos.companies)
        c1, c2, c3 = st.columns([2, 2, 2], vertical_alignment="bottom")
        first = c1.selectbox("Operating company (survives)", companies, key=FIRST)
        others = [ALONE, *(c for c in companies if c != first)]
        if st.session_state.get(SECOND) not in others:
            st.session_state[SECOND] = others[min(1, len(others) - 1)]
        second = c2.selectbox("Merges with", others, key=SECOND)
        if c3.button("Take these companies from the position", key="merge-from-position") and first:
            other = None if second == ALONE else second
            try:
                _load(scenario_from_position(pos, first, other), (first, other))
            except InputError as exc:
                st.session_state[session.PROBLEMS] = exc.problems
            st.rerun()
        return
    examples = session.merge_examples()
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    pick = c1.selectbox("Example scenario", list(examples), key="merge-example")
    if c2.button("Load example", key="merge-load") and pick:
        _load(json.loads(examples[pick].read_text(encoding="utf-8")))
        st.rerun()


def _connected(pos: Position, settings: dict[str, Any], kind: str) -> bool:
    """For companies taken from the position: whether track joins them (7.5.2; an acquisition is resolved
    as a merger, 7.14), said on the page. Scenario files carry no board, so they are not checked."""
    pair = settings.get("pair")
    if not pair or pair[1] is None or kind == "refinance":
        return True
    first, second = pair
    try:
        found = merge_connection(pos, first, second)
    except InputError as exc:
        session.show_problems(exc.problems, "The board has changed since these companies were taken:")
        return False
    if found.connected:
        st.success(f"{first} and {second} are connected: {found.reason}")
        return True
    st.error(f"{first} and {second} cannot merge: {found.reason}")
    return False


def _choose(value_key: str, options: list[str]) -> None:
    """Keep a selectbox's value among its options (the tables may have changed under it)."""
    if options and st.session_state.get(value_key) not in options:
        st.session_state[value_key] = options[0]


def _outcome(outcome: MergeOutcome) -> None:
    """The preview: director, price and par on top; holdings, cash and possessions beside the step log."""
    st.subheader(f"After the {outcome.kind}")
    c1, c2, c3 = st.columns(3)
    c1.metric("Director", outcome.director or "none (receivership)")
    c2.metric("New share price", f"£{outcome.new_price}")
    c3.metric(f"New par ({outcome.par_area})", f"£{outcome.new_par}")
    st.markdown(f"**Director of {outcome.survivor} after the {outcome.kind}: {outcome.director or 'none'}**")
    st.caption(f"Share price (7.5.3): {outcome.price_working}")
    left, right = st.columns(2, gap="medium")
    with left:
        st.plotly_chart(
            holdings_figure(outcome.holdings_before, outcome.holdings_after, outcome.survivor),
            config={"displayModeBar": False},
            key="merge-holdings",
        )
        cash = pl.DataFrame(
            {
                "who": list(outcome.cash_changes),
                "before": [outcome.cash_before.get(k, 0) for k in outcome.cash_changes],
                "change": list(outcome.cash_changes.values()),
                "after": [outcome.cash_after.get(k, 0) for k in outcome.cash_changes],
            },
            schema={"who": pl.String, "before": pl.Int64, "change": pl.Int64, "after": pl.Int64},
        )
        st.markdown("**Cash**")
        st.dataframe(cash, hide_index=True, width="stretch")
        p = outcome.possessions
        st.markdown(
            f"**{outcome.survivor} after**: £{p.cash} treasury, trains {', '.join(p.trains) or 'none'}, permits "
            f"{', '.join(p.permits) or 'none'}, markers {', '.join(p.markers) or 'none'}"
            + (f" (lost: {', '.join(p.markers_lost)})" if p.markers_lost else "")
        )
    with right:
        st.markdown("**Steps**")
        with st.container(key="merge-steps"):
            st.markdown("\n".join(f"{s.n}. **{s.actor}**: {s.text} ({s.rule})" for s in outcome.steps))
        for note in outcome.notes:
            st.caption(note)
        for warning in outcome.warnings:
            st.warning(warning)


def _stored(name: str) -> pl.DataFrame:
    table = st.session_state.get(f"table:merge-{name}")
    return table if isinstance(table, pl.DataFrame) else pl.DataFrame()


#: The page of a title whose money rules are not 1862's mergers (its registry entry names the page in `money_pages`).
TITLE_PAGES = {"1860": "pages.nationalisation_1860", "18bf": "pages.merger_round_18bf"}


def main() -> None:
    if not session.shared_page_top("Mergers", registry.MERGERS, TITLE_PAGES):
        return
    pos = session.position()
    if SETTINGS not in st.session_state:
        _load(_first_example())
    problems = st.session_state.pop(session.PROBLEMS, None)
    if problems:
        session.show_problems(problems, "These companies cannot be taken from the position:")
    _loader(pos)
    settings: dict[str, Any] = st.session_state[SETTINGS]
    if settings.get("name"):
        st.caption(settings["name"])

    # Kind, survivor and initiator first: the option-share table below depends on the survivor.
    stored_players, stored_companies = _stored("players"), _stored("companies")
    names = [n for n in stored_players["player"].to_list() if n] if "player" in stored_players.columns else []
    ids = [c for c in stored_companies["id"].to_list() if c] if "id" in stored_companies.columns else []
    _choose(SURVIVOR, ids)
    _choose(INITIATOR, names)
    k1, k2, k3 = st.columns(3)
    kind = k1.selectbox("Kind", KINDS, key=KIND)
    survivor = k2.selectbox("Surviving company", ids, key=SURVIVOR)
    initiator = k3.selectbox("Initiating director", names, key=INITIATOR)
    old_choices = _stored("choices")
    if survivor and (not old_choices.height or old_choices["holder"].to_list() != [*names, survivor]):
        session.reset_table("merge-choices", choices_for(names, survivor, old_choices))
    settings.update(kind=kind, survivor=survivor, initiator=initiator)

    st.markdown("**Companies** (the survivor and the other; one row for a refinancing)")
    companies = session.editable_table(
        "merge-companies",
        pl.DataFrame(),
        num_rows="dynamic",
        hide_index=True,
        column_config=SHORT_FIELDS,
        column_order=list(SHORT_FIELDS),
    )
    _company_lists(companies)
    c1, c2, c3 = st.columns([1, 1.22, 1.14], gap="medium")
    with c1:
        st.markdown("**Players** (clockwise)")
        players = session.editable_table(
            "merge-players",
            pl.DataFrame(),
            num_rows="dynamic",
            hide_index=True,
            column_config={
                "player": st.column_config.TextColumn(width=HOLDER_WIDTH),
                "cash": st.column_config.NumberColumn(width=65),
            },
        )
    with c2:
        st.markdown("**Holdings** (10 shares per company)")
        holdings = session.editable_table(
            "merge-holdings",
            pl.DataFrame(),
            num_rows="dynamic",
            hide_index=True,
            column_config={
                "holder": st.column_config.TextColumn(width=HOLDER_WIDTH),
                **{c: st.column_config.NumberColumn(width=SHARES_WIDTH) for c in ids},
            },
        )
    with c3:
        st.markdown(f"**Option shares** (5.2.4; {NO_CHOICE}: redeem when affordable)")
        choices = session.editable_table(
            "merge-choices",
            pl.DataFrame(),
            hide_index=True,
            column_config={
                "holder": st.column_config.TextColumn(width=HOLDER_WIDTH),
                "option share": st.column_config.SelectboxColumn(options=OPTION_CHOICES, required=True, width=100),
            },
        )
    if not _connected(pos, settings, str(kind)):
        return
    tables = {"players": players, "companies": companies, "holdings": holdings, "choices": choices}
    raw = scenario_from_tables(settings, tables)
    try:
        outcome = merge_preview(parse_scenario(raw))
    except InputError as exc:
        session.show_problems(exc.problems, "This merge cannot be previewed:")
        return
    except (KeyError, ValueError, TypeError) as exc:
        session.show_problems([Problem("scenario", "format", str(exc))], "This merge cannot be previewed:")
        return
    _outcome(outcome)


main()
