"""The outcome of a Merger Round action (§12): conversion, merger of minors, takeover or System formation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from solver.core.money_steps import Step, outcome_dict
from solver.titles.g18bf.money.position import Marker

Action = Literal["conversion", "merger", "takeover", "system"]


@dataclass(frozen=True)
class Offer:
    """What a player may buy in the share offering (§12.4): at most `most` shares, and why not more."""

    player: str
    most: int
    limit: str

    def to_dict(self) -> dict[str, Any]:
        return outcome_dict(self)


@dataclass(frozen=True)
class Exchange:
    """One holder's exchange into a System (§12.6): old shares, new shares before and after a trade, the trade
    (`up`, `down` or none) and its cash (paid by the holder: positive; received: negative)."""

    holder: str
    old: int
    exchanged: int
    leftover: int
    trade: str
    shares: int
    cash: int

    def to_dict(self) -> dict[str, Any]:
        return outcome_dict(self)


@dataclass(frozen=True)
class MergerOutcome:
    """The new (or taking-over) company after the action: its price, shares by holder (players, `ipo` for its
    treasury, `pool`), director, treasury, loans, trains and markers; the companies removed; whether the action
    is allowed (a merger nobody directs with two shares is reversed, §12.4; a System needs a player with four,
    §12.6); each party's change of cash; the offering's options; the exchanges; and the step log."""

    action: Action
    company: str
    kind: str
    price: int
    holdings: Mapping[str, int]
    director: str | None
    cash: int
    loans: int
    trains: tuple[str, ...]
    markers: tuple[Marker, ...]
    spare_markers: int
    removed: tuple[str, ...]
    allowed: bool
    cash_changes: Mapping[str, int]
    holdings_before: Mapping[str, Mapping[str, int]]
    steps: tuple[Step, ...]
    offers: tuple[Offer, ...] = ()
    exchanges: tuple[Exchange, ...] = ()
    discarded_markers: tuple[Marker, ...] = ()
    excess_trains: int = 0
    discarded_company: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "company": self.company,
            "kind": self.kind,
            "price": self.price,
            "holdings": dict(self.holdings),
            "director": self.director,
            "cash": self.cash,
            "loans": self.loans,
            "trains": list(self.trains),
            "markers": [f"{h}:{n}" for h, n in self.markers],
            "spare_markers": self.spare_markers,
            "removed": list(self.removed),
            "allowed": self.allowed,
            "cash_changes": dict(self.cash_changes),
            "holdings_before": {c: dict(h) for c, h in self.holdings_before.items()},
            "offers": [o.to_dict() for o in self.offers],
            "exchanges": [e.to_dict() for e in self.exchanges],
            "discarded_markers": [f"{h}:{n}" for h, n in self.discarded_markers],
            "excess_trains": self.excess_trains,
            "discarded_company": self.discarded_company,
            "steps": [s.to_dict() for s in self.steps],
        }
