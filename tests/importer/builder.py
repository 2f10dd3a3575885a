"""Small hand-made 18xx.games exports for importer tests (seed 46925, three players: the companies and
permits of the real game 46925: WVR and NGC Express, ECR/N&E/WStI Freight, W&F Local)."""

from __future__ import annotations

import itertools
from typing import Any

P1, P2, P3 = 1, 2, 3


class Export:
    def __init__(self, title: str = "1862") -> None:
        self.actions: list[dict[str, Any]] = []
        self.title = title

    def add(self, action_type: str, entity: str | int, **fields: Any) -> int:
        action_id = len(self.actions) + 1
        entity_type = "player" if isinstance(entity, int) else "corporation"
        self.actions.append(
            {"type": action_type, "entity": entity, "entity_type": entity_type, "id": action_id, **fields}
        )
        return action_id

    def par(self, player: int, company: str) -> int:
        return self.add("par", player, corporation=company, share_price="82,0,22")

    def lay(self, company: str, hex_: str, tile: str, rotation: int) -> int:
        return self.add("lay_tile", company, hex=hex_, tile=tile, rotation=rotation)

    def token(self, company: str, city: str, slot: int) -> int:
        return self.add("place_token", company, city=city, slot=slot)

    def buy(self, company: str, train: str, variant: str | None, warranties: int = 0) -> int:
        fields: dict[str, Any] = {"train": train, "price": 100, "warranties": warranties}
        if variant is not None:
            fields["variant"] = variant
        return self.add("buy_train", company, **fields)

    def run(self, company: str, train: str, hexes: list[str], revenue: int) -> int:
        connections = [[b, a] for a, b in itertools.pairwise(hexes)]
        route = {"train": train, "connections": connections, "hexes": hexes, "revenue": revenue, "subsidy": 0}
        return self.add("run_routes", company, routes=[route])

    def data(self) -> dict[str, Any]:
        return {
            "id": 9001,
            "title": self.title,
            "players": [{"id": P1, "name": "A"}, {"id": P2, "name": "B"}, {"id": P3, "name": "C"}],
            "settings": {"seed": 46925, "optional_rules": []},
            "actions": self.actions,
        }


def wvr_start(export: Export) -> None:
    """WVR floats and builds G8-G10-F11 as in game 46925 (its first operating round), then buys an A train."""
    export.par(P1, "WVR")
    export.add("pass", P2)
    export.lay("WVR", "G8", "57-0", 0)
    export.lay("WVR", "G10", "8851-0", 3)
    export.buy("WVR", "A-0", "2E*")
    export.add("pass", "WVR")
