"""Replaying an 1860 game exported from 18xx.games up to each recorded run (docs/importer-1860.md).

What is replayed, action by action (undo and redo resolved, automatic actions after their parent, as
`solver.export_actions` does for any title):

- tile lays (`"787-0"`: the tile and its copy) at the recorded rotation; station markers move to the node of the
  new tile that the old one becomes (the upgrade keeps every old path, Upgrading Track, RB L491);
- station markers (`place_token`, `city: "<tile copy>-<part index>"`: the site numbers a tile's parts with its
  nodes first, so the part index is our node index); home markers at flotation (50% sold from the IPO, RB L403),
  which the export does not record;
- trains: bought from the bank or another company, discarded, rusted by the first purchase of the type that
  rusts them; the phase is that of the newest train type bought (Phases, RB L274-L283);
- game state: the Southern forms with the first 9+5 and halts are ignored from the next stock round (RB L660);
  a run made with a train the company does not own is a leased train's (Insolvency, RB L628); a run after the
  Southern that the site paid out itself (no `dividend` action) is a nationalisation run (RB L673); a company
  parred a second time went bankrupt before, its markers turned over (RB L691) from its last action until it
  floats again (the export does not say when its price reached 0: the earliest moment is taken).

The game's options give the rule mode: the site's (small stations may be skipped) unless `no_skip_towns` or
`original_game`; `re_enter_hexes`; the two-player map; original insolvency.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.core.board_data import Board, load_board
from solver.core.board_position import BoardPosition, parse_position
from solver.core.faces import Face
from solver.core.track_graph import NodeRef, TrackGraph
from solver.core.upgrades import upgrade_fits
from solver.errors import InputError, Problem
from solver.export_actions import Action, Step, effective_actions
from solver.jsonfile import read_json_file
from solver.titles.g1860.importer.connections import Entry, entry_index, station_lists
from solver.titles.g1860.modes import with_settings
from solver.titles.g1860.trains import train_rows, train_sizes

TITLE = "1860"
FORMAT = "format"
#: The site's options (lib/engine/game/g_1860/meta.rb) that change how trains run or which map is played.
TWO_PLAYER_MAP = frozenset({"two_player_map", "original_game"})
NO_SKIP = frozenset({"no_skip_towns", "original_game"})
ORIGINAL_INSOLVENCY = frozenset({"original_insolvency", "original_game"})
REENTER = "re_enter_hexes"
UNSUPPORTED = frozenset({"simplified_insolvency"})
#: The director's certificate is 20%, every other share 10% (Major Companies, RB L185).
DIRECTOR_SHARE, SHARE = 20, 10
FLOAT_PERCENT = 50
SOUTHERN_TRAIN = "9+5"
_SHARE_ID = re.compile(r"^(.+)_(\d+)$")
_COPY_ID = re.compile(r"^(.+)-(\d+)$")


@dataclass(frozen=True)
class RecordedRoute:
    """One train's recorded route: the site's train id, our train name, the stations in order, the halts the
    director counted (None when not recorded) and, in the newer record format, its revenue and subsidy."""

    train_id: str
    train: str
    nodes: tuple[str, ...]
    halts: int | None
    revenue: int | None
    subsidy: int | None


@dataclass(frozen=True)
class RecordedRun:
    """A `run_routes` action: the board just before it (in the game's rule mode), the company and its routes,
    and what the site recorded (None in the older format, which records no revenue)."""

    action_id: int
    company: str
    position: BoardPosition
    routes: tuple[RecordedRoute, ...]
    revenue: int | None
    subsidy: int | None
    leased: bool
    nationalisation: bool
    halts_ignored: bool


def in_mode(position: BoardPosition, mode: str) -> BoardPosition:
    """The same position judged in another rule mode: `"site"` as imported, or `"rulebook"` (every small station
    called, no hex re-entered)."""
    return with_settings(position, mode=mode)


def _problem(where: str, message: str) -> InputError:
    return InputError([Problem(where, FORMAT, message)])


def _split_copy(text: object, where: str, what: str) -> tuple[str, int]:
    match = _COPY_ID.match(text) if isinstance(text, str) else None
    if not match:
        raise _problem(where, f"{what} {text!r} is not a site id of the form NAME-N")
    return match.group(1), int(match.group(2))


class _Replay:
    """The board and the game state while the actions are applied."""

    def __init__(self, source: str, options: frozenset[str]) -> None:
        self.source = source
        bad = sorted(options & UNSUPPORTED)
        if bad:
            raise _problem(f"{source} settings.optional_rules", f"the option {bad[0]!r} is not supported")
        if options & NO_SKIP and REENTER in options:
            raise _problem(
                f"{source} settings.optional_rules",
                "no_skip_towns together with re_enter_hexes has no rule mode here (re-entry is the site's mode only)",
            )
        self.board: Board = load_board(TITLE, "two_player" if options & TWO_PLAYER_MAP else "full")
        self.rules: dict[str, Any] = {"mode": "rulebook" if options & NO_SKIP else "site"}
        if REENTER in options:
            self.rules["reenter_hexes"] = True
        if options & ORIGINAL_INSOLVENCY:
            self.rules["insolvency"] = "original"
        self.site_ids = {str(c.rules.get("site_id", c.id)): c.id for c in self.board.companies.values()}
        self.tiles: dict[str, tuple[str, int]] = {}
        self.copies: dict[str, str] = {f"{h}-0": h for h in self.board.hexes}
        self.stations: dict[str, list[list[str]]] = {
            h: [[] for _ in hx.face.nodes] for h, hx in self.board.hexes.items() if hx.face.nodes
        }
        self.trains: dict[str, list[str]] = {c: [] for c in self.board.companies}
        self.types_bought: set[str] = set()
        self.phase = self.board.phases[0]
        self.sold: dict[str, int] = {}
        self.pool: set[str] = set()
        self.floated: set[str] = set()
        self.parred: set[str] = set()
        self.flipped: set[str] = set()
        self.southern = False
        self.halts_ignored = False
        self.sizes = train_sizes()
        self.rusts = {t["id"]: t for t in train_rows()}

    # ------------------------------------------------------------ names

    def company(self, name: object, where: str) -> str:
        if not isinstance(name, str) or name not in self.site_ids:
            raise _problem(where, f"{name!r} is not an 1860 company")
        return self.site_ids[name]

    def face(self, hex_id: str) -> Face:
        laid = self.tiles.get(hex_id)
        if laid is None:
            return self.board.hexes[hex_id].face
        return self.board.tiles[laid[0]].face.rotated(laid[1])

    # ------------------------------------------------------------ actions

    def lay_tile(self, action: Action, where: str) -> None:
        hex_id = action["hex"]
        if hex_id not in self.board.hexes:
            raise _problem(where, f"{hex_id!r} is not a hex of the {self.board.map_variant} map")
        tile_id, _ = _split_copy(action["tile"], where, "tile")
        rotation = action["rotation"]
        tile = self.board.tiles.get(tile_id)
        if tile is None:
            raise _problem(where, f"tile {tile_id!r} is not an 1860 tile")
        if not isinstance(rotation, int) or not 0 <= rotation <= 5:
            raise _problem(where, f"rotation {rotation!r} is not 0-5")
        old = self.tiles.get(hex_id)
        fits = [
            f
            for f in upgrade_fits(self.face(hex_id), 0, tile.face, self.board.becomes, tile.fixed_rotation)
            if f.rotation == rotation
        ]
        if not fits:
            was = f"tile {old[0]}" if old else "the printed hex"
            raise _problem(where, f"tile {tile_id} at rotation {rotation} on {hex_id} does not keep the track of {was}")
        markers = self.stations.get(hex_id, [])
        moved: list[list[str]] = [[] for _ in tile.face.nodes]
        for i, companies in enumerate(markers):
            moved[fits[0].node_map[i]] = companies
        self.stations[hex_id] = moved
        self.copies = {c: h for c, h in self.copies.items() if h != hex_id}
        self.copies[action["tile"]] = hex_id
        self.tiles[hex_id] = (tile_id, rotation)

    def place_marker(self, company: str, hex_id: str, node: int, where: str) -> None:
        face = self.face(hex_id)
        if not 0 <= node < len(face.nodes) or face.nodes[node].slots == 0:
            raise _problem(where, f"{hex_id} has no station with spaces at node {node}")
        markers = self.stations[hex_id][node]
        if company in markers:
            return
        if len(markers) >= face.nodes[node].slots:
            raise _problem(where, f"the station {hex_id}:{node} is full ({', '.join(markers)})")
        markers.append(company)

    def place_token(self, action: Action, where: str) -> None:
        copy, part = _split_copy(action["city"], where, "city")
        hex_id = self.copies.get(copy)
        if hex_id is None:
            raise _problem(where, f"no tile {copy!r} is on the map")
        company = self.company(action.get("tokener") or action["entity"], where)
        self.place_marker(company, hex_id, part, where)

    def float_if_sold(self, company: str, where: str) -> None:
        if company in self.floated or self.sold.get(company, 0) < FLOAT_PERCENT:
            return
        self.floated.add(company)
        self.flipped.discard(company)
        home = self.board.companies[company]
        # No home base is placed from the stock round after the Southern forms (the site's place_home_token).
        if home.home is not None and not self.halts_ignored:
            self.place_marker(company, home.home, home.home_node, where)

    def par(self, action: Action, where: str) -> None:
        company = self.company(action["corporation"], where)
        if company in self.parred:  # parred again: it went bankrupt, its shares back in the IPO (RB L687-L707)
            self.pool = {s for s in self.pool if _share_company(s) != action["corporation"]}
            self.floated.discard(company)
        self.parred.add(company)
        self.sold[company] = DIRECTOR_SHARE
        self.float_if_sold(company, where)

    def buy_shares(self, action: Action, where: str) -> None:
        shares = action["shares"]
        if not isinstance(shares, list):
            raise _problem(where, "shares must be a list")
        for share in shares:
            match = _SHARE_ID.match(share) if isinstance(share, str) else None
            if not match:
                raise _problem(where, f"{share!r} is not a share id")
            company = self.company(match.group(1), where)
            if share in self.pool:
                self.pool.discard(share)
                continue
            self.sold[company] = self.sold.get(company, 0) + (DIRECTOR_SHARE if match.group(2) == "0" else SHARE)
            self.float_if_sold(company, where)

    def sell_shares(self, action: Action, where: str) -> None:
        shares = action["shares"]
        if not isinstance(shares, list) or not all(isinstance(s, str) for s in shares):
            raise _problem(where, "shares must be a list of share ids")
        self.pool |= set(shares)

    def owner(self, train_id: str) -> str | None:
        return next((c for c, ts in self.trains.items() if train_id in ts), None)

    def buy_train(self, action: Action, company: str, where: str) -> None:
        train_id = action["train"]
        name, _ = _split_copy(train_id, where, "train")
        if name not in self.sizes:
            raise _problem(where, f"{name!r} is not an 1860 train")
        seller = self.owner(train_id)
        if seller is not None:
            self.trains[seller].remove(train_id)
        elif name not in self.types_bought:
            self.types_bought.add(name)
            phase = str(self.rusts[name]["phase"])
            if self.board.phases.index(phase) > self.board.phases.index(self.phase):
                self.phase = phase
            rusted = {t for t, row in self.rusts.items() if row["rusts_on"] == name}
            for owned in self.trains.values():
                owned[:] = [t for t in owned if _split_copy(t, where, "train")[0] not in rusted]
            if name == SOUTHERN_TRAIN:
                self.southern = True
        self.trains[company].append(train_id)

    def discard_train(self, action: Action, company: str, where: str) -> None:
        train_id = action["train"]
        if train_id not in self.trains[company]:
            raise _problem(where, f"{company} has no train {train_id!r} to discard")
        self.trains[company].remove(train_id)

    # ------------------------------------------------------------ runs

    def position(self, company: str, trains: Sequence[str], leased: bool, nationalisation: bool) -> BoardPosition:
        return self.board_position(
            {company: {"trains": list(trains), "rules": {"insolvent": True} if leased else {}}}, nationalisation
        )

    def moment(self) -> BoardPosition:
        """The board as it stands, with every company that has floated or owns a train and its trains."""
        companies = [c for c in self.board.companies if c in self.floated or self.trains[c]]
        trains = {c: [_split_copy(t, self.source, "train")[0] for t in self.trains[c]] for c in companies}
        return self.board_position({c: {"trains": trains[c]} for c in companies}, False)

    def board_position(self, companies: dict[str, Any], nationalisation: bool) -> BoardPosition:
        rules = dict(self.rules)
        if self.halts_ignored:
            rules["halts_ignored"] = True
        if nationalisation:
            rules["nationalisation"] = True
        if self.flipped:
            rules["flipped"] = sorted(self.flipped)
        data = {
            "game": TITLE,
            "map": self.board.map_variant,
            "phase": self.phase,
            "tiles": [{"hex": h, "tile": t, "rotation": r} for h, (t, r) in self.tiles.items()],
            "stations": {h: [list(m) for m in nodes] for h, nodes in self.stations.items()},
            "companies": companies,
            "rules": rules,
        }
        return parse_position(data, self.source)

    def run(self, action: Action, company: str, where: str, nationalisation: bool) -> RecordedRun:
        raw = action["routes"]
        if not isinstance(raw, list) or not raw:
            raise _problem(where, "routes must be a non-empty list")
        owned = self.trains[company]
        train_ids = [r["train"] for r in raw]
        unowned = [t for t in train_ids if t not in owned]
        if unowned and len(train_ids) > 1:
            raise _problem(where, f"{company} runs {', '.join(unowned)}, which it does not own, beside other trains")
        leased = bool(unowned)
        names = [_split_copy(t, where, "train")[0] for t in (train_ids if leased else owned)]
        for name in names:
            if name not in self.sizes:
                raise _problem(where, f"{name!r} is not an 1860 train")
        position = self.position(company, names, leased, nationalisation and not leased)
        graph = TrackGraph(position)
        index = entry_index(graph)
        routes = tuple(self.route(r, graph, index, f"{where} train {r['train']}") for r in raw)
        return RecordedRun(
            action_id=int(action["id"]),
            company=company,
            position=position,
            routes=routes,
            revenue=_total(routes, "revenue"),
            subsidy=_total(routes, "subsidy"),
            leased=leased,
            nationalisation=nationalisation and not leased,
            halts_ignored=self.halts_ignored,
        )

    def route(
        self, raw: dict[str, Any], graph: TrackGraph, index: dict[Entry, set[tuple[NodeRef, NodeRef]]], where: str
    ) -> RecordedRoute:
        connections = raw["connections"]
        if not isinstance(connections, list) or not all(
            isinstance(c, list) and c and all(isinstance(h, str) for h in c) for c in connections
        ):
            raise _problem(where, "connections must be a list of lists of hex names")
        fits = station_lists(index, [tuple(c) for c in connections])
        recorded = raw.get("nodes")
        if recorded is not None:
            wanted = {_signature(s, where) for s in recorded}
            fits = [f for f in fits if set(f) == wanted]
        if not fits:
            raise _problem(where, f"its connections {connections} do not follow the track of the replayed board")
        nodes = fits[0]
        hexes = raw.get("hexes")
        if isinstance(hexes, list) and hexes == [n.hex for n in nodes[::-1]]:
            nodes = nodes[::-1]
        halts = raw.get("halts")
        return RecordedRoute(
            train_id=raw["train"],
            train=_split_copy(raw["train"], where, "train")[0],
            nodes=tuple(str(n) for n in nodes),
            halts=halts if isinstance(halts, int) else None,
            revenue=raw.get("revenue") if isinstance(raw.get("revenue"), int) else None,
            subsidy=raw.get("subsidy") if isinstance(raw.get("subsidy"), int) else None,
        )


def _share_company(share: str) -> str:
    match = _SHARE_ID.match(share)
    return match.group(1) if match else share


def _signature(text: object, where: str) -> NodeRef:
    match = _COPY_ID.match(text) if isinstance(text, str) else None
    if not match:
        raise _problem(where, f"node {text!r} is not a site node signature (HEX-N)")
    return NodeRef(match.group(1), int(match.group(2)))


def _total(routes: Sequence[RecordedRoute], field: str) -> int | None:
    values = [getattr(r, field) for r in routes]
    return None if any(v is None for v in values) else sum(values)


def _check_export(data: Any, source: str) -> tuple[frozenset[str], list[Action]]:
    if not isinstance(data, dict):
        raise _problem(source, "not an 18xx.games game export (expected a JSON object)")
    title = data.get("title")
    if title != TITLE:
        raise _problem(f"{source} title", f"the game is {title!r}; this importer reads {TITLE} games")
    settings = data.get("settings") or {}
    options = settings.get("optional_rules") or [] if isinstance(settings, dict) else None
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise _problem(f"{source} settings.optional_rules", "must be a list of option names")
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        raise _problem(f"{source} actions", "missing or empty: the export has no action list")
    last = 0
    for i, a in enumerate(actions):
        if not isinstance(a, dict) or not isinstance(a.get("id"), int) or not isinstance(a.get("type"), str):
            raise _problem(f"{source} actions[{i}]", "an action needs an integer 'id' and a 'type'")
        if a["id"] <= last:
            raise _problem(f"{source} action {a['id']}", f"action ids must increase; it follows action {last}")
        last = a["id"]
    return frozenset(options), actions


def _later_flips(steps: Sequence[Step], site_ids: dict[str, str]) -> dict[int, str]:
    """For each company parred again, the step after which it went bankrupt at the earliest: its last action
    before the new par (its markers are turned over from then, RB L691)."""
    flips: dict[int, str] = {}
    parred: set[str] = set()
    last_seen: dict[str, int] = {}
    for i, step in enumerate(steps):
        action = step.action
        entity = action.get("entity")
        if isinstance(entity, str):
            last_seen[entity] = i
        if action["type"] == "par":
            corp = action.get("corporation")
            if corp in parred and corp in site_ids:
                flips[last_seen.get(corp, i - 1)] = site_ids[corp]
            if isinstance(corp, str):
                parred.add(corp)
    return flips


def _paid_by_site(steps: Sequence[Step], i: int) -> bool:
    """Whether no dividend action of the running company follows the run at step `i` before its next action."""
    entity = steps[i].action.get("entity")
    for step in steps[i + 1 :]:
        if step.action.get("entity") == entity:
            return bool(step.action["type"] != "dividend")
    return True


def import_game(path: str | Path) -> list[RecordedRun]:
    """Every recorded run of an 1860 export file, each with the board replayed just before it; InputError naming the
    file, the action and the field when the export cannot be read or replayed (nothing is half-imported)."""
    return import_export(read_json_file(path, "game"), str(path))


def import_export(data: Any, source: str) -> list[RecordedRun]:
    """Every recorded run of an 1860 export's parsed JSON (named `source` in messages), as `import_game`."""
    runs, _ = _play(data, source, None)
    if not runs:
        raise _problem(source, "the export records no run")
    return runs


def position_after(data: Any, source: str, action_id: int) -> BoardPosition:
    """The board after action `action_id` of an 1860 export (undone actions left out), with every company that has
    floated or owns a train; InputError as `import_export`."""
    _, replay = _play(data, source, action_id)
    return replay.moment()


def _play(data: Any, source: str, until: int | None) -> tuple[list[RecordedRun], _Replay]:
    """Replay the export's actions (up to and including action `until`, when given): the runs recorded on the way
    and the replay as it stands."""
    options, actions = _check_export(data, source)
    steps = effective_actions(actions, source)
    replay = _Replay(source, options)
    flips = _later_flips(steps, replay.site_ids)
    runs: list[RecordedRun] = []
    for i, step in enumerate(steps):
        action = step.action
        if until is not None and step.id > until:
            break
        where = f"{source} {step.describe()}"
        kind = action["type"]
        try:
            corporation = action.get("entity_type") == "corporation"
            company = replay.company(action.get("entity"), where) if corporation else ""
            if kind == "lay_tile":
                replay.lay_tile(action, where)
            elif kind == "place_token":
                replay.place_token(action, where)
            elif kind == "par":
                replay.par(action, where)
            elif kind == "buy_shares":
                replay.buy_shares(action, where)
            elif kind == "sell_shares":
                replay.sell_shares(action, where)
            elif kind == "buy_train" and corporation:
                replay.buy_train(action, company, where)
            elif kind == "discard_train" and corporation:
                replay.discard_train(action, company, where)
            elif kind == "run_routes" and corporation:
                runs.append(replay.run(action, company, where, replay.southern and _paid_by_site(steps, i)))
            if (
                replay.southern
                and action.get("entity_type") == "player"
                and kind in {"par", "buy_shares", "sell_shares", "pass"}
            ):
                replay.halts_ignored = True  # the stock round after the Southern formed (RB L660)
            if i in flips:
                replay.flipped.add(flips[i])
        except InputError as exc:
            named = [
                p if p.where.startswith(where) else Problem(f"{where}: {p.where}", p.rule, p.message)
                for p in exc.problems
            ]
            raise InputError(named) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise _problem(where, f"malformed action: {type(exc).__name__} {exc}") from None
    return runs, replay
