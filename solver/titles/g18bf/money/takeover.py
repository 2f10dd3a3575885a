"""Takeover of a minor by a public in the Merger Round (§12.5; appendix §12): by mutual consent, in the minor's
turn, when they are connected and the public has a share in its treasury. The minor's owner receives that share
(and may go over 60 %); the public receives the minor's cash, trains and loans (its loan limit may be exceeded) and
discards trains over its limit at once; the minor's marker is removed, and the public may put a spare marker in its
place unless it already has one in that city (London excepted)."""

from __future__ import annotations

from types import MappingProxyType

from solver.core.board_position import BoardPosition
from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.connection import LONDON, check_connected
from solver.titles.g18bf.money.kinds import TREASURY, markers_of
from solver.titles.g18bf.money.ledger import Ledger
from solver.titles.g18bf.money.merger_round import members
from solver.titles.g18bf.money.offering import more_than_director
from solver.titles.g18bf.money.outcome import MergerOutcome
from solver.titles.g18bf.money.phases import require, train_limit


def takeover_preview(position: BoardPosition, minor: str, public: str, *, replace_marker: bool = True) -> MergerOutcome:
    """Preview `public` taking over `minor`; `replace_marker`: the public puts a spare marker where the minor's
    stood, when the rule allows."""
    require(position.phase, "minor_mergers", rulebook.TAKEOVER, "a takeover of a minor")
    (small,) = members(position, [minor], "minor", rulebook.TAKEOVER)
    (big,) = members(position, [public], "public", rulebook.TAKEOVER)
    if big.holdings.get(TREASURY, 0) < 1:
        raise InputError(
            [Problem(f"company {public}", rulebook.TAKEOVER, f"{public} has no share in its treasury to exchange")]
        )
    steps = [check_connected(position, [minor, public], rulebook.TAKEOVER)]
    ledger = Ledger()
    owner = small.director or ""
    holdings = dict(big.holdings)
    holdings[TREASURY] -= 1
    holdings[owner] = holdings.get(owner, 0) + 1
    steps.append(Step(f"{owner} exchanges {minor}'s charter for one of {public}'s treasury shares", rulebook.TAKEOVER))
    director = big.director
    if owner != director and more_than_director(holdings, director, owner):
        director = owner
        steps.append(
            Step(f"{owner} now holds the most shares of {public} and takes the directorship", rulebook.PUBLICS)
        )
    ledger.pay(minor, public, small.cash)
    trains = (*big.trains, *small.trains)
    loans = big.loans + small.loans
    steps.append(
        Step(
            f"{public} receives {minor}'s cash {small.cash}, {len(small.trains)} train(s) and {small.loans} loan(s): "
            f"{loans} loan(s) in all" + (" (more than five is allowed)" if loans > 5 else ""),
            rulebook.TAKEOVER,
        )
    )
    markers = list(big.markers)
    spare = markers_of(public) - len(markers)
    for hex_id, node in small.markers:
        london = position.face(hex_id).nodes[node].kind == LONDON
        if not replace_marker:
            steps.append(Step(f"{minor}'s marker on {hex_id}:{node} is removed", rulebook.TAKEOVER))
        elif spare < 1:
            steps.append(
                Step(f"{minor}'s marker on {hex_id}:{node} is removed: {public} has no spare marker", rulebook.TAKEOVER)
            )
        elif not london and any(h == hex_id for h, _ in markers):
            steps.append(
                Step(
                    f"{minor}'s marker on {hex_id}:{node} is removed: {public} already has a marker in {hex_id}",
                    rulebook.TAKEOVER,
                )
            )
        else:
            markers.append((hex_id, node))
            spare -= 1
            steps.append(
                Step(
                    f"{public} puts a spare marker where {minor}'s stood ({hex_id}:{node}), at no cost",
                    rulebook.TAKEOVER,
                )
            )
    limit = train_limit(position.phase, "public")
    excess = max(0, len(trains) - limit)
    if excess:
        steps.append(
            Step(
                f"{public} holds {len(trains)} trains, over the limit of {limit}: it discards {excess} at once",
                rulebook.TAKEOVER,
            )
        )
    return MergerOutcome(
        "takeover",
        public,
        "public",
        big.price or 0,
        MappingProxyType({h: n for h, n in holdings.items() if n}),
        director,
        big.cash + ledger.change(public),
        loans,
        trains,
        tuple(markers),
        spare,
        (minor,),
        True,
        ledger.frozen(),
        MappingProxyType({public: dict(big.holdings), minor: dict(small.holdings)}),
        tuple(steps),
        excess_trains=excess,
    )
