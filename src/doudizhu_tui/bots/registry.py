"""Finding a controller factory by level name or import path."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..core import ControllerFactory

__all__ = ["LEVELS", "UnknownControllerError", "resolve"]


class UnknownControllerError(ValueError):
    """A level name or import path that does not give a controller factory."""


def _random() -> ControllerFactory:
    from .random_bot import RandomBot

    return RandomBot


def _easy() -> ControllerFactory:
    from .easy import EasyBot

    return EasyBot


def _normal() -> ControllerFactory:
    from .normal import NormalBot

    return NormalBot


def _hard() -> ControllerFactory:
    from .hard import HardBot

    return HardBot


#: The built-in levels, each a function returning its factory (imported lazily).
LEVELS: dict[str, Callable[[], ControllerFactory]] = {
    "easy": _easy,
    "normal": _normal,
    "hard": _hard,
    "random": _random,
}


def resolve(name: str) -> ControllerFactory:
    """The factory for a level name or a ``package.module:factory`` import path."""
    key = name.strip().lower()
    if key in LEVELS:
        return LEVELS[key]()
    if ":" not in name:
        known = ", ".join(sorted(LEVELS))
        raise UnknownControllerError(
            f"unknown level '{name}' (known: {known}, or package.module:factory)"
        )
    module_name, _, attr = name.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownControllerError(f"cannot import '{module_name}': {exc}") from None
    factory = getattr(module, attr, None)
    if factory is None or not callable(factory):
        raise UnknownControllerError(f"'{module_name}' has no callable '{attr}'")
    return factory  # type: ignore[no-any-return]
