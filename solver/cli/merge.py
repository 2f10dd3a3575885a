"""``python -m solver merge SCENARIO``: preview a merger, acquisition or refinancing step by step (5.2)."""

from __future__ import annotations

import argparse

from solver.cli.common import add_json_flag, print_json
from solver.titles.g1862.money.merge import BANK, MergeOutcome, merge_preview
from solver.titles.g1862.money.scenario import load_scenario


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario JSON file (docs/scenario.schema.json, examples/*merge*.json)")
    parser.add_argument(
        "--simultaneous",
        action="store_true",
        help="all holders return half their shares first, as 5.2.4 step 1 allows (default: one holder at a time)",
    )
    add_json_flag(parser)
    parser.set_defaults(run=run)


def _money(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def render(outcome: MergeOutcome, title: str = "") -> str:
    """The outcome as text for the table: steps, final holdings, cash changes, price, par and director."""
    o = outcome
    lines = [title] if title else []
    lines.append(f"{o.kind.capitalize()}: {o.survivor}" + (f" survives, {o.other} leaves play" if o.other else ""))
    lines.append("")
    lines.append("Steps:")
    lines += [f"  {step}" for step in o.steps]
    lines.append("")
    lines.append(f"New price: {o.new_price} ({o.price_working})")
    lines.append(f"New par:   {o.new_par} ({o.par_area} area)")
    lines.append(f"Director:  {o.director or 'none, the company is in receivership (8.0)'}")
    lines.append("")
    lines.append(f"{o.survivor} shares before -> after:")
    before: dict[str, int] = {}
    for company in o.holdings_before.values():
        for holder, n in company.items():
            before[holder] = before.get(holder, 0) + n
    after = o.holdings_after[o.survivor]
    for holder in after:
        was = ", ".join(f"{n} {c}" for c, hs in o.holdings_before.items() if (n := hs.get(holder, 0)))
        lines.append(f"  {holder:<12} {was or '-':<20} -> {after[holder]}")
    lines.append("")
    lines.append("Cash changes:")
    for who, delta in o.cash_changes.items():
        if who != BANK:
            lines.append(f"  {who:<12} {_money(delta):>6}  (now {o.cash_after[who]})")
    lines.append(f"  {'bank':<12} {_money(o.cash_changes[BANK]):>6}")
    p = o.possessions
    lines.append("")
    lines.append(
        f"{o.survivor} now: treasury {p.cash}, trains {', '.join(p.trains) or 'none'}, permits "
        f"{', '.join(p.permits) or 'none'}, markers {', '.join(p.markers) or 'none'} (+{p.unused_markers} unused)"
    )
    lines += o.notes
    lines += [f"Warning: {w}" for w in o.warnings]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario)
    if args.simultaneous:
        from dataclasses import replace

        scenario = replace(scenario, returns="simultaneous")
    outcome = merge_preview(scenario)
    if args.json:
        print_json({"ok": True, "name": scenario.name, **outcome.to_dict()})
    else:
        print(render(outcome, scenario.name))
    return 0
