"""Reading the JSON files a user gives: positions, route files, merge scenarios and 18xx.games game exports (and,
with the same reader, the game's own data files). The command line and the app read the same bytes the same way.

Refused, each with one message naming the file (and the field, key or line), never read differently than written:

- a file larger than `MAX_FILE_BYTES` (2 MB, the app's upload limit), judged by its size before it is read;
- anything but a regular file: a folder, a device (``/dev/zero``), a named pipe, a socket, at once;
- bytes that are not UTF-8 text; a UTF-8 byte-order mark (as some Windows editors write) is skipped;
- text that is not JSON; JSON nested more than `MAX_DEPTH` levels deep (the deepest real file, an 18xx.games
  export, has 7; recursion would fail long before the parser could say so);
- a key given twice in one object (which one was meant is unclear: a parser keeps the last, losing the other);
- a string holding a lone surrogate (``"\\ud800"``): not a character, it can be neither saved nor printed;
- ``NaN``, ``Infinity`` and numbers JSON cannot carry exactly: a float that overflows, an integer beyond
  ±(2**53 - 1) (RFC 8259, 6).

The file models (`FileModel`) are strict: a value of the wrong JSON type is refused, never converted (``"3"`` or
``true`` for an integer, ``"yes"`` for a boolean). Only the conversions from JSON that the file format defines
are made: an enumeration from its string value and a fixed-length array to a tuple (`FROM_JSON`).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterator
from itertools import accumulate
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Strict

from solver.errors import InputError, Problem

MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 20
MAX_EXACT_INT = 2**53 - 1

_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")

BOM = b"\xef\xbb\xbf"
LONE_SURROGATE = "holds a lone surrogate (\\ud800-\\udfff), which is not a character"


class FileModel(BaseModel):
    """Base of the models of user files: unknown fields refused, no value converted to another type."""

    model_config = ConfigDict(extra="forbid", strict=True)


#: Marks a type whose Python form is not a JSON type, to be read from its JSON form: an Enum from its value, a
#: tuple from an array. Everything inside (the tuple's items) stays strict.
FROM_JSON = Strict(False)


class _Refused(Exception):
    """A reason to refuse the text, raised from inside the JSON parser's hooks."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _Refused(f"key {_printable(key)!r}", "is given twice in one object; give each key once")
        obj[key] = value
    return obj


def _exact_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > len(str(MAX_EXACT_INT)) or int(digits) > MAX_EXACT_INT:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise _Refused(f"number {shown}", f"is too large; JSON carries integers exactly only up to {MAX_EXACT_INT}")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"number {text[:20]}", "is too large to be a number")
    return value


def _no_constant(name: str) -> float:
    raise _Refused(name, "is not a JSON number (NaN and Infinity are not allowed)")


def _printable(text: str) -> str:
    """`text` with any lone surrogate written as its escape, so a message about it can be printed."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON `text` (brackets inside strings do not count)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


def lone_surrogates(value: Any, path: str = "") -> Iterator[str]:
    """The paths (``players[0].name``) of the strings and keys in `value` that hold a lone surrogate."""
    if isinstance(value, str):
        if not is_utf8(value):
            yield path or "(top level)"
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{_printable(key)}" if path else _printable(key)
            if not is_utf8(key):
                yield where
            yield from lone_surrogates(item, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from lone_surrogates(item, f"{path}[{i}]")


def is_utf8(text: str) -> bool:
    """Whether `text` can be written as UTF-8 (it holds no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_json_bytes(data: bytes, source: str) -> Any:
    """The JSON value in `data` (the bytes of a file named `source`), read by the rules of this module;
    InputError naming `source` and the line, key or field otherwise."""
    if len(data) > MAX_FILE_BYTES:
        raise InputError([Problem(source, "file", f"larger than {MAX_FILE_BYTES // 1000} kB; not a file we read")])
    try:
        text = data.removeprefix(BOM).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            [Problem(source, "file", f"not UTF-8 text (byte {exc.start}); save the file as UTF-8 JSON")]
        ) from None
    return parse_json_text(text, source)


def parse_json_text(text: str, source: str) -> Any:
    """The JSON value in `text`, read by the rules of this module; InputError naming `source` otherwise."""
    depth = _depth(text)
    if depth > MAX_DEPTH:
        message = f"nested more than {MAX_DEPTH} levels deep ({depth}); no file read here needs that"
        raise InputError([Problem(source, "format", message)])
    try:
        value = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_int=_exact_int,
            parse_float=_finite_float,
            parse_constant=_no_constant,
        )
    except _Refused as exc:
        raise InputError([Problem(f"{source} {exc.where}", "format", exc.message)]) from None
    except json.JSONDecodeError as exc:
        where = f"{source} line {exc.lineno} column {exc.colno}"
        raise InputError([Problem(where, "format", f"not valid JSON: {exc.msg}")]) from None
    except (ValueError, RecursionError) as exc:
        raise InputError([Problem(source, "format", f"not valid JSON: {exc}")]) from None
    if _SURROGATE_ESCAPE.search(text):
        problems = [Problem(f"{source} {where}", "format", LONE_SURROGATE) for where in lone_surrogates(value)]
        if problems:
            raise InputError(problems)
    return value


def read_json_file(path: str | Path, what: str) -> Any:
    """The JSON value of the user's `what` file ("position", "routes", ...) at `path`; InputError naming the file
    if it is missing, not a regular file, too large, or not readable by the rules of this module."""
    p = Path(path)
    try:
        # Non-blocking, so that opening a named pipe returns at once instead of waiting for a writer.
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise InputError([Problem(str(p), "file", f"{what} file not found")]) from None
    except IsADirectoryError:
        raise InputError([Problem(str(p), "file", f"is a folder, not a {what} file")]) from None
    except OSError as exc:
        raise InputError([Problem(str(p), "file", f"cannot read {what} file: {exc.strerror or exc}")]) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError([Problem(str(p), "file", f"is a folder, not a {what} file")])
        if not stat.S_ISREG(info.st_mode):
            raise InputError(
                [Problem(str(p), "file", f"not a regular file (a device, pipe or socket); give a {what} file")]
            )
        if info.st_size > MAX_FILE_BYTES:
            raise InputError(
                [Problem(str(p), "file", f"larger than {MAX_FILE_BYTES // 1000} kB; not a {what} file we read")]
            )
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError([Problem(str(p), "file", f"cannot read {what} file: {exc.strerror or exc}")]) from None
    finally:
        os.close(fd)
    return parse_json_bytes(data, str(p))
