"""Hypothesis strategies that mutate real input files: the JSON tree (a value replaced by one of another type or
a tricky one, a key or element removed, added, repeated or moved, a node nested deeper) and then the text (a
byte-order mark, a duplicated key, deep nesting, a cut, changed bytes). Seeds are real files of the project."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

#: Strings that have broken parsers before or that the formats give meaning to.
TRICKY_STRINGS = [
    "",
    " ",
    "\ud800",
    "\udfff",
    "\U0001f682",
    "\x00",
    "F5",
    "f5",
    "Z99",
    "ECR",
    "ecr",
    "3F",
    "2/3E",
    "9F",
    "H",
    "A",
    "57",
    "791",
    "London",
    "treasury",
    "pool",
    "ipo",
    "merger",
    "refinance",
    "freight",
    "lay_tile",
    "run_routes",
    "undo",
    "redo",
    "1862",
    "-1",
    "1e999",
    "NaN",
    "x" * 300,
]
KEYS = [
    "name",
    "phase",
    "version",
    "tiles",
    "hex",
    "tile",
    "rotation",
    "small_stations",
    "stations",
    "london",
    "companies",
    "id",
    "trains",
    "permits",
    "home",
    "players",
    "market",
    "cash",
    "holdings",
    "par",
    "price",
    "company",
    "routes",
    "hexes",
    "train",
    "kind",
    "survivor",
    "initiator",
    "choices",
    "actions",
    "type",
    "entity",
    "entity_type",
    "title",
    "settings",
    "seed",
]

KEY_NAMES = st.sampled_from(KEYS) | st.text(max_size=6)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 2, 5, 6, 7, 8, 10, 82, 2**53, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(TRICKY_STRINGS),
    st.text(max_size=12),
)
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@cache
def seed_value(path: Path) -> Any:
    """The parsed contents of a seed file (cached; callers mutate copies only)."""
    return json.loads(path.read_bytes().decode("utf-8-sig"))


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


@st.composite
def _tree_mutation(draw: st.DrawFn, root: Any) -> Any:
    """`root` with one node changed: replaced, deleted, added to, repeated, moved or nested deeper."""
    parent: Any = None
    key: Any = None
    node = root
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 3)) != 0:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, draw(st.sampled_from(keys))
        node = node[key]
    kind = draw(st.sampled_from(["replace", "delete", "add", "repeat", "swap", "nest"]))
    if kind == "add" and isinstance(node, dict):
        node[draw(KEY_NAMES)] = draw(json_values)
        return root
    if kind == "add" and isinstance(node, list):
        node.insert(draw(st.integers(0, len(node))), draw(json_values))
        return root
    if kind in ("repeat", "swap") and isinstance(node, list) and node:
        i, j = draw(st.integers(0, len(node) - 1)), draw(st.integers(0, len(node) - 1))
        if kind == "repeat":
            node.insert(j, _copy(node[i]))
        else:
            node[i], node[j] = node[j], node[i]
        return root
    if parent is None:
        return draw(json_values) if kind == "replace" else root
    if kind == "delete":
        del parent[key]
    elif kind == "nest":
        parent[key] = [node]
    else:
        parent[key] = draw(json_values)
    return root


def _at_random_place(draw: st.DrawFn, text: str, piece: str, after: str) -> str:
    """`text` with `piece` inserted right after one of the occurrences of `after` (or unchanged if none)."""
    places = [i + len(after) for i in range(len(text)) if text.startswith(after, i)]
    if not places:
        return text
    at = draw(st.sampled_from(places))
    return text[:at] + piece + text[at:]


@st.composite
def _text_mutation(draw: st.DrawFn, text: str) -> bytes:
    """The bytes of `text` with one change made at the level of the text."""
    # Half of the cases keep the text as the tree mutations left it, so that valid files are reached too.
    kind = draw(st.sampled_from(["bom", "duplicate_key", "deep", "very_deep", "cut", "bytes"]) | st.just("none"))
    if kind == "duplicate_key":
        key = draw(st.sampled_from(KEYS))
        text = _at_random_place(draw, text, f'"{key}": {json.dumps(draw(json_values))}, ', "{")
    elif kind in ("deep", "very_deep"):
        levels = draw(st.integers(15, 25) if kind == "deep" else st.integers(500, 50_000))
        text = _at_random_place(draw, text, "[" * levels + "]" * levels + ", ", "[")
    elif kind == "cut" and text:
        text = text[: draw(st.integers(0, len(text) - 1))]
    data = text.encode("utf-8", "surrogatepass")
    if kind == "bom":
        data = b"\xef\xbb\xbf" + data
    elif kind == "bytes":
        for _ in range(draw(st.integers(1, 4))):
            if not data:
                break
            at = draw(st.integers(0, len(data) - 1))
            data = data[:at] + draw(st.binary(min_size=0, max_size=3)) + data[at + 1 :]
    return data


@st.composite
def mutated_file(draw: st.DrawFn, seeds: list[Path]) -> tuple[Path, bytes]:
    """A seed file and the bytes of a mutation of it (up to three tree changes, then up to one text change)."""
    seed = draw(st.sampled_from(seeds))
    try:
        value = _copy(seed_value(seed))
    except json.JSONDecodeError:  # a seed that is itself broken JSON is changed as text only
        return seed, draw(_text_mutation(seed.read_text(encoding="utf-8")))
    for _ in range(draw(st.integers(0, 3))):
        value = draw(_tree_mutation(value))
    text = json.dumps(value, indent=draw(st.sampled_from([None, 2])))
    return seed, draw(_text_mutation(text))


@st.composite
def mutated_export(draw: st.DrawFn, seed: Path) -> bytes:
    """A mutation of an 18xx.games export: its action list cut short (for speed, most of the time), then actions
    changed, dropped, repeated or moved, or any other part of the file changed."""
    value = _copy(seed_value(seed))
    actions = value["actions"]
    if draw(st.integers(0, 3)):
        del actions[draw(st.integers(1, len(actions))) :]
    for _ in range(draw(st.integers(1, 3))):
        if actions and draw(st.booleans()):
            i = draw(st.integers(0, len(actions) - 1))
            actions[i] = draw(_tree_mutation(actions[i]))
        else:
            value = draw(_tree_mutation(value))
    return draw(_text_mutation(json.dumps(value)))
