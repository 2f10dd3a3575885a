"""The merge scenario file: players, the companies taking part, who holds their shares, and what is asked.

A scenario describes one 2:1 share merge (rulebook 5): a merger (5.1.1, 7.5), an acquisition (5.1.2, 7.14) or
a refinancing (5.1.3, 7.11.2). Players are listed clockwise from any seat. Each company lists its share
price, par, whether it is chartered and has a train, its treasury, trains, permits, station markers, its home
(default: the printed one), and its ten shares: held by players (by name), its own treasury ("treasury"), the
Bank Pool ("pool") or the IPO ("ipo"). Schema: docs/scenario.schema.json; examples: examples/*merge*.json.

`parse_scenario` never half-loads: it returns a Scenario or raises InputError with one Problem per fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import Field, ValidationError

from solver.errors import InputError, Problem, format_problems
from solver.jsonfile import FileModel, read_json_file
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import load_game
from solver.titles.g1862.money.market import get_market
from solver.titles.g1862.trains import Train, TrainType, TrainTypeField, parse_train

TREASURY, POOL, IPO = "treasury", "pool", "ipo"
PLACES = (TREASURY, POOL, IPO)
LONDON = "London"
SHARES_PER_COMPANY = 10
DIRECTOR_SHARES = 3

Kind = Literal["merger", "acquisition", "refinance"]
Choice = Literal["redeem", "relinquish"]


def marker_places() -> list[str]:
    """Where a scenario's company may have a station marker (7.7): every town of the map, in map order
    (columns A, B, ... and rows within each), then a London space."""
    return [*sorted(load_game().towns, key=hexgrid.parse_hex), LONDON]


# ---------------------------------------------------------------- the file format (structure only)


class PlayerEntry(FileModel):
    name: str = Field(min_length=1, description="Player name, unique")
    cash: int = Field(description="Cash in hand (£)")


class CompanyEntry(FileModel):
    id: str = Field(description="Company abbreviation as in rule 2.1, e.g. N&E")
    price: int = Field(description="Current share price: a space of the stock market (6.4.2)")
    par: int | None = Field(
        None, description="Par price on the par chart (4.2, 6.5.3); default: the highest par value not above the price"
    )
    chartered: bool = Field(True, description="Par token in the chartered area of the par chart (3.1, 7.5.4)")
    has_train: bool | None = Field(None, description="Owns at least one train; default: whether `trains` is non-empty")
    cash: int = Field(0, description="Treasury cash (£)")
    trains: list[str] = Field(default_factory=list, description="Trains owned, e.g. 3F, 4/5L, 2/3E")
    permits: list[TrainTypeField] = Field(default_factory=list, description="Train permits held (6.5.4.3)")
    markers: list[str] = Field(
        default_factory=list, description="Hexes holding its station markers on the map; 'London' for a London space"
    )
    unused_markers: int = Field(0, description="Station markers still on its charter (7.5.6)")
    home: str | None = Field(None, description="Home station hex (a town); default: the company's printed home (2.1)")
    holdings: dict[str, int] = Field(
        description="Its 10 shares by holder: player names, 'treasury' (its own), 'pool' (Bank Pool), 'ipo'"
    )
    director: str | None = Field(
        None, description="Player holding the director's certificate; default: the player with most shares"
    )
    operated: bool = Field(False, description="Has already operated in this Operating Round (5.1.1, 7.5)")


class ScenarioFile(FileModel):
    """The JSON scenario file of a 2:1 share merge."""

    game: Literal["1862"] = "1862"
    name: str = ""
    kind: Kind = Field(description="merger (5.1.1), acquisition (5.1.2, 7.14) or refinance (5.1.3, 7.11.2)")
    initiator: str = Field(description="The player initiating: director of the active company (5.2.4, 7.5.1)")
    survivor: str = Field(description="The surviving company (5.2.1); for a refinance, the company refinanced")
    active: str | None = Field(
        None,
        description="The operating company whose director initiates (7.5, 7.14); default: the company the initiator "
        "directs, or the survivor if he directs both",
    )
    players: list[PlayerEntry] = Field(description="All players, in clockwise seat order")
    companies: list[CompanyEntry] = Field(description="The two merging companies, or the one refinanced")
    choices: dict[str, Choice] = Field(
        default_factory=dict,
        description="Option share decisions by holder (player name or the surviving company's id); default: redeem "
        "when affordable (5.2.4 step 4)",
    )
    returns: Literal["in_turn", "simultaneous"] = Field(
        "in_turn",
        description="in_turn: each holder does every step before the next (as in example 5.2.6); simultaneous: all "
        "return half first, as 5.2.4 step 1 allows",
    )
    max_markers: Literal[7, 8] = Field(7, description="Station markers allowed on the map: 7, or 8 with rule 11.4")


def scenario_json_schema() -> dict[str, Any]:
    """The JSON Schema of the scenario file (written to docs/scenario.schema.json)."""
    schema = ScenarioFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "1862 merge scenario"
    return schema


# ---------------------------------------------------------------- the domain objects


@dataclass(frozen=True)
class CompanyInfo:
    """One company taking part, validated: `shares` maps every holder (players, treasury, pool, ipo) to a
    share count totalling 10; `director` is the player holding the director's certificate."""

    id: str
    price: int
    par: int
    chartered: bool
    has_train: bool
    cash: int
    trains: tuple[Train, ...]
    permits: frozenset[TrainType]
    markers: tuple[str, ...]
    unused_markers: int
    home: str
    shares: Mapping[str, int]
    director: str
    operated: bool


@dataclass(frozen=True)
class Scenario:
    """A validated merge scenario. Players are in clockwise order; `companies` in the order given."""

    name: str
    kind: Kind
    initiator: str
    survivor: str
    active: str
    players: tuple[str, ...]
    cash: Mapping[str, int]
    companies: Mapping[str, CompanyInfo]
    choices: Mapping[str, Choice]
    returns: Literal["in_turn", "simultaneous"]
    max_markers: int
    title: str = "1862"

    @property
    def other(self) -> str | None:
        """The non-surviving company, or None for a refinance."""
        rest = [c for c in self.companies if c != self.survivor]
        return rest[0] if rest else None


def _company(entry: CompanyEntry, players: list[str], game_title: str) -> tuple[CompanyInfo | None, list[Problem]]:
    game = load_game(game_title)
    market = get_market(game_title)
    where = f"company {entry.id}"
    problems: list[Problem] = []
    if entry.id not in game.companies:
        problems.append(Problem(where, "2.1", f"unknown company; companies are {', '.join(game.companies)}"))
    home = entry.home or (game.companies[entry.id].home if entry.id in game.companies else "")
    if entry.home is not None and entry.home not in game.towns:
        place = game.hex_name(entry.home)
        shown = entry.home if place == entry.home else f"{entry.home} {place}"
        problems.append(Problem(f"{where} home", "3.2", f"{shown} is not a town; a company's home is a town"))
    if entry.price < 0:
        problems.append(Problem(f"{where} price", "6.4.2", f"a share price cannot be negative (got {entry.price})"))
    elif entry.price == 0:
        problems.append(Problem(f"{where} price", "7.12", "a company at 0 is bankrupt and cannot merge"))
    elif not market.is_price(entry.price):
        problems.append(Problem(f"{where} price", "6.4.2", f"{entry.price} is not a space on the stock market"))
    par = entry.par if entry.par is not None else market.par_for(max(entry.price, 0))
    if par not in market.par_values:
        values = " ".join(str(p) for p in market.par_values)
        problems.append(Problem(f"{where} par", "4.2", f"{par} is not a par value; par values are {values}"))
    if entry.cash < 0:
        problems.append(Problem(f"{where} cash", "7.5.6", f"treasury cash cannot be negative (got {entry.cash})"))
    if entry.unused_markers < 0:
        problems.append(Problem(f"{where} unused_markers", "7.5.6", "cannot be negative"))
    trains: list[Train] = []
    for name in entry.trains:
        try:
            trains.append(parse_train(name, game))
        except ValueError as exc:
            problems.append(Problem(f"{where} train {name!r}", "2.2", str(exc)))
    has_train = bool(entry.trains) if entry.has_train is None else entry.has_train
    if entry.has_train is False and entry.trains:
        problems.append(Problem(f"{where} has_train", "7.5.3", "is false but the company lists trains"))
    for m in entry.markers:
        if m != LONDON and not hexgrid.is_hex_id(m):
            problems.append(Problem(f"{where} marker {m!r}", "7.7", "not a hex id (e.g. F5) or 'London'"))
    if len(set(entry.markers)) != len(entry.markers):
        problems.append(
            Problem(f"{where} markers", "7.7", "a company has one marker per station; a hex is listed twice")
        )
    shares: dict[str, int] = {}
    for holder, n in entry.holdings.items():
        if holder not in players and holder not in PLACES:
            problems.append(
                Problem(
                    f"{where} holdings",
                    "format",
                    f"unknown player {holder!r}; holders are the players ({', '.join(players)}) or {', '.join(PLACES)}",
                )
            )
            continue
        if n < 0:
            problems.append(Problem(f"{where} holdings.{holder}", "6.5", f"cannot hold a negative number ({n})"))
            continue
        shares[holder] = n
    total = sum(shares.values())
    if total > SHARES_PER_COMPANY:
        problems.append(
            Problem(f"{where} holdings", "2.0", f"list {total} shares; a company has exactly 10 (8 certificates)")
        )
    elif total < SHARES_PER_COMPANY and len(shares) == len(entry.holdings):
        problems.append(
            Problem(
                f"{where} holdings",
                "2.0",
                f"list {total} shares; place all 10 (unsold shares are in the 'ipo', or 'treasury' if non-chartered)",
            )
        )
    director = entry.director
    if director is not None:
        if director not in players:
            problems.append(Problem(f"{where} director", "6.3", f"unknown player {director!r}"))
        elif shares.get(director, 0) < DIRECTOR_SHARES:
            problems.append(Problem(f"{where} director", "6.3", f"{director} holds fewer than three shares"))
    else:
        held = {p: shares.get(p, 0) for p in players}
        top = max(held.values(), default=0)
        leaders = [p for p, n in held.items() if n == top]
        if top < DIRECTOR_SHARES:
            problems.append(
                Problem(where, "8.0", "no player holds three shares: a company in receivership cannot merge")
            )
        elif len(leaders) > 1:
            problems.append(
                Problem(f"{where} director", "6.3", f"{' and '.join(leaders)} tie on {top} shares; name the director")
            )
        else:
            director = leaders[0]
    if problems or director is None:
        return None, problems
    info = CompanyInfo(
        id=entry.id,
        price=entry.price,
        par=par,
        chartered=entry.chartered,
        has_train=has_train,
        cash=entry.cash,
        trains=tuple(trains),
        permits=frozenset(entry.permits),
        markers=tuple(entry.markers),
        unused_markers=entry.unused_markers,
        home=home,
        shares=MappingProxyType({h: n for h, n in shares.items() if n}),
        director=director,
        operated=entry.operated,
    )
    return info, []


def parse_scenario(data: Any) -> Scenario:
    """A validated Scenario from parsed JSON, or InputError with one Problem per fault (5, 7.5, 7.11.2)."""
    try:
        raw = ScenarioFile.model_validate(data)
    except ValidationError as exc:
        raise InputError(format_problems(exc, "scenario")) from None
    problems: list[Problem] = []
    players = [p.name for p in raw.players]
    company_ids = [c.id for c in raw.companies]
    for name in sorted({p for p in players if players.count(p) > 1}):
        problems.append(Problem(f"player {name}", "format", "listed twice; player names must be unique"))
    for name in players:
        if name in PLACES or name in company_ids:
            problems.append(Problem(f"player {name}", "format", f"{name!r} is reserved for a place or company"))
    for p in raw.players:
        if p.cash < 0:
            problems.append(Problem(f"player {p.name} cash", "format", f"cash cannot be negative (got {p.cash})"))
    if len(players) < 2:
        problems.append(Problem("players", "2.4", "1862 is played by 2 to 8 players"))
    expected = 1 if raw.kind == "refinance" else 2
    if len(raw.companies) != expected:
        what = "one company" if expected == 1 else "exactly two companies"
        problems.append(Problem("companies", "5.1", f"a {raw.kind} involves {what} (got {len(raw.companies)})"))
    for cid in sorted({c for c in company_ids if company_ids.count(c) > 1}):
        problems.append(Problem(f"company {cid}", "5.2.1", "listed twice; a company cannot merge with itself"))
    if raw.survivor not in company_ids:
        listed = ", ".join(company_ids) or "none"
        problems.append(
            Problem("survivor", "5.2.1", f"{raw.survivor!r} is not one of the companies in the merge ({listed})")
        )
    if raw.initiator not in players:
        problems.append(Problem("initiator", "5.2.4", f"unknown player {raw.initiator!r}"))
    companies: dict[str, CompanyInfo] = {}
    for entry in raw.companies:
        info, found = _company(entry, players, raw.game)
        problems += found
        if info is not None:
            companies[info.id] = info
    if not problems:
        directed = [c.id for c in companies.values() if c.director == raw.initiator]
        if not directed:
            directors = ", ".join(f"{c.id}: {c.director}" for c in companies.values())
            problems.append(
                Problem("initiator", "7.5.1", f"{raw.initiator} directs none of the companies ({directors})")
            )
        elif raw.active is not None and raw.active not in directed:
            problems.append(
                Problem("active", "7.5.1", f"{raw.active!r} is not a company in the merge directed by {raw.initiator}")
            )
        if raw.kind == "refinance" and companies[raw.survivor].has_train:
            problems.append(Problem(f"company {raw.survivor}", "5.1.3", "only a company with no train refinances"))
        for holder in raw.choices:
            if holder not in players and holder != raw.survivor:
                problems.append(
                    Problem(f"choices.{holder}", "5.2.4", f"unknown holder; use a player or {raw.survivor}")
                )
    if problems:
        raise InputError(problems)
    directed = [c for c in companies if companies[c].director == raw.initiator]
    active = raw.active or (raw.survivor if raw.survivor in directed else directed[0])
    return Scenario(
        name=raw.name,
        kind=raw.kind,
        initiator=raw.initiator,
        survivor=raw.survivor,
        active=active,
        players=tuple(players),
        cash=MappingProxyType({p.name: p.cash for p in raw.players}),
        companies=MappingProxyType(companies),
        choices=MappingProxyType(dict(raw.choices)),
        returns=raw.returns,
        max_markers=raw.max_markers,
        title=raw.game,
    )


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file; InputError naming the file, player, company and rule otherwise."""
    return parse_scenario(read_json_file(path, "scenario"))
