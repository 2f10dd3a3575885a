"""1860's answers to ``python -m solver market ...`` (docs/money-1860.md, "Command line"): `dividend`, `sell` and
`order` with `--game 1860` or `--position FILE` (an 1860 position), and 1860's own actions `nationalise`,
`insolvency` and `value` on a position. Each prints its step log (every line with its rulebook line) or, with
`--json`, the preview's fields; bad input is an InputError naming the flag, company or field and the rule."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Sequence
from typing import Any

from solver.any_position import load_checked_position
from solver.cli.common import name_value_pairs, print_steps, refuse_flags
from solver.cli.solving import check_preview_time_limit, ctrl_c_stops, stopped_by_ctrl_c
from solver.core.board_data import load_board
from solver.core.board_position import BoardPosition
from solver.core.market import check_stacks, order_by_price
from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.errors import cited as cited_problem
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.dividend import dividend_preview
from solver.titles.g1860.money.insolvency import insolvency_preview
from solver.titles.g1860.money.market import market
from solver.titles.g1860.money.nationalisation import nationalisation_preview
from solver.titles.g1860.money.position import (
    check_money,
    company_money,
    needs_price,
    sales_move_prices,
    seats,
)
from solver.titles.g1860.money.sale import sale_preview
from solver.titles.g1860.money.value import player_values

TITLE = "1860"
PRIVATE_HELP = "a player's private companies at face value (RB L335), repeatable"
#: Flags of 1862's previews that have no rule in 1860, and why.
NOT_IN_1860 = {
    "hudson": "1860 has no Hudson Manoeuvre",
    "director": "in 1860 the red-letter zones count for every seller (RB L378); give --seller with --position",
    "treasury_sale": "1860 companies hold no shares of their own",
    "lner": "1860 has no LNER; give --after-8 (sales stop moving prices after the 8+4, RB L372)",
}


def cited(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """The command with every problem's rulebook line written at the end of its message, as 1862's section
    numbers are (the text output shows the message; the JSON output has the rule as a field too)."""

    @functools.wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except InputError as exc:
            raise InputError([cited_problem(p) for p in exc.problems]) from None

    return wrapped


def wants_1860(args: argparse.Namespace) -> bool:
    return getattr(args, "game", None) == TITLE or getattr(args, "position", None) is not None


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser], add_json: Any) -> None:
    """1860's own actions of `market`: nationalise, insolvency and value, each on an 1860 position."""
    nat = actions.add_parser(
        "nationalise", help="1860: which companies close each round of British Rail (RB L664-L685)"
    )
    nat.add_argument("position", help="an 1860 position file with its money (docs/money-1860.md)")
    nat.add_argument(
        "--revenue",
        action="append",
        default=[],
        metavar="COMPANY=R",
        help="a company's revenue instead of its best run",
    )
    nat.add_argument("--time-limit", type=float, default=30.0, help="seconds for each company's best run")
    nat.add_argument("--private", action="append", default=[], metavar="PLAYER=VALUE", help=PRIVATE_HELP)
    add_json(nat)
    nat.set_defaults(run=run_nationalise)

    ins = actions.add_parser("insolvency", help="1860: insolvency, the leased train and its run (RB L618-L640)")
    ins.add_argument("position", help="an 1860 position file with its money")
    ins.add_argument("--company", required=True)
    ins.add_argument("--leased", help="the train leased (default: the train of the position's phase, RB L610)")
    ins.add_argument("--time-limit", type=float, default=30.0, help="seconds for the leased train's best run")
    add_json(ins)
    ins.set_defaults(run=run_insolvency)

    val = actions.add_parser("value", help="1860: each player's assets at the end of the game (RB L332-L338)")
    val.add_argument("position", help="an 1860 position file with its money")
    val.add_argument("--private", action="append", default=[], metavar="PLAYER=VALUE", help=PRIVATE_HELP)
    add_json(val)
    val.set_defaults(run=run_value)


def add_flags(dividend: argparse.ArgumentParser, sell: argparse.ArgumentParser, order: argparse.ArgumentParser) -> None:
    """The flags 1860's dividend, sale and order previews add to 1862's."""
    for parser in (dividend, sell, order):
        parser.add_argument("--game", choices=("1862", TITLE), default="1862", help="the title (default 1862)")
    for parser in (dividend, sell):
        parser.add_argument("--position", help="1860: a position file giving the price, treasury and holdings")
        parser.add_argument("--company", help="1860: the company of --position")
    dividend.add_argument(
        "--state",
        choices=("solvent", "insolvent", "receivership", "nationalised"),
        default="solvent",
        help="1860: insolvent and receivership companies retain; nationalised ones pay",
    )
    sell.add_argument("--seller", help="1860: the player selling (with --position: the director after the sale)")
    sell.add_argument("--not-operated", action="store_true", help="1860: the company has not operated (RB L368)")
    sell.add_argument("--after-8", action="store_true", help="1860: the 8+4 has been bought (RB L372)")
    sell.add_argument(
        "--full-price-variant", action="store_true", help="1860 variant: full price before the first run (RB L745)"
    )


def _position(path: str) -> BoardPosition:
    """The 1860 position of `path`, checked as `validate` checks it (its board data and board rules: rule modes,
    tiles, bases, trains) and then its money: a preview never reads a position `validate` refuses."""
    position = load_checked_position(path)
    if not isinstance(position, BoardPosition) or position.board.title != TITLE:
        raise InputError([Problem(path, "format", 'this preview reads an 1860 position ("game": "1860")')])
    check_money(position)
    return position


def _company(position: BoardPosition, args: argparse.Namespace) -> str:
    if not args.company:
        raise InputError([Problem("--company", "format", "give the company of the position to preview")])
    known = list(position.companies)
    match = [c for c in known if c.casefold() == args.company.casefold()]
    if not match:
        raise InputError(
            [Problem(f"company {args.company}", rulebook.MARKET, f"not a company of the position ({', '.join(known)})")]
        )
    return match[0]


def _pairs(items: Sequence[str], flag: str) -> dict[str, int]:
    """`NAME=NUMBER` flags summed by name."""
    pairs: dict[str, int] = {}
    for name, value in name_value_pairs(items, flag):
        pairs[name] = pairs.get(name, 0) + value
    return pairs


def _privates(position: BoardPosition, items: Sequence[str]) -> dict[str, int]:
    privates = _pairs(items, "--private")
    names = seats(position)
    problems = [
        Problem(f"--private {name}", rulebook.ASSETS, f"not a player of the position ({', '.join(names)})")
        for name in privates
        if name not in names
    ]
    problems += [
        Problem(f"--private {name}", rulebook.ASSETS, f"a face value cannot be negative ({value})")
        for name, value in privates.items()
        if value < 0
    ]
    if problems:
        raise InputError(problems)
    return privates


def required_revenue(args: argparse.Namespace) -> int:
    """The revenue `--revenue` gives to a dividend preview (1862's and 1860's); InputError naming the flag without."""
    if args.revenue is None:
        raise InputError([Problem("--revenue", "format", "give the revenue run with --revenue")])
    return int(args.revenue)


@cited
def run_dividend(args: argparse.Namespace) -> int:
    refuse_flags(args, NOT_IN_1860, "1860")
    holdings = _pairs(args.holding, "--holding")
    price, treasury, stacks, company = args.price, args.treasury, None, ""
    if args.position:
        position = _position(args.position)
        company = _company(position, args)
        money = company_money(position, company)
        price = needs_price(money) if args.price is None else args.price
        treasury = money.cash if not args.treasury else args.treasury
        holdings = holdings or money.holdings
        stacks = position.market
    if price is None:
        raise InputError([Problem("--price", "format", "give --price, or --position and --company")])
    out = dividend_preview(
        price,
        required_revenue(args),
        pay=not args.withhold,
        subsidy=args.subsidy,
        treasury=treasury,
        holdings=holdings,
        company=company,
        stacks=stacks,
        state=args.state,
    )
    return print_steps(out.steps, out.to_dict(), args.json)


@cited
def run_sell(args: argparse.Namespace) -> int:
    refuse_flags(args, NOT_IN_1860, "1860")
    price = args.price
    extra: dict[str, Any] = {}
    has_train, operated, after_8 = not args.no_train, not (args.not_operated or args.not_floated), args.after_8
    if args.position:
        position = _position(args.position)
        company = _company(position, args)
        money = company_money(position, company)
        price = needs_price(money) if args.price is None else args.price
        has_train, operated = money.has_train and not args.no_train, money.operated and operated
        after_8 = after_8 or not sales_move_prices(position.phase)
        if args.seller:
            extra = {
                "seller": args.seller,
                "holdings": money.holdings,
                "director": money.director,
                "seats": seats(position),
            }
    if price is None:
        raise InputError([Problem("--price", "format", "give --price, or --position and --company")])
    out = sale_preview(
        price,
        args.shares,
        has_train=has_train,
        operated=operated,
        after_8_train=after_8,
        full_price_variant=args.full_price_variant,
        **extra,
    )
    return print_steps(out.steps, out.to_dict(), args.json)


@cited
def run_order(args: argparse.Namespace) -> int:
    known = list(load_board(TITLE).companies)
    stacks: dict[int, list[str]] = {}
    for name, price in _pairs(args.companies, "company").items():
        match = [c for c in known if c.casefold() == name.casefold()]
        if not match:
            raise InputError(
                [Problem(f"company {name}", rulebook.OPERATING_ORDER, f"not an 1860 company ({', '.join(known)})")]
            )
        stacks.setdefault(price, []).append(match[0])
    order = order_by_price(check_stacks(market(), stacks, rulebook.OPERATING_ORDER))
    steps = [Step(f"{i}. {c}", rulebook.OPERATING_ORDER) for i, c in enumerate(order, 1)]
    return print_steps(steps, {"order": order}, args.json)


@cited
def run_nationalise(args: argparse.Namespace) -> int:
    position = _position(args.position)
    revenues = {
        _company(position, argparse.Namespace(company=c)): r for c, r in _pairs(args.revenue, "--revenue").items()
    }
    privates = _privates(position, args.private)
    check_preview_time_limit(args.time_limit)
    with ctrl_c_stops() as stop:
        out = nationalisation_preview(
            position, revenues=revenues, time_limit=args.time_limit, stop=stop, privates=privates
        )
    steps = list(out.steps)
    if out.values:
        steps += [Step(f"{v.player}: {v.total}", rulebook.ASSETS) for v in out.values.players]
    return print_steps(steps, {**out.to_dict(), **stopped_by_ctrl_c(stop, args.json)}, args.json)


@cited
def run_insolvency(args: argparse.Namespace) -> int:
    position = _position(args.position)
    company = _company(position, args)
    check_preview_time_limit(args.time_limit)
    with ctrl_c_stops() as stop:
        out = insolvency_preview(position, company, leased=args.leased, time_limit=args.time_limit, stop=stop)
    return print_steps(out.steps, {**out.to_dict(), **stopped_by_ctrl_c(stop, args.json)}, args.json)


@cited
def run_value(args: argparse.Namespace) -> int:
    position = _position(args.position)
    out = player_values(position, privates=_privates(position, args.private))
    steps = [*out.steps, *(Step(f"{v.player}: {v.total}", rulebook.ASSETS) for v in out.players)]
    return print_steps(steps, out.to_dict(), args.json)
