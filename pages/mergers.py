"""Mergers page: the two companies of a merger or acquisition (or one for a refinancing), their holdings in
editable tables, the option-share decisions, and the outcome: holdings before and after per holder, cash
changes, new price and par, director and the numbered step log (5.2, 7.5, 7.11.2, 7.14)."""

from __future__ import annotations

import json
from typing import Any

import polars as pl
import streamlit as st

from pages import session
from solver.draw.money import holdings_figure
from solver.errors import InputError, Problem
from solver.money import merge_preview, parse_scenario
from solver.money.merge import MergeOutcome

SETTINGS = "merge_settings"  # kind, initiator, survivor, returns, max markers
PLACES = ("treasury", "pool", "ipo")
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
        {"holder": choosers, "option share": [raw.get("choices", {}).get(h, "") for h in choosers]},
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


def _load(raw: dict[str, Any]) -> None:
    st.session_state[SETTINGS] = {
        "name": raw.get("name", ""),
        "kind": raw["kind"],
        "initiator": raw["initiator"],
        "survivor": raw["survivor"],
        "returns": raw.get("returns", "in_turn"),
        "max_markers": raw.get("max_markers", 7),
    }
    for name, table in tables_from_scenario(raw).items():
        session.reset_table(f"merge-{name}", table)


def _first_example() -> dict[str, Any]:
    examples = session.merge_examples()
    path = examples.get("merge-5.2.6-example1") or next(iter(examples.values()))
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _outcome(outcome: MergeOutcome) -> None:
    c1, c2, c3 = st.columns(3)
    c1.metric("Director", outcome.director or "none (receivership)")
    c2.metric("New share price", f"£{outcome.new_price}")
    c3.metric(f"New par ({outcome.par_area})", f"£{outcome.new_par}")
    st.markdown(f"**Director of {outcome.survivor} after the {outcome.kind}: {outcome.director or 'none'}**")
    st.caption(f"Share price (7.5.3): {outcome.price_working}")
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
    st.markdown("**Steps**")
    st.code("\n".join(str(s) for s in outcome.steps), language=None)
    for note in outcome.notes:
        st.caption(note)
    for warning in outcome.warnings:
        st.warning(warning)


def main() -> None:
    st.title("Mergers")
    session.header()
    if SETTINGS not in st.session_state:
        _load(_first_example())
    examples = session.merge_examples()
    c1, c2 = st.columns([3, 1])
    pick = c1.selectbox("Example scenario", list(examples), key="merge-example")
    if c2.button("Load example", key="merge-load") and pick:
        _load(json.loads(examples[pick].read_text(encoding="utf-8")))
        st.rerun()
    settings: dict[str, Any] = st.session_state[SETTINGS]
    if settings.get("name"):
        st.caption(settings["name"])

    left, right = st.columns([1, 1], gap="medium")
    with left:
        st.markdown("**Players** (clockwise)")
        players = session.editable_table("merge-players", pl.DataFrame(), num_rows="dynamic", hide_index=True)
        names = [n for n in players["player"].to_list() if n] if "player" in players.columns else []
        st.markdown("**Companies** (the survivor and the other; one row for a refinancing)")
        companies = session.editable_table("merge-companies", pl.DataFrame(), num_rows="dynamic", hide_index=True)
        ids = [c for c in companies["id"].to_list() if c] if "id" in companies.columns else []
        st.markdown("**Holdings** (shares of each company; 10 per company)")
        holdings = session.editable_table("merge-holdings", pl.DataFrame(), num_rows="dynamic", hide_index=True)
        st.markdown("**Option shares** (5.2.4: redeem or relinquish; empty = redeem when affordable)")
        choices = session.editable_table(
            "merge-choices",
            pl.DataFrame(),
            hide_index=True,
            column_config={
                "option share": st.column_config.SelectboxColumn(options=["", "redeem", "relinquish"]),
            },
        )
        kinds = ["merger", "acquisition", "refinance"]
        k1, k2, k3 = st.columns(3)
        kind = k1.selectbox("Kind", kinds, index=kinds.index(settings["kind"]), key="merge-kind")
        survivor = k2.selectbox(
            "Surviving company",
            ids or [settings["survivor"]],
            index=(ids.index(settings["survivor"]) if settings["survivor"] in ids else 0),
            key="merge-survivor",
        )
        initiator = k3.selectbox(
            "Initiating director",
            names or [settings["initiator"]],
            index=(names.index(settings["initiator"]) if settings["initiator"] in names else 0),
            key="merge-initiator",
        )
        settings.update(kind=kind, survivor=survivor, initiator=initiator)
    with right:
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
