"""18BF's answers to ``python -m solver market ...`` (docs/money-18bf.md, "Command line"): `dividend` and `sell`
with `--position FILE` of an 18BF position, and 18BF's own actions `loans` (the end of a company's turn), `start`
(start prices) and `endgame` (each player's worth). Each prints its step log, every line with its section of rules
v0.19, or with `--json` the preview's fields; bad input is an InputError naming the flag, company or field and the
section (exit code 2). `trains` compares the trains a company may buy with its best run after each (§10.10), `redeem`
and `buy` preview shares bought back by a company (§10.3) or by a player in a Stock Round (§9.3); `dividend` and
`loans` take their earnings from the company's best run with `--best-run` (exit code 3 when the time limit left it
unproven, 4 when no run was found: then nothing is previewed)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any

from solver.any_position import load_checked_position, position_object
from solver.cli.common import print_json, print_steps, refuse_flags
from solver.cli.solving import check_preview_time_limit, ctrl_c_stops, stopped_by_ctrl_c
from solver.core.board_position import BoardPosition
from solver.errors import InputError, Problem
from solver.jsonfile import read_json_file
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.dividend import Choice, dividend_options, dividend_preview
from solver.titles.g18bf.money.position import (
    CompanyMoney,
    cash_of,
    certificate_limit,
    certificates,
    check_money,
    company_money,
    needs_price,
    seats,
)
from solver.titles.g18bf.money.runs import RunEarnings, best_earnings
from solver.titles.g18bf.money.sale import sale_preview
from solver.titles.g18bf.money.shares import purchase_preview, redemption_preview
from solver.titles.g18bf.money.start import StartOutcome, minor_start, public_start
from solver.titles.g18bf.money.train_decision import train_decision
from solver.titles.g18bf.money.turn import company_end_of_turn, turn_preview
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
    return position_object(read_json_file(path, "position"), path).get("game") == TITLE


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser], add_json: Any) -> None:
    """18BF's own actions of `market`: loans, start and endgame."""
    dividend = actions.choices["dividend"]
    dividend.add_argument("--half", action="store_true", help="18BF: pay half, rounded up to £10 (§10.7)")
    _earnings_flags(dividend)
    loans = actions.add_parser("loans", help="18BF: interest, redemption and the forced train at a turn's end (§10.8)")
    loans.add_argument("position", help="an 18BF position file with its money (docs/money-18bf.md)")
    loans.add_argument("--company", required=True)
    loans.add_argument("--cheapest-train", type=int, help="the cheapest train the Bank offers (when it has none)")
    loans.add_argument("--withheld", action="store_true", help="it kept its earnings or earned nothing (§10.7)")
    loans.add_argument("--revenue", type=int, help="the earnings distributed first (§10.7)")
    loans.add_argument("--pay", choices=("full", "half", "withhold"), default="full", help="how they are distributed")
    _earnings_flags(loans)
    add_json(loans)
    trains = actions.add_parser("trains", help="18BF: the trains a company may buy, each with its best run (§10.10)")
    trains.add_argument("position", help="an 18BF position file with its money")
    trains.add_argument("--company", required=True)
    trains.add_argument(
        "--train",
        action="append",
        default=[],
        help="a candidate train (repeatable; default: the trains of this phase's and the next phase's cards)",
    )
    trains.add_argument("--time-limit", type=float, default=30.0, help="seconds for each best run (default 30)")
    add_json(trains)
    trains.set_defaults(run=run_trains)
    redeem = actions.add_parser("redeem", help="18BF: a company buys back its shares from the Pool (§10.3)")
    redeem.add_argument("position", help="an 18BF position file with its money")
    redeem.add_argument("--company", required=True)
    redeem.add_argument("--shares", type=int, default=1)
    add_json(redeem)
    redeem.set_defaults(run=run_redeem)
    buy = actions.add_parser("buy", help="18BF: a player buys one certificate in a Stock Round (§9.3)")
    buy.add_argument("position", help="an 18BF position file with its money")
    buy.add_argument("--company", required=True)
    buy.add_argument("--buyer", required=True)
    buy.add_argument("--from", dest="source", choices=("ipo", "pool"), help="the treasury (ipo) or the Pool")
    buy.add_argument("--sold-this-round", action="store_true", help="the buyer sold this company earlier this round")
    add_json(buy)
    buy.set_defaults(run=run_buy)
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


def _earnings_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--best-run", action="store_true", help="18BF: the earnings of the company's best run (§10.6)")
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds for the best run (default 30)")


@dataclass(frozen=True)
class _Earnings:
    """The best run `--best-run` asked for (None without it) and, for `--json`, `stopped_by` when Ctrl-C ended it."""

    best: RunEarnings | None = None
    stopped: dict[str, str] = field(default_factory=dict)

    def fields(self) -> dict[str, Any]:
        return {} if self.best is None else {"best_run": self.best.to_dict(), **self.stopped}


def _earnings(args: argparse.Namespace, position: BoardPosition, money: CompanyMoney) -> _Earnings:
    """The company's best run when `--best-run` asks for it (refused beside `--revenue`), printed in words; Ctrl-C
    stops its search as the time limit does, and the answer says so."""
    if not args.best_run:
        return _Earnings()
    if args.revenue is not None:
        raise InputError([Problem("--best-run", rulebook.RUN, "give --revenue or --best-run, not both")])
    check_preview_time_limit(args.time_limit)
    with ctrl_c_stops() as stop:
        best = best_earnings(position, money.company, time_limit=args.time_limit, stop=stop)
    if not args.json:
        print(f"{money.company}'s best run: {best.revenue}, {best.status_text} ({best.routes_text()}) ({rulebook.RUN})")
    return _Earnings(best, stopped_by_ctrl_c(stop, args.json))


def _exit(best: RunEarnings | None) -> int:
    """0, or 3 for earnings of a best run not proven (as the routes command)."""
    return 3 if best is not None and not best.proven else 0


def _position(path: str) -> BoardPosition:
    """The 18BF position of `path`, checked as `validate` checks it (its board data and board rules: tiles, markers,
    trains, company fields) and then its money: a preview never reads a position `validate` refuses."""
    position = load_checked_position(path)
    if not isinstance(position, BoardPosition) or position.board.title != TITLE:
        raise InputError([Problem(path, "format", 'this preview reads an 18BF position ("game": "18bf")')])
    check_money(position)
    return position


def _company(args: argparse.Namespace) -> str:
    if not getattr(args, "company", None):
        raise InputError([Problem("--company", "format", "give the company of the position to preview")])
    return str(args.company)


def run_dividend(args: argparse.Namespace) -> int:
    refuse_flags(args, NOT_IN_18BF, "18BF")
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
    earnings = _earnings(args, position, money)
    best = earnings.best
    if best is not None and not best.found:
        _no_run(earnings, args.json)
        return 4
    revenue = best.revenue if best is not None else _revenue(args)
    if args.withhold and args.half:
        raise InputError([Problem("--half", rulebook.PUBLIC_DIVIDEND, "choose one of --half and --withhold")])
    if args.withhold or args.half or money.kind == "minor":
        choice: Choice = "withhold" if args.withhold else "half" if args.half else "full"
        out = dividend_preview(money.kind, price, revenue, choice=choice, **kwargs)
        print_steps(out.steps, {**out.to_dict(), **earnings.fields()}, args.json)
        return _exit(best)
    options = dividend_options(money.kind, price, revenue, **kwargs)
    if args.json:
        print_json({"ok": True, "options": {c: o.to_dict() for c, o in options.items()}, **earnings.fields()})
        return _exit(best)
    for choice, out in options.items():
        print(f"{choice}:")
        for step in out.steps:
            print(f"  {step}")
    return _exit(best)


def _revenue(args: argparse.Namespace) -> int:
    if args.revenue is None:
        raise InputError([Problem("--revenue", rulebook.RUN, "give the earnings with --revenue, or --best-run")])
    return int(args.revenue)


def _no_run(earnings: _Earnings, as_json: bool) -> None:
    """The time limit or Ctrl-C came before any run was found: nothing to preview (exit code 4)."""
    if as_json:
        print_json({"ok": False, **earnings.fields()})


def run_sell(args: argparse.Namespace) -> int:
    refuse_flags(args, NOT_IN_18BF, "18BF")
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
    return print_steps(out.steps, out.to_dict(), args.json)


def run_loans(args: argparse.Namespace) -> int:
    position = _position(args.position)
    money = company_money(position, _company(args))
    earnings = _earnings(args, position, money)
    best = earnings.best
    if best is not None and not best.found:
        _no_run(earnings, args.json)
        return 4
    if best is not None or args.revenue is not None:
        if args.withheld:
            raise InputError([Problem("--withheld", rulebook.PUBLIC_DIVIDEND, "with earnings, choose --pay withhold")])
        turn = turn_preview(
            money,
            position.phase,
            best.revenue if best is not None else _revenue(args),
            choice=args.pay,
            cheapest_train=args.cheapest_train,
            price=needs_price(money),
        )
        print_steps(turn.steps, {**turn.to_dict(), **earnings.fields()}, args.json)
        return _exit(best)
    out = company_end_of_turn(money, position.phase, cheapest_train=args.cheapest_train, withheld=args.withheld)
    return print_steps(out.steps, out.to_dict(), args.json)


def run_start(args: argparse.Namespace) -> int:
    if (args.bid is None) == (args.par is None):
        raise InputError(
            [Problem("--bid", rulebook.MINOR_START, "give --bid (a minor) or --par (a public), one of them")]
        )
    out: StartOutcome = minor_start(args.bid) if args.bid is not None else public_start(args.par, args.phase)
    return print_steps(out.steps, out.to_dict(), args.json)


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


def run_trains(args: argparse.Namespace) -> int:
    position = _position(args.position)
    check_preview_time_limit(args.time_limit)
    with ctrl_c_stops() as stop:
        out = train_decision(position, _company(args), args.train, time_limit=args.time_limit, stop=stop)
    stopped = stopped_by_ctrl_c(stop, args.json)
    if args.json:
        print_json({"ok": True, **out.to_dict(), **stopped})
    else:
        print(
            f"{out.company} ({out.kind}, phase {out.phase}, cash {out.cash}, trains "
            f"{', '.join(out.trains) or 'none'}): "
            f"best run {out.current.revenue}, {out.current.status_text}"
        )
        for option in out.options:
            print(
                f"{option.label}: price {option.price}, best run {option.run.revenue} ({option.revenue_change:+d}), "
                f"{option.per_share} a share ({option.per_share_change:+d})"
                + ("" if option.affordable else ", cannot be paid")
            )
            for step in option.steps:
                print(f"  {step}")
        best = out.best
        print(f"best: {best.label}" if best is not None else "no option can be paid")
    return 0 if all(o.run.proven for o in out.options) and out.current.proven else 3


def run_redeem(args: argparse.Namespace) -> int:
    position = _position(args.position)
    money = company_money(position, _company(args))
    out = redemption_preview(
        money.kind, needs_price(money), money.cash, money.holdings, args.shares, company=money.company
    )
    return print_steps(out.steps, out.to_dict(), args.json)


def run_buy(args: argparse.Namespace) -> int:
    position = _position(args.position)
    money = company_money(position, _company(args))
    out = purchase_preview(
        money.kind,
        needs_price(money),
        args.buyer,
        holdings=money.holdings,
        director=money.director,
        seats=seats(position),
        cash=cash_of(position),
        certificates=certificates(position, args.buyer),
        certificate_limit=certificate_limit(position),
        source=args.source,
        sold_this_round=args.sold_this_round,
        company=money.company,
    )
    return print_steps(out.steps, out.to_dict(), args.json)
