"""Declared game options and their validation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """One option a game accepts as a keyword argument of ``load_game``.

    Either ``choices`` (an explicit list) or ``minimum``/``maximum`` (an int or float range) bounds it;
    ``kind`` is the Python type a value must have (bool is never accepted for int).
    """

    name: str
    default: Any
    doc: str
    kind: type = int
    choices: Sequence[Any] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False

    def describe_valid(self) -> str:
        if self.choices is not None:
            text = ", ".join(repr(c) for c in self.choices)
        elif self.minimum is not None or self.maximum is not None:
            lo = "" if self.minimum is None else f"{self.minimum}"
            hi = "" if self.maximum is None else f"{self.maximum}"
            text = f"{self.kind.__name__} {lo}..{hi}"
        else:
            text = f"any {self.kind.__name__}"
        return text + (" or None" if self.nullable else "")

    def validate(self, value: Any) -> Any:
        """The value if valid, else ValueError naming the option and the valid values."""
        if value is None and self.nullable:
            return None
        ok_type = isinstance(value, self.kind) and not (self.kind is not bool and isinstance(value, bool))
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value, ok_type = float(value), True
        if not ok_type:
            raise ValueError(f"option {self.name!r}: {value!r} is not valid; valid: {self.describe_valid()}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {self.name!r}: {value!r} is not valid; valid: {self.describe_valid()}")
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise ValueError(f"option {self.name!r}: {value!r} is out of range; valid: {self.describe_valid()}")
        return value


def validate_options(specs: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """All options with defaults filled in; an unknown or invalid one raises ValueError."""
    by_name = {spec.name: spec for spec in specs}
    unknown = [name for name in given if name not in by_name]
    if unknown:
        valid = ", ".join(sorted(by_name))
        raise ValueError(f"unknown option {unknown[0]!r}; valid options: {valid}")
    return {spec.name: spec.validate(given.get(spec.name, spec.default)) for spec in specs}
