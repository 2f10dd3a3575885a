"""Forming a public from minors in the Merger Round: converting one minor (§12.2) or merging two to ten (§12.3),
then the share offering (§12.4).

Conversion: a minor priced 100-165 becomes a public at its price, its owner holding the two-share Director's
Certificate and the treasury the other eight; the public's marker replaces the minor's. A merger: two to ten
connected minors, at most six from one player; the price is the highest plus the lowest minor price, rounded down to
a space and at most 200; each charter becomes one share, the director holds the most (a tie to the owner of the
minor that operated earliest); the director keeps two of the minors' markers (one when exactly two minors share a
hex, London excepted). Either way all cash, trains and loans pass to the public (its loan limit may be exceeded),
the minors' price markers leave the market, and the offering follows.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType

from solver.core.board_position import BoardPosition
from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.connection import LONDON, check_connected
from solver.titles.g18bf.money.kinds import SHARES, TREASURY, markers_of
from solver.titles.g18bf.money.ledger import Ledger
from solver.titles.g18bf.money.market import in_zone, round_down, zone
from solver.titles.g18bf.money.merger_round import members, pick_new, table
from solver.titles.g18bf.money.offering import offering
from solver.titles.g18bf.money.outcome import Action, MergerOutcome
from solver.titles.g18bf.money.phases import require, train_limit
from solver.titles.g18bf.money.position import CompanyMoney, Marker, operating_order

#: The most minors in one merger, and from one player (§12.3).
MOST_MINORS, MOST_FROM_ONE = 10, 6
#: The highest price of a public formed by a merger (§12.3).
MERGER_CAP = 200


def _pool_assets(
    minors: Sequence[CompanyMoney], public: str, ledger: Ledger, steps: list[Step], rule: str
) -> tuple[int, int, tuple[str, ...]]:
    cash = sum(m.cash for m in minors)
    loans = sum(m.loans for m in minors)
    trains = tuple(t for m in minors for t in m.trains)
    for m in minors:
        ledger.pay(m.company, public, m.cash)
    steps.append(
        Step(
            f"{public} receives every asset of {', '.join(m.company for m in minors)}: cash {cash}, "
            f"{len(trains)} train(s) ({', '.join(trains) or 'none'}), {loans} loan(s)"
            + (" (more than five is allowed)" if loans > 5 else ""),
            rule,
        )
    )
    return cash, loans, trains


def conversion_preview(
    position: BoardPosition,
    minor: str,
    *,
    public: str | None = None,
    buys: Mapping[str, int] | None = None,
    singles: Collection[str] = (),
) -> MergerOutcome:
    """Preview converting `minor` into `public` (the first unstarted one by default), with the offering's
    purchases `buys` (shareholders, one purchase each) and `singles` (players buying one in the second round)."""
    require(position.phase, "minor_mergers", rulebook.CONVERSION, "converting a minor")
    (money,) = members(position, [minor], "minor", rulebook.CONVERSION)
    price = money.price or 0
    if not in_zone(price, "convert"):
        spaces = zone("convert")
        raise InputError(
            [
                Problem(
                    f"company {minor}",
                    rulebook.CONVERSION,
                    f"{minor} is at {price}; a minor converts at {spaces[0]}-{spaces[-1]}",
                )
            ]
        )
    new = pick_new(position, "public", public, rulebook.CONVERSION)
    owner = money.director or ""
    ledger = Ledger()
    steps = [
        Step(
            f"{minor} at {price} (in the conversion zone {zone('convert')[0]}-{zone('convert')[-1]}) converts into "
            f"{new} at {price}",
            rulebook.CONVERSION,
        )
    ]
    _, loans, trains = _pool_assets([money], new, ledger, steps, rulebook.FORMING)
    holdings = {owner: 2, TREASURY: SHARES["public"] - 2}
    steps.append(
        Step(f"{owner} receives the Director's Certificate (2 shares); 8 go to the treasury", rulebook.CONVERSION)
    )
    steps.append(Step(f"{new}'s marker replaces {minor}'s at no cost", rulebook.CONVERSION))
    return _form(
        position,
        "conversion",
        new,
        price,
        [money],
        holdings,
        owner,
        loans,
        trains,
        money.markers,
        ledger,
        steps,
        buys,
        singles,
    )


def minor_merger_preview(
    position: BoardPosition,
    minors: Sequence[str],
    *,
    public: str | None = None,
    keep: Sequence[str] | None = None,
    buys: Mapping[str, int] | None = None,
    singles: Collection[str] = (),
) -> MergerOutcome:
    """Preview merging `minors` into `public`; `keep` names the minors whose markers the public takes (the
    director's choice; by default the first in operating order that the rule allows)."""
    require(position.phase, "minor_mergers", rulebook.MINOR_MERGER, "merging minors")
    if not 2 <= len(minors) <= MOST_MINORS:
        raise InputError([Problem("companies", rulebook.MINOR_MERGER, f"two to ten minors merge, not {len(minors)}")])
    found = members(position, minors, "minor", rulebook.MINOR_MERGER)
    order = operating_order(position)
    found.sort(key=lambda m: order.index(m.company))
    owners: dict[str, int] = {}
    for m in found:
        owners[m.director or ""] = owners.get(m.director or "", 0) + 1
    problems = [
        Problem(
            f"player {p}", rulebook.MINOR_MERGER, f"{p} owns {n} of the minors; at most {MOST_FROM_ONE} from one player"
        )
        for p, n in owners.items()
        if n > MOST_FROM_ONE
    ]
    if problems:
        raise InputError(problems)
    steps = [check_connected(position, [m.company for m in found], rulebook.MINOR_MERGER)]
    high, low = max(m.price or 0 for m in found), min(m.price or 0 for m in found)
    price = min(round_down(high + low, "companies", rulebook.MINOR_MERGER), MERGER_CAP)
    new = pick_new(position, "public", public, rulebook.MINOR_MERGER)
    steps.append(
        Step(
            f"price: highest {high} + lowest {low} = {high + low}, rounded down to a space"
            + (f", at most {MERGER_CAP}" if high + low > MERGER_CAP else "")
            + f": {price}",
            rulebook.MINOR_MERGER,
        )
    )
    holdings = {**owners, TREASURY: SHARES["public"] - len(found)}
    most = max(owners.values())
    director = next(m.director or "" for m in found if owners[m.director or ""] == most)
    steps.append(
        Step(
            f"each charter becomes one share: {', '.join(f'{p} {n}' for p, n in owners.items())}; "
            f"{holdings[TREASURY]} to the treasury",
            rulebook.MINOR_MERGER,
        )
    )
    tied = [p for p, n in owners.items() if n == most]
    steps.append(
        Step(
            f"{director} holds the most shares ({most}) and directs {new}"
            + (
                f" (a tie among {', '.join(tied)}: {director} owns the minor that operates first)"
                if len(tied) > 1
                else ""
            ),
            rulebook.MERGER_DIRECTOR,
        )
    )
    kept = _kept_markers(position, found, keep, steps)
    ledger = Ledger()
    _, loans, trains = _pool_assets(found, new, ledger, steps, rulebook.FORMING)
    return _form(
        position,
        "merger",
        new,
        price,
        found,
        holdings,
        director,
        loans,
        trains,
        kept,
        ledger,
        steps,
        buys,
        singles,
    )


def _kept_markers(
    position: BoardPosition, minors: Sequence[CompanyMoney], keep: Sequence[str] | None, steps: list[Step]
) -> tuple[Marker, ...]:
    """The markers the public takes (§12.3): two of the minors', not two in one hex outside London."""
    by_minor = {m.company: m.markers for m in minors}

    def london(marker: Marker) -> bool:
        return position.face(marker[0]).nodes[marker[1]].kind == LONDON

    def allowed(chosen: Sequence[Marker]) -> bool:
        hexes = [h for h, n in chosen if not london((h, n))]
        return len(hexes) == len(set(hexes))

    candidates = [mk for m in minors for mk in by_minor[m.company]]
    if keep is not None:
        bad = [k for k in keep if k not in by_minor]
        if bad or not 1 <= len(keep) <= 2:
            raise InputError(
                [
                    Problem(
                        "keep",
                        rulebook.MERGER_DIRECTOR,
                        f"keep one or two of the merging minors' markers ({', '.join(by_minor)}), "
                        f"not {', '.join(keep) or 'none'}",
                    )
                ]
            )
        chosen = [mk for k in keep for mk in by_minor[k]]
        if not allowed(chosen):
            raise InputError(
                [
                    Problem(
                        "keep",
                        rulebook.MERGER_DIRECTOR,
                        f"{', '.join(keep)} have markers in one hex: the public takes only one there (London excepted)",
                    )
                ]
            )
    else:
        chosen = []
        for mk in candidates:
            if len(chosen) < 2 and allowed([*chosen, mk]):
                chosen.append(mk)
    dropped = [mk for mk in candidates if mk not in chosen]
    steps.append(
        Step(
            f"the director keeps {len(chosen)} marker(s) ({', '.join(f'{h}:{n}' for h, n in chosen)})"
            + (f"; {', '.join(f'{h}:{n}' for h, n in dropped)} removed" if dropped else ""),
            rulebook.MERGER_DIRECTOR,
        )
    )
    return tuple(chosen)


def _form(
    position: BoardPosition,
    action: Action,
    new: str,
    price: int,
    minors: Sequence[CompanyMoney],
    holdings: dict[str, int],
    director: str,
    loans: int,
    trains: tuple[str, ...],
    kept: Sequence[Marker],
    ledger: Ledger,
    steps: list[Step],
    buys: Mapping[str, int] | None,
    singles: Collection[str],
) -> MergerOutcome:
    """The public's place on the market, the offering and the outcome (§12.4); the minors' cash is already in
    the ledger."""
    before = {m.company: dict(m.holdings) for m in minors}
    steps.append(
        Step(
            f"{new}'s price marker goes under any markers on {price}; the minors' markers leave the market",
            rulebook.FORMING,
        )
    )
    director_after, stands, offers = offering(
        new, price, holdings, director, table(position), ledger, steps, buys=buys or {}, singles=singles
    )
    limit = train_limit(position.phase, "public")
    excess = max(0, len(trains) - limit)
    if excess:
        steps.append(
            Step(f"{new} holds {len(trains)} trains over the limit of {limit}: {excess} to the Pool", rulebook.MUST_BUY)
        )
    spare = markers_of(new) - len(kept)
    return MergerOutcome(
        action,
        new,
        "public",
        price,
        MappingProxyType({h: n for h, n in holdings.items() if n}),
        director_after,
        ledger.change(new),
        loans,
        trains,
        tuple(kept),
        spare,
        tuple(m.company for m in minors),
        stands,
        ledger.frozen(),
        MappingProxyType(before),
        tuple(steps),
        offers=offers,
        excess_trains=excess,
    )
