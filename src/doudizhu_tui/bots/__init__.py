"""Computer players: seat controllers that see only an Observation.

Use :func:`resolve` to turn a level name (``easy``, ``normal``, ``hard``,
``random``) or an import path (``package.module:factory``) into a factory.
"""

from .registry import LEVELS, UnknownControllerError, resolve

__all__ = ["LEVELS", "UnknownControllerError", "resolve"]
