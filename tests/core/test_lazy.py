"""`solver.core.lazy.lazy`: worked out once, on first use, kept on the instance (frozen dataclasses too)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from solver.core.lazy import lazy


@dataclass(frozen=True)
class _Route:
    stops: tuple[str, ...]
    asked: list[str] = field(default_factory=list, compare=False)

    @lazy
    def stop_set(self) -> frozenset[str]:
        """The stops as a set."""
        self.asked.append("stop_set")
        return frozenset(self.stops)


def test_lazy_attribute_is_worked_out_once_on_first_use() -> None:
    route = _Route(("a", "b", "a"))
    assert route.asked == []
    assert route.stop_set == frozenset({"a", "b"})
    assert route.stop_set is route.stop_set
    assert route.asked == ["stop_set"]
    assert route.__dict__["stop_set"] == frozenset({"a", "b"})


def test_lazy_attribute_of_each_instance_is_its_own() -> None:
    first, second = _Route(("a",)), _Route(("b",))
    assert (first.stop_set, second.stop_set) == (frozenset({"a"}), frozenset({"b"}))


def test_lazy_on_the_class_is_the_descriptor_with_the_method_docstring() -> None:
    assert isinstance(_Route.__dict__["stop_set"], lazy)
    assert _Route.stop_set.__doc__ == "The stops as a set."


def test_lazy_leaves_the_frozen_dataclass_frozen() -> None:
    route = _Route(("a",))
    assert route.stop_set == frozenset({"a"})
    with pytest.raises(FrozenInstanceError):
        route.stops = ("b",)  # type: ignore[misc]
