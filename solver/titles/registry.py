"""The titles of this assistant, one descriptor each: what the command line, the position files and the app ask of
a title instead of naming it (docs/architecture.md, "What a title provides").

A descriptor holds facts only: the title's id and name, its data folder, how its position files are read and
written, the kinds of train and the money pages its rules have, and which of its capabilities exist yet. The
title's package (its rules) is named, not imported: it is imported when a position of the title is read or one
of its rules is asked for, so that a title's code is loaded only where it is used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, cast

from solver.core.board_data import DATA_ROOT
from solver.errors import InputError, Problem

#: What a title's engine can do: `edit` boards by its tile-lay rules, `score` a given run by its evaluator,
#: `solve` for the best run with an optimizer, `import` 18xx.games games of it, `previews` of its money rules.
Capability = Literal["edit", "score", "solve", "import", "previews"]

#: The app's pages, in the order of its navigation.
BOARD, ROUTES, MERGERS, MARKET, POSITIONS, REVIEW = (
    "Board",
    "Routes",
    "Mergers",
    "Stock market",
    "Saved positions",
    "Import review",
)
APP_PAGES = (BOARD, ROUTES, MERGERS, MARKET, POSITIONS, REVIEW)
#: The pages that serve whatever the current position's title: Saved positions holds positions of every title,
#: and Import review imports the games of the titles it names itself (opening a moment of one replaces the
#: position); the others work on the current position with its title's rules.
ANY_TITLE_PAGES = (BOARD, POSITIONS, REVIEW)


@dataclass(frozen=True)
class RunSetting:
    """A choice of how a title's trains run that the Routes page offers: an entry of the position's `rules` object
    (docs/board-data.md), set on a copy of the position for the solve or the score, never saved."""

    key: str  # the entry of the position's `rules`
    label: str  # the page's label
    choices: tuple[tuple[Any, str], ...]  # each value and what the page calls it; the first is the default
    rule: str  # the rulebook's rule that the setting is about


@dataclass(frozen=True)
class Title:
    """One title: its facts, and the names of the functions that read and write its positions (a module path and a
    function name, imported on first use)."""

    id: str  # the `game` of its position files and the folder of data/
    name: str  # the full name, as printed on the box
    package: str | None  # its rules package, under solver.titles (None: its rules are still to come)
    position_reader: str  # "module:function" reading a position's parsed JSON
    position_writer: str  # "module:function" giving a position's JSON data
    train_kinds: tuple[str, ...]  # the kinds of train its rules have, as the pages name them
    money_pages: tuple[str, ...]  # the money pages its rules call for (of the app's or still to come)
    capabilities: frozenset[Capability]  # what its engine can do yet
    pages: tuple[str, ...]  # the app's pages that work with its positions now, in navigation order
    # On the core's evaluator protocol (solver/core/evaluator.py), for the title-generic Routes page; "module:function"
    evaluator: str | None = None  # (position, company, run of RouteSpec) -> Evaluation
    optimizer: str | None = None  # (position, company, *, objective, time_limit, stop, progress) -> SearchResult
    settings_writer: str | None = None  # (position, **rules) -> the position with those `rules` entries set
    objectives: tuple[tuple[str, str], ...] = ()  # the optimizer's objectives and what the page calls them
    run_settings: tuple[RunSetting, ...] = ()  # how the trains may run, offered on the Routes page
    subsidy: str | None = (
        "subsidy"  # what an Evaluation's `subsidy` is called in its rules; None: nothing is paid beside revenue
    )
    unrouted: str | None = None  # (train) -> bool: whether it runs no route but counts cities (18BF's G-trains)
    # (position) -> list of Problem: the title's board rules on a position (tiles, bases, trains); None: data only
    board_rules: str | None = None
    # what `validate` and `show` say the board rules checked
    board_rules_checked: str = ""
    # the module of its board edits (`lay_tile`, `tile_offer`, ... on the core's positions, `solver.core.editing`
    # given its `RULES`; docs/board-1860.md, docs/board-18bf.md)
    editor: str | None = None

    @property
    def short(self) -> str:
        """The title as players write it: the part of its name before the colon (`18BF`)."""
        return self.name.split(":")[0]

    @property
    def data(self) -> Path:
        """Its data folder."""
        return DATA_ROOT / self.id

    def can(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def has_page(self, page: str) -> bool:
        """Whether the app's `page` works with positions of this title now."""
        return page in self.pages

    @property
    def on_core_routes(self) -> bool:
        """Whether its routes are judged and solved on the core's protocol (the title-generic Routes page)."""
        return self.evaluator is not None

    def evaluate(self, position: Any, company: str, run: Any) -> Any:
        """Its evaluator's verdict on `company`'s run (a sequence of the core's RouteSpec): an Evaluation."""
        assert self.evaluator is not None
        return _function(self.evaluator)(position, company, run)

    def best_run(self, position: Any, company: str, **options: Any) -> Any:
        """Its optimizer's best run (the core's SearchResult), with the optimizer's keyword `options`."""
        assert self.optimizer is not None
        return _function(self.optimizer)(position, company, **options)

    def runs_route(self, train: str) -> bool:
        """Whether `train` runs a route (drawn as a line on the Routes page) rather than counting cities apart."""
        return self.unrouted is None or not _function(self.unrouted)(train)

    def with_settings(self, position: Any, **rules: Any) -> Any:
        """The position with these entries of its `rules` set, by the title's own reading (run_settings)."""
        assert self.settings_writer is not None
        return _function(self.settings_writer)(position, **rules)

    @property
    def core_positions(self) -> bool:
        """Whether its positions are the core's (solver/core/board_position.py) rather than a format of its own."""
        return self.position_reader.startswith(f"{_BOARD_POSITION}:")

    def edit(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Its board edit `name` (a function of its `editor` module) called with these arguments."""
        assert self.editor is not None
        return _function(f"{self.editor}:{name}")(*args, **kwargs)

    @property
    def edit_rules(self) -> Any:
        """Its editor's part in the core's edits (`RULES`, a `solver.core.editing.EditRules`): the words, sections
        and options the Board page's editor shows."""
        assert self.editor is not None
        return importlib.import_module(self.editor).RULES

    def board_problems(self, position: Any) -> list[Any]:
        """Every fault of `position` against the title's board rules (Problems); empty without board rules."""
        return [] if self.board_rules is None else list(_function(self.board_rules)(position))

    def read_position(self, data: Any, what: str) -> Any:
        """A checked position of this title from its file's parsed JSON; InputError with one Problem per fault."""
        return _function(self.position_reader)(data, what)

    def position_data(self, position: Any) -> dict[str, Any]:
        """The position as the JSON data of this title's file format (read back by `read_position`)."""
        return cast(dict[str, Any], _function(self.position_writer)(position))


def _function(path: str) -> Callable[..., Any]:
    module, name = path.split(":")
    return cast(Callable[..., Any], getattr(importlib.import_module(module), name))


_BOARD_POSITION = "solver.core.board_position"

#: Every title, by id. 1862 first: a position file without `game` is 1862's (docs/position.md).
TITLES: Mapping[str, Title] = MappingProxyType(
    {
        t.id: t
        for t in (
            Title(
                id="1862",
                name="1862: Railway Mania in the Eastern Counties",
                package="solver.titles.g1862",
                position_reader="solver.titles.g1862.loading:parse_position",
                position_writer="solver.titles.g1862.position:position_to_dict",
                train_kinds=("Freight", "Local", "Express"),
                money_pages=(MERGERS, MARKET),
                capabilities=frozenset({"edit", "score", "solve", "import", "previews"}),
                pages=APP_PAGES,
            ),
            Title(
                id="1860",
                name="1860: Railways on the Isle of Wight",
                package="solver.titles.g1860",
                position_reader=f"{_BOARD_POSITION}:parse_position",
                position_writer=f"{_BOARD_POSITION}:position_to_data",
                train_kinds=("N+M (stations + halts)",),
                money_pages=("Nationalisation", MARKET),
                # its evaluator, enumerator and optimizer (docs/routes-1860.md) judge its imported games, answer
                # the `routes` and `score` commands and the Routes page; its money previews (docs/money-1860.md)
                # the `market` command, the Nationalisation and Stock market pages
                # its board rules and edits (docs/board-1860.md): `validate`, `show` and the Board page's editor
                capabilities=frozenset({"edit", "score", "solve", "import", "previews"}),
                pages=APP_PAGES,
                board_rules="solver.titles.g1860.board_rules:position_problems",
                editor="solver.titles.g1860.editing",
                board_rules_checked="1860's board rules (tiles for their hex, letter, phase and track; bases; "
                "train limit, counts and rusting)",
                evaluator="solver.titles.g1860.evaluator:evaluate",
                optimizer="solver.titles.g1860.optimizer:best_run",
                settings_writer="solver.titles.g1860.modes:with_settings",
                objectives=(("revenue", "most revenue"), ("cash", "most revenue + halt subsidy")),
                run_settings=(
                    RunSetting(
                        "mode",
                        "Rule mode",
                        (("rulebook", "rulebook: every small station counted"), ("site", "18xx.games: may skip")),
                        "Running Trains, RB L528",
                    ),
                    RunSetting(
                        "nationalisation",
                        "Run",
                        ((False, "normal"), (True, "nationalisation: first number only")),
                        "Railway Nationalisation, RB L673",
                    ),
                ),
                subsidy="halt subsidy",
            ),
            Title(
                id="18bf",
                name="18BF: The Big Four",
                package="solver.titles.g18bf",
                position_reader=f"{_BOARD_POSITION}:parse_position",
                position_writer=f"{_BOARD_POSITION}:position_to_data",
                train_kinds=("N", "N+N (doubled)", "5+5E", "G (goods)"),
                money_pages=("Merger Round", MARKET),
                # its evaluator, enumerator and optimizer (docs/routes-18bf.md) answer the `routes` and `score`
                # commands and the Routes page; its money previews (docs/money-18bf.md) the `market` and `merger`
                # commands and the Merger Round (in the Mergers page's place) and Stock market pages
                # its board rules and edits (docs/board-18bf.md): `validate`, `show` and the Board page's editor
                capabilities=frozenset({"edit", "score", "solve", "previews"}),
                pages=(BOARD, ROUTES, MERGERS, MARKET, POSITIONS, REVIEW),
                evaluator="solver.titles.g18bf.evaluator:evaluate",
                optimizer="solver.titles.g18bf.optimizer:best_run",
                # 18BF pays nothing beside revenue: one objective, and no subsidy shown
                objectives=(("revenue", "most revenue"),),
                subsidy=None,
                # a G-train runs no route (§10.6): the Routes page marks its cities and joins none
                unrouted="solver.titles.g18bf.trains:runs_no_route",
                # its board rules (docs/routes-18bf.md, "Board rules"): `validate`, `show` and the Board page's list
                # of faults; its edits on them (docs/board-18bf.md): the Board page's editor
                board_rules="solver.titles.g18bf.tile_lays:board_problems",
                editor="solver.titles.g18bf.editing",
                board_rules_checked="18BF's board rules (tiles for their hex, phase and track, §10.4; station "
                "markers, §10.5; train limits, §8, §10.10)",
            ),
        )
    }
)
#: The title of a position file without `game`.
DEFAULT_TITLE = "1862"


def title(game: str, what: str = "") -> Title:
    """The title whose `game` id is `game`; InputError naming every title otherwise (and `what`, the file, when
    given)."""
    found = TITLES.get(game)
    if found is None:
        known = ", ".join(TITLES)
        where = f"{what} game" if what else "game"
        raise InputError([Problem(where, "format", f"{game!r} is not a title of this assistant ({known})")])
    return found
