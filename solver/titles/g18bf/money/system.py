"""System formation in the Merger Round (§12.6, appendix §12.5), phases 6-8: one to four connected publics, every
director agreeing, become a System of twenty shares with a four-share Director's Certificate; some player must
hold four System shares.

a) Two publics: an 8-marker System (GWR, SR) if one is left, else a 12-marker one using 8; the price is the
   average of the two, rounded down to a space; shares one for one, treasury and Pool included; every marker
   replaced, topped up to 8.
b) Three publics: a 12-marker System; the highest plus the lowest price, rounded down to a space, then three spaces
   left; three shares for two. Triples become pairs; then, from the new director clockwise, each player trades the
   one or two left over up (paying a third of the price for a single, two thirds for a pair, to the System; a single
   becomes one share, a pair two) or, lacking the money or a share to take, down (receiving two thirds for a
   single; one share and a third for a pair, from the System). The Pool decides last: up if a share is left (the
   Bank pays), else down (the Bank receives). Fractions are rounded normally. The System borrows what it cannot pay,
   past its limit if need be. Every marker replaced, the rest to the System (at most 12).
c) Four publics: a 12-marker System; the highest plus the lowest price rounded down; two shares for one, an odd
   share traded up or down at half the price in the same way; above 12 markers the director discards.
d) One public converts, when its director directs no other public and an unstarted public exists (one is
   discarded): an 8-marker System if one is left; the price unchanged; shares one for one, the other ten to the
   treasury; the public's markers replaced plus four more (8 in all).
e) The remaining System shares go to its treasury. No System shares are bought in the Merger Round; the 60 % and
   certificate limits may be exceeded; the merged publics never restart.

Readings of the open points (the director's tie-break, the order of the trades, the publics' treasury shares in
b and c, a holder's shares of several publics exchanged together) are in docs/money-18bf.md, "System formation".
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import floor
from types import MappingProxyType

from solver.core.board_position import BoardPosition
from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.connection import check_connected
from solver.titles.g18bf.money.kinds import POOL, SHARES, TREASURY, markers_of
from solver.titles.g18bf.money.ledger import BANK, Ledger
from solver.titles.g18bf.money.loans import loans_needed, take_loans
from solver.titles.g18bf.money.market import market, round_down
from solver.titles.g18bf.money.merger_round import members, pick_new, unstarted
from solver.titles.g18bf.money.outcome import Exchange, MergerOutcome
from solver.titles.g18bf.money.phases import require, train_limit
from solver.titles.g18bf.money.position import CompanyMoney, Marker, operating_order, seats
from solver.titles.g18bf.money.seats import clockwise_from, nearest_clockwise

#: The kinds of formation by the number of publics (§12.6 a-d).
FORMS = {2: "a", 3: "b", 4: "c", 1: "d"}
#: The marker counts of the System each kind takes, preferred first (§12.6, §7.4).
SYSTEM_MARKERS = {"a": (8, 12), "b": (12,), "c": (12,), "d": (8, 12)}
#: Markers the System uses (a and d: 8 even from a 12-marker System).
USED_MARKERS = {"a": 8, "b": 12, "c": 12, "d": 8}
#: Old shares per block, and System shares per block (§12.6 a-d).
RATIO = {"a": (1, 1), "b": (3, 2), "c": (2, 1), "d": (1, 1)}
#: The most a player needs to hold for the System to form (§12.6).
NEEDED = 4


def normal_round(value: Fraction) -> int:
    """A fraction rounded normally: a half and above up (§12.6 b, "round fractions normally")."""
    return floor(value + Fraction(1, 2))


def system_price(form: str, prices: Sequence[int], steps: list[Step]) -> int:
    """The System's price by its kind of formation (§12.6 a-d)."""
    if form == "d":
        steps.append(Step(f"the price stays {prices[0]}", rulebook.SYSTEM))
        return prices[0]
    if form == "a":
        total = sum(prices)
        price = round_down(total // 2, "companies", rulebook.SYSTEM)
        steps.append(
            Step(
                f"price: the average of {' and '.join(map(str, prices))} = {total / 2:g}, "
                f"rounded down to a space: {price}",
                rulebook.SYSTEM,
            )
        )
        return price
    high, low = max(prices), min(prices)
    base = round_down(high + low, "companies", rulebook.SYSTEM)
    text = f"price: highest {high} + lowest {low} = {high + low}, rounded down to a space: {base}"
    if form == "b":
        m = market()
        price = m.left(m.cell_of(base), 3).price
        text += f", then three spaces left: {price}"
    else:
        price = base
    steps.append(Step(text, rulebook.SYSTEM))
    return price


def _director(
    holdings: dict[str, int], publics: Sequence[CompanyMoney], table_seats: Sequence[str]
) -> tuple[str, list[str]]:
    """The player with the most System shares; a tie to the tied player who directed the merging public that
    operates first, else the nearest clockwise from that public's director (a reading, docs/money-18bf.md)."""
    players = {p: n for p, n in holdings.items() if p in table_seats and n > 0}
    if not players:
        return "", []
    most = max(players.values())
    tied = [p for p, n in players.items() if n == most]
    for public in publics:
        if public.director in tied:
            return public.director, tied
    return nearest_clockwise(table_seats, publics[0].director or table_seats[0], tied), tied


def system_preview(
    position: BoardPosition,
    publics: Sequence[str],
    *,
    system: str | None = None,
    discard: Sequence[Marker] = (),
) -> MergerOutcome:
    """Preview `publics` forming `system` (by default the first System left of the kind the rule asks);
    `discard`: the markers the director removes when four publics hold more than 12 (c)."""
    require(position.phase, "system_formation", rulebook.SYSTEM, "forming a System")
    if not 1 <= len(publics) <= 4:
        raise InputError(
            [
                Problem(
                    "companies",
                    rulebook.SYSTEM,
                    f"one to four publics form a System, not {len(publics)} ({', '.join(publics)})",
                )
            ]
        )
    found = members(position, publics, "public", rulebook.SYSTEM)
    problems = [
        Problem(f"company {m.company}.holdings", rulebook.PUBLICS, f"{m.company}'s holdings are not given (10 shares)")
        for m in found
        if sum(m.holdings.values()) != SHARES["public"]
    ]
    if problems:
        raise InputError(problems)
    order = operating_order(position)
    found.sort(key=lambda m: order.index(m.company))
    form = FORMS[len(found)]
    steps: list[Step] = []
    discarded_public: str | None = None
    if form == "d":
        director = found[0].director
        others = [
            c
            for c, s in position.companies.items()
            if c != found[0].company
            and s.director == director
            and position.board.companies[c].kind == "public"
            and position.price_of(c) is not None
        ]
        if others:
            raise InputError(
                [
                    Problem(
                        f"company {found[0].company}",
                        rulebook.SYSTEM,
                        f"{director} also directs {', '.join(others)}: a public converts alone only when its director "
                        "has one public",
                    )
                ]
            )
        spare_publics = unstarted(position, "public")
        if not spare_publics:
            raise InputError(
                [Problem(f"company {found[0].company}", rulebook.SYSTEM, "no unstarted public is left to discard")]
            )
        discarded_public = spare_publics[0]
        steps.append(
            Step(
                f"{found[0].company} converts alone (d); the unstarted {discarded_public} is discarded", rulebook.SYSTEM
            )
        )
    else:
        steps.append(check_connected(position, [m.company for m in found], rulebook.SYSTEM))
        steps.append(Step(f"{len(found)} publics merge ({form})", rulebook.SYSTEM))
    new = pick_new(position, "system", system, rulebook.SYSTEM, markers=_marker_choice(position, form, system))
    steps.append(Step(f"{new} ({markers_of(new)} markers) is formed", rulebook.SYSTEMS))
    price = system_price(form, [m.price or 0 for m in found], steps)
    table_seats = seats(position)
    cash = {p.name: p.cash for p in position.players}
    ledger = Ledger()
    before = {m.company: dict(m.holdings) for m in found}
    old: dict[str, int] = {}
    for m in found:
        for holder, n in m.holdings.items():
            if form in ("a", "d") or holder != TREASURY:
                old[holder] = old.get(holder, 0) + n
    per, gets = RATIO[form]
    holdings: dict[str, int] = {}
    exchanges: dict[str, Exchange] = {}
    for holder, n in old.items():
        blocks, left = divmod(n, per)
        holdings[holder] = blocks * gets
        exchanges[holder] = Exchange(holder, n, blocks * gets, left, "", blocks * gets, 0)
    if per == 1:
        steps.append(
            Step(
                "shares are exchanged one for one, the treasury's and the Pool's included: " + _listing(holdings),
                rulebook.SYSTEM,
            )
        )
    else:
        steps.append(
            Step(
                f"{per} shares for {gets}: "
                + ", ".join(
                    f"{h} {e.old} -> {e.exchanged}" + (f" (+{e.leftover} left over)" if e.leftover else "")
                    for h, e in exchanges.items()
                ),
                rulebook.SYSTEM,
            )
        )
    director, _ = _director(holdings, found, table_seats)
    system_cash = sum(m.cash for m in found)
    for m in found:
        ledger.pay(m.company, new, m.cash)
    loans = sum(m.loans for m in found)
    new_loans = 0
    if per > 1:
        trades = _Trades(new, form, price, holdings, exchanges, cash, ledger, steps, system_cash)
        trades.run(clockwise_from(table_seats, director), director)
        system_cash, new_loans = trades.system_cash, trades.new_loans
    rest = SHARES["system"] - sum(holdings.values())
    holdings[TREASURY] = holdings.get(TREASURY, 0) + rest
    steps.append(
        Step(f"{rest} System share(s) remain and go to the treasury (e): " + _listing(holdings), rulebook.SYSTEM)
    )
    director, tied = _director(holdings, found, table_seats)
    most = holdings.get(director, 0)
    allowed = most >= NEEDED
    if allowed:
        steps.append(
            Step(
                f"{director} holds the most System shares ({most}) and directs {new}"
                + (
                    f" (tied with {', '.join(t for t in tied if t != director)}: reading, docs/money-18bf.md)"
                    if len(tied) > 1
                    else ""
                ),
                rulebook.SYSTEMS,
            )
        )
    else:
        steps.append(
            Step(
                f"no player holds {NEEDED} System shares (the most is {most}): the System may not form", rulebook.SYSTEM
            )
        )
    if loans + new_loans > 10:
        steps.append(Step(f"{new} has {loans + new_loans} loans, more than ten: allowed", rulebook.SYSTEM))
    trains = tuple(t for m in found for t in m.trains)
    limit = train_limit(position.phase, "system")
    excess = max(0, len(trains) - limit)
    if excess:
        steps.append(
            Step(
                f"{new} receives {len(trains)} trains, over the limit of {limit}: {excess} to be discarded",
                rulebook.MUST_BUY,
            )
        )
    on_board = [mk for m in found for mk in m.markers]
    used = USED_MARKERS[form] if markers_of(new) >= USED_MARKERS[form] else markers_of(new)
    dropped = _discards(on_board, used, discard)
    kept_list = list(on_board)
    for marker in dropped:  # one marker each: two publics may stand on one node (a two-space city)
        kept_list.remove(marker)
    kept = tuple(kept_list)
    spare = used - len(kept)
    steps.append(
        Step(
            f"every marker of {', '.join(m.company for m in found)} on the map ({len(on_board)}) is replaced by {new}'s"
            + (f"; the director discards {', '.join(f'{h}:{n}' for h, n in dropped)}" if dropped else "")
            + f"; {spare} more go to {new} ({used} in all)",
            rulebook.SYSTEM,
        )
    )
    steps.append(
        Step(f"{new}: cash {system_cash}, {loans + new_loans} loan(s), {len(trains)} train(s)", rulebook.SYSTEM)
    )
    return MergerOutcome(
        "system",
        new,
        "system",
        price,
        MappingProxyType({h: n for h, n in holdings.items() if n}),
        director if allowed else None,
        system_cash,
        loans + new_loans,
        trains,
        kept,
        spare,
        tuple(m.company for m in found),
        allowed,
        ledger.frozen(),
        MappingProxyType(before),
        tuple(steps),
        exchanges=tuple(exchanges.values()),
        discarded_markers=tuple(dropped),
        excess_trains=excess,
        discarded_company=discarded_public,
    )


class _Trades:
    """The trades up and down of b) and c) (§12.6): `holdings` and `exchanges` changed in place, money through
    `ledger`, the System's cash and the loans it takes kept here."""

    def __init__(
        self,
        system: str,
        form: str,
        price: int,
        holdings: dict[str, int],
        exchanges: dict[str, Exchange],
        cash: dict[str, int],
        ledger: Ledger,
        steps: list[Step],
        system_cash: int,
    ) -> None:
        self.system, self.form, self.price = system, form, price
        self.holdings, self.exchanges, self.cash = holdings, exchanges, cash
        self.ledger, self.steps = ledger, steps
        self.system_cash, self.new_loans = system_cash, 0

    def run(self, clockwise: list[str], director: str) -> None:
        """From the new director clockwise, then the Pool."""
        traders = [p for p in clockwise if self.exchanges.get(p) and self.exchanges[p].leftover]
        if self.exchanges.get(POOL) and self.exchanges[POOL].leftover:
            traders.append(POOL)
        if traders:
            self.steps.append(
                Step(
                    f"trades from the new director {director} clockwise, the Pool last: {', '.join(traders)}",
                    rulebook.SYSTEM,
                )
            )
        for holder in traders:
            why = self._up(holder)
            if why is not None:
                self._down(holder, why)

    def _up(self, holder: str) -> str | None:
        """Trade `holder`'s left-over shares up when a share is left and the holder can pay (the Pool always can,
        with the Bank's money); else why not."""
        e = self.exchanges[holder]
        free = SHARES["system"] - sum(self.holdings.values())
        shares = e.leftover if self.form == "b" else 1
        cost = normal_round(Fraction(e.leftover, 3) * self.price if self.form == "b" else Fraction(self.price, 2))
        if free < shares:
            return "no System share is left"
        if holder != POOL and self.cash.get(holder, 0) < cost:
            return f"{holder} has {self.cash.get(holder, 0)}, not {cost}"
        self.ledger.pay(BANK if holder == POOL else holder, self.system, cost)
        if holder != POOL:
            self.cash[holder] -= cost
        self.system_cash += cost
        self.holdings[holder] += shares
        self.exchanges[holder] = Exchange(holder, e.old, e.exchanged, e.leftover, "up", self.holdings[holder], cost)
        self.steps.append(
            Step(
                f"{holder} trades {e.leftover} up: pays {cost} to {self.system}, +{shares} share(s) "
                f"-> {self.holdings[holder]}",
                rulebook.SYSTEM,
            )
        )
        return None

    def _down(self, holder: str, why: str) -> None:
        """Trade `holder`'s left-over shares down, the System paying (with loans when short)."""
        e = self.exchanges[holder]
        free = SHARES["system"] - sum(self.holdings.values())
        if self.form == "b" and e.leftover == 2 and free >= 1:
            shares, paid = 1, normal_round(Fraction(self.price, 3))
        elif self.form == "b" and e.leftover == 2:
            # No share left for a pair traded down: its whole worth, 4/3 of the price, in cash (a reading).
            shares, paid = 0, normal_round(Fraction(4 * self.price, 3))
        elif self.form == "b":
            shares, paid = 0, normal_round(Fraction(2 * self.price, 3))
        else:
            shares, paid = 0, normal_round(Fraction(self.price, 2))
        if self.system_cash < paid:
            need = loans_needed(paid - self.system_cash)
            net = take_loans(self.ledger, self.system, need)
            self.steps.append(
                Step(
                    f"{self.system} has {self.system_cash}: it takes {need} loan(s) (past its limit if need be), "
                    f"netting {net}",
                    rulebook.SYSTEM,
                )
            )
            self.system_cash += net
            self.new_loans += need
        self.ledger.pay(self.system, BANK if holder == POOL else holder, paid)
        if holder != POOL:
            self.cash[holder] += paid
        self.system_cash -= paid
        self.holdings[holder] += shares
        self.exchanges[holder] = Exchange(holder, e.old, e.exchanged, e.leftover, "down", self.holdings[holder], -paid)
        self.steps.append(
            Step(
                f"{holder} trades {e.leftover} down ({why}): {self.system} pays {paid} to "
                + ("the Bank" if holder == POOL else holder)
                + (f", +{shares} share" if shares else "")
                + f" -> {self.holdings[holder]}",
                rulebook.SYSTEM,
            )
        )


def _listing(holdings: dict[str, int]) -> str:
    return ", ".join(f"{h} {n}" for h, n in holdings.items() if n)


def _marker_choice(position: BoardPosition, form: str, wanted: str | None) -> tuple[int, ...]:
    """The marker counts allowed for the System: the preferred kind when one is left (§12.6 a, d)."""
    if wanted is not None:
        return SYSTEM_MARKERS[form]
    left = {markers_of(s) for s in unstarted(position, "system")}
    for count in SYSTEM_MARKERS[form]:
        if count in left:
            return (count,)
    return SYSTEM_MARKERS[form]


def _discards(on_board: Sequence[Marker], used: int, discard: Sequence[Marker]) -> tuple[Marker, ...]:
    """The markers removed when more than the System's are on the map (§12.6 c): the director's `discard`, or
    the last ones listed (the lowest-priced public's) when none are named."""
    over = len(on_board) - used
    if over <= 0:
        if discard:
            raise InputError(
                [Problem("discard", rulebook.SYSTEM, f"{len(on_board)} markers fit in {used}: none is discarded")]
            )
        return ()
    if discard:
        bad = [d for d in discard if d not in on_board]
        if bad or len(discard) != over:
            raise InputError(
                [
                    Problem(
                        "discard",
                        rulebook.SYSTEM,
                        f"discard exactly {over} of the publics' markers on the map "
                        f"({', '.join(f'{h}:{n}' for h, n in on_board)})",
                    )
                ]
            )
        return tuple(discard)
    return tuple(on_board[-over:])
