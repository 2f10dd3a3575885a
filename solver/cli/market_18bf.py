"""18BF's answers to ``python -m solver market ...`` (docs/money-18bf.md, "Command line"): `dividend` and `sell`
with `--position FILE` of an 18BF position, and 18BF's own actions `loans` (the end of a company's turn), `start`
(start prices) and `endgame` (each player's worth). Each prints its step log, every line with its section of rules
v0.19, or with `--json` the preview's fields; bad input is an InputError naming the flag, company or field and the
section (exit code 2)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from solver.any_position import load_any_position
from solver.cli.common import print_json
from solver.core.board_position import BoardPosition
from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.jsonfile import read_json_file
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.dividend import Choice, dividend_options, dividend_preview
from solver.titles.g18bf.money.loans import end_of_turn_preview
from solver.titles.g18bf.money.position import check_money, company_money, needs_price, seats
from solver.titles.g18bf.money.sale import sale_preview
from solver.titles.g18bf.money.start import StartOutcome, minor_start, public_start
from solver.titles.g18bf.money.value import game_end_preview

TITLE = "18bf"
#: Flags of the other titles' dividend and sale previews that have no rule in 18BF, and why.
NOT_IN_18BF = {
    "hudson": "18BF has no Hudson Manoeuvre",
    "subsidy": "18BF has no subsidy",
    "treasury_sale": "18BF companies do not sell their own shares (§9.1)",
    "lner": "18BF has no LNER",
    "no_train": "18BF shares sell at the current price with or without a train (§9.1)",
    "full_price_variant": "not a rule of 18BF",
    "after_8": "not a rule of 18BF",
}


def wants_18bf(args: argparse.Namespace) -> bool:
    """Whether `--position` names an 18BF position file."""
    path = getattr(args, "position", None)
    if path is None:
        return False
    data = read_json_file(path, "position")
    return isinstance(data, dict) and data.get("game") == TITLE


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser], add_json: Any) -> None:
    """18BF's own actions of `market`: loans, start and endgame."""
    dividend = actions.choices["dividend"]
    dividend.add_argument("--half", action="store_true", help="18BF: pay half, rounded up to £10 (§10.7)")
    loans = actions.add_parser("loans", help="18BF: interest, redemption and the forced train at a turn's end (§10.8)")
    loans.add_argument("position", help="an 18BF position file with its money (docs/money-18bf.md)")
    loans.add_argument("--company", required=True)
    loans.add_argument("--cheapest-train", type=int, help="the cheapest train the Bank offers (when it has none)")
    loans.add_argument("--withheld", action="store_true", help="it kept its earnings or earned nothing (§10.7)")
    add_json(loans)
    loans.set_defaults(run=run_loans)
    start = actions.add_parser("start", help="18BF: a minor's price from its bid (§9.2), a public's par cost (§9.3)")
    start.add_argument("--bid", type=int, help="the winning bid for a minor")
    start.add_argument("--par", type=int, help="the par of a public started in a Stock Round")
    start.add_argument("--phase", default="4", help="the phase (a public starts from phase 4)")
    add_json(start)
    start.set_defaults(run=run_start)
    end = actions.add_parser("endgame", help="18BF: each player's worth at the end of the game (§13)")
    end.add_argument("position", help="an 18BF position file with its money")
    add_json(end)
    end.set_defaults(run=run_endgame)


def _position(path: str) -> BoardPosition:
    position = load_any_position(path)
    if not isinstance(position, BoardPosition) or position.board.title != TITLE:
        raise InputError([Problem(path, "format", 'this preview reads an 18BF position ("game": "18bf")')])
    check_money(position)
    return position


def _company(args: argparse.Namespace) -> str:
    if not getattr(args, "company", None):
        raise InputError([Problem("--company", "format", "give the company of the position to preview")])
    return str(args.company)


def _refuse_flags(args: argparse.Namespace) -> None:
    problems = [
        Problem(f"--{k.replace('_', '-')}", "not a rule of 18BF", why)
        for k, why in NOT_IN_18BF.items()
        if getattr(args, k, False)
    ]
    if problems:
        raise InputError(problems)


def _print(steps: Sequence[Step], payload: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print_json({"ok": True, **payload})
    else:
        for step in steps:
            print(step)
    return 0


def run_dividend(args: argparse.Namespace) -> int:
    _refuse_flags(args)
    position = _position(args.position)
    money = company_money(position, _company(args))
    kwargs: dict[str, Any] = {
        "holdings": money.holdings,
        "owner": money.director or "owner",
        "company": money.company,
        "phase": position.phase,
        "stacks": position.market,
    }
    price = needs_price(money)
    if args.withhold and args.half:
        raise InputError([Problem("--half", rulebook.PUBLIC_DIVIDEND, "choose one of --half and --withhold")])
    if args.withhold or args.half or money.kind == "minor":
        choice: Choice = "withhold" if args.withhold else "half" if args.half else "full"
        out = dividend_preview(money.kind, price, args.revenue, choice=choice, **kwargs)
        return _print(out.steps, out.to_dict(), args.json)
    options = dividend_options(money.kind, price, args.revenue, **kwargs)
    if args.json:
        print_json({"ok": True, "options": {c: o.to_dict() for c, o in options.items()}})
        return 0
    for choice, out in options.items():
        print(f"{choice}:")
        for step in out.steps:
            print(f"  {step}")
    return 0


def run_sell(args: argparse.Namespace) -> int:
    _refuse_flags(args)
    position = _position(args.position)
    money = company_money(position, _company(args))
    if not args.seller:
        raise InputError([Problem("--seller", rulebook.SALE, "give the player selling")])
    out = sale_preview(
        money.kind,
        needs_price(money),
        args.seller,
        args.shares,
        holdings=money.holdings,
        director=money.director or "",
        seats=seats(position),
        operated=money.operated,
        company=money.company,
    )
    return _print(out.steps, out.to_dict(), args.json)


def run_loans(args: argparse.Namespace) -> int:
    position = _position(args.position)
    money = company_money(position, _company(args))
    out = end_of_turn_preview(
        money.kind,
        needs_price(money),
        money.cash,
        money.loans,
        trains=len(money.trains),
        cheapest_train=args.cheapest_train,
        withheld=args.withheld,
        company=money.company,
        phase=position.phase,
    )
    return _print(out.steps, out.to_dict(), args.json)


def run_start(args: argparse.Namespace) -> int:
    if (args.bid is None) == (args.par is None):
        raise InputError(
            [Problem("--bid", rulebook.MINOR_START, "give --bid (a minor) or --par (a public), one of them")]
        )
    out: StartOutcome = minor_start(args.bid) if args.bid is not None else public_start(args.par, args.phase)
    return _print(out.steps, out.to_dict(), args.json)


def run_endgame(args: argparse.Namespace) -> int:
    out = game_end_preview(_position(args.position))
    if args.json:
        print_json({"ok": True, **out.to_dict()})
        return 0
    for step in out.steps:
        print(step)
    for player in sorted(out.players, key=lambda p: -p.total):
        parts = ", ".join(f"{what} {value}" for what, value in player.holdings)
        print(f"{player.player}: {player.total} (cash {player.cash}" + (f", {parts})" if parts else ")"))
    return 0
