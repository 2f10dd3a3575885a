"""The 2:1 share merge (rulebook 5.2) for a merger (7.5), an acquisition (7.14) or a refinancing (7.11.2).

`merge_preview(scenario)` plays the whole procedure and returns a numbered step log a table can follow, the
holdings and cash before and after, the new price and par, and the director:

1. 5.2.2: certificates in the IPO go to the Bank Pool.
2. 5.2.3, 7.5.3, 7.5.4 (merger and acquisition): the new share price and par.
3. 5.2.4: holders in turn, clockwise once round from the initiating director, the companies' own shares
   forming one holder sitting directly to his right (so last). Each holder, before his turn a director with
   fewer than six merging shares exchanges or flips his director's certificate; then he returns half his
   shares (non-surviving first), turns an odd share over as an option, swaps non-surviving shares for
   surviving ones from the Bank Pool then from the nearest holder clockwise not yet processed, sells what
   cannot be swapped (an option at half price rounded up), and redeems or relinquishes the option at half
   the price rounded down.
4. 5.2.5: the new director, or receivership.
5. 7.5.6, 7.5.7, 7.11.2: what moves with the company, or the refinancing funds; a warning when the trim of
   markers to the limit could take the survivor's home marker, which would leave it no legal run (7.8).

Holders are processed one at a time, as rulebook example 5.2.6 requires (Emma returns her shares after
Richard has swapped with her); a scenario may ask for the simultaneous returns 5.2.4 step 1 allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from solver.core.money_steps import outcome_dict
from solver.errors import InputError, Problem
from solver.titles.g1862.gamedata import load_game
from solver.titles.g1862.money.directors import DIRECTOR_SHARES, clockwise_from, director_after_merge
from solver.titles.g1862.money.market import Market, get_market, new_share_price
from solver.titles.g1862.money.scenario import IPO, POOL, TREASURY, Scenario
from solver.titles.g1862.trains import TrainType

BANK = "bank"
BESIDE_BOARD = "beside_board"
DIRECTOR_MINIMUM_MERGING = 6  # 60%: a director below this cannot keep his certificate through the halving


@dataclass(frozen=True)
class Step:
    """One numbered step of the procedure: who acts, what happens, the rule."""

    n: int
    actor: str
    text: str
    rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "actor": self.actor, "text": self.text, "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.n:>2}. {self.actor}: {self.text} ({self.rule})"


@dataclass(frozen=True)
class Payment:
    """Cash moving between a player, a company and the bank, at step `step`."""

    step: int
    payer: str
    payee: str
    amount: int
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "from": self.payer, "to": self.payee, "amount": self.amount, "why": self.why}


@dataclass(frozen=True)
class Possessions:
    """What the resulting company owns after the merge (7.5.6): cash, trains, permits and station markers."""

    cash: int
    trains: tuple[str, ...]
    permits: tuple[str, ...]
    markers: tuple[str, ...]
    markers_lost: tuple[str, ...]
    markers_replaced: tuple[str, ...]
    markers_over_limit: int
    unused_markers: int
    has_train: bool

    def to_dict(self) -> dict[str, Any]:
        return outcome_dict(self)


@dataclass(frozen=True)
class MergeOutcome:
    """The result of a 2:1 share merge. Holdings map company -> holder -> shares, holders being players,
    "treasury", "pool", "ipo" (and "beside_board" for a non-surviving company's certificates after 7.5.7).
    `director` is the resulting company's director (None: receivership). Cash maps players, companies and
    "bank" to amounts; `cash_changes` sums to zero."""

    kind: str
    survivor: str
    other: str | None
    price_before: Mapping[str, int]
    new_price: int
    price_working: str
    new_par: int
    par_area: str
    director: str | None
    directors_before: Mapping[str, str]
    steps: tuple[Step, ...]
    payments: tuple[Payment, ...]
    holdings_before: Mapping[str, Mapping[str, int]]
    holdings_after: Mapping[str, Mapping[str, int]]
    certificates_after: Mapping[str, Mapping[str, int]]
    cash_before: Mapping[str, int]
    cash_after: Mapping[str, int]
    cash_changes: Mapping[str, int]
    possessions: Possessions
    notes: tuple[str, ...] = field(default=())
    warnings: tuple[str, ...] = field(default=())

    @property
    def receivership(self) -> bool:
        return self.director is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "survivor": self.survivor,
            "other": self.other,
            "price_before": dict(self.price_before),
            "new_price": self.new_price,
            "price_working": self.price_working,
            "new_par": self.new_par,
            "par_area": self.par_area,
            "director": self.director,
            "receivership": self.receivership,
            "directors_before": dict(self.directors_before),
            "holdings_before": {c: dict(h) for c, h in self.holdings_before.items()},
            "holdings": {c: dict(h) for c, h in self.holdings_after.items()},
            "certificates": {h: dict(c) for h, c in self.certificates_after.items()},
            "cash_before": dict(self.cash_before),
            "cash_after": dict(self.cash_after),
            "cash_changes": dict(self.cash_changes),
            "payments": [p.to_dict() for p in self.payments],
            "possessions": self.possessions.to_dict(),
            "steps": [s.to_dict() for s in self.steps],
            "notes": list(self.notes),
            "warnings": list(self.warnings),
        }


def _shares(n: int, company: str) -> str:
    return f"{n} {company} share{'s' if n != 1 else ''}"


class _Merge:
    """The mutable working state of one merge. Shares of the surviving company are tracked as ordinary
    certificates per holder plus the holder of the director's certificate; the non-surviving company's
    certificates all leave play (7.5.7), so only its share counts are tracked."""

    def __init__(self, sc: Scenario, market: Market) -> None:
        self.sc = sc
        self.market = market
        self.surv = sc.companies[sc.survivor]
        other_id = sc.other
        self.other = sc.companies[other_id] if other_id is not None else None
        self.S = sc.survivor
        self.N = other_id or ""
        self.company = sc.survivor  # the companies' own shares: one holder, seated right of the initiator
        self.ring = [*clockwise_from(sc.players, sc.initiator), self.company]
        self.steps: list[Step] = []
        self.payments: list[Payment] = []
        self.cash: dict[str, int] = {p: sc.cash[p] for p in sc.players}
        self.cash[self.company] = self.surv.cash + (self.other.cash if self.other else 0)
        self.bank = 0
        self.ord: dict[str, int] = {h: 0 for h in [*self.ring, POOL, IPO]}
        self.cert = self.surv.director
        self.non: dict[str, int] = {h: 0 for h in [*self.ring, POOL, IPO]}
        for holder, n in self.surv.shares.items():
            key = self.company if holder == TREASURY else holder
            self.ord[key] += n - (DIRECTOR_SHARES if holder == self.cert else 0)
        if self.other is not None:
            for holder, n in self.other.shares.items():
                self.non[self.company if holder == TREASURY else holder] += n
        self.processed: set[str] = set()
        self.price = self.surv.price

    # ------------------------------------------------------------ bookkeeping

    def log(self, actor: str, text: str, rule: str) -> int:
        self.steps.append(Step(len(self.steps) + 1, actor, text, rule))
        self._check()
        return len(self.steps)

    def pay(self, payer: str, payee: str, amount: int, why: str, step: int) -> None:
        for who, sign in ((payer, -1), (payee, 1)):
            if who == BANK:
                self.bank += sign * amount
            else:
                self.cash[who] += sign * amount
        self.payments.append(Payment(step, payer, payee, amount, why))

    def name(self, holder: str) -> str:
        return f"{holder} (treasury)" if holder == self.company else holder

    def count(self, holder: str) -> int:
        """Surviving-company shares held, the director's certificate counting three."""
        return self.ord[holder] + (DIRECTOR_SHARES if self.cert == holder else 0)

    def merging(self, holder: str) -> int:
        return self.count(holder) + self.non[holder]

    def _check(self) -> None:
        """Shares are never created or lost: 10 per company, 7 ordinary certificates plus the director's."""
        assert sum(self.ord.values()) == 7, self.ord
        assert all(v >= 0 for v in [*self.ord.values(), *self.non.values()])
        if self.other is not None:
            assert sum(self.non.values()) == 10, self.non

    # ------------------------------------------------------------ the procedure

    def run(self) -> MergeOutcome:
        sc = self.sc
        holdings_before = {
            c.id: dict(sorted(c.shares.items(), key=lambda kv: self._order(kv[0]))) for c in sc.companies.values()
        }
        cash_before = {**self.cash}
        cash_before.pop(self.company)
        for c in sc.companies.values():
            cash_before[c.id] = c.cash
        if self.other is not None:
            verb = "merges with" if sc.kind == "merger" else "acquires"
            active = sc.active
            passive = self.N if active == self.S else self.S
            self.log(
                sc.initiator,
                f"{active} {verb} {passive}; {self.S} survives, {self.N} does not",
                "5.2.1, 7.5.1" if sc.kind == "merger" else "5.2.1, 7.14",
            )
        else:
            self.log(sc.initiator, f"{self.S} has no train and refinances, merging its shares 2:1", "5.1.3, 7.11.2")
        self._ipo_to_pool()
        if self.other is not None:
            new_price, working = new_share_price(
                self.surv.price, self.surv.has_train, self.other.price, self.other.has_train, self.market
            )
            par = self.market.par_for(new_price)
            area = "chartered" if self.surv.chartered and self.other.chartered else "non-chartered"
            self.price = new_price
            self.log(sc.initiator, f"new share price {working}", "5.2.3, 7.5.3")
            self.log(sc.initiator, f"par token on {par} in the {area} area of the par chart", "5.2.3, 7.5.4")
        else:
            new_price, par, working = self.surv.price, self.surv.par, "unchanged by a refinancing (5.2.3)"
            area = "chartered" if self.surv.chartered else "non-chartered"
        order = " then ".join(self.name(h) for h in self.ring if self.merging(h) > 0)
        self.log(sc.initiator, f"holders act in this order: {order}", "5.2.4")
        if sc.returns == "simultaneous":
            options = {}
            for h in self.ring:
                if self._director_turn(h):
                    continue
                options[h] = self._return_half(h)
            self.processed = set(self.ring)
            for h in self.ring:
                if h in options:
                    self._option(h, self._swap_and_sell(h, options[h]))
        else:
            for h in self.ring:
                if not self._director_turn(h):
                    self._option(h, self._swap_and_sell(h, self._return_half(h)))
                self.processed.add(h)
        director = self._new_director()
        possessions = self._possessions(par, area)
        notes, warnings = self._notes(), self._home_warning(possessions)
        return self._outcome(
            new_price, working, par, area, director, possessions, holdings_before, cash_before, notes, warnings
        )

    def _order(self, holder: str) -> int:
        seats = [*self.sc.players, TREASURY, POOL, IPO]
        return seats.index(holder) if holder in seats else len(seats)

    def _ipo_to_pool(self) -> None:
        moved = []
        for key, company in ((self.ord, self.S), (self.non, self.N)):
            if key[IPO]:
                moved.append(_shares(key[IPO], company))
                key[POOL] += key[IPO]
                key[IPO] = 0
        if moved:
            self.log("bank", f"moves {' and '.join(moved)} from the IPO to the Bank Pool", "5.2.2")

    def _director_turn(self, h: str) -> bool:
        """5.2.4, last paragraph: a director of the surviving company holding fewer than six merging shares
        exchanges his certificate for three in the pool, or flips it to an option certificate. True if the
        option certificate settled his whole turn."""
        if self.cert != h:
            return False
        m = self.merging(h)
        if m >= DIRECTOR_MINIMUM_MERGING:
            return False
        if self.ord[POOL] >= DIRECTOR_SHARES:
            self.ord[POOL] -= DIRECTOR_SHARES
            self.ord[h] += DIRECTOR_SHARES
            self.cert = POOL
            self.log(
                h,
                f"holds {m} merging shares (under 60%): exchanges the {self.S} director's certificate for three "
                "ordinary certificates from the Bank Pool",
                "5.2.4",
            )
            return False
        returned = []
        if self.ord[h]:
            returned.append(_shares(self.ord[h], self.S))
            self.ord[POOL] += self.ord[h]
            self.ord[h] = 0
        if self.non[h]:
            returned.append(_shares(self.non[h], self.N))
            self.non[POOL] += self.non[h]
            self.non[h] = 0
        keep = (2 * DIRECTOR_SHARES - m) * self.price // 2
        sell = m * self.price // 2
        put = f"puts {' and '.join(returned)} in the Bank Pool and " if returned else ""
        self.log(
            h,
            f"holds {m} merging shares (under 60%) and the Bank Pool lacks three {self.S} certificates: {put}"
            f"turns the director's certificate over as an option certificate (redeem for {keep}, sell for {sell})",
            "5.2.4",
        )
        choice = self._choose(h, keep)
        if choice == "redeem":
            step = self.log(
                h, f"pays {keep} to redeem the option certificate and keeps the director's certificate", "5.2.4"
            )
            self.pay(h, BANK, keep, "redeems the director's option certificate", step)
        else:
            self.cert = POOL
            step = self.log(
                h, f"sells the option certificate to the bank for {sell}; it goes to the Bank Pool", "5.2.4"
            )
            self.pay(BANK, h, sell, "sells the director's option certificate", step)
        return True

    def _return_half(self, h: str) -> str | None:
        """5.2.4 step 1: return half, rounded down, non-surviving first; an odd holding leaves an option share.
        Returns which company's share is the option ("non" or "surv") or None."""
        m = self.merging(h)
        if m == 0:
            return None
        r = m // 2
        a = min(r, self.non[h])
        b = r - a
        self.non[h] -= a
        self.non[POOL] += a
        self.ord[h] -= b
        self.ord[POOL] += b
        parts = [_shares(n, c) for n, c in ((a, self.N), (b, self.S)) if n]
        text = f"holds {m} merging share{'s' if m != 1 else ''}: "
        text += f"returns {' and '.join(parts)} to the Bank Pool" if parts else "returns none"
        option: str | None = None
        if m % 2:
            option = "non" if self.non[h] else "surv"
            text += f" and turns one {self.N if option == 'non' else self.S} share over as an option share"
        self.log(self.name(h), text, "5.2.4 step 1")
        return option

    def _partner(self, h: str) -> str | None:
        """The nearest holder of an ordinary surviving share clockwise from `h` who has not yet returned
        shares (5.2.4 step 2)."""
        i = self.ring.index(h)
        for p in [*self.ring[i + 1 :], *self.ring[:i]]:
            if p not in self.processed and self.ord[p] > 0:
                return p
        return None

    def _swap_and_sell(self, h: str, option: str | None) -> str | None:
        """5.2.4 steps 2 and 3. Returns the option share's company after swapping ("surv"), or None if there
        is none left."""
        total = self.non[h]
        if total == 0:
            return option
        plain = total - (1 if option == "non" else 0)
        sources: list[tuple[str, bool]] = []  # (source, is_option) for each swap made
        unswapped_plain = 0
        option_unswapped = False
        for is_option in [False] * plain + [True] * (total - plain):
            source = POOL if self.ord[POOL] > 0 else self._partner(h)
            if source is None:
                if is_option:
                    option_unswapped = True
                else:
                    unswapped_plain += 1
                continue
            self.ord[source] -= 1
            self.ord[h] += 1
            self.non[h] -= 1
            self.non[source] += 1
            sources.append((source, is_option))
        i = 0
        while i < len(sources):
            src = sources[i][0]
            j = i
            while j < len(sources) and sources[j][0] == src:
                j += 1
            n = j - i
            opt = " (the option share)" if sources[j - 1][1] and n == 1 else ""
            opt = " (the last one the option share)" if sources[j - 1][1] and n > 1 else opt
            where = "from the Bank Pool" if src == POOL else f"held by {self.name(src)}"
            self.log(self.name(h), f"swaps {_shares(n, self.N)}{opt} for {self.S} shares {where}", "5.2.4 step 2")
            i = j
        if unswapped_plain:
            amount = unswapped_plain * self.price
            self.non[h] -= unswapped_plain
            self.non[POOL] += unswapped_plain
            step = self.log(
                self.name(h),
                f"cannot swap {_shares(unswapped_plain, self.N)}: sells to the bank at {self.price} each for {amount}",
                "5.2.4 step 3",
            )
            self.pay(BANK, h, amount, f"sells unswappable {self.N} shares", step)
        if option_unswapped:
            amount = -(-self.price // 2)
            self.non[h] -= 1
            self.non[POOL] += 1
            step = self.log(
                self.name(h),
                f"cannot swap the {self.N} option share: sells it to the bank at half the price rounded up, {amount}",
                "5.2.4 step 3",
            )
            self.pay(BANK, h, amount, f"sells an unswappable {self.N} option share", step)
            return None
        return "surv" if option is not None else None

    def _choose(self, h: str, value: int) -> str:
        choice = self.sc.choices.get(h)
        if choice is None:
            return "redeem" if self.cash[h] >= value else "relinquish"
        if choice == "redeem" and self.cash[h] < value:
            raise InputError(
                [
                    Problem(
                        f"choices.{h}",
                        "5.2.4",
                        f"{self.name(h)} has {self.cash[h]} at this point and cannot pay {value} to redeem",
                    )
                ]
            )
        return choice

    def _option(self, h: str, option: str | None) -> None:
        """5.2.4 step 4: redeem (pay half the price, rounded down) or relinquish (be paid it) the option."""
        if option is None:
            return
        value = self.price // 2
        if self._choose(h, value) == "redeem":
            step = self.log(
                self.name(h),
                f"pays {value} (half of {self.price}) to redeem the option share and keeps it",
                "5.2.4 step 4",
            )
            self.pay(h, BANK, value, f"redeems a {self.S} option share", step)
        else:
            self.ord[h] -= 1
            self.ord[POOL] += 1
            step = self.log(
                self.name(h),
                f"relinquishes the option share: receives {value} (half of {self.price}) and the share goes to "
                "the Bank Pool",
                "5.2.4 step 4",
            )
            self.pay(BANK, h, value, f"relinquishes a {self.S} option share", step)

    def _new_director(self) -> str | None:
        """5.2.5: most shares, ties to the initiator then clockwise; under three shares: receivership."""
        sc = self.sc
        counts = {p: self.count(p) for p in sc.players}
        new = director_after_merge(counts, sc.players, sc.initiator)
        if new is None:
            self.cert = POOL
            self.log(
                self.S,
                "no player holds three shares: the company is in receivership, its director's certificate "
                "in the Bank Pool",
                "5.2.5, 8.0",
            )
            return None
        if new == self.cert:
            self.log(self.S, f"{new} is director with {counts[new]} shares", "5.2.5")
            return new
        old = self.cert
        self.ord[new] -= DIRECTOR_SHARES
        self.ord[old] += DIRECTOR_SHARES
        self.cert = new
        where = "the Bank Pool" if old == POOL else old
        self.log(
            self.S,
            f"{new} holds the most shares ({counts[new]}) and becomes director, exchanging three ordinary "
            f"certificates with {where} for the director's certificate",
            "5.2.5",
        )
        return new

    def _possessions(self, par: int, area: str) -> Possessions:
        sc = self.sc
        s, o = self.surv, self.other
        if o is None:
            funds = self.market.refinancing_funds(par)
            step = self.log(self.S, f"receives 10 x par {par} = {funds} from the bank into its treasury", "7.11.2")
            self.pay(BANK, self.company, funds, "refinancing funds", step)
            return Possessions(
                self.cash[self.company],
                tuple(t.name for t in s.trains),
                tuple(t.value for t in TrainType if t in s.permits),
                s.markers,
                (),
                (),
                0,
                s.unused_markers,
                s.has_train,
            )
        if self.non[POOL] == 10:
            self.log(
                self.N,
                f"its director's certificate returns to the IPO with a new train permit; the other {self.N} "
                "certificates go beside the board; it may be started again",
                "7.5.7",
            )
        lost = tuple(m for m in o.markers if m in s.markers)
        replaced = tuple(m for m in o.markers if m not in s.markers)
        board = (*s.markers, *replaced)
        over = max(0, len(board) - sc.max_markers)
        trains = tuple(t.name for t in (*s.trains, *o.trains))
        permits = tuple(t.value for t in TrainType if t in s.permits | o.permits)
        self.log(
            self.S,
            f"receives {self.N}'s treasury of {o.cash} (now {self.cash[self.company]}), its trains "
            f"({', '.join(t.name for t in o.trains) or 'none'}) and permits ({', '.join(sorted(o.permits)) or 'none'})",
            "7.5.6",
        )
        marker_text = []
        if lost:
            marker_text.append(f"{self.N}'s markers in {', '.join(lost)} are removed and lost (both companies there)")
        if replaced:
            marker_text.append(f"{self.N}'s markers in {', '.join(replaced)} are replaced by {self.S} markers")
        marker_text.append(f"{s.unused_markers + o.unused_markers} unused marker(s) on the charter")
        if over:
            marker_text.append(
                f"{len(board)} markers exceed the limit of {sc.max_markers}: the director removes {over} of them"
            )
        self.log(self.S, "; ".join(marker_text), "7.5.6")
        if s.chartered:
            self.log(self.S, "its charter is turned over to the non-chartered side", "3.1, 7.5.6")
        return Possessions(
            self.cash[self.company],
            trains,
            permits,
            board,
            lost,
            replaced,
            over,
            s.unused_markers + o.unused_markers,
            s.has_train or o.has_train,
        )

    def _home_warning(self, p: Possessions) -> tuple[str, ...]:
        """7.5.6, 7.8: when the director trims the markers to the limit, he may remove the survivor's home
        marker; a company with no Home Station marker on the board has no legal run (RULES-NOTES "The home
        station"). The survivor keeps its own home (docs/rules-interpretations.md)."""
        home = self.surv.home
        if not p.markers_over_limit or home not in p.markers:
            return ()
        place = load_game(self.sc.title).hex_name(home)
        others = ", ".join(m for m in p.markers if m != home)
        return (
            f"{self.S}'s Home Station marker is in {home} {place}, one of the {len(p.markers)} markers from which "
            f"the director removes {p.markers_over_limit} (7.5.6): without it {self.S} has no legal run (7.8) and "
            f"earns nothing until one of its markers stands on {home} again, so remove "
            f"{p.markers_over_limit} of {others} instead.",
        )

    def _notes(self) -> tuple[str, ...]:
        sc = self.sc
        if sc.kind == "refinance":
            return (f"{self.S} now buys a train from the bank (7.11, 7.11.2).",)
        if sc.kind == "acquisition":
            return (f"{self.S} does not operate again until the next Operating Round (7.14).",)
        if any(c.operated for c in sc.companies.values()):
            return (f"One company has already operated: {self.S}'s turn ends now (5.1.1, 7.5).",)
        return (f"Neither company has operated: {self.S} continues the operating turn (5.1.1, 7.5).",)

    def _outcome(
        self,
        new_price: int,
        working: str,
        par: int,
        area: str,
        director: str | None,
        possessions: Possessions,
        holdings_before: dict[str, dict[str, int]],
        cash_before: dict[str, int],
        notes: tuple[str, ...],
        warnings: tuple[str, ...],
    ) -> MergeOutcome:
        sc = self.sc
        after_s: dict[str, int] = {}
        certs: dict[str, dict[str, int]] = {}
        for h in [*sc.players, self.company, POOL]:
            key = TREASURY if h == self.company else h
            n = self.count(h)
            if n or h in sc.players or h in (self.company, POOL):
                after_s[key] = n
            if n:
                certs[key] = {"ordinary": self.ord[h], "director": int(self.cert == h)}
        after_s[IPO] = 0
        holdings_after: dict[str, dict[str, int]] = {self.S: after_s}
        if self.other is not None:
            holdings_after[self.N] = {IPO: DIRECTOR_SHARES, BESIDE_BOARD: 10 - DIRECTOR_SHARES}
        cash_after = {p: self.cash[p] for p in sc.players}
        cash_after[self.S] = self.cash[self.company]
        changes = {p: cash_after[p] - cash_before[p] for p in sc.players}
        changes[self.S] = cash_after[self.S] - cash_before[self.S]
        if self.other is not None:
            cash_after[self.N] = 0
            changes[self.N] = -self.other.cash
        changes[BANK] = self.bank
        cash_after[BANK] = self.bank
        return MergeOutcome(
            kind=sc.kind,
            survivor=self.S,
            other=self.N or None,
            price_before={c.id: c.price for c in sc.companies.values()},
            new_price=new_price,
            price_working=working,
            new_par=par,
            par_area=area,
            director=director,
            directors_before={c.id: c.director for c in sc.companies.values()},
            steps=tuple(self.steps),
            payments=tuple(self.payments),
            holdings_before=holdings_before,
            holdings_after=holdings_after,
            certificates_after=certs,
            cash_before=cash_before,
            cash_after=cash_after,
            cash_changes=changes,
            possessions=possessions,
            notes=notes,
            warnings=warnings,
        )


def merge_preview(scenario: Scenario, market: Market | None = None) -> MergeOutcome:
    """Play the 2:1 share merge of a merger, acquisition or refinancing (5.2, 7.5, 7.11.2, 7.14) and return
    every step, the holdings and cash before and after, the new price and par, and the new director.

    InputError if a holder's explicit choice to redeem an option cannot be paid at that point (5.2.4)."""
    return _Merge(scenario, market or get_market(scenario.title)).run()
