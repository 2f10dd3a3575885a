"""A new board: the printed 1862 map (no tiles) at a chosen phase and variant, with the chosen companies
placed on their homes and given a train, in one step.

The printed map carries no track (2.3: every tile comes from the supply), so a new board has no tiles. A town
with no tile prints one marker space that a home marker may take (3.2, 7.2). Each company named gets:

- its permits as chosen (6.5.4.3: one dealt at the start; more only through mergers, 7.5);
- its home station marker on its printed home hex (2.1, 7.2);
- one train, the one it would most likely have bought by this phase: a card of the phase's own band (the band
  whose first purchase started the phase, 9.0), used as the type of its permit; with several permits, the
  first of Express, Freight, Local (the order 8.0 gives a company in receivership). When the companies
  before it in the list have taken every card of that band (2.4.3), the newest earlier band with a card left
  and not yet rusted (7.10) is used; if there is none, the company starts with no train.

Everything is then edited on the Board page or with quick entry (`solver.titles.g1862.quick_entry`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from solver.errors import InputError, Problem
from solver.titles.g1862.gamedata import PHASES, GameData, load_game
from solver.titles.g1862.position import CompanyState, GameLength, Position, Variant
from solver.titles.g1862.trains import Train, TrainType, band_train_name, parse_train
from solver.titles.g1862.validation import band_limit, validate_position

#: The order in which a company holding several permits picks its train type (8.0).
PERMIT_ORDER = (TrainType.EXPRESS, TrainType.FREIGHT, TrainType.LOCAL)


def _band_left(game: GameData, band: str, length: GameLength, taken: Counter[str]) -> bool:
    limit = band_limit(game, band, length)
    return limit is None or taken[band] < limit


def _usable_bands(game: GameData, phase: str) -> list[str]:
    """Bands a company may hold in `phase`, newest first: not later than the phase (9.0), not rusted (7.10)."""
    upto = PHASES[: PHASES.index(phase) + 1]
    usable = []
    for band in reversed(upto):
        rusted_by = game.bands[band].rusted_by
        if rusted_by is None or rusted_by not in upto:
            usable.append(band)
    return usable


def starting_train(
    game: GameData, phase: str, length: GameLength, permits: Iterable[TrainType], taken: Counter[str]
) -> Train | None:
    """The train a new board gives a company with `permits` in `phase`, the cards of `taken` being held by the
    companies before it (see the module text); None if no card is left."""
    kinds = [k for k in PERMIT_ORDER if k in set(permits)]
    if not kinds:
        return None
    for band in _usable_bands(game, phase):
        if _band_left(game, band, length, taken):
            return parse_train(band_train_name(game.bands[band], kinds[0]), game, length == "short")
    return None


def new_board(
    phase: str,
    length: GameLength = "standard",
    extra_marker: bool = False,
    train_types: Iterable[TrainType] = tuple(TrainType),
    permits: Mapping[str, Iterable[TrainType]] = MappingProxyType({}),
    title: str = "1862",
) -> Position:
    """The printed map at `phase` under the variant, with each company of `permits` (company id -> its
    permits) on its home with one train. InputError naming the company or field and the rule otherwise."""
    game = load_game(title)
    problems: list[Problem] = []
    if phase not in PHASES:
        problems.append(Problem("phase", "9.0", f"{phase!r} is not a phase; phases are A to H"))
    types = frozenset(train_types)
    if not types:
        problems.append(Problem("variant", "11.1", "at least one train type must be in play"))
    for company, held in permits.items():
        if company not in game.companies:
            known = ", ".join(game.companies)
            problems.append(Problem(f"company {company!r}", "2.1", f"unknown company; companies are {known}"))
        elif not set(held):
            problems.append(Problem(f"company {company}", "6.5.4.3", "a company starts with a train permit"))
        elif set(held) - types:
            off = ", ".join(sorted(t.value for t in set(held) - types))
            problems.append(Problem(f"company {company}", "11.1", f"permit for {off} trains, not in this variant"))
    if problems:
        raise InputError(problems)
    taken: Counter[str] = Counter()
    companies: dict[str, CompanyState] = {}
    stations: dict[str, tuple[str, ...]] = {}
    for company, held in permits.items():
        train = starting_train(game, phase, length, held, taken)
        if train is not None:
            taken[train.band] += 1
        home = game.companies[company].home
        companies[company] = CompanyState(company, (train,) if train else (), frozenset(held), home)
        stations[home] = (company,)
    position = Position(
        phase=phase,
        variant=Variant(length, extra_marker, types),
        stations=MappingProxyType(stations),
        companies=MappingProxyType(companies),
        name=f"New board, phase {phase}",
        title=title,
    )
    problems = validate_position(position, check_supply=True)
    if problems:
        raise InputError(problems)
    return position
