"""Money moving between the parties of a preview: players (by name), companies' treasuries (by id) and the Bank.
Every payment is recorded from one party to another, so the changes of one preview always sum to zero."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: The Bank: earnings come from it, sales are paid by it, loans are taken from it and interest paid to it.
BANK = "bank"


class Ledger:
    """The net change of each party's cash over a preview."""

    def __init__(self) -> None:
        self._changes: dict[str, int] = {}

    def pay(self, payer: str, payee: str, amount: int) -> None:
        if amount == 0 or payer == payee:
            return
        self._changes[payer] = self._changes.get(payer, 0) - amount
        self._changes[payee] = self._changes.get(payee, 0) + amount

    def change(self, party: str) -> int:
        return self._changes.get(party, 0)

    def frozen(self) -> Mapping[str, int]:
        """The non-zero changes, read only."""
        return MappingProxyType({p: c for p, c in sorted(self._changes.items()) if c})
