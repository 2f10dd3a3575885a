"""``python -m solver merger POSITION ACTION ...``: 18BF's Merger Round previews (§12; docs/money-18bf.md).

merger POSITION convert MINOR [--public P] [--buy PLAYER=N ...] [--single PLAYER ...]          (§12.2, §12.4)
merger POSITION merge MINOR MINOR ... [--public P] [--keep MINOR ...] [--buy ...] [--single ...] (§12.3, §12.4)
merger POSITION takeover MINOR --by PUBLIC [--no-marker]                                          (§12.5)
merger POSITION system PUBLIC ... [--system S] [--discard HEX:N ...]                              (§12.6)

Each prints its step log (every line with its section) and the new company's holdings, or with --json the
outcome's fields; bad input names the company, player or field and the section (exit code 2)."""

from __future__ import annotations

import argparse

from solver.cli.common import add_json_flag, name_value_pairs, print_json
from solver.cli.market_18bf import _position
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.minors import conversion_preview, minor_merger_preview
from solver.titles.g18bf.money.outcome import MergerOutcome
from solver.titles.g18bf.money.position import Marker
from solver.titles.g18bf.money.system import system_preview
from solver.titles.g18bf.money.takeover import takeover_preview


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help="an 18BF position file with its money (docs/money-18bf.md)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")

    def offering(p: argparse.ArgumentParser) -> None:
        p.add_argument("--public", help="the public to form (default: the first unstarted one)")
        p.add_argument("--buy", action="append", default=[], metavar="PLAYER=N", help="a shareholder's one purchase")
        p.add_argument("--single", action="append", default=[], metavar="PLAYER", help="buys one in the second round")
        add_json_flag(p)

    convert = actions.add_parser("convert", help="convert a minor priced 100-165 (§12.2)")
    convert.add_argument("minor")
    offering(convert)
    convert.set_defaults(run=run_convert)
    merge = actions.add_parser("merge", help="merge two to ten connected minors (§12.3)")
    merge.add_argument("minors", nargs="+")
    merge.add_argument("--keep", nargs="+", metavar="MINOR", help="the minors whose markers the public takes")
    offering(merge)
    merge.set_defaults(run=run_merge)
    takeover = actions.add_parser("takeover", help="a public takes over a connected minor (§12.5)")
    takeover.add_argument("minor")
    takeover.add_argument("--by", required=True, metavar="PUBLIC")
    takeover.add_argument("--no-marker", action="store_true", help="do not put a spare marker in the minor's place")
    add_json_flag(takeover)
    takeover.set_defaults(run=run_takeover)
    system = actions.add_parser("system", help="one to four connected publics form a System (§12.6)")
    system.add_argument("publics", nargs="+")
    system.add_argument("--system", help="the System to form (default: the first of the kind the rule asks)")
    system.add_argument("--discard", nargs="+", default=[], metavar="HEX:N", help="markers the director discards")
    add_json_flag(system)
    system.set_defaults(run=run_system)


def _report(out: MergerOutcome, as_json: bool) -> int:
    if as_json:
        print_json({"ok": True, **out.to_dict()})
        return 0
    for step in out.steps:
        print(step)
    held = ", ".join(f"{h} {n}" for h, n in out.holdings.items())
    verdict = "" if out.allowed else " (NOT ALLOWED)"
    print(f"{out.company} at {out.price}: {held}; director {out.director or 'none'}; cash {out.cash}{verdict}")
    return 0


def run_convert(args: argparse.Namespace) -> int:
    position = _position(args.position)
    buys = dict(name_value_pairs(args.buy, "--buy"))
    out = conversion_preview(position, args.minor, public=args.public, buys=buys, singles=set(args.single))
    return _report(out, args.json)


def run_merge(args: argparse.Namespace) -> int:
    position = _position(args.position)
    buys = dict(name_value_pairs(args.buy, "--buy"))
    out = minor_merger_preview(
        position, args.minors, public=args.public, keep=args.keep, buys=buys, singles=set(args.single)
    )
    return _report(out, args.json)


def run_takeover(args: argparse.Namespace) -> int:
    out = takeover_preview(_position(args.position), args.minor, args.by, replace_marker=not args.no_marker)
    return _report(out, args.json)


def _marker(text: str) -> Marker:
    hex_id, _, node = text.partition(":")
    if not node.isdigit():
        raise InputError([Problem(f"--discard {text}", rulebook.SYSTEM, "write a marker as HEX:N (e.g. U23:0)")])
    return hex_id, int(node)


def run_system(args: argparse.Namespace) -> int:
    discard = [_marker(t) for t in args.discard]
    out = system_preview(_position(args.position), args.publics, system=args.system, discard=discard)
    return _report(out, args.json)
