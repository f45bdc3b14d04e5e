"""Checks that several commands share: numbers in range and computer levels that load.

Every numeric option has a range (:class:`WholeNumber`, :class:`Seconds`), so that
nothing past what SQLite, the process pool or the clock can take gets through;
a value out of range is one line such as ``--deals must be a whole number from 1
to 100000, not 10^30``.  :func:`check_level` loads a level name or a
``package.module:factory`` path and builds a controller from it before any
screen is drawn or any deal played, as the arena always has.
"""

from __future__ import annotations

import math
import os
import sys
from typing import Any

import click

from ..core import DealCode, DealCodeError, TableCode
from ..core.deal import shorten

__all__ = [
    "MAX_DEALS",
    "MAX_JOBS",
    "MAX_PACE",
    "OptionError",
    "Seconds",
    "WholeNumber",
    "allow_local_imports",
    "check_level",
    "shown",
]

#: The most deals one ``arena`` run plays (each is played twice).
MAX_DEALS = 100_000
#: The most processes ``arena --jobs`` starts (the same on every machine, so that a
#: command that works on one works on all; more than the machine's cores gains nothing).
MAX_JOBS = 64
#: The longest pause per computer move, in seconds (``--pace``).
MAX_PACE = 10.0
#: Numbers longer than this many digits are shown as "a number of N digits".
_SHOWN_DIGITS = 24


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a one-line message: on one line, printable, at most ``limit``
    characters (the end cut off with ``...``)."""
    flat = "".join(c if c.isprintable() else "?" for c in " ".join(text.split()))
    return f"'{shorten(flat, limit)}'"


class OptionError(click.BadParameter):
    """A bad option value whose message names the option itself (no "Invalid value for")."""

    def format_message(self) -> str:
        """The message as given, without click's "Invalid value for ..." prefix."""
        return self.message


def _option_name(param: click.Parameter | None) -> str:
    if isinstance(param, click.Option) and param.opts:
        return max(param.opts, key=len)
    if param is not None and param.name:
        return param.human_readable_name
    return "the value"


def _number_text(text: str) -> str:
    """A whole number typed as ``text`` for a message: itself, or its length when long."""
    digits = text.lstrip("+-")
    if len(digits) > _SHOWN_DIGITS:
        kind = "a negative number" if text.startswith("-") else "a number"
        return f"{kind} of {len(digits)} digits"
    return str(int(text))


class WholeNumber(click.IntRange):
    """A whole number from ``low`` to ``high`` (both included), typed in decimal.

    Refuses, in one line naming the option and its range: text that is not a whole
    number (``1.5``, ``abc``, ``""``, ``nan``), and any number out of the range,
    however many digits it has.
    """

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        super().__init__(min=low, max=high)
        self.low = low
        self.high = high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        """``value`` as an int in range, or an :class:`OptionError`."""
        what = _option_name(param)
        expected = f"{what} must be a whole number from {self.low} to {self.high}"
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
            text = str(value)
        else:
            text = str(value).strip()
            digits = text.lstrip("+-")
            if not (digits.isascii() and digits.isdigit()) or len(text) - len(digits) > 1:
                raise OptionError(f"{expected}, not {shown(str(value))}", ctx=ctx, param=param)
            if len(digits) > _SHOWN_DIGITS:  # far out of any range: no need to read it
                raise OptionError(f"{expected}, not {_number_text(text)}", ctx=ctx, param=param)
            number = int(text)
        if not self.low <= number <= self.high:
            raise OptionError(f"{expected}, not {_number_text(str(number))}", ctx=ctx, param=param)
        return number


class Seconds(click.FloatRange):
    """A number of seconds from 0 to ``high`` (``0.5``, ``2``); never NaN or infinite."""

    name = "seconds"

    def __init__(self, high: float) -> None:
        super().__init__(min=0.0, max=high)
        self.high = high

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """How the help shows the value."""
        return "SECONDS"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        """``value`` as a float from 0 to :attr:`high`, or an :class:`OptionError`."""
        what = _option_name(param)
        expected = f"{what} is seconds per computer move, 0 to {self.high:g}"
        if isinstance(value, int | float) and not isinstance(value, bool):
            seconds = float(value)
        else:
            try:
                seconds = float(str(value).strip())
            except ValueError:
                raise OptionError(f"{expected}, not {shown(str(value))}", ctx, param) from None
        if not math.isfinite(seconds) or not 0 <= seconds <= self.high:
            raise OptionError(f"{expected}, not {shown(str(value).strip())}", ctx, param)
        return seconds


def allow_local_imports(*names: str) -> None:
    """Let ``module:factory`` paths find modules in the current directory (as ``python -m``)."""
    if any(":" in name for name in names) and os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())


_ANY_DEAL = DealCode(0)
_LEVEL_FORMS = "easy, normal, hard, random or package.module:factory"


def check_level(name: str, label: str = "--level") -> str:
    """The level ``name`` as it is to be played, checked to load and to build a controller.

    A built-in level's name is taken in any case and with spaces around it; a
    ``package.module:factory`` path (also written ``package.module/factory``, as codes
    carry it) must name a callable that builds an object with a ``decide`` method, as
    in the arena.  Anything else, including a module that fails to import, raises
    :class:`~doudizhu_tui.cli.errors.UsageFailure` with one line that starts with
    ``label`` (the option, or the code the level came from).
    """
    from ..bots import LEVELS, UnknownControllerError, resolve
    from .errors import UsageFailure

    level = name.strip()
    if not level:
        raise UsageFailure(f"{label} is empty; give {_LEVEL_FORMS}, or leave it out")
    if ":" not in level and "/" not in level:
        level = level.lower()
        if level not in LEVELS:
            known = ", ".join(sorted(LEVELS))
            raise UsageFailure(
                f"{label}: unknown level {shown(name)} (known: {known}, or package.module:factory)"
            )
        resolve(level)
        return level
    level = level.replace("/", ":")
    module, _, factory = level.partition(":")
    if module.startswith("."):
        raise UsageFailure(
            f"{label}: {shown(name)} is a relative import; give the whole path, "
            "package.module:factory"
        )
    if not module.strip() or not factory.strip():
        missing = "module" if not module.strip() else "factory"
        raise UsageFailure(
            f"{label}: {shown(name)} names no {missing}; write package.module:factory"
        )
    try:  # the level must also fit in a table code (it is written there)
        TableCode(_ANY_DEAL, level=level)
    except DealCodeError:
        raise UsageFailure(
            f"{label}: {shown(name)} cannot be a computer level (give {_LEVEL_FORMS})"
        ) from None
    from ..arena import load_level

    allow_local_imports(level)
    try:
        load_level(level)
    except UnknownControllerError as exc:
        raise UsageFailure(f"{label}: {exc}") from None
    except SystemExit as exc:  # a module or factory that calls sys.exit()
        status = str(exc.code) if isinstance(exc.code, int) else shown(str(exc.code), 30)
        raise UsageFailure(
            f"{label}: loading {shown(level)} tried to end the program (exit {status})"
        ) from None
    return level
