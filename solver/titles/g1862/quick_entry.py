"""Quick entry: a board typed one line per hex (or company), checked by the same board edits as the clicks.

Grammar (tokens are separated by spaces; case does not matter; ``#`` starts a comment; blank lines are
skipped):

- ``HEX [TILE] [rN] [COMPANY ...] [s:SIDE-SIDE ...]`` - e.g. ``D13 57 r1 ECR``. TILE is a tile number as
  printed (57, 8852, 891y); on an empty hex it may be a green or russet tile, standing for the yellow tile it
  replaced (docs/app.md), and on a tiled hex it is an upgrade (7.6.3). ``rN`` (0-5) is the rotation; it may be
  left out when the tile fits the hex in one way only. Each COMPANY places a station marker in the next free
  slot (7.7). ``s:N-S`` puts a small station on the track joining those two sides (names S, SW, NW, N, NE, SE
  or numbers 0-5, 7.6.4). A line naming only the hex and markers places the markers.
- ``COMPANY [TRAIN ...] [permits TYPE ...] [home:HEX]`` - e.g. ``ECR 2E 2/3E permits express``. The trains
  replace the company's trains; ``permits`` (followed by freight, local, express or F, L, E) replaces its
  permits (6.5.4.3); ``home:HEX`` names a home other than the printed one (2.1, after a merger). A company not
  yet in play is put in play, with the permits of its trains' types unless ``permits`` is given.
- ``london COMPANY ...`` - the companies with a London link, in order (7.6.5).
- ``phase X`` - sets the phase (9.0).

`board_text` writes a position in this grammar (tiles, markers, small stations, companies, London), so a
board can be copied as text and typed back.

Typing the tile a hex already has changes nothing; typing it at another rotation turns it (a correction: the
tile is removed and laid again, so its small stations are typed again).

`apply_quick_entry` is all-or-nothing: every line that cannot be read is reported at once; then the lines are
applied in order, and the first one an edit refuses stops everything, reported with its line number, its text
and the rule (the same message a click would give). The position is returned only when every line applies.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import InputError, Problem
from solver.titles.g1862 import editing, hexgrid
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.position import Position, Track
from solver.titles.g1862.trains import TrainType, parse_train

_TYPES = {t.value: t for t in TrainType} | {t.letter.lower(): t for t in TrainType}


@dataclass(frozen=True)
class HexLine:
    """A line about one hex: a tile to lay (with its rotation, None to infer), markers and small stations."""

    number: int
    text: str
    hex: str
    tile: str | None
    rotation: int | None
    markers: tuple[str, ...]
    small_stations: tuple[Track, ...]


@dataclass(frozen=True)
class CompanyLine:
    """A line about one company: its trains, permits (None: keep, or infer for a new company) and home (None:
    keep, or the printed one for a new company)."""

    number: int
    text: str
    company: str
    trains: tuple[str, ...]
    permits: tuple[TrainType, ...] | None
    home: str | None


@dataclass(frozen=True)
class LondonLine:
    number: int
    text: str
    companies: tuple[str, ...]


@dataclass(frozen=True)
class PhaseLine:
    number: int
    text: str
    phase: str


Line = HexLine | CompanyLine | LondonLine | PhaseLine


def _where(number: int, text: str) -> str:
    return f"line {number} ({text})"


def _side(text: str) -> int | None:
    upper = text.upper()
    if upper in hexgrid.EDGE_NAMES:
        return hexgrid.EDGE_NAMES.index(upper)
    return int(text) if text.isdigit() and int(text) <= 5 else None


def _small_station(token: str) -> Track | None:
    """``s:N-S`` or ``s:0-3`` as a track (sorted pair of map sides), None if malformed."""
    if not token.lower().startswith("s:") or token.count("-") != 1:
        return None
    a, b = (_side(part) for part in token[2:].split("-"))
    if a is None or b is None or a == b:
        return None
    return (min(a, b), max(a, b))


def _company_id(game: GameData, token: str) -> str | None:
    """The canonical company id for `token` in any case (ecr -> ECR), or None."""
    return next((c for c in game.companies if c.lower() == token.lower()), None)


def _hex_line(game: GameData, number: int, text: str, tokens: list[str]) -> tuple[HexLine | None, list[Problem]]:
    hex_ = tokens[0].upper()
    tiles = {t.lower(): t for t in game.tiles}
    tile: str | None = None
    rotation: int | None = None
    markers: list[str] = []
    stations: list[Track] = []
    problems: list[Problem] = []
    where = f"{_where(number, text)}: {hex_}"
    for token in tokens[1:]:
        low = token.lower()
        company = _company_id(game, token)
        if low in tiles and tile is None and not markers:
            tile = tiles[low]
        elif len(low) == 2 and low[0] == "r" and low[1].isdigit():
            if int(low[1]) > 5:
                problems.append(Problem(where, "format", f"rotation {token!r} is not r0-r5"))
            rotation = int(low[1])
        elif company is not None:
            markers.append(company)
        elif low.startswith("s:"):
            track = _small_station(token)
            if track is None:
                problems.append(
                    Problem(where, "format", f"{token!r} is not a small station: write s:N-S (sides S SW NW N NE SE)")
                )
            else:
                stations.append(track)
        else:
            problems.append(
                Problem(
                    where,
                    "format",
                    f"{token!r} is not a tile, a rotation (r0-r5), a company or a small station (s:N-S)",
                )
            )
    if rotation is not None and tile is None:
        problems.append(Problem(where, "format", "a rotation needs a tile before it (e.g. 57 r1)"))
    if problems:
        return None, problems
    return HexLine(number, text, hex_, tile, rotation, tuple(markers), tuple(stations)), []


def _company_line(
    game: GameData, number: int, text: str, company: str, tokens: list[str]
) -> tuple[CompanyLine | None, list[Problem]]:
    trains: list[str] = []
    permits: list[TrainType] | None = None
    home: str | None = None
    problems: list[Problem] = []
    where = f"{_where(number, text)}: company {company}"
    for token in tokens[1:]:
        low = token.lower()
        if low in ("permit", "permits"):
            permits = []
        elif low.startswith("home:"):
            home = token[5:].upper()
            if home not in game.towns:
                problems.append(Problem(where, "2.1", f"home {home!r} is not a town of the map"))
        elif permits is not None and low in _TYPES:
            permits.append(_TYPES[low])
        else:
            try:
                trains.append(parse_train(token, game).name)
            except ValueError as exc:
                problems.append(Problem(where, "2.2", str(exc)))
    if permits == []:
        problems.append(Problem(where, "format", "'permits' must be followed by freight, local or express"))
    if problems:
        return None, problems
    return CompanyLine(number, text, company, tuple(trains), tuple(permits) if permits else None, home), []


def _london_line(game: GameData, number: int, text: str, tokens: list[str]) -> tuple[LondonLine | None, list[Problem]]:
    companies = [_company_id(game, token) for token in tokens[1:]]
    unknown = [t for t, c in zip(tokens[1:], companies, strict=True) if c is None]
    if unknown:
        known = ", ".join(game.companies)
        return None, [
            Problem(f"{_where(number, text)}", "2.1", f"unknown company {unknown[0]!r}; companies are {known}")
        ]
    return LondonLine(number, text, tuple(c for c in companies if c is not None)), []


def parse_quick_entry(text: str, game: GameData) -> list[Line]:
    """The lines of a quick-entry text, or InputError naming every line that cannot be read."""
    lines: list[Line] = []
    problems: list[Problem] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        tokens = content.split()
        if not tokens:
            continue
        first = tokens[0]
        company = _company_id(game, first)
        parsed: Line | None
        found: list[Problem]
        if hexgrid.is_hex_id(first.upper()):
            parsed, found = _hex_line(game, number, content, tokens)
        elif company is not None:
            parsed, found = _company_line(game, number, content, company, tokens)
        elif first.lower() == "london":
            parsed, found = _london_line(game, number, content, tokens)
        elif first.lower() == "phase" and len(tokens) == 2:
            parsed, found = PhaseLine(number, content, tokens[1].upper()), []
        else:
            parsed = None
            found = [
                Problem(
                    _where(number, content),
                    "format",
                    f"{first!r} is not a hex (e.g. D13), a company (e.g. ECR), 'london' or 'phase'",
                )
            ]
        problems += found
        if parsed is not None:
            lines.append(parsed)
    if problems:
        raise InputError(problems)
    return lines


def _rotation(position: Position, line: HexLine, tile: str) -> int:
    """The rotation written, or the only one the tile fits the hex with; InputError listing them otherwise."""
    if line.rotation is not None:
        return line.rotation
    offer = next((o for o in editing.tile_offer(position, line.hex) if o.tile == tile), None)
    if offer is None:
        return 0  # lay_tile then says which rule refuses the tile
    if len(offer.rotations) == 1:
        return offer.rotations[0]
    choices = ", ".join(f"r{r}" for r in offer.rotations)
    raise InputError(
        [Problem(line.hex, "format", f"tile {tile} fits here at {choices}: add the rotation (e.g. {tile} r1)")]
    )


def _apply_hex(position: Position, line: HexLine) -> Position:
    lay = position.tiles.get(line.hex)
    if line.tile is not None and not (
        lay is not None and lay.tile == line.tile and line.rotation in (None, lay.rotation)
    ):
        if lay is not None and lay.tile == line.tile:
            # The tile already there, typed at another rotation: a correction, made as the clicks make it
            # (remove the tile, lay it again); its small stations go with it and are typed again.
            position = editing.remove_tile(position, line.hex)
        position = editing.lay_tile(position, line.hex, line.tile, _rotation(position, line, line.tile))
    for company in line.markers:
        if company not in position.stations.get(line.hex, ()):
            position = editing.place_marker(position, line.hex, company)
    for track in line.small_stations:
        current = position.tiles.get(line.hex)
        if current is None or track not in current.small_stations:
            position = editing.add_small_station(position, line.hex, track)
    return position


def _apply_company(position: Position, line: CompanyLine) -> Position:
    current = position.companies.get(line.company)
    if line.permits is not None:
        permits = frozenset(line.permits)
    elif current is not None:
        permits = current.permits
    else:
        permits = frozenset(parse_train(t, position.game).type for t in line.trains)
    home = line.home or (current.home if current is not None else None)
    return editing.set_company(position, line.company, line.trains, permits, home)


def _apply_london(position: Position, line: LondonLine) -> Position:
    for company in position.london:
        if company not in line.companies:
            position = editing.set_london(position, company, False)
    for company in line.companies:
        if company not in position.london:
            position = editing.set_london(position, company, True)
    return position


def apply_line(position: Position, line: Line) -> Position:
    """The position after one quick-entry line; InputError (from the board edits) if it is refused."""
    if isinstance(line, HexLine):
        return _apply_hex(position, line)
    if isinstance(line, CompanyLine):
        return _apply_company(position, line)
    if isinstance(line, LondonLine):
        return _apply_london(position, line)
    return editing.set_phase(position, line.phase)


def apply_quick_entry(position: Position, text: str) -> Position:
    """The position with every line of `text` applied in order (see the module text), or InputError naming the
    lines that cannot be read, or the first line refused with its rule; `position` itself never changes."""
    for line in parse_quick_entry(text, position.game):
        try:
            position = apply_line(position, line)
        except InputError as exc:
            where = _where(line.number, line.text)
            raise InputError([Problem(f"{where}: {p.where}", p.rule, p.message) for p in exc.problems]) from None
    return position


def board_text(position: Position) -> str:
    """The position in the quick-entry grammar: a line per tiled or marked hex (in map order), a line per
    company in play, the London links. Typed back on an empty board of the same phase and variant it gives
    the same position."""
    game = position.game
    lines: list[str] = []
    for hex_ in sorted(set(position.tiles) | set(position.stations), key=hexgrid.parse_hex):
        words = [hex_]
        lay = position.tiles.get(hex_)
        if lay is not None:
            words += [lay.tile, f"r{lay.rotation}"]
        words += position.stations.get(hex_, ())
        if lay is not None and game.tiles[lay.tile].color != "yellow":
            names = hexgrid.EDGE_NAMES
            words += [f"s:{names[a]}-{names[b]}" for a, b in lay.small_stations]
        lines.append(" ".join(words))
    for company in position.companies.values():
        words = [company.id, *(t.name for t in company.trains)]
        if company.permits:
            words += ["permits", *(t.value for t in TrainType if t in company.permits)]
        if company.home != game.companies[company.id].home:
            words.append(f"home:{company.home}")
        lines.append(" ".join(words))
    if position.london:
        lines.append(" ".join(["london", *position.london]))
    return "\n".join(lines)
