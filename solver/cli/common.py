"""Helpers shared by the command modules: the --json flag, printing JSON, reading company ids, and the title check
of a command that works with some titles only. Input files are read by `solver.jsonfile`.

Loading this module loads nothing heavy (the title check loads its modules when it runs): a command's parser
stays light, so that `review --jobs N` starts its pool's server before anything else (docs/importer.md)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from solver.errors import InputError, Problem

if TYPE_CHECKING:
    import polars as pl

    from solver.titles.registry import Capability


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


def counted(number: int, one: str, many: str | None = None) -> str:
    """`number` and the noun in its number: "1 tile", "6 tiles", "1 company", "9 companies"."""
    return f"{number} {one if number == 1 else many or one + 's'}"


def print_json(payload: Any) -> None:
    print(json.dumps(payload, indent=2, ensure_ascii=False))


def print_steps(steps: Sequence[object], payload: dict[str, Any], as_json: bool) -> int:
    """A preview's answer: its step log, one step a line, or with `--json` `{"ok": true, ...payload}`; exit code 0."""
    if as_json:
        print_json({"ok": True, **payload})
    else:
        for step in steps:
            print(step)
    return 0


def refuse_flags(args: argparse.Namespace, not_here: Mapping[str, str], title: str) -> None:
    """InputError naming each flag given in `args` that `not_here` says has no rule in `title`, and why."""
    problems = [
        Problem(f"--{k.replace('_', '-')}", f"not a rule of {title}", why)
        for k, why in not_here.items()
        if getattr(args, k, False)
    ]
    if problems:
        raise InputError(problems)


def name_value_pairs(items: Iterable[str], what: str) -> list[tuple[str, int]]:
    """`NAME=NUMBER` arguments as (name, number) pairs; InputError naming each one written otherwise."""
    pairs: list[tuple[str, int]] = []
    problems: list[Problem] = []
    for item in items:
        name, sep, value = item.rpartition("=")
        if not sep or not name or not value.lstrip("-").isdigit():
            problems.append(Problem(f"{what} {item!r}", "format", "write NAME=NUMBER"))
            continue
        pairs.append((name, int(value)))
    if problems:
        raise InputError(problems)
    return pairs


def canonical_company(text: str, known: Iterable[str], context: str) -> str:
    """The company id among `known` that the user's `text` names, case ignored (``ecr`` -> ``ECR``, 2.1);
    InputError listing `known` when none matches or several do. `context` completes "is not ...": "in this
    position", "a company of 1862"."""
    known = list(known)
    if text in known:
        return text
    matches = [c for c in known if c.casefold() == text.strip().casefold()]
    if len(matches) == 1:
        return matches[0]
    listed = ", ".join(known) or "none"
    if matches:
        message = f"matches {', '.join(matches)} when case is ignored; write one exactly (companies: {listed})"
    else:
        message = f"is not {context}; companies: {listed}"
    raise InputError([Problem(f"company {text}", "2.1", message)])


def require_title_can(path: str, command: str, capability: Capability) -> None:
    """Refuse a position file whose title (its `game`, solver.titles.registry) cannot do what `command` needs yet,
    naming the title and the titles that can; a file of such a title, or a bad file, passes on to be read and
    reported by the title's own reader."""
    from solver.jsonfile import read_json_file
    from solver.titles.registry import DEFAULT_TITLE, TITLES, title

    data = read_json_file(path, "position")
    game = data.get("game", DEFAULT_TITLE) if isinstance(data, dict) else DEFAULT_TITLE
    here = title(game if isinstance(game, str) else DEFAULT_TITLE, path)
    if not here.can(capability):
        able = " and ".join(t.short for t in TITLES.values() if t.can(capability))
        message = f"`{command}` is not available for {here.short} positions yet: it works with {able} positions"
        raise InputError([Problem(f"{path} game", "format", message)])


def write_table(table: pl.DataFrame, out: str) -> str | None:
    """Write the table as .csv or .parquet (by `out`'s suffix); the reason it could not be written, else None."""
    try:
        if out.lower().endswith(".csv"):
            table.write_csv(out)
        else:
            table.write_parquet(out)
    except OSError as exc:
        return str(exc)
    return None
