"""``python -m solver market ...``: stock market previews.

market dividend --price P --revenue R [--withhold] [--treasury T] [--subsidy S] [--hudson]
                [--holding NAME=N ...]                                    (7.8.5, 7.8.6)
market sell --price P --shares N [--director] [--no-train] [--treasury-sale] [--not-floated] [--lner]
                                                                          (6.4.1, 6.4.2, 7.11.1, 10.3)
market order COMPANY=PRICE ...       operating order, each space's stack listed top first (7.1)
market newprice P1 P2 [--no-train-1] [--no-train-2]                      (7.5.3, 7.5.4)

1860 (docs/money-1860.md): dividend, sell and order with --game 1860 or --position FILE --company C, and
market nationalise|insolvency|value POSITION (solver.cli.market_1860).
18BF (docs/money-18bf.md): dividend and sell with --position FILE --company C of an 18BF position, and
market loans|endgame POSITION, market start --bid B | --par P (solver.cli.market_18bf).
"""

from __future__ import annotations

import argparse

from solver.cli import market_18bf as g18bf
from solver.cli import market_1860 as g1860
from solver.cli.common import add_json_flag, canonical_company, name_value_pairs, print_json
from solver.errors import InputError, Problem
from solver.titles.g1862.gamedata import load_game
from solver.titles.g1862.money.dividend import dividend_preview
from solver.titles.g1862.money.market import get_market, new_share_price, operating_order
from solver.titles.g1862.money.sale import sale_preview


def register(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")

    div = actions.add_parser("dividend", help="where a dividend (or withholding) moves the price (7.8.5, 7.8.6)")
    div.add_argument("--price", type=int, help="current share price")
    div.add_argument("--revenue", type=int, help="revenue run (0 = nothing paid out)")
    div.add_argument("--withhold", action="store_true", help="withhold the revenue instead of paying it")
    div.add_argument("--treasury", type=int, default=0, help="company treasury before the run")
    div.add_argument("--subsidy", type=int, default=0, help="Local train subsidy earned this turn (7.8.2)")
    div.add_argument("--hudson", action="store_true", help="use the George Hudson Manoeuvre (7.8.6)")
    div.add_argument(
        "--holding",
        action="append",
        default=[],
        metavar="NAME=N",
        help="a holder's shares for the payouts; 'treasury' = company's own, 'pool' = Bank Pool (repeatable)",
    )
    add_json_flag(div)
    div.set_defaults(run=run_dividend)

    sell = actions.add_parser("sell", help="price per share and price moves for a block sold (6.4)")
    sell.add_argument("--price", type=int, help="current share price")
    sell.add_argument("--shares", type=int, required=True, help="shares sold in the block")
    sell.add_argument("--director", action="store_true", help="the seller is the director (no zone exemption)")
    sell.add_argument("--no-train", action="store_true", help="the company owns no train: half price (6.4.1)")
    sell.add_argument(
        "--treasury-sale", action="store_true", help="the company sells its own shares for a train (7.11.1)"
    )
    sell.add_argument("--not-floated", action="store_true", help="the company has not floated (no price move)")
    sell.add_argument("--lner", action="store_true", help="the LNER has formed (no price move, 10.3)")
    add_json_flag(sell)
    sell.set_defaults(run=run_sell)

    order = actions.add_parser("order", help="operating order by price and stack position (7.1)")
    order.add_argument(
        "companies", nargs="+", metavar="COMPANY=PRICE", help="companies on each space listed top of the stack first"
    )
    add_json_flag(order)
    order.set_defaults(run=run_order)

    newp = actions.add_parser("newprice", help="share price and par after a merger (7.5.3, 7.5.4)")
    newp.add_argument("price1", type=int)
    newp.add_argument("price2", type=int)
    newp.add_argument("--no-train-1", action="store_true", help="the first company has no train")
    newp.add_argument("--no-train-2", action="store_true", help="the second company has no train")
    add_json_flag(newp)
    newp.set_defaults(run=run_newprice)

    g1860.add_flags(div, sell, order)
    g1860.register(actions, add_json_flag)
    g18bf.register(actions, add_json_flag)


def _price(args: argparse.Namespace) -> int:
    if args.price is None:
        raise InputError([Problem("--price", "format", "give the current share price with --price")])
    return int(args.price)


def run_dividend(args: argparse.Namespace) -> int:
    if g18bf.wants_18bf(args):
        return g18bf.run_dividend(args)
    if g1860.wants_1860(args):  # reads --position first: a file of no title is refused before a flag is missed
        return g1860.run_dividend(args)
    g1860.required_revenue(args)
    holdings: dict[str, int] = {}
    for name, n in name_value_pairs(args.holding, "--holding"):
        holdings[name] = holdings.get(name, 0) + n
    out = dividend_preview(
        _price(args),
        args.revenue,
        pay=not args.withhold,
        treasury=args.treasury,
        subsidy=args.subsidy,
        hudson=args.hudson,
        holdings=holdings,
    )
    if args.json:
        print_json({"ok": True, **out.to_dict()})
        return 0
    if out.paid:
        extra = f" (revenue {out.revenue} + {out.top_up} from the treasury)" if out.top_up else ""
        print(f"Pays {out.declared}{extra}: {out.per_share} a share.")
        for holder, cash in out.payouts.items():
            print(f"  {holder:<12} {cash}")
    else:
        print(f"Nothing paid out; {out.revenue} goes to the treasury.")
    for move in out.moves:
        print(f"Price {move.start} -> {move.end}: {move.why}")
    print(f"Treasury {out.treasury_before} -> {out.treasury_after}")
    if out.hudson_note and not out.hudson:
        print(f"Hudson Manoeuvre {out.hudson_note}")
    for note in out.notes:
        print(f"Note: {note}")
    return 0


def run_sell(args: argparse.Namespace) -> int:
    if g18bf.wants_18bf(args):
        return g18bf.run_sell(args)
    if g1860.wants_1860(args):
        return g1860.run_sell(args)
    out = sale_preview(
        _price(args),
        args.shares,
        director=args.director,
        has_train=not args.no_train,
        floated=not args.not_floated,
        lner=args.lner,
        treasury_sale=args.treasury_sale,
    )
    if args.json:
        print_json({"ok": True, **out.to_dict()})
        return 0
    print(f"{out.shares} share(s) at {out.price_per_share} = {out.proceeds}")
    for move in out.moves:
        print(f"  {move.start} -> {move.end}: {move.why}")
    print(f"New price: {out.new_price}")
    for note in out.notes:
        print(f"Note: {note}")
    return 0


def run_order(args: argparse.Namespace) -> int:
    if g1860.wants_1860(args):
        return g1860.run_order(args)
    stacks: dict[int, list[str]] = {}
    known = load_game().companies
    for company, price in name_value_pairs(args.companies, "company"):
        stacks.setdefault(price, []).append(canonical_company(company, known, "a company of 1862"))
    order = operating_order(stacks)
    if args.json:
        print_json({"ok": True, "order": order})
    else:
        for i, company in enumerate(order, 1):
            price = next(p for p, cs in stacks.items() if company in cs)
            print(f"{i}. {company} ({price})")
    return 0


def run_newprice(args: argparse.Namespace) -> int:
    price, working = new_share_price(args.price1, not args.no_train_1, args.price2, not args.no_train_2)
    par = get_market().par_for(price)
    if args.json:
        print_json({"ok": True, "new_price": price, "new_par": par, "working": working})
    else:
        print(f"New price {price}: {working} (7.5.3); par {par} (7.5.4)")
    return 0
