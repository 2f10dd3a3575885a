"""The stock market and the share certificates of an 18xx.games 1862 export, replayed action by action.

What the export fixes, and we follow exactly (facts read from the site's g_1862 engine, rules cited):

* a par places the company's price token on the market at the recorded price, at the bottom of the stack
  there (6.5.3, 7.1); a par won in the Parliament Round's auction (a `bid` on that company) makes it
  chartered and its par that price (4.2); otherwise its par is the highest par value not above the price
  (6.5.3). Chartered certificates start in the IPO, a non-chartered company's in its treasury (3.1);
* every certificate is followed by its id (`"ECR_0"` is the 30% director's certificate, `_1`.._7` the 10%
  ones): a purchase moves it to the buyer, a sale to the Bank Pool (6.4);
* a sale moves the price one zigzag step down per share sold, less the shares a non-director's sale ignores
  in the top and bottom zones (6.4.2); at 0 the company goes bankrupt (7.12);
* the director's certificate sold: the player with the most shares (at least three) becomes director,
  else the certificate lies in the Bank Pool and the company is in receivership (6.4.3, 8.0);
* a dividend moves the price right by the revenue paid against the price (7.8.5; a George Hudson
  Manoeuvre pays the price rounded up to ten, 7.8.6); withholding, and a turn with no dividend action (the
  site withholds for a company in receivership or one that does not run), moves it one space left (7.8.5);
* a merger's survivor takes the price of 7.5.3 (`solver.titles.g1862.money.market.new_share_price`).

Treasury and player cash are not replayed (docs/importer.md says why); holdings after a merger's 2:1
exchange are not either: later purchases and sales name their certificates, and each moves the named
certificate from wherever we have it, so a difference never stops the import.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from solver.titles.g1862.money.market import get_market, new_share_price
from solver.titles.g1862.money.scenario import DIRECTOR_SHARES, IPO, POOL, TREASURY
from solver.titles.g1862.position import CompanyMoney

DIRECTOR_CERTIFICATE = 0
CERTIFICATES = range(8)


def certificate_shares(number: int) -> int:
    """Shares one certificate stands for: three for the director's certificate, else one (2.0)."""
    return DIRECTOR_SHARES if number == DIRECTOR_CERTIFICATE else 1


def parse_certificate(share: str) -> tuple[str, int] | None:
    """`"N&E_3"` -> ("N&E", 3); None for anything else."""
    company, sep, number = share.rpartition("_")
    if not sep or not number.isdigit() or int(number) not in CERTIFICATES:
        return None
    return company, int(number)


@dataclass
class _Listing:
    price: int
    par: int
    chartered: bool
    certificates: dict[int, str]
    operated: bool = False


class StockReplay:
    """Prices, market stacks and certificate holders of every company started on the market."""

    def __init__(self, players: Mapping[str, str]) -> None:
        self.market = get_market()
        self.player_names = dict(players)  # site player id -> name
        self.listed: dict[str, _Listing] = {}
        self.stacks: dict[int, list[str]] = {}
        self.auctioned: set[str] = set()
        self.lner = False

    # ------------------------------------------------------------ reading

    def price(self, company: str) -> int | None:
        listing = self.listed.get(company)
        return listing.price if listing else None

    def holdings(self, company: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for number, holder in self.listed[company].certificates.items():
            counts[holder] = counts.get(holder, 0) + certificate_shares(number)
        return counts

    def director(self, company: str) -> str | None:
        """The holder of the director's certificate when a player holds it; None: receivership (8.0)."""
        listing = self.listed.get(company)
        if listing is None:
            return None
        holder = listing.certificates[DIRECTOR_CERTIFICATE]
        return holder if holder in self.player_names.values() else None

    def in_receivership(self, company: str) -> bool:
        return company in self.listed and self.director(company) is None

    def company_money(self, company: str) -> CompanyMoney | None:
        listing = self.listed.get(company)
        if listing is None:
            return None
        director = self.director(company)
        return CompanyMoney(
            par=listing.par,
            chartered=listing.chartered,
            holdings=MappingProxyType(self.holdings(company)),
            director=director,
            receivership=director is None,
            operated=listing.operated,
        )

    def market_stacks(self) -> Mapping[int, tuple[str, ...]]:
        return MappingProxyType({p: tuple(cs) for p, cs in sorted(self.stacks.items(), reverse=True) if cs})

    # ------------------------------------------------------------ movement

    def _move(self, company: str, price: int) -> None:
        """The price token moves; it goes to the bottom of the stack on a new space (7.1); no move, no change."""
        listing = self.listed[company]
        if price == listing.price:
            return
        self.stacks[listing.price].remove(company)
        listing.price = price
        self.stacks.setdefault(price, []).append(company)

    def bankrupt_price(self, company: str) -> bool:
        """Whether the company's price token is on the 0 space (7.12)."""
        listing = self.listed.get(company)
        return listing is not None and self.market.is_bankrupt(listing.price)

    # ------------------------------------------------------------ events

    def bid(self, company: str) -> None:
        """A bid in the Parliament Round's auction: the par that follows charters the company (4.2)."""
        self.auctioned.add(company)

    def par(self, player_id: str, company: str, price: int) -> None:
        """The company starts at `price` (4.2, 6.5.3); its director's certificate goes to the player."""
        self.market.index_of(price, f"par of {company}")
        self.remove(company)
        chartered = company in self.auctioned
        self.auctioned.discard(company)
        home = IPO if chartered else TREASURY
        certificates = dict.fromkeys(CERTIFICATES, home)
        certificates[DIRECTOR_CERTIFICATE] = self.player_names.get(player_id, player_id)
        par = price if chartered else self.market.par_for(price)
        self.listed[company] = _Listing(price, par, chartered, certificates)
        self.stacks.setdefault(price, []).append(company)

    def remove(self, company: str) -> None:
        """The company leaves the market: bankrupt or merged away, its shares go back (6.4.3, 5.2.5)."""
        listing = self.listed.pop(company, None)
        if listing is not None:
            self.stacks[listing.price].remove(company)

    def buy(self, buyer: str, shares: list[str]) -> list[str]:
        """Certificates bought by a player (site id) or a company (its own, redeemed); notes on differences."""
        owner = self.player_names.get(buyer, TREASURY)
        notes: list[str] = []
        for share in shares:
            parsed = parse_certificate(share)
            if parsed is None or parsed[0] not in self.listed:
                notes.append(f"share {share} is of no company on the market; the purchase is not followed")
                continue
            company, number = parsed
            self.listed[company].certificates[number] = owner
        return notes

    def sell(self, seller: str, shares: list[str]) -> tuple[list[str], list[str]]:
        """Certificates sold to the Bank Pool by a player (6.4): price moves, director changes (6.4.2, 6.4.3).
        Returns the companies whose director's certificate went to the pool (receivership), and notes on
        certificates the seller did not hold in our replay (the sale is followed as recorded)."""
        name = self.player_names.get(seller, seller)
        by_company: dict[str, list[int]] = {}
        notes: list[str] = []
        for share in shares:
            parsed = parse_certificate(share)
            if parsed is not None and parsed[0] in self.listed:
                by_company.setdefault(parsed[0], []).append(parsed[1])
                holder = self.listed[parsed[0]].certificates[parsed[1]]
                if holder != name:
                    notes.append(f"{name} sells {share}, which our replay has with {holder}")
        to_receivership: list[str] = []
        for company, numbers in by_company.items():
            listing = self.listed[company]
            was_director = listing.certificates[DIRECTOR_CERTIFICATE] == name
            for number in numbers:
                listing.certificates[number] = POOL
            sold = sum(certificate_shares(n) for n in numbers)
            if not was_director:
                sold -= self.market.sale_shares_ignored(listing.price)
            if not self.lner:
                for _ in range(max(0, sold)):
                    self._move(company, self.market.down(listing.price))
            if DIRECTOR_CERTIFICATE in numbers and not self._new_director(company, name):
                to_receivership.append(company)
        return to_receivership, notes

    def _new_director(self, company: str, seller: str) -> bool:
        """After the director's certificate is sold: the player with most shares, three or more, swaps three
        of his shares for it (6.4.3); False when none can (receivership)."""
        listing = self.listed[company]
        counts = {p: n for p, n in self.holdings(company).items() if p in self.player_names.values() and p != seller}
        best = max(counts, key=lambda p: counts[p], default=None)
        if best is None or counts[best] < DIRECTOR_SHARES:
            return False
        listing.certificates[DIRECTOR_CERTIFICATE] = best
        given = [n for n, h in sorted(listing.certificates.items(), reverse=True) if h == best and n != 0]
        for number in given[:DIRECTOR_SHARES]:
            listing.certificates[number] = POOL
        return True

    def dividend(self, company: str, kind: str, revenue: int) -> None:
        """7.8.5: a payout moves right one space per multiple of the price paid (at most 4); the George Hudson
        Manoeuvre pays the price rounded up to ten (7.8.6); withholding moves one space left."""
        listing = self.listed.get(company)
        if listing is None:
            return
        listing.operated = True
        price = listing.price
        if kind == "hudson":
            revenue += -(-(price - revenue) // 10) * 10
        if kind in ("payout", "hudson") and revenue > 0:
            spaces = min(4, revenue // price)
            if spaces:
                self._move(company, self.market.right(price, spaces))
        else:
            self._move(company, self.market.left(price))

    def merged(self, survivor: str, nonsurvivor: str, survivor_trains: bool, nonsurvivor_trains: bool) -> None:
        """The survivor's new price (7.5.3) and par (5.2.3); the non-survivor leaves the market (5.2.5)."""
        s, n = self.listed.get(survivor), self.listed.get(nonsurvivor)
        if s is not None and n is not None:
            price, _ = new_share_price(s.price, survivor_trains, n.price, nonsurvivor_trains, self.market)
            self._move(survivor, price)
            s.par = self.market.par_for(price)
        self.remove(nonsurvivor)

    def new_operating_round(self) -> None:
        for listing in self.listed.values():
            listing.operated = False
