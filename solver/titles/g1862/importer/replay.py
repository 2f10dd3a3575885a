"""Replaying an 18xx.games 1862 export into board positions, one per recorded run, and any moment of it.

Replayed: tile lays, station markers, train purchases, phases, rusting, mergers, the stock market and the
share certificates (`stock.py`), receivership and bankruptcy. Cash is not (docs/importer.md says why). The
implicit events the site performs without an action are rebuilt from the rules and the site's facts:

* set-up: removed companies and permits are redrawn from the seed (`setup.py`, 4.1);
* home marker: placed at the start of a company's first operating turn (7.2); if its home town is full,
  either the company's first build upgrades the home tile to make room (7.2 third paragraph) or the
  marker placed last on the hex is displaced (7.2, 7.7);
* a recorded station marker goes in the first free space, as the site puts it whatever space the action
  names; a town full in our replay takes the site's state with a note;
* phases start with the first train of each band (9.0); buying it rusts the band it rusts (2.2), except
  trains still under warranty, which rust when their last warranty is used up (7.10);
* a warranty is used up after every run (7.10): at the company's dividend, or at the end of a turn in which
  it ran without recording one (receivership);
* a turn without a dividend action withholds: the price moves one space left (7.8.5);
* merger and acquisition (5.2): the non-survivor's marker on a hex where the survivor has one is removed
  (and its London marker if the survivor has one, 7.5.6); its other markers become the survivor's; its
  trains and permits pass to the survivor (5.2.5); the survivor's price is that of 7.5.3;
* receivership (no player holds the director's certificate, 6.4.3): a company with no train operates
  without any recorded action, where the market's operating order puts it (7.1): it withholds, then buys a
  train (the depot train its next recorded run uses, of the first type it has a permit for among Express,
  Freight, Local: the site's order) or goes bankrupt: its markers leave the map and it can start again;
* a share price reaching 0 bankrupts the company (7.12).

Every position built is checked with `solver.titles.g1862.validation.validate_position`, and every recorded route must
follow the rebuilt track: otherwise the import stops with an InputError naming the action. Where our replay
disagrees with what the site evidently did, the site's state is taken and a note starting "difference" says
so; notes starting "check" are signs of an edited export (`export_file.integrity_checks`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from solver.errors import InputError, Problem
from solver.titles.g1862.gamedata import PHASES, GameData, load_game
from solver.titles.g1862.importer.actions import Step, effective_actions
from solver.titles.g1862.importer.engine_data import EngineData, load_engine_data
from solver.titles.g1862.importer.export_file import GameExport, read_export
from solver.titles.g1862.importer.rounds import RoundMap, is_company_step, map_rounds
from solver.titles.g1862.importer.setup import Setup, seeded_setup
from solver.titles.g1862.importer.stock import StockReplay
from solver.titles.g1862.importer.tile_variants import physical_tile, split_instance
from solver.titles.g1862.money.market import operating_order
from solver.titles.g1862.position import CompanyState, GameLength, Player, Position, TileLay, Variant
from solver.titles.g1862.routes.model import RouteSpec
from solver.titles.g1862.track import build_graph
from solver.titles.g1862.trains import Train, TrainType, parse_train
from solver.titles.g1862.validation import validate_position


@dataclass(frozen=True)
class RecordedRouteInfo:
    """What the site recorded for one train of a run: its train id, route, revenue and subsidy."""

    train_id: str
    route: RouteSpec
    revenue: int
    subsidy: int


@dataclass(frozen=True)
class RecordedRun:
    """One `run_routes` action: the board before it, and the routes and revenue the site recorded."""

    action_id: int
    round: str
    company: str
    position: Position
    routes: tuple[RecordedRouteInfo, ...]
    receivership: bool = False

    @property
    def recorded_revenue(self) -> int:
        return sum(r.revenue for r in self.routes)

    @property
    def recorded_subsidy(self) -> int:
        return sum(r.subsidy for r in self.routes)

    @property
    def route_specs(self) -> tuple[RouteSpec, ...]:
        return tuple(r.route for r in self.routes)


@dataclass(frozen=True)
class ImportedGame:
    """A replayed game: its export, set-up, every recorded run, and notes on events rebuilt without an action."""

    export: GameExport
    setup: Setup
    runs: tuple[RecordedRun, ...]
    notes: tuple[str, ...] = ()
    final_position: Position | None = None
    about_to_run: str | None = None
    lookahead: tuple[tuple[int, int], ...] = ()  # (action id, later run id): a purchase seen from a later run


@dataclass
class _Train:
    id: str
    band: str
    type: TrainType
    name: str
    warranties: int
    owner: str | None = None
    deferred: bool = False


@dataclass
class _Company:
    id: str
    permits: set[TrainType]
    original: TrainType
    home_placed: bool = False
    pending_home: bool = False
    receivership: bool = False


#: No train may have more than three Warranty tokens (7.10).
MAX_WARRANTIES = 3

#: Actions of a company's own operating turn (7.3-7.10), as opposed to a merger's token removals.
OPERATING_ACTIONS = frozenset({"lay_tile", "place_token", "run_routes", "pass", "buy_train", "dividend"})


class ImportFailure(Exception):
    """An action that cannot be applied; turned into an InputError naming the action."""


class _Replay:
    def __init__(self, export: GameExport, game: GameData, engine: EngineData) -> None:
        self.export = export
        self.game = game
        self.engine = engine
        rules = set(export.optional_rules)
        length: GameLength = "short" if "short_length" in rules else "long" if "long_length" in rules else "standard"
        self.variant = Variant(length=length, extra_marker="eight_tokens" in rules)
        self.setup = seeded_setup(export.seed, len(export.players), engine)
        self.companies = {
            c: _Company(c, {permit}, permit) for c, permit in self.setup.permits.items() if c in game.companies
        }
        self.phase = "A"
        self.tiles: dict[str, TileLay] = {}
        self.instances: dict[str, str] = {}
        self.slots: dict[str, list[str | None]] = {}
        self.placed: dict[str, list[str]] = {}
        self.london: dict[str, list[str | None]] = {h: [None] * n for h, n in engine.london_city_slots.items()}
        self.trains: dict[str, _Train] = {}
        self.bands_bought: set[str] = set()
        self.notes: list[str] = list(export.checks)
        self.runs: list[RecordedRun] = []
        self.steps: list[Step] = []
        self.rounds: RoundMap | None = None
        self.current_round: int | None = None
        self.round_order: list[str] = []
        self.operated: set[str] = set()
        self.turn_company: str | None = None
        self.turn_ran = False
        self.turn_dividend = False
        self.turn_merged = False
        self.merging: tuple[str, str] | None = None
        self.stock = StockReplay(export.names())
        self.turn_revenue = 0
        self.turn_operated = False
        self.settled: set[tuple[int | None, str]] = set()
        self.stopped_before: int | None = None
        self.lookahead: list[tuple[int, int]] = []  # (step id, later run id) of purchases seen from a later run

    # ------------------------------------------------------------------ helpers

    def company(self, company_id: str) -> _Company:
        c = self.companies.get(company_id)
        if c is None:
            if company_id in self.setup.removed:
                raise ImportFailure(f"{company_id} was removed from this game at set-up (seed {self.export.seed})")
            raise ImportFailure(f"{company_id!r} is not a company of 1862")
        return c

    def hex_of_city(self, city: str) -> tuple[str, bool]:
        """(hex, is_london) of a site city id such as '57-1-0', 'F3-1-0' or 'B15-0-3'."""
        if city in self.engine.london_cities:
            return self.engine.london_cities[city], True
        instance, sep, _ = city.rpartition("-")
        if not sep:
            raise ImportFailure(f"{city!r} is not a city id")
        if instance in self.instances:
            return self.instances[instance], False
        if instance in self.engine.preprinted_tiles:
            hex_ = self.engine.preprinted_tiles[instance]
            if hex_ in self.tiles:
                raise ImportFailure(f"city {city!r} is the printed hex {hex_}, which has a tile now")
            return hex_, False
        raise ImportFailure(f"city {city!r} is on no tile of the board")

    def slot_count(self, hex_: str) -> int:
        lay = self.tiles.get(hex_)
        return self.game.tiles[lay.tile].slots if lay else 1

    def city_slots(self, hex_: str) -> list[str | None]:
        slots = self.slots.setdefault(hex_, [None] * self.slot_count(hex_))
        if len(slots) < self.slot_count(hex_):
            slots.extend([None] * (self.slot_count(hex_) - len(slots)))
        return slots

    def place(self, hex_: str, company: str, slot: int | None = None) -> None:
        if hex_ not in self.game.towns:
            raise ImportFailure(f"{hex_} is not a town: station markers go on large stations (7.7)")
        slots = self.city_slots(hex_)
        if company in slots:
            raise ImportFailure(f"{company} already has a station marker on {hex_} (7.7)")
        if slot is None:
            free = [i for i, s in enumerate(slots) if s is None]
            if not free:
                raise ImportFailure(f"{hex_} has no free station space for {company}")
            slot = free[0]
        if not 0 <= slot < len(slots):
            raise ImportFailure(f"{hex_} has {len(slots)} station spaces; there is no space {slot}")
        if slots[slot] is not None:
            raise ImportFailure(f"station space {slot} on {hex_} already holds {slots[slot]}'s marker")
        slots[slot] = company
        self.placed.setdefault(hex_, []).append(company)

    def remove_marker(self, hex_: str, company: str) -> None:
        slots = self.slots.get(hex_, [])
        if company in slots:
            slots[slots.index(company)] = None
        if company in self.placed.get(hex_, []):
            self.placed[hex_].remove(company)

    def london_owners(self) -> list[str]:
        return [c for slots in self.london.values() for c in slots if c is not None]

    def markers_of(self, company: str) -> list[str]:
        return [h for h, slots in self.slots.items() if company in slots]

    def trains_of(self, company: str) -> list[_Train]:
        return [t for t in self.trains.values() if t.owner == company]

    # ------------------------------------------------------------------ events

    def restart(self, company: str) -> None:
        """A company leaves the board and may be started again (5.2.5, 6.4.3): markers, trains gone."""
        c = self.company(company)
        for hex_ in self.markers_of(company):
            self.remove_marker(hex_, company)
        for slots in self.london.values():
            for i, owner in enumerate(slots):
                if owner == company:
                    slots[i] = None
        for t in self.trains_of(company):
            t.owner = None
        c.permits = {c.original}
        c.home_placed = c.pending_home = c.receivership = False
        self.stock.remove(company)

    def bankrupt(self, company: str, why: str) -> None:
        self.restart(company)
        self.notes.append(f"{company} goes bankrupt ({why}); its station markers leave the map (6.4.3)")

    def set_phase(self, band: str) -> None:
        if band in PHASES and PHASES.index(band) > PHASES.index(self.phase):
            self.phase = band

    def rust(self, band: str) -> None:
        """Buying the first train of `band` rusts the trains it rusts (2.2); warranted ones wait (7.10)."""
        for t in list(self.trains.values()):
            if t.owner is None or self.engine.train_rusts_on.get(t.band) != band:
                continue
            if t.warranties > 0:
                t.deferred = True
            else:
                t.owner = None
                del self.trains[t.id]

    def use_warranties(self, company: str) -> None:
        """One warranty is used up on every train after the company's run (7.10)."""
        for t in self.trains_of(company):
            if t.warranties > 0:
                t.warranties -= 1
            if t.deferred and t.warranties == 0:
                del self.trains[t.id]

    def buy_from_depot(self, company: str, train_id: str, variant_name: str, warranties: int) -> None:
        band = train_id.split("-")[0]
        variant = self.engine.train_variants.get(variant_name)
        if variant is None or variant.band != band:
            raise ImportFailure(f"train variant {variant_name!r} is not a variant of band {band!r}")
        name = variant_name.rstrip("*")
        first = band not in self.bands_bought
        self.bands_bought.add(band)
        self.trains[train_id] = _Train(
            train_id, band, TrainType(variant.type), name, warranties + (1 if variant.free_warranty else 0), company
        )
        if first:
            self.set_phase(band)
            self.rust(band)

    def place_home(self, company: str) -> None:
        """The home marker goes down at the start of the company's first operating turn (7.2)."""
        c = self.company(company)
        home = self.game.companies[company].home
        c.home_placed = True
        slots = self.city_slots(home)
        if company in slots:
            return
        if None in slots:
            self.place(home, company)
        else:
            c.pending_home = True

    def resolve_pending_home(self, company: str, step: Step) -> None:
        """A full home town: upgraded by the first build, else the last marker placed is displaced (7.2)."""
        c = self.company(company)
        home = self.game.companies[company].home
        if step.action.get("type") == "lay_tile" and step.action.get("hex") == home:
            return  # placed after the upgrade
        c.pending_home = False
        order = [o for o in self.placed.get(home, []) if o in self.city_slots(home)]
        if not order:
            raise ImportFailure(f"{company}'s home {home} is full but holds no marker to displace")
        victim = order[-1]
        slot = self.city_slots(home).index(victim)
        self.remove_marker(home, victim)
        self.place(home, company, slot)
        self.notes.append(f"{company}'s home marker displaces {victim}'s marker on {home} (7.2)")

    # ------------------------------------------------------------------ turn bookkeeping

    def end_turn(self, index: int) -> None:
        company = self.turn_company
        if company is None:
            return
        c = self.companies.get(company)
        if c is not None and self.turn_ran and not self.turn_dividend and not self.turn_merged:
            # a run with no dividend action: the site withheld for a company in receivership (6.4.3)
            if not self.stock.in_receivership(company):
                self.notes.append(
                    f"difference: {company} ran with no dividend action, which the site does only in receivership, "
                    "while our replay of its shares has a director; the site's state is taken (receivership)"
                )
            c.receivership = True
            self.use_warranties(company)
            self.receivership_purchase(company, index)
        if c is not None and self.turn_operated and not self.turn_dividend:
            self.withhold(company, index, "no dividend action")
        self.turn_company = None
        self.turn_ran = self.turn_dividend = self.turn_merged = self.turn_operated = False
        self.turn_revenue = 0

    def start_turn(self, company: str) -> None:
        self.turn_company = company
        self.turn_ran = self.turn_dividend = self.turn_merged = self.turn_operated = False
        self.turn_revenue = 0

    def round_index(self, index: int) -> int | None:
        assert self.rounds is not None
        return self.rounds.round_of_step[min(index, len(self.steps) - 1)] if self.steps else None

    def withhold(self, company: str, index: int, why: str) -> None:
        """The site withholds for a company that operated without a dividend action: one space left (7.8.5);
        once per operating round. A price reaching 0 bankrupts the company (7.12)."""
        key = (self.round_index(index), company)
        if key in self.settled or self.stock.price(company) is None:
            return
        self.settled.add(key)
        self.stock.dividend(company, "withhold", 0)
        self.check_price(company, f"its price falls to 0 ({why}: the site withholds)")

    def check_price(self, company: str, why: str) -> None:
        if self.stock.bankrupt_price(company):
            self.bankrupt(company, why + ", 7.12")

    def next_run_trains(self, company: str, after: int) -> tuple[list[str], int | None]:
        """Train ids that the company's next recorded run uses and that no action bought (bought by the site
        in receivership), and that run's action id (None without a later run)."""
        explicit: set[str] = set()
        for i in range(after, len(self.steps)):
            a = self.steps[i].action
            if a.get("type") == "buy_train" and isinstance(a.get("train"), str):
                explicit.add(a["train"])
            if a.get("type") == "run_routes" and a.get("entity") == company:
                used = [r.get("train") for r in a.get("routes") or [] if isinstance(r, dict)]
                unbought = [t for t in used if isinstance(t, str) and t not in self.trains and t not in explicit]
                return unbought, self.steps[i].id
        return [], None

    def receivership_purchase(self, company: str, index: int) -> bool:
        """Buy, as the site does for a company in receivership, the depot trains its next run shows it has."""
        c = self.company(company)
        bought = False
        train_ids, evidence = self.next_run_trains(company, index)
        if train_ids and evidence is not None:
            self.lookahead.append((self.steps[index].id if index < len(self.steps) else evidence, evidence))
        for train_id in train_ids:
            band = train_id.split("-")[0]
            kinds = sorted(c.permits, key=lambda p: p.value)  # the site's order: express, freight, local
            limit_info = self.game.phases[self.phase].train_limit
            limit = limit_info.get("per_type", limit_info.get("total", 3))
            kind = next((k for k in kinds if sum(t.type is k for t in self.trains_of(company)) < limit), None)
            if kind is None:
                raise ImportFailure(f"{company} runs train {train_id} but has no room to have bought it")
            variant = next(
                (n for n, v in self.engine.train_variants.items() if v.band == band and v.type == kind.value), None
            )
            if variant is None:
                raise ImportFailure(f"train {train_id} has no {kind.value} variant")
            self.buy_from_depot(company, train_id, variant, 0)
            self.notes.append(f"{company} (in receivership) buys train {train_id} as {variant.rstrip('*')}")
            bought = True
        return bought

    def silent_companies(self) -> list[str]:
        """Companies in receivership with no train: the site operates them without any recorded action."""
        return [
            cid
            for cid, c in self.companies.items()
            if c.receivership and not self.trains_of(cid) and self.stock.price(cid) is not None
        ]

    def before_step(self, index: int) -> None:
        """Operating-round bookkeeping before step `index`: a new round fixes the operating order from the
        market (7.1); a company in receivership with no train takes its turn where that order puts it."""
        assert self.rounds is not None
        round_ = self.rounds.round_of_step[index] if index < len(self.steps) else None
        if round_ != self.current_round:
            self.finish_round(index)
            self.current_round = round_
            if round_ is not None:
                self.round_order = operating_order(self.stock.market_stacks())
                self.check_order(round_)
                self.operated = set()
                self.stock.new_operating_round()
        if round_ is None or index >= len(self.steps) or not is_company_step(self.steps[index]):
            return
        company = str(self.steps[index].action.get("entity"))
        if company in self.operated:
            return
        if company in self.round_order:
            before = self.round_order[: self.round_order.index(company)]
            for silent in self.silent_companies():
                if silent in before and silent not in self.operated:
                    self.silent_turn(silent, index)
        self.operated.add(company)

    def check_order(self, round_: int) -> None:
        """Note a round whose recorded order is not the market's (7.1): our prices differ from the site's."""
        assert self.rounds is not None
        recorded = self.rounds.rounds[round_].order
        ours = [c for c in self.round_order if c in recorded]
        if ours != recorded:
            label = self.rounds.rounds[round_].label
            self.notes.append(
                f"difference: in {label} the companies operated in the order {', '.join(recorded)}; our replay of "
                f"the market gives {', '.join(ours)} (a company in receivership with no train takes its turn there)"
            )

    def finish_round(self, index: int) -> None:
        """The companies left to operate at the end of a round that recorded no action."""
        if self.current_round is None:
            return
        for silent in self.silent_companies():
            if silent in self.round_order and silent not in self.operated:
                self.silent_turn(silent, index)

    def silent_turn(self, company: str, index: int) -> None:
        """A company in receivership with no train at its turn: the site withholds (7.8.5), then buys a train
        when it can or the company goes bankrupt (6.4.3, 7.12)."""
        self.operated.add(company)
        self.withhold(company, index, "in receivership with no train")
        if self.stock.price(company) is None:
            return
        if not self.receivership_purchase(company, index):
            self.bankrupt(company, "in receivership with no train at its turn and none bought")

    # ------------------------------------------------------------------ actions

    def apply(self, index: int, step: Step) -> None:
        action = step.action
        kind = action["type"]
        company = self.begin(index, step)
        if company is not None:
            if step.parent_id is None and kind not in ("run_routes", "pass"):
                self.companies[company].receivership = False
            if kind in OPERATING_ACTIONS:
                self.turn_operated = True
        handler = getattr(self, f"do_{kind}", None)
        if handler is not None:
            handler(index, step, action)

    def begin(self, index: int, step: Step) -> str | None:
        """What the site does before the step's action is taken: the previous company's turn ends, and a
        company's turn starts with its home marker (7.2). Returns the acting company (None for a player)."""
        action = step.action
        kind = action["type"]
        entity = action.get("entity")
        is_company = action.get("entity_type") == "corporation" or (
            action.get("entity_type") is None and isinstance(entity, str) and entity in self.game.companies
        )
        if not is_company:
            if kind in ("bid", "par", "buy_shares", "sell_shares") or (kind == "pass" and step.parent_id is None):
                self.end_turn(index)
            return None
        company = str(entity)
        c = self.company(company)
        if company != self.turn_company:
            self.end_turn(index)
            self.start_turn(company)
        if not c.home_placed and not c.receivership:
            self.place_home(company)
        if c.pending_home:
            self.resolve_pending_home(company, step)
        return company

    def do_lay_tile(self, index: int, step: Step, action: dict[str, Any]) -> None:
        hex_ = action.get("hex")
        tile_id, rotation = action.get("tile"), action.get("rotation")
        if not isinstance(hex_, str) or not isinstance(tile_id, str) or not isinstance(rotation, int):
            raise ImportFailure("a tile lay needs 'hex', 'tile' and 'rotation'")
        if hex_ not in self.game.land_hexes:
            raise ImportFailure(f"{hex_} is not a land hex of the 1862 map (7.6.1)")
        try:
            name, _ = split_instance(tile_id)
            laid = physical_tile(name, rotation % 6, self.game, self.engine)
        except ValueError as exc:
            raise ImportFailure(str(exc)) from None
        old = [i for i, h in self.instances.items() if h == hex_]
        for i in old:
            del self.instances[i]
        self.instances[tile_id] = hex_
        self.tiles[hex_] = TileLay(hex_, laid.tile, rotation % 6, laid.small_stations)
        if hex_ in self.game.towns:
            # the site moves the markers onto the new tile in order, into its first spaces
            owners = [o for o in self.slots.get(hex_, []) if o is not None]
            self.slots[hex_] = owners + [None] * max(0, self.slot_count(hex_) - len(owners))
        company = str(action.get("entity"))
        c = self.companies.get(company)
        if c is not None and c.pending_home and hex_ == self.game.companies[company].home:
            c.pending_home = False
            if None in self.city_slots(hex_):
                self.place(hex_, company)
                self.notes.append(f"{company} upgrades its home {hex_} to place its home marker (7.2)")
            else:
                self.resolve_pending_home(company, Step({"type": "pass"}))

    def do_place_token(self, index: int, step: Step, action: dict[str, Any]) -> None:
        city, slot = action.get("city"), action.get("slot")
        if not isinstance(city, str):
            raise ImportFailure("a station marker needs a 'city'")
        company = str(action.get("entity"))
        hex_, is_london = self.hex_of_city(city)
        if is_london:
            slots = self.london[hex_]
            if company in self.london_owners():
                raise ImportFailure(f"{company} already has a London link (7.6.5)")
            index_ = slot if isinstance(slot, int) and 0 <= slot < len(slots) and slots[slot] is None else None
            if index_ is None:
                free = [i for i, s in enumerate(slots) if s is None]
                if not free:
                    raise ImportFailure(f"the London spaces in {hex_} are full (7.6.5)")
                index_ = free[0]
            slots[index_] = company
            return
        self.place_recorded(hex_, company, slot if isinstance(slot, int) else None, step)

    def place_recorded(self, hex_: str, company: str, slot: int | None, step: Step) -> None:
        """A recorded marker goes in the first free space, as the site puts it whatever space the action names.
        On a full town our replay disagrees with a move the site accepted: the site's state is taken (the marker
        in the recorded space, else the last one placed, makes way) and the difference is noted."""
        slots = self.city_slots(hex_)
        if None not in slots and company not in slots:
            victim = slots[slot] if slot is not None and 0 <= slot < len(slots) else slots[-1]
            assert victim is not None
            self.remove_marker(hex_, victim)
            self.notes.append(
                f"difference at {step.describe()}: {hex_} is full in our replay; the site placed {company}'s marker, "
                f"so {victim}'s marker there is taken off"
            )
        self.place(hex_, company)
        used = self.city_slots(hex_).index(company)
        if slot is not None and slot != used:
            self.notes.append(
                f"{company}'s marker on {hex_} goes in space {used}, the first free one, as the site places it "
                f"(the action names space {slot})"
            )

    def do_remove_token(self, index: int, step: Step, action: dict[str, Any]) -> None:
        city, slot = action.get("city"), action.get("slot")
        if not isinstance(city, str) or not isinstance(slot, int):
            raise ImportFailure("removing a marker needs a 'city' and a 'slot'")
        hex_, is_london = self.hex_of_city(city)
        slots = self.london[hex_] if is_london else self.city_slots(hex_)
        if not 0 <= slot < len(slots) or slots[slot] is None:
            raise ImportFailure(f"there is no marker in space {slot} of {hex_}")
        owner = slots[slot]
        assert owner is not None
        if is_london:
            slots[slot] = None
        else:
            self.remove_marker(hex_, owner)

    def do_buy_train(self, index: int, step: Step, action: dict[str, Any]) -> None:
        company = str(action.get("entity"))
        train_id = action.get("train")
        if not isinstance(train_id, str) or "-" not in train_id:
            raise ImportFailure("a train purchase needs a train id such as 'B-2'")
        extra = action.get("warranties")
        extra = 0 if extra is None else extra
        most = MAX_WARRANTIES
        if not isinstance(extra, int) or isinstance(extra, bool) or not 0 <= extra <= most:
            raise ImportFailure(f"'warranties' must be a whole number from 0 to {most} (7.10), not {extra!r}")
        variant = action.get("variant")
        existing = self.trains.get(train_id)
        if existing is not None and existing.owner is not None:
            existing.owner = company  # bought from another company (7.9)
            if isinstance(variant, str) and variant in self.engine.train_variants:
                existing.name = variant.rstrip("*")
                existing.type = TrainType(self.engine.train_variants[variant].type)
            existing.warranties += extra
            return
        if not isinstance(variant, str):
            raise ImportFailure(f"train {train_id} comes from the bank pool but no type ('variant') is recorded")
        self.trains.pop(train_id, None)
        self.buy_from_depot(company, train_id, variant, extra)

    def do_discard_train(self, index: int, step: Step, action: dict[str, Any]) -> None:
        train = self.trains.get(str(action.get("train")))
        if train is not None:
            train.owner = None

    def do_dividend(self, index: int, step: Step, action: dict[str, Any]) -> None:
        company = str(action.get("entity"))
        self.turn_dividend = True
        self.use_warranties(company)
        kind = str(action.get("kind"))
        if kind not in ("payout", "withhold", "hudson"):
            raise ImportFailure(f"dividend kind {kind!r} is none of payout, withhold, hudson")
        self.settled.add((self.round_index(index), company))
        self.stock.dividend(company, kind, self.turn_revenue)
        self.check_price(company, f"its price falls to 0 (dividend {kind})")

    def do_merge(self, index: int, step: Step, action: dict[str, Any]) -> None:
        other = action.get("corporation")
        if not isinstance(other, str):
            raise ImportFailure("a merger names the other company in 'corporation'")
        self.company(other)
        self.merging = (str(action.get("entity")), other)
        self.turn_merged = True

    def do_choose(self, index: int, step: Step, action: dict[str, Any]) -> None:
        merging = self.merging
        if merging is None or action.get("entity") != merging[0] or action.get("choice") not in ("first", "last"):
            return
        survivor, nonsurvivor = merging if action["choice"] == "first" else (merging[1], merging[0])
        self.merging = None
        self.merge(survivor, nonsurvivor)

    def merge(self, survivor: str, nonsurvivor: str) -> None:
        """5.2.5, 7.5.6: markers, trains and permits of the non-survivor pass to the survivor."""
        s, n = self.company(survivor), self.company(nonsurvivor)
        self.stock.merged(survivor, nonsurvivor, bool(self.trains_of(survivor)), bool(self.trains_of(nonsurvivor)))
        for hex_ in self.markers_of(nonsurvivor):
            slots = self.slots[hex_]
            if survivor in slots:
                self.remove_marker(hex_, nonsurvivor)
            else:
                slots[slots.index(nonsurvivor)] = survivor
                self.placed[hex_] = [survivor if o == nonsurvivor else o for o in self.placed.get(hex_, [])]
        for slots in self.london.values():
            for i, owner in enumerate(slots):
                if owner == nonsurvivor:
                    slots[i] = None if survivor in self.london_owners() else survivor
        for t in self.trains_of(nonsurvivor):
            t.owner = survivor
        s.permits |= n.permits
        s.home_placed = True
        self.restart(nonsurvivor)
        self.notes.append(f"{nonsurvivor} merges into {survivor} (5.2)")

    def do_bid(self, index: int, step: Step, action: dict[str, Any]) -> None:
        if isinstance(action.get("corporation"), str):
            self.stock.bid(action["corporation"])

    def do_par(self, index: int, step: Step, action: dict[str, Any]) -> None:
        company = action.get("corporation")
        if not isinstance(company, str):
            raise ImportFailure("a par names the company in 'corporation'")
        c = self.company(company)
        if self.markers_of(company) or self.trains_of(company) or company in self.london_owners():
            self.bankrupt(company, "it is started again, so it went bankrupt earlier")
        price = str(action.get("share_price", "")).split(",")[0]
        if not price.isdigit():
            raise ImportFailure("a par records its 'share_price' as 'price,row,column'")
        try:
            self.stock.par(str(action.get("entity")), company, int(price))
        except InputError as exc:
            raise ImportFailure("; ".join(p.message for p in exc.problems)) from None
        c.receivership = False

    def do_buy_shares(self, index: int, step: Step, action: dict[str, Any]) -> None:
        shares = [s for s in action.get("shares") or [] if isinstance(s, str)]
        for note in self.stock.buy(str(action.get("entity")), shares):
            self.notes.append(f"difference at {step.describe()}: {note}")
        for company in {s.rpartition("_")[0] for s in shares}:
            c = self.companies.get(company)
            if c is not None and c.receivership and not self.stock.in_receivership(company):
                c.receivership = False

    def do_sell_shares(self, index: int, step: Step, action: dict[str, Any]) -> None:
        if action.get("entity_type") == "corporation":
            return
        shares = [s for s in action.get("shares") or [] if isinstance(s, str)]
        to_receivership, notes = self.stock.sell(str(action.get("entity")), shares)
        self.notes += [f"difference at {step.describe()}: {note}" for note in notes]
        for company in to_receivership:
            self.companies[company].receivership = True
            self.notes.append(f"{company} enters receivership: its director's certificate is sold (6.4.3)")
        for company in sorted({s.rpartition("_")[0] for s in shares}):
            if company in self.companies:
                self.check_price(company, "its price falls to 0 (shares sold)")

    def do_run_routes(self, index: int, step: Step, action: dict[str, Any]) -> None:
        company = str(action.get("entity"))
        c = self.company(company)
        routes_raw = action.get("routes")
        if not isinstance(routes_raw, list) or not routes_raw:
            raise ImportFailure("a run needs a list of 'routes'")
        infos: list[RecordedRouteInfo] = []
        for n, r in enumerate(routes_raw):
            if not isinstance(r, dict) or not isinstance(r.get("train"), str):
                raise ImportFailure(f"route {n + 1} has no train")
            train = self.trains.get(r["train"])
            if train is None or train.owner != company:
                raise ImportFailure(f"{company} runs train {r['train']}, which it does not own at this point")
            hexes = route_hexes(r, f"route {n + 1} ({train.name})")
            revenue = r.get("revenue", 0)
            subsidy = r.get("subsidy", 0)
            if not isinstance(revenue, int) or not isinstance(subsidy, int):
                raise ImportFailure(f"route {n + 1} ({train.name}) has a non-integer revenue or subsidy")
            infos.append(RecordedRouteInfo(train.id, RouteSpec(train.name, tuple(hexes)), revenue, subsidy))
        self.turn_revenue = sum(i.revenue for i in infos)
        position = self.position(focus=company)
        problems = validate_position(position)
        if problems:
            raise ImportFailure("the rebuilt board breaks the rules: " + "; ".join(str(p) for p in problems))
        graph = build_graph(position)
        for n, info in enumerate(infos):
            _, route_problems = graph.path_of(info.route.hexes, f"route {n + 1} ({info.route.train})")
            if route_problems:
                raise ImportFailure(
                    "the recorded route does not follow the rebuilt track: " + "; ".join(str(p) for p in route_problems)
                )
        assert self.rounds is not None
        self.runs.append(
            RecordedRun(
                int(step.id), self.rounds.label(index), company, position, tuple(infos), receivership=c.receivership
            )
        )
        self.turn_ran = True

    # ------------------------------------------------------------------ positions

    def position(self, focus: str | None = None) -> Position:
        """The board now, with every company that has a train, a marker or is `focus`."""
        short = self.variant.length == "short"
        companies: dict[str, CompanyState] = {}
        london = self.london_owners()
        for cid, c in self.companies.items():
            trains = [t for t in self.trains_of(cid)]
            money = self.stock.company_money(cid)
            if not (trains or self.markers_of(cid) or cid in london or cid == focus or money):
                continue
            parsed: list[Train] = [parse_train(t.name, self.game, short) for t in sorted(trains, key=lambda t: t.id)]
            companies[cid] = CompanyState(
                cid, tuple(parsed), frozenset(c.permits), self.game.companies[cid].home, money
            )
        stations = {h: tuple(o for o in slots if o is not None) for h, slots in self.slots.items()}
        return Position(
            phase=self.phase,
            variant=self.variant,
            tiles=MappingProxyType(dict(self.tiles)),
            stations=MappingProxyType({h: o for h, o in stations.items() if o}),
            london=tuple(london),
            companies=MappingProxyType(companies),
            name=f"18xx.games {self.export.game_id or ''}".strip(),
            players=tuple(Player(name, 0) for name in self.export.names().values()),
            market=self.stock.market_stacks(),
        )

    # ------------------------------------------------------------------ driver

    def run(self, stop_before: int | None = None) -> ImportedGame:
        """Replay every effective action, or those before action `stop_before` (the later ones still show what
        a company in receivership bought without an action)."""
        self.stopped_before = stop_before
        self.steps = effective_actions(self.export.actions, self.export.source)
        self.rounds = map_rounds(self.steps)
        for index, step in enumerate(self.steps):
            stop = stop_before is not None and step.parent_id is None and step.id >= stop_before
            try:
                self.before_step(index)
                if stop:
                    self.begin(index, step)
                    break
                self.apply(index, step)
            except ImportFailure as exc:
                raise InputError([Problem(f"{self.export.source} {step.describe()}", "import", str(exc))]) from None
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise InputError(
                    [
                        Problem(
                            f"{self.export.source} {step.describe()}",
                            "format",
                            f"the action is malformed or does not fit the game so far ({type(exc).__name__}: {exc})",
                        )
                    ]
                ) from None
        return ImportedGame(
            self.export,
            self.setup,
            tuple(self.runs),
            tuple(self.notes),
            self.position(),
            self.about_to_run(),
            tuple(self.lookahead),
        )

    def about_to_run(self) -> str | None:
        """After the last action: the company whose turn has not yet run, or the next one to operate in this
        operating round by the market's order (7.1); None outside an operating round or after the last action
        of a finished game."""
        if self.export.finished and self.stopped_before is None:
            return None
        if self.turn_company is not None and not self.turn_ran and self.turn_company in self.companies:
            return self.turn_company
        if self.current_round is None:
            return None
        waiting = [c for c in self.round_order if c not in self.operated and c != self.turn_company]
        return waiting[0] if waiting else None


def route_hexes(route: dict[str, Any], where: str) -> list[str]:
    """Every hex of a recorded route in visiting order.

    The site records the route's stops (`hexes`) and, in `connections`, the hexes of the track between
    consecutive stops (in either direction, in any order); a village crossed on a track without a station
    appears only there. We join the connections stop by stop.
    """
    stops = route.get("hexes")
    chains = route.get("connections")
    if not isinstance(stops, list) or len(stops) < 2 or not all(isinstance(h, str) for h in stops):
        raise ImportFailure(f"{where} has no list of at least two stop 'hexes'")
    if not isinstance(chains, list) or not all(
        isinstance(c, list) and len(c) >= 2 and all(isinstance(h, str) for h in c) for c in chains
    ):
        raise ImportFailure(f"{where} has no list of 'connections' (hexes between its stops)")
    unused = [list(c) for c in chains]
    path = [stops[0]]
    for a, b in itertools.pairwise(stops):
        for chain in unused:
            if chain[0] == a and chain[-1] == b:
                found = chain
                break
            if chain[0] == b and chain[-1] == a:
                found = list(reversed(chain))
                break
        else:
            raise ImportFailure(f"{where}: no recorded connection joins its stops {a} and {b}")
        unused.remove(found if found in unused else list(reversed(found)))
        path += found[1:]
    if unused:
        raise ImportFailure(f"{where}: a recorded connection {'-'.join(unused[0])} is not between two of its stops")
    return path


def import_export(export: GameExport) -> ImportedGame:
    """Replay a parsed export (see the module docstring); InputError naming the action that cannot be applied."""
    return _Replay(export, load_game(export.title), load_engine_data(export.title)).run()


def position_before(export: GameExport, action_id: int | None = None) -> tuple[Position, ImportedGame]:
    """The position just before action `action_id` (None: after the last action) and the game replayed up to
    there (issue 15). The whole export is read: a train a company in receivership bought without an action is
    seen from its later run. InputError if the export has no such action."""
    if action_id is not None and not any(a["id"] == action_id for a in export.actions):
        first, last = (export.actions[0]["id"], export.actions[-1]["id"]) if export.actions else (0, 0)
        raise InputError(
            [Problem(f"{export.source} action {action_id}", "format", f"no such action (actions {first}-{last})")]
        )
    game = _Replay(export, load_game(export.title), load_engine_data(export.title)).run(action_id)
    assert game.final_position is not None
    return game.final_position, game


def import_game(path: str | Path) -> ImportedGame:
    """Read and replay an 18xx.games export file; InputError naming the file and action on any problem."""
    return import_export(read_export(path))


def runs_by_company(game: ImportedGame) -> dict[str, list[RecordedRun]]:
    """The recorded runs grouped by company, in game order."""
    grouped: dict[str, list[RecordedRun]] = {}
    for run in game.runs:
        grouped.setdefault(run.company, []).append(run)
    return grouped
