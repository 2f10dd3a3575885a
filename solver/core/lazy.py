"""`lazy`: an attribute worked out when first asked for and then kept on the instance, like
`functools.cached_property` without its lock.

Python 3.11's `cached_property` takes a re-entrant lock each time it works a value out (the lock was removed in
3.12); a route listing works out such attributes hundreds of times per solve (a route's stop set, its ends'
distance, a link's hexes), and on a small board the lock was a measurable part of the whole solve
(docs/optimizer.md, "Design history"). Nothing here is shared between threads while it is worked out: a value
computed twice by two threads is the same value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class lazy(Generic[T]):
    """A read-only attribute computed by the decorated method on first use and stored in the instance's
    `__dict__` (which then answers every later read without calling this descriptor). Works on frozen
    dataclasses, as `cached_property` does."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> lazy[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | lazy[T]:
        if instance is None:
            return self
        value = self.compute(instance)
        instance.__dict__[self.name] = value
        return value
