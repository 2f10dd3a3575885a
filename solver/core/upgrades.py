"""Which rotations of a new tile keep every path of the tile (or printed hex) it replaces.

The old paths, laid at their rotation, must all be among the new tile's paths at the new rotation, with each old
node matched to a new node of the same kind or of a kind the old one may become (`title.json` →
`node_kinds.<kind>.becomes`, e.g. a printed village that a tile turns into a station). Old nodes go to distinct
new nodes, except that nodes of a kind the title declares joinable (`node_kinds.<kind>.joins`: separate spaces
that an upgrade links into one station) may share one. That is the part of
"the new tile must contain all the existing track, connected to the same hex sides" that every title shares
(docs/board-data.md cites each title's rule); which tiles a hex may take at all, and what else an upgrade must
add, are each title's rules. A tile marked `fixed_rotation` is laid only at rotation 0.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from solver.core.faces import End, Face, Path


@dataclass(frozen=True)
class Fit:
    """A way to lay the new tile: its map `rotation`, and the new node each old node becomes (old index ->
    new index), which says where the old tile's station markers go."""

    rotation: int
    node_map: tuple[int, ...]


def _key(path: Path, node_map: tuple[int, ...] | None = None) -> frozenset[End]:
    if node_map is None:
        return path.ends
    return frozenset(End("node", node_map[e.index]) if e.kind == "node" else e for e in (path.a, path.b))


def upgrade_fits(
    old: Face,
    old_rotation: int,
    new: Face,
    becomes: Mapping[str, frozenset[str]] | None = None,
    fixed_rotation: bool = False,
    joining: frozenset[str] = frozenset(),
) -> tuple[Fit, ...]:
    """Every (rotation, node map) under which `new` keeps all of `old`'s paths, rotations ascending; old nodes of
    a kind in `joining` may share a new node with each other."""
    allowed = becomes or {}
    old_paths = [p.rotated(old_rotation) for p in old.paths]
    node_maps = [
        chosen
        for chosen in _node_maps(old, new, joining)
        if all(
            new.nodes[n].kind == o.kind or new.nodes[n].kind in allowed.get(o.kind, frozenset())
            for o, n in zip(old.nodes, chosen, strict=True)
        )
    ]
    fits: list[Fit] = []
    for rotation in (0,) if fixed_rotation else range(6):
        new_paths = {_key(p.rotated(rotation)) for p in new.paths}
        fits.extend(
            Fit(rotation, node_map) for node_map in node_maps if all(_key(p, node_map) in new_paths for p in old_paths)
        )
    return tuple(fits)


def _node_maps(old: Face, new: Face, joining: frozenset[str]) -> list[tuple[int, ...]]:
    """Each way of giving every old node a new node: distinct new nodes, but for old nodes of a joinable kind,
    which may share one with each other."""
    if not joining:
        return list(itertools.permutations(range(len(new.nodes)), len(old.nodes)))
    maps = []
    for chosen in itertools.product(range(len(new.nodes)), repeat=len(old.nodes)):
        shared = {n for n in chosen if chosen.count(n) > 1}
        if all(old.nodes[i].kind in joining for i, n in enumerate(chosen) if n in shared):
            maps.append(chosen)
    return maps


def upgrade_rotations(
    old: Face,
    old_rotation: int,
    new: Face,
    becomes: Mapping[str, frozenset[str]] | None = None,
    fixed_rotation: bool = False,
    joining: frozenset[str] = frozenset(),
) -> tuple[int, ...]:
    """The map rotations at which `new` may replace `old` (laid at `old_rotation`) keeping every old path."""
    fits = upgrade_fits(old, old_rotation, new, becomes, fixed_rotation, joining)
    return tuple(sorted({fit.rotation for fit in fits}))
