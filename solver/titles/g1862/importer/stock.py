"""The stock market, the share certificates and the money of an 18xx.games 1862 export, replayed action by action.

Everything that moves money or a certificate in 1862 is followed, as the site does it (facts read from the
site's g_1862 engine; each rule cited from the rulebook; where the site differs, docs/importer.md says how):

* set-up: each player's starting cash by player count from the £15,000 Bank (2.4.1);
* the charter auction: the winner pays his bid to the Bank (4.2); a par then puts the director's certificate
  with him at three times the par, paid to the Bank for a chartered company (its shares are in the IPO),
  to the company's treasury for a non-chartered one (its shares are in its treasury) (4.2, 6.5.3);
* share purchases: from the IPO at par (to the Bank), from a non-chartered company's treasury at the market
  price (to the company), from the Bank Pool at the market price (to the Bank); a company redeeming its own
  share from the Pool pays the market price (6.5, 7.13). Floating (half the shares sold, 6.5.4): a chartered
  company receives ten times its par and pays £60 for each of its three station markers; a non-chartered
  company buys 2-7 markers at £40 each, the number recorded by the director's `choose` (6.5.4.2);
* sales to the Bank Pool at the market price, or at the price the action records (half for a company
  without a train, 6.4.1); the price falls one zigzag step per share, less the shares a non-director's sale
  ignores (6.4.2), not at all after the LNER is formed (10.3); the director's certificate moves as the site
  moves it (6.3, 6.4.3, 8.0);
* dividends (7.8.5): a payout pays each player and company a tenth of the revenue per share it holds (the
  company's own shares pay its treasury; Bank Pool and IPO shares pay nobody), the Local subsidy goes to the
  treasury; withholding puts revenue and subsidy in the treasury; the George Hudson Manoeuvre takes the
  top-up from the treasury (7.8.6);
* trains from the Bank, the Bank Pool or another company at the recorded price, and £50 per warranty bought
  (7.9, 7.10); a forced purchase sells treasury shares or refinances first (7.11);
* the 2:1 share merge of mergers, acquisitions and refinancing, option shares and their money (5.2, 7.5,
  7.11.2, 7.14), with the certificates the site moves;
* bankruptcy: shareholders are paid for their shares at the company's (halved without a train) price, its
  treasury goes to the Bank and its certificates back to the IPO (7.12);
* missed obligations: five times the par, paid from cash, then from the company's shares (4.3);
* the LNER (10.3): IPO shares go to the Bank Pool and sales no longer move prices.

Holders are player names, company ids (a company's own shares are its treasury; during a merger a company
may hold the other's), `BANK` (the IPO of a chartered company) and `POOL`. Each holder's certificates of a
company are kept in the order the site keeps them, since the site's merger and director changes take "the
first" certificates of a holder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import ceil
from types import MappingProxyType

from solver.titles.g1862.gamedata import CompaniesFile
from solver.titles.g1862.money.market import get_market
from solver.titles.g1862.money.scenario import DIRECTOR_SHARES, IPO, POOL, TREASURY
from solver.titles.g1862.position import CompanyMoney

DIRECTOR_CERTIFICATE = 0
CERTIFICATES = range(8)
BANK = "bank"
#: A merger that ends with no player holding three shares leaves the company in receivership (5.2.5, 8.0).
RECEIVERSHIP = POOL
#: 6.5.4: a company floats when half its shares are sold, so at most five are left unsold.
FLOAT_SHARES_LEFT = 5


def certificate_shares(number: int) -> int:
    """Shares one certificate stands for: three for the director's certificate, else one (2.0)."""
    return DIRECTOR_SHARES if number == DIRECTOR_CERTIFICATE else 1


def parse_certificate(share: str) -> tuple[str, int] | None:
    """`"N&E_3"` -> ("N&E", 3); None for anything else."""
    company, sep, number = share.rpartition("_")
    if not sep or not number.isdigit() or int(number) not in CERTIFICATES:
        return None
    return company, int(number)


def hudson_top_up(price: int, revenue: int) -> int:
    """7.8.6: the treasury adds the difference to the price, rounded up to £10."""
    return -(-(price - revenue) // 10) * 10


@dataclass
class _Shares:
    """One company's certificates and standing on the market."""

    id: str
    holder: dict[int, str]
    lists: dict[str, list[int]]
    touched: list[str]  # holders in the order they first held or gave a certificate (the site's tie order)
    price: int | None = None
    par: int | None = None
    chartered: bool = False
    incremental: bool = False  # its unsold shares are in its treasury (non-chartered), not the IPO
    floated: bool = False
    director: str | None = None  # a player, RECEIVERSHIP, or None before it starts
    operated: bool = False

    @property
    def ipo_owner(self) -> str:
        return self.id if self.incremental else BANK


@dataclass
class _Merge:
    originator: str
    kind: str  # merge, acquire, refinance
    corps: list[str]
    holders: list[str]
    price: int
    done: Callable[[], None] | None = None
    options: list[tuple[str, int, int, int, int]] = field(default_factory=list)  # holder, share, %, sell, redeem


class StockReplay:
    """Prices, market stacks, certificate holders and the cash of players, companies and the Bank."""

    def __init__(
        self,
        players: Mapping[str, str],
        rules: CompaniesFile | None = None,
        has_trains: Callable[[str], bool] = lambda _c: True,
    ) -> None:
        self.market = get_market()
        self.player_names = dict(players)  # site player id -> name
        self.seats = list(self.player_names.values())
        self.has_trains = has_trains
        self.companies: dict[str, _Shares] = {}
        self.stacks: dict[int, list[str]] = {}
        self.bids: dict[str, dict[str, int]] = {}
        self.lner = False
        self.tokens_due: str | None = None
        self.debts: dict[str, int] = {}
        self.merging: _Merge | None = None
        self.relabelled: list[str] = []  # ordinary certificates whose ids the export placed otherwise than we did
        self.marker_cost = (
            (60, 40)
            if rules is None
            else (
                rules.station_markers.cost_chartered,
                rules.station_markers.cost_non_chartered,
            )
        )
        self.chartered_markers = 3 if rules is None else rules.station_markers.chartered
        start = 0 if rules is None else rules.starting_cash.get(str(len(self.seats)), 0)
        bank = 0 if rules is None else rules.bank
        # 2.4.1: each player takes his starting cash from the Bank
        self.cash: dict[str, int] = {BANK: bank - start * len(self.seats), **dict.fromkeys(self.seats, start)}

    # ------------------------------------------------------------ reading

    @property
    def listed(self) -> dict[str, _Shares]:
        return {c: s for c, s in self.companies.items() if s.price is not None}

    def shares_of(self, company: str) -> _Shares:
        s = self.companies.get(company)
        if s is None:
            s = _Shares(company, dict.fromkeys(CERTIFICATES, BANK), {BANK: list(CERTIFICATES)}, [company, BANK])
            self.companies[company] = s
        return s

    def price(self, company: str) -> int | None:
        s = self.companies.get(company)
        return s.price if s else None

    def percent(self, company: str, holder: str) -> int:
        return sum(certificate_shares(n) for n in self.shares_of(company).lists.get(holder, ()))

    def holdings(self, company: str) -> dict[str, int]:
        """Shares by holder as the position writes them: players, "treasury", "pool", "ipo"."""
        s = self.shares_of(company)
        counts: dict[str, int] = {}
        for holder, numbers in s.lists.items():
            if numbers:
                name = IPO if holder == BANK else TREASURY if holder in self.companies else holder
                counts[name] = counts.get(name, 0) + sum(certificate_shares(n) for n in numbers)
        return counts

    def director(self, company: str) -> str | None:
        """The player who directs the company; None: not started, or in receivership (8.0)."""
        s = self.companies.get(company)
        return s.director if s is not None and s.director in self.seats else None

    def in_receivership(self, company: str) -> bool:
        s = self.companies.get(company)
        return s is not None and s.price is not None and s.director not in self.seats

    def company_money(self, company: str) -> CompanyMoney | None:
        s = self.companies.get(company)
        if s is None or s.price is None:
            return None
        director = self.director(company)
        return CompanyMoney(
            par=s.par,
            chartered=s.chartered,
            cash=max(0, self.cash.get(company, 0)),  # a replay that overspends never writes a negative treasury
            holdings=MappingProxyType(self.holdings(company)),
            director=director,
            receivership=director is None,
            operated=s.operated,
        )

    def market_stacks(self) -> Mapping[int, tuple[str, ...]]:
        return MappingProxyType({p: tuple(cs) for p, cs in sorted(self.stacks.items(), reverse=True) if cs})

    def effective_price(self, company: str) -> int:
        """A company without a train is valued at half its price, rounded down (6.4.1)."""
        price = self.shares_of(company).price or 0
        return price if self.has_trains(company) else price // 2

    def player_value(self, player: str) -> int:
        """Cash plus every certificate at the market price (halved, rounded down, per certificate for a company
        without a train): the site's final score (10.4)."""
        total = self.cash[player]
        for company, s in self.companies.items():
            for number in s.lists.get(player, ()):
                value = (s.price or 0) * certificate_shares(number)
                total += value if self.has_trains(company) else value // 2
        return total

    def total_cash(self) -> int:
        return sum(self.cash.values())

    # ------------------------------------------------------------ primitives

    def pay(self, payer: str, payee: str, amount: int) -> None:
        self.cash[payer] = self.cash.get(payer, 0) - amount
        self.cash[payee] = self.cash.get(payee, 0) + amount

    def _transfer(self, company: str, number: int, to: str) -> None:
        s = self.shares_of(company)
        old = s.holder[number]
        s.lists[old].remove(number)
        s.lists.setdefault(to, []).append(number)
        s.holder[number] = to
        for h in (old, to):
            if h not in s.touched:
                s.touched.append(h)

    def _move(self, company: str, price: int) -> None:
        """The price token moves; it goes to the bottom of the stack on a new space (7.1); no move, no change."""
        s = self.shares_of(company)
        if s.price is None or price == s.price:
            return
        self.stacks[s.price].remove(company)
        s.price = price
        self.stacks.setdefault(price, []).append(company)

    def bankrupt_price(self, company: str) -> bool:
        """Whether the company's price token is on the 0 space (7.12)."""
        s = self.companies.get(company)
        return s is not None and s.price is not None and self.market.is_bankrupt(s.price)

    def _player_percents(self, company: str) -> dict[str, int]:
        s = self.shares_of(company)
        return {h: self.percent(company, h) for h in s.touched if h in self.seats}

    def _distance(self, a: str, b: str) -> int:
        """Seats clockwise from a to b (a itself counts as a full round)."""
        n = len(self.seats)
        i, j = self.seats.index(a), self.seats.index(b)
        return j - i if i < j else j - (i - n)

    def _to_full(self, company: str) -> None:
        """All certificates go to the IPO (a chartered company's start, and any restart)."""
        s = self.shares_of(company)
        s.incremental = False
        for holder in list(s.touched):
            if holder != BANK:
                for number in list(s.lists.get(holder, ())):
                    self._transfer(company, number, BANK)

    def _to_incremental(self, company: str) -> None:
        """All certificates go to the company's treasury (a non-chartered company's start, 6.5.3)."""
        s = self.shares_of(company)
        s.incremental = True
        for holder in list(s.touched):
            if holder != company:
                for number in list(s.lists.get(holder, ())):
                    self._transfer(company, number, company)

    # ------------------------------------------------------------ directors (6.3, 6.4.3, 8.0)

    def _after_transfer(
        self, company: str, numbers: list[int], owner: str, to: str, percent: int, previous: str | None
    ) -> None:
        """Who directs the company after certificates moved from `owner` to `to`, and the certificate swaps
        that follow, as the site decides it (6.3): the player with most shares, three or more, ties to the
        nearest clockwise from the old director; none with three after the director's certificate went to
        the Pool: receivership (6.4.3, 8.0)."""
        s = self.shares_of(company)
        shares = self._player_percents(company)
        most = max(shares.values(), default=0)
        has_director = DIRECTOR_CERTIFICATE in numbers
        partial = percent != sum(certificate_shares(n) for n in numbers)
        if most < DIRECTOR_SHARES and has_director and to == POOL:
            s.director = RECEIVERSHIP
            if partial:
                self._partial(company, numbers, percent, POOL, owner)
            return
        if owner == POOL and has_director:
            s.director = to
            self._partial(company, numbers, percent, to, POOL)
            return
        if most < DIRECTOR_SHARES:
            return
        leaders = [p for p, n in shares.items() if n == most]
        if previous in leaders:
            return
        president = None
        if previous is None:
            president = next((p for p in leaders if p == s.holder[DIRECTOR_CERTIFICATE]), None)
        if president is None:
            able = [p for p in leaders if shares[p] >= DIRECTOR_SHARES]
            if not able:
                return
            president = able[0] if previous not in self.seats else min(able, key=lambda p: self._distance(previous, p))
        s.director = president
        if to == president and previous == owner and has_director and not partial:
            return
        if owner == president or previous is None:
            return
        if not has_director and s.holder[DIRECTOR_CERTIFICATE] != previous:
            return
        if owner in self.seats and to in self.seats and has_director:
            transfer_to = swap_to = to
        else:
            transfer_to = POOL
            swap_to = previous if self.percent(company, previous) >= DIRECTOR_SHARES else POOL
        for number in list(s.lists.get(president, []))[:DIRECTOR_SHARES]:
            self._transfer(company, number, swap_to)
        self._transfer(company, DIRECTOR_CERTIFICATE, president)
        if partial:
            self._partial(company, numbers, percent, transfer_to, owner)

    def _partial(self, company: str, numbers: list[int], percent: int, source: str, to: str) -> None:
        """Part of the director's certificate sold: the seller takes back ordinary certificates (6.3)."""
        s = self.shares_of(company)
        for _ in range(sum(certificate_shares(n) for n in numbers) - percent):
            self._transfer(company, s.lists[source][0], to)

    def _move_bundle(self, company: str, numbers: list[int], to: str, percent: int) -> None:
        s = self.shares_of(company)
        owner = s.holder[numbers[0]]
        previous = s.director
        for n in numbers:
            self._transfer(company, n, to)
        self._after_transfer(company, numbers, owner, to, percent, previous)

    def _adopt(self, company: str, number: int, holder: str, bundle: list[int]) -> bool:
        """The site names certificate `number` with `holder`; ours has it elsewhere, because the site chose
        another ordinary certificate in a merger's exchange (its order there is not fixed). Ordinary
        certificates are alike: swap the ids. False when the holder has no certificate of that kind."""
        s = self.shares_of(company)
        if s.holder[number] == holder:
            return True
        alike = [
            n
            for n in s.lists.get(holder, [])
            if (n == DIRECTOR_CERTIFICATE) == (number == DIRECTOR_CERTIFICATE) and n not in bundle
        ]
        if number == DIRECTOR_CERTIFICATE or not alike:
            return False
        other, elsewhere = alike[0], s.holder[number]
        self.relabelled.append(f"{company}_{number} with {holder} (ours: {company}_{other})")
        s.lists[holder][s.lists[holder].index(other)] = number
        s.lists[elsewhere][s.lists[elsewhere].index(number)] = other
        s.holder[number], s.holder[other] = holder, elsewhere
        return True

    # ------------------------------------------------------------ stock and parliament rounds

    def bid(self, company: str, player_id: str = "", price: int = 0) -> None:
        """A bid in the Parliament Round's auction (4.2): the par that follows charters the company, and its
        winner pays his bid."""
        self.bids.setdefault(company, {})[self.player_names.get(player_id, player_id)] = price

    def par(self, player_id: str, company: str, price: int) -> None:
        """The company starts at `price` (4.2, 6.5.3); its director's certificate goes to the player for three
        times the price."""
        self.market.index_of(price, f"par of {company}")
        name = self.player_names.get(player_id, player_id)
        self.remove(company)
        bids = self.bids.pop(company, None)
        s = self.shares_of(company)
        s.chartered = bids is not None
        if bids is not None:
            self.pay(name, BANK, bids.get(name, max(bids.values(), default=0)))  # the auction's winner (4.2)
            self._to_full(company)
        else:
            self._to_incremental(company)
        s.price = price
        s.par = price if s.chartered else self.market.par_for(price)
        s.floated = False
        s.director = None
        self.stacks.setdefault(price, []).append(company)
        self.pay(name, s.ipo_owner, price * DIRECTOR_SHARES)
        self._move_bundle(company, [DIRECTOR_CERTIFICATE], name, DIRECTOR_SHARES)

    def remove(self, company: str) -> None:
        """The company leaves the market (bankrupt, merged away, or removed at the LNER)."""
        s = self.companies.get(company)
        if s is not None and s.price is not None:
            self.stacks[s.price].remove(company)
            s.price = None

    def buy(self, buyer: str, shares: list[str], percent: int | None = None) -> list[str]:
        """Certificates bought by a player (site id) or by a company (its own, redeemed from the Pool, 7.13);
        notes on certificates our replay had elsewhere."""
        owner = self.player_names.get(buyer, buyer)
        notes: list[str] = []
        by_company = self._group(shares, notes)
        for company, named in by_company.items():
            s = self.shares_of(company)
            for n in named:  # a player never sells to a player in 1862 (6.4): the site's exchange put it elsewhere
                if s.holder[n] in self.seats and not any(
                    self._adopt(company, n, h, named) for h in (s.ipo_owner, POOL)
                ):
                    notes.append(f"{owner} buys {company}_{n}, which our replay has with {s.holder[n]}")
            numbers = [n for n in named if s.holder[n] != owner]
            if not numbers:
                continue
            source = s.holder[numbers[0]]
            for n in numbers[1:]:
                if s.holder[n] != source and not self._adopt(company, n, source, numbers):
                    notes.append(f"{company}_{n} is with {s.holder[n]} in our replay, not with {source}")
            count = percent // 10 if percent is not None and numbers == named else self._count(numbers)
            unit = (s.par if not s.incremental else s.price) if source == s.ipo_owner else s.price
            receiver = source if source in self.companies or source in self.seats else BANK
            self.pay(owner, receiver, (unit or 0) * count)
            floated = s.floated
            self._move_bundle(company, numbers, owner, count)
            if not floated and self.percent(company, s.ipo_owner) <= FLOAT_SHARES_LEFT:
                self._float(company)
        return notes

    def _group(self, shares: list[str], notes: list[str]) -> dict[str, list[int]]:
        grouped: dict[str, list[int]] = {}
        for share in shares:
            parsed = parse_certificate(share)
            if parsed is None or self.price(parsed[0]) is None:
                notes.append(f"share {share} is of no company on the market; it is not followed")
                continue
            grouped.setdefault(parsed[0], []).append(parsed[1])
        return grouped

    @staticmethod
    def _count(numbers: list[int]) -> int:
        return sum(certificate_shares(n) for n in numbers)

    def _float(self, company: str) -> None:
        """Half the shares sold: the company floats (6.5.4). A chartered company receives ten times its par
        (6.5.4.1) and pays for its three station markers; a non-chartered company's director chooses how many
        markers it buys (6.5.4.2: the next `choose`)."""
        s = self.shares_of(company)
        s.floated = True
        if not s.incremental:
            self.pay(BANK, company, (s.par or 0) * 10)
        if s.chartered:
            self.pay(company, BANK, self.marker_cost[0] * self.chartered_markers)
        else:
            self.tokens_due = company

    def buy_markers(self, count: int) -> str | None:
        """6.5.4.2: the non-chartered company that just floated buys `count` station markers at £40."""
        company, self.tokens_due = self.tokens_due, None
        if company is not None:
            self.pay(company, BANK, self.marker_cost[1] * count)
        return company

    def sell(
        self, seller: str, shares: list[str], percent: int | None = None, share_price: int | None = None
    ) -> tuple[list[str], list[str]]:
        """Certificates sold to the Bank Pool by a player (6.4): paid at the market price (or the price the
        action records), prices move (6.4.2), directors change (6.3, 6.4.3). Returns the companies that went
        into receivership, and notes on certificates the seller did not hold in our replay."""
        name = self.player_names.get(seller, seller)
        notes: list[str] = []
        to_receivership: list[str] = []
        for company, numbers in self._group(shares, notes).items():
            s = self.shares_of(company)
            for n in numbers:
                if not self._adopt(company, n, name, numbers):
                    notes.append(f"{name} sells {company}_{n}, which our replay has with {s.holder[n]}")
            count = percent // 10 if percent is not None else self._count(numbers)
            unit = share_price if share_price is not None else s.price or 0
            director_selling = s.director == name
            was_receivership = s.director == RECEIVERSHIP
            self.pay(BANK, name, ceil(Fraction(unit * count)))
            price_zone = s.price or 0
            self._move_bundle(company, numbers, POOL, count)
            moves = count if director_selling else count - self.market.sale_shares_ignored(price_zone)
            if s.floated and not self.lner:
                for _ in range(max(0, moves)):
                    self._move(company, self.market.down(s.price or 0))
            if s.director == RECEIVERSHIP and not was_receivership:
                to_receivership.append(company)
        if name in self.debts:
            self.repay(name)
        return to_receivership, notes

    def repay(self, player: str) -> None:
        """A player owing a fine pays what he has (4.3); a debt he cannot pay is forgiven when he has nothing
        left to sell (the site's reading)."""
        owed = self.debts.pop(player)
        paid = min(owed, max(0, self.cash[player]))
        self.pay(player, BANK, paid)
        if paid < owed and any(self.shares_of(c).lists.get(player) for c in self.listed):
            self.debts[player] = owed - paid

    def obligations(self) -> list[str]:
        """4.3, at the end of the Stock Round: a chartered company won at auction that has not floated costs its
        winner five times the par; he pays from cash, then from the company's shares at their price; the
        company is restarted. Returns notes."""
        notes = []
        for company, s in list(self.listed.items()):
            if not s.chartered or s.floated or s.director not in self.seats:
                continue
            player = s.director
            fine = (s.par or 0) * 5
            paid = min(fine, max(0, self.cash[player]))
            self.pay(player, BANK, paid)
            owed = fine - paid
            value = self.effective_price(company)
            for number in sorted(s.lists.get(player, []), key=certificate_shares):
                if owed <= 0:
                    break
                owed -= value * certificate_shares(number)
            if owed < 0:
                self.pay(BANK, player, -owed)
            elif owed > 0 and any(self.shares_of(c).lists.get(player) for c in self.listed if c != company):
                self.debts[player] = self.debts.get(player, 0) + owed
            self.restart(company)
            notes.append(f"{player} misses the obligation for {company} and is fined £{fine} (4.3)")
        return notes

    def restart(self, company: str) -> None:
        """The company may be started again: off the market, its certificates back in the IPO (5.2.5, 7.12)."""
        s = self.shares_of(company)
        self.remove(company)
        s.par = None
        s.floated = s.chartered = False
        s.director = None
        self._to_full(company)
        s.lists[BANK].sort()

    def bankrupt(self, company: str) -> None:
        """7.12: the players are paid for their shares at the company's price (halved without a train), its
        treasury goes to the Bank, and it may be started again."""
        s = self.shares_of(company)
        if s.price is None:
            return
        value = self.effective_price(company)
        for player in [h for h in s.touched if h in self.seats]:
            self.pay(BANK, player, value * self.percent(company, player))
        self.pay(company, BANK, max(0, self.cash.get(company, 0)))
        self.restart(company)

    # ------------------------------------------------------------ operating rounds

    def dividend(self, company: str, kind: str, revenue: int, subsidy: int = 0) -> None:
        """7.8.5: a payout pays a tenth of the revenue per share to each player and company holding shares
        (Pool and IPO shares earn nothing) and moves the price right one space per multiple of the price paid,
        at most four; the George Hudson Manoeuvre adds the top-up from the treasury (7.8.6); withholding puts
        the revenue in the treasury and moves the price one space left. The Local subsidy always goes to the
        treasury (7.8.2)."""
        s = self.companies.get(company)
        if s is None or s.price is None:
            return
        s.operated = True
        price = s.price
        top_up = hudson_top_up(price, revenue) if kind == "hudson" else 0
        paid = revenue + top_up if kind in ("payout", "hudson") else 0
        if paid > 0:
            self.pay(BANK, company, subsidy - top_up)
            for holder in [*self.seats, *self.companies]:
                shares = self.percent(company, holder)
                if shares:
                    self.pay(BANK, holder, ceil(Fraction(paid * shares, 10)))
            spaces = min(4, paid // price)
            if spaces:
                self._move(company, self.market.right(price, spaces))
        else:
            self.pay(BANK, company, revenue + subsidy)
            self._move(company, self.market.left(price))

    def train_bought(self, company: str, price: int, warranties: int, seller: str | None) -> None:
        """7.9, 7.10: the price to the Bank (or the selling company) and £50 per warranty to the Bank."""
        self.pay(company, seller or BANK, price)
        self.pay(company, BANK, 50 * warranties)

    def raise_money(self, company: str, amount: int) -> int:
        """7.11.1: the company sells the fewest treasury shares that cover `amount`, at the market price; the
        price falls one step per share. Returns the shares sold."""
        s = self.shares_of(company)
        count = ceil(Fraction(amount, s.price or 1))
        numbers = list(s.lists.get(company, []))[:count]
        self.pay(BANK, company, (s.price or 0) * self._count(numbers))
        self._move_bundle(company, numbers, POOL, self._count(numbers))
        for _ in range(count):
            self._move(company, self.market.down(s.price or 0))
        return len(numbers)

    def new_operating_round(self) -> None:
        for s in self.companies.values():
            s.operated = False

    def form_lner(self) -> None:
        """10.3: every chartered company's IPO shares go to the Bank Pool; sales no longer move prices."""
        self.lner = True
        for company, s in self.listed.items():
            if s.chartered:
                for number in list(s.lists.get(BANK, [])):
                    self._transfer(company, number, POOL)

    # ------------------------------------------------------------ the 2:1 share merge (5.2)

    def merged(
        self,
        survivor: str,
        nonsurvivor: str,
        survivor_trains: bool,
        nonsurvivor_trains: bool,
        originator: str | None = None,
        done: Callable[[], None] | None = None,
    ) -> None:
        """5.2 for a merger or acquisition: the new price (7.5.3) and par (5.2.3, 7.5.4), IPO shares to the
        Pool (5.2.2), then each holder returns half and swaps or sells the rest (5.2.4); `done` runs when the
        exchange is over (after any option choices)."""
        s, n = self.shares_of(survivor), self.shares_of(nonsurvivor)
        if s.price is None or n.price is None:
            self.remove(nonsurvivor)
            return
        half = [
            n.price if nonsurvivor_trains else n.price // 2,
            s.price if survivor_trains else s.price // 2,
        ]
        low, high = sorted(half)
        price = self._round_half(low, high)
        if s.price in self.stacks and survivor in self.stacks[s.price]:
            self.stacks[s.price].remove(survivor)
        s.price = price
        self.stacks.setdefault(price, []).append(survivor)
        s.par = self.market.par_for(price)
        self.remove(nonsurvivor)  # its price token leaves the market (5.2.5); its shares are exchanged below
        self._start(originator or survivor, [survivor, nonsurvivor], "merge", price, done)

    def _round_half(self, low: int, high: int) -> int:
        """The highest market price not above low + high / 2 (the site halves without rounding first)."""
        return max(p for p in self.market.prices if p <= low + Fraction(high, 2))

    def refinance(self, company: str, done: Callable[[], None] | None = None) -> None:
        """7.11.2, 5.1.3: the company's shares are merged 2:1 with itself, then it receives ten times its par."""
        self._start(company, [company], "refinance", self.shares_of(company).price or 0, done)

    def _start(self, originator: str, corps: list[str], kind: str, price: int, done: Callable[[], None] | None) -> None:
        lead = self.shares_of(originator).director
        order = (
            self.seats[self.seats.index(lead) :] + self.seats[: self.seats.index(lead)] if lead in self.seats else []
        )
        holders = [p for p in order if any(self.shares_of(c).lists.get(p) for c in corps)] + [originator]
        self.merging = _Merge(originator, kind, corps, holders, price, done)
        for c in corps:  # 5.2.2
            sc = self.shares_of(c)
            if sc.chartered:
                for number in list(sc.lists.get(BANK, [])):
                    self._transfer(c, number, POOL)
        for c in corps:  # the companies' own shares act with the initiating company (5.2.4)
            if c != originator:
                for number in list(self.shares_of(c).lists.get(c, [])):
                    self._transfer(c, number, originator)
        self._continue(0)

    def _continue(self, start: int) -> None:
        m = self.merging
        assert m is not None
        for holder in m.holders[start:]:
            if self._return_half(holder):
                return
        self._post_shares()

    def _affected(self, holder: str) -> list[tuple[str, int]]:
        """The holder's certificates of the merging companies: the survivor's first, director's first."""
        m = self.merging
        assert m is not None
        out: list[tuple[str, int]] = []
        for c in m.corps:
            out += sorted(
                ((c, n) for n in self.shares_of(c).lists.get(holder, [])), key=lambda x: -certificate_shares(x[1])
            )
        return out

    def _pct(self, certs: list[tuple[str, int]]) -> int:
        return sum(certificate_shares(n) for _, n in certs)

    def _donor(self, entity: str, company: str, director: bool) -> tuple[str, int] | None:
        """The first certificate of `company` of that kind in the Pool, then with the holders after `entity`."""
        m = self.merging
        assert m is not None
        donors = [POOL] if entity in self.companies else [POOL, *m.holders[m.holders.index(entity) + 1 :]]
        for holder in donors:
            for n in self.shares_of(company).lists.get(holder, []):
                if (n == DIRECTOR_CERTIFICATE) == director:
                    return company, n
        return None

    def _return_half(self, entity: str) -> bool:
        """5.2.4 for one holder, as the site does it. True when he has an option to choose (a `choose`)."""
        m = self.merging
        assert m is not None
        survivor, nonsurvivor = m.corps[0], m.corps[-1]
        refinance = m.kind == "refinance"
        certs = self._affected(entity)
        option_percent: int | None = None
        odd: tuple[str, int] | None = None
        swap_corp = None
        remaining: list[tuple[str, int]] = []
        directors = [c for c in certs if c[1] == DIRECTOR_CERTIFICATE]
        if directors and self._pct(certs) < 6:
            director = directors[0]
            swap_corp = director[0]
            plain = [c for c in self._affected(POOL) if c[1] != DIRECTOR_CERTIFICATE]
            if len(plain) >= DIRECTOR_SHARES:
                for c, n in plain[:DIRECTOR_SHARES]:
                    self._transfer(c, n, entity)
                self._transfer(director[0], director[1], POOL)
                certs = self._affected(entity)
            else:
                option_percent = self._pct(certs)
                odd = director
                for c, n in certs:
                    if n != DIRECTOR_CERTIFICATE:
                        self._transfer(c, n, POOL)
        if option_percent is None:
            total = self._pct(certs)
            back = total // 2
            if refinance:
                ordered = sorted(certs, key=lambda x: certificate_shares(x[1]))
            else:
                ordered = sorted((c for c in certs if c[0] == nonsurvivor), key=lambda x: -certificate_shares(x[1]))
                ordered += sorted((c for c in certs if c[0] == survivor), key=lambda x: certificate_shares(x[1]))
            returned = 0
            while returned < back:
                c, n = ordered.pop(0)
                returned += certificate_shares(n)
                self._transfer(c, n, POOL)
            remaining = ordered
            odd = ordered[0] if total != back * 2 and ordered else None
        if not refinance and option_percent is not None and swap_corp == nonsurvivor:
            old = odd
            assert old is not None
            swap = self._donor(entity, survivor, director=True)
            if swap is not None:
                self._transfer(old[0], old[1], self.shares_of(swap[0]).holder[swap[1]])
                self._transfer(swap[0], swap[1], entity)
                odd = swap
            else:
                factor = {5: Fraction(5, 2), 4: Fraction(2)}.get(option_percent, Fraction(3, 2))
                self._transfer(old[0], old[1], POOL)
                self.pay(BANK, entity, int(m.price * factor))
                odd = None
        elif not refinance and option_percent is None:
            for os in [c for c in reversed(remaining) if c[0] == nonsurvivor]:
                swap = self._donor(entity, survivor, director=False)
                if swap is not None:
                    self._transfer(os[0], os[1], self.shares_of(swap[0]).holder[swap[1]])
                    self._transfer(swap[0], swap[1], entity)
                    if os == odd:
                        odd = swap
                else:
                    self._transfer(os[0], os[1], POOL)
                    self.pay(BANK, entity, m.price // 2 if os == odd else m.price)
                    if os == odd:
                        odd = None
        if odd is None:
            return False
        now = self.shares_of(survivor).price or 0
        if option_percent is not None:
            sell, redeem, percent = now * option_percent // 2, now * (6 - option_percent) // 2, option_percent
        else:
            sell = redeem = now // 2
            percent = 1
        if m.originator == entity and not refinance:
            other = next(c for c in m.corps if c != entity)
            if self.cash.get(other, 0) > 0:
                self.pay(other, entity, self.cash[other])
        if self.cash.get(entity, 0) >= redeem:
            m.options.append((entity, odd[1], percent, sell, redeem))
            return True
        self.pay(BANK, entity, sell)
        self._transfer(odd[0], odd[1], POOL)
        return False

    def option(self, entity: str, choice: str) -> bool:
        """A holder's option choice (5.2.4 step 4): "sell" it to the Bank or "redeem" it. False when no option
        is waiting for that holder."""
        m = self.merging
        holder = self.player_names.get(entity, entity)
        if m is None or not m.options or m.options[0][0] != holder:
            return False
        _, number, _, sell, redeem = m.options.pop(0)
        if choice == "sell":
            self.pay(BANK, holder, sell)
            self._transfer(m.corps[0], number, POOL)
        else:
            self.pay(holder, BANK, redeem)
        self._continue(m.holders.index(holder) + 1)
        return True

    def _post_shares(self) -> None:
        """5.2.5: the director; then the refinancing money (7.11.2) or the non-survivor's treasury and shares
        of the survivor pass to the survivor (7.5.6) and the non-survivor may start again (7.5.7)."""
        m = self.merging
        assert m is not None
        survivor = m.corps[0]
        s = self.shares_of(survivor)
        players = [h for h in m.holders if h in self.seats]
        if players:
            lead = max(players, key=lambda p: (self.percent(survivor, p), -players.index(p)))
            if self.percent(survivor, lead) >= DIRECTOR_SHARES:
                if s.holder[DIRECTOR_CERTIFICATE] != lead:
                    given = list(s.lists.get(lead, []))[:DIRECTOR_SHARES]
                    holder = s.holder[DIRECTOR_CERTIFICATE]
                    for n in given:
                        self._transfer(survivor, n, holder)
                    self._transfer(survivor, DIRECTOR_CERTIFICATE, lead)
                s.director = lead
            else:
                s.director = RECEIVERSHIP
        self.merging = None
        if m.kind == "refinance":
            self.pay(BANK, survivor, (s.par or 0) * 10)
        else:
            nonsurvivor = m.corps[1]
            gone = self.shares_of(nonsurvivor)
            for number in list(s.lists.get(nonsurvivor, [])):
                self._transfer(survivor, number, survivor)
            if self.cash.get(nonsurvivor, 0) > 0:
                self.pay(nonsurvivor, survivor, self.cash[nonsurvivor])
            if s.chartered and not gone.chartered:
                s.incremental = True
            s.chartered = s.chartered and gone.chartered
            self.restart(nonsurvivor)
        if m.done is not None:
            m.done()
